//! The save record: CRC, layout, round trips, each corruption case, replay
//! validation, statistics, and a fuzz that decoding never panics.

use farewell::games::farewell::game::MAX_MOVES;
use farewell::games::farewell::player::best_move;
use farewell::games::farewell::{Card, Cell, Game, Illegal, KingStart, Move, Options, Status};
use farewell::save::{crc32, Invalid, Save, SaveError, Stats, Tally, MAX_ENCODED, VERSION};
use farewell::ui::{FaceStyle, Settings};
use proptest::prelude::*;

/// Deal `seed` and let the fair player make up to `moves` moves.
fn played(seed: u32, options: Options, moves: usize) -> Game {
    let mut g = Game::new(seed, options).unwrap();
    for _ in 0..moves {
        match best_move(&g) {
            Some(m) => {
                g.apply(m).unwrap();
            }
            None => break,
        }
    }
    g
}

fn sample() -> Save {
    let mut stats = Stats::default();
    stats.record_game(Options::default(), true, 9);
    stats.record_game(Options::default(), false, 20);
    let settings = Settings {
        options: Options { width: 8, height: 5, kings: KingStart::Corners, easy: true },
        face: FaceStyle::FourColour,
        highlight: false,
        winnable: true,
    };
    Save { settings, game: Some(played(1234, Options::default(), 30)), stats, ..Save::default() }
}

fn encode(s: &Save) -> Vec<u8> {
    let mut buf = vec![0u8; MAX_ENCODED];
    let n = s.encode(&mut buf).unwrap();
    buf.truncate(n);
    buf
}

/// Rewrites the length field and CRC after a test has edited the body, so
/// that decoding gets past the envelope to the contents.
fn reseal(mut b: Vec<u8>) -> Vec<u8> {
    b.truncate(b.len() - 4);
    let body = (b.len() - 8) as u16;
    b[6..8].copy_from_slice(&body.to_le_bytes());
    let crc = crc32(&b);
    b.extend_from_slice(&crc.to_le_bytes());
    b
}

#[test]
fn crc32_is_iso_hdlc() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
    assert_eq!(crc32(b"a"), 0xE8B7_BE43);
    assert_eq!(crc32(b"The quick brown fox jumps over the lazy dog"), 0x414F_A339);
}

#[test]
fn empty_save_has_the_documented_layout() {
    let b = encode(&Save::default());
    assert_eq!(&b[0..4], b"AFTK");
    assert_eq!(&b[4..6], &[4, 0], "version 4, little-endian");
    let body = 7 + 1 + 48 * 14 + V4_TAIL;
    assert_eq!(&b[6..8], &(body as u16).to_le_bytes());
    assert_eq!(b.len(), 8 + body + 4);
    // Default settings: 12x8, centre, not easy, standard faces, highlight
    // on, winnable only off.
    assert_eq!(&b[8..15], &[12, 8, 0, 0, 0, 1, 0]);
    assert_eq!(b[15], 0, "no game in progress");
    // An unplayed tally: zeros and FFFF for "no fewest deals".
    assert_eq!(&b[16..30], &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]);
    // Then the collection: last game (A Farewell to Kings), the sound
    // (effects 8, music 6, not muted), three sections.
    let tail = &b[8 + 7 + 1 + 48 * 14..b.len() - 4];
    assert_eq!(&tail[..5], &[0, 8, 6, 0, 3]);
    for (i, id) in [1u8, 2, 3].into_iter().enumerate() {
        let sec = &tail[5 + i * SECTION..5 + (i + 1) * SECTION];
        assert_eq!(sec[0], id, "the game's code");
        assert_eq!(&sec[1..3], &((SECTION - 3) as u16).to_le_bytes());
        // Default options: King Albert's code 8 (no start, automatic moves
        // on); 0 for the games without options.
        let options = if id == 2 { 8 } else { 0 };
        assert_eq!(&sec[3..7], &[options, 0, 0, 6], "default options, winnable off, no game, six tallies");
    }
    let crc = u32::from_le_bytes(b[b.len() - 4..].try_into().unwrap());
    assert_eq!(crc, crc32(&b[..b.len() - 4]));
}

