//! The controller and memory card port (SIO0): its registers, for the
//! byte exchange of [`farewell::sio`] (which says in what order they are
//! read and written, and is tested on the host against a model of the port).
//!
//! Registers: nocash PSX specifications (psx-spx), "Serial Interfaces
//! (SIO)", 1F801040h-1F80104Eh.

use super::mmio::{Reg16, Reg8, IRQ_SIO0, I_STAT};
use super::timer::{ticks_to_us, Clock, Instant};
use farewell::sio::{Port, Registers};

pub use farewell::sio::Slot;

const JOY_DATA: Reg8 = Reg8::io(0x1F80_1040);
const JOY_STAT: Reg16 = Reg16::io(0x1F80_1044);
const JOY_MODE: Reg16 = Reg16::io(0x1F80_1048);
const JOY_CTRL: Reg16 = Reg16::io(0x1F80_104A);
const JOY_BAUD: Reg16 = Reg16::io(0x1F80_104E);

/// JOY_CTRL: reset the port.
const CTRL_RESET: u16 = 1 << 6;

/// JOY_MODE: 8 data bits, baud factor 1 (0x000D, as the BIOS sets it).
const MODE_8BIT: u16 = 0x000D;
/// JOY_BAUD: 33.8688 MHz / 0x88 = 250 kHz, the pad's and card's clock.
const BAUD_250KHZ: u16 = 0x0088;

pub use farewell::memcard::wire::SELECT_SETTLE_US;

/// Resets SIO0 and sets it up: 250 kHz, 8 bits.
pub fn init() {
    JOY_CTRL.write(CTRL_RESET);
    JOY_BAUD.write(BAUD_250KHZ);
    JOY_MODE.write(MODE_8BIT);
    JOY_CTRL.write(0);
}

/// SIO0's registers, and the root counters as the clock.
pub struct Sio0Regs;

impl Registers for Sio0Regs {
    type Instant = Instant;

    #[inline]
    fn now(&self) -> Instant {
        Clock.now()
    }

    #[inline]
    fn us_since(&self, t: Instant) -> u32 {
        ticks_to_us(Clock.ticks_since(t))
    }

    #[inline]
    fn stat(&mut self) -> u16 {
        JOY_STAT.read()
    }

    #[inline]
    fn set_ctrl(&mut self, value: u16) {
        JOY_CTRL.write(value);
    }

    #[inline]
    fn write_data(&mut self, byte: u8) {
        JOY_DATA.write(byte);
    }

    #[inline]
    fn read_data(&mut self) -> u8 {
        JOY_DATA.read()
    }

    #[inline]
    fn clear_irq(&mut self) {
        I_STAT.write(!IRQ_SIO0);
    }
}

/// The port, for the device in `slot`.
pub type Link = Port<Sio0Regs>;

/// The port for `slot`'s device, not selected yet.
pub const fn link(slot: Slot) -> Link {
    Port::new(Sio0Regs, slot)
}

/// One selection of a device, waited on byte by byte (the pad: a few
/// bytes a frame): bytes go out and come back until drop deselects it.
pub struct Transfer {
    link: Link,
}

impl Transfer {
    /// Selects the device in `slot`.
    pub fn begin(clock: &Clock, slot: Slot) -> Self {
        let mut link = link(slot);
        link.select();
        clock.delay_us(SELECT_SETTLE_US);
        Transfer { link }
    }

    /// Sends a byte; returns the byte received and whether the device
    /// acknowledged it (wants to go on). `None` when nothing came back.
    pub fn exchange(&mut self, byte: u8) -> Option<(u8, bool)> {
        self.link.exchange(byte)
    }
}

impl Drop for Transfer {
    /// Deselects the device.
    fn drop(&mut self) {
        self.link.deselect();
    }
}
