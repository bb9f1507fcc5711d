//! Four Kingdoms' play screen, all on one 320x240 screen: the four suit
//! rows (dungeon, tower, guest chamber, castle, subjects) on the left with
//! the talon and the waste under them, the seven free lands on the right.
//!
//! The piles show what they need next, so that a player learns the rules
//! by looking: an empty pile shows the rank it takes ("A", "10", "K", "9")
//! beside its suit, bright when that card may go now and faint while it
//! waits (a pile with a card takes the next rank of its order, which Help
//! and Select show: a label beside it had no room to name the suit, and a
//! rank alone read as a stray letter); a guest chamber is dark while shut (until its king and queen are
//! in the castle); an empty free land says "any".
//!
//! - D-pad: between the piles; Up/Down within a free land's face-up cards
//!   (the cursor frames the run that would be picked up).
//! - Cross: picks up a run or a card (the waste's top, a guest) and puts it
//!   down on the pile under the cursor; on the talon, draws. Circle: puts
//!   the card back.
//! - R1: sends the card under the cursor (or the one held) to its
//!   foundation. L1: draws from the talon.
//! - Triangle: undo. Square: hint (the fair player's move, worked out over
//!   frames by [`Play::think`]; shown with its card held and the cursor on
//!   where it goes, so that Cross plays it). Start: pause (the caller's).
//!
//! A refused move says why, in the engine's words.

use super::hint::{Ask, HintState};
use super::paint::{palette, ring, text, text_centred, CardSize, Skin, SAFE_LEFT, SAFE_RIGHT, SAFE_TOP};
use super::screen::{OptionRow, PlayScreen, ScreenInfo, View};
use super::table::{mark_target, table_screen, Table, Targets};
use super::words::Spoken;
use crate::draw::{DrawList, Rgb, NO_TINT};
use crate::games::kingdoms::game::{Land, LANDS};
use crate::games::kingdoms::player::{Effort, Sampler};
use crate::games::kingdoms::{Card, Game, Move, Place, Position, Rank, Suit};
use crate::games::Patience;
use crate::input::{Buttons, Input};
use crate::settings::FaceStyle;
use crate::sound::Sfx;
use heapless::String;

/// A place of a suit row, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The ace.
    Dungeon,
    /// The ten.
    Tower,
    /// The guest chamber.
    Guest,
    /// K, Q, J.
    Castle,
    /// 9 down to 2.
    Subjects,
}

const COLUMNS: [Column; 5] = [Column::Dungeon, Column::Tower, Column::Guest, Column::Castle, Column::Subjects];

impl Column {
    fn index(self) -> usize {
        self as usize
    }

    /// The place of a suit row a card goes up to (the guest chamber is
    /// none).
    fn of(c: Card) -> Column {
        match c.rank().number() {
            1 => Column::Dungeon,
            10 => Column::Tower,
            11..=13 => Column::Castle,
            _ => Column::Subjects,
        }
    }

    /// Its name, as the table's header shows it.
    pub fn name(self) -> &'static str {
        ["Dungeon", "Tower", "Guest chamber", "Castle", "Subjects"][self.index()]
    }
}

impl Spoken for Game {
    /// "J♦ onto 10♦", "J♦ to an empty land", "Q♦ to the Guest chamber",
    /// "10♥ to the Tower", "draw from the talon": the places by the names
    /// the table shows.
    fn say_move(&self, m: Move, out: &mut dyn crate::out::Out) -> core::fmt::Result {
        match m {
            Move::Draw => out.put_str("draw from the talon"),
            Move::ToLand(c, l) => match self.position().land(usize::from(l)).cards().last() {
                Some(top) => put!(out, Face(c), " onto ", Face(*top)),
                None => put!(out, Face(c), " to an empty land"),
            },
            Move::ToGuest(c) => put!(out, Face(c), " to the ", Column::Guest.name()),
            Move::ToFoundation(c) => put!(out, Face(c), " to the ", Column::of(c).name()),
        }
    }
}

/// Where the cursor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A place of a suit row (`suit` 0..4: spades, hearts, diamonds, clubs).
    Row {
        /// 0..4.
        suit: u8,
        /// Which place.
        column: Column,
    },
    /// The talon.
    Talon,
    /// The waste.
    Waste,
    /// Free land `land` (0..7: p1..p7), on the face-up card `depth` below
    /// its top card (0: the top card; the run from there up is what Cross
    /// picks up).
    Land {
        /// 0..7.
        land: u8,
        /// Cards below the top one.
        depth: u8,
    },
}

use super::words::symbol;
pub use super::words::Face;

/// A rank by number as the table shows it (`?` for none).
fn rank_label(n: u8) -> &'static str {
    Rank::new(n).map_or("?", super::words::rank_label)
}

/// Nodes of a sample's search in a unit of thinking
/// ([`Units`](crate::frame::Units)): a node is a move played, its position
/// hashed and its moves listed and ordered, 1.05 ms on the console (the
/// median; 3.5 ms at most).
pub const NODES_PER_UNIT: u64 = 1;

/// The slots of the table the hint's samples are searched with.
pub const HINT_TABLE: usize = CONSOLE_EFFORT.table_slots();

/// The console's hint: one sample of the hidden cards searched within 100
/// nodes, and a sample not won votes for the first move of the line that
/// got furthest ([`Effort::CONSOLE_FURTHEST`]): 11.3% of deals 1-1000 and
/// 13.0% of 7001-8000 (never tuned on), against 5.6% and 4.5% when only
/// a won sample voted, at the same cost a step.
pub const CONSOLE_EFFORT: Effort = Effort::CONSOLE_FURTHEST;

