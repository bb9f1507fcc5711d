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

pub use game::{fits, Board, From, Game, Illegal, Loss, Move, Options, Plan, StartRank, Status, RESERVE, STACKS};

use super::text::{MoveError, PositionError};
use super::Patience;
use core::fmt;

impl Patience for Game {
    const ID: &'static str = "albert";
    type Options = Options;
    type Move = Move;
    type Illegal = Illegal;
    type Loss = Loss;

    /// Bits 0-2: the starting rank (0 none, 1 aces ... 5 fives); bit 3: the
    /// automatic moves. Every other byte is refused.
    fn options_code(options: Options) -> u8 {
        options.start.count() | u8::from(options.auto) << 3
    }

    fn options_from_code(code: u8) -> Option<Options> {
        if code & !0x0F != 0 {
            return None;
        }
        let start = *StartRank::ALL.get(usize::from(code & 7))?;
        Some(Options { start, auto: code & 8 != 0 })
    }

    fn deal(seed: u32, options: Options) -> Self {
        Game::new(seed, options)
    }

    fn options(&self) -> Options {
        Game::options(self)
    }

    fn status(&self) -> Status {
        Game::status(self)
    }

    fn for_each_legal(&self, f: &mut dyn FnMut(Move)) {
        Game::for_each_legal(self, f)
    }

    fn play(&mut self, m: Move) -> Result<(), Illegal> {
        Game::play(self, m)
    }

    fn undo(&mut self) -> bool {
        Game::undo(self)
    }

    fn move_count(&self) -> usize {
        Game::move_count(self)
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        notation::parse_move(token)
    }

    fn write_position(&self, out: &mut dyn crate::out::Out) -> fmt::Result {
        notation::write_position(self, out)
    }

    fn write_options(o: Options, out: &mut dyn crate::out::Out) -> fmt::Result {
        put!(out, "start=", o.start.name(), " auto=", if o.auto { "yes" } else { "no" })
    }

    fn parse_position(text: &str) -> Result<Self, PositionError> {
        notation::parse_position(text)
    }
}
