//! Book sites: how the fair player (and the solver's move order) judges a
//! position.
//!
//! Every card must end in its rank's book, a 2x2 block, so a good position
//! is one where every rank on the grid still has a block it can finish and
//! every rank not yet begun still has somewhere to begin. For a rank with
//! cards on the grid, its **window** is a 2x2 block holding all of them and
//! nothing else; the window can be finished when its missing suits can be
//! given to its empty cells so that each empty cell matches every card
//! beside it outside the window (those cards are of other ranks, so they
//! must share the suit). The number of ways to do that is the window's
//! **flexibility**: a window with none is dead, and its rank's cards are
//! stranded until a removal orphans them.
//!
//! A **site** for a suit is an empty window where a first card of that suit
//! could go now (on a cell whose every neighbour has that suit) with the
//! other three suits still able to finish it.
//!
//! Everything here reads the grid only: it sees what a player sees. So
//! do the two searches' common ground, which both players (the fair
//! player and the solver) use: the cards that may be placed now
//! ([`movable`]) and the position's hash ([`position_hash`]).

use super::game::{Game, Status};
use super::grid::{Cell, CellSet, CELLS, MAX_H, MAX_W};
use crate::cards::{Card, Rank, Suit};
use crate::games::search::mix;

/// The cards that may be placed now: waiting orphans if any, else the
/// unplaced kings (custom start), else the hand.
pub fn movable(g: &Game) -> heapless::Vec<Card, 52> {
    let mut v = heapless::Vec::new();
    if !g.orphans().is_empty() {
        for c in g.orphans() {
            let _ = v.push(*c);
        }
    } else if g.kings_to_place().next().is_some() {
        for c in g.kings_to_place() {
            let _ = v.push(c);
        }
    } else {
        for c in g.hand().iter().flatten() {
            let _ = v.push(*c);
        }
    }
    v
}

/// A hash of everything that decides the future: the grid, the hand and
/// orphans as sets, how far into the stock the deal is (not the stock's
/// order: the fair player may use it). Bit 0 is always set: the hashes, and
/// so the searches and their node counts (the winnable tables, the
/// README's figures), depend on it.
pub fn position_hash(g: &Game) -> u64 {
    let mut h = mix(g.stock_len() as u64 + 1) ^ g.grid_hash();
    for c in g.hand().iter().flatten() {
        h ^= mix(u64::from(c.index()) + 0x2_0000);
    }
    for c in g.orphans() {
        h ^= mix(u64::from(c.index()) + 0x3_0000);
    }
    h | 1
}

/// The four cells of the window whose top-left cell is `tl`.
pub fn window_cells(tl: Cell) -> [Cell; 4] {
    [tl, Cell::new(tl.row, tl.col + 1), Cell::new(tl.row + 1, tl.col), Cell::new(tl.row + 1, tl.col + 1)]
}

/// The windows (by top-left cell) of a `w` x `h` grid that contain `cell`.
pub fn windows_of(cell: Cell, w: u8, h: u8) -> impl Iterator<Item = Cell> {
    let rows = [cell.row.checked_sub(1), Some(cell.row)];
    let cols = [cell.col.checked_sub(1), Some(cell.col)];
    rows.into_iter()
        .flatten()
        .flat_map(move |r| cols.into_iter().flatten().map(move |c| Cell::new(r, c)))
        .filter(move |tl| tl.row + 1 < h && tl.col + 1 < w)
}

const STRIDE: usize = MAX_W as usize;
const NONE: u8 = 0xFF;
const ALL_SUITS: u8 = 0b1111;

/// Stride of the suit grid: the grid with a border of empty cells round
/// it, so that a neighbour is read with no bounds check.
const PAD_W: usize = MAX_W as usize + 2;
const PAD_CELLS: usize = PAD_W * (MAX_H as usize + 2);

/// The suit bit of each card index (0 for an empty cell).
const SUIT_BIT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 52 {
        t[i] = 1 << (i / 13);
        i += 1;
    }
    t
};

