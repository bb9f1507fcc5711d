//! The frame scheduler: what a frame on the console does, in which order,
//! and how much of it the hint's thinking gets. Nothing here reads a timer:
//! the console's loop (`src/main.rs`) reads the root counters and hands the
//! times in, host tests hand in made-up ones.
//!
//! A frame's work, in the order it runs (the phases of
//! [`FrameTimes`](crate::perf::FrameTimes), in the same order):
//!
//! 1. the card: the end of a sector the last frame's waits left, then the
//!    pad's poll (the pad shares the port with the card), then the next
//!    sector started when [`Scheduler::card_room`] says the frame's waits
//!    leave it room;
//! 2. the draw list of what the last frame's update and thinking left, and
//! 3. its GPU packets, sent: the GPU draws while the CPU goes on with
//! 4. the update (the pad's press acted on, a move and its log line) and
//!    its sounds, shown in the next frame;
//! 5. the event log handed to the BIOS, for [`Scheduler::tty_us`];
//! 6. the thinking ([`Scheduler::think`]), a step at a time, to the
//!    frame's budget;
//! 7. the wait for the GPU, then for the vblank.
//!
//! The whole frame up to the GPU being idle should take at most
//! [`Timing::budget_us`], 60% of a vblank, so that a console slower than
//! the emulator in its GPU or DMA still keeps every vblank.

/// A budget of thinking, in units: what [`Scheduler::think`] hands a game
/// a step at a time (`App::think(1)`) and the host tests in bulk.
///
/// **A unit is at most about a millisecond of the console's CPU** in every
/// game: each game turns units into its own work with one constant, beside
/// its screen's `think` (`ui/<game>.rs`), with what that work measured on
/// the console (Mednafen, the `AFTK HINT` lines' `step_us`, mean over a
/// `make test` run; the game built at `opt-level = 2`):
///
/// | game | a unit | on the console |
/// |---|---|---|
/// | A Farewell to Kings | 1 placement judged (`ui::farewell`) | 1.0 ms mean (hints12-14, demo) |
/// | King's Corners | 12 groups looked at (`ui::corners::GROUPS_PER_UNIT`), or 2 nodes of the deep hint's expectimax (`ui::corners::NODES_PER_UNIT`) | 0.17 ms mean (corners); a node 0.4-0.5 ms at `opt-level = "s"` |
/// | King Albert | 4 search nodes (`ui::albert::NODES_PER_UNIT`) | 0.61 ms mean (albert, albert-hints) |
/// | Four Kingdoms | 1 search node or a dozen second moves (`ui::kingdoms::NODES_PER_UNIT`) | 0.85-0.99 ms mean (kingdoms, kingdoms-won) |
///
/// Some work cannot be split into units of that size (a whole position
/// judged in A Farewell to Kings: two units): the screen's `step_weight`
/// says what the next unit really costs, in units. The scheduler does not
/// trust the nominal millisecond: it times each game's steps itself,
/// starting from the game's catalogue entry (`think_step_us`, its longest
/// unit measured).
pub type Units = u32;

/// Units a frame's spare time thinks, as the host counts the pondering of
/// a player who looks W frames before each move (`kings GAME stats
/// --player hint --ponder-frames W`): at `opt-level = "s"` the console
/// thought about 2.5-3 units a frame on A Farewell to Kings' 12x8 grid
/// (1.4 ms a unit, about 4.5 ms of a frame), the busiest table to draw, so
/// 3 is what any game's frame gives at least; at `opt-level = 2` a frame
/// thinks more (about 5 units on 12x8, 1.0 ms a unit): the host's tables
/// count fewer units than the console works.
pub const PONDER_UNITS_A_FRAME: Units = 3;

/// A frame's length and budget: one vblank period, NTSC or PAL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// One vblank period, in microseconds.
    pub frame_us: u32,
}

impl Timing {
    /// NTSC: 59.94 Hz.
    pub const NTSC: Timing = Timing { frame_us: 16_683 };
    /// PAL: 50 Hz.
    pub const PAL: Timing = Timing { frame_us: 20_000 };
    /// The build's own (the `pal` feature).
    pub const BUILT: Timing = if cfg!(feature = "pal") { Timing::PAL } else { Timing::NTSC };

