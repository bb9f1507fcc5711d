//! King's Corners decided by rounds: every state the matrix can be in each
//! time it fills, deck depth by deck depth, for deals the solver leaves
//! unknown.
//!
//! ```text
//! tools/host-cargo run --release --example corners_layers -- FIRST [LAST [MAX_STATES]]
//! ```
//!
//! prints `DEAL won|lost|unknown STATES SECONDS` per deal (`unknown`: a
//! depth held more than `MAX_STATES` states, 200,000,000 unless given),
//! and on standard error each depth's states and, every 2,000 states, the
//! sets of cards removed and the matrices filled so far.
//!
//! **What it shows: listing the states is out of reach.** Deal 1 has
//! 251,760 states at its first fill, and each has about 660 sets of cards
//! to remove and leaves about 9,200 filled matrices (the first 2,000
//! states took 6 s), so it decides no deal of interest; the solver's
//! depth-first search with its loss tests is the tool
//! (docs/rules/corners.md, "Not every deal is decided").
//!
//! **Why this is exact.** Between two fills the game is one round: the
//! player removes a set of groups adding up to 10 (at least one) from the
//! full matrix, then the next cards, exactly as many as were removed, are
//! drawn into the emptied cells, one at a time. What decides the future at
//! a fill is how many cards have been drawn and, per region (the centre
//! and the three labels), the values of its number cards: the solver's
//! memo key (`solver::key`; cells of a region are alike, suits never
//! matter, and the face cards placed follow from the cards drawn). So the
//! states of one depth can be listed once each, and a depth's states come
//! only from shallower ones (every round draws at least one card). A round
//! that empties `e[r]` cells of region `r` and draws `f[r]` face cards of
//! label `r` is possible exactly when `f[r] <= e[r]` for every label: a
//! face card needs an empty cell of its label when drawn, and the number
//! cards drawn can always be put on the cells no face card of the round
//! needs (there are exactly as many), in any split over the regions that
//! fits. A round that draws the last face card with such room wins there.
//! A full matrix with no group adding up to 10 is lost. When no depth has
//! a state left and no round won, no line of play wins the deal.

use farewell::games::corners::game::value;
use farewell::games::corners::{Game, Label};
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// The number cards on a full matrix: per region (centre, jacks', queens',
/// kings' cells), per value (index value - 1), how many.
type Counts = [[u8; 10]; 4];

/// A state's key: per region 16 bits, its values sorted, largest first,
/// four bits each (0 for none).
fn pack(c: &Counts) -> u64 {
    let mut k = 0u64;
    for (r, vals) in c.iter().enumerate() {
        let mut w = 0u64;
        let mut n = 0;
        for v in (0..10).rev() {
            for _ in 0..vals[v] {
                w |= (v as u64 + 1) << (4 * n);
                n += 1;
            }
        }
        k |= w << (16 * r);
    }
    k
}

fn unpack(k: u64) -> Counts {
    let mut c = [[0u8; 10]; 4];
    for (r, vals) in c.iter_mut().enumerate() {
        for n in 0..4 {
            let v = (k >> (16 * r + 4 * n)) & 15;
            if v > 0 {
                vals[v as usize - 1] += 1;
            }
        }
    }
    c
}

/// True when some number cards counted here add up to 10.
fn any_group(c: &Counts) -> bool {
    let mut reach: u32 = 1;
    for vals in c {
        for (v, n) in vals.iter().enumerate() {
            for _ in 0..*n {
                reach |= reach << (v + 1);
            }
        }
    }
    reach & (1 << 10) != 0
}

/// Which value multisets split into groups adding up to 10 (remembered:
/// there are few).
struct Splits(HashMap<u64, bool>);

impl Splits {
    fn key(m: &[u8; 10]) -> u64 {
        m.iter().fold(0u64, |k, n| k << 3 | u64::from(*n))
    }

    /// True when `m` (at least one card) splits into groups adding up to
    /// 10: some group holding its largest card leaves a multiset that does.
    fn split(&mut self, m: &mut [u8; 10]) -> bool {
        let total: u32 = m.iter().enumerate().map(|(v, n)| (v as u32 + 1) * u32::from(*n)).sum();
        if total == 0 {
            return true;
        }
        if total % 10 != 0 {
            return false;
        }
        let k = Self::key(m);
        if let Some(&b) = self.0.get(&k) {
            return b;
        }
        let top = (0..10).rev().find(|v| m[*v] > 0).unwrap_or(0);
        m[top] -= 1;
        let ok = self.with_group(m, 9 - top, top, &mut |s, m| s.split(m));
        m[top] += 1;
        self.0.insert(k, ok);
        ok
    }

