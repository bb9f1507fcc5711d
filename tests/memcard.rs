//! The memory card file system: formatting, the directory, this game's file
//! (title, icon, record), safe write plans, other files left alone, full and
//! unformatted cards, a card pulled out mid-write, and fuzzing the parser.

use farewell::games::farewell::player::best_move;
use farewell::games::farewell::{Game, Options};
use farewell::games::Patience;
use farewell::memcard::{
    copies, format_card, full_width, load_file, plan_record, plan_save, title_sector, write_title, CardError,
    CardImage, Contents, Directory, FileReader, FileState, LoadError, PlanError, Slot, WritePlan, BLOCK_SIZE,
    CARD_SIZE, FILE_NAME, ICON, ICON_PALETTE, RECORD_MAX, SECTOR, SLOT_SIZE,
};
use farewell::save::{crc32, Save, SaveError, SavedGame, Tally, MAX_ENCODED};
use farewell::ui::GameId;
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

fn xor(sector: &[u8]) -> u8 {
    sector[..127].iter().fold(0, |a, b| a ^ b)
}

/// Writes a directory entry by hand (independently of the module) and fills
/// the block with a recognisable pattern: another game's file.
fn put_foreign(card: &mut [u8], block: usize, state: u8, next: u16, name: &[u8]) {
    let f = &mut card[block * SECTOR..(block + 1) * SECTOR];
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
    let mut save = Save::default();
    let r = save.record_mut(GameId::Farewell);
    r.game = SavedGame::of_moves::<Game>(seed, Options::default(), g.moves());
    r.record_game(usize::from(Game::options_code(Options::default())), seed % 2 == 0, 7);
    save
}

/// Our file's state on a card, as the loader finds it.
fn state(card: &[u8]) -> Option<FileState> {
    CardImage::new_checked(card).unwrap().load().0
}

/// Plans saving `save` on `card` as the game would: from the card's
/// directory and our file's state.
fn plan(card: &[u8], save: &Save) -> Result<Box<WritePlan>, PlanError> {
    let dir = Directory::parse(card).unwrap();
    let mut plan = Box::new(WritePlan::new());
    plan_save(&dir, state(card).as_ref(), save, &mut plan)?;
    Ok(plan)
}

fn write(card: &mut [u8; CARD_SIZE], save: &Save) -> Box<WritePlan> {
    let plan = plan(&card[..], save).unwrap();
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
        let f = &c[n * SECTOR..(n + 1) * SECTOR];
        assert_eq!(f[0], 0xA0, "sector {n} free");
        assert_eq!(&f[8..10], &[0xFF, 0xFF]);
        assert_eq!(f[127], xor(f));
    }
    assert_eq!(&c[63 * SECTOR..63 * SECTOR + 128], &c[..128], "header copy in sector 63");
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
    assert_eq!(Directory::parse(&c[..16 * SECTOR - 1]), Err(CardError::WrongSize(16 * SECTOR - 1)));
    assert!(Directory::parse(&c[..16 * SECTOR]).is_ok(), "the directory sectors alone are enough");
}

#[test]
fn our_save_round_trips_through_a_card() {
    let mut c = formatted();
    let s = save_of(42, 25);
    let plan = write(&mut c, &s);
    assert_eq!(plan.block(), 1);
    assert_eq!(load(&c[..]).unwrap(), s);
    // The directory entry, checked byte by byte.
    let e = &c[SECTOR..2 * SECTOR];
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
fn title_sector_icon_and_palette() {
    let mut c = formatted();
    write(&mut c, &save_of(4_000_000_000, 3));
    let t = &c[BLOCK_SIZE..BLOCK_SIZE + SECTOR];
    assert_eq!(&t[0..4], &[b'S', b'C', 0x11, 1]);
    // Full-width "A F": 8260 8140 8265.
    assert_eq!(&t[4..10], &[0x82, 0x60, 0x81, 0x40, 0x82, 0x65]);
    let mut s = String::new();
    write_title(t.try_into().unwrap(), &mut s).unwrap();
    assert_eq!(s, "A Farewell to Kings #4000000000");
    for (i, col) in ICON_PALETTE.iter().enumerate() {
        assert_eq!(&t[0x60 + 2 * i..0x62 + 2 * i], &col.to_le_bytes());
    }
    assert_eq!(&c[BLOCK_SIZE + SECTOR..BLOCK_SIZE + 2 * SECTOR], &ICON[..]);
    // Without a game in progress the title has no deal number.
    let mut c = formatted();
    write(&mut c, &Save::default());
    let mut s = String::new();
    write_title(c[BLOCK_SIZE..BLOCK_SIZE + SECTOR].try_into().unwrap(), &mut s).unwrap();
    assert_eq!(s, "A Farewell to Kings");
}

#[test]
fn full_width_covers_printable_ascii_and_decodes_back() {
    let mut sector = [0u8; SECTOR];
    sector[0..2].copy_from_slice(b"SC");
    let ascii: Vec<u8> = (0x20..0x7F).collect();
    for chunk in ascii.chunks(32) {
        sector[4..0x44].fill(0);
        for (i, &a) in chunk.iter().enumerate() {
            let fw = full_width(a);
            assert!(fw[0] == 0x81 || fw[0] == 0x82, "{} -> {fw:x?}", a as char);
            sector[4 + 2 * i..6 + 2 * i].copy_from_slice(&fw);
        }
        let mut s = String::new();
        write_title(&sector, &mut s).unwrap();
        assert_eq!(s.as_bytes(), chunk);
    }
    // Kana and plain ASCII bytes in a title from another game.
    sector[4..0x44].fill(0);
    sector[4..10].copy_from_slice(&[0x83, 0x41, b'O', b'K', 0xFF, 0]);
    let mut s = String::new();
    write_title(&sector, &mut s).unwrap();
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
        (0..1024).filter(|&s| c[s * SECTOR..(s + 1) * SECTOR] != before[s * SECTOR..(s + 1) * SECTOR]).collect();
    assert!(changed.iter().all(|&s| s == 4 || s / 64 == 4), "only directory sector 4 and block 4: {changed:?}");
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
            assert_eq!(c[s * SECTOR..(s + 1) * SECTOR], before[s * SECTOR..(s + 1) * SECTOR], "sector {s}");
        }
    }
    assert_eq!(load(&c[..]).unwrap(), s2);
}

#[test]
fn an_entry_with_a_bad_checksum_is_neither_free_nor_used() {
    let mut c = formatted();
    c[SECTOR + 127] ^= 0x55; // block 1's entry, still 0xA0 but damaged
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
    assert_eq!(plan_save(&dir, None, &Save::default(), &mut plan), Err(PlanError::CardFull));
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
fn a_new_file_clears_slot_b_and_writes_its_directory_sector_last() {
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 0xFFFF, b"BASLUS-00004Q");
    let p = plan(&c[..], &save_of(8, 30)).unwrap();
    let sectors: Vec<u16> = p.iter().map(|(s, _)| s).collect();
    let (last, file) = sectors.split_last().unwrap();
    assert_eq!(*last, 2, "directory sector of block 2");
    assert!(file.iter().all(|s| s / 64 == 2), "{file:?}");
    let sectors: Vec<u16> = file.iter().map(|s| s % 64).collect();
    // Slot B's header (sector 33) cleared first, the icon, A's data sectors,
    // the title, and A's header sector (2) last before the directory.
    assert_eq!(sectors[..2], [33, 1]);
    assert_eq!(sectors[sectors.len() - 2..], [0, 2]);
    assert!(sectors[2..sectors.len() - 2].iter().all(|&f| (3..33).contains(&f)), "{sectors:?}");
    let (_, zeros) = p.iter().next().unwrap();
    assert_eq!(zeros, &[0u8; SECTOR]);
    assert_eq!(p.get(p.len()), None);
}

#[test]
fn updates_alternate_between_the_slots() {
    let mut c = formatted();
    let mut last = None;
    for (i, moves) in [3, 10, 20, 25, 26, 60].into_iter().enumerate() {
        let s = save_of(77, moves);
        let p = write(&mut c, &s);
        let after = p.after().unwrap();
        let want = if i % 2 == 0 { Slot::A } else { Slot::B };
        assert_eq!(after.contents, Contents::Good { slot: want, generation: i as u32 + 1 }, "save {i}");
        assert_eq!(state(&c[..]), Some(after), "the loader sees what the plan says");
        assert_eq!(load(&c[..]).unwrap(), s);
        // Every write of an update lands in the slot being written, and the
        // slot's header sector comes last.
        if i > 0 {
            let first = want.first_sector() as u16;
            let sectors: Vec<u16> = p.iter().map(|(s, _)| s - 64).collect();
            assert_eq!(sectors.last(), Some(&first), "header sector last: {sectors:?}");
            assert!(sectors.iter().all(|&f| f == 0 || (first..first + 31).contains(&f)), "{sectors:?}");
        }
        // Both copies check out once two saves are made: the newest loads.
        let block = &c[BLOCK_SIZE..2 * BLOCK_SIZE];
        let found: Vec<_> = copies(block).into_iter().flatten().map(|k| (k.slot, k.generation)).collect();
        assert_eq!(found[0], (want, i as u32 + 1));
        assert_eq!(found.len(), if i == 0 { 1 } else { 2 }, "{found:?}");
        last = Some(s);
    }
    assert!(last.is_some());
}

/// The title of a title sector, in ASCII.
fn title_of(t: &[u8; SECTOR]) -> String {
    let mut s = String::new();
    write_title(t, &mut s).unwrap();
    s
}

