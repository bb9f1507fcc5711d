//! Host tests of the UI state machine, driven by synthetic pad input: the
//! cursor, pick/place/cancel, dealing, orphans, menus, options, the event
//! log, and what the renderer draws.

use crate::screens::Screens as _;
use farewell::draw::{DrawList, Item, Rgb, Sprite};
use farewell::games::farewell::{Card, Cell, KingStart, Status};
use farewell::input::Buttons;
use farewell::ui::farewell::Focus;
use farewell::ui::farewell::{hint_move, hint_strength, HintThinker};
use farewell::ui::paint::{self, CardSize, Skin};
use farewell::ui::render;
use farewell::ui::skin::AtlasSkin;
use farewell::ui::{FaceStyle, GameId, Screen};

use super::driver::{Driver, Pad};

/// At the title, the fair player given a fixed share of each frame (the
/// console gives it what time the frame has left).
fn at_title() -> Driver {
    Driver::thinking(farewell::ui::farewell::THINK_PER_FRAME)
}

/// Starts deal `seed` from the title, through A Farewell to Kings' menu and
/// its Deal number screen.
fn start(seed: u32) -> Driver {
    let mut d = at_title();
    d.choose(GameId::Farewell);
    d.deal(seed);
    d
}

#[test]
fn start_from_the_title_seeds_a_deal_from_the_frame_counter_and_logs_it() {
    let mut d = at_title();
    for _ in 0..37 {
        d.frame(Buttons::empty());
    }
    d.press(Buttons::START);
    assert_eq!(d.app.screen(), Screen::Play);
    let seed = d.app.playing().and_then(|g| g.farewell()).unwrap().game().seed();
    assert_eq!(seed, farewell::ui::seed_from_frame(38));
    assert!(d.log.starts_with(&format!(
        "AFTK NEW game=farewell seed={seed} grid=12x8 kings=centre easy=no\nAFTK POS\nAFTK | grid: 12x8\n"
    )));
    assert!(d.log.contains("AFTK | status: playing\n"));
}

#[test]
fn deal_number_entry_plays_the_chosen_deal() {
    let d = start(4_000_000_123);
    assert!(d.log.contains("AFTK NEW game=farewell seed=4000000123 "));
}

#[test]
fn cursor_moves_and_wraps_on_the_grid() {
    let mut d = start(1);
    assert_eq!(d.focus(), Focus::Grid(Cell::new(4, 6)));
    d.press(Buttons::UP);
    assert_eq!(d.focus(), Focus::Grid(Cell::new(3, 6)));
    d.presses(Buttons::UP, 4);
    assert_eq!(d.focus(), Focus::Grid(Cell::new(7, 6)), "wraps from the top row to the bottom");
    d.presses(Buttons::LEFT, 7);
    assert_eq!(d.focus(), Focus::Grid(Cell::new(7, 11)), "wraps from the left edge to the right");
}

#[test]
fn cursor_goes_right_into_the_hand_and_back() {
    let mut d = start(1);
    d.presses(Buttons::RIGHT, 6);
    assert_eq!(d.focus(), Focus::Hand(2), "row 4 of 8 is beside slot 2");
    d.press(Buttons::DOWN);
    assert_eq!(d.focus(), Focus::Hand(3));
    d.press(Buttons::DOWN);
    assert_eq!(d.focus(), Focus::Hand(0), "hand slots wrap");
    d.press(Buttons::LEFT);
    assert_eq!(d.focus(), Focus::Grid(Cell::new(4, 11)));
}

#[test]
fn holding_a_direction_repeats_the_move() {
    let mut d = start(1);
    for _ in 0..(farewell::input::REPEAT_DELAY + farewell::input::REPEAT_INTERVAL + 1) {
        d.frame(Buttons::LEFT);
    }
    assert_eq!(d.focus(), Focus::Grid(Cell::new(4, 3)), "press + two repeats");
}

#[test]
fn cross_picks_up_a_hand_card_and_aims_at_a_legal_cell_then_places_it() {
    let mut d = start(42); // hand 5d 7c Jc Td
    d.presses(Buttons::RIGHT, 6);
    d.press(Buttons::UP);
    d.press(Buttons::UP); // slot 0: 5d
    d.press(Buttons::CROSS);
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    assert_eq!(p.held(), Some(Card::parse("5d").unwrap()));
    let Focus::Grid(cell) = p.focus() else { panic!("cursor stays in the hand") };
    assert!(p.game().playable_cells(Card::parse("5d").unwrap()).contains(cell), "{cell} is legal");
    d.press(Buttons::CROSS);
    let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game();
    assert_eq!(g.card_at(cell), Some(Card::parse("5d").unwrap()));
    assert!(d.log.contains(&format!("AFTK MOVE 5d@{cell}\n")));
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().held(), None);
}

#[test]
fn circle_puts_the_held_card_back() {
    let mut d = start(42);
    d.press(Buttons::R2);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().held(), Some(Card::parse("5d").unwrap()));
    d.press(Buttons::R2);
    assert_eq!(
        d.app.playing().and_then(|g| g.farewell()).unwrap().held(),
        Some(Card::parse("7c").unwrap()),
        "R2 cycles the hand"
    );
    d.press(Buttons::L2);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().held(), Some(Card::parse("5d").unwrap()));
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().held(), None);
    assert!(matches!(d.focus(), Focus::Grid(_)), "the cursor stays on the grid, where X deals");
}

