//! The save record: settings, the game in progress and statistics, as bytes.
//!
//! Split as in smoltcp: [`SaveRecord`] is a bounds-checked view over raw
//! bytes (it reads fields, it never trusts them), and [`Save`] is the
//! validated value. [`Save::decode`] goes from one to the other and rejects
//! anything it cannot vouch for; [`Save::encode`] writes a record.
//!
//! # Layout (format version 4, all integers little-endian)
//!
//! ```text
//! 0   4  magic "AFTK"
//! 4   2  format version (4; versions 1 to 3 are still read)
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
//! Body of version 4 (version 3 is the same without the sound bytes):
//! A Farewell to Kings' part exactly as version 2 has it
//! (version 1 lacks its winnable-only byte; versions 1 and 2 end after it),
//! then the collection's part:
//!
//! ```text
//! settings   7  width, height, kings, easy, faces (every game's),
//!               legal-cell highlight, winnable deals only
//! has game   1  0 or 1
//! game          (when has game is 1)
//!   seed     4
//!   options  4  width, height, kings, easy
//!   count    2  moves, at most MAX_MOVES
//!   moves    2 each: card index, cell index (row * 14 + col);
//!                    FF FF is a deal
//! stats     48 x 14: for each grid size of GRID_SIZES, kings start
//!               (centre, corners, random, custom) and easy (off, on):
//!               played u32, won u32, streak u16, best streak u16,
//!               fewest deals to a win u16 (FFFF: no win yet)
//! last game 1  the game highlighted on the title at boot (GameId code)
//! sound     3  effects volume (0 to 10), music volume (0 to 10), muted
//!              (version 4 only: a version 3 record has none and loads
//!              with the default volumes)
//! sections  1  n, then n sections, one per other game:
//!   id      1  GameId code (1 corners, 2 albert, 3 kingdoms)
//!   length  2  bytes of the section after this field
//!   options 1  the game's option code (0 for a game without options)
//!   winnable 1 winnable deals only
//!   has game 1 0 or 1, then (when 1):
//!     seed  4, options 1 (code), count 2 (at most SAVED_MOVES),
//!     moves 2 each: the move's position in the game's list of legal
//!           moves (Patience::for_each_legal order) when it was played
//!   tallies 1  k, then k x 14 as above (fewest moves to a win in place of
//!              fewest deals)
//! ```
//!
//! The sections are exactly the three other games, in that order, each with
//! exactly six tallies: anything else is an invalid record (a fifth game
//! would come with a new format version).
//!
//! Codes: kings 0 centre, 1 corners, 2 random, 3 custom; faces 0 standard,
//! 1 four-colour; booleans 0 or 1 and nothing else.
//!
//! The game is stored as its deal number, options and moves, and decoding
//! replays them: a move list that is illegal on replay is rejected, so a
//! save that decodes is a game the rules allow.

use crate::games::farewell::game::MAX_MOVES;
use crate::games::farewell::{Card, Cell, Game, Illegal, KingStart, Move, Options};
use crate::settings::{FaceStyle, GameId, Settings, GRID_SIZES};
use crate::sound::{Volumes, MAX_VOLUME};
use core::fmt;

/// The first four bytes of every save record.
pub const MAGIC: [u8; 4] = *b"AFTK";
/// The format version this code writes (it reads 1 to 4).
pub const VERSION: u16 = 4;
/// Bytes before the body: magic, version, body length.
pub const HEADER: usize = 8;
/// Bytes of the CRC after the body.
pub const CRC_LEN: usize = 4;
/// Statistics entries: grid sizes x kings starts x easy off/on.
pub const STATS_ENTRIES: usize = GRID_SIZES.len() * 4 * 2;

const SETTINGS_LEN: usize = 7;
/// The sound bytes version 4 adds after the last-game byte.
const SOUND_LEN: usize = 3;
const TALLY_LEN: usize = 14;
const GAME_FIXED_LEN: usize = 4 + 4 + 2;
/// Two bytes that stand for a deal in the move list.
const DEAL_CODE: [u8; 2] = [0xFF, 0xFF];

