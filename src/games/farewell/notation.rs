//! The position notation and the move notation of docs/rules/farewell.md:
//! printing (to any `core::fmt::Write`, so the PS1 prints `AFTK POS` with the
//! same code) and parsing (never panics; every error names its line).
//!
//! Parsing follows smoltcp's split: the text is read into a [`Layout`]
//! (cards and cells, unchecked for consistency), then the layout is checked
//! as a whole (each of the 52 cards exactly once, kings only where kings can
//! be) before it becomes a [`Game`].

use super::game::{Game, Layout, Move, Status, HAND};
use super::grid::{Cell, MAX_H, MAX_W, MIN_H, MIN_W};
use crate::cards::{Card, Rank};
use crate::games::text;
use core::fmt;
use heapless::String;

/// Writes a position: every key in the order of docs/rules/farewell.md, ending with the
/// `status:` line.
pub fn write_position(g: &Game, out: &mut dyn crate::out::Out) -> fmt::Result {
    let o = g.options();
    put!(out, "grid: ", o.width, "x", o.height, "\n")?;
    // Each line is gathered here and handed on whole: on the console each
    // piece handed down the log's writers costs microseconds, and a 12x8
    // position written a card at a time took 3 ms of a move's frame.
    let mut line: String<160> = String::new();
    for row in 0..o.height {
        line.clear();
        for col in 0..o.width {
            if col > 0 {
                let _ = line.push(' ');
            }
            let _ = line.push_str(g.card_at(Cell::new(row, col)).map_or(".", Card::name));
        }
        let _ = line.push('\n');
        out.put_str(&line)?;
    }
    // A custom start before its fourth king: the kings still to place.
    // Printed only then, so that every other position is written without
    // it; the hand is empty until the fourth king.
    if g.kings_to_place().next().is_some() {
        line.clear();
        let _ = line.push_str("kings:");
        for k in g.kings_to_place() {
            let _ = line.push(' ');
            let _ = line.push_str(k.name());
        }
        let _ = line.push('\n');
        out.put_str(&line)?;
    }
    line.clear();
    let _ = line.push_str("hand:");
    for slot in g.hand() {
        let _ = line.push_str(if slot.is_some() { " " } else { " -" });
        if let Some(c) = slot {
            let _ = line.push_str(c.name());
        }
    }
    out.put_str(&line)?;
    line.clear();
    let _ = line.push_str("\nstock:");
    for c in g.stock() {
        let _ = line.push(' ');
        let _ = line.push_str(c.name());
    }
    out.put_str(&line)?;
    out.put_str("\nremoved:")?;
    for b in g.removed() {
        put!(out, " ", b.rank)?;
    }
    line.clear();
    let _ = line.push_str("\norphans:");
    for c in g.orphans() {
        let _ = line.push(' ');
        let _ = line.push_str(c.name());
    }
    out.put_str(&line)?;
    put!(out, "\neasy: ", if o.easy { "yes" } else { "no" }, "\n")?;
    write_status(g.status(), out)?;
    out.put_str("\n")
}

/// Writes `status: playing`, `status: won` or `status: lost: <reason>`.
pub fn write_status(s: Status, out: &mut dyn crate::out::Out) -> fmt::Result {
    match s {
        Status::PlacingKings => out.put_str("status: placing kings"),
        Status::Playing => out.put_str("status: playing"),
        Status::Won => out.put_str("status: won"),
        Status::Lost(l) => put!(out, "status: lost: ", l.describe()),
    }
}

/// Writes a move: `9h@r2c4`, `deal` or `undo`.
pub fn write_move(m: Move, out: &mut dyn crate::out::Out) -> fmt::Result {
    match m {
        Move::Place(c, cell) => put!(out, c, "@", cell),
        Move::Deal => out.put_str("deal"),
        Move::Undo => out.put_str("undo"),
    }
}

impl crate::out::Text for Move {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        write_move(*self, f)
    }
}

/// Parses a move, either case: `9h@r2c4`, `deal`, `undo`.
pub fn parse_move(s: &str) -> Option<Move> {
    if s.eq_ignore_ascii_case("deal") {
        return Some(Move::Deal);
    }
    if s.eq_ignore_ascii_case("undo") {
        return Some(Move::Undo);
    }
    let (card, cell) = s.split_once('@')?;
    Some(Move::Place(Card::parse(card)?, Cell::parse(cell)?))
}

/// Longest message a parse error carries.
pub const MESSAGE: usize = 120;

