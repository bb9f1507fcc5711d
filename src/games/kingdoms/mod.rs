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
pub use game::{Game, Illegal, Land, Loss, Move, Options, Place, Position, Undo};

use crate::games::text::{MoveError, PositionError};
use crate::games::Patience;
use game::Status;
use core::fmt;
use crate::games::registry::{GameInfo, WinnableBudget};

/// Four Kingdoms in the registry: its one option, the automatic moves,
/// changes play, never the deal, nor what a deal's statistics row is.
pub const INFO: GameInfo = GameInfo {
    name: "Four Kingdoms",
    // The longest legal-move list measured is 53.
    move_bits: 8,
    options_words,
    winnable: winnable::TABLE,
    // A safe automatic move never turns a won deal into a lost one
    // (docs/rules/kingdoms.md): the deals proven without them serve.
    winnable_as: |_| 0,
    winnable_budget: WinnableBudget { count: 200, tries: 500, nodes: 200_000 },
    ..GameInfo::of::<Game>()
};

/// `none` (as before the option existed), or `automatic moves on`.
fn options_words(code: u8, out: &mut dyn crate::out::Out) -> fmt::Result {
    match Game::options_from_code(code) {
        Some(Options { auto: true }) => out.put_str("automatic moves on"),
        Some(Options { auto: false }) => out.put_str("none"),
        None => put!(out, "code ", code),
    }
}

impl Patience for Game {
    const ID: &'static str = "kingdoms";
    type Options = Options;
    type Move = Move;
    type Illegal = Illegal;
    type Loss = Loss;

    /// Bit 0: the automatic moves. Every other byte is refused.
    fn options_code(options: Options) -> u8 {
        u8::from(options.auto)
    }

    fn options_from_code(code: u8) -> Option<Options> {
        (code <= 1).then_some(Options { auto: code == 1 })
    }

    fn deal(seed: u32, options: Options) -> Game {
        Game::with_options(seed, options)
    }

    fn options(&self) -> Options {
        self.options
    }

    /// `auto=yes` with automatic moves on; nothing without them (the line
    /// every log before the option had).
    fn write_options(options: Options, out: &mut dyn crate::out::Out) -> fmt::Result {
        if options.auto {
            out.put_str("auto=yes")?;
        }
        Ok(())
    }

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
        notation::write_game_position(self.position(), self.options, out)
    }

    fn parse_position(text: &str) -> Result<Game, PositionError> {
        notation::parse_game_position(text).map(|(p, options)| {
            let mut g = Game::from_position(p);
            g.options = options;
            g
        })
    }
}
