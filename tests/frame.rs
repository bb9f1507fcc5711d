//! The frame scheduler driving the games' real hints on a made-up clock:
//! each frame's own work (card, drawing, update, event log) takes a given
//! time, each unit of thinking a given time (a weighed step that many
//! times), and the hint is timed as the console's `AFTK HINT` line times
//! it, from the frame of Square to the frame drawing it.

use farewell::frame::{HintShown, HintTimer, Scheduler, StepCost, Thinking, Timing, STARVED_MAX};
use farewell::input::{Buttons, Input};
use farewell::settings::GameId;
use farewell::ui::catalogue::CATALOGUE;
use farewell::ui::screen::ScreenInfo;
use farewell::ui::App;

const GAME_COUNT: usize = CATALOGUE.len();

/// The console's loop over an [`App`], as `src/main.rs` runs it, with the
/// clock made up.
struct Console {
    app: App,
    input: Input,
    log: String,
    schedule: Scheduler<GAME_COUNT>,
    hint: HintTimer,
    /// The frame's work before the thinking, in microseconds.
    before_us: u32,
    /// A unit's time, in microseconds.
    unit_us: u32,
    /// The most a frame's thinking ended at, in microseconds.
    latest_us: u32,
}

/// A frame's thinking, each unit `unit_us` long.
struct Model<'a> {
    app: &'a mut App,
    at: u32,
    unit_us: u32,
}

impl Thinking for Model<'_> {
    fn elapsed_us(&self) -> u32 {
        self.at
    }
    fn thinking(&self) -> bool {
        self.app.thinking()
    }
    fn weight(&self) -> u32 {
        self.app.step_weight()
    }
    fn step(&mut self) -> bool {
        self.at += self.unit_us * self.app.step_weight().max(1);
        self.app.think(1)
    }
}

fn cost(s: &ScreenInfo) -> StepCost {
    StepCost { step_us: s.think_step_us, margin_us: s.think_margin_us }
}

impl Console {
    fn new(timing: Timing, game: GameId, before_us: u32, unit_us: u32) -> Self {
        let mut app = App::new();
        app.game = game;
        Console {
            app,
            input: Input::new(),
            log: String::new(),
            schedule: Scheduler::new(timing, CATALOGUE.map(cost)),
            hint: HintTimer::new(),
            before_us,
            unit_us,
            latest_us: 0,
        }
    }

    /// One frame with `held` down: the hint drawn, if any.
    fn frame(&mut self, held: Buttons) -> Option<HintShown> {
        self.input.update(held);
        let in_deal = self.app.hints().is_some();
        let shown = in_deal && self.app.take_hint_shown();
        let line = self.hint.frame(in_deal, in_deal && self.app.hint_asked(), shown);
        self.app.update(&self.input, &mut self.log);
        let asked = self.app.hint_asked();
        let game = self.app.playing().map_or(0, |p| p.id().index());
        let mut work = Model { app: &mut self.app, at: self.before_us, unit_us: self.unit_us };
        let thought = self.schedule.think(game, &mut work);
        self.latest_us = self.latest_us.max(work.at);
        self.hint.thought(asked, thought);
        line
    }

    /// Square on deal `seed`'s opening, the frame after the deal: the
    /// hint's line.
    fn first_hint(&mut self, seed: u32) -> HintShown {
        self.app.start_deal(seed, &mut self.log);
        self.frame(Buttons::empty());
        let mut held = Buttons::SQUARE;
        for _ in 0..100_000 {
            if let Some(line) = self.frame(held) {
                return line;
            }
            held = Buttons::empty();
        }
        panic!("deal {seed}: no hint");
    }
}

/// A unit's time in the model: what [`farewell::frame::Units`] stands for
/// (King Albert's measured 0.75 ms mean in Mednafen's albert-hints, A
/// Farewell to Kings' 1.4 ms).
const UNIT_US: u32 = 1_000;

/// The frame's own work before the thinking in the model: more than
/// Mednafen's albert-hints frames take in all, their thinking included
/// (3.0-3.7 ms mean).
const OWN_US: u32 = 3_500;

#[test]
fn every_games_first_hints_show_within_60_frames_of_square_within_the_budget() {
    for timing in [Timing::NTSC, Timing::PAL] {
        for game in GameId::all() {
            let mut c = Console::new(timing, game, OWN_US, UNIT_US);
            let frames: Vec<u32> = (1..=20).map(|seed| c.first_hint(seed).frames).collect();
            assert!(frames.iter().all(|&f| (2..=60).contains(&f)), "{timing:?} {game:?}: {frames:?}");
            // Room for a step in every frame: none is forced past the
            // thinking's limit.
            assert!(c.latest_us <= timing.think_until_us(), "{timing:?} {game:?}: {}", c.latest_us);
        }
    }
    // PAL's longer frames think more each: King Albert's slowest first
    // hint comes sooner.
    let slowest = |timing| {
        let mut c = Console::new(timing, GameId::Albert, OWN_US, UNIT_US);
        (1..=20).map(|seed| c.first_hint(seed).frames).max().unwrap()
    };
    assert!(slowest(Timing::PAL) < slowest(Timing::NTSC));
}

#[test]
fn when_every_frame_is_slow_the_hint_still_comes_a_unit_every_few_frames() {
    for timing in [Timing::NTSC, Timing::PAL] {
        for game in [GameId::Farewell, GameId::Albert] {
            // The frame's own work takes its whole budget.
            let mut c = Console::new(timing, game, timing.budget_us(), UNIT_US);
            let line = c.first_hint(1);
            assert!(line.steps > 20, "{timing:?} {game:?}: {line:?}");
            // Square's frame and the one drawing the hint, and a unit once
            // in STARVED_MAX + 1 frames (what the deal's first frame
            // pondered included).
            assert!(line.frames <= (STARVED_MAX + 1) * line.steps + 2, "{timing:?} {game:?}: {line:?}");
            assert!(line.frames >= line.steps, "{timing:?} {game:?}: {line:?}");
            // One unit past the budget at most, each frame.
            let weighed = if game == GameId::Farewell { 2 } else { 1 };
            assert!(c.latest_us <= timing.budget_us() + weighed * UNIT_US, "{timing:?} {game:?}: {}", c.latest_us);
        }
    }
}
