//! The library's host integration tests, in two test binaries:
//! `tests/games.rs` (the games' rules, properties, players, solvers) and
//! `tests/interface.rs` (the UI, screens, saves, memory card, sound, art).
//! Each test file `tests/<name>.rs` is a module of one of them, so the
//! tests compile and link twice instead of some forty times (`make test`'s
//! time, issue 25). A test is named `<file>::<test>`: `cargo test --test
//! games farewell_rules::` runs one file. The files stay where they were, so
//! proptest still finds its regression files beside them
//! (`tests/<name>.proptest-regressions`).
//!
//! `autotests = false` (Cargo.toml): a file in tests/ is compiled only as a
//! module listed in one of the two, and `every_test_file_is_listed` (in
//! tests/games.rs) fails for one that is not. The pad driver the UI tests
//! of both share, `tests/support/driver.rs`, is a module of each.

#[path = "albert_properties.rs"]
mod albert_properties;
#[path = "albert_rules.rs"]
mod albert_rules;
#[path = "albert_search.rs"]
mod albert_search;
#[path = "cards.rs"]
mod cards;
#[path = "catalogue.rs"]
mod catalogue;
#[path = "corners_judge.rs"]
mod corners_judge;
#[path = "corners_players.rs"]
mod corners_players;
#[path = "corners_properties.rs"]
mod corners_properties;
#[path = "corners_rules.rs"]
mod corners_rules;
#[path = "corners_solver.rs"]
mod corners_solver;
#[path = "corners_support.rs"]
mod corners_support;
#[path = "support/driver.rs"]
mod driver;
#[path = "farewell_hints.rs"]
mod farewell_hints;
#[path = "farewell_patience.rs"]
mod farewell_patience;
#[path = "farewell_properties.rs"]
mod farewell_properties;
#[path = "farewell_rng.rs"]
mod farewell_rng;
#[path = "farewell_rules.rs"]
mod farewell_rules;
#[path = "farewell_solver.rs"]
mod farewell_solver;
#[path = "kingdoms_players.rs"]
mod kingdoms_players;
#[path = "kingdoms_properties.rs"]
mod kingdoms_properties;
#[path = "kingdoms_rules.rs"]
mod kingdoms_rules;
#[path = "support/screens.rs"]
mod screens;
#[path = "search.rs"]
mod search;
#[path = "winnable.rs"]
mod winnable;

/// Every `tests/*.rs` but the two binaries is a module of exactly one of
/// them: a file left out would never be compiled or run.
#[test]
fn every_test_file_is_listed() {
    let binaries = [include_str!("games.rs"), include_str!("interface.rs")];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        // fifth_game.rs: a binary of its own, built with the `fifth-game`
        // feature (Cargo.toml).
        if !name.ends_with(".rs") || ["games.rs", "interface.rs", "fifth_game.rs"].contains(&name.as_str()) {
            continue;
        }
        let line = format!("#[path = \"{name}\"]");
        if binaries.iter().filter(|b| b.contains(&line)).count() != 1 {
            wrong.push(name);
        }
    }
    assert!(wrong.is_empty(), "not a module of exactly one test binary: {wrong:?}");
}
