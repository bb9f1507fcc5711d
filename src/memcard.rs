//! The PS1 memory card's file system, as bytes: reading a card's directory,
//! formatting, the file this game saves (title sector, icon, record) and the
//! order of sector writes that keeps a save safe from a pulled card.
//!
//! No hardware here: the SIO0 driver reads and writes 128-byte sectors
//! (the card's documentation calls them "frames"; here a frame is always a
//! video frame); this module says which ones and what goes in them.
//!
//! # The card
//!
//! 128 KiB = 16 blocks of 8 KiB = 1024 sectors of 128 bytes; sector `n` is
//! sector `n % 64` of block `n / 64`. Block 0 is the directory:
//!
//! - sector 0: `"MC"`, zeros, XOR checksum in byte 0x7F;
//! - sectors 1..=15: one entry per block 1..=15: allocation state (u32 LE:
//!   0x51 first block of a file, 0x52 middle, 0x53 last, 0xA0 free,
//!   0xA1..=0xA3 deleted), file size (u32 LE at 4), next block of the file
//!   minus one (u16 LE at 8, 0xFFFF for none), the ASCII file name at 0x0A
//!   (up to 20 bytes, NUL-terminated), XOR checksum of bytes 0..0x7F at 0x7F;
//! - sectors 16..=35: the broken-sector list (none: 0xFFFFFFFF), 63: a copy
//!   of sector 0.
//!
//! A file's first block starts with the title sector (`"SC"`, icon flag,
//! block count, Shift-JIS title, 16-colour palette), then the icon sectors,
//! then the data.
//!
//! # This game's file
//!
//! Name [`FILE_NAME`] = `BAAFTK-00001KINGS`: `BA` is the North American
//! region prefix, `AFTK-00001` is this project's own product code (shaped
//! like Sony's `SLUS-00000` codes but with a prefix no licensed game uses,
//! so it cannot clash with one), `KINGS` names the save. One block: title
//! sector, one icon sector (a static crown), the [`crate::save`] record from
//! sector 2.
//!
//! # Safe writing
//!
//! [`plan_write`] orders the writes: the file's sectors first, the directory
//! entry last (only for a new file). A card pulled out part way leaves:
//! - for a new file, the directory as it was (the block still free: no
//!   save, the old state);
//! - for an overwrite, a record whose CRC fails ([`SaveError::BadCrc`]):
//!   recognised as broken, never loaded wrong.
//!
//! Other files' blocks are never written: only a block that is ours or
//! free by a valid directory entry, and only that block's directory sector.

use crate::save::{BufferTooSmall, Save, SaveError, SaveView};
use core::fmt;

pub mod session;
pub mod wire;

/// Bytes on a card.
pub const CARD_SIZE: usize = 128 * 1024;
/// Bytes in a sector (what one read or write command moves).
pub const SECTOR: usize = 128;
/// Bytes in a block (the unit files are allocated in).
pub const BLOCK_SIZE: usize = 8 * 1024;
/// Sectors in a block.
pub const SECTORS_PER_BLOCK: usize = BLOCK_SIZE / SECTOR;
/// Blocks on a card, the directory included.
pub const BLOCKS: usize = 16;
/// Blocks that can hold files (1..=15).
pub const FILE_BLOCKS: usize = BLOCKS - 1;
/// This game's save file name (see the module documentation).
pub const FILE_NAME: &[u8] = b"BAAFTK-00001KINGS";

/// Allocation state: first (or only) block of a file.
pub const STATE_FIRST: u8 = 0x51;
/// Allocation state: a middle block of a file.
pub const STATE_MIDDLE: u8 = 0x52;
/// Allocation state: the last block of a file of two or more.
pub const STATE_LAST: u8 = 0x53;
/// Allocation state: free since formatting.
pub const STATE_FREE: u8 = 0xA0;
/// No next block.
const NO_NEXT: u16 = 0xFFFF;
/// Title sector icon flag: one sector, a static icon.
const ICON_STATIC: u8 = 0x11;

// ---------------------------------------------------------------- sectors

/// XOR of bytes 0..0x7F: what byte 0x7F of a directory sector must hold.
///
/// Four bytes at a time (the directory's 16 sectors are checked at every
/// parse: byte by byte takes over a millisecond on the PS1).
pub fn checksum(sector: &[u8; SECTOR]) -> u8 {
    let (words, rest) = sector[..SECTOR - 1].split_at((SECTOR - 1) / 4 * 4);
    let x = words.chunks_exact(4).fold(0u32, |x, w| x ^ u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
    let [a, b, c, d] = x.to_le_bytes();
    rest.iter().fold(a ^ b ^ c ^ d, |x, b| x ^ b)
}

fn with_checksum(mut sector: [u8; SECTOR]) -> [u8; SECTOR] {
    sector[SECTOR - 1] = checksum(&sector);
    sector
}

fn sector_at(bytes: &[u8], n: usize) -> Option<&[u8; SECTOR]> {
    bytes.get(n * SECTOR..(n + 1) * SECTOR)?.try_into().ok()
}

/// The card header sector (sector 0, and its copy in sector 63).
fn header_sector() -> [u8; SECTOR] {
    let mut f = [0u8; SECTOR];
    f[..2].copy_from_slice(b"MC");
    with_checksum(f)
}

/// A directory sector for block 1..=15.
fn entry_sector(state: u8, size: u32, next: u16, name: &[u8]) -> [u8; SECTOR] {
    let mut f = [0u8; SECTOR];
    f[0] = state;
    f[4..8].copy_from_slice(&size.to_le_bytes());
    f[8..10].copy_from_slice(&next.to_le_bytes());
    let n = name.len().min(20);
    f[0x0A..0x0A + n].copy_from_slice(&name[..n]);
    with_checksum(f)
}

// ---------------------------------------------------------------- errors

/// Why a card image cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardError {
    /// Fewer bytes than the directory needs, or a whole-card image that is
    /// not 128 KiB.
    WrongSize(usize),
    /// Sector 0 is not an `"MC"` header with a good checksum.
    Unformatted,
}

