//! The fair player: picks a move seeing only what a player sees, a
//! [`View`] of the matrix, the drawn card, the phase and which cards are
//! gone. It never sees the deck's order: the cards it has not seen are
//! known only as a set (all 52 minus the matrix, the drawn card and the
//! discard).
//!
//! It gives the hint on the PS1 and plays the attract-mode demo. Its rules
//! of thumb, each a [`Style`] switch so that the README can say what each is
//! worth:
//!
//! - **Placing** a number card: into the unlabelled centre while it has
//!   room (the seed's first note), else into the labelled region with the
//!   most room to spare: its empty cells minus the face cards of its rank
//!   not yet seen. A face card goes on the first empty cell of its label
//!   (the cells of one label are interchangeable).
//! - **Matching**: remove groups while there are any, tens and pairs before
//!   larger groups (the seed's second note: pairs discard high and low
//!   cards evenly), and among groups of one size the one that frees the
//!   most cells wanted by face cards still to come. Then draw.
//!
//! [`Thinker`] does the work a bounded number of groups at a time, so the
//! console can spread a hint over frames.

use super::game::{Cell, Game, Groups, Label, Move, Phase, Status, CELLS};
use super::solver::{self, REGIONS};
use crate::cards::{Card, Pcg32};
use crate::games::search::{credit, mix, Tally, Verdict};
use crate::games::Patience;
use heapless::Vec;

/// What a player sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The matrix, row-major.
    pub matrix: [Option<Card>; CELLS],
    /// The drawn card.
    pub next: Option<Card>,
    /// The phase.
    pub phase: Phase,
    /// Where the game stands.
    pub status: Status,
    /// Cards not seen yet (the deck, as a set), a bit per card index.
    pub unseen: u64,
}

impl View {
    /// What a player of `g` sees.
    pub fn of(g: &Game) -> View {
        View {
            matrix: g.matrix(),
            next: g.next(),
            phase: g.phase(),
            status: g.status(),
            unseen: !g.seen_cards() & ((1u64 << 52) - 1),
        }
    }

    fn empty(&self) -> u16 {
        let mut m = 0;
        for (i, c) in self.matrix.iter().enumerate() {
            if c.is_none() {
                m |= 1 << i;
            }
        }
        m
    }

    /// Face cards of this label's rank not seen yet.
    fn faces_to_come(&self, l: Label) -> i32 {
        (0..52u8)
            .filter(|i| self.unseen & (1 << i) != 0)
            .filter_map(Card::from_index)
            .filter(|c| Label::of(c.rank()) == Some(l))
            .count() as i32
    }

    fn values(&self) -> [u8; CELLS] {
        self.matrix.map(|c| c.and_then(super::game::value).unwrap_or(0))
    }
}

/// The fair player's rules of thumb, each switchable to measure it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    /// Number cards go to the unlabelled centre first (else the centre
    /// competes with the labelled regions on room to spare).
    pub centre_first: bool,
    /// Number cards go by room to spare; off: on the first empty cell in
    /// row-major order (a player ignoring the labels).
    pub room: bool,
    /// Tens and pairs before larger groups (off: larger groups first).
    pub pairs_first: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style { centre_first: true, room: true, pairs_first: true }
    }
}

const LABELS: [Label; 3] = [Label::Jack, Label::Queen, Label::King];

/// The cell for the drawn card.
fn place(v: &View, style: Style) -> Option<Move> {
    let card = v.next?;
    let empty = v.empty();
    let pick = |cells: u16| Cell::from_index(cells.trailing_zeros() as u8);
    if let Some(l) = Label::of(card.rank()) {
        let free = empty & l.cells();
        return if free == 0 { None } else { pick(free).map(|c| Move::Place(card, c)) };
    }
    if empty == 0 {
        return None;
    }
    if !style.room {
        return pick(empty).map(|c| Move::Place(card, c));
    }
    if style.centre_first && empty & REGIONS[0] != 0 {
        return pick(empty & REGIONS[0]).map(|c| Move::Place(card, c));
    }
    // Room to spare per region; the centre's is all its empty cells.
    let mut best: Option<(i32, u16)> = None;
    let centre = empty & REGIONS[0];
    if centre != 0 {
        best = Some((centre.count_ones() as i32, centre));
    }
    for l in LABELS {
        let free = empty & l.cells();
        if free == 0 {
            continue;
        }
        let spare = free.count_ones() as i32 - v.faces_to_come(l);
        if best.is_none_or(|(b, _)| spare > b) {
            best = Some((spare, free));
        }
    }
    best.and_then(|(_, cells)| pick(cells)).map(|c| Move::Place(card, c))
}

