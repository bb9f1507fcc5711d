//! Property tests of King Albert: invariants that hold for every deal, every
//! option set and every line of legal moves, and for any text given to the
//! parsers (valid positions and moves, corrupted); golden deals pin the
//! deal generator and the notation; the undo ring's limit.

use farewell::cards::{Card, Rank, Suit};
use farewell::games::albert::game::MAX_UNDO;
use farewell::games::albert::notation::{parse_move, parse_position, write_position};
use farewell::games::albert::{Game, Move, Options, StartRank, Status};
use farewell::games::Patience;
use proptest::prelude::*;

fn options() -> impl Strategy<Value = Options> {
    (0usize..6, any::<bool>()).prop_map(|(s, auto)| Options { start: StartRank::ALL[s], auto })
}

fn text_of(g: &Game) -> String {
    let mut s = String::new();
    write_position(g, &mut s).unwrap();
    s
}

fn legal(g: &Game) -> Vec<Move> {
    let mut v = Vec::new();
    g.for_each_legal(&mut |m| v.push(m));
    v
}

/// Every syntactically possible move: each card to each stack and to its
/// suit stack (520).
fn all_moves() -> Vec<Move> {
    let mut v = Vec::new();
    for c in Card::all() {
        v.push(Move::Foundation(c));
        for t in 0..9 {
            v.push(Move::Stack(c, t));
        }
    }
    v
}

/// Plays `picks` (each chooses among the legal moves, modulo their
/// number), checking `each` on every position on the way.
fn walk(seed: u32, o: Options, picks: &[u16], mut each: impl FnMut(&Game)) -> Game {
    let mut g = Game::deal(seed, o);
    each(&g);
    for &p in picks {
        let moves = legal(&g);
        if moves.is_empty() {
            break;
        }
        g.play(moves[usize::from(p) % moves.len()]).unwrap();
        each(&g);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn all_52_cards_are_always_accounted_for(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..120)) {
        walk(seed, o, &picks, |g| {
            assert!(g.board().census().is_some(), "{}", text_of(g));
        });
    }

    #[test]
    fn legal_lists_exactly_the_moves_play_accepts(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..80)) {
        let all = all_moves();
        walk(seed, o, &picks, |g| {
            let listed = legal(g);
            let mut sorted = listed.clone();
            sorted.sort_by_key(|m| m.to_string());
            sorted.dedup();
            assert_eq!(sorted.len(), listed.len(), "a move listed twice");
            for &m in &all {
                let mut h = g.clone();
                let ok = h.play(m).is_ok();
                assert_eq!(ok, listed.contains(&m), "{m} in\n{}", text_of(g));
                if !ok {
                    assert_eq!(&h, g, "a refused move changed the game");
                }
            }
        });
    }

    #[test]
    fn undo_is_exact(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..100)) {
        let mut texts = Vec::new();
        let mut g = walk(seed, o, &picks, |g| texts.push((text_of(g), g.clone())));
        texts.pop();
        while let Some((t, before)) = texts.pop() {
            assert!(g.undo());
            assert_eq!(text_of(&g), t);
            assert_eq!(g, before);
        }
        assert!(!g.undo());
    }

    #[test]
    fn every_printed_position_reads_back_identical(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..100)) {
        walk(seed, o, &picks, |g| {
            let t = text_of(g);
            let back = parse_position(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
            assert_eq!(text_of(&back), t);
            assert_eq!(back.status(), g.status());
            assert_eq!(legal(&back), legal(g));
        });
    }

    #[test]
    fn cards_on_the_suit_stacks_never_go_down_and_status_is_right(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..150)) {
        let mut up = 0;
        walk(seed, o, &picks, |g| {
            let n = g.board().foundation_total();
            assert!(n >= up);
            up = n;
            match g.status() {
                Status::Won => assert_eq!(n, 52),
                Status::Lost(_) => assert!(legal(g).is_empty()),
                Status::Playing => assert!(!legal(g).is_empty()),
            }
            if g.options().auto {
                assert!(g.board().auto_due().is_none());
            }
        });
    }

    #[test]
    fn corrupted_positions_never_panic(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..40),
                                       edits in prop::collection::vec((any::<u16>(), any::<u16>(), 0u8..6), 1..6)) {
        let g = walk(seed, o, &picks, |_| {});
        let text = text_of(&g);
        let mut tokens: Vec<String> = text.split_inclusive([' ', '\n']).map(String::from).collect();
        for (a, b, kind) in edits {
            let n = tokens.len();
            if n == 0 { break; }
            let (i, j) = (usize::from(a) % n, usize::from(b) % n);
            match kind {
                0 => tokens.swap(i, j),
                1 => { tokens.remove(i); }
                2 => { let t = tokens[i].clone(); tokens.insert(j, t); }
                3 => tokens[i] = tokens[i].to_uppercase(),
                4 => tokens[i] = ["- ", "Xx ", "10s ", "t1: ", "\n", "auto: no\n", "# c\n", "\u{feff}", "\r\n", "KS "][j % 10].to_string(),
                _ => { let t = tokens[i].clone(); tokens[i] = t.chars().rev().collect(); }
            }
        }
        let corrupt: String = tokens.concat();
        if let Ok(h) = parse_position(&corrupt) {
            // Whatever reads must be a sound position.
            assert!(h.board().census().is_some());
            let t = text_of(&h);
            assert_eq!(text_of(&parse_position(&t).unwrap()), t);
            let _ = legal(&h);
        }
    }

    #[test]
    fn any_move_text_never_panics(s in "\\PC{0,12}", seed in any::<u32>()) {
        let mut g = Game::deal(seed, Options::default());
        if let Ok(m) = g.parse_move(&s) {
            let _ = g.play(m);
        }
    }

    #[test]
    fn corrupted_move_texts_never_panic(seed in any::<u32>(), i in any::<u16>(), pos in any::<u8>(), ch in any::<char>()) {
        let mut g = Game::deal(seed, Options::default());
        let all = all_moves();
        let mut s: Vec<char> = all[usize::from(i) % all.len()].to_string().chars().collect();
        let p = usize::from(pos) % (s.len() + 1);
        s.insert(p, ch);
        let s: String = s.into_iter().collect();
        if let Ok(m) = parse_move(&s) {
            let _ = g.play(m);
        }
    }

    #[test]
    fn every_move_prints_and_reads_back(i in 0usize..520) {
        let m = all_moves()[i];
        assert_eq!(parse_move(&m.to_string()).unwrap(), m);
        assert_eq!(parse_move(&m.to_string().to_lowercase()).unwrap(), m);
        assert_eq!(parse_move(&m.to_string().to_uppercase()).unwrap(), m);
    }
}

