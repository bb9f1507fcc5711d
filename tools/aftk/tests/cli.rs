//! The `aftk` command as a process: output format, exit codes, messages.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn aftk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_aftk")).args(args).output().expect("aftk runs")
}

fn aftk_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aftk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A failure: exit 2, nothing on stdout, exactly one line on stderr that
/// contains `needle`, and no panic.
fn assert_fails(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert!(o.stdout.is_empty(), "printed: {}", stdout(o));
    let e = stderr(o);
    assert_eq!(e.lines().count(), 1, "one line: {e}");
    assert!(e.contains(needle), "{e:?} should mention {needle:?}");
    assert!(!e.contains("panicked"));
}

#[test]
fn deal_prints_every_key_in_order_and_the_status() {
    let o = aftk(&["deal", "42"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let keys: Vec<&str> = out.lines().filter_map(|l| l.split_once(':').map(|(k, _)| k)).collect();
    assert_eq!(keys, ["grid", "hand", "stock", "removed", "orphans", "easy", "status"]);
    assert_eq!(out.lines().count(), 1 + 8 + 6);
    assert!(out.contains("\nremoved:\norphans:\neasy: no\nstatus: playing\n"), "empty lists are bare keys");
    assert!(out.lines().nth(4).unwrap().starts_with(". . . . Ks Kc Kd Kh"));
}

#[test]
fn deal_options_shape_the_deal() {
    let out = stdout(&aftk(&["deal", "7", "--grid", "6x4", "--kings", "corners", "--easy"]));
    assert!(out.starts_with("grid: 6x4\nKs . . . . Kh\n"));
    assert!(out.contains("easy: yes\n"));
    let r = stdout(&aftk(&["deal", "7", "--kings", "random"]));
    assert_eq!(r, stdout(&aftk(&["deal", "7", "--kings", "random"])), "same seed, same deal");
}

#[test]
fn legal_lists_hand_cards_in_slot_order_with_cells_row_major() {
    let pos = stdout(&aftk(&["deal", "42"]));
    let o = aftk_stdin(&["legal", "-"], &pos);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "5d: r2c6 r4c6\n7c: r2c5 r4c5\nJc: r2c5 r4c5\nTd: r2c6 r4c6\n");
}

#[test]
fn legal_while_orphans_wait_prints_none_for_hand_cards() {
    // Deal 42 after the aces went (their cards out of the stock), with the
    // 5d moved from the hand to the orphans.
    let pos = stdout(&aftk(&["deal", "42"]));
    let mut pos = pos.replace("hand: 5d 7c Jc Td", "hand: - 7c Jc Td").replace("orphans:", "orphans: 5d");
    for ace in [" As", " Ah", " Ad", " Ac"] {
        pos = pos.replacen(ace, "", 1);
    }
    let pos = pos.replace("removed:", "removed: A");
    let o = aftk_stdin(&["legal", "-"], &pos);
    assert_eq!(stdout(&o), "7c: none\nJc: none\nTd: none\n5d: r2c6 r4c6\n", "{}", stderr(&o));
}

#[test]
fn play_applies_moves_and_prints_the_position() {
    let o = aftk(&["play", "--seed", "42", "5d@r2c6", "Td@r1c6", "undo", "TD@R4C6"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().nth(3).unwrap().split(' ').nth(6) == Some("5d"));
    assert!(out.lines().nth(5).unwrap().split(' ').nth(6) == Some("Td"), "moves are case-insensitive");
    assert!(out.contains("hand: - 7c Jc -\n"));
}

#[test]
fn play_from_a_file_round_trips_the_notation() {
    let dir = std::env::temp_dir().join(format!("aftk-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.txt");
    let pos = stdout(&aftk(&["deal", "99", "--grid", "8x5"]));
    std::fs::write(&file, &pos).unwrap();
    let out = stdout(&aftk(&["play", file.to_str().unwrap()]));
    assert_eq!(out, pos, "a position read and printed unchanged");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_custom_kings_by_moves() {
    let o = aftk(&["play", "--seed", "3", "--kings", "custom", "Ks@r0c0", "Kc@r0c1", "Kd@r0c2", "Kh@r0c3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("grid: 12x8\nKs Kc Kd Kh . "));
}

#[test]
fn an_illegal_move_names_the_move_and_the_reason_and_prints_no_position() {
    assert_fails(
        &aftk(&["play", "--seed", "42", "5d@r0c0"]),
        "move 1 (5d@r0c0) is illegal: r0c0 is not next to any card",
    );
    assert_fails(&aftk(&["play", "--seed", "42", "7c@r2c6"]), "7c matches neither suit nor rank");
    assert_fails(&aftk(&["play", "--seed", "42", "deal"]), "cannot deal: 5d can still be placed");
    assert_fails(&aftk(&["play", "--seed", "42", "undo"]), "nothing to undo");
    assert_fails(&aftk(&["play", "--seed", "42", "Ah@r2c6"]), "Ah is not in the hand");
    assert_fails(&aftk(&["play", "--seed", "42", "5d@r2c99"]), "r2c99 is not on the grid");
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    assert_fails(&aftk(&[]), "no command");
    assert_fails(&aftk(&["shuffle"]), "unknown command");
    assert_fails(&aftk(&["deal"]), "usage");
    assert_fails(&aftk(&["deal", "-1"]), "not a deal number");
    assert_fails(&aftk(&["deal", "4294967296"]), "not a deal number");
    assert_fails(&aftk(&["deal", "1", "--grid", "5x4"]), "outside 6x4 to 14x9");
    assert_fails(&aftk(&["deal", "1", "--grid", "big"]), "expected WxH");
    assert_fails(&aftk(&["deal", "1", "--kings", "middle"]), "--kings");
    assert_fails(&aftk(&["deal", "1", "--kings", "custom"]), "custom");
    assert_fails(&aftk(&["deal", "1", "--fast"]), "unknown option \"--fast\" for aftk deal");
    assert_fails(&aftk(&["legal", "/no/such/file"]), "cannot read \"/no/such/file\"");
    assert_fails(&aftk(&["play", "--seed", "1", "9h-r2c4"]), "is not a move");
    assert_fails(&aftk_stdin(&["legal", "-"], "grid: 12x8\n"), "rows");
    assert_fails(&aftk_stdin(&["legal", "-"], "\u{0}\u{ff}garbage"), "line 1");
}

#[test]
fn invalid_positions_name_the_line_and_the_problem() {
    let pos = stdout(&aftk(&["deal", "42"]));
    let dup = pos.replace("hand: 5d", "hand: 8h");
    assert_fails(&aftk_stdin(&["legal", "-"], &dup), "stdin: line 11: stock: 8h appears twice (first on line 10)");
    let missing = pos.replace(" 4c\n", "\n");
    assert_fails(&aftk_stdin(&["legal", "-"], &missing), "missing");
    let bad_card = pos.replace("hand: 5d", "hand: 5x");
    assert_fails(&aftk_stdin(&["legal", "-"], &bad_card), "\"5x\" is not a card");
    let short_row = pos.replacen(". . . . . . . . . . . .\n", ". . . .\n", 1);
    assert_fails(&aftk_stdin(&["legal", "-"], &short_row), "line 2: row 0 has 4 cells, the grid is 12 wide");
    let unknown = format!("{pos}colour: red\n");
    assert_fails(&aftk_stdin(&["legal", "-"], &unknown), "unknown key");
    let not_utf8 = aftk_stdin(&["legal", "-"], "");
    assert_eq!(not_utf8.status.code(), Some(2));
}

#[test]
fn help_documents_every_command() {
    let o = aftk(&["--help"]);
    assert!(o.status.success());
    let h = stdout(&o);
    for s in [
        "aftk deal SEED",
        "aftk legal FILE",
        "aftk play FILE|--seed SEED",
        "--grid WxH",
        "--kings",
        "--easy",
        "undo",
        "aftk solve SEED",
        "aftk stats --games N",
        "aftk winnable --count N",
        "exit status 2",
    ] {
        assert!(h.contains(s), "help mentions {s}");
    }
}

#[test]
fn a_solved_deal_replays_to_won_with_aftk_play() {
    let o = aftk(&["solve", "1", "--budget", "400000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("verdict: winnable\nnodes: "), "{out}");
    let moves = out.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    let mut args = vec!["play", "--seed", "1"];
    args.extend(moves.split(' '));
    let played = aftk(&args);
    assert!(played.status.success(), "{}", stderr(&played));
    assert!(stdout(&played).ends_with("status: won\n"));
}

#[test]
fn a_tiny_budget_is_unknown_never_a_guess() {
    let out = stdout(&aftk(&["solve", "2", "--budget", "10"]));
    assert!(out.starts_with("verdict: unknown\nnodes: "), "{out}");
}

#[test]
fn stats_reports_the_rate_with_its_interval() {
    let out = stdout(&aftk(&["stats", "--games", "20", "--player", "fair"]));
    assert!(out.contains("games: 20 (deals 1..20)"), "{out}");
    assert!(out.contains("95% CI"), "{out}");
    assert!(out.contains("games per second:"), "{out}");
    assert_fails(&aftk(&["stats", "--games", "5", "--player", "oracle"]), "--player");
    assert_fails(&aftk(&["stats"]), "usage");
}

#[test]
fn winnable_lists_deals_the_solver_proves() {
    let o = aftk(&["winnable", "--count", "2", "--tries", "20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let seeds: Vec<u32> = stdout(&o).lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(seeds.len(), 2);
    for s in seeds {
        let v = stdout(&aftk(&["solve", &s.to_string(), "--budget", "100000"]));
        assert!(v.starts_with("verdict: winnable"), "deal {s}: {v}");
    }
    assert_fails(&aftk(&["winnable"]), "usage");
}

/// Runs aftk with stdout going to `target`, returning (exit code, stderr).
#[test]
fn stats_plays_the_hint_of_a_player_who_looks_before_each_move() {
    // W = 0 is the console's hint as `--strength hint` plays it; with time
    // to ponder, most hints are the deep ones.
    let plain = stdout(&aftk(&["stats", "--games", "6", "--strength", "hint"]));
    let looked = stdout(&aftk(&["stats", "--games", "6", "--strength", "hint", "--ponder-frames", "0"]));
    let won = |out: &str| out.lines().find(|l| l.starts_with("won: ")).map(str::to_owned);
    assert_eq!(won(&plain), won(&looked), "{plain}\n{looked}");
    assert!(looked.contains("0 frames of pondering before each move (0 units); deep answers: 0 of "), "{looked}");
    let long = stdout(&aftk(&["stats", "--games", "2", "--strength", "hint", "--ponder-frames", "240"]));
    let share: f64 = long
        .split("deep answers: ")
        .nth(1)
        .and_then(|r| r.split(['(', '%']).nth(1))
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{long}"));
    assert!(share > 80.0, "{long}");
    assert!(long.contains("240 frames of pondering before each move (720 units)"), "{long}");
    assert_fails(
        &aftk(&["stats", "--games", "2", "--ponder-frames", "30"]),
        "--ponder-frames goes with --strength hint",
    );
    assert_fails(
        &aftk(&["stats", "--games", "2", "--strength", "hint", "--ponder-frames", "36001"]),
        "--ponder-frames",
    );
}

fn aftk_to(args: &[&str], target: std::fs::File) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_aftk")).args(args).stdout(target).stderr(Stdio::piped()).output().unwrap();
    (o.status.code(), stderr(&o))
}

#[test]
fn a_full_disk_is_one_line_and_exit_2_never_a_panic() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let (code, e) = aftk_to(&["deal", "1"], full);
    assert_eq!(code, Some(2), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("aftk: cannot write the output: "), "{e}");
    assert!(!e.contains("panicked"));
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // Like `aftk play - | head -0`: the reader is gone before aftk writes
    // (it reads the whole position from stdin first), so the write fails
    // with a broken pipe every time, not only when the output is long.
    let pos = stdout(&aftk(&["deal", "42", "--grid", "14x9"]));
    let mut child = Command::new(env!("CARGO_BIN_EXE_aftk"))
        .args(["play", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(pos.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "quiet: {:?} {}", o.status, stderr(&o));
    assert!(o.stderr.is_empty(), "nothing on stderr: {}", stderr(&o));
}

#[test]
fn a_path_with_a_newline_stays_one_line() {
    assert_fails(&aftk(&["legal", "no\nsuch"]), "cannot read \"no\\nsuch\"");
    assert_fails(&aftk(&["play", "no\nsuch", "deal"]), "cannot read \"no\\nsuch\"");
}

#[test]
fn a_custom_start_before_its_fourth_king_reads_back() {
    let o = aftk(&["play", "--seed", "1", "--kings", "custom", "Ks@r3c4", "Kd@r0c0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pos = stdout(&o);
    assert!(pos.contains("\nkings: Kc Kh\nhand: - - - -\n"), "{pos}");
    assert!(pos.ends_with("status: placing kings\n"), "{pos}");
    // It reads back unchanged, lists the kings' cells, and plays on.
    assert_eq!(stdout(&aftk_stdin(&["play", "-"], &pos)), pos);
    let legal = stdout(&aftk_stdin(&["legal", "-"], &pos));
    let lines: Vec<&str> = legal.lines().collect();
    assert_eq!(lines.len(), 2, "{legal}");
    assert!(lines[0].starts_with("Kc: r0c1 r0c2 "), "{legal}");
    assert_eq!(lines[0].split(' ').count(), 1 + 96 - 2, "every empty cell");
    let from_file = aftk_stdin(&["play", "-", "Kc@r3c5", "Kh@r3c6"], &pos);
    let from_seed = aftk(&["play", "--seed", "1", "--kings", "custom", "Ks@r3c4", "Kd@r0c0", "Kc@r3c5", "Kh@r3c6"]);
    assert!(from_seed.status.success());
    assert_eq!(stdout(&from_file), stdout(&from_seed), "the same opening deal");
}

#[test]
fn numbers_with_a_sign_or_a_leading_zero_are_refused() {
    assert_fails(&aftk(&["deal", "+5"]), "\"+5\" is not a deal number");
    assert_fails(&aftk(&["deal", "05"]), "\"05\" is not a deal number");
    assert_fails(&aftk(&["deal", "1", "--grid", "+12x8"]), "--grid: expected WxH");
    assert_fails(&aftk(&["deal", "1", "--grid", "12x08"]), "--grid: expected WxH");
    assert_fails(
        &aftk(&["solve", "1", "--budget", "+10"]),
        "--budget: expected a number from 0 to 18446744073709551615, found \"+10\"",
    );
    assert_fails(&aftk(&["play", "--seed", "42", "5d@r02c006"]), "\"5d@r02c006\" is not a move");
    let pos = stdout(&aftk(&["deal", "42"]));
    assert_fails(&aftk_stdin(&["legal", "-"], &pos.replace("grid: 12x8", "grid: +12x8")), "line 1: grid: expected WxH");
    assert!(aftk(&["deal", "0"]).status.success(), "0 itself is a number");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let pos = stdout(&aftk(&["deal", "42"]));
    let o = aftk_stdin(&["play", "-"], &format!("\u{feff}{pos}"));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), pos);
}

#[test]
fn unreachable_positions_are_refused_naming_the_line() {
    let pos = stdout(&aftk(&["deal", "42"]));
    // Ks swapped with the 5d of the hand: a king in the hand.
    let swapped = pos.replacen("Ks", "5d", 1).replace("hand: 5d", "hand: Ks");
    assert_fails(&aftk_stdin(&["legal", "-"], &swapped), "line 10: Ks in the hand");
    // The 3s, second in the stock, beside the K♥: a mismatch.
    let beside = pos.replacen("Kh . .", "Kh 3s .", 1).replacen("stock: 8h 3s ", "stock: 8h ", 1);
    assert_fails(
        &aftk_stdin(&["legal", "-"], &beside),
        "line 5: Kh at r3c7 matches neither suit nor rank of 3s to its right",
    );
}

#[test]
fn kings_option_values_are_case_insensitive() {
    assert_eq!(
        stdout(&aftk(&["deal", "7", "--kings", "CORNERS"])),
        stdout(&aftk(&["deal", "7", "--kings", "corners"]))
    );
}

#[test]
fn an_option_given_twice_is_refused_not_overridden() {
    for args in [
        &["deal", "1", "--grid", "6x4", "--grid", "8x5"][..],
        &["deal", "1", "--easy", "--easy"],
        &["deal", "1", "--kings", "corners", "--kings", "random"],
        &["play", "--seed", "1", "--kings", "custom", "--kings", "centre"],
        &["solve", "1", "--budget", "10", "--budget", "20"],
        &["stats", "--games", "2", "--games", "3", "--budget", "10"],
        &["stats", "--games", "1", "--player", "fair", "--player", "solver", "--budget", "10"],
        &["winnable", "--count", "1", "--first", "1", "--first", "2", "--budget", "10"],
    ] {
        let o = aftk(args);
        assert_fails(&o, "given twice");
    }
}

#[test]
fn player_names_are_read_in_either_case() {
    let o = aftk(&["stats", "--games", "1", "--player", "FAIR"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_closed_stdout_is_one_line_and_exit_2() {
    let o = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" deal 1 >&-")
        .arg(env!("CARGO_BIN_EXE_aftk"))
        .output()
        .expect("sh runs");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "aftk: cannot write the output: stdout is closed\n");
}

#[test]
fn every_command_answers_help_with_its_usage_and_exit_0() {
    for cmd in ["deal", "legal", "play", "solve", "stats", "winnable"] {
        let o = aftk(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        let out = stdout(&o);
        assert!(out.starts_with(&format!("usage: aftk {cmd} ")) && out.lines().count() == 1, "{out}");
    }
}

#[test]
fn a_position_over_64_kib_is_refused() {
    assert_fails(&aftk(&["legal", "/dev/zero"]), "more than 64 KiB");
    assert_fails(
        &aftk(&["winnable", "--count", "1", "--tries", "0"]),
        "--tries: expected a number from 1 to 18446744073709551615, found \"0\"",
    );
}

/// Issue 45, items 6 and 7: `aftk` reads its command line as `kings` and
/// `mcd` do (words in either case, `help` everywhere, ranges in number
/// refusals), and its usage texts give the 64 KiB limit.
#[test]
fn the_command_line_convention_of_every_host_command() {
    let deal = stdout(&aftk(&["deal", "5", "--grid", "8x6", "--kings", "corners", "--easy"]));
    assert!(deal.starts_with("grid: 8x6\n"), "{deal}");
    assert_eq!(stdout(&aftk(&["DEAL", "5", "--GRID", "8X6", "--Kings", "Corners", "--EASY"])), deal);
    let help = stdout(&aftk(&["--help"]));
    assert!(help.contains("at most 64 KiB"), "{help}");
    assert_eq!(stdout(&aftk(&["help"])), help);
    assert_eq!(stdout(&aftk(&["HELP"])), help);
    for cmd in ["legal", "play"] {
        let u = stdout(&aftk(&[cmd, "--help"]));
        assert!(u.starts_with(&format!("usage: aftk {cmd} ")), "{u}");
        assert!(u.contains("FILE: a position of at most 64 KiB, - for stdin"), "{u}");
        assert_eq!(stdout(&aftk(&["help", cmd])), u);
        assert_eq!(stdout(&aftk(&[&cmd.to_uppercase(), "--HELP"])), u);
    }
    assert_fails(&aftk(&["deal", "1", "-x"]), "unknown option \"-x\" for aftk deal");
    assert_fails(&aftk(&["stats", "--games", "0"]), "--games: expected a number from 1 to 4294967295, found \"0\"");
    assert_fails(&aftk(&["winnable", "--count", "0"]), "--count: expected a number from 1 to 4294967295, found \"0\"");
    assert_fails(
        &aftk(&["solve", "1", "--budget", "99999999999999999999"]),
        "--budget: expected a number from 0 to 18446744073709551615, found \"99999999999999999999\"",
    );
    assert_fails(&aftk_stdin(&["legal", "-"], ""), "stdin: empty: no position");
    assert_fails(&aftk_stdin(&["play", "-"], "easy: no\n"), "stdin: grid: is missing");
}