/// The deep hint, worked out after the quick answer while the position
/// stands: each candidate move judged on one sample of the hidden cards,
/// its search from the position after it within 50 nodes (13.6% of deals
/// 1-500 on the host, played at every move, the quick answer 10.2%).
pub const DEEP_EFFORT: Effort = Effort { samples: 1, nodes: 50, each: true, furthest: false };

/// Whether the screen works out the deep answer after the quick one. Off:
/// mixed with the quick answers, and played at every move from the
/// console's storage, it won less than the quick answer alone (`kings
/// kingdoms stats --player hint`, deals 1-500: 9.8% at 240 frames and
/// with every answer deep, 11.0% at 0 of 1-300; README).
pub const DEEPEN: bool = false;

/// Where the hint's work on a position stands: the quick answer
/// ([`CONSOLE_EFFORT`]), then the deep one ([`DEEP_EFFORT`]). The screen's
/// thinking and `kings kingdoms stats --player hint` both go through
/// [`step`](Self::step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintWork {
    /// Nothing to work out.
    Idle,
    /// The quick answer asked for: the next step starts the sampler on it
    /// (so that the update itself stays short).
    Start,
    /// The quick answer being worked out.
    Quick,
    /// The quick answer found: the next step starts the deep search.
    StartDeep,
    /// The deep answer being worked out.
    Deep,
}

impl HintWork {
    /// True while work is left.
    pub fn busy(&self) -> bool {
        *self != HintWork::Idle
    }

    /// Works `units` more on the position `p` with `store` (a start is a
    /// step of its own; a unit is a few first moves weighed or
    /// [`NODES_PER_UNIT`] nodes of a search): the answer found, and
    /// whether it is the deep one. With `deepen` false, the work ends at
    /// the quick answer.
    pub fn step(
        &mut self,
        units: crate::frame::Units,
        p: &Position,
        store: &mut HintStorage,
        deepen: bool,
    ) -> Option<(Option<Move>, bool)> {
        let restart = |effort, store: &mut HintStorage| match store.sampler.as_mut() {
            Some(s) => s.restart(p, effort),
            None => store.sampler = Some(Sampler::new(p, effort)),
        };
        let deep = match *self {
            HintWork::Idle => return None,
            HintWork::Start | HintWork::StartDeep => {
                let deep = *self == HintWork::StartDeep;
                restart(if deep { DEEP_EFFORT } else { CONSOLE_EFFORT }, store);
                *self = if deep { HintWork::Deep } else { HintWork::Quick };
                return None;
            }
            HintWork::Quick => false,
            HintWork::Deep => true,
        };
        let Some(s) = store.sampler.as_mut() else {
            *self = HintWork::Idle;
            return None;
        };
        let m = s.step_in(&mut store.table, NODES_PER_UNIT.saturating_mul(u64::from(units)))?;
        *self = if !deep && deepen && m.is_some() { HintWork::StartDeep } else { HintWork::Idle };
        Some((m, deep))
    }
}

/// Where the hint thinks, as the caller keeps it for every game of Four
/// Kingdoms (the console's `App` owns one from boot, beside King Albert's):
/// the sampling player, whose search holds about 20 KB, and its table. A
/// game's screen stays small. It is lent to [`Play::think`].
pub struct HintStorage {
    sampler: Option<Sampler>,
    table: [u64; HINT_TABLE],
}

impl HintStorage {
    /// Empty storage.
    pub fn new() -> Self {
        let mut s = HintStorage { sampler: None, table: [0; HINT_TABLE] };
        let mut sampler = Sampler::new(Game::new(0).position(), CONSOLE_EFFORT);
        sampler.make_room(&mut s.table);
        s.sampler = Some(sampler);
        s
    }
}

impl Default for HintStorage {
    fn default() -> Self {
        Self::new()
    }
}

impl core::fmt::Debug for HintStorage {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("HintStorage")
    }
}

/// A game of Four Kingdoms in play.
#[derive(Clone, Debug)]
pub struct Play {
    table: Table<Game>,
    cursor: Spot,
    /// Where the cursor was in the suit rows, talon or waste when it went
    /// to the lands: Left from p1 goes back there.
    left: Spot,
    /// The card picked up (with the cards on it, in a land).
    held: Option<Card>,
    /// Where the held card (or the one under the cursor) may go: a suit
    /// row's place, a land (depth 0).
    targets: Targets<Spot, 12>,
    /// Where the fair player (in the hint storage) stands on the hint or
    /// the demo's move.
    work: HintWork,
    /// The attract mode plays this game: its moves are the quick answers
    /// only, whatever the frames' time (the demo stays the same run).
    demo: bool,
    /// Its answer, until a move is played (`Some(None)`: nothing helps).
    /// Where the hint stands (worked out before the player asks, kept).
    hint: HintState<Move>,
    hints: u32,
}

impl Play {
    /// Continues a game rebuilt from the save.
    pub fn on(table: Table<Game>) -> Play {
        let start = Spot::Land { land: 0, depth: 0 };
        Play {
            table,
            cursor: start,
            left: Spot::Row { suit: 0, column: Column::Subjects },
            held: None,
            targets: Targets::default(),
            work: HintWork::Idle,
            demo: false,
            hint: HintState::default(),
            hints: 0,
        }
        .dealt()
    }

