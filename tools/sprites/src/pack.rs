//! Shelf packing of rectangles into 256x256 texture pages.
//!
//! Rectangles go in order of decreasing height; each goes on the first shelf
//! (row) of any page where it fits, or opens a new shelf, or a new page. Our
//! sprites come in a few heights (many cards of the same size), which shelf
//! packing handles almost without waste.

/// A 4 bpp texture page is 256x256 texels (64 VRAM halfwords wide).
pub const PAGE_SIZE: usize = 256;

/// Where a rectangle went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The page, counted from 0.
    pub page: usize,
    /// Texel column of the left edge within the page.
    pub x: usize,
    /// Texel row of the top edge within the page.
    pub y: usize,
}

struct Shelf {
    page: usize,
    y: usize,
    h: usize,
    used: usize,
}

/// Packs rectangles `(w, h)`, each at most [`PAGE_SIZE`] square; returns one
/// placement per rectangle, in input order, and the number of pages.
pub fn pack(sizes: &[(usize, usize)]) -> (Vec<Placement>, usize) {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i].1), std::cmp::Reverse(sizes[i].0)));
    let mut shelves: Vec<Shelf> = Vec::new();
    let mut page_tops: Vec<usize> = Vec::new(); // first free row of each page
    let mut out = vec![Placement { page: 0, x: 0, y: 0 }; sizes.len()];
    for i in order {
        let (w, h) = sizes[i];
        assert!(w <= PAGE_SIZE && h <= PAGE_SIZE, "rectangle {w}x{h} larger than a page");
        if let Some(s) = shelves.iter_mut().find(|s| s.h >= h && s.used + w <= PAGE_SIZE) {
            out[i] = Placement { page: s.page, x: s.used, y: s.y };
            s.used += w;
            continue;
        }
        let page = match page_tops.iter().position(|&top| top + h <= PAGE_SIZE) {
            Some(p) => p,
            None => {
                page_tops.push(0);
                page_tops.len() - 1
            }
        };
        let y = page_tops[page];
        page_tops[page] += h;
        shelves.push(Shelf { page, y, h, used: w });
        out[i] = Placement { page, x: 0, y };
    }
    (out, page_tops.len())
}
