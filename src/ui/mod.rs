//! The game's screens and controls, platform-neutral: buttons in, a screen
//! state and event-log lines out. The PS1 layer feeds [`App::update`] the
//! pad each frame, hands the log lines to the TTY, and draws the state with
//! [`render`]; host tests drive it with synthetic input.
//!
//! Screens: title (the games), a game's menu (New game, Deal number,
//! Options, Help, Statistics, and How to play for a game with a guided
//! deal), deal-number entry, options (with the
//! Defaults question), help (the rules, then the tips), play,
//! pause (Resume, Undo, Restart this deal, New deal, Options, Help,
//! Statistics, Quit to title) and the end of a game (its win, or the reason for a loss, with
//! its menu).
//!
//! The App names no game: it reaches each one through the [`catalogue`]
//! (what the collection knows of it) and its [`screen::PlayScreen`].
//!
//! - [`paint`]: drawing basics (skin, palette, text, panels).
//! - [`screen`]: the play-screen contract.
//! - [`catalogue`]: the games, once each.
//! - [`table`]: a game in play, with its log and saved moves.
//! - [`guided`]: a guided deal, played step by step (How to play).
//! - [`farewell`], [`corners`], [`albert`], [`kingdoms`]: each game's screen.
//! - [`render`]: the App's screens drawn; [`stats`]: the Statistics rows.

pub mod catalogue;
pub mod guided;
pub mod hint;
pub mod motion;
pub mod paint;
pub mod render;
pub mod screen;
pub mod skin;
pub mod stats;
pub mod table;
pub mod words;

