//! The solver: King Albert is open (every card face up), so a search that
//! finishes knows whether a position can be won. [`Solver`] proves a
//! position won (with the line that wins it) or lost, or says "unknown"
//! when its budget runs out; it never guesses.
//!
//! - **Canonical positions.** A position is keyed by what lies under each
//!   card ([`key`]): for a card on a building stack, nothing (the stack's
//!   bottom), one of the two cards it fits on (2 bits name which), or a card
//!   it does not fit on, which can only be the card dealt under it (cards
//!   are only ever put on cards they fit on, so an out-of-sequence pair has
//!   never moved since the deal). A card in the reserve was never dealt
//!   onto anything, so the code for "on a card it does not fit" says "still
//!   in the reserve" for it. With the height of each suit stack, that is 120
//!   bits, exact (no hash collisions), and the same for every order of the
//!   building stacks: the stacks are a multiset, the reserve a set. The key
//!   is kept move by move (only the moved card's code and one suit stack's
//!   height change), not rebuilt from the board at every node.
//! - **Memoised depth-first search.** Every position reached is stored in
//!   a table the caller supplies; a position already in it is not searched
//!   again (whether it was finished without a win or is still being
//!   searched higher up this line: winning is reaching the goal, and a
//!   search that skips seen positions reaches everything reachable). So a
//!   move straight back is never searched twice, nor any cycle.
//!   The table is King Albert's own, not the other solvers'
//!   [`SeenSet`](crate::games::search::SeenSet): its keys are exact (120
//!   bits, not a hash), and its entries carry the search's generation so
//!   that the console's hint need not clear 128 KB to start a search.
//! - **Safe moves inside the search.** After every move, a card that can go
//!   to its suit stack while both cards of the other colour one rank lower
//!   are already up goes up, from the stacks or the reserve: no card left in
//!   play could be built on it, so any win with it left in play is also a
//!   win with it gone (docs/rules/albert.md has the argument).
//! - **Pruning that cannot lose a win.** All empty stacks are alike: a card
//!   or run goes to the first empty one only. A run onto a non-empty stack
//!   can only be the one base that fits there. Whole stacks never move to an
//!   empty stack (not a move). Foundation moves are tried first, moves to an
//!   empty stack last.
//! - **Passes** (a budget of [`BOUNDED_FROM`] nodes or more): at most 2,
//!   then 5, then 12 moves in a row without a card going up, then no
//!   bound. A win in any pass is a win; "not winnable" only comes from a
//!   pass that cut no line, which is the exhaustive search.
//! - **Budget**: nodes (moves tried); also running out of table, frames or
//!   move buffer ends the search as unknown.
//! - **Storage** is the caller's ([`Storage`]): vectors lent on the host
//!   ([`Workspace`]), fixed arrays on the console ([`Store`]). The table is
//!   not cleared between searches: entries carry the search's generation.
//! - **Steps**: [`Solver::step`] searches a given number of nodes and
//!   returns, so the console can spread a search over frames.

use super::game::{fits, Board, From, Game, Move, Plan, RESERVE, STACKS, SUITS};
use crate::cards::{Card, Rank, Suit};
use crate::games::search::{self, Effort};
use crate::games::Patience;
use heapless::Vec;

/// The answer: winnable ([`Solver::line`] gives the moves, from the
/// storage), not winnable (every position reachable was searched), or
/// unknown (the budget, the table, the frames or the move buffer ran out
/// first).
pub type Verdict = search::Verdict<()>;

/// Most moves a position can offer the search. Onto a non-empty stack: each
/// top card takes at most two cards (the two of the other colour one rank
/// lower), 18; to the suit stacks, at most 4; to the first empty stack, at
/// most one per card in the reserve or on a stack, 52 - 8 (four on the suit
/// stacks or no move there... counted loosely: 52). 18 + 4 + 52 = 74.
pub const MAX_BRANCH: usize = 80;

/// One level of the search: the move that led to it, the safe moves that
/// followed, and its own moves (a slice of the move buffer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    plan: Plan,
    autos: u8,
    first: u32,
    count: u8,
    next: u8,
    /// Moves without a card going up the line may still make below this
    /// level (see [`State::limit`]).
    slack: u8,
}

/// A move in the buffer: the plan (checked when generated) and its order.
pub type Step = Plan;

/// Storage a search works in: the table of positions seen (16 bytes each;
/// slot 0 is the table's header, see [`Solver`]), the frames (one per level
/// of the line searched) and the move buffer (the moves of every level of
/// the line, up to [`MAX_BRANCH`] each). The console owns a [`Store`]; the
/// host lends vectors through a [`Workspace`].
///
/// A move buffer of at most [`MAX_BRANCH`] moves holds only the deepest
/// level's moves: coming back to a level, the search lists its moves again
/// (the same moves in the same order, from the same board). It costs a
/// listing a node more, and lets a line be as deep as its frames allow
/// (the host's exact table: some deals search lines tens of millions of
/// levels deep, and 16 moves a level would not fit in memory).
pub trait Storage {
    /// The table, the frames and the move buffer.
    fn parts(&mut self) -> (&mut [u128], &mut [Frame], &mut [Step]);
    /// The frames (to read the winning line).
    fn frames(&self) -> &[Frame];
}

