//! King Albert's play screen: the seven reserve slots and the four suit
//! stacks along the top, the nine building stacks fanned below them.
//!
//! - D-pad: Left/Right move along the top row (reserve, then suit stacks)
//!   or across the building stacks (both wrap); Down from the top row goes
//!   to the stack below, Up from a stack's top card goes to the top row.
//!   On a stack, Up and Down choose the base of the run to pick up: Up
//!   takes one more card of the ordered run, Down one fewer.
//! - Cross: picks up the card (or the run from the chosen base) and puts it
//!   down on the stack or suit stack under the cursor; a refused move says
//!   why and keeps the cards in hand. Right after a hint, Cross plays it.
//! - Circle: puts the cards back. R1: sends the card under the cursor (or
//!   the one in hand) to its suit stack.
//! - Triangle: undo. Square: hint (below). Start: pause (the caller's).
//!
//! **Hints.** King Albert is open, so the solver's hint is fair play
//! ([`hint::Hint`]). The hint for the position on the table is worked out
//! before the player asks (the App ponders in the frames' spare time) or
//! when Square is pressed, in storage the App keeps ([`HintStorage`]); the
//! caller spreads it over frames with [`Play::think`] (the screen says
//! "Thinking..." while the player waits). The quick answer: a search within
//! [`HINT_NODES`] nodes; a win found, its first move; the deal proved
//! lost, the fair player's move and "the deal is lost from here"; no
//! answer within the budget, the fair player's move, and the message says
//! so. Then, while the position stands, the solver goes on in a table kept
//! from move to move (the deep answer): a win it finds replaces the quick
//! answer, and the next Square shows it at once. A winning line is
//! followed by the next hints without searching.
//!
//! **Automatic moves.** The cards that went up by themselves after a move
//! are named in the message line, and their suit stacks are outlined for
//! [`AUTO_FRAMES`].

use super::hint::KeptLine;
use super::screen::{OptionRow, PlayScreen, ScreenInfo, View};
use super::table::{mark_target, table_screen, Table, Targets};
use super::words::Spoken;
use crate::cards::{Card, Rank, Suit};
use crate::draw::{DrawList, Rgb, NO_TINT};
use crate::games::albert::hint::{self, Answer, Hint, HintStore, Why};
use crate::games::albert::{Board, Game, Move, RESERVE, STACKS};
use crate::games::Patience;
use crate::input::{Buttons, Input};
use crate::settings::FaceStyle;
use crate::sound::Sfx;
use heapless::String;

use super::paint::{palette, text, CardSize, Skin, SAFE_BOTTOM, SAFE_LEFT, SAFE_RIGHT, SAFE_TOP, SCREEN_W, STRIP_LINE_TOP, STRIP_TOP};

/// Nodes a hint's quick answer may search ([`hint::QUICK_NODES`]). A node
/// costs about 0.15 ms on the console: 700 nodes and then the fair player
/// show the first hint of deals 1-20 within 20-52 frames in Mednafen
/// (7,000 nodes take 265-350 frames; docs/rules/albert.md, "On the PS1").
pub const HINT_NODES: u64 = hint::QUICK_NODES;
/// Table slots of the quick answer's search.
pub const HINT_TABLE: usize = hint::QUICK_TABLE;
/// Levels of the line the quick answer's search can go down.
pub const HINT_DEPTH: usize = hint::QUICK_DEPTH;
/// Moves the levels of its line can hold.
pub const HINT_MOVES: usize = hint::MOVES;

/// The hint's storage as the caller keeps it for every game of King Albert
/// (the console's `App` owns one from boot): a new game's screen is then
/// small, and dealing does not build or move it (190 KB took 114 ms, a
/// seventh of a second, on the console). The deep search's table in it is
/// kept from move to move. It is lent to [`Play::think`].
pub struct HintStorage(pub HintStore);

impl HintStorage {
    /// Empty storage.
    pub fn new() -> Self {
        HintStorage(HintStore::new())
    }
}

impl Default for HintStorage {
    fn default() -> Self {
        Self::new()
    }
}

impl core::fmt::Debug for HintStorage {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        put!(f, "HintStorage(", core::mem::size_of::<HintStore>(), " bytes)")
    }
}
/// Moves of a winning line kept for the next hints ([`hint::LINE`]).
pub const LINE: usize = hint::LINE;
/// Frames the suit stacks that took automatic moves stay outlined.
pub const AUTO_FRAMES: u32 = 90;

/// Where the cursor (or a card in hand) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Reserve slot 0..7.
    Reserve(u8),
    /// Suit stack 0..4 (♠ ♥ ♦ ♣).
    Suit(u8),
    /// Building stack 0..9.
    Stack(u8),
}

/// Cards picked up: the run's base, where from, how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// The card (a run's base).
    pub card: Card,
    /// Where it lies.
    pub from: Spot,
    /// Cards in the run (1 for a single card).
    pub count: u8,
}