    /// A fresh deal comes off the talon.
    fn dealt(self) -> Play {
        if crate::games::Patience::move_count(self.game()) == 0 {
            self.table.motion().deal_from(TALON_XY.0, TALON_XY.1);
        }
        self
    }

    /// The table (game, log, message).
    pub fn table(&self) -> &Table<Game> {
        &self.table
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    fn pos(&self) -> &Position {
        self.table.game().position()
    }

    /// Where the cursor is.
    pub fn cursor(&self) -> Spot {
        self.cursor
    }

    /// The card picked up, if any (a land's run: its lowest card).
    pub fn held(&self) -> Option<Card> {
        self.held
    }

    /// Plays `m` through the table (logged; a refusal says why). Whatever
    /// was held, hinted or being worked out belonged to the position before.
    fn play(&mut self, m: Move, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        let sfx = match m {
            Move::Draw => Sfx::Deal,
            Move::ToFoundation(_) => Sfx::Foundation,
            Move::ToLand(..) | Move::ToGuest(_) => Sfx::PutDown,
        };
        let ok = self.table.play(m, sfx, frame, log);
        if ok && m == Move::Draw {
            // The drawn card comes off the talon.
            self.table.motion().arrive_from(TALON_XY.0, TALON_XY.1);
        }
        if ok {
            self.hold(None);
            self.forget();
            self.fix_cursor();
        }
        ok
    }

    /// Holds `card` (or nothing).
    fn hold(&mut self, card: Option<Card>) {
        self.held = card;
    }

    /// Where the held card, or else the one under the cursor, may go
    /// (Select shows them).
    pub fn targets(&self) -> &[Spot] {
        self.targets.places()
    }

    /// Works out [`Play::targets`] again when the card or the position
    /// changed.
    fn aim_targets(&mut self) {
        let card = self.held.or_else(|| self.card_under_cursor());
        let row = |c: Card, column| Spot::Row { suit: c.suit() as u8, column };
        self.targets.aim(&self.table, card.map(|c| u32::from(c.index())), |m| match m {
            Move::ToLand(c, land) if Some(c) == card => Some(Spot::Land { land, depth: 0 }),
            Move::ToGuest(c) if Some(c) == card => Some(row(c, Column::Guest)),
            Move::ToFoundation(c) if Some(c) == card => Some(row(c, Column::of(c))),
            _ => None,
        });
    }

    /// Forgets the move worked out (or being worked out) for the position
    /// before.
    fn forget(&mut self) {
        self.work = HintWork::Idle;
        self.hint.forget();
    }

    /// Keeps a land cursor on a face-up card of its land.
    fn fix_cursor(&mut self) {
        if let Spot::Land { land, depth } = self.cursor {
            let up = self.pos().land(usize::from(land)).up().len();
            self.cursor = Spot::Land { land, depth: depth.min(up.saturating_sub(1) as u8) };
        }
    }

    /// The D-pad.
    fn steer(&mut self, r: Buttons) {
        let dir = [Buttons::LEFT, Buttons::RIGHT, Buttons::UP, Buttons::DOWN].into_iter().find(|b| r.contains(*b));
        let Some(dir) = dir else { return };
        let to_lands = Spot::Land { land: 0, depth: 0 };
        let next = match (self.cursor, dir) {
            (Spot::Row { suit, column }, Buttons::LEFT) => {
                Spot::Row { suit, column: COLUMNS[column.index().saturating_sub(1)] }
            }
            (Spot::Row { column: Column::Subjects, .. }, Buttons::RIGHT) => to_lands,
            (Spot::Row { suit, column }, Buttons::RIGHT) => Spot::Row { suit, column: COLUMNS[column.index() + 1] },
            (Spot::Row { suit, column }, Buttons::UP) => Spot::Row { suit: suit.saturating_sub(1), column },
            (Spot::Row { suit: 3, column: Column::Dungeon }, Buttons::DOWN) => Spot::Talon,
            (Spot::Row { suit: 3, .. }, Buttons::DOWN) => Spot::Waste,
            (Spot::Row { suit, column }, _) => Spot::Row { suit: suit + 1, column },
            (Spot::Talon, Buttons::RIGHT) => Spot::Waste,
            (Spot::Talon, Buttons::UP) => Spot::Row { suit: 3, column: Column::Dungeon },
            (Spot::Talon, _) => Spot::Talon,
            (Spot::Waste, Buttons::LEFT) => Spot::Talon,
            (Spot::Waste, Buttons::RIGHT) => to_lands,
            (Spot::Waste, Buttons::UP) => Spot::Row { suit: 3, column: Column::Tower },
            (Spot::Waste, _) => Spot::Waste,
            (Spot::Land { land: 0, .. }, Buttons::LEFT) => self.left,
            (Spot::Land { land, .. }, Buttons::LEFT) => Spot::Land { land: land - 1, depth: 0 },
            (Spot::Land { land, depth }, Buttons::RIGHT) => {
                if usize::from(land) + 1 < LANDS {
                    Spot::Land { land: land + 1, depth: 0 }
                } else {
                    Spot::Land { land, depth }
                }
            }
            (Spot::Land { land, depth }, Buttons::UP) => Spot::Land { land, depth: depth.saturating_add(1) },
            (Spot::Land { land, depth }, _) => Spot::Land { land, depth: depth.saturating_sub(1) },
        };
        if !matches!(self.cursor, Spot::Land { .. }) && matches!(next, Spot::Land { .. }) {
            self.left = self.cursor;
        }
        self.cursor = next;
        self.fix_cursor();
    }

    /// The card under the cursor that could move: a land's card at the
    /// cursor's depth, the waste's top, a guest.
    fn card_under_cursor(&self) -> Option<Card> {
        let p = self.pos();
        match self.cursor {
            Spot::Land { land, depth } => {
                let up = p.land(usize::from(land)).up();
                up.len().checked_sub(1 + usize::from(depth)).and_then(|i| up.get(i)).copied()
            }
            Spot::Waste => p.waste().last().copied(),
            Spot::Row { suit, column: Column::Guest } => p.guest(Suit::ALL[usize::from(suit) & 3]),
            _ => None,
        }
    }

    fn pick_up(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        if let Some(c) = self.card_under_cursor() {
            self.hold(Some(c));
            self.table.push_sound(Sfx::PickUp);
            self.table.clear_message();
            return;
        }
        match self.cursor {
            Spot::Talon => {
                self.play(Move::Draw, frame, log);
            }
            Spot::Waste => self.table.say(frame, &[&"The waste is empty: L1 draws from the talon"]),
            Spot::Land { land, .. } => {
                self.table.say(frame, &[&"p", &(land + 1), &" is empty: it takes any card or run"])
            }
            Spot::Row { suit, column: Column::Guest } => {
                let s = Suit::ALL[usize::from(suit) & 3];
                if self.pos().guest_open(s) {
                    self.table.say(frame, &[&"The ", &(s.name()), &" Guest chamber is empty"]);
                } else {
                    self.table.say(
                        frame,
                        &[
                            &"The ",
                            &(s.name()),
                            &" Guest chamber opens once the king and queen of ",
                            &(s.name()),
                            &" are in the Castle",
                        ],
                    );
                }
            }
            Spot::Row { column, .. } => self.table.say(frame, &[&"Cards never leave the ", &column.name()]),
        }
    }

    fn put_down(&mut self, card: Card, frame: u32, log: &mut dyn crate::out::Out) {
        let place = self.pos().locate(card);
        let m = match self.cursor {
            Spot::Land { land, .. } => {
                if matches!(place, Place::Land { land: l, .. } if l == land) {
                    self.hold(None); // back where it was
                    return;
                }
                Move::ToLand(card, land)
            }
            Spot::Row { suit, column } => {
                let s = Suit::ALL[usize::from(suit) & 3];
                if s != card.suit() {
                    self.table.say(frame, &[&"The ", &(s.name()), &" row takes only ", &(s.name())]);
                    return;
                }
                if column != Column::Guest {
                    Move::ToFoundation(card)
                } else if place == Place::Guest {
                    self.hold(None);
                    return;
                } else {
                    Move::ToGuest(card)
                }
            }
            Spot::Talon | Spot::Waste => {
                if matches!(place, Place::Waste { .. }) {
                    self.hold(None);
                    return;
                }
                self.table.say(frame, &[&"Nothing is played on the talon or the waste (O puts it back)"]);
                return;
            }
        };
        self.play(m, frame, log);
    }

    /// R1: the held card, or the one under the cursor, up to its suit row.
    fn home(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        match self.held.or_else(|| self.card_under_cursor()) {
            Some(c) => {
                self.play(Move::ToFoundation(c), frame, log);
            }
            None => self.table.say(frame, &[&"Point at a card to send it up"]),
        }
    }

    /// Starts working out the fair player's move (Square). It is worked out
    /// by [`think`](Self::think), over as many frames as it takes, and
    /// shown when found.
    pub fn hint(&mut self, frame: u32) {
        match self.hint.ask() {
            Ask::Show(m) => self.show(m.or_else(|| super::table::any_legal(self.table.game())), frame),
            Ask::Start => {
                self.work = HintWork::Start;
                self.table.say(frame, &[&"Thinking..."]);
            }
            Ask::Wait => self.table.say(frame, &[&"Thinking..."]),
        }
    }

    /// Works `budget` more units on the hint or demo move being worked out
    /// in `store` (the console calls it with what time each frame has
    /// left; [`HintWork::step`]): the quick answer, shown once found if
    /// asked, then (not in the demo) the deep one, which replaces it. True
    /// while work is left.
    pub fn think(&mut self, budget: crate::frame::Units, frame: u32, store: &mut HintStorage) -> bool {
        self.hint.thought(frame);
        let pos = self.table.game().position();
        if let Some((m, deep)) = self.work.step(budget, pos, store, DEEPEN && !self.demo) {
            // The demo deals again when nothing helps; the player's Square
            // still gets a move while one exists. A deep search that finds
            // nothing helps leaves the quick answer.
            if (!deep || m.is_some()) && self.hint.found_at(m, deep) {
                self.show(m.or_else(|| super::table::any_legal(self.table.game())), frame);
            }
        }
        self.work.busy()
    }

    /// Shows a move as a hint: its card held, the cursor where it goes, a
    /// message naming the button that plays it.
    fn show(&mut self, m: Option<Move>, frame: u32) {
        self.hints = self.hints.wrapping_add(1);
        let row = |c: Card, column| Spot::Row { suit: c.suit() as u8, column };
        match m {
            Some(Move::Draw) => {
                self.hold(None);
                self.cursor = Spot::Talon;
            }
            Some(Move::ToLand(c, land)) => {
                self.hold(Some(c));
                self.cursor = Spot::Land { land, depth: 0 };
            }
            Some(Move::ToGuest(c)) => {
                self.hold(Some(c));
                self.cursor = row(c, Column::Guest);
            }
            Some(Move::ToFoundation(c)) => {
                self.hold(Some(c));
                self.cursor = row(c, Column::of(c));
            }
            None => self.table.say(frame, &[&"No move helps now (/\\ undo)"]),
        }
        if let Some(m) = m {
            self.table.say_hint(frame, m, "");
        }
    }

    /// One step of the attract mode, called every few frames: starts the
    /// fair player's next move (worked out by [`think`](Self::think) and
    /// shown as a hint), then plays it on the next call. True when the deal
    /// has ended (shown for four seconds) or nothing helps: time for another.
    pub fn demo_step(&mut self, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        if let Some(end) = self.table.ended_at() {
            return frame.wrapping_sub(end) > 4 * 60;
        }
        match self.hint.ask() {
            Ask::Show(Some(m)) => !self.play(m, frame, log),
            Ask::Show(None) => true,
            Ask::Start => {
                self.demo = true;
                self.work = HintWork::Start;
                false
            }
            Ask::Wait => false,
        }
    }
}

// The layout inside the TV-safe area (`paint::SAFE_*`), over the message
// strip (`paint::STRIP_TOP`): two lines of words name the places
// (Dungeon, Tower, Guest, Castle, Subjects, and the Lands), the suit rows
// of 22x28 "Large" cards under them, the talon and the waste's top two
// cards below, 20 pixels apart (the lower card's rank and suit show); the
// seven lands to the right in 16x22 "Compact" cards, 18 pixels apart, so
// that no land lies over its neighbour's suit. The longest land, three
// face-down cards under a run of twelve, ends at y = 43 + 3*4 + 11*10 +
// 22 = 187, over the message strip, so the lands never need squeezing.
// The controls are on the Help screen.

/// The two lines of words naming the places.
const HEAD_Y: [i16; 2] = [SAFE_TOP + 1, SAFE_TOP + 12];
/// Top of the first suit row and of the lands (words above).
const TOP: i16 = SAFE_TOP + 24;
/// Distance between suit rows.
const ROW_PITCH: i16 = 29;
/// Left edges of a suit row's places.
const COL_X: [i16; 5] = [SAFE_LEFT, SAFE_LEFT + 23, SAFE_LEFT + 46, SAFE_LEFT + 69, SAFE_LEFT + 92];
/// The talon and the waste, under the suit rows.
const TALON_XY: (i16, i16) = (SAFE_LEFT, TOP + 4 * ROW_PITCH + 2);
/// The waste's first card; up to three are fanned to the right.
const WASTE_X: i16 = SAFE_LEFT + 28;
/// Spread of the waste's fan: a card's width less its right margin.
const WASTE_STEP: i16 = 20;
/// The waste's cards shown, fanned: its top two.
const WASTE_SHOWN: usize = 2;
/// The lands' card size.
const LAND_SIZE: CardSize = CardSize::Compact;
/// Left edge of the first land and the distance between lands.
const LAND_X: i16 = SAFE_LEFT + 134;
const LAND_PITCH: i16 = 18;
/// How much of a face-down card shows under the next.
const DOWN_STEP: i16 = 4;
/// How much of a face-up card shows under the next: its rank and suit.
const UP_STEP: i16 = 10;

/// Top-left of a suit row's place.
pub fn row_xy(suit: u8, column: Column) -> (i16, i16) {
    (COL_X[column.index()], TOP + i16::from(suit.min(3)) * ROW_PITCH)
}

/// Top-left of land `l`'s card number `i` (from the bottom).
pub fn land_xy(land: &Land, l: u8, i: usize) -> (i16, i16) {
    let down = land.down().min(i) as i16;
    let up = i.saturating_sub(land.down()) as i16;
    (LAND_X + i16::from(l) * LAND_PITCH, TOP + down * DOWN_STEP + up * UP_STEP)
}

/// Draws the table; with `covered` (a menu over it), its cards only.
pub fn draw_table(p: &Play, face: FaceStyle, frame: u32, covered: bool, skin: &impl Skin, list: &mut DrawList) {
    draw_with(p, &View { face, highlight: false, frame, held: Buttons::empty(), covered }, skin, list)
}

/// Draws the table as `view` asks: [`draw_table`], and where the held card
/// may go when Select's highlight is on.
fn draw_with(p: &Play, view: &View, skin: &impl Skin, list: &mut DrawList) {
    // The cards are drawn where their motion has them (moves slide, a
    // drawn card comes off the talon, the kings leave after a win).
    let (face, frame, covered) = (view.face, view.frame, view.covered);
    let moving = p.table().motion().skin(skin, frame);
    let skin = &moving;
    let (cw, ch) = skin.card_size(CardSize::Large);
    let land = skin.card_size(LAND_SIZE);
    let t = Tableau { p, pos: p.pos(), face, frame, covered, cw, ch, land, lh: skin.line_height() };
    t.heads(skin, list);
    t.suit_rows(skin, list);
    t.talon_and_waste(skin, list);
    t.counts(skin, list);
    t.lands(skin, list);
    skin.finish(list, face);
    if view.highlight && !covered && !p.game().status().is_over() {
        t.targets(list);
    }
    t.held(list);
    t.cursor(list);
    t.message(skin, list);
}

/// One frame of the table: the play, its position, how it is drawn, the
/// card size and line height.
struct Tableau<'a> {
    p: &'a Play,
    pos: &'a Position,
    face: FaceStyle,
    frame: u32,
    /// A menu over the table: its words are left out.
    covered: bool,
    cw: i16,
    ch: i16,
    /// A land card's width and height.
    land: (i16, i16),
    lh: i16,
}

