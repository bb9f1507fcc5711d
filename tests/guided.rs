//! A Farewell to Kings' guided deal ("How to play", issue 46): each step's
//! marks are on what its words name, each move it plays is legal where it
//! is played, the deal shows what it says it shows (the trap really loses,
//! the right way round wins, a book waits and leaves in order, an
//! orphan is lifted and placed, the kings leave), and the App plays it
//! without a byte of the save or a count of the statistics changing.

use farewell::cards::{Card, Rank, Suit};
use farewell::games::farewell::{notation, Cell, Game, Move, Outcome, Status};
use farewell::games::Patience;
use farewell::input::Buttons;
use farewell::ui::farewell::{Layout, Mark, GUIDED, PANEL_W};
use farewell::ui::guided::Step;
use farewell::ui::paint::{wrap_to, Skin, SAFE_LEFT, SAFE_RIGHT};
use farewell::ui::skin::AtlasSkin;
use farewell::ui::{game_menu, GameId, Screen, GUIDED_ROW};

use super::driver::{Driver, Pad};
use super::screens::Screens as _;

/// The start position, read as the console reads it.
fn start() -> Game {
    notation::parse_position(GUIDED.start).expect("the guided deal's start reads")
}

/// The words' tokens: runs of letters and digits (`9s`, `Kh`, `hand`).
fn tokens(words: &str) -> Vec<&str> {
    words.split(|c: char| !c.is_ascii_alphanumeric()).filter(|t| !t.is_empty()).collect()
}

/// The cards a step's words name, in the notation (`9s`, `Td`).
fn named_cards(words: &str) -> Vec<Card> {
    tokens(words).into_iter().filter(|t| t.len() == 2).filter_map(Card::parse).collect()
}

/// Whether `mark` is something the step's words name, in position `g`:
/// a card by its name; a cell by its notation, by a card named beside it
/// ("above Ks"), or as where a named card goes in the step's moves; the
/// hand by the word.
fn named(g: &Game, step: &Step<Move, Mark>, mark: Mark) -> bool {
    let cards = named_cards(step.words);
    match mark {
        Mark::Card(c) => cards.contains(&c),
        Mark::Hand => tokens(step.words).iter().any(|t| t.eq_ignore_ascii_case("hand")),
        Mark::Cell(cell) => {
            let mut name = String::new();
            let _ = farewell::out::Text::text(&cell, &mut name);
            let beside = [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|(dr, dc)| {
                let (r, c) = (i16::from(cell.row) + dr, i16::from(cell.col) + dc);
                (0..8).contains(&r)
                    && (0..12).contains(&c)
                    && g.card_at(Cell::new(r as u8, c as u8)).is_some_and(|k| cards.contains(&k))
            });
            let goes = step.moves.iter().any(|m| matches!(m, Move::Place(c, to) if *to == cell && cards.contains(c)));
            tokens(step.words).contains(&name.as_str()) || beside || goes
        }
    }
}

/// Where a card is to be seen: on the grid, in the hand or waiting.
fn in_view(g: &Game, c: Card) -> bool {
    g.cell_of(c).is_some() || g.hand().contains(&Some(c)) || g.orphans().contains(&c)
}

/// Plays a step's moves on `g`, each checked legal first: a placement or a
/// deal among the position's legal moves (the list the save numbers), an
/// undo with a move to take back. Returns what each did.
fn play_step(g: &mut Game, step: &Step<Move, Mark>, n: usize) -> Vec<Outcome> {
    step.moves
        .iter()
        .map(|m| {
            if *m != Move::Undo {
                let mut legal = false;
                g.for_each_legal(&mut |x| legal |= x == *m);
                assert!(legal, "step {n}: {m:?} is not legal in\n{}", position(g));
            }
            g.apply(*m).unwrap_or_else(|e| panic!("step {n}: {m:?} refused: {e:?}"))
        })
        .collect()
}

fn position(g: &Game) -> String {
    let mut s = String::new();
    notation::write_position(g, &mut s).unwrap();
    s
}

