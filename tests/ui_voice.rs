//! The four games as one product (issue 43, items 3, 5 and 7): Select marks
//! where the held card (or the card under the cursor) may go, drawn the
//! same way in every game and exactly where its legal moves go; Undo says
//! what it took back; every hint has one phrasing; a message goes at the
//! next press; Four Kingdoms speaks of its places by the names its table
//! shows; a hinted card in A Farewell to Kings moves once.

use farewell::cards::{Card, Rank};
use farewell::draw::{DrawList, Item, Rgb, Sprite};
use farewell::games::{albert, corners, farewell as aftk, kingdoms, Patience};
use farewell::input::Buttons;
use farewell::out::Text as _;
use farewell::settings::FaceStyle;
use farewell::ui::farewell::{AnimKind, Focus, Layout};
use farewell::ui::kingdoms::{Column, Spot as KSpot};
use farewell::ui::paint::{palette, CardSize, Skin};
use farewell::ui::screen::{PlayScreen, View};
use farewell::ui::skin::AtlasSkin;
use farewell::ui::table::Table;
use farewell::ui::words::Said;
use farewell::ui::{albert as albert_ui, corners as corners_ui, farewell as aftk_ui, kingdoms as kingdoms_ui};

use super::driver::PlayDriver;

/// The table as the App draws it in play, Select's highlight on or off.
fn view(highlight: bool, frame: u32) -> View {
    View { face: FaceStyle::Standard, highlight, frame, held: Buttons::empty(), covered: false }
}

/// Select's marks in a drawing: the bars, two pixels thick, in the legal
/// colour (the held card's own frame and a hint's are one pixel).
fn marks(list: &DrawList) -> Vec<(i16, i16, u16, u16)> {
    let mut m: Vec<_> = list
        .items()
        .iter()
        .filter_map(|i| match *i {
            Item::Fill { x, y, w, h, color } if color == palette::LEGAL && (w == 2 || h == 2) => Some((x, y, w, h)),
            _ => None,
        })
        .collect();
    m.sort();
    m
}

/// The marks of boxes (x, y, w, h) framed two pixels thick.
fn framed(boxes: &[(i16, i16, i16, i16)]) -> Vec<(i16, i16, u16, u16)> {
    let mut list = DrawList::new();
    for &(x, y, w, h) in boxes {
        list.outline(x, y, w as u16, h as u16, 2, palette::LEGAL);
    }
    marks(&list)
}

/// The screen drawn at the driver's frame, highlight on or off.
fn drawn<P: PlayScreen>(d: &PlayDriver<P>, highlight: bool) -> DrawList {
    let mut list = DrawList::new();
    d.play.draw(&view(highlight, d.frame), &AtlasSkin, &mut list);
    list
}

/// The legal moves of a game.
fn legal<G: Patience>(g: &G) -> Vec<G::Move> {
    let mut v = Vec::new();
    g.for_each_legal(&mut |m| v.push(m));
    v
}

fn large() -> (i16, i16) {
    AtlasSkin.card_size(CardSize::Large)
}

/// Asks for a hint and gives it all the work it needs.
fn hint<P: PlayScreen>(d: &mut PlayDriver<P>)
where
    P::HintStore: Default,
{
    d.press(Buttons::SQUARE);
    for _ in 0..20_000 {
        if !d.play.thinking() {
            return;
        }
        let frame = d.frame;
        d.play.think(50, frame, &mut d.store);
    }
    panic!("the hint never came");
}

/// A card as the table shows it (the test's own table of ranks and suits).
fn face(c: Card) -> String {
    let rank = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][usize::from(c.rank().number() - 1)];
    format!("{rank}{}", ['♠', '♥', '♦', '♣'][c.suit() as usize])
}

fn albert_at(seed: u32) -> PlayDriver<albert_ui::Play> {
    let mut log = String::new();
    let play = albert_ui::Play::on(Table::new(seed, albert::Options::default(), &mut log));
    PlayDriver::new(play, log, 0)
}

fn corners_at(seed: u32) -> PlayDriver<corners_ui::Play> {
    let mut log = String::new();
    let play = corners_ui::Play::on(Table::new(seed, (), &mut log));
    PlayDriver::new(play, log, 0)
}

