//! The rules of Four Kingdoms (docs/rules/kingdoms.md): the seven free
//! lands, the talon and waste, and per suit the dungeon, tower, guest
//! chamber, castle and subjects; every move, with exact undo.
//!
//! A [`Position`] is the state and nothing else: a plain value of a few
//! hundred bytes that the players copy and search. [`Position::apply`]
//! returns an [`Undo`] record (where the cards came from, how many moved,
//! whether a face-down card turned up) and [`Position::revert`] plays it
//! back, so a search needs no copies. A [`Game`] is a position with its
//! undo history: what the console and `kings` play.

use crate::cards::{shuffled_deck, Card, Rank, Suit};
use core::fmt;

/// Free lands, `p1`..`p7`.
pub const LANDS: usize = 7;
/// Face-down cards dealt to each free land (one more goes on top face up).
pub const DEALT_DOWN: usize = 3;
/// Longest face-up run a land can hold: it goes up by one rank in one suit
/// and nothing is ever played on an ace, so at most 2 up to K.
pub const LONGEST_RUN: usize = 12;
/// Cards a land can hold: its face-down cards (never more than were dealt)
/// under the longest run.
pub const LAND: usize = DEALT_DOWN + LONGEST_RUN;
/// Cards in the talon after the deal: 52 less four to each land.
pub const TALON: usize = 52 - LANDS * (DEALT_DOWN + 1);
/// Moves the undo history of a [`Game`] keeps. The rules allow endless
/// play (a guest can go to an empty land and back), so no history could
/// hold every move; this one keeps the last 400, more than any sensible
/// game plays (a win takes 52 foundation moves, at most 24 draws and
/// typically a few dozen land moves) and as many as the console's save
/// keeps (a resumed game can take back what was saved). A game is moved
/// whole when it is dealt on the console, so its size is frame time: the
/// history is 2.8 KB of its 3 KB on the host (1024 moves made it 7.4 KB,
/// and the deal frame late in PCSX-Reloaded).
pub const MAX_UNDO: usize = 400;

/// What every slot past a pile's length holds, so that two equal positions
/// are equal field by field (`==`, `Hash`, the fair player's view).
const NO_CARD: Card = Card::new(Rank::ACE, Suit::Spades);

/// A move, as the notation writes it (`draw`, `6h>p3`, `5h>g`, `5h>f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn the talon's top card onto the waste.
    Draw,
    /// Move the card (and the cards on it) onto free land `0..7` (`p1`..`p7`).
    ToLand(Card, u8),
    /// Move the card into its suit's guest chamber.
    ToGuest(Card),
    /// Move the card to its foundation (which one follows from its rank).
    ToFoundation(Card),
}

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In free land `land` (0..7) at `index` (0 = bottom); `up` when face up.
    Land {
        /// 0..7.
        land: u8,
        /// From the bottom.
        index: u8,
        /// Face up.
        up: bool,
    },
    /// In the talon (face down).
    Talon,
    /// In the waste; `top` when it is the playable card.
    Waste {
        /// The waste's top card.
        top: bool,
    },
    /// In its suit's guest chamber.
    Guest,
    /// On its foundation.
    Foundation,
}

/// Where moved cards came from, as an [`Undo`] records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum From {
    /// Free land 0..7.
    Land(u8),
    /// The waste's top.
    Waste,
    /// A guest chamber.
    Guest,
    /// The talon (a draw).
    Talon,
}

/// What a move changed, enough to take it back exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Undo {
    /// The move.
    pub mv: Move,
    /// Where its cards came from.
    pub from: From,
    /// Cards moved (more than one only for a run).
    pub count: u8,
    /// The land the cards left turned its new top card face up.
    pub turned: bool,
}

const NO_UNDO: Undo = Undo { mv: Move::Draw, from: From::Talon, count: 0, turned: false };

/// Why a game was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    /// Nothing is legal, `draw` included.
    NoMove,
}

impl crate::out::Text for Loss {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match self {
            Loss::NoMove => f.put_str("no legal move"),
        }
    }
}

/// Where a game stands.
pub type Status = crate::games::Status<Loss>;

/// A set of ranks (bit n for rank n), for "waits for K, Q and J".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ranks(pub u16);

impl Ranks {
    fn add(&mut self, n: u8) {
        self.0 |= 1 << n;
    }
}

