//! Host tests of The Edge: King's Corners' screen, driven by synthetic pad
//! input: choosing the game, placing with the cursor, building a group that
//! is removed at 10, drawing again, undo, hints, the end, statistics, the
//! save, and what the renderer draws.

use crate::screens::Screens as _;
use farewell::draw::DrawList;
use farewell::games::corners::{Cell, Game, Phase};
use farewell::games::{Patience, Status};
use farewell::input::Buttons;
use farewell::settings::GameId;
use farewell::ui::skin::AtlasSkin;
use farewell::ui::{render, Screen};

use super::driver::{Driver, Pad};

/// At the title, thinking a unit after every frame; a press waits for the
/// hint it starts, as the player would.
fn at_title() -> Driver {
    let mut d = Driver::thinking(1);
    d.hint_frames = 100;
    d
}

/// Starts deal `seed` of King's Corners from the title (its row is the
/// second), through its menu's Deal number screen.
fn start(seed: u32) -> Driver {
    let mut d = at_title();
    d.press(Buttons::DOWN);
    assert_eq!(d.app.game, GameId::Corners);
    d.choose(GameId::Corners);
    d.deal(seed);
    d
}

/// King's Corners on the table.
trait Corners {
    fn game(&self) -> &Game;
    /// Moves the cursor to `cell` with the D-pad.
    fn go(&mut self, cell: Cell);
}

impl Corners for Driver {
    fn game(&self) -> &Game {
        self.app.playing().and_then(|g| g.corners()).unwrap().game()
    }
    fn go(&mut self, cell: Cell) {
        for _ in 0..8 {
            let c = self.app.playing().and_then(|g| g.corners()).unwrap().cursor();
            let b = if c.row() < cell.row() {
                Buttons::DOWN
            } else if c.row() > cell.row() {
                Buttons::UP
            } else if c.col() < cell.col() {
                Buttons::RIGHT
            } else if c.col() > cell.col() {
                Buttons::LEFT
            } else {
                return;
            };
            self.press(b);
        }
        assert_eq!(self.app.playing().and_then(|g| g.corners()).unwrap().cursor(), cell);
    }
}

fn cell(row: u8, col: u8) -> Cell {
    Cell::new(row, col).unwrap()
}

#[test]
fn choosing_kings_corners_deals_it_and_logs_the_deal_with_its_game() {
    let d = start(7);
    assert!(d.log.contains("AFTK NEW game=corners seed=7\nAFTK POS\nAFTK | game: corners\n"), "{}", d.log);
    assert_eq!(d.game(), &<Game as Patience>::deal(7, ()));
}

#[test]
fn cross_places_the_drawn_card_on_the_cursors_cell_and_logs_the_move() {
    let mut d = start(7);
    let card = d.game().next().unwrap();
    assert_eq!(card.to_string(), "9c");
    d.go(cell(1, 2));
    d.press(Buttons::CROSS);
    assert_eq!(d.game().card_at(cell(1, 2)), Some(card));
    assert!(d.log.contains("AFTK MOVE 9c@r1c2\nAFTK POS\n"));
}

#[test]
fn a_refused_placement_says_why_and_changes_nothing() {
    // Deal 7 draws 9c, Ad, 5d, 2c, 3h, 7d, then Kh: a king only in a corner.
    let mut d = start(7);
    for (i, c) in [cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2), cell(0, 1), cell(0, 2)].into_iter().enumerate() {
        d.go(c);
        d.press(Buttons::CROSS);
        assert_eq!(d.game().move_count(), i + 1);
    }
    assert_eq!(d.game().next().unwrap().to_string(), "Kh");
    d.go(cell(1, 0));
    d.press(Buttons::CROSS);
    assert_eq!(d.game().move_count(), 6, "refused");
    let msg = d.app.playing().and_then(|g| g.corners()).unwrap().table().message(d.app.frame()).unwrap();
    assert!(msg.contains("labelled K"), "{msg}");
    d.go(cell(0, 0));
    d.press(Buttons::CROSS);
    assert_eq!(d.game().move_count(), 7);
}

/// Plays with the hints (Square, then the button the hint names) until the
/// game ends; returns the number of hints taken.
fn play_by_hints(d: &mut Driver) -> usize {
    for n in 0..400 {
        if d.game().status().is_over() {
            return n;
        }
        d.press(Buttons::SQUARE);
        let msg =
            d.app.playing().and_then(|g| g.corners()).unwrap().table().message(d.app.frame()).unwrap_or("").to_string();
        let before = d.game().move_count();
        // Every hint is played with X (a draw also with L1: tested below).
        let _ = &msg;
        d.press(Buttons::CROSS);
        assert_eq!(d.game().move_count(), before + 1, "the hint {msg:?} was playable with its button");
    }
    panic!("no end after 400 hints");
}