fn kingdoms_at(seed: u32) -> PlayDriver<kingdoms_ui::Play> {
    let mut log = String::new();
    let play = kingdoms_ui::Play::on(Table::new(seed, kingdoms::Options::default(), &mut log));
    PlayDriver::new(play, log, 0)
}

fn aftk_at(seed: u32) -> PlayDriver<aftk_ui::Play> {
    let mut log = String::new();
    let play = aftk_ui::Play::on(Table::new(seed, aftk::Options::default(), &mut log));
    PlayDriver::new(play, log, 0)
}

#[test]
fn select_marks_where_king_alberts_card_may_go_under_the_cursor_and_held() {
    // A deal whose first stack's top card (under the cursor at the deal)
    // goes onto other stacks, and not to its suit stack.
    let (seed, card, goals) = (1..500)
        .find_map(|seed| {
            let g = albert::Game::deal(seed, albert::Options::default());
            let c = g.board().top(0)?;
            let moves = legal(&g);
            let goals: Vec<u8> = moves
                .iter()
                .filter_map(|m| match *m {
                    albert::Move::Stack(x, t) if x == c => Some(t),
                    _ => None,
                })
                .collect();
            let up = moves.contains(&albert::Move::Foundation(c));
            (!goals.is_empty() && !up).then_some((seed, c, goals))
        })
        .expect("such a deal");
    let mut d = albert_at(seed);
    d.press(Buttons::empty());
    let (cw, ch) = large();
    let b = *d.play.game().board();
    let boxes: Vec<_> = goals
        .iter()
        .map(|&t| {
            let n = b.stack_len(usize::from(t));
            let (x, y) = albert_ui::stack_card_xy(t, n.max(1) - 1, n.max(1), ch);
            (x, y, cw, ch)
        })
        .collect();
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "{card} under the cursor, deal {seed}");
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held().map(|h| h.card), Some(card));
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "{card} held");
    assert!(marks(&drawn(&d, false)).is_empty(), "Select's highlight off");
}

#[test]
fn select_marks_the_cells_king_corners_drawn_card_may_go_to() {
    let mut d = corners_at(7);
    d.press(Buttons::empty());
    let g = d.play.game();
    assert_eq!(g.phase(), corners::Phase::Place);
    let card = g.next().unwrap();
    let (cw, ch) = large();
    let boxes: Vec<_> = legal(g)
        .into_iter()
        .filter_map(|m| match m {
            corners::Move::Place(c, cell) if c == card => {
                let (x, y) = corners_ui::cell_xy(cell);
                Some((x, y, cw, ch))
            }
            _ => None,
        })
        .collect();
    assert!(!boxes.is_empty());
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes));
    assert!(marks(&drawn(&d, false)).is_empty());
}

#[test]
fn select_marks_the_cards_that_make_ten_with_king_corners_card_under_the_cursor() {
    // Played by the fair player until the matrix is full and a number card
    // lies under the cursor's cell.
    for seed in 1..200 {
        let mut d = corners_at(seed);
        for _ in 0..30 {
            if d.play.game().phase() != corners::Phase::Place || d.play.game().status().is_over() {
                break;
            }
            let frame = d.frame;
            d.play.demo_frame(frame, true, &mut d.log);
        }
        let g = d.play.game().clone();
        if g.phase() == corners::Phase::Place || g.status().is_over() {
            continue;
        }
        let Some(card) = g.card_at(d.play.cursor()) else { continue };
        let cell_of = |c: &Card| corners::Cell::all().find(|cell| g.card_at(*cell) == Some(*c)).unwrap();
        let mut cells: Vec<corners::Cell> = Vec::new();
        for m in legal(&g) {
            if let corners::Move::Clear(group) = m {
                if group.cards().contains(&card) {
                    cells.extend(group.cards().iter().filter(|c| **c != card).map(cell_of));
                }
            }
        }
        cells.sort();
        cells.dedup();
        if cells.is_empty() {
            continue;
        }
        let (cw, ch) = large();
        let boxes: Vec<_> = cells
            .iter()
            .map(|cell| {
                let (x, y) = corners_ui::cell_xy(*cell);
                (x, y, cw, ch)
            })
            .collect();
        d.press(Buttons::empty());
        assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "deal {seed}, {card} under the cursor");
        return;
    }
    panic!("no full matrix with a number card under the cursor in deals 1-199");
}

