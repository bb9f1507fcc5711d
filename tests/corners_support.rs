//! What King's Corners' test files share: a position's text, its legal
//! moves, a game played some legal moves in, and a position with the deck
//! reshuffled (what the fair players must never notice).

use farewell::cards::{Card, Pcg32};
use farewell::games::corners::notation::{parse_position, write_position};
use farewell::games::corners::{Game, Move};
use farewell::games::Patience;

/// The position's text (`kings corners` notation).
pub fn text(g: &Game) -> String {
    let mut s = String::new();
    write_position(g, &mut s).unwrap();
    s
}

/// The legal moves, in the game's order.
pub fn legal(g: &Game) -> Vec<Move> {
    let mut v = Vec::new();
    g.for_each_legal(&mut |m| v.push(m));
    v
}

/// A game from `seed` played `picks` legal moves in (fewer if it ends).
pub fn played(seed: u32, picks: &[u32]) -> Game {
    let mut g = Game::deal(seed);
    for p in picks {
        let moves = legal(&g);
        if moves.is_empty() {
            break;
        }
        g.play(moves[*p as usize % moves.len()]).unwrap();
    }
    g
}

/// The same position with the deck's cards in another order.
pub fn reshuffled(g: &Game, rng: &mut Pcg32) -> Game {
    let t = text(g);
    let mut deck: Vec<Card> = g.deck().collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let line: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
    let t: String = t
        .lines()
        .map(|l| if l.starts_with("deck:") { format!("deck: {}", line.join(" ")) } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n");
    parse_position(&t).unwrap()
}
