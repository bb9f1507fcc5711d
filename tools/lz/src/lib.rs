//! The encoder matching the game's decoder (`src/lz.rs`, which describes
//! the format: literal runs, matches with a new distance, and matches
//! that reuse the last distance, their numbers in Elias gamma codes). The
//! build packs the card art with it (`tools/sprites`), and `tools/pack` the
//! whole PS-EXE.
//!
//! The parse is optimal for a cost model that is exact but for literal
//! runs longer than [`RUN`] (each further byte is counted as 8 bits, not
//! the one or two bits its longer length code may take): for every
//! position the cheapest way to reach it is kept twice, once ending with a
//! literal run and once ending with a match, because what may follow
//! differs (only a run may be followed by a match at the last distance).
//! Each state keeps its own last distance. The matches tried at a position
//! come from a hash chain of 3-byte prefixes: for each distance found that
//! reaches further than every nearer one, every length it allows.
//! Packing happens once per build, so it favours a small stream over speed.

/// Matches reach back at most this far (256 KiB: the whole game).
const WINDOW: usize = 1 << 18;
/// Positions tried per byte.
const CHAIN: usize = 256;
/// Longest match or literal run the parse sizes exactly (the format has
/// no limit; a longer stretch of repeats is several matches).
const LONGEST: usize = 4096;
/// Literal runs tried in one go from a match; a longer run grows a byte
/// at a time.
const RUN: usize = 64;
/// Lengths of one candidate tried one by one; past this only its longest.
const EACH: usize = 256;

/// Bits of the gamma code of `n` (at least 1): a 1 and a bit for every bit
/// below its top one, then a 0.
fn gamma_bits(n: usize) -> usize {
    debug_assert!(n >= 1);
    2 * (usize::BITS - n.leading_zeros()) as usize - 1
}

/// Bits of a match with a new distance.
fn match_bits(distance: usize, len: usize) -> usize {
    1 + gamma_bits(((distance - 1) >> 8) + 1) + 8 + gamma_bits(len - 1)
}

/// How the cheapest way to a position got there.
#[derive(Clone, Copy)]
enum Step {
    /// Unreached (or the start).
    None,
    /// Literals from `from`; `extends`: the run already under way at
    /// `from` goes on, else it starts there after a match.
    Run { from: usize, extends: bool },
    /// A match at the last distance, after the run that ends at `from`.
    Again { from: usize },
    /// A match at `distance`, after a run (`after_run`) or a match.
    Match { from: usize, distance: usize, after_run: bool },
}

#[derive(Clone, Copy)]
struct State {
    bits: usize,
    /// The last match's distance (0: none yet).
    last: usize,
    step: Step,
}

const UNREACHED: State = State { bits: usize::MAX, last: 0, step: Step::None };

fn relax(slot: &mut State, bits: usize, last: usize, step: Step) {
    if bits < slot.bits {
        *slot = State { bits, last, step };
    }
}

/// Bits written most significant first into bytes placed in the stream
/// where the decoder first needs them, between the literal bytes.
struct Writer {
    out: Vec<u8>,
    bit_byte: usize,
    free: u32,
}

impl Writer {
    fn bit(&mut self, one: bool) {
        if self.free == 0 {
            self.bit_byte = self.out.len();
            self.out.push(0);
            self.free = 8;
        }
        self.free -= 1;
        if one {
            self.out[self.bit_byte] |= 1 << self.free;
        }
    }

    fn number(&mut self, n: usize) {
        debug_assert!(n >= 1);
        let top = usize::BITS - 1 - n.leading_zeros();
        for k in (0..top).rev() {
            self.bit(true);
            self.bit(n >> k & 1 == 1);
        }
        self.bit(false);
    }
}

/// How many bytes from `a` equal those from `b` (`b < a`), at most `max`.
fn common(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let max = max.min(data.len() - a);
    let mut n = 0;
    while n < max && data[a + n] == data[b + n] {
        n += 1;
    }
    n
}

/// For every position, the distances worth trying and how far each
/// reaches: nearest first, each reaching further than the one before.
fn candidates(data: &[u8]) -> Vec<Vec<(usize, usize)>> {
    let n = data.len();
    let mut found = vec![Vec::new(); n];
    if n < 3 {
        return found;
    }
    let hash =
        |i: usize| (usize::from(data[i]) << 8 ^ usize::from(data[i + 1]) << 4 ^ usize::from(data[i + 2])) & 0xFFFF;
    let mut head = vec![usize::MAX; 1 << 16];
    let mut prev = vec![usize::MAX; n];
    for at in 0..n - 2 {
        let h = hash(at);
        let mut cand = head[h];
        let mut best = 1;
        let mut tries = 0;
        let max = LONGEST.min(n - at);
        while cand != usize::MAX && at - cand <= WINDOW && tries < CHAIN {
            // Only a candidate that reaches past `best` is worth measuring.
            if data[cand + best] == data[at + best] {
                let len = common(data, at, cand, max);
                if len > best {
                    best = len;
                    found[at].push((at - cand, len));
                    if len == max {
                        break;
                    }
                }
            }
            cand = prev[cand];
            tries += 1;
        }
        prev[at] = head[h];
        head[h] = at;
    }
    found
}

