//! The play screen's controls: the cursor, the card in hand, messages and
//! animations, over an engine [`Game`].
//!
//! - D-pad: moves the cursor over the grid and the hand (right of the grid).
//! - Cross: picks up the hand card under the cursor, places the held card,
//!   or deals when dealing is allowed (the original's "press X to deal").
//! - Circle: puts the held card back (the cursor stays). L1: deals a new
//!   hand (the collection's draw button). L2/R2: take the previous / next
//!   card of the hand (or of the waiting orphans); held down, they show the
//!   cards of its rank / suit. Triangle: undo. Select: legal-cell
//!   highlight on/off.
//!   Square: hint (the fair player's move).
//! - While orphans wait, the held card is always an orphan; in a custom
//!   start, it is the next king to place.
//!
//! The same screen plays the guided deal, How to play ([`guided`]): there X
//! plays a step and O leaves, and the steps' words and marks stand where
//! the message line and the cursor would.

mod guided;
pub use guided::{Mark, GUIDED};

use crate::games::farewell::plan::position_hash;
use crate::games::farewell::player::{Looks, Strength, Thinker, MAX_LINE, MAX_TOP};

use crate::games::farewell::{Card, Cell, Game, Illegal, Move, Outcome, RemovedBook, Source, Status};
use crate::games::Patience;
use crate::input::{Buttons, Input};
use crate::sound::{Sfx, Sounds};
use heapless::{String, Vec};

use super::hint::{Ask, HintState, KeptLine};
use super::motion::{progress, Queued, SLIDE_FRAMES};
use super::paint::{
    menu_with, message_bar_in, palette, ring, text, text_centred, wrap, CardSize, Skin, SAFE_BOTTOM, SAFE_LEFT, SAFE_RIGHT,
    SAFE_TOP, SCREEN_H, SCREEN_W, STRIP_TOP,
};
use super::screen::{OptionRow, PlayScreen, ScreenInfo, View, LOST_MENU, WON_MENU};
use super::table::{mark_target, table_screen, Table, Targets};
use super::words::Spoken;
use crate::draw::{DrawList, NO_TINT};
use crate::games::farewell::{CellSet, KingStart, Options, Rank, GRID_SIZES};

/// How hard the hint and the demo think on grids up to 12x8: the rest of
/// the turn searched with a beam of 4, at most 120 placements a move,
/// spread over frames ([`Strength::CONSOLE`] with 120 placements rather
/// than 70). Chosen on deals 5001-6000: 12.5% won there at 55 placements
/// (the setting until the frame thought while the GPU drew), 15.4% at 90,
/// 16.2% at 120, 16.1-16.3% at 150 and 200 (the beam of 4 is the limit).
/// The README gives what it wins and how long the console takes. The
/// host's strongest player (`Strength::STRONG`, which also looks past the
/// next deal) wins more but would take the console many seconds a move.
pub const HINT_STRENGTH: Strength = Strength { nodes: 120, ..Strength::CONSOLE };

/// ... and on the larger grids (13x9, 14x9), whose drawing leaves a frame
/// less time to think and whose hands have more placements: a beam of 4,
/// at most 80 placements (14.8% / 15.8% of deals 5001-5600 at 40, 15.5% /
/// 17.5% at 60, 18.5% / 19.8% at 80; a 14x9 hint then shows within 44
/// frames in Mednafen).
pub const HINT_STRENGTH_LARGE: Strength = Strength { nodes: 80, ..Strength::CONSOLE_LARGE };

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
/// it works on and its position's hash, and the thinker.
#[derive(Clone, Debug)]
pub struct HintSlot {
    id: u32,
    at: u64,
    thinker: HintThinker,
}

/// How hard the deep hint thinks on grids up to 12x8, past the quick
/// answer while the position stands: the turn searched as the quick hint
/// searches it ([`HINT_STRENGTH`]: a beam of 4, at most 120 placements),
/// then its 4 best ends looked past a card at a time
/// ([`Strength::EACH_CARD`]). Chosen on deals 5001-5300, worked out whole
/// at every move: 27.3% won, where `each-card`'s beam of 8 and 500
/// placements won 26.0% for about twice the work (a median of 454 units
/// a move against 268, `examples/farewell_units`).
pub const DEEP_STRENGTH: Strength = Strength { each_card: true, top: MAX_TOP, ..HINT_STRENGTH };

/// The deep hint's strength for a game: the look past the deal on top of
/// [`hint_strength`]'s turn search, whose move is the quick answer.
pub fn deep_strength(g: &Game) -> Strength {
    Strength { each_card: true, top: MAX_TOP, ..hint_strength(g) }
}

/// The deep hint's thinker, with room for [`deep_strength`] (a beam of 4,
/// 4 turn ends; no next turn's beam: the card at a time look has none).
pub type DeepThinker = Thinker<4, MAX_TOP, 0>;

/// Units of the deep hint's pondering in a frame, as the host counts them
/// for a player who looks W frames before each move (`aftk stats
/// --strength hint --ponder-frames W`): what a frame of A Farewell to
/// Kings' 12x8 grid thinks in Mednafen at `opt-level = 2` (the `AFTK HINT`
/// lines of `hints12`: `steps` over `pondered`).
pub const PONDER_UNITS_A_FRAME: u32 = 3;

/// Deep answers [`HintStorage`] keeps, for the positions on the table and
/// those its answers lead to within the turn.
pub const ANSWERS: usize = 16;

/// The deep thinker and where it works: the position on the table when it
/// was made (its work's base), and its own position (the same, or one the
/// deep answers lead to from there).
#[derive(Clone, Debug)]
struct DeepSlot {
    base: u64,
    at: u64,
    thinker: DeepThinker,
}

/// Where the hint's thinkers are kept while they work, and what they
/// found: made once (the [`App`](super::App)'s, at boot) and never moved,
/// for a thinker copied with the screen each new deal would make a frame
/// late. Positions are known by their hash ([`position_hash`]): a deep
/// answer depends on nothing else (never on the stock's order).
#[derive(Clone, Debug)]
pub struct HintStorage {
    quick: Option<HintSlot>,
    deep: Option<DeepSlot>,
    /// The deep thinker's looks past the deal, kept from move to move.
    looks: Looks,
    /// Deep answers found lately (position hash, answer), the oldest
    /// replaced first.
    answers: [(u64, Option<Move>); ANSWERS],
    next_answer: usize,
}

impl Default for HintStorage {
    /// With the deep thinker made (on a deal of no matter which): made
    /// anew in a frame it would take the console 13 ms, where started
    /// again in place ([`Thinker::restart`]) it takes about a placement.
    fn default() -> Self {
        let deep = Game::new(0, crate::games::farewell::Options::default())
            .map(|g| DeepSlot { base: 0, at: 0, thinker: DeepThinker::with_strength(&g, DEEP_STRENGTH) });
        HintStorage { quick: None, deep, looks: Looks::default(), answers: [(0, None); ANSWERS], next_answer: 0 }
    }
}

impl HintStorage {
    /// Sets the deep thinker to work on `g` (hash `at`) for the work on the
    /// position `base`.
    fn deep_on(&mut self, base: u64, at: u64, g: &Game) {
        match self.deep.as_mut() {
            Some(slot) => {
                slot.thinker.restart(g, deep_strength(g));
                (slot.base, slot.at) = (base, at);
            }
            None => self.deep = Some(DeepSlot { base, at, thinker: DeepThinker::with_strength(g, deep_strength(g)) }),
        }
    }

    /// The deep answer kept for the position `at`, if any.
    fn answer(&self, at: u64) -> Option<Option<Move>> {
        self.answers.iter().find(|(k, _)| *k == at && at != 0).map(|(_, m)| *m)
    }

    fn remember(&mut self, at: u64, m: Option<Move>) {
        if self.answer(at).is_none() {
            if let Some(slot) = self.answers.get_mut(self.next_answer % ANSWERS) {
                *slot = (at, m);
            }
            self.next_answer = (self.next_answer + 1) % ANSWERS;
        }
    }

    /// The deep thinker for the position `at` (made from `g`, that
    /// position, when there is none: a step of its own), a step of it
    /// `budget` units long; its answer once found.
    fn deep_step(&mut self, base: u64, at: u64, g: &Game, budget: usize) -> Option<Option<Move>> {
        if self.deep.as_ref().is_none_or(|s| s.at != at) {
            self.deep_on(base, at, g);
            return None;
        }
        self.step_slot(budget, false)
    }

