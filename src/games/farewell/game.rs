//! The game: grid, hand, stock, books, orphans, every rule of
//! docs/rules/farewell.md, and unlimited undo.
//!
//! A [`Game`] is a plain value (no pointers, no allocation): clone it to try
//! a line of play, compare two with `==`. Every move returns an
//! [`Outcome`] that says what happened, in order, so the UI can animate it
//! and the PS1 can write its event log without working anything out again.
//!
//! Undo is exact: each move leaves a [`Record`] of what it changed (the
//! books it removed, the orphans it lifted, where its card came from), and
//! [`Game::undo`] plays that back in reverse.

use super::grid::{Cell, CellSet, CELLS, MAX_H, MAX_W, MIN_H, MIN_W};
use crate::cards::Pcg32;
use crate::cards::{Card, Rank, Suit};
use crate::games::search::mix;
use heapless::Vec;

/// Slots in the hand.
pub const HAND: usize = 4;
/// Cards in the stock after the kings are taken out.
pub const STOCK: usize = 48;
/// Books to remove: ace to queen.
pub const BOOKS: usize = 12;
/// Most orphans that can wait at once: every card but one could in
/// principle be lifted, and a position file may list any card as waiting.
pub const MAX_ORPHANS: usize = 52;
/// Most orphans lifted over one line of play. Only a card orthogonally next
/// to a removed book can lose its last neighbour. A 2x2 book has two such
/// cells on each side, and those two are neighbours of each other: if both
/// hold a card, neither is left alone. So a removal orphans at most one card
/// per side, 4 per book, and each of the 12 books is removed once in a line.
pub const MAX_LIFTED: usize = BOOKS * 4;
/// Most moves in one line of play (what the undo log must hold).
///
/// Proof of the bound: a line of play (undo pops moves, so only lines
/// without undo matter) has at most
/// - 4 king placements (custom start only),
/// - 48 placements of a card from the hand: each of the 48 non-king cards
///   leaves the stock once and the hand once,
/// - 44 deals: the opening deal is not a move and takes 4 cards; every later
///   deal takes at least one of the 44 left (a deal is refused when the
///   hand is full or the stock empty),
/// - 48 orphan placements: one per orphan lifted, at most [`MAX_LIFTED`].
///
/// 4 + 48 + 44 + 48 = 144. `tests/farewell_rules.rs` checks the arithmetic
/// against these constants and that random games stay under it.
pub const MAX_MOVES: usize = 4 + STOCK + (STOCK - HAND) + MAX_LIFTED;

/// Where the kings start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KingStart {
    /// Side by side in one row, K♠ K♣ K♦ K♥, in the middle of the grid.
    Centre,
    /// K♠ top-left, K♥ top-right, K♣ bottom-left, K♦ bottom-right.
    Corners,
    /// Four distinct cells drawn from the deal's seed.
    Random,
    /// The player places each king before the opening deal.
    Custom,
}

impl KingStart {
    /// The word used by the notation, `aftk` and the event log.
    pub fn name(self) -> &'static str {
        match self {
            KingStart::Centre => "centre",
            KingStart::Corners => "corners",
            KingStart::Random => "random",
            KingStart::Custom => "custom",
        }
    }

    /// The start for a word (`center` is accepted too).
    pub fn from_name(s: &str) -> Option<KingStart> {
        match s {
            "centre" | "center" => Some(KingStart::Centre),
            "corners" => Some(KingStart::Corners),
            "random" => Some(KingStart::Random),
            "custom" => Some(KingStart::Custom),
            _ => None,
        }
    }
}

/// The options of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Columns, 6 to 14.
    pub width: u8,
    /// Rows, 4 to 9.
    pub height: u8,
    /// Where the kings start.
    pub kings: KingStart,
    /// Books are removed as soon as they are complete, in any order.
    pub easy: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { width: 12, height: 8, kings: KingStart::Centre, easy: false }
    }
}

impl Options {
    /// True when the grid size is allowed (6x4 to 14x9).
    pub fn grid_ok(&self) -> bool {
        (MIN_W..=MAX_W).contains(&self.width) && (MIN_H..=MAX_H).contains(&self.height)
    }
}

/// Why a game was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    /// Orphans wait and none of them has a legal placement.
    OrphanStuck,
    /// Four unplayable cards in the hand.
    HandBlocked,
    /// No card in the hand can be placed and the stock is empty.
    StockEmpty,
    /// Hand and stock are empty and books remain on the grid.
    NothingLeft,
}