/// Storage lent by the caller.
pub struct Workspace<'w> {
    /// Positions seen; the search stops as unknown rather than fill it
    /// beyond 90 %. It belongs to the solver from search to search (its
    /// first slot says which entries are current: see [`Solver`]).
    pub table: &'w mut [u128],
    /// One per level.
    pub frames: &'w mut [Frame],
    /// Moves of the levels.
    pub moves: &'w mut [Step],
}

impl Storage for Workspace<'_> {
    fn parts(&mut self) -> (&mut [u128], &mut [Frame], &mut [Step]) {
        (self.table, self.frames, self.moves)
    }
    fn frames(&self) -> &[Frame] {
        self.frames
    }
}

impl<S: Storage + ?Sized> Storage for &mut S {
    fn parts(&mut self) -> (&mut [u128], &mut [Frame], &mut [Step]) {
        (**self).parts()
    }
    fn frames(&self) -> &[Frame] {
        (**self).frames()
    }
}

/// Storage owned outright, in fixed arrays: `T` table slots, `F` frames,
/// `M` moves (the console's hint keeps one for the whole game).
#[derive(Clone, Debug)]
pub struct Store<const T: usize, const F: usize, const M: usize> {
    table: [u128; T],
    frames: [Frame; F],
    moves: [Step; M],
}

impl<const T: usize, const F: usize, const M: usize> Store<T, F, M> {
    /// Empty storage.
    pub fn new() -> Self {
        Store { table: [0; T], frames: [Frame::default(); F], moves: [Step::default(); M] }
    }
}

impl<const T: usize, const F: usize, const M: usize> Default for Store<T, F, M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const T: usize, const F: usize, const M: usize> Storage for Store<T, F, M> {
    fn parts(&mut self) -> (&mut [u128], &mut [Frame], &mut [Step]) {
        (&mut self.table, &mut self.frames, &mut self.moves)
    }
    fn frames(&self) -> &[Frame] {
        &self.frames
    }
}

/// Bits of a key below the generation stamp.
const KEY_BITS: u32 = 120;
/// The key without its generation stamp.
const KEY_MASK: u128 = (1 << KEY_BITS) - 1;
/// The table's header (slot 0): this pattern above the current generation
/// in the low byte. Any other header means a table never used by a solver:
/// it is cleared.
const HEADER: u128 = 0xA1BE_57A3_u128 << 64;

/// The 2-bit code of card `c` lying on `under` (`None`: a stack's bottom,
/// or not on a stack at all).
#[inline]
fn code_of(c: Card, under: Option<Card>) -> u32 {
    match under {
        None => 0,
        Some(u) if fits(c, u) => 1 + u32::from(SUITS[usize::from(u.index()) % 52] >= 2),
        Some(_) => 3,
    }
}

/// The canonical key of a board (see the module's notes): 2 bits per card
/// (bits 0-103: what lies under it, or 3 for a card still in the reserve),
/// 4 bits per suit stack (104-119). Exact: a card can only lie on a card it
/// does not fit on if it has never moved since the deal, and a reserve card
/// was never dealt onto anything, so code 3 on a card of the reserve says
/// "still there" without a bit per slot.
pub fn key(b: &Board) -> u128 {
    let mut k: u128 = 0;
    for s in 0..STACKS {
        let mut at = b.top(s);
        let mut guard = 0;
        while let Some(c) = at {
            let u = b.below(c);
            k |= u128::from(code_of(c, u)) << (2 * u32::from(c.index()));
            at = u;
            guard += 1;
            if guard > 52 {
                break;
            }
        }
    }
    for r in 0..RESERVE {
        if let Some(c) = b.reserve(r) {
            k |= 3 << (2 * u32::from(c.index()));
        }
    }
    for s in Suit::ALL {
        k |= u128::from(b.foundation_count(s)) << (104 + 4 * s as u32);
    }
    k
}

/// The key after playing `p` (`applied` false: `b` is the board before
/// `p`) or after taking it back (`applied` true: `b` is the board after
/// `p`): the moved card's code changes (XOR) and, for a move to the suit
/// stack, its suit stack's height. Worked on the key's four 32-bit words:
/// shifting a `u128` by a variable amount is long on the console's CPU.
fn key_after(k: u128, b: &Board, p: Plan, applied: bool) -> u128 {
    let c = p.card;
    let from = match p.from {
        From::Reserve(_) => 3,
        From::Stack(s, _) => code_of(c, if applied { b.top(usize::from(s)) } else { b.below(c) }),
    };
    let mut w = words(k);
    let i = usize::from(c.index()) % 52;
    match p.to {
        None => {
            let d = 1u32 << (8 + 4 * u32::from(SUITS[i]));
            w[3] = if applied { w[3].wrapping_sub(d) } else { w[3].wrapping_add(d) };
            w[i / 16] ^= from << ((i % 16) * 2);
        }
        Some(t) => {
            let to = code_of(c, if applied { b.below(c) } else { b.top(usize::from(t)) });
            w[i / 16] ^= (from ^ to) << ((i % 16) * 2);
        }
    }
    u128::from(w[0]) | u128::from(w[1]) << 32 | u128::from(w[2]) << 64 | u128::from(w[3]) << 96
}

