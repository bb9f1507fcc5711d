//! The solver: perfect information (it knows the face-down cards and the
//! talon's order), so it answers "can this deal be won at all?" and, when
//! it can, how.
//!
//! A depth-first search over the legal moves, made and taken back with the
//! engine's exact undo, with
//! - **safe moves first and alone**: a card whose next-higher card of its
//!   suit is already on the foundations (or which has none that could lie
//!   on it: aces, kings) loses nothing by going to its foundation now,
//!   since no card could ever be played on it again; when such a move is
//!   legal it is the only one tried. That covers every foundation move but
//!   a ten while its jack is not in the castle, and a nine while its ten is
//!   not in the tower;
//! - **empty lands are alike**: a card goes only to the first empty land
//!   (the others give the same position with the lands renamed), and the
//!   position hash treats the lands as a set;
//! - a **transposition table** of positions already reached (a position
//!   seen again, on this line or another, has nothing new to give);
//! - a **node budget**, a depth limit and a bounded move store: when any of
//!   them cuts the search, the answer is "unknown", never a guess.
//!
//! The search keeps its whole state in a [`Solver`] (an explicit stack,
//! no recursion, no allocation), so [`Solver::step`] can run it a few
//! thousand nodes at a time within a frame on the console.

use super::game::{Move, Place, Position, Undo, LANDS};
use crate::cards::Rank;
use crate::games::search::{self, mix, Effort, Insert, SeenSet};
use heapless::Vec;

/// Longest line the solver searches (and so the longest solution): a win
/// takes 52 foundation moves and at most 24 draws; 400 leaves room for
/// more than 300 land and guest moves.
pub const MAX_DEPTH: usize = 400;
/// Moves stored for the positions on the current line (each position's
/// untried moves). Past it the line is cut and the answer can only be
/// "unknown".
pub const ARENA: usize = 4096;

/// The solver's answer: winnable with these moves from the position
/// given, not winnable, or unknown (the budget or a bound ran out first).
pub type Verdict = search::Verdict<Vec<Move, MAX_DEPTH>>;

/// A hash of a position as far as the future goes, for positions reached
/// from one start: the lands as a set (their order never matters), the
/// waste, the guests, and how many cards the talon holds (its cards are
/// always the start's talon less what was drawn; the foundations hold what
/// is nowhere else). Bit 0 is always set: the hashes, and so the searches
/// and their node counts (the winnable tables, the figures), depend on it.
pub fn position_hash(p: &Position) -> u64 {
    let mut h = mix(p.talon_len() as u64 + 0x100);
    for l in 0..LANDS {
        let land = p.land(l);
        let mut lh = 0x9e37_79b9_7f4a_7c15u64;
        for (i, c) in land.cards().iter().enumerate() {
            let down = u64::from(i < land.down());
            lh = mix(lh ^ (u64::from(c.index()) + 1 + (down << 6)));
        }
        h = h.wrapping_add(lh);
    }
    for (i, c) in p.waste().iter().enumerate() {
        h ^= mix(u64::from(c.index()) << 8 | i as u64 | 0x1_0000);
    }
    for g in crate::cards::Suit::ALL {
        if let Some(c) = p.guest(g) {
            h ^= mix(u64::from(c.index()) + 0x2_0000);
        }
    }
    h | 1
}

/// True when `m` is a foundation move that can never hurt (module doc).
#[inline]
pub fn is_safe(p: &Position, m: Move) -> bool {
    let Move::ToFoundation(c) = m else { return false };
    match c.rank().number() {
        1 | 11..=13 => true,
        n => Rank::new(n + 1).is_some_and(|up| p.is_on_foundation(crate::cards::Card::new(up, c.suit()))),
    }
}

/// Most moves in one position the ordering handles at once.
const MAX_CHILDREN: usize = 256;

