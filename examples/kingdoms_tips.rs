//! The measurements behind Four Kingdoms' tips (Help, docs/rules/kingdoms.md
//! "Tips"): over deals FIRST.. FIRST+GAMES-1, how many the solver proves
//! lost; how many are winnable by the number of aces dealt to the lands
//! (nothing is played on an ace); and in the winning lines it finds, how
//! often an ace is moved onto an empty land (freeing the cards it lay on)
//! and how often a guest chamber is used.
//!
//! `tools/host-cargo run --release --example kingdoms_tips -- [GAMES] [FIRST] [BUDGET]`
//! (defaults: 300 deals from deal 1, a budget of 200,000 nodes).

use farewell::games::kingdoms::game::LANDS;
use farewell::games::kingdoms::solver::{self, Verdict};
use farewell::games::kingdoms::{Game, Move, Position};

/// What one winning line does.
#[derive(Default)]
struct Line {
    /// A move onto an empty land.
    empty_land: bool,
    /// An ace moved onto an empty land.
    ace_to_empty: bool,
    /// A move into a guest chamber.
    guest: bool,
    /// Draws in the line.
    draws: usize,
    /// Moves in the line.
    moves: usize,
}

fn walk(start: &Position, line: &[Move]) -> Line {
    let mut p = *start;
    let mut l = Line { moves: line.len(), ..Line::default() };
    for &m in line {
        match m {
            Move::ToLand(c, to) if p.land(usize::from(to)).is_empty() => {
                l.empty_land = true;
                l.ace_to_empty |= c.rank().number() == 1;
            }
            Move::ToGuest(_) => l.guest = true,
            Move::Draw => l.draws += 1,
            _ => {}
        }
        p.apply(m).expect("the solver's line is legal");
    }
    assert!(p.is_won());
    l
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let games = args.first().copied().unwrap_or(300);
    let first = args.get(1).copied().unwrap_or(1) as u32;
    let budget = args.get(2).copied().unwrap_or(200_000);
    let mut table = vec![0u64; solver::HOST_TABLE];
    let (mut won, mut lost, mut unknown) = (0u64, 0u64, 0u64);
    let (mut empty, mut guest, mut draws, mut moves) = (0u64, 0u64, 0usize, 0usize);
    let mut all_drawn = 0u64;
    let mut ace_to_empty = 0u64;
    // By aces dealt to the lands (0, 1, 2, 3 or more): deals, winnable.
    let mut by_aces = [(0u64, 0u64); 4];
    for s in first..first + games as u32 {
        let start = *Game::new(s).position();
        let aces =
            (0..LANDS).map(|l| start.land(l).cards().iter().filter(|c| c.rank().number() == 1).count()).sum::<usize>();
        let row = &mut by_aces[aces.min(3)];
        row.0 += 1;
        match solver::solve(&start, budget, &mut table).0 {
            Verdict::Winnable(line) => {
                won += 1;
                row.1 += 1;
                let l = walk(&start, &line);
                empty += u64::from(l.empty_land);
                guest += u64::from(l.guest);
                draws += l.draws;
                moves += l.moves;
                all_drawn += u64::from(l.draws == 24);
                ace_to_empty += u64::from(l.ace_to_empty);
            }
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
    }
    let pc = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
    let (lo, hi) = hostcli::wilson_percent(lost, games);
    println!("deals {first}..{}, budget {budget} nodes, {LANDS} lands", u64::from(first) + games - 1);
    println!(
        "proven lost: {lost}/{games} ({:.1}%, 95% CI {lo:.1}-{hi:.1}%); winnable {won}, unknown {unknown}",
        pc(lost, games)
    );
    let (elo, ehi) = hostcli::wilson_percent(empty, won);
    println!(
        "winning lines with a move onto an empty land: {empty}/{won} ({:.1}%, 95% CI {elo:.1}-{ehi:.1}%)",
        pc(empty, won)
    );
    let (glo, ghi) = hostcli::wilson_percent(guest, won);
    println!("winning lines using a guest chamber: {guest}/{won} ({:.1}%, 95% CI {glo:.1}-{ghi:.1}%)", pc(guest, won));
    for (n, (deals, w)) in by_aces.iter().enumerate() {
        let (lo, hi) = hostcli::wilson_percent(*w, *deals);
        let more = if n == 3 { " or more" } else { "" };
        println!(
            "{n}{more} aces dealt to the lands: winnable {w}/{deals} ({:.1}%, 95% CI {lo:.1}-{hi:.1}%)",
            pc(*w, *deals)
        );
    }
    let (alo, ahi) = hostcli::wilson_percent(ace_to_empty, won);
    println!(
        "winning lines moving an ace onto an empty land: {ace_to_empty}/{won} ({:.1}%, 95% CI {alo:.1}-{ahi:.1}%)",
        pc(ace_to_empty, won)
    );
    println!(
        "winning lines: {:.1} moves, {:.1} draws on average; the whole talon drawn in {all_drawn}/{won} ({:.1}%)",
        moves as f64 / won.max(1) as f64,
        draws as f64 / won.max(1) as f64,
        pc(all_drawn, won)
    );
}
