//! The registry: what the shared parts know of each game, one [`GameInfo`]
//! a game, listed once by [`for_each_game!`](crate::for_each_game).
//!
//! The save, the settings, the winnable tables, the screens' catalogue and
//! the host tools (`kings`, `mcd`, `mkwinnable`) walk [`GAMES`] and name no
//! game. A game's place in the list is its [`GameId`], which the save keeps:
//! append, never reorder.

use super::{Patience, GAMES};
use crate::out::{Out, Text};
use core::fmt;

/// A game of the collection: its place in [`GAMES`] (and in the title's
/// list), which is also its code in the save.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u8);

impl GameId {
    /// The game with this save code; `None` past the end of the list.
    pub const fn from_code(code: u8) -> Option<GameId> {
        if (code as usize) < GAMES.len() {
            Some(GameId(code))
        } else {
            None
        }
    }

    /// The game at place `i` of [`GAMES`] (a compile-time error past its
    /// end when evaluated in a `const`).
    pub const fn nth(i: usize) -> GameId {
        assert!(i < GAMES.len(), "no game at this place");
        GameId(i as u8)
    }

    /// Its code in the save: its place in [`GAMES`].
    pub const fn code(self) -> u8 {
        self.0
    }

    /// Its place in [`GAMES`], as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// What the shared parts know of it.
    pub const fn info(self) -> &'static GameInfo {
        GAMES[self.0 as usize]
    }

    /// The id in positions, the event log and `kings GAME`.
    pub const fn id(self) -> &'static str {
        self.info().id
    }

    /// The name on the title screen.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Every game, in the list's order.
    pub fn all() -> impl Iterator<Item = GameId> + Clone {
        (0..GAMES.len() as u8).map(GameId)
    }
}

/// Strings equal (a `const` `==`).
pub const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Moves of a game in progress the save keeps: a longer game is saved
/// without its game in progress (its settings and statistics still are).
pub const SAVED_MOVES: usize = 400;

/// One option set of a game's "winnable deals only" table and its proven
/// deals (made by `tools/mkwinnable`, checked in as `games/GAME/winnable.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinnableSet {
    /// The option set's code ([`Patience::options_code`]).
    pub code: u8,
    /// Each proven deal number less the one before it (the first less 0).
    pub gaps: &'static [u8],
}

impl WinnableSet {
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

/// How `tools/mkwinnable` makes a game's winnable table: up to `count`
/// deals per option set from deals 1 to `tries`, each proved within
/// `nodes` solver nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinnableBudget {
    /// Deals listed per option set, at most.
    pub count: u32,
    /// Deals tried: 1 to `tries`.
    pub tries: u32,
    /// Solver nodes per deal.
    pub nodes: u64,
}

/// Why a saved game does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The options code is not one of the game's.
    Options(u8),
    /// Move number `.0` (from 0) is not in its turn's legal-move list.
    Illegal(u16),
}

/// Writes a move of a replay (the registry's type-erased replay hands each
/// move over as text).
pub type MoveSink<'a> = &'a mut dyn FnMut(&dyn Text);

/// A game's replay of a saved game ([`GameInfo::replay`]).
pub type Replay =
    fn(seed: u32, code: u8, saved: &[u16], moves: MoveSink, status: &mut dyn Out) -> Result<(), ReplayError>;

/// What the shared parts know of a game: `id`, `options_ok` and `replay`
/// come from its [`Patience`] through [`GameInfo::of`], the rest is its
/// own.
#[derive(Clone, Copy)]
pub struct GameInfo {
    /// The id in positions, the event log and `kings GAME` ([`Patience::ID`]).
    pub id: &'static str,
    /// The name on the title screen.
    pub name: &'static str,
    /// What the record of a win counts, in words: `deals` (the fewest
    /// deals of the stock) or `moves`.
    pub record: &'static str,
    /// Statistics rows the save keeps for it (at most [`MAX_ROWS`]).
    pub stats_rows: usize,
    /// The statistics row a game with this option code counts in.
    pub stats_row: fn(code: u8) -> usize,
    /// The longest game in progress the save keeps (at most [`SAVED_MOVES`]).
    pub saved_moves: usize,
    /// Bits the save keeps a move in (1 to [`MAX_MOVE_BITS`]): a move is
    /// its place in the legal-move list, so the list must never be longer
    /// than 2^bits (`tests/save.rs` measures each game's longest).
    pub move_bits: u8,
    /// The option code of a first boot.
    pub default_options: u8,
    /// True for a byte that is one of its option codes.
    pub options_ok: fn(code: u8) -> bool,
    /// The options of a code in words, as `mcd` prints them (`none` for a
    /// game without options).
    pub options_words: fn(code: u8, out: &mut dyn Out) -> fmt::Result,
    /// A statistics row's name, as `mcd` prints it.
    pub row_words: fn(row: usize, out: &mut dyn Out) -> fmt::Result,
    /// Replays a saved game (deal, then each move by its place in the
    /// legal-move list), handing each move to `moves` and writing where the
    /// game then stands to `status` ([`Patience::write_status_words`]).
    pub replay: Replay,
    /// The option sets its Options screen offers that have proven deals,
    /// and those deals.
    pub winnable: &'static [WinnableSet],
    /// The option code whose proven deals serve a code (itself, unless an
    /// option changes play in a way that keeps every won deal won, as a
    /// safe automatic move does).
    pub winnable_as: fn(code: u8) -> u8,
    /// The option codes `tools/mkwinnable` proves deals for, in the order
    /// it writes them: every set the Options screen offers whose deal the
    /// player does not arrange.
    pub winnable_codes: &'static [u8],
    /// The command-line options of an option code, as `kings GAME
    /// winnable` takes them (what `tools/mkwinnable` passes).
    pub winnable_args: fn(code: u8, out: &mut dyn Out) -> fmt::Result,
    /// How `tools/mkwinnable` makes the winnable table.
    pub winnable_budget: WinnableBudget,
}