#[test]
fn game_is_stored_as_seed_options_and_two_bytes_per_move() {
    let g = played(77, Options { width: 14, height: 9, kings: KingStart::Random, easy: true }, 12);
    let moves: Vec<Move> = g.moves().collect();
    assert!(moves.len() >= 5, "the fair player made some moves");
    let b = encode(&Save { game: Some(g), ..Save::default() });
    assert_eq!(b[15], 1);
    assert_eq!(&b[16..20], &77u32.to_le_bytes());
    assert_eq!(&b[20..24], &[14, 9, 2, 1]);
    assert_eq!(&b[24..26], &(moves.len() as u16).to_le_bytes());
    for (i, m) in moves.iter().enumerate() {
        let code = &b[26 + 2 * i..28 + 2 * i];
        match *m {
            Move::Deal => assert_eq!(code, &[0xFF, 0xFF]),
            Move::Place(c, cell) => assert_eq!(code, &[c.index(), cell.row * 14 + cell.col]),
            Move::Undo => panic!("undo in a line of play"),
        }
    }
}

#[test]
fn round_trip_rebuilds_settings_game_and_stats() {
    let s = sample();
    let b = encode(&s);
    assert_eq!(b.len(), s.encoded_len());
    let back = Save::decode(&b).unwrap();
    assert_eq!(back, s);
    let (g, h) = (back.game.unwrap(), s.game.unwrap());
    assert_eq!(g.moves().collect::<Vec<_>>(), h.moves().collect::<Vec<_>>());
    assert_eq!(g.hand(), h.hand());
    assert_eq!(g.stock().collect::<Vec<_>>(), h.stock().collect::<Vec<_>>());
}

#[test]
fn round_trip_of_custom_kings_and_finished_games() {
    // Custom start half done: two kings placed, no opening deal yet.
    let mut g = Game::new(5, Options { kings: KingStart::Custom, ..Options::default() }).unwrap();
    g.apply(Move::Place(Card::parse("Ks").unwrap(), Cell::new(0, 0))).unwrap();
    g.apply(Move::Place(Card::parse("Kh").unwrap(), Cell::new(7, 11))).unwrap();
    let s = Save { game: Some(g), ..Save::default() };
    assert_eq!(Save::decode(&encode(&s)).unwrap(), s);
    // Games played to their end, won or lost.
    for seed in 0..20 {
        let g = played(seed, Options { width: 6, height: 4, ..Options::default() }, MAX_MOVES);
        assert!(g.status().is_over() || g.status() == Status::Playing);
        let s = Save { game: Some(g), ..Save::default() };
        assert_eq!(Save::decode(&encode(&s)).unwrap(), s, "seed {seed}");
    }
}

#[test]
fn bytes_after_the_record_are_ignored() {
    let s = sample();
    let mut b = encode(&s);
    b.extend_from_slice(&[0xAB; 300]);
    assert_eq!(Save::decode(&b).unwrap(), s);
}

#[test]
fn encode_into_a_short_buffer_fails_with_the_size_needed() {
    let s = sample();
    let mut buf = vec![0u8; s.encoded_len() - 1];
    assert_eq!(s.encode(&mut buf).unwrap_err().needed, s.encoded_len());
}

#[test]
fn wrong_magic() {
    let mut b = encode(&sample());
    b[0] = b'B';
    assert_eq!(Save::decode(&b), Err(SaveError::BadMagic));
    assert_eq!(Save::decode(b"XY"), Err(SaveError::BadMagic));
    assert_eq!(Save::decode(&[0u8; 4000]), Err(SaveError::BadMagic));
}

#[test]
fn truncated_at_every_length() {
    let b = encode(&sample());
    for n in 0..b.len() {
        assert_eq!(Save::decode(&b[..n]), Err(SaveError::Truncated), "cut to {n} bytes");
    }
}

#[test]
fn any_damaged_byte_is_caught() {
    let b = encode(&sample());
    for i in 0..b.len() {
        for bit in [0x01u8, 0x80] {
            let mut d = b.clone();
            d[i] ^= bit;
            let e = Save::decode(&d).unwrap_err();
            let expected = match i {
                0..=3 => SaveError::BadMagic,
                // A longer body than the bytes hold reads as cut short.
                6 | 7 if d.len() < 12 + usize::from(u16::from_le_bytes([d[6], d[7]])) => SaveError::Truncated,
                _ => SaveError::BadCrc,
            };
            assert_eq!(e, expected, "byte {i} bit {bit:#x}");
        }
    }
}

