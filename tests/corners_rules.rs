//! One named test per rule of The Edge: King's Corners (docs/rules/corners.md
//! and the shared parts of docs/rules/collection.md), in the order the
//! rules give them. Positions are written in the notation; `pos()` fills the
//! deck with every card not placed elsewhere (after the cards asked for on
//! top), so a test shows only what matters to its rule.

use farewell::cards::{shuffled_deck, Card};
use farewell::games::corners::game::{Groups, MAX_GROUP, MAX_MOVES, NUMBERS};
use farewell::games::corners::notation::{parse_cell, parse_move, parse_position, write_position};
use farewell::games::corners::{Cell, Game, Illegal, Label, Loss, Move, Phase, Status};
use farewell::games::Patience;

fn card(s: &str) -> Card {
    Card::parse(s).unwrap_or_else(|| panic!("bad card {s}"))
}

fn cell(s: &str) -> Cell {
    parse_cell(s).unwrap_or_else(|| panic!("bad cell {s}"))
}

/// The text of a position: four rows, the drawn card, the discard, the
/// phase; the deck starts with `deck_top` and holds every other card after
/// it, in index order.
fn pos_text(rows: [&str; 4], next: &str, deck_top: &str, discard: &str, phase: &str) -> String {
    let mut used: Vec<Card> = Vec::new();
    for t in rows.iter().flat_map(|r| r.split_whitespace()).chain(next.split_whitespace()) {
        if t != "." {
            used.push(card(t));
        }
    }
    used.extend(discard.split_whitespace().map(card));
    let mut deck: Vec<Card> = deck_top.split_whitespace().map(card).collect();
    used.extend(deck.iter().copied());
    deck.extend(Card::all().filter(|c| !used.contains(c)));
    let deck: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
    format!(
        "game: corners\n{}\n{}\n{}\n{}\nnext: {next}\ndeck: {}\ndiscard: {discard}\nphase: {phase}\n",
        rows[0],
        rows[1],
        rows[2],
        rows[3],
        deck.join(" ")
    )
}

fn pos_with(rows: [&str; 4], next: &str, deck_top: &str, discard: &str, phase: &str) -> Game {
    let t = pos_text(rows, next, deck_top, discard, phase);
    parse_position(&t).unwrap_or_else(|e| panic!("{e}\n{t}"))
}

fn pos(rows: [&str; 4], next: &str, phase: &str) -> Game {
    pos_with(rows, next, "", "", phase)
}

fn text(g: &Game) -> String {
    let mut s = String::new();
    write_position(g, &mut s).unwrap();
    s
}