impl Loss {
    /// The reason in words, as `status: lost: ...` and `AFTK END` write it.
    pub fn describe(self) -> &'static str {
        match self {
            Loss::OrphanStuck => "no waiting orphan can be placed",
            Loss::HandBlocked => "four unplayable cards in the hand",
            Loss::StockEmpty => "no card in the hand can be placed and the stock is empty",
            Loss::NothingLeft => "the hand and the stock are empty and books remain",
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Custom start: kings still to be placed before the opening deal.
    PlacingKings,
    /// Moves remain.
    Playing,
    /// All twelve books removed: the kings leave.
    Won,
    /// Nothing legal is left.
    Lost(Loss),
}

impl Status {
    /// True once the game has ended.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Won | Status::Lost(_))
    }
}

/// A move, in the notation's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place this card (from the hand, the waiting orphans, or an unplaced
    /// king in a custom start) on this cell.
    Place(Card, Cell),
    /// Refill the hand from the stock.
    Deal,
    /// Take back the last placement or deal.
    Undo,
}

/// Which side of a cell a neighbour is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The cell above.
    Above,
    /// The cell below.
    Below,
    /// The cell to the left.
    Left,
    /// The cell to the right.
    Right,
}

impl Side {
    /// "above", "below", "to the left", "to the right".
    pub fn describe(self) -> &'static str {
        match self {
            Side::Above => "above",
            Side::Below => "below",
            Side::Left => "to the left",
            Side::Right => "to the right",
        }
    }
}

/// Why dealing is not allowed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DealRefusal {
    /// The stock is empty.
    StockEmpty,
    /// An orphan waits (this one is first).
    OrphanWaiting(Card),
    /// Every hand slot holds a card.
    HandFull,
    /// This hand card can still be placed.
    Playable(Card),
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The game has ended: only undo is accepted.
    GameOver,
    /// The card is not in the hand, not waiting as an orphan, and not a king
    /// still to place.
    NotAvailable(Card),
    /// Custom start: only kings may be placed until all four are down.
    KingsFirst(Card),
    /// An orphan waits (this one is first): it must be placed before any
    /// card from the hand.
    OrphanWaiting(Card),
    /// The cell is not on the grid.
    OffGrid(Cell),
    /// The cell already holds this card.
    Occupied(Cell, Card),
    /// The cell has no card above, below, left or right of it.
    NoNeighbour(Cell),
    /// The card matches neither the suit nor the rank of this neighbour.
    Mismatch {
        /// The card being placed.
        card: Card,
        /// The neighbour it does not match.
        neighbour: Card,
        /// Where that neighbour is, seen from the cell.
        side: Side,
    },
    /// Dealing is not allowed now.
    Deal(DealRefusal),
    /// Nothing to take back (undo stops at the opening deal).
    NothingToUndo,
    /// Undo given where a move is expected: [`crate::games::Patience::play`]
    /// takes moves only, undo is [`crate::games::Patience::undo`].
    Undo,
}

impl crate::out::Text for Illegal {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Illegal::GameOver => put!(f, "the game is over (only undo is accepted)"),
            Illegal::NotAvailable(c) => put!(f, c, " is not in the hand or among the waiting orphans"),
            Illegal::KingsFirst(c) => put!(f, c, " cannot be placed before all four kings are on the grid"),
            Illegal::OrphanWaiting(o) => put!(f, "the orphan ", o, " must be placed first"),
            Illegal::OffGrid(cell) => put!(f, cell, " is not on the grid"),
            Illegal::Occupied(cell, c) => put!(f, cell, " already holds ", c),
            Illegal::NoNeighbour(cell) => put!(f, cell, " is not next to any card"),
            Illegal::Mismatch { card, neighbour, side } => {
                put!(f, card, " matches neither suit nor rank of the ", neighbour, " ", side.describe())
            }
            Illegal::Deal(DealRefusal::StockEmpty) => put!(f, "cannot deal: the stock is empty"),
            Illegal::Deal(DealRefusal::OrphanWaiting(o)) => {
                put!(f, "cannot deal: the orphan ", o, " must be placed first")
            }
            Illegal::Deal(DealRefusal::HandFull) => put!(f, "cannot deal: the hand is full"),
            Illegal::Deal(DealRefusal::Playable(c)) => put!(f, "cannot deal: ", c, " can still be placed"),
            Illegal::NothingToUndo => put!(f, "nothing to undo"),
            Illegal::Undo => put!(f, "undo is not a move here"),
        }
    }
}

/// A book that left the grid: its rank, its top-left cell, and its four
/// cards in the order top-left, top-right, bottom-left, bottom-right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RemovedBook {
    /// The rank.
    pub rank: Rank,
    /// Top-left cell of the 2x2 block.
    pub cell: Cell,
    /// The cards, row-major.
    pub cards: [Card; 4],
}

