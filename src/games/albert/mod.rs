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
