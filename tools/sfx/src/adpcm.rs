//! The PS1 SPU's ADPCM format, encoded and decoded.
//!
//! A sample is a run of 16-byte blocks, each holding 28 samples:
//!
//! | byte | meaning |
//! |---|---|
//! | 0 | bits 0-3: shift (0-12, 0 the loudest); bits 4-6: filter (0-4) |
//! | 1 | flags: bit 0 loop end, bit 1 loop repeat, bit 2 loop start |
//! | 2-15 | 28 signed 4-bit residuals, low nibble first |
//!
//! Decoding a residual `n`: `s = (n << 12) >> shift`, plus the filter's
//! prediction from the last two decoded samples `(s1 * F0 + s2 * F1 + 32) >> 6`,
//! clamped to 16 bits. The flags: a block with loop start sets the voice's
//! repeat address to itself; after a block with loop end the voice jumps
//! to the repeat address, and goes on playing there if loop repeat is set
//! too, or is released and silenced if not (a one-shot's end).
//!
//! The encoder is closed-loop: for each block it tries every filter and
//! shift against the decoder's real state and keeps the pair with the
//! smallest squared error (65 trials of 28 samples: nothing at build time).

/// Samples in a block.
pub const SAMPLES_PER_BLOCK: usize = 28;
/// Bytes in a block.
pub const BLOCK_BYTES: usize = 16;

/// Flag: the voice jumps to its repeat address after this block.
pub const FLAG_LOOP_END: u8 = 1 << 0;
/// Flag: with [`FLAG_LOOP_END`], the voice keeps playing at the repeat
/// address; without it, the voice is released and silenced.
pub const FLAG_LOOP_REPEAT: u8 = 1 << 1;
/// Flag: this block is the repeat address.
pub const FLAG_LOOP_START: u8 = 1 << 2;

/// The prediction filters' coefficients (/64): the last sample's, the one
/// before's.
pub const FILTERS: [(i32, i32); 5] = [(0, 0), (60, 0), (115, -52), (98, -55), (122, -60)];

/// How a sample ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played once: the last block ends it (the voice falls silent).
    OneShot,
    /// Looped whole, from the first block, until the voice is keyed off.
    Loop,
}

/// The decoder's memory: the last two samples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct History {
    s1: i32,
    s2: i32,
}

impl History {
    fn predict(self, filter: usize) -> i32 {
        let (f0, f1) = FILTERS[filter];
        (self.s1 * f0 + self.s2 * f1 + 32) >> 6
    }

    fn push(&mut self, s: i32) {
        self.s2 = self.s1;
        self.s1 = s;
    }
}

fn clamp16(x: i32) -> i32 {
    x.clamp(i32::from(i16::MIN), i32::from(i16::MAX))
}

/// Encodes one block's samples (up to 28; missing ones are silence) with
/// this filter and shift from `hist`; returns the nibbles, the squared error
/// and the history after it.
fn try_block(x: &[i32; SAMPLES_PER_BLOCK], filter: usize, shift: u32, hist: History) -> ([u8; 28], i64, History) {
    let mut h = hist;
    let mut nibbles = [0u8; 28];
    let mut err = 0i64;
    let step = 4096 >> shift; // the value of residual 1 at this shift
    for (i, &target) in x.iter().enumerate() {
        let pred = h.predict(filter);
        let residual = target - pred;
        // Nearest residual in -8..=7.
        let n = ((residual as f64) / f64::from(step)).round().clamp(-8.0, 7.0) as i32;
        let s = clamp16(((n << 12) >> shift) + pred);
        let e = i64::from(target - s);
        err += e * e;
        nibbles[i] = (n & 0xF) as u8;
        h.push(s);
    }
    (nibbles, err, h)
}

/// Encodes 16-bit samples into SPU ADPCM blocks with their loop flags.
/// The last block is padded with silence. A looped sample's first block
/// uses filter 0 (no prediction), so that it decodes the same on the first
/// pass (history zero at key-on) and after each jump back.
pub fn encode(samples: &[i16], ending: Ending) -> Vec<u8> {
    let blocks = samples.len().div_ceil(SAMPLES_PER_BLOCK).max(1);
    let mut out = Vec::with_capacity(blocks * BLOCK_BYTES);
    let mut hist = History::default();
    for b in 0..blocks {
        let mut x = [0i32; SAMPLES_PER_BLOCK];
        for (i, v) in x.iter_mut().enumerate() {
            *v = samples.get(b * SAMPLES_PER_BLOCK + i).map_or(0, |s| i32::from(*s));
        }
        let filters = if ending == Ending::Loop && b == 0 { 0..1 } else { 0..FILTERS.len() };
        let mut best: Option<(i64, usize, u32, [u8; 28], History)> = None;
        for filter in filters {
            for shift in 0..=12 {
                let (nib, err, h) = try_block(&x, filter, shift, hist);
                if best.as_ref().is_none_or(|b| err < b.0) {
                    best = Some((err, filter, shift, nib, h));
                }
            }
        }
        let (_, filter, shift, nib, h) = best.expect("at least one filter tried");
        hist = h;
        let mut flags = 0;
        let last = b + 1 == blocks;
        match ending {
            Ending::OneShot => {
                if b == 0 {
                    // The repeat address is this sample's start, so the jump
                    // after its end stays inside it (silenced).
                    flags |= FLAG_LOOP_START;
                }
                if last {
                    flags |= FLAG_LOOP_END;
                }
            }
            Ending::Loop => {
                if b == 0 {
                    flags |= FLAG_LOOP_START;
                }
                if last {
                    flags |= FLAG_LOOP_END | FLAG_LOOP_REPEAT;
                }
            }
        }
        out.push((shift as u8) | ((filter as u8) << 4));
        out.push(flags);
        for pair in nib.chunks(2) {
            out.push(pair[0] | (pair[1] << 4));
        }
    }
    out
}

