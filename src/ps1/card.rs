//! The memory card in slot 1, on the wire: the port and the clock as the
//! byte pump of `farewell::memcard::wire` drives them (no BIOS card
//! functions: they need the BIOS's interrupt handlers, which this game
//! keeps off, and direct access behaves the same under PCSX-Reloaded's HLE
//! BIOS as on a console).
//!
//! The protocol (sector commands, FLAG, checksums), the pacing (timeouts
//! counted from each byte sent, never a wait) and the order of the port's
//! register accesses (`farewell::sio`) are in the library, tested on the
//! host; this is only the choice of slot.

use super::sio::{link, Link, Slot};
use farewell::memcard::wire::Driver;

/// Slot 1's card through SIO0.
pub type Sio0 = Link;

/// The byte pump on slot 1.
pub const fn driver() -> Driver<Sio0> {
    Driver::new(link(Slot::One))
}