/// Moves of a game in progress the save keeps for each of the other
/// games: a longer game is saved without its game in progress (its
/// settings and statistics still are).
pub const SAVED_MOVES: usize = 400;
/// The statistics rows a game other than A Farewell to Kings keeps (King
/// Albert: one per starting rank).
pub const OTHER_TALLIES: usize = 6;
/// The games saved in sections after A Farewell to Kings.
pub const OTHER_GAMES: [GameId; 3] = [GameId::Corners, GameId::Albert, GameId::Kingdoms];
const SECTION_FIXED_LEN: usize = 1 + 2 + 1 + 1 + 1 + 1;
const SAVED_GAME_FIXED_LEN: usize = 4 + 1 + 2;

/// The longest record version 4 produces: A Farewell to Kings with a game of
/// [`MAX_MOVES`] moves, and every other game with [`SAVED_MOVES`].
pub const MAX_ENCODED: usize = HEADER
    + SETTINGS_LEN
    + 1
    + GAME_FIXED_LEN
    + 2 * MAX_MOVES
    + STATS_ENTRIES * TALLY_LEN
    + 2
    + SOUND_LEN
    + OTHER_GAMES.len() * (SECTION_FIXED_LEN + SAVED_GAME_FIXED_LEN + 2 * SAVED_MOVES + OTHER_TALLIES * TALLY_LEN)
    + CRC_LEN;

// ---------------------------------------------------------------- CRC-32

/// CRC-32/ISO-HDLC (the zlib, PNG and Ethernet CRC): reflected polynomial
/// 0xEDB88320 (0x04C11DB7 unreflected), initial value and final XOR
/// 0xFFFFFFFF. `crc32(b"123456789") == 0xCBF43926`.
pub fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |crc, &b| {
        // A nibble at a time from a 16-entry table: 64 bytes of table
        // instead of 1 KiB, fast enough for a 1 KiB record.
        let crc = (crc >> 4) ^ CRC_NIBBLE[((crc ^ u32::from(b)) & 0xF) as usize];
        (crc >> 4) ^ CRC_NIBBLE[((crc ^ u32::from(b >> 4)) & 0xF) as usize]
    })
}

const CRC_NIBBLE: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut i = 0;
    while i < 16 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 4 {
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
    /// A settings byte is out of range.
    Settings,
    /// The saved game's options are out of range.
    Options,
    /// More moves than any game can have.
    TooManyMoves(u16),
    /// Move number `index` (from 0) is not a card on a cell or a deal.
    MoveCode(u16),
    /// Move number `index` (from 0) is against the rules on replay.
    Illegal(u16, Illegal),
    /// A statistics entry contradicts itself (more wins than games, ...).
    Stats(u8),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::BadMagic => f.write_str("not a save of A Farewell to Kings"),
            SaveError::Truncated => f.write_str("the save is cut short"),
            SaveError::BadCrc => f.write_str("the save is damaged (bad CRC)"),
            SaveError::UnknownVersion(v) => write!(f, "the save is format version {v}, this game reads {VERSION}"),
            SaveError::Invalid(i) => write!(f, "the save is invalid: {i}"),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Length => f.write_str("its length does not match its contents"),
            Invalid::Settings => f.write_str("bad settings"),
            Invalid::Options => f.write_str("bad options for the game in progress"),
            Invalid::TooManyMoves(n) => write!(f, "{n} moves (at most {MAX_MOVES})"),
            Invalid::MoveCode(i) => write!(f, "move {} is not a move", i + 1),
            Invalid::Illegal(i, _) => write!(f, "move {} is illegal on replay", i + 1),
            Invalid::Stats(i) => write!(f, "statistics entry {i} contradicts itself"),
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
    /// Fewest deals in a won game; `None` before the first win.
    pub fewest_deals: Option<u16>,
}

impl Tally {
    /// True when the numbers can all be true at once.
    fn consistent(&self) -> bool {
        self.won <= self.played
            && self.streak <= self.best_streak
            && u32::from(self.best_streak) <= self.won
            && self.fewest_deals.is_some() == (self.won > 0)
    }
}

