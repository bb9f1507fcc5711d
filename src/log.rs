//! The PS1 event log (docs/rules/collection.md), as text: the same lines
//! for every game of the collection, through [`crate::games::Patience`].
//!
//! The PS1 layer hands these lines to the BIOS TTY; host tests read them
//! back. Writing them here, not in the PS1 layer, keeps the format in one
//! place and under test.

use crate::games::{Patience, Status};
use crate::out::{Out, Text};
use core::fmt::{self, Write};

/// Something a move did besides itself, logged on a line of its own
/// between `AFTK MOVE` and the position: A Farewell to Kings' books
/// (`AFTK BOOK 3`) and orphans (`AFTK ORPHAN 7h`).
pub struct Note<'a> {
    /// The line's word after `AFTK`.
    pub tag: &'static str,
    /// What it names.
    pub what: &'a dyn Text,
}

/// Writes `AFTK NEW game=<id> seed=<n>`, then ` ` and the options in the
/// game's words when it has any ([`Patience::write_options`]:
/// `grid=12x8 kings=centre easy=no`, `start=none auto=yes`).
pub fn write_new<G: Patience>(seed: u32, options: G::Options, out: &mut dyn Out) -> fmt::Result {
    put!(out, "AFTK NEW game=", G::ID, " seed=", seed)?;
    let mut words: heapless::String<64> = heapless::String::new();
    let _ = G::write_options(options, &mut words);
    if !words.is_empty() {
        put!(out, " ", words)?;
    }
    out.put_str("\n")
}

/// Writes `AFTK POS` and the position, each line prefixed `AFTK | `.
pub fn write_pos<G: Patience>(g: &G, out: &mut dyn Out) -> fmt::Result {
    out.put_str("AFTK POS\n")?;
    let mut p = Prefixed::new(out);
    g.write_position(&mut p)?;
    p.finish()
}

/// Writes the position a deal opened with (or a resumed game's) or the one
/// a move left: `AFTK POS` and the position, then `AFTK END` when the game
/// is over (a deal can have no legal move from the start).
///
/// The screens write it the frame after the deal or the move (or before
/// the next move, whichever comes first): formatting a 14x9 position takes
/// about 2 ms on the console, and the frame of a move has its own work.
pub fn write_after<G: Patience>(g: &G, out: &mut dyn Out) -> fmt::Result {
    write_pos(g, out)?;
    write_end(g, out)
}

/// Writes a move: `AFTK MOVE` and its notes. Its position follows
/// ([`write_after`]).
pub fn write_move(m: &dyn Text, notes: &[Note], out: &mut dyn Out) -> fmt::Result {
    put!(out, "AFTK MOVE ", m, "\n")?;
    for n in notes {
        put!(out, "AFTK ", n.tag, " ", n.what, "\n")?;
    }
    Ok(())
}

/// Writes `AFTK END won` or `AFTK END lost: <reason>` when the game is over.
pub fn write_end<G: Patience>(g: &G, out: &mut dyn Out) -> fmt::Result {
    match g.status() {
        Status::Won => out.put_str("AFTK END won\n"),
        Status::Lost(l) => put!(out, "AFTK END lost: ", l, "\n"),
        Status::Playing => Ok(()),
    }
}

/// What starts each line of a position in the log.
const PREFIX: &str = "AFTK | ";

/// A writer that starts every line with `AFTK | ` and hands each line on
/// whole: a position is written as hundreds of pieces of one or two
/// letters, and on the PS1 each piece handed down the log's writers cost
/// several microseconds (a 14x9 position took milliseconds of a frame).
struct Prefixed<'a> {
    out: &'a mut dyn Out,
    /// The line so far, from its prefix; empty when a line too long for it
    /// has been handed on in part.
    line: heapless::String<128>,
}

impl<'a> Prefixed<'a> {
    fn new(out: &'a mut dyn Out) -> Self {
        let mut line = heapless::String::new();
        let _ = line.push_str(PREFIX);
        Prefixed { out, line }
    }

    /// Hands on a last line that did not end with a newline.
    fn finish(self) -> fmt::Result {
        if self.line.as_str() != PREFIX && !self.line.is_empty() {
            self.out.put_str(&self.line)?;
        }
        Ok(())
    }
}

impl Write for Prefixed<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut rest = s;
        while !rest.is_empty() {
            // The next piece: up to and with a newline, or what is left.
            let end = rest.bytes().position(|b| b == b'\n').map_or(rest.len(), |n| n + 1);
            let (piece, after) = rest.split_at(end);
            rest = after;
            let whole_line = piece.ends_with('\n');
            if whole_line && self.line.as_str() == PREFIX {
                // A whole line at the start of one (how positions are
                // written): handed on as it is, behind the prefix, without
                // a copy (the copy and the search for newlines by `char`
                // would be 0.8 ms of a 14x9 move's frame on the PS1).
                self.out.put_str(PREFIX)?;
                self.out.put_str(piece)?;
                continue;
            }
            if self.line.push_str(piece).is_err() {
                // Longer than the buffer: what is gathered, then the piece.
                self.out.put_str(&self.line)?;
                self.out.put_str(piece)?;
                self.line.clear();
            }
            if whole_line {
                if !self.line.is_empty() {
                    self.out.put_str(&self.line)?;
                }
                self.line.clear();
                let _ = self.line.push_str(PREFIX);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::format;
    use std::string::String;

    fn prefixed(pieces: &[&str]) -> String {
        let mut out = String::new();
        let mut p = Prefixed::new(&mut out);
        pieces.iter().try_for_each(|s| p.write_str(s)).unwrap();
        p.finish().unwrap();
        out
    }

    #[test]
    fn every_line_of_a_position_is_prefixed_whatever_the_pieces() {
        assert_eq!(prefixed(&["a: 1", " 2\nb:", " 3\n"]), "AFTK | a: 1 2\nAFTK | b: 3\n");
        assert_eq!(prefixed(&["a\nb\n\nc"]), "AFTK | a\nAFTK | b\nAFTK | \nAFTK | c");
        assert_eq!(prefixed(&[]), "");
    }

    #[test]
    fn a_line_longer_than_the_buffer_is_handed_on_whole_and_prefixed_once() {
        let long = "x".repeat(300);
        let text = format!("{long}\nshort\n");
        let pieces: std::vec::Vec<String> = text.chars().map(String::from).collect();
        let pieces: std::vec::Vec<&str> = pieces.iter().map(|s| s.as_str()).collect();
        let expected = format!("AFTK | {long}\nAFTK | short\n");
        assert_eq!(prefixed(&pieces), expected);
        assert_eq!(prefixed(&[&text]), expected);
    }
}
