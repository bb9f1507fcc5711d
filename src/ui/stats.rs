//! The Statistics screen's contents, for the game chosen on the title:
//! the totals, and one row per option set that has been played (A Farewell
//! to Kings records grid size, kings start and easy mode; King Albert the
//! starting rank; the other games keep one row).

use super::{App, GameId, GRID_SIZES};
use crate::games::farewell::{KingStart, Options};
use crate::save::{Stats, Tally};
use core::fmt::Write;
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

/// The kings starts, in the save's order.
const STARTS: [KingStart; 4] = [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom];

/// The breakdown rows of the chosen game: every option set played at least
/// once, in the save's order.
pub fn rows(app: &App) -> impl Iterator<Item = Row> + '_ {
    let farewell = farewell_rows(&app.stats).filter(move |_| app.game == GameId::Farewell);
    let record = crate::save::OTHER_GAMES.iter().position(|g| *g == app.game).map(|i| &app.others[i]);
    let labels = row_labels(app.game);
    let others = record.into_iter().flat_map(move |r| {
        r.tallies.iter().zip(labels).filter(|(t, _)| t.played > 0).map(|(t, l)| Row { label: label(l), tally: *t })
    });
    farewell.chain(others)
}

/// The statistics row a finished game of `game` (other than A Farewell to
/// Kings) counts in, from its option code: King Albert's starting rank
/// (the code's low three bits), row 0 for the others.
pub fn row_of(game: GameId, options: u8) -> usize {
    match game {
        GameId::Albert => usize::from(options & 7).min(5),
        _ => 0,
    }
}

/// The names of a game's statistics rows (other than A Farewell to Kings).
fn row_labels(game: GameId) -> &'static [&'static str] {
    match game {
        GameId::Albert => &["No start", "Aces up", "Twos up", "Threes up", "Fours up", "Fives up"],
        _ => &["All deals"],
    }
}

fn label(s: &str) -> String<28> {
    let mut l = String::new();
    let _ = l.push_str(s);
    l
}

fn farewell_rows(stats: &Stats) -> impl Iterator<Item = Row> + '_ {
    GRID_SIZES
        .iter()
        .flat_map(|&(w, h)| STARTS.iter().flat_map(move |&k| [false, true].map(move |e| (w, h, k, e))))
        .filter_map(move |(width, height, kings, easy)| {
            let o = Options { width, height, kings, easy };
            let tally = *stats.get(o)?;
            if tally.played == 0 {
                return None;
            }
            let mut label = String::new();
            let _ = write!(label, "{width}x{height} {}{}", kings.name(), if easy { " easy" } else { "" });
            Some(Row { label, tally })
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

/// Forgets every statistic of the chosen game.
pub fn reset(app: &mut App) {
    if app.game == GameId::Farewell {
        app.stats = Stats::default();
    }
    if let Some(i) = crate::save::OTHER_GAMES.iter().position(|g| *g == app.game) {
        app.others[i].tallies = [Tally::default(); crate::save::MAX_ROWS];
    }
}
