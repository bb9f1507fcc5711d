//! "Winnable deals only": deal numbers each game's solver has proved
//! winnable, per option set, for every game of the collection.
//!
//! The tables are made on the host by `tools/mkwinnable` and checked in,
//! one file a game (`winnable/farewell.rs`, `corners.rs`, `albert.rs`,
//! `kingdoms.rs`): the solvers take from a few hundredths to a few tenths of
//! a second per deal on a PC, which is seconds to minutes of the PS1's
//! 33 MHz CPU, and a player should not wait for a deal. A deal of King's
//! Corners, King Albert or Four Kingdoms is listed only when the solver
//! returned a winning line and that line, replayed, won. `tests/winnable.rs`
//! proves a sample of every table again and replays the lines.
//!
//! An option set is looked up by its code: the game's
//! [`Patience::options_code`](crate::games::Patience::options_code), or
//! for A Farewell to Kings [`farewell_code`]. Deal numbers are stored as
//! one-byte gaps from the previous one (the first from 0), ascending.

use crate::games::farewell::{KingStart, Options};
use crate::settings::{GameId, GRID_SIZES};

mod albert;
mod corners;
mod farewell;
mod kingdoms;

/// One option set and its proven deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The option set's code.
    pub code: u8,
    /// Each proven deal number less the one before it (the first less 0).
    pub gaps: &'static [u8],
}

impl Entry {
    /// Proven deals.
    pub fn len(&self) -> usize {
        self.gaps.len()
    }

    /// True when the solver proved no deal of this set.
    pub fn is_empty(&self) -> bool {
        self.gaps.is_empty()
    }

    /// The proven deal numbers, ascending.
    pub fn seeds(&self) -> impl Iterator<Item = u32> + 'static {
        self.gaps.iter().scan(0u32, |n, &g| {
            *n = n.saturating_add(u32::from(g));
            Some(*n)
        })
    }
}

/// Every option set of `game` its Options screen offers, with the deals
/// proven for it (A Farewell to Kings' custom starts are not listed: the
/// player places those kings, so no deal is proven in advance).
pub fn table(game: GameId) -> &'static [Entry] {
    match game {
        GameId::Farewell => farewell::TABLE,
        GameId::Corners => corners::TABLE,
        GameId::Albert => albert::TABLE,
        GameId::Kingdoms => kingdoms::TABLE,
    }
}

/// The entry of option set `code` of `game`, if it has one.
pub fn entry(game: GameId, code: u8) -> Option<&'static Entry> {
    table(game).iter().find(|e| e.code == code)
}

/// How many deals are proven for option set `code` of `game` (0 for a set
/// the table does not list).
pub fn count(game: GameId, code: u8) -> usize {
    entry(game, code).map_or(0, Entry::len)
}

/// A proven deal for option set `code` of `game`, chosen by `pick` (any
/// number: the frame counter's hash), or `None` when there is none.
pub fn pick(game: GameId, code: u8, pick: u32) -> Option<u32> {
    let e = entry(game, code)?;
    if e.is_empty() {
        return None;
    }
    e.seeds().nth(pick as usize % e.len())
}

/// A Farewell to Kings' option set as a table code: the grid's place in
/// [`GRID_SIZES`] * 8 + kings start (centre 0, corners 1, random 2) * 2 +
/// easy. `None` for a custom start or a grid the Options screen does not
/// offer.
pub fn farewell_code(o: Options) -> Option<u8> {
    let grid = GRID_SIZES.iter().position(|&g| g == (o.width, o.height))?;
    let kings = match o.kings {
        KingStart::Centre => 0,
        KingStart::Corners => 1,
        KingStart::Random => 2,
        KingStart::Custom => return None,
    };
    Some(grid as u8 * 8 + kings * 2 + u8::from(o.easy))
}

/// The options a [`farewell_code`] stands for.
pub fn farewell_options(code: u8) -> Option<Options> {
    let (width, height) = *GRID_SIZES.get(usize::from(code / 8))?;
    let kings = *[KingStart::Centre, KingStart::Corners, KingStart::Random].get(usize::from(code % 8 / 2))?;
    Some(Options { width, height, kings, easy: code % 2 == 1 })
}
