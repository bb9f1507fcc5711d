//! King Albert's position and move notation (docs/rules/albert.md), on the
//! collection's shared rules ([`crate::games::text`]).
//!
//! ```text
//! game: albert
//! t1: Qd
//! ...
//! t9: 2c 8d Kh 5s Jc 3h 7c 9s Td
//! reserve: 6h - Jh 2d - Kd 4d
//! foundations: 3s - - Ac
//! auto: yes
//! status: playing
//! ```

use super::game::{Board, Game, Move, Options, StartRank, RESERVE, STACKS};
use crate::cards::{Card, Rank, Suit};
use crate::games::text::{self, Census, MoveError, PositionError, Quote};
use crate::games::Patience;
use crate::position_error;
use core::fmt;

/// The keys, in the order a printed position has them.
pub const KEYS: [&str; 14] =
    ["game", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "reserve", "foundations", "auto", "status"];

/// Writes the position, every key in order, ending with `status:`.
pub fn write_position(g: &Game, out: &mut dyn crate::out::Out) -> fmt::Result {
    let b = g.board();
    out.put_str("game: albert\n")?;
    let mut buf = [Card::new(Rank::ACE, Suit::Spades); 52];
    for s in 0..STACKS {
        let key = KEYS[1 + s];
        text::write_cards(out, key, b.stack(s, &mut buf).iter().copied())?;
    }
    text::write_slots(out, "reserve", (0..RESERVE).map(|r| b.reserve(r)))?;
    text::write_slots(out, "foundations", Suit::ALL.iter().map(|&s| b.foundation(s)))?;
    put!(out, "auto: ", if g.options().auto { "yes" } else { "no" }, "\n")?;
    put!(out, "status: ", g.status(), "\n")
}

/// Reads a move: `Qd>t3`, `5h>f`, either case. `undo` is not read here.
pub fn parse_move(token: &str) -> Result<Move, MoveError> {
    let bad = || MoveError::new(&[&Quote(token), &" is not a move (like Qd>t3 or 5h>f)"]);
    let Some((c, to)) = token.split_once('>') else { return Err(bad()) };
    let Some(c) = Card::parse(c) else {
        return Err(MoveError::new(&[&Quote(c), &" is not a card"]));
    };
    if to.eq_ignore_ascii_case("f") {
        return Ok(Move::Foundation(c));
    }
    let b = to.as_bytes();
    if b.len() == 2 && b[0].eq_ignore_ascii_case(&b't') && (b'1'..=b'9').contains(&b[1]) {
        return Ok(Move::Stack(c, b[1] - b'1'));
    }
    Err(MoveError::new(&[&Quote(to), &" is not a destination (t1 to t9, or f)"]))
}

/// Reads a position. Rejects anything malformed, a card missing or given
/// twice, a building stack with more cards below its top run than its deal
/// gave it less one, and (with `auto: yes`) a position where an automatic
/// move is due.
pub fn parse_position(input: &str) -> Result<Game, PositionError> {
    parse(input, true)
}

/// Reads a layout as [`parse_position`] does, except that building stacks
/// no game can reach (more cards below the top run than the deal gave the
/// stack, less one) are accepted: for tests that show a rule with a few
/// cards and pile every other card under one stack. The host tools and the
/// console read positions with [`parse_position`].
pub fn parse_layout(input: &str) -> Result<Game, PositionError> {
    parse(input, false)
}

