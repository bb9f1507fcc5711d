//! The build-time sprite packer. `build.rs` calls [`build`]: it reads the
//! text pixel art in `gfx/`, packs it into one 4 bpp PS1 texture page and
//! writes, into `OUT_DIR`,
//! - `atlas.rs`: every sprite's page, palette and rectangle as
//!   `farewell::draw::Sprite` constants, the pixels as `u32` words ready to
//!   upload, and the memory card icon;
//! - `cards.tim`: the same page as a standard TIM file (for tools);
//! - `atlas.png`: a preview of the packed page, for people.
//!
//! Art format (diffs well, reviews in a pull request): `[name]` starts a
//! sprite, then rows of equal length, one character a pixel. `.` is
//! transparent and `#` is ink, unless the file has a `palette` line:
//! `palette . 000000 o 5a5a64 ...` (a character, then its RGB). Lines
//! starting with `#` outside a sprite are comments.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Page width and height in texels (a 4 bpp page: 256 x 256).
pub const PAGE: usize = 256;
/// Where the page goes in VRAM: x = 704 (page 11), y = 0; clear of the two
/// 320x240 framebuffers at (0,0) and (0,240) and of psx's font at x = 640.
pub const PAGE_VRAM: (u16, u16) = (704, 0);
/// Where the palettes go: row 480, from x = 16 (psx's font palette is at
/// x = 0 of that row).
pub const CLUT_VRAM: (u16, u16) = (16, 480);

/// An image in palette indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Name from `[name]`.
    pub name: String,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Palette index per pixel, row-major.
    pub pixels: Vec<u8>,
}

/// A palette: up to 16 RGB colours, index 0 transparent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Characters, in index order.
    pub chars: Vec<char>,
    /// Colours, in index order.
    pub rgb: Vec<(u8, u8, u8)>,
}

impl Palette {
    /// The palette of mask art: transparent and white ink (tinted by the GPU).
    pub fn mask() -> Self {
        Palette { chars: vec!['.', '#'], rgb: vec![(0, 0, 0), (255, 255, 255)] }
    }

    /// The 16 PS1 colours with every entry opaque (for the memory card
    /// icon, which has no transparency); a colour that would be 0x0000 is
    /// nudged to 0x0421.
    pub fn to_ps1_opaque(&self) -> [u16; 16] {
        let mut out = [0x0421u16; 16];
        for (i, &(r, g, b)) in self.rgb.iter().enumerate().take(16) {
            let c = u16::from(r >> 3) | (u16::from(g >> 3) << 5) | (u16::from(b >> 3) << 10);
            out[i] = if c == 0 { 0x0421 } else { c };
        }
        out
    }

    /// The 16 PS1 colours (15-bit, STP clear): index 0 is 0x0000, which the
    /// GPU skips; any opaque colour that would come out 0x0000 (black) is
    /// nudged to 0x0421 so it stays visible.
    pub fn to_ps1(&self) -> [u16; 16] {
        let mut out = [0u16; 16];
        for (i, &(r, g, b)) in self.rgb.iter().enumerate().skip(1).take(15) {
            let c = u16::from(r >> 3) | (u16::from(g >> 3) << 5) | (u16::from(b >> 3) << 10);
            out[i] = if c == 0 { 0x0421 } else { c };
        }
        out
    }
}

/// A problem with the art, naming the file and line.
#[derive(Debug, PartialEq, Eq)]
pub struct ArtError(pub String);