/// Where a placed card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// This hand slot.
    Hand(u8),
    /// This position in the waiting orphans.
    Orphan(u8),
    /// An unplaced king (custom start).
    King,
}

/// What one move did, in the order it happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The card placed, where, and where it came from.
    pub placed: Option<(Card, Cell, Source)>,
    /// Cards dealt: (hand slot, card), left slot first. A custom start's
    /// last king placement also makes the opening deal.
    pub dealt: Vec<(u8, Card), HAND>,
    /// Books removed, in the order they went.
    pub books: Vec<RemovedBook, BOOKS>,
    /// Orphans lifted (card, the cell it left), in row-major order.
    pub orphans: Vec<(Card, Cell), MAX_ORPHANS>,
    /// The move taken back, for an undo.
    pub undone: Option<Move>,
    /// The status after the move.
    pub status: Option<Status>,
}

/// What a move changed, kept for undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Record {
    /// A king placed in a custom start.
    King(Card, Cell),
    /// A card placed; how many books it removed and orphans it lifted
    /// (the last entries of the removed-books and lifted lists).
    Place {
        /// The card.
        card: Card,
        /// The cell.
        cell: Cell,
        /// Where it came from.
        from: Source,
        /// Books this move removed.
        books: u8,
        /// Orphans this move lifted.
        lifted: u8,
    },
    /// A deal: bit i set when slot i was filled.
    Deal(u8),
}

impl Record {
    /// The move this record stands for.
    pub fn as_move(self) -> Move {
        match self {
            Record::King(c, cell) | Record::Place { card: c, cell, .. } => Move::Place(c, cell),
            Record::Deal(_) => Move::Deal,
        }
    }
}

/// No card in a cell or slot (cards are stored as their index).
const NONE: u8 = 0xFF;

/// A game of A Farewell to Kings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    options: Options,
    seed: u32,
    /// Card index per cell, or `NONE`.
    cells: [u8; CELLS],
    valid: CellSet,
    occupied: CellSet,
    by_suit: [CellSet; 4],
    by_rank: [CellSet; 13],
    hand: [u8; HAND],
    /// The stock, top card last (so dealing pops).
    stock: Vec<Card, STOCK>,
    removed: Vec<RemovedBook, BOOKS>,
    orphans: Vec<Card, MAX_ORPHANS>,
    lifted: Vec<(Card, Cell), MAX_LIFTED>,
    records: Vec<Record, MAX_MOVES>,
    /// Custom start: bit per suit of kings not yet placed.
    kings_to_place: u8,
    status: Status,
    /// The grid's part of [`plan::position_hash`](super::plan::position_hash),
    /// kept up to date cell by cell ([`grid_key`] of each card on it, xored).
    grid_hash: u64,
    /// Whether some placement is legal now (worked out with the status).
    placeable: bool,
}

/// The key of a card on a cell, in a position's hash.
pub fn grid_key(card: Card, cell: Cell) -> u64 {
    mix((u64::from(card.index()) << 8 | cell.index() as u64) + 0x1_0000)
}

/// The four kings in the order the centre start lays them out.
pub const KING_ORDER: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Diamonds, Suit::Hearts];

fn king(suit: Suit) -> Card {
    Card::new(Rank::KING, suit)
}

impl Game {
    /// Deals game number `seed` with these options: the kings placed (unless
    /// custom), the stock shuffled, the opening deal made. `None` when the
    /// grid size is out of range.
    pub fn new(seed: u32, options: Options) -> Option<Game> {
        options.grid_ok().then(|| Game::deal_in_range(seed, options))
    }

    /// [`Game::new`] for options whose grid the caller has checked
    /// ([`Options::grid_ok`]): a grid under 4 columns or 2 rows would put
    /// the kings off it.
    pub(super) fn deal_in_range(seed: u32, options: Options) -> Game {
        let mut g = Game::empty(options, seed);
        let mut rng = Pcg32::new(seed);
        let (w, h) = (options.width, options.height);
        match options.kings {
            KingStart::Centre => {
                let row = h / 2 - 1;
                for (i, suit) in KING_ORDER.iter().enumerate() {
                    g.put(king(*suit), Cell::new(row, w / 2 - 2 + i as u8));
                }
            }
            KingStart::Corners => {
                g.put(king(Suit::Spades), Cell::new(0, 0));
                g.put(king(Suit::Hearts), Cell::new(0, w - 1));
                g.put(king(Suit::Clubs), Cell::new(h - 1, 0));
                g.put(king(Suit::Diamonds), Cell::new(h - 1, w - 1));
            }
            KingStart::Random => {
                for suit in KING_ORDER {
                    loop {
                        let i = rng.below(u32::from(w) * u32::from(h));
                        let cell = Cell::new((i / u32::from(w)) as u8, (i % u32::from(w)) as u8);
                        if !g.occupied.contains(cell) {
                            g.put(king(suit), cell);
                            break;
                        }
                    }
                }
            }
            KingStart::Custom => g.kings_to_place = 0b1111,
        }
        // The 48 other cards in index order, shuffled by Fisher-Yates from
        // the top down; the stock's top is its first card.
        let mut deck: [Card; STOCK] = [Card::new(Rank::ACE, Suit::Spades); STOCK];
        for (slot, c) in deck.iter_mut().zip(Card::all().filter(|c| !c.is_king())) {
            *slot = c;
        }
        crate::cards::shuffle(&mut deck, &mut rng);
        for c in deck.iter().rev() {
            let _ = g.stock.push(*c);
        }
        if g.kings_to_place == 0 {
            g.deal_cards(&mut Outcome::default());
        }
        g.settle();
        g
    }

