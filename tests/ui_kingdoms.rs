//! Host tests of Four Kingdoms' play screen, driving `ui::kingdoms::Play`
//! with synthetic pad input: drawing, a run move, a guest chamber move,
//! foundation moves, a refusal with its reason, undo, a hint played with
//! Cross, and what the renderer draws with long lands.
//!
//! Positions are reached the way the console reaches them: the fair
//! player's line of play on a deal, rebuilt through the save's move codes
//! (`Table::resume`), up to the first position where the move wanted is
//! legal.

use farewell::draw::{DrawList, MAX_ITEMS};
use farewell::games::kingdoms::player::{self, best_move};
use farewell::games::kingdoms::{Card, Game, Move, Place, Position};
use farewell::games::Patience;
use farewell::input::{Buttons, Input};
use farewell::save::{SavedGame, SAVED_MOVES};
use farewell::settings::FaceStyle;
use farewell::ui::kingdoms::{self, Column, Play, Spot};
use farewell::ui::screen::PlayScreen;
use farewell::ui::skin::AtlasSkin;
use farewell::ui::table::{position_of, Table};

use super::driver::PlayDriver;

type Driver = PlayDriver<Play>;

/// Deal `seed`, its opening position logged as the App logs it (the
/// frame after the deal).
fn dealt(seed: u32) -> Driver {
    let mut log = String::new();
    let mut p = Play::on(Table::new(seed, Default::default(), &mut log));
    p.log_due(&mut log);
    Driver::new(p, log, 1)
}

/// Deal `seed` after `line`, rebuilt as a saved game is.
fn resumed(seed: u32, line: &[Move]) -> Driver {
    let mut g = Game::new(seed);
    let mut moves = [0u16; SAVED_MOVES];
    for (i, m) in line.iter().enumerate() {
        moves[i] = position_of(&g, *m).unwrap();
        g.play(*m).unwrap();
    }
    let saved = SavedGame { seed, options: 0, count: line.len() as u16, moves, hinted: false };
    let t = Table::<Game>::resume(&saved).unwrap();
    assert_eq!(t.game().position(), g.position());
    Driver::new(Play::on(t), String::new(), 1)
}

/// Four Kingdoms' table, as these tests look at it and move over it.
trait Kingdoms {
    fn pos(&self) -> &Position;
    fn message(&self) -> String;
    fn text(&self) -> String;
    /// Moves the cursor to `to` with the D-pad.
    fn go(&mut self, to: Spot);
    /// Runs the console's hint over frames, a unit a frame; returns the
    /// frames it took.
    fn think(&mut self) -> u32;
}

impl Kingdoms for Driver {
    fn pos(&self) -> &Position {
        self.play.game().position()
    }

    fn message(&self) -> String {
        self.play.table().message(self.frame).unwrap_or("").to_string()
    }

    fn text(&self) -> String {
        let mut s = String::new();
        farewell::games::kingdoms::notation::write_position(self.pos(), &mut s).unwrap();
        s
    }

    fn go(&mut self, to: Spot) {
        for _ in 0..80 {
            let at = self.play.cursor();
            if at == to {
                return;
            }
            self.press(step(at, to));
        }
        panic!("the cursor never reached {to:?}: at {:?}", self.play.cursor());
    }

    fn think(&mut self) -> u32 {
        let mut frames = 0;
        while self.play.think(1, self.frame, &mut self.store) {
            self.frame += 1;
            frames += 1;
            assert!(frames < 1000, "the hint never ends");
        }
        frames
    }
}

/// The suit rows, talon and waste as a grid: (row, column).
fn grid(s: Spot) -> (u8, u8) {
    match s {
        Spot::Row { suit, column } => (suit, column as u8),
        Spot::Talon => (4, 0),
        Spot::Waste => (4, 1),
        Spot::Land { .. } => unreachable!(),
    }
}