/// Why a move was refused, in words for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The game has ended (only undo is left).
    Over,
    /// `draw` with an empty talon: there is no redeal.
    TalonEmpty,
    /// The card is on its foundation already (cards never leave them).
    OnFoundation(Card),
    /// The card is face down in a free land.
    FaceDown(Card),
    /// The card is still in the talon.
    InTalon(Card),
    /// The card is in the waste under its top card.
    UnderWaste(Card),
    /// Only single cards go to a guest chamber or a foundation, and this one
    /// has cards on it.
    Covered(Card),
    /// The card is on that land already.
    SameLand(Card, u8),
    /// A whole land moving onto an empty land changes nothing.
    NothingChanges(u8, u8),
    /// Nothing is played on an ace (the dragon): the land ends in it.
    Dragon(u8, Card),
    /// Nothing is played on a king.
    OnKing(u8, Card),
    /// Lands build up by suit: the card goes on the card one below it.
    NotOnSuit {
        /// The card moved (the base of the run).
        card: Card,
        /// The land.
        land: u8,
        /// Its top card.
        top: Card,
    },
    /// A foundation card whose conditions are not met yet.
    Waits {
        /// The card.
        card: Card,
        /// The ranks of its suit that must be on the foundations first.
        missing: Ranks,
    },
    /// The suit's guest chamber is shut until its castle holds K and Q.
    GuestShut(Card),
    /// The suit's guest chamber holds a card already.
    GuestTaken(Card, Card),
    /// An ace is never a guest.
    GuestAce(Card),
    /// The card is the guest already.
    AlreadyGuest(Card),
    /// No room on the land (cannot happen in a position the rules reach).
    NoRoom(u8),
}

/// A card in words: "the ace of hearts".
#[derive(Clone, Copy, Debug)]
pub struct Words(pub Card);

impl crate::out::Text for Words {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        for s in ["the ", self.0.rank().name(), " of ", self.0.suit().name()] {
            f.put_str(s)?;
        }
        Ok(())
    }
}

/// A rank as prose writes it on the table: A 2 .. 10 J Q K.
fn rank_short(n: u8) -> &'static str {
    ["?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][usize::from(n.min(13))]
}

impl crate::out::Text for Illegal {
    /// Each reason is a template whose marks are filled in: `@` the card
    /// in words, `&` the second card in words, `%` the third card in the
    /// notation (`Ah`), `^` the land (`p3`), `~` the second land, `*` the
    /// card's suit. One small interpreter instead of a `write!` a reason
    /// keeps the console's program small.
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        let x = NO_CARD;
        let (t, cards, lands): (&str, [Card; 3], [u8; 2]) = match *self {
            Illegal::Over => ("the game is over (only undo is left)", [x; 3], [0; 2]),
            Illegal::TalonEmpty => ("the talon is empty and there is no redeal", [x; 3], [0; 2]),
            Illegal::OnFoundation(c) => ("@ is on its foundation already", [c, x, x], [0; 2]),
            Illegal::FaceDown(c) => ("% is face down", [x, x, c], [0; 2]),
            Illegal::InTalon(c) => ("% is still in the talon", [x, x, c], [0; 2]),
            Illegal::UnderWaste(c) => ("only the waste's top card may move, and @ is under it", [c, x, x], [0; 2]),
            Illegal::Covered(c) => ("@ has cards on it: only a single card goes there", [c, x, x], [0; 2]),
            Illegal::SameLand(c, l) => ("@ is on ^ already", [c, x, x], [l, 0]),
            Illegal::NothingChanges(a, b) => ("moving all of ^ onto the empty ~ changes nothing", [x; 3], [a, b]),
            Illegal::Dragon(l, a) => ("nothing is played on an ace: & on ^ is a dragon", [x, a, x], [l, 0]),
            Illegal::OnKing(l, k) => ("nothing is played on a king (& on ^)", [x, k, x], [l, 0]),
            Illegal::NotOnSuit { card, land, top } => match Rank::new(card.rank().number().saturating_sub(1)) {
                Some(below) => {
                    ("@ goes only on &, and ^ ends in %", [card, Card::new(below, card.suit()), top], [land, 0])
                }
                None => ("an ace goes only on an empty land", [x; 3], [0; 2]),
            },
            Illegal::Waits { card, missing } => {
                fill(f, "@ waits for ", [card, x, x], [0; 2])?;
                // Castle first (K Q J), then the tower's 10, then the
                // subjects from 9 down: the order the cards must come.
                let n = (missing.0 & 0x3ffc).count_ones();
                let mut k = 0;
                for r in (2..=13u8).rev() {
                    if missing.0 & (1 << r) == 0 {
                        continue;
                    }
                    k += 1;
                    if k > 1 {
                        f.put_str(if k == n { " and " } else { ", " })?;
                    }
                    f.put_str(rank_short(r))?;
                }
                (" of *", [card, x, x], [0; 2])
            }
            Illegal::GuestShut(c) => {
                ("the * guest chamber opens once the king and queen of * are in the castle", [c, x, x], [0; 2])
            }
            Illegal::GuestTaken(c, g) => ("the * guest chamber holds % already", [c, x, g], [0; 2]),
            Illegal::GuestAce(c) => ("@ is a dragon: an ace is never a guest", [c, x, x], [0; 2]),
            Illegal::AlreadyGuest(c) => ("@ is the guest already", [c, x, x], [0; 2]),
            Illegal::NoRoom(l) => ("^ has no room", [x; 3], [l, 0]),
        };
        fill(f, t, cards, lands)
    }
}

