//! The event log's transport: every byte into the RAM ring of
//! `farewell::logring` (for whoever reads the console's memory), and whole
//! lines through the BIOS TTY (`printf`), spread over frames, where a TTY
//! can be there.
//!
//! Where the BIOS is called ([`Tty::probe`], at boot): emulators show the
//! TTY on their console (PCSX-Reloaded's HLE BIOS; Mednafen prints every
//! character the BIOS's putchar vector sees, with the project's test BIOS
//! or any other); on hardware only a DUART on the expansion port carries
//! it. A retail Sony BIOS sends its TTY to a dummy device unless one is
//! patched in, yet runs its ROM code for every character (psx-spx, "BIOS
//! TTY Console (std_io)": "by default the BIOS bootcode disables std_io"),
//! so on a Sony kernel the BIOS is called only when the DUART answers the
//! probe the specification gives ("EXP2 Dual Serial Port", and the caution
//! under "C(1Bh) KernelRedirect": "write two different bytes to Port
//! 1F802020h.1st/2nd access, and then read and verify that two bytes"), or
//! when the build asks (the `bios-tty` feature: a Sony BIOS in an emulator
//! that prints putchar). Any other BIOS (an emulator's HLE one, the test
//! BIOS, OpenBIOS, a loader's) is called: the emulators' tests read the log
//! there.
//!
//! Writing only appends to a ring buffer; the frame loop then hands the
//! BIOS as much as fits in the time the frame has left ([`Tty::drain`]), so
//! a move's whole position (500 bytes and more) never makes a frame late.
//! The BIOS's `printf` is slow, and slower on a Sony BIOS (code run from
//! the 8-bit ROM, a driver call per character) or OpenBIOS (43 µs a byte
//! in Mednafen) than on the project's test BIOS or an emulator's HLE one:
//! the cost of a byte is measured on every call and the largest seen is
//! what the next frame budgets with, starting from a deliberately
//! pessimistic guess. When the ring is full (the BIOS cannot keep up within
//! the frames' budget), the oldest whole lines are dropped from it and
//! counted (`tty_dropped=` in the PERF line); they stay in the RAM ring.
//! The frame's budget always holds: the BIOS is never called outside the
//! drain's time (and at boot, before the frames start).
//!
//! Each piece is handed to the BIOS in one `printf("%s")` call of at most
//! [`CHUNK`] bytes, cut after a newline where possible: the BIOS's own
//! formatting buffer is about 500 bytes, and psx's `println!` panics on a
//! piece of 128 bytes or more, so neither is used for long lines.

use super::mmio::{bios_rom_byte, Reg8};
use super::timer::{ticks_to_us, Clock};
use core::fmt;
use farewell::logring::LogRing;
use farewell::perf::TtyState;

/// Largest piece handed to the BIOS in one call (plus its NUL).
const CHUNK: usize = 255;

/// Bytes the ring holds: a dozen positions of the largest grid, far more
/// than a frame writes.
const RING: usize = 8192;

/// The cost of a byte assumed before any has been measured, in nanoseconds
/// (50 µs: slower than a Sony BIOS `printf` running from ROM is expected to
/// be). The first measurement replaces it.
const PRIOR_NS_PER_BYTE: u32 = 50_000;

/// Pieces shorter than this do not update the estimate: the call's fixed
/// cost would count as the bytes' own.
const MIN_MEASURED: usize = 32;

/// The event log's writer: a ring buffer drained to the BIOS.
pub struct Tty {
    ring: [u8; RING],
    /// Index of the oldest byte not yet sent.
    head: usize,
    /// Bytes waiting.
    len: usize,
    /// One piece for the BIOS, NUL-terminated.
    piece: [u8; CHUNK + 1],
    /// The largest measured cost of a byte, in nanoseconds.
    ns_per_byte: u32,
    measured: bool,
    /// Every byte logged, kept in RAM for readers of the console's memory
    /// (the PCSX ReARMed core prints no TTY).
    log: LogRing,
    /// Whether the BIOS is called ([`Tty::probe`]).
    bios: bool,
    /// Bytes dropped from the ring since boot (it was full).
    dropped: u32,
}

