//! Sweep: the King's Corners solver's verdict per deal, one line each.
use farewell::games::corners::solver::{solve, Verdict};
use farewell::games::corners::Game;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (first, last, budget) = (args[0] as u32, args[1] as u32, args[2]);
    let mut slots = vec![0u64; 1 << 22];
    for seed in first..=last {
        let t = Instant::now();
        let (v, e) = solve(&Game::deal(seed), budget, &mut slots);
        println!(
            "{seed} {} {} {:.3}",
            match v {
                Verdict::Winnable(_) => "won",
                Verdict::NotWinnable => "lost",
                Verdict::Unknown => "unknown",
            },
            e.nodes,
            t.elapsed().as_secs_f64()
        );
    }
}
