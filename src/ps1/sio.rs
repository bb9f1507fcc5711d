//! The controller and memory card port (SIO0), as a byte exchange.
//!
//! The pad and the memory card share the port and its protocol: select the
//! slot (/JOY low), then for each byte sent one comes back; a device that
//! has more to say pulses /ACK after the byte, which the port latches in its
//! status register (bit 9) when "ACK interrupt" is enabled in the control
//! register (no CPU interrupt is taken: I_MASK stays 0). No /ACK in time
//! means the device is done, or absent.

use super::mmio::{Reg16, Reg8, IRQ_SIO0, I_STAT};
use super::timer::{Clock, TICKS_PER_SECOND};

const JOY_DATA: Reg8 = Reg8::io(0x1F80_1040);
const JOY_STAT: Reg16 = Reg16::io(0x1F80_1044);
const JOY_MODE: Reg16 = Reg16::io(0x1F80_1048);
const JOY_CTRL: Reg16 = Reg16::io(0x1F80_104A);
const JOY_BAUD: Reg16 = Reg16::io(0x1F80_104E);

/// JOY_STAT: a received byte waits in the FIFO.
const STAT_RX_READY: u16 = 1 << 1;
/// JOY_STAT: the device pulsed /ACK (latched; cleared by CTRL_ACK).
const STAT_ACK_LATCHED: u16 = 1 << 9;

/// JOY_CTRL: transmit enable.
const CTRL_TX_ENABLE: u16 = 1 << 0;
/// JOY_CTRL: drive /JOY low, selecting the device on the chosen slot.
const CTRL_SELECT: u16 = 1 << 1;
/// JOY_CTRL: acknowledge (clear) the latched status bits.
const CTRL_ACK: u16 = 1 << 4;
/// JOY_CTRL: reset the port.
const CTRL_RESET: u16 = 1 << 6;
/// JOY_CTRL: latch /ACK pulses into JOY_STAT bit 9.
const CTRL_ACK_IRQ_ENABLE: u16 = 1 << 12;
/// JOY_CTRL: slot 2 instead of slot 1.
const CTRL_PORT2: u16 = 1 << 13;

/// JOY_MODE: 8 data bits, baud factor 1 (0x000D, as the BIOS sets it).
const MODE_8BIT: u16 = 0x000D;
/// JOY_BAUD: 33.8688 MHz / 0x88 = 250 kHz, the pad's and card's clock.
const BAUD_250KHZ: u16 = 0x0088;

/// Microseconds to wait after selecting the device before the first byte.
const SELECT_SETTLE_US: u32 = 20;
/// Longest wait for a byte to come back: 8 bits at 250 kHz are 32 µs.
const BYTE_TIMEOUT_US: u32 = 120;
/// Longest wait for /ACK after a byte: pads answer within ~10 µs; memory
/// cards and slow third-party pads within ~100.
const ACK_TIMEOUT_US: u32 = 200;

/// Which slot.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The left slot (pad 1, memory card 1).
    One,
    /// The right slot (unused so far).
    #[allow(dead_code)]
    Two,
}

/// Resets SIO0 and sets it up: 250 kHz, 8 bits.
pub fn init() {
    JOY_CTRL.write(CTRL_RESET);
    JOY_BAUD.write(BAUD_250KHZ);
    JOY_MODE.write(MODE_8BIT);
    JOY_CTRL.write(0);
}

/// One selection of a device: bytes go out and come back until `end`
/// (or drop) deselects it.
pub struct Transfer<'a> {
    clock: &'a Clock,
    ctrl: u16,
}

impl<'a> Transfer<'a> {
    /// Selects the device in `slot`.
    pub fn begin(clock: &'a Clock, slot: Slot) -> Self {
        let port_bit = if slot == Slot::Two { CTRL_PORT2 } else { 0 };
        let ctrl = CTRL_TX_ENABLE | CTRL_SELECT | CTRL_ACK_IRQ_ENABLE | port_bit;
        JOY_CTRL.write(ctrl | CTRL_ACK);
        clock.delay_us(SELECT_SETTLE_US);
        Transfer { clock, ctrl }
    }

    /// Sends a byte; returns the byte received and whether the device
    /// acknowledged it (wants to go on). `None` when nothing came back.
    pub fn exchange(&mut self, byte: u8) -> Option<(u8, bool)> {
        // Clear the latched /ACK, then send. (No draining of stale bytes:
        // every byte sent is read back below, and an extra read of the data
        // register advances PCSX-Reloaded's card state machine.)
        JOY_CTRL.write(self.ctrl | CTRL_ACK);
        JOY_DATA.write(byte);
        // The byte back arrives as this one goes out (RX ready). Some
        // emulators (PCSX-Reloaded's memory card) only latch the /ACK and
        // leave RX ready clear for a few bytes; the data register still
        // holds the byte, so an /ACK alone also counts as an answer.
        let rx = self.wait_for(STAT_RX_READY | STAT_ACK_LATCHED, BYTE_TIMEOUT_US);
        if !rx {
            return None;
        }
        let got = JOY_DATA.read();
        Some((got, self.wait_for(STAT_ACK_LATCHED, ACK_TIMEOUT_US)))
    }

    /// Spins until one of the JOY_STAT `bits` is set, or the timeout passes.
    fn wait_for(&self, bits: u16, timeout_us: u32) -> bool {
        let start = self.clock.now();
        let limit = timeout_us * (TICKS_PER_SECOND / 1_000_000 + 1);
        loop {
            if JOY_STAT.read() & bits != 0 {
                return true;
            }
            if self.clock.ticks_since(start) > limit {
                return false;
            }
        }
    }
}

impl Drop for Transfer<'_> {
    /// Deselects the device and clears the port's latched bits and its
    /// interrupt request (CPU interrupts are off; this keeps I_STAT tidy).
    fn drop(&mut self) {
        JOY_CTRL.write(CTRL_ACK);
        JOY_CTRL.write(0);
        I_STAT.write(!IRQ_SIO0);
    }
}
