//! The rules of The Edge: King's Corners (docs/rules/corners.md): the 4 by 4
//! matrix and its labels, placing the drawn card, matching groups that add
//! up to 10, drawing again, the win and the two losses, and exact undo.
//!
//! A [`Game`] is a plain value of a few hundred bytes (no pointers, no
//! allocation): the solver and the fair player play moves on it and take
//! them back with [`Game::undo`], which restores it byte for byte (each move
//! leaves a four-byte [`Record`] of what it changed).

use crate::cards::{shuffled_deck, Card, Rank};
use crate::games::Patience;
use heapless::Vec;

/// Cells of the matrix: 4 rows of 4.
pub const CELLS: usize = 16;
/// Face cards (jacks, queens, kings): the ones that must reach the edge.
pub const FACES: usize = 12;
/// Number cards (ace to ten): the ones that are matched away.
pub const NUMBERS: usize = 40;
/// What a group must add up to.
pub const TARGET: u8 = 10;
/// Most cards in a group that adds up to 10: four aces and three twos make
/// 10 with seven cards, and any eight number cards add up to at least
/// 4 x 1 + 4 x 2 = 12 (there are only four cards of each value).
pub const MAX_GROUP: usize = 7;
/// Most moves in one line of play (what the undo log must hold). A line
/// (undo pops moves, so only lines without undo matter) has at most
/// - 52 placements: each card is drawn once and placed at most once;
/// - 40 clears: each removes at least one number card, and a number card
///   is removed at most once (the discard is for good);
/// - 40 draws: a draw ends a matching round, and a round is entered only
///   after at least one clear.
///
/// `tests/corners_rules.rs` checks that random games stay under it.
pub const MAX_MOVES: usize = 52 + NUMBERS + NUMBERS;

/// A cell of the matrix, `r<row>c<col>`, both 0 to 3, row 0 at the top.
/// Its index is `row * 4 + col` (row-major order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub(super) u8);

impl Cell {
    /// The cell at this row and column, both below 4.
    pub const fn new(row: u8, col: u8) -> Option<Cell> {
        if row < 4 && col < 4 {
            Some(Cell(row * 4 + col))
        } else {
            None
        }
    }

    /// The cell with this row-major index, below 16.
    pub const fn from_index(i: u8) -> Option<Cell> {
        if (i as usize) < CELLS {
            Some(Cell(i))
        } else {
            None
        }
    }

    /// Row-major index, 0 to 15.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 0 (top) to 3.
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// 0 (left) to 3.
    pub const fn col(self) -> u8 {
        self.0 % 4
    }

    /// The rank a face card on this cell must have, or `None` for the four
    /// unlabelled centre cells.
    pub const fn label(self) -> Option<Label> {
        LABELS[self.0 as usize]
    }

    /// All 16, in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

impl crate::out::Text for Cell {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        put!(f, "r", self.row(), "c", self.col())
    }
}

/// A cell's label: the face rank that may go there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// The four corners.
    King,
    /// The middle two cells of the top and bottom rows.
    Queen,
    /// The middle two cells of the left and right columns.
    Jack,
}

impl Label {
    /// The three labels, kings first.
    pub const ALL: [Label; 3] = [Label::King, Label::Queen, Label::Jack];

    /// The label for a face card's rank (`None` for a number card).
    pub fn of(rank: Rank) -> Option<Label> {
        match rank.number() {
            11 => Some(Label::Jack),
            12 => Some(Label::Queen),
            13 => Some(Label::King),
            _ => None,
        }
    }

    /// The rank letter shown on the cell: `K`, `Q` or `J`.
    pub fn letter(self) -> char {
        match self {
            Label::King => 'K',
            Label::Queen => 'Q',
            Label::Jack => 'J',
        }
    }

