//! Host tests of the sound events the screens emit ([`App::take_sounds`]):
//! which effects a move, a refused move, a book, a group, a deal, a win and
//! a loss produce, in A Farewell to Kings and King's Corners, and the
//! menus'; and when the title tune plays.

use crate::screens::Screens as _;
use farewell::games::farewell::{Card, Cell, Game, Options, Status};
use farewell::games::Patience;
use farewell::input::Buttons;
use farewell::settings::GameId;
use farewell::sound::{Sfx, SONG_TITLE};
use farewell::ui::farewell::Focus;
use farewell::ui::farewell::HintPlayer;
use farewell::ui::{App, Screen};

use super::driver::{reads_as_driver, Driver, Pad};

/// Drives an App frame by frame, taking its sounds every frame as the
/// console does.
struct Ears {
    d: Driver,
    /// The sounds of the last press (its two frames).
    last: Vec<Sfx>,
}

impl Ears {
    fn new() -> Self {
        Ears { d: Driver::thinking(farewell::ui::farewell::THINK_PER_FRAME), last: Vec::new() }
    }
    fn frame(&mut self, held: Buttons) -> Vec<Sfx> {
        self.d.frame(held);
        self.d.app.take_sounds().pending().to_vec()
    }
    /// Press and release; keeps the sounds of both frames in `last`.
    fn press(&mut self, b: Buttons) -> &[Sfx] {
        let mut s = self.frame(b);
        s.extend(self.frame(Buttons::empty()));
        self.last = s;
        &self.last
    }
    /// Deal `seed` of `game`, from the title.
    fn start(game: GameId, seed: u32) -> Self {
        let mut d = Ears::new();
        d.choose(game);
        d.deal(seed);
        d
    }
    /// Deal `seed` of A Farewell to Kings, from the title.
    fn farewell(seed: u32) -> Self {
        Ears::start(GameId::Farewell, seed)
    }
    /// Deal `seed` of King's Corners, from the title.
    fn corners(seed: u32) -> Self {
        Ears::start(GameId::Corners, seed)
    }
    /// A Farewell to Kings: the fair player's hint, then X; the sounds of
    /// the X.
    fn hinted_move(&mut self) -> Vec<Sfx> {
        self.press(Buttons::SQUARE);
        for _ in 0..30 {
            self.frame(Buttons::empty());
        }
        self.press(Buttons::CROSS).to_vec()
    }
}

impl Pad for Ears {
    fn driver(&mut self) -> &mut Driver {
        &mut self.d
    }
    fn press(&mut self, b: Buttons) {
        Ears::press(self, b);
    }
}

reads_as_driver!(Ears, d);

#[test]
fn starting_a_deal_deals_with_a_sound_and_the_menus_click() {
    let mut d = Ears::new();
    assert_eq!(d.app.music(), Some(&SONG_TITLE), "the title tune on the title");
    assert_eq!(d.press(Buttons::DOWN), &[Sfx::MenuMove]);
    assert_eq!(d.press(Buttons::UP), &[Sfx::MenuMove]);
    assert_eq!(d.press(Buttons::CROSS), &[Sfx::MenuSelect], "into the game's menu");
    assert_eq!(d.app.music(), Some(&SONG_TITLE), "and in the menus");
    assert_eq!(d.press(Buttons::START), &[Sfx::MenuSelect, Sfx::Deal], "a new deal");
    assert_eq!(d.app.music(), Some(&SONG_TITLE), "the tune goes on in a game: music in play is on at first");
    assert_eq!(d.press(Buttons::START), &[], "pausing is not a menu's choice");
    assert_eq!(d.press(Buttons::DOWN), &[Sfx::MenuMove]);
}

#[test]
fn a_placement_picks_up_and_puts_down() {
    let mut d = Ears::farewell(42); // hand 5d 7c Jc Td
    d.presses(Buttons::RIGHT, 6);
    d.press(Buttons::UP);
    d.press(Buttons::UP); // slot 0: 5d
    assert!(d.last.contains(&Sfx::Cursor), "the cursor ticks");
    assert_eq!(d.press(Buttons::CROSS), &[Sfx::PickUp]);
    let Focus::Grid(cell) = d.focus() else { panic!() };
    assert_eq!(d.press(Buttons::CROSS), &[Sfx::PutDown]);
    assert_eq!(
        d.app.playing().and_then(|g| g.farewell()).unwrap().game().card_at(cell),
        Some(Card::parse("5d").unwrap())
    );
    assert!(d.log.ends_with("\n") && d.log.contains(&format!("AFTK MOVE 5d@{cell}\n")));
}

