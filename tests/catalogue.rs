//! Every game of the catalogue driven through the same code path, with the
//! same buttons: chosen on the title, dealt, played by its hints (Square,
//! then X plays the hint), undone, paused, saved to bytes and resumed at
//! the next boot, played to its end and counted in its statistics. The
//! shared screens name no game, so this one test covers a fifth game too.

use farewell::games::{GameId, GAMES};
use farewell::input::Buttons;
use farewell::save::Save;
use farewell::ui::catalogue::{self, CATALOGUE};
use farewell::ui::screen::End;
use farewell::ui::{option_rows, stats, Screen};

use super::driver::{Driver, Pad};

/// The title, with game `i` chosen, then its menu's New game on a given
/// deal.
fn dealt(i: usize, seed: u32) -> Driver {
    let mut d = Driver::new();
    d.choose(GameId::nth(i));
    d.deal(seed);
    d
}

#[test]
fn the_catalogue_lists_each_game_once_with_what_the_shared_screens_need() {
    assert_eq!(CATALOGUE.len(), GAMES.len());
    for (i, e) in CATALOGUE.iter().enumerate() {
        let id = GameId::nth(i);
        assert_eq!(catalogue::screen(id).game.id, e.game.id);
        assert!(
            CATALOGUE.iter().filter(|o| o.game.id == e.game.id || o.name() == e.name()).count() == 1,
            "{e:?} twice"
        );
        assert!(!e.help.is_empty() && !e.author.is_empty());
        let rows = option_rows(id);
        assert_eq!(rows.last(), Some(&"Back"), "{e:?}");
        for shared in ["Card faces", "Legal cells", "Winnable only", "Effects", "Music"] {
            assert_eq!(rows.iter().filter(|r| **r == shared).count(), 1, "{e:?}: {shared}");
        }
        // The first boot's options deal, and count in a row that exists.
        let g = e.game;
        assert!((g.stats_row)(g.default_options) < g.stats_rows, "{e:?}");
        assert!(crate::screens::deal(id, 1, g.default_options, 0, &mut String::new()).is_some());
        assert!(crate::screens::deal(id, 1, 0xFF, 0, &mut String::new()).is_none(), "{e:?}: code FF");
    }
}

#[test]
fn every_game_plays_undoes_saves_resumes_and_counts_through_the_same_screens() {
    for (i, e) in CATALOGUE.iter().enumerate() {
        let mut d = dealt(i, 7);
        assert!(d.log.contains("AFTK NEW"), "{e:?}: the deal is logged");

        // Two moves by the hint, one taken back.
        assert!(d.play_hint(), "{e:?}: X plays the hint");
        assert!(d.play_hint(), "{e:?}: and the next");
        let played = d.moves();
        d.press(Buttons::TRIANGLE);
        assert_eq!(d.moves(), played - 1, "{e:?}: Triangle undoes");
        assert!(d.play_hint(), "{e:?}");
        let played = d.moves();

        // Paused and saved; the next boot offers it, and it comes back.
        d.press(Buttons::START);
        assert_eq!(d.app.screen(), Screen::Pause { sel: 0 });
        assert!(d.app.take_save_request());
        let mut bytes = vec![0u8; farewell::save::MAX_ENCODED];
        let n = d.app.snapshot().encode(&mut bytes).unwrap();
        // The console encodes from the game's state as it stands: the same
        // bytes as from a snapshot.
        let mut direct = vec![0u8; farewell::save::MAX_ENCODED];
        let m = d.app.with_save_view(|v| v.encode(&mut direct)).unwrap();
        assert_eq!(bytes[..n], direct[..m], "{e:?}: encoded in place");
        let save = Save::decode(&bytes[..n]).unwrap();
        let mut next = Driver::new();
        next.app.load(save);
        assert_eq!(next.app.game, GameId::nth(i), "the last game played is chosen at boot");
        assert_eq!(next.app.screen(), Screen::Resume, "{e:?}");
        next.press(Buttons::CROSS);
        assert_eq!(next.app.screen(), Screen::Play, "{e:?}");
        assert_eq!((next.app.seed(), next.moves()), (7, played), "{e:?}: resumed exactly");

        // Played on by the hints: counted once in its statistics when it
        // ends, or as a loss when it is left unfinished.
        for _ in 0..300 {
            if next.app.screen() != Screen::Play || !next.play_hint() {
                break;
            }
        }
        let mut end = next.app.playing().unwrap().end();
        if end == End::Playing {
            next.press(Buttons::START);
            for _ in 0..5 {
                next.press(Buttons::DOWN);
            }
            next.press(Buttons::CROSS);
            assert!(matches!(next.app.screen(), Screen::Title { .. }), "{e:?}: quit");
            end = End::Lost;
        } else {
            assert!(matches!(next.app.screen(), Screen::Over { .. }));
        }
        let t = stats::totals(&next.app);
        assert_eq!((t.played, t.won), (1, u32::from(end == End::Won)), "{e:?}");
        // Won by the hints, some of them before the save: a win with hints.
        assert_eq!(t.hinted, u16::from(end == End::Won), "{e:?}: a win with hints is counted apart");
        let n = next.app.snapshot().encode(&mut bytes).unwrap();
        let m = next.app.with_save_view(|v| v.encode(&mut direct)).unwrap();
        assert_eq!(bytes[..n], direct[..m], "{e:?}: encoded in place, game over");
        assert_eq!(next.app.resumable_summary(), None, "{e:?}: an ended game is not offered again");
    }
}

