//! The rules of King Albert (docs/rules/albert.md): the board, the deal,
//! the moves and why one is refused, the automatic moves, and exact undo.
//!
//! The board keeps each building stack as a chain: for every card, the card
//! under it ([`Board`] is 72 bytes). Moving a run of any length is then three
//! writes, and the chain of "what lies under what" is also what the solver
//! hashes (stacks as a multiset need no sorting: the chains do not say which
//! stack they are on).
//!
//! A [`Game`] is a board, its options, and the undo history: one record per
//! move with the automatic moves it caused, kept in rings of fixed size (see
//! [`MAX_UNDO`]).

use crate::cards::{shuffled_deck, Card, Colour, Rank, Suit};
use heapless::Deque;

/// Building stacks.
pub const STACKS: usize = 9;
/// Reserve slots.
pub const RESERVE: usize = 7;
/// Moves that can be taken back, the most recent first. King Albert has no
/// bound on the length of a game (cards can move to and fro between
/// building stacks for ever), so the history is a ring: past this many
/// moves the oldest can no longer be undone. A won game needs 52 moves to
/// the suit stacks plus its building moves, typically under 200; 400 undo
/// steps (as in Four Kingdoms) is more than anyone takes back, and keeps
/// the game 2.8 KB of records (1024 would be 7.2 KB, which every deal
/// copies on the console).
pub const MAX_UNDO: usize = 400;
/// Automatic moves the history can hold. Every automatic move puts a card on
/// a suit stack and only undo takes one off, so the moves in the history
/// caused at most 52 of them.
const MAX_AUTOS: usize = 52;
/// No card (in a chain, a stack's top, a reserve slot).
const NONE: u8 = 0xFF;

/// The starting-rank option: the cards up to this rank begin on the suit
/// stacks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StartRank {
    /// Suit stacks start empty.
    #[default]
    None,
    /// The aces start on the suit stacks.
    Ace,
    /// Aces and twos.
    Two,
    /// Up to the threes.
    Three,
    /// Up to the fours.
    Four,
    /// Up to the fives.
    Five,
}

impl StartRank {
    /// All six, in order.
    pub const ALL: [StartRank; 6] =
        [StartRank::None, StartRank::Ace, StartRank::Two, StartRank::Three, StartRank::Four, StartRank::Five];

    /// Cards of each suit on the suit stacks at the start, 0 to 5.
    pub fn count(self) -> u8 {
        self as u8
    }

    /// The option's word: `none`, `A`, `2` ... `5`.
    pub fn name(self) -> &'static str {
        ["none", "A", "2", "3", "4", "5"][self as usize]
    }

    /// The option for a word, either case (`none`, `a`, `A`, `2`..`5`).
    pub fn parse(s: &str) -> Option<StartRank> {
        StartRank::ALL.into_iter().find(|r| r.name().eq_ignore_ascii_case(s))
    }
}

/// The options of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Cards on the suit stacks at the start.
    pub start: StartRank,
    /// Automatic moves to the suit stacks (on by default).
    pub auto: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { start: StartRank::None, auto: true }
    }
}

/// A move. Its `Text` writes it as the notation does: `Qd>t3`, `5h>f`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// This card (a reserve card, a stack's top card, or the base of an
    /// ordered run on top of a stack, which moves with it) onto building
    /// stack 0..9 (`t1` is 0).
    Stack(Card, u8),
    /// This card to its suit stack.
    Foundation(Card),
}

impl Move {
    /// The card named by the move.
    pub fn card(self) -> Card {
        match self {
            Move::Stack(c, _) | Move::Foundation(c) => c,
        }
    }
}

impl crate::out::Text for Move {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Move::Stack(c, t) => put!(f, c, ">t", u32::from(t) + 1),
            Move::Foundation(c) => put!(f, c, ">f"),
        }
    }
}

/// Why a game was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    /// No legal move at all.
    NoMove,
}

impl crate::out::Text for Loss {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        f.put_str("no legal move")
    }
}

/// Where a game stands.
pub type Status = super::super::Status<Loss>;

