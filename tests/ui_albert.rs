//! Host tests of King Albert's screen, driving its `Play` with synthetic pad
//! input: the cursor, picking up and putting down, a run moved whole, a run
//! refused with its reason, R1 to the suit stack, undo, automatic moves
//! named, a hint worked out over several calls and played with X, and what
//! the renderer draws for the longest stack.

use farewell::cards::{Card, Rank, Suit};
use farewell::draw::{DrawList, Item};
use farewell::games::albert::solver::{Frame, Solver, Step, Verdict, Workspace, MAX_BRANCH};
use farewell::games::albert::{player, Game, Illegal, Move, Options, STACKS};
use farewell::games::Patience;
use farewell::input::{Buttons, Input};
use farewell::settings::FaceStyle;
use farewell::ui::albert::{self, HintStorage, Play, Spot, HINT_NODES};
use farewell::ui::paint::{Skin, SCREEN_H, SCREEN_W};
use farewell::ui::screen::PlayScreen;
use farewell::ui::skin::AtlasSkin;
use farewell::ui::table::Table;

use super::driver::PlayDriver;

type Driver = PlayDriver<Play>;

/// Deal `seed`, with the default options.
fn dealt(seed: u32) -> Driver {
    let mut log = String::new();
    let play = Play::on(Table::new(seed, Options::default(), &mut log));
    Driver::new(play, log, 0)
}

/// Deal `seed` with `moves` played first.
fn at(seed: u32, moves: &[Move]) -> Driver {
    let mut d = dealt(seed);
    for &m in moves {
        assert!(d.play.play_move(m, d.frame, &mut d.log), "{m}");
    }
    d
}

/// King Albert's table, as these tests look at it and move over it.
trait Albert {
    fn game(&self) -> &Game;
    fn message(&self) -> String;
    /// Moves the cursor to `target` with the D-pad (on a stack, then
    /// `depth` cards down from the top).
    fn go(&mut self, target: Spot, depth: u8);
}

impl Albert for Driver {
    fn game(&self) -> &Game {
        self.play.game()
    }
    fn message(&self) -> String {
        self.play.table().message(self.frame).unwrap_or("").to_string()
    }
    fn go(&mut self, target: Spot, depth: u8) {
        for _ in 0..40 {
            let cur = self.play.cursor();
            let b = match (cur, target) {
                (c, t) if c == t => break,
                (Spot::Stack(_), Spot::Stack(_)) => Buttons::RIGHT,
                (_, Spot::Stack(_)) => Buttons::DOWN,
                (Spot::Stack(_), _) => Buttons::UP,
                _ => Buttons::RIGHT,
            };
            self.press(b);
        }
        assert_eq!(self.play.cursor(), target);
        for _ in 1..depth {
            self.press(Buttons::UP);
        }
        if matches!(target, Spot::Stack(_)) {
            assert_eq!(self.play.depth(), depth.max(1));
        }
    }
}

/// Where `c` lies: its stack and its depth from the top.
fn place(g: &Game, c: Card) -> Option<(u8, u8)> {
    let b = g.board();
    for s in 0..STACKS {
        let mut at = b.top(s);
        let mut d = 1;
        while let Some(x) = at {
            if x == c {
                return Some((s as u8, d));
            }
            at = b.below(x);
            d += 1;
        }
    }
    None
}

/// The first state, over deals 1.. and the fair player's line through
/// each, where `pred` finds something: the deal, the moves to it, the find.
fn find<T>(pred: impl Fn(&Game) -> Option<T>) -> (u32, Vec<Move>, T) {
    for seed in 1..400 {
        let mut g = Game::deal(seed, Options::default());
        let mut line = Vec::new();
        for _ in 0..80 {
            if let Some(t) = pred(&g) {
                return (seed, line, t);
            }
            let Some(m) = player::best_move(&g) else { break };
            g.play(m).unwrap();
            line.push(m);
        }
    }
    panic!("no such state in deals 1-399");
}