fn mv(g: &Game, s: &str) -> Move {
    parse_move(g, s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn play(g: &mut Game, s: &str) -> Result<(), Illegal> {
    let m = mv(g, s);
    g.play(m)
}

fn legal(g: &Game) -> Vec<String> {
    let mut v = Vec::new();
    g.for_each_legal(&mut |m| v.push(m.to_string()));
    v.sort();
    v
}

fn rejected(t: &str) -> String {
    match parse_position(t) {
        Ok(_) => panic!("accepted:\n{t}"),
        Err(e) => e.to_string(),
    }
}

/// A full matrix: the twelve face cards of spades, hearts and clubs would
/// not fit, so the edge holds number cards and the centre too.
const FULL: [&str; 4] = ["Ks 2h 3h Kh", "4h 5h 6h 7h", "8h 9h Th 2d", "Kd 3d 4d Kc"];

// ---- Layout ----

#[test]
fn layout_a_4_by_4_matrix_of_cells_r0c0_to_r3c3_row_0_at_the_top() {
    let cells: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
    assert_eq!(cells.len(), 16);
    assert_eq!(cells[0], "r0c0");
    assert_eq!(cells[3], "r0c3");
    assert_eq!(cells[4], "r1c0");
    assert_eq!(cells[15], "r3c3");
    // Row 0 is the first row of the notation.
    let g = pos([". . . Kd", ". . . .", ". . . .", ". . . ."], "5s", "place");
    assert_eq!(g.card_at(cell("r0c3")), Some(card("Kd")));
    assert!(parse_cell("r4c0").is_none() && parse_cell("r0c4").is_none());
}

#[test]
fn labels_kings_on_the_four_corners() {
    let kings: Vec<String> = Cell::all().filter(|c| c.label() == Some(Label::King)).map(|c| c.to_string()).collect();
    assert_eq!(kings, ["r0c0", "r0c3", "r3c0", "r3c3"]);
}

#[test]
fn labels_queens_on_the_top_and_bottom_edges() {
    let queens: Vec<String> = Cell::all().filter(|c| c.label() == Some(Label::Queen)).map(|c| c.to_string()).collect();
    assert_eq!(queens, ["r0c1", "r0c2", "r3c1", "r3c2"]);
}

#[test]
fn labels_jacks_on_the_left_and_right_edges() {
    let jacks: Vec<String> = Cell::all().filter(|c| c.label() == Some(Label::Jack)).map(|c| c.to_string()).collect();
    assert_eq!(jacks, ["r1c0", "r1c3", "r2c0", "r2c3"]);
}

#[test]
fn labels_the_four_centre_cells_have_none() {
    let none: Vec<String> = Cell::all().filter(|c| c.label().is_none()).map(|c| c.to_string()).collect();
    assert_eq!(none, ["r1c1", "r1c2", "r2c1", "r2c2"]);
}

#[test]
fn deal_the_52_cards_are_shuffled_into_the_deck_and_the_first_is_drawn_at_once() {
    for seed in [0, 1, 42, 0xdead_beef] {
        let g = Game::deal(seed);
        let deck = shuffled_deck(seed);
        assert_eq!(g.next(), Some(deck[0]), "deck[0] is drawn first");
        assert_eq!(g.deck().collect::<Vec<_>>(), deck[1..].to_vec(), "the rest, top first");
        assert_eq!(g.matrix(), [None; 16]);
        assert!(g.discard().is_empty());
        assert_eq!(g.phase(), Phase::Place);
        assert_eq!(g.move_count(), 0);
        assert_eq!(<Game as Patience>::deal(seed, ()), g, "deal takes no options");
    }
}

// ---- Placing ----

#[test]
fn placing_the_drawn_card_goes_on_an_empty_cell() {
    let mut g = pos([". . . .", ". 9s . .", ". . . .", ". . . ."], "5h", "place");
    assert_eq!(play(&mut g, "5h@r1c1"), Err(Illegal::Taken(cell("r1c1"), card("9s"))));
    assert_eq!(play(&mut g, "5h@r2c2"), Ok(()));
    assert_eq!(g.card_at(cell("r2c2")), Some(card("5h")));
}

#[test]
fn placing_only_the_drawn_card_may_be_placed() {
    let mut g = pos([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "place");
    assert_eq!(play(&mut g, "6h@r1c1"), Err(Illegal::NotDrawn(card("6h"), card("5h"))));
}

#[test]
fn placing_a_face_card_only_on_an_empty_cell_labelled_with_its_rank() {
    let empty = [". . . .", ". . . .", ". . . .", ". . . ."];
    for (face, rank) in [("Ks", Label::King), ("Qh", Label::Queen), ("Jd", Label::Jack)] {
        let g = pos(empty, face, "place");
        let expected: Vec<String> =
            Cell::all().filter(|c| c.label() == Some(rank)).map(|c| format!("{face}@{c}")).collect();
        assert_eq!(legal(&g), expected);
        for c in Cell::all() {
            let mut t = g.clone();
            let r = play(&mut t, &format!("{face}@{c}"));
            assert_eq!(r.is_ok(), c.label() == Some(rank), "{face} on {c}");
            if let Err(e) = r {
                assert_eq!(e, Illegal::WrongLabel(card(face), c));
            }
        }
    }
}

#[test]
fn placing_a_number_card_on_any_empty_cell_labelled_or_not() {
    let g = pos([". . . .", ". . . .", ". . . .", ". . . ."], "Th", "place");
    assert_eq!(legal(&g).len(), 16);
    for c in Cell::all() {
        let mut t = g.clone();
        assert_eq!(play(&mut t, &format!("Th@{c}")), Ok(()));
    }
    let g = pos(["2s . . .", ". . . .", ". . . .", ". . . Kd"], "Ah", "place");
    assert_eq!(legal(&g).len(), 14);
}

#[test]
fn placing_a_card_on_the_matrix_never_changes_cell_number_cards_leave_only_by_matching() {
    // Over whole games: a card once on a cell stays there until a clear
    // takes it to the discard.
    for seed in 0..200u32 {
        let mut g = Game::deal(seed);
        let mut k = seed as usize;
        while !g.status().is_over() {
            let before = g.matrix();
            let mut moves = Vec::new();
            g.for_each_legal(&mut |m| moves.push(m));
            let m = moves[k % moves.len()];
            k = k.wrapping_mul(31).wrapping_add(7);
            g.play(m).unwrap();
            for (i, (b, a)) in before.iter().zip(g.matrix()).enumerate() {
                if let Some(b) = b {
                    match (m, a) {
                        (_, Some(a)) => assert_eq!(*b, a, "cell {i} changed card"),
                        (Move::Clear(grp), None) => {
                            assert!(grp.cards().contains(b));
                            assert!(g.discard().contains(b));
                        }
                        _ => panic!("{b} left the matrix by {m}"),
                    }
                }
            }
        }
    }
}

#[test]
fn placing_when_the_matrix_is_not_full_the_next_card_is_drawn_at_once() {
    let mut g = pos_with([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "7c", "", "place");
    play(&mut g, "5h@r1c1").unwrap();
    assert_eq!(g.next(), Some(card("7c")));
    assert_eq!(g.phase(), Phase::Place);
    assert_eq!(g.move_count(), 1, "the draw is part of the placement");
    assert!(g.undo());
    assert_eq!(g.next(), Some(card("5h")));
    assert_eq!(g.deck().next(), Some(card("7c")));
}

#[test]
fn placing_the_card_that_fills_the_matrix_draws_nothing_and_matching_begins() {
    let mut g = pos(["Ks 2h 3h Kh", "4h 5h 6h 7h", "8h 9h Th 2d", "Kd 3d 4d ."], "5c", "place");
    let deck = g.deck_len();
    play(&mut g, "5c@r3c3").unwrap();
    assert_eq!(g.next(), None);
    assert_eq!(g.deck_len(), deck);
    assert_eq!(g.phase(), Phase::Match);
}

// ---- Matching ----

#[test]
fn matching_groups_of_number_cards_adding_up_to_exactly_10() {
    let g = pos(FULL, "", "match");
    let moves = legal(&g);
    // A pair, a ten alone, three cards, cards anywhere on the matrix.
    for m in ["clear:2h+8h", "clear:Th", "clear:2h+3h+5h", "clear:6h+4d", "clear:3h+7h"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
        let mut t = g.clone();
        assert_eq!(play(&mut t, m), Ok(()), "{m}");
    }
    for m in ["clear:2h+7h", "clear:5h+6h", "clear:9h+2h"] {
        let mut t = g.clone();
        assert!(matches!(play(&mut t, m), Err(Illegal::Sum(_))), "{m}");
    }
    // Every group listed adds up to 10, and every such group is listed.
    let values = g.values();
    let mut count = 0;
    for mask in 1u32..1 << 16 {
        let cells: Vec<usize> = (0..16).filter(|i| mask & (1 << i) != 0).collect();
        if cells.iter().all(|i| values[*i] > 0) && cells.iter().map(|i| values[*i] as u32).sum::<u32>() == 10 {
            count += 1;
        }
    }
    assert_eq!(moves.len(), count);
}

#[test]
fn matching_values_ace_1_two_2_up_to_ten_10() {
    let g = pos(["Ks 9h Ah Kh", "2h 8h 3h 7h", "4h 6h 5h 5d", "Kd Td 4d Kc"], "", "match");
    for m in ["clear:9h+Ah", "clear:2h+8h", "clear:3h+7h", "clear:4h+6h", "clear:5h+5d", "clear:Td"] {
        let mut t = g.clone();
        assert_eq!(play(&mut t, m), Ok(()), "{m}");
    }
}

#[test]
fn matching_groups_of_any_size_up_to_seven_cards() {
    // Four aces and three twos: the largest group there can be.
    let g = pos(["Ks As Ah Kh", "Ad Ac 2s 2h", "2d 9h 9s 9d", "Kd 9c 8s Kc"], "", "match");
    let mut t = g.clone();
    assert_eq!(play(&mut t, "clear:As+Ah+Ad+Ac+2s+2h+2d"), Ok(()));
    assert_eq!(MAX_GROUP, 7);
    assert!(parse_move(&g, "clear:As+Ah+Ad+Ac+2s+2h+2d+2c").is_err());
}

#[test]
fn matching_face_cards_are_never_part_of_a_group() {
    let g = pos(["Ks 2h 3h Kh", "4h 5h 6h 7h", "8h 9h Th 2d", "Kd 3d 4d Kc"], "", "match");
    let mut t = g.clone();
    assert_eq!(play(&mut t, "clear:Ks+9h"), Err(Illegal::Face(card("Ks"))));
    assert!(legal(&g).iter().all(|m| !m.contains('K')));
}

#[test]
fn matching_only_cards_on_the_matrix() {
    let mut g = pos(FULL, "", "match");
    assert_eq!(play(&mut g, "clear:5s+5h"), Err(Illegal::NotOnMatrix(card("5s"))));
}

#[test]
fn matching_removed_cards_go_to_the_discard_for_good_in_row_major_order() {
    let mut g = pos(FULL, "", "match");
    play(&mut g, "clear:5h+2h+3h").unwrap();
    assert_eq!(g.discard(), [card("2h"), card("3h"), card("5h")]);
    for c in ["r0c1", "r0c2", "r1c1"] {
        assert_eq!(g.card_at(cell(c)), None);
    }
    play(&mut g, "clear:Th").unwrap();
    assert_eq!(g.discard(), [card("2h"), card("3h"), card("5h"), card("Th")]);
    // Nothing brings a discarded card back but undo.
    let mut moves = Vec::new();
    g.for_each_legal(&mut |m| moves.push(m));
    assert!(moves.iter().all(|m| matches!(m, Move::Clear(_) | Move::Draw)));
}

#[test]
fn matching_after_one_group_the_player_may_remove_more_or_draw() {
    let mut g = pos_with(FULL, "", "9c", "", "match");
    play(&mut g, "clear:Th").unwrap();
    assert_eq!(g.phase(), Phase::MatchMore);
    let moves = legal(&g);
    assert!(moves.contains(&"draw".to_string()));
    assert!(moves.contains(&"clear:2h+8h".to_string()));
    let mut more = g.clone();
    play(&mut more, "clear:2h+8h").unwrap();
    assert_eq!(more.phase(), Phase::MatchMore);
    play(&mut g, "draw").unwrap();
    assert_eq!(g.phase(), Phase::Place);
    assert_eq!(g.next(), Some(card("9c")));
    assert_eq!(legal(&g), ["9c@r2c2"]);
}

#[test]
fn matching_draw_is_refused_before_any_group_is_removed() {
    let mut g = pos(FULL, "", "match");
    assert_eq!(play(&mut g, "draw"), Err(Illegal::DrawBeforeMatch));
    assert!(!legal(&g).contains(&"draw".to_string()));
}

#[test]
fn matching_draw_is_refused_while_a_drawn_card_waits() {
    let mut g = pos([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "place");
    assert_eq!(play(&mut g, "draw"), Err(Illegal::AlreadyDrawn(card("5h"))));
}

#[test]
fn matching_no_matching_before_the_matrix_is_full() {
    let mut g = pos(["Ks 2h 3h Kh", "4h 5h 6h 7h", "8h 9h Th 2d", "Kd 3d 4d ."], "5c", "place");
    assert_eq!(play(&mut g, "clear:Th"), Err(Illegal::NotFull));
    assert!(legal(&g).iter().all(|m| !m.starts_with("clear")));
}

#[test]
fn matching_no_placing_while_the_matrix_is_full() {
    let mut g = pos(FULL, "", "match");
    assert_eq!(play(&mut g, "5c@r1c1"), Err(Illegal::Matching));
}

// ---- The end ----

#[test]
fn won_the_moment_all_twelve_face_cards_are_on_the_matrix_no_card_is_drawn_after_it() {
    let mut g = pos(["Ks Qs Qh Kh", "Js 5c . Jh", "Jd . . Jc", "Kd Qd Qc ."], "Kc", "place");
    let deck = g.deck_len();
    play(&mut g, "Kc@r3c3").unwrap();
    assert_eq!(g.status(), Status::Won);
    assert_eq!(g.next(), None);
    assert_eq!(g.deck_len(), deck);
    assert!(text(&g).contains("\nnext:\n"));
    assert!(text(&g).ends_with("phase: place\nstatus: won\n"));
    assert!(legal(&g).is_empty());
}

#[test]
fn won_is_checked_before_any_loss() {
    // The twelfth face card fills the matrix and no group adds up to 10:
    // still a win.
    let mut g = pos(["Ks Qs Qh Kh", "Js 9s 9h Jh", "Jd 9d 9c Jc", "Kd Qd Qc ."], "Kc", "place");
    play(&mut g, "Kc@r3c3").unwrap();
    assert!(!g.any_group());
    assert_eq!(g.phase(), Phase::Match);
    assert_eq!(g.status(), Status::Won);
}

#[test]
fn won_the_deck_cannot_run_out_before_the_win() {
    // Over whole games: whenever a card must be drawn the deck has one.
    for seed in 0..300u32 {
        let mut g = Game::deal(seed);
        let mut k = seed as usize;
        while !g.status().is_over() {
            if g.phase() == Phase::Place {
                assert!(g.next().is_some(), "seed {seed}: nothing drawn while placing");
            }
            if g.phase() == Phase::MatchMore {
                assert!(g.deck_len() > 0, "seed {seed}: nothing to draw");
            }
            let mut moves = Vec::new();
            g.for_each_legal(&mut |m| moves.push(m));
            k = k.wrapping_mul(1103515245).wrapping_add(12345);
            g.play(moves[(k >> 8) % moves.len()]).unwrap();
        }
    }
}

#[test]
fn lost_a_face_card_drawn_with_every_cell_of_its_rank_taken_no_cell_for_it() {
    let mut g = pos_with(["Ks 2h 3h Kh", ". . . .", ". . . .", ". 4h . ."], "5h", "Qh", "", "place");
    play(&mut g, "5h@r3c2").unwrap();
    assert_eq!(g.status(), Status::Lost(Loss::NoCell(card("Qh"))));
    assert_eq!(g.next(), Some(card("Qh")), "the card stays drawn");
    assert!(text(&g).ends_with("status: lost: no cell for Qh\n"));
    assert!(legal(&g).is_empty());
    assert_eq!(play(&mut g, "Qh@r1c1"), Err(Illegal::GameOver));
}

#[test]
fn lost_the_matrix_full_and_no_group_adds_up_to_10() {
    let mut g = pos(["Ks Qs Qh Kh", "Js 8s 8h Jh", "Jd 8d 8c Jc", "Kd Qd Qc ."], "5s", "place");
    play(&mut g, "5s@r3c3").unwrap();
    assert_eq!(g.status(), Status::Lost(Loss::NoGroup));
    assert!(text(&g).ends_with("status: lost: no group adds up to 10\n"));
    assert!(legal(&g).is_empty());
}

#[test]
fn lost_a_face_card_drawn_after_matching_with_its_cells_taken() {
    let mut g = pos_with(FULL, "", "Qh", "", "match");
    play(&mut g, "clear:Th").unwrap();
    assert_eq!(g.status(), Status::Playing);
    play(&mut g, "draw").unwrap();
    assert_eq!(g.status(), Status::Lost(Loss::NoCell(card("Qh"))));
}

#[test]
fn the_game_ends_no_move_but_undo_is_accepted_after_the_end() {
    let mut g = pos(["Ks Qs Qh Kh", "Js 8s 8h Jh", "Jd 8d 8c Jc", "Kd Qd Qc ."], "5s", "place");
    play(&mut g, "5s@r3c3").unwrap();
    assert_eq!(play(&mut g, "draw"), Err(Illegal::GameOver));
    assert!(g.undo());
    assert_eq!(g.status(), Status::Playing);
}

#[test]
fn move_bound_holds_every_line_of_play() {
    assert_eq!(MAX_MOVES, 52 + 2 * NUMBERS);
    for seed in 0..300u32 {
        let mut g = Game::deal(seed);
        let mut k = seed as usize;
        while !g.status().is_over() {
            let mut moves = Vec::new();
            g.for_each_legal(&mut |m| moves.push(m));
            k = k.wrapping_mul(1103515245).wrapping_add(12345);
            g.play(moves[(k >> 8) % moves.len()]).unwrap();
            assert!(g.move_count() <= MAX_MOVES);
        }
    }
}

// ---- Unreachable positions ----

#[test]
fn unreachable_a_face_card_on_a_cell_not_labelled_with_its_rank() {
    let t = pos_text(["Qs . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "", "place");
    assert_eq!(rejected(&t), "line 2: Qs on r0c0, a cell labelled K");
    let t = pos_text([". . . .", ". Js . .", ". . . .", ". . . ."], "5h", "", "", "place");
    assert_eq!(rejected(&t), "line 3: Js on r1c1, an unlabelled cell");
}

#[test]
fn unreachable_a_face_card_in_the_discard() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "Ts Qs", "place");
    assert!(rejected(&t).starts_with("line 8: Qs is a face card"), "{}", rejected(&t));
}

#[test]
fn unreachable_a_discard_that_does_not_split_in_order_into_runs_adding_up_to_10() {
    let empty = [". . . .", ". . . .", ". . . .", ". . . ."];
    for d in ["3h", "3h 8c", "3h 7c 5s", "9s 2s"] {
        let t = pos_text(empty, "5h", "", d, "place");
        assert!(rejected(&t).starts_with("line 8: the discard does not split"), "{d}: {}", rejected(&t));
    }
    for d in ["3h 7c", "3h 7c Ts", "As 2s 3s 4s 9h Ah"] {
        pos_with(empty, "5h", "", d, "place");
    }
}

#[test]
fn unreachable_phase_place_with_a_full_matrix() {
    let t = pos_text(FULL, "", "", "", "place");
    assert_eq!(rejected(&t), "line 9: phase place with a full matrix");
}

#[test]
fn unreachable_phase_place_with_no_drawn_card_while_playing() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "", "", "", "place");
    assert_eq!(rejected(&t), "line 9: phase place with no drawn card");
}

#[test]
fn unreachable_phase_match_with_an_empty_cell() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "", "", "", "match");
    assert_eq!(rejected(&t), "line 9: phase match with an empty cell");
}

#[test]
fn unreachable_phase_match_more_with_a_full_matrix() {
    let t = pos_text(FULL, "", "", "Ts", "match-more");
    assert_eq!(rejected(&t), "line 9: phase match-more with a full matrix");
}

#[test]
fn unreachable_phase_match_more_with_an_empty_discard() {
    let t = pos_text(["Ks 2h 3h Kh", "4h 5h 6h 7h", "8h 9h . 2d", "Kd 3d 4d Kc"], "", "", "", "match-more");
    assert_eq!(rejected(&t), "line 9: phase match-more with an empty discard");
}

#[test]
fn unreachable_a_drawn_card_while_matching() {
    let t = pos_text(FULL, "5c", "", "", "match");
    assert_eq!(rejected(&t), "line 6: a drawn card while matching");
    let t = pos_text(["Ks 2h 3h Kh", "4h 5h 6h 7h", "8h 9h . 2d", "Kd 3d 4d Kc"], "5c", "", "Ts", "match-more");
    assert_eq!(rejected(&t), "line 6: a drawn card while matching");
}

#[test]
fn unreachable_decided_a_drawn_card_after_the_win() {
    let t = pos_text(["Ks Qs Qh Kh", "Js 5c . Jh", "Jd . . Jc", "Kd Qd Qc Kc"], "5h", "", "", "place");
    assert!(rejected(&t).starts_with("line 6: a drawn card after the win"));
}

#[test]
fn unreachable_decided_match_more_after_the_win() {
    let t = pos_text(["Ks Qs Qh Kh", "Js 5c . Jh", "Jd . . Jc", "Kd Qd Qc Kc"], "", "", "Ts", "match-more");
    assert!(rejected(&t).starts_with("line 9: phase match-more after the win"));
}

// ---- Notation ----

#[test]
fn notation_printed_position_has_every_key_in_order() {
    let g = Game::deal(7);
    let t = text(&g);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[0], "game: corners");
    for row in &lines[1..5] {
        assert_eq!(*row, ". . . .");
    }
    assert!(lines[5].starts_with("next: "));
    assert!(lines[6].starts_with("deck: "));
    assert_eq!(lines[7], "discard:");
    assert_eq!(lines[8], "phase: place");
    assert_eq!(lines[9], "status: playing");
    assert!(t.ends_with('\n') && !t.lines().any(|l| l.ends_with(' ')));
}

