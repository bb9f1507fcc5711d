//! Engine benchmarks: legal-cell queries, place-then-undo and the fair
//! player's judgement, on positions
//! from real deals part-way through. Run with `make bench`; the README has
//! the figures. Plain std timing with `black_box` (no harness crate).

use farewell::games::farewell::{plan, player, Card, Game, Move, Options};
use std::hint::black_box;
use std::time::Instant;

/// A deal played `n` legal moves in (first legal move each time).
fn midgame(seed: u32, n: usize) -> Game {
    let mut g = Game::new(seed, Options::default()).unwrap();
    for _ in 0..n {
        let mut moves = Vec::new();
        let hand = g.hand();
        for c in g.orphans().iter().chain(hand.iter().flatten()) {
            if let Some(cell) = g.playable_cells(*c).first() {
                moves.push(Move::Place(*c, cell));
            }
        }
        if g.check_deal().is_ok() {
            moves.push(Move::Deal);
        }
        match moves.last() {
            Some(m) => {
                g.apply(*m).unwrap();
            }
            None => break,
        }
    }
    g
}

fn bench(name: &str, iters: u64, mut f: impl FnMut()) {
    for _ in 0..iters / 10 {
        f();
    }
    let t = Instant::now();
    for _ in 0..iters {
        f();
    }
    let ns = t.elapsed().as_nanos() as f64 / iters as f64;
    println!("{name:<40} {ns:>10.1} ns/iter  ({:.2} M/s)", 1e3 / ns);
}

fn main() {
    let games: Vec<Game> = (0..32).map(|s| midgame(s, 20)).collect();
    let cards: Vec<Card> = Card::all().collect();
    let mut i = 0usize;
    bench("legal_cells (one card, mid-game)", 5_000_000, || {
        let g = &games[i % games.len()];
        let c = cards[i % 52];
        black_box(g.legal_cells(black_box(c)));
        i += 1;
    });
    let mut j = 0usize;
    bench("legal_cells, all 52 cards", 200_000, || {
        let g = &games[j % games.len()];
        for c in &cards {
            black_box(g.legal_cells(*c));
        }
        j += 1;
    });
    let mut work: Vec<(Game, Move)> = games
        .iter()
        .filter_map(|g| {
            let hand = g.hand();
            let c = g.orphans().iter().chain(hand.iter().flatten()).find(|c| !g.playable_cells(**c).is_empty())?;
            Some((g.clone(), Move::Place(*c, g.playable_cells(*c).first()?)))
        })
        .collect();
    let mut k = 0usize;
    let n = work.len();
    bench("place then undo", 2_000_000, || {
        let (g, m) = &mut work[k % n];
        g.apply(*m).unwrap();
        g.undo().unwrap();
        k += 1;
    });
    bench("Game::new (deal)", 200_000, || {
        black_box(Game::new(black_box(k as u32), Options::default()));
        k += 1;
    });
    let mut e = 0usize;
    bench("plan::evaluate (the fair player's judgement)", 200_000, || {
        black_box(plan::evaluate(black_box(&games[e % games.len()])));
        e += 1;
    });
    bench("best_move (every placement judged)", 20_000, || {
        black_box(player::best_move(black_box(&games[e % games.len()])));
        e += 1;
    });
    // The console's hint as it thinks there (its thinker, its strength,
    // its wind-down): the cost of one unit of work, a placement judged.
    let (mut units, t) = (0usize, Instant::now());
    for _ in 0..50 {
        for g in &games {
            let (_, n) = farewell::ui::farewell::hint_move(g);
            units += n;
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / units as f64;
    println!("{:<40} {ns:>10.1} ns/unit  ({units} units)", "the console's hint, one unit of work");
    println!("size_of::<Game>() = {} bytes", std::mem::size_of::<Game>());
}
