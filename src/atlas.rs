//! The packed card art: where every sprite lies in VRAM, and the texels and
//! CLUTs to upload there.
//!
//! `build.rs` packs `gfx/` with `tools/sprites` and writes the data below into
//! OUT_DIR (see docs/gfx.md); this module defines its types and lookups.
//!
//! # Uploading (once, at boot)
//! For each page `n`, send [`PAGE_TEXELS`]`[n]` and [`PAGE_CLUTS`]`[n]` to GP0
//! as they are: each is a complete "copy rectangle to VRAM" packet (0xA0
//! command word, `y << 16 | x`, `h << 16 | w`, then the data). The console
//! does the same from [`PAGE_PACKED`]`[n]` (the texels packed, a fifth of
//! the size in the PS-EXE), unpacked first with [`crate::lz::unpack`].
//!
//! # Drawing a sprite
//! 1. GP0 `0xE100_0000 | sprite.texpage as u32`, ORed with the draw-mode
//!    bits the renderer keeps (dither, bit 9; drawing to the displayed area,
//!    bit 10): the E1 command selects this texture page, 4 bpp, no blending.
//!    Send it only when the page changes.
//! 2. GP0 `0x6500_0000` (textured rectangle, variable size, opaque, raw
//!    texture: colours as drawn), then `y << 16 | x` (screen position), then
//!    `(sprite.clut as u32) << 16 | (sprite.v as u32) << 8 | sprite.u as u32`,
//!    then `(sprite.h as u32) << 16 | sprite.w as u32`.
//!
//! Textured polygons carry the page in their second UV word instead
//! (`(texpage as u32) << 16 | v << 8 | u`). Texel value 0 of every CLUT is
//! 0x0000, which the GPU skips: sprites have transparent corners for free.
#![allow(clippy::unreadable_literal)]

/// A sprite's place in VRAM and how to draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sprite {
    /// Index into [`PAGES`].
    pub page: u8,
    /// Left texel column within the page.
    pub u: u8,
    /// Top texel row within the page.
    pub v: u8,
    /// Width in pixels.
    pub w: u8,
    /// Height in pixels.
    pub h: u8,
    /// CLUT attribute: bits 0-5 CLUT x / 16, bits 6-14 CLUT y.
    pub clut: u16,
    /// Texture page bits for GP0 E1: bits 0-3 page x / 64, bit 4 page y /
    /// 256, bits 7-8 colour depth (0: 4 bpp).
    pub texpage: u16,
}

/// A page's texels as stored in the PS-EXE: packed (see [`crate::lz`]),
/// with the three header words of the GP0 packet that uploads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packed {
    /// GP0 "copy rectangle to VRAM": command, `y << 16 | x`, `h << 16 | w`.
    pub header: [u32; 3],
    /// The texels' size unpacked, in bytes.
    pub size: usize,
    /// The packed stream.
    pub stream: &'static [u8],
}

/// The largest page unpacked, in bytes: 256x256 texels at 4 bpp.
pub const PAGE_BYTES: usize = 256 * 256 / 2;

/// A texture page: a 256x256-texel (64 halfwords wide) 4 bpp VRAM area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// VRAM column of the page (halfwords), a multiple of 64.
    pub vram_x: u16,
    /// VRAM row of the page, a multiple of 256.
    pub vram_y: u16,
    /// Width of the uploaded area in halfwords (4 texels each).
    pub width: u16,
    /// Rows of the page that hold texels.
    pub height: u16,
    /// Texture page bits for GP0 E1.
    pub texpage: u16,
    /// VRAM column of the page's CLUT block, a multiple of 16.
    pub clut_x: u16,
    /// VRAM row of the page's first CLUT; the others follow one a row.
    pub clut_y: u16,
    /// Number of CLUTs in the block.
    pub cluts: u16,
}

/// One character of the bitmap font, on the font's page ([`FONT_TEXPAGE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// Left texel column within the page.
    pub u: u8,
    /// Top texel row within the page.
    pub v: u8,
    /// Width in pixels, drop shadow included ([`FONT_HEIGHT`] high).
    pub w: u8,
    /// How far the pen moves right after this glyph.
    pub advance: u8,
}

/// The two face styles; they share texels and differ in CLUT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceStyle {
    /// Red hearts and diamonds, black spades and clubs.
    Standard = 0,
    /// High contrast, a colour a suit: spades black, hearts red, diamonds
    /// blue, clubs green.
    FourColour = 1,
}

/// The two card sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSize {
    /// 22x28: a table's cards where they fit their places.
    Large = 0,
    /// 16x22: where 22x28 cards would not fit (the larger grids, piles
    /// fanned side by side).
    Compact = 1,
}

impl CardSize {
    /// Width and height of a card in pixels.
    pub const fn dimensions(self) -> (u8, u8) {
        match self {
            CardSize::Large => (22, 28),
            CardSize::Compact => (16, 22),
        }
    }
}

/// The face of a card. `suit` counts ♠ ♥ ♦ ♣ from 0 (the engine's
/// `Suit as u8`), `rank` is 1 (ace) to 13 (king).
///
/// # Panics
/// If `suit > 3` or `rank` is not in 1..=13.
#[inline]
pub const fn face(suit: u8, rank: u8, style: FaceStyle, size: CardSize) -> Sprite {
    assert!(suit < 4 && rank >= 1 && rank <= 13, "no such card");
    FACES[size as usize][style as usize][suit as usize * 13 + rank as usize - 1]
}

/// A card's back.
pub const fn back(size: CardSize) -> Sprite {
    match size {
        CardSize::Large => BACK_LARGE,
        CardSize::Compact => BACK_COMPACT,
    }
}

/// The glyph that draws `c`, if the font has one (ASCII 32-126 and ♠ ♥ ♦ ♣).
pub const fn glyph(c: char) -> Option<Glyph> {
    match glyph_index(c) {
        Some(i) => Some(FONT_GLYPHS[i]),
        None => None,
    }
}

/// Width in pixels of `text` in the bitmap font (characters without a glyph
/// take no room).
pub fn text_width(text: &str) -> u16 {
    text.chars().filter_map(glyph).map(|g| g.advance as u16).sum()
}

include!(concat!(env!("OUT_DIR"), "/atlas.rs"));
