//! `kings`: the host command for every game of the collection.
//!
//! ```text
//! kings GAME deal SEED [game options]
//! kings GAME legal FILE
//! kings GAME play FILE|--seed SEED [game options] MOVE...
//! kings GAME solve SEED [game options] [--budget NODES]
//! kings GAME stats --games N [--first N] [--player solver|fair] [--strength NAME|SAMPLESxNODES] [--budget NODES] [game options]
//! kings GAME winnable --count N [--tries T] [--first N] [--budget NODES] [game options]
//! ```
//!
//! GAME is `farewell` (exactly `aftk`), `albert`, `kingdoms` or `corners`.
//! Everything but `farewell` goes through [`cli::run`], which knows a game
//! only through `farewell::games::Patience` and the [`cli::Cli`] trait its
//! file here implements (options, solver, fair player). Bad input of any
//! kind: one line on stderr, exit status 2, never a panic.

mod albert;
mod cli;
mod corners;
mod kingdoms;

use std::process::ExitCode;

const HELP: &str = "\
kings: deals, legal moves, replays, solver and statistics for the four games

usage: kings GAME COMMAND ...
  GAME: farewell (A Farewell to Kings; exactly `aftk ...`, see kings farewell --help),
        albert (King Albert), kingdoms (Four Kingdoms), corners (The Edge: King's Corners)
  kings GAME deal SEED [game options]       the opening position of deal SEED
  kings GAME legal FILE                     every legal move, one per line, in byte order
  kings GAME play FILE|--seed SEED [game options] MOVE...
                                            apply the moves (and `undo`), print the position
  kings GAME solve SEED [game options] [--budget NODES]
                                            perfect-information verdict, nodes, winning moves
  kings GAME stats --games N [--first N] [--player solver|fair] [--strength NAME|SAMPLESxNODES] [--budget NODES] [game options]
                                            win rate over deals N.. with a 95% interval
  kings GAME winnable --count N [--tries T] [--first N] [--budget NODES] [game options]
                                            up to N deal numbers from N.. whose winning line the solver
                                            found and replayed to a win (a `#` line says what was tried)
  kings GAME help [COMMAND], kings GAME COMMAND --help
                                            the usage of every command, or of one
FILE is a position in the game's notation (docs/rules/GAME.md), at most 64 KiB;
`-` reads stdin. Games, commands, options and named values in either case; an
option may be given once. Errors: one line on stderr naming the file, the line
and the field, exit status 2 (also when stdout is closed or full; a closed pipe
ends quietly). The whole convention: docs/rules/collection.md.";

fn main() -> ExitCode {
    match hostcli::args() {
        Ok(a) => main_with(&a),
        Err(e) => hostcli::finish("kings", Err(e)),
    }
}

/// Runs `kings ARGS...`.
fn main_with(args: &[String]) -> ExitCode {
    let Some((game, rest)) = args.split_first() else {
        return cli::finish(Err("no game: try kings --help".into()));
    };
    match game.to_ascii_lowercase().as_str() {
        "-h" | "--help" | "help" => cli::finish(match rest {
            [] => Ok(format!("{HELP}\n")),
            // `kings help GAME`: that game's commands.
            [g] if ["albert", "corners", "kingdoms", "farewell"].iter().any(|n| hostcli::is_word(g, n)) => {
                return main_with(&[g.clone(), "--help".into()]);
            }
            [x, ..] => Err(format!("unexpected argument {} after help: try kings --help", hostcli::token(x))),
        }),
        "farewell" => hostcli::finish("kings", aftk::run_as("kings farewell", rest)),
        "albert" => cli::finish(cli::run::<farewell::games::albert::Game>(rest)),
        "corners" => cli::finish(cli::run::<farewell::games::corners::Game>(rest)),
        "kingdoms" => cli::finish(cli::run::<farewell::games::kingdoms::Game>(rest)),
        // Each game of the collection: one line here, and its `cli::Cli`
        // implementation in a file of its own (albert.rs, ...).
        other => cli::finish(Err(format!(
            "unknown game {}: expected farewell, albert, kingdoms or corners",
            hostcli::token(other)
        ))),
    }
}
