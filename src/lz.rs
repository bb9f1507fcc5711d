//! Unpacking the art: a small LZSS decoder.
//!
//! The card art is stored packed in the PS-EXE (the build's sprite packer,
//! `tools/sprites/src/lz.rs`, writes it) and unpacked once at boot, into a
//! buffer on the stack, on its way to VRAM. A 4 bpp page of cards is mostly
//! runs and rows that repeat, so it packs to about a fifth of its size.
//!
//! # The format
//! A stream of groups. Each group starts with a flag byte, read from its
//! lowest bit up; each bit says what comes next:
//! - `1`: a literal byte, copied as it is;
//! - `0`: a match, two bytes `a b`: copy `length` bytes starting `distance`
//!   bytes back in the output, where `distance = (b >> 4) << 8 | a` plus 1
//!   (1 to 4096) and `length = (b & 15) + 3` (3 to 17); a length field of
//!   15 means one more byte follows, and the length is that byte plus 18
//!   (18 to 273). A match may overlap the bytes it writes (distance 1
//!   repeats one byte).
//!
//! The output's size is known to both sides, so the stream has no end
//! marker: decoding stops when the output is full. Flag bits left over in
//! the last group are zero.
//!
//! [`unpack`] checks everything it reads: a corrupt stream gives an error,
//! never a panic or a write outside the output.

/// Why a packed stream could not be unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corrupt {
    /// The stream ended before the output was full.
    Truncated,
    /// A match reaches back before the start of the output.
    BadDistance,
    /// A match or a literal would write past the end of the output.
    Overrun,
    /// Bytes are left over after the output is full.
    TrailingBytes,
}

/// Fills `out` from the packed `src`. `out` must have exactly the size the
/// stream was packed from.
pub fn unpack(src: &[u8], out: &mut [u8]) -> Result<(), Corrupt> {
    let mut read = 0usize;
    let mut next = || {
        let b = src.get(read).copied().ok_or(Corrupt::Truncated);
        read += 1;
        b
    };
    let mut at = 0usize;
    while at < out.len() {
        let flags = next()?;
        for bit in 0..8 {
            if at == out.len() {
                break;
            }
            if flags >> bit & 1 == 1 {
                *out.get_mut(at).ok_or(Corrupt::Overrun)? = next()?;
                at += 1;
                continue;
            }
            let (a, b) = (next()?, next()?);
            let distance = (usize::from(b >> 4) << 8 | usize::from(a)) + 1;
            let mut length = usize::from(b & 15) + 3;
            if length == 18 {
                length += usize::from(next()?);
            }
            let from = at.checked_sub(distance).ok_or(Corrupt::BadDistance)?;
            if length > out.len() - at {
                return Err(Corrupt::Overrun);
            }
            // Byte by byte: an overlapping match reads what it just wrote.
            for k in 0..length {
                out[at + k] = out[from + k];
            }
            at += length;
        }
    }
    if read != src.len() {
        return Err(Corrupt::TrailingBytes);
    }
    Ok(())
}
