//! The deal generator and the shuffle, checked against independent
//! computations: the published PCG32 reference outputs, and a second,
//! deliberately plain implementation of the documented deal procedure.

use farewell::cards::Pcg32;
use farewell::games::farewell::{Card, Game, KingStart, Options};

#[test]
fn pcg32_matches_the_reference_implementation_outputs() {
    // pcg32-demo from pcg-random.org seeds pcg32_srandom_r(&rng, 42, 54)
    // and prints these first six 32-bit outputs.
    let mut rng = Pcg32::new(42);
    let got: Vec<u32> = (0..6).map(|_| rng.next_u32()).collect();
    assert_eq!(got, [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]);
}

/// PCG32 written out again from the paper's description, with u128 maths,
/// for comparison.
struct Plain {
    state: u128,
    inc: u128,
}

impl Plain {
    fn new(seed: u64, seq: u64) -> Self {
        let mut p = Plain { state: 0, inc: (u128::from(seq) << 1 | 1) % (1 << 64) };
        p.next();
        p.state = (p.state + u128::from(seed)) % (1 << 64);
        p.next();
        p
    }
    fn next(&mut self) -> u32 {
        let old = self.state;
        self.state = (old * 6364136223846793005 + self.inc) % (1 << 64);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u64 as u32;
        let rot = (old >> 59) as u32;
        (xorshifted >> rot) | xorshifted.checked_shl(32 - rot).unwrap_or(0)
    }
    fn below(&mut self, bound: u32) -> u32 {
        let threshold = ((1u64 << 32) % u64::from(bound)) as u32;
        loop {
            let r = self.next();
            if r >= threshold {
                return r % bound;
            }
        }
    }
}

#[test]
fn pcg32_agrees_with_a_plain_reimplementation_on_many_seeds() {
    for seed in [0u32, 1, 2, 42, 1000, 0xDEAD_BEEF, u32::MAX] {
        let mut a = Pcg32::new(seed);
        let mut b = Plain::new(u64::from(seed), 54);
        for _ in 0..100 {
            assert_eq!(a.next_u32(), b.next());
        }
        for bound in [1u32, 2, 3, 7, 48, 96, 126, 1 << 31] {
            assert_eq!(a.below(bound), b.below(bound), "seed {seed} bound {bound}");
        }
    }
}

/// The deal procedure as docs/engine.md states it, written plainly: the 48
/// non-kings in index order (spades A..Q, hearts, diamonds, clubs),
/// Fisher-Yates from the last position down, stock top = first card, the
/// opening deal takes the top four into slots 0..3.
fn plain_deal(seed: u32) -> (Vec<Card>, Vec<Card>) {
    let mut rng = Plain::new(u64::from(seed), 54);
    let mut deck: Vec<Card> = Card::all().filter(|c| !c.is_king()).collect();
    for i in (1..48).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    let hand = deck[..4].to_vec();
    let stock = deck[4..].to_vec();
    (hand, stock)
}

#[test]
fn deals_are_the_documented_shuffle_of_the_documented_generator() {
    for seed in [0u32, 1, 7, 42, 123_456, u32::MAX] {
        let g = Game::new(seed, Options::default()).unwrap();
        let (hand, stock) = plain_deal(seed);
        assert_eq!(g.hand().iter().flatten().copied().collect::<Vec<_>>(), hand, "seed {seed}");
        assert_eq!(g.stock().collect::<Vec<_>>(), stock, "seed {seed}");
    }
}

#[test]
fn golden_deals_pinned() {
    // Written down from plain_deal above (independent of the engine) so that
    // a change to either side shows here.
    let show = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let (h, s) = plain_deal(42);
    assert_eq!(show(&h), "5d 7c Jc Td");
    assert_eq!(show(&s[..6]), "8h 3s Ad 8d 4h Qs");
    let (h, _) = plain_deal(1);
    let g = Game::new(1, Options::default()).unwrap();
    assert_eq!(show(&g.hand().iter().flatten().copied().collect::<Vec<_>>()), show(&h));
}

#[test]
fn random_kings_are_drawn_before_the_shuffle() {
    // Four cells drawn with below(W*H), redrawing a taken cell, in the order
    // K♠ K♣ K♦ K♥; then the shuffle continues from the same generator.
    let o = Options { kings: KingStart::Random, ..Options::default() };
    let g = Game::new(9, o).unwrap();
    let mut rng = Plain::new(9, 54);
    let mut cells: Vec<u32> = Vec::new();
    while cells.len() < 4 {
        let i = rng.below(96);
        if !cells.contains(&i) {
            cells.push(i);
        }
    }
    for (k, i) in ["Ks", "Kc", "Kd", "Kh"].iter().zip(&cells) {
        let cell = g.cell_of(Card::parse(k).unwrap()).unwrap();
        assert_eq!(u32::from(cell.row) * 12 + u32::from(cell.col), *i, "{k}");
    }
}
