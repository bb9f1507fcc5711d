//! The judging player: a fair player (it sees what [`View`] shows, never
//! the deck's order) that judges each move by an exact chance over the
//! cards not seen, with no sampling noise.
//!
//! **The round's chance.** After the matrix fills and groups are removed,
//! the next cards are drawn one at a time until it is full again: as many
//! draws as empty cells. A face card drawn needs an empty cell of its
//! label; a number card goes where the player chooses. Over the cards not
//! seen (known as a set: every order equally likely), [`Chance`] works out
//! exactly, by dynamic programming over (empty cells per region, face cards
//! of each label drawn, number cards placed per region), the chance that
//! every face card drawn in the round finds a cell, the number cards placed
//! to make it greatest. A round that fills the matrix is worth
//! `leaf[faces still to come]` (less the more face cards are still to
//! come: each is one more chance to lose), a win is worth one.
//!
//! - **Placing** a number card: on the region whose round's chance, after
//!   it, is greatest (ties: the rules of thumb's cell, [`super::player`]).
//! - **Matching**: every set of cards that splits into groups adding up to
//!   10 (and, once a group has gone, drawing now) is judged by the chance
//!   of the round it starts; the best is played one group at a time (the
//!   next call finds the rest of it best again), drawing when nothing more
//!   is to be removed.
//!
//! Everything works in slices ([`Judge::step`]) with a table lent by the
//! caller ([`TABLE`] entries), so the console can spread it over frames.

use super::game::{Cell, Game, Group, Groups, Move, Phase, CELLS};
use super::player::{self, Style, View};
use super::solver::REGIONS;
use crate::cards::Card;
use heapless::Vec;

/// A chance of one, in fixed point (the console has no floating point).
pub const ONE: u32 = 1 << 24;

/// The entries [`Chance`] needs in the table lent to it: 5 centre states
/// times 15 (face cards drawn, number cards placed) pairs per label.
pub const TABLE: usize = 5 * 15 * 15 * 15;

/// How the judging player weighs a round that ends with face cards still
/// to come: `leaf[u]` for `u` of them (fixed point, [`ONE`] is certain).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tune {
    /// The worth of a full matrix with this many face cards to come.
    pub leaf: [u32; 13],
    /// Number cards placed by the round's chance (else by the rules of thumb).
    pub place: bool,
    /// Groups chosen by the round's chance (else by the rules of thumb).
    pub matching: bool,
}

impl Tune {
    /// `leaf[u] = q^u`, with `q` in thousandths.
    pub const fn per_face(q_milli: u32) -> Tune {
        let mut leaf = [ONE; 13];
        let mut u = 1;
        while u < 13 {
            leaf[u] = ((leaf[u - 1] as u64 * q_milli as u64) / 1000) as u32;
            u += 1;
        }
        Tune { leaf, place: true, matching: true }
    }
}

/// (face cards drawn, number cards placed) of a label's pair index: pairs
/// are ordered by their sum, then by face cards drawn, so that each draw
/// moves to a larger index.
const PAIRS: [(u8, u8); 15] = {
    let mut p = [(0u8, 0u8); 15];
    let mut s = 0;
    let mut i = 0;
    while s <= 4 {
        let mut k = 0;
        while k <= s {
            p[i] = (k as u8, (s - k) as u8);
            i += 1;
            k += 1;
        }
        s += 1;
    }
    p
};

const fn pair_index(k: u8, m: u8) -> usize {
    let s = (k + m) as usize;
    s * (s + 1) / 2 + k as usize
}

/// Where a round starts: empty cells per region (centre, jacks, queens,
/// kings, as [`REGIONS`]), face cards of each label not seen (index 0
/// unused), number cards not seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Start {
    /// Empty cells per region.
    pub empty: [u8; 4],
    /// Face cards not seen per label (region index; the centre's is 0).
    pub faces: [u8; 4],
    /// Number cards not seen.
    pub numbers: u8,
}

impl Start {
    /// The memo key of its empty cells (the rest is the same for every
    /// start one move judges).
    fn key(&self) -> usize {
        self.empty.iter().rev().fold(0, |k, e| k * 5 + usize::from(*e).min(4))
    }
}

/// The round's chance from a [`Start`], worked out a slice at a time.
#[derive(Clone, Copy, Debug)]
pub struct Chance {
    start: Start,
    size: [usize; 4],
    stride: [usize; 4],
    /// States still to work out: indices below `left` (from the last down).
    left: usize,
}

