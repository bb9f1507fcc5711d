//! Four Kingdoms (David Bernazzani's patience; docs/rules/kingdoms.md):
//! `no_std`, no allocation, no panic on any input.
//!
//! - [`game`]: the rules ([`Position`], its moves and exact undo; [`Game`],
//!   a position with its undo history).
//! - [`notation`]: positions and moves as text.
//! - [`player`]: the fair player, which sees only what a player sees.
//! - [`solver`]: the solver, which knows every card.
//!
//! ```
//! use farewell::games::kingdoms::{Game, Move};
//! use farewell::games::{Patience, Status};
//! let mut g = Game::new(1);
//! assert_eq!(g.status(), Status::Playing);
//! assert_eq!(g.position().talon_len(), 24);
//! g.play(Move::Draw).unwrap();
//! assert_eq!(g.position().waste().len(), 1);
//! ```

pub mod game;
pub mod notation;
pub mod player;
pub mod solver;
mod winnable;

pub use crate::cards::{Card, Rank, Suit};
pub use game::{Game, Illegal, Land, Loss, Move, Place, Position, Undo};

use crate::games::registry::{GameInfo, WinnableBudget};

/// Four Kingdoms in the registry: no deal options.
pub const INFO: GameInfo = GameInfo {
    name: "Four Kingdoms",
    // The longest legal-move list measured is 53.
    move_bits: 8,
    winnable: winnable::TABLE,
    winnable_budget: WinnableBudget { count: 200, tries: 500, nodes: 200_000 },
    ..GameInfo::of::<Game>()
};
