//! The save record: every game's settings, game in progress and
//! statistics, and the settings they share, as bytes.
//!
//! Split as in smoltcp: [`SaveRecord`] is a bounds-checked view over raw
//! bytes (it reads fields, it never trusts them), and [`Save`] is the
//! validated value. [`Save::decode`] goes from one to the other and rejects
//! anything it cannot vouch for; [`Save::encode`] writes a record.
//!
//! # Layout (format version 8, all integers little-endian)
//!
//! ```text
//! 0   4  magic "AFTK"
//! 4   2  format version (8; versions 1 to 7 are still read)
//! 6   2  body length n
//! 8   n  body
//! 8+n 4  CRC-32/ISO-HDLC of bytes 0 .. 8+n
//! ```
//!
//! The envelope (magic, version, length, CRC at the end) stays the same in
//! every version, so the CRC is checked before the version: a damaged
//! version field reads as a bad CRC, and only a whole record from a newer
//! game reads as an unknown version.
//!
//! Body of versions 5 to 8: the shared settings, then one section per
//! game.
//!
//! ```text
//! faces      1  0 standard, 1 four-colour (every game's)
//! highlight  1  show where the held card may go
//! effects    1  sound effects volume, 0 to 10
//! music      1  music volume, 0 to 10
//! muted      1  0 or 1
//! in play    1  (version 8) the music goes on while a game is played; 0 or
//!               1 (before version 8: on)
//! last game  1  the game highlighted on the title at boot (GameId code)
//! sections   1  n, then n sections:
//!   id       1  the game's GameId code (its place in games::GAMES)
//!   length   2  bytes of the section after this field
//!   options  1  the game's option code (Patience::options_code)
//!   winnable 1  new deals only from the table of proven winnable deals
//!   has game 1  0 none, 1 a game in progress, 2 (version 6) one in which
//!               a hint was shown; then (1 or 2) the game in progress:
//!     seed   4  its deal number
//!     options 1 its option code
//!     count  2  moves, at most the game's limit (GameInfo::saved_moves)
//!     moves  the move's place in the game's list of legal moves
//!               (Patience::for_each_legal order) when it was played:
//!               version 7 packs them in the game's width
//!               (GameInfo::move_bits), least significant bit first, into
//!               ceil(count x bits / 8) bytes; versions 5 and 6 keep each
//!               in 2 bytes
//!   rows     1  k, at most the game's statistics rows (GameInfo::stats_rows), then k x 16:
//!               played u32, won u32, streak u16, best streak u16, fewest
//!               deals or moves (GameInfo::record) in a win u16 (FFFF: no win yet), wins in which a hint was
//!               shown u16 (from version 6; version 5's rows are 14 bytes and
//!               read as none). Rows after the last one played are left
//!               out.
//! ```
//!
//! The statistics row a game counts in is its registry entry's
//! (`GameInfo::stats_row` of the option code).
//!
//! Sections may come in any order; each game at most once. A section of an
//! id this build does not know (a later game's) is skipped whole, by its
//! length, and a last game this build does not know reads as the first
//! game: a card saved by a later build with a fifth game still loads here
//! (and the next save here leaves that game's section out). A game with no
//! section gets its defaults. Every known section must be read exactly to
//! its length.
//!
//! The longest record the four games can make is [`MAX_ENCODED`] = 2,402
//! bytes (3,659 in version 6, whose moves took 2 bytes each), of the 3,952
//! a memory card copy may hold: a fifth game with the longest game in
//! progress the format allows (400 moves of [`MAX_MOVE_BITS`] bits) and 48
//! statistics rows adds 1,382 and still fits (`tests/save.rs`). When a
//! record is longer than the buffer it is written to, [`Save::encode`]
//! leaves out games in progress other than the last game's, in section
//! order, until it fits: settings and statistics are always kept. A game in
//! progress with a move its game's width cannot hold is left out too (no
//! game's measured legal-move lists come near their widths).
//!
//! Versions 1 to 4 began with A Farewell to Kings' part (settings 7 bytes,
//! 6 in version 1: width, height, kings, easy, faces, highlight, winnable
//! only; its game: seed, width, height, kings, easy, count, moves as card
//! index and cell index, FF FF for a deal; 48 tallies), then (3 and 4) the
//! last game, the sound (4 only) and exactly the three other games'
//! sections in order with six tallies each. They load into the same value:
//! A Farewell to Kings' moves are replayed and turned into their places in
//! its list of legal moves (a game of a grid size the console does not
//! offer is dropped); the other games keep the rows they use.
//!
//! Codes: kings 0 centre, 1 corners, 2 random, 3 custom; faces 0 standard,
//! 1 four-colour; booleans 0 or 1 and nothing else.
//!
//! A game in progress is stored as its deal number, options and moves.
//! Decoding checks its option code and length; whether its moves replay is
//! checked when it is resumed ([`SavedGame::replay`]) and by `mcd`
//! ([`check_game`]), not here: a decode must stay quick on the console.

pub use crate::games::registry::{nth_legal, position_of, ReplayError, MAX_MOVE_BITS, MAX_ROWS, SAVED_MOVES};
use crate::games::{registry, GameId, Patience, GAMES};
use crate::settings::FaceStyle;
use crate::sound::{Volumes, MAX_VOLUME};

