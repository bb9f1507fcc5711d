//! The console's hint at King Albert, as a player meets it: the quick
//! answer first (the solver within [`QUICK_NODES`] nodes, in a table of its
//! own, else the fair player's move), then the deep one while the player
//! looks at the table: the solver goes on from the same position in the
//! deep table, which it keeps from move to move
//! ([`Search::restart_kept`]), so the positions searched while the player
//! looked at the earlier moves are not searched again. A win it finds
//! replaces the quick answer. King Albert is open: the solver may read
//! every card.

use super::game::{Game, Move};
use super::player::Fair;
use super::solver::{Frame, LineAt, Search, Step, Storage, Verdict};
use crate::games::Patience;
use heapless::Vec;

/// Nodes of the quick answer's search: a node costs the console 0.12 to
/// 0.17 ms, so this and the fair player's move show within 60 frames of
/// Square (docs/rules/albert.md, "On the PS1").
pub const QUICK_NODES: u64 = 700;
/// Slots of the quick search's table (16 bytes each): 90% of them hold
/// [`QUICK_NODES`] positions.
pub const QUICK_TABLE: usize = 1024;
/// Slots of the deep search's table, kept from move to move (16 bytes
/// each).
pub const DEEP_TABLE: usize = 16_384;
/// Levels of the line the quick search can go down: a node goes at most a
/// level deeper, so with two more than its nodes it never runs out of them.
pub const QUICK_DEPTH: usize = QUICK_NODES as usize + 2;
/// Levels of the line the deep search can go down.
pub const DEPTH: usize = 1024;
/// Moves the levels of the line can hold: about eight per level, a deep
/// line's average (running out ends the search as unknown).
pub const MOVES: usize = 8192;
/// Moves of a winning line kept for the next hints (a won game's line is
/// typically 80 to 150 moves; a longer one is followed this far, then
/// searched again).
pub const LINE: usize = 256;
/// Levels of a winning line read in a step (a level costs about 0.1 ms on
/// the console; a line has 80 to 150).
pub const LINE_LEVELS: usize = 8;

/// The hint's storage, kept by the caller from boot (the console's `App`)
/// and lent to [`Hint::step`]: each search's table, levels and moves (the
/// deep search's table is kept from move to move).
pub struct HintStore {
    deep: [u128; DEEP_TABLE],
    frames: [Frame; DEPTH],
    moves: [Step; MOVES],
    quick: [u128; QUICK_TABLE],
    quick_frames: [Frame; QUICK_DEPTH],
    quick_moves: [Step; MOVES],
}

impl HintStore {
    /// Empty storage.
    pub fn new() -> Self {
        HintStore {
            deep: [0; DEEP_TABLE],
            frames: [Frame::default(); DEPTH],
            moves: [Step::default(); MOVES],
            quick: [0; QUICK_TABLE],
            quick_frames: [Frame::default(); QUICK_DEPTH],
            quick_moves: [Step::default(); MOVES],
        }
    }

    /// The quick search's storage.
    fn quick(&mut self) -> View<'_> {
        View { table: &mut self.quick, frames: &mut self.quick_frames, moves: &mut self.quick_moves }
    }

    /// The deep search's storage.
    fn deep(&mut self) -> View<'_> {
        View { table: &mut self.deep, frames: &mut self.frames, moves: &mut self.moves }
    }
}

impl Default for HintStore {
    fn default() -> Self {
        Self::new()
    }
}

impl core::fmt::Debug for HintStore {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        put!(f, "HintStore(", core::mem::size_of::<Self>(), " bytes)")
    }
}

/// One of the two searches' storage: its table, and the shared levels and
/// moves.
struct View<'s> {
    table: &'s mut [u128],
    frames: &'s mut [Frame],
    moves: &'s mut [Step],
}

impl Storage for View<'_> {
    fn parts(&mut self) -> (&mut [u128], &mut [Frame], &mut [Step]) {
        (self.table, self.frames, self.moves)
    }
    fn frames(&self) -> &[Frame] {
        self.frames
    }
}

/// Why a hint is the move it is (the message says so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The first move of a winning line ([`Hint::line`] has the rest).
    Line,
    /// The fair player's move: no win found in time, or the deal is
    /// proved lost from here ([`Answer::lost`]).
    Fair,
    /// Any legal move: the fair player liked none.
    LastResort,
}

/// A hint worked out: the move (`None`: no legal move), why, and whether
/// the deep search found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move.
    pub m: Option<Move>,
    /// Why.
    pub why: Why,
    /// The quick search proved the position lost (the fair player's
    /// answers).
    pub lost: bool,
    /// Found by the deep search, after the quick answer.
    pub deep: bool,
}

/// What the hint is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The quick search is to start.
    QuickStart,
    /// The quick search.
    Quick,
    /// The fair player, after the quick search found no win.
    Fair,
    /// Reading the winning line the quick (`false`) or deep search found.
    Reading(bool),
    /// The deep search is to start (keeping the table when `true`).
    DeepStart(bool),
    /// The deep search.
    Deep,
    /// Nothing more to do.
    Done,
}

/// The console's hint for one position, worked out a step at a time while
/// the position stands: the quick answer, then the deep one. Start a new
/// one when the position changes.
pub struct Hint {
    phase: Phase,
    /// The quick search, then the deep one.
    search: Search,
    fair: Option<Fair>,
    reading: Option<LineAt>,
    line: Vec<Move, LINE>,
    answer: Option<Answer>,
    /// The deep search keeps the table (the position follows the one the
    /// last hint was for, in the same deal).
    keep: bool,
    /// The deep search is wanted at all (not in the attract mode).
    deepen: bool,
    /// The quick search proved the position lost.
    lost: bool,
}