/// The moves the solver tries in `p`, best first, into `out`; false when
/// `out` ran out of room (the caller then cannot prove anything).
pub fn children<const N: usize>(p: &Position, out: &mut Vec<Move, N>) -> bool {
    let mut safe = None;
    let mut all: Vec<(u8, Move), MAX_CHILDREN> = Vec::new();
    let mut full = false;
    let first_empty = (0..LANDS).find(|l| p.land(*l).is_empty()).map(|l| l as u8);
    p.for_each_legal(&mut |m| {
        if safe.is_some() {
            return;
        }
        if is_safe(p, m) {
            safe = Some(m);
            return;
        }
        let rank = match m {
            Move::ToFoundation(_) => 0,
            Move::Draw => 6,
            Move::ToGuest(_) => 5,
            Move::ToLand(c, to) => {
                let empty_dest = p.land(usize::from(to)).is_empty();
                if empty_dest && Some(to) != first_empty {
                    return;
                }
                match p.locate(c) {
                    Place::Land { land, index, .. } => {
                        let l = p.land(usize::from(land));
                        let base = usize::from(index) == l.down();
                        let reveals = base && l.down() > 0;
                        match (reveals, empty_dest, base) {
                            (true, false, _) => 1,
                            (true, true, _) => 3,
                            (false, false, _) => 2,
                            (false, true, true) => 8,
                            (false, true, false) => 7,
                        }
                    }
                    _ => {
                        if empty_dest {
                            7
                        } else {
                            2
                        }
                    }
                }
            }
        };
        if all.push((rank, m)).is_err() {
            full = true;
        }
    });
    if let Some(m) = safe {
        return out.push(m).is_ok();
    }
    // A stable insertion sort by rank.
    for i in 1..all.len() {
        let mut j = i;
        while j > 0 && all[j - 1].0 > all[j].0 {
            all.swap(j - 1, j);
            j -= 1;
        }
    }
    for (_, m) in all {
        if out.push(m).is_err() {
            return false;
        }
    }
    !full
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The move that led here (none at the root).
    via: Option<Undo>,
    /// This position's moves in the arena: `next..end` are untried.
    start: u16,
    next: u16,
    end: u16,
}

/// A search in progress without its table: the caller lends the same
/// table (at least [`Search::new`]'s) at every [`Search::step`], so that a
/// search can be kept from frame to frame by a screen that holds no
/// borrow (the console's hint).
#[derive(Clone, Debug)]
pub struct Search {
    pos: Position,
    /// The table's counts between steps ([`SeenSet::parts`]).
    seen: (usize, bool),
    frames: Vec<Frame, MAX_DEPTH>,
    arena: Vec<Move, ARENA>,
    /// Nodes: the start and every position reached.
    effort: Effort,
    budget: u64,
    cut: bool,
    verdict: Option<Verdict>,
    /// Most cards on the foundations in any position reached.
    furthest: u8,
    /// The first move of the line that got there first.
    furthest_first: Option<Move>,
}

impl Search {
    /// Starts a search from `start` that gives up after `budget` nodes,
    /// remembering positions in `table_slots` (cleared here).
    pub fn new(start: &Position, budget: u64, table_slots: &mut [u64]) -> Search {
        let mut s = Search {
            pos: *start,
            seen: (0, false),
            frames: Vec::new(),
            arena: Vec::new(),
            effort: Effort { nodes: 1, transpositions: 0 },
            budget,
            cut: false,
            verdict: None,
            furthest: 0,
            furthest_first: None,
        };
        s.restart(start, budget, table_slots);
        s
    }

    /// Starts a new search in place, as [`new`](Self::new) would (the
    /// console's hint reuses one: a search is about 20 KB, and moving one
    /// about took several milliseconds there).
    pub fn restart(&mut self, start: &Position, budget: u64, table_slots: &mut [u64]) {
        let mut table = SeenSet::new(table_slots);
        self.pos = *start;
        self.frames.clear();
        self.arena.clear();
        self.effort = Effort { nodes: 1, transpositions: 0 };
        self.budget = budget;
        self.cut = false;
        self.verdict = None;
        self.furthest = start.on_foundations() as u8;
        self.furthest_first = None;
        if start.is_won() {
            self.verdict = Some(Verdict::Winnable(Vec::new()));
        } else {
            table.insert(position_hash(start));
            self.open(None);
        }
        self.seen = table.parts();
    }

    /// Nodes (positions) reached so far.
    pub fn nodes(&self) -> u64 {
        self.effort.nodes
    }

    /// What the search has cost so far.
    pub fn effort(&self) -> Effort {
        self.effort
    }

    /// Most cards on the foundations in any position the search reached
    /// so far (52 once it found a win): how far it got when the budget ran
    /// out.
    pub fn furthest(&self) -> usize {
        usize::from(self.furthest)
    }

