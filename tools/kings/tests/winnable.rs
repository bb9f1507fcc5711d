//! The console's "winnable deals only" tables of King's Corners, King
//! Albert and Four Kingdoms (`farewell::winnable`, made by tools/mkwinnable
//! with `kings GAME winnable`), proved again: a sample of each option set's
//! deals is solved with `kings GAME solve` at the budget the table was made
//! with, and the winning line is replayed with `kings GAME play` to
//! `status: won`. Also `kings GAME winnable` itself.

use farewell::games::{albert, Patience};
use farewell::settings::GameId;
use farewell::winnable::table;
use std::process::Command;

/// The node budgets tools/mkwinnable proves each game's deals with.
const CORNERS_BUDGET: u64 = 200_000;
const ALBERT_BUDGET: u64 = 2_000_000;
const KINGDOMS_BUDGET: u64 = 200_000;

fn kings(args: &[String]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_kings")).args(args).output().unwrap();
    assert!(o.status.success(), "kings {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// The command-line options of an option code of `game`.
fn options_args(game: GameId, code: u8) -> Vec<String> {
    match game {
        GameId::Albert => {
            let o = albert::Game::options_from_code(code).unwrap();
            let mut v = strings(&["--start-rank", o.start.name()]);
            if !o.auto {
                v.push("--no-auto".into());
            }
            v
        }
        _ => {
            assert_eq!(code, 0, "{game:?} has one option set");
            Vec::new()
        }
    }
}

/// Solves `seed` and replays the winning line: panics unless it wins.
fn prove(game: GameId, id: &str, seed: u32, options: &[String], budget: u64) {
    let mut args = strings(&[id, "solve", &seed.to_string()]);
    args.extend_from_slice(options);
    args.extend(strings(&["--budget", &budget.to_string()]));
    let out = kings(&args);
    assert!(out.starts_with("verdict: winnable\n"), "{game:?} {options:?} deal {seed}: {out}");
    let moves = out.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    let mut args = strings(&[id, "play", "--seed", &seed.to_string()]);
    args.extend_from_slice(options);
    args.extend(moves.split_whitespace().map(String::from));
    let pos = kings(&args);
    assert!(pos.ends_with("status: won\n"), "{game:?} {options:?} deal {seed}: the line does not win:\n{pos}");
}

/// The first and last deal of every option set, and every `every`th.
fn sample(game: GameId, id: &str, budget: u64, every: usize) {
    for e in table(game) {
        let seeds: Vec<u32> = e.seeds().collect();
        assert!(!seeds.is_empty(), "{game:?} code {}", e.code);
        let options = options_args(game, e.code);
        for (i, &seed) in seeds.iter().enumerate() {
            if i % every == 0 || i == seeds.len() - 1 {
                prove(game, id, seed, &options, budget);
            }
        }
    }
}

#[test]
fn kings_corners_table_deals_are_won_by_the_solvers_line() {
    sample(GameId::Corners, "corners", CORNERS_BUDGET, 25);
}

#[test]
fn king_albert_table_deals_are_won_by_the_solvers_line() {
    sample(GameId::Albert, "albert", ALBERT_BUDGET, 1000);
}

#[test]
fn four_kingdoms_table_deals_are_won_by_the_solvers_line() {
    sample(GameId::Kingdoms, "kingdoms", KINGDOMS_BUDGET, 25);
}

#[test]
fn winnable_lists_the_deals_the_solver_wins_and_says_what_it_tried() {
    let out = kings(&strings(&["kingdoms", "winnable", "--count", "3", "--tries", "20"]));
    let (seeds, rest): (Vec<&str>, Vec<&str>) = out.lines().partition(|l| !l.starts_with('#'));
    assert_eq!(seeds.len(), 3, "{out}");
    assert_eq!(rest.len(), 1, "{out}");
    let tried: u32 = rest[0].strip_prefix("# tried ").unwrap().split(' ').next().unwrap().parse().unwrap();
    assert_eq!(seeds.last().unwrap().parse::<u32>().unwrap(), tried, "it stops at the third proven deal");
    assert!(rest[0].contains("proven winnable 3,"), "{out}");
    for s in seeds {
        let v = kings(&strings(&["kingdoms", "solve", s]));
        assert!(v.starts_with("verdict: winnable"), "deal {s}: {v}");
    }
    // Game options and --first are taken.
    let a = kings(&strings(&["albert", "winnable", "--count", "2", "--start-rank", "4", "--first", "10"]));
    assert!(a.lines().take(2).all(|l| l.parse::<u32>().is_ok_and(|n| n >= 10)), "{a}");
    let o = Command::new(env!("CARGO_BIN_EXE_kings")).args(["corners", "winnable"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("usage: kings corners winnable"));
}
