//! Where the packed art lives in the PS1's 1024x512 VRAM.
//!
//! ```text
//!  x: 0         320   384   448   512   576   640  672        1023
//!  y=0   +---------+-----+-----+-----+-----+-----+----+-----------+
//!        | frame   | pg0 | pg1 | pg2 | pg3 | pg4 |font|           |
//!        | buffer  |     |     |     |     |     |psx |           |
//!  y=240 +---------+     |     |     |     |     +----+           |
//!        | frame   |     |     |     |     |     |                |
//!        | buffer  |     |     |     |     |     |                |
//!  y=480 +---------+-----+-----+-----+-----+-----+                |
//!        |psx font CLUT (0,480) | our CLUT blocks from (320,480)  |
//!  y=511 +----------------------------------------------------------+
//! ```
//!
//! - The two 320x240 framebuffers sit at (0,0) and (0,240), so the art
//!   starts at x = 320, the first texture page column (a multiple of 64)
//!   right of them.
//! - psx 0.1.8's `load_default_font` puts its 4 bpp font at (640,0) (32x48
//!   halfwords) and its CLUT at (0,480). Our pages stop before x = 640 and our
//!   CLUTs start at x = 320 on row 480, so both stay usable.
//! - Page N takes x = 320 + 64 N, y = 0 (a texture page's Y is a multiple of
//!   256). Its CLUTs are a block 16 halfwords wide at x = 320 + 16 N, one CLUT
//!   a row from y = 480 (a CLUT's X must be a multiple of 16).

use crate::colour::{self, Ps1Colour};
use crate::pack::{self, Placement};
use crate::{Error, Sprite};

/// VRAM column of page 0 (halfwords): right of the 320-wide framebuffers.
pub const PAGE_X0: u16 = 320;
/// VRAM row of every page.
pub const PAGE_Y: u16 = 0;
/// Pages end before psx's default font at x = 640.
pub const MAX_PAGES: usize = 5;
/// VRAM column of page 0's CLUT block.
pub const CLUT_X0: u16 = 320;
/// VRAM row of every page's first CLUT (below both framebuffers).
pub const CLUT_Y: u16 = 480;
/// CLUT rows available below the framebuffers.
pub const MAX_CLUTS_PER_PAGE: usize = 32;

/// One texture page: its place in VRAM, the sprites on it and their CLUTs.
#[derive(Clone, Debug)]
pub struct Page {
    /// VRAM column (halfwords) of the page's left edge.
    pub vram_x: u16,
    /// VRAM row of the page's top edge.
    pub vram_y: u16,
    /// Rows of the page that hold texels (the TIM and the upload cover these).
    pub height: usize,
    /// Indices of the sprites on this page.
    pub sprites: Vec<usize>,
    /// The page's CLUTs, each 16 PS1 colours; CLUT k sits at
    /// (`clut_x`, `clut_y` + k).
    pub cluts: Vec<[Ps1Colour; 16]>,
    /// VRAM column of the CLUT block.
    pub clut_x: u16,
    /// VRAM row of CLUT 0.
    pub clut_y: u16,
}

impl Page {
    /// The texture page bits of GP0 E1 (and of a textured polygon's page
    /// attribute): X base in bits 0-3, Y base in bit 4, 4 bpp (bits 7-8 = 0).
    pub fn texpage(&self) -> u16 {
        (self.vram_x / 64) | ((self.vram_y / 256) << 4)
    }

    /// The CLUT attribute (upper half of a textured primitive's UV word) of
    /// CLUT `k`: X / 16 in bits 0-5, Y in bits 6-14.
    pub fn clut_attr(&self, k: usize) -> u16 {
        (self.clut_x / 16) | ((self.clut_y + k as u16) << 6)
    }
}

/// The whole packed layout.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The pages, in VRAM order.
    pub pages: Vec<Page>,
    /// Each sprite's place.
    pub places: Vec<Placement>,
    /// For each sprite, for each of its variants: the CLUT index on its page.
    pub cluts: Vec<Vec<usize>>,
}

/// A sprite variant's 16-entry CLUT in PS1 colours (entry 0 transparent).
pub fn clut_of(colours: &[crate::pxt::Rgb]) -> [Ps1Colour; 16] {
    let mut clut = [colour::TRANSPARENT; 16];
    for (k, &c) in colours.iter().enumerate().take(15) {
        clut[k + 1] = colour::ps1(Some(c));
    }
    clut
}

/// Packs the sprites and gives every page its VRAM place and CLUTs.
pub fn layout(sprites: &[Sprite]) -> Result<Layout, Error> {
    let sizes: Vec<(usize, usize)> = sprites.iter().map(|s| (s.w, s.h)).collect();
    let (places, count) = pack::pack(&sizes);
    if count > MAX_PAGES {
        return Err(Error(format!(
            "the art needs {count} texture pages; VRAM from x=320 to the psx font at x=640 holds {MAX_PAGES}"
        )));
    }
    let mut pages: Vec<Page> = (0..count)
        .map(|n| Page {
            vram_x: PAGE_X0 + 64 * n as u16,
            vram_y: PAGE_Y,
            height: 0,
            sprites: Vec::new(),
            cluts: Vec::new(),
            clut_x: CLUT_X0 + 16 * n as u16,
            clut_y: CLUT_Y,
        })
        .collect();
    let mut cluts = Vec::with_capacity(sprites.len());
    for (i, (s, p)) in sprites.iter().zip(&places).enumerate() {
        let page = &mut pages[p.page];
        page.sprites.push(i);
        page.height = page.height.max(p.y + s.h);
        let mut mine = Vec::new();
        for v in &s.variants {
            let clut = clut_of(&v.colours);
            let k = match page.cluts.iter().position(|c| *c == clut) {
                Some(k) => k,
                None => {
                    page.cluts.push(clut);
                    page.cluts.len() - 1
                }
            };
            mine.push(k);
        }
        cluts.push(mine);
    }
    for (n, page) in pages.iter().enumerate() {
        if page.cluts.len() > MAX_CLUTS_PER_PAGE {
            return Err(Error(format!(
                "texture page {n} needs {} CLUTs; rows 480-511 hold {MAX_CLUTS_PER_PAGE}",
                page.cluts.len()
            )));
        }
    }
    Ok(Layout { pages, places, cluts })
}
