//! The Edge: King's Corners' play screen: the 4x4 matrix, the drawn card,
//! the deck and discard counts, and the group being chosen.
//!
//! - D-pad: moves the cursor over the sixteen cells (wrapping).
//! - Cross: places the drawn card on the cell; while matching, adds the
//!   card under the cursor to the group or takes it out again. A group is
//!   removed the moment its cards add up to 10.
//! - Circle: empties the group being chosen. L1 (the collection's draw
//!   button): draws again, once a group has been removed (the rules'
//!   `draw`); X does too right after a hint that says to draw.
//! - Triangle: undo. Square: hint (the fair player's move). Start: pause.

use super::hint::{Ask, HintState};
use super::screen::{PlayScreen, ScreenInfo, View};
use super::table::{mark_target, table_screen, Table, Targets};
use super::words::Spoken;
use crate::draw::{DrawList, NO_TINT};
use crate::frame::Units;
use crate::games::corners::hint::Hint;
use crate::games::corners::{game::value, player, Cell, Game, Move, Phase};
use crate::games::Patience;
use crate::input::{Buttons, Input};
use crate::settings::FaceStyle;
use crate::sound::{Sfx, Sounds};
use heapless::String;

use super::paint::{palette, text, text_centred, CardSize, Skin, SAFE_TOP};

/// A game of King's Corners in play.
#[derive(Clone, Debug)]
pub struct Play {
    table: Table<Game>,
    cursor: Cell,
    /// Cells of the group being chosen (bit per cell index).
    group: u16,
    /// The hint showing is "draw": X then draws, as L1 does.
    draw_hinted: bool,
    /// The hint being worked out (Square), a few groups a frame, then
    /// deepened while the position stands.
    thinker: Option<Hint>,
    /// Where the hint stands (worked out before the player asks, kept).
    hint: HintState<Move>,
    /// Hints shown so far (the console times each one).
    hints: u32,
    /// Sound effects asked for since last taken.
    sounds: Sounds,
    /// Where the drawn card may go; while matching, the cards that make 10
    /// with the card under the cursor and the group chosen.
    targets: Targets<Cell, 16>,
}

impl Spoken for Game {
    /// "5♦ to row 2, column 3", "clear 3♠ + 7♦", "draw the next card".
    fn say_move(&self, m: Move, out: &mut dyn crate::out::Out) -> core::fmt::Result {
        match m {
            Move::Place(c, cell) => put!(out, c, " to ", cell),
            Move::Clear(g) => {
                out.put_str("clear")?;
                for (i, c) in g.cards().iter().enumerate() {
                    put!(out, if i == 0 { " " } else { " + " }, c)?;
                }
                Ok(())
            }
            Move::Draw => out.put_str("draw the next card"),
        }
    }
}

/// Groups the fair player looks at in a unit of thinking
/// ([`Units`](crate::frame::Units)): a group takes 40-120 µs on the console
/// with the call round it (Mednafen, the `AFTK HINT` lines' `step_us` at a
/// group a unit); 12 groups take 0.3-1 ms.
pub const GROUPS_PER_UNIT: u32 = 12;

/// Units the fair player thinks in a frame's own update while a hint is
/// worked out (24 groups); the console adds more with [`Play::think`] while
/// the frame has time. A hint looks at most at a couple of hundred groups
/// (168 over the first 3,000 deals played by the fair player), which at one
/// frame's update would take up to 6.7 ms on the console: spread over frames,
/// none comes near the vblank.
pub const THINK_PER_FRAME: Units = 2;

/// Nodes of the deep hint's expectimax in a unit: a node costs the
/// console about 0.45 ms (Mednafen, `corners-deep`: 2 nodes a unit took
/// 0.77-1.06 ms, the `AFTK HINT` lines' `step_us`; a node looks at up to
/// 43 children). On the host a node costs what a group does
/// (`examples/corners_deep_cost`), so the host cannot tell this.
pub const NODES_PER_UNIT: u32 = 2;

