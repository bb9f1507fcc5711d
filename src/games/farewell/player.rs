//! The fair player: picks a move seeing only what a player sees (the grid,
//! the hand, the waiting orphans, how many cards the stock holds; never the
//! stock's order). It gives the hint on the PS1, plays the attract-mode
//! demo, and its judgement orders the solver's search.
//!
//! A position is judged by [`plan::evaluate_with`] with the player's own
//! weights ([`Weights::PLAYER`]): books built in 2x2 windows that can still
//! be finished, no rank stranded (the seeds: "never block the last cell of
//! a book"; cards beside lower ranks only will be lifted as orphans and
//! placed again, so they strand nothing), windows kept apart and free of
//! other suits, room left to begin the ranks not yet seen, and the cards in
//! hand still able to go into their books.
//!
//! How far it looks is a [`Strength`]: one ply (every legal placement
//! judged alone: [`Thinker::new`], [`best_move`], [`candidates`]), a beam
//! search over the rest of the turn, and a look past the next deal with
//! imagined draws of the unseen cards, shuffled from a seed taken from the
//! visible position. Deal only when no placement is legal (the rules allow
//! nothing else).

use super::game::{Game, Move, Status};
use super::grid::CellSet;
use super::plan::{self, movable, position_hash, Basis, Weights};
use crate::cards::Card;
use crate::games::search::{mix, Beam};

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

/// How hard the fair player thinks.
///
/// First a beam search over the rest of the turn: every placement until
/// the next deal is needed (placements reveal nothing; only a deal brings
/// unseen cards). Then, optionally, a look past the next deal: the best
/// turn ends are each dealt the same few imagined draws (the unseen cards
/// shuffled from a seed taken from what the player sees, never from the
/// stock), the next turn searched for each, and the turn whose next turns
/// judge best on average is played. Or ([`Strength::each_card`]) each
/// turn end is judged by every card not seen, dealt to it alone and placed
/// where it judges best: the turn end whose cards judge best on average is
/// played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Positions kept at each depth of the turn's beam search (1 to
    /// [`MAX_BEAM`]); 0 judges each placement alone (one ply).
    pub width: usize,
    /// Most placements tried in the turn's search (past it the best found
    /// is played).
    pub nodes: usize,
    /// Imagined draws for the next deal; 0 for no look past it.
    pub samples: usize,
    /// How many of the best turn ends (with different first moves) are
    /// dealt the imagined draws (2 to [`MAX_TOP`]).
    pub top: usize,
    /// Beam width of the next turn's search (1 to [`MAX_NEXT_BEAM`]).
    pub next_width: usize,
    /// Most placements tried in each next turn's search.
    pub next_nodes: usize,
    /// Looks past the next deal a card at a time: the `top` best turn ends
    /// are each judged by the mean, over every card not seen, of the best
    /// judgement of that card dealt alone and placed (or kept in the hand
    /// where it has no cell). No sampling: every card counts once, so two
    /// turn ends are told apart by what the deal can bring, not by a few
    /// draws. Replaces the imagined draws (`samples`, `next_width` and
    /// `next_nodes` are then unused).
    pub each_card: bool,
    /// The judgement's weights.
    pub weights: Weights,
}

impl Strength {
    /// One ply: each legal placement judged alone.
    pub const ONE_PLY: Strength = Strength {
        width: 0,
        nodes: usize::MAX,
        samples: 0,
        top: 0,
        next_width: 0,
        next_nodes: 0,
        each_card: false,
        weights: Weights::PLAYER,
    };
    /// The hint's and [`best_move`]'s default: one ply, one unit of work
    /// per legal placement (what the console's hint has always cost).
    pub const HINT: Strength = Strength::ONE_PLY;
    /// The turn searched (beam of 8), no look past the next deal.
    pub const TURN: Strength = Strength { width: 8, nodes: 4000, ..Strength::ONE_PLY };
    /// For the console: the turn searched with a beam of 4, at most 70
    /// placements. What answers within a second on the PS1 (a unit costs
    /// about 1.5 ms there); the look past the next deal does not.
    pub const CONSOLE: Strength = Strength { width: 4, nodes: 70, ..Strength::ONE_PLY };
    /// For the console on the large grids (13x9, 14x9), where a frame
    /// leaves less time to think: a beam of 4, at most 40 placements.
    pub const CONSOLE_LARGE: Strength = Strength { width: 4, nodes: 40, ..Strength::ONE_PLY };
    /// The look past the next deal at its cheapest: the turn (beam of 4,
    /// 400 placements), then 2 imagined draws for each of the 2 best turn
    /// ends, each next turn searched with a beam of 2 and 60 placements.
    pub const LOOKAHEAD: Strength =
        Strength { width: 4, nodes: 400, samples: 2, top: 2, next_width: 2, next_nodes: 60, ..Strength::ONE_PLY };
    /// The strongest measured: the turn (beam of 8), then 8 imagined draws
    /// for each of the 4 best turn ends, each next turn searched with a
    /// beam of 4 and 200 placements.
    pub const STRONG: Strength =
        Strength { width: 8, nodes: 4000, samples: 8, top: 4, next_width: 4, next_nodes: 200, ..Strength::ONE_PLY };
    /// The turn searched (beam of 8, at most 500 placements), then the 4
    /// best turn ends looked past a card at a time
    /// ([`Strength::each_card`]): a few hundred placements judged a move,
    /// a twentieth of [`Strength::STRONG`]'s work for most of its wins.
    pub const EACH_CARD: Strength = Strength { width: 8, nodes: 500, top: 4, each_card: true, ..Strength::ONE_PLY };
    /// The default of [`Thinker::new`] and [`best_move`].
    pub const DEFAULT: Strength = Strength::HINT;

