//! Messages in the player's words. The engines explain a refusal in the
//! collection's notation (`Qd`, `t3`, `r1c2`), which the host tools print
//! and the log keeps; on screen every message goes through
//! [`in_words`]: a card becomes its rank and suit symbol (`Q♦`, `10♣`),
//! a place the name the table shows (`stack 3`, `row 1, column 2` for the
//! grids' `r0c1`).

use crate::cards::{Card, Rank, Suit};
use crate::games::Patience;
use crate::out::Text;
use core::fmt::{self};

/// A game's moves in the player's words: one phrase a move, the same in a
/// hint and in an undo ([`HINT`], [`TOOK_BACK`]), so the four games speak
/// with one voice. The phrase is written in the position the move is
/// played from ("9♠ onto 10♥": 10♥ is on top there).
pub trait Spoken: Patience {
    /// Writes `m`, a legal move here, as a phrase: "9♠ onto 10♥", "draw
    /// from the talon". By default its notation, which the message line
    /// puts in words (`Qd>t3`).
    fn say_move(&self, m: Self::Move, out: &mut dyn crate::out::Out) -> fmt::Result {
        m.text(out)
    }
}

/// A move in its game's words ([`Spoken`]), as a piece of a message.
pub struct Said<'a, G: Spoken>(pub &'a G, pub G::Move);

impl<G: Spoken> Text for Said<'_, G> {
    fn text(&self, f: &mut dyn crate::out::Out) -> fmt::Result {
        self.0.say_move(self.1, f)
    }
}

/// What every hint starts with: "Hint: 9♠ onto 10♥ (X plays it)".
pub const HINT: &str = "Hint: ";
/// What every hint ends with: X plays a hint shown, in every game.
pub const PLAYS_IT: &str = " (X plays it";
/// What every undo says before the move it took back.
pub const TOOK_BACK: &str = "Took back: ";

/// A card as the table shows it: `10♥`.
#[derive(Clone, Copy, Debug)]
pub struct Face(pub Card);

impl crate::out::Text for Face {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        f.put_str(rank_label(self.0.rank()))?;
        put!(f, symbol(self.0.suit()))
    }
}

/// A rank as the table shows it: `A`, `2`..`10`, `J`, `Q`, `K`.
pub fn rank_label(r: Rank) -> &'static str {
    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][usize::from(r.number() - 1)]
}

/// A suit's symbol (the font has all four).
pub fn symbol(s: Suit) -> char {
    ['♠', '♥', '♦', '♣'][s as usize]
}

/// The numbers of a place token: `t3` gives (`t`, [3]), `r1c2` gives
/// (`r`, [1, 2]) with `c` between; `None` for anything else.
fn place(token: &str) -> Option<(char, u32, Option<u32>)> {
    let mut chars = token.chars();
    let kind = chars.next()?;
    let rest = chars.as_str();
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    if digits == 0 || (digits > 1 && rest.starts_with('0')) {
        return None;
    }
    let n: u32 = rest[..digits].parse().ok()?;
    let tail = &rest[digits..];
    if tail.is_empty() {
        // Stacks, reserve slots and lands count from 1.
        return (n > 0).then_some((kind, n, None));
    }
    let col = tail.strip_prefix('c')?;
    if kind != 'r'
        || col.is_empty()
        || (col.len() > 1 && col.starts_with('0'))
        || !col.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some((kind, n, Some(col.parse().ok()?)))
}

/// Writes one token of a message in words.
fn token(t: &str, out: &mut dyn crate::out::Out) -> fmt::Result {
    let b = t.as_bytes();
    // A card: an upper-case rank or a digit, then a lower-case suit.
    if b.len() == 2 && (b[0].is_ascii_uppercase() || b[0].is_ascii_digit()) && b[1].is_ascii_lowercase() {
        if let Some(c) = Card::parse(t) {
            return put!(out, Face(c));
        }
    }
    match place(t) {
        Some(('t', n, None)) => put!(out, "stack ", n),
        Some(('r', n, None)) => put!(out, "reserve ", n),
        Some(('p', n, None)) => put!(out, "land ", n),
        // The grids' notation counts from 0 (`r0c9`); the player from 1.
        Some(('r', r, Some(c))) => put!(out, "row ", r + 1, ", column ", c + 1),
        _ => out.put_str(t),
    }
}

/// Writes `msg` in the player's words (see the module's notes).
pub fn in_words(msg: &str, out: &mut dyn crate::out::Out) -> fmt::Result {
    let mut rest = msg;
    while !rest.is_empty() {
        let word = rest.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(rest.len());
        if word > 0 {
            token(&rest[..word], out)?;
            rest = &rest[word..];
            continue;
        }
        let gap = rest.find(|c: char| c.is_ascii_alphanumeric()).unwrap_or(rest.len());
        out.put_str(&rest[..gap])?;
        rest = &rest[gap..];
    }
    Ok(())
}

crate::display_via_text!(Face);

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::string::String;

    fn words(s: &str) -> String {
        let mut out = String::new();
        in_words(s, &mut out).unwrap();
        out
    }

    #[test]
    fn cards_show_as_rank_and_suit_symbol() {
        assert_eq!(words("8s does not fit on 9s"), "8♠ does not fit on 9♠");
        assert_eq!(words("Up by itself: Tc Th Jh Td"), "Up by itself: 10♣ 10♥ J♥ 10♦");
        assert_eq!(words("cannot deal: Jh can still be placed"), "cannot deal: J♥ can still be placed");
        assert_eq!(words("Ad, Qd."), "A♦, Q♦.");
    }

    #[test]
    fn places_show_as_the_table_names_them() {
        assert_eq!(
            words("Qd goes only on a cell labelled Q, r1c2 has no label"),
            "Q♦ goes only on a cell labelled Q, row 2, column 3 has no label"
        );
        assert_eq!(words("Took back 8s from r0c9"), "Took back 8♠ from row 1, column 10");
        assert_eq!(words("8h is already on t3"), "8♥ is already on stack 3");
        assert_eq!(words("p2 ends in 8h"), "land 2 ends in 8♥");
        assert_eq!(words("r7 is empty"), "reserve 7 is empty");
    }

    #[test]
    fn other_words_stay_as_they_are() {
        for s in [
            "Nothing to undo",
            "Deal #3625 in 12 moves",
            "A run of 3 needs 2 empty stacks",
            "X or R1",
            "10 is not t0",
            "r1c",
            "To",
        ] {
            assert_eq!(words(s), s);
        }
    }
}
