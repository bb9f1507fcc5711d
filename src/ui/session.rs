//! A game of the collection other than A Farewell to Kings, in play: one
//! type for the shared screens (pause, end, save, statistics, demo) to talk
//! to, whichever game it is. Adding a game is a variant, a line in
//! [`each!`], and its arms in [`Session::new`], [`Session::resume`] and
//! [`Session::help`].

use super::table::Table;
use super::{albert, corners, kingdoms};
use crate::draw::DrawList;
use crate::games::Status;
use crate::input::Input;
use crate::save::SavedGame;
use crate::settings::{FaceStyle, GameId};
use core::fmt::{self, Write};

use super::render::Skin;

/// King Albert's search nodes in a unit of [`Session::think`]'s budget: a
/// node takes about 0.25 ms on the console (measured: 7000 nodes in 1.7 s),
/// so a unit is about 1 ms, and the console's loop, which stops calling
/// once the longest call would overrun its share of the frame, keeps every
/// frame in time.
pub const ALBERT_NODES: u64 = 4;

/// A game in play. (Not `Clone`: King Albert's screen holds its hint
/// search's storage.)
pub enum Session {
    /// The Edge: King's Corners.
    Corners(corners::Play),
    /// Four Kingdoms.
    Kingdoms(kingdoms::Play),
    /// King Albert.
    Albert(albert::Play),
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Session({} deal {}, {} moves)", self.game().id(), self.seed(), self.move_count())
    }
}

/// Runs `$e` with `$p` bound to the game's screen, whichever it is.
macro_rules! each {
    ($s:expr, $p:ident => $e:expr) => {
        match $s {
            Session::Corners($p) => $e,
            Session::Kingdoms($p) => $e,
            Session::Albert($p) => $e,
        }
    };
}

/// How a game ended, in words (`won`, or the reason of a loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Still playing.
    Playing,
    /// Won.
    Won,
    /// Lost.
    Lost,
}

impl Session {
    /// Deals `seed` of `game` with its options (as the save codes them),
    /// logging it; `None` for A Farewell to Kings (not a session) or
    /// options that do not read.
    pub fn new(game: GameId, seed: u32, options: u8, log: &mut impl Write) -> Option<Session> {
        match game {
            GameId::Albert => {
                let o = <crate::games::albert::Game as crate::games::Patience>::options_from_code(options)?;
                Some(Session::Albert(albert::Play::new(seed, o, log)))
            }
            GameId::Corners => Some(Session::Corners(corners::Play::new(seed, log))),
            GameId::Kingdoms => Some(Session::Kingdoms(kingdoms::Play::new(seed, log))),
            _ => None,
        }
    }

    /// Rebuilds a saved game (replaying its moves) and logs it as resumed;
    /// `None` when it does not replay.
    pub fn resume(game: GameId, saved: &SavedGame, log: &mut impl Write) -> Option<Session> {
        match game {
            GameId::Corners => {
                let t: Table<crate::games::corners::Game> = Table::resume(saved)?;
                t.log_resumed("", log);
                Some(Session::Corners(corners::Play::on(t)))
            }
            GameId::Albert => {
                let t: Table<crate::games::albert::Game> = Table::resume(saved)?;
                let mut text: heapless::String<32> = heapless::String::new();
                let _ = albert::options_text(crate::games::Patience::options(t.game()), &mut text);
                t.log_resumed(&text, log);
                Some(Session::Albert(albert::Play::on(t)))
            }
            GameId::Kingdoms => {
                let t: Table<crate::games::kingdoms::Game> = Table::resume(saved)?;
                t.log_resumed("", log);
                Some(Session::Kingdoms(kingdoms::Play::on(t)))
            }
            _ => None,
        }
    }

