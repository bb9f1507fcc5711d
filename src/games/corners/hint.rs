//! The console's hint at King's Corners, as a player meets it: the rules
//! of thumb's move at once ([`super::player::Thinker`]), then the
//! expectimax over the cards not seen ([`super::expect::Deep`]), sliced,
//! while the player looks at the table.

use super::expect::{Deep, Deepened, Expect};
use super::game::{Game, Move};
use super::player::{Style, Thinker};

/// The expectimax of the console's deep hint ([`Hint`]): the host's
/// setting (the round under way, 16,384 nodes), its memo lent by the
/// caller and kept from move to move.
pub const DEEP: Expect = Expect::HOST;

/// The console's hint, worked out while the player looks at the table:
/// the rules of thumb's move first (the quick answer, a few hundred
/// groups at most), then the expectimax over the cards not seen
/// ([`Deep`], at [`DEEP`]), whose move replaces it when the
/// search finishes within its nodes. Start a new one when the game
/// changes.
#[derive(Clone, Debug)]
pub struct Hint {
    quick: Thinker,
    deep: Option<Deep>,
    /// The best answer so far, and whether it is the deep one.
    answer: Option<(Option<Move>, bool)>,
}

impl Hint {
    /// Starts on the hint for `g`.
    pub fn new(g: &Game) -> Hint {
        Hint { quick: Thinker::new(g, Style::default()), deep: Some(Deep::new(g, DEEP)), answer: None }
    }

    /// Works on: up to `groups` groups while the quick answer is not
    /// found, else up to `nodes` nodes of the deep search (`slots` its
    /// memo; none lent, it waits). True when the answer changed.
    pub fn step(&mut self, groups: u32, nodes: u32, slots: &mut [u64]) -> bool {
        if self.answer.is_none() {
            let Some(m) = self.quick.step(groups) else { return false };
            self.answer = Some((m, false));
            if m.is_none() {
                self.deep = None;
            }
            return true;
        }
        // No memo lent (a frame's own update): the deep search waits for
        // the frame's spare time.
        let Some(d) = self.deep.as_mut().filter(|_| !slots.is_empty()) else { return false };
        match d.step(u64::from(nodes), slots) {
            Deepened::Searching => false,
            Deepened::GaveUp => {
                self.deep = None;
                false
            }
            Deepened::Found(m) => {
                self.deep = None;
                self.answer = Some((m, true));
                true
            }
        }
    }

    /// The best answer so far (the move, and whether the deep search
    /// found it).
    pub fn answer(&self) -> Option<(Option<Move>, bool)> {
        self.answer
    }

    /// True while work is left (the quick answer, or the deep search).
    pub fn working(&self) -> bool {
        self.answer.is_none() || self.deep.is_some()
    }
}
