//! Every screen the host can reach, in every game, checked for a TV: the
//! App is driven (title, each game's menu, options, help, statistics, deal
//! number, resume, play with a card held, a hint and a refusal showing,
//! pause with its help and statistics, won, lost, the demo, every step of
//! the guided deal) and each frame's draw list, drawn with the
//! console's own skin (the packed art's real card and glyph sizes), must
//! keep:
//!
//! - every text glyph and every card inside the **safe area**: 8% of the
//!   width and of the height from each edge, 26 px x 19 px on 320x240,
//!   the margin the issue asks for (a consumer CRT crops 5-10% of each
//!   edge; 8% keeps what the player must read clear of the worst of them).
//!   A card or glyph wholly hidden by a later panel, or wholly off the
//!   screen, is not seen and not checked;
//! - every **panel** inside the safe area too, its frame included: a box
//!   (a fill at least 4 px each way, and the thin fills of its outline)
//!   cut by the TV's edge reads as a fault. Backdrops meant to reach the
//!   edges (the felt, a strip the screen's whole height or width) and a
//!   ring alone (the cursor's, hugging a card) are not panels;
//! - no text over other text, unless a panel (a fill) drawn between them
//!   hides the first one under the second;
//! - no text over a card, on either side, unless a panel drawn after the
//!   card lies under the text;
//! - no text half hidden by a panel drawn over it (numbers peeking out at
//!   a panel's edge): a fill over a glyph covers all of it or none of it.
//!
//! - no **box over a face-up card**: a message, a hint, a refusal, an
//!   undo's words or a loss's reason goes where it hides no card (the
//!   message strip at the bottom of the safe area, which no table deals
//!   into). Only a menu the player answers before playing on (the pause
//!   menu, the end of a deal's menu: a box holding "Quit to title") may
//!   lie over the table;
//! - every face-up card's **index corner** (its rank top-left, its suit
//!   top-right: the rows the card art gives them) in view: no card, box
//!   or ring drawn after it covers any of it.
//!
//! Glyphs of one run of text (one string, left to right on a line) may
//! touch each other: the font's drop shadow reaches into the next cell.

use farewell::atlas;
use farewell::cards::Card;
use farewell::draw::{DrawList, Item};
use farewell::games::{GameId, GAMES};
use farewell::input::Buttons;
use farewell::save::Save;
use farewell::ui::catalogue::CATALOGUE;
use farewell::ui::screen::End;
use farewell::ui::skin::AtlasSkin;
use farewell::ui::{render, Screen, PAUSE_MENU};

use super::driver::{reads_as_driver, Driver, Pad};

/// The safe area: left, top, right, bottom (exclusive).
const SAFE: (i16, i16, i16, i16) = (26, 19, 320 - 26, 240 - 19);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Glyph(char),
    /// A card's face (from the art: its size says where its index is).
    Face,
    /// Any other sprite: a back, a mark.
    Card,
    Panel,
    Other,
}

#[derive(Clone, Copy, Debug)]
struct Rect {
    x: i16,
    y: i16,
    w: i16,
    h: i16,
}

impl Rect {
    fn hits(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }
    fn holds(&self, o: &Rect) -> bool {
        self.x <= o.x && self.y <= o.y && o.x + o.w <= self.x + self.w && o.y + o.h <= self.y + self.h
    }
    fn on_screen(&self) -> bool {
        self.hits(&Rect { x: 0, y: 0, w: 320, h: 240 })
    }
}

/// The font's glyphs, to name them in messages.
fn glyph_char(s: &farewell::draw::Sprite) -> char {
    let chars = (' '..='~').chain(['♠', '♥', '♦', '♣']);
    for c in chars {
        if let Some(g) = atlas::glyph(c) {
            if g.u == s.u && g.v == s.v && g.w == s.w {
                return c;
            }
        }
    }
    '?'
}

/// True for a card's face of the packed art, in either style and size.
fn is_face(s: &farewell::draw::Sprite) -> bool {
    use farewell::atlas::{face, CardSize, FaceStyle};
    (0..4u8).any(|suit| {
        (1..=13u8).any(|rank| {
            [FaceStyle::Standard, FaceStyle::FourColour].into_iter().any(|style| {
                [CardSize::Large, CardSize::Compact].into_iter().any(|size| {
                    let f = face(suit, rank, style, size);
                    (f.texpage, f.clut, f.u, f.v, f.w, f.h) == (s.tpage, s.clut, s.u, s.v, s.w, s.h)
                })
            })
        })
    })
}

