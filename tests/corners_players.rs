//! The players of The Edge: King's Corners: the fair player sees only what a
//! player sees (shuffling the unseen cards never changes its move), both
//! players work in bounded steps with the same answer as in one go, the
//! solver's wins replay, its key is exact, its budget gives "unknown".

use super::corners_support::{legal, played, reshuffled};
use farewell::cards::{Card, Pcg32};
use farewell::games::corners::game::MAX_MOVES;
use farewell::games::corners::notation::parse_position;
use farewell::games::corners::player::{self, Style, Thinker};
use farewell::games::corners::solver::{self, key, Solver, Verdict};
use farewell::games::corners::{Game, Move, Phase, Status};
use farewell::games::Patience;
use proptest::prelude::*;

const STYLES: [Style; 4] = [
    Style { centre_first: true, room: true, pairs_first: true },
    Style { centre_first: false, room: true, pairs_first: true },
    Style { centre_first: true, room: true, pairs_first: false },
    Style { centre_first: false, room: false, pairs_first: false },
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn fair_player_never_sees_the_deck_order(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), shuffle in any::<u64>()) {
        let g = played(seed, &picks);
        let mut rng = Pcg32::new(shuffle as u32);
        for style in STYLES {
            let m = player::best_move(&g, style);
            for _ in 0..4 {
                let other = reshuffled(&g, &mut rng);
                prop_assert_eq!(player::best_move(&other, style), m);
            }
        }
    }

    #[test]
    fn fair_player_moves_are_legal_and_it_moves_while_playing(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80)) {
        let g = played(seed, &picks);
        for style in STYLES {
            match player::best_move(&g, style) {
                Some(m) => prop_assert!(legal(&g).contains(&m), "{} not legal", m),
                None => prop_assert!(g.status().is_over()),
            }
        }
    }

    #[test]
    fn fair_player_in_small_steps_gives_the_same_move(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), budget in 1u32..8) {
        let g = played(seed, &picks);
        let whole = player::best_move(&g, Style::default());
        let mut t = Thinker::new(&g, Style::default());
        let mut calls = 0;
        let m = loop {
            calls += 1;
            if let Some(m) = t.step(budget) {
                break m;
            }
            prop_assert!(calls < 100_000);
        };
        prop_assert_eq!(m, whole);
    }

    #[test]
    fn solver_in_small_steps_gives_the_same_answer(seed in 0u32..2000, work in 1u32..50) {
        let g = Game::deal(seed);
        let mut slots = vec![0u64; 1 << 14];
        let (whole, _) = solver::solve(&g, 20_000, &mut slots);
        let mut slots = vec![0u64; 1 << 14];
        let mut s = Solver::new(&g, &mut slots, 20_000);
        let v = loop {
            if let Some(v) = s.step(work) {
                break v;
            }
        };
        prop_assert_eq!(v, whole);
    }

    #[test]
    fn solver_key_ignores_which_cell_of_a_region_and_suits(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80)) {
        // Placing the drawn card on any cell of one region gives one key.
        let g = played(seed, &picks);
        if g.phase() == Phase::Place && g.status() == Status::Playing {
            let mut by_region: std::collections::HashMap<usize, u64> = std::collections::HashMap::new();
            for m in legal(&g) {
                let Move::Place(_, cell) = m else { continue };
                let mut t = g.clone();
                t.play(m).unwrap();
                let k = key(&t);
                let r = solver::region(cell);
                prop_assert_eq!(*by_region.entry(r).or_insert(k), k);
            }
            let keys: std::collections::HashSet<u64> = by_region.values().copied().collect();
            // A number card in different regions: different positions
            // (a face card has one region).
            prop_assert_eq!(keys.len(), by_region.len());
        }
    }
}

#[test]
fn solver_wins_replay_to_a_win() {
    let mut slots = vec![0u64; 1 << 18];
    let mut wins = 0;
    for seed in 1..=60u32 {
        let g = Game::deal(seed);
        if let (Verdict::Winnable(line), _) = solver::solve(&g, 20_000, &mut slots) {
            let mut r = g.clone();
            for m in &line {
                r.play(*m).unwrap_or_else(|e| panic!("deal {seed}: {m}: {e}"));
            }
            assert_eq!(r.status(), Status::Won, "deal {seed}");
            assert!(line.len() <= MAX_MOVES);
            wins += 1;
        }
    }
    assert!(wins > 20, "only {wins} wins found");
}

