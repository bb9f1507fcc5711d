//! The fair player: picks a move seeing only what a player sees (every
//! face-up card, the waste, the guests and foundations, how many cards are
//! face down in each land and how many the talon holds; never which cards
//! those are). It gives the hint on the console.
//!
//! Fairness by construction: the player never looks at the real position
//! but at its [`view`], in which the hidden cards (the talon and every
//! face-down card) are put back in one fixed order (sorted, talon first).
//! Shuffling the hidden cards among themselves leaves the view, and so the
//! move, unchanged; `tests/kingdoms_players.rs` checks it.
//!
//! How it chooses:
//! 1. a foundation move that can never hurt ([`solver::is_safe`]);
//! 2. else the best plan of at most two moves (no `draw`), judged by
//!    [`judge`]: cards on the foundations, face-down cards left, empty
//!    lands, guests, face-up cards piled on face-down ones, aces blocking a
//!    land, the waste's depth, and what can be done next (a land that can
//!    turn a card up, a card that can go to its foundation). A move that
//!    turns a card up ends its plan (what comes next depends on a card the
//!    player has not seen), and the turned card counts as unknown. A plan
//!    is played only when it ends better than where it starts;
//! 3. else `draw`;
//! 4. else nothing helps: no move (`None`), though moves may be legal.
//!
//! Its games end: a move that can be taken back by another move (a land
//! or guest move that turns nothing up and does not come from the waste)
//! is played only when it makes the judgement strictly better, and every
//! other move (a draw, a card turned up, a foundation move, a waste card
//! played) can happen only so many times. So no position comes back.

use super::game::{Foundations, Move, Position, DEALT_DOWN, LAND, LANDS};
use super::solver::{self, Search};
use crate::cards::{Card, Pcg32, Rank};
use crate::games::search::{credit, mix, Tally, Verdict};
use heapless::Vec;

/// Most moves in one position the player weighs: every face-up card
/// (at most 52) to a few places each; more are never legal in practice,
/// and any beyond this are not weighed (the player is a heuristic).
pub const MAX_CANDIDATES: usize = 256;

/// The position as the player sees it: the hidden cards (talon and
/// face-down cards) sorted by card and dealt back, talon first (top down),
/// then the face-down cards of `p1`..`p7` from the bottom.
pub fn view(p: &Position) -> Position {
    deal_hidden(p, None)
}

/// The hidden cards of `p` as a set (bit i: card index i).
fn hidden_set(p: &Position) -> u64 {
    let mut hidden = 0u64;
    for c in p.talon() {
        hidden |= 1 << c.index();
    }
    for l in 0..LANDS {
        let land = p.land(l);
        for c in &land.cards()[..land.down().min(land.cards().len())] {
            hidden |= 1 << c.index();
        }
    }
    hidden
}

/// `p` with its hidden cards dealt back: sorted (the [`view`]), or in the
/// order of a shuffle by `rng` (a sample: one way the hidden cards may lie).
fn deal_hidden(p: &Position, rng: Option<&mut Pcg32>) -> Position {
    // Read back in card order: sorted without a sort.
    let mut hidden = hidden_set(p);
    let mut order: Vec<Card, 52> = Vec::new();
    while hidden != 0 {
        let i = hidden.trailing_zeros() as u8;
        hidden &= hidden - 1;
        if let Some(c) = Card::from_index(i) {
            let _ = order.push(c);
        }
    }
    if let Some(rng) = rng {
        crate::cards::shuffle(&mut order, rng);
    }
    let mut next = order.iter().copied();
    let talon: Vec<Card, 24> = (0..p.talon_len()).filter_map(|_| next.next()).collect();
    let mut cards = [[Card::new(Rank::ACE, crate::cards::Suit::Spades); LAND]; LANDS];
    let mut lens = [0usize; LANDS];
    for l in 0..LANDS {
        let land = p.land(l);
        for (i, c) in land.cards().iter().enumerate().take(LAND) {
            cards[l][i] = if i < land.down() { next.next().unwrap_or(*c) } else { *c };
        }
        lens[l] = land.cards().len().min(LAND);
    }
    let mut parts: [(&[Card], usize); LANDS] = [(&[], 0); LANDS];
    for l in 0..LANDS {
        parts[l] = (&cards[l][..lens[l]], p.land(l).down().min(DEALT_DOWN));
    }
    let guests = crate::cards::Suit::ALL.map(|s| p.guest(s));
    let f: Foundations = p.foundations();
    Position::from_parts(&parts, &talon, p.waste(), guests, f).unwrap_or(*p)
}

