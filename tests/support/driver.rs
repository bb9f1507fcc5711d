//! The pad drivers the UI tests share: [`Driver`] steps the whole [`App`]
//! frame by frame as the console does (the pad read, the update, then the
//! frame's spare time to think), [`PlayDriver`] one game's play screen
//! alone; both keep the event log. [`Pad`] is the way through the menus,
//! built on a press, so that a test whose press does more (checks every
//! frame drawn, keeps the sounds) walks the same menus with it.
//!
//! Included by both test binaries (`#[path]`); each uses part of it.
#![allow(dead_code)]

use farewell::input::{Buttons, Input};
use farewell::ui::farewell::Focus;
use farewell::ui::screen::PlayScreen;
use farewell::ui::{App, GameId, Screen};

use crate::screens::Screens as _;

/// Steps an [`App`] with pad input and keeps its log.
pub struct Driver {
    pub app: App,
    pub input: Input,
    pub log: String,
    /// `App::think`'s budget after each frame's update (the console gives
    /// the hint whatever time the frame has left); `None` for a test that
    /// gives the thinking its frames itself.
    pub budget: Option<farewell::frame::Units>,
    /// After a press, frames pass while a hint is worked out, at most this
    /// many, and it must be found by then (0: none pass).
    pub hint_frames: usize,
}

impl Driver {
    /// At the title; no thinking between frames.
    pub fn new() -> Self {
        Driver { app: App::new(), input: Input::new(), log: String::new(), budget: None, hint_frames: 0 }
    }

    /// At the title, thinking with `budget` after every frame.
    pub fn thinking(budget: farewell::frame::Units) -> Self {
        let mut d = Driver::new();
        d.budget = Some(budget);
        d
    }

    /// A frame with `held` down.
    pub fn frame(&mut self, held: Buttons) {
        self.input.update(held);
        self.app.update(&self.input, &mut self.log);
        if let Some(b) = self.budget {
            self.app.think(b);
        }
    }

    /// A Farewell to Kings' focus (the game in play must be it).
    pub fn focus(&self) -> Focus {
        self.app.playing().and_then(|g| g.farewell()).unwrap().focus()
    }
}

/// What a test presses the pad with, and the menus walked by pressing.
pub trait Pad {
    /// The App and its pad underneath.
    fn driver(&mut self) -> &mut Driver;

    /// A press and its release.
    fn press(&mut self, b: Buttons);

    fn presses(&mut self, b: Buttons, n: usize) {
        for _ in 0..n {
            self.press(b);
        }
    }

    /// From the title: down to `game`, then into its menu.
    fn choose(&mut self, game: GameId) {
        while self.driver().app.game != game {
            self.press(Buttons::DOWN);
        }
        self.press(Buttons::CROSS);
        assert_eq!(self.driver().app.screen(), Screen::GameMenu { sel: 0 }, "{game:?}");
    }

    /// From a game's menu: its Deal number screen, `seed` entered digit by
    /// digit (up from the number shown), and the deal started.
    fn deal(&mut self, seed: u32) {
        self.press(Buttons::DOWN);
        self.press(Buttons::CROSS);
        let screen = self.driver().app.screen();
        let Screen::DealNumber { digits: shown, .. } = screen else { panic!("{screen:?}") };
        let digits = farewell::ui::digits_of(seed);
        for pos in (0..10).rev() {
            self.presses(Buttons::UP, usize::from((10 + digits[pos] - shown[pos]) % 10));
            if pos > 0 {
                self.press(Buttons::LEFT);
            }
        }
        self.press(Buttons::CROSS);
        let app = &self.driver().app;
        assert_eq!(app.screen(), Screen::Play, "{:?}", app.game);
        assert_eq!(app.seed(), seed);
    }

    /// Moves played in the game on the table (0 with none).
    fn moves(&mut self) -> usize {
        self.driver().app.playing().map_or(0, |p| p.move_count())
    }

    /// Lets a hint being worked out finish (as the console does over
    /// frames).
    fn settle(&mut self) {
        let d = self.driver();
        for _ in 0..10_000 {
            if !d.app.thinking() {
                return;
            }
            d.app.think(1000);
            d.input.update(Buttons::empty());
            d.app.update(&d.input, &mut d.log);
        }
        panic!("the hint never came");
    }

    /// Square, the hint worked out, then X: true when a move was played.
    fn play_hint(&mut self) -> bool {
        let before = self.moves();
        self.press(Buttons::SQUARE);
        self.settle();
        self.press(Buttons::CROSS);
        self.moves() != before || matches!(self.driver().app.screen(), Screen::Over { .. })
    }
}

impl Pad for Driver {
    fn driver(&mut self) -> &mut Driver {
        self
    }
    fn press(&mut self, b: Buttons) {
        self.frame(b);
        self.frame(Buttons::empty());
        for _ in 0..self.hint_frames {
            if !self.app.thinking() {
                break;
            }
            self.frame(Buttons::empty());
        }
        let hint_frames = self.hint_frames;
        assert!(hint_frames == 0 || !self.app.thinking(), "a hint is found within {hint_frames} frames");
    }
}

/// Lets a test's own driver type, which keeps a [`Driver`] in its field
/// `$field`, be read as that Driver (`d.app`, `d.log`).
#[allow(unused_macros)]
macro_rules! reads_as_driver {
    ($t:ty, $field:ident) => {
        impl std::ops::Deref for $t {
            type Target = Driver;
            fn deref(&self) -> &Driver {
                &self.$field
            }
        }
        impl std::ops::DerefMut for $t {
            fn deref_mut(&mut self) -> &mut Driver {
                &mut self.$field
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use reads_as_driver;

/// Steps one game's play screen alone with pad input, as the App would:
/// the position a move left is logged the frame after.
pub struct PlayDriver<P: PlayScreen> {
    pub play: P,
    pub input: Input,
    pub log: String,
    /// The frame counter the screen is given, one up a frame.
    pub frame: u32,
    /// The hint's storage, kept apart from the screen as the App keeps it.
    pub store: Box<P::HintStore>,
}

impl<P: PlayScreen> PlayDriver<P>
where
    P::HintStore: Default,
{
    /// `play` at frame `frame`, with what it logged so far.
    pub fn new(play: P, log: String, frame: u32) -> Self {
        PlayDriver { play, input: Input::new(), log, frame, store: Box::default() }
    }

    /// A frame with `held` down.
    pub fn frame(&mut self, held: Buttons) {
        self.input.update(held);
        self.play.log_due(&mut self.log);
        self.play.update(&self.input, self.frame, &mut self.log);
        self.frame += 1;
    }

    /// A press and its release.
    pub fn press(&mut self, b: Buttons) {
        self.frame(b);
        self.frame(Buttons::empty());
    }
}