    /// A setting by name: `one-ply`, `console`, `lookahead`, `turn`,
    /// `each-card` or `strong`.
    pub fn from_name(s: &str) -> Option<Strength> {
        match s {
            "one-ply" => Some(Strength::ONE_PLY),
            "console" => Some(Strength::CONSOLE),
            "lookahead" => Some(Strength::LOOKAHEAD),
            "turn" => Some(Strength::TURN),
            "strong" => Some(Strength::STRONG),
            "each-card" => Some(Strength::EACH_CARD),
            _ => None,
        }
    }
}

/// The kinds of a thinker's units of work, which differ in their cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A placement judged from its position's kept basis.
    Place,
    /// Half of a position's basis made.
    Basis,
    /// A position judged whole (the kings placed, a turn end counted, a
    /// placement that completes a book).
    Whole,
    /// A kept candidate counted as a turn end (winding down).
    Flush,
    /// The next beam made.
    NextDepth,
    /// A beam position's placements listed.
    List,
    /// Looking past the turn (the host's strong player).
    Sample,
}

impl Step {
    /// The unit's cost in placements judged, as measured on the console
    /// (Mednafen, 12x8, the hints12 run: the longest of each kind): a
    /// placement judged up to 1.9 ms, half a basis 1.8 ms, a beam position's
    /// placements listed 0.4 ms, a position judged whole 3.0 ms, the next
    /// beam made 3.3 ms. The console's frame starts a unit only where
    /// that many of its longest placements still fit.
    pub fn weight(self) -> u32 {
        match self {
            Step::Whole | Step::NextDepth => 2,
            Step::Place | Step::Basis | Step::Flush | Step::List | Step::Sample => 1,
        }
    }
}

/// The kind of a placement tried in `pos`: one that completes a book is
/// judged whole (the book leaves, orphans may lift).
fn placing(pos: &Game, mv: Option<&Move>) -> Step {
    match mv {
        Some(Move::Place(card, cell)) if pos.completes_book(*card, *cell) => Step::Whole,
        _ => Step::Place,
    }
}

/// Most turn ends looked past.
pub const MAX_TOP: usize = 4;

/// Most positions a turn beam keeps.
pub const MAX_BEAM: usize = 8;

/// Most positions the next turn's beam keeps.
pub const MAX_NEXT_BEAM: usize = 4;

/// Most moves of the best turn end's line kept ([`Thinker::line`]): a
/// longer line is kept in part (its first moves).
pub const MAX_LINE: usize = 16;

/// A turn end's line: the placements from the searched position to it.
pub type Line = heapless::Vec<Move, MAX_LINE>;

/// The moves of `pos` made after the first `base`, then `last` if given,
/// as far as a [`Line`] holds.
fn line_of(pos: &Game, base: usize, last: Option<Move>) -> Line {
    let mut line = Line::new();
    for m in pos.moves().skip(base).chain(last) {
        if line.push(m).is_err() {
            break;
        }
    }
    line
}

/// A position the turn's beam keeps: the index of its parent in the beam,
/// of its first move (the root move it came from), and the move from the
/// parent.
type Cand = (u8, u8, Move);

