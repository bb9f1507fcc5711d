//! What King's Corners' deep hint (the expectimax in slices, its memo kept
//! from move to move) costs on the host, against the rules of thumb's
//! groups, and whether its slices answer as the whole search does. (On
//! the console a node costs far more than a group: Mednafen's `AFTK HINT`
//! lines set `ui::corners::NODES_PER_UNIT`.)
//! `tools/host-cargo run --release --example corners_deep_cost -- FIRST DEALS SLICE`

use farewell::games::corners::expect::{Deep, Deepened, Expect};
use farewell::games::corners::player::{self, Style, Thinker};
use farewell::games::corners::{judge, Game};
use farewell::games::Patience;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let first = args.first().copied().unwrap_or(1) as u32;
    let deals = args.get(1).copied().unwrap_or(50) as u32;
    let slice = args.get(2).copied().unwrap_or(16);
    let mut whole = vec![0u64; Expect::HOST_SLOTS];
    let mut sliced = vec![0u64; Expect::HOST_SLOTS];
    let mut table = vec![0u32; judge::TABLE];
    let (mut t_whole, mut t_sliced, mut t_groups) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (mut nodes, mut groups, mut moves, mut found, mut mismatched) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut per_move: Vec<u64> = Vec::new();
    let mut whole_per_move: Vec<u64> = Vec::new();
    let mut whole_nodes = 0u64;
    for seed in first..first + deals {
        let mut g = Game::deal(seed);
        while !g.status().is_over() {
            let t = Instant::now();
            let mut th = Thinker::new(&g, Style::default());
            while th.step(u32::MAX).is_none() {}
            t_groups += t.elapsed();
            groups += u64::from(th.looked());
            let t = Instant::now();
            let mut w = Deep::new(&g, Expect::HOST);
            let a = w.step(u64::MAX, &mut whole);
            t_whole += t.elapsed();
            whole_nodes += w.spent();
            whole_per_move.push(w.spent());
            let t = Instant::now();
            let mut d = Deep::new(&g, Expect::HOST);
            let b = loop {
                match d.step(slice, &mut sliced) {
                    Deepened::Searching => continue,
                    x => break x,
                }
            };
            t_sliced += t.elapsed();
            nodes += d.spent();
            per_move.push(d.spent());
            mismatched += u64::from(a != b);
            moves += 1;
            let m = match b {
                Deepened::Found(m) => {
                    found += 1;
                    m
                }
                _ => judge::judged_move(&g, judge::Tune::per_face(850), &mut table),
            };
            let Some(m) = m.or_else(|| player::best_move(&g, Style::default())) else { break };
            if g.play(m).is_err() {
                break;
            }
        }
    }
    per_move.sort_unstable();
    whole_per_move.sort_unstable();
    let q = |f: f64| per_move[((per_move.len() - 1) as f64 * f) as usize];
    let qw = |f: f64| whole_per_move[((whole_per_move.len() - 1) as f64 * f) as usize];
    println!(
        "nodes a move whole: median {} 75% {} 90% {} max {}; {:.0} ns a node",
        qw(0.5),
        qw(0.75),
        qw(0.9),
        qw(1.0),
        t_whole.as_secs_f64() * 1e9 / whole_nodes as f64
    );
    println!("moves {moves}, found by the expectimax {found} (sliced), {mismatched} answers differ");
    println!("nodes a move in slices of {slice}: median {} 90% {} 99% {} max {}", q(0.5), q(0.9), q(0.99), q(1.0));
    println!(
        "whole {:.3}s, sliced {:.3}s ({:.2}x), {nodes} nodes: {:.0} ns a node sliced",
        t_whole.as_secs_f64(),
        t_sliced.as_secs_f64(),
        t_sliced.as_secs_f64() / t_whole.as_secs_f64(),
        t_sliced.as_secs_f64() * 1e9 / nodes as f64
    );
    println!("groups {groups}: {:.0} ns a group", t_groups.as_secs_f64() * 1e9 / groups as f64);
}
