//! `kings corners ...`: The Edge: King's Corners (docs/rules/corners.md).
//! No deal options; the solver is the exact search of
//! `farewell::games::corners::solver`, the fair player its rules of thumb.

use crate::cli::{Cli, Sampling, Solved, Verdict};
use farewell::games::corners::judge;
use farewell::games::corners::player::{self, Style};
use farewell::games::corners::solver::{self, Verdict as V};
use farewell::games::corners::Game;

/// Memo slots for the solver: 2^22 positions (32 MiB), enough that the
/// table seldom fills on the deals that take the longest.
const TABLE: usize = 1 << 22;

impl Cli for Game {
    const OPTIONS_USAGE: &'static str = "";
    type Scratch = Vec<u64>;

    fn take_options(args: &[String]) -> Result<((), Vec<String>), String> {
        Ok(((), args.to_vec()))
    }

    fn describe(_options: &()) -> String {
        String::new()
    }

    fn scratch() -> Vec<u64> {
        vec![0; TABLE]
    }

    fn solve(&self, budget: u64, scratch: &mut Vec<u64>) -> Solved<farewell::games::corners::Move> {
        let (v, effort) = solver::solve(self, budget, scratch);
        let verdict = match v {
            V::Winnable(line) => Verdict::Winnable(line.to_vec()),
            V::NotWinnable => Verdict::NotWinnable,
            V::Unknown => Verdict::Unknown,
        };
        Solved { verdict, nodes: effort.nodes }
    }

    fn fair_move(&self) -> Option<farewell::games::corners::Move> {
        player::best_move(self, Style::default())
    }

    fn fair_move_at(
        &self,
        samples: u16,
        nodes: u32,
        how: Sampling,
        scratch: &mut Vec<u64>,
    ) -> Option<farewell::games::corners::Move> {
        if samples == 0 && nodes > 0 {
            // `0xQ`: the judging player, a full matrix with u face cards
            // to come worth (Q/1000)^u.
            let mut table = vec![0u32; judge::TABLE];
            let mut tune = judge::Tune::per_face(if nodes / 10_000 % 10 >= 3 { 850 } else { nodes % 1000 });
            tune.lambda = (nodes % 1000) * (judge::ONE / 1000);
            tune.place = nodes / 1000 % 10 != 1;
            tune.matching = nodes / 1000 % 10 != 2;
            tune.maximal = nodes / 100_000 % 10 == 1;
            tune.mode = (nodes / 10_000 % 10) as u8;
            let look = if nodes / 100_000 % 10 >= 5 { 0 } else { (nodes / 1_000_000) as u16 };
            if nodes / 100_000 % 10 >= 5 {
                // 5..9 in the hundred-thousands: expectimax, rounds 0..4.
                let rounds = (nodes / 100_000 % 10 - 5) as u8;
                let budget = 1u64 << (nodes / 10_000 % 10 + 12);
                let mut slots = vec![0u64; 1 << 16];
                let mut table = vec![0u32; judge::LOOK_TABLE];
                let m = farewell::games::corners::expect::expect_move(
                    self,
                    judge::Tune::per_face(nodes % 1000),
                    rounds,
                    nodes / 1_000_000 % 10 == 1,
                    false,
                    budget,
                    &mut slots,
                    &mut table,
                );
                if let Some(m) = m {
                    return m;
                }
                if self.phase() == farewell::games::corners::Phase::Place {
                    return judge::judged_move(self, judge::Tune::per_face(nodes % 1000), &mut table);
                }
                return player::best_move(self, Style::default());
            }
            if look > 0 {
                let mut table = vec![0u32; judge::LOOK_TABLE];
                return judge::look_move(self, tune, look, &mut table);
            }
            return judge::judged_move(self, tune, &mut table);
        }
        player::sampled_move(self, player::Effort { samples, nodes, each: how.each }, scratch)
    }

    const STRENGTHS: &'static [(&'static str, u16, u32, Sampling)] = &[
        ("plain", 0, 0, Sampling { each: false, furthest: false }),
        ("console", player::Effort::CONSOLE.samples, player::Effort::CONSOLE.nodes, how(player::Effort::CONSOLE)),
        ("judge", 0, 850, Sampling { each: false, furthest: false }),
        ("strong", player::Effort::STRONG.samples, player::Effort::STRONG.nodes, how(player::Effort::STRONG)),
    ];
}

/// How an effort uses its samples, as `--strength` says it.
const fn how(e: player::Effort) -> Sampling {
    Sampling { each: e.each, furthest: false }
}
