//! King Albert (docs/rules/albert.md): nine building
//! stacks dealt 1 to 9 cards, a reserve of seven open cards, four suit
//! stacks. An open game: every card is face up.
//!
//! - [`game`]: the board, the deal, the moves, automatic moves and undo.
//! - [`notation`]: positions and moves as text.
//! - [`solver`]: proves a deal won or lost (memoised search over canonical
//!   positions), with a step API so the console can run it over frames.
//! - [`player`]: the fair heuristic move (the hint when the solver has none).
//!
//! ```
//! use farewell::games::albert::{Game, Options};
//! use farewell::games::Patience;
//! let g = Game::deal(1, Options::default());
//! assert_eq!(g.board().stack_len(8), 9);
//! ```

pub mod game;
pub mod notation;
pub mod player;
pub mod solver;
mod winnable;

pub use game::{fits, Board, From, Game, Illegal, Loss, Move, Options, Plan, StartRank, Status, RESERVE, STACKS};

use super::registry::{on_off, GameInfo, WinnableBudget};
use super::Patience;
use crate::out::Out;
use core::fmt;

/// King Albert in the registry.
pub const INFO: GameInfo = GameInfo {
    name: "King Albert",
    stats_rows: 6,
    // The starting rank: the code's low three bits.
    stats_row: |code| usize::from(code & 7).min(5),
    // The longest legal-move list measured is 67.
    move_bits: 8,
    // Automatic moves on, no starting rank: Options::default().
    default_options: 8,
    options_words,
    row_words: |row, out| {
        let names = ["no start", "aces up", "twos up", "threes up", "fours up", "fives up"];
        out.put_str(names.get(row).copied().unwrap_or("?"))
    },
    winnable: winnable::TABLE,
    // Each starting rank without, then with, automatic moves.
    winnable_codes: &[0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13],
    winnable_args: |code, out| match Game::options_from_code(code) {
        Some(o) => put!(out, "--start-rank ", o.start.name(), if o.auto { "" } else { " --no-auto" }),
        None => Ok(()),
    },
    winnable_budget: WinnableBudget { count: 100, tries: 250, nodes: 2_000_000 },
    ..GameInfo::of::<Game>()
};

/// `starting rank none, automatic moves on`.
fn options_words(code: u8, out: &mut dyn Out) -> fmt::Result {
    match Game::options_from_code(code) {
        Some(o) => put!(out, "starting rank ", o.start.name(), ", automatic moves ", on_off(o.auto)),
        None => put!(out, "code ", code),
    }
}