    /// The four cells with this label, as a bit set over cell indices.
    pub const fn cells(self) -> u16 {
        match self {
            Label::King => 1 << 0 | 1 << 3 | 1 << 12 | 1 << 15,
            Label::Queen => 1 << 1 | 1 << 2 | 1 << 13 | 1 << 14,
            Label::Jack => 1 << 4 | 1 << 8 | 1 << 7 | 1 << 11,
        }
    }
}

/// The unlabelled centre cells, as a bit set over cell indices.
pub const CENTRE: u16 = 1 << 5 | 1 << 6 | 1 << 9 | 1 << 10;

const K: Option<Label> = Some(Label::King);
const Q: Option<Label> = Some(Label::Queen);
const J: Option<Label> = Some(Label::Jack);
/// The label of each cell, row-major.
const LABELS: [Option<Label>; CELLS] = [K, Q, Q, K, J, None, None, J, J, None, None, J, K, Q, Q, K];

/// True for jacks, queens and kings.
pub fn is_face(c: Card) -> bool {
    c.rank().number() > 10
}

/// A number card's value (ace 1 ... ten 10); `None` for a face card.
pub fn value(c: Card) -> Option<u8> {
    let n = c.rank().number();
    if n <= 10 {
        Some(n)
    } else {
        None
    }
}

/// Where the game is in its cycle of placing and matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The drawn card waits to be placed (or the game was won by the last
    /// placement and the matrix is not full).
    Place,
    /// The matrix is full and no group has been removed since it filled.
    Match,
    /// At least one group removed since the matrix filled: more may go, or
    /// the player draws.
    MatchMore,
}

impl Phase {
    /// The notation's word: `place`, `match`, `match-more`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Place => "place",
            Phase::Match => "match",
            Phase::MatchMore => "match-more",
        }
    }

    /// The phase for a word, either case.
    pub fn from_name(s: &str) -> Option<Phase> {
        [Phase::Place, Phase::Match, Phase::MatchMore].into_iter().find(|p| p.name().eq_ignore_ascii_case(s))
    }

    pub(super) fn bits(self) -> u8 {
        self as u8
    }

    pub(super) fn from_bits(b: u8) -> Phase {
        match b & 3 {
            0 => Phase::Place,
            1 => Phase::Match,
            _ => Phase::MatchMore,
        }
    }
}

/// Why a game was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    /// This face card was drawn and every cell labelled with its rank is
    /// taken.
    NoCell(Card),
    /// The matrix is full and no group of its number cards adds up to 10.
    NoGroup,
}

impl crate::out::Text for Loss {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match self {
            Loss::NoCell(c) => put!(f, "no cell for ", c),
            Loss::NoGroup => f.put_str("no group adds up to 10"),
        }
    }
}

/// Where a game stands.
pub type Status = crate::games::Status<Loss>;

/// A group of cards to remove: one to [`MAX_GROUP`] distinct cards. Built
/// by [`Game::group`] or the move parser, its cards are in row-major order
/// of their cells (as the notation writes them) whenever they all lie on
/// the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    cards: [Card; MAX_GROUP],
    len: u8,
}

impl Group {
    /// A group of these cards, in this order; `None` when there are none,
    /// more than [`MAX_GROUP`], or a card twice.
    pub fn new(cards: &[Card]) -> Option<Group> {
        if cards.is_empty() || cards.len() > MAX_GROUP {
            return None;
        }
        let mut g = Group { cards: [cards[0]; MAX_GROUP], len: 0 };
        for (i, c) in cards.iter().enumerate() {
            if cards[..i].contains(c) {
                return None;
            }
            g.cards[i] = *c;
        }
        g.len = cards.len() as u8;
        Some(g)
    }

    /// The cards, in order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len).min(MAX_GROUP)]
    }
}

/// A move, in the notation's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place the drawn card on this cell: `6c@r1c1`.
    Place(Card, Cell),
    /// Remove a group adding up to 10: `clear:3h+7c`.
    Clear(Group),
    /// End matching and draw the next card: `draw`.
    Draw,
}

