//! Exact expectimax over the cards not seen: the fair player's best chance
//! when the deck's order is unknown (every order of the cards not seen
//! equally likely), over what a player sees only.
//!
//! A position is abstracted to what decides its future: per region (the
//! centre and the three labels, as [`REGIONS`]) how many number cards of
//! each value it holds, how many face cards of each label are still to
//! come, and how many number cards of each value are not seen. (Cells of a
//! region are alike and suits never matter, as in the solver's key.) From
//! there:
//!
//! - a **draw** is a chance node: each kind of card not seen comes with its
//!   share; a face card goes on its label (a loss with no empty cell, a win
//!   when it is the last), a number card on the region chosen (the best);
//! - a **full matrix** is a choice node over every set of cards that splits
//!   into groups adding up to 10 (a loss with none), after which the round
//!   draws as many cards as cells are empty.
//!
//! The search looks `rounds` full rounds past the one under way; a full
//! matrix past them is worth `leaf[faces to come]` ([`Tune`]) when some
//! group on it adds up to 10 and no number card on a label still waiting
//! for face cards is stuck there for good
//! ([`State::stuck_on_a_label`]), else nothing. Positions are memoised in a
//! table lent by the caller; past `budget` nodes the search gives up and
//! [`expected_move`] plays the cheaper player's move: number cards placed
//! by the round's chance ([`super::judge`]), groups by the rules of thumb
//! ([`super::player`]). Within its budget that is the endgame and the short
//! rounds: a round of many draws branches too much (13 kinds of card a draw,
//! four regions for a number card).

use super::game::CELLS;
use super::judge::{self, Tune, ONE};
use super::solver::REGIONS;

/// The abstract position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Number cards per region per value (index value - 1).
    pub counts: [[u8; 10]; 4],
    /// Face cards still to come per label region (index 0 unused).
    pub faces: [u8; 4],
    /// Number cards not seen per value.
    pub unseen: [u8; 10],
}

impl State {
    /// Empty cells per region: the centre's 4 less its numbers; a label's
    /// cells without a face card (as many as its faces to come) less its
    /// numbers.
    pub fn empty(&self) -> [u8; 4] {
        let mut e = [0u8; 4];
        for (r, x) in e.iter_mut().enumerate() {
            let cells = if r == 0 { 4 } else { self.faces[r] };
            let n: u8 = self.counts[r].iter().sum();
            *x = cells.saturating_sub(n);
        }
        e
    }

    fn numbers(&self) -> u8 {
        self.unseen.iter().sum()
    }

    fn faces_to_come(&self) -> u8 {
        self.faces[1] + self.faces[2] + self.faces[3]
    }

    fn hash(&self, tag: u64) -> u64 {
        let mut h = tag;
        for r in 0..4 {
            for v in 0..10 {
                h = h.wrapping_mul(5).wrapping_add(u64::from(self.counts[r][v]));
                if v == 4 {
                    h = crate::games::search::mix(h);
                }
            }
            h = crate::games::search::mix(h ^ u64::from(self.faces[r]) << 60);
        }
        for v in 0..10 {
            h = h.wrapping_mul(5).wrapping_add(u64::from(self.unseen[v]));
        }
        crate::games::search::mix(h)
    }

    /// A hash of the position and `tag` in 32-bit arithmetic, for the
    /// console's deep hint ([`Deep`], its own memo): the position packed
    /// whole (every count fits 3 bits) into six words, mixed in two lanes.
    /// [`hash`](Self::hash)'s 64-bit multiplies cost the R3000A several
    /// of its own each, and a node hashes up to 43 children.
    fn key(&self, tag: u32) -> u64 {
        let mut words = [0u32; 6];
        for (r, w) in words.iter_mut().take(4).enumerate() {
            for v in 0..10 {
                *w |= u32::from(self.counts[r][v]) << (3 * v);
            }
        }
        for v in 0..10 {
            words[4] |= u32::from(self.unseen[v]) << (3 * v);
        }
        words[5] = u32::from(self.faces[1]) | u32::from(self.faces[2]) << 3 | u32::from(self.faces[3]) << 6 | tag << 9;
        let (mut a, mut b) = (0x9e37_79b9u32, 0x85eb_ca6bu32);
        for w in words {
            a = (a ^ w).wrapping_mul(0xcc9e_2d51);
            a ^= a >> 15;
            b = (b ^ w).wrapping_mul(0x1b87_3593);
            b ^= b >> 13;
        }
        a = (a ^ b).wrapping_mul(0x85eb_ca6b);
        a ^= a >> 16;
        b = (b ^ a).wrapping_mul(0xc2b2_ae35);
        b ^= b >> 16;
        u64::from(a) << 32 | u64::from(b)
    }

