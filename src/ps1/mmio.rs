//! Memory-mapped I/O registers of the PS1, as typed addresses.
//!
//! psx 0.1.8 wraps the GPU, DMA and interrupt registers but not the
//! controller port (SIO0) or the root counters, so this layer reaches them
//! itself. Each register is a constant with a fixed, documented address; the
//! volatile access is the only `unsafe` and lives here.
//!
//! A register's address is private: the only way to name one is
//! [`Reg16::io`] (and its 8- and 32-bit twins), which takes an address in
//! the PS1's I/O ports (0x1F80_1000 to 0x1F80_2FFF) aligned to the
//! register's width and nothing else; in a constant the check runs when the
//! game is compiled. No code can point a register at RAM.

/// A 16-bit hardware register.
#[derive(Clone, Copy)]
pub struct Reg16(usize);

/// An 8-bit hardware register.
#[derive(Clone, Copy)]
pub struct Reg8(usize);

/// The PS1's I/O ports.
const IO: core::ops::Range<usize> = 0x1F80_1000..0x1F80_3000;

/// True for an address of the I/O ports aligned to `width` bytes.
const fn is_io(addr: usize, width: usize) -> bool {
    addr >= IO.start && addr + width <= IO.end && addr % width == 0
}

impl Reg16 {
    /// The 16-bit register at `addr`, an I/O port (see the module's notes).
    pub const fn io(addr: usize) -> Reg16 {
        assert!(is_io(addr, 2), "not a 16-bit I/O register");
        Reg16(addr)
    }

    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u16 {
        // SAFETY: a `Reg16` is made only by `Reg16::io`, which takes an
        // aligned address of the PS1's I/O ports and nothing else; a volatile read
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
    /// The 8-bit register at `addr`, an I/O port.
    pub const fn io(addr: usize) -> Reg8 {
        assert!(is_io(addr, 1), "not an I/O register");
        Reg8(addr)
    }

    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u8 {
        // SAFETY: a `Reg8` is made only by `Reg8::io`, which takes an address
        // of the PS1's I/O ports and nothing else; a volatile read has no effect on Rust memory.
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
pub const I_STAT: Reg16 = Reg16::io(0x1F80_1070);
/// I_STAT bit of the vertical blank.
pub const IRQ_VBLANK: u16 = 1 << 0;
/// I_STAT bit of the controller/memory card port.
pub const IRQ_SIO0: u16 = 1 << 7;

/// A 32-bit hardware register.
#[derive(Clone, Copy)]
pub struct Reg32(usize);

impl Reg32 {
    /// The 32-bit register at `addr`, an I/O port.
    pub const fn io(addr: usize) -> Reg32 {
        assert!(is_io(addr, 4), "not a 32-bit I/O register");
        Reg32(addr)
    }

    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u32 {
        // SAFETY: a `Reg32` is made only by `Reg32::io`, which takes an
        // aligned address of the PS1's I/O ports (GPU, DMA) and nothing else; a volatile read has no effect
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

/// The BIOS ROM: 512 KiB from 0xBFC00000 (KSEG1, uncached).
const BIOS_ROM: usize = 0xBFC0_0000;
const BIOS_ROM_SIZE: usize = 512 * 1024;

/// Byte `offset` of the BIOS ROM (0 past its end): its header says whose
/// kernel it is (psx-spx, "BIOS Memory Map").
pub fn bios_rom_byte(offset: usize) -> u8 {
    if offset >= BIOS_ROM_SIZE {
        return 0;
    }
    // SAFETY: the BIOS ROM is read-only memory, always mapped at
    // 0xBFC00000 on the console (and in emulators: PCSX-Reloaded's HLE
    // BIOS leaves it blank); `offset` is inside its 512 KiB. A read has no
    // side effect and no Rust object lives there.
    unsafe { core::ptr::read_volatile((BIOS_ROM + offset) as *const u8) }
}