    /// Tries every way of taking cards adding up to `need` from `m`, each
    /// at most value index `top` (largest first, so each way once), and
    /// `then` on what is left; restores `m`.
    fn with_group(
        &mut self,
        m: &mut [u8; 10],
        need: usize,
        top: usize,
        then: &mut dyn FnMut(&mut Self, &mut [u8; 10]) -> bool,
    ) -> bool {
        if need == 0 {
            return then(self, m);
        }
        for v in (0..=top.min(need - 1)).rev() {
            if m[v] > 0 {
                m[v] -= 1;
                let ok = self.with_group(m, need - (v + 1), v, then);
                m[v] += 1;
                if ok {
                    return true;
                }
            }
        }
        false
    }
}

/// The deal's cards in the order drawn: 0 for a number card, else its
/// label's region; and the number card's value.
struct Deal {
    kind: Vec<usize>,
    value: Vec<u8>,
    /// Index of the last face card.
    last: usize,
}

impl Deal {
    fn of(seed: u32) -> Deal {
        let g = Game::deal(seed);
        let cards: Vec<_> = g.next().into_iter().chain(g.deck()).collect();
        let kind: Vec<usize> = cards
            .iter()
            .map(|c| match Label::of(c.rank()) {
                None => 0,
                Some(Label::Jack) => 1,
                Some(Label::Queen) => 2,
                Some(Label::King) => 3,
            })
            .collect();
        let value = cards.iter().map(|c| value(*c).unwrap_or(0)).collect();
        let last = kind.iter().rposition(|k| *k > 0).unwrap_or(0);
        Deal { kind, value, last }
    }
}

/// What a round led to.
enum Round {
    Won,
    Next,
}

/// The round from a matrix of `keep` (after the removals) with `e[r]` cells
/// of each region empty, `d` cards drawn: the states it can fill the
/// matrix with go to `out` (as keys), or it wins.
fn round(deal: &Deal, d: usize, keep: &Counts, e: [usize; 4], out: &mut Vec<u64>) -> Round {
    let k: usize = e.iter().sum();
    let end = d + k;
    let mut f = [0usize; 4];
    if deal.last < end {
        for i in d..=deal.last {
            f[deal.kind[i]] += 1;
        }
        if (1..4).all(|r| f[r] <= e[r]) {
            return Round::Won;
        }
        return Round::Next;
    }
    let mut nums = [0u8; 10];
    for i in d..end {
        if deal.kind[i] > 0 {
            f[deal.kind[i]] += 1;
        } else {
            nums[usize::from(deal.value[i]) - 1] += 1;
        }
    }
    if (1..4).any(|r| f[r] > e[r]) {
        return Round::Next;
    }
    let mut cap = [e[0], e[1] - f[1], e[2] - f[2], e[3] - f[3]];
    let mut cur = *keep;
    spread(&mut nums, 0, &mut cap, &mut cur, out);
    Round::Next
}

/// Every split of the number cards `nums` (values from index `v` on) over
/// the regions' free cells `cap`, added to `cur`; each full matrix with a
/// group adding up to 10 goes to `out`.
fn spread(nums: &mut [u8; 10], v: usize, cap: &mut [usize; 4], cur: &mut Counts, out: &mut Vec<u64>) {
    if v == 10 {
        if any_group(cur) {
            out.push(pack(cur));
        }
        return;
    }
    if nums[v] == 0 {
        spread(nums, v + 1, cap, cur, out);
        return;
    }
    // One card of value v to each region in turn, regions in order so that
    // each split is made once: region `r` and after.
    fn place(
        n: u8,
        from: usize,
        v: usize,
        nums: &mut [u8; 10],
        cap: &mut [usize; 4],
        cur: &mut Counts,
        out: &mut Vec<u64>,
    ) {
        if n == 0 {
            spread(nums, v + 1, cap, cur, out);
            return;
        }
        for r in from..4 {
            if cap[r] > 0 {
                cap[r] -= 1;
                cur[r][v] += 1;
                place(n - 1, r, v, nums, cap, cur, out);
                cur[r][v] -= 1;
                cap[r] += 1;
            }
        }
    }
    let n = nums[v];
    place(n, 0, v, nums, cap, cur, out);
}