#[test]
fn the_title_names_the_last_game_played_and_its_deal() {
    for game in GameId::all() {
        // Deal 123 just dealt, with the game's own options.
        let game_in_progress = save_of(123, 0).record(GameId::Farewell).game.map(|g| SavedGame {
            options: game.info().default_options,
            count: 0,
            ..g
        });
        // The game played last, with its deal in progress (A Farewell to
        // Kings has deal 77 in progress too, but for itself).
        let mut save = save_of(77, 2);
        save.last_game = game;
        save.record_mut(game).game = game_in_progress;
        let mut c = formatted();
        write(&mut c, &save);
        let title = title_of(c[BLOCK_SIZE..BLOCK_SIZE + SECTOR].try_into().unwrap());
        assert_eq!(title, format!("{} #123", game.name()), "{game:?}");
        // With none in progress: the game's name alone, not deal 77.
        save.record_mut(game).game = None;
        write(&mut c, &save);
        let title = title_of(c[BLOCK_SIZE..BLOCK_SIZE + SECTOR].try_into().unwrap());
        assert_eq!(title, game.name(), "{game:?}");
    }
}

#[test]
fn a_title_too_long_for_its_deal_falls_back() {
    let t = |name: &str, deal| title_of(&title_sector(name, deal));
    // 32 characters fit whole.
    assert_eq!(t("The Edge: King's Corners", Some(999_999)), "The Edge: King's Corners #999999");
    // One more: the part before ": " goes, the deal stays.
    assert_eq!(t("The Edge: King's Corners", Some(1_000_000)), "King's Corners #1000000");
    assert_eq!(t("The Edge: King's Corners", Some(u32::MAX)), "King's Corners #4294967295");
    // No part to drop: the name without its deal.
    assert_eq!(t("Twenty-five letters long!", Some(1_234_567)), "Twenty-five letters long!");
    // A name longer than a title: cut, the title full.
    let long = "A patience whose name runs on for forty";
    assert_eq!(t(long, Some(5)), long[..32]);
    assert_eq!(t(long, None), long[..32]);
    // Full-width all through: 32 characters, 64 bytes, no NUL before them.
    let s = title_sector(long, None);
    assert!(s[4..4 + 64].chunks(2).all(|c| c[0] == 0x82 || c[0] == 0x81), "{:?}", &s[4..68]);
}

#[test]
fn the_title_sector_is_written_only_when_it_changes() {
    let mut c = formatted();
    let g = save_of(5, 4);
    write(&mut c, &g);
    let title_writes = |p: &WritePlan| p.iter().filter(|(s, _)| *s == 64).count();
    // Same deal, more moves: same title, not rewritten.
    let p = write(&mut c, &save_of(5, 12));
    assert_eq!(title_writes(&p), 0);
    // Another deal: a new title, written before the header sector.
    let p = write(&mut c, &save_of(6, 12));
    assert_eq!(title_writes(&p), 1);
    assert_eq!(p.iter().map(|(s, _)| s).nth(p.len() - 2), Some(64));
    let mut t = String::new();
    write_title(c[BLOCK_SIZE..BLOCK_SIZE + SECTOR].try_into().unwrap(), &mut t).unwrap();
    assert_eq!(t, "A Farewell to Kings #6");
}

/// How a sector write interrupted by a pulled card can leave the sector.
#[derive(Clone, Copy, Debug)]
enum Torn {
    /// The new first half, the old second half.
    Half,
    /// Erased (all ones), nothing programmed.
    Erased,
    /// All zeros.
    Zero,
}

fn tear(card: &mut [u8], sector: u16, new: &[u8; SECTOR], how: Torn) {
    let f = &mut card[usize::from(sector) * SECTOR..][..SECTOR];
    match how {
        Torn::Half => f[..SECTOR / 2].copy_from_slice(&new[..SECTOR / 2]),
        Torn::Erased => f.fill(0xFF),
        Torn::Zero => f.fill(0),
    }
}

/// A card pulled out after every number of the planned writes, and with
/// the next write torn in each way: what loads is the previous save or the
/// new one (for a first save: no save or the new one); never nothing when
/// there was a save, never another one.
fn pulled_at_every_write(c: &Card, new: &Save) -> usize {
    let old = match load(&c[..]) {
        Ok(s) => Some(s),
        Err(LoadError::NoSave) => None,
        Err(e) => panic!("the card before the update: {e:?}"),
    };
    let p = plan(&c[..], new).unwrap();
    let mut card = c.clone();
    let mut cases = 0;
    for k in 0..=p.len() {
        for torn in [None, Some(Torn::Half), Some(Torn::Erased), Some(Torn::Zero)] {
            card.copy_from_slice(&c[..]);
            p.apply(&mut card, k);
            if let Some(how) = torn {
                let Some((sector, data)) = p.get(k) else { continue };
                tear(&mut card[..], sector, data, how);
            }
            cases += 1;
            match (load(&card[..]), &old) {
                (Ok(s), _) if &s == new => {}
                (Ok(s), Some(o)) if &s == o => {}
                (Err(LoadError::NoSave), None) => {}
                (other, _) => panic!("after {k} of {} writes (next torn: {torn:?}): {other:?}", p.len()),
            }
            if k == 0 && torn.is_none() {
                assert_eq!(load(&card[..]).ok(), old, "nothing written yet");
            }
        }
    }
    assert_eq!(load(&card[..]).unwrap(), *new, "all writes made");
    cases
}

#[test]
fn pulled_mid_write_of_a_first_save() {
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 0xFFFF, b"BASLUS-00005R");
    assert!(pulled_at_every_write(&c, &save_of(11, 60)) > 20);
}

#[test]
fn pulled_mid_write_of_an_update_at_every_sector_count() {
    // A run of saves of growing and shrinking records and changing titles:
    // each slot is written over in turn, so a pull can meet the copy from
    // two saves back in the slot being written, which must never load.
    let saves = [(11, 60), (12, 10), (13, 5), (13, 90), (14, 30), (15, 31), (15, 144), (16, 0)];
    let mut c = formatted();
    write(&mut c, &save_of(10, 20));
    for (seed, moves) in saves {
        let s = save_of(seed, moves);
        pulled_at_every_write(&c, &s);
        write(&mut c, &s);
    }
}

#[test]
fn a_save_from_two_updates_back_never_loads() {
    // Slot A holds save 1, B save 2; writing save 3 into A: with A's data
    // sectors written and its header not, A fails its CRC and B loads.
    let mut c = formatted();
    let (s1, s2, s3) = (save_of(1, 50), save_of(2, 50), save_of(3, 50));
    write(&mut c, &s1);
    write(&mut c, &s2);
    let p = plan(&c[..], &s3).unwrap();
    assert_eq!(p.after().unwrap().contents, Contents::Good { slot: Slot::A, generation: 3 });
    let mut card = c.clone();
    p.apply(&mut card, p.len() - 1);
    assert_eq!(load(&card[..]).unwrap(), s2);
    p.apply(&mut card, p.len());
    assert_eq!(load(&card[..]).unwrap(), s3);
}

/// A format v2 record (settings, a game of deal 42 with no moves yet,
/// statistics), written byte by byte as version 2 wrote it.
fn v2_record(version: u16) -> (Vec<u8>, Save) {
    let mut b = b"AFTK".to_vec();
    b.extend_from_slice(&version.to_le_bytes());
    b.extend_from_slice(&[0, 0]);
    // settings: 12x8, centre, easy off, four-colour faces, highlight on,
    // (v2 only) winnable deals only on.
    b.extend_from_slice(&[12, 8, 0, 0, 1, 1]);
    if version == 2 {
        b.push(1);
    }
    b.push(1); // a game
    b.extend_from_slice(&42u32.to_le_bytes());
    b.extend_from_slice(&[12, 8, 0, 0]);
    b.extend_from_slice(&0u16.to_le_bytes());
    for i in 0..48 {
        // Entry 0: 5 played, 2 won, streak 1, best 2, fewest deals 3.
        if i == 0 {
            b.extend_from_slice(&[5, 0, 0, 0, 2, 0, 0, 0, 1, 0, 2, 0, 3, 0]);
        } else {
            b.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]);
        }
    }
    let len = (b.len() - 8) as u16;
    b[6..8].copy_from_slice(&len.to_le_bytes());
    let crc = crc32(&b);
    b.extend_from_slice(&crc.to_le_bytes());
    let options = Options { width: 12, height: 8, ..Options::default() };
    let mut save = Save { face: farewell::ui::FaceStyle::FourColour, highlight: true, ..Save::default() };
    let r = save.record_mut(GameId::Farewell);
    r.options = Game::options_code(options);
    r.winnable = version == 2;
    r.game = SavedGame::of_moves::<Game>(42, options, []);
    r.tallies[0] = Tally { played: 5, won: 2, streak: 1, best_streak: 2, fewest_deals: Some(3), hinted: 0 };
    (b, save)
}

/// A card with a v1/v2 file as those versions wrote it: title, icon, the
/// record from sector 2, the rest of the block as it was (here: a pattern).
fn legacy_card(record: &[u8]) -> Card {
    let mut c = formatted();
    put_foreign(&mut c[..], 3, 0x51, 0xFFFF, FILE_NAME);
    let block = &mut c[3 * BLOCK_SIZE..4 * BLOCK_SIZE];
    block[..SECTOR].copy_from_slice(&title_sector("A Farewell to Kings", Some(42)));
    block[SECTOR..2 * SECTOR].copy_from_slice(&ICON);
    block[2 * SECTOR..2 * SECTOR + record.len()].copy_from_slice(record);
    c
}

