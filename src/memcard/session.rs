//! The memory card over a session, one sector per step: reading the card,
//! noticing a card swap, saving, formatting and replacing a damaged save.
//! No hardware here: a [`Port`] moves sectors (the PS1's SIO0 driver, or a
//! model of a card in the host tests), and the console calls
//! [`Session::step`] once a video frame.
//!
//! # Card swaps
//!
//! A card answers every command with a FLAG byte whose bit 3 says "new":
//! set when the card is inserted (or powered up), cleared by the card's
//! next completed write. The session never trusts what it read of a card
//! whose flag may have been set since:
//!
//! - before the first write to a card (and whenever a card reads as new),
//!   it reads sector 63 and writes the same bytes back (the flag clears;
//!   the card's contents do not change), then reads the directory and our
//!   file again, and plans from what it just read;
//! - every write is guarded: the driver reads the FLAG before it sends
//!   the sector number, and a card that says "new" gets nothing more (the
//!   command is dropped, nothing is written) and the session starts over
//!   with the step above.
//!
//! So every sector is written to the card whose directory the plan came
//! from: a block the directory shows as ours or free, nothing else.
//!
//! A card read again that is not the card the session knew (its directory
//! or our file differ) and holds a save of ours that the game did not load
//! is left alone ([`Status::OtherSave`]): saving to it would replace that
//! save's statistics with this session's. The player's confirmations
//! (format, replace) hold only for the card they were given for.

use super::{
    copy_in, format_sector, load_copies, newest_first, plan_save_unsealed, Contents, Directory, FileReader, FileState,
    LoadError, PlanError, Slot, StoredCopy, WritePlan, FILE_NAME, SECTOR, SECTORS_PER_BLOCK,
};
use crate::save::{Save, SaveSource};
use core::task::Poll;

/// Why a sector command failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoError {
    /// Nothing answered in the slot.
    NoCard,
    /// The card answered, but not properly (protocol, checksum, bad
    /// sector, a write it refused).
    Failed,
    /// A guarded write found the card new since our last write: nothing was
    /// sent after the FLAG byte, nothing was written.
    NewCard,
}

impl IoError {
    /// Its name in the event log (`AFTK CARD-READ NoCard`): the variant's.
    pub fn name(self) -> &'static str {
        match self {
            IoError::NoCard => "NoCard",
            IoError::Failed => "Failed",
            IoError::NewCard => "NewCard",
        }
    }
}

/// Sector access to the card in the slot.
///
/// A port may take its time: [`Poll::Pending`] says the sector is on its
/// way (the PS1's byte pump, [`super::wire::Driver`], moves it while the
/// frame waits), and the session asks again with the same sector at its
/// next step, which then gets the result. A port that answers at once
/// (the host tests' model card) never says `Pending`.
pub trait Port {
    /// Reads sector `n` (0..1024) into `buf`. `Ok(true)` when the card's
    /// FLAG says it is new (not written since it was inserted or powered
    /// up).
    fn read(&mut self, n: u16, buf: &mut [u8; SECTOR]) -> Poll<Result<bool, IoError>>;

    /// Writes sector `n`. With `guard`, a card whose FLAG says new gets no
    /// sector number and no data: the command is abandoned and the answer
    /// is [`IoError::NewCard`].
    fn write(&mut self, n: u16, data: &[u8; SECTOR], guard: bool) -> Poll<Result<(), IoError>>;
}

/// Where saving stands: what the title tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Saves go to the card.
    Ready,
    /// No card in the slot.
    NoCard,
    /// The card does not answer properly.
    Failed,
    /// The card is not formatted (formatted only if the player says so).
    Unformatted,
    /// No save of ours and no free block.
    Full,
    /// The directory contradicts itself: nothing is written.
    DamagedCard,
    /// Our file holds no copy that loads (replaced only if the player says
    /// so).
    DamagedSave,
    /// Our file was saved by a newer version of the game: kept.
    NewerSave(u16),
    /// Another card, holding a save of ours the game did not load: kept.
    OtherSave,
    /// The save does not fit (a bug: the record outgrew [`super::RECORD_MAX`]).
    TooLarge,
}