/// The beam search over the rest of a turn, a placement at a time.
#[derive(Clone, Debug)]
struct TurnBeam<const B: usize, const T: usize> {
    width: usize,
    limit: usize,
    /// Turn ends to keep (with their positions), 0 for none.
    keep: usize,
    weights: Weights,
    root: Game,
    roots: heapless::Vec<Move, MAX_CANDIDATES>,
    /// One-ply score of each root move (the fallback).
    first: heapless::Vec<i32, MAX_CANDIDATES>,
    next_root: usize,
    /// The current beam: positions and the root move each came from.
    beam: heapless::Vec<(Game, u8), B>,
    /// Moves of the beam position being expanded.
    moves: heapless::Vec<Move, MAX_CANDIDATES>,
    /// The judgement of the position whose placements are being tried
    /// (the root's, then the beam position's): made by a unit of its own,
    /// it judges each placement from it for a fraction of the cost.
    basis: Option<Basis>,
    at: usize,
    next_move: usize,
    /// The roots are judged: the next unit makes the next beam ...
    deepen: bool,
    /// ... and the one after it lists its first position's placements
    /// (on the console each is as long as a placement judged).
    list: bool,
    best: Beam<Cand, B>,
    /// Best turn end found: its score and root move index.
    leaf: Option<(i32, u8)>,
    /// The best turn end's line (its first move the root move).
    line: Line,
    /// The best turn ends with different first moves, best first (by
    /// score; the index of the first move is the hash, so each has one).
    leaves: Beam<Game, T>,
    nodes: usize,
    /// Out of budget: how many of the kept candidates and beam positions
    /// have been counted as turn ends.
    flushed: usize,
    /// The search ran out of its budget (or was hurried) before the turn
    /// was searched through: its best turn end is a guess from part of it.
    cut: bool,
    done: Option<Option<Move>>,
}

impl<const B: usize, const T: usize> TurnBeam<B, T> {
    fn new(g: &Game, width: usize, limit: usize, keep: usize, weights: Weights) -> Self {
        let roots = placements(g);
        let mut t = TurnBeam::<B, T> {
            width,
            limit,
            keep: keep.min(T),
            weights,
            root: g.clone(),
            roots,
            first: heapless::Vec::new(),
            next_root: 0,
            beam: heapless::Vec::new(),
            moves: heapless::Vec::new(),
            basis: None,
            at: 0,
            next_move: 0,
            deepen: false,
            list: false,
            best: Beam::new(),
            leaf: None,
            line: Line::new(),
            leaves: Beam::new(),
            nodes: 0,
            flushed: 0,
            cut: false,
            done: None,
        };
        if t.roots.is_empty() {
            t.done = Some(if !g.status().is_over() && g.check_deal().is_ok() { Some(Move::Deal) } else { None });
        }
        t
    }

    /// Starts again in place on `g`, as [`TurnBeam::new`] would start
    /// (with nothing of the room moved).
    fn restart(&mut self, g: &Game, width: usize, limit: usize, keep: usize, weights: Weights) {
        (self.width, self.limit, self.keep, self.weights) = (width, limit, keep.min(T), weights);
        self.root.clone_from(g);
        self.roots = placements(g);
        self.first.clear();
        self.beam.clear();
        self.moves.clear();
        self.best.clear();
        self.line.clear();
        self.leaves.clear();
        (self.next_root, self.at, self.next_move, self.nodes, self.flushed) = (0, 0, 0, 0, 0);
        (self.deepen, self.list, self.cut) = (false, false, false);
        (self.basis, self.leaf, self.done) = (None, None, None);
        if self.roots.is_empty() {
            self.done = Some(if !g.status().is_over() && g.check_deal().is_ok() { Some(Move::Deal) } else { None });
        }
    }

    fn beam_width(&self) -> usize {
        self.width.max(1).min(B)
    }

    /// The value of the turn: its best end's score.
    fn value(&self) -> i32 {
        if let Some((s, _)) = self.leaf {
            return s;
        }
        match self.first.iter().copied().filter(|&s| s != i32::MIN).max() {
            Some(s) => s,
            None => plan::evaluate_with(&self.root, &self.weights),
        }
    }

    /// What the next unit of work is (its cost on the console differs by
    /// kind: see [`Step::weight`]).
    fn next_kind(&self) -> Step {
        if self.done.is_some() {
            return Step::Place;
        }
        let basis_pending = !self.basis.as_ref().is_some_and(Basis::is_finished);
        if self.next_root < self.roots.len() {
            if self.root.status() == Status::PlacingKings {
                return Step::Whole;
            }
            if basis_pending {
                return Step::Basis;
            }
            return placing(&self.root, self.roots.get(self.next_root));
        }
        if self.deepen {
            return Step::NextDepth;
        }
        if self.list {
            return Step::List;
        }
        if self.nodes >= self.limit {
            return if self.flushed < self.best.len() { Step::Flush } else { Step::Whole };
        }
        if self.next_move >= self.moves.len() {
            return if self.at + 1 >= self.beam.len() { Step::NextDepth } else { Step::List };
        }
        if basis_pending {
            return Step::Basis;
        }
        match self.beam.get(self.at) {
            Some((pos, _)) => placing(pos, self.moves.get(self.next_move)),
            None => Step::Place,
        }
    }

