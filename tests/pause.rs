//! The pause menu's Help and Statistics, in every game: each opens the
//! game's own screen (drawn as the game's menu draws it), Back returns to
//! the pause menu on the same row, and looking changes nothing: the game
//! underneath, its statistics, what the card would save.

use farewell::draw::DrawList;
use farewell::games::GameId;
use farewell::input::Buttons;
use farewell::ui::skin::AtlasSkin;
use farewell::ui::{render, App, Screen, PAUSE_MENU};

use super::driver::{Driver, Pad};

/// The frame as drawn, item by item.
fn drawn(app: &App) -> Vec<farewell::draw::Item> {
    let mut list = DrawList::new();
    render::draw(app, Buttons::empty(), &AtlasSkin, &mut list);
    list.items().to_vec()
}

/// The save's bytes as the card would get them now.
fn saved_bytes(app: &App) -> Vec<u8> {
    let mut bytes = vec![0u8; farewell::save::MAX_ENCODED];
    let n = app.with_save_view(|v| v.encode(&mut bytes)).unwrap();
    bytes.truncate(n);
    bytes
}

/// The pause menu's row named `row`.
fn row(name: &str) -> u8 {
    PAUSE_MENU.iter().position(|r| *r == name).unwrap() as u8
}

/// From the pause menu, Down to `name`.
fn down_to(d: &mut Driver, name: &str) {
    for _ in 0..PAUSE_MENU.len() {
        if d.app.screen() == (Screen::Pause { sel: row(name) }) {
            return;
        }
        d.press(Buttons::DOWN);
    }
    panic!("no {name} in the pause menu: {:?}", d.app.screen());
}

#[test]
fn the_pause_menu_keeps_its_rows_and_ends_with_quit() {
    assert_eq!(PAUSE_MENU[0], "Resume");
    for r in ["Undo", "Restart this deal", "New deal", "Options", "Help", "Statistics"] {
        assert!(PAUSE_MENU.contains(&r), "{r}");
    }
    assert_eq!(PAUSE_MENU[PAUSE_MENU.len() - 1], "Quit to title");
}

#[test]
fn help_and_statistics_from_the_pause_menu_in_every_game() {
    for game in GameId::all() {
        let mut d = Driver::new();
        // The game's own Help and Statistics, from its menu.
        d.choose(game);
        d.presses(Buttons::DOWN, 3);
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Help, "{game:?}");
        let help = drawn(&d.app);
        d.press(Buttons::CIRCLE);
        d.press(Buttons::DOWN);
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Stats { scroll: 0, from_pause: false }, "{game:?}");
        let stats = drawn(&d.app);
        d.press(Buttons::CIRCLE);
        d.press(Buttons::CIRCLE);
        d.choose(game);

        // A deal with a move made, paused.
        d.deal(7);
        assert!(d.play_hint(), "{game:?}: a move");
        d.press(Buttons::START);
        assert!(d.app.take_save_request(), "{game:?}: the pause saves");
        let before = saved_bytes(&d.app);
        let (seed, moves) = (d.app.seed(), d.moves());
        let table = d.app.playing().and_then(|p| p.saved());
        let log = d.log.len();

        // Back from Help: O, or X on its last page (X reads on from the
        // rules to the tips).
        let help_backs: [&[Buttons]; 2] = [&[Buttons::CIRCLE], &[Buttons::CROSS, Buttons::CROSS]];
        let stats_backs: [&[Buttons]; 2] = [&[Buttons::CIRCLE], &[Buttons::CROSS]];
        for (name, shown, picture, backs) in [
            ("Help", Screen::Help, &help, help_backs),
            ("Statistics", Screen::Stats { scroll: 0, from_pause: true }, &stats, stats_backs),
        ] {
            for back in backs {
                down_to(&mut d, name);
                d.press(Buttons::CROSS);
                assert_eq!(d.app.screen(), shown, "{game:?}: {name} from the pause menu");
                assert_eq!(&drawn(&d.app), picture, "{game:?}: the game's own {name}");
                assert_eq!(d.app.music().is_some(), d.app.volumes.in_play, "{game:?}: {name} in a deal: music in play");
                assert_eq!(saved_bytes(&d.app), before, "{game:?}: {name} keeps the game in progress");
                // Frames pass while the player reads.
                for _ in 0..120 {
                    d.frame(Buttons::empty());
                }
                for &b in back {
                    d.press(b);
                }
                assert_eq!(d.app.screen(), Screen::Pause { sel: row(name) }, "{game:?}: back from {name}");
                assert!(!d.app.take_save_request(), "{game:?}: looking at {name} saves nothing");
                assert_eq!(saved_bytes(&d.app), before, "{game:?}: looking at {name} counts nothing");
            }
        }

        // Resumed: the game as it was.
        d.press(Buttons::START);
        assert_eq!(d.app.screen(), Screen::Play, "{game:?}");
        assert_eq!((d.app.seed(), d.moves()), (seed, moves), "{game:?}");
        assert_eq!(d.app.playing().and_then(|p| p.saved()), table, "{game:?}");
        assert_eq!(&d.log[log..], "", "{game:?}: nothing happened in the log");
    }
}

#[test]
fn statistics_reset_from_the_pause_menu_keeps_the_game() {
    let mut d = Driver::new();
    let game = GameId::nth(0);
    d.choose(game);
    d.deal(7);
    assert!(d.play_hint());
    d.press(Buttons::START);
    down_to(&mut d, "Statistics");
    d.press(Buttons::CROSS);
    d.press(Buttons::SQUARE);
    assert_eq!(d.app.screen(), Screen::ResetStats { from_pause: true });
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.screen(), Screen::Stats { scroll: 0, from_pause: true });
    d.press(Buttons::SQUARE);
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Stats { scroll: 0, from_pause: true });
    // The reset is saved, with the game in progress still in the save.
    assert!(d.app.take_save_request());
    assert!(d.app.snapshot().record(game).game.is_some_and(|g| usize::from(g.count) == d.moves()));
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.screen(), Screen::Pause { sel: row("Statistics") });
}
