//! The `mcd` command as a process: listings, the decoded save, and one-line
//! errors with exit status 2.

use farewell::games::farewell::{Card, Cell, Game, Move, Options};
use farewell::games::{albert, Patience};
use farewell::memcard::{
    format_card, plan_record, plan_save, title_sector, CardImage, Directory, WritePlan, BLOCK_SIZE, CARD_SIZE, SECTOR,
};
use farewell::save::{crc32, Save, SavedGame, MAX_ENCODED};
use farewell::sound::Volumes;
use farewell::ui::GameId;
use std::path::PathBuf;
use std::process::{Command, Output};

fn mcd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcd")).args(args).output().expect("mcd runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// A failure: exit 2, nothing on stdout, one line on stderr with `needle`.
fn assert_fails(o: &Output, needle: &str) {
    let e = String::from_utf8(o.stderr.clone()).unwrap();
    assert_eq!(o.status.code(), Some(2), "stderr: {e}");
    assert!(o.stdout.is_empty());
    assert_eq!(e.lines().count(), 1, "one line: {e}");
    assert!(e.contains(needle), "{e:?} should mention {needle:?}");
    assert!(!e.contains("panicked"));
}

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcd");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn formatted() -> Vec<u8> {
    let mut c = vec![0u8; CARD_SIZE];
    format_card((&mut c[..]).try_into().unwrap());
    c
}

/// Another game's one-block file in block 1, titled "ＡＢＣ　１" in
/// full-width Shift-JIS, written byte by byte here.
fn add_foreign(c: &mut [u8]) {
    let e = &mut c[SECTOR..2 * SECTOR];
    e[0] = 0x51;
    e[4..8].copy_from_slice(&0x2000u32.to_le_bytes());
    e[8..10].copy_from_slice(&[0xFF, 0xFF]);
    e[0x0A..0x0A + 12].copy_from_slice(b"BESLES-01234");
    e[127] = e[..127].iter().fold(0, |a, b| a ^ b);
    let t = &mut c[BLOCK_SIZE..BLOCK_SIZE + SECTOR];
    t[..4].copy_from_slice(&[b'S', b'C', 0x11, 1]);
    t[4..14].copy_from_slice(&[0x82, 0x60, 0x82, 0x61, 0x82, 0x62, 0x81, 0x40, 0x82, 0x50]);
}

fn with_save(mut c: Vec<u8>, s: &Save) -> Vec<u8> {
    let dir = Directory::parse(&c).unwrap();
    let state = CardImage::new_checked(&c).unwrap().load().0;
    let mut plan = Box::new(WritePlan::new());
    plan_save(&dir, state.as_ref(), s, &mut plan).unwrap();
    plan.apply((&mut c[..]).try_into().unwrap(), plan.len());
    c
}

/// A save with A Farewell to Kings' game `g` in progress.
fn save_with(g: &Game) -> Save {
    let mut s = Save::default();
    s.record_mut(GameId::Farewell).game = SavedGame::of_moves::<Game>(g.seed(), g.options(), g.moves());
    s
}

/// A card holding `record` (raw bytes) as our save.
fn with_record(record: &[u8]) -> Vec<u8> {
    let mut c = formatted();
    let dir = Directory::parse(&c).unwrap();
    let mut plan = Box::new(WritePlan::new());
    plan_record(&dir, None, &title_sector("A Farewell to Kings", None), record, &mut plan).unwrap();
    plan.apply((&mut c[..]).try_into().unwrap(), plan.len());
    c
}

fn encode(s: &Save) -> Vec<u8> {
    let mut b = vec![0u8; MAX_ENCODED];
    let n = s.encode(&mut b).unwrap();
    b.truncate(n);
    b
}

/// Length field and CRC made right after an edit of the body.
fn reseal(mut b: Vec<u8>) -> Vec<u8> {
    b.truncate(b.len() - 4);
    let body = (b.len() - 8) as u16;
    b[6..8].copy_from_slice(&body.to_le_bytes());
    let crc = crc32(&b);
    b.extend_from_slice(&crc.to_le_bytes());
    b
}

