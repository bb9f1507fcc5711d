//! The position and move notation of King's Corners (docs/rules/corners.md),
//! on the collection's shared notation rules ([`crate::games::text`]):
//! printing to any `core::fmt::Write` (so the PS1 prints `AFTK POS` with the
//! same code) and parsing that never panics and names the line at fault.
//!
//! ```text
//! game: corners
//! Ks 7h . Kd
//! Jc . 4d .
//! . 9s . Jh
//! Kc . Qs .
//! next: 6c
//! deck: Ah 3c ...
//! discard: 3h 7c
//! phase: place
//! status: playing
//! ```

use super::game::{Cell, Game, Group, Move, Part, Parts, CELLS, MAX_GROUP};
use crate::cards::Card;
use crate::games::text::{self, Census, Keys, MoveError, PositionError, Quote};
use crate::games::Patience;
use crate::position_error;
use core::fmt;

/// The keys, in printing order.
const KEYS: [&str; 6] = ["game", "next", "deck", "discard", "phase", "status"];

/// Writes a position: `game:`, the four rows, then every key in the order
/// of the rules page, ending with `status:` and a newline.
pub fn write_position(g: &Game, out: &mut dyn crate::out::Out) -> fmt::Result {
    out.put_str("game: corners\n")?;
    for row in 0..4 {
        for col in 0..4 {
            if col > 0 {
                out.put_str(" ")?;
            }
            match Cell::new(row, col).and_then(|c| g.card_at(c)) {
                Some(c) => out.put_str(c.name())?,
                None => out.put_str(".")?,
            }
        }
        out.put_str("\n")?;
    }
    text::write_cards(out, "next", g.next())?;
    text::write_cards(out, "deck", g.deck())?;
    text::write_cards(out, "discard", g.discard().iter().copied())?;
    put!(out, "phase: ", g.phase().name(), "\n")?;
    put!(out, "status: ", g.status(), "\n")
}

/// Reads a cell, `r<row>c<col>` (either case), row and column 0 to 3
/// without leading zeros or signs.
pub fn parse_cell(s: &str) -> Option<Cell> {
    let rest = s.strip_prefix(['r', 'R'])?;
    let at = rest.find(['c', 'C'])?;
    let row = text::number(&rest[..at], 3)?;
    let col = text::number(&rest[at + 1..], 3)?;
    Cell::new(row as u8, col as u8)
}

/// Reads a move token, either case: `6c@r1c1`, `clear:3h+7c`, `draw`. A
/// group's cards are put in row-major order of their cells when all of them
/// are on the matrix of `g` (otherwise left as typed: playing it is refused).
pub fn parse_move(g: &Game, token: &str) -> Result<Move, MoveError> {
    if token.eq_ignore_ascii_case("draw") {
        return Ok(Move::Draw);
    }
    if token.len() >= 6 && token.is_char_boundary(6) && token[..6].eq_ignore_ascii_case("clear:") {
        let mut cards: heapless::Vec<Card, MAX_GROUP> = heapless::Vec::new();
        for part in token[6..].split('+') {
            let Some(c) = Card::parse(part) else {
                return Err(MoveError::new(&[&Quote(part), &" is not a card"]));
            };
            if cards.contains(&c) {
                return Err(MoveError::new(&[&c, &" is named twice in the group"]));
            }
            if cards.push(c).is_err() {
                return Err(MoveError::new(&[
                    &"a group has at most ",
                    &MAX_GROUP,
                    &" cards (no more can add up to 10)",
                ]));
            }
        }
        let on: heapless::Vec<u8, MAX_GROUP> = cards
            .iter()
            .filter_map(|c| Cell::all().find(|cell| g.card_at(*cell) == Some(*c)))
            .map(Cell::index)
            .collect();
        if on.len() == cards.len() {
            let mut sorted: heapless::Vec<Card, MAX_GROUP> = heapless::Vec::new();
            for i in 0..CELLS as u8 {
                if let Some(k) = on.iter().position(|x| *x == i) {
                    let _ = sorted.push(cards[k]);
                }
            }
            cards = sorted;
        }
        return Group::new(&cards)
            .map(Move::Clear)
            .ok_or_else(|| MoveError::new(&[&Quote(token), &" is not a group of cards"]));
    }
    if let Some((card, cell)) = token.split_once('@') {
        let Some(c) = Card::parse(card) else {
            return Err(MoveError::new(&[&Quote(card), &" is not a card"]));
        };
        let Some(cell) = parse_cell(cell) else {
            return Err(MoveError::new(&[&Quote(cell), &" is not a cell (r0c0 to r3c3)"]));
        };
        return Ok(Move::Place(c, cell));
    }
    Err(MoveError::new(&[&Quote(token), &" is not a move (6c@r1c1, clear:3h+7c, draw or undo)"]))
}

