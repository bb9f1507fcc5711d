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
pub mod hint;
pub mod judge;
pub mod notation;
pub mod player;
pub mod solver;
mod winnable;

pub use crate::cards::{Card, Rank, Suit};
pub use game::{Cell, Game, Group, Illegal, Label, Loss, Move, Phase, Status};

use game::DRAW;
use game::CLEAR;
use game::CELLS;
use game::Record;
use game::DREW;
use game::PLACE;
use game::EMPTY;
use game::Groups;
use game::is_face;
use game::FACES;
use super::text::{MoveError, PositionError};
use super::Patience;
use core::fmt;
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

impl Patience for Game {
    const ID: &'static str = "corners";
    type Options = ();
    type Move = Move;
    type Illegal = Illegal;
    type Loss = Loss;

    fn options_code(_options: ()) -> u8 {
        0
    }

    fn options_from_code(code: u8) -> Option<()> {
        (code == 0).then_some(())
    }

    fn deal(seed: u32, _options: ()) -> Self {
        Game::deal(seed)
    }

    fn options(&self) {}

    /// Won is checked first: the moment the twelfth face card is placed the
    /// game is won, whatever else holds.
    fn status(&self) -> Status {
        if self.faces_placed() == FACES {
            return Status::Won;
        }
        match self.phase {
            Phase::Place => match self.next() {
                Some(c) if is_face(c) && self.free_for(c) == 0 => Status::Lost(Loss::NoCell(c)),
                _ => Status::Playing,
            },
            Phase::Match if !self.any_group() => Status::Lost(Loss::NoGroup),
            _ => Status::Playing,
        }
    }

    /// The drawn card's cells in row-major order; or every group adding up
    /// to 10 (in [`Groups`] order), then `draw` when allowed.
    fn for_each_legal(&self, f: &mut dyn FnMut(Move)) {
        if self.status().is_over() {
            return;
        }
        match self.phase {
            Phase::Place => {
                if let Some(c) = self.next() {
                    let free = self.free_for(c);
                    for cell in Cell::all().filter(|cell| free & (1 << cell.0) != 0) {
                        f(Move::Place(c, cell));
                    }
                }
            }
            Phase::Match | Phase::MatchMore => {
                let mut groups = Groups::new(self.values());
                while let Some(mask) = groups.next_mask() {
                    if let Some(g) = self.group(mask) {
                        f(Move::Clear(g));
                    }
                }
                if self.phase == Phase::MatchMore && !self.deck.is_empty() {
                    f(Move::Draw);
                }
            }
        }
    }

    /// A placement that leaves the matrix not full draws the next card,
    /// unless it won.
    fn play(&mut self, m: Move) -> Result<(), Illegal> {
        let cells = self.check(m)?;
        let before = self.phase.bits() << 2;
        match m {
            Move::Place(card, cell) => {
                self.matrix[usize::from(cell.0)] = card.index();
                self.next = EMPTY;
                let mut info = PLACE | before;
                if self.empty_cells() == 0 {
                    self.phase = Phase::Match;
                } else if self.faces_placed() < FACES {
                    if let Some(c) = self.deck.pop() {
                        self.next = c.index();
                        info |= DREW;
                    }
                }
                self.push(Record { cells: u16::from(cell.0), info });
            }
            Move::Clear(_) => {
                for i in 0..CELLS {
                    if cells & (1 << i) != 0 {
                        if let Some(c) = Card::from_index(self.matrix[i]) {
                            let _ = self.discard.push(c);
                        }
                        self.matrix[i] = EMPTY;
                    }
                }
                self.phase = Phase::MatchMore;
                self.push(Record { cells, info: CLEAR | before });
            }
            Move::Draw => {
                self.next = self.deck.pop().map_or(EMPTY, Card::index);
                self.phase = Phase::Place;
                self.push(Record { cells: 0, info: DRAW | before });
            }
        }
        Ok(())
    }

    /// False also at the deal or the position read.
    fn undo(&mut self) -> bool {
        let Some(r) = self.records.pop() else { return false };
        match r.info & 3 {
            PLACE => {
                if r.info & DREW != 0 {
                    if let Some(c) = Card::from_index(self.next) {
                        let _ = self.deck.push(c);
                    }
                }
                let i = usize::from(r.cells) % CELLS;
                self.next = self.matrix[i];
                self.matrix[i] = EMPTY;
            }
            CLEAR => {
                for i in (0..CELLS).rev() {
                    if r.cells & (1 << i) != 0 {
                        self.matrix[i] = self.discard.pop().map_or(EMPTY, Card::index);
                    }
                }
            }
            _ => {
                if let Some(c) = Card::from_index(self.next) {
                    let _ = self.deck.push(c);
                }
                self.next = EMPTY;
            }
        }
        self.phase = Phase::from_bits(r.info >> 2);
        true
    }

    fn move_count(&self) -> usize {
        self.records.len()
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, token)
    }

    fn write_position(&self, out: &mut dyn crate::out::Out) -> fmt::Result {
        notation::write_position(self, out)
    }

    fn parse_position(text: &str) -> Result<Self, PositionError> {
        notation::parse_position(text)
    }
}