/// The first four bytes of every save record.
pub const MAGIC: [u8; 4] = *b"AFTK";
/// The format version this code writes (it reads 1 to 7 too).
pub const VERSION: u16 = 8;
/// Bytes before the body: magic, version, body length.
pub const HEADER: usize = 8;
/// Bytes of the CRC after the body.
pub const CRC_LEN: usize = 4;
/// How many games the save knows: one section each, indexed by GameId code.
const GAME_COUNT: usize = GAMES.len();

const _: () = {
    let mut i = 0;
    while i < GAME_COUNT {
        let g = GAMES[i];
        assert!(g.stats_rows <= MAX_ROWS && g.saved_moves <= SAVED_MOVES);
        assert!(g.move_bits >= 1 && g.move_bits <= MAX_MOVE_BITS);
        assert!(g.stats_rows <= u8::MAX as usize && g.saved_moves <= u16::MAX as usize);
        i += 1;
    }
};

/// Bytes of the shared settings (faces to last game) and the section count.
const SHARED_LEN: usize = 7 + 1;
/// A statistics row's bytes (14 in version 5, without `hinted`).
const TALLY_LEN: usize = 16;
/// A section's id and length fields.
const SECTION_HEAD: usize = 1 + 2;
/// Options, winnable, has game, rows.
const SECTION_FIXED: usize = 1 + 1 + 1 + 1;
/// Seed, options, count.
const SAVED_GAME_FIXED: usize = 4 + 1 + 2;

/// Bytes of a game's section at its longest.
const fn max_section(g: &registry::GameInfo) -> usize {
    SECTION_HEAD + SECTION_FIXED + SAVED_GAME_FIXED + packed_len(g.saved_moves, g.move_bits) + g.stats_rows * TALLY_LEN
}

/// Bytes of `n` moves of `bits` bits each, packed (format 7).
pub const fn packed_len(n: usize, bits: u8) -> usize {
    (n * bits as usize).div_ceil(8)
}

/// The longest record version 5 produces: every game with its longest game
/// in progress and every statistics row played.
pub const MAX_ENCODED: usize = {
    let mut n = HEADER + SHARED_LEN + CRC_LEN;
    let mut i = 0;
    while i < GAME_COUNT {
        n += max_section(GAMES[i]);
        i += 1;
    }
    n
};

// ---------------------------------------------------------------- CRC-32

/// CRC-32/ISO-HDLC (the zlib, PNG and Ethernet CRC): reflected polynomial
/// 0xEDB88320 (0x04C11DB7 unreflected), initial value and final XOR
/// 0xFFFFFFFF. `crc32(b"123456789") == 0xCBF43926`.
pub fn crc32(bytes: &[u8]) -> u32 {
    // A byte at a time from a 256-entry table (1 KiB): a nibble at a time
    // from a 16-entry one costs the PS1 1.2 µs a byte, and a save's
    // encoding and its sealing each take the CRC of the whole record in one
    // frame.
    !bytes.iter().fold(!0u32, |crc, &b| (crc >> 8) ^ CRC_TABLE[((crc ^ u32::from(b)) & 0xFF) as usize])
}

const CRC_TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 { (c >> 1) ^ 0xEDB8_8320 } else { c >> 1 };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

// ---------------------------------------------------------------- errors

/// Why bytes are not a save this game can load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The bytes do not start with [`MAGIC`]: not a save of this game.
    BadMagic,
    /// The record ends before its header, body or CRC does.
    Truncated,
    /// The CRC does not match: the record was damaged (or only partly
    /// written).
    BadCrc,
    /// A whole, undamaged record of a format version this code cannot read.
    UnknownVersion(u16),
    /// The record is intact but says something impossible.
    Invalid(Invalid),
}

/// What is impossible about an intact record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// The body is shorter or longer than its fields.
    Length,
    /// The card faces byte is not 0 or 1.
    Faces(u8),
    /// The legal-cell highlight byte is not 0 or 1.
    Highlight(u8),
    /// The sound effects volume is over [`MAX_VOLUME`].
    EffectsVolume(u8),
    /// The music volume is over [`MAX_VOLUME`].
    MusicVolume(u8),
    /// The muted byte is not 0 or 1.
    Muted(u8),
    /// Version 8: the music-in-play byte is not 0 or 1.
    InPlay(u8),
    /// The last game byte names no game (versions 3 and 4; from version 5
    /// an unknown one, a later build's game, reads as the first game).
    LastGame(u8),
    /// Versions 3 and 4: not exactly three sections.
    SectionCount(u8),
    /// Versions 5 to 8: the record ends before the sections its count
    /// says.
    Sections {
        /// The sections counted.
        counted: u8,
        /// The sections there.
        found: u8,
    },
    /// Versions 3 and 4: section `at` (from 1) has game id `id`, not the
    /// one that version puts there.
    SectionId {
        /// The section's place, from 1.
        at: u8,
        /// The id found.
        id: u8,
    },
    /// A game has two sections.
    TwoSections(GameId),
    /// A game's section says something impossible.
    Game(GameId, Field),
}

