//! The catalogue: every game of the collection, once. The title lists the
//! games in [`CATALOGUE`]'s order; the App starts, resumes, draws and
//! drives a game through its [`Entry`] and its [`GameScreen`], and names no
//! game itself.
//!
//! Adding a game: its rules, notation and players in `src/games/<game>/`,
//! its screen in `src/ui/<game>.rs` (a [`PlayScreen`] with its help, option
//! and statistics rows), a variant of [`GameId`], a line in [`CATALOGUE`]
//! and an arm in each `match` below; and its `kings` file.

use super::screen::{End, Entry, PlayScreen, View};
use super::table::Table;
use super::{albert, corners, farewell, kingdoms};
use crate::draw::DrawList;
use crate::input::Input;
use crate::settings::GameId;
use crate::sound::Sounds;
use core::fmt;

use super::paint::Skin;

/// The games, in the title's order.
pub const CATALOGUE: [Entry; 4] = [farewell::ENTRY, corners::ENTRY, albert::ENTRY, kingdoms::ENTRY];

/// The games' ids, in the title's order.
pub const GAMES: [GameId; CATALOGUE.len()] = {
    let mut ids = [GameId::Farewell; CATALOGUE.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = CATALOGUE[i].id;
        i += 1;
    }
    ids
};

/// The games the attract mode plays, in turn.
pub const DEMO_ORDER: [GameId; 4] = [GameId::Farewell, GameId::Corners, GameId::Kingdoms, GameId::Albert];

/// A game's entry.
pub fn entry(id: GameId) -> &'static Entry {
    CATALOGUE.iter().find(|e| e.id == id).unwrap_or(&CATALOGUE[0])
}

/// The place of a game on the title.
pub fn position(id: GameId) -> usize {
    CATALOGUE.iter().position(|e| e.id == id).unwrap_or(0)
}

/// Every game's hint storage, made once at boot (see
/// [`PlayScreen::HintStore`]).
#[derive(Debug, Default)]
pub struct HintStores {
    farewell: <farewell::Play as PlayScreen>::HintStore,
    albert: <albert::Play as PlayScreen>::HintStore,
    kingdoms: <kingdoms::Play as PlayScreen>::HintStore,
}

impl HintStores {
    /// Empty storage.
    pub fn new() -> Self {
        Self::default()
    }
}

/// A game in play, whichever it is.
// One lives in the App at a time, made once per game; with no allocator
// there is nothing to box the larger screens in.
#[allow(clippy::large_enum_variant)]
pub enum GameScreen {
    /// A Farewell to Kings.
    Farewell(farewell::Play),
    /// The Edge: King's Corners.
    Corners(corners::Play),
    /// King Albert.
    Albert(albert::Play),
    /// Four Kingdoms.
    Kingdoms(kingdoms::Play),
}

impl fmt::Debug for GameScreen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        put!(f, "GameScreen(", self.id().id(), " deal ", self.seed(), ", ", self.move_count(), " moves)")
    }
}

/// Runs `$e` with `$p` bound to the game's screen, whichever it is.
macro_rules! each {
    ($s:expr, $p:ident => $e:expr) => {
        match $s {
            GameScreen::Farewell($p) => $e,
            GameScreen::Corners($p) => $e,
            GameScreen::Albert($p) => $e,
            GameScreen::Kingdoms($p) => $e,
        }
    };
}

impl GameScreen {
    /// Deals `seed` of `game` with the options of `code`, logging it;
    /// `None` for a code that names no options.
    pub fn deal(game: GameId, seed: u32, code: u8, frame: u32, log: &mut dyn crate::out::Out) -> Option<GameScreen> {
        Some(match game {
            GameId::Farewell => GameScreen::Farewell(farewell::Play::on(Table::deal(seed, code, frame, log)?)),
            GameId::Corners => GameScreen::Corners(corners::Play::on(Table::deal(seed, code, frame, log)?)),
            GameId::Albert => GameScreen::Albert(albert::Play::on(Table::deal(seed, code, frame, log)?)),
            GameId::Kingdoms => GameScreen::Kingdoms(kingdoms::Play::on(Table::deal(seed, code, frame, log)?)),
        })
    }

