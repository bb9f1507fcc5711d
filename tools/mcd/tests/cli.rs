//! The `mcd` command as a process: listings, the decoded save, and one-line
//! errors with exit status 2.

use farewell::games::farewell::{Card, Cell, Game, Move, Options};
use farewell::memcard::{format_card, plan_save, CardImage, Directory, WritePlan, BLOCK_SIZE, CARD_SIZE, FRAME};
use farewell::save::{Save, Stats};
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
    let e = &mut c[FRAME..2 * FRAME];
    e[0] = 0x51;
    e[4..8].copy_from_slice(&0x2000u32.to_le_bytes());
    e[8..10].copy_from_slice(&[0xFF, 0xFF]);
    e[0x0A..0x0A + 12].copy_from_slice(b"BESLES-01234");
    e[127] = e[..127].iter().fold(0, |a, b| a ^ b);
    let t = &mut c[BLOCK_SIZE..BLOCK_SIZE + FRAME];
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
    let c = with_save(c, &Save { game: Some(g), ..Save::default() });
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
    let mut stats = Stats::default();
    stats.record_game(Options::default(), true, 9);
    stats.record_game(Options::default(), false, 20);
    let c = with_save(formatted(), &Save { game: Some(g), stats, ..Save::default() });
    let p = temp("show.mcd", &c);
    let o = mcd(&["show", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let moves: Vec<String> = made.iter().map(|m| m.to_string()).collect();
    assert!(moves.iter().all(|m| Card::parse(&m[..2]).is_some() && Cell::parse(&m[3..]).is_some()));
    let expected = format!(
        "\
file: BAAFTK-00001KINGS (block 1, copy A, generation 1)
settings: grid 12x8, kings centre, easy off, faces standard, legal cells on
game: deal 42, grid 12x8, kings centre, easy off
moves (2): {}
status: playing
stats:
  grid 12x8, kings centre, easy off: played 2, won 1, streak 0, best streak 1, fewest deals 9
",
        moves.join(" ")
    );
    assert_eq!(stdout(&o), expected);
}

#[test]
fn show_without_a_game_or_stats() {
    let p = temp("nogame.mcd", &with_save(formatted(), &Save::default()));
    let o = mcd(&["show", p.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(out.contains("game: none\n"), "{out}");
    assert!(out.ends_with("stats:\n  no games finished\n"), "{out}");
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
    // Damage one byte of each copy of the record (frames 2 and 33 of
    // block 1).
    let mut c = with_save(with_save(formatted(), &Save::default()), &Save::default());
    c[BLOCK_SIZE + 2 * FRAME + 20] ^= 1;
    c[BLOCK_SIZE + 33 * FRAME + 20] ^= 1;
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
    let s = Save { game: Some(g), ..Save::default() };
    let c = with_save(with_save(formatted(), &Save::default()), &s);
    let p = temp("two.mcd", &c);
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(out.starts_with("file: BAAFTK-00001KINGS (block 1, copy B, generation 2)\n"), "{out}");
    // The newest copy damaged: the previous one loads.
    let mut c = c;
    c[BLOCK_SIZE + 33 * FRAME + 20] ^= 1;
    let p = temp("two-damaged.mcd", &c);
    let out = stdout(&mcd(&["show", p.to_str().unwrap()]));
    assert!(out.starts_with("file: BAAFTK-00001KINGS (block 1, copy A, generation 1)\n"), "{out}");
    assert!(out.contains("game: none"), "{out}");
}

#[test]
fn a_save_from_a_newer_version_is_not_called_damaged() {
    let mut c = formatted();
    let mut rec = b"AFTK\x05\x00\x01\x00z".to_vec();
    let crc = farewell::save::crc32(&rec);
    rec.extend_from_slice(&crc.to_le_bytes());
    let dir = Directory::parse(&c).unwrap();
    let mut plan = Box::new(WritePlan::new());
    farewell::memcard::plan_record(&dir, None, &farewell::memcard::title_frame(None), &rec, &mut plan).unwrap();
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
    c[FRAME + 8..FRAME + 10].copy_from_slice(&1u16.to_le_bytes());
    c[FRAME + 127] = c[FRAME..FRAME + 127].iter().fold(0, |a, b| a ^ b);
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
