//! The packing of the art and the game: the build's encoder (`tools/lz`) and
//! the game's decoder (`src/lz.rs`) agree, every page in the PS-EXE unpacks
//! to the texels the atlas describes, and a damaged stream is refused
//! without a panic.

use farewell::atlas::{PAGES, PAGE_BYTES, PAGE_PACKED, PAGE_TEXELS};
use farewell::lz::{unpack, Corrupt};
use proptest::prelude::*;

fn unpacked(stream: &[u8], size: usize) -> Result<Vec<u8>, Corrupt> {
    let mut out = vec![0xEE; size];
    unpack(stream, &mut out).map(|()| out)
}

#[test]
fn every_page_unpacks_to_the_texels_of_its_upload_packet() {
    assert_eq!(PAGE_PACKED.len(), PAGES.len());
    for (n, page) in PAGE_PACKED.iter().enumerate() {
        let packet = PAGE_TEXELS[n];
        assert_eq!(page.header, packet[..3], "page {n}: header");
        let texels: Vec<u8> = packet[3..].iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(page.size, texels.len(), "page {n}: size");
        assert!(page.size <= PAGE_BYTES);
        assert_eq!(unpacked(page.stream, page.size).unwrap(), texels, "page {n}");
        // The point of it: the art takes a fraction of its room.
        assert!(page.stream.len() * 3 < page.size, "page {n}: {} of {}", page.stream.len(), page.size);
    }
}

#[test]
fn a_literal_and_an_overlapping_match_spell_a_run() {
    // Bits from the top of each bit byte: 0 (a run) 0 (of 1), 'a'; 1 (a
    // match) 0 (h = 1), low byte 0: distance 1; m = 6 (1 1 1 0 0): length 7.
    assert_eq!(unpacked(&[0b0010_1110, b'a', 0, 0b0000_0000], 8).unwrap(), b"aaaaaaaa");
    // A longer match: m = 19 (1 0 1 0 1 1 1 1 0), length 20.
    assert_eq!(unpacked(&[0b0010_1010, b'z', 0, 0b1111_0000], 21).unwrap(), vec![b'z'; 21]);
    // A run of 2 (1 0 0), then distance 2 (low byte 1), m = 3 (1 1 0).
    assert_eq!(unpacked(&[0b0100_1011, b'a', b'b', 1, 0], 6).unwrap(), b"ababab");
}

#[test]
fn a_match_after_a_run_may_reuse_the_last_distance() {
    // "ab"; distance 2 (low byte 1), length 2 (m = 1: 0); 0 (a run) of 1
    // (0): 'X'; then 0 after the run: the last distance again, 2 bytes
    // (1 0 0): from 2 back, "bX".
    assert_eq!(unpacked(&[0b0100_1000, b'a', b'b', 1, 0b0010_0000, b'X'], 7).unwrap(), b"ababXbX");
}

#[test]
fn damaged_streams_are_refused_with_their_reason() {
    // The stream ends before the output is full.
    assert_eq!(unpacked(&[], 1), Err(Corrupt::Truncated));
    assert_eq!(unpacked(&[0], 1), Err(Corrupt::Truncated));
    // A match before the first byte.
    assert_eq!(unpacked(&[0b1000_0000, 0], 3), Err(Corrupt::BadDistance));
    // A run, then the last distance again when no match has come yet.
    assert_eq!(unpacked(&[0, b'a'], 2), Err(Corrupt::BadDistance));
    // A match longer than the room left.
    assert_eq!(unpacked(&[0b0010_1110, b'a', 0, 0], 5), Err(Corrupt::Overrun));
    // A number larger than any output: refused as it is read.
    assert_eq!(unpacked(&[0xFF; 16], 1), Err(Corrupt::Overrun));
    // Bytes after the output is full.
    assert_eq!(unpacked(&[0, b'a', 0], 1), Err(Corrupt::TrailingBytes));
    // Nothing to unpack from nothing is fine.
    assert_eq!(unpacked(&[], 0), Ok(vec![]));
}

proptest! {
    /// What the encoder packs, the decoder unpacks exactly: data with long
    /// runs and repeats (like the art) as well as noise.
    #[test]
    fn packing_round_trips(
        pieces in proptest::collection::vec((any::<u8>(), 1usize..300, 0usize..3), 0..60),
    ) {
        let mut data = Vec::new();
        for (byte, len, kind) in pieces {
            match kind {
                0 => data.extend(std::iter::repeat(byte).take(len)),
                1 if !data.is_empty() => {
                    let from = usize::from(byte) % data.len();
                    for k in 0..len { let b = data[from + k % (data.len() - from)]; data.push(b); }
                }
                _ => data.extend((0..len).map(|k| byte.wrapping_mul(k as u8).wrapping_add(k as u8 >> 1))),
            }
        }
        let stream = lz::pack(&data);
        prop_assert_eq!(unpacked(&stream, data.len()).unwrap(), data);
    }

    /// A real page's stream with bytes changed and some added: the decoder
    /// answers (an error or some bytes) and never panics; writing past the
    /// output would panic on the Vec.
    #[test]
    fn damaged_pages_never_panic(
        page in 0..PAGE_PACKED.len(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        extra in 0usize..3,
    ) {
        let p = PAGE_PACKED[page];
        let mut stream = p.stream.to_vec();
        for (at, b) in edits {
            let i = at.index(stream.len());
            stream[i] = b;
        }
        stream.extend(std::iter::repeat(0).take(extra));
        let _ = unpacked(&stream, p.size);
    }

    /// A real page's stream cut short cannot fill the page.
    #[test]
    fn cut_pages_are_refused(page in 0..PAGE_PACKED.len(), cut in any::<prop::sample::Index>()) {
        let p = PAGE_PACKED[page];
        let keep = cut.index(p.stream.len());
        prop_assert_eq!(unpacked(&p.stream[..keep], p.size), Err(Corrupt::Truncated));
    }
}
