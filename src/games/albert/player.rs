//! The fair heuristic player: the hint the console falls back on when the
//! solver has no answer in time, and the `--player fair` of `kings albert
//! stats`. King Albert is open, so it sees what any player sees: the whole
//! board. It looks one move ahead: every legal move is tried on a copy of
//! the board (72 bytes, with the automatic moves it causes) and the board
//! it leads to is judged by [`evaluate`]; the best wins, ties to the first
//! in [`Board::each_legal`]'s order. It never takes straight back the move
//! just played.

use super::game::{fits, Board, From, Game, Move, Plan, RESERVE, STACKS};
use crate::cards::{Card, Rank, Suit};

/// How good a board looks (higher is better). The weights follow the
/// seed's tips: cards up, empty stacks early ("a game is probably not
/// winnable if at least two spaces cannot be created"), the next cards each
/// suit needs uncovered, out-of-sequence cards cleared, reserve cards kept
/// until they are needed.
pub fn evaluate(b: &Board) -> i32 {
    let mut score = 1000 * b.foundation_total() as i32;
    score += 300 * i32::from(b.empty_stacks());
    let mut buf = [Card::new(Rank::ACE, Suit::Spades); 52];
    for s in 0..STACKS {
        let cards = b.stack(s, &mut buf);
        let n = cards.len();
        for (i, &c) in cards.iter().enumerate() {
            if i > 0 && !fits(c, cards[i - 1]) {
                score -= 40;
            }
            // How soon the card's suit stack needs it (1: next).
            let need = i32::from(c.rank().number()) - i32::from(b.foundation_count(c.suit()));
            let depth = (n - 1 - i) as i32;
            if need <= 3 {
                score -= depth * (4 - need) * 15;
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
        while let Some(s) = t.auto_due() {
            t.stack_to_foundation(s);
        }
    }
    t
}

/// True when `p` takes straight back the plan `last` (the same cards back
/// to where they came from).
fn reverses(p: Plan, last: Option<Plan>) -> bool {
    match (last, p.from) {
        (Some(l), From::Stack(s, _)) => l.card == p.card && l.to == Some(s) && matches!(l.from, From::Stack(f, _) if Some(f) == p.to),
        _ => false,
    }
}

/// The fair player's move, `None` when no move is legal.
pub fn best_move(g: &Game) -> Option<Move> {
    let b = g.board();
    let last = g.last_move();
    let auto = g.options().auto;
    let mut best: Option<(i32, Move)> = None;
    let mut fallback = None;
    g.for_each_legal(&mut |m| {
        let Ok(p) = b.check(m) else { return };
        fallback.get_or_insert(m);
        if reverses(p, last) {
            return;
        }
        let score = evaluate(&after(b, p, auto));
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, m));
        }
    });
    best.map(|(_, m)| m).or(fallback)
}