impl Tty {
    /// An empty writer.
    pub const fn new() -> Self {
        Tty {
            ring: [0; RING],
            head: 0,
            len: 0,
            piece: [0; CHUNK + 1],
            ns_per_byte: PRIOR_NS_PER_BYTE,
            measured: false,
            log: LogRing::new(),
            bios: true,
            dropped: 0,
        }
    }

    /// Decides whether the BIOS is called (see the module's notes): once,
    /// at boot, before anything is logged.
    pub fn probe(&mut self) {
        self.bios = cfg!(feature = "bios-tty") || duart_present() || !sony_kernel();
    }

    /// What the PERF line reports of the TTY.
    pub fn state(&self) -> TtyState {
        TtyState { ns_per_byte: self.ns_per_byte(), dropped: self.dropped, bios: self.bios }
    }

    /// The cost of a byte the budget uses, in nanoseconds (0 until one has
    /// been measured).
    pub fn ns_per_byte(&self) -> u32 {
        if self.measured {
            self.ns_per_byte
        } else {
            0
        }
    }

    /// Hands everything buffered to the BIOS, however long it takes (at
    /// boot, before the frames start).
    pub fn flush(&mut self) {
        while self.bios && self.len > 0 {
            let n = self.next_piece(CHUNK);
            self.send(n, None);
        }
    }

    /// Hands the BIOS as much as fits in `budget_us` by the measured cost,
    /// whole lines where possible; the rest waits for the next frame.
    /// Returns the bytes sent.
    pub fn drain(&mut self, clock: &Clock, budget_us: u32) -> u32 {
        let start = clock.now();
        let mut sent = 0;
        while self.bios && self.len > 0 {
            let spent = ticks_to_us(clock.ticks_since(start));
            let left_ns = u64::from(budget_us.saturating_sub(spent)) * 1000;
            let affordable = (left_ns / u64::from(self.ns_per_byte.max(1))) as usize;
            if affordable == 0 {
                break;
            }
            let n = self.next_piece(affordable.min(CHUNK));
            self.send(n, Some(clock));
            sent += n as u32;
        }
        sent
    }

    /// Drops the oldest line (up to its newline; a quarter of the ring if
    /// there is none).
    fn drop_oldest(&mut self) {
        let (a, b) = self.oldest(self.len);
        let n = match a.iter().position(|&c| c == b'\n') {
            Some(i) => i + 1,
            None => b.iter().position(|&c| c == b'\n').map_or(self.len.min(RING / 4), |i| a.len() + i + 1),
        };
        let n = n.clamp(1, RING / 4);
        self.head = (self.head + n) % RING;
        self.len -= n;
        self.dropped = self.dropped.saturating_add(n as u32);
    }

    /// How many of the oldest bytes to send next, at most `max` (> 0): up to
    /// the last newline among them, or all `max` if there is none.
    fn next_piece(&self, max: usize) -> usize {
        let n = self.len.min(max);
        if n == self.len {
            return n;
        }
        let (a, b) = self.oldest(n);
        match b.iter().rposition(|&c| c == b'\n') {
            Some(i) => a.len() + i + 1,
            None => a.iter().rposition(|&c| c == b'\n').map_or(n, |i| i + 1),
        }
    }

    /// The oldest `n` bytes, as the ring's two slices (the second empty
    /// unless they wrap).
    fn oldest(&self, n: usize) -> (&[u8], &[u8]) {
        let first = n.min(RING - self.head);
        (&self.ring[self.head..self.head + first], &self.ring[..n - first])
    }