fn step(at: Spot, to: Spot) -> Buttons {
    match (at, to) {
        (Spot::Land { land: a, depth: d }, Spot::Land { land: b, depth: e }) => {
            if a < b {
                Buttons::RIGHT
            } else if a > b {
                Buttons::LEFT
            } else if d < e {
                Buttons::UP
            } else {
                Buttons::DOWN
            }
        }
        (Spot::Land { .. }, _) => Buttons::LEFT,
        (_, Spot::Land { .. }) => Buttons::RIGHT,
        _ => {
            let ((r1, c1), (r2, c2)) = (grid(at), grid(to));
            if r1 < r2 {
                Buttons::DOWN
            } else if r1 > r2 {
                Buttons::UP
            } else if c1 < c2 {
                Buttons::RIGHT
            } else {
                Buttons::LEFT
            }
        }
    }
}

/// Where the cursor picks `c` up.
fn spot_of(p: &Position, c: Card) -> Spot {
    match p.locate(c) {
        Place::Land { land, index, .. } => {
            let n = p.land(usize::from(land)).cards().len();
            Spot::Land { land, depth: (n - 1 - usize::from(index)) as u8 }
        }
        Place::Waste { .. } => Spot::Waste,
        Place::Guest => Spot::Row { suit: c.suit() as u8, column: Column::Guest },
        other => panic!("{c} cannot be picked up: {other:?}"),
    }
}

/// The foundation place of `c`'s row.
fn home_of(c: Card) -> Spot {
    let column = match c.rank().number() {
        1 => Column::Dungeon,
        10 => Column::Tower,
        11..=13 => Column::Castle,
        _ => Column::Subjects,
    };
    Spot::Row { suit: c.suit() as u8, column }
}

/// The fair player's line of play on deals from 1 on, up to the first
/// position where `want` accepts a legal move: the deal, the line, the move.
fn find(want: impl Fn(&Position, Move) -> bool) -> (u32, Vec<Move>, Move) {
    for seed in 1..400 {
        let mut g = Game::new(seed);
        let mut line = Vec::new();
        while line.len() < 200 {
            let mut found = None;
            g.position().for_each_legal(&mut |m| {
                if found.is_none() && want(g.position(), m) {
                    found = Some(m);
                }
            });
            if let Some(m) = found {
                return (seed, line, m);
            }
            match best_move(g.position()) {
                Some(m) => {
                    g.play(m).unwrap();
                    line.push(m);
                }
                None => break,
            }
        }
    }
    panic!("no deal has such a move");
}

#[test]
fn a_new_deal_is_logged_with_its_game_and_starts_on_p1() {
    let d = dealt(7);
    assert!(d.log.starts_with("AFTK NEW game=kingdoms seed=7\nAFTK POS\nAFTK | game: kingdoms\n"), "{}", d.log);
    assert_eq!(d.play.game(), &Game::new(7));
    assert_eq!(d.play.cursor(), Spot::Land { land: 0, depth: 0 });
}

#[test]
fn l1_draws_and_so_does_cross_on_the_talon() {
    let mut d = dealt(1);
    let first = d.pos().talon().next().unwrap();
    d.press(Buttons::L1);
    assert_eq!(d.pos().waste(), &[first]);
    assert!(d.log.contains("AFTK MOVE draw\nAFTK POS\n"), "{}", d.log);
    d.go(Spot::Talon);
    d.press(Buttons::CROSS);
    assert_eq!(d.pos().waste().len(), 2);
    assert_eq!(d.play.game().move_count(), 2);
    // Every card drawn, the talon is empty and there is no redeal.
    for _ in 0..30 {
        d.press(Buttons::L1);
    }
    assert_eq!(d.pos().talon_len(), 0);
    assert_eq!(d.play.game().move_count(), 24);
    assert!(d.message().contains("no redeal"), "{}", d.message());
}

#[test]
fn cross_picks_up_a_run_and_puts_it_down_on_another_land() {
    // A run of at least two cards: its base is not its land's top card.
    let (seed, line, m) = find(|p, m| match m {
        Move::ToLand(c, _) => matches!(p.locate(c), Place::Land { land, index, .. }
            if usize::from(index) + 1 < p.land(usize::from(land)).cards().len()),
        _ => false,
    });
    let Move::ToLand(card, to) = m else { unreachable!() };
    let mut d = resumed(seed, &line);
    let from = spot_of(d.pos(), card);
    let Spot::Land { land: from_land, depth } = from else { unreachable!() };
    assert!(depth >= 1, "a run of {} cards", depth + 1);
    let moved = usize::from(depth) + 1;
    let before = d.pos().land(usize::from(to)).cards().len();
    d.go(from);
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), Some(card));
    d.go(Spot::Land { land: to, depth: 0 });
    assert_eq!(d.play.held(), Some(card), "the run stays held while the cursor moves");
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), None);
    assert_eq!(d.pos().land(usize::from(to)).cards().len(), before + moved);
    assert!(d.log.contains(&format!("AFTK MOVE {card}>p{}\n", to + 1)), "{}", d.log);
    assert!(!d.pos().land(usize::from(from_land)).cards().contains(&card));
}