#[test]
fn v1_and_v2_saves_load_and_the_first_update_keeps_them() {
    for version in [1, 2] {
        let (record, want) = v2_record(version);
        let c = legacy_card(&record);
        let got = load(&c[..]).unwrap();
        assert_eq!(got, want, "v{version}");
        let fw = got.record(GameId::Farewell);
        assert_eq!(fw.game.map(|g| (g.seed, g.options, g.count)), Some((42, 24, 0)));
        let t = fw.tallies[0];
        assert_eq!((t.played, t.won, t.streak, t.best_streak, t.fewest_deals), (5, 2, 1, 2, Some(3)), "v{version}");
        assert!(fw.tallies[1..].iter().all(|t| t.played == 0));
        let st = state(&c[..]).unwrap();
        assert_eq!(st.contents, Contents::Good { slot: Slot::A, generation: 0 });
        // The first update goes to slot B and leaves the old record whole
        // until it is done: pulled at any point, the old save loads.
        let new = save_of(42, 8);
        let p = plan(&c[..], &new).unwrap();
        assert!(p.iter().all(|(s, _)| s == 3 * 64 || (3 * 64 + 33..4 * 64).contains(&s)));
        pulled_at_every_write(&c, &new);
        // And the next one replaces it in slot A.
        let mut c = c;
        write(&mut c, &new);
        let newer = save_of(42, 20);
        pulled_at_every_write(&c, &newer);
        let p = write(&mut c, &newer);
        assert_eq!(p.after().unwrap().contents, Contents::Good { slot: Slot::A, generation: 2 });
        assert_eq!(load(&c[..]).unwrap(), newer);
    }
}

#[test]
fn a_stale_copy_in_a_reused_block_never_outranks_a_new_file() {
    // Our file was deleted in the card manager after many saves (its slot
    // B holds generation 41); a new file in the same block starts at 1.
    let mut c = formatted();
    for moves in 0..41 {
        write(&mut c, &save_of(3, moves));
    }
    assert_eq!(state(&c[..]).unwrap().contents, Contents::Good { slot: Slot::A, generation: 41 });
    write(&mut c, &save_of(3, 50)); // generation 42, slot B
    c[SECTOR] = 0xA1; // deleted
    c[SECTOR + 127] ^= 0x51 ^ 0xA1;
    assert_eq!(load(&c[..]), Err(LoadError::NoSave));
    let s = save_of(9, 2);
    assert!(pulled_at_every_write(&c, &s) > 10);
    write(&mut c, &s);
    assert_eq!(load(&c[..]).unwrap(), s);
}

#[test]
fn generations_wrap() {
    assert!(farewell::memcard::newer(0, u32::MAX));
    assert!(farewell::memcard::newer(5, 4));
    assert!(!farewell::memcard::newer(4, 5));
    assert!(!farewell::memcard::newer(4, 4));
    // A file whose copies count up through u32::MAX and wrap to 0: the
    // newest always loads, and a pull mid-update still loads the previous.
    let mut c = formatted();
    write(&mut c, &save_of(1, 1));
    let dir = Directory::parse(&c[..]).unwrap();
    let mut st = state(&c[..]).unwrap();
    st.contents = Contents::Good { slot: Slot::B, generation: u32::MAX - 2 };
    let mut p = Box::new(WritePlan::new());
    plan_save(&dir, Some(&st), &save_of(1, 2), &mut p).unwrap();
    p.apply(&mut c, p.len());
    assert_eq!(state(&c[..]).unwrap().contents, Contents::Good { slot: Slot::A, generation: u32::MAX - 1 });
    for (moves, slot, generation) in [(3, Slot::B, u32::MAX), (4, Slot::A, 0), (5, Slot::B, 1)] {
        let s = save_of(1, moves);
        pulled_at_every_write(&c, &s);
        write(&mut c, &s);
        assert_eq!(state(&c[..]).unwrap().contents, Contents::Good { slot, generation });
        assert_eq!(load(&c[..]).unwrap(), s);
    }
}

#[test]
fn the_record_is_opaque_up_to_record_max() {
    assert_eq!(SLOT_SIZE, 3968);
    assert_eq!(RECORD_MAX, 3952);
    // (save::MAX_ENCODED <= RECORD_MAX is a compile-time assertion in
    // src/memcard.rs.)
    let longest = vec![0u8; MAX_ENCODED];
    assert!(longest.len() <= RECORD_MAX);
    let mut c = formatted();
    let dir = Directory::parse(&c[..]).unwrap();
    let mut p = Box::new(WritePlan::new());
    let title = title_sector("A Farewell to Kings", None);
    let too_big = vec![7u8; RECORD_MAX + 1];
    assert!(matches!(plan_record(&dir, None, &title, &too_big, &mut p), Err(PlanError::TooLarge(_))));
    assert!(p.is_empty());
    let mut first = None;
    for round in 0..3u8 {
        let record: Vec<u8> = (0..RECORD_MAX).map(|i| (i as u8).wrapping_mul(31) ^ round).collect();
        let dir = Directory::parse(&c[..]).unwrap();
        let block = first.unwrap_or(1);
        let st = first.map(|_| load_file(&c[block as usize * BLOCK_SIZE..][..BLOCK_SIZE], block, |r| Ok(r.to_vec())).0);
        plan_record(&dir, st.as_ref(), &title, &record, &mut p).unwrap();
        p.apply(&mut c, p.len());
        first = Some(p.block());
        let (_, got) = load_file(&c[BLOCK_SIZE..2 * BLOCK_SIZE], 1, |r| Ok(r.to_vec()));
        assert_eq!(got.unwrap(), record, "round {round}");
    }
}

#[test]
fn a_save_from_a_newer_version_is_kept_and_said_so() {
    let mut c = formatted();
    write(&mut c, &save_of(1, 5));
    // A newer game's record: same envelope, version 9, a body this code
    // cannot read, written as a proper copy in slot B.
    let mut rec = b"AFTK\x09\x00\x03\x00xyz".to_vec();
    let crc = crc32(&rec);
    rec.extend_from_slice(&crc.to_le_bytes());
    let dir = Directory::parse(&c[..]).unwrap();
    let mut p = Box::new(WritePlan::new());
    plan_record(&dir, state(&c[..]).as_ref(), &title_sector("A Farewell to Kings", None), &rec, &mut p).unwrap();
    p.apply(&mut c, p.len());
    assert_eq!(load(&c[..]), Err(LoadError::Newer(9)));
    assert!(load(&c[..]).unwrap_err().to_string().contains("newer version"));
    let before = c.clone();
    assert_eq!(plan(&c[..], &save_of(1, 9)).unwrap_err(), PlanError::NewerSave(9));
    assert_eq!(c, before);
}

#[test]
fn a_damaged_save_is_kept_until_the_player_replaces_it() {
    let mut c = formatted();
    write(&mut c, &save_of(1, 5));
    write(&mut c, &save_of(1, 6));
    // Both copies damaged.
    c[BLOCK_SIZE + 2 * SECTOR + 20] ^= 1;
    c[BLOCK_SIZE + 33 * SECTOR + 20] ^= 1;
    assert_eq!(load(&c[..]), Err(LoadError::Save(SaveError::BadCrc)));
    let mut st = state(&c[..]).unwrap();
    assert_eq!(st.contents, Contents::Damaged);
    assert_eq!(plan(&c[..], &save_of(1, 9)).unwrap_err(), PlanError::DamagedSave);
    // Replacing: a fresh file in the same block, the directory untouched.
    st.contents = Contents::Replace;
    let dir = Directory::parse(&c[..]).unwrap();
    let mut p = Box::new(WritePlan::new());
    let s = save_of(2, 9);
    plan_save(&dir, Some(&st), &s, &mut p).unwrap();
    assert!(p.iter().all(|(sec, _)| sec / 64 == 1), "our block only");
    let start = c.clone();
    for k in 0..p.len() {
        let mut card = start.clone();
        p.apply(&mut card, k);
        match load(&card[..]) {
            Err(LoadError::Save(_)) => {}
            Ok(got) => assert_eq!(got, s),
            other => panic!("after {k}: {other:?}"),
        }
    }
    p.apply(&mut c, p.len());
    assert_eq!(load(&c[..]).unwrap(), s);
}

#[test]
fn a_chain_into_a_free_entry_makes_the_card_damaged() {
    // Another game's two-block file in blocks 1-2 whose second entry reads
    // free: a plan would pick block 2 for our file.
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 1, b"BASLUS-00007Z");
    assert!(Directory::parse(&c[..]).unwrap().damaged());
    let before = c.clone();
    assert_eq!(plan(&c[..], &save_of(1, 1)).unwrap_err(), PlanError::DamagedCard);
    assert_eq!(c, before);
    // Into another file's first block: damaged too. A chain into a deleted
    // entry as well.
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 1, b"BASLUS-00007Z");
    put_foreign(&mut c[..], 2, 0x51, 0xFFFF, b"BASLUS-00008Y");
    assert!(Directory::parse(&c[..]).unwrap().damaged());
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 1, b"BASLUS-00007Z");
    put_foreign(&mut c[..], 2, 0xA3, 0xFFFF, b"");
    assert!(Directory::parse(&c[..]).unwrap().damaged());
    // A proper two-block chain is not.
    put_foreign(&mut c[..], 2, 0x53, 0xFFFF, b"");
    assert!(!Directory::parse(&c[..]).unwrap().damaged());
    write(&mut c, &save_of(1, 1));
}

