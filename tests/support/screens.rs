//! Each game's own screen out of the App's [`GameScreen`], for tests that
//! look inside one (the library names no game: its catalogue is made from
//! the list of games).

use farewell::ui::catalogue::GameScreen;
use farewell::ui::{albert, corners, farewell as aftk, kingdoms};

/// A game's own screen, when it is the one in play.
#[allow(dead_code)]
pub trait Screens {
    /// A Farewell to Kings' screen.
    fn farewell(&self) -> Option<&aftk::Play>;
    /// King's Corners' screen.
    fn corners(&self) -> Option<&corners::Play>;
    /// King Albert's screen.
    fn albert(&self) -> Option<&albert::Play>;
    /// Four Kingdoms' screen.
    fn kingdoms(&self) -> Option<&kingdoms::Play>;
}

impl Screens for GameScreen {
    fn farewell(&self) -> Option<&aftk::Play> {
        match self {
            GameScreen::Farewell(p) => Some(p),
            _ => None,
        }
    }
    fn corners(&self) -> Option<&corners::Play> {
        match self {
            GameScreen::Corners(p) => Some(p),
            _ => None,
        }
    }
    fn albert(&self) -> Option<&albert::Play> {
        match self {
            GameScreen::Albert(p) => Some(p),
            _ => None,
        }
    }
    fn kingdoms(&self) -> Option<&kingdoms::Play> {
        match self {
            GameScreen::Kingdoms(p) => Some(p),
            _ => None,
        }
    }
}

/// Deals `seed` of `game` with the options of `code` as the App does
/// ([`GameScreen::deal_into`]); `None` for a code that names no options.
#[allow(dead_code)]
pub fn deal(game: farewell::games::GameId, seed: u32, code: u8, frame: u32, log: &mut String) -> Option<GameScreen> {
    let mut slot = None;
    GameScreen::deal_into(&mut slot, game, seed, code, frame, log).then_some(())?;
    slot
}
