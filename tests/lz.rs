//! The art's packing: the build's encoder (`tools/sprites/src/lz.rs`) and
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
    // Flag bits are read from the lowest: 0b01 is a literal, then a match.
    // Literal 'a', then distance 1, length 3 + 4 = 7: "aaaaaaaa".
    assert_eq!(unpacked(&[0b01, b'a', 0, 4], 8).unwrap(), b"aaaaaaaa");
    // A long match: length field 15, then 2 more bytes: 18 + 2 = 20.
    assert_eq!(unpacked(&[0b01, b'z', 0, 15, 2], 21).unwrap(), vec![b'z'; 21]);
    // Distance 2 copies the pair before.
    assert_eq!(unpacked(&[0b011, b'a', b'b', 1, 1], 6).unwrap(), b"ababab");
}

#[test]
fn damaged_streams_are_refused_with_their_reason() {
    // The stream ends before the output is full.
    assert_eq!(unpacked(&[0b1, b'a'], 2), Err(Corrupt::Truncated));
    assert_eq!(unpacked(&[], 1), Err(Corrupt::Truncated));
    // A match before the first byte.
    assert_eq!(unpacked(&[0b0, 0, 0], 3), Err(Corrupt::BadDistance));
    // A match longer than the room left.
    assert_eq!(unpacked(&[0b01, b'a', 0, 4], 5), Err(Corrupt::Overrun));
    // Bytes after the output is full.
    assert_eq!(unpacked(&[0b1, b'a', 0], 1), Err(Corrupt::TrailingBytes));
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
        let stream = lzss::pack(&data);
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
