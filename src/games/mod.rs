//! The four games of the collection, each a module of the same shape on the
//! shared card layer ([`crate::cards`]):
//!
//! - [`farewell`]: A Farewell to Kings (docs/rules/farewell.md).
//! - [`albert`]: King Albert (docs/rules/albert.md).
//! - [`corners`]: The Edge: King's Corners (docs/rules/corners.md).
//! - [`kingdoms`]: Four Kingdoms (docs/rules/kingdoms.md).
//!
//! Each game's folder holds its rules (a game state with moves and exact
//! undo, `no_std`, allocation-free, never panicking on any input), its
//! position notation, and its players (a fair player that sees only what a
//! player sees; a solver that may know everything). Every game implements
//! [`Patience`], which is all the host command `kings` and the shared
//! screens need to know of a game, and is listed once in
//! [`for_each_game!`](crate::for_each_game) ([`registry`]); [`text`] holds the
//! notation rules they share (docs/rules/collection.md), [`search`] the
//! search kit of every solver and player.

pub mod registry;
pub mod search;
pub mod text;

pub use registry::{GameId, GameInfo, SAVED_MOVES};

/// The games of the collection, in the title's order, each as `Name
/// module`: the game's rules in `src/games/module/` (with its
/// `INFO: GameInfo`), its screen in `src/ui/module.rs` (with its `Play`
/// and `SCREEN`), its host players in `tools/kings/src/module.rs`. A
/// game's place here is its [`GameId`], which the save keeps: append,
/// never reorder. Adding a game is one line here.
///
/// `for_each_game!(m)` calls the macro `m` with the list; `for_each_game!(m
/// $)` passes a `$` first, for a macro that defines a macro.
#[macro_export]
macro_rules! for_each_game {
    ($m:ident $($pass:tt)*) => {
        $m! { $($pass)*
            Farewell farewell,
            Corners corners,
            Albert albert,
            Kingdoms kingdoms,
            #[cfg(feature = "fifth-game")] Toy toy,
        }
    };
}

/// Declares each game's module and lists its [`GameInfo`] in [`GAMES`].
macro_rules! game_modules {
    ($( $(#[$a:meta])* $name:ident $module:ident, )*) => {
        $( $(#[$a])* pub mod $module; )*

        /// Every game's [`GameInfo`], in the title's order: a [`GameId`] is
        /// a place in this list.
        pub const GAMES: [&GameInfo; [$( $(#[$a])* stringify!($module), )*].len()] =
            [$( $(#[$a])* &$module::INFO, )*];

        #[allow(non_camel_case_types, dead_code)]
        enum Place { $( $(#[$a])* $name, )* }

        /// Each game's id, by name (for the tests and the host tools;
        /// shared code walks [`GAMES`] instead).
        #[allow(non_upper_case_globals)]
        impl GameId {
            $( $(#[$a])*
               #[doc = concat!("The game of `", stringify!($module), "`.")]
               pub const $name: GameId = GameId::nth(Place::$name as usize); )*
        }
    };
}

for_each_game!(game_modules);

use crate::cards::Card;
use crate::out::{Out, Text};
use core::fmt;

/// The safety test of an automatic move to a foundation: a card may go up
/// by itself once every card that could ever be built on it in play
/// (`builders`) is already home (`home`). Nothing left in play could then
/// use it, so sending it up never turns a won game into a lost one (the
/// argument is in each game's rules page). A card nothing could be built
/// on (`builders` empty) is always safe.
#[inline]
pub fn safe_to_send_home(builders: &[Card], home: impl Fn(Card) -> bool) -> bool {
    builders.iter().all(|&b| home(b))
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status<L> {
    /// Moves remain (or the rules have not yet found that none do).
    Playing,
    /// Won.
    Won,
    /// Lost, with the reason (its [`Text`] is the words after `lost: `).
    Lost(L),
}

impl<L> Status<L> {
    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Playing)
    }
}

impl<L: Text> Text for Status<L> {
    /// `playing`, `won` or `lost: <reason>`, as a printed position's
    /// `status:` line has it.
    fn text(&self, f: &mut dyn Out) -> fmt::Result {
        match self {
            Status::Playing => f.put_str("playing"),
            Status::Won => f.put_str("won"),
            Status::Lost(l) => put!(f, "lost: ", l),
        }
    }
}

impl<L: Text> fmt::Display for Status<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text(f)
    }
}

/// A patience game of the collection, as the shared parts see it: deal it,
/// list and play its moves, undo them, read and write its positions.
///
/// Every method is total: no input makes one panic. Moves and positions
/// use the notation of the game's rules page.
pub trait Patience: Clone + Sized {
    /// The game's id in positions, the event log and `kings GAME`.
    const ID: &'static str;
    /// The deal options (`()` for a game without any).
    type Options: Copy + Default + PartialEq + fmt::Debug;
    /// A move. Its [`Text`] (and `Display`) is the canonical notation
    /// (`Qd>t3`, `draw`).
    type Move: Copy + PartialEq + fmt::Debug + fmt::Display + Text;
    /// Why a move was refused, in words for the player.
    type Illegal: fmt::Display + Text;
    /// Why a game was lost, in words (`no legal move`).
    type Loss: Copy + PartialEq + fmt::Debug + fmt::Display + Text;

    /// The options as one byte, for the save (0 for a game without any).
    fn options_code(options: Self::Options) -> u8;
    /// The options a byte of [`Patience::options_code`] stands for; `None`
    /// for a byte no options give.
    fn options_from_code(code: u8) -> Option<Self::Options>;
    /// The opening position of deal number `seed`.
    fn deal(seed: u32, options: Self::Options) -> Self;
    /// The options the game is played with.
    fn options(&self) -> Self::Options;
    /// Where the game stands.
    fn status(&self) -> Status<Self::Loss>;
    /// Calls `f` with every legal move (never `undo`), in any order.
    fn for_each_legal(&self, f: &mut dyn FnMut(Self::Move));
    /// Plays `m` with everything that follows from it automatically, or
    /// says why it is refused (the game is then unchanged).
    fn play(&mut self, m: Self::Move) -> Result<(), Self::Illegal>;
    /// Takes back the last move with what followed it automatically. False
    /// when there is nothing to take back.
    fn undo(&mut self) -> bool;
    /// Moves played and not undone.
    fn move_count(&self) -> usize;
    /// Reads a move token (case-insensitive). `undo` is not a move here:
    /// callers handle it with [`Patience::undo`].
    fn parse_move(&self, token: &str) -> Result<Self::Move, text::MoveError>;
    /// Writes the position, every key in the rules page's order, ending with
    /// the `status:` line and a newline.
    fn write_position(&self, out: &mut dyn Out) -> fmt::Result;
    /// Writes the options as the event log's `AFTK NEW` line gives them, in
    /// `key=value` words (`start=none auto=yes`); nothing for a game
    /// without options.
    fn write_options(_options: Self::Options, _out: &mut dyn Out) -> fmt::Result {
        Ok(())
    }
    /// Where the game stands in words, as `mcd` prints a saved game's:
    /// `playing`, `won`, `lost: <reason>` ([`Patience::status`]'s text).
    fn write_status_words(&self, out: &mut dyn Out) -> fmt::Result {
        self.status().text(out)
    }
    /// Reads a position; rejects anything malformed, any card missing or
    /// doubled, and every position the rules can never reach, naming the
    /// line at fault.
    fn parse_position(text: &str) -> Result<Self, text::PositionError>;
}
