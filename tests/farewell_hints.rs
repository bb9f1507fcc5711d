//! A Farewell to Kings' console hint as a player meets it (issue 44): the
//! quick answer, then the deep one worked out while the player looks. The
//! deep search answers as the whole search however it is sliced, reads
//! nothing the player cannot see, and hints only moves the game accepts.

use farewell::games::farewell::player::{best_move_with, Looks, Thinker};
use farewell::games::farewell::{Game, Move, Options, Status};
use farewell::ui::farewell::{deep_step, DeepThinker, HintPlayer, DEEP_STRENGTH, HINT_UNITS};

/// The positions of deal `seed` as the quick hint plays it, up to `n`.
fn positions(seed: u32, n: usize) -> Vec<Game> {
    let mut g = Game::new(seed, Options::default()).unwrap();
    let mut hints = HintPlayer::default();
    let mut out = Vec::new();
    while out.len() < n && !g.status().is_over() {
        out.push(g.clone());
        let Some(m) = hints.next(&g).0 else { break };
        g.apply(m).unwrap();
    }
    out
}

/// The deep hint's answer for `g` in slices of `slice` units
/// ([`deep_step`], as the screen thinks), its looks past the deal kept in
/// `looks` (none: not kept); and its units.
fn sliced(g: &Game, slice: usize, looks: Option<&mut Looks>) -> (Option<Move>, usize) {
    let mut t = DeepThinker::with_strength(g, DEEP_STRENGTH);
    let mut looks = looks;
    loop {
        if let Some(m) = deep_step(&mut t, slice, looks.as_deref_mut(), false) {
            return (m, t.units());
        }
    }
}

#[test]
fn the_sliced_deep_search_answers_as_the_whole_search_at_any_slice_size() {
    let mut wound_down = 0;
    for seed in [1u32, 2, 3] {
        // One kept set of looks for each slice size, carried from position
        // to position as the screen carries it.
        let mut kept = [Looks::default(), Looks::default(), Looks::default()];
        for (i, g) in positions(seed, 30).iter().enumerate() {
            let (whole, units) = sliced(g, usize::MAX, None);
            for (slice, looks) in [1, 7, 1000].into_iter().zip(kept.iter_mut()) {
                assert_eq!(sliced(g, slice, None), (whole, units), "deal {seed}, position {i}, slices of {slice}");
                let (m, _) = sliced(g, slice, Some(looks));
                assert_eq!(m, whole, "deal {seed}, position {i}, slices of {slice}, looks kept");
            }
            // A turn's search not wound down: the host's player of the
            // same strength, worked out whole.
            let mut t: Thinker = Thinker::with_strength(g, DEEP_STRENGTH);
            let host = t.step(usize::MAX).flatten();
            if t.turn_progress() < HINT_UNITS {
                assert_eq!(whole, host, "deal {seed}, position {i}: as best_move_with");
                assert_eq!(host, best_move_with(g, DEEP_STRENGTH));
            } else {
                wound_down += 1;
            }
        }
    }
    assert!(wound_down < 30, "{wound_down} positions' searches wound down");
}

#[test]
fn the_looks_kept_from_move_to_move_save_work_within_a_turn() {
    // Within a turn the same turn ends come back: with their looks kept,
    // the deep answers of a turn's later positions cost fewer units.
    let (mut fresh, mut kept_units) = (0usize, 0usize);
    let mut looks = Looks::default();
    for g in positions(1, 40) {
        let mut t = DeepThinker::with_strength(&g, DEEP_STRENGTH);
        let mut steps = 0;
        while t.step(1).is_none() {
            steps += 1;
        }
        fresh += steps;
        let mut t = DeepThinker::with_strength(&g, DEEP_STRENGTH);
        let mut steps = 0;
        while t.step_keeping(1, Some(&mut looks)).is_none() {
            steps += 1;
        }
        kept_units += steps;
    }
    assert!(kept_units * 4 < fresh * 3, "kept looks: {kept_units} steps, fresh: {fresh}");
}

/// `g` with the stock in another order (its cards unseen by the player).
fn stock_reversed(g: &Game) -> Game {
    let mut other = g.clone();
    let mut stock: Vec<_> = g.stock().collect();
    stock.reverse();
    let third = stock.len() / 3;
    stock.rotate_left(third);
    assert!(other.restock(&stock));
    assert_ne!(other.stock().collect::<Vec<_>>(), g.stock().collect::<Vec<_>>());
    other
}

