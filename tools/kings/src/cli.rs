//! The commands every game answers, written once over
//! `farewell::games::Patience` and [`Cli`].

use farewell::games::{Patience, Status};
use hostcli::{token, Args};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

/// What `kings` needs of a game beyond its rules: its deal options on the
/// command line, its solver and its fair player.
pub trait Cli: Patience {
    /// The options in a usage line: `[--start-rank none|A|2|3|4|5] [--no-auto]`
    /// (nothing for a game without options).
    const OPTIONS_USAGE: &'static str = "";
    /// The solver's working storage, made once and reused from deal to deal.
    type Scratch;

    /// Takes the game's options out of `args` (names and values in either
    /// case). Unknown options are left for the caller to refuse. A game
    /// without options takes none.
    fn take_options(_args: &mut Args) -> Result<Self::Options, String> {
        Ok(Self::Options::default())
    }
    /// The options in words, for the `stats` header (`start: none auto: yes`;
    /// nothing for a game without options).
    fn describe(_options: &Self::Options) -> String {
        String::new()
    }
    /// Fresh solver storage.
    fn scratch() -> Self::Scratch;
    /// Searches with perfect information within `budget` nodes.
    fn solve(&self, budget: u64, scratch: &mut Self::Scratch) -> Solved<Self::Move>;
    /// The fair player's move (it sees only what a player sees), or `None`
    /// when it has none.
    fn fair_move(&self) -> Option<Self::Move>;
    /// The fair player's move at a strength: `samples` deals of the hidden
    /// cards solved within `nodes` nodes each (games without a sampling
    /// player play [`fair_move`](Self::fair_move)).
    fn fair_move_at(
        &self,
        _samples: u16,
        _nodes: u32,
        _how: Sampling,
        _scratch: &mut Self::Scratch,
    ) -> Option<Self::Move> {
        self.fair_move()
    }
    /// The strengths `--strength` names: (name, samples, nodes, how).
    const STRENGTHS: &'static [(&'static str, u16, u32, Sampling)] = &[];
    /// The console's hint as a player meets it (`--player hint`), or
    /// `None` for a game whose hint is not simulated.
    fn hint_player() -> Option<Box<dyn HintPlayer<Self>>> {
        None
    }
}

/// The console's hint played move after move by a player who looks at
/// each position for a while before pressing Square: what Square shows
/// after `units` units of the console's thinking on the position (the
/// quick answer however long it takes, a deeper one if found by then),
/// and whether it is the deeper one. Its state (a memo, a kept line)
/// goes on from move to move and deal to deal as the console's does.
pub trait HintPlayer<G: Patience> {
    /// The hint for `g` after `units` units of pondering.
    fn next(&mut self, g: &G, units: u32) -> (Option<G::Move>, bool);
    /// Units a frame of looking gives the hint (the game's own where its
    /// frames were measured to give more than the least).
    fn units_a_frame(&self) -> u32 {
        farewell::frame::PONDER_UNITS_A_FRAME
    }
}

/// Frames a player looks before each move at most (`--ponder-frames`):
/// ten minutes.
const MAX_PONDER_FRAMES: u64 = 36_000;

/// How a sampling player uses its samples (`--strength SAMPLESxNODES`,
/// with a suffix `e` or `f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sampling {
    /// `e`: every candidate move judged on every sample.
    pub each: bool,
    /// `f`: a sample not won votes for the first move of its furthest line.
    pub furthest: bool,
}

/// A solver's answer and its cost.
pub struct Solved<M> {
    /// The verdict.
    pub verdict: Verdict<M>,
    /// Positions searched.
    pub nodes: u64,
}

/// What the solver found: won by these moves from the opening position,
/// proved lost, or unknown (the budget ran out first: no guess).
pub type Verdict<M> = farewell::games::search::Verdict<Vec<M>>;

/// Prints the output (or the one-line error on stderr) and gives the exit
/// status: 0, or 2 for bad input and for output that could not be written;
/// a closed pipe ends quietly ([`hostcli::finish`]).
pub fn finish(result: Result<String, String>) -> ExitCode {
    hostcli::finish("kings", result)
}

/// What a usage line that reads a position says of FILE.
const FILE_NOTE: &str = "FILE: a position of at most 64 KiB, - for stdin";