/// The rank number (1 to 13) of each card index (0 for an empty cell).
const RANK_OF: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 52 {
        t[i] = (i % 13) as u8 + 1;
        i += 1;
    }
    t
};

/// The grid read once, as plain arrays: the judgement reads hundreds of
/// cells, and a 128-bit set operation per cell costs dozens of
/// instructions on the PS1's 32-bit CPU.
struct View<'a> {
    cards: &'a [u8; CELLS],
    /// Cell index of each card on the grid, else `NONE`.
    pos: [u8; 52],
    /// The suit bit of each cell's card, 0 when empty, on the grid with a
    /// border ((r, c) at `(r + 1) * PAD_W + c + 1`).
    suits: [u8; PAD_CELLS],
    w: u8,
    h: u8,
}

impl<'a> View<'a> {
    fn new(g: &'a Game) -> Self {
        let o = g.options();
        let cards = g.grid_cards();
        let mut pos = [NONE; 52];
        let mut suits = [0u8; PAD_CELLS];
        for r in 0..usize::from(o.height) {
            for c in 0..usize::from(o.width) {
                let i = r * STRIDE + c;
                let card = cards[i];
                if let Some(p) = pos.get_mut(usize::from(card)) {
                    *p = i as u8;
                    suits[(r + 1) * PAD_W + c + 1] = SUIT_BIT[usize::from(card)];
                }
            }
        }
        View { cards, pos, suits, w: o.width, h: o.height }
    }

    /// The suits the empty cell at offset (dr, dc) of the window at (r, c)
    /// may take: it must share the suit of each card beside it outside the
    /// window (its two outside neighbours: up or down, left or right).
    /// `any` is set when it has such a card.
    #[inline]
    fn allowed(&self, r: u8, c: u8, dr: u8, dc: u8) -> (u8, bool) {
        let (qr, qc) = (usize::from(r + dr), usize::from(c + dc));
        // In the bordered grid the cell is at (qr + 1, qc + 1): the outside
        // neighbour up (dr 0) or down (dr 1), left (dc 0) or right (dc 1).
        let v = self.suits[(qr + 2 * usize::from(dr)) * PAD_W + qc + 1];
        let hz = self.suits[(qr + 1) * PAD_W + qc + 2 * usize::from(dc)];
        let m = ALL_SUITS & if v != 0 { v } else { ALL_SUITS } & if hz != 0 { hz } else { ALL_SUITS };
        (m, v | hz != 0)
    }
}

/// For three cells' allowed suits (4 bits each, packed), the suits a
/// fourth cell's card could have with the other three suits still able to
/// go to the three cells, one each: what a site needs, read from a table
/// rather than counted each time.
const STARTS: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut k = 0;
    while k < 4096 {
        let rest = [(k & 15) as u8, ((k >> 4) & 15) as u8, ((k >> 8) & 15) as u8];
        let mut bit = 1u8;
        while bit < 16 {
            if matchings(&rest, ALL_SUITS & !bit) > 0 {
                t[k] |= bit;
            }
            bit <<= 1;
        }
        k += 1;
    }
    t
};

/// Ways to give each suit in `missing` to one of the cells whose allowed
/// suits are `allowed` (as many cells as missing suits).
const fn matchings(allowed: &[u8], missing: u8) -> u32 {
    match allowed.split_first() {
        None => (missing == 0) as u32,
        Some((&first, rest)) => {
            let mut n = 0;
            let mut m = first & missing;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                n += matchings(rest, missing & !bit);
                m &= !bit;
            }
            n
        }
    }
}

/// [`matchings`] for cells as many as the missing suits, by inclusion and
/// exclusion for up to three (a window's empty cells round a card).
fn flex_count(allowed: &[u8], missing: u8) -> u32 {
    let n = |m: u8| m.count_ones();
    match *allowed {
        [a] => n(a & missing),
        [a, b] => {
            let (a, b) = (a & missing, b & missing);
            n(a) * n(b) - n(a & b)
        }
        [a, b, c] => {
            let (a, b, c) = (a & missing, b & missing, c & missing);
            // The terms may go below zero before the last one is added.
            let m = |x: u8| x.count_ones() as i32;
            let k = m(a) * m(b) * m(c) - m(a & b) * m(c) - m(a & c) * m(b) - m(b & c) * m(a) + 2 * m(a & b & c);
            k as u32
        }
        _ => matchings(allowed, missing),
    }
}