#[test]
fn unknown_version_is_reported_only_for_an_intact_record() {
    let mut b = encode(&sample());
    b[4] = 5;
    assert_eq!(Save::decode(&b), Err(SaveError::BadCrc), "a damaged version field is damage");
    let b = reseal(b);
    assert_eq!(Save::decode(&b), Err(SaveError::UnknownVersion(5)));
    assert_eq!(VERSION, 4);
}

/// Bytes version 3 adds after version 2's body when no other game has a
/// game in progress: last game, section count, three empty sections.
const SECTION: usize = 3 + 1 + 1 + 1 + 1 + 6 * 14;
const V3_TAIL: usize = 2 + 3 * SECTION;
/// Version 4 adds the three sound bytes after the last-game byte.
const V4_TAIL: usize = V3_TAIL + 3;

/// Turns a version 4 record of a save with nothing for the other games
/// into the version 2 record of the same save.
fn as_version_2(mut b: Vec<u8>) -> Vec<u8> {
    let end = b.len() - 4;
    b.drain(end - V4_TAIL..end);
    b[4] = 2;
    let body = (b.len() - 8 - 4) as u16;
    b[6..8].copy_from_slice(&body.to_le_bytes());
    reseal(b)
}

#[test]
fn a_version_2_record_still_reads_with_its_farewell_data_intact() {
    let want = sample();
    assert_eq!(Save::decode(&as_version_2(encode(&want))), Ok(want));
}

#[test]
fn other_games_records_round_trip_and_anything_else_in_their_place_is_invalid() {
    use farewell::save::{SavedGame, SAVED_MOVES};
    use farewell::settings::GameId;
    let mut want = sample();
    want.last_game = GameId::Albert;
    let r = want.record_mut(GameId::Albert).unwrap();
    r.options = 7;
    r.winnable = true;
    let mut moves = [0u16; SAVED_MOVES];
    moves[..3].copy_from_slice(&[4, 0, 17]);
    r.game = Some(SavedGame { seed: 99, options: 7, count: 3, moves });
    r.record_game(2, true, 120);
    r.record_game(2, false, 0);
    let b = encode(&want);
    assert_eq!(b.len(), want.encoded_len());
    assert_eq!(Save::decode(&b), Ok(want.clone()));
    // A fifth game's section (code 9, two bytes): not a record this version
    // writes. The section count follows the last-game byte (which follows
    // version 2's body) and the three sound bytes.
    let mut c = b.clone();
    let end = c.len() - 4;
    c.splice(end..end, [9u8, 2, 0, 0xAB, 0xCD]);
    let bare = Save { others: Default::default(), last_game: GameId::Farewell, ..want.clone() };
    let last_game_at = as_version_2(encode(&bare)).len() - 4;
    assert_eq!(c[last_game_at], GameId::Albert as u8);
    assert_eq!(c[last_game_at + 4], 3);
    c[last_game_at + 4] = 4;
    let body = (c.len() - 8 - 4) as u16;
    c[6..8].copy_from_slice(&body.to_le_bytes());
    assert_eq!(Save::decode(&reseal(c)), Err(SaveError::Invalid(farewell::save::Invalid::Length)));
}

/// Where the sound bytes start in a record: right after the last-game byte,
/// which follows version 2's body.
fn sound_at(s: &Save) -> usize {
    let bare = Save { others: Default::default(), ..s.clone() };
    as_version_2(encode(&bare)).len() - 4 + 1
}

/// Turns a version 4 record into the version 3 record of the same save
/// with default volumes: the sound bytes out, version 3.
fn as_version_3(mut b: Vec<u8>, at: usize) -> Vec<u8> {
    b.drain(at..at + 3);
    b[4] = 3;
    reseal(b)
}