/// The commands every game answers, in the order `--help` lists them.
const COMMANDS: [&str; 6] = ["deal", "legal", "play", "solve", "stats", "winnable"];

/// The usage line of `kings GAME COMMAND`, single-spaced whatever the
/// game's options (`None` for an unknown command).
fn usage<G: Cli>(cmd: &str) -> Option<String> {
    let rest = match cmd {
        "deal" => "SEED {o}",
        "legal" => "FILE",
        "play" => "FILE|--seed SEED {o} MOVE...",
        "solve" => "SEED {o} [--budget NODES]",
        "stats" => "--games N [--first N] [--player solver|fair{hint}]{strengths} [--budget NODES] {o}",
        "winnable" => "--count N [--tries T] [--first SEED] [--budget NODES] {o}",
        _ => return None,
    };
    // `hint` and its `--ponder-frames` where the game's hint is simulated;
    // the game's own strengths by name.
    let hint = if G::hint_player().is_some() { "|hint] [--ponder-frames W" } else { "" };
    let names: Vec<&str> = G::STRENGTHS.iter().map(|x| x.0).chain(["SAMPLESxNODES"]).collect();
    let strengths = if G::STRENGTHS.is_empty() { String::new() } else { format!(" [--strength {}]", names.join("|")) };
    let rest = rest.replace("{hint}", hint).replace("{strengths}", &strengths);
    let line = format!("usage: kings {} {cmd} {}", G::ID, rest.replace("{o}", G::OPTIONS_USAGE));
    let line = line.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
    // The limit on a position file, where one is read.
    Some(if rest.starts_with("FILE") { format!("{line} ({FILE_NOTE})") } else { line })
}

/// [`usage`] of a command this file knows.
fn usage_of<G: Cli>(cmd: &str) -> String {
    usage::<G>(cmd).unwrap_or_default()
}

/// Largest deal number, and the largest count or budget `kings` takes.
const MAX: u64 = u32::MAX as u64;

/// Runs `COMMAND ARGS...` for game `G`.
pub fn run<G: Cli>(args: &[String]) -> Result<String, String> {
    let Some((cmd, rest)) = args.split_first() else {
        return Err(format!("no command for {}: deal, legal, play, solve, stats or winnable", G::ID));
    };
    let cmd = cmd.to_ascii_lowercase();
    // `kings GAME help` (`--help`, `-h`): every command's usage; `kings
    // GAME help COMMAND` or `kings GAME COMMAND --help`: that command's.
    if hostcli::is_help(&cmd) {
        return match rest {
            [] => Ok(COMMANDS.iter().map(|c| usage_of::<G>(c) + "\n").collect()),
            [c] => usage::<G>(&c.to_ascii_lowercase()).map(|u| u + "\n").ok_or_else(|| unknown::<G>(c)),
            [_, x, ..] => Err(format!("unexpected argument {} after help COMMAND", token(x))),
        };
    }
    if let Some(u) = usage::<G>(&cmd).filter(|_| rest.iter().any(|a| hostcli::asks_help(a))) {
        return Ok(format!("{u}\n"));
    }
    let mut args = Args::new(rest);
    let context = format!("{} {cmd}", G::ID);
    match cmd.as_str() {
        "deal" => {
            let o = G::take_options(&mut args)?;
            let rest = args.operands(&context)?;
            let [seed] = rest.as_slice() else {
                return Err(usage_of::<G>("deal"));
            };
            Ok(position(&G::deal(seed_of(seed)?, o)))
        }
        "legal" => {
            let rest = args.operands(&context)?;
            let [path] = rest.as_slice() else { return Err(usage_of::<G>("legal")) };
            let g: G = read_position(path)?;
            let mut moves = Vec::new();
            g.for_each_legal(&mut |m| moves.push(m.to_string()));
            moves.sort();
            moves.dedup();
            Ok(moves.iter().map(|m| m.clone() + "\n").collect())
        }
        "play" => play::<G>(args, &context),
        "solve" => {
            let budget = args.number("--budget", 0, MAX)?.unwrap_or(2_000_000);
            let o = G::take_options(&mut args)?;
            let rest = args.operands(&context)?;
            let [seed] = rest.as_slice() else {
                return Err(usage_of::<G>("solve"));
            };
            let g = G::deal(seed_of(seed)?, o);
            let solved = g.solve(budget, &mut G::scratch());
            let mut out = String::new();
            match solved.verdict {
                Verdict::Winnable(moves) => {
                    let line: Vec<String> = moves.iter().map(ToString::to_string).collect();
                    let _ = write!(out, "verdict: winnable\nnodes: {}\nmoves: {}\n", solved.nodes, line.join(" "));
                }
                Verdict::NotWinnable => {
                    let _ = write!(out, "verdict: not winnable\nnodes: {}\n", solved.nodes);
                }
                Verdict::Unknown => {
                    let _ = write!(out, "verdict: unknown\nnodes: {}\n", solved.nodes);
                }
            }
            Ok(out)
        }
        "stats" => stats::<G>(args, &context),
        "winnable" => winnable::<G>(args, &context),
        other => Err(unknown::<G>(other)),
    }
}