impl crate::out::Text for Move {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match self {
            Move::Place(c, cell) => put!(f, c, "@", cell),
            Move::Clear(g) => {
                f.put_str("clear:")?;
                for (i, c) in g.cards().iter().enumerate() {
                    if i > 0 {
                        f.put_str("+")?;
                    }
                    put!(f, c)?;
                }
                Ok(())
            }
            Move::Draw => f.put_str("draw"),
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The game has ended: only undo is accepted.
    GameOver,
    /// The matrix is full: groups are removed now, not cards placed.
    Matching,
    /// The card placed is not the drawn card (the second one is).
    NotDrawn(Card, Card),
    /// The cell holds a card already.
    Taken(Cell, Card),
    /// A face card on a cell that is not labelled with its rank.
    WrongLabel(Card, Cell),
    /// Matching before the matrix is full.
    NotFull,
    /// A card of the group is not on the matrix.
    NotOnMatrix(Card),
    /// A face card in a group: only number cards are removed.
    Face(Card),
    /// The group adds up to this, not 10.
    Sum(u8),
    /// `draw` while a drawn card waits to be placed.
    AlreadyDrawn(Card),
    /// `draw` before any group has been removed from the full matrix.
    DrawBeforeMatch,
    /// `draw` with the deck empty (a position the rules never reach).
    DeckEmpty,
}

impl crate::out::Text for Illegal {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Illegal::GameOver => f.put_str("the game is over (only undo is accepted)"),
            Illegal::Matching => f.put_str("the matrix is full: remove a group adding up to 10"),
            Illegal::NotDrawn(c, d) => put!(f, c, " is not the drawn card (", d, " is)"),
            Illegal::Taken(cell, c) => put!(f, cell, " already holds ", c),
            Illegal::WrongLabel(c, cell) => match cell.label() {
                Some(l) => put!(
                    f,
                    c,
                    " goes only on a cell labelled ",
                    c.rank().letter(),
                    ", ",
                    cell,
                    " is labelled ",
                    l.letter()
                ),
                None => put!(f, c, " goes only on a cell labelled ", c.rank().letter(), ", ", cell, " has no label"),
            },
            Illegal::NotFull => f.put_str("no matching before the matrix is full"),
            Illegal::NotOnMatrix(c) => put!(f, c, " is not on the matrix"),
            Illegal::Face(c) => put!(f, c, " is a face card: only number cards are removed"),
            Illegal::Sum(s) => put!(f, "the group adds up to ", s, ", not 10"),
            Illegal::AlreadyDrawn(c) => put!(f, c, " is drawn already: place it first"),
            Illegal::DrawBeforeMatch => f.put_str("remove at least one group before drawing"),
            Illegal::DeckEmpty => f.put_str("the deck is empty"),
        }
    }
}

/// What a move changed, for undo: four bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// Place: the cell's index. Clear: the bit set of cells emptied.
    pub(super) cells: u16,
    /// Bits 0-1: the move (0 place, 1 clear, 2 draw). Bits 2-3: the phase
    /// before the move. Bit 4: a placement drew the next card.
    pub(super) info: u8,
}

pub(super) const PLACE: u8 = 0;
pub(super) const CLEAR: u8 = 1;
pub(super) const DRAW: u8 = 2;
pub(super) const DREW: u8 = 1 << 4;

/// An empty cell (cards are kept as their index, 0 to 51).
pub(super) const EMPTY: u8 = 0xFF;

/// A game of The Edge: King's Corners.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// Card index per cell, row-major, or `EMPTY`.
    pub(super) matrix: [u8; CELLS],
    /// The drawn card, or `EMPTY`.
    pub(super) next: u8,
    pub(super) phase: Phase,
    /// The deck, top card last (so drawing pops).
    pub(super) deck: Vec<Card, 52>,
    /// Removed number cards, in the order removed.
    pub(super) discard: Vec<Card, NUMBERS>,
    pub(super) records: Vec<Record, MAX_MOVES>,
}

