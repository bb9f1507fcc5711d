//! The solver: perfect information (it knows the stock's order), so it
//! answers "can this deal be won at all?" and, when it can, how.
//!
//! Two searches, both ordered by the fair player's judgement of a position
//! ([`plan::evaluate`](super::plan::evaluate)):
//!
//! - [`beam`]: a beam search. From each position in the beam it tries every
//!   legal move, and keeps the best-judged `width` positions reached (one
//!   of each, by [`position_hash`]). Since the solver knows the stock, the
//!   beam sees which cards the next deals bring. It finds wins fast but
//!   proves nothing when it finds none. [`solve`] runs it with growing
//!   widths (1, 4, 16, ...), then
//! - a depth-first search over every legal move, which can prove that no
//!   win exists, with
//! - a transposition table of positions already searched without success,
//!   keyed by a hash that treats the hand and the waiting orphans as sets
//!   (the order of hand slots never changes what can happen next: deals
//!   fill empty slots from the same stock either way);
//! - a node budget: past it, the answer is "unknown", never a guess.
//!
//! Moves are made and taken back with the engine's exact undo, so a search
//! allocates nothing and works in `no_std`.

use super::game::{Game, Move, Status, MAX_MOVES};
use super::plan::evaluate;
use super::player::movable;
use heapless::Vec;

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Winnable; these moves, from the position given, win.
    Winnable(Vec<Move, MAX_MOVES>),
    /// No sequence of moves wins: the whole tree was searched.
    NotWinnable,
    /// The budget ran out first.
    Unknown,
}

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Moves made (nodes).
    pub nodes: u64,
    /// Positions skipped because the table had them.
    pub transpositions: u64,
}

/// A table of positions searched without success: open addressing over
/// 64-bit hashes (0 = empty slot) in storage the caller provides (a `Vec`
/// on the host, a fixed array on the console). When three quarters full,
/// new positions are not remembered: the search stays correct, only slower.
pub struct Table<'a> {
    slots: &'a mut [u64],
    used: usize,
}

impl<'a> Table<'a> {
    /// A table over `slots`, which it clears.
    pub fn new(slots: &'a mut [u64]) -> Self {
        slots.fill(0);
        Table { slots, used: 0 }
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.slots.fill(0);
        self.used = 0;
    }

    fn contains(&self, h: u64) -> bool {
        let n = self.slots.len();
        if n == 0 {
            return false;
        }
        let mut i = (h as usize) % n;
        for _ in 0..16 {
            match self.slots[i] {
                0 => return false,
                x if x == h => return true,
                _ => i = (i + 1) % n,
            }
        }
        false
    }

    fn insert(&mut self, h: u64) {
        let n = self.slots.len();
        if n == 0 || self.used * 4 >= n * 3 {
            return;
        }
        let mut i = (h as usize) % n;
        for _ in 0..16 {
            if self.slots[i] == 0 {
                self.slots[i] = h;
                self.used += 1;
                return;
            }
            i = (i + 1) % n;
        }
    }
}

fn mix(mut x: u64) -> u64 {
    // splitmix64's finaliser: every input bit reaches every output bit.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A hash of everything that decides the future: the grid, the hand and
/// orphans as sets, how far into the stock the deal is.
pub fn position_hash(g: &Game) -> u64 {
    let mut h = mix(g.stock_len() as u64 + 1);
    for cell in g.occupied().iter() {
        if let Some(c) = g.card_at(cell) {
            h ^= mix((u64::from(c.index()) << 8 | cell.index() as u64) + 0x1_0000);
        }
    }
    for c in g.hand().iter().flatten() {
        h ^= mix(u64::from(c.index()) + 0x2_0000);
    }
    for c in g.orphans() {
        h ^= mix(u64::from(c.index()) + 0x3_0000);
    }
    h | 1
}

/// Most positions a beam holds.
pub const MAX_WIDTH: usize = 256;

#[derive(Clone, Copy)]
struct Candidate {
    score: i32,
    parent: u16,
    mv: Move,
    hash: u64,
}

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
    let mut best: Vec<Candidate, MAX_WIDTH> = Vec::new();
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
                if effort.nodes >= budget {
                    return None;
                }
                effort.nodes += 1;
                if pos.apply(mv).is_err() {
                    continue;
                }
                let status = pos.status();
                if status == Status::Won {
                    return Some(pos.clone());
                }
                let keep = if let Status::Lost(_) = status {
                    None
                } else {
                    Some(Candidate { score: evaluate(pos), parent: i as u16, mv, hash: position_hash(pos) })
                };
                let _ = pos.undo();
                if let Some(c) = keep {
                    offer(&mut best, c, width);
                }
            }
        }
        for (j, c) in best.iter().enumerate() {
            next[j] = cur[usize::from(c.parent)].clone();
            let _ = next[j].apply(c.mv);
        }
        live = best.len();
        core::mem::swap(&mut cur, &mut next);
    }
    None
}

/// Keeps the `width` best candidates, best first, one per position.
fn offer(best: &mut Vec<Candidate, MAX_WIDTH>, c: Candidate, width: usize) {
    if let Some(i) = best.iter().position(|b| b.hash == c.hash) {
        if best[i].score >= c.score {
            return;
        }
        best.remove(i);
    }
    if best.len() >= width {
        match best.last() {
            Some(last) if last.score >= c.score => return,
            _ => {
                best.pop();
            }
        }
    }
    let at = best.iter().position(|b| b.score < c.score).unwrap_or(best.len());
    let _ = best.insert(at, c);
}

/// Searches for a win from `g` within `budget` nodes: beams of width 1, 4,
/// 16, ... up to the storage given (`a` and `b`, see [`beam`]), then, with
/// what budget is left, the exhaustive search that alone can prove a deal
/// lost.
pub fn solve(g: &Game, budget: u64, table: &mut Table<'_>, a: &mut [Game], b: &mut [Game]) -> (Verdict, Effort) {
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
        if effort.nodes >= budget {
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
    table: &mut Table<'_>,
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
        if effort.nodes >= budget {
            return None;
        }
        effort.nodes += 1;
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