/// A game of King Albert in play.
pub struct Play {
    table: Table<Game>,
    cursor: Spot,
    /// On a building stack: cards from the top down to the chosen base (1:
    /// the top card alone).
    depth: u8,
    held: Option<Held>,
    /// The hint showing: Cross plays it.
    hinted: Option<Move>,
    /// The hint for the position on the table being worked out (its
    /// storage is the caller's: [`HintStorage`]): the quick answer, then
    /// the deep one while the position stands.
    work: Option<Hint>,
    /// The player asked for the hint under way: it is shown when found.
    /// Otherwise the work was started before the player asked (the App
    /// ponders in the frames' spare time): its answer is kept, not shown,
    /// until Square.
    asked: bool,
    /// A hint was worked out in this deal: the next one's deep search keeps
    /// the table.
    searched: bool,
    /// The attract mode plays: quick answers only.
    demo: bool,
    hints: u32,
    /// The rest of the winning line the last search found, and the board
    /// its first move is for: the next hints follow it without searching
    /// (a new search could find another line, and following the first moves
    /// of different lines can go round in circles).
    line: KeptLine<Move, Board, LINE>,
    /// The frame automatic moves last happened, and the suit stacks (bit
    /// per suit) they went to.
    autos: Option<(u32, u8)>,
    /// The attract mode asked for a hint and has not played it yet.
    demo_asked: bool,
    /// The last hint worked out, with the position it is for, why, and
    /// whether the deep search found it.
    kept: Option<(Board, Move, &'static str, bool)>,
    /// Frames that worked on the position on the table, and the last.
    pondered: u32,
    pondered_at: Option<u32>,
    /// The hint showing is any legal move: the fair player liked none (the
    /// demo deals again rather than play it).
    last_resort: bool,
    /// Where the card in hand (or the one under the cursor) may go.
    targets: Targets<Spot, { STACKS + 1 }>,
}

impl Spoken for Game {
    /// "9♠ onto 10♥", "9♠ to empty stack 4", "9♠ to its suit stack".
    fn say_move(&self, m: Move, out: &mut dyn crate::out::Out) -> core::fmt::Result {
        match m {
            Move::Stack(c, t) => match self.board().top(usize::from(t)) {
                Some(on) => put!(out, c, " onto ", on),
                None => put!(out, c, " to empty t", u32::from(t) + 1),
            },
            Move::Foundation(c) => put!(out, c, " to its suit stack"),
        }
    }
}

impl Play {
    /// Continues a game rebuilt from the save.
    pub fn on(table: Table<Game>) -> Play {
        let mut p = Play {
            table,
            cursor: Spot::Stack(0),
            depth: 1,
            held: None,
            hinted: None,
            work: None,
            asked: false,
            searched: false,
            demo: false,
            hints: 0,
            line: KeptLine::default(),
            autos: None,
            demo_asked: false,
            last_resort: false,
            kept: None,
            pondered: 0,
            pondered_at: None,
            targets: Targets::default(),
        };
        p.fix_cursor();
        if crate::games::Patience::move_count(p.game()) == 0 {
            // A fresh deal is dealt from a deck below the table's middle.
            p.table.motion().deal_from(SCREEN_W / 2 - 12, SAFE_BOTTOM - 30);
        }
        p
    }