    /// The help screen's lines of a game with a session.
    pub fn help(game: GameId) -> Option<&'static [&'static str]> {
        match game {
            GameId::Corners => Some(&corners::HELP),
            GameId::Kingdoms => Some(&kingdoms::HELP),
            GameId::Albert => Some(&albert::HELP),
            _ => None,
        }
    }

    /// Which game.
    pub fn game(&self) -> GameId {
        match self {
            Session::Corners(_) => GameId::Corners,
            Session::Kingdoms(_) => GameId::Kingdoms,
            Session::Albert(_) => GameId::Albert,
        }
    }

    /// Its deal number.
    pub fn seed(&self) -> u32 {
        each!(self, p => p.table().seed())
    }

    /// Moves played and not undone.
    pub fn move_count(&self) -> usize {
        each!(self, p => crate::games::Patience::move_count(p.table().game()))
    }

    /// Where the game stands.
    pub fn end(&self) -> End {
        each!(self, p => match crate::games::Patience::status(p.table().game()) {
            Status::Playing => End::Playing,
            Status::Won => End::Won,
            Status::Lost(_) => End::Lost,
        })
    }

    /// Writes the reason of a loss (nothing while playing or after a win).
    pub fn write_loss(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        each!(self, p => match crate::games::Patience::status(p.table().game()) {
            Status::Lost(l) => write!(out, "{l}"),
            _ => Ok(()),
        })
    }

    /// The frame the game ended on.
    pub fn ended_at(&self) -> Option<u32> {
        each!(self, p => p.table().ended_at())
    }

    /// The game as the save keeps it (`None` once ended).
    pub fn saved(&self) -> Option<SavedGame> {
        each!(self, p => p.table().saved())
    }

    /// A frame of play with this input.
    pub fn update(&mut self, input: &Input, frame: u32, log: &mut impl Write) {
        each!(self, p => p.update(input, frame, log))
    }

    /// Takes back the last move.
    pub fn undo(&mut self, frame: u32, log: &mut impl Write) {
        each!(self, p => p.undo(frame, log))
    }

    /// Hints shown so far (the console logs the time each one took).
    pub fn hints(&self) -> u32 {
        each!(self, p => p.hints())
    }

    /// True once for each hint shown since the last call.
    pub fn take_hint_shown(&mut self) -> bool {
        each!(self, p => p.take_hint_shown())
    }

    /// True while a hint is being worked out over frames.
    pub fn thinking(&self) -> bool {
        each!(self, p => p.thinking())
    }

    /// Gives the hint being worked out `budget` more steps; true while
    /// work is left. King Albert's search works in `hints` (the storage the
    /// caller keeps for it).
    pub fn think(&mut self, budget: u32, frame: u32, hints: &mut albert::HintStorage) -> bool {
        match self {
            Session::Corners(p) => p.think(budget, frame),
            Session::Kingdoms(p) => p.think(budget as usize, frame),
            Session::Albert(p) => p.think(u64::from(budget) * ALBERT_NODES, frame, hints),
        }
    }

    /// The sound effects the game asked for since last taken.
    pub fn take_sounds(&mut self) -> crate::sound::Sounds {
        each!(self, p => p.take_sounds())
    }

    /// One move of the attract mode; true when it is time for another deal.
    pub fn demo_step(&mut self, frame: u32, log: &mut impl Write) -> bool {
        each!(self, p => p.demo_step(frame, log))
    }

    /// Draws the game.
    pub fn draw(&self, face: FaceStyle, frame: u32, skin: &impl Skin, list: &mut DrawList) {
        match self {
            Session::Corners(p) => corners::draw(p, face, frame, skin, list),
            Session::Kingdoms(p) => kingdoms::draw(p, face, frame, skin, list),
            Session::Albert(p) => albert::draw(p, face, frame, skin, list),
        }
    }

    /// King's Corners' screen, when that is the game.
    pub fn corners(&self) -> Option<&corners::Play> {
        match self {
            Session::Corners(p) => Some(p),
            _ => None,
        }
    }
}
