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

#[path = "atlas.rs"]
mod atlas;
#[path = "clock.rs"]
mod clock;
#[path = "draw.rs"]
mod draw;
#[path = "support/driver.rs"]
mod driver;
#[path = "frame.rs"]
mod frame;
#[path = "guided.rs"]
mod guided;
#[path = "input.rs"]
mod input;
#[path = "layout.rs"]
mod layout;
#[path = "logring.rs"]
mod logring;
#[path = "lz.rs"]
mod lz;
#[path = "memcard.rs"]
mod memcard;
#[path = "options_help.rs"]
mod options_help;
#[path = "pause.rs"]
mod pause;
#[path = "save.rs"]
mod save;
#[path = "support/screens.rs"]
mod screens;
#[path = "sio.rs"]
mod sio;
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
#[path = "ui_voice.rs"]
mod ui_voice;