/// Why the trap loses, read off the position it leaves: three tens that
/// can never move before their book goes (10♦ under K♦, and a king never
/// moves before the end; 10♥ and 10♠ each next to a ten), in a place
/// where the only square that could hold all four tens has its last cell
/// under K♥, where the fourth ten, 10♣, matches K♥ in neither suit nor
/// rank. No book of tens, so no win: the trap lost the deal.
fn trapped(g: &Game) -> Result<(), String> {
    let ten = |s: Suit| Card::new(Rank::new(10).unwrap(), s);
    let king = |s: Suit| Card::new(Rank::KING, s);
    let at = |c: Card| g.cell_of(c).ok_or(format!("{c} is not on the grid"));
    let next = |a: Cell, b: Cell| a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1;
    let (d, h, s) = (at(ten(Suit::Diamonds))?, at(ten(Suit::Hearts))?, at(ten(Suit::Spades))?);
    if !(next(d, at(king(Suit::Diamonds))?) && next(h, d) && next(s, h)) {
        return Err("a ten could still move".into());
    }
    let squares: Vec<Cell> = (0..7u8)
        .flat_map(|r| (0..11u8).map(move |c| Cell::new(r, c)))
        .filter(|tl| {
            let block =
                [*tl, Cell::new(tl.row, tl.col + 1), Cell::new(tl.row + 1, tl.col), Cell::new(tl.row + 1, tl.col + 1)];
            [d, h, s].iter().all(|t| block.contains(t))
        })
        .collect();
    let [tl] = squares[..] else { return Err(format!("the tens fit {} squares", squares.len())) };
    let last = [tl, Cell::new(tl.row, tl.col + 1), Cell::new(tl.row + 1, tl.col), Cell::new(tl.row + 1, tl.col + 1)]
        .into_iter()
        .find(|c| ![d, h, s].contains(c))
        .unwrap();
    let above = at(king(Suit::Hearts))?;
    if !next(last, above) || ten(Suit::Clubs).matches(king(Suit::Hearts)) {
        return Err(format!("the last ten's cell {last:?} is open"));
    }
    Ok(())
}

#[test]
fn every_step_marks_what_its_words_name_and_plays_legal_moves() {
    let mut g = start();
    let last = GUIDED.steps.len() - 1;
    for (n, step) in GUIDED.steps.iter().enumerate() {
        // Every step but the farewell marks something; the farewell's
        // kings leave the screen.
        assert!(n == last || !step.marks.is_empty(), "step {n} marks nothing");
        for mark in step.marks {
            assert!(named(&g, step, *mark), "step {n}: {mark:?} is not what {:?} names", step.words);
            match mark {
                Mark::Card(c) => assert!(in_view(&g, *c), "step {n}: {c} is not in view"),
                Mark::Cell(cell) => assert!(g.card_at(*cell).is_none(), "step {n}: {cell:?} is not empty"),
                Mark::Hand => {}
            }
        }
        play_step(&mut g, step, n);
    }
    assert_eq!(g.status(), Status::Won, "the guided deal ends with the kings' farewell");
}

#[test]
fn every_steps_words_fit_the_message_strip() {
    let skin = AtlasSkin;
    let lay = Layout::new(&skin, 12, 8);
    // The strip over the grid, never over the side panel.
    let width = (lay.panel_x - 2) - SAFE_LEFT - 12;
    assert_eq!(lay.panel_x, SAFE_RIGHT - PANEL_W);
    for step in GUIDED.steps {
        let words = farewell::ui::paint::sentence(step.words);
        let (_, rest) = wrap_to(&skin, &words, width);
        let (_, over) = wrap_to(&skin, rest, width);
        assert!(over.is_empty(), "{:?} takes more than two lines: {:?} is left", step.words, over);
        assert!(skin.text_width(rest) <= width);
    }
}