/// Why a position was rejected: the line (from 1; 0 for the position as a
/// whole) and the problem in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line number, from 1, or 0 when the problem is not on one line.
    pub line: usize,
    /// What is wrong.
    pub message: String<MESSAGE>,
}

impl crate::out::Text for ParseError {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        if self.line == 0 {
            put!(f, self.message)
        } else {
            put!(f, "line ", self.line, ": ", self.message)
        }
    }
}

fn error(line: usize, pieces: &[&dyn crate::out::Text]) -> ParseError {
    let mut message = String::new();
    // A message longer than MESSAGE is cut short, never a failure.
    let _ = crate::out::put_all(&mut message, pieces);
    ParseError { line, message }
}

/// Shortens a token for quoting in a message.
fn quote(s: &str) -> &str {
    match s.char_indices().nth(24) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Where each card was seen, to find duplicates and missing cards.
struct Seen {
    line: [usize; 52],
}

impl Seen {
    fn note(&mut self, c: Card, line: usize) -> Result<(), ParseError> {
        let first = self.line[usize::from(c.index())];
        if first != 0 {
            return Err(error(line, &[&c, &" appears twice (first on line ", &first, &")"]));
        }
        self.line[usize::from(c.index())] = line;
        Ok(())
    }
}

fn card_token(tok: &str, line: usize) -> Result<Card, ParseError> {
    Card::parse(tok).ok_or_else(|| {
        error(line, &[&crate::out::Quoted(quote(tok)), &" is not a card (rank A23456789TJQK, then suit shdc)"])
    })
}

/// The keys, in the order a printed position gives them.
const KEYS: [&str; 8] = ["grid", "kings", "hand", "stock", "removed", "orphans", "easy", "status"];

/// A grid dimension or other small number: no sign, no leading zero.
fn small_number(token: &str) -> Option<u8> {
    text::number(token, u32::from(u8::MAX)).map(|n| n as u8)
}

/// Parses a position. Never panics, whatever the text.
///
/// Beyond the form (every key known and given once, the rows of the grid,
/// each of the 52 cards exactly once), a position must be one the rules
/// can reach: see [`check_reachable`].
pub fn parse_position(text: &str) -> Result<Game, ParseError> {
    let mut layout = Layout::default();
    let mut seen = Seen { line: [0; 52] };
    let mut grid: Option<(u8, u8)> = None;
    let mut rows_read = 0u8;
    let mut row_lines = [0usize; MAX_H as usize];
    let mut key_lines = [0usize; KEYS.len()];
    let mut easy: Option<bool> = None;

    for l in text::lines(text) {
        let (line, t) = (l.number, l.text);
        // Rows of the grid come right after `grid:`.
        if let Some((w, h)) = grid {
            if rows_read < h && !t.contains(':') {
                let mut col = 0u8;
                for tok in t.split(' ') {
                    if col >= w {
                        return Err(error(line, &[&"row ", &rows_read, &" has more than ", &w, &" cells"]));
                    }
                    if tok == "." {
                        col += 1;
                        continue;
                    }
                    if tok.is_empty() {
                        return Err(error(line, &[&"cells must be separated by single spaces"]));
                    }
                    let c = card_token(tok, line)?;
                    seen.note(c, line)?;
                    let _ = layout.grid.push((c, Cell::new(rows_read, col)));
                    col += 1;
                }
                if col != w {
                    return Err(error(
                        line,
                        &[&"row ", &rows_read, &" has ", &col, &" cells, the grid is ", &w, &" wide"],
                    ));
                }
                row_lines[usize::from(rows_read)] = line;
                rows_read += 1;
                continue;
            }
            if rows_read < h {
                return Err(error(line, &[&"the grid has ", &rows_read, &" rows, ", &h, &" expected"]));
            }
        }
        let Some((key, value)) = t.split_once(':') else {
            return Err(error(line, &[&"expected `key: value`, found ", &crate::out::Quoted(quote(t))]));
        };
        let key = key.trim();
        let value = value.trim();
        let Some(index) = KEYS.iter().position(|k| *k == key) else {
            return Err(error(line, &[&"unknown key ", &crate::out::Quoted(quote(key))]));
        };
        if key_lines[index] != 0 {
            return Err(error(line, &[&key, &": given twice"]));
        }
        key_lines[index] = line;
        match key {
            "grid" => {
                let parsed = value.split_once(['x', 'X']).and_then(|(w, h)| Some((small_number(w)?, small_number(h)?)));
                let Some((w, h)) = parsed else {
                    return Err(error(line, &[&"grid: expected WxH, found ", &crate::out::Quoted(quote(value))]));
                };
                if !(MIN_W..=MAX_W).contains(&w) || !(MIN_H..=MAX_H).contains(&h) {
                    return Err(error(line, &[&"grid ", &w, &"x", &h, &" is outside 6x4 to 14x9"]));
                }
                layout.options.width = w;
                layout.options.height = h;
                grid = Some((w, h));
            }
            "hand" => {
                let toks: heapless::Vec<&str, 5> =
                    match value.split_whitespace().try_fold(heapless::Vec::new(), |mut v, t| v.push(t).map(|_| v)) {
                        Ok(v) => v,
                        Err(_) => return Err(error(line, &[&"hand: more than ", &HAND, &" slots"])),
                    };
                // A bare `hand:` means what a missing one does: an empty hand.
                if toks.len() != HAND && !toks.is_empty() {
                    return Err(error(
                        line,
                        &[&"hand: ", &(toks.len()), &" slots listed, ", &HAND, &" expected (`-` for an empty one)"],
                    ));
                }
                for (slot, tok) in toks.iter().enumerate() {
                    if *tok != "-" {
                        let c = card_token(tok, line)?;
                        seen.note(c, line)?;
                        layout.hand[slot] = Some(c);
                    }
                }
            }
            "kings" => {
                for tok in value.split_whitespace() {
                    let c = card_token(tok, line)?;
                    if !c.is_king() {
                        return Err(error(
                            line,
                            &[&"kings: ", &c, &" is not a king (kings: lists the kings still to place)"],
                        ));
                    }
                    seen.note(c, line)?;
                    let _ = layout.kings.push(c);
                }
            }
            "stock" | "orphans" => {
                for tok in value.split_whitespace() {
                    let c = card_token(tok, line)?;
                    seen.note(c, line)?;
                    let list = if key == "stock" { &mut layout.stock } else { &mut layout.orphans };
                    let _ = list.push(c);
                }
            }
            "removed" => {
                for tok in value.split_whitespace() {
                    let mut chars = tok.chars();
                    let rank = match (chars.next().and_then(Rank::from_letter), chars.next()) {
                        (Some(r), None) => r,
                        _ => {
                            return Err(error(
                                line,
                                &[&"removed: ", &crate::out::Quoted(quote(tok)), &" is not a rank"],
                            ))
                        }
                    };
                    if rank == Rank::KING {
                        return Err(error(line, &[&"removed: kings never form a book"]));
                    }
                    if layout.removed.contains(&rank) {
                        return Err(error(line, &[&"removed: ", &rank, &" listed twice"]));
                    }
                    for c in crate::cards::Suit::ALL.map(|s| Card::new(rank, s)) {
                        seen.note(c, line)?;
                    }
                    let _ = layout.removed.push(rank);
                }
            }
            "easy" => {
                easy = Some(match value {
                    // A bare `easy:` means what a missing one does: no.
                    "" => false,
                    "yes" => true,
                    "no" => false,
                    _ => {
                        return Err(error(
                            line,
                            &[&"easy: expected yes or no, found ", &crate::out::Quoted(quote(value))],
                        ))
                    }
                });
            }
            _ => {} // status: ignored on input
        }
    }
    let Some((_, h)) = grid else {
        return Err(error(0, &[&"grid: is missing"]));
    };
    if rows_read < h {
        return Err(error(0, &[&"the grid has ", &rows_read, &" rows, ", &h, &" expected"]));
    }
    layout.options.easy = easy.unwrap_or(false);
    if !layout.options.easy {
        for (i, r) in layout.removed.iter().enumerate() {
            if r.number() as usize != i + 1 {
                let line = key_lines[4];
                return Err(error(line, &[&"removed: books go in rank order (A 2 3 ...) unless easy: yes"]));
            }
        }
    }
    let missing = seen.line.iter().filter(|l| **l == 0).count();
    if let Some(i) = seen.line.iter().position(|l| *l == 0) {
        let first = Card::from_index(i as u8).unwrap_or(Card::new(Rank::ACE, crate::cards::Suit::Spades));
        return Err(error(0, &[&missing, &" card(s) missing, first ", &first, &": a position holds all 52 cards"]));
    }
    let g = Game::from_layout(&layout);
    check_reachable(&g, &layout, &Lines { cards: &seen.line, rows: &row_lines, keys: &key_lines })?;
    Ok(g)
}

/// Where things were read: each card's line, each grid row's line, each
/// key's line (0: not given).
struct Lines<'a> {
    cards: &'a [usize; 52],
    rows: &'a [usize; MAX_H as usize],
    keys: &'a [usize; KEYS.len()],
}

