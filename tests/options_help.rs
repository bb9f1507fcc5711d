//! Options and Help in every game (issues 43 and 46): Music in play, the
//! Defaults row and its question, Help's Tips page from the game's menu
//! and from the pause menu, and the Help and Tips pages inside the TV-safe
//! area.

use farewell::draw::{DrawList, Item};
use farewell::games::GameId;
use farewell::input::Buttons;
use farewell::save::Save;
use farewell::sound::{Volumes, SONG_TITLE};
use farewell::ui::catalogue;
use farewell::ui::paint::{SAFE_BOTTOM, SAFE_LEFT, SAFE_RIGHT, SAFE_TOP};
use farewell::ui::skin::AtlasSkin;
use farewell::ui::{option_rows, render, App, FaceStyle, Screen, Settings, PAUSE_MENU};

use super::driver::{Driver, Pad};

/// From the title: `game`'s Options screen, on its first row.
fn options(d: &mut Driver, game: GameId) {
    d.choose(game);
    d.presses(Buttons::DOWN, 2);
    d.press(Buttons::CROSS);
    assert!(matches!(d.app.screen(), Screen::Options { sel: 0, from_pause: false }), "{game:?}");
}

/// On the Options screen: down to the row named `row`.
fn to_row(d: &mut Driver, row: &str) {
    let at = option_rows(d.app.game).iter().position(|r| *r == row).unwrap_or_else(|| panic!("no {row}"));
    while !matches!(d.app.screen(), Screen::Options { sel, .. } if usize::from(sel) == at) {
        d.press(Buttons::DOWN);
    }
}

fn drawn(app: &App) -> Vec<Item> {
    let mut list = DrawList::new();
    render::draw(app, Buttons::empty(), &AtlasSkin, &mut list);
    list.items().to_vec()
}

/// Where an item lies: left, top, width, height.
fn bounds(item: &Item) -> (i16, i16, i16, i16) {
    match *item {
        Item::Fill { x, y, w, h, .. } | Item::Shade { x, y, w, h, .. } => (x, y, w as i16, h as i16),
        Item::Sprite { x, y, sprite, .. } => (x, y, i16::from(sprite.w), i16::from(sprite.h)),
    }
}

#[test]
fn music_in_play_is_an_option_of_every_game_and_is_saved() {
    for game in GameId::all() {
        let mut d = Driver::new();
        assert!(d.app.volumes.in_play, "on at a first boot");
        options(&mut d, game);
        to_row(&mut d, "Music in play");
        d.press(Buttons::RIGHT);
        assert!(!d.app.volumes.in_play, "{game:?}: Right turns it off");
        assert!(d.app.take_save_request(), "{game:?}: the change is saved");
        let mut fresh = App::new();
        fresh.load(d.app.snapshot());
        assert!(!fresh.volumes.in_play, "{game:?}: kept by the save");
        d.press(Buttons::CROSS);
        assert!(d.app.volumes.in_play, "{game:?}: X turns it on again");
    }
}

#[test]
fn music_plays_in_a_game_only_with_music_in_play_on() {
    for in_play in [true, false] {
        let mut d = Driver::new();
        d.app.volumes.in_play = in_play;
        let game = GameId::nth(0);
        d.choose(game);
        assert_eq!(d.app.music(), Some(&SONG_TITLE), "the menus play the title tune either way");
        d.deal(7);
        assert_eq!(d.app.screen(), Screen::Play);
        assert_eq!(d.app.music().is_some(), in_play, "in play");
        d.press(Buttons::START);
        assert_eq!(d.app.music().is_some(), in_play, "paused");
        d.press(Buttons::UP);
        d.press(Buttons::CROSS);
        assert!(matches!(d.app.screen(), Screen::Title { .. }));
        assert_eq!(d.app.music(), Some(&SONG_TITLE), "back on the title");
    }
}

#[test]
fn defaults_asks_first_and_puts_every_option_back() {
    for game in GameId::all() {
        let mut d = Driver::new();
        options(&mut d, game);
        // Every row moved once (the own options, faces, winnable only,
        // the volumes, music in play).
        let rows = option_rows(game);
        for i in 0..rows.len() {
            if !["Defaults", "Back"].contains(&rows[i]) {
                to_row(&mut d, rows[i]);
                d.press(Buttons::LEFT);
            }
        }
        d.app.volumes.muted = true;
        let first = Save::default();
        let changed = (d.app.record(game).options, d.app.record(game).winnable, d.app.settings, d.app.volumes);
        assert_ne!(changed.3, Volumes { muted: true, ..Volumes::default() }, "{game:?}: the volumes moved");
        assert!(changed.1, "{game:?}: winnable only on");
        d.app.take_save_request();
        to_row(&mut d, "Defaults");
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Defaults { from_pause: false }, "{game:?}: asks first");
        d.press(Buttons::CIRCLE);
        let sel = rows.iter().position(|r| *r == "Defaults").unwrap() as u8;
        assert_eq!(d.app.screen(), Screen::Options { sel, from_pause: false }, "{game:?}: O keeps them");
        let now = (d.app.record(game).options, d.app.record(game).winnable, d.app.settings, d.app.volumes);
        assert_eq!(now, changed, "{game:?}: nothing changed on O");
        assert!(!d.app.take_save_request(), "{game:?}: nothing to save on O");
        d.press(Buttons::CROSS);
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Options { sel, from_pause: false }, "{game:?}: back on the row");
        let r = d.app.record(game);
        assert_eq!((r.options, r.winnable), (game.info().default_options, false), "{game:?}");
        assert_eq!(d.app.settings, Settings::default(), "{game:?}");
        assert_eq!(d.app.volumes, Volumes { muted: true, ..first.sound }, "{game:?}: the title's mute stays");
        assert!(d.app.take_save_request(), "{game:?}: saved");
    }
}

