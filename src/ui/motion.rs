//! Cards that move, for every game drawn through a [`Skin`]: a card drawn
//! somewhere other than where it was last drawn slides there; cards that
//! start moving in the same frame go one after another; a deal is dealt
//! from the stock; a won game's kings leave, rising off the top of the
//! screen (A Farewell to Kings' farewell of the kings, for every game).
//!
//! A screen needs no list of what its moves did: it draws its table as it
//! stands, through [`Motion::skin`], and the motion compares each card's
//! place with the last one. A game's screen keeps one [`Motion`] (a
//! [`Table`](super::table::Table) has one), tells it where new cards come
//! from ([`Motion::arrive_from`]) and calls [`Motion::settle`] on any press,
//! so an animation never delays the player: a press finishes it.
//!
//! Drawing takes the table by `&self`, so the motion keeps what it learns
//! while drawing in [`Cell`]s: one small record per card (16 bytes).
//!
//! A screen whose moves do more than move cards (A Farewell to Kings: a
//! book flies apart, an orphan lifts off its cell) queues its own
//! animations instead ([`Motion::queue`]): `K` says what moves, the screen
//! draws it. They take their turns on the same schedule as the slides.

use super::paint::{CardSize, Skin};
use crate::cards::Card;
use crate::draw::{DrawList, Rgb, Sprite, NO_TINT};
use crate::settings::FaceStyle;
use core::cell::Cell;
use heapless::Vec;

impl<K, const N: usize> Default for Motion<K, N> {
    fn default() -> Self {
        Motion::new()
    }
}

/// Frames a card takes to slide into place.
pub const SLIDE_FRAMES: u32 = 12;
/// Frames between the starts of cards that begin to move together (an
/// automatic move follows the move that caused it).
pub const STAGGER: u32 = 6;
/// Pixels a card may move in each direction and still go at once, out of
/// turn: a pile's fan closing up or a waste shifting along.
pub const NEAR: i16 = 16;
/// Frames between the cards of a deal.
pub const DEAL_STAGGER: u32 = 1;
/// Frames between the kings leaving after a win.
pub const KING_STAGGER: u32 = 10;
/// Pixels a leaving king rises in a frame.
pub const KING_RISE: i16 = 3;
/// A screen's own animation and the frame it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Queued<K> {
    /// What moves.
    pub kind: K,
    /// Its first frame.
    pub start: u32,
}

impl<K> Queued<K> {
    /// True until it has finished at `frame` (waiting for its turn, or
    /// under way).
    pub fn running(&self, frame: u32) -> bool {
        before(frame, self.start) || progress(self.start, frame).is_some()
    }
}

/// One card's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Track {
    /// Drawn at least once since the motion was made.
    seen: bool,
    /// Where it was last drawn (its destination while it slides).
    at: (i16, i16),
    /// Where its slide started from.
    from: (i16, i16),
    /// The frame its slide starts (it waits at `from` until then).
    start: u32,
    /// Its slide has not finished.
    sliding: bool,
    /// The size it was drawn at.
    compact: bool,
}

/// The motion of one table's cards, and the animations its screen queues
/// (`K`, up to `N` at once; none by default).
#[derive(Clone, Debug)]
pub struct Motion<K = (), const N: usize = 0> {
    cards: [Cell<Track>; 52],
    /// The frame the next slide may start (slides queue one after another);
    /// `None` when none is queued.
    queue: Cell<Option<u32>>,
    /// Where cards drawn for the first time come from, for the next
    /// drawing only, and the frames between them.
    source: Cell<Option<((i16, i16), u32)>>,
    /// The frame the game was won (the kings leave).
    won_at: Cell<Option<u32>>,
    /// The screen's own animations, in their order.
    queued: Vec<Queued<K>, N>,
}

impl<K, const N: usize> Motion<K, N> {
    /// A motion with no card seen yet: cards first drawn just appear.
    pub const fn new() -> Self {
        // Only to fill the array below (a `const fn` cannot loop): each
        // element is its own cell.
        #[allow(clippy::declare_interior_mutable_const)]
        const NONE: Cell<Track> =
            Cell::new(Track { seen: false, at: (0, 0), from: (0, 0), start: 0, sliding: false, compact: false });
        Motion {
            cards: [NONE; 52],
            queue: Cell::new(None),
            source: Cell::new(None),
            won_at: Cell::new(None),
            queued: Vec::new(),
        }
    }