/// Decodes ADPCM blocks as the SPU does (one pass: loops are not
/// followed). Returns the samples and each block's flags.
pub fn decode(blocks: &[u8]) -> (Vec<i16>, Vec<u8>) {
    let mut hist = History::default();
    let mut out = Vec::with_capacity(blocks.len() / BLOCK_BYTES * SAMPLES_PER_BLOCK);
    let mut flags = Vec::with_capacity(blocks.len() / BLOCK_BYTES);
    for block in blocks.chunks_exact(BLOCK_BYTES) {
        // Shifts 13-15 behave as 9 on the console.
        let shift = match u32::from(block[0] & 0xF) {
            s @ 0..=12 => s,
            _ => 9,
        };
        let filter = usize::from((block[0] >> 4) & 0x7).min(FILTERS.len() - 1);
        flags.push(block[1]);
        for i in 0..SAMPLES_PER_BLOCK {
            let byte = block[2 + i / 2];
            let nib = if i % 2 == 0 { byte & 0xF } else { byte >> 4 };
            let n = i32::from(((nib << 4) as i8) >> 4);
            let s = clamp16(((n << 12) >> shift) + hist.predict(filter));
            hist.push(s);
            out.push(s as i16);
        }
    }
    (out, flags)
}

/// Signal-to-noise ratio in dB of `decoded` against `source` (the first
/// `source.len()` samples); infinite for an exact copy.
pub fn snr_db(source: &[i16], decoded: &[i16]) -> f64 {
    let (mut sig, mut noise) = (0f64, 0f64);
    for (i, &s) in source.iter().enumerate() {
        let d = decoded.get(i).copied().unwrap_or(0);
        sig += f64::from(s) * f64::from(s);
        let e = f64::from(s) - f64::from(d);
        noise += e * e;
    }
    if noise == 0.0 {
        f64::INFINITY
    } else {
        10.0 * (sig / noise).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(n: usize, period: f64, amp: f64) -> Vec<i16> {
        (0..n).map(|i| (amp * (i as f64 * std::f64::consts::TAU / period).sin()) as i16).collect()
    }

    #[test]
    fn blocks_of_28_samples_in_16_bytes() {
        let enc = encode(&sine(100, 37.0, 8000.0), Ending::OneShot);
        assert_eq!(enc.len(), 4 * BLOCK_BYTES);
        let (dec, flags) = decode(&enc);
        assert_eq!(dec.len(), 4 * SAMPLES_PER_BLOCK);
        assert_eq!(flags, vec![FLAG_LOOP_START, 0, 0, FLAG_LOOP_END]);
    }

    #[test]
    fn loop_flags_and_first_block_unpredicted() {
        let enc = encode(&sine(56, 56.0, 12000.0), Ending::Loop);
        let (_, flags) = decode(&enc);
        assert_eq!(flags, vec![FLAG_LOOP_START, FLAG_LOOP_END | FLAG_LOOP_REPEAT]);
        assert_eq!(enc[0] >> 4, 0, "the loop's first block uses filter 0");
    }

    #[test]
    fn silence_is_exact() {
        let enc = encode(&[0; 56], Ending::OneShot);
        let (dec, _) = decode(&enc);
        assert!(dec.iter().all(|s| *s == 0));
    }

    #[test]
    fn sine_round_trip_above_30_db() {
        for period in [9.0, 23.5, 100.0, 400.0] {
            let src = sine(2800, period, 20000.0);
            let (dec, _) = decode(&encode(&src, Ending::OneShot));
            let snr = snr_db(&src, &dec);
            assert!(snr > 30.0, "period {period}: {snr:.1} dB");
        }
    }

    #[test]
    fn full_scale_square_does_not_wrap() {
        let src: Vec<i16> = (0..560).map(|i| if (i / 20) % 2 == 0 { 32767 } else { -32768 }).collect();
        let (dec, _) = decode(&encode(&src, Ending::OneShot));
        assert!(snr_db(&src, &dec) > 15.0);
    }

    #[test]
    fn decoder_nibble_sign_and_shift() {
        // Filter 0, shift 12: residual n decodes to n exactly.
        let mut block = [0u8; 16];
        block[0] = 12;
        block[2] = 0x8F; // -1, then -8
        block[3] = 0x07; // 7, then 0
        let (dec, _) = decode(&block);
        assert_eq!(&dec[..4], &[-1, -8, 7, 0]);
    }
}