impl std::fmt::Display for ArtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Parses one art file.
pub fn parse(file: &str, text: &str) -> Result<(Palette, Vec<Image>), ArtError> {
    let mut palette = Palette::mask();
    let mut images: Vec<Image> = Vec::new();
    let err = |line: usize, msg: String| ArtError(format!("{file}:{line}: {msg}"));
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let t = raw.trim_end();
        if let Some(rest) = t.strip_prefix("palette ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.len() % 2 != 0 || words.is_empty() {
                return Err(err(line, "palette: pairs of a character and an RRGGBB colour".into()));
            }
            palette = Palette { chars: vec![], rgb: vec![] };
            for pair in words.chunks(2) {
                let ch = pair[0]
                    .chars()
                    .next()
                    .filter(|_| pair[0].chars().count() == 1)
                    .ok_or_else(|| err(line, format!("palette: {:?} is not one character", pair[0])))?;
                let v = u32::from_str_radix(pair[1], 16)
                    .map_err(|_| err(line, format!("palette: {:?} is not RRGGBB", pair[1])))?;
                palette.chars.push(ch);
                palette.rgb.push(((v >> 16) as u8, (v >> 8) as u8, v as u8));
            }
            if palette.chars.len() > 16 {
                return Err(err(
                    line,
                    format!("palette has {} colours; a 4 bpp texture holds 16", palette.chars.len()),
                ));
            }
            continue;
        }
        if let Some(name) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            images.push(Image { name: name.to_string(), w: 0, h: 0, pixels: vec![] });
            continue;
        }
        let Some(img) = images.last_mut() else { continue };
        if t.is_empty() || (t.starts_with('#') && t.len() > 1 && t.contains(' ')) {
            continue;
        }
        let row: Vec<char> = t.chars().collect();
        if img.h == 0 {
            img.w = row.len();
        } else if row.len() != img.w {
            return Err(err(line, format!("[{}]: row of {} pixels, the first row has {}", img.name, row.len(), img.w)));
        }
        for ch in row {
            let idx = palette.chars.iter().position(|c| *c == ch).ok_or_else(|| {
                err(line, format!("[{}]: {ch:?} is not in the palette (a 4 bpp texture holds 16 colours)", img.name))
            })?;
            img.pixels.push(idx as u8);
        }
        img.h += 1;
    }
    Ok((palette, images))
}

/// A sprite's place in the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Left edge in the page.
    pub u: usize,
    /// Top edge.
    pub v: usize,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
}

/// Packs rectangles onto shelves, tallest first; `None` if they do not fit
/// one page.
pub fn pack(sizes: &[(usize, usize)]) -> Option<Vec<Placed>> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse((sizes[i].1, sizes[i].0)));
    let mut out = vec![Placed { u: 0, v: 0, w: 0, h: 0 }; sizes.len()];
    let (mut x, mut y, mut shelf) = (0usize, 0usize, 0usize);
    for i in order {
        let (w, h) = sizes[i];
        if w > PAGE || h > PAGE {
            return None;
        }
        if x + w > PAGE {
            x = 0;
            y += shelf;
            shelf = 0;
        }
        if y + h > PAGE {
            return None;
        }
        out[i] = Placed { u: x, v: y, w, h };
        // A one-texel gutter keeps bilinear-free sprites from touching.
        x += w + 1;
        shelf = shelf.max(h + 1);
    }
    Some(out)
}

/// A TIM file: 4 bpp with a CLUT block of `cluts` (16 entries each) at
/// `clut_xy`, and a `PAGE` x `PAGE` image at `page_xy`.
pub fn tim(cluts: &[[u16; 16]], clut_xy: (u16, u16), page: &[u8], page_xy: (u16, u16)) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&0x10u32.to_le_bytes());
    out.extend_from_slice(&0x08u32.to_le_bytes()); // 4 bpp, CLUT present
    let clut_words: Vec<u16> = cluts.iter().flatten().copied().collect();
    out.extend_from_slice(&(12 + clut_words.len() as u32 * 2).to_le_bytes());
    out.extend_from_slice(&clut_xy.0.to_le_bytes());
    out.extend_from_slice(&clut_xy.1.to_le_bytes());
    out.extend_from_slice(&(clut_words.len() as u16).to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    for c in clut_words {
        out.extend_from_slice(&c.to_le_bytes());
    }
    let data = pack_4bpp(page);
    out.extend_from_slice(&(12 + data.len() as u32).to_le_bytes());
    out.extend_from_slice(&page_xy.0.to_le_bytes());
    out.extend_from_slice(&page_xy.1.to_le_bytes());
    out.extend_from_slice(&((PAGE / 4) as u16).to_le_bytes());
    out.extend_from_slice(&(PAGE as u16).to_le_bytes());
    out.extend_from_slice(&data);
    out
}

/// 4 bpp: two texels a byte, the left one in the low nibble.
pub fn pack_4bpp(page: &[u8]) -> Vec<u8> {
    page.chunks(2).map(|p| (p[0] & 15) | ((p.get(1).copied().unwrap_or(0) & 15) << 4)).collect()
}