/// What a position is made of, before the rules check it (the notation
/// reads into this; [`Game::from_parts`] builds the game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// The matrix, row-major.
    pub matrix: [Option<Card>; CELLS],
    /// The drawn card.
    pub next: Option<Card>,
    /// The deck, top card first.
    pub deck: Vec<Card, 52>,
    /// The discard pile, in the order removed.
    pub discard: Vec<Card, 52>,
    /// The phase (`None` until given).
    pub phase: Option<Phase>,
}

/// Why a set of [`Parts`] is a position the rules never reach, and which
/// part of it is at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// A face card on a cell not labelled with its rank.
    FaceOffLabel(Card, Cell),
    /// A face card in the discard.
    FaceDiscarded(Card),
    /// The discard does not split, in its order, into runs adding up to 10.
    DiscardRuns,
    /// `place` with a full matrix.
    PlaceFull,
    /// `place` with no drawn card while the game is being played.
    PlaceNothingDrawn,
    /// `match` with an empty cell.
    MatchNotFull,
    /// `match-more` with a full matrix.
    MoreFull,
    /// `match-more` with nothing in the discard.
    MoreNoDiscard,
    /// A drawn card while matching.
    DrawnWhileMatching,
    /// A drawn card after the win (no card is drawn once all twelve face
    /// cards are on the matrix).
    DrawnAfterWin,
    /// `match-more` with all twelve face cards on the matrix (the win comes
    /// with a placement, so the game ended before any removal).
    MoreAfterWin,
    /// More cards in the deck or the discard than they can hold (only when
    /// the parts were not checked for all 52 cards exactly once).
    TooManyCards,
}

impl crate::out::Text for Unreachable {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Unreachable::FaceOffLabel(c, cell) => match cell.label() {
                Some(l) => put!(f, c, " on ", cell, ", a cell labelled ", l.letter()),
                None => put!(f, c, " on ", cell, ", an unlabelled cell"),
            },
            Unreachable::FaceDiscarded(c) => put!(f, c, " is a face card: face cards are never discarded"),
            Unreachable::DiscardRuns => f.put_str("the discard does not split, in order, into groups adding up to 10"),
            Unreachable::PlaceFull => f.put_str("phase place with a full matrix"),
            Unreachable::PlaceNothingDrawn => f.put_str("phase place with no drawn card"),
            Unreachable::MatchNotFull => f.put_str("phase match with an empty cell"),
            Unreachable::MoreFull => f.put_str("phase match-more with a full matrix"),
            Unreachable::MoreNoDiscard => f.put_str("phase match-more with an empty discard"),
            Unreachable::DrawnWhileMatching => f.put_str("a drawn card while matching"),
            Unreachable::DrawnAfterWin => f.put_str("a drawn card after the win (all twelve face cards are placed)"),
            Unreachable::MoreAfterWin => {
                f.put_str("phase match-more after the win (the game ends with the placement that wins it)")
            }
            Unreachable::TooManyCards => f.put_str("more cards than a deck holds"),
        }
    }
}

/// Which part of a position an [`Unreachable`] is about (so the parser can
/// name its line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A row of the matrix (0 to 3).
    Row(u8),
    /// `next:`.
    Next,
    /// `discard:`.
    Discard,
    /// `phase:`.
    Phase,
    /// The position as a whole.
    Whole,
}

impl Game {
    /// Deal number `seed`: the deck is [`shuffled_deck`]`(seed)`, its first
    /// card drawn at once; the matrix is empty.
    pub fn deal(seed: u32) -> Game {
        let deck = shuffled_deck(seed);
        let mut g = Game {
            matrix: [EMPTY; CELLS],
            next: EMPTY,
            phase: Phase::Place,
            deck: Vec::new(),
            discard: Vec::new(),
            records: Vec::new(),
        };
        for c in deck.iter().rev() {
            let _ = g.deck.push(*c);
        }
        g.next = g.deck.pop().map_or(EMPTY, Card::index);
        g
    }

