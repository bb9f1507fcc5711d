//! The fair player over deals: `cargo run --release --example albert_fair [N] [start]`.
use farewell::games::albert::{player, Game, Options, StartRank};
use farewell::games::{Patience, Status};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let start = args.get(2).and_then(|s| StartRank::parse(s)).unwrap_or_default();
    let t = Instant::now();
    let (mut won, mut moves) = (0, 0usize);
    for seed in 1..=n {
        let mut g = Game::deal(seed, Options { start, auto: true });
        while let Some(m) = player::best_move(&g) {
            g.play(m).expect("the fair player offers legal moves");
            moves += 1;
            assert!(moves < 100_000_000);
        }
        if g.status() == Status::Won {
            won += 1;
        }
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "fair, start {}: won {won}/{n}, {:.1} moves/game, {:.0} games/s",
        start.name(),
        moves as f64 / f64::from(n),
        f64::from(n) / dt
    );
}
