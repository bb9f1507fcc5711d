//! The event log kept in RAM, for whoever can read the console's memory: an
//! emulator's host (the web page and the PCSX ReARMed test lane read it out
//! of the emulator's memory, as that core prints no TTY), a debugger, a
//! memory dump of a real console.
//!
//! Every byte the game logs is also written here, in a ring that is never
//! drained: a reader keeps its own count of the bytes it has read, compares
//! it with [`LogRing::written`] and reads the difference; if it fell more
//! than [`SIZE`] bytes behind, what it missed is gone and it can tell.
//!
//! The layout is a contract with those readers, all little-endian:
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 12 | [`MAGIC`] |
//! | 12 | 4 | the record's own address as the console sees it (KSEG0) |
//! | 16 | 4 | the size of the data ring, [`SIZE`] |
//! | 20 | 4 | bytes ever written, modulo 2^32 ([`LogRing::written`]) |
//! | 24 | [`SIZE`] | the ring: byte `i` of the log is at `24 + i % SIZE` |
//!
//! A reader finds the record by its magic and checks that the address field
//! agrees with where it found it (the offset into RAM, ORed with
//! 0x8000_0000): a copy of the magic anywhere else (the program's own image,
//! a stale stack) does not. The magic and the address are written with the
//! first byte logged, not by the constructor, so the record is only found
//! once it is live.

/// The record's first bytes, once it holds a log.
pub const MAGIC: [u8; 12] = *b"AFTK LOGRING";

/// Bytes the ring keeps: a reader polling once a frame is never that far
/// behind (a move of the largest grid logs about 600 bytes).
pub const SIZE: usize = 16384;

/// Where the fields sit in the record (the table above), as the compiler
/// lays them out.
pub mod offset {
    use super::LogRing;
    use core::mem::offset_of;
    /// The magic.
    pub const MAGIC: usize = offset_of!(LogRing, magic);
    /// The address field.
    pub const ADDR: usize = offset_of!(LogRing, addr);
    /// The size field.
    pub const SIZE: usize = offset_of!(LogRing, size);
    /// The count of bytes written.
    pub const WRITTEN: usize = offset_of!(LogRing, written);
    /// The ring's first byte.
    pub const DATA: usize = offset_of!(LogRing, data);
}

/// The log ring (see the module's documentation for its layout).
#[repr(C)]
pub struct LogRing {
    magic: [u8; 12],
    addr: u32,
    size: u32,
    written: u32,
    data: [u8; SIZE],
}

impl Default for LogRing {
    fn default() -> Self {
        Self::new()
    }
}

impl LogRing {
    /// An empty ring, not yet marked with its magic.
    pub const fn new() -> Self {
        LogRing { magic: [0; 12], addr: 0, size: SIZE as u32, written: 0, data: [0; SIZE] }
    }

    /// Bytes ever written, modulo 2^32.
    pub fn written(&self) -> u32 {
        self.written
    }

    /// Whether the record is marked (the magic and its own address written),
    /// as a reader would find it.
    pub fn is_marked(&self) -> bool {
        self.magic == MAGIC && self.addr == self.here()
    }

    /// The record's address as a 32-bit number (the console's, on the
    /// console).
    fn here(&self) -> u32 {
        self as *const Self as usize as u32
    }

    /// Appends `bytes` to the log, overwriting the oldest when the ring is
    /// full, and marks the record (again, should it have moved).
    pub fn write(&mut self, bytes: &[u8]) {
        let here = self.here();
        if self.addr != here || self.magic != MAGIC {
            self.addr = here;
            self.magic = MAGIC;
        }
        // Only the last SIZE bytes of a longer write can be kept.
        let skip = bytes.len().saturating_sub(SIZE);
        self.written = self.written.wrapping_add(skip as u32);
        let mut rest = &bytes[skip..];
        while !rest.is_empty() {
            let at = self.written as usize % SIZE;
            let n = rest.len().min(SIZE - at);
            self.data[at..at + n].copy_from_slice(&rest[..n]);
            self.written = self.written.wrapping_add(n as u32);
            rest = &rest[n..];
        }
        // Nothing in the program reads the ring: keep the compiler from
        // treating these stores as dead.
        core::hint::black_box(&*self);
    }

    /// What a reader that has read `read` bytes so far finds new: the
    /// bytes it missed (overwritten before it came back), then the bytes
    /// still in the ring, as at most two slices, oldest first.
    pub fn since(&self, read: u32) -> (u32, &[u8], &[u8]) {
        let new = self.written.wrapping_sub(read);
        let kept = new.min(SIZE as u32);
        let lost = new - kept;
        let start = self.written.wrapping_sub(kept) as usize % SIZE;
        let first = (kept as usize).min(SIZE - start);
        (lost, &self.data[start..start + first], &self.data[..kept as usize - first])
    }
}
