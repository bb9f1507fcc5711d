//! The search kit the games' solvers and players share: `no_std`, no
//! allocation, storage lent by the caller.
//!
//! - [`mix`]: hash mixing, for position hashes and table slots.
//! - [`SeenSet`]: the positions a search has already seen (a transposition
//!   table), over 64-bit values in slots the caller provides.
//! - [`Verdict`]: what a solver answers.
//! - [`Effort`]: what a search cost, and its node budget.
//! - [`Beam`]: the best few positions of one depth of a beam search, one
//!   per position.
//!
//! King Albert's solver shares the rest of the kit but keeps its own table
//! (see `albert::solver`): exact 120-bit keys, not 64-bit values, and
//! entries that carry the search's generation, so that the console's hint
//! can start a new search without clearing 128 KB.

use heapless::Vec;

/// splitmix64's finaliser: every input bit reaches every output bit. It is
/// a bijection of `u64` (each step can be undone), so a key mixed with it
/// stays exact, and `mix(0) == 0`.
pub const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A solver's answer; `L` is the winning line (or `()` for a solver that
/// reads its line from its storage).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict<L> {
    /// Winnable; these moves, from the position given, win.
    Winnable(L),
    /// No sequence of moves wins: the whole tree was searched.
    NotWinnable,
    /// The budget (or a bound on the search's storage) ran out first.
    Unknown,
}

impl<L> Verdict<L> {
    /// `won`, `lost` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Winnable(_) => "won",
            Verdict::NotWinnable => "lost",
            Verdict::Unknown => "unknown",
        }
    }
}

/// What a search cost. With a budget of nodes, it also says when the
/// search must stop: [`spend`](Self::spend) counts a node only while the
/// budget allows one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Moves made (nodes).
    pub nodes: u64,
    /// Positions skipped because the table had them.
    pub transpositions: u64,
}

impl Effort {
    /// True once `budget` nodes are spent.
    pub fn spent(&self, budget: u64) -> bool {
        self.nodes >= budget
    }

    /// Counts one node and returns true, or returns false (and counts
    /// nothing) when `budget` nodes are spent already.
    pub fn spend(&mut self, budget: u64) -> bool {
        if self.spent(budget) {
            return false;
        }
        self.nodes += 1;
        true
    }
}

/// What [`SeenSet::insert`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insert {
    /// The value was in the set already (nothing changed).
    Already,
    /// The value was new and is now in the set.
    Stored,
    /// The value was new, and the set had no room for it (it is not
    /// remembered).
    NoRoom,
}

/// Slots a lookup or an insertion probes, from the value's own slot on,
/// before giving up: past it a value is not found (nor stored), so the
/// search stays correct, only slower.
pub const PROBES: usize = 16;

/// The positions a search has seen, as 64-bit values (exact keys or
/// hashes, well mixed: a value's first slot is the value modulo the slots),
/// in slots the caller provides (a `Vec` on the host, a fixed array on the
/// console). Open addressing with linear probing.
///
/// **Empty slots.** A slot holding 0 is empty. The value 0 itself is kept
/// in a flag beside the slots, so every `u64` can be stored. A value is
/// stored at most once: an insertion looks for it on the way to the first
/// empty slot.
///
/// **When full.** Once three quarters of the slots are used (or a value's
/// [`PROBES`] slots are all taken by others), new values are not
/// remembered ([`Insert::NoRoom`]): the search stays correct, only slower.
pub struct SeenSet<'a> {
    slots: &'a mut [u64],
    /// Slots in use.
    used: usize,
    /// True when the value 0 is in the set.
    zero: bool,
}

impl<'a> SeenSet<'a> {
    /// A set over `slots`, which it clears.
    pub fn new(slots: &'a mut [u64]) -> Self {
        slots.fill(0);
        SeenSet { slots, used: 0, zero: false }
    }