#[test]
fn the_file_reader_reads_only_what_the_copies_need() {
    let mut c = formatted();
    write(&mut c, &save_of(1, 5));
    write(&mut c, &save_of(1, 40));
    let block = &c[BLOCK_SIZE..2 * BLOCK_SIZE];
    let mut r = Box::new(FileReader::new());
    let mut reads = Vec::new();
    while let Some(f) = r.next() {
        assert!(!reads.contains(&f), "sector {f} read twice");
        reads.push(f);
        r.put(f, block[f * SECTOR..(f + 1) * SECTOR].try_into().unwrap());
    }
    assert_eq!(reads[..3], [0, 2, 33]);
    assert!(reads.len() < 30, "{reads:?}");
    let whole = load_file(block, 1, Save::decode);
    let partial = load_file(r.block(), 1, Save::decode);
    assert_eq!(whole, partial);
    assert_eq!(partial.1.unwrap(), save_of(1, 40));
}

/// A valid directory: files of the given lengths laid out over the blocks
/// in `order`, the other blocks free (0xA0) or deleted (0xA1..=0xA3).
/// Returns the files as (first block, blocks) and the free blocks.
fn lay_out(c: &mut [u8], lengths: &[usize], order: &[u8], free_kinds: &[u8]) -> (Vec<(u8, u8)>, Vec<u8>) {
    let mut files = Vec::new();
    let mut used = 0;
    for (n, &len) in lengths.iter().enumerate() {
        if used + len > order.len() {
            break;
        }
        let blocks = &order[used..used + len];
        used += len;
        for (i, &b) in blocks.iter().enumerate() {
            let state = match (i, i + 1 == len) {
                (0, _) => 0x51,
                (_, true) => 0x53,
                _ => 0x52,
            };
            let next = blocks.get(i + 1).map_or(0xFFFF, |&nb| u16::from(nb) - 1);
            let name = if i == 0 { format!("BASLUS-{n:05}F") } else { String::new() };
            put_foreign(c, usize::from(b), state, next, name.as_bytes());
        }
        files.push((blocks[0], len as u8));
    }
    let mut free: Vec<u8> = order[used..].to_vec();
    for (i, &b) in free.iter().enumerate() {
        let f = &mut c[usize::from(b) * SECTOR..][..SECTOR];
        f.fill(0);
        f[0] = free_kinds[i % free_kinds.len()];
        f[8..10].copy_from_slice(&[0xFF, 0xFF]);
        f[127] = xor(f);
    }
    files.sort();
    free.sort();
    (files, free)
}

/// The entry sector of block `b` (1..=15) as raw bytes.
fn raw_entry(c: &[u8], b: u8) -> &[u8] {
    &c[usize::from(b) * SECTOR..][..SECTOR]
}

/// Blocks some file's chain reaches after its first block, walking the
/// directory bytes directly (independently of the module): entries with a
/// bad checksum or out of range end a walk.
fn reached_by_chains(c: &[u8]) -> Vec<u8> {
    let mut reached = Vec::new();
    for first in 1..=15u8 {
        let e = raw_entry(c, first);
        if e[0] != 0x51 || xor(e) != e[127] {
            continue;
        }
        let mut next = u16::from_le_bytes([e[8], e[9]]);
        for _ in 0..15 {
            if next > 14 {
                break;
            }
            let b = next as u8 + 1;
            let n = raw_entry(c, b);
            if xor(n) != n[127] {
                break;
            }
            reached.push(b);
            if n[0] != 0x52 {
                break;
            }
            next = u16::from_le_bytes([n[8], n[9]]);
        }
    }
    reached
}

#[derive(Clone, Copy, Debug)]
enum Damage {
    Byte { sector: usize, at: usize, x: u8, reseal: bool },
    State { sector: usize, state: u8 },
    Next { sector: usize, next: u16 },
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (1usize..16, 0usize..128, 1u8..=255, any::<bool>()).prop_map(|(sector, at, x, reseal)| Damage::Byte {
            sector,
            at,
            x,
            reseal
        }),
        (1usize..16, prop::sample::select(vec![0x51u8, 0x52, 0x53, 0xA0, 0xA1, 0xA2, 0xA3, 0x00, 0xFF]))
            .prop_map(|(sector, state)| Damage::State { sector, state }),
        (1usize..16, prop_oneof![0u16..16, Just(0xFFFF)]).prop_map(|(sector, next)| Damage::Next { sector, next }),
    ]
}

proptest! {
    /// Valid directories of random files, then corrupted: before the
    /// damage the parser finds exactly the files and free blocks laid out;
    /// after it, a save never goes to a block that a chain reaches or that
    /// is not free, and a chain into a free or first entry stops all
    /// writing.
    #[test]
    fn valid_directories_then_corrupted(
        lengths in proptest::collection::vec(1usize..=4, 0..8),
        order in Just((1..=15u8).collect::<Vec<_>>()).prop_shuffle(),
        free_kinds in proptest::collection::vec(0xA0u8..=0xA3, 1..4),
        hits in proptest::collection::vec(damage(), 0..4),
    ) {
        let mut c = formatted();
        let (files, free) = lay_out(&mut c[..], &lengths, &order, &free_kinds);
        let dir = Directory::parse(&c[..]).unwrap();
        let found: Vec<(u8, u8)> = dir.files().map(|f| (f.first_block, f.blocks)).collect();
        prop_assert_eq!(&found, &files);
        prop_assert!(dir.files().all(|f| f.chain_ok));
        prop_assert_eq!(dir.free_blocks().collect::<Vec<_>>(), free.clone());
        prop_assert!(!dir.damaged());
        match plan(&c[..], &Save::default()) {
            Ok(p) => prop_assert_eq!(Some(p.block()), free.first().copied()),
            Err(e) => prop_assert!(free.is_empty() && e == PlanError::CardFull, "{:?}", e),
        }

        // The damage: bytes changed with the checksum left wrong or made
        // right again, entries given another state or another next block
        // (with a good checksum: the lies a parser cannot see through).
        for &d in &hits {
            let (sector, reseal) = match d {
                Damage::Byte { sector, at, x, reseal } => {
                    c[sector * SECTOR + at] ^= x;
                    (sector, reseal)
                }
                Damage::State { sector, state } => {
                    c[sector * SECTOR] = state;
                    (sector, true)
                }
                Damage::Next { sector, next } => {
                    c[sector * SECTOR + 8..sector * SECTOR + 10].copy_from_slice(&next.to_le_bytes());
                    (sector, true)
                }
            };
            if reseal {
                let f = &mut c[sector * SECTOR..(sector + 1) * SECTOR];
                f[127] = xor(f);
            }
        }
        let dir = Directory::parse(&c[..]).unwrap();
        for f in dir.files() {
            prop_assert!(f.blocks >= 1 && f.blocks <= 15);
        }
        let reached = reached_by_chains(&c[..]);
        let conflict = reached.iter().any(|&b| {
            let e = raw_entry(&c[..], b);
            (0xA0..=0xA3).contains(&e[0]) || e[0] == 0x51
        });
        prop_assert_eq!(dir.damaged(), conflict);
        let before = c.clone();
        match plan(&c[..], &Save::default()) {
            Ok(p) => {
                prop_assert!(!conflict);
                let b = p.block();
                let e = raw_entry(&c[..], b);
                prop_assert!((0xA0..=0xA3).contains(&e[0]) && xor(e) == e[127], "block {} is free", b);
                prop_assert!(!reached.contains(&b), "block {} is in a chain", b);
                for (sector, _) in p.iter() {
                    prop_assert!(sector == u16::from(b) || sector / 64 == u16::from(b), "sector {}", sector);
                }
                let mut after = c.clone();
                p.apply(&mut after, p.len());
                prop_assert_eq!(load(&after[..]).unwrap(), Save::default());
            }
            Err(PlanError::DamagedCard) => prop_assert!(conflict),
            Err(PlanError::CardFull) => prop_assert!(dir.free_blocks().next().is_none()),
            Err(e) => prop_assert!(false, "{:?}", e),
        }
        prop_assert_eq!(&c[..], &before[..]);
    }

    /// Any bytes in our file's block (the directory good): loading and
    /// planning never panic.
    #[test]
    fn any_file_block_never_panics(block in proptest::collection::vec(any::<u8>(), 0..BLOCK_SIZE), slot_b in any::<bool>()) {
        let mut c = formatted();
        write(&mut c, &save_of(2, 3));
        let at = BLOCK_SIZE + if slot_b { 33 * SECTOR } else { 0 };
        let n = block.len().min(2 * BLOCK_SIZE - at);
        c[at..at + n].copy_from_slice(&block[..n]);
        let _ = load(&c[..]);
        let _ = plan(&c[..], &Save::default());
        let _ = copies(&c[BLOCK_SIZE..2 * BLOCK_SIZE]);
    }

    /// A good card after two saves with a few bytes changed anywhere in
    /// the directory or our file: what loads is the last save, or the one
    /// before it when the damage hit the last one's slot, or an error.
    #[test]
    fn damaged_cards_load_right_or_not_at_all(hits in proptest::collection::vec((0usize..2 * BLOCK_SIZE, 1u8..=255), 1..6)) {
        let mut c = formatted();
        let (s1, s2) = (save_of(6, 12), save_of(6, 30));
        write(&mut c, &s1);
        write(&mut c, &s2);
        let slot_b = BLOCK_SIZE + 33 * SECTOR..2 * BLOCK_SIZE;
        let in_b = hits.iter().any(|(at, _)| slot_b.contains(at));
        for &(at, x) in &hits {
            c[at] ^= x;
        }
        match load(&c[..]) {
            Ok(got) if got == s2 => {}
            Ok(got) => {
                prop_assert_eq!(got, s1);
                prop_assert!(in_b, "the previous save loads only when the last one was hit");
            }
            Err(_) => {}
        }
    }
}