/// Where a Four Kingdoms move takes its card, as the test reads the table.
fn kingdoms_box(pos: &kingdoms::Position, m: kingdoms::Move) -> (i16, i16) {
    let row = |c: Card, column| kingdoms_ui::row_xy(c.suit() as u8, column);
    match m {
        kingdoms::Move::ToLand(_, l) => {
            let land = pos.land(usize::from(l));
            kingdoms_ui::land_xy(land, l, land.cards().len().max(1) - 1)
        }
        kingdoms::Move::ToGuest(c) => row(c, Column::Guest),
        kingdoms::Move::ToFoundation(c) => row(
            c,
            match c.rank().number() {
                1 => Column::Dungeon,
                10 => Column::Tower,
                11..=13 => Column::Castle,
                _ => Column::Subjects,
            },
        ),
        kingdoms::Move::Draw => unreachable!(),
    }
}

#[test]
fn select_marks_where_four_kingdoms_card_may_go_under_the_cursor_and_held() {
    // A deal whose first land's top card (under the cursor at the deal) has
    // somewhere to go.
    let (seed, card, moves) = (1..500)
        .find_map(|seed| {
            let g = kingdoms::Game::deal(seed, kingdoms::Options::default());
            let c = *g.position().land(0).cards().last()?;
            let of = |m: &kingdoms::Move| match *m {
                kingdoms::Move::ToLand(x, _) | kingdoms::Move::ToGuest(x) | kingdoms::Move::ToFoundation(x) => x == c,
                kingdoms::Move::Draw => false,
            };
            let moves: Vec<_> = legal(&g).into_iter().filter(of).collect();
            (!moves.is_empty()).then_some((seed, c, moves))
        })
        .expect("such a deal");
    let mut d = kingdoms_at(seed);
    d.press(Buttons::empty());
    let pos = *d.play.game().position();
    // The lands' cards are compact, the suit rows' large.
    let boxes: Vec<_> = moves
        .iter()
        .map(|m| {
            let (x, y) = kingdoms_box(&pos, *m);
            let size = if matches!(m, kingdoms::Move::ToLand(..)) { CardSize::Compact } else { CardSize::Large };
            let (cw, ch) = AtlasSkin.card_size(size);
            (x, y, cw, ch)
        })
        .collect();
    assert_eq!(d.play.cursor(), KSpot::Land { land: 0, depth: 0 });
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "{card} under the cursor, deal {seed}");
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), Some(card));
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "{card} held");
    assert!(marks(&drawn(&d, false)).is_empty());
}

#[test]
fn select_marks_where_a_farewell_hand_card_may_go_under_the_cursor_and_held() {
    let mut d = aftk_at(42);
    while !matches!(d.play.focus(), Focus::Hand(_)) {
        d.press(Buttons::RIGHT);
    }
    let Focus::Hand(slot) = d.play.focus() else { unreachable!() };
    let g = d.play.game().clone();
    let card = g.hand()[usize::from(slot)].unwrap();
    let o = g.options();
    let lay = Layout::new(&AtlasSkin, o.width, o.height);
    let (w, h) = lay.cell_size();
    let boxes: Vec<_> = legal(&g)
        .into_iter()
        .filter_map(|m| match m {
            aftk::Move::Place(c, cell) if c == card => {
                let (x, y) = lay.cell_xy(cell);
                Some((x, y, w, h))
            }
            _ => None,
        })
        .collect();
    assert!(!boxes.is_empty());
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "{card} under the cursor");
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), Some(card));
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "{card} held");
    assert!(marks(&drawn(&d, false)).is_empty());
}

