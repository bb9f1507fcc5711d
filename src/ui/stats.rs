//! The Statistics screen's contents, for the game chosen on the title:
//! the totals, and one row per option set that has been played (each game
//! names its rows: how many and which option code counts in which in its
//! `GameInfo`, their labels in its `ScreenInfo`).

use super::{catalogue, App};
use crate::save::Tally;
use heapless::String;

/// Breakdown rows the screen shows at once (Up/Down scroll the rest).
pub const VISIBLE: u8 = 7;

/// One row: what was played, and how it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The option set, in words (`12x8 centre easy`).
    pub label: String<28>,
    /// Its numbers.
    pub tally: Tally,
}

/// The breakdown rows of the chosen game: every option set played at least
/// once, in the save's order.
pub fn rows(app: &App) -> impl Iterator<Item = Row> + '_ {
    let e = catalogue::screen(app.game);
    app.tallies().iter().enumerate().take(e.game.stats_rows).filter(|(_, t)| t.played > 0).map(move |(i, t)| {
        let mut label = String::new();
        let _ = (e.stats_label)(i, &mut label);
        Row { label, tally: *t }
    })
}

/// All the chosen game's games together: played, won, the current streak
/// (of the option set played last is not known, so the longest current one)
/// and the best streak of any option set.
pub fn totals(app: &App) -> Tally {
    rows(app).fold(Tally::default(), |t, r| Tally {
        played: t.played.saturating_add(r.tally.played),
        won: t.won.saturating_add(r.tally.won),
        streak: t.streak.max(r.tally.streak),
        best_streak: t.best_streak.max(r.tally.best_streak),
        fewest_deals: match (t.fewest_deals, r.tally.fewest_deals) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        hinted: t.hinted.saturating_add(r.tally.hinted),
    })
}

/// Win percentage, rounded down, of a tally (0 before any game).
pub fn percent(t: &Tally) -> u32 {
    if t.played == 0 {
        0
    } else {
        (u64::from(t.won) * 100 / u64::from(t.played)) as u32
    }
}
