//! The root counters as clocks, as arithmetic: counter 2 counts CPU time
//! finely (the system clock / 8: 4.2336 MHz, 0.236 µs a tick, wrapping
//! every 15.5 ms); counter 1 counts scanlines (horizontal blanks), so that
//! an interval survives the fine counter's 16-bit wrap. No hardware here:
//! the PS1 layer (`ps1::timer`) reads the counters and hands the values in.
//!
//! References (nocash PSX specifications, psx-spx): "Timers" (the
//! counters, and the caution on reading a counter clocked by the GPU's
//! hblank), "GPU Timings" (the length of a scanline).

/// Ticks of counter 2 per second: 33.8688 MHz / 8.
pub const TICKS_PER_SECOND: u32 = 4_233_600;

/// Counter 2 ticks in one scanline, rounded, NTSC or PAL. psx-spx "GPU
/// Timings": a line is 3413 video cycles NTSC, 3406 PAL; the video clock
/// is 53.693175 MHz NTSC, 53.203425 MHz PAL: 63.56 µs and 64.02 µs, 269.1
/// and 271.0 ticks of 4.2336 MHz. (269 on PAL, 2 ticks a line wrong, would
/// get the wrap count wrong past 16,000 lines, about a second.) Off by
/// 0.1 tick a line at most, an interval's wraps come out right up to
/// counter 1's own wrap (65,536 lines: 4.2 s).
pub const fn ticks_per_line(pal: bool) -> u32 {
    if pal {
        271
    } else {
        269
    }
}

/// A moment, read off both counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instant {
    /// Counter 2 (system clock / 8).
    pub fine: u16,
    /// Counter 1 (horizontal blanks).
    pub lines: u16,
}

/// Counter 1's value, given a way to read it: read until two reads in a
/// row agree. psx-spx "Timers", Dotclock/Hblank: "Reading the Current
/// Counter Value can be a little unstable (when using dotclk or hblank as
/// clock source); the GPU clock isn't in sync with the CPU clock, so the
/// timer may get changed during the CPU read cycle. As a workaround: repeat
/// reading the timer until the received value is the same (or slightly
/// bigger) than the previous value." A bad read of the scanline count is
/// off by up to 65,535 lines: an interval would gain 65,536 ticks or more,
/// and every timeout measured with it would fire at once. A line is 269
/// ticks, far longer than two reads: the reads settle at the second or
/// third; after 8 the last is taken.
pub fn read_lines(mut read: impl FnMut() -> u16) -> u16 {
    let mut last = read();
    for _ in 0..8 {
        let next = read();
        if next == last {
            break;
        }
        last = next;
    }
    last
}

/// Ticks from `a` to `b`: the fine counter modulo 2^16, plus as many whole
/// wraps as the scanline count says passed (`ticks_per_line` of the
/// display's standard).
pub fn elapsed_ticks(a: Instant, b: Instant, ticks_per_line: u32) -> u32 {
    let fine = u32::from(b.fine.wrapping_sub(a.fine));
    let coarse = u32::from(b.lines.wrapping_sub(a.lines)) * ticks_per_line;
    // The number of wraps w is the one for which fine + w * 65536 is closest
    // to the coarse estimate (which is good to a scanline).
    let wraps = (coarse.saturating_sub(fine) + 32_768) >> 16;
    fine + (wraps << 16)
}

/// Converts counter 2 ticks to microseconds.
pub fn ticks_to_us(ticks: u32) -> u32 {
    // 1e6 / 4_233_600 = 625 / 2646, in u64 so no interval overflows.
    ((u64::from(ticks) * 625) / 2646) as u32
}