impl Chance {
    /// Starts on the chance from `start`.
    pub fn new(start: Start) -> Chance {
        let mut s = start;
        for r in 0..4 {
            s.empty[r] = s.empty[r].min(4);
            if r > 0 {
                // A label's empty cells never outnumber its faces to come.
                s.empty[r] = s.empty[r].min(s.faces[r]);
            }
        }
        let size = [
            usize::from(s.empty[0]) + 1,
            (usize::from(s.empty[1]) + 1) * (usize::from(s.empty[1]) + 2) / 2,
            (usize::from(s.empty[2]) + 1) * (usize::from(s.empty[2]) + 2) / 2,
            (usize::from(s.empty[3]) + 1) * (usize::from(s.empty[3]) + 2) / 2,
        ];
        let stride = [size[1] * size[2] * size[3], size[2] * size[3], size[3], 1];
        Chance { start: s, size, stride, left: size[0] * stride[0] }
    }

    /// Works out up to `budget` states (`table` at least [`TABLE`] long);
    /// the chance once all are done.
    pub fn step(&mut self, table: &mut [u32], tune: &Tune, budget: u32) -> Option<u32> {
        for _ in 0..budget {
            if self.left == 0 {
                return table.first().copied();
            }
            self.left -= 1;
            let v = self.value(self.left, table, tune);
            if let Some(t) = table.get_mut(self.left) {
                *t = v;
            }
        }
        (self.left == 0).then(|| table.first().copied().unwrap_or(0))
    }

    fn value(&self, idx: usize, table: &[u32], tune: &Tune) -> u32 {
        let s = &self.start;
        let mut e = [0u8; 4];
        let mut u = [0u8; 4];
        let mut k = [0u8; 4];
        let mut m = [0u8; 4];
        let mut placed = 0u8;
        for r in 0..4 {
            let c = (idx / self.stride[r]) % self.size[r];
            if r == 0 {
                m[0] = c as u8;
                e[0] = s.empty[0] - m[0];
            } else {
                (k[r], m[r]) = PAIRS[c];
                e[r] = s.empty[r].saturating_sub(k[r] + m[r]);
                u[r] = s.faces[r].saturating_sub(k[r]);
            }
            placed += m[r];
        }
        let faces = u[1] + u[2] + u[3];
        if faces == 0 {
            return ONE;
        }
        if e.iter().all(|x| *x == 0) {
            return tune.leaf[usize::from(faces).min(12)];
        }
        let numbers = s.numbers.saturating_sub(placed);
        let at = |i: usize| table.get(i).copied().unwrap_or(0) as u64;
        let mut acc = 0u64;
        for r in 1..4 {
            if u[r] > 0 && e[r] > 0 {
                let c = (idx / self.stride[r]) % self.size[r];
                let next = idx - c * self.stride[r] + pair_index(k[r] + 1, m[r]) * self.stride[r];
                acc += u64::from(u[r]) * at(next);
            }
        }
        if numbers > 0 {
            let mut best = 0;
            for r in 0..4 {
                if e[r] == 0 {
                    continue;
                }
                let next = if r == 0 {
                    idx + self.stride[0]
                } else {
                    let c = (idx / self.stride[r]) % self.size[r];
                    idx - c * self.stride[r] + pair_index(k[r], m[r] + 1) * self.stride[r]
                };
                best = best.max(at(next));
            }
            acc += u64::from(numbers) * best;
        }
        (acc / u64::from(faces + numbers)) as u32
    }
}

/// The chance from `start`, all at once.
pub fn chance(start: Start, table: &mut [u32], tune: &Tune) -> u32 {
    let mut c = Chance::new(start);
    loop {
        if let Some(v) = c.step(table, tune, u32::MAX) {
            return v;
        }
    }
}

/// Groups on a full matrix the judge keeps (more are left out).
pub(super) const MAX_GROUPS: usize = 256;

/// Memo slots: one per empty-cells vector (5^4).
const MEMO: usize = 625;

/// What the judging player is doing.
#[derive(Clone, Debug)]
enum Work {
    /// Judging the regions for a drawn number card: the region being judged.
    Place { region: usize },
    /// Listing groups.
    Groups { groups: Groups },
    /// Walking the sets of disjoint groups: per depth the union so far,
    /// the first group of the path and the next group index to try.
    Sets,
}

/// The judging player's move worked out in slices. Start a new one when
/// the game changes.
#[derive(Clone, Debug)]
pub struct Judge {
    view: View,
    tune: Tune,
    start: Start,
    work: Work,
    chance: Option<(Chance, usize)>,
    memo: [u32; MEMO],
    groups: Vec<u16, MAX_GROUPS>,
    stack: Vec<(u16, u16, u16), 17>,
    /// A set waiting for its chance: (cells removed, first group).
    pending: Option<(u16, u16)>,
    /// Best so far: (score, cells removed or placement cell, first group).
    best: Option<(u64, u16, u16)>,
    done: Option<Option<Move>>,
}

const UNKNOWN: u32 = u32::MAX;

