//! Property tests of Four Kingdoms: invariants that hold for every deal and
//! every line of legal play, and for any text given to the parsers.

use farewell::cards::Card;
use farewell::games::kingdoms::notation::{parse_move, parse_position};
use farewell::games::kingdoms::{Game, Move, Position};
use farewell::games::{Patience, Status};
use proptest::prelude::*;

fn text(g: &Game) -> String {
    let mut s = String::new();
    g.write_position(&mut s).unwrap();
    s
}

fn legal(g: &Game) -> Vec<Move> {
    let mut v = vec![];
    g.for_each_legal(&mut |m| v.push(m));
    v
}

/// Every syntactically possible move: draw, and each card to each land,
/// its guest chamber, its foundation.
fn every_move() -> Vec<Move> {
    let mut v = vec![Move::Draw];
    for c in Card::all() {
        for l in 0..7 {
            v.push(Move::ToLand(c, l));
        }
        v.push(Move::ToGuest(c));
        v.push(Move::ToFoundation(c));
    }
    v
}

/// Each of the 52 cards exactly once across lands, talon, waste, guests and
/// foundations.
fn assert_all_cards_once(p: &Position) {
    let mut count = [0u8; 52];
    for l in 0..7 {
        for c in p.land(l).cards() {
            count[usize::from(c.index())] += 1;
        }
    }
    for c in p.talon().chain(p.waste().iter().copied()) {
        count[usize::from(c.index())] += 1;
    }
    for s in farewell::cards::Suit::ALL {
        if let Some(c) = p.guest(s) {
            count[usize::from(c.index())] += 1;
        }
    }
    for c in Card::all() {
        if p.is_on_foundation(c) {
            count[usize::from(c.index())] += 1;
        }
    }
    for (i, n) in count.iter().enumerate() {
        assert_eq!(*n, 1, "{} seen {n} times", Card::from_index(i as u8).unwrap());
    }
}

