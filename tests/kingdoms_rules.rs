//! One named test per rule of Four Kingdoms (docs/rules/kingdoms.md), in
//! the order the rulebook gives them.
//!
//! Positions are written in the notation. [`table`] builds one in which
//! spades, diamonds and clubs are all on their foundations already, so a
//! test shows only the hearts that matter to its rule: hearts not placed
//! by the test go to the talon.

use farewell::cards::shuffled_deck;
use farewell::games::kingdoms::game::{Illegal, MAX_UNDO, TALON};
use farewell::games::kingdoms::notation::{parse_move, parse_position};
use farewell::games::kingdoms::{Card, Game, Loss, Move, Options, Position};
use farewell::games::{Patience, Status};

fn card(s: &str) -> Card {
    Card::parse(s).unwrap_or_else(|| panic!("bad card {s}"))
}

fn mv(s: &str) -> Move {
    parse_move(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The hearts part of a position: lands `p1..p7` (notation), the waste,
/// the hearts guest, and the hearts column of dungeon, tower, castle and
/// subjects (`-` for empty). The other suits are complete on their
/// foundations; hearts placed nowhere go to the talon, in rank order.
#[derive(Clone, Copy)]
struct Table<'a> {
    lands: [&'a str; 7],
    waste: &'a str,
    guest: &'a str,
    dungeon: &'a str,
    tower: &'a str,
    castle: &'a str,
    subjects: &'a str,
    talon: Option<&'a str>,
}

const EMPTY: Table =
    Table { lands: [""; 7], waste: "", guest: "-", dungeon: "-", tower: "-", castle: "-", subjects: "-", talon: None };

fn table_text(t: Table) -> String {
    let mut used: Vec<Card> = Vec::new();
    for l in t.lands.iter().chain([t.waste, t.guest].iter()).chain(t.talon.iter()) {
        for tok in l.split_whitespace().filter(|x| *x != "-") {
            used.push(card(tok.trim_matches(|c| c == '(' || c == ')')));
        }
    }
    let found = |s: &str, ranks: &str| -> Vec<Card> {
        if s == "-" {
            return vec![];
        }
        let c = card(s);
        let r = ranks.find(s.chars().next().unwrap().to_ascii_uppercase()).unwrap();
        ranks[..=r]
            .chars()
            .map(|x| card(&format!("{x}h")))
            .collect::<Vec<_>>()
            .into_iter()
            .filter(|x| x.suit() == c.suit())
            .collect()
    };
    used.extend(found(t.dungeon, "A"));
    used.extend(found(t.tower, "T"));
    used.extend(found(t.castle, "KQJ"));
    used.extend(found(t.subjects, "98765432"));
    let talon = match t.talon {
        Some(s) => s.to_string(),
        None => "A23456789TJQK"
            .chars()
            .map(|r| card(&format!("{r}h")))
            .filter(|c| !used.contains(c))
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    };
    let mut text = String::from("game: kingdoms\n");
    for (i, l) in t.lands.iter().enumerate() {
        text.push_str(&format!("p{}: {l}\n", i + 1));
    }
    text.push_str(&format!(
        "talon: {talon}\nwaste: {}\ndungeon: As {} Ad Ac\ntower: Ts {} Td Tc\nguest: - {} - -\ncastle: Js {} Jd Jc\nsubjects: 2s {} 2d 2c\n",
        t.waste, t.dungeon, t.tower, t.guest, t.castle, t.subjects
    ));
    text
}

fn table(t: Table) -> Game {
    let text = table_text(t);
    Game::parse_position(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn lands(l: &[&'static str]) -> [&'static str; 7] {
    let mut out = [""; 7];
    for (i, s) in l.iter().enumerate() {
        out[i] = s;
    }
    out
}

fn text_of(g: &Game) -> String {
    let mut s = String::new();
    g.write_position(&mut s).unwrap();
    s
}

fn refused(g: &Game, m: &str) -> String {
    let mut g2 = g.clone();
    match g2.play(mv(m)) {
        Ok(_) => panic!("{m} was accepted"),
        Err(e) => {
            assert_eq!(text_of(&g2), text_of(g), "a refused move changed the game");
            e.to_string()
        }
    }
}

fn played(g: &Game, m: &str) -> Game {
    let mut g2 = g.clone();
    g2.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}\n{}", text_of(g)));
    // Undo is exact: back to the same text.
    let mut back = g2.clone();
    assert!(Patience::undo(&mut back));
    assert_eq!(text_of(&back), text_of(g), "undo of {m}");
    g2
}

fn land_text(g: &Game, l: usize) -> String {
    let t = text_of(g);
    t.lines().find(|x| x.starts_with(&format!("p{}:", l))).unwrap().to_string()
}

// ---- Layout and deal ----

#[test]
fn deal_seven_free_lands_of_four_cards_three_face_down_the_top_face_up() {
    for seed in [0, 1, 42, u32::MAX] {
        let g = Game::new(seed);
        for l in 0..7 {
            let land = g.position().land(l);
            assert_eq!(land.cards().len(), 4);
            assert_eq!(land.down(), 3);
            assert_eq!(land.up().len(), 1);
        }
    }
}

#[test]
fn deal_the_other_24_cards_are_the_talon_and_the_waste_starts_empty() {
    let g = Game::new(5);
    assert_eq!(g.position().talon_len(), 24);
    assert_eq!(TALON, 24);
    assert!(g.position().waste().is_empty());
    assert_eq!(g.position().on_foundations(), 0);
}

#[test]
fn deal_rows_across_the_lands_from_the_top_of_the_deck_then_the_talon() {
    for seed in [3, 77, 123_456] {
        let deck = shuffled_deck(seed);
        let p = *Game::new(seed).position();
        for l in 0..7 {
            let want: Vec<Card> = (0..4).map(|row| deck[row * 7 + l]).collect();
            assert_eq!(p.land(l).cards(), &want[..], "p{}", l + 1);
        }
        let talon: Vec<Card> = p.talon().collect();
        assert_eq!(talon, deck[28..].to_vec(), "talon from the top");
    }
}

#[test]
fn deal_golden_position_of_deal_1() {
    let g = Game::new(1);
    let t = text_of(&g);
    assert!(t.starts_with("game: kingdoms\np1: ("), "{t}");
    assert!(t.ends_with("waste:\ndungeon: - - - -\ntower: - - - -\nguest: - - - -\ncastle: - - - -\nsubjects: - - - -\nstatus: playing\n"), "{t}");
    // Pinned: the deal generator and the mapping must never change.
    let first = t.lines().nth(1).unwrap().to_string();
    let deck = shuffled_deck(1);
    assert_eq!(first, format!("p1: ({}) ({}) ({}) {}", deck[0], deck[7], deck[14], deck[21]));
    insta_like("deal1", &t);
}

/// A golden test without a snapshot crate: the text is pinned in the test.
fn insta_like(name: &str, text: &str) {
    let expect = match name {
        "deal1" => GOLDEN_DEAL_1,
        _ => unreachable!(),
    };
    assert_eq!(text, expect, "golden {name} changed:\n{text}");
}

const GOLDEN_DEAL_1: &str = include_str!("golden/kingdoms_deal_1.txt");

#[test]
fn layout_each_suit_has_dungeon_tower_guest_chamber_castle_and_subjects() {
    let t = text_of(&Game::new(9));
    for key in ["dungeon:", "tower:", "guest:", "castle:", "subjects:"] {
        let line = t.lines().find(|l| l.starts_with(key)).unwrap();
        assert_eq!(line.split_whitespace().count(), 5, "{line}: four suits");
    }
}

// ---- Moves: the talon ----

#[test]
fn draw_turns_the_talons_top_card_onto_the_waste() {
    let g = Game::new(11);
    let top = g.position().talon().next().unwrap();
    let g2 = played(&g, "draw");
    assert_eq!(g2.position().waste(), &[top]);
    assert_eq!(g2.position().talon_len(), 23);
}

#[test]
fn draw_no_redeal_once_the_talon_is_empty_draw_is_illegal() {
    let mut g = Game::new(11);
    for _ in 0..24 {
        g.play(Move::Draw).unwrap();
    }
    assert_eq!(g.position().talon_len(), 0);
    assert_eq!(g.position().waste().len(), 24);
    let why = refused(&g, "draw");
    assert!(why.contains("talon is empty"), "{why}");
    let mut legal = vec![];
    g.for_each_legal(&mut |m| legal.push(m));
    assert!(!legal.contains(&Move::Draw));
}

// ---- Moves: which cards move ----

#[test]
fn movable_the_waste_top_only() {
    let g = table(Table { waste: "5h 9h", lands: lands(&["8h"]), ..EMPTY });
    played(&g, "9h>p1");
    let why = refused(&g, "5h>p2");
    assert!(why.contains("waste's top card"), "{why}");
}

#[test]
fn movable_a_face_up_card_with_every_card_on_it_but_never_a_face_down_or_talon_card() {
    let g = table(Table { lands: lands(&["(Kh) 4h 5h 6h", "", "3h"]), ..EMPTY });
    let g2 = played(&g, "5h>p2");
    assert_eq!(land_text(&g2, 2), "p2: 5h 6h");
    assert_eq!(land_text(&g2, 1), "p1: (Kh) 4h");
    let g3 = played(&g, "4h>p3");
    assert_eq!(land_text(&g3, 3), "p3: 3h 4h 5h 6h");
    assert_eq!(land_text(&g3, 1), "p1: Kh", "the face-down king turned up");
    assert!(refused(&g, "Kh>p2").contains("face down"));
    assert!(refused(&g, "7h>p2").contains("talon"));
}

#[test]
fn face_up_cards_of_a_land_always_form_one_run_up_by_suit() {
    // Random play never breaks it: the parser rejects anything else, and
    // every printed position reads back.
    let mut g = Game::new(2024);
    for step in 0..300u32 {
        let mut legal = vec![];
        g.for_each_legal(&mut |m| legal.push(m));
        if legal.is_empty() {
            break;
        }
        g.play(legal[(step as usize * 7) % legal.len()]).unwrap();
        let t = text_of(&g);
        parse_position(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
    }
}

// ---- Moves: onto a free land ----

#[test]
fn onto_a_land_building_up_by_suit_base_one_rank_above_the_top() {
    let g = table(Table { lands: lands(&["4h", "5h", "6h"]), ..EMPTY });
    played(&g, "5h>p1");
    let why = refused(&g, "6h>p1");
    assert_eq!(why, "the six of hearts goes only on the five of hearts, and p1 ends in 4h");
}

#[test]
fn onto_a_land_same_suit_only() {
    let text = table_text(Table { lands: lands(&["4h"]), ..EMPTY })
        .replace("castle: Js - Jd Jc", "castle: Qs - Jd Jc")
        .replace("subjects: 2s - 2d 2c", "subjects: - - 2d 2c")
        .replace("dungeon: As - Ad Ac", "dungeon: - - Ad Ac")
        .replace("p2: ", "p2: 5s")
        .replace("talon: ", "talon: Js 9s 8s 7s 6s 4s 3s 2s As ");
    let g = Game::parse_position(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let why = refused(&g, "5s>p1");
    assert!(why.contains("goes only on the four of spades"), "{why}");
}

#[test]
fn onto_a_land_a_run_moves_by_its_base_whatever_its_length() {
    let g = table(Table { lands: lands(&["3h 4h 5h 6h 7h 8h 9h", "2h"]), ..EMPTY });
    let g2 = played(&g, "3h>p2");
    assert_eq!(land_text(&g2, 2), "p2: 2h 3h 4h 5h 6h 7h 8h 9h");
    assert_eq!(land_text(&g2, 1), "p1:");
}

#[test]
fn onto_a_land_the_dragon_nothing_is_played_on_an_ace() {
    let g = table(Table { lands: lands(&["Ah", "2h"]), ..EMPTY });
    let why = refused(&g, "2h>p1");
    assert_eq!(why, "nothing is played on an ace: the ace of hearts on p1 is a dragon");
    let mut any_onto_p1 = false;
    g.for_each_legal(&mut |m| any_onto_p1 |= matches!(m, Move::ToLand(_, 0)));
    assert!(!any_onto_p1);
}

#[test]
fn onto_a_land_never_onto_a_king_no_wrap_around() {
    // A king on a land: nothing goes on it (an ace would wrap round).
    let g = table(Table { lands: lands(&["Kh", "Ah"]), ..EMPTY });
    let why = refused(&g, "Ah>p1");
    assert!(why.contains("nothing is played on a king"), "{why}");
}

#[test]
fn onto_an_empty_land_any_card_or_run() {
    let g = table(Table { lands: lands(&["(2h) 7h 8h 9h", "", "(Qh) Kh"]), waste: "Ah", ..EMPTY });
    played(&g, "8h>p2");
    played(&g, "7h>p2");
    played(&g, "Kh>p2");
    played(&g, "Ah>p2");
}

#[test]
fn onto_a_land_not_onto_the_land_it_is_on() {
    let g = table(Table { lands: lands(&["7h 8h", ""]), ..EMPTY });
    assert_eq!(refused(&g, "8h>p1"), "the eight of hearts is on p1 already");
}

#[test]
fn not_a_move_a_whole_land_without_face_down_cards_onto_an_empty_land() {
    let g = table(Table { lands: lands(&["7h 8h", "", "(Kh) 5h"]), waste: "2h", ..EMPTY });
    assert_eq!(refused(&g, "7h>p2"), "moving all of p1 onto the empty p2 changes nothing");
    // With a face-down card under it, it is a move (the card turns up).
    let g2 = played(&g, "5h>p2");
    assert_eq!(land_text(&g2, 3), "p3: Kh");
    // A waste card going to an empty land is a move.
    played(&g, "2h>p2");
}

#[test]
fn not_a_move_does_not_cover_a_guest_going_to_an_empty_land() {
    let g = table(Table { lands: lands(&[""]), guest: "5h", castle: "Qh", ..EMPTY });
    played(&g, "5h>p1");
}

// ---- Moves: the foundations ----

#[test]
fn foundations_single_cards_only() {
    let g = table(Table { lands: lands(&["9h Th"]), castle: "Jh", ..EMPTY });
    let why = refused(&g, "9h>f");
    assert_eq!(why, "the nine of hearts has cards on it: only a single card goes there");
    let g2 = played(&g, "Th>f");
    played(&g2, "9h>f");
}

#[test]
fn foundations_from_a_lands_top_the_wastes_top_or_a_guest() {
    let g = table(Table { lands: lands(&["Th"]), waste: "9h", guest: "8h", castle: "Jh", ..EMPTY });
    played(&g, "Th>f");
    let g2 = played(&g, "9h>f");
    played(&g2, "8h>f");
}

#[test]
fn tower_a_ten_goes_to_its_tower_at_any_time() {
    let g = table(Table { lands: lands(&["Th"]), ..EMPTY });
    let g2 = played(&g, "Th>f");
    assert!(text_of(&g2).contains("tower: Ts Th Td Tc"));
}

#[test]
fn castle_the_king_first() {
    let g = table(Table { lands: lands(&["Kh", "Qh", "Jh"]), ..EMPTY });
    assert_eq!(refused(&g, "Qh>f"), "the queen of hearts waits for K of hearts");
    assert_eq!(refused(&g, "Jh>f"), "the jack of hearts waits for K and Q of hearts");
    let g2 = played(&g, "Kh>f");
    assert!(text_of(&g2).contains("castle: Js Kh Jd Jc"));
}

#[test]
fn castle_then_the_queen_then_the_jack() {
    let g = table(Table { lands: lands(&["Qh", "Jh"]), castle: "Kh", ..EMPTY });
    assert_eq!(refused(&g, "Jh>f"), "the jack of hearts waits for Q of hearts");
    let g2 = played(&g, "Qh>f");
    let g3 = played(&g2, "Jh>f");
    assert!(text_of(&g3).contains("castle: Js Jh Jd Jc"));
}

#[test]
fn subjects_a_nine_once_the_castle_holds_king_queen_and_jack() {
    let g = table(Table { lands: lands(&["9h"]), castle: "Qh", ..EMPTY });
    assert_eq!(refused(&g, "9h>f"), "the nine of hearts waits for J of hearts");
    let g = table(Table { lands: lands(&["9h"]), castle: "Jh", ..EMPTY });
    let g2 = played(&g, "9h>f");
    assert!(text_of(&g2).contains("subjects: 2s 9h 2d 2c"));
}

#[test]
fn subjects_then_the_eight_down_to_the_two() {
    let g = table(Table { lands: lands(&["2h", "7h", "3h"]), castle: "Jh", subjects: "8h", ..EMPTY });
    assert_eq!(refused(&g, "3h>f"), "the three of hearts waits for 7, 6, 5 and 4 of hearts");
    let g2 = played(&g, "7h>f");
    assert!(text_of(&g2).contains("subjects: 2s 7h 2d 2c"));
    let g = table(Table { lands: lands(&["2h"]), castle: "Jh", subjects: "3h", ..EMPTY });
    let g2 = played(&g, "2h>f");
    assert!(text_of(&g2).contains("subjects: 2s 2h 2d 2c"));
}

#[test]
fn dungeon_an_ace_once_its_castle_holds_k_q_j_and_its_tower_the_ten() {
    let g = table(Table { lands: lands(&["Ah"]), ..EMPTY });
    assert_eq!(refused(&g, "Ah>f"), "the ace of hearts waits for K, Q, J and 10 of hearts");
    let g = table(Table { lands: lands(&["Ah"]), castle: "Jh", ..EMPTY });
    assert_eq!(refused(&g, "Ah>f"), "the ace of hearts waits for 10 of hearts");
    let g = table(Table { lands: lands(&["Ah"]), castle: "Qh", tower: "Th", ..EMPTY });
    assert_eq!(refused(&g, "Ah>f"), "the ace of hearts waits for J of hearts");
    let g = table(Table { lands: lands(&["Ah"]), castle: "Jh", tower: "Th", ..EMPTY });
    let g2 = played(&g, "Ah>f");
    assert!(text_of(&g2).contains("dungeon: As Ah Ad Ac"));
}

#[test]
fn foundations_cards_never_leave_them() {
    let g = table(Table { lands: lands(&["", "9h"]), castle: "Jh", tower: "Th", ..EMPTY });
    for m in ["Th>p1", "Jh>p1", "Th>g", "Kh>p2"] {
        assert!(refused(&g, m).contains("on its foundation already"), "{m}");
    }
}

// ---- Moves: the guest chambers ----

#[test]
fn guest_a_card_of_its_suit_into_the_empty_chamber_once_the_castle_holds_king_and_queen() {
    let g = table(Table { lands: lands(&["5h"]), castle: "Kh", ..EMPTY });
    assert_eq!(
        refused(&g, "5h>g"),
        "the hearts guest chamber opens once the king and queen of hearts are in the castle"
    );
    let g = table(Table { lands: lands(&["5h"]), castle: "Qh", ..EMPTY });
    let g2 = played(&g, "5h>g");
    assert!(text_of(&g2).contains("guest: - 5h - -"));
}

#[test]
fn guest_not_the_ace() {
    let g = table(Table { lands: lands(&["Ah"]), castle: "Jh", ..EMPTY });
    assert_eq!(refused(&g, "Ah>g"), "the ace of hearts is a dragon: an ace is never a guest");
}

#[test]
fn guest_one_card_the_chamber_must_be_empty() {
    let g = table(Table { lands: lands(&["5h"]), castle: "Qh", guest: "9h", ..EMPTY });
    assert_eq!(refused(&g, "5h>g"), "the hearts guest chamber holds 9h already");
}

#[test]
fn guest_single_cards_only_from_a_lands_top_or_the_wastes_top() {
    let g = table(Table { lands: lands(&["5h 6h"]), waste: "9h", castle: "Qh", ..EMPTY });
    assert!(refused(&g, "5h>g").contains("has cards on it"));
    played(&g, "6h>g");
    played(&g, "9h>g");
}

#[test]
fn guest_may_later_move_to_a_free_land_or_the_foundations() {
    let g = table(Table { lands: lands(&["4h", ""]), castle: "Jh", subjects: "6h", guest: "5h", ..EMPTY });
    let g2 = played(&g, "5h>p1");
    assert!(text_of(&g2).contains("guest: - - - -"));
    played(&g, "5h>f");
    played(&g, "5h>p2");
    assert_eq!(refused(&g, "5h>g"), "the five of hearts is the guest already");
}

// ---- Face-down cards ----

#[test]
fn face_down_a_lands_top_card_turns_up_at_once_and_undo_turns_it_back() {
    let g = table(Table { lands: lands(&["(2h) (3h) (4h) 8h", "7h"]), ..EMPTY });
    let mut g2 = g.clone();
    g2.play(mv("8h>p2")).unwrap();
    assert_eq!(land_text(&g2, 1), "p1: (2h) (3h) 4h");
    assert_eq!(g2.position().land(0).down(), 2);
    assert!(Patience::undo(&mut g2));
    assert_eq!(land_text(&g2, 1), "p1: (2h) (3h) (4h) 8h");
    assert_eq!(text_of(&g2), text_of(&g));
}

#[test]
fn face_down_turning_is_part_of_a_foundation_move_too() {
    let g = table(Table { lands: lands(&["(2h) Th"]), ..EMPTY });
    let g2 = played(&g, "Th>f");
    assert_eq!(land_text(&g2, 1), "p1: 2h");
}

// ---- End ----

#[test]
fn won_all_52_cards_on_the_foundations() {
    let g = table(Table { lands: lands(&["2h"]), castle: "Jh", tower: "Th", dungeon: "Ah", subjects: "3h", ..EMPTY });
    assert_eq!(g.status(), Status::Playing);
    let g2 = played(&g, "2h>f");
    assert_eq!(g2.status(), Status::Won);
    assert!(text_of(&g2).ends_with("status: won\n"));
    assert_eq!(refused(&g2, "draw"), "the game is over (only undo is left)");
}

/// A dead end: no top card fits another, nothing can go to a foundation
/// (hearts and spades lack their kings in the castle, and the kings are
/// face down), the guest chambers are shut, no land is empty.
const DEAD_END: &str = "game: kingdoms
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

#[test]
fn lost_no_legal_move_at_all_draw_included() {
    let g = Game::parse_position(DEAD_END).unwrap();
    assert_eq!(g.status(), Status::Lost(Loss::NoMove));
    assert!(text_of(&g).ends_with("status: lost: no legal move\n"));
    let mut n = 0;
    g.for_each_legal(&mut |_| n += 1);
    assert_eq!(n, 0);
}

#[test]
fn lost_not_while_draw_is_left() {
    let t = DEAD_END.replace("p6: (Qs) (Ks) Jh", "p6: (Ks) Jh").replace("talon:", "talon: Qs");
    let g = Game::parse_position(&t).unwrap();
    assert_eq!(g.status(), Status::Playing);
    let g2 = played(&g, "draw");
    assert_eq!(g2.status(), Status::Lost(Loss::NoMove));
}

// ---- Undo (section 4) ----

#[test]
fn undo_with_nothing_to_take_back_is_refused() {
    let mut g = Game::new(3);
    assert!(!Patience::undo(&mut g));
    g.play(Move::Draw).unwrap();
    assert!(Patience::undo(&mut g));
    assert!(!Patience::undo(&mut g));
    assert_eq!(g.move_count(), 0);
}

#[test]
fn undo_reaches_back_the_last_max_undo_moves() {
    // Endless play is possible (a guest to an empty land and back), so the
    // history keeps the last MAX_UNDO moves.
    let g0 = table(Table { lands: lands(&["5h", ""]), castle: "Qh", ..EMPTY });
    let mut g = g0.clone();
    for i in 0..MAX_UNDO + 10 {
        let m = if i % 2 == 0 { "5h>g" } else { "5h>p1" };
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.move_count(), MAX_UNDO + 10);
    let mut n = 0;
    while Patience::undo(&mut g) {
        n += 1;
    }
    assert_eq!(n, MAX_UNDO);
}

// ---- Unreachable positions (rejected, naming the line) ----

fn rejected(text: &str) -> String {
    match parse_position(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn base() -> String {
    table_text(Table { lands: lands(&["(2h) (3h) (4h) 5h", "6h 7h"]), castle: "Qh", ..EMPTY })
}

#[test]
fn base_position_is_valid() {
    parse_position(&base()).unwrap();
}

#[test]
fn unreachable_a_face_down_card_outside_a_land() {
    let t = base().replace("talon: ", "talon: (Ah) ").replace(" Ah ", " ");
    assert!(rejected(&t).starts_with("line 9: talon"), "{}", rejected(&t));
    let t = base().replace("waste: ", "waste: (Ah)").replace("talon: Ah", "talon:");
    assert!(rejected(&t).contains("line 10: waste"), "{}", rejected(&t));
}

#[test]
fn unreachable_a_face_down_card_on_a_face_up_one() {
    let t = base().replace("p2: 6h 7h", "p2: 6h (7h)");
    assert_eq!(rejected(&t), "line 3: p2: face-down 7h lies on a face-up card");
}

#[test]
fn unreachable_more_than_three_face_down_cards_in_a_land() {
    let t = base().replace("p1: (2h) (3h) (4h) 5h", "p1: (Ah) (2h) (3h) (4h) 5h").replace("talon: Ah", "talon:");
    assert_eq!(rejected(&t), "line 2: p1 has more than 3 face-down cards");
}

#[test]
fn unreachable_a_land_whose_top_card_is_face_down() {
    let t = base().replace("p1: (2h) (3h) (4h) 5h", "p1: (3h) (4h) (5h)").replace("talon: ", "talon: 2h ");
    assert_eq!(rejected(&t), "line 2: p1: its top card is face down");
}

#[test]
fn unreachable_face_up_cards_not_one_run_up_by_suit() {
    let t = base().replace("p2: 6h 7h", "p2: 7h 6h");
    assert_eq!(rejected(&t), "line 3: p2: 6h on 7h is not one rank up in the same suit");
    let t = base().replace("p2: 6h 7h", "p2: 6h").replace("p3: ", "p3: 7h");
    parse_position(&t).unwrap();
}

#[test]
fn unreachable_a_card_on_an_ace() {
    let t = base()
        .replace("p2: 6h 7h", "p2: Ah 2h 6h 7h")
        .replace("p1: (2h) (3h) (4h) 5h", "p1: (3h) (4h) 5h")
        .replace("talon: Ah", "talon:");
    assert_eq!(rejected(&t), "line 3: p2: 2h lies on Ah, and nothing is played on an ace");
}

#[test]
fn unreachable_talon_and_waste_more_than_24_cards() {
    // Take every heart but the 24-card limit allows: lands empty, castle
    // empty; the other suits' foundations partly empty.
    let mut text = String::from("game: kingdoms\n");
    let all: Vec<String> = Card::all().map(|c| c.to_string()).collect();
    text.push_str(&format!("p1: {}\n", "(2h) (3h) (4h) 5h"));
    let rest: Vec<&String> = all.iter().filter(|c| !["2h", "3h", "4h", "5h"].contains(&c.as_str())).collect();
    text.push_str(&format!("talon: {}\n", rest[..20].iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")));
    text.push_str(&format!("waste: {}\n", rest[20..25].iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")));
    assert_eq!(rejected(&text), "line 4: talon and waste hold more than 24 cards together");
}

#[test]
fn unreachable_a_foundation_entry_of_the_wrong_suit_or_rank_for_its_column() {
    let t = base().replace("tower: Ts - Td Tc", "tower: Ts Td - Tc");
    assert_eq!(rejected(&t), "line 12: tower: Td in the hearts column (spades, hearts, diamonds, clubs)");
    let t = base().replace("tower: Ts - Td Tc", "tower: 9s - Td Tc");
    assert!(rejected(&t).starts_with("line 12: tower: 9s is not a ten"), "{}", rejected(&t));
    let t = base().replace("castle: Js Qh Jd Jc", "castle: Js Th Jd Jc");
    assert!(rejected(&t).starts_with("line 14: castle: Th is not a king"), "{}", rejected(&t));
    let t = base().replace("subjects: 2s - 2d 2c", "subjects: As - 2d 2c");
    assert!(rejected(&t).starts_with("line 15: subjects: As is not a nine"), "{}", rejected(&t));
    let t = base().replace("dungeon: As - Ad Ac", "dungeon: 2s - Ad Ac");
    assert!(rejected(&t).starts_with("line 11: dungeon: 2s is not an ace"), "{}", rejected(&t));
}

#[test]
fn unreachable_subjects_begun_without_the_full_castle() {
    let t = table_text(Table { lands: lands(&["(2h) (3h) (4h) 5h", "6h 7h"]), castle: "Qh", subjects: "9h", ..EMPTY });
    assert_eq!(rejected(&t), "line 15: subjects of hearts begun while the castle lacks the jack (K, Q, J come first)");
}

#[test]
fn unreachable_an_ace_in_the_dungeon_without_the_full_castle_and_the_ten() {
    let t = table_text(Table { castle: "Jh", dungeon: "Ah", ..EMPTY });
    assert_eq!(
        rejected(&t),
        "line 11: the ace of hearts is in the dungeon without K, Q, J and 10 of hearts on the foundations"
    );
    let t = table_text(Table { tower: "Th", castle: "Qh", dungeon: "Ah", ..EMPTY });
    assert!(rejected(&t).starts_with("line 11: the ace of hearts is in the dungeon"));
    let t = table_text(Table { tower: "Th", castle: "Jh", dungeon: "Ah", ..EMPTY });
    parse_position(&t).unwrap();
}

#[test]
fn unreachable_a_guest_of_another_suit() {
    let t = base().replace("guest: - - - -", "guest: 5h - - -").replace("p1: (2h) (3h) (4h) 5h", "p1: (2h) (3h) 4h");
    assert_eq!(rejected(&t), "line 13: guest: 5h in the spades column (spades, hearts, diamonds, clubs)");
}

#[test]
fn unreachable_an_ace_as_a_guest() {
    let t = table_text(Table { guest: "Ah", castle: "Qh", ..EMPTY });
    assert_eq!(rejected(&t), "line 13: guest: Ah is an ace, never a guest");
}

#[test]
fn unreachable_a_guest_while_the_castle_lacks_its_king_or_queen() {
    let t = table_text(Table { guest: "5h", castle: "Kh", ..EMPTY });
    assert_eq!(rejected(&t), "line 13: a hearts guest while the castle lacks its king or queen");
    let t = table_text(Table { guest: "5h", castle: "-", ..EMPTY });
    assert!(rejected(&t).starts_with("line 13: a hearts guest"));
}

// ---- Notation ----

#[test]
fn notation_face_down_cards_in_parentheses_talon_from_the_top_waste_bottom_first() {
    let mut g = Game::new(8);
    g.play(Move::Draw).unwrap();
    g.play(Move::Draw).unwrap();
    let t = text_of(&g);
    let talon_line = t.lines().find(|l| l.starts_with("talon:")).unwrap();
    assert!(!talon_line.contains('('));
    let deck = shuffled_deck(8);
    assert_eq!(t.lines().find(|l| l.starts_with("waste:")).unwrap(), format!("waste: {} {}", deck[28], deck[29]));
    assert!(talon_line.starts_with(&format!("talon: {} ", deck[30])));
}

#[test]
fn notation_an_entry_stands_for_the_cards_under_it() {
    let g = table(Table { castle: "Qh", subjects: "-", ..EMPTY });
    // Kh counted with Qh: the census finds 52 cards.
    assert!(text_of(&g).contains("castle: Js Qh Jd Jc"));
    assert!(g.position().is_on_foundation(card("Kh")));
    assert!(!g.position().is_on_foundation(card("Jh")));
}

#[test]
fn notation_moves_read_either_case_and_print_canonically() {
    assert_eq!(mv("DRAW"), Move::Draw);
    assert_eq!(mv("6H>P3"), Move::ToLand(card("6h"), 2));
    assert_eq!(mv("5h>G"), Move::ToGuest(card("5h")));
    assert_eq!(mv("th>F"), Move::ToFoundation(card("Th")));
    assert_eq!(mv("6H>P3").to_string(), "6h>p3");
    assert_eq!(mv("th>f").to_string(), "Th>f");
    for bad in ["6h>p0", "6h>p8", "6h>p03", "6h>p+3", "10h>f", "6h", "6h>", ">p3", "undo", "6h>q", "6h>p3 "] {
        assert!(parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn notation_game_key_required_keys_once_unknown_keys_refused_status_ignored() {
    let t = text_of(&Game::new(4));
    assert!(rejected(&t.replace("game: kingdoms\n", "")).contains("game: kingdoms is missing"));
    assert!(rejected(&t.replace("game: kingdoms", "game: albert")).starts_with("line 1:"));
    assert!(rejected(&format!("{t}talon:\n")).contains("talon given twice"));
    assert!(rejected(&format!("{t}hand:\n")).contains("unknown key"));
    let ok = t.replace("status: playing", "status: whatever");
    assert_eq!(text_of(&Game::parse_position(&ok).unwrap()), t);
    // Keys in any order, either case, BOM, CRLF, comments, tabs.
    let mut lines: Vec<&str> = t.lines().collect();
    lines.reverse();
    let shuffled = format!(
        "\u{feff}# a comment\r\n{}\r\n",
        lines.join("\r\n").replace("P1:", "p1:").replace("talon: ", "TALON:\t")
    );
    assert_eq!(text_of(&Game::parse_position(&shuffled).unwrap()), t);
}

#[test]
fn notation_missing_cards_are_named() {
    let t = text_of(&Game::new(4));
    let line = t.lines().find(|l| l.starts_with("p1:")).unwrap().to_string();
    let e = rejected(&t.replace(&line, "p1:"));
    assert!(e.starts_with("4 card(s) missing:"), "{e}");
}

#[test]
fn size_of_a_position_is_small() {
    // The console keeps a few copies (the game, the hint's view).
    assert!(std::mem::size_of::<Position>() <= 256, "{}", std::mem::size_of::<Position>());
    let _ = Illegal::Over;
}

#[test]
fn a_bare_fixed_size_key_means_what_a_missing_key_means() {
    // Section 4: `dungeon:` with nothing after it is four empty places, as
    // if the line were missing; so for every four-entry key.
    let text = text_of(&Game::new(5));
    for key in ["dungeon", "tower", "guest", "castle", "subjects"] {
        let line = format!("{key}: - - - -\n");
        assert!(text.contains(&line), "{text}");
        let bare =
            parse_position(&text.replace(&line, &format!("{key}:\n"))).unwrap_or_else(|e| panic!("bare {key}: {e}"));
        let missing = parse_position(&text.replace(&line, "")).unwrap();
        assert_eq!(text_of(&Game::from_position(bare)), text, "{key}");
        assert_eq!(text_of(&Game::from_position(missing)), text_of(&Game::from_position(bare)), "{key}");
    }
    // Three entries are still refused.
    let e = parse_position(&text.replace("tower: - - - -", "tower: - - -")).unwrap_err().to_string();
    assert!(e.contains("tower needs four entries"), "{e}");
}

// ---- Automatic moves (an option, off by default) ----

/// 10♥ on top of p1 over 9♥, J♥ on the waste, K♥ and Q♥ in the castle:
/// J♥ going home makes 10♥ safe.
const JACK_NEXT: Table = Table { lands: [" (2h) 9h Th", "", "", "", "", "", ""], waste: "Jh", castle: "Qh", ..EMPTY };

fn with_auto(t: Table) -> Game {
    let text = table_text(t) + "auto: yes\n";
    Game::parse_position(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn automatic_moves_off_by_default_nothing_moves_by_itself() {
    assert_eq!(Game::deal(1, Default::default()).options(), Options { auto: false });
    assert_eq!(Game::options_from_code(0), Some(Options { auto: false }));
    let g = table(JACK_NEXT);
    assert!(!g.options().auto);
    let g2 = played(&g, "Jh>f");
    assert_eq!(land_text(&g2, 1), "p1: (2h) 9h Th", "the ten waits for the player");
    assert_eq!(g2.position().auto_due(), Some(card("Th")), "though it is safe to send up");
    assert!(!text_of(&g2).contains("auto:"), "a game without them prints no auto line");
    // A whole deal played with them off: every card that goes home goes
    // by a move of the player's, one at a time.
    let mut g = Game::deal(3, Default::default());
    for _ in 0..200 {
        let mut legal = Vec::new();
        g.for_each_legal(&mut |m| legal.push(m));
        let Some(&m) = legal.iter().find(|m| matches!(m, Move::ToFoundation(_))).or(legal.first()) else { break };
        let before = g.position().on_foundations();
        g.play(m).unwrap();
        let gained = g.position().on_foundations() - before;
        assert_eq!(gained, usize::from(matches!(m, Move::ToFoundation(_))), "{m}");
    }
}

#[test]
fn automatic_moves_send_a_ten_to_its_tower_once_its_jack_is_home_and_undo_takes_both_back() {
    let g = with_auto(JACK_NEXT);
    assert_eq!(Game::options_code(g.options()), 1);
    assert_eq!(g.position().auto_due(), None, "the jack is not home yet");
    let mut g2 = g.clone();
    g2.play(mv("Jh>f")).unwrap();
    assert_eq!(land_text(&g2, 1), "p1: (2h) 9h", "10♥ went up by itself");
    assert!(text_of(&g2).contains("tower: Ts Th Td Tc"));
    assert!(text_of(&g2).contains("auto: yes\nstatus:"));
    assert_eq!(g2.last_autos().map(|u| u.mv).collect::<Vec<_>>(), [Move::ToFoundation(card("Th"))]);
    assert_eq!(g2.move_count(), g.move_count() + 1, "one move, the player's");
    assert!(Patience::undo(&mut g2));
    assert_eq!(text_of(&g2), text_of(&g), "undo takes the ten back with the jack");
    // A ten whose jack is not home stays where it is.
    let g3 = played(&with_auto(Table { castle: "Kh", waste: "Qh", ..JACK_NEXT }), "Qh>f");
    assert_eq!(land_text(&g3, 1), "p1: (2h) 9h Th");
}

#[test]
fn automatic_moves_safety_test_every_card_that_could_be_built_on_the_ten_is_home() {
    use farewell::games::safe_to_send_home;
    // The shared test: nothing that could be built on the card is left.
    assert!(safe_to_send_home(&[], |_| false), "nothing can be built on it");
    assert!(!safe_to_send_home(&[card("Jh")], |_| false));
    assert!(safe_to_send_home(&[card("Jh")], |c| c == card("Jh")));
    assert!(!safe_to_send_home(&[card("5h"), card("5d")], |c| c == card("5h")), "every builder, not one");
    // In Four Kingdoms only the jack of its suit is ever built on a ten.
    let due = |t: Table| table(t).position().auto_due();
    let top = Table { lands: lands(&["Th"]), ..EMPTY };
    assert_eq!(due(Table { castle: "Qh", ..top }), None, "J♥ still to come");
    assert_eq!(due(Table { castle: "Jh", ..top }), Some(card("Th")));
    assert_eq!(
        due(Table { lands: lands(&[]), waste: "Th", castle: "Jh", ..EMPTY }),
        Some(card("Th")),
        "from the waste"
    );
    assert_eq!(due(Table { lands: lands(&[]), guest: "Th", castle: "Jh", ..EMPTY }), Some(card("Th")), "a guest");
    assert_eq!(due(Table { lands: lands(&["(Th) 5h"]), castle: "Jh", ..EMPTY }), None, "face down");
    assert_eq!(due(Table { lands: lands(&[]), waste: "Th 4h", castle: "Jh", ..EMPTY }), None, "under the waste");
    // The tower only: a nine that may go to its subjects is left alone.
    assert_eq!(due(Table { lands: lands(&["9h"]), castle: "Jh", tower: "Th", ..EMPTY }), None);
}

#[test]
fn automatic_moves_a_position_with_auto_yes_never_leaves_one_due() {
    let text = table_text(Table { lands: lands(&["Th"]), castle: "Jh", ..EMPTY }) + "auto: yes\n";
    let e = Game::parse_position(&text).unwrap_err().to_string();
    assert!(e.contains("Th would already have gone to its tower (auto: yes)"), "{e}");
    // Off, or a bare `auto:`, it is an ordinary position.
    for auto in ["auto: no\n", "auto:\n", ""] {
        let text = table_text(Table { lands: lands(&["Th"]), castle: "Jh", ..EMPTY }) + auto;
        assert!(!Game::parse_position(&text).unwrap().options().auto, "{auto:?}");
    }
}

#[test]
fn automatic_moves_a_printed_game_reads_back_and_plays_on_the_same() {
    // What the event log's replay does: each logged position is read back
    // and the next move played from it, automatic moves included.
    let mut autos = 0;
    for seed in 1..=40 {
        let mut g = Game::deal(seed, Options { auto: true });
        for i in 0..150 {
            let mut legal = Vec::new();
            g.for_each_legal(&mut |m| legal.push(m));
            let home = legal.iter().find(|m| matches!(m, Move::ToFoundation(_)));
            let Some(&m) = home.or(legal.get(i * 7 % legal.len().max(1))) else { break };
            let mut read = Game::parse_position(&text_of(&g)).unwrap_or_else(|e| panic!("{e}\n{}", text_of(&g)));
            assert!(read.options().auto);
            g.play(m).unwrap();
            read.play(m).unwrap();
            assert_eq!(text_of(&read), text_of(&g), "deal {seed}, {m}");
            autos += g.last_autos().count();
        }
    }
    assert!(autos > 0, "some ten went up by itself");
}

#[test]
fn automatic_moves_the_event_logs_new_line_says_auto_yes_only_when_on() {
    let line = |auto| {
        let mut s = String::new();
        farewell::log::write_new::<Game>(5, Options { auto }, &mut s).unwrap();
        s
    };
    assert_eq!(line(false), "AFTK NEW game=kingdoms seed=5\n", "as every log before the option");
    assert_eq!(line(true), "AFTK NEW game=kingdoms seed=5 auto=yes\n");
}
