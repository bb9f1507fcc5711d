//! The display: two 320x240 buffers in VRAM, one shown while the other is
//! drawn, swapped at vertical blank; and the wait for that blank, which also
//! tells the frame meter when a frame came too late.

use super::mmio::{Reg16, IRQ_VBLANK, I_STAT};
use psx::gpu::VideoMode;
use psx::Framebuffer;

/// The interrupt mask (I_MASK). Kept at 0: this game polls every device, so
/// no interrupt ever reaches the CPU, whatever the BIOS does with SR.
const I_MASK: Reg16 = Reg16::io(0x1F80_1074);

/// Screen width in pixels.
pub const WIDTH: i16 = 320;
/// Screen height in pixels.
pub const HEIGHT: i16 = 240;

/// The video mode this build drives: NTSC, or PAL with `--features pal`.
pub const MODE: VideoMode = if cfg!(feature = "pal") { VideoMode::PAL } else { VideoMode::NTSC };

/// Lines of each display buffer: a PAL screen has 256 (psx refuses a
/// 240-line PAL mode, and that refusal hangs a PAL build at boot); the
/// game draws the top 240 of them, the rest stays the clear colour.
const LINES: i16 = if cfg!(feature = "pal") { 256 } else { HEIGHT };

/// The double-buffered screen.
pub struct Video {
    /// psx's framebuffer: display/draw environments and the GPU ports.
    pub fb: Framebuffer,
}

impl Video {
    /// Resets the GPU, sets the mode, places the buffers at (0,0) and
    /// (0,240) (PAL: (0,256)), and turns the display on. Each swap clears
    /// the buffer to be drawn to `clear`.
    pub fn new(clear: farewell::draw::Rgb) -> Self {
        let bg = psx::gpu::Color { red: clear.0, green: clear.1, blue: clear.2 };
        let fb = match Framebuffer::new((0, 0), (0, LINES), (WIDTH, LINES), MODE, Some(bg)) {
            Ok(fb) => fb,
            // The arguments are constants that psx accepts; this arm is
            // never taken, and a hang here would show as no AFTK BOOT.
            Err(_) => loop {
                core::hint::spin_loop();
            },
        };
        // psx enables the vblank interrupt; this layer polls I_STAT instead.
        I_MASK.write(0);
        Video { fb }
    }

    /// Waits for the next vertical blank and acknowledges it. Returns how
    /// many vblanks went by unseen since the last call (0 when the frame's
    /// work finished in time).
    pub fn wait_vblank(&mut self) -> u32 {
        self.wait_vblank_with(|| {})
    }

    /// As [`Video::wait_vblank`], calling `idle` while it waits (the memory
    /// card's byte pump: a few register reads, so the blank is still seen
    /// within microseconds).
    pub fn wait_vblank_with(&mut self, mut idle: impl FnMut()) -> u32 {
        let missed = u32::from(I_STAT.read() & IRQ_VBLANK != 0);
        I_STAT.write(!IRQ_VBLANK);
        while I_STAT.read() & IRQ_VBLANK == 0 {
            idle();
        }
        I_STAT.write(!IRQ_VBLANK);
        missed
    }

    /// Shows the buffer just drawn and clears the other one for drawing.
    pub fn swap(&mut self) {
        self.fb.swap();
    }

    /// Waits until the GPU has finished the commands sent so far.
    pub fn draw_sync(&mut self) {
        self.fb.draw_sync();
    }
}