/// A face's index corner, as the art draws it (docs/gfx.md): the rank
/// glyph 2 pixels in from the top-left, the corner pip 2 pixels in from
/// the top-right; large cards (22x28) a 6x7 rank and a 7x7 pip, compact
/// ones (16x22) a 4x6 rank and a 5x5 pip.
fn index_corner(card: &Rect) -> Rect {
    let h = if card.w >= 22 { 7 } else { 6 };
    Rect { x: card.x + 2, y: card.y + 2, w: card.w - 4, h }
}

fn classify(list: &DrawList) -> Vec<(Kind, Rect)> {
    list.items()
        .iter()
        .map(|i| match *i {
            Item::Sprite { x, y, sprite, .. } => {
                let r = Rect { x, y, w: i16::from(sprite.w), h: i16::from(sprite.h) };
                if sprite.tpage == atlas::FONT_TEXPAGE
                    && sprite.clut == atlas::FONT_CLUT_WHITE
                    && sprite.h == atlas::FONT_HEIGHT
                {
                    (Kind::Glyph(glyph_char(&sprite)), r)
                } else if is_face(&sprite) {
                    (Kind::Face, r)
                } else {
                    (Kind::Card, r)
                }
            }
            Item::Fill { x, y, w, h, .. } => (Kind::Panel, Rect { x, y, w: w as i16, h: h as i16 }),
            Item::Shade { x, y, w, h, .. } => (Kind::Other, Rect { x, y, w: w as i16, h: h as i16 }),
        })
        .collect()
}

/// The run of text item `i` belongs to (the index of its first glyph),
/// and the text of a run, for messages.
fn runs(items: &[(Kind, Rect)]) -> Vec<usize> {
    let mut run = vec![0; items.len()];
    for i in 0..items.len() {
        run[i] = i;
        if i > 0 {
            if let (Kind::Glyph(_), Kind::Glyph(_)) = (items[i].0, items[i - 1].0) {
                let (a, b) = (items[i - 1].1, items[i].1);
                if a.y == b.y && b.x > a.x && b.x <= a.x + a.w + 8 {
                    run[i] = run[i - 1];
                }
            }
        }
    }
    run
}

fn describe(items: &[(Kind, Rect)], run: &[usize], i: usize) -> String {
    let r = items[i].1;
    match items[i].0 {
        Kind::Glyph(_) => {
            let start = run[i];
            let mut text = String::new();
            let mut end = items[start].1.x;
            for j in (start..items.len()).take_while(|&j| run[j] == start) {
                if items[j].1.x > end + 2 {
                    text.push(' ');
                }
                end = items[j].1.x + items[j].1.w;
                text.push(if let Kind::Glyph(c) = items[j].0 { c } else { '?' });
            }
            let r = items[start].1;
            format!("text \"{text}\" at ({},{})", r.x, r.y)
        }
        Kind::Face => format!("a face at ({},{}) {}x{}", r.x, r.y, r.w, r.h),
        Kind::Card => format!("a card at ({},{}) {}x{}", r.x, r.y, r.w, r.h),
        _ => {
            // A box says what it holds: its first line of words.
            let words = (i + 1..items.len())
                .find(|&j| run[j] == j && matches!(items[j].0, Kind::Glyph(_)) && r.holds(&items[j].1))
                .map(|j| format!(" holding {}", describe(items, run, j)));
            format!("a panel at ({},{}) {}x{}{}", r.x, r.y, r.w, r.h, words.unwrap_or_default())
        }
    }
}

/// True when a fill drawn after item `a` and before item `b` covers `b`
/// (so `a` is hidden under it).
fn panel_between(items: &[(Kind, Rect)], a: usize, b: usize) -> bool {
    items[a + 1..b].iter().any(|(k, r)| *k == Kind::Panel && r.holds(&items[b].1))
}

/// True when a later fill hides item `i` whole.
fn hidden(items: &[(Kind, Rect)], i: usize) -> bool {
    items[i + 1..].iter().any(|(k, r)| *k == Kind::Panel && r.holds(&items[i].1))
}

