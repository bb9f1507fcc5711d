//! The solver: King Albert is open (every card face up), so a search that
//! finishes knows whether a position can be won. [`Solver`] proves a
//! position won (with the line that wins it) or lost, or says "unknown"
//! when its budget runs out; it never guesses.
//!
//! - **Canonical positions.** A position is keyed by what lies under each
//!   card ([`key`]): for a card on a building stack, nothing (the stack's
//!   bottom), one of the two cards it fits on (2 bits name which), or a card
//!   it does not fit on, which can only be the card dealt under it (cards
//!   are only ever put on cards they fit on, so an out-of-sequence pair has
//!   never moved since the deal). With which reserve slots still hold their
//!   card and the height of each suit stack, that is 127 bits, exact (no
//!   hash collisions), and the same for every order of the building stacks:
//!   the stacks are a multiset, the reserve a set.
//! - **Memoised depth-first search.** Every position reached is stored in
//!   a table the caller supplies; a position already in it is not searched
//!   again (whether it was finished without a win or is still being
//!   searched higher up this line: winning is reaching the goal, and a
//!   search that skips seen positions reaches everything reachable). So a
//!   move straight back is never searched twice, nor any cycle.
//! - **Safe moves inside the search.** After every move, a card that can go
//!   to its suit stack while both cards of the other colour one rank lower
//!   are already up goes up, from the stacks or the reserve: no card left in
//!   play could be built on it, so any win with it left in play is also a
//!   win with it gone (docs/rules/albert.md has the argument).
//! - **Pruning that cannot lose a win.** All empty stacks are alike: a card
//!   or run goes to the first empty one only. A run onto a non-empty stack
//!   can only be the one base that fits there. Whole stacks never move to an
//!   empty stack (not a move). Foundation moves are tried first, moves to an
//!   empty stack last.
//! - **Budget**: nodes (moves tried); also running out of table, frames or
//!   move buffer ends the search as unknown.
//! - **Steps**: [`Solver::step`] searches a given number of nodes and
//!   returns, so the console can spread a search over frames.

use super::game::{fits, Board, From, Game, Move, Plan, RESERVE, STACKS};
use crate::cards::Suit;
use heapless::Vec;

/// The answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Can be won: [`Solver::line`] gives the moves.
    Won,
    /// Cannot be won: every position reachable was searched.
    Lost,
    /// The budget (nodes, table, frames or move buffer) ran out first.
    Unknown,
}

impl Verdict {
    /// `won`, `lost`, `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Unknown => "unknown",
        }
    }
}

/// Most moves a position can offer the search. Onto a non-empty stack: each
/// top card takes at most two cards (the two of the other colour one rank
/// lower), 18; to the suit stacks, at most 4; to the first empty stack, at
/// most one per card in the reserve or on a stack, 52 - 8 (four on the suit
/// stacks or no move there... counted loosely: 52). 18 + 4 + 52 = 74.
pub const MAX_BRANCH: usize = 80;

/// One level of the search: the move that led to it, the safe moves that
/// followed, and its own moves (a slice of the move buffer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    plan: Plan,
    autos: u8,
    first: u32,
    count: u8,
    next: u8,
}

impl Default for Frame {
    fn default() -> Self {
        Frame { plan: Plan::default(), autos: 0, first: 0, count: 0, next: 0 }
    }
}

/// A move in the buffer: the plan (checked when generated) and its order.
pub type Step = Plan;

/// Storage the caller provides: the table of positions seen (16 bytes
/// each), the frames (one per level of the line searched) and the move
/// buffer (the moves of every level of the line, up to [`MAX_BRANCH`] each).
pub struct Workspace<'w> {
    /// Positions seen; keep it at most 90 % full (the search stops as
    /// unknown when it would be fuller).
    pub table: &'w mut [u128],
    /// One per level.
    pub frames: &'w mut [Frame],
    /// Moves of the levels.
    pub moves: &'w mut [Step],
}

/// The canonical key of a board (see the module's notes); `reserve_root`
/// is the root's reserve, so slots can be told apart by presence only.
pub fn key(b: &Board) -> u128 {
    let mut k: u128 = 1 << 127;
    for s in 0..STACKS {
        let mut at = b.top(s);
        let mut guard = 0;
        while let Some(c) = at {
            let u = b.below(c);
            let code: u128 = match u {
                None => 0,
                Some(u) if fits(c, u) => 1 + u128::from(matches!(u.suit(), Suit::Diamonds | Suit::Clubs)),
                Some(_) => 3,
            };
            k |= code << (2 * u32::from(c.index()));
            at = u;
            guard += 1;
            if guard > 52 {
                break;
            }
        }
    }
    for r in 0..RESERVE {
        if b.reserve(r).is_some() {
            k |= 1 << (104 + r);
        }
    }
    for s in Suit::ALL {
        k |= u128::from(b.foundation_count(s)) << (111 + 4 * s as u32);
    }
    k
}