/// An unknown command of game `G`.
fn unknown<G: Cli>(cmd: &str) -> String {
    format!("unknown command {} for {}: deal, legal, play, solve, stats or winnable", token(cmd), G::ID)
}

/// A deal number: 0 to 4294967295, no sign, no leading zero.
fn seed_of(s: &str) -> Result<u32, String> {
    farewell::games::text::number(s, u32::MAX)
        .ok_or_else(|| format!("{} is not a deal number (0 to 4294967295)", token(s)))
}

/// The position in the file at `path` (`-`: stdin); refusals name the
/// input, the line and the field (`hostcli::position_refusal`).
fn read_position<G: Patience>(path: &str) -> Result<G, String> {
    let bytes = hostcli::read_input(path, hostcli::POSITION_LIMIT, hostcli::POSITION_WHAT)?;
    let text = hostcli::position_text(path, bytes)?;
    G::parse_position(&text).map_err(|e| hostcli::position_refusal(path, &text, e.line, e.message.as_str()))
}

fn position<G: Patience>(g: &G) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = g.write_position(&mut s);
    s
}

fn play<G: Cli>(mut args: Args, context: &str) -> Result<String, String> {
    let usage = || usage_of::<G>("play");
    let (mut g, moves): (G, Vec<String>) = if let Some(seed) = args.value("--seed", "a deal number")? {
        let seed = seed_of(&seed)?;
        let o = G::take_options(&mut args)?;
        (G::deal(seed, o), args.operands(context)?)
    } else {
        // A game option with a position file: the file holds the options.
        if let Some(opt) = args.first_option() {
            let mut probe = args.clone();
            if G::take_options(&mut probe).is_err() || probe.len() != args.len() {
                return Err(format!("{}: game options go with --seed, not with a position file", token(opt)));
            }
        }
        let words = args.operands(context)?;
        let (path, moves) = words.split_first().ok_or_else(usage)?;
        (read_position(path)?, moves.to_vec())
    };
    for (i, text) in moves.iter().enumerate() {
        if text.eq_ignore_ascii_case("undo") {
            if !g.undo() {
                // Moves remain that the history no longer holds: say so.
                let why = if g.move_count() > 0 {
                    "the undo limit was reached (older moves can no longer be taken back)"
                } else {
                    "nothing to take back"
                };
                return Err(format!("move {} (undo) is illegal: {why}", i + 1));
            }
            continue;
        }
        let m = g.parse_move(text).map_err(|e| format!("move {} ({}) is not a move: {e}", i + 1, token(text)))?;
        g.play(m).map_err(|why| format!("move {} ({m}) is illegal: {why}", i + 1))?;
    }
    Ok(position(&g))
}

/// Most moves a fair game may take before it is stopped (no game of the
/// collection is nearly this long; a player that loops is a bug to see).
const MAX_FAIR_MOVES: usize = 10_000;