#[test]
fn an_illegal_placement_says_why_and_changes_nothing() {
    let mut d = start(42);
    d.press(Buttons::R2); // 5d
                          // Move to r0c0, far from any card.
    let Focus::Grid(c) = d.focus() else { panic!() };
    d.presses(Buttons::UP, usize::from(c.row));
    d.presses(Buttons::LEFT, usize::from(c.col));
    assert_eq!(d.focus(), Focus::Grid(Cell::new(0, 0)));
    let before = d.app.playing().and_then(|g| g.farewell()).unwrap().game().clone();
    d.press(Buttons::CROSS);
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    assert_eq!(p.game(), &before);
    assert_eq!(p.table().message(d.app.frame()), Some("r0c0 is not next to any card"));
}

#[test]
fn cross_deals_when_allowed_and_says_why_not_otherwise() {
    let mut d = start(42);
    d.press(Buttons::CROSS); // nothing held, cards playable
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    assert_eq!(p.table().message(d.app.frame()), Some("cannot deal: 5d can still be placed"));
    assert!(!d.log.contains("AFTK MOVE deal"));
}

#[test]
fn triangle_undoes_the_last_move() {
    let mut d = start(42);
    let before = d.app.playing().and_then(|g| g.farewell()).unwrap().game().clone();
    d.press(Buttons::R2);
    d.press(Buttons::CROSS);
    assert_ne!(d.app.playing().and_then(|g| g.farewell()).unwrap().game(), &before);
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().game(), &before);
    assert!(d.log.contains("AFTK MOVE undo\n"));
}

#[test]
fn select_toggles_the_legal_cell_highlight() {
    let mut d = start(42);
    assert!(d.app.settings.highlight);
    d.press(Buttons::SELECT);
    assert!(!d.app.settings.highlight);
}

#[test]
fn options_change_the_next_deal() {
    let mut d = at_title();
    d.press(Buttons::CROSS);
    d.presses(Buttons::DOWN, 2);
    d.press(Buttons::CROSS);
    assert!(matches!(d.app.screen(), Screen::Options { .. }));
    d.press(Buttons::RIGHT); // grid 12x8 -> 13x9
    d.press(Buttons::DOWN);
    d.press(Buttons::RIGHT); // kings centre -> corners
    d.press(Buttons::DOWN);
    d.press(Buttons::CROSS); // easy on
    d.press(Buttons::DOWN);
    d.press(Buttons::RIGHT); // four-colour faces
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.screen(), Screen::GameMenu { sel: 2 });
    d.press(Buttons::START);
    let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game();
    assert_eq!((g.options().width, g.options().height), (13, 9));
    assert_eq!(g.options().kings, KingStart::Corners);
    assert!(g.options().easy);
    assert_eq!(d.app.settings.face, FaceStyle::FourColour);
}

#[test]
fn pause_menu_restart_replays_the_same_deal() {
    let mut d = start(42);
    d.press(Buttons::R2);
    d.press(Buttons::CROSS);
    d.press(Buttons::START);
    assert_eq!(d.app.screen(), Screen::Pause { sel: 0 });
    d.presses(Buttons::DOWN, 2);
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Play);
    let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game();
    assert_eq!(g.seed(), 42);
    assert_eq!(g.move_count(), 0);
    assert_eq!(d.log.matches("AFTK NEW game=farewell seed=42 ").count(), 2);
}

#[test]
fn pause_menu_quit_returns_to_the_title() {
    let mut d = start(42);
    d.press(Buttons::START);
    d.presses(Buttons::UP, 1); // wraps to the last entry
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Title { sel: 0 });
    assert!(d.app.playing().and_then(|g| g.farewell()).is_none());
}

#[test]
fn custom_start_places_the_kings_with_the_cursor() {
    let mut d = at_title();
    d.press(Buttons::CROSS);
    d.presses(Buttons::DOWN, 2);
    d.press(Buttons::CROSS);
    d.press(Buttons::DOWN);
    d.presses(Buttons::RIGHT, 3); // centre -> corners -> random -> custom
    d.press(Buttons::CIRCLE);
    d.press(Buttons::START);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().game().status(), Status::PlacingKings);
    for _ in 0..4 {
        d.press(Buttons::CROSS);
        d.press(Buttons::RIGHT);
    }
    let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game();
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(g.hand().iter().flatten().count(), 4);
    assert!(d.log.contains("AFTK MOVE Ks@r4c6\n"), "{}", d.log);
}

/// A skin that records what it is asked to draw.
struct Marker;
impl Skin for Marker {
    fn card(&self, list: &mut DrawList, x: i16, y: i16, card: Card, _: FaceStyle, _: CardSize, _: Rgb) {
        list.sprite(x, y, Sprite { tpage: 999, clut: 0, u: card.index(), v: 0, w: 1, h: 1 });
    }
    fn back(&self, list: &mut DrawList, x: i16, y: i16, _: CardSize) {
        list.sprite(x, y, Sprite { tpage: 998, clut: 0, u: 0, v: 0, w: 1, h: 1 });
    }
    fn glyph(&self, ch: char) -> Option<(Sprite, i16)> {
        Some((Sprite { tpage: 997, clut: 0, u: ch as u8, v: 0, w: 8, h: 8 }, 8))
    }
    fn advance(&self) -> i16 {
        8
    }
    fn line_height(&self) -> i16 {
        8
    }
    fn card_size(&self, s: CardSize) -> (i16, i16) {
        match s {
            CardSize::Large => (22, 28),
            CardSize::Compact => (16, 22),
        }
    }
}

fn cards_drawn(list: &DrawList) -> Vec<Card> {
    list.items()
        .iter()
        .filter_map(|i| match i {
            Item::Sprite { sprite, .. } if sprite.tpage == 999 => Card::from_index(sprite.u),
            _ => None,
        })
        .collect()
}

