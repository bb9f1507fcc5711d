//! The memory card in slot 1, for the game: the card session of
//! `farewell::memcard::session` driven through SIO0. The card is read at
//! boot; then one sector a frame at most, moved a byte at a time while the
//! frame waits for the GPU and the vblank (a sector is about 6 ms on the
//! wire at 250 kHz), so card work costs the frame almost nothing.
//!
//! Rules (issues 6 and 13): no card, an unformatted card (formatted only
//! after the player confirms), a full card, a damaged directory, a damaged
//! save (replaced only after the player confirms), a save by a newer
//! version and another card's save each get a message on the title, and
//! the game goes on without saving; no other file on the card is touched;
//! a card swapped in is read again before anything is written to it.

use super::card::{self, Sio0};
use farewell::memcard::session::{Session, Status};
use farewell::memcard::wire::Driver;
use farewell::ui::App;

/// The card and what is known of it.
pub struct Storage {
    session: Session,
    /// The byte pump: a sector on the wire while the frame waits.
    card: Driver<Sio0>,
    /// The status the app was last told about.
    shown: Status,
}

impl Storage {
    /// Reads the card at boot and gives the app what it holds. Takes a few
    /// hundred milliseconds (before the first frame).
    pub fn boot(app: &mut App, log: &mut dyn farewell::out::Out) -> Storage {
        let mut st = Storage { session: Session::new(), card: card::driver(), shown: Status::Ready };
        // Before the frames start: each sector to its end at once.
        st.card.set_blocking(true);
        st.session.boot(&mut st.card, log);
        st.card.set_blocking(false);
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
    /// format, replace) and steps the session: the sector the last step
    /// started is done (its result goes to the session) and the next one
    /// starts, to be moved by [`Storage::pump`] while the frame waits.
    pub fn step(&mut self, app: &mut App, log: &mut dyn farewell::out::Out) {
        if app.take_format_request() {
            self.session.confirm_format();
        }
        if app.take_replace_request() {
            self.session.confirm_replace();
        }
        if app.take_save_request() {
            self.session.request_save();
        }
        self.session.step(&mut self.card, &*app, log);
        // The step took the last sector's result: the next one starts now
        // (a few register writes), not a frame later.
        if !self.card.busy() && self.session.wants_sector() {
            self.session.step(&mut self.card, &*app, log);
        }
        let status = self.session.status();
        if status != self.shown {
            self.show(app, status);
        }
    }

    /// Moves the sector on the wire as far as the port allows, without
    /// waiting (a few register reads): called while the frame waits for
    /// the GPU and the vblank.
    #[inline]
    pub fn pump(&mut self) {
        self.card.poll();
    }

    /// Brings the sector on the wire to its end (the pad shares the port).
    /// Returns whether one was still on it: the last frame's waits were too
    /// short, and this one pays for the rest.
    pub fn finish(&mut self) -> bool {
        self.card.finish()
    }
}