#[test]
fn defaults_from_the_pause_menu_keeps_the_game_and_returns_to_its_options() {
    let mut d = Driver::new();
    let game = GameId::Albert;
    d.choose(game);
    d.deal(7);
    assert!(d.play_hint());
    let (seed, moves) = (d.app.seed(), d.moves());
    d.press(Buttons::START);
    let row = PAUSE_MENU.iter().position(|r| *r == "Options").unwrap();
    d.presses(Buttons::DOWN, row);
    d.press(Buttons::CROSS);
    d.app.settings.face = FaceStyle::FourColour;
    to_row(&mut d, "Defaults");
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Defaults { from_pause: true });
    d.press(Buttons::CROSS);
    assert!(matches!(d.app.screen(), Screen::Options { from_pause: true, .. }));
    assert_eq!(d.app.settings.face, FaceStyle::Standard);
    d.press(Buttons::CIRCLE);
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.screen(), Screen::Play);
    assert_eq!((d.app.seed(), d.moves()), (seed, moves), "the game as it was");
}

#[test]
fn help_turns_to_the_tips_from_the_game_menu_and_the_pause_menu_in_every_game() {
    for game in GameId::all() {
        let e = catalogue::screen(game);
        assert!((2..=12).contains(&e.tips.len()), "{game:?}: a short tips page");
        let mut d = Driver::new();
        d.choose(game);
        d.presses(Buttons::DOWN, 3);
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Help, "{game:?}");
        let rules = drawn(&d.app);
        for turn in [Buttons::R1, Buttons::RIGHT, Buttons::L1, Buttons::LEFT] {
            d.press(turn);
            assert_eq!(d.app.screen(), Screen::Tips, "{game:?}: {turn:?} turns to the tips");
            d.press(turn);
            assert_eq!(d.app.screen(), Screen::Help, "{game:?}: {turn:?} turns back");
        }
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Tips, "{game:?}: X reads on");
        let tips = drawn(&d.app);
        assert_ne!(tips, rules, "{game:?}: another page");
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::GameMenu { sel: 3 }, "{game:?}: X on the last page goes back");

        // The same pages from the pause menu.
        d.press(Buttons::CIRCLE);
        d.choose(game);
        d.deal(3);
        d.press(Buttons::START);
        let help = PAUSE_MENU.iter().position(|r| *r == "Help").unwrap();
        d.presses(Buttons::DOWN, help);
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Help, "{game:?}");
        d.press(Buttons::R1);
        assert_eq!(d.app.screen(), Screen::Tips, "{game:?}");
        assert_eq!(drawn(&d.app), tips, "{game:?}: the same tips page");
        d.press(Buttons::CIRCLE);
        assert_eq!(d.app.screen(), Screen::Pause { sel: help as u8 }, "{game:?}: O goes back to the pause menu");
    }
}

#[test]
fn help_ends_with_where_to_read_more_in_at_most_five_lines_of_rules() {
    for game in GameId::all() {
        let e = catalogue::screen(game);
        let more = format!("More: docs/rules/{}.md", game.id());
        assert_eq!(e.help.last(), Some(&more.as_str()), "{game:?}");
        assert!(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(&more[6..]).exists(), "{more}");
        // The rules in words: the lines after the controls (which start
        // with a button's name or continue one, indented).
        let controls = ["D-pad", "X ", "O ", "L1", "L2", "/\\", "SELECT", "START", "    "];
        let words = e.help.iter().filter(|l| !l.is_empty() && !controls.iter().any(|c| l.starts_with(c)));
        let n = words.count() - 1;
        assert!((2..=5).contains(&n), "{game:?}: {n} lines of rules");
    }
}

#[test]
fn options_with_both_notes_fit_the_safe_area_in_every_game() {
    for game in GameId::all() {
        let mut d = Driver::new();
        d.app.volumes.muted = true;
        options(&mut d, game);
        for row in option_rows(game) {
            to_row(&mut d, row);
            for item in drawn(&d.app).into_iter().skip(1) {
                let (x, y, w, h) = bounds(&item);
                assert!(
                    x >= SAFE_LEFT && y >= SAFE_TOP && x + w <= SAFE_RIGHT && y + h <= SAFE_BOTTOM,
                    "{game:?} on {row}: {item:?} outside the safe area"
                );
            }
        }
    }
}

#[test]
fn help_and_tips_pages_fit_the_safe_area() {
    for game in GameId::all() {
        let mut d = Driver::new();
        d.choose(game);
        d.presses(Buttons::DOWN, 3);
        d.press(Buttons::CROSS);
        for page in [Screen::Help, Screen::Tips] {
            assert_eq!(d.app.screen(), page);
            // Everything but the felt under the whole screen.
            for item in drawn(&d.app).into_iter().skip(1) {
                let (x, y, w, h) = bounds(&item);
                assert!(
                    x >= SAFE_LEFT && y >= SAFE_TOP && x + w <= SAFE_RIGHT && y + h <= SAFE_BOTTOM,
                    "{game:?} {page:?}: {item:?} outside the safe area"
                );
            }
            d.press(Buttons::R1);
        }
    }
}
