//! A Farewell to Kings: the platform-neutral game library.
//!
//! - [`input`]: the pad's buttons as a platform-neutral set, with
//!   pressed-this-frame edges and D-pad auto-repeat.
//! - [`cards`]: the card layer the games share: cards, suits, colours, the
//!   deal generator.
//! - [`games`]: the games of the collection, each its rules, notation and
//!   players.
//! - [`clock`]: the root counters' arithmetic (intervals across the
//!   fine counter's wrap).
//! - [`draw`]: what the screen shows, as a list the PS1 layer turns into GPU packets.
//! - [`frame`]: the frame scheduler: a frame's work, its order, and the
//!   hint's thinking budget (the unit of thinking, [`frame::Units`]).
//! - [`perf`]: the frame meter behind the `AFTK PERF` line.
//! - [`log`]: the event log lines (docs/rules/collection.md, "The event log
//!   on the console").
//! - [`logring`]: the event log kept in RAM for readers of the console's
//!   memory.
//! - [`ui`]: screens, cursor, menus, animations; drawn into a [`draw::DrawList`].
//! - [`sound`]: sound events, volumes and the song sequencer (the SPU is
//!   the PS1 layer's).
//! - [`settings`]: what the player sets: the game, card faces, options.
//! - [`save`]: the save record (settings, game in progress, statistics).
//! - [`memcard`]: the PS1 memory card's file system, as bytes.
//! - [`sio`]: the controller port's byte exchange, as the order of its
//!   register reads and writes (the registers are the PS1 layer's).
//!
//! Nothing here touches hardware: the PS1 layer lives in the binary
//! (`src/main.rs`, `src/ps1/`), and host tests run this library under std.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// The notation's errors carry their message as text in a fixed buffer
// (`text::Message`: no allocation, the same on the PS1), so they are large
// by design; they are made only on bad input, never in a search.
#![allow(clippy::result_large_err)]
// Loops over regions, stacks and values index several arrays by the same
// number, as the rules count them: kept as index loops.
#![allow(clippy::needless_range_loop)]

#[macro_use]
pub mod out;
pub mod atlas;
pub mod cards;
pub mod clock;
pub mod draw;
pub mod frame;
pub mod games;
pub mod input;
pub mod log;
pub mod logring;
pub mod lz;
pub mod memcard;
pub mod perf;
pub mod save;
pub mod settings;
pub mod sio;
pub mod sound;
pub mod ui;
pub mod winnable;

/// The game's version, as the event log's `AFTK BOOT` line reports it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