/// The first deal from 1 on in which the fair player removes a group.
fn a_deal_with_matching() -> u32 {
    use farewell::games::corners::player::{best_move, Style};
    (1..200)
        .find(|&seed| {
            let mut g = <Game as Patience>::deal(seed, ());
            while let Some(m) = best_move(&g, Style::default()) {
                if matches!(m, farewell::games::corners::Move::Clear(_)) {
                    return true;
                }
                if g.play(m).is_err() {
                    return false;
                }
            }
            false
        })
        .unwrap()
}

#[test]
fn hints_play_a_whole_game_with_the_buttons_they_name() {
    let mut d = start(a_deal_with_matching());
    let hints = play_by_hints(&mut d);
    assert!(hints > 16, "the matrix filled and a group went: {hints}");
    assert_eq!(d.app.screen(), Screen::Over { sel: 0 });
    assert!(d.log.contains("AFTK END "));
    // The fair player made the same moves, clears included.
    assert!(d.log.contains("AFTK MOVE clear:"), "a group was removed by X");
}

#[test]
fn a_group_is_removed_when_it_reaches_ten_and_circle_empties_it() {
    let mut d = start(a_deal_with_matching());
    // Fill the matrix by hints until matching starts.
    while d.game().phase() == Phase::Place && !d.game().status().is_over() {
        d.press(Buttons::SQUARE);
        d.press(Buttons::CROSS);
    }
    assert_eq!(d.game().phase(), Phase::Match);
    // Choose one card, then Circle: the group is empty again.
    let numbers: Vec<Cell> = Cell::all().filter(|c| d.game().values()[usize::from(c.index())] > 0).collect();
    d.go(numbers[0]);
    d.press(Buttons::CROSS);
    assert_ne!(d.app.playing().and_then(|g| g.corners()).unwrap().group(), 0);
    assert!(d.app.playing().and_then(|g| g.corners()).unwrap().group_sum() > 0);
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.playing().and_then(|g| g.corners()).unwrap().group(), 0);
    // The hint's group: X on its last card removes it (sum 10).
    let discard = d.game().discard().len();
    d.press(Buttons::SQUARE);
    d.press(Buttons::CROSS);
    assert!(d.game().discard().len() > discard, "removed");
    assert_eq!(d.game().phase(), Phase::MatchMore);
    // L1 draws again; Triangle takes the draw back, then the removal.
    d.press(Buttons::L1);
    assert_eq!(d.game().phase(), Phase::Place);
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.game().phase(), Phase::MatchMore);
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.game().discard().len(), discard);
    assert!(d.log.contains("AFTK MOVE undo\n"));
}

#[test]
fn the_end_is_counted_once_in_king_corners_statistics() {
    let mut d = start(7);
    play_by_hints(&mut d);
    let won = d.game().status() == Status::Won;
    let t = d.app.record(farewell::settings::GameId::Corners).tallies[0];
    assert_eq!((t.played, t.won), (1, u32::from(won)));
    // Undo after the end, then the end again: still one game.
    d.press(Buttons::TRIANGLE);
    if !won {
        d.press(Buttons::SQUARE);
        d.press(Buttons::CROSS);
        let t = d.app.record(farewell::settings::GameId::Corners).tallies[0];
        assert_eq!(t.played, 1);
    }
    // The Statistics screen shows it.
    let rows: Vec<_> = farewell::ui::stats::rows(&d.app).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].tally.played, 1);
}

#[test]
fn a_game_in_progress_is_saved_and_resumes_at_boot() {
    let mut d = start(7);
    for _ in 0..5 {
        d.press(Buttons::SQUARE);
        d.press(Buttons::CROSS);
    }
    let before = d.game().clone();
    let save = d.app.snapshot();
    assert_eq!(save.last_game, GameId::Corners);
    let saved = save.record(GameId::Corners).game.unwrap();
    assert_eq!((saved.seed, saved.count), (7, 5));
    // Through the bytes of the memory card record.
    let mut bytes = vec![0u8; farewell::save::MAX_ENCODED];
    let n = save.encode(&mut bytes).unwrap();
    let save = farewell::save::Save::decode(&bytes[..n]).unwrap();
    let mut e = at_title();
    e.app.load(save);
    assert_eq!(e.app.game, GameId::Corners);
    assert_eq!(e.app.screen(), Screen::Resume);
    e.press(Buttons::CROSS);
    assert_eq!(e.app.screen(), Screen::Play);
    assert_eq!(e.game(), &before);
    assert!(e.log.starts_with("AFTK NEW game=corners seed=7\nAFTK POS\n"));
}

#[test]
fn every_corners_screen_draws_within_the_list_capacity() {
    let mut d = start(7);
    let mut list = DrawList::new();
    for _ in 0..60 {
        render::draw(&d.app, Buttons::empty(), &AtlasSkin, &mut list);
        assert_eq!(list.dropped(), 0, "{:?}", d.app.screen());
        if d.game().status().is_over() {
            break;
        }
        d.press(Buttons::SQUARE);
        d.press(Buttons::CROSS);
    }
    d.press(Buttons::START);
    render::draw(&d.app, Buttons::empty(), &AtlasSkin, &mut list);
    assert_eq!(list.dropped(), 0);
}

