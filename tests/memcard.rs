//! The memory card file system: formatting, the directory, this game's file
//! (title, icon, record), safe write plans, other files left alone, full and
//! unformatted cards, a card pulled out mid-write, and fuzzing the parser.

use farewell::games::farewell::player::best_move;
use farewell::games::farewell::{Game, Options};
use farewell::memcard::{
    format_card, full_width, plan_write, write_title, CardError, CardImage, Directory, LoadError, PlanError, WritePlan,
    BLOCK_SIZE, CARD_SIZE, FILE_NAME, FRAME, ICON, ICON_PALETTE,
};
use farewell::save::{Save, SaveError, Stats};
use proptest::prelude::*;

type Card = Box<[u8; CARD_SIZE]>;

fn blank() -> Card {
    vec![0u8; CARD_SIZE].into_boxed_slice().try_into().unwrap()
}

fn formatted() -> Card {
    let mut c = blank();
    format_card(&mut c);
    c
}

fn xor(frame: &[u8]) -> u8 {
    frame[..127].iter().fold(0, |a, b| a ^ b)
}

/// Writes a directory entry by hand (independently of the module) and fills
/// the block with a recognisable pattern: another game's file.
fn put_foreign(card: &mut [u8], block: usize, state: u8, next: u16, name: &[u8]) {
    let f = &mut card[block * FRAME..(block + 1) * FRAME];
    f.fill(0);
    f[0] = state;
    f[4..8].copy_from_slice(&0x2000u32.to_le_bytes());
    f[8..10].copy_from_slice(&next.to_le_bytes());
    f[0x0A..0x0A + name.len()].copy_from_slice(name);
    f[127] = xor(f);
    for (i, b) in card[block * BLOCK_SIZE..(block + 1) * BLOCK_SIZE].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(7) ^ block as u8;
    }
}

fn save_of(seed: u32, moves: usize) -> Save {
    let mut g = Game::new(seed, Options::default()).unwrap();
    for _ in 0..moves {
        let Some(m) = best_move(&g) else { break };
        g.apply(m).unwrap();
    }
    let mut stats = Stats::default();
    stats.record_game(Options::default(), seed % 2 == 0, 7);
    Save { game: Some(g), stats, ..Save::default() }
}

fn write(card: &mut [u8; CARD_SIZE], save: &Save) -> Box<WritePlan> {
    let dir = Directory::parse(&card[..]).unwrap();
    let mut plan = Box::new(WritePlan::new());
    plan_write(&dir, save, &mut plan).unwrap();
    plan.apply(card, plan.len());
    plan
}

fn load(card: &[u8]) -> Result<Save, LoadError> {
    CardImage::new_checked(card).unwrap().load_save()
}

#[test]
fn format_writes_header_free_entries_and_checksums() {
    let c = formatted();
    assert_eq!(&c[0..2], b"MC");
    assert_eq!(c[127], b'M' ^ b'C');
    for n in 1..16 {
        let f = &c[n * FRAME..(n + 1) * FRAME];
        assert_eq!(f[0], 0xA0, "frame {n} free");
        assert_eq!(&f[8..10], &[0xFF, 0xFF]);
        assert_eq!(f[127], xor(f));
    }
    assert_eq!(&c[63 * FRAME..63 * FRAME + 128], &c[..128], "header copy in frame 63");
    let dir = Directory::parse(&c[..]).unwrap();
    assert_eq!(dir.files().count(), 0);
    assert_eq!(dir.free_blocks().collect::<Vec<_>>(), (1..=15).collect::<Vec<u8>>());
    assert_eq!(load(&c[..]), Err(LoadError::NoSave));
}

#[test]
fn unformatted_and_wrong_sized_cards() {
    let c = blank();
    assert_eq!(Directory::parse(&c[..]), Err(CardError::Unformatted));
    assert_eq!(load(&c[..]), Err(LoadError::Card(CardError::Unformatted)));
    let mut c = formatted();
    c[127] ^= 1;
    assert_eq!(Directory::parse(&c[..]), Err(CardError::Unformatted), "header checksum");
    let c = formatted();
    assert_eq!(CardImage::new_checked(&c[..1000]).unwrap_err(), CardError::WrongSize(1000));
    assert_eq!(Directory::parse(&c[..16 * FRAME - 1]), Err(CardError::WrongSize(16 * FRAME - 1)));
    assert!(Directory::parse(&c[..16 * FRAME]).is_ok(), "the directory frames alone are enough");
}