impl Hint {
    /// Starts on the hint for the position of a game. `keep`: the deep
    /// search keeps what the searches for the earlier positions of the same
    /// deal stored (a new deal's first hint starts afresh). `deepen`: go on
    /// past the quick answer.
    pub fn new(keep: bool, deepen: bool) -> Hint {
        Hint {
            phase: Phase::QuickStart,
            search: Search::idle(),
            fair: None,
            reading: None,
            line: Vec::new(),
            answer: None,
            keep,
            deepen,
            lost: false,
        }
    }

    /// The best answer so far.
    pub fn answer(&self) -> Option<Answer> {
        self.answer
    }

    /// The winning line the answer begins (its first move is the answer's),
    /// when the answer is [`Why::Line`].
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// True while work is left (the quick answer, or the deep search).
    pub fn working(&self) -> bool {
        self.phase != Phase::Done
    }

    /// Nodes the search under way has searched.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// One step of the work on `g` (the game the hint was started on):
    /// starting a search, up to `nodes` nodes of it, one of the fair
    /// player's steps, or [`LINE_LEVELS`] levels of a winning line. True
    /// when the answer changed.
    pub fn step(&mut self, g: &Game, nodes: u64, store: &mut HintStore) -> bool {
        match self.phase {
            Phase::QuickStart => {
                self.search.restart(&mut store.quick(), g, QUICK_NODES);
                self.phase = Phase::Quick;
                false
            }
            Phase::Quick => {
                let Some(v) = self.search.step(&mut store.quick(), nodes.max(1)) else { return false };
                self.found_by_search(v, g);
                false
            }
            Phase::Fair => self.fair_step(g),
            Phase::Reading(deep) => self.read(g, deep, store),
            Phase::DeepStart(keep) => {
                if keep {
                    self.search.restart_kept(&mut store.deep(), g, u64::MAX);
                } else {
                    self.search.restart(&mut store.deep(), g, u64::MAX);
                }
                self.phase = Phase::Deep;
                false
            }
            Phase::Deep => {
                let Some(v) = self.search.step(&mut store.deep(), nodes.max(1)) else { return false };
                self.phase = match v {
                    Verdict::Winnable(()) => {
                        self.line.clear();
                        self.reading = Some(self.search.line_start(g));
                        Phase::Reading(true)
                    }
                    // A search that kept the table and found no win says
                    // nothing sure (its kept positions may hide a win, or
                    // it ran out of table): the position is searched again,
                    // afresh.
                    _ if self.search.kept() => Phase::DeepStart(false),
                    _ => Phase::Done,
                };
                false
            }
            Phase::Done => false,
        }
    }

    /// The quick search's verdict: a win's line read next, else the fair
    /// player (proved lost: no deep search either).
    fn found_by_search(&mut self, v: Verdict, g: &Game) {
        self.phase = if v == Verdict::Winnable(()) {
            self.line.clear();
            self.reading = Some(self.search.line_start(g));
            Phase::Reading(false)
        } else {
            self.lost = v == Verdict::NotWinnable;
            self.deepen &= !self.lost;
            self.fair = Some(Fair::new(g));
            Phase::Fair
        };
    }

    fn fair_step(&mut self, g: &Game) -> bool {
        let Some(fair) = self.fair.as_mut() else { return false };
        let Some(m) = fair.step(g) else { return false };
        self.fair = None;
        // Nothing the fair player likes: still a move, when there is one
        // (Square always answers with a move).
        let why = if m.is_some() { Why::Fair } else { Why::LastResort };
        let m = m.or_else(|| any_legal(g));
        self.answer = Some(Answer { m, why, lost: self.lost, deep: false });
        self.phase = if self.deepen { Phase::DeepStart(self.keep) } else { Phase::Done };
        true
    }

    fn read(&mut self, g: &Game, deep: bool, store: &mut HintStore) -> bool {
        let Some(at) = self.reading.as_mut() else { return false };
        let line = &mut self.line;
        let mut push = |m| {
            let _ = line.push(m);
        };
        let done = if deep {
            self.search.line_more(&store.deep(), at, LINE_LEVELS, &mut push)
        } else {
            self.search.line_more(&store.quick(), at, LINE_LEVELS, &mut push)
        };
        // The line kept is full: the rest is read at a later hint.
        let Some(won) = done.or(self.line.is_full().then_some(true)) else { return false };
        self.reading = None;
        match self.line.first().copied().filter(|_| won) {
            Some(m) => {
                self.phase = Phase::Done;
                self.answer = Some(Answer { m: Some(m), why: Why::Line, lost: false, deep });
                true
            }
            // A line that does not replay (never: the search's moves are
            // the game's): the fair player answers, or the quick one stands.
            None if deep => {
                self.phase = Phase::Done;
                false
            }
            None => {
                self.line.clear();
                self.fair = Some(Fair::new(g));
                self.phase = Phase::Fair;
                false
            }
        }
    }
}

/// The first legal move of `g`, if any (what the hint offers when the fair
/// player likes no move).
fn any_legal(g: &Game) -> Option<Move> {
    let mut any = None;
    g.for_each_legal(&mut |x| any = any.or(Some(x)));
    any
}


