//! `kings kingdoms` as a user runs it: the binary, its output, its exit status.

mod support;

use support::{bad, Kings};

const K: Kings = Kings("kingdoms");

/// Deal 1, as `tests/golden/kingdoms_deal_1.txt` pins it.
const DEAL_1: &str = include_str!("../../../tests/golden/kingdoms_deal_1.txt");

fn file(name: &str, text: &str) -> String {
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kings-kingdoms-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn deal_prints_the_opening_position() {
    assert_eq!(K.ok(&["deal", "1"]), DEAL_1);
    assert!(K.ok(&["deal", "4294967295"]).starts_with("game: kingdoms\n"));
}

#[test]
fn legal_prints_every_legal_move_in_byte_order_and_each_plays() {
    let p = file("deal1.txt", DEAL_1);
    let out = K.ok(&["legal", &p]);
    let lines: Vec<&str> = out.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(lines, sorted);
    // Deal 1: the king of diamonds to its castle, and the first draw.
    assert!(lines.contains(&"Kd>f") && lines.contains(&"draw"), "{out}");
    assert!(!lines.contains(&"undo"));
    for m in &lines {
        K.ok(&["play", &p, m]);
    }
    // The ace of hearts is a dragon: nothing goes on it.
    assert!(!lines.iter().any(|m| m.ends_with(">p5")));
    let o = K.run_stdin(&["legal", "-"], DEAL_1);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), out);
}

#[test]
fn play_applies_moves_and_undo_and_prints_the_position() {
    let a = K.ok(&["play", "--seed", "1", "KD>F", "draw"]);
    assert!(
        a.contains("\ncastle: - - Kd -\n") && a.contains("\np6: (2d) (8c) 6s\n") && a.contains("\nwaste: 6d\n"),
        "{a}"
    );
    assert_eq!(K.ok(&["play", "--seed", "1", "Kd>f", "draw", "undo", "UNDO"]), DEAL_1);
    let p = file("deal1b.txt", DEAL_1);
    assert_eq!(K.ok(&["play", &p, "draw", "undo"]), DEAL_1);
    let e = bad(K.run(&["play", &p, "undo"]), "undo at the start");
    assert!(e.contains("nothing to take back"), "{e}");
}

#[test]
fn play_refuses_an_illegal_move_with_its_reason() {
    let e = bad(K.run(&["play", "--seed", "1", "Ah>f"]), "the ace waits");
    assert!(e.contains("move 1") && e.contains("the ace of hearts waits for K, Q, J and 10 of hearts"), "{e}");
    let e = bad(K.run(&["play", "--seed", "1", "draw", "6d>p5"]), "a dragon");
    assert!(e.contains("move 2") && e.contains("dragon"), "{e}");
}

#[test]
fn solve_gives_a_winning_line_that_play_confirms() {
    let out = K.ok(&["solve", "6"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("verdict: winnable"));
    assert!(lines.next().unwrap().starts_with("nodes: "));
    let moves: Vec<&str> = lines.next().unwrap().strip_prefix("moves: ").unwrap().split(' ').collect();
    let mut args = vec!["play", "--seed", "6"];
    args.extend(moves);
    assert!(K.ok(&args).ends_with("status: won\n"));
}

#[test]
fn solve_says_unknown_past_its_budget_and_proves_a_loss() {
    assert_eq!(K.ok(&["solve", "1", "--budget", "10"]).lines().next(), Some("verdict: unknown"));
    assert_eq!(K.ok(&["solve", "5"]).lines().next(), Some("verdict: not winnable"));
}

#[test]
fn stats_gives_the_win_rate_with_an_interval() {
    let out = K.ok(&["stats", "--games", "3", "--player", "solver", "--budget", "100000"]);
    assert!(out.contains("won: ") && out.contains("95% CI") && out.contains("unknown: "), "{out}");
    let out = K.ok(&["stats", "--games", "20", "--first", "5"]);
    assert!(out.starts_with("player: fair\n") && out.contains("games: 20 (deals 5..24)\n"), "{out}");
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
        &["deal", "1", "--frobnicate"],
        &["deal", "1", "2"],
        &["legal"],
        &["legal", "/nonexistent/file"],
        &["play"],
        &["play", "--seed"],
        &["play", "--seed", "1", "Kd>p0"],
        &["play", "--seed", "1", "Kd>p8"],
        &["play", "--seed", "1", "Kd>p03"],
        &["play", "--seed", "1", "Kd>x"],
        &["play", "--seed", "1", "10d>f"],
        &["play", "--seed", "1", "undo"],
        &["play", &p, "--seed"],
        &["solve"],
        &["solve", "1", "--budget"],
        &["solve", "1", "--budget", "x"],
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
        "game: kingdoms\n",
        "game: albert\n",
        &DEAL_1.replace("p1: (Ac)", "p1: (Ad)"),
        &DEAL_1.replace("p1: (Ac) (4h) (Qd) 7s", "p1: (Ac) (4h) (Qd) (7s)"),
        &DEAL_1.replace("talon: 6d", "talon: (6d)"),
        &DEAL_1.replace("tower: - - - -", "tower: - - - - -"),
    ] {
        let e = bad(K.run_stdin(&["legal", "-"], text), text);
        assert!(e.contains("stdin"), "{e}");
    }
}