    /// What a frame should take at most: 60% of a vblank (10 ms NTSC, 12
    /// ms PAL). A frame over it is logged (`AFTK SLOW`, with where its time
    /// went); the emulator scripts hold each Mednafen run to it (`perf 0
    /// 60%`).
    pub const fn budget_us(self) -> u32 {
        self.frame_us * 3 / 5
    }

    /// How far into a frame a thinking step may end at the latest, before
    /// the game's margin ([`StepCost::margin_us`]).
    pub const fn think_until_us(self) -> u32 {
        self.budget_us() - THINK_SPARE_US
    }

    /// How far into a frame the event log may go on being handed to the
    /// BIOS (what does not fit goes in the next frames).
    pub const fn tty_until_us(self) -> u32 {
        self.budget_us() - TTY_SPARE_US
    }
}

/// What the thinking leaves of the budget besides its game's margin: the
/// wait for the GPU that follows it, and the vblank's own work.
const THINK_SPARE_US: u32 = 300;

/// What the event log leaves of the budget: the thinking's first step
/// when the log took the frame's time (see [`Scheduler::think`]).
const TTY_SPARE_US: u32 = 600;

/// The most a frame hands the BIOS's TTY, whatever is left of its budget:
/// a slow BIOS (OpenBIOS's printf in Mednafen: 45 µs a byte; a DUART at
/// 115,200 baud: 87 µs) would use all the time up to the TTY's limit, and
/// with the thinking step the frame runs anyway when it has had no room for
/// one (up to 5 ms on the 14x9 grid) take the frame to 69% of a vblank. 2 ms is
/// 1,000 bytes of the test BIOS's TTY, 40,000 of PCSX-Reloaded's: the
/// emulators' logs still drain in the frame they are written (a move's
/// position is about 600 bytes).
pub const TTY_MAX_US: u32 = 2_000;

/// The waits a card sector needs on the wire: 128 bytes and the command's
/// dozen at the card's 250 kHz, and the acknowledge handshake of each byte
/// (about 6 ms measured in Mednafen). The byte pump moves it while the
/// frame waits for the GPU and the vblank; a sector starts only in a frame
/// whose waits leave it that long, so that the next frame rarely has any
/// of it left to finish before polling the pad.
pub const CARD_US: u32 = 6_500;

/// The draw list, the packets and the GPU at most, with a margin: up to
/// 1.9 + 3.5 + 2.4 ms measured in Mednafen (a 12x8 demo frame, with the
/// collection's panels and sound), where 5.5 ms let a card sector make a
/// demo frame late. The drawing's estimate never goes below it.
pub const DRAW_US: u32 = 8_000;

/// How fast the estimate of the drawing's time forgets a busy frame, per
/// frame (3 ms a second).
pub const RENDER_DECAY_US: u32 = 50;

/// How fast the estimate of a thinking step's time forgets a long one, per
/// frame that thinks (with the hint worked out before the player asks,
/// nearly every frame thinks: at 100 µs a frame, a rare 4 ms step of Four
/// Kingdoms is forgotten within a second and the next overruns a frame; at
/// 20 µs, Four Kingdoms' longest node, 3.5 ms, is 0.8 ms forgotten by the
/// time the next comes): the estimate stays near the longest step, and the
/// game's margin covers only what it cannot foresee.
pub const STEP_DECAY_US: u32 = 5;

/// The step weights whose times the scheduler keeps apart (a heavier
/// step counts as this weight's, in proportion).
pub const WEIGHTS: usize = 4;

/// Frames in a row a hint's thinking may go without a step when no frame's
/// own work leaves one room within the budget (every frame slow): then the
/// next runs one anyway. Thinking never stalls; a frame of a slow stretch
/// goes over the budget by one step at most once in this many.
pub const STARVED_MAX: u32 = 8;

/// Frames between two `AFTK SLOW` lines at least (the frame meter's report
/// has the longest of the rest).
pub const SLOW_EVERY: u32 = 30;

/// Frames between two `AFTK TICK` lines (half a second: about 40 bytes a
/// second of log), the heartbeat the emulator tests count their waits by.
pub const TICK_EVERY: u32 = 30;

