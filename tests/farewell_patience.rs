//! A Farewell to Kings through [`Patience`], the contract the other three
//! games keep: the same properties their tests check (every card accounted
//! for, the legal list is exactly what `play` accepts, undo is exact, no
//! input panics), and the one-byte options code. The game's own API has its
//! properties in farewell_properties.rs.

use farewell::cards::Card;
use farewell::games::farewell::notation;
use farewell::games::farewell::patience::{code, options_of, CODES};
use farewell::games::farewell::{Cell, Game, Illegal, KingStart, Move, Options, GRID_SIZES};
use farewell::games::{Patience, Status};
use proptest::prelude::*;

/// Every option set the console offers (the codes' range).
fn console_options() -> impl Strategy<Value = Options> {
    (0..CODES).prop_map(|c| options_of(c).unwrap())
}

/// Any option set the rules allow (`aftk` deals every size).
fn any_options() -> impl Strategy<Value = Options> {
    (6u8..=14, 4u8..=9, 0usize..4, any::<bool>()).prop_map(|(w, h, k, easy)| Options {
        width: w,
        height: h,
        kings: [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom][k],
        easy,
    })
}

fn options() -> impl Strategy<Value = Options> {
    prop_oneof![console_options(), any_options()]
}

fn text(g: &Game) -> String {
    let mut s = String::new();
    Patience::write_position(g, &mut s).unwrap();
    s
}

fn legal(g: &Game) -> Vec<Move> {
    let mut v = Vec::new();
    Patience::for_each_legal(g, &mut |m| v.push(m));
    v
}

/// Plays `picks` (each chooses among the legal moves, modulo their
/// number), checking `each` on every position on the way.
fn walk(seed: u32, o: Options, picks: &[u16], mut each: impl FnMut(&Game)) -> Game {
    let mut g = <Game as Patience>::deal(seed, o);
    each(&g);
    for &p in picks {
        let moves = legal(&g);
        if moves.is_empty() {
            break;
        }
        Patience::play(&mut g, moves[usize::from(p) % moves.len()]).unwrap();
        each(&g);
    }
    g
}

/// Each of the 52 cards exactly once: grid, hand, orphans, kings to place,
/// stock, removed books.
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
    let loose: Vec<Card> = g
        .hand()
        .iter()
        .flatten()
        .copied()
        .chain(g.orphans().iter().copied())
        .chain(g.kings_to_place())
        .chain(g.stock())
        .chain(g.removed().iter().flat_map(|b| b.cards))
        .collect();
    for c in loose {
        count[usize::from(c.index())] += 1;
    }
    for (i, n) in count.iter().enumerate() {
        assert_eq!(*n, 1, "card {} seen {n} times in\n{}", Card::from_index(i as u8).unwrap(), text(g));
    }
}

/// The moves worth trying on `g`: every card that could move (the hand, the
/// orphans, the kings to place) and two that cannot (one on the grid, one
/// in the stock) on every cell of the grid and one cell past each edge,
/// then deal and undo.
fn candidates(g: &Game) -> Vec<Move> {
    let mut cards: Vec<Card> = g.hand().iter().flatten().copied().collect();
    cards.extend(g.orphans());
    cards.extend(g.kings_to_place());
    cards.extend(g.stock().next());
    cards.extend(g.occupied().first().and_then(|c| g.card_at(c)));
    let o = g.options();
    let mut v = Vec::new();
    for c in cards {
        for r in 0..=o.height.min(8) {
            for col in 0..=o.width.min(13) {
                v.push(Move::Place(c, Cell::new(r, col)));
            }
        }
    }
    v.push(Move::Deal);
    v.push(Move::Undo);
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn all_52_cards_are_always_accounted_for(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..150)) {
        walk(seed, o, &picks, assert_all_cards_once);
    }

    #[test]
    fn legal_lists_exactly_the_moves_play_accepts(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..40)) {
        walk(seed, o, &picks, |g| {
            let listed = legal(g);
            let mut sorted = listed.clone();
            sorted.sort_by_key(|m| m.to_string());
            sorted.dedup();
            assert_eq!(sorted.len(), listed.len(), "a move listed twice");
            assert!(!listed.contains(&Move::Undo), "undo listed as a move");
            // Playing exactly while a move is legal.
            assert_eq!(Patience::status(g) == Status::Playing, !listed.is_empty(), "{}", text(g));
            for m in candidates(g) {
                let mut h = g.clone();
                let ok = Patience::play(&mut h, m).is_ok();
                assert_eq!(ok, listed.contains(&m), "{m} in\n{}", text(g));
                if !ok {
                    assert_eq!(&h, g, "a refused move changed the game");
                }
            }
            // Every listed move is one of the candidates or is played fine.
            for &m in &listed {
                let mut h = g.clone();
                assert!(Patience::play(&mut h, m).is_ok(), "{m} listed but refused");
            }
        });
    }

    #[test]
    fn undo_is_exact(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..150)) {
        let mut history = Vec::new();
        let mut g = walk(seed, o, &picks, |g| history.push(g.clone()));
        history.pop();
        while let Some(before) = history.pop() {
            if !Patience::undo(&mut g) {
                // Undo stops at the opening deal: a custom start's fourth
                // king makes it, so its kings stay put from then on.
                assert_eq!(o.kings, KingStart::Custom);
                assert_eq!(Patience::move_count(&g), 4);
                return Ok(());
            }
            assert_eq!(text(&g), text(&before));
            assert_eq!(g, before);
        }
        assert!(!Patience::undo(&mut g));
        assert_eq!(Patience::move_count(&g), 0);
    }

    #[test]
    fn every_printed_position_reads_back_identical(seed in any::<u32>(), o in options(), picks in prop::collection::vec(any::<u16>(), 0..150)) {
        walk(seed, o, &picks, |g| {
            let t = text(g);
            let back = <Game as Patience>::parse_position(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
            assert_eq!(text(&back), t);
            assert_eq!(Patience::status(&back), Patience::status(g));
            assert_eq!(legal(&back), legal(g));
            for m in legal(g) {
                assert_eq!(g.parse_move(&m.to_string()), Ok(m));
            }
        });
    }

    /// Any move on any position (cards and cells anywhere in the frame and
    /// past it), any option set dealt: nothing panics, and a refusal
    /// leaves the game as it was.
    #[test]
    fn arbitrary_moves_and_options_never_panic(seed in any::<u32>(), w in any::<u8>(), h in any::<u8>(), k in 0usize..4, easy in any::<bool>(),
                                               moves in prop::collection::vec((0u8..52, any::<u8>(), any::<u8>(), 0u8..8), 0..200)) {
        let o = Options { width: w, height: h, kings: [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom][k], easy };
        let mut g = <Game as Patience>::deal(seed, o);
        prop_assert!(g.options().grid_ok());
        assert_all_cards_once(&g);
        for (card, row, col, kind) in moves {
            let m = match kind {
                0 => Move::Deal,
                1 => Move::Undo,
                2 => { Patience::undo(&mut g); continue; }
                _ => Move::Place(Card::from_index(card).unwrap(), Cell::new(row % 16, col % 16)),
            };
            let before = g.clone();
            if let Err(e) = Patience::play(&mut g, m) {
                prop_assert_eq!(&g, &before);
                prop_assert!(!e.to_string().is_empty());
            }
            assert_all_cards_once(&g);
        }
    }

    #[test]
    fn any_text_never_panics(s in "\\PC{0,300}", seed in any::<u32>()) {
        let g = <Game as Patience>::deal(seed, Options::default());
        if let Ok(m) = g.parse_move(&s) {
            prop_assert!(m != Move::Undo);
            prop_assert!(m.to_string().eq_ignore_ascii_case(&s));
        }
        if let Err(e) = <Game as Patience>::parse_position(&s) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }
}