/// A key's four 32-bit words, lowest first.
fn words(k: u128) -> [u32; 4] {
    [k as u32, (k >> 32) as u32, (k >> 64) as u32, (k >> 96) as u32]
}

/// Table slot 1.. for a key (slot 0 is the header): the key's words
/// folded and mixed in 32 bits (murmur3's finaliser), then scaled to the
/// table by a multiplication (no division: the console's CPU has no fast
/// one, and no 64-bit multiply).
fn slot_of(k: u128, len: usize) -> usize {
    let [a, b, c, d] = words(k);
    let mut h = a ^ b.rotate_left(8) ^ c.rotate_left(16) ^ d.rotate_left(24);
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    1 + ((u64::from(h) * (len as u64 - 1)) >> 32) as usize
}

/// What the table said about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    /// Stored before in this search.
    Before,
    /// New: now stored.
    New,
    /// New, and the table is too full to store it.
    Full,
}

/// The search in progress, in storage `S`.
///
/// **The table between searches.** Every entry carries the generation of
/// the search that stored it (the top 8 bits; slot 0 holds the current
/// one), and only the current generation's entries count: a new search
/// takes the next generation instead of clearing the table, so a host
/// running many deals with a large table clears it once in 255 searches.
pub struct Solver<S: Storage> {
    store: S,
    search: Search,
}

/// A search without its storage: the caller lends the storage at every
/// call (the same storage from [`restart`](Search::restart) to the last
/// [`line`](Search::line)). The console keeps one storage for every game
/// of King Albert, outside the game's screen, so that a new game does not
/// build (and move about) 190 KB.
pub struct Search {
    state: State,
}

/// Everything but the storage.
struct State {
    board: Board,
    /// The key of `board` (kept up to date move by move).
    key: u128,
    /// This search's stamp (bits 120-127 of its entries), 1 to 255.
    stamp: u128,
    used: usize,
    depth: usize,
    /// Safe moves made along the line, oldest first.
    autos: Vec<Plan, 52>,
    effort: Effort,
    budget: u64,
    verdict: Option<Verdict>,
    /// The bound of this pass: moves in a row without a card going up
    /// (`UNBOUNDED`: none).
    limit: u8,
    /// The bounded passes' bounds (then one unbounded pass) and which one
    /// this is.
    passes: &'static [u8],
    pass: usize,
    /// A line was cut by the bound in this pass (so its end proves nothing).
    cut: bool,
    /// The nodes searched before this pass.
    pass_from: u64,
    /// With a move buffer of one level's room (see [`Storage`]): the level
    /// whose moves the buffer holds.
    listed: usize,
    /// While the table is being cleared (before a pass of generation 1):
    /// the next entry to clear; 0 otherwise.
    clearing: usize,
    /// The search goes on with the entries an earlier search left in the
    /// table ([`Search::restart_kept`]): they count as seen.
    kept: bool,
}

impl Default for Search {
    fn default() -> Self {
        Self::idle()
    }
}

impl Search {
    /// No search (its verdict is unknown until [`restart`](Self::restart)).
    pub const fn idle() -> Search {
        Search {
            state: State {
                board: Board::EMPTY,
                key: 0,
                stamp: 0,
                used: 0,
                depth: 0,
                autos: Vec::new(),
                effort: Effort { nodes: 0, transpositions: 0 },
                budget: 0,
                verdict: Some(Verdict::Unknown),
                limit: UNBOUNDED,
                passes: &[],
                pass: 0,
                cut: false,
                pass_from: 0,
                listed: 0,
                clearing: 0,
                kept: false,
            },
        }
    }

    /// Starts a new search of `game`'s position within `budget` nodes in
    /// `store` (the previous search is dropped).
    pub fn restart(&mut self, store: &mut (impl Storage + ?Sized), game: &Game, budget: u64) {
        self.restart_with(store, game, budget, if budget >= BOUNDED_FROM { &PASSES } else { &[] });
    }

    /// [`restart`](Self::restart) with the bounded passes given (each
    /// bound below 255; `restart` searches in [`PASSES`] from
    /// [`BOUNDED_FROM`] nodes on), then one unbounded pass; `&[]` for the
    /// unbounded pass alone. The host's exact tables choose their own.
    pub fn restart_with(
        &mut self,
        store: &mut (impl Storage + ?Sized),
        game: &Game,
        budget: u64,
        passes: &'static [u8],
    ) {
        self.start(store, game, budget, passes, false);
    }

