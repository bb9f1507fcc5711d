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
///
/// Written here rather than with psx's `cop0::Status`, whose read is a bare
/// `mfc0`: on the R3000 a value moved from a coprocessor, like a loaded one,
/// reaches its register one instruction late, and the compiler, which does
/// not know what an `asm!` block holds, may use the register in that very
/// next instruction, writing a stale register (whatever it held before)
/// back to the status register, which can isolate the cache and stop the
/// console dead. Only some builds do (it depends on register allocation):
/// they hang at boot in Mednafen, which models the delay; PCSX-Reloaded,
/// which does not, runs them all.
pub fn disable_interrupts() {
    // SAFETY: reads the CPU's status register (cop0 r12), clears IEc (bit
    // 0, interrupts enabled) and writes it back; nothing else changes. The
    // `nop` after `mfc0` covers its delay slot; the one after `mtc0` lets
    // the write take effect before the code that counts on it.
    unsafe {
        core::arch::asm!(
            ".set noat",
            "mfc0 {sr}, $12",
            "nop",
            "and {sr}, {sr}, {mask}",
            "mtc0 {sr}, $12",
            "nop",
            ".set at",
            sr = out(reg) _,
            mask = in(reg) !1u32,
            options(nomem, nostack),
        );
    }
}