/// What is wrong in a game's section (or, before version 5, A Farewell to
/// Kings' part).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The section's length does not match its contents.
    Length,
    /// The option byte stands for no option set of the game.
    Options(u8),
    /// Before version 5: A Farewell to Kings' four option bytes (width,
    /// height, kings, easy) are out of range.
    OptionBytes([u8; 4]),
    /// The winnable-only byte is not 0 or 1.
    Winnable(u8),
    /// The has-game byte is not 0 or 1.
    HasGame(u8),
    /// The game in progress's option byte stands for no option set.
    GameOptions(u8),
    /// Before version 5: the game in progress's option bytes are out of
    /// range.
    GameOptionBytes([u8; 4]),
    /// More moves than the game keeps.
    TooManyMoves {
        /// Moves in the record.
        count: u16,
        /// The game's limit ([`GameInfo::saved_moves`](crate::games::GameInfo::saved_moves)).
        max: u16,
    },
    /// Before version 5: move number `index` (from 0) of A Farewell to
    /// Kings is not a card on a cell or a deal.
    MoveCode(u16),
    /// Move number `index` (from 0) is not legal on replay.
    Illegal(u16),
    /// The section lies after the last one the section count covers.
    Uncounted,
    /// More statistics rows than the game has.
    Rows {
        /// Rows in the record.
        count: u8,
        /// The game's rows ([`GameInfo::stats_rows`](crate::games::GameInfo::stats_rows)).
        max: u8,
    },
    /// Statistics row `row` (from 0) contradicts itself (more wins than
    /// games, ...).
    Stats(u8),
}

impl crate::out::Text for SaveError {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match self {
            SaveError::BadMagic => f.put_str("not a save of A Farewell to Kings"),
            SaveError::Truncated => f.put_str("the save is cut short"),
            SaveError::BadCrc => f.put_str("the save is damaged (bad CRC)"),
            SaveError::UnknownVersion(v) => {
                put!(f, "the save is format version ", v, ", this game reads versions 1 to ", VERSION)
            }
            SaveError::Invalid(i) => put!(f, "the save is invalid: ", i),
        }
    }
}

impl crate::out::Text for Invalid {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Invalid::Length => f.put_str("its length does not match its contents"),
            Invalid::Faces(b) => put!(f, "card faces byte ", b, " (0 standard or 1 four-colour)"),
            Invalid::Highlight(b) => put!(f, "legal-cell highlight byte ", b, " (0 or 1)"),
            Invalid::EffectsVolume(b) => put!(f, "effects volume ", b, " (at most ", MAX_VOLUME, ")"),
            Invalid::MusicVolume(b) => put!(f, "music volume ", b, " (at most ", MAX_VOLUME, ")"),
            Invalid::Muted(b) => put!(f, "muted byte ", b, " (0 or 1)"),
            Invalid::InPlay(b) => put!(f, "music-in-play byte ", b, " (0 or 1)"),
            Invalid::LastGame(b) => put!(f, "last game ", b, " (0 to ", GAME_COUNT - 1, ")"),
            Invalid::SectionCount(n) => put!(f, n, " game sections (this version has 3)"),
            Invalid::Sections { counted, found } => {
                put!(f, "its section count is ", counted, " but it holds ", found, " sections")
            }
            Invalid::SectionId { at, id } => {
                // Versions 3 and 4 wrote the games after the first in code
                // order: section `at` is game `at`'s.
                put!(f, "section ", at, " has game id ", id, " (expected ", at, ")")
            }
            Invalid::TwoSections(g) => put!(f, g.name(), " has two sections"),
            Invalid::Game(g, field) => put!(f, g.name(), ": ", field),
        }
    }
}

/// Bytes as a list, `[12, 8, 0, 1]` (as `Debug` writes them).
struct Bytes([u8; 4]);

impl crate::out::Text for Bytes {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        let [a, b, c, d] = self.0;
        put!(f, "[", a, ", ", b, ", ", c, ", ", d, "]")
    }
}

impl crate::out::Text for Field {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Field::Length => f.put_str("its section's length does not match its contents"),
            Field::Options(b) => put!(f, "options byte 0x", crate::out::Hex::upper(b), " is no option set"),
            Field::OptionBytes(b) => put!(f, "options ", Bytes(b), " (width, height, kings, easy) are out of range"),
            Field::Winnable(b) => put!(f, "winnable-only byte ", b, " (0 or 1)"),
            Field::HasGame(b) => put!(f, "game-in-progress byte ", b, " (0, 1 or, from version 6, 2)"),
            Field::GameOptions(b) => {
                put!(f, "the game in progress has options byte 0x", crate::out::Hex::upper(b), ", no option set")
            }
            Field::GameOptionBytes(b) => {
                put!(f, "the game in progress has options ", Bytes(b), " (width, height, kings, easy), out of range")
            }
            Field::TooManyMoves { count, max } => put!(f, count, " moves (at most ", max, ")"),
            Field::MoveCode(i) => put!(f, "move ", u32::from(i) + 1, " is not a move"),
            Field::Illegal(i) => put!(f, "move ", u32::from(i) + 1, " is illegal on replay"),
            Field::Uncounted => f.put_str("its section lies past the record's section count"),
            Field::Rows { count, max } => put!(f, count, " statistics rows (at most ", max, ")"),
            Field::Stats(i) => put!(f, "statistics entry ", i, " contradicts itself"),
        }
    }
}

/// Why [`Save::encode`] wrote nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferTooSmall {
    /// Bytes the record needs.
    pub needed: usize,
}

// ---------------------------------------------------------------- the view