/// How much a group is worth removing: fewer cards first (or more, by the
/// style), then more cells freed that face cards still to come need.
/// `wanted`: the cells of the labels whose face cards are not all seen.
fn group_score(wanted_cells: u16, style: Style, cells: u16) -> i32 {
    let size = cells.count_ones() as i32;
    let wanted = (cells & wanted_cells).count_ones() as i32;
    let by_size = if style.pairs_first { -size } else { size };
    by_size * 100 + wanted
}

/// The fair player's move worked out a few groups at a time, so that on
/// the console the work spreads over frames. It holds its own copy of
/// what it sees: start a new one when the game changes.
#[derive(Clone, Debug)]
pub struct Thinker {
    view: View,
    style: Style,
    groups: Groups,
    /// The cells of the labels whose face cards are still to come, worked
    /// out once (per group, it would be most of a hint's time on the console).
    wanted: u16,
    best: Option<(i32, u16)>,
    /// Groups looked at so far.
    looked: u32,
    done: Option<Option<Move>>,
}

impl Thinker {
    /// Starts on the fair player's move in `g` (it keeps only the view).
    pub fn new(g: &Game, style: Style) -> Thinker {
        Thinker::from_view(View::of(g), style)
    }

    /// Starts on the move in what a player sees.
    pub fn from_view(view: View, style: Style) -> Thinker {
        let mut t =
            Thinker { view, style, groups: Groups::new(view.values()), wanted: 0, best: None, looked: 0, done: None };
        if view.status.is_over() {
            t.done = Some(None);
        } else if view.phase == Phase::Place {
            t.done = Some(place(&view, style));
        } else {
            for l in LABELS {
                if view.faces_to_come(l) > 0 {
                    t.wanted |= l.cells();
                }
            }
        }
        t
    }

    /// Looks at up to `budget` more groups. `None` while some are left;
    /// then the move (`Some(None)`: no move is left).
    pub fn step(&mut self, budget: u32) -> Option<Option<Move>> {
        if self.done.is_some() {
            return self.done;
        }
        for _ in 0..budget {
            match self.groups.next_mask() {
                Some(cells) => {
                    self.looked += 1;
                    let s = group_score(self.wanted, self.style, cells);
                    if self.best.is_none_or(|(b, _)| s > b) {
                        self.best = Some((s, cells));
                    }
                }
                None => {
                    self.done = Some(self.finish());
                    return self.done;
                }
            }
        }
        None
    }

    fn finish(&self) -> Option<Move> {
        if let Some((_, cells)) = self.best {
            let mut cards: Vec<Card, CELLS> = Vec::new();
            for i in 0..CELLS {
                if cells & (1 << i) != 0 {
                    let _ = cards.push(self.view.matrix[i]?);
                }
            }
            return super::game::Group::new(&cards).map(Move::Clear);
        }
        // No group: draw, when a group has been removed this round (in the
        // match phase with no group the game is lost and nothing is left).
        (self.view.phase == Phase::MatchMore && self.view.unseen != 0).then_some(Move::Draw)
    }

    /// Groups looked at so far.
    pub fn looked(&self) -> u32 {
        self.looked
    }
}

/// The fair player's move, if any move is legal.
pub fn best_move(g: &Game, style: Style) -> Option<Move> {
    let mut t = Thinker::new(g, style);
    loop {
        if let Some(m) = t.step(u32::MAX) {
            return m;
        }
    }
}