#[test]
fn the_board_shows_every_card_on_the_grid_and_in_the_hand_once_settled() {
    let mut d = start(42);
    for _ in 0..120 {
        d.frame(Buttons::empty()); // let the opening deal's animation finish
    }
    let mut list = DrawList::new();
    render::draw(&d.app, Buttons::empty(), &Marker, &mut list);
    let mut drawn = cards_drawn(&list);
    drawn.sort();
    let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game();
    let mut expected: Vec<Card> = g.hand().iter().flatten().copied().collect();
    expected.extend(["Ks", "Kc", "Kd", "Kh"].map(|k| Card::parse(k).unwrap()));
    expected.sort();
    assert_eq!(drawn, expected);
    assert_eq!(list.dropped(), 0);
}

#[test]
fn the_largest_grid_fits_the_screen_with_compact_cards() {
    let lay = farewell::ui::farewell::Layout::new(&Marker, 14, 9);
    assert_eq!(lay.size, CardSize::Compact);
    let (x, y) = lay.cell_xy(Cell::new(8, 13));
    assert!(x + lay.card.0 <= lay.panel_x && y + lay.card.1 <= 240);
    // Large cards on 12 columns would overlap (the suit in a card's
    // top-right corner under its neighbour): compact ones fit their cells.
    let lay = farewell::ui::farewell::Layout::new(&Marker, 12, 8);
    assert_eq!(lay.size, CardSize::Compact);
    assert!(lay.pitch.0 >= lay.card.0);
    let (x, y) = lay.cell_xy(Cell::new(7, 11));
    assert!(x >= 0 && x + lay.card.0 <= lay.panel_x && y + lay.card.1 <= 240);
}

#[test]
fn every_screen_draws_within_the_list_capacity() {
    let mut d = start(42);
    let skin = AtlasSkin;
    let mut list = DrawList::new();
    for b in [Buttons::empty(), Buttons::START, Buttons::DOWN, Buttons::CROSS] {
        d.press(b);
        render::draw(&d.app, Buttons::L2 | Buttons::R2, &skin, &mut list);
        assert_eq!(list.dropped(), 0, "{:?}", d.app.screen());
    }
}

#[test]
fn long_messages_wrap_onto_two_lines_at_a_space() {
    let (a, b) = paint::wrap("Lost: no card in the hand can be placed and the stock is empty", 38);
    assert_eq!(a, "Lost: no card in the hand can be");
    assert_eq!(b, "placed and the stock is empty");
    assert_eq!(paint::wrap("short", 38), ("short", ""));
    let long = "x".repeat(50);
    let (a, b) = paint::wrap(&long, 38);
    assert_eq!((a.len(), b.len()), (38, 12));
}

#[test]
fn animations_never_pile_up_behind_quick_moves() {
    let mut d = start(2348);
    for _ in 0..30 {
        d.press(Buttons::R2);
        d.press(Buttons::CROSS);
        let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
        let f = d.app.frame();
        for a in p.table().motion().queued() {
            assert!(a.start <= f + 2 * farewell::ui::motion::SLIDE_FRAMES, "animation queued far ahead");
        }
    }
}

#[test]
fn a_deal_and_a_resumed_game_deal_the_hand_from_their_own_frame() {
    use farewell::games::farewell::{Game, Options};
    use farewell::save::SavedGame;
    use farewell::ui::catalogue::GameScreen;
    use farewell::ui::farewell::AnimKind;
    use farewell::ui::motion::STAGGER;
    use farewell::ui::GameId;
    let hand_dealt = |s: &GameScreen| -> Vec<(u8, u32)> {
        let p = s.farewell().unwrap();
        p.table()
            .motion()
            .queued()
            .iter()
            .map(|q| match q.kind {
                AnimKind::Deal { card, slot } => {
                    assert_eq!(p.game().hand()[usize::from(slot)], Some(card));
                    (slot, q.start)
                }
                other => panic!("{other:?}"),
            })
            .collect()
    };
    let mut log = String::new();
    let dealt = crate::screens::deal(GameId::Farewell, 42, 3 * 8, 500, &mut log).unwrap();
    assert_eq!(hand_dealt(&dealt), (0..4).map(|i| (i, 500 + u32::from(i) * STAGGER)).collect::<Vec<_>>());
    let mut g = Game::new(42, Options::default()).unwrap();
    g.apply(farewell::games::farewell::notation::parse_move("5d@r2c6").unwrap()).unwrap();
    let saved = SavedGame::of_moves::<Game>(42, Options::default(), g.moves()).unwrap();
    let resumed = GameScreen::resume(GameId::Farewell, &saved, 700, &mut log).unwrap();
    assert_eq!(resumed.farewell().unwrap().game(), &g);
    let slots: Vec<u8> = (0..4).filter(|&i| g.hand()[usize::from(i)].is_some()).collect();
    let starts: Vec<(u8, u32)> = slots.iter().zip(0..).map(|(&slot, i)| (slot, 700 + i * STAGGER)).collect();
    assert_eq!(hand_dealt(&resumed), starts);
}

