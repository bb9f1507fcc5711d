//! The win-rate table of docs/rules/albert.md: for each starting rank, the
//! solver over deals 1, 2, ... for a share of a time budget; won, lost and
//! unknown with Wilson 95 % intervals, nodes/s and deals/s (per CPU
//! second). Every won
//! deal's line is replayed through the game to a win.
//!
//! `cargo run --release --example albert_figures [CPU seconds per rank] [node budget per deal] [ranks]`

use farewell::games::albert::solver::{Frame, Solver, Step, Verdict, Workspace, MAX_BRANCH};
use farewell::games::albert::{Game, Options, StartRank};
use farewell::games::{Patience, Status};

/// CPU seconds this process has used (Linux: utime + stime of
/// /proc/self/stat at 100 ticks a second): the machine is shared, so wall
/// time would undercount the solver's speed.
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = after.split_whitespace().map(|x| x.parse().unwrap_or(0.0)).collect();
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secs: f64 = args.get(1).map_or(150.0, |s| s.parse().unwrap());
    let budget: u64 = args.get(2).map_or(2_000_000, |s| s.parse().unwrap());
    // Optional: the starting ranks to run (`none,A,2`), all by default.
    let ranks: Vec<StartRank> = args.get(3).map_or(StartRank::ALL.to_vec(), |l| {
        l.split(',').map(|r| StartRank::parse(r).expect("a starting rank")).collect()
    });
    let depth = 20_000;
    let mut table = vec![0u128; 1 << 22];
    let mut frames = vec![Frame::default(); depth];
    let mut moves = vec![Step::default(); depth * MAX_BRANCH];
    println!("| start | deals | won | lost | unknown | won % (95 %) | lost % (95 %) | nodes/s | deals/s |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for start in ranks {
        let (mut w, mut l, mut u, mut nodes, mut n) = (0u32, 0u32, 0u32, 0u64, 0u32);
        let c0 = cpu();
        while cpu() - c0 < secs {
            n += 1;
            let g = Game::deal(n, Options { start, auto: true });
            let ws = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
            let mut s = Solver::new(&g, ws, budget);
            let v = s.run();
            nodes += s.nodes();
            match v {
                Verdict::Winnable(()) => {
                    w += 1;
                    let mut gg = g.clone();
                    let ok = s.line(&g, &mut |m| {
                        let _ = gg.play(m);
                    });
                    assert!(ok && gg.status() == Status::Won, "deal {n}: the line wins");
                }
                Verdict::NotWinnable => l += 1,
                Verdict::Unknown => u += 1,
            }
        }
        let dt = cpu() - c0;
        let (wl, wh) = hostcli::wilson_percent(u64::from(w), u64::from(n));
        let (ll, lh) = hostcli::wilson_percent(u64::from(l), u64::from(n));
        println!(
            "| {} | 1-{n} | {w} | {l} | {u} | {:.1} ({wl:.1}-{wh:.1}) | {:.1} ({ll:.1}-{lh:.1}) | {:.0} | {:.1} |",
            start.name(),
            100.0 * f64::from(w) / f64::from(n),
            100.0 * f64::from(l) / f64::from(n),
            nodes as f64 / dt,
            f64::from(n) / dt
        );
    }
}