/// Most statistics rows any game keeps.
pub const MAX_ROWS: usize = 48;

/// The widest move the save format keeps: a legal-move list of up to 4,096.
pub const MAX_MOVE_BITS: u8 = 12;

impl GameInfo {
    /// The registry's entry of game `G` as a game without deal options
    /// (one statistics row, no option words, no winnable table) would have
    /// it: a game's `INFO` sets its own words over it,
    /// `GameInfo { name: "King Albert", ..GameInfo::of::<Game>() }`.
    pub const fn of<G: Patience>() -> GameInfo {
        GameInfo {
            id: G::ID,
            name: G::ID,
            record: "moves",
            stats_rows: 1,
            stats_row: one_row,
            saved_moves: SAVED_MOVES,
            move_bits: MAX_MOVE_BITS,
            default_options: 0,
            options_ok: options_ok::<G>,
            options_words: no_options_words,
            row_words: one_row_words,
            replay: replay_words::<G>,
            winnable: &[],
            winnable_as: same_code,
            winnable_codes: &[0],
            winnable_args: no_args,
            winnable_budget: WinnableBudget { count: 0, tries: 0, nodes: 0 },
        }
    }
}

impl fmt::Debug for GameInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

fn options_ok<G: Patience>(code: u8) -> bool {
    G::options_from_code(code).is_some()
}

fn replay_words<G: Patience>(
    seed: u32,
    code: u8,
    saved: &[u16],
    moves: MoveSink,
    status: &mut dyn Out,
) -> Result<(), ReplayError> {
    let g = replay_each::<G>(seed, code, saved, &mut |m| moves(m))?;
    g.write_status_words(status).map_err(|_| ReplayError::Illegal(saved.len() as u16))
}

/// Replays a saved game of `G`: deals `seed` with the options of `code`
/// and plays each move by its place in its turn's legal-move list (how
/// the save keeps moves, [`position_of`]).
pub fn replay<G: Patience>(seed: u32, code: u8, saved: &[u16]) -> Result<G, ReplayError> {
    replay_each::<G>(seed, code, saved, &mut |_| {})
}

/// [`replay`], calling `each` with every move played.
pub fn replay_each<G: Patience>(
    seed: u32,
    code: u8,
    saved: &[u16],
    each: &mut dyn FnMut(&G::Move),
) -> Result<G, ReplayError> {
    let options = G::options_from_code(code).ok_or(ReplayError::Options(code))?;
    let mut g = G::deal(seed, options);
    for (i, &n) in saved.iter().enumerate() {
        let m = nth_legal(&g, n).ok_or(ReplayError::Illegal(i as u16))?;
        g.play(m).map_err(|_| ReplayError::Illegal(i as u16))?;
        each(&m);
    }
    Ok(g)
}

/// The place of `m` in the legal-move list of `g` (as `for_each_legal`
/// lists them), if it is there and within `u16`: how the save keeps a move.
pub fn position_of<G: Patience>(g: &G, m: G::Move) -> Option<u16> {
    let (mut i, mut found) = (0u32, None);
    g.for_each_legal(&mut |x| {
        if found.is_none() && x == m {
            found = u16::try_from(i).ok();
        }
        i += 1;
    });
    found
}

/// The legal move at place `n` of the list, if there is one.
pub fn nth_legal<G: Patience>(g: &G, n: u16) -> Option<G::Move> {
    let (mut i, mut found) = (0u32, None);
    g.for_each_legal(&mut |x| {
        if i == u32::from(n) {
            found = Some(x);
        }
        i += 1;
    });
    found
}

/// [`GameInfo::winnable_as`] of a game whose every option set has its own
/// proven deals.
fn same_code(code: u8) -> u8 {
    code
}

/// [`GameInfo::options_words`] of a game without deal options.
pub fn no_options_words(_: u8, out: &mut dyn Out) -> fmt::Result {
    out.put_str("none")
}

/// [`GameInfo::stats_row`] of a game that keeps one statistics row.
pub fn one_row(_: u8) -> usize {
    0
}

/// [`GameInfo::row_words`] of a game that keeps one statistics row.
pub fn one_row_words(_: usize, out: &mut dyn Out) -> fmt::Result {
    out.put_str("all deals")
}

/// `on` or `off`.
pub fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// [`GameInfo::winnable_args`] of a game without deal options.
pub fn no_args(_: u8, _: &mut dyn Out) -> fmt::Result {
    Ok(())
}

/// The game `kings GAME` names (either case).
pub fn find(name: &str) -> Option<GameId> {
    GameId::all().find(|g| g.id().eq_ignore_ascii_case(name))
}
