//! What every game's play screen shares, for the games of the collection
//! that implement [`Patience`]: the game with its deal number, the event
//! log (NEW, MOVE, POS, END), the moves as the save keeps them (each one's
//! place in the list of legal moves when it was played), and the message
//! line at the bottom of the screen.
//!
//! A game's screen (`corners.rs`, ...) owns a [`Table`] and adds only its
//! cursor, its drawing and its buttons. A screen whose game tells more of
//! a move than [`Patience::play`] does (A Farewell to Kings' books and
//! orphans) plays it through [`Table::play_with`], and queues animations
//! of its own (`K`, see [`Motion::queue`]).

use super::motion::Motion;
use super::paint::palette;
use super::screen::End;
use super::words::{Said, Spoken, HINT, PLAYS_IT, TOOK_BACK};
use crate::draw::DrawList;
use crate::games::text::Message;
use crate::games::{Patience, Status};
use crate::input::Input;
use crate::out::Text;
use crate::save::{SavedGame, SAVED_MOVES};
use crate::sound::{Sfx, Sounds};
use core::fmt;
use heapless::Vec;

/// Frames a message stays up.
pub const MESSAGE_FRAMES: u32 = 240;

/// A game in play; `K` is what its screen's own animations are, up to `N`
/// queued at once (none by default).
#[derive(Clone, Debug)]
pub struct Table<G: Patience, K = (), const N: usize = 0> {
    game: G,
    seed: u32,
    /// Each move's place in the legal-move list when it was played, while
    /// the line of play fits the save ([`SAVED_MOVES`]).
    codes: Vec<u16, SAVED_MOVES>,
    /// Moves played beyond what the save keeps.
    overflow: usize,
    message: Message,
    message_at: Option<u32>,
    ended_at: Option<u32>,
    /// The plain sounds of its moves (a card put down, a refusal, the
    /// end), for a screen that has no finer ones of its own.
    sounds: Sounds,
    /// `NEW` or a move is logged and the position after it not yet.
    position_due: bool,
    /// Its cards' motion: slides, the deal, the kings leaving after a win.
    motion: Motion<K, N>,
    /// The frame it was dealt or resumed on (0 when not told): a screen's
    /// own opening animation starts then.
    dealt_at: u32,
    /// Moves played and taken back on it so far: a position's number,
    /// which a screen's [`Targets`] are kept for.
    version: u32,
}

impl<G: Patience, K, const N: usize> Table<G, K, N> {
    /// Deals `seed`, logging `NEW`; the opening position follows in the
    /// next frame ([`Table::log_due`]).
    pub fn new(seed: u32, options: G::Options, log: &mut dyn crate::out::Out) -> Self {
        let game = G::deal(seed, options);
        let _ = crate::log::write_new::<G>(seed, options, log);
        Table { sounds: Sounds::from_slice(&[Sfx::Deal]), position_due: true, ..Table::with_game(seed, game) }
    }

    /// Rebuilds a saved game by replaying its moves (nothing is logged);
    /// `None` when the save does not replay (a move out of range, or the
    /// options do not read).
    pub fn resume(saved: &SavedGame) -> Option<Self> {
        let codes = Vec::from_slice(saved.moves.get(..usize::from(saved.count))?).ok()?;
        let game = saved.replay::<G>().ok()?;
        Some(Table { codes, ..Table::with_game(saved.seed, game) })
    }

    /// A table on a position that was not dealt (host tests of a screen's
    /// layout, puzzles): `game` as it is, with `seed` as its deal number;
    /// nothing is logged.
    pub fn with_game(seed: u32, game: G) -> Self {
        Table {
            game,
            seed,
            codes: Vec::new(),
            overflow: 0,
            message: Message::default(),
            message_at: None,
            ended_at: None,
            sounds: Sounds::new(),
            position_due: false,
            motion: Motion::new(),
            dealt_at: 0,
            version: 0,
        }
    }

    /// Deals `seed` with the options of `code` at `frame`, logging it;
    /// `None` for a code that names no options of the game.
    pub fn deal(seed: u32, code: u8, frame: u32, log: &mut dyn crate::out::Out) -> Option<Self> {
        Some(Table { dealt_at: frame, ..Table::new(seed, G::options_from_code(code)?, log) })
    }

    /// [`Table::resume`] at `frame`, logged as resumed (`NEW` and the
    /// position).
    pub fn resumed(saved: &SavedGame, frame: u32, log: &mut dyn crate::out::Out) -> Option<Self> {
        let mut t = Table { dealt_at: frame, ..Table::resume(saved)? };
        t.log_resumed(log);
        Some(t)
    }

    /// The frame it was dealt or resumed on (see [`Table::deal`]).
    pub fn dealt_at(&self) -> u32 {
        self.dealt_at
    }

