//! The game's look: cards from the art packed at build time (`gfx/`), text
//! from a font sheet (psx's built-in 8x8 font on the console).

use super::render::{CardSize, Skin};
use super::FaceStyle;
use crate::atlas;
use crate::draw::{DrawList, Rgb, Sprite, NO_TINT};
use crate::engine::{Card, Suit};

/// A font laid out as a grid of equal cells in one texture page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FontSheet {
    /// Texture page bits (GP0 E1h) of the sheet.
    pub tpage: u16,
    /// Palette id.
    pub clut: u16,
    /// Texture-page coordinates of the first glyph.
    pub origin: (u8, u8),
    /// Glyph cell size.
    pub cell: (u8, u8),
    /// Glyphs per row of the sheet.
    pub per_row: u8,
    /// Code of the first glyph (32: space).
    pub first: u8,
    /// Number of glyphs.
    pub count: u8,
}

impl FontSheet {
    /// psx 0.1.8's built-in font as `Framebuffer::load_default_font` loads it:
    /// 4 bpp at VRAM (640, 0) (texture page 10), palette at (0, 480), 8x8
    /// glyphs, 16 a row, from ASCII 32.
    pub const PSX_DEFAULT: FontSheet =
        FontSheet { tpage: 10, clut: 480 << 6, origin: (0, 0), cell: (8, 8), per_row: 16, first: 32, count: 96 };

    /// The glyph of an ASCII character.
    pub fn glyph(&self, ch: char) -> Option<Sprite> {
        let code = u32::from(ch);
        let first = u32::from(self.first);
        if code < first || code >= first + u32::from(self.count) {
            return None;
        }
        let i = (code - first) as u8;
        Some(Sprite {
            tpage: self.tpage,
            clut: self.clut,
            u: self.origin.0 + (i % self.per_row) * self.cell.0,
            v: self.origin.1 + (i / self.per_row) * self.cell.1,
            w: self.cell.0,
            h: self.cell.1,
        })
    }
}

/// The colour of a suit's symbol in each face style.
pub fn suit_colour(suit: Suit, face: FaceStyle) -> Rgb {
    match (face, suit) {
        (_, Suit::Spades) => Rgb(20, 20, 30),
        (_, Suit::Hearts) => Rgb(200, 20, 30),
        (FaceStyle::Standard, Suit::Diamonds) => Rgb(200, 20, 30),
        (FaceStyle::Standard, Suit::Clubs) => Rgb(20, 20, 30),
        (FaceStyle::FourColour, Suit::Diamonds) => Rgb(20, 70, 220),
        (FaceStyle::FourColour, Suit::Clubs) => Rgb(10, 130, 30),
    }
}

fn scale(c: Rgb, t: Rgb) -> Rgb {
    let m = |a: u8, b: u8| ((u16::from(a) * u16::from(b)) / 128).min(255) as u8;
    Rgb(m(c.0, t.0), m(c.1, t.1), m(c.2, t.2))
}

/// A tint that turns white glyphs into `c`.
fn ink(c: Rgb) -> Rgb {
    Rgb(c.0 / 2 + 1, c.1 / 2 + 1, c.2 / 2 + 1)
}

/// Cards from the packed art (`gfx/`, packed at build time): a card blank,
/// the rank and a small pip in the corner, a large pip in the middle; text
/// from a font sheet.
#[derive(Clone, Copy, Debug)]
pub struct AtlasSkin {
    /// The font for text.
    pub font: FontSheet,
}

impl Skin for AtlasSkin {
    fn card(&self, list: &mut DrawList, x: i16, y: i16, card: Card, face: FaceStyle, size: CardSize, tint: Rgb) {
        let (blank, w, h) = match size {
            CardSize::Large => (atlas::BLANK_LARGE, 22, 28),
            CardSize::Compact => (atlas::BLANK_COMPACT, 16, 22),
        };
        list.tinted(x, y, blank, tint);
        let colour = ink(scale(suit_colour(card.suit(), face), tint));
        let rank = atlas::RANKS[usize::from(card.rank().number() - 1)];
        let suit = card.suit() as usize;
        list.tinted(x + 2, y + 2, rank, colour);
        let small = atlas::PIPS_SMALL[suit];
        match size {
            CardSize::Large => {
                list.tinted(x + 2, y + 11, small, colour);
                let big = atlas::PIPS_LARGE[suit];
                list.tinted(x + w - i16::from(big.w) - 2, y + h - i16::from(big.h) - 3, big, colour);
            }
            CardSize::Compact => {
                list.tinted(x + w - i16::from(small.w) - 2, y + h - i16::from(small.h) - 2, small, colour);
            }
        }
    }

    fn back(&self, list: &mut DrawList, x: i16, y: i16, size: CardSize) {
        let back = match size {
            CardSize::Large => atlas::BACK_LARGE,
            CardSize::Compact => atlas::BACK_COMPACT,
        };
        list.tinted(x, y, back, NO_TINT);
    }

    fn glyph(&self, ch: char) -> Option<Sprite> {
        self.font.glyph(ch)
    }

    fn advance(&self) -> i16 {
        i16::from(self.font.cell.0)
    }

    fn line_height(&self) -> i16 {
        i16::from(self.font.cell.1)
    }

    fn card_size(&self, size: CardSize) -> (i16, i16) {
        match size {
            CardSize::Large => (i16::from(atlas::BLANK_LARGE.w), i16::from(atlas::BLANK_LARGE.h)),
            CardSize::Compact => (i16::from(atlas::BLANK_COMPACT.w), i16::from(atlas::BLANK_COMPACT.h)),
        }
    }
}