// ---------------------------------------------------------------- the session, on a model card

use farewell::memcard::session::{IoError, Port, Session, Status};
use std::task::Poll;

/// Slot 1 with a model card: sectors, and the FLAG's "new" bit as a card
/// keeps it (set on insertion, cleared by a completed write). Counts the
/// commands of each step.
struct Model {
    card: Option<Card>,
    fresh: bool,
    writes: Vec<u16>,
    ops: usize,
    /// Write number n (from 1) lands, then the card is pulled out (into
    /// `pulled`) before it answers.
    pull_after_write: Option<usize>,
    pulled: Option<Card>,
    /// A card whose "new" flag never clears.
    sticky: bool,
}

impl Model {
    fn with(card: Option<Card>) -> Model {
        Model {
            fresh: card.is_some(),
            card,
            writes: Vec::new(),
            ops: 0,
            pull_after_write: None,
            pulled: None,
            sticky: false,
        }
    }

    /// Pulls the card out and puts `card` in (or none).
    fn swap(&mut self, card: Option<Card>) -> Option<Card> {
        self.fresh = card.is_some();
        std::mem::replace(&mut self.card, card)
    }

    fn card(&self) -> &[u8] {
        &self.card.as_ref().unwrap()[..]
    }
}

impl Port for Model {
    fn read(&mut self, n: u16, buf: &mut [u8; SECTOR]) -> Poll<Result<bool, IoError>> {
        self.ops += 1;
        Poll::Ready(self.read_now(n, buf))
    }

    fn write(&mut self, n: u16, data: &[u8; SECTOR], guard: bool) -> Poll<Result<(), IoError>> {
        self.ops += 1;
        Poll::Ready(self.write_now(n, data, guard))
    }
}

impl Model {
    fn read_now(&mut self, n: u16, buf: &mut [u8; SECTOR]) -> Result<bool, IoError> {
        let c = self.card.as_ref().ok_or(IoError::NoCard)?;
        buf.copy_from_slice(&c[usize::from(n) * SECTOR..][..SECTOR]);
        Ok(self.fresh)
    }

    fn write_now(&mut self, n: u16, data: &[u8; SECTOR], guard: bool) -> Result<(), IoError> {
        let c = self.card.as_mut().ok_or(IoError::NoCard)?;
        if guard && self.fresh {
            return Err(IoError::NewCard);
        }
        c[usize::from(n) * SECTOR..][..SECTOR].copy_from_slice(data);
        self.fresh = self.sticky;
        self.writes.push(n);
        if self.pull_after_write == Some(self.writes.len()) {
            self.pulled = self.card.take();
            return Err(IoError::NoCard);
        }
        Ok(())
    }
}

/// Steps the session until it is idle or off (at most `limit` steps), one
/// sector command a step at most.
fn run(s: &mut Session, m: &mut Model, save: &Save, limit: usize) -> usize {
    let mut log = String::new();
    for i in 0..limit {
        m.ops = 0;
        s.step(m, save, &mut log);
        assert!(m.ops <= 1, "step {i} made {} card commands", m.ops);
        if !s.busy() {
            return i;
        }
    }
    panic!("still busy after {limit} steps: {log}");
}

fn booted(m: &mut Model) -> (Box<Session>, Option<Save>) {
    let mut s = Box::new(Session::new());
    s.boot(m, &mut String::new());
    let loaded = s.take_loaded();
    (s, loaded)
}

#[test]
fn session_boot_reads_and_writes_nothing_then_saves() {
    let mut c = formatted();
    let s1 = save_of(4, 10);
    write(&mut c, &s1);
    let before = c.clone();
    let mut m = Model::with(Some(c));
    let (mut s, loaded) = booted(&mut m);
    assert_eq!(loaded, Some(s1));
    assert_eq!(s.status(), Status::Ready);
    assert!(m.writes.is_empty());
    assert_eq!(m.card(), &before[..]);
    // The first save: sector 63 written back as it was (the flag clears),
    // the card read again, then the save.
    let s2 = save_of(4, 20);
    s.request_save();
    run(&mut s, &mut m, &s2, 200);
    assert_eq!(m.writes[0], 63);
    assert_eq!(m.card()[63 * SECTOR..64 * SECTOR], before[63 * SECTOR..64 * SECTOR]);
    assert_eq!(load(m.card()).unwrap(), s2);
    // The next save goes straight to writing: no reads, no write to 63.
    m.writes.clear();
    let s3 = save_of(4, 30);
    s.request_save();
    let steps = run(&mut s, &mut m, &s3, 200);
    assert!(!m.writes.contains(&63));
    // The state taken, the plan, then its CRC (a step each: no sector in
    // any), a write a step, and one to finish (the first step, from idle,
    // also takes the state).
    assert_eq!(steps, m.writes.len() + 3, "snapshot and plan, encode, seal, a write a step, finish");
    assert_eq!(load(m.card()).unwrap(), s3);
}

/// A card with two other games' files in blocks 1 and 2 (a pattern in
/// each block) and block 3 free.
fn card_of_others() -> Card {
    let mut c = formatted();
    put_foreign(&mut c[..], 1, 0x51, 0xFFFF, b"BESLES-00001ALPHA");
    put_foreign(&mut c[..], 2, 0x51, 0xFFFF, b"BASLUS-00002BETA");
    c
}

#[test]
fn session_a_card_swapped_between_saves_is_read_again() {
    // Card A: our save in block 2. Card B: another game's file in block 2.
    let mut a = formatted();
    put_foreign(&mut a[..], 1, 0x51, 0xFFFF, b"BESLES-00001ALPHA");
    write(&mut a, &save_of(1, 5));
    assert_eq!(state(&a[..]).unwrap().block, 2);
    let mut m = Model::with(Some(a));
    let (mut s, _) = booted(&mut m);
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 6), 200);
    let b = card_of_others();
    let b_before = b.clone();
    m.swap(Some(b));
    let s2 = save_of(1, 7);
    s.request_save();
    run(&mut s, &mut m, &s2, 300);
    assert_eq!(s.status(), Status::Ready);
    // Blocks 1 and 2 of card B untouched; our file made in block 3.
    for sector in 0..1024 {
        let (blk, f) = (sector / 64, sector % 64);
        if blk == 3 || (blk == 0 && (f == 3 || f == 63)) {
            continue;
        }
        assert_eq!(m.card()[sector * SECTOR..][..SECTOR], b_before[sector * SECTOR..][..SECTOR], "sector {sector}");
    }
    assert_eq!(state(m.card()).unwrap().block, 3);
    assert_eq!(load(m.card()).unwrap(), s2);
}

#[test]
fn session_a_card_swapped_mid_save_at_every_write() {
    let mut a = formatted();
    write(&mut a, &save_of(1, 5));
    // How many writes an update makes, once the card is known.
    let mut m = Model::with(Some(a.clone()));
    let (mut s, _) = booted(&mut m);
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 6), 200);
    let known = m.card.clone().unwrap();
    let writes = {
        let p = plan(&known[..], &save_of(1, 60)).unwrap();
        p.len()
    };
    for k in 0..=writes {
        let mut m = Model::with(Some(known.clone()));
        m.fresh = false;
        let (mut s2, _) = (Box::new(Session::new()), ());
        // Bring a session to "known and synced" on this card.
        s2.boot(&mut m, &mut String::new());
        s2.request_save();
        run(&mut s2, &mut m, &save_of(1, 6), 200);
        // Start a save; after k writes the card is swapped for B.
        let new = save_of(1, 60);
        s2.request_save();
        let mut log = String::new();
        let mut made = 0;
        m.writes.clear();
        while made < k && m.writes.len() < k {
            s2.step(&mut m, &new, &mut log);
            made = m.writes.len();
            if !s2.busy() {
                break;
            }
        }
        let a_after = m.swap(Some(card_of_others())).unwrap();
        // Card A: the previous save or the new one, never nothing.
        let got = load(&a_after[..]).unwrap();
        assert!(got == new || got == save_of(1, 6), "card A after {k} writes");
        // The next move asks for a save again (it makes no difference to a
        // save under way).
        s2.request_save();
        run(&mut s2, &mut m, &new, 300);
        let b = m.card();
        assert_eq!(load(b), Ok(new.clone()), "card B gets the save, after {k} writes to A: {:?}", s2.status());
        assert_eq!(state(b).unwrap().block, 3);
        let others = card_of_others();
        assert_eq!(b[BLOCK_SIZE..3 * BLOCK_SIZE], others[BLOCK_SIZE..3 * BLOCK_SIZE]);
    }
}

#[test]
fn session_the_same_card_put_back_mid_save_goes_on() {
    let mut a = formatted();
    write(&mut a, &save_of(1, 5));
    let mut m = Model::with(Some(a));
    let (mut s, _) = booted(&mut m);
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 6), 200);
    let new = save_of(1, 40);
    s.request_save();
    let mut log = String::new();
    for _ in 0..4 {
        s.step(&mut m, &new, &mut log);
    }
    let card = m.swap(None).unwrap();
    m.swap(Some(card));
    run(&mut s, &mut m, &new, 300);
    assert_eq!(s.status(), Status::Ready);
    assert_eq!(load(m.card()).unwrap(), new);
}

