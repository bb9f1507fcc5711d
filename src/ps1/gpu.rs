//! Turns a [`DrawList`] into GPU packets and sends them by DMA.
//!
//! The packets form a DMA linked list (the GPU's "ordering table" format
//! without the table: the draw list is already in painter's order). Each node
//! is a header word, `(words << 24) | next_node_address`, then the GP0 words
//! of one command; the last node points at 0xFFFFFF. DMA channel 2 walks the
//! list and feeds GP0 while the CPU goes on.
//!
//! psx 0.1.8's `Sprt` primitives carry no texture page and its `TexPage`
//! holds no colour depth or blend bits, so this module writes GP0 words
//! itself: a draw-mode command (E1h) whenever the page or blend mode must
//! change, then 60h (flat rectangle), 62h (half-transparent rectangle) or
//! 64h (textured rectangle with colour modulation).

use super::mmio::Reg32;
use farewell::draw::{DrawList, Item, Rgb, Sprite};

const GPUSTAT: Reg32 = Reg32::io(0x1F80_1814);
const D2_MADR: Reg32 = Reg32::io(0x1F80_10A0);
const D2_BCR: Reg32 = Reg32::io(0x1F80_10A4);
const D2_CHCR: Reg32 = Reg32::io(0x1F80_10A8);
const DPCR: Reg32 = Reg32::io(0x1F80_10F0);

/// GPUSTAT: ready to receive a DMA block.
const STAT_DMA_READY: u32 = 1 << 28;
/// GPUSTAT: ready to receive a command word.
const STAT_CMD_READY: u32 = 1 << 26;
/// D2_CHCR: from RAM, linked-list mode, start.
const CHCR_LINKED_LIST_START: u32 = 0x0100_0401;
/// D2_CHCR: transfer busy.
const CHCR_BUSY: u32 = 1 << 24;
/// DPCR: enable DMA channel 2 (GPU) at priority 3.
const DPCR_GPU_ENABLE: u32 = 0x0000_0B00;

/// End-of-list marker in a node header.
const END: u32 = 0x00FF_FFFF;
/// E1h bit 10: drawing to the displayed area allowed (kept on, as the BIOS
/// and psx's own draw environment set it).
const DRAW_TO_DISPLAY: u32 = 1 << 10;

/// The draw mode psx's `DrawEnv` sets: its font's page (X = 640, 4 bpp).
const PSX_DRAW_ENV_MODE: u32 = DRAW_TO_DISPLAY | 10;

/// Words of packet storage: at most 1 header + 1 E1 + 4 command words per
/// item, for every item a draw list holds.
pub const WORDS: usize = farewell::draw::MAX_ITEMS * 6 + 8;

/// The screen the draw list covers.
const SCREEN_W: u16 = super::video::WIDTH as u16;
const SCREEN_H: u16 = super::video::HEIGHT as u16;

/// The GP0 colour word's low 24 bits.
#[inline]
fn color24(c: Rgb) -> u32 {
    u32::from(c.0) | (u32::from(c.1) << 8) | (u32::from(c.2) << 16)
}

/// GP0 vertex word: x in the low half, y in the high half.
#[inline]
fn xy(x: i16, y: i16) -> u32 {
    u32::from(x as u16) | (u32::from(y as u16) << 16)
}

/// A packet buffer being filled.
pub struct Packets {
    words: [u32; WORDS],
    len: usize,
    /// Index of the header of the last node written, if any.
    open: Option<usize>,
    /// Draw mode (E1h) in effect, so it is sent only when it changes.
    mode: u32,
}

impl Packets {
    /// An empty buffer, and DMA channel 2 switched on.
    pub fn new() -> Self {
        DPCR.write(DPCR.read() | DPCR_GPU_ENABLE);
        Packets { words: [0; WORDS], len: 0, open: None, mode: u32::MAX }
    }

    #[inline]
    fn address_of(&self, index: usize) -> u32 {
        (self.words.as_ptr() as u32).wrapping_add(4 * index as u32) & 0x00FF_FFFF
    }

    /// Writes one node holding the first `n` (1 to 4) words of `cmd`, if
    /// it fits. Its header already points where the next node will start
    /// (nodes are written one after another); the last one is made the end
    /// of the list when the build ends. Each word is written once: building
    /// a 12x8 frame's packets a node at a time, patching the previous
    /// header and copying each command with `memcpy`, takes 2.6 ms of a
    /// frame on the console.
    #[inline]
    fn node(&mut self, cmd: [u32; 4], n: usize) {
        let header = self.len;
        let end = header + 1 + n;
        let next = self.address_of(end);
        let Some(dst) = self.words.get_mut(header..end) else { return };
        dst[0] = ((n as u32) << 24) | next;
        for (d, w) in dst[1..].iter_mut().zip(cmd) {
            *d = w;
        }
        self.len = end;
        self.open = Some(header);
    }

