//! The King's Corners solver on a range of deals, one line per deal:
//! `DEAL won|lost|unknown NODES SECONDS`, every win's line replayed through
//! the game to a win first (a line that does not win stops the sweep).
//!
//! `tools/host-cargo run --release --example corners_sweep -- FIRST LAST BUDGET [EARLIER]`:
//! with `EARLIER` (an earlier sweep's output), only the deals it left
//! unknown are solved again, so a long run can go on by deal range and
//! by budget.

use farewell::games::corners::solver::{solve, Verdict};
use farewell::games::corners::{Game, Status};
use farewell::games::Patience;
use std::collections::BTreeSet;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| args.get(i).and_then(|a| a.parse::<u64>().ok()).expect("FIRST LAST BUDGET [EARLIER]");
    let (first, last, budget) = (num(0) as u32, num(1) as u32, num(2));
    let only: Option<BTreeSet<u32>> = args.get(3).map(|path| {
        let text = std::fs::read_to_string(path).expect("the earlier sweep");
        text.lines()
            .filter(|l| l.split_whitespace().nth(1) == Some("unknown"))
            .filter_map(|l| l.split_whitespace().next()?.parse().ok())
            .collect()
    });
    let mut slots = vec![0u64; 1 << 22];
    for seed in first..=last {
        if only.as_ref().is_some_and(|o| !o.contains(&seed)) {
            continue;
        }
        let g = Game::deal(seed);
        let t = Instant::now();
        let (v, e) = solve(&g, budget, &mut slots);
        let secs = t.elapsed().as_secs_f64();
        let word = match v {
            Verdict::Winnable(line) => {
                let mut r = g.clone();
                for m in &line {
                    r.play(*m).unwrap_or_else(|why| panic!("deal {seed}: {m} is illegal: {why}"));
                }
                assert_eq!(r.status(), Status::Won, "deal {seed}: the line does not win");
                "won"
            }
            Verdict::NotWinnable => "lost",
            Verdict::Unknown => "unknown",
        };
        println!("{seed} {word} {} {secs:.3}", e.nodes);
    }
}
