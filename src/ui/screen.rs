//! The play screen's contract: what every game's screen does for the App,
//! whichever game it is. The App (title, menus, pause, the end of a game,
//! statistics, the demo, saving) talks to a game only through this trait
//! and the catalogue ([`super::catalogue`]); a game's screen implements it
//! beside its controls and drawing (`ui/<game>.rs`).

use super::paint::{menu, menu_with, message_bar, palette, Skin};
use crate::cards::Suit;
use crate::draw::DrawList;
use crate::games::GameInfo;
use crate::input::{Buttons, Input};
use crate::out::Out as _;
use crate::settings::FaceStyle;
use crate::sound::Sounds;
use core::fmt;
use heapless::String;

/// Where a game stands, as the App's menus see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Still playing.
    Playing,
    /// Won.
    Won,
    /// Lost.
    Lost,
}

/// What a screen's drawing may depend on besides its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The card faces.
    pub face: FaceStyle,
    /// Where the held card may go is highlighted (Select toggles it).
    pub highlight: bool,
    /// Frames since boot (animations, pulses).
    pub frame: u32,
    /// Buttons held down this frame (L2/R2 show a rank or a suit).
    pub held: Buttons,
    /// A menu lies over the table (pause, the end of a game): the table
    /// leaves out its words, so none peeks out at the menu's edges.
    pub covered: bool,
}

/// Menu after a loss.
pub const LOST_MENU: [&str; 4] = ["Undo", "Restart this deal", "New deal", "Quit to title"];
/// Menu after a win.
pub const WON_MENU: [&str; 2] = ["New deal", "Quit to title"];

/// Frames a win shows on its own before its menu comes up.
pub const WIN_SHOWS: u32 = 90;

/// A game's play screen.
pub trait PlayScreen {
    /// Where a hint's search keeps its working storage between frames. It
    /// outlives the screen (made once at boot, never moved: a new deal
    /// copying kilobytes of it would make frames late); `()` for a game that
    /// keeps its search in the screen.
    type HintStore;

    /// Deals `seed` with the options of `code`, logging it; `None` for a
    /// code that names no options.
    fn deal(seed: u32, code: u8, frame: u32, log: &mut dyn crate::out::Out) -> Option<Self>
    where
        Self: Sized;
    /// Rebuilds a saved game (replaying its moves) and logs it as resumed;
    /// `None` when it does not replay.
    fn resume(saved: &crate::save::SavedGame, frame: u32, log: &mut dyn crate::out::Out) -> Option<Self>
    where
        Self: Sized;
    /// The deal number.
    fn seed(&self) -> u32;
    /// Moves played and not undone.
    fn move_count(&self) -> usize;
    /// Where the game stands.
    fn end(&self) -> End;
    /// Writes the reason of a loss (nothing while playing or after a win).
    fn write_loss(&self, out: &mut dyn crate::out::Out) -> fmt::Result;
    /// The frame the game ended on.
    fn ended_at(&self) -> Option<u32>;
    /// The game as the save keeps it (`None` once ended).
    fn saved(&self) -> Option<crate::save::SavedGame>;
    /// The options code of the deal in play (its statistics row).
    fn options_code(&self) -> u8;
    /// What the statistics keep as the record of a win: the fewest deals
    /// in A Farewell to Kings, the fewest moves in the others.
    fn score(&self) -> u16 {
        self.move_count().min(usize::from(u16::MAX)) as u16
    }

