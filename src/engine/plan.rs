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
//! Everything here reads the grid only: it sees what a player sees.

use super::card::{Rank, Suit};
use super::game::{Game, Status};
use super::grid::{Cell, CellSet};

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

fn window_set(tl: Cell) -> CellSet {
    let mut s = CellSet::EMPTY;
    for c in window_cells(tl) {
        s.insert(c);
    }
    s
}

/// The orthogonal neighbours of a cell that lie on a `w` x `h` grid.
fn neighbours(cell: Cell, w: u8, h: u8) -> impl Iterator<Item = Cell> {
    let (r, c) = (cell.row, cell.col);
    [
        r.checked_sub(1).map(|r| Cell::new(r, c)),
        (r + 1 < h).then(|| Cell::new(r + 1, c)),
        c.checked_sub(1).map(|c| Cell::new(r, c)),
        (c + 1 < w).then(|| Cell::new(r, c + 1)),
    ]
    .into_iter()
    .flatten()
}

const ALL_SUITS: u8 = 0b1111;

/// The suits an empty cell of a window may take: it must share the suit of
/// every card beside it outside the window (bit per suit). `any` is set
/// when it has such a card at all.
fn allowed(g: &Game, q: Cell, win: CellSet) -> (u8, bool) {
    let o = g.options();
    let mut m = ALL_SUITS;
    let mut any = false;
    for n in neighbours(q, o.width, o.height) {
        if win.contains(n) {
            continue;
        }
        if let Some(c) = g.card_at(n) {
            m &= 1 << c.suit() as u8;
            any = true;
        }
    }
    (m, any)
}

/// Ways to give each suit in `missing` to one of the cells whose allowed
/// suits are `allowed` (as many cells as missing suits).
fn matchings(allowed: &[u8], missing: u8) -> u32 {
    match allowed.split_first() {
        None => u32::from(missing == 0),
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
    let cells = g.cells_of_rank(rank);
    let Some(first) = cells.first() else { return Block::Unstarted };
    let o = g.options();
    let k = cells.len() as u8;
    let mut best: u32 = 0;
    let mut best_tight = 0;
    let mut best_tl = first;
    for tl in windows_of(first, o.width, o.height) {
        let win = window_set(tl);
        if (cells & !win) != CellSet::EMPTY {
            continue;
        }
        let mut used: u8 = 0;
        let mut allow: heapless::Vec<u8, 4> = heapless::Vec::new();
        let mut ok = true;
        for q in window_cells(tl) {
            match g.card_at(q) {
                Some(c) if c.rank() == rank => used |= 1 << c.suit() as u8,
                Some(_) => ok = false,
                None => {
                    let _ = allow.push(allowed(g, q, win).0);
                }
            }
        }
        if ok {
            let flex = matchings(&allow, ALL_SUITS & !used);
            let tight = allow.iter().filter(|&&a| a != ALL_SUITS).count() as u8;
            if flex > 0 && (best == 0 || tight < best_tight || (tight == best_tight && flex > best)) {
                best = flex;
                best_tight = tight;
                best_tl = tl;
            }
        }
    }
    if best == 0 {
        Block::Stranded { cards: k }
    } else {
        Block::Building { cards: k, flex: best.min(24) as u8, tight: best_tight, window: best_tl }
    }
}

/// The suits for which the empty window at `tl` is a site: a first card of
/// that suit could be placed on one of its cells now, and the other three
/// suits could still finish it. Each found suit's start cells are added to
/// `start`. 0 when a cell of it is taken.
pub fn site_suits(g: &Game, tl: Cell, start: &mut [CellSet; 4]) -> u8 {
    let win = window_set(tl);
    if (g.occupied() & win) != CellSet::EMPTY {
        return 0;
    }
    let cells = window_cells(tl);
    let mut allow = [(0u8, false); 4];
    for (i, q) in cells.iter().enumerate() {
        allow[i] = allowed(g, *q, win);
    }
    let mut suits = 0;
    for i in 0..4 {
        let (m, any) = allow[i];
        if !any {
            continue;
        }
        let mut rest: heapless::Vec<u8, 4> = heapless::Vec::new();
        for (j, a) in allow.iter().enumerate() {
            if j != i {
                let _ = rest.push(a.0);
            }
        }
        let mut s = m;
        while s != 0 {
            let bit = s & s.wrapping_neg();
            if matchings(&rest, ALL_SUITS & !bit) > 0 {
                suits |= bit;
                start[bit.trailing_zeros() as usize].insert(cells[i]);
            }
            s &= !bit;
        }
    }
    suits
}

/// Where new books can begin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sites {
    /// Sites per suit.
    pub count: [u8; 4],
    /// Per suit, the cells where a first card of that suit can begin a book.
    pub start: [CellSet; 4],
}

