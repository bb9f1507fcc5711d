//! The save record: CRC, the version 5 layout (one section per game),
//! round trips, each corruption case with its message, versions 1 to 4
//! still loading, statistics, and a fuzz that decoding never panics.

use farewell::games::farewell::game::MAX_MOVES;
use farewell::games::farewell::player::best_move;
use farewell::games::farewell::{Card, Cell, Game, KingStart, Move, Options};
use farewell::games::{albert, corners, kingdoms, Patience};
use farewell::save::{
    check_game, crc32, Field, GameRecord, Invalid, Save, SaveError, SavedGame, Tally, MAX_ENCODED, SAVED_MOVES, VERSION,
};
use farewell::settings::{FaceStyle, GameId};
use farewell::sound::{Volumes, MAX_VOLUME};
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

/// A Farewell to Kings game as the save keeps it.
fn saved(g: &Game) -> SavedGame {
    SavedGame::of_moves::<Game>(g.seed(), g.options(), g.moves()).unwrap()
}

/// A line of `n` legal moves of any game, each picked from `picks`.
fn line<G: Patience>(seed: u32, options: G::Options, n: usize) -> SavedGame {
    let mut g = G::deal(seed, options);
    let mut moves = Vec::new();
    for i in 0..n {
        let mut legal = Vec::new();
        g.for_each_legal(&mut |m| legal.push(m));
        if legal.is_empty() {
            break;
        }
        let m = legal[(i * 7 + seed as usize) % legal.len()];
        assert!(g.play(m).is_ok());
        moves.push(m);
    }
    SavedGame::of_moves::<G>(seed, options, moves).unwrap()
}