    /// A fresh deal: the cards of the next drawing come from the stock at
    /// (x, y), one after another.
    pub fn deal_from(&self, x: i16, y: i16) {
        self.source.set(Some(((x, y), DEAL_STAGGER)));
    }

    /// Cards drawn for the first time in the next drawing (a card drawn
    /// from the stock) slide from (x, y).
    pub fn arrive_from(&self, x: i16, y: i16) {
        self.source.set(Some(((x, y), STAGGER)));
    }

    /// Finishes every slide now, the screen's own animations, and the
    /// kings' farewell: the player pressed a button, and animations never
    /// keep them waiting.
    pub fn settle(&mut self) {
        self.queued.clear();
        for c in &self.cards {
            let mut t = c.get();
            t.sliding = false;
            c.set(t);
        }
        self.source.set(None);
        self.queue.set(None);
        if let Some(w) = self.won_at.get() {
            self.won_at.set(Some(w.wrapping_sub(1_000)));
        }
    }

    /// The game was won at `frame`: the kings leave, one after another.
    pub fn won(&self, frame: u32) {
        if self.won_at.get().is_none() {
            self.won_at.set(Some(frame));
        }
    }

    /// The game is no longer won (the win was undone).
    pub fn unwon(&self) {
        self.won_at.set(None);
    }

    /// True while a card is still to arrive at `frame` (on its way, or
    /// waiting for its turn), or one of the screen's own animations is
    /// still to finish.
    #[inline]
    pub fn busy(&self, frame: u32) -> bool {
        self.cards.iter().any(|c| {
            let t = c.get();
            t.sliding && (before(frame, t.start) || progress(t.start, frame).is_some())
        }) || self.queued.iter().any(|q| q.running(frame))
    }

    /// Queues an animation of the screen's own at `frame`: it starts once
    /// the one queued before it has run [`STAGGER`] frames, and runs
    /// [`SLIDE_FRAMES`] ([`progress`]). Past `N` it is not
    /// shown (the move still is).
    #[inline]
    pub fn queue(&mut self, kind: K, frame: u32) {
        let start = match self.queue.get() {
            Some(q) if before(frame, q) => q,
            _ => frame,
        };
        if self.queued.push(Queued { kind, start }).is_ok() {
            self.queue.set(Some(start.wrapping_add(STAGGER)));
        }
    }

    /// Drops the screen's own animations, running or waiting: a new move
    /// finishes what the last one was still showing, so a quick player
    /// never waits and they never pile up.
    pub fn clear_queued(&mut self) {
        self.queued.clear();
        self.queue.set(None);
    }

    /// The screen's own animations, in the order queued (finished ones
    /// included until the next [`Motion::clear_queued`]).
    pub fn queued(&self) -> &[Queued<K>] {
        &self.queued
    }

    /// Where `card` shows at `frame`: its place, or on its way there.
    pub fn shown_at(&self, card: Card, frame: u32) -> Option<(i16, i16)> {
        let t = self.cards[usize::from(card.index())].get();
        t.seen.then(|| self.place(&t, frame))
    }

    #[inline]
    fn place(&self, t: &Track, frame: u32) -> (i16, i16) {
        if !t.sliding {
            return t.at;
        }
        match progress(t.start, frame) {
            Some(p) => lerp(t.from, t.at, p),
            None if before(frame, t.start) => t.from,
            None => t.at,
        }
    }

    /// `skin` for drawing this table at `frame`: cards drawn through it
    /// take part in the motion. Call [`Moving::finish`] after the table.
    pub fn skin<'a, S: Skin>(&'a self, skin: &'a S, frame: u32) -> Moving<'a, S, K, N> {
        Moving { skin, motion: self, frame }
    }

    /// Learns that `card` is drawn at (x, y); true when it is in flight
    /// (drawn later, over the table, by [`Moving::finish`]).
    fn note(&self, card: Card, x: i16, y: i16, size: CardSize, frame: u32) -> bool {
        let cell = &self.cards[usize::from(card.index())];
        let mut t = cell.get();
        let from =
            if t.seen { (t.at != (x, y)).then(|| self.place(&t, frame)) } else { self.source.get().map(|(s, _)| s) };
        if let Some(from) = from {
            let spacing = self.source.get().filter(|_| !t.seen).map_or(STAGGER, |(_, s)| s);
            // A short step (a fan closing up, a waste shifting) moves at
            // once and keeps no other card waiting.
            let near = (from.0 - x).abs() <= NEAR && (from.1 - y).abs() <= NEAR && t.seen;
            let start = match self.queue.get() {
                Some(q) if before(frame, q) && !near => q,
                _ => frame,
            };
            if !near {
                self.queue.set(Some(start.wrapping_add(spacing)));
            }
            t.from = from;
            t.start = start;
            t.sliding = true;
        }
        t.seen = true;
        t.at = (x, y);
        t.compact = size == CardSize::Compact;
        if t.sliding && !before(frame, t.start) && progress(t.start, frame).is_none() {
            t.sliding = false;
        }
        cell.set(t);
        t.sliding
    }

