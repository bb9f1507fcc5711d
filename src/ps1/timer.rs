//! The root counters as clocks: one counts CPU time finely, one counts
//! scanlines so that long intervals survive the first one's 16-bit wrap.
//!
//! Counter 2 runs at the system clock / 8 (4.2336 MHz: 0.236 µs a tick, wraps
//! every 15.5 ms). Counter 1 counts horizontal blanks (63.6 µs NTSC, 64 µs
//! PAL; wraps after four seconds). An interval is measured on both; the
//! scanline count says how many times the fine counter wrapped.

use super::mmio::Reg16;

const COUNTER1_VALUE: Reg16 = Reg16::io(0x1F80_1110);
const COUNTER1_MODE: Reg16 = Reg16::io(0x1F80_1114);
const COUNTER2_VALUE: Reg16 = Reg16::io(0x1F80_1120);
const COUNTER2_MODE: Reg16 = Reg16::io(0x1F80_1124);

/// Counter 1 clock source: horizontal blank (mode bits 8-9 = 1).
const MODE_HBLANK: u16 = 1 << 8;
/// Counter 2 clock source: system clock / 8 (mode bits 8-9 = 2).
const MODE_SYSCLK_DIV8: u16 = 2 << 8;

/// Ticks of counter 2 per second: 33.8688 MHz / 8.
pub const TICKS_PER_SECOND: u32 = 4_233_600;
/// Counter 2 ticks in one scanline, rounded: 4.2336 MHz / 15.734 kHz (NTSC).
/// PAL lines are 1% longer; the estimate only has to pick the right wrap.
const TICKS_PER_LINE: u32 = 269;

/// A moment, read off both counters.
#[derive(Clone, Copy)]
pub struct Instant {
    pub fine: u16,
    pub lines: u16,
}

/// The two root counters, set up as free-running clocks.
pub struct Clock;

impl Clock {
    /// Starts both counters (writing a mode resets the counter to 0).
    pub fn start() -> Self {
        COUNTER1_MODE.write(MODE_HBLANK);
        COUNTER2_MODE.write(MODE_SYSCLK_DIV8);
        Clock
    }

    /// The current moment.
    #[inline]
    pub fn now(&self) -> Instant {
        Instant { fine: COUNTER2_VALUE.read(), lines: COUNTER1_VALUE.read() }
    }

    /// Fine ticks since `earlier`, correct for intervals up to four seconds.
    pub fn ticks_since(&self, earlier: Instant) -> u32 {
        elapsed_ticks(earlier, self.now())
    }

    /// Spins for at least `us` microseconds (for short waits: the pad
    /// protocol's gaps between bytes).
    pub fn delay_us(&self, us: u32) {
        let start = self.now();
        let ticks = us.saturating_mul(TICKS_PER_SECOND / 1_000_000 + 1);
        while self.ticks_since(start) < ticks {}
    }
}

/// Ticks from `a` to `b`: the fine counter modulo 2^16, plus as many whole
/// wraps as the scanline count says passed.
fn elapsed_ticks(a: Instant, b: Instant) -> u32 {
    let fine = u32::from(b.fine.wrapping_sub(a.fine));
    let coarse = u32::from(b.lines.wrapping_sub(a.lines)) * TICKS_PER_LINE;
    // The number of wraps w is the one for which fine + w * 65536 is closest
    // to the coarse estimate (which is good to a scanline).
    let wraps = (coarse.saturating_sub(fine) + 32_768) >> 16;
    fine + (wraps << 16)
}

/// Scanlines counter 1 has counted since the unpacker started it (it
/// counts horizontal blanks from the start of the unpacking, and runs on
/// until the game's [`Clock`] restarts it): read first thing in `main`, it
/// is how long the boot took before the game began. `None` when counter 1
/// counts something else (the game was started unpacked, or by another
/// loader).
pub fn lines_before_main() -> Option<u32> {
    (COUNTER1_MODE.read() & MODE_HBLANK != 0).then(|| u32::from(COUNTER1_VALUE.read()))
}

/// Microseconds in `lines` scanlines (63.6 µs each NTSC, 64 PAL).
pub fn lines_to_us(lines: u32) -> u32 {
    ticks_to_us(lines.saturating_mul(TICKS_PER_LINE))
}

/// Converts counter 2 ticks to microseconds.
pub fn ticks_to_us(ticks: u32) -> u32 {
    // 1e6 / 4_233_600 = 625 / 2646, in u64 so no interval overflows.
    ((u64::from(ticks) * 625) / 2646) as u32
}