/// A bounds-checked view of a save record's raw bytes. Field accessors never
/// panic once [`SaveRecord::new_checked`] has accepted the buffer; they do
/// not validate the contents (that is [`Save::parse`]'s job).
#[derive(Clone, Copy, Debug)]
pub struct SaveRecord<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> SaveRecord<T> {
    /// Wraps `buffer` after checking the magic and that the header, the
    /// body it announces and the CRC all lie inside it. Bytes after the CRC
    /// are ignored (a memory card block is longer than the record).
    pub fn new_checked(buffer: T) -> Result<Self, SaveError> {
        let b = buffer.as_ref();
        let seen = b.len().min(MAGIC.len());
        if b[..seen] != MAGIC[..seen] {
            return Err(SaveError::BadMagic);
        }
        if b.len() < HEADER {
            return Err(SaveError::Truncated);
        }
        let r = SaveRecord { buffer };
        if r.buffer.as_ref().len() < r.total_len() {
            return Err(SaveError::Truncated);
        }
        Ok(r)
    }

    /// The format version field.
    pub fn version(&self) -> u16 {
        let b = self.buffer.as_ref();
        u16::from_le_bytes([b[4], b[5]])
    }

    /// The body length field.
    pub fn body_len(&self) -> usize {
        let b = self.buffer.as_ref();
        usize::from(u16::from_le_bytes([b[6], b[7]]))
    }

    /// Bytes from the magic to the end of the CRC.
    pub fn total_len(&self) -> usize {
        HEADER + self.body_len() + CRC_LEN
    }

    /// The body.
    pub fn body(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER..HEADER + self.body_len()]
    }

    /// The CRC stored after the body.
    pub fn stored_crc(&self) -> u32 {
        let at = HEADER + self.body_len();
        let b = &self.buffer.as_ref()[at..at + CRC_LEN];
        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }

    /// The CRC of the header and body as they are now.
    pub fn computed_crc(&self) -> u32 {
        crc32(&self.buffer.as_ref()[..HEADER + self.body_len()])
    }
}

// ---------------------------------------------------------------- values

/// One line of statistics: the games played with one set of options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games finished (won or lost).
    pub played: u32,
    /// Games won.
    pub won: u32,
    /// Wins in a row up to the last game (0 after a loss).
    pub streak: u16,
    /// Longest run of wins.
    pub best_streak: u16,
    /// Fewest deals or moves ([`GameInfo::record`](crate::games::GameInfo::record))
    /// in a won game; `None` before the first win.
    pub fewest_deals: Option<u16>,
    /// Wins in which a hint was shown (counted in `won` too).
    pub hinted: u16,
}

impl Tally {
    /// True when the numbers can all be true at once.
    fn consistent(&self) -> bool {
        self.won <= self.played
            && self.streak <= self.best_streak
            && u32::from(self.best_streak) <= self.won
            && self.fewest_deals.is_some() == (self.won > 0)
            && u32::from(self.hinted) <= self.won
    }

    /// Counts a finished game; `n` is what the game counts as its record
    /// (fewest deals, fewest moves), kept for wins; `hinted` when a hint
    /// was shown in it (a win with hints is counted apart as well).
    pub fn record(&mut self, won: bool, hinted: bool, n: u16) {
        self.played = self.played.saturating_add(1);
        if won {
            self.won = self.won.saturating_add(1);
            if hinted {
                self.hinted = self.hinted.saturating_add(1);
            }
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
            self.fewest_deals = Some(self.fewest_deals.map_or(n, |f| f.min(n)));
        } else {
            self.streak = 0;
        }
    }
}

/// Everything the memory card keeps for the player: the settings every
/// game shares and one [`GameRecord`] per game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Save {
    /// Card faces (every game's).
    pub face: FaceStyle,
    /// Show where the held card may go (Select toggles it).
    pub highlight: bool,
    /// The sound settings (every game's).
    pub sound: Volumes,
    /// The game highlighted on the title at boot: the last one chosen.
    pub last_game: GameId,
    /// Every game's part, indexed by GameId code: use [`Save::record`].
    pub sections: [GameRecord; GAME_COUNT],
}

impl Default for Save {
    fn default() -> Self {
        Save {
            face: FaceStyle::Standard,
            highlight: true,
            sound: Volumes::default(),
            last_game: GameId::nth(0),
            sections: core::array::from_fn(|i| GameRecord::new(GameId::nth(i))),
        }
    }
}

impl Save {
    /// The part of the save of any game.
    pub fn record(&self, id: GameId) -> &GameRecord {
        &self.sections[id.index()]
    }

    /// The same, to change.
    pub fn record_mut(&mut self, id: GameId) -> &mut GameRecord {
        &mut self.sections[id.index()]
    }
}

/// What the save keeps of one game: its options, winnable-only setting,
/// game in progress (as moves: their places in the list of legal moves,
/// checked by replaying them when it is resumed) and statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's option code (its Options screen).
    pub options: u8,
    /// New deals come from the table of proven winnable deals.
    pub winnable: bool,
    /// The game in progress.
    pub game: Option<SavedGame>,
    /// Statistics rows; the game uses the first
    /// [`GameInfo::stats_rows`](crate::games::GameInfo::stats_rows) (the row
    /// of an option code is its [`GameInfo::stats_row`](crate::games::GameInfo::stats_row)),
    /// the rest stay empty.
    pub tallies: [Tally; MAX_ROWS],
}