impl crate::out::Text for CardError {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match self {
            CardError::WrongSize(n) => put!(f, "a card image is ", CARD_SIZE, " bytes, this is ", n),
            CardError::Unformatted => f.put_str("the memory card is not formatted"),
        }
    }
}

/// Why this game's save could not be loaded from a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The card itself is unreadable or unformatted.
    Card(CardError),
    /// No file of this game on the card.
    NoSave,
    /// The file is there but no copy of its record loads.
    Save(SaveError),
    /// The file's newest copy was saved by a newer version of the game
    /// (this record format version): kept as it is.
    Newer(u16),
}

impl crate::out::Text for LoadError {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match self {
            LoadError::Card(e) => e.text(f),
            LoadError::NoSave => f.put_str("no save of A Farewell to Kings on the card"),
            LoadError::Save(e) => e.text(f),
            LoadError::Newer(v) => put!(f, "the save was made by a newer version of the game (save format ", v, ")"),
        }
    }
}

/// Why [`plan_write`] planned nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// No save of ours and no free block.
    CardFull,
    /// The save record does not fit in a slot ([`RECORD_MAX`]).
    TooLarge(BufferTooSmall),
    /// The directory contradicts itself (a file's chain runs into a free
    /// block or another file's first block): nothing is written.
    DamagedCard,
    /// Our file's newest copy was saved by a newer version: kept.
    NewerSave(u16),
    /// Our file holds no copy that loads: kept until the player agrees to
    /// replace it ([`Contents::Replace`]).
    DamagedSave,
    /// The file state given is not that of the file the directory lists:
    /// read the card again.
    Stale,
}

impl crate::out::Text for PlanError {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match self {
            PlanError::CardFull => f.put_str("the memory card is full (one free block needed)"),
            PlanError::TooLarge(e) => put!(f, "the save needs ", e.needed, " bytes, a slot holds ", RECORD_MAX),
            PlanError::DamagedCard => f.put_str("the memory card's directory is damaged"),
            PlanError::NewerSave(v) => {
                put!(f, "the save was made by a newer version of the game (save format ", v, ")")
            }
            PlanError::DamagedSave => f.put_str("the save on the memory card is damaged"),
            PlanError::Stale => f.put_str("the memory card changed since it was read"),
        }
    }
}

// ---------------------------------------------------------------- directory

/// A directory entry (sectors 1..=15 of block 0), as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirEntry {
    /// Allocation state byte.
    pub state: u8,
    /// File size field.
    pub size: u32,
    /// Next block minus one, or 0xFFFF.
    pub next: u16,
    name: [u8; 20],
    name_len: u8,
    /// The sector's checksum is right.
    pub checksum_ok: bool,
}

impl DirEntry {
    /// What an all-zero sector reads as (never used: every sector is read).
    const EMPTY: DirEntry = DirEntry { state: 0, size: 0, next: 0, name: [0; 20], name_len: 0, checksum_ok: true };

    fn read(f: &[u8; SECTOR]) -> DirEntry {
        let mut name = [0u8; 20];
        name.copy_from_slice(&f[0x0A..0x1E]);
        let name_len = name.iter().position(|&b| b == 0).unwrap_or(20) as u8;
        DirEntry {
            state: f[0],
            size: u32::from_le_bytes([f[4], f[5], f[6], f[7]]),
            next: u16::from_le_bytes([f[8], f[9]]),
            name,
            name_len,
            checksum_ok: checksum(f) == f[SECTOR - 1],
        }
    }

    /// The file name bytes (up to the NUL).
    pub fn name(&self) -> &[u8] {
        &self.name[..usize::from(self.name_len)]
    }

    /// Free for a new file: a good checksum and a free or deleted state.
    /// An entry with a bad checksum is neither free nor listed: it is left
    /// alone.
    pub fn is_free(&self) -> bool {
        self.checksum_ok && (STATE_FREE..=0xA3).contains(&self.state)
    }
}

/// A file found in the directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileInfo {
    /// Its first block, 1..=15.
    pub first_block: u8,
    /// Blocks found by following its chain.
    pub blocks: u8,
    /// The size field of its first entry.
    pub size: u32,
    /// The chain ends properly (a last block, no loop, no bad entry).
    pub chain_ok: bool,
    entry: DirEntry,
}

impl FileInfo {
    /// The file name bytes.
    pub fn name(&self) -> &[u8] {
        self.entry.name()
    }
}

/// The directory of a formatted card: validated form of block 0's first 16
/// sectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Directory {
    entries: [DirEntry; FILE_BLOCKS],
}