impl Status {
    /// The line the title shows, `None` when saving works.
    pub fn notice(self) -> Option<&'static str> {
        Some(match self {
            Status::Ready => return None,
            Status::NoCard => "No memory card in slot 1: progress is not saved",
            Status::Failed => "The memory card does not answer properly: progress is not saved",
            Status::Unformatted => "The memory card is not formatted: progress is not saved",
            Status::Full => "The memory card is full: progress is not saved",
            Status::DamagedCard => "The memory card's directory is damaged: progress is not saved",
            Status::DamagedSave => "The save on the memory card is damaged: progress is not saved",
            Status::NewerSave(_) => "The save was made by a newer version of the game: progress is not saved",
            Status::OtherSave => "Another save is on this memory card: progress is not saved",
            Status::TooLarge => "The save is too large for the memory card: progress is not saved",
        })
    }
}

fn io_status(e: IoError) -> Status {
    match e {
        IoError::NoCard => Status::NoCard,
        IoError::Failed | IoError::NewCard => Status::Failed,
    }
}

/// Directory sectors read: block 0's sectors 0..16.
const DIR_SECTORS: usize = 16;
/// The sector read and written back to clear a card's "new" flag: block
/// 0's sector 63, the copy of the header (its bytes are written back as
/// read, so nothing on the card changes).
const ACK_SECTOR: u16 = 63;

/// What the session does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Not saving ([`Session::status`] says why); a save request looks at
    /// the card again.
    Off,
    /// Ready to save.
    Idle,
    /// Reads sector 63: the card's flag, and the bytes to write back.
    Check,
    /// Writes sector 63 back as read: the flag clears.
    Ack,
    /// Reads directory sector n; at n = 16 (all read), looks for our file
    /// in them (no sector in that step).
    Dir(u8),
    /// Reads our file (block n) sector by sector; once all is in, checks
    /// slot A's copy (no sector in that step).
    File(u8),
    /// Checks slot B's copy of our file (block n).
    CopyB(u8),
    /// Decodes our file's newest good copy (block n).
    Decode(u8),
    /// Decides what saving can do with the card just read.
    Mount,
    /// A save starts: parses the directory for its plan (a step of its
    /// own: about 0.6 ms on the console).
    Plan,
    /// Makes the write plan: the save encoded straight from the game's
    /// state as it stands ([`SaveSource`]), but for its CRC.
    Encode,
    /// Computes the plan's CRC ([`WritePlan::seal`]).
    Seal,
    /// Writes plan entry n.
    Writing(u8),
    /// Writes block 0's sector n of a format.
    Formatting(u8),
}

/// The memory card over a session. About 19 KiB (the directory, our file
/// as read, the write plan): keep it in a static, not on a small stack.
pub struct Session {
    state: State,
    status: Status,
    dir: [u8; DIR_SECTORS * SECTOR],
    /// Our file on the card as last read or written (None: no file).
    file: Option<FileState>,
    reader: FileReader,
    /// The copies found in slots A and B of the file being read.
    found: [Option<StoredCopy>; 2],
    plan: WritePlan,
    /// Sector 63 as read, for [`State::Ack`].
    ack: [u8; SECTOR],
    /// What the card read at the last mount is (see [`Session::fingerprint`]),
    /// `None` before any.
    known: Option<u32>,
    /// What the card reads as if a save whose write failed was made whole
    /// (the failed write may have landed): the same card too.
    known_if_saved: Option<u32>,
    /// Times the card said "new" again right after it was read afresh;
    /// a card whose flag never clears is given up on.
    restarts: u8,
    /// The card was read after its flag was cleared: safe to write.
    synced: bool,
    /// This read of the card is the one at boot: its save goes to the game.
    booting: bool,
    loaded: Option<Save>,
    /// The directory as parsed by the step before: by [`State::Dir`] for
    /// [`State::Mount`], by [`State::Plan`] for [`State::Encode`] (a
    /// parse is about 0.6 ms on the console).
    parsed: Option<Directory>,
    save_wanted: bool,
    format_wanted: Option<u32>,
    replace_wanted: Option<u32>,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    /// A session that has not looked at the card yet.
    pub const fn new() -> Self {
        Session {
            state: State::Off,
            status: Status::NoCard,
            dir: [0; DIR_SECTORS * SECTOR],
            file: None,
            reader: FileReader::new(),
            found: [None; 2],
            plan: WritePlan::new(),
            ack: [0; SECTOR],
            known: None,
            known_if_saved: None,
            restarts: 0,
            synced: false,
            booting: false,
            loaded: None,
            parsed: None,
            save_wanted: false,
            format_wanted: None,
            replace_wanted: None,
        }
    }