    /// True when a number card on a label whose face cards are still to
    /// come can never leave: no group of the other number cards left (on
    /// the matrix or not seen) makes 10 with it. That label then has one
    /// cell fewer than face cards to come, so the game is lost.
    pub fn stuck_on_a_label(&self) -> bool {
        // Each value once, whichever labels hold it (a leaf of the deep
        // hint's search asks this; the console felt every sum redone).
        let mut asked = 0u16;
        for r in (1..4).filter(|r| self.faces[*r] > 0) {
            for v in 0..9 {
                if self.counts[r][v] > 0 && asked & (1 << v) == 0 {
                    if self.stuck_value(v) {
                        return true;
                    }
                    asked |= 1 << v;
                }
            }
        }
        false
    }

    /// True when no group of the number cards left but one of value `v +
    /// 1` (on the matrix or not seen; that card among them) makes 10 with
    /// it: a card of that value can never leave the matrix.
    fn stuck_value(&self, v: usize) -> bool {
        if v >= 9 {
            return false;
        }
        // The sums (up to 10) the other cards reach, as a bit set.
        let mut reach: u32 = 1;
        for w in 0..10 {
            let mut n = self.unseen[w] + self.counts[0][w] + self.counts[1][w] + self.counts[2][w] + self.counts[3][w];
            if w == v {
                n = n.saturating_sub(1);
            }
            for _ in 0..n {
                reach |= (reach << (w + 1)) & 0x7FF;
            }
        }
        reach & (1 << (9 - v)) == 0
    }

    /// The values on the matrix laid out on cells of their regions (for
    /// listing groups).
    fn values(&self) -> [u8; CELLS] {
        let mut out = [0u8; CELLS];
        for r in 0..4 {
            let mut cells = REGIONS[r];
            for v in 0..10 {
                for _ in 0..self.counts[r][v] {
                    let c = cells.trailing_zeros() as usize;
                    if c < CELLS {
                        out[c] = v as u8 + 1;
                        cells &= !(1 << c);
                    }
                }
            }
        }
        out
    }

    /// This state less the cards on `cells` of [`values`](Self::values).
    fn without(&self, values: &[u8; CELLS], cells: u16) -> State {
        let mut s = *self;
        for (i, v) in values.iter().enumerate() {
            if cells & (1 << i) != 0 && *v > 0 {
                let r = (0..4).find(|r| REGIONS[*r] & (1 << i) != 0).unwrap_or(0);
                s.counts[r][usize::from(*v - 1)] -= 1;
            }
        }
        s
    }

    /// Every state a set of groups can leave (each once), with the cells
    /// of the set and its first group.
    pub fn for_each_removal(&self, f: &mut dyn FnMut(State, u16, u16)) {
        let values = self.values();
        let mut seen: heapless::Vec<u64, 256> = heapless::Vec::new();
        judge::for_each_set(values, &mut |cells, first| {
            let s = self.without(&values, cells);
            let k = s.hash(0);
            if seen.contains(&k) {
                return;
            }
            let _ = seen.push(k);
            f(s, cells, first);
        });
    }
}

/// The expectimax search, memoised in lent slots.
pub struct Search<'a> {
    slots: &'a mut [u64],
    tune: Tune,
    /// Nodes searched.
    pub nodes: u64,
    budget: u64,
}

/// A memo entry: 39 bits of hash, 25 bits of value.
const VALUE_BITS: u32 = 25;