/// Statistics per grid size (of [`GRID_SIZES`]), kings start and easy mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    tallies: [Tally; STATS_ENTRIES],
}

impl Default for Stats {
    fn default() -> Self {
        Stats { tallies: [Tally::default(); STATS_ENTRIES] }
    }
}

impl Stats {
    /// The entry for these options: `None` for a grid size the Options
    /// screen does not offer (such games are not counted).
    pub fn entry(options: Options) -> Option<usize> {
        let grid = GRID_SIZES.iter().position(|&(w, h)| (w, h) == (options.width, options.height))?;
        Some(grid * 8 + usize::from(kings_code(options.kings)) * 2 + usize::from(options.easy))
    }

    /// The tally for these options (`None` as for [`Stats::entry`]).
    pub fn get(&self, options: Options) -> Option<&Tally> {
        Stats::entry(options).map(|i| &self.tallies[i])
    }

    /// All tallies, in entry order.
    pub fn tallies(&self) -> &[Tally; STATS_ENTRIES] {
        &self.tallies
    }

    /// The same, to change.
    pub fn tallies_mut(&mut self) -> &mut [Tally; STATS_ENTRIES] {
        &mut self.tallies
    }

    /// Counts a finished game: won or lost, and the deals it took (a win
    /// with fewer deals than before becomes the record). Returns false, and
    /// counts nothing, for a grid size outside [`GRID_SIZES`]. Counters
    /// saturate rather than wrap.
    pub fn record_game(&mut self, options: Options, won: bool, deals: u16) -> bool {
        let Some(i) = Stats::entry(options) else {
            return false;
        };
        self.tallies[i].record(won, deals);
        true
    }
}

/// Everything the memory card keeps for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Save {
    /// A Farewell to Kings' settings (with the card faces, every game's).
    pub settings: Settings,
    /// A Farewell to Kings' game in progress, rebuilt by replaying its moves.
    pub game: Option<Game>,
    /// A Farewell to Kings' statistics.
    pub stats: Stats,
    /// The game highlighted on the title at boot: the last one chosen.
    pub last_game: GameId,
    /// The other games' parts, in [`OTHER_GAMES`] order.
    pub others: [GameRecord; 3],
    /// The sound settings (every game's).
    pub sound: Volumes,
}

impl Default for Save {
    fn default() -> Self {
        Save {
            settings: Settings::default(),
            game: None,
            stats: Stats::default(),
            last_game: GameId::Farewell,
            others: {
                // Every game's default options: King Albert's are not 0.
                let mut o = [GameRecord::default(); 3];
                o[1].options = <crate::games::albert::Game as crate::games::Patience>::options_code(
                    crate::games::albert::Options::default(),
                );
                o
            },
            sound: Volumes::default(),
        }
    }
}

impl Save {
    /// The part of a game other than A Farewell to Kings (`None` for it).
    pub fn record(&self, id: GameId) -> Option<&GameRecord> {
        OTHER_GAMES.iter().position(|g| *g == id).map(|i| &self.others[i])
    }

    /// The same, to change.
    pub fn record_mut(&mut self, id: GameId) -> Option<&mut GameRecord> {
        OTHER_GAMES.iter().position(|g| *g == id).map(move |i| &mut self.others[i])
    }
}

/// What the save keeps of a game other than A Farewell to Kings. The game
/// in progress is kept as moves (their places in the list of legal moves),
/// checked by replaying them when it is resumed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's option code (its Options screen).
    pub options: u8,
    /// New deals come from the table of proven winnable deals.
    pub winnable: bool,
    /// The game in progress.
    pub game: Option<SavedGame>,
    /// Statistics rows (King Albert: by starting rank; the others use row 0).
    pub tallies: [Tally; OTHER_TALLIES],
}

/// A game in progress of a game other than A Farewell to Kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// Its deal number.
    pub seed: u32,
    /// Its option code.
    pub options: u8,
    /// Moves made.
    pub count: u16,
    /// Each move's place in the list of legal moves when it was played.
    pub moves: [u16; SAVED_MOVES],
}

