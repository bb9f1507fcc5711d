//! The Edge: King's Corners (docs/rules/corners.md): `no_std`, no
//! allocation, no panic on any input, the same on the PS1 and on the host.
//!
//! - [`game`]: the matrix, its labels, the rules, moves and exact undo.
//! - [`notation`]: the position and move notation.
//! - [`player`]: the fair player (sees the matrix, the drawn card and which
//!   cards are gone, never the deck's order), thinking in slices of work.
//! - [`judge`]: the round's chance over the cards not seen (exact, sliced)
//!   and the judging player.
//! - [`expect`]: the expectimax player over the cards not seen (the host's
//!   strongest fair player).
//! - [`solver`]: the exact solver (knows the deck's order), an explicit-stack
//!   depth-first search with memoisation that also works in slices.
//!
//! ```
//! use farewell::games::corners::{Game, Move, Phase};
//! use farewell::games::Patience;
//! let g = Game::deal(42);
//! assert_eq!(g.phase(), Phase::Place);
//! assert_eq!(g.deck_len(), 51);
//! assert!(g.next().is_some());
//! ```

pub mod expect;
pub mod game;
pub mod judge;
pub mod notation;
pub mod player;
pub mod solver;
mod winnable;

pub use crate::cards::{Card, Rank, Suit};
pub use game::{Cell, Game, Group, Illegal, Label, Loss, Move, Phase, Status};

use super::registry::{GameInfo, WinnableBudget};

/// The Edge: King's Corners in the registry: no deal options.
pub const INFO: GameInfo = GameInfo {
    name: "The Edge: King's Corners",
    // At most 372 groups make 10 among twelve number cards, and one draw.
    move_bits: 9,
    winnable: winnable::TABLE,
    winnable_budget: WinnableBudget { count: 200, tries: 400, nodes: 200_000 },
    ..GameInfo::of::<Game>()
};
