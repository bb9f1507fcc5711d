//! Probe: where the King's Corners solver spends its nodes.
use farewell::games::corners::solver::{key, Solver, Verdict};
use farewell::games::corners::{Game, Phase};
use std::collections::HashSet;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let seed = args[0] as u32;
    let budget = args.get(1).copied().unwrap_or(2_000_000);
    let g = Game::deal(seed);
    let mut slots = vec![0u64; 1 << 22];
    let mut s = Solver::new(&g, &mut slots, budget);
    let mut by_deck = [[0u64; 3]; 53];
    let mut seen = [HashSet::new(), HashSet::new(), HashSet::new()];
    let mut all = [0u64; 3];
    let v = loop {
        if let Some(v) = s.step(1) {
            break v;
        }
        let p = s.position();
        let ph = match p.phase() {
            Phase::Place => 0,
            Phase::Match => 1,
            Phase::MatchMore => 2,
        };
        by_deck[p.deck_len()][ph] += 1;
        seen[ph].insert(key(p));
        all[ph] += 1;
    };
    println!(
        "deal {seed}: {} nodes {} transpositions {} remembered {}",
        match v {
            Verdict::Winnable(_) => "won",
            Verdict::NotWinnable => "lost",
            Verdict::Unknown => "unknown",
        },
        s.effort().nodes,
        s.effort().transpositions,
        s.remembered()
    );
    println!("visits {:?} distinct {} {} {}", all, seen[0].len(), seen[1].len(), seen[2].len());
    for (d, c) in by_deck.iter().enumerate().rev() {
        if c.iter().sum::<u64>() > 0 {
            println!("deck {d:2}: place {:9} match {:9} more {:9}", c[0], c[1], c[2]);
        }
    }
}