impl Default for GameRecord {
    /// Option code 0, nothing played: see [`GameRecord::new`] for a game's
    /// own defaults.
    fn default() -> Self {
        GameRecord { options: 0, winnable: false, game: None, tallies: [Tally::default(); MAX_ROWS] }
    }
}

impl GameRecord {
    /// A game's record before anything is saved: its default options.
    pub fn new(game: GameId) -> GameRecord {
        GameRecord { options: game.info().default_options, ..GameRecord::default() }
    }

    /// Counts a finished game in statistics row `row`: won or lost, and
    /// the moves it took. Counters saturate rather than wrap.
    pub fn record_game(&mut self, row: usize, won: bool, moves: u16) {
        self.record_played(row, won, false, moves);
    }

    /// [`GameRecord::record_game`], saying whether a hint was shown in
    /// the game (a win with hints is counted apart too).
    pub fn record_played(&mut self, row: usize, won: bool, hinted: bool, moves: u16) {
        if let Some(t) = self.tallies.get_mut(row) {
            t.record(won, hinted, moves);
        }
    }

    /// The rows up to the last one played (what the record writes).
    fn rows_kept(&self, game: GameId) -> &[Tally] {
        let rows = &self.tallies[..game.info().stats_rows];
        let n = rows.iter().rposition(|t| *t != Tally::default()).map_or(0, |i| i + 1);
        &rows[..n]
    }
}

/// A game in progress, as the save keeps it. Two are equal when their
/// deal, options and moves made are (whatever lies past `count`).
#[derive(Clone, Copy, Debug, Eq)]
pub struct SavedGame {
    /// Its deal number.
    pub seed: u32,
    /// Its option code.
    pub options: u8,
    /// Moves made.
    pub count: u16,
    /// Each move's place in the list of legal moves when it was played.
    pub moves: [u16; SAVED_MOVES],
    /// A hint was shown in it (its win counts as a win with hints).
    pub hinted: bool,
}

impl PartialEq for SavedGame {
    fn eq(&self, other: &Self) -> bool {
        (self.seed, self.options, self.count, self.hinted) == (other.seed, other.options, other.count, other.hinted)
            && self.moves() == other.moves()
    }
}

impl SavedGame {
    /// The game dealt with `seed` and `options` after `moves`, as the save
    /// keeps it. `None` when a move is not legal in its turn or there are
    /// more than [`SAVED_MOVES`].
    pub fn of_moves<G: Patience>(
        seed: u32,
        options: G::Options,
        moves: impl IntoIterator<Item = G::Move>,
    ) -> Option<SavedGame> {
        let mut g = G::deal(seed, options);
        let mut saved =
            SavedGame { seed, options: G::options_code(options), count: 0, moves: [0; SAVED_MOVES], hinted: false };
        for m in moves {
            *saved.moves.get_mut(usize::from(saved.count))? = position_of(&g, m)?;
            g.play(m).ok()?;
            saved.count += 1;
        }
        Some(saved)
    }

    /// The moves made.
    pub fn moves(&self) -> &[u16] {
        &self.moves[..usize::from(self.count).min(SAVED_MOVES)]
    }

    /// Replays the game: deals it and plays its moves.
    pub fn replay<G: Patience>(&self) -> Result<G, Field> {
        registry::replay(self.seed, self.options, self.moves()).map_err(Field::from)
    }
}

// ---------------------------------------------------------------- the games

/// True when `code` is an option code of the game.
fn options_ok(game: GameId, code: u8) -> bool {
    (game.info().options_ok)(code)
}

/// Replays a game in progress of `game`: `Ok` when every move is legal in
/// its turn. For tools and tests (the console replays a game when it is
/// resumed).
pub fn check_game(game: GameId, saved: &SavedGame) -> Result<(), Field> {
    (game.info().replay)(saved.seed, saved.options, saved.moves(), &mut |_| {}, &mut crate::out::Discard)
        .map_err(Field::from)
}

fn bool_from(b: u8) -> Option<bool> {
    match b {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

/// Writes into a slice; every write is bounds-checked by the caller having
/// sized the slice with [`Save::encoded_len`].
struct Writer<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, bytes: &[u8]) {
        if let Some(dst) = self.out.get_mut(self.at..self.at + bytes.len()) {
            dst.copy_from_slice(bytes);
        }
        self.at += bytes.len();
    }
}

/// Reads a body; running out means the length field lied.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], SaveError> {
        let (head, rest) = self.bytes.split_at_checked(N).ok_or(SaveError::Invalid(Invalid::Length))?;
        self.bytes = rest;
        let mut a = [0u8; N];
        a.copy_from_slice(head);
        Ok(a)
    }

    fn slice(&mut self, n: usize) -> Result<&'a [u8], SaveError> {
        let (head, rest) = self.bytes.split_at_checked(n).ok_or(SaveError::Invalid(Invalid::Length))?;
        self.bytes = rest;
        Ok(head)
    }

    fn u8(&mut self) -> Result<u8, SaveError> {
        Ok(self.take::<1>()?[0])
    }

    fn u16(&mut self) -> Result<u16, SaveError> {
        Ok(u16::from_le_bytes(self.take()?))
    }

    fn u32(&mut self) -> Result<u32, SaveError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
}

// ---------------------------------------------------------------- encoding

