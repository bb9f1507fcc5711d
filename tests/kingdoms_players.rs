//! The players of Four Kingdoms: the solver's answers are honest (a
//! winnable line replays to a win, tiny budgets say unknown, a dead end is
//! proved lost), both players work in slices, and the fair player never
//! looks at the hidden cards.

use farewell::cards::{Card, Pcg32};
use farewell::games::kingdoms::game::LANDS;
use farewell::games::kingdoms::notation::parse_position;
use farewell::games::kingdoms::player::{self, Thinker};
use farewell::games::kingdoms::solver::{self, Solver, Verdict};
use farewell::games::kingdoms::{Game, Position};
use farewell::games::Patience;
use farewell::games::Status;

/// `p` with its hidden cards (the talon and every face-down card) shuffled
/// among themselves: what the player cannot tell apart.
fn shuffle_hidden(p: &Position, seed: u32) -> Position {
    let mut hidden: Vec<Card> = p.talon().collect();
    for l in 0..LANDS {
        let land = p.land(l);
        hidden.extend_from_slice(&land.cards()[..land.down()]);
    }
    farewell::cards::shuffle(&mut hidden, &mut Pcg32::new(seed));
    let mut next = hidden.into_iter();
    let talon: Vec<Card> = (0..p.talon_len()).map(|_| next.next().unwrap()).collect();
    let mut lands: Vec<Vec<Card>> = vec![];
    for l in 0..LANDS {
        let land = p.land(l);
        let mut cards = land.cards().to_vec();
        for c in cards.iter_mut().take(land.down()) {
            *c = next.next().unwrap();
        }
        lands.push(cards);
    }
    let parts: [(&[Card], usize); LANDS] = core::array::from_fn(|l| (lands[l].as_slice(), p.land(l).down()));
    let guests = farewell::cards::Suit::ALL.map(|s| p.guest(s));
    Position::from_parts(&parts, &talon, p.waste(), guests, p.foundations()).unwrap()
}