/// A PNG (RGBA, stored deflate blocks: no compression library needed).
pub fn png(w: usize, h: usize, rgba: &[u8]) -> Vec<u8> {
    fn crc(data: &[u8]) -> u32 {
        let mut c = 0xFFFF_FFFFu32;
        for &b in data {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 != 0 { (c >> 1) ^ 0xEDB8_8320 } else { c >> 1 };
            }
        }
        !c
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc(&body).to_be_bytes());
    }
    let mut raw = Vec::new();
    for row in rgba.chunks(w * 4).take(h) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    let mut z = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65535).collect();
    for (i, b) in blocks.iter().enumerate() {
        z.push(u8::from(i + 1 == blocks.len()));
        z.extend_from_slice(&(b.len() as u16).to_le_bytes());
        z.extend_from_slice(&(!(b.len() as u16)).to_le_bytes());
        z.extend_from_slice(b);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &x in &raw {
        a = (a + u32::from(x)) % 65521;
        b = (b + a) % 65521;
    }
    z.extend_from_slice(&((b << 16) | a).to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(w as u32).to_be_bytes());
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &z);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Everything the build produces.
pub struct Output {
    /// The generated Rust.
    pub atlas_rs: String,
    /// The TIM file.
    pub tim: Vec<u8>,
    /// The PNG preview.
    pub png: Vec<u8>,
    /// The page, one palette index a texel.
    pub page: Vec<u8>,
    /// Where each sprite went, with its palette number (0 mask, 1 cards).
    pub placed: BTreeMap<String, (Placed, usize)>,
}

