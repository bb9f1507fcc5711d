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
use super::plan::Weights;
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
        if let Some(score) = judge(&mut trial, mv, &Weights::PLAYER) {
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
fn judge(trial: &mut Game, mv: Move, w: &Weights) -> Option<i32> {
    let Move::Place(card, cell) = mv else { return None };
    if trial.status() == Status::PlacingKings {
        // The last king's placement deals; nothing to judge yet but
        // keeping the kings apart.
        return Some(-((trial.occupied().neighbours() & CellSet::single(cell)).len() as i32));
    }
    trial.place(card, cell).ok()?;
    let s = plan::evaluate_with(trial, w);
    let _ = trial.undo();
    Some(s)
}

/// How hard the fair player thinks: the search over the rest of the turn
/// (every placement until the next deal is needed, which reveals nothing:
/// only a deal brings unseen cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Positions kept at each depth of the turn's beam search (1 to
    /// [`MAX_BEAM`]); 0 judges each placement alone (one ply).
    pub width: usize,
    /// Most placements tried for one move (past it the best found is
    /// played).
    pub nodes: usize,
    /// Imagined stocks: the unseen cards shuffled (from a seed drawn from
    /// what the player sees), each played out to the end by the one-ply
    /// player from the best turn ends; 0 for none.
    pub samples: usize,
    /// How many of the best turns (with different first moves) are played
    /// out on each imagined stock (up to [`MAX_TOP`]).
    pub top: usize,
    /// Deals after which a playing-out stops and is judged (0: to the
    /// end of the game).
    pub horizon: usize,
    /// The judgement's weights.
    pub weights: Weights,
}

impl Strength {
    /// One ply: each legal placement judged alone.
    pub const ONE_PLY: Strength = Strength { width: 0, nodes: usize::MAX, samples: 0, top: 0, horizon: 0, weights: Weights::PLAYER };
    /// The host's default.
    pub const DEFAULT: Strength = Strength { width: 8, nodes: 4000, samples: 0, top: 0, horizon: 0, weights: Weights::PLAYER };
    /// The console's hint: about a second of work.
    pub const CONSOLE: Strength = Strength { width: 4, nodes: 700, samples: 0, top: 0, horizon: 0, weights: Weights::PLAYER };
}

/// Most turns played out on the imagined stocks.
pub const MAX_TOP: usize = 8;

/// Most positions a turn beam keeps.
pub const MAX_BEAM: usize = 16;

#[derive(Clone, Copy, Debug)]
struct Cand {
    score: i32,
    parent: u8,
    root: u8,
    mv: Move,
    hash: u64,
}

/// Whether some placement is legal now.
fn can_place(g: &Game) -> bool {
    if g.status().is_over() {
        return false;
    }
    movable(g).iter().any(|c| !g.playable_cells(*c).is_empty())
}

/// The fair player's move worked out a few placements at a time, so that
/// on the console the work spreads over frames and no frame runs late.
/// It holds its own copy of the position: start a new one when the game
/// changes.
///
/// The search: a beam over the rest of the turn. From the position, every
/// placement is tried; the turn goes on (the hand's other cards, orphans a
/// removal lifts) until no placement is legal, where a deal is needed and
/// the unseen cards come in. Each such end is judged by
/// [`plan::evaluate`]; the move played is the first of the best-judged
/// turn. At each depth only the `width` best-judged positions go on.
#[derive(Clone, Debug)]
pub struct Thinker {
    strength: Strength,
    root: Game,
    roots: heapless::Vec<Move, MAX_CANDIDATES>,
    /// One-ply score of each root move (the fallback).
    first: heapless::Vec<i32, MAX_CANDIDATES>,
    next_root: usize,
    /// The current beam: positions and the root move each came from.
    beam: heapless::Vec<(Game, u8), MAX_BEAM>,
    /// Moves of the beam position being expanded.
    moves: heapless::Vec<Move, MAX_CANDIDATES>,
    at: usize,
    next_move: usize,
    best: heapless::Vec<Cand, MAX_BEAM>,
    /// Best turn end found: its score and root move index.
    leaf: Option<(i32, u8)>,
    /// The best turn ends with different first moves: score, root move
    /// index, position, and the total of their played-out scores.
    leaves: heapless::Vec<(i32, u8, Game, i64), MAX_TOP>,
    /// Played-out stage: sample, turn end, game being played out.
    sample: usize,
    turn: usize,
    roll: Option<Game>,
    deals: usize,
    stock: heapless::Vec<Card, 48>,
    seed: u64,
    nodes: usize,
    done: Option<Option<Move>>,
}

