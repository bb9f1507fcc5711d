//! PNG previews, drawn from the packed pages and CLUTs (the same data the PS1
//! gets), so what they show is what the console will draw.
//!
//! - `sheet.png`: the texture pages side by side, each sprite in its first
//!   palette, transparent texels as a checkerboard: how the packing looks.
//! - `cards.png`: every face in both styles and sizes, the backs, the UI
//!   sprites, the font in each colour, and a 320x240 mock of the default
//!   12x8 table at 1:1: how the game will look.

use crate::compose::{RANKS, SIZES, STYLES, SUITS};
use crate::pack::PAGE_SIZE;
use crate::pxt::Rgb;
use crate::{colour, png, tim, Output};

/// An RGBA picture being drawn.
struct Canvas {
    w: usize,
    h: usize,
    rgba: Vec<u8>,
}

impl Canvas {
    fn new(w: usize, h: usize, bg: Rgb) -> Self {
        let mut c = Canvas { w, h, rgba: vec![0; w * h * 4] };
        c.fill(0, 0, w, h, bg);
        c
    }

    fn set(&mut self, x: usize, y: usize, c: Rgb) {
        if x < self.w && y < self.h {
            let at = (y * self.w + x) * 4;
            self.rgba[at..at + 4].copy_from_slice(&[c.0, c.1, c.2, 255]);
        }
    }

    fn fill(&mut self, x: usize, y: usize, w: usize, h: usize, c: Rgb) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.set(xx, yy, c);
            }
        }
    }

    fn png(&self) -> Vec<u8> {
        png::encode(self.w, self.h, &self.rgba)
    }
}

/// Draws packed sprites the way the GPU would: texel -> CLUT -> colour.
struct Painter<'a> {
    out: &'a Output,
    pages: Vec<Vec<u8>>,
}

impl<'a> Painter<'a> {
    fn new(out: &'a Output) -> Self {
        let pages = (0..out.layout.pages.len()).map(|n| tim::page_texels(&out.layout, n, &out.art.sprites)).collect();
        Painter { out, pages }
    }

    fn index(&self, name: &str) -> usize {
        self.out.art.sprites.iter().position(|s| s.name == name).unwrap_or(usize::MAX)
    }

    /// Draws the part (sx, sy, w, h) of sprite `i` in variant `v` at (x, y).
    #[allow(clippy::too_many_arguments)]
    fn blit(&self, c: &mut Canvas, i: usize, v: usize, src: (usize, usize, usize, usize), x: usize, y: usize) {
        let Some(s) = self.out.art.sprites.get(i) else {
            return;
        };
        let place = self.out.layout.places[i];
        let page = &self.out.layout.pages[place.page];
        let clut = &page.cluts[self.out.layout.cluts[i][v.min(s.variants.len() - 1)]];
        let (sx, sy, w, h) = src;
        for yy in 0..h {
            for xx in 0..w {
                let t = self.pages[place.page][(place.y + sy + yy) * PAGE_SIZE + place.x + sx + xx];
                if let Some(rgb) = colour::to_rgb(clut[t as usize]) {
                    c.set(x + xx, y + yy, rgb);
                }
            }
        }
    }

    fn sprite(&self, c: &mut Canvas, name: &str, v: usize, x: usize, y: usize) -> (usize, usize) {
        let i = self.index(name);
        let Some(s) = self.out.art.sprites.get(i) else {
            return (0, 0);
        };
        self.blit(c, i, v, (0, 0, s.w, s.h), x, y);
        (s.w, s.h)
    }

    /// Writes `text` in font variant `v`; returns the pen's final x.
    fn text(&self, c: &mut Canvas, text: &str, v: usize, mut x: usize, y: usize) -> usize {
        let font = self.index("font");
        let layout = &self.out.art.font;
        for ch in text.chars() {
            if let Some(g) = layout.glyphs.iter().find(|g| g.c == ch) {
                self.blit(c, font, v, (g.x, g.y, g.w, layout.height), x, y);
                x += g.advance;
            }
        }
        x
    }
}

const FELT: Rgb = Rgb(0x1E, 0x5C, 0x3A);