fn stats<G: Cli>(mut args: Args, context: &str) -> Result<String, String> {
    let games = args.number("--games", 1, MAX)?;
    let first = args.number("--first", 0, MAX)?.unwrap_or(1);
    let budget = args.number("--budget", 0, MAX)?.unwrap_or(200_000);
    let strength = match args.value("--strength", "a name or SAMPLESxNODES")? {
        Some(_) if G::STRENGTHS.is_empty() => {
            return Err(format!("--strength: {} has no sampling player (its fair player has one strength)", G::ID))
        }
        Some(s) => Some(parse_strength::<G>(&s.to_ascii_lowercase())?),
        None => None,
    };
    let mut player = args.value("--player", "fair, solver or hint")?.unwrap_or("fair".into()).to_ascii_lowercase();
    if player != "fair" && player != "solver" && player != "hint" {
        return Err(format!("--player: expected fair, solver or hint, found {}", token(&player)));
    }
    let ponder = args.number("--ponder-frames", 0, MAX_PONDER_FRAMES)?;
    if ponder.is_some() && player != "hint" {
        return Err("--ponder-frames goes with --player hint".into());
    }
    let mut hint = match (player == "hint").then(G::hint_player) {
        Some(None) => return Err(format!("--player hint: {}'s hint is not simulated", G::ID)),
        Some(Some(h)) => Some(h),
        None => None,
    };
    let frames = ponder.unwrap_or(0) as u32;
    let units =
        frames.saturating_mul(hint.as_ref().map_or(farewell::frame::PONDER_UNITS_A_FRAME, |h| h.units_a_frame()));
    let (mut hints, mut deep) = (0u64, 0u64);
    let Some(games) = games else {
        return Err(usage_of::<G>("stats"));
    };
    if first + games - 1 > MAX {
        return Err("--first and --games go past deal 4294967295".into());
    }
    let o = G::take_options(&mut args)?;
    if let Some(x) = args.operands(context)?.first() {
        return Err(format!("unexpected argument {}", token(x)));
    }
    let start = Instant::now();
    let (mut won, mut lost, mut nodes) = (0u64, 0u64, 0u64);
    let mut scratch = G::scratch();
    for i in 0..games {
        let mut g = G::deal((first + i) as u32, o);
        if let Some(h) = hint.as_mut() {
            for _ in 0..MAX_FAIR_MOVES {
                let (m, d) = h.next(&g, units);
                let Some(m) = m else { break };
                hints += 1;
                deep += u64::from(d);
                if g.play(m).is_err() {
                    return Err(format!("the hint offered an illegal move {m} in deal {}", first + i));
                }
            }
            match g.status() {
                Status::Won => won += 1,
                _ => lost += 1,
            }
        } else if player == "fair" {
            for _ in 0..MAX_FAIR_MOVES {
                let m = match strength {
                    Some((samples, nodes, how)) => g.fair_move_at(samples, nodes, how, &mut scratch),
                    None => g.fair_move(),
                };
                let Some(m) = m else { break };
                if g.play(m).is_err() {
                    return Err(format!("the fair player offered an illegal move {m} in deal {}", first + i));
                }
            }
            match g.status() {
                Status::Won => won += 1,
                _ => lost += 1,
            }
        } else {
            let s = g.solve(budget, &mut scratch);
            nodes += s.nodes;
            match s.verdict {
                Verdict::Winnable(_) => won += 1,
                Verdict::NotWinnable => lost += 1,
                Verdict::Unknown => {}
            }
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let (lo, hi) = hostcli::wilson(won, games);
    // A player that does not sample (0 samples, its own number in the
    // nodes' place) is named as `--strength` names it.
    let named = strength.filter(|s| s.0 == 0 && s.1 > 0).and_then(|(_, nodes, _)| {
        G::STRENGTHS.iter().filter(|x| x.1 == 0 && x.2 == nodes).map(|x| x.0).find(|n| *n != "strong")
    });
    if hint.is_some() {
        player = format!("hint (the console's, {frames} frames of pondering before each move: {units} units)");
    } else if let Some(name) = named {
        player = format!("{player} ({name})");
    } else if let Some((samples, nodes, how)) = strength {
        let how = match (how.each, how.furthest) {
            (true, _) => " after each move",
            (false, true) => ", furthest lines voting",
            _ => "",
        };
        player = format!("{player} ({samples} samples x {nodes} nodes{how})");
    }
    let mut out = format!(
        "player: {player}\ngame: {}{}\ngames: {games} (deals {first}..{})\nwon: {won} ({:.1}%, 95% CI {:.1}%-{:.1}%)\n",
        G::ID,
        Some(G::describe(&o)).filter(|d| !d.is_empty()).map_or(String::new(), |d| format!(" {d}")),
        first + games - 1,
        100.0 * won as f64 / games as f64,
        100.0 * lo,
        100.0 * hi
    );
    if player == "solver" {
        let unknown = games - won - lost;
        let (llo, lhi) = hostcli::wilson(lost, games);
        let _ = writeln!(
            out,
            "lost: {lost} ({:.1}%, 95% CI {:.1}%-{:.1}%)\nunknown: {unknown}",
            100.0 * lost as f64 / games as f64,
            100.0 * llo,
            100.0 * lhi
        );
        let _ =
            writeln!(out, "decided within budget ({budget} nodes): {:.1}%", 100.0 * (won + lost) as f64 / games as f64);
        let _ = writeln!(out, "nodes per second: {:.0}", nodes as f64 / secs);
    }
    if hint.is_some() {
        let _ =
            writeln!(out, "deep answers: {deep} of {hints} hints ({:.1}%)", 100.0 * deep as f64 / hints.max(1) as f64);
    }
    let _ = writeln!(out, "games per second: {:.1}", games as f64 / secs);
    Ok(out)
}

/// A `--strength`: one of the game's names, or `SAMPLESxNODES` (with `e`
/// after it: each sample solved after each candidate move).
fn parse_strength<G: Cli>(s: &str) -> Result<(u16, u32, Sampling), String> {
    if let Some((_, n, b, h)) = G::STRENGTHS.iter().find(|(name, _, _, _)| *name == s) {
        return Ok((*n, *b, *h));
    }
    let (s, how) = match (s.strip_suffix('e'), s.strip_suffix('f')) {
        (Some(rest), _) => (rest, Sampling { each: true, furthest: false }),
        (_, Some(rest)) => (rest, Sampling { each: false, furthest: true }),
        _ => (s, Sampling { each: false, furthest: false }),
    };
    let bad = || {
        let names: Vec<&str> = G::STRENGTHS.iter().map(|x| x.0).collect();
        format!("--strength: expected {} or SAMPLESxNODES[e|f], found {}", names.join(", "), token(s))
    };
    let (n, b) = s.split_once('x').ok_or_else(bad)?;
    Ok((n.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?, how))
}

/// `kings GAME winnable`: deal numbers the solver proves winnable, for the
/// console's "winnable deals only" table (tools/mkwinnable). A deal is
/// listed only when the solver returned a winning line and that line,
/// replayed from the deal, wins. Prints the deal numbers one per line, then
/// a `#` line with what was tried.
fn winnable<G: Cli>(mut args: Args, context: &str) -> Result<String, String> {
    let count = args.number("--count", 1, MAX)?;
    let tries = args.number("--tries", 1, MAX)?;
    let first = args.number("--first", 0, MAX)?.unwrap_or(1);
    let budget = args.number("--budget", 0, MAX)?.unwrap_or(200_000);
    let Some(count) = count else {
        return Err(usage_of::<G>("winnable"));
    };
    let tries = tries.unwrap_or(count.saturating_mul(10));
    let o = G::take_options(&mut args)?;
    if let Some(x) = args.operands(context)?.first() {
        return Err(format!("unexpected argument {}", token(x)));
    }
    let start = Instant::now();
    let mut scratch = G::scratch();
    let mut out = String::new();
    let (mut found, mut lost, mut tried, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    for i in 0..tries {
        let Ok(seed) = u32::try_from(first + i) else { break };
        tried += 1;
        let g = G::deal(seed, o);
        let s = g.solve(budget, &mut scratch);
        nodes += s.nodes;
        match s.verdict {
            Verdict::Winnable(line) => {
                let mut r = g.clone();
                for m in line {
                    r.play(m).map_err(|why| format!("deal {seed}: the solver's move {m} is illegal: {why}"))?;
                }
                if r.status() != Status::Won {
                    return Err(format!("deal {seed}: the solver's line does not win"));
                }
                let _ = writeln!(out, "{seed}");
                found += 1;
                if found == count {
                    break;
                }
            }
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => {}
        }
    }
    let _ = writeln!(
        out,
        "# tried {tried} (deals {first}..{}), proven winnable {found}, proven lost {lost}, unknown {}, budget {budget} nodes, {nodes} nodes, {:.1} s",
        first + tried.max(1) - 1,
        tried - found - lost,
        start.elapsed().as_secs_f64()
    );
    Ok(out)
}
