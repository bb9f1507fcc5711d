//! The game's screens and controls, platform-neutral: buttons in, a screen
//! state and event-log lines out. The PS1 layer feeds [`App::update`] the
//! pad each frame, hands the log lines to the TTY, and draws the state with
//! [`render`]; host tests drive it with synthetic input.
//!
//! Screens: title (New game, Deal number, Options, Help), deal-number entry,
//! options, help, play, pause (Resume, Undo, Restart this deal, New deal,
//! Options, Quit to title) and the end of a game (the kings' farewell, or
//! the reason for a loss with Undo, Restart, New deal).

pub mod albert;
pub mod corners;
pub mod farewell;
pub mod kingdoms;
pub mod render;
pub mod session;
pub mod skin;
pub mod stats;
pub mod table;

use crate::games::farewell::{Game, KingStart};
use crate::input::{Buttons, Input};
use crate::sound::{Sfx, Song, Sounds, Volumes};
use core::fmt::Write;
pub use farewell::{Focus, Play};

pub use crate::settings::{FaceStyle, GameId, Settings, GRID_SIZES};

/// A game's menu, opened from the title.
pub const GAME_MENU: [&str; 5] = ["New game", "Deal number", "Options", "Help", "Statistics"];

/// The games whose play screen is built, in the title's order: the title
/// lists these.
pub const GAMES: [GameId; 4] = [GameId::Farewell, GameId::Corners, GameId::Albert, GameId::Kingdoms];
/// Pause menu entries.
pub const PAUSE_MENU: [&str; 6] = ["Resume", "Undo", "Restart this deal", "New deal", "Options", "Quit to title"];
/// Menu after a loss.
pub const LOST_MENU: [&str; 3] = ["Undo", "Restart this deal", "New deal"];
/// Menu after a win.
pub const WON_MENU: [&str; 2] = ["New deal", "Quit to title"];
/// Rows of the Options screen of a game without deal options of its own
/// (King's Corners, Four Kingdoms): the card faces, winnable deals only and
/// the sound are every game's.
pub const CORNERS_OPTION_ROWS: [&str; 5] = ["Card faces", "Winnable only", "Effects", "Music", "Back"];

/// Rows of King Albert's Options screen.
pub const ALBERT_OPTION_ROWS: [&str; 7] =
    ["Starting rank", "Automatic moves", "Card faces", "Winnable only", "Effects", "Music", "Back"];

/// The rows of a game's Options screen.
pub fn option_rows(game: GameId) -> &'static [&'static str] {
    match game {
        GameId::Corners | GameId::Kingdoms => &CORNERS_OPTION_ROWS,
        GameId::Albert => &ALBERT_OPTION_ROWS,
        _ => &OPTION_ROWS,
    }
}

/// Rows of A Farewell to Kings' Options screen.
pub const OPTION_ROWS: [&str; 9] =
    ["Grid size", "Kings start", "Easy", "Card faces", "Legal cells", "Winnable only", "Effects", "Music", "Back"];

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The title: the collection's games.
    Title {
        /// Row of [`GAMES`].
        sel: u8,
    },
    /// The chosen game's menu ([`GAME_MENU`]).
    GameMenu {
        /// Menu row.
        sel: u8,
    },
    /// The chosen game's statistics.
    Stats {
        /// First breakdown row shown.
        scroll: u8,
    },
    /// "Reset the statistics?" (only on X).
    ResetStats,
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
    /// The controls.
    Help,
    /// Playing.
    Play,
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

/// A Farewell to Kings' part of the save as the App keeps it: the Options
/// screen's settings (with the shared faces and highlight) and its
/// statistics.
fn save_to_farewell(save: &crate::save::Save) -> (Settings, crate::save::Stats) {
    use crate::games::Patience;
    let r = save.record(GameId::Farewell);
    let settings = Settings {
        options: Game::options_from_code(r.options).unwrap_or_default(),
        face: save.face,
        highlight: save.highlight,
        winnable: r.winnable,
    };
    (settings, crate::save::Stats::from_rows(&r.tallies))
}