/// How a rank stands on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// Its book is gone.
    Removed,
    /// None of its cards is on the grid.
    Unstarted,
    /// `cards` of its cards sit in a window that can still be finished in
    /// `flex` ways (best window).
    Building {
        /// Cards in the window.
        cards: u8,
        /// Flexibility, 1 to 24.
        flex: u8,
        /// Empty cells of the window already held to one suit or fewer
        /// choices by a card beside them.
        tight: u8,
        /// The window's top-left cell.
        window: Cell,
    },
    /// Its cards on the grid fit no window that can be finished.
    Stranded {
        /// Cards of the rank on the grid.
        cards: u8,
    },
}

/// How `rank` stands on the grid of `g`.
pub fn block(g: &Game, rank: Rank) -> Block {
    if g.removed().iter().any(|b| b.rank == rank) {
        return Block::Removed;
    }
    block_in(&View::new(g), rank)
}

/// [`block`] for a rank whose book is not removed.
fn block_in(v: &View<'_>, rank: Rank) -> Block {
    block_of(v, rank, ALL_SUITS)
}

/// [`block_in`] for the cards of `rank` whose suits are in `mask` (the
/// others count as cards of another rank).
fn block_of(v: &View<'_>, rank: Rank, mask: u8) -> Block {
    let n = rank.number();
    let (mut k, mut used) = (0u8, 0u8);
    let (mut r0, mut r1, mut c0, mut c1) = (u8::MAX, 0u8, u8::MAX, 0u8);
    for suit in 0..4 {
        let p = v.pos[suit * 13 + usize::from(n - 1)];
        if p != NONE && mask & (1 << suit) != 0 {
            let (r, c) = (p / MAX_W, p % MAX_W);
            k += 1;
            used |= 1 << suit;
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
    }
    if k == 0 {
        return Block::Unstarted;
    }
    if r1 - r0 > 1 || c1 - c0 > 1 {
        return Block::Stranded { cards: k };
    }
    let mut best: u32 = 0;
    let mut best_tight = 0;
    let mut best_tl = Cell::new(r0, c0);
    // Windows holding every card of the rank: top-left within one row and
    // column up-left of the cards' box, inside the grid.
    for tr in r1.saturating_sub(1)..=r0.min(v.h - 2) {
        for tc in c1.saturating_sub(1)..=c0.min(v.w - 2) {
            let mut allow = [0u8; 4];
            let mut k = 0;
            let mut ok = true;
            for (dr, dc) in OFFSETS {
                let card = v.cards[usize::from(tr + dr) * STRIDE + usize::from(tc + dc)];
                if card == NONE {
                    allow[k] = v.allowed(tr, tc, dr, dc).0;
                    k += 1;
                } else if RANK_OF[usize::from(card)] != n || mask & SUIT_BIT[usize::from(card)] == 0 {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            let flex = flex_count(&allow[..k], ALL_SUITS & !used);
            let tight = allow[..k].iter().filter(|&&a| a != ALL_SUITS).count() as u8;
            if flex > 0 && (best == 0 || tight < best_tight || (tight == best_tight && flex > best)) {
                best = flex;
                best_tight = tight;
                best_tl = Cell::new(tr, tc);
            }
        }
    }
    if best == 0 {
        Block::Stranded { cards: k }
    } else {
        Block::Building { cards: k, flex: best.min(24) as u8, tight: best_tight, window: best_tl }
    }
}

/// The suits of `rank`'s cards on the grid whose every neighbour is of a
/// lower rank: their neighbours' books must go before this rank's can, and
/// then they are lifted as orphans and placed again. In easy mode books go
/// in any order: every neighbour of another rank than `n`, not a king.
fn loose(v: &View<'_>, n: u8, easy: bool) -> u8 {
    let mut out = 0;
    for suit in 0..4 {
        let p = v.pos[suit * 13 + usize::from(n - 1)];
        if p == NONE {
            continue;
        }
        let (r, c) = (i16::from(p / MAX_W), i16::from(p % MAX_W));
        let mut ok = true;
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (qr, qc) = (r + dr, c + dc);
            if qr < 0 || qc < 0 || qr >= i16::from(v.h) || qc >= i16::from(v.w) {
                continue;
            }
            let card = v.cards[qr as usize * STRIDE + qc as usize];
            if card != NONE && (if easy { card % 13 + 1 == n || card % 13 == 12 } else { card % 13 + 1 >= n }) {
                ok = false;
            }
        }
        if ok {
            out |= 1 << suit;
        }
    }
    out
}

/// Where new books can begin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sites {
    /// Sites per suit: empty windows where a first card of that suit could
    /// be placed now (on a cell whose every neighbour has that suit) with
    /// the other three suits still able to finish the book.
    pub count: [u8; 4],
    /// Per suit, the cells where a first card of that suit can begin a book.
    pub start: [CellSet; 4],
}

/// The sites of the whole grid.
pub fn sites(g: &Game) -> Sites {
    sites_in(&View::new(g))
}

fn sites_in(v: &View<'_>) -> Sites {
    let mut wins = [0u16; CELLS];
    for r in 0..v.h - 1 {
        for c in 0..v.w - 1 {
            wins[usize::from(r) * STRIDE + usize::from(c)] = window_site(v, r, c);
        }
    }
    sites_of(&wins, v.w, v.h)
}

const OFFSETS: [(u8, u8); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];

/// The sites of every window, each read by [`window_site`].
fn sites_of(wins: &[u16; CELLS], w: u8, h: u8) -> Sites {
    let mut out = Sites { count: site_count(wins, w, h), ..Sites::default() };
    for r in 0..h - 1 {
        for c in 0..w - 1 {
            let bits = wins[usize::from(r) * STRIDE + usize::from(c)];
            for (i, (dr, dc)) in OFFSETS.into_iter().enumerate() {
                let mut s = (bits >> (4 * i)) as u8 & ALL_SUITS;
                while s != 0 {
                    let bit = s & s.wrapping_neg();
                    out.start[bit.trailing_zeros() as usize].insert(Cell::new(r + dr, c + dc));
                    s &= !bit;
                }
            }
        }
    }
    out
}

/// The suits a window's site may begin (see [`window_site`]).
fn site_suits(bits: u16) -> u8 {
    ((bits | bits >> 4 | bits >> 8 | bits >> 12) & 0xF) as u8
}

/// [`Sites::count`] of every window's site.
fn site_count(wins: &[u16; CELLS], w: u8, h: u8) -> [u8; 4] {
    let mut count = [0u8; 4];
    for r in 0..h - 1 {
        for c in 0..w - 1 {
            count_site(&mut count, wins[usize::from(r) * STRIDE + usize::from(c)], 1);
        }
    }
    count
}

/// Adds (`by` 1) or takes away (`by` -1 as `u8::MAX`) a window's site.
#[inline]
fn count_site(count: &mut [u8; 4], bits: u16, by: u8) {
    let suits = site_suits(bits);
    for (suit, n) in count.iter_mut().enumerate() {
        if suits & (1 << suit) != 0 {
            *n = n.wrapping_add(by);
        }
    }
}

/// Whether a first card of `suit` may begin a book on `cell` (the cell
/// is in [`Sites::start`]), read from the windows holding it.
fn starts_on(wins: &[u16; CELLS], cell: Cell, suit: usize, w: u8, h: u8) -> bool {
    windows_of(cell, w, h).any(|tl| {
        let i = usize::from(cell.row - tl.row) * 2 + usize::from(cell.col - tl.col);
        wins[tl.index()] >> (4 * i + suit) & 1 != 0
    })
}

/// The window at (r, c) as a site: for each of its cells (in
/// [`OFFSETS`] order, 4 bits each), the suits a first card could begin a
/// book with there; 0 when the window holds a card or none beside it.
fn window_site(v: &View<'_>, r: u8, c: u8) -> u16 {
    let at = usize::from(r) * STRIDE + usize::from(c);
    if v.cards[at] != NONE
        || v.cards[at + 1] != NONE
        || v.cards[at + STRIDE] != NONE
        || v.cards[at + STRIDE + 1] != NONE
    {
        return 0;
    }
    let mut allow = [(0u8, false); 4];
    let mut near = false;
    for (i, (dr, dc)) in OFFSETS.into_iter().enumerate() {
        allow[i] = v.allowed(r, c, dr, dc);
        near |= allow[i].1;
    }
    if !near {
        return 0;
    }
    let a = [allow[0].0 as usize, allow[1].0 as usize, allow[2].0 as usize, allow[3].0 as usize];
    // The other three cells' allowed suits, packed, for each cell.
    let rests = [
        a[1] | a[2] << 4 | a[3] << 8,
        a[0] | a[2] << 4 | a[3] << 8,
        a[0] | a[1] << 4 | a[3] << 8,
        a[0] | a[1] << 4 | a[2] << 8,
    ];
    let mut bits = 0u16;
    for i in 0..4 {
        let (m, any) = allow[i];
        if any {
            bits |= u16::from(m & STARTS[rests[i]]) << (4 * i);
        }
    }
    bits
}

/// The weights of [`evaluate`], tuned by playing deals on the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per book removed.
    pub removed: i32,
    /// Per card in a window that can still be finished.
    pub per_card: i32,
    /// Per way left to finish a window (up to 6).
    pub flex: i32,
    /// Per stranded rank (negative), on top of `per_rank_held` for every
    /// book the stranded one holds back.
    pub stranded: i32,
    /// Per higher book a stranded rank holds back (books go in order).
    pub per_rank_held: i32,
    /// Per empty window cell already held to a suit by a card beside it.
    pub tight: i32,
    /// Per empty window cell facing another rank's empty window cell.
    pub contact: i32,
    /// Per site for a suit (up to three), while a rank is unstarted.
    pub site: i32,
    /// When some suit has no site at all while a rank is unstarted (negative).
    pub no_site: i32,
    /// Per card to be placed next that can be played but not into its book.
    pub forced: i32,
    /// Per card not yet seen (or waiting in the hand) that could be played
    /// now but not into its book: when it comes it may be forced off it.
    pub exposed: i32,
    /// Per card not yet seen (or waiting in the hand) that could go into
    /// its book now.
    pub ready: i32,
    /// 0: a rank whose cards fit no window is stranded. Else, its cards
    /// whose every neighbour is of a lower rank (they will be lifted as
    /// orphans before its book is due) are left out, at this cost each,
    /// and the rank judged by the others.
    pub rescue: i32,
    /// Nonzero: a card to be placed next that can go beside lower ranks
    /// only is not forced off its book (it will be lifted again).
    pub loose_ok: i32,
}