#[test]
fn our_save_round_trips_through_a_card() {
    let mut c = formatted();
    let s = save_of(42, 25);
    let plan = write(&mut c, &s);
    assert_eq!(plan.block(), 1);
    assert_eq!(load(&c[..]).unwrap(), s);
    // The directory entry, checked byte by byte.
    let e = &c[FRAME..2 * FRAME];
    assert_eq!(e[0], 0x51);
    assert_eq!(&e[4..8], &0x2000u32.to_le_bytes());
    assert_eq!(&e[8..10], &[0xFF, 0xFF]);
    assert_eq!(&e[0x0A..0x0A + FILE_NAME.len()], FILE_NAME);
    assert_eq!(e[0x0A + FILE_NAME.len()], 0);
    assert_eq!(e[127], xor(e));
    let dir = Directory::parse(&c[..]).unwrap();
    let f = dir.find(FILE_NAME).unwrap();
    assert_eq!((f.first_block, f.blocks, f.chain_ok), (1, 1, true));
    assert_eq!(f.name(), b"BAAFTK-00001KINGS");
}

#[test]
fn title_frame_icon_and_palette() {
    let mut c = formatted();
    write(&mut c, &save_of(4_000_000_000, 3));
    let t = &c[BLOCK_SIZE..BLOCK_SIZE + FRAME];
    assert_eq!(&t[0..4], &[b'S', b'C', 0x11, 1]);
    // Full-width "A F": 8260 8140 8265.
    assert_eq!(&t[4..10], &[0x82, 0x60, 0x81, 0x40, 0x82, 0x65]);
    let mut s = String::new();
    write_title(t.try_into().unwrap(), &mut s).unwrap();
    assert_eq!(s, "A Farewell to Kings #4000000000");
    for (i, col) in ICON_PALETTE.iter().enumerate() {
        assert_eq!(&t[0x60 + 2 * i..0x62 + 2 * i], &col.to_le_bytes());
    }
    assert_eq!(&c[BLOCK_SIZE + FRAME..BLOCK_SIZE + 2 * FRAME], &ICON[..]);
    // Without a game in progress the title has no deal number.
    let mut c = formatted();
    write(&mut c, &Save::default());
    let mut s = String::new();
    write_title(c[BLOCK_SIZE..BLOCK_SIZE + FRAME].try_into().unwrap(), &mut s).unwrap();
    assert_eq!(s, "A Farewell to Kings");
}

#[test]
fn full_width_covers_printable_ascii_and_decodes_back() {
    let mut frame = [0u8; FRAME];
    frame[0..2].copy_from_slice(b"SC");
    let ascii: Vec<u8> = (0x20..0x7F).collect();
    for chunk in ascii.chunks(32) {
        frame[4..0x44].fill(0);
        for (i, &a) in chunk.iter().enumerate() {
            let fw = full_width(a);
            assert!(fw[0] == 0x81 || fw[0] == 0x82, "{} -> {fw:x?}", a as char);
            frame[4 + 2 * i..6 + 2 * i].copy_from_slice(&fw);
        }
        let mut s = String::new();
        write_title(&frame, &mut s).unwrap();
        assert_eq!(s.as_bytes(), chunk);
    }
    // Kana and plain ASCII bytes in a title from another game.
    frame[4..0x44].fill(0);
    frame[4..10].copy_from_slice(&[0x83, 0x41, b'O', b'K', 0xFF, 0]);
    let mut s = String::new();
    write_title(&frame, &mut s).unwrap();
    assert_eq!(s, "?OK?");
}