#[test]
fn square_shows_the_fair_players_move() {
    let mut d = start(42);
    // The most units of work the hint's strength may take from here.
    let most = {
        let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game();
        HintThinker::with_strength(g, hint_strength(g)).progress().1
    };
    assert!(most > 10, "the hint searches more than one ply: {most}");
    d.press(Buttons::SQUARE);
    // The work is spread over frames, THINK_PER_FRAME units each.
    let mut frames = 0;
    while d.app.playing().and_then(|g| g.farewell()).unwrap().thinking() {
        d.frame(Buttons::empty());
        frames += 1;
    }
    assert!(frames <= most.div_ceil(farewell::ui::farewell::THINK_PER_FRAME as usize) + 1, "{frames} frames");
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    let best = hint_move(p.game()).0.unwrap();
    let farewell::games::farewell::Move::Place(card, cell) = best else { panic!("{best:?}") };
    assert_eq!(p.held(), Some(card));
    assert_eq!(p.focus(), Focus::Grid(cell));
    assert!(p.table().message(d.app.frame()).unwrap().starts_with("Hint: "));
    d.press(Buttons::CROSS);
    assert_eq!(
        d.app.playing().and_then(|g| g.farewell()).unwrap().game().card_at(cell),
        Some(card),
        "X plays the hint"
    );
}

#[test]
fn thirty_idle_seconds_on_the_title_start_the_demo_and_any_button_ends_it() {
    let mut d = at_title();
    for _ in 0..farewell::ui::DEMO_AFTER + 1 {
        d.frame(Buttons::empty());
    }
    assert_eq!(d.app.screen(), Screen::Demo);
    for _ in 0..(farewell::ui::DEMO_PACE * 10) {
        d.frame(Buttons::empty());
    }
    assert!(d.log.matches("AFTK MOVE ").count() >= 5, "the demo plays moves");
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.app.screen(), Screen::Title { sel: 0 });
    assert!(d.app.playing().and_then(|g| g.farewell()).is_none());
}

#[test]
fn the_demo_plays_whole_games_and_deals_again() {
    let mut d = at_title();
    for _ in 0..farewell::ui::DEMO_AFTER + 1 {
        d.frame(Buttons::empty());
    }
    for _ in 0..(farewell::ui::DEMO_PACE * 200 + 600) {
        d.frame(Buttons::empty());
    }
    assert!(d.log.matches("AFTK END").count() >= 1, "a demo game ended");
    assert!(d.log.matches("AFTK NEW").count() >= 2, "and a new one began");
    assert_eq!(d.app.screen(), Screen::Demo);
}

/// The `AFTK NEW` lines of a demo that starts after `idle` frames on the
/// title and a press (Down, then Up: the title as it was) that makes the
/// attract mode wait its whole time again, and runs until it has dealt
/// twice.
fn demo_deals_after(idle: u32) -> Vec<String> {
    let mut d = at_title();
    for _ in 0..idle {
        d.frame(Buttons::empty());
    }
    d.press(Buttons::DOWN);
    d.press(Buttons::UP);
    assert_eq!(d.app.screen(), Screen::Title { sel: 0 });
    for _ in 0..(farewell::ui::DEMO_PACE * 200 + 600) {
        if d.log.matches("AFTK NEW").count() >= 2 {
            break;
        }
        d.frame(Buttons::empty());
    }
    d.log.lines().filter(|l| l.starts_with("AFTK NEW")).map(str::to_owned).collect()
}

#[test]
fn the_demo_deals_the_same_deals_whenever_it_starts() {
    let early = demo_deals_after(0);
    let late = demo_deals_after(1234);
    assert_eq!(early.len(), 2, "{early:?}");
    assert_eq!(early, late, "the demo's deals must not depend on when it starts");
    assert_ne!(early[0], early[1]);
}

#[test]
fn the_title_lists_the_games_and_cross_opens_the_chosen_games_menu() {
    let mut d = at_title();
    assert_eq!(d.app.screen(), Screen::Title { sel: 0 });
    assert_eq!(farewell::games::GameId::nth(0), farewell::settings::GameId::Farewell);
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::GameMenu { sel: 0 });
    assert_eq!(d.app.game, farewell::settings::GameId::Farewell);
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.screen(), Screen::Title { sel: 0 });
    d.press(Buttons::CROSS);
    d.press(Buttons::CROSS); // New game
    assert_eq!(d.app.screen(), Screen::Play);
}

#[test]
fn the_game_menu_reaches_options_help_and_statistics_and_back() {
    let mut d = at_title();
    d.press(Buttons::CROSS);
    for (sel, want) in [(2u8, "Options"), (3, "Help"), (4, "Stats")] {
        d.presses(Buttons::DOWN, sel.into());
        d.press(Buttons::CROSS);
        let shown = format!("{:?}", d.app.screen());
        assert!(shown.starts_with(want), "{shown}");
        d.press(Buttons::CIRCLE);
        assert_eq!(d.app.screen(), Screen::GameMenu { sel });
        d.presses(Buttons::UP, sel.into());
    }
}

/// Plays deal 2348 (lost at its end, the README's screenshot of a loss) to its
/// end with the fair player's hints, then returns to the title.
fn finish_a_game(d: &mut Driver) -> bool {
    for _ in 0..400 {
        if d.app.playing().and_then(|g| g.farewell()).unwrap().game().status().is_over() {
            break;
        }
        d.press(Buttons::SQUARE);
        for _ in 0..30 {
            d.frame(Buttons::empty());
        }
        d.press(Buttons::CROSS);
    }
    d.app.playing().and_then(|g| g.farewell()).unwrap().game().status() == Status::Won
}