impl Weights {
    /// The weights the player uses.
    pub const DEFAULT: Weights = Weights {
        removed: 250,
        per_card: 50,
        flex: 24,
        stranded: -1400,
        per_rank_held: 60,
        tight: 40,
        contact: 80,
        site: 25,
        no_site: -62,
        forced: 400,
        exposed: 0,
        ready: 0,
        rescue: 0,
        loose_ok: 0,
    };

    /// The fair player's own weights (the solver's search order keeps
    /// [`Weights::DEFAULT`]).
    pub const PLAYER: Weights = Weights { rescue: 150, loose_ok: 1, per_rank_held: 120, ..Weights::DEFAULT };
}

const SITE_CAP: u8 = 3;

/// The value of a position to the player, higher is better: books gone,
/// cards in blocks that can still be finished, room to begin the others.
pub fn evaluate(g: &Game) -> i32 {
    evaluate_with(g, &Weights::DEFAULT)
}

/// [`evaluate`] with other weights.
pub fn evaluate_with(g: &Game, w: &Weights) -> i32 {
    if let Some(s) = decided(g) {
        return s;
    }
    let v = View::new(g);
    let removed = removed_ranks(g);
    let mut ranks = [RankPart::UNSTARTED; 13];
    for n in 1..=12u8 {
        if removed & (1 << n) == 0 {
            ranks[usize::from(n)] = rank_part(&v, n, g.options().easy, w);
        }
    }
    let mut wins = [0u16; CELLS];
    for r in 0..v.h - 1 {
        for c in 0..v.w - 1 {
            wins[usize::from(r) * STRIDE + usize::from(c)] = window_site(&v, r, c);
        }
    }
    score(g, &v, removed, &ranks, &wins, site_count(&wins, v.w, v.h), w)
}

