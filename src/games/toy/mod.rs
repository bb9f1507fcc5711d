//! A toy fifth game, built only with the `fifth-game` feature: the test
//! (tests/fifth_game.rs) that a game of the collection is its folder, its
//! screen and one line of [`for_each_game!`](crate::for_each_game). Its
//! rules are the smallest a patience can have:
//!
//! - the deal is the shuffled deck face down (the stock), its top card
//!   turned onto the waste, and four foundations, one a suit, built up
//!   from the ace;
//! - `turn` turns the stock's top card onto the waste;
//! - `home` moves the waste's top card to its foundation when it is the
//!   next rank there;
//! - won with every card home, lost when neither move is possible.
//!
//! ```text
//! game: toy
//! stock: 7h Kd ...     (top first)
//! waste: Ac 2c         (top last)
//! home: 0 0 0 0        (cards on the spades, hearts, diamonds, clubs)
//! status: playing
//! ```

use super::registry::{GameInfo, WinnableSet};
use super::text::{self, Census, MoveError, PositionError, Quote};
use super::{Patience, Status};
use crate::cards::{shuffled_deck, Card, Rank, Suit};
use crate::out::{Out, Text};
use core::fmt;
use heapless::Vec;

/// The toy in the registry.
pub const INFO: GameInfo = GameInfo {
    name: "Toy Patience",
    // Two moves at most: home and turn.
    move_bits: 1,
    winnable: &[WinnableSet { code: 0, gaps: &[] }],
    ..GameInfo::of::<Game>()
};

/// Every card but the first is turned once, and each goes home once.
pub const MAX_MOVES: usize = 103;

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The stock's top card onto the waste.
    Turn,
    /// The waste's top card to its foundation.
    Home,
}

impl Text for Move {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str(match self {
            Move::Turn => "turn",
            Move::Home => "home",
        })
    }
}
crate::display_via_text!(Move);

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// `turn` with the stock empty.
    StockEmpty,
    /// `home` when the waste's top card is not the next of its suit.
    NotNext,
}

impl Text for Illegal {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str(match self {
            Illegal::StockEmpty => "the stock is empty",
            Illegal::NotNext => "that card cannot go home yet",
        })
    }
}
crate::display_via_text!(Illegal);

/// Why a game is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loss;

impl Text for Loss {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str("no legal move")
    }
}
crate::display_via_text!(Loss);

/// A game of the toy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Face down, top last.
    stock: Vec<Card, 52>,
    /// Face up, top last.
    waste: Vec<Card, 52>,
    /// Cards home per suit.
    home: [u8; 4],
    /// The moves played, with the suit each `home` built on.
    moves: Vec<(Move, u8), MAX_MOVES>,
}

impl Game {
    /// The waste's top card, if it can go home.
    fn homeable(&self) -> Option<Card> {
        self.waste.last().copied().filter(|c| self.home[c.suit() as usize] + 1 == c.rank().number())
    }

    /// The waste's top card.
    pub fn waste_top(&self) -> Option<Card> {
        self.waste.last().copied()
    }

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The top card home of each suit (spades, hearts, diamonds, clubs).
    pub fn home_tops(&self) -> [Option<Card>; 4] {
        core::array::from_fn(|i| Rank::new(self.home[i]).map(|r| Card::new(r, Suit::ALL[i])))
    }
}

impl Patience for Game {
    const ID: &'static str = "toy";
    type Options = ();
    type Move = Move;
    type Illegal = Illegal;
    type Loss = Loss;

    fn options_code(_: ()) -> u8 {
        0
    }

    fn options_from_code(code: u8) -> Option<()> {
        (code == 0).then_some(())
    }

    fn deal(seed: u32, _: ()) -> Self {
        let mut stock: Vec<Card, 52> = Vec::new();
        let _ = stock.extend_from_slice(&shuffled_deck(seed));
        let mut waste = Vec::new();
        if let Some(c) = stock.pop() {
            let _ = waste.push(c);
        }
        Game { stock, waste, home: [0; 4], moves: Vec::new() }
    }

    fn options(&self) {}

    fn status(&self) -> Status<Loss> {
        if self.home.iter().all(|&n| n == 13) {
            Status::Won
        } else if self.stock.is_empty() && self.homeable().is_none() {
            Status::Lost(Loss)
        } else {
            Status::Playing
        }
    }