/// A box: a fill at least 4 pixels each way that is no backdrop (the
/// felt, a strip the whole screen high or wide, meant to reach the edges).
fn body(r: &Rect) -> bool {
    let backdrop = (r.y <= 0 && r.y + r.h >= 240) || (r.x <= 0 && r.x + r.w >= 320);
    r.w >= 4 && r.h >= 4 && !backdrop
}

/// The boxes of the menus the player answers before playing on: those
/// holding the words "Quit to title".
fn menu_boxes(items: &[(Kind, Rect)], run: &[usize]) -> Vec<Rect> {
    let quits: Vec<Rect> = (0..items.len())
        .filter(|&i| run[i] == i && describe(items, run, i).starts_with("text \"Quit to title\""))
        .map(|i| items[i].1)
        .collect();
    items
        .iter()
        .filter(|(k, r)| *k == Kind::Panel && body(r) && quits.iter().any(|q| r.holds(q)))
        .map(|(_, r)| *r)
        .collect()
}

/// What covers face `i`: a box over any of it (a menu's aside), anything
/// drawn later over its index corner (a card, a box, a ring; a menu's
/// box aside, and a shade, which lets it show through).
fn covers(items: &[(Kind, Rect)], run: &[usize], i: usize, menus: &[Rect], place: &str) -> Vec<String> {
    let face = items[i].1;
    let corner = index_corner(&face);
    let mut out = Vec::new();
    for (j, (k, r)) in items.iter().enumerate().skip(i + 1) {
        let menu = menus.iter().any(|m| m.holds(r));
        if menu || !matches!(k, Kind::Panel | Kind::Card | Kind::Face) {
            continue;
        }
        if *k == Kind::Panel && body(r) && r.hits(&face) {
            out.push(format!(
                "{place}: a box over a card: {} over {}",
                describe(items, run, j),
                describe(items, run, i)
            ));
        } else if r.hits(&corner) {
            out.push(format!(
                "{place}: an index corner covered: {} over {}",
                describe(items, run, j),
                describe(items, run, i)
            ));
        }
    }
    out
}

/// The faults of one frame, each naming `place` and the items.
fn faults(list: &DrawList, place: &str) -> Vec<String> {
    let items = classify(list);
    let run = runs(&items);
    let mut out = Vec::new();
    let safe = Rect { x: SAFE.0, y: SAFE.1, w: SAFE.2 - SAFE.0, h: SAFE.3 - SAFE.1 };
    let menus = menu_boxes(&items, &run);
    if list.dropped() > 0 {
        out.push(format!("{place}: {} items dropped", list.dropped()));
    }
    for (i, (k, r)) in items.iter().enumerate() {
        // A panel is a box: a fill at least 4 pixels each way, and the
        // frame drawn on its edge (an outline is four thin fills), but not
        // a backdrop (the felt, a strip the whole screen high or wide,
        // meant to reach the edges). A thin ring alone (the cursor's, a
        // legal place's, hugging a card) belongs to the card it marks.
        let boxed =
            *k == Kind::Panel && (body(r) || items.iter().any(|(kb, b)| *kb == Kind::Panel && body(b) && b.holds(r)));
        let shown = matches!(k, Kind::Glyph(_) | Kind::Card | Kind::Face) || boxed;
        let seen = shown && r.on_screen() && !hidden(&items, i);
        if seen && !safe.holds(r) {
            out.push(format!("{place}: {} is outside the safe area", describe(&items, &run, i)));
        }
        if *k == Kind::Face && seen {
            out.extend(covers(&items, &run, i, &menus, place));
        }
        if !matches!(k, Kind::Glyph(_)) {
            continue;
        }
        for j in 0..items.len() {
            if j == i || !items[j].1.hits(r) {
                continue;
            }
            let (kj, rj) = items[j];
            let (a, b) = (i.min(j), i.max(j));
            match kj {
                Kind::Glyph(_) if j < i && run[j] != run[i] && !panel_between(&items, a, b) => out.push(format!(
                    "{place}: text over text: {} and {}",
                    describe(&items, &run, j),
                    describe(&items, &run, i)
                )),
                Kind::Card | Kind::Face if !(j < i && panel_between(&items, a, b)) => out.push(format!(
                    "{place}: text over a card: {} and {}",
                    describe(&items, &run, i),
                    describe(&items, &run, j)
                )),
                Kind::Panel if j > i && !rj.holds(r) => out.push(format!(
                    "{place}: text cut by a panel's edge: {} under {}",
                    describe(&items, &run, i),
                    describe(&items, &run, j)
                )),
                _ => {}
            }
        }
    }
    out
}