    /// Logs the position a deal opened with or a move left, when it is
    /// still due (a screen leaves it to the frame after the deal's or the
    /// move's; nothing by default).
    fn log_due(&mut self, _log: &mut dyn crate::out::Out) {}
    /// A frame of play with this input (the App handles Start and Select).
    fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out);
    /// Takes back the last move (the pause and loss menus' Undo).
    fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out);
    /// A frame passing while a menu covers the table (animations finish).
    fn tick(&mut self, _frame: u32) {}
    /// Finishes the running animations now: the player pressed a button
    /// (an animation never delays input).
    fn settle(&mut self) {}
    /// True while cards are still moving at `frame`.
    fn animating(&self, _frame: u32) -> bool {
        false
    }
    /// One frame of the attract mode; `paced` is true on the frames a
    /// move is due. True when it is time for another deal.
    fn demo_frame(&mut self, frame: u32, paced: bool, log: &mut dyn crate::out::Out) -> bool;

    /// Hints shown so far (the console logs the time each one took).
    fn hints(&self) -> u32;
    /// True while a hint (or the demo's move) is being worked out.
    fn thinking(&self) -> bool;
    /// Gives the hint being worked out `budget` more units of work (about
    /// a millisecond each on the console: [`Units`](crate::frame::Units));
    /// shows it once found. True while work is left.
    fn think(&mut self, budget: crate::frame::Units, frame: u32, store: &mut Self::HintStore) -> bool;
    /// What the next unit of [`PlayScreen::think`] costs, in units of the
    /// game's usual step (its kinds of work differ: a position judged
    /// whole costs a few placements judged from a basis). 1 by default.
    fn step_weight(&self, _store: &Self::HintStore) -> u32 {
        1
    }
    /// The player pressed a button that acts on the table while waiting
    /// for their hint: it is not shown when found (it would land on what
    /// they did), but the work on the position goes on and its answer is
    /// kept for the next Square ([`HintState::withdraw`]). A move or an
    /// undo, which changes the position, drops the work by itself.
    ///
    /// [`HintState::withdraw`]: super::hint::HintState::withdraw
    fn withdraw_hint(&mut self);
    /// Starts working out the hint for the position on the table before
    /// the player asks (the App calls it while the game is in play; the
    /// work runs in [`PlayScreen::think`] and the answer is kept, shown at
    /// once when Square comes). Nothing by default.
    fn ponder(&mut self) {}
    /// True while the player has asked for a hint that is not shown yet
    /// (the console times each hint from Square to its showing).
    fn asked(&self) -> bool {
        self.thinking()
    }
    /// Whether the hint on hand is a deep answer (worked out past the
    /// quick one while the player looked), and the frames that worked on
    /// the position: the `AFTK HINT` line's `answer=` and `pondered=`. A
    /// game with no deeper search: quick, not counted.
    fn hint_depth(&self) -> (bool, u32) {
        (false, 0)
    }
    /// True while a deeper answer is worked out past the quick one (the
    /// position stands and the quick answer is kept): [`think`] goes on
    /// in the frames' spare time, but no hint waits for it
    /// ([`thinking`](Self::thinking) is false). None by default.
    ///
    /// [`think`]: PlayScreen::think
    fn deepening(&self) -> bool {
        false
    }
    /// The sound effects asked for since last taken; leaves none.
    fn take_sounds(&mut self) -> Sounds;

    /// The game's guided deal ([`super::guided`]) at its first step,
    /// logged as a deal; `None` for a game without one (the default), whose
    /// [`ScreenInfo::guided`] is false.
    fn guided(_frame: u32, _log: &mut dyn crate::out::Out) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
    /// One frame of the guided deal: X plays the step's moves and shows
    /// the next, O leaves (so does X on the last step). False once the
    /// player leaves, and for a screen that is no guided deal.
    fn guide(&mut self, _input: &Input, _frame: u32, _log: &mut dyn crate::out::Out) -> bool {
        false
    }

    /// Draws the table.
    fn draw(&self, view: &View, skin: &impl Skin, list: &mut DrawList);
    /// The title of the win panel.
    fn won_title(&self) -> &'static str {
        "All cards are home"
    }
    /// Draws the end of the game over the table: the win (after a moment
    /// to see it) with its menu, or the reason of the loss with its menu.
    fn draw_over(&self, view: &View, sel: u8, skin: &impl Skin, list: &mut DrawList) {
        let mut head: String<64> = String::new();
        match self.end() {
            End::Won => {
                if !view.covered {
                    return; // let the win show first
                }
                let _ = put!(head, "Won! Deal #", self.seed(), " in ", self.move_count(), " moves");
                menu_with(list, skin, &[(&head, palette::SELECTED), (self.won_title(), palette::DIM)], &WON_MENU, sel);
            }
            End::Lost => {
                menu(list, skin, "No move left", &LOST_MENU, sel);
                let _ = head.put_str("Lost: ");
                let _ = self.write_loss(&mut head);
                message_bar(list, skin, &head);
            }
            End::Playing => {}
        }
    }
}

/// A row of a game's Options screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionRow {
    /// The game's own deal option number `n` (its label in
    /// [`ScreenInfo::option_labels`]).
    Own(u8),
    /// The card faces (every game's).
    Faces,
    /// Where the held card may go, highlighted.
    Highlight,
    /// New deals from the table of proven winnable deals.
    Winnable,
    /// Sound effects volume.
    Effects,
    /// Music volume.
    Music,
    /// Music while a game is played, on or off.
    MusicInPlay,
    /// Every option back to its first-boot value (asking first).
    Defaults,
    /// Back to the menu.
    Back,
}

impl OptionRow {
    /// The row's label, `labels` being the game's own options' labels.
    pub fn label(self, labels: &'static [&'static str]) -> &'static str {
        match self {
            OptionRow::Own(n) => labels.get(usize::from(n)).copied().unwrap_or("?"),
            OptionRow::Faces => "Card faces",
            OptionRow::Highlight => "Legal cells",
            OptionRow::Winnable => "Winnable only",
            OptionRow::Effects => "Effects",
            OptionRow::Music => "Music",
            OptionRow::MusicInPlay => "Music in play",
            OptionRow::Defaults => "Defaults",
            OptionRow::Back => "Back",
        }
    }
}