/// Memo slots of the deep hint's expectimax: 16,384 of 8 bytes (128 KB),
/// kept from move to move and deal to deal.
pub const DEEP_SLOTS: usize = 1 << 14;

/// The deep hint's memo as the console keeps it from boot, lent to
/// [`Play::think`].
pub struct HintStorage(pub [u64; DEEP_SLOTS]);

impl Default for HintStorage {
    fn default() -> Self {
        HintStorage([0; DEEP_SLOTS])
    }
}

impl core::fmt::Debug for HintStorage {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        put!(f, "HintStorage(", core::mem::size_of::<Self>(), " bytes)")
    }
}

/// Works `units` more on `hint`: [`GROUPS_PER_UNIT`] groups a unit while
/// the quick answer is worked out, then [`NODES_PER_UNIT`] nodes of the
/// deep search (`slots` its memo). True when the answer changed. The
/// screen's thinking and `kings corners stats --player hint` both go
/// through here.
pub fn hint_step(hint: &mut Hint, units: Units, slots: &mut [u64]) -> bool {
    hint.step(units.saturating_mul(GROUPS_PER_UNIT), units.saturating_mul(NODES_PER_UNIT), slots)
}

impl Play {
    /// Continues a game rebuilt from the save.
    pub fn on(table: Table<Game>) -> Play {
        Play {
            table,
            cursor: Cell::new(1, 1).unwrap_or(first_cell()),
            group: 0,
            draw_hinted: false,
            thinker: None,
            hint: HintState::default(),
            hints: 0,
            sounds: Sounds::new(),
            targets: Targets::default(),
        }
        .dealt()
    }

