//! The solver: perfect information (it knows the stock's order), so it
//! answers "can this deal be won at all?" and, when it can, how.
//!
//! Two searches, both ordered by the fair player's judgement of a position
//! ([`plan::evaluate`](super::plan::evaluate)):
//!
//! - [`beam`]: a beam search. From each position in the beam it tries every
//!   legal move, and keeps the best-judged `width` positions reached (one
//!   of each, by [`position_hash`](super::plan::position_hash): a
//!   [`Beam`]). Since the solver knows the stock, the beam sees which
//!   cards the next deals bring. It finds wins fast but
//!   proves nothing when it finds none. [`solve`] runs it with growing
//!   widths (1, 4, 16, ...), then
//! - a depth-first search over every legal move, which can prove that no
//!   win exists, with
//! - a transposition table ([`SeenSet`]) of positions already searched
//!   without success, keyed by a hash that treats the hand and the waiting
//!   orphans as sets (the order of hand slots never changes what can
//!   happen next: deals fill empty slots from the same stock either way);
//! - a node budget: past it, the answer is "unknown", never a guess.
//!
//! Moves are made and taken back with the engine's exact undo, so a search
//! allocates nothing and works in `no_std`.

use super::game::{Game, Move, Status, MAX_MOVES};
use super::plan::{evaluate, movable, position_hash};
use crate::games::search::{self, Beam, Effort, SeenSet};
use heapless::Vec;

/// The solver's answer: winnable with these moves from the position
/// given, not winnable, or unknown.
pub type Verdict = search::Verdict<Vec<Move, MAX_MOVES>>;

/// Most positions a beam holds.
pub const MAX_WIDTH: usize = 256;

/// Beam search from `g` with a beam as wide as the shorter of `a` and `b`
/// (at most [`MAX_WIDTH`]), which it uses as storage, within `budget`
/// nodes (moves tried). Returns the won game (its moves after `g`'s are
/// the win), or `None`.
pub fn beam(g: &Game, budget: u64, a: &mut [Game], b: &mut [Game], effort: &mut Effort) -> Option<Game> {
    let width = a.len().min(b.len()).min(MAX_WIDTH);
    if width == 0 {
        return None;
    }
    if g.status() == Status::Won {
        return Some(g.clone());
    }
    let (mut cur, mut next) = (a, b);
    cur[0] = g.clone();
    let mut live = 1;
    // The positions of the next depth: the parent's index and the move.
    let mut best: Beam<(u16, Move), MAX_WIDTH> = Beam::new();
    while live > 0 {
        best.clear();
        for (i, pos) in cur.iter_mut().take(live).enumerate() {
            let mut moves: Vec<Move, MAX_BRANCH> = Vec::new();
            for card in movable(pos) {
                for cell in pos.playable_cells(card).iter() {
                    let _ = moves.push(Move::Place(card, cell));
                }
            }
            if moves.is_empty() && pos.check_deal().is_ok() {
                let _ = moves.push(Move::Deal);
            }
            for mv in moves {
                if !effort.spend(budget) {
                    return None;
                }
                if pos.apply(mv).is_err() {
                    continue;
                }
                let status = pos.status();
                if status == Status::Won {
                    return Some(pos.clone());
                }
                let keep = if let Status::Lost(_) = status { None } else { Some((evaluate(pos), position_hash(pos))) };
                let _ = pos.undo();
                if let Some((score, hash)) = keep {
                    best.offer(score, hash, (i as u16, mv), width);
                }
            }
        }
        for (j, c) in best.iter().enumerate() {
            let (parent, mv) = c.item;
            next[j] = cur[usize::from(parent)].clone();
            let _ = next[j].apply(mv);
        }
        live = best.len();
        core::mem::swap(&mut cur, &mut next);
    }
    None
}

/// Searches for a win from `g` within `budget` nodes: beams of width 1, 4,
/// 16, ... up to the storage given (`a` and `b`, see [`beam`]), then, with
/// what budget is left, the exhaustive search that alone can prove a deal
/// lost.
pub fn solve(g: &Game, budget: u64, table: &mut SeenSet<'_>, a: &mut [Game], b: &mut [Game]) -> (Verdict, Effort) {
    let mut effort = Effort::default();
    let widest = a.len().min(b.len()).min(MAX_WIDTH);
    let mut width = 1;
    while width <= widest {
        if let Some(won) = beam(g, budget, &mut a[..width], &mut b[..width], &mut effort) {
            let mut line: Vec<Move, MAX_MOVES> = Vec::new();
            for m in won.moves().skip(g.move_count()) {
                let _ = line.push(m);
            }
            return (Verdict::Winnable(line), effort);
        }
        if effort.spent(budget) {
            return (Verdict::Unknown, effort);
        }
        width *= 4;
    }
    let mut game = g.clone();
    let mut line: Vec<Move, MAX_MOVES> = Vec::new();
    match search(&mut game, budget, table, &mut effort, &mut line) {
        Some(true) => (Verdict::Winnable(line), effort),
        Some(false) => (Verdict::NotWinnable, effort),
        None => (Verdict::Unknown, effort),
    }
}

/// Most moves tried from one position.
const MAX_BRANCH: usize = 256;

/// `Some(true)`: won, `line` holds the moves. `Some(false)`: no win below.
/// `None`: out of budget.
fn search(
    g: &mut Game,
    budget: u64,
    table: &mut SeenSet<'_>,
    effort: &mut Effort,
    line: &mut Vec<Move, MAX_MOVES>,
) -> Option<bool> {
    match g.status() {
        Status::Won => return Some(true),
        Status::Lost(_) => return Some(false),
        _ => {}
    }
    let h = position_hash(g);
    if table.contains(h) {
        effort.transpositions += 1;
        return Some(false);
    }
    // Moves, best-looking first.
    let mut moves: Vec<(i32, Move), MAX_BRANCH> = Vec::new();
    for card in movable(g) {
        for cell in g.playable_cells(card).iter() {
            if g.apply(Move::Place(card, cell)).is_ok() {
                let score = evaluate(g);
                let _ = g.undo();
                let _ = moves.push((score, Move::Place(card, cell)));
            }
        }
    }
    if g.check_deal().is_ok() {
        let _ = moves.push((0, Move::Deal));
    }
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && moves[j - 1].0 < moves[j].0 {
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
    for (_, m) in moves {
        if !effort.spend(budget) {
            return None;
        }
        if g.apply(m).is_err() {
            continue;
        }
        if line.push(m).is_err() {
            let _ = g.undo();
            continue;
        }
        match search(g, budget, table, effort, line) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => {
                line.pop();
                let _ = g.undo();
                return None;
            }
        }
        line.pop();
        let _ = g.undo();
    }
    table.insert(h);
    Some(false)
}