/// Why a move was refused, in the player's words (its `Text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The game is over: only undo is accepted.
    GameOver,
    /// The card is already on its suit stack.
    OnFoundation(Card),
    /// The card lies under this one (a move to the suit stack takes a top
    /// card only).
    Covered(Card, Card),
    /// The cards above this one are not an ordered run: this card breaks it.
    NotARun(Card, Card),
    /// The card (or run) is already on this stack.
    SameStack(Card, u8),
    /// The card does not fit on this top card.
    NoFit(Card, Card),
    /// The card's suit stack needs this card first.
    FoundationNeeds(Card),
    /// A run of `n` cards needs `n - 1` empty stacks besides the destination;
    /// only `empty` are.
    RunTooLong {
        /// Cards in the run.
        n: u8,
        /// Empty building stacks that count.
        empty: u8,
    },
    /// Moving every card of this stack onto an empty stack changes nothing.
    WholeStack(u8),
}

impl crate::out::Text for Illegal {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        match *self {
            Illegal::GameOver => f.put_str("the game is over (only undo is accepted)"),
            Illegal::OnFoundation(c) => put!(f, c, " is already on its suit stack"),
            Illegal::Covered(c, by) => put!(f, c, " is covered by ", by),
            Illegal::NotARun(c, by) => put!(f, c, " cannot move: ", by, " above it is out of sequence"),
            Illegal::SameStack(c, t) => put!(f, c, " is already on t", u32::from(t) + 1),
            Illegal::NoFit(c, on) => match Rank::new(on.rank().number().wrapping_sub(1)) {
                Some(r) => {
                    let colour = if on.colour() == Colour::Black { "red" } else { "black" };
                    put!(f, c, " does not fit on ", on, ": only a ", colour, " ", r.name(), " does")
                }
                None => put!(f, c, " does not fit on ", on, ": nothing goes on an ace"),
            },
            Illegal::FoundationNeeds(c) => put!(f, "the ", c.suit().name(), " suit stack needs ", c, " first"),
            Illegal::RunTooLong { n, empty } => {
                let need = n - 1;
                put!(
                    f,
                    "a run of ",
                    n,
                    " needs ",
                    need,
                    " empty stack",
                    if need == 1 { "" } else { "s" },
                    " besides its destination; ",
                    if empty == 1 { "there is" } else { "there are" },
                    " ",
                    empty
                )
            }
            Illegal::WholeStack(s) => {
                put!(f, "moving all of t", u32::from(s) + 1, " onto an empty stack changes nothing")
            }
        }
    }
}

/// Where a move takes its cards from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum From {
    /// Building stack 0..9; the move takes this many cards (a run's length).
    Stack(u8, u8),
    /// Reserve slot 0..7.
    Reserve(u8),
}

/// A checked move: what the board does to play it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    /// The card moved (a run's base).
    pub card: Card,
    /// Where it comes from.
    pub from: From,
    /// Building stack 0..9, or `None` for the suit stack.
    pub to: Option<u8>,
}

impl Default for Plan {
    /// A placeholder (for filling storage): the ace of spades from `r1` to
    /// its suit stack.
    fn default() -> Self {
        Plan { card: Card::new(Rank::ACE, Suit::Spades), from: From::Reserve(0), to: None }
    }
}

/// The cards' places: building stacks as chains, the reserve, the suit
/// stacks. Plain data, 72 bytes: copy it to try a line of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// For each card on a building stack, the card under it (`NONE` at the
    /// bottom of a stack, and for cards not on a stack).
    below: [u8; 52],
    /// Each building stack's top card, or `NONE` when empty.
    top: [u8; STACKS],
    /// The reserve slots, `NONE` when empty.
    reserve: [u8; RESERVE],
    /// Cards on each suit stack (0 to 13), in suit order.
    found: [u8; 4],
}

/// True when `c` may lie on `on` in a building stack: one rank lower and of
/// the other colour.
#[inline]
pub fn fits(c: Card, on: Card) -> bool {
    let (c, on) = (usize::from(c.index()) % 52, usize::from(on.index()) % 52);
    RANKS[c] + 1 == RANKS[on] && matches!(SUITS[c] ^ SUITS[on], 1 | 2)
}

/// Each card's rank, 1 to 13, by index (a table: a division by 13 is a
/// multiplication and shifts on the console's CPU, and the solver asks
/// millions of times).
pub(crate) const RANKS: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        t[i] = (i % 13) as u8 + 1;
        i += 1;
    }
    t
};