/// Drives the App as the pad would, checking every frame it draws.
struct D {
    d: Driver,
    list: DrawList,
    game: &'static str,
    faults: Vec<String>,
    frames: usize,
}

impl D {
    fn new() -> Self {
        D { d: Driver::thinking(1000), list: DrawList::new(), game: CATALOGUE[0].name(), faults: Vec::new(), frames: 0 }
    }
    fn check(&mut self, held: Buttons) {
        render::draw(&self.d.app, held, &AtlasSkin, &mut self.list);
        let place = format!("{} / {:?}", self.game, self.app.screen());
        for f in faults(&self.list, &place) {
            if !self.faults.contains(&f) {
                self.faults.push(f);
            }
        }
        self.frames += 1;
    }
    /// A frame as the console runs it: input, update, thinking, drawing
    /// (the drawing is where the cards' motion sees them move).
    fn frame(&mut self, held: Buttons) {
        self.d.frame(held);
        render::draw(&self.d.app, held, &AtlasSkin, &mut self.list);
    }
    /// Frames pass until nothing moves (A Farewell to Kings queues its
    /// animations one after another; its kings take two seconds to rise
    /// off the screen after a win).
    fn still(&mut self) {
        let won_at = self.app.playing().filter(|p| p.end() == End::Won).and_then(|p| p.ended_at());
        while won_at.is_some_and(|t| self.app.frame().wrapping_sub(t) < 130) {
            self.frame(Buttons::empty());
        }
        for _ in 0..farewell::ui::motion::SLIDE_FRAMES + 1 {
            self.frame(Buttons::empty());
        }
        for _ in 0..600 {
            let frame = self.app.frame();
            let moving = self.app.playing().is_some_and(|p| p.animating(frame));
            if !moving {
                break;
            }
            self.frame(Buttons::empty());
        }
    }
    /// Frames pass, then the first frame with no card in flight is
    /// checked (a card on its way may pass over words).
    fn wait(&mut self, frames: u32) {
        for _ in 0..frames {
            self.frame(Buttons::empty());
        }
        for _ in 0..600 {
            let frame = self.app.frame();
            if !self.app.playing().is_some_and(|p| p.animating(frame)) {
                break;
            }
            self.frame(Buttons::empty());
        }
        self.check(Buttons::empty());
    }
    /// From the title, game `i` of the catalogue and its menu.
    fn choose_nth(&mut self, i: usize) {
        self.game = CATALOGUE[i].name();
        self.choose(GameId::nth(i));
    }
    /// Hints to the end of the deal (or `limit` of them).
    fn play_out(&mut self, limit: usize) -> End {
        for _ in 0..limit {
            if self.app.screen() != Screen::Play || !self.play_hint() {
                break;
            }
        }
        self.app.playing().map_or(End::Playing, |p| p.end())
    }
    fn report(&self) {
        assert!(
            self.faults.is_empty(),
            "{} faults in {} frames:\n{}",
            self.faults.len(),
            self.frames,
            self.faults.join("\n")
        );
    }
}

impl Pad for D {
    fn driver(&mut self) -> &mut Driver {
        &mut self.d
    }
    /// Press, release, then the frame drawn once the cards have moved
    /// (a card sliding, a book leaving may cross the edge on its way).
    fn press(&mut self, b: Buttons) {
        self.frame(b);
        self.frame(Buttons::empty());
        self.still();
        self.check(Buttons::empty());
    }
    fn settle(&mut self) {
        for _ in 0..10_000 {
            if !self.app.thinking() {
                break;
            }
            self.frame(Buttons::empty());
        }
        self.still();
        self.check(Buttons::empty());
    }
}

reads_as_driver!(D, d);

/// The pause menu's row selected.
fn pause_row(d: &D) -> usize {
    match d.app.screen() {
        Screen::Pause { sel } => usize::from(sel),
        s => panic!("{}: not paused but {s:?}", d.game),
    }
}

