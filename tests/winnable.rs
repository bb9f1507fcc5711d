//! "Winnable deals only": every game's table of proven deals, and the
//! option on every game's Options screen. (The deals of King's Corners,
//! King Albert and Four Kingdoms are proved again, through `kings`, by
//! tools/kings/tests/winnable.rs; A Farewell to Kings' here.)

use farewell::games::farewell::solver::{solve, Verdict, MAX_WIDTH};
use farewell::games::farewell::GRID_SIZES;
use farewell::games::farewell::{Game, KingStart, Options, Status};
use farewell::games::search::SeenSet;
use farewell::games::{albert, Patience};
use farewell::input::Buttons;
use farewell::save::Save;
use farewell::settings::GameId;
use farewell::ui::{option_rows, App, Screen};
use farewell::winnable::{count, pick, set as entry, table, WinnableSet as Entry};
use std::collections::BTreeSet;

use super::driver::{Driver, Pad};

/// The budget tools/mkwinnable proves A Farewell to Kings' deals with.
const BUDGET: u64 = 100_000;

/// The option codes each game's Options screen can set (A Farewell to
/// Kings: every grid, centre/corners/random, easy or not).
fn codes(game: GameId) -> Vec<u8> {
    match game {
        GameId::Farewell => {
            let mut v = Vec::new();
            for &(width, height) in &GRID_SIZES {
                for kings in [KingStart::Centre, KingStart::Corners, KingStart::Random] {
                    for easy in [false, true] {
                        v.push(Game::options_code(Options { width, height, kings, easy }));
                    }
                }
            }
            v
        }
        GameId::Albert => {
            let mut v = Vec::new();
            for start in albert::StartRank::ALL {
                for auto in [false, true] {
                    v.push(albert::Game::options_code(albert::Options { start, auto }));
                }
            }
            v
        }
        GameId::Corners => vec![farewell::games::corners::Game::options_code(())],
        GameId::Kingdoms => vec![farewell::games::kingdoms::Game::options_code(Default::default())],
        // A game added after these: the sets its registry entry names.
        _ => game.info().winnable_codes.to_vec(),
    }
}

fn seeds(e: &Entry) -> Vec<u32> {
    e.seeds().collect()
}

#[test]
fn every_games_table_has_each_option_set_once_and_nothing_else() {
    for game in GameId::all() {
        let want = codes(game);
        let distinct: BTreeSet<u8> = want.iter().copied().collect();
        assert_eq!(distinct.len(), want.len(), "{game:?}: the codes tell the option sets apart");
        for &c in &want {
            assert_eq!(table(game).iter().filter(|e| e.code == c).count(), 1, "{game:?} code {c}");
        }
        assert_eq!(table(game).len(), want.len(), "{game:?}");
    }
    assert_eq!(table(GameId::Farewell).len(), GRID_SIZES.len() * 3 * 2);
    assert_eq!(table(GameId::Albert).len(), 12);
}

#[test]
fn every_game_lists_the_sets_its_table_is_made_for_and_custom_starts_are_not_among_them() {
    for game in GameId::all() {
        assert_eq!(game.info().winnable_codes, codes(game), "{game:?}");
    }
    for c in codes(GameId::Farewell) {
        let o = Game::options_from_code(c).unwrap();
        assert_eq!(Game::options_code(o), c);
        assert_ne!(o.kings, KingStart::Custom);
    }
    let custom = Game::options_code(Options { kings: KingStart::Custom, ..Options::default() });
    assert!(entry(GameId::Farewell, custom).is_none(), "custom starts have no proven deals");
}

#[test]
fn deal_numbers_ascend_from_1() {
    for game in GameId::all() {
        for e in table(game) {
            let s = seeds(e);
            assert_eq!(s.len(), e.len());
            assert!(s.windows(2).all(|w| w[0] < w[1]), "{game:?} code {}: ascending, no repeats", e.code);
            assert!(!s.contains(&0), "{game:?} code {}: deal 0 is never listed", e.code);
        }
    }
    // The figures the tables were generated with (tools/mkwinnable).
    let e = entry(GameId::Farewell, Game::options_code(Options::default())).unwrap();
    assert_eq!(seeds(e)[..4], [1, 4, 5, 6], "12x8 centre begins with deals 1, 4, 5 and 6");
}

#[test]
fn the_new_games_have_at_least_64_proven_deals_in_every_set() {
    for game in [GameId::Corners, GameId::Albert, GameId::Kingdoms] {
        for e in table(game) {
            assert!(e.len() >= 64, "{game:?} code {}: {} deals", e.code, e.len());
            assert!(e.len() <= 200, "{game:?} code {}: {} deals (the exe keeps them)", e.code, e.len());
        }
    }
    assert!(count(GameId::Farewell, Game::options_code(Options::default())) >= 4);
}