    /// A fresh deal's first card comes off the stock, beside the drawn card.
    fn dealt(self) -> Play {
        if crate::games::Patience::move_count(self.game()) == 0 {
            self.table.motion().deal_from(PANEL_X + 4, PANEL_CARD_Y);
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

    /// Where the cursor is.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// The cells of the group being chosen.
    pub fn group(&self) -> u16 {
        self.group
    }

    /// Where the drawn card may go, or while matching the cards that make
    /// 10 with the card under the cursor and the group (Select shows them).
    pub fn targets(&self) -> &[Cell] {
        self.targets.places()
    }

    /// Works out [`Play::targets`] again when the card, the group or the
    /// position changed.
    fn aim_targets(&mut self) {
        let g = self.game();
        let (card, with) = match g.phase() {
            Phase::Place => (g.next(), 0),
            // A face card is in no group.
            _ => (g.card_at(self.cursor).filter(|c| value(*c).is_some()), self.group | 1 << self.cursor.index()),
        };
        // Each card's cell, as a bit.
        let mut bit = [0u16; 52];
        for (i, c) in g.matrix().iter().enumerate() {
            if let Some(c) = c {
                bit[usize::from(c.index())] = 1 << i;
            }
        }
        let subject = card.map(|c| u32::from(c.index()) | u32::from(with) << 8);
        self.targets.aim(&self.table, subject, |m| {
            let mut cells: heapless::Vec<Cell, 16> = heapless::Vec::new();
            match m {
                Move::Place(c, cell) if Some(c) == card => {
                    let _ = cells.push(cell);
                }
                Move::Clear(group) => {
                    let mask = group.cards().iter().fold(0u16, |m, c| m | bit[usize::from(c.index())]);
                    if mask & with == with {
                        cells.extend(Cell::all().filter(|cell| mask & !with & 1 << cell.index() != 0));
                    }
                }
                _ => {}
            }
            cells
        });
    }

    /// What the chosen cards add up to.
    pub fn group_sum(&self) -> u8 {
        let values = self.game().values();
        (0..16).filter(|i| self.group & (1 << i) != 0).map(|i| values[i]).sum()
    }

    /// Works `budget` more units on the hint being worked out
    /// ([`GROUPS_PER_UNIT`] groups each) and shows it once found. True
    /// while work is left.
    pub fn think(&mut self, budget: Units, frame: u32, slots: &mut [u64]) -> bool {
        let Some(t) = self.thinker.as_mut() else { return false };
        self.hint.thought(frame);
        let changed = hint_step(t, budget, slots);
        let working = t.working();
        if let Some((m, deep)) = t.answer().filter(|_| changed) {
            if self.hint.found_at(m, deep) {
                self.show(m, frame);
            }
        }
        if !working {
            self.thinker = None;
        }
        working
    }

    /// Plays a move on the table, with its sound: a card placed, a group
    /// removed, a card drawn, the end; or the refusal.
    fn play(&mut self, m: Move, frame: u32, log: &mut dyn crate::out::Out) {
        let sfx = match m {
            Move::Place(..) => Sfx::PutDown,
            Move::Clear(_) => Sfx::Book,
            Move::Draw => Sfx::Deal,
        };
        if self.table.play(m, sfx, frame, log) {
            self.drop_work();
            self.hint.forget();
        }
    }

    /// A press refused: its reason on screen, and the sound.
    fn refuse(&mut self, frame: u32, args: &[&dyn crate::out::Text]) {
        self.sounds.push(Sfx::Refused);
        self.table.say(frame, args);
    }

    fn cross(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        let g = self.game();
        if g.status().is_over() {
            return;
        }
        match g.phase() {
            Phase::Place => {
                if let Some(card) = g.next() {
                    self.play(Move::Place(card, self.cursor), frame, log);
                }
            }
            Phase::Match | Phase::MatchMore => {
                let bit = 1u16 << self.cursor.index();
                let Some(card) = g.card_at(self.cursor) else {
                    self.refuse(frame, &[&"An empty cell: choose number cards"]);
                    return;
                };
                if value(card).is_none() {
                    self.refuse(frame, &[&card, &" is a face card: it stays"]);
                    return;
                }
                self.group ^= bit;
                self.sounds.push(Sfx::PickUp);
                let sum = self.group_sum();
                match sum.cmp(&10) {
                    core::cmp::Ordering::Equal => {
                        if let Some(group) = self.game().group(self.group) {
                            self.group = 0;
                            self.play(Move::Clear(group), frame, log);
                        }
                    }
                    core::cmp::Ordering::Greater => {
                        self.refuse(frame, &[&sum, &" is over 10: O empties the group"]);
                    }
                    core::cmp::Ordering::Less => self.table.clear_message(),
                }
            }
        }
    }

    /// One move of the attract mode: the fair player's. True when the deal
    /// has ended and shown its end for four seconds (time for another).
    pub fn demo_step(&mut self, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        if let Some(end) = self.table.ended_at() {
            return frame.wrapping_sub(end) > 4 * 60;
        }
        match player::best_move(self.game(), player::Style::default()) {
            Some(m) => {
                if let Move::Place(_, cell) = m {
                    self.cursor = cell;
                }
                self.play(m, frame, log);
                false
            }
            None => true,
        }
    }

    /// Starts working out the fair player's move; [`think`](Self::think)
    /// finishes it over frames and shows it.
    fn hint(&mut self, frame: u32) {
        match self.hint.ask() {
            Ask::Show(m) => self.show(m, frame),
            Ask::Start => self.start_work(),
            Ask::Wait => {}
        }
    }

    fn start_work(&mut self) {
        self.thinker = Some(Hint::new(self.game()));
    }

    /// Drops the work under way (a kept answer stays).
    fn drop_work(&mut self) {
        self.thinker = None;
        self.hint.cancel();
    }

    /// Shows the fair player's move: the cursor on its cell (or the group
    /// chosen), with a message naming the button.
    fn show(&mut self, m: Option<Move>, frame: u32) {
        self.hints = self.hints.wrapping_add(1);
        match m {
            Some(m @ Move::Place(_, cell)) => {
                self.cursor = cell;
                self.table.say_hint(frame, m, "");
            }
            Some(m @ Move::Clear(group)) => {
                self.group = 0;
                for c in group.cards() {
                    if let Some(cell) = Cell::all().find(|cell| self.game().card_at(*cell) == Some(*c)) {
                        self.group |= 1 << cell.index();
                        self.cursor = cell;
                    }
                }
                // The last card is left for the player's X to complete.
                self.group &= !(1 << self.cursor.index());
                self.table.say_hint(frame, m, "");
            }
            Some(Move::Draw) => {
                self.group = 0;
                self.draw_hinted = true;
                self.table.say_hint(frame, Move::Draw, "");
            }
            None => self.table.say(frame, &[&"No move left"]),
        }
    }
}

const fn first_cell() -> Cell {
    match Cell::from_index(0) {
        Some(c) => c,
        None => panic!("cell 0 exists"),
    }
}

/// Pixel pitch of the matrix: cards with room around them.
const PITCH: (i16, i16) = (38, 44);
/// Top-left of cell r0c0: the last row ends over the message strip.
const ORIGIN: (i16, i16) = (44, 32);

/// Top-left pixel of a cell.
pub fn cell_xy(c: Cell) -> (i16, i16) {
    (ORIGIN.0 + i16::from(c.col()) * PITCH.0, ORIGIN.1 + i16::from(c.row()) * PITCH.1)
}

/// Draws the table; with `covered` (a menu over it), its cards only.
pub fn draw_table(p: &Play, face: FaceStyle, frame: u32, covered: bool, skin: &impl Skin, list: &mut DrawList) {
    draw_with(p, &View { face, highlight: false, frame, held: Buttons::empty(), covered }, skin, list)
}

/// Draws the table as `view` asks: [`draw_table`], and where the drawn
/// card may go (or the cards that make 10) when Select's highlight is on.
fn draw_with(p: &Play, view: &View, skin: &impl Skin, list: &mut DrawList) {
    let (face, frame, covered) = (view.face, view.frame, view.covered);
    // The cards are drawn where their motion has them (placed cards slide
    // from the panel; the kings leave after a win).
    let moving = p.table().motion().skin(skin, frame);
    let skin = &moving;
    let g = p.game();
    let (cw, ch) = skin.card_size(CardSize::Large);
    let won = p.table().won();
    // The edge blinks for a second after the win, then stays lit.
    let blinking = p.table().ended_at().is_some_and(|end| frame.wrapping_sub(end) < 60);
    let glow = won && (!blinking || frame / 15 % 2 == 0);
    for cell in Cell::all() {
        let (x, y) = cell_xy(cell);
        let card = g.card_at(cell);
        let label = cell.label();
        // Face cells that are filled are framed (thin and pale, unlike the
        // cursor); the whole edge glows on a win.
        if let (Some(c), Some(_)) = (card, label) {
            if value(c).is_none() {
                let colour = if glow { palette::CURSOR } else { palette::DIM };
                list.outline(x - 3, y - 3, (cw + 6) as u16, (ch + 6) as u16, 1, colour);
            }
        }
        match card {
            Some(c) => {
                let tint = if p.group() & (1 << cell.index()) != 0 { palette::SAME } else { NO_TINT };
                skin.card(list, x, y, c, face, CardSize::Large, tint);
            }
            None => {
                list.fill(x, y, cw as u16, ch as u16, palette::CELL);
                if let Some(l) = label.filter(|_| !covered) {
                    let mut s: String<2> = String::new();
                    let _ = s.push(l.letter());
                    text_centred(list, skin, x + cw / 2, y + ch / 2 - skin.line_height() / 2, &s, palette::DIM);
                }
            }
        }
    }
    panel(p, face, covered, skin, list);
    if !covered {
        heading(p, skin, list);
    }
    skin.finish(list, face);
    if view.highlight && !covered && !g.status().is_over() {
        for cell in p.targets() {
            let (x, y) = cell_xy(*cell);
            mark_target(list, x, y, cw, ch);
        }
    }
    if !g.status().is_over() {
        // The cursor: a thick frame that pulses, as in the other games.
        let (x, y) = cell_xy(p.cursor());
        let pulse = if frame / 15 % 2 == 0 { 2 } else { 1 };
        list.outline(x - pulse, y - pulse, (cw + 2 * pulse) as u16, (ch + 2 * pulse) as u16, 2, palette::CURSOR);
    }
    if let Some(m) = p.table().message(frame).filter(|_| !covered) {
        super::paint::message_bar(list, skin, m);
    }
}

/// Over the matrix, as every game shows them: the deal number on the left,
/// the moves on the right.
fn heading(p: &Play, skin: &impl Skin, list: &mut DrawList) {
    let mut line: String<24> = String::new();
    let _ = put!(line, "Deal #", p.table().seed());
    text(list, skin, ORIGIN.0, SAFE_TOP + 1, &line, palette::DIM);
    line.clear();
    let _ = put!(line, "Moves ", p.game().move_count());
    let right = cell_xy(Cell::new(0, 3).unwrap_or(first_cell())).0 + skin.card_size(CardSize::Large).0;
    text(list, skin, right - skin.text_width(&line), SAFE_TOP + 1, &line, palette::TEXT);
}

/// Left edge of the right-hand panel.
const PANEL_X: i16 = 214;
/// Top of the drawn card in the panel.
const PANEL_CARD_Y: i16 = 34;

/// The right-hand panel: the drawn card, the counts, the group's sum and
/// what the buttons do now.
fn panel(p: &Play, face: FaceStyle, covered: bool, skin: &impl Skin, list: &mut DrawList) {
    let g = p.game();
    let x = PANEL_X;
    match g.next() {
        Some(c) => skin.card(list, x + 4, PANEL_CARD_Y, c, face, CardSize::Large, NO_TINT),
        None => {
            skin.back(list, x + 4, PANEL_CARD_Y, CardSize::Large);
        }
    }
    if covered {
        return;
    }
    text(list, skin, x, SAFE_TOP + 1, "Drawn", palette::DIM);
    let mut line: String<32> = String::new();
    let _ = put!(line, "Deck ", g.deck_len());
    text(list, skin, x, 72, &line, palette::TEXT);
    line.clear();
    let _ = put!(line, "Discard ", g.discard().len());
    text(list, skin, x, 86, &line, palette::TEXT);
    line.clear();
    let _ = put!(line, "Faces ", g.faces_placed(), "/12");
    text(list, skin, x, 100, &line, palette::TEXT);
    let (head, a, b): (&str, &str, &str) = match (g.status().is_over(), g.phase()) {
        (true, _) => ("", "", ""),
        (_, Phase::Place) => ("Place it", "X place", ""),
        (_, Phase::Match) => ("Make 10", "X choose", "O clear"),
        (_, Phase::MatchMore) => ("Make 10", "X choose", "L1 draw"),
    };
    text(list, skin, x, 118, head, palette::SELECTED);
    if !matches!(g.phase(), Phase::Place) && !g.status().is_over() {
        line.clear();
        let _ = put!(line, "Sum ", p.group_sum());
        text(list, skin, x, 130, &line, if p.group_sum() > 10 { palette::CURSOR } else { palette::TEXT });
    }
    // Above the message bar's place.
    text(list, skin, x, 144, a, palette::DIM);
    text(list, skin, x, 156, b, palette::DIM);
    text(list, skin, x, 170, "/\\ undo", palette::DIM);
    text(list, skin, x, 182, "[] hint", palette::DIM);
}

/// The help screen's lines for King's Corners.
pub const HELP: [&str; 13] = [
    "D-pad    move over the matrix",
    "X        place the drawn card /",
    "         add a card to the group",
    "O        empty the group",
    "L1       draw (once a group is out)",
    "/\\       undo     [] hint",
    "SELECT   where a card may go",
    "START    pause menu",
    "Kings go in the corners, queens",
    "top and bottom, jacks left and",
    "right. When all 16 are full, clear",
    "number cards adding up to 10.",
    "More: docs/rules/corners.md",
];

/// Help's tips page: Charles McGarvey's strategy, in our words.
pub const TIPS: [&str; 9] = [
    "- Fill the blank middle cells with",
    "  number cards before the labels:",
    "  face cards can take labels only.",
    "- A number card that must go on a",
    "  label: choose one easy to pair.",
    "- Clear in pairs when you can: they",
    "  take high and low cards evenly.",
    "  Groups of three or more use up the",
    "  low cards and strand 8s and 9s.",
];

impl PlayScreen for Play {
    type HintStore = HintStorage;
    table_screen!();

    fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        self.table.pressed(input);
        self.act(input, frame, log);
        self.think(THINK_PER_FRAME, frame, &mut []);
        self.aim_targets();
    }
    fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        self.group = 0;
        if self.table.undo(frame, log) {
            self.drop_work();
            self.hint.forget();
        }
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
        self.thinker.as_ref().is_some_and(|t| t.answer().is_none())
    }
    fn deepening(&self) -> bool {
        self.thinker.as_ref().is_some_and(|t| t.answer().is_some())
    }
    fn think(&mut self, budget: Units, frame: u32, store: &mut HintStorage) -> bool {
        Play::think(self, budget, frame, &mut store.0)
    }
    fn hint_depth(&self) -> (bool, u32) {
        self.hint.depth()
    }
    fn withdraw_hint(&mut self) {
        self.hint.withdraw();
    }
    fn ponder(&mut self) {
        if !self.game().status().is_over() && self.hint.ponder() {
            self.start_work();
        }
    }
    fn asked(&self) -> bool {
        self.hint.asked()
    }
    fn take_sounds(&mut self) -> Sounds {
        let mut sounds = self.table.take_sounds();
        sounds.append(&mut self.sounds);
        sounds
    }
    fn draw(&self, view: &View, skin: &impl Skin, list: &mut DrawList) {
        draw_with(self, view, skin, list)
    }
    fn won_title(&self) -> &'static str {
        "Every face card is home"
    }
}