/// Each card's suit (0 spades, 1 hearts, 2 diamonds, 3 clubs), by index.
pub(crate) const SUITS: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        t[i] = (i / 13) as u8;
        i += 1;
    }
    t
};

fn card(i: u8) -> Option<Card> {
    Card::from_index(i)
}

impl Board {
    /// A board with no card anywhere (for building positions).
    pub(crate) const EMPTY: Board =
        Board { below: [NONE; 52], top: [NONE; STACKS], reserve: [NONE; RESERVE], found: [0; 4] };

    /// The opening layout of deal `seed`: the shuffled deck with the cards
    /// up to the starting rank taken out onto the suit stacks, the rest dealt
    /// from the top of the deck stack by stack (`t1` one card, `t2` two, ...,
    /// each stack bottom card first) until they run out, then the reserve
    /// from `r1`. No automatic moves yet.
    pub fn deal(seed: u32, start: StartRank) -> Board {
        let mut b = Board::EMPTY;
        let up = start.count();
        b.found = [up; 4];
        let mut stack = 0usize;
        let mut in_stack = 0usize;
        let mut slot = 0usize;
        for c in shuffled_deck(seed) {
            if c.rank().number() <= up {
                continue;
            }
            if stack < STACKS {
                b.put(stack as u8, c);
                in_stack += 1;
                if in_stack == stack + 1 {
                    stack += 1;
                    in_stack = 0;
                }
            } else if slot < RESERVE {
                b.reserve[slot] = c.index();
                slot += 1;
            }
        }
        b
    }

    /// Puts `c` on top of stack `s` (building a position; no rule checked).
    pub(crate) fn put(&mut self, s: u8, c: Card) {
        let s = usize::from(s) % STACKS;
        self.below[usize::from(c.index())] = self.top[s];
        self.top[s] = c.index();
    }

    /// Sets reserve slot `r` (building a position).
    pub(crate) fn set_reserve(&mut self, r: usize, c: Option<Card>) {
        if let Some(slot) = self.reserve.get_mut(r) {
            *slot = c.map_or(NONE, Card::index);
        }
    }

    /// Sets the number of cards on a suit stack (building a position).
    pub(crate) fn set_foundation(&mut self, s: Suit, n: u8) {
        self.found[s as usize] = n.min(13);
    }

    /// The top card of stack `s` (0..9).
    pub fn top(&self, s: usize) -> Option<Card> {
        self.top.get(s).and_then(|&i| card(i))
    }

    /// The card under `c` on its building stack.
    pub fn below(&self, c: Card) -> Option<Card> {
        card(self.below[usize::from(c.index())])
    }

    /// Reserve slot `r` (0..7).
    pub fn reserve(&self, r: usize) -> Option<Card> {
        self.reserve.get(r).and_then(|&i| card(i))
    }

    /// Cards on the suit stack of `s` (0 to 13).
    pub fn foundation_count(&self, s: Suit) -> u8 {
        self.found[s as usize]
    }

    /// The top card of the suit stack of `s`.
    pub fn foundation(&self, s: Suit) -> Option<Card> {
        Rank::new(self.found[s as usize]).map(|r| Card::new(r, s))
    }

    /// True when `c` is on its suit stack.
    pub fn on_foundation(&self, c: Card) -> bool {
        c.rank().number() <= self.found[c.suit() as usize]
    }

    /// Cards on the suit stacks.
    pub fn foundation_total(&self) -> u32 {
        self.found.iter().map(|&n| u32::from(n)).sum()
    }

    /// Empty building stacks.
    pub fn empty_stacks(&self) -> u8 {
        self.top.iter().filter(|&&t| t == NONE).count() as u8
    }