impl Tableau<'_> {
    /// Words at (x, y), left out under a menu.
    fn text(&self, list: &mut DrawList, skin: &impl Skin, x: i16, y: i16, s: &str, c: Rgb) {
        if !self.covered {
            text(list, skin, x, y, s, c);
        }
    }

    /// Words centred on x, left out under a menu.
    #[inline]
    fn text_centred(&self, list: &mut DrawList, skin: &impl Skin, x: i16, y: i16, s: &str, c: Rgb) {
        if !self.covered {
            text_centred(list, skin, x, y, s, c);
        }
    }

    /// The places' names, on two lines so each has room: the columns in
    /// turn, the lands over the middle of theirs; under that, over the
    /// lands, the deal number and the moves, as every game shows them.
    fn heads(&self, skin: &impl Skin, list: &mut DrawList) {
        for (col, head) in COLUMNS.iter().zip(["Dungeon", "Tower", "Guest", "Castle", "Subjects"]) {
            let i = col.index();
            self.text(list, skin, COL_X[i], HEAD_Y[i % 2], head, palette::DIM);
        }
        let lands_mid = LAND_X + (6 * LAND_PITCH + self.land.0) / 2;
        self.text_centred(list, skin, lands_mid, HEAD_Y[0], "Lands", palette::DIM);
        let mut deal: String<32> = String::new();
        let _ = put!(deal, "Deal #", self.p.table().seed(), "  Moves ", self.p.game().move_count());
        let w = skin.text_width(&deal);
        self.text(list, skin, SAFE_RIGHT - w, HEAD_Y[1], &deal, palette::TEXT);
    }

    /// The suit rows, place by place.
    fn suit_rows(&self, skin: &impl Skin, list: &mut DrawList) {
        for (si, s) in Suit::ALL.into_iter().enumerate() {
            for column in COLUMNS {
                self.row_place(si, s, column, skin, list);
            }
        }
    }

    /// One place of a suit row: its top card and the rank it takes next,
    /// or its empty place saying what goes there; framed when the held
    /// card may go there.
    fn row_place(&self, si: usize, s: Suit, column: Column, skin: &impl Skin, list: &mut DrawList) {
        let (pos, cw, ch, lh) = (self.pos, self.cw, self.ch, self.lh);
        let f = pos.foundations();
        let suit = si as u8;
        let ready = |n: u8| Rank::new(n).is_some_and(|r| pos.foundation_needs(Card::new(r, s)).0 == 0);
        let shade = |ok: bool| if ok { palette::TEXT } else { palette::DIM };
        let (x, y) = row_xy(suit, column);
        let top = match column {
            Column::Dungeon => f.dungeon[si].then_some(1),
            Column::Tower => f.tower[si].then_some(10),
            Column::Guest => pos.guest(s).map(|c| c.rank().number()),
            Column::Castle => (f.castle[si] > 0).then(|| 14 - f.castle[si].min(3)),
            Column::Subjects => (f.subjects[si] > 0).then(|| 10 - f.subjects[si].min(8)),
        };
        // The rank this place takes next, if any.
        let next = match column {
            Column::Dungeon => (!f.dungeon[si]).then_some(1),
            Column::Tower => (!f.tower[si]).then_some(10),
            Column::Guest => None,
            Column::Castle => (f.castle[si] < 3).then(|| 13 - f.castle[si]),
            Column::Subjects => (f.subjects[si] < 8).then(|| 9 - f.subjects[si]),
        };
        match top.and_then(Rank::new) {
            Some(r) => skin.card(list, x, y, Card::new(r, s), self.face, CardSize::Large, NO_TINT),
            None if column == Column::Guest => {
                let open = pos.guest_open(s);
                list.fill(x, y, cw as u16, ch as u16, if open { palette::CELL } else { palette::BOX });
                let mut l: String<4> = String::new();
                let _ = l.push(symbol(s));
                self.text_centred(list, skin, x + cw / 2, y + ch / 2 - lh / 2, &l, shade(open));
            }
            None => {
                list.fill(x, y, cw as u16, ch as u16, palette::CELL);
                if let Some(n) = next {
                    let mut l: String<8> = String::new();
                    let _ = l.push_str(rank_label(n));
                    let _ = l.push(symbol(s));
                    self.text_centred(list, skin, x + cw / 2, y + ch / 2 - lh / 2, &l, shade(ready(n)));
                }
            }
        }
    }

    /// The talon and the waste's top two cards, fanned.
    fn talon_and_waste(&self, skin: &impl Skin, list: &mut DrawList) {
        let (pos, cw, ch) = (self.pos, self.cw, self.ch);
        let (tx, ty) = TALON_XY;
        if pos.talon_len() > 0 {
            skin.back(list, tx, ty, CardSize::Large);
        } else {
            list.fill(tx, ty, cw as u16, ch as u16, palette::CELL);
        }
        let shown = self.waste_shown();
        for (i, c) in shown.iter().enumerate() {
            skin.card(list, WASTE_X + i as i16 * WASTE_STEP, ty, *c, self.face, CardSize::Large, NO_TINT);
        }
        if shown.is_empty() {
            list.fill(WASTE_X, ty, cw as u16, ch as u16, palette::CELL);
        }
    }

    /// The waste's cards shown: its top two.
    fn waste_shown(&self) -> &[Card] {
        let waste = self.pos.waste();
        &waste[waste.len().saturating_sub(WASTE_SHOWN)..]
    }

    /// Beside the talon and the waste (above the message bar's place, left
    /// of the lands): the cards home, the talon's and the waste's counts.
    fn counts(&self, skin: &impl Skin, list: &mut DrawList) {
        let (pos, lh) = (self.pos, self.lh);
        let (_, ty) = TALON_XY;
        let info_x = WASTE_X + (WASTE_SHOWN as i16 - 1) * WASTE_STEP + self.cw + 4;
        let mut line: String<16> = String::new();
        let mut n: String<8> = String::new();
        count(&mut n, pos.on_foundations());
        let _ = put!(line, "Home ", n, "/52");
        self.text(list, skin, info_x, ty, &line, palette::TEXT);
        line.clear();
        n.clear();
        count(&mut n, pos.talon_len());
        let _ = if pos.talon_len() == 0 { line.push_str("No redeal") } else { put!(line, "Talon ", n).map_err(|_| ()) };
        self.text(list, skin, info_x, ty + lh + 1, &line, palette::DIM);
        line.clear();
        n.clear();
        count(&mut n, pos.waste().len());
        let _ = put!(line, "Waste ", n);
        self.text(list, skin, info_x, ty + 2 * (lh + 1), &line, palette::DIM);
    }

    /// The free lands: face-down cards under their face-up runs, an empty
    /// land's place, framed when the held card may go there.
    fn lands(&self, skin: &impl Skin, list: &mut DrawList) {
        let (cw, ch) = self.land;
        for l in 0..LANDS as u8 {
            let land = self.pos.land(usize::from(l));
            let cards = land.cards();
            let (x, y) = land_xy(land, l, 0);
            if cards.is_empty() {
                // Any card goes here (the next land covers a word's room).
                list.fill(x, y, cw as u16, ch as u16, palette::CELL);
            }
            for (i, c) in cards.iter().enumerate() {
                let (x, y) = land_xy(land, l, i);
                if i < land.down() {
                    skin.back(list, x, y, LAND_SIZE);
                } else {
                    skin.card(list, x, y, *c, self.face, LAND_SIZE, NO_TINT);
                }
            }
        }
    }

    /// Where the held card (or the one under the cursor) may go, marked
    /// (Select): a suit row's place, or a land's top card.
    fn targets(&self, list: &mut DrawList) {
        for spot in self.p.targets() {
            // A land's card is compact: its mark on its own edge.
            let ((x, y), (w, h)) = match *spot {
                Spot::Row { suit, column } => (row_xy(suit, column), (self.cw, self.ch)),
                Spot::Land { land, .. } => {
                    let l = self.pos.land(usize::from(land));
                    (land_xy(l, land, l.cards().len().saturating_sub(1)), self.land)
                }
                Spot::Talon | Spot::Waste => continue,
            };
            mark_target(list, x, y, w, h);
        }
    }

    /// What is held: the run framed where it lies.
    fn held(&self, list: &mut DrawList) {
        if let Some(c) = self.p.held() {
            if let Some((x, y, w, h)) = frame_of(self.pos, c, (self.cw, self.ch), self.land) {
                // On the run's own edge, as the cursor's ring: no neighbour's
                // corner under it.
                list.outline(x, y, w as u16, h as u16, 2, palette::SAME);
            }
        }
    }

    /// The cursor, pulsing: none once the game is over.
    fn cursor(&self, list: &mut DrawList) {
        let (pos, cw, ch) = (self.pos, self.cw, self.ch);
        if !self.p.game().status().is_over() {
            let (tx, ty) = TALON_XY;
            let (x, y, w, h) = match self.p.cursor() {
                Spot::Row { suit, column } => {
                    let (x, y) = row_xy(suit, column);
                    (x, y, cw, ch)
                }
                Spot::Talon => (tx, ty, cw, ch),
                Spot::Waste => (WASTE_X + self.waste_shown().len().saturating_sub(1) as i16 * WASTE_STEP, ty, cw, ch),
                Spot::Land { land, depth } => {
                    let l = pos.land(usize::from(land));
                    let n = l.cards().len();
                    let depth = if self.p.held().is_some() { 0 } else { usize::from(depth) };
                    let (x, y) = land_xy(l, land, n.saturating_sub(1 + depth));
                    let (_, bottom) = land_xy(l, land, n.saturating_sub(1));
                    (x, y, self.land.0, bottom - y + self.land.1)
                }
            };
            ring(list, x, y, (w, h), self.frame, palette::CURSOR);
        }
    }

    /// The message bar, left out under a menu.
    fn message(&self, skin: &impl Skin, list: &mut DrawList) {
        if let Some(m) = self.p.table().message(self.frame).filter(|_| !self.covered) {
            super::paint::message_bar(list, skin, m);
        }
    }
}

