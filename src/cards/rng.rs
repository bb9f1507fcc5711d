//! The deal generator: PCG32 (PCG-XSH-RR 64/32, M. E. O'Neill, 2014).
//!
//! Why this one: deals must come out the same on the host and on the PS1 on
//! every build, so the generator is the project's own, never a platform
//! one. PCG32 is small (one 64-bit state), fully specified by a published
//! reference implementation (so anyone can reproduce a deal from its
//! number), statistically sound for shuffling 48 cards, and needs only
//! integer multiply and shifts, which the MIPS I does (the 64-bit multiply
//! in software: a few hundred cycles, 52 times a deal).
//!
//! Seeding follows the reference `pcg32_srandom_r(initstate, initseq)` with
//! `initstate` = the deal number and `initseq` = [`STREAM`].

/// The PCG multiplier.
const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
/// The stream (sequence) selector: fixed, so that the deal number alone
/// names a deal. The value is the reference implementation's example stream.
pub const STREAM: u64 = 54;

/// A PCG32 generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg32 {
    state: u64,
    inc: u64,
}

impl Pcg32 {
    /// The generator for deal number `seed`.
    pub fn new(seed: u32) -> Self {
        let mut rng = Pcg32 { state: 0, inc: (STREAM << 1) | 1 };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(u64::from(seed));
        rng.next_u32();
        rng
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// A uniform number in `0..bound`, without modulo bias: draws below
    /// `2^32 mod bound` are rejected, as the reference `pcg32_boundedrand_r`
    /// does (which also draws once for a bound of 1). A bound of 0 gives 0.
    pub fn below(&mut self, bound: u32) -> u32 {
        if bound == 0 {
            return 0;
        }
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let r = self.next_u32();
            if r >= threshold {
                return r % bound;
            }
        }
    }
}