#[test]
fn options_are_one_byte_and_every_other_byte_is_refused() {
    let mut codes = 0;
    for b in 0..=255u8 {
        match <Game as Patience>::options_from_code(b) {
            Some(o) => {
                codes += 1;
                assert!(b < CODES);
                assert_eq!(<Game as Patience>::options_code(o), b);
                assert_eq!(code(o), Some(b));
                assert_eq!(Patience::options(&<Game as Patience>::deal(1, o)), o);
            }
            None => assert!(b >= CODES),
        }
    }
    assert_eq!(codes, GRID_SIZES.len() * 4 * 2);
    // The default options are a console option set; a size aftk alone
    // offers has no code.
    assert_eq!(code(Options::default()), Some(3 * 8));
    let odd = Options { width: 7, ..Options::default() };
    assert_eq!(code(odd), None);
    assert_eq!(<Game as Patience>::options_code(odd), 0xFF);
    assert_eq!(<Game as Patience>::options_from_code(0xFF), None);
}

#[test]
fn the_contract_deals_and_prints_as_the_game_does() {
    for seed in [0, 1, 42, u32::MAX] {
        for c in 0..CODES {
            let o = options_of(c).unwrap();
            let g = <Game as Patience>::deal(seed, o);
            assert_eq!(Some(&g), Game::new(seed, o).as_ref());
            let mut own = String::new();
            notation::write_position(&g, &mut own).unwrap();
            assert_eq!(text(&g), own);
        }
    }
    let g = <Game as Patience>::deal(7, Options::default());
    assert!(g.parse_move("undo").is_err());
    assert_eq!(g.parse_move("DEAL"), Ok(Move::Deal));
    assert_eq!(Patience::play(&mut g.clone(), Move::Undo), Err(Illegal::Undo));
    assert_eq!(<Game as Patience>::ID, "farewell");
}

/// The order of the legal moves is part of the save (moves are kept as
/// their places in it): kings, orphans, hand from the left, cells in
/// row-major order, then the deal. Pinned on a deal.
#[test]
fn the_legal_order_is_pinned() {
    let g = <Game as Patience>::deal(1, Options::default());
    let listed: Vec<String> = legal(&g).iter().map(|m| m.to_string()).collect();
    let mut expected = Vec::new();
    for c in g.hand().iter().flatten() {
        for cell in g.playable_cells(*c).iter() {
            expected.push(Move::Place(*c, cell).to_string());
        }
    }
    if g.check_deal().is_ok() {
        expected.push("deal".to_string());
    }
    assert_eq!(listed, expected);
    assert!(!listed.is_empty());
    let custom = <Game as Patience>::deal(1, Options { kings: KingStart::Custom, ..Options::default() });
    let first = legal(&custom)[0];
    assert_eq!(first.to_string(), "Ks@r0c0");
    assert_eq!(legal(&custom).len(), 4 * 12 * 8);
}