impl Play {
    /// What a frame's presses do.
    fn act(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        let r = input.repeated();
        let (row, col) = (self.cursor.row(), self.cursor.col());
        let (row, col) = if r.contains(Buttons::UP) {
            ((row + 3) % 4, col)
        } else if r.contains(Buttons::DOWN) {
            ((row + 1) % 4, col)
        } else if r.contains(Buttons::LEFT) {
            (row, (col + 3) % 4)
        } else if r.contains(Buttons::RIGHT) {
            (row, (col + 1) % 4)
        } else {
            (row, col)
        };
        let cursor = Cell::new(row, col).unwrap_or(self.cursor);
        if cursor != self.cursor {
            self.sounds.push(Sfx::Cursor);
        }
        self.cursor = cursor;
        let pressed = input.pressed();
        // A hint to draw holds until the next button.
        let draw_hinted = self.draw_hinted;
        if !pressed.is_empty() {
            self.draw_hinted = false;
            // Any other button withdraws the asking; the work goes on
            // while the position stands.
            if !pressed.contains(Buttons::SQUARE) {
                self.hint.withdraw();
            }
        }
        if pressed.contains(Buttons::TRIANGLE) {
            self.undo(frame, log);
        } else if pressed.contains(Buttons::SQUARE) {
            self.hint(frame);
        } else if pressed.contains(Buttons::CIRCLE) {
            self.group = 0;
        } else if pressed.contains(Buttons::L1) || (pressed.contains(Buttons::CROSS) && draw_hinted) {
            self.group = 0;
            self.play(Move::Draw, frame, log);
        } else if pressed.contains(Buttons::CROSS) {
            self.cross(frame, log);
        }
    }
}

/// King's Corners in the catalogue: no deal options of its own.
pub const SCREEN: ScreenInfo = ScreenInfo {
    demo_turn: 1,
    author: "Charles McGarvey, 2011",
    emblem: crate::cards::Suit::Hearts,
    help: &HELP,
    tips: &TIPS,
    // A unit, 12 groups: up to 1 ms in Mednafen (the corners run's HINT
    // lines); a whole hint a few units. The deep hint's 2 nodes: about 1
    // ms, a node of many children more, which the margin covers.
    think_step_us: 1_000,
    think_margin_us: 1_500,
    ..ScreenInfo::of(&crate::games::corners::INFO)
};
