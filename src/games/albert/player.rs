//! The fair heuristic player: the hint the console falls back on when the
//! solver has no answer in time, and the `--player fair` of `kings albert
//! stats`. King Albert is open, so it sees what any player sees: the whole
//! board. It looks one move ahead: every legal move is tried on a copy of
//! the board (72 bytes, with the automatic moves it causes) and the board
//! it leads to is judged by [`evaluate`]; the best wins, ties to the first
//! in [`Board::each_legal`]'s order. It only plays a move that makes the board
//! look strictly better, so it never goes round in circles.

use super::game::{fits, Board, From, Game, Move, Plan, RESERVE, STACKS};
use crate::games::Patience;

/// How good a board looks (higher is better). The weights follow the
/// seed's tips: cards up, empty stacks early ("a game is probably not
/// winnable if at least two spaces cannot be created"), the next cards each
/// suit needs uncovered, out-of-sequence cards cleared, reserve cards kept
/// until they are needed.
pub fn evaluate(b: &Board) -> i32 {
    let mut score = 1000 * b.foundation_total() as i32;
    score += 300 * i32::from(b.empty_stacks());
    // Each stack walked from its top card down (no copy of the stack):
    // `depth` cards lie on the card looked at.
    for s in 0..STACKS {
        let mut at = b.top(s);
        let mut depth = 0i32;
        while let Some(c) = at {
            let under = b.below(c);
            if under.is_some_and(|u| !fits(c, u)) {
                score -= 40;
            }
            // How soon the card's suit stack needs it (1: next).
            let need = i32::from(c.rank().number()) - i32::from(b.foundation_count(c.suit()));
            if need <= 3 {
                score -= depth * (4 - need) * 15;
            }
            at = under;
            depth += 1;
            if depth > 52 {
                break;
            }
        }
    }
    for r in 0..RESERVE {
        if b.reserve(r).is_some() {
            score += 5;
        }
    }
    score
}

/// `p` played on `b` with the automatic moves the game would make.
fn after(b: &Board, p: Plan, auto: bool) -> Board {
    let mut t = *b;
    t.apply(p);
    if auto {
        while let Some(at) = t.auto_due() {
            t.auto_to_foundation(at);
        }
    }
    t
}

/// The fair player's move: looking two moves ahead, the first move of the
/// line leading to the best-looking board, provided that board looks
/// strictly better than the board now and the move does not take straight
/// back the last one; `None` when no move is legal or none helps (the
/// player would give up).
///
/// Why: the first version took the best single move even when it made
/// things worse, so it shuffled a card between two stacks until the
/// caller's move limit and won nothing; and with single moves only, most
/// deals offer no move that improves at once (a card has to make room
/// first).
pub fn best_move(g: &Game) -> Option<Move> {
    let mut fair = Fair::new(g);
    loop {
        if let Some(m) = fair.step(g) {
            return m;
        }
    }
}

/// Legal moves the fair player weighs at most (a position with more
/// offers them in [`Board::each_legal`]'s order, the rest unweighed).
pub const FAIR_MOVES: usize = 128;

/// Replies weighed in one [`Fair::step`] at most (each is a board copied,
/// played and judged: about 0.1-0.2 ms on the console), so that a step
/// stays near a millisecond there whatever the position.
pub const REPLIES_PER_STEP: usize = 6;

/// [`best_move`] worked out a few boards at a time, so the console can
/// spread it over frames in steps of bounded length (a first move's
/// replies all weighed at once took up to 6.4 ms, and a step that long
/// leaves room for no other in a frame).
pub struct Fair {
    moves: heapless::Vec<Move, FAIR_MOVES>,
    next: usize,
    now: i32,
    best: Option<(i32, i32, Move)>,
    /// The first move being weighed: the board it leads to, how good that
    /// looks, the best reply's board so far, and the replies left.
    weighing: Option<Weighing>,
}

/// A first move whose replies are being weighed.
struct Weighing {
    first: Move,
    plan: Plan,
    board: Board,
    one: i32,
    two: i32,
    replies: heapless::Vec<Move, FAIR_MOVES>,
    next: usize,
}

impl Fair {
    /// Starts weighing the moves of `g`.
    pub fn new(g: &Game) -> Fair {
        let mut moves = heapless::Vec::new();
        g.for_each_legal(&mut |m| {
            let _ = moves.push(m);
        });
        Fair { moves, next: 0, now: evaluate(g.board()), best: None, weighing: None }
    }

    /// Weighs a little more of `g` (the game it started on): a first move
    /// played, or up to [`REPLIES_PER_STEP`] of its replies; `None` while
    /// work is left, then the answer.
    pub fn step(&mut self, g: &Game) -> Option<Option<Move>> {
        let auto = g.options().auto;
        if let Some(w) = self.weighing.as_mut() {
            let end = (w.next + REPLIES_PER_STEP).min(w.replies.len());
            for &m2 in &w.replies[w.next..end] {
                if let Ok(p2) = w.board.check(m2) {
                    if !reverses(p2, Some(w.plan)) {
                        w.two = w.two.max(evaluate(&after(&w.board, p2, auto)));
                    }
                }
            }
            w.next = end;
            if end == w.replies.len() {
                let (two, one, m) = (w.two, w.one, w.first);
                self.weighing = None;
                if two > self.now && self.best.is_none_or(|(t, o, _)| (two, one) > (t, o)) {
                    self.best = Some((two, one, m));
                }
            }
            return None;
        }
        let Some(&m) = self.moves.get(self.next) else { return Some(self.best.map(|(_, _, m)| m)) };
        self.next += 1;
        let b = g.board();
        let Ok(p) = b.check(m) else { return None };
        if reverses(p, g.last_move()) {
            return None;
        }
        let board = after(b, p, auto);
        let one = evaluate(&board);
        let mut replies = heapless::Vec::new();
        board.each_legal(&mut |m2| replies.push(m2).is_ok());
        self.weighing = Some(Weighing { first: m, plan: p, board, one, two: one, replies, next: 0 });
        None
    }
}

/// True when `p` takes straight back the plan `last` (the same cards back
/// to where they came from).
fn reverses(p: Plan, last: Option<Plan>) -> bool {
    match (last, p.from) {
        (Some(l), From::Stack(s, _)) => {
            l.card == p.card && l.to == Some(s) && matches!(l.from, From::Stack(f, _) if Some(f) == p.to)
        }
        _ => false,
    }
}