#[test]
fn the_undo_ring_keeps_the_last_max_undo_moves() {
    // A card going to and fro between two stacks, past the ring's size.
    let mut g = Game::deal(1, Options { start: StartRank::None, auto: false });
    // Find a card that can go to and fro: play any stack-to-stack move and
    // its reverse; deal 1 is pinned below, so this is stable.
    let (m, back) = to_and_fro(&g).expect("deal 1 has a move with a way back");
    for i in 0..MAX_UNDO + 7 {
        g.play(if i % 2 == 0 { m } else { back }).unwrap();
    }
    let mut seven = Game::deal(1, Options { start: StartRank::None, auto: false });
    for i in 0..7 {
        seven.play(if i % 2 == 0 { m } else { back }).unwrap();
    }
    for _ in 0..MAX_UNDO {
        assert!(g.undo());
    }
    assert!(!g.undo(), "only MAX_UNDO moves come back");
    assert_eq!(g.move_count(), 7);
    assert_eq!(text_of(&g), text_of(&seven));
}

/// A move from one stack to another and the move that takes it back.
fn to_and_fro(g: &Game) -> Option<(Move, Move)> {
    for m in legal(g) {
        let Move::Stack(c, _) = m else { continue };
        let mut h = g.clone();
        h.play(m).ok()?;
        let Some(p) = g.check(m).ok() else { continue };
        let farewell::games::albert::From::Stack(s, _) = p.from else { continue };
        let back = Move::Stack(c, s);
        if h.check(back).is_ok() {
            return Some((m, back));
        }
    }
    None
}