impl<'a> Search<'a> {
    /// A search over `slots` (cleared), giving up past `budget` nodes.
    pub fn new(slots: &'a mut [u64], tune: Tune, budget: u64) -> Search<'a> {
        slots.fill(0);
        Search::resume(slots, tune, budget)
    }

    /// A search over `slots` as they are, giving up past `budget` nodes.
    /// A memo entry is the worth of an abstract position, whatever the
    /// deal or the move it was reached from, and a search that gives up
    /// stores nothing it had not finished: the slots a search left (with
    /// the same `tune`) are a head start for the next, on this move or a
    /// later one.
    pub fn resume(slots: &'a mut [u64], tune: Tune, budget: u64) -> Search<'a> {
        Search { slots, tune, nodes: 0, budget }
    }

    /// The slot of `h`: a mask on a power of two of slots (the same slot
    /// as the remainder, without the console's 64-bit division in
    /// software).
    fn slot(&self, h: u64) -> usize {
        let n = self.slots.len();
        if n.is_power_of_two() {
            (h as usize) & (n - 1)
        } else {
            (h % n as u64) as usize
        }
    }

    fn get(&self, h: u64) -> Option<u32> {
        let n = self.slots.len();
        if n == 0 {
            return None;
        }
        let tag = h >> VALUE_BITS | 1 << 63;
        let e = self.slots[self.slot(h)];
        (e >> VALUE_BITS | 1 << 63 == tag && e != 0).then_some((e & ((1 << VALUE_BITS) - 1)) as u32)
    }

    fn put(&mut self, h: u64, v: u32) {
        let n = self.slots.len();
        if n == 0 {
            return;
        }
        let e = (h >> VALUE_BITS << VALUE_BITS) | u64::from(v.min(ONE)) | 1 << 63;
        let i = self.slot(h);
        self.slots[i] = e;
    }

    /// True once the budget is spent.
    pub fn gave_up(&self) -> bool {
        self.nodes > self.budget
    }

    /// The chance of a win from `s` with cards to draw into its empty
    /// cells, `rounds` more full matrices searched after this one.
    pub fn fill(&mut self, s: &State, rounds: u8) -> u32 {
        if s.faces_to_come() == 0 {
            return ONE;
        }
        let e = s.empty();
        if e.iter().all(|x| *x == 0) {
            return self.full(s, rounds);
        }
        let h = s.hash(2 + u64::from(rounds));
        if let Some(v) = self.get(h) {
            return v;
        }
        self.nodes += 1;
        if self.gave_up() {
            return 0;
        }
        let total = u64::from(s.faces_to_come()) + u64::from(s.numbers());
        let mut acc = 0u64;
        for r in 1..4 {
            if s.faces[r] > 0 && e[r] > 0 {
                let mut t = *s;
                t.faces[r] -= 1;
                acc += u64::from(s.faces[r]) * u64::from(self.fill(&t, rounds));
            }
        }
        for v in 0..10 {
            if s.unseen[v] == 0 {
                continue;
            }
            let mut best = 0;
            for r in 0..4 {
                if e[r] == 0 {
                    continue;
                }
                let mut t = *s;
                t.unseen[v] -= 1;
                t.counts[r][v] += 1;
                // On a label still waiting for face cards, a card that can
                // never leave loses: not searched.
                if r > 0 && t.stuck_value(v) {
                    continue;
                }
                best = best.max(self.fill(&t, rounds));
            }
            acc += u64::from(s.unseen[v]) * u64::from(best);
        }
        let v = if total == 0 { 0 } else { (acc / total) as u32 };
        self.keep(h, v)
    }

    /// The chance of a win from a full matrix (a set must be removed).
    pub fn full(&mut self, s: &State, rounds: u8) -> u32 {
        let h = s.hash(1 + 16 * u64::from(rounds));
        if let Some(v) = self.get(h) {
            return v;
        }
        self.nodes += 1;
        if self.gave_up() {
            return 0;
        }
        let mut best = 0;
        if rounds == 0 {
            best = self.leaf(s);
        } else {
            let mut options: heapless::Vec<State, 256> = heapless::Vec::new();
            s.for_each_removal(&mut |t, _, _| {
                let _ = options.push(t);
            });
            for t in options.iter().filter(|t| !t.stuck_on_a_label()) {
                best = best.max(self.fill(t, rounds - 1));
            }
        }
        self.keep(h, best)
    }

    /// A full matrix past the rounds searched: worth `leaf[faces to come]`
    /// when some group adds up to 10 (subset sums as a bit set) and no
    /// card on a label is there for good.
    fn leaf(&self, s: &State) -> u32 {
        let mut reach: u32 = 1;
        for r in 0..4 {
            for v in 0..10 {
                for _ in 0..s.counts[r][v] {
                    reach |= reach << (v + 1);
                }
            }
        }
        if reach & (1 << 10) != 0 && !s.stuck_on_a_label() {
            self.tune.leaf[usize::from(s.faces_to_come()).min(12)]
        } else {
            0
        }
    }

    /// `v`, kept for `h` unless the search gave up on the way (then `v`
    /// lacks what it did not search).
    fn keep(&mut self, h: u64, v: u32) -> u32 {
        if !self.gave_up() {
            self.put(h, v);
        }
        v
    }
}

impl State {
    /// What a player sees, abstracted (the drawn card left out).
    pub fn of(view: &super::player::View) -> State {
        let mut s = State { counts: [[0; 10]; 4], faces: [0; 4], unseen: [0; 10] };
        for (i, c) in view.matrix.iter().enumerate() {
            if let Some(v) = c.and_then(super::game::value) {
                let r = (0..4).find(|r| REGIONS[*r] & (1 << i) != 0).unwrap_or(0);
                s.counts[r][usize::from(v - 1)] += 1;
            }
        }
        for i in 0..52u8 {
            if view.unseen & (1 << i) == 0 {
                continue;
            }
            let Some(c) = crate::cards::Card::from_index(i) else { continue };
            match super::game::value(c) {
                Some(v) => s.unseen[usize::from(v - 1)] += 1,
                None => {
                    if let Some(l) = super::game::Label::of(c.rank()) {
                        let r = (1..4).find(|r| REGIONS[*r] == l.cells()).unwrap_or(1);
                        s.faces[r] += 1;
                    }
                }
            }
        }
        s
    }
}

/// The expectimax player's move in `g`, searching `rounds` rounds ahead
/// within `budget` nodes (`slots` the memo); `None` when the search gave up
/// or the move is not its to choose (a face card's cell).
pub fn expect_move(
    g: &super::Game,
    tune: Tune,
    rounds: u8,
    budget: u64,
    slots: &mut [u64],
) -> Option<Option<super::Move>> {
    let view = super::player::View::of(g);
    if view.status.is_over() {
        return Some(None);
    }
    let s = State::of(&view);
    let mut search = Search::new(slots, tune, budget);
    root(&view, &s, &mut search, rounds).filter(|_| !search.gave_up())
}

fn root(view: &super::player::View, s: &State, search: &mut Search, rounds: u8) -> Option<Option<super::Move>> {
    use super::game::{Cell, Group, Move, Phase};
    let s = *s;
    if view.phase == Phase::Place {
        let card = view.next?;
        let v = super::game::value(card)?;
        let e = s.empty();
        let mut best: Option<(u32, usize)> = None;
        for r in 0..4 {
            if e[r] == 0 {
                continue;
            }
            let mut t = s;
            t.counts[r][usize::from(v - 1)] += 1;
            let x = if r > 0 && t.stuck_value(usize::from(v - 1)) { 0 } else { search.fill(&t, rounds) };
            if best.is_none_or(|(b, _)| x > b) {
                best = Some((x, r));
            }
        }
        if search.gave_up() {
            return None;
        }
        let (_, r) = best?;
        let mut empty = 0u16;
        for (i, c) in view.matrix.iter().enumerate() {
            if c.is_none() {
                empty |= 1 << i;
            }
        }
        let cell = Cell::from_index((empty & REGIONS[r]).trailing_zeros() as u8)?;
        return Some(Some(Move::Place(card, cell)));
    }
    let values = view.matrix.map(|c| c.and_then(super::game::value).unwrap_or(0));
    let mut options: heapless::Vec<(State, u16), 256> = heapless::Vec::new();
    let mut seen: heapless::Vec<u64, 256> = heapless::Vec::new();
    if view.phase == Phase::MatchMore {
        let _ = options.push((s, 0));
        let _ = seen.push(s.hash(0));
    }
    judge::for_each_set(values, &mut |cells, first| {
        let t = s.without_cells(view, cells);
        let k = t.hash(0);
        if !seen.contains(&k) && !options.is_full() {
            let _ = seen.push(k);
            let _ = options.push((t, first));
        }
    });
    let mut best: Option<(u32, u16)> = None;
    for (t, first) in options.iter() {
        let x = if t.stuck_on_a_label() { 0 } else { search.fill(t, rounds) };
        if best.is_none_or(|(b, _)| x > b) {
            best = Some((x, *first));
        }
    }
    if search.gave_up() {
        return None;
    }
    let (_, first) = best?;
    if first == 0 {
        return Some(Some(Move::Draw));
    }
    let mut cards: heapless::Vec<crate::cards::Card, CELLS> = heapless::Vec::new();
    for i in 0..CELLS {
        if first & (1 << i) != 0 {
            let _ = cards.push(view.matrix[i]?);
        }
    }
    Some(Group::new(&cards).map(Move::Clear))
}

impl State {
    /// This state less the real cells `cells` of the view's matrix.
    fn without_cells(&self, view: &super::player::View, cells: u16) -> State {
        let mut s = *self;
        for (i, c) in view.matrix.iter().enumerate() {
            if cells & (1 << i) != 0 {
                if let Some(v) = c.and_then(super::game::value) {
                    let r = (0..4).find(|r| REGIONS[*r] & (1 << i) != 0).unwrap_or(0);
                    s.counts[r][usize::from(v - 1)] -= 1;
                }
            }
        }
        s
    }
}

/// The expectimax player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expect {
    /// Full rounds searched past the one under way.
    pub rounds: u8,
    /// Nodes before the search gives up.
    pub budget: u64,
    /// The worth of a full matrix past the rounds searched.
    pub tune: Tune,
}

impl Expect {
    /// The host's setting (`kings corners stats --strength expect`): the
    /// round under way, 16,384 nodes, 65,536 memo slots.
    pub const HOST: Expect = Expect { rounds: 0, budget: 1 << 14, tune: Tune::per_face(850) };
    /// Memo slots for the host's setting.
    pub const HOST_SLOTS: usize = 1 << 16;
}

/// The expectimax player's move in `g`: the search's, or when it gives up
/// the cheaper player's (number cards by the round's chance, groups by the
/// rules of thumb). `slots` is the memo, `table` at least
/// [`judge::TABLE`] long.
pub fn expected_move(g: &super::Game, e: Expect, slots: &mut [u64], table: &mut [u32]) -> Option<super::Move> {
    if let Some(m) = expect_move(g, e.tune, e.rounds, e.budget, slots) {
        return m;
    }
    let tune = Tune { matching: false, ..e.tune };
    judge::judged_move(g, tune, table)
}


/// Children of a draw node, in the order [`Search::fill`] takes them: a
/// face card for each label (3), then each value of number card on each
/// region (10 x 4).
const CHILDREN: u8 = 3 + 40;

/// A draw node of a [`Deep`] search under way: [`Search::fill`]'s locals,
/// kept between slices.
#[derive(Clone, Copy, Debug)]
struct Node {
    s: State,
    /// Its memo key.
    h: u64,
    /// Its empty cells per region.
    e: [u8; 4],
    /// The chances summed so far, each weighted by its card's count.
    acc: u64,
    /// The child under way.
    i: u8,
    /// The best region so far for the value under way.
    best: u32,
    /// Values whose card would be stuck on a label, and those asked: the
    /// same for every label (the cards left are the same).
    stuck: u16,
    asked: u16,
}

impl Node {
    fn new(s: State, h: u64) -> Node {
        Node { s, h, e: s.empty(), acc: 0, i: 0, best: 0, stuck: 0, asked: 0 }
    }

