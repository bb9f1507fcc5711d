//! The fair player: picks a move seeing only what a player sees (the grid,
//! the hand, the waiting orphans, how many cards the stock holds; never the
//! stock's order). It gives the hint on the PS1, plays the attract-mode
//! demo, and orders the solver's search.
//!
//! Each legal placement is tried on a copy of the game and scored by the
//! seeds' strategy notes:
//! - books: removing one is the point of the game; building towards one
//!   (same-rank cards in a 2x2 window with room to finish) is good;
//! - never block the last cells of a book: putting another rank into a
//!   window that holds two or three cards of one rank and nothing else;
//! - breathing room: more empty cells next to cards means more choices
//!   later ("spread out as far as possible");
//! - play the higher card of a suit first (lower books must go first, and
//!   they open room for the higher ones);
//! - a move that loses is the last resort.
//!
//! Deal only when no placement is legal (the rules allow nothing else).

use super::card::Card;
use super::game::{Game, Move, Status};
use super::grid::{Cell, CellSet};

/// A move and the player's score for it (higher is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The move.
    pub mv: Move,
    /// Its score.
    pub score: i32,
}

/// Most candidate moves at once: 4 hand cards (or up to 52 orphans) times
/// the cells next to cards, bounded by the grid.
pub const MAX_CANDIDATES: usize = 256;

/// The cards that may be placed now: waiting orphans if any, else the
/// unplaced kings (custom start), else the hand.
pub fn movable(g: &Game) -> heapless::Vec<Card, 52> {
    let mut v = heapless::Vec::new();
    if !g.orphans().is_empty() {
        for c in g.orphans() {
            let _ = v.push(*c);
        }
    } else if g.kings_to_place().next().is_some() {
        for c in g.kings_to_place() {
            let _ = v.push(c);
        }
    } else {
        for c in g.hand().iter().flatten() {
            let _ = v.push(*c);
        }
    }
    v
}

/// How many of the best-looking placements (by [`quick_score`]) are tried
/// on a copy of the game. Trying one costs a placement and an undo; on the
/// PS1 that bounds a hint to a few milliseconds, well inside the two frames
/// the hint may take, whatever the hand holds.
pub const TRIED: usize = 8;

/// Every legal move now, scored; the best first. The top [`TRIED`] by the
/// grid alone are scored in full (books, orphans, breathing room, the
/// outcome); the rest keep their grid score, below any fully scored move.
pub fn candidates(g: &Game) -> heapless::Vec<Scored, MAX_CANDIDATES> {
    let mut out: heapless::Vec<Scored, MAX_CANDIDATES> = heapless::Vec::new();
    if g.status().is_over() {
        return out;
    }
    for card in movable(g) {
        for cell in g.playable_cells(card).iter() {
            let _ = out.push(Scored { mv: Move::Place(card, cell), score: quick_score(g, card, cell) });
        }
    }
    if out.is_empty() {
        if g.check_deal().is_ok() {
            let _ = out.push(Scored { mv: Move::Deal, score: 0 });
        }
        return out;
    }
    sort(&mut out);
    if g.status() == Status::PlacingKings {
        // The last king's placement deals, and undo stops at the deal: no
        // trial of king placements.
        return out;
    }
    let mut trial = g.clone();
    for s in out.iter_mut().take(TRIED) {
        if let Move::Place(card, cell) = s.mv {
            s.score = full_score(&mut trial, s.score, card, cell) + 1_000_000;
        }
    }
    sort(&mut out);
    out
}

/// Insertion sort, best first; stable, so ties keep hand and cell order.
fn sort(v: &mut [Scored]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1].score < v[j].score {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The fair player's move, if any move is legal.
pub fn best_move(g: &Game) -> Option<Move> {
    candidates(g).first().map(|s| s.mv)
}

/// The four 2x2 windows that contain a cell, as their top-left cells.
fn windows(cell: Cell, w: u8, h: u8) -> impl Iterator<Item = Cell> {
    let rows = [cell.row.checked_sub(1), Some(cell.row)];
    let cols = [cell.col.checked_sub(1), Some(cell.col)];
    rows.into_iter()
        .flatten()
        .flat_map(move |r| cols.into_iter().flatten().map(move |c| Cell::new(r, c)))
        .filter(move |tl| tl.row + 1 < h && tl.col + 1 < w)
}

fn window_cells(tl: Cell) -> [Cell; 4] {
    [tl, Cell::new(tl.row, tl.col + 1), Cell::new(tl.row + 1, tl.col), Cell::new(tl.row + 1, tl.col + 1)]
}

/// The part of the score read off the grid alone, without trying the move:
/// book building and blocking, and rank. The solver orders its search by it.
pub fn quick_score(g: &Game, card: Card, cell: Cell) -> i32 {
    let o = g.options();
    let rank = card.rank();
    let mut score = i32::from(rank.number());
    if card.is_king() {
        return score;
    }
    // Every card must end in its rank's book, a 2x2 block, or be orphaned
    // and placed again. So: does this cell leave the card a block to finish
    // (a window whose other cells are empty or of its rank), and does it
    // take a cell another rank's started block needs?
    let mut best_same: i32 = -1;
    for tl in windows(cell, o.width, o.height) {
        let mut same = 0;
        let mut others: u16 = 0;
        let mut other_cards = 0;
        for c in window_cells(tl) {
            if c == cell {
                continue;
            }
            match g.card_at(c) {
                Some(x) if x.rank() == rank => same += 1,
                Some(x) => {
                    others |= 1 << x.rank().number();
                    other_cards += 1;
                }
                None => {}
            }
        }
        if others == 0 {
            best_same = best_same.max(same);
        } else if others.count_ones() == 1 && same == 0 {
            // A block started by one other rank: this card would spoil it.
            score -= [0, 40, 120, 300][other_cards as usize];
        }
    }
    let started_elsewhere = !g.cells_of_rank(rank).is_empty();
    score += match best_same {
        -1 => -250,                          // no block left for it here: it must be orphaned later
        0 if started_elsewhere => -120,      // a second, competing block of its rank
        0 => 20,                             // starts its rank's block
        n => [0, 150, 350, 800][n as usize], // joins its rank's block
    };
    score
}

/// The grid score plus what the placement does, tried on `trial` and taken
/// back (so `trial` is unchanged after).
fn full_score(trial: &mut Game, quick: i32, card: Card, cell: Cell) -> i32 {
    let o = trial.options();
    let mut score = quick;
    let Ok(out) = trial.place(card, cell) else { return i32::MIN / 4 };
    score += 1000 * out.books.len() as i32;
    score -= 15 * out.orphans.len() as i32;
    match trial.status() {
        Status::Won => score += 100_000,
        Status::Lost(_) => score -= 100_000,
        _ => {}
    }
    // Breathing room.
    let empty = CellSet::grid(o.width, o.height) & !trial.occupied();
    let frontier = trial.occupied().neighbours() & empty;
    score += 3 * frontier.len() as i32;
    let _ = trial.undo();
    score
}
