//! The fair player: picks a move seeing only what a player sees (the grid,
//! the hand, the waiting orphans, how many cards the stock holds; never the
//! stock's order). It gives the hint on the PS1, plays the attract-mode
//! demo, and its judgement orders the solver's search.
//!
//! Every legal placement is tried on a copy of the game and the position it
//! leads to is judged by [`plan::evaluate`]: books built in 2x2 windows that
//! can still be finished, no rank stranded (the seeds: "never block the last
//! cell of a book"), windows kept apart and free of other suits, room left
//! to begin the ranks not yet seen, and the cards in hand still able to go
//! into their books. The weights were tuned by playing deals on the host
//! (see the README's win-rate table).
//!
//! Deal only when no placement is legal (the rules allow nothing else).

use super::game::{Game, Move, Status};
use super::grid::CellSet;
use super::plan;
use crate::cards::Card;

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

/// Every legal move now, judged; the best first. A deal is the only move
/// when no placement is legal.
pub fn candidates(g: &Game) -> heapless::Vec<Scored, MAX_CANDIDATES> {
    let mut out: heapless::Vec<Scored, MAX_CANDIDATES> = heapless::Vec::new();
    let mut trial = g.clone();
    for mv in placements(g) {
        if let Some(score) = judge(&mut trial, mv) {
            let _ = out.push(Scored { mv, score });
        }
    }
    if out.is_empty() && !g.status().is_over() && g.check_deal().is_ok() {
        let _ = out.push(Scored { mv: Move::Deal, score: 0 });
    }
    sort(&mut out);
    out
}

/// Every legal placement now (none once the game is over).
fn placements(g: &Game) -> heapless::Vec<Move, MAX_CANDIDATES> {
    let mut out = heapless::Vec::new();
    if g.status().is_over() {
        return out;
    }
    for card in movable(g) {
        for cell in g.playable_cells(card).iter() {
            let _ = out.push(Move::Place(card, cell));
        }
    }
    out
}

/// The player's score for a placement, tried on `trial` and taken back.
fn judge(trial: &mut Game, mv: Move) -> Option<i32> {
    let Move::Place(card, cell) = mv else { return None };
    if trial.status() == Status::PlacingKings {
        // The last king's placement deals; nothing to judge yet but
        // keeping the kings apart.
        return Some(-((trial.occupied().neighbours() & CellSet::single(cell)).len() as i32));
    }
    trial.place(card, cell).ok()?;
    let s = plan::evaluate(trial);
    let _ = trial.undo();
    Some(s)
}

/// The fair player's move worked out a few placements at a time, so that
/// on the console the work spreads over frames and no frame runs late.
/// It holds its own copy of the position: start a new one when the game
/// changes.
#[derive(Clone, Debug)]
pub struct Thinker {
    trial: Game,
    moves: heapless::Vec<Move, MAX_CANDIDATES>,
    next: usize,
    best: Option<Scored>,
}

impl Thinker {
    /// Starts on the fair player's move in `g`.
    pub fn new(g: &Game) -> Thinker {
        Thinker { trial: g.clone(), moves: placements(g), next: 0, best: None }
    }

    /// Judges up to `budget` more placements. `None` while some are left;
    /// then the move (`Some(None)`: no move is left). The move is the one
    /// [`best_move`] gives.
    pub fn step(&mut self, budget: usize) -> Option<Option<Move>> {
        let end = self.moves.len().min(self.next.saturating_add(budget));
        while self.next < end {
            let mv = self.moves[self.next];
            self.next += 1;
            if let Some(score) = judge(&mut self.trial, mv) {
                if self.best.is_none_or(|b| score > b.score) {
                    self.best = Some(Scored { mv, score });
                }
            }
        }
        if self.next < self.moves.len() {
            return None;
        }
        Some(match self.best {
            Some(b) => Some(b.mv),
            None if !self.trial.status().is_over() && self.trial.check_deal().is_ok() => Some(Move::Deal),
            None => None,
        })
    }

    /// Placements judged so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.moves.len())
    }
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
    let mut t = Thinker::new(g);
    t.step(usize::MAX).flatten()
}