/// What a game's thinking step costs on the console, as the scheduler
/// assumes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCost {
    /// The longest unit lately (forgotten slowly, [`STEP_DECAY_US`]), in
    /// microseconds: at first, the longest its catalogue entry names.
    pub step_us: u32,
    /// How much longer than the estimate a step can run (what the game
    /// cannot tell in advance): what its thinking leaves of the budget.
    pub margin_us: u32,
}

/// What a frame's thinking works on: the game's hint (or the demo's next
/// move), and the frame's clock. The console's loop makes one of its
/// [`App`](crate::ui::App), its card's byte pump and its root counters.
pub trait Thinking {
    /// Microseconds since the frame began.
    fn elapsed_us(&self) -> u32;
    /// True while a hint (or the demo's move) is being worked out.
    fn thinking(&self) -> bool;
    /// What the next unit costs, in units (at least 1).
    fn weight(&self) -> u32;
    /// Works one unit; true while work is left.
    fn step(&mut self) -> bool;
}

/// A frame's thinking: its time, its steps and their time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thought {
    /// From the first look at the clock to the last, in microseconds.
    pub us: u32,
    /// Units worked.
    pub steps: u32,
    /// Their time, in microseconds.
    pub steps_us: u32,
}

/// What the frame loop keeps from frame to frame to decide a frame's work:
/// its estimates of the drawing's, the update's and each game's step's
/// time. `G` games, indexed as the catalogue's.
#[derive(Clone, Debug)]
pub struct Scheduler<const G: usize> {
    timing: Timing,
    /// The drawing's time lately (draw list, packets, what is left of the
    /// GPU's work after the thinking): the largest of the recent frames,
    /// forgotten slowly. The 14x9 grid takes 10 ms of a frame to draw, the
    /// menus 4: a card sector starts only where it leaves room.
    render_us: u32,
    /// The last update's time.
    update_us: u32,
    /// Each game's step as its catalogue entry gives it (the margin).
    steps: [StepCost; G],
    /// Each game's longest step lately of each weight (1 to [`WEIGHTS`]),
    /// forgotten slowly: a step of weight 2 is not always twice one of
    /// weight 1 (on 13x9, half a basis takes as long as a whole position
    /// judged), so a weight's estimate is learnt from its own steps.
    longest: [[u32; WEIGHTS]; G],
    /// Frames in a row that had work but started no step.
    starved: u32,
    /// The frame of the last `AFTK SLOW` line.
    slow_at: Option<u32>,
}

impl<const G: usize> Scheduler<G> {
    /// A scheduler for frames of `timing`, each game's step at first
    /// assumed as `steps` says.
    pub fn new(timing: Timing, steps: [StepCost; G]) -> Self {
        let longest = steps.map(|c| core::array::from_fn(|i| c.step_us.saturating_mul(i as u32 + 1)));
        Scheduler { timing, render_us: DRAW_US, update_us: 0, steps, longest, starved: 0, slow_at: None }
    }

    /// The frames it schedules.
    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// What it assumes a step of game `game` and weight `weight` takes
    /// now, in microseconds: the longest of that weight lately (a weight
    /// past [`WEIGHTS`] in proportion to the heaviest kept).
    pub fn step_us(&self, game: usize, weight: u32) -> u32 {
        let longest = &self.longest[game.min(G - 1)];
        match weight.max(1) as usize {
            w if w <= WEIGHTS => longest[w - 1],
            w => longest[WEIGHTS - 1].saturating_mul(w as u32) / WEIGHTS as u32,
        }
    }

    /// What game `game`'s thinking leaves of the budget.
    pub fn margin_us(&self, game: usize) -> u32 {
        self.steps[game.min(G - 1)].margin_us
    }

    /// True when a card sector may start in this frame, `finish_us` into it
    /// (the end of the last frame's sector): its waits come after the
    /// drawing as measured lately (a loss screen's shaded grid takes 10 ms
    /// to draw), the update as long as the last one, and the thinking
    /// (`thinking`: a hint is being worked out), which goes on to the
    /// frame's budget.
    pub fn card_room(&self, finish_us: u32, thinking: bool) -> bool {
        let drawn_us = finish_us + self.render_us.max(DRAW_US) + self.update_us;
        let busy_until = if thinking { drawn_us.max(self.timing.think_until_us()) } else { drawn_us };
        busy_until + CARD_US <= self.timing.frame_us
    }