#[test]
fn a_card_goes_into_its_guest_chamber_and_out_again() {
    let (seed, line, m) =
        find(|p, m| matches!(m, Move::ToGuest(c) if matches!(p.locate(c), Place::Land { .. } | Place::Waste { .. })));
    let Move::ToGuest(card) = m else { unreachable!() };
    let mut d = resumed(seed, &line);
    let chamber = Spot::Row { suit: card.suit() as u8, column: Column::Guest };
    // Another suit's chamber is refused, with the reason.
    let other = Spot::Row { suit: (card.suit() as u8 + 1) % 4, column: Column::Guest };
    d.go(spot_of(d.pos(), card));
    d.press(Buttons::CROSS);
    d.go(other);
    d.press(Buttons::CROSS);
    assert_eq!(d.play.game().move_count(), line.len(), "refused");
    assert!(d.message().contains("row takes only"), "{}", d.message());
    d.go(chamber);
    d.press(Buttons::CROSS);
    assert_eq!(d.pos().guest(card.suit()), Some(card));
    assert!(d.log.contains(&format!("AFTK MOVE {card}>g\n")), "{}", d.log);
    // The guest is picked up from its chamber and put back (no move).
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), Some(card));
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), None);
    assert_eq!(d.play.game().move_count(), line.len() + 1);
}

#[test]
fn r1_sends_the_card_under_the_cursor_home_and_so_does_cross_on_its_pile() {
    let (seed, line, m) = find(
        |p, m| matches!(m, Move::ToFoundation(c) if matches!(p.locate(c), Place::Land { .. } | Place::Waste { .. })),
    );
    let Move::ToFoundation(card) = m else { unreachable!() };
    let mut d = resumed(seed, &line);
    let from = spot_of(d.pos(), card);
    d.go(from);
    d.press(Buttons::R1);
    assert!(d.pos().is_on_foundation(card));
    assert!(d.log.contains(&format!("AFTK MOVE {card}>f\n")), "{}", d.log);
    // Taken back, then played with X onto its pile in the suit row.
    d.press(Buttons::TRIANGLE);
    assert!(!d.pos().is_on_foundation(card));
    d.go(from);
    d.press(Buttons::CROSS);
    d.go(home_of(card));
    d.press(Buttons::CROSS);
    assert!(d.pos().is_on_foundation(card));
    // Cards never leave the foundations.
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), None);
    assert!(d.message().contains("never leave"), "{}", d.message());
}

#[test]
fn a_refused_move_says_why_and_changes_nothing() {
    // Draw until an ace is on the waste: it waits for the castle and tower.
    for seed in 1..50 {
        let mut d = dealt(seed);
        while d.pos().talon_len() > 0 && d.pos().waste().last().is_none_or(|c| c.rank().number() != 1) {
            d.press(Buttons::L1);
        }
        let Some(ace) = d.pos().waste().last().copied().filter(|c| c.rank().number() == 1) else { continue };
        let text = d.text();
        let moves = d.play.game().move_count();
        d.go(Spot::Waste);
        d.press(Buttons::R1);
        assert_eq!(d.text(), text, "nothing changed");
        assert_eq!(d.play.game().move_count(), moves);
        let suit = ace.suit().name();
        assert_eq!(d.message(), format!("the ace of {suit} waits for K, Q, J and 10 of {suit}"));
        // Nothing is played on the ace either.
        d.press(Buttons::CROSS);
        assert_eq!(d.play.held(), Some(ace));
        d.press(Buttons::CIRCLE);
        assert_eq!(d.play.held(), None);
        return;
    }
    panic!("no deal turned an ace onto the waste");
}

