//! The play screen's controls: the cursor, the card in hand, messages and
//! animations, over an engine [`Game`].
//!
//! - D-pad: moves the cursor over the grid and the hand (right of the grid).
//! - Cross: picks up the hand card under the cursor, places the held card,
//!   or deals when dealing is allowed (the original's "press X to deal").
//! - Circle: puts the held card back (the cursor stays). L1/R1: cycle the held card through the
//!   hand (or the waiting orphans). Triangle: undo. Select: legal-cell
//!   highlight on/off. L2/R2 held: cards of the held card's rank / suit.
//!   Square: hint (the fair player's move).
//! - While orphans wait, the held card is always an orphan; in a custom
//!   start, it is the next king to place.

use crate::games::farewell::notation::write_move;
use crate::games::farewell::player::{Strength, Thinker};

use crate::games::farewell::{Card, Cell, Game, Illegal, Move, Outcome, RemovedBook, Source, Status};
use crate::input::{Buttons, Input};
use crate::sound::{Sfx, Sounds};
use core::fmt::Write;
use heapless::{String, Vec};

use super::Settings;

/// How hard the hint and the demo think on grids up to 12x8: the rest of
/// the turn searched with a beam of 4, at most 70 placements a move,
/// spread over frames. The README gives what it wins and how long the
/// console takes. The host's strongest player (`Strength::STRONG`, which
/// also looks past the next deal) wins more but would take the console
/// several seconds a move.
pub const HINT_STRENGTH: Strength = Strength::CONSOLE;

/// ... and on the larger grids (13x9, 14x9), where a placement judged
/// costs the console up to 5 ms and a hand has more of them: each
/// placement judged alone, to answer within a second (a beam of 2 and 60
/// placements took up to 89 frames in Mednafen).
pub const HINT_STRENGTH_LARGE: Strength = Strength::ONE_PLY;

/// The hint's strength for a game.
pub fn hint_strength(g: &Game) -> Strength {
    let o = g.options();
    if u32::from(o.width) * u32::from(o.height) > 96 {
        HINT_STRENGTH_LARGE
    } else {
        HINT_STRENGTH
    }
}

/// The hint's thinker, with room for [`HINT_STRENGTH`] only (a beam of 4,
/// no look past the next deal): 40 KB of room for every strength made
/// each new deal copy it, and starting the demo ran a frame late.
pub type HintThinker = Thinker<4, 0, 0>;

/// Where a hint's thinker is kept while it works: the number of the hint
/// it works on, and the thinker.
#[derive(Clone, Debug)]
pub struct HintSlot {
    id: u32,
    thinker: HintThinker,
}

/// Frames a hint may think before it winds down and answers with the best
/// move found so far: a second is 60 frames, and winding down takes a few.
pub const HINT_FRAMES: u32 = 50;

/// Where the cursor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// On a grid cell.
    Grid(Cell),
    /// On a hand slot (0 at the top).
    Hand(u8),
}

/// Frames a message stays up.
pub const MESSAGE_FRAMES: u32 = 240;
/// Frames a card takes to slide into place, a book to leave, an orphan to
/// lift, a dealt card to arrive.
pub const ANIM_FRAMES: u32 = 12;

/// Something moving on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimKind {
    /// A card sliding from a hand slot (or the orphan spot, for `None`) to a
    /// cell.
    Slide {
        /// The card.
        card: Card,
        /// Hand slot it left, or `None` for an orphan or a king.
        from_slot: Option<u8>,
        /// Where it lands.
        to: Cell,
    },
    /// A book leaving the grid.
    Book(RemovedBook),
    /// An orphan lifting off its cell.
    Lift {
        /// The card.
        card: Card,
        /// The cell it left.
        from: Cell,
    },
    /// A card dealt from the stock into a hand slot.
    Deal {
        /// The card.
        card: Card,
        /// The slot.
        slot: u8,
    },
}

/// An animation and the frame it started (it plays after those before it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anim {
    /// What moves.
    pub kind: AnimKind,
    /// First frame.
    pub start: u32,
}

/// Most animations queued at once: a placement that removes a cascade of
/// books and lifts their orphans is the busiest (1 + 12 + 20-odd).
pub const MAX_ANIMS: usize = 48;

