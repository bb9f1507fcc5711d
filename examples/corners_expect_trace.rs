//! King's Corners' expectimax player traced: `corners_expect_trace FIRST N
//! Q ROUNDS BUDGET` plays deals FIRST.. (N of them) with leaves worth
//! Q/1000 a face card to come, ROUNDS full rounds searched past the one
//! under way (10 or more: ROUNDS - 10, then the round under way alone where
//! that gives up) within BUDGET nodes (memo slots: `SLOTS`, 2^18 unless
//! given), and prints the wins, the move times, the faces placed at the end
//! and how often the search gave up, by faces to come.

use farewell::games::corners::expect::expect_move;
use farewell::games::corners::judge::{judged_move, Tune, TABLE};
use farewell::games::corners::{Game, Status};
use farewell::games::Patience;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let first: u32 = a[1].parse().unwrap();
    let n: u32 = a[2].parse().unwrap();
    let q: u32 = a[3].parse().unwrap();
    let rounds: u8 = a[4].parse().unwrap();
    let budget: u64 = a[5].parse().unwrap();
    let mut table = vec![0u32; TABLE];
    let slots_n: usize = std::env::var("SLOTS").ok().and_then(|x| x.parse().ok()).unwrap_or(1 << 18);
    let mut slots = vec![0u64; slots_n];
    let (mut tmax, mut tsum, mut moves) = (0f64, 0f64, 0usize);
    let (mut won, mut gave, mut asked) = (0, [0usize; 13], [0usize; 13]);
    let mut hist = [0usize; 13];
    let t0 = std::time::Instant::now();
    for d in first..first + n {
        let mut g = Game::deal(d);
        loop {
            let u = 12 - g.faces_placed();
            let tm = std::time::Instant::now();
            // ROUNDS of 10 or more: ROUNDS - 10 rounds within BUDGET, and
            // where that gives up, the round under way within 16,384 nodes.
            let searched = if rounds >= 10 {
                expect_move(&g, Tune::per_face(q), rounds - 10, budget, &mut slots)
                    .or_else(|| expect_move(&g, Tune::per_face(q), 0, 16384, &mut slots))
            } else {
                expect_move(&g, Tune::per_face(q), rounds, budget, &mut slots)
            };
            let m = match searched {
                Some(m) => {
                    asked[u] += 1;
                    m
                }
                None => {
                    asked[u] += 1;
                    gave[u] += 1;
                    judged_move(&g, Tune { matching: false, ..Tune::per_face(q) }, &mut table)
                }
            };
            let el = tm.elapsed().as_secs_f64();
            tmax = tmax.max(el);
            tsum += el;
            moves += 1;
            let Some(m) = m else { break };
            g.play(m).unwrap();
        }
        hist[g.faces_placed()] += 1;
        if g.status() == Status::Won {
            won += 1;
        }
    }
    println!("move time mean {:.3} ms max {:.3} ms", 1e3 * tsum / moves as f64, 1e3 * tmax);
    println!(
        "won {won}/{n} in {:.1}s\nfaces placed at the end {hist:?}\nmoves by faces to come {asked:?}\ngave up {gave:?}",
        t0.elapsed().as_secs_f64()
    );
}