/// Writes template `t` with its marks filled in (see [`Illegal`]'s `fmt`).
fn fill(f: &mut dyn crate::out::Out, t: &str, cards: [Card; 3], lands: [u8; 2]) -> fmt::Result {
    let mut plain = 0;
    for (i, b) in t.bytes().enumerate() {
        if !matches!(b, b'@' | b'&' | b'%' | b'^' | b'~' | b'*') {
            continue;
        }
        f.put_str(t.get(plain..i).unwrap_or(""))?;
        plain = i + 1;
        match b {
            b'@' | b'&' => put!(f, Words(cards[usize::from(b == b'&')]))?,
            b'%' => {
                put!(f, cards[2].rank().letter(), cards[2].suit().letter())?;
            }
            b'*' => f.put_str(cards[0].suit().name())?,
            _ => {
                put!(f, 'p', u16::from(lands[usize::from(b == b'~')]) + 1)?;
            }
        }
    }
    f.put_str(t.get(plain..).unwrap_or(""))
}

/// A free land: face-down cards at the bottom, a face-up run on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Land {
    cards: [Card; LAND],
    len: u8,
    down: u8,
}

impl Land {
    const EMPTY: Land = Land { cards: [NO_CARD; LAND], len: 0, down: 0 };

    /// Its cards, bottom first.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len).min(LAND)]
    }

    /// How many of them (from the bottom) are face down.
    pub fn down(&self) -> usize {
        usize::from(self.down)
    }

    /// Its face-up cards, bottom first.
    pub fn up(&self) -> &[Card] {
        let c = self.cards();
        &c[self.down().min(c.len())..]
    }

    /// Its top card.
    pub fn top(&self) -> Option<Card> {
        self.cards().last().copied()
    }

    /// True when it holds no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, c: Card) -> bool {
        let i = usize::from(self.len);
        if i >= LAND {
            return false;
        }
        self.cards[i] = c;
        self.len += 1;
        true
    }
}

/// The state of a game of Four Kingdoms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    lands: [Land; LANDS],
    /// The talon, bottom first: `talon[talon_len - 1]` is drawn next.
    talon: [Card; TALON],
    talon_len: u8,
    /// The waste, bottom first.
    waste: [Card; TALON],
    waste_len: u8,
    guest: [Option<Card>; 4],
    dungeon: [bool; 4],
    tower: [bool; 4],
    /// 0..=3: K, then Q, then J.
    castle: [u8; 4],
    /// 0..=8: 9 down to 2.
    subjects: [u8; 4],
}

/// The four suits' foundations (each array in suit order: spades, hearts,
/// diamonds, clubs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Foundations {
    /// Per suit: the ace is in the dungeon.
    pub dungeon: [bool; 4],
    /// Per suit: the ten is in the tower.
    pub tower: [bool; 4],
    /// Per suit: 0..=3 castle cards (K, Q, J).
    pub castle: [u8; 4],
    /// Per suit: 0..=8 subjects (9 down to 2).
    pub subjects: [u8; 4],
}

impl Position {
    /// The opening position of deal number `seed`.
    ///
    /// The deck ([`shuffled_deck`], `deck[0]` on top) is dealt from the top
    /// in rows across the lands, as a player deals: `deck[0..7]` are the
    /// bottom cards of `p1`..`p7` (face down), `deck[7..14]` the second
    /// layer, `deck[14..21]` the third (all face down), `deck[21..28]` the
    /// face-up top cards of `p1`..`p7`; the remaining 24 form the talon in
    /// deck order, `deck[28]` on top (drawn first), `deck[51]` at the
    /// bottom. The waste starts empty.
    pub fn deal(seed: u32) -> Position {
        let deck = shuffled_deck(seed);
        let mut p = Position::empty();
        for row in 0..=DEALT_DOWN {
            for l in 0..LANDS {
                p.lands[l].push(deck[row * LANDS + l]);
            }
        }
        for l in &mut p.lands {
            l.down = DEALT_DOWN as u8;
        }
        // The talon is stored bottom first: deck[51] at index 0.
        for (i, c) in p.talon.iter_mut().enumerate() {
            *c = deck[51 - i];
        }
        p.talon_len = TALON as u8;
        p
    }