/// Where a game's section starts (its id byte) in a record of this
/// version.
fn section_at(b: &[u8], game: GameId) -> usize {
    let mut at = 8 + 8;
    while b[at] != game.code() {
        at += 3 + usize::from(u16::from_le_bytes([b[at + 1], b[at + 2]]));
    }
    at
}

/// Runs `mcd show` on a card holding `record`.
fn show_record(name: &str, record: &[u8]) -> Output {
    let p = temp(name, &with_record(record));
    mcd(&["show", p.to_str().unwrap()])
}

/// Deal 42 with two placements made by hand.
fn game() -> (Game, Vec<Move>) {
    let mut g = Game::new(42, Options::default()).unwrap();
    let mut made = Vec::new();
    for _ in 0..2 {
        let m = g
            .hand()
            .iter()
            .flatten()
            .find_map(|&c| g.playable_cells(c).first().map(|cell| Move::Place(c, cell)))
            .expect("a playable card");
        g.apply(m).unwrap();
        made.push(m);
    }
    (g, made)
}

#[test]
fn list_shows_every_file_with_its_title() {
    let mut c = formatted();
    add_foreign(&mut c);
    let (g, _) = game();
    let c = with_save(c, &save_with(&g));
    let p = temp("list.mcd", &c);
    let o = mcd(&["list", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let expected = "\
block blocks name                  title
1     1      BESLES-01234          ABC 1
2     1      BAAFTK-00001KINGS     A Farewell to Kings #42
free blocks: 13
";
    assert_eq!(stdout(&o), expected);
}

#[test]
fn list_of_an_empty_card() {
    let p = temp("empty.mcd", &formatted());
    let o = mcd(&["list", p.to_str().unwrap()]);
    assert_eq!(stdout(&o), "block blocks name                  title\nfree blocks: 15\n");
}

#[test]
fn show_decodes_settings_game_and_stats() {
    let (g, made) = game();
    let mut save = save_with(&g);
    let fw = save.record_mut(GameId::Farewell);
    fw.record_game(24, true, 9);
    fw.record_game(24, false, 20);
    let c = with_save(formatted(), &save);
    let p = temp("show.mcd", &c);
    let o = mcd(&["show", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let moves: Vec<String> = made.iter().map(|m| m.to_string()).collect();
    assert!(moves.iter().all(|m| Card::parse(&m[..2]).is_some() && Cell::parse(&m[3..]).is_some()));
    let expected = format!(
        "\
file: BAAFTK-00001KINGS (block 1, copy A, generation 1)
settings: faces standard, legal cells on, effects volume 8, music volume 6, music in play on, sound on, last game A Farewell to Kings
A Farewell to Kings (farewell):
  options: grid 12x8, kings centre, easy off; winnable deals only off
  game: deal 42, grid 12x8, kings centre, easy off
  moves (2): {}
  status: playing
  stats:
    grid 12x8, kings centre, easy off: played 2, won 1 (0 with hints), streak 0, best streak 1, fewest deals 9
The Edge: King's Corners (corners):
  options: none; winnable deals only off
  game: none
  stats: no games finished
King Albert (albert):
  options: starting rank none, automatic moves on; winnable deals only off
  game: none
  stats: no games finished
Four Kingdoms (kingdoms):
  options: none; winnable deals only off
  game: none
  stats: no games finished
",
        moves.join(" ")
    );
    assert_eq!(stdout(&o), expected);
}

/// Issue 24, item 1: every game's part is shown, not only A Farewell to
/// Kings'.
#[test]
fn show_prints_every_games_section_volumes_last_game_and_winnable_only() {
    let mut s = Save {
        sound: Volumes { effects: 3, music: 10, muted: true, in_play: false },
        last_game: GameId::Albert,
        ..Save::default()
    };
    let o = albert::Options { start: albert::StartRank::ALL[2], auto: false };
    let mut g = albert::Game::deal(7, o);
    let mut made = Vec::new();
    for _ in 0..3 {
        let mut legal = Vec::new();
        g.for_each_legal(&mut |m| legal.push(m));
        let m = legal[0];
        assert!(g.play(m).is_ok());
        made.push(m);
    }
    let a = s.record_mut(GameId::Albert);
    a.options = albert::Game::options_code(o);
    a.winnable = true;
    a.game = SavedGame::of_moves::<albert::Game>(7, o, made.iter().copied());
    a.record_game(2, true, 120);
    a.record_game(2, false, 0);
    s.record_mut(GameId::Kingdoms).record_game(0, false, 0);
    s.record_mut(GameId::Kingdoms).options = 1;
    s.record_mut(GameId::Corners).winnable = true;
    let p = temp("every.mcd", &with_save(formatted(), &s));
    let o = mcd(&["show", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let out = stdout(&o);
    let moves: Vec<String> = made.iter().map(|m| m.to_string()).collect();
    for line in [
        "settings: faces standard, legal cells on, effects volume 3, music volume 10, music in play off, sound muted, last game King Albert\n",
        "The Edge: King's Corners (corners):\n  options: none; winnable deals only on\n",
        "King Albert (albert):\n  options: starting rank 2, automatic moves off; winnable deals only on\n  game: deal 7, starting rank 2, automatic moves off\n",
        &format!("  moves (3): {}\n  status: playing\n", moves.join(" ")),
        "  stats:\n    twos up: played 2, won 1 (0 with hints), streak 0, best streak 1, fewest moves 120\n",
        "Four Kingdoms (kingdoms):\n  options: automatic moves on; winnable deals only off\n  game: none\n  stats:\n    all deals: played 1, won 0 (0 with hints), streak 0, best streak 0, fewest moves -\n",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
}

/// Issue 24, items 1 and 2: a bad section is refused, naming its game and
/// field, each fault with a message of its own.
#[test]
fn a_bad_section_is_refused_naming_its_game_and_field() {
    let mut s = Save::default();
    let o = albert::Options::default();
    let a = s.record_mut(GameId::Albert);
    a.game = SavedGame::of_moves::<albert::Game>(7, o, []);
    a.record_game(5, true, 80);
    let base = encode(&s);
    let at = section_at(&base, GameId::Albert) + 3;
    let edit = |name: &str, f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = base.clone();
        f(&mut b);
        show_record(name, &reseal(b))
    };
    // Options byte 0xFF; the game's options 0xEE.
    assert_fails(&edit("options.mcd", &|b| b[at] = 0xFF), "King Albert: options byte 0xFF is no option set");
    assert_fails(
        &edit("game-options.mcd", &|b| b[at + 7] = 0xEE),
        "King Albert: the game in progress has options byte 0xEE, no option set",
    );
    // 401 moves: King Albert's limit is 400.
    let o = edit("moves.mcd", &|b| {
        b[at + 8..at + 10].copy_from_slice(&401u16.to_le_bytes());
        b.splice(at + 10..at + 10, vec![0u8; 802]);
        let len = u16::from_le_bytes([b[at - 2], b[at - 1]]) + 802;
        b[at - 2..at].copy_from_slice(&len.to_le_bytes());
    });
    assert_fails(&o, "King Albert: 401 moves (at most 400)");
    // Every saved move 65535 (not a move of the game): the save loads, the
    // game is dropped (issue 45, item 3: below).
    // The statistics entry names its game; winnable 2; volume 11.
    let end = at + usize::from(u16::from_le_bytes([base[at - 2], base[at - 1]]));
    assert_fails(&edit("stats.mcd", &|b| b[end - 10] = 9), "King Albert: statistics entry 5 contradicts itself");
    assert_fails(&edit("winnable.mcd", &|b| b[at + 1] = 2), "King Albert: winnable-only byte 2 (0 or 1)");
    assert_fails(&edit("volume.mcd", &|b| b[8 + 2] = 11), "effects volume 11 (at most 10)");
    assert_fails(&edit("music.mcd", &|b| b[8 + 3] = 11), "music volume 11 (at most 10)");
    assert_fails(&edit("in-play.mcd", &|b| b[8 + 5] = 2), "music-in-play byte 2 (0 or 1)");
}

/// A version 4 record (as the previous build wrote it) with a wrong game id
/// or a last game of 4: messages of their own, not "bad settings".
#[test]
fn a_version_4_record_with_a_wrong_game_id_or_last_game_says_which() {
    let v4 = |last: u8, ids: [u8; 3]| {
        let mut b = b"AFTK\x04\x00\x00\x00".to_vec();
        b.extend_from_slice(&[12, 8, 0, 0, 0, 1, 0, 0]);
        for _ in 0..48 {
            b.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]);
        }
        b.extend_from_slice(&[last, 8, 6, 0, 3]);
        for (id, options) in ids.into_iter().zip([0u8, 8, 0]) {
            b.extend_from_slice(&[id, 4 + 84, 0, options, 0, 0, 6]);
            for _ in 0..6 {
                b.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]);
            }
        }
        b.extend_from_slice(&[0; 4]);
        reseal(b)
    };
    let o = show_record("v4.mcd", &v4(2, [1, 2, 3]));
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(stdout(&o).contains("last game King Albert"));
    assert_fails(&show_record("v4-id.mcd", &v4(0, [1, 7, 3])), "section 2 has game id 7 (expected 2)");
    assert_fails(&show_record("v4-last.mcd", &v4(4, [1, 2, 3])), "last game 4 (0 to 3)");
}

/// A version 0 record: the versions this build reads.
#[test]
fn a_version_0_record_says_which_versions_are_read() {
    let mut b = encode(&Save::default());
    b[4] = 0;
    assert_fails(&show_record("v0.mcd", &reseal(b)), "format version 0, this game reads versions 1 to 8");
}

/// Issue 24, item 3: nothing larger than a card image is read.
#[test]
fn input_larger_than_a_card_is_refused_at_once() {
    for cmd in ["show", "list"] {
        assert_fails(&mcd(&[cmd, "/dev/zero"]), "more than 128 KiB, larger than a memory card image: refused");
    }
    let p = temp("big.mcd", &vec![0u8; CARD_SIZE + 1]);
    assert_fails(&mcd(&["show", p.to_str().unwrap()]), "larger than a memory card image");
}

/// Issue 24, item 4: a closed stdout is one line and exit 2 (a closed
/// pipe stays quiet: below).
#[test]
fn a_closed_stdout_gives_one_line_and_status_2() {
    let mut c = formatted();
    add_foreign(&mut c);
    let p = temp("closed.mcd", &c);
    let o = Command::new("sh")
        .args(["-c", r#""$0" list "$1" >&-"#, env!("CARGO_BIN_EXE_mcd"), p.to_str().unwrap()])
        .output()
        .unwrap();
    assert_fails(&o, "cannot write the output: stdout is closed");
    // >/dev/null is not closed.
    let o = Command::new("sh")
        .args(["-c", r#""$0" list "$1" >/dev/null"#, env!("CARGO_BIN_EXE_mcd"), p.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn errors_are_one_line_with_exit_2() {
    assert_fails(&mcd(&["list", "/nonexistent/card.mcd"]), "\"/nonexistent/card.mcd\"");
    let p = temp("short.mcd", &[0u8; 1000]);
    assert_fails(&mcd(&["list", p.to_str().unwrap()]), "131072 bytes, this is 1000");
    let p = temp("blank.mcd", &vec![0u8; CARD_SIZE]);
    assert_fails(&mcd(&["list", p.to_str().unwrap()]), "not formatted");
    assert_fails(&mcd(&["show", p.to_str().unwrap()]), "not formatted");
    let p = temp("nosave.mcd", &formatted());
    assert_fails(&mcd(&["show", p.to_str().unwrap()]), "no save");
    // Damage one byte of each copy of the record (sectors 2 and 33 of
    // block 1).
    let mut c = with_save(with_save(formatted(), &Save::default()), &Save::default());
    c[BLOCK_SIZE + 2 * SECTOR + 20] ^= 1;
    c[BLOCK_SIZE + 33 * SECTOR + 20] ^= 1;
    let p = temp("damaged.mcd", &c);
    assert_fails(&mcd(&["show", p.to_str().unwrap()]), "bad CRC");
    assert_fails(&mcd(&["frobnicate", "x"]), "unknown command");
    assert_fails(&mcd(&["show"]), "usage: mcd show CARD.mcd");
    assert_fails(&mcd(&[]), "no command");
}

#[test]
fn help() {
    let o = mcd(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("mcd list CARD.mcd"));
}

#[test]
fn show_tells_which_copy_loaded() {
    let (g, _) = game();
    let s = save_with(&g);
    let c = with_save(with_save(formatted(), &Save::default()), &s);
    let p = temp("two.mcd", &c);
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(out.starts_with("file: BAAFTK-00001KINGS (block 1, copy B, generation 2)\n"), "{out}");
    // The newest copy damaged: the previous one loads.
    let mut c = c;
    c[BLOCK_SIZE + 33 * SECTOR + 20] ^= 1;
    let p = temp("two-damaged.mcd", &c);
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(out.starts_with("file: BAAFTK-00001KINGS (block 1, copy A, generation 1)\n"), "{out}");
    assert!(out.contains("A Farewell to Kings (farewell):\n  options: grid 12x8, kings centre, easy off; winnable deals only off\n  game: none"), "{out}");
}

#[test]
fn a_save_from_a_newer_version_is_not_called_damaged() {
    let mut c = formatted();
    let mut rec = b"AFTK\x09\x00\x01\x00z".to_vec();
    let crc = farewell::save::crc32(&rec);
    rec.extend_from_slice(&crc.to_le_bytes());
    let dir = Directory::parse(&c).unwrap();
    let mut plan = Box::new(WritePlan::new());
    farewell::memcard::plan_record(
        &dir,
        None,
        &farewell::memcard::title_sector("A Farewell to Kings", None),
        &rec,
        &mut plan,
    )
    .unwrap();
    plan.apply((&mut c[..]).try_into().unwrap(), plan.len());
    let p = temp("newer.mcd", &c);
    let o = mcd(&["show", p.to_str().unwrap()]);
    assert_fails(&o, "newer version");
    assert!(!String::from_utf8_lossy(&o.stderr).contains("damaged"));
}

#[test]
fn a_damaged_directory_is_listed_as_such() {
    let mut c = formatted();
    add_foreign(&mut c);
    // Block 1's file claims block 2 as its next, which reads free.
    c[SECTOR + 8..SECTOR + 10].copy_from_slice(&1u16.to_le_bytes());
    c[SECTOR + 127] = c[SECTOR..SECTOR + 127].iter().fold(0, |a, b| a ^ b);
    let p = temp("damaged-dir.mcd", &c);
    let out = stdout(&mcd(&["list", p.to_str().unwrap()]));
    assert!(out.contains("directory damaged"), "{out}");
}

/// Output that cannot be written: one line and status 2, never a panic.
#[test]
fn a_full_disk_gives_one_line_and_status_2() {
    let p = temp("full.mcd", &with_save(formatted(), &Save::default()));
    for cmd in ["list", "show"] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let o = Command::new(env!("CARGO_BIN_EXE_mcd")).args([cmd, p.to_str().unwrap()]).stdout(full).output().unwrap();
        assert_fails(&o, "cannot write the output");
    }
}

/// A pipe closed by the reader: no message, never a panic (status 0, as
/// the host commands end on a closed pipe: `hostcli`).
#[test]
fn a_closed_pipe_ends_quietly() {
    let mut c = formatted();
    add_foreign(&mut c);
    let p = temp("pipe.mcd", &c);
    // The reader (`true`) is gone before mcd starts writing.
    let script = r#"{ sleep 0.3; "$0" list "$1"; echo "status $?" >&2; } | true"#;
    let o = Command::new("sh").args(["-c", script, env!("CARGO_BIN_EXE_mcd"), p.to_str().unwrap()]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stderr), "status 0\n");
}

#[test]
fn a_newline_in_a_path_stays_one_line() {
    let o = mcd(&["list", "no\nsuch.mcd"]);
    assert_fails(&o, "\"no\\nsuch.mcd\"");
}

/// `card` with `record` (raw bytes) written as its next copy, as the
/// console would write it after loading the card.
fn with_next_record(mut c: Vec<u8>, record: &[u8]) -> Vec<u8> {
    let dir = Directory::parse(&c).unwrap();
    let state = CardImage::new_checked(&c).unwrap().load().0;
    let mut plan = Box::new(WritePlan::new());
    plan_record(&dir, state.as_ref(), &title_sector("A Farewell to Kings", None), record, &mut plan).unwrap();
    plan.apply((&mut c[..]).try_into().unwrap(), plan.len());
    c
}

/// A save with King Albert's deal 7 in progress, its saved moves 65535
/// (not a move of the game: the game does not replay), and a statistics
/// row.
fn save_that_does_not_replay() -> Vec<u8> {
    let mut s = Save::default();
    let a = s.record_mut(GameId::Albert);
    a.game = SavedGame::of_moves::<albert::Game>(7, albert::Options::default(), []);
    a.record_game(5, true, 80);
    let mut b = encode(&s);
    let at = section_at(&b, GameId::Albert) + 3;
    b[at + 8..at + 10].copy_from_slice(&3u16.to_le_bytes());
    // Three moves of King Albert's 8 bits (format 7), each 255: no deal
    // has that many legal moves.
    b.splice(at + 10..at + 10, [0xFF; 3]);
    let len = u16::from_le_bytes([b[at - 2], b[at - 1]]) + 3;
    b[at - 2..at].copy_from_slice(&len.to_le_bytes());
    reseal(b)
}

/// Issue 45, item 3: the newest copy decodes but its game in progress does
/// not replay: the console loads that copy and drops the game; `mcd show`
/// shows the copy and says so.
#[test]
fn a_game_that_does_not_replay_is_shown_as_the_console_drops_it() {
    let o = show_record("no-replay.mcd", &save_that_does_not_replay());
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("file: BAAFTK-00001KINGS (block 1, copy A, generation 1)\nsettings: "), "{out}");
    let albert = "\
King Albert (albert):
  options: starting rank none, automatic moves on; winnable deals only off
  game: deal 7, starting rank none, automatic moves on
  moves (3): do not replay: move 1 is illegal on replay
  status: dropped: the console says \"The saved game did not replay: dropped\" when it is continued, and keeps the rest
  stats:
    fives up: played 1, won 1 (0 with hints), streak 1, best streak 1, fewest moves 80
";
    assert!(out.contains(albert), "{out}");
    assert!(out.contains("Four Kingdoms (kingdoms):\n"), "{out}");
}

/// Issue 45, item 3: when the newest copy does not decode (or is
/// damaged), `mcd show` says so above the copy the console loads.
#[test]
fn show_says_why_the_newest_copy_was_passed_over() {
    let (g, _) = game();
    let older = with_save(formatted(), &save_with(&g));
    // Copy B, generation 2: intact, but its effects volume is 11.
    let mut b = encode(&Save::default());
    b[8 + 2] = 11;
    let c = with_next_record(older.clone(), &reseal(b));
    let p = temp("newest-invalid.mcd", &c);
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(
        out.starts_with(
            "file: BAAFTK-00001KINGS (block 1, copy A, generation 1)\n\
             not loaded: copy B, generation 2, the newest: the save is invalid: effects volume 11 (at most 10)\n\
             settings: "
        ),
        "{out}"
    );
    assert!(out.contains("  game: deal 42, grid 12x8, kings centre, easy off\n"), "{out}");
    // Copy B damaged (its CRC no longer matches).
    let mut c = with_save(older, &Save::default());
    c[BLOCK_SIZE + 33 * SECTOR + 20] ^= 1;
    let p = temp("newest-damaged.mcd", &c);
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(
        out.starts_with(
            "file: BAAFTK-00001KINGS (block 1, copy A, generation 1)\n\
             not loaded: copy B, generation 2, the newest: the save is damaged (bad CRC)\n"
        ),
        "{out}"
    );
    // The newest copy loaded: nothing passed over.
    let c = with_save(with_save(formatted(), &Save::default()), &Save::default());
    let p = temp("newest-good.mcd", &c);
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(out.starts_with("file: BAAFTK-00001KINGS (block 1, copy B, generation 2)\nsettings: "), "{out}");
}

/// Issue 45, item 4: a section's length past the end, a wrong section
/// count and trailing bytes name the game when its id is known.
#[test]
fn length_errors_name_the_game_when_its_id_is_known() {
    let base = encode(&Save::default());
    let at = section_at(&base, GameId::Albert);
    // King Albert's length runs past the end of the record.
    let mut b = base.clone();
    b[at + 1..at + 3].copy_from_slice(&4000u16.to_le_bytes());
    assert_fails(
        &show_record("past-end.mcd", &reseal(b)),
        "the save is invalid: King Albert: its section's length does not match its contents",
    );
    // The count says 3 sections: the fourth, Four Kingdoms', lies past it.
    let mut b = base.clone();
    b[8 + 7] = 3;
    assert_fails(
        &show_record("uncounted.mcd", &reseal(b)),
        "the save is invalid: Four Kingdoms: its section lies past the record's section count",
    );
    // The count says 5 sections, 4 are there.
    let mut b = base.clone();
    b[8 + 7] = 5;
    assert_fails(&show_record("overcounted.mcd", &reseal(b)), "its section count is 5 but it holds 4 sections");
}

/// Issue 45, item 5: A Farewell to Kings' custom start still placing
/// kings is shown as `aftk` prints it.
#[test]
fn a_custom_start_placing_kings_says_so_as_aftk_does() {
    use farewell::games::farewell::notation::parse_move;
    use farewell::games::farewell::KingStart;
    let o = Options { kings: KingStart::Custom, ..Options::default() };
    let king = parse_move("Ks@r3c4").unwrap();
    let mut s = Save::default();
    s.record_mut(GameId::Farewell).game = SavedGame::of_moves::<Game>(42, o, [king]);
    assert!(s.record(GameId::Farewell).game.is_some());
    let p = temp("placing.mcd", &with_save(formatted(), &s));
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(
        out.contains(
            "  game: deal 42, grid 12x8, kings custom, easy off\n  moves (1): Ks@r3c4\n  status: placing kings\n"
        ),
        "{out}"
    );
    // What `aftk` prints for that game: its position's status line.
    let mut g = Game::new(42, o).unwrap();
    g.apply(king).unwrap();
    let mut position = String::new();
    farewell::games::farewell::notation::write_position(&g, &mut position).unwrap();
    assert!(position.ends_with("status: placing kings\n"), "{position}");
}

/// Issue 45, item 6: `help` and `--help` everywhere, `-` for stdin,
/// commands in either case.
#[test]
fn help_stdin_and_case_as_every_command() {
    let help = stdout(&mcd(&["--help"]));
    for args in [&["help"][..], &["HELP"], &["-h"]] {
        let o = mcd(args);
        assert_eq!((o.status.code(), stdout(&o)), (Some(0), help.clone()), "{args:?}");
    }
    for cmd in ["list", "show"] {
        let usage = format!("usage: mcd {cmd} CARD.mcd (CARD.mcd: a 128 KiB card image, - for stdin)\n");
        for args in [&[cmd, "--help"][..], &[cmd, "-h"], &["help", cmd], &[&cmd.to_uppercase(), "--HELP"]] {
            let o = mcd(args);
            assert_eq!((o.status.code(), stdout(&o)), (Some(0), usage.clone()), "{args:?}");
        }
    }
    let (g, _) = game();
    let p = temp("stdin.mcd", &with_save(formatted(), &save_with(&g)));
    let by_path = stdout(&mcd(&["show", p.to_str().unwrap()]));
    let o = Command::new(env!("CARGO_BIN_EXE_mcd"))
        .args(["SHOW", "-"])
        .stdin(std::fs::File::open(&p).unwrap())
        .output()
        .unwrap();
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), by_path));
    let o = Command::new(env!("CARGO_BIN_EXE_mcd"))
        .args(["list", "-"])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    assert_fails(&o, "stdin: more than 128 KiB, larger than a memory card image: refused");
    assert_fails(&mcd(&["show", "-x"]), "unknown option \"-x\" for mcd show");
}
