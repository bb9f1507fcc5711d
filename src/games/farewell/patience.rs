//! A Farewell to Kings as a [`Patience`], the contract every game of the
//! collection keeps: the shared parts (the save, the event log, the
//! screens) treat it as any other game.
//!
//! The game's own API ([`Game::new`], [`Game::apply`] with its
//! [`Outcome`](super::Outcome), [`notation`]) is what `aftk` and `kings
//! farewell` use: their output comes from it, not from this contract. What
//! the contract adds:
//!
//! - a one-byte options code, [`code`]: the console's option sets only
//!   (grid sizes of [`GRID_SIZES`]);
//! - a fixed order of the legal moves ([`for_each_legal`](Patience::for_each_legal)),
//!   so a move can be saved as its place in that list;
//! - `undo` kept apart from the moves: [`Patience::play`] refuses
//!   [`Move::Undo`] and [`Patience::parse_move`] refuses `undo`.

use super::game::{Game, Illegal, KingStart, Loss, Move, Options, Status as OwnStatus};
use super::grid::{MAX_H, MAX_W, MIN_H, MIN_W};
use super::notation;
use crate::games::text::{MoveError, PositionError, Quote};
use super::game::MAX_MOVES;
use crate::games::registry::{on_off, WinnableBudget};
use crate::games::{GameInfo, Patience, Status};
use crate::out::{Out, Text};
use core::fmt;

/// The grid sizes the console's Options screen offers (columns, rows): the
/// default 12x8, smaller (harder) ones, and larger ones up to the 14x9
/// maximum. Their places in this list are part of the save and of the
/// winnable table's codes: append, never reorder.
pub const GRID_SIZES: [(u8, u8); 6] = [(6, 4), (8, 5), (10, 6), (12, 8), (13, 9), (14, 9)];

/// Option codes in use: 0 to `CODES - 1`.
pub const CODES: u8 = GRID_SIZES.len() as u8 * 8;

/// The kings starts in code order.
const KINGS: [KingStart; 4] = [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom];

/// The options code: the grid's place in [`GRID_SIZES`] * 8 + kings start
/// (centre 0, corners 1, random 2, custom 3) * 2 + easy (0 or 1), so 0 to
/// 47. It is also the row of the game's statistics and, for the three
/// dealt starts, the winnable table's code. `None` for a grid the console
/// does not offer (`aftk` may deal any size from 6x4 to 14x9).
pub fn code(o: Options) -> Option<u8> {
    let grid = GRID_SIZES.iter().position(|&g| g == (o.width, o.height))?;
    let kings = KINGS.iter().position(|&k| k == o.kings)?;
    Some(grid as u8 * 8 + kings as u8 * 2 + u8::from(o.easy))
}

/// The options of a [`code`]; `None` for 48 and above.
pub fn options_of(code: u8) -> Option<Options> {
    let (width, height) = *GRID_SIZES.get(usize::from(code / 8))?;
    let kings = KINGS[usize::from(code % 8 / 2)];
    Some(Options { width, height, kings, easy: code % 2 == 1 })
}

impl crate::out::Text for Loss {
    /// The reason in words, as [`Loss::describe`] gives it.
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        f.put_str(self.describe())
    }
}

/// A Farewell to Kings in the registry.
pub const INFO: GameInfo = GameInfo {
    name: "A Farewell to Kings",
    record: "deals",
    stats_rows: CODES as usize,
    stats_row: |code| usize::from(code),
    saved_moves: MAX_MOVES,
    // The longest legal-move list is a custom start's first: four kings,
    // each on any of up to 126 cells (504).
    move_bits: 10,
    // 12x8 (the fourth grid size), kings in the centre, not easy.
    default_options: 3 * 8,
    options_words,
    row_words: |row, out| options_words(row as u8, out),
    winnable: super::winnable::TABLE,
    winnable_codes: &WINNABLE_CODES,
    winnable_args,
    winnable_budget: WinnableBudget { count: 32, tries: 80, nodes: 100_000 },
    ..GameInfo::of::<Game>()
};

/// Every option code but those of a custom start (kings code 3), whose
/// kings the player places.
const WINNABLE_CODES: [u8; GRID_SIZES.len() * 6] = {
    let mut codes = [0; GRID_SIZES.len() * 6];
    let (mut code, mut i) = (0, 0);
    while code < CODES {
        if code % 8 / 2 != 3 {
            codes[i] = code;
            i += 1;
        }
        code += 1;
    }
    codes
};