#[test]
fn a_refused_move_sounds_refused_and_nothing_else() {
    let mut d = Ears::farewell(42);
    assert_eq!(d.press(Buttons::R2), &[Sfx::PickUp], "R2 takes the hand's first card");
    let Focus::Grid(c) = d.focus() else { panic!() };
    d.presses(Buttons::UP, usize::from(c.row));
    d.presses(Buttons::LEFT, usize::from(c.col));
    assert_eq!(d.focus(), Focus::Grid(Cell::new(0, 0)));
    assert_eq!(d.press(Buttons::CROSS), &[Sfx::Refused], "r0c0 is next to no card");
    d.press(Buttons::CIRCLE);
    assert_eq!(d.press(Buttons::CROSS), &[Sfx::Refused], "no deal while a card can be placed");
    // Undo with nothing to undo.
    assert_eq!(d.press(Buttons::TRIANGLE), &[Sfx::Refused]);
}

#[test]
fn undo_picks_the_card_back_up() {
    let mut d = Ears::farewell(42);
    d.press(Buttons::R2);
    assert_eq!(d.press(Buttons::CROSS), &[Sfx::PutDown]);
    assert_eq!(d.press(Buttons::TRIANGLE), &[Sfx::PickUp]);
}

/// Plays `seed` with the console's hints (what `hinted_move` plays, its
/// lines followed) until `until` says stop; the number of moves made then,
/// or `None` when the game ended first.
fn moves_until(seed: u32, until: impl Fn(&Game, &farewell::games::farewell::Outcome) -> bool) -> Option<usize> {
    let mut g = Game::new(seed, Options::default()).unwrap();
    let mut hints = HintPlayer::default();
    for n in 1..2000 {
        let out = g.apply(hints.next(&g).0?).ok()?;
        if until(&g, &out) {
            return Some(n);
        }
    }
    None
}

#[test]
fn a_book_sounds_with_its_placement_and_orphans_lift() {
    // The first deal whose fair player removes a book with orphans.
    let seed =
        (1..500).find(|&s| moves_until(s, |_, o| !o.books.is_empty() && !o.orphans.is_empty()).is_some()).unwrap();
    let n = moves_until(seed, |_, o| !o.books.is_empty() && !o.orphans.is_empty()).unwrap();
    let mut d = Ears::farewell(seed);
    for _ in 1..n {
        let s = d.hinted_move();
        assert!(!s.contains(&Sfx::Refused), "the hints are legal: {s:?}");
    }
    let s = d.hinted_move();
    assert_eq!(s, [Sfx::PutDown, Sfx::Book, Sfx::Orphan], "deal {seed}, move {n}");
    assert!(d.log.contains("AFTK BOOK "));
}

#[test]
fn a_deal_sounds_deal() {
    let seed = (1..500)
        .find(|&s| moves_until(s, |g, _| g.moves().last() == Some(farewell::games::farewell::Move::Deal)).is_some())
        .unwrap();
    let n = moves_until(seed, |g, _| g.moves().last() == Some(farewell::games::farewell::Move::Deal)).unwrap();
    let mut d = Ears::farewell(seed);
    for _ in 1..n {
        d.hinted_move();
    }
    assert_eq!(d.hinted_move(), [Sfx::Deal]);
}

#[test]
fn a_win_and_a_loss_play_their_jingles() {
    // The fair player wins some deals of the default game and loses others.
    let ends = |won: bool| {
        (1..2000).find(|&s| {
            let mut g = Game::new(s, Options::default()).unwrap();
            let mut hints = HintPlayer::default();
            while let Some(m) = hints.next(&g).0 {
                g.apply(m).unwrap();
            }
            (g.status() == Status::Won) == won
        })
    };
    for won in [true, false] {
        let seed = ends(won).unwrap();
        let mut d = Ears::farewell(seed);
        let mut last = Vec::new();
        for _ in 0..400 {
            if d.app.playing().and_then(|g| g.farewell()).unwrap().game().status().is_over() {
                break;
            }
            last = d.hinted_move();
        }
        let end = if won { Sfx::Win } else { Sfx::Loss };
        assert!(last.contains(&end), "deal {seed}: {last:?}");
        assert!(!last.contains(if won { &Sfx::Loss } else { &Sfx::Win }));
        assert_eq!(d.app.screen(), Screen::Over { sel: 0 });
    }
}

