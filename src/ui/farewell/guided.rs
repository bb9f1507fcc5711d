//! A Farewell to Kings' guided deal ("How to play" in its menu): the steps
//! of [`GUIDED`], played on the game's own screen ([`Play`]) through the
//! shared mechanism ([`super::super::guided`]), and its marks drawn.
//!
//! The deal: the default 12x8 grid, kings in the centre, books A to 8
//! already gone, so that the sixteen cards left (nines to queens) make a
//! whole game in 22 moves. Its stock was ordered so that, in that short a
//! game, every idea of the rules shows once: a card placed by the suit of
//! its only neighbour (9♠ above K♠) and one matching two (9♣: K♣'s suit,
//! 9♠'s rank); a book forming; a book complete early that waits (the tens,
//! before the nines) and then leaves in order; a card placed by a book
//! only (J♥ by 9♥) lifted as an orphan when that book leaves and placed
//! again; the trap of Rob Steward's fourth strategy point, a book's cards
//! placed the wrong way round (10♥ where 10♠ belongs leaves the tens' last
//! cell under K♥, where only 10♥ fits: no win is left), played and taken
//! back; and the kings' farewell. Row 0 stays empty all through: the band
//! of the guide's words lies there.

use super::{AnimKind, Cell, Game, Layout, Move, Play, MAX_ANIMS};
use crate::cards::{Card, Rank, Suit};
use crate::draw::DrawList;
use crate::input::Input;
use crate::ui::guided::{self, Guide, GuidedDeal, Step};
use crate::ui::paint::{palette, ring, Skin, SAFE_LEFT, SAFE_TOP};
use crate::ui::table::{mark_target, Table};

/// What a step marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A card, wherever it is: on the grid, in the hand, waiting as an
    /// orphan.
    Card(Card),
    /// An empty cell (where a card may go).
    Cell(Cell),
    /// The hand's four slots.
    Hand,
}

/// The guided deal's opening position.
const START: &str = "grid: 12x8
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . Ks Kc Kd Kh . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
hand: 9s 9c Td Qs
stock: Th Ts 9h Jh Tc 9d Js Qh Jd Jc Qd Qc
removed: A 2 3 4 5 6 7 8
";

const fn card(rank: u8, suit: Suit) -> Card {
    match Rank::new(rank) {
        Some(r) => Card::new(r, suit),
        None => panic!("no such rank"),
    }
}

const fn at(row: u8, col: u8) -> Cell {
    Cell::new(row, col)
}

const fn put(c: Card, row: u8, col: u8) -> Move {
    Move::Place(c, Cell::new(row, col))
}

const S9: Card = card(9, Suit::Spades);
const H9: Card = card(9, Suit::Hearts);
const D9: Card = card(9, Suit::Diamonds);
const C9: Card = card(9, Suit::Clubs);
const ST: Card = card(10, Suit::Spades);
const HT: Card = card(10, Suit::Hearts);
const DT: Card = card(10, Suit::Diamonds);
const CT: Card = card(10, Suit::Clubs);
const SJ: Card = card(11, Suit::Spades);
const HJ: Card = card(11, Suit::Hearts);
const DJ: Card = card(11, Suit::Diamonds);
const CJ: Card = card(11, Suit::Clubs);
const SQ: Card = card(12, Suit::Spades);
const HQ: Card = card(12, Suit::Hearts);
const DQ: Card = card(12, Suit::Diamonds);
const CQ: Card = card(12, Suit::Clubs);
const SK: Card = card(13, Suit::Spades);
const HK: Card = card(13, Suit::Hearts);

use Mark::{Card as C, Cell as L};