    /// Starts a new search of `game`'s position within `budget` nodes that
    /// keeps what the searches before it stored in the table, while the
    /// table is less than [`KEEP_FILL`] tenths full (else it is a plain
    /// [`restart`](Self::restart) without passes): a position an earlier
    /// search stored counts as seen, so the work done on the positions
    /// before (the console's hint, move after move) is not done again.
    ///
    /// An earlier search may have stopped half-way, so a position it
    /// stored is not proved lost: a win from there may go through a
    /// position it was still searching, or left for later. So this search
    /// never says "not winnable": having searched every move from its root
    /// without a win, it says unknown. Its wins are wins (the line is its
    /// own, from its root); a win it misses is the cost of the kept work.
    /// (Taking back the line the last search was on, so that its positions
    /// are searched again, found fewer wins for the console's hint: 28.5%
    /// of deals 1-200 at W = 120 against 33%; the kept line steers the
    /// next search elsewhere.)
    pub fn restart_kept(&mut self, store: &mut (impl Storage + ?Sized), game: &Game, budget: u64) {
        self.start(store, game, budget, &[], true);
    }

    /// True when this search went on with an earlier search's entries
    /// ([`restart_kept`](Self::restart_kept)).
    pub fn kept(&self) -> bool {
        self.state.kept
    }

    fn start(
        &mut self,
        store: &mut (impl Storage + ?Sized),
        game: &Game,
        budget: u64,
        passes: &'static [u8],
        keep: bool,
    ) {
        let (table, frames, moves) = store.parts();
        let st = &mut self.state;
        st.board = *game.board();
        st.key = key(&st.board);
        st.used = 0;
        st.depth = 0;
        st.autos.clear();
        st.effort = Effort::default();
        st.budget = budget;
        st.verdict = None;
        st.passes = passes;
        st.pass = 0;
        st.limit = passes.first().map_or(UNBOUNDED, |&l| l.min(UNBOUNDED - 1));
        st.clearing = 0;
        st.pass_from = 0;
        st.kept = false;
        if table.len() < 2 || frames.is_empty() {
            st.verdict = Some(Verdict::Unknown);
            return;
        }
        let autos = st.safe_moves();
        frames[0] = Frame { autos, ..Frame::default() };
        st.depth = 1;
        if st.board.foundation_total() == 52 {
            st.verdict = Some(Verdict::Winnable(()));
            return;
        }
        match kept_stamp(table).filter(|_| keep) {
            Some(stamp) => {
                st.kept = true;
                st.begin_pass(stamp, table, frames, moves);
            }
            None => st.pass(table, frames, moves),
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.state.effort.nodes
    }

    /// Levels of the line searched now (the root's is 1).
    pub fn depth(&self) -> usize {
        self.state.depth
    }

    /// Nodes searched so far in the current (or last) pass.
    pub fn pass_nodes(&self) -> u64 {
        self.state.effort.nodes - self.state.pass_from
    }

    /// Lets the search go on for at most `more` nodes from here (the
    /// console's hint: a search started before the player asked, with a
    /// larger budget, answers as soon as one asked for would).
    pub fn cap(&mut self, more: u64) {
        let st = &mut self.state;
        st.budget = st.budget.min(st.effort.nodes.saturating_add(more));
    }

    /// What the search has cost so far (a transposition is a position found
    /// in the table).
    pub fn effort(&self) -> Effort {
        self.state.effort
    }

    /// Positions stored so far.
    pub fn positions(&self) -> usize {
        self.state.used
    }

    /// The answer, once found.
    pub fn verdict(&self) -> Option<Verdict> {
        self.state.verdict
    }

    /// Searches up to `nodes` more nodes in `store` (the one the search
    /// started in). `None` while the search goes on; then the verdict.
    pub fn step(&mut self, store: &mut (impl Storage + ?Sized), nodes: u64) -> Option<Verdict> {
        let (table, frames, moves) = store.parts();
        let v = self.state.step(table, frames, moves, nodes);
        // The positions stored, in the header, for a search that keeps
        // the table after this one.
        if self.state.stamp != 0 && self.state.clearing == 0 {
            if let Some(head) = table.first_mut() {
                *head = (*head & !USED_MASK) | (self.state.used as u128) << USED_SHIFT;
            }
        }
        v
    }

    /// After [`Verdict::Winnable`]: the winning line from `game` (the position
    /// the search started from) as the game's moves, with the moves to the
    /// suit stacks the game does not make by itself written out, read from
    /// `store` (the search's). Calls `f` with each; returns false if a move
    /// was refused (never, for the game the search started from).
    pub fn line(&self, store: &(impl Storage + ?Sized), game: &Game, f: &mut dyn FnMut(Move)) -> bool {
        let mut at = self.line_start(game);
        self.line_more(store, &mut at, usize::MAX, f) == Some(true)
    }

    /// [`line`](Self::line) a few levels at a time (the console reads a
    /// long line over several frames): where to start.
    pub fn line_start(&self, game: &Game) -> LineAt {
        LineAt { board: *game.board(), auto: game.options().auto, level: 0, next_auto: 0 }
    }

    /// Reads up to `levels` more levels of the winning line (a move and the
    /// safe moves after it), calling `f` with each move: `None` while the
    /// line goes on, then `Some(true)` at its end, `Some(false)` if a move
    /// was refused (never, for the game the search started from) or the
    /// search did not win. The line is replayed on a board, not a game (a
    /// game works out its status after every move: too slow for the
    /// console's frame).
    pub fn line_more(
        &self,
        store: &(impl Storage + ?Sized),
        at: &mut LineAt,
        levels: usize,
        f: &mut dyn FnMut(Move),
    ) -> Option<bool> {
        if self.state.verdict != Some(Verdict::Winnable(())) {
            return Some(false);
        }
        let auto = at.auto;
        let play = |b: &mut Board, m: Move| -> bool {
            let Ok(p) = b.check(m) else { return false };
            b.apply(p);
            if auto {
                while let Some(at) = b.auto_due() {
                    b.auto_to_foundation(at);
                }
            }
            true
        };
        let frames = store.frames();
        for _ in 0..levels {
            let d = at.level;
            if d >= self.state.depth {
                return Some(true);
            }
            let Some(&fr) = frames.get(d) else { return Some(false) };
            if d > 0 {
                let m = match fr.plan.to {
                    Some(t) => Move::Stack(fr.plan.card, t),
                    None => Move::Foundation(fr.plan.card),
                };
                if !play(&mut at.board, m) {
                    return Some(false);
                }
                f(m);
            }
            for a in self.state.autos.iter().skip(at.next_auto).take(usize::from(fr.autos)) {
                if !at.board.on_foundation(a.card) {
                    let m = Move::Foundation(a.card);
                    if !play(&mut at.board, m) {
                        return Some(false);
                    }
                    f(m);
                }
            }
            at.next_auto += usize::from(fr.autos);
            at.level += 1;
        }
        (at.level >= self.state.depth).then_some(true)
    }
}

/// Where [`Search::line_more`] has got to.
#[derive(Clone, Copy, Debug)]
pub struct LineAt {
    board: Board,
    auto: bool,
    level: usize,
    next_auto: usize,
}

impl<S: Storage> Solver<S> {
    /// Starts a search of `game`'s position within `budget` nodes, in the
    /// storage given.
    pub fn new(game: &Game, store: S, budget: u64) -> Solver<S> {
        let mut s = Solver::idle(store);
        s.restart(game, budget);
        s
    }

