//! `kings toy ...`: the toy fifth game of the `fifth-game` feature
//! (src/games/toy). Its solver tries every line; its fair player takes the
//! first legal move.

use crate::cli::{Cli, Solved, Verdict};
use farewell::games::toy::{Game, Move};
use farewell::games::{Patience, Status};

/// `kings toy ARGS...`.
pub fn run(args: &[String]) -> std::process::ExitCode {
    crate::cli::finish(crate::cli::run::<Game>(args))
}

/// Depth first over every line, at most `budget` positions: the line to a
/// win, `Some(None)` when every line was tried, `None` out of budget.
fn search(g: &mut Game, budget: &mut u64, line: &mut Vec<Move>) -> Option<bool> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    match g.status() {
        Status::Won => return Some(true),
        Status::Lost(_) => return Some(false),
        Status::Playing => {}
    }
    let mut moves = Vec::new();
    g.for_each_legal(&mut |m| moves.push(m));
    for m in moves {
        g.play(m).ok()?;
        line.push(m);
        let found = search(g, budget, line);
        g.undo();
        match found {
            Some(true) => return Some(true),
            Some(false) => {
                line.pop();
            }
            None => return None,
        }
    }
    Some(false)
}

impl Cli for Game {
    type Scratch = ();

    fn scratch() {}

    fn solve(&self, budget: u64, _: &mut ()) -> Solved<Move> {
        let (mut g, mut left, mut line) = (self.clone(), budget, Vec::new());
        let verdict = match search(&mut g, &mut left, &mut line) {
            Some(true) => Verdict::Winnable(line),
            Some(false) => Verdict::NotWinnable,
            None => Verdict::Unknown,
        };
        Solved { verdict, nodes: budget - left }
    }

    fn fair_move(&self) -> Option<Move> {
        let mut first = None;
        self.for_each_legal(&mut |m| {
            first.get_or_insert(m);
        });
        first
    }
}