    /// How far a won game's `card` has risen at `frame` (kings only).
    fn rise(&self, card: Card, frame: u32) -> i16 {
        let Some(won) = self.won_at.get() else { return 0 };
        if !card.is_king() {
            return 0;
        }
        let start = won.wrapping_add(card.suit() as u32 * KING_STAGGER);
        if before(frame, start) {
            return 0;
        }
        (frame.wrapping_sub(start).min(120) as i16) * KING_RISE
    }
}

/// True when `frame` comes before `start` (frames wrap after 2^32).
fn before(frame: u32, start: u32) -> bool {
    (start.wrapping_sub(frame) as i32) > 0
}

/// Frames a slide (or a queued animation) started at `start` has run at
/// `frame` (0..SLIDE_FRAMES), `None` before it starts or once it has
/// arrived.
pub fn progress(start: u32, frame: u32) -> Option<i16> {
    if before(frame, start) {
        return None;
    }
    let t = frame.wrapping_sub(start);
    (t < SLIDE_FRAMES).then_some(t as i16)
}

/// The point `p` frames of [`SLIDE_FRAMES`] along from `a` to `b`, easing
/// in to its place.
fn lerp(a: (i16, i16), b: (i16, i16), p: i16) -> (i16, i16) {
    let n = SLIDE_FRAMES as i32;
    let p = i32::from(p);
    // Ease out: fast at first, slow at the end (1 - (1 - t)^2).
    let left = (n - p) * (n - p);
    let step = |a: i16, b: i16| (i32::from(b) - (i32::from(b) - i32::from(a)) * left / (n * n)) as i16;
    (step(a.0, b.0), step(a.1, b.1))
}

/// A [`Skin`] that draws a table's cards where their motion has them.
pub struct Moving<'a, S: Skin, K = (), const N: usize = 0> {
    skin: &'a S,
    motion: &'a Motion<K, N>,
    frame: u32,
}

impl<S: Skin, K, const N: usize> Moving<'_, S, K, N> {
    /// Draws the cards in flight over the table, and ends this drawing
    /// (new cards come from the stock no longer).
    #[inline]
    pub fn finish(&self, list: &mut DrawList, face: FaceStyle) {
        for (i, cell) in self.motion.cards.iter().enumerate() {
            let t = cell.get();
            if !t.sliding {
                continue;
            }
            let Some(card) = Card::from_index(i as u8) else { continue };
            let (x, y) = self.motion.place(&t, self.frame);
            let size = if t.compact { CardSize::Compact } else { CardSize::Large };
            self.skin.card(list, x, y, card, face, size, NO_TINT);
        }
        self.motion.source.set(None);
    }
}