    /// A solver with no search (its verdict is unknown until
    /// [`restart`](Self::restart)).
    pub fn idle(store: S) -> Solver<S> {
        Solver { store, search: Search::idle() }
    }

    /// Starts a new search of `game`'s position within `budget` nodes in
    /// the same storage (the previous search is dropped).
    pub fn restart(&mut self, game: &Game, budget: u64) {
        self.search.restart(&mut self.store, game, budget);
    }

    /// The storage back.
    pub fn into_store(self) -> S {
        self.store
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// Positions stored so far.
    pub fn positions(&self) -> usize {
        self.search.positions()
    }

    /// The answer, once found.
    pub fn verdict(&self) -> Option<Verdict> {
        self.search.verdict()
    }

    /// Searches up to `nodes` more nodes. `None` while the search goes on;
    /// then the verdict (also when called again after it).
    pub fn step(&mut self, nodes: u64) -> Option<Verdict> {
        self.search.step(&mut self.store, nodes)
    }

    /// Runs the search to its end.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let Some(v) = self.step(u64::MAX) {
                return v;
            }
        }
    }

    /// After [`Verdict::Winnable`]: the winning line from `game` (the position
    /// the solver started from) as the game's moves, with the moves to the
    /// suit stacks the game does not make by itself written out. Calls `f`
    /// with each; returns false if a move was refused (never, for the game
    /// the search started from).
    pub fn line(&self, game: &Game, f: &mut dyn FnMut(Move)) -> bool {
        self.search.line(&self.store, game, f)
    }

    /// After [`Verdict::Winnable`]: the first move of the winning line.
    pub fn first_move(&self, game: &Game) -> Option<Move> {
        let mut first = None;
        self.line(game, &mut |m| {
            if first.is_none() {
                first = Some(m);
            }
        });
        first
    }
}

/// Where the header keeps the positions its generation stored (for a
/// search that keeps the table: [`Search::restart_kept`]).
const USED_SHIFT: u32 = 8;
const USED_MASK: u128 = 0xFFFF_FFFF << USED_SHIFT;

/// Tenths of the table's usable slots (90% of them) the positions kept may
/// fill for a search to keep them ([`Search::restart_kept`]); fuller, it
/// starts a new generation. The console's hint gains nothing from a
/// larger or emptier table (docs/rules/albert.md, "The hint that thinks
/// while you look"), and a kept search that fills the table is followed by
/// a fresh one anyway.
pub const KEEP_FILL: usize = 8;

/// The positions the header's generation stored.
fn used_of(table: &[u128]) -> usize {
    table.first().map_or(0, |&h| ((h & USED_MASK) >> USED_SHIFT) as usize)
}

/// The stamp of the header's generation, when a search may keep its
/// entries: a generation is under way and the table is less than
/// [`KEEP_FILL`] tenths full.
fn kept_stamp(table: &[u128]) -> Option<u128> {
    let head = *table.first()?;
    let g = head & 0xFF;
    if head & !(0xFF | USED_MASK) != HEADER || g == 0 {
        return None;
    }
    let usable = (table.len() - 1) * 9 / 10;
    (used_of(table) * 10 < usable * KEEP_FILL).then_some(g << KEY_BITS)
}