    fn empty(options: Options, seed: u32) -> Game {
        Game {
            options,
            seed,
            cells: [NONE; CELLS],
            valid: CellSet::grid(options.width, options.height),
            occupied: CellSet::EMPTY,
            grid_hash: 0,
            placeable: false,
            by_suit: [CellSet::EMPTY; 4],
            by_rank: [CellSet::EMPTY; 13],
            hand: [NONE; HAND],
            stock: Vec::new(),
            removed: Vec::new(),
            orphans: Vec::new(),
            lifted: Vec::new(),
            records: Vec::new(),
            kings_to_place: 0,
            status: Status::Playing,
        }
    }

    /// Builds a game from a written position (see `notation`). The caller
    /// has checked that every card appears exactly once and every cell is on
    /// the grid; `stock` is listed from the top.
    pub(crate) fn from_layout(layout: &Layout) -> Game {
        let mut g = Game::empty(layout.options, 0);
        for &(card, cell) in &layout.grid {
            g.put(card, cell);
        }
        for (i, c) in layout.hand.iter().enumerate() {
            g.hand[i] = c.map_or(NONE, Card::index);
        }
        for c in layout.stock.iter().rev() {
            let _ = g.stock.push(*c);
        }
        for &rank in &layout.removed {
            let cards = Suit::ALL.map(|s| Card::new(rank, s));
            let _ = g.removed.push(RemovedBook { rank, cell: Cell::new(0, 0), cards });
        }
        for &c in &layout.orphans {
            let _ = g.orphans.push(c);
        }
        for &k in &layout.kings {
            g.kings_to_place |= 1 << k.suit() as u8;
        }
        g.settle();
        g
    }

    // ---- reading the state ----

    /// The options it was dealt with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The deal number (0 for a position read from text).
    pub fn seed(&self) -> u32 {
        self.seed
    }

    /// The card on a cell, if any (None off the grid).
    pub fn card_at(&self, cell: Cell) -> Option<Card> {
        if !self.valid.contains(cell) {
            return None;
        }
        Card::from_index(self.cells[cell.index()])
    }

    /// The grid's part of a position's hash: [`grid_key`] of each card on
    /// it, xored (kept as cards come and go: no need to read the grid).
    pub fn grid_hash(&self) -> u64 {
        self.grid_hash
    }

    /// The whole grid at once: the card index on each cell (row * 14 + col),
    /// 0xFF for an empty cell or one off the grid. For code that reads
    /// many cells (the fair player's judgement) without a bounds check each.
    pub fn grid_cards(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The cell holding a card, if it is on the grid.
    pub fn cell_of(&self, card: Card) -> Option<Cell> {
        let set = self.by_suit[card.suit() as usize] & self.by_rank[usize::from(card.rank().number() - 1)];
        set.first()
    }

    /// Cells holding a card.
    pub fn occupied(&self) -> CellSet {
        self.occupied
    }

    /// Cells holding a card of this suit (the Macintosh version's
    /// Command-click highlight).
    pub fn cells_of_suit(&self, suit: Suit) -> CellSet {
        self.by_suit[suit as usize]
    }

    /// Cells holding a card of this rank (the Option-click highlight).
    pub fn cells_of_rank(&self, rank: Rank) -> CellSet {
        self.by_rank[usize::from(rank.number() - 1)]
    }

    /// The four hand slots, left to right.
    #[inline]
    pub fn hand(&self) -> [Option<Card>; HAND] {
        self.hand.map(Card::from_index)
    }

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The stock from the top (the next card dealt) down.
    pub fn stock(&self) -> impl Iterator<Item = Card> + '_ {
        self.stock.iter().rev().copied()
    }