    /// The position child `i` leaves, if it is searched (a card of a kind
    /// not left, a full region, or a number card that would be stuck on a
    /// label are not).
    fn child(&mut self) -> Option<State> {
        let (s, e) = (&self.s, &self.e);
        let mut t = *s;
        if self.i < 3 {
            let r = usize::from(self.i) + 1;
            if s.faces[r] == 0 || e[r] == 0 {
                return None;
            }
            t.faces[r] -= 1;
            return Some(t);
        }
        let (v, r) = (usize::from(self.i - 3) / 4, usize::from(self.i - 3) % 4);
        if s.unseen[v] == 0 || e[r] == 0 {
            return None;
        }
        t.unseen[v] -= 1;
        t.counts[r][v] += 1;
        let bit = 1 << v;
        if r > 0 && self.asked & bit == 0 {
            self.asked |= bit;
            if t.stuck_value(v) {
                self.stuck |= bit;
            }
        }
        (r == 0 || self.stuck & bit == 0).then_some(t)
    }

    /// Child `i` is worth `x` (0 when not searched): counted, and on to
    /// the next.
    fn take(&mut self, x: u32) {
        if self.i < 3 {
            let r = usize::from(self.i) + 1;
            self.acc += u64::from(self.s.faces[r]) * u64::from(x);
        } else {
            self.best = self.best.max(x);
            let v = usize::from(self.i - 3) / 4;
            if (self.i - 3) % 4 == 3 {
                self.acc += u64::from(self.s.unseen[v]) * u64::from(self.best);
                self.best = 0;
            }
        }
        self.i += 1;
    }