#[test]
fn the_deal_shows_a_waiting_book_leaving_in_order_an_orphan_and_the_trap() {
    let mut g = start();
    let (mut cascade, mut lifted, mut orphan_placed, mut waited) = (false, None, false, false);
    for (n, step) in GUIDED.steps.iter().enumerate() {
        // Row 0 stays empty: the guide's band lies over it.
        assert!((0..12).all(|c| g.card_at(Cell::new(0, c)).is_none()), "step {n}: a card on row 0");
        if step.words.starts_with("A trap") {
            assert!(trapped(&g).is_err(), "the tens are not trapped before the trap");
            let mut after = g.clone();
            play_step(&mut after, step, n);
            trapped(&after).unwrap_or_else(|e| panic!("the trap of step {n} does not lose: {e}"));
        }
        for out in play_step(&mut g, step, n) {
            let ranks: Vec<u8> = out.books.iter().map(|b| b.rank.number()).collect();
            cascade |= ranks == [9, 10];
            if let Some((c, _, farewell::games::farewell::Source::Orphan(_))) = out.placed {
                orphan_placed |= lifted == Some(c);
            }
            if let Some((c, _)) = out.orphans.first() {
                lifted = Some(*c);
            }
            // A book complete with a lower one still to go waits.
            waited |= out.books.is_empty() && g.cells_of_rank(farewell::cards::Rank::new(10).unwrap()).len() == 4;
        }
    }
    assert!(waited, "the tens wait, complete, for the nines");
    assert!(cascade, "the nines leave, then the tens, in one move");
    assert!(lifted.is_some() && orphan_placed, "an orphan is lifted and placed again");
    assert_eq!(g.status(), Status::Won);
}

/// From the title: A Farewell to Kings' menu, Up to its last row, X.
fn into_guided(d: &mut Driver) {
    d.choose(GameId::nth(0));
    d.press(Buttons::UP);
    assert_eq!(d.app.screen(), Screen::GameMenu { sel: 5 });
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::Guided);
}

#[test]
fn how_to_play_is_in_a_farewell_to_kings_menu_only() {
    assert_eq!(game_menu(GameId::nth(0)).last(), Some(&GUIDED_ROW));
    for i in 1..4 {
        assert_eq!(game_menu(GameId::nth(i)).as_slice(), &farewell::ui::GAME_MENU[..], "game {i}");
    }
}

#[test]
fn the_guided_deal_is_played_through_and_saves_and_counts_nothing() {
    let mut d = Driver::new();
    let mut bytes = vec![0u8; farewell::save::MAX_ENCODED];
    let n = d.app.snapshot().encode(&mut bytes).unwrap();
    let before = bytes[..n].to_vec();
    let _ = d.app.take_save_request();
    into_guided(&mut d);
    assert!(d.log.contains("AFTK GUIDED\nAFTK NEW game=farewell seed=0 grid=12x8"), "{}", d.log);
    for step in 1..GUIDED.steps.len() {
        d.press(Buttons::CROSS);
        let p = d.app.playing().and_then(|p| p.farewell()).expect("the guided deal is in play");
        assert_eq!(p.guiding().map(|g| g.at()), Some(step));
        assert_eq!(d.app.screen(), Screen::Guided);
        assert!(!d.app.take_save_request(), "step {step} asks for a save");
    }
    assert_eq!(d.app.playing().map(|p| p.end()), Some(farewell::ui::screen::End::Won));
    // The last step's X goes back to the menu, on How to play.
    d.press(Buttons::CROSS);
    assert_eq!(d.app.screen(), Screen::GameMenu { sel: 5 });
    assert!(d.app.playing().is_none());
    assert!(!d.app.take_save_request());
    let n = d.app.snapshot().encode(&mut bytes).unwrap();
    assert_eq!(bytes[..n], before[..], "the save is as it was");
    assert!(d.app.tallies().iter().all(|t| t.played == 0), "nothing counted");
    // The log's moves: every step's, each logged with the position after it.
    let moves: usize = GUIDED.steps.iter().map(|s| s.moves.len()).sum();
    assert_eq!(d.log.matches("AFTK MOVE ").count(), moves);
    assert_eq!(d.log.matches("AFTK POS\n").count(), moves + 1);
    assert!(d.log.contains("AFTK END won"));
}

#[test]
fn circle_leaves_the_guided_deal_at_once() {
    let mut d = Driver::new();
    into_guided(&mut d);
    d.presses(Buttons::CROSS, 3);
    d.press(Buttons::CIRCLE);
    assert_eq!(d.app.screen(), Screen::GameMenu { sel: 5 });
    assert!(d.app.playing().is_none());
    // Again from the start.
    d.press(Buttons::CROSS);
    let p = d.app.playing().and_then(|p| p.farewell()).unwrap();
    assert_eq!(p.guiding().map(|g| g.at()), Some(0));
    assert_eq!(p.game().move_count(), 0);
}