/// The score of a game won or lost.
fn decided(g: &Game) -> Option<i32> {
    match g.status() {
        Status::Won => Some(1_000_000),
        Status::Lost(_) => Some(-1_000_000 + 3000 * g.removed().len() as i32),
        _ => None,
    }
}

/// Bit per rank number whose book is gone.
fn removed_ranks(g: &Game) -> u16 {
    let mut removed: u16 = 0;
    for b in g.removed() {
        removed |= 1 << b.rank.number();
    }
    removed
}

/// How a rank stands, as the judgement sees it: its block, and how many of
/// its cards were left out as to be lifted (see [`Weights::rescue`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RankPart {
    blk: Block,
    rescued: u8,
}

impl RankPart {
    const UNSTARTED: RankPart = RankPart { blk: Block::Unstarted, rescued: 0 };
}

/// A rank's part of the judgement (its book not removed). It reads the
/// cells within two rows and two columns of the rank's cards only.
fn rank_part(v: &View<'_>, n: u8, easy: bool, w: &Weights) -> RankPart {
    let Some(rank) = Rank::new(n) else { return RankPart::UNSTARTED };
    let blk = block_in(v, rank);
    if w.rescue != 0 && matches!(blk, Block::Stranded { .. }) {
        let l = loose(v, n, easy);
        if l != 0 {
            let rest = block_of(v, rank, ALL_SUITS & !l);
            if !matches!(rest, Block::Stranded { .. }) {
                return RankPart { blk: rest, rescued: l.count_ones() as u8 };
            }
        }
    }
    RankPart { blk, rescued: 0 }
}

