//! The packed PS-EXE: the unpacker's header now covers the whole file, the
//! trailer carries the game's header, and the stream unpacks (with the
//! console's decoder) to the game's body byte for byte.

use pack::{header, pack, unpack_with, SECTOR};

/// A PS-EXE: header fields as given, then `body` padded to whole sectors.
fn exe(entry: u32, gp: u32, load: u32, stack: u32, bss: u32, body: &[u8]) -> Vec<u8> {
    let mut v = vec![0u8; SECTOR];
    v[..8].copy_from_slice(b"PS-X EXE");
    let size = body.len().div_ceil(SECTOR) * SECTOR;
    for (at, w) in [(0x10, entry), (0x14, gp), (0x18, load), (0x1C, size as u32), (0x2C, bss), (0x30, stack)] {
        v[at..at + 4].copy_from_slice(&w.to_le_bytes());
    }
    v.extend_from_slice(body);
    v.resize(SECTOR + size, 0);
    v
}

fn unpacker() -> Vec<u8> {
    exe(0x8010_0000, 0, 0x8010_0000, 0x801F_FF00, 0, &[0x11; 700])
}

/// Something like code: repeats and noise.
fn game_body(n: usize) -> Vec<u8> {
    (0..n).map(|i| if i % 7 == 0 { (i * 31 % 251) as u8 } else { (i % 64) as u8 }).collect()
}

fn decode(s: &[u8], o: &mut [u8]) -> bool {
    farewell::lz::unpack(s, o).is_ok()
}

#[test]
fn the_packed_file_starts_the_unpacker_and_carries_the_game() {
    let body = game_body(100_000);
    let game = exe(0x8004_0000, 0x8005_0000, 0x8001_0000, 0x801F_FF00, 0, &body);
    let packed = pack(&unpacker(), &game).unwrap();
    let h = header(&packed, "packed").unwrap();
    // The BIOS starts the unpacker, and loads the whole file.
    assert_eq!((h.entry, h.load), (0x8010_0000, 0x8010_0000));
    assert_eq!(packed.len() % SECTOR, 0);
    assert_eq!(h.size as usize, packed.len() - SECTOR);
    // It is smaller than the game.
    assert!(packed.len() * 4 < game.len() * 3, "{} of {}", packed.len(), game.len());
    // The trailer after the unpacker's 700 bytes (its header said 2048:
    // whole sectors) holds the game's header, and the stream its body.
    let (t, out) = unpack_with(&packed, 2048, decode).unwrap();
    assert_eq!((t.entry, t.gp, t.load, t.stack), (0x8004_0000, 0x8005_0000, 0x8001_0000, 0x801F_FF00));
    assert_eq!(out, game[SECTOR..]);
}

#[test]
fn a_game_without_a_stack_gets_the_usual_one() {
    let game = exe(0x8001_0000, 0, 0x8001_0000, 0, 0, &game_body(5000));
    let packed = pack(&unpacker(), &game).unwrap();
    let (t, _) = unpack_with(&packed, 2048, decode).unwrap();
    assert_eq!(t.stack, 0x801F_FFF0);
}

#[test]
fn what_cannot_be_packed_is_refused_with_the_reason() {
    let body = game_body(5000);
    let err = |u: &[u8], g: &[u8]| pack(u, g).unwrap_err();
    // Not PS-EXEs.
    assert!(err(b"hello", &exe(0x8001_0000, 0, 0x8001_0000, 0, 0, &body)).contains("not a PS-EXE"));
    assert!(err(&unpacker(), &[0u8; 4096]).contains("the game is not a PS-EXE"));
    // A BSS the BIOS would have zeroed.
    assert!(err(&unpacker(), &exe(0x8001_0000, 0, 0x8001_0000, 0, 64, &body)).contains("BSS"));
    // A game reaching the unpacker, or below the BIOS's 64 KiB.
    let big = game_body(0x8010_0000 - 0x8001_0000 + 1);
    assert!(err(&unpacker(), &exe(0x8001_0000, 0, 0x8001_0000, 0, 0, &big)).contains("does not fit"));
    assert!(err(&unpacker(), &exe(0x8000_8000, 0, 0x8000_8000, 0, 0, &body)).contains("does not fit"));
    // A header claiming more than the file holds.
    let mut cut = exe(0x8001_0000, 0, 0x8001_0000, 0, 0, &body);
    cut.truncate(SECTOR + 2048);
    assert!(err(&unpacker(), &cut).contains("more than the file holds"));
}

#[test]
fn a_damaged_packed_file_is_caught_by_the_check() {
    let game = exe(0x8001_0000, 0, 0x8001_0000, 0, 0, &game_body(20_000));
    let mut packed = pack(&unpacker(), &game).unwrap();
    // Cut inside the stream.
    let short = &packed[..SECTOR + 2048 + 28 + 100];
    assert!(unpack_with(short, 2048, decode).is_err());
    // The trailer's magic gone.
    packed[SECTOR + 2048] = b'X';
    assert_eq!(unpack_with(&packed, 2048, decode).unwrap_err(), "no trailer after the unpacker");
}