    /// Stack `s` bottom card first, into `buf`; the cards written.
    pub fn stack<'b>(&self, s: usize, buf: &'b mut [Card; 52]) -> &'b [Card] {
        let mut n = 0;
        let mut at = self.top.get(s).copied().unwrap_or(NONE);
        // A chain never holds more than 52 cards; the bound keeps even a
        // corrupt chain from looping.
        while let Some(c) = card(at) {
            if n == 52 {
                break;
            }
            buf[n] = c;
            n += 1;
            at = self.below[usize::from(at)];
        }
        buf[..n].reverse();
        &buf[..n]
    }

    /// Cards on stack `s`.
    pub fn stack_len(&self, s: usize) -> usize {
        let mut n = 0;
        let mut at = self.top.get(s).copied().unwrap_or(NONE);
        while at != NONE && n < 52 {
            n += 1;
            at = self.below[usize::from(at)];
        }
        n
    }

    /// Cards in the ordered run on top of stack `s` (0 when empty): the top
    /// card and each card under it that it continues down from.
    pub fn run_len(&self, s: usize) -> usize {
        let Some(mut c) = self.top(s) else { return 0 };
        let mut n = 1;
        while let Some(u) = self.below(c) {
            if !fits(c, u) || n >= 13 {
                break;
            }
            n += 1;
            c = u;
        }
        n
    }

    /// True when `c` can go to its suit stack now (wherever it is).
    #[inline]
    pub fn foundation_takes(&self, c: Card) -> bool {
        let i = usize::from(c.index()) % 52;
        self.found[usize::from(SUITS[i]) % 4] + 1 == RANKS[i]
    }

    /// True when `c` going to its suit stack takes nothing from the player:
    /// both cards of the other colour one rank lower are already up, so no
    /// card left in play could ever be built on it (an ace always).
    pub fn safe_to_foundation(&self, c: Card) -> bool {
        if !self.foundation_takes(c) {
            return false;
        }
        // The cards built on `c`: the other colour's one rank lower (the
        // suits of the other colour: spades and clubs are black, hearts and
        // diamonds red); none on an ace.
        let Some(below) = Rank::new(c.rank().number() - 1) else { return true };
        let (a, b) = match c.suit() {
            Suit::Spades | Suit::Clubs => (Suit::Hearts, Suit::Diamonds),
            Suit::Hearts | Suit::Diamonds => (Suit::Spades, Suit::Clubs),
        };
        let builders = [Card::new(below, a), Card::new(below, b)];
        crate::games::safe_to_send_home(&builders, |x| self.found[x.suit() as usize] >= x.rank().number())
    }

    /// Where the card an automatic move would take now lies: the first
    /// building stack scanning `t1` to `t9` whose top card is safe to send
    /// up (0..9), else the first such reserve slot scanning `r1` to `r7`
    /// (`STACKS + r`, 9..16). [`Board::auto_card`] names the card and
    /// [`Board::auto_to_foundation`] makes the move.
    pub fn auto_due(&self) -> Option<usize> {
        (0..STACKS + RESERVE).find(|&at| self.auto_card(at).is_some_and(|c| self.safe_to_foundation(c)))
    }

    /// The card at a place [`Board::auto_due`] names: stack `at`'s top
    /// card (0..9) or reserve slot `at - STACKS`'s card (9..16).
    pub fn auto_card(&self, at: usize) -> Option<Card> {
        if at < STACKS {
            self.top(at)
        } else {
            self.reserve(at - STACKS)
        }
    }

    /// Where `c` is: `Ok(From)` when it can be picked up (a reserve card, or
    /// a card of the ordered run on top of a stack, with the run's length
    /// from it), otherwise why not.
    fn pick_up(&self, c: Card) -> Result<(From, Option<Card>), Illegal> {
        if self.on_foundation(c) {
            return Err(Illegal::OnFoundation(c));
        }
        if let Some(r) = self.reserve.iter().position(|&x| x == c.index()) {
            return Ok((From::Reserve(r as u8), None));
        }
        for s in 0..STACKS {
            // Walk the stack from the top; `above` is the card on the one
            // looked at, `ordered` whether everything so far is a run.
            let mut at = self.top[s];
            let mut above: Option<Card> = None;
            let mut breaker: Option<Card> = None;
            let mut n = 0u8;
            while let Some(x) = card(at) {
                if n == 52 {
                    break;
                }
                n += 1;
                if let Some(a) = above {
                    if breaker.is_none() && !fits(a, x) {
                        breaker = Some(a);
                    }
                }
                if x == c {
                    return match breaker {
                        Some(b) => Err(Illegal::NotARun(c, b)),
                        None => Ok((From::Stack(s as u8, n), above)),
                    };
                }
                above = Some(x);
                at = self.below[usize::from(at)];
            }
        }
        // Every card is on a suit stack, in the reserve or on a stack; a
        // board built by this module cannot get here.
        Err(Illegal::OnFoundation(c))
    }

    /// The card lying on `c` in its building stack.
    pub fn above(&self, c: Card) -> Option<Card> {
        Card::all().find(|x| self.below[usize::from(x.index())] == c.index())
    }

    /// Checks a move against the rules: the plan to play it, or why not.
    pub fn check(&self, m: Move) -> Result<Plan, Illegal> {
        let c = m.card();
        let (from, above) = match self.pick_up(c) {
            Ok(x) => x,
            Err(Illegal::NotARun(_, by)) if matches!(m, Move::Foundation(_)) => {
                return Err(Illegal::Covered(c, self.above(c).unwrap_or(by)))
            }
            Err(e) => return Err(e),
        };
        match m {
            Move::Foundation(_) => {
                if let Some(a) = above {
                    return Err(Illegal::Covered(c, a));
                }
                if !self.foundation_takes(c) {
                    let need = Rank::new(self.found[c.suit() as usize] + 1).map(|r| Card::new(r, c.suit()));
                    return Err(Illegal::FoundationNeeds(need.unwrap_or(c)));
                }
                Ok(Plan { card: c, from, to: None })
            }
            Move::Stack(_, t) => {
                let ti = usize::from(t);
                if ti >= STACKS {
                    // Parsing never makes one; a safe answer all the same.
                    return Err(Illegal::SameStack(c, t));
                }
                let n = match from {
                    From::Stack(s, n) => {
                        if s == t {
                            return Err(Illegal::SameStack(c, t));
                        }
                        n
                    }
                    From::Reserve(_) => 1,
                };
                let mut empty = self.empty_stacks();
                match self.top(ti) {
                    Some(on) => {
                        if !fits(c, on) {
                            return Err(Illegal::NoFit(c, on));
                        }
                    }
                    None => {
                        if let From::Stack(s, _) = from {
                            if self.below[usize::from(c.index())] == NONE {
                                return Err(Illegal::WholeStack(s));
                            }
                        }
                        empty -= 1;
                    }
                }
                if n > 1 && empty < n - 1 {
                    return Err(Illegal::RunTooLong { n, empty });
                }
                Ok(Plan { card: c, from, to: Some(t) })
            }
        }
    }

    /// Plays a checked plan (no automatic moves).
    pub fn apply(&mut self, p: Plan) {
        let ci = p.card.index();
        match (p.from, p.to) {
            (From::Stack(s, _), Some(t)) => self.move_run(usize::from(s), usize::from(t), ci),
            (From::Stack(s, _), None) => {
                let s = usize::from(s) % STACKS;
                self.top[s] = self.below[usize::from(ci)];
                self.below[usize::from(ci)] = NONE;
                self.found[p.card.suit() as usize] += 1;
            }
            (From::Reserve(r), to) => {
                self.reserve[usize::from(r) % RESERVE] = NONE;
                match to {
                    Some(t) => self.put(t, p.card),
                    None => self.found[p.card.suit() as usize] += 1,
                }
            }
        }
    }

    /// Takes back a plan played by [`Board::apply`].
    pub fn unapply(&mut self, p: Plan) {
        let ci = p.card.index();
        match (p.from, p.to) {
            (From::Stack(s, _), Some(t)) => self.move_run(usize::from(t), usize::from(s), ci),
            (From::Stack(s, _), None) => {
                self.found[p.card.suit() as usize] -= 1;
                self.put(s, p.card);
            }
            (From::Reserve(r), to) => {
                match to {
                    Some(t) => {
                        let t = usize::from(t) % STACKS;
                        self.top[t] = self.below[usize::from(ci)];
                        self.below[usize::from(ci)] = NONE;
                    }
                    None => self.found[p.card.suit() as usize] -= 1,
                }
                self.reserve[usize::from(r) % RESERVE] = ci;
            }
        }
    }

    /// Moves the cards from `base` up to the top of stack `s` onto stack `t`.
    pub(crate) fn move_run(&mut self, s: usize, t: usize, base: u8) {
        let (s, t) = (s % STACKS, t % STACKS);
        let run_top = self.top[s];
        self.top[s] = self.below[usize::from(base)];
        self.below[usize::from(base)] = self.top[t];
        self.top[t] = run_top;
    }

    /// Takes the card at `at` to its suit stack (an automatic move found
    /// by [`Board::auto_due`]): the top card of stack `at` (0..9) or the
    /// card of reserve slot `at - STACKS` (9..16).
    pub fn auto_to_foundation(&mut self, at: usize) {
        if at >= STACKS {
            if let Some(slot) = self.reserve.get_mut(at - STACKS) {
                if let Some(c) = card(*slot) {
                    *slot = NONE;
                    self.found[c.suit() as usize] += 1;
                }
            }
        } else if let Some(c) = self.top(at) {
            self.top[at] = self.below[usize::from(c.index())];
            self.below[usize::from(c.index())] = NONE;
            self.found[c.suit() as usize] += 1;
        }
    }

    /// Takes the top card of suit `suit`'s stack back to where an automatic
    /// move took it from: stack `at` (0..9) or reserve slot `at - STACKS`.
    pub(crate) fn foundation_to(&mut self, suit: Suit, at: usize) {
        let n = self.found[suit as usize];
        if let Some(r) = Rank::new(n) {
            self.found[suit as usize] = n - 1;
            if at >= STACKS {
                self.set_reserve(at - STACKS, Some(Card::new(r, suit)));
            } else {
                self.put(at as u8, Card::new(r, suit));
            }
        }
    }

    /// Calls `f` with every legal move until it returns false. Returns false
    /// when stopped early.
    pub fn each_legal(&self, f: &mut dyn FnMut(Move) -> bool) -> bool {
        let empty = self.empty_stacks();
        for r in 0..RESERVE {
            let Some(c) = self.reserve(r) else { continue };
            if self.foundation_takes(c) && !f(Move::Foundation(c)) {
                return false;
            }
            for t in 0..STACKS {
                let ok = match self.top(t) {
                    Some(on) => fits(c, on),
                    None => true,
                };
                if ok && !f(Move::Stack(c, t as u8)) {
                    return false;
                }
            }
        }
        for s in 0..STACKS {
            let Some(top) = self.top(s) else { continue };
            if self.foundation_takes(top) && !f(Move::Foundation(top)) {
                return false;
            }
            // Each card of the top run is a base; n cards from it up.
            let mut base = top;
            let mut n = 1u8;
            loop {
                let whole = self.below(base).is_none();
                for t in 0..STACKS {
                    if t == s {
                        continue;
                    }
                    let ok = match self.top(t) {
                        Some(on) => fits(base, on) && empty + 1 >= n,
                        None => !whole && empty >= n,
                    };
                    if ok && !f(Move::Stack(base, t as u8)) {
                        return false;
                    }
                }
                match self.below(base) {
                    Some(u) if fits(base, u) && n < 13 => {
                        base = u;
                        n += 1;
                    }
                    _ => break,
                }
            }
        }
        true
    }

    /// True when some move is legal.
    pub fn has_legal(&self) -> bool {
        !self.each_legal(&mut |_| false)
    }

    /// Where every card is, for checks: 0..9 a stack, 9 the reserve, 10 a
    /// suit stack; `None` for a card found nowhere or twice (never, for a
    /// board this module built).
    pub fn census(&self) -> Option<[u8; 52]> {
        let mut at = [NONE; 52];
        let mut mark = |c: Card, w: u8| -> bool {
            let slot = &mut at[usize::from(c.index())];
            let fresh = *slot == NONE;
            *slot = w;
            fresh
        };
        for s in 0..STACKS {
            let mut buf = [Card::new(Rank::ACE, Suit::Spades); 52];
            for &c in self.stack(s, &mut buf) {
                if !mark(c, s as u8) {
                    return None;
                }
            }
        }
        for r in 0..RESERVE {
            if let Some(c) = self.reserve(r) {
                if !mark(c, 9) {
                    return None;
                }
            }
        }
        for s in Suit::ALL {
            for n in 1..=self.found[s as usize] {
                if let Some(r) = Rank::new(n) {
                    if !mark(Card::new(r, s), 10) {
                        return None;
                    }
                }
            }
        }
        if at.contains(&NONE) {
            None
        } else {
            Some(at)
        }
    }
}