    /// Its chance, once every child is counted.
    fn worth(&self) -> u32 {
        let total = u64::from(self.s.faces_to_come()) + u64::from(self.s.numbers());
        if total == 0 {
            0
        } else {
            (self.acc / total) as u32
        }
    }
}

/// Draw nodes a [`Deep`] search goes down at most: each draws a card into
/// one of the 16 cells.
const DEPTH: usize = CELLS + 1;

/// The choices at the top of a [`Deep`] search: the regions the drawn
/// card may go to, or the cells of each set of groups (0: draw) with its
/// first group.
type Choices = heapless::Vec<(u16, u16), 256>;

/// The sets of groups on the matrix being listed a few at a time (as
/// [`judge::for_each_set`] lists them, each position they leave once): a
/// matrix can hold thousands of sets, a quarter of a second of the
/// console's time listed at once.
#[derive(Clone, Debug)]
struct Listing {
    it: super::game::Groups,
    /// The groups listed so far; all of them once `it` is done.
    groups: heapless::Vec<u16, { judge::MAX_GROUPS }>,
    grouped: bool,
    /// The walk over sets of disjoint groups: per depth the union so far,
    /// its first group and the next group to try.
    stack: heapless::Vec<(u16, u16, u16), 17>,
    /// The positions the sets listed leave (their hashes).
    seen: heapless::Vec<u64, 256>,
}

/// Sets (or groups) a [`Deep`] search lists for the price of a node: a
/// set costs a position's hash, a node one per child (43).
const SETS_PER_NODE: u64 = 4;

/// The expectimax player's move (at the setting `e`, the round under way
/// only: `rounds` 0) worked out a slice of nodes at a time, so that on
/// the console it runs in the frames' spare time. It searches what
/// [`expect_move`] searches, in the same order, with its own stack of
/// draw nodes in place of the recursion, so a slice goes on where the
/// last one stopped. The memo (`slots`) is lent to each slice and may be
/// kept from move to move and deal to deal ([`Search::resume`]). Start a
/// new one when the game changes.
#[derive(Clone, Debug)]
pub struct Deep {
    view: super::player::View,
    state: State,
    e: Expect,
    /// Nodes searched so far, over every slice.
    spent: u64,
    choices: Choices,
    /// The choice under way.
    at: usize,
    /// The best choice so far: its chance and its index.
    best: Option<(u32, usize)>,
    stack: heapless::Vec<Node, DEPTH>,
    /// The choices being listed (matching), until done.
    listing: Option<Listing>,
}

/// Where a [`Deep`] search stands after a slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepened {
    /// Not finished: more slices to come.
    Searching,
    /// Finished: the move (`None`: no move is left).
    Found(Option<super::Move>),
    /// Its nodes spent without an answer, or the move not its to choose
    /// (a face card's cell): another player's move stands.
    GaveUp,
}