/// The generation after the one in the table's header, updating the header
/// (the stamp, bits 120-127 of an entry); `None` when the table must be
/// cleared first: it has no header yet, or the 255 generations are used up.
fn next_stamp(table: &mut [u128]) -> Option<u128> {
    let head = *table.first()?;
    let g = if head & !(0xFF | USED_MASK) == HEADER { (head & 0xFF) as u8 } else { 0 };
    let g = g.checked_add(1).filter(|_| g != 0)?;
    table[0] = HEADER | u128::from(g);
    Some(u128::from(g) << KEY_BITS)
}

/// Table entries cleared in one step (16 KB: about 0.7 ms on the console;
/// the whole 128 KB table at once took 5.4 ms of a frame).
const CLEAR_SLICE: usize = 1024;

/// The classes of moves, best first (the order the search tries them):
/// to a suit stack; a run that empties its stack; one that uncovers a card
/// out of sequence; a reserve card onto a stack; a run from one card it
/// fits to another; a run that uncovers an out-of-sequence card to an
/// empty stack; a reserve card to an empty stack; a run from a card it fits
/// to an empty stack.
const FOUNDATION: u8 = 0;
const EMPTIES: u8 = 1;
const UNCOVERS: u8 = 2;
const RESERVE_ON: u8 = 3;
const TWIN: u8 = 4;
const UNCOVERS_EMPTY: u8 = 5;
const RESERVE_EMPTY: u8 = 6;
const TWIN_EMPTY: u8 = 7;
const CLASSES: u8 = 8;

/// No stack (in [`State::generate`]'s table of top cards).
const NO_STACK: u8 = 0xFF;
/// No card (a king's parents).
const NO_CARD: u8 = 0xFF;

/// Each card's parents: the two cards one rank higher and of the other
/// colour, which it can lie on (`NO_CARD` for a king), by index.
const PARENTS: [[u8; 2]; 52] = {
    let mut t = [[NO_CARD; 2]; 52];
    let mut i = 0;
    while i < 52 {
        let (suit, rank) = (i / 13, i % 13);
        if rank < 12 {
            // Spades and clubs (0, 3) are black, hearts and diamonds red.
            let (a, b) = if suit == 0 || suit == 3 { (1, 2) } else { (0, 3) };
            t[i] = [(a * 13 + rank + 1) as u8, (b * 13 + rank + 1) as u8];
        }
        i += 1;
    }
    t
};

/// The passes' bounds: moves in a row without a card going up.
pub const PASSES: [u8; 3] = [2, 5, 12];
/// No bound.
const UNBOUNDED: u8 = u8::MAX;
/// The smallest budget searched in bounded passes: a shorter search is
/// better off plain (on deals 1-200 with no cards up, 1,000 nodes answer 43
/// deals plainly and 28 in passes; 50,000 nodes 112 and 119; 2,000,000
/// nodes 177 and 194: the passes' repeats cost more than they find until
/// the lines are long).
pub const BOUNDED_FROM: u64 = 50_000;

impl State {
    /// Starts a pass from the root (depth 1, the board at the root after
    /// its safe moves) with bound `self.limit`: a new generation of the
    /// table.
    fn pass(&mut self, table: &mut [u128], frames: &mut [Frame], moves: &mut [Step]) {
        match next_stamp(table) {
            Some(stamp) => self.begin_pass(stamp, table, frames, moves),
            // The table is cleared first, a slice per step.
            None => self.clearing = 1,
        }
    }

    /// Clears the next slice of the table; once it is clear, begins the
    /// pass [`pass`](Self::pass) put off (generation 1).
    fn clear_more(&mut self, table: &mut [u128], frames: &mut [Frame], moves: &mut [Step]) {
        let end = (self.clearing + CLEAR_SLICE).min(table.len());
        table[self.clearing..end].fill(0);
        self.clearing = end;
        if end == table.len() {
            self.clearing = 0;
            table[0] = HEADER | 1;
            self.begin_pass(1 << KEY_BITS, table, frames, moves);
        }
    }

    #[inline]
    fn begin_pass(&mut self, stamp: u128, table: &mut [u128], frames: &mut [Frame], moves: &mut [Step]) {
        self.stamp = stamp;
        self.used = if self.kept { used_of(table) } else { 0 };
        self.cut = false;
        self.pass_from = self.effort.nodes;
        frames[0].first = 0;
        frames[0].next = 0;
        frames[0].count = 0;
        frames[0].slack = self.limit;
        // A root an earlier search stored (kept) is searched all the same.
        match self.visit(table, self.key) {
            Seen::New => {}
            Seen::Before if self.kept => {}
            _ => {
                self.verdict = Some(Verdict::Unknown);
                return;
            }
        }
        self.listed = 0;
        match self.generate(moves, 0) {
            Some(n) => frames[0].count = n,
            None => self.verdict = Some(Verdict::Unknown),
        }
    }

    /// Plays `p` on the board, keeping the key.
    #[inline]
    fn apply(&mut self, p: Plan) {
        self.key = key_after(self.key, &self.board, p, false);
        self.board.apply(p);
    }