#[test]
fn icon_is_the_one_drawn_in_gfx() {
    // Read gfx/ui/memcard.pxt here, independently of the sprite packer:
    // every pixel's colour must be the legend's colour for its character.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/gfx/ui/memcard.pxt")).unwrap();
    let mut legend = std::collections::HashMap::new();
    let mut rows = Vec::new();
    let mut in_sprite = false;
    for line in text.lines() {
        let t = line.trim();
        if let Some((k, v)) = t.split_once(" = ") {
            let colour = v.strip_prefix('#').and_then(|h| u32::from_str_radix(h, 16).ok());
            legend.insert(k.chars().next().unwrap(), colour);
        } else if t.starts_with("sprite memcard.icon") {
            in_sprite = true;
        } else if in_sprite && t.len() == 16 {
            rows.push(t.to_string());
        }
    }
    assert_eq!(rows.len(), 16);
    let px = |x: usize, y: usize| (ICON[y * 8 + x / 2] >> (4 * (x % 2))) & 0xF;
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let colour = ICON_PALETTE[usize::from(px(x, y))];
            match legend[&ch] {
                None => assert_eq!(colour, 0, "clear at ({x},{y})"),
                Some(rgb) => {
                    // 8 bits a channel to 5 (rounded either way): within one step.
                    for (shift8, shift5) in [(16, 0), (8, 5), (0, 10)] {
                        let want = ((rgb >> shift8) & 255) as i32 * 31 / 255;
                        let got = i32::from((colour >> shift5) & 31);
                        assert!((want - got).abs() <= 1, "colour at ({x},{y}): {colour:#06x} for #{rgb:06x}");
                    }
                }
            }
        }
    }
}

#[test]
fn other_files_are_never_touched() {
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 0xFFFF, b"BESLES-00001ALPHA");
    put_foreign(&mut c[..], 2, 0x51, 2, b"BASLUS-00002BETA"); // blocks 2 and 3
    put_foreign(&mut c[..], 3, 0x53, 0xFFFF, b"");
    let before = c.clone();
    let plan = write(&mut c, &save_of(1, 10));
    assert_eq!(plan.block(), 4, "first free block");
    let changed: Vec<usize> =
        (0..1024).filter(|&s| c[s * FRAME..(s + 1) * FRAME] != before[s * FRAME..(s + 1) * FRAME]).collect();
    assert!(changed.iter().all(|&s| s == 4 || s / 64 == 4), "only directory frame 4 and block 4: {changed:?}");
    let files: Vec<_> =
        Directory::parse(&c[..]).unwrap().files().map(|f| (f.first_block, f.blocks, f.name().to_vec())).collect();
    assert_eq!(
        files,
        vec![(1, 1, b"BESLES-00001ALPHA".to_vec()), (2, 2, b"BASLUS-00002BETA".to_vec()), (4, 1, FILE_NAME.to_vec())]
    );
    // Saving again overwrites our block in place; the directory is not written.
    let before = c.clone();
    let s2 = save_of(2, 40);
    let plan = write(&mut c, &s2);
    assert_eq!(plan.block(), 4);
    assert!(plan.iter().all(|(sector, _)| sector / 64 == 4));
    for s in 0..1024 {
        if s / 64 != 4 {
            assert_eq!(c[s * FRAME..(s + 1) * FRAME], before[s * FRAME..(s + 1) * FRAME], "sector {s}");
        }
    }
    assert_eq!(load(&c[..]).unwrap(), s2);
}

#[test]
fn an_entry_with_a_bad_checksum_is_neither_free_nor_used() {
    let mut c = formatted();
    c[FRAME + 127] ^= 0x55; // block 1's entry, still 0xA0 but damaged
    let plan = write(&mut c, &Save::default());
    assert_eq!(plan.block(), 2);
}

#[test]
fn deleted_blocks_are_reused() {
    let mut c = formatted();
    for b in 1..=15 {
        put_foreign(&mut c[..], b, 0x51, 0xFFFF, b"BISLPS-00009GAMMA");
    }
    put_foreign(&mut c[..], 9, 0xA1, 0xFFFF, b"BISLPS-00009OLD");
    assert_eq!(write(&mut c, &Save::default()).block(), 9);
}

#[test]
fn a_full_card_refuses_a_new_save_but_takes_an_update() {
    let mut c = formatted();
    for b in 1..=15 {
        put_foreign(&mut c[..], b, 0x51, 0xFFFF, format!("BASLUS-0000{b:X}X").as_bytes());
    }
    let before = c.clone();
    let dir = Directory::parse(&c[..]).unwrap();
    let mut plan = Box::new(WritePlan::new());
    assert_eq!(plan_write(&dir, &Save::default(), &mut plan), Err(PlanError::CardFull));
    assert!(plan.is_empty());
    assert_eq!(c, before);
    // With our file taking the last block, an update still fits.
    let mut c = formatted();
    for b in 1..=14 {
        put_foreign(&mut c[..], b, 0x51, 0xFFFF, b"BASLUS-00003Z");
    }
    write(&mut c, &save_of(3, 3));
    let s = save_of(3, 20);
    write(&mut c, &s);
    assert_eq!(load(&c[..]).unwrap(), s);
}

