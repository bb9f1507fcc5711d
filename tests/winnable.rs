//! "Winnable deals only": the table of proven deals, and the option.

use farewell::games::farewell::solver::{solve, Table, Verdict, MAX_WIDTH};
use farewell::games::farewell::{Game, KingStart, Options, Status};
use farewell::input::{Buttons, Input};
use farewell::ui::{App, Screen, GRID_SIZES, OPTION_ROWS};
use farewell::winnable::{pick, seeds_for, TABLE};

/// The budget tools/mkwinnable proves deals with.
const BUDGET: u64 = 100_000;

#[test]
fn the_table_covers_every_option_set_but_custom_once() {
    for &(w, h) in &GRID_SIZES {
        for kings in [KingStart::Centre, KingStart::Corners, KingStart::Random] {
            for easy in [false, true] {
                let o = Options { width: w, height: h, kings, easy };
                assert_eq!(TABLE.iter().filter(|e| e.options() == o).count(), 1, "{o:?}");
            }
        }
    }
    assert_eq!(TABLE.len(), GRID_SIZES.len() * 3 * 2);
    assert!(TABLE.iter().all(|e| e.kings != KingStart::Custom));
    assert!(seeds_for(Options { kings: KingStart::Custom, ..Options::default() }).is_empty());
    for e in TABLE {
        assert!(e.seeds.windows(2).all(|w| w[0] < w[1]), "seeds ascending, no repeats: {e:?}");
    }
    assert!(seeds_for(Options::default()).len() >= 4, "the default options have proven deals");
}

#[test]
fn the_first_proven_deal_of_every_set_is_won_by_its_line() {
    let g0 = Game::new(0, Options::default()).unwrap();
    let (mut a, mut b) = (vec![g0.clone(); MAX_WIDTH], vec![g0; MAX_WIDTH]);
    let mut slots = vec![0u64; 1 << 16];
    for e in TABLE {
        let Some(&seed) = e.seeds.first() else { continue };
        let g = Game::new(seed, e.options()).unwrap();
        let mut table = Table::new(&mut slots);
        let (v, _) = solve(&g, BUDGET, &mut table, &mut a, &mut b);
        let Verdict::Winnable(line) = v else { panic!("{e:?}: deal {seed} not proven again: {v:?}") };
        let mut r = g.clone();
        for m in line {
            r.apply(m).unwrap();
        }
        assert_eq!(r.status(), Status::Won, "{e:?} deal {seed}");
    }
}

#[test]
fn pick_chooses_among_the_sets_deals_only() {
    let o = Options::default();
    let seeds = seeds_for(o);
    let picked: std::collections::BTreeSet<u32> = (0..1000).filter_map(|i| pick(o, i)).collect();
    assert_eq!(picked.len(), seeds.len(), "every proven deal can come up");
    assert!(picked.iter().all(|s| seeds.contains(s)));
    assert_eq!(pick(Options { kings: KingStart::Custom, ..o }, 5), None);
}

#[test]
fn with_winnable_only_on_new_games_come_from_the_table() {
    let mut app = App::new();
    let mut input = Input::default();
    let mut log = String::new();
    let mut frame = |app: &mut App, b: Buttons, log: &mut String| {
        input.update(b);
        app.update(&input, log);
        input.update(Buttons::empty());
        app.update(&input, log);
    };
    // Title: Options (third row), down to "Winnable only", right to turn it on.
    frame(&mut app, Buttons::DOWN, &mut log);
    frame(&mut app, Buttons::DOWN, &mut log);
    frame(&mut app, Buttons::CROSS, &mut log);
    assert!(matches!(app.screen(), Screen::Options { .. }));
    let row = OPTION_ROWS.iter().position(|r| *r == "Winnable only").unwrap();
    for _ in 0..row {
        frame(&mut app, Buttons::DOWN, &mut log);
    }
    frame(&mut app, Buttons::RIGHT, &mut log);
    assert!(app.settings.winnable);
    frame(&mut app, Buttons::CIRCLE, &mut log);
    let seeds = seeds_for(Options::default());
    for _ in 0..5 {
        // START on the title deals; START then "Quit to title" goes back.
        frame(&mut app, Buttons::START, &mut log);
        let seed = app.play().unwrap().game().seed();
        assert!(seeds.contains(&seed), "deal {seed} is not in the table");
        frame(&mut app, Buttons::START, &mut log);
        frame(&mut app, Buttons::UP, &mut log);
        frame(&mut app, Buttons::CROSS, &mut log);
        assert!(matches!(app.screen(), Screen::Title { .. }), "{:?}", app.screen());
        assert!(app.play().is_none());
    }
}
