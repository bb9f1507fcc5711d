//! The root counters as clocks (farewell::clock) on a model of the two
//! counters: counter 2 at the system clock / 8, counter 1 counting
//! scanlines, read as the console reads them.

use farewell::clock::{elapsed_ticks, read_lines, ticks_per_line, Instant};

/// A scanline in counter 2 ticks, from psx-spx "GPU Timings": 3413 video
/// cycles at 53.693175 MHz (NTSC), 3406 at 53.203425 MHz (PAL); the
/// counter runs at 33.8688 MHz / 8.
fn true_ticks_per_line(pal: bool) -> f64 {
    let (cycles, hz) = if pal { (3406.0, 53_203_425.0) } else { (3413.0, 53_693_175.0) };
    cycles / hz * 4_233_600.0
}

/// The two counters `ticks` after a moment when both were 0.
fn at(ticks: u64, pal: bool) -> Instant {
    let lines = (ticks as f64 / true_ticks_per_line(pal)) as u64;
    Instant { fine: ticks as u16, lines: lines as u16 }
}

#[test]
fn intervals_up_to_four_seconds_ntsc_and_pal() {
    for pal in [false, true] {
        let tpl = ticks_per_line(pal);
        // Every 10 ms up to 4 s (counter 1 wraps after 65536 lines, 4.2 s).
        for ms in (0..4_000u64).step_by(10) {
            for start_ms in [0u64, 1234] {
                let a = at(start_ms * 4234, pal);
                let t = (start_ms + ms) * 4234 + 17;
                let b = at(t, pal);
                let want = (t - start_ms * 4234) as u32;
                assert_eq!(elapsed_ticks(a, b, tpl), want, "pal={pal}: {ms} ms from {start_ms} ms");
            }
        }
    }
}

/// Counter 1 read while it steps: psx-spx "Timers", Dotclock/Hblank:
/// "Reading the Current Counter Value can be a little unstable (when using
/// dotclk or hblank as clock source); the GPU clock isn't in sync with the
/// CPU clock, so the timer may get changed during the CPU read cycle". The
/// model's glitch: a read that meets the step returns the old value's high
/// byte with the new value's low byte.
struct Hblank {
    value: u16,
    /// Reads until the counter steps (the one that steps glitches).
    step_in: u32,
}

impl Hblank {
    fn read(&mut self) -> u16 {
        if self.step_in == 0 {
            self.step_in = u32::MAX;
            let old = self.value;
            self.value = self.value.wrapping_add(1);
            return (old & 0xFF00) | (self.value & 0x00FF);
        }
        self.step_in -= 1;
        self.value
    }
}

#[test]
fn a_glitched_scanline_read_is_read_again() {
    // 0x00FF -> 0x0100 read mid-step gives 0x0000 (or, 0x01FF -> 0x0200,
    // 0x0100): a bad read is off by 255 lines, 68,000 ticks, more than a
    // wrap of the fine counter.
    for value in [0x00FFu16, 0x01FF, 0x7FFF, 0xFFFF] {
        let mut c = Hblank { value, step_in: 0 };
        let read = read_lines(|| c.read());
        let good = [value, value.wrapping_add(1)];
        assert!(good.contains(&read), "read {read:#06x} of a counter at {value:#06x}");
    }
}

#[test]
fn a_short_interval_across_a_glitched_read_is_right() {
    // 100 µs from a moment whose scanline read glitched.
    let pal = false;
    let a_ticks = 0x00FF * 269 + 100;
    let mut c = Hblank { value: 0x00FF, step_in: 0 };
    let a = Instant { fine: a_ticks as u16, lines: read_lines(|| c.read()) };
    let b = at(a_ticks + 423, pal);
    assert_eq!(elapsed_ticks(a, b, ticks_per_line(pal)), 423);
}
