//! The event log's transport: whole lines through the BIOS TTY (`printf`),
//! spread over frames.
//!
//! Emulators show the TTY on their console; on hardware a serial cable or a
//! dev board carries it. Writing only appends to a ring buffer; the frame
//! loop then hands the BIOS as much as fits in the time the frame has left
//! ([`Tty::drain`]), so a move's whole position (500 bytes and more) never
//! makes a frame late. The BIOS's `printf` is slow, and slower on a Sony
//! BIOS (code run from the 8-bit ROM, a driver call per character) than on
//! the project's test BIOS or an emulator's HLE one: the cost of a byte is
//! measured on every call and the largest seen is what the next frame
//! budgets with, starting from a deliberately pessimistic guess. Nothing is
//! ever dropped: when the ring is full, the oldest text goes to the BIOS at
//! once, late frame or not.
//!
//! Each piece is handed to the BIOS in one `printf("%s")` call of at most
//! [`CHUNK`] bytes, cut after a newline where possible: the BIOS's own
//! formatting buffer is about 500 bytes, and psx's `println!` panics on a
//! piece of 128 bytes or more, so neither is used for long lines.

use super::timer::{ticks_to_us, Clock};
use core::fmt;
use farewell::logring::LogRing;

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
        }
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
        while self.len > 0 {
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
        while self.len > 0 {
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
            while !run.is_empty() {
                if self.len == RING {
                    // Full: the oldest piece goes now rather than be lost.
                    let n = self.next_piece(CHUNK);
                    self.send(n, None);
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

/// Writes one `AFTK ...` line to the TTY, its pieces through the shared
/// writer ([`farewell::put!`]): `aftk_line!(tty, "PAD ", x)`.
/// The line is buffered; the frame loop drains the buffer.
#[macro_export]
macro_rules! aftk_line {
    ($tty:expr, $($x:expr),+ $(,)?) => {{
        let _ = farewell::put!($tty, "AFTK ", $($x),+, "\n");
    }};
}