/// The player's judgement of a position (higher is better). `unknown`:
/// a land whose top card was just turned up in a plan, which the player
/// cannot know yet, so it counts only as a face-up card.
pub fn judge(p: &Position, unknown: Option<usize>) -> i32 {
    let mut s = 100 * p.on_foundations() as i32;
    let empty = (0..LANDS).any(|l| p.land(l).is_empty());
    let ready = |c: Card| p.foundation_needs(c).0 == 0;
    for l in 0..LANDS {
        let land = p.land(l);
        if land.is_empty() {
            s += 15;
            continue;
        }
        let known = unknown != Some(l);
        if known && land.top().is_some_and(ready) {
            s += 20;
        }
        let down = land.down() as i32;
        s -= 25 * down;
        if down > 0 {
            // Cards piled on face-down ones must move again to free them.
            s -= 3 * land.up().len() as i32;
            if !known {
                continue;
            }
            if land.top().is_some_and(|c| c.rank() == Rank::ACE) {
                // A dragon on face-down cards blocks them until its castle
                // and tower are full.
                s -= 10;
            }
            // Can the face-up run go somewhere now, turning a card up?
            if let Some(base) = land.up().first() {
                let fits = (0..LANDS).any(|j| {
                    j != l
                        && unknown != Some(j)
                        && p.land(j).top().is_some_and(|t| {
                            t.suit() == base.suit()
                                && t.rank() != Rank::ACE
                                && t.rank().number() + 1 == base.rank().number()
                        })
                });
                if fits || empty {
                    s += 10;
                }
            }
        }
    }
    for g in crate::cards::Suit::ALL {
        if let Some(c) = p.guest(g) {
            s -= 4;
            if ready(c) {
                s += 20;
            }
        }
    }
    if p.waste().last().is_some_and(|c| ready(*c)) {
        s += 20;
    }
    s - p.waste().len() as i32
}

/// True when `u` can never be undone by other moves: a draw, a foundation
/// move, a card turned up, a waste card played.
fn is_progress(u: &super::game::Undo) -> bool {
    u.turned || matches!(u.mv, Move::Draw | Move::ToFoundation(_)) || u.from == super::game::From::Waste
}

/// Second moves judged in one [`Thinker::step`] unit at most (each is a
/// move played, judged and taken back on the view), so that a unit stays
/// near a millisecond on the console: a first move with all its seconds at
/// once took up to 4 ms there.
pub const SECONDS_PER_UNIT: usize = 12;

/// A first move being weighed: played on the view, its seconds judged a
/// few at a time.
#[derive(Clone, Debug)]
struct Weighing {
    first: Move,
    undo: super::game::Undo,
    best: i32,
    seconds: Vec<Move, MAX_CANDIDATES>,
    next: usize,
}

fn land_of(f: super::game::From) -> Option<usize> {
    match f {
        super::game::From::Land(l) => Some(usize::from(l)),
        _ => None,
    }
}

/// The fair player's move worked out a little at a time, so that on the
/// console the work spreads over frames. It holds its own copy (the view)
/// of the position: start a new one when the game changes.
///
/// A first move's plan value: `None` when the move may not start a plan
/// (illegal, or a move that can be taken back which does not make the
/// position strictly better than the base, so the player never goes round
/// in circles); the judgement after it when it turns a card up; otherwise
/// the best judgement after it or after any second move but a draw.
#[derive(Clone, Debug)]
pub struct Thinker {
    view: Position,
    moves: Vec<Move, MAX_CANDIDATES>,
    next: usize,
    base: i32,
    best: Option<(i32, Move)>,
    weighing: Option<Weighing>,
    /// Decided without weighing (game over, or a safe move).
    decided: Option<Option<Move>>,
}

impl Thinker {
    /// Starts on the fair player's move in `p`.
    #[inline(never)]
    pub fn new(p: &Position) -> Thinker {
        let view = view(p);
        let mut moves: Vec<Move, MAX_CANDIDATES> = Vec::new();
        let mut safe = None;
        view.for_each_legal(&mut |m| {
            if safe.is_none() && solver::is_safe(&view, m) {
                safe = Some(m);
            }
            if m != Move::Draw {
                let _ = moves.push(m);
            }
        });
        let decided = if p.is_won() { Some(None) } else { safe.map(Some) };
        let base = judge(&view, None);
        Thinker { view, moves, next: 0, base, best: None, weighing: None, decided }
    }