    /// Reads the card at boot, all at once (a few dozen sectors: before
    /// the first sector). Then [`Session::take_loaded`] has the save, and
    /// [`Session::status`] says what to tell the player. Nothing is
    /// written.
    pub fn boot(&mut self, port: &mut impl Port, log: &mut dyn crate::out::Out) {
        self.booting = true;
        self.state = State::Dir(0);
        // 16 directory sectors, a step to look at them, at most 64 sectors
        // of our file, a step for each copy, one to decode, one to mount.
        let nothing = Save::default();
        for _ in 0..DIR_SECTORS + SECTORS_PER_BLOCK + 5 {
            if !matches!(self.state, State::Dir(_) | State::File(_) | State::CopyB(_) | State::Decode(_) | State::Mount)
            {
                break;
            }
            self.step(port, &nothing, log);
        }
        self.booting = false;
    }

    /// The save read at boot, once.
    pub fn take_loaded(&mut self) -> Option<Save> {
        self.loaded.take()
    }

    /// True when the next step begins with a sector command (and no
    /// other work): a port that moves sectors in the background can start
    /// it in the step that took the last one's result.
    pub fn wants_sector(&self) -> bool {
        match self.state {
            State::Check | State::Ack => true,
            State::Dir(f) => usize::from(f) < DIR_SECTORS,
            State::File(_) => self.reader.next().is_some(),
            State::Writing(i) => self.plan.get(usize::from(i)).is_some(),
            State::Formatting(f) => usize::from(f) < SECTORS_PER_BLOCK,
            _ => false,
        }
    }

    /// Where saving stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// True while the session has sectors to read or write, or a request
    /// to start on.
    pub fn busy(&self) -> bool {
        !matches!(self.state, State::Off | State::Idle) || self.save_wanted || self.format_wanted.is_some()
    }

    /// The game wants its state saved (it is encoded as it stands when the
    /// plan is made, so several requests make one save).
    pub fn request_save(&mut self) {
        self.save_wanted = true;
    }

    /// The player agreed to format the card (it read as unformatted). Holds
    /// only for that card: if the card read again is another, nothing
    /// happens.
    pub fn confirm_format(&mut self) {
        if self.status == Status::Unformatted {
            self.format_wanted = self.known;
        }
    }

    /// The player agreed to replace our damaged file. Holds only for that
    /// card; the next save writes a fresh file in its block.
    pub fn confirm_replace(&mut self) {
        if self.status == Status::DamagedSave {
            self.replace_wanted = self.known;
            self.save_wanted = true;
        }
    }

    /// What was read of the card: the directory sectors and our file's
    /// state.
    fn fingerprint(&self) -> u32 {
        fingerprint(&self.dir, self.file.as_ref())
    }

    /// The fingerprint the card has if every write of the plan landed
    /// (a write that failed may still have been made).
    fn fingerprint_after_plan(&self) -> Option<u32> {
        let after = self.plan.after()?;
        let mut dir = self.dir;
        for (sector, data) in self.plan.iter() {
            let s = usize::from(sector);
            if s < DIR_SECTORS {
                dir[s * SECTOR..(s + 1) * SECTOR].copy_from_slice(data);
            }
        }
        Some(fingerprint(&dir, Some(&after)))
    }

