//! "Winnable deals only": deal numbers each game's solver has proved
//! winnable, per option set, for every game of the collection.
//!
//! The tables are made on the host by `tools/mkwinnable` and checked in,
//! one file a game (`src/games/GAME/winnable.rs`, listed by its
//! [`GameInfo::winnable`](crate::games::GameInfo::winnable)): the solvers
//! take from a few hundredths to a few tenths of a second per deal on a
//! PC, which is seconds to minutes of the PS1's 33 MHz CPU, and a player
//! should not wait for a deal. A deal is listed only when the solver
//! returned a winning line and that line, replayed, won.
//! `tests/winnable.rs` proves a sample of every table again and replays the
//! lines.
//!
//! An option set is looked up by its code, the game's
//! [`Patience::options_code`](crate::games::Patience::options_code). Deal
//! numbers are stored as one-byte gaps from the previous one (the first
//! from 0), ascending.

pub use crate::games::registry::WinnableSet;
use crate::games::GameId;

/// Every option set of `game` its Options screen offers, with the deals
/// proven for it (A Farewell to Kings' custom starts are not listed: the
/// player places those kings, so no deal is proven in advance).
pub fn table(game: GameId) -> &'static [WinnableSet] {
    game.info().winnable
}

/// The set of option code `code` of `game`, if it has one (a code that
/// keeps every won deal won is served by its game's
/// [`winnable_as`](crate::games::GameInfo::winnable_as)).
pub fn set(game: GameId, code: u8) -> Option<&'static WinnableSet> {
    let code = (game.info().winnable_as)(code);
    table(game).iter().find(|e| e.code == code)
}

/// How many deals are proven for option set `code` of `game` (0 for a set
/// the table does not list).
pub fn count(game: GameId, code: u8) -> usize {
    set(game, code).map_or(0, WinnableSet::len)
}

/// A proven deal for option set `code` of `game`, chosen by `pick` (any
/// number: the frame counter's hash), or `None` when there is none.
pub fn pick(game: GameId, code: u8, pick: u32) -> Option<u32> {
    let e = set(game, code)?;
    if e.is_empty() {
        return None;
    }
    e.seeds().nth(pick as usize % e.len())
}