#[test]
fn the_first_proven_farewell_deal_of_every_set_is_won_by_its_line() {
    let g0 = Game::new(0, Options::default()).unwrap();
    let (mut a, mut b) = (vec![g0.clone(); MAX_WIDTH], vec![g0; MAX_WIDTH]);
    let mut slots = vec![0u64; 1 << 16];
    for e in table(GameId::Farewell) {
        let Some(seed) = e.seeds().next() else { continue };
        let o = Game::options_from_code(e.code).unwrap();
        let g = Game::new(seed, o).unwrap();
        let mut t = SeenSet::new(&mut slots);
        let (v, _) = solve(&g, BUDGET, &mut t, &mut a, &mut b);
        let Verdict::Winnable(line) = v else { panic!("{o:?}: deal {seed} not proven again: {v:?}") };
        let mut r = g.clone();
        for m in line {
            r.apply(m).unwrap();
        }
        assert_eq!(r.status(), Status::Won, "{o:?} deal {seed}");
    }
}

#[test]
fn pick_chooses_among_the_sets_deals_only_and_every_one_can_come_up() {
    for game in GameId::all() {
        for e in table(game) {
            let all: BTreeSet<u32> = e.seeds().collect();
            let picked: BTreeSet<u32> = (0..2000).filter_map(|i| pick(game, e.code, i)).collect();
            assert_eq!(picked, all, "{game:?} code {}", e.code);
            assert!(all.is_empty() || pick(game, e.code, u32::MAX).is_some());
        }
    }
    assert_eq!(pick(GameId::Corners, 1, 5), None, "no such option set");
    assert_eq!(pick(GameId::Albert, 0xFF, 5), None);
    assert_eq!(count(GameId::Albert, 0xFF), 0);
}

/// The Options screen and the App's records, as these tests reach them.
trait OnOptions {
    /// From the title: chooses `game` and opens its Options screen.
    fn options(&mut self, game: GameId);
    /// On the Options screen: moves to `row` and presses RIGHT once.
    fn change(&mut self, row: &str);
    /// The game's winnable-only setting as the App keeps it.
    fn winnable(&self, game: GameId) -> bool;
    fn code(&self, game: GameId) -> u8;
    /// The deal in play.
    fn seed(&self) -> u32;
    /// In play: the pause menu's "Quit to title".
    fn quit(&mut self);
}

impl OnOptions for Driver {
    fn options(&mut self, game: GameId) {
        assert!(matches!(self.app.screen(), Screen::Title { .. }));
        self.choose(game);
        self.presses(Buttons::DOWN, 2);
        self.press(Buttons::CROSS);
        assert!(matches!(self.app.screen(), Screen::Options { sel: 0, .. }));
    }
    fn change(&mut self, row: &str) {
        let Screen::Options { sel, .. } = self.app.screen() else { panic!("not on Options") };
        let at = option_rows(self.app.game).iter().position(|r| *r == row).unwrap();
        assert!(at >= usize::from(sel));
        self.presses(Buttons::DOWN, at - usize::from(sel));
        self.press(Buttons::RIGHT);
    }
    fn winnable(&self, game: GameId) -> bool {
        self.app.record(game).winnable
    }
    fn code(&self, game: GameId) -> u8 {
        self.app.record(game).options
    }
    fn seed(&self) -> u32 {
        self.app.playing().unwrap().seed()
    }
    fn quit(&mut self) {
        self.press(Buttons::START);
        self.press(Buttons::UP);
        self.press(Buttons::CROSS);
        assert!(matches!(self.app.screen(), Screen::Title { .. }), "{:?}", self.app.screen());
    }
}

#[test]
fn every_game_has_a_winnable_only_row_before_the_sound_rows() {
    for game in GameId::all() {
        let rows = option_rows(game);
        let at = rows.iter().position(|r| *r == "Winnable only").unwrap_or_else(|| panic!("{game:?}: {rows:?}"));
        assert!(at < rows.len() - 5, "{game:?}: {rows:?}");
        assert_eq!(&rows[rows.len() - 5..], &["Effects", "Music", "Music in play", "Defaults", "Back"]);
    }
}

