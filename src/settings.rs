//! What the player sets, below both the screens ([`crate::ui`]) and the save
//! ([`crate::save`]), so neither needs the other: which game, the card
//! faces, and each game's options.

pub use crate::games::GameId;

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