    /// The update took `us` (the next frame's card assumes as much).
    pub fn updated(&mut self, us: u32) {
        self.update_us = us;
    }

    /// How long the event log may be handed to the BIOS, `elapsed_us` into
    /// the frame: to the TTY's limit, [`TTY_MAX_US`] at most.
    pub fn tty_us(&self, elapsed_us: u32) -> u32 {
        self.timing.tty_until_us().saturating_sub(elapsed_us).min(TTY_MAX_US)
    }

    /// Gives game `game`'s thinking what is left of the frame's budget, a
    /// unit at a time. A step starts only when one as long as the game's
    /// longest lately (times its weight) still ends by the thinking's limit
    /// less the game's margin; a frame that could start none, after one
    /// that started none either, runs one anyway where it fits the budget,
    /// or after [`STARVED_MAX`] frames regardless, so that thinking never
    /// stalls (a hint shows however slow the frames are).
    pub fn think(&mut self, game: usize, work: &mut impl Thinking) -> Thought {
        let t0 = work.elapsed_us();
        let game = game.min(G - 1);
        let margin_us = self.margin_us(game);
        let until = self.timing.think_until_us().saturating_sub(margin_us);
        let mut thought = Thought::default();
        let mut busy = work.thinking();
        while busy {
            let before = work.elapsed_us();
            let weight = work.weight().max(1);
            let after = before.saturating_add(self.step_us(game, weight));
            // A frame after one that started none runs one anyway, so that
            // thinking never stalls: in a frame whose own work leaves the
            // step room within the budget (a 14x9 step of 5 ms in a frame
            // that drew for 5 ms would pass it), or after STARVED_MAX
            // frames in a row with no such room.
            let forced = thought.steps == 0
                && self.starved > 0
                && (after.saturating_add(margin_us) <= self.timing.budget_us() || self.starved >= STARVED_MAX);
            if after > until && !forced {
                break;
            }
            busy = work.step();
            let took = work.elapsed_us().saturating_sub(before);
            let kept = &mut self.longest[game][(weight as usize).min(WEIGHTS) - 1];
            *kept = (*kept).max(if weight as usize > WEIGHTS { took * WEIGHTS as u32 / weight } else { took });
            thought.steps += 1;
            thought.steps_us = thought.steps_us.saturating_add(took);
        }
        self.starved = if busy && thought.steps == 0 { self.starved.saturating_add(1) } else { 0 };
        // Forgotten only while thinking: an idle minute must not make the
        // next hint's first steps overrun.
        if thought.steps > 0 {
            for kept in &mut self.longest[game] {
                *kept = kept.saturating_sub(STEP_DECAY_US);
            }
        }
        thought.us = work.elapsed_us().saturating_sub(t0);
        thought
    }

    /// The frame's drawing took `us` (draw list, packets and the wait for
    /// the GPU).
    pub fn drawn(&mut self, us: u32) {
        self.render_us = self.render_us.saturating_sub(RENDER_DECAY_US).max(us);
    }

    /// True when frame `n`, which took `total_us`, gets an `AFTK SLOW`
    /// line: over the budget, and [`SLOW_EVERY`] frames after the last.
    pub fn slow(&mut self, n: u32, total_us: u32) -> bool {
        let due = self.slow_at.is_none_or(|at| n.wrapping_sub(at) >= SLOW_EVERY);
        if total_us > self.timing.budget_us() && due {
            self.slow_at = Some(n);
            return true;
        }
        false
    }
}

/// True when frame `n` gets an `AFTK TICK` line.
pub const fn tick(n: u32) -> bool {
    n % TICK_EVERY == 0
}

/// Times each hint from the frame whose update took Square to the frame
/// that draws it, both counted: the update and the thinking run while the
/// GPU draws a frame, so what they find is drawn in the next (a hint
/// worked out before Square comes shows 2 frames after it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintTimer {
    /// A hint asked for and not drawn yet is being timed.
    open: bool,
    /// The thinking's time on it (pondering before the player asks does
    /// not count).
    us: u32,
    /// Its frames.
    frames: u32,
    /// Thinking units and their time since the last hint shown (pondering
    /// included): the `AFTK HINT` line gives their mean, the cost of one
    /// unit on the console.
    steps: u32,
    steps_us: u32,
}

