//! One named test per rule sentence of King Albert (the rules in our words:
//! docs/rules/albert.md), in the order the rulebook gives them, plus the
//! rules every new game shares (docs/rules/collection.md) where King
//! Albert gives them a meaning. Positions are written in the notation;
//! `position()` puts every card the test does not place under the cards of
//! one stack (in index order, so that none of them fits on another), so a
//! test shows only the cards that matter to its rule.

use farewell::cards::{shuffled_deck, Card, Rank, Suit};
use farewell::games::albert::notation::{parse_layout, parse_move, parse_position, write_position};
use farewell::games::albert::{Game, Illegal, Loss, Move, Options, StartRank, Status, RESERVE, STACKS};
use farewell::games::Patience;

fn card(s: &str) -> Card {
    Card::parse(s).unwrap_or_else(|| panic!("bad card {s}"))
}

fn mv(s: &str) -> Move {
    parse_move(s).unwrap_or_else(|e| panic!("bad move {s}: {e}"))
}

fn text_of(g: &Game) -> String {
    let mut s = String::new();
    write_position(g, &mut s).unwrap();
    s
}

/// Cards a line's value names (cards of a foundation stand for the whole
/// suit up to them).
fn named(key: &str, value: &str) -> Vec<Card> {
    let mut out = Vec::new();
    if key == "auto" || key == "game" {
        return out;
    }
    for t in value.split_whitespace().filter(|t| *t != "-") {
        let c = card(t);
        if key == "foundations" {
            for r in 1..=c.rank().number() {
                out.push(Card::new(Rank::new(r).unwrap(), c.suit()));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A position from `key: value` lines; every card they do not name goes
/// to the bottom of stack `fill` (1..9), in index order.
fn position(lines: &str, fill: usize) -> Game {
    let mut used = Vec::new();
    let mut rows: Vec<(String, String)> = Vec::new();
    for l in lines.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (k, v) = l.split_once(':').unwrap();
        used.extend(named(k.trim(), v));
        rows.push((k.trim().to_string(), v.trim().to_string()));
    }
    let rest: Vec<String> = Card::all().filter(|c| !used.contains(c)).map(|c| c.to_string()).collect();
    let key = format!("t{fill}");
    match rows.iter_mut().find(|(k, _)| *k == key) {
        Some((_, v)) => *v = format!("{} {v}", rest.join(" ")),
        None => rows.push((key, rest.join(" "))),
    }
    let mut text = String::from("game: albert\n");
    for (k, v) in rows {
        text.push_str(&format!("{k}: {v}\n"));
    }
    // Piling every other card under one stack is a layout no game reaches:
    // read it as a layout, not a position (see notation::parse_layout).
    parse_layout(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn legal(g: &Game) -> Vec<Move> {
    let mut v = Vec::new();
    g.for_each_legal(&mut |m| v.push(m));
    v
}

fn refused(g: &Game, m: &str) -> Illegal {
    let mut h = g.clone();
    let e = h.play(mv(m)).expect_err(m);
    assert_eq!(text_of(&h), text_of(g), "a refused move changes nothing");
    assert!(!legal(g).contains(&mv(m)), "{m} refused but listed");
    e
}

fn played(g: &Game, m: &str) -> Game {
    assert!(legal(g).contains(&mv(m)), "{m} not listed");
    let mut h = g.clone();
    h.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    h
}

fn stack(g: &Game, s: usize) -> Vec<Card> {
    let mut buf = [card("As"); 52];
    g.board().stack(s, &mut buf).to_vec()
}

const NO_AUTO: Options = Options { start: StartRank::None, auto: false };

// ---- Layout and deal ----

#[test]
fn nine_building_stacks_dealt_with_one_to_nine_cards_and_seven_in_the_reserve() {
    for seed in [0, 1, 2, 77, u32::MAX] {
        let g = Game::deal(seed, NO_AUTO);
        for s in 0..STACKS {
            assert_eq!(g.board().stack_len(s), s + 1, "deal {seed} t{}", s + 1);
        }
        assert_eq!((0..RESERVE).filter(|&r| g.board().reserve(r).is_some()).count(), 7);
        assert_eq!(g.board().foundation_total(), 0);
    }
}

#[test]
fn deal_order_is_the_deck_from_the_top_stack_by_stack_bottom_card_first_then_the_reserve() {
    let deck = shuffled_deck(1234);
    let g = Game::deal(1234, NO_AUTO);
    let mut i = 0;
    for s in 0..STACKS {
        assert_eq!(stack(&g, s), deck[i..i + s + 1].to_vec(), "t{}", s + 1);
        i += s + 1;
    }
    for r in 0..RESERVE {
        assert_eq!(g.board().reserve(r), Some(deck[45 + r]));
    }
}

#[test]
fn every_reserve_card_is_available() {
    let g = position("t1:\nreserve: Ks Qh Jc 9d 8s 7h 6c", 2);
    for r in ["Ks", "Qh", "Jc", "9d", "8s", "7h", "6c"] {
        played(&g, &format!("{r}>t1"));
    }
}

#[test]
fn suit_stacks_build_up_from_the_ace_in_suit() {
    let g = position("t1: 2h\nt3: 3s\nt4: Ah\nfoundations: 2s - - -\nauto: no", 2);
    assert_eq!(refused(&g, "2h>f"), Illegal::FoundationNeeds(card("Ah")));
    let g = played(&g, "Ah>f");
    let g = played(&g, "2h>f");
    let g = played(&g, "3s>f");
    assert_eq!(g.board().foundation(Suit::Hearts), Some(card("2h")));
    assert_eq!(g.board().foundation(Suit::Spades), Some(card("3s")));
}

#[test]
fn starting_rank_none_is_the_default_and_puts_nothing_up() {
    assert_eq!(Options::default().start, StartRank::None);
    let g = Game::deal(5, Options { auto: false, ..Options::default() });
    assert_eq!(g.board().foundation_total(), 0);
}

#[test]
fn starting_rank_puts_every_suit_up_to_it_on_the_suit_stacks() {
    for (i, start) in StartRank::ALL.into_iter().enumerate() {
        let g = Game::deal(9, Options { start, auto: false });
        for s in Suit::ALL {
            assert_eq!(g.board().foundation_count(s), i as u8, "{start:?}");
        }
    }
}

/// Stack lengths and reserve size for a starting rank.
fn shape(start: StartRank) -> (Vec<usize>, usize) {
    let g = Game::deal(3, Options { start, auto: false });
    (
        (0..STACKS).map(|s| g.board().stack_len(s)).collect(),
        (0..RESERVE).filter(|&r| g.board().reserve(r).is_some()).count(),
    )
}

#[test]
fn starting_rank_deals_the_rest_stack_by_stack_until_the_cards_run_out_then_the_reserve_from_r1() {
    assert_eq!(shape(StartRank::Ace), (vec![1, 2, 3, 4, 5, 6, 7, 8, 9], 3));
    assert_eq!(shape(StartRank::Two), (vec![1, 2, 3, 4, 5, 6, 7, 8, 8], 0));
    assert_eq!(shape(StartRank::Three), (vec![1, 2, 3, 4, 5, 6, 7, 8, 4], 0));
    assert_eq!(shape(StartRank::Four), (vec![1, 2, 3, 4, 5, 6, 7, 8, 0], 0));
    assert_eq!(shape(StartRank::Five), (vec![1, 2, 3, 4, 5, 6, 7, 4, 0], 0));
    // The reserve fills from r1.
    let g = Game::deal(3, Options { start: StartRank::Ace, auto: false });
    let slots: Vec<bool> = (0..RESERVE).map(|r| g.board().reserve(r).is_some()).collect();
    assert_eq!(slots, [true, true, true, false, false, false, false]);
    // The cards keep the deck's order with the low ones taken out.
    let deck: Vec<Card> = shuffled_deck(3).into_iter().filter(|c| c.rank().number() > 1).collect();
    assert_eq!(stack(&g, 1), deck[1..3].to_vec());
    assert_eq!(g.board().reserve(0), Some(deck[45]));
}

#[test]
fn automatic_moves_are_on_by_default() {
    assert!(Options::default().auto);
}

// ---- Moves ----

#[test]
fn a_stack_top_card_or_a_reserve_card_goes_to_its_suit_stack_one_rank_up() {
    let g = position("t1: 5h\nreserve: 5s - - - - - -\nfoundations: 4s 4h - -\nauto: no", 2);
    let h = played(&g, "5h>f");
    assert_eq!(h.board().foundation(Suit::Hearts), Some(card("5h")));
    let h = played(&g, "5s>f");
    assert_eq!(h.board().reserve(0), None);
    assert_eq!(refused(&played(&g, "5s>f"), "5s>f"), Illegal::OnFoundation(card("5s")));
}

#[test]
fn an_ace_goes_to_an_empty_suit_stack() {
    let g = position("t1: Ad\nreserve: Ac - - - - - -\nauto: no", 2);
    let h = played(&played(&g, "Ad>f"), "Ac>f");
    assert_eq!(h.board().foundation(Suit::Diamonds), Some(card("Ad")));
    assert_eq!(h.board().foundation(Suit::Clubs), Some(card("Ac")));
}

#[test]
fn a_covered_card_does_not_go_to_its_suit_stack() {
    let g = position("t1: 5h 9c\nfoundations: - 4h - -\nauto: no", 2);
    assert_eq!(refused(&g, "5h>f"), Illegal::Covered(card("5h"), card("9c")));
}

#[test]
fn cards_never_leave_the_suit_stacks() {
    let g = position("t1: 6c\nfoundations: - 5h - -\nauto: no", 2);
    // 5h would fit on 6c, but it is on its suit stack.
    assert_eq!(refused(&g, "5h>t1"), Illegal::OnFoundation(card("5h")));
    assert!(legal(&g).iter().all(|m| !g.board().on_foundation(m.card())));
}

#[test]
fn runs_never_go_to_the_suit_stacks() {
    let g = position("t1: 5h 4s\nfoundations: 3s 4h - -\nauto: no", 2);
    assert_eq!(refused(&g, "5h>f"), Illegal::Covered(card("5h"), card("4s")));
    played(&g, "4s>f");
}

#[test]
fn a_card_goes_onto_a_stack_one_rank_higher_of_the_other_colour() {
    let g = position(
        "t1: 8c\nt2: 7h\nt3: 7s\nt4: 6h\nreserve: 7d - - - - - -\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no",
        5,
    );
    played(&g, "7h>t1");
    played(&g, "7d>t1");
    assert_eq!(refused(&g, "7s>t1"), Illegal::NoFit(card("7s"), card("8c")));
    assert_eq!(refused(&g, "6h>t1"), Illegal::NoFit(card("6h"), card("8c")));
    assert_eq!(Illegal::NoFit(card("7s"), card("9s")).to_string(), "7s does not fit on 9s: only a red eight does");
    assert_eq!(Illegal::NoFit(card("7s"), card("Ah")).to_string(), "7s does not fit on Ah: nothing goes on an ace");
}

#[test]
fn any_card_goes_onto_an_empty_stack() {
    let g = position("t1:\nt2: 4s Kh\nreserve: 2d - - - - - -\nauto: no", 3);
    played(&g, "Kh>t1");
    played(&g, "2d>t1");
}

#[test]
fn a_card_does_not_go_onto_the_stack_it_is_on() {
    let g = position("t1: 9c 5h\nauto: no", 2);
    assert_eq!(refused(&g, "5h>t1"), Illegal::SameStack(card("5h"), 0));
}

#[test]
fn an_ordered_run_moves_as_a_unit_onto_a_stack_that_takes_its_base() {
    let g = position("t1: 9c 8h 7s 6d\nt2: 9s\nt3:\nt4:\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no", 5);
    let h = played(&g, "8h>t2");
    assert_eq!(stack(&h, 1), vec![card("9s"), card("8h"), card("7s"), card("6d")]);
    assert_eq!(stack(&h, 0), vec![card("9c")]);
    // A card inside the run that does not fit where it goes: refused.
    assert_eq!(refused(&g, "7s>t2"), Illegal::NoFit(card("7s"), card("9s")));
}

#[test]
fn a_card_under_an_out_of_sequence_card_cannot_move() {
    let g = position("t1: 9c 8h 5s\nt2: 9h\nt3:\nt4:\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no", 5);
    assert_eq!(refused(&g, "8h>t2"), Illegal::NotARun(card("8h"), card("5s")));
}

#[test]
fn a_run_of_n_cards_needs_n_minus_1_empty_stacks_not_counting_the_destination() {
    // One empty stack (t3): a run of 3 onto a card needs 2.
    let g = position("t1: Jc Td 9s 8d\nt2: Js\nt3:\nt4: 3c\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no", 5);
    assert_eq!(refused(&g, "Td>t2"), Illegal::RunTooLong { n: 3, empty: 1 });
    // Onto the empty stack itself, it does not count: no other is empty.
    assert_eq!(refused(&g, "Td>t3"), Illegal::RunTooLong { n: 3, empty: 0 });
    assert_eq!(refused(&g, "9s>t3"), Illegal::RunTooLong { n: 2, empty: 0 });
    played(&g, "8d>t3");
    // Two empty stacks (t3, t4).
    let g = position("t1: Jc Td 9s 8d\nt2: Js\nt3:\nt4:\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no", 5);
    let h = played(&g, "Td>t2");
    assert_eq!(stack(&h, 1), vec![card("Js"), card("Td"), card("9s"), card("8d")]);
    let h = played(&g, "9s>t3");
    assert_eq!(stack(&h, 2), vec![card("9s"), card("8d")]);
    assert_eq!(refused(&g, "Td>t3"), Illegal::RunTooLong { n: 3, empty: 1 });
}

#[test]
fn reserve_slots_never_count_as_empty_stacks() {
    // Four empty reserve slots, one empty stack.
    let g = position(
        "t1: Jc Td 9s 8d\nt2: Js\nt3:\nt4: 3c\nreserve: Qc Qd Qh - - - -\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no",
        5,
    );
    assert_eq!(refused(&g, "Td>t2"), Illegal::RunTooLong { n: 3, empty: 1 });
}

#[test]
fn moving_a_whole_stack_onto_an_empty_stack_is_not_a_move() {
    let g = position("t1: 9c 8h\nt2:\nt3:\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no", 5);
    assert_eq!(refused(&g, "9c>t2"), Illegal::WholeStack(0));
    let g = position("t1: 8h\nt2:\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no", 5);
    assert_eq!(refused(&g, "8h>t2"), Illegal::WholeStack(0));
    // Part of it may go.
    let g = position("t1: 9c 8h\nt2:\n\nt6: Kh\nt7: Kd\nt8: Ks\nt9: Kc\nauto: no", 5);
    played(&g, "8h>t2");
}

#[test]
fn reserve_slots_once_emptied_stay_empty_and_nothing_moves_into_the_reserve() {
    let g = position("t1:\nt3:\nreserve: 4h Kc - - - - -\nauto: no", 2);
    let h = played(&g, "4h>t1");
    assert!(h.board().reserve(0).is_none());
    assert_eq!(h.board().reserve(1), Some(card("Kc")));
    // No move names a reserve slot as its destination.
    assert!(parse_move("4h>r1").is_err());
    let h = played(&h, "Kc>t3");
    assert!(h.board().reserve(0).is_none() && h.board().reserve(1).is_none());
    // An empty slot takes nothing: only stacks and suit stacks do.
    assert!(legal(&h).iter().all(|m| matches!(m, Move::Stack(_, _) | Move::Foundation(_))));
}

// ---- Automatic moves ----

#[test]
fn automatic_moves_happen_in_the_opening_position() {
    for seed in 1..200 {
        let g = Game::deal(seed, Options::default());
        assert!(g.board().auto_due().is_none(), "deal {seed}");
        let raw = Game::deal(seed, NO_AUTO);
        // Every ace on top of a stack went up.
        for s in 0..STACKS {
            if let Some(c) = raw.board().top(s) {
                if c.rank() == Rank::ACE {
                    assert!(g.board().on_foundation(c), "deal {seed}: {c}");
                }
            }
        }
    }
}

#[test]
fn an_automatic_move_takes_a_top_card_when_both_other_colour_cards_one_rank_lower_are_up() {
    // 4h under 8d; 3s and 3c are up: uncovered, 4h goes.
    let g = position("t1: 9s\nt2: Qs 4h 8d\nfoundations: 3s 3h - 3c\nauto: yes", 3);
    let h = played(&g, "8d>t4");
    assert!(h.board().on_foundation(card("4h")));
    assert_eq!(h.last_autos().collect::<Vec<_>>(), vec![(card("4h"), 1)]);
    // 3c still down (a black three could be built on 4h): it stays.
    let g = position("t1: 9s\nt2: Qs 4h 8d\nfoundations: 3s 3h - 2c\nauto: yes", 3);
    let h = played(&g, "8d>t4");
    assert!(!h.board().on_foundation(card("4h")));
    // The position with 4h due, as text with auto: yes, is unreachable.
    let g = position("t1: 9s\nt2: Qs 4h\nfoundations: 3s 3h - 3c\nauto: no", 3);
    assert!(parse_position(&text_of(&g).replace("auto: no", "auto: yes")).is_err());
}

#[test]
fn aces_always_go_up_automatically() {
    let g = position("t1: 9s\nt2: Qs Ad 8c\nauto: yes", 3);
    let h = played(&g, "8c>t4");
    assert!(h.board().on_foundation(card("Ad")));
}

#[test]
fn automatic_moves_chain_and_uncover_more() {
    // Ad goes, then 2d (black aces up) is on top of t2 and goes, then Qs.
    let g = position("t1: 9s\nt2: Qs 2d Ad 8c\nfoundations: As - - Ac\nauto: yes", 3);
    let h = played(&g, "8c>t4");
    assert_eq!(h.board().foundation(Suit::Diamonds), Some(card("2d")));
    let autos: Vec<(Card, usize)> = h.last_autos().collect();
    assert_eq!(autos, vec![(card("Ad"), 1), (card("2d"), 1)]);
}

#[test]
fn automatic_moves_send_reserve_cards_up_too_the_stacks_t1_to_t9_first_then_r1_to_r7() {
    // Nothing is due until 8c leaves t2: then Ad (t2) goes; scanning again
    // from t1, Ah (now t2's top) goes before any reserve card; then 2d
    // (r1), then 2h (r3), both now safe (both black aces up).
    let g = position("t1: 9s\nt2: Qs Ah Ad 8c\nreserve: 2d - 2h - - - -\nfoundations: As - - Ac\nauto: yes", 3);
    let h = played(&g, "8c>t4");
    let r = |slot: usize| STACKS + slot;
    assert_eq!(
        h.last_autos().collect::<Vec<_>>(),
        vec![(card("Ad"), 1), (card("Ah"), 1), (card("2d"), r(0)), (card("2h"), r(2))]
    );
    assert_eq!(h.board().reserve(0), None);
    assert_eq!(h.board().reserve(2), None);
    assert_eq!(h.board().foundation(Suit::Diamonds), Some(card("2d")));
    // Undo puts the reserve cards back in their slots.
    let mut u = h.clone();
    assert!(u.undo());
    assert_eq!(text_of(&u), text_of(&g));
    // A reserve card that is not safe stays: 2c needs both red aces up.
    let g = position("t1: 9s\nt2: Qs Ad 8c\nreserve: 2c - - - - - -\nfoundations: As - - Ac\nauto: yes", 3);
    let h = played(&g, "8c>t4");
    assert_eq!(h.board().reserve(0), Some(card("2c")));
    // An opening position sends a reserve ace up too.
    for seed in 1..300 {
        let g = Game::deal(seed, Options::default());
        assert!(g.board().auto_due().is_none(), "deal {seed}");
        for slot in 0..RESERVE {
            if let Some(c) = g.board().reserve(slot) {
                assert_ne!(c.rank(), Rank::ACE, "deal {seed}: {c} left in r{}", slot + 1);
            }
        }
    }
}

#[test]
fn automatic_moves_take_the_first_card_scanning_t1_to_t9_and_scan_again_from_t1() {
    let g = position("t1: 2h\nt3: 2c\nt5: Qd Ah 8c\nt6: Ts\nt8: Ad Ks\nfoundations: As - - Ac\nauto: yes", 2);
    let h = played(&g, "8c>t9");
    // Ah (t5) goes; scanning again from t1, 2h (black aces up) goes; t3's
    // 2c (needs both red aces; Ad is covered) stays.
    assert_eq!(h.last_autos().collect::<Vec<_>>(), vec![(card("Ah"), 4), (card("2h"), 0)]);
    assert!(!h.board().on_foundation(card("2c")));
}

#[test]
fn undo_restores_the_position_before_the_move_exactly_and_no_automatic_move_follows() {
    let g = position("t1: 9s\nt2: Qs 2d Ad 8c\nfoundations: As - - Ac\nauto: yes", 3);
    let mut h = played(&g, "8c>t4");
    assert!(h.undo());
    assert_eq!(text_of(&h), text_of(&g));
    assert_eq!(h, g);
    assert!(h.board().top(1) == Some(card("8c")));
    assert_eq!(h.move_count(), 0);
}

#[test]
fn with_automatic_moves_off_nothing_moves_by_itself() {
    let g = Game::deal(1, NO_AUTO);
    assert_eq!(g.board().foundation_total(), 0);
    let g = position("t1: 9s\nt2: Qs Ad 8c\nauto: no", 3);
    let h = played(&g, "8c>t4");
    assert!(!h.board().on_foundation(card("Ad")));
    assert_eq!(h.last_autos().count(), 0);
}

// ---- End ----

#[test]
fn won_when_all_52_cards_are_on_the_suit_stacks() {
    let g = position("t1: Kd\nfoundations: Ks Kh Qd Kc\nauto: no", 2);
    let h = played(&g, "Kd>f");
    assert_eq!(h.status(), Status::Won);
    assert!(text_of(&h).ends_with("status: won\n"));
    assert!(legal(&h).is_empty());
}

#[test]
fn lost_when_no_legal_move_at_all() {
    // No empty stack, no reserve, no top card fits on another or goes up.
    let text = "game: albert\nt1: Qs Ks\nt2: Qh Kh\nt3: Qd Kd\nt4: Qc Kc\nt5: Ts Js\nt6: Th Jh\nt7: Td Jd\n\
                t8: Tc Jc\nt9: 9s 9d 9c 8h 9h\nfoundations: 8s 7h 8d 8c\nauto: no\n";
    let g = parse_layout(text).unwrap();
    assert_eq!(g.status(), Status::Lost(Loss::NoMove));
    assert!(legal(&g).is_empty());
    assert!(text_of(&g).ends_with("status: lost: no legal move\n"));
    // With 8h up instead of 9h's place, 9h could go: still playing.
    let g = parse_layout(&text.replace("8h 9h", "9h 8h")).unwrap();
    assert_eq!(g.status(), Status::Playing);
}

#[test]
fn no_move_but_undo_after_the_end() {
    let g = position("t1: Kd\nfoundations: Ks Kh Qd Kc\nauto: no", 2);
    let mut h = played(&g, "Kd>f");
    assert_eq!(h.play(mv("Kd>t1")), Err(Illegal::GameOver));
    assert!(h.undo());
    assert_eq!(h.status(), Status::Playing);
}

// ---- Unreachable positions ----

#[test]
fn with_auto_yes_a_position_with_an_automatic_move_due_is_rejected() {
    let text = "game: albert\nt1: 5h Ac\nt2: As\nt3: Ah Ad 2s\nauto: yes\n";
    let mut full = String::from(text);
    let rest: Vec<String> = Card::all()
        .filter(|c| !["5h", "Ac", "As", "Ah", "Ad", "2s"].contains(&c.to_string().as_str()))
        .map(|c| c.to_string())
        .collect();
    full.push_str(&format!("t4: {}\n", rest.join(" ")));
    let e = parse_layout(&full).unwrap_err().to_string();
    assert!(e.contains("line 2") && e.contains("Ac"), "{e}");
    assert!(parse_layout(&full.replace("auto: yes", "auto: no")).is_ok());
    // A reserve card due is named with the reserve's line and slot.
    let g = position("t1: 9s\nt2: Qs 8c\nreserve: - Ad - - - - -\nauto: no", 3);
    let e = parse_layout(&text_of(&g).replace("auto: no", "auto: yes")).unwrap_err().to_string();
    assert!(e.contains("line 11") && e.contains("Ad in r2"), "{e}");
}

#[test]
fn a_stack_with_more_than_i_minus_1_cards_below_its_top_run_is_rejected_naming_its_line() {
    // Every dealt position is reachable: t<i> has i cards at most.
    for seed in 1..100 {
        for start in StartRank::ALL {
            for auto in [true, false] {
                let g = Game::deal(seed, Options { start, auto });
                parse_position(&text_of(&g)).unwrap_or_else(|e| panic!("deal {seed} {start:?}: {e}"));
            }
        }
    }
    let g = Game::deal(5, NO_AUTO);
    let text = text_of(&g);
    // 45 cards on t1 (the case): refused, naming t1's line.
    let mut all = Vec::new();
    for s in 0..STACKS {
        all.extend(stack(&g, s).iter().map(|c| c.to_string()));
    }
    let mut piled = String::new();
    for l in text.lines() {
        match l.split_once(':') {
            Some(("t1", _)) => piled.push_str(&format!("t1: {}\n", all.join(" "))),
            Some((k, _)) if k.starts_with('t') && k.len() == 2 => piled.push_str(&format!("{k}:\n")),
            _ => piled.push_str(&format!("{l}\n")),
        }
    }
    let e = parse_position(&piled).unwrap_err().to_string();
    assert!(e.starts_with("line 2: t1: ") && e.contains("below the ordered run"), "{e}");
    assert!(parse_layout(&piled).is_ok());
    // On the edge: t3 may hold two cards below its top run, not three.
    // Deal 5's t3 is 2d Kd 4d; t2's bottom card Td put under them is one
    // too many, and t2's 4h then sits alone on t2.
    let t3 = stack(&g, 2).iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let t2 = stack(&g, 1);
    assert_eq!(stack(&g, 2).len(), 3);
    let over = text
        .replace(&format!("t3: {t3}\n"), &format!("t3: {} {t3}\n", t2[0]))
        .replace(&format!("t2: {} {}\n", t2[0], t2[1]), &format!("t2: {}\n", t2[1]));
    let e = parse_position(&over).unwrap_err().to_string();
    assert!(e.starts_with("line 4: t3: 3 cards lie below"), "{e}\n{over}");
    assert!(parse_position(&text).is_ok());
}

// ---- Notation ----

#[test]
fn stacks_are_listed_bottom_card_first_and_an_empty_one_is_the_bare_key() {
    let g = position("t1:\nt3: 9c 8h 5s\nauto: no", 2);
    let t = text_of(&g);
    assert!(t.contains("\nt1:\n"), "{t}");
    assert!(t.contains("\nt3: 9c 8h 5s\n"), "{t}");
    assert_eq!(g.board().top(2), Some(card("5s")));
}

#[test]
fn reserve_lists_seven_slots_with_a_dash_for_an_empty_one() {
    let g = position("reserve: 6h - Jh 2d - Kd 4d\nauto: no", 2);
    assert!(text_of(&g).contains("\nreserve: 6h - Jh 2d - Kd 4d\n"));
    let g = position("reserve:\nauto: no", 2);
    assert!(text_of(&g).contains("\nreserve: - - - - - - -\n"));
    assert!(parse_position("game: albert\nreserve: 6h -\n").is_err());
}

#[test]
fn foundations_give_each_suit_stack_top_card_in_the_order_spades_hearts_diamonds_clubs() {
    let g = position("foundations: 3s - - Ac\nauto: no", 2);
    assert!(text_of(&g).contains("\nfoundations: 3s - - Ac\n"));
    assert!(g.board().on_foundation(card("As")) && g.board().on_foundation(card("2s")));
    assert!(!g.board().on_foundation(card("4s")));
    let mut text = text_of(&g);
    text = text.replace("foundations: 3s - - Ac", "foundations: - 3s - Ac");
    let e = parse_position(&text).unwrap_err().to_string();
    assert!(e.contains("hearts"), "{e}");
}

#[test]
fn auto_is_yes_or_no_and_a_missing_auto_means_yes() {
    let g = position("t2: 9s", 1);
    assert!(g.options().auto);
    let g = position("auto: No", 1);
    assert!(!g.options().auto);
    let t = text_of(&position("auto: no", 1)).replace("auto: no", "auto: maybe");
    let e = parse_layout(&t).unwrap_err().to_string();
    assert!(e.contains("expected yes or no"), "{e}");
}

#[test]
fn a_bare_key_means_what_a_missing_key_means() {
    // Section 4: a bare `auto:` is the default (yes), as a missing one is.
    let g = Game::deal(5, Options::default());
    let text = text_of(&g);
    let bare = parse_position(&text.replace("auto: yes", "auto:")).unwrap();
    let missing = parse_position(&text.replace("auto: yes\n", "")).unwrap();
    assert!(bare.options().auto);
    assert_eq!(text_of(&bare), text_of(&missing));
    assert_eq!(text_of(&bare), text);
}

#[test]
fn line_numbers_past_65535_are_counted_whole() {
    // A card given twice names both of its lines, however far down.
    let g = Game::deal(5, NO_AUTO);
    let top = stack(&g, 0)[0];
    let mut text = "#\n".repeat(70_000);
    text.push_str(&text_of(&g).replace("t2: ", &format!("t2: {top} ")));
    let e = parse_position(&text).unwrap_err().to_string();
    assert_eq!(e, format!("line 70003: {top} appears twice (also on line 70002)"));
}

#[test]
fn the_printed_position_has_every_key_in_order_and_reads_back() {
    let g = Game::deal(42, Options::default());
    let t = text_of(&g);
    let keys: Vec<&str> = t.lines().map(|l| l.split(':').next().unwrap()).collect();
    assert_eq!(
        keys,
        ["game", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "reserve", "foundations", "auto", "status"]
    );
    assert!(t.ends_with("status: playing\n"));
    assert!(!t.lines().any(|l| l.ends_with(' ')));
    assert_eq!(text_of(&parse_position(&t).unwrap()), t);
}

#[test]
fn positions_take_keys_in_any_order_comments_bom_crlf_and_ignore_status() {
    let g = Game::deal(8, Options::default());
    let t = text_of(&g);
    let mut lines: Vec<&str> = t.lines().collect();
    lines.reverse();
    let shuffled =
        format!("\u{feff}# a comment\r\n\r\n{}\r\n", lines.join("\r\n").replace("status: playing", "status: won"));
    assert_eq!(text_of(&parse_position(&shuffled).unwrap()), t);
    assert!(parse_position(&t.replace("game: albert", "GAME: Albert")).is_ok());
    assert!(parse_position(&t.replace("game: albert\n", "")).is_err());
    assert!(parse_position(&format!("{t}t1: 9s\n")).is_err(), "a key twice");
    assert!(parse_position(&format!("{t}stock:\n")).is_err(), "an unknown key");
}

#[test]
fn every_card_exactly_once() {
    let t = text_of(&Game::deal(8, NO_AUTO));
    let first = t.lines().nth(1).unwrap().split_whitespace().nth(1).unwrap().to_string();
    let e = parse_position(&t.replace(&format!("t1: {first}"), "t1:")).unwrap_err().to_string();
    assert!(e.contains(&first), "{e}");
    let e = parse_position(&t.replace("t1: ", &format!("t1: {first} "))).unwrap_err().to_string();
    assert!(e.contains(&first), "{e}");
}

#[test]
fn moves_are_card_to_stack_or_card_to_f_in_either_case() {
    assert_eq!(mv("Qd>t3"), Move::Stack(card("Qd"), 2));
    assert_eq!(mv("qD>T3"), Move::Stack(card("Qd"), 2));
    assert_eq!(mv("5h>f"), Move::Foundation(card("5h")));
    assert_eq!(mv("5H>F"), Move::Foundation(card("5h")));
    assert_eq!(Move::Stack(card("Td"), 8).to_string(), "Td>t9");
    for bad in ["", "Qd", "Qd>", "Qd>t0", "Qd>t10", "Qd>t01", "10d>t1", "Qd>r1", "Qd-t3", "undo", "Qd>f>t1"] {
        assert!(parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn undo_with_nothing_to_take_back_is_refused() {
    let mut g = Game::deal(3, Options::default());
    assert!(!g.undo());
    let first = legal(&g)[0];
    g.play(first).unwrap();
    assert!(g.undo());
    assert!(!g.undo());
}

#[test]
fn options_are_one_byte_for_the_save() {
    for start in StartRank::ALL {
        for auto in [false, true] {
            let o = Options { start, auto };
            assert_eq!(Game::options_from_code(Game::options_code(o)), Some(o));
        }
    }
    let valid = (0..=255u8).filter(|&c| Game::options_from_code(c).is_some()).count();
    assert_eq!(valid, 12);
}