#[test]
fn plan_writes_file_frames_first_and_the_directory_last() {
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 0xFFFF, b"BASLUS-00004Q");
    let dir = Directory::parse(&c[..]).unwrap();
    let mut plan = Box::new(WritePlan::new());
    plan_write(&dir, &save_of(8, 30), &mut plan).unwrap();
    let sectors: Vec<u16> = plan.iter().map(|(s, _)| s).collect();
    let (last, file) = sectors.split_last().unwrap();
    assert_eq!(*last, 2, "directory frame of block 2");
    assert_eq!(file.last(), Some(&128), "title frame just before it");
    assert!(file.iter().all(|s| s / 64 == 2));
    assert!(file.windows(2).all(|w| w[0] > w[1]), "data frames from the last one down: {file:?}");
    assert_eq!(plan.get(plan.len()), None);
}

/// A card pulled out after any number of the planned writes: the save that
/// loads is the old one or the new one, or the load fails; never anything
/// else.
fn pulled_at_every_write(mut c: Card, old: Option<&Save>, new: &Save) {
    let dir = Directory::parse(&c[..]).unwrap();
    let mut plan = Box::new(WritePlan::new());
    plan_write(&dir, new, &mut plan).unwrap();
    let start = c.clone();
    for k in 0..=plan.len() {
        c.copy_from_slice(&start[..]);
        plan.apply(&mut c, k);
        match (load(&c[..]), old) {
            (Ok(s), _) if &s == new => assert!(k > 0, "new save before any write"),
            (Ok(s), Some(o)) if &s == o => {}
            (Err(LoadError::NoSave), None) => {}
            (Err(LoadError::Save(SaveError::BadCrc | SaveError::Truncated)), Some(_)) => {}
            (other, _) => panic!("after {k} of {} writes: {other:?}", plan.len()),
        }
    }
    assert_eq!(load(&c[..]).unwrap(), *new, "all writes made");
}

#[test]
fn pulled_mid_write_of_a_new_save() {
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 0xFFFF, b"BASLUS-00005R");
    pulled_at_every_write(c, None, &save_of(11, 60));
}

#[test]
fn pulled_mid_write_of_an_update() {
    for (a, b) in [((11, 60), (12, 10)), ((13, 5), (13, 90)), ((14, 30), (15, 31))] {
        let mut c = formatted();
        let old = save_of(a.0, a.1);
        write(&mut c, &old);
        pulled_at_every_write(c, Some(&old), &save_of(b.0, b.1));
    }
}

proptest! {
    /// Any bytes as the directory and our block: parsing and loading never
    /// panic.
    #[test]
    fn card_parsing_never_panics(dir in proptest::collection::vec(any::<u8>(), 2048), block in proptest::collection::vec(any::<u8>(), 0..BLOCK_SIZE)) {
        let mut c = formatted();
        c[..2048].copy_from_slice(&dir);
        c[BLOCK_SIZE..BLOCK_SIZE + block.len()].copy_from_slice(&block);
        if let Ok(d) = Directory::parse(&c[..]) {
            for f in d.files() {
                prop_assert!(f.blocks >= 1 && f.blocks <= 15);
            }
            let mut plan = Box::new(WritePlan::new());
            let _ = plan_write(&d, &Save::default(), &mut plan);
        }
        let _ = load(&c[..]);
    }

    /// A good card with a few bytes changed anywhere in the directory or our
    /// file: no panic, and what loads is the save written or an error.
    #[test]
    fn damaged_cards_load_right_or_not_at_all(hits in proptest::collection::vec((0usize..2 * BLOCK_SIZE, any::<u8>()), 1..6)) {
        let mut c = formatted();
        let s = save_of(6, 12);
        write(&mut c, &s);
        for (at, x) in hits {
            c[at] ^= x;
        }
        if let Ok(got) = load(&c[..]) {
            prop_assert_eq!(got, s);
        }
    }
}