/// A save as its parts, borrowed: what is encoded. The console encodes
/// straight from the game's state through one (see [`SaveSource`]): a
/// [`Save`] is 6 KB, and each copy of it cost the PS1 0.7 ms of a frame.
#[derive(Clone, Copy, Debug)]
pub struct SaveView<'a> {
    /// Card faces (every game's).
    pub face: FaceStyle,
    /// Show where the held card may go (Select toggles it).
    pub highlight: bool,
    /// The sound settings (every game's).
    pub sound: Volumes,
    /// The game highlighted on the title at boot.
    pub last_game: GameId,
    /// Every game's part, indexed by GameId code (its game in progress is
    /// in `games`).
    pub sections: [&'a GameRecord; GAME_COUNT],
    /// Every game's game in progress, indexed by GameId code (the game in
    /// play's is made for the save, the others' are the records').
    pub games: [Option<&'a SavedGame>; GAME_COUNT],
}

/// What a save can be taken from: a [`Save`], or the game as it stands.
pub trait SaveSource {
    /// Calls `f` with the save as it stands.
    fn with_view<R>(&self, f: impl FnOnce(&SaveView<'_>) -> R) -> R;
}

impl SaveSource for Save {
    fn with_view<R>(&self, f: impl FnOnce(&SaveView<'_>) -> R) -> R {
        f(&self.view())
    }
}

impl Save {
    /// The save, borrowed.
    pub fn view(&self) -> SaveView<'_> {
        SaveView {
            face: self.face,
            highlight: self.highlight,
            sound: self.sound,
            last_game: self.last_game,
            sections: core::array::from_fn(|i| &self.sections[i]),
            games: core::array::from_fn(|i| self.sections[i].game.as_ref()),
        }
    }

    /// Bytes [`Save::encode`] writes for this save when nothing has to be
    /// left out.
    pub fn encoded_len(&self) -> usize {
        self.view().encoded_len()
    }

    /// Writes the record to the front of `out`; returns its length (see
    /// [`SaveView::encode`]).
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        self.view().encode(out)
    }
}

impl SaveView<'_> {
    /// The part of the save of any game.
    pub fn record(&self, id: GameId) -> &GameRecord {
        self.sections[id.index()]
    }

    /// Bytes [`SaveView::encode`] writes when nothing has to be left out.
    pub fn encoded_len(&self) -> usize {
        self.len_keeping([true; GAME_COUNT], &self.rows_kept())
    }

    /// The length with only the games in progress marked in `keep`.
    /// How many statistics rows each game's section keeps (counted once
    /// per encoding: a scan of 48 rows is 0.1 ms on the
    /// PS1).
    fn rows_kept(&self) -> [usize; GAME_COUNT] {
        let mut rows = [0; GAME_COUNT];
        for id in GameId::all() {
            rows[id.index()] = self.record(id).rows_kept(id).len();
        }
        rows
    }

    fn len_keeping(&self, keep: [bool; GAME_COUNT], rows: &[usize; GAME_COUNT]) -> usize {
        let sections: usize = GameId::all().map(|id| SECTION_HEAD + self.section_len(id, keep[id.index()], rows)).sum();
        HEADER + SHARED_LEN + sections + CRC_LEN
    }

    /// Bytes of a section after its id and length.
    fn section_len(&self, id: GameId, keep_game: bool, rows: &[usize; GAME_COUNT]) -> usize {
        let game = match self.games[id.index()] {
            Some(g) if keep_game => SAVED_GAME_FIXED + packed_len(kept_moves(id, g).len(), id.info().move_bits),
            _ => 0,
        };
        SECTION_FIXED + game + rows[id.index()] * TALLY_LEN
    }

    /// Writes the record to the front of `out`; returns its length. When
    /// the whole save is longer than `out`, games in progress other than
    /// the last game's are left out, in section order, until it fits
    /// (never with four games and a memory card copy:
    /// [`MAX_ENCODED`]).
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        // A game in progress with a move its game's width cannot hold is
        // left out (the widths hold every legal-move list measured:
        // tests/save.rs).
        let mut keep: [bool; GAME_COUNT] =
            core::array::from_fn(|i| self.games[i].is_none_or(|g| fits(GameId::nth(i), g)));
        let kept = self.rows_kept();
        let mut len = self.len_keeping(keep, &kept);
        for id in GameId::all() {
            if len <= out.len() {
                break;
            }
            if id != self.last_game {
                keep[id.index()] = false;
                len = self.len_keeping(keep, &kept);
            }
        }
        if out.len() < len {
            return Err(BufferTooSmall { needed: len });
        }
        let mut w = Writer { out, at: 0 };
        w.put(&MAGIC);
        w.put(&VERSION.to_le_bytes());
        w.put(&((len - HEADER - CRC_LEN) as u16).to_le_bytes());
        let v = self.sound;
        w.put(&[u8::from(self.face == FaceStyle::FourColour), u8::from(self.highlight)]);
        w.put(&[v.effects.min(MAX_VOLUME), v.music.min(MAX_VOLUME), u8::from(v.muted), u8::from(v.in_play)]);
        w.put(&[self.last_game.code()]);
        w.put(&[GAME_COUNT as u8]);
        for id in GameId::all() {
            let r = self.record(id);
            w.put(&[id.code()]);
            w.put(&(self.section_len(id, keep[id.index()], &kept) as u16).to_le_bytes());
            w.put(&[r.options, u8::from(r.winnable)]);
            match self.games[id.index()] {
                Some(g) if keep[id.index()] => {
                    let moves = kept_moves(id, g);
                    w.put(&[1 + u8::from(g.hinted)]);
                    w.put(&g.seed.to_le_bytes());
                    w.put(&[g.options]);
                    w.put(&(moves.len() as u16).to_le_bytes());
                    put_packed(&mut w, moves, id.info().move_bits);
                }
                _ => w.put(&[0]),
            }
            let rows = &r.tallies[..kept[id.index()]];
            w.put(&[rows.len() as u8]);
            for t in rows {
                put_tally(&mut w, t);
            }
        }
        let crc = crc32(&w.out[..w.at]);
        w.put(&crc.to_le_bytes());
        Ok(w.at)
    }
}