    /// A set over `slots` as [`parts`](Self::parts) left it (a search
    /// that lends its table back between steps keeps only the counts).
    pub fn resume(slots: &'a mut [u64], (used, zero): (usize, bool)) -> Self {
        SeenSet { slots, used, zero }
    }

    /// What [`resume`](Self::resume) needs besides the slots.
    pub fn parts(&self) -> (usize, bool) {
        (self.used, self.zero)
    }

    /// Forgets every value and lends the slots out as scratch space, to be
    /// [`clear`](Self::clear)ed before the set is used again (a search
    /// whose memo is no longer needed can give its room to a last test).
    pub fn scratch(&mut self) -> &mut [u64] {
        self.clear();
        self.slots
    }

    /// Forgets every value.
    pub fn clear(&mut self) {
        self.slots.fill(0);
        self.used = 0;
        self.zero = false;
    }

    /// Values remembered.
    pub fn len(&self) -> usize {
        self.used + usize::from(self.zero)
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when no new value can be stored in a slot any more (three
    /// quarters of the slots are used).
    pub fn is_full(&self) -> bool {
        self.used * 4 >= self.slots.len() * 3
    }

    /// True when `v` is in the set.
    pub fn contains(&self, v: u64) -> bool {
        if v == 0 {
            return self.zero;
        }
        match self.find(v) {
            Probe::Found => true,
            Probe::Empty(_) | Probe::Crowded => false,
        }
    }

    /// Puts `v` in the set (see [`Insert`]).
    #[inline]
    pub fn insert(&mut self, v: u64) -> Insert {
        if v == 0 {
            if self.zero {
                return Insert::Already;
            }
            self.zero = true;
            return Insert::Stored;
        }
        match self.find(v) {
            Probe::Found => Insert::Already,
            Probe::Empty(i) if !self.is_full() => {
                self.slots[i] = v;
                self.used += 1;
                Insert::Stored
            }
            Probe::Empty(_) | Probe::Crowded => Insert::NoRoom,
        }
    }

    /// Where `v` (not 0) is, or the first empty slot on its way.
    fn find(&self, v: u64) -> Probe {
        let n = self.slots.len();
        if n == 0 {
            return Probe::Crowded;
        }
        let mut i = (v % n as u64) as usize;
        for _ in 0..PROBES {
            match self.slots[i] {
                0 => return Probe::Empty(i),
                x if x == v => return Probe::Found,
                _ => i = if i + 1 == n { 0 } else { i + 1 },
            }
        }
        Probe::Crowded
    }
}

/// Where a probe sequence ended.
enum Probe {
    Found,
    /// At this empty slot.
    Empty(usize),
    /// Every probed slot held another value.
    Crowded,
}

/// One position a beam keeps: its score, its hash (two with the same hash
/// are the same position), and what the search needs to rebuild it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept<T> {
    /// Higher is better.
    pub score: i32,
    /// The position's hash.
    pub hash: u64,
    /// The caller's: typically the parent's index and the move from it.
    pub item: T,
}

/// The best positions of one depth of a beam search, best first, at most
/// one per hash (the better-scored one), in room for `N` (the beam's width
/// is at most `N`). Ties keep the order they came in.
#[derive(Clone, Debug)]
pub struct Beam<T, const N: usize> {
    kept: Vec<Kept<T>, N>,
}

impl<T, const N: usize> Default for Beam<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, const N: usize> Beam<T, N> {
    /// An empty beam.
    pub const fn new() -> Self {
        Beam { kept: Vec::new() }
    }

    /// Offers a position to a beam `width` wide: kept if it is among the
    /// `width` best and no better-scored position has its hash (a worse
    /// one with its hash leaves).
    pub fn offer(&mut self, score: i32, hash: u64, item: T, width: usize) {
        self.offer_with(score, hash, width, || item);
    }

