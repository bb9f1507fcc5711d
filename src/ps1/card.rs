//! The memory card in slot 1, on the wire: the port and the clock as the
//! byte pump of `farewell::memcard::wire` drives them (no BIOS card
//! functions: they need the BIOS's interrupt handlers, which this game
//! keeps off, and direct access behaves the same under PCSX-Reloaded's HLE
//! BIOS as on a console).
//!
//! The protocol (sector commands, FLAG, checksums) and the pacing (timeouts
//! counted from each byte sent, never a wait) are in the library, tested on
//! the host; this is only the registers.

use super::sio::{Link, Slot};
use super::timer::{ticks_to_us, Clock, Instant};
use farewell::memcard::wire::{Driver, Line};

/// Slot 1's card through SIO0, and counter 2 as the pump's clock.
pub struct Sio0 {
    link: Link,
}

impl Sio0 {
    /// The byte pump on slot 1.
    pub const fn driver() -> Driver<Sio0> {
        Driver::new(Sio0 { link: Link::new(Slot::One) })
    }
}

impl Line for Sio0 {
    type Instant = Instant;

    fn now(&self) -> Instant {
        Clock.now()
    }

    fn us_since(&self, t: Instant) -> u32 {
        ticks_to_us(Clock.ticks_since(t))
    }

    fn select(&mut self) {
        self.link.select();
    }

    fn send(&mut self, byte: u8) {
        self.link.send(byte);
    }

    fn received(&mut self) -> Option<u8> {
        self.link.received()
    }

    fn acked(&mut self) -> bool {
        self.link.acked()
    }

    fn deselect(&mut self) {
        self.link.deselect();
    }
}