/// The packed pages, side by side.
pub fn sheet(out: &Output) -> Vec<u8> {
    let p = Painter::new(out);
    let n = out.layout.pages.len();
    let h = out.layout.pages.iter().map(|p| p.height).max().unwrap_or(1);
    let mut c = Canvas::new(n * (PAGE_SIZE + 4), h, Rgb(0, 0, 0));
    for (k, page) in out.layout.pages.iter().enumerate() {
        let x0 = k * (PAGE_SIZE + 4);
        for y in 0..page.height {
            for x in 0..PAGE_SIZE {
                let dark = (x / 4 + y / 4) % 2 == 0;
                c.set(x0 + x, y, if dark { Rgb(0x50, 0x50, 0x58) } else { Rgb(0x68, 0x68, 0x70) });
            }
        }
        for &i in &page.sprites {
            let s = &out.art.sprites[i];
            let pl = out.layout.places[i];
            p.blit(&mut c, i, 0, (0, 0, s.w, s.h), x0 + pl.x, pl.y);
        }
    }
    c.png()
}

/// Every face, back and sprite, the font, and a 1:1 mock of the table.
pub fn cards(out: &Output) -> Vec<u8> {
    let p = Painter::new(out);
    let mut c = Canvas::new(660, 760, FELT);
    let mut y = 4;
    for size in SIZES {
        let mut x = 4;
        for (v, style) in STYLES.iter().enumerate() {
            p.text(&mut c, &format!("{} {style}", size.name), 0, x, y);
            for (s, (suit, _)) in SUITS.iter().enumerate() {
                for (r, (rank, _)) in RANKS.iter().enumerate() {
                    let name = format!("face.{}.{rank}{suit}", size.name);
                    p.sprite(&mut c, &name, v, x + r * (size.w + 2), y + 12 + s * (size.h + 2));
                }
            }
            x += 13 * (size.w + 2) + 8;
        }
        y += 12 + 4 * (size.h + 2) + 6;
    }
    // Backs and the UI sprites in a row, wrapping.
    let mut x = 4;
    let mut row_h = 0;
    for s in out.art.sprites.iter().filter(|s| !s.name.starts_with("face.") && s.name != "font") {
        if x + s.w > c.w - 4 {
            x = 4;
            y += row_h + 4;
            row_h = 0;
        }
        p.sprite(&mut c, &s.name, 0, x, y);
        x += s.w + 4;
        row_h = row_h.max(s.h);
    }
    y += row_h + 6;
    // The font in every colour.
    let font = out.art.sprites.iter().find(|s| s.name == "font");
    for (v, variant) in font.map(|f| f.variants.as_slice()).unwrap_or(&[]).iter().enumerate() {
        let all: String = out.art.font.glyphs.iter().map(|g| g.c).collect();
        let x = p.text(&mut c, &format!("{}: ", variant.name), v, 4, y);
        p.text(&mut c, &all, v, x, y);
        y += out.art.font.height + 2;
    }
    p.text(&mut c, "4\u{2660} does not match the 5\u{2665} above. Deal #12345  Books: A 2 3", 0, 4, y);
    y += out.art.font.height + 6;
    table_mock(&p, &mut c, 4, y);
    c.png()
}

/// A 320x240 screen with the default 12x8 grid, large cards, a hand of four
/// and the stock, at 1:1, so readability can be judged at console size.
fn table_mock(p: &Painter, c: &mut Canvas, x0: usize, y0: usize) {
    c.fill(x0, y0, 320, 240, FELT);
    let mut seed = 12345u32;
    let mut next = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 16) as usize
    };
    let size = SIZES[0];
    let (pitch_x, pitch_y) = (size.w + 1, size.h + 1);
    for row in 0..8 {
        for col in 0..12 {
            let (x, y) = (x0 + 2 + col * pitch_x, y0 + 3 + row * pitch_y);
            let k = next() % 70;
            let name = match k {
                0..=51 => format!("face.large.{}{}", RANKS[k % 13].0, SUITS[k / 13].0),
                _ => "cell.empty.large".to_string(),
            };
            let style = usize::from(row >= 4);
            p.sprite(c, &name, style, x, y);
            if row == 3 && col == 5 {
                p.sprite(c, "cursor.large", 0, x - 1, y - 1);
            }
        }
    }
    let px = x0 + 2 + 12 * pitch_x + 3;
    p.text(c, "Hand", 0, px, y0 + 3);
    for k in 0..4 {
        let n = next() % 52;
        p.sprite(c, &format!("face.large.{}{}", RANKS[n % 13].0, SUITS[n / 13].0), 0, px + 4, y0 + 14 + k * 30);
    }
    p.sprite(c, "back.large", 0, px + 4, y0 + 138);
    p.text(c, "28", 0, px + 8, y0 + 168);
    p.text(c, "A23", 0, px, y0 + 182);
}
