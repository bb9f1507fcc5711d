//! Prototype: King's Corners as rounds, every state of each deck depth.
#![allow(clippy::needless_range_loop)]
use farewell::games::corners::game::value;
use farewell::games::corners::{Game, Label};
use std::collections::HashSet;
use std::time::Instant;

type State = [[u8; 4]; 4]; // per region: sorted values, 0 = none

fn region_of(c: farewell::cards::Card) -> usize {
    match Label::of(c.rank()) {
        None => 0,
        Some(Label::Jack) => 1,
        Some(Label::Queen) => 2,
        Some(Label::King) => 3,
    }
}

fn any_group(s: &State) -> bool {
    let mut reach: u32 = 1;
    for r in s {
        for &v in r {
            if v > 0 {
                reach |= reach << v;
            }
        }
    }
    reach & (1 << 10) != 0
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let seed = args[0] as u32;
    let g = Game::deal(seed);
    let seq: Vec<_> = g.next().into_iter().chain(g.deck()).collect();
    // (region for faces else 0, value for numbers else 0)
    let cards: Vec<(usize, u8)> =
        seq.iter().map(|c| (if value(*c).is_some() { 0 } else { region_of(*c) }, value(*c).unwrap_or(0))).collect();
    let last = cards.iter().rposition(|c| c.1 == 0).unwrap();
    let t = Instant::now();
    let mut layers: Vec<HashSet<State>> = vec![HashSet::new(); 53];
    // Round from the empty matrix.
    let mut won = false;
    let expand = |d: usize, keep: &State, e: [usize; 4], layers: &mut Vec<HashSet<State>>| -> bool {
        let k: usize = e.iter().sum();
        let end = (d + k).min(52);
        let mut f = [0usize; 4];
        if last < end {
            for c in &cards[d..=last] {
                if c.1 == 0 {
                    f[c.0] += 1;
                }
            }
            if (1..4).all(|r| f[r] <= e[r]) {
                return true;
            }
            return false;
        }
        for c in &cards[d..end] {
            if c.1 == 0 {
                f[c.0] += 1;
            }
        }
        if (1..4).any(|r| f[r] > e[r]) {
            return false;
        }
        let cap: Vec<usize> = (0..4).map(|r| e[r] - f[r]).collect();
        let mut nums: Vec<u8> = cards[d..end].iter().filter(|c| c.1 > 0).map(|c| c.1).collect();
        nums.sort_unstable();
        // distribute
        fn rec(i: usize, nums: &[u8], cap: &mut [usize], cur: &mut State, out: &mut HashSet<State>) {
            if i == nums.len() {
                let mut s = *cur;
                for r in s.iter_mut() {
                    r.sort_unstable();
                }
                if any_group(&s) {
                    out.insert(s);
                }
                return;
            }
            for r in 0..4 {
                if cap[r] > 0 {
                    cap[r] -= 1;
                    let slot = cur[r].iter().position(|v| *v == 0).unwrap();
                    cur[r][slot] = nums[i];
                    rec(i + 1, nums, cap, cur, out);
                    cur[r][slot] = 0;
                    cap[r] += 1;
                }
            }
        }
        let mut cur = *keep;
        let mut capv = cap.clone();
        rec(0, &nums, &mut capv, &mut cur, &mut layers[end]);
        false
    };
    if expand(0, &[[0; 4]; 4], [4, 4, 4, 4], &mut layers) {
        won = true;
    }
    let mut total = 0usize;
    for d in 0..53 {
        if won {
            break;
        }
        let states: Vec<State> = layers[d].drain().collect();
        total += states.len();
        if !states.is_empty() {
            eprintln!("depth {d}: {} states", states.len());
        }
        for s in &states {
            // cards
            let mut cs: Vec<(usize, u8)> = Vec::new();
            for r in 0..4 {
                for &v in &s[r] {
                    if v > 0 {
                        cs.push((r, v));
                    }
                }
            }
            let n = cs.len();
            let mut groups = Vec::new();
            for m in 1u32..(1 << n) {
                let sum: u32 = (0..n).filter(|i| m >> i & 1 == 1).map(|i| u32::from(cs[i].1)).sum();
                if sum == 10 {
                    groups.push(m);
                }
            }
            let mut unions: HashSet<u32> = HashSet::new();
            let mut stack = vec![0u32];
            while let Some(m) = stack.pop() {
                for &gm in &groups {
                    if gm & m == 0 && unions.insert(gm | m) {
                        stack.push(gm | m);
                    }
                }
            }
            let mut results: HashSet<(State, [usize; 4])> = HashSet::new();
            for u in unions {
                let mut keep = [[0u8; 4]; 4];
                let mut e = [0usize; 4];
                let mut fill = [0usize; 4];
                for i in 0..n {
                    let (r, v) = cs[i];
                    if u >> i & 1 == 1 {
                        e[r] += 1;
                    } else {
                        keep[r][fill[r]] = v;
                        fill[r] += 1;
                    }
                }
                for r in keep.iter_mut() {
                    r.sort_unstable_by(|a, b| b.cmp(a));
                }
                results.insert((keep, e));
            }
            for (keep, e) in results {
                if expand(d, &keep, e, &mut layers) {
                    won = true;
                    break;
                }
            }
            if won {
                break;
            }
        }
    }
    println!("deal {seed}: {} states {total} {:.2}s", if won { "won" } else { "lost" }, t.elapsed().as_secs_f64());
}