#[test]
fn notation_golden_deal_1() {
    let t = text(&Game::deal(1));
    let deck: Vec<String> = shuffled_deck(1).iter().map(|c| c.to_string()).collect();
    assert_eq!(
        t,
        format!(
            "game: corners\n. . . .\n. . . .\n. . . .\n. . . .\nnext: {}\ndeck: {}\ndiscard:\nphase: place\nstatus: playing\n",
            deck[0],
            deck[1..].join(" ")
        )
    );
}

#[test]
fn notation_next_is_bare_while_matching() {
    let g = pos(FULL, "", "match");
    assert!(text(&g).contains("\nnext:\n"));
}

#[test]
fn notation_phase_is_required() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "", "place").replace("phase: place\n", "");
    assert_eq!(rejected(&t), "phase: is missing");
}

#[test]
fn notation_game_corners_is_required() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "", "place");
    assert_eq!(rejected(&t.replace("game: corners\n", "")), "game: corners is missing");
    assert!(rejected(&t.replace("game: corners", "game: albert")).starts_with("line 1:"));
}

#[test]
fn notation_every_card_exactly_once() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "", "place");
    let missing = t.replace(" As", "");
    assert!(rejected(&missing).contains("1 card(s) missing: As"));
    let twice = t.replace(". . . .\nnext", "5h . . .\nnext");
    assert!(rejected(&twice).contains("5h appears twice"));
}