/// One move in the history: its plan and how many automatic moves followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Record {
    pub(super) plan: Plan,
    pub(super) autos: u8,
}

/// A game of King Albert: the board, the options, the history for undo.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) board: Board,
    pub(super) options: Options,
    /// Moves that can be undone, oldest first.
    pub(super) history: Deque<Record, MAX_UNDO>,
    /// Automatic moves of the moves in `history`, oldest first: the suit
    /// (high nibble) and where the card left (low nibble: a stack 0..9, or
    /// `STACKS + r` for reserve slot `r`, as [`Board::auto_due`] names it).
    pub(super) autos: Deque<u8, MAX_AUTOS>,
    /// Moves played and not undone (may exceed what the history holds).
    pub(super) moves: u32,
    pub(super) status: Status,
}

impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        self.board == o.board
            && self.options == o.options
            && self.moves == o.moves
            && self.status == o.status
            && self.history.iter().eq(o.history.iter())
            && self.autos.iter().eq(o.autos.iter())
    }
}

impl Eq for Game {}

impl Game {
    /// The opening position of deal `seed`, automatic moves made when on.
    pub fn new(seed: u32, options: Options) -> Game {
        let mut g = Game::from_board(Board::deal(seed, options.start), options);
        if options.auto {
            while let Some(at) = g.board.auto_due() {
                g.board.auto_to_foundation(at);
            }
        }
        g.status = g.compute_status();
        g
    }

