//! The shared card layer: names.

use farewell::cards::{Card, Rank, Suit};

#[test]
fn every_card_is_named_by_its_rank_letter_then_its_suit_letter() {
    for c in Card::all() {
        let expected: String = [c.rank().letter(), c.suit().letter()].iter().collect();
        assert_eq!(c.name(), expected);
        assert_eq!(c.to_string(), expected);
        assert_eq!(Card::parse(c.name()), Some(c));
    }
    assert_eq!(Card::new(Rank::new(10).unwrap(), Suit::Hearts).name(), "Th");
    // Display keeps the formatter's width, as the host tools' tables use it.
    assert_eq!(format!("{:>3}|", Card::parse("Ks").unwrap()), " Ks|");
}