    /// What the deep thinker has found so far ([`Thinker::best_so_far`]).
    fn best_so_far(&self) -> (usize, Option<Move>) {
        self.deep.as_ref().map_or((0, None), |s| s.thinker.best_so_far())
    }

    /// A step of the deep thinker kept, `budget` units long ([`deep_step`];
    /// `turn`: no further than its turn's search); its answer once found
    /// (and kept).
    fn step_slot(&mut self, budget: usize, turn: bool) -> Option<Option<Move>> {
        let slot = self.deep.as_mut()?;
        let m = deep_step(&mut slot.thinker, budget, Some(&mut self.looks), turn)?;
        let at = slot.at;
        self.remember(at, m);
        Some(m)
    }

    /// A step of the quick answer for `g` (hash `at`) from the deep
    /// thinker, which searches the turn as the quick hint does before it
    /// looks past the deal: its turn's move once searched, its line kept in
    /// `line`; or read from `line` when it has a move for `g`.
    fn quick_from_deep(&mut self, at: u64, g: &Game, line: &mut HintLine, budget: usize) -> Option<Option<Move>> {
        if self.deep.as_ref().is_none_or(|s| s.at != at) {
            if let Some(m) = line_move(line, g) {
                return Some(Some(m));
            }
            self.deep_on(at, at, g);
            return None;
        }
        self.step_slot(budget, true);
        let t = &self.deep.as_ref()?.thinker;
        let m = t.turn_answer()?;
        line.keep(at, &t.turn_line());
        Some(m)
    }

    /// A step of the deep answers ahead of the position `g` (hash `base`):
    /// of the first position without one along the deep answers from it,
    /// within the turn (past a deal the cards are not known). False when
    /// there is none left to work out.
    fn ahead_step(&mut self, base: u64, g: &Game, budget: usize) -> bool {
        if self.deep.as_ref().is_some_and(|s| s.base == base && s.thinker.answer().is_none()) {
            self.step_slot(budget, false);
            return true;
        }
        let mut pos = g.clone();
        for _ in 0..ANSWERS / 2 {
            let at = position_hash(&pos);
            match self.answer(at) {
                None => {
                    self.deep_on(base, at, &pos);
                    return true;
                }
                Some(Some(m @ Move::Place(..))) if pos.apply(m).is_ok() && !pos.status().is_over() => {}
                Some(_) => return false,
            }
        }
        false
    }
}

/// Units of work (placements judged, and the judgement of each position
/// whose placements are tried) a hint may take before it winds down and
/// answers with the best move found so far: the whole search of nearly
/// every hint (120 placements on 12x8, 80 on the larger grids, and the
/// judgement of each position expanded, in two units) fits; a hand with
/// many orphans has more, and is cut. Every hint then shows within 60
/// frames of Square in Mednafen (52 at worst in `hints12`). Work, not frames: the
/// answer must not depend on when Square was pressed (the hint is worked
/// out before the player asks), nor on the emulator.
pub const HINT_UNITS: usize = 135;

/// Up to `budget` more units of a hint's work, as the console does them:
/// a hint winds down after [`HINT_UNITS`] units of work and answers with
/// the best move found so far. Counted in work, not frames, so its answer
/// is the same however the frames fell (worked out before Square or after
/// it, in any emulator), and the host plays it exactly ([`hint_move`]).
pub fn hint_step(t: &mut HintThinker, budget: usize) -> Option<Option<Move>> {
    for _ in 0..budget {
        if t.progress().0 >= HINT_UNITS {
            t.hurry();
        }
        if let Some(m) = t.step(1) {
            return Some(m);
        }
    }
    None
}

/// The console's hint for `g`, worked out whole (what `aftk stats
/// --strength hint` plays): the move, and the units of work it took.
pub fn hint_move(g: &Game) -> (Option<Move>, usize) {
    let mut t = HintThinker::with_strength(g, hint_strength(g));
    loop {
        if let Some(m) = hint_step(&mut t, 1) {
            return (m, t.units());
        }
    }
}

/// Where the hint's work on a position stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The quick answer: read from the kept line, or searched
    /// ([`HINT_STRENGTH`], wound down after [`HINT_UNITS`]).
    Quick,
    /// The deep answer ([`deep_strength`]), worked out whole.
    Deep,
    /// The deep answers of the positions the deep answers lead to within
    /// the turn: a player who follows the hints finds them worked out.
    Ahead,
    /// Nothing left to work out.
    Done,
}

/// The hint's work on one position, a unit at a time, as the screen
/// thinks and `aftk stats --strength hint --ponder-frames W` counts: the
/// quick answer, then (`deepen`: a hint's, not the demo's) the deep one,
/// which replaces it, then the deep answers ahead. A deep answer already
/// found for the position (worked out ahead) is the answer at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintWork {
    /// The work's number (a new one for each position's work: a quick
    /// thinker kept for an older one is stale) and its position's hash.
    id: u32,
    at: u64,
    phase: Phase,
    deepen: bool,
    /// Turn ends the deep thinker had looked past at its last answer so
    /// far.
    looked: usize,
}

impl HintWork {
    /// The work on the hint for `g`, numbered `id`.
    pub fn new(id: u32, g: &Game, deepen: bool) -> HintWork {
        HintWork { id, at: position_hash(g), phase: Phase::Quick, deepen, looked: 0 }
    }

    /// True while the quick answer is not found (a hint asked for waits
    /// for it).
    pub fn quick(&self) -> bool {
        self.phase == Phase::Quick
    }

    /// True while work is left.
    pub fn working(&self) -> bool {
        self.phase != Phase::Done
    }

    /// What the next unit costs, in units ([`Step::weight`]); 1 for a
    /// thinker still to be made (1.1 ms on 12x8 for the quick one) or a
    /// kept answer read.
    ///
    /// [`Step::weight`]: crate::games::farewell::player::Step::weight
    pub fn weight(&self, store: &HintStorage) -> u32 {
        let deep = store.deep.as_ref().filter(|s| match self.phase {
            Phase::Quick | Phase::Deep => s.at == self.at,
            _ => s.base == self.at,
        });
        match (self.phase, &store.quick, deep) {
            (Phase::Quick, _, Some(s)) if self.deepen => s.thinker.next_kind().weight(),
            (Phase::Quick, Some(s), _) if (s.id, s.at) == (self.id, self.at) => s.thinker.next_kind().weight(),
            (Phase::Deep | Phase::Ahead, _, Some(s)) => s.thinker.next_kind().weight(),
            _ => 1,
        }
    }

    /// One step of the work on `g` (the position it was made for),
    /// `budget` units long (a thinker made, a line or a kept answer read,
    /// is a step of its own): an answer it found, and whether it is a deep
    /// one. The quick search's line is kept in `line`.
    pub fn step(&mut self, store: &mut HintStorage, g: &Game, line: &mut HintLine, budget: usize) -> Option<(Option<Move>, bool)> {
        match self.phase {
            Phase::Quick => {
                if let Some(m) = store.answer(self.at).filter(|_| self.deepen) {
                    self.phase = Phase::Ahead;
                    return Some((m, true));
                }
                if !self.deepen {
                    let m = quick_step(store, self.id, self.at, g, line, budget)?;
                    self.phase = Phase::Done;
                    return Some((m, false));
                }
                let m = store.quick_from_deep(self.at, g, line, budget)?;
                self.phase = if deepens(m) { Phase::Deep } else { Phase::Done };
                Some((m, false))
            }
            Phase::Deep => {
                let Some(m) = store.deep_step(self.at, self.at, g, budget) else {
                    // The best so far, once it has looked past a turn end
                    // more.
                    let (looked, m) = store.best_so_far();
                    if looked > self.looked && m.is_some() {
                        self.looked = looked;
                        return Some((m, true));
                    }
                    return None;
                };
                self.phase = Phase::Ahead;
                Some((m, true))
            }
            Phase::Ahead => {
                if !store.ahead_step(self.at, g, budget) {
                    self.phase = Phase::Done;
                }
                None
            }
            Phase::Done => None,
        }
    }
}