    /// The card said "new" while being read after its flag was cleared:
    /// swapped again, read it again; but a card whose flag does not clear
    /// would have the session read it forever: after a few tries, stop.
    fn restart(&mut self, log: &mut dyn crate::out::Out) {
        self.synced = false;
        self.restarts += 1;
        if self.restarts > 3 {
            let _ = put!(log, "AFTK CARD flag stays new\n");
            self.restarts = 0;
            self.save_wanted = false;
            self.stop(Status::Failed);
        } else {
            self.state = State::Check;
        }
    }

    fn stop(&mut self, status: Status) {
        self.parsed = None;
        self.status = status;
        self.state = State::Off;
    }

    /// One step: at most one sector read or written. `source` is the
    /// state to save, encoded as it stands in the step that plans a save.
    pub fn step(&mut self, port: &mut impl Port, source: &impl SaveSource, log: &mut dyn crate::out::Out) {
        match self.state {
            State::Off | State::Idle => {
                if self.save_wanted || self.format_wanted.is_some() {
                    if self.state == State::Idle && self.synced {
                        self.state = State::Plan;
                        self.step(port, source, log);
                    } else {
                        self.state = State::Check;
                    }
                }
            }
            State::Check => self.check(port, log),
            State::Ack => self.acknowledge(port, log),
            State::Dir(f) if usize::from(f) >= DIR_SECTORS => self.dir_read(),
            State::Dir(f) => self.read_dir_sector(port, f, log),
            State::File(block) => self.read_file_sector(port, block, log),
            State::CopyB(block) => {
                self.found[1] = copy_in(self.reader.block(), Slot::B);
                self.state = State::Decode(block);
            }
            State::Decode(block) => self.file_read(block, log),
            State::Mount => self.finish_mount(log),
            State::Plan => {
                self.save_wanted = false;
                match Directory::parse(&self.dir) {
                    Ok(dir) => {
                        self.parsed = Some(dir);
                        self.state = State::Encode;
                    }
                    Err(_) => self.stop(Status::Unformatted),
                }
            }
            State::Encode => self.encode(source, log),
            State::Seal => {
                self.plan.seal();
                self.state = State::Writing(0);
            }
            State::Writing(i) => self.write_save_sector(port, i, log),
            State::Formatting(f) => self.write_format_sector(port, f, log),
        }
    }

    /// A read or write that failed: logged, and the card left alone until
    /// it answers again.
    fn failed(&mut self, what: &str, e: IoError, log: &mut dyn crate::out::Out) {
        let _ = put!(log, "AFTK ", what, " ", e.name(), "\n");
        self.synced = false;
        self.stop(io_status(e));
    }

    /// Reads the FLAG sector: a card new to us is acknowledged and read.
    fn check(&mut self, port: &mut impl Port, log: &mut dyn crate::out::Out) {
        self.parsed = None;
        let mut buf = [0u8; SECTOR];
        let Poll::Ready(result) = port.read(ACK_SECTOR, &mut buf) else { return };
        match result {
            Ok(fresh) => {
                self.ack = buf;
                if fresh || !self.synced {
                    self.state = State::Ack;
                } else {
                    // The card we know, not new: nothing to do unless
                    // something is wanted of it.
                    self.after_mount(log);
                }
            }
            Err(e) => {
                self.save_wanted = false;
                self.failed("CARD", e, log);
            }
        }
    }

    /// Writes the FLAG sector back: the card is ours to read.
    fn acknowledge(&mut self, port: &mut impl Port, log: &mut dyn crate::out::Out) {
        let ack = self.ack;
        let Poll::Ready(result) = port.write(ACK_SECTOR, &ack, false) else { return };
        match result {
            Ok(()) => {
                self.synced = true;
                self.state = State::Dir(0);
            }
            Err(e) => {
                self.save_wanted = false;
                self.failed("CARD", e, log);
            }
        }
    }