/// A small fixed sequence of buttons (a pseudo-random walk).
fn walk(seed: u32, n: usize) -> Vec<Buttons> {
    let pads = [
        Buttons::UP,
        Buttons::DOWN,
        Buttons::LEFT,
        Buttons::RIGHT,
        Buttons::CROSS,
        Buttons::CROSS,
        Buttons::CIRCLE,
        Buttons::L1,
        Buttons::R1,
        Buttons::TRIANGLE,
    ];
    let mut s = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            pads[(s % pads.len() as u32) as usize]
        })
        .collect()
}

/// Deals that end quickly by their hints: (game, won deal, lost deal).
const ENDINGS: [(usize, u32, u32); 4] = [(0, 1, 2), (1, 19, 2), (2, 39, 3), (3, 6, 2)];

#[test]
fn the_menus_fit_a_tv() {
    let mut d = D::new();
    d.check(Buttons::empty());
    for i in 0..GAMES.len() {
        d.choose_nth(i);
        for sel in 1..5 {
            d.press(Buttons::DOWN);
            assert_eq!(d.app.screen(), Screen::GameMenu { sel });
        }
        // Statistics, its reset question, back.
        d.press(Buttons::CROSS);
        d.press(Buttons::SQUARE);
        d.press(Buttons::CIRCLE);
        d.press(Buttons::CIRCLE);
        // Help.
        d.press(Buttons::UP);
        d.press(Buttons::CROSS);
        assert_eq!(d.app.screen(), Screen::Help);
        d.press(Buttons::CIRCLE);
        // Every option row.
        d.press(Buttons::UP);
        d.press(Buttons::CROSS);
        assert!(matches!(d.app.screen(), Screen::Options { .. }));
        for _ in 0..16 {
            d.press(Buttons::DOWN);
            d.press(Buttons::RIGHT);
        }
        d.press(Buttons::CIRCLE);
        d.press(Buttons::CIRCLE);
        assert!(matches!(d.app.screen(), Screen::Title { .. }), "{:?}", d.app.screen());
    }
    // The memory card's questions.
    d.app.offer_format();
    d.check(Buttons::empty());
    d.press(Buttons::CIRCLE);
    d.app.offer_replace();
    d.check(Buttons::empty());
    d.press(Buttons::CIRCLE);
    d.report();
}

#[test]
fn the_guided_deal_fits_a_tv() {
    // A Farewell to Kings' menu with its sixth row, How to play, chosen;
    // then every step of the guided deal, each checked once its cards
    // have moved, to the last, whose X goes back to the menu.
    let mut d = D::new();
    d.choose_nth(0);
    d.press(Buttons::UP);
    d.press(Buttons::CROSS);
    let mut steps = 0;
    while d.app.screen() == Screen::Guided {
        steps += 1;
        d.press(Buttons::CROSS);
    }
    assert_eq!(steps, farewell::ui::farewell::GUIDED.steps.len());
    assert_eq!(d.app.screen(), Screen::GameMenu { sel: 5 });
    d.report();
}

#[test]
fn every_game_in_play_fits_a_tv() {
    let mut d = D::new();
    for i in 0..GAMES.len() {
        d.choose_nth(i);
        d.deal(7);
        // A hint shown, the card it names held, a walk over the table
        // (refusals, cards held, undo), the rank and suit highlights.
        d.press(Buttons::SQUARE);
        d.settle();
        d.press(Buttons::CROSS);
        d.check(Buttons::L2 | Buttons::R2);
        for b in walk(i as u32, 120) {
            d.press(b);
        }
        d.check(Buttons::L2 | Buttons::R2);
        d.wait(300);
        // Paused, every row, its Help and Statistics; saved, and offered
        // at the next boot.
        d.press(Buttons::START);
        for _ in 0..PAUSE_MENU.len() {
            d.press(Buttons::DOWN);
        }
        for row in ["Help", "Statistics"] {
            while PAUSE_MENU[pause_row(&d)] != row {
                d.press(Buttons::DOWN);
            }
            d.press(Buttons::CROSS);
            d.press(Buttons::CIRCLE);
        }
        let mut bytes = vec![0u8; farewell::save::MAX_ENCODED];
        let n = d.app.snapshot().encode(&mut bytes).unwrap();
        let mut next = D::new();
        next.game = d.game;
        next.app.load(Save::decode(&bytes[..n]).unwrap());
        next.check(Buttons::empty());
        // A deal with a move made and not over is offered at the next boot.
        let p = d.app.playing().unwrap();
        if p.move_count() > 0 && p.end() == farewell::ui::screen::End::Playing {
            assert_eq!(next.app.screen(), Screen::Resume);
        }
        d.faults.append(&mut next.faults);
        // Quit to the title.
        while PAUSE_MENU[pause_row(&d)] != "Quit to title" {
            d.press(Buttons::DOWN);
        }
        d.press(Buttons::CROSS);
        assert!(matches!(d.app.screen(), Screen::Title { .. }));
    }
    d.report();
}