/// The other way: A Farewell to Kings' settings and statistics into its
/// section of the save.
fn farewell_to_save(s: &Settings, stats: &crate::save::Stats, r: &mut crate::save::GameRecord) {
    if let Some(code) = crate::games::farewell::patience::code(s.options) {
        r.options = code;
    }
    r.winnable = s.winnable;
    r.tallies[..crate::save::STATS_ENTRIES].copy_from_slice(stats.tallies());
}

/// The place of a game in the save's other games (`None` for A Farewell to
/// Kings, which has its own part).
fn record_index(game: GameId) -> Option<usize> {
    crate::save::OTHER_GAMES.iter().position(|g| *g == game)
}

/// The games the attract mode plays, in turn. King Albert's moves are its
/// hints: the solver over frames, then the winning line it found.
pub const DEMO_GAMES: [GameId; 4] = [GameId::Farewell, GameId::Corners, GameId::Kingdoms, GameId::Albert];

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
    play: Option<Play>,
    /// A Farewell to Kings' hint being worked out (see [`Play::think`]).
    hint_slot: Option<farewell::HintSlot>,
    /// Any other game of the collection in play.
    session: Option<session::Session>,
    /// King Albert's hint storage, kept from boot for every game of it
    /// (see [`albert::HintStorage`]).
    albert_hints: albert::HintStorage,
    frame: u32,
    /// Frames since a button was last pressed.
    idle: u32,
    /// The demo's next move, planned a frame before it is played.
    planned: Option<crate::games::farewell::Move>,
    /// During the demo: the game the player had chosen, restored after it.
    demo_return: Option<GameId>,
    /// Deals the demo has started (which game comes next).
    demo_deals: u8,
    /// Statistics per option set, kept on the memory card.
    pub stats: crate::save::Stats,
    /// The other games' settings, games in progress and statistics, as the
    /// save keeps them.
    pub others: [crate::save::GameRecord; 3],
    /// A saved game offered on the Resume screen.
    resumable: Option<Game>,
    /// A Farewell to Kings' game in progress in the save's form, kept up
    /// to date at each snapshot (see [`crate::save::FarewellLine`]).
    farewell_line: core::cell::RefCell<crate::save::FarewellLine>,
    /// The game state changed since the last save request was taken.
    save_wanted: bool,
    /// The player confirmed formatting the memory card.
    format_confirmed: bool,
    /// The player confirmed replacing the damaged save.
    replace_confirmed: bool,
    /// The current deal's result is in the statistics (an undo after the
    /// end and a second ending count once).
    recorded: bool,
    /// What the memory card is doing, or why it is not used, for the title.
    notice: Option<&'static str>,
    /// The sound settings (Options; Select on the title mutes), saved.
    pub volumes: Volumes,
    /// The menus' sound effects asked for since last taken.
    sounds: Sounds,
}

impl Default for App {
    fn default() -> Self {
        Self::new()
    }
}

/// Turns the frame counter into a deal number: a hash, so that games
/// started a frame apart are unrelated deals.
pub fn seed_from_frame(frame: u32) -> u32 {
    let mut x = frame.wrapping_add(0x9E37_79B9);
    x = (x ^ (x >> 16)).wrapping_mul(0x85EB_CA6B);
    x = (x ^ (x >> 13)).wrapping_mul(0xC2B2_AE35);
    x ^ (x >> 16)
}

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

impl App {
    /// At the title screen.
    pub fn new() -> Self {
        App {
            settings: Settings::default(),
            game: GameId::Farewell,
            screen: Screen::Title { sel: 0 },
            play: None,
            hint_slot: None,
            session: None,
            albert_hints: albert::HintStorage::new(),
            frame: 0,
            idle: 0,
            planned: None,
            demo_return: None,
            demo_deals: 0,
            stats: crate::save::Stats::default(),
            others: crate::save::OTHER_GAMES.map(crate::save::GameRecord::new),
            resumable: None,
            farewell_line: core::cell::RefCell::new(crate::save::FarewellLine::new()),
            save_wanted: false,
            format_confirmed: false,
            replace_confirmed: false,
            recorded: false,
            notice: None,
            volumes: Volumes::default(),
            sounds: Sounds::new(),
        }
    }