/// A hint shown, as its `AFTK HINT` line gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintShown {
    /// The thinking's time on it after Square, in microseconds.
    pub us: u32,
    /// Frames from the one whose update took Square to the one drawing it.
    pub frames: u32,
    /// Thinking units since the last hint shown.
    pub steps: u32,
    /// Their mean time, in microseconds.
    pub step_us: u32,
    /// The answer shown is a deep one (worked out past the quick answer
    /// while the player looked).
    pub deep: bool,
    /// Frames that worked on the position before it was shown (pondering
    /// included; 0 for a game that does not count them).
    pub pondered: u32,
}

/// `us=<us> frames=<n> steps=<n> step_us=<us> answer=quick|deep
/// pondered=<n>` (the last two added after the others, so a reader of
/// the first four reads every line).
impl crate::out::Text for HintShown {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        let answer = if self.deep { "deep" } else { "quick" };
        put!(f, "us=", self.us, " frames=", self.frames, " steps=", self.steps, " step_us=", self.step_us)?;
        put!(f, " answer=", answer, " pondered=", self.pondered)
    }
}

impl HintTimer {
    /// A timer with no hint asked.
    pub const fn new() -> Self {
        HintTimer { open: false, us: 0, frames: 0, steps: 0, steps_us: 0 }
    }

    /// A frame begins. `in_deal`: a deal is in play (a new deal is none,
    /// whatever the last one showed); `asked`: a hint is asked and not
    /// shown; `shown`: the frame draws a hint. The hint shown, if any.
    pub fn frame(&mut self, in_deal: bool, asked: bool, shown: bool) -> Option<HintShown> {
        if !in_deal {
            self.open = false;
            self.us = 0;
            self.frames = 0;
            return None;
        }
        if !self.open && (asked || shown) {
            // The frame whose update took Square.
            self.frames = 1;
        }
        if self.open || asked || shown {
            self.frames += 1;
        }
        let line = shown.then(|| {
            let step_us = self.steps_us / self.steps.max(1);
            let line =
                HintShown { us: self.us, frames: self.frames, steps: self.steps, step_us, deep: false, pondered: 0 };
            self.steps = 0;
            self.steps_us = 0;
            line
        });
        // Timed while asked (a move made instead cancels it).
        self.open = asked && !shown;
        if !self.open {
            self.us = 0;
            self.frames = 0;
        }
        line
    }

    /// The frame's thinking; `asked`: for a hint the player asked for.
    pub fn thought(&mut self, asked: bool, t: Thought) {
        self.steps = self.steps.saturating_add(t.steps);
        self.steps_us = self.steps_us.saturating_add(t.steps_us);
        if asked {
            self.us = self.us.saturating_add(t.us);
        }
    }
}