/// Plays a whole game with the fair player; the final game.
pub fn play_out(mut g: Game, style: Style) -> Game {
    while let Some(m) = best_move(&g, style) {
        if g.play(m).is_err() {
            break;
        }
    }
    g
}

/// How hard the player thinks: how many samples of the deck's order it
/// solves, and the solver's node budget on each. No samples: its rules of
/// thumb alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effort {
    /// Samples: orders of the cards not seen, each solved once.
    pub samples: u16,
    /// The solver's node budget on each sample.
    pub nodes: u32,
    /// Each sample solved once per candidate move, after it (true), or
    /// once from the position, the first move of its winning line voting.
    pub each: bool,
}

impl Effort {
    /// The rules of thumb alone (no sample).
    pub const PLAIN: Effort = Effort { samples: 0, nodes: 0, each: false };
    /// The console's hint: the rules of thumb alone. One sample's search
    /// of a useful size does not fit in a thinking step (README).
    pub const CONSOLE: Effort = Effort::PLAIN;
    /// The sampler's strongest setting measured: the rules of thumb. The
    /// sampler at 8 samples x 1,000 nodes won 4.0% of deals 5001-5200
    /// (rules of thumb 3.0%) but 2.4% of deals 1-1000 (docs/rules/corners.md).
    /// The host's strongest fair player is the expectimax player
    /// ([`super::expect`], `--strength expect`), not a sampling effort.
    pub const STRONG: Effort = Effort::PLAIN;

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

/// A hash of what a player sees (the seed of its samples).
pub(crate) fn view_hash(v: &View) -> u64 {
    let mut h = mix(v.unseen ^ (v.phase as u64) << 56);
    for (i, c) in v.matrix.iter().enumerate() {
        h = mix(h ^ (u64::from(c.map_or(0xFF, Card::index)) << 8 | i as u64));
    }
    mix(h ^ u64::from(v.next.map_or(0xFF, Card::index)) << 16)
}

/// The sampling player: the rules of thumb ([`Thinker`]) first, then
/// `effort.samples` orders of the cards not seen (shuffled from a seed that
/// is the view's hash, so a position always gets the same samples), each
/// solved with perfect information within `effort.nodes` nodes. The first
/// move of each winning line found gets a vote; the move with most votes is
/// played (ties go to the rules of thumb's move, then to the first one
/// voted for); with no vote, the rules of thumb's move. It reads the deck
/// only as a set: its real order never matters.
#[derive(Clone, Debug)]
pub struct Sampler {
    /// The position with its deck sorted (no history): what is seen.
    seen: Game,
    plain: Thinker,
    plain_move: Option<Option<Move>>,
    effort: Effort,
    seed: u64,
    sampled: u16,
    votes: Vec<(Move, u16), MAX_VOTES>,
    /// With `effort.each`: every candidate's credit over the samples.
    tally: Tally<Move, MAX_VOTES>,
    /// With `effort.each`: the sample being judged.
    sample: Option<Game>,
    decided: Option<Option<Move>>,
}

impl Sampler {
    /// Starts on the move in `g`.
    pub fn new(g: &Game, effort: Effort) -> Sampler {
        let view = View::of(g);
        let plain = Thinker::from_view(view, Style::default());
        let mut sorted: Vec<Card, 52> = Vec::new();
        for i in 0..52u8 {
            if view.unseen & (1 << i) != 0 {
                if let Some(c) = Card::from_index(i) {
                    let _ = sorted.push(c);
                }
            }
        }
        let seen = g.with_deck(&sorted);
        // Placing: a face card has one cell, a number card few regions, so
        // the rules of thumb's move is the only one when it has no choice.
        let mut choices = 0;
        seen.for_each_legal(&mut |_| choices += 1);
        let decided = if view.status.is_over() { Some(None) } else { None };
        let mut s = Sampler {
            seen,
            plain,
            plain_move: None,
            effort,
            seed: view_hash(&view),
            sampled: 0,
            votes: Vec::new(),
            tally: Tally::new(),
            sample: None,
            decided,
        };
        if choices <= 1 && s.decided.is_none() {
            s.decided = Some(best_move(&s.seen, Style::default()));
        }
        s
    }

