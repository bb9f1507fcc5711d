//! `kings albert` as a user runs it: the binary, its output, its exit status.

mod support;

use support::{bad, Kings};

const K: Kings = Kings("albert");

const DEAL_1: &str = "game: albert\nt1:\nt2: Th 6c\nt3: 2h Td 2d\nt4: 3h 4h As Kc\nt5: 4c 4d 8c 5d Qd\n\
t6: 7d 2s Jc Qs 6s\nt7: 7s Js 4s Qh Ah Kd 5s\nt8: 6d Tc 2c 8d 9s Jd 3s 5h\nt9: Jh 6h 7h Qc 3c 7c 9c Ks 8s\n\
reserve: 8h Kh 9d 5c Ts 3d 9h\nfoundations: - - Ad Ac\nauto: yes\nstatus: playing\n";

fn file(name: &str, text: &str) -> String {
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kings-albert-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn deal_prints_the_opening_position() {
    assert_eq!(K.ok(&["deal", "1"]), DEAL_1);
}

#[test]
fn deal_options_take_values_in_either_case() {
    let a = K.ok(&["deal", "7", "--start-rank", "A"]);
    assert_eq!(K.ok(&["deal", "7", "--start-rank", "a"]), a);
    let f = a.lines().find(|l| l.starts_with("foundations: ")).unwrap();
    assert!(!f.contains('-'), "aces up: {f}");
    let none = K.ok(&["deal", "7", "--start-rank", "NONE"]);
    assert_eq!(none, K.ok(&["deal", "7"]));
    let off = K.ok(&["deal", "7", "--no-auto"]);
    assert!(off.contains("auto: no\n"));
    let five = K.ok(&["deal", "7", "--start-rank", "5", "--no-auto"]);
    assert!(five.contains("foundations: 5s 5h 5d 5c\n") && five.contains("\nt9:\n"), "{five}");
}

#[test]
fn legal_prints_every_legal_move_in_byte_order() {
    let p = file("deal1.txt", DEAL_1);
    let out = K.ok(&["legal", &p]);
    let lines: Vec<&str> = out.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(lines, sorted);
    assert!(!lines.is_empty() && !lines.contains(&"undo"));
    // Each one plays; a move not listed does not.
    for m in &lines {
        K.ok(&["play", &p, m]);
    }
    assert!(!lines.contains(&"Ks>t1"));
    bad(K.run(&["play", &p, "Ks>t1"]), "not listed");
    // From stdin too.
    let o = K.run_stdin(&["legal", "-"], DEAL_1);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), out);
}

#[test]
fn legal_prints_nothing_when_the_game_is_over() {
    // A reachable end: no stack has more cards below its top run than its
    // deal gave it, less one.
    let lost = "game: albert\nt1: Ks\nt2: Qs Kh\nt3: Ts Qh Kd\nt4: 9s Th Qd Kc\nt5: 8h 9d Td Qc Js\n\
                t6: 9c Tc Jh\nt7: Jd\nt8: Jc\nt9: 9h\nfoundations: 8s 7h 8d 8c\nauto: no\n";
    assert_eq!(K.ok(&["legal", &file("lost.txt", lost)]), "");
}

#[test]
fn play_applies_moves_and_undo_and_prints_the_position() {
    let a = K.ok(&["play", "--seed", "1", "ts>T1"]);
    assert!(a.contains("\nt1: Ts\n") && a.contains("reserve: 8h Kh 9d 5c - 3d 9h\n"), "{a}");
    assert_eq!(K.ok(&["play", "--seed", "1", "Ts>t1", "UNDO"]), DEAL_1);
    let p = file("deal1b.txt", DEAL_1);
    assert_eq!(K.ok(&["play", &p, "Ts>t1", "undo"]), DEAL_1);
    // The file's position is the start: nothing to take back.
    let e = bad(K.run(&["play", &p, "undo"]), "undo at the start");
    assert!(e.contains("undo"), "{e}");
    // Options go with --seed only.
    let off = K.ok(&["play", "--seed", "1", "--no-auto"]);
    assert!(off.contains("auto: no\n"));
}

#[test]
fn play_refuses_an_illegal_move_with_one_line_and_exit_2() {
    let e = bad(K.run(&["play", "--seed", "1", "Ts>t1", "Ks>t2"]), "Ks is covered");
    assert!(e.contains("move 2") && e.contains("Ks"), "{e}");
}