    fn empty() -> Position {
        Position {
            lands: [Land::EMPTY; LANDS],
            talon: [NO_CARD; TALON],
            talon_len: 0,
            waste: [NO_CARD; TALON],
            waste_len: 0,
            guest: [None; 4],
            dungeon: [false; 4],
            tower: [false; 4],
            castle: [0; 4],
            subjects: [0; 4],
        }
    }

    /// A position from its parts, unchecked but for capacity: `None` when a
    /// land holds more than [`LAND`] cards, more than [`DEALT_DOWN`] are face
    /// down or the top card would be face down, or talon and waste hold more
    /// than [`TALON`]. The notation checks everything else first.
    pub fn from_parts(
        lands: &[(&[Card], usize); LANDS],
        talon_top_first: &[Card],
        waste: &[Card],
        guest: [Option<Card>; 4],
        f: Foundations,
    ) -> Option<Position> {
        let mut p = Position::empty();
        for (i, (cards, down)) in lands.iter().enumerate() {
            if cards.len() > LAND || *down > DEALT_DOWN || (*down > 0 && *down >= cards.len()) {
                return None;
            }
            for c in cards.iter() {
                p.lands[i].push(*c);
            }
            p.lands[i].down = *down as u8;
        }
        if talon_top_first.len() + waste.len() > TALON {
            return None;
        }
        for (i, c) in talon_top_first.iter().rev().enumerate() {
            p.talon[i] = *c;
        }
        p.talon_len = talon_top_first.len() as u8;
        for (i, c) in waste.iter().enumerate() {
            p.waste[i] = *c;
        }
        p.waste_len = waste.len() as u8;
        p.guest = guest;
        p.dungeon = f.dungeon;
        p.tower = f.tower;
        p.castle = f.castle.map(|n| n.min(3));
        p.subjects = f.subjects.map(|n| n.min(8));
        Some(p)
    }

    /// Free land `i` (0..7; an empty land past 7).
    pub fn land(&self, i: usize) -> &Land {
        const NONE: Land = Land::EMPTY;
        self.lands.get(i).unwrap_or(&NONE)
    }

