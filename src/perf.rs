//! The frame meter: the time each frame takes, phase by phase, and vblanks
//! missed, summed over a window of frames and reported as one event-log line.
//!
//! The PS1 layer times each frame's phases with a root counter and tells the
//! meter; every [`WINDOW`] frames the meter yields a [`PerfReport`], which
//! prints as
//!
//! ```text
//! frames=<n> avg_us=<a> max_us=<m> missed=<k> update=<a>/<m> think=<a>/<m> card=<a>/<m>
//! draw=<a>/<m> packets=<a>/<m> tty=<a>/<m> gpu=<a>/<m> tty_bytes=<b> tty_ns_per_byte=<c>
//! tty_frame_bytes=<f> tty_dropped=<d> tty_bios=<0|1>
//! ```
//!
//! (the event log adds `AFTK PERF `). `frames` and `missed` count since boot;
//! every other figure is over the window just ended. `avg_us`/`max_us` are
//! the whole frame up to the GPU being idle (what must fit in a vblank
//! period); each phase is its mean and its longest, in microseconds: the
//! update (the game and its sounds), the fair player's thinking (done while
//! the GPU draws the frame), the card, the draw list, the GPU packets, the
//! TTY (the event log handed to the BIOS) and what is left of the wait for
//! the GPU to finish. The phases follow one another on the CPU (in another
//! order than the line's: [`FrameTimes`]), so they add up to the frame. `tty_bytes` is what the TTY sent in the window,
//! `tty_ns_per_byte` the BIOS's measured cost of a byte (0 before any),
//! `tty_frame_bytes` the most it sent in one frame of the window (with
//! `tty=<a>/<m>`, the time it took), `tty_dropped` the bytes it dropped
//! since boot because the BIOS could not keep up within the frames' budget
//! (the RAM ring, `logring`, still has them), `tty_bios` whether the BIOS
//! is called at all (0: the log is only in the RAM ring, as on a retail
//! BIOS without a TTY).

/// Frames per report: ten seconds at 60 Hz.
pub const WINDOW: u32 = 600;

/// The phases of a frame, in the order they run (the frame's order is
/// [`crate::frame`]'s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameTimes {
    /// The memory card: the end of the last frame's sector and the start
    /// of the next, in microseconds.
    pub card_us: u32,
    /// The draw list.
    pub draw_us: u32,
    /// The GPU packets built from it and sent.
    pub packets_us: u32,
    /// The game's update (the pad's press acted on) and its sounds, while
    /// the GPU draws the frame.
    pub update_us: u32,
    /// The event log handed to the BIOS.
    pub tty_us: u32,
    /// The fair player thinking (a hint, the demo's move).
    pub think_us: u32,
    /// Waiting for the GPU to finish drawing.
    pub gpu_us: u32,
    /// Bytes the TTY sent this frame.
    pub tty_bytes: u32,
}

impl FrameTimes {
    /// The whole frame: every phase.
    pub fn total_us(&self) -> u32 {
        self.card_us + self.draw_us + self.packets_us + self.update_us + self.tty_us + self.think_us + self.gpu_us
    }
}

/// Mean and maximum of one phase over a window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Phase {
    /// Mean over the window, in microseconds.
    pub avg_us: u32,
    /// Longest in the window, in microseconds.
    pub max_us: u32,
}

impl crate::out::Text for Phase {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        put!(f, self.avg_us, "/", self.max_us)
    }
}

