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
use super::solver::REGIONS;
use crate::cards::Card;

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
    fn to_come(&self, l: Label) -> i32 {
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
        let spare = free.count_ones() as i32 - v.to_come(l);
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
    /// out once (not per group: on the console that was most of a hint).
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
                if view.to_come(l) > 0 {
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
            let mut cards: heapless::Vec<Card, CELLS> = heapless::Vec::new();
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
