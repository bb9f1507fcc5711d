//! The card layer every game of the collection shares: cards, ranks, suits
//! and colours, their two-character names (`9h`, `Ts`, `Kc`), and the deal
//! generator ([`Pcg32`], [`shuffled_deck`]).

use core::fmt;

mod rng;
pub use rng::{Pcg32, STREAM};

/// A suit, in the notation's order: spades, hearts, diamonds, clubs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♥
    Hearts = 1,
    /// ♦
    Diamonds = 2,
    /// ♣
    Clubs = 3,
}

impl Suit {
    /// All four, in notation order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The notation letter: `s h d c`.
    pub fn letter(self) -> char {
        ['s', 'h', 'd', 'c'][self as usize]
    }

    /// The suit for a notation letter, either case.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            's' => Some(Suit::Spades),
            'h' => Some(Suit::Hearts),
            'd' => Some(Suit::Diamonds),
            'c' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The suit's name in words.
    pub fn name(self) -> &'static str {
        ["spades", "hearts", "diamonds", "clubs"][self as usize]
    }

    /// Its colour: spades and clubs black, hearts and diamonds red.
    pub const fn colour(self) -> Colour {
        match self {
            Suit::Spades | Suit::Clubs => Colour::Black,
            Suit::Hearts | Suit::Diamonds => Colour::Red,
        }
    }
}

/// A card's colour, for the games that build in alternating colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Spades and clubs.
    Black,
    /// Hearts and diamonds.
    Red,
}

/// A rank, ace (1) low to king (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The ace.
    pub const ACE: Rank = Rank(1);
    /// The queen: the last book to go.
    pub const QUEEN: Rank = Rank(12);
    /// The king: never part of a book.
    pub const KING: Rank = Rank(13);

    /// The rank with this number, 1 (ace) to 13 (king).
    pub const fn new(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 13 {
            Some(Rank(n))
        } else {
            None
        }
    }

    /// 1 (ace) to 13 (king).
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The notation character: `A 2 3 4 5 6 7 8 9 T J Q K`.
    pub fn letter(self) -> char {
        b"A23456789TJQK"[usize::from(self.0 - 1)] as char
    }

    /// The rank for a notation character, either case.
    pub fn from_letter(c: char) -> Option<Rank> {
        let up = c.to_ascii_uppercase();
        b"A23456789TJQK".iter().position(|&b| b as char == up).map(|i| Rank(i as u8 + 1))
    }

    /// The rank's name in words (for messages).
    pub fn name(self) -> &'static str {
        ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"]
            [usize::from(self.0 - 1)]
    }
}

/// One of the 52 cards. Its index (0..52) is `suit * 13 + rank - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0 - 1)
    }

    /// The card with this index, 0..52.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// 0..52.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Its rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 13 + 1)
    }

    /// Its suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 13 {
            0 => Suit::Spades,
            1 => Suit::Hearts,
            2 => Suit::Diamonds,
            _ => Suit::Clubs,
        }
    }

    /// Its colour.
    pub const fn colour(self) -> Colour {
        self.suit().colour()
    }

    /// True for the four kings.
    pub const fn is_king(self) -> bool {
        self.0 % 13 == 12
    }

    /// True when `self` may sit next to `other`: same suit or same rank.
    pub const fn matches(self, other: Card) -> bool {
        self.0 / 13 == other.0 / 13 || self.0 % 13 == other.0 % 13
    }

    /// Parses a two-character name (`9h`, `TS`), either case.
    pub fn parse(s: &str) -> Option<Card> {
        let mut chars = s.chars();
        let rank = Rank::from_letter(chars.next()?)?;
        let suit = Suit::from_letter(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Card::new(rank, suit))
    }

    /// All 52, by index.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

/// Every card's name, in index order.
const NAMES: [&str; 52] = [
    "As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "Ah", "2h", "3h", "4h", "5h", "6h",
    "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ad", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd",
    "Kd", "Ac", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc",
];

impl Card {
    /// Its two-letter name (`9h`, `Ts`): what its `Text` writes. The event
    /// log writes a position after every move, up to 126 cards, so card
    /// names come from a table rather than being formatted: a `write!`
    /// per card cost milliseconds a position on the PS1.
    pub fn name(self) -> &'static str {
        NAMES.get(usize::from(self.0)).copied().unwrap_or("??")
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::out::Text::text(self, f)
    }
}

impl crate::out::Text for Card {
    fn text(&self, out: &mut dyn crate::out::Out) -> fmt::Result {
        out.put_str(self.name())
    }
}

impl crate::out::Text for Rank {
    fn text(&self, out: &mut dyn crate::out::Out) -> fmt::Result {
        crate::out::Text::text(&self.letter(), out)
    }
}

/// The 52 cards in index order (spades ace to king, then hearts, diamonds,
/// clubs), shuffled for deal number `seed`: the deal generator of the
/// collection's games. `deck[0]` is the top card, the first one dealt.
///
/// The shuffle is Fisher-Yates from the top down ([`shuffle`]) driven by
/// [`Pcg32::new`]`(seed)`, so anyone can reproduce a deal from its number.
/// A Farewell to Kings keeps its own order (kings first, then 48 cards).
pub fn shuffled_deck(seed: u32) -> [Card; 52] {
    let mut deck = [Card(0); 52];
    for (i, c) in deck.iter_mut().enumerate() {
        *c = Card(i as u8);
    }
    shuffle(&mut deck, &mut Pcg32::new(seed));
    deck
}

/// Fisher-Yates: for `i` from the last index down to 1, swap `cards[i]` with
/// `cards[j]`, `j` drawn uniformly from `0..=i` ([`Pcg32::below`]).
pub fn shuffle(cards: &mut [Card], rng: &mut Pcg32) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}
