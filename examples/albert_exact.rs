//! Exact King Albert: every deal of a range decided for one starting rank,
//! won (the solver's line replayed through the game to a win) or proven
//! lost (the solver's exhaustive pass), by budgets that grow until the deal
//! is decided.
//!
//! ```text
//! tools/host-cargo run --release --example albert_exact -- solve R FIRST LAST FILE [MAX_NODES [TABLE_BITS [LINE_BITS]]]
//! tools/host-cargo run --release --example albert_exact -- table FILE...
//! tools/host-cargo run --release --example albert_exact -- beam R DEAL [WIDTH...]
//! ```
//!
//! `solve` appends one line per deal to FILE:
//! `deal N won|lost|unknown NODES POSITIONS STAGE CPU_MS`: the nodes and
//! positions of the search that decided it, which stage that was (0: 2M
//! nodes in the solver's passes, table 2^22; 1: 50M, 2^25; 2: one
//! unbounded pass of `MAX_NODES`, 5,000,000,000 unless given, table
//! 2^TABLE_BITS, 28 unless given: 4 GB, a fraction allowed (29.7: 872 M
//! slots, 13 GiB); its line has room for
//! 2^LINE_BITS levels, TABLE_BITS - 5 and at most 24 unless given: no-start
//! deal 3990 went deeper than 2^24, 7642 deeper than 2^26; its move buffer
//! holds the deepest level's moves alone, so a level costs only its
//! frame; 3: the beam, tried before stage 2: a beam search over whole
//! boards, widths 1,000, 10,000 and 100,000, which finds in seconds most
//! wins stage 2 takes billions of nodes to reach, and proves nothing when
//! it finds none; its NODES are the moves it tried, its POSITIONS the most
//! boards it remembered), and the CPU
//! time the deal took over all its stages (the process's user + system
//! time, from /proc/self/stat). Deals already won or lost in FILE are
//! skipped, so a run resumes where it stopped. `table` reads such files
//! (one per starting rank, the rank named on each line) and prints the
//! rows of docs/rules/albert.md's exact table: counts, Wilson 95 %
//! intervals, CPU time. `beam` runs stage 3 alone on one deal (at the
//! widths given, else stage 3's) and prints the winning line it finds;
//! `beam-rate R FIRST LAST WIDTH...` gives the beam's win rate from the
//! deal at each width.

use farewell::games::albert::player::evaluate;
use farewell::games::albert::solver::{key, Frame, Search, Step, Verdict, Workspace, MAX_BRANCH, PASSES};
use farewell::games::albert::{Board, Game, Move, Options, StartRank};
use farewell::games::{Patience, Status};
use farewell::out::Text;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;

/// A stage: a node budget, the table's size (slots), the bounded passes.
#[derive(Clone, Copy)]
struct Stage {
    budget: u64,
    slots: usize,
    passes: &'static [u8],
}

/// Slots in a table of 2^`bits` (a fractional exponent gives a table
/// between two powers of two: the solver's slots need not be one, and the
/// largest table that fits beside the line is seldom one).
fn slots_of(bits: f64) -> usize {
    2f64.powf(bits) as usize
}

/// The stages: 2M nodes in the solver's passes (what `kings albert stats`
/// does), 50M the same way, then one unbounded pass (the deals left are
/// mostly decided in the unbounded pass anyway: its repeats would only
/// cost) of `max` nodes in a table of 2^28 positions (4 GB).
/// A run can stop before the last stage (`max` at most 50M: the deals
/// left are written "unknown", and a later run with a larger `max` takes
/// them up).
fn stages(max: u64, slots: usize) -> Vec<Stage> {
    let all = [
        Stage { budget: 2_000_000, slots: 1 << 22, passes: &PASSES },
        Stage { budget: 50_000_000, slots: 1 << 25, passes: &PASSES },
        Stage { budget: max, slots, passes: &[] },
    ];
    let mut v = Vec::new();
    for (i, st) in all.iter().enumerate() {
        if i == 0 || max > all[i - 1].budget {
            v.push(Stage { budget: st.budget.min(max), ..*st });
        }
    }
    v
}