impl Directory {
    /// Reads the directory from the start of a card image, or from block 0's
    /// first 16 sectors as the driver read them.
    pub fn parse(bytes: &[u8]) -> Result<Directory, CardError> {
        let header = sector_at(bytes, 0).ok_or(CardError::WrongSize(bytes.len()))?;
        if sector_at(bytes, FILE_BLOCKS).is_none() {
            return Err(CardError::WrongSize(bytes.len()));
        }
        if &header[..2] != b"MC" || checksum(header) != header[SECTOR - 1] {
            return Err(CardError::Unformatted);
        }
        // Every sector is there (sector FILE_BLOCKS was checked above).
        let entries = core::array::from_fn(|i| sector_at(bytes, i + 1).map_or(DirEntry::EMPTY, DirEntry::read));
        Ok(Directory { entries })
    }

    /// The entry of block `block` (1..=15).
    pub fn entry(&self, block: u8) -> Option<&DirEntry> {
        self.entries.get(usize::from(block).checked_sub(1)?)
    }

    /// The files, in order of their first block.
    pub fn files(&self) -> impl Iterator<Item = FileInfo> + '_ {
        (1..=FILE_BLOCKS as u8).filter_map(|b| self.file_at(b))
    }

    fn file_at(&self, first: u8) -> Option<FileInfo> {
        let e = *self.entry(first)?;
        if !e.checksum_ok || e.state != STATE_FIRST {
            return None;
        }
        let mut blocks = 1u8;
        let mut next = e.next;
        let mut chain_ok = true;
        while next != NO_NEXT {
            // 15 blocks at most: a longer chain loops.
            let n = self.entries.get(usize::from(next)).filter(|n| n.checksum_ok);
            match n {
                Some(n) if blocks < FILE_BLOCKS as u8 && (n.state == STATE_MIDDLE || n.state == STATE_LAST) => {
                    blocks += 1;
                    if n.state == STATE_LAST {
                        break;
                    }
                    next = n.next;
                }
                _ => {
                    chain_ok = false;
                    break;
                }
            }
        }
        Some(FileInfo { first_block: first, blocks, size: e.size, chain_ok, entry: e })
    }

    /// The file with this name.
    pub fn find(&self, name: &[u8]) -> Option<FileInfo> {
        self.files().find(|f| f.name() == name)
    }

    /// True when the directory contradicts itself in a way that could make
    /// a write land in another file: a file's chain of blocks runs into an
    /// entry marked free (or deleted), or into another file's first block.
    /// (Chains that end at an entry with a bad checksum, leave the card or
    /// loop are broken but claim no block we could write.)
    pub fn damaged(&self) -> bool {
        (1..=FILE_BLOCKS as u8).any(|first| {
            let Some(e) = self.entry(first).filter(|e| e.checksum_ok && e.state == STATE_FIRST) else {
                return false;
            };
            let mut next = e.next;
            // A chain visits at most 15 entries; more means a loop.
            for _ in 0..FILE_BLOCKS {
                if next == NO_NEXT {
                    return false;
                }
                let Some(n) = self.entries.get(usize::from(next)).filter(|n| n.checksum_ok) else {
                    return false;
                };
                if n.is_free() || n.state == STATE_FIRST {
                    return true;
                }
                if n.state != STATE_MIDDLE {
                    return false;
                }
                next = n.next;
            }
            false
        })
    }

    /// Blocks free for a new file.
    pub fn free_blocks(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=FILE_BLOCKS as u8).filter(|&b| self.entry(b).is_some_and(DirEntry::is_free))
    }
}

/// Sector `f` (0..64) of block 0 on a freshly formatted card: the header,
/// 15 free entries, an empty broken-sector list, zeros, the header copy in
/// sector 63.
pub fn format_sector(f: usize) -> [u8; SECTOR] {
    match f {
        0 | 63 => header_sector(),
        1..=15 => entry_sector(STATE_FREE, 0, NO_NEXT, b""),
        16..=35 => {
            let mut fr = [0u8; SECTOR];
            fr[..4].copy_from_slice(&[0xFF; 4]);
            fr[8..10].copy_from_slice(&[0xFF; 2]);
            with_checksum(fr)
        }
        _ => [0; SECTOR],
    }
}

/// Sets up an empty, formatted card: block 0 as [`format_sector`] makes
/// it; every other byte 0.
pub fn format_card(card: &mut [u8; CARD_SIZE]) {
    card.fill(0);
    for f in 0..SECTORS_PER_BLOCK {
        card[f * SECTOR..(f + 1) * SECTOR].copy_from_slice(&format_sector(f));
    }
}

// ---------------------------------------------------------------- title, icon

/// The Shift-JIS full-width form of a printable ASCII character, as the
/// BIOS's card manager expects titles. Other characters become `？`.
pub fn full_width(c: u8) -> [u8; 2] {
    let code: u16 = match c {
        b' ' => 0x8140,
        b'0'..=b'9' => 0x824F + u16::from(c - b'0'),
        b'A'..=b'Z' => 0x8260 + u16::from(c - b'A'),
        b'a'..=b'z' => 0x8281 + u16::from(c - b'a'),
        _ => PUNCTUATION.iter().find(|&&(a, _)| a == c).map_or(0x8148, |&(_, s)| s),
    };
    code.to_be_bytes()
}