#[test]
fn a_hint_is_kept_for_its_position_and_another_press_withdraws_the_asking_not_the_work_in_every_game() {
    let mut withdrawn = 0;
    for (i, e) in CATALOGUE.iter().enumerate() {
        let mut d = dealt(i, 11);
        let hints = d.app.hints().unwrap();
        d.press(Buttons::SQUARE);
        d.settle();
        assert_eq!(d.app.hints(), Some(hints + 1), "{e:?}: the hint is shown");
        // Asked again about the same position: shown at once, no thinking.
        d.press(Buttons::SQUARE);
        assert!(!d.app.thinking(), "{e:?}: the kept answer is shown at once");
        assert_eq!(d.app.hints(), Some(hints + 2), "{e:?}");

        // A press that acts on the table while the player waits: the hint
        // does not land on what they did, but its work goes on and its
        // answer is kept for the next Square.
        assert!(d.play_hint(), "{e:?}");
        d.input.update(Buttons::SQUARE);
        d.app.update(&d.input, &mut d.log);
        if d.app.hint_asked() {
            let moves = d.moves();
            d.press(Buttons::CIRCLE);
            assert_eq!(d.moves(), moves, "{e:?}: O changes no position");
            assert!(!d.app.hint_asked(), "{e:?}: O withdraws the hint asked for");
            assert!(d.app.thinking(), "{e:?}: not its work");
            let shown = d.app.hints();
            for _ in 0..50 {
                d.app.think(1000);
                d.press(Buttons::empty());
            }
            assert_eq!(d.app.hints(), shown, "{e:?}: no hint lands after it");
            d.settle();
            d.input.update(Buttons::SQUARE);
            d.app.update(&d.input, &mut d.log);
            assert_eq!(d.app.hints(), shown.map(|n| n + 1), "{e:?}: the next Square shows it at once");
            withdrawn += 1;
        }
    }
    // A Farewell to Kings and King Albert think over several frames.
    assert!(withdrawn >= 2, "only {withdrawn} games were caught thinking");
}

#[test]
fn every_game_works_out_its_hint_before_the_player_asks() {
    for (i, e) in CATALOGUE.iter().enumerate() {
        let mut d = dealt(i, 12);
        assert!(d.play_hint(), "{e:?}");
        // The move played, the next hint is worked out in the frames'
        // spare time, with no Square pressed and nothing shown.
        let shown = d.app.hints();
        // (King's Corners' thinks within its update: already done.)
        assert!(!d.app.hint_asked(), "{e:?}");
        // (It starts once the cards have stopped moving.)
        for _ in 0..10_000 {
            let frame = d.app.frame();
            if !d.app.thinking() && !d.app.playing().unwrap().animating(frame) {
                break;
            }
            d.app.think(1000);
            d.press(Buttons::empty());
        }
        assert!(!d.app.thinking(), "{e:?}: the pondering ends");
        assert_eq!(d.app.hints(), shown, "{e:?}: nothing is shown before Square");
        // Square shows it at once: no frame of thinking.
        d.input.update(Buttons::SQUARE);
        d.app.update(&d.input, &mut d.log);
        assert_eq!(d.app.hints(), shown.map(|n| n + 1), "{e:?}: shown in the frame Square is pressed");
        assert!(!d.app.hint_asked(), "{e:?}");
    }
}

#[test]
fn every_game_deals_slides_its_moves_sounds_them_and_a_press_finishes_the_animation() {
    use farewell::draw::DrawList;
    use farewell::sound::Sfx;
    use farewell::ui::render;
    use farewell::ui::skin::AtlasSkin;
    for (i, e) in CATALOGUE.iter().enumerate() {
        let mut list = DrawList::new();
        let mut draw = |d: &mut Driver| {
            render::draw(&d.app, Buttons::empty(), &AtlasSkin, &mut list);
            let frame = d.app.frame();
            d.app.playing().unwrap().animating(frame)
        };
        let mut d = dealt(i, 5);
        let _ = d.app.take_sounds();
        assert!(draw(&mut d), "{e:?}: the deal is dealt");
        // A press finishes the animation at once.
        d.press(Buttons::LEFT);
        assert!(!draw(&mut d), "{e:?}: a press finishes the deal");
        assert!(d.play_hint(), "{e:?}");
        let sounds = d.app.take_sounds();
        let heard = sounds.pending();
        assert!(
            heard.iter().any(|s| matches!(s, Sfx::PutDown | Sfx::Foundation | Sfx::Deal | Sfx::Book | Sfx::Orphan)),
            "{e:?}: a move sounds ({heard:?})"
        );
        assert!(draw(&mut d), "{e:?}: the move's card slides");
        for _ in 0..120 {
            d.press(Buttons::empty());
            if !draw(&mut d) {
                break;
            }
        }
        assert!(!draw(&mut d), "{e:?}: the slide ends by itself");
    }
}