    /// One unit of work: a placement tried and judged.
    fn work(&mut self) {
        if self.done.is_some() {
            return;
        }
        // First the root moves, each judged alone.
        if self.next_root < self.roots.len() {
            if self.root.status() != Status::PlacingKings && self.prepare_basis(None) {
                return;
            }
            let i = self.next_root;
            self.next_root += 1;
            self.nodes += 1;
            let mv = self.roots[i];
            let mut score = i32::MIN;
            if let Move::Place(card, cell) = mv {
                if self.root.status() == Status::PlacingKings {
                    score = judge(&mut self.root, mv, &self.weights).unwrap_or(i32::MIN);
                } else if self.root.place(card, cell).is_ok() {
                    score = match &self.basis {
                        Some(b) => b.evaluate_after(&self.root, cell),
                        None => plan::evaluate_with(&self.root, &self.weights),
                    };
                    if self.width > 0 {
                        if self.root.can_place() {
                            let width = self.beam_width();
                            self.best.offer(score, position_hash(&self.root), (0, i as u8, mv), width);
                        } else {
                            if self.leaf.is_none_or(|(s, _)| score > s) {
                                self.leaf = Some((score, i as u8));
                                self.line.clear();
                                let _ = self.line.push(mv);
                            }
                            note(&mut self.leaves, self.keep, score, i as u8, &self.root);
                        }
                    }
                    let _ = self.root.undo();
                }
            }
            let _ = self.first.push(score);
            if self.next_root == self.roots.len() {
                if self.width == 0 || self.root.status() == Status::PlacingKings {
                    self.finish_one_ply();
                } else {
                    // The next beam is a unit of its own.
                    self.deepen = true;
                }
            }
            return;
        }
        if self.deepen {
            self.deepen = false;
            self.next_depth();
            return;
        }
        if self.list {
            self.list = false;
            if let Some(p) = self.beam.get(self.at) {
                self.moves = placements(&p.0);
            }
            return;
        }
        if self.nodes >= self.limit {
            self.cut = true;
            // Out of budget: the positions still in the search count as
            // turn ends, one a unit (each is judged: a unit stays one
            // judgement long, so a frame never runs late for it).
            let i = self.flushed;
            self.flushed += 1;
            if let Some(c) = self.best.get(i).copied() {
                let (parent, root, mv) = c.item;
                let parent = if self.beam.is_empty() {
                    Some(&self.root)
                } else {
                    self.beam.get(usize::from(parent)).map(|p| &p.0)
                };
                if let Some(p) = parent {
                    let better = self.leaf.is_none_or(|(s, _)| c.score > s);
                    if better {
                        self.leaf = Some((c.score, root));
                        self.line = line_of(p, self.root.move_count(), Some(mv));
                    }
                }
                if self.keep > 0 {
                    if let Some(p) = parent {
                        let mut g = p.clone();
                        if g.apply(mv).is_ok() {
                            note(&mut self.leaves, self.keep, c.score, root, &g);
                        }
                    }
                }
                return;
            }
            if let Some((g, root)) = self.beam.get(i - self.best.len()) {
                let (score, root) = (plan::evaluate_with(g, &self.weights), *root);
                if self.leaf.is_none_or(|(s, _)| score > s) {
                    self.leaf = Some((score, root));
                    self.line = line_of(g, self.root.move_count(), None);
                }
                note(&mut self.leaves, self.keep, score, root, &self.beam[i - self.best.len()].0);
                return;
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
                self.basis = None;
            }
            return;
        }
        if self.prepare_basis(Some(self.at)) {
            return;
        }
        let mv = self.moves[self.next_move];
        self.next_move += 1;
        self.nodes += 1;
        let at = self.at;
        let root = self.beam[at].1;
        let width = self.beam_width();
        let weights = self.weights;
        let pos = &mut self.beam[at].0;
        if pos.apply(mv).is_err() {
            return;
        }
        let score = match (&self.basis, mv) {
            (Some(b), Move::Place(_, cell)) => b.evaluate_after(pos, cell),
            _ => plan::evaluate_with(pos, &weights),
        };
        let end = !pos.can_place();
        let hash = if end { 0 } else { position_hash(pos) };
        if end {
            note(&mut self.leaves, self.keep, score, root, pos);
            if self.leaf.is_none_or(|(s, _)| score > s) {
                self.leaf = Some((score, root));
                self.line = line_of(pos, self.root.move_count(), None);
            }
        }
        let _ = pos.undo();
        if !end {
            self.best.offer(score, hash, (at as u8, root, mv), width);
        }
    }

    /// Works on the basis of the root (`None`) or of a beam position; true
    /// when that was this unit's work (the basis is made in two halves,
    /// each as short as a placement judged whole, or shorter).
    fn prepare_basis(&mut self, at: Option<usize>) -> bool {
        let g = match at {
            None => &self.root,
            Some(i) => match self.beam.get(i) {
                Some(p) => &p.0,
                None => return false,
            },
        };
        match &mut self.basis {
            None => self.basis = Some(Basis::begin(g, &self.weights)),
            Some(b) if !b.is_finished() => b.finish(g),
            Some(_) => return false,
        }
        true
    }

