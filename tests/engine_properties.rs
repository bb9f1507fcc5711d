//! Property tests: invariants that must hold for every deal, every option
//! set and every sequence of legal moves, and for any text given to the
//! parsers.

use farewell::games::farewell::game::MAX_MOVES;
use farewell::games::farewell::notation::{parse_move, parse_position, write_position};
use farewell::games::farewell::{Card, Cell, Game, KingStart, Move, Options, Status};
use proptest::prelude::*;

fn options() -> impl Strategy<Value = Options> {
    (6u8..=14, 4u8..=9, 0usize..4, any::<bool>()).prop_map(|(w, h, k, easy)| Options {
        width: w,
        height: h,
        kings: [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom][k],
        easy,
    })
}

/// Every legal move now: placements of each movable card, and the deal.
fn legal_moves(g: &Game) -> Vec<Move> {
    let mut cards: Vec<Card> = g.kings_to_place().collect();
    cards.extend(g.orphans().iter().copied());
    cards.extend(g.hand().iter().flatten().copied());
    let mut moves: Vec<Move> = Vec::new();
    for c in cards {
        for cell in g.playable_cells(c).iter() {
            moves.push(Move::Place(c, cell));
        }
    }
    if g.check_deal().is_ok() {
        moves.push(Move::Deal);
    }
    moves
}

/// Where every card is, counted: each of the 52 exactly once.
fn assert_all_cards_once(g: &Game) {
    let mut count = [0u8; 52];
    let o = g.options();
    for r in 0..o.height {
        for c in 0..o.width {
            if let Some(card) = g.card_at(Cell::new(r, c)) {
                count[usize::from(card.index())] += 1;
            }
        }
    }
    for c in g.hand().iter().flatten().chain(g.orphans()).chain(g.kings_to_place().collect::<Vec<_>>().iter()) {
        count[usize::from(c.index())] += 1;
    }
    for c in g.stock() {
        count[usize::from(c.index())] += 1;
    }
    for b in g.removed() {
        for c in b.cards {
            count[usize::from(c.index())] += 1;
        }
    }
    for (i, n) in count.iter().enumerate() {
        assert_eq!(*n, 1, "card {} seen {n} times", Card::from_index(i as u8).unwrap());
    }
}

fn text(g: &Game) -> String {
    let mut s = String::new();
    write_position(g, &mut s).unwrap();
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn games_under_legal_moves_keep_every_invariant_and_end(seed in any::<u32>(), o in options(), picks in proptest::collection::vec(any::<u32>(), 0..400)) {
        let mut g = Game::new(seed, o).unwrap();
        let mut picks = picks.into_iter();
        let mut steps = 0;
        while !g.status().is_over() {
            assert_all_cards_once(&g);
            let moves = legal_moves(&g);
            // Status says playing exactly when some move is legal.
            prop_assert!(!moves.is_empty(), "status {:?} with no legal move", g.status());
            let pick = picks.next().unwrap_or(steps as u32) as usize % moves.len();
            let before = g.clone();
            g.apply(moves[pick]).unwrap();
            // Undo restores the exact state; redo for the next step.
            if g.move_count() > before.move_count() && !(before.status() == Status::PlacingKings && g.status() != Status::PlacingKings) {
                let mut back = g.clone();
                back.undo().unwrap();
                prop_assert_eq!(&back, &before);
            }
            steps += 1;
            prop_assert!(g.move_count() <= MAX_MOVES);
            prop_assert!(steps <= MAX_MOVES, "a game outlived the move bound");
        }
        assert_all_cards_once(&g);
        prop_assert!(legal_moves(&g).is_empty() || g.status() == Status::Won);
    }

    #[test]
    fn legal_cells_are_exactly_the_accepted_placements(seed in any::<u32>(), o in options(), picks in proptest::collection::vec(any::<u32>(), 0..60)) {
        let mut g = Game::new(seed, o).unwrap();
        for p in picks {
            let moves = legal_moves(&g);
            if moves.is_empty() { break; }
            g.apply(moves[p as usize % moves.len()]).unwrap();
            for card in Card::all() {
                let legal = g.playable_cells(card);
                for r in 0..o.height {
                    for c in 0..o.width {
                        let cell = Cell::new(r, c);
                        prop_assert_eq!(legal.contains(cell), g.check_place(card, cell).is_ok(), "{} at {}", card, cell);
                    }
                }
            }
        }
    }

    #[test]
    fn notation_round_trips(seed in any::<u32>(), o in options(), picks in proptest::collection::vec(any::<u32>(), 0..80)) {
        let mut g = Game::new(seed, o).unwrap();
        for p in picks {
            if g.status() == Status::PlacingKings { break; }
            let moves = legal_moves(&g);
            if moves.is_empty() { break; }
            g.apply(moves[p as usize % moves.len()]).unwrap();
            let t = text(&g);
            let back = parse_position(&t).map_err(|e| TestCaseError::fail(format!("{e}\n{t}")))?;
            prop_assert_eq!(text(&back), t.clone());
            prop_assert_eq!(back.status(), g.status());
            for m in g.moves() {
                prop_assert_eq!(parse_move(&m.to_string()), Some(m));
            }
        }
    }

    #[test]
    fn parser_never_panics_on_arbitrary_text(s in "\\PC{0,400}") {
        let _ = parse_position(&s);
        let _ = parse_move(&s);
    }

    #[test]
    fn parser_never_panics_on_damaged_positions(seed in any::<u32>(), cut in any::<usize>(), junk in "[ .:#A-Za-z0-9xX\\n-]{0,20}") {
        let t = text(&Game::new(seed, Options::default()).unwrap());
        let mut at = cut % (t.len() + 1);
        while !t.is_char_boundary(at) { at -= 1; }
        let damaged = format!("{}{}{}", &t[..at], junk, &t[at..]);
        if let Err(e) = parse_position(&damaged) {
            prop_assert!(!e.to_string().is_empty());
        }
        let _ = parse_position(&t[..at]);
    }
}