#[test]
fn notation_keys_in_any_order_case_insensitive_bom_crlf_tabs_comments() {
    let t = pos_text(["Ks 7h . Kd", "Jc . 4d .", ". 9s . Jh", "Kc . Qs ."], "6c", "", "3h 7c", "place");
    let g = parse_position(&t).unwrap();
    let mut lines: Vec<&str> = t.lines().collect();
    let rows: Vec<&str> = lines.drain(1..5).collect();
    lines.reverse();
    let mut shuffled = String::from("\u{feff}  # a comment\r\n\r\n");
    for l in &lines {
        let (k, v) = l.split_once(':').unwrap();
        shuffled.push_str(&format!("{}:\t{}\r\n", k.to_uppercase(), v.trim().to_uppercase()));
    }
    for r in &rows {
        shuffled.push_str(&r.replace(' ', " \t "));
        shuffled.push_str("\r\n");
    }
    shuffled.push_str("STATUS: anything\r\n");
    let back = parse_position(&shuffled).unwrap_or_else(|e| panic!("{e}\n{shuffled}"));
    assert_eq!(back, g);
}

#[test]
fn notation_each_key_at_most_once_and_no_unknown_keys() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "", "place");
    assert_eq!(rejected(&format!("{t}phase: place\n")), "line 10: phase given twice");
    assert_eq!(rejected(&format!("{t}hand: 5h\n")), "line 10: unknown key \"hand\"");
}