/// The moves of a game in progress the save keeps: the first
/// [`GameInfo::saved_moves`](crate::games::GameInfo::saved_moves).
fn kept_moves(id: GameId, g: &SavedGame) -> &[u16] {
    &g.moves()[..g.moves().len().min(id.info().saved_moves)]
}

/// True when every move of `g` fits its game's width.
fn fits(id: GameId, g: &SavedGame) -> bool {
    kept_moves(id, g).iter().all(|&m| u32::from(m) >> id.info().move_bits == 0)
}

/// Writes moves of `bits` bits each, least significant bit first, the last
/// byte padded with zeros (format 7).
fn put_packed(w: &mut Writer<'_>, moves: &[u16], bits: u8) {
    let (mut acc, mut n) = (0u32, 0u8);
    for &m in moves {
        acc |= u32::from(m) << n;
        n += bits;
        while n >= 8 {
            w.put(&[acc as u8]);
            acc >>= 8;
            n -= 8;
        }
    }
    if n > 0 {
        w.put(&[acc as u8]);
    }
}

/// Reads `moves.len()` moves of `bits` bits each ([`put_packed`]).
fn read_packed(rd: &mut Reader<'_>, moves: &mut [u16], bits: u8) -> Result<(), SaveError> {
    let bytes = rd.slice(packed_len(moves.len(), bits))?;
    let (mut acc, mut n, mut next) = (0u32, 0u8, bytes.iter());
    for m in moves {
        while n < bits {
            acc |= u32::from(*next.next().unwrap_or(&0)) << n;
            n += 8;
        }
        *m = (acc & ((1 << bits) - 1)) as u16;
        acc >>= bits;
        n -= bits;
    }
    Ok(())
}

fn put_tally(w: &mut Writer<'_>, t: &Tally) {
    w.put(&t.played.to_le_bytes());
    w.put(&t.won.to_le_bytes());
    w.put(&t.streak.to_le_bytes());
    w.put(&t.best_streak.to_le_bytes());
    w.put(&t.fewest_deals.unwrap_or(0xFFFF).to_le_bytes());
    w.put(&t.hinted.to_le_bytes());
}

// ---------------------------------------------------------------- decoding

impl Save {
    /// Decodes and validates a record at the front of `bytes` (anything
    /// after it is ignored). Checks, in order: magic, length, CRC, version,
    /// contents.
    pub fn decode(bytes: &[u8]) -> Result<Save, SaveError> {
        Save::parse(&SaveRecord::new_checked(bytes)?)
    }

    /// Validates a record already wrapped in a view.
    pub fn parse<T: AsRef<[u8]>>(r: &SaveRecord<T>) -> Result<Save, SaveError> {
        if r.stored_crc() != r.computed_crc() {
            return Err(SaveError::BadCrc);
        }
        let mut rd = Reader { bytes: r.body() };
        let save = match r.version() {
            v @ 5..=8 => read_v5(&mut rd, v)?,
            v @ 1..=4 => legacy::read(&mut rd, v)?,
            v => return Err(SaveError::UnknownVersion(v)),
        };
        if !rd.bytes.is_empty() {
            return Err(SaveError::Invalid(Invalid::Length));
        }
        Ok(save)
    }
}

/// A section that ends before its fields: its length is wrong.
fn cut_short(e: SaveError, game: GameId) -> SaveError {
    if e == invalid(Invalid::Length) {
        in_game(game, Field::Length)
    } else {
        e
    }
}

fn invalid(i: Invalid) -> SaveError {
    SaveError::Invalid(i)
}

fn in_game(game: GameId, f: Field) -> SaveError {
    SaveError::Invalid(Invalid::Game(game, f))
}

/// The shared sound bytes: effects, music, muted, and from version 8 music
/// in play (before it, its default).
fn read_sound(rd: &mut Reader<'_>, version: u16) -> Result<Volumes, SaveError> {
    let effects = rd.u8()?;
    if effects > MAX_VOLUME {
        return Err(invalid(Invalid::EffectsVolume(effects)));
    }
    let music = rd.u8()?;
    if music > MAX_VOLUME {
        return Err(invalid(Invalid::MusicVolume(music)));
    }
    let m = rd.u8()?;
    let muted = bool_from(m).ok_or(invalid(Invalid::Muted(m)))?;
    let in_play = match version {
        8.. => {
            let p = rd.u8()?;
            bool_from(p).ok_or(invalid(Invalid::InPlay(p)))?
        }
        _ => Volumes::default().in_play,
    };
    Ok(Volumes { effects, music, muted, in_play })
}