    /// Works `budget` more units: a unit starts the next first move, or
    /// judges up to [`SECONDS_PER_UNIT`] of its second moves. `None` while
    /// work is left; then the move (`Some(None)`: nothing helps).
    pub fn step(&mut self, budget: usize) -> Option<Option<Move>> {
        if let Some(d) = self.decided {
            return Some(d);
        }
        for _ in 0..budget {
            if self.weighing.is_some() {
                self.judge_seconds();
            } else if self.next < self.moves.len() {
                self.start_first();
            } else {
                break;
            }
        }
        if self.weighing.is_some() || self.next < self.moves.len() {
            return None;
        }
        let choice = match self.best {
            Some((v, m)) if v > self.base => Some(m),
            _ if self.view.talon_len() > 0 => Some(Move::Draw),
            _ => None,
        };
        self.decided = Some(choice);
        Some(choice)
    }

    /// Plays the next first move on the view and judges it; a plan that
    /// needs no second moves is valued at once.
    fn start_first(&mut self) {
        let m = self.moves[self.next];
        self.next += 1;
        let Ok(u) = self.view.apply(m) else { return };
        let first = judge(&self.view, if u.turned { land_of(u.from) } else { None });
        if !is_progress(&u) && first <= self.base {
            self.view.revert(u);
            return;
        }
        if u.turned {
            self.view.revert(u);
            self.value(first, m);
            return;
        }
        let mut seconds: Vec<Move, MAX_CANDIDATES> = Vec::new();
        self.view.for_each_legal(&mut |m2| {
            if m2 != Move::Draw {
                let _ = seconds.push(m2);
            }
        });
        self.weighing = Some(Weighing { first: m, undo: u, best: first, seconds, next: 0 });
    }

    /// Judges the next few second moves of the first move being weighed;
    /// after its last, takes the first move back and values it.
    fn judge_seconds(&mut self) {
        let Some(w) = self.weighing.as_mut() else { return };
        let end = w.seconds.len().min(w.next + SECONDS_PER_UNIT);
        for &m2 in &w.seconds[w.next..end] {
            if let Ok(u2) = self.view.apply(m2) {
                let j = judge(&self.view, if u2.turned { land_of(u2.from) } else { None });
                w.best = w.best.max(j);
                self.view.revert(u2);
            }
        }
        w.next = end;
        if end == w.seconds.len() {
            let (undo, best, first) = (w.undo, w.best, w.first);
            self.weighing = None;
            self.view.revert(undo);
            self.value(best, first);
        }
    }

    /// A first move's plan value: kept when better than the best so far.
    fn value(&mut self, v: i32, m: Move) {
        if self.best.is_none_or(|(b, _)| v > b) {
            self.best = Some((v, m));
        }
    }

    /// First moves weighed so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.moves.len())
    }
}

/// The fair player's move in `p`; `None` when nothing helps or nothing is legal.
pub fn best_move(p: &Position) -> Option<Move> {
    Thinker::new(p).step(usize::MAX).flatten()
}

/// How hard the player thinks: how many samples of the hidden cards it
/// solves, and the solver's node budget on each. No samples: its rules of
/// thumb alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effort {
    /// Samples: deals of the hidden cards, each solved once.
    pub samples: u16,
    /// The solver's node budget on each sample.
    pub nodes: u32,
    /// Each sample solved once per candidate move, after it (true), or
    /// once from the position, the first move of its winning line voting.
    pub each: bool,
    /// Solved once from the position (not `each`): a sample not won gives
    /// one vote to the first move of the line that got the most cards to
    /// the foundations (a winning line's first move gets
    /// [`WIN_CREDIT`](crate::games::search::WIN_CREDIT)). Off, only winning
    /// lines vote.
    pub furthest: bool,
}

impl Effort {
    /// The rules of thumb alone (no sample).
    pub const PLAIN: Effort = Effort { samples: 0, nodes: 0, each: false, furthest: false };
    /// The console's hint: one sample searched within 100 nodes, a node a
    /// thinking step ([`Sampler::step_in`]). A node costs the console about
    /// 1.5 ms with what goes round it, and a frame of a hint asked for
    /// thinks about 2.5 ms, so this is what 60 frames hold (README); it
    /// wins 5.6% of deals 1-1000, the rules of thumb alone 4.3%.
    pub const CONSOLE: Effort = Effort { samples: 1, nodes: 100, each: false, furthest: false };
    /// The console's hint with the votes of samples not won
    /// ([`furthest`](Self::furthest)): the same search, the same nodes a
    /// step, 11.3% of deals 1-1000: the console's hint
    /// (`ui::kingdoms::CONSOLE_EFFORT`).
    pub const CONSOLE_FURTHEST: Effort = Effort { furthest: true, ..Effort::CONSOLE };
    /// The host's strongest setting measured: 16.1% of deals 1-1000.
    pub const STRONG: Effort = Effort { samples: 8, nodes: 1000, each: true, furthest: false };

