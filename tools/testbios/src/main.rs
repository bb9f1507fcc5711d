//! A small PlayStation BIOS for this project's emulator tests, and nothing
//! else.
//!
//! Mednafen needs a BIOS image to run anything, Sony's may not be used, and
//! no other free BIOS can be fetched on a fresh machine or copied into this
//! repository. This one does what the tests need:
//!
//! - the console's start-up: memory control, RAM size, interrupts masked,
//!   the instruction cache flushed and on, the kernel copied into the first
//!   64 KiB of RAM;
//! - the hand-over Mednafen uses to side-load a PS-EXE (it patches the word
//!   at ROM offset 0x6990 with a jump to its own loader);
//! - the A0/B0/C0 functions the game and the `psx` crate call: `printf`,
//!   `putchar` and `puts`, every character passing through the B0 vector as
//!   B0(3Dh), where Mednafen's `-psx.dbg_level 2` prints it on stdout;
//! - a loud stop for anything else: a call to a function it lacks, or any
//!   exception, prints `TESTBIOS HALT ...` and halts.
//!
//! Layout and fixed addresses: `testbios.ld`; machine code: `asm.rs`.
#![no_std]
#![no_main]
// MIPS inline assembly is unstable (the pinned nightly has it).
#![feature(asm_experimental_arch)]

mod asm;
mod print;

use print::{out, out_hex, out_str};

/// Runs once from the reset code, in RAM, before the hand-over.
#[no_mangle]
extern "C" fn testbios_boot() {
    out_str(b"testbios: kernel installed; handing over to the program\n");
}

/// The hand-over word was left alone: no PS-EXE was side-loaded.
#[no_mangle]
extern "C" fn testbios_no_exe() -> ! {
    halt(b"no PS-EXE side-loaded, and this BIOS does not boot CDs");
}

/// A(3Fh) printf(fmt, ...): `args` points at the format and the arguments
/// after it, one word each.
#[no_mangle]
extern "C" fn testbios_printf(args: *const u32) -> i32 {
    // SAFETY: the A0 dispatcher stored the four register arguments in the
    // caller's o32 home area, right below the stacked ones, so `args` is the
    // caller's argument list; printf's contract is that the format is a
    // NUL-terminated string and every conversion has its argument.
    unsafe { print::printf(args) }
}

/// A(3Ch) putchar: the same as B(3Dh).
#[no_mangle]
extern "C" fn testbios_a0_putchar(c: u32) -> u32 {
    out(c as u8);
    c & 0xFF
}

/// B(3Dh) putchar: the character has been seen at the B0 vector (where
/// Mednafen prints it); a test BIOS has no TTY device of its own.
#[no_mangle]
extern "C" fn testbios_putchar(c: u32) -> u32 {
    #[cfg(feature = "slow-putchar")]
    slow_down();
    c & 0xFF
}

/// Spins 43 µs: 182 ticks of root counter 2 at the system clock / 8
/// (as the game sets it).
#[cfg(feature = "slow-putchar")]
fn slow_down() {
    const COUNTER2_VALUE: *const u16 = 0x1F80_1120 as *const u16;
    // SAFETY: root counter 2's value register (psx-spx "Timers"), an I/O
    // port; reading it has no side effect.
    let now = || unsafe { core::ptr::read_volatile(COUNTER2_VALUE) };
    let start = now();
    // At most so many reads: before the program starts counter 2 (at the
    // test BIOS's own boot) Mednafen's may stand still.
    for _ in 0..4000 {
        if now().wrapping_sub(start) >= 182 {
            break;
        }
    }
}

/// A(3Eh) / B(3Fh) puts: the string, then a newline.
#[no_mangle]
extern "C" fn testbios_puts(s: *const u8) -> i32 {
    // SAFETY: puts's contract: a NUL-terminated string (or null, printed as
    // "<NULL>" as the console's BIOS does).
    unsafe { print::out_cstr(s) };
    out(b'\n');
    1
}

/// A function the test BIOS lacks was called: say which, and stop.
#[no_mangle]
extern "C" fn testbios_missing(table: u32, number: u32, ra: u32) -> ! {
    out_str(b"TESTBIOS HALT: ");
    out_hex(table, 2);
    out_str(b"(");
    out_hex(number, 2);
    out_str(b"h) is not in the test BIOS (called from ");
    out_hex(ra, 8);
    out_str(b")\n");
    stop();
}

/// Any exception (the program runs with interrupts off): say which, and stop.
#[no_mangle]
extern "C" fn testbios_exception(cause: u32, epc: u32, bad_address: u32) -> ! {
    out_str(b"TESTBIOS HALT: exception ");
    out_str(exception_name((cause >> 2) & 0x1F));
    out_str(b" cause=");
    out_hex(cause, 8);
    out_str(b" epc=");
    out_hex(epc, 8);
    out_str(b" badvaddr=");
    out_hex(bad_address, 8);
    out_str(b"\n");
    stop();
}

fn exception_name(code: u32) -> &'static [u8] {
    match code {
        0 => b"interrupt",
        4 => b"address error on load",
        5 => b"address error on store",
        6 => b"bus error on fetch",
        7 => b"bus error on data",
        8 => b"syscall",
        9 => b"break",
        10 => b"reserved instruction",
        11 => b"coprocessor unusable",
        12 => b"overflow",
        _ => b"(other)",
    }
}

fn halt(why: &[u8]) -> ! {
    out_str(b"TESTBIOS HALT: ");
    out_str(why);
    out_str(b"\n");
    stop();
}

/// Spins for ever: the harness sees the HALT line and fails the run.
fn stop() -> ! {
    loop {
        core::hint::spin_loop();
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    halt(b"panic in the test BIOS");
}