/// The play screen's state.
#[derive(Clone, Debug)]
pub struct Play {
    game: Game,
    focus: Focus,
    /// Last grid cell the cursor was on (where a picked-up card goes).
    grid_cursor: Cell,
    /// The hand card picked up, if any.
    held: Option<Card>,
    /// Which waiting orphan (or unplaced king) is held.
    pick: u8,
    message: String<64>,
    message_until: u32,
    anims: Vec<Anim, MAX_ANIMS>,
    /// Frame the game ended, for the kings' farewell.
    ended_at: Option<u32>,
    /// Hints computed so far (the PS1 layer times the frames that add one).
    hints: u32,
    /// [`Play::hints`] when [`Play::take_hint_shown`] last looked.
    hints_taken: u32,
    /// The fair player working out a hint or the demo's move.
    /// A hint (or the demo's move) is being worked out, under this number
    /// (a new one for each: the [`HintSlot`] holding an older one's
    /// thinker is stale).
    asked: Option<u32>,
    /// The number of the last hint asked for.
    asks: u32,
    /// The frame the hint being worked out began thinking in.
    think_from: Option<u32>,
    /// The move it found, until the demo takes it.
    thought: Option<Option<Move>>,
    /// Sound effects asked for since [`App::take_sounds`](super::App::take_sounds).
    sounds: Sounds,
}

/// Placements the fair player judges per frame in host tests. On the
/// console the frame loop gives it whatever time the frame has left.
pub const THINK_PER_FRAME: usize = 12;