/// A position's judgement kept to judge the positions one placement away
/// ([`Basis::evaluate_after`]): a placement changes one cell, and only
/// the ranks with a card near it and the windows round it are judged
/// again. The same score as [`evaluate_with`], at a fraction of its cost.
#[derive(Clone, Debug)]
pub struct Basis {
    weights: Weights,
    /// Moves made and books removed in the position judged.
    moves: usize,
    books: usize,
    pos: [u8; 52],
    suits: [u8; PAD_CELLS],
    ranks: [RankPart; 13],
    wins: [u16; CELLS],
    count: [u8; 4],
    /// The windows' sites are worked out ([`Basis::finish`]).
    sited: bool,
}

impl Basis {
    /// The judgement's parts for `g`, with these weights.
    pub fn new(g: &Game, w: &Weights) -> Basis {
        let mut b = Basis::begin(g, w);
        b.finish(g);
        b
    }

    /// The first half of [`Basis::new`] (each rank's block), for a search
    /// that keeps its units of work short: [`Basis::finish`] does the
    /// rest (each window's site). Until then the basis judges placements
    /// whole.
    pub fn begin(g: &Game, w: &Weights) -> Basis {
        let v = View::new(g);
        let removed = removed_ranks(g);
        let mut ranks = [RankPart::UNSTARTED; 13];
        for n in 1..=12u8 {
            if removed & (1 << n) == 0 {
                ranks[usize::from(n)] = rank_part(&v, n, g.options().easy, w);
            }
        }
        Basis {
            weights: *w,
            moves: g.move_count(),
            books: g.removed().len(),
            pos: v.pos,
            suits: v.suits,
            ranks,
            count: [0; 4],
            wins: [0; CELLS],
            sited: false,
        }
    }

