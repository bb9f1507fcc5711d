//! `kings` with the toy fifth game of the `fifth-game` feature: the game's
//! line in the list and its file here are all `kings` needs
//! (tests/fifth_game.rs).

use std::process::{Command, Output};

fn kings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kings")).args(args).output().unwrap()
}

fn ok(o: Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn kings_lists_deals_plays_solves_and_counts_the_fifth_game() {
    assert_eq!(ok(kings(&["games"])), "farewell\ncorners\nalbert\nkingdoms\ntoy\n");
    assert!(ok(kings(&["--help"])).contains("\n  toy       Toy Patience\n"));
    let deal = ok(kings(&["toy", "deal", "3"]));
    assert!(deal.starts_with("game: toy\nstock: ") && deal.ends_with("home: 0 0 0 0\nstatus: playing\n"), "{deal}");
    // Deal 3 turns 3c first; 9c lies on top of the stock.
    assert!(deal.contains("\nstock: 9c Ad ") && deal.contains("\nwaste: 3c\n"), "{deal}");
    let played = ok(kings(&["toy", "play", "--seed", "3", "turn", "turn", "undo"]));
    assert!(played.contains("\nwaste: 3c 9c\n"), "{played}");
    let solved = ok(kings(&["toy", "solve", "3"]));
    assert!(solved.starts_with("verdict: "), "{solved}");
    let stats = ok(kings(&["toy", "stats", "--games", "20", "--player", "fair"]));
    assert!(stats.contains("20"), "{stats}");
    assert_eq!(ok(kings(&["toy", "sets"])), "count 0 tries 0 budget 0\n0\n");
}