/// What a child's worth takes.
enum Worth {
    /// Known: from the memo, or no search needed.
    Known(u32),
    /// A node to search; its memo key.
    Search(u64),
}

impl Deep {
    /// Starts on the expectimax player's move in `g`.
    pub fn new(g: &super::Game, e: Expect) -> Deep {
        let view = super::player::View::of(g);
        let state = State::of(&view);
        let mut d = Deep {
            view,
            state,
            e,
            spent: 0,
            choices: Choices::new(),
            at: 0,
            best: None,
            stack: heapless::Vec::new(),
            listing: None,
        };
        if view.phase == super::game::Phase::Place {
            let e = state.empty();
            for r in 0..4u16 {
                if e[usize::from(r)] > 0 {
                    let _ = d.choices.push((r, 0));
                }
            }
        } else {
            let values = view.matrix.map(|c| c.and_then(super::game::value).unwrap_or(0));
            let mut l = Listing {
                it: super::game::Groups::new(values),
                groups: heapless::Vec::new(),
                grouped: false,
                stack: heapless::Vec::new(),
                seen: heapless::Vec::new(),
            };
            let _ = l.stack.push((0, 0, 0));
            if view.phase == super::game::Phase::MatchMore {
                let _ = d.choices.push((0, 0));
                let _ = l.seen.push(state.key(0));
            }
            d.listing = Some(l);
        }
        d
    }