    /// The talon from the top (the next card drawn) down.
    pub fn talon(&self) -> impl Iterator<Item = Card> + '_ {
        self.talon[..usize::from(self.talon_len).min(TALON)].iter().rev().copied()
    }

    /// Cards in the talon.
    pub fn talon_len(&self) -> usize {
        usize::from(self.talon_len)
    }

    /// The waste, bottom first (its top card, the playable one, last).
    pub fn waste(&self) -> &[Card] {
        &self.waste[..usize::from(self.waste_len).min(TALON)]
    }

    /// The guest of a suit's chamber.
    pub fn guest(&self, s: Suit) -> Option<Card> {
        self.guest[s as usize]
    }

    /// The suit's foundations: dungeon, tower, castle count, subjects count.
    pub fn foundations(&self) -> Foundations {
        Foundations { dungeon: self.dungeon, tower: self.tower, castle: self.castle, subjects: self.subjects }
    }

    /// Cards on the foundations, 0..=52.
    #[inline]
    pub fn on_foundations(&self) -> usize {
        (0..4)
            .map(|s| {
                usize::from(self.dungeon[s])
                    + usize::from(self.tower[s])
                    + usize::from(self.castle[s])
                    + usize::from(self.subjects[s])
            })
            .sum()
    }

    /// True when `c` is on its foundation.
    #[inline]
    pub fn is_on_foundation(&self, c: Card) -> bool {
        let s = c.suit() as usize;
        match c.rank().number() {
            1 => self.dungeon[s],
            10 => self.tower[s],
            n @ 11..=13 => self.castle[s] >= 14 - n,
            n => self.subjects[s] >= 10 - n,
        }
    }

    /// The top card of a suit's pile in the notation's columns: the
    /// dungeon's ace, the tower's ten, the castle's last card, the last
    /// subject. `None` when empty.
    #[inline]
    pub fn pile_top(&self, pile: Pile, s: Suit) -> Option<Card> {
        let i = s as usize;
        let r = match pile {
            Pile::Dungeon => self.dungeon[i].then_some(1),
            Pile::Tower => self.tower[i].then_some(10),
            Pile::Castle => (self.castle[i] > 0).then(|| 14 - self.castle[i]),
            Pile::Subjects => (self.subjects[i] > 0).then(|| 10 - self.subjects[i]),
        }?;
        Some(Card::new(Rank::new(r)?, s))
    }

    /// Where `c` is.
    pub fn locate(&self, c: Card) -> Place {
        if self.is_on_foundation(c) {
            return Place::Foundation;
        }
        if self.guest[c.suit() as usize] == Some(c) {
            return Place::Guest;
        }
        let w = self.waste();
        if let Some(i) = w.iter().position(|x| *x == c) {
            return Place::Waste { top: i + 1 == w.len() };
        }
        for (l, land) in self.lands.iter().enumerate() {
            if let Some(i) = land.cards().iter().position(|x| *x == c) {
                return Place::Land { land: l as u8, index: i as u8, up: i >= land.down() };
            }
        }
        Place::Talon
    }

    /// The foundation conditions for `c`: the ranks of its suit still
    /// missing before it may go (an empty set: it may go now).
    pub fn foundation_needs(&self, c: Card) -> Ranks {
        let s = c.suit() as usize;
        let mut m = Ranks::default();
        let castle = self.castle[s];
        let n = c.rank().number();
        let castle_upto = |m: &mut Ranks, k: u8| {
            // K, Q, J are castle cards 1, 2, 3.
            for (i, r) in [13u8, 12, 11].iter().enumerate() {
                if (i as u8) < k && castle <= i as u8 {
                    m.add(*r);
                }
            }
        };
        match n {
            10 => {}
            11..=13 => castle_upto(&mut m, 13 - n),
            1 => {
                castle_upto(&mut m, 3);
                if !self.tower[s] {
                    m.add(10);
                }
            }
            _ => {
                castle_upto(&mut m, 3);
                for r in n + 1..=9 {
                    if self.subjects[s] < 10 - r {
                        m.add(r);
                    }
                }
            }
        }
        m
    }

    /// True when the suit's guest chamber is open (K and Q in its castle).
    pub fn guest_open(&self, s: Suit) -> bool {
        self.castle[s as usize] >= 2
    }

    /// True when every card is on the foundations.
    pub fn is_won(&self) -> bool {
        self.on_foundations() == 52
    }

    /// Checks `m` without playing it: where its cards come from and how many.
    pub fn check(&self, m: Move) -> Result<(From, u8), Illegal> {
        let card = match m {
            Move::Draw => {
                return if self.talon_len > 0 { Ok((From::Talon, 1)) } else { Err(Illegal::TalonEmpty) };
            }
            Move::ToLand(c, _) | Move::ToGuest(c) | Move::ToFoundation(c) => c,
        };
        let place = self.locate(card);
        // Where the card comes from, and how many cards come with it.
        let (from, count) = match place {
            Place::Foundation => return Err(Illegal::OnFoundation(card)),
            Place::Talon => return Err(Illegal::InTalon(card)),
            Place::Waste { top: false } => return Err(Illegal::UnderWaste(card)),
            Place::Land { up: false, .. } => return Err(Illegal::FaceDown(card)),
            Place::Waste { top: true } => (From::Waste, 1u8),
            Place::Guest => (From::Guest, 1),
            Place::Land { land, index, up: true } => {
                (From::Land(land), (self.land(usize::from(land)).cards().len() as u8).saturating_sub(index))
            }
        };
        match m {
            Move::Draw => {}
            Move::ToLand(_, to) => {
                let Some(dest) = self.lands.get(usize::from(to)) else { return Err(Illegal::NoRoom(to)) };
                if from == From::Land(to) {
                    return Err(Illegal::SameLand(card, to));
                }
                match dest.top() {
                    None => {
                        if let (From::Land(l), Place::Land { index: 0, .. }) = (from, place) {
                            return Err(Illegal::NothingChanges(l, to));
                        }
                    }
                    Some(top) => {
                        if top.rank() == Rank::ACE {
                            return Err(Illegal::Dragon(to, top));
                        }
                        if top.rank() == Rank::KING {
                            return Err(Illegal::OnKing(to, top));
                        }
                        if top.suit() != card.suit() || top.rank().number() + 1 != card.rank().number() {
                            return Err(Illegal::NotOnSuit { card, land: to, top });
                        }
                    }
                }
                if usize::from(dest.len) + usize::from(count) > LAND {
                    return Err(Illegal::NoRoom(to));
                }
            }
            Move::ToGuest(_) => {
                if count > 1 {
                    return Err(Illegal::Covered(card));
                }
                if from == From::Guest {
                    return Err(Illegal::AlreadyGuest(card));
                }
                if card.rank() == Rank::ACE {
                    return Err(Illegal::GuestAce(card));
                }
                if !self.guest_open(card.suit()) {
                    return Err(Illegal::GuestShut(card));
                }
                if let Some(g) = self.guest[card.suit() as usize] {
                    return Err(Illegal::GuestTaken(card, g));
                }
            }
            Move::ToFoundation(_) => {
                if count > 1 {
                    return Err(Illegal::Covered(card));
                }
                let missing = self.foundation_needs(card);
                if missing.0 != 0 {
                    return Err(Illegal::Waits { card, missing });
                }
            }
        }
        Ok((from, count))
    }

    /// Plays `m`, or says why not (the position is then unchanged).
    pub fn apply(&mut self, m: Move) -> Result<Undo, Illegal> {
        let (from, count) = self.check(m)?;
        let mut turned = false;
        // Lift the cards.
        let mut lifted = [NO_CARD; LONGEST_RUN + 1];
        let n = usize::from(count).min(lifted.len());
        match from {
            From::Talon => {
                let i = usize::from(self.talon_len) - 1;
                lifted[0] = core::mem::replace(&mut self.talon[i], NO_CARD);
                self.talon_len -= 1;
            }
            From::Waste => {
                let i = usize::from(self.waste_len) - 1;
                lifted[0] = core::mem::replace(&mut self.waste[i], NO_CARD);
                self.waste_len -= 1;
            }
            From::Guest => {
                let s = match m {
                    Move::ToLand(c, _) | Move::ToGuest(c) | Move::ToFoundation(c) => c.suit() as usize,
                    Move::Draw => 0,
                };
                lifted[0] = self.guest[s].unwrap_or(NO_CARD);
                self.guest[s] = None;
            }
            From::Land(l) => {
                let land = &mut self.lands[usize::from(l)];
                let start = usize::from(land.len) - n;
                lifted[..n].copy_from_slice(&land.cards[start..start + n]);
                land.cards[start..start + n].fill(NO_CARD);
                land.len -= n as u8;
                if land.down > 0 && land.down == land.len {
                    land.down -= 1;
                    turned = true;
                }
            }
        }
        // Put them down.
        match m {
            Move::Draw => {
                self.waste[usize::from(self.waste_len)] = lifted[0];
                self.waste_len += 1;
            }
            Move::ToLand(_, to) => {
                let land = &mut self.lands[usize::from(to)];
                for c in &lifted[..n] {
                    land.push(*c);
                }
            }
            Move::ToGuest(c) => self.guest[c.suit() as usize] = Some(c),
            Move::ToFoundation(c) => self.found(c, true),
        }
        Ok(Undo { mv: m, from, count, turned })
    }

    /// Puts `c` on its foundation (`put`) or takes it back off.
    #[inline]
    fn found(&mut self, c: Card, put: bool) {
        let s = c.suit() as usize;
        let step = |x: &mut u8| *x = if put { x.saturating_add(1) } else { x.saturating_sub(1) };
        match c.rank().number() {
            1 => self.dungeon[s] = put,
            10 => self.tower[s] = put,
            11..=13 => step(&mut self.castle[s]),
            _ => step(&mut self.subjects[s]),
        }
    }

    /// Takes back the move `u` recorded, exactly: it must be the last move
    /// played on this position.
    pub fn revert(&mut self, u: Undo) {
        let n = usize::from(u.count).min(LONGEST_RUN + 1);
        let mut lifted = [NO_CARD; LONGEST_RUN + 1];
        // Lift the cards from where the move put them.
        match u.mv {
            Move::Draw => {
                if self.waste_len == 0 {
                    return;
                }
                self.waste_len -= 1;
                lifted[0] = core::mem::replace(&mut self.waste[usize::from(self.waste_len)], NO_CARD);
            }
            Move::ToLand(_, to) => {
                let Some(land) = self.lands.get_mut(usize::from(to)) else { return };
                if usize::from(land.len) < n {
                    return;
                }
                let start = usize::from(land.len) - n;
                lifted[..n].copy_from_slice(&land.cards[start..start + n]);
                land.cards[start..start + n].fill(NO_CARD);
                land.len -= n as u8;
            }
            Move::ToGuest(c) => {
                lifted[0] = c;
                self.guest[c.suit() as usize] = None;
            }
            Move::ToFoundation(c) => {
                lifted[0] = c;
                self.found(c, false);
            }
        }
        // Put them back.
        match u.from {
            From::Talon => {
                if usize::from(self.talon_len) < TALON {
                    self.talon[usize::from(self.talon_len)] = lifted[0];
                    self.talon_len += 1;
                }
            }
            From::Waste => {
                if usize::from(self.waste_len) < TALON {
                    self.waste[usize::from(self.waste_len)] = lifted[0];
                    self.waste_len += 1;
                }
            }
            From::Guest => self.guest[lifted[0].suit() as usize] = Some(lifted[0]),
            From::Land(l) => {
                let Some(land) = self.lands.get_mut(usize::from(l)) else { return };
                if u.turned {
                    land.down += 1;
                }
                for c in &lifted[..n] {
                    land.push(*c);
                }
            }
        }
    }

    /// Calls `f` with every legal move until it returns `true`; returns
    /// whether it did. The order: `draw`; then for each movable card (each
    /// land's face-up cards bottom up, `p1` first; the waste's top; the
    /// guests, spades first) its moves to the lands `p1`..`p7`, its guest
    /// chamber, its foundation.
    pub fn legal_until(&self, f: &mut dyn FnMut(Move) -> bool) -> bool {
        if self.is_won() {
            return false;
        }
        if self.talon_len > 0 && f(Move::Draw) {
            return true;
        }
        for l in 0..LANDS {
            let land = &self.lands[l];
            let up = land.up();
            for (k, c) in up.iter().enumerate() {
                if self.card_moves(*c, k + 1 == up.len(), f) {
                    return true;
                }
            }
        }
        if let Some(c) = self.waste().last() {
            if self.card_moves(*c, true, f) {
                return true;
            }
        }
        for g in self.guest.iter().flatten() {
            if self.card_moves(*g, true, f) {
                return true;
            }
        }
        false
    }

    fn card_moves(&self, c: Card, single: bool, f: &mut dyn FnMut(Move) -> bool) -> bool {
        // Only a land that is empty or ends in the card below, an open
        // empty guest chamber: the full check (which looks for the card)
        // only for those, so that a lost position is found out quickly.
        for to in 0..LANDS as u8 {
            let m = Move::ToLand(c, to);
            let fits = self.lands[usize::from(to)]
                .top()
                .is_none_or(|t| t.suit() == c.suit() && t.rank().number() + 1 == c.rank().number());
            if fits && self.check(m).is_ok() && f(m) {
                return true;
            }
        }
        if single {
            let s = c.suit();
            let guest = self.guest_open(s) && self.guest[s as usize].is_none();
            for (m, may) in [(Move::ToGuest(c), guest), (Move::ToFoundation(c), self.foundation_needs(c).0 == 0)] {
                if may && self.check(m).is_ok() && f(m) {
                    return true;
                }
            }
        }
        false
    }

    /// Calls `f` with every legal move, in the order of [`Position::legal_until`].
    pub fn for_each_legal(&self, f: &mut dyn FnMut(Move)) {
        self.legal_until(&mut |m| {
            f(m);
            false
        });
    }

    /// The ten an automatic move would send to its tower now, scanning
    /// the suits in notation order: one free to go there (a land's top
    /// card, the waste's top or a guest) whose jack, the only card that
    /// could ever be built on it, is already in the castle.
    pub fn auto_due(&self) -> Option<Card> {
        let ten = Rank::new(10)?;
        let jack = Rank::new(11)?;
        Suit::ALL.into_iter().map(|s| Card::new(ten, s)).find(|&c| {
            let builders = [Card::new(jack, c.suit())];
            crate::games::safe_to_send_home(&builders, |b| self.is_on_foundation(b))
                && self.check(Move::ToFoundation(c)).is_ok()
        })
    }

    /// Where the game stands: won, lost (no legal move) or playing.
    pub fn status(&self) -> Status {
        if self.is_won() {
            Status::Won
        } else if self.legal_until(&mut |_| true) {
            Status::Playing
        } else {
            Status::Lost(Loss::NoMove)
        }
    }
}