#[test]
fn a_version_3_record_still_loads_with_default_sound() {
    use farewell::settings::GameId;
    use farewell::sound::Volumes;
    let mut want = sample();
    want.last_game = GameId::Corners;
    want.record_mut(GameId::Corners).unwrap().record_game(0, true, 50);
    want.sound = Volumes { effects: 3, music: 0, muted: true };
    let b = encode(&want);
    let at = sound_at(&want);
    assert_eq!(&b[at..at + 3], &[3, 0, 1], "effects, music, muted");
    assert_eq!(b[at - 1], GameId::Corners as u8, "right after the last-game byte");
    let v3 = as_version_3(b, at);
    assert_eq!(Save::decode(&v3), Ok(Save { sound: Volumes::default(), ..want }));
}

#[test]
fn sound_settings_round_trip_and_out_of_range_bytes_are_invalid() {
    use farewell::sound::{Volumes, MAX_VOLUME};
    for (effects, music, muted) in [(0, 0, false), (MAX_VOLUME, MAX_VOLUME, true), (5, 10, false), (10, 1, true)] {
        let want = Save { sound: Volumes { effects, music, muted }, ..sample() };
        assert_eq!(Save::decode(&encode(&want)), Ok(want));
    }
    let want = sample();
    let at = sound_at(&want);
    for (i, bad) in [(0, 11u8), (1, 11), (1, 0xFF), (2, 2)] {
        let mut b = encode(&want);
        b[at + i] = bad;
        assert_eq!(Save::decode(&reseal(b)), Err(SaveError::Invalid(Invalid::Settings)), "byte {i} = {bad}");
    }
    // A version 3 record with sound bytes in it is not a version 3 record.
    let mut b = encode(&want);
    b[4] = 3;
    assert!(Save::decode(&reseal(b)).is_err());
}

#[test]
fn the_longest_record_fits_one_copy_on_the_memory_card() {
    // Two copies share a block's data area (7936 bytes).
    assert!(farewell::save::MAX_ENCODED <= 3968, "{}", farewell::save::MAX_ENCODED);
}

#[test]
fn a_version_1_record_still_reads_with_winnable_only_off() {
    // Version 1 is version 2 without the winnable-only settings byte (body
    // offset 6).
    let mut want = sample();
    want.settings.winnable = false;
    let mut b = as_version_2(encode(&want));
    b.remove(8 + 6);
    b[4] = 1;
    let body = (b.len() - 8 - 4) as u16;
    b[6..8].copy_from_slice(&body.to_le_bytes());
    let b = reseal(b);
    assert_eq!(Save::decode(&b), Ok(want));
}

#[test]
fn a_move_illegal_on_replay_is_rejected() {
    // Deal at once after the opening deal: the hand is full or has a
    // playable card, so the deal is refused.
    let mut b = encode(&Save::default());
    let game = [1, 42, 0, 0, 0, 12, 8, 0, 0, 1, 0, 0xFF, 0xFF];
    b.splice(15..16, game);
    let b = reseal(b);
    match Save::decode(&b) {
        Err(SaveError::Invalid(Invalid::Illegal(0, Illegal::Deal(_)))) => {}
        other => panic!("expected the deal to be refused, got {other:?}"),
    }
}

#[test]
fn a_card_placed_twice_is_rejected_at_its_move() {
    let g = played(99, Options::default(), 6);
    let first = g.moves().find(|m| matches!(m, Move::Place(..))).unwrap();
    let n = g.move_count();
    let mut b = encode(&Save { game: Some(g), ..Save::default() });
    // Append the first placement again and bump the move count.
    let Move::Place(c, cell) = first else { unreachable!() };
    b[24..26].copy_from_slice(&((n + 1) as u16).to_le_bytes());
    let at = 26 + 2 * n;
    b.splice(at..at, [c.index(), cell.row * 14 + cell.col]);
    match Save::decode(&reseal(b)) {
        Err(SaveError::Invalid(Invalid::Illegal(i, _))) => assert_eq!(usize::from(i), n),
        other => panic!("expected move {n} to be illegal, got {other:?}"),
    }
}