/// Writes the value of a game's own option `row` for the option code.
pub type OptionValue = fn(code: u8, row: u8, out: &mut dyn crate::out::Out) -> fmt::Result;
/// The option code after option `row` moved by `dir` (-1, 1).
pub type OptionChange = fn(code: u8, row: u8, dir: i8) -> u8;
/// Writes the label of statistics row `row`.
pub type StatsLabel = fn(row: usize, out: &mut dyn crate::out::Out) -> fmt::Result;

/// What the screens know of a game beyond its [`GameInfo`]: its words and
/// looks on the title, menus, Options and Statistics screens, and the cost
/// of its hint's thinking.
#[derive(Clone, Copy)]
pub struct ScreenInfo {
    /// The game's registry entry (its id, name, statistics rows, options).
    pub game: &'static GameInfo,
    /// Its turn in the attract mode's rotation (0 first).
    pub demo_turn: u8,
    /// Who made it, for the title.
    pub author: &'static str,
    /// The suit of the king that stands for it on the title.
    pub emblem: Suit,
    /// The help screen's lines: the controls and the rules in short.
    pub help: &'static [&'static str],
    /// Help's second page: how to play well, in a few short lines.
    pub tips: &'static [&'static str],
    /// The game has a guided deal ([`PlayScreen::guided`]): its menu
    /// offers "How to play".
    pub guided: bool,
    /// The Options screen's rows.
    pub options: &'static [OptionRow],
    /// The labels of its own options ([`OptionRow::Own`]).
    pub option_labels: &'static [&'static str],
    /// Writes an own option's value.
    pub option_value: OptionValue,
    /// Changes an own option.
    pub change_option: OptionChange,
    /// Writes what the Resume screen says of a saved game's options before
    /// its moves (`12x8, `), nothing for most games.
    pub resume_words: fn(code: u8, out: &mut dyn crate::out::Out) -> fmt::Result,
    /// The options the attract mode plays for the player's option code
    /// (the code itself where the fair player can play it).
    pub demo_options: fn(code: u8) -> u8,
    /// A statistics row's label.
    pub stats_label: StatsLabel,
    /// The longest step of its hint's thinking (one unit of
    /// [`PlayScreen::think`] of weight 1, [`PlayScreen::step_weight`])
    /// measured on the console (Mednafen), in microseconds: what the frame
    /// loop assumes of its steps until it has timed some (a step starts
    /// only when its weight times that still fits the frame).
    pub think_step_us: u32,
    /// How much longer than the estimate a step can run (a step's cost
    /// the game cannot tell in advance, or a longest step forgotten): what
    /// the frame's thinking leaves of its budget, in microseconds.
    pub think_margin_us: u32,
}

impl ScreenInfo {
    /// What the screens know of `game` as a game without deal options
    /// would have it (the shared option rows, one statistics row, first in
    /// the demo, no words of its own): a game's `SCREEN` sets its own over
    /// it, `ScreenInfo { author: "...", ..ScreenInfo::of(&INFO) }`.
    pub const fn of(game: &'static GameInfo) -> ScreenInfo {
        ScreenInfo {
            game,
            demo_turn: 0,
            author: "",
            emblem: Suit::Spades,
            help: &[],
            tips: &[],
            guided: false,
            options: &NO_OPTIONS,
            option_labels: &[],
            option_value: no_option_value,
            change_option: no_option_change,
            resume_words: no_words,
            demo_options: same_options,
            stats_label: one_stats_label,
            think_step_us: 1_000,
            think_margin_us: 600,
        }
    }

    /// The name on the title (the game's own, [`GameInfo::name`]).
    pub const fn name(&self) -> &'static str {
        self.game.name
    }
}

impl fmt::Debug for ScreenInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.put_str(self.name())
    }
}

/// The Options rows of a game without deal options of its own.
const NO_OPTIONS: [OptionRow; 8] = [
    OptionRow::Faces,
    OptionRow::Highlight,
    OptionRow::Winnable,
    OptionRow::Effects,
    OptionRow::Music,
    OptionRow::MusicInPlay,
    OptionRow::Defaults,
    OptionRow::Back,
];

/// [`ScreenInfo::option_value`] of a game without deal options.
fn no_option_value(_: u8, _: u8, _: &mut dyn crate::out::Out) -> fmt::Result {
    Ok(())
}

/// [`ScreenInfo::change_option`] of a game without deal options.
fn no_option_change(code: u8, _: u8, _: i8) -> u8 {
    code
}

/// [`ScreenInfo::stats_label`] of a game that keeps one statistics row.
fn one_stats_label(_: usize, out: &mut dyn crate::out::Out) -> fmt::Result {
    out.put_str("All deals")
}

/// [`ScreenInfo::demo_options`] of a game whose every option set the demo plays.
fn same_options(code: u8) -> u8 {
    code
}

/// [`ScreenInfo::resume_words`] of a game whose Resume screen names no options.
fn no_words(_: u8, _: &mut dyn crate::out::Out) -> fmt::Result {
    Ok(())
}