/// Writes `n` (0..100) in digits, without the formatting machinery.
#[inline]
fn count(s: &mut String<8>, n: usize) {
    if n >= 10 {
        let _ = s.push(char::from(b'0' + (n / 10 % 10) as u8));
    }
    let _ = s.push(char::from(b'0' + (n % 10) as u8));
}

/// Where the held card and the cards on it lie: x, y, width and height,
/// `card` a suit row's card size and `land` a land's.
fn frame_of(pos: &Position, c: Card, card: (i16, i16), land: (i16, i16)) -> Option<(i16, i16, i16, i16)> {
    match pos.locate(c) {
        Place::Land { land: l, index, .. } => {
            let pile = pos.land(usize::from(l));
            let (x, y) = land_xy(pile, l, usize::from(index));
            let (_, bottom) = land_xy(pile, l, pile.cards().len().saturating_sub(1));
            Some((x, y, land.0, bottom - y + land.1))
        }
        Place::Waste { .. } => {
            let shown = pos.waste().len().min(WASTE_SHOWN);
            Some((WASTE_X + shown.saturating_sub(1) as i16 * WASTE_STEP, TALON_XY.1, card.0, card.1))
        }
        Place::Guest => {
            let (x, y) = row_xy(c.suit() as u8, Column::Guest);
            Some((x, y, card.0, card.1))
        }
        _ => None,
    }
}

