//! A guided deal: a game played step by step from a fixed position, for a
//! player who has never seen it. Each step is a few words in the message
//! strip, marks on the cards and cells the words speak of, and the game's
//! own moves, which X plays before the next step shows; O leaves, asking
//! nothing. The last step's X leaves too.
//!
//! A game that has one supplies a [`GuidedDeal`]: its start (a position in
//! the game's own notation, read by [`Patience::parse_position`], so the
//! deal can be as short as the lesson needs) and its steps over the game's
//! own moves and places (`M`, `P`). It draws the marks itself, as its
//! table knows where a card or a cell is; what is shared is here: the
//! steps, what X and O do, the table the deal is played on, and the words.
//! Nothing here names a game.
//!
//! A guided deal is played on a screen of its own
//! ([`Screen::Guided`](super::Screen::Guided)): nothing of it is saved, and
//! it counts in no statistics. Its moves are logged as any deal's are
//! (`AFTK GUIDED` before its `NEW`), so `tools/logcheck` replays it.

use super::paint::{message_bar_in, palette, text, Skin};
use super::table::Table;
use crate::draw::DrawList;
use crate::games::Patience;
use crate::input::Buttons;

/// One step of a guided deal.
#[derive(Debug)]
pub struct Step<M: 'static, P: 'static> {
    /// What it shows, with cards in the notation (`9s`, `Td`), which the
    /// message strip puts in the player's words (`9♠`, `10♦`). Two lines
    /// of the strip at most.
    pub words: &'static str,
    /// The cards and cells the words speak of, marked on the table.
    pub marks: &'static [P],
    /// The game's moves X plays, in order, before the next step shows.
    pub moves: &'static [M],
}

/// A game's guided deal: where it starts and its steps.
#[derive(Debug)]
pub struct GuidedDeal<M: 'static, P: 'static> {
    /// The opening position, in the game's notation.
    pub start: &'static str,
    /// The steps, first to last.
    pub steps: &'static [Step<M, P>],
}

/// What a frame's presses ask of a guided deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press<M: 'static> {
    /// Nothing: the step stays.
    Stay,
    /// Play these moves; the next step shows.
    Play(&'static [M]),
    /// Back to the game's menu.
    Leave,
}

/// A guided deal in progress: which step shows.
#[derive(Clone, Copy, Debug)]
pub struct Guide<M: 'static, P: 'static> {
    deal: &'static GuidedDeal<M, P>,
    at: usize,
}

impl<M: Copy, P> Guide<M, P> {
    /// At the first step of `deal`.
    pub const fn new(deal: &'static GuidedDeal<M, P>) -> Self {
        Guide { deal, at: 0 }
    }

    /// The step showing (counted from 0).
    pub fn at(&self) -> usize {
        self.at
    }

    /// How many steps the deal has.
    pub fn len(&self) -> usize {
        self.deal.steps.len()
    }

    /// True for a deal of no step.
    pub fn is_empty(&self) -> bool {
        self.deal.steps.is_empty()
    }

    /// The step showing.
    pub fn step(&self) -> Option<&'static Step<M, P>> {
        self.deal.steps.get(self.at)
    }

    /// X plays the step's moves and goes on to the next (on the last
    /// step, it leaves); O leaves. X first when both are pressed.
    pub fn press(&mut self, pressed: Buttons) -> Press<M> {
        if pressed.contains(Buttons::CROSS) {
            return match self.step() {
                Some(s) if self.at + 1 < self.len() => {
                    self.at += 1;
                    Press::Play(s.moves)
                }
                _ => Press::Leave,
            };
        }
        if pressed.contains(Buttons::CIRCLE) {
            return Press::Leave;
        }
        Press::Stay
    }

    /// A frame of the guided deal ([`Guide::press`]), the step's moves
    /// played by `play`, one by one. False once the player leaves.
    pub fn frame(&mut self, pressed: Buttons, mut play: impl FnMut(M)) -> bool {
        match self.press(pressed) {
            Press::Stay => true,
            Press::Leave => false,
            Press::Play(moves) => {
                moves.iter().for_each(|m| play(*m));
                true
            }
        }
    }
}

/// The table a guided deal is played on: its start read, logged as a deal
/// (`AFTK GUIDED`, then `NEW` and the position the next frame, as a
/// resumed game's), its deal number 0. `None` when the start does not read.
pub fn table<G: Patience, K, const N: usize>(start: &str, log: &mut dyn crate::out::Out) -> Option<Table<G, K, N>> {
    let game = G::parse_position(start).ok()?;
    let mut t = Table::with_game(0, game);
    let _ = log.put_str("AFTK GUIDED\n");
    t.log_resumed(log);
    Some(t)
}

/// What the band over a guided deal says on its right: the two buttons.
pub const BUTTONS: &str = "X next   O leave";

/// Draws a guided deal's words: a band at `band_y` between `left` and
/// `right` saying which step of how many and the buttons, and the step's
/// words in the message strip between the same edges. The game keeps the
/// band's line free of cards.
pub fn draw_words<M: Copy, P>(
    guide: &Guide<M, P>,
    list: &mut DrawList,
    skin: &impl Skin,
    band_y: i16,
    (left, right): (i16, i16),
) {
    let h = skin.line_height() + 4;
    list.fill(left, band_y, (right - left) as u16, h as u16, palette::BOX);
    let mut head: heapless::String<32> = heapless::String::new();
    let _ = put!(head, "How to play ", guide.at() + 1, "/", guide.len());
    text(list, skin, left + 4, band_y + 2, &head, palette::SELECTED);
    text(list, skin, right - 4 - skin.text_width(BUTTONS), band_y + 2, BUTTONS, palette::TEXT);
    if let Some(s) = guide.step() {
        message_bar_in(list, skin, s.words, left, right);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;

    static DEAL: GuidedDeal<u8, u8> = GuidedDeal {
        start: "",
        steps: &[
            Step { words: "one", marks: &[], moves: &[1, 2] },
            Step { words: "two", marks: &[], moves: &[3] },
            Step { words: "three", marks: &[], moves: &[] },
        ],
    };

    #[test]
    fn cross_plays_each_step_then_leaves_at_the_last() {
        let mut g = Guide::new(&DEAL);
        assert_eq!(g.press(Buttons::empty()), Press::Stay);
        assert_eq!(g.press(Buttons::CROSS), Press::Play(&[1, 2]));
        assert_eq!(g.at(), 1);
        assert_eq!(g.press(Buttons::CROSS), Press::Play(&[3]));
        assert_eq!(g.step().map(|s| s.words), Some("three"));
        assert_eq!(g.press(Buttons::CROSS), Press::Leave);
    }

    #[test]
    fn a_frame_plays_the_steps_moves_in_order() {
        let mut g = Guide::new(&DEAL);
        let mut played = std::vec::Vec::new();
        assert!(g.frame(Buttons::CROSS, |m| played.push(m)));
        assert!(g.frame(Buttons::empty(), |m| played.push(m)));
        assert!(g.frame(Buttons::CROSS, |m| played.push(m)));
        assert_eq!(played, [1, 2, 3]);
        assert!(!g.frame(Buttons::CROSS, |m| played.push(m)));
        assert_eq!(played.len(), 3, "the last step plays nothing");
    }

    #[test]
    fn circle_leaves_from_any_step() {
        let mut g = Guide::new(&DEAL);
        assert_eq!(g.press(Buttons::CIRCLE), Press::Leave);
        assert_eq!(g.at(), 0);
        let _ = g.press(Buttons::CROSS);
        assert_eq!(g.press(Buttons::CIRCLE), Press::Leave);
    }
}