/// The sites of the whole grid.
pub fn sites(g: &Game) -> Sites {
    let o = g.options();
    let mut out = Sites::default();
    // Only windows with a cell next to a card can be sites.
    let near = g.occupied().neighbours() & !g.occupied();
    for row in 0..o.height - 1 {
        for col in 0..o.width - 1 {
            let tl = Cell::new(row, col);
            if (window_set(tl) & near) == CellSet::EMPTY {
                continue;
            }
            let s = site_suits(g, tl, &mut out.start);
            for suit in Suit::ALL {
                if s & (1 << suit as u8) != 0 {
                    out.count[suit as usize] = out.count[suit as usize].saturating_add(1);
                }
            }
        }
    }
    out
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
    /// Per card to be placed next that has no legal cell.
    pub stuck: i32,
    /// Per card to be placed next that can be played but not into its book.
    pub forced: i32,
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
        no_site: -125,
        stuck: 25,
        forced: 400,
    };
}

const SITE_CAP: u8 = 3;

/// The value of a position to the player, higher is better: books gone,
/// cards in blocks that can still be finished, room to begin the others.
pub fn evaluate(g: &Game) -> i32 {
    evaluate_with(g, &Weights::DEFAULT)
}

/// [`evaluate`] with other weights.
pub fn evaluate_with(g: &Game, w: &Weights) -> i32 {
    match g.status() {
        Status::Won => return 1_000_000,
        Status::Lost(_) => return -1_000_000 + 3000 * g.removed().len() as i32,
        _ => {}
    }
    let mut score = 0;
    let mut unstarted_suits: u8 = 0;
    // Empty cells of each building rank's window, and of all of them.
    let mut open = [CellSet::EMPTY; 12];
    let mut all_open = CellSet::EMPTY;
    for n in 1..=12 {
        let Some(rank) = Rank::new(n) else { continue };
        match block(g, rank) {
            Block::Removed => score += w.removed,
            Block::Unstarted => unstarted_suits = ALL_SUITS,
            Block::Building { cards, flex, tight, window } => {
                let e = window_set(window) & !g.occupied();
                open[usize::from(n - 1)] = e;
                all_open = all_open | e;
                score += w.per_card * i32::from(cards) + w.flex * i32::from(flex.min(6)) - w.tight * i32::from(tight);
            }
            // A stranded rank holds back its book and every higher one.
            Block::Stranded { .. } => score += w.stranded - w.per_rank_held * (12 - i32::from(n)),
        }
    }
    // Two unfinished windows side by side: whatever fills the facing cells
    // must share a suit, which ties the two books' orders together.
    for e in open {
        if e != CellSet::EMPTY {
            score -= w.contact * (e.neighbours() & all_open & !e).len() as i32;
        }
    }
    let sites = sites(g);
    if unstarted_suits != 0 {
        for suit in Suit::ALL {
            let k = sites.count[suit as usize].min(SITE_CAP);
            score += if k == 0 { w.no_site } else { w.site * i32::from(k) };
        }
    }
    // The cards to be placed next: one that can go somewhere but not into
    // its book will be forced off it (a card that can be played must be
    // played before the next deal).
    let movers = if g.orphans().is_empty() { g.hand() } else { [None; 4] };
    for card in movers.iter().flatten().chain(g.orphans().iter()) {
        let legal = g.legal_cells(*card);
        if legal == CellSet::EMPTY {
            score -= w.stuck;
            continue;
        }
        let rank = usize::from(card.rank().number() - 1);
        let good = if rank >= 12 {
            legal
        } else if g.cells_of_rank(card.rank()) == CellSet::EMPTY {
            legal & sites.start[card.suit() as usize]
        } else {
            legal & open[rank]
        };
        if good == CellSet::EMPTY {
            score -= w.forced;
        }
    }
    score
}