    /// A game starting from `board`, nothing to undo.
    pub(crate) fn from_board(board: Board, options: Options) -> Game {
        let mut g =
            Game { board, options, history: Deque::new(), autos: Deque::new(), moves: 0, status: Status::Playing };
        g.status = g.compute_status();
        g
    }

    pub(super) fn compute_status(&self) -> Status {
        if self.board.foundation_total() == 52 {
            Status::Won
        } else if self.board.has_legal() {
            Status::Playing
        } else {
            Status::Lost(Loss::NoMove)
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Checks a move without playing it.
    pub fn check(&self, m: Move) -> Result<Plan, Illegal> {
        if self.status.is_over() {
            return Err(Illegal::GameOver);
        }
        self.board.check(m)
    }

    /// Forgets the oldest move of the history (it can no longer be undone).
    pub(super) fn drop_oldest(&mut self) {
        if let Some(r) = self.history.pop_front() {
            for _ in 0..r.autos {
                self.autos.pop_front();
            }
        }
    }

    /// Moves that undo can take back now.
    pub fn undo_depth(&self) -> usize {
        self.history.len()
    }

    /// The last move played and not undone, if the history still holds it.
    pub fn last_move(&self) -> Option<Plan> {
        self.history.back().map(|r| r.plan)
    }

    /// The automatic moves that followed the last move, in the order they
    /// happened: each card and where it left (a stack 0..9, or `STACKS + r`
    /// for reserve slot `r`). For animating them.
    pub fn last_autos(&self) -> impl Iterator<Item = (Card, usize)> + '_ {
        let n = self.history.back().map_or(0, |r| usize::from(r.autos));
        let skip = self.autos.len().saturating_sub(n);
        let mut found = self.board.found;
        // The cards are the ones that went up: rebuild them from the suit
        // stacks by walking the list backwards.
        let mut cards = [(Card::new(Rank::ACE, Suit::Spades), 0usize); MAX_AUTOS];
        let mut list: heapless::Vec<u8, MAX_AUTOS> = heapless::Vec::new();
        for a in self.autos.iter().skip(skip) {
            let _ = list.push(*a);
        }
        for (i, a) in list.iter().enumerate().rev() {
            let suit = Suit::ALL[usize::from(a >> 4) & 3];
            let rank = Rank::new(found[suit as usize]).unwrap_or(Rank::ACE);
            found[suit as usize] = found[suit as usize].saturating_sub(1);
            cards[i] = (Card::new(rank, suit), usize::from(a & 15));
        }
        cards.into_iter().take(list.len())
    }
}


crate::display_via_text!(Move, Loss, Illegal);