    /// `home` before `turn`.
    fn for_each_legal(&self, f: &mut dyn FnMut(Move)) {
        if self.homeable().is_some() {
            f(Move::Home);
        }
        if !self.stock.is_empty() {
            f(Move::Turn);
        }
    }

    fn play(&mut self, m: Move) -> Result<(), Illegal> {
        let suit = match m {
            Move::Turn => {
                let c = self.stock.pop().ok_or(Illegal::StockEmpty)?;
                let _ = self.waste.push(c);
                0
            }
            Move::Home => {
                let c = self.homeable().ok_or(Illegal::NotNext)?;
                self.waste.pop();
                self.home[c.suit() as usize] += 1;
                c.suit() as u8
            }
        };
        // Every card is turned once and goes home once: the list has room.
        let _ = self.moves.push((m, suit));
        Ok(())
    }

    fn undo(&mut self) -> bool {
        match self.moves.pop() {
            Some((Move::Turn, _)) => {
                if let Some(c) = self.waste.pop() {
                    let _ = self.stock.push(c);
                }
                true
            }
            Some((Move::Home, s)) => {
                let n = &mut self.home[usize::from(s)];
                if let Some(r) = Rank::new(*n) {
                    let _ = self.waste.push(Card::new(r, Suit::ALL[usize::from(s)]));
                }
                *n = n.saturating_sub(1);
                true
            }
            None => false,
        }
    }

    fn move_count(&self) -> usize {
        self.moves.len()
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        if token.eq_ignore_ascii_case("turn") {
            Ok(Move::Turn)
        } else if token.eq_ignore_ascii_case("home") {
            Ok(Move::Home)
        } else {
            Err(MoveError::new(&[&Quote(token), &" is not a move (turn or home)"]))
        }
    }

    fn write_position(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str("game: toy\n")?;
        text::write_cards(out, "stock", self.stock.iter().rev().copied())?;
        text::write_cards(out, "waste", self.waste.iter().copied())?;
        put!(out, "home: ", self.home[0], " ", self.home[1], " ", self.home[2], " ", self.home[3], "\n")?;
        put!(out, "status: ", self.status(), "\n")
    }

    fn parse_position(text: &str) -> Result<Self, PositionError> {
        parse(text)
    }
}

/// The keys, in printing order.
const KEYS: [&str; 5] = ["game", "stock", "waste", "home", "status"];

/// Reads a position (`status:` is checked against the cards). A position
/// read has no moves to take back.
fn parse(text: &str) -> Result<Game, PositionError> {
    let mut keys = text::Keys::new(&KEYS);
    let mut census = Census::new();
    let mut g = Game { stock: Vec::new(), waste: Vec::new(), home: [0; 4], moves: Vec::new() };
    let mut status = None;
    for line in text::lines(text) {
        let n = line.number;
        let Some((key, value)) = text::key_value(line.text) else {
            return crate::position_error!(n, "expected key: value");
        };
        match keys.take(key, n)? {
            0 if value.eq_ignore_ascii_case("toy") => {}
            0 => return crate::position_error!(n, "game: ", Quote(value), " is not toy"),
            i @ (1 | 2) => {
                for t in text::tokens(value) {
                    let c = text::card(t, n)?;
                    census.add(c, n)?;
                    let pile = if i == 1 { &mut g.stock } else { &mut g.waste };
                    let _ = pile.push(c);
                }
            }
            3 => {
                let mut it = text::tokens(value);
                for (s, count) in g.home.iter_mut().enumerate() {
                    let Some(k) = it.next().and_then(|t| text::number(t, 13)) else {
                        return crate::position_error!(n, "home: expected four counts of 0 to 13");
                    };
                    *count = k as u8;
                    for r in 1..=*count {
                        census.add(Card::new(Rank::new(r).unwrap_or(Rank::ACE), Suit::ALL[s]), n)?;
                    }
                }
                if it.next().is_some() {
                    return crate::position_error!(n, "home: expected four counts of 0 to 13");
                }
            }
            _ => status = Some((n, value)),
        }
    }
    for k in KEYS {
        if !keys.seen(k) {
            return crate::position_error!(0, k, ": missing");
        }
    }
    census.complete()?;
    g.stock.reverse();
    if let Some((n, value)) = status {
        let mut want: heapless::String<32> = heapless::String::new();
        let _ = put!(want, g.status());
        if !value.eq_ignore_ascii_case(&want) {
            return crate::position_error!(n, "status: ", Quote(value), " but the cards say ", want.as_str());
        }
    }
    Ok(g)
}
