//! The fair player.