    /// Makes the kept candidates the new beam.
    fn next_depth(&mut self) {
        let mut beam: heapless::Vec<(Game, u8), B> = heapless::Vec::new();
        for c in self.best.iter() {
            let (parent, root, mv) = c.item;
            let mut g = if self.beam.is_empty() {
                self.root.clone()
            } else {
                match self.beam.get(usize::from(parent)) {
                    Some(p) => p.0.clone(),
                    None => continue,
                }
            };
            if g.apply(mv).is_ok() {
                let _ = beam.push((g, root));
            }
        }
        self.best.clear();
        self.beam = beam;
        self.at = 0;
        self.next_move = 0;
        self.basis = None;
        self.moves.clear();
        if self.beam.is_empty() {
            self.finish();
        } else {
            // Its first position's placements are listed by a unit of their
            // own.
            self.list = true;
        }
    }

    fn finish(&mut self) {
        match self.leaf {
            Some((_, root)) => self.done = Some(self.roots.get(usize::from(root)).copied()),
            None => self.finish_one_ply(),
        }
    }

    /// Winds the search down: no more placements beyond those judged (at
    /// least one root is always judged), the positions in the search
    /// counted as turn ends.
    fn hurry(&mut self) {
        self.limit = 0;
        self.cut |= self.done.is_none();
        if self.next_root < self.roots.len() {
            self.roots.truncate(self.next_root.max(1));
        }
    }

    #[inline]
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

/// The fair player's move worked out a few placements at a time, so that
/// on the console the work spreads over frames and no frame runs late.
/// It holds its own copy of the position: start a new one when the game
/// changes. See [`Strength`] for the search.
#[derive(Clone, Debug)]
pub struct Thinker<const B: usize = MAX_BEAM, const T: usize = MAX_TOP, const N: usize = MAX_NEXT_BEAM> {
    strength: Strength,
    turn: TurnBeam<B, T>,
    /// The next turn being searched, for one turn end and one draw.
    next: Option<TurnBeam<N, 0>>,
    /// Draw and turn end being looked past.
    sample: usize,
    end: usize,
    totals: [i64; T],
    stock: heapless::Vec<Card, 48>,
    seed: u64,
    /// Units of work done.
    nodes: usize,
    /// The card at a time look ([`Strength::each_card`]) at the turn end
    /// `end`, card `sample` of `stock`.
    /// Room for it only where there is room for turn ends (`T` > 0: the
    /// console's hint has none), and at most one is kept.
    glance: heapless::Vec<Glance, T>,
    /// A hash of the cards not seen (bit 0 clear), for [`Looks`]' keys.
    unseen_key: u64,
    done: Option<Option<Move>>,
}

/// Where the card at a time look past the deal stands on its turn end.
#[derive(Clone, Debug, Default)]
struct Glance {
    /// The turn end's judgement (made in two units).
    basis: Option<Basis>,
    /// The turn end with the card being judged dealt to it alone.
    trial: Option<Game>,
    /// That card's cells not judged yet.
    cells: CellSet,
    /// The best judgement of that card so far.
    best: i32,
}

impl Thinker {
    /// Starts on the fair player's move in `g`, at the default strength.
    pub fn new(g: &Game) -> Thinker {
        Thinker::with_strength(g, Strength::DEFAULT)
    }
}

impl<const B: usize, const T: usize, const N: usize> Thinker<B, T, N> {
    /// Starts on the fair player's move in `g`. The beams' room (`B`
    /// positions for the turn, `T` turn ends looked past, `N` positions for
    /// the next turn; the defaults fit every [`Strength`]) bounds the
    /// strength: a smaller `Thinker` (the console's) plays the strength as
    /// far as its room allows, and is that much cheaper to hold and move.
    pub fn with_strength(g: &Game, strength: Strength) -> Self {
        let looks = strength.samples > 0 || strength.each_card;
        let keep = if looks { strength.top.clamp(2, MAX_TOP).min(T) } else { 0 };
        Thinker {
            strength,
            turn: TurnBeam::new(g, strength.width, strength.nodes, keep, strength.weights),
            next: None,
            sample: 0,
            end: 0,
            totals: [0; T],
            stock: heapless::Vec::new(),
            seed: position_hash(g),
            nodes: 0,
            glance: heapless::Vec::new(),
            unseen_key: 0,
            done: None,
        }
    }

    /// Starts again in place on the fair player's move in `g`, as
    /// [`Thinker::with_strength`] would start: a new thinker moved into
    /// place copies all its room (a deep hint's thinker of 44 KB took the
    /// console 13 ms in a frame).
    pub fn restart(&mut self, g: &Game, strength: Strength) {
        let looks = strength.samples > 0 || strength.each_card;
        let keep = if looks { strength.top.clamp(2, MAX_TOP).min(T) } else { 0 };
        self.strength = strength;
        self.turn.restart(g, strength.width, strength.nodes, keep, strength.weights);
        self.next = None;
        (self.sample, self.end, self.nodes, self.totals) = (0, 0, 0, [0; T]);
        self.stock.clear();
        self.seed = position_hash(g);
        self.glance.clear();
        self.unseen_key = 0;
        self.done = None;
    }