/// The process's CPU time (user + system), in milliseconds.
fn cpu_ms() -> u64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command's closing parenthesis: state is field 3;
    // utime and stime are fields 14 and 15, in ticks of 1/100 s.
    let rest = s.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i - 3).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
    (tick(14) + tick(15)) * 10
}

/// The beam's widths, tried in turn before the unbounded pass (stage 3).
const WIDTHS: [usize; 3] = [1_000, 10_000, 100_000];

/// `m` played on `b` with the automatic moves the game makes.
fn after(b: &Board, m: Move) -> Option<Board> {
    let p = b.check(m).ok()?;
    let mut t = *b;
    t.apply(p);
    while let Some(at) = t.auto_due() {
        t.auto_to_foundation(at);
    }
    Some(t)
}

/// A beam search from `start`, `width` boards kept at each depth, knowing
/// every card (King Albert is open), ordered by the fair player's
/// judgement ([`evaluate`]). Every board reached is remembered by its exact
/// key (the solver's), so no board is kept twice and the beam never goes
/// round in circles; it ends when a board is won or no new board comes.
/// It finds wins only: a beam that ends without one proves nothing.
/// Returns the winning line if found, the boards looked at (moves tried)
/// and the boards remembered.
fn beam(start: &Board, width: usize) -> (Option<Vec<Move>>, u64, u64) {
    let mut seen: HashSet<u128> = HashSet::new();
    seen.insert(key(start));
    // Each depth's boards, and how each was reached (parent index, move).
    let mut beam: Vec<Board> = vec![*start];
    let mut links: Vec<Vec<(u32, Move)>> = Vec::new();
    let mut looked = 0u64;
    loop {
        let mut kids: Vec<(i32, u32, Move, Board)> = Vec::new();
        for (i, b) in beam.iter().enumerate() {
            b.each_legal(&mut |m| {
                looked += 1;
                if let Some(t) = after(b, m) {
                    if seen.insert(key(&t)) {
                        kids.push((evaluate(&t), i as u32, m, t));
                    }
                }
                true
            });
        }
        if kids.is_empty() {
            return (None, looked, seen.len() as u64);
        }
        if let Some(w) = kids.iter().position(|k| k.3.foundation_total() == 52) {
            let mut line = vec![kids[w].2];
            let mut at = kids[w].1 as usize;
            for level in links.iter().rev() {
                let (p, m) = level[at];
                line.push(m);
                at = p as usize;
            }
            line.reverse();
            return (Some(line), looked, seen.len() as u64);
        }
        if kids.len() > width {
            kids.select_nth_unstable_by(width - 1, |a, b| b.0.cmp(&a.0));
            kids.truncate(width);
        }
        links.push(kids.iter().map(|k| (k.1, k.2)).collect());
        beam = kids.into_iter().map(|k| k.3).collect();
    }
}

/// The beam's search at each of [`WIDTHS`] until one wins: the line
/// replayed through the game to a won position (the proof), the boards
/// looked at over every width, the most boards any width remembered, and
/// the line in the game's notation.
fn beam_win(g: &Game, deal: u32, widths: &[usize]) -> Option<(u64, u64, String)> {
    let (mut looked_all, mut most) = (0, 0);
    for &w in widths {
        let (line, looked, seen) = beam(g.board(), w);
        looked_all += looked;
        most = most.max(seen);
        if let Some(line) = line {
            let mut r = g.clone();
            for m in &line {
                assert!(r.play(*m).is_ok(), "deal {deal}: the beam's move {} is refused", move_text(*m));
            }
            assert!(r.status() == Status::Won, "deal {deal}: the beam's line does not win");
            let text: Vec<String> = line.iter().map(|m| move_text(*m)).collect();
            return Some((looked_all, most, text.join(" ")));
        }
    }
    None
}

/// A move in the game's notation.
fn move_text(m: Move) -> String {
    let mut s = String::new();
    let _ = m.text(&mut s);
    s
}

/// The line's room (bits of levels) unless given: a level for every 32
/// slots of the table, at most 2^24 levels.
fn line_bits_for(slots: usize) -> u32 {
    (usize::BITS - 1 - slots.leading_zeros()).saturating_sub(5).min(24)
}