    /// One step of work: a few groups judged by the rules of thumb, or one
    /// sample solved (with `table`, at least [`Effort::table_slots`] long
    /// for the best results). `None` while work is left; then the move
    /// (`Some(None)`: no move is left).
    pub fn step(&mut self, table: &mut [u64]) -> Option<Option<Move>> {
        if let Some(d) = self.decided {
            return Some(d);
        }
        let Some(plain) = self.plain_move else {
            self.plain_move = self.plain.step(8);
            if let Some(plain) = self.plain_move.filter(|_| self.effort.each) {
                self.candidates(plain);
            }
            return None;
        };
        if self.effort.each {
            let Some((sample, i, m)) = self.tally.next(self.effort.samples) else {
                let choice = self.tally.choice(plain, |_| true);
                self.decided = Some(choice);
                return Some(choice);
            };
            if i == 0 {
                self.sample = Some(self.sample(sample));
            }
            let mut child = self.sample.clone()?;
            let c = if child.play(m).is_err() {
                0
            } else {
                // Won, or how many cards the search drew.
                let slots = self.effort.table_slots().min(table.len());
                let mut s = solver::Solver::new(&child, &mut table[..slots], u64::from(self.effort.nodes));
                let v = loop {
                    if let Some(v) = s.step(1 << 16) {
                        break v;
                    }
                };
                let got = s.furthest(&child) + (self.seen.deck_len() - child.deck_len());
                credit(matches!(v, Verdict::Winnable(_)), got)
            };
            self.tally.credit(c);
            return None;
        }
        if self.sampled < self.effort.samples {
            let sample = self.sample(self.sampled);
            self.sampled += 1;
            let slots = self.effort.table_slots().min(table.len());
            let (v, _) = solver::solve(&sample, u64::from(self.effort.nodes), &mut table[..slots]);
            if let Verdict::Winnable(line) = v {
                if let Some(m) = line.first() {
                    crate::games::search::vote(&mut self.votes, *m);
                }
            }
            return None;
        }
        let choice = crate::games::search::most_voted(&self.votes, plain, |_, _| true);
        self.decided = Some(choice);
        Some(choice)
    }

    /// Sample `i`: the position seen with the cards not seen in one order
    /// (shuffled from the view's hash and `i`).
    fn sample(&self, i: u16) -> Game {
        let mut rng = Pcg32::new(mix(self.seed.wrapping_add(u64::from(i))) as u32);
        let mut deck: Vec<Card, 52> = self.seen.deck().collect();
        crate::cards::shuffle(&mut deck, &mut rng);
        self.seen.with_deck(&deck)
    }

    /// The candidates judged on every sample (with `effort.each`): the
    /// rules of thumb's move first, then every legal move that leads to a
    /// position no earlier one leads to (cells of one region are alike).
    /// With one candidate, it is the move.
    fn candidates(&mut self, plain: Option<Move>) {
        let mut keys: Vec<u64, MAX_VOTES> = Vec::new();
        let seen = &self.seen;
        let tally = &mut self.tally;
        let mut add = |m: Move| {
            let mut g = seen.clone();
            if g.play(m).is_err() || keys.is_full() {
                return;
            }
            let k = solver::key(&g) ^ (g.status() == Status::Won) as u64;
            if !keys.contains(&k) {
                let _ = keys.push(k);
                tally.add(m);
            }
        };
        if let Some(m) = plain {
            add(m);
        }
        seen.for_each_legal(&mut add);
        if self.tally.len() <= 1 {
            self.decided = Some(plain);
        }
    }

    /// Samples solved so far, and in all.
    pub fn progress(&self) -> (u16, u16) {
        (self.sampled.max(self.tally.samples_done()), self.effort.samples)
    }
}

/// The sampling player's move in `g` at `effort`, solving the samples with
/// `table` (see [`Sampler`]).
pub fn sampled_move(g: &Game, effort: Effort, table: &mut [u64]) -> Option<Move> {
    let mut s = Sampler::new(g, effort);
    loop {
        if let Some(m) = s.step(table) {
            return m;
        }
    }
}
