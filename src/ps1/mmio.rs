//! Memory-mapped I/O registers of the PS1, as typed addresses.
//!
//! psx 0.1.8 wraps the GPU, DMA and interrupt registers but not the
//! controller port (SIO0) or the root counters, so this layer reaches them
//! itself. Each register is a constant with a fixed, documented address; the
//! volatile access is the only `unsafe` and lives here.

/// A 16-bit hardware register.
#[derive(Clone, Copy)]
pub struct Reg16(pub usize);

/// An 8-bit hardware register.
#[derive(Clone, Copy)]
pub struct Reg8(pub usize);

impl Reg16 {
    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u16 {
        // SAFETY: every `Reg16` in this crate is a constant naming a 16-bit
        // I/O register of the PS1 (see the constants' docs); a volatile read
        // of it has no effect on Rust-visible memory.
        unsafe { core::ptr::read_volatile(self.0 as *const u16) }
    }

    /// Writes the register.
    #[inline(always)]
    pub fn write(self, value: u16) {
        // SAFETY: as for `read`; the register is I/O space, not memory that
        // any Rust object lives in.
        unsafe { core::ptr::write_volatile(self.0 as *mut u16, value) }
    }
}

impl Reg8 {
    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u8 {
        // SAFETY: every `Reg8` in this crate is a constant naming an 8-bit I/O
        // register of the PS1; a volatile read has no effect on Rust memory.
        unsafe { core::ptr::read_volatile(self.0 as *const u8) }
    }

    /// Writes the register.
    #[inline(always)]
    pub fn write(self, value: u8) {
        // SAFETY: as for `read`: I/O space, not memory of any Rust object.
        unsafe { core::ptr::write_volatile(self.0 as *mut u8, value) }
    }
}

/// Interrupt status (I_STAT): a bit per interrupt source, set by hardware,
/// cleared by writing 0 to it. Read here even with CPU interrupts off.
pub const I_STAT: Reg16 = Reg16(0x1F80_1070);
/// I_STAT bit of the vertical blank.
pub const IRQ_VBLANK: u16 = 1 << 0;
/// I_STAT bit of the controller/memory card port.
pub const IRQ_SIO0: u16 = 1 << 7;

/// A 32-bit hardware register.
#[derive(Clone, Copy)]
pub struct Reg32(pub usize);

impl Reg32 {
    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u32 {
        // SAFETY: every `Reg32` in this crate is a constant naming a 32-bit
        // I/O register of the PS1 (GPU, DMA); a volatile read has no effect
        // on Rust-visible memory.
        unsafe { core::ptr::read_volatile(self.0 as *const u32) }
    }

    /// Writes the register.
    #[inline(always)]
    pub fn write(self, value: u32) {
        // SAFETY: as for `read`: I/O space. A DMA started through these
        // registers reads memory the caller keeps alive until it ends
        // (`Packets::wait`).
        unsafe { core::ptr::write_volatile(self.0 as *mut u32, value) }
    }
}