/// A legal move of a card (or run) from a building stack onto a non-empty
/// stack, with the run's length satisfying `len`.
fn stack_move(g: &Game, len: impl Fn(u8) -> bool) -> Option<(Move, u8, u8)> {
    let mut found = None;
    g.for_each_legal(&mut |m| {
        if let Move::Stack(c, t) = m {
            if let Some((s, d)) = place(g, c) {
                if found.is_none() && len(d) && g.board().top(usize::from(t)).is_some() {
                    found = Some((m, s, d));
                }
            }
        }
    });
    found
}

#[test]
fn the_d_pad_moves_over_stacks_the_reserve_and_the_suit_stacks() {
    let mut d = dealt(1);
    assert_eq!(d.play.cursor(), Spot::Stack(0));
    d.press(Buttons::RIGHT);
    assert_eq!(d.play.cursor(), Spot::Stack(1));
    d.press(Buttons::LEFT);
    d.press(Buttons::LEFT);
    assert_eq!(d.play.cursor(), Spot::Stack(8), "wraps");
    // Stack 0 holds one card: Up goes to the top row, above it.
    d.press(Buttons::RIGHT);
    d.press(Buttons::UP);
    assert_eq!(d.play.cursor(), Spot::Reserve(0));
    d.press(Buttons::LEFT);
    assert_eq!(d.play.cursor(), Spot::Suit(3), "the top row wraps through the suit stacks");
    d.press(Buttons::DOWN);
    assert_eq!(d.play.cursor(), Spot::Stack(8), "the stack under the last suit stack");
    assert_eq!(d.play.depth(), 1);
}

#[test]
fn up_and_down_choose_the_base_of_the_run_on_top_of_a_stack() {
    let (seed, line, (s, run)) =
        find(|g| (0..STACKS).find(|&s| g.board().run_len(s) >= 2).map(|s| (s as u8, g.board().run_len(s) as u8)));
    let mut d = at(seed, &line);
    d.go(Spot::Stack(s), 1);
    let top = d.game().board().top(usize::from(s)).unwrap();
    assert_eq!(d.play.card_at_cursor(), Some(top));
    d.press(Buttons::UP);
    assert_eq!(d.play.depth(), 2);
    assert_eq!(d.play.card_at_cursor(), d.game().board().below(top));
    for _ in 2..run {
        d.press(Buttons::UP);
    }
    assert_eq!(d.play.depth(), run, "the whole run");
    d.press(Buttons::UP);
    assert!(matches!(d.play.cursor(), Spot::Reserve(_) | Spot::Suit(_)), "past the run's base: the top row");
    d.go(Spot::Stack(s), 2);
    d.press(Buttons::DOWN);
    d.press(Buttons::DOWN);
    assert_eq!(d.play.depth(), 1, "Down stops at the top card");
}

#[test]
fn cross_picks_a_card_up_and_puts_it_down_and_circle_puts_it_back() {
    let (seed, line, (m, s, _)) = find(|g| stack_move(g, |d| d == 1));
    let Move::Stack(card, t) = m else { unreachable!() };
    let mut d = at(seed, &line);
    let before = d.game().clone();
    d.go(Spot::Stack(s), 1);
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held().map(|h| (h.card, h.count)), Some((card, 1)));
    d.press(Buttons::CIRCLE);
    assert_eq!(d.play.held(), None);
    assert_eq!(d.game(), &before, "put back: nothing moved");
    d.press(Buttons::CROSS);
    d.go(Spot::Stack(t), 1);
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held(), None);
    assert_eq!(d.game().move_count(), before.move_count() + 1);
    assert!(d.game().board().stack_len(usize::from(t)) >= before.board().stack_len(usize::from(t)));
    assert!(d.log.contains(&format!("AFTK MOVE {m}\nAFTK POS\n")), "{}", d.log);
}

