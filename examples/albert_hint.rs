//! The console hint's first search (its quick answer's), on the host: for
//! each deal, the solver from the opening position with exactly the
//! console's storage for it (1024 table slots, 702 levels, 8192 moves:
//! [`HINT_TABLE`], [`HINT_DEPTH`], [`HINT_MOVES`]) and node budget
//! ([`HINT_NODES`]); the verdict and the nodes it took. A won deal's line
//! is replayed through the game to a win. (A larger budget needs `big`:
//! the quick search's table holds 921 positions.)
//!
//! `tools/host-cargo run --release --example albert_hint [first] [last] [start rank] [budget] [big|table bits]`

use farewell::games::albert::solver::{Frame, Search, Step, Storage, Store, Verdict, Workspace, MAX_BRANCH};
use farewell::games::albert::{Game, Options, StartRank};
use farewell::games::{Patience, Status};
use farewell::ui::albert::{HINT_DEPTH, HINT_MOVES, HINT_NODES, HINT_TABLE};

/// The quick search's storage on the console.
type HintStore = Store<HINT_TABLE, HINT_DEPTH, HINT_MOVES>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let first: u32 = args.get(1).map_or(1, |s| s.parse().unwrap());
    let last: u32 = args.get(2).map_or(20, |s| s.parse().unwrap());
    let start = StartRank::parse(args.get(3).map_or("none", |s| s)).unwrap();
    // Optional: another node budget, and then a table of 2^22 slots
    // (experiments beyond the console's limits).
    let budget: u64 = args.get(4).map_or(HINT_NODES, |s| s.parse().unwrap());
    let big = args.len() > 5;
    // `big` or a number of bits: the table's size (2^22 slots for `big`).
    let bits: u32 = args.get(5).map_or(22, |s| s.parse().unwrap_or(22));
    let mut table = vec![0u128; if big { 1 << bits } else { 0 }];
    // Levels: a line of the unbounded pass can go very deep (moves to and
    // fro between positions not yet seen).
    let depth = if bits > 22 { 1 << 20 } else { 100_000 };
    let mut frames = vec![Frame::default(); if big { depth } else { 0 }];
    let mut moves = vec![Step::default(); if big { depth * if bits > 22 { 32 } else { MAX_BRANCH } } else { 0 }];
    let mut ws = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
    let mut store = Box::new(HintStore::new());
    let mut search = Search::idle();
    let (mut won, mut lost, mut unknown, mut total, mut worst) = (0, 0, 0, 0u64, 0u64);
    let t0 = std::time::Instant::now();
    for seed in first..=last {
        let g = Game::deal(seed, Options { start, auto: true });
        let store: &mut dyn Storage = if big { &mut ws } else { &mut *store };
        search.restart(store, &g, budget);
        let v = loop {
            if let Some(v) = search.step(store, 64) {
                break v;
            }
        };
        let n = search.nodes();
        total += n;
        worst = worst.max(n);
        match v {
            Verdict::Winnable(()) => {
                won += 1;
                let mut gg = g.clone();
                let mut ok = true;
                search.line(store, &g, &mut |m| ok &= gg.play(m).is_ok());
                assert!(ok && gg.status() == Status::Won, "deal {seed}: the line does not win");
            }
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
        println!("deal {seed}: {} after {n} nodes ({} positions)", v.name(), search.positions());
    }
    println!(
        "deals {first}-{last}: won {won} lost {lost} unknown {unknown}; nodes {total} (mean {}, worst {worst}); {:.2} s",
        total / u64::from(last - first + 1),
        t0.elapsed().as_secs_f64()
    );
}
