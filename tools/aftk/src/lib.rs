//! `aftk`: the host command for A Farewell to Kings (docs/rules/farewell.md,
//! "The host command `aftk`").
//!
//! ```text
//! aftk deal SEED [--grid WxH] [--kings centre|corners|random] [--easy]
//! aftk legal FILE
//! aftk play FILE|--seed SEED [deal options] MOVE...
//! ```
//!
//! Bad input of any kind gets one line on stderr and exit status 2; nothing
//! panics, and no position is printed after an illegal move.
//!
//! A library so that `kings farewell ...` runs exactly this code.

use farewell::games::farewell::notation::{parse_move, parse_position, write_position};
use farewell::games::farewell::player::{best_move_with, Strength};
use farewell::games::farewell::solver::{solve, Verdict, MAX_WIDTH};
use farewell::games::farewell::{Game, KingStart, Move, Options, Status};
use farewell::games::search::{Effort, SeenSet};
use hostcli::{token, Args};
use std::process::ExitCode;

const HELP: &str = "\
aftk: deals, legal cells and replays for A Farewell to Kings

usage:
  aftk deal SEED [--grid WxH] [--kings centre|corners|random] [--easy]
      Print the position right after the opening deal of deal number SEED
      (0 to 4294967295).
  aftk legal FILE
      For each card in the hand (slot order), then each waiting orphan, print
      `9h: r2c4 r4c4` (its legal cells, row-major) or `9h: none`. While
      orphans wait, hand cards print none: they may not be played. In a
      custom start before its fourth king (`status: placing kings`), each
      king still to place comes first, with every empty cell.
  aftk play FILE|--seed SEED [--grid WxH] [--kings ...] [--easy] MOVE...
      Apply the moves in order and print the resulting position. A move is
      `9h@r2c4` (place the 9h from the hand or the orphans on row 2, column
      4), `deal`, or `undo`. With --seed, --kings custom is allowed: the
      first four moves then place the kings (`Ks@r3c4`).
  aftk solve SEED [deal options] [--budget NODES]
      Search deal SEED with perfect information (the solver knows the
      stock's order). Prints `verdict: winnable`, `not winnable` or
      `unknown` (budget exhausted; default 2000000 nodes), the nodes
      searched, and for a winnable deal the winning moves, which
      `aftk play --seed SEED` accepts.
  aftk stats --games N [--player fair|solver] [--first SEED] [--budget NODES] [--strength hint|one-ply|console|lookahead|turn|each-card|strong] [--ponder-frames W] [deal options]
      Play deals SEED..SEED+N-1 (default from 1) and print the win rate
      with a 95% confidence interval (Wilson), mean deals per game, games
      per second, and for the solver the share decided within the budget.
      With --strength hint, --ponder-frames W plays the console's hint for
      a player who looks W frames at each position before Square: the
      quick hint, or the deep one when the frames' pondering found it
      (the share of deep answers is printed).
  aftk winnable --count N [--tries T] [--first SEED] [--budget NODES] [deal options]
      Print, one per line, up to N deal numbers from SEED on (default 1)
      that the solver proves winnable, trying at most T deals (default
      10 * N) with NODES each (default 100000). The console's `winnable
      deals only` table is made with it (tools/mkwinnable).
  aftk help [COMMAND], aftk COMMAND --help
      This text, or the usage of one command.

FILE is a position in the notation of docs/rules/farewell.md, at most 64 KiB
(`-` reads stdin). Numbers have no sign and no leading zero. Grids run from
6x4 to 14x9 (default 12x8); kings start centre by default. Commands, options
and named values in either case; an option may be given once. Errors: one
line on stderr naming the file, the line and the field, exit status 2. A
closed pipe ends the output quietly. The whole convention:
docs/rules/collection.md.";

/// A one-line error for stderr.
struct Fail(String);

impl From<String> for Fail {
    fn from(message: String) -> Fail {
        Fail(message)
    }
}

/// Largest deal number, and the largest count `aftk` takes.
const MAX: u64 = u32::MAX as u64;

fn fail<T>(msg: impl Into<String>) -> Result<T, Fail> {
    Err(Fail(msg.into()))
}

fn parse_seed(s: &str) -> Result<u32, Fail> {
    hostcli::number(s)
        .and_then(|n| u32::try_from(n).ok())
        .map_or_else(|| fail(format!("{} is not a deal number (0 to 4294967295)", token(s))), Ok)
}

/// Takes the deal options out of `args` (names and values in either case).
fn deal_options(args: &mut Args, allow_custom: bool) -> Result<Options, Fail> {
    let mut o = Options::default();
    if let Some(v) = args.value("--grid", "WxH")? {
        let (w, h) = v
            .split_once(['x', 'X'])
            .and_then(|(w, h)| Some((small(w)?, small(h)?)))
            .ok_or(Fail(format!("--grid: expected WxH, found {}", token(&v))))?;
        o.width = w;
        o.height = h;
        if !o.grid_ok() {
            return fail(format!("--grid {w}x{h} is outside 6x4 to 14x9"));
        }
    }
    if let Some(v) = args.value("--kings", "centre, corners or random")? {
        o.kings = match KingStart::from_name(&v.to_ascii_lowercase()) {
            Some(KingStart::Custom) if !allow_custom => {
                return fail("--kings custom: the kings must be placed by moves; use aftk play --seed SEED --kings custom Ks@r3c4 ...")
            }
            Some(k) => k,
            None => return fail(format!("--kings: expected centre, corners, random or custom, found {}", token(&v))),
        };
    }
    o.easy = args.flag("--easy")?;
    Ok(o)
}

/// A grid dimension: a number without sign or leading zero that fits a u8.
fn small(s: &str) -> Option<u8> {
    hostcli::number(s).and_then(|n| u8::try_from(n).ok())
}

/// Reads a position from a file, or from stdin for `-`. Messages name the
/// file quoted (`"no\nsuch"` stays one line).
fn read_position(path: &str) -> Result<Game, Fail> {
    let bytes = hostcli::read_input(path, hostcli::POSITION_LIMIT, hostcli::POSITION_WHAT)?;
    let text = hostcli::position_text(path, bytes)?;
    parse_position(&text).map_err(|e| Fail(hostcli::position_refusal(path, &text, e.line, e.message.as_str())))
}

fn position_text(g: &Game) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = write_position(g, &mut s);
    s
}

fn new_game(seed: u32, o: Options) -> Result<Game, Fail> {
    Game::new(seed, o).ok_or(Fail("grid size out of range".into()))
}

fn command(args: &[String]) -> Result<String, Fail> {
    let Some((cmd, rest)) = args.split_first() else { return fail("no command: try aftk --help") };
    let cmd = cmd.to_ascii_lowercase();
    // `aftk help` (`--help`, `-h`): this text; `aftk help COMMAND` or
    // `aftk COMMAND --help`: that command's usage.
    if hostcli::is_help(&cmd) {
        return match rest {
            [] => Ok(format!("{HELP}\n")),
            [c] => usage(&c.to_ascii_lowercase())
                .map(|u| format!("{u}\n"))
                .ok_or_else(|| Fail(format!("unknown command {}: try aftk --help", token(c)))),
            [_, x, ..] => fail(format!("unexpected argument {} after help COMMAND", token(x))),
        };
    }
    if let Some(u) = usage(&cmd).filter(|_| rest.iter().any(|a| hostcli::asks_help(a))) {
        return Ok(format!("{u}\n"));
    }
    let mut a = Args::new(rest);
    let context = format!("aftk {cmd}");
    match cmd.as_str() {
        "deal" => {
            let o = deal_options(&mut a, false)?;
            let rest = a.operands(&context)?;
            let [seed] = rest.as_slice() else {
                return fail("usage: aftk deal SEED [--grid WxH] [--kings centre|corners|random] [--easy]");
            };
            Ok(position_text(&new_game(parse_seed(seed)?, o)?))
        }
        "legal" => {
            let rest = a.operands(&context)?;
            let [path] = rest.as_slice() else { return fail(usage("legal").unwrap_or_default()) };
            let g = read_position(path)?;
            let mut out = String::new();
            // A custom start before its fourth king: the kings still to
            // place come first (the hand is empty until the opening deal).
            let kings: Vec<_> = g.kings_to_place().collect();
            for c in kings.iter().chain(g.hand().iter().flatten()).chain(g.orphans()) {
                let cells = g.playable_cells(*c);
                out.push_str(&format!("{c}:"));
                if cells.is_empty() {
                    out.push_str(" none");
                }
                for cell in cells.iter() {
                    out.push_str(&format!(" {cell}"));
                }
                out.push('\n');
            }
            Ok(out)
        }
        "play" => {
            let (mut g, moves) = if let Some(seed) = a.value("--seed", "a deal number")? {
                let seed = parse_seed(&seed)?;
                let o = deal_options(&mut a, true)?;
                (new_game(seed, o)?, a.operands(&context)?)
            } else {
                // A deal option with a position file: the file holds them.
                if let Some(opt) = a.first_option() {
                    let mut probe = a.clone();
                    if deal_options(&mut probe, true).is_err() || probe.len() != a.len() {
                        return fail(format!("{}: deal options go with --seed, not with a position file", token(opt)));
                    }
                }
                let words = a.operands(&context)?;
                let (path, moves) =
                    words.split_first().ok_or_else(|| Fail(usage("play").unwrap_or_default().into()))?;
                (read_position(path)?, moves.to_vec())
            };
            for (i, text) in moves.iter().enumerate() {
                let m = parse_move(text).ok_or(Fail(format!(
                    "move {}: {} is not a move (9h@r2c4, deal, undo)",
                    i + 1,
                    token(text)
                )))?;
                if let Err(why) = g.apply(m) {
                    return fail(format!("move {} ({text}) is illegal: {why}", i + 1));
                }
            }
            Ok(position_text(&g))
        }
        "solve" => {
            let budget = a.number("--budget", 0, u64::MAX)?.unwrap_or(2_000_000);
            let o = deal_options(&mut a, false)?;
            let rest = a.operands(&context)?;
            let [seed] = rest.as_slice() else {
                return fail("usage: aftk solve SEED [--grid WxH] [--kings ...] [--easy] [--budget NODES]");
            };
            let g = new_game(parse_seed(seed)?, o)?;
            let (verdict, effort) = Solver::new(1 << 22).solve(&g, budget);
            let mut out = String::new();
            match verdict {
                Verdict::Winnable(moves) => {
                    out.push_str(
                        "verdict: winnable
",
                    );
                    out.push_str(&format!(
                        "nodes: {}
",
                        effort.nodes
                    ));
                    let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                    out.push_str(&format!(
                        "moves: {}
",
                        list.join(" ")
                    ));
                }
                Verdict::NotWinnable => out.push_str(&format!(
                    "verdict: not winnable
nodes: {}
",
                    effort.nodes
                )),
                Verdict::Unknown => out.push_str(&format!(
                    "verdict: unknown
nodes: {}
",
                    effort.nodes
                )),
            }
            Ok(out)
        }
        "stats" => stats(a, &context),
        "winnable" => winnable(a, &context),
        other => fail(format!("unknown command {}: try aftk --help", token(other))),
    }
}

/// Plays one deal with the fair player; returns (won, deals made, hints
/// and deep hints played). With `hint`, the console's hint plays (its
/// strength for the deal's options, its thinker, its wind-down), exactly
/// as on the console; with `ponder` too, the hint Square shows after that
/// many frames of pondering each position (`HintPlayer::looking`).
fn play_fair(mut g: Game, strength: Strength, hint: bool, ponder: Option<u32>) -> (bool, u32, u64, u64) {
    let (mut deals, mut hints, mut deep) = (0, 0, 0);
    let mut player = farewell::ui::farewell::HintPlayer::default();
    let steps = ponder.map(|w| w.saturating_mul(farewell::ui::farewell::PONDER_UNITS_A_FRAME));
    for _ in 0..4 * farewell::games::farewell::game::MAX_MOVES {
        let m = match (hint, steps) {
            (true, Some(steps)) => {
                let (m, d) = player.looking(&g, steps);
                hints += 1;
                deep += u64::from(d);
                m
            }
            (true, None) => player.next(&g).0,
            (false, _) => best_move_with(&g, strength),
        };
        let Some(m) = m else { break };
        if m == Move::Deal {
            deals += 1;
        }
        if g.apply(m).is_err() {
            break;
        }
    }
    (g.status() == Status::Won, deals, hints, deep)
}

/// Frames a player looks before each move at most (`--ponder-frames`): ten
/// minutes.
const MAX_PONDER_FRAMES: u64 = 36_000;

fn stats(mut a: Args, context: &str) -> Result<String, Fail> {
    let games = a.number("--games", 1, MAX)?;
    let first = a.number("--first", 0, MAX)?.unwrap_or(1);
    let budget = a.number("--budget", 0, u64::MAX)?.unwrap_or(200_000);
    // The fair player's strength: a named setting, then any knob.
    let mut strength = Strength::STRONG;
    // `hint`: what the console's hint plays for these options.
    let mut hint = false;
    let names = "hint, one-ply, console, lookahead, turn, each-card or strong";
    if let Some(v) = a.value("--strength", names)? {
        if v.eq_ignore_ascii_case("hint") {
            hint = true;
        } else {
            strength = Strength::from_name(&v.to_ascii_lowercase())
                .ok_or(Fail(format!("--strength: expected {names}, found {}", token(&v))))?;
        }
    }
    let mut knob = |name: &str, default: usize| -> Result<usize, Fail> {
        Ok(a.number(name, 0, MAX)?.map_or(default, |n| n as usize))
    };
    let strength = Strength {
        width: knob("--width", strength.width)?,
        nodes: knob("--think", strength.nodes)?,
        samples: knob("--samples", strength.samples)?,
        top: knob("--top", strength.top)?,
        next_width: knob("--next-width", strength.next_width)?,
        next_nodes: knob("--next-think", strength.next_nodes)?,
        ..strength
    };
    let player = a.value("--player", "fair or solver")?.unwrap_or("fair".into()).to_ascii_lowercase();
    if player != "fair" && player != "solver" {
        return fail(format!("--player: expected fair or solver, found {}", token(&player)));
    }
    let ponder = a.number("--ponder-frames", 0, MAX_PONDER_FRAMES)?.map(|w| w as u32);
    if ponder.is_some() && !(hint && player == "fair") {
        return fail("--ponder-frames goes with --strength hint");
    }
    let Some(games) = games else {
        return fail(
            "usage: aftk stats --games N [--player fair|solver] [--first SEED] [--budget NODES] [--strength hint|one-ply|console|lookahead|turn|each-card|strong] [--ponder-frames W] [deal options]",
        );
    };
    if first + games - 1 > MAX {
        return fail("--first and --games go past deal 4294967295");
    }
    let o = deal_options(&mut a, false)?;
    if let Some(x) = a.operands(context)?.first() {
        return fail(format!("unexpected argument {}", token(x)));
    }
    let strength = if hint { farewell::ui::farewell::hint_strength(&new_game(first as u32, o)?) } else { strength };
    let start = std::time::Instant::now();
    let (mut won, mut decided, mut deals, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    let (mut hints, mut deep) = (0u64, 0u64);
    let mut solver = Solver::new(1 << 20);
    if player == "fair" {
        // Deals are independent: spread them over the host's cores.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 16) as u64;
        let results: Vec<Result<[u64; 4], Fail>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let mut sums = [0u64; 4];
                        let mut i = t;
                        while i < games {
                            let g = new_game((first + i) as u32, o)?;
                            let (w, d, h, deep) = play_fair(g, strength, hint, ponder);
                            for (s, x) in sums.iter_mut().zip([u64::from(w), u64::from(d), h, deep]) {
                                *s += x;
                            }
                            i += threads;
                        }
                        Ok(sums)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| fail("a worker thread failed"))).collect()
        });
        for r in results {
            let [w, d, h, dp] = r?;
            won += w;
            deals += d;
            hints += h;
            deep += dp;
            decided = games;
        }
    }
    for i in 0..games {
        if player == "fair" {
            break;
        }
        let seed = (first + i) as u32;
        let g = new_game(seed, o)?;
        let (v, e) = solver.solve(&g, budget);
        nodes += e.nodes;
        match v {
            Verdict::Winnable(moves) => {
                won += 1;
                decided += 1;
                deals += moves.iter().filter(|m| **m == Move::Deal).count() as u64;
            }
            Verdict::NotWinnable => decided += 1,
            Verdict::Unknown => {}
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let (lo, hi) = hostcli::wilson(won, games);
    let mut out = format!(
        "player: {player}
grid: {}x{} kings: {} easy: {}
games: {games} (deals {first}..{})
won: {won} ({:.1}%, 95% CI {:.1}%-{:.1}%)
",
        o.width,
        o.height,
        o.kings.name(),
        if o.easy { "yes" } else { "no" },
        first + games - 1,
        100.0 * won as f64 / games as f64,
        100.0 * lo,
        100.0 * hi
    );
    if let Some(w) = ponder {
        let units = w.saturating_mul(farewell::ui::farewell::PONDER_UNITS_A_FRAME);
        out.push_str(&format!(
            "hint: the console's, {w} frames of pondering before each move ({units} units); deep answers: {deep} of {hints} hints ({:.1}%)\n",
            100.0 * deep as f64 / hints.max(1) as f64
        ));
    }
    if player == "fair" && strength.width == 0 {
        out.push_str("strength: one ply (each placement judged alone)\n");
    } else if player == "fair" {
        out.push_str(&format!(
            "strength: turn beam {} ({} placements), {} draws x {} turn ends, next turn beam {} ({} placements)\n",
            strength.width, strength.nodes, strength.samples, strength.top, strength.next_width, strength.next_nodes
        ));
    }
    let wins_or_games = if player == "fair" { games } else { won.max(1) };
    out.push_str(&format!(
        "mean deals per {}: {:.1}
",
        if player == "fair" { "game" } else { "winning line" },
        deals as f64 / wins_or_games as f64
    ));
    out.push_str(&format!(
        "games per second: {:.1}
",
        games as f64 / secs
    ));
    if player == "solver" {
        out.push_str(&format!(
            "decided within budget ({budget} nodes): {:.1}%
",
            100.0 * decided as f64 / games as f64
        ));
        out.push_str(&format!(
            "nodes per second: {:.0}
",
            nodes as f64 / secs
        ));
    }
    Ok(out)
}

/// Runs `aftk` with these arguments (without the program name): prints the
/// output, or one line on stderr, and gives the exit status. `kings
/// farewell ...` is this too.
pub fn main_with(args: &[String]) -> ExitCode {
    hostcli::finish("aftk", run(args))
}

/// Runs `aftk` with these arguments (without the program name): the whole
/// output, or the one-line error (without the `aftk: ` prefix). For
/// `kings farewell ...`, which writes it with [`hostcli::finish`] too.
pub fn run(args: &[String]) -> Result<String, String> {
    command(args).map_err(|Fail(msg)| msg)
}

/// [`run`] for a command called by another name (`kings farewell`): its
/// usage lines, refusals of unknown options and pointers to `--help` name
/// it so.
pub fn run_as(program: &str, args: &[String]) -> Result<String, String> {
    let named = |text: String| {
        if let Some(rest) = text.strip_prefix("usage: aftk ") {
            format!("usage: {program} {rest}")
        } else {
            text.replace("try aftk --help", &format!("try {program} --help"))
                .replace(" for aftk ", &format!(" for {program} "))
        }
    };
    run(args).map(named).map_err(named)
}

/// The usage line of `aftk COMMAND` (`None` for an unknown command).
fn usage(cmd: &str) -> Option<&'static str> {
    Some(match cmd {
        "deal" => "usage: aftk deal SEED [--grid WxH] [--kings centre|corners|random] [--easy]",
        "legal" => "usage: aftk legal FILE (FILE: a position of at most 64 KiB, - for stdin)",
        "play" => "usage: aftk play FILE|--seed SEED [--grid WxH] [--kings centre|corners|random|custom] [--easy] MOVE... (FILE: a position of at most 64 KiB, - for stdin)",
        "solve" => "usage: aftk solve SEED [--grid WxH] [--kings centre|corners|random] [--easy] [--budget NODES]",
        "stats" => "usage: aftk stats --games N [--player fair|solver] [--first SEED] [--budget NODES] [--strength hint|one-ply|console|lookahead|turn|each-card|strong] [--ponder-frames W] [deal options]",
        "winnable" => "usage: aftk winnable --count N [--tries T] [--first SEED] [--budget NODES] [deal options]",
        _ => return None,
    })
}

