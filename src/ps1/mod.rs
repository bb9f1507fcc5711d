//! The PS1 layer: hardware in, hardware out, no game rules.
//!
//! - [`mmio`]: typed I/O registers (the only place with `unsafe` volatile
//!   access besides the BIOS call in [`tty`]).
//! - [`timer`]: the root counters as clocks.
//! - [`sio`]: the controller and memory card port (SIO0), byte by byte.
//! - [`pad`]: the pad, polled directly.
//! - [`video`]: the double-buffered screen and the vblank wait.
//! - [`spu`]: the sound chip: samples, voices, the songs' sequencers.
//! - [`tty`]: the event log's transport.

pub mod card;
pub mod gpu;
pub mod mmio;
pub mod pad;
pub mod sio;
pub mod spu;
pub mod storage;
pub mod timer;
pub mod tty;
pub mod video;
pub mod vram;

/// Zeroes `.bss`.
///
/// psx's linker script leaves the PS-EXE header's BSS fields at zero, so the
/// BIOS does not clear it, and on a real console RAM holds whatever the BIOS
/// left there. Emulators clear RAM, which hides the problem.
pub fn clear_bss() {
    extern "C" {
        static mut __bss_start: u32;
        static mut __bss_end: u32;
    }
    // SAFETY: the linker script defines both symbols, word-aligned, around
    // .bss; this runs first thing in `main`, before any static in .bss is
    // used, and the stack lives at the top of RAM, outside .bss.
    unsafe {
        let mut p = core::ptr::addr_of_mut!(__bss_start);
        let end = core::ptr::addr_of_mut!(__bss_end);
        while p < end {
            core::ptr::write_volatile(p, 0);
            p = p.add(1);
        }
    }
}

/// Turns CPU interrupts off: every device is polled, so none are needed,
/// and the BIOS's handlers (real or HLE) never run behind the game's back.
pub fn disable_interrupts() {
    use psx::hw::{cop0, Register};
    cop0::Status::new().disable_interrupts().store();
}
