//! King's Corners' judging and expectimax players (docs/rules/corners.md,
//! "The players"): the round's chance is exact, both players see only what
//! a player sees (shuffling the unseen cards never changes their move),
//! their moves are legal, and the judge in small steps gives the same move.

use super::corners_support::{legal, played, reshuffled};
use farewell::cards::Pcg32;
use farewell::games::corners::expect::{self, Expect};
use farewell::games::corners::judge::{self, Judge, Start, Tune, ONE, TABLE};
use farewell::games::corners::notation::parse_position;
use farewell::games::corners::Move;
use farewell::games::Patience;
use proptest::prelude::*;

/// The round's chance by plain recursion over the next card drawn.
fn by_recursion(e: [u8; 4], u: [u8; 4], n: u8, t: &Tune) -> f64 {
    let faces = u[1] + u[2] + u[3];
    if faces == 0 {
        return 1.0;
    }
    if e.iter().all(|x| *x == 0) {
        return f64::from(t.leaf[usize::from(faces)]) / f64::from(ONE);
    }
    let mut acc = 0.0;
    for r in 1..4 {
        if u[r] > 0 && e[r] > 0 {
            let (mut e2, mut u2) = (e, u);
            e2[r] -= 1;
            u2[r] -= 1;
            acc += f64::from(u[r]) * by_recursion(e2, u2, n, t);
        }
    }
    if n > 0 {
        let mut best: f64 = 0.0;
        for r in 0..4 {
            if e[r] > 0 {
                let mut e2 = e;
                e2[r] -= 1;
                best = best.max(by_recursion(e2, u, n - 1, t));
            }
        }
        acc += f64::from(n) * best;
    }
    acc / f64::from(faces + n)
}

#[test]
fn judge_round_chance_is_exact() {
    let t = Tune::per_face(850);
    let mut table = vec![0u32; TABLE];
    for (e, u, n) in [
        ([1, 1, 0, 0], [0, 2, 1, 1], 20),
        ([2, 1, 1, 1], [0, 3, 2, 1], 25),
        ([0, 0, 0, 1], [0, 2, 2, 2], 10),
        ([1, 0, 2, 0], [0, 1, 3, 0], 5),
        ([3, 2, 1, 0], [0, 2, 3, 4], 18),
    ] {
        let got = f64::from(judge::chance(Start { empty: e, faces: u, numbers: n }, &mut table, &t)) / f64::from(ONE);
        let want = by_recursion(e, u, n, &t);
        assert!((got - want).abs() < 1e-5, "{e:?} {u:?} {n}: {got} against {want}");
    }
}

#[test]
fn judge_round_chance_is_one_with_no_face_to_come_and_leaf_when_full() {
    let t = Tune::per_face(500);
    let mut table = vec![0u32; TABLE];
    assert_eq!(judge::chance(Start { empty: [2, 0, 0, 0], faces: [0; 4], numbers: 9 }, &mut table, &t), ONE);
    assert_eq!(judge::chance(Start { empty: [0; 4], faces: [0, 1, 1, 0], numbers: 9 }, &mut table, &t), t.leaf[2]);
}

const SMALL: Expect = Expect { rounds: 0, budget: 2_000, tune: Tune::per_face(850) };

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn judge_never_sees_the_deck_order_and_moves_legally(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), shuffle in any::<u64>()) {
        let g = played(seed, &picks);
        let mut rng = Pcg32::new(shuffle as u32);
        let mut table = vec![0u32; TABLE];
        for tune in [Tune::per_face(850), Tune { matching: false, ..Tune::per_face(850) }] {
            let m = judge::judged_move(&g, tune, &mut table);
            match m {
                Some(m) => prop_assert!(legal(&g).contains(&m), "{} not legal", m),
                None => prop_assert!(g.status().is_over()),
            }
            for _ in 0..3 {
                let other = reshuffled(&g, &mut rng);
                prop_assert_eq!(judge::judged_move(&other, tune, &mut table), m);
            }
        }
    }

    #[test]
    fn judge_in_small_steps_gives_the_same_move(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), budget in 1u32..8) {
        let g = played(seed, &picks);
        let mut table = vec![0u32; TABLE];
        let whole = judge::judged_move(&g, Tune::per_face(850), &mut table);
        let mut j = Judge::new(&g, Tune::per_face(850));
        let mut calls = 0;
        let m = loop {
            calls += 1;
            if let Some(m) = j.step(&mut table, budget) {
                break m;
            }
            prop_assert!(calls < 1_000_000);
        };
        prop_assert_eq!(m, whole);
    }

    #[test]
    fn expectimax_player_never_sees_the_deck_order_and_moves_legally(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), shuffle in any::<u64>()) {
        let g = played(seed, &picks);
        let mut rng = Pcg32::new(shuffle as u32);
        let mut table = vec![0u32; TABLE];
        let mut slots = vec![0u64; 1 << 12];
        let m = expect::expected_move(&g, SMALL, &mut slots, &mut table);
        match m {
            Some(m) => prop_assert!(legal(&g).contains(&m), "{} not legal", m),
            None => prop_assert!(g.status().is_over()),
        }
        for _ in 0..3 {
            let other = reshuffled(&g, &mut rng);
            prop_assert_eq!(expect::expected_move(&other, SMALL, &mut slots, &mut table), m);
        }
    }
}

