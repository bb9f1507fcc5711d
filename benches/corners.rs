//! The Edge: King's Corners figures for the README: win rates of the
//! solver and the fair player (with its strategy variants) over many deals,
//! with Wilson 95% intervals, games/s and solver nodes/s.
//!
//! `tools/host-cargo bench --bench corners -- [DEALS] [FIRST]` (default
//! 10,000 deals from deal 1). Plain std timing (no harness crate).

use farewell::games::corners::player::{play_out, Style};
use farewell::games::corners::solver::{solve, Verdict};
use farewell::games::corners::Game;
use farewell::games::Patience;
use farewell::games::Status;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let deals = args.first().copied().unwrap_or(10_000);
    let first = args.get(1).copied().unwrap_or(1) as u32;
    let verbose = std::env::var_os("VERBOSE").is_some();
    let budget: u64 = std::env::var("BUDGET").ok().and_then(|b| b.parse().ok()).unwrap_or(50_000_000);
    let table_bits: u32 = std::env::var("TABLE_BITS").ok().and_then(|b| b.parse().ok()).unwrap_or(20);
    let mut slots = vec![0u64; 1 << table_bits];
    let styles = [
        (
            "fair player (both notes: centre first, pairs first)",
            Style { centre_first: true, room: true, pairs_first: true },
        ),
        ("  without centre first (room to spare only)", Style { centre_first: false, room: true, pairs_first: true }),
        ("  ignoring the labels (first empty cell)", Style { centre_first: false, room: false, pairs_first: true }),
        ("  larger groups first", Style { centre_first: true, room: true, pairs_first: false }),
        ("  neither note", Style { centre_first: false, room: false, pairs_first: false }),
    ];
    for (name, style) in styles {
        let t = Instant::now();
        let mut won = 0u64;
        for seed in first..first + deals as u32 {
            if play_out(Game::deal(seed), style).status() == Status::Won {
                won += 1;
            }
        }
        let s = t.elapsed().as_secs_f64();
        let (lo, hi) = hostcli::wilson_percent(won, deals);
        println!(
            "{name}: won {won}/{deals} ({:.2}%, 95% CI {lo:.2}-{hi:.2}%), {:.0} games/s",
            100.0 * won as f64 / deals as f64,
            deals as f64 / s
        );
    }
    if std::env::var_os("NO_SOLVER").is_some() {
        return;
    }
    let t = Instant::now();
    let (mut won, mut lost, mut unknown, mut nodes, mut worst) = (0u64, 0u64, 0u64, 0u64, 0u64);
    for seed in first..first + deals as u32 {
        let g = Game::deal(seed);
        let t0 = Instant::now();
        let (v, e) = solve(&g, budget, &mut slots);
        if verbose {
            println!(
                "deal {seed}: {} {} nodes {} transpositions {:.3}s",
                match v {
                    Verdict::Winnable(_) => "won",
                    Verdict::NotWinnable => "lost",
                    Verdict::Unknown => "unknown",
                },
                e.nodes,
                e.transpositions,
                t0.elapsed().as_secs_f64()
            );
        }
        nodes += e.nodes;
        worst = worst.max(e.nodes);
        match v {
            Verdict::Winnable(_) => won += 1,
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
    }
    let s = t.elapsed().as_secs_f64();
    let (lo, hi) = hostcli::wilson_percent(won, deals);
    println!(
        "solver: {deals} deals from {first}: won {won} ({:.2}%, 95% CI {lo:.2}-{hi:.2}%), not winnable {lost}, unknown {unknown}",
        100.0 * won as f64 / deals as f64
    );
    println!(
        "solver: {:.0} games/s, {:.2} M nodes/s, {:.0} nodes per deal on average, {worst} at most",
        deals as f64 / s,
        nodes as f64 / s / 1e6,
        nodes as f64 / deals as f64
    );
}