/// Up to `budget` more units of the deep hint's work, as the console does
/// them: its turn's search winds down after [`HINT_UNITS`] units as the
/// quick hint's does (the quick answer is that search's move), then it
/// looks past the deal from the turn ends found; `turn`: it stops once
/// the turn is searched. Its looks kept in `looks`. Counted in units, so
/// that its answer is the same however its work is sliced.
pub fn deep_step(t: &mut DeepThinker, budget: usize, mut looks: Option<&mut Looks>, turn: bool) -> Option<Option<Move>> {
    for _ in 0..budget {
        let searched = t.turn_answer().is_some();
        if turn && searched {
            return None;
        }
        if !searched && t.turn_progress() >= HINT_UNITS {
            t.hurry_turn();
        }
        if let Some(m) = t.step_keeping(1, looks.as_deref_mut()) {
            return Some(m);
        }
    }
    None
}

/// A step of the quick answer for `g` (the hint numbered `id`, its
/// position's hash `at`): read from `line` when it has a move for `g`,
/// else searched, and the search's line kept there.
fn quick_step(store: &mut HintStorage, id: u32, at: u64, g: &Game, line: &mut HintLine, budget: usize) -> Option<Option<Move>> {
    let Some(HintSlot { thinker, .. }) = store.quick.as_mut().filter(|s| (s.id, s.at) == (id, at)) else {
        if let Some(m) = line_move(line, g) {
            return Some(Some(m));
        }
        store.quick = Some(HintSlot { id, at, thinker: HintThinker::with_strength(g, hint_strength(g)) });
        return None;
    };
    let m = hint_step(thinker, budget)?;
    line.keep(at, &thinker.line());
    store.quick = None;
    Some(m)
}

/// Whether a deep answer is worth working out after the quick answer `m`:
/// a placement (a deal is the only move when no placement is legal).
fn deepens(m: Option<Move>) -> bool {
    matches!(m, Some(Move::Place(..)))
}

/// The rest of the turn a hint planned, kept for the next hints of the
/// turn ([`KeptLine`]): while the player follows it they are read from it,
/// not searched again. No card is drawn within a turn, so the positions
/// the line makes are the ones the search saw, and each of its moves stays
/// legal. Only a search that went through the turn within its budget
/// leaves a line ([`Thinker::line`]): one cut by it planned the rest of
/// the turn from part of it, and the next hint is searched again from
/// further on (reading every line won 13.8% of deals 1-1000 against
/// 14.5%). `aftk stats --strength hint` plays the same ([`HintPlayer`]).
/// A position is known by its hash ([`position_hash`]), and a move read
/// is played only if legal there.
pub type HintLine = KeptLine<Move, u64, MAX_LINE>;

/// The move `line` has for `g`, if legal there.
fn line_move(line: &HintLine, g: &Game) -> Option<Move> {
    match line.next(&position_hash(g))? {
        Move::Place(card, cell) if g.check_place(card, cell).is_ok() => Some(Move::Place(card, cell)),
        _ => None,
    }
}

/// The console's hint played move after move, as the console plays it
/// when the player follows its hints: each move read from the line the
/// last search planned when it has one for the position, else searched
/// ([`hint_move`]) and its line kept. What `aftk stats --strength hint`
/// plays.
#[derive(Clone, Debug, Default)]
pub struct HintPlayer {
    line: HintLine,
    /// The deep hint's thinker, looks and answers, kept from move to move.
    store: HintStorage,
    /// The position of the last answer (its hash) and the answer.
    last: Option<(u64, Move)>,
}

impl HintPlayer {
    /// The hint for `g`, and the units of work it took (0 when read from
    /// the line).
    pub fn next(&mut self, g: &Game) -> (Option<Move>, usize) {
        let at = position_hash(g);
        // The last answer, if played, moves the line on (as the screen's
        // move does).
        match self.last.take() {
            Some((before, m)) if g.moves().last() == Some(m) => self.line.played(m, &before, at),
            _ => self.line.clear(),
        }
        let (m, units) = match line_move(&self.line, g) {
            Some(m) => (Some(m), 0),
            None => {
                let mut t = HintThinker::with_strength(g, hint_strength(g));
                loop {
                    if let Some(m) = hint_step(&mut t, 1) {
                        self.line.keep(at, &t.line());
                        break (m, t.units());
                    }
                }
            }
        };
        self.last = m.map(|m| (at, m));
        (m, units)
    }

    /// The hint Square shows in `g` after `steps` steps of the screen's
    /// thinking on it ([`work_step`], a unit each): the quick answer
    /// however long it takes (asked before it is found, the console works
    /// it out), the deep one if found within the steps; and whether it is
    /// the deep one. `steps` 0 plays [`HintPlayer::next`]'s moves.
    pub fn looking(&mut self, g: &Game, steps: u32) -> (Option<Move>, bool) {
        let at = position_hash(g);
        match self.last.take() {
            Some((before, m)) if g.moves().last() == Some(m) => self.line.played(m, &before, at),
            _ => self.line.clear(),
        }
        let mut work = HintWork::new(0, g, true);
        let mut answer = None;
        let mut done = 0;
        while work.working() && (answer.is_none() || done < steps) {
            done += 1;
            if let Some(a) = work.step(&mut self.store, g, &mut self.line, 1) {
                answer = Some(a);
            }
        }
        let (m, deep) = answer.unwrap_or((None, false));
        self.last = m.map(|m| (at, m));
        (m, deep)
    }
}

/// Where the cursor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// On a grid cell.
    Grid(Cell),
    /// On a hand slot (0 at the top).
    Hand(u8),
}

/// Something moving on screen, queued on the table's [`Motion`]
/// (`queue`), [`SLIDE_FRAMES`] long.
///
/// [`Motion`]: super::motion::Motion
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

/// Most animations queued at once: a placement that removes a cascade of
/// books and lifts their orphans is the busiest (1 + 12 + 20-odd).
pub const MAX_ANIMS: usize = 48;

/// The play screen's state.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game, its log, its save, its message line, sounds and animations.
    table: Table<Game, AnimKind, MAX_ANIMS>,
    focus: Focus,
    /// Last grid cell the cursor was on (where a picked-up card goes).
    grid_cursor: Cell,
    /// The hand card picked up, if any.
    held: Option<Card>,
    /// Which waiting orphan (or unplaced king) is held.
    pick: u8,
    /// Hints computed so far (the PS1 layer times the frames that add one).
    hints: u32,
    /// The work on a hint (or the demo's move) for the position on the
    /// table, under its number (a new one for each: the [`HintSlot`]
    /// holding an older one's thinker is stale).
    work: Option<HintWork>,
    /// The number of the last hint asked for.
    asks: u32,
    /// The move it found, until the demo takes it.
    hint: HintState<Move>,
    /// The rest of the turn the last hint's search planned: the next
    /// hints of the turn, read rather than searched again.
    hint_line: HintLine,
    /// The demo's next move, planned a frame before it is played (the
    /// search and the event log never share a frame).
    planned: Option<Move>,
    /// Where the held card (or the hand card under the cursor) may go.
    targets: Targets<Cell, MAX_CELLS>,
    /// The guided deal's step, when this is the guided deal ("How to
    /// play"): X plays the step, O leaves, the steps' words and marks
    /// show instead of the message line and the cursor.
    guide: Option<super::guided::Guide<Move, Mark>>,
}

/// Cells of the largest grid (14x9).
const MAX_CELLS: usize = 126;

impl Spoken for Game {
    /// "8♥ to row 7, column 5", "deal a new hand".
    fn say_move(&self, m: Move, out: &mut dyn crate::out::Out) -> core::fmt::Result {
        match m {
            Move::Place(card, cell) => put!(out, card, " to ", cell),
            Move::Deal => out.put_str("deal a new hand"),
            Move::Undo => out.put_str("undo"),
        }
    }
}

/// Placements the fair player judges per frame in host tests. On the
/// console the frame loop gives it whatever time the frame has left.
pub const THINK_PER_FRAME: crate::frame::Units = 12;

impl Play {
    /// A game dealt or resumed on `table`: the cursor on the grid's
    /// centre, the hand dealt from the stock from the frame it was dealt
    /// or resumed on.
    pub fn on(mut table: Table<Game, AnimKind, MAX_ANIMS>) -> Self {
        let o = table.game().options();
        let centre = Cell::new(o.height / 2, o.width / 2);
        table.push_sound(Sfx::Deal);
        let (frame, hand) = (table.dealt_at(), table.game().hand());
        for (slot, c) in hand.iter().enumerate() {
            if let Some(card) = c {
                table.motion_mut().queue(AnimKind::Deal { card: *card, slot: slot as u8 }, frame);
            }
        }
        Play {
            table,
            focus: Focus::Grid(centre),
            grid_cursor: centre,
            held: None,
            pick: 0,
            hints: 0,
            work: None,
            asks: 0,
            hint: HintState::default(),
            hint_line: HintLine::default(),
            planned: None,
            targets: Targets::default(),
            guide: None,
        }
    }