#[test]
fn notation_the_matrix_is_four_consecutive_rows_of_four() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "", "place");
    assert_eq!(rejected(&t.replacen(". . . .\n", ". . .\n", 1)), "line 2: a row has four cells, this one 3");
    assert_eq!(rejected(&t.replacen(". . . .\n", ". . . . .\n", 1)), "line 2: a row has four cells, this one more");
    assert_eq!(rejected(&t.replacen(". . . .\n", "", 1)), "the matrix has four rows, 3 given");
    let split = t.replacen(". . . .\n", "", 1).replace("phase: place\n", "phase: place\n. . . .\n");
    assert_eq!(rejected(&split), "line 9: the matrix has four rows, one after the other");
    // Rows may come after the keys, as one block, comments between.
    let moved = t.replace("game: corners\n. . . .\n. . . .\n. . . .\n. . . .\n", "game: corners\n");
    let moved = format!("{moved}. . . .\n# between\n. . . .\n. . . .\n\n. . . .\n");
    assert_eq!(parse_position(&moved).unwrap(), parse_position(&t).unwrap());
}

#[test]
fn notation_bad_tokens_are_refused_naming_the_line() {
    let t = pos_text([". . . .", ". . . .", ". . . .", ". . . ."], "5h", "", "", "place");
    assert!(rejected(&t.replacen(". . . .", ". 10s . .", 1)).starts_with("line 2: \"10s\" is not a card"));
    assert!(rejected(&t.replace("next: 5h", "next: 5h 6h")).starts_with("line 6:"));
    assert!(rejected(&t.replace("phase: place", "phase: placing")).starts_with("line 9:"));
    assert!(rejected(&t.replace("deck: ", "deck: xx ")).starts_with("line 7:"));
}

