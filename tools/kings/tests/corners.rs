//! `kings corners` as a user runs it: the binary, its output, its exit
//! status (docs/rules/corners.md, docs/rules/collection.md).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn kings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kings")).arg("corners").args(args).output().unwrap()
}

fn kings_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kings"))
        .arg("corners")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = kings(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty());
    String::from_utf8(o.stdout).unwrap()
}

/// Exit 2, nothing on stdout, one line on stderr; the line.
fn bad(o: Output, what: &str) -> String {
    assert_eq!(o.status.code(), Some(2), "{what}");
    assert!(o.stdout.is_empty(), "{what}");
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{what}: {e}");
    assert!(e.ends_with('\n') && e.starts_with("kings: "), "{what}: {e}");
    e
}

const DEAL_1: &str = "game: corners\n. . . .\n. . . .\n. . . .\n. . . .\nnext: Ac\n\
deck: Th 6c 2h Td 2d 3h 4h As Kc 4c 4d 8c 5d Qd 7d 2s Jc Qs 6s Ad 7s Js 4s Qh Ah Kd 5s 6d Tc 2c 8d 9s Jd 3s 5h \
Jh 6h 7h Qc 3c 7c 9c Ks 8s 8h Kh 9d 5c Ts 3d 9h\ndiscard:\nphase: place\nstatus: playing\n";

fn file(name: &str, text: &str) -> String {
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kings-corners-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn deal_prints_the_opening_position_with_the_first_card_drawn() {
    assert_eq!(ok(&["deal", "1"]), DEAL_1);
}

#[test]
fn legal_lists_the_sixteen_cells_for_a_number_card_in_byte_order() {
    let p = file("deal1.txt", DEAL_1);
    let out = ok(&["legal", &p]);
    let lines: Vec<&str> = out.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines.len(), 16);
    assert!(lines.iter().all(|l| l.starts_with("Ac@r")));
}

#[test]
fn legal_reads_standard_input() {
    let o = kings_stdin(&["legal", "-"], DEAL_1);
    assert!(o.status.success());
    assert_eq!(String::from_utf8(o.stdout).unwrap().lines().count(), 16);
}

#[test]
fn play_places_and_draws_the_next_card() {
    let out = ok(&["play", "--seed", "1", "Ac@r1c1"]);
    assert!(out.contains("\n. Ac . .\n") && out.contains("next: Th\n"), "{out}");
    // Either case, from a file, and undo brings the deal back.
    let p = file("deal1b.txt", DEAL_1);
    assert_eq!(ok(&["play", &p, "AC@R1C1", "undo"]), DEAL_1);
}

#[test]
fn the_solvers_winning_line_replays_to_a_win() {
    let out = ok(&["solve", "19"]);
    assert!(out.starts_with("verdict: winnable\nnodes: "), "{out}");
    let moves = out.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    let mut args = vec!["play", "--seed", "19"];
    args.extend(moves.split(' '));
    assert!(ok(&args).ends_with("status: won\n"));
}

#[test]
fn solve_answers_unknown_past_its_budget() {
    assert_eq!(ok(&["solve", "1", "--budget", "10"]), "verdict: unknown\nnodes: 10\n");
}

#[test]
fn stats_prints_the_win_rate_with_its_interval_for_both_players() {
    let fair = ok(&["stats", "--games", "20", "--player", "fair"]);
    assert!(fair.starts_with("player: fair\ngame: corners\ngames: 20 (deals 1..20)\nwon: "), "{fair}");
    assert!(fair.contains("95% CI"));
    let solver = ok(&["stats", "--games", "3", "--first", "17", "--player", "solver", "--budget", "100000"]);
    assert!(solver.contains("games: 3 (deals 17..19)\n") && solver.contains("\nunknown: "), "{solver}");
}

#[test]
fn bad_input_gets_one_line_and_exit_status_2() {
    let e = bad(kings(&["deal", "x"]), "deal x");
    assert!(e.contains("\"x\" is not a deal number"));
    bad(kings(&["deal"]), "no seed");
    bad(kings(&["deal", "1", "--start-rank", "A"]), "an option corners has not");
    bad(kings(&["legal", "/nonexistent/corners.txt"]), "no file");
    bad(kings(&["legal", &file("broken.txt", "game: corners\n")]), "no rows");
    let e = bad(kings(&["play", "--seed", "1", "Ac@r9c1"]), "no such cell");
    assert!(e.contains("not a cell"), "{e}");
    let e = bad(kings(&["play", "--seed", "1", "Th@r0c0"]), "not the drawn card");
    assert!(e.contains("Th is not the drawn card (Ac is)"), "{e}");
    bad(kings(&["play", "--seed", "1", "clear:Ts"]), "matching too early");
    bad(kings(&["play", "--seed", "1", "undo"]), "nothing to undo");
    bad(kings(&["solve", "1", "--budget", "-3"]), "negative budget");
    bad(kings(&["stats", "--games", "0"]), "no games");
    bad(kings(&["stats", "--games", "2", "--player", "oracle"]), "no such player");
    bad(kings(&["frobnicate"]), "no such command");
}