/// ASCII punctuation and its full-width Shift-JIS code.
const PUNCTUATION: [(u8, u16); 32] = [
    (b'!', 0x8149),
    (b'"', 0x8168),
    (b'#', 0x8194),
    (b'$', 0x8190),
    (b'%', 0x8193),
    (b'&', 0x8195),
    (b'\'', 0x8166),
    (b'(', 0x8169),
    (b')', 0x816A),
    (b'*', 0x8196),
    (b'+', 0x817B),
    (b',', 0x8143),
    (b'-', 0x817C),
    (b'.', 0x8144),
    (b'/', 0x815E),
    (b':', 0x8146),
    (b';', 0x8147),
    (b'<', 0x8183),
    (b'=', 0x8181),
    (b'>', 0x8184),
    (b'?', 0x8148),
    (b'@', 0x8197),
    (b'[', 0x816D),
    (b'\\', 0x815F),
    (b']', 0x816E),
    (b'^', 0x814F),
    (b'_', 0x8151),
    (b'`', 0x814D),
    (b'{', 0x816F),
    (b'|', 0x8162),
    (b'}', 0x8170),
    (b'~', 0x8160),
];

/// The ASCII character of a full-width Shift-JIS code, if it has one.
fn ascii_of(code: u16) -> Option<u8> {
    match code {
        0x8140 => Some(b' '),
        0x824F..=0x8258 => Some(b'0' + (code - 0x824F) as u8),
        0x8260..=0x8279 => Some(b'A' + (code - 0x8260) as u8),
        0x8281..=0x829A => Some(b'a' + (code - 0x8281) as u8),
        _ => PUNCTUATION.iter().find(|&&(_, s)| s == code).map(|&(a, _)| a),
    }
}

/// Writes a title sector's Shift-JIS title (64 bytes at 4, NUL-terminated)
/// as ASCII: full-width letters, digits and punctuation become their ASCII
/// forms, plain ASCII stays, anything else (kanji, kana) becomes `?`.
pub fn write_title(title_sector: &[u8; SECTOR], out: &mut dyn crate::out::Out) -> fmt::Result {
    let t = &title_sector[4..0x44];
    let mut i = 0;
    while i < t.len() && t[i] != 0 {
        let b = t[i];
        // Shift-JIS lead bytes: 0x81..=0x9F and 0xE0..=0xFC.
        if (0x81..=0x9F).contains(&b) || (0xE0..=0xFC).contains(&b) {
            let code = u16::from_be_bytes([b, t.get(i + 1).copied().unwrap_or(0)]);
            put!(out, ascii_of(code).map_or('?', char::from))?;
            i += 2;
        } else {
            put!(out, if (0x20..0x7F).contains(&b) { char::from(b) } else { '?' })?;
            i += 1;
        }
    }
    Ok(())
}

/// The icon's palette: felt green, gold, dark gold, ruby, sapphire, white.
/// Drawn in `gfx/ui/memcard.pxt` and converted by the sprite packer at build time.
pub const ICON_PALETTE: [u16; 16] = crate::atlas::MEMCARD_ICON_CLUT;

/// The icon sector: 16x16 pixels at 4 bits, two per byte, left pixel in the
/// low nibble (from `gfx/ui/memcard.pxt`, packed at build time).
pub const ICON: [u8; SECTOR] = crate::atlas::MEMCARD_ICON_BITMAP;

/// Characters a title holds (64 bytes of full-width Shift-JIS).
pub const TITLE_CHARS: usize = 32;

/// The title sector: `"SC"`, a static icon, 1 block, the title in
/// full-width Shift-JIS, the icon's palette. The title names `game` and,
/// while it has one in progress, its deal: "King Albert #123". A name too
/// long to hold the deal as well loses its part before ": " ("The Edge:
/// King's Corners" becomes "King's Corners #1234567"); a short name too
/// long for it keeps the whole name and drops the deal; a name longer than
/// a title is cut.
pub fn title_sector(game: &str, deal: Option<u32>) -> [u8; SECTOR] {
    let mut f = [0u8; SECTOR];
    f[..2].copy_from_slice(b"SC");
    f[2] = ICON_STATIC;
    f[3] = 1;
    let short = game.rsplit(": ").next().unwrap_or(game);
    let mut title = heapless::String::<64>::new();
    let written = [(game, deal), (short, deal), (game, None)].into_iter().any(|(name, deal)| {
        title.clear();
        let ok = title.push_str(name).is_ok() && deal.is_none_or(|n| put!(title, " #", n).is_ok());
        ok && title.chars().count() <= TITLE_CHARS
    });
    if !written {
        title.clear();
        for c in game.chars().take(TITLE_CHARS) {
            let _ = title.push(c);
        }
    }
    for (i, c) in title.chars().take(TITLE_CHARS).enumerate() {
        f[4 + 2 * i..6 + 2 * i].copy_from_slice(&full_width(u8::try_from(c).unwrap_or(b'?')));
    }
    for (i, c) in ICON_PALETTE.iter().enumerate() {
        f[0x60 + 2 * i..0x62 + 2 * i].copy_from_slice(&c.to_le_bytes());
    }
    f
}

/// The title sector of a save: the last game played, with the deal of its
/// game in progress.
pub fn save_title(save: &SaveView<'_>) -> [u8; SECTOR] {
    let game = save.last_game;
    title_sector(game.name(), save.games[game.index()].map(|g| g.seed))
}

// ---------------------------------------------------------------- our file: two copies