/// The solver's storage on the host: a transposition table and two beams.
struct Solver {
    slots: Vec<u64>,
    a: Vec<Game>,
    b: Vec<Game>,
}

impl Solver {
    fn new(table_slots: usize) -> Self {
        let g = Game::new(0, Options::default()).expect("the default options are valid");
        Solver { slots: vec![0; table_slots], a: vec![g.clone(); MAX_WIDTH], b: vec![g; MAX_WIDTH] }
    }

    fn solve(&mut self, g: &Game, budget: u64) -> (Verdict, Effort) {
        let mut table = SeenSet::new(&mut self.slots);
        solve(g, budget, &mut table, &mut self.a, &mut self.b)
    }
}

/// `aftk winnable`: deal numbers the solver proves winnable.
fn winnable(mut a: Args, context: &str) -> Result<String, Fail> {
    let count = a.number("--count", 1, MAX)?;
    let tries = a.number("--tries", 1, u64::MAX)?;
    let first = a.number("--first", 0, MAX)?.unwrap_or(1);
    let budget = a.number("--budget", 0, u64::MAX)?.unwrap_or(100_000);
    let Some(count) = count else {
        return fail("usage: aftk winnable --count N [--tries T] [--first SEED] [--budget NODES] [deal options]");
    };
    let tries = tries.unwrap_or(count.saturating_mul(10));
    let o = deal_options(&mut a, false)?;
    if let Some(x) = a.operands(context)?.first() {
        return fail(format!("unexpected argument {}", token(x)));
    }
    let mut solver = Solver::new(1 << 20);
    let mut out = String::new();
    let mut found = 0;
    for i in 0..tries {
        let Ok(seed) = u32::try_from(first + i) else { break };
        let g = new_game(seed, o)?;
        if let (Verdict::Winnable(_), _) = solver.solve(&g, budget) {
            out.push_str(&format!("{seed}\n"));
            found += 1;
            if found == count {
                break;
            }
        }
    }
    Ok(out)
}