#[test]
fn with_winnable_only_on_new_games_come_from_the_table_in_every_game() {
    for game in GameId::all() {
        let mut d = Driver::new();
        d.options(game);
        assert!(!d.winnable(game), "off by default");
        assert!(!d.app.winnable_only().0);
        d.change("Winnable only");
        assert!(d.winnable(game), "{game:?}");
        for other in GameId::all().filter(|g| *g != game) {
            assert!(!d.winnable(other), "{game:?}'s row turns on {other:?}'s option");
        }
        let code = d.code(game);
        let proven: BTreeSet<u32> = entry(game, code).unwrap().seeds().collect();
        assert_eq!(d.app.winnable_only(), (true, proven.len()), "{game:?}: what the row shows");
        // Circle: back to the game's menu, on Options; New game is two up.
        d.press(Buttons::CIRCLE);
        let mut dealt = BTreeSet::new();
        for i in 0..6 {
            if i == 0 {
                d.presses(Buttons::UP, 2);
                d.press(Buttons::CROSS);
            } else {
                // A few frames later (the frame counter picks the deal),
                // START on the title deals the chosen game.
                d.presses(Buttons::empty(), i);
                d.press(Buttons::START);
            }
            assert_eq!(d.app.screen(), Screen::Play);
            let seed = d.seed();
            assert!(proven.contains(&seed), "{game:?}: deal {seed} is not in the table");
            dealt.insert(seed);
            d.quit();
        }
        assert!(dealt.len() >= 2, "{game:?}: the frame counter picks among the deals: {dealt:?}");
        // Deal number still plays any deal.
        let unproven = (1..).find(|s| !proven.contains(s)).unwrap();
        d.press(Buttons::CROSS);
        d.press(Buttons::DOWN);
        d.press(Buttons::CROSS);
        assert!(matches!(d.app.screen(), Screen::DealNumber { .. }));
        let digits = farewell::ui::digits_of(unproven);
        for pos in (0..10).rev() {
            d.presses(Buttons::UP, usize::from(digits[pos]));
            if pos > 0 {
                d.press(Buttons::LEFT);
            }
        }
        d.press(Buttons::CROSS);
        assert_eq!(d.seed(), unproven, "{game:?}");
    }
}

#[test]
fn king_alberts_deals_come_from_the_set_of_its_starting_rank() {
    let mut d = Driver::new();
    d.options(GameId::Albert);
    d.change("Starting rank");
    d.change("Starting rank");
    let o = albert::Game::options_from_code(d.code(GameId::Albert)).unwrap();
    assert_eq!(o.start, albert::StartRank::Two);
    d.change("Winnable only");
    let proven: BTreeSet<u32> = entry(GameId::Albert, d.code(GameId::Albert)).unwrap().seeds().collect();
    d.press(Buttons::CIRCLE);
    d.presses(Buttons::UP, 2);
    d.press(Buttons::CROSS);
    assert!(proven.contains(&d.seed()), "deal {}", d.seed());
}

#[test]
fn with_winnable_only_the_demo_deals_proven_deals_too() {
    let mut d = Driver::new();
    for game in GameId::all() {
        d.options(game);
        d.change("Winnable only");
        d.press(Buttons::CIRCLE);
        d.press(Buttons::CIRCLE);
    }
    // Idle on the title until the demo has dealt its first two games (A
    // Farewell to Kings, then King's Corners).
    let mut seen = Vec::new();
    for _ in 0..200_000 {
        d.input.update(Buttons::empty());
        d.app.update(&d.input, &mut d.log);
        d.app.think(4000);
        if d.app.screen() != Screen::Demo {
            continue;
        }
        let Some(s) = d.app.playing() else { continue };
        let now = (s.id(), s.seed());
        if seen.last() != Some(&now) {
            seen.push(now);
        }
        if seen.len() == 2 {
            break;
        }
    }
    assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), [GameId::Farewell, GameId::Corners]);
    for (game, seed) in seen {
        let code = d.code(game);
        assert!(entry(game, code).unwrap().seeds().any(|s| s == seed), "{game:?}: demo deal {seed}");
    }
}

#[test]
fn the_option_survives_a_save_and_a_load_for_every_game() {
    for game in GameId::all() {
        let mut d = Driver::new();
        d.options(game);
        d.change("Winnable only");
        let mut buf = vec![0u8; farewell::save::MAX_ENCODED];
        let n = d.app.snapshot().encode(&mut buf).unwrap();
        let mut fresh = App::new();
        fresh.load(Save::decode(&buf[..n]).unwrap());
        for g in GameId::all() {
            let after = fresh.record(g).winnable;
            assert_eq!(after, g == game, "{game:?} on: {g:?} after the load");
        }
        assert_eq!(fresh.game, game);
        assert!(fresh.winnable_only().0);
    }
}