#[test]
fn notation_cells_have_no_leading_zeros_or_signs() {
    assert_eq!(parse_cell("r1c2"), Some(Cell::new(1, 2).unwrap()));
    assert_eq!(parse_cell("R1C2"), Some(Cell::new(1, 2).unwrap()));
    for bad in ["r01c1", "r1c01", "r+1c1", "r1c-1", "r4c1", "rc1", "r1c", "r1 c1", "r1c1x"] {
        assert_eq!(parse_cell(bad), None, "{bad}");
    }
}

// ---- Moves ----

#[test]
fn moves_place_is_card_at_cell_case_insensitive() {
    let g = pos([". . . .", ". . . .", ". . . .", ". . . ."], "6c", "place");
    assert_eq!(mv(&g, "6C@R1C1"), Move::Place(card("6c"), cell("r1c1")));
    assert_eq!(mv(&g, "6c@r1c1").to_string(), "6c@r1c1");
    assert!(parse_move(&g, "6c@r01c1").is_err());
    assert!(parse_move(&g, "6c r1c1").is_err());
}

#[test]
fn moves_clear_takes_cards_in_any_order_and_writes_them_in_row_major_order() {
    let g = pos(FULL, "", "match");
    assert_eq!(mv(&g, "CLEAR:5H+3h+2H").to_string(), "clear:2h+3h+5h");
    assert_eq!(mv(&g, "clear:Th").to_string(), "clear:Th");
    assert_eq!(mv(&g, "clear:8h+2h"), mv(&g, "clear:2h+8h"));
}

