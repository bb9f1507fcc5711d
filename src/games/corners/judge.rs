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

/// Faces of each label still to come in a full game.
const FACES_PER_LABEL: u8 = 4;

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
    /// Only sets to which no group can be added are judged (the rules of
    /// thumb's "remove while any group is left").
    pub maximal: bool,
    /// Experiment: how sets are ranked.
    pub mode: u8,
    /// Experiment: a weight.
    pub lambda: u32,
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
        Tune { leaf, place: true, matching: true, maximal: false, mode: 0, lambda: 0 }
    }
}

impl Default for Tune {
    fn default() -> Self {
        Tune::per_face(850)
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
const MAX_GROUPS: usize = 256;

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
        let _ = FACES_PER_LABEL;
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
        let v = c.step(table, &self.tune, *budget);
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
                    let Some(v) = self.judged(empty, table, &mut budget) else { return None };
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
                        if self.tune.maximal && self.groups.iter().any(|g| g & cells == 0) {
                            self.pending = None;
                            continue;
                        }
                        let mut empty = self.start.empty;
                        for (i, e) in empty.iter_mut().enumerate() {
                            *e += (cells & REGIONS[i]).count_ones() as u8;
                        }
                        let Some(v) = self.judged(empty, table, &mut budget) else { return None };
                        self.pending = None;
                        let score = match self.tune.mode {
                            1 => u64::from(self.leftover(cells)) << 32 | u64::from(v),
                            2 => u64::from(v),
                            4 => {
                                let centre = (cells & REGIONS[0]).count_ones() as u64;
                                (u64::from(v) + 4 * u64::from(self.tune.lambda))
                                    .saturating_sub(centre * u64::from(self.tune.lambda))
                                    << 16
                                    | u64::from(self.leftover(cells))
                            }
                            3 => {
                                let centre = (cells & REGIONS[0]).count_ones() as u64;
                                (u64::from(v) + centre * u64::from(self.tune.lambda)) << 16
                                    | u64::from(self.leftover(cells))
                            }
                            _ => u64::from(v) << 16 | u64::from(self.leftover(cells)),
                        };
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

    /// A small tie-break between sets of equal chance: the number cards
    /// left in labelled cells that some card still to come or on the
    /// matrix can pair with (more is better).
    fn leftover(&self, removed: u16) -> u16 {
        let mut have = [0u8; 11];
        for i in 0..52u8 {
            if self.view.unseen & (1 << i) != 0 {
                if let Some(v) = Card::from_index(i).and_then(super::game::value) {
                    have[usize::from(v)] += 1;
                }
            }
        }
        let values = self.view.matrix.map(|c| c.and_then(super::game::value).unwrap_or(0));
        for (i, v) in values.iter().enumerate() {
            if *v > 0 && removed & (1 << i) == 0 {
                have[usize::from(*v)] += 1;
            }
        }
        let mut score = 0u16;
        for (i, v) in values.iter().enumerate() {
            if *v == 0 || removed & (1 << i) != 0 || REGIONS[0] & (1 << i) != 0 {
                continue;
            }
            let w = usize::from(10 - *v);
            let partners = if w == 0 { 4 } else { have[w] - u8::from(w == usize::from(*v)) };
            score += u16::from(partners.min(4));
        }
        score
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
        let Some((_, cells, first)) = self.best else {
            return None;
        };
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

/// Slots of the chance cache [`Look`] keeps in its lent table (after the
/// [`TABLE`] entries the chance itself works in), two `u32` each.
pub const CACHE: usize = 1 << 14;

/// The table [`Look`] needs: [`TABLE`] then [`CACHE`] pairs.
pub const LOOK_TABLE: usize = TABLE + 2 * CACHE;

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

/// A position as the look-ahead plays it on a sample: values per cell (0
/// empty or face), which cells hold face cards, what is not seen.
#[derive(Clone, Copy, Debug)]
struct Sim {
    values: [u8; CELLS],
    filled: u16,
    start: Start,
}

impl Sim {
    fn empty_per_region(&self) -> [u8; 4] {
        let mut e = [0u8; 4];
        for (r, x) in e.iter_mut().enumerate() {
            *x = (REGIONS[r] & !self.filled).count_ones() as u8;
        }
        e
    }

    /// The best round's chance over every set that can be removed (0 if
    /// none).
    fn best_set(&self, table: &mut [u32], tune: &Tune) -> u32 {
        let mut best = 0;
        let mut seen: Vec<[u8; 4], 64> = Vec::new();
        let base = self.start;
        for_each_set(self.values, &mut |cells, _| {
            let mut e = [0u8; 4];
            for (r, x) in e.iter_mut().enumerate() {
                *x = (REGIONS[r] & cells).count_ones() as u8;
            }
            if seen.contains(&e) {
                return;
            }
            let _ = seen.push(e);
            best = best.max(cached(Start { empty: e, ..base }, table, tune));
        });
        best
    }

    /// Fills the matrix from `deck` (top first) as the judging player
    /// places; the worth of the full matrix, or 0 if a face card finds no
    /// cell, [`ONE`] on a win.
    fn round(mut self, deck: &[Card], table: &mut [u32], tune: &Tune) -> Option<u32> {
        let mut at = 0;
        while self.filled != 0xFFFF {
            let Some(c) = deck.get(at) else { return Some(0) };
            at += 1;
            let e = self.empty_per_region();
            match super::game::value(*c) {
                None => {
                    let l = super::game::Label::of(c.rank())?;
                    let r = (1..4).find(|r| REGIONS[*r] == l.cells()).unwrap_or(1);
                    if e[r] == 0 {
                        return None;
                    }
                    let cell = (REGIONS[r] & !self.filled).trailing_zeros();
                    self.filled |= 1 << cell;
                    self.start.faces[r] -= 1;
                    if self.start.faces[1..].iter().all(|f| *f == 0) {
                        return Some(ONE);
                    }
                }
                Some(v) => {
                    self.start.numbers = self.start.numbers.saturating_sub(1);
                    let mut best: Option<(u32, usize)> = None;
                    for r in 0..4 {
                        if e[r] == 0 {
                            continue;
                        }
                        let mut e2 = e;
                        e2[r] -= 1;
                        let x = cached(Start { empty: e2, ..self.start }, table, tune);
                        if best.is_none_or(|(b, _)| x > b) {
                            best = Some((x, r));
                        }
                    }
                    let r = best.map_or(0, |b| b.1);
                    let cell = (REGIONS[r] & !self.filled).trailing_zeros();
                    self.filled |= 1 << cell;
                    self.values[cell as usize] = v;
                }
            }
        }
        Some(self.best_set(table, tune))
    }
}

/// The look-ahead player's move: the judging player's placements; while
/// matching, each set that can be removed (and drawing, once allowed) is
/// judged by the exact chance of the round it starts times the mean, over
/// `samples` orders of the cards not seen (the same orders for every set,
/// from the view's hash), of the best round's chance from the matrix that
/// round fills.
pub fn look_move(g: &Game, tune: Tune, samples: u16, table: &mut [u32]) -> Option<Move> {
    let view = View::of(g);
    if view.status.is_over() || view.phase == Phase::Place {
        let n = TABLE.min(table.len());
        return judged_move(g, tune, &mut table[..n]);
    }
    let j = Judge::from_view(view, tune);
    let base = j.start;
    let values = view.matrix.map(|c| c.and_then(super::game::value).unwrap_or(0));
    let mut filled = 0u16;
    for (i, c) in view.matrix.iter().enumerate() {
        if c.is_some() {
            filled |= 1 << i;
        }
    }
    let mut unseen: Vec<Card, 52> = Vec::new();
    for i in 0..52u8 {
        if view.unseen & (1 << i) != 0 {
            if let Some(c) = Card::from_index(i) {
                let _ = unseen.push(c);
            }
        }
    }
    let mut orders: Vec<Vec<Card, 52>, 64> = Vec::new();
    let seed = player::view_hash(&view);
    for s in 0..samples.min(64) {
        let mut rng = crate::cards::Pcg32::new(crate::games::search::mix(seed.wrapping_add(u64::from(s))) as u32);
        let mut d = unseen.clone();
        crate::cards::shuffle(&mut d, &mut rng);
        let _ = orders.push(d);
    }
    let mut sets: Vec<(u16, u16), 512> = Vec::new();
    if view.phase == Phase::MatchMore {
        let _ = sets.push((0, 0));
    }
    let mut keys: Vec<[u8; 40], 512> = Vec::new();
    let key_of = |cells: u16| {
        let mut k = [0u8; 40];
        for i in 0..CELLS {
            if cells & (1 << i) == 0 && values[i] > 0 {
                k[region_of(i) * 10 + usize::from(values[i] - 1)] += 1;
            }
        }
        k
    };
    if view.phase == Phase::MatchMore {
        let _ = keys.push(key_of(0));
    }
    for_each_set(values, &mut |cells, first| {
        let k = key_of(cells);
        if !keys.contains(&k) && !sets.is_full() {
            let _ = keys.push(k);
            let _ = sets.push((cells, first));
        }
    });
    let mut best: Option<(u64, u16, u16)> = None;
    for (cells, first) in sets.iter().copied() {
        let mut e = base.empty;
        for (r, x) in e.iter_mut().enumerate() {
            *x += (REGIONS[r] & cells).count_ones() as u8;
        }
        let p = cached(Start { empty: e, ..base }, table, &tune);
        let mut sum = 0u64;
        let mut n = 0u64;
        let mut vals = values;
        for i in 0..CELLS {
            if cells & (1 << i) != 0 {
                vals[i] = 0;
            }
        }
        let sim = Sim { values: vals, filled: filled & !cells, start: base };
        for d in orders.iter() {
            // A sample where a face card finds no cell is the round's
            // chance's part (worked out exactly): left out here.
            if let Some(v) = sim.round(d, table, &tune) {
                sum += u64::from(v);
                n += 1;
            }
        }
        let mean = if n == 0 { 0 } else { sum / n };
        let score = u64::from(p) * mean;
        if best.is_none_or(|(b, _, _)| score > b) {
            best = Some((score, cells, first));
        }
    }
    let (_, cells, first) = best?;
    if cells == 0 {
        return Some(Move::Draw);
    }
    let mut cards: Vec<Card, CELLS> = Vec::new();
    for i in 0..CELLS {
        if first & (1 << i) != 0 {
            let _ = cards.push(view.matrix[i]?);
        }
    }
    Group::new(&cards).map(Move::Clear)
}
