//! The LZSS encoder matching the game's decoder (`src/lz.rs`, which
//! describes the format). The build packs the card art with it
//! (`tools/sprites`), and `tools/pack` the whole PS-EXE.
//!
//! Greedy, with one step of lookahead (a match is put off by a literal when
//! the next byte starts a longer one), over a hash chain of 3-byte
//! prefixes. Packing happens once per build, so it favours a small stream
//! over speed.

/// Matches reach back at most this far.
const WINDOW: usize = 4096;
/// Shortest and longest match.
const MIN: usize = 3;
const MAX: usize = 18 + 255;
/// Positions tried per byte.
const CHAIN: usize = 256;

/// `data` packed.
pub fn pack(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut head = vec![usize::MAX; 1 << 16];
    let mut prev = vec![usize::MAX; data.len()];
    let hash = |i: usize| -> usize {
        (usize::from(data[i]) << 8 ^ usize::from(data[i + 1]) << 4 ^ usize::from(data[i + 2])) & 0xFFFF
    };
    let mut inserted = 0usize;
    let mut insert_to = |end: usize, head: &mut Vec<usize>, prev: &mut Vec<usize>| {
        while inserted < end && inserted + MIN <= data.len() {
            let h = hash(inserted);
            prev[inserted] = head[h];
            head[h] = inserted;
            inserted += 1;
        }
    };
    let longest = |at: usize, head: &Vec<usize>, prev: &Vec<usize>| -> (usize, usize) {
        if at + MIN > data.len() {
            return (0, 0);
        }
        let (mut best, mut dist) = (0, 0);
        let mut cand = head[hash(at)];
        let mut tries = 0;
        while cand != usize::MAX && at - cand <= WINDOW && tries < CHAIN {
            let max = MAX.min(data.len() - at);
            let mut n = 0;
            while n < max && data[cand + n] == data[at + n] {
                n += 1;
            }
            if n > best {
                best = n;
                dist = at - cand;
                if n == max {
                    break;
                }
            }
            cand = prev[cand];
            tries += 1;
        }
        (best, dist)
    };

    let mut at = 0;
    let mut flag_at = 0;
    let mut bit = 8;
    while at < data.len() {
        if bit == 8 {
            flag_at = out.len();
            out.push(0);
            bit = 0;
        }
        insert_to(at, &mut head, &mut prev);
        let (len, dist) = longest(at, &head, &prev);
        let lazy = if len >= MIN && len < MAX {
            insert_to(at + 1, &mut head, &mut prev);
            longest(at + 1, &head, &prev).0 > len + 1
        } else {
            false
        };
        if len < MIN || lazy {
            out[flag_at] |= 1 << bit;
            out.push(data[at]);
            at += 1;
        } else {
            let d = dist - 1;
            let field = (len - MIN).min(15);
            out.push((d & 0xFF) as u8);
            out.push(((d >> 8) << 4 | field) as u8);
            if field == 15 {
                out.push((len - 18) as u8);
            }
            at += len;
        }
        bit += 1;
    }
    out
}