#[test]
fn triangle_takes_moves_back_exactly() {
    let (seed, line, m) = find(|_, m| matches!(m, Move::ToLand(..)));
    let Move::ToLand(card, to) = m else { unreachable!() };
    let mut d = resumed(seed, &line);
    let start = d.text();
    d.press(Buttons::L1);
    let drawn = d.text();
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.text(), start);
    assert!(d.log.contains("AFTK MOVE undo\n"));
    d.go(spot_of(d.pos(), card));
    d.press(Buttons::CROSS);
    d.go(Spot::Land { land: to, depth: 0 });
    d.press(Buttons::CROSS);
    assert_ne!(d.text(), start);
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.text(), start, "the move and any card it turned up are taken back");
    let _ = drawn;
    // With nothing left to take back, undo says so.
    let mut e = dealt(3);
    e.press(Buttons::TRIANGLE);
    assert_eq!(e.message(), "Nothing to undo");
}

#[test]
fn square_hints_the_consoles_sampling_players_move_over_frames_and_cross_plays_it() {
    let mut d = dealt(1);
    let mut spread = false;
    let mut kinds = [false; 4];
    let mut table = vec![0u64; kingdoms::CONSOLE_EFFORT.table_slots()];
    for _ in 0..300 {
        if d.play.game().status().is_over() {
            break;
        }
        // What `kings kingdoms stats --strength console` plays.
        // (When no move helps, Square still offers a legal one.)
        let expected = player::sampled_move(d.pos(), kingdoms::CONSOLE_EFFORT, &mut table)
            .or_else(|| farewell::ui::table::any_legal(d.play.game()));
        let shown = d.play.hints();
        d.press(Buttons::SQUARE);
        assert!(d.play.thinking() || d.play.hints() > shown, "worked out, or shown at once");
        spread |= d.think() > 1;
        let Some(m) = expected else {
            assert!(d.message().contains("No move helps"), "{}", d.message());
            break;
        };
        kinds[match m {
            Move::Draw => 0,
            Move::ToLand(..) => 1,
            Move::ToGuest(_) => 2,
            Move::ToFoundation(_) => 3,
        }] = true;
        assert!(d.message().starts_with("Hint: "), "{}", d.message());
        let before = d.play.game().move_count();
        d.press(Buttons::CROSS);
        assert_eq!(d.play.game().move_count(), before + 1, "the hint {m:?} was played with X");
        let last = d.log.rfind("AFTK MOVE ").unwrap();
        assert!(d.log[last..].starts_with(&format!("AFTK MOVE {m}\n")), "{}", &d.log[last..]);
    }
    assert!(spread, "some hint took more than one frame at a unit a frame");
    assert!(kinds[0] && kinds[1] && kinds[3], "draws, land moves and foundation moves were hinted: {kinds:?}");
    assert!(d.play.hints() > 10);
}

#[test]
fn the_consoles_hint_samples_the_hidden_cards_and_sometimes_differs_from_the_rules_of_thumb() {
    let mut table = vec![0u64; kingdoms::CONSOLE_EFFORT.table_slots()];
    let (mut differ, mut positions) = (0, 0);
    for seed in 1..=12 {
        let mut d = dealt(seed);
        for _ in 0..80 {
            if d.play.game().status().is_over() {
                break;
            }
            let console = player::sampled_move(d.pos(), kingdoms::CONSOLE_EFFORT, &mut table);
            differ += usize::from(console != best_move(d.pos()));
            positions += 1;
            d.press(Buttons::SQUARE);
            d.think();
            let Some(m) = console else { break };
            d.press(Buttons::CROSS);
            let last = d.log.rfind("AFTK MOVE ").unwrap();
            assert!(d.log[last..].starts_with(&format!("AFTK MOVE {m}\n")), "deal {seed}: {}", &d.log[last..]);
        }
    }
    assert!(positions > 200 && differ > 0, "{differ} of {positions} positions hinted apart from the rules of thumb");
}