    /// The second half of [`Basis::new`], for the same `g` as
    /// [`Basis::begin`].
    pub fn finish(&mut self, g: &Game) {
        let o = g.options();
        let v = View { cards: g.grid_cards(), pos: self.pos, suits: self.suits, w: o.width, h: o.height };
        for r in 0..v.h - 1 {
            for c in 0..v.w - 1 {
                self.wins[usize::from(r) * STRIDE + usize::from(c)] = window_site(&v, r, c);
            }
        }
        self.count = site_count(&self.wins, v.w, v.h);
        self.sited = true;
    }

    /// Whether [`Basis::finish`] has been done.
    pub fn is_finished(&self) -> bool {
        self.sited
    }

    /// [`evaluate_with`] (with the basis' weights) of `g`, the position
    /// judged by [`Basis::new`] after one more move, the card placed on
    /// `cell`. A placement that removes a book (and so may lift orphans),
    /// or any other move, is judged whole.
    pub fn evaluate_after(&self, g: &Game, cell: Cell) -> i32 {
        let w = &self.weights;
        if let Some(s) = decided(g) {
            return s;
        }
        let placed = g.card_at(cell);
        let (qr, qc) = (cell.row, cell.col);
        let at = (usize::from(qr) + 1) * PAD_W + usize::from(qc) + 1;
        let one_more = self.sited && g.move_count() == self.moves + 1 && g.removed().len() == self.books;
        let (Some(card), true, Some(0)) = (placed, one_more, self.suits.get(at).copied()) else {
            return evaluate_with(g, w);
        };
        let o = g.options();
        let mut v = View { cards: g.grid_cards(), pos: self.pos, suits: self.suits, w: o.width, h: o.height };
        v.pos[usize::from(card.index())] = cell.index() as u8;
        v.suits[at] = SUIT_BIT[usize::from(card.index())];
        let removed = removed_ranks(g);
        // The ranks with a card within two rows and columns of the cell
        // (the placed card's among them) are judged again.
        let mut near: u16 = 0;
        for r in qr.saturating_sub(2)..=(qr + 2).min(o.height - 1) {
            for c in qc.saturating_sub(2)..=(qc + 2).min(o.width - 1) {
                near |= 1 << RANK_OF[usize::from(v.cards[usize::from(r) * STRIDE + usize::from(c)])];
            }
        }
        let mut ranks = self.ranks;
        for n in 1..=12u8 {
            if (near & !removed) & (1 << n) != 0 {
                ranks[usize::from(n)] = rank_part(&v, n, o.easy, w);
            }
        }
        // The windows whose cells or outside neighbours hold the cell.
        let mut wins = self.wins;
        let mut count = self.count;
        for r in qr.saturating_sub(2)..=(qr + 1).min(o.height.saturating_sub(2)) {
            for c in qc.saturating_sub(2)..=(qc + 1).min(o.width.saturating_sub(2)) {
                let i = usize::from(r) * STRIDE + usize::from(c);
                let bits = window_site(&v, r, c);
                count_site(&mut count, wins[i], u8::MAX);
                count_site(&mut count, bits, 1);
                wins[i] = bits;
            }
        }
        score(g, &v, removed, &ranks, &wins, count, w)
    }
}