/// `grid 12x8, kings centre, easy off`.
fn options_words(code: u8, out: &mut dyn Out) -> fmt::Result {
    match options_of(code) {
        Some(o) => put!(out, "grid ", o.width, "x", o.height, ", kings ", o.kings.name(), ", easy ", on_off(o.easy)),
        None => put!(out, "code ", code),
    }
}

/// `--grid 12x8 --kings centre --easy`.
fn winnable_args(code: u8, out: &mut dyn Out) -> fmt::Result {
    match options_of(code) {
        Some(o) => put!(out, "--grid ", o.width, "x", o.height, " --kings ", o.kings.name(), if o.easy { " --easy" } else { "" }),
        None => Ok(()),
    }
}

impl Patience for Game {
    const ID: &'static str = "farewell";
    type Options = Options;
    type Move = Move;
    type Illegal = Illegal;
    type Loss = Loss;

    /// See [`code`]; a grid the console does not offer gives 0xFF, a byte
    /// [`Patience::options_from_code`] refuses.
    fn options_code(options: Options) -> u8 {
        code(options).unwrap_or(0xFF)
    }

    fn options_from_code(code: u8) -> Option<Options> {
        options_of(code)
    }

    /// A grid outside 6x4 to 14x9 is brought to the nearest size allowed
    /// (`deal` never fails); [`Patience::options`] then tells the size
    /// played.
    fn deal(seed: u32, options: Options) -> Self {
        let o =
            Options { width: options.width.clamp(MIN_W, MAX_W), height: options.height.clamp(MIN_H, MAX_H), ..options };
        Game::deal_in_range(seed, o)
    }

    fn options(&self) -> Options {
        Game::options(self)
    }

    /// Placing the kings of a custom start counts as playing.
    fn status(&self) -> Status<Loss> {
        match Game::status(self) {
            OwnStatus::PlacingKings | OwnStatus::Playing => Status::Playing,
            OwnStatus::Won => Status::Won,
            OwnStatus::Lost(l) => Status::Lost(l),
        }
    }

    /// In this order: the kings still to place (custom start), the waiting
    /// orphans, the hand from its left slot, each card on its cells in
    /// row-major order; then the deal. The save keeps moves as their places
    /// in this list: keep the order.
    fn for_each_legal(&self, f: &mut dyn FnMut(Move)) {
        let mut each_card = |c| {
            for cell in self.playable_cells(c).iter() {
                f(Move::Place(c, cell));
            }
        };
        self.kings_to_place().for_each(&mut each_card);
        self.orphans().iter().copied().for_each(&mut each_card);
        self.hand().into_iter().flatten().for_each(&mut each_card);
        if self.check_deal().is_ok() {
            f(Move::Deal);
        }
    }

    /// Refuses [`Move::Undo`] with [`Illegal::Undo`]: take back with
    /// [`Patience::undo`].
    fn play(&mut self, m: Move) -> Result<(), Illegal> {
        match m {
            Move::Undo => Err(Illegal::Undo),
            m => self.apply(m).map(|_| ()),
        }
    }

    fn undo(&mut self) -> bool {
        Game::undo(self).is_ok()
    }

    fn move_count(&self) -> usize {
        Game::move_count(self)
    }

    /// `placing kings` while a custom start's kings are being placed.
    fn write_status_words(&self, out: &mut dyn Out) -> fmt::Result {
        match Game::status(self) {
            OwnStatus::PlacingKings => out.put_str("placing kings"),
            _ => Patience::status(self).text(out),
        }
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        match notation::parse_move(token) {
            Some(Move::Undo) | None => Err(MoveError::new(&[&Quote(token), &" is not a move (like 9h@r2c4 or deal)"])),
            Some(m) => Ok(m),
        }
    }

    fn write_position(&self, out: &mut dyn crate::out::Out) -> fmt::Result {
        notation::write_position(self, out)
    }

    fn write_options(o: Options, out: &mut dyn crate::out::Out) -> fmt::Result {
        let easy = if o.easy { "yes" } else { "no" };
        put!(out, "grid=", o.width, "x", o.height, " kings=", o.kings.name(), " easy=", easy)
    }

    fn parse_position(text: &str) -> Result<Self, PositionError> {
        notation::parse_position(text).map_err(|e| PositionError::at(e.line, &[&e.message]))
    }
}

crate::display_via_text!(Loss);
