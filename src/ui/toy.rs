//! The toy fifth game's screen (`fifth-game` feature; see
//! [`crate::games::toy`]): the stock, the waste's top card and the four
//! foundations in a row. X plays the move there is (`home` before `turn`),
//! Square says it, Triangle takes one back.

use super::paint::{palette, text, CardSize, Skin, SAFE_LEFT, SAFE_TOP};
use super::screen::{PlayScreen, ScreenInfo, View};
use super::table::{any_legal, table_screen, Table};
use crate::draw::{DrawList, NO_TINT};
use crate::games::toy::{Game, Move};
use crate::input::{Buttons, Input};
use crate::sound::{Sfx, Sounds};
use heapless::String;

/// A game of the toy in play.
#[derive(Clone, Debug)]
pub struct Play {
    table: Table<Game>,
    hints: u32,
}

impl Play {
    fn on(table: Table<Game>) -> Play {
        if crate::games::Patience::move_count(table.game()) == 0 {
            table.motion().deal_from(STOCK_X, STOCK_Y);
        }
        Play { table, hints: 0 }
    }

    fn play(&mut self, m: Move, frame: u32, log: &mut dyn crate::out::Out) {
        let sfx = if m == Move::Home { Sfx::Foundation } else { Sfx::Deal };
        if m == Move::Turn {
            self.table.motion().arrive_from(STOCK_X, STOCK_Y);
        }
        self.table.play(m, sfx, frame, log);
    }
}

/// Its moves in words: their notation (`home`, `turn`).
impl super::words::Spoken for Game {}

/// Where the stock lies.
const STOCK_X: i16 = SAFE_LEFT + 10;
const STOCK_Y: i16 = SAFE_TOP + 20;

/// The help screen's lines.
pub const HELP: [&str; 4] = ["X        home, else turn", "/\\       undo     [] hint", "START    pause menu", ""];

impl PlayScreen for Play {
    type HintStore = ();
    table_screen!();

    fn update(&mut self, input: &Input, frame: u32, log: &mut dyn crate::out::Out) {
        let pressed = input.pressed();
        if pressed.contains(Buttons::CROSS) {
            if let Some(m) = any_legal(self.table.game()) {
                self.play(m, frame, log);
            }
        } else if pressed.contains(Buttons::TRIANGLE) {
            self.undo(frame, log);
        } else if pressed.contains(Buttons::SQUARE) {
            if let Some(m) = any_legal(self.table.game()) {
                self.hints += 1;
                self.table.say_hint(frame, m, "");
            }
        }
    }
    fn undo(&mut self, frame: u32, log: &mut dyn crate::out::Out) {
        self.table.undo(frame, log);
    }
    fn demo_frame(&mut self, frame: u32, paced: bool, log: &mut dyn crate::out::Out) -> bool {
        if !paced {
            return false;
        }
        match any_legal(self.table.game()) {
            Some(m) => {
                self.play(m, frame, log);
                false
            }
            None => true,
        }
    }
    fn hints(&self) -> u32 {
        self.hints
    }
    fn thinking(&self) -> bool {
        false
    }
    fn think(&mut self, _budget: u32, _frame: u32, _: &mut ()) -> bool {
        false
    }
    fn withdraw_hint(&mut self) {}
    fn take_sounds(&mut self) -> Sounds {
        self.table.take_sounds()
    }
    fn draw(&self, view: &View, skin: &impl Skin, list: &mut DrawList) {
        // The cards are drawn where their motion has them.
        let moving = self.table.motion().skin(skin, view.frame);
        let skin = &moving;
        let g = self.table.game();
        let (cw, _) = skin.card_size(CardSize::Large);
        let (x, y) = (STOCK_X, STOCK_Y);
        if g.stock_len() > 0 {
            skin.back(list, x, y, CardSize::Large);
        }
        if let Some(c) = g.waste_top() {
            skin.card(list, x + cw + 8, y, c, view.face, CardSize::Large, NO_TINT);
        }
        for (i, top) in g.home_tops().into_iter().enumerate() {
            let hx = x + (cw + 8) * (i as i16 + 3);
            match top {
                Some(c) => skin.card(list, hx, y, c, view.face, CardSize::Large, NO_TINT),
                None => list.outline(hx, y, cw as u16, 40, 1, palette::DIM),
            }
        }
        skin.finish(list, view.face);
        let mut line: String<40> = String::new();
        let _ = put!(line, "Stock ", g.stock_len());
        text(list, skin, x, y + 60, &line, palette::TEXT);
        if let Some(m) = self.table.message(view.frame).filter(|_| !view.covered) {
            super::paint::message_bar(list, skin, m);
        }
    }
}

/// The toy in the catalogue.
pub const SCREEN: ScreenInfo = ScreenInfo {
    demo_turn: 4,
    author: "the tests",
    emblem: crate::cards::Suit::Spades,
    help: &HELP,
    think_step_us: 1_000,
    think_margin_us: 600,
    ..ScreenInfo::of(&crate::games::toy::INFO)
};