/// The judgement from its parts: each rank's block, each window's site.
#[allow(clippy::too_many_arguments)]
fn score(
    g: &Game,
    v: &View<'_>,
    removed: u16,
    ranks: &[RankPart; 13],
    wins: &[u16; CELLS],
    count: [u8; 4],
    w: &Weights,
) -> i32 {
    let mut score = 0;
    let mut unstarted = false;
    // The rank (1 to 12) whose window each empty cell belongs to, 0 for none.
    let mut owner = [0u8; CELLS];
    // Each building rank's window, to count contacts and judge the hand.
    let mut windows: [Option<Cell>; 13] = [None; 13];
    for n in 1..=12u8 {
        if removed & (1 << n) != 0 {
            score += w.removed;
            continue;
        }
        let part = ranks[usize::from(n)];
        score -= w.rescue * i32::from(part.rescued);
        match part.blk {
            Block::Removed => score += w.removed,
            Block::Unstarted => unstarted = true,
            Block::Building { cards, flex, tight, window } => {
                for c in window_cells(window) {
                    if v.cards[c.index()] == NONE {
                        if owner[c.index()] != 0 {
                            // Two windows want the same cell: at most one
                            // of them can be finished as planned.
                            score -= 2 * w.contact;
                        }
                        owner[c.index()] = n;
                    }
                }
                windows[usize::from(n)] = Some(window);
                score += w.per_card * i32::from(cards) + w.flex * i32::from(flex.min(6)) - w.tight * i32::from(tight);
            }
            // A stranded rank holds back its book and every higher one.
            Block::Stranded { .. } => score += w.stranded - w.per_rank_held * (12 - i32::from(n)),
        }
    }
    // Two unfinished windows side by side: whatever fills the facing cells
    // must share a suit, which ties the two books' orders together. Counted
    // as, for each window, the other windows' empty cells beside its own.
    for (n, window) in windows.iter().enumerate() {
        let Some(window) = window else { continue };
        let mut facing: heapless::Vec<usize, 8> = heapless::Vec::new();
        for c in window_cells(*window) {
            if owner[c.index()] != n as u8 {
                continue;
            }
            let i = c.index();
            let up = (c.row > 0).then(|| i - STRIDE);
            let down = (c.row + 1 < v.h).then_some(i + STRIDE);
            let left = (c.col > 0).then(|| i - 1);
            let right = (c.col + 1 < v.w).then_some(i + 1);
            for j in [up, down, left, right].into_iter().flatten() {
                if owner[j] != 0 && owner[j] != n as u8 && !facing.contains(&j) {
                    let _ = facing.push(j);
                }
            }
        }
        score -= w.contact * facing.len() as i32;
    }
    if unstarted {
        for suit in Suit::ALL {
            let k = count[suit as usize].min(SITE_CAP);
            score += if k == 0 { w.no_site } else { w.site * i32::from(k) };
        }
    }
    // The cards to be placed next: one that can go somewhere but not into
    // its book will be forced off it (a card that can be played must be
    // played before the next deal).
    let movers = if g.orphans().is_empty() { g.hand() } else { [None; 4] };
    let good = |card: Card, legal: CellSet| -> bool {
        let n = card.rank().number();
        if w.rescue != 0 && w.loose_ok != 0 && n <= 12 {
            // A cell beside lower ranks only: the card will be lifted again.
            let mut high = g.occupied();
            for r in 1..=12 {
                if r == n || (r > n && !g.options().easy) {
                    continue;
                }
                if let Some(rank) = Rank::new(r) {
                    high = high & !g.cells_of_rank(rank);
                }
            }
            if (legal & !high.neighbours()) != CellSet::EMPTY {
                return true;
            }
        }
        if n > 12 {
            true
        } else if let Some(window) = windows[usize::from(n)] {
            window_cells(window).iter().any(|c| owner[c.index()] == n && legal.contains(*c))
        } else if (0..4).any(|s| v.pos[s * 13 + usize::from(n - 1)] != NONE) {
            false
        } else {
            legal.iter().any(|c| starts_on(wins, c, card.suit() as usize, v.w, v.h))
        }
    };
    for card in movers.iter().flatten().chain(g.orphans().iter()) {
        let legal = g.legal_cells(*card);
        if legal == CellSet::EMPTY {
            // It waits in the hand (tuning found no gain in judging that).
            continue;
        }
        if !good(*card, legal) {
            score -= w.forced;
        }
    }
    if w.exposed != 0 || w.ready != 0 {
        let waiting = g.hand();
        let waiting =
            waiting.iter().flatten().filter(|c| g.orphans().is_empty() && g.legal_cells(**c) == CellSet::EMPTY);
        for card in g.unseen().iter().chain(waiting) {
            let legal = g.legal_cells(*card);
            if legal == CellSet::EMPTY {
                continue;
            }
            if good(*card, legal) {
                score += w.ready;
            } else {
                score -= w.exposed;
            }
        }
    }
    score
}