    /// The screen showing.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Gives the fair player `budget` more placements to judge for the
    /// hint or demo move being worked out (the console calls it with what
    /// time each frame has left). True while work is left.
    pub fn think(&mut self, budget: usize) -> bool {
        let frame = self.frame;
        if let Some(p) = self.session.as_mut() {
            if p.thinking() {
                return p.think(budget.min(u32::MAX as usize) as u32, frame, &mut self.albert_hints);
            }
        }
        self.play.as_mut().is_some_and(|p| p.think(&mut self.hint_slot, budget, frame))
    }

    /// True while a hint or the demo's move is being worked out.
    pub fn thinking(&self) -> bool {
        self.play.as_ref().is_some_and(|p| p.thinking()) || self.session.as_ref().is_some_and(|p| p.thinking())
    }

    /// The game in progress, if any.
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// Frames since boot.
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// Takes what the memory card held at boot: settings, statistics, and
    /// a game in progress, which the Resume screen then offers.
    pub fn load(&mut self, save: crate::save::Save) {
        let (settings, stats) = save_to_farewell(&save);
        let saved = save.record(GameId::Farewell).game;
        let resumable = saved.and_then(|g| self.farewell_line.get_mut().replay(&g));
        if resumable.is_none() && saved.is_some() {
            self.notice = Some("The saved game did not replay: dropped");
        }
        self.settings = settings;
        self.stats = stats;
        for (r, id) in self.others.iter_mut().zip(crate::save::OTHER_GAMES) {
            *r = *save.record(id);
        }
        self.volumes = save.sound;
        if GAMES.contains(&save.last_game) {
            self.game = save.last_game;
            self.screen = self.title();
        }
        if let Some(g) = resumable.filter(|g| !g.status().is_over()) {
            self.resumable = Some(g);
            if self.game == GameId::Farewell {
                self.screen = Screen::Resume;
            }
        }
        if record_index(self.game).is_some_and(|i| self.others[i].game.is_some()) {
            self.screen = Screen::Resume;
        }
    }

    /// The deal number and moves made of the saved game the Resume screen
    /// offers, for the chosen game.
    pub fn resumable_summary(&self) -> Option<(u32, usize)> {
        match self.game {
            GameId::Farewell => self.resumable.as_ref().map(|g| (g.seed(), g.move_count())),
            game => record_index(game).and_then(|i| self.others[i].game).map(|g| (g.seed, usize::from(g.count))),
        }
    }

    /// The saved game the Resume screen offers.
    pub fn resumable(&self) -> Option<&Game> {
        self.resumable.as_ref()
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
        let game = match self.screen {
            Screen::Demo
            | Screen::Title { .. }
            | Screen::GameMenu { .. }
            | Screen::Stats { .. }
            | Screen::ResetStats
            | Screen::Resume
            | Screen::Format
            | Screen::Replace => None,
            _ => self.play.as_ref().map(|p| p.game()).filter(|g| !g.status().is_over()),
        };
        let game = game.or(self.resumable.as_ref());
        let mut save = crate::save::Save {
            face: self.settings.face,
            highlight: self.settings.highlight,
            sound: self.volumes,
            last_game: self.demo_return.unwrap_or(self.game),
            ..crate::save::Save::default()
        };
        for (r, id) in self.others.iter().zip(crate::save::OTHER_GAMES) {
            *save.record_mut(id) = *r;
        }
        if let (Some(p), false) = (&self.session, self.screen == Screen::Demo) {
            save.record_mut(p.game()).game = p.saved();
        }
        let fw = save.record_mut(GameId::Farewell);
        farewell_to_save(&self.settings, &self.stats, fw);
        fw.game = game.and_then(|g| self.farewell_line.borrow_mut().update(g));
        save
    }

    /// Starts deal `seed` of the chosen game with the current settings,
    /// logging `NEW` and the opening position.
    pub fn start_deal(&mut self, seed: u32, log: &mut impl Write) {
        if let Some(i) = record_index(self.game) {
            self.session = session::Session::new(self.game, seed, self.others[i].options, log);
            self.screen = Screen::Play;
            self.save_wanted = true;
            self.recorded = false;
            return;
        }
        let options = self.settings.options;
        if let Some(game) = Game::new(seed, options) {
            let _ = crate::log::write_new(seed, options, log);
            let _ = crate::log::write_pos(&game, log);
            self.hint_slot = None;
            self.play = Some(Play::new(game, self.frame));
            self.screen = Screen::Play;
            self.resumable = None;
            self.save_wanted = true;
            self.recorded = false;
        }
    }