impl GameRecord {
    /// Counts a finished game in statistics row `row`: won or lost, and
    /// the moves it took. Counters saturate rather than wrap.
    pub fn record_game(&mut self, row: usize, won: bool, moves: u16) {
        if let Some(t) = self.tallies.get_mut(row) {
            t.record(won, moves);
        }
    }
}

impl Tally {
    /// Counts a finished game; `n` is what the game counts as its record
    /// (fewest deals, fewest moves), kept for wins.
    pub fn record(&mut self, won: bool, n: u16) {
        self.played = self.played.saturating_add(1);
        if won {
            self.won = self.won.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
            self.fewest_deals = Some(self.fewest_deals.map_or(n, |f| f.min(n)));
        } else {
            self.streak = 0;
        }
    }
}

fn kings_code(k: KingStart) -> u8 {
    match k {
        KingStart::Centre => 0,
        KingStart::Corners => 1,
        KingStart::Random => 2,
        KingStart::Custom => 3,
    }
}

fn kings_from(code: u8) -> Option<KingStart> {
    [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom].get(usize::from(code)).copied()
}

fn bool_from(b: u8) -> Option<bool> {
    match b {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

/// Two bytes for a move: card index and cell index, or [`DEAL_CODE`].
/// `None` for undo (never in a line of play) or a cell off the 14x9 frame.
fn move_code(m: Move) -> Option<[u8; 2]> {
    match m {
        Move::Place(card, cell) if cell.in_frame() => Some([card.index(), cell.index() as u8]),
        Move::Deal => Some(DEAL_CODE),
        _ => None,
    }
}

fn move_from(code: [u8; 2]) -> Option<Move> {
    if code == DEAL_CODE {
        return Some(Move::Deal);
    }
    let card = Card::from_index(code[0])?;
    let cell = Cell::from_index(usize::from(code[1]));
    cell.in_frame().then_some(Move::Place(card, cell))
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

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], SaveError> {
        let (head, rest) = self.bytes.split_at_checked(N).ok_or(SaveError::Invalid(Invalid::Length))?;
        self.bytes = rest;
        let mut a = [0u8; N];
        a.copy_from_slice(head);
        Ok(a)
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

fn options_bytes(o: Options) -> [u8; 4] {
    [o.width, o.height, kings_code(o.kings), u8::from(o.easy)]
}

fn options_from(b: [u8; 4]) -> Option<Options> {
    let o = Options { width: b[0], height: b[1], kings: kings_from(b[2])?, easy: bool_from(b[3])? };
    o.grid_ok().then_some(o)
}

impl Save {
    /// Bytes [`Save::encode`] writes for this save.
    pub fn encoded_len(&self) -> usize {
        let game = self.game.as_ref().map_or(0, |g| GAME_FIXED_LEN + 2 * g.move_count());
        let others: usize = self.others.iter().map(|r| 3 + r.section_len()).sum();
        HEADER + SETTINGS_LEN + 1 + game + STATS_ENTRIES * TALLY_LEN + 2 + SOUND_LEN + others + CRC_LEN
    }

    /// Writes the record to the front of `out`; returns its length.
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        let len = self.encoded_len();
        if out.len() < len {
            return Err(BufferTooSmall { needed: len });
        }
        let mut w = Writer { out, at: 0 };
        w.put(&MAGIC);
        w.put(&VERSION.to_le_bytes());
        w.put(&((len - HEADER - CRC_LEN) as u16).to_le_bytes());
        let s = &self.settings;
        w.put(&options_bytes(s.options));
        w.put(&[u8::from(s.face == FaceStyle::FourColour), u8::from(s.highlight), u8::from(s.winnable)]);
        match &self.game {
            None => w.put(&[0]),
            Some(g) => {
                w.put(&[1]);
                w.put(&g.seed().to_le_bytes());
                w.put(&options_bytes(g.options()));
                w.put(&(g.move_count() as u16).to_le_bytes());
                for m in g.moves() {
                    // A game's own line of play holds no undo and only
                    // cells of its grid.
                    w.put(&move_code(m).unwrap_or(DEAL_CODE));
                }
            }
        }
        for t in &self.stats.tallies {
            put_tally(&mut w, t);
        }
        w.put(&[self.last_game as u8]);
        let v = self.sound;
        w.put(&[v.effects.min(MAX_VOLUME), v.music.min(MAX_VOLUME), u8::from(v.muted)]);
        w.put(&[OTHER_GAMES.len() as u8]);
        for (id, r) in OTHER_GAMES.iter().zip(&self.others) {
            w.put(&[*id as u8]);
            w.put(&(r.section_len() as u16).to_le_bytes());
            w.put(&[r.options, u8::from(r.winnable)]);
            match &r.game {
                None => w.put(&[0]),
                Some(g) => {
                    let count = usize::from(g.count).min(SAVED_MOVES);
                    w.put(&[1]);
                    w.put(&g.seed.to_le_bytes());
                    w.put(&[g.options]);
                    w.put(&(count as u16).to_le_bytes());
                    for m in &g.moves[..count] {
                        w.put(&m.to_le_bytes());
                    }
                }
            }
            w.put(&[OTHER_TALLIES as u8]);
            for t in &r.tallies {
                put_tally(&mut w, t);
            }
        }
        let crc = crc32(&w.out[..w.at]);
        w.put(&crc.to_le_bytes());
        Ok(w.at)
    }

    /// Decodes and validates a record at the front of `bytes` (anything
    /// after it is ignored). Checks, in order: magic, length, CRC, version,
    /// contents (replaying the game's moves).
    pub fn decode(bytes: &[u8]) -> Result<Save, SaveError> {
        Save::parse(&SaveRecord::new_checked(bytes)?)
    }

    /// Validates a record already wrapped in a view.
    pub fn parse<T: AsRef<[u8]>>(r: &SaveRecord<T>) -> Result<Save, SaveError> {
        if r.stored_crc() != r.computed_crc() {
            return Err(SaveError::BadCrc);
        }
        if !(1..=VERSION).contains(&r.version()) {
            return Err(SaveError::UnknownVersion(r.version()));
        }
        let mut rd = Reader { bytes: r.body() };
        let bad = SaveError::Invalid(Invalid::Settings);
        let options = options_from(rd.take()?).ok_or(bad)?;
        let face = match rd.u8()? {
            0 => FaceStyle::Standard,
            1 => FaceStyle::FourColour,
            _ => return Err(bad),
        };
        let highlight = bool_from(rd.u8()?).ok_or(bad)?;
        let winnable = if r.version() == 1 { false } else { bool_from(rd.u8()?).ok_or(bad)? };
        let settings = Settings { options, face, highlight, winnable };
        let game = match rd.u8()? {
            0 => None,
            1 => Some(read_game(&mut rd)?),
            _ => return Err(SaveError::Invalid(Invalid::Length)),
        };
        let mut stats = Stats::default();
        for (i, t) in stats.tallies.iter_mut().enumerate() {
            *t = read_tally(&mut rd, i)?;
        }
        let mut save = Save { settings, game, stats, ..Save::default() };
        if r.version() >= 3 {
            save.last_game = GameId::from_code(rd.u8()?).ok_or(bad)?;
            if r.version() >= 4 {
                let volume = |b: u8| (b <= MAX_VOLUME).then_some(b).ok_or(bad);
                let effects = volume(rd.u8()?)?;
                let music = volume(rd.u8()?)?;
                let muted = bool_from(rd.u8()?).ok_or(bad)?;
                save.sound = Volumes { effects, music, muted };
            }
            // Exactly the other games' sections, in order: a record with
            // anything else is not one this version wrote (a later game
            // would come with a new version, reported as such).
            if usize::from(rd.u8()?) != OTHER_GAMES.len() {
                return Err(SaveError::Invalid(Invalid::Length));
            }
            for (id, record) in OTHER_GAMES.iter().zip(save.others.iter_mut()) {
                if rd.u8()? != *id as u8 {
                    return Err(bad);
                }
                let len = usize::from(rd.u16()?);
                let (body, rest) = rd.bytes.split_at_checked(len).ok_or(SaveError::Invalid(Invalid::Length))?;
                rd.bytes = rest;
                *record = read_section(&mut Reader { bytes: body })?;
            }
        }
        if !rd.bytes.is_empty() {
            return Err(SaveError::Invalid(Invalid::Length));
        }
        Ok(save)
    }
}

fn put_tally(w: &mut Writer<'_>, t: &Tally) {
    w.put(&t.played.to_le_bytes());
    w.put(&t.won.to_le_bytes());
    w.put(&t.streak.to_le_bytes());
    w.put(&t.best_streak.to_le_bytes());
    w.put(&t.fewest_deals.unwrap_or(0xFFFF).to_le_bytes());
}

fn read_tally(rd: &mut Reader<'_>, i: usize) -> Result<Tally, SaveError> {
    let (played, won, streak, best_streak, fewest) = (rd.u32()?, rd.u32()?, rd.u16()?, rd.u16()?, rd.u16()?);
    let fewest_deals = (fewest != 0xFFFF).then_some(fewest);
    let t = Tally { played, won, streak, best_streak, fewest_deals };
    if !t.consistent() {
        return Err(SaveError::Invalid(Invalid::Stats(i.min(255) as u8)));
    }
    Ok(t)
}

impl GameRecord {
    /// Bytes of its section after the id and length.
    fn section_len(&self) -> usize {
        let game = self.game.as_ref().map_or(0, |g| SAVED_GAME_FIXED_LEN + 2 * usize::from(g.count).min(SAVED_MOVES));
        1 + 1 + 1 + game + 1 + OTHER_TALLIES * TALLY_LEN
    }
}

/// A section's body; the whole of it must be read.
fn read_section(rd: &mut Reader<'_>) -> Result<GameRecord, SaveError> {
    let bad = SaveError::Invalid(Invalid::Settings);
    let mut r = GameRecord { options: rd.u8()?, winnable: bool_from(rd.u8()?).ok_or(bad)?, ..GameRecord::default() };
    r.game = match rd.u8()? {
        0 => None,
        1 => {
            let (seed, options, count) = (rd.u32()?, rd.u8()?, rd.u16()?);
            if usize::from(count) > SAVED_MOVES {
                return Err(SaveError::Invalid(Invalid::TooManyMoves(count)));
            }
            let mut g = SavedGame { seed, options, count, moves: [0; SAVED_MOVES] };
            for m in &mut g.moves[..usize::from(count)] {
                *m = rd.u16()?;
            }
            Some(g)
        }
        _ => return Err(SaveError::Invalid(Invalid::Length)),
    };
    if usize::from(rd.u8()?) != OTHER_TALLIES {
        return Err(SaveError::Invalid(Invalid::Length));
    }
    for (i, slot) in r.tallies.iter_mut().enumerate() {
        *slot = read_tally(rd, i)?;
    }
    if !rd.bytes.is_empty() {
        return Err(SaveError::Invalid(Invalid::Length));
    }
    Ok(r)
}

fn read_game(rd: &mut Reader<'_>) -> Result<Game, SaveError> {
    let seed = rd.u32()?;
    let options = options_from(rd.take()?).ok_or(SaveError::Invalid(Invalid::Options))?;
    let count = rd.u16()?;
    if usize::from(count) > MAX_MOVES {
        return Err(SaveError::Invalid(Invalid::TooManyMoves(count)));
    }
    let mut g = Game::new(seed, options).ok_or(SaveError::Invalid(Invalid::Options))?;
    for i in 0..count {
        let m = move_from(rd.take()?).ok_or(SaveError::Invalid(Invalid::MoveCode(i)))?;
        g.apply(m).map_err(|e| SaveError::Invalid(Invalid::Illegal(i, e)))?;
    }
    Ok(g)
}