#[test]
fn every_game_won_and_lost_fits_a_tv() {
    let mut d = D::new();
    for (i, won, lost) in ENDINGS {
        for (seed, want) in [(won, End::Won), (lost, End::Lost)] {
            d.choose_nth(i);
            d.deal(seed);
            let end = d.play_out(400);
            assert_eq!(end, want, "{}: deal {seed}", d.game);
            d.check(Buttons::empty());
            d.wait(200);
            // Every row of its menu, then back to the title: a win's Quit
            // to title; after a loss, a new deal and the pause's Quit.
            let rows = if end == End::Won { 2 } else { 3 };
            for _ in 0..rows - 1 {
                d.press(Buttons::DOWN);
            }
            d.press(Buttons::CROSS);
            if end == End::Lost {
                assert_eq!(d.app.screen(), Screen::Play);
                d.press(Buttons::START);
                while PAUSE_MENU[pause_row(&d)] != "Quit to title" {
                    d.press(Buttons::DOWN);
                }
                d.press(Buttons::CROSS);
            }
            assert!(matches!(d.app.screen(), Screen::Title { .. }), "{:?}", d.app.screen());
        }
        // Its statistics, with a won and a lost deal in them.
        d.choose_nth(i);
        for _ in 0..4 {
            d.press(Buttons::DOWN);
        }
        d.press(Buttons::CROSS);
        assert!(matches!(d.app.screen(), Screen::Stats { .. }));
        d.press(Buttons::CIRCLE);
        d.press(Buttons::CIRCLE);
    }
    d.report();
}

#[test]
fn the_demo_fits_a_tv() {
    let mut d = D::new();
    for _ in 0..farewell::ui::DEMO_AFTER + 1 {
        d.frame(Buttons::empty());
    }
    assert_eq!(d.app.screen(), Screen::Demo);
    let mut seen = Vec::new();
    for f in 0..40_000 {
        d.frame(Buttons::empty());
        let frame = d.app.frame();
        let moving = d.app.playing().is_some_and(|p| p.animating(frame));
        if f % 20 == 0 && !moving {
            d.game = d.app.game.name();
            if !seen.contains(&d.app.game) {
                seen.push(d.app.game);
            }
            d.check(Buttons::empty());
        }
        if seen.len() == GAMES.len() && f > 2000 {
            break;
        }
    }
    d.report();
}

#[test]
fn every_grid_of_a_farewell_to_kings_fits_a_tv() {
    use farewell::games::farewell::KingStart;
    for (i, &(w, h)) in farewell::games::farewell::GRID_SIZES.iter().enumerate() {
        let mut d = D::new();
        let kings = if i % 2 == 0 { KingStart::Custom } else { KingStart::Corners };
        let o = farewell::games::farewell::Options { width: w, height: h, kings, easy: false };
        let mut save = farewell::save::Save::default();
        save.record_mut(farewell::settings::GameId::Farewell).options =
            farewell::games::farewell::patience::code(o).unwrap();
        d.app.load(save);
        d.choose_nth(0);
        d.game = if w * h > 96 { "A Farewell to Kings (large grid)" } else { "A Farewell to Kings (small grid)" };
        d.deal(7);
        assert!(d.log.contains(&format!("grid={w}x{h}")), "{}", d.log);
        // Kings to place (a custom start), then hints, a walk, the pause.
        for b in walk(i as u32 + 10, 80) {
            d.press(b);
        }
        d.press(Buttons::SQUARE);
        d.settle();
        d.check(Buttons::L2 | Buttons::R2);
        d.press(Buttons::START);
        d.press(Buttons::CIRCLE);
        d.play_out(80);
        d.wait(200);
        d.report();
    }
}

