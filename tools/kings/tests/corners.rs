//! `kings corners` as a user runs it: the binary, its output, its exit
//! status (docs/rules/corners.md, docs/rules/collection.md).

mod support;

use support::{bad, Kings};

const K: Kings = Kings("corners");

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
    assert_eq!(K.ok(&["deal", "1"]), DEAL_1);
}

#[test]
fn legal_lists_the_sixteen_cells_for_a_number_card_in_byte_order() {
    let p = file("deal1.txt", DEAL_1);
    let out = K.ok(&["legal", &p]);
    let lines: Vec<&str> = out.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines.len(), 16);
    assert!(lines.iter().all(|l| l.starts_with("Ac@r")));
}

#[test]
fn legal_reads_standard_input() {
    let o = K.run_stdin(&["legal", "-"], DEAL_1);
    assert!(o.status.success());
    assert_eq!(String::from_utf8(o.stdout).unwrap().lines().count(), 16);
}

#[test]
fn play_places_and_draws_the_next_card() {
    let out = K.ok(&["play", "--seed", "1", "Ac@r1c1"]);
    assert!(out.contains("\n. Ac . .\n") && out.contains("next: Th\n"), "{out}");
    // Either case, from a file, and undo brings the deal back.
    let p = file("deal1b.txt", DEAL_1);
    assert_eq!(K.ok(&["play", &p, "AC@R1C1", "undo"]), DEAL_1);
}

#[test]
fn the_solvers_winning_line_replays_to_a_win() {
    let out = K.ok(&["solve", "19"]);
    assert!(out.starts_with("verdict: winnable\nnodes: "), "{out}");
    let moves = out.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    let mut args = vec!["play", "--seed", "19"];
    args.extend(moves.split(' '));
    assert!(K.ok(&args).ends_with("status: won\n"));
}

#[test]
fn solve_answers_unknown_past_its_budget() {
    assert_eq!(K.ok(&["solve", "1", "--budget", "10"]), "verdict: unknown\nnodes: 10\n");
}

#[test]
fn stats_prints_the_win_rate_with_its_interval_for_both_players() {
    let fair = K.ok(&["stats", "--games", "20", "--player", "fair"]);
    assert!(fair.starts_with("player: fair\ngame: corners\ngames: 20 (deals 1..20)\nwon: "), "{fair}");
    assert!(fair.contains("95% CI"));
    let solver = K.ok(&["stats", "--games", "3", "--first", "17", "--player", "solver", "--budget", "100000"]);
    assert!(solver.contains("games: 3 (deals 17..19)\n") && solver.contains("\nunknown: "), "{solver}");
}

#[test]
fn bad_input_gets_one_line_and_exit_status_2() {
    let e = bad(K.run(&["deal", "x"]), "deal x");
    assert!(e.contains("\"x\" is not a deal number"));
    bad(K.run(&["deal"]), "no seed");
    bad(K.run(&["deal", "1", "--start-rank", "A"]), "an option corners has not");
    bad(K.run(&["legal", "/nonexistent/corners.txt"]), "no file");
    bad(K.run(&["legal", &file("broken.txt", "game: corners\n")]), "no rows");
    let e = bad(K.run(&["play", "--seed", "1", "Ac@r9c1"]), "no such cell");
    assert!(e.contains("not a cell"), "{e}");
    let e = bad(K.run(&["play", "--seed", "1", "Th@r0c0"]), "not the drawn card");
    assert!(e.contains("Th is not the drawn card (Ac is)"), "{e}");
    bad(K.run(&["play", "--seed", "1", "clear:Ts"]), "matching too early");
    bad(K.run(&["play", "--seed", "1", "undo"]), "nothing to undo");
    bad(K.run(&["solve", "1", "--budget", "-3"]), "negative budget");
    bad(K.run(&["stats", "--games", "0"]), "no games");
    bad(K.run(&["stats", "--games", "2", "--player", "oracle"]), "no such player");
    bad(K.run(&["frobnicate"]), "no such command");
}

/// `--player hint` at 0 frames of pondering plays the console's quick
/// hint, the rules of thumb (the fair player's wins, deal for deal), and
/// with two seconds a deep answer replaces it at times.
#[test]
fn the_hint_player_at_no_pondering_is_the_rules_of_thumb_and_deepens_with_time() {
    let won = |out: &str| out.lines().find(|l| l.starts_with("won: ")).map(str::to_string);
    let fair = K.ok(&["stats", "--games", "40", "--first", "2001"]);
    let quick = K.ok(&["stats", "--games", "40", "--first", "2001", "--player", "hint", "--ponder-frames", "0"]);
    assert_eq!(won(&quick), won(&fair), "{quick}\n{fair}");
    assert!(quick.contains("deep answers: 0 of "), "{quick}");
    let looked = K.ok(&["stats", "--games", "10", "--first", "2001", "--player", "hint", "--ponder-frames", "120"]);
    assert!(looked.starts_with("player: hint (the console's, 120 frames of pondering"), "{looked}");
    let deep = looked.lines().find_map(|l| l.strip_prefix("deep answers: ")).unwrap_or("0");
    assert!(!deep.starts_with("0 "), "{looked}");
    bad(K.run(&["stats", "--games", "2", "--ponder-frames", "60"]), "pondering without the hint player");
}
