//! The catalogue: every game's screen, once. The title lists the games in
//! [`GAMES`](crate::games::GAMES) order; the App starts, resumes, draws and
//! drives a game through its [`ScreenInfo`] and its [`GameScreen`], and
//! names no game itself. Both come from the one list of games,
//! [`for_each_game!`](crate::for_each_game).

use super::screen::{End, PlayScreen, ScreenInfo, View};
use crate::draw::DrawList;
use crate::games::registry::same_str;
use crate::games::{GameId, GAMES};
use crate::input::Input;
use crate::sound::Sounds;
use core::fmt;

use super::paint::Skin;

/// Defines, from the list of games, [`CATALOGUE`], [`HintStores`],
/// [`GameScreen`] and the `each!` macro that runs code on the screen in
/// play, whichever it is.
macro_rules! catalogue {
    ($d:tt $( $(#[$a:meta])* $name:ident $module:ident, )*) => {
        /// Every game's screen, in [`GAMES`] order.
        pub const CATALOGUE: [&ScreenInfo; GAMES.len()] = [$( $(#[$a])* &super::$module::SCREEN, )*];

        /// Every game's hint storage, made once at boot (see
        /// [`PlayScreen::HintStore`]).
        #[derive(Debug, Default)]
        #[allow(non_snake_case)]
        pub struct HintStores {
            $( $(#[$a])* $name: <super::$module::Play as PlayScreen>::HintStore, )*
        }

        /// A game in play, whichever it is.
        // One lives in the App at a time, made once per game; with no
        // allocator there is nothing to box the larger screens in.
        #[allow(clippy::large_enum_variant)]
        pub enum GameScreen {
            $( $(#[$a])* #[doc = concat!("`", stringify!($module), "`")] $name(super::$module::Play), )*
        }

        /// Runs `$e` with `$p` bound to the game's screen (and `$store`,
        /// when given, to its hint storage in `$stores`), whichever it is.
        macro_rules! each {
            ($d s:expr, $d p:ident => $d e:expr) => {
                match $d s { $( $(#[$a])* GameScreen::$name($d p) => $d e, )* }
            };
            ($d s:expr, $d p:ident, &mut $d stores:ident.$d store:ident => $d e:expr) => {
                match $d s { $( $(#[$a])* GameScreen::$name($d p) => { let $d store = &mut $d stores.$name; $d e } )* }
            };
            ($d s:expr, $d p:ident, &$d stores:ident.$d store:ident => $d e:expr) => {
                match $d s { $( $(#[$a])* GameScreen::$name($d p) => { let $d store = &$d stores.$name; $d e } )* }
            };
        }

        impl GameScreen {
            /// Deals `seed` of `game` with the options of `code` (logging
            /// it) straight into `slot` (the App's game in play): the
            /// game's own screen is copied once, not the whole `GameScreen`
            /// (as large as the largest game's) several times over; each
            /// copy of 7-12 KB costs the console a millisecond of the
            /// deal's frame. False (and `slot` unchanged) when `code` is not
            /// an options code.
            pub fn deal_into(
                slot: &mut Option<GameScreen>,
                game: GameId,
                seed: u32,
                code: u8,
                frame: u32,
                log: &mut dyn crate::out::Out,
            ) -> bool {
                // The position the last move of the game it replaces left
                // comes before the new deal's NEW.
                if let Some(old) = slot.as_mut() {
                    old.log_due(log);
                }
                match game {
                    $( $(#[$a])* GameId::$name => PlayScreen::deal(seed, code, frame, log)
                        .map(|p| *slot = Some(GameScreen::$name(p)))
                        .is_some(), )*
                    _ => false,
                }
            }

            /// The guided deal of `game` at its first step (logging it)
            /// straight into `slot`, as [`GameScreen::deal_into`] deals;
            /// false (and `slot` unchanged) for a game without one.
            pub fn guided_into(
                slot: &mut Option<GameScreen>,
                game: GameId,
                frame: u32,
                log: &mut dyn crate::out::Out,
            ) -> bool {
                if let Some(old) = slot.as_mut() {
                    old.log_due(log);
                }
                match game {
                    $( $(#[$a])* GameId::$name => PlayScreen::guided(frame, log)
                        .map(|p| *slot = Some(GameScreen::$name(p)))
                        .is_some(), )*
                    _ => false,
                }
            }

            /// Rebuilds a saved game of `game` (replaying its moves) and
            /// logs it as resumed; `None` when it does not replay.
            pub fn resume(
                game: GameId,
                saved: &crate::save::SavedGame,
                frame: u32,
                log: &mut dyn crate::out::Out,
            ) -> Option<GameScreen> {
                match game {
                    $( $(#[$a])* GameId::$name => PlayScreen::resume(saved, frame, log).map(GameScreen::$name), )*
                    _ => None,
                }
            }

            /// Which game.
            pub fn id(&self) -> GameId {
                match self { $( $(#[$a])* GameScreen::$name(_) => GameId::$name, )* }
            }
        }
    };
}

crate::for_each_game!(catalogue $);

// The list's order is the registry's: a screen's place is its game's id.
const _: () = {
    let mut i = 0;
    while i < GAMES.len() {
        assert!(same_str(CATALOGUE[i].game.id, GAMES[i].id), "a screen out of its game's place");
        i += 1;
    }
};

/// The games the attract mode plays, in turn ([`ScreenInfo::demo_turn`]).
pub const DEMO_ORDER: [GameId; GAMES.len()] = {
    let mut order = [GameId::nth(0); GAMES.len()];
    let mut i = 0;
    while i < GAMES.len() {
        order[CATALOGUE[i].demo_turn as usize] = GameId::nth(i);
        i += 1;
    }
    order
};

/// A game's screen.
pub fn screen(id: GameId) -> &'static ScreenInfo {
    CATALOGUE[id.index()]
}

impl HintStores {
    /// Empty storage.
    pub fn new() -> Self {
        Self::default()
    }
}

impl fmt::Debug for GameScreen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        put!(f, "GameScreen(", self.id().id(), " deal ", self.seed(), ", ", self.move_count(), " moves)")
    }
}

impl GameScreen {
    /// The game as the save keeps it (`None` once ended).
    pub fn saved(&self) -> Option<crate::save::SavedGame> {
        each!(self, p => PlayScreen::saved(p))
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

    /// One frame of the guided deal; false once the player leaves.
    pub fn guide(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        each!(self, p => PlayScreen::guide(p, input, frame, log))
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
    pub fn think(&mut self, budget: crate::frame::Units, frame: u32, stores: &mut HintStores) -> bool {
        each!(self, p, &mut stores.store => PlayScreen::think(p, budget, frame, store))
    }

    /// What the next unit of thinking costs, in the game's usual steps.
    pub fn step_weight(&self, stores: &HintStores) -> u32 {
        each!(self, p, &stores.store => PlayScreen::step_weight(p, store))
    }

    /// The player did something else while waiting for the hint: it is
    /// not shown when found, and the work goes on.
    pub fn withdraw_hint(&mut self) {
        each!(self, p => PlayScreen::withdraw_hint(p))
    }

    /// Starts working out the hint before the player asks.
    pub fn ponder(&mut self) {
        each!(self, p => PlayScreen::ponder(p))
    }

    /// See [`PlayScreen::deepening`].
    pub fn deepening(&self) -> bool {
        each!(self, p => PlayScreen::deepening(p))
    }

    /// True while the frames' spare time has work for this screen: a hint
    /// or the demo's move being worked out, or a deeper answer past the
    /// quick one.
    pub fn pondering(&self) -> bool {
        self.thinking() || self.deepening()
    }

    /// See [`PlayScreen::hint_depth`].
    pub fn hint_depth(&self) -> (bool, u32) {
        each!(self, p => PlayScreen::hint_depth(p))
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