/// Declares each game's screen module, `src/ui/<game>.rs`.
macro_rules! screen_modules {
    ($( $(#[$a:meta])* $name:ident $module:ident, )*) => {
        $( $(#[$a])* pub mod $module; )*
    };
}
crate::for_each_game!(screen_modules);

use crate::input::{Buttons, Input};
use crate::save::{GameRecord, SavedGame};
use crate::sound::{Sfx, Song, Sounds, Volumes};
use catalogue::{GameScreen, HintStores, CATALOGUE, DEMO_ORDER};
use screen::OptionRow;
use screen::{End, LOST_MENU, WON_MENU};

pub use crate::settings::{FaceStyle, GameId, Settings};

/// A game's menu, opened from the title.
pub const GAME_MENU: [&str; 5] = ["New game", "Deal number", "Options", "Help", "Statistics"];
/// The row a game with a guided deal adds to its menu, last (so that no
/// other row moves): the deal played step by step.
pub const GUIDED_ROW: &str = "How to play";

/// The rows of `game`'s menu: [`GAME_MENU`], and [`GUIDED_ROW`] for a game
/// with a guided deal.
pub fn game_menu(game: GameId) -> heapless::Vec<&'static str, 6> {
    let mut rows: heapless::Vec<&'static str, 6> = GAME_MENU.iter().copied().collect();
    if catalogue::screen(game).guided {
        let _ = rows.push(GUIDED_ROW);
    }
    rows
}
/// Pause menu entries: the game's own Help and Statistics among them, so
/// that the rules can be read in the middle of a deal.
pub const PAUSE_MENU: [&str; 8] =
    ["Resume", "Undo", "Restart this deal", "New deal", "Options", "Help", "Statistics", "Quit to title"];
/// The pause menu's Options row (Back on the Options screen returns to it,
/// as Back on Help and Statistics returns to theirs).
const PAUSE_OPTIONS: u8 = 4;
/// The pause menu's Help row.
const PAUSE_HELP: u8 = 5;
/// The pause menu's Statistics row.
const PAUSE_STATS: u8 = 6;

/// The rows of a game's Options screen, in words.
pub fn option_rows(game: GameId) -> heapless::Vec<&'static str, 16> {
    let e = catalogue::screen(game);
    e.options.iter().map(|r| r.label(e.option_labels)).collect()
}

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The title: the collection's games.
    Title {
        /// Row of [`CATALOGUE`].
        sel: u8,
    },
    /// The chosen game's menu ([`GAME_MENU`]).
    GameMenu {
        /// Menu row.
        sel: u8,
    },
    /// The chosen game's statistics; Back returns to `from`.
    Stats {
        /// First breakdown row shown.
        scroll: u8,
        /// Return to the pause menu (true) or the game's menu (false).
        from_pause: bool,
    },
    /// "Reset the statistics?" (only on X), over the statistics.
    ResetStats {
        /// The statistics were opened from the pause menu.
        from_pause: bool,
    },
    /// Entering a deal number digit by digit.
    DealNumber {
        /// Ten decimal digits, most significant first.
        digits: [u8; 10],
        /// The digit being edited.
        pos: u8,
    },
    /// The options; Back returns to `from`.
    Options {
        /// Row.
        sel: u8,
        /// Return to the pause menu (true) or the title (false).
        from_pause: bool,
    },
    /// Help's first page, the controls and the rules; Back returns to the
    /// pause menu while a game is in play, else to the game's menu.
    Help,
    /// Help's second page, the game's tips (the same page turning and Back
    /// as [`Screen::Help`]).
    Tips,
    /// "Back to defaults?" over the options (only on X).
    Defaults {
        /// The options were opened from the pause menu.
        from_pause: bool,
    },
    /// Playing.
    Play,
    /// The chosen game's guided deal ("How to play" in its menu): X goes
    /// on, O goes back to the menu. Nothing of it is saved or counted.
    Guided,
    /// The pause menu over the board.
    Pause {
        /// Menu row.
        sel: u8,
    },
    /// The game has ended: its menu over the board.
    Over {
        /// Menu row.
        sel: u8,
    },
    /// The attract-mode demo: the fair player plays; any button returns
    /// to the title.
    Demo,
    /// At boot, a game was saved: "Resume deal #n?"
    Resume,
    /// The memory card is not formatted: format it? (Only on X.)
    Format,
    /// The save on the memory card is damaged: replace it? (Only on X.)
    Replace,
}

impl Screen {
    /// Screens outside a game: the card keeps no game in progress from them.
    fn outside_game(self) -> bool {
        matches!(
            self,
            Screen::Demo
                | Screen::Title { .. }
                | Screen::GameMenu { .. }
                | Screen::Stats { from_pause: false, .. }
                | Screen::ResetStats { from_pause: false }
                | Screen::Resume
                | Screen::Format
                | Screen::Replace
                | Screen::Guided
        )
    }

    /// Menu screens: leaving one with X, O or Start makes the select sound.
    fn is_menu(self) -> bool {
        !matches!(self, Screen::Play | Screen::Demo)
    }
}

/// Frames of no input on the title before the demo starts (30 s at 60 Hz).
pub const DEMO_AFTER: u32 = 30 * 60;
/// Frames between the demo's moves.
pub const DEMO_PACE: u32 = 24;

/// Most bytes of log text one frame may produce (a move with its position).
pub const LOG_BYTES: usize = 4096;

/// The whole application state.
#[derive(Debug)]
pub struct App {
    /// Current settings.
    pub settings: Settings,
    /// The game chosen on the title (the last one played, at boot).
    pub game: GameId,
    screen: Screen,
    /// The game in play, if any.
    playing: Option<GameScreen>,
    /// Its screen's hint count when [`App::take_hint_shown`] last looked.
    hints_taken: u32,
    /// A hint was shown in the deal in play before it was saved and
    /// resumed (its screen counts only the hints since).
    hinted_before: bool,
    /// The frame a game was last dealt or resumed: it does no thinking (a
    /// 14x9 deal and the first step of its thinking together make a frame
    /// late).
    dealt_at: Option<u32>,
    /// Every game's hint storage, kept from boot.
    hint_stores: HintStores,
    frame: u32,
    /// Frames since a button was last pressed.
    idle: u32,
    /// During the demo: the game the player had chosen, restored after it.
    demo_return: Option<GameId>,
    /// Deals the demo has started (which game comes next).
    demo_deals: u8,
    /// Every game's part of the save (options, winnable only, game in
    /// progress, statistics), by game.
    records: [GameRecord; crate::games::GAMES.len()],
    /// The game state changed since the last save request was taken.
    save_wanted: bool,
    /// The player confirmed formatting the memory card.
    format_confirmed: bool,
    /// The player confirmed replacing the damaged save.
    replace_confirmed: bool,
    /// The current deal's result is in the statistics (an undo after the
    /// end and a second ending count once).
    recorded: bool,
    /// The frame the end of a game's menu comes up (after a win has shown
    /// for [`screen::WIN_SHOWS`] frames, at once after a loss).
    over_menu_at: u32,
    /// What the memory card is doing, or why it is not used, for the title.
    notice: Option<&'static str>,
    /// The sound settings (Options; Select on the title mutes), saved.
    pub volumes: Volumes,
    /// The menus' sound effects asked for since last taken.
    sounds: Sounds,
}

/// Frames the end of a game's menu takes no press once it is up (a third
/// of a second).
pub const MENU_SETTLES: u32 = 20;

impl Default for App {
    fn default() -> Self {
        Self::new()
    }
}

/// Random deals are numbered 1 to this, short enough to read out and share
/// (Deal number still plays any number).
pub const RANDOM_DEALS: u32 = 1_000_000;

/// Turns the frame counter into a deal number from 1 to [`RANDOM_DEALS`]:
/// a hash, so that games started a frame apart are unrelated deals.
pub fn seed_from_frame(frame: u32) -> u32 {
    let mut x = frame.wrapping_add(0x9E37_79B9);
    x = (x ^ (x >> 16)).wrapping_mul(0x85EB_CA6B);
    x = (x ^ (x >> 13)).wrapping_mul(0xC2B2_AE35);
    1 + (x ^ (x >> 16)) % RANDOM_DEALS
}

/// A menu's row after Up or Down (wrapping).
fn step(sel: u8, len: usize, input: &Input) -> u8 {
    let len = len as u8;
    if input.repeated().contains(Buttons::UP) {
        (sel + len - 1) % len
    } else if input.repeated().contains(Buttons::DOWN) {
        (sel + 1) % len
    } else {
        sel
    }
}

/// -1 for Left, 1 for Right (repeating), else 0.
fn left_right(input: &Input) -> i8 {
    let r = input.repeated();
    i8::from(r.contains(Buttons::RIGHT)) - i8::from(r.contains(Buttons::LEFT))
}

impl App {
    /// At the title screen.
    pub fn new() -> Self {
        App {
            settings: Settings::default(),
            game: GameId::nth(0),
            screen: Screen::Title { sel: 0 },
            playing: None,
            hints_taken: 0,
            hinted_before: false,
            dealt_at: None,
            hint_stores: HintStores::new(),
            frame: 0,
            idle: 0,
            demo_return: None,
            demo_deals: 0,
            records: crate::save::Save::default().sections,
            save_wanted: false,
            format_confirmed: false,
            replace_confirmed: false,
            recorded: false,
            over_menu_at: 0,
            notice: None,
            volumes: Volumes::default(),
            sounds: Sounds::new(),
        }
    }

    /// The screen showing.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Gives the hint (or the demo's move) being worked out `budget` more
    /// units of work ([`Units`](crate::frame::Units): the console calls it
    /// a unit at a time while the frame has time). True while work is left.
    pub fn think(&mut self, budget: crate::frame::Units) -> bool {
        let frame = self.frame;
        if self.dealt_at == Some(frame) {
            return false;
        }
        self.playing.as_mut().is_some_and(|p| p.pondering() && p.think(budget, frame, &mut self.hint_stores))
    }

    /// What the next unit of [`App::think`] costs, in the game's usual
    /// steps (the console budgets a frame's thinking with it).
    pub fn step_weight(&self) -> u32 {
        self.playing.as_ref().map_or(1, |p| p.step_weight(&self.hint_stores))
    }

    /// True while a hint or the demo's move is being worked out.
    pub fn thinking(&self) -> bool {
        self.playing.as_ref().is_some_and(GameScreen::thinking)
    }

    /// True while the player has asked for a hint not shown yet (the
    /// console times a hint from Square to its showing).
    pub fn hint_asked(&self) -> bool {
        self.playing.as_ref().is_some_and(GameScreen::asked)
    }

    /// The game in play, if any.
    pub fn playing(&self) -> Option<&GameScreen> {
        self.playing.as_ref()
    }

    /// Frames since boot.
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// The end of a game's menu is up (a win shows on its own first).
    pub fn over_menu_up(&self) -> bool {
        matches!(self.screen, Screen::Over { .. }) && self.frame.wrapping_sub(self.over_menu_at) as i32 >= 0
    }

    // ------------------------------------------------- the chosen game's data

    /// A game's part of the save.
    pub fn record(&self, id: GameId) -> &GameRecord {
        &self.records[id.index()]
    }

    fn record_mut(&mut self) -> &mut GameRecord {
        &mut self.records[self.game.index()]
    }

    /// The chosen game's options code.
    pub fn options_code(&self) -> u8 {
        self.record(self.game).options
    }

    /// The chosen game's "winnable only".
    fn winnable(&self) -> bool {
        self.record(self.game).winnable
    }

    /// The chosen game's saved game in progress (one with a move made: a
    /// deal just dealt is not worth a Resume screen).
    fn saved_game(&self) -> Option<SavedGame> {
        self.record(self.game).game.filter(|g| g.count > 0)
    }

    /// Counts the chosen game's finished deal, played with the options of
    /// `code`, in its statistics.
    fn record_end(&mut self, code: u8, won: bool, score: u16) {
        let row = (self.game.info().stats_row)(code);
        let hinted = self.hinted();
        self.record_mut().record_played(row, won, hinted, score);
    }

    /// True when a hint has been shown in the deal in play (before a save
    /// and resume too).
    pub fn hinted(&self) -> bool {
        self.hinted_before || self.hints().unwrap_or(0) > 0
    }

    /// The chosen game's statistics, by row.
    pub fn tallies(&self) -> &[crate::save::Tally] {
        let rows = self.game.info().stats_rows;
        &self.record(self.game).tallies[..rows]
    }

    // ------------------------------------------------------------ the save

    /// Takes what the memory card held at boot: settings, statistics, and
    /// a game in progress, which the Resume screen then offers.
    pub fn load(&mut self, save: crate::save::Save) {
        self.settings = Settings { face: save.face, highlight: save.highlight };
        self.volumes = save.sound;
        self.records = save.sections;
        // Every GameId the save reads is a game of the list.
        self.game = save.last_game;
        self.screen = self.title();
        if self.saved_game().is_some() {
            self.screen = Screen::Resume;
        }
    }

    /// The deal number, moves made and options code of the saved game the
    /// Resume screen offers, for the chosen game.
    pub fn resumable_summary(&self) -> Option<(u32, usize, u8)> {
        self.saved_game().map(|g| (g.seed, usize::from(g.count), g.options))
    }

    /// Asks the player whether to format the memory card (it is not
    /// formatted); nothing is written unless they press X.
    pub fn offer_format(&mut self) {
        self.screen = Screen::Format;
    }

    /// True once, after the player confirmed formatting.
    pub fn take_format_request(&mut self) -> bool {
        core::mem::take(&mut self.format_confirmed)
    }

    /// Asks the player whether to replace the damaged save on the memory
    /// card; nothing is written unless they press X.
    pub fn offer_replace(&mut self) {
        self.screen = Screen::Replace;
    }

    /// True once, after the player confirmed replacing the damaged save.
    pub fn take_replace_request(&mut self) -> bool {
        core::mem::take(&mut self.replace_confirmed)
    }

    /// Sets the line the title shows about the memory card.
    pub fn set_notice(&mut self, notice: Option<&'static str>) {
        self.notice = notice;
    }

    /// The memory card notice, if any.
    pub fn notice(&self) -> Option<&'static str> {
        self.notice
    }

    /// True once after the state worth saving changed (a move, a new deal,
    /// the pause menu opening, options, the end of a game).
    pub fn take_save_request(&mut self) -> bool {
        core::mem::take(&mut self.save_wanted)
    }

    /// What to save now: settings, statistics, and the game in progress
    /// (none once it has ended: statistics already hold it).
    pub fn snapshot(&self) -> crate::save::Save {
        // Built in place: the records are 6 KB, and each copy of them
        // costs the console 0.7 ms.
        let mut save = crate::save::Save {
            face: self.settings.face,
            highlight: self.settings.highlight,
            sound: self.volumes,
            last_game: self.demo_return.unwrap_or(self.game),
            sections: self.records,
        };
        if let Some(p) = self.playing.as_ref().filter(|_| !self.screen.outside_game()) {
            save.sections[p.id().index()].game = self.saved_in_play(p);
        }
        save
    }

    /// The game in play as the save keeps it, marked when a hint was shown.
    fn saved_in_play(&self, p: &GameScreen) -> Option<crate::save::SavedGame> {
        p.saved().map(|g| crate::save::SavedGame { hinted: self.hinted(), ..g })
    }

    /// The save as it stands, borrowed (what the console's memory card
    /// encodes: no copy of the 6 KB records, only the game in play's
    /// moves made for it), as [`App::snapshot`] would make it.
    pub fn with_save_view<R>(&self, f: impl FnOnce(&crate::save::SaveView<'_>) -> R) -> R {
        let playing = self.playing.as_ref().filter(|_| !self.screen.outside_game());
        let current = playing.map(|p| (p.id().index(), self.saved_in_play(p)));
        let mut games: [Option<&crate::save::SavedGame>; crate::games::GAMES.len()] =
            core::array::from_fn(|i| self.records[i].game.as_ref());
        if let Some((i, g)) = current.as_ref() {
            games[*i] = g.as_ref();
        }
        f(&crate::save::SaveView {
            face: self.settings.face,
            highlight: self.settings.highlight,
            sound: self.volumes,
            last_game: self.demo_return.unwrap_or(self.game),
            sections: core::array::from_fn(|i| &self.records[i]),
            games,
        })
    }

    // ------------------------------------------------------------ deals

    /// Starts deal `seed` of the chosen game with its options, logging
    /// `NEW` and the opening position.
    pub fn start_deal(&mut self, seed: u32, log: &mut dyn crate::out::Out) {
        self.abandon();
        // Made straight into place: a game screen is up to 8 KB, and each
        // copy of it costs the console's frame.
        let code = self.options_code();
        if GameScreen::deal_into(&mut self.playing, self.game, seed, code, self.frame, log) {
            self.dealt_at = Some(self.frame);
            self.hints_taken = 0;
            self.hinted_before = false;
            self.record_mut().game = None;
            self.screen = Screen::Play;
            self.save_wanted = true;
            self.recorded = false;
        }
    }

    /// Continues the saved game: logs `NEW` and its position as resumed.
    fn resume(&mut self, log: &mut dyn crate::out::Out) {
        let resumed = self.saved_game().and_then(|g| GameScreen::resume(self.game, &g, self.frame, log));
        match resumed {
            Some(p) => {
                let hinted = self.saved_game().is_some_and(|g| g.hinted);
                self.set_playing(Some(p), log);
                self.hinted_before = hinted;
                self.screen = Screen::Play;
                self.recorded = false;
            }
            None => {
                self.record_mut().game = None;
                self.notice = Some("The saved game did not replay: dropped");
                self.screen = self.title();
            }
        }
    }

    /// The sound effects asked for since they were last taken (the menus'
    /// and the game's), oldest first, each once; the PS1 layer plays them
    /// once a frame.
    pub fn take_sounds(&mut self) -> Sounds {
        let mut all = core::mem::take(&mut self.sounds);
        if let Some(p) = self.playing.as_mut() {
            all.append(&mut p.take_sounds());
        }
        all
    }

    /// The song that should be playing now: the title tune on the screens
    /// outside a game, and in a game too when the player keeps music in
    /// play; none in the demo (the win and loss jingles are effects).
    pub fn music(&self) -> Option<&'static Song> {
        let in_game = match self.screen {
            Screen::Options { from_pause, .. }
            | Screen::Defaults { from_pause }
            | Screen::Stats { from_pause, .. }
            | Screen::ResetStats { from_pause } => from_pause,
            Screen::Help | Screen::Tips => self.in_game(),
            Screen::Play | Screen::Pause { .. } | Screen::Over { .. } => true,
            // The demo shows the games without a sound of its own.
            Screen::Demo => return None,
            _ => false,
        };
        (!in_game || self.volumes.in_play).then_some(&crate::sound::SONG_TITLE)
    }

    /// Advances one frame with this input; writes event-log lines to `log`.
    pub fn update(&mut self, input: &Input, log: &mut dyn crate::out::Out) {
        if let Some(p) = self.playing.as_mut() {
            p.log_due(log);
        }
        let before = self.screen;
        self.update_screen(input, log);
        self.menu_sounds(before, input.pressed());
    }

    /// The menus' sounds: a selection or an option that moved, an entry
    /// chosen (a menu screen left with X, O or Start). The games make
    /// their own.
    fn menu_sounds(&mut self, before: Screen, pressed: Buttons) {
        let after = self.screen;
        if core::mem::discriminant(&before) == core::mem::discriminant(&after) {
            if before != after {
                self.sounds.push(Sfx::MenuMove);
            } else if matches!(after, Screen::Options { .. }) && pressed.contains(Buttons::CROSS) {
                self.sounds.push(Sfx::MenuSelect);
            }
        } else if before.is_menu() && pressed.intersects(Buttons::CROSS | Buttons::CIRCLE | Buttons::START) {
            self.sounds.push(Sfx::MenuSelect);
        }
    }

    /// One frame of the screen showing.
    fn update_screen(&mut self, input: &Input, log: &mut dyn crate::out::Out) {
        self.frame = self.frame.wrapping_add(1);
        let pressed = input.pressed();
        self.idle = if pressed.is_empty() { self.idle.saturating_add(1) } else { 0 };
        match self.screen {
            Screen::Resume => self.on_resume(pressed, log),
            Screen::Format => self.on_format(pressed),
            Screen::Replace => self.on_replace(pressed),
            Screen::Demo => self.on_demo(pressed, log),
            Screen::Title { .. } if self.idle >= DEMO_AFTER && pressed.is_empty() => {
                self.demo_return = Some(self.game);
                self.start_demo_deal(log);
                self.idle = 0;
            }
            Screen::Title { sel } => self.on_title(sel, input, log),
            Screen::GameMenu { sel } => self.on_game_menu(sel, input, log),
            Screen::Stats { scroll, from_pause } => self.on_stats(scroll, from_pause, input),
            Screen::ResetStats { from_pause } => self.on_reset_stats(from_pause, pressed),
            Screen::DealNumber { digits, pos } => self.on_deal_number(digits, pos, input, log),
            Screen::Options { sel, from_pause } => self.on_options(sel, from_pause, input),
            Screen::Defaults { from_pause } => self.on_defaults(from_pause, pressed),
            Screen::Help => self.on_help(false, input),
            Screen::Tips => self.on_help(true, input),
            Screen::Play => self.on_play(input, log),
            Screen::Guided => self.on_guided(input, log),
            Screen::Pause { sel } => self.on_pause(sel, input, log),
            Screen::Over { sel } => self.on_over(sel, input, log),
        }
    }

    fn on_resume(&mut self, pressed: Buttons, log: &mut dyn crate::out::Out) {
        if pressed.intersects(Buttons::CROSS | Buttons::START) {
            self.resume(log);
        } else if pressed.contains(Buttons::CIRCLE) {
            // The saved game stays on the card until a new one starts.
            self.screen = self.title();
        }
    }

    fn on_format(&mut self, pressed: Buttons) {
        if pressed.contains(Buttons::CROSS) {
            self.format_confirmed = true;
            self.screen = self.title();
        } else if pressed.intersects(Buttons::CIRCLE | Buttons::START) {
            self.notice = Some("Not formatted: nothing will be saved");
            self.screen = self.title();
        }
    }

    fn on_replace(&mut self, pressed: Buttons) {
        if pressed.contains(Buttons::CROSS) {
            self.replace_confirmed = true;
            self.screen = Screen::Title { sel: 0 };
        } else if pressed.intersects(Buttons::CIRCLE | Buttons::START) {
            self.screen = Screen::Title { sel: 0 };
        }
    }

    fn on_demo(&mut self, pressed: Buttons, log: &mut dyn crate::out::Out) {
        if !pressed.is_empty() {
            self.set_playing(None, log);
            self.game = self.demo_return.take().unwrap_or(self.game);
            self.screen = self.title();
            return;
        }
        let (frame, paced) = (self.frame, self.idle % DEMO_PACE == 0);
        if self.playing.as_mut().is_some_and(|p| p.demo_frame(frame, paced, log)) {
            self.start_demo_deal(log);
        }
    }

    fn on_title(&mut self, sel: u8, input: &Input, log: &mut dyn crate::out::Out) {
        let pressed = input.pressed();
        let sel = step(sel, CATALOGUE.len(), input);
        self.screen = Screen::Title { sel };
        if let Some(g) = GameId::from_code(sel).filter(|&g| g != self.game) {
            self.game = g;
            self.save_wanted = true;
        }
        if pressed.contains(Buttons::START) {
            self.start_deal(self.new_seed(), log);
        } else if pressed.contains(Buttons::CROSS) {
            self.screen = Screen::GameMenu { sel: 0 };
        } else if pressed.contains(Buttons::SELECT) {
            // Select on the title mutes everything, or unmutes.
            self.volumes.muted = !self.volumes.muted;
            self.save_wanted = true;
        }
    }

    fn on_game_menu(&mut self, sel: u8, input: &Input, log: &mut dyn crate::out::Out) {
        let pressed = input.pressed();
        let rows = game_menu(self.game);
        let sel = step(sel, rows.len(), input);
        self.screen = Screen::GameMenu { sel };
        if pressed.contains(Buttons::CIRCLE) {
            self.screen = self.title();
        } else if pressed.contains(Buttons::START) || (pressed.contains(Buttons::CROSS) && sel == 0) {
            self.start_deal(self.new_seed(), log);
        } else if pressed.contains(Buttons::CROSS) && rows.get(usize::from(sel)) == Some(&GUIDED_ROW) {
            self.start_guided(log);
        } else if pressed.contains(Buttons::CROSS) {
            self.screen = match sel {
                1 => Screen::DealNumber { digits: digits_of(self.seed()), pos: 9 },
                2 => Screen::Options { sel: 0, from_pause: false },
                3 => Screen::Help,
                _ => Screen::Stats { scroll: 0, from_pause: false },
            };
        }
    }

    /// Starts the chosen game's guided deal. It takes the place of no game
    /// in progress: the save and the statistics never see it.
    fn start_guided(&mut self, log: &mut dyn crate::out::Out) {
        if GameScreen::guided_into(&mut self.playing, self.game, self.frame, log) {
            self.set_dealt();
            self.screen = Screen::Guided;
        }
    }

    /// A frame of the guided deal: a press finishes the animations, as in
    /// play, then X goes on and O leaves for the menu's "How to play".
    fn on_guided(&mut self, input: &Input, log: &mut dyn crate::out::Out) {
        let frame = self.frame;
        let Some(p) = self.playing.as_mut() else {
            self.screen = Screen::GameMenu { sel: 0 };
            return;
        };
        if !input.pressed().is_empty() {
            p.settle();
        }
        if !p.guide(input, frame, log) {
            self.set_playing(None, log);
            let row = game_menu(self.game).iter().position(|r| *r == GUIDED_ROW).unwrap_or(0);
            self.screen = Screen::GameMenu { sel: row as u8 };
        }
    }

    fn on_stats(&mut self, scroll: u8, from_pause: bool, input: &Input) {
        let pressed = input.pressed();
        let rows = stats::rows(self).count() as u8;
        let r = input.repeated();
        let scroll = if r.contains(Buttons::DOWN) && scroll + stats::VISIBLE < rows {
            scroll + 1
        } else if r.contains(Buttons::UP) {
            scroll.saturating_sub(1)
        } else {
            scroll
        };
        self.screen = Screen::Stats { scroll, from_pause };
        if pressed.contains(Buttons::SQUARE) {
            self.screen = Screen::ResetStats { from_pause };
        } else if pressed.intersects(Buttons::CIRCLE | Buttons::CROSS | Buttons::START) {
            self.screen = if from_pause { Screen::Pause { sel: PAUSE_STATS } } else { Screen::GameMenu { sel: 4 } };
        }
    }

    fn on_reset_stats(&mut self, from_pause: bool, pressed: Buttons) {
        if pressed.contains(Buttons::CROSS) {
            self.record_mut().tallies = [crate::save::Tally::default(); crate::save::MAX_ROWS];
            self.save_wanted = true;
            self.screen = Screen::Stats { scroll: 0, from_pause };
        } else if pressed.intersects(Buttons::CIRCLE | Buttons::START) {
            self.screen = Screen::Stats { scroll: 0, from_pause };
        }
    }

    fn on_deal_number(&mut self, mut digits: [u8; 10], mut pos: u8, input: &Input, log: &mut dyn crate::out::Out) {
        let (pressed, r) = (input.pressed(), input.repeated());
        pos = (pos as i8 + left_right(input)).clamp(0, 9) as u8;
        let d = &mut digits[usize::from(pos)];
        if r.contains(Buttons::UP) {
            *d = (*d + 1) % 10;
        }
        if r.contains(Buttons::DOWN) {
            *d = (*d + 9) % 10;
        }
        self.screen = Screen::DealNumber { digits, pos };
        if pressed.contains(Buttons::CIRCLE) {
            self.screen = Screen::GameMenu { sel: 1 };
        } else if pressed.intersects(Buttons::CROSS | Buttons::START) {
            self.start_deal(number_of(&digits), log);
        }
    }

    fn on_options(&mut self, sel: u8, from_pause: bool, input: &Input) {
        let pressed = input.pressed();
        let rows = catalogue::screen(self.game).options;
        let sel = step(sel, rows.len(), input);
        self.screen = Screen::Options { sel, from_pause };
        let dir = left_right(input);
        if dir != 0 {
            self.change_option(sel, dir);
            self.sounds.push(Sfx::MenuMove);
            self.save_wanted = true;
        }
        let back = pressed.contains(Buttons::CIRCLE)
            || (pressed.contains(Buttons::CROSS) && usize::from(sel) == rows.len() - 1);
        if back {
            self.screen = if from_pause { Screen::Pause { sel: PAUSE_OPTIONS } } else { Screen::GameMenu { sel: 2 } };
        } else if pressed.contains(Buttons::CROSS) && rows.get(usize::from(sel)) == Some(&OptionRow::Defaults) {
            self.screen = Screen::Defaults { from_pause };
        } else if pressed.contains(Buttons::CROSS) {
            self.change_option(sel, 1);
        }
    }

    /// Help's two pages, the rules and the tips: Left/Right or L1/R1 turn
    /// the page, X reads on (from the tips, back), O and Start go back to
    /// where Help was opened.
    fn on_help(&mut self, tips: bool, input: &Input) {
        let pressed = input.pressed();
        let has_tips = !catalogue::screen(self.game).tips.is_empty();
        let turn = left_right(input) != 0 || pressed.intersects(Buttons::L1 | Buttons::R1);
        let back = pressed.intersects(Buttons::CIRCLE | Buttons::START) || (pressed.contains(Buttons::CROSS) && tips);
        if back || (pressed.contains(Buttons::CROSS) && !has_tips) {
            self.screen = if self.in_game() { Screen::Pause { sel: PAUSE_HELP } } else { Screen::GameMenu { sel: 3 } };
        } else if (turn || pressed.contains(Buttons::CROSS)) && has_tips {
            self.screen = if tips { Screen::Help } else { Screen::Tips };
        }
    }

    /// "Back to defaults?": X puts every option of the Options screen back
    /// to its first-boot value; O or Start keeps them.
    fn on_defaults(&mut self, from_pause: bool, pressed: Buttons) {
        let rows = catalogue::screen(self.game).options;
        let sel = rows.iter().position(|r| *r == OptionRow::Defaults).unwrap_or(0) as u8;
        if pressed.contains(Buttons::CROSS) {
            self.defaults();
            self.save_wanted = true;
            self.screen = Screen::Options { sel, from_pause };
        } else if pressed.intersects(Buttons::CIRCLE | Buttons::START) {
            self.screen = Screen::Options { sel, from_pause };
        }
    }

    /// The chosen game's options and the shared ones back to a first
    /// boot's: what its Options screen shows. The statistics, the game in
    /// play and the title's mute (not an option row) stay.
    fn defaults(&mut self) {
        let fresh = crate::save::GameRecord::new(self.game);
        let r = self.record_mut();
        (r.options, r.winnable) = (fresh.options, fresh.winnable);
        self.settings = Settings::default();
        self.volumes = crate::sound::Volumes { muted: self.volumes.muted, ..crate::sound::Volumes::default() };
    }

    fn on_play(&mut self, input: &Input, log: &mut dyn crate::out::Out) {
        let pressed = input.pressed();
        if pressed.contains(Buttons::START) {
            self.screen = Screen::Pause { sel: 0 };
            self.save_wanted = true;
            return;
        }
        if pressed.contains(Buttons::SELECT) {
            self.settings.highlight = !self.settings.highlight;
        }
        let frame = self.frame;
        let Some(p) = self.playing.as_mut() else { return };
        // While a hint is worked out the game stays playable. A press that
        // acts on the table while the player waits withdraws the asking
        // (the hint would land on what they did); the work itself goes on
        // unless the press changes the position, which the screen sees to:
        // a refused X or a card picked up costs no work already done.
        let acts = Buttons::CROSS | Buttons::CIRCLE | Buttons::TRIANGLE | Buttons::L1 | Buttons::R1;
        if p.asked() && pressed.intersects(acts) {
            p.withdraw_hint();
        }
        // Animations never delay the player: a press finishes them.
        if !pressed.is_empty() {
            p.settle();
        }
        let before = p.move_count();
        p.update(input, frame, log);
        // Think before the player asks: the hint for the position on the
        // table is worked out in the frames' spare time and kept, once the
        // cards have stopped moving (a deal's or a move's own frames stay
        // light).
        if p.end() == End::Playing && !p.animating(frame) {
            p.ponder();
        }
        let (end, moves, score, code) = (p.end(), p.move_count(), p.score(), p.options_code());
        if moves != before {
            self.save_wanted = true;
        }
        if end != End::Playing {
            self.screen = Screen::Over { sel: 0 };
            self.over_menu_at = frame.wrapping_add(if end == End::Won { screen::WIN_SHOWS } else { 0 });
            if !self.recorded {
                self.recorded = true;
                self.record_end(code, end == End::Won, score);
                self.record_mut().game = None;
                self.save_wanted = true;
            }
        }
    }

    fn on_pause(&mut self, sel: u8, input: &Input, log: &mut dyn crate::out::Out) {
        let pressed = input.pressed();
        let sel = step(sel, PAUSE_MENU.len(), input);
        self.screen = Screen::Pause { sel };
        if pressed.intersects(Buttons::START | Buttons::CIRCLE) {
            self.screen = Screen::Play;
        } else if pressed.contains(Buttons::CROSS) {
            match sel {
                0 => self.screen = Screen::Play,
                1 => {
                    self.screen = Screen::Play;
                    self.undo(log);
                }
                2 => self.start_deal(self.seed(), log),
                3 => self.start_deal(self.new_seed(), log),
                PAUSE_OPTIONS => self.screen = Screen::Options { sel: 0, from_pause: true },
                PAUSE_HELP => self.screen = Screen::Help,
                PAUSE_STATS => self.screen = Screen::Stats { scroll: 0, from_pause: true },
                _ => self.quit_to_title(log),
            }
        }
    }

    fn on_over(&mut self, sel: u8, input: &Input, log: &mut dyn crate::out::Out) {
        let pressed = input.pressed();
        let won = self.won();
        let frame = self.frame;
        if let Some(p) = self.playing.as_mut() {
            p.tick(frame);
        }
        // While a win shows, a press brings its menu up at once; a menu
        // just up takes no press for MENU_SETTLES frames. Either way a
        // press meant for the last move, or a hurried one, chooses nothing
        // (else X right after the winning move would start a new deal
        // behind a menu not yet drawn).
        let since = frame.wrapping_sub(self.over_menu_at) as i32;
        if since < 0 {
            if !pressed.is_empty() {
                self.over_menu_at = frame;
            }
            return;
        }
        if since < MENU_SETTLES as i32 {
            return;
        }
        let len = if won { WON_MENU.len() } else { LOST_MENU.len() };
        let sel = step(sel, len, input);
        self.screen = Screen::Over { sel };
        if pressed.contains(Buttons::CROSS) {
            match (won, sel) {
                (true, 0) | (false, 2) => self.start_deal(self.new_seed(), log),
                (true, _) | (false, 3) => self.quit_to_title(log),
                (false, 0) => {
                    self.screen = Screen::Play;
                    self.undo(log);
                }
                (false, _) => self.start_deal(self.seed(), log),
            }
        } else if pressed.contains(Buttons::TRIANGLE) && !won {
            self.screen = Screen::Play;
            self.undo(log);
        }
    }

    /// The deal number of a new deal of the chosen game the player asked
    /// for: from the frame counter, or with the game's "winnable
    /// only" on a proven deal for its current options (the frame counter
    /// picks which; the Options screen says when there is none, and the
    /// deal is then any deal).
    pub fn new_seed(&self) -> u32 {
        self.seed_from(seed_from_frame(self.frame))
    }

    /// The deal number for the random number `r` (from 1 to
    /// [`RANDOM_DEALS`]): `r` itself, or with "winnable only" the proven deal
    /// it picks.
    fn seed_from(&self, r: u32) -> u32 {
        match self.winnable() {
            true => crate::winnable::pick(self.game, self.options_code(), r).unwrap_or(r),
            false => r,
        }
    }

    /// The chosen game's "winnable only" setting, and how many deals are
    /// proven for its current options (what the Options screen shows).
    pub fn winnable_only(&self) -> (bool, usize) {
        (self.winnable(), crate::winnable::count(self.game, self.options_code()))
    }

    /// The title, with the chosen game highlighted.
    fn title(&self) -> Screen {
        Screen::Title { sel: self.game.code() }
    }

    /// The demo's next deal: the games take turns, deal by deal, in
    /// [`DEMO_ORDER`], with the options the player chose where the demo
    /// can play them ([`catalogue::Entry::demo_options`]).
    /// Its deals are a fixed sequence (the n-th demo deal since power-on is
    /// the same deal in every run), so that a demo's run and its frame
    /// figures can be repeated, whenever the attract mode starts.
    fn start_demo_deal(&mut self, log: &mut dyn crate::out::Out) {
        self.set_playing(None, log);
        let n = self.demo_deals;
        self.game = DEMO_ORDER[usize::from(n) % DEMO_ORDER.len()];
        self.demo_deals = n.wrapping_add(1);
        let code = (catalogue::screen(self.game).demo_options)(self.options_code());
        let seed = self.seed_from(seed_from_frame(u32::from(n)));
        // The log tells the demo's deals (whose hints no Square asked for).
        let _ = log.put_str("AFTK DEMO\n");
        if GameScreen::deal_into(&mut self.playing, self.game, seed, code, self.frame, log) {
            self.set_dealt();
        }
        self.screen = Screen::Demo;
        // The demo changes nothing the card keeps: it writes nothing.
        self.save_wanted = false;
    }

    /// The deal being played in the chosen game, or 0.
    pub fn seed(&self) -> u32 {
        self.playing.as_ref().map_or(0, GameScreen::seed)
    }

    /// Hints the chosen game's screen has shown (`None` with no game in
    /// play): the console logs `AFTK HINT` with the time each one took.
    pub fn hints(&self) -> Option<u32> {
        self.playing.as_ref().map(GameScreen::hints)
    }

    /// A new game in play (or none): its screen counts its hints from 0.
    /// The one it replaces logs the position its last move left first.
    fn set_playing(&mut self, p: Option<GameScreen>, log: &mut dyn crate::out::Out) {
        if let Some(old) = self.playing.as_mut() {
            old.log_due(log);
        }
        self.playing = p;
        self.set_dealt();
    }

    /// The game in play is a new one: its screen counts its hints from 0.
    fn set_dealt(&mut self) {
        self.hints_taken = 0;
        self.hinted_before = false;
        self.dealt_at = Some(self.frame);
    }

    /// True once for each hint the chosen game's screen has shown since the
    /// last call (the console logs `AFTK HINT` on it): an event of the deal
    /// in play, so starting a deal is none.
    pub fn take_hint_shown(&mut self) -> bool {
        let shown = self.hints().unwrap_or(0);
        core::mem::replace(&mut self.hints_taken, shown) != shown
    }

    /// True while the frames' spare time has work: a hint or the demo's
    /// move being worked out ([`thinking`](Self::thinking)), or a deeper
    /// answer past the quick one kept ([`PlayScreen::deepening`]).
    pub fn pondering(&self) -> bool {
        self.playing.as_ref().is_some_and(GameScreen::pondering)
    }

    /// Whether the chosen game's hint on hand is a deep answer, and the
    /// frames that worked on its position (the `AFTK HINT` line's
    /// `answer=` and `pondered=`).
    pub fn hint_depth(&self) -> (bool, u32) {
        self.playing.as_ref().map_or((false, 0), GameScreen::hint_depth)
    }

    /// True when the chosen game's deal has been won.
    pub fn won(&self) -> bool {
        self.playing.as_ref().is_some_and(|p| p.end() == End::Won)
    }

    /// Takes back the chosen game's last move.
    fn undo(&mut self, log: &mut dyn crate::out::Out) {
        let frame = self.frame;
        if let Some(p) = self.playing.as_mut() {
            p.undo(frame, log);
        }
    }

    /// Leaves the game in play for the title (it is no longer saved).
    fn quit_to_title(&mut self, log: &mut dyn crate::out::Out) {
        self.abandon();
        self.set_playing(None, log);
        self.record_mut().game = None;
        self.screen = self.title();
    }

    /// A deal left unfinished after at least one move (New deal, Restart,
    /// Quit to title) counts as played and lost, as in PySolFC and
    /// Aisleriot: otherwise the percentage would count only the games a
    /// player saw through. The demo's deals are not the player's.
    fn abandon(&mut self) {
        let Some(p) = self.playing.as_ref() else { return };
        if self.recorded || self.screen == Screen::Demo || p.move_count() == 0 || p.end() != End::Playing {
            return;
        }
        let code = p.options_code();
        self.recorded = true;
        self.record_end(code, false, 0);
        self.save_wanted = true;
    }

    /// True while the chosen game has a deal in play.
    fn in_game(&self) -> bool {
        self.playing.is_some()
    }

    fn change_option(&mut self, row: u8, dir: i8) {
        let e = catalogue::screen(self.game);
        // The sound rows, every game's: 0 to 10, left and right.
        let volume = |v: &mut u8| *v = (*v as i8 + dir).clamp(0, crate::sound::MAX_VOLUME as i8) as u8;
        match e.options.get(usize::from(row)) {
            Some(OptionRow::Own(n)) => {
                let code = (e.change_option)(self.options_code(), *n, dir);
                self.record_mut().options = code;
            }
            Some(OptionRow::Effects) => volume(&mut self.volumes.effects),
            Some(OptionRow::Music) => volume(&mut self.volumes.music),
            Some(OptionRow::MusicInPlay) => self.volumes.in_play ^= true,
            Some(OptionRow::Faces) => {
                self.settings.face = match self.settings.face {
                    FaceStyle::Standard => FaceStyle::FourColour,
                    FaceStyle::FourColour => FaceStyle::Standard,
                };
            }
            Some(OptionRow::Highlight) => self.settings.highlight = !self.settings.highlight,
            Some(OptionRow::Winnable) => self.record_mut().winnable ^= true,
            Some(OptionRow::Back | OptionRow::Defaults) | None => {}
        }
    }
}

/// The ten decimal digits of a deal number.
pub fn digits_of(n: u32) -> [u8; 10] {
    let mut d = [0u8; 10];
    let mut n = n;
    for i in (0..10).rev() {
        d[i] = (n % 10) as u8;
        n /= 10;
    }
    d
}

/// The deal number of ten digits, capped at the largest 32-bit number.
pub fn number_of(d: &[u8; 10]) -> u32 {
    let n = d.iter().fold(0u64, |acc, &x| acc * 10 + u64::from(x % 10));
    n.min(u64::from(u32::MAX)) as u32
}

impl crate::save::SaveSource for App {
    fn with_view<R>(&self, f: impl FnOnce(&crate::save::SaveView<'_>) -> R) -> R {
        self.with_save_view(f)
    }
}
