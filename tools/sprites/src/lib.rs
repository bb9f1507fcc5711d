//! The build-time sprite packer for A Farewell to Kings.
//!
//! `gfx/` holds the art as text (see [`pxt`]). [`build`] reads it, composes
//! the 52 card faces of each size from parts ([`compose`]), checks that every
//! sprite fits a 16-colour palette, packs the sprites into 4 bpp PS1 texture
//! pages ([`pack`], [`vram`]) and writes, into one output directory:
//!
//! - `page<N>.tim`: one TIM per texture page, with a CLUT block holding the
//!   palettes its sprites use ([`tim`]);
//! - `atlas.rs`: Rust source for `src/atlas.rs` to `include!` ([`codegen`]);
//! - `sheet.png`: the packed pages, and `cards.png`: every face, back and
//!   sprite drawn from the packed data, for people to look at ([`preview`]).
//!
//! `build.rs` in the game calls [`build`]; the `sprites` binary does the same
//! from the command line.

pub mod codegen;
pub mod colour;
pub mod compose;
pub mod pack;
pub mod png;
pub mod preview;
pub mod pxt;
pub mod tim;
pub mod vram;

use pxt::Rgb;
use std::fmt;
use std::path::Path;

/// A failure with a one-line message meant for the person who ran the build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Most colours a 4 bpp sprite may use besides transparent (CLUT entry 0).
pub const MAX_OPAQUE_COLOURS: usize = 15;

/// One named palette of a sprite: the colours of texel values 1, 2, ...
/// (value 0 is always transparent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The variant's name, such as `standard` or `fourcolour`.
    pub name: String,
    /// Colours of texel values 1..=len.
    pub colours: Vec<Rgb>,
}

/// A sprite ready to pack: 4-bit texels and one or more palettes that share
/// them (the two face styles differ only in palette, so they share texels).
#[derive(Clone, Debug)]
pub struct Sprite {
    /// Dotted name, such as `face.large.Qh` or `cursor.large`.
    pub name: String,
    /// Width in texels.
    pub w: usize,
    /// Height in texels.
    pub h: usize,
    /// Row-major texel values, 0 transparent, 1..=15 palette entries.
    pub texels: Vec<u8>,
    /// The palettes; the first is the one previews show.
    pub variants: Vec<Variant>,
    /// Where the art came from, for messages.
    pub origin: String,
}

/// The bitmap font's layout within its sprite (`font`).
#[derive(Clone, Debug, Default)]
pub struct FontLayout {
    /// For each glyph: its character, its cell's offset in the font sprite,
    /// its inked width (with shadow) and how far the pen advances.
    pub glyphs: Vec<FontGlyph>,
    /// Height of every cell, shadow included.
    pub height: usize,
}

/// One glyph's place in the font sprite.
#[derive(Clone, Debug)]
pub struct FontGlyph {
    /// The character it draws.
    pub c: char,
    /// Offset of the cell in the font sprite.
    pub x: usize,
    /// Offset of the cell in the font sprite.
    pub y: usize,
    /// Width of the cell (inked columns plus the shadow's).
    pub w: usize,
    /// Pen advance in pixels.
    pub advance: usize,
}

/// Everything the art defines, composed and ready to pack.
#[derive(Clone, Debug, Default)]
pub struct Art {
    /// All sprites, faces first.
    pub sprites: Vec<Sprite>,
    /// Where each glyph sits in the `font` sprite.
    pub font: FontLayout,
}

/// What a build produced, for messages and tests.
#[derive(Clone, Debug)]
pub struct Output {
    /// The composed art.
    pub art: Art,
    /// The packed layout.
    pub layout: vram::Layout,
    /// Each page's TIM file.
    pub tims: Vec<Vec<u8>>,
}

impl Output {
    /// One line for people: pages, sprites, CLUTs, fill.
    pub fn summary(&self) -> String {
        let used: usize = self.art.sprites.iter().map(|s| s.w * s.h).sum();
        let pages = self.layout.pages.len();
        let cluts: usize = self.layout.pages.iter().map(|p| p.cluts.len()).sum();
        format!(
            "{} sprites in {pages} texture page(s), {cluts} CLUT(s), {}% of the pages' texels used",
            self.art.sprites.len(),
            used * 100 / (pages * pack::PAGE_SIZE * pack::PAGE_SIZE).max(1)
        )
    }
}

/// Reads the art in `gfx`, composes and packs it, without writing anything.
pub fn prepare(gfx: &Path) -> Result<Output, Error> {
    let art = compose::load(gfx)?;
    for s in &art.sprites {
        check_palette(s)?;
    }
    let layout = vram::layout(&art.sprites)?;
    let tims = (0..layout.pages.len()).map(|n| tim::encode(&layout, n, &art.sprites)).collect();
    Ok(Output { art, layout, tims })
}

/// Reads `gfx`, packs it and writes the TIMs, `atlas.rs` and the previews
/// into `out`.
pub fn build(gfx: &Path, out: &Path) -> Result<Output, Error> {
    let output = prepare(gfx)?;
    std::fs::create_dir_all(out).map_err(|e| Error(format!("cannot create {}: {e}", out.display())))?;
    let write = |name: &str, bytes: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(|e| Error(format!("cannot write {}: {e}", path.display())))
    };
    for (i, t) in output.tims.iter().enumerate() {
        write(&format!("page{i}.tim"), t)?;
    }
    write("atlas.rs", codegen::atlas(&output).as_bytes())?;
    write("sheet.png", &preview::sheet(&output))?;
    write("cards.png", &preview::cards(&output))?;
    Ok(output)
}

/// Fails with a clear message when a sprite's palette cannot be a 4 bpp CLUT.
pub fn check_palette(s: &Sprite) -> Result<(), Error> {
    for v in &s.variants {
        if v.colours.len() > MAX_OPAQUE_COLOURS {
            return Err(Error(format!(
                "{}: sprite `{}` ({}) uses {} colours besides transparent; a 4 bpp texture page allows {} (16 CLUT entries, entry 0 transparent) - merge some colours",
                s.origin,
                s.name,
                v.name,
                v.colours.len(),
                MAX_OPAQUE_COLOURS
            )));
        }
    }
    let top = s.variants.iter().map(|v| v.colours.len()).min().unwrap_or(0);
    if let Some(&t) = s.texels.iter().find(|&&t| t as usize > top) {
        return Err(Error(format!(
            "{}: sprite `{}` uses palette entry {t} but a palette has only {top} colours",
            s.origin, s.name
        )));
    }
    if s.w > pack::PAGE_SIZE || s.h > pack::PAGE_SIZE {
        return Err(Error(format!(
            "{}: sprite `{}` is {}x{}, larger than a 256x256 texture page",
            s.origin, s.name, s.w, s.h
        )));
    }
    Ok(())
}