#[test]
fn session_another_cards_save_is_left_alone() {
    let mut a = formatted();
    write(&mut a, &save_of(1, 5));
    let mut b = formatted();
    let theirs = save_of(2, 50);
    write(&mut b, &theirs);
    let b_before = b.clone();
    let mut m = Model::with(Some(a));
    let (mut s, _) = booted(&mut m);
    m.swap(Some(b));
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 9), 300);
    assert_eq!(s.status(), Status::OtherSave);
    assert!(s.status().notice().is_some());
    assert_eq!(m.card(), &b_before[..], "byte for byte (sector 63 written back as it was)");
    // A card inserted after booting with none: same, its save was not
    // loaded.
    let mut m = Model::with(None);
    let (mut s, loaded) = booted(&mut m);
    assert_eq!((loaded, s.status()), (None, Status::NoCard));
    m.swap(Some(b_before.clone()));
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 9), 300);
    assert_eq!(s.status(), Status::OtherSave);
    assert_eq!(load(m.card()).unwrap(), theirs);
}

#[test]
fn session_a_card_inserted_later_gets_the_save() {
    let mut m = Model::with(None);
    let (mut s, _) = booted(&mut m);
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 2), 10);
    assert_eq!(s.status(), Status::NoCard);
    m.swap(Some(card_of_others()));
    let new = save_of(1, 3);
    s.request_save();
    run(&mut s, &mut m, &new, 300);
    assert_eq!(s.status(), Status::Ready);
    assert_eq!(load(m.card()).unwrap(), new);
}

#[test]
fn session_formats_only_the_card_the_player_agreed_to() {
    let mut m = Model::with(Some(blank()));
    let (mut s, _) = booted(&mut m);
    assert_eq!(s.status(), Status::Unformatted);
    // Declined (no confirmation): save requests write nothing that changes
    // a byte.
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 1), 100);
    assert_eq!(m.card(), &blank()[..]);
    assert_eq!(s.status(), Status::Unformatted);
    // Agreed: formatted, then saved to.
    s.confirm_format();
    run(&mut s, &mut m, &save_of(1, 1), 200);
    assert_eq!(s.status(), Status::Ready);
    assert!(Directory::parse(m.card()).is_ok());
    let new = save_of(1, 2);
    s.request_save();
    run(&mut s, &mut m, &new, 200);
    assert_eq!(load(m.card()).unwrap(), new);

    // Agreed, but the card was swapped for another unformatted one (with
    // different bytes) first: nothing is formatted.
    let mut m = Model::with(Some(blank()));
    let (mut s, _) = booted(&mut m);
    let mut other = blank();
    other[300] = 0x42; // in the directory sectors: another card
    m.swap(Some(other.clone()));
    s.confirm_format();
    run(&mut s, &mut m, &save_of(1, 1), 200);
    assert_eq!(s.status(), Status::Unformatted);
    assert_eq!(m.card(), &other[..]);
}

#[test]
fn session_damaged_and_newer_saves() {
    // Damaged: kept until the player agrees, then replaced.
    let mut c = formatted();
    write(&mut c, &save_of(1, 5));
    c[BLOCK_SIZE + 2 * SECTOR + 40] ^= 1;
    let damaged = c.clone();
    let mut m = Model::with(Some(c));
    let (mut s, loaded) = booted(&mut m);
    assert_eq!((loaded, s.status()), (None, Status::DamagedSave));
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 6), 200);
    assert_eq!(m.card(), &damaged[..], "not written before the player agrees");
    s.confirm_replace();
    let new = save_of(1, 7);
    run(&mut s, &mut m, &new, 300);
    assert_eq!(s.status(), Status::Ready);
    assert_eq!(load(m.card()).unwrap(), new);

    // Newer: kept, said so.
    let mut c = formatted();
    let mut rec = b"AFTK\x09\x00\x01\x00z".to_vec();
    let crc = crc32(&rec);
    rec.extend_from_slice(&crc.to_le_bytes());
    let dir = Directory::parse(&c[..]).unwrap();
    let mut p = Box::new(WritePlan::new());
    plan_record(&dir, None, &title_sector("A Farewell to Kings", None), &rec, &mut p).unwrap();
    p.apply(&mut c, p.len());
    let before = c.clone();
    let mut m = Model::with(Some(c));
    let (mut s, _) = booted(&mut m);
    assert_eq!(s.status(), Status::NewerSave(9));
    assert!(s.status().notice().unwrap().contains("newer version"));
    s.request_save();
    s.confirm_replace();
    run(&mut s, &mut m, &save_of(1, 1), 200);
    assert_eq!(m.card(), &before[..]);

    // A damaged directory: the save loads, nothing is written.
    let mut c = formatted();
    let s1 = save_of(3, 3);
    write(&mut c, &s1);
    put_foreign(&mut c[..], 2, 0x51, 2, b"BASLUS-00007Z"); // chain into free block 3
    let before = c.clone();
    let mut m = Model::with(Some(c));
    let (mut s, loaded) = booted(&mut m);
    assert_eq!((loaded, s.status()), (Some(s1), Status::DamagedCard));
    s.request_save();
    run(&mut s, &mut m, &save_of(3, 4), 200);
    assert_eq!(m.card(), &before[..]);
}

#[test]
fn session_a_card_pulled_as_a_write_lands_and_put_back_goes_on() {
    // Pulled during each write of an update (the write made, its answer
    // lost), put back: the session reads it again, takes it for the same
    // card (whichever copy is now the newest) and saves.
    let mut a = formatted();
    write(&mut a, &save_of(1, 5));
    let update_len = {
        let mut c = a.clone();
        write(&mut c, &save_of(1, 6));
        plan(&c[..], &save_of(1, 50)).unwrap().len()
    };
    for n in 1..=update_len {
        let mut m = Model::with(Some(a.clone()));
        let (mut s, _) = booted(&mut m);
        s.request_save();
        run(&mut s, &mut m, &save_of(1, 6), 200);
        m.writes.clear();
        m.pull_after_write = Some(n);
        let new = save_of(1, 50);
        s.request_save();
        run(&mut s, &mut m, &new, 200);
        assert_eq!(s.status(), Status::NoCard, "pulled at write {n}");
        let card = m.pulled.take().unwrap();
        let got = load(&card[..]).unwrap();
        assert!(got == new || got == save_of(1, 6), "write {n}");
        m.pull_after_write = None;
        m.swap(Some(card));
        let newer = save_of(1, 60);
        s.request_save();
        run(&mut s, &mut m, &newer, 300);
        assert_eq!(s.status(), Status::Ready, "put back after write {n}");
        assert_eq!(load(m.card()).unwrap(), newer);
    }
}

#[test]
fn session_a_card_whose_flag_never_clears_is_given_up_on() {
    let mut c = formatted();
    write(&mut c, &save_of(1, 5));
    let mut m = Model::with(Some(c.clone()));
    m.sticky = true;
    let (mut s, _) = booted(&mut m);
    s.request_save();
    run(&mut s, &mut m, &save_of(1, 6), 500);
    assert_eq!(s.status(), Status::Failed);
    // Only sector 63 was written, with the bytes it held.
    assert!(m.writes.iter().all(|&w| w == 63));
    assert_eq!(m.card(), &c[..]);
}

// The byte pump (memcard::wire): the sector commands on a model of the
// port and of a card answering byte by byte, on a clock that moves only
// when the test says (a pump that waited would never return).

use farewell::memcard::wire::{Command, Driver, Line, Next, WireError, ACK_TIMEOUT_US, BYTE_TIMEOUT_US, FLAG_NEW};

/// Microseconds a byte takes on the wire (8 bits at 250 kHz).
const BYTE_US: u32 = 32;
/// A card's /ACK after the byte.
const ACK_US: u32 = 10;

/// A card in the slot, byte by byte, as the protocol describes it.
struct WireCard {
    data: Card,
    /// FLAG bit 3: set on insertion, cleared by a completed write.
    fresh: bool,
    /// Sectors written (the checksum byte in and good).
    writes: Vec<u16>,
    /// Sector numbers the card received (a guarded write sends none to a
    /// new card).
    addressed: Vec<u16>,
    /// Flip a bit of the next read's data byte.
    corrupt_next_read: bool,
}

impl WireCard {
    fn new(data: Card) -> WireCard {
        WireCard { data, fresh: true, writes: Vec::new(), addressed: Vec::new(), corrupt_next_read: false }
    }
}

/// The port and its clock, with a card (or none) in the slot.
struct Wire {
    card: Option<WireCard>,
    now: u32,
    selected: bool,
    /// Bytes received in this selection, and the command's bytes.
    rx: Vec<u8>,
    reply: u8,
    rx_at: u32,
    ack_at: Option<u32>,
    taken: bool,
    /// Pull the card out once this many bytes have been sent (all
    /// selections counted).
    pull_after_bytes: Option<usize>,
    pulled: Option<WireCard>,
    bytes: usize,
    /// Largest number of bytes sent in one poll.
    most_per_poll: usize,
    this_poll: usize,
    /// Microseconds more before the /ACK of a read command's 7th byte (an
    /// original Sony card's: psx-spx, Memory Card Timings, "an additional
    /// delay of circa 31000 cycles", 0.92 ms).
    late_ack_us: u32,
}

impl Wire {
    fn with(card: Option<WireCard>) -> Wire {
        Wire {
            card,
            now: 0,
            selected: false,
            rx: Vec::new(),
            reply: 0xFF,
            rx_at: 0,
            ack_at: None,
            taken: true,
            pull_after_bytes: None,
            pulled: None,
            bytes: 0,
            most_per_poll: 0,
            this_poll: 0,
            late_ack_us: 0,
        }
    }