crate::display_via_text!(HintShown);

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;
    use std::vec::Vec;

    /// A frame's thinking on a made-up clock: the frame is `at` µs in,
    /// and each unit takes the next of `costs` (the last one again once
    /// they run out), `left` units of work in all.
    struct Fake {
        at: u32,
        costs: Vec<u32>,
        weight: u32,
        left: u32,
        done: u32,
    }

    impl Fake {
        fn new(at: u32, cost: u32, left: u32) -> Self {
            Fake { at, costs: std::vec![cost], weight: 1, left, done: 0 }
        }
    }

    impl Thinking for Fake {
        fn elapsed_us(&self) -> u32 {
            self.at
        }
        fn thinking(&self) -> bool {
            self.left > 0
        }
        fn weight(&self) -> u32 {
            self.weight
        }
        fn step(&mut self) -> bool {
            let i = (self.done as usize).min(self.costs.len() - 1);
            self.at += self.costs[i];
            self.done += 1;
            self.left -= 1;
            self.left > 0
        }
    }

    fn one(step_us: u32, margin_us: u32) -> [StepCost; 1] {
        [StepCost { step_us, margin_us }]
    }

    #[test]
    fn the_budget_is_sixty_percent_of_a_vblank_ntsc_and_pal() {
        assert_eq!(Timing::NTSC.budget_us(), 10_009);
        assert_eq!(Timing::PAL.budget_us(), 12_000);
        for t in [Timing::NTSC, Timing::PAL] {
            assert!(t.budget_us() * 5 <= t.frame_us * 3);
            assert!(t.think_until_us() < t.budget_us() && t.tty_until_us() < t.budget_us());
        }
        assert_eq!(Timing::BUILT, if cfg!(feature = "pal") { Timing::PAL } else { Timing::NTSC });
    }

    #[test]
    fn thinking_whose_steps_keep_to_the_estimate_and_margin_ends_within_the_budget() {
        for timing in [Timing::NTSC, Timing::PAL] {
            for step_us in [40, 1_000, 1_500, 2_200, 3_500] {
                for margin_us in [100, 600] {
                    for at in (0..timing.budget_us()).step_by(97) {
                        let mut s = Scheduler::new(timing, one(step_us, margin_us));
                        // Each step as long as the estimate says, and the
                        // margin more.
                        let took = step_us + margin_us;
                        let mut w = Fake::new(at, took, 1_000);
                        let t = s.think(0, &mut w);
                        let until = timing.think_until_us() - margin_us;
                        let case = (timing.frame_us, step_us, margin_us, at, w.at);
                        if at + step_us > until {
                            assert_eq!(t.steps, 0, "{case:?}");
                            continue;
                        }
                        assert!(w.at <= timing.think_until_us(), "{case:?}");
                        assert_eq!(t.us, w.at - at);
                        assert_eq!(t.steps_us, t.us);
                        // It stops only when another step, as long as the
                        // last (now the estimate), would not fit.
                        assert!(w.at + took > until, "{case:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_weighed_step_starts_only_where_its_weight_fits() {
        let timing = Timing::NTSC;
        let until = timing.think_until_us() - 600;
        let mut s = Scheduler::new(timing, one(2_000, 600));
        // Room for one unit, not for one of weight 2.
        let mut w = Fake::new(until - 3_000, 2_000, 5);
        w.weight = 2;
        assert_eq!(s.think(0, &mut w).steps, 0);
        w.weight = 1;
        assert_eq!(s.think(0, &mut w).steps, 1);
    }

    #[test]
    fn a_step_longer_than_the_estimate_raises_it_and_it_is_forgotten_only_while_thinking() {
        let mut s = Scheduler::new(Timing::NTSC, one(1_000, 600));
        // At first a weight's estimate is the entry's unit times the weight.
        assert_eq!((s.step_us(0, 1), s.step_us(0, 2), s.step_us(0, 6)), (1_000, 2_000, 6_000));
        let mut w = Fake::new(0, 1_000, 100);
        w.costs = std::vec![3_000, 1_000];
        let t = s.think(0, &mut w);
        assert_eq!(s.step_us(0, 1), 3_000 - STEP_DECAY_US);
        // After the long step, only steps of 3 ms fitted: the frame
        // stopped 3 ms before its limit, not 1.
        assert!(w.at + 3_000 - STEP_DECAY_US > Timing::NTSC.think_until_us() - 600, "{}", w.at);
        assert!(t.steps < 6, "{t:?}");
        // A weighed step keeps its own estimate: 2.5 ms of weight 2 leaves
        // weight 1's 3 ms as it was.
        let mut w = Fake::new(0, 2_500, 1);
        w.weight = 2;
        s.think(0, &mut w);
        assert_eq!(s.step_us(0, 2), 2_500 - STEP_DECAY_US);
        assert_eq!(s.step_us(0, 1), 3_000 - 2 * STEP_DECAY_US);
        // A weight past the kept ones counts in proportion to the heaviest.
        let mut w = Fake::new(0, 16_000, 1);
        w.weight = 8;
        s.think(0, &mut w);
        assert_eq!(s.step_us(0, WEIGHTS as u32), 8_000 - STEP_DECAY_US);
        assert_eq!(s.step_us(0, 8), 16_000 - 2 * STEP_DECAY_US);
        // Idle frames forget nothing; thinking ones a little each.
        for _ in 0..100 {
            s.think(0, &mut Fake::new(0, 1_000, 0));
        }
        assert_eq!(s.step_us(0, 2), 2_500 - 2 * STEP_DECAY_US);
        for _ in 0..100 {
            s.think(0, &mut Fake::new(0, 100, 1));
        }
        assert_eq!(s.step_us(0, 2), 2_500 - 102 * STEP_DECAY_US);
    }

    #[test]
    fn slow_frames_still_think_a_step_once_in_starved_max_frames() {
        for timing in [Timing::NTSC, Timing::PAL] {
            let mut s = Scheduler::new(timing, one(1_000, 600));
            let mut steps = Vec::new();
            for _ in 0..2 * (STARVED_MAX + 1) {
                // The rest of the frame took the whole budget.
                let mut w = Fake::new(timing.budget_us(), 1_000, 100);
                steps.push(s.think(0, &mut w).steps);
            }
            let once = |at: u32| (0..=STARVED_MAX).map(move |i| u32::from(i == at));
            let want: Vec<u32> = once(STARVED_MAX).chain(once(STARVED_MAX)).collect();
            assert_eq!(steps, want);
            // A frame with room again thinks to its limit.
            let mut w = Fake::new(0, 1_000, 100);
            assert!(s.think(0, &mut w).steps >= 7);
            // No work: nothing is starved.
            let mut w = Fake::new(timing.budget_us(), 1_000, 0);
            assert_eq!(s.think(0, &mut w).steps, 0);
            let mut w = Fake::new(timing.budget_us(), 1_000, 5);
            assert_eq!(s.think(0, &mut w).steps, 0);
        }
    }

    #[test]
    fn a_starved_step_waits_for_a_frame_where_it_fits_the_budget() {
        let timing = Timing::NTSC;
        let mut s = Scheduler::new(timing, one(5_000, 600));
        // Starved: the step never fits the thinking's limit after 5 ms of
        // the frame's own work.
        assert_eq!(s.think(0, &mut Fake::new(5_000, 5_000, 100)).steps, 0);
        // 5 ms of the frame's own work and a 5 ms step pass the budget:
        // not this frame...
        assert_eq!(s.think(0, &mut Fake::new(5_000, 5_000, 100)).steps, 0);
        // ... but one with 3 ms of its own.
        let mut w = Fake::new(3_000, 5_000, 100);
        assert_eq!(s.think(0, &mut w).steps, 1);
        assert!(w.elapsed_us() + 600 <= timing.budget_us());
    }

    #[test]
    fn each_game_keeps_its_own_estimate_and_margin() {
        let costs = [StepCost { step_us: 1_000, margin_us: 600 }, StepCost { step_us: 3_500, margin_us: 100 }];
        let mut s = Scheduler::new(Timing::NTSC, costs);
        let until = Timing::NTSC.think_until_us();
        let mut a = Fake::new(0, 1_000, 100);
        s.think(0, &mut a);
        assert!(a.at <= until - 600 && a.at + 1_000 > until - 600, "{}", a.at);
        let mut b = Fake::new(0, 3_500, 100);
        s.think(1, &mut b);
        assert!(b.at <= until - 100 && b.at + 3_500 > until - 100, "{}", b.at);
        // A game beyond the list is the last one's.
        assert_eq!((s.step_us(7, 1), s.margin_us(7)), (s.step_us(1, 1), 100));
        assert_eq!(s.step_us(0, 1), 1_000 - STEP_DECAY_US);
    }

    #[test]
    fn a_card_sector_starts_only_where_the_frames_waits_leave_it_room() {
        let mut s = Scheduler::new(Timing::NTSC, one(1_000, 600));
        // The drawing as assumed at first (8 ms) and 6.5 ms of card fit.
        assert!(s.card_room(0, false));
        // Thinking goes on to its limit (9.7 ms): still room.
        assert!(s.card_room(0, true));
        // The end of the last frame's sector comes before the drawing.
        assert!(s.card_room(Timing::NTSC.frame_us - CARD_US - DRAW_US, true));
        assert!(!s.card_room(Timing::NTSC.frame_us - CARD_US - DRAW_US + 1, true));
        // A long update, as the last one was, is counted.
        s.updated(2_183);
        assert!(s.card_room(0, true));
        s.updated(2_184);
        assert!(!s.card_room(0, false));
        s.updated(0);
        // A frame drawn in 12 ms leaves no room, and is forgotten at 50 µs
        // a frame: 37 frames later (under 10.18 ms) there is room again.
        s.drawn(12_000);
        for _ in 0..36 {
            assert!(!s.card_room(0, false));
            s.drawn(1_000);
        }
        assert!(!s.card_room(0, false));
        s.drawn(1_000);
        assert!(s.card_room(0, false));
        // PAL's longer frame has room for both.
        let mut s = Scheduler::new(Timing::PAL, one(1_000, 600));
        s.drawn(10_200);
        s.updated(2_000);
        assert!(s.card_room(0, true));
    }

    #[test]
    fn the_event_log_gets_what_is_left_of_its_part_up_to_two_milliseconds() {
        let s = Scheduler::new(Timing::NTSC, one(1_000, 600));
        let until = Timing::NTSC.tty_until_us();
        assert_eq!(s.tty_us(0), TTY_MAX_US);
        assert_eq!(s.tty_us(until - 500), 500);
        assert_eq!(s.tty_us(until), 0);
        assert_eq!(s.tty_us(Timing::NTSC.frame_us), 0);
        let s = Scheduler::new(Timing::PAL, one(1_000, 600));
        assert_eq!(s.tty_us(11_000), 12_000 - 600 - 11_000);
    }

    #[test]
    fn a_slow_frame_is_logged_once_in_thirty_frames() {
        let mut s = Scheduler::new(Timing::NTSC, one(1_000, 600));
        let budget = Timing::NTSC.budget_us();
        assert!(!s.slow(0, budget));
        let logged: Vec<u32> = (1..100).filter(|&n| s.slow(n, budget + 1)).collect();
        assert_eq!(logged, [1, 31, 61, 91]);
        // Across the frame counter's wrap.
        let mut s = Scheduler::new(Timing::PAL, one(1_000, 600));
        assert!(s.slow(u32::MAX - 5, 12_001));
        assert!(!s.slow(u32::MAX, 12_001));
        assert!(s.slow(24, 12_001));
        assert!(!s.slow(200, 12_000));
        assert!(tick(0) && tick(30) && !tick(31));
    }

    #[test]
    fn a_hint_is_timed_from_the_frame_of_square_to_the_frame_that_draws_it() {
        let mut h = HintTimer::new();
        assert_eq!(h.frame(true, false, false), None);
        // Pondering before Square: its steps count, its time does not.
        h.thought(false, Thought { us: 5_000, steps: 3, steps_us: 4_500 });
        // Square's frame found nothing yet; the next frame draws nothing.
        assert_eq!(h.frame(true, true, false), None);
        h.thought(true, Thought { us: 4_000, steps: 1, steps_us: 3_500 });
        assert_eq!(h.frame(true, true, false), None);
        h.thought(true, Thought { us: 2_000, steps: 0, steps_us: 0 });
        let shown = h.frame(true, false, true).expect("drawn");
        assert_eq!(shown, HintShown { us: 6_000, frames: 4, steps: 4, step_us: 2_000, deep: false, pondered: 0 });
        assert_eq!(shown.to_string(), "us=6000 frames=4 steps=4 step_us=2000 answer=quick pondered=0");
        let deep = HintShown { deep: true, pondered: 120, ..shown };
        assert_eq!(deep.to_string(), "us=6000 frames=4 steps=4 step_us=2000 answer=deep pondered=120");
        // A hint worked out before Square: 2 frames, no steps since.
        assert_eq!(
            h.frame(true, false, true),
            Some(HintShown { us: 0, frames: 2, steps: 0, step_us: 0, deep: false, pondered: 0 })
        );
        // A move instead of the hint, or a new deal, stops the timing.
        assert_eq!(h.frame(true, true, false), None);
        h.thought(true, Thought { us: 9_000, steps: 2, steps_us: 9_000 });
        assert_eq!(h.frame(true, false, false), None);
        let s = h.frame(true, false, true).unwrap();
        assert_eq!((s.us, s.frames), (0, 2));
        assert_eq!(h.frame(true, true, false), None);
        assert_eq!(h.frame(false, true, false), None);
        assert_eq!(h.frame(true, false, true).map(|s| s.frames), Some(2));
    }
}
