//! The position and move notation of Four Kingdoms (docs/rules/kingdoms.md),
//! on the shared rules of [`crate::games::text`].
//!
//! ```text
//! game: kingdoms
//! p1: (7c) (Qs) (2d) 9h
//! ...
//! p7: (3s) (8h) (Jc) Kd
//! talon: 5c Js 2h ...
//! waste:
//! dungeon: - - - -
//! tower: - Th - -
//! guest: - - - -
//! castle: Ks - - -
//! subjects: - - - -
//! status: playing
//! ```
//!
//! A game with automatic moves on has `auto: yes` before `status:` (a
//! game without them prints no `auto:` line; `auto: no` reads as that).
//!
//! Reading checks, beyond the shared rules (each of the 52 cards once, keys
//! once, no unknown key), every position the rules can never reach, and
//! names the line at fault: face-down cards anywhere but under a land's
//! face-up cards, more than three of them, a face-down top card, face-up
//! cards that do not form one run up by suit (or lie on an ace), talon and
//! waste holding more than 24 cards together, a foundation entry of the
//! wrong suit or rank for its column, subjects begun without the full
//! castle, an ace in the dungeon without the full castle and the ten, a
//! guest of another suit, an ace as a guest, a guest while the castle lacks
//! its king or queen.

use super::game::{Foundations, Move, Options, Pile, Position, DEALT_DOWN, LAND, LANDS, TALON};
use crate::cards::{Card, Rank, Suit};
use crate::games::text::{self, Census, Keys, MoveError, PositionError, Quote};
use crate::position_error;
use core::fmt;
use heapless::Vec;

/// The keys of a position, in printing order.
pub const KEYS: [&str; 16] = [
    "game", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "talon", "waste", "dungeon", "tower", "guest", "castle",
    "subjects", "auto",
];
/// Key index of `status:` handled apart (ignored on input).
const STATUS: &str = "status";

/// The foundation-row keys in printing order with the pile each names
/// (`guest` is not a pile: `None`).
const ROWS: [(&str, Option<Pile>); 5] = [
    ("dungeon", Some(Pile::Dungeon)),
    ("tower", Some(Pile::Tower)),
    ("guest", None),
    ("castle", Some(Pile::Castle)),
    ("subjects", Some(Pile::Subjects)),
];

impl crate::out::Text for Move {
    /// `draw`, `6h>p3`, `5h>g`, `5h>f`.
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Move::Draw => f.put_str("draw"),
            Move::ToLand(c, l) => put!(f, c, ">p", u16::from(l) + 1),
            Move::ToGuest(c) => put!(f, c, ">g"),
            Move::ToFoundation(c) => put!(f, c, ">f"),
        }
    }
}

/// Reads a move token, either case: `draw`, `6h>p3`, `5h>g`, `5h>f`.
/// (`undo` is the caller's business.)
pub fn parse_move(token: &str) -> Result<Move, MoveError> {
    let bad = || MoveError::new(&[&Quote(token), &" is not a move (draw, 6h>p3, 5h>g, 5h>f)"]);
    if token.eq_ignore_ascii_case("draw") {
        return Ok(Move::Draw);
    }
    let (card, dest) = token.split_once('>').ok_or_else(bad)?;
    let card = Card::parse(card).ok_or_else(|| MoveError::new(&[&Quote(card), &" is not a card"]))?;
    if dest.eq_ignore_ascii_case("f") {
        return Ok(Move::ToFoundation(card));
    }
    if dest.eq_ignore_ascii_case("g") {
        return Ok(Move::ToGuest(card));
    }
    let n = dest
        .strip_prefix(['p', 'P'])
        .and_then(|n| text::number(n, LANDS as u32))
        .filter(|n| *n >= 1)
        .ok_or_else(|| MoveError::new(&[&Quote(dest), &" is not a place (p1 to p7, g, f)"]))?;
    Ok(Move::ToLand(card, (n - 1) as u8))
}

/// Writes the position, every key in order, ending with `status:`.
pub fn write_position(p: &Position, out: &mut dyn crate::out::Out) -> fmt::Result {
    write_game_position(p, Options::default(), out)
}