#[test]
fn a_hint_to_draw_is_played_by_r1_or_by_x() {
    use farewell::games::corners::player::{best_move, Style};
    use farewell::games::corners::Move;
    let seed = a_deal_with_matching();
    let mut d = start(seed);
    // Follow the hints up to the first one that says to draw.
    for _ in 0..200 {
        if best_move(d.game(), Style::default()) == Some(Move::Draw) {
            break;
        }
        d.press(Buttons::SQUARE);
        d.press(Buttons::CROSS);
    }
    assert_eq!(d.game().phase(), Phase::MatchMore);
    for button in [Buttons::L1, Buttons::CROSS] {
        d.press(Buttons::SQUARE);
        let msg =
            d.app.playing().and_then(|g| g.corners()).unwrap().table().message(d.app.frame()).unwrap().to_string();
        assert_eq!(msg, "Hint: draw the next card (X plays it)");
        d.press(button);
        assert_eq!(d.game().phase(), Phase::Place, "{button:?} drew");
        d.press(Buttons::TRIANGLE);
    }
    // Without the hint, X chooses a card rather than drawing.
    let numbers = Cell::all().find(|c| d.game().values()[usize::from(c.index())] > 0).unwrap();
    d.go(numbers);
    d.press(Buttons::CROSS);
    assert_eq!(d.game().phase(), Phase::MatchMore);
    assert_ne!(d.app.playing().and_then(|g| g.corners()).unwrap().group(), 0);
}

#[test]
fn the_demo_takes_turns_between_the_games_and_gives_the_title_back() {
    let mut d = at_title();
    d.press(Buttons::DOWN); // King's Corners chosen on the title
    for _ in 0..farewell::ui::DEMO_AFTER + 2 {
        d.frame(Buttons::empty());
    }
    assert_eq!(d.app.screen(), Screen::Demo);
    assert_eq!(d.app.game, GameId::Farewell, "A Farewell to Kings first");
    assert_eq!(d.app.snapshot().last_game, GameId::Corners, "the demo is not the player's choice");
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Title { sel: 1 });
    assert_eq!(d.app.game, GameId::Corners);
    // The next demo deal is King's Corners, played by the fair player.
    for _ in 0..farewell::ui::DEMO_AFTER + 2 + 10 * farewell::ui::DEMO_PACE {
        d.frame(Buttons::empty());
    }
    assert_eq!(d.app.screen(), Screen::Demo);
    assert_eq!(d.app.game, GameId::Corners);
    assert!(d.log.contains("AFTK NEW game=corners"));
    assert!(d.game().move_count() >= 5, "{}", d.game().move_count());
    assert_eq!(d.app.snapshot().record(GameId::Corners).game, None, "a demo game is never saved");
    d.press(Buttons::START);
    assert_eq!(d.app.screen(), Screen::Title { sel: 1 });
    assert!(d.app.playing().and_then(|g| g.corners()).is_none());
}

#[test]
fn a_hint_while_matching_is_worked_out_over_frames_and_another_button_drops_it() {
    let mut d = start(a_deal_with_matching());
    while d.game().phase() == farewell::games::corners::Phase::Place && !d.game().status().is_over() {
        d.press(Buttons::SQUARE);
        d.press(Buttons::CROSS);
    }
    assert!(!d.game().status().is_over());
    // One frame of Square without the console's extra thinking: the
    // update alone thinks THINK_PER_FRAME units (24 groups), so a matrix
    // full of number cards needs more frames.
    d.input.update(Buttons::SQUARE);
    d.app.update(&d.input, &mut d.log);
    let thinking = d.app.thinking();
    if thinking {
        // Triangle drops it (and undoes the last placement).
        let before = d.game().move_count();
        d.input.update(Buttons::empty());
        d.app.update(&d.input, &mut d.log);
        d.input.update(Buttons::TRIANGLE);
        d.app.update(&d.input, &mut d.log);
        assert!(!d.app.thinking());
        assert_eq!(d.game().move_count(), before - 1);
    } else {
        // Few groups: found in the update's own share.
        let msg = d.app.playing().and_then(|g| g.corners()).unwrap().table().message(d.app.frame()).unwrap_or("");
        assert!(msg.starts_with("Hint"), "{msg}");
    }
}

#[test]
fn the_demo_never_asks_for_a_save() {
    let mut d = at_title();
    let _ = d.app.take_save_request();
    for _ in 0..farewell::ui::DEMO_AFTER + 2 + 20 * farewell::ui::DEMO_PACE {
        d.frame(Buttons::empty());
        assert!(!d.app.take_save_request(), "{:?}", d.app.screen());
    }
    assert_eq!(d.app.screen(), Screen::Demo);
}