#[test]
fn moves_clear_names_each_card_at_most_once() {
    let g = pos(FULL, "", "match");
    assert!(parse_move(&g, "clear:5h+5h").is_err());
    assert!(parse_move(&g, "clear:").is_err());
    assert!(parse_move(&g, "clear:5h+").is_err());
    assert!(parse_move(&g, "clear:10h").is_err());
}

#[test]
fn moves_draw_and_undo() {
    let g = pos(FULL, "", "match");
    assert_eq!(mv(&g, "DRAW"), Move::Draw);
    // undo is the caller's: Patience::undo.
    assert!(parse_move(&g, "undo").is_err());
}

#[test]
fn moves_undo_takes_back_the_last_move_and_what_followed_it() {
    let mut g = pos_with(FULL, "", "9c", "", "match");
    let start = text(&g);
    play(&mut g, "clear:2h+3h+5h").unwrap();
    let one = text(&g);
    play(&mut g, "draw").unwrap();
    let two = text(&g);
    play(&mut g, "9c@r0c1").unwrap();
    assert!(g.undo());
    assert_eq!(text(&g), two);
    assert!(g.undo());
    assert_eq!(text(&g), one);
    assert!(g.undo());
    assert_eq!(text(&g), start);
}

#[test]
fn moves_undo_with_nothing_to_take_back_is_refused() {
    let mut g = Game::deal(3);
    assert!(!g.undo());
    let mut g = pos(FULL, "", "match");
    assert!(!g.undo(), "a position read starts the replay");
}

#[test]
fn moves_legal_lists_every_group_once_in_the_resumable_order() {
    let g = pos(FULL, "", "match");
    let mut all = Vec::new();
    let mut it = Groups::new(g.values());
    while let Some(m) = it.next_mask() {
        all.push(m);
    }
    let mut sorted = all.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), all.len());
    // Resuming after any group gives the rest.
    for (i, m) in all.iter().enumerate() {
        let mut r = Groups::after(g.values(), *m);
        let mut rest = Vec::new();
        while let Some(x) = r.next_mask() {
            rest.push(x);
        }
        assert_eq!(rest, all[i + 1..].to_vec());
    }
}

#[test]
fn a_bare_key_means_what_a_missing_key_means() {
    // Section 4: a bare key is as if its line were missing; for the
    // required `phase:`, the same refusal (not "\"\" is not place ...").
    let text = text(&Game::deal(5));
    let missing_phase = rejected(&text.replace("phase: place\n", ""));
    assert_eq!(rejected(&text.replace("phase: place\n", "phase:\n")), missing_phase);
    assert_eq!(missing_phase, "phase: is missing");
}