/// Writes the position of a game with `options`: `auto: yes` before
/// `status:` when its automatic moves are on.
pub fn write_game_position(p: &Position, options: Options, out: &mut dyn crate::out::Out) -> fmt::Result {
    out.put_str("game: kingdoms\n")?;
    for l in 0..LANDS {
        let land = p.land(l);
        put!(out, "p", l + 1, ":")?;
        for (i, c) in land.cards().iter().enumerate() {
            if i < land.down() {
                out.put_str(" (")?;
                out.put_str(c.name())?;
                out.put_str(")")?;
            } else {
                out.put_str(" ")?;
                out.put_str(c.name())?;
            }
        }
        out.put_str("\n")?;
    }
    text::write_cards(out, "talon", p.talon())?;
    text::write_cards(out, "waste", p.waste().iter().copied())?;
    for (key, pile) in ROWS {
        let slots = Suit::ALL.map(|s| match pile {
            Some(pile) => p.pile_top(pile, s),
            None => p.guest(s),
        });
        text::write_slots(out, key, slots)?;
    }
    if options.auto {
        out.put_str("auto: yes\n")?;
    }
    put!(out, "status: ", p.status(), "\n")
}

/// A land as read: its cards bottom first, and how many are face down.
#[derive(Default)]
struct LandRead {
    cards: Vec<Card, LAND>,
    down: usize,
}

/// Reads a position, checking it as the module doc says (an `auto:` line
/// is checked and left out: [`parse_game_position`] keeps it).
pub fn parse_position(input: &str) -> Result<Position, PositionError> {
    parse_game_position(input).map(|(p, _)| p)
}