impl Play {
    /// A fresh game; the cursor starts on the grid's centre.
    pub fn new(game: Game, frame: u32) -> Self {
        let o = game.options();
        let centre = Cell::new(o.height / 2, o.width / 2);
        let mut p = Play {
            game,
            focus: Focus::Grid(centre),
            grid_cursor: centre,
            held: None,
            pick: 0,
            message: String::new(),
            message_until: 0,
            anims: Vec::new(),
            ended_at: None,
            hints: 0,
            hints_taken: 0,
            asked: None,
            asks: 0,
            think_from: None,
            thought: None,
            sounds: Sounds::new(),
        };
        p.sounds.push(Sfx::Deal);
        for (slot, c) in p.game.hand().iter().enumerate() {
            if let Some(card) = c {
                p.animate(AnimKind::Deal { card: *card, slot: slot as u8 }, frame);
            }
        }
        p
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the cursor is.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The card the player holds: the chosen orphan while orphans wait, the
    /// next king in a custom start, else the hand card picked up.
    pub fn held(&self) -> Option<Card> {
        if !self.game.orphans().is_empty() {
            let o = self.game.orphans();
            return o.get(usize::from(self.pick) % o.len()).copied();
        }
        if self.game.status() == Status::PlacingKings {
            let n = self.game.kings_to_place().count().max(1);
            return self.game.kings_to_place().nth(usize::from(self.pick) % n);
        }
        self.held
    }

    /// The message on screen now, if any.
    pub fn message(&self, frame: u32) -> Option<&str> {
        (frame < self.message_until && !self.message.is_empty()).then_some(self.message.as_str())
    }

    /// Animations still playing or queued.
    pub fn anims(&self) -> &[Anim] {
        &self.anims
    }

    /// The frame the game ended, if it has.
    pub fn ended_at(&self) -> Option<u32> {
        self.ended_at
    }

    /// The sound effects asked for since last taken; leaves none.
    pub fn take_sounds(&mut self) -> Sounds {
        core::mem::take(&mut self.sounds)
    }

    /// A move or a press refused: its reason on screen, and the sound.
    fn refuse(&mut self, frame: u32, args: core::fmt::Arguments<'_>) {
        self.sounds.push(Sfx::Refused);
        self.say(frame, args);
    }

    fn say(&mut self, frame: u32, args: core::fmt::Arguments<'_>) {
        self.message.clear();
        let _ = self.message.write_fmt(args);
        self.message_until = frame.wrapping_add(MESSAGE_FRAMES);
    }

    fn animate(&mut self, kind: AnimKind, frame: u32) {
        let start = self.anims.last().map_or(frame, |a| (a.start + ANIM_FRAMES / 2).max(frame));
        if self.anims.push(Anim { kind, start }).is_err() {
            // Too busy to show it: skip the animation, never the move.
        }
    }

    /// Drops finished animations.
    pub fn tick(&mut self, frame: u32) {
        self.anims.retain(|a| frame < a.start.wrapping_add(ANIM_FRAMES));
    }

    /// Applies a move, logs it and queues its animations.
    fn apply(&mut self, m: Move, frame: u32, log: &mut impl Write) -> Result<Outcome, Illegal> {
        let out = self.game.apply(m)?;
        // What the move did, in sound: a card put down, the books, their
        // orphans, the cards dealt, the end.
        let sounds = [
            (Sfx::PickUp, m == Move::Undo),
            (Sfx::PutDown, out.placed.is_some()),
            (Sfx::Book, !out.books.is_empty()),
            (Sfx::Orphan, !out.orphans.is_empty()),
            (Sfx::Deal, !out.dealt.is_empty()),
            (Sfx::Win, self.game.status() == Status::Won),
            (Sfx::Loss, matches!(self.game.status(), Status::Lost(_))),
        ];
        for (sfx, _) in sounds.iter().filter(|(_, on)| *on) {
            self.sounds.push(*sfx);
        }
        // A hint being worked out was for the position before, and so was
        // any message on screen (the hint's own, once its move is played):
        // what this move has to say comes after.
        self.asked = None;
        self.think_from = None;
        self.thought = None;
        self.message_until = frame;
        let _ = crate::log::write_move(m, &out, &self.game, log);
        // A new move finishes what the last one was still showing: a quick
        // player never waits for animations, and they never pile up.
        self.anims.clear();
        if let Some((card, cell, source)) = out.placed {
            let from_slot = match source {
                Source::Hand(s) => Some(s),
                _ => None,
            };
            self.animate(AnimKind::Slide { card, from_slot, to: cell }, frame);
        }
        for b in &out.books {
            self.animate(AnimKind::Book(*b), frame);
        }
        for (card, cell) in &out.orphans {
            self.animate(AnimKind::Lift { card: *card, from: *cell }, frame);
        }
        for (slot, card) in &out.dealt {
            self.animate(AnimKind::Deal { card: *card, slot: *slot }, frame);
        }
        self.ended_at = if self.game.status().is_over() { Some(frame) } else { None };
        Ok(out)
    }

    /// Takes back the last move (Triangle, or Undo in a menu).
    pub fn undo(&mut self, frame: u32, log: &mut impl Write) {
        match self.apply(Move::Undo, frame, log) {
            Ok(out) => {
                self.held = None;
                self.pick = 0;
                if let Some(m) = out.undone {
                    let mut text: String<16> = String::new();
                    let _ = write_move(m, &mut text);
                    self.say(frame, format_args!("Took back {text}"));
                }
            }
            Err(why) => self.refuse(frame, format_args!("{why}")),
        }
    }

    /// Starts working out the fair player's move (Square). It is worked
    /// out by [`think`](Self::think), over as many frames as it takes, and
    /// shown when found: its card picked up and the cursor on its cell, or
    /// a word to deal.
    pub fn hint(&mut self) {
        if self.asked.is_none() {
            self.ask();
            self.thought = None;
        }
    }

    /// A new hint asked for: its thinker is made by the first
    /// [`think`](Self::think).
    fn ask(&mut self) {
        self.asks = self.asks.wrapping_add(1);
        self.asked = Some(self.asks);
        self.think_from = None;
    }

    /// True while a hint or the demo's move is being worked out.
    pub fn thinking(&self) -> bool {
        self.asked.is_some()
    }

    /// True when a move has been worked out and not yet taken or played.
    pub fn thought_ready(&self) -> bool {
        self.thought.is_some()
    }

    /// Judges up to `budget` more placements of the move being worked out;
    /// once it is found, shows it. True while work is left.
    ///
    /// The thinker lives in `slot`, which the caller keeps (the [`App`]:
    /// made once, never moved) rather than in the `Play`, which is made
    /// anew for every deal: 17 KB of thinker copied with it made the
    /// demo's first frame late.
    ///
    /// [`App`]: super::App
    pub fn think(&mut self, slot: &mut Option<HintSlot>, budget: usize, frame: u32) -> bool {
        let Some(id) = self.asked else { return false };
        if slot.as_ref().map(|s| s.id) != Some(id) {
            *slot = Some(HintSlot { id, thinker: HintThinker::with_strength(&self.game, hint_strength(&self.game)) });
            // Making it is this call's work (on 14x9, making it and a
            // step after it in one call overran a frame).
            return true;
        }
        let Some(t) = slot.as_mut().map(|s| &mut s.thinker) else { return false };
        // A hint that has thought for HINT_FRAMES frames winds down and
        // answers with the best move found so far.
        let since = *self.think_from.get_or_insert(frame);
        if frame.wrapping_sub(since) >= HINT_FRAMES {
            t.hurry();
        }
        let Some(m) = t.step(budget) else { return true };
        *slot = None;
        self.asked = None;
        self.think_from = None;
        self.thought = Some(m);
        self.show(m, frame);
        false
    }

    /// True once for each time a hint has been shown in this deal since
    /// the last call: the console logs `AFTK HINT` on it. (A new deal is a
    /// new screen, whose count starts again: no event comes of that.)
    pub fn take_hint_shown(&mut self) -> bool {
        let shown = self.hints != self.hints_taken;
        self.hints_taken = self.hints;
        shown
    }

    /// Hints shown so far in this deal.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// Shows a move as a hint: its card held, the cursor on its cell.
    fn show(&mut self, m: Option<Move>, frame: u32) {
        self.hints = self.hints.wrapping_add(1);
        match m {
            Some(Move::Place(card, cell)) => {
                if let Some(i) = self.game.orphans().iter().position(|o| *o == card) {
                    self.pick = i as u8;
                } else if self.game.status() == Status::PlacingKings {
                    if let Some(i) = self.game.kings_to_place().position(|k| k == card) {
                        self.pick = i as u8;
                    }
                } else {
                    self.held = Some(card);
                }
                self.grid_cursor = cell;
                self.focus = Focus::Grid(cell);
                self.say(frame, format_args!("Hint: {card} to {cell} (X to place)"));
            }
            Some(_) => {
                // Playable with the button it names: a held card goes back
                // (none can be placed, or the hint would not be to deal) and
                // the cursor leaves the hand, where X would pick one up.
                self.held = None;
                self.focus = Focus::Grid(self.grid_cursor);
                self.say(frame, format_args!("Hint: deal a new hand (X)"));
            }
            None => self.say(frame, format_args!("No move left")),
        }
    }

    /// The attract-mode demo, first half: starts working out the fair
    /// player's next move, and once [`think`](Self::think) has found it
    /// (shown as a hint), returns it (`Some(None)`: no move left).
    pub fn plan(&mut self) -> Option<Option<Move>> {
        if let Some(m) = self.thought.take() {
            return Some(m);
        }
        if self.asked.is_none() {
            self.ask();
        }
        None
    }

    /// Plays a planned move (the demo, second half, a frame later: the
    /// search and the event log never share a frame).
    pub fn play_move(&mut self, m: Move, frame: u32, log: &mut impl Write) -> bool {
        self.held = None;
        self.message_until = frame;
        self.apply(m, frame, log).is_ok()
    }

    /// Advances one frame.
    pub fn update(&mut self, input: &Input, _settings: &Settings, frame: u32, log: &mut impl Write) {
        self.tick(frame);
        let pressed = input.pressed();
        let focus = self.focus;
        self.move_cursor(input.repeated());
        if self.focus != focus {
            self.sounds.push(Sfx::Cursor);
        }

        let forced = !self.game.orphans().is_empty() || self.game.status() == Status::PlacingKings;
        if pressed.intersects(Buttons::L1 | Buttons::R1) {
            let forward = pressed.contains(Buttons::R1);
            let held = self.held();
            self.cycle(forward, forced);
            if self.held() != held {
                self.sounds.push(Sfx::PickUp);
            }
        }
        if pressed.contains(Buttons::TRIANGLE) {
            self.undo(frame, log);
            return;
        }
        if pressed.contains(Buttons::SQUARE) {
            self.hint();
            return;
        }
        if pressed.contains(Buttons::CIRCLE) {
            if forced {
                self.refuse(frame, format_args!("This card must be placed first"));
            } else {
                // The card goes back to its slot; the cursor stays where it
                // is, so that X next deals (on the grid) rather than picking
                // the same card up again.
                self.held = None;
            }
        }
        if pressed.contains(Buttons::CROSS) {
            self.cross(frame, log);
        }
    }

    /// Puts the cursor on the grid, on the legal cell of the held card
    /// nearest to where it was (so a picked-up card is one press from a
    /// legal place).
    fn aim(&mut self) {
        let Some(card) = self.held() else { return };
        let legal = self.game.playable_cells(card);
        let here = self.grid_cursor;
        if !legal.contains(here) {
            let dist = |c: Cell| {
                (i16::from(c.row) - i16::from(here.row)).abs() + (i16::from(c.col) - i16::from(here.col)).abs()
            };
            if let Some(best) = legal.iter().min_by_key(|c| dist(*c)) {
                self.grid_cursor = best;
            }
        }
        self.focus = Focus::Grid(self.grid_cursor);
    }

    fn cycle(&mut self, forward: bool, forced: bool) {
        if forced {
            let n = if self.game.orphans().is_empty() {
                self.game.kings_to_place().count()
            } else {
                self.game.orphans().len()
            } as u8;
            if n > 0 {
                self.pick = if forward { (self.pick + 1) % n } else { (self.pick + n - 1) % n };
            }
            self.aim();
            return;
        }
        let hand = self.game.hand();
        let cur = self.held.and_then(|c| hand.iter().position(|h| *h == Some(c)));
        for k in 1..=4 {
            let i = match cur {
                Some(c) if forward => (c + k) % 4,
                Some(c) => (c + 4 - k) % 4,
                None if forward => k - 1,
                None => 4 - k,
            };
            if let Some(card) = hand[i] {
                self.held = Some(card);
                self.aim();
                return;
            }
        }
    }

    fn move_cursor(&mut self, dirs: Buttons) {
        let o = self.game.options();
        self.focus = match self.focus {
            Focus::Grid(c) => {
                let (mut r, mut col) = (c.row, c.col);
                if dirs.contains(Buttons::UP) {
                    r = if r == 0 { o.height - 1 } else { r - 1 };
                }
                if dirs.contains(Buttons::DOWN) {
                    r = if r + 1 >= o.height { 0 } else { r + 1 };
                }
                if dirs.contains(Buttons::LEFT) {
                    col = if col == 0 { o.width - 1 } else { col - 1 };
                }
                if dirs.contains(Buttons::RIGHT) && col + 1 >= o.width {
                    // Off the right edge: into the hand, at the nearest slot.
                    let slot = (u16::from(r) * 4 / u16::from(o.height)) as u8;
                    self.grid_cursor = Cell::new(r, col);
                    return self.focus = Focus::Hand(slot.min(3));
                }
                if dirs.contains(Buttons::RIGHT) {
                    col += 1;
                }
                self.grid_cursor = Cell::new(r, col);
                Focus::Grid(self.grid_cursor)
            }
            Focus::Hand(s) => {
                if dirs.contains(Buttons::LEFT) {
                    Focus::Grid(self.grid_cursor)
                } else if dirs.contains(Buttons::RIGHT) {
                    Focus::Grid(Cell::new(self.grid_cursor.row, 0))
                } else if dirs.contains(Buttons::UP) {
                    Focus::Hand((s + 3) % 4)
                } else if dirs.contains(Buttons::DOWN) {
                    Focus::Hand((s + 1) % 4)
                } else {
                    Focus::Hand(s)
                }
            }
        };
        if let Focus::Grid(c) = self.focus {
            self.grid_cursor = c;
        }
    }

    fn cross(&mut self, frame: u32, log: &mut impl Write) {
        match self.focus {
            Focus::Hand(slot) => {
                let forced = !self.game.orphans().is_empty() || self.game.status() == Status::PlacingKings;
                match self.game.hand()[usize::from(slot)] {
                    Some(card) if !forced => {
                        self.held = Some(card);
                        self.sounds.push(Sfx::PickUp);
                        self.aim();
                    }
                    Some(_) => self.refuse(frame, format_args!("Place the held card first")),
                    None => self.try_deal(frame, log),
                }
            }
            Focus::Grid(cell) => match self.held() {
                Some(card) => match self.apply(Move::Place(card, cell), frame, log) {
                    Ok(out) => {
                        self.held = None;
                        self.pick = 0;
                        if !out.books.is_empty() {
                            let n = out.books.len();
                            self.say(frame, format_args!("{} book{} removed", n, if n == 1 { "" } else { "s" }));
                        }
                        if !out.orphans.is_empty() {
                            self.aim();
                            let n = out.orphans.len();
                            self.say(
                                frame,
                                format_args!("{n} orphan{}: place before anything else", if n == 1 { "" } else { "s" }),
                            );
                        }
                    }
                    Err(why) => self.refuse(frame, format_args!("{why}")),
                },
                None => self.try_deal(frame, log),
            },
        }
    }

    fn try_deal(&mut self, frame: u32, log: &mut impl Write) {
        if let Err(why) = self.apply(Move::Deal, frame, log) {
            self.refuse(frame, format_args!("{why}"));
        }
    }
}