    /// Continues the saved game: logs `NEW` and its position as resumed.
    fn resume(&mut self, log: &mut impl Write) {
        if let Some(i) = record_index(self.game) {
            let saved = self.others[i].game;
            match saved.and_then(|g| session::Session::resume(self.game, &g, log)) {
                Some(s) => {
                    self.session = Some(s);
                    self.screen = Screen::Play;
                    self.recorded = false;
                }
                None => {
                    self.others[i].game = None;
                    self.notice = Some("The saved game did not replay: dropped");
                    self.screen = self.title();
                }
            }
            return;
        }
        if let Some(game) = self.resumable.take() {
            let _ = crate::log::write_new(game.seed(), game.options(), log);
            let _ = crate::log::write_pos(&game, log);
            self.hint_slot = None;
            self.play = Some(Play::new(game, self.frame));
            self.screen = Screen::Play;
            self.recorded = false;
        }
    }

    /// The sound effects asked for since they were last taken (the menus'
    /// and the game's), oldest first, each once; the PS1 layer plays them
    /// once a frame.
    pub fn take_sounds(&mut self) -> Sounds {
        let mut all = core::mem::take(&mut self.sounds);
        if let Some(p) = self.play.as_mut() {
            all.append(&mut p.take_sounds());
        }
        if let Some(p) = self.session.as_mut() {
            all.append(&mut p.take_sounds());
        }
        all
    }