    /// Does up to `budget` more units of work (a placement tried and
    /// judged). `None` while work is left; then the move (`Some(None)`: no
    /// move is left). The move is the one [`best_move`] gives.
    pub fn step(&mut self, budget: usize) -> Option<Option<Move>> {
        self.step_keeping(budget, None)
    }

    /// [`Thinker::step`], the looks past the deal kept in `looks` from
    /// one thinker to the next: a turn end looked at before (in this
    /// position or an earlier one of the turn) takes a unit, not its look.
    /// The move is the same as [`Thinker::step`]'s; only the work differs.
    pub fn step_keeping(&mut self, budget: usize, mut looks: Option<&mut Looks>) -> Option<Option<Move>> {
        let mut left = budget;
        while self.done.is_none() {
            if left == 0 {
                return None;
            }
            left -= 1;
            self.work(looks.as_deref_mut());
        }
        self.done
    }

    /// Asks for the move soon: the search stops where it is and the best
    /// move found so far is played (a few more units wind it down). The
    /// console calls this when a hint has taken a second: a 14x9 hand
    /// can have a hundred placements, each costing it milliseconds.
    pub fn hurry(&mut self) {
        self.turn.hurry();
        self.strength.samples = 0;
        if self.strength.each_card {
            // The card at a time look is dropped: the turn's own best.
            self.strength.each_card = false;
            if self.turn.done.is_some() && self.done.is_none() {
                self.done = self.turn.done;
            }
        }
    }

    /// Winds the turn's search down as [`Thinker::hurry`] does, but goes on
    /// to look past the deal from the turn ends it found.
    pub fn hurry_turn(&mut self) {
        self.turn.hurry();
    }

    /// Units of work done so far, as [`Thinker::progress`] counts them
    /// for the same strength with no look past the deal (what a hint's
    /// wind-down reads).
    pub fn turn_progress(&self) -> usize {
        let s = &self.strength;
        let turn = if s.width == 0 { self.turn.roots.len() } else { s.nodes.max(self.turn.roots.len()) };
        self.nodes.min(turn)
    }

    /// The turn's search's move, once it is done (before any look past
    /// the deal): the move of the same strength with no look.
    pub fn turn_answer(&self) -> Option<Option<Move>> {
        self.turn.done
    }

    /// The turn's search's line, once it is done: [`Thinker::line`] of the
    /// same strength with no look past the deal.
    pub fn turn_line(&self) -> Line {
        let mut line = Line::new();
        match self.turn.done {
            Some(Some(m)) if self.turn.line.first() == Some(&m) && !self.turn.cut => line.clone_from(&self.turn.line),
            Some(Some(m)) => {
                let _ = line.push(m);
            }
            _ => {}
        }
        line
    }

    /// Units of work done so far, and the most there will be.
    pub fn progress(&self) -> (usize, usize) {
        let s = &self.strength;
        let turn = if s.width == 0 { self.turn.roots.len() } else { s.nodes.max(self.turn.roots.len()) };
        let look = if s.each_card {
            // Two units for each turn end's basis, then about a card a unit.
            self.turn.root.stock_len().saturating_add(2).saturating_mul(s.top.min(T))
        } else {
            s.samples.saturating_mul(s.top.min(MAX_TOP)).saturating_mul(s.next_nodes + 1)
        };
        let most = turn.saturating_add(look);
        (self.nodes.min(most), most)
    }

    /// What the next unit of work is.
    pub fn next_kind(&self) -> Step {
        if self.turn.done.is_none() {
            return self.turn.next_kind();
        }
        if !self.strength.each_card {
            return Step::Sample;
        }
        let Some(glance) = self.glance.first() else { return Step::Basis };
        if !glance.basis.as_ref().is_some_and(Basis::is_finished) {
            return Step::Basis;
        }
        // The next card's placement, or the one after the cells judged.
        match (&glance.trial, glance.cells.iter().next()) {
            (Some(t), Some(cell)) => match self.stock.get(self.sample) {
                Some(card) => placing(t, Some(&Move::Place(*card, cell))),
                None => Step::Place,
            },
            _ => Step::Place,
        }
    }

    /// The move, once worked out (as [`Thinker::step`] gives it).
    pub fn answer(&self) -> Option<Option<Move>> {
        self.done
    }

