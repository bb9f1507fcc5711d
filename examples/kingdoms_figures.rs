//! The figures of Four Kingdoms' players (README, docs/rules/kingdoms.md):
//! win rates with Wilson 95% intervals, the solver's decided share, games
//! per second and nodes per second.
//!
//! `tools/host-cargo run --release --example kingdoms_figures -- [GAMES] [FIRST] [BUDGET]`
//! (defaults: 1000 deals from deal 1, a budget of 2,000,000 nodes).

use farewell::games::kingdoms::player;
use farewell::games::kingdoms::solver::{self, Verdict};
use farewell::games::kingdoms::{Game, Move, Position};
use farewell::games::Patience;
use farewell::games::Status;
use std::collections::HashSet;
use std::time::Instant;

/// Plays deal `seed` with the fair player to the end: won, or stuck (no
/// move helps, or a position comes back, which would repeat for ever).
fn fair_game(seed: u32) -> (bool, usize) {
    let mut g = Game::new(seed);
    let mut seen: HashSet<Position> = HashSet::new();
    loop {
        if g.position().is_won() {
            return (true, g.move_count());
        }
        if !seen.insert(*g.position()) {
            return (false, g.move_count());
        }
        match player::best_move(g.position()) {
            Some(m) => {
                g.play(m).expect("the fair player plays legal moves");
            }
            None => return (false, g.move_count()),
        }
    }
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let games = args.first().copied().unwrap_or(1000);
    let first = args.get(1).copied().unwrap_or(1) as u32;
    let budget = args.get(2).copied().unwrap_or(2_000_000);

    let t = Instant::now();
    let mut fair_wins = 0;
    let mut fair_moves = 0;
    for s in first..first + games as u32 {
        let (won, moves) = fair_game(s);
        fair_wins += u64::from(won);
        fair_moves += moves;
    }
    let fair_secs = t.elapsed().as_secs_f64();
    let (lo, hi) = hostcli::wilson_percent(fair_wins, games);
    println!(
        "fair: won {fair_wins}/{games} ({:.1}%, 95% CI {lo:.1}-{hi:.1}%), {:.0} games/s, {:.1} moves/game",
        100.0 * fair_wins as f64 / games as f64,
        games as f64 / fair_secs,
        fair_moves as f64 / games as f64
    );

    let mut table = vec![0u64; solver::HOST_TABLE];
    let t = Instant::now();
    let (mut won, mut lost, mut unknown, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    for s in first..first + games as u32 {
        let start = *Game::new(s).position();
        let (v, effort) = solver::solve(&start, budget, &mut table);
        nodes += effort.nodes;
        match v {
            Verdict::Winnable(line) => {
                let mut g = Game::new(s);
                for m in &line {
                    g.play(*m).expect("the solver's line is legal");
                }
                assert_eq!(g.status(), Status::Won, "deal {s}: the solver's line does not win");
                let _: &[Move] = &line;
                won += 1
            }
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
    }
    let secs = t.elapsed().as_secs_f64();
    let decided = won + lost;
    let (lo, hi) = hostcli::wilson_percent(won, games);
    let (dlo, dhi) = hostcli::wilson_percent(decided, games);
    println!(
        "solver (budget {budget} nodes): winnable {won}/{games} ({:.1}%, 95% CI {lo:.1}-{hi:.1}%; \
         at most {:.1}% with the unknown), not winnable {lost}, unknown {unknown}; decided {:.1}% (95% CI {dlo:.1}-{dhi:.1}%)",
        100.0 * won as f64 / games as f64,
        100.0 * (won + unknown) as f64 / games as f64,
        100.0 * decided as f64 / games as f64,
    );
    println!(
        "solver speed: {:.1} games/s, {:.0} nodes/s, {:.0} nodes/game",
        games as f64 / secs,
        nodes as f64 / secs,
        nodes as f64 / games as f64
    );
}