fn parse(input: &str, reachable: bool) -> Result<Game, PositionError> {
    let mut keys = text::Keys::new(&KEYS);
    let mut census = Census::new();
    let mut board = Board::EMPTY;
    let mut stack_line = [0usize; STACKS];
    let mut reserve_line = 0usize;
    let mut auto = true;
    let mut game_seen = false;
    for line in text::lines(input) {
        let n = line.number;
        let Some((key, value)) = text::key_value(line.text) else {
            return position_error!(n, "expected `key: value`, found ", Quote(line.text));
        };
        let k = keys.take(key, n)?;
        match KEYS[k] {
            "game" => {
                if !value.eq_ignore_ascii_case("albert") {
                    return position_error!(n, "this is a King Albert position (game: albert), not ", Quote(value));
                }
                game_seen = true;
            }
            "reserve" => {
                reserve_line = n;
                let mut slots = 0usize;
                for tok in text::tokens(value) {
                    if slots == RESERVE {
                        return position_error!(n, "reserve: more than ", RESERVE, " slots");
                    }
                    if let Some(c) = text::card_or_dash(tok, n)? {
                        census.add(c, n)?;
                        board.set_reserve(slots, Some(c));
                    }
                    slots += 1;
                }
                if slots != 0 && slots != RESERVE {
                    return position_error!(
                        n,
                        "reserve: ",
                        slots,
                        " slots listed, ",
                        RESERVE,
                        " expected (`-` for an empty one)"
                    );
                }
            }
            "foundations" => {
                let mut slots = 0usize;
                for tok in text::tokens(value) {
                    let Some(&suit) = Suit::ALL.get(slots) else {
                        return position_error!(n, "foundations: more than 4 suit stacks");
                    };
                    if let Some(c) = text::card_or_dash(tok, n)? {
                        if c.suit() != suit {
                            return position_error!(
                                n,
                                "foundations: ",
                                c,
                                " is in the ",
                                suit.name(),
                                " place (spades, hearts, diamonds, clubs)"
                            );
                        }
                        for r in 1..=c.rank().number() {
                            if let Some(r) = Rank::new(r) {
                                census.add(Card::new(r, suit), n)?;
                            }
                        }
                        board.set_foundation(suit, c.rank().number());
                    }
                    slots += 1;
                }
                if slots != 0 && slots != 4 {
                    return position_error!(
                        n,
                        "foundations: ",
                        slots,
                        " suit stacks listed, 4 expected (`-` for an empty one)"
                    );
                }
            }
            // A bare `auto:` means what a missing one does: the default.
            "auto" if value.is_empty() => {}
            "auto" => auto = text::yes_no(value, n)?,
            "status" => {}
            _ => {
                // t1..t9: bottom card first.
                let s = k - 1;
                stack_line[s] = n;
                for tok in text::tokens(value) {
                    let c = text::card(tok, n)?;
                    census.add(c, n)?;
                    board.put(s as u8, c);
                }
            }
        }
    }
    if !game_seen {
        return position_error!(0, "game: albert is missing");
    }
    census.complete()?;
    if reachable {
        reachable_stacks(&board, &stack_line)?;
    }
    if auto {
        if let Some(at) = board.auto_due() {
            let c = board.auto_card(at).map_or(Card::new(Rank::ACE, Suit::Spades), |c| c);
            return if at < STACKS {
                position_error!(
                    stack_line[at],
                    c,
                    " on t",
                    (at + 1),
                    " would already have gone to its suit stack (auto: yes)"
                )
            } else {
                position_error!(
                    reserve_line,
                    c,
                    " in r",
                    (at - STACKS + 1),
                    " would already have gone to its suit stack (auto: yes)"
                )
            };
        }
    }
    Ok(Game::from_board(board, Options { start: StartRank::None, auto }))
}

/// Refuses a building stack no game can reach: `t<i>` was dealt i cards
/// and play only ever adds ordered runs to a stack, so at most i - 1 of its
/// cards lie below the ordered run at its top.
fn reachable_stacks(board: &Board, stack_line: &[usize; STACKS]) -> Result<(), PositionError> {
    for s in 0..STACKS {
        let below = board.stack_len(s) - board.run_len(s);
        if below > s {
            return position_error!(
                stack_line[s],
                "t",
                (s + 1),
                ": ",
                below,
                (if below == 1 { " card lies" } else { " cards lie" }),
                " below the ordered run at its top; no game puts more than ",
                s,
                " there (t",
                (s + 1),
                " was dealt ",
                (s + 1),
                " card",
                (if s == 0 { "" } else { "s" }),
                ")"
            );
        }
    }
    Ok(())
}
