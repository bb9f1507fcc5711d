//! The PS1 event log (docs/rules/collection.md), as text: A Farewell to
//! Kings' lines, and the same lines for any game of the collection through
//! [`crate::games::Patience`].
//!
//! The PS1 layer hands these lines to the BIOS TTY; host tests read them
//! back. Writing them here, not in the PS1 layer, keeps the format in one
//! place and under test.

use crate::games::farewell::notation::{write_position, write_status};
use crate::games::farewell::{Game, Move, Options, Outcome, Status};
use crate::games::{Patience, Status as GameStatus};
use core::fmt::{self, Write};

/// Writes `AFTK NEW seed=<n> grid=<W>x<H> kings=<start> easy=<yes|no>`.
pub fn write_new(seed: u32, o: Options, out: &mut impl Write) -> fmt::Result {
    writeln!(
        out,
        "AFTK NEW seed={seed} grid={}x{} kings={} easy={}",
        o.width,
        o.height,
        o.kings.name(),
        if o.easy { "yes" } else { "no" }
    )
}

/// Writes `AFTK POS` and the position, each line prefixed `AFTK | `.
pub fn write_pos(g: &Game, out: &mut impl Write) -> fmt::Result {
    out.write_str("AFTK POS\n")?;
    let mut prefixed = Prefixed { out, at_line_start: true };
    write_position(g, &mut prefixed)
}

/// Writes the lines of one applied move: `AFTK MOVE`, then `AFTK BOOK` for
/// each book removed and `AFTK ORPHAN` for each orphan lifted, the position,
/// and `AFTK END` if the move ended the game.
pub fn write_move(m: Move, outcome: &Outcome, g: &Game, out: &mut impl Write) -> fmt::Result {
    writeln!(out, "AFTK MOVE {m}")?;
    for b in &outcome.books {
        writeln!(out, "AFTK BOOK {}", b.rank)?;
    }
    for (card, _) in &outcome.orphans {
        writeln!(out, "AFTK ORPHAN {card}")?;
    }
    write_pos(g, out)?;
    if m != Move::Undo {
        write_end(g.status(), out)?;
    }
    Ok(())
}

/// Writes `AFTK END won` or `AFTK END lost: <reason>` if the game is over.
pub fn write_end(s: Status, out: &mut impl Write) -> fmt::Result {
    match s {
        Status::Won => out.write_str("AFTK END won\n"),
        Status::Lost(l) => writeln!(out, "AFTK END lost: {}", l.describe()),
        _ => Ok(()),
    }
}

/// Writes a status the way a position's last line does (for the screen).
pub fn write_status_line(s: Status, out: &mut impl Write) -> fmt::Result {
    write_status(s, out)
}

/// Writes `AFTK NEW game=<id> seed=<n>`, then ` ` and `options` when they
/// are not empty (`start=none auto=yes`).
pub fn write_new_game<G: Patience>(seed: u32, options: &str, out: &mut impl Write) -> fmt::Result {
    write!(out, "AFTK NEW game={} seed={seed}", G::ID)?;
    if !options.is_empty() {
        write!(out, " {options}")?;
    }
    out.write_char('\n')
}

/// Writes `AFTK POS` and any game's position, each line prefixed `AFTK | `.
pub fn write_game_pos<G: Patience>(g: &G, out: &mut impl Write) -> fmt::Result {
    out.write_str("AFTK POS\n")?;
    let mut prefixed = Prefixed { out, at_line_start: true };
    g.write_position(&mut prefixed)
}

/// Writes a move of any game (`AFTK MOVE`, the position after it, and
/// `AFTK END` when it ended the game; an undo never ends one).
pub fn write_game_move<G: Patience>(m: &dyn fmt::Display, g: &G, out: &mut impl Write) -> fmt::Result {
    writeln!(out, "AFTK MOVE {m}")?;
    write_game_pos(g, out)?;
    match g.status() {
        GameStatus::Won => out.write_str("AFTK END won\n"),
        GameStatus::Lost(l) => writeln!(out, "AFTK END lost: {l}"),
        GameStatus::Playing => Ok(()),
    }
}

/// A writer that starts every line with `AFTK | `.
struct Prefixed<'a, W: Write> {
    out: &'a mut W,
    at_line_start: bool,
}

impl<W: Write> Write for Prefixed<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for piece in s.split_inclusive('\n') {
            if self.at_line_start {
                self.out.write_str("AFTK | ")?;
            }
            self.out.write_str(piece)?;
            self.at_line_start = piece.ends_with('\n');
        }
        Ok(())
    }
}
