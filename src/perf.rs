//! The frame meter: CPU time per frame and vblanks missed, summed over a
//! window of frames and reported as one event-log line.
//!
//! The PS1 layer times each frame's work with a root counter and tells the
//! meter; every [`WINDOW`] frames the meter yields a [`PerfReport`], which
//! prints as `frames=<n> avg_us=<a> max_us=<m> missed=<k>` (the event log
//! adds `AFTK PERF `). `frames` and `missed` count since boot; the average
//! and maximum are over the window just ended.

use core::fmt;

/// Frames per report: ten seconds at 60 Hz.
pub const WINDOW: u32 = 600;

/// One report of the meter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfReport {
    /// Frames since boot.
    pub frames: u32,
    /// Mean CPU time of a frame in the window, in microseconds.
    pub avg_us: u32,
    /// Longest frame in the window, in microseconds.
    pub max_us: u32,
    /// Vblanks missed since boot.
    pub missed: u32,
}

impl fmt::Display for PerfReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "frames={} avg_us={} max_us={} missed={}", self.frames, self.avg_us, self.max_us, self.missed)
    }
}

/// Accumulates frame times.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameMeter {
    frames: u32,
    missed: u32,
    window_frames: u32,
    window_sum_us: u64,
    window_max_us: u32,
}

impl FrameMeter {
    /// A meter with nothing recorded.
    pub const fn new() -> Self {
        Self { frames: 0, missed: 0, window_frames: 0, window_sum_us: 0, window_max_us: 0 }
    }

    /// Records one frame: its CPU time and how many vblanks went by while it
    /// was being made beyond the one it was meant for (0 when on time).
    /// Returns a report when this frame closes a window.
    pub fn record(&mut self, work_us: u32, missed_vblanks: u32) -> Option<PerfReport> {
        self.frames = self.frames.wrapping_add(1);
        self.missed = self.missed.saturating_add(missed_vblanks);
        self.window_frames += 1;
        self.window_sum_us += u64::from(work_us);
        self.window_max_us = self.window_max_us.max(work_us);
        if self.window_frames < WINDOW {
            return None;
        }
        let report = PerfReport {
            frames: self.frames,
            avg_us: (self.window_sum_us / u64::from(self.window_frames)) as u32,
            max_us: self.window_max_us,
            missed: self.missed,
        };
        self.window_frames = 0;
        self.window_sum_us = 0;
        self.window_max_us = 0;
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
