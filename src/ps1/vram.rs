//! Uploads the packed card art to VRAM at boot: a GP0 "copy rectangle
//! CPU to VRAM" (A0h) command, then the texels by DMA in block mode.

use super::mmio::Reg32;
use farewell::atlas;

const GP0: Reg32 = Reg32(0x1F80_1810);
const GPUSTAT: Reg32 = Reg32(0x1F80_1814);
const D2_MADR: Reg32 = Reg32(0x1F80_10A0);
const D2_BCR: Reg32 = Reg32(0x1F80_10A4);
const D2_CHCR: Reg32 = Reg32(0x1F80_10A8);
const DPCR: Reg32 = Reg32(0x1F80_10F0);
/// DPCR: enable DMA channel 2 (GPU) at priority 3.
const DPCR_GPU_ENABLE: u32 = 0x0000_0B00;

/// GPUSTAT: ready for a command word; ready for a DMA block.
const READY: u32 = (1 << 26) | (1 << 28);
/// D2_CHCR: from RAM, block mode (sync mode 1), start.
const CHCR_BLOCK_START: u32 = 0x0100_0201;
/// D2_CHCR: busy.
const CHCR_BUSY: u32 = 1 << 24;
/// Words per DMA block.
const BLOCK: u32 = 16;

fn wait_ready() {
    while GPUSTAT.read() & READY != READY {}
}

/// Copies `words` (16-bit texels, two a word) to the VRAM rectangle at
/// (x, y), `w` halfwords wide and `h` rows high. `words` must hold exactly
/// `w * h / 2` words, a multiple of 16 or fewer than 16.
fn upload(x: u16, y: u16, w: u16, h: u16, words: &'static [u32]) {
    wait_ready();
    GP0.write(0xA000_0000);
    GP0.write(u32::from(x) | (u32::from(y) << 16));
    GP0.write(u32::from(w) | (u32::from(h) << 16));
    let n = words.len() as u32;
    let (size, blocks) = if n >= BLOCK { (BLOCK, n / BLOCK) } else { (n, 1) };
    D2_MADR.write((words.as_ptr() as u32) & 0x00FF_FFFF);
    D2_BCR.write(size | (blocks << 16));
    D2_CHCR.write(CHCR_BLOCK_START);
    while D2_CHCR.read() & CHCR_BUSY != 0 {}
    wait_ready();
}

/// Puts the card page and its palettes in VRAM.
pub fn upload_atlas() {
    DPCR.write(DPCR.read() | DPCR_GPU_ENABLE);
    let (px, py) = atlas::PAGE_XY;
    upload(px, py, 64, 256, &atlas::PAGE_WORDS);
    let (cx, cy) = atlas::CLUT_XY;
    upload(cx, cy, 32, 1, &atlas::CLUT_WORDS);
}