/// The steps (see the module's notes for why this deal).
const STEPS: [Step<Move, Mark>; 19] = [
    Step {
        words: "Your hand: 9s 9c Td Qs. Books A to 8 are gone: the nines go next.",
        marks: &[C(S9), C(C9), C(DT), C(SQ)],
        moves: &[],
    },
    Step {
        words: "A card goes next to one it matches in suit or rank: 9s above Ks.",
        marks: &[C(S9), L(at(2, 4)), C(SK)],
        moves: &[put(S9, 2, 4)],
    },
    Step {
        words: "It must match every neighbour: 9c above Kc matches Kc and 9s.",
        marks: &[C(C9), L(at(2, 5))],
        moves: &[put(C9, 2, 5)],
    },
    Step {
        words: "Td goes under Kd, Qs left of Ks: each shares its king's suit.",
        marks: &[C(DT), C(SQ), L(at(4, 6)), L(at(3, 3))],
        moves: &[put(DT, 4, 6), put(SQ, 3, 3)],
    },
    Step {
        words: "Your hand is empty: X deals four more cards from the stock.",
        marks: &[Mark::Hand],
        moves: &[Move::Deal],
    },
    Step {
        words: "A trap! Th under Td, then Ts beside it: it looks fine...",
        marks: &[C(HT), C(ST), C(DT)],
        moves: &[put(HT, 5, 6), put(ST, 5, 7)],
    },
    Step {
        words: "...but the last cell of the tens is under Kh: only Th fits. Lost!",
        marks: &[L(at(4, 7)), C(HK), C(HT)],
        moves: &[Move::Undo, Move::Undo],
    },
    Step {
        words: "Taken back. The right way round: Th under Kh, Ts under Td.",
        marks: &[C(HT), C(ST), L(at(4, 7)), L(at(5, 6))],
        moves: &[put(HT, 4, 7), put(ST, 5, 6)],
    },
    Step {
        words: "9h above 9s: 9s 9c 9h, three nines in a square, a book forming.",
        marks: &[C(H9), L(at(1, 4)), C(S9), C(C9)],
        moves: &[put(H9, 1, 4)],
    },
    Step {
        words: "Jh beside 9h: when the nines leave, it will have no neighbour.",
        marks: &[C(HJ), L(at(1, 3)), C(H9)],
        moves: &[put(HJ, 1, 3)],
    },
    Step {
        words: "Your hand is empty again: X deals.",
        marks: &[Mark::Hand],
        moves: &[Move::Deal],
    },
    Step {
        words: "Tc completes the tens. They wait: the nines must leave first.",
        marks: &[C(CT), L(at(5, 7))],
        moves: &[put(CT, 5, 7)],
    },
    Step {
        words: "9d completes the nines: they leave, then, in order, Td Th Ts Tc.",
        marks: &[C(D9), L(at(1, 5)), C(DT), C(HT), C(ST), C(CT)],
        moves: &[put(D9, 1, 5)],
    },
    Step {
        words: "Jh has no neighbour now: an orphan. It goes first, beside Kh.",
        marks: &[C(HJ), L(at(3, 8)), C(HK)],
        moves: &[put(HJ, 3, 8)],
    },
    Step {
        words: "Js above Jh, Qh left of Qs: the last two books begin.",
        marks: &[C(SJ), C(HQ), L(at(2, 8)), L(at(3, 2))],
        moves: &[put(SJ, 2, 8), put(HQ, 3, 2)],
    },
    Step {
        words: "X deals the last four cards into your hand.",
        marks: &[Mark::Hand],
        moves: &[Move::Deal],
    },
    Step {
        words: "Jd and Jc complete the jacks: the tens are gone, so they leave.",
        marks: &[C(DJ), C(CJ), L(at(2, 9)), L(at(3, 9))],
        moves: &[put(DJ, 2, 9), put(CJ, 3, 9)],
    },
    Step {
        words: "Qd and Qc complete the queens, the twelfth and last book.",
        marks: &[C(DQ), C(CQ), L(at(4, 3)), L(at(4, 2))],
        moves: &[put(DQ, 4, 3), put(CQ, 4, 2)],
    },
    Step { words: "Every book is gone: farewell, kings! X or O: back to the menu.", marks: &[], moves: &[] },
];

/// A Farewell to Kings' guided deal.
pub static GUIDED: GuidedDeal<Move, Mark> = GuidedDeal { start: START, steps: &STEPS };

impl Play {
    /// The guided deal's screen at its first step, logged as a deal.
    pub fn start_guided(log: &mut dyn crate::out::Out) -> Option<Play> {
        let table: Table<Game, AnimKind, MAX_ANIMS> = guided::table(GUIDED.start, log)?;
        let mut p = Play::on(table);
        p.guide = Some(Guide::new(&GUIDED));
        Some(p)
    }

    /// The guide's step showing, if this is the guided deal.
    pub fn guiding(&self) -> Option<&Guide<Move, Mark>> {
        self.guide.as_ref()
    }

    /// One frame of the guided deal: X plays the step's moves and shows the
    /// next, O leaves. False once the player leaves.
    pub fn guide_frame(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        let Some(mut guide) = self.guide else { return false };
        // Every move is legal where the step plays it (tests/guided.rs).
        let on = guide.frame(input.pressed(), |m| {
            let _ = self.apply(m, frame, log);
        });
        self.guide = Some(guide);
        on
    }
}

/// Draws the guide over the board: the marks, the band and the words.
pub(super) fn draw(p: &Play, guide: &Guide<Move, Mark>, lay: &Layout, skin: &impl Skin, list: &mut DrawList) {
    if let Some(step) = guide.step() {
        for m in step.marks {
            mark(p.game(), *m, lay, list);
        }
    }
    guided::draw_words(guide, list, skin, SAFE_TOP, (SAFE_LEFT, lay.panel_x - 2));
}

/// Draws one mark: a ring round a card (round what shows of it when the
/// card under it covers its foot), the legal cell's frame round a cell.
fn mark(g: &Game, m: Mark, lay: &Layout, list: &mut DrawList) {
    match m {
        Mark::Card(c) => {
            if let Some(cell) = g.cell_of(c) {
                let (x, y) = lay.cell_xy(cell);
                let below = Cell::new(cell.row + 1, cell.col);
                let h = if g.card_at(below).is_some() { lay.pitch.1 } else { lay.card.1 };
                // A ring of steady width: the guide's marks hold still.
                ring(list, x, y, (lay.card.0, h), 0, palette::CURSOR);
            } else if let Some(slot) = g.hand().iter().position(|h| *h == Some(c)) {
                let (x, y) = lay.slot_xy(slot as u8);
                ring(list, x, y, lay.card, 0, palette::CURSOR);
            } else if g.orphans().contains(&c) {
                // Shown over the hand's first slot while it waits.
                let (x, y) = lay.slot_xy(0);
                ring(list, x, y, lay.card, 0, palette::CURSOR);
            }
        }
        Mark::Cell(cell) => {
            let (x, y) = lay.cell_xy(cell);
            let over = (lay.card.1 - lay.pitch.1).max(1);
            let (w, h) = lay.cell_size();
            mark_target(list, x, y + over - 1, w, h + 1 - over);
        }
        Mark::Hand => {
            for slot in 0..4 {
                let (x, y) = lay.slot_xy(slot);
                ring(list, x, y, lay.card, 0, palette::CURSOR);
            }
        }
    }
}