/// Reads a position: malformed text, a card missing or twice, and every
/// position the rules never reach are refused, naming the line.
pub fn parse_position(input: &str) -> Result<Game, PositionError> {
    let mut parts = Parts::default();
    let mut census = Census::new();
    let mut keys = Keys::new(&KEYS);
    let mut rows = 0usize;
    // The line of each row, of `next:`, `discard:` and `phase:`, to name.
    let mut row_lines = [0usize; 4];
    let (mut next_line, mut discard_line, mut phase_line) = (0, 0, 0);
    // Set once a key line follows the first row: the rows are one block.
    let mut rows_closed = false;
    let mut game_ok = false;

    for line in text::lines(input) {
        let n = line.number;
        let Some((key, value)) = text::key_value(line.text) else {
            // A row of the matrix.
            if rows_closed || rows >= 4 {
                return position_error!(n, "the matrix has four rows, one after the other");
            }
            let mut col = 0usize;
            for tok in text::tokens(line.text) {
                if col >= 4 {
                    return position_error!(n, "a row has four cells, this one more");
                }
                if tok != "." {
                    let c = text::card(tok, n)?;
                    census.add(c, n)?;
                    parts.matrix[rows * 4 + col] = Some(c);
                }
                col += 1;
            }
            if col != 4 {
                return position_error!(n, "a row has four cells, this one ", col);
            }
            row_lines[rows] = n;
            rows += 1;
            continue;
        };
        if rows > 0 {
            rows_closed = true;
        }
        match keys.take(key, n)? {
            0 => {
                if !value.eq_ignore_ascii_case("corners") {
                    return position_error!(n, "game: ", Quote(value), " is not corners");
                }
                game_ok = true;
            }
            1 => {
                next_line = n;
                let mut toks = text::tokens(value);
                if let Some(t) = toks.next() {
                    let c = text::card(t, n)?;
                    census.add(c, n)?;
                    parts.next = Some(c);
                }
                if toks.next().is_some() {
                    return position_error!(n, "next: holds at most one card");
                }
            }
            2 => {
                for t in text::tokens(value) {
                    let c = text::card(t, n)?;
                    census.add(c, n)?;
                    let _ = parts.deck.push(c);
                }
            }
            3 => {
                discard_line = n;
                for t in text::tokens(value) {
                    let c = text::card(t, n)?;
                    census.add(c, n)?;
                    let _ = parts.discard.push(c);
                }
            }
            // A bare `phase:` means what a missing one does (refused below).
            4 if value.is_empty() => {}
            4 => {
                phase_line = n;
                let Some(p) = super::game::Phase::from_name(value) else {
                    return position_error!(n, "phase: ", Quote(value), " is not place, match or match-more");
                };
                parts.phase = Some(p);
            }
            _ => {} // status: ignored on input
        }
    }
    if !game_ok {
        return position_error!(0, "game: corners is missing");
    }
    if rows != 4 {
        return position_error!(0, "the matrix has four rows, ", rows, " given");
    }
    if parts.phase.is_none() {
        return position_error!(0, "phase: is missing");
    }
    census.complete()?;
    Game::from_parts(&parts).or_else(|(why, part)| {
        let line = match part {
            Part::Row(r) => row_lines[usize::from(r) % 4],
            Part::Next => next_line,
            Part::Discard => discard_line,
            Part::Phase => phase_line,
            Part::Whole => 0,
        };
        position_error!(line, why)
    })
}