    /// The game a set of parts describes, or why the rules never reach it
    /// (and which part is at fault). The parts must hold each of the 52
    /// cards exactly once (the notation checks that first).
    pub fn from_parts(p: &Parts) -> Result<Game, (Unreachable, Part)> {
        let mut g = Game {
            matrix: [EMPTY; CELLS],
            next: p.next.map_or(EMPTY, Card::index),
            phase: p.phase.unwrap_or(Phase::Place),
            deck: Vec::new(),
            discard: Vec::new(),
            records: Vec::new(),
        };
        for (i, slot) in p.matrix.iter().enumerate() {
            if let Some(c) = slot {
                let cell = Cell(i as u8);
                if let Some(l) = Label::of(c.rank()) {
                    if cell.label() != Some(l) {
                        return Err((Unreachable::FaceOffLabel(*c, cell), Part::Row(cell.row())));
                    }
                }
                g.matrix[i] = c.index();
            }
        }
        let mut run = 0u8;
        for c in &p.discard {
            let Some(v) = value(*c) else {
                return Err((Unreachable::FaceDiscarded(*c), Part::Discard));
            };
            run += v;
            if run > TARGET {
                return Err((Unreachable::DiscardRuns, Part::Discard));
            }
            if run == TARGET {
                run = 0;
            }
            if g.discard.push(*c).is_err() {
                return Err((Unreachable::TooManyCards, Part::Discard));
            }
        }
        if run != 0 {
            return Err((Unreachable::DiscardRuns, Part::Discard));
        }
        for c in p.deck.iter().rev() {
            if g.deck.push(*c).is_err() {
                return Err((Unreachable::TooManyCards, Part::Whole));
            }
        }
        let full = g.empty_cells() == 0;
        let won = g.faces_placed() == FACES;
        match g.phase {
            Phase::Place if full => return Err((Unreachable::PlaceFull, Part::Phase)),
            Phase::Place if p.next.is_none() && !won => return Err((Unreachable::PlaceNothingDrawn, Part::Phase)),
            Phase::Match if !full => return Err((Unreachable::MatchNotFull, Part::Phase)),
            Phase::MatchMore if full => return Err((Unreachable::MoreFull, Part::Phase)),
            Phase::MatchMore if g.discard.is_empty() => return Err((Unreachable::MoreNoDiscard, Part::Phase)),
            Phase::MatchMore if won => return Err((Unreachable::MoreAfterWin, Part::Phase)),
            _ => {}
        }
        if p.next.is_some() {
            if g.phase != Phase::Place {
                return Err((Unreachable::DrawnWhileMatching, Part::Next));
            }
            if won {
                return Err((Unreachable::DrawnAfterWin, Part::Next));
            }
        }
        Ok(g)
    }

    /// The card on a cell.
    pub fn card_at(&self, cell: Cell) -> Option<Card> {
        Card::from_index(self.matrix[usize::from(cell.0)])
    }

    /// The matrix, row-major.
    pub fn matrix(&self) -> [Option<Card>; CELLS] {
        self.matrix.map(Card::from_index)
    }

    /// The drawn card waiting to be placed.
    pub fn next(&self) -> Option<Card> {
        Card::from_index(self.next)
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The deck, top card (the next drawn) first.
    pub fn deck(&self) -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator + '_ {
        self.deck.iter().rev().copied()
    }

    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The discard pile, in the order removed.
    pub fn discard(&self) -> &[Card] {
        &self.discard
    }

    /// The empty cells, as a bit set over cell indices.
    pub fn empty_mask(&self) -> u16 {
        let mut m = 0;
        for (i, c) in self.matrix.iter().enumerate() {
            if *c == EMPTY {
                m |= 1 << i;
            }
        }
        m
    }

    /// How many cells are empty.
    pub fn empty_cells(&self) -> usize {
        self.empty_mask().count_ones() as usize
    }

    /// How many face cards are on the matrix.
    pub fn faces_placed(&self) -> usize {
        self.matrix.iter().filter(|c| Card::from_index(**c).is_some_and(is_face)).count()
    }