/// A suit's pile, as the notation's columns name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    /// The ace.
    Dungeon,
    /// The ten.
    Tower,
    /// K, Q, J.
    Castle,
    /// 9 down to 2.
    Subjects,
}

/// The options of a game (`Patience::options_code`: bit 0 the automatic
/// moves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// After every move, each ten that is safe to send to its tower goes
    /// there by itself ([`Position::auto_due`]); off by default.
    pub auto: bool,
}

/// Automatic moves a game can hold for undo: each sends a ten up, once.
const MAX_AUTOS: usize = 4;

/// A game: a position and the undo history of the moves that led to it.
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    /// Its options.
    pub(super) options: Options,
    /// The automatic moves made and not taken back, oldest first: the move
    /// count just after the move that caused each, and its record (undo
    /// takes them back with that move).
    autos: [(usize, Undo); MAX_AUTOS],
    /// Entries of `autos` in use.
    autos_len: usize,
    /// A ring of the last [`MAX_UNDO`] moves' records.
    history: [Undo; MAX_UNDO],
    /// Index of the oldest record kept.
    first: usize,
    /// Records kept.
    kept: usize,
    /// Moves played and not undone (may exceed what the history keeps).
    pub(super) played: usize,
    /// Where the position stands, worked out once a move (a lost position
    /// weighs every move to say so, and the console asks every frame).
    pub(super) status: Status,
}