    /// Reads directory sector `f`.
    fn read_dir_sector(&mut self, port: &mut impl Port, f: u8, log: &mut dyn crate::out::Out) {
        let mut buf = [0u8; SECTOR];
        let Poll::Ready(result) = port.read(u16::from(f), &mut buf) else { return };
        match result {
            Ok(fresh) if fresh && self.synced => self.restart(log),
            Ok(_) => {
                let at = usize::from(f) * SECTOR;
                self.dir[at..at + SECTOR].copy_from_slice(&buf);
                self.state = State::Dir(f + 1);
            }
            Err(e) => self.failed("CARD", e, log),
        }
    }

    /// Reads the next sector of our file in `block`; once all are in,
    /// checks copy A (one CRC a step: up to 4 KiB each, about 5 ms).
    fn read_file_sector(&mut self, port: &mut impl Port, block: u8, log: &mut dyn crate::out::Out) {
        let Some(f) = self.reader.next() else {
            self.found[0] = copy_in(self.reader.block(), Slot::A);
            self.state = State::CopyB(block);
            return;
        };
        let mut buf = [0u8; SECTOR];
        let sector = u16::from(block) * SECTORS_PER_BLOCK as u16 + f as u16;
        let Poll::Ready(result) = port.read(sector, &mut buf) else { return };
        match result {
            Ok(fresh) if fresh && self.synced => self.restart(log),
            Ok(_) => self.reader.put(f, &buf),
            Err(e) => self.failed("CARD", e, log),
        }
    }

    /// Encodes the save from `source` and plans its sectors, on the
    /// directory parsed in the step before.
    fn encode(&mut self, source: &impl SaveSource, log: &mut dyn crate::out::Out) {
        let Some(dir) = self.parsed.take() else {
            self.state = State::Idle;
            return;
        };
        let (file, plan) = (self.file.as_ref(), &mut self.plan);
        let planned = source.with_view(|save| plan_save_unsealed(&dir, file, save, plan));
        match planned {
            Ok(()) => self.state = State::Seal,
            Err(e) => {
                let _ = put!(log, "AFTK SAVE failed: ", e, "\n");
                self.stop(plan_status(e));
            }
        }
    }

    /// Writes sector `i` of the planned save; after the last, the save is
    /// the card's.
    fn write_save_sector(&mut self, port: &mut impl Port, i: u8, log: &mut dyn crate::out::Out) {
        let Some((sector, data)) = self.plan.get(usize::from(i)) else {
            let _ = put!(log, "AFTK SAVE ok block=", self.plan.block(), "\n");
            self.file = self.plan.after();
            self.known = Some(self.fingerprint());
            self.status = Status::Ready;
            self.state = State::Idle;
            return;
        };
        let Poll::Ready(result) = port.write(sector, data, true) else { return };
        match result {
            Ok(()) => {
                let s = usize::from(sector);
                if s < DIR_SECTORS {
                    self.dir[s * SECTOR..(s + 1) * SECTOR].copy_from_slice(data);
                }
                self.state = State::Writing(i + 1);
            }
            Err(IoError::NewCard) => {
                // Another card (or the same one put back): read it again,
                // then plan again.
                let _ = put!(log, "AFTK CARD new card\n");
                self.save_wanted = true;
                self.synced = false;
                self.state = State::Check;
            }
            Err(e) => {
                self.known_if_saved = self.fingerprint_after_plan();
                self.failed("SAVE failed:", e, log);
            }
        }
    }

