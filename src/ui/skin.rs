//! The game's look: cards from the art packed at build time (`gfx/`), text
//! from a font sheet (psx's built-in 8x8 font on the console).

use super::paint::{CardSize, Skin};
use super::FaceStyle;
use crate::atlas;
use crate::cards::{Card, Suit};
use crate::draw::{DrawList, Rgb, Sprite, NO_TINT};

/// A fixed-width font laid out as a grid of equal cells in one texture page
/// (psx's built-in font is one; kept for tools and tests).
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

/// The colour of a card face's border (`gfx/palettes.txt`, the `cards`
/// table's `border` role) in each face style.
pub fn border_colour(face: FaceStyle) -> Rgb {
    match face {
        FaceStyle::Standard => Rgb(0x3C, 0x3C, 0x48),
        FaceStyle::FourColour => Rgb(0x20, 0x20, 0x20),
    }
}

/// The packed art's sprite in the draw list's terms.
pub fn sprite(s: atlas::Sprite) -> Sprite {
    Sprite { tpage: s.texpage, clut: s.clut, u: s.u, v: s.v, w: s.w, h: s.h }
}

fn art_size(size: CardSize) -> atlas::CardSize {
    match size {
        CardSize::Large => atlas::CardSize::Large,
        CardSize::Compact => atlas::CardSize::Compact,
    }
}

/// Cards, backs and text from the art packed at build time (`gfx/`): card
/// faces composed from frame, rank, pips and court emblems, in both face
/// styles (they share texels and differ in palette); a proportional font
/// with the four suit symbols.
#[derive(Clone, Copy, Debug, Default)]
pub struct AtlasSkin;

impl Skin for AtlasSkin {
    #[inline]
    fn card(&self, list: &mut DrawList, x: i16, y: i16, card: Card, face: FaceStyle, size: CardSize, tint: Rgb) {
        let style = match face {
            FaceStyle::Standard => atlas::FaceStyle::Standard,
            FaceStyle::FourColour => atlas::FaceStyle::FourColour,
        };
        let s = atlas::face(card.suit() as u8, card.rank().number(), style, art_size(size));
        list.tinted(x, y, sprite(s), tint);
    }

    fn back(&self, list: &mut DrawList, x: i16, y: i16, size: CardSize) {
        list.tinted(x, y, sprite(atlas::back(art_size(size))), NO_TINT);
    }

    fn glyph(&self, ch: char) -> Option<(Sprite, i16)> {
        let g = atlas::glyph(ch)?;
        let s = Sprite {
            tpage: atlas::FONT_TEXPAGE,
            clut: atlas::FONT_CLUT_WHITE,
            u: g.u,
            v: g.v,
            w: g.w,
            h: atlas::FONT_HEIGHT,
        };
        Some((s, i16::from(g.advance)))
    }

    fn advance(&self) -> i16 {
        6
    }

    fn line_height(&self) -> i16 {
        i16::from(atlas::FONT_HEIGHT)
    }

    fn card_size(&self, size: CardSize) -> (i16, i16) {
        let (w, h) = art_size(size).dimensions();
        (i16::from(w), i16::from(h))
    }
}