impl Thinker {
    /// Starts on the fair player's move in `g`, at the default strength.
    pub fn new(g: &Game) -> Thinker {
        Thinker::with_strength(g, Strength::DEFAULT)
    }

    /// Starts on the fair player's move in `g`.
    pub fn with_strength(g: &Game, strength: Strength) -> Thinker {
        let roots = placements(g);
        let mut t = Thinker {
            strength,
            root: g.clone(),
            roots,
            first: heapless::Vec::new(),
            next_root: 0,
            beam: heapless::Vec::new(),
            moves: heapless::Vec::new(),
            at: 0,
            next_move: 0,
            best: heapless::Vec::new(),
            leaf: None,
            leaves: heapless::Vec::new(),
            sample: 0,
            turn: 0,
            roll: None,
            deals: 0,
            stock: heapless::Vec::new(),
            seed: super::solver::position_hash(g),
            nodes: 0,
            done: None,
        };
        if t.roots.is_empty() {
            t.done = Some(if !g.status().is_over() && g.check_deal().is_ok() { Some(Move::Deal) } else { None });
        }
        t
    }

    /// Does up to `budget` more units of work (a placement tried and
    /// judged). `None` while work is left; then the move (`Some(None)`: no
    /// move is left). The move is the one [`best_move`] gives.
    pub fn step(&mut self, budget: usize) -> Option<Option<Move>> {
        let mut left = budget;
        while self.done.is_none() {
            if left == 0 {
                return None;
            }
            left -= 1;
            self.work();
        }
        self.done
    }

    /// Placements tried so far, and the most that will be.
    pub fn progress(&self) -> (usize, usize) {
        let most = if self.strength.width == 0 { self.roots.len() } else { self.strength.nodes.max(self.roots.len()) };
        (self.nodes.min(most), most)
    }

    fn width(&self) -> usize {
        self.strength.width.clamp(1, MAX_BEAM)
    }