    /// [`offer`](Self::offer), making the item only when it is kept (an
    /// item may be a whole game).
    pub fn offer_with(&mut self, score: i32, hash: u64, width: usize, item: impl FnOnce() -> T) {
        let width = width.min(N);
        if width == 0 {
            return;
        }
        if let Some(i) = self.kept.iter().position(|k| k.hash == hash) {
            if self.kept[i].score >= score {
                return;
            }
            self.kept.remove(i);
        }
        if self.kept.len() >= width {
            match self.kept.last() {
                Some(last) if last.score >= score => return,
                _ => {
                    self.kept.pop();
                }
            }
        }
        let at = self.kept.iter().position(|k| k.score < score).unwrap_or(self.kept.len());
        let _ = self.kept.insert(at, Kept { score, hash, item: item() });
    }

    /// The positions kept, best first.
    pub fn iter(&self) -> core::slice::Iter<'_, Kept<T>> {
        self.kept.iter()
    }

    /// The `i`th best.
    pub fn get(&self, i: usize) -> Option<&Kept<T>> {
        self.kept.get(i)
    }

    /// Positions kept.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// True when nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.kept.clear();
    }
}

/// Counts a vote for `m`, the first move of a winning line a sampling
/// player found in one sample of the hidden cards (a move past the list's
/// room gets none).
pub fn vote<M: PartialEq + Copy, const N: usize>(votes: &mut Vec<(M, u16), N>, m: M) {
    vote_by(votes, m, 1);
}

/// [`vote`] with `n` votes at once.
pub fn vote_by<M: PartialEq + Copy, const N: usize>(votes: &mut Vec<(M, u16), N>, m: M, n: u16) {
    match votes.iter_mut().find(|(x, _)| *x == m) {
        Some(e) => e.1 = e.1.saturating_add(n),
        None => {
            let _ = votes.push((m, n));
        }
    }
}

/// The move with the most votes among those `accept` allows, a tie going
/// to `plain` (the rules of thumb's move), else to the first counted;
/// `plain` when none is allowed.
pub fn most_voted<M: PartialEq + Copy>(
    votes: &[(M, u16)],
    plain: Option<M>,
    accept: impl Fn(M, u16) -> bool,
) -> Option<M> {
    let mut best: Option<(M, u16)> = None;
    for &(m, n) in votes {
        let better = match best {
            None => true,
            Some((_, b)) => n > b || (n == b && Some(m) == plain),
        };
        if better && accept(m, n) {
            best = Some((m, n));
        }
    }
    best.map(|(m, _)| m).or(plain)
}

/// What one sample adds to a candidate move's tally in [`Tally`]: a
/// sample won after the move adds [`WIN_CREDIT`], more than any sample not
/// won can add.
pub const WIN_CREDIT: u16 = 64;

/// What one sample adds to a candidate's tally: [`WIN_CREDIT`] when the
/// search after the candidate found a win, else `got`, how far the search
/// got (a count below [`WIN_CREDIT`]: say cards to the foundations), so
/// that among candidates no sample wins with, the one that gets furthest
/// is played.
pub fn credit(won: bool, got: usize) -> u16 {
    if won {
        WIN_CREDIT
    } else {
        got.min(usize::from(WIN_CREDIT) - 1) as u16
    }
}

/// A sampling player's tally when every candidate move is judged on every
/// sample of the hidden cards (the same samples for each candidate): the
/// candidates with their credits ([`credit`]), and which sample and
/// candidate is judged next, so that a player can judge one a step.
#[derive(Clone, Debug)]
pub struct Tally<M, const N: usize> {
    credits: Vec<(M, u16), N>,
    sample: u16,
    next: usize,
}

impl<M: PartialEq + Copy, const N: usize> Default for Tally<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: PartialEq + Copy, const N: usize> Tally<M, N> {
    /// No candidate yet.
    pub const fn new() -> Self {
        Tally { credits: Vec::new(), sample: 0, next: 0 }
    }

    /// Forgets every candidate and credit.
    pub fn clear(&mut self) {
        self.credits.clear();
        self.sample = 0;
        self.next = 0;
    }

