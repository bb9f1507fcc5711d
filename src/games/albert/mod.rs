//! King Albert (docs/rules/albert.md): nine building
//! stacks dealt 1 to 9 cards, a reserve of seven open cards, four suit
//! stacks. An open game: every card is face up.
//!
//! - [`game`]: the board, the deal, the moves, automatic moves and undo.
//! - [`notation`]: positions and moves as text.
//! - [`solver`]: proves a deal won or lost (memoised search over canonical
//!   positions), with a step API so the console can run it over frames.
//! - [`player`]: the fair heuristic move (the hint when the solver has none).
//! - [`hint`]: the console's hint, quick then deep, as a player meets it.
//!
//! ```
//! use farewell::games::albert::{Game, Options};
//! use farewell::games::Patience;
//! let g = Game::deal(1, Options::default());
//! assert_eq!(g.board().stack_len(8), 9);
//! ```

pub mod game;
pub mod hint;
pub mod notation;
pub mod player;
pub mod solver;
mod winnable;

pub use game::{fits, Board, From, Game, Illegal, Loss, Move, Options, Plan, StartRank, Status, RESERVE, STACKS};

use game::Record;
use super::text::{MoveError, PositionError};
use crate::cards::Suit;
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
        self.options
    }

    fn status(&self) -> Status {
        self.status
    }

    /// None once the game is over.
    fn for_each_legal(&self, f: &mut dyn FnMut(Move)) {
        if self.status.is_over() {
            return;
        }
        self.board.each_legal(&mut |m| {
            f(m);
            true
        });
    }

    /// The automatic moves that follow (when on) are part of the move.
    fn play(&mut self, m: Move) -> Result<(), Illegal> {
        let plan = self.check(m)?;
        self.board.apply(plan);
        let mut autos = 0u8;
        if self.options.auto {
            while let Some(at) = self.board.auto_due() {
                let Some(c) = self.board.auto_card(at) else { break };
                self.board.auto_to_foundation(at);
                if self.autos.is_full() {
                    // Cannot happen (see MAX_AUTOS); forget the oldest move
                    // rather than fail.
                    self.drop_oldest();
                }
                let _ = self.autos.push_back((c.suit() as u8) << 4 | at as u8);
                autos += 1;
            }
        }
        if self.history.is_full() {
            self.drop_oldest();
        }
        let _ = self.history.push_back(Record { plan, autos });
        self.moves = self.moves.saturating_add(1);
        self.status = self.compute_status();
        Ok(())
    }

    /// Takes back the automatic moves the move caused too.
    fn undo(&mut self) -> bool {
        let Some(r) = self.history.pop_back() else { return false };
        for _ in 0..r.autos {
            if let Some(a) = self.autos.pop_back() {
                let suit = Suit::ALL[usize::from(a >> 4) & 3];
                self.board.foundation_to(suit, usize::from(a & 15));
            }
        }
        self.board.unapply(r.plan);
        self.moves = self.moves.saturating_sub(1);
        self.status = self.compute_status();
        true
    }

    fn move_count(&self) -> usize {
        self.moves as usize
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