    /// One unit of work.
    fn work(&mut self) {
        if self.roll.is_some() || self.sample > 0 || self.turn > 0 {
            self.play_out();
            return;
        }
        // First the root moves, each judged alone.
        if self.next_root < self.roots.len() {
            let i = self.next_root;
            self.next_root += 1;
            self.nodes += 1;
            let mv = self.roots[i];
            let mut score = i32::MIN;
            if let Move::Place(card, cell) = mv {
                if self.root.status() == Status::PlacingKings {
                    score = judge(&mut self.root, mv, &self.strength.weights).unwrap_or(i32::MIN);
                } else if self.root.place(card, cell).is_ok() {
                    score = plan::evaluate_with(&self.root, &self.strength.weights);
                    if self.strength.width > 0 && !can_place(&self.root) {
                        self.end_of_turn(score, i as u8);
                        note(&mut self.leaves, self.strength.top, score, i as u8, &self.root);
                    } else if self.strength.width > 0 {
                        let c = Cand { score, parent: 0, root: i as u8, mv, hash: super::solver::position_hash(&self.root) };
                        let width = self.width();
                        offer(&mut self.best, c, width);
                    }
                    let _ = self.root.undo();
                }
            }
            let _ = self.first.push(score);
            if self.next_root == self.roots.len() {
                if self.strength.width == 0 || self.root.status() == Status::PlacingKings {
                    self.finish_one_ply();
                } else {
                    self.next_depth();
                }
            }
            return;
        }
        if self.nodes >= self.strength.nodes {
            // Out of budget: the positions still in the search count as
            // turn ends.
            for i in 0..self.best.len() {
                let c = self.best[i];
                self.end_of_turn(c.score, c.root);
                if self.strength.samples > 0 {
                    let parent = if self.beam.is_empty() { Some(&self.root) } else { self.beam.get(usize::from(c.parent)).map(|p| &p.0) };
                    if let Some(p) = parent {
                        let mut g = p.clone();
                        if g.apply(c.mv).is_ok() {
                            note(&mut self.leaves, self.strength.top, c.score, c.root, &g);
                        }
                    }
                }
            }
            for i in 0..self.beam.len() {
                let (score, root) = (plan::evaluate_with(&self.beam[i].0, &self.strength.weights), self.beam[i].1);
                self.end_of_turn(score, root);
                note(&mut self.leaves, self.strength.top, score, root, &self.beam[i].0);
            }
            self.best.clear();
            self.beam.clear();
            self.finish();
            return;
        }
        if self.next_move >= self.moves.len() {
            self.at += 1;
            if self.at >= self.beam.len() {
                self.next_depth();
            } else {
                self.moves = placements(&self.beam[self.at].0);
                self.next_move = 0;
            }
            return;
        }
        let mv = self.moves[self.next_move];
        self.next_move += 1;
        self.nodes += 1;
        let at = self.at;
        let root = self.beam[at].1;
        let width = self.width();
        let weights = self.strength.weights;
        let pos = &mut self.beam[at].0;
        if pos.apply(mv).is_err() {
            return;
        }
        let score = plan::evaluate_with(pos, &weights);
        let end = !can_place(pos);
        let hash = if end { 0 } else { super::solver::position_hash(pos) };
        if end {
            note(&mut self.leaves, self.strength.top, score, root, pos);
        }
        let _ = pos.undo();
        if end {
            self.end_of_turn(score, root);
        } else {
            offer(&mut self.best, Cand { score, parent: at as u8, root, mv, hash }, width);
        }
    }

    fn end_of_turn(&mut self, score: i32, root: u8) {
        if self.leaf.is_none_or(|(s, _)| score > s) {
            self.leaf = Some((score, root));
        }
    }

    /// Makes the kept candidates the new beam.
    fn next_depth(&mut self) {
        let mut beam: heapless::Vec<(Game, u8), MAX_BEAM> = heapless::Vec::new();
        for c in self.best.iter() {
            let mut g = if self.beam.is_empty() {
                self.root.clone()
            } else {
                match self.beam.get(usize::from(c.parent)) {
                    Some(p) => p.0.clone(),
                    None => continue,
                }
            };
            if g.apply(c.mv).is_ok() {
                let _ = beam.push((g, c.root));
            }
        }
        self.best.clear();
        self.beam = beam;
        self.at = 0;
        self.next_move = 0;
        if self.beam.is_empty() {
            self.finish();
        } else {
            self.moves = placements(&self.beam[0].0);
        }
    }

    fn finish(&mut self) {
        if self.strength.samples > 0 && self.leaves.len() > 1 && self.sample < self.strength.samples {
            self.play_out();
            return;
        }
        if self.strength.samples > 0 && self.leaves.len() > 1 {
            let mut best: Option<(i64, u8)> = None;
            for (_, root, _, total) in self.leaves.iter() {
                if best.is_none_or(|(b, _)| *total > b) {
                    best = Some((*total, *root));
                }
            }
            if let Some((_, root)) = best {
                self.done = Some(self.roots.get(usize::from(root)).copied());
                return;
            }
        }
        match self.leaf {
            Some((_, root)) => self.done = Some(self.roots.get(usize::from(root)).copied()),
            None => self.finish_one_ply(),
        }
    }