/// A line of play from deal `seed`: `picks` choose among the legal moves.
fn play_line(seed: u32, picks: &[u32]) -> Game {
    let mut g = Game::new(seed);
    for p in picks {
        let moves = legal(&g);
        if moves.is_empty() {
            break;
        }
        g.play(moves[*p as usize % moves.len()]).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn every_card_is_accounted_for_and_undo_is_exact(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..300)) {
        let mut g = Game::new(seed);
        for p in picks {
            assert_all_cards_once(g.position());
            let moves = legal(&g);
            // Playing exactly when some move is legal (or won).
            prop_assert_eq!(moves.is_empty(), g.status().is_over());
            if moves.is_empty() { break; }
            let before = text(&g);
            let pos = *g.position();
            g.play(moves[p as usize % moves.len()]).unwrap();
            let mut back = g.clone();
            prop_assert!(Patience::undo(&mut back));
            prop_assert_eq!(text(&back), before);
            prop_assert_eq!(*back.position(), pos);
        }
        assert_all_cards_once(g.position());
    }

    #[test]
    fn legal_moves_are_exactly_the_moves_play_accepts(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..120)) {
        let g = play_line(seed, &picks);
        let listed = legal(&g);
        for m in every_move() {
            let mut t = g.clone();
            let accepted = t.play(m).is_ok();
            prop_assert_eq!(accepted, listed.contains(&m), "{} in\n{}", m, text(&g));
            if !accepted {
                prop_assert_eq!(text(&t), text(&g));
            }
        }
        // No move twice.
        let mut sorted = listed.clone();
        sorted.sort_by_key(|m| m.to_string());
        sorted.dedup();
        prop_assert_eq!(sorted.len(), listed.len());
    }

    #[test]
    fn every_printed_position_reads_back_identical(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..200)) {
        let mut g = Game::new(seed);
        for p in picks {
            let t = text(&g);
            let back = parse_position(&t).map_err(|e| TestCaseError::fail(format!("{e}\n{t}")))?;
            prop_assert_eq!(&back, g.position());
            prop_assert_eq!(text(&Game::from_position(back)), t);
            let moves = legal(&g);
            if moves.is_empty() { break; }
            let m = moves[p as usize % moves.len()];
            prop_assert_eq!(parse_move(&m.to_string()), Ok(m));
            prop_assert_eq!(parse_move(&m.to_string().to_uppercase()), Ok(m));
            g.play(m).unwrap();
        }
    }

    #[test]
    fn games_end_progress_moves_are_bounded(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..600)) {
        // The rules allow endless play (a guest to an empty land and back),
        // so what is bounded is progress: draws (24), cards turned up (21)
        // and foundation moves (52) never come back without undo, and a
        // line that keeps making them ends within 97 of them.
        let mut g = Game::new(seed);
        let mut progress = 0;
        for p in picks {
            let moves = legal(&g);
            if moves.is_empty() { break; }
            // Prefer progress moves so that lines reach the end.
            let prog: Vec<Move> = moves.iter().copied().filter(|m| !matches!(m, Move::ToLand(..) | Move::ToGuest(_))).collect();
            let m = if !prog.is_empty() && p % 4 != 0 { prog[p as usize % prog.len()] } else { moves[p as usize % moves.len()] };
            let u = g.play(m).unwrap();
            if !matches!(m, Move::ToLand(..) | Move::ToGuest(_)) || u.turned {
                progress += 1;
            }
            prop_assert!(progress <= 24 + 21 + 52);
        }
        prop_assert!(g.position().talon_len() + g.position().on_foundations() <= 52 + 24);
    }

    #[test]
    fn parser_never_panics_on_arbitrary_text(s in "\\PC{0,400}") {
        let _ = parse_position(&s);
        let _ = parse_move(&s);
    }

    #[test]
    fn parser_never_panics_on_damaged_valid_positions(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..60), cut in any::<usize>(), junk in "[ ()\\-:#A-Za-z0-9>\\n\\t]{0,24}") {
        let t = text(&play_line(seed, &picks));
        let mut at = cut % (t.len() + 1);
        while !t.is_char_boundary(at) { at -= 1; }
        let damaged = format!("{}{}{}", &t[..at], junk, &t[at..]);
        if let Err(e) = parse_position(&damaged) {
            prop_assert!(!e.to_string().is_empty());
        } else if let Ok(p) = parse_position(&damaged) {
            // Whatever is accepted is a position that prints and reads back.
            let g = Game::from_position(p);
            let t2 = text(&g);
            prop_assert_eq!(parse_position(&t2).map(|p| p == *g.position()), Ok(true));
            let _ = g.status();
        }
        let _ = parse_position(&t[..at]);
    }

    #[test]
    fn damaged_positions_swapping_two_cards_never_panic(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), a in 0u8..52, b in 0u8..52) {
        // Swapping two card names keeps the census but may break every
        // other rule: the reader must say which, or accept a reachable one,
        // and an accepted one must play without panicking.
        let t = text(&play_line(seed, &picks));
        let (ca, cb) = (Card::from_index(a).unwrap().to_string(), Card::from_index(b).unwrap().to_string());
        let swapped = t.replace(&ca, "@@").replace(&cb, &ca).replace("@@", &cb);
        if let Ok(p) = parse_position(&swapped) {
            let mut g = Game::from_position(p);
            for m in every_move() {
                if g.play(m).is_ok() {
                    prop_assert!(Patience::undo(&mut g));
                }
            }
            prop_assert_eq!(g.position(), &p);
        }
    }

    #[test]
    fn moves_of_any_text_never_panic(seed in any::<u32>(), tokens in proptest::collection::vec("[a-zA-Z0-9>+]{0,7}", 0..40)) {
        let mut g = Game::new(seed);
        for t in tokens {
            if let Ok(m) = g.parse_move(&t) {
                let _ = g.play(m);
            }
        }
        let _ = g.status();
    }
}

#[test]
fn won_status_after_a_solved_deal_and_nothing_but_undo_after_it() {
    use farewell::games::kingdoms::solver::{solve, Verdict};
    let mut table = vec![0u64; 1 << 16];
    for seed in 1..40 {
        let start = *Game::new(seed).position();
        if let (Verdict::Winnable(line), _) = solve(&start, 200_000, &mut table) {
            let mut g = Game::new(seed);
            for m in &line {
                g.play(*m).unwrap();
            }
            assert_eq!(g.status(), Status::Won);
            assert!(legal(&g).is_empty());
            for m in every_move() {
                assert!(g.clone().play(m).is_err());
            }
            return;
        }
    }
    panic!("no deal among 1..40 solved");
}