#[test]
fn contents_out_of_range_are_invalid() {
    let base = encode(&Save::default());
    let edit = |at: usize, v: u8| {
        let mut b = base.clone();
        b[at] = v;
        Save::decode(&reseal(b))
    };
    assert_eq!(edit(8, 5), Err(SaveError::Invalid(Invalid::Settings)), "width 5");
    assert_eq!(edit(10, 4), Err(SaveError::Invalid(Invalid::Settings)), "kings 4");
    assert_eq!(edit(11, 2), Err(SaveError::Invalid(Invalid::Settings)), "easy 2");
    assert_eq!(edit(12, 2), Err(SaveError::Invalid(Invalid::Settings)), "faces 2");
    assert_eq!(edit(13, 7), Err(SaveError::Invalid(Invalid::Settings)), "highlight 7");
    assert_eq!(edit(14, 2), Err(SaveError::Invalid(Invalid::Settings)), "winnable only 2");
    // Tally 0: won (at 20) > played (at 16).
    assert_eq!(edit(20, 1), Err(SaveError::Invalid(Invalid::Stats(0))));
    // Tally 1 (at 30): played 1, fewest deals set without a win.
    let mut b = base.clone();
    b[30] = 1;
    b[30 + 12..30 + 14].copy_from_slice(&[3, 0]);
    assert_eq!(Save::decode(&reseal(b)), Err(SaveError::Invalid(Invalid::Stats(1))));
    // A trailing byte in the body.
    let mut b = base.clone();
    b.insert(b.len() - 4, 0);
    assert_eq!(Save::decode(&reseal(b)), Err(SaveError::Invalid(Invalid::Length)));
    // A body one byte short.
    let mut b = base.clone();
    b.remove(b.len() - 5);
    assert_eq!(Save::decode(&reseal(b)), Err(SaveError::Invalid(Invalid::Length)));
}

#[test]
fn bad_game_fields_are_invalid() {
    let base = encode(&Save::default());
    let with_game = |game: &[u8]| {
        let mut b = base.clone();
        b.splice(15..16, game.iter().copied());
        Save::decode(&reseal(b))
    };
    assert_eq!(with_game(&[1, 0, 0, 0, 0, 15, 8, 0, 0, 0, 0]), Err(SaveError::Invalid(Invalid::Options)));
    assert_eq!(with_game(&[1, 0, 0, 0, 0, 12, 8, 9, 0, 0, 0]), Err(SaveError::Invalid(Invalid::Options)));
    let too_many = (MAX_MOVES + 1) as u16;
    let [lo, hi] = too_many.to_le_bytes();
    assert_eq!(
        with_game(&[1, 0, 0, 0, 0, 12, 8, 0, 0, lo, hi]),
        Err(SaveError::Invalid(Invalid::TooManyMoves(too_many)))
    );
    // Card index 52 does not exist; cell index 126 is off the 14x9 frame.
    assert_eq!(with_game(&[1, 0, 0, 0, 0, 12, 8, 0, 0, 1, 0, 52, 0]), Err(SaveError::Invalid(Invalid::MoveCode(0))));
    assert_eq!(with_game(&[1, 0, 0, 0, 0, 12, 8, 0, 0, 1, 0, 3, 126]), Err(SaveError::Invalid(Invalid::MoveCode(0))));
    assert_eq!(with_game(&[2]), Err(SaveError::Invalid(Invalid::Length)));
}

#[test]
fn errors_read_as_one_line() {
    for e in [
        SaveError::BadMagic,
        SaveError::Truncated,
        SaveError::BadCrc,
        SaveError::UnknownVersion(9),
        SaveError::Invalid(Invalid::TooManyMoves(200)),
    ] {
        let s = e.to_string();
        assert!(!s.is_empty() && !s.contains('\n'), "{s:?}");
    }
    assert!(SaveError::UnknownVersion(9).to_string().contains('9'));
}

