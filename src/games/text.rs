//! What the collection's position notations share (docs/rules/collection.md):
//! the lines of a position (`#` comments and blank lines skipped, a
//! byte-order mark skipped, CRLF accepted), `key: value` lines with
//! case-insensitive keys given at most once, tokens split on spaces and
//! tabs, cards, numbers without leading zeros or signs, and the check that
//! all 52 cards are there exactly once. Errors name the line at fault.
//!
//! `no_std` and allocation-free: messages are kept in a fixed
//! [`heapless::String`], cut (never overflowing) when a message is longer.

use crate::cards::Card;
use crate::out::Out as _;
use core::fmt::{self, Write};
use heapless::String;

/// Longest message kept, in bytes (the rest is cut).
pub const MESSAGE: usize = 120;

/// A fixed-capacity message that cuts, rather than fails, when full.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message(String<MESSAGE>);

impl Message {
    /// The message from its pieces, written by the shared writer (the
    /// screen's refusals and hints): cut at a character when too long.
    pub fn of(pieces: &[&dyn crate::out::Text]) -> Message {
        let mut m = Message::default();
        for p in pieces {
            let _ = p.text(&mut m);
        }
        m
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Write for Message {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for ch in s.chars() {
            if self.0.push(ch).is_err() {
                break;
            }
        }
        Ok(())
    }
}

impl crate::out::Text for Message {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        f.put_str(&self.0)
    }
}

/// A position that was refused: the line at fault (1-based; 0 when the
/// problem is the position as a whole, such as missing cards) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// 1-based line number, or 0 for the position as a whole.
    pub line: usize,
    /// What is wrong, in words.
    pub message: Message,
}

impl PositionError {
    /// An error at `line` (0: the whole position).
    pub fn at(line: usize, pieces: &[&dyn crate::out::Text]) -> PositionError {
        PositionError { line, message: Message::of(pieces) }
    }
}

impl crate::out::Text for PositionError {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        if self.line > 0 {
            put!(f, "line ", self.line, ": ", self.message)
        } else {
            put!(f, self.message)
        }
    }
}

/// `Err(PositionError)` at a line, its message the pieces (each a
/// [`crate::out::Text`]) one after the other: `position_error!(n, "game: ", Quote(v), " is not corners")`.
#[macro_export]
macro_rules! position_error {
    ($line:expr $(, $x:expr)* $(,)?) => {
        Err($crate::games::text::PositionError::at($line, &[$(&$x),*]))
    };
}

/// A move that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError(pub Message);

impl MoveError {
    /// The error, its message the pieces one after the other.
    pub fn new(pieces: &[&dyn crate::out::Text]) -> MoveError {
        MoveError(Message::of(pieces))
    }
}

impl crate::out::Text for MoveError {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        crate::out::Text::text(&self.0, f)
    }
}

/// One line of a position worth reading: not blank, not a `#` comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based line number in the text.
    pub number: usize,
    /// The line, without its line end and without leading or trailing blanks.
    pub text: &'a str,
}

/// The lines of a position worth reading, in order: a byte-order mark at
/// the start is skipped, `\n` and `\r\n` both end a line, blank lines and
/// lines whose first non-blank character is `#` are skipped.
pub fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .map(|(i, l)| Line { number: i + 1, text: l.strip_suffix('\r').unwrap_or(l).trim_matches(BLANK) })
        .filter(|l| !l.text.is_empty() && !l.text.starts_with('#'))
}

/// The blanks that separate tokens: ASCII space and tab.
pub const BLANK: &[char] = &[' ', '\t'];

/// The tokens of a value, split on runs of spaces and tabs.
pub fn tokens(value: &str) -> impl Iterator<Item = &str> {
    value.split(BLANK).filter(|t| !t.is_empty())
}

/// Splits `key: value` into the key (as written, without blanks) and the
/// value (without surrounding blanks). `None` when there is no `:`.
pub fn key_value(line: &str) -> Option<(&str, &str)> {
    let (k, v) = line.split_once(':')?;
    Some((k.trim_matches(BLANK), v.trim_matches(BLANK)))
}

/// Keys seen so far, so that each comes at most once. A game lists its keys
/// in notation order; [`Keys::take`] matches case-insensitively.
pub struct Keys<'k> {
    names: &'k [&'k str],
    seen: u64,
}

impl<'k> Keys<'k> {
    /// The keys a game knows, at most 64.
    pub fn new(names: &'k [&'k str]) -> Keys<'k> {
        Keys { names, seen: 0 }
    }

    /// The index of `key` in the game's list, the first time it is seen;
    /// an error naming the line for an unknown or repeated key.
    pub fn take(&mut self, key: &str, line: usize) -> Result<usize, PositionError> {
        let Some(i) = self.names.iter().position(|n| n.eq_ignore_ascii_case(key)) else {
            return position_error!(line, "unknown key ", Quote(key));
        };
        let bit = 1u64 << (i % 64);
        if self.seen & bit != 0 {
            return position_error!(line, self.names[i], " given twice");
        }
        self.seen |= bit;
        Ok(i)
    }

    /// True once `name` (one of the game's keys) has been taken.
    pub fn seen(&self, name: &str) -> bool {
        self.names.iter().position(|n| *n == name).is_some_and(|i| self.seen & (1u64 << (i % 64)) != 0)
    }
}

