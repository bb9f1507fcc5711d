//! The memory card, sector by sector, through the port (no BIOS card
//! functions: they need the BIOS's interrupt handlers, which this game keeps
//! off, and direct access behaves the same under PCSX-Reloaded's HLE BIOS
//! as on a console).
//!
//! A card holds 1024 sectors ("frames") of 128 bytes (see `farewell::memcard`). Read: `81 52 00 00
//! MSB LSB 00 00 00 00` then 128 data bytes, a checksum (XOR of the address
//! and data) and an end byte, `47` ("G") when good. Write: `81 57 00 00 MSB
//! LSB`, 128 data bytes, the checksum, `00 00 00`; the card answers `5C 5D`
//! then `47`. Each byte but the last is acknowledged. The reply to the
//! command byte is the card's FLAG: bit 3 set means "new" (inserted or
//! powered up and not written since; a completed write clears it), which
//! is how a card swap is noticed (see `farewell::memcard::session`).

use super::sio::{Slot, Transfer};
use super::timer::Clock;

/// Bytes in a sector.
pub const SECTOR: usize = 128;

/// Why a card access failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardError {
    /// Nothing answered in the slot.
    NoCard,
    /// Something answered, but not as a memory card does.
    Protocol,
    /// The data's checksum did not match.
    Checksum,
    /// The card reported a bad sector or a write error.
    BadSector,
    /// A guarded write met a card whose FLAG says "new": the command was
    /// dropped before the sector number, nothing was written.
    NewCard,
}

/// FLAG bit 3: the card is new (inserted or powered up, not written since).
/// A completed write clears it.
pub const FLAG_NEW: u8 = 0x08;

/// The memory-card address byte (a pad answers to 0x01).
const CARD: u8 = 0x81;
/// Read and write commands.
const READ: u8 = b'R';
const WRITE: u8 = b'W';
/// The card's "good" end byte.
const GOOD: u8 = b'G';

/// Sends a byte that must be acknowledged; returns what came back.
fn step(t: &mut Transfer<'_>, out: u8) -> Result<u8, CardError> {
    match t.exchange(out) {
        Some((b, true)) => Ok(b),
        Some((_, false)) => Err(CardError::Protocol),
        None => Err(CardError::NoCard),
    }
}

/// Reads sector `n` into `buf`; returns the card's FLAG byte.
pub fn read(clock: &Clock, slot: Slot, n: u16, buf: &mut [u8; SECTOR]) -> Result<u8, CardError> {
    let [msb, lsb] = n.to_be_bytes();
    let mut t = Transfer::begin(clock, slot);
    match t.exchange(CARD) {
        Some((_, true)) => {}
        _ => return Err(CardError::NoCard),
    }
    let flag = step(&mut t, READ)?;
    let id = (step(&mut t, 0)?, step(&mut t, 0)?);
    if id != (0x5A, 0x5D) {
        return Err(CardError::Protocol);
    }
    step(&mut t, msb)?;
    step(&mut t, lsb)?;
    let ack = (step(&mut t, 0)?, step(&mut t, 0)?);
    if ack != (0x5C, 0x5D) {
        return Err(CardError::Protocol);
    }
    let confirm = (step(&mut t, 0)?, step(&mut t, 0)?);
    if confirm != (msb, lsb) {
        return Err(CardError::BadSector);
    }
    let mut sum = msb ^ lsb;
    for b in buf.iter_mut() {
        *b = step(&mut t, 0)?;
        sum ^= *b;
    }
    let check = step(&mut t, 0)?;
    let end = match t.exchange(0) {
        Some((b, _)) => b,
        None => return Err(CardError::Protocol),
    };
    if check != sum {
        return Err(CardError::Checksum);
    }
    if end != GOOD {
        return Err(CardError::BadSector);
    }
    Ok(flag)
}

/// Writes `data` to sector `n`. With `guard`, a card whose FLAG (the reply
/// to the command byte) says new gets nothing more: dropping the transfer
/// deselects it before the sector number is sent, so the card abandons the
/// command and writes nothing ([`CardError::NewCard`]).
pub fn write(clock: &Clock, slot: Slot, n: u16, data: &[u8; SECTOR], guard: bool) -> Result<(), CardError> {
    let [msb, lsb] = n.to_be_bytes();
    let mut t = Transfer::begin(clock, slot);
    match t.exchange(CARD) {
        Some((_, true)) => {}
        _ => return Err(CardError::NoCard),
    }
    let flag = step(&mut t, WRITE)?;
    if guard && flag & FLAG_NEW != 0 {
        return Err(CardError::NewCard);
    }
    let id = (step(&mut t, 0)?, step(&mut t, 0)?);
    if id != (0x5A, 0x5D) {
        return Err(CardError::Protocol);
    }
    step(&mut t, msb)?;
    step(&mut t, lsb)?;
    let mut sum = msb ^ lsb;
    for &b in data.iter() {
        step(&mut t, b)?;
        sum ^= b;
    }
    step(&mut t, sum)?;
    let ack = (step(&mut t, 0)?, step(&mut t, 0)?);
    if ack != (0x5C, 0x5D) {
        return Err(CardError::Protocol);
    }
    let end = match t.exchange(0) {
        Some((b, _)) => b,
        None => return Err(CardError::Protocol),
    };
    if end != GOOD {
        return Err(CardError::BadSector);
    }
    Ok(())
}