#[test]
fn statistics_show_a_finished_game_and_reset_only_on_cross() {
    let mut d = start(2348);
    let won = finish_a_game(&mut d);
    assert!(
        d.app.playing().and_then(|g| g.farewell()).unwrap().game().status().is_over(),
        "the hints play the deal to its end"
    );
    let rows: Vec<_> = farewell::ui::stats::rows(&d.app).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].label.as_str(), "12x8 centre");
    assert_eq!((rows[0].tally.played, rows[0].tally.won), (1, u32::from(won)));
    assert_eq!(farewell::ui::stats::totals(&d.app).played, 1);
    // The screen, reached from the game menu's foot on a fresh start with
    // these statistics.
    let mut d2 = at_title();
    d2.app.load(farewell::save::Save { sections: d.app.snapshot().sections, ..Default::default() });
    d2.press(Buttons::CROSS);
    d2.presses(Buttons::UP, 2); // wraps to How to play, then Statistics
    d2.press(Buttons::CROSS);
    assert_eq!(d2.app.screen(), Screen::Stats { scroll: 0, from_pause: false });
    d2.press(Buttons::SQUARE);
    assert_eq!(d2.app.screen(), Screen::ResetStats { from_pause: false });
    d2.press(Buttons::CIRCLE);
    assert_eq!(farewell::ui::stats::totals(&d2.app).played, 1, "O keeps them");
    d2.press(Buttons::SQUARE);
    d2.press(Buttons::CROSS);
    assert_eq!(d2.app.screen(), Screen::Stats { scroll: 0, from_pause: false });
    assert_eq!(farewell::ui::stats::totals(&d2.app).played, 0, "X resets them");
    assert!(d2.app.take_save_request(), "the reset is saved");
}

/// Square, then frames until the hint is shown.
fn hint(d: &mut Driver) {
    d.press(Buttons::SQUARE);
    while d.app.playing().and_then(|g| g.farewell()).unwrap().thinking() {
        d.frame(Buttons::empty());
    }
}

/// True when the fair player's move is to deal while the hand holds cards
/// (a turn's end: no line of a hint goes past it).
fn deal_hinted_with_cards(g: &farewell::games::farewell::Game) -> bool {
    hint_move(g).0 == Some(farewell::games::farewell::Move::Deal) && g.hand().iter().any(Option::is_some)
}

/// The first deal number whose play by the console's hints (their lines
/// followed, as the screen does) comes to a deal with cards in the hand
/// (the hint then says to deal while a card can be held).
fn seed_with_a_deal_hint() -> u32 {
    use farewell::games::farewell::{Game, Move, Options};
    (1..500)
        .find(|&seed| {
            let mut g = Game::new(seed, Options::default()).unwrap();
            let mut hints = farewell::ui::farewell::HintPlayer::default();
            for _ in 0..200 {
                let m = hints.next(&g).0;
                if m == Some(Move::Deal) && g.hand().iter().any(Option::is_some) {
                    return true;
                }
                match m {
                    Some(m) if !g.status().is_over() => {
                        g.apply(m).unwrap();
                    }
                    _ => return false,
                }
            }
            false
        })
        .expect("a deal among 1..500 comes to a deal hint with cards in the hand")
}

/// Starts that deal and plays it with the fair player's hints (Square, X)
/// up to the hint to deal with cards in the hand.
fn play_to_a_deal_hint() -> Driver {
    let mut d = start(seed_with_a_deal_hint());
    for _ in 0..200 {
        if deal_hinted_with_cards(d.app.playing().and_then(|g| g.farewell()).unwrap().game()) {
            return d;
        }
        hint(&mut d);
        d.press(Buttons::CROSS);
    }
    panic!("the hints did not replay the fair player's game");
}

#[test]
fn a_deal_hint_while_a_card_is_held_is_played_with_cross() {
    let mut d = play_to_a_deal_hint();
    d.press(Buttons::R2); // hold a card that has no place
    assert!(d.app.playing().and_then(|g| g.farewell()).unwrap().held().is_some());
    hint(&mut d);
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    assert_eq!(p.table().message(d.app.frame()), Some("Hint: deal a new hand (X plays it)"));
    assert_eq!(p.held(), None, "the hint puts the held card back");
    let deals = d.log.matches("AFTK MOVE deal\n").count();
    d.press(Buttons::CROSS);
    assert_eq!(d.log.matches("AFTK MOVE deal\n").count(), deals + 1, "X deals, as the hint says");
}

#[test]
fn circle_then_cross_deals_when_no_hand_card_can_be_placed() {
    let mut d = play_to_a_deal_hint();
    d.press(Buttons::R2);
    assert!(d.app.playing().and_then(|g| g.farewell()).unwrap().held().is_some());
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().held(), None);
    let deals = d.log.matches("AFTK MOVE deal\n").count();
    d.press(Buttons::CROSS);
    assert_eq!(d.app.playing().and_then(|g| g.farewell()).unwrap().held(), None, "X does not pick the card up again");
    assert_eq!(d.log.matches("AFTK MOVE deal\n").count(), deals + 1, "put back, then X deals");
}

#[test]
fn a_hint_leaves_the_screen_when_its_move_or_another_is_played() {
    let mut d = start(42);
    hint(&mut d);
    assert!(d
        .app
        .playing()
        .and_then(|g| g.farewell())
        .unwrap()
        .table()
        .message(d.app.frame())
        .unwrap()
        .starts_with("Hint: "));
    d.press(Buttons::CROSS); // plays the hinted card
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    assert!(
        p.table().message(d.app.frame()).is_none_or(|m| !m.starts_with("Hint: ")),
        "the hint stays after its move: {:?}",
        p.table().message(d.app.frame())
    );
    // Another move than the hinted one also ends the hint.
    hint(&mut d);
    d.press(Buttons::TRIANGLE);
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    assert!(p.table().message(d.app.frame()).unwrap().starts_with("Took back"));
    hint(&mut d);
    let held = d.app.playing().and_then(|g| g.farewell()).unwrap().held().unwrap();
    // Place the held card somewhere legal other than the hinted cell.
    let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game().clone();
    let Focus::Grid(at) = d.focus() else { panic!() };
    let other = g.playable_cells(held).iter().find(|c| *c != at);
    {
        let other = other.expect("deal 42's hinted card has a second legal cell");
        let (dr, dc) = (i32::from(other.row) - i32::from(at.row), i32::from(other.col) - i32::from(at.col));
        let v = if dr < 0 { Buttons::UP } else { Buttons::DOWN };
        let h = if dc < 0 { Buttons::LEFT } else { Buttons::RIGHT };
        d.presses(v, dr.unsigned_abs() as usize);
        d.presses(h, dc.unsigned_abs() as usize);
        assert_eq!(d.focus(), Focus::Grid(other));
        d.press(Buttons::CROSS);
        let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
        assert_eq!(p.game().card_at(other), Some(held));
        assert!(
            p.table().message(d.app.frame()).is_none_or(|m| !m.starts_with("Hint: ")),
            "another move ends the hint"
        );
    }
}