#[test]
fn undo_says_what_it_took_back_in_every_game() {
    // King Albert: a card onto a stack.
    let mut d = albert_at(3);
    let g = d.play.game().clone();
    let (c, t) = legal(&g)
        .into_iter()
        .find_map(|m| match m {
            albert::Move::Stack(c, t) if g.board().top(usize::from(t)).is_some() => Some((c, t)),
            _ => None,
        })
        .unwrap();
    let on = g.board().top(usize::from(t)).unwrap();
    let frame = d.frame;
    assert!(d.play.play_move(albert::Move::Stack(c, t), frame, &mut d.log));
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.play.game().board(), g.board());
    assert_eq!(d.play.table().message(d.frame), Some(format!("Took back: {c} onto {on}").as_str()));

    // Four Kingdoms: a draw.
    let mut d = kingdoms_at(3);
    d.press(Buttons::L1);
    assert_eq!(d.play.game().move_count(), 1);
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.play.game().move_count(), 0);
    assert_eq!(d.play.table().message(d.frame), Some("Took back: draw from the talon"));

    // King's Corners: the drawn card placed.
    let mut d = corners_at(3);
    let card = d.play.game().next().unwrap();
    let cell = d.play.cursor();
    d.press(Buttons::CROSS);
    assert_eq!(d.play.game().card_at(cell), Some(card));
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.play.game().card_at(cell), None);
    let (r, col) = (cell.row(), cell.col());
    assert_eq!(d.play.table().message(d.frame), Some(format!("Took back: {card} to r{r}c{col}").as_str()));
}

#[test]
fn a_message_goes_at_the_next_press_in_every_game() {
    fn check<P: PlayScreen>(mut d: PlayDriver<P>, message: impl Fn(&P, u32) -> Option<String>, quiet: Buttons)
    where
        P::HintStore: Default,
    {
        d.press(Buttons::TRIANGLE);
        let said = message(&d.play, d.frame).unwrap_or_default();
        assert!(said.eq_ignore_ascii_case("nothing to undo"), "{said}");
        d.press(quiet);
        assert_eq!(message(&d.play, d.frame), None, "{quiet:?} took it down");
    }
    let msg = |t: Option<&str>| t.map(str::to_string);
    // A Farewell to Kings: R1 and L2 do nothing here but take it down.
    check(aftk_at(5), |p, f| msg(p.table().message(f)), Buttons::R1);
    check(aftk_at(5), |p, f| msg(p.table().message(f)), Buttons::L2);
    check(albert_at(5), |p, f| msg(p.table().message(f)), Buttons::L2);
    check(corners_at(5), |p, f| msg(p.table().message(f)), Buttons::R2);
    check(kingdoms_at(5), |p, f| msg(p.table().message(f)), Buttons::R2);
}

/// True for the one phrasing: "Hint: <move> (X plays it)", or with a note
/// after the button ("(X plays it; a winning line)").
fn one_phrasing(m: &str) -> bool {
    let Some(rest) = m.strip_prefix("Hint: ") else { return false };
    let Some((what, tail)) = rest.split_once(" (X plays it") else { return false };
    !what.is_empty() && (tail == ")" || (tail.starts_with("; ") && tail.ends_with(')')))
}

#[test]
fn every_game_phrases_its_hint_one_way() {
    let mut d = albert_at(11);
    hint(&mut d);
    let m = d.play.table().message(d.frame).unwrap().to_string();
    assert!(one_phrasing(&m), "{m}");
    let mut d = kingdoms_at(11);
    hint(&mut d);
    let m = d.play.table().message(d.frame).unwrap().to_string();
    assert!(one_phrasing(&m), "{m}");
    let mut d = corners_at(11);
    hint(&mut d);
    let m = d.play.table().message(d.frame).unwrap().to_string();
    assert!(one_phrasing(&m), "{m}");
    let mut d = aftk_at(11);
    hint(&mut d);
    let m = d.play.table().message(d.frame).unwrap().to_string();
    assert!(one_phrasing(&m), "{m}");
}