    /// Books removed, in the order they went.
    pub fn removed(&self) -> &[RemovedBook] {
        &self.removed
    }

    /// Orphans waiting to be placed, in order.
    pub fn orphans(&self) -> &[Card] {
        &self.orphans
    }

    /// Kings still to place in a custom start, in [`KING_ORDER`].
    pub fn kings_to_place(&self) -> impl Iterator<Item = Card> + '_ {
        KING_ORDER.iter().filter(|s| self.kings_to_place & (1 << **s as u8) != 0).map(|s| king(*s))
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves made, in order, back to the opening deal (or the start of
    /// a custom king placement).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.records.iter().map(|r| r.as_move())
    }

    /// Whether some placement is legal now (a waiting orphan, an unplaced
    /// king or, when no orphan waits, a hand card has a legal cell).
    pub fn can_place(&self) -> bool {
        self.placeable
    }

    /// How many moves are in the undo log.
    pub fn move_count(&self) -> usize {
        self.records.len()
    }

    // ---- rules ----

    /// Cells where `card` could go by the two placement rules (next to at
    /// least one card, matching every neighbour), whether or not it may be
    /// played now. In a custom start, a king may go on any empty cell.
    pub fn legal_cells(&self, card: Card) -> CellSet {
        self.legal_beside(self.frontier(), card)
    }

    /// The empty cells beside a card (for [`Game::legal_beside`]).
    fn frontier(&self) -> CellSet {
        self.occupied.neighbours() & self.valid & !self.occupied
    }

    /// [`Game::legal_cells`] given the [`Game::frontier`], which several
    /// cards' questions share.
    #[inline]
    fn legal_beside(&self, frontier: CellSet, card: Card) -> CellSet {
        if self.kings_to_place != 0 {
            return if card.is_king() { self.valid & !self.occupied } else { CellSet::EMPTY };
        }
        let clash =
            self.occupied & !self.by_suit[card.suit() as usize] & !self.by_rank[usize::from(card.rank().number() - 1)];
        frontier & !clash.neighbours()
    }

    /// Where the card can be played right now: its legal cells if it may be
    /// moved at all (a waiting orphan, a hand card when no orphan waits, an
    /// unplaced king in a custom start), else none.
    pub fn playable_cells(&self, card: Card) -> CellSet {
        match self.source_of(card) {
            Ok(_) if !self.status.is_over() => self.legal_cells(card),
            _ => CellSet::EMPTY,
        }
    }

    /// Where a card may be taken from now, or why it may not be moved.
    fn source_of(&self, card: Card) -> Result<Source, Illegal> {
        if self.kings_to_place != 0 {
            if card.is_king() && self.kings_to_place & (1 << card.suit() as u8) != 0 {
                return Ok(Source::King);
            }
            return Err(if card.is_king() { Illegal::NotAvailable(card) } else { Illegal::KingsFirst(card) });
        }
        if let Some(i) = self.orphans.iter().position(|&o| o == card) {
            return Ok(Source::Orphan(i as u8));
        }
        if let Some(slot) = self.hand.iter().position(|&h| h == card.index()) {
            return match self.orphans.first() {
                Some(&o) => Err(Illegal::OrphanWaiting(o)),
                None => Ok(Source::Hand(slot as u8)),
            };
        }
        Err(Illegal::NotAvailable(card))
    }

    /// Checks a placement; `Ok` with the card's source when it is legal.
    pub fn check_place(&self, card: Card, cell: Cell) -> Result<Source, Illegal> {
        if self.status.is_over() {
            return Err(Illegal::GameOver);
        }
        let source = self.source_of(card)?;
        if !self.valid.contains(cell) {
            return Err(Illegal::OffGrid(cell));
        }
        if let Some(c) = self.card_at(cell) {
            return Err(Illegal::Occupied(cell, c));
        }
        if source == Source::King {
            return Ok(source);
        }
        let mut any = false;
        let sides = [
            (Side::Above, cell.row.checked_sub(1).map(|r| Cell::new(r, cell.col))),
            (Side::Below, Some(Cell::new(cell.row + 1, cell.col))),
            (Side::Left, cell.col.checked_sub(1).map(|c| Cell::new(cell.row, c))),
            (Side::Right, Some(Cell::new(cell.row, cell.col + 1))),
        ];
        for (side, n) in sides {
            if let Some(neighbour) = n.and_then(|n| self.card_at(n)) {
                any = true;
                if !card.matches(neighbour) {
                    return Err(Illegal::Mismatch { card, neighbour, side });
                }
            }
        }
        if any {
            Ok(source)
        } else {
            Err(Illegal::NoNeighbour(cell))
        }
    }