/// `data` packed.
pub fn pack(data: &[u8]) -> Vec<u8> {
    let n = data.len();
    let found = candidates(data);
    // after_run[i] / after_match[i]: the cheapest way to pack data[..i]
    // ending with a literal run / with a match (or nothing, at 0).
    let mut after_run = vec![UNREACHED; n + 1];
    let mut after_match = vec![UNREACHED; n + 1];
    after_match[0] = State { bits: 0, last: 0, step: Step::None };
    for i in 0..n {
        let (m, r) = (after_match[i], after_run[i]);
        if m.bits != usize::MAX {
            for k in 1..=RUN.min(n - i) {
                let bits = m.bits + 1 + gamma_bits(k) + 8 * k;
                relax(&mut after_run[i + k], bits, m.last, Step::Run { from: i, extends: false });
            }
        }
        if r.bits != usize::MAX {
            relax(&mut after_run[i + 1], r.bits + 8, r.last, Step::Run { from: i, extends: true });
            if r.last != 0 && r.last <= i {
                let reach = common(data, i, i - r.last, LONGEST);
                for len in (1..=reach.min(EACH)).chain((reach > EACH).then_some(reach)) {
                    relax(&mut after_match[i + len], r.bits + 1 + gamma_bits(len), r.last, Step::Again { from: i });
                }
            }
        }
        let mut shortest = 2;
        for &(distance, reach) in &found[i] {
            for len in (shortest..=reach.min(EACH)).chain((reach > EACH).then_some(reach)) {
                let cost = match_bits(distance, len);
                if m.bits != usize::MAX {
                    let step = Step::Match { from: i, distance, after_run: false };
                    relax(&mut after_match[i + len], m.bits + cost, distance, step);
                }
                if r.bits != usize::MAX {
                    let step = Step::Match { from: i, distance, after_run: true };
                    relax(&mut after_match[i + len], r.bits + cost, distance, step);
                }
            }
            shortest = reach + 1;
        }
    }

    // Back from the end: the steps in reverse, runs merged.
    enum Token {
        Run(usize, usize),
        Again(usize),
        Match(usize, usize),
    }
    let mut tokens = Vec::new();
    let mut at = n;
    let mut in_run = after_run[n].bits < after_match[n].bits;
    let mut run_end = None;
    while at > 0 {
        let state = if in_run { after_run[at] } else { after_match[at] };
        match state.step {
            Step::None => unreachable!("every position is reached"),
            Step::Run { from, extends } => {
                let end = *run_end.get_or_insert(at);
                if !extends {
                    tokens.push(Token::Run(from, end));
                    run_end = None;
                }
                in_run = extends;
                at = from;
            }
            Step::Again { from } => {
                tokens.push(Token::Again(at - from));
                in_run = true;
                at = from;
            }
            Step::Match { from, distance, after_run } => {
                tokens.push(Token::Match(distance, at - from));
                in_run = after_run;
                at = from;
            }
        }
    }

    let mut w = Writer { out: Vec::with_capacity(n / 2), bit_byte: 0, free: 0 };
    for token in tokens.iter().rev() {
        match *token {
            Token::Run(from, end) => {
                w.bit(false);
                w.number(end - from);
                w.out.extend_from_slice(&data[from..end]);
            }
            Token::Again(len) => {
                w.bit(false);
                w.number(len);
            }
            Token::Match(distance, len) => {
                w.bit(true);
                w.number(((distance - 1) >> 8) + 1);
                w.out.push(((distance - 1) & 0xFF) as u8);
                w.number(len - 1);
            }
        }
    }
    w.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_codes_take_the_bits_counted() {
        for n in [1usize, 2, 3, 4, 7, 8, 255, 256, 4096, 70_000] {
            let mut w = Writer { out: Vec::new(), bit_byte: 0, free: 0 };
            w.number(n);
            let used = w.out.len() * 8 - w.free as usize;
            assert_eq!(used, gamma_bits(n), "{n}");
        }
    }

    #[test]
    fn a_run_of_one_byte_is_a_literal_and_one_match() {
        // bit 0, number 1 (bit 0), 'a'; then bit 1, distance 1 (number 1:
        // 0, byte 0), length 100 (number 99).
        let packed = pack(&[b'a'; 101]);
        assert_eq!(packed[1], b'a');
        assert!(packed.len() <= 6, "{packed:?}");
    }
}