#[test]
fn fair_player_moves_do_not_change_when_the_hidden_cards_are_shuffled() {
    let mut checked = 0;
    for seed in 1..60u32 {
        let mut g = Game::new(seed);
        for step in 0..120u32 {
            let Some(m) = player::best_move(g.position()) else { break };
            for k in 0..3 {
                let other = shuffle_hidden(g.position(), seed * 1000 + step * 10 + k);
                assert_eq!(player::best_move(&other), Some(m), "deal {seed}, step {step}");
                assert_eq!(player::view(&other), player::view(g.position()));
                checked += 1;
            }
            g.play(m).unwrap();
            if g.status().is_over() {
                break;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn fair_player_plays_only_legal_moves_and_its_thinker_agrees_in_slices() {
    for seed in 100..130u32 {
        let mut g = Game::new(seed);
        for _ in 0..200 {
            let whole = player::best_move(g.position());
            let mut t = Thinker::new(g.position());
            let sliced = loop {
                if let Some(m) = t.step(1) {
                    break m;
                }
            };
            assert_eq!(sliced, whole);
            let Some(m) = whole else { break };
            g.play(m).unwrap_or_else(|e| panic!("deal {seed}: {m}: {e}"));
        }
    }
}

#[test]
fn fair_player_wins_some_deals() {
    let mut won = 0;
    for seed in 1..200u32 {
        let mut g = Game::new(seed);
        let mut seen = std::collections::HashSet::new();
        while seen.insert(*g.position()) {
            let Some(m) = player::best_move(g.position()) else { break };
            g.play(m).unwrap();
        }
        won += u32::from(g.status() == Status::Won);
    }
    assert!(won > 0);
}

#[test]
fn solver_lines_replay_to_a_win_and_proofs_of_loss_hold_up() {
    let mut table = vec![0u64; 1 << 18];
    let (mut wins, mut losses) = (0, 0);
    for seed in 1..30u32 {
        let start = *Game::new(seed).position();
        match solver::solve(&start, 300_000, &mut table).0 {
            Verdict::Winnable(line) => {
                let mut g = Game::new(seed);
                for m in &line {
                    g.play(*m).unwrap();
                }
                assert_eq!(g.status(), Status::Won);
                wins += 1;
            }
            Verdict::NotWinnable => losses += 1,
            Verdict::Unknown => {}
        }
    }
    assert!(wins > 0 && losses > 0, "{wins} {losses}");
}

#[test]
fn solver_proves_a_dead_end_lost_and_a_won_game_won() {
    let dead = "game: kingdoms
p1: (3h) (5h) (7h) Ah
p2: (9h) (Qh) (Kh) 2h
p3: (As) (2s) (3s) 4h
p4: (4s) (6s) (7s) 6h
p5: (8s) (9s) (Js) 8h
p6: (Qs) (Ks) Jh
p7: 5s
talon:
waste:
dungeon: - - Ad Ac
tower: Ts Th Td Tc
guest: - - - -
castle: - - Jd Jc
subjects: - - 2d 2c
";
    let p = parse_position(dead).unwrap();
    let mut table = vec![0u64; 1024];
    assert_eq!(solver::solve(&p, 1000, &mut table).0, Verdict::NotWinnable);
}

#[test]
fn solver_says_unknown_past_its_budget_never_a_guess() {
    let mut table = vec![0u64; 1 << 16];
    for seed in 1..20u32 {
        let start = *Game::new(seed).position();
        assert_eq!(solver::solve(&start, 10, &mut table).0, Verdict::Unknown, "deal {seed}");
    }
}

#[test]
fn solver_in_slices_gives_the_same_answer() {
    let mut t1 = vec![0u64; 1 << 16];
    let mut t2 = vec![0u64; 1 << 16];
    for seed in 1..10u32 {
        let start = *Game::new(seed).position();
        let whole = solver::solve(&start, 50_000, &mut t1).0;
        let mut s = Solver::new(&start, 50_000, &mut t2);
        let sliced = loop {
            if let Some(v) = s.step(500) {
                break v;
            }
        };
        assert_eq!(sliced, whole, "deal {seed}");
    }
}

#[test]
fn size_of_the_players_state() {
    // The console holds one of each while a hint is worked out.
    let thinker = std::mem::size_of::<Thinker>();
    let solver = std::mem::size_of::<Solver>();
    eprintln!(
        "Position {} B, Game {} B, Thinker {thinker} B, Solver {solver} B",
        std::mem::size_of::<Position>(),
        std::mem::size_of::<Game>()
    );
    assert!(thinker < 2048, "{thinker}");
    assert!(solver < 32 * 1024, "{solver}");
}

#[test]
fn fair_games_end_and_never_come_back_to_a_position() {
    // A move that can be taken back is played only when it makes the
    // judgement strictly better: no position repeats, so games end.
    for seed in 300..500u32 {
        let mut g = Game::new(seed);
        let mut seen = std::collections::HashSet::new();
        let mut moves = 0;
        while let Some(m) = player::best_move(g.position()) {
            assert!(seen.insert(*g.position()), "deal {seed}: a position came back");
            g.play(m).unwrap();
            moves += 1;
            assert!(moves < 1000, "deal {seed}: no end in sight");
        }
    }
}

/// Small sampling efforts for the tests (every way of voting).
const SMALL: [player::Effort; 3] = [
    player::Effort { samples: 3, nodes: 150, each: true, furthest: false },
    player::Effort { samples: 4, nodes: 300, each: false, furthest: false },
    player::Effort { samples: 2, nodes: 100, each: false, furthest: true },
];

#[test]
fn sampling_player_moves_do_not_change_when_the_hidden_cards_are_shuffled() {
    let mut table = vec![0u64; 1024];
    let mut checked = 0;
    for seed in 1..8u32 {
        for effort in SMALL {
            let mut g = Game::new(seed);
            for step in 0..150u32 {
                let Some(m) = player::sampled_move(g.position(), effort, &mut table) else { break };
                if step % 3 == 0 {
                    let other = shuffle_hidden(g.position(), seed * 1000 + step);
                    assert_eq!(player::sampled_move(&other, effort, &mut table), Some(m), "deal {seed}, step {step}");
                    checked += 1;
                }
                g.play(m).unwrap_or_else(|e| panic!("deal {seed}: {m}: {e}"));
                if g.status().is_over() {
                    break;
                }
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn sampling_player_in_steps_agrees_and_without_samples_is_the_plain_player() {
    let mut table = vec![0u64; 1024];
    for seed in 200..206u32 {
        let mut g = Game::new(seed);
        for _ in 0..120 {
            let plain = player::best_move(g.position());
            assert_eq!(player::sampled_move(g.position(), player::Effort::PLAIN, &mut table), plain);
            let mut s = player::Sampler::new(g.position(), SMALL[0]);
            let stepped = loop {
                if let Some(m) = s.step(&mut table) {
                    break m;
                }
            };
            assert_eq!(stepped, player::sampled_move(g.position(), SMALL[0], &mut table));
            let Some(m) = stepped else { break };
            g.play(m).unwrap_or_else(|e| panic!("deal {seed}: {m}: {e}"));
            if g.status().is_over() {
                break;
            }
        }
    }
}

#[test]
fn sampling_player_wins_more_than_the_plain_player() {
    // Deals 1-60: the plain player wins 3, the strong setting (8 samples of
    // 1000 nodes after each move) 6; a floor against regressions.
    let mut table = vec![0u64; 2048];
    let mut won = 0;
    for seed in 1..=60u32 {
        let mut g = Game::new(seed);
        for _ in 0..2000 {
            let Some(m) = player::sampled_move(g.position(), player::Effort::STRONG, &mut table) else { break };
            g.play(m).unwrap();
        }
        won += u32::from(g.status() == Status::Won);
    }
    assert!(won >= 5, "{won}");
}