    /// Adds a candidate (once; one past the room is not judged).
    pub fn add(&mut self, m: M) {
        if !self.credits.iter().any(|(x, _)| *x == m) {
            let _ = self.credits.push((m, 0));
        }
    }

    /// Candidates.
    pub fn len(&self) -> usize {
        self.credits.len()
    }

    /// True with no candidate.
    pub fn is_empty(&self) -> bool {
        self.credits.is_empty()
    }

    /// Samples judged on every candidate so far.
    pub fn samples_done(&self) -> u16 {
        self.sample
    }

    /// What to judge next while fewer than `samples` samples are done: the
    /// sample's number, the candidate's index (0: a new sample starts) and
    /// the candidate.
    pub fn next(&self, samples: u16) -> Option<(u16, usize, M)> {
        if self.sample >= samples {
            return None;
        }
        self.credits.get(self.next).map(|&(m, _)| (self.sample, self.next, m))
    }

    /// Adds `c` to the candidate [`next`](Self::next) named, and moves on.
    pub fn credit(&mut self, c: u16) {
        if let Some(e) = self.credits.get_mut(self.next) {
            e.1 = e.1.saturating_add(c);
        }
        self.next += 1;
        if self.next >= self.credits.len() {
            self.next = 0;
            self.sample += 1;
        }
    }

    /// The candidate with the most credit among those `accept` allows (a
    /// tie to `plain`, the rules of thumb's move, else to the first
    /// added); `plain` when none has any credit.
    pub fn choice(&self, plain: Option<M>, accept: impl Fn(M) -> bool) -> Option<M> {
        most_voted(&self.credits, plain, |m, n| n > 0 && accept(m))
    }
}

#[cfg(test)]
mod vote_tests {
    use super::*;

    #[test]
    fn the_most_voted_move_wins_and_a_tie_goes_to_the_rules_of_thumb() {
        let mut v: Vec<(u8, u16), 4> = Vec::new();
        for m in [3, 5, 3, 7, 5] {
            vote(&mut v, m);
        }
        assert_eq!(v.as_slice(), &[(3, 2), (5, 2), (7, 1)]);
        assert_eq!(most_voted(&v, None, |_, _| true), Some(3), "a tie: the first counted");
        assert_eq!(most_voted(&v, Some(5), |_, _| true), Some(5), "a tie: the rules of thumb's");
        assert_eq!(most_voted(&v, Some(9), |m, _| m == 7), Some(7), "only what is allowed");
        assert_eq!(most_voted(&v, Some(9), |_, _| false), Some(9), "nothing allowed: the rules of thumb");
        for m in [1, 2, 4] {
            vote(&mut v, m);
        }
        assert_eq!(v.len(), 4, "a move past the room gets no vote");
    }

    #[test]
    fn a_tally_judges_every_candidate_on_every_sample_and_a_win_outweighs_any_progress() {
        let mut t: Tally<u8, 4> = Tally::new();
        for m in [1, 2, 1, 3] {
            t.add(m);
        }
        assert_eq!(t.len(), 3, "a candidate is added once");
        let mut seen: Vec<(u16, usize, u8), 8> = Vec::new();
        while let Some((sample, i, m)) = t.next(2) {
            let _ = seen.push((sample, i, m));
            t.credit(match m {
                1 => credit(false, 20),
                2 => credit(sample == 1, 3),
                _ => credit(false, 0),
            });
        }
        assert_eq!(seen.as_slice(), [(0, 0, 1), (0, 1, 2), (0, 2, 3), (1, 0, 1), (1, 1, 2), (1, 2, 3)]);
        assert_eq!(t.samples_done(), 2);
        assert_eq!(credit(false, 500), WIN_CREDIT - 1, "progress stays below a win");
        assert_eq!(t.choice(None, |_| true), Some(2), "one win (64 + 3) beats twice 20");
        assert_eq!(t.choice(Some(9), |m| m == 3), Some(9), "no credit: the rules of thumb");
    }
}
