//! "Winnable deals only": deal numbers the solver has proved winnable, per
//! option set.
//!
//! The table is made on the host by `tools/mkwinnable` (the solver, with
//! the beam widths it needs, takes a few tenths of a second per deal on a
//! PC, and would take seconds to minutes per deal on the PS1's 33 MHz CPU,
//! so the console does not search), and checked in. `tests/winnable.rs`
//! solves the listed deals again and replays the winning lines.

use crate::games::farewell::{KingStart, Options};

mod table;
pub use table::TABLE;

/// One option set and its proven deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Grid columns.
    pub width: u8,
    /// Grid rows.
    pub height: u8,
    /// Kings start.
    pub kings: KingStart,
    /// Easy mode.
    pub easy: bool,
    /// Deal numbers proved winnable with these options.
    pub seeds: &'static [u32],
}

impl Entry {
    /// The options of this entry.
    pub fn options(&self) -> Options {
        Options { width: self.width, height: self.height, kings: self.kings, easy: self.easy }
    }
}

/// The proven deals for these options (none for a custom start or a set
/// where the solver proved none).
pub fn seeds_for(o: Options) -> &'static [u32] {
    TABLE.iter().find(|e| e.options() == o).map_or(&[], |e| e.seeds)
}

/// A proven deal for these options, chosen by `pick` (any number: the
/// frame counter's hash), or `None` when there is none.
pub fn pick(o: Options, pick: u32) -> Option<u32> {
    let seeds = seeds_for(o);
    if seeds.is_empty() {
        None
    } else {
        Some(seeds[pick as usize % seeds.len()])
    }
}