/// Reads a position and the options its `auto:` line gives (off when
/// missing or bare); with `auto: yes`, a ten an automatic move would
/// already have sent to its tower is refused, as the rules never leave one.
pub fn parse_game_position(input: &str) -> Result<(Position, Options), PositionError> {
    let mut options = Options::default();
    let mut keys = Keys::new(&KEYS);
    let mut census = Census::new();
    let mut lands: [LandRead; LANDS] = Default::default();
    let mut talon: Vec<Card, TALON> = Vec::new();
    let mut waste: Vec<Card, TALON> = Vec::new();
    let mut f = Foundations::default();
    let mut guest: [Option<Card>; 4] = [None; 4];
    let mut line_of = [0usize; KEYS.len()];
    let mut seen_status = false;

    for line in text::lines(input) {
        let n = line.number;
        let Some((key, value)) = text::key_value(line.text) else {
            return position_error!(n, "expected `key: value`, found ", Quote(line.text));
        };
        if key.eq_ignore_ascii_case(STATUS) {
            if seen_status {
                return position_error!(n, "status given twice");
            }
            seen_status = true;
            continue;
        }
        let k = keys.take(key, n)?;
        line_of[k] = n;
        match KEYS[k] {
            "game" => {
                if !value.eq_ignore_ascii_case("kingdoms") {
                    return position_error!(n, "game: ", Quote(value), " is not kingdoms");
                }
            }
            // A bare `auto:` means what a missing one does: off.
            "auto" if value.is_empty() => {}
            "auto" => options.auto = text::yes_no(value, n)?,
            "talon" | "waste" => {
                let list = if KEYS[k] == "talon" { &mut talon } else { &mut waste };
                for t in text::tokens(value) {
                    if t.starts_with('(') {
                        return position_error!(
                            n,
                            KEYS[k],
                            " ",
                            Quote(t),
                            ": face-down cards lie only under the face-up cards of p1..p7"
                        );
                    }
                    let c = text::card(t, n)?;
                    census.add(c, n)?;
                    if list.push(c).is_err() {
                        return position_error!(n, KEYS[k], " holds more than ", TALON, " cards");
                    }
                }
                if talon.len() + waste.len() > TALON {
                    return position_error!(n, "talon and waste hold more than ", TALON, " cards together");
                }
            }
            "dungeon" | "tower" | "guest" | "castle" | "subjects" => {
                let mut i = 0;
                for t in text::tokens(value) {
                    let Some(suit) = Suit::ALL.get(i).copied() else {
                        return position_error!(n, KEYS[k], " has more than four entries");
                    };
                    i += 1;
                    let Some(c) = text::card_or_dash(t, n)? else { continue };
                    if c.suit() != suit {
                        return position_error!(
                            n,
                            KEYS[k],
                            ": ",
                            c,
                            " in the ",
                            suit.name(),
                            " column (spades, hearts, diamonds, clubs)"
                        );
                    }
                    let s = suit as usize;
                    let r = c.rank().number();
                    let wrong = |what: &str| position_error!(n, KEYS[k], ": ", c, " is not ", what);
                    match KEYS[k] {
                        "dungeon" if r == 1 => f.dungeon[s] = true,
                        "dungeon" => return wrong("an ace (the dungeon holds its suit's ace)"),
                        "tower" if r == 10 => f.tower[s] = true,
                        "tower" => return wrong("a ten (the tower holds its suit's ten)"),
                        "castle" if r >= 11 => f.castle[s] = 14 - r,
                        "castle" => return wrong("a king, queen or jack"),
                        "subjects" if (2..=9).contains(&r) => f.subjects[s] = 10 - r,
                        "subjects" => return wrong("a nine down to a two"),
                        _ => {
                            if r == 1 {
                                return position_error!(n, "guest: ", c, " is an ace, never a guest");
                            }
                            guest[s] = Some(c);
                        }
                    }
                    // An entry stands for the cards under it too.
                    let below: &[u8] = match KEYS[k] {
                        "castle" => &[13, 12, 11],
                        "subjects" => &[9, 8, 7, 6, 5, 4, 3, 2],
                        _ => &[],
                    };
                    let upto = below.iter().position(|x| *x == r).map_or(0, |p| p + 1);
                    for x in &below[..upto] {
                        if let Some(rank) = Rank::new(*x) {
                            census.add(Card::new(rank, suit), n)?;
                        }
                    }
                    if below.is_empty() {
                        census.add(c, n)?;
                    }
                }
                // A bare key means what a missing one does: four empty places.
                if i != 0 && i != 4 {
                    return position_error!(n, KEYS[k], " needs four entries (spades, hearts, diamonds, clubs)");
                }
            }
            name => {
                // p1..p7
                let l = KEYS.iter().position(|x| *x == name).unwrap_or(1).saturating_sub(1).min(LANDS - 1);
                let land = &mut lands[l];
                for t in text::tokens(value) {
                    let (inner, down) = match t.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
                        Some(inner) => (inner, true),
                        None => (t, false),
                    };
                    let c = text::card(inner, n)?;
                    census.add(c, n)?;
                    if down {
                        if land.cards.len() > land.down {
                            return position_error!(n, name, ": face-down ", c, " lies on a face-up card");
                        }
                        land.down += 1;
                        if land.down > DEALT_DOWN {
                            return position_error!(n, name, " has more than ", DEALT_DOWN, " face-down cards");
                        }
                    } else if let Some(prev) = land.cards.last().copied().filter(|_| land.cards.len() > land.down) {
                        if prev.rank() == Rank::ACE {
                            return position_error!(
                                n,
                                name,
                                ": ",
                                c,
                                " lies on ",
                                prev,
                                ", and nothing is played on an ace"
                            );
                        }
                        if prev.suit() != c.suit() || prev.rank().number() + 1 != c.rank().number() {
                            return position_error!(
                                n,
                                name,
                                ": ",
                                c,
                                " on ",
                                prev,
                                " is not one rank up in the same suit"
                            );
                        }
                    }
                    if land.cards.push(c).is_err() {
                        return position_error!(n, name, " holds more than ", LAND, " cards");
                    }
                }
                if land.down > 0 && land.down == land.cards.len() {
                    return position_error!(n, name, ": its top card is face down");
                }
            }
        }
    }
    if !keys.seen("game") {
        return position_error!(0, "game: kingdoms is missing");
    }
    census.complete()?;
    // The foundation conditions.
    let line = |key: &str| KEYS.iter().position(|x| *x == key).map_or(0, |i| line_of[i]);
    for s in Suit::ALL {
        let i = s as usize;
        if f.subjects[i] > 0 && f.castle[i] < 3 {
            return position_error!(
                line("subjects"),
                "subjects of ",
                s.name(),
                " begun while the castle lacks the jack (K, Q, J come first)"
            );
        }
        if f.dungeon[i] && (f.castle[i] < 3 || !f.tower[i]) {
            return position_error!(
                line("dungeon"),
                "the ace of ",
                s.name(),
                " is in the dungeon without K, Q, J and 10 of ",
                s.name(),
                " on the foundations"
            );
        }
        if guest[i].is_some() && f.castle[i] < 2 {
            return position_error!(line("guest"), "a ", s.name(), " guest while the castle lacks its king or queen");
        }
    }
    let mut parts: [(&[Card], usize); LANDS] = [(&[], 0); LANDS];
    for (p, l) in parts.iter_mut().zip(lands.iter()) {
        *p = (l.cards.as_slice(), l.down);
    }
    let Some(p) = Position::from_parts(&parts, &talon, &waste, guest, f) else {
        return position_error!(0, "the position does not fit the table");
    };
    if let Some(c) = p.auto_due().filter(|_| options.auto) {
        return position_error!(line("auto"), c, " would already have gone to its tower (auto: yes)");
    }
    Ok((p, options))
}

crate::display_via_text!(Move);