/// One report of the meter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfReport {
    /// Frames since boot.
    pub frames: u32,
    /// Mean time of a frame in the window (every phase), in microseconds.
    pub avg_us: u32,
    /// Longest frame in the window, in microseconds.
    pub max_us: u32,
    /// Vblanks missed since boot.
    pub missed: u32,
    /// Pad and game update.
    pub update: Phase,
    /// The fair player thinking.
    pub think: Phase,
    /// The memory card.
    pub card: Phase,
    /// The draw list.
    pub draw: Phase,
    /// The GPU packets.
    pub packets: Phase,
    /// The event log handed to the BIOS.
    pub tty: Phase,
    /// The wait for the GPU.
    pub gpu: Phase,
    /// Bytes the TTY sent in the window.
    pub tty_bytes: u32,
    /// The TTY's measured cost of a byte, in nanoseconds (0: not measured).
    pub tty_ns_per_byte: u32,
    /// The most bytes the TTY sent in one frame of the window.
    pub tty_frame_bytes: u32,
    /// Bytes the TTY dropped since boot (the BIOS too slow for the budget).
    pub tty_dropped: u32,
    /// Whether the TTY calls the BIOS at all.
    pub tty_bios: bool,
}

/// The TTY's state, as the report passes it on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TtyState {
    /// Its measured cost of a byte, in nanoseconds (0: not measured).
    pub ns_per_byte: u32,
    /// Bytes it dropped since boot.
    pub dropped: u32,
    /// Whether it calls the BIOS.
    pub bios: bool,
}

/// A frame's phases as the `LATE` and `SLOW` lines give them:
/// `update=<us> think=<us> card=<us> draw=<us> packets=<us> gpu=<us> tty=<us>`.
impl crate::out::Text for FrameTimes {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        put!(
            f,
            "update=",
            self.update_us,
            " think=",
            self.think_us,
            " card=",
            self.card_us,
            " draw=",
            self.draw_us,
            " packets=",
            self.packets_us,
            " gpu=",
            self.gpu_us,
            " tty=",
            self.tty_us
        )
    }
}

impl crate::out::Text for PerfReport {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        put!(
            f,
            "frames=",
            self.frames,
            " avg_us=",
            self.avg_us,
            " max_us=",
            self.max_us,
            " missed=",
            self.missed,
            " update=",
            self.update,
            " think=",
            self.think,
            " card=",
            self.card,
            " draw=",
            self.draw,
            " packets=",
            self.packets,
            " tty=",
            self.tty,
            " gpu=",
            self.gpu,
            " tty_bytes=",
            self.tty_bytes,
            " tty_ns_per_byte=",
            self.tty_ns_per_byte,
            " tty_frame_bytes=",
            self.tty_frame_bytes,
            " tty_dropped=",
            self.tty_dropped,
            " tty_bios=",
            u32::from(self.tty_bios)
        )
    }
}

/// Sum and maximum of one quantity over a window.
#[derive(Clone, Copy, Debug, Default)]
struct Acc {
    sum: u64,
    max: u32,
}

impl Acc {
    const fn new() -> Self {
        Acc { sum: 0, max: 0 }
    }
    fn add(&mut self, v: u32) {
        self.sum += u64::from(v);
        self.max = self.max.max(v);
    }
    fn phase(&self, n: u32) -> Phase {
        Phase { avg_us: (self.sum / u64::from(n.max(1))) as u32, max_us: self.max }
    }
}

/// Accumulates frame times.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameMeter {
    frames: u32,
    missed: u32,
    window_frames: u32,
    total: Acc,
    update: Acc,
    think: Acc,
    card: Acc,
    draw: Acc,
    packets: Acc,
    tty: Acc,
    gpu: Acc,
    tty_bytes: u32,
    tty_frame_bytes: u32,
}

impl FrameMeter {
    /// A meter with nothing recorded.
    pub const fn new() -> Self {
        Self {
            frames: 0,
            missed: 0,
            window_frames: 0,
            total: Acc::new(),
            update: Acc::new(),
            think: Acc::new(),
            card: Acc::new(),
            draw: Acc::new(),
            packets: Acc::new(),
            tty: Acc::new(),
            gpu: Acc::new(),
            tty_bytes: 0,
            tty_frame_bytes: 0,
        }
    }