impl Lines<'_> {
    fn card(&self, c: Card) -> usize {
        self.cards[usize::from(c.index())]
    }
    fn key(&self, key: &str) -> usize {
        KEYS.iter().position(|k| *k == key).map_or(0, |i| self.keys[i])
    }
}

/// Rejects what the rules can never produce (docs/rules/farewell.md,
/// "Positions no game can reach"), naming the line:
/// - a custom start before its fourth king (`kings:` not empty): only kings
///   on the grid; hand, orphans and removed books empty;
/// - otherwise: a king in the hand or the stock (kings start on the grid);
///   orphans waiting when no book has been removed; a card other than a
///   king with no neighbour on the grid (kings may stand alone: corners,
///   random and custom starts put them anywhere); two neighbours that match
///   neither in suit nor rank; a complete book that is due (next in rank
///   order, or any in easy mode), which would have been removed at once.
fn check_reachable(g: &Game, layout: &Layout, lines: &Lines<'_>) -> Result<(), ParseError> {
    if !layout.kings.is_empty() {
        if let Some(&(c, cell)) = layout.grid.iter().find(|(c, _)| !c.is_king()) {
            return Err(error(
                lines.card(c),
                &[
                    &c,
                    &" at ",
                    &cell,
                    &", but kings wait to be placed: only kings are on the grid before the opening deal",
                ],
            ));
        }
        if let Some(c) = layout.hand.iter().flatten().next() {
            return Err(error(
                lines.card(*c),
                &[&c, &" in the hand, but kings wait to be placed: the opening deal comes with the fourth king"],
            ));
        }
        if let Some(c) = layout.orphans.first() {
            return Err(error(lines.card(*c), &[&c, &" waits as an orphan, but kings wait to be placed"]));
        }
        if !layout.removed.is_empty() {
            return Err(error(lines.key("removed"), &[&"removed: a book, but kings wait to be placed"]));
        }
        return Ok(());
    }
    for c in layout.hand.iter().flatten().chain(layout.stock.iter()) {
        if c.is_king() {
            let place = if layout.stock.contains(c) { "the stock" } else { "the hand" };
            return Err(error(
                lines.card(*c),
                &[&c, &" in ", &place, &": kings start on the grid (or in kings: before a custom start's deal)"],
            ));
        }
    }
    if layout.removed.is_empty() {
        if let Some(c) = layout.orphans.first() {
            return Err(error(lines.card(*c), &[&c, &" waits as an orphan, but no book has been removed"]));
        }
    }
    let o = g.options();
    for row in 0..o.height {
        let line = lines.rows[usize::from(row)];
        for col in 0..o.width {
            let cell = Cell::new(row, col);
            let Some(c) = g.card_at(cell) else { continue };
            let above = row.checked_sub(1).and_then(|r| g.card_at(Cell::new(r, col)));
            let left = col.checked_sub(1).and_then(|k| g.card_at(Cell::new(row, k)));
            let right = g.card_at(Cell::new(row, col + 1));
            let below = g.card_at(Cell::new(row + 1, col));
            if !c.is_king() && above.is_none() && left.is_none() && right.is_none() && below.is_none() {
                return Err(error(
                    line,
                    &[&c, &" at ", &cell, &" has no neighbour (a card is placed next to one; orphans are lifted)"],
                ));
            }
            for (n, side) in [(right, "to its right"), (below, "below it")] {
                if let Some(n) = n.filter(|n| !c.matches(*n)) {
                    return Err(error(
                        line,
                        &[&c, &" at ", &cell, &" matches neither suit nor rank of ", &n, &" ", &side],
                    ));
                }
            }
        }
    }
    if let Some((rank, cell)) = g.book_due() {
        return Err(error(
            lines.rows[usize::from(cell.row)],
            &[
                &"the ",
                &(rank.name()),
                &" book at ",
                &cell,
                &" is complete and due: it would have been removed",
                &(if o.easy { "" } else { " (next in rank order)" }),
            ],
        ));
    }
    Ok(())
}

crate::display_via_text!(Move, ParseError);
