//! The controller and memory card port (SIO0), as a byte exchange.
//!
//! The pad and the memory card share the port and its protocol: select the
//! slot (/JOY low), then for each byte sent one comes back; a device that
//! has more to say pulses /ACK after the byte, which the port latches in its
//! status register (bit 9) when "ACK interrupt" is enabled in the control
//! register (no CPU interrupt is taken: I_MASK stays 0). No /ACK in time
//! means the device is done, or absent.
//!
//! [`Transfer`] waits on each byte (the pad's few bytes a frame); [`Link`]
//! only starts and looks, for the memory card's byte pump, which runs while
//! the frame waits for the GPU and the vblank.

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

pub use farewell::memcard::wire::{ACK_TIMEOUT_US, BYTE_TIMEOUT_US, SELECT_SETTLE_US};

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

/// The JOY_CTRL value that selects `slot`'s device, /ACK latched.
fn selected(slot: Slot) -> u16 {
    let port_bit = if slot == Slot::Two { CTRL_PORT2 } else { 0 };
    CTRL_TX_ENABLE | CTRL_SELECT | CTRL_ACK_IRQ_ENABLE | port_bit
}

/// The port one byte at a time, without waiting: what the memory card's
/// byte pump (`farewell::memcard::wire`) steps.
pub struct Link {
    slot: Slot,
    /// JOY_CTRL while the device is selected.
    ctrl: u16,
}

impl Link {
    /// The port, for the device in `slot` (not selected yet).
    pub const fn new(slot: Slot) -> Self {
        Link { slot, ctrl: 0 }
    }

    /// Selects the device (the caller waits [`SELECT_SETTLE_US`] before
    /// the first byte).
    pub fn select(&mut self) {
        self.ctrl = selected(self.slot);
        JOY_CTRL.write(self.ctrl | CTRL_ACK);
    }

    /// Clears the latched /ACK, then sends `byte`. (No draining of stale
    /// bytes: every byte sent is read back once, and an extra read of the
    /// data register advances PCSX-Reloaded's card state machine.)
    pub fn send(&mut self, byte: u8) {
        JOY_CTRL.write(self.ctrl | CTRL_ACK);
        JOY_DATA.write(byte);
    }

    /// The byte back, once it is in. Some emulators (PCSX-Reloaded's memory
    /// card) only latch the /ACK and leave RX ready clear for a few bytes;
    /// the data register still holds the byte, so an /ACK alone also counts
    /// as an answer. Reads the data register once when it answers.
    pub fn received(&mut self) -> Option<u8> {
        if JOY_STAT.read() & (STAT_RX_READY | STAT_ACK_LATCHED) != 0 {
            Some(JOY_DATA.read())
        } else {
            None
        }
    }

    /// The device pulsed /ACK since the last byte was sent.
    pub fn acked(&mut self) -> bool {
        JOY_STAT.read() & STAT_ACK_LATCHED != 0
    }

    /// Deselects the device and clears the port's latched bits and its
    /// interrupt request (CPU interrupts are off; this keeps I_STAT tidy).
    pub fn deselect(&mut self) {
        JOY_CTRL.write(CTRL_ACK);
        JOY_CTRL.write(0);
        I_STAT.write(!IRQ_SIO0);
    }
}

/// One selection of a device, waited on byte by byte (the pad: a few
/// bytes a frame): bytes go out and come back until drop deselects it.
pub struct Transfer<'a> {
    clock: &'a Clock,
    link: Link,
}

impl<'a> Transfer<'a> {
    /// Selects the device in `slot`.
    pub fn begin(clock: &'a Clock, slot: Slot) -> Self {
        let mut link = Link::new(slot);
        link.select();
        clock.delay_us(SELECT_SETTLE_US);
        Transfer { clock, link }
    }

    /// Sends a byte; returns the byte received and whether the device
    /// acknowledged it (wants to go on). `None` when nothing came back.
    pub fn exchange(&mut self, byte: u8) -> Option<(u8, bool)> {
        self.link.send(byte);
        let start = self.clock.now();
        let got = loop {
            if let Some(b) = self.link.received() {
                break b;
            }
            if self.clock.ticks_since(start) > us_to_ticks(BYTE_TIMEOUT_US) {
                return None;
            }
        };
        let start = self.clock.now();
        loop {
            if self.link.acked() {
                return Some((got, true));
            }
            if self.clock.ticks_since(start) > us_to_ticks(ACK_TIMEOUT_US) {
                return Some((got, false));
            }
        }
    }
}

/// Microseconds as counter 2 ticks, rounded up.
fn us_to_ticks(us: u32) -> u32 {
    us * (TICKS_PER_SECOND / 1_000_000 + 1)
}

impl Drop for Transfer<'_> {
    /// Deselects the device.
    fn drop(&mut self) {
        self.link.deselect();
    }
}