    /// The card's answer to the byte just received (`self.rx` holds the
    /// selection's bytes so far): the reply and whether it acknowledges.
    fn answer(&mut self) -> (u8, bool) {
        let rx = &self.rx;
        let i = rx.len() - 1;
        let Some(card) = self.card.as_mut() else { return (0xFF, false) };
        if rx[0] != 0x81 {
            return (0xFF, false);
        }
        let flag = if card.fresh { FLAG_NEW } else { 0 };
        let cmd = rx.get(1).copied().unwrap_or(0);
        let sector = |rx: &[u8]| u16::from_be_bytes([rx[4], rx[5]]);
        match (i, cmd) {
            (0, _) => (0xFF, true),
            (1, b'R' | b'W') => (flag, true),
            (1, _) => (flag, false),
            (2, _) => (0x5A, true),
            (3, _) => (0x5D, true),
            (4, _) => (0x00, true),
            (5, _) => {
                card.addressed.push(sector(rx));
                (rx[4], true)
            }
            (6, b'R') => (0x5C, true),
            (7, b'R') => (0x5D, true),
            (8, b'R') => (rx[4], true),
            (9, b'R') => (rx[5], true),
            (10..=137, b'R') => {
                let at = usize::from(sector(rx)) * SECTOR + i - 10;
                let mut b = card.data[at];
                if card.corrupt_next_read && i == 20 {
                    b ^= 1;
                    card.corrupt_next_read = false;
                }
                (b, true)
            }
            (138, b'R') => {
                let at = usize::from(sector(rx)) * SECTOR;
                let sum = card.data[at..at + SECTOR].iter().fold(rx[4] ^ rx[5], |a, b| a ^ b);
                (sum, true)
            }
            (139, b'R') => (b'G', false),
            (6..=133, b'W') => (rx[i - 1], true),
            (134, b'W') => {
                let data = &rx[6..134];
                let sum = data.iter().fold(rx[4] ^ rx[5], |a, b| a ^ b);
                if sum == rx[134] {
                    let n = sector(rx);
                    card.data[usize::from(n) * SECTOR..][..SECTOR].copy_from_slice(data);
                    card.fresh = false;
                    card.writes.push(n);
                }
                (rx[133], true)
            }
            (135, b'W') => (0x5C, true),
            (136, b'W') => (0x5D, true),
            (137, b'W') => (b'G', false),
            _ => (0xFF, false),
        }
    }

    /// Starts a new poll (for the bytes-per-poll count).
    fn poll_begins(&mut self) {
        self.this_poll = 0;
    }
}

impl Line for Wire {
    type Instant = u32;

    fn now(&self) -> u32 {
        self.now
    }

    fn us_since(&self, t: u32) -> u32 {
        self.now - t
    }

    fn select(&mut self) {
        assert!(!self.selected, "selected twice");
        self.selected = true;
        self.rx.clear();
    }

    fn send(&mut self, byte: u8) {
        assert!(self.selected, "a byte sent with nothing selected");
        assert!(self.taken, "a byte sent before the last one's reply was read");
        if self.pull_after_bytes == Some(self.bytes) {
            self.pulled = self.card.take();
        }
        self.bytes += 1;
        self.this_poll += 1;
        self.most_per_poll = self.most_per_poll.max(self.this_poll);
        self.rx.push(byte);
        let (reply, ack) = self.answer();
        self.reply = reply;
        self.rx_at = self.now + BYTE_US;
        let late = if self.rx.len() == 7 && self.rx[1] == b'R' { self.late_ack_us } else { 0 };
        self.ack_at = ack.then_some(self.now + BYTE_US + ACK_US + late);
        self.taken = false;
    }

    fn received(&mut self) -> Option<u8> {
        assert!(!self.taken, "the data register read twice for one byte");
        if self.now >= self.rx_at {
            self.taken = true;
            Some(self.reply)
        } else {
            None
        }
    }

    fn acked(&mut self) -> bool {
        self.ack_at.is_some_and(|t| self.now >= t)
    }

    fn deselect(&mut self) {
        assert!(self.selected);
        self.selected = false;
        self.taken = true;
    }
}

/// Polls `d` every `step` µs until it is idle; returns the µs it took.
fn pump(d: &mut Driver<Wire>, step: u32) -> u32 {
    let start = d.line().now;
    for _ in 0..100_000 {
        d.line_mut().poll_begins();
        if !d.poll() {
            return d.line().now - start;
        }
        d.line_mut().now += step;
    }
    panic!("the pump never finished");
}

fn wire_card() -> WireCard {
    let mut c = formatted();
    write(&mut c, &save_of(3, 8));
    WireCard::new(c)
}

#[test]
fn wire_commands_read_and_write_sectors_a_byte_per_poll() {
    let mut d = Driver::new(Wire::with(Some(wire_card())));
    let data: [u8; SECTOR] = std::array::from_fn(|i| (i * 37 + 5) as u8);
    // A write of sector 700, then a read of it: pending until done.
    assert_eq!(d.write(700, &data, false), Poll::Pending);
    let us = pump(&mut d, 5);
    // 138 bytes of 32 µs with their /ACK: 6 ms or so, never a poll with
    // more than one byte sent (the pump sends a byte only when the last
    // one's reply is in).
    assert!((138 * BYTE_US..138 * (BYTE_US + ACK_US + 10)).contains(&us), "{us} µs");
    assert_eq!(d.line().most_per_poll, 1);
    assert_eq!(d.write(700, &data, false), Poll::Ready(Ok(())));
    let card = d.line().card.as_ref().unwrap();
    assert_eq!(card.data[700 * SECTOR..][..SECTOR], data);
    assert!(!card.fresh, "a completed write clears the new flag");
    let mut buf = [0u8; SECTOR];
    assert_eq!(d.read(700, &mut buf), Poll::Pending);
    pump(&mut d, 7);
    assert_eq!(d.read(700, &mut buf), Poll::Ready(Ok(false)));
    assert_eq!(buf, data);
    assert!(!d.line().selected);
}

#[test]
fn wire_a_late_poll_still_finds_the_reply_that_came_in_time() {
    let mut d = Driver::new(Wire::with(Some(wire_card())));
    let mut buf = [0u8; SECTOR];
    assert_eq!(d.read(3, &mut buf), Poll::Pending);
    // The frame draws for 3 ms between polls, many times over: far past
    // every timeout, but each reply came in time and is latched.
    for _ in 0..400 {
        d.line_mut().now += 3_000;
        if !d.poll() {
            break;
        }
    }
    let want = d.line().card.as_ref().unwrap().data[3 * SECTOR..][..SECTOR].to_vec();
    assert_eq!(d.read(3, &mut buf), Poll::Ready(Ok(true)));
    assert_eq!(buf[..], want[..]);
}

#[test]
fn wire_a_sony_card_acks_the_7th_byte_of_a_read_late() {
    // Original Sony cards acknowledge a read's 7th byte about 31,000
    // cycles (0.92 ms) late: here 950 µs. Polled finely and coarsely.
    for step in [1, 5, 300] {
        let mut card = wire_card();
        card.fresh = false;
        let mut w = Wire::with(Some(card));
        w.late_ack_us = 950;
        let mut d = Driver::new(w);
        let mut buf = [0u8; SECTOR];
        assert_eq!(d.read(9, &mut buf), Poll::Pending);
        pump(&mut d, step);
        let want = d.line().card.as_ref().unwrap().data[9 * SECTOR..][..SECTOR].to_vec();
        assert_eq!(d.read(9, &mut buf), Poll::Ready(Ok(false)), "polled every {step} µs");
        assert_eq!(buf[..], want[..]);
    }
}

#[test]
fn wire_no_card_is_noticed_after_the_timeout_not_before() {
    let mut d = Driver::new(Wire::with(None));
    let mut buf = [0u8; SECTOR];
    assert_eq!(d.read(0, &mut buf), Poll::Pending);
    let us = pump(&mut d, 1);
    assert!(us > BYTE_TIMEOUT_US + ACK_TIMEOUT_US && us < 2 * (BYTE_TIMEOUT_US + ACK_TIMEOUT_US), "{us} µs");
    assert_eq!(d.read(0, &mut buf), Poll::Ready(Err(IoError::NoCard)));
}

#[test]
fn wire_a_card_pulled_at_every_byte_fails_the_sector() {
    let data = [0xA5u8; SECTOR];
    for write in [false, true] {
        let len = if write { 138 } else { 140 };
        for k in 0..len {
            let mut wire = Wire::with(Some(wire_card()));
            wire.pull_after_bytes = Some(k);
            let mut d = Driver::new(wire);
            let mut buf = [0u8; SECTOR];
            let result = if write {
                let _ = d.write(900, &data, false);
                pump(&mut d, 4);
                d.write(900, &data, false)
            } else {
                let _ = d.read(900, &mut buf);
                pump(&mut d, 4);
                d.read(900, &mut buf).map(|r| r.map(|_| ()))
            };
            let want = if k == 0 { IoError::NoCard } else { IoError::Failed };
            assert_eq!(result, Poll::Ready(Err(want)), "write {write}, pulled after {k} bytes");
            assert!(!d.line().selected);
            // A pulled write lands only if its checksum was in.
            let card = d.line().pulled.as_ref().unwrap();
            assert_eq!(card.writes.len(), usize::from(write && k > 134), "pulled after {k} bytes");
        }
    }
}