/// The text a list writes with [`Marker`]'s glyphs, line by line (top to
/// bottom), each glyph's box with it.
fn marker_lines(list: &DrawList) -> Vec<(i16, String, i16, i16)> {
    let mut glyphs: Vec<(i16, i16, char)> = list
        .items()
        .iter()
        .filter_map(|i| match i {
            Item::Sprite { x, y, sprite, .. } if sprite.tpage == 997 => Some((*y, *x, sprite.u as char)),
            _ => None,
        })
        .collect();
    glyphs.sort();
    let mut lines: Vec<(i16, String, i16, i16)> = Vec::new();
    for (y, x, ch) in glyphs {
        match lines.last_mut() {
            Some((ly, s, _, right)) if *ly == y => {
                s.push(if x > *right + 1 { ' ' } else { '\0' });
                s.retain(|c| c != '\0');
                s.push(ch);
                *right = x + 8;
            }
            _ => lines.push((y, ch.to_string(), x, x + 8)),
        }
    }
    lines
}

#[test]
fn the_loss_screen_keeps_its_box_over_the_grid_with_the_reason_inside() {
    let mut d = start(2348);
    assert!(!finish_a_game(&mut d), "deal 2348 is lost");
    assert!(matches!(d.app.screen(), Screen::Over { .. }));
    let reason = match d.app.playing().and_then(|g| g.farewell()).unwrap().game().status() {
        Status::Lost(l) => l.describe(),
        s => panic!("{s:?}"),
    };
    let mut list = DrawList::new();
    render::draw(&d.app, Buttons::empty(), &Marker, &mut list);
    let lay = farewell::ui::farewell::Layout::new(&Marker, 12, 8);
    // The box: the fills in the box colour drawn over the board.
    let boxes: Vec<(i16, i16, i16, i16)> = list
        .items()
        .iter()
        .filter_map(|i| match i {
            Item::Fill { x, y, w, h, color } if *color == paint::palette::BOX => {
                Some((*x, *y, *x + *w as i16, *y + *h as i16))
            }
            _ => None,
        })
        .collect();
    assert_eq!(boxes.len(), 1, "one box, not a menu and a message bar: {boxes:?}");
    let (x0, y0, x1, y1) = boxes[0];
    assert!(x0 >= 0 && y0 >= 0 && y1 <= paint::SCREEN_H, "{:?}", boxes[0]);
    assert!(x1 <= lay.panel_x, "the box covers the side panel (hand, stock, books): {:?}", boxes[0]);
    // The grid around the box is dimmed, the panel is not.
    let box_at =
        list.items().iter().position(|i| matches!(i, Item::Fill { color, .. } if *color == paint::palette::BOX));
    let shade_at = list.items().iter().position(|i| {
        matches!(i, Item::Shade { x: 0, y: 0, w, h, .. }
            if *w as i16 == lay.panel_x && *h as i16 == paint::SCREEN_H)
    });
    assert!(shade_at.is_some() && shade_at < box_at, "the grid is dimmed under the box");
    // Nothing yellow but the selected menu item (no cursor, no bar outline).
    for i in list.items() {
        if let Item::Fill { color, x, y, .. } = i {
            assert_ne!(*color, paint::palette::CURSOR, "a yellow fill at ({x}, {y})");
        }
    }
    // The reason is written inside the box, in full.
    let lines = marker_lines(&list);
    let inside: Vec<&str> = lines
        .iter()
        .filter(|(y, _, l, r)| *y >= y0 && *y + 8 <= y1 && *l >= x0 && *r <= x1)
        .map(|(_, s, ..)| s.as_str())
        .collect();
    // As a sentence: its first letter a capital.
    let sentence = format!("{}{}", reason[..1].to_uppercase(), &reason[1..]);
    assert!(inside.join(" ").contains(&sentence), "{sentence:?} not in the box: {inside:?}");
}

#[test]
fn a_hint_shown_is_one_event_and_a_new_deal_after_hints_is_none() {
    let mut d = start(42);
    let mut events = 0;
    d.press(Buttons::SQUARE);
    events += usize::from(d.app.take_hint_shown());
    while d.app.playing().and_then(|g| g.farewell()).unwrap().thinking() {
        d.frame(Buttons::empty());
        events += usize::from(d.app.take_hint_shown());
    }
    assert_eq!(events, 1, "one hint, one event");
    assert_eq!(d.app.hints(), Some(1));
    assert!(!d.app.take_hint_shown(), "taken once");
    // Restart from the pause menu: a new screen whose count starts at 0,
    // which a comparison of counts took for a hint. No event.
    d.press(Buttons::START);
    d.presses(Buttons::DOWN, 2);
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Play);
    assert_eq!(d.app.hints(), Some(0));
    assert!(!d.app.take_hint_shown(), "a new deal shows no hint");
    for _ in 0..10 {
        d.frame(Buttons::empty());
        assert!(!d.app.take_hint_shown());
    }
}