#[test]
fn king_corners_hint_to_clear_a_group_names_its_cards() {
    for seed in 1..50 {
        let mut d = corners_at(seed);
        for _ in 0..40 {
            if d.play.game().status().is_over() {
                break;
            }
            hint(&mut d);
            let m = d.play.table().message(d.frame).unwrap_or("").to_string();
            let before = d.play.game().clone();
            d.press(Buttons::CROSS);
            if !m.starts_with("Hint: clear ") {
                continue;
            }
            let gone: Vec<Card> = corners::Cell::all()
                .filter_map(|cell| before.card_at(cell).filter(|_| d.play.game().card_at(cell).is_none()))
                .collect();
            assert!(!gone.is_empty(), "X cleared the group hinted: {m}");
            for c in &gone {
                assert!(m.contains(&c.to_string()), "{m} names {c}");
            }
            assert!(one_phrasing(&m), "{m}");
            return;
        }
    }
    panic!("no group hinted");
}

#[test]
fn four_kingdoms_names_its_places_as_its_table_does() {
    let mut seen = [false; 4];
    for seed in 1..30 {
        let mut g = kingdoms::Game::deal(seed, kingdoms::Options::default());
        for _ in 0..200 {
            for m in legal(&g) {
                let mut text = String::new();
                Said(&g, m).text(&mut text).unwrap();
                assert!(!text.contains("foundation"), "{text}");
                if let kingdoms::Move::ToFoundation(c) = m {
                    let (i, place) = match c.rank().number() {
                        1 => (0, "Dungeon"),
                        10 => (1, "Tower"),
                        11..=13 => (2, "Castle"),
                        _ => (3, "Subjects"),
                    };
                    seen[i] = true;
                    assert_eq!(text, format!("{} to the {place}", face(c)));
                }
            }
            let Some(m) = kingdoms::player::best_move(g.position()) else { break };
            g.play(m).unwrap();
        }
    }
    assert_eq!(seen, [true; 4], "a move up to each place was seen");
}

/// A skin that draws each card as a one-pixel sprite naming it, to find
/// where a card is drawn.
struct Marker;
impl Skin for Marker {
    fn card(&self, list: &mut DrawList, x: i16, y: i16, card: Card, _: FaceStyle, _: CardSize, _: Rgb) {
        list.sprite(x, y, Sprite { tpage: 999, clut: 0, u: card.index(), v: 0, w: 1, h: 1 });
    }
    fn back(&self, list: &mut DrawList, x: i16, y: i16, _: CardSize) {
        list.sprite(x, y, Sprite { tpage: 998, clut: 0, u: 0, v: 0, w: 1, h: 1 });
    }
    fn glyph(&self, ch: char) -> Option<(Sprite, i16)> {
        Some((Sprite { tpage: 997, clut: 0, u: ch as u8, v: 0, w: 8, h: 8 }, 8))
    }
    fn advance(&self) -> i16 {
        8
    }
    fn line_height(&self) -> i16 {
        8
    }
    fn card_size(&self, s: CardSize) -> (i16, i16) {
        AtlasSkin.card_size(s)
    }
}