/// Versions 5 to 8 (6 adds each row's wins with hints, 7 packs the moves,
/// 8 adds music in play).
fn read_v5(rd: &mut Reader<'_>, version: u16) -> Result<Save, SaveError> {
    let mut save = Save::default();
    let f = rd.u8()?;
    save.face =
        [FaceStyle::Standard, FaceStyle::FourColour].get(usize::from(f)).copied().ok_or(invalid(Invalid::Faces(f)))?;
    let h = rd.u8()?;
    save.highlight = bool_from(h).ok_or(invalid(Invalid::Highlight(h)))?;
    save.sound = read_sound(rd, version)?;
    // A later build's game: the title opens on the first game.
    save.last_game = GameId::from_code(rd.u8()?).unwrap_or(GameId::nth(0));
    let mut seen = [false; GAME_COUNT];
    let counted = rd.u8()?;
    for found in 0..counted {
        let id = rd.u8().map_err(|_| invalid(Invalid::Sections { counted, found }))?;
        // A length past the end names its game, when it is one of ours.
        let named = |e| GameId::from_code(id).map_or(e, |g| cut_short(e, g));
        let len = usize::from(rd.u16().map_err(named)?);
        let body = rd.slice(len).map_err(named)?;
        // A later build's game: skipped whole.
        let Some(game) = GameId::from_code(id) else { continue };
        if core::mem::replace(&mut seen[usize::from(id)], true) {
            return Err(invalid(Invalid::TwoSections(game)));
        }
        let mut section = Reader { bytes: body };
        *save.record_mut(game) = read_section(&mut section, game, version).map_err(|e| cut_short(e, game))?;
        if !section.bytes.is_empty() {
            return Err(in_game(game, Field::Length));
        }
    }
    // A whole section of ours after the counted ones: the count is wrong.
    if let [id, a, b, rest @ ..] = rd.bytes {
        if let Some(game) = GameId::from_code(*id).filter(|_| usize::from(u16::from_le_bytes([*a, *b])) <= rest.len()) {
            return Err(in_game(game, Field::Uncounted));
        }
    }
    Ok(save)
}

/// A section's body after its id and length.
fn read_section(rd: &mut Reader<'_>, game: GameId, version: u16) -> Result<GameRecord, SaveError> {
    let mut r = read_head(rd, game, version)?;
    let rows = rd.u8()?;
    let max = game.info().stats_rows;
    if usize::from(rows) > max {
        return Err(in_game(game, Field::Rows { count: rows, max: max as u8 }));
    }
    for (i, slot) in r.tallies[..usize::from(rows)].iter_mut().enumerate() {
        *slot = read_tally(rd, game, i, version >= 6)?;
    }
    Ok(r)
}

/// A section's fields before its statistics rows (the same in versions 3
/// to 5): options, winnable only, the game in progress.
fn read_head(rd: &mut Reader<'_>, game: GameId, version: u16) -> Result<GameRecord, SaveError> {
    let options = rd.u8()?;
    if !options_ok(game, options) {
        return Err(in_game(game, Field::Options(options)));
    }
    let w = rd.u8()?;
    let winnable = bool_from(w).ok_or(in_game(game, Field::Winnable(w)))?;
    let mut r = GameRecord { options, winnable, ..GameRecord::default() };
    r.game = match (rd.u8()?, version) {
        (0, _) => None,
        (b @ 1, _) | (b @ 2, 6..) => {
            let (seed, options, count) = (rd.u32()?, rd.u8()?, rd.u16()?);
            if !options_ok(game, options) {
                return Err(in_game(game, Field::GameOptions(options)));
            }
            let max = game.info().saved_moves;
            if usize::from(count) > max {
                return Err(in_game(game, Field::TooManyMoves { count, max: max as u16 }));
            }
            let mut g = SavedGame { seed, options, count, moves: [0; SAVED_MOVES], hinted: b == 2 };
            let moves = &mut g.moves[..usize::from(count)];
            if version >= 7 {
                read_packed(rd, moves, game.info().move_bits)?;
            } else {
                for m in moves {
                    *m = rd.u16()?;
                }
            }
            Some(g)
        }
        (b, _) => return Err(in_game(game, Field::HasGame(b))),
    };
    Ok(r)
}

/// A statistics row; `hinted` when the version keeps wins with hints.
fn read_tally(rd: &mut Reader<'_>, game: GameId, i: usize, hinted: bool) -> Result<Tally, SaveError> {
    let (played, won, streak, best_streak, fewest) = (rd.u32()?, rd.u32()?, rd.u16()?, rd.u16()?, rd.u16()?);
    let fewest_deals = (fewest != 0xFFFF).then_some(fewest);
    let hinted = if hinted { rd.u16()? } else { 0 };
    let t = Tally { played, won, streak, best_streak, fewest_deals, hinted };
    if !t.consistent() {
        return Err(in_game(game, Field::Stats(i.min(255) as u8)));
    }
    Ok(t)
}

/// Versions 1 to 4, A Farewell to Kings' own format before the collection.
mod legacy;

impl From<ReplayError> for Field {
    fn from(e: ReplayError) -> Field {
        match e {
            ReplayError::Options(code) => Field::GameOptions(code),
            ReplayError::Illegal(i) => Field::Illegal(i),
        }
    }
}

crate::display_via_text!(SaveError, Invalid, Field);
