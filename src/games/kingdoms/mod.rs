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

use crate::games::text::{MoveError, PositionError};
use crate::games::Patience;
use game::Status;
use core::fmt;
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

impl Patience for Game {
    const ID: &'static str = "kingdoms";
    type Options = ();
    type Move = Move;
    type Illegal = Illegal;
    type Loss = Loss;

    fn options_code(_: ()) -> u8 {
        0
    }

    fn options_from_code(code: u8) -> Option<()> {
        (code == 0).then_some(())
    }

    fn deal(seed: u32, _: ()) -> Game {
        Game::new(seed)
    }

    fn options(&self) {}

    fn status(&self) -> Status {
        self.status
    }

    fn for_each_legal(&self, f: &mut dyn FnMut(Move)) {
        self.position().for_each_legal(f)
    }

    fn play(&mut self, m: Move) -> Result<(), Illegal> {
        Game::play(self, m).map(|_| ())
    }

    fn undo(&mut self) -> bool {
        Game::undo(self).is_some()
    }

    fn move_count(&self) -> usize {
        self.played
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        notation::parse_move(token)
    }

    fn write_position(&self, out: &mut dyn crate::out::Out) -> fmt::Result {
        notation::write_position(self.position(), out)
    }

    fn parse_position(text: &str) -> Result<Game, PositionError> {
        notation::parse_position(text).map(Game::from_position)
    }
}