/// One stage's storage, made when first needed and kept.
struct Space {
    table: Vec<u128>,
    frames: Vec<Frame>,
    moves: Vec<Step>,
}

impl Space {
    fn new(slots: usize, line_bits: u32, one_level: bool) -> Space {
        // The unbounded pass can go deep (moves to and fro between
        // positions not yet seen: over 1.7 million levels on a deal with
        // twos up, tens of millions on no-start deals 7642 and 8994); a
        // level holds 16 moves on average at most (most positions offer
        // fewer; aces-up deal 7071 ran out of 12 a level at 2^23 levels).
        // With `one_level` the buffer holds the deepest level's moves
        // alone and the search lists a level's moves again when it comes
        // back to it (the same search, node for node): the line is as deep
        // as its frames.
        let depth = 1 << line_bits;
        Space {
            table: vec![0; slots],
            frames: vec![Frame::default(); depth],
            moves: vec![Step::default(); if one_level { MAX_BRANCH } else { depth * 16 }],
        }
    }
}

fn solve(start: StartRank, first: u32, last: u32, file: &str, max: u64, slots: usize, line_bits: u32) {
    // Each deal's last line: decided, or unknown after a stage (which a
    // run with a larger budget does not search again).
    let done: BTreeMap<u32, Line> =
        read(file).into_iter().filter(|l| l.rank == start.name()).map(|l| (l.deal, l)).collect();
    let mut out = std::fs::OpenOptions::new().create(true).append(true).open(file).expect("open the output file");
    let stages = stages(max, slots);
    let mut spaces: BTreeMap<usize, Space> = BTreeMap::new();
    let mut search = Search::idle();
    for deal in first..=last {
        let tried = match done.get(&deal) {
            Some(l) if l.verdict != "unknown" => continue,
            Some(l) => Some((l.stage, l.nodes)),
            None => None,
        };
        let g = Game::deal(deal, Options { start, auto: true });
        let t0 = cpu_ms();
        let mut result = ("unknown", 0, 0, 0);
        for (i, st) in stages.iter().enumerate() {
            if tried.is_some_and(|(stage, nodes)| i < stage || (i == stage && st.budget <= nodes)) {
                continue;
            }
            let lb = if i + 1 == stages.len() { line_bits } else { line_bits_for(st.slots) };
            let last = i + 1 == stages.len();
            if last && st.passes.is_empty() {
                // Stage 3, before the unbounded pass: the beam, which finds
                // in seconds wins the pass takes billions of nodes to reach
                // (it cannot prove a loss: that is left to the pass).
                if let Some((looked, seen, _)) = beam_win(&g, deal, &WIDTHS) {
                    result = ("won", looked, seen as usize, 3);
                    break;
                }
            }
            let sp = spaces.entry(st.slots).or_insert_with(|| Space::new(st.slots, lb, last));
            let mut ws = Workspace { table: &mut sp.table, frames: &mut sp.frames, moves: &mut sp.moves };
            search.restart_with(&mut ws, &g, st.budget, st.passes);
            let mut shown = 0;
            let v = loop {
                if let Some(v) = search.step(&mut ws, 100_000_000) {
                    break v;
                }
                // A step ends after its nodes, or after a slice of the
                // table cleared (no node): progress every 100M nodes.
                if search.nodes() >= shown + 100_000_000 {
                    shown = search.nodes();
                    eprintln!("  deal {deal}: {shown} nodes, {} positions", search.positions());
                }
            };
            let name = match v {
                Verdict::Winnable(()) => {
                    let mut gg = g.clone();
                    let mut ok = true;
                    search.line(&ws, &g, &mut |m| ok &= gg.play(m).is_ok());
                    assert!(ok && gg.status() == Status::Won, "deal {deal}: the line does not win");
                    "won"
                }
                Verdict::NotWinnable => "lost",
                Verdict::Unknown => "unknown",
            };
            result = (name, search.nodes(), search.positions(), i);
            if name != "unknown" {
                break;
            }
        }
        if result.1 == 0 && tried.is_some() {
            // Every stage this run has was searched before.
            continue;
        }
        let ms = cpu_ms() - t0;
        let line = format!("{} deal {deal} {} {} {} {} {ms}", start.name(), result.0, result.1, result.2, result.3);
        writeln!(out, "{line}").expect("write");
        if result.3 > 0 || result.0 == "unknown" {
            println!("{line}");
        }
    }
}