    /// Lists up to `sets` more groups or sets of groups; true once done.
    fn list(&mut self, sets: u64) -> bool {
        let Some(l) = self.listing.as_mut() else { return true };
        for _ in 0..sets {
            if !l.grouped {
                match l.it.next_mask() {
                    Some(g) if l.groups.push(g).is_ok() => {}
                    _ => l.grouped = true,
                }
                continue;
            }
            let Some(top) = l.stack.last_mut() else {
                self.listing = None;
                return true;
            };
            let (union, first, next) = *top;
            let Some(g) = l.groups.get(usize::from(next)).copied() else {
                l.stack.pop();
                continue;
            };
            top.2 += 1;
            if g & union == 0 {
                let (cells, f) = (union | g, if union == 0 { g } else { first });
                let k = self.state.without_cells(&self.view, cells).key(0);
                if !l.seen.contains(&k) && !self.choices.is_full() {
                    let _ = l.seen.push(k);
                    let _ = self.choices.push((cells, f));
                }
                let _ = l.stack.push((cells, f, next + 1));
            }
        }
        false
    }

    /// The position choice `i` leaves, `None` when it loses at once (a
    /// number card stuck on a label).
    fn choice(&self, i: usize) -> Option<State> {
        let (c, _) = self.choices[i];
        let mut t = self.state;
        if self.view.phase == super::game::Phase::Place {
            let v = usize::from(self.view.next.and_then(super::game::value)? - 1);
            let r = usize::from(c);
            t.counts[r][v] += 1;
            return (r == 0 || !t.stuck_value(v)).then_some(t);
        }
        let t = t.without_cells(&self.view, c);
        (!t.stuck_on_a_label()).then_some(t)
    }

    /// Searches up to `nodes` more nodes (at least one) on `slots`.
    pub fn step(&mut self, nodes: u64, slots: &mut [u64]) -> Deepened {
        if self.view.status.is_over() {
            return Deepened::Found(None);
        }
        if self.view.phase == super::game::Phase::Place && self.view.next.and_then(super::game::value).is_none() {
            return Deepened::GaveUp;
        }
        if !self.list(nodes.max(1).saturating_mul(SETS_PER_NODE)) {
            return Deepened::Searching;
        }
        let mut search = Search::resume(slots, self.e.tune, u64::MAX);
        let mut left = nodes.max(1);
        loop {
            let next = match self.stack.last_mut() {
                Some(n) if n.i >= CHILDREN => {
                    let (h, x) = (n.h, n.worth());
                    search.put(h, x);
                    self.stack.pop();
                    self.give(x);
                    continue;
                }
                Some(n) => n.child(),
                None if self.at >= self.choices.len() => return Deepened::Found(self.answer()),
                None => self.choice(self.at),
            };
            let Some(t) = next else {
                self.give(0);
                continue;
            };
            let h = match self.worth(&mut search, &t) {
                Worth::Known(x) => {
                    self.give(x);
                    continue;
                }
                Worth::Search(h) => h,
            };
            if left == 0 {
                return Deepened::Searching;
            }
            if self.spent >= self.e.budget {
                return Deepened::GaveUp;
            }
            left -= 1;
            self.spent += 1;
            if t.empty().iter().all(|x| *x == 0) {
                let x = search.leaf(&t);
                search.put(h, x);
                self.give(x);
            } else if self.stack.push(Node::new(t, h)).is_err() {
                return Deepened::GaveUp;
            }
        }
    }

