//! Grid geometry: cells, and sets of cells as 128-bit masks.
//!
//! Cells are stored row-major with a fixed stride of [`MAX_W`] columns,
//! whatever the grid's own width, so a cell's neighbours are always ±1 and
//! ±[`MAX_W`] bits away and a whole grid (at most 14 x 9 = 126 cells) fits in
//! one `u128`. Bits of columns at or beyond the grid's width are never set.
//! Set operations (neighbours of many cells at once, the frontier of empty
//! cells touching a card) are then a handful of shifts and masks.

/// Widest grid.
pub const MAX_W: u8 = 14;
/// Tallest grid.
pub const MAX_H: u8 = 9;
/// Narrowest grid.
pub const MIN_W: u8 = 6;
/// Shortest grid.
pub const MIN_H: u8 = 4;
/// Cells in the largest grid, and the size of every cell array.
pub const CELLS: usize = MAX_W as usize * MAX_H as usize;

/// A cell: row and column, both from 0, row 0 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, from the top.
    pub row: u8,
    /// Column, from the left.
    pub col: u8,
}

impl Cell {
    /// The cell at row `row`, column `col` (not checked against any grid).
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// True when the cell lies within the largest grid (14 x 9), so that its
    /// index names it alone.
    pub const fn in_frame(self) -> bool {
        self.row < MAX_H && self.col < MAX_W
    }

    /// Bit index in a [`CellSet`] (meaningful for cells in the frame).
    pub const fn index(self) -> usize {
        self.row as usize * MAX_W as usize + self.col as usize
    }

    /// The cell of a bit index.
    pub const fn from_index(i: usize) -> Cell {
        Cell { row: (i / MAX_W as usize) as u8, col: (i % MAX_W as usize) as u8 }
    }

    /// Parses `r<row>c<col>`, either case; the numbers have no sign and no
    /// leading zero.
    pub fn parse(s: &str) -> Option<Cell> {
        let s = s.strip_prefix(['r', 'R'])?;
        let c_at = s.find(['c', 'C'])?;
        let (row, col) = (&s[..c_at], &s[c_at + 1..]);
        // No sign, no leading zero (`r02c6` is refused, as a typo may hide
        // behind it).
        let number = |t: &str| crate::games::text::number(t, u32::from(u8::MAX)).map(|n| n as u8);
        Some(Cell { row: number(row)?, col: number(col)? })
    }
}

impl crate::out::Text for Cell {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        put!(f, "r", self.row, "c", self.col)
    }
}

/// A set of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CellSet(pub u128);

/// Bits of column 0 in every row.
const COL0: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < MAX_H as usize {
        m |= 1 << (r * MAX_W as usize);
        r += 1;
    }
    m
};
/// Bits of the last column (13) in every row.
const COL_LAST: u128 = COL0 << (MAX_W - 1);

impl CellSet {
    /// No cells.
    pub const EMPTY: CellSet = CellSet(0);

    /// Every cell of a `w` x `h` grid.
    pub const fn grid(w: u8, h: u8) -> CellSet {
        let mut m = 0u128;
        let mut r = 0;
        while r < h as usize {
            let row_bits = (1u128 << w) - 1;
            m |= row_bits << (r * MAX_W as usize);
            r += 1;
        }
        CellSet(m)
    }

    /// Just this cell (empty for a cell outside the 14x9 frame).
    pub const fn single(cell: Cell) -> CellSet {
        if cell.in_frame() {
            CellSet(1 << cell.index())
        } else {
            CellSet(0)
        }
    }

    /// True when the cell is in the set. A cell outside the 14x9 frame
    /// (row 9 or column 14 and beyond, as a neighbour past the edge can be)
    /// is in no set: its index would alias another cell's bit.
    pub const fn contains(self, cell: Cell) -> bool {
        cell.in_frame() && (self.0 >> cell.index()) & 1 == 1
    }

    /// Adds a cell (a cell outside the 14x9 frame is ignored).
    pub fn insert(&mut self, cell: Cell) {
        if cell.in_frame() {
            self.0 |= 1 << cell.index();
        }
    }

    /// Removes a cell.
    pub fn remove(&mut self, cell: Cell) {
        if cell.in_frame() {
            self.0 &= !(1 << cell.index());
        }
    }

    /// How many cells.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every cell with at least one orthogonal neighbour in `self` (the set
    /// itself not included unless its cells neighbour each other).
    pub const fn neighbours(self) -> CellSet {
        let b = self.0;
        let w = MAX_W as u32;
        CellSet((b << w) | (b >> w) | ((b & !COL_LAST) << 1) | ((b & !COL0) >> 1))
    }

    /// The cells in row-major order.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Cell::from_index(i))
        })
    }

    /// The first cell in row-major order.
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell::from_index(self.0.trailing_zeros() as usize))
        }
    }
}

impl core::ops::BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
}
impl core::ops::BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
}
impl core::ops::Not for CellSet {
    type Output = CellSet;
    fn not(self) -> CellSet {
        CellSet(!self.0)
    }
}

crate::display_via_text!(Cell);