    /// Where the held card may go, or the hand card under the cursor
    /// (Select shows them).
    pub fn targets(&self) -> &[Cell] {
        self.targets.places()
    }

    /// Works out [`Play::targets`] again when the card or the position
    /// changed.
    fn aim_targets(&mut self) {
        let card = self.held().or(match self.focus {
            Focus::Hand(slot) => self.game().hand()[usize::from(slot)],
            Focus::Grid(_) => None,
        });
        self.targets.aim(&self.table, card.map(|c| u32::from(c.index())), |m| match m {
            Move::Place(c, cell) if Some(c) == card => Some(cell),
            _ => None,
        });
    }

    /// The table (the game, its message line, its animations).
    pub fn table(&self) -> &Table<Game, AnimKind, MAX_ANIMS> {
        &self.table
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// Where the cursor is.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The card the player holds: the chosen orphan while orphans wait, the
    /// next king in a custom start, else the hand card picked up.
    pub fn held(&self) -> Option<Card> {
        let g = self.game();
        if !g.orphans().is_empty() {
            let o = g.orphans();
            return o.get(usize::from(self.pick) % o.len()).copied();
        }
        if g.status() == Status::PlacingKings {
            let n = g.kings_to_place().count().max(1);
            return g.kings_to_place().nth(usize::from(self.pick) % n);
        }
        self.held
    }

    /// A move or a press refused: its reason on screen, and the sound.
    fn refuse(&mut self, frame: u32, args: &[&dyn crate::out::Text]) {
        self.table.push_sound(Sfx::Refused);
        self.table.say(frame, args);
    }

    /// Applies a move, logs it and queues its animations.
    fn apply(&mut self, m: Move, frame: u32, log: &mut dyn crate::out::Out) -> Result<Outcome, Illegal> {
        let before = position_hash(self.game());
        let write = |out: &Outcome, log: &mut dyn crate::out::Out| log_move(m, out, log);
        let out = match m {
            Move::Undo => self.table.undo_with(log, Game::undo, write)?,
            m => self.table.play_with(m, frame, log, |g| g.apply(m), write)?,
        };
        // The hint's line goes on if this was its move (an undo, or any
        // other move, drops it).
        if m == Move::Undo {
            self.hint_line.clear();
        } else {
            self.hint_line.played(m, &before, position_hash(self.game()));
        }
        // What the move did, in sound: a card put down, the books, their
        // orphans, the cards dealt, the end.
        let status = self.game().status();
        let sounds = [
            (Sfx::PickUp, m == Move::Undo),
            (Sfx::PutDown, out.placed.is_some()),
            (Sfx::Book, !out.books.is_empty()),
            (Sfx::Orphan, !out.orphans.is_empty()),
            (Sfx::Deal, !out.dealt.is_empty()),
            (Sfx::Win, status == Status::Won),
            (Sfx::Loss, matches!(status, Status::Lost(_))),
        ];
        for (sfx, _) in sounds.iter().filter(|(_, on)| *on) {
            self.table.push_sound(*sfx);
        }
        // A hint being worked out was for the position before, and so was
        // any message on screen (the hint's own, once its move is played;
        // the table took it down): what this move has to say comes after.
        self.work = None;
        self.hint.forget();
        self.animate(&out, frame);
        Ok(out)
    }

    /// Queues what a move did: the card sliding to its cell, the books
    /// leaving, their orphans lifting, the cards dealt. A new move finishes
    /// what the last one was still showing: a quick player never waits for
    /// animations, and they never pile up.
    fn animate(&mut self, out: &Outcome, frame: u32) {
        let motion = self.table.motion_mut();
        motion.clear_queued();
        if let Some((card, cell, source)) = out.placed {
            let from_slot = match source {
                Source::Hand(s) => Some(s),
                _ => None,
            };
            motion.queue(AnimKind::Slide { card, from_slot, to: cell }, frame);
        }
        for b in &out.books {
            motion.queue(AnimKind::Book(*b), frame);
        }
        for (card, cell) in &out.orphans {
            motion.queue(AnimKind::Lift { card: *card, from: *cell }, frame);
        }
        for (slot, card) in &out.dealt {
            motion.queue(AnimKind::Deal { card: *card, slot: *slot }, frame);
        }
    }

    /// Takes back the last move (Triangle, or Undo in a menu).
    pub fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        match self.apply(Move::Undo, frame, log) {
            Ok(out) => {
                self.held = None;
                self.pick = 0;
                if let Some(m @ (Move::Place(..) | Move::Deal)) = out.undone {
                    self.table.say_took_back(frame, m);
                }
            }
            Err(why) => self.refuse(frame, &[&why]),
        }
        self.aim_targets();
    }

    /// Starts working out the fair player's move (Square). It is worked
    /// out by [`think`](Self::think), over as many frames as it takes, and
    /// shown when found: its card picked up and the cursor on its cell, or
    /// a word to deal.
    pub fn hint(&mut self, frame: u32) {
        // The answer for this position is kept until a move is played:
        // asking again shows it at once.
        match self.hint.ask() {
            Ask::Show(m) => self.show(m, frame),
            Ask::Start => self.ask(true),
            Ask::Wait => {}
        }
    }

    /// Starts working out the hint nobody asked for yet (it is kept, and
    /// Square shows it at once).
    pub fn ponder(&mut self) {
        if !self.game().status().is_over() && self.hint.ponder() {
            self.ask(true);
        }
    }

    /// True while the player's hint is not shown yet.
    pub fn asked(&self) -> bool {
        self.hint.asked()
    }

    /// The player did something else while waiting for the hint: it is
    /// not shown when found; the thinker goes on with the position (a
    /// move gives the next work a new number, and this one's is stale).
    pub fn withdraw_hint(&mut self) {
        self.hint.withdraw();
    }

    /// New work on the hint: its thinker is made by the first
    /// [`think`](Self::think); `deepen`: a deep answer is worked out after
    /// the quick one.
    fn ask(&mut self, deepen: bool) {
        self.asks = self.asks.wrapping_add(1);
        self.work = Some(HintWork::new(self.asks, self.game(), deepen));
    }

    /// True while a hint or the demo's move is being worked out.
    pub fn thinking(&self) -> bool {
        self.work.is_some_and(|w| w.quick())
    }

    /// True when a move has been worked out and not yet taken or played.
    pub fn thought_ready(&self) -> bool {
        self.hint.kept().is_some()
    }

    /// True while a deep answer is worked out past the quick one kept.
    pub fn deepening(&self) -> bool {
        self.work.is_some_and(|w| !w.quick())
    }

