//! `kings`: the host command for every game of the collection.
//!
//! ```text
//! kings GAME deal SEED [game options]
//! kings GAME legal FILE
//! kings GAME play FILE|--seed SEED [game options] MOVE...
//! kings GAME solve SEED [game options] [--budget NODES]
//! kings GAME stats --games N [--first N] [--player solver|fair|hint] [--ponder-frames W] [--strength NAME|SAMPLESxNODES] [--budget NODES] [game options]
//! kings GAME winnable --count N [--tries T] [--first N] [--budget NODES] [game options]
//! ```
//!
//! GAME is the id of a game of the collection's list
//! ([`farewell::for_each_game!`]); its file here (`albert.rs`, ...) runs
//! its commands, most through [`cli::run`], which knows a game only through
//! `farewell::games::Patience` and the [`cli::Cli`] trait the file
//! implements (options, solver, fair player). Bad input of any kind: one
//! line on stderr, exit status 2, never a panic.

use ::farewell::games::{registry, GameId, GAMES};
use std::fmt::Write as _;
use std::process::ExitCode;

/// Declares each game's module here (`tools/kings/src/GAME.rs`, its
/// options, solver and fair player for [`cli::run`]) and [`run_game`].
macro_rules! games {
    ($( $(#[$a:meta])* $name:ident $module:ident, )*) => {
        $( $(#[$a])* mod $module; )*

        /// Runs `kings GAME ARGS...` for `game`.
        fn run_game(game: GameId, args: &[String]) -> ExitCode {
            match game {
                $( $(#[$a])* GameId::$name => $module::run(args), )*
                _ => cli::finish(Err(format!("no command for game {}", game.id()))),
            }
        }
    };
}

::farewell::for_each_game!(games);
mod cli;

const HELP: &str = "\
kings: deals, legal moves, replays, solver and statistics for every game of the collection

usage: kings GAME COMMAND ...
  GAME: one of the games listed below; kings GAME --help gives its commands and options
  kings GAME deal SEED [game options]       the opening position of deal SEED
  kings GAME legal FILE                     every legal move, one per line, in byte order
  kings GAME play FILE|--seed SEED [game options] MOVE...
                                            apply the moves (and `undo`), print the position
  kings GAME solve SEED [game options] [--budget NODES]
                                            perfect-information verdict, nodes, winning moves
  kings GAME stats --games N [--first N] [--player solver|fair|hint] [--ponder-frames W] [--strength NAME|SAMPLESxNODES] [--budget NODES] [game options]
                                            win rate over deals N.. with a 95% interval; `hint`: the
                                            console's hint for a player who looks W frames before each move
  kings GAME winnable --count N [--tries T] [--first N] [--budget NODES] [game options]
                                            up to N deal numbers from N.. whose winning line the solver
                                            found and replayed to a win (a `#` line says what was tried)
  kings GAME sets                           the option sets tools/mkwinnable proves deals for: a line
                                            `count C tries T budget B`, then `CODE OPTIONS...` a set
  kings games                               the games' ids, one a line, in the title's order
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

/// `kings --help`: the usage and the games.
fn help() -> String {
    let mut s = format!("{HELP}\ngames:\n");
    for g in GAMES {
        let _ = writeln!(s, "  {:<10}{}", g.id, g.name);
    }
    s
}

/// The games' ids, as an error lists them: `farewell, corners, albert or kingdoms`.
fn game_ids() -> String {
    let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    match ids.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `kings GAME sets`: what tools/mkwinnable needs of a game.
fn sets(game: GameId) -> String {
    let info = game.info();
    let b = info.winnable_budget;
    let mut s = format!("count {} tries {} budget {}\n", b.count, b.tries, b.nodes);
    for &code in info.winnable_codes {
        let mut args = String::new();
        let _ = (info.winnable_args)(code, &mut args);
        let _ = writeln!(s, "{code} {args}");
    }
    s.replace(" \n", "\n")
}

/// Runs `kings ARGS...`.
fn main_with(args: &[String]) -> ExitCode {
    let Some((game, rest)) = args.split_first() else {
        return cli::finish(Err("no game: try kings --help".into()));
    };
    if ["-h", "--help", "help"].iter().any(|h| hostcli::is_word(game, h)) {
        return match rest {
            [] => cli::finish(Ok(help())),
            // `kings help GAME`: that game's commands.
            [g] if registry::find(g).is_some() => main_with(&[g.clone(), "--help".into()]),
            [x, ..] => {
                cli::finish(Err(format!("unexpected argument {} after help: try kings --help", hostcli::token(x))))
            }
        };
    }
    if hostcli::is_word(game, "games") {
        return cli::finish(match rest {
            [] => Ok(GAMES.iter().flat_map(|g| [g.id, "\n"]).collect()),
            [x, ..] => Err(format!("unexpected argument {} after games", hostcli::token(x))),
        });
    }
    let Some(id) = registry::find(game) else {
        return cli::finish(Err(format!("unknown game {}: expected {}", hostcli::token(game), game_ids())));
    };
    match rest {
        [cmd] if hostcli::is_word(cmd, "sets") => cli::finish(Ok(sets(id))),
        [cmd, x, ..] if hostcli::is_word(cmd, "sets") => {
            cli::finish(Err(format!("unexpected argument {} after sets", hostcli::token(x))))
        }
        _ => run_game(id, rest),
    }
}