    /// The cards no player can see: those of the stock, in card order
    /// (never the stock's order). Every card not on the grid, in the hand,
    /// waiting as an orphan, among the kings to place or in a removed book.
    pub fn unseen(&self) -> Vec<Card, STOCK> {
        let mut seen = [false; 52];
        for &c in self.cells.iter() {
            if let Some(x) = seen.get_mut(usize::from(c)) {
                *x = true;
            }
        }
        for &c in self.hand.iter() {
            if let Some(x) = seen.get_mut(usize::from(c)) {
                *x = true;
            }
        }
        for c in self.orphans.iter().chain(self.removed.iter().flat_map(|b| b.cards.iter())) {
            if let Some(x) = seen.get_mut(usize::from(c.index())) {
                *x = true;
            }
        }
        let mut out = Vec::new();
        for c in Card::all().filter(|c| !c.is_king()) {
            if !seen[usize::from(c.index())] {
                let _ = out.push(c);
            }
        }
        out
    }

    /// What if the stock were `cards` (top first)? Replaces the stock's
    /// order, for a player that imagines the unseen cards (the cards must
    /// be the stock's own, each once: else nothing changes and `false`
    /// comes back).
    pub fn restock(&mut self, cards: &[Card]) -> bool {
        if cards.len() != self.stock.len() {
            return false;
        }
        // Each card once, each one of the stock's.
        let mut seen = [false; 52];
        for c in cards {
            match seen.get_mut(usize::from(c.index())) {
                Some(x) if !*x && self.stock.contains(c) => *x = true,
                _ => return false,
            }
        }
        self.stock.clear();
        for c in cards.iter().rev() {
            let _ = self.stock.push(*c);
        }
        true
    }

    /// Whether dealing is allowed now, and why not.
    pub fn check_deal(&self) -> Result<(), Illegal> {
        if self.status.is_over() {
            return Err(Illegal::GameOver);
        }
        if let Some(k) = self.kings_to_place().next() {
            return Err(Illegal::KingsFirst(k));
        }
        if self.stock.is_empty() {
            return Err(Illegal::Deal(DealRefusal::StockEmpty));
        }
        if let Some(&o) = self.orphans.first() {
            return Err(Illegal::Deal(DealRefusal::OrphanWaiting(o)));
        }
        if let Some(c) = self.hand().iter().flatten().find(|c| !self.legal_cells(**c).is_empty()) {
            return Err(Illegal::Deal(DealRefusal::Playable(*c)));
        }
        if self.hand.iter().all(|&h| h != NONE) {
            return Err(Illegal::Deal(DealRefusal::HandFull));
        }
        Ok(())
    }

    /// Applies any move.
    pub fn apply(&mut self, m: Move) -> Result<Outcome, Illegal> {
        match m {
            Move::Place(card, cell) => self.place(card, cell),
            Move::Deal => self.deal(),
            Move::Undo => self.undo(),
        }
    }

    /// Places a card from the hand, the waiting orphans, or (custom start)
    /// the unplaced kings; removes the books it completes, in rank order
    /// with cascades (any order in easy mode); lifts the orphans left.
    pub fn place(&mut self, card: Card, cell: Cell) -> Result<Outcome, Illegal> {
        let source = self.check_place(card, cell)?;
        let mut out = Outcome { placed: Some((card, cell, source)), ..Outcome::default() };
        match source {
            Source::King => {
                self.put(card, cell);
                self.kings_to_place &= !(1 << card.suit() as u8);
                let _ = self.records.push(Record::King(card, cell));
                if self.kings_to_place == 0 {
                    self.deal_cards(&mut out);
                }
            }
            Source::Hand(slot) => {
                self.hand[usize::from(slot)] = NONE;
                self.put(card, cell);
                self.after_placement(card, cell, source, &mut out);
            }
            Source::Orphan(i) => {
                self.orphans.remove(usize::from(i));
                self.put(card, cell);
                self.after_placement(card, cell, source, &mut out);
            }
        }
        self.settle();
        out.status = Some(self.status);
        Ok(out)
    }

    /// Books, then orphans, then the undo record.
    fn after_placement(&mut self, card: Card, cell: Cell, from: Source, out: &mut Outcome) {
        let before = self.occupied;
        let books = self.remove_books(out);
        let mut lifted = 0u8;
        // The last book wins the game: the kings then leave by themselves
        // (on screen); none of them is lifted as an orphan, so a written
        // position keeps them on the grid, as docs/rules/farewell.md says.
        if books > 0 && self.removed.len() < BOOKS {
            let after = self.occupied;
            let orphaned = after & !after.neighbours() & before.neighbours();
            for c in orphaned.iter() {
                if let Some(o) = self.take(c) {
                    let _ = self.orphans.push(o);
                    let _ = self.lifted.push((o, c));
                    let _ = out.orphans.push((o, c));
                    lifted += 1;
                }
            }
        }
        let _ = self.records.push(Record::Place { card, cell, from, books, lifted });
    }