    /// Works up to `budget` more units on the move being worked out (the
    /// quick answer, then the deep one: [`work_step`]); once one is found,
    /// it is kept, and shown if the player waits for it. True while work
    /// is left.
    ///
    /// The thinkers live in `store`, which the caller keeps (the [`App`]:
    /// made once, never moved) rather than in the `Play`, which is made
    /// anew for every deal: 17 KB of thinker copied with it would make the
    /// demo's first frame late.
    ///
    /// [`App`]: super::App
    pub fn think_in(&mut self, store: &mut HintStorage, budget: usize, frame: u32) -> bool {
        let Some(work) = self.work.as_mut() else { return false };
        self.hint.thought(frame);
        let found = work.step(store, self.table.game(), &mut self.hint_line, budget);
        let working = work.working();
        if !working {
            self.work = None;
        }
        let shown = found.is_some_and(|(m, deep)| self.hint.found_at(m, deep));
        if let Some((m, _)) = found.filter(|_| shown) {
            self.show(m, frame);
        }
        // A hint shown ends the frame's thinking: the `AFTK HINT` line,
        // written as the next frame draws it, says which answer it was
        // (a deep one found later in the frame would replace it first).
        working && !shown
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
                if let Some(i) = self.game().orphans().iter().position(|o| *o == card) {
                    self.pick = i as u8;
                } else if self.game().status() == Status::PlacingKings {
                    let king = self.game().kings_to_place().position(|k| k == card);
                    if let Some(i) = king {
                        self.pick = i as u8;
                    }
                } else {
                    self.held = Some(card);
                }
                self.grid_cursor = cell;
                self.focus = Focus::Grid(cell);
                self.table.say_hint(frame, Move::Place(card, cell), "");
            }
            Some(_) => {
                // Playable with the button it names: a held card goes back
                // (none can be placed, or the hint would not be to deal) and
                // the cursor leaves the hand, where X would pick one up.
                self.held = None;
                self.focus = Focus::Grid(self.grid_cursor);
                self.table.say_hint(frame, Move::Deal, "");
            }
            None => self.table.say(frame, &[&"No move left"]),
        }
    }

    /// The attract-mode demo, first half: starts working out the fair
    /// player's next move, and once [`think`](Self::think) has found it
    /// (shown as a hint), returns it (`Some(None)`: no move left).
    pub fn plan(&mut self) -> Option<Option<Move>> {
        match self.hint.ask() {
            Ask::Show(m) => {
                self.hint.forget();
                Some(m)
            }
            Ask::Start => {
                self.ask(false);
                None
            }
            Ask::Wait => None,
        }
    }

    /// Plays a planned move (the demo, second half, a frame later: the
    /// search and the event log never share a frame).
    pub fn play_move(&mut self, m: Move, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        self.held = None;
        self.table.clear_message();
        self.apply(m, frame, log).is_ok()
    }

    /// Advances one frame: a press takes the last message down, then acts;
    /// the targets follow the card and the position.
    pub fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        self.table.pressed(input);
        self.act(input, frame, log);
        self.aim_targets();
    }

    /// What a frame's presses do.
    fn act(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        let pressed = input.pressed();
        let focus = self.focus;
        self.move_cursor(input.repeated());
        if self.focus != focus {
            self.table.push_sound(Sfx::Cursor);
        }

        let forced = !self.game().orphans().is_empty() || self.game().status() == Status::PlacingKings;
        if pressed.contains(Buttons::L1) {
            // L1 draws in every game: here, a new hand from the stock.
            self.held = None;
            self.try_deal(frame, log);
            return;
        }
        if pressed.intersects(Buttons::L2 | Buttons::R2) {
            let forward = pressed.contains(Buttons::R2);
            let held = self.held();
            self.cycle(forward, forced);
            if self.held() != held {
                self.table.push_sound(Sfx::PickUp);
            }
        }
        if pressed.contains(Buttons::TRIANGLE) {
            self.undo(frame, log);
            return;
        }
        if pressed.contains(Buttons::SQUARE) {
            self.hint(frame);
            return;
        }
        if pressed.contains(Buttons::CIRCLE) {
            if forced {
                self.refuse(frame, &[&"This card must be placed first"]);
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
        let legal = self.game().playable_cells(card);
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
            let n = if self.game().orphans().is_empty() {
                self.game().kings_to_place().count()
            } else {
                self.game().orphans().len()
            } as u8;
            if n > 0 {
                self.pick = if forward { (self.pick + 1) % n } else { (self.pick + n - 1) % n };
            }
            self.aim();
            return;
        }
        let hand = self.game().hand();
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
        let o = self.game().options();
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

    fn cross(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        match self.focus {
            Focus::Hand(slot) => {
                let forced = !self.game().orphans().is_empty() || self.game().status() == Status::PlacingKings;
                match self.game().hand()[usize::from(slot)] {
                    Some(card) if !forced => {
                        self.held = Some(card);
                        self.table.push_sound(Sfx::PickUp);
                        self.aim();
                    }
                    Some(_) => self.refuse(frame, &[&"Place the held card first"]),
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
                            self.table.say(frame, &[&n, &" book", &(if n == 1 { "" } else { "s" }), &" removed"]);
                        }
                        if !out.orphans.is_empty() {
                            self.aim();
                            let n = out.orphans.len();
                            self.table.say(
                                frame,
                                &[&n, &" orphan", &(if n == 1 { "" } else { "s" }), &": place before anything else"],
                            );
                        }
                    }
                    Err(why) => self.refuse(frame, &[&why]),
                },
                // Nothing held, on a card: X has nothing to place there
                // (dealing is X on an empty cell, or in the hand).
                None if self.game().card_at(cell).is_some() && self.game().check_deal().is_err() => {
                    self.refuse(frame, &[&"Pick a card from your hand first (right of the grid)"])
                }
                None => self.try_deal(frame, log),
            },
        }
    }

    fn try_deal(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        if let Err(why) = self.apply(Move::Deal, frame, log) {
            self.refuse(frame, &[&why]);
        }
    }
}

/// Where things go on screen for a grid size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Card size class.
    pub size: CardSize,
    /// Card width and height.
    pub card: (i16, i16),
    /// Distance between neighbouring cells.
    pub pitch: (i16, i16),
    /// Top-left of cell r0c0.
    pub origin: (i16, i16),
    /// Left edge of the side panel.
    pub panel_x: i16,
}

/// Top of the stock at the side panel's foot: a large card (28 rows) and
/// a pixel over the safe area's foot, whatever the cards' size, so that
/// its count, at its top, stays over the message strip's last line.
const STOCK_TOP: i16 = SAFE_BOTTOM - 28 - 1;

/// Width of the side panel.
pub const PANEL_W: i16 = 40;

impl Layout {
    /// The layout for a `w` x `h` grid inside the TV-safe area, the side
    /// panel at its right edge, the message strip under it: large cards
    /// when they fit their cells, compact ones otherwise; the grid centred
    /// in what is left. A card never overlaps its right neighbour (the
    /// suit sits in the top-right corner, the rank in the top-left), and
    /// the card under it covers at most its lower part, under its index
    /// (the cursor's ring is drawn before the row under it, [`ring`]):
    /// every card's rank and suit show.
    pub fn new(skin: &impl Skin, w: u8, h: u8) -> Layout {
        let panel_x = SAFE_RIGHT - PANEL_W;
        let area_w = panel_x - 2 - SAFE_LEFT;
        let (w, h) = (i16::from(w.max(2)), i16::from(h.max(2)));
        let fit = |size: CardSize| {
            let (cw, ch) = skin.card_size(size);
            let area_h = STRIP_TOP - 1 - SAFE_TOP;
            let pitch = ((cw + 1).min((area_w - cw) / (w - 1)), (ch + 1).min((area_h - ch) / (h - 1)));
            (pitch.0 >= cw && pitch.1 >= ch - 2, pitch, (cw, ch))
        };
        let (size, (_, pitch, card)) = match fit(CardSize::Large) {
            f @ (true, ..) => (CardSize::Large, f),
            _ => (CardSize::Compact, fit(CardSize::Compact)),
        };
        let grid_w = (w - 1) * pitch.0 + card.0;
        let grid_h = (h - 1) * pitch.1 + card.1;
        Layout {
            size,
            card,
            pitch,
            origin: (SAFE_LEFT + (area_w - grid_w) / 2, SAFE_TOP + (STRIP_TOP - 1 - SAFE_TOP - grid_h) / 2),
            panel_x,
        }
    }

    /// Top-left pixel of a cell.
    pub fn cell_xy(&self, c: Cell) -> (i16, i16) {
        (self.origin.0 + i16::from(c.col) * self.pitch.0, self.origin.1 + i16::from(c.row) * self.pitch.1)
    }

    /// Width and height of an empty cell: the card, or the pitch where
    /// cards overlap.
    pub fn cell_size(&self) -> (i16, i16) {
        (self.card.0.min(self.pitch.0), self.card.1.min(self.pitch.1))
    }

    /// Top-left pixel of a hand slot (a held card rises 4 pixels, still
    /// inside the safe area).
    pub fn slot_xy(&self, slot: u8) -> (i16, i16) {
        (self.panel_x + (PANEL_W - self.card.0) / 2, SAFE_TOP + 5 + i16::from(slot) * (self.card.1 + 3))
    }

    /// Top-left of the stock pile (its count to its right, at its top:
    /// over the foot of the message strip, where the demo's band lies).
    pub fn stock_xy(&self) -> (i16, i16) {
        (self.panel_x + 2, STOCK_TOP)
    }

    /// Top of the marks of the books removed.
    pub fn books_y(&self) -> i16 {
        self.slot_xy(3).1 + self.card.1 + 4
    }
}

