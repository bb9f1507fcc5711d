//! The memory card in slot 1, for the game: load the save at boot, then
//! write saves a sector a frame (a sector takes about 5 ms of the 16.7 ms
//! frame), so saving never costs a frame.
//!
//! Rules (issue 6): no card, an unformatted card (formatted only after the
//! player confirms), a full card and a damaged save each get a message on
//! the title and the game goes on without saving; no other file on the card
//! is touched (the write plan covers our block and, for a new file, its
//! directory frame, written last).

use super::card::{self, CardError as Io, SECTOR};
use super::sio::Slot;
use super::timer::Clock;
use core::fmt::Write;
use farewell::memcard::{self, Directory, LoadError, WritePlan, BLOCK_SIZE, FRAME, FRAMES_PER_BLOCK};
use farewell::save::Save;
use farewell::ui::App;

/// Directory frames: the whole of block 0.
const DIR_FRAMES: usize = FRAMES_PER_BLOCK;

/// What the card is doing.
enum State {
    /// Not used this session, for this reason (shown on the title).
    Off,
    /// Ready to save.
    Idle,
    /// A save was asked for: planned next frame, so the planning never
    /// shares a frame with the move (and its event log) that asked.
    Pending,
    /// Writing the plan: the next entry to write.
    Writing(usize),
    /// Formatting: the next frame of block 0 to write.
    Formatting(usize),
}

/// The card and what is known of it.
pub struct Storage {
    state: State,
    /// Block 0 as on the card (kept up to date after our writes).
    dir: [u8; DIR_FRAMES * FRAME],
    plan: WritePlan,
}

fn io_notice(e: Io) -> &'static str {
    match e {
        Io::NoCard => "No memory card in slot 1: progress is not saved",
        Io::Protocol | Io::Checksum | Io::BadSector => {
            "The memory card does not answer properly: progress is not saved"
        }
    }
}

impl Storage {
    /// Reads the card at boot and gives the app what it holds. Takes a few
    /// hundred milliseconds (before the first frame).
    pub fn boot(clock: &Clock, app: &mut App, log: &mut impl Write) -> Storage {
        let mut st = Storage { state: State::Off, dir: [0; DIR_FRAMES * FRAME], plan: WritePlan::new() };
        // The directory lives in frames 0..16; the rest of block 0 is only
        // needed for a format.
        for f in 0..16u16 {
            let mut buf = [0u8; SECTOR];
            if let Err(e) = card::read(clock, Slot::One, f, &mut buf) {
                let _ = writeln!(log, "AFTK CARD {:?}", e);
                app.set_notice(Some(io_notice(e)));
                return st;
            }
            let at = usize::from(f) * FRAME;
            st.dir[at..at + FRAME].copy_from_slice(&buf);
        }
        let dir = match Directory::parse(&st.dir[..16 * FRAME]) {
            Ok(d) => d,
            Err(_) => {
                let _ = writeln!(log, "AFTK CARD unformatted");
                app.set_notice(Some("The memory card is not formatted: progress is not saved"));
                app.offer_format();
                return st;
            }
        };
        let Some(file) = dir.find(memcard::FILE_NAME) else {
            let _ = writeln!(log, "AFTK CARD no save");
            if dir.free_blocks().next().is_none() {
                app.set_notice(Some("The memory card is full: progress is not saved"));
                return st;
            }
            st.state = State::Idle;
            return st;
        };
        match read_save(clock, file.first_block) {
            Ok(save) => {
                let _ = writeln!(log, "AFTK CARD save loaded");
                app.load(save);
                st.state = State::Idle;
            }
            Err(Ok(e)) => {
                let _ = writeln!(log, "AFTK CARD {:?}", e);
                app.set_notice(Some(io_notice(e)));
            }
            Err(Err(e)) => {
                let _ = writeln!(log, "AFTK CARD damaged save: {e}");
                app.set_notice(Some("The save on the memory card is damaged: progress is not saved"));
            }
        }
        st
    }