    /// One move of a turn end played out on an imagined stock (or the
    /// start or end of one).
    fn play_out(&mut self) {
        if self.sample >= self.strength.samples || self.leaves.len() < 2 {
            self.sample = self.strength.samples;
            self.turn = 0;
            self.roll = None;
            // Marks the stage over.
            self.sample = usize::MAX;
            self.finish_rolled();
            return;
        }
        match self.roll.as_mut() {
            None => {
                if self.turn == 0 {
                    // A new imagined stock, the same for every turn end.
                    self.stock = self.root.unseen();
                    let mut rng = crate::cards::Pcg32::new((mix(self.seed ^ self.sample as u64) >> 32) as u32);
                    crate::cards::shuffle(&mut self.stock, &mut rng);
                }
                let mut g = self.leaves[self.turn].2.clone();
                let _ = g.restock(&self.stock);
                self.roll = Some(g);
                self.deals = 0;
                self.nodes += 1;
            }
            Some(g) => {
                let over = g.status().is_over() || g.move_count() >= super::game::MAX_MOVES;
                let mut mv = if over { None } else { greedy(g, &mut self.nodes, &self.strength.weights) };
                if mv == Some(Move::Deal) {
                    self.deals += 1;
                    if self.strength.horizon > 0 && self.deals > self.strength.horizon {
                        mv = None;
                    }
                }
                match mv {
                    Some(m) if g.apply(m).is_ok() => {}
                    _ => {
                        let score = plan::evaluate_with(g, &self.strength.weights);
                        self.leaves[self.turn].3 += i64::from(score);
                        self.roll = None;
                        self.turn += 1;
                        if self.turn >= self.leaves.len() {
                            self.turn = 0;
                            self.sample += 1;
                            if self.sample >= self.strength.samples {
                                self.sample = usize::MAX;
                                self.finish_rolled();
                            }
                        }
                    }
                }
            }
        }
    }

    fn finish_rolled(&mut self) {
        let mut best: Option<(i64, u8)> = None;
        for (_, root, _, total) in self.leaves.iter() {
            if best.is_none_or(|(b, _)| *total > b) {
                best = Some((*total, *root));
            }
        }
        match best {
            Some((_, root)) => self.done = Some(self.roots.get(usize::from(root)).copied()),
            None => self.finish_one_ply(),
        }
    }

    fn finish_one_ply(&mut self) {
        let mut best: Option<(i32, Move)> = None;
        for (mv, s) in self.roots.iter().zip(self.first.iter()) {
            if *s != i32::MIN && best.is_none_or(|(b, _)| *s > b) {
                best = Some((*s, *mv));
            }
        }
        self.done = Some(match best {
            Some((_, m)) => Some(m),
            None if !self.root.status().is_over() && self.root.check_deal().is_ok() => Some(Move::Deal),
            None => None,
        });
    }
}

/// Keeps the `top` best turn ends, best first, one per first move.
fn note(leaves: &mut heapless::Vec<(i32, u8, Game, i64), MAX_TOP>, top: usize, score: i32, root: u8, g: &Game) {
    let top = top.clamp(1, MAX_TOP);
    if let Some(i) = leaves.iter().position(|l| l.1 == root) {
        if leaves[i].0 >= score {
            return;
        }
        leaves.remove(i);
    }
    if leaves.len() >= top {
        match leaves.last() {
            Some(last) if last.0 >= score => return,
            _ => {
                leaves.pop();
            }
        }
    }
    let at = leaves.iter().position(|l| l.0 < score).unwrap_or(leaves.len());
    let _ = leaves.insert(at, (score, root, g.clone(), 0));
}

fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The one-ply player's move in `g` (judging each placement on `g` and
/// taking it back), counting the placements judged.
fn greedy(g: &mut Game, nodes: &mut usize, w: &Weights) -> Option<Move> {
    let mut best: Option<(i32, Move)> = None;
    for mv in placements(g) {
        *nodes += 1;
        if let Some(score) = judge(g, mv, w) {
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
            }
        }
    }
    match best {
        Some((_, m)) => Some(m),
        None if !g.status().is_over() && g.check_deal().is_ok() => Some(Move::Deal),
        None => None,
    }
}

/// Keeps the `width` best candidates, best first, one per position.
fn offer(best: &mut heapless::Vec<Cand, MAX_BEAM>, c: Cand, width: usize) {
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
    best_move_with(g, Strength::DEFAULT)
}

/// The fair player's move at this strength, if any move is legal.
pub fn best_move_with(g: &Game, strength: Strength) -> Option<Move> {
    let mut t = Thinker::with_strength(g, strength);
    t.step(usize::MAX).flatten()
}