    /// Records one frame: its phases and how many vblanks went by while it
    /// was being made beyond the one it was meant for (0 when on time).
    /// `tty` is the TTY's current state, passed through to the report.
    /// Returns a report when this frame closes a window.
    pub fn record(&mut self, t: FrameTimes, missed_vblanks: u32, tty: TtyState) -> Option<PerfReport> {
        self.frames = self.frames.wrapping_add(1);
        self.missed = self.missed.saturating_add(missed_vblanks);
        self.window_frames += 1;
        self.total.add(t.total_us());
        self.update.add(t.update_us);
        self.think.add(t.think_us);
        self.card.add(t.card_us);
        self.draw.add(t.draw_us);
        self.packets.add(t.packets_us);
        self.tty.add(t.tty_us);
        self.gpu.add(t.gpu_us);
        self.tty_bytes = self.tty_bytes.saturating_add(t.tty_bytes);
        self.tty_frame_bytes = self.tty_frame_bytes.max(t.tty_bytes);
        if self.window_frames < WINDOW {
            return None;
        }
        let n = self.window_frames;
        let total = self.total.phase(n);
        let report = PerfReport {
            frames: self.frames,
            avg_us: total.avg_us,
            max_us: total.max_us,
            missed: self.missed,
            update: self.update.phase(n),
            think: self.think.phase(n),
            card: self.card.phase(n),
            draw: self.draw.phase(n),
            packets: self.packets.phase(n),
            tty: self.tty.phase(n),
            gpu: self.gpu.phase(n),
            tty_bytes: self.tty_bytes,
            tty_ns_per_byte: tty.ns_per_byte,
            tty_frame_bytes: self.tty_frame_bytes,
            tty_dropped: tty.dropped,
            tty_bios: tty.bios,
        };
        *self = FrameMeter { frames: self.frames, missed: self.missed, ..FrameMeter::new() };
        Some(report)
    }

    /// Frames recorded since boot.
    pub fn frames(&self) -> u32 {
        self.frames
    }

    /// Vblanks missed since boot.
    pub fn missed(&self) -> u32 {
        self.missed
    }
}

crate::display_via_text!(Phase, PerfReport);

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn a_window_reports_every_phase_and_keeps_missed() {
        let mut m = FrameMeter::new();
        let mut last = None;
        for i in 0..WINDOW {
            let t = FrameTimes {
                update_us: 1000 + i,
                think_us: if i == 9 { 400 } else { 0 },
                card_us: 0,
                draw_us: 200,
                packets_us: 300,
                tty_us: if i == 7 { 900 } else { 0 },
                gpu_us: 50,
                tty_bytes: 2,
            };
            let tty = TtyState { ns_per_byte: 12_000, dropped: 5, bios: true };
            last = m.record(t, u32::from(i == 3), tty);
        }
        let r = last.expect("a report after WINDOW frames");
        assert_eq!(r.frames, WINDOW);
        assert_eq!(r.missed, 1);
        assert_eq!(r.update.max_us, 1000 + WINDOW - 1);
        assert_eq!(r.tty, Phase { avg_us: 1, max_us: 900 });
        assert_eq!(r.think, Phase { avg_us: 0, max_us: 400 });
        assert_eq!(r.draw, Phase { avg_us: 200, max_us: 200 });
        // The longest frame is the one with the TTY, not the longest update.
        assert_eq!(r.max_us, 1007 + 200 + 300 + 900 + 50);
        assert_eq!(r.tty_bytes, 2 * WINDOW);
        let line = r.to_string();
        assert!(line.starts_with("frames=600 avg_us="), "{line}");
        assert!(line.contains(" missed=1 update="), "{line}");
        assert!(line.contains(" think=0/400 card="), "{line}");
        assert!(
            line.ends_with("tty_bytes=1200 tty_ns_per_byte=12000 tty_frame_bytes=2 tty_dropped=5 tty_bios=1"),
            "{line}"
        );
        // The next window starts afresh, but frames and missed go on.
        let r2 = (0..WINDOW).filter_map(|_| m.record(FrameTimes::default(), 0, TtyState::default())).last().unwrap();
        assert_eq!((r2.frames, r2.missed, r2.max_us, r2.tty_bytes), (2 * WINDOW, 1, 0, 0));
    }
}