/// The help screen's lines for Four Kingdoms.
pub const HELP: [&str; 13] = [
    "D-pad    move between the piles;",
    "         up/down within a land",
    "X        pick up a run or card /",
    "         put it down; draw (talon)",
    "O back   L1 draw   R1 send up",
    "SELECT   where a card may go",
    "/\\       undo     [] hint",
    "START    pause menu",
    "Each suit goes home: its 10 to the",
    "tower any time; K, Q, J to the",
    "castle, then 9 down to 2; ace last.",
    "Lands build up in suit: 5 on 4.",
    "More: docs/rules/kingdoms.md",
];

/// Help's tips page: what our solver shows (the measurements are in
/// docs/rules/kingdoms.md, Tips).
pub const TIPS: [&str; 11] = [
    "- Many deals cannot be won: the",
    "  solver proves 4 in 10 lost. For",
    "  a fair chance: Winnable only.",
    "- Aces block: nothing goes on one.",
    "  No ace on the lands at the deal:",
    "  8 in 10 winnable; three or more: 4.",
    "- Park an ace on an empty land to",
    "  turn up what it lay on: 3 in 4 of",
    "  the solver's wins do.",
    "- Use the guest chambers (after K,",
    "  Q): every win the solver found does.",
];

impl PlayScreen for Play {
    type HintStore = HintStorage;
    table_screen!();

    fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        self.table.pressed(input);
        self.act(input, frame, log);
        self.aim_targets();
    }
    fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        self.hold(None);
        self.forget();
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
        self.work.busy()
    }
    fn think(&mut self, budget: crate::frame::Units, frame: u32, store: &mut HintStorage) -> bool {
        Play::think(self, budget, frame, store)
    }
    fn ponder(&mut self) {
        if !self.game().status().is_over() && self.hint.ponder() {
            self.work = HintWork::Start;
        }
    }
    fn hint_depth(&self) -> (bool, u32) {
        self.hint.depth()
    }
    fn asked(&self) -> bool {
        self.hint.asked()
    }
    fn withdraw_hint(&mut self) {
        // The sampler goes on; "Thinking..." comes down: nobody waits for it.
        self.hint.withdraw();
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
        let before = self.cursor;
        self.steer(input.repeated());
        if self.cursor != before {
            self.table.push_sound(Sfx::Cursor);
        }
        let pressed = input.pressed();
        if pressed.contains(Buttons::TRIANGLE) {
            self.undo(frame, log);
            return;
        }
        if self.game().status().is_over() {
            return;
        }
        if pressed.contains(Buttons::SQUARE) {
            self.hint(frame);
        } else if pressed.contains(Buttons::CIRCLE) {
            self.hold(None);
        } else if pressed.contains(Buttons::L1) {
            self.play(Move::Draw, frame, log);
        } else if pressed.contains(Buttons::R1) {
            self.home(frame, log);
        } else if pressed.contains(Buttons::CROSS) {
            match self.held {
                None => self.pick_up(frame, log),
                Some(c) => self.put_down(c, frame, log),
            }
        }
    }
}

