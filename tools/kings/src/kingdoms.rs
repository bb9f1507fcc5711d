//! `kings kingdoms`: Four Kingdoms' part of the host command (no deal
//! options; the solver with a table of `solver::HOST_TABLE` slots; the fair
//! player of `farewell::games::kingdoms::player`).

use crate::cli::{Cli, Sampling, Solved, Verdict};
use farewell::games::kingdoms::solver::{self, Solver};
use farewell::games::kingdoms::{player, Game, Move};
use farewell::ui::kingdoms::{HintStorage, HintWork, DEEPEN};

/// `kings kingdoms ARGS...`.
pub fn run(args: &[String]) -> std::process::ExitCode {
    crate::cli::finish(crate::cli::run::<Game>(args))
}

impl Cli for Game {
    type Scratch = Vec<u64>;

    fn scratch() -> Vec<u64> {
        vec![0; solver::HOST_TABLE]
    }

    fn solve(&self, budget: u64, scratch: &mut Vec<u64>) -> Solved<Move> {
        let mut s = Solver::new(self.position(), budget, scratch);
        let verdict = loop {
            if let Some(v) = s.step(u64::MAX) {
                break v;
            }
        };
        let verdict = match verdict {
            solver::Verdict::Winnable(line) => Verdict::Winnable(line.to_vec()),
            solver::Verdict::NotWinnable => Verdict::NotWinnable,
            solver::Verdict::Unknown => Verdict::Unknown,
        };
        Solved { verdict, nodes: s.nodes() }
    }

    fn fair_move(&self) -> Option<Move> {
        player::best_move(self.position())
    }

    fn fair_move_at(&self, samples: u16, nodes: u32, how: Sampling, scratch: &mut Vec<u64>) -> Option<Move> {
        let effort = player::Effort { samples, nodes, each: how.each, furthest: how.furthest };
        player::sampled_move(self.position(), effort, scratch)
    }

    const STRENGTHS: &'static [(&'static str, u16, u32, Sampling)] = &[
        ("plain", 0, 0, Sampling { each: false, furthest: false }),
        ("console", player::Effort::CONSOLE.samples, player::Effort::CONSOLE.nodes, how(player::Effort::CONSOLE)),
        (
            "console-furthest",
            player::Effort::CONSOLE_FURTHEST.samples,
            player::Effort::CONSOLE_FURTHEST.nodes,
            how(player::Effort::CONSOLE_FURTHEST),
        ),
        ("strong", player::Effort::STRONG.samples, player::Effort::STRONG.nodes, how(player::Effort::STRONG)),
    ];

    fn hint_player() -> Option<Box<dyn crate::cli::HintPlayer<Self>>> {
        Some(Box::new(Hint { store: Box::default() }))
    }
}

/// How an effort uses its samples, as `--strength` says it.
const fn how(e: player::Effort) -> Sampling {
    Sampling { each: e.each, furthest: e.furthest }
}

/// The console's hint ([`farewell::ui::kingdoms::HintWork::step`] on the
/// console's storage, kept from move to move).
struct Hint {
    store: Box<HintStorage>,
}

impl crate::cli::HintPlayer<Game> for Hint {
    fn next(&mut self, g: &Game, units: u32) -> (Option<Move>, bool) {
        let mut work = HintWork::Start;
        let mut answer = None;
        for _ in 0..units {
            if !work.busy() {
                break;
            }
            if let Some((m, deep)) = work.step(1, g.position(), &mut self.store, DEEPEN) {
                // A deep search that finds nothing helps leaves the quick
                // answer (as the screen does).
                if !deep || m.is_some() {
                    answer = Some((m, deep));
                }
            }
        }
        // Asked before the quick answer: the console works it out.
        while answer.is_none() && work.busy() {
            answer = work.step(1, g.position(), &mut self.store, false);
        }
        // Nothing helps: the game ends here, as `--strength console-furthest`
        // plays it (the screen would still offer any legal move).
        answer.unwrap_or((None, false))
    }
}