    /// The table (game, log, message).
    pub fn table(&self) -> &Table<Game> {
        &self.table
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// Where the cursor is.
    pub fn cursor(&self) -> Spot {
        self.cursor
    }

    /// On a building stack, the cards from the top down to the chosen base.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The cards in hand.
    pub fn held(&self) -> Option<Held> {
        self.held
    }

    /// The hint showing (Cross plays it).
    pub fn hinted(&self) -> Option<Move> {
        self.hinted
    }

    /// Where the card in hand, or else the one under the cursor, may go
    /// (Select shows them).
    pub fn targets(&self) -> &[Spot] {
        self.targets.places()
    }

    /// Works out [`Play::targets`] again when the card or the position
    /// changed.
    fn aim_targets(&mut self) {
        let card = match (self.held, self.cursor) {
            (Some(h), _) => Some(h.card),
            (None, Spot::Suit(_)) => None,
            (None, _) => self.card_at_cursor(),
        };
        self.targets.aim(&self.table, card.map(|c| u32::from(c.index())), |m| match m {
            Move::Stack(c, t) if Some(c) == card => Some(Spot::Stack(t)),
            Move::Foundation(c) if Some(c) == card => Some(Spot::Suit(c.suit() as u8)),
            _ => None,
        });
    }

    /// The card under the cursor: a reserve card, the chosen base on a
    /// stack, a suit stack's top card.
    pub fn card_at_cursor(&self) -> Option<Card> {
        let b = self.game().board();
        match self.cursor {
            Spot::Reserve(r) => b.reserve(usize::from(r)),
            Spot::Suit(f) => b.foundation(*Suit::ALL.get(usize::from(f))?),
            Spot::Stack(s) => {
                let mut c = b.top(usize::from(s))?;
                for _ in 1..self.depth {
                    c = b.below(c)?;
                }
                Some(c)
            }
        }
    }

    /// Plays `m` (a hint, the demo, a test's setting up), naming the cards
    /// that went up by themselves. True when played.
    pub fn play_move(&mut self, m: Move, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        let before = *self.game().board();
        let sfx = match m {
            Move::Stack(..) => Sfx::PutDown,
            Move::Foundation(_) => Sfx::Foundation,
        };
        let played = self.table.play(m, sfx, frame, log);
        if played {
            self.line.played(m, &before, *self.game().board());
            self.held = None;
            self.hinted = None;
            self.drop_work();
            let mut msg: String<64> = String::new();
            let mut suits = 0u8;
            for (c, _) in self.game().last_autos() {
                let lead = if msg.is_empty() { "Up by itself: " } else { " " };
                let _ = put!(msg, lead, c);
                suits |= 1 << c.suit() as u8;
            }
            if suits != 0 {
                self.autos = Some((frame, suits));
                self.table.say(frame, &[&msg]);
            }
            self.fix_cursor();
        }
        self.aim_targets();
        played
    }

    /// The suit stacks that took automatic moves lately (bit per suit).
    pub fn auto_suits(&self, frame: u32) -> u8 {
        match self.autos {
            Some((at, suits)) if frame.wrapping_sub(at) < AUTO_FRAMES => suits,
            _ => 0,
        }
    }

    /// Moves the cursor.
    fn steer(&mut self, r: Buttons) {
        let b = *self.game().board();
        let run = |s: u8| b.run_len(usize::from(s)).max(1) as u8;
        self.cursor = match self.cursor {
            top @ (Spot::Reserve(_) | Spot::Suit(_)) => {
                let i = top_index(top);
                if r.contains(Buttons::LEFT) {
                    top_spot((i + TOP_SPOTS - 1) % TOP_SPOTS)
                } else if r.contains(Buttons::RIGHT) {
                    top_spot((i + 1) % TOP_SPOTS)
                } else if r.contains(Buttons::DOWN) {
                    self.depth = 1;
                    Spot::Stack(nearest_stack(spot_x(top)))
                } else {
                    top
                }
            }
            Spot::Stack(s) => {
                if r.contains(Buttons::LEFT) {
                    self.depth = 1;
                    Spot::Stack((s + STACKS as u8 - 1) % STACKS as u8)
                } else if r.contains(Buttons::RIGHT) {
                    self.depth = 1;
                    Spot::Stack((s + 1) % STACKS as u8)
                } else if r.contains(Buttons::UP) {
                    if self.held.is_none() && self.depth < run(s) {
                        self.depth += 1;
                        Spot::Stack(s)
                    } else {
                        self.depth = 1;
                        nearest_top(spot_x(Spot::Stack(s)))
                    }
                } else if r.contains(Buttons::DOWN) {
                    self.depth = self.depth.saturating_sub(1).max(1);
                    Spot::Stack(s)
                } else {
                    Spot::Stack(s)
                }
            }
        };
    }

    /// Keeps the chosen base within the run on top of the cursor's stack.
    fn fix_cursor(&mut self) {
        match self.cursor {
            Spot::Stack(s) => {
                let run = self.game().board().run_len(usize::from(s)).max(1) as u8;
                self.depth = self.depth.clamp(1, run);
            }
            _ => self.depth = 1,
        }
    }

    fn cross(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        if self.game().status().is_over() {
            return;
        }
        let Some(h) = self.held else {
            self.pick_up(frame);
            return;
        };
        match self.cursor {
            Spot::Stack(t) if h.from == Spot::Stack(t) => self.held = None,
            Spot::Stack(t) => {
                self.play_move(Move::Stack(h.card, t), frame, log);
            }
            Spot::Suit(_) => {
                self.play_move(Move::Foundation(h.card), frame, log);
            }
            Spot::Reserve(r) if h.from == Spot::Reserve(r) => self.held = None,
            Spot::Reserve(_) => self.table.say(frame, &[&"Cards never go back to the reserve"]),
        }
    }

    fn pick_up(&mut self, frame: u32) {
        let card = self.card_at_cursor();
        match (self.cursor, card) {
            (Spot::Suit(_), _) => self.table.say(frame, &[&"Cards on the suit stacks stay there"]),
            (_, None) => self.table.say(frame, &[&"Nothing here to pick up"]),
            (from, Some(card)) => {
                let count = if matches!(from, Spot::Stack(_)) { self.depth } else { 1 };
                self.held = Some(Held { card, from, count });
                self.table.push_sound(Sfx::PickUp);
                self.table.clear_message();
            }
        }
    }

    /// R1: the card in hand, or else the one under the cursor, to its suit
    /// stack.
    fn send_up(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        if self.game().status().is_over() {
            return;
        }
        let card = match (self.held, self.cursor) {
            (Some(h), _) => Some(h.card),
            (None, Spot::Suit(_)) => None,
            (None, _) => self.card_at_cursor(),
        };
        match card {
            Some(c) => {
                self.play_move(Move::Foundation(c), frame, log);
            }
            None => self.table.say(frame, &[&"Point at a card to send it up"]),
        }
    }

    /// True while the hint's quick answer is being worked out.
    pub fn thinking(&self) -> bool {
        self.work.as_ref().is_some_and(|w| w.answer().is_none())
    }

    /// Square: starts working out a hint (see the module's notes).
    pub fn hint(&mut self, frame: u32) {
        if self.game().status().is_over() {
            return;
        }
        self.held = None;
        self.hinted = None;
        if let Some((_, m, why, _)) = self.kept.filter(|k| k.0 == *self.game().board()) {
            self.hints = self.hints.wrapping_add(1);
            self.show(Some(m), why, frame);
            return;
        }
        if let Some(m) = self.line.next(self.game().board()) {
            self.hints = self.hints.wrapping_add(1);
            self.show(Some(m), "a winning line", frame);
            return;
        }
        // Pondering already: its quick answer is shown when found.
        if !self.thinking() {
            self.line.clear();
            self.start_work();
        }
        self.asked = true;
        self.table.say(frame, &[&"Thinking..."]);
    }

    /// Starts working out the hint for the position on the table.
    fn start_work(&mut self) {
        self.asked = false;
        self.last_resort = false;
        self.work = Some(Hint::new(self.searched, !self.demo));
        self.searched = true;
    }

    /// The position changed: the work on the last one is dropped.
    fn drop_work(&mut self) {
        self.work = None;
        self.asked = false;
        self.pondered = 0;
        self.pondered_at = None;
    }

    /// An answer worked out: kept for the position, and shown if the
    /// player waits for it.
    fn found(&mut self, a: Answer, line: &[Move], frame: u32) {
        let why = match a.why {
            Why::Line => "a winning line",
            _ if a.lost => "the deal is lost from here, a good move",
            _ => "no win found in time, a good move",
        };
        let board = *self.game().board();
        if a.why == Why::Line {
            self.line.keep(board, line);
        }
        if let Some(m) = a.m {
            self.kept = Some((board, m, why, a.deep));
        }
        if core::mem::take(&mut self.asked) {
            self.last_resort = a.why == Why::LastResort;
            self.hints = self.hints.wrapping_add(1);
            self.show(a.m, why, frame);
        }
    }

    /// Works `budget` more units on the hint being worked out in `store`
    /// (the same storage every call), and shows it once found if the
    /// player asked. True while work is left (the console calls it with
    /// what time each frame has left; the host tests with any budget).
    pub fn think(&mut self, budget: crate::frame::Units, frame: u32, store: &mut HintStorage) -> bool {
        let Some(work) = self.work.as_mut() else { return false };
        if self.pondered_at != Some(frame) {
            self.pondered_at = Some(frame);
            self.pondered = self.pondered.saturating_add(1);
        }
        let changed = hint_step(work, self.table.game(), budget, &mut store.0);
        let working = work.working();
        if let Some(a) = work.answer().filter(|_| changed) {
            let mut line: heapless::Vec<Move, LINE> = heapless::Vec::new();
            let _ = line.extend_from_slice(work.line());
            self.found(a, &line, frame);
        }
        if !working {
            self.work = None;
        }
        working
    }

    /// Points the cursor at the hint's card and says what it does.
    fn show(&mut self, m: Option<Move>, why: &'static str, frame: u32) {
        let Some(m) = m else {
            self.table.say(frame, &[&"No move helps now: undo (/\\) or try any"]);
            return;
        };
        // Kept for this position: asking again shows it at once.
        let deep = self.kept.is_some_and(|k| k.0 == *self.game().board() && k.1 == m && k.3);
        self.kept = Some((*self.game().board(), m, why, deep));
        if let Some((spot, depth)) = self.find(m.card()) {
            self.cursor = spot;
            self.depth = depth;
        }
        self.hinted = Some(m);
        self.table.say_hint(frame, m, why);
    }

    /// Where a card lies: its spot and, on a stack, its depth from the top.
    fn find(&self, c: Card) -> Option<(Spot, u8)> {
        let b = self.game().board();
        if let Some(r) = (0..RESERVE).find(|&r| b.reserve(r) == Some(c)) {
            return Some((Spot::Reserve(r as u8), 1));
        }
        for s in 0..STACKS {
            let mut at = b.top(s);
            let mut d = 1u8;
            while let Some(x) = at {
                if x == c {
                    return Some((Spot::Stack(s as u8), d));
                }
                at = b.below(x);
                d = d.saturating_add(1);
                if d > 52 {
                    break;
                }
            }
        }
        None
    }

    /// One step of the attract mode, called every few frames: asks for a
    /// hint (the solver, over frames, then the winning line it found; the
    /// fair player's move when it finds none in time), then plays the
    /// hint on a later call. True when the deal has ended (shown for four
    /// seconds), or nothing is left to play: time for another.
    pub fn demo_step(&mut self, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        if let Some(end) = self.table.ended_at() {
            return frame.wrapping_sub(end) > 4 * 60;
        }
        self.demo = true;
        if self.thinking() {
            return false;
        }
        if let Some(m) = self.hinted.filter(|_| !self.last_resort) {
            self.demo_asked = false;
            return !self.play_move(m, frame, log);
        }
        if self.demo_asked {
            // The hint came back without a move: proved lost, or nothing helps.
            return true;
        }
        self.demo_asked = true;
        self.hint(frame);
        false
    }
}

/// Spots along the top row: the reserve, then the suit stacks.
const TOP_SPOTS: u8 = RESERVE as u8 + 4;

fn top_index(s: Spot) -> u8 {
    match s {
        Spot::Reserve(r) => r,
        Spot::Suit(f) => RESERVE as u8 + f,
        Spot::Stack(_) => 0,
    }
}

fn top_spot(i: u8) -> Spot {
    if i < RESERVE as u8 {
        Spot::Reserve(i)
    } else {
        Spot::Suit(i - RESERVE as u8)
    }
}

fn nearest_top(x: i16) -> Spot {
    (0..TOP_SPOTS).map(top_spot).min_by_key(|&s| (spot_x(s) - x).abs()).unwrap_or(Spot::Reserve(0))
}

fn nearest_stack(x: i16) -> u8 {
    (0..STACKS as u8).min_by_key(|&s| (spot_x(Spot::Stack(s)) - x).abs()).unwrap_or(0)
}

// The layout at 320x240 with the large cards (22x28), inside the TV-safe
// area (`paint::SAFE_*`): a line of words (deal, moves, cards home), the
// top row, then the building stacks down to the safe area's bottom. A
// card's rank and suit are drawn in its top 9 rows (2 rows of margin, a
// 7-row index), so a stack fanned 9 rows a card shows every card's index:
// up to 15 cards do. A longer stack (19 at most in practice) fans tighter,
// down to 6 rows, so it still ends inside the safe area: the rank of
// every card shows whole, the suit's symbol under it in part (and the
// colours alternate). Shorter stacks fan wider (up to FAN_MAX) to be
// easier to read.

/// Card art used.
const SIZE: CardSize = CardSize::Large;
/// The line of words above the top row.
const HEAD_Y: i16 = SAFE_TOP + 1;
/// Top row (reserve, suit stacks).
const TOP_Y: i16 = HEAD_Y + 13;
/// Horizontal pitch of the top row.
const TOP_PITCH: i16 = 23;
/// Gap between the reserve and the suit stacks, beyond the pitch.
const SUIT_GAP: i16 = 12;
/// Left edge of reserve slot 0 (the top row centred).
const RESERVE_X: i16 = (SCREEN_W - (TOP_SPOTS as i16 - 1) * TOP_PITCH - SUIT_GAP - 22) / 2;
/// Top of the building stacks.
const STACK_Y: i16 = TOP_Y + 28 + 6;
/// Horizontal pitch of the building stacks.
const STACK_PITCH: i16 = 30;
/// Left edge of stack 0 (the nine centred).
const STACK_X: i16 = (SCREEN_W - 8 * STACK_PITCH - 22) / 2;
/// The lowest row a stack may reach: a pixel over the message strip,
/// where a two-line message lies.
const STACK_BOTTOM: i16 = STRIP_TOP - 1;
/// The lowest row a stack too long for that may reach, its index whole
/// (up to 13 cards) or its rank (up to 19): a pixel over the strip's last
/// line, where a one-line message lies.
const LONG_STACK_BOTTOM: i16 = STRIP_LINE_TOP - 1;
/// Rows between fanned cards: at least the index (9), at most this.
const FAN_MAX: i16 = 13;
/// Rows of a card's index (2 of margin, 7 of rank and suit).
pub const FAN_MIN: i16 = 9;
/// Rows between the cards of the longest stacks: the rank shows whole.
pub const FAN_LEAST: i16 = 6;

/// Left edge of a spot.
pub fn spot_x(s: Spot) -> i16 {
    match s {
        Spot::Reserve(r) => RESERVE_X + i16::from(r) * TOP_PITCH,
        Spot::Suit(f) => RESERVE_X + (RESERVE as i16 + i16::from(f)) * TOP_PITCH + SUIT_GAP,
        Spot::Stack(s) => STACK_X + i16::from(s) * STACK_PITCH,
    }
}

/// Rows between the cards of a stack of `n`, with cards `ch` high.
#[inline]
pub fn fan(n: usize, ch: i16) -> i16 {
    if n < 2 {
        return FAN_MAX;
    }
    let room = |bottom: i16| (bottom - STACK_Y - ch) / (n as i16 - 1);
    let fan = room(STACK_BOTTOM);
    if fan >= FAN_MIN {
        fan.min(FAN_MAX)
    } else {
        room(LONG_STACK_BOTTOM).clamp(FAN_LEAST, FAN_MIN)
    }
}

/// Top-left of card `i` (0: the bottom card) of a stack of `n`.
pub fn stack_card_xy(s: u8, i: usize, n: usize, ch: i16) -> (i16, i16) {
    (spot_x(Spot::Stack(s)), STACK_Y + i as i16 * fan(n, ch))
}

/// Tint of cards in hand.
const HELD_TINT: Rgb = Rgb(100, 100, 150);

/// Draws the table; with `covered` (a menu over it), its cards only.
pub fn draw_table(p: &Play, face: FaceStyle, frame: u32, covered: bool, skin: &impl Skin, list: &mut DrawList) {
    draw_with(p, &View { face, highlight: false, frame, held: Buttons::empty(), covered }, skin, list)
}

/// Draws the table as `view` asks: [`draw_table`], and where the card in
/// hand may go when Select's highlight is on.
fn draw_with(p: &Play, view: &View, skin: &impl Skin, list: &mut DrawList) {
    let (face, frame, covered) = (view.face, view.frame, view.covered);
    // The cards are drawn where their motion has them (moves slide, the
    // deal is dealt, the kings leave after a win).
    let moving = p.table().motion().skin(skin, frame);
    let skin = &moving;
    if !covered {
        heading(p, skin, list);
    }
    reserve(p, face, skin, list);
    suit_stacks(p, face, frame, covered, skin, list);
    building_stacks(p, face, skin, list);
    skin.finish(list, face);
    if !p.game().status().is_over() {
        let (cw, ch) = skin.card_size(SIZE);
        cursor(p, cw, ch, list);
    }
    if view.highlight && !covered && !p.game().status().is_over() {
        targets(p, skin, list);
    }
    hint_destination(p, skin, list);
    if !covered {
        message_line(p, frame, skin, list);
    }
}

/// The line of words above the top row: the deal, the moves and the cards
/// home.
fn heading(p: &Play, skin: &impl Skin, list: &mut DrawList) {
    let g = p.game();
    let b = g.board();
    let home: u32 = Suit::ALL.into_iter().filter_map(|s| b.foundation(s)).map(|c| u32::from(c.rank().number())).sum();
    let mut head: String<48> = String::new();
    let _ = put!(head, "Deal #", p.table().seed());
    text(list, skin, SAFE_LEFT + 2, HEAD_Y, &head, palette::DIM);
    head.clear();
    let _ = put!(head, "Moves ", crate::games::Patience::move_count(g), "   Home ", home, "/52");
    let w = skin.text_width(&head);
    text(list, skin, SAFE_RIGHT - 2 - w, HEAD_Y, &head, palette::TEXT);
}

/// The reserve, on the left of the top row: its cards (tinted when in
/// hand) and empty places.
fn reserve(p: &Play, face: FaceStyle, skin: &impl Skin, list: &mut DrawList) {
    let b = p.game().board();
    let (cw, ch) = skin.card_size(SIZE);
    for r in 0..RESERVE as u8 {
        let x = spot_x(Spot::Reserve(r));
        match b.reserve(usize::from(r)) {
            Some(c) => {
                let tint = if p.held.is_some_and(|h| h.from == Spot::Reserve(r)) { HELD_TINT } else { NO_TINT };
                skin.card(list, x, TOP_Y, c, face, SIZE, tint);
            }
            None => list.fill(x, TOP_Y, cw as u16, ch as u16, palette::CELL),
        }
    }
}

/// The suit stacks, on the right of the top row: each top card, or the
/// suit's symbol on an empty one; outlined, blinking, when cards went up
/// by themselves.
fn suit_stacks(p: &Play, face: FaceStyle, frame: u32, covered: bool, skin: &impl Skin, list: &mut DrawList) {
    let b = p.game().board();
    let (cw, ch) = skin.card_size(SIZE);
    let autos = p.auto_suits(frame);
    for (f, suit) in Suit::ALL.into_iter().enumerate() {
        let x = spot_x(Spot::Suit(f as u8));
        match b.foundation(suit) {
            Some(c) => skin.card(list, x, TOP_Y, c, face, SIZE, NO_TINT),
            None => {
                list.fill(x, TOP_Y, cw as u16, ch as u16, palette::CELL);
                if !covered {
                    let mut s: String<4> = String::new();
                    let _ = s.push(['♠', '♥', '♦', '♣'][f]);
                    text(list, skin, x + cw / 2 - 3, TOP_Y + ch / 2 - skin.line_height() / 2, &s, palette::DIM);
                }
            }
        }
        if autos & (1 << suit as u8) != 0 && frame / 8 % 2 == 0 {
            list.outline(x - 1, TOP_Y - 1, (cw + 2) as u16, (ch + 2) as u16, 1, palette::LEGAL);
        }
    }
}

/// The building stacks, fanned down: the cards in hand tinted, an empty
/// stack's place.
fn building_stacks(p: &Play, face: FaceStyle, skin: &impl Skin, list: &mut DrawList) {
    let b = p.game().board();
    let (cw, ch) = skin.card_size(SIZE);
    let mut buf = [Card::new(Rank::ACE, Suit::Spades); 52];
    for s in 0..STACKS as u8 {
        let cards = b.stack(usize::from(s), &mut buf);
        let n = cards.len();
        if n == 0 {
            let (x, y) = stack_card_xy(s, 0, 1, ch);
            list.fill(x, y, cw as u16, ch as u16, palette::CELL);
        }
        let held_from = match p.held {
            Some(h) if h.from == Spot::Stack(s) => n.saturating_sub(usize::from(h.count)),
            _ => n,
        };
        for (i, &c) in cards.iter().enumerate() {
            let (x, y) = stack_card_xy(s, i, n, ch);
            skin.card(list, x, y, c, face, SIZE, if i >= held_from { HELD_TINT } else { NO_TINT });
        }
    }
}

/// The hint's destination, outlined.
fn hint_destination(p: &Play, skin: &impl Skin, list: &mut DrawList) {
    let (cw, ch) = skin.card_size(SIZE);
    if let Some(m) = p.hinted {
        let dest = match m {
            Move::Stack(_, t) => Spot::Stack(t),
            Move::Foundation(c) => Spot::Suit(c.suit() as u8),
        };
        let (x, y, h) = spot_box(p, dest, 1, ch);
        // On the card's own edge: the card fanned above keeps its index.
        list.outline(x, y, cw as u16, h as u16, 1, palette::LEGAL);
    }
}

/// Where the card in hand (or under the cursor) may go, marked (Select).
fn targets(p: &Play, skin: &impl Skin, list: &mut DrawList) {
    let (cw, ch) = skin.card_size(SIZE);
    for spot in p.targets() {
        let (x, y, h) = spot_box(p, *spot, 1, ch);
        mark_target(list, x, y, cw, h);
    }
}

/// The message line: the last message, or "Thinking..." while a hint is
/// worked out.
fn message_line(p: &Play, frame: u32, skin: &impl Skin, list: &mut DrawList) {
    if let Some(m) = p.table().message(frame) {
        super::paint::message_bar(list, skin, m);
    } else if p.asked && p.thinking() {
        super::paint::message_bar(list, skin, "Thinking...");
    }
}

/// Top-left and height of the box around `spot` (on a stack, its top
/// `depth` cards; an empty stack's place).
fn spot_box(p: &Play, spot: Spot, depth: u8, ch: i16) -> (i16, i16, i16) {
    match spot {
        Spot::Reserve(_) | Spot::Suit(_) => (spot_x(spot), TOP_Y, ch),
        Spot::Stack(s) => {
            let n = p.game().board().stack_len(usize::from(s));
            let base = n.saturating_sub(usize::from(depth.max(1)));
            let (x, y) = stack_card_xy(s, base, n.max(1), ch);
            let (_, top) = stack_card_xy(s, n.saturating_sub(1), n.max(1), ch);
            (x, y, top - y + ch)
        }
    }
}

fn cursor(p: &Play, cw: i16, ch: i16, list: &mut DrawList) {
    let depth = if p.held.is_some() { 1 } else { p.depth };
    let (x, y, h) = spot_box(p, p.cursor, depth, ch);
    // On the run's own edge: the card fanned above keeps its index.
    list.outline(x, y, cw as u16, h as u16, 2, palette::CURSOR);
}

/// The help screen's lines for King Albert.
pub const HELP: [&str; 13] = [
    "D-pad    move; up/down on a stack",
    "         chooses the run to take",
    "X        pick up / put down",
    "O        put back    R1 send up",
    "/\\       undo     [] hint",
    "SELECT   where a card may go",
    "START    pause menu",
    "Put every card up on its suit, A-K.",
    "Build down, red on black or black",
    "on red; any card fills a gap.",
    "Runs need gaps: a run of 2 needs one",
    "other empty stack, a run of 3 two.",
    "More: docs/rules/albert.md",
];

/// Help's tips page: Andrew Pipkin's tips, in our words.
pub const TIPS: [&str; 10] = [
    "- Learning? In Options, Starting",
    "  rank puts the low cards up first.",
    "- Empty two stacks early: a deal",
    "  without two gaps is seldom won.",
    "- Take a reserve card only when a",
    "  stack needs it: it never returns.",
    "- Too few gaps for a long run? Move",
    "  it in parts: fill each gap, then",
    "  rebuild it where it goes; a card",
    "  that takes part of it helps too.",
];

/// Units of thinking a frame of King Albert gives the hint while the player
/// looks at the table, as `kings albert stats --player hint
/// --ponder-frames W` counts them: measured in Mednafen at `opt-level = 2`,
/// the `AFTK HINT` lines' `steps` over the frames that pondered (a
/// position looked at without a hint shown between: 670 units in 62
/// frames, 411 in about 40; `albert-hints`), so about 40 nodes a frame.
/// More than [`crate::frame::PONDER_UNITS_A_FRAME`], the least a frame of
/// any game gives: King Albert's table is light to draw.
pub const PONDER_UNITS_A_FRAME: crate::frame::Units = 10;

/// Works `units` more on `hint` (the hint for `g`'s position): one step of
/// it, of up to [`NODES_PER_UNIT`] nodes a unit. True when the answer
/// changed. The screen's thinking and `kings albert stats --player hint`
/// both go through here.
pub fn hint_step(hint: &mut Hint, g: &Game, units: crate::frame::Units, store: &mut HintStore) -> bool {
    hint.step(g, u64::from(units).saturating_mul(NODES_PER_UNIT), store)
}

/// King Albert's search nodes in a unit of thinking
/// ([`Units`](crate::frame::Units)): a unit of 4 nodes took 0.45-0.67 ms
/// in Mednafen at `opt-level = 2` (the `AFTK HINT` lines' `step_us`,
/// `albert-hints`: the deep search's alone 0.47 ms), a fair player's step
/// or a slice of a table cleared at most about as long.
pub const NODES_PER_UNIT: u64 = 4;

impl PlayScreen for Play {
    type HintStore = HintStorage;
    table_screen!();

    fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        self.table.pressed(input);
        self.act(input, frame, log);
        self.aim_targets();
    }
    fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        self.held = None;
        self.hinted = None;
        self.drop_work();
        self.autos = None;
        self.line.clear();
        self.table.undo(frame, log);
        self.fix_cursor();
        self.aim_targets();
    }
    fn demo_frame(&mut self, frame: u32, paced: bool, log: &mut dyn crate::out::Out) -> bool {
        let over = paced && self.demo_step(frame, log);
        self.aim_targets();
        over
    }
    fn hints(&self) -> u32 {
        self.hints
    }
    fn thinking(&self) -> bool {
        Play::thinking(self)
    }
    fn deepening(&self) -> bool {
        self.work.as_ref().is_some_and(|w| w.answer().is_some() && w.working())
    }
    fn think(&mut self, budget: crate::frame::Units, frame: u32, store: &mut HintStorage) -> bool {
        Play::think(self, budget, frame, store)
    }
    fn hint_depth(&self) -> (bool, u32) {
        let deep = self.kept.is_some_and(|k| k.0 == *self.game().board() && k.3);
        (deep, self.pondered)
    }
    fn ponder(&mut self) {
        let board = *self.game().board();
        let known = self.kept.is_some_and(|k| k.0 == board) || self.line.next(&board).is_some();
        if self.work.is_some() || known || self.game().status().is_over() {
            return;
        }
        self.line.clear();
        self.start_work();
    }
    fn asked(&self) -> bool {
        self.asked && self.thinking()
    }
    fn withdraw_hint(&mut self) {
        // The work goes on as pondering would (its answer kept, not
        // shown), and "Thinking..." comes down: nobody waits for it.
        self.asked = false;
        self.table.clear_message();
    }
    fn take_sounds(&mut self) -> crate::sound::Sounds {
        self.table.take_sounds()
    }
    fn draw(&self, view: &View, skin: &impl Skin, list: &mut DrawList) {
        draw_with(self, view, skin, list)
    }
}

