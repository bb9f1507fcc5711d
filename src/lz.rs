//! Unpacking: a small LZ decoder, for the art and for the game itself.
//!
//! The card art is stored packed in the PS-EXE (the build's sprite packer
//! writes it with `tools/lz`) and unpacked once at boot, into a buffer on
//! the stack, on its way to VRAM. The whole game is packed the same way
//! behind a small unpacker (`tools/pack`, `tools/unpack`), which includes
//! this very file. A 4 bpp page of cards is mostly runs and rows that
//! repeat; MIPS code is mostly repeats a long way back, which is why
//! distances reach across the whole game.
//!
//! # The format
//! One stream of bytes. Some are *bit bytes*: whenever the decoder needs a
//! bit and has none left, the next byte of the stream gives it eight, read
//! from the top bit down. The other bytes (literals, the low byte of a
//! distance) are read where the decoder is when it needs them. A *number*
//! (1 or more) is an Elias gamma code with its bits interleaved: start
//! from 1; while the next bit is 1, shift in the bit after it; a 0 ends it
//! (1 is `0`, 2 is `1 0 0`, 3 is `1 1 0`, 4 is `1 0 1 0 0`).
//!
//! The output is a sequence of pieces, each starting with a bit:
//! - `0` after a match (or at the start): a *literal run*: a number `n`,
//!   then `n` bytes copied as they are;
//! - `0` after a literal run: a *match at the last distance*: a number
//!   `n`, then `n` bytes copied from as far back as the last match with a
//!   new distance reached;
//! - `1`: a *match with a new distance*: a number `h`, a byte `l`, a number
//!   `m`: copy `m + 1` bytes from `((h - 1) << 8 | l) + 1` bytes back.
//!
//! A match may overlap the bytes it writes (distance 1 repeats one byte).
//! The output's size is known to both sides, so the stream has no end
//! marker: decoding stops when the output is full. Bits left over in the
//! last bit byte are zero.
//!
//! Packed so, the game takes 47% of its size, where a plain LZSS with a
//! 4 KiB window takes 59% (the README's size table).
//!
//! [`unpack`] checks everything it reads: a corrupt stream gives an error,
//! never a panic or a write outside the output.

/// Why a packed stream could not be unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corrupt {
    /// The stream ended before the output was full.
    Truncated,
    /// A match reaches back before the start of the output, or a match at
    /// the last distance comes before any distance.
    BadDistance,
    /// A match or a literal run would write past the end of the output.
    Overrun,
    /// Bytes are left over after the output is full.
    TrailingBytes,
}

/// A number above this is refused as it is read (no output is so big: the
/// console has 2 MiB).
const LARGEST: usize = 1 << 22;

/// The stream, with the bits of the bit byte read last. Reading past its
/// end gives zeros and sets `short`, which [`unpack`] checks once a piece:
/// no error path in the reads themselves (the unpacker at boot is this
/// loop, so it is kept tight).
struct Stream<'a> {
    src: &'a [u8],
    at: usize,
    /// The bit byte's unread bits at the top, then a 1 marking their end:
    /// empty when only the marker is left (or before the first).
    held: u32,
    short: bool,
}

impl Stream<'_> {
    #[inline(always)]
    fn byte(&mut self) -> u8 {
        match self.src.get(self.at) {
            Some(&b) => {
                self.at += 1;
                b
            }
            None => {
                self.short = true;
                0
            }
        }
    }

    #[inline(always)]
    fn bit(&mut self) -> bool {
        if self.held << 1 == 0 {
            self.held = u32::from(self.byte()) << 24 | 1 << 23;
        }
        let one = self.held >> 31 == 1;
        self.held <<= 1;
        one
    }

    /// A number; 0 when it is larger than any output.
    #[inline(always)]
    fn number(&mut self) -> usize {
        let mut n = 1usize;
        while self.bit() {
            n = n << 1 | usize::from(self.bit());
            if n > LARGEST {
                return 0;
            }
        }
        n
    }
}

/// Copies `len` bytes to `out[at..]` from `distance` bytes back; the room
/// is checked by the caller.
#[inline(always)]
fn copy_back(out: &mut [u8], at: usize, distance: usize, len: usize) -> Result<(), Corrupt> {
    let from = at.checked_sub(distance).filter(|_| distance > 0).ok_or(Corrupt::BadDistance)?;
    // Byte by byte, as most matches are short; an overlapping match reads
    // what it just wrote.
    let window = &mut out[from..at + len];
    for k in 0..len {
        window[distance + k] = window[k];
    }
    Ok(())
}

/// Fills `out` from the packed `src`. `out` must have exactly the size the
/// stream was packed from.
pub fn unpack(src: &[u8], out: &mut [u8]) -> Result<(), Corrupt> {
    let mut s = Stream { src, at: 0, held: 0, short: false };
    let mut at = 0usize;
    // The last new distance (0: none yet), and whether a run came last.
    let mut last = 0usize;
    let mut after_run = false;
    while at < out.len() {
        let room = out.len() - at;
        if s.bit() {
            let (high, low, more) = (s.number(), s.byte(), s.number());
            if s.short {
                return Err(Corrupt::Truncated);
            }
            if high == 0 || more == 0 || more >= room {
                return Err(Corrupt::Overrun);
            }
            let distance = ((high - 1) << 8 | usize::from(low)) + 1;
            let len = more + 1;
            copy_back(out, at, distance, len)?;
            last = distance;
            after_run = false;
            at += len;
        } else {
            let len = s.number();
            if s.short {
                return Err(Corrupt::Truncated);
            }
            if len == 0 || len > room {
                return Err(Corrupt::Overrun);
            }
            if after_run {
                copy_back(out, at, last, len)?;
            } else {
                let bytes = src.get(s.at..s.at + len).ok_or(Corrupt::Truncated)?;
                for (o, b) in out[at..at + len].iter_mut().zip(bytes) {
                    *o = *b;
                }
                s.at += len;
            }
            after_run = !after_run;
            at += len;
        }
    }
    if s.short {
        return Err(Corrupt::Truncated);
    }
    if s.at != src.len() {
        return Err(Corrupt::TrailingBytes);
    }
    Ok(())
}