    /// Writes sector `f` of a freshly formatted card; after the last, the
    /// card is ready and empty.
    fn write_format_sector(&mut self, port: &mut impl Port, f: u8, log: &mut dyn crate::out::Out) {
        if usize::from(f) >= SECTORS_PER_BLOCK {
            let _ = put!(log, "AFTK CARD formatted\n");
            for n in 0..DIR_SECTORS {
                self.dir[n * SECTOR..(n + 1) * SECTOR].copy_from_slice(&format_sector(n));
            }
            self.file = None;
            self.known = Some(self.fingerprint());
            self.status = Status::Ready;
            self.state = State::Idle;
            return;
        }
        let Poll::Ready(result) = port.write(u16::from(f), &format_sector(usize::from(f)), true) else { return };
        match result {
            Ok(()) => self.state = State::Formatting(f + 1),
            Err(IoError::NewCard) => {
                // Swapped mid-format: the new card is read afresh and the
                // confirmation (for the old one) dropped.
                let _ = put!(log, "AFTK CARD new card\n");
                self.format_wanted = None;
                self.synced = false;
                self.known = None;
                self.state = State::Check;
            }
            Err(e) => self.failed("CARD format failed:", e, log),
        }
    }

    /// The directory sectors are in: parse them, then read our file.
    /// (Deciding is a step of its own, [`State::Mount`]: the parse and the
    /// card's fingerprint take over half a millisecond each on the PS1.)
    fn dir_read(&mut self) {
        let parsed = Directory::parse(&self.dir).ok();
        self.parsed = parsed;
        match parsed.and_then(|dir| dir.find(FILE_NAME)) {
            Some(f) => {
                self.reader = FileReader::new();
                self.state = State::File(f.first_block);
            }
            None => {
                self.file = None;
                self.state = State::Mount;
            }
        }
    }

    /// Our file's copies are checked: decode the newest that loads. A
    /// copy the session already knows as good (the one it loaded or last
    /// wrote: same block, slot, generation and CRC) is not decoded again
    /// after boot: a decode of a version 1-4 record replays A Farewell to
    /// Kings' moves, several ms.
    fn file_read(&mut self, block: u8, log: &mut dyn crate::out::Out) {
        let known = self.file.filter(|f| f.block == block && !self.booting);
        let copies = newest_first(self.found[0], self.found[1]);
        let (state, result) = load_copies(self.reader.block(), block, copies, |c, record| {
            let same = known.is_some_and(|k| {
                k.crc == c.crc && k.contents == (Contents::Good { slot: c.slot, generation: c.generation })
            });
            if same {
                Ok(None)
            } else {
                Save::decode(record).map(Some)
            }
        });
        self.file = Some(state);
        match result {
            Ok(save) => {
                if self.booting {
                    let _ = put!(log, "AFTK CARD save loaded\n");
                    self.loaded = save;
                }
            }
            Err(e) => {
                let _ = put!(log, "AFTK CARD save not loaded: ", e, "\n");
            }
        }
        self.state = State::Mount;
    }

    /// The card is read: decide what saving can do with it.
    fn finish_mount(&mut self, log: &mut dyn crate::out::Out) {
        let now = self.fingerprint();
        let same = self.known == Some(now) || self.known_if_saved == Some(now);
        self.known_if_saved = None;
        self.restarts = 0;
        if !same {
            // Confirmations were for another card.
            self.format_wanted = None;
            self.replace_wanted = None;
        }
        self.known = Some(now);
        // As parsed when the directory was read (nothing has written to it
        // since); parsed again otherwise.
        let parsed = self.parsed.take().ok_or(()).or_else(|()| Directory::parse(&self.dir).map_err(|_| ()));
        let status = match parsed {
            Err(()) => Status::Unformatted,
            Ok(dir) => match self.file.map(|f| f.contents) {
                _ if dir.damaged() => Status::DamagedCard,
                Some(Contents::Good { .. }) if !same && !self.booting => Status::OtherSave,
                Some(Contents::Good { .. } | Contents::Replace) => Status::Ready,
                Some(Contents::Newer(v)) => Status::NewerSave(v),
                Some(Contents::Damaged) => Status::DamagedSave,
                None if dir.free_blocks().next().is_none() => Status::Full,
                None => Status::Ready,
            },
        };
        // The lines the emulator scripts wait for (tests/emu/card).
        let _ = match (status, self.file.is_some()) {
            (Status::Unformatted, _) => put!(log, "AFTK CARD unformatted\n"),
            (Status::Ready, false) => put!(log, "AFTK CARD no save\n"),
            (Status::Ready, true) => put!(log, "AFTK CARD save ready\n"),
            (Status::Full, _) => put!(log, "AFTK CARD full\n"),
            (Status::DamagedCard, _) => put!(log, "AFTK CARD damaged directory\n"),
            (Status::DamagedSave, _) => put!(log, "AFTK CARD damaged save\n"),
            (Status::NewerSave(v), _) => put!(log, "AFTK CARD newer save: format ", v, "\n"),
            (Status::OtherSave, _) => put!(log, "AFTK CARD other save\n"),
            (Status::NoCard, _) => put!(log, "AFTK CARD NoCard\n"),
            (Status::Failed, _) => put!(log, "AFTK CARD Failed\n"),
            (Status::TooLarge, _) => put!(log, "AFTK CARD TooLarge\n"),
        };
        self.status = status;
        self.after_mount(log);
    }