#[test]
fn solve_gives_a_winning_line_that_play_confirms() {
    let out = K.ok(&["solve", "1"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("verdict: winnable"));
    assert!(lines.next().unwrap().starts_with("nodes: "));
    let moves: Vec<&str> = lines.next().unwrap().strip_prefix("moves: ").unwrap().split(' ').collect();
    let mut args = vec!["play", "--seed", "1"];
    args.extend(moves);
    assert!(K.ok(&args).ends_with("status: won\n"));
}

#[test]
fn solve_says_unknown_past_its_budget() {
    assert_eq!(K.ok(&["solve", "1", "--budget", "10"]).lines().next(), Some("verdict: unknown"));
}

#[test]
fn stats_gives_the_win_rate_with_an_interval() {
    let out = K.ok(&["stats", "--games", "3", "--player", "solver", "--start-rank", "3"]);
    assert!(out.contains("game: albert start: 3 auto: yes\n"), "{out}");
    assert!(
        out.contains("won: ") && out.contains("95% CI") && out.contains("lost: ") && out.contains("unknown: "),
        "{out}"
    );
    let out = K.ok(&["stats", "--games", "3", "--first", "5"]);
    assert!(out.starts_with("player: fair\n") && out.contains("games: 3 (deals 5..7)\n"), "{out}");
}

#[test]
fn bad_input_gives_one_line_and_exit_2() {
    let p = file("deal1c.txt", DEAL_1);
    let cases: &[&[&str]] = &[
        &[],
        &["deal"],
        &["deal", "x"],
        &["deal", "-1"],
        &["deal", "01"],
        &["deal", "4294967296"],
        &["deal", "1", "--start-rank"],
        &["deal", "1", "--start-rank", "6"],
        &["deal", "1", "--start-rank", "ace"],
        &["deal", "1", "--frobnicate"],
        &["deal", "1", "2"],
        &["legal"],
        &["legal", "/nonexistent/file"],
        &["play"],
        &["play", "--seed"],
        &["play", "--seed", "1", "Qd>t0"],
        &["play", "--seed", "1", "undo"],
        &["play", "--seed", "1", "10s>t1"],
        &["play", &p, "--no-auto"],
        &["solve"],
        &["solve", "1", "--budget"],
        &["stats"],
        &["stats", "--games", "0"],
        &["stats", "--games", "2", "--player", "oracle"],
        &["frobnicate"],
    ];
    for c in cases {
        bad(K.run(c), &format!("{c:?}"));
    }
    for text in [
        "",
        "game: albert\n",
        "game: kingdoms\n",
        &DEAL_1.replace("t2: Th", "t2: Td"),
        &DEAL_1.replace("auto: yes", "auto: maybe"),
    ] {
        let e = bad(K.run_stdin(&["legal", "-"], text), text);
        assert!(e.contains("stdin"), "{e}");
    }
    // An automatic move due with auto: yes: unreachable.
    let due = DEAL_1.replace("foundations: - - Ad Ac", "foundations: - - Ad -").replace("t1:", "t1: Ac");
    bad(K.run_stdin(&["legal", "-"], &due), "auto due");
}

/// `--player hint` plays the console's hint move after move: with no
/// pondering the quick answer alone (the solver within 700 nodes, else the
/// fair player), with two seconds of looking before each move a deep
/// answer (a win the solver found past the quick answer, its table kept
/// from move to move) replaces it at times, and more deals are won.
#[test]
fn the_hint_player_deepens_with_the_frames_the_player_looks() {
    let line = |out: &str, head: &str| out.lines().find_map(|l| l.strip_prefix(head)).unwrap_or("").to_string();
    let won = |out: &str| line(out, "won: ").split(' ').next().unwrap_or("").parse::<u32>().unwrap();
    let quick = K.ok(&["stats", "--games", "10", "--player", "hint", "--ponder-frames", "0"]);
    assert!(quick.starts_with("player: hint (the console's, 0 frames of pondering before each move: 0 units)"));
    assert!(line(&quick, "deep answers: ").starts_with("0 of "), "{quick}");
    let looked = K.ok(&["stats", "--games", "10", "--player", "hint", "--ponder-frames", "120"]);
    assert!(looked.starts_with("player: hint (the console's, 120 frames of pondering before each move: 1200 units)"));
    assert!(!line(&looked, "deep answers: ").starts_with("0 "), "{looked}");
    assert!(won(&looked) > won(&quick), "{quick}\n{looked}");
}