#[test]
fn a_run_picked_up_from_its_base_moves_together() {
    let (seed, line, (m, s, depth)) = find(|g| stack_move(g, |d| d >= 2));
    let Move::Stack(base, t) = m else { unreachable!() };
    let mut d = at(seed, &line);
    let (from_len, to_len) = (d.game().board().stack_len(usize::from(s)), d.game().board().stack_len(usize::from(t)));
    d.go(Spot::Stack(s), depth);
    assert_eq!(d.play.card_at_cursor(), Some(base));
    d.press(Buttons::CROSS);
    assert_eq!(d.play.held().map(|h| h.count), Some(depth));
    d.go(Spot::Stack(t), 1);
    d.press(Buttons::CROSS);
    let b = d.game().board();
    assert_eq!(b.stack_len(usize::from(s)), from_len - usize::from(depth));
    // Automatic moves may have taken cards off afterwards, never more than
    // the run brought.
    assert!(b.stack_len(usize::from(t)) <= to_len + usize::from(depth));
    assert!(d.log.contains(&format!("AFTK MOVE {m}\n")));
}

#[test]
fn a_run_too_long_for_the_empty_stacks_is_refused_with_the_reason() {
    let (seed, line, (base, s, depth, t)) = find(|g| {
        let b = g.board();
        for s in 0..STACKS {
            let mut c = b.top(s)?;
            for depth in 1..=b.run_len(s) as u8 {
                for t in 0..STACKS as u8 {
                    if matches!(g.check(Move::Stack(c, t)), Err(Illegal::RunTooLong { .. })) {
                        return Some((c, s as u8, depth, t));
                    }
                }
                match b.below(c) {
                    Some(u) => c = u,
                    None => break,
                }
            }
        }
        None
    });
    let mut d = at(seed, &line);
    let before = d.game().clone();
    d.go(Spot::Stack(s), depth);
    assert_eq!(d.play.card_at_cursor(), Some(base));
    d.press(Buttons::CROSS);
    d.go(Spot::Stack(t), 1);
    d.press(Buttons::CROSS);
    assert_eq!(d.game(), &before, "refused");
    let need = depth - 1;
    let msg = d.message();
    assert!(msg.starts_with(&format!("a run of {depth} needs {need} empty stack")), "{msg}");
    assert!(d.play.held().is_some(), "the run stays in hand");
    d.press(Buttons::CIRCLE);
    assert_eq!(d.play.held(), None);
}

#[test]
fn r1_sends_the_card_under_the_cursor_to_its_suit_stack() {
    let (seed, line, (s, c)) = find(|g| {
        let b = g.board();
        (0..STACKS).find_map(|s| b.top(s).filter(|&c| b.foundation_takes(c)).map(|c| (s as u8, c)))
    });
    let mut d = at(seed, &line);
    d.go(Spot::Stack(s), 1);
    d.press(Buttons::R1);
    assert!(d.game().board().on_foundation(c));
    assert!(d.log.contains(&format!("AFTK MOVE {c}>f\n")));
    // On a covered card, R1 says why not.
    let covered = (0..STACKS as u8).find(|&s| d.game().board().run_len(usize::from(s)) >= 2);
    if let Some(s) = covered {
        d.go(Spot::Stack(s), 2);
        let n = d.game().move_count();
        d.press(Buttons::R1);
        assert_eq!(d.game().move_count(), n);
        assert!(d.message().contains("is covered by"), "{}", d.message());
    }
}

#[test]
fn triangle_takes_back_the_move_with_its_automatic_moves_and_says_what_went_up() {
    // A move after which cards went up by themselves.
    let (seed, line, m) = find(|g| {
        let mut found = None;
        g.for_each_legal(&mut |m| {
            let mut t = g.clone();
            if found.is_none() && t.play(m).is_ok() && t.last_autos().next().is_some() {
                found = Some(m);
            }
        });
        found
    });
    let mut d = at(seed, &line);
    let before = d.game().clone();
    assert!(d.play.play_move(m, d.frame, &mut d.log));
    let up: Vec<String> = d.game().last_autos().map(|(c, _)| c.to_string()).collect();
    let msg = d.message();
    assert!(msg.starts_with("Up by itself:") && up.iter().all(|c| msg.contains(c.as_str())), "{msg} {up:?}");
    assert_ne!(d.play.auto_suits(d.frame), 0, "their suit stacks are outlined");
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.game(), &before);
    assert!(d.log.ends_with("AFTK MOVE undo\n".to_string().as_str()) || d.log.contains("AFTK MOVE undo\nAFTK POS\n"));
    d.press(Buttons::TRIANGLE);
    assert_eq!(d.game().move_count(), before.move_count().saturating_sub(1));
}

