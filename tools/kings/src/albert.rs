//! `kings albert`: King Albert's options on the command line, its solver
//! and its fair player, for the generic commands of [`crate::cli`].

use crate::cli::{Cli, Solved, Verdict};
use farewell::games::albert::solver::{self, Frame, Solver, Step, Workspace};
use farewell::games::albert::hint::{self, HintStore};
use farewell::games::albert::{player, Board, Game, Move, Options, StartRank};
use farewell::ui::albert::hint_step;
use farewell::ui::hint::KeptLine;
use hostcli::token;

/// Positions the solver's table holds: 2^22 of 16 bytes, 64 MB. The deals
/// the solver decides within its default budget store far fewer.
const TABLE: usize = 1 << 22;
/// Levels of the line searched (each a frame and up to
/// [`solver::MAX_BRANCH`] moves).
const DEPTH: usize = 20_000;

/// The solver's storage, kept from deal to deal.
pub struct Scratch {
    table: Vec<u128>,
    frames: Vec<Frame>,
    moves: Vec<Step>,
}

/// `kings albert ARGS...`.
pub fn run(args: &[String]) -> std::process::ExitCode {
    crate::cli::finish(crate::cli::run::<Game>(args))
}

impl Cli for Game {
    const OPTIONS_USAGE: &'static str = "[--start-rank none|A|2|3|4|5] [--no-auto]";
    type Scratch = Scratch;

    fn take_options(args: &mut hostcli::Args) -> Result<Options, String> {
        let mut o = Options::default();
        if let Some(v) = args.value("--start-rank", "none, A, 2, 3, 4 or 5")? {
            o.start = StartRank::parse(&v)
                .ok_or_else(|| format!("--start-rank: expected none, A, 2, 3, 4 or 5, found {}", token(&v)))?;
        }
        if args.flag("--no-auto")? {
            o.auto = false;
        }
        Ok(o)
    }

    fn describe(o: &Options) -> String {
        format!("start: {} auto: {}", o.start.name(), if o.auto { "yes" } else { "no" })
    }

    fn scratch() -> Scratch {
        Scratch {
            table: vec![0; TABLE],
            frames: vec![Frame::default(); DEPTH],
            moves: vec![Step::default(); DEPTH * solver::MAX_BRANCH],
        }
    }

    fn solve(&self, budget: u64, s: &mut Scratch) -> Solved<Move> {
        let ws = Workspace { table: &mut s.table, frames: &mut s.frames, moves: &mut s.moves };
        let mut solver = Solver::new(self, ws, budget);
        let verdict = match solver.run() {
            solver::Verdict::Winnable(()) => {
                let mut line = Vec::new();
                solver.line(self, &mut |m| line.push(m));
                Verdict::Winnable(line)
            }
            solver::Verdict::NotWinnable => Verdict::NotWinnable,
            solver::Verdict::Unknown => Verdict::Unknown,
        };
        Solved { verdict, nodes: solver.nodes() }
    }

    fn fair_move(&self) -> Option<Move> {
        player::best_move(self)
    }

    fn hint_player() -> Option<Box<dyn crate::cli::HintPlayer<Self>>> {
        Some(Box::new(Hint { store: Box::default(), line: KeptLine::default() }))
    }
}

/// The console's hint ([`farewell::ui::albert::hint_step`] on the
/// console's storage, its deep table kept from move to move as the
/// console keeps it; a winning line found followed as the screen follows
/// it).
struct Hint {
    store: Box<HintStore>,
    line: KeptLine<Move, Board, { hint::LINE }>,
}

impl crate::cli::HintPlayer<Game> for Hint {
    fn units_a_frame(&self) -> u32 {
        farewell::ui::albert::PONDER_UNITS_A_FRAME
    }

    fn next(&mut self, g: &Game, units: u32) -> (Option<Move>, bool) {
        use farewell::games::Patience;
        let board = *g.board();
        if let Some(m) = self.line.next(&board) {
            let mut after = g.clone();
            let _ = after.play(m);
            self.line.played(m, &board, *after.board());
            return (Some(m), false);
        }
        // The deep search keeps the table within a deal, as the screen's
        // does after the deal's first hint.
        let mut h = hint::Hint::new(g.move_count() > 0, true);
        let mut answer = None;
        for _ in 0..units {
            if !h.working() {
                break;
            }
            if hint_step(&mut h, g, 1, &mut self.store) {
                answer = h.answer();
            }
        }
        // Asked before the quick answer: the console works it out.
        while answer.is_none() && h.working() {
            if hint_step(&mut h, g, 1, &mut self.store) {
                answer = h.answer();
            }
        }
        let Some(a) = answer else { return (None, false) };
        if a.why == hint::Why::Line {
            self.line.keep(board, h.line());
            if let Some(m) = a.m {
                let mut after = g.clone();
                let _ = after.play(m);
                self.line.played(m, &board, *after.board());
            }
        }
        // The fair player liked no move: the player gives up, as
        // `--player fair` does (the screen would still offer any legal move).
        if a.why == hint::Why::LastResort {
            return (None, false);
        }
        (a.m, a.deep)
    }
}