/// Writes at most 24 characters of a token, with `…` when cut: error
/// messages stay one short line whatever the input.
pub struct Short<'a>(pub &'a str);

impl fmt::Debug for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::out::Text::text(&Quote(self.0), f)
    }
}

/// A token as [`Short`] cuts it, in quotes with `"` and `\\` escaped (as
/// `Debug` quotes a string), `…` after the quotes when cut: `"10s"`.
pub struct Quote<'a>(pub &'a str);

impl crate::out::Text for Quote<'_> {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        let cut: &str = match self.0.char_indices().nth(24) {
            Some((i, _)) => &self.0[..i],
            None => self.0,
        };
        crate::out::Quoted(cut).text(f)?;
        if cut.len() < self.0.len() {
            f.put_str("…")?;
        }
        Ok(())
    }
}

impl crate::out::Text for Short<'_> {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        let cut: &str = match self.0.char_indices().nth(24) {
            Some((i, _)) => &self.0[..i],
            None => self.0,
        };
        f.put_str(cut)?;
        if cut.len() < self.0.len() {
            f.put_str("…")?;
        }
        Ok(())
    }
}

/// A card token (`9h`, `TS`; `10s` is not a card).
pub fn card(token: &str, line: usize) -> Result<Card, PositionError> {
    Card::parse(token).map_or_else(|| position_error!(line, Quote(token), " is not a card"), Ok)
}

/// A card token, or `-` for an empty slot.
pub fn card_or_dash(token: &str, line: usize) -> Result<Option<Card>, PositionError> {
    if token == "-" {
        Ok(None)
    } else {
        card(token, line).map(Some)
    }
}

/// A decimal number with no sign and no leading zero (`0` itself is fine),
/// at most `max`.
pub fn number(token: &str, max: u32) -> Option<u32> {
    let b = token.as_bytes();
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) || (b.len() > 1 && b[0] == b'0') {
        return None;
    }
    token.parse::<u32>().ok().filter(|n| *n <= max)
}

/// `yes` or `no`, either case.
pub fn yes_no(token: &str, line: usize) -> Result<bool, PositionError> {
    if token.eq_ignore_ascii_case("yes") {
        Ok(true)
    } else if token.eq_ignore_ascii_case("no") {
        Ok(false)
    } else {
        position_error!(line, "expected yes or no, found ", Quote(token))
    }
}

/// Where each card of a position was found, to check that every one of the
/// 52 is there exactly once. Line numbers are kept whole (a position may
/// have more than 65,535 lines, of comments or blanks).
pub struct Census {
    line_of: [usize; 52],
}

impl Default for Census {
    fn default() -> Self {
        Census { line_of: [0; 52] }
    }
}

impl Census {
    /// An empty count.
    pub fn new() -> Census {
        Census::default()
    }

    /// Counts `card`, found on `line`; an error when it was already found.
    pub fn add(&mut self, card: Card, line: usize) -> Result<(), PositionError> {
        let slot = &mut self.line_of[usize::from(card.index())];
        if *slot != 0 {
            return position_error!(line, card, " appears twice (also on line ", (*slot), ")");
        }
        *slot = line.max(1);
        Ok(())
    }

    /// An error listing (the first few of) the missing cards, if any.
    pub fn complete(&self) -> Result<(), PositionError> {
        let missing = self.line_of.iter().filter(|l| **l == 0).count();
        if missing == 0 {
            return Ok(());
        }
        let mut m = Message::default();
        let _ = put!(m, missing, " card(s) missing:");
        for c in Card::all().filter(|c| self.line_of[usize::from(c.index())] == 0).take(8) {
            let _ = put!(m, " ", c);
        }
        if missing > 8 {
            let _ = m.put_str(" ...");
        }
        Err(PositionError { line: 0, message: m })
    }
}

/// Writes a list of cards after a key: `key: a b c`, or the bare `key:`.
pub fn write_cards(out: &mut dyn crate::out::Out, key: &str, cards: impl IntoIterator<Item = Card>) -> fmt::Result {
    out.put_str(key)?;
    out.put_str(":")?;
    for c in cards {
        out.put_str(" ")?;
        out.put_str(c.name())?;
    }
    out.put_str("\n")
}

/// Writes slots after a key: `key: a - c`, `-` for an empty slot.
pub fn write_slots(
    out: &mut dyn crate::out::Out,
    key: &str,
    slots: impl IntoIterator<Item = Option<Card>>,
) -> fmt::Result {
    out.put_str(key)?;
    out.put_str(":")?;
    for c in slots {
        match c {
            Some(c) => {
                out.put_str(" ")?;
                out.put_str(c.name())?
            }
            None => out.put_str(" -")?,
        }
    }
    out.put_str("\n")
}

crate::display_via_text!(Message, PositionError, MoveError, Short<'_>);