/// Asks for a hint and thinks in slices of `slice` units until it shows;
/// the calls made (none when the hint follows the line found before).
fn hint(d: &mut Driver, slice: u32) -> usize {
    d.press(Buttons::SQUARE);
    if d.play.thinking() {
        assert_eq!(d.message(), "Thinking...");
    }
    let mut calls = 0;
    while d.play.thinking() {
        d.play.think(slice, d.frame, &mut d.store);
        calls += 1;
        assert!(calls < 100_000);
    }
    calls
}

#[test]
fn a_hint_is_worked_out_in_slices_and_played_with_x() {
    let mut d = dealt(1);
    let calls = hint(&mut d, 12);
    assert!(calls >= 2, "several slices: {calls}");
    let msg = d.message();
    let m = d.play.hinted().expect(&msg);
    assert!(msg.starts_with("Hint: ") && msg.contains("(X plays it; "), "{msg}");
    assert!(msg.contains(&m.card().to_string()), "{msg}");
    // The cursor is on the hint's card.
    assert_eq!(d.play.card_at_cursor(), Some(m.card()));
    let n = d.game().move_count();
    d.press(Buttons::CROSS);
    assert_eq!(d.game().move_count(), n + 1);
    assert!(d.log.contains(&format!("AFTK MOVE {m}\n")));
    // A move or an undo while thinking drops the search.
    d.press(Buttons::SQUARE);
    d.press(Buttons::TRIANGLE);
    assert!(!d.play.thinking());
}

#[test]
fn hints_from_a_won_search_follow_a_winning_line_to_the_end() {
    // A deal the hint's search wins from the start: following its hints wins.
    let mut table = vec![0u128; albert::HINT_TABLE];
    let mut frames = vec![Frame::default(); albert::HINT_DEPTH];
    let mut moves = vec![Step::default(); albert::HINT_MOVES];
    let seed = (1..400)
        .find(|&seed| {
            let g = Game::deal(seed, Options::default());
            let ws = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
            Solver::new(&g, ws, HINT_NODES).run() == Verdict::Winnable(())
        })
        .expect("a deal won within the hint's budget");
    let mut d = dealt(seed);
    assert!(hint(&mut d, 250) > 0, "the first hint searches");
    d.press(Buttons::CROSS);
    for _ in 0..300 {
        if d.game().status().is_over() {
            break;
        }
        assert_eq!(hint(&mut d, 250), 0, "the next ones follow the line found");
        assert!(d.message().ends_with("(X plays it; a winning line)"), "{}", d.message());
        d.press(Buttons::CROSS);
    }
    assert!(d.play.table().won());
    let _ = MAX_BRANCH;
}

#[test]
fn a_deal_proved_lost_says_so_and_still_offers_a_move() {
    let mut table = vec![0u128; albert::HINT_TABLE];
    let mut frames = vec![Frame::default(); albert::HINT_DEPTH];
    let mut moves = vec![Step::default(); albert::HINT_MOVES];
    let Some(seed) = (1..2000).find(|&seed| {
        let g = Game::deal(seed, Options::default());
        let ws = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
        Solver::new(&g, ws, HINT_NODES).run() == Verdict::NotWinnable
    }) else {
        panic!("no deal in 1-1999 proved lost within the hint's budget");
    };
    let mut d = dealt(seed);
    hint(&mut d, 125);
    assert!(d.message().contains("the deal is lost from here"), "{}", d.message());
    let m = d.play.hinted().expect("a move while one exists");
    assert!(farewell::games::Patience::play(&mut d.play.game().clone(), m).is_ok(), "{m} is legal");
}