    /// One frame's share of card work: starts a save when the app wants
    /// one, writes one sector of a save or format in progress.
    pub fn step(&mut self, clock: &Clock, app: &mut App, log: &mut impl Write) {
        match self.state {
            State::Off => {
                if app.take_format_request() {
                    self.state = State::Formatting(0);
                }
            }
            State::Idle => {
                if app.take_save_request() {
                    self.state = State::Pending;
                }
            }
            State::Pending => {
                let Ok(dir) = Directory::parse(&self.dir[..16 * FRAME]) else {
                    self.state = State::Off;
                    return;
                };
                match memcard::plan_write(&dir, &app.snapshot(), &mut self.plan) {
                    Ok(()) => self.state = State::Writing(0),
                    Err(e) => {
                        let _ = writeln!(log, "AFTK SAVE failed: {e}");
                        app.set_notice(Some("The memory card is full: progress is not saved"));
                        self.state = State::Off;
                    }
                }
            }
            State::Writing(i) => {
                let Some((sector, frame)) = self.plan.get(i) else {
                    let _ = writeln!(log, "AFTK SAVE ok block={}", self.plan.block());
                    self.state = State::Idle;
                    return;
                };
                match card::write(clock, Slot::One, sector, frame) {
                    Ok(()) => {
                        let s = usize::from(sector);
                        if s < DIR_FRAMES {
                            self.dir[s * FRAME..(s + 1) * FRAME].copy_from_slice(frame);
                        }
                        self.state = State::Writing(i + 1);
                    }
                    Err(e) => {
                        let _ = writeln!(log, "AFTK SAVE failed: {:?}", e);
                        app.set_notice(Some(io_notice(e)));
                        self.state = State::Off;
                    }
                }
            }
            State::Formatting(f) => {
                if f == 0 {
                    format_block0(&mut self.dir);
                }
                if f >= DIR_FRAMES {
                    let _ = writeln!(log, "AFTK CARD formatted");
                    app.set_notice(None);
                    self.state = State::Idle;
                    return;
                }
                let mut frame = [0u8; FRAME];
                frame.copy_from_slice(&self.dir[f * FRAME..(f + 1) * FRAME]);
                match card::write(clock, Slot::One, f as u16, &frame) {
                    Ok(()) => self.state = State::Formatting(f + 1),
                    Err(e) => {
                        let _ = writeln!(log, "AFTK CARD format failed: {:?}", e);
                        app.set_notice(Some(io_notice(e)));
                        self.state = State::Off;
                    }
                }
            }
        }
    }
}

/// Block 0 of a freshly formatted card.
fn format_block0(dir: &mut [u8; DIR_FRAMES * FRAME]) {
    // format_card works on a whole card image; only block 0 is kept.
    let mut card = [0u8; memcard::CARD_SIZE];
    memcard::format_card(&mut card);
    dir.copy_from_slice(&card[..DIR_FRAMES * FRAME]);
}

/// Reads our file's first block far enough to hold its record, and decodes
/// it. `Err(Ok(_))` for a card error, `Err(Err(_))` for a bad save.
fn read_save(clock: &Clock, first_block: u8) -> Result<Save, Result<Io, LoadError>> {
    let mut block = [0u8; BLOCK_SIZE];
    let base = u16::from(first_block) * FRAMES_PER_BLOCK as u16;
    let mut frames = memcard::DATA_FRAME + 1;
    let mut f = 0;
    while f < frames && f < FRAMES_PER_BLOCK {
        let mut buf = [0u8; SECTOR];
        card::read(clock, Slot::One, base + f as u16, &mut buf).map_err(Ok)?;
        block[f * FRAME..(f + 1) * FRAME].copy_from_slice(&buf);
        if f == memcard::DATA_FRAME {
            // The record's header ("AFTK", version, body length) says how
            // long it is: header 8 + body + CRC 4.
            let at = f * FRAME;
            let body = usize::from(u16::from_le_bytes([block[at + 6], block[at + 7]]));
            frames = memcard::DATA_FRAME + (8 + body + 4).div_ceil(FRAME);
        }
        f += 1;
    }
    memcard::read_file(&block).map_err(|e| Err(LoadError::Save(e)))
}