/// The fanned piles at their longest, drawn alone: a Four Kingdoms land
/// of three face-down cards under a run of twelve (the longest a land
/// holds), with a message up; King Albert stacks of 11 cards with a
/// two-line message up, and of 13 (the most that show their whole index;
/// longer stacks show each card's rank, its suit under the next card).
#[test]
fn the_longest_fans_show_every_index() {
    use farewell::games::{albert, kingdoms};
    use farewell::ui::screen::PlayScreen;
    use farewell::ui::table::Table;
    let text = "game: kingdoms\n\
        p1: (Ad) (4d) (Qd) 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh\n\
        p2: 2s 3s 4s 5s 6s 7s 8s\np3: 9s Ts Js Qs Ks\np4: As\np5: Ah\np6: Ac\np7: 2c\n\
        talon: 2d 3d 5d 6d 7d 8d 9d Td Jd Kd 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc\n\
        waste:\ndungeon: - - - -\ntower: - - - -\nguest: - - - -\ncastle: - - - -\nsubjects: - - - -\n\
        status: playing\n";
    let pos = kingdoms::notation::parse_position(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pos.land(0).cards().len(), 15);
    let mut play = farewell::ui::kingdoms::Play::on(Table::with_game(1, kingdoms::Game::from_position(pos)));
    let mut log = String::new();
    let mut input = farewell::input::Input::new();
    // Triangle with nothing to undo: a message up.
    input.update(Buttons::TRIANGLE);
    play.update(&input, 1, &mut log);
    let mut list = DrawList::new();
    let mut out = Vec::new();
    for frame in 2..400 {
        input.update(Buttons::empty());
        play.update(&input, frame, &mut log);
        list.clear();
        farewell::ui::kingdoms::draw_table(
            &play,
            farewell::settings::FaceStyle::Standard,
            frame,
            false,
            &AtlasSkin,
            &mut list,
        );
        if frame % 50 == 0 {
            out.extend(faults(&list, "Four Kingdoms, a land of 15"));
        }
    }
    for (n, msg) in [(11, true), (13, false)] {
        let run = ["Kh", "Qs", "Jh", "Ts", "9h", "8s", "7h", "6s", "5h", "4s", "3h", "2s", "Ah"];
        let t1: Vec<&str> = ["8d", "2d"].iter().chain(run.iter()).copied().skip(15 - n).collect();
        let used: Vec<Card> = t1.iter().map(|c| Card::parse(c).unwrap()).collect();
        let rest: Vec<String> = Card::all().filter(|c| !used.contains(c)).map(|c| c.to_string()).collect();
        let (reserve, stacks) = rest.split_at(7);
        let mut text = format!("game: albert\nt1: {}\n", t1.join(" "));
        for (i, chunk) in stacks.chunks(stacks.len().div_ceil(8)).enumerate() {
            text += &format!("t{}: {}\n", i + 2, chunk.join(" "));
        }
        text += &format!("reserve: {}\nfoundations: - - - -\nauto: no\nstatus: playing\n", reserve.join(" "));
        let g = albert::notation::parse_layout(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(g.board().stack_len(0), n);
        let mut play = farewell::ui::albert::Play::on(Table::with_game(1, g));
        // Dealt: the cards at rest.
        for frame in 1..330 {
            input.update(Buttons::empty());
            play.update(&input, frame, &mut log);
            list.clear();
            let face = farewell::settings::FaceStyle::Standard;
            farewell::ui::albert::draw_table(&play, face, frame, false, &AtlasSkin, &mut list);
        }
        if msg {
            // The longest message: two lines of the strip.
            let words = "Hint (no win found in time, a good move): 10♠ to an empty stack, X plays it";
            farewell::ui::paint::message_bar(&mut list, &AtlasSkin, words);
            let lines = list.items().iter().filter(|i| matches!(i, Item::Fill { h: 28, w, .. } if *w > 100)).count();
            assert_eq!(lines, 1, "a two-line message's box");
        }
        out.extend(faults(&list, &format!("King Albert, a stack of {n}")));
    }
    assert!(out.is_empty(), "{}", out.join("\n"));
}