#[test]
fn wire_a_guarded_write_to_a_new_card_sends_no_sector_number() {
    let mut d = Driver::new(Wire::with(Some(wire_card())));
    let data = [1u8; SECTOR];
    assert_eq!(d.write(5, &data, true), Poll::Pending);
    pump(&mut d, 5);
    assert_eq!(d.write(5, &data, true), Poll::Ready(Err(IoError::NewCard)));
    let card = d.line().card.as_ref().unwrap();
    assert!(card.addressed.is_empty() && card.writes.is_empty());
    // Unguarded, it goes through and clears the flag; then guarded ones do.
    let _ = d.write(63, &[0; SECTOR], false);
    pump(&mut d, 5);
    assert_eq!(d.write(63, &[0; SECTOR], false), Poll::Ready(Ok(())));
    let _ = d.write(5, &data, true);
    pump(&mut d, 5);
    assert_eq!(d.write(5, &data, true), Poll::Ready(Ok(())));
}

#[test]
fn wire_a_bad_checksum_or_end_byte_fails_the_read() {
    let mut d = Driver::new(Wire::with(Some(wire_card())));
    d.line_mut().card.as_mut().unwrap().corrupt_next_read = true;
    let mut buf = [0u8; SECTOR];
    let _ = d.read(1, &mut buf);
    pump(&mut d, 5);
    assert_eq!(d.read(1, &mut buf), Poll::Ready(Err(IoError::Failed)));
    // The command alone: each wrong answer has its error.
    let mut c = Command::read(1);
    assert_eq!(c.reply(Some((0xFF, true))), Next::Send(b'R'));
    assert_eq!(c.reply(Some((0, true))), Next::Send(0));
    assert_eq!(c.reply(Some((0x5A, true))), Next::Send(0));
    assert_eq!(c.reply(Some((0x5E, true))), Next::Done(Err(WireError::Protocol)));
    let mut c = Command::read(0x0102);
    let mut next = Next::Send(0x81);
    for (i, b) in [0xFF, 0, 0x5A, 0x5D, 0, 0, 0x5C, 0x5D, 1, 2].into_iter().enumerate() {
        assert!(matches!(next, Next::Send(_)), "byte {i}");
        next = c.reply(Some((b, true)));
    }
    for _ in 0..SECTOR {
        next = c.reply(Some((0, true)));
    }
    assert_eq!(next, Next::Send(0));
    assert_eq!(c.reply(Some((1 ^ 2, true))), Next::Send(0));
    assert!(c.last());
    assert_eq!(c.reply(Some((b'N', false))), Next::Done(Err(WireError::BadSector)));
    // No /ACK mid-sector: the card went away.
    let mut c = Command::write(7, &[0; SECTOR], false);
    c.reply(Some((0xFF, true)));
    assert_eq!(c.reply(Some((0, false))), Next::Done(Err(WireError::Protocol)));
}

/// A session over the byte pump, frame by frame: a step, then the frame's
/// waits (`wait_us` of polls every 10 µs), then a leftover sector finished
/// before the next frame's pad poll. Returns the frames, and how many
/// needed finishing.
fn run_frames(s: &mut Session, d: &mut Driver<Wire>, save: &Save, wait_us: u32, limit: usize) -> (usize, usize) {
    let mut log = String::new();
    let mut leftovers = 0;
    for frame in 0..limit {
        if Wire::spin(d) {
            leftovers += 1;
        }
        s.step(d, save, &mut log);
        // As the console does: the next sector starts in the step that
        // took the last one's result.
        if !d.busy() && s.wants_sector() {
            s.step(d, save, &mut log);
        }
        let end = d.line().now + wait_us;
        while d.line().now < end && d.poll() {
            d.line_mut().now += 10;
        }
        d.line_mut().now = end + 1000;
        if !s.busy() && !d.busy() {
            return (frame, leftovers);
        }
    }
    panic!("still busy after {limit} frames: {log}");
}

impl Wire {
    /// [`Driver::finish`] with the model's clock moving (the console's
    /// moves by itself): returns whether a command was on the wire.
    fn spin(d: &mut Driver<Wire>) -> bool {
        let was = d.busy();
        while d.poll() {
            d.line_mut().now += 3;
        }
        was
    }
}

#[test]
fn session_saves_through_the_byte_pump_a_sector_a_frame() {
    let a = {
        let mut c = formatted();
        write(&mut c, &save_of(1, 5));
        c
    };
    let mut d = Driver::new(Wire::with(Some(WireCard::new(a))));
    let mut s = Box::new(Session::new());
    // At boot, each sector to its end at once (the console spins then).
    let mut log = String::new();
    s.boot(&mut Blocking(&mut d), &mut log);
    assert_eq!(s.take_loaded(), Some(save_of(1, 5)));
    let new = save_of(1, 30);
    s.request_save();
    // Waits of 8 ms a frame: every sector is done in its frame.
    let (frames, leftovers) = run_frames(&mut s, &mut d, &new, 8_000, 400);
    assert_eq!(leftovers, 0);
    assert_eq!(s.status(), Status::Ready);
    let card = &d.line().card.as_ref().unwrap().data;
    assert_eq!(load(&card[..]).unwrap(), new);
    let writes = d.line().card.as_ref().unwrap().writes.len();
    assert!(frames > writes, "{frames} frames, {writes} writes");
    // Waits of 2 ms: each sector spills into the next frame, which
    // finishes it first; the save is made all the same.
    let newer = save_of(1, 40);
    s.request_save();
    let (_, leftovers) = run_frames(&mut s, &mut d, &newer, 2_000, 400);
    assert!(leftovers > 0);
    let card = &d.line().card.as_ref().unwrap().data;
    assert_eq!(load(&card[..]).unwrap(), newer);
}

/// The driver run to the end of each sector, moving the model's clock.
struct Blocking<'a>(&'a mut Driver<Wire>);

impl Port for Blocking<'_> {
    fn read(&mut self, n: u16, buf: &mut [u8; SECTOR]) -> Poll<Result<bool, IoError>> {
        loop {
            if let Poll::Ready(r) = self.0.read(n, buf) {
                return Poll::Ready(r);
            }
            Wire::spin(self.0);
        }
    }

    fn write(&mut self, n: u16, data: &[u8; SECTOR], guard: bool) -> Poll<Result<(), IoError>> {
        loop {
            if let Poll::Ready(r) = self.0.write(n, data, guard) {
                return Poll::Ready(r);
            }
            Wire::spin(self.0);
        }
    }
}

#[test]
fn session_through_the_byte_pump_a_card_swapped_or_pulled_at_every_sector() {
    let mut a = formatted();
    write(&mut a, &save_of(1, 5));
    // The sectors a save makes once the card is known (sector 63 and the
    // plan): count them on a run with no swap.
    let prepared = || {
        let mut d = Driver::new(Wire::with(Some(WireCard::new(a.clone()))));
        let mut s = Box::new(Session::new());
        s.boot(&mut Blocking(&mut d), &mut String::new());
        s.request_save();
        run_frames(&mut s, &mut d, &save_of(1, 6), 8_000, 400);
        d.line_mut().card.as_mut().unwrap().writes.clear();
        (s, d)
    };
    let new = save_of(1, 60);
    let writes = {
        let (mut s, mut d) = prepared();
        s.request_save();
        run_frames(&mut s, &mut d, &new, 8_000, 400);
        d.line().card.as_ref().unwrap().writes.len()
    };
    for k in 0..=writes {
        for pull in [false, true] {
            let (mut s, mut d) = prepared();
            s.request_save();
            let mut log = String::new();
            // Frames until k sectors are written, then the card goes: mid
            // way through the next sector's bytes (a frame's waits cut short).
            let mut frames = 0;
            while d.line().card.as_ref().unwrap().writes.len() < k && frames < 400 {
                Wire::spin(&mut d);
                s.step(&mut d, &new, &mut log);
                for _ in 0..300 {
                    d.line_mut().now += 10;
                    if !d.poll() || d.line().card.as_ref().unwrap().writes.len() >= k {
                        break;
                    }
                }
                frames += 1;
            }
            d.line_mut().now += 60 * 42;
            d.poll();
            let old = d.line_mut().card.take().unwrap();
            let got = load(&old.data[..]).unwrap();
            assert!(got == new || got == save_of(1, 6), "card A after {k} writes");
            if pull {
                // Nothing in the slot: the sector under way fails, the
                // session says so (after the last, the save is made).
                run_frames(&mut s, &mut d, &new, 8_000, 400);
                let want = if k < writes { Status::NoCard } else { Status::Ready };
                assert_eq!(s.status(), want, "pulled after {k} writes");
                let mut back = old;
                back.fresh = true;
                d.line_mut().card = Some(back);
            } else {
                d.line_mut().card = Some(WireCard::new(card_of_others()));
            }
            s.request_save();
            run_frames(&mut s, &mut d, &new, 8_000, 600);
            assert_eq!(s.status(), Status::Ready, "after {k} writes, pulled {pull}: {log}");
            let card = &d.line().card.as_ref().unwrap().data;
            assert_eq!(load(&card[..]), Ok(new.clone()), "after {k} writes, pulled {pull}");
            if !pull {
                let others = card_of_others();
                assert_eq!(card[BLOCK_SIZE..3 * BLOCK_SIZE], others[BLOCK_SIZE..3 * BLOCK_SIZE]);
            }
        }
    }
}

proptest! {
    #[test]
    fn the_checksum_is_the_xor_of_the_first_127_bytes(bytes in proptest::collection::vec(any::<u8>(), SECTOR)) {
        let frame: [u8; SECTOR] = bytes.try_into().unwrap();
        prop_assert_eq!(farewell::memcard::checksum(&frame), xor(&frame));
    }
}
