//! The memory card in slot 1, for the game: the card session of
//! `farewell::memcard::session` driven through SIO0. The card is read at
//! boot; then one sector a frame at most (a sector takes about 5 ms of the
//! 16.7 ms frame), so card work never costs a frame.
//!
//! Rules (issues 6 and 13): no card, an unformatted card (formatted only
//! after the player confirms), a full card, a damaged directory, a damaged
//! save (replaced only after the player confirms), a save by a newer
//! version and another card's save each get a message on the title, and
//! the game goes on without saving; no other file on the card is touched;
//! a card swapped in is read again before anything is written to it.

use super::card::{self, CardError, FLAG_NEW};
use super::sio::Slot;
use super::timer::Clock;
use core::fmt::Write;
use farewell::memcard::session::{IoError, Port, Session, Status};
use farewell::memcard::FRAME;
use farewell::ui::App;

/// Slot 1's card through SIO0.
struct Sio<'a> {
    clock: &'a Clock,
}

fn io_error(e: CardError) -> IoError {
    match e {
        CardError::NoCard => IoError::NoCard,
        CardError::NewCard => IoError::NewCard,
        CardError::Protocol | CardError::Checksum | CardError::BadSector => IoError::Failed,
    }
}

impl Port for Sio<'_> {
    fn read(&mut self, n: u16, buf: &mut [u8; FRAME]) -> Result<bool, IoError> {
        card::read(self.clock, Slot::One, n, buf).map(|flag| flag & FLAG_NEW != 0).map_err(io_error)
    }

    fn write(&mut self, n: u16, data: &[u8; FRAME], guard: bool) -> Result<(), IoError> {
        card::write(self.clock, Slot::One, n, data, guard).map_err(io_error)
    }
}

/// The card and what is known of it.
pub struct Storage {
    session: Session,
    /// The status the app was last told about.
    shown: Status,
}

impl Storage {
    /// Reads the card at boot and gives the app what it holds. Takes a few
    /// hundred milliseconds (before the first frame).
    pub fn boot(clock: &Clock, app: &mut App, log: &mut impl Write) -> Storage {
        let mut st = Storage { session: Session::new(), shown: Status::Ready };
        st.session.boot(&mut Sio { clock }, log);
        if let Some(save) = st.session.take_loaded() {
            app.load(save);
        }
        let status = st.session.status();
        st.show(app, status);
        match status {
            Status::Unformatted => app.offer_format(),
            Status::DamagedSave => app.offer_replace(),
            _ => {}
        }
        st
    }

    fn show(&mut self, app: &mut App, status: Status) {
        app.set_notice(status.notice());
        self.shown = status;
    }

    /// One frame's share of card work: takes the app's requests (save,
    /// format, replace) and reads or writes one sector at most.
    pub fn step(&mut self, clock: &Clock, app: &mut App, log: &mut impl Write) {
        if app.take_format_request() {
            self.session.confirm_format();
        }
        if app.take_replace_request() {
            self.session.confirm_replace();
        }
        if app.take_save_request() {
            self.session.request_save();
        }
        self.session.step(&mut Sio { clock }, || app.snapshot(), log);
        let status = self.session.status();
        if status != self.shown {
            self.show(app, status);
        }
    }
}
