use farewell::games::albert::solver::{Frame, Solver, Step, Verdict, Workspace};
use farewell::games::albert::{player, Game, Options, StartRank};
use farewell::games::Patience;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u32 = args.get(1).map_or(20, |s| s.parse().unwrap());
    let st = StartRank::parse(args.get(2).map_or("none", |s| s)).unwrap();
    let budget: u64 = args.get(3).map_or(2_000_000, |s| s.parse().unwrap());
    let mut table = vec![0u128; 1 << 22];
    let mut frames = vec![Frame::default(); 100_000];
    let mut moves = vec![Step::default(); 100_000 * 80];
    let (mut w, mut l, mut u, mut nodes) = (0, 0, 0, 0u64);
    let t0 = Instant::now();
    let mut maxn = 0;
    for seed in 1..=n {
        let g = Game::deal(seed, Options { start: st, auto: true });
        let mut s = Solver::new(&g, Workspace { table: &mut table, frames: &mut frames, moves: &mut moves }, budget);
        let v = s.run();
        nodes += s.nodes();
        maxn = maxn.max(s.nodes());
        match v {
            Verdict::Winnable(()) => w += 1,
            Verdict::NotWinnable => l += 1,
            Verdict::Unknown => u += 1,
        }
        if v == Verdict::Winnable(()) {
            let mut gg = g.clone();
            let mut ok = true;
            s.line(&g, &mut |m| {
                if gg.play(m).is_err() {
                    ok = false;
                }
            });
            assert!(ok && gg.status() == farewell::games::Status::Won, "seed {seed}");
        }
        if args.len() > 4 {
            println!("{seed} {} {}", v.name(), s.nodes());
        }
    }
    let dt = t0.elapsed().as_secs_f64();
    println!(
        "won {w} lost {l} unknown {u} nodes {nodes} max {maxn} {:.0} nodes/s {:.1} deals/s",
        nodes as f64 / dt,
        n as f64 / dt
    );
    // fair
    let mut fw = 0;
    for seed in 1..=n {
        let mut g = Game::deal(seed, Options { start: st, auto: true });
        for _ in 0..500 {
            match player::best_move(&g) {
                Some(m) => g.play(m).unwrap(),
                None => break,
            }
        }
        if g.status() == farewell::games::Status::Won {
            fw += 1;
        }
    }
    println!("fair won {fw}");
}