    #[inline]
    fn set_mode(&mut self, mode: u32) {
        if mode != self.mode {
            self.node([0xE100_0000 | mode, 0, 0, 0], 1);
            self.mode = mode;
        }
    }

    /// Converts the whole list, back to front. A first item that fills the
    /// whole screen with `clear`, the colour the swap already cleared the
    /// buffer to, is left out (the GPU filled the screen twice a frame).
    pub fn build(&mut self, list: &DrawList, clear: Rgb) {
        self.len = 0;
        self.open = None;
        // psx's draw environment (sent at each swap) sets its own page.
        self.mode = u32::MAX;
        let mut items = list.items();
        if let Some(Item::Fill { x: 0, y: 0, w: SCREEN_W, h: SCREEN_H, color }) = items.first() {
            if *color == clear {
                items = &items[1..];
            }
        }
        for item in items {
            match *item {
                Item::Fill { x, y, w, h, color } => {
                    self.node([0x6000_0000 | color24(color), xy(x, y), xy(w as i16, h as i16), 0], 3);
                }
                Item::Shade { x, y, w, h, color } => {
                    // Blend mode 0 (bits 5-6): half what is there, half this.
                    let mode = (if self.mode == u32::MAX { 0 } else { self.mode & !0x60 }) | DRAW_TO_DISPLAY;
                    self.set_mode(mode);
                    self.node([0x6200_0000 | color24(color), xy(x, y), xy(w as i16, h as i16), 0], 3);
                }
                Item::Sprite { x, y, sprite, tint } => self.sprite(x, y, sprite, tint),
            }
        }
        // Leave the draw mode as psx's draw environment set it, for text
        // drawn with psx's font after this list.
        if self.mode != u32::MAX {
            self.set_mode(PSX_DRAW_ENV_MODE);
        }
        // The last node ends the list.
        if let Some(last) = self.open {
            self.words[last] = (self.words[last] & 0xFF00_0000) | END;
        }
    }

    #[inline]
    fn sprite(&mut self, x: i16, y: i16, s: Sprite, tint: Rgb) {
        self.set_mode(u32::from(s.tpage) | DRAW_TO_DISPLAY);
        self.node(
            [
                0x6400_0000 | color24(tint),
                xy(x, y),
                (u32::from(s.clut) << 16) | (u32::from(s.v) << 8) | u32::from(s.u),
                xy(i16::from(s.w), i16::from(s.h)),
            ],
            4,
        );
    }

    /// Sends the built list to the GPU and returns at once; the GPU draws
    /// while the CPU goes on. Call [`Packets::wait_with`] before building again.
    pub fn send(&mut self) {
        if self.open.is_none() {
            return;
        }
        while GPUSTAT.read() & STAT_DMA_READY == 0 {}
        D2_MADR.write(self.address_of(0));
        D2_BCR.write(0);
        D2_CHCR.write(CHCR_LINKED_LIST_START);
    }

    /// Waits for the DMA to finish and the GPU to take its last command,
    /// calling `idle` while it waits (the memory card's byte pump).
    ///
    /// GPUSTAT bit 26 ("Ready to receive Cmd Word") is not "done drawing":
    /// psx-spx ("GPU Status Register") warns that it "can NOT be used to
    /// determine when the GPU is finished drawing a DMA chain of
    /// primitives, as it will briefly go high after processing each
    /// primitive". What this wait needs holds all the same: once the DMA is
    /// done the GPU has read every word of the list, so the buffer can be
    /// built again; the GPU runs the commands in order, so the next frame's
    /// clear and drawing come after the last primitive whatever it is still
    /// doing. What it may miss is the last primitives' drawing time: the
    /// `gpu=` figure of the frame meter can be short by that much, and the
    /// vblank wait that follows covers it (the buffers swap at the vblank,
    /// milliseconds later in every frame within the budget).
    pub fn wait_with(&self, mut idle: impl FnMut()) {
        while D2_CHCR.read() & CHCR_BUSY != 0 {
            idle();
        }
        while GPUSTAT.read() & (STAT_CMD_READY | STAT_DMA_READY) != (STAT_CMD_READY | STAT_DMA_READY) {
            idle();
        }
    }
}