    /// While the card at a time look past the deal goes on: the turn ends
    /// looked past so far, and the first move of the best of them once
    /// there are two (the move the look would choose among the best turn
    /// ends it has looked at: the turn's best ends are looked at first).
    pub fn best_so_far(&self) -> (usize, Option<Move>) {
        if self.done.is_some() || !self.strength.each_card || self.turn.done.is_none() {
            return (0, None);
        }
        let looked = self.end.min(self.turn.leaves.len());
        let mut best: Option<(i64, u8)> = None;
        for (i, leaf) in self.turn.leaves.iter().enumerate().take(looked) {
            if best.is_none_or(|(b, _)| self.totals[i] > b) {
                best = Some((self.totals[i], leaf.hash as u8));
            }
        }
        let m = best.filter(|_| looked >= 2).and_then(|(_, root)| self.turn.roots.get(usize::from(root)).copied());
        (looked, m)
    }

    /// Units of work done so far.
    pub fn units(&self) -> usize {
        self.nodes
    }

    /// Once the move is worked out, the line it begins: the placements to
    /// the best turn end the search found, when the move was chosen for
    /// that turn end and the search went through the turn within its
    /// budget, else the move alone. No card is drawn within a turn, so a
    /// player who follows the line meets the positions the search saw, and
    /// each of its moves stays legal.
    ///
    /// A search cut by its budget plans the rest of the turn from part of
    /// it, and a new search from further on does better: the console's
    /// hint, reading every line, won 13.8% of deals 1-1000 (12x8) and
    /// 14.1% (14x9); reading only the lines of searches not cut, 14.5% and
    /// 16.3% (15.2% and 17.4% searching at every move). A look past the
    /// deal is made again at every move too: a player who followed the
    /// turn's line would play its later moves without it (the card at a
    /// time look, deals 5001-6000: 16.7% against 22.4%).
    pub fn line(&self) -> Line {
        let mut line = Line::new();
        let looks = self.strength.samples > 0 || self.strength.each_card;
        match self.done {
            Some(Some(m)) if self.turn.line.first() == Some(&m) && !looks && !self.turn.cut => {
                line.clone_from(&self.turn.line)
            }
            Some(Some(m)) => {
                let _ = line.push(m);
            }
            _ => {}
        }
        line
    }

    fn work(&mut self, looks: Option<&mut Looks>) {
        // The turn's bookkeeping (the next beam made, a position's
        // placements listed) is split into units of its own, so that none
        // is long, but not counted as work: a search's budget counts the
        // same nodes however its bookkeeping is cut into units.
        if !(self.turn.deepen || self.turn.list) {
            self.nodes += 1;
        }
        if self.turn.done.is_none() {
            self.turn.work();
            let looks = self.strength.samples > 0 || self.strength.each_card;
            if self.turn.done.is_some() && (!looks || self.turn.leaves.len() < 2) {
                self.done = self.turn.done;
            }
            return;
        }
        if self.strength.each_card {
            self.glance(looks);
            return;
        }
        // Looking past the next deal.
        if let Some(t) = self.next.as_mut() {
            t.work();
            if t.done.is_some() {
                let v = t.value();
                self.next = None;
                self.add(v);
            }
            return;
        }
        if self.sample >= self.strength.samples {
            self.choose();
            return;
        }
        if self.end == 0 {
            // A new draw, the same for every turn end (they share the
            // unseen cards: no deal comes within a turn).
            self.stock = self.turn.root.unseen();
            let mut rng = crate::cards::Pcg32::new((mix(self.seed ^ (self.sample as u64 + 1)) >> 32) as u32);
            crate::cards::shuffle(&mut self.stock, &mut rng);
        }
        let Some(leaf) = self.turn.leaves.get(self.end) else {
            self.choose();
            return;
        };
        let mut g = leaf.item.clone();
        if g.status().is_over() || !g.restock(&self.stock) || g.deal().is_err() {
            let v = plan::evaluate_with(&g, &self.strength.weights);
            self.add(v);
            return;
        }
        let t = TurnBeam::<N, 0>::new(&g, self.strength.next_width, self.strength.next_nodes, 0, self.strength.weights);
        if t.done.is_some() {
            let v = plan::evaluate_with(&g, &self.strength.weights);
            self.add(v);
        } else {
            self.next = Some(t);
        }
    }