    /// Table slots a sample's search uses: a power of two, at least twice
    /// its nodes (the table never fills).
    pub const fn table_slots(self) -> usize {
        let n = (self.nodes as usize).saturating_mul(2);
        if n < 64 {
            64
        } else {
            n.next_power_of_two()
        }
    }
}

/// Different first moves a sampling player keeps votes for.
const MAX_VOTES: usize = 32;

/// The sampling player: the rules of thumb ([`Thinker`]) first, then
/// `effort.samples` deals of the hidden cards (shuffled from a seed that is
/// the view's hash, so a position always gets the same samples), each
/// solved with perfect information within `effort.nodes` nodes. The first
/// move of each winning line found gets votes (with `effort.furthest`, in a
/// sample not won the first move of the line that got the most cards to
/// the foundations gets one, a winning line's 64); the move with most votes is played (ties go to
/// the rules of thumb's move, then to the first one voted for); with no
/// vote, the rules of thumb's move. With `effort.each`, every candidate is
/// judged on every sample instead ([`Tally`]). Everything it reads is the
/// view, so the hidden cards' real order never matters.
#[derive(Clone, Debug)]
pub struct Sampler {
    plain: Thinker,
    plain_move: Option<Option<Move>>,
    effort: Effort,
    seed: u64,
    sampled: u16,
    votes: Vec<(Move, u16), MAX_VOTES>,
    /// With `effort.each`: every candidate's credit over the samples.
    tally: Tally<Move, MAX_VOTES>,
    decided: Option<Option<Move>>,
    /// Solving each candidate: the sample.
    sample: Position,
    /// The sample being searched (solved once, from the position), a few
    /// nodes a step, while `searching`; kept for the next sample (a search
    /// is about 20 KB: built again and moved, it took the console several
    /// milliseconds).
    search: Option<Search>,
    searching: bool,
}

impl Sampler {
    /// Starts on the move in `p`.
    pub fn new(p: &Position, effort: Effort) -> Sampler {
        let plain = Thinker::new(p);
        let decided = plain.decided;
        let view = plain.view;
        let seed = mix(solver::position_hash(&view) ^ 0x5eed);
        Sampler {
            plain,
            plain_move: None,
            effort,
            seed,
            sampled: 0,
            votes: Vec::new(),
            tally: Tally::new(),
            decided,
            sample: view,
            search: None,
            searching: false,
        }
    }

    /// Builds the storage of a sample's search now (the console does it at
    /// boot, so that no thinking step builds and moves 20 KB).
    pub fn make_room(&mut self, table: &mut [u64]) {
        if self.search.is_none() {
            self.search = Some(Search::new(&self.sample, 0, table));
        }
    }

    /// Starts again on the move in `p` at `effort`, in place (keeping the
    /// search's storage), as [`new`](Self::new) would.
    pub fn restart(&mut self, p: &Position, effort: Effort) {
        self.plain = Thinker::new(p);
        self.plain_move = None;
        self.effort = effort;
        self.seed = mix(solver::position_hash(&self.plain.view) ^ 0x5eed);
        self.sampled = 0;
        self.votes.clear();
        self.tally.clear();
        self.decided = self.plain.decided;
        self.sample = self.plain.view;
        self.searching = false;
    }

    /// One step of work: a few first moves weighed by the rules of thumb,
    /// or one sample solved (with `table`, at least
    /// [`Effort::table_slots`] long for the best results). `None` while
    /// work is left; then the move (`Some(None)`: nothing helps).
    pub fn step(&mut self, table: &mut [u64]) -> Option<Option<Move>> {
        self.step_in(table, u64::MAX)
    }