impl Play {
    /// What a frame's presses do.
    fn act(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        let r = input.repeated();
        let pressed = input.pressed();
        if !(r & Buttons::DPAD).is_empty() {
            self.hinted = None;
            let before = (self.cursor, self.depth());
            self.steer(r);
            if (self.cursor, self.depth()) != before {
                self.table.push_sound(Sfx::Cursor);
            }
        }
        if pressed.contains(Buttons::TRIANGLE) {
            self.undo(frame, log);
        } else if pressed.contains(Buttons::SQUARE) {
            self.hint(frame);
        } else if pressed.contains(Buttons::CIRCLE) {
            self.held = None;
            self.hinted = None;
        } else if pressed.contains(Buttons::R1) {
            self.hinted = None;
            self.send_up(frame, log);
        } else if pressed.contains(Buttons::CROSS) {
            match self.hinted.take() {
                Some(m) => {
                    self.play_move(m, frame, log);
                }
                None => self.cross(frame, log),
            }
        }
    }
}

/// The Options screen's rows of King Albert.
const OPTION_ROWS: [OptionRow; 10] = [
    OptionRow::Own(0),
    OptionRow::Own(1),
    OptionRow::Faces,
    OptionRow::Highlight,
    OptionRow::Winnable,
    OptionRow::Effects,
    OptionRow::Music,
    OptionRow::MusicInPlay,
    OptionRow::Defaults,
    OptionRow::Back,
];