fn region_of(cell: usize) -> usize {
    (0..4).find(|r| REGIONS[*r] & (1 << cell) != 0).unwrap_or(0)
}

impl Judge {
    /// Starts on the judging player's move in `g` (it keeps only the view).
    pub fn new(g: &Game, tune: Tune) -> Judge {
        Judge::from_view(View::of(g), tune)
    }

    /// Starts on the move in what a player sees.
    pub fn from_view(view: View, tune: Tune) -> Judge {
        let mut faces = [0u8; 4];
        let mut numbers = 0u8;
        for i in 0..52u8 {
            if view.unseen & (1 << i) == 0 {
                continue;
            }
            let Some(c) = Card::from_index(i) else { continue };
            match super::game::Label::of(c.rank()) {
                Some(l) => {
                    let r = (1..4).find(|r| REGIONS[*r] == l.cells()).unwrap_or(1);
                    faces[r] += 1;
                }
                None => numbers += 1,
            }
        }
        let mut empty = [0u8; 4];
        for (i, c) in view.matrix.iter().enumerate() {
            if c.is_none() {
                empty[region_of(i)] += 1;
            }
        }
        let mut j = Judge {
            view,
            tune,
            start: Start { empty, faces, numbers },
            work: Work::Sets,
            chance: None,
            memo: [UNKNOWN; MEMO],
            groups: Vec::new(),
            stack: Vec::new(),
            pending: None,
            best: None,
            done: None,
        };
        if view.status.is_over() {
            j.done = Some(None);
        } else if view.phase == Phase::Place {
            match view.next {
                Some(c) if tune.place && super::game::value(c).is_some() && view.matrix.iter().any(|x| x.is_none()) => {
                    j.work = Work::Place { region: 0 };
                }
                _ => j.done = Some(player::Thinker::from_view(view, Style::default()).step(u32::MAX).flatten()),
            }
        } else if !tune.matching {
            j.done = Some(player::Thinker::from_view(view, Style::default()).step(u32::MAX).flatten());
        } else {
            let values = view.matrix.map(|c| c.and_then(super::game::value).unwrap_or(0));
            j.work = Work::Groups { groups: Groups::new(values) };
        }
        j
    }

    /// The chance of the round from these empty cells, from the memo or
    /// worked out (`None`: still working, come back).
    fn judged(&mut self, empty: [u8; 4], table: &mut [u32], budget: &mut u32) -> Option<u32> {
        let start = Start { empty, ..self.start };
        let key = start.key();
        if self.memo[key] != UNKNOWN {
            return Some(self.memo[key]);
        }
        let (mut c, _) = self.chance.take().unwrap_or((Chance::new(start), key));
        let v = c.step(table, &self.tune, (*budget).max(1));
        *budget = 0;
        match v {
            Some(v) => {
                self.memo[key] = v;
                *budget = 1;
                Some(v)
            }
            None => {
                self.chance = Some((c, key));
                None
            }
        }
    }

    /// Does up to about `budget` units of work (a state of a round's
    /// chance, a group listed or a set of groups judged), with `table` at
    /// least [`TABLE`] long. `None` while work is left; then the move
    /// (`Some(None)`: no move is left).
    pub fn step(&mut self, table: &mut [u32], budget: u32) -> Option<Option<Move>> {
        let mut budget = budget.max(1);
        while budget > 0 {
            if let Some(d) = self.done {
                return Some(d);
            }
            budget -= 1;
            match &mut self.work {
                Work::Place { region } => {
                    let r = *region;
                    if r >= 4 {
                        self.done = Some(self.finish_place());
                        continue;
                    }
                    let mut empty = self.start.empty;
                    if empty[r] == 0 {
                        self.work = Work::Place { region: r + 1 };
                        continue;
                    }
                    empty[r] -= 1;
                    let v = self.judged(empty, table, &mut budget)?;
                    // Ties go to the rules of thumb's region (score bit).
                    let score = u64::from(v) << 1 | u64::from(self.plain_region() == Some(r));
                    if self.best.is_none_or(|(b, _, _)| score > b) {
                        self.best = Some((score, r as u16, 0));
                    }
                    self.work = Work::Place { region: r + 1 };
                }
                Work::Groups { groups } => match groups.next_mask() {
                    Some(g) => {
                        let _ = self.groups.push(g);
                    }
                    None => {
                        self.work = Work::Sets;
                        self.stack.clear();
                        let _ = self.stack.push((0, 0, 0));
                        if self.view.phase == Phase::MatchMore {
                            self.pending = Some((0, 0));
                        }
                    }
                },
                Work::Sets => {
                    if let Some((cells, first)) = self.pending {
                        let mut empty = self.start.empty;
                        for (i, e) in empty.iter_mut().enumerate() {
                            *e += (cells & REGIONS[i]).count_ones() as u8;
                        }
                        let v = self.judged(empty, table, &mut budget)?;
                        self.pending = None;
                        // Ties go to the set found first.
                        let score = u64::from(v);
                        if self.best.is_none_or(|(b, _, _)| score > b) {
                            self.best = Some((score, cells, first));
                        }
                        continue;
                    }
                    let Some(top) = self.stack.last_mut() else {
                        self.done = Some(self.finish_match());
                        continue;
                    };
                    let (union, first, next) = *top;
                    let Some(g) = self.groups.get(usize::from(next)).copied() else {
                        self.stack.pop();
                        continue;
                    };
                    top.2 += 1;
                    if g & union == 0 {
                        let f = if union == 0 { g } else { first };
                        self.pending = Some((union | g, f));
                        let _ = self.stack.push((union | g, f, next + 1));
                    }
                }
            }
        }
        None
    }