/// Sector of our file where copy A starts (and where format v1 and v2 kept
/// their single record).
pub const DATA_SECTOR: usize = 2;
/// Sectors of each copy of the record: half the data area (sectors 2..=63).
pub const SLOT_SECTORS: usize = (SECTORS_PER_BLOCK - DATA_SECTOR) / 2;
/// Bytes of each copy's slot: 3,968.
pub const SLOT_SIZE: usize = SLOT_SECTORS * SECTOR;
/// Bytes of a slot that are not the record: the 12-byte header (magic,
/// slot, length, generation) and the CRC after the record.
pub const SLOT_OVERHEAD: usize = SLOT_HEAD + 4;
/// The longest record the card keeps: 3,952 bytes. The encoder of
/// [`crate::save`] must never produce more (`tests/memcard.rs` checks the
/// longest record it can make against this).
pub const RECORD_MAX: usize = SLOT_SIZE - SLOT_OVERHEAD;
/// Bytes of a slot's header.
const SLOT_HEAD: usize = 12;

// The save encoder's longest record fits a slot: checked when building.
const _: () = assert!(crate::save::MAX_ENCODED <= RECORD_MAX, "save::MAX_ENCODED outgrew memcard::RECORD_MAX");
/// The first bytes of a slot that holds a copy (format v1/v2 records start
/// with `"AFTK"` instead).
pub const SLOT_MAGIC: [u8; 4] = *b"AFTS";

/// One of the two places in our file for a copy of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Sectors 2..=32.
    A,
    /// Sectors 33..=63.
    B,
}

impl Slot {
    /// The slot's first sector in the block: its header sector.
    pub const fn first_sector(self) -> usize {
        match self {
            Slot::A => DATA_SECTOR,
            Slot::B => DATA_SECTOR + SLOT_SECTORS,
        }
    }

    /// The other slot.
    pub const fn other(self) -> Slot {
        match self {
            Slot::A => Slot::B,
            Slot::B => Slot::A,
        }
    }

    const fn code(self) -> u8 {
        match self {
            Slot::A => 0,
            Slot::B => 1,
        }
    }
}

/// True when generation `a` is newer than `b` (serial number arithmetic:
/// the counter may wrap).
pub fn newer(a: u32, b: u32) -> bool {
    (a.wrapping_sub(b) as i32) > 0
}

/// A copy of the record that checks out: a good slot header and CRC, or a
/// whole format v1/v2 record (magic, length and CRC right) in slot A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredCopy {
    /// Where it is.
    pub slot: Slot,
    /// Its generation (0 for a v1/v2 record).
    pub generation: u32,
    /// A v1/v2 record written before the two copies.
    pub legacy: bool,
    /// Its CRC-32 as stored (the slot's, or the v1/v2 record's own).
    pub crc: u32,
    /// Its record: offset in the block and length.
    at: u16,
    len: u16,
}

impl StoredCopy {
    /// The record bytes of this copy in `block` (the v1/v2 record whole,
    /// from its magic to its CRC).
    pub fn record<'a>(&self, block: &'a [u8]) -> &'a [u8] {
        let at = usize::from(self.at);
        block.get(at..at + usize::from(self.len)).unwrap_or(&[])
    }
}

/// The copy in `slot` of our file's block, if it checks out. `block` is
/// the whole block, or as much as was read (missing bytes fail the check).
pub fn copy_in(block: &[u8], slot: Slot) -> Option<StoredCopy> {
    let base = slot.first_sector() * SECTOR;
    let area = block.get(base..(base + SLOT_SIZE).min(block.len()))?;
    let head = area.get(..SLOT_HEAD)?;
    if head[..4] == SLOT_MAGIC {
        let len = usize::from(u16::from_le_bytes([head[6], head[7]]));
        if head[4] != slot.code() || head[5] != 0 || len > RECORD_MAX {
            return None;
        }
        let end = SLOT_HEAD + len;
        let stored = area.get(end..end + 4)?;
        let crc = crate::save::crc32(&area[..end]);
        if crc.to_le_bytes() != stored {
            return None;
        }
        let generation = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
        let at = (base + SLOT_HEAD) as u16;
        return Some(StoredCopy { slot, generation, legacy: false, crc, at, len: len as u16 });
    }
    if slot == Slot::A && head[..4] == crate::save::MAGIC {
        // Format v1/v2: magic, version, body length, body, CRC-32 of all
        // before it. (v2's longest record is under 1 KiB: well inside A.)
        let total = 8 + usize::from(u16::from_le_bytes([head[6], head[7]])) + 4;
        let rec = area.get(..total)?;
        let (body, stored) = rec.split_at(total - 4);
        let crc = crate::save::crc32(body);
        if crc.to_le_bytes() != stored {
            return None;
        }
        return Some(StoredCopy { slot, generation: 0, legacy: true, crc, at: base as u16, len: total as u16 });
    }
    None
}

/// The copies in our file that check out, newest first.
pub fn copies(block: &[u8]) -> [Option<StoredCopy>; 2] {
    newest_first(copy_in(block, Slot::A), copy_in(block, Slot::B))
}

/// Copies `a` (slot A's) and `b` (slot B's), newest first.
pub fn newest_first(a: Option<StoredCopy>, b: Option<StoredCopy>) -> [Option<StoredCopy>; 2] {
    match (a, b) {
        (Some(a), Some(b)) if newer(b.generation, a.generation) => [Some(b), Some(a)],
        (Some(a), b) => [Some(a), b],
        (None, b) => [b, None],
    }
}

/// What our file on the card holds, as far as the next save is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contents {
    /// The copy that loaded (the newest that checks out and decodes): the
    /// next save goes to the other slot.
    Good {
        /// Where it is.
        slot: Slot,
        /// Its generation.
        generation: u32,
    },
    /// The newest copy was written by a newer version of the game (its
    /// record's format version): kept, never written over.
    Newer(u16),
    /// No copy checks out and decodes: nothing is written until the player
    /// agrees to replace it (then [`Contents::Replace`]).
    Damaged,
    /// The player agreed to replace a damaged file: the next save writes a
    /// fresh one in its block.
    Replace,
}