    /// [`step`](Self::step), searching a sample solved from the position
    /// at most `nodes` nodes a step (the console's frames): a step starts
    /// a sample's search or goes on with it. The same move as `step`'s,
    /// whatever `nodes` is; with `effort.each` the same for each
    /// candidate's search on each sample.
    pub fn step_in(&mut self, table: &mut [u64], nodes: u64) -> Option<Option<Move>> {
        if let Some(d) = self.decided {
            return Some(d);
        }
        let Some(plain) = self.plain_move else {
            // A unit at a time: each is a step of about a millisecond on
            // the console (the same move whatever the slice).
            self.plain_move = self.plain.step(1);
            if self.plain_move.is_some() && self.plain.moves.is_empty() {
                // Nothing but a draw (or nothing) is possible.
                self.decided = self.plain_move;
            }
            if self.plain_move.is_some() && self.effort.each {
                for i in 0..self.plain.moves.len() {
                    let m = self.plain.moves[i];
                    if self.acceptable(m) {
                        self.tally.add(m);
                    }
                }
                if self.plain.view.talon_len() > 0 {
                    self.tally.add(Move::Draw);
                }
                if self.tally.len() <= 1 {
                    self.decided = self.plain_move;
                }
            }
            return None;
        };
        if self.effort.each {
            return self.step_each(plain, table, nodes);
        }
        let slots = self.effort.table_slots().min(table.len());
        if let Some(search) = self.search.as_mut().filter(|_| self.searching) {
            let v = search.step(&mut table[..slots], nodes)?;
            self.searching = false;
            self.sampled += 1;
            match v {
                Verdict::Winnable(line) => {
                    if let Some(m) = line.first() {
                        crate::games::search::vote_by(&mut self.votes, *m, crate::games::search::WIN_CREDIT);
                    }
                }
                _ if self.effort.furthest => {
                    if let Some(m) = search.furthest_first() {
                        crate::games::search::vote_by(&mut self.votes, m, 1);
                    }
                }
                _ => {}
            }
            return None;
        }
        if self.sampled < self.effort.samples {
            let mut rng = Pcg32::new(mix(self.seed.wrapping_add(u64::from(self.sampled))) as u32);
            let sample = deal_hidden(&self.plain.view, Some(&mut rng));
            let budget = u64::from(self.effort.nodes);
            match self.search.as_mut() {
                Some(search) => search.restart(&sample, budget, &mut table[..slots]),
                None => self.search = Some(Search::new(&sample, budget, &mut table[..slots])),
            }
            self.searching = true;
            return None;
        }
        let choice = crate::games::search::most_voted(&self.votes, plain, |m, n| n > 0 && self.acceptable(m));
        self.decided = Some(choice);
        Some(choice)
    }

    /// A step with `effort.each`: the next candidate judged on the next
    /// sample, its search (from the position after it) going on at most
    /// `nodes` nodes a step, as a sample solved from the position does.
    fn step_each(&mut self, plain: Option<Move>, table: &mut [u64], nodes: u64) -> Option<Option<Move>> {
        let Some((sample, i, m)) = self.tally.next(self.effort.samples) else {
            let choice = self.tally.choice(plain, |m| self.acceptable(m));
            self.decided = Some(choice);
            return Some(choice);
        };
        let slots = self.effort.table_slots().min(table.len());
        if let Some(search) = self.search.as_mut().filter(|_| self.searching) {
            // Won, or how many cards the search got to the foundations.
            let won = matches!(search.step(&mut table[..slots], nodes)?, Verdict::Winnable(_));
            self.searching = false;
            let c = credit(won, search.furthest());
            self.tally.credit(c);
            return None;
        }
        if i == 0 {
            let mut rng = Pcg32::new(mix(self.seed.wrapping_add(u64::from(sample))) as u32);
            self.sample = deal_hidden(&self.plain.view, Some(&mut rng));
        }
        let mut child = self.sample;
        if child.apply(m).is_err() {
            self.tally.credit(0);
        } else if child.is_won() {
            self.tally.credit(credit(true, 52));
        } else {
            let budget = u64::from(self.effort.nodes);
            match self.search.as_mut() {
                Some(search) => search.restart(&child, budget, &mut table[..slots]),
                None => self.search = Some(Search::new(&child, budget, &mut table[..slots])),
            }
            self.searching = true;
        }
        None
    }

    /// True when `m` is legal and may be played without the game going
    /// round in circles: a move that cannot be taken back, or one that
    /// makes the judgement strictly better (as the rules of thumb's plans).
    #[inline]
    fn acceptable(&self, m: Move) -> bool {
        let mut v = self.plain.view;
        match v.apply(m) {
            Ok(u) => is_progress(&u) || judge(&v, None) > self.plain.base,
            Err(_) => false,
        }
    }

    /// Samples solved so far, and in all.
    pub fn progress(&self) -> (u16, u16) {
        (self.sampled.max(self.tally.samples_done()), self.effort.samples)
    }
}

/// The sampling player's move in `p` at `effort`, solving the samples with
/// `table` (see [`Sampler`]).
pub fn sampled_move(p: &Position, effort: Effort, table: &mut [u64]) -> Option<Move> {
    let mut s = Sampler::new(p, effort);
    loop {
        if let Some(m) = s.step(table) {
            return m;
        }
    }
}