fn slot_of(k: u128, len: usize) -> usize {
    let x = (k as u64) ^ ((k >> 64) as u64).rotate_left(29);
    let x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    ((x ^ (x >> 29)) % len as u64) as usize
}

/// The search in progress.
pub struct Solver<'w> {
    board: Board,
    ws: Workspace<'w>,
    used: usize,
    depth: usize,
    /// Safe moves made along the line, oldest first.
    autos: Vec<Plan, 52>,
    nodes: u64,
    budget: u64,
    verdict: Option<Verdict>,
}

impl<'w> Solver<'w> {
    /// Starts a search of `game`'s position within `budget` nodes, in the
    /// storage given (the table is cleared).
    pub fn new(game: &Game, ws: Workspace<'w>, budget: u64) -> Solver<'w> {
        let mut s =
            Solver { board: *game.board(), ws, used: 0, depth: 0, autos: Vec::new(), nodes: 0, budget, verdict: None };
        s.ws.table.fill(0);
        if s.ws.frames.is_empty() {
            s.verdict = Some(Verdict::Unknown);
            return s;
        }
        let autos = s.safe_moves();
        s.ws.frames[0] = Frame { autos, ..Frame::default() };
        s.depth = 1;
        if s.board.foundation_total() == 52 {
            s.verdict = Some(Verdict::Won);
            return s;
        }
        let k = key(&s.board);
        if !s.insert(k) {
            s.verdict = Some(Verdict::Unknown);
            return s;
        }
        match s.generate(0) {
            Some(n) => s.ws.frames[0].count = n,
            None => s.verdict = Some(Verdict::Unknown),
        }
        s
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions stored so far.
    pub fn positions(&self) -> usize {
        self.used
    }

    /// The answer, once found.
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// Plays the safe moves, records them; how many.
    fn safe_moves(&mut self) -> u8 {
        let mut n = 0u8;
        'again: loop {
            for s in 0..STACKS {
                if let Some(c) = self.board.top(s) {
                    if self.board.safe_to_foundation(c) {
                        let p = Plan { card: c, from: From::Stack(s as u8, 1), to: None };
                        self.board.apply(p);
                        let _ = self.autos.push(p);
                        n += 1;
                        continue 'again;
                    }
                }
            }
            for r in 0..RESERVE {
                if let Some(c) = self.board.reserve(r) {
                    if self.board.safe_to_foundation(c) {
                        let p = Plan { card: c, from: From::Reserve(r as u8), to: None };
                        self.board.apply(p);
                        let _ = self.autos.push(p);
                        n += 1;
                        continue 'again;
                    }
                }
            }
            return n;
        }
    }

    fn undo_safe(&mut self, n: u8) {
        for _ in 0..n {
            if let Some(p) = self.autos.pop() {
                self.board.unapply(p);
            }
        }
    }

    /// Stores `k`; false when the table is full (or `k` was there: callers
    /// look first).
    fn insert(&mut self, k: u128) -> bool {
        let len = self.ws.table.len();
        if len == 0 || (self.used + 1) * 10 > len * 9 {
            return false;
        }
        let mut i = slot_of(k, len);
        loop {
            let slot = &mut self.ws.table[i];
            if *slot == 0 {
                *slot = k;
                self.used += 1;
                return true;
            }
            if *slot == k {
                return false;
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    fn contains(&self, k: u128) -> bool {
        let len = self.ws.table.len();
        if len == 0 {
            return false;
        }
        let mut i = slot_of(k, len);
        loop {
            match self.ws.table[i] {
                0 => return false,
                x if x == k => return true,
                _ => {}
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    /// Writes the moves of the current position into the buffer from
    /// `first`, best first. `None` when the buffer is too small.
    fn generate(&mut self, first: usize) -> Option<u8> {
        let mut list: Vec<(i8, Plan), MAX_BRANCH> = Vec::new();
        let b = &self.board;
        let empty = b.empty_stacks();
        let first_empty = (0..STACKS).find(|&t| b.top(t).is_none());
        let mut tops = [None; STACKS];
        for (t, slot) in tops.iter_mut().enumerate() {
            *slot = b.top(t);
        }
        let mut add = |score: i8, p: Plan| {
            // MAX_BRANCH bounds the moves (see its proof).
            let _ = list.push((score, p));
        };
        for r in 0..RESERVE {
            let Some(c) = b.reserve(r) else { continue };
            let from = From::Reserve(r as u8);
            if b.foundation_takes(c) {
                add(100, Plan { card: c, from, to: None });
            }
            for (t, top) in tops.iter().enumerate() {
                if top.is_some_and(|on| fits(c, on)) {
                    add(10, Plan { card: c, from, to: Some(t as u8) });
                }
            }
            if let Some(t) = first_empty {
                add(-20, Plan { card: c, from, to: Some(t as u8) });
            }
        }
        for s in 0..STACKS {
            let Some(top) = tops[s] else { continue };
            if b.foundation_takes(top) {
                add(100, Plan { card: top, from: From::Stack(s as u8, 1), to: None });
            }
            let mut base = top;
            let mut n = 1u8;
            loop {
                let under = b.below(base);
                let from = From::Stack(s as u8, n);
                if empty + 1 >= n {
                    for (t, on) in tops.iter().enumerate() {
                        if t != s && on.is_some_and(|on| fits(base, on)) {
                            // Emptying a stack is best; uncovering an
                            // out-of-sequence card good; moving a run from
                            // one fitting card to another least.
                            let score = match under {
                                None => 50,
                                Some(u) if !fits(base, u) => 30,
                                Some(_) => 0,
                            };
                            add(score, Plan { card: base, from, to: Some(t as u8) });
                        }
                    }
                }
                if let (Some(t), Some(u)) = (first_empty, under) {
                    if empty >= n {
                        add(if fits(base, u) { -30 } else { -10 }, Plan { card: base, from, to: Some(t as u8) });
                    }
                }
                match under {
                    Some(u) if fits(base, u) && n < 13 => {
                        base = u;
                        n += 1;
                    }
                    _ => break,
                }
            }
        }
        // Best first; stable.
        for i in 1..list.len() {
            let mut j = i;
            while j > 0 && list[j - 1].0 < list[j].0 {
                list.swap(j - 1, j);
                j -= 1;
            }
        }
        let out = self.ws.moves.get_mut(first..first + list.len())?;
        for (o, (_, p)) in out.iter_mut().zip(list.iter()) {
            *o = *p;
        }
        Some(list.len() as u8)
    }

    /// Searches up to `nodes` more nodes. `None` while the search goes on;
    /// then the verdict (also when called again after it).
    pub fn step(&mut self, nodes: u64) -> Option<Verdict> {
        if self.verdict.is_some() {
            return self.verdict;
        }
        let stop = self.nodes.saturating_add(nodes);
        while self.nodes < stop {
            if self.nodes >= self.budget {
                self.verdict = Some(Verdict::Unknown);
                return self.verdict;
            }
            let d = self.depth - 1;
            let f = self.ws.frames[d];
            if f.next == f.count {
                // Every move from here searched: back up.
                if d == 0 {
                    self.verdict = Some(Verdict::Lost);
                    return self.verdict;
                }
                self.undo_safe(f.autos);
                self.board.unapply(f.plan);
                self.depth -= 1;
                continue;
            }
            self.ws.frames[d].next += 1;
            let p = self.ws.moves[f.first as usize + usize::from(f.next)];
            self.nodes += 1;
            self.board.apply(p);
            let autos = self.safe_moves();
            if self.board.foundation_total() == 52 {
                if let Some(fr) = self.ws.frames.get_mut(self.depth) {
                    *fr = Frame { plan: p, autos, first: 0, count: 0, next: 0 };
                    self.depth += 1;
                    self.verdict = Some(Verdict::Won);
                } else {
                    self.verdict = Some(Verdict::Unknown);
                }
                return self.verdict;
            }
            let k = key(&self.board);
            if self.contains(k) {
                self.undo_safe(autos);
                self.board.unapply(p);
                continue;
            }
            let first = f.first as usize + usize::from(f.count);
            if !self.insert(k) || self.depth >= self.ws.frames.len() {
                self.verdict = Some(Verdict::Unknown);
                return self.verdict;
            }
            let Some(count) = self.generate(first) else {
                self.verdict = Some(Verdict::Unknown);
                return self.verdict;
            };
            self.ws.frames[self.depth] = Frame { plan: p, autos, first: first as u32, count, next: 0 };
            self.depth += 1;
        }
        None
    }

    /// Runs the search to its end.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let Some(v) = self.step(u64::MAX) {
                return v;
            }
        }
    }

    /// After [`Verdict::Won`]: the winning line from `game` (the position
    /// the solver started from) as the game's moves, with the moves to the
    /// suit stacks the game does not make by itself written out. Calls `f`
    /// with each; returns false if a move was refused (never, for the game
    /// the search started from).
    pub fn line(&self, game: &Game, f: &mut dyn FnMut(Move)) -> bool {
        if self.verdict != Some(Verdict::Won) {
            return false;
        }
        let mut g = game.clone();
        let mut next_auto = 0usize;
        for d in 0..self.depth {
            let fr = self.ws.frames[d];
            if d > 0 {
                let m = match fr.plan.to {
                    Some(t) => Move::Stack(fr.plan.card, t),
                    None => Move::Foundation(fr.plan.card),
                };
                if g.play(m).is_err() {
                    return false;
                }
                f(m);
            }
            for a in self.autos.iter().skip(next_auto).take(usize::from(fr.autos)) {
                if !g.board().on_foundation(a.card) {
                    let m = Move::Foundation(a.card);
                    if g.play(m).is_err() {
                        return false;
                    }
                    f(m);
                }
            }
            next_auto += usize::from(fr.autos);
        }
        true
    }

    /// After [`Verdict::Won`]: the first move of the winning line.
    pub fn first_move(&self, game: &Game) -> Option<Move> {
        let mut first = None;
        self.line(game, &mut |m| {
            if first.is_none() {
                first = Some(m);
            }
        });
        first
    }
}
