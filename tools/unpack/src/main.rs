//! The unpacker: the first program of the PS-EXE.
//!
//! The game's PS-EXE is this small program followed by the game itself,
//! packed with the LZ of the card art (`src/lz.rs`, which this program
//! includes as it is). The BIOS loads the whole file at 0x80100000 and
//! starts here; this unpacks the game to the address it was linked for
//! (0x80010000, below), tells the BIOS that RAM holds new code
//! (FlushCache), and jumps to the game's entry with its stack and global
//! pointer, as the BIOS would have done for the game's own PS-EXE.
//!
//! `tools/pack` writes the file: this program's PS-EXE, its header's size
//! fixed, then at `__image_end` a [`Trailer`] and the packed stream.
#![no_std]
#![no_main]
// MIPS inline assembly is unstable (the pinned nightly has it).
#![feature(asm_experimental_arch)]

#[path = "../../../src/lz.rs"]
mod lz;

/// What `tools/pack` writes right after this program's image.
#[repr(C)]
struct Trailer {
    /// `b"KPK2"`.
    magic: [u8; 4],
    /// Where the game goes (its PS-EXE's load address).
    dest: u32,
    /// The game's size unpacked, in bytes.
    size: u32,
    /// The game's entry point, stack and global pointer (its header's).
    entry: u32,
    sp: u32,
    gp: u32,
    /// The packed stream's size; the stream follows.
    packed: u32,
}

const MAGIC: [u8; 4] = *b"KPK2";

extern "C" {
    /// The end of this program's image (the linker script): the trailer.
    static __image_end: Trailer;
}

#[no_mangle]
#[link_section = ".text.__start"]
pub extern "C" fn __start() -> ! {
    // SAFETY: tools/pack writes a Trailer at __image_end (4-byte aligned by
    // the linker script) and the BIOS loaded it with the rest of the file;
    // nothing writes it while it is read.
    let t = unsafe { &*core::ptr::addr_of!(__image_end) };
    if t.magic != MAGIC || !fits(t) {
        halt(b"unpack: this PS-EXE holds no packed game\n\0");
    }
    let stream_at = core::ptr::addr_of!(__image_end) as usize + core::mem::size_of::<Trailer>();
    // SAFETY: the stream follows the trailer in the loaded file (packed
    // bytes, tools/pack), and `fits` checked that the game's place ends
    // below this program, so the two slices do not overlap, and nothing
    // else uses that RAM while this runs.
    let (stream, out) = unsafe {
        (
            core::slice::from_raw_parts(stream_at as *const u8, t.packed as usize),
            core::slice::from_raw_parts_mut(t.dest as *mut u8, t.size as usize),
        )
    };
    // Timer 1 counting scanlines (writing its mode restarts it from 0), to
    // report how long the unpacking takes.
    T1_MODE.write(T1_HBLANK);
    if lz::unpack(stream, out).is_err() {
        halt(b"unpack: the packed game is damaged\n\0");
    }
    let lines = T1_VALUE.read() & 0xFFFF;
    report(t.size, lines);
    bios_a0(0x44, 0); // FlushCache
                      // SAFETY: the game is in place and the instruction cache holds none of
                      // its old contents; it starts as the BIOS would start it, with its own
                      // stack and global pointer, and never returns.
    unsafe {
        core::arch::asm!(
            ".set noat",
            "move $sp, {sp}",
            "move $gp, {gp}",
            "jr {entry}",
            "nop",
            ".set at",
            sp = in(reg) t.sp,
            gp = in(reg) t.gp,
            entry = in(reg) t.entry,
            options(noreturn),
        )
    }
}

/// The game's place is in RAM, after the BIOS's 64 KiB and before this
/// program.
fn fits(t: &Trailer) -> bool {
    let start = core::ptr::addr_of!(__start_marker) as u32;
    t.dest >= 0x8001_0000 && t.dest.checked_add(t.size).is_some_and(|end| end <= start)
}

extern "C" {
    /// The start of this program (the linker script).
    static __start_marker: u8;
}

/// A hardware register.
struct Reg(u32);

impl Reg {
    fn read(&self) -> u32 {
        // SAFETY: a timer register: a word-aligned I/O address, read as a
        // word, with no side effect.
        unsafe { core::ptr::read_volatile(self.0 as *const u32) }
    }
    fn write(&self, v: u32) {
        // SAFETY: a timer register: a word-aligned I/O address; the write
        // only sets the timer's mode.
        unsafe { core::ptr::write_volatile(self.0 as *mut u32, v) }
    }
}

const T1_VALUE: Reg = Reg(0x1F80_1110);
const T1_MODE: Reg = Reg(0x1F80_1114);
/// Timer 1's mode: free-running, counting horizontal blanks (one a
/// scanline: 63.6 µs NTSC, 64 µs PAL).
const T1_HBLANK: u32 = 1 << 8;

/// Prints "unpack: N bytes in L scanlines (about M ms)" through the BIOS.
fn report(bytes: u32, lines: u32) {
    let mut buf = [0u8; 80];
    let mut at = 0;
    let mut put = |s: &[u8]| {
        for &b in s {
            if at < buf.len() - 1 {
                buf[at] = b;
                at += 1;
            }
        }
    };
    put(b"unpack: ");
    put(digits(bytes, &mut [0; 10]));
    put(b" bytes in ");
    put(digits(lines, &mut [0; 10]));
    put(b" scanlines (about ");
    put(digits(lines * 64 / 1000, &mut [0; 10]));
    put(b" ms)\n");
    bios_a0(0x3E, buf.as_ptr() as u32);
}

/// `n` in decimal, in the end of `buf`.
fn digits(mut n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    &buf[i..]
}

/// Prints a NUL-terminated message through the BIOS (puts) and stops.
fn halt(msg: &[u8]) -> ! {
    bios_a0(0x3E, msg.as_ptr() as u32);
    loop {}
}

/// Calls BIOS function A(`function`) with one argument.
fn bios_a0(function: u32, arg: u32) {
    // SAFETY: the A0 vector at 0xA0 is the BIOS's function table (function
    // number in $t1, arguments in $a0...), which follows the C calling
    // convention; puts reads a NUL-terminated string, FlushCache nothing.
    unsafe {
        core::arch::asm!(
            // jalr overwrites $ra, which the compiler may still need: keep
            // it in $s0, which the BIOS function preserves.
            ".set noat",
            "move $16, $31",
            "jalr {vector}",
            "nop",
            "move $31, $16",
            ".set at",
            out("$16") _,
            vector = in(reg) 0xA0u32,
            inout("$4") arg => _,
            inout("$9") function => _,
            // What a C function may change: v0-v1, a1-a3, t0-t9.
            lateout("$2") _, lateout("$3") _, lateout("$5") _, lateout("$6") _, lateout("$7") _,
            lateout("$8") _, lateout("$10") _, lateout("$11") _, lateout("$12") _, lateout("$13") _,
            lateout("$14") _, lateout("$15") _, lateout("$24") _, lateout("$25") _,
        );
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    halt(b"unpack: panic\n\0")
}