/// The Options screen's rows of Four Kingdoms.
const OPTION_ROWS: [OptionRow; 9] = [
    OptionRow::Own(0),
    OptionRow::Faces,
    OptionRow::Highlight,
    OptionRow::Winnable,
    OptionRow::Effects,
    OptionRow::Music,
    OptionRow::MusicInPlay,
    OptionRow::Defaults,
    OptionRow::Back,
];

/// The automatic moves, on or off.
fn option_value(code: u8, _row: u8, out: &mut dyn crate::out::Out) -> core::fmt::Result {
    let o = Game::options_from_code(code).unwrap_or_default();
    put!(out, "< ", if o.auto { "on" } else { "off" }, " >")
}

fn change_option(code: u8, _row: u8, _dir: i8) -> u8 {
    let o = Game::options_from_code(code).unwrap_or_default();
    Game::options_code(crate::games::kingdoms::Options { auto: !o.auto })
}

/// Four Kingdoms in the catalogue: its one option, the automatic moves.
pub const SCREEN: ScreenInfo = ScreenInfo {
    demo_turn: 2,
    author: "David Bernazzani",
    emblem: crate::cards::Suit::Clubs,
    help: &HELP,
    tips: &TIPS,
    options: &OPTION_ROWS,
    option_labels: &["Automatic moves"],
    option_value,
    change_option,
    // A first move played, a dozen second moves judged, a node of a
    // sample's search: 1.05 ms median, 3.2 ms p99, 3.5 ms at most (the
    // kingdoms-won run in Mednafen, 7,714 steps).
    think_step_us: 3_500,
    // The estimate is its longest step (the prior is the longest measured).
    think_margin_us: 100,
    ..ScreenInfo::of(&crate::games::kingdoms::INFO)
};