impl PartialEq for Game {
    /// Two games are equal when their positions are: the history is how
    /// they got there.
    fn eq(&self, other: &Game) -> bool {
        self.pos == other.pos
    }
}

impl Game {
    /// The opening position of deal number `seed` (see [`Position::deal`]),
    /// without automatic moves.
    pub fn new(seed: u32) -> Game {
        Game::from_position(Position::deal(seed))
    }

    /// Deal number `seed` with `options` (no automatic move is due in an
    /// opening position: no jack is home).
    pub fn with_options(seed: u32, options: Options) -> Game {
        let mut g = Game::new(seed);
        g.options = options;
        g
    }

    /// A game starting at `pos` (nothing to undo), without automatic moves.
    pub fn from_position(pos: Position) -> Game {
        Game {
            status: pos.status(),
            pos,
            options: Options::default(),
            autos: [(0, NO_UNDO); MAX_AUTOS],
            autos_len: 0,
            history: [NO_UNDO; MAX_UNDO],
            first: 0,
            kept: 0,
            played: 0,
        }
    }

    /// The automatic moves the last move caused, oldest first (none with
    /// the option off).
    pub fn last_autos(&self) -> impl Iterator<Item = &Undo> + '_ {
        let played = self.played;
        self.autos[..self.autos_len].iter().filter(move |(at, _)| *at == played).map(|(_, u)| u)
    }

    /// Makes every automatic move due, each kept for the undo of the move
    /// that caused it.
    fn make_autos(&mut self) {
        while let Some(c) = self.pos.auto_due() {
            let Ok(u) = self.pos.apply(Move::ToFoundation(c)) else { break };
            if self.autos_len == MAX_AUTOS {
                // Cannot happen (four tens, each up once); forget the oldest.
                self.autos.copy_within(1.., 0);
                self.autos_len -= 1;
            }
            self.autos[self.autos_len] = (self.played, u);
            self.autos_len += 1;
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plays `m`; refused moves leave the game unchanged.
    pub fn play(&mut self, m: Move) -> Result<Undo, Illegal> {
        if self.pos.is_won() {
            return Err(Illegal::Over);
        }
        let u = self.pos.apply(m)?;
        if self.kept == MAX_UNDO {
            // Forget the oldest record.
            self.first = (self.first + 1) % MAX_UNDO;
            self.kept -= 1;
        }
        self.history[(self.first + self.kept) % MAX_UNDO] = u;
        self.kept += 1;
        self.played = self.played.saturating_add(1);
        if self.options.auto {
            self.make_autos();
        }
        self.status = self.pos.status();
        Ok(u)
    }

    /// Takes back the last move; `None` when nothing is left to take back.
    pub fn undo(&mut self) -> Option<Undo> {
        if self.kept == 0 {
            return None;
        }
        self.kept -= 1;
        // The automatic moves it caused first, newest first.
        while self.autos_len > 0 && self.autos[self.autos_len - 1].0 == self.played {
            self.autos_len -= 1;
            self.pos.revert(self.autos[self.autos_len].1);
        }
        let u = self.history[(self.first + self.kept) % MAX_UNDO];
        self.pos.revert(u);
        self.played = self.played.saturating_sub(1);
        self.status = self.pos.status();
        Some(u)
    }

    /// Moves that [`Game::undo`] can still take back.
    pub fn undoable(&self) -> usize {
        self.kept
    }
}


crate::display_via_text!(Loss, Words, Illegal);