/// Reads the art from `gfx` and builds everything.
pub fn build(gfx: &Path) -> Result<Output, ArtError> {
    let read = |name: &str| {
        std::fs::read_to_string(gfx.join(name)).map_err(|e| ArtError(format!("{}: {e}", gfx.join(name).display())))
    };
    let (_, ranks) = parse("gfx/ranks.txt", &read("ranks.txt")?)?;
    let (_, pips) = parse("gfx/pips.txt", &read("pips.txt")?)?;
    let (card_pal, cards) = parse("gfx/cards.txt", &read("cards.txt")?)?;
    let (icon_pal, icons) = parse("gfx/icon.txt", &read("icon.txt")?)?;
    let icon = icons.first().ok_or(ArtError("gfx/icon.txt: no [icon]".into()))?;
    if (icon.w, icon.h) != (16, 16) {
        return Err(ArtError(format!("gfx/icon.txt: the icon is {}x{}, a memory card icon is 16x16", icon.w, icon.h)));
    }
    let mut all: Vec<(Image, usize)> = Vec::new();
    all.extend(ranks.into_iter().map(|i| (i, 0)));
    all.extend(pips.into_iter().map(|i| (i, 0)));
    all.extend(cards.into_iter().map(|i| (i, 1)));
    let sizes: Vec<(usize, usize)> = all.iter().map(|(i, _)| (i.w, i.h)).collect();
    let spots = pack(&sizes).ok_or(ArtError("the art does not fit one 256x256 texture page".into()))?;
    let mut page = vec![0u8; PAGE * PAGE];
    let mut placed = BTreeMap::new();
    for ((img, pal), p) in all.iter().zip(&spots) {
        for y in 0..img.h {
            for x in 0..img.w {
                page[(p.v + y) * PAGE + p.u + x] = img.pixels[y * img.w + x];
            }
        }
        placed.insert(img.name.clone(), (*p, *pal));
    }
    let cluts = [Palette::mask().to_ps1(), card_pal.to_ps1()];
    // Texels of different palettes never share a sprite, so one page serves
    // both: mask sprites read palette 0, card art palette 1.
    let tim_bytes = tim(&cluts, CLUT_VRAM, &page, PAGE_VRAM);

    // Preview: mask art white, card art in its colours, transparent dark.
    let mut rgba = vec![0u8; PAGE * PAGE * 4];
    for (name, (p, pal)) in &placed {
        let _ = name;
        for y in 0..p.h {
            for x in 0..p.w {
                let i = (p.v + y) * PAGE + p.u + x;
                let idx = usize::from(page[i]);
                let (r, g, b) = if *pal == 0 {
                    Palette::mask().rgb[idx.min(1)]
                } else {
                    card_pal.rgb.get(idx).copied().unwrap_or((255, 0, 255))
                };
                if idx != 0 {
                    rgba[i * 4..i * 4 + 4].copy_from_slice(&[r, g, b, 255]);
                }
            }
        }
    }
    for px in rgba.chunks_mut(4) {
        if px[3] == 0 {
            px.copy_from_slice(&[24, 40, 32, 255]);
        }
    }
    let png_bytes = png(PAGE, PAGE, &rgba);

    // The Rust atlas.
    let tpage = (PAGE_VRAM.0 / 64) | ((PAGE_VRAM.1 / 256) << 4); // 4 bpp: depth bits 0
    let clut_id = |n: u16| ((CLUT_VRAM.1) << 6) | ((CLUT_VRAM.0 + 16 * n) >> 4);
    let mut rs = String::new();
    let _ = writeln!(rs, "// Generated by tools/sprites from gfx/ at build time. Do not edit.");
    let _ = writeln!(
        rs,
        "/// Texture page bits (GP0 E1h) of the packed page: VRAM ({}, {}), 4 bpp.\npub const TPAGE: u16 = {tpage};",
        PAGE_VRAM.0, PAGE_VRAM.1
    );
    let _ = writeln!(
        rs,
        "/// Where the page goes in VRAM (x in halfwords, y).\npub const PAGE_XY: (u16, u16) = ({}, {});",
        PAGE_VRAM.0, PAGE_VRAM.1
    );
    let _ = writeln!(
        rs,
        "/// Where the palettes go in VRAM.\npub const CLUT_XY: (u16, u16) = ({}, {});",
        CLUT_VRAM.0, CLUT_VRAM.1
    );
    let _ = writeln!(
        rs,
        "/// Palette of mask art (white ink, tinted by the GPU).\npub const CLUT_MASK: u16 = {};",
        clut_id(0)
    );
    let _ = writeln!(rs, "/// Palette of the card blanks and backs.\npub const CLUT_CARDS: u16 = {};", clut_id(1));
    let sprite = |name: &str| -> Result<String, ArtError> {
        let (p, pal) = placed.get(name).ok_or_else(|| ArtError(format!("gfx: missing sprite [{name}]")))?;
        Ok(format!(
            "Sprite {{ tpage: {tpage}, clut: {}, u: {}, v: {}, w: {}, h: {} }}",
            clut_id(*pal as u16),
            p.u,
            p.v,
            p.w,
            p.h
        ))
    };
    let ranks_names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let list = |names: &[&str]| -> Result<String, ArtError> {
        Ok(names.iter().map(|n| sprite(n)).collect::<Result<Vec<_>, _>>()?.join(",\n    "))
    };
    let _ = writeln!(
        rs,
        "/// Rank glyphs, ace to king.\npub const RANKS: [Sprite; 13] = [\n    {}\n];",
        list(&ranks_names)?
    );
    let _ = writeln!(rs, "/// Small suit pips, in suit order (spades, hearts, diamonds, clubs).\npub const PIPS_SMALL: [Sprite; 4] = [\n    {}\n];", list(&["spade.small", "heart.small", "diamond.small", "club.small"])?);
    let _ = writeln!(
        rs,
        "/// Large suit pips, in suit order.\npub const PIPS_LARGE: [Sprite; 4] = [\n    {}\n];",
        list(&["spade.large", "heart.large", "diamond.large", "club.large"])?
    );
    for (c, n) in [
        ("BLANK_LARGE", "blank.large"),
        ("BACK_LARGE", "back.large"),
        ("BLANK_COMPACT", "blank.compact"),
        ("BACK_COMPACT", "back.compact"),
    ] {
        let _ = writeln!(rs, "/// [{n}]\npub const {c}: Sprite = {};", sprite(n)?);
    }
    // Pixels and palettes as u32 words, ready for a DMA to VRAM.
    let data = pack_4bpp(&page);
    let words: Vec<String> =
        data.chunks(4).map(|c| format!("0x{:08x}", u32::from_le_bytes([c[0], c[1], c[2], c[3]]))).collect();
    let _ = writeln!(
        rs,
        "/// The page's texels, 4 bpp, row by row ({} words).\npub static PAGE_WORDS: [u32; {}] = [{}];",
        words.len(),
        words.len(),
        words.join(",")
    );
    let clut_words: Vec<String> = cluts
        .iter()
        .flatten()
        .collect::<Vec<_>>()
        .chunks(2)
        .map(|c| format!("0x{:08x}", u32::from(*c[0]) | (u32::from(*c[1]) << 16)))
        .collect();
    let _ = writeln!(
        rs,
        "/// Both palettes, 32 colours, as words.\npub static CLUT_WORDS: [u32; {}] = [{}];",
        clut_words.len(),
        clut_words.join(",")
    );
    let icon_bytes = pack_4bpp(&icon.pixels);
    let _ = writeln!(
        rs,
        "/// The memory card icon: 16x16, 4 bpp, left texel in the low nibble.\npub const ICON: [u8; 128] = {:?};",
        icon_bytes
    );
    let _ = writeln!(
        rs,
        "/// The icon's 16-colour palette (PS1 15-bit colours).\npub const ICON_CLUT: [u16; 16] = {:?};",
        icon_pal.to_ps1_opaque()
    );
    Ok(Output { atlas_rs: rs, tim: tim_bytes, png: png_bytes, page, placed })
}
