//! `kings corners ...`: The Edge: King's Corners (docs/rules/corners.md).
//! No deal options; the solver is the exact search of
//! `farewell::games::corners::solver`, the fair player its rules of thumb.

use crate::cli::{Cli, Sampling, Solved, Verdict};
use farewell::games::corners::player::{self, Style};
use farewell::games::corners::solver::{self, Verdict as V};
use farewell::games::corners::Game;
use farewell::games::corners::{expect, hint, judge};

/// Memo slots for the solver: 2^22 positions (32 MiB), enough that the
/// table seldom fills on the deals that take the longest.
const TABLE: usize = 1 << 22;

/// `kings corners ARGS...`.
pub fn run(args: &[String]) -> std::process::ExitCode {
    crate::cli::finish(crate::cli::run::<Game>(args))
}

impl Cli for Game {
    type Scratch = Vec<u64>;

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
        // Samples 0 with nodes 1 or 2 name the players that do not sample
        // (`--strength judge`, `expect` and `strong`; `stats` prints them
        // by name).
        if samples == 0 && nodes == JUDGE {
            let mut table = vec![0u32; judge::TABLE];
            return judge::judged_move(self, judge::Tune::per_face(850), &mut table);
        }
        if samples == 0 && nodes == EXPECT {
            let mut table = vec![0u32; judge::TABLE];
            let mut slots = vec![0u64; expect::Expect::HOST_SLOTS];
            return expect::expected_move(self, expect::Expect::HOST, &mut slots, &mut table);
        }
        player::sampled_move(self, player::Effort { samples, nodes, each: how.each }, scratch)
    }

    const STRENGTHS: &'static [(&'static str, u16, u32, Sampling)] = &[
        ("plain", 0, 0, Sampling { each: false, furthest: false }),
        ("console", player::Effort::CONSOLE.samples, player::Effort::CONSOLE.nodes, how(player::Effort::CONSOLE)),
        ("judge", 0, JUDGE, Sampling { each: false, furthest: false }),
        ("expect", 0, EXPECT, Sampling { each: false, furthest: false }),
        // The host's strongest: the expectimax player (the samplers are
        // no stronger than the rules of thumb here).
        ("strong", 0, EXPECT, Sampling { each: false, furthest: false }),
    ];

    fn hint_player() -> Option<Box<dyn crate::cli::HintPlayer<Self>>> {
        Some(Box::new(Hint { slots: vec![0; farewell::ui::corners::DEEP_SLOTS] }))
    }
}

/// `--strength judge`: the judging player (`judge::Judge`).
const JUDGE: u32 = 1;
/// `--strength expect`: the expectimax player at its host setting.
const EXPECT: u32 = 2;

/// How an effort uses its samples, as `--strength` says it.
const fn how(e: player::Effort) -> Sampling {
    Sampling { each: e.each, furthest: false }
}

/// The console's hint ([`farewell::ui::corners::hint_step`] on a memo of
/// the console's size, kept from move to move and deal to deal).
struct Hint {
    slots: Vec<u64>,
}

impl crate::cli::HintPlayer<Game> for Hint {
    fn next(&mut self, g: &Game, units: u32) -> (Option<farewell::games::corners::Move>, bool) {
        use farewell::ui::corners::hint_step;
        let mut h = hint::Hint::new(g);
        for _ in 0..units {
            if !h.working() {
                break;
            }
            hint_step(&mut h, 1, &mut self.slots);
        }
        // Asked before the quick answer: the console works it out.
        while h.answer().is_none() {
            hint_step(&mut h, 1, &mut self.slots);
        }
        h.answer().unwrap_or((None, false))
    }
}