fn over(p: &Play, menu_up: bool, list: &mut DrawList, skin: &impl Skin, sel: u8) {
    let g = p.game();
    let mut head: String<64> = String::new();
    match g.status() {
        Status::Won => {
            let _ = put!(head, "Farewell, kings! Deal #", g.seed(), " in ", g.move_count(), " moves");
            if !menu_up {
                return; // let the kings leave first
            }
            menu_with(list, skin, &[(&head, palette::SELECTED), ("The kings have left", palette::DIM)], &WON_MENU, sel);
        }
        Status::Lost(l) => lost_box(list, skin, l.describe(), sel),
        _ => {}
    }
}

/// The loss screen: one box over the grid, never over the side panel (the
/// hand and the stock the reason speaks of stay in view), the grid dimmed
/// around it: "No move left", the reason on up to two lines, the menu.
fn lost_box(list: &mut DrawList, skin: &impl Skin, reason: &str, sel: u8) {
    let area_w = SAFE_RIGHT - PANEL_W - 2;
    let w = area_w - SAFE_LEFT;
    let x = SAFE_LEFT;
    let max = ((w - 16) / skin.advance()) as usize;
    let reason = super::paint::sentence(reason);
    let (a, b) = wrap(&reason, max);
    let reason_lines: i16 = if b.is_empty() { 1 } else { 2 };
    let lh = skin.line_height() + 4;
    let menu_y = 6 + lh + reason_lines * (skin.line_height() + 2) + 8;
    let h = menu_y + LOST_MENU.len() as i16 * lh + 6;
    let y = (SCREEN_H - h) / 2;
    // The final position stays readable, dimmed, around the box: no card
    // edge pokes out bright beside it.
    list.shade(0, 0, (area_w + 2) as u16, SCREEN_H as u16, palette::BOX);
    list.fill(x, y, w as u16, h as u16, palette::BOX);
    list.outline(x, y, w as u16, h as u16, 1, palette::DIM);
    let cx = x + w / 2;
    text_centred(list, skin, cx, y + 6, "No move left", palette::DIM);
    for (i, line) in [a, b].iter().take(reason_lines as usize).enumerate() {
        text_centred(list, skin, cx, y + 6 + lh + i as i16 * (skin.line_height() + 2), line, palette::TEXT);
    }
    let items_x = x + (w - 140) / 2;
    for (i, item) in LOST_MENU.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let ty = y + menu_y + i as i16 * lh;
        if i as u8 == sel {
            text(list, skin, items_x, ty, ">", color);
        }
        text(list, skin, items_x + 16, ty, item, color);
    }
}

/// The point `t` frames of [`SLIDE_FRAMES`] along from `a` to `b`, at an
/// even pace.
fn lerp(a: (i16, i16), b: (i16, i16), t: i16) -> (i16, i16) {
    let n = SLIDE_FRAMES as i16;
    (a.0 + (b.0 - a.0) * t / n, a.1 + (b.1 - a.1) * t / n)
}

/// One frame of the board: the play, its game, where things go on screen
/// and what the view asks for.
struct Board<'a> {
    p: &'a Play,
    g: &'a Game,
    lay: Layout,
    view: &'a View,
    held: Option<Card>,
    /// Under a menu the table leaves out its words (the loss box leaves the
    /// side panel in view, words and all).
    words: bool,
}

/// Draws the table: the grid, the side panel with the hand, the stock and
/// the books, the animations, the card waiting, the cursor and the message
/// line.
fn board(p: &Play, view: &View, skin: &impl Skin, list: &mut DrawList) {
    let g = p.game();
    let o = g.options();
    let words = !view.covered || matches!(g.status(), Status::Lost(_));
    let b = Board { p, g, lay: Layout::new(skin, o.width, o.height), view, held: p.held(), words };
    list.fill(b.lay.panel_x, 0, (SCREEN_W - b.lay.panel_x) as u16, SCREEN_H as u16, palette::PANEL);
    b.grid(skin, list);
    b.hand(skin, list);
    b.stock_and_books(skin, list);
    b.animations(skin, list);
    b.waiting(skin, list);
    b.cursor(list);
    match p.guiding() {
        Some(guide) => guided::draw(p, guide, &b.lay, skin, list),
        None => {
            b.message_line(skin, list);
            b.deal_line(skin, list);
        }
    }
}