#[test]
fn the_hint_reads_nothing_the_player_cannot_see() {
    // Deals that differ only in the stock's order (the unseen cards): the
    // same hints, quick and deep, at every pondering, with the same work.
    for seed in [1u32, 4] {
        for (i, g) in positions(seed, 25).iter().enumerate().filter(|(_, g)| g.stock_len() > 4) {
            let other = stock_reversed(g);
            for steps in [0u32, 150, 600, 100_000] {
                let (a, b) = (HintPlayer::default().looking(g, steps), HintPlayer::default().looking(&other, steps));
                assert_eq!(a, b, "deal {seed}, position {i}, {steps} steps");
            }
            let (mut t, mut u) =
                (DeepThinker::with_strength(g, DEEP_STRENGTH), DeepThinker::with_strength(&other, DEEP_STRENGTH));
            loop {
                let (x, y) = (t.step(1), u.step(1));
                assert_eq!((x, t.units()), (y, u.units()), "deal {seed}, position {i}: the same work");
                if x.is_some() {
                    break;
                }
            }
        }
    }
}

#[test]
fn every_hint_at_every_pondering_is_a_move_the_game_accepts() {
    for steps in [0u32, 60, 300, 600, 1200] {
        for seed in [1u32, 2] {
            let mut g = Game::new(seed, Options::default()).unwrap();
            let mut hints = HintPlayer::default();
            while !g.status().is_over() {
                let (m, _) = hints.looking(&g, steps);
                let Some(m) = m else { break };
                match m {
                    Move::Place(card, cell) => {
                        assert!(g.check_place(card, cell).is_ok(), "{steps} steps, deal {seed}: {m:?}");
                        assert!(g.legal_cells(card).iter().any(|c| c == cell), "{m:?} among the legal cells");
                    }
                    Move::Deal => assert!(g.check_deal().is_ok(), "{steps} steps, deal {seed}: deal"),
                    Move::Undo => panic!("a hint to undo"),
                }
                g.apply(m).unwrap();
            }
        }
    }
}

#[test]
fn with_no_pondering_the_hint_is_the_quick_one_and_with_enough_it_is_the_deep_search_s() {
    // Every grid's quick hint (the larger grids search fewer placements).
    let large = Options { width: 14, height: 9, ..Options::default() };
    for (seed, o) in [(1u32, Options::default()), (3, Options::default()), (2, large)] {
        let (mut quick, mut looking) = (HintPlayer::default(), HintPlayer::default());
        let mut g = Game::new(seed, o).unwrap();
        while !g.status().is_over() {
            let want = quick.next(&g).0;
            assert_eq!(looking.looking(&g, 0), (want, false), "deal {seed} ({o:?}): W = 0 is today's hint");
            let Some(m) = want else { break };
            g.apply(m).unwrap();
        }
    }
    for seed in [1u32, 3] {
        let mut looking = HintPlayer::default();
        let mut g = Game::new(seed, Options::default()).unwrap();
        let mut deep = 0;
        while !g.status().is_over() {
            let (m, d) = looking.looking(&g, 1_000_000);
            if matches!(m, Some(Move::Place(..))) {
                assert!(d, "deal {seed}: every placement hinted is the deep one");
                assert_eq!(m, sliced(&g, 1, None).0, "deal {seed}");
                deep += 1;
            }
            let Some(m) = m else { break };
            g.apply(m).unwrap();
        }
        assert!(deep > 20 && g.status() != Status::Playing, "deal {seed}: {deep} deep answers");
    }
}

#[test]
fn the_screen_shows_the_quick_hint_at_once_and_the_deep_one_after_the_player_looked() {
    use super::driver::{Driver, Pad};
    use super::screens::Screens as _;
    use farewell::input::Buttons;
    use farewell::ui::farewell::{Focus, THINK_PER_FRAME};
    use farewell::ui::GameId;
    let mut d = Driver::thinking(THINK_PER_FRAME);
    d.choose(GameId::Farewell);
    d.deal(1);
    let game = |d: &Driver| d.app.playing().and_then(|g| g.farewell()).unwrap().game().clone();
    let shown = |d: &Driver| {
        let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
        (p.held(), p.focus())
    };
    let as_shown = |m: Option<Move>| match m {
        Some(Move::Place(card, cell)) => (Some(card), Focus::Grid(cell)),
        other => panic!("not a placement: {other:?}"),
    };
    // Square at once: the quick answer, as the console's hint has it.
    let g = game(&d);
    d.frame(Buttons::SQUARE);
    while d.app.thinking() {
        d.frame(Buttons::empty());
    }
    assert_eq!(shown(&d), as_shown(HintPlayer::default().looking(&g, 0).0));
    assert!(!d.app.hint_depth().0, "the quick answer");
    // The player looks on (the deep search goes on in the frames' spare
    // time); Square again shows the deep answer at once.
    for _ in 0..300 {
        d.frame(Buttons::empty());
    }
    d.frame(Buttons::SQUARE);
    assert!(!d.app.thinking());
    let (deep, pondered) = d.app.hint_depth();
    assert!(deep && pondered > 30, "deep after {pondered} frames");
    assert_eq!(shown(&d), as_shown(HintPlayer::default().looking(&g, 1_000_000).0));
}