    /// Hands the oldest `n` (1..=CHUNK) bytes to the BIOS, timing the call
    /// when a clock is given.
    fn send(&mut self, n: usize, clock: Option<&Clock>) {
        let first = n.min(RING - self.head);
        self.piece[..first].copy_from_slice(&self.ring[self.head..self.head + first]);
        self.piece[first..n].copy_from_slice(&self.ring[..n - first]);
        self.piece[n] = 0;
        self.head = (self.head + n) % RING;
        self.len -= n;
        let start = clock.map(|c| c.now());
        // SAFETY: both strings are NUL-terminated (`piece[n] = 0` above, and
        // the literal), and `%s` consumes exactly the one pointer passed.
        // BIOS printf (A(3Fh)) is safe to call with interrupts off.
        unsafe {
            psx::sys::kernel::psx_printf(c"%s".as_ptr(), self.piece.as_ptr());
        }
        if let (Some(c), Some(s)) = (clock, start) {
            if n >= MIN_MEASURED {
                // 1e9 / 4_233_600 ns a tick = 625_000 / 2646.
                let ns = u64::from(c.ticks_since(s)) * 625_000 / 2646 / n as u64;
                let ns = ns.min(u64::from(u32::MAX)) as u32;
                self.ns_per_byte = if self.measured { self.ns_per_byte.max(ns) } else { ns.max(1) };
                self.measured = true;
            }
        }
    }
}

impl fmt::Write for Tty {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // A NUL would end the BIOS's string early: each is dropped, and the
        // text between them copied a run at a time (a position is written
        // as a few hundred short pieces every move).
        for mut run in s.as_bytes().split(|&b| b == 0) {
            self.log.write(run);
            if !self.bios {
                continue;
            }
            while !run.is_empty() {
                if self.len == RING {
                    // Full: the BIOS has not kept up within the frames'
                    // budget. The oldest lines go (they are in the RAM
                    // ring) rather than a frame made late.
                    self.drop_oldest();
                }
                let tail = (self.head + self.len) % RING;
                let n = run.len().min(RING - self.len).min(RING - tail);
                self.ring[tail..tail + n].copy_from_slice(&run[..n]);
                self.len += n;
                run = &run[n..];
            }
        }
        Ok(())
    }
}

/// The DUART of psx-spx "EXP2 Dual Serial Port (for TTY Debug Terminal)"
/// (an SCN2681 on the expansion port): MR1A and MR2A share 1F802020h, the
/// first access after "Reset MR pointer" (command 1 in CRA, 1F802022h)
/// reaching MR1A, the next MR2A. Writes 8 bits no parity (13h) and one stop
/// bit (07h), the settings a TTY would use, and reads them back; an empty
/// expansion bus (or an emulator storing what is written) does not give
/// back two different bytes in order.
fn duart_present() -> bool {
    const MR_A: Reg8 = Reg8::io(0x1F80_2020);
    const CR_A: Reg8 = Reg8::io(0x1F80_2022);
    const RESET_MR_POINTER: u8 = 0x10;
    const MR1: u8 = 0x13;
    const MR2: u8 = 0x07;
    CR_A.write(RESET_MR_POINTER);
    MR_A.write(MR1);
    MR_A.write(MR2);
    CR_A.write(RESET_MR_POINTER);
    let (mr1, mr2) = (MR_A.read(), MR_A.read());
    mr1 == MR1 && mr2 == MR2
}

/// A Sony kernel: its maker and version string at BFC00108h (psx-spx
/// "BIOS Memory Map", BIOS ROM Header, and "BIOS Versions": "CEX-1000 KT-3
/// by S.O.", "CEX-3000/1001/1002 by K.S.", "CEX-7000/-7001 by K.S.").
/// PCSX-Reloaded's HLE BIOS leaves the ROM blank; the test BIOS and
/// OpenBIOS have code there.
fn sony_kernel() -> bool {
    const VERSION: usize = 0x108;
    b"CEX-".iter().enumerate().all(|(i, &c)| bios_rom_byte(VERSION + i) == c)
}

/// Writes one `AFTK ...` line to the TTY, its pieces through the shared
/// writer ([`farewell::put!`]): `aftk_line!(tty, "PAD ", x)`.
/// The line is buffered; the frame loop drains the buffer.
#[macro_export]
macro_rules! aftk_line {
    ($tty:expr, $($x:expr),+ $(,)?) => {{
        let _ = farewell::put!($tty, "AFTK ", $($x),+, "\n");
    }};
}