/// Every matrix a matching can leave (at least one group removed, any
/// number of groups), as the cards kept; each once.
fn removals(c: &Counts, splits: &mut Splits, each: &mut dyn FnMut(&Counts)) {
    let mut total = [0u8; 10];
    for vals in c {
        for v in 0..10 {
            total[v] += vals[v];
        }
    }
    // The values removed: every sub-multiset that splits into groups.
    let mut rem = [0u8; 10];
    let mut seen: HashSet<u64> = HashSet::new();
    fn values(
        v: usize,
        total: &[u8; 10],
        rem: &mut [u8; 10],
        c: &Counts,
        splits: &mut Splits,
        seen: &mut HashSet<u64>,
        each: &mut dyn FnMut(&Counts),
    ) {
        if v == 10 {
            if rem.iter().all(|n| *n == 0) || !splits.split(&mut rem.clone()) {
                return;
            }
            // Which region each removed card comes from.
            let mut keep = *c;
            take(0, rem, &mut keep, seen, each);
            return;
        }
        for n in 0..=total[v] {
            rem[v] = n;
            values(v + 1, total, rem, c, splits, seen, each);
        }
        rem[v] = 0;
    }
    fn take(v: usize, rem: &[u8; 10], keep: &mut Counts, seen: &mut HashSet<u64>, each: &mut dyn FnMut(&Counts)) {
        if v == 10 {
            if seen.insert(pack(keep)) {
                each(keep);
            }
            return;
        }
        fn from(
            n: u8,
            r0: usize,
            v: usize,
            rem: &[u8; 10],
            keep: &mut Counts,
            seen: &mut HashSet<u64>,
            each: &mut dyn FnMut(&Counts),
        ) {
            if n == 0 {
                take(v + 1, rem, keep, seen, each);
                return;
            }
            for r in r0..4 {
                if keep[r][v] > 0 {
                    keep[r][v] -= 1;
                    from(n - 1, r, v, rem, keep, seen, each);
                    keep[r][v] += 1;
                }
            }
        }
        from(rem[v], 0, v, rem, keep, seen, each);
    }
    values(0, &total, &mut rem, c, splits, &mut seen, each);
}

/// Face cards of each label among the first `d` cards.
fn faces_by(deal: &Deal, d: usize) -> [usize; 4] {
    let mut f = [0usize; 4];
    for i in 0..d {
        f[deal.kind[i]] += 1;
    }
    f
}

/// Decides a deal: `Some(true)` won, `Some(false)` lost, `None` past
/// `max_states` at one depth; with the states listed.
fn decide(seed: u32, max_states: usize) -> (Option<bool>, usize) {
    let deal = Deal::of(seed);
    let mut layers: Vec<Vec<u64>> = vec![Vec::new(); 53];
    let mut splits = Splits(HashMap::new());
    // The first fill: sixteen empty cells.
    if let Round::Won = round(&deal, 0, &[[0; 10]; 4], [4, 4, 4, 4], &mut layers[16]) {
        return (Some(true), 0);
    }
    let mut total = 0usize;
    for d in 16..53 {
        let mut states = std::mem::take(&mut layers[d]);
        states.sort_unstable();
        states.dedup();
        total += states.len();
        if !states.is_empty() {
            eprintln!("  deal {seed} depth {d}: {} states", states.len());
        }
        if states.len() > max_states {
            return (None, total);
        }
        let faces = faces_by(&deal, d);
        let mut outcomes = 0usize;
        let t = Instant::now();
        for (i, &s) in states.iter().enumerate() {
            if i > 0 && i % 2000 == 0 {
                let filled: usize = layers.iter().map(|l| l.len()).sum();
                eprintln!(
                    "  deal {seed} depth {d}: {i} states done, {outcomes} sets removed, {filled} matrices filled (repeats kept), {:.1} s",
                    t.elapsed().as_secs_f64()
                );
            }
            let c = unpack(s);
            let mut won = false;
            removals(&c, &mut splits, &mut |keep| {
                if won {
                    return;
                }
                outcomes += 1;
                let mut e = [0usize; 4];
                for r in 0..4 {
                    let cells = if r == 0 { 4 } else { 4 - faces[r] };
                    let n: usize = keep[r].iter().map(|x| usize::from(*x)).sum();
                    e[r] = cells - n;
                }
                let (_, hi) = layers.split_at_mut(d + 1);
                let k: usize = e.iter().sum();
                let out = if d + k < 53 { &mut hi[k - 1] } else { &mut hi[0] };
                if let Round::Won = round(&deal, d, keep, e, out) {
                    won = true;
                }
            });
            if won {
                return (Some(true), total);
            }
            // Keep the depths ahead small: drop their repeats now and then.
            for l in layers.iter_mut().skip(d + 1) {
                if l.len() > (1 << 24) && l.len() > 2 * l.capacity() / 3 {
                    l.sort_unstable();
                    l.dedup();
                }
            }
        }
    }
    (Some(false), total)
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let Some(&first) = args.first() else {
        eprintln!("usage: corners_layers FIRST [LAST [MAX_STATES]]");
        std::process::exit(2);
    };
    let last = args.get(1).copied().unwrap_or(first);
    let max_states = args.get(2).copied().unwrap_or(200_000_000) as usize;
    for seed in first..=last {
        let t = Instant::now();
        let (v, n) = decide(seed as u32, max_states);
        let word = match v {
            Some(true) => "won",
            Some(false) => "lost",
            None => "unknown",
        };
        println!("{seed} {word} {n} {:.3}", t.elapsed().as_secs_f64());
    }
}