/// Where `card` is drawn.
fn drawn_at(list: &DrawList, card: Card) -> Vec<(i16, i16)> {
    list.items()
        .iter()
        .filter_map(|i| match *i {
            Item::Sprite { x, y, sprite, .. } if sprite.tpage == 999 && sprite.u == card.index() => Some((x, y)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_farewell_hint_shows_its_card_in_the_hand_and_x_slides_it_once() {
    let mut d = aftk_at(42);
    // Let the deal's cards arrive.
    for _ in 0..120 {
        d.press(Buttons::empty());
    }
    hint(&mut d);
    let card = d.play.held().expect("a card to place");
    let Focus::Grid(cell) = d.play.focus() else { panic!("the cursor on the hint's cell") };
    let slot = d.play.game().hand().iter().position(|h| *h == Some(card)).unwrap() as u8;
    let o = d.play.game().options();
    let lay = Layout::new(&Marker, o.width, o.height);
    let mut list = DrawList::new();
    d.play.draw(&view(true, d.frame), &Marker, &mut list);
    let (sx, sy) = lay.slot_xy(slot);
    assert_eq!(drawn_at(&list, card), vec![(sx, sy - 4)], "once, lifted in its hand slot, not at its cell");
    d.press(Buttons::CROSS);
    assert_eq!(d.play.game().card_at(cell), Some(card));
    let slides: Vec<_> = d
        .play
        .table()
        .motion()
        .queued()
        .iter()
        .filter_map(|q| match q.kind {
            AnimKind::Slide { card: c, from_slot, to } if c == card => Some((from_slot, to)),
            _ => None,
        })
        .collect();
    assert_eq!(slides, vec![(Some(slot), cell)], "one slide, from the hand slot it was shown in");
}

/// The words drawn on the line that has a `#`, spaces left out.
fn deal_line<P: PlayScreen>(d: &PlayDriver<P>) -> String {
    let mut list = DrawList::new();
    d.play.draw(&view(true, d.frame), &Marker, &mut list);
    let mut glyphs: Vec<(i16, i16, char)> = list
        .items()
        .iter()
        .filter_map(|i| match *i {
            Item::Sprite { x, y, sprite, .. } if sprite.tpage == 997 => Some((y, x, sprite.u as char)),
            _ => None,
        })
        .collect();
    glyphs.sort();
    glyphs.iter().filter(|(y, ..)| glyphs.iter().any(|(y2, _, c)| y2 == y && *c == '#')).map(|(.., c)| *c).collect()
}

#[test]
fn four_kingdoms_and_king_corners_show_their_deal_number_and_moves() {
    let mut d = kingdoms_at(4321);
    d.press(Buttons::L1);
    let line = deal_line(&d);
    assert!(line.ends_with("Deal#4321Moves1"), "{line}");
    let mut d = corners_at(765);
    d.press(Buttons::CROSS);
    let line = deal_line(&d);
    assert!(line.starts_with("Deal#765Moves1"), "{line}");
}

#[test]
fn a_rank_in_words_matches_the_cards() {
    // The test's own table of faces agrees with the shared one.
    let c = Card::new(Rank::new(10).unwrap(), farewell::cards::Suit::Hearts);
    assert_eq!(face(c), farewell::ui::words::Face(c).to_string());
}

#[test]
fn the_marks_of_a_new_position_wait_for_the_frame_after_its_move() {
    let mut d = corners_at(7);
    d.press(Buttons::empty());
    assert!(!marks(&drawn(&d, true)).is_empty(), "the drawn card's cells");
    // The frame of the move does the move's own work.
    d.frame(Buttons::CROSS);
    assert_eq!(d.play.game().move_count(), 1);
    assert!(marks(&drawn(&d, true)).is_empty());
    d.frame(Buttons::empty());
    let g = d.play.game();
    let (cw, ch) = large();
    let boxes: Vec<_> = legal(g)
        .into_iter()
        .filter_map(|m| match m {
            corners::Move::Place(_, cell) => {
                let (x, y) = corners_ui::cell_xy(cell);
                Some((x, y, cw, ch))
            }
            _ => None,
        })
        .collect();
    assert_eq!(marks(&drawn(&d, true)), framed(&boxes), "the next card's cells, a frame later");
}

#[test]
fn a_farewell_grid_with_a_line_free_above_it_shows_the_deal_number_and_moves() {
    let mut log = String::new();
    let options = aftk::Options { width: 8, height: 5, ..Default::default() };
    let play = aftk_ui::Play::on(Table::new(2024, options, &mut log));
    let mut d = PlayDriver::new(play, log, 0);
    d.press(Buttons::empty());
    let line = deal_line(&d);
    assert_eq!(line, "Deal#2024Moves0");
}

#[test]
fn a_farewell_grid_with_no_line_free_above_it_shows_the_deal_number_and_moves_in_the_message_strip() {
    for (width, height) in [(12, 8), (13, 9), (14, 9)] {
        let mut log = String::new();
        let options = aftk::Options { width, height, ..Default::default() };
        let play = aftk_ui::Play::on(Table::new(2024, options, &mut log));
        let mut d = PlayDriver::new(play, log, 0);
        // No message stands: the strip shows the deal.
        d.press(Buttons::empty());
        let line = deal_line(&d);
        assert_eq!(line, "Deal#2024Moves0", "{width}x{height}");
        // A message takes the strip's place: the hint's words.
        d.press(Buttons::SQUARE);
        while d.play.think(1_000, d.frame, &mut d.store) {}
        d.frame(Buttons::empty());
        assert!(!deal_line(&d).contains("Deal#"), "{width}x{height}: a message stands in the strip");
    }
}