/// The bounded passes named: `std` the solver's [`PASSES`], `plain` none,
/// else bounds separated by commas (`2,5,12,25`).
fn schedule(s: &str) -> &'static [u8] {
    match s {
        "std" => &PASSES,
        "plain" => &[],
        _ => Box::leak(
            s.split(',').map(|x| x.parse().expect("a bound below 255")).collect::<Vec<u8>>().into_boxed_slice(),
        ),
    }
}

/// One deal, one search, with what it cost and why it stopped.
fn one(start: StartRank, deal: u32, budget: u64, bits: u32, passes: &'static [u8]) {
    let g = Game::deal(deal, Options { start, auto: true });
    let mut sp = Space::new(1 << bits, line_bits_for(1 << bits), false);
    let mut ws = Workspace { table: &mut sp.table, frames: &mut sp.frames, moves: &mut sp.moves };
    let mut search = Search::idle();
    let t0 = cpu_ms();
    search.restart_with(&mut ws, &g, budget, passes);
    let v = loop {
        if let Some(v) = search.step(&mut ws, 10_000_000) {
            break v;
        }
        eprintln!(
            "  {} nodes, pass {}, {} positions, depth {}, {:.1} s",
            search.nodes(),
            search.pass_nodes(),
            search.positions(),
            search.depth(),
            (cpu_ms() - t0) as f64 / 1000.0
        );
    };
    let s = (cpu_ms() - t0) as f64 / 1000.0;
    println!(
        "{} deal {deal}: {} after {} nodes (last pass {}), {} positions, depth {}, {s:.1} s CPU, {:.0} nodes/s",
        start.name(),
        v.name(),
        search.nodes(),
        search.pass_nodes(),
        search.positions(),
        search.depth(),
        search.nodes() as f64 / s.max(0.001)
    );
}

struct Line {
    rank: String,
    deal: u32,
    verdict: String,
    nodes: u64,
    stage: usize,
    ms: u64,
}

fn read(file: &str) -> Vec<Line> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            if f.len() != 8 || f[1] != "deal" {
                return None;
            }
            Some(Line {
                rank: f[0].to_string(),
                deal: f[2].parse().ok()?,
                verdict: f[3].to_string(),
                nodes: f[4].parse().ok()?,
                stage: f[6].parse().ok()?,
                ms: f[7].parse().ok()?,
            })
        })
        .collect()
}