#[test]
fn stats_record_games_per_options() {
    let mut s = Stats::default();
    let o = Options::default();
    for (won, deals) in [(true, 12), (true, 8), (false, 30), (true, 10), (true, 11), (true, 15)] {
        assert!(s.record_game(o, won, deals));
    }
    assert_eq!(*s.get(o).unwrap(), Tally { played: 6, won: 5, streak: 3, best_streak: 3, fewest_deals: Some(8) });
    // Easy mode and other kings starts count separately.
    let easy = Options { easy: true, ..o };
    assert_eq!(*s.get(easy).unwrap(), Tally::default());
    s.record_game(easy, false, 3);
    assert_eq!(s.get(easy).unwrap().played, 1);
    assert_eq!(s.get(Options { kings: KingStart::Custom, ..o }).unwrap().played, 0);
    assert_eq!(s.get(o).unwrap().played, 6);
    // Every offered option set has its own entry.
    let mut seen = std::collections::HashSet::new();
    for &(width, height) in &farewell::ui::GRID_SIZES {
        for kings in [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom] {
            for easy in [false, true] {
                assert!(seen.insert(Stats::entry(Options { width, height, kings, easy }).unwrap()));
            }
        }
    }
    assert_eq!(seen.len(), s.tallies().len());
}

#[test]
fn stats_ignore_grids_not_offered() {
    let mut s = Stats::default();
    let odd = Options { width: 7, height: 7, ..Options::default() };
    assert!(!s.record_game(odd, true, 5));
    assert_eq!(s, Stats::default());
}

#[test]
fn recorded_stats_survive_a_round_trip() {
    let mut stats = Stats::default();
    for i in 0..40u16 {
        let o = Options { width: 6, height: 4, easy: i % 3 == 0, ..Options::default() };
        stats.record_game(o, i % 4 != 0, 5 + i % 7);
    }
    let s = Save { stats, ..Save::default() };
    assert_eq!(Save::decode(&encode(&s)).unwrap().stats, stats);
}

/// A change to a record's bytes.
#[derive(Clone, Copy, Debug)]
enum Corruption {
    /// XOR the byte at (position modulo length).
    Flip(usize, u8),
    /// Cut to (position modulo length) bytes.
    Cut(usize),
    /// Insert a byte at (position modulo length + 1).
    Insert(usize, u8),
    /// Remove the byte at (position modulo length).
    Remove(usize),
}

fn corruption() -> impl Strategy<Value = Corruption> {
    prop_oneof![
        // Half the flips in the first 24 bytes (the envelope, or in a
        // body: the settings and the game's header), where one byte
        // changes the meaning most.
        2 => (0usize..24, 1u8..=255).prop_map(|(i, x)| Corruption::Flip(i, x)),
        2 => (any::<usize>(), 1u8..=255).prop_map(|(i, x)| Corruption::Flip(i, x)),
        1 => any::<usize>().prop_map(Corruption::Cut),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(i, x)| Corruption::Insert(i, x)),
        1 => any::<usize>().prop_map(Corruption::Remove),
    ]
}

fn apply(b: &mut Vec<u8>, c: Corruption) {
    if b.is_empty() {
        return;
    }
    match c {
        Corruption::Flip(i, x) => {
            let n = b.len();
            b[i % n] ^= x;
        }
        Corruption::Cut(i) => b.truncate(i % b.len()),
        Corruption::Insert(i, x) => b.insert(i % (b.len() + 1), x),
        Corruption::Remove(i) => {
            b.remove(i % b.len());
        }
    }
}