    /// The first move of the line that first reached [`furthest`](Self::furthest)
    /// (`None` when no move put a card on the foundations).
    pub fn furthest_first(&self) -> Option<Move> {
        self.furthest_first
    }

    /// Sets up the current position's moves as a new frame; false (and the
    /// line cut) when there is no room.
    fn open(&mut self, via: Option<Undo>) -> bool {
        let start = self.arena.len();
        if self.frames.is_full() || !children(&self.pos, &mut self.arena) {
            self.arena.truncate(start);
            self.cut = true;
            return false;
        }
        let end = self.arena.len();
        let _ = self.frames.push(Frame { via, start: start as u16, next: start as u16, end: end as u16 });
        true
    }

    /// Runs up to `nodes` more nodes with the table the search started
    /// with. `None` while the search goes on; then the verdict (asking
    /// again gives it again).
    pub fn step(&mut self, table_slots: &mut [u64], nodes: u64) -> Option<Verdict> {
        let mut table = SeenSet::resume(table_slots, self.seen);
        let stop = self.effort.nodes.saturating_add(nodes);
        while self.verdict.is_none() {
            if self.effort.spent(stop) {
                self.seen = table.parts();
                return None;
            }
            if self.effort.spent(self.budget) {
                self.verdict = Some(Verdict::Unknown);
                break;
            }
            let Some(top) = self.frames.last_mut() else {
                self.verdict = Some(if self.cut { Verdict::Unknown } else { Verdict::NotWinnable });
                break;
            };
            if top.next >= top.end {
                let f = *top;
                self.frames.pop();
                self.arena.truncate(usize::from(f.start));
                if let Some(u) = f.via {
                    self.pos.revert(u);
                }
                continue;
            }
            let m = self.arena[usize::from(top.next)];
            top.next += 1;
            let Ok(u) = self.pos.apply(m) else { continue };
            self.effort.nodes += 1;
            let got = self.pos.on_foundations() as u8;
            if got > self.furthest {
                self.furthest = got;
                self.furthest_first = Some(self.frames.get(1).and_then(|f| f.via).map_or(m, |u| u.mv));
            }
            if self.pos.is_won() {
                let mut line: Vec<Move, MAX_DEPTH> = Vec::new();
                for f in self.frames.iter() {
                    if let Some(v) = f.via {
                        let _ = line.push(v.mv);
                    }
                }
                if line.push(m).is_err() {
                    self.verdict = Some(Verdict::Unknown);
                } else {
                    self.verdict = Some(Verdict::Winnable(line));
                }
                break;
            }
            if table.insert(position_hash(&self.pos)) == Insert::Already {
                self.effort.transpositions += 1;
                self.pos.revert(u);
                continue;
            }
            if !self.open(Some(u)) {
                self.pos.revert(u);
            }
        }
        self.seen = table.parts();
        self.verdict.clone()
    }
}

/// A search in progress with its table, run a slice at a time with
/// [`Solver::step`].
pub struct Solver<'t> {
    search: Search,
    table: &'t mut [u64],
}

impl<'t> Solver<'t> {
    /// Starts a search from `start` that gives up after `budget` nodes,
    /// remembering positions in `table_slots`.
    pub fn new(start: &Position, budget: u64, table_slots: &'t mut [u64]) -> Solver<'t> {
        let search = Search::new(start, budget, table_slots);
        Solver { search, table: table_slots }
    }

    /// Nodes (positions) reached so far.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// What the search has cost so far.
    pub fn effort(&self) -> Effort {
        self.search.effort()
    }

    /// Runs up to `nodes` more nodes. `None` while the search goes on; then
    /// the verdict (asking again gives it again).
    pub fn step(&mut self, nodes: u64) -> Option<Verdict> {
        self.search.step(self.table, nodes)
    }
}

/// Slots in the table [`solve`] uses on the host: 1 Mi (8 MB).
pub const HOST_TABLE: usize = 1 << 20;

/// Solves `p` within `budget` nodes in one go, with `table_slots` for the
/// table. Returns the verdict and what it cost.
pub fn solve(p: &Position, budget: u64, table_slots: &mut [u64]) -> (Verdict, Effort) {
    let mut s = Solver::new(p, budget, table_slots);
    loop {
        if let Some(v) = s.step(u64::MAX) {
            return (v, s.effort());
        }
    }
}