    /// Logs `NEW` and the position of a resumed game.
    pub fn log_resumed(&mut self, log: &mut dyn crate::out::Out) {
        let _ = crate::log::write_new::<G>(self.seed, self.game.options(), log);
        self.position_due = true;
    }

    /// Logs the position a deal opened with (or a resumed game's) or the
    /// one a move left, once: the frame after the deal's or the move's,
    /// whose own work (the deal, the music changing, the move, its sounds)
    /// leaves no room for formatting a whole position (2 ms on the
    /// console), or before the next move, whichever comes first.
    pub fn log_due(&mut self, log: &mut dyn crate::out::Out) {
        if core::mem::take(&mut self.position_due) {
            let _ = crate::log::write_after(&self.game, log);
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Its deal number.
    pub fn seed(&self) -> u32 {
        self.seed
    }

    /// Plays `m`, logging it, with the sound `sfx` (the screen's word for
    /// what the move does: a card put down, sent up, drawn), or the win's
    /// or the loss's; on a refusal, shows why, sounds it and changes
    /// nothing. True when it was played.
    pub fn play(&mut self, m: G::Move, sfx: Sfx, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        let played = self.play_with(m, frame, log, |g| g.play(m), |_, log| crate::log::write_move(&m, &[], log));
        match played {
            Ok(()) => {
                self.sounds.push(sfx);
                match self.game.status() {
                    Status::Won => self.sounds.push(Sfx::Win),
                    Status::Lost(_) => self.sounds.push(Sfx::Loss),
                    Status::Playing => {}
                }
                true
            }
            Err(why) => {
                self.say(frame, &[&why]);
                self.sounds.push(Sfx::Refused);
                false
            }
        }
    }

    /// Plays `m` by `apply`, the game's own way of playing it that tells
    /// what the move did (`O`), and logs it with `write` (its `MOVE` line
    /// and what the move did besides): what [`Table::play`] does but for
    /// the sounds, the refusal and the screen's own animations, which are
    /// the caller's. `apply` must play `m` or change nothing.
    pub fn play_with<O, E>(
        &mut self,
        m: G::Move,
        frame: u32,
        log: &mut dyn crate::out::Out,
        apply: impl FnOnce(&mut G) -> Result<O, E>,
        write: impl FnOnce(&O, &mut dyn crate::out::Out) -> fmt::Result,
    ) -> Result<O, E> {
        self.log_due(log);
        let code = position_of(&self.game, m);
        let out = apply(&mut self.game)?;
        match code.map(|c| self.codes.push(c)) {
            Some(Ok(())) if self.overflow == 0 => {}
            _ => self.overflow += 1,
        }
        self.after(&out, log, write);
        if self.game.status().is_over() && self.ended_at.is_none() {
            self.ended_at = Some(frame);
        }
        if self.game.status() == Status::Won {
            self.motion.won(frame);
        }
        Ok(out)
    }

    /// What every move and undo leaves: its log line, the position due, the
    /// message taken down.
    fn after<O>(
        &mut self,
        out: &O,
        log: &mut dyn crate::out::Out,
        write: impl FnOnce(&O, &mut dyn crate::out::Out) -> fmt::Result,
    ) {
        let _ = write(out, log);
        self.position_due = true;
        self.version = self.version.wrapping_add(1);
        self.clear_message();
    }

    /// Takes back the last move by `undo`, the game's own way that tells
    /// what it undid (`O`), and logs it with `write`: what
    /// [`Table::undo`] does but for the sounds and the refusal.
    pub fn undo_with<O, E>(
        &mut self,
        log: &mut dyn crate::out::Out,
        undo: impl FnOnce(&mut G) -> Result<O, E>,
        write: impl FnOnce(&O, &mut dyn crate::out::Out) -> fmt::Result,
    ) -> Result<O, E> {
        self.log_due(log);
        let out = undo(&mut self.game)?;
        if self.overflow > 0 {
            self.overflow -= 1;
        } else {
            self.codes.pop();
        }
        self.after(&out, log, write);
        self.ended_at = None;
        self.motion.unwon();
        Ok(out)
    }

    /// Its cards' motion (drawing goes through [`Motion::skin`]).
    pub fn motion(&self) -> &Motion<K, N> {
        &self.motion
    }

    /// Its cards' motion, to queue the screen's own animations.
    pub fn motion_mut(&mut self) -> &mut Motion<K, N> {
        &mut self.motion
    }

    /// Asks for a sound that is no move's (a card picked up, the cursor).
    pub fn push_sound(&mut self, sfx: Sfx) {
        self.sounds.push(sfx);
    }

    /// The plain sounds of the moves since last taken.
    pub fn take_sounds(&mut self) -> Sounds {
        core::mem::take(&mut self.sounds)
    }

    /// Shows a message for [`MESSAGE_FRAMES`].
    pub fn say(&mut self, frame: u32, pieces: &[&dyn Text]) {
        self.message = Message::of(pieces);
        self.message_at = Some(frame);
    }

    /// Takes the message down.
    pub fn clear_message(&mut self) {
        self.message_at = None;
    }

    /// A frame's input: any press takes the message down, before the
    /// press says anything of its own (a message speaks of the last
    /// thing done, and is gone at the next).
    pub fn pressed(&mut self, input: &Input) {
        if !input.pressed().is_empty() {
            self.clear_message();
        }
    }

    /// Moves played and taken back so far (see [`Targets`]).
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The message showing at `frame`, if any.
    pub fn message(&self, frame: u32) -> Option<&str> {
        let at = self.message_at?;
        (frame.wrapping_sub(at) < MESSAGE_FRAMES).then(|| self.message.as_str())
    }

    /// The frame the game ended on (for the end screen's timing).
    pub fn ended_at(&self) -> Option<u32> {
        self.ended_at
    }

    /// True once won.
    pub fn won(&self) -> bool {
        self.game.status() == Status::Won
    }

    /// The game as the save keeps it: `None` once it has ended, or when its
    /// line of play is longer than the save holds.
    pub fn saved(&self) -> Option<SavedGame> {
        if self.game.status().is_over() || self.overflow > 0 {
            return None;
        }
        let mut moves = [0u16; SAVED_MOVES];
        moves[..self.codes.len()].copy_from_slice(&self.codes);
        Some(SavedGame {
            seed: self.seed,
            options: G::options_code(self.game.options()),
            count: self.codes.len() as u16,
            moves,
            // The App knows whether a hint was shown in the deal.
            hinted: false,
        })
    }
}

impl<G: Spoken, K, const N: usize> Table<G, K, N> {
    /// Takes back the last move, logging `undo`, and says which in the
    /// game's words ([`Table::say_took_back`]); says so when there is none.
    pub fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        // The move is found again by its place in the legal moves of the
        // position it was played from, once that is back on the table.
        let code = self.codes.last().copied().filter(|_| self.overflow == 0);
        let undone = self.undo_with(
            log,
            |g| if g.undo() { Ok(()) } else { Err(()) },
            |_, log| crate::log::write_move(&"undo", &[], log),
        );
        if undone.is_err() {
            self.say(frame, &[&"Nothing to undo"]);
            self.sounds.push(Sfx::Refused);
            return false;
        }
        match code.and_then(|c| crate::games::registry::nth_legal(&self.game, c)) {
            Some(m) => self.say_took_back(frame, m),
            None => self.say(frame, &[&TOOK_BACK, &"the last move"]),
        }
        self.sounds.push(Sfx::PickUp);
        true
    }

    /// Says that `m`, a legal move of the position on the table, was taken
    /// back: "Took back: 9♠ onto 10♥".
    pub fn say_took_back(&mut self, frame: u32, m: G::Move) {
        let message = Message::of(&[&TOOK_BACK, &Said(&self.game, m)]);
        self.show(frame, message);
    }

    /// Shows the hint `m`, a legal move of the position on the table, in
    /// the phrasing every game shares: "Hint: 9♠ onto 10♥ (X plays it)",
    /// with `note` after the button when it is not empty ("(X plays it; a
    /// winning line)").
    pub fn say_hint(&mut self, frame: u32, m: G::Move, note: &str) {
        let sep = if note.is_empty() { "" } else { "; " };
        let message = Message::of(&[&HINT, &Said(&self.game, m), &PLAYS_IT, &sep, &note, &")"]);
        self.show(frame, message);
    }

    fn show(&mut self, frame: u32, message: Message) {
        self.message = message;
        self.message_at = Some(frame);
    }
}

/// Where one card may go, as Select's highlight shows it in every game:
/// the places (`P`, up to `M`) of its legal moves, worked out when the card
/// or the position changes (not every frame) and drawn by
/// [`mark_target`]. A screen asks for the card it holds, else the card
/// under its cursor ([`Targets::aim`]), once a frame at the end of its
/// update.
///
/// A position new this frame shows no places until the next: the frame of
/// a move does the move's own work (its log, its sounds), and listing a
/// position's legal moves waits a frame, as the position's log line does
/// (King's Corners' groups while matching: the longest update in
/// `corners.script` went from 1.6 to 3.2 ms in Mednafen with the targets
/// worked out in it).
#[derive(Clone, Debug)]
pub struct Targets<P, const M: usize> {
    /// What the places are of: the screen's word for the card, and the
    /// table's version.
    of: Option<(u32, u32)>,
    /// The table's version at the last [`Targets::aim`].
    seen: Option<u32>,
    places: Vec<P, M>,
}

impl<P, const M: usize> Default for Targets<P, M> {
    fn default() -> Self {
        Targets { of: None, seen: None, places: Vec::new() }
    }
}

impl<P: Copy + PartialEq, const M: usize> Targets<P, M> {
    /// The places of `subject` (the screen's number for the card, and for
    /// whatever else decides them; `None`: no card) in the position on
    /// `table`: the places `place` finds in each legal move (none for a
    /// move of another card). Kept while the subject and the position stay
    /// the same.
    pub fn aim<G: Patience, K, const N: usize, I: IntoIterator<Item = P>>(
        &mut self,
        table: &Table<G, K, N>,
        subject: Option<u32>,
        mut place: impl FnMut(G::Move) -> I,
    ) {
        let version = table.version();
        let moved = self.seen.is_some_and(|v| v != version);
        self.seen = Some(version);
        let of = subject.filter(|_| !moved).map(|s| (s, version));
        if of == self.of {
            return;
        }
        self.of = of;
        self.places.clear();
        if of.is_none() {
            return;
        }
        let places = &mut self.places;
        table.game().for_each_legal(&mut |m| {
            for p in place(m) {
                if !places.contains(&p) {
                    let _ = places.push(p);
                }
            }
        });
    }