    /// The card as known now: start what is wanted of it, or wait.
    fn after_mount(&mut self, log: &mut dyn crate::out::Out) {
        let _ = log;
        if self.booting {
            self.state = if self.status == Status::Ready { State::Idle } else { State::Off };
            return;
        }
        if self.format_wanted.is_some() && self.status == Status::Unformatted && self.synced {
            self.format_wanted = None;
            self.save_wanted = false;
            self.state = State::Formatting(0);
            return;
        }
        self.format_wanted = None;
        if self.replace_wanted.is_some() && self.status == Status::DamagedSave && self.synced {
            self.replace_wanted = None;
            if let Some(f) = &mut self.file {
                f.contents = Contents::Replace;
            }
            self.status = Status::Ready;
        }
        if self.status == Status::Ready {
            self.state = if self.save_wanted && self.synced { State::Plan } else { State::Idle };
        } else {
            self.save_wanted = false;
            self.state = State::Off;
        }
    }
}

/// What identifies a card for the session: its directory sectors and our
/// file's block and newest copy and its CRC (not its title: a save pulled
/// out between the title sector and the header sector leaves the card's
/// title new and its copy old, and it is still the same card). The
/// directory is hashed a word at a time (a CRC-32 of its 2 KiB takes 3 ms
/// on the PS1, this a tenth of that): a fingerprint only has to tell two
/// cards apart, it guards nothing against tampering.
fn fingerprint(dir: &[u8], file: Option<&FileState>) -> u32 {
    let mut x = dir.chunks_exact(4).fold(0x811C_9DC5u32, |h, w| {
        (h.rotate_left(5) ^ u32::from_le_bytes([w[0], w[1], w[2], w[3]])).wrapping_mul(0x9E37_79B1)
    });
    if let Some(f) = file {
        let (tag, generation) = match f.contents {
            Contents::Good { slot, generation } => (1 + slot as u32, generation),
            Contents::Newer(v) => (3, u32::from(v)),
            Contents::Damaged | Contents::Replace => (4, 0),
        };
        x ^=
            tag.rotate_left(13) ^ generation.rotate_left(19) ^ u32::from(f.block).rotate_left(3) ^ f.crc.rotate_left(7);
    }
    x
}

fn plan_status(e: PlanError) -> Status {
    match e {
        PlanError::CardFull => Status::Full,
        PlanError::TooLarge(_) => Status::TooLarge,
        PlanError::DamagedCard => Status::DamagedCard,
        PlanError::NewerSave(v) => Status::NewerSave(v),
        PlanError::DamagedSave => Status::DamagedSave,
        PlanError::Stale => Status::Failed,
    }
}

/// A load error as a status (for callers that load a card image directly).
pub fn load_status(e: &LoadError) -> Status {
    match e {
        LoadError::Card(_) => Status::Unformatted,
        LoadError::NoSave => Status::Ready,
        LoadError::Save(_) => Status::DamagedSave,
        LoadError::Newer(v) => Status::NewerSave(*v),
    }
}
