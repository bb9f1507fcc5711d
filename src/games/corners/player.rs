//! The fair player.

// TEMPORARY (lead's branch only, replaced by the corners helper's player).
/// The fair player's move.
pub fn fair_move(g: &super::Game) -> Option<super::Move> {
    let mut first = None;
    crate::games::Patience::for_each_legal(g, &mut |m| {
        if first.is_none() {
            first = Some(m)
        }
    });
    first
}