/// A layout with 19 cards on t1: six cards, then a king down to an ace;
/// the other 33 cards spread over t2-t9 and the reserve (no game reaches
/// it, as no game puts six cards under t1's top run: read as a layout).
fn nineteen() -> Game {
    let t1 = "8d 2d 9c 4h Jd 6c Kh Qs Jh Ts 9h 8s 7h 6s 5h 4s 3h 2s Ah";
    let used: Vec<Card> = t1.split(' ').map(|c| Card::parse(c).unwrap()).collect();
    let rest: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let mut text = format!("game: albert\nt1: {t1}\n");
    let (reserve, stacks) = rest.split_at(7);
    for (i, chunk) in stacks.chunks(stacks.len().div_ceil(8)).enumerate() {
        let cards: Vec<String> = chunk.iter().map(|c| c.to_string()).collect();
        text += &format!("t{}: {}\n", i + 2, cards.join(" "));
    }
    let r: Vec<String> = reserve.iter().map(|c| c.to_string()).collect();
    text += &format!("reserve: {}\nfoundations: - - - -\nauto: no\nstatus: playing\n", r.join(" "));
    farewell::games::albert::notation::parse_layout(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn a_stack_of_nineteen_shows_every_cards_rank_in_the_safe_area_within_the_list() {
    let g = nineteen();
    assert_eq!(g.board().stack_len(0), 19);
    let skin = AtlasSkin;
    let (_, ch) = skin.card_size(farewell::ui::paint::CardSize::Large);
    // Inside the TV-safe area, 19 cards fan 6 rows apart: every rank shows.
    assert!(albert::fan(19, ch) >= albert::FAN_LEAST, "every rank shows");
    assert!(albert::fan(13, ch) >= albert::FAN_MIN, "up to 13 cards show their whole index");
    let (_, y) = albert::stack_card_xy(0, 18, 19, ch);
    assert!(y + ch < farewell::ui::paint::STRIP_LINE_TOP, "the 19th card ends at row {}", y + ch);
    let mut p = Play::on(Table::with_game(1, g));
    let mut list = DrawList::new();
    let mut input = Input::new();
    let mut log = String::new();
    // Holding the whole run, with a message up, and the cursor's box.
    for (i, b) in [Buttons::UP; 12].into_iter().chain([Buttons::CROSS, Buttons::SQUARE]).enumerate() {
        input.update(b);
        p.update(&input, 2 * i as u32, &mut log);
        input.update(Buttons::empty());
        p.update(&input, 2 * i as u32 + 1, &mut log);
    }
    list.clear();
    albert::draw_table(&p, FaceStyle::Standard, 40, false, &skin, &mut list);
    assert_eq!(list.dropped(), 0);
    // Every sprite is on screen.
    for item in list.items() {
        if let Item::Sprite { x, y, sprite, .. } = item {
            assert!(*x >= 0 && *y >= 0 && x + sprite.w as i16 <= SCREEN_W && y + sprite.h as i16 <= SCREEN_H);
        }
    }
    assert!(list.items().len() > 52);
    let _ = (Rank::ACE, Suit::Spades);
}

#[test]
fn the_screen_is_small_and_the_hint_storage_is_kept_apart() {
    // A new game builds and moves the screen (a copy of 200 KB took a
    // seventh of a second on the console); the storage is the App's.
    let size = std::mem::size_of::<Play>();
    println!("size_of::<Play>() = {size}, size_of::<HintStorage>() = {}", std::mem::size_of::<HintStorage>());
    assert!(size < 16 * 1024, "{size}");
    // The README's account of the console's memory counts it at this size.
    assert!(std::mem::size_of::<HintStorage>() < 400 * 1024);
}

#[test]
fn the_demo_plays_the_hints_and_wins_a_winnable_deal() {
    // Deal 39 is winnable, and the hint's search (HINT_NODES) finds a line
    // from its opening: the demo's hints follow it to the end.
    let mut d = dealt(39);
    let mut thinking_calls = 0;
    let mut over = false;
    for _ in 0..400 {
        if d.game().status() == farewell::games::Status::Won {
            break;
        }
        if d.play.demo_step(d.frame, &mut d.log) {
            over = true;
            break;
        }
        while d.play.thinking() {
            d.play.think(250, d.frame, &mut d.store);
            thinking_calls += 1;
        }
        d.frame += 1;
    }
    assert_eq!(d.game().status(), farewell::games::Status::Won, "{}", d.log.lines().last().unwrap_or(""));
    assert!(thinking_calls > 1, "the first hint is searched over several calls");
    assert!(d.game().move_count() >= 10);
    // Shown for four seconds, then the demo deals again.
    assert!(!over, "the end is shown before another deal");
    for _ in 0..4 * 60 + 1 {
        d.frame += 1;
    }
    assert!(d.play.demo_step(d.frame, &mut d.log));
}

#[test]
fn a_deal_lost_at_its_opening_logs_end_when_dealt_or_resumed() {
    // Deal 3566693575 with twos up has no legal move from the start: the
    // log says so at once, as after a move.
    let o = Options { start: farewell::games::albert::StartRank::Two, auto: true };
    let g = Game::deal(3_566_693_575, o);
    assert!(g.status().is_over(), "{}", g.status());
    let mut log = String::new();
    let mut s =
        crate::screens::deal(farewell::settings::GameId::Albert, 3_566_693_575, Game::options_code(o), 0, &mut log)
            .unwrap();
    assert_eq!(s.end(), farewell::ui::screen::End::Lost);
    // The opening position follows NEW in the next frame (the App's).
    assert!(!log.contains("AFTK POS"), "{log}");
    s.log_due(&mut log);
    assert!(log.contains("AFTK | status: lost: no legal move\n"), "{log}");
    assert!(log.ends_with("AFTK END lost: no legal move\n"), "{log}");
    // Resumed (a save holding it, its moves replayed): END too.
    let saved = farewell::save::SavedGame {
        seed: 3_566_693_575,
        options: Game::options_code(o),
        count: 0,
        moves: [0; farewell::save::SAVED_MOVES],
        hinted: false,
    };
    let mut log = String::new();
    let mut r =
        farewell::ui::catalogue::GameScreen::resume(farewell::settings::GameId::Albert, &saved, 0, &mut log).unwrap();
    assert_eq!(r.end(), farewell::ui::screen::End::Lost);
    r.log_due(&mut log);
    assert!(log.ends_with("AFTK END lost: no legal move\n"), "{log}");
    // A deal still playing logs no END.
    let mut log = String::new();
    let mut s = crate::screens::deal(farewell::settings::GameId::Albert, 1, 0, 0, &mut log).unwrap();
    s.log_due(&mut log);
    assert!(log.contains("AFTK POS") && !log.contains("AFTK END"), "{log}");
}

#[test]
fn a_deep_answer_worked_out_while_the_player_looks_replaces_the_quick_one() {
    // Deal 6: the quick search (700 nodes) finds no win from the opening,
    // the deep one, going on while the position stands, finds one.
    let mut d = dealt(6);
    d.play.ponder();
    let mut calls = 0;
    while d.play.thinking() {
        d.frame += 1;
        d.play.think(1, d.frame, &mut d.store);
        calls += 1;
    }
    assert!(d.play.deepening(), "the quick answer kept, the deep search going on");
    d.press(Buttons::SQUARE);
    let quick = d.play.hinted().expect("the quick answer at once");
    assert!(d.message().contains("no win found in time"), "{}", d.message());
    assert!(!d.play.hint_depth().0);
    while d.play.deepening() {
        d.frame += 1;
        d.play.think(8, d.frame, &mut d.store);
        calls += 1;
        assert!(calls < 100_000);
    }
    d.press(Buttons::SQUARE);
    assert!(d.message().ends_with("(X plays it; a winning line)"), "{}", d.message());
    let (deep, frames) = d.play.hint_depth();
    assert!(deep && frames > 10, "{deep} {frames}");
    let m = d.play.hinted().expect("the deep answer");
    assert!(d.game().clone().play(m).is_ok() && m != quick, "{m} {quick}");
    // Its line is followed: the next hints come at once.
    d.press(Buttons::CROSS);
    assert_eq!(hint(&mut d, 8), 0);
    assert!(d.message().ends_with("(X plays it; a winning line)"), "{}", d.message());
}