proptest! {
    /// Random bytes: almost all stop at the magic; nothing at all, or the
    /// magic's first bytes alone, are a record cut short (the next tests
    /// go further).
    #[test]
    fn random_bytes_are_rejected_at_the_magic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let seen = bytes.len().min(4);
        if bytes[..seen] != b"AFTK"[..seen] {
            prop_assert_eq!(Save::decode(&bytes), Err(SaveError::BadMagic));
        } else if bytes.len() < 8 {
            // Nothing, or the start of the magic only: cut short.
            prop_assert_eq!(Save::decode(&bytes), Err(SaveError::Truncated));
        }
    }

    /// Valid records of played games, corrupted (bytes changed, cut short,
    /// lengthened): a record whose bytes changed never decodes (to
    /// anything: the CRC catches it), and never panics.
    #[test]
    fn corrupted_records_never_decode(seed in any::<u32>(), moves in 0usize..150, hits in proptest::collection::vec(corruption(), 1..4)) {
        let s = Save { game: Some(played(seed, Options::default(), moves)), ..sample() };
        let good = encode(&s);
        let mut b = good.clone();
        for &c in &hits {
            apply(&mut b, c);
        }
        match Save::decode(&b) {
            Ok(got) => {
                // Only a change past the record (bytes after it are
                // ignored) or none at all leaves it loadable.
                prop_assert!(b.len() >= good.len() && b[..good.len()] == good[..], "{:?}", hits);
                prop_assert_eq!(got, s);
            }
            Err(e) => prop_assert!(
                matches!(e, SaveError::BadCrc | SaveError::Truncated | SaveError::BadMagic),
                "{:?} from {:?}", e, hits
            ),
        }
    }

    /// The same, resealed (length and CRC made right again, as a bug in a
    /// writer would leave them): the content checks must catch what the
    /// CRC no longer can. What decodes re-encodes to exactly the bytes
    /// given: nothing is read loosely.
    #[test]
    fn corrupted_then_resealed_records_decode_exactly_or_not_at_all(seed in any::<u32>(), moves in 0usize..150, hits in proptest::collection::vec(corruption(), 1..4)) {
        let s = Save { game: Some(played(seed, Options::default(), moves)), ..sample() };
        let mut b = encode(&s);
        // Corrupt the body only: the envelope is resealed below.
        let body_end = b.len() - 4;
        let mut body = b[8..body_end].to_vec();
        for &c in &hits {
            apply(&mut body, c);
        }
        b.truncate(8);
        b.extend_from_slice(&body);
        b.extend_from_slice(&[0; 4]);
        if b.len() - 12 > usize::from(u16::MAX) {
            return Ok(());
        }
        let b = reseal(b);
        match Save::decode(&b) {
            Ok(got) => prop_assert_eq!(encode(&got), b),
            Err(e) => prop_assert!(matches!(e, SaveError::Invalid(_)), "{:?}", e),
        }
    }

    /// Past the envelope: arbitrary bodies with a valid header and CRC reach
    /// the content checks and the replay.
    #[test]
    fn decode_never_panics_on_sealed_bodies(body in proptest::collection::vec(any::<u8>(), 0..1200), game in any::<bool>()) {
        let mut b = b"AFTK\x02\x00\x00\x00".to_vec();
        // Plausible settings and game header so the fuzz gets far.
        b.extend_from_slice(&[12, 8, 0, 0, 0, 1, 0, u8::from(game)]);
        b.extend_from_slice(&body);
        b.extend_from_slice(&[0; 4]);
        let _ = Save::decode(&reseal(b));
    }

    /// A well-formed game header with valid options and arbitrary move
    /// codes: the replay itself meets nonsense and must reject, not panic.
    #[test]
    fn replay_of_arbitrary_moves_never_panics(seed in any::<u32>(), w in 6u8..=14, h in 4u8..=9, k in 0u8..4, codes in proptest::collection::vec((0u8..60, 0u8..130), 0..=MAX_MOVES)) {
        let mut b = encode(&Save::default());
        let mut game = vec![1];
        game.extend_from_slice(&seed.to_le_bytes());
        game.extend_from_slice(&[w, h, k, 0]);
        game.extend_from_slice(&(codes.len() as u16).to_le_bytes());
        for (card, cell) in &codes {
            // About one code in ten is a deal.
            game.extend_from_slice(&if card % 10 == 9 { [0xFF, 0xFF] } else { [*card, *cell] });
        }
        b.splice(15..16, game);
        match Save::decode(&reseal(b)) {
            Ok(s) => prop_assert_eq!(s.game.unwrap().move_count(), codes.len()),
            Err(SaveError::Invalid(Invalid::MoveCode(_) | Invalid::Illegal(..))) => {}
            Err(e) => prop_assert!(false, "unexpected {:?}", e),
        }
    }

    #[test]
    fn round_trip_of_any_played_game(seed in any::<u32>(), w in 6u8..=14, h in 4u8..=9, k in 0usize..3, easy in any::<bool>(), moves in 0usize..150) {
        let kings = [KingStart::Centre, KingStart::Corners, KingStart::Random][k];
        let g = played(seed, Options { width: w, height: h, kings, easy }, moves);
        let s = Save { game: Some(g), ..Save::default() };
        prop_assert_eq!(Save::decode(&encode(&s)).unwrap(), s);
    }
}
