//! TIM files: the PS1's standard texture container.
//!
//! Layout (all little-endian): `u32` magic 0x10, `u32` flags (bits 0-1 colour
//! depth, 0 = 4 bpp; bit 3 = a CLUT block follows), then the CLUT block and the
//! image block, each `u32` byte length (header included), `u16` x, `u16` y,
//! `u16` width in halfwords, `u16` height, then the halfwords row by row.
//! A 4 bpp texel pair packs the left texel in the low nibble.

use crate::pack::PAGE_SIZE;
use crate::vram::Layout;
use crate::Sprite;

/// TIM magic number.
pub const MAGIC: u32 = 0x10;
/// Flags: 4 bpp with a CLUT block.
pub const FLAGS_4BPP_CLUT: u32 = 0x08;

/// The 4-bit texels of page `n`: 256 per row, `height` rows, 0 where no
/// sprite lies.
pub fn page_texels(layout: &Layout, n: usize, sprites: &[Sprite]) -> Vec<u8> {
    let page = &layout.pages[n];
    let mut texels = vec![0u8; PAGE_SIZE * page.height];
    for &i in &page.sprites {
        let (s, p) = (&sprites[i], layout.places[i]);
        for y in 0..s.h {
            let row = (p.y + y) * PAGE_SIZE + p.x;
            texels[row..row + s.w].copy_from_slice(&s.texels[y * s.w..(y + 1) * s.w]);
        }
    }
    texels
}

/// Encodes page `n` with its CLUT block as a TIM file.
pub fn encode(layout: &Layout, n: usize, sprites: &[Sprite]) -> Vec<u8> {
    let page = &layout.pages[n];
    let mut out = Vec::new();
    let u32le = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_le_bytes());
    let u16le = |out: &mut Vec<u8>, v: u16| out.extend_from_slice(&v.to_le_bytes());
    u32le(&mut out, MAGIC);
    u32le(&mut out, FLAGS_4BPP_CLUT);
    // CLUT block: one 16-colour CLUT a row.
    u32le(&mut out, 12 + 32 * page.cluts.len() as u32);
    for v in [page.clut_x, page.clut_y, 16, page.cluts.len() as u16] {
        u16le(&mut out, v);
    }
    for clut in &page.cluts {
        for &c in clut {
            u16le(&mut out, c);
        }
    }
    // Image block: 256 texels = 64 halfwords a row.
    let texels = page_texels(layout, n, sprites);
    u32le(&mut out, 12 + (texels.len() / 2) as u32);
    for v in [page.vram_x, page.vram_y, (PAGE_SIZE / 4) as u16, page.height as u16] {
        u16le(&mut out, v);
    }
    for pair in texels.chunks(2) {
        out.push(pair[0] | (pair[1] << 4));
    }
    out
}