    /// Takes `p` back, keeping the key.
    #[inline]
    fn unapply(&mut self, p: Plan) {
        self.key = key_after(self.key, &self.board, p, true);
        self.board.unapply(p);
    }

    /// Plays the safe moves, records them; how many. Suit by suit: the
    /// next card of a suit stack is safe when both suit stacks of the other
    /// colour are at least one rank below it; it goes up when it is a
    /// stack's top card or in the reserve. The cards that go up are the
    /// same whatever the order (a card up only makes more cards safe), so
    /// this needs no scan of every stack and reserve slot after each one.
    fn safe_moves(&mut self) -> u8 {
        let mut n = 0u8;
        loop {
            let mut moved = false;
            for suit in Suit::ALL {
                let up = self.board.foundation_count(suit);
                let Some(rank) = Rank::new(up + 1) else { continue };
                let (a, b) = match suit {
                    Suit::Spades | Suit::Clubs => (Suit::Hearts, Suit::Diamonds),
                    Suit::Hearts | Suit::Diamonds => (Suit::Spades, Suit::Clubs),
                };
                if self.board.foundation_count(a) < up || self.board.foundation_count(b) < up {
                    continue;
                }
                let c = Card::new(rank, suit);
                let from = if let Some(s) = (0..STACKS).find(|&s| self.board.top(s) == Some(c)) {
                    From::Stack(s as u8, 1)
                } else if let Some(r) = (0..RESERVE).find(|&r| self.board.reserve(r) == Some(c)) {
                    From::Reserve(r as u8)
                } else {
                    continue;
                };
                let p = Plan { card: c, from, to: None };
                self.apply(p);
                let _ = self.autos.push(p);
                n += 1;
                moved = true;
            }
            if !moved {
                return n;
            }
        }
    }

    #[inline]
    fn undo_safe(&mut self, n: u8) {
        for _ in 0..n {
            if let Some(p) = self.autos.pop() {
                self.unapply(p);
            }
        }
    }

    /// Looks `k` up and stores it if new: one probe sequence for both.
    #[inline]
    fn visit(&mut self, table: &mut [u128], k: u128) -> Seen {
        let len = table.len();
        if len < 2 {
            return Seen::Full;
        }
        let entry = k | self.stamp;
        let mut i = slot_of(k, len);
        loop {
            let slot = table[i];
            if slot & !KEY_MASK != self.stamp {
                // Free (zero, or another search's entry).
                if (self.used + 1) * 10 > (len - 1) * 9 {
                    return Seen::Full;
                }
                table[i] = entry;
                self.used += 1;
                return Seen::New;
            }
            if slot == entry {
                return Seen::Before;
            }
            i += 1;
            if i == len {
                i = 1;
            }
        }
    }

    /// Writes the moves of the current position into the buffer from
    /// `first`, best first. `None` when the buffer is too small.
    fn generate(&self, moves: &mut [Step], first: usize) -> Option<u8> {
        // The moves with their classes, in the order generated; then
        // written out class by class (a counting sort: stable).
        let mut list: Vec<(u8, Plan), MAX_BRANCH> = Vec::new();
        let mut per_class = [0u8; CLASSES as usize];
        let b = &self.board;
        let mut empty = 0u8;
        let mut first_empty = None;
        // For each card, the stack it is the top card of (`NO_STACK`: none):
        // the stacks a card can go onto are those of its two parents.
        let mut stack_of = [NO_STACK; 52];
        let mut tops = [None; STACKS];
        for (t, slot) in tops.iter_mut().enumerate() {
            *slot = b.top(t);
            match *slot {
                Some(c) => stack_of[usize::from(c.index()) % 52] = t as u8,
                None => {
                    empty += 1;
                    first_empty = first_empty.or(Some(t as u8));
                }
            }
        }
        // The stacks `c` fits on, lower first.
        let onto = |c: Card| -> [u8; 2] {
            let [p, q] = PARENTS[usize::from(c.index()) % 52];
            let (a, b) = (stack_of[usize::from(p) % 52], stack_of[usize::from(q) % 52]);
            if p == NO_CARD {
                [NO_STACK; 2]
            } else if a <= b {
                [a, b]
            } else {
                [b, a]
            }
        };
        let mut add = |class: u8, p: Plan| {
            // MAX_BRANCH bounds the moves (see its proof).
            if list.push((class, p)).is_ok() {
                per_class[usize::from(class) % CLASSES as usize] += 1;
            }
        };
        for r in 0..RESERVE {
            let Some(c) = b.reserve(r) else { continue };
            let from = From::Reserve(r as u8);
            if b.foundation_takes(c) {
                add(FOUNDATION, Plan { card: c, from, to: None });
            }
            for t in onto(c) {
                if t != NO_STACK {
                    add(RESERVE_ON, Plan { card: c, from, to: Some(t) });
                }
            }
            if let Some(t) = first_empty {
                add(RESERVE_EMPTY, Plan { card: c, from, to: Some(t) });
            }
        }
        for (s, &top) in tops.iter().enumerate() {
            let Some(top) = top else { continue };
            if b.foundation_takes(top) {
                add(FOUNDATION, Plan { card: top, from: From::Stack(s as u8, 1), to: None });
            }
            let mut base = top;
            let mut n = 1u8;
            // A run of n cards needs n - 1 empty stacks besides its
            // destination: none longer can move.
            while n <= empty + 1 {
                let under = b.below(base);
                let from = From::Stack(s as u8, n);
                let in_run = under.is_some_and(|u| fits(base, u));
                for t in onto(base) {
                    if t != NO_STACK && usize::from(t) != s {
                        // Emptying a stack is best; uncovering an
                        // out-of-sequence card good; moving a run from
                        // one fitting card to another least.
                        let class = match under {
                            None => EMPTIES,
                            Some(_) if !in_run => UNCOVERS,
                            Some(_) => TWIN,
                        };
                        add(class, Plan { card: base, from, to: Some(t) });
                    }
                }
                if let (Some(t), Some(_)) = (first_empty, under) {
                    if empty >= n {
                        add(if in_run { TWIN_EMPTY } else { UNCOVERS_EMPTY }, Plan { card: base, from, to: Some(t) });
                    }
                }
                match under {
                    Some(u) if in_run && n < 13 => {
                        base = u;
                        n += 1;
                    }
                    _ => break,
                }
            }
        }
        let out = moves.get_mut(first..first + list.len())?;
        let mut at = [0u8; CLASSES as usize];
        let mut sum = 0u8;
        for (a, &k) in at.iter_mut().zip(per_class.iter()) {
            *a = sum;
            sum += k;
        }
        for &(class, p) in list.iter() {
            let i = &mut at[usize::from(class) % CLASSES as usize];
            out[usize::from(*i)] = p;
            *i += 1;
        }
        Some(list.len() as u8)
    }