    /// The rules of thumb's region for the drawn card.
    fn plain_region(&self) -> Option<usize> {
        match player::Thinker::from_view(self.view, Style::default()).step(u32::MAX).flatten() {
            Some(Move::Place(_, cell)) => Some(region_of(usize::from(cell.index()))),
            _ => None,
        }
    }

    fn finish_place(&self) -> Option<Move> {
        let card = self.view.next?;
        let r = usize::from(self.best?.1);
        let mut empty = 0u16;
        for (i, c) in self.view.matrix.iter().enumerate() {
            if c.is_none() {
                empty |= 1 << i;
            }
        }
        let cells = empty & REGIONS[r];
        Cell::from_index(cells.trailing_zeros() as u8).map(|c| Move::Place(card, c))
    }

    fn finish_match(&self) -> Option<Move> {
        let (_, cells, first) = self.best?;
        if cells == 0 {
            return Some(Move::Draw);
        }
        let mut cards: Vec<Card, CELLS> = Vec::new();
        for i in 0..CELLS {
            if first & (1 << i) != 0 {
                let _ = cards.push(self.view.matrix[i]?);
            }
        }
        Group::new(&cards).map(Move::Clear)
    }
}

/// The judging player's move in `g` (`table` at least [`TABLE`] long).
pub fn judged_move(g: &Game, tune: Tune, table: &mut [u32]) -> Option<Move> {
    let mut j = Judge::new(g, tune);
    loop {
        if let Some(m) = j.step(table, u32::MAX) {
            return m;
        }
    }
}

/// Slots of the chance cache [`cached`] keeps in its lent table (after the
/// [`TABLE`] entries the chance itself works in), two `u32` each.
pub const CACHE: usize = 1 << 14;

/// A table for [`cached`]: [`TABLE`] entries, then [`CACHE`] pairs.
pub const CACHED_TABLE: usize = TABLE + 2 * CACHE;

/// The round's chance from `start`, through a cache in `cache` (pairs of
/// key and value).
pub fn cached(start: Start, table: &mut [u32], tune: &Tune) -> u32 {
    let (work, cache) = table.split_at_mut(TABLE.min(table.len()));
    let mut key = u32::from(start.numbers);
    for r in 0..4 {
        key = key * 8 + u32::from(start.empty[r]);
        key = key * 8 + u32::from(start.faces[r]);
    }
    key += 1;
    let slots = cache.len() / 2;
    if slots == 0 {
        return chance(start, work, tune);
    }
    let i = (crate::games::search::mix(u64::from(key)) as usize) % slots;
    if cache[2 * i] == key {
        return cache[2 * i + 1];
    }
    let v = chance(start, work, tune);
    cache[2 * i] = key;
    cache[2 * i + 1] = v;
    v
}

/// Every set of cards on a matrix with these values (0: no number card)
/// that splits into groups adding up to 10, as cell sets (a set may come
/// more than once, split differently), each with the first group of its
/// split.
pub fn for_each_set(values: [u8; CELLS], f: &mut dyn FnMut(u16, u16)) {
    let mut groups: Vec<u16, MAX_GROUPS> = Vec::new();
    let mut it = Groups::new(values);
    while let Some(g) = it.next_mask() {
        if groups.push(g).is_err() {
            break;
        }
    }
    let mut stack: Vec<(u16, u16, u16), 17> = Vec::new();
    let _ = stack.push((0, 0, 0));
    while let Some(top) = stack.last_mut() {
        let (union, first, next) = *top;
        let Some(g) = groups.get(usize::from(next)).copied() else {
            stack.pop();
            continue;
        };
        top.2 += 1;
        if g & union == 0 {
            let fg = if union == 0 { g } else { first };
            f(union | g, fg);
            let _ = stack.push((union | g, fg, next + 1));
        }
    }
}
