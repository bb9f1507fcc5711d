//! What the player sets, below both the screens ([`crate::ui`]) and the save
//! ([`crate::save`]), so neither needs the other: which game, the card
//! faces, and each game's options.

/// A game of the collection, in the title screen's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    /// A Farewell to Kings (Rob D. Steward).
    Farewell = 0,
    /// The Edge: King's Corners (Charles McGarvey).
    Corners = 1,
    /// King Albert (Andrew Pipkin).
    Albert = 2,
    /// Four Kingdoms (David Bernazzani).
    Kingdoms = 3,
}

impl GameId {
    /// Every game, in the title screen's order.
    pub const ALL: [GameId; 4] = [GameId::Farewell, GameId::Corners, GameId::Albert, GameId::Kingdoms];

    /// The id in positions, the event log and `kings GAME`.
    pub const fn id(self) -> &'static str {
        match self {
            GameId::Farewell => "farewell",
            GameId::Corners => "corners",
            GameId::Albert => "albert",
            GameId::Kingdoms => "kingdoms",
        }
    }

    /// The name on the title screen.
    pub const fn name(self) -> &'static str {
        match self {
            GameId::Farewell => "A Farewell to Kings",
            GameId::Corners => "The Edge: King's Corners",
            GameId::Albert => "King Albert",
            GameId::Kingdoms => "Four Kingdoms",
        }
    }

    /// The game with this save code (its discriminant).
    pub fn from_code(code: u8) -> Option<GameId> {
        GameId::ALL.get(usize::from(code)).copied()
    }
}

/// The card faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceStyle {
    /// Red hearts and diamonds, black spades and clubs.
    Standard,
    /// Spades black, hearts red, diamonds blue, clubs green.
    FourColour,
}

/// What the player sets for every game alike (each game's own options,
/// winnable-only setting and statistics are its part of the save).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Card faces.
    pub face: FaceStyle,
    /// Show where the held card may go.
    pub highlight: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { face: FaceStyle::Standard, highlight: true }
    }
}

/// The grid sizes A Farewell to Kings' Options screen offers (the game
/// owns the list: its options code is built on it).
pub use crate::games::farewell::GRID_SIZES;