    /// This position with `deck` (top card first) as its deck and no
    /// history: one way the cards not seen may lie, for a player's sample.
    /// `deck` should hold the cards of the deck (in any order); the game is
    /// then one the rules reach.
    pub fn with_deck(&self, deck: &[Card]) -> Game {
        let mut g = Game {
            matrix: self.matrix,
            next: self.next,
            phase: self.phase,
            deck: Vec::new(),
            discard: self.discard.clone(),
            records: Vec::new(),
        };
        for c in deck.iter().rev() {
            let _ = g.deck.push(*c);
        }
        g
    }

    /// The cards a player has seen go for good or sees now: the matrix, the
    /// drawn card and the discard, as a bit set over card indices. The deck
    /// holds the others.
    pub fn seen_cards(&self) -> u64 {
        let mut s = 0u64;
        for c in self.matrix.iter().chain(core::iter::once(&self.next)) {
            if *c != EMPTY {
                s |= 1 << c;
            }
        }
        for c in &self.discard {
            s |= 1 << c.index();
        }
        s
    }

    /// The empty cells a card may be placed on (as a bit set over cell
    /// indices): a face card only on the empty cells labelled with its
    /// rank, a number card on any empty cell.
    pub fn free_for(&self, c: Card) -> u16 {
        let empty = self.empty_mask();
        match Label::of(c.rank()) {
            Some(l) => empty & l.cells(),
            None => empty,
        }
    }

    /// The number cards on the matrix, as a bit set over cell indices.
    pub fn number_cells(&self) -> u16 {
        let mut m = 0;
        for (i, c) in self.matrix.iter().enumerate() {
            if Card::from_index(*c).is_some_and(|c| !is_face(c)) {
                m |= 1 << i;
            }
        }
        m
    }

    /// The value of the number card on each cell (0 for an empty cell or a
    /// face card).
    pub fn values(&self) -> [u8; CELLS] {
        self.matrix.map(|c| Card::from_index(c).and_then(value).unwrap_or(0))
    }

    /// True when some group of number cards on the matrix adds up to 10
    /// (subset sums as a bit set: each card shifts the sums reached).
    pub fn any_group(&self) -> bool {
        let mut reach: u32 = 1;
        for v in self.values() {
            if v > 0 {
                reach |= reach << v;
            }
        }
        reach & (1 << TARGET) != 0
    }

    /// The group of cards on these cells (a bit set over cell indices), in
    /// row-major order; `None` when a cell is empty, or for no cell or too
    /// many.
    pub fn group(&self, cells: u16) -> Option<Group> {
        let mut v: Vec<Card, CELLS> = Vec::new();
        for i in 0..CELLS {
            if cells & (1 << i) != 0 {
                let _ = v.push(Card::from_index(self.matrix[i])?);
            }
        }
        Group::new(&v)
    }

    /// Checks a move without playing it: `Ok` with what [`Game::play`]
    /// needs, or why it is refused.
    pub(super) fn check(&self, m: Move) -> Result<u16, Illegal> {
        if self.status().is_over() {
            return Err(Illegal::GameOver);
        }
        match m {
            Move::Place(card, cell) => {
                if self.phase != Phase::Place {
                    return Err(Illegal::Matching);
                }
                match self.next() {
                    Some(d) if d == card => {}
                    Some(d) => return Err(Illegal::NotDrawn(card, d)),
                    None => return Err(Illegal::GameOver),
                }
                if let Some(c) = self.card_at(cell) {
                    return Err(Illegal::Taken(cell, c));
                }
                if let Some(l) = Label::of(card.rank()) {
                    if cell.label() != Some(l) {
                        return Err(Illegal::WrongLabel(card, cell));
                    }
                }
                Ok(1 << cell.0)
            }
            Move::Clear(group) => {
                if self.phase == Phase::Place {
                    return Err(Illegal::NotFull);
                }
                let mut cells = 0u16;
                let mut sum = 0u8;
                for c in group.cards() {
                    let Some(i) = self.matrix.iter().position(|x| *x == c.index()) else {
                        return Err(Illegal::NotOnMatrix(*c));
                    };
                    let Some(v) = value(*c) else {
                        return Err(Illegal::Face(*c));
                    };
                    cells |= 1 << i;
                    sum = sum.saturating_add(v);
                }
                if sum != TARGET {
                    return Err(Illegal::Sum(sum));
                }
                Ok(cells)
            }
            Move::Draw => match self.phase {
                Phase::Place => match self.next() {
                    Some(d) => Err(Illegal::AlreadyDrawn(d)),
                    None => Err(Illegal::GameOver),
                },
                Phase::Match => Err(Illegal::DrawBeforeMatch),
                Phase::MatchMore if self.deck.is_empty() => Err(Illegal::DeckEmpty),
                Phase::MatchMore => Ok(0),
            },
        }
    }