/// Every game with settings, a game in progress and statistics.
fn sample() -> Save {
    let mut s = Save {
        face: FaceStyle::FourColour,
        highlight: false,
        sound: Volumes { effects: 3, music: 9, muted: true, ..Volumes::default() },
        last_game: GameId::Albert,
        ..Save::default()
    };
    let fw = s.record_mut(GameId::Farewell);
    fw.options = Game::options_code(Options { width: 8, height: 5, kings: KingStart::Corners, easy: true });
    fw.winnable = true;
    fw.game = Some(saved(&played(1234, Options::default(), 30)));
    fw.record_game(24, true, 9);
    fw.record_game(24, false, 20);
    fw.record_game(3, true, 11);
    let ao = albert::Options { start: albert::StartRank::ALL[2], auto: false };
    let a = s.record_mut(GameId::Albert);
    a.options = albert::Game::options_code(ao);
    a.game = Some(line::<albert::Game>(99, ao, 40));
    a.record_game(2, true, 120);
    a.record_game(2, false, 0);
    s.record_mut(GameId::Corners).game = Some(line::<corners::Game>(5, (), 25));
    s.record_mut(GameId::Corners).record_game(0, false, 0);
    s.record_mut(GameId::Kingdoms).winnable = true;
    s.record_mut(GameId::Kingdoms).game = Some(line::<kingdoms::Game>(6, kingdoms::Options::default(), 60));
    s
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

/// Where each section starts in a record of version 5 to 7 (its id
/// byte), by game; `shared` is 7 for those, 8 for version 8.
fn section_in(b: &[u8], game: GameId, shared: usize) -> usize {
    let mut at = 8 + shared;
    for _ in 0..b[8 + shared - 1] {
        if b[at] == game.code() {
            return at;
        }
        at += 3 + usize::from(u16::from_le_bytes([b[at + 1], b[at + 2]]));
    }
    panic!("no section of {game:?}")
}

/// Where each section starts in a record of this version (its id byte).
fn section_at(b: &[u8], game: GameId) -> usize {
    section_in(b, game, 8)
}

fn invalid(e: Invalid) -> Result<Save, SaveError> {
    Err(SaveError::Invalid(e))
}

fn in_game(g: GameId, f: Field) -> Result<Save, SaveError> {
    Err(SaveError::Invalid(Invalid::Game(g, f)))
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
    assert_eq!(&b[4..6], &[8, 0], "version 8, little-endian");
    assert_eq!(VERSION, 8);
    let body = 8 + 4 * (3 + 4);
    assert_eq!(&b[6..8], &(body as u16).to_le_bytes());
    assert_eq!(b.len(), 8 + body + 4);
    // Shared: standard faces, highlight on, effects 8, music 6, not muted,
    // music in play, last game A Farewell to Kings; four sections.
    assert_eq!(&b[8..16], &[0, 1, 8, 6, 0, 1, 0, 4]);
    // Each: id, length 4, the game's default options (A Farewell to Kings
    // 12x8 centre = 3 * 8; King Albert 8: no start, automatic moves), not
    // winnable only, no game, no statistics rows.
    let sections = [[0u8, 4, 0, 24, 0, 0, 0], [1, 4, 0, 0, 0, 0, 0], [2, 4, 0, 8, 0, 0, 0], [3, 4, 0, 0, 0, 0, 0]];
    for (i, sec) in sections.iter().enumerate() {
        assert_eq!(&b[16 + 7 * i..23 + 7 * i], sec, "section {i}");
    }
    let crc = u32::from_le_bytes(b[b.len() - 4..].try_into().unwrap());
    assert_eq!(crc, crc32(&b[..b.len() - 4]));
    assert_eq!(Save::decode(&b), Ok(Save::default()));
}

/// Move `i` of moves packed `bits` bits each, least significant bit first.
fn unpack(packed: &[u8], bits: usize, i: usize) -> u16 {
    (0..bits).map(|k| u16::from(packed[(i * bits + k) / 8] >> ((i * bits + k) % 8) & 1) << k).sum()
}

#[test]
fn a_game_is_stored_as_seed_options_and_each_moves_place_in_the_legal_list() {
    let o = Options { width: 14, height: 9, kings: KingStart::Random, easy: true };
    let g = played(77, o, 12);
    let moves: Vec<Move> = g.moves().collect();
    assert!(moves.len() >= 5, "the fair player made some moves");
    let mut s = Save::default();
    s.record_mut(GameId::Farewell).game = Some(saved(&g));
    let b = encode(&s);
    let at = section_at(&b, GameId::Farewell) + 3;
    assert_eq!(b[at + 2], 1, "a game");
    assert_eq!(&b[at + 3..at + 7], &77u32.to_le_bytes());
    assert_eq!(b[at + 7], 5 * 8 + 2 * 2 + 1, "14x9 random easy");
    assert_eq!(&b[at + 8..at + 10], &(moves.len() as u16).to_le_bytes());
    // Format 7: each move in 10 bits, least significant first.
    assert_eq!(GameId::Farewell.info().move_bits, 10);
    let packed = &b[at + 10..at + 10 + (moves.len() * 10).div_ceil(8)];
    let mut h = Game::new(77, o).unwrap();
    for (i, m) in moves.iter().enumerate() {
        let mut legal = Vec::new();
        Patience::for_each_legal(&h, &mut |x| legal.push(x));
        let place = legal.iter().position(|x| x == m).unwrap() as u16;
        assert_eq!(unpack(packed, 10, i), place, "move {i}: {m}");
        h.apply(*m).unwrap();
    }
    let back = Save::decode(&b).unwrap();
    assert_eq!(back.record(GameId::Farewell).game.unwrap().replay::<Game>(), Ok(g));
}

#[test]
fn round_trip_keeps_every_games_part() {
    let s = sample();
    let b = encode(&s);
    assert_eq!(b.len(), s.encoded_len());
    let back = Save::decode(&b).unwrap();
    assert_eq!(back, s);
    for id in GameId::all() {
        if let Some(g) = back.record(id).game {
            assert_eq!(check_game(id, &g), Ok(()), "{id:?}");
        }
    }
    let g = back.record(GameId::Farewell).game.unwrap().replay::<Game>().unwrap();
    assert_eq!(g, played(1234, Options::default(), 30));
}

#[test]
fn round_trip_of_custom_kings_and_finished_games() {
    // Custom start half done: two kings placed, no opening deal yet.
    let mut g = Game::new(5, Options { kings: KingStart::Custom, ..Options::default() }).unwrap();
    g.apply(Move::Place(Card::parse("Ks").unwrap(), Cell::new(0, 0))).unwrap();
    g.apply(Move::Place(Card::parse("Kh").unwrap(), Cell::new(7, 11))).unwrap();
    let mut s = Save::default();
    s.record_mut(GameId::Farewell).game = Some(saved(&g));
    let back = Save::decode(&encode(&s)).unwrap();
    assert_eq!(back, s);
    assert_eq!(back.record(GameId::Farewell).game.unwrap().replay::<Game>(), Ok(g));
    // Games played to their end, won or lost, every option set offered.
    for seed in 0..48u32 {
        let o = <Game as Patience>::options_from_code(seed as u8).unwrap();
        let g = played(seed, o, MAX_MOVES);
        let mut s = Save::default();
        s.record_mut(GameId::Farewell).game = Some(saved(&g));
        let back = Save::decode(&encode(&s)).unwrap();
        assert_eq!(back.record(GameId::Farewell).game.unwrap().replay::<Game>(), Ok(g), "seed {seed}");
    }
}

#[test]
fn sections_may_come_in_any_order_and_a_missing_one_is_the_games_defaults() {
    let s = sample();
    let b = encode(&s);
    // Swap the first two sections.
    let (fw, co) = (section_at(&b, GameId::Farewell), section_at(&b, GameId::Corners));
    let al = section_at(&b, GameId::Albert);
    let mut c = b[..fw].to_vec();
    c.extend_from_slice(&b[co..al]);
    c.extend_from_slice(&b[fw..co]);
    c.extend_from_slice(&b[al..]);
    assert_eq!(Save::decode(&reseal(c)), Ok(s.clone()));
    // King Albert's section left out: its defaults.
    let ki = section_at(&b, GameId::Kingdoms);
    let mut c = b[..al].to_vec();
    c.extend_from_slice(&b[ki..]);
    c[8 + 7] = 3;
    let mut want = s.clone();
    *want.record_mut(GameId::Albert) = GameRecord::new(GameId::Albert);
    assert_eq!(Save::decode(&reseal(c)), Ok(want));
}

#[test]
fn a_later_games_section_is_skipped_and_its_last_game_reads_as_the_first() {
    let s = sample();
    let mut b = encode(&s);
    // A fifth game (id 4) with a section of 5 bytes, chosen last.
    let end = b.len() - 4;
    b.splice(end..end, [4u8, 5, 0, 1, 2, 3, 4, 5]);
    b[8 + 7] = 5;
    b[8 + 6] = 4;
    let want = Save { last_game: GameId::Farewell, ..s.clone() };
    assert_eq!(Save::decode(&reseal(b.clone())), Ok(want.clone()));
    // Its length must still lie inside the body.
    let mut c = b.clone();
    let at = c.len() - 4 - 8;
    c[at + 1] = 6;
    assert_eq!(Save::decode(&reseal(c)), invalid(Invalid::Length));
    // A known game twice is refused.
    let mut c = b.clone();
    let at = c.len() - 4 - 8;
    c.splice(at..at + 8, [3u8, 4, 0, 0, 0, 0, 0]);
    assert_eq!(Save::decode(&reseal(c)), invalid(Invalid::TwoSections(GameId::Kingdoms)));
}

#[test]
fn bytes_after_the_record_are_ignored() {
    let s = sample();
    let mut b = encode(&s);
    b.extend_from_slice(&[0xAB; 300]);
    assert_eq!(Save::decode(&b).unwrap(), s);
}

#[test]
fn a_short_buffer_leaves_out_other_games_in_progress_first_then_fails_with_the_size_needed() {
    let s = sample();
    let full = s.encoded_len();
    // Room for all but the last few bytes: A Farewell to Kings' game in
    // progress (the first section that is not the last game's) is left out.
    let mut buf = vec![0u8; full - 1];
    let n = s.encode(&mut buf).unwrap();
    let back = Save::decode(&buf[..n]).unwrap();
    assert_eq!(back.record(GameId::Farewell).game, None);
    assert_eq!(back.record(GameId::Albert), s.record(GameId::Albert), "the last game's game is kept");
    assert_eq!(back.record(GameId::Corners), s.record(GameId::Corners));
    assert_eq!(back.record(GameId::Farewell).tallies, s.record(GameId::Farewell).tallies, "statistics kept");
    // Too small even without the others: the size needed with them out.
    let mut bare = s.clone();
    for id in [GameId::Farewell, GameId::Corners, GameId::Kingdoms] {
        bare.record_mut(id).game = None;
    }
    let mut buf = vec![0u8; bare.encoded_len() - 1];
    assert_eq!(s.encode(&mut buf).unwrap_err().needed, bare.encoded_len());
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
    b[4] = 9;
    assert_eq!(Save::decode(&b), Err(SaveError::BadCrc), "a damaged version field is damage");
    let b = reseal(b);
    assert_eq!(Save::decode(&b), Err(SaveError::UnknownVersion(9)));
    let mut b = encode(&sample());
    b[4] = 0;
    let e = Save::decode(&reseal(b)).unwrap_err();
    assert_eq!(e, SaveError::UnknownVersion(0));
    assert_eq!(e.to_string(), "the save is format version 0, this game reads versions 1 to 8");
}

#[test]
fn shared_settings_out_of_range_each_have_their_own_message() {
    let base = encode(&Save::default());
    let edit = |at: usize, v: u8| {
        let mut b = base.clone();
        b[8 + at] = v;
        Save::decode(&reseal(b))
    };
    assert_eq!(edit(0, 2), invalid(Invalid::Faces(2)));
    assert_eq!(edit(1, 7), invalid(Invalid::Highlight(7)));
    assert_eq!(edit(2, 11), invalid(Invalid::EffectsVolume(11)));
    assert_eq!(edit(3, 11), invalid(Invalid::MusicVolume(11)));
    assert_eq!(edit(4, 2), invalid(Invalid::Muted(2)));
    assert_eq!(edit(5, 2), invalid(Invalid::InPlay(2)));
    let messages: Vec<String> = [(0, 2), (1, 7), (2, 11), (3, 11), (4, 2), (5, 2)]
        .iter()
        .map(|&(at, v)| edit(at, v).unwrap_err().to_string())
        .collect();
    assert_eq!(messages[2], "the save is invalid: effects volume 11 (at most 10)");
    for (i, m) in messages.iter().enumerate() {
        assert!(messages[..i].iter().all(|n| n != m), "{m}");
    }
    for effects in 0..=MAX_VOLUME {
        let s = Save {
            sound: Volumes { effects, music: MAX_VOLUME - effects, muted: effects % 2 == 0, in_play: effects % 3 == 0 },
            ..sample()
        };
        assert_eq!(Save::decode(&encode(&s)), Ok(s));
    }
}

#[test]
fn a_bad_section_names_its_game_and_field() {
    let s = sample();
    let b = encode(&s);
    let edit = |game: GameId, at: usize, bytes: &[u8]| {
        let mut c = b.clone();
        let start = section_at(&c, game) + 3 + at;
        c[start..start + bytes.len()].copy_from_slice(bytes);
        Save::decode(&reseal(c))
    };
    assert_eq!(edit(GameId::Albert, 0, &[0xFF]), in_game(GameId::Albert, Field::Options(0xFF)));
    assert_eq!(edit(GameId::Farewell, 0, &[48]), in_game(GameId::Farewell, Field::Options(48)));
    assert_eq!(edit(GameId::Corners, 0, &[1]), in_game(GameId::Corners, Field::Options(1)));
    assert_eq!(edit(GameId::Kingdoms, 1, &[2]), in_game(GameId::Kingdoms, Field::Winnable(2)));
    assert_eq!(edit(GameId::Kingdoms, 2, &[3]), in_game(GameId::Kingdoms, Field::HasGame(3)));
    assert_eq!(edit(GameId::Albert, 7, &[0xEE]), in_game(GameId::Albert, Field::GameOptions(0xEE)));
    let e = edit(GameId::Albert, 0, &[0xFF]).unwrap_err().to_string();
    assert_eq!(e, "the save is invalid: King Albert: options byte 0xFF is no option set");
    // Each game's own limit on moves.
    let e = edit(GameId::Albert, 8, &401u16.to_le_bytes());
    assert_eq!(e, in_game(GameId::Albert, Field::TooManyMoves { count: 401, max: 400 }));
    assert_eq!(e.unwrap_err().to_string(), "the save is invalid: King Albert: 401 moves (at most 400)");
    let e = edit(GameId::Farewell, 8, &145u16.to_le_bytes());
    assert_eq!(e, in_game(GameId::Farewell, Field::TooManyMoves { count: 145, max: 144 }));
    // Statistics: more rows than the game has; a row that contradicts
    // itself names its game.
    let mut c = b.clone();
    let at = section_at(&c, GameId::Corners);
    let end = at + 3 + usize::from(u16::from_le_bytes([c[at + 1], c[at + 2]]));
    // Corners' one row is the last 16 bytes; its row count the byte before.
    assert_eq!(c[end - 17], 1);
    c[end - 17] = 2;
    c.splice(end..end, [0u8; 12].iter().copied().chain([0xFF, 0xFF, 0, 0]));
    let len = u16::from_le_bytes([c[at + 1], c[at + 2]]) + 16;
    c[at + 1..at + 3].copy_from_slice(&len.to_le_bytes());
    assert_eq!(Save::decode(&reseal(c)), in_game(GameId::Corners, Field::Rows { count: 2, max: 1 }));
    let mut c = b.clone();
    let at = section_at(&c, GameId::Corners);
    let end = at + 3 + usize::from(u16::from_le_bytes([c[at + 1], c[at + 2]]));
    c[end - 12] = 5; // won 5 of 1
    let e = Save::decode(&reseal(c));
    assert_eq!(e, in_game(GameId::Corners, Field::Stats(0)));
    assert_eq!(
        e.unwrap_err().to_string(),
        "the save is invalid: The Edge: King's Corners: statistics entry 0 contradicts itself"
    );
    // A section longer or shorter than its fields.
    let mut c = b.clone();
    let at = section_at(&c, GameId::Kingdoms);
    c.insert(c.len() - 4, 0);
    let len = u16::from_le_bytes([c[at + 1], c[at + 2]]) + 1;
    c[at + 1..at + 3].copy_from_slice(&len.to_le_bytes());
    assert_eq!(Save::decode(&reseal(c)), in_game(GameId::Kingdoms, Field::Length));
    let mut c = b.clone();
    let at = section_at(&c, GameId::Kingdoms);
    c.remove(c.len() - 5);
    let len = u16::from_le_bytes([c[at + 1], c[at + 2]]) - 1;
    c[at + 1..at + 3].copy_from_slice(&len.to_le_bytes());
    assert_eq!(Save::decode(&reseal(c)), in_game(GameId::Kingdoms, Field::Length));
    // A trailing byte after the last section.
    let mut c = b.clone();
    c.insert(c.len() - 4, 0);
    assert_eq!(Save::decode(&reseal(c)), invalid(Invalid::Length));
}

#[test]
fn a_move_that_does_not_replay_is_found_by_check_game() {
    let s = sample();
    for id in GameId::all() {
        let mut g = s.record(id).game.unwrap();
        assert_eq!(check_game(id, &g), Ok(()));
        g.moves[3] = 65535;
        assert_eq!(check_game(id, &g), Err(Field::Illegal(3)), "{id:?}");
        g.options = 0xEE;
        assert_eq!(check_game(id, &g), Err(Field::GameOptions(0xEE)), "{id:?}");
    }
}

#[test]
fn the_longest_record_fits_one_copy_on_the_memory_card() {
    // Two copies share a block's data area (7,936 bytes): 3,968 each, less
    // the copy's 16 bytes of header and CRC.
    // Format 7 packs each game's moves in its width (A Farewell to Kings
    // 10 bits, King's Corners 9, King Albert and Four Kingdoms 8); format
    // 8 adds a shared byte: 20 bytes of envelope and shared settings, then each game's section at its
    // longest (3 + 4 + 7 bytes, its moves, its rows of 16 bytes):
    // 962 + 480 + 510 + 430.
    assert_eq!(MAX_ENCODED, 20 + (14 + 180 + 48 * 16) + (14 + 450 + 16) + (14 + 400 + 6 * 16) + (14 + 400 + 16));
    assert_eq!(MAX_ENCODED, 2402);
    // Room for a fifth game with the longest game in progress the format
    // allows (400 moves of 12 bits) and the most statistics rows (48).
    const _: () = assert!(MAX_ENCODED + 3 + 4 + 7 + 600 + 48 * 16 <= farewell::memcard::RECORD_MAX);
    const _: () = assert!(MAX_ENCODED <= farewell::memcard::RECORD_MAX);
    // A save that long: every game with its longest game and every row.
    let mut s = Save::default();
    for id in GameId::all() {
        let r = s.record_mut(id);
        // Every move the widest its game keeps.
        let widest = (1u16 << id.info().move_bits) - 1;
        let mut g = SavedGame { seed: 1, options: r.options, count: 0, moves: [widest; SAVED_MOVES], hinted: false };
        g.count = id.info().saved_moves as u16;
        r.game = Some(g);
        for row in 0..id.info().stats_rows {
            r.record_game(row, true, 1);
        }
    }
    assert_eq!(s.encoded_len(), MAX_ENCODED);
    assert_eq!(Save::decode(&encode(&s)), Ok(s.clone()));
    // Without the games in progress (the README's figure).
    for id in GameId::all() {
        s.record_mut(id).game = None;
    }
    assert_eq!(s.encoded_len(), 944);
}

#[test]
fn errors_read_as_one_line() {
    for e in [
        SaveError::BadMagic,
        SaveError::Truncated,
        SaveError::BadCrc,
        SaveError::UnknownVersion(9),
        SaveError::Invalid(Invalid::Game(GameId::Albert, Field::TooManyMoves { count: 401, max: 400 })),
        SaveError::Invalid(Invalid::SectionId { at: 2, id: 7 }),
        SaveError::Invalid(Invalid::LastGame(4)),
    ] {
        let s = e.to_string();
        assert!(!s.is_empty() && !s.contains('\n'), "{s:?}");
    }
    assert!(SaveError::UnknownVersion(9).to_string().contains('9'));
}

/// A Farewell to Kings' statistics row of a set of options.
fn farewell_row(o: Options) -> usize {
    (GameId::Farewell.info().stats_row)(Game::options_code(o))
}

#[test]
fn stats_record_games_per_options() {
    let mut r = GameRecord::new(GameId::Farewell);
    let o = Options::default();
    for (won, deals) in [(true, 12), (true, 8), (false, 30), (true, 10), (true, 11), (true, 15)] {
        r.record_game(farewell_row(o), won, deals);
    }
    assert_eq!(
        r.tallies[farewell_row(o)],
        Tally { played: 6, won: 5, streak: 3, best_streak: 3, fewest_deals: Some(8), hinted: 0 }
    );
    // Easy mode and other kings starts count separately.
    let easy = Options { easy: true, ..o };
    assert_eq!(r.tallies[farewell_row(easy)], Tally::default());
    r.record_game(farewell_row(easy), false, 3);
    assert_eq!(r.tallies[farewell_row(easy)].played, 1);
    assert_eq!(r.tallies[farewell_row(Options { kings: KingStart::Custom, ..o })].played, 0);
    assert_eq!(r.tallies[farewell_row(o)].played, 6);
    // Every offered option set has its own row: its option code.
    let mut seen = std::collections::HashSet::new();
    for &(width, height) in &farewell::games::farewell::GRID_SIZES {
        for kings in [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom] {
            for easy in [false, true] {
                let o = Options { width, height, kings, easy };
                assert!(seen.insert(farewell_row(o)));
                assert_eq!(farewell_row(o), usize::from(Game::options_code(o)));
            }
        }
    }
    assert_eq!(seen.len(), GameId::Farewell.info().stats_rows);
}

#[test]
fn stats_ignore_grids_not_offered() {
    let mut r = GameRecord::new(GameId::Farewell);
    let odd = Options { width: 7, height: 7, ..Options::default() };
    r.record_game(farewell_row(odd), true, 5);
    assert_eq!(r, GameRecord::new(GameId::Farewell));
}

#[test]
fn recorded_stats_survive_a_round_trip_and_only_rows_up_to_the_last_played_are_written() {
    let mut s = Save::default();
    for i in 0..40u16 {
        s.record_mut(GameId::Farewell).record_game(usize::from(i % 5), i % 4 != 0, 5 + i % 7);
    }
    let b = encode(&s);
    let at = section_at(&b, GameId::Farewell);
    assert_eq!(b[at + 3 + 3], 5, "five rows written");
    assert_eq!(usize::from(u16::from_le_bytes([b[at + 1], b[at + 2]])), 4 + 5 * 16);
    assert_eq!(Save::decode(&b), Ok(s));
}

// ---------------------------------------------------------------- versions 1 to 4

/// What a version 1-4 record held.
struct Old {
    version: u16,
    /// Width, height, kings, easy.
    options: [u8; 4],
    face: u8,
    highlight: u8,
    winnable: u8,
    game: Option<Game>,
    tallies: [Tally; 48],
    last_game: u8,
    sound: [u8; 3],
    /// Section count, then per section: id, options, winnable, game, six
    /// tallies.
    sections: Vec<OldSection>,
}

/// An old save's section: id, options, winnable, game, six tallies.
type OldSection = (u8, u8, u8, Option<SavedGame>, [Tally; 6]);

impl Old {
    fn new(version: u16) -> Old {
        Old {
            version,
            options: [12, 8, 0, 0],
            face: 0,
            highlight: 1,
            winnable: 0,
            game: None,
            tallies: [Tally::default(); 48],
            last_game: 0,
            sound: [8, 6, 0],
            sections: vec![
                (1, 0, 0, None, [Tally::default(); 6]),
                (2, 8, 0, None, [Tally::default(); 6]),
                (3, 0, 0, None, [Tally::default(); 6]),
            ],
        }
    }

    /// The record, byte by byte as that version wrote it.
    fn bytes(&self) -> Vec<u8> {
        let tally = |b: &mut Vec<u8>, t: &Tally| {
            b.extend_from_slice(&t.played.to_le_bytes());
            b.extend_from_slice(&t.won.to_le_bytes());
            b.extend_from_slice(&t.streak.to_le_bytes());
            b.extend_from_slice(&t.best_streak.to_le_bytes());
            b.extend_from_slice(&t.fewest_deals.unwrap_or(0xFFFF).to_le_bytes());
        };
        let mut b = b"AFTK".to_vec();
        b.extend_from_slice(&self.version.to_le_bytes());
        b.extend_from_slice(&[0, 0]);
        b.extend_from_slice(&self.options);
        b.extend_from_slice(&[self.face, self.highlight]);
        if self.version >= 2 {
            b.push(self.winnable);
        }
        match &self.game {
            None => b.push(0),
            Some(g) => {
                b.push(1);
                b.extend_from_slice(&g.seed().to_le_bytes());
                let o = g.options();
                let kings = [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom]
                    .iter()
                    .position(|k| *k == o.kings)
                    .unwrap() as u8;
                b.extend_from_slice(&[o.width, o.height, kings, u8::from(o.easy)]);
                b.extend_from_slice(&(g.move_count() as u16).to_le_bytes());
                for m in g.moves() {
                    match m {
                        Move::Place(c, cell) => b.extend_from_slice(&[c.index(), cell.row * 14 + cell.col]),
                        _ => b.extend_from_slice(&[0xFF, 0xFF]),
                    }
                }
            }
        }
        for t in &self.tallies {
            tally(&mut b, t);
        }
        if self.version >= 3 {
            b.push(self.last_game);
            if self.version >= 4 {
                b.extend_from_slice(&self.sound);
            }
            b.push(self.sections.len() as u8);
            for (id, options, winnable, game, tallies) in &self.sections {
                let mut s = vec![*options, *winnable];
                match game {
                    None => s.push(0),
                    Some(g) => {
                        s.push(1);
                        s.extend_from_slice(&g.seed.to_le_bytes());
                        s.push(g.options);
                        s.extend_from_slice(&g.count.to_le_bytes());
                        for m in &g.moves[..usize::from(g.count)] {
                            s.extend_from_slice(&m.to_le_bytes());
                        }
                    }
                }
                s.push(6);
                for t in tallies {
                    tally(&mut s, t);
                }
                b.push(*id);
                b.extend_from_slice(&(s.len() as u16).to_le_bytes());
                b.extend_from_slice(&s);
            }
        }
        b.extend_from_slice(&[0; 4]);
        reseal(b)
    }
}

#[test]
fn versions_1_to_4_load_into_the_new_value() {
    let g = played(4321, Options { width: 10, height: 6, kings: KingStart::Corners, easy: false }, 25);
    for version in 1..=4 {
        let mut old = Old::new(version);
        old.options = [8, 5, 1, 1];
        old.face = 1;
        old.highlight = 0;
        old.winnable = 1;
        old.game = Some(g.clone());
        old.tallies[9] = Tally { played: 5, won: 2, streak: 1, best_streak: 2, fewest_deals: Some(3), hinted: 0 };
        old.last_game = 3;
        old.sound = [2, 10, 1];
        let a = line::<albert::Game>(7, albert::Options::default(), 30);
        let win = Tally { played: 1, won: 1, streak: 1, best_streak: 1, fewest_deals: Some(90), hinted: 0 };
        old.sections[1] = (2, a.options, 1, Some(a), [Tally::default(), Tally::default(), win, win, win, win]);
        old.sections[0].4[0] = win;
        let got = Save::decode(&old.bytes()).unwrap_or_else(|e| panic!("v{version}: {e}"));
        let fw = got.record(GameId::Farewell);
        assert_eq!(fw.options, 8 + 2 + 1, "8x5 corners easy, v{version}");
        assert_eq!(fw.winnable, version >= 2);
        assert_eq!(fw.game.map(|s| s.replay::<Game>()), Some(Ok(g.clone())), "v{version}");
        assert_eq!(fw.tallies[9], old.tallies[9]);
        assert_eq!((got.face, got.highlight), (FaceStyle::FourColour, false));
        if version >= 3 {
            assert_eq!(got.last_game, GameId::Kingdoms);
            assert_eq!(got.record(GameId::Albert).game, Some(a));
            assert!(got.record(GameId::Albert).winnable);
            assert_eq!(got.record(GameId::Albert).tallies[2..6], [win; 4]);
            assert_eq!(got.record(GameId::Corners).tallies[0], win);
        } else {
            assert_eq!(got.last_game, GameId::Farewell);
            assert_eq!(got.record(GameId::Albert), &GameRecord::new(GameId::Albert));
        }
        let sound = match version {
            4.. => Volumes { effects: 2, music: 10, muted: true, ..Volumes::default() },
            _ => Volumes::default(),
        };
        assert_eq!(got.sound, sound, "v{version}");
        // And it writes back as version 5, the same value.
        assert_eq!(Save::decode(&encode(&got)), Ok(got.clone()));
    }
}

#[test]
fn a_version_4_game_of_a_grid_the_console_does_not_offer_is_dropped() {
    let mut old = Old::new(4);
    old.options = [7, 5, 0, 0];
    old.game = Some(played(3, Options { width: 7, height: 5, ..Options::default() }, 10));
    let got = Save::decode(&old.bytes()).unwrap();
    let fw = got.record(GameId::Farewell);
    assert_eq!((fw.options, fw.game), (24, None), "default options, no game");
}

#[test]
fn version_4_records_with_impossible_contents_name_the_field() {
    let check = |edit: &dyn Fn(&mut Old), want: Result<Save, SaveError>| {
        let mut old = Old::new(4);
        edit(&mut old);
        assert_eq!(Save::decode(&old.bytes()), want);
    };
    check(&|o| o.options = [5, 8, 0, 0], in_game(GameId::Farewell, Field::OptionBytes([5, 8, 0, 0])));
    check(&|o| o.options = [12, 8, 4, 0], in_game(GameId::Farewell, Field::OptionBytes([12, 8, 4, 0])));
    check(&|o| o.face = 2, invalid(Invalid::Faces(2)));
    check(&|o| o.highlight = 7, invalid(Invalid::Highlight(7)));
    check(&|o| o.winnable = 2, in_game(GameId::Farewell, Field::Winnable(2)));
    check(&|o| o.last_game = 4, invalid(Invalid::LastGame(4)));
    check(&|o| o.sound = [11, 0, 0], invalid(Invalid::EffectsVolume(11)));
    check(&|o| o.sound = [0, 11, 0], invalid(Invalid::MusicVolume(11)));
    check(&|o| o.sound = [0, 0, 2], invalid(Invalid::Muted(2)));
    check(&|o| o.tallies[5].won = 1, in_game(GameId::Farewell, Field::Stats(5)));
    check(&|o| o.sections[1].4[5].won = 1, in_game(GameId::Albert, Field::Stats(5)));
    check(&|o| o.sections[1].0 = 7, invalid(Invalid::SectionId { at: 2, id: 7 }));
    check(&|o| o.sections.truncate(2), invalid(Invalid::SectionCount(2)));
    check(&|o| o.sections[1].1 = 0xFF, in_game(GameId::Albert, Field::Options(0xFF)));
    check(&|o| o.sections[0].2 = 2, in_game(GameId::Corners, Field::Winnable(2)));
    check(
        &|o| {
            let mut g = SavedGame { seed: 1, options: 8, count: 401, moves: [0; SAVED_MOVES], hinted: false };
            g.count = 400;
            o.sections[1].3 = Some(g);
        },
        Ok({
            let mut s = Save::default();
            s.record_mut(GameId::Albert).game =
                Some(SavedGame { seed: 1, options: 8, count: 400, moves: [0; 400], hinted: false });
            s
        }),
    );
    let messages = [
        invalid(Invalid::SectionId { at: 2, id: 7 }),
        in_game(GameId::Albert, Field::Winnable(2)),
        invalid(Invalid::EffectsVolume(11)),
        invalid(Invalid::LastGame(4)),
    ]
    .map(|e| e.unwrap_err().to_string());
    assert_eq!(messages[0], "the save is invalid: section 2 has game id 7 (expected 2)");
    assert_eq!(messages[3], "the save is invalid: last game 4 (0 to 3)");
    for (i, m) in messages.iter().enumerate() {
        assert!(messages[..i].iter().all(|n| n != m), "{m}");
    }
}

#[test]
fn version_4_farewell_moves_are_checked_on_replay() {
    // Deal at once after the opening deal: the hand is full or has a
    // playable card, so the deal is refused.
    let mut old = Old::new(4);
    old.game = Some(Game::new(42, Options::default()).unwrap());
    let mut b = old.bytes();
    let at = 8 + 7 + 1 + 4 + 4;
    assert_eq!(&b[at..at + 2], &[0, 0]);
    b[at] = 1;
    b.splice(at + 2..at + 2, [0xFF, 0xFF]);
    assert_eq!(Save::decode(&reseal(b)), in_game(GameId::Farewell, Field::Illegal(0)));
    // Card index 52 does not exist; cell index 126 is off the 14x9 frame.
    for code in [[52, 0], [3, 126]] {
        let mut b = old.bytes();
        b[at] = 1;
        b.splice(at + 2..at + 2, code);
        assert_eq!(Save::decode(&reseal(b)), in_game(GameId::Farewell, Field::MoveCode(0)));
    }
    let mut b = old.bytes();
    b[at..at + 2].copy_from_slice(&145u16.to_le_bytes());
    assert_eq!(Save::decode(&reseal(b)), in_game(GameId::Farewell, Field::TooManyMoves { count: 145, max: 144 }));
    // A card placed twice: refused at its move.
    let g = played(99, Options::default(), 6);
    let first = g.moves().find(|m| matches!(m, Move::Place(..))).unwrap();
    let n = g.move_count();
    old.game = Some(g);
    let mut b = old.bytes();
    let Move::Place(c, cell) = first else { unreachable!() };
    b[at..at + 2].copy_from_slice(&((n + 1) as u16).to_le_bytes());
    let end = at + 2 + 2 * n;
    b.splice(end..end, [c.index(), cell.row * 14 + cell.col]);
    assert_eq!(Save::decode(&reseal(b)), in_game(GameId::Farewell, Field::Illegal(n as u16)));
}

// ---------------------------------------------------------------- fuzzing

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
        // Half the flips in the first 40 bytes (the envelope, the shared
        // settings, A Farewell to Kings' section head), where one byte
        // changes the meaning most.
        2 => (0usize..40, 1u8..=255).prop_map(|(i, x)| Corruption::Flip(i, x)),
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

fn sample_with(seed: u32, moves: usize) -> Save {
    let mut s = sample();
    s.record_mut(GameId::Farewell).game = Some(saved(&played(seed, Options::default(), moves)));
    s
}

proptest! {
    /// Random bytes: almost all stop at the magic; nothing at all, or the
    /// magic's first bytes alone, are a record cut short.
    #[test]
    fn random_bytes_are_rejected_at_the_magic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let seen = bytes.len().min(4);
        if bytes[..seen] != b"AFTK"[..seen] {
            prop_assert_eq!(Save::decode(&bytes), Err(SaveError::BadMagic));
        } else if bytes.len() < 8 {
            prop_assert_eq!(Save::decode(&bytes), Err(SaveError::Truncated));
        }
    }

    /// Valid records, corrupted (bytes changed, cut short, lengthened): a
    /// record whose bytes changed never decodes (the CRC catches it), and
    /// never panics.
    #[test]
    fn corrupted_records_never_decode(seed in any::<u32>(), moves in 0usize..150, hits in proptest::collection::vec(corruption(), 1..4)) {
        let s = sample_with(seed, moves);
        let good = encode(&s);
        let mut b = good.clone();
        for &c in &hits {
            apply(&mut b, c);
        }
        match Save::decode(&b) {
            Ok(got) => {
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
    /// CRC no longer can. What decodes is a save that writes and reads
    /// back the same (a later game's section, or rows left empty, are
    /// not written again).
    #[test]
    fn corrupted_then_resealed_records_decode_to_a_save_that_round_trips_or_not_at_all(seed in any::<u32>(), moves in 0usize..150, hits in proptest::collection::vec(corruption(), 1..4)) {
        let s = sample_with(seed, moves);
        let mut b = encode(&s);
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
            Ok(got) => prop_assert_eq!(Save::decode(&encode(&got)), Ok(got)),
            Err(e) => prop_assert!(matches!(e, SaveError::Invalid(_)), "{:?}", e),
        }
    }

    /// Past the envelope: arbitrary bodies with a valid header and CRC reach
    /// the content checks, in every version.
    #[test]
    fn decode_never_panics_on_sealed_bodies(version in 1u16..=5, body in proptest::collection::vec(any::<u8>(), 0..1200), game in any::<bool>()) {
        let mut b = b"AFTK".to_vec();
        b.extend_from_slice(&version.to_le_bytes());
        b.extend_from_slice(&[0, 0]);
        // Plausible first bytes so the fuzz gets far.
        if version == 5 {
            b.extend_from_slice(&[0, 1, 8, 6, 0, 0, 4, 0]);
        } else {
            b.extend_from_slice(&[12, 8, 0, 0, 0, 1, 0, u8::from(game)]);
        }
        b.extend_from_slice(&body);
        b.extend_from_slice(&[0; 4]);
        if let Ok(s) = Save::decode(&reseal(b)) {
            prop_assert_eq!(Save::decode(&encode(&s)), Ok(s));
        }
    }

    /// Arbitrary moves of every game: a replay meets nonsense and refuses
    /// it, never panics.
    #[test]
    fn replay_of_arbitrary_moves_never_panics(seed in any::<u32>(), options in any::<u8>(), moves in proptest::collection::vec(0u16..300, 0..=SAVED_MOVES)) {
        let mut g = SavedGame { seed, options, count: moves.len() as u16, moves: [0; SAVED_MOVES], hinted: false };
        g.moves[..moves.len()].copy_from_slice(&moves);
        for id in GameId::all() {
            match check_game(id, &g) {
                Ok(()) | Err(Field::Illegal(_) | Field::GameOptions(_)) => {}
                Err(e) => prop_assert!(false, "unexpected {:?}", e),
            }
        }
    }

    #[test]
    fn round_trip_of_any_played_game(seed in any::<u32>(), code in 0u8..48, moves in 0usize..150) {
        let o = <Game as Patience>::options_from_code(code).unwrap();
        let g = played(seed, o, moves);
        let mut s = Save::default();
        s.record_mut(GameId::Farewell).game = Some(saved(&g));
        let back = Save::decode(&encode(&s)).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(back.record(GameId::Farewell).game.unwrap().replay::<Game>(), Ok(g));
    }

    /// Any game a version 4 card held loads as the same game.
    #[test]
    fn a_version_4_game_loads_as_the_same_game(seed in any::<u32>(), code in 0u8..48, moves in 0usize..150) {
        let o = <Game as Patience>::options_from_code(code).unwrap();
        let g = played(seed, o, moves);
        let mut old = Old::new(4);
        old.game = Some(g.clone());
        let got = Save::decode(&old.bytes()).unwrap();
        prop_assert_eq!(got.record(GameId::Farewell).game.unwrap().replay::<Game>(), Ok(g));
    }

}

/// A version 8 record written as version 7: no music-in-play byte.
fn as_v7(b: &[u8]) -> Vec<u8> {
    assert_eq!(b[4], 8);
    let mut out = b.to_vec();
    out.remove(8 + 5);
    out[4] = 7;
    reseal(out)
}

/// A version 7 record `b` rewritten as format `version`, each section's
/// body (after its id and length) by `body(id, body)`.
fn rewrite(b: &[u8], version: u8, body: impl Fn(u8, &[u8]) -> Vec<u8>) -> Vec<u8> {
    let mut out = b[..15].to_vec();
    out[4] = version;
    let mut at = 15;
    for _ in 0..b[14] {
        let (id, len) = (b[at], usize::from(u16::from_le_bytes([b[at + 1], b[at + 2]])));
        let sec = body(id, &b[at + 3..at + 3 + len]);
        out.push(id);
        out.extend_from_slice(&(sec.len() as u16).to_le_bytes());
        out.extend_from_slice(&sec);
        at += 3 + len;
    }
    let len = (out.len() - 8) as u16;
    out[6..8].copy_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    reseal(out)
}

/// A version 7 record written as version 6: each move in two bytes, not
/// packed in its game's width.
fn as_v6(b: &[u8]) -> Vec<u8> {
    rewrite(b, 6, |id, body| {
        let mut sec = body[..3].to_vec();
        let mut rest = 3;
        if body[2] != 0 {
            let count = usize::from(u16::from_le_bytes([body[8], body[9]]));
            let bits = usize::from(GameId::from_code(id).unwrap().info().move_bits);
            let packed = &body[10..10 + (count * bits).div_ceil(8)];
            sec.extend_from_slice(&body[3..10]);
            for i in 0..count {
                sec.extend_from_slice(&unpack(packed, bits, i).to_le_bytes());
            }
            rest = 10 + packed.len();
        }
        sec.extend_from_slice(&body[rest..]);
        sec
    })
}

#[test]
fn music_in_play_is_kept_and_a_version_7_record_loads_with_it_on() {
    for in_play in [false, true] {
        let s = Save { sound: Volumes { in_play, ..sample().sound }, ..sample() };
        let b = encode(&s);
        assert_eq!(b[8 + 5], u8::from(in_play));
        assert_eq!(Save::decode(&b), Ok(s.clone()));
        let v7 = as_v7(&b);
        assert_eq!(v7.len(), b.len() - 1);
        let on = Save { sound: Volumes { in_play: true, ..s.sound }, ..s };
        assert_eq!(Save::decode(&v7), Ok(on), "version 7 knew no music in play: on, as at a first boot");
    }
    let e = invalid(Invalid::InPlay(3)).unwrap_err().to_string();
    assert_eq!(e, "the save is invalid: music-in-play byte 3 (0 or 1)");
}

#[test]
fn version_6_records_with_two_byte_moves_load() {
    let s = sample();
    let v6 = as_v6(&as_v7(&encode(&s)));
    assert_eq!(v6[4], 6);
    assert!(v6.len() > encode(&s).len(), "the same save is longer in version 6");
    assert_eq!(Save::decode(&v6), Ok(s));
}

/// A version 6 record written as version 5: no wins with hints in the
/// statistics rows (14 bytes each, not 16), no "2" for a game with hints.
fn as_v5(b: &[u8]) -> Vec<u8> {
    rewrite(b, 5, |_, body| {
        let mut head = 3;
        if body[2] != 0 {
            head += 7 + 2 * usize::from(u16::from_le_bytes([body[8], body[9]]));
        }
        let mut sec = body[..=head].to_vec();
        for row in body[head + 1..].chunks(16) {
            sec.extend_from_slice(&row[..14]);
        }
        sec
    })
}

#[test]
fn version_5_records_load_with_no_wins_counted_as_with_hints() {
    let mut s = sample();
    for id in GameId::all() {
        s.record_mut(id).record_game(0, true, 9);
    }
    let v5 = as_v5(&as_v6(&as_v7(&encode(&s))));
    assert_eq!(v5[4], 5);
    let got = Save::decode(&v5).unwrap();
    assert_eq!(got, s, "version 5 keeps no hinted wins, and the sample has none");
    // A game in progress marked as hinted (2) is version 6's only.
    let mut h = s.clone();
    h.record_mut(GameId::Kingdoms).game =
        Some(SavedGame { seed: 9, options: 0, count: 0, moves: [0; SAVED_MOVES], hinted: true });
    let b = encode(&h);
    assert_eq!(Save::decode(&b), Ok(h.clone()), "version 8 keeps it");
    assert_eq!(Save::decode(&as_v7(&b)), Ok(h.clone()), "version 7 keeps it");
    assert_eq!(Save::decode(&as_v6(&as_v7(&b))), Ok(h.clone()), "version 6 keeps it");
    let mut v5 = as_v5(&as_v6(&as_v7(&b)));
    let at = section_in(&v5, GameId::Kingdoms, 7) + 3;
    assert_eq!(v5[at + 2], 2);
    v5 = reseal(v5);
    assert_eq!(Save::decode(&v5), in_game(GameId::Kingdoms, Field::HasGame(2)));
}

#[test]
fn wins_with_hints_are_counted_apart_and_kept() {
    let mut s = Save::default();
    let r = s.record_mut(GameId::Albert);
    r.record_played(2, true, true, 80);
    r.record_played(2, true, false, 90);
    r.record_played(2, false, true, 0);
    let t = r.tallies[2];
    assert_eq!((t.played, t.won, t.hinted), (3, 2, 1), "a lost game with hints is a loss, not a hinted win");
    assert_eq!(Save::decode(&encode(&s)), Ok(s.clone()));
    // More wins with hints than wins is no true record.
    let mut b = encode(&s);
    let at = section_at(&b, GameId::Albert) + 3 + 3 + 1 + 2 * 16 + 14;
    b[at..at + 2].copy_from_slice(&3u16.to_le_bytes());
    assert_eq!(Save::decode(&reseal(b)), in_game(GameId::Albert, Field::Stats(2)));
}

/// The longest legal-move list met in random play of deals 1 to `deals`
/// with each of `options` (at most 400 moves a deal).
fn longest_legal<G: Patience>(options: &[G::Options], deals: u32) -> usize {
    let mut rng = farewell::cards::Pcg32::new(2026);
    let mut longest = 0;
    for &o in options {
        for seed in 1..=deals {
            let mut g = G::deal(seed, o);
            for _ in 0..400 {
                let mut legal = Vec::new();
                g.for_each_legal(&mut |m| legal.push(m));
                longest = longest.max(legal.len());
                let Some(&m) = legal.get(rng.below(legal.len().max(1) as u32) as usize) else { break };
                assert!(g.play(m).is_ok(), "a legal move is played");
            }
        }
    }
    longest
}

/// Format 7 keeps a move in its game's width: the longest legal-move list
/// met in random play stays under half of what the width holds (King's
/// Corners' bound is exact: at most 372 groups of twelve number cards make
/// 10, with 4 aces, 4 twos and 4 threes).
#[test]
fn every_games_legal_move_lists_fit_its_save_width_twice_over() {
    // 14x9 with each kings start (46: custom, whose four kings may each go
    // on any of the 126 cells: 504 moves), and 12x8.
    let big: Vec<Options> = [40u8, 42, 44, 46, 24].iter().filter_map(|&c| Game::options_from_code(c)).collect();
    let albert: Vec<albert::Options> =
        [0u8, 8, 13].iter().filter_map(|&c| albert::Game::options_from_code(c)).collect();
    let measured = [
        (GameId::Farewell, longest_legal::<Game>(&big, 40)),
        (GameId::Corners, longest_legal::<corners::Game>(&[()], 200)),
        (GameId::Albert, longest_legal::<albert::Game>(&albert, 100)),
        (
            GameId::Kingdoms,
            longest_legal::<kingdoms::Game>(
                &[kingdoms::Options { auto: false }, kingdoms::Options { auto: true }],
                200,
            ),
        ),
    ];
    for (id, longest) in measured {
        let holds = 1usize << id.info().move_bits;
        assert!(longest > 1, "{id:?}: some choice was met");
        assert!(2 * longest <= holds, "{id:?}: {longest} legal moves, {holds} fit its width");
        if id == GameId::Farewell {
            assert_eq!(longest, 4 * 14 * 9, "a custom start's four kings, each on any cell");
        }
    }
    assert!(372 < 1 << GameId::Corners.info().move_bits);
}

#[test]
fn every_games_first_boot_options_are_its_rules_default_options() {
    assert_eq!(GameId::Farewell.info().default_options, Game::options_code(Options::default()));
    assert_eq!(GameId::Albert.info().default_options, albert::Game::options_code(albert::Options::default()));
    assert_eq!(GameId::Corners.info().default_options, corners::Game::options_code(()));
    assert_eq!(GameId::Kingdoms.info().default_options, kingdoms::Game::options_code(kingdoms::Options::default()));
}
