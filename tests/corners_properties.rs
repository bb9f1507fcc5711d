//! Property tests of The Edge: King's Corners: invariants that hold for
//! every deal and every line of legal play, and for any text given to the
//! parsers (valid positions and moves, damaged).

use super::corners_support::{legal, played, text};
use farewell::cards::Card;
use farewell::games::corners::game::{is_face, Group, MAX_MOVES};
use farewell::games::corners::notation::{parse_move, parse_position};
use farewell::games::corners::{Cell, Game, Move, Phase, Status};
use farewell::games::Patience;
use proptest::prelude::*;

/// Each of the 52 cards exactly once across matrix, drawn card, deck and
/// discard; face cards never in the discard.
fn assert_all_cards_once(g: &Game) {
    let mut count = [0u8; 52];
    for c in g.matrix().iter().flatten().chain(g.next().iter()).chain(g.discard().iter()) {
        count[usize::from(c.index())] += 1;
    }
    for c in g.deck() {
        count[usize::from(c.index())] += 1;
    }
    for (i, n) in count.iter().enumerate() {
        assert_eq!(*n, 1, "{} seen {n} times", Card::from_index(i as u8).unwrap());
    }
    assert!(g.discard().iter().all(|c| !is_face(*c)));
}

/// Every move the notation can express that could matter here: the drawn
/// card and a few others on every cell, every group of up to 7 cards on
/// the matrix, groups with a card not on it, and `draw`.
fn syntactic_moves(g: &Game) -> Vec<Move> {
    let mut v = vec![Move::Draw];
    let mut cards: Vec<Card> = g.next().into_iter().collect();
    cards.extend(g.deck().take(2));
    cards.extend(g.matrix().iter().flatten().take(2));
    for c in cards {
        for cell in Cell::all() {
            v.push(Move::Place(c, cell));
        }
    }
    let on: Vec<(usize, Card)> = g.matrix().iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c))).collect();
    for mask in 1u32..1 << on.len() {
        if mask.count_ones() as usize > 7 {
            continue;
        }
        let cards: Vec<Card> = (0..on.len()).filter(|k| mask & (1 << k) != 0).map(|k| on[k].1).collect();
        v.push(Move::Clear(Group::new(&cards).unwrap()));
    }
    for c in g.deck().take(3) {
        v.push(Move::Clear(Group::new(&[c]).unwrap()));
        if let Some((_, m)) = on.first() {
            v.push(Move::Clear(Group::new(&[*m, c]).unwrap()));
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn games_keep_every_card_once_and_end_within_the_move_bound(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..200)) {
        let mut g = Game::deal(seed);
        let mut picks = picks.into_iter();
        let mut steps = 0usize;
        while !g.status().is_over() {
            assert_all_cards_once(&g);
            let moves = legal(&g);
            prop_assert!(!moves.is_empty(), "playing with no legal move:\n{}", text(&g));
            let p = picks.next().unwrap_or(steps as u32) as usize;
            g.play(moves[p % moves.len()]).unwrap();
            steps += 1;
            prop_assert!(steps <= MAX_MOVES, "a game outlived the move bound");
        }
        assert_all_cards_once(&g);
        prop_assert!(legal(&g).is_empty());
    }

    #[test]
    fn legal_moves_are_exactly_the_moves_play_accepts(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..60)) {
        let g = played(seed, &picks);
        let listed = legal(&g);
        let mut accepted = 0;
        for m in syntactic_moves(&g) {
            let mut t = g.clone();
            let ok = t.play(m).is_ok();
            prop_assert_eq!(ok, listed.contains(&m), "{} in\n{}", m, text(&g));
            if ok {
                accepted += 1;
            } else {
                prop_assert_eq!(&t, &g, "a refused move changed the game");
            }
        }
        prop_assert_eq!(accepted, listed.len(), "a listed move was not tried or listed twice");
        // Listed moves are written canonically: they read back as themselves.
        for m in &listed {
            prop_assert_eq!(parse_move(&g, &m.to_string()).unwrap(), *m);
        }
    }

    #[test]
    fn undo_is_exact(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..120)) {
        let mut g = Game::deal(seed);
        let mut history = vec![(g.clone(), text(&g))];
        for p in picks {
            let moves = legal(&g);
            if moves.is_empty() {
                break;
            }
            g.play(moves[p as usize % moves.len()]).unwrap();
            history.push((g.clone(), text(&g)));
        }
        while let Some((before, t)) = history.pop() {
            prop_assert_eq!(&g, &before);
            prop_assert_eq!(text(&g), t);
            let undone = g.undo();
            prop_assert_eq!(undone, !history.is_empty());
        }
        prop_assert_eq!(g.move_count(), 0);
    }

    #[test]
    fn every_printed_position_reads_back_identical(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..120)) {
        let mut g = Game::deal(seed);
        let mut picks = picks.into_iter();
        loop {
            let t = text(&g);
            let back = parse_position(&t).map_err(|e| TestCaseError::fail(format!("{e}\n{t}")))?;
            prop_assert_eq!(text(&back), t.clone());
            prop_assert_eq!(back.status(), g.status());
            prop_assert_eq!(legal(&back), legal(&g));
            let moves = legal(&g);
            let Some(p) = picks.next() else { break };
            if moves.is_empty() {
                break;
            }
            g.play(moves[p as usize % moves.len()]).unwrap();
        }
    }

    #[test]
    fn status_playing_exactly_when_a_move_is_legal(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..120)) {
        let g = played(seed, &picks);
        prop_assert_eq!(g.status() == Status::Playing, !legal(&g).is_empty());
        if g.status() == Status::Won {
            prop_assert_eq!(g.next(), None);
        }
        if g.phase() != Phase::Place {
            prop_assert_eq!(g.next(), None);
        }
    }

    #[test]
    fn parser_never_panics_on_arbitrary_text(s in "\\PC{0,300}") {
        let _ = parse_position(&s);
        let _ = parse_move(&Game::deal(0), &s);
    }

    #[test]
    fn parser_never_panics_on_damaged_positions(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), cut in any::<usize>(), cut2 in any::<usize>(), junk in "[ .:#+@A-Za-z0-9\\t\\r\\n-]{0,12}") {
        let g = played(seed, &picks);
        let t = text(&g);
        let boundary = |mut at: usize| { at %= t.len() + 1; while !t.is_char_boundary(at) { at -= 1; } at };
        let (a, b) = (boundary(cut), boundary(cut2));
        let (a, b) = (a.min(b), a.max(b));
        for damaged in [
            format!("{}{}{}", &t[..a], junk, &t[a..]),
            format!("{}{}", &t[..a], &t[b..]),
            format!("{}{}{}", &t[..a], junk, &t[b..]),
            t[..a].to_string(),
        ] {
            match parse_position(&damaged) {
                Ok(back) => {
                    // Whatever is accepted prints and reads back.
                    let again = text(&back);
                    prop_assert_eq!(text(&parse_position(&again).unwrap()), again);
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn swapping_two_cards_of_a_valid_position_never_panics(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), i in 0usize..52, j in 0usize..52) {
        let g = played(seed, &picks);
        let t = text(&g);
        let (x, y) = (Card::from_index(i as u8).unwrap().to_string(), Card::from_index(j as u8).unwrap().to_string());
        let swapped = t.replace(&x, "@@").replace(&y, &x).replace("@@", &y);
        if let Ok(back) = parse_position(&swapped) {
            let again = text(&back);
            prop_assert_eq!(text(&parse_position(&again).unwrap()), again);
            assert_all_cards_once(&back);
            prop_assert_eq!(back.status() == Status::Playing, !legal(&back).is_empty());
        }
    }

    #[test]
    fn damaged_moves_never_panic_and_refusals_leave_the_game_unchanged(seed in any::<u32>(), picks in proptest::collection::vec(any::<u32>(), 0..80), k in any::<usize>(), cut in any::<usize>(), junk in "[+@:a-zA-Z0-9]{0,4}") {
        let g = played(seed, &picks);
        let moves = legal(&g);
        let base = moves.get(k % moves.len().max(1)).map_or("draw".to_string(), |m| m.to_string());
        let at = cut % (base.len() + 1);
        for token in [format!("{}{}{}", &base[..at], junk, &base[at..]), format!("{}{}", &base[..at], junk), base.to_uppercase()] {
            if let Ok(m) = g.parse_move(&token) {
                let mut t = g.clone();
                if t.play(m).is_err() {
                    prop_assert_eq!(&t, &g);
                } else {
                    prop_assert!(moves.contains(&m));
                }
            }
        }
    }
}