    pub(super) fn push(&mut self, r: Record) {
        // MAX_MOVES bounds every line of play; should a position ever get
        // past it, the oldest move becomes the start (undo stops there).
        if self.records.is_full() {
            self.records.remove(0);
        }
        let _ = self.records.push(r);
    }
}


/// The groups of number cards adding up to 10 on a matrix, one at a time:
/// a resumable enumeration whose whole state is the last group found (a
/// 16-bit cell set), so a search can keep its place in a frame of a few
/// bytes.
///
/// The number cards are numbered 0.. in row-major order of their cells, and
/// sets of them are visited in increasing order of their bits read as a
/// number (the last card the most significant bit). From a set adding up to
/// 10 or more, every larger set that keeps its bits down to its lowest one
/// adds up to more (values are at least 1), so the walk jumps past them all.
/// It thus visits only sets adding up to at most 10 and their immediate
/// successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Groups {
    /// The cell of each number card, row-major.
    pub(super) cells: [u8; CELLS],
    /// Their values.
    values: [u8; CELLS],
    /// How many number cards there are.
    n: u8,
    /// The next set (of card numbers) to look at; `None` once past the last.
    at: Option<u32>,
}

impl Groups {
    /// The groups on a matrix with these values per cell (0: no number
    /// card).
    pub fn new(values: [u8; CELLS]) -> Groups {
        let mut g = Groups { cells: [0; CELLS], values: [0; CELLS], n: 0, at: Some(1) };
        for (i, v) in values.iter().enumerate() {
            if *v > 0 {
                g.cells[usize::from(g.n)] = i as u8;
                g.values[usize::from(g.n)] = *v;
                g.n += 1;
            }
        }
        g
    }

    /// Resumes after the group `last` (a cell set `next_mask` returned for
    /// the same values).
    pub fn after(values: [u8; CELLS], last: u16) -> Groups {
        let mut g = Groups::new(values);
        let mut m = 0u32;
        for k in 0..usize::from(g.n) {
            if last & (1 << g.cells[k]) != 0 {
                m |= 1 << k;
            }
        }
        g.at = if m == 0 { Some(1) } else { Some(m + (m & m.wrapping_neg())) };
        g
    }

    /// The next group, as a set of cells.
    pub fn next_mask(&mut self) -> Option<u16> {
        let end = 1u32 << self.n;
        while let Some(m) = self.at {
            if m >= end {
                self.at = None;
                break;
            }
            let mut sum = 0u8;
            let mut cells = 0u16;
            for k in 0..usize::from(self.n) {
                if m & (1 << k) != 0 {
                    sum = sum.saturating_add(self.values[k]);
                    cells |= 1 << self.cells[k];
                }
            }
            if sum < TARGET {
                self.at = Some(m + 1);
                continue;
            }
            self.at = Some(m + (m & m.wrapping_neg()));
            if sum == TARGET {
                return Some(cells);
            }
        }
        None
    }
}

crate::display_via_text!(Cell, Loss, Move, Illegal, Unreachable);