/// With one face card to come and its cell free, a number card goes to the
/// centre, never on that cell (the face card would then find none).
#[test]
fn expectimax_player_keeps_the_last_face_cards_cell_free() {
    // Every face card placed but the king of spades; the corner r3c3 is
    // empty, the centre has room.
    let text = "game: corners\nKc Qc Qd Kd\nJc . 6c Jd\nJh 7c . Js\nKh Qh Qs .\nnext: 8c\ndeck: 2c 3c 4c Ks\ndiscard: 3h 7h 4h 6h Ah 9h 2h 8h Th 3d 7d 4d 6d Ad 9d 2d 8d Td 3s 7s 4s 6s As 9s 2s 8s Ts 5h 5d 5s 5c Ac 9c Tc\nphase: place\n";
    let g = parse_position(text).unwrap();
    let mut table = vec![0u32; TABLE];
    let mut slots = vec![0u64; 1 << 12];
    match expect::expected_move(&g, SMALL, &mut slots, &mut table) {
        Some(Move::Place(_, cell)) => assert_ne!(cell.index(), 15, "the last king's corner taken"),
        m => panic!("expected a placement, got {m:?}"),
    }
}

/// A state for the stuck-card tests: `centre` and `jacks` values (1 to
/// 10) on the matrix, `jacks_to_come` jacks not seen, every queen and king
/// placed, and `unseen` number cards (values) not seen.
fn stuck_state(centre: &[u8], jacks: &[u8], jacks_to_come: u8, unseen: &[u8]) -> expect::State {
    let mut s = expect::State { counts: [[0; 10]; 4], faces: [0, jacks_to_come, 0, 0], unseen: [0; 10] };
    for v in centre {
        s.counts[0][usize::from(v - 1)] += 1;
    }
    for v in jacks {
        s.counts[1][usize::from(v - 1)] += 1;
    }
    for v in unseen {
        s.unseen[usize::from(v - 1)] += 1;
    }
    s
}

/// A number card on a label still waiting for face cards is stuck when no
/// group of the other cards left makes 10 with it, on the matrix or not
/// seen: a nine with no ace left, an eight with neither a two nor two aces.
/// In the centre, or on a label whose face cards are all placed, it is not.
#[test]
fn a_card_no_cards_left_can_make_ten_with_is_stuck_on_its_label() {
    // A nine on the jacks' cells, a jack to come, no ace anywhere.
    assert!(stuck_state(&[5, 5, 3, 7], &[9], 1, &[2, 4, 6, 8]).stuck_on_a_label());
    // One ace not seen frees it; so does one in the centre.
    assert!(!stuck_state(&[5, 5, 3, 7], &[9], 1, &[1, 4, 6, 8]).stuck_on_a_label());
    assert!(!stuck_state(&[1, 5, 3, 7], &[9], 1, &[2, 4, 6, 8]).stuck_on_a_label());
    // The same nine in the centre, or with every jack placed: not stuck.
    assert!(!stuck_state(&[9, 5, 3, 7], &[], 0, &[2, 4, 6, 8]).stuck_on_a_label());
    assert!(!stuck_state(&[5, 5, 3, 7], &[9], 0, &[2, 4, 6, 8]).stuck_on_a_label());
    // An eight with no two: two aces make 10 with it, one does not.
    assert!(!stuck_state(&[5, 5, 3, 7], &[8], 1, &[1, 1, 6]).stuck_on_a_label());
    assert!(stuck_state(&[5, 5, 3, 7], &[8], 1, &[1, 6]).stuck_on_a_label());
    // A ten always leaves alone.
    assert!(!stuck_state(&[5, 5, 3, 7], &[10], 1, &[]).stuck_on_a_label());
}

/// The expectimax's full matrix past the rounds it searches is worth
/// nothing with a card stuck on a label (its face cards cannot all find a
/// cell), and its leaf value otherwise.
#[test]
fn a_full_matrix_with_a_stuck_card_is_worth_nothing() {
    let tune = Tune::per_face(850);
    let mut slots = vec![0u64; 1 << 10];
    // A group (5 + 5) on both; the nine on the jacks' cell has an ace
    // left in the second only.
    let stuck = stuck_state(&[5, 5, 3, 7], &[9], 1, &[2, 4, 6, 8]);
    let free = stuck_state(&[5, 5, 3, 7], &[9], 1, &[1, 4, 6, 8]);
    assert_eq!(expect::Search::new(&mut slots, tune, 1000).full(&stuck, 0), 0);
    assert_eq!(expect::Search::new(&mut slots, tune, 1000).full(&free, 0), tune.leaf[1]);
}