fn table(files: &[String]) {
    println!(
        "| start | deals | won | lost | unknown | won % (95 %) | lost % (95 %) | over 2M nodes | most nodes | CPU s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for file in files {
        // The last line of each deal counts (a resumed run may have
        // settled an earlier unknown).
        let mut by: BTreeMap<(String, u32), Line> = BTreeMap::new();
        let mut ms_all = 0;
        for l in read(file) {
            ms_all += l.ms;
            by.insert((l.rank.clone(), l.deal), l);
        }
        let mut ranks: Vec<String> = by.keys().map(|k| k.0.clone()).collect();
        ranks.dedup();
        for rank in ranks {
            let ls: Vec<&Line> = by.iter().filter(|(k, _)| k.0 == rank).map(|(_, l)| l).collect();
            let n = ls.len() as u64;
            let count = |v: &str| ls.iter().filter(|l| l.verdict == v).count() as u64;
            let (won, lost, unknown) = (count("won"), count("lost"), count("unknown"));
            let (lo, hi) = hostcli::wilson_percent(won, n);
            let (llo, lhi) = hostcli::wilson_percent(lost, n);
            let (a, b) = (ls.first().map_or(0, |l| l.deal), ls.last().map_or(0, |l| l.deal));
            let later = ls.iter().filter(|l| l.stage > 0).count();
            let most = ls.iter().map(|l| l.nodes).max().unwrap_or(0);
            println!(
                "| {rank} | {a}-{b} ({n}) | {won} | {lost} | {unknown} | {:.1} ({lo:.1}-{hi:.1}) | {:.1} ({llo:.1}-{lhi:.1}) | {later} | {most} | {:.0} |",
                100.0 * won as f64 / n as f64,
                100.0 * lost as f64 / n as f64,
                ms_all as f64 / 1000.0
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("solve") if args.len() >= 5 => {
            let start = StartRank::parse(&args[1]).expect("start rank: none, A, 2, 3, 4 or 5");
            let first: u32 = args[2].parse().expect("first deal");
            let last: u32 = args[3].parse().expect("last deal");
            let max: u64 = args.get(5).map_or(5_000_000_000, |s| s.parse().expect("most nodes"));
            let bits: f64 = args.get(6).map_or(28.0, |s| s.parse().expect("table bits"));
            let slots = slots_of(bits);
            let line_bits: u32 = args.get(7).map_or(line_bits_for(slots), |s| s.parse().expect("line bits"));
            solve(start, first, last, &args[4], max, slots, line_bits);
        }
        Some("table") => table(&args[1..]),
        Some("beam-rate") if args.len() >= 5 => {
            let start = StartRank::parse(&args[1]).expect("start rank: none, A, 2, 3, 4 or 5");
            let first: u32 = args[2].parse().expect("first deal");
            let last: u32 = args[3].parse().expect("last deal");
            for w in args[4..].iter().map(|s| s.parse::<usize>().expect("width")) {
                let t0 = cpu_ms();
                let (mut won, mut looked_won, mut most_won, mut looked_all) = (0u64, 0u64, 0u64, 0u64);
                for deal in first..=last {
                    let g = Game::deal(deal, Options { start, auto: true });
                    let (line, looked, _) = beam(g.board(), w);
                    looked_all += looked;
                    if let Some(line) = line {
                        let mut r = g.clone();
                        let ok = line.iter().all(|m| r.play(*m).is_ok());
                        assert!(ok && r.status() == Status::Won, "deal {deal}: the beam's line does not win");
                        won += 1;
                        looked_won += looked;
                        most_won = most_won.max(looked);
                    }
                }
                let n = u64::from(last - first + 1);
                println!(
                    "{} deals {first}-{last} width {w}: won {won} ({:.1}%), boards looked at per win mean {} max {}, per deal {}, {} ms",
                    start.name(),
                    100.0 * won as f64 / n as f64,
                    looked_won / won.max(1),
                    most_won,
                    looked_all / n,
                    cpu_ms() - t0
                );
            }
        }
        Some("beam") if args.len() >= 3 => {
            let start = StartRank::parse(&args[1]).expect("start rank: none, A, 2, 3, 4 or 5");
            let deal: u32 = args[2].parse().expect("deal");
            let widths: Vec<usize> = args[3..].iter().map(|w| w.parse().expect("width")).collect();
            let g = Game::deal(deal, Options { start, auto: true });
            let t0 = cpu_ms();
            match beam_win(&g, deal, if widths.is_empty() { &WIDTHS } else { &widths }) {
                Some((looked, seen, line)) => println!(
                    "{} deal {deal} won {looked} {seen} 3 {}: the beam's line, replayed to a win: {line}",
                    start.name(),
                    cpu_ms() - t0
                ),
                None => println!("{} deal {deal}: no win found by the beam ({} ms)", start.name(), cpu_ms() - t0),
            }
        }
        Some("one") if args.len() >= 5 => {
            let start = StartRank::parse(&args[1]).expect("start rank: none, A, 2, 3, 4 or 5");
            let deal: u32 = args[2].parse().expect("deal");
            let budget: u64 = args[3].parse().expect("nodes");
            let bits: u32 = args[4].parse().expect("table bits");
            let passes = schedule(args.get(5).map_or("std", |s| s));
            one(start, deal, budget, bits, passes);
        }
        _ => eprintln!(
            "usage: albert_exact solve R FIRST LAST FILE [MAX_NODES [TABLE_BITS [LINE_BITS]]] | table FILE... | beam R DEAL [WIDTH...] | beam-rate R FIRST LAST WIDTH..."
        ),
    }
}
