//! The UI's side of the memory card: what it asks to save, the Resume and
//! Format screens, statistics.

use crate::screens::Screens as _;
use farewell::games::farewell::{Game, Options};
use farewell::games::Patience;
use farewell::input::Buttons;
use farewell::save::{Save, SavedGame};
use farewell::ui::{GameId, Screen};

use super::driver::{Driver, Pad};

fn saved_game() -> Game {
    let mut g = Game::new(42, Options::default()).unwrap();
    g.apply(farewell::games::farewell::notation::parse_move("5d@r2c6").unwrap()).unwrap();
    g
}

/// A save holding `g` as A Farewell to Kings' game in progress.
fn save_with(g: &Game) -> Save {
    let mut s = Save::default();
    s.record_mut(GameId::Farewell).game = SavedGame::of_moves::<Game>(g.seed(), Patience::options(g), g.moves());
    assert!(s.record(GameId::Farewell).game.is_some());
    s
}

/// A Farewell to Kings' game in progress in a save, replayed.
fn farewell_game(s: &Save) -> Option<Game> {
    s.record(GameId::Farewell).game.map(|g| g.replay::<Game>().unwrap())
}

#[test]
fn a_saved_game_is_offered_and_resumes_exactly() {
    let mut d = Driver::new();
    d.app.load(save_with(&saved_game()));
    assert_eq!(d.app.screen(), Screen::Resume);
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Play);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().game(), &saved_game());
    assert!(d.log.starts_with("AFTK NEW game=farewell seed=42 grid=12x8 kings=centre easy=no\nAFTK POS\n"));
}

#[test]
fn declining_the_resume_keeps_the_saved_game_on_the_card() {
    let mut d = Driver::new();
    d.app.load(save_with(&saved_game()));
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.screen(), Screen::Title { sel: 0 });
    assert_eq!(farewell_game(&d.app.snapshot()), Some(saved_game()), "not lost by an autosave from the title");
}

#[test]
fn moves_the_pause_menu_and_options_ask_for_a_save_once() {
    let mut d = Driver::new();
    d.press(Buttons::START);
    assert!(d.app.take_save_request(), "a new deal");
    assert!(!d.app.take_save_request(), "once");
    d.press(Buttons::R2);
    assert!(!d.app.take_save_request(), "picking a card up changes nothing saved");
    d.press(Buttons::CROSS);
    assert!(d.app.take_save_request(), "a move");
    assert_eq!(d.app.snapshot().record(GameId::Farewell).game.map(|g| g.count), Some(1));
    d.press(Buttons::START);
    assert!(d.app.take_save_request(), "the pause menu opening");
}

#[test]
fn a_finished_game_counts_once_in_the_statistics_even_after_undo() {
    let mut d = Driver::new();
    d.app.start_deal(2348, &mut d.log);
    // Play R1 + X until the game ends (deal #2348 loses this way).
    for _ in 0..200 {
        if matches!(d.app.screen(), Screen::Over { .. }) {
            break;
        }
        d.press(Buttons::R2);
        d.press(Buttons::CROSS);
    }
    assert!(matches!(d.app.screen(), Screen::Over { .. }));
    let o = usize::from(farewell::games::farewell::patience::code(Options::default()).unwrap());
    assert_eq!(d.app.record(GameId::Farewell).tallies[o].played, 1);
    assert_eq!(d.app.record(GameId::Farewell).tallies[o].won, 0);
    assert!(d.app.snapshot().record(GameId::Farewell).game.is_none(), "a finished game is not saved to resume");
    // A press in the frames right after the loss (meant for the last
    // move) chooses nothing; once the menu has settled, Triangle undoes.
    d.press(Buttons::TRIANGLE);
    assert!(matches!(d.app.screen(), Screen::Over { .. }));
    for _ in 0..farewell::ui::MENU_SETTLES / 2 {
        d.press(Buttons::empty());
    }
    d.press(Buttons::TRIANGLE); // undo from the loss
    assert_eq!(d.app.screen(), Screen::Play);
    // The same turn again: the same loss again.
    for _ in 0..10 {
        if matches!(d.app.screen(), Screen::Over { .. }) {
            break;
        }
        d.press(Buttons::R2);
        d.press(Buttons::CROSS);
    }
    assert_eq!(d.app.record(GameId::Farewell).tallies[o].played, 1, "counted once per deal");
}

#[test]
fn formatting_happens_only_after_the_player_confirms() {
    let mut d = Driver::new();
    d.app.offer_format();
    assert_eq!(d.app.screen(), Screen::Format);
    d.press(Buttons::CIRCLE);
    assert!(!d.app.take_format_request());
    let notice = d.app.notice().unwrap();
    assert!(notice.contains("nothing will be saved"), "{notice}");
    // The title writes notices in lines of 38 characters: this one fits one.
    assert_eq!(farewell::ui::paint::wrap(notice, 38).1, "", "{notice} wraps");
    d.app.offer_format();
    d.press(Buttons::CROSS);
    assert!(d.app.take_format_request());
    assert!(!d.app.take_format_request(), "once");
}

#[test]
fn the_snapshot_keeps_a_farewell_game_move_by_move_through_undo_and_new_deals() {
    let mut d = Driver::new();
    d.press(Buttons::START);
    for i in 0..40 {
        if i == 25 {
            d.app.start_deal(7, &mut d.log);
        }
        d.press(Buttons::R2);
        d.press(Buttons::CROSS);
        if i % 5 == 4 {
            d.press(Buttons::TRIANGLE);
        }
        let Some(g) = d.app.playing().and_then(|p| p.farewell()).map(|p| p.game().clone()) else { continue };
        if d.app.screen() != Screen::Play || g.status().is_over() {
            continue;
        }
        let want = SavedGame::of_moves::<Game>(g.seed(), Patience::options(&g), g.moves());
        assert_eq!(d.app.snapshot().record(GameId::Farewell).game, want, "step {i}");
        assert_eq!(farewell_game(&d.app.snapshot()), Some(g));
    }
}