    /// One unit of the card at a time look past the deal: half of a turn
    /// end's basis, or one placement of a card not seen judged (a card
    /// with no cell is counted on the way, at the turn end's own score).
    fn glance(&mut self, looks: Option<&mut Looks>) {
        if self.glance.is_empty() {
            if self.sample == 0 && self.end == 0 {
                // Every turn end has the same cards not seen: no card is
                // drawn within a turn.
                self.stock = self.turn.root.unseen();
                self.unseen_key = self.stock.iter().fold(0, |h, c| h ^ mix(u64::from(c.index()) + 0x4_0000)) & !1;
            }
            if self.glance.push(Glance::default()).is_err() {
                // No room for the look (`T` is 0): the turn's own move.
                self.done = self.turn.done;
                return;
            }
        }
        let (Some(leaf), Some(glance)) = (self.turn.leaves.get(self.end), self.glance.first_mut()) else {
            self.choose();
            return;
        };
        let w = &self.strength.weights;
        // A turn end's look is the same from any position of the turn: the
        // same cards not seen, dealt to the same cells.
        let key = position_hash(&leaf.item) ^ self.unseen_key;
        match &mut glance.basis {
            None => {
                if let Some(total) = looks.as_ref().and_then(|l| l.get(key)) {
                    self.totals[self.end] = total;
                    self.sample = self.stock.len();
                    self.next_end();
                    return;
                }
                glance.basis = Some(Basis::begin(&leaf.item, w));
                return;
            }
            Some(b) if !b.is_finished() => {
                b.finish(&leaf.item);
                return;
            }
            Some(_) => {}
        }
        // Cards with no cell are counted on the way, a few a unit.
        let mut counted = 0;
        while glance.trial.is_none() {
            let Some(&card) = self.stock.get(self.sample) else {
                // This turn end is done (kept for the next positions of
                // the turn): the next one.
                if let Some(l) = looks {
                    l.put(key, self.totals[self.end]);
                }
                self.next_end();
                return;
            };
            let cells = leaf.item.legal_cells(card);
            if !cells.is_empty() {
                let mut t = leaf.item.clone();
                if t.imagine_drawn(card) {
                    glance.trial = Some(t);
                    glance.cells = cells;
                    glance.best = i32::MIN;
                    break;
                }
            }
            // It would wait in the hand: the turn end as it is.
            self.totals[self.end] += i64::from(leaf.score);
            self.sample += 1;
            counted += 1;
            if counted == 8 {
                return;
            }
        }
        // One placement of the card judged.
        let (Some(t), Some(&card)) = (glance.trial.as_mut(), self.stock.get(self.sample)) else { return };
        if let Some(cell) = glance.cells.iter().next() {
            glance.cells = glance.cells & !CellSet::single(cell);
            if t.place(card, cell).is_ok() {
                let v = match &glance.basis {
                    Some(b) => b.evaluate_after(t, cell),
                    None => plan::evaluate_with(t, w),
                };
                glance.best = glance.best.max(v);
                let _ = t.undo();
            }
        }
        if glance.cells.is_empty() {
            let v = if glance.best == i32::MIN { leaf.score } else { glance.best };
            self.totals[self.end] += i64::from(v);
            glance.trial = None;
            self.sample += 1;
        }
    }

    /// The card at a time look goes on to the next turn end (or chooses).
    fn next_end(&mut self) {
        self.glance.clear();
        self.sample = 0;
        self.end += 1;
        if self.end >= self.turn.leaves.len() {
            self.choose();
        }
    }

    /// Adds the value of the next turn for the current turn end and draw.
    fn add(&mut self, v: i32) {
        if let Some(t) = self.totals.get_mut(self.end) {
            *t += i64::from(v);
        }
        self.end += 1;
        if self.end >= self.turn.leaves.len() {
            self.end = 0;
            self.sample += 1;
        }
    }

    fn choose(&mut self) {
        let mut best: Option<(i64, u8)> = None;
        for (i, leaf) in self.turn.leaves.iter().enumerate() {
            if best.is_none_or(|(b, _)| self.totals[i] > b) {
                best = Some((self.totals[i], leaf.hash as u8));
            }
        }
        self.done = match best {
            Some((_, root)) => Some(self.turn.roots.get(usize::from(root)).copied()),
            None => self.turn.done,
        };
    }
}

/// Most turn ends' looks [`Looks`] keeps.
pub const LOOKS: usize = 16;

/// The looks past the deal of the turn ends judged lately (the card at a
/// time look, [`Strength::each_card`]), kept from one position to the
/// next ([`Thinker::step_keeping`]): within a turn the same ends come
/// back, and each one's look is what it was (the same position, the same
/// cards not seen). Keyed by the turn end's hash and the cards not seen;
/// the oldest goes first.
#[derive(Clone, Debug, Default)]
pub struct Looks {
    kept: [(u64, i64); LOOKS],
    next: usize,
}

impl Looks {
    /// The look kept for `key`, if any (0 is no key).
    fn get(&self, key: u64) -> Option<i64> {
        self.kept.iter().find(|(k, _)| *k == key && key != 0).map(|(_, v)| *v)
    }

    /// Keeps the look `total` for `key`.
    fn put(&mut self, key: u64, total: i64) {
        if self.get(key).is_none() {
            if let Some(slot) = self.kept.get_mut(self.next % LOOKS) {
                *slot = (key, total);
            }
            self.next = (self.next + 1) % LOOKS;
        }
    }
}

/// Keeps the `top` best turn ends, best first, one per first move.
fn note<const T: usize>(leaves: &mut Beam<Game, T>, top: usize, score: i32, root: u8, g: &Game) {
    leaves.offer_with(score, u64::from(root), top, || g.clone());
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
    let mut t: Thinker = Thinker::with_strength(g, strength);
    t.step(usize::MAX).flatten()
}