    /// The places found.
    pub fn places(&self) -> &[P] {
        &self.places
    }

    /// True when `p` is one of them.
    pub fn contains(&self, p: P) -> bool {
        self.places.contains(&p)
    }
}

/// Marks a place a card may go (Select's highlight), the same in every
/// game: a two-pixel frame along the inside of the box (x, y, w, h).
pub fn mark_target(list: &mut DrawList, x: i16, y: i16, w: i16, h: i16) {
    list.outline(x, y, w.max(0) as u16, h.max(0) as u16, 2, palette::LEGAL);
}

pub use crate::save::position_of;

/// The first legal move, if any: what a hint offers when its player likes
/// no move (Square always answers with a move while one exists).
pub fn any_legal<G: Patience>(g: &G) -> Option<G::Move> {
    let mut any = None;
    g.for_each_legal(&mut |x| any = any.or(Some(x)));
    any
}

impl<G: Patience, K, const N: usize> Table<G, K, N> {
    /// Where the game stands, as the App's menus see it.
    pub fn end(&self) -> End {
        match self.game.status() {
            Status::Playing => End::Playing,
            Status::Won => End::Won,
            Status::Lost(_) => End::Lost,
        }
    }

    /// The options code of the deal.
    pub fn options_code(&self) -> u8 {
        G::options_code(self.game.options())
    }