impl Board<'_> {
    /// The animations queued, in their order.
    fn anims(&self) -> &[Queued<AnimKind>] {
        self.p.table.motion().queued()
    }

    /// The cells a card is still sliding to, and the hand's slots a card is
    /// still being dealt to: those cards are drawn by their animation, not
    /// in place.
    fn arriving(&self) -> (CellSet, u8) {
        let frame = self.view.frame;
        let mut arriving = CellSet::EMPTY;
        let mut arriving_slots = 0u8;
        for a in self.anims().iter().filter(|a| a.running(frame)) {
            match a.kind {
                AnimKind::Slide { to, .. } => arriving.insert(to),
                AnimKind::Deal { slot, .. } => arriving_slots |= 1 << slot,
                _ => {}
            }
        }
        (arriving, arriving_slots)
    }

    /// The highlights: the cells the held card (or the hand card under
    /// the cursor) may go to, and the cards of the held card's rank (L2
    /// held) or suit (R2 held).
    fn highlights(&self) -> (CellSet, CellSet) {
        let (g, view) = (self.g, self.view);
        let mut legal = CellSet::EMPTY;
        let mut same = CellSet::EMPTY;
        if view.highlight {
            for cell in self.p.targets() {
                legal.insert(*cell);
            }
        }
        if let Some(c) = self.held {
            if view.held.contains(Buttons::L2) {
                same = g.cells_of_rank(c.rank());
            }
            if view.held.contains(Buttons::R2) {
                same = same | g.cells_of_suit(c.suit());
            }
        }
        (legal, same)
    }

    /// The grid, row by row: the empty cells (their share of the grid
    /// under any card above) and the legal ones outlined, the cards (the
    /// kings rising away after a win), the cursor's ring with its row: the
    /// row under it lies over the ring's foot as over the card's, so the
    /// ring never covers a rank.
    fn grid(&self, skin: &impl Skin, list: &mut DrawList) {
        let (g, lay) = (self.g, &self.lay);
        let o = g.options();
        let (arriving, _) = self.arriving();
        let (legal, same) = self.highlights();
        let won = g.status() == Status::Won;
        let cursor = match (g.status().is_over() || self.p.guide.is_some(), self.p.focus()) {
            (false, Focus::Grid(cell)) => Some(cell),
            _ => None,
        };
        // Rows overlap by `over` pixels: an empty cell's fill starts under
        // the card above, and more than the frame's rounded foot (2 rows)
        // shows the paper above through a card's rounded top corners, as
        // white ticks, unless the border fills them.
        let over = (lay.card.1 - lay.pitch.1).max(1);
        let (w, h) = lay.cell_size();
        let ticks = (over > 2).then(|| super::skin::border_colour(self.view.face));
        // Which columns' cell in the row above holds a card in its place.
        let mut above = [false; crate::games::farewell::grid::MAX_W as usize];
        for r in 0..o.height {
            for c in 0..o.width {
                let cell = Cell::new(r, c);
                let (x, y) = lay.cell_xy(cell);
                let card = g.card_at(cell).filter(|_| !arriving.contains(cell));
                match card {
                    None => {
                        list.fill(x + 1, y + over, (w - 2) as u16, (h - 1 - over) as u16, palette::CELL);
                        if legal.contains(cell) {
                            mark_target(list, x, y + over - 1, w, h + 1 - over);
                        }
                    }
                    Some(card) => {
                        let placed = self.grid_card(card, (x, y), (won, same.contains(cell)), skin, list);
                        if let (Some(border), true) = (ticks, placed && above[usize::from(c)]) {
                            list.fill(x + 1, y, 1, 1, border);
                            list.fill(x + lay.card.0 - 2, y, 1, 1, border);
                        }
                    }
                }
                above[usize::from(c)] = card.is_some();
                if cursor == Some(cell) {
                    self.grid_cursor((x, y), list);
                }
            }
        }
    }

    /// A card of the grid at (x, y), the game `won` or not, shaded when of
    /// the held card's rank or suit (`same`); false when it is not in its
    /// place (a king rising away after a win).
    fn grid_card(&self, card: Card, (x, y): (i16, i16), (won, same): (bool, bool), skin: &impl Skin, list: &mut DrawList) -> bool {
        let (lay, face, frame) = (&self.lay, self.view.face, self.view.frame);
        if won && card.is_king() {
            // The kings leave: they rise off the top of the screen.
            let since_end = frame.wrapping_sub(self.p.table.ended_at().unwrap_or(frame));
            let dy = (since_end.min(120) as i16) * 2;
            skin.card(list, x, y - dy, card, face, lay.size, NO_TINT);
            return false;
        }
        skin.card(list, x, y, card, face, lay.size, NO_TINT);
        if same {
            list.shade(x, y, lay.card.0 as u16, lay.card.1 as u16, palette::SAME);
        }
        true
    }

    /// The cursor's ring on the grid at (x, y). The held card stays in the
    /// hand, lifted, until it is placed: it then slides once from there to
    /// its cell (a copy of it under the cursor would make it jump back to
    /// the hand first).
    fn grid_cursor(&self, (x, y): (i16, i16), list: &mut DrawList) {
        ring(list, x, y, self.lay.card, self.view.frame, palette::CURSOR);
    }

    /// The hand: its four slots, the held card lifted and outlined.
    fn hand(&self, skin: &impl Skin, list: &mut DrawList) {
        let (lay, face, held) = (&self.lay, self.view.face, self.held);
        let (_, arriving_slots) = self.arriving();
        // The card waiting to be placed (an orphan, a king) is drawn over
        // the first slot (`waiting`): the hand's card there would
        // lie wholly under it, its index covered.
        let g = self.g;
        let waits = held.is_some() && (!g.orphans().is_empty() || g.status() == Status::PlacingKings);
        let hand = self.g.hand();
        for slot in 0..4u8 {
            if waits && slot == 0 {
                continue;
            }
            let (x, y) = lay.slot_xy(slot);
            match hand[usize::from(slot)] {
                Some(card) if arriving_slots & (1 << slot) == 0 => {
                    let lift = if Some(card) == held { -4 } else { 0 };
                    skin.card(list, x, y + lift, card, face, lay.size, NO_TINT);
                    if Some(card) == held {
                        list.outline(
                            x - 1,
                            y + lift - 1,
                            (lay.card.0 + 2) as u16,
                            (lay.card.1 + 2) as u16,
                            1,
                            palette::LEGAL,
                        );
                    }
                }
                _ => list.fill(x + 1, y + 1, (lay.card.0 - 2) as u16, (lay.card.1 - 2) as u16, palette::CELL),
            }
        }
    }

    /// The stock with its count, and the books removed, rank by rank.
    fn stock_and_books(&self, skin: &impl Skin, list: &mut DrawList) {
        let (g, lay, words) = (self.g, &self.lay, self.words);
        let (sx, sy) = lay.stock_xy();
        if g.stock_len() > 0 {
            skin.back(list, sx, sy, lay.size);
        }
        let mut n: String<8> = String::new();
        let _ = put!(n, g.stock_len());
        if words {
            text(list, skin, sx + lay.card.0 + 2, sy + 1, &n, palette::TEXT);
        }
        let books_y = lay.books_y();
        for r in 1..=12u8 {
            let Some(rank) = Rank::new(r) else { continue };
            if !words {
                break;
            }
            let done = g.removed().iter().any(|b| b.rank == rank);
            let col = i16::from((r - 1) % 3);
            let row = i16::from((r - 1) / 3);
            let mut s: String<2> = String::new();
            // Ten as on the cards, not the notation's T.
            let _ = if r == 10 { s.push_str("10") } else { s.push(rank.letter()).map_err(|_| ()) };
            text(
                list,
                skin,
                lay.panel_x + 4 + col * 12,
                books_y + row * (skin.line_height() + 1),
                &s,
                if done { palette::SELECTED } else { palette::DIM },
            );
        }
    }

    /// The animations: cards sliding and being dealt, books leaving, a
    /// card lifted.
    fn animations(&self, skin: &impl Skin, list: &mut DrawList) {
        let (lay, face, frame) = (&self.lay, self.view.face, self.view.frame);
        for a in self.anims() {
            let Some(t) = progress(a.start, frame) else { continue };
            match a.kind {
                AnimKind::Slide { card, from_slot, to } => {
                    // An orphan or a king comes from the spot shown over the hand.
                    let from = from_slot.map_or(lay.slot_xy(0), |s| lay.slot_xy(s));
                    let (x, y) = lerp(from, lay.cell_xy(to), t);
                    skin.card(list, x, y, card, face, lay.size, NO_TINT);
                }
                AnimKind::Deal { card, slot } => {
                    let (x, y) = lerp(lay.stock_xy(), lay.slot_xy(slot), t);
                    skin.card(list, x, y, card, face, lay.size, NO_TINT);
                }
                AnimKind::Book(b) => {
                    let (x, y) = lay.cell_xy(b.cell);
                    let cells = [(0, 0), (1, 0), (0, 1), (1, 1)];
                    for (card, (dx, dy)) in b.cards.iter().zip(cells) {
                        let px = x + dx * lay.pitch.0 + (dx * 2 - 1) * t * 3;
                        let py = y + dy * lay.pitch.1 - t * 6;
                        skin.card(list, px, py, *card, face, lay.size, NO_TINT);
                    }
                }
                AnimKind::Lift { card, from } => {
                    let (x, y) = lay.cell_xy(from);
                    skin.card(list, x, y - t, card, face, lay.size, NO_TINT);
                    list.outline(x, y - t, lay.card.0 as u16, lay.card.1 as u16, 1, palette::CURSOR);
                }
            }
        }
    }

    /// The orphan waiting, or the king to place: shown over the panel's top.
    fn waiting(&self, skin: &impl Skin, list: &mut DrawList) {
        let (g, lay, face) = (self.g, &self.lay, self.view.face);
        if !g.orphans().is_empty() || g.status() == Status::PlacingKings {
            if let Some(c) = self.held {
                let (x, y) = lay.slot_xy(0);
                list.shade(lay.panel_x, 0, (SCREEN_W - lay.panel_x) as u16, (y + lay.card.1 + 4) as u16, palette::BOX);
                skin.card(list, x, y, c, face, lay.size, NO_TINT);
                list.outline(x - 1, y - 1, (lay.card.0 + 2) as u16, (lay.card.1 + 2) as u16, 1, palette::CURSOR);
            }
        }
    }

    /// The cursor on the hand: none once the game is over (the end
    /// screen's menu has the only choice left). On the grid it is drawn
    /// with its row ([`Board::grid_card`]).
    fn cursor(&self, list: &mut DrawList) {
        if let (false, Focus::Hand(slot)) = (self.g.status().is_over() || self.p.guide.is_some(), self.p.focus()) {
            let (lay, (x, y)) = (&self.lay, self.lay.slot_xy(slot));
            list.outline(x - 2, y - 2, (lay.card.0 + 4) as u16, (lay.card.1 + 4) as u16, 2, palette::CURSOR);
        }
    }

    /// The deal number and the moves, over the grid as every game shows
    /// them, when the grid leaves a line free above it (and above the
    /// cursor's ring round its top row).
    fn deal_line(&self, skin: &impl Skin, list: &mut DrawList) {
        let y = self.lay.origin.1 - 3 - skin.line_height();
        if self.words && y >= SAFE_TOP {
            self.deal_words(skin, list, y);
        }
    }

    /// The deal number at the grid's left edge and the moves at its right,
    /// on the line at `y`.
    fn deal_words(&self, skin: &impl Skin, list: &mut DrawList, y: i16) {
        let (g, lay) = (self.g, &self.lay);
        let mut line: String<24> = String::new();
        let _ = put!(line, "Deal #", g.seed());
        text(list, skin, lay.origin.0, y, &line, palette::DIM);
        line.clear();
        let _ = put!(line, "Moves ", g.move_count());
        let last = Cell::new(0, g.options().width.saturating_sub(1));
        let right = lay.cell_xy(last).0 + lay.card.0;
        text(list, skin, right - skin.text_width(&line), y, &line, palette::TEXT);
    }

    /// The message line: what to do now, or the last message.
    fn message_line(&self, skin: &impl Skin, list: &mut DrawList) {
        let (p, g, held) = (self.p, self.g, self.held);
        let mut line: String<{ crate::games::text::MESSAGE }> = String::new();
        if let Some(m) = p.table.message(self.view.frame) {
            let _ = line.push_str(m);
        } else if let Some(o) = g.orphans().first() {
            let _ = put!(line, "Orphan ", o, ": place it first (L2/R2: another)");
            let _ = o;
        } else if g.status() == Status::PlacingKings {
            if let Some(k) = held {
                let _ = put!(line, "Custom start: place ", k);
            }
        } else if g.status() == Status::Playing && held.is_none() && g.check_deal().is_ok() {
            let _ = line.push_str("Press X to deal a new hand");
        }
        if g.status().is_over() || !self.words {
            return;
        }
        if !line.is_empty() {
            // Over the grid, never over the side panel.
            message_bar_in(list, skin, &line, SAFE_LEFT, self.lay.panel_x - 2);
        } else if self.lay.origin.1 - 3 - skin.line_height() < SAFE_TOP {
            // A grid with no line free above it: the deal and the moves in
            // the message strip, where a one-line message would stand.
            self.deal_words(skin, list, SAFE_BOTTOM - skin.line_height() - 3);
        }
    }
}

