//! Uploads the packed card art to VRAM at boot: for each page and its
//! palettes, a GP0 "copy rectangle CPU to VRAM" (A0h) command, then the
//! data by DMA in block mode.

use super::mmio::Reg32;
use farewell::{atlas, lz};

const GP0: Reg32 = Reg32::io(0x1F80_1810);
const GPUSTAT: Reg32 = Reg32::io(0x1F80_1814);
const D2_MADR: Reg32 = Reg32::io(0x1F80_10A0);
const D2_BCR: Reg32 = Reg32::io(0x1F80_10A4);
const D2_CHCR: Reg32 = Reg32::io(0x1F80_10A8);
const DPCR: Reg32 = Reg32::io(0x1F80_10F0);
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

/// Sends one "copy rectangle to VRAM" packet: its three header words
/// (A0h, y << 16 | x, h << 16 | w) through the GP0 port, its data by DMA.
fn upload(packet: &'static [u32]) {
    let Some((header, data)) = packet.split_first_chunk::<3>() else { return };
    send(header, data.as_ptr() as u32, data.len() as u32);
}

/// The header through the GP0 port, then `words` words from `addr` by DMA,
/// waiting for the DMA to finish (so the data may live on the stack).
fn send(header: &[u32; 3], addr: u32, words: u32) {
    wait_ready();
    for w in header {
        GP0.write(*w);
    }
    if words == 0 {
        return;
    }
    // Blocks of 16 words when they divide the data evenly, else of one.
    let (size, blocks) = if words % BLOCK == 0 { (BLOCK, words / BLOCK) } else { (1, words) };
    D2_MADR.write(addr & 0x00FF_FFFF);
    D2_BCR.write(size | (blocks << 16));
    D2_CHCR.write(CHCR_BLOCK_START);
    while D2_CHCR.read() & CHCR_BUSY != 0 {}
    wait_ready();
}

/// A page's texels unpacked, word-aligned for the DMA.
#[repr(C, align(4))]
struct PageBuf([u8; atlas::PAGE_BYTES]);

/// Puts every packed page and its palettes in VRAM. Each page is unpacked
/// into a buffer on the stack (32 KiB, once, at boot) and sent from there.
pub fn upload_atlas() {
    DPCR.write(DPCR.read() | DPCR_GPU_ENABLE);
    let mut buf = PageBuf([0; atlas::PAGE_BYTES]);
    for (page, cluts) in atlas::PAGE_PACKED.iter().zip(atlas::PAGE_CLUTS.iter()) {
        // The stream was packed by the build from this very art and the host
        // tests unpack every page, so this cannot fail; if it did, the page
        // would stay blank rather than stop the game.
        if let Some(out) = buf.0.get_mut(..page.size) {
            if lz::unpack(page.stream, out).is_ok() {
                send(&page.header, buf.0.as_ptr() as u32, page.size.div_ceil(4) as u32);
            }
        }
        upload(cluts);
    }
    // GP0(01h): drop whatever the texture cache holds, so the first sprites
    // read the new texels (emulators do not model the cache; consoles do).
    wait_ready();
    GP0.write(0x0100_0000);
}