impl<S: Skin, K, const N: usize> Skin for Moving<'_, S, K, N> {
    fn card(&self, list: &mut DrawList, x: i16, y: i16, card: Card, face: FaceStyle, size: CardSize, tint: Rgb) {
        if self.motion.note(card, x, y, size, self.frame) {
            return; // drawn in flight by `finish`
        }
        let y = y - self.motion.rise(card, self.frame);
        self.skin.card(list, x, y, card, face, size, tint);
    }
    fn back(&self, list: &mut DrawList, x: i16, y: i16, size: CardSize) {
        self.skin.back(list, x, y, size);
    }
    fn glyph(&self, ch: char) -> Option<(Sprite, i16)> {
        self.skin.glyph(ch)
    }
    fn advance(&self) -> i16 {
        self.skin.advance()
    }
    fn text_width(&self, s: &str) -> i16 {
        self.skin.text_width(s)
    }
    fn line_height(&self) -> i16 {
        self.skin.line_height()
    }
    fn card_size(&self, size: CardSize) -> (i16, i16) {
        self.skin.card_size(size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    extern crate std;
    use std::vec::Vec;

    /// A skin that records where cards are drawn.
    #[derive(Default)]
    struct Spy;
    impl Skin for Spy {
        fn card(&self, list: &mut DrawList, x: i16, y: i16, _: Card, _: FaceStyle, _: CardSize, _: Rgb) {
            list.fill(x, y, 1, 1, Rgb(1, 2, 3));
        }
        fn back(&self, _: &mut DrawList, _: i16, _: i16, _: CardSize) {}
        fn glyph(&self, _: char) -> Option<(Sprite, i16)> {
            None
        }
        fn advance(&self) -> i16 {
            6
        }
        fn line_height(&self) -> i16 {
            8
        }
        fn card_size(&self, _: CardSize) -> (i16, i16) {
            (20, 28)
        }
    }

    fn draw(m: &Motion, frame: u32, cards: &[(Card, i16, i16)]) -> Vec<(i16, i16)> {
        let mut list = DrawList::new();
        let s = m.skin(&Spy, frame);
        for &(c, x, y) in cards {
            s.card(&mut list, x, y, c, FaceStyle::Standard, CardSize::Large, NO_TINT);
        }
        s.finish(&mut list, FaceStyle::Standard);
        list.items()
            .iter()
            .filter_map(|i| match *i {
                crate::draw::Item::Fill { x, y, .. } => Some((x, y)),
                _ => None,
            })
            .collect()
    }

    fn card(r: u8, s: Suit) -> Card {
        Card::new(Rank::new(r).unwrap(), s)
    }

    #[test]
    fn a_card_first_drawn_just_appears() {
        let m = Motion::new();
        assert_eq!(draw(&m, 5, &[(card(1, Suit::Spades), 10, 20)]), [(10, 20)]);
        assert!(!m.busy(5));
    }

    #[test]
    fn a_moved_card_slides_there_and_arrives() {
        let m = Motion::new();
        let a = card(1, Suit::Spades);
        draw(&m, 0, &[(a, 0, 0)]);
        let at_start = draw(&m, 10, &[(a, 120, 60)]);
        assert_eq!(at_start, [(0, 0)], "it starts where it was");
        let mid = draw(&m, 16, &[(a, 120, 60)]);
        assert!(mid[0].0 > 0 && mid[0].0 < 120 && mid[0].1 > 0 && mid[0].1 < 60, "{mid:?}");
        assert!(m.busy(16));
        assert_eq!(draw(&m, 10 + SLIDE_FRAMES, &[(a, 120, 60)]), [(120, 60)]);
        assert!(!m.busy(10 + SLIDE_FRAMES));
    }

    #[test]
    fn cards_moving_together_go_one_after_another() {
        let m = Motion::new();
        let (a, b) = (card(1, Suit::Spades), card(2, Suit::Spades));
        draw(&m, 0, &[(a, 0, 0), (b, 0, 40)]);
        draw(&m, 10, &[(a, 100, 0), (b, 100, 40)]);
        // When the first is half way, the second has not left.
        let d = draw(&m, 10 + STAGGER - 1, &[(a, 100, 0), (b, 100, 40)]);
        assert!(d.contains(&(0, 40)), "{d:?}");
        assert!(d.iter().any(|&(x, y)| y == 0 && x > 0 && x < 100), "{d:?}");
        assert_eq!(m.shown_at(b, 10 + STAGGER + SLIDE_FRAMES), Some((100, 40)));
    }

    #[test]
    fn a_short_step_goes_at_once_out_of_turn() {
        let m = Motion::new();
        let (a, b, c) = (card(1, Suit::Spades), card(2, Suit::Spades), card(3, Suit::Spades));
        draw(&m, 0, &[(a, 0, 0), (b, 100, 0), (c, 100, 10)]);
        draw(&m, 10, &[(a, 200, 0), (b, 100, 10), (c, 100, 20)]);
        // The long move goes first; the fan's short steps do not wait.
        assert!(m.shown_at(b, 10 + SLIDE_FRAMES / 2).is_some_and(|p| p.1 > 0 && p.1 < 10));
        assert!(m.shown_at(c, 10 + SLIDE_FRAMES / 2).is_some_and(|p| p.1 > 10 && p.1 < 20));
        assert!(!m.busy(10 + SLIDE_FRAMES));
    }

    #[test]
    fn a_press_finishes_every_slide() {
        let mut m = Motion::<()>::new();
        let a = card(1, Suit::Spades);
        draw(&m, 0, &[(a, 0, 0)]);
        draw(&m, 10, &[(a, 100, 0)]);
        assert!(m.busy(11));
        m.settle();
        assert!(!m.busy(11));
        assert_eq!(draw(&m, 11, &[(a, 100, 0)]), [(100, 0)]);
    }

    #[test]
    fn a_deal_comes_from_the_stock_one_card_at_a_time() {
        let m = Motion::new();
        m.deal_from(300, 200);
        let cards: Vec<_> = (1..=5).map(|r| (card(r, Suit::Hearts), r as i16 * 30, 10)).collect();
        let first = draw(&m, 100, &cards);
        assert!(first.iter().all(|&p| p == (300, 200)), "{first:?}");
        // The source is for one drawing: a card first drawn later appears.
        assert!(draw(&m, 101, &[(card(9, Suit::Clubs), 5, 5)]).contains(&(5, 5)));
        assert_eq!(m.shown_at(card(9, Suit::Clubs), 101), Some((5, 5)));
        let last = 100 + 4 * DEAL_STAGGER + SLIDE_FRAMES;
        assert!(!m.busy(last));
        assert_eq!(m.shown_at(card(5, Suit::Hearts), last), Some((150, 10)));
    }

    #[test]
    fn a_won_games_kings_rise_away_one_after_another() {
        let m = Motion::new();
        let (ks, kh, q) = (card(13, Suit::Spades), card(13, Suit::Hearts), card(12, Suit::Spades));
        let at = [(ks, 10, 100), (kh, 40, 100), (q, 70, 100)];
        draw(&m, 0, &at);
        m.won(50);
        assert_eq!(draw(&m, 50, &at), [(10, 100), (40, 100), (70, 100)]);
        let d = draw(&m, 50 + KING_STAGGER, &at);
        assert!(d[0].1 < 100 && d[1].1 == 100 && d[2].1 == 100, "{d:?}");
        let d = draw(&m, 50 + 4 * KING_STAGGER, &at);
        assert!(d[0].1 < d[1].1 && d[1].1 < 100 && d[2].1 == 100, "{d:?}");
        m.unwon();
        assert_eq!(draw(&m, 60, &at)[0], (10, 100));
    }

    #[test]
    fn a_screens_own_animations_take_their_turns() {
        let mut m = Motion::<char, 8>::new();
        m.queue('a', 100);
        m.queue('b', 100);
        m.queue('c', 103);
        let starts: Vec<_> = m.queued().iter().map(|q| (q.kind, q.start)).collect();
        assert_eq!(starts, [('a', 100), ('b', 100 + STAGGER), ('c', 100 + 2 * STAGGER)]);
        let end = 100 + 2 * STAGGER + SLIDE_FRAMES;
        assert!(m.busy(end - 1) && !m.busy(end));
        assert!(m.queued()[1].running(100), "waiting for its turn");
        assert_eq!(progress(m.queued()[1].start, 100 + STAGGER + 5), Some(5));
        // Queued once the others have had their turn: at once.
        m.queue('d', end + 50);
        assert_eq!(m.queued()[3].start, end + 50);
    }

    #[test]
    fn a_new_move_or_a_press_drops_what_was_queued() {
        let mut m = Motion::<char, 8>::new();
        m.queue('a', 10);
        m.queue('b', 10);
        m.clear_queued();
        assert!(m.queued().is_empty() && !m.busy(11));
        m.queue('c', 11);
        assert_eq!(m.queued()[0].start, 11, "not behind what was dropped");
        m.queue('d', 11);
        m.settle();
        assert!(m.queued().is_empty() && !m.busy(12));
        m.queue('e', 12);
        assert_eq!(m.queued()[0].start, 12);
    }

    #[test]
    fn animations_past_the_queues_room_are_not_shown() {
        let mut m = Motion::<u8, 8>::new();
        for i in 0..=8 {
            m.queue(i, 0);
        }
        assert_eq!(m.queued().len(), 8);
        let last = m.queued()[7];
        assert_eq!((last.kind, last.start), (7, 7 * STAGGER));
        assert!(!m.busy(last.start + SLIDE_FRAMES), "the one dropped takes no turn");
    }

    #[test]
    fn frames_wrapping_round_do_not_stall_a_slide() {
        let m = Motion::new();
        let a = card(1, Suit::Spades);
        draw(&m, u32::MAX - 3, &[(a, 0, 0)]);
        draw(&m, u32::MAX - 2, &[(a, 50, 0)]);
        assert!(m.busy(2));
        assert!(!m.busy(SLIDE_FRAMES));
        assert_eq!(m.shown_at(a, SLIDE_FRAMES), Some((50, 0)));
    }
}
