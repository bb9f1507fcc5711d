//! The rules engine of A Farewell to Kings: `no_std`, no allocation, no
//! panic on any input, the same on the PS1 and on the host.
//!
//! - [`grid`]: cells and 128-bit cell sets (the frontier of empty cells next
//!   to a card, legal cells, highlights: a few shifts and masks each).
//! - [`game`]: the rules, moves, outcomes and undo.
//! - [`notation`]: the position and move notation.
//! - [`plan`]: book sites, the judgement of a position both players use.
//! - [`player`]: the fair player (hints, the attract-mode demo), also as a
//!   [`player::Thinker`] that spreads its work over frames.
//! - [`solver`]: the perfect-information solver (beam search, then an
//!   exhaustive search that can prove a deal lost).
//! - [`patience`]: the game as a [`crate::games::Patience`], like the other
//!   three, with its one-byte options code and its order of legal moves.
//!
//! ```
//! use farewell::games::farewell::{Game, Options, Move, Status};
//! let g = Game::new(42, Options::default()).unwrap();
//! assert_eq!(g.status(), Status::Playing);
//! assert_eq!(g.hand().iter().flatten().count(), 4);
//! ```

pub mod game;
pub mod grid;
pub mod notation;
pub mod patience;
pub mod plan;
pub mod player;
pub mod solver;
mod winnable;

pub use crate::cards::{Card, Rank, Suit};
pub use game::{
    DealRefusal, Game, Illegal, KingStart, Loss, Move, Options, Outcome, RemovedBook, Side, Source, Status,
};
pub use grid::{Cell, CellSet};
pub use patience::{GRID_SIZES, INFO};