/// The lines after the last `AFTK MOVE` of the log, that move's included.
fn after_last_move(log: &str) -> &str {
    &log[log.rfind("AFTK MOVE ").expect("a move was logged")..]
}

#[test]
fn a_moves_position_is_logged_the_frame_after_and_before_anything_else_of_the_game() {
    // Deal 42's hand: 5d 7c Jc Td. The move's frame logs the move alone
    // (a 14x9 position is 2 ms of formatting on the console); the next
    // frame logs its position, as `kings play` prints it.
    let mut d = start(42);
    d.presses(Buttons::RIGHT, 6);
    d.presses(Buttons::UP, 2);
    d.press(Buttons::CROSS);
    d.frame(Buttons::CROSS);
    let m = after_last_move(&d.log).to_string();
    assert!(m.starts_with("AFTK MOVE 5d@") && !m.contains("AFTK POS"), "{m}");
    d.frame(Buttons::empty());
    let m = after_last_move(&d.log);
    assert!(m.contains("\nAFTK POS\nAFTK | grid: 12x8\n") && m.ends_with("AFTK | status: playing\n"), "{m}");
    // Start (the pause menu) in the frame after a move: its position first.
    let mut d = start(42);
    d.presses(Buttons::RIGHT, 6);
    d.presses(Buttons::UP, 2);
    d.press(Buttons::CROSS);
    d.frame(Buttons::CROSS);
    d.frame(Buttons::START);
    assert!(after_last_move(&d.log).contains("AFTK POS\n"));
    // Every move of a whole game has its position before the next move.
    let mut d = start(7);
    for _ in 0..40 {
        d.press(Buttons::SQUARE);
        for _ in 0..60 {
            d.frame(Buttons::empty());
        }
        d.press(Buttons::CROSS);
    }
    let moves = d.log.matches("AFTK MOVE ").count();
    assert!(moves > 5, "{moves} moves");
    for piece in d.log.split("AFTK MOVE ").skip(1) {
        assert!(piece.contains("\nAFTK POS\n"), "a move without its position: {piece}");
    }
}

#[test]
fn a_press_while_a_win_shows_brings_its_menu_up_and_chooses_nothing() {
    // Deal 1 is won by its hints (as the emulator's farewell-won run).
    let mut d = start(1);
    assert!(finish_a_game(&mut d), "the hints win deal 1");
    assert!(matches!(d.app.screen(), Screen::Over { .. }));
    // The X of the winning move's release frame, and another: the win
    // shows, and the menu is not up to take it.
    assert!(!d.app.over_menu_up());
    d.press(Buttons::CROSS);
    assert!(d.app.over_menu_up(), "a press brings the menu up");
    assert!(matches!(d.app.screen(), Screen::Over { sel: 0 }), "and chooses nothing");
    // Hurried presses while it settles choose nothing either.
    d.press(Buttons::DOWN);
    d.press(Buttons::CROSS);
    assert!(matches!(d.app.screen(), Screen::Over { sel: 0 }));
    for _ in 0..farewell::ui::MENU_SETTLES {
        d.frame(Buttons::empty());
    }
    // Then X takes the menu's first row: a new deal.
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Play);
    assert_ne!(d.app.seed(), 1);
}

#[test]
fn a_win_shows_on_its_own_before_its_menu_comes_up() {
    let mut d = start(1);
    assert!(finish_a_game(&mut d));
    for _ in 0..farewell::ui::screen::WIN_SHOWS - 4 {
        d.frame(Buttons::empty());
        assert!(!d.app.over_menu_up());
    }
    for _ in 0..8 {
        d.frame(Buttons::empty());
    }
    assert!(d.app.over_menu_up());
}

#[test]
fn a_hint_after_a_hint_followed_is_read_from_its_line_in_the_frame_of_square() {
    use farewell::games::farewell::Move;
    use farewell::ui::farewell::HintPlayer;
    let mut d = start(1);
    let game = |d: &Driver| d.app.playing().and_then(|g| g.farewell()).unwrap().game().clone();
    let mut host = HintPlayer::default();
    let (first, units) = host.next(&game(&d));
    assert!(units > 0, "the first hint is searched");
    hint(&mut d);
    d.press(Buttons::CROSS);
    assert_eq!(game(&d).moves().last(), first, "X played the hint");
    // The host's player reads the next move from the line, and so does the
    // screen: shown by the frame that takes Square, with no search.
    let (second, units) = host.next(&game(&d));
    assert_eq!(units, 0, "read from the line");
    let Some(Move::Place(card, cell)) = second else { panic!("{second:?}") };
    d.frame(Buttons::SQUARE);
    let p = d.app.playing().and_then(|g| g.farewell()).unwrap();
    assert!(!p.thinking(), "no search under way");
    assert_eq!((p.held(), p.focus()), (Some(card), Focus::Grid(cell)));
    d.frame(Buttons::empty());
    d.press(Buttons::CROSS);
    assert_eq!(game(&d).moves().last(), second);
    // An undo forgets the line: the next hint is searched again.
    d.press(Buttons::TRIANGLE);
    d.frame(Buttons::SQUARE);
    assert!(d.app.playing().and_then(|g| g.farewell()).unwrap().thinking(), "searched after an undo");
}