/// The starting ranks in words, as the Options screen shows them.
const STARTS: [&str; 6] = ["none", "aces up", "twos up", "threes up", "fours up", "fives up"];

fn option_value(code: u8, row: u8, out: &mut dyn crate::out::Out) -> core::fmt::Result {
    let o = <Game as crate::games::Patience>::options_from_code(code).unwrap_or_default();
    match row {
        0 => put!(out, "< ", STARTS[usize::from(o.start.count()).min(5)], " >"),
        _ => put!(out, "< ", if o.auto { "on" } else { "off" }, " >"),
    }
}

fn change_option(code: u8, row: u8, dir: i8) -> u8 {
    use crate::games::{albert::StartRank, Patience};
    let mut o = Game::options_from_code(code).unwrap_or_default();
    match row {
        0 => {
            let all = StartRank::ALL;
            let cur = all.iter().position(|r| *r == o.start).unwrap_or(0) as i8;
            let n = all.len() as i8;
            o.start = all[((cur + dir) % n + n) as usize % all.len()];
        }
        _ => o.auto = !o.auto,
    }
    Game::options_code(o)
}

fn stats_label(row: usize, out: &mut dyn crate::out::Out) -> core::fmt::Result {
    let labels = ["No start", "Aces up", "Twos up", "Threes up", "Fours up", "Fives up"];
    out.put_str(labels.get(row).copied().unwrap_or("?"))
}

/// King Albert in the catalogue.
pub const SCREEN: ScreenInfo = ScreenInfo {
    demo_turn: 3,
    author: "Andrew Pipkin, 1999-2000",
    emblem: Suit::Diamonds,
    help: &HELP,
    tips: &TIPS,
    options: &OPTION_ROWS,
    option_labels: &["Starting rank", "Automatic moves"],
    option_value,
    change_option,
    stats_label,
    // A node of the solver, a slice of its table cleared, a few boards of
    // the fair player: up to 1.5 ms.
    think_step_us: 1_500,
    think_margin_us: 600,
    ..ScreenInfo::of(&crate::games::albert::INFO)
};