    /// [`GameScreen::deal`] straight into `slot` (the App's game in play):
    /// the game's own screen is copied once, not the whole `GameScreen`
    /// (as large as the largest game's) several times over; each copy of
    /// 7-12 KB costs the console a millisecond of the deal's frame. False
    /// (and `slot` unchanged) when `code` is not an options code.
    pub fn deal_into(
        slot: &mut Option<GameScreen>,
        game: GameId,
        seed: u32,
        code: u8,
        frame: u32,
        log: &mut dyn crate::out::Out,
    ) -> bool {
        // The position the last move of the game it replaces left comes
        // before the new deal's NEW.
        if let Some(old) = slot.as_mut() {
            old.log_due(log);
        }
        match game {
            GameId::Farewell => {
                Table::deal(seed, code, frame, log).map(|t| *slot = Some(GameScreen::Farewell(farewell::Play::on(t))))
            }
            GameId::Corners => {
                Table::deal(seed, code, frame, log).map(|t| *slot = Some(GameScreen::Corners(corners::Play::on(t))))
            }
            GameId::Albert => {
                Table::deal(seed, code, frame, log).map(|t| *slot = Some(GameScreen::Albert(albert::Play::on(t))))
            }
            GameId::Kingdoms => {
                Table::deal(seed, code, frame, log).map(|t| *slot = Some(GameScreen::Kingdoms(kingdoms::Play::on(t))))
            }
        }
        .is_some()
    }

    /// Rebuilds a saved game of `game` (replaying its moves) and logs it
    /// as resumed; `None` when it does not replay.
    pub fn resume(
        game: GameId,
        saved: &crate::save::SavedGame,
        frame: u32,
        log: &mut dyn crate::out::Out,
    ) -> Option<GameScreen> {
        Some(match game {
            GameId::Farewell => GameScreen::Farewell(farewell::Play::on(Table::resumed(saved, frame, log)?)),
            GameId::Corners => GameScreen::Corners(corners::Play::on(Table::resumed(saved, frame, log)?)),
            GameId::Albert => GameScreen::Albert(albert::Play::on(Table::resumed(saved, frame, log)?)),
            GameId::Kingdoms => GameScreen::Kingdoms(kingdoms::Play::on(Table::resumed(saved, frame, log)?)),
        })
    }

    /// Which game.
    pub fn id(&self) -> GameId {
        match self {
            GameScreen::Farewell(_) => GameId::Farewell,
            GameScreen::Corners(_) => GameId::Corners,
            GameScreen::Albert(_) => GameId::Albert,
            GameScreen::Kingdoms(_) => GameId::Kingdoms,
        }
    }

    /// The game as the save keeps it (`None` once ended).
    pub fn saved(&self) -> Option<crate::save::SavedGame> {
        each!(self, p => PlayScreen::saved(p))
    }

    /// A Farewell to Kings' screen, when that is the game.
    pub fn farewell(&self) -> Option<&farewell::Play> {
        match self {
            GameScreen::Farewell(p) => Some(p),
            _ => None,
        }
    }

    /// King's Corners' screen, when that is the game.
    pub fn corners(&self) -> Option<&corners::Play> {
        match self {
            GameScreen::Corners(p) => Some(p),
            _ => None,
        }
    }

    /// King Albert's screen, when that is the game.
    pub fn albert(&self) -> Option<&albert::Play> {
        match self {
            GameScreen::Albert(p) => Some(p),
            _ => None,
        }
    }

    /// Four Kingdoms' screen, when that is the game.
    pub fn kingdoms(&self) -> Option<&kingdoms::Play> {
        match self {
            GameScreen::Kingdoms(p) => Some(p),
            _ => None,
        }
    }

    /// Its deal number.
    pub fn seed(&self) -> u32 {
        each!(self, p => PlayScreen::seed(p))
    }

    /// Moves played and not undone.
    pub fn move_count(&self) -> usize {
        each!(self, p => PlayScreen::move_count(p))
    }

    /// Where the game stands.
    pub fn end(&self) -> End {
        each!(self, p => PlayScreen::end(p))
    }