#[test]
fn kings_corners_places_removes_groups_draws_and_ends_with_sounds() {
    use farewell::games::corners::player::{best_move, Style};
    use farewell::games::corners::{Game, Move};
    // A deal the fair player wins after removing a group, and one it loses.
    let outcome = |seed: u32| {
        let mut g = <Game as Patience>::deal(seed, ());
        let mut cleared = false;
        while let Some(m) = best_move(&g, Style::default()) {
            cleared |= matches!(m, Move::Clear(_));
            g.play(m).unwrap();
        }
        (cleared, g.status() == farewell::games::Status::Won)
    };
    let mut seen = std::collections::HashSet::new();
    for want_win in [true, false] {
        let seed = (1..3000).find(|&s| outcome(s) == (true, want_win)).unwrap();
        let mut d = Ears::corners(seed);
        for _ in 0..400 {
            let g = d.app.playing().and_then(|g| g.corners()).unwrap().game();
            if g.status().is_over() {
                break;
            }
            let before = g.move_count();
            d.press(Buttons::SQUARE);
            let s = d.press(Buttons::CROSS).to_vec();
            let g = d.app.playing().and_then(|g| g.corners()).unwrap().game();
            assert_eq!(g.move_count(), before + 1);
            let line = d.log.lines().filter(|l| l.starts_with("AFTK MOVE ")).last().unwrap().to_string();
            let want = if line.starts_with("AFTK MOVE clear:") {
                Sfx::Book
            } else if line == "AFTK MOVE draw" {
                Sfx::Deal
            } else {
                Sfx::PutDown
            };
            // A group's last card is chosen (picked) and the group goes.
            assert!(s.contains(&want), "{line}: {s:?}");
            assert!(!s.contains(&Sfx::Refused));
            seen.extend(s);
        }
        assert!(seen.contains(if want_win { &Sfx::Win } else { &Sfx::Loss }), "deal {seed}");
    }
    assert!(seen.is_superset(&[Sfx::PutDown, Sfx::Book, Sfx::Win, Sfx::Loss].into_iter().collect()));
}

#[test]
fn kings_corners_refuses_with_a_sound() {
    // Deal 7 draws 9c, Ad, 5d, 2c, 3h, 7d, then Kh: a king only in a corner.
    let mut d = Ears::corners(7);
    for c in [(1, 1), (1, 2), (2, 1), (2, 2), (0, 1), (0, 2)] {
        let target = farewell::games::corners::Cell::new(c.0, c.1).unwrap();
        while d.app.playing().and_then(|g| g.corners()).unwrap().cursor() != target {
            let cur = d.app.playing().and_then(|g| g.corners()).unwrap().cursor();
            let b = if cur.row() < target.row() {
                Buttons::DOWN
            } else if cur.row() > target.row() {
                Buttons::UP
            } else if cur.col() < target.col() {
                Buttons::RIGHT
            } else {
                Buttons::LEFT
            };
            assert_eq!(d.press(b), &[Sfx::Cursor]);
        }
        assert_eq!(d.press(Buttons::CROSS), &[Sfx::PutDown]);
    }
    d.press(Buttons::DOWN); // r1c2
    d.press(Buttons::LEFT);
    d.press(Buttons::LEFT); // r1c0: not a corner
    assert_eq!(d.press(Buttons::CROSS), &[Sfx::Refused]);
}

#[test]
fn options_set_the_volumes_select_on_the_title_mutes_and_the_save_keeps_them() {
    let mut d = Ears::new();
    assert_eq!(d.press(Buttons::SELECT), &[]);
    assert!(d.app.volumes.muted, "Select on the title mutes");
    d.press(Buttons::CROSS);
    d.presses(Buttons::DOWN, 2);
    d.press(Buttons::CROSS);
    assert!(matches!(d.app.screen(), Screen::Options { .. }));
    // Effects and Music come before Music in play, Defaults and Back.
    let rows = farewell::ui::option_rows(GameId::Farewell);
    assert_eq!(&rows[rows.len() - 5..], &["Effects", "Music", "Music in play", "Defaults", "Back"]);
    d.presses(Buttons::DOWN, rows.len() - 5);
    let before = d.app.volumes;
    d.presses(Buttons::RIGHT, 20);
    assert_eq!(d.app.volumes.effects, 10, "at most 10");
    d.press(Buttons::DOWN);
    d.presses(Buttons::LEFT, 20);
    assert_eq!(d.app.volumes.music, 0, "at least 0");
    assert_ne!(d.app.volumes, before);
    let save = d.app.snapshot();
    assert_eq!(save.sound, d.app.volumes);
    let mut fresh = App::new();
    fresh.load(save);
    assert_eq!(fresh.volumes, d.app.volumes);
    // King's Corners' Options have the same rows.
    let rows = farewell::ui::option_rows(GameId::Corners);
    assert_eq!(&rows[rows.len() - 5..], &["Effects", "Music", "Music in play", "Defaults", "Back"]);
}
