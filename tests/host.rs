//! The library's host integration tests, one test binary: each former test
//! file (`tests/<name>.rs`) is a module here, compiled and linked once
//! instead of some forty times (`make test`'s time, issue 25). A test is
//! named `<file>::<test>`: `cargo test --test host engine_rules::` runs one
//! file. The files stay where they were, so proptest still finds its
//! regression files beside them (`tests/<name>.proptest-regressions`).
//!
//! `autotests = false` (Cargo.toml): a file in tests/ is compiled only as a
//! module listed here, and `every_test_file_is_listed` fails for one that
//! is not.

#[path = "albert_properties.rs"]
mod albert_properties;
#[path = "albert_rules.rs"]
mod albert_rules;
#[path = "albert_search.rs"]
mod albert_search;
#[path = "atlas.rs"]
mod atlas;
#[path = "cards.rs"]
mod cards;
#[path = "catalogue.rs"]
mod catalogue;
#[path = "corners_players.rs"]
mod corners_players;
#[path = "corners_properties.rs"]
mod corners_properties;
#[path = "corners_rules.rs"]
mod corners_rules;
#[path = "corners_solver.rs"]
mod corners_solver;
#[path = "draw.rs"]
mod draw;
#[path = "engine_properties.rs"]
mod engine_properties;
#[path = "engine_rng.rs"]
mod engine_rng;
#[path = "engine_rules.rs"]
mod engine_rules;
#[path = "engine_solver.rs"]
mod engine_solver;
#[path = "farewell_properties.rs"]
mod farewell_properties;
#[path = "input.rs"]
mod input;
#[path = "kingdoms_players.rs"]
mod kingdoms_players;
#[path = "kingdoms_properties.rs"]
mod kingdoms_properties;
#[path = "kingdoms_rules.rs"]
mod kingdoms_rules;
#[path = "layout.rs"]
mod layout;
#[path = "lz.rs"]
mod lz;
#[path = "memcard.rs"]
mod memcard;
#[path = "save.rs"]
mod save;
#[path = "search.rs"]
mod search;
#[path = "sound.rs"]
mod sound;
#[path = "ui.rs"]
mod ui;
#[path = "ui_albert.rs"]
mod ui_albert;
#[path = "ui_corners.rs"]
mod ui_corners;
#[path = "ui_kingdoms.rs"]
mod ui_kingdoms;
#[path = "ui_save.rs"]
mod ui_save;
#[path = "ui_sound.rs"]
mod ui_sound;
#[path = "winnable.rs"]
mod winnable;

/// Every `tests/*.rs` but this one is a module of this binary: a file left
/// out would never be compiled or run.
#[test]
fn every_test_file_is_listed() {
    let me = include_str!("host.rs");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".rs") && name != "host.rs" && !me.contains(&format!("#[path = \"{name}\"]")) {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "tests/host.rs does not list {missing:?}");
}