    /// The options code of the deal in play.
    pub fn options_code(&self) -> u8 {
        each!(self, p => PlayScreen::options_code(p))
    }

    /// The record a win counts (see [`PlayScreen::score`]).
    pub fn score(&self) -> u16 {
        each!(self, p => PlayScreen::score(p))
    }

    /// The frame the game ended on.
    pub fn ended_at(&self) -> Option<u32> {
        each!(self, p => PlayScreen::ended_at(p))
    }

    /// Logs the position a deal opened with or a move left, when it is
    /// still due.
    pub fn log_due(&mut self, log: &mut dyn crate::out::Out) {
        each!(self, p => PlayScreen::log_due(p, log))
    }

    /// A frame of play with this input.
    pub fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        each!(self, p => PlayScreen::update(p, input, frame, log))
    }

    /// Takes back the last move.
    pub fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        each!(self, p => PlayScreen::undo(p, frame, log))
    }

    /// A frame under a menu.
    pub fn tick(&mut self, frame: u32) {
        each!(self, p => PlayScreen::tick(p, frame))
    }

    /// Finishes the running animations (a button was pressed).
    pub fn settle(&mut self) {
        each!(self, p => PlayScreen::settle(p))
    }

    /// True while cards are still moving.
    pub fn animating(&self, frame: u32) -> bool {
        each!(self, p => PlayScreen::animating(p, frame))
    }

    /// One frame of the attract mode; true when it is time for another deal.
    pub fn demo_frame(&mut self, frame: u32, paced: bool, log: &mut dyn crate::out::Out) -> bool {
        each!(self, p => PlayScreen::demo_frame(p, frame, paced, log))
    }

    /// Hints shown so far.
    pub fn hints(&self) -> u32 {
        each!(self, p => PlayScreen::hints(p))
    }

    /// True while a hint is being worked out.
    pub fn thinking(&self) -> bool {
        each!(self, p => PlayScreen::thinking(p))
    }

    /// Gives the hint being worked out `budget` more units of work; true
    /// while work is left.
    pub fn think(&mut self, budget: u32, frame: u32, stores: &mut HintStores) -> bool {
        match self {
            GameScreen::Farewell(p) => PlayScreen::think(p, budget, frame, &mut stores.farewell),
            GameScreen::Corners(p) => PlayScreen::think(p, budget, frame, &mut ()),
            GameScreen::Albert(p) => PlayScreen::think(p, budget, frame, &mut stores.albert),
            GameScreen::Kingdoms(p) => PlayScreen::think(p, budget, frame, &mut stores.kingdoms),
        }
    }

    /// What the next unit of thinking costs, in the game's usual steps.
    pub fn step_weight(&self, stores: &HintStores) -> u32 {
        match self {
            GameScreen::Farewell(p) => PlayScreen::step_weight(p, &stores.farewell),
            GameScreen::Corners(p) => PlayScreen::step_weight(p, &()),
            GameScreen::Albert(p) => PlayScreen::step_weight(p, &stores.albert),
            GameScreen::Kingdoms(p) => PlayScreen::step_weight(p, &stores.kingdoms),
        }
    }

    /// Stops working out a hint.
    pub fn cancel_hint(&mut self) {
        each!(self, p => PlayScreen::cancel_hint(p))
    }

    /// Starts working out the hint before the player asks.
    pub fn ponder(&mut self) {
        each!(self, p => PlayScreen::ponder(p))
    }

    /// True while a hint the player asked for is not shown yet.
    pub fn asked(&self) -> bool {
        each!(self, p => PlayScreen::asked(p))
    }

    /// The sound effects the game asked for since last taken.
    pub fn take_sounds(&mut self) -> Sounds {
        each!(self, p => PlayScreen::take_sounds(p))
    }

    /// Draws the table.
    pub fn draw(&self, view: &View, skin: &impl Skin, list: &mut DrawList) {
        each!(self, p => PlayScreen::draw(p, view, skin, list))
    }

    /// Draws the end of the game over the table.
    pub fn draw_over(&self, view: &View, sel: u8, skin: &impl Skin, list: &mut DrawList) {
        each!(self, p => PlayScreen::draw_over(p, view, sel, skin, list))
    }
}