    /// The worth of `t` if known without a search of its own.
    fn worth(&self, search: &mut Search, t: &State) -> Worth {
        if t.faces_to_come() == 0 {
            return Worth::Known(ONE);
        }
        let full = t.empty().iter().all(|x| *x == 0);
        let h = if full { t.key(1) } else { t.key(2) };
        match search.get(h) {
            Some(x) => Worth::Known(x),
            None => Worth::Search(h),
        }
    }

    /// The child under way is worth `x`: to its node, or to the choice.
    fn give(&mut self, x: u32) {
        if let Some(n) = self.stack.last_mut() {
            n.take(x);
            return;
        }
        if self.best.is_none_or(|(b, _)| x > b) {
            self.best = Some((x, self.at));
        }
        self.at += 1;
    }

    /// The move of the best choice.
    fn answer(&self) -> Option<super::Move> {
        use super::game::{Cell, Group, Move};
        let (_, i) = self.best?;
        let (c, first) = self.choices[i];
        if self.view.phase == super::game::Phase::Place {
            let card = self.view.next?;
            let mut empty = 0u16;
            for (i, x) in self.view.matrix.iter().enumerate() {
                if x.is_none() {
                    empty |= 1 << i;
                }
            }
            return Cell::from_index((empty & REGIONS[usize::from(c)]).trailing_zeros() as u8).map(|cell| Move::Place(card, cell));
        }
        if c == 0 {
            return Some(Move::Draw);
        }
        let mut cards: heapless::Vec<crate::cards::Card, CELLS> = heapless::Vec::new();
        for i in 0..CELLS {
            if first & (1 << i) != 0 {
                let _ = cards.push(self.view.matrix[i]?);
            }
        }
        Group::new(&cards).map(Move::Clear)
    }

    /// Nodes searched so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::games::corners::{player, Game};
    use crate::games::Patience;
    use std::vec;

    /// Every position of the rules of thumb's games of deals 1-12: the
    /// search in slices of 1, 7 and 1,000 nodes, its memo kept from move
    /// to move, answers as the recursive search does on a fresh memo
    /// whenever that one finishes within the budget.
    #[test]
    fn the_search_in_slices_answers_as_the_whole_search() {
        let e = Expect { rounds: 0, budget: 4000, tune: Tune::per_face(850) };
        let mut fresh = vec![0u64; 1 << 12];
        let mut kept = [vec![0u64; 1 << 12], vec![0u64; 1 << 12], vec![0u64; 1 << 12]];
        let (mut compared, mut moves) = (0, 0);
        for seed in 1..=12 {
            let mut g = Game::deal(seed);
            while let Some(m) = player::best_move(&g, player::Style::default()) {
                let whole = expect_move(&g, e.tune, 0, e.budget, &mut fresh);
                for (slice, slots) in [1, 7, 1000].into_iter().zip(kept.iter_mut()) {
                    let mut d = Deep::new(&g, e);
                    let sliced = loop {
                        match d.step(slice, slots) {
                            Deepened::Searching => continue,
                            x => break x,
                        }
                    };
                    if let Some(w) = whole {
                        assert_eq!(sliced, Deepened::Found(w), "deal {seed}, move {moves}, slices of {slice}");
                        compared += 1;
                    }
                }
                moves += 1;
                g.play(m).unwrap();
            }
        }
        assert!(compared >= 3 * 80, "enough moves compared: {compared} of {moves} x 3");
    }
}
