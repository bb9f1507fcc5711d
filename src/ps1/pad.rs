//! The controller port (SIO0), polled directly: no BIOS pad functions and
//! no interrupts.
//!
//! Why: psx 0.1.8's `sys::gamepad` goes through the BIOS InitPad/StartPad,
//! whose interrupt handler, under PCSX-Reloaded's HLE BIOS, clobbers the
//! stack (garbage buttons, then a hang). Polling the port is also what works
//! on every real console: the pad only speaks when spoken to.
//!
//! One poll is a byte exchange: select the port (/JOY low), send each byte of
//! [`POLL_COMMAND`] and read the byte that comes back at the same time. After
//! each byte but the last, a device that has more to say pulses /ACK; the
//! port latches that in its status register (bit 9) when "ACK interrupt" is
//! enabled in the control register. No /ACK in time means the device is done,
//! or absent. The reply is decoded by the platform-neutral
//! [`PadReply::decode`].

use super::mmio::{Reg16, Reg8, I_STAT, IRQ_SIO0};
use super::timer::Clock;
use farewell::input::{PadReply, POLL_COMMAND};

const JOY_DATA: Reg8 = Reg8(0x1F80_1040);
const JOY_STAT: Reg16 = Reg16(0x1F80_1044);
const JOY_MODE: Reg16 = Reg16(0x1F80_1048);
const JOY_CTRL: Reg16 = Reg16(0x1F80_104A);
const JOY_BAUD: Reg16 = Reg16(0x1F80_104E);

/// JOY_STAT: a received byte waits in the FIFO.
const STAT_RX_READY: u16 = 1 << 1;
/// JOY_STAT: the device pulsed /ACK (latched; cleared by CTRL_ACK).
const STAT_ACK_LATCHED: u16 = 1 << 9;

/// JOY_CTRL: transmit enable.
const CTRL_TX_ENABLE: u16 = 1 << 0;
/// JOY_CTRL: drive /JOY low, selecting the device on the chosen port.
const CTRL_SELECT: u16 = 1 << 1;
/// JOY_CTRL: acknowledge (clear) the latched status bits.
const CTRL_ACK: u16 = 1 << 4;
/// JOY_CTRL: reset the port.
const CTRL_RESET: u16 = 1 << 6;
/// JOY_CTRL: latch /ACK pulses into JOY_STAT bit 9.
const CTRL_ACK_IRQ_ENABLE: u16 = 1 << 12;
/// JOY_CTRL: port 2 instead of port 1.
const CTRL_PORT2: u16 = 1 << 13;

/// JOY_MODE: 8 data bits, baud factor 1 (0x000D, as the BIOS sets it).
const MODE_8BIT: u16 = 0x000D;
/// JOY_BAUD: 33.8688 MHz / 0x88 = 250 kHz, the pad's clock.
const BAUD_250KHZ: u16 = 0x0088;

/// Microseconds to wait after selecting the device before the first byte.
const SELECT_SETTLE_US: u32 = 20;
/// Longest wait for a byte to come back: 8 bits at 250 kHz are 32 µs.
const BYTE_TIMEOUT_US: u32 = 120;
/// Longest wait for /ACK after a byte: pads answer within ~10 µs; memory
/// cards and slow third-party pads within ~100.
const ACK_TIMEOUT_US: u32 = 200;

/// Which controller port.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Port {
    /// The left port.
    One,
    /// The right port (unused by the game so far; the memory card driver
    /// shares this port selection).
    #[allow(dead_code)]
    Two,
}

/// The controller port driver.
pub struct Pad {
    port: Port,
}

impl Pad {
    /// Resets SIO0 and sets it up for pads: 250 kHz, 8 bits.
    pub fn new(port: Port) -> Self {
        JOY_CTRL.write(CTRL_RESET);
        JOY_BAUD.write(BAUD_250KHZ);
        JOY_MODE.write(MODE_8BIT);
        JOY_CTRL.write(0);
        Pad { port }
    }

    /// Polls the pad once and decodes its reply. Never blocks for more than
    /// about two milliseconds, whatever is (or is not) plugged in.
    pub fn poll(&mut self, clock: &Clock) -> PadReply {
        let port_bit = match self.port {
            Port::One => 0,
            Port::Two => CTRL_PORT2,
        };
        let ctrl = CTRL_TX_ENABLE | CTRL_SELECT | CTRL_ACK_IRQ_ENABLE | port_bit;
        JOY_CTRL.write(ctrl | CTRL_ACK);
        clock.delay_us(SELECT_SETTLE_US);

        let mut received = [0u8; POLL_COMMAND.len()];
        let mut count = 0;
        for (i, &byte) in POLL_COMMAND.iter().enumerate() {
            // Drain a stale byte, clear the latched /ACK, then send.
            // (The FIFO holds at most 8 bytes: bound the drain.)
            for _ in 0..8 {
                if JOY_STAT.read() & STAT_RX_READY == 0 {
                    break;
                }
                let _ = JOY_DATA.read();
            }
            JOY_CTRL.write(ctrl | CTRL_ACK);
            JOY_DATA.write(byte);
            if !wait_for(clock, STAT_RX_READY, BYTE_TIMEOUT_US) {
                break;
            }
            received[i] = JOY_DATA.read();
            count = i + 1;
            let last = i + 1 == POLL_COMMAND.len();
            if last || !wait_for(clock, STAT_ACK_LATCHED, ACK_TIMEOUT_US) {
                break;
            }
            // The reply's length is in the ID byte: stop once it is all in,
            // so a digital pad is not asked for bytes it does not have.
            if i >= 2 {
                let words = usize::from(received[1] & 0x0F);
                if i + 1 >= 3 + 2 * words {
                    break;
                }
            }
        }

        // Deselect, clear the port's latched bits and its interrupt request
        // (CPU interrupts are off; this keeps I_STAT tidy for whoever looks).
        JOY_CTRL.write(CTRL_ACK);
        JOY_CTRL.write(0);
        I_STAT.write(!IRQ_SIO0);
        PadReply::decode(received.get(..count).unwrap_or(&[]))
    }
}

/// Spins until a JOY_STAT bit is set, or the timeout passes.
fn wait_for(clock: &Clock, bit: u16, timeout_us: u32) -> bool {
    let start = clock.now();
    let limit = timeout_us * (super::timer::TICKS_PER_SECOND / 1_000_000 + 1);
    loop {
        if JOY_STAT.read() & bit != 0 {
            return true;
        }
        if clock.ticks_since(start) > limit {
            return false;
        }
    }
}