#[test]
fn options_are_one_byte_and_every_other_byte_is_refused() {
    let mut codes = Vec::new();
    for start in StartRank::ALL {
        for auto in [false, true] {
            let o = Options { start, auto };
            let c = Game::options_code(o);
            assert_eq!(Game::options_from_code(c), Some(o));
            codes.push(c);
        }
    }
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), 12);
    assert_eq!((0..=255u8).filter(|&c| Game::options_from_code(c).is_some()).count(), 12);
}

// ---- Golden deals: the generator, the deal order and the notation ----

#[test]
fn golden_deal_1() {
    let g = Game::deal(1, Options::default());
    assert_eq!(text_of(&g), GOLDEN_1);
}

#[test]
fn golden_deal_2_with_fives_up_and_no_auto() {
    let g = Game::deal(2, Options { start: StartRank::Five, auto: false });
    assert_eq!(text_of(&g), GOLDEN_2);
}

#[test]
fn golden_deal_4294967295_with_aces_up() {
    let g = Game::deal(u32::MAX, Options { start: StartRank::Ace, auto: true });
    assert_eq!(text_of(&g), GOLDEN_MAX);
}

#[test]
fn deals_do_not_depend_on_the_auto_option_except_for_its_moves() {
    for seed in 0..50 {
        for start in StartRank::ALL {
            let on = Game::deal(seed, Options { start, auto: true });
            let mut off = Game::deal(seed, Options { start, auto: false });
            // Making the automatic moves by hand gives the same board.
            while let Some(at) = off.board().auto_due() {
                let c = off.board().auto_card(at).unwrap();
                let mut h = off.clone();
                h.play(Move::Foundation(c)).unwrap();
                off = h;
            }
            assert_eq!(off.board(), on.board(), "deal {seed} {start:?}");
        }
    }
    let _ = (Rank::ACE, Suit::Spades);
}

/// Deal 1: t1's Ad and then Ac (t2's top) went up automatically.
const GOLDEN_1: &str = r"game: albert
t1:
t2: Th 6c
t3: 2h Td 2d
t4: 3h 4h As Kc
t5: 4c 4d 8c 5d Qd
t6: 7d 2s Jc Qs 6s
t7: 7s Js 4s Qh Ah Kd 5s
t8: 6d Tc 2c 8d 9s Jd 3s 5h
t9: Jh 6h 7h Qc 3c 7c 9c Ks 8s
reserve: 8h Kh 9d 5c Ts 3d 9h
foundations: - - Ad Ac
auto: yes
status: playing
";
const GOLDEN_2: &str = r"game: albert
t1: Qc
t2: 9d Td
t3: 9s 6s 7c
t4: 9h Js Qd Jd
t5: Jh Kh Qs Qh 7h
t6: 8d 7d Kd Ks 6h 9c
t7: 6d Th Tc 7s 8s Jc 6c
t8: Kc Ts 8c 8h
t9:
reserve: - - - - - - -
foundations: 5s 5h 5d 5c
auto: no
status: playing
";
const GOLDEN_MAX: &str = r"game: albert
t1: 5s
t2: 3s 7h
t3: Ts Qs Js
t4: Kc 9d Kd
t5: 4d 2h 4c 7c Jc
t6: 6s Kh 9c 6h 6d 8s
t7: 7d 4s 9s Qd 5d 3c 4h
t8: Tc 5c 2s 2c Jh 6c Qh 8c
t9: Th 9h Jd 8d Ks 5h Td 8h Qc
reserve: 3h 3d 7s - - - -
foundations: As Ah 2d Ac
auto: yes
status: playing
";

/// Games end: the rules allow a game without end (a card moving to and fro
/// between two stacks), so this is what the fair player gives: it stops
/// when no line of two moves looks better, never takes a move straight
/// back, and on these deals every game ends (won, lost, or given up) well
/// within the stats loop's limit. (Not a proof: see player.rs.)
#[test]
fn fair_games_end() {
    use farewell::games::albert::player;
    for seed in 1..=40 {
        for start in [StartRank::None, StartRank::Three] {
            let mut g = Game::deal(seed, Options { start, auto: true });
            let mut n = 0;
            while let Some(m) = player::best_move(&g) {
                g.play(m).unwrap();
                n += 1;
                assert!(n <= 2_000, "deal {seed} {start:?} did not end");
            }
        }
    }
}