#[test]
fn every_screen_draws_within_the_list_capacity_with_long_lands() {
    // The position with the longest land the fair player reaches on the
    // first deals.
    let mut best = (0, 0, Vec::new());
    for seed in 1..120 {
        let mut g = Game::new(seed);
        let mut line = Vec::new();
        while let Some(m) = best_move(g.position()).filter(|_| line.len() < 200) {
            g.play(m).unwrap();
            line.push(m);
            let longest = (0..7).map(|l| g.position().land(l).cards().len()).max().unwrap();
            if longest > best.0 {
                best = (longest, seed, line.clone());
            }
        }
    }
    let (longest, seed, line) = best;
    assert!(longest >= 9, "a long land: {longest} cards");
    let mut d = resumed(seed, &line);
    let (_, ch) = farewell::ui::paint::Skin::card_size(&AtlasSkin, farewell::ui::paint::CardSize::Large);
    let mut list = DrawList::new();
    for face in [FaceStyle::Standard, FaceStyle::FourColour] {
        kingdoms::draw_table(&d.play, face, d.frame, false, &AtlasSkin, &mut list);
        assert_eq!(list.dropped(), 0);
    }
    // Every land's top card ends above the message bar.
    for l in 0..7u8 {
        let land = d.pos().land(usize::from(l));
        let (_, y) = kingdoms::land_xy(land, l, land.cards().len().saturating_sub(1));
        assert!(y + ch <= 200, "p{} ends at {}", l + 1, y + ch);
    }
    // Holding the longest run, with a message up and the legal places
    // outlined.
    let l = (0..7).max_by_key(|l| d.pos().land(*l).up().len()).unwrap();
    let up = d.pos().land(l).up().len();
    d.go(Spot::Land { land: l as u8, depth: (up - 1) as u8 });
    d.press(Buttons::CROSS);
    d.go(Spot::Row { suit: 0, column: Column::Guest });
    d.press(Buttons::CROSS);
    list.clear();
    kingdoms::draw_table(&d.play, FaceStyle::Standard, d.frame, false, &AtlasSkin, &mut list);
    assert_eq!(list.dropped(), 0);
    assert!(list.items().len() < MAX_ITEMS / 2, "{} items", list.items().len());
}

#[test]
fn the_help_fits_its_box() {
    for l in kingdoms::HELP {
        assert!(l.len() <= 36, "{l:?}");
    }
}

/// The whole application: Four Kingdoms chosen on the title (its fourth
/// row), played by hints, saved through the memory card record and resumed
/// at the next boot exactly where it was.
#[test]
fn four_kingdoms_from_the_title_is_saved_and_resumes_at_boot() {
    use farewell::settings::GameId;
    use farewell::ui::{App, Screen};
    let (mut app, mut input, mut log) = (App::new(), Input::new(), String::new());
    let mut press = |app: &mut App, b: Buttons, log: &mut String| {
        for held in [b, Buttons::empty()] {
            input.update(held);
            app.update(&input, log);
            while app.think(64) {}
        }
    };
    for _ in 0..3 {
        press(&mut app, Buttons::DOWN, &mut log);
    }
    assert_eq!(app.game, GameId::Kingdoms);
    press(&mut app, Buttons::START, &mut log);
    assert_eq!(app.screen(), Screen::Play);
    assert!(log.contains("AFTK NEW game=kingdoms seed="), "{log}");
    for _ in 0..6 {
        press(&mut app, Buttons::SQUARE, &mut log);
        press(&mut app, Buttons::CROSS, &mut log);
    }
    let session = app.playing().unwrap();
    assert!(session.move_count() >= 3, "{}", session.move_count());
    let save = app.snapshot();
    assert_eq!(save.last_game, GameId::Kingdoms);
    let saved = save.record(GameId::Kingdoms).game.unwrap();
    assert_eq!(usize::from(saved.count), session.move_count());
    let before = Table::<Game>::resume(&saved).unwrap().game().clone();
    let mut bytes = vec![0u8; farewell::save::MAX_ENCODED];
    let n = save.encode(&mut bytes).unwrap();
    let mut next = App::new();
    next.load(farewell::save::Save::decode(&bytes[..n]).unwrap());
    assert_eq!(next.screen(), Screen::Resume);
    let mut log2 = String::new();
    let mut input2 = Input::new();
    for held in [Buttons::CROSS, Buttons::empty()] {
        input2.update(held);
        next.update(&input2, &mut log2);
    }
    assert_eq!(next.screen(), Screen::Play);
    assert_eq!(next.playing().unwrap().move_count(), before.move_count());
    assert!(log2.starts_with("AFTK NEW game=kingdoms seed="));
}
