//! The root counters as clocks: one counts CPU time finely, one counts
//! scanlines so that long intervals survive the first one's 16-bit wrap
//! (the arithmetic, tested on the host, is `farewell::clock`'s).
//!
//! Counter 2 runs at the system clock / 8 (4.2336 MHz: 0.236 µs a tick, wraps
//! every 15.5 ms). Counter 1 counts horizontal blanks (63.6 µs NTSC, 64 µs
//! PAL; wraps after four seconds). An interval is measured on both; the
//! scanline count says how many times the fine counter wrapped.
//!
//! Registers: nocash PSX specifications (psx-spx), "Timers",
//! 1F801100h+N*10h.

use super::mmio::Reg16;
use farewell::clock::{elapsed_ticks, read_lines, ticks_per_line};

pub use farewell::clock::{ticks_to_us, Instant, TICKS_PER_SECOND};

const COUNTER1_VALUE: Reg16 = Reg16::io(0x1F80_1110);
const COUNTER1_MODE: Reg16 = Reg16::io(0x1F80_1114);
const COUNTER2_VALUE: Reg16 = Reg16::io(0x1F80_1120);
const COUNTER2_MODE: Reg16 = Reg16::io(0x1F80_1124);

/// Counter 1 clock source: horizontal blank (mode bits 8-9 = 1).
const MODE_HBLANK: u16 = 1 << 8;
/// Counter 2 clock source: system clock / 8 (mode bits 8-9 = 2).
const MODE_SYSCLK_DIV8: u16 = 2 << 8;

/// Counter 2 ticks in one scanline of the display this build drives.
const TICKS_PER_LINE: u32 = ticks_per_line(cfg!(feature = "pal"));

/// The two root counters, set up as free-running clocks.
pub struct Clock;

impl Clock {
    /// Starts both counters (writing a mode resets the counter to 0).
    pub fn start() -> Self {
        COUNTER1_MODE.write(MODE_HBLANK);
        COUNTER2_MODE.write(MODE_SYSCLK_DIV8);
        Clock
    }

    /// The current moment. Counter 2 runs off the CPU's clock and reads
    /// cleanly; counter 1, clocked by the GPU's hblank, is read as
    /// `farewell::clock::read_lines` says.
    #[inline]
    pub fn now(&self) -> Instant {
        Instant { fine: COUNTER2_VALUE.read(), lines: read_lines(|| COUNTER1_VALUE.read()) }
    }

    /// Fine ticks since `earlier`, correct for intervals up to four seconds.
    pub fn ticks_since(&self, earlier: Instant) -> u32 {
        elapsed_ticks(earlier, self.now(), TICKS_PER_LINE)
    }

    /// Spins for at least `us` microseconds (for short waits: the pad
    /// protocol's gaps between bytes).
    pub fn delay_us(&self, us: u32) {
        let start = self.now();
        let ticks = us.saturating_mul(TICKS_PER_SECOND / 1_000_000 + 1);
        while self.ticks_since(start) < ticks {}
    }
}

/// Scanlines counter 1 has counted since the unpacker started it (it
/// counts horizontal blanks from the start of the unpacking, and runs on
/// until the game's [`Clock`] restarts it): read first thing in `main`, it
/// is how long the boot took before the game began. `None` when counter 1
/// counts something else (the game was started unpacked, or by another
/// loader).
pub fn lines_before_main() -> Option<u32> {
    (COUNTER1_MODE.read() & MODE_HBLANK != 0).then(|| u32::from(read_lines(|| COUNTER1_VALUE.read())))
}

/// Microseconds in `lines` scanlines (63.6 µs each NTSC, 64 PAL).
pub fn lines_to_us(lines: u32) -> u32 {
    ticks_to_us(lines.saturating_mul(TICKS_PER_LINE))
}
