//! `aftk`: the host command for A Farewell to Kings (RULES.md section 3).
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
  aftk stats --games N [--player fair|solver] [--first SEED] [--budget NODES] [--strength hint|one-ply|console|lookahead|turn|each-card|strong] [deal options]
      Play deals SEED..SEED+N-1 (default from 1) and print the win rate
      with a 95% confidence interval (Wilson), mean deals per game, games
      per second, and for the solver the share decided within the budget.
  aftk winnable --count N [--tries T] [--first SEED] [--budget NODES] [deal options]
      Print, one per line, up to N deal numbers from SEED on (default 1)
      that the solver proves winnable, trying at most T deals (default
      10 * N) with NODES each (default 100000). The console's `winnable
      deals only` table is made with it (tools/mkwinnable).
  aftk --help
      This text.

FILE is a position in the notation of docs/rules/farewell.md (`-` reads
stdin). Numbers have no sign and no leading zero. Grids run from 6x4 to 14x9
(default 12x8); kings start centre by default. Errors: one line on stderr,
exit status 2. A closed pipe ends the output quietly.";

/// A one-line error for stderr.
struct Fail(String);

fn fail<T>(msg: impl Into<String>) -> Result<T, Fail> {
    Err(Fail(msg.into()))
}

fn parse_seed(s: &str) -> Result<u32, Fail> {
    hostcli::number(s)
        .and_then(|n| u32::try_from(n).ok())
        .map_or_else(|| fail(format!("{s:?} is not a deal number (0 to 4294967295)")), Ok)
}

/// Reads the deal options; returns them and the arguments left over.
fn deal_options(args: &[String], allow_custom: bool) -> Result<(Options, Vec<String>), Fail> {
    let mut o = Options::default();
    let mut rest = Vec::new();
    let mut it = args.iter();
    let mut given: Vec<&str> = Vec::new();
    while let Some(a) = it.next() {
        if matches!(a.as_str(), "--grid" | "--kings" | "--easy") {
            // A second value would silently win over the first: a typo.
            if given.contains(&a.as_str()) {
                return fail(format!("{a} given twice"));
            }
            given.push(a);
        }
        match a.as_str() {
            "--grid" => {
                let v = it.next().ok_or(Fail("--grid needs WxH".into()))?;
                let (w, h) = v
                    .split_once(['x', 'X'])
                    .and_then(|(w, h)| Some((small(w)?, small(h)?)))
                    .ok_or(Fail(format!("--grid: expected WxH, found {v:?}")))?;
                o.width = w;
                o.height = h;
                if !o.grid_ok() {
                    return fail(format!("--grid {w}x{h} is outside 6x4 to 14x9"));
                }
            }
            "--kings" => {
                let v = it.next().ok_or(Fail("--kings needs centre, corners or random".into()))?;
                o.kings = match KingStart::from_name(&v.to_ascii_lowercase()) {
                    Some(KingStart::Custom) if !allow_custom => {
                        return fail("--kings custom: the kings must be placed by moves; use aftk play --seed SEED --kings custom Ks@r3c4 ...")
                    }
                    Some(k) => k,
                    None => return fail(format!("--kings: expected centre, corners, random or custom, found {v:?}")),
                };
            }
            "--easy" => o.easy = true,
            s if s.starts_with("--") => return fail(format!("unknown option {s}")),
            _ => rest.push(a.clone()),
        }
    }
    Ok((o, rest))
}

/// A grid dimension: a number without sign or leading zero that fits a u8.
fn small(s: &str) -> Option<u8> {
    hostcli::number(s).and_then(|n| u8::try_from(n).ok())
}

/// Reads a position from a file, or from stdin for `-`. Messages name the
/// file quoted (`"no\nsuch"` stays one line).
fn read_position(path: &str) -> Result<Game, Fail> {
    let name = if path == "-" { "stdin".to_string() } else { hostcli::quoted(path) };
    let bytes = hostcli::read_input(path, &name, hostcli::POSITION_LIMIT).map_err(Fail)?;
    let text = String::from_utf8(bytes).map_err(|_| Fail(format!("{name}: not UTF-8 text")))?;
    parse_position(&text).map_err(|e| Fail(format!("{name}: {e}")))
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
    let Some(cmd) = args.first() else { return fail("no command: try aftk --help") };
    // `aftk COMMAND --help`: that command's usage.
    if let Some(u) = usage(cmd).filter(|_| args[1..].iter().any(|a| a == "--help" || a == "-h")) {
        return Ok(format!("{u}\n"));
    }
    match cmd.as_str() {
        "-h" | "--help" | "help" => Ok(format!("{HELP}\n")),
        "deal" => {
            let (o, rest) = deal_options(&args[1..], false)?;
            let [seed] = rest.as_slice() else {
                return fail("usage: aftk deal SEED [--grid WxH] [--kings centre|corners|random] [--easy]");
            };
            Ok(position_text(&new_game(parse_seed(seed)?, o)?))
        }
        "legal" => {
            let [_, path] = args else { return fail("usage: aftk legal FILE") };
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
            let rest = &args[1..];
            let (mut g, moves) = if rest.first().map(String::as_str) == Some("--seed") {
                let seed = rest.get(1).ok_or(Fail("--seed needs a deal number".into()))?;
                let seed = parse_seed(seed)?;
                let (o, moves) = deal_options(&rest[2..], true)?;
                (new_game(seed, o)?, moves)
            } else {
                let (path, moves) = rest
                    .split_first()
                    .ok_or(Fail("usage: aftk play FILE|--seed SEED [deal options] MOVE...".into()))?;
                if path.starts_with("--") {
                    return fail(format!("unknown option {path}"));
                }
                let moves: Vec<String> = moves.to_vec();
                if let Some(opt) = moves.iter().find(|m| m.starts_with("--")) {
                    return fail(format!("{opt}: deal options go with --seed, not with a position file"));
                }
                (read_position(path)?, moves)
            };
            for (i, text) in moves.iter().enumerate() {
                let m = parse_move(text)
                    .ok_or(Fail(format!("move {}: {text:?} is not a move (9h@r2c4, deal, undo)", i + 1)))?;
                if let Err(why) = g.apply(m) {
                    return fail(format!("move {} ({text}) is illegal: {why}", i + 1));
                }
            }
            Ok(position_text(&g))
        }
        "solve" => {
            let (budget, rest) = take_number(&args[1..], "--budget", 2_000_000)?;
            let (o, rest) = deal_options(&rest, false)?;
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
        "stats" => stats(&args[1..]),
        "winnable" => winnable(&args[1..]),
        other => fail(format!("unknown command {other:?}: try aftk --help")),
    }
}

/// Takes `--name N` out of the arguments.
fn take_number(args: &[String], name: &str, default: u64) -> Result<(u64, Vec<String>), Fail> {
    let mut value = default;
    let mut rest = Vec::new();
    let mut it = args.iter();
    let mut given = false;
    while let Some(a) = it.next() {
        if a == name {
            if given {
                return fail(format!("{name} given twice"));
            }
            given = true;
            let v = it.next().ok_or(Fail(format!("{name} needs a number")))?;
            value = hostcli::number(v).ok_or(Fail(format!("{name}: {v:?} is not a number")))?;
        } else {
            rest.push(a.clone());
        }
    }
    Ok((value, rest))
}

/// Plays one deal with the fair player; returns (won, deals made).
/// With `hint`, the console's hint plays (its strength for the deal's
/// options, its thinker, its wind-down), exactly as on the console.
fn play_fair(mut g: Game, strength: Strength, hint: bool) -> (bool, u32) {
    let mut deals = 0;
    let mut player = farewell::ui::farewell::HintPlayer::default();
    for _ in 0..4 * farewell::games::farewell::game::MAX_MOVES {
        let m = if hint { player.next(&g).0 } else { best_move_with(&g, strength) };
        let Some(m) = m else { break };
        if m == Move::Deal {
            deals += 1;
        }
        if g.apply(m).is_err() {
            break;
        }
    }
    (g.status() == Status::Won, deals)
}

fn stats(args: &[String]) -> Result<String, Fail> {
    let (games, rest) = take_number(args, "--games", 0)?;
    let (first, rest) = take_number(&rest, "--first", 1)?;
    let (budget, rest) = take_number(&rest, "--budget", 200_000)?;
    // The fair player's strength: a named setting, then any knob.
    let mut strength = Strength::STRONG;
    let mut rest1 = Vec::new();
    let mut it = rest.iter();
    let mut named = false;
    // `hint`: what the console's hint plays for these options.
    let mut hint = false;
    while let Some(a) = it.next() {
        if a == "--strength" {
            if named {
                return fail("--strength given twice");
            }
            named = true;
            let v = it
                .next()
                .ok_or(Fail("--strength needs hint, one-ply, console, lookahead, turn, each-card or strong".into()))?;
            if v.eq_ignore_ascii_case("hint") {
                hint = true;
                continue;
            }
            strength = Strength::from_name(&v.to_ascii_lowercase()).ok_or(Fail(format!(
                "--strength: expected hint, one-ply, console, lookahead, turn, each-card or strong, found {v:?}"
            )))?;
        } else {
            rest1.push(a.clone());
        }
    }
    let rest = rest1;
    let (width, rest) = take_number(&rest, "--width", strength.width as u64)?;
    let (think, rest) = take_number(&rest, "--think", strength.nodes as u64)?;
    let (samples, rest) = take_number(&rest, "--samples", strength.samples as u64)?;
    let (top, rest) = take_number(&rest, "--top", strength.top as u64)?;
    let (next_width, rest) = take_number(&rest, "--next-width", strength.next_width as u64)?;
    let (next_nodes, rest) = take_number(&rest, "--next-think", strength.next_nodes as u64)?;
    let strength = Strength {
        width: width as usize,
        nodes: think as usize,
        samples: samples as usize,
        top: top as usize,
        next_width: next_width as usize,
        next_nodes: next_nodes as usize,
        ..strength
    };
    let mut player = "fair".to_string();
    let mut player_given = false;
    let mut rest2 = Vec::new();
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        if a == "--player" {
            if player_given {
                return fail("--player given twice");
            }
            player_given = true;
            player = it.next().ok_or(Fail("--player needs fair or solver".into()))?.to_ascii_lowercase();
        } else {
            rest2.push(a.clone());
        }
    }
    if player != "fair" && player != "solver" {
        return fail(format!("--player: expected fair or solver, found {player:?}"));
    }
    if games == 0 {
        return fail(
            "usage: aftk stats --games N [--player fair|solver] [--first SEED] [--budget NODES] [--strength hint|one-ply|console|lookahead|turn|each-card|strong] [deal options]",
        );
    }
    let (o, extra) = deal_options(&rest2, false)?;
    if let Some(x) = extra.first() {
        return fail(format!("unexpected argument {x:?}"));
    }
    let strength = if hint { farewell::ui::farewell::hint_strength(&new_game(first as u32, o)?) } else { strength };
    let start = std::time::Instant::now();
    let (mut won, mut decided, mut deals, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    let mut solver = Solver::new(1 << 20);
    if player == "fair" {
        // Deals are independent: spread them over the host's cores.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 16) as u64;
        let results: Vec<Result<(u64, u64), Fail>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let (mut won, mut deals) = (0u64, 0u64);
                        let mut i = t;
                        while i < games {
                            let g = new_game((first + i) as u32, o)?;
                            let (w, d) = play_fair(g, strength, hint);
                            won += u64::from(w);
                            deals += u64::from(d);
                            i += threads;
                        }
                        Ok((won, deals))
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| fail("a worker thread failed"))).collect()
        });
        for r in results {
            let (w, d) = r?;
            won += w;
            deals += d;
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
/// usage lines and pointers to `--help` name it so.
pub fn run_as(program: &str, args: &[String]) -> Result<String, String> {
    let named = |text: String| {
        if let Some(rest) = text.strip_prefix("usage: aftk ") {
            format!("usage: {program} {rest}")
        } else {
            text.replace("try aftk --help", &format!("try {program} --help"))
        }
    };
    run(args).map(named).map_err(named)
}

/// The usage line of `aftk COMMAND` (`None` for an unknown command).
fn usage(cmd: &str) -> Option<&'static str> {
    Some(match cmd {
        "deal" => "usage: aftk deal SEED [--grid WxH] [--kings centre|corners|random] [--easy]",
        "legal" => "usage: aftk legal FILE",
        "play" => "usage: aftk play FILE|--seed SEED [--grid WxH] [--kings centre|corners|random|custom] [--easy] MOVE...",
        "solve" => "usage: aftk solve SEED [--grid WxH] [--kings centre|corners|random] [--easy] [--budget NODES]",
        "stats" => "usage: aftk stats --games N [--player fair|solver] [--first SEED] [--budget NODES] [--strength hint|one-ply|console|lookahead|turn|each-card|strong] [deal options]",
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
fn winnable(args: &[String]) -> Result<String, Fail> {
    let (count, rest) = take_number(args, "--count", 0)?;
    let (tries, rest) = take_number(&rest, "--tries", count.saturating_mul(10))?;
    let (first, rest) = take_number(&rest, "--first", 1)?;
    let (budget, rest) = take_number(&rest, "--budget", 100_000)?;
    if count == 0 {
        return fail("usage: aftk winnable --count N [--tries T] [--first SEED] [--budget NODES] [deal options]");
    }
    if tries == 0 {
        return fail("--tries 0 tries no deal: give 1 or more");
    }
    let (o, extra) = deal_options(&rest, false)?;
    if let Some(x) = extra.first() {
        return fail(format!("unexpected argument {x:?}"));
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