    /// Writes the reason of a loss (nothing while playing or after a win).
    pub fn write_loss(&self, out: &mut dyn crate::out::Out) -> fmt::Result {
        match self.game.status() {
            Status::Lost(l) => put!(out, l),
            _ => Ok(()),
        }
    }
}

/// The part of [`PlayScreen`](super::screen::PlayScreen) a screen built
/// on a [`Table`] (its field `table`, and `Play::on(table)`) gets from it:
/// the deal and the resume, the deal number, the moves, the end, the save.
macro_rules! table_screen {
    () => {
        fn deal(seed: u32, code: u8, frame: u32, log: &mut dyn crate::out::Out) -> Option<Self> {
            super::table::Table::deal(seed, code, frame, log).map(Self::on)
        }
        fn resume(saved: &crate::save::SavedGame, frame: u32, log: &mut dyn crate::out::Out) -> Option<Self> {
            super::table::Table::resumed(saved, frame, log).map(Self::on)
        }
        fn seed(&self) -> u32 {
            self.table.seed()
        }
        fn move_count(&self) -> usize {
            crate::games::Patience::move_count(self.table.game())
        }
        fn end(&self) -> super::screen::End {
            self.table.end()
        }
        fn write_loss(&self, out: &mut dyn crate::out::Out) -> core::fmt::Result {
            self.table.write_loss(out)
        }
        fn ended_at(&self) -> Option<u32> {
            self.table.ended_at()
        }
        fn saved(&self) -> Option<crate::save::SavedGame> {
            self.table.saved()
        }
        fn options_code(&self) -> u8 {
            self.table.options_code()
        }
        fn log_due(&mut self, log: &mut dyn crate::out::Out) {
            self.table.log_due(log)
        }
        fn settle(&mut self) {
            self.table.motion_mut().settle()
        }
        fn animating(&self, frame: u32) -> bool {
            self.table.motion().busy(frame)
        }
    };
}
pub(crate) use table_screen;