    /// The song that should be playing now: the title tune on the screens
    /// outside a game, else none (the win and loss jingles are effects).
    pub fn music(&self) -> Option<&'static Song> {
        let outside = match self.screen {
            Screen::Title { .. }
            | Screen::GameMenu { .. }
            | Screen::Stats { .. }
            | Screen::ResetStats
            | Screen::DealNumber { .. }
            | Screen::Resume
            | Screen::Format
            | Screen::Replace => true,
            Screen::Options { from_pause, .. } => !from_pause,
            Screen::Help => !self.in_game(),
            Screen::Play | Screen::Pause { .. } | Screen::Over { .. } | Screen::Demo => false,
        };
        outside.then_some(&crate::sound::SONG_TITLE)
    }

    /// Advances one frame with this input; writes event-log lines to `log`.
    pub fn update(&mut self, input: &Input, log: &mut impl Write) {
        let before = self.screen;
        self.update_screen(input, log);
        self.menu_sounds(before, input.pressed());
    }

    /// The menus' sounds: a selection or an option that moved, an entry
    /// chosen (a menu screen left with X, O or Start). The games make
    /// their own.
    fn menu_sounds(&mut self, before: Screen, pressed: Buttons) {
        use Screen::*;
        let after = self.screen;
        let menu = |s: Screen| {
            matches!(
                s,
                Title { .. }
                    | GameMenu { .. }
                    | Stats { .. }
                    | ResetStats
                    | DealNumber { .. }
                    | Options { .. }
                    | Help
                    | Pause { .. }
                    | Over { .. }
                    | Resume
                    | Format
                    | Replace
            )
        };
        if core::mem::discriminant(&before) == core::mem::discriminant(&after) {
            if before != after {
                self.sounds.push(Sfx::MenuMove);
            } else if matches!(after, Options { .. }) && pressed.contains(Buttons::CROSS) {
                self.sounds.push(Sfx::MenuSelect);
            }
        } else if menu(before) && pressed.intersects(Buttons::CROSS | Buttons::CIRCLE | Buttons::START) {
            self.sounds.push(Sfx::MenuSelect);
        }
    }

    fn update_screen(&mut self, input: &Input, log: &mut impl Write) {
        self.frame = self.frame.wrapping_add(1);
        let pressed = input.pressed();
        self.idle = if pressed.is_empty() { self.idle.saturating_add(1) } else { 0 };
        match self.screen {
            Screen::Resume => {
                if pressed.intersects(Buttons::CROSS | Buttons::START) {
                    self.resume(log);
                } else if pressed.contains(Buttons::CIRCLE) {
                    // The saved game stays on the card until a new one starts.
                    self.screen = self.title();
                }
            }
            Screen::Format => {
                if pressed.contains(Buttons::CROSS) {
                    self.format_confirmed = true;
                    self.screen = self.title();
                } else if pressed.intersects(Buttons::CIRCLE | Buttons::START) {
                    self.notice = Some("Not formatted: nothing will be saved");
                    self.screen = self.title();
                }
            }
            Screen::Replace => {
                if pressed.contains(Buttons::CROSS) {
                    self.replace_confirmed = true;
                    self.screen = Screen::Title { sel: 0 };
                } else if pressed.intersects(Buttons::CIRCLE | Buttons::START) {
                    self.screen = Screen::Title { sel: 0 };
                }
            }
            Screen::Demo => {
                if !pressed.is_empty() {
                    self.planned = None;
                    self.play = None;
                    self.session = None;
                    self.game = self.demo_return.take().unwrap_or(self.game);
                    self.screen = self.title();
                    return;
                }
                let frame = self.frame;
                let mut again = false;
                if let Some(p) = self.session.as_mut() {
                    if self.idle % DEMO_PACE == 0 {
                        again = p.demo_step(frame, log);
                    }
                } else if let Some(p) = self.play.as_mut() {
                    p.tick(frame);
                    if let Some(m) = self.planned.take() {
                        if !p.play_move(m, frame, log) {
                            again = true;
                        }
                    } else if p.thinking() || p.thought_ready() || self.idle % DEMO_PACE == 0 {
                        again = match p.ended_at() {
                            // Show the end for four seconds, then deal again.
                            Some(end) => frame.wrapping_sub(end) > 4 * 60,
                            None => match p.plan() {
                                None => false,
                                Some(m) => {
                                    self.planned = m;
                                    m.is_none()
                                }
                            },
                        };
                    }
                }
                if again {
                    self.start_demo_deal(log);
                }
            }
            Screen::Title { .. } if self.idle >= DEMO_AFTER && pressed.is_empty() => {
                self.demo_return = Some(self.game);
                self.start_demo_deal(log);
                self.idle = 0;
            }
            Screen::Title { sel } => {
                let sel = step(sel, GAMES.len(), input);
                self.screen = Screen::Title { sel };
                if let Some(&game) = GAMES.get(usize::from(sel)) {
                    if game != self.game {
                        self.game = game;
                        self.save_wanted = true;
                    }
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
            Screen::GameMenu { sel } => {
                let sel = step(sel, GAME_MENU.len(), input);
                self.screen = Screen::GameMenu { sel };
                if pressed.contains(Buttons::CIRCLE) {
                    self.screen = self.title();
                } else if pressed.contains(Buttons::START) || (pressed.contains(Buttons::CROSS) && sel == 0) {
                    self.start_deal(self.new_seed(), log);
                } else if pressed.contains(Buttons::CROSS) {
                    self.screen = match sel {
                        1 => Screen::DealNumber { digits: digits_of(self.last_seed()), pos: 9 },
                        2 => Screen::Options { sel: 0, from_pause: false },
                        3 => Screen::Help,
                        _ => Screen::Stats { scroll: 0 },
                    };
                }
            }
            Screen::Stats { scroll } => {
                let rows = stats::rows(self).count() as u8;
                let r = input.repeated();
                let scroll = if r.contains(Buttons::DOWN) && scroll + stats::VISIBLE < rows {
                    scroll + 1
                } else if r.contains(Buttons::UP) {
                    scroll.saturating_sub(1)
                } else {
                    scroll
                };
                self.screen = Screen::Stats { scroll };
                if pressed.contains(Buttons::SQUARE) {
                    self.screen = Screen::ResetStats;
                } else if pressed.intersects(Buttons::CIRCLE | Buttons::CROSS | Buttons::START) {
                    self.screen = Screen::GameMenu { sel: 4 };
                }
            }
            Screen::ResetStats => {
                if pressed.contains(Buttons::CROSS) {
                    stats::reset(self);
                    self.save_wanted = true;
                    self.screen = Screen::Stats { scroll: 0 };
                } else if pressed.intersects(Buttons::CIRCLE | Buttons::START) {
                    self.screen = Screen::Stats { scroll: 0 };
                }
            }
            Screen::DealNumber { mut digits, mut pos } => {
                let r = input.repeated();
                if r.contains(Buttons::LEFT) {
                    pos = pos.saturating_sub(1);
                }
                if r.contains(Buttons::RIGHT) {
                    pos = (pos + 1).min(9);
                }
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
            Screen::Options { sel, from_pause } => {
                let rows = option_rows(self.game).len();
                let sel = step(sel, rows, input);
                self.screen = Screen::Options { sel, from_pause };
                let r = input.repeated();
                let dir = if r.contains(Buttons::RIGHT) {
                    1
                } else if r.contains(Buttons::LEFT) {
                    -1
                } else {
                    0
                };
                if dir != 0 {
                    self.change_option(sel, dir);
                    self.sounds.push(Sfx::MenuMove);
                    self.save_wanted = true;
                }
                let back = pressed.contains(Buttons::CIRCLE)
                    || (pressed.contains(Buttons::CROSS) && usize::from(sel) == rows - 1);
                if back {
                    self.screen = if from_pause { Screen::Pause { sel: 4 } } else { Screen::GameMenu { sel: 2 } };
                } else if pressed.contains(Buttons::CROSS) {
                    self.change_option(sel, 1);
                }
            }
            Screen::Help => {
                if pressed.intersects(Buttons::CROSS | Buttons::CIRCLE | Buttons::START) {
                    self.screen = if self.in_game() { Screen::Pause { sel: 0 } } else { Screen::GameMenu { sel: 3 } };
                }
            }
            Screen::Play => {
                if pressed.contains(Buttons::START) {
                    self.screen = Screen::Pause { sel: 0 };
                    self.save_wanted = true;
                    return;
                }
                if self.session.is_some() {
                    self.update_session(input, log);
                    return;
                }
                let settings = self.settings;
                if let Some(play) = self.play.as_mut() {
                    let before = play.game().move_count();
                    play.update(input, &settings, self.frame, log);
                    let g = play.game();
                    if g.move_count() != before {
                        self.save_wanted = true;
                    }
                    if g.status().is_over() {
                        self.screen = Screen::Over { sel: 0 };
                    }
                    if g.status().is_over() && !self.recorded {
                        self.recorded = true;
                        let deals = g.moves().filter(|m| *m == crate::games::farewell::Move::Deal).count() as u16;
                        self.stats.record_game(g.options(), g.status() == crate::games::farewell::Status::Won, deals);
                        self.save_wanted = true;
                    }
                }
                if pressed.contains(Buttons::SELECT) {
                    self.settings.highlight = !self.settings.highlight;
                }
            }
            Screen::Pause { sel } => {
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
                        2 => self.start_deal(self.last_seed(), log),
                        3 => self.start_deal(self.new_seed(), log),
                        4 => self.screen = Screen::Options { sel: 0, from_pause: true },
                        _ => self.quit_to_title(),
                    }
                }
            }
            Screen::Over { sel } => {
                let won = self.won();
                let len = if won { WON_MENU.len() } else { LOST_MENU.len() };
                let sel = step(sel, len, input);
                self.screen = Screen::Over { sel };
                if let Some(p) = self.play.as_mut() {
                    p.tick(self.frame);
                }
                if pressed.contains(Buttons::CROSS) {
                    match (won, sel) {
                        (true, 0) | (false, 2) => self.start_deal(self.new_seed(), log),
                        (true, _) => self.quit_to_title(),
                        (false, 0) => {
                            self.screen = Screen::Play;
                            self.undo(log);
                        }
                        (false, _) => self.start_deal(self.last_seed(), log),
                    }
                } else if pressed.contains(Buttons::TRIANGLE) && !won {
                    self.screen = Screen::Play;
                    self.undo(log);
                }
            }
        }
    }

    /// The deal number of a new deal of the chosen game the player (or the
    /// demo) asked for: from the frame counter, or with the game's "winnable
    /// only" on a proven deal for its current options (the frame counter
    /// picks which; the Options screen says when there is none, and the
    /// deal is then any deal).
    pub fn new_seed(&self) -> u32 {
        let r = seed_from_frame(self.frame);
        let (on, code) = self.winnable_set();
        match code.filter(|_| on) {
            Some(code) => crate::winnable::pick(self.game, code, r).unwrap_or(r),
            None => r,
        }
    }

    /// The chosen game's "winnable only" setting and the code of its
    /// current option set in [`crate::winnable`] (`None` for A Farewell to
    /// Kings' custom start, which has no proven deals).
    fn winnable_set(&self) -> (bool, Option<u8>) {
        match record_index(self.game) {
            Some(i) => (self.others[i].winnable, Some(self.others[i].options)),
            None => (self.settings.winnable, crate::winnable::farewell_code(self.settings.options)),
        }
    }

    /// The chosen game's "winnable only" setting, and how many deals are
    /// proven for its current options (what the Options screen shows).
    pub fn winnable_only(&self) -> (bool, usize) {
        let (on, code) = self.winnable_set();
        (on, code.map_or(0, |c| crate::winnable::count(self.game, c)))
    }

    /// The title, with the chosen game highlighted.
    fn title(&self) -> Screen {
        Screen::Title { sel: GAMES.iter().position(|g| *g == self.game).unwrap_or(0) as u8 }
    }

    fn last_seed(&self) -> u32 {
        match self.game {
            GameId::Farewell => self.play.as_ref().map_or(0, |p| p.game().seed()),
            _ => self.session.as_ref().map_or(0, |p| p.seed()),
        }
    }

    /// The demo's next deal: the games with a fair player take turns, deal
    /// by deal, A Farewell to Kings first.
    fn start_demo_deal(&mut self, log: &mut impl Write) {
        self.play = None;
        self.session = None;
        self.planned = None;
        self.game = DEMO_GAMES[usize::from(self.demo_deals) % DEMO_GAMES.len()];
        self.demo_deals = self.demo_deals.wrapping_add(1);
        let options = self.settings.options;
        // The demo plays the default start (a custom start would need the
        // demo to place kings first, which shows nothing).
        self.settings.options.kings =
            if options.kings == KingStart::Custom { KingStart::Centre } else { options.kings };
        self.start_deal(self.new_seed(), log);
        self.settings.options = options;
        self.screen = Screen::Demo;
        // The demo changes nothing the card keeps: it writes nothing.
        self.save_wanted = false;
    }

    /// The deal being played in the chosen game, or 0.
    pub fn seed(&self) -> u32 {
        self.last_seed()
    }

    /// The Edge: King's Corners in play, if it is.
    pub fn corners(&self) -> Option<&corners::Play> {
        self.session.as_ref().and_then(|s| s.corners())
    }

    /// Hints the chosen game's screen has shown (`None` with no game in
    /// play): the console logs `AFTK HINT` with the time each one took.
    pub fn hints(&self) -> Option<u32> {
        match self.game {
            GameId::Farewell => self.play.as_ref().map(|p| p.hints()),
            _ => self.session.as_ref().map(|p| p.hints()),
        }
    }

    /// The game other than A Farewell to Kings in play, if any.
    pub fn session(&self) -> Option<&session::Session> {
        self.session.as_ref()
    }

    /// True when the chosen game's deal has been won.
    pub fn won(&self) -> bool {
        match self.game {
            GameId::Farewell => {
                self.play.as_ref().is_some_and(|p| p.game().status() == crate::games::farewell::Status::Won)
            }
            _ => self.session.as_ref().is_some_and(|p| p.end() == session::End::Won),
        }
    }

    /// Takes back the chosen game's last move.
    fn undo(&mut self, log: &mut impl Write) {
        let frame = self.frame;
        match self.game {
            GameId::Farewell => {
                if let Some(p) = self.play.as_mut() {
                    p.undo(frame, log);
                }
            }
            _ => {
                if let Some(p) = self.session.as_mut() {
                    p.undo(frame, log);
                }
            }
        }
    }

    /// Leaves the game in play for the title (it is no longer saved).
    fn quit_to_title(&mut self) {
        match self.game {
            GameId::Farewell => self.play = None,
            game => {
                self.session = None;
                if let Some(i) = record_index(game) {
                    self.others[i].game = None;
                }
            }
        }
        self.screen = self.title();
    }

    /// A frame of a game other than A Farewell to Kings: its controls, then
    /// the end of the game (counted once in the statistics).
    fn update_session(&mut self, input: &Input, log: &mut impl Write) {
        let frame = self.frame;
        let Some(p) = self.session.as_mut() else { return };
        let before = p.move_count();
        p.update(input, frame, log);
        let (game, end, moves) = (p.game(), p.end(), p.move_count());
        if moves != before {
            self.save_wanted = true;
        }
        if end != session::End::Playing {
            self.screen = Screen::Over { sel: 0 };
            if !self.recorded {
                self.recorded = true;
                let won = end == session::End::Won;
                let moves = moves.min(usize::from(u16::MAX)) as u16;
                let row = stats::row_of(game, self.others_options(game));
                if let Some(i) = record_index(game) {
                    self.others[i].record_game(row, won, moves);
                    self.others[i].game = None;
                }
                self.save_wanted = true;
            }
        }
    }

    /// The option code of a game other than A Farewell to Kings.
    fn others_options(&self, game: GameId) -> u8 {
        record_index(game).map_or(0, |i| self.others[i].options)
    }

    /// True while the chosen game has a deal in play.
    fn in_game(&self) -> bool {
        match self.game {
            GameId::Farewell => self.play.is_some(),
            _ => self.session.is_some(),
        }
    }

    fn change_option(&mut self, row: u8, dir: i8) {
        let s = &mut self.settings;
        // The sound rows, every game's: 0 to 10, left and right.
        let volume = |v: &mut u8| *v = (*v as i8 + dir).clamp(0, crate::sound::MAX_VOLUME as i8) as u8;
        match option_rows(self.game).get(usize::from(row)) {
            Some(&"Effects") => return volume(&mut self.volumes.effects),
            Some(&"Music") => return volume(&mut self.volumes.music),
            Some(&"Card faces") => {
                s.face = match s.face {
                    FaceStyle::Standard => FaceStyle::FourColour,
                    FaceStyle::FourColour => FaceStyle::Standard,
                };
                return;
            }
            Some(&"Winnable only") => {
                match record_index(self.game) {
                    Some(i) => self.others[i].winnable = !self.others[i].winnable,
                    None => s.winnable = !s.winnable,
                }
                return;
            }
            _ => {}
        }
        if self.game == GameId::Albert {
            use crate::games::{albert, Patience};
            let code = &mut self.others[1].options;
            let mut o = albert::Game::options_from_code(*code).unwrap_or_default();
            match row {
                0 => {
                    let all = albert::StartRank::ALL;
                    let cur = all.iter().position(|r| *r == o.start).unwrap_or(0) as i8;
                    let n = all.len() as i8;
                    o.start = all[((cur + dir) % n + n) as usize % all.len()];
                }
                1 => o.auto = !o.auto,
                _ => {}
            }
            *code = albert::Game::options_code(o);
            return;
        }
        if matches!(self.game, GameId::Corners | GameId::Kingdoms) {
            return;
        }
        match row {
            0 => {
                let cur = GRID_SIZES.iter().position(|&g| g == (s.options.width, s.options.height)).unwrap_or(3);
                let n = GRID_SIZES.len() as i8;
                let next = ((cur as i8 + dir) % n + n) % n;
                let (w, h) = GRID_SIZES[next as usize];
                s.options.width = w;
                s.options.height = h;
            }
            1 => {
                const ALL: [KingStart; 4] =
                    [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom];
                let cur = ALL.iter().position(|k| *k == s.options.kings).unwrap_or(0) as i8;
                s.options.kings = ALL[((cur + dir) % 4 + 4) as usize % 4];
            }
            2 => s.options.easy = !s.options.easy,
            4 => s.highlight = !s.highlight,
            _ => {}
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
