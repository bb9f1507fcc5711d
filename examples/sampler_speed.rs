//! Solver nodes a second on the small tables the sampling players use
//! (Four Kingdoms and King's Corners), on the positions of the plain
//! player's games: the figure behind the console's setting.
//! `tools/host-cargo run --release --example sampler_speed -- NODES SLOTS`

use farewell::games::Patience;
use farewell::games::{corners, kingdoms};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let budget = args.first().copied().unwrap_or(60);
    let slots = args.get(1).copied().unwrap_or(128) as usize;
    let mut table = vec![0u64; slots];
    let (mut nodes, mut solves) = (0u64, 0u64);
    let start = Instant::now();
    for seed in 1..=200u32 {
        let mut g = kingdoms::Game::new(seed);
        while let Some(m) = kingdoms::player::best_move(g.position()) {
            let (_, e) = kingdoms::solver::solve(g.position(), budget, &mut table);
            nodes += e.nodes;
            solves += 1;
            if g.play(m).is_err() {
                break;
            }
        }
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "kingdoms: {solves} solves of at most {budget} nodes, {nodes} nodes, {:.0} nodes/s, {:.1} us a solve",
        nodes as f64 / s,
        1e6 * s / solves as f64
    );
    let (mut nodes, mut solves) = (0u64, 0u64);
    let start = Instant::now();
    for seed in 1..=200u32 {
        let mut g = corners::Game::deal(seed);
        while let Some(m) = corners::player::best_move(&g, corners::player::Style::default()) {
            let (_, e) = corners::solver::solve(&g, budget, &mut table);
            nodes += e.nodes;
            solves += 1;
            if g.play(m).is_err() {
                break;
            }
        }
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "corners: {solves} solves of at most {budget} nodes, {nodes} nodes, {:.0} nodes/s, {:.1} us a solve",
        nodes as f64 / s,
        1e6 * s / solves as f64
    );
}