#[test]
fn solver_proves_a_lost_position_lost() {
    // Every queen's cell holds a number card that cannot be matched before
    // the queen comes: the only placement fills the matrix with no group.
    let t = "game: corners\n\
             Ks 9s 9h Kh\n\
             Js 9d 9c Jh\n\
             Jd 8s 8h Jc\n\
             Kd 8d . Kc\n\
             next: 7s\n\
             deck: Qh\n\
             discard:\n\
             phase: place\n";
    let rest: Vec<String> = Card::all().filter(|c| !t.contains(&c.to_string())).map(|c| c.to_string()).collect();
    let t = t.replace("deck: Qh", &format!("deck: Qh {}", rest.join(" ")));
    let g = parse_position(&t).unwrap();
    let mut slots = vec![0u64; 1 << 10];
    assert_eq!(solver::solve(&g, 1000, &mut slots).0, Verdict::NotWinnable);
}

#[test]
fn solver_unknown_past_its_budget_never_a_guess() {
    let mut slots = vec![0u64; 1 << 12];
    let mut unknown = 0;
    for seed in 1..=40u32 {
        let g = Game::deal(seed);
        let (v, e) = solver::solve(&g, 5, &mut slots);
        assert!(e.nodes <= 5);
        match &v {
            Verdict::Winnable(line) => {
                let mut r = g.clone();
                for m in line {
                    r.play(*m).unwrap();
                }
                assert_eq!(r.status(), Status::Won);
            }
            // Lost within five nodes only where the loss test proves it
            // from the deal (deal 25: the whole matrix's count).
            Verdict::NotWinnable => assert!(
                solver::proved_lost(
                    &g,
                    solver::BY_LABELS | solver::BY_WHOLE | solver::BY_ROUNDS | solver::BY_LABEL_ROUNDS
                ),
                "deal {seed}: lost without a proof"
            ),
            Verdict::Unknown => unknown += 1,
        }
    }
    assert!(unknown >= 30, "{unknown} unknown");
}

#[test]
fn solver_on_an_ended_game() {
    let mut g = Game::deal(5);
    while let Some(m) = player::best_move(&g, Style::default()) {
        g.play(m).unwrap();
    }
    let mut slots = vec![0u64; 16];
    let v = solver::solve(&g, 10, &mut slots).0;
    match g.status() {
        Status::Won => assert_eq!(v, Verdict::Winnable(Default::default())),
        _ => assert_eq!(v, Verdict::NotWinnable),
    }
}

#[test]
fn solver_key_tells_every_multiset_of_a_region_apart() {
    // Four values from none, 1..10 in the centre: 1001 multisets, 1001 keys.
    let mut keys = std::collections::HashSet::new();
    let cards = |v: u8, k: usize| Card::from_index([0u8, 13, 26, 39][k] + v - 1).unwrap().to_string();
    for a in 0..=10u8 {
        for b in a..=10 {
            for c in b..=10 {
                for d in c..=10 {
                    let mut cells = vec![".".to_string(); 4];
                    for (k, v) in [a, b, c, d].iter().enumerate() {
                        if *v > 0 {
                            cells[k] = cards(*v, k);
                        }
                    }
                    let t = format!(
                        "game: corners\n. . . .\n. {} {} .\n. {} {} .\n. . . .\nnext: Ks\nphase: place\n",
                        cells[0], cells[1], cells[2], cells[3]
                    );
                    let placed: Vec<String> = cells.iter().filter(|c| *c != ".").cloned().collect();
                    let deck: Vec<String> =
                        Card::all().map(|c| c.to_string()).filter(|c| c != "Ks" && !placed.contains(c)).collect();
                    let t = t.replace("phase:", &format!("deck: {}\nphase:", deck.join(" ")));
                    keys.insert(key(&parse_position(&t).unwrap()) & ((1 << 10) - 1));
                }
            }
        }
    }
    assert_eq!(keys.len(), 1001);
    assert!(keys.iter().all(|k| *k < 1024));
}

/// Small sampling efforts for the tests: root votes, and every candidate
/// judged on every sample.
const SMALL: [player::Effort; 2] =
    [player::Effort { samples: 3, nodes: 200, each: false }, player::Effort { samples: 2, nodes: 100, each: true }];

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn sampling_player_never_sees_the_deck_order(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), shuffle in any::<u64>()) {
        let g = played(seed, &picks);
        let mut rng = Pcg32::new(shuffle as u32);
        let mut table = vec![0u64; 512];
        for effort in SMALL {
            let m = player::sampled_move(&g, effort, &mut table);
            match m {
                Some(m) => prop_assert!(legal(&g).contains(&m), "{} not legal", m),
                None => prop_assert!(g.status().is_over()),
            }
            for _ in 0..3 {
                let other = reshuffled(&g, &mut rng);
                prop_assert_eq!(player::sampled_move(&other, effort, &mut table), m);
            }
        }
        prop_assert_eq!(player::sampled_move(&g, player::Effort::PLAIN, &mut table), player::best_move(&g, Style::default()));
    }
}