/// Our file as last read or written: its block, what it holds and its
/// title sector (rewritten only when it changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileState {
    /// Its block, 1..=15.
    pub block: u8,
    /// What it holds.
    pub contents: Contents,
    /// Its title sector as on the card.
    pub title: [u8; SECTOR],
    /// The stored CRC-32 of the copy that loaded (0 when none did): with
    /// the generation, what tells this save from another card's.
    pub crc: u32,
}

/// Looks at our file's block (or as much as [`FileReader`] read of it):
/// takes the newest copy that checks out and that `decode` accepts. A copy
/// whose record is of a newer format version ([`SaveError::UnknownVersion`]
/// above [`crate::save::VERSION`]) stops the search: the file is kept for
/// that version ([`LoadError::Newer`]).
pub fn load_file<T>(
    block: &[u8],
    block_number: u8,
    decode: impl Fn(&[u8]) -> Result<T, SaveError>,
) -> (FileState, Result<T, LoadError>) {
    load_copies(block, block_number, copies(block), |_, r| decode(r))
}

/// [`load_file`] with the copies already found ([`copies`], newest first);
/// `decode` is also told which copy it decodes.
pub fn load_copies<T>(
    block: &[u8],
    block_number: u8,
    copies: [Option<StoredCopy>; 2],
    mut decode: impl FnMut(&StoredCopy, &[u8]) -> Result<T, SaveError>,
) -> (FileState, Result<T, LoadError>) {
    let mut title = [0u8; SECTOR];
    if let Some(t) = sector_at(block, 0) {
        title = *t;
    }
    let mut state = FileState { block: block_number, contents: Contents::Damaged, title, crc: 0 };
    let mut first_error = None;
    for c in copies.into_iter().flatten() {
        match decode(&c, c.record(block)) {
            Ok(v) => {
                state.contents = Contents::Good { slot: c.slot, generation: c.generation };
                state.crc = c.crc;
                return (state, Ok(v));
            }
            Err(SaveError::UnknownVersion(v)) if v > crate::save::VERSION => {
                state.contents = Contents::Newer(v);
                state.crc = c.crc;
                return (state, Err(LoadError::Newer(v)));
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let seen = |s: Slot| block.get(s.first_sector() * SECTOR..s.first_sector() * SECTOR + 4);
    let error = first_error.unwrap_or(
        if seen(Slot::A) == Some(&SLOT_MAGIC[..])
            || seen(Slot::A) == Some(&crate::save::MAGIC[..])
            || seen(Slot::B) == Some(&SLOT_MAGIC[..])
        {
            SaveError::BadCrc
        } else {
            SaveError::BadMagic
        },
    );
    (state, Err(LoadError::Save(error)))
}

/// Reads our file's block a sector at a time, only the sectors it needs: the
/// title sector, both slot headers, then the sectors of each copy its header
/// announces. For a driver that reads one sector per video frame.
#[derive(Clone, Debug)]
pub struct FileReader {
    block: [u8; BLOCK_SIZE],
    have: u64,
}

impl Default for FileReader {
    fn default() -> Self {
        Self::new()
    }
}

impl FileReader {
    /// Nothing read yet.
    pub const fn new() -> Self {
        FileReader { block: [0; BLOCK_SIZE], have: 0 }
    }

    /// The next sector of the block to read (0..64), or `None` when
    /// everything needed is in.
    pub fn next(&self) -> Option<usize> {
        let missing = |f: usize| (self.have & (1 << f) == 0).then_some(f);
        for f in [0, Slot::A.first_sector(), Slot::B.first_sector()] {
            if let Some(f) = missing(f) {
                return Some(f);
            }
        }
        for slot in [Slot::A, Slot::B] {
            let base = slot.first_sector() * SECTOR;
            let head = &self.block[base..base + SLOT_HEAD];
            let len = u16::from_le_bytes([head[6], head[7]]) as usize;
            let bytes = if head[..4] == SLOT_MAGIC {
                SLOT_HEAD + len + 4
            } else if slot == Slot::A && head[..4] == crate::save::MAGIC {
                8 + len + 4
            } else {
                0
            };
            let frames = bytes.min(SLOT_SIZE).div_ceil(SECTOR);
            let first = slot.first_sector();
            if let Some(f) = (first..first + frames).find_map(missing) {
                return Some(f);
            }
        }
        None
    }

    /// Stores sector `f` (0..64) of the block as read.
    pub fn put(&mut self, f: usize, data: &[u8; SECTOR]) {
        if f < SECTORS_PER_BLOCK {
            self.block[f * SECTOR..(f + 1) * SECTOR].copy_from_slice(data);
            self.have |= 1 << f;
        }
    }

    /// The block as read so far (sectors not read are zero).
    pub fn block(&self) -> &[u8; BLOCK_SIZE] {
        &self.block
    }
}

/// A whole 128 KiB card image, bounds-checked.
#[derive(Clone, Copy, Debug)]
pub struct CardImage<'a> {
    bytes: &'a [u8],
}

impl<'a> CardImage<'a> {
    /// Checks the size (exactly [`CARD_SIZE`]: a raw `.mcd` image).
    pub fn new_checked(bytes: &'a [u8]) -> Result<Self, CardError> {
        if bytes.len() == CARD_SIZE {
            Ok(CardImage { bytes })
        } else {
            Err(CardError::WrongSize(bytes.len()))
        }
    }

    /// The directory.
    pub fn directory(&self) -> Result<Directory, CardError> {
        Directory::parse(self.bytes)
    }

    /// Block 1..=15 (block 0 is the directory).
    pub fn block(&self, b: u8) -> Option<&'a [u8]> {
        let b = usize::from(b);
        (1..BLOCKS).contains(&b).then(|| &self.bytes[b * BLOCK_SIZE..(b + 1) * BLOCK_SIZE])
    }

    /// A file's title sector.
    pub fn title_sector(&self, f: &FileInfo) -> Option<&'a [u8; SECTOR]> {
        sector_at(self.block(f.first_block)?, 0)
    }

    /// This game's save, and the state of its file (when there is one).
    pub fn load(&self) -> (Option<FileState>, Result<Save, LoadError>) {
        let dir = match self.directory() {
            Ok(d) => d,
            Err(e) => return (None, Err(LoadError::Card(e))),
        };
        let Some(f) = dir.find(FILE_NAME) else {
            return (None, Err(LoadError::NoSave));
        };
        let (state, result) = load_file(self.block(f.first_block).unwrap_or(&[]), f.first_block, Save::decode);
        (Some(state), result)
    }

    /// This game's save.
    pub fn load_save(&self) -> Result<Save, LoadError> {
        self.load().1
    }
}