    /// The top-left cell of a complete book of `rank`, if its four cards
    /// fill a 2x2 block.
    #[inline]
    fn complete_book(&self, rank: Rank) -> Option<Cell> {
        block_of_four(self.by_rank[usize::from(rank.number() - 1)].0)
    }

    /// Whether placing `card` on `cell` makes its rank's four cards a 2x2
    /// block: a book, removed at once or when its turn comes (the fair
    /// player's search weighs such a placement as a position judged whole).
    #[inline]
    pub fn completes_book(&self, card: Card, cell: Cell) -> bool {
        let mut set = self.by_rank[usize::from(card.rank().number() - 1)];
        set.insert(cell);
        card.rank() != Rank::KING && block_of_four(set.0).is_some()
    }

    /// A complete book that may be removed now (the next in rank order, or
    /// in easy mode the lowest complete one): its rank and top-left cell.
    /// After every move there is none; a position where there is one can
    /// never be reached.
    pub fn book_due(&self) -> Option<(Rank, Cell)> {
        if self.options.easy {
            (1..=12)
                .filter_map(Rank::new)
                .filter(|r| !self.removed.iter().any(|b| b.rank == *r))
                .find_map(|r| self.complete_book(r).map(|c| (r, c)))
        } else {
            Rank::new(self.removed.len() as u8 + 1)
                .filter(|r| *r <= Rank::QUEEN)
                .and_then(|r| self.complete_book(r).map(|c| (r, c)))
        }
    }

    /// Removes every book that may go now, in order; returns how many.
    fn remove_books(&mut self, out: &mut Outcome) -> u8 {
        let mut count = 0;
        loop {
            let Some((rank, tl)) = self.book_due() else { return count };
            let cells =
                [tl, Cell::new(tl.row, tl.col + 1), Cell::new(tl.row + 1, tl.col), Cell::new(tl.row + 1, tl.col + 1)];
            let cards = cells.map(|c| self.take(c).unwrap_or(Card::new(rank, Suit::Spades)));
            let book = RemovedBook { rank, cell: tl, cards };
            let _ = self.removed.push(book);
            let _ = out.books.push(book);
            count += 1;
        }
    }

    /// Refills empty hand slots from the stock, left first.
    fn deal_cards(&mut self, out: &mut Outcome) -> u8 {
        let mut mask = 0;
        for slot in 0..HAND {
            if self.hand[slot] == NONE {
                let Some(c) = self.stock.pop() else { break };
                self.hand[slot] = c.index();
                mask |= 1 << slot;
                let _ = out.dealt.push((slot as u8, c));
            }
        }
        mask
    }

    /// What if `card`, one of the stock's, came alone into the first empty
    /// hand slot? For a player that imagines the next deal one card at a
    /// time: the card leaves the stock and joins the hand, and nothing is
    /// recorded (undo never takes it back; work on a copy). `false`, and
    /// nothing changed, if the card is not in the stock, the hand is full
    /// or the game is over.
    #[inline]
    pub fn imagine_drawn(&mut self, card: Card) -> bool {
        if self.status.is_over() {
            return false;
        }
        let Some(at) = self.stock.iter().position(|c| *c == card) else { return false };
        let Some(slot) = self.hand.iter().position(|h| *h == NONE) else { return false };
        self.stock.remove(at);
        self.hand[slot] = card.index();
        self.settle();
        true
    }

    /// Deals: fills every empty hand slot from the top of the stock.
    pub fn deal(&mut self) -> Result<Outcome, Illegal> {
        self.check_deal()?;
        let mut out = Outcome::default();
        let mask = self.deal_cards(&mut out);
        let _ = self.records.push(Record::Deal(mask));
        self.settle();
        out.status = Some(self.status);
        Ok(out)
    }