    fn step(&mut self, table: &mut [u128], frames: &mut [Frame], moves: &mut [Step], nodes: u64) -> Option<Verdict> {
        if self.verdict.is_some() {
            return self.verdict;
        }
        if self.clearing != 0 {
            self.clear_more(table, frames, moves);
            return self.verdict;
        }
        let stop = self.effort.nodes.saturating_add(nodes);
        while !self.effort.spent(stop) {
            if self.effort.spent(self.budget) {
                self.verdict = Some(Verdict::Unknown);
                return self.verdict;
            }
            let d = self.depth - 1;
            let f = frames[d];
            if f.next == f.count {
                // Every move from here searched: back up.
                if d == 0 {
                    if self.cut {
                        self.pass += 1;
                        self.limit = self.passes.get(self.pass).map_or(UNBOUNDED, |&l| l.min(UNBOUNDED - 1));
                        self.pass(table, frames, moves);
                        if self.verdict.is_some() || self.clearing != 0 {
                            return self.verdict;
                        }
                        continue;
                    }
                    self.verdict = Some(if self.kept { Verdict::Unknown } else { Verdict::NotWinnable });
                    return self.verdict;
                }
                self.undo_safe(f.autos);
                self.unapply(f.plan);
                self.depth -= 1;
                continue;
            }
            frames[d].next += 1;
            if moves.len() <= MAX_BRANCH && self.listed != d {
                // The buffer held a deeper level's moves: this level's
                // again (the board is as it was when they were listed).
                let count = self.generate(moves, 0);
                debug_assert_eq!(count, Some(f.count), "the moves listed again");
                self.listed = d;
            }
            let p = moves[f.first as usize + usize::from(f.next)];
            self.effort.nodes += 1;
            let up = self.board.foundation_total();
            self.apply(p);
            let autos = self.safe_moves();
            debug_assert_eq!(self.key, key(&self.board), "the key kept move by move");
            let slack = if self.board.foundation_total() > up || f.slack == UNBOUNDED {
                self.limit
            } else if f.slack == 0 {
                self.cut = true;
                self.undo_safe(autos);
                self.unapply(p);
                continue;
            } else {
                f.slack - 1
            };
            if self.board.foundation_total() == 52 {
                if let Some(fr) = frames.get_mut(self.depth) {
                    *fr = Frame { plan: p, autos, first: 0, count: 0, next: 0, slack };
                    self.depth += 1;
                    self.verdict = Some(Verdict::Winnable(()));
                } else {
                    self.verdict = Some(Verdict::Unknown);
                }
                return self.verdict;
            }
            match self.visit(table, self.key) {
                Seen::Before => {
                    self.effort.transpositions += 1;
                    self.undo_safe(autos);
                    self.unapply(p);
                    continue;
                }
                Seen::Full => {
                    self.verdict = Some(Verdict::Unknown);
                    return self.verdict;
                }
                Seen::New => {}
            }
            let first = if moves.len() <= MAX_BRANCH { 0 } else { f.first as usize + usize::from(f.count) };
            self.listed = self.depth;
            if self.depth >= frames.len() {
                self.verdict = Some(Verdict::Unknown);
                return self.verdict;
            }
            let Some(count) = self.generate(moves, first) else {
                self.verdict = Some(Verdict::Unknown);
                return self.verdict;
            };
            frames[self.depth] = Frame { plan: p, autos, first: first as u32, count, next: 0, slack };
            self.depth += 1;
        }
        None
    }
}