// ---------------------------------------------------------------- writing

/// Marks the directory sector in [`WritePlan`]'s order.
const DIR_WRITE: u8 = 0xFF;

/// The sector writes that store a save, in the order to make them. Holds
/// the file block image (8 KiB): keep it in static or heap-free state, not
/// on a small stack.
#[derive(Clone, Debug)]
pub struct WritePlan {
    file: [u8; BLOCK_SIZE],
    block: u8,
    /// Sectors of the block in write order; [`DIR_WRITE`] for the
    /// directory sector.
    order: [u8; SECTORS_PER_BLOCK + 1],
    len: u8,
    dir: [u8; SECTOR],
    after: Option<FileState>,
    /// The copy's bytes the CRC covers (start, end in `file`) while the
    /// plan waits for [`WritePlan::seal`]; `None` once sealed.
    unsealed: Option<(u16, u16)>,
}

impl Default for WritePlan {
    fn default() -> Self {
        Self::new()
    }
}

impl WritePlan {
    /// An empty plan (no writes).
    pub const fn new() -> Self {
        WritePlan {
            file: [0; BLOCK_SIZE],
            block: 0,
            order: [0; SECTORS_PER_BLOCK + 1],
            len: 0,
            dir: [0; SECTOR],
            after: None,
            unsealed: None,
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.after = None;
        self.unsealed = None;
    }

    /// Stores the copy's CRC: the last part of making a plan, kept apart
    /// so that a driver can do it in a step of its own (a CRC over a
    /// nearly full slot takes about 5 ms on the PS1). Until then the plan
    /// has no writes and no [`WritePlan::after`].
    pub fn seal(&mut self) {
        let Some((base, end)) = self.unsealed.take() else { return };
        let (base, end) = (usize::from(base), usize::from(end));
        let crc = crate::save::crc32(&self.file[base..end]);
        self.file[end..end + 4].copy_from_slice(&crc.to_le_bytes());
        if let Some(a) = &mut self.after {
            a.crc = crc;
        }
    }

    fn push(&mut self, sector: u8) {
        if let Some(slot) = self.order.get_mut(usize::from(self.len)) {
            *slot = sector;
            self.len += 1;
        }
    }

    /// Number of sector writes (none until sealed).
    pub fn len(&self) -> usize {
        if self.unsealed.is_some() {
            0
        } else {
            usize::from(self.len)
        }
    }

    /// True when there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The block the file goes to (1..=15).
    pub fn block(&self) -> u8 {
        self.block
    }

    /// Our file once every write is made (`None` until sealed).
    pub fn after(&self) -> Option<FileState> {
        self.after.filter(|_| self.unsealed.is_none())
    }

    /// Write number `i`: the sector (0..1024) and its 128 bytes.
    pub fn get(&self, i: usize) -> Option<(u16, &[u8; SECTOR])> {
        if i >= self.len() {
            return None;
        }
        match self.order[i] {
            DIR_WRITE => Some((u16::from(self.block), &self.dir)),
            f => {
                let f = usize::from(f);
                let sector = usize::from(self.block) * SECTORS_PER_BLOCK + f;
                Some((sector as u16, sector_at(&self.file, f)?))
            }
        }
    }

    /// All writes, in order.
    pub fn iter(&self) -> impl Iterator<Item = (u16, &[u8; SECTOR])> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// Makes the first `count` writes on a card image (what a driver pulled
    /// out after `count` sectors leaves; the host tool and tests use it).
    pub fn apply(&self, card: &mut [u8; CARD_SIZE], count: usize) {
        for (sector, data) in self.iter().take(count) {
            let at = usize::from(sector) * SECTOR;
            card[at..at + SECTOR].copy_from_slice(data);
        }
    }
}

/// Plans the writes that store `record` (opaque bytes, at most
/// [`RECORD_MAX`]) with title sector `title`, on a card with directory `dir`
/// where our file, if the directory lists one, is `file` as last read.
///
/// - Our file with a good copy: the record goes to the other slot with the
///   next generation: its data sectors, then the title sector if it changed,
///   then its header sector last. Until that last write the good copy is
///   the newest that checks out; after it, the new one is.
/// - No file of ours: a new one in the first free block: slot B's header
///   cleared (a free block may hold anything), the icon, copy A (data,
///   title, header), and the directory entry last.
/// - [`Contents::Replace`]: as for a new file, in the file's own block, the
///   directory untouched.
///
/// Refused: a directory whose chains run into free or first blocks
/// ([`PlanError::DamagedCard`]), our file kept for a newer version or
/// damaged, a `file` that is not the one the directory lists
/// ([`PlanError::Stale`]). Only our block and, for a new file, its
/// directory sector are ever written.
pub fn plan_record(
    dir: &Directory,
    file: Option<&FileState>,
    title: &[u8; SECTOR],
    record: &[u8],
    plan: &mut WritePlan,
) -> Result<(), PlanError> {
    plan_with(dir, file, title, plan, |out| {
        let dst = out.get_mut(..record.len()).ok_or(PlanError::TooLarge(BufferTooSmall { needed: record.len() }))?;
        dst.copy_from_slice(record);
        Ok(record.len())
    })?;
    plan.seal();
    Ok(())
}

/// [`plan_record`] for a [`Save`]: its record and its title
/// ([`save_title`]: "King Albert #deal").
pub fn plan_save(
    dir: &Directory,
    file: Option<&FileState>,
    save: &Save,
    plan: &mut WritePlan,
) -> Result<(), PlanError> {
    plan_save_unsealed(dir, file, &save.view(), plan)?;
    plan.seal();
    Ok(())
}

/// [`plan_save`] but for the CRC: the plan is complete once
/// [`WritePlan::seal`] is called (a driver's next step).
pub fn plan_save_unsealed(
    dir: &Directory,
    file: Option<&FileState>,
    save: &SaveView<'_>,
    plan: &mut WritePlan,
) -> Result<(), PlanError> {
    let title = save_title(save);
    plan_with(dir, file, &title, plan, |out| save.encode(out).map_err(PlanError::TooLarge))
}

fn plan_with(
    dir: &Directory,
    file: Option<&FileState>,
    title: &[u8; SECTOR],
    plan: &mut WritePlan,
    fill: impl FnOnce(&mut [u8]) -> Result<usize, PlanError>,
) -> Result<(), PlanError> {
    // An error leaves an empty plan, never a half-made one.
    plan.clear();
    if dir.damaged() {
        return Err(PlanError::DamagedCard);
    }
    let (block, new_file, target, generation, fresh, old_title) = match dir.find(FILE_NAME) {
        Some(f) => {
            let st = file.filter(|s| s.block == f.first_block).ok_or(PlanError::Stale)?;
            match st.contents {
                Contents::Good { slot, generation } => {
                    (f.first_block, false, slot.other(), generation.wrapping_add(1), false, Some(st.title))
                }
                Contents::Newer(v) => return Err(PlanError::NewerSave(v)),
                Contents::Damaged => return Err(PlanError::DamagedSave),
                Contents::Replace => (f.first_block, false, Slot::A, 1, true, None),
            }
        }
        None => (dir.free_blocks().next().ok_or(PlanError::CardFull)?, true, Slot::A, 1, true, None),
    };
    // Only the bytes that may be written need clearing: the other slot's
    // header sector, and in the target slot what the record leaves of its
    // sectors (not the whole 4 KB slot: a fill of it takes the PS1 0.4 ms).
    let base = target.first_sector() * SECTOR;
    let other = target.other().first_sector() * SECTOR;
    plan.file[other..other + SECTOR].fill(0);
    let len = fill(&mut plan.file[base + SLOT_HEAD..base + SLOT_HEAD + RECORD_MAX])?;
    if len > RECORD_MAX {
        return Err(PlanError::TooLarge(BufferTooSmall { needed: len }));
    }
    let written = (SLOT_HEAD + len + 4).div_ceil(SECTOR) * SECTOR;
    plan.file[base + SLOT_HEAD + len..base + written].fill(0);
    let head = &mut plan.file[base..base + SLOT_HEAD];
    head.fill(0);
    head[..4].copy_from_slice(&SLOT_MAGIC);
    head[4] = target.code();
    head[6..8].copy_from_slice(&(len as u16).to_le_bytes());
    head[8..12].copy_from_slice(&generation.to_le_bytes());
    let end = base + SLOT_HEAD + len;
    plan.unsealed = Some((base as u16, end as u16));
    plan.file[..SECTOR].copy_from_slice(title);
    plan.file[SECTOR..2 * SECTOR].copy_from_slice(&ICON);

    plan.block = block;
    let first = target.first_sector();
    let frames = (SLOT_HEAD + len + 4).div_ceil(SECTOR);
    if fresh {
        // The other slot's header, zeroed (its sector in `file` is zero): an
        // old copy left there must not outrank the new one.
        plan.push(target.other().first_sector() as u8);
        plan.push(1);
    }
    for f in first + 1..first + frames {
        plan.push(f as u8);
    }
    if old_title != Some(*title) {
        plan.push(0);
    }
    plan.push(first as u8);
    if new_file {
        plan.dir = entry_sector(STATE_FIRST, BLOCK_SIZE as u32, NO_NEXT, FILE_NAME);
        plan.push(DIR_WRITE);
    }
    plan.after =
        Some(FileState { block, contents: Contents::Good { slot: target, generation }, title: *title, crc: 0 });
    Ok(())
}

crate::display_via_text!(CardError, LoadError, PlanError);