#[test]
fn the_screen_s_hints_played_with_x_are_the_host_s_hint_player_s_moves_to_the_end_of_a_deal() {
    // `aftk stats --strength hint` measures HintPlayer; the console plays
    // the screen. Square then X, move after move, must be the same game.
    use farewell::games::farewell::Move;
    use farewell::ui::farewell::HintPlayer;
    for seed in [1u32, 2] {
        let mut d = start(seed);
        let mut host = HintPlayer::default();
        let (mut read, mut moves) = (0, 0);
        loop {
            let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game().clone();
            if g.status().is_over() {
                break;
            }
            let (want, units) = host.next(&g);
            let Some(want) = want else { break };
            read += usize::from(units == 0);
            hint(&mut d);
            d.press(Buttons::CROSS);
            let g = d.app.playing().and_then(|g| g.farewell()).unwrap().game().clone();
            assert_eq!(g.moves().last(), Some(want), "deal {seed}, move {moves}");
            moves += 1;
            if want == Move::Deal {
                // The deal's cards settle before the next hint.
                for _ in 0..60 {
                    d.frame(Buttons::empty());
                }
            }
        }
        assert!(moves > 20 && read > 5, "deal {seed}: {moves} moves, {read} read from a line");
    }
}

/// The message on the table of the game in play.
fn table_message(d: &Driver) -> Option<String> {
    use farewell::ui::catalogue::GameScreen;
    let f = d.app.frame();
    #[allow(unreachable_patterns)]
    match d.app.playing()? {
        GameScreen::Farewell(p) => p.table().message(f).map(String::from),
        GameScreen::Corners(p) => p.table().message(f).map(String::from),
        GameScreen::Albert(p) => p.table().message(f).map(String::from),
        GameScreen::Kingdoms(p) => p.table().message(f).map(String::from),
        _ => None,
    }
}

/// Deal 21 of `game` with the cursor where X is refused (its D-pad path
/// from where a deal leaves it, and the start of the refusal's words),
/// thinking one unit a frame from then on: a hint takes many frames.
fn at_a_refused_x(game: GameId) -> (Driver, &'static str) {
    let (path, refusal): (&[Buttons], _) = match farewell::ui::catalogue::screen(game).game.id {
        // A king on the grid's centre, a card in hand that can be placed.
        "farewell" => (&[], "cannot deal"),
        // The next card is a jack, the cell has no label.
        "corners" => (&[], "Jc goes only"),
        // Up to the reserve, left round to a suit stack.
        "albert" => (&[Buttons::UP, Buttons::LEFT], "Cards on the suit stacks"),
        "kingdoms" => (&[Buttons::LEFT], "Cards never leave the foundations"),
        id => panic!("no refused X known for {id}"),
    };
    let mut d = Driver::new();
    d.choose(game);
    d.deal(21);
    for b in path {
        d.press(*b);
    }
    d.budget = Some(1);
    (d, refusal)
}

/// Frames from `d`'s next one until a hint more than `shown` is on screen,
/// that one counted; panics past `limit`.
fn frames_until_shown(d: &mut Driver, shown: u32, limit: usize) -> usize {
    for n in 1..=limit {
        d.frame(Buttons::empty());
        if d.app.hints() > Some(shown) {
            return n;
        }
    }
    panic!("{:?}: no hint in {limit} frames", d.app.game);
}

#[test]
fn square_then_a_refused_x_then_square_gets_the_hint_in_the_frames_its_work_needs_in_every_game() {
    for game in GameId::all() {
        // How many frames the hint takes when nothing else is pressed.
        let (mut r, _) = at_a_refused_x(game);
        let shown = r.app.hints().unwrap();
        r.frame(Buttons::SQUARE);
        let needs = if r.app.hints() > Some(shown) { 1 } else { 1 + frames_until_shown(&mut r, shown, 10_000) };

        let (mut d, refusal) = at_a_refused_x(game);
        let moves = d.moves();
        d.frame(Buttons::SQUARE);
        if needs < 4 {
            // Shown before a press could come between (King's Corners
            // thinks within the frame of Square).
            assert_eq!(d.app.hints(), Some(shown + u32::from(needs == 1)), "{game:?}");
            continue;
        }
        for _ in 1..needs / 2 {
            d.frame(Buttons::empty());
        }
        assert!(d.app.hint_asked() && d.app.hints() == Some(shown), "{game:?}: still working");
        d.frame(Buttons::CROSS);
        d.frame(Buttons::empty());
        assert_eq!(d.moves(), moves, "{game:?}: X changed no position");
        let said = table_message(&d).unwrap_or_default();
        assert!(said.starts_with(refusal), "{game:?}: X refused, said {said:?}");
        assert!(!d.app.hint_asked(), "{game:?}: nobody waits for the hint now");
        assert!(d.app.thinking(), "{game:?}: but its work goes on");
        assert_eq!(d.app.hints(), Some(shown), "{game:?}");
        // Square again: the work done counts, nothing starts over.
        d.frame(Buttons::SQUARE);
        let square = needs / 2 + 3;
        let at = if d.app.hints() > Some(shown) { square } else { square + frames_until_shown(&mut d, shown, 10_000) };
        assert!(at <= needs.max(square), "{game:?}: shown at frame {at}, the work needs {needs}");

        // Square, a refused X, and the work left to finish: it is kept,
        // not shown, and the next Square shows it in its own frame.
        let (mut d, _) = at_a_refused_x(game);
        d.frame(Buttons::SQUARE);
        d.frame(Buttons::CROSS);
        for _ in 0..needs {
            d.frame(Buttons::empty());
        }
        assert!(!d.app.thinking(), "{game:?}: the work ended");
        assert_eq!(d.app.hints(), Some(shown), "{game:?}: nothing lands after the X");
        d.frame(Buttons::SQUARE);
        assert_eq!(d.app.hints(), Some(shown + 1), "{game:?}: the kept hint, at once");
    }
}