    /// Takes back the last move. Undo stops at the opening deal: in a custom
    /// start, kings can be taken back until the fourth one makes that deal.
    pub fn undo(&mut self) -> Result<Outcome, Illegal> {
        let record = match self.records.last() {
            Some(Record::King(..)) if self.kings_to_place == 0 => return Err(Illegal::NothingToUndo),
            Some(r) => *r,
            None => return Err(Illegal::NothingToUndo),
        };
        self.records.pop();
        match record {
            Record::King(card, cell) => {
                self.take(cell);
                self.kings_to_place |= 1 << card.suit() as u8;
            }
            Record::Place { card, cell, from, books, lifted } => {
                for _ in 0..lifted {
                    if let (Some((o, c)), Some(_)) = (self.lifted.pop(), self.orphans.pop()) {
                        self.put(o, c);
                    }
                }
                for _ in 0..books {
                    if let Some(b) = self.removed.pop() {
                        let tl = b.cell;
                        let cells = [
                            tl,
                            Cell::new(tl.row, tl.col + 1),
                            Cell::new(tl.row + 1, tl.col),
                            Cell::new(tl.row + 1, tl.col + 1),
                        ];
                        for (c, cell) in b.cards.iter().zip(cells) {
                            self.put(*c, cell);
                        }
                    }
                }
                self.take(cell);
                match from {
                    Source::Hand(slot) => self.hand[usize::from(slot)] = card.index(),
                    Source::Orphan(i) => {
                        let _ = self.orphans.insert(usize::from(i), card);
                    }
                    Source::King => {}
                }
            }
            Record::Deal(mask) => {
                for slot in (0..HAND).rev() {
                    if mask & (1 << slot) != 0 {
                        if let Some(c) = Card::from_index(self.hand[slot]) {
                            let _ = self.stock.push(c);
                        }
                        self.hand[slot] = NONE;
                    }
                }
            }
        }
        self.settle();
        Ok(Outcome { undone: Some(record.as_move()), status: Some(self.status), ..Outcome::default() })
    }

    /// Works out the status, and whether a placement is legal now.
    fn settle(&mut self) {
        (self.status, self.placeable) = self.compute_status();
    }

    fn compute_status(&self) -> (Status, bool) {
        if self.kings_to_place != 0 {
            return (Status::PlacingKings, true);
        }
        if self.removed.len() == BOOKS {
            return (Status::Won, false);
        }
        let frontier = self.frontier();
        if !self.orphans.is_empty() {
            return if self.orphans.iter().any(|o| !self.legal_beside(frontier, *o).is_empty()) {
                (Status::Playing, true)
            } else {
                (Status::Lost(Loss::OrphanStuck), false)
            };
        }
        let hand: Vec<Card, HAND> = self.hand().iter().flatten().copied().collect();
        if hand.iter().any(|c| !self.legal_beside(frontier, *c).is_empty()) {
            return (Status::Playing, true);
        }
        if !self.stock.is_empty() && hand.len() < HAND {
            return (Status::Playing, false); // the player deals
        }
        let loss = match (hand.len(), self.stock.is_empty()) {
            (0, _) => Loss::NothingLeft,
            (HAND, _) => Loss::HandBlocked,
            _ => Loss::StockEmpty,
        };
        (Status::Lost(loss), false)
    }

    // ---- cell bookkeeping ----

    #[inline]
    fn put(&mut self, card: Card, cell: Cell) {
        let i = cell.index();
        if i >= CELLS {
            return;
        }
        self.cells[i] = card.index();
        self.grid_hash ^= grid_key(card, cell);
        self.occupied.insert(cell);
        self.by_suit[card.suit() as usize].insert(cell);
        self.by_rank[usize::from(card.rank().number() - 1)].insert(cell);
    }

    fn take(&mut self, cell: Cell) -> Option<Card> {
        let card = self.card_at(cell)?;
        self.cells[cell.index()] = NONE;
        self.grid_hash ^= grid_key(card, cell);
        self.occupied.remove(cell);
        self.by_suit[card.suit() as usize].remove(cell);
        self.by_rank[usize::from(card.rank().number() - 1)].remove(cell);
        Some(card)
    }
}

/// A position as written in the notation, checked, ready to become a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    pub options: Options,
    pub grid: Vec<(Card, Cell), 52>,
    pub hand: [Option<Card>; HAND],
    pub stock: Vec<Card, 52>,
    pub removed: Vec<Rank, 13>,
    pub orphans: Vec<Card, 52>,
    /// Custom start before its fourth king: the kings still to place.
    pub kings: Vec<Card, 4>,
}

const _: () = assert!(MAX_H as usize * MAX_W as usize <= 128, "a grid must fit a u128 cell set");

crate::display_via_text!(Illegal);

/// The top-left cell of a 2x2 block, if the set is exactly one.
#[inline]
fn block_of_four(bits: u128) -> Option<Cell> {
    if bits.count_ones() != 4 {
        return None;
    }
    let tl = bits.trailing_zeros() as usize;
    let w = MAX_W as usize;
    let block = (1u128 | 2 | 1 << w | 1 << (w + 1)) << tl;
    (tl % w < w - 1 && bits == block).then(|| Cell::from_index(tl))
}