impl PlayScreen for Play {
    type HintStore = HintStorage;

    table_screen!();

    /// The fewest deals: the game's own record.
    fn score(&self) -> u16 {
        self.game().moves().filter(|m| *m == Move::Deal).count() as u16
    }
    fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        Play::update(self, input, frame, log)
    }
    fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        Play::undo(self, frame, log)
    }
    /// The fair player's moves, each worked out over frames (shown as a
    /// hint) and played a frame later.
    fn demo_frame(&mut self, frame: u32, paced: bool, log: &mut dyn crate::out::Out) -> bool {
        if let Some(m) = self.planned.take() {
            return !self.play_move(m, frame, log);
        }
        if !(self.thinking() || self.thought_ready() || paced) {
            return false;
        }
        match self.table.ended_at() {
            // Show the end for four seconds, then deal again.
            Some(end) => frame.wrapping_sub(end) > 4 * 60,
            None => match self.plan() {
                None => false,
                Some(m) => {
                    self.planned = m;
                    m.is_none()
                }
            },
        }
    }
    fn hints(&self) -> u32 {
        Play::hints(self)
    }
    fn thinking(&self) -> bool {
        Play::thinking(self)
    }
    fn think(&mut self, budget: u32, frame: u32, store: &mut HintStorage) -> bool {
        self.think_in(store, budget as usize, frame)
    }
    fn step_weight(&self, store: &HintStorage) -> u32 {
        self.work.map_or(1, |w| w.weight(store))
    }
    fn deepening(&self) -> bool {
        Play::deepening(self)
    }
    fn hint_depth(&self) -> (bool, u32) {
        self.hint.depth()
    }
    fn withdraw_hint(&mut self) {
        Play::withdraw_hint(self)
    }
    fn ponder(&mut self) {
        Play::ponder(self)
    }
    fn asked(&self) -> bool {
        Play::asked(self)
    }
    fn take_sounds(&mut self) -> Sounds {
        self.table.take_sounds()
    }
    fn draw(&self, view: &View, skin: &impl Skin, list: &mut DrawList) {
        board(self, view, skin, list)
    }
    fn guided(_frame: u32, log: &mut dyn crate::out::Out) -> Option<Self> {
        Play::start_guided(log)
    }
    fn guide(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) -> bool {
        self.guide_frame(input, frame, log)
    }
    fn draw_over(&self, view: &View, sel: u8, skin: &impl Skin, list: &mut DrawList) {
        over(self, view.covered, list, skin, sel)
    }
}

/// The help screen's lines.
pub const HELP: [&str; 13] = [
    "D-pad    move the cursor",
    "X        pick up / place / deal",
    "O        put the card back",
    "L1       deal a new hand",
    "L2 R2    previous / next card;",
    "         held: its rank / suit",
    "/\\       undo     [] hint",
    "SELECT   legal cells on/off",
    "START    pause menu",
    "",
    "Match every neighbour in suit or",
    "rank. Fill 2x2 books, aces first.",
    "More: docs/rules/farewell.md",
];

/// Help's tips page: Rob Steward's strategy points, in our words.
pub const TIPS: [&str; 12] = [
    "- Spread out early: lay lines of",
    "  cards away from the kings.",
    "- Plan your orphans. A low card by",
    "  a high book is never orphaned:",
    "  lower books always leave first.",
    "- Two of a suit in one hand? Play",
    "  the higher card first.",
    "- Mind where a book's cards sit:",
    "  two swapped can strand the last.",
    "- Clubs and diamonds start cramped:",
    "  keep one side of the kings open.",
    "- Lost? Undo, and see what to change.",
];

/// The Options screen's rows.
const OPTION_ROWS: [OptionRow; 11] = [
    OptionRow::Own(0),
    OptionRow::Own(1),
    OptionRow::Own(2),
    OptionRow::Faces,
    OptionRow::Highlight,
    OptionRow::Winnable,
    OptionRow::Effects,
    OptionRow::Music,
    OptionRow::MusicInPlay,
    OptionRow::Defaults,
    OptionRow::Back,
];

/// The kings starts in the options code's order.
const STARTS: [KingStart; 4] = [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom];

fn options_of(code: u8) -> Options {
    Game::options_from_code(code).unwrap_or_default()
}

fn option_value(code: u8, row: u8, out: &mut dyn crate::out::Out) -> core::fmt::Result {
    let o = options_of(code);
    match row {
        0 => put!(out, "< ", o.width, "x", o.height, " >"),
        1 => put!(out, "< ", o.kings.name(), " >"),
        _ => put!(out, "< ", if o.easy { "yes" } else { "no" }, " >"),
    }
}

fn change_option(code: u8, row: u8, dir: i8) -> u8 {
    let mut o = options_of(code);
    let turn = |cur: usize, n: usize| ((cur as i8 + dir).rem_euclid(n as i8)) as usize;
    match row {
        0 => {
            let cur = GRID_SIZES.iter().position(|&g| g == (o.width, o.height)).unwrap_or(3);
            (o.width, o.height) = GRID_SIZES[turn(cur, GRID_SIZES.len())];
        }
        1 => o.kings = STARTS[turn(STARTS.iter().position(|k| *k == o.kings).unwrap_or(0), STARTS.len())],
        _ => o.easy = !o.easy,
    }
    Game::options_code(o)
}

fn stats_label(row: usize, out: &mut dyn crate::out::Out) -> core::fmt::Result {
    let o = options_of(row as u8);
    put!(out, o.width, "x", o.height, " ", o.kings.name(), if o.easy { " easy" } else { "" })
}

/// A Farewell to Kings in the catalogue.
pub const SCREEN: ScreenInfo = ScreenInfo {
    game: &crate::games::farewell::INFO,
    demo_turn: 0,
    author: "Rob D. Steward, 1996-99",
    emblem: crate::cards::Suit::Spades,
    help: &HELP,
    tips: &TIPS,
    guided: true,
    options: &OPTION_ROWS,
    option_labels: &["Grid size", "Kings start", "Easy"],
    option_value,
    change_option,
    demo_options,
    resume_words,
    stats_label,
    // A placement judged, or half a position's basis: up to 1.9 ms on
    // 12x8 (5 ms before the judgement kept a basis); a unit of weight 2
    // (a position judged whole, the next beam) takes up to 3.3 ms.
    think_step_us: 2_200,
    // What a unit's weight does not foresee (a book completed lifts
    // orphans, a second book may follow).
    think_margin_us: 600,
};

/// The demo plays a custom start's deal with the kings in the centre (it
/// would have to place them first, which shows nothing).
fn demo_options(code: u8) -> u8 {
    let o = options_of(code);
    let kings = if o.kings == KingStart::Custom { KingStart::Centre } else { o.kings };
    Game::options_code(Options { kings, ..o })
}

/// The Resume screen names the grid size.
fn resume_words(code: u8, out: &mut dyn crate::out::Out) -> core::fmt::Result {
    let o = options_of(code);
    put!(out, o.width, "x", o.height, ", ")
}

/// Logs a move with what it did besides: each book removed (`AFTK BOOK 3`)
/// and each orphan lifted (`AFTK ORPHAN 7h`).
fn log_move(m: Move, out: &Outcome, log: &mut dyn crate::out::Out) -> core::fmt::Result {
    let ranks: Vec<crate::cards::Rank, 12> = out.books.iter().map(|b| b.rank).collect();
    let mut notes: Vec<crate::log::Note, 48> = Vec::new();
    for r in &ranks {
        let _ = notes.push(crate::log::Note { tag: "BOOK", what: r });
    }
    for (card, _) in &out.orphans {
        let _ = notes.push(crate::log::Note { tag: "ORPHAN", what: card });
    }
    crate::log::write_move(&m, &notes, log)
}
