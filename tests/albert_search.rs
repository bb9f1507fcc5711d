//! King Albert's search as the console runs it: a step at a time, in a
//! table reused by search after search (a generation each), and the fair
//! player's move weighed a few boards a step.

use farewell::games::albert::notation::parse_move;
use farewell::games::albert::player::{best_move, evaluate, Fair};
use farewell::games::albert::solver::{Frame, Search, Solver, Step, Verdict, Workspace};
use farewell::games::albert::{Board, From, Game, Move, Options, Plan, Status};
use farewell::games::Patience;

const TABLE: usize = 8192;
const DEPTH: usize = 160;
const MOVES: usize = 4096;

fn verdict_alone(g: &Game, budget: u64) -> Verdict {
    let mut table = vec![0u128; TABLE];
    let mut frames = vec![Frame::default(); DEPTH];
    let mut moves = vec![Step::default(); MOVES];
    let ws = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
    Solver::new(g, ws, budget).run()
}

#[test]
fn a_search_in_a_reused_table_steps_through_its_clearing_and_past_255_generations_with_the_same_verdicts() {
    // A dirty table (no header: every entry garbage) must be cleared before
    // the first search, a slice per step; and after 255 searches again.
    let mut table = vec![u128::MAX; TABLE];
    let mut frames = vec![Frame::default(); DEPTH];
    let mut moves = vec![Step::default(); MOVES];
    let mut store = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
    let mut search = Search::idle();
    let mut clearing_steps = 0;
    for seed in 1..=300u32 {
        let g = Game::new(seed, Options::default());
        search.restart(&mut store, &g, 300);
        let mut steps = 0;
        let v = loop {
            steps += 1;
            if let Some(v) = search.step(&mut store, 1) {
                break v;
            }
        };
        // A step that searched no node: a slice of the table cleared.
        if steps > search.nodes() as usize + 1 {
            clearing_steps += 1;
        }
        assert_eq!(v, verdict_alone(&g, 300), "deal {seed}");
    }
    // Cleared at the first search and at the 256th.
    assert_eq!(clearing_steps, 2);
}

/// `p` played on `b` with the automatic moves (the fair player's look
/// ahead, written here from the rules, not taken from the player).
fn after(b: &Board, p: Plan, auto: bool) -> Board {
    let mut t = *b;
    t.apply(p);
    while auto && t.auto_due().is_some() {
        let at = t.auto_due().unwrap();
        t.auto_to_foundation(at);
    }
    t
}

/// The same cards straight back where they came from.
fn reverses(p: Plan, last: Option<Plan>) -> bool {
    match (last, p.from) {
        (Some(l), From::Stack(s, _)) => {
            l.card == p.card && l.to == Some(s) && matches!(l.from, From::Stack(f, _) if Some(f) == p.to)
        }
        _ => false,
    }
}

/// The fair player's rule in one go: the first move of the two-move line
/// to the best-looking board, if that board looks strictly better than
/// now (ties: the first move, then the better board after it alone).
fn weighed_at_once(g: &Game) -> Option<Move> {
    let b = g.board();
    let auto = g.options().auto;
    let now = evaluate(b);
    let mut best: Option<(i32, i32, Move)> = None;
    let mut firsts = Vec::new();
    g.for_each_legal(&mut |m| firsts.push(m));
    for m in firsts {
        let Ok(p) = b.check(m) else { continue };
        if reverses(p, g.last_move()) {
            continue;
        }
        let next = after(b, p, auto);
        let one = evaluate(&next);
        let mut two = one;
        next.each_legal(&mut |m2| {
            if let Ok(p2) = next.check(m2) {
                if !reverses(p2, Some(p)) {
                    two = two.max(evaluate(&after(&next, p2, auto)));
                }
            }
            true
        });
        if two > now && best.is_none_or(|(t, o, _)| (two, one) > (t, o)) {
            best = Some((two, one, m));
        }
    }
    best.map(|(_, _, m)| m)
}

#[test]
fn the_fair_player_weighed_a_few_boards_a_step_plays_the_move_weighed_at_once() {
    let mut compared = 0;
    let mut reply_steps = 0;
    for seed in 1..=60u32 {
        let mut g = Game::new(seed, Options::default());
        for _ in 0..40 {
            let mut firsts = 0;
            g.for_each_legal(&mut |_| firsts += 1);
            let mut steps = 0;
            let mut fair = Fair::new(&g);
            let stepped = loop {
                steps += 1;
                if let Some(m) = fair.step(&g) {
                    break m;
                }
            };
            assert!(steps > firsts, "a step per first move at least, then the answer");
            reply_steps += steps - firsts - 1;
            assert_eq!(stepped, weighed_at_once(&g), "deal {seed}");
            assert_eq!(stepped, best_move(&g), "deal {seed}");
            compared += 1;
            let Some(m) = stepped else { break };
            if farewell::games::Patience::play(&mut g, m).is_err() || g.status().is_over() {
                break;
            }
        }
    }
    assert!(compared > 200, "{compared} positions compared");
    assert!(reply_steps > compared, "replies weighed in steps of their own");
}

/// The verdict of one search with the bounded passes given (then one
/// unbounded pass), a won line replayed through the game to a win.
fn verdict_with(g: &Game, budget: u64, passes: &'static [u8]) -> Verdict {
    let mut table = vec![0u128; 1 << 16];
    let mut frames = vec![Frame::default(); 4096];
    let mut moves = vec![Step::default(); 4096 * 16];
    let mut store = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
    let mut search = Search::idle();
    search.restart_with(&mut store, g, budget, passes);
    let v = loop {
        if let Some(v) = search.step(&mut store, 1 << 20) {
            break v;
        }
    };
    if v == Verdict::Winnable(()) {
        let mut played = g.clone();
        let mut ok = true;
        search.line(&store, g, &mut |m| ok &= played.play(m).is_ok());
        assert!(ok && played.status() == farewell::games::Status::Won, "the line does not win");
    }
    v
}

#[test]
fn every_pass_schedule_decides_like_the_plain_search_and_every_win_replays() {
    // Whatever the bounded passes before it, a win is a replayed line and
    // a loss the unbounded pass's: no schedule may contradict another.
    use farewell::games::albert::solver::PASSES;
    use farewell::games::albert::StartRank;
    let schedules: [&'static [u8]; 4] = [&[], &PASSES, &[1, 3, 9, 27, 81], &[40]];
    let (mut decided, mut won) = (0, 0);
    for start in [StartRank::None, StartRank::Two, StartRank::Three] {
        for seed in 1..=40u32 {
            let g = Game::new(seed, Options { start, auto: true });
            let plain = verdict_with(&g, 60_000, schedules[0]);
            for &s in &schedules[1..] {
                let v = verdict_with(&g, 60_000, s);
                if v != Verdict::Unknown && plain != Verdict::Unknown {
                    assert_eq!(v, plain, "deal {seed} start {}: passes {s:?}", start.name());
                }
            }
            decided += usize::from(plain != Verdict::Unknown);
            won += usize::from(plain == Verdict::Winnable(()));
        }
    }
    // The deals compared must be many, wins and losses both.
    assert!(decided >= 60 && won >= 30 && decided - won >= 15, "decided {decided}, won {won}");
}

/// A move buffer of one level's room (the host's exact table: lines too
/// deep for 16 moves a level) lists a level's moves again when the search
/// comes back to it: the same search, node for node, and its wins replay.
#[test]
fn a_move_buffer_of_one_level_searches_node_for_node_as_a_full_one() {
    use farewell::games::albert::solver::{MAX_BRANCH, PASSES};
    use farewell::games::albert::StartRank;
    let run = |g: &Game, moves: usize, passes: &'static [u8]| {
        let mut table = vec![0u128; 1 << 16];
        let mut frames = vec![Frame::default(); 4096];
        let mut moves = vec![Step::default(); moves];
        let mut store = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
        let mut search = Search::idle();
        search.restart_with(&mut store, g, 60_000, passes);
        let v = loop {
            if let Some(v) = search.step(&mut store, 1 << 20) {
                break v;
            }
        };
        let mut replayed = None;
        if v == Verdict::Winnable(()) {
            let mut played = g.clone();
            let mut ok = true;
            search.line(&store, g, &mut |m| ok &= played.play(m).is_ok());
            replayed = Some(ok && played.status() == farewell::games::Status::Won);
        }
        (v, search.nodes(), replayed)
    };
    let (mut won, mut lost) = (0, 0);
    for start in [StartRank::None, StartRank::Two] {
        for seed in 1..=30u32 {
            let g = Game::new(seed, Options { start, auto: true });
            for passes in [&[][..], &PASSES[..]] {
                let full = run(&g, 4096 * 16, passes);
                let small = run(&g, MAX_BRANCH, passes);
                assert_eq!(full, small, "deal {seed} start {}", start.name());
                assert_ne!(small.2, Some(false), "deal {seed}: the line does not win");
                won += usize::from(small.0 == Verdict::Winnable(()));
                lost += usize::from(small.0 == Verdict::NotWinnable);
            }
        }
    }
    assert!(won >= 20 && lost >= 10, "won {won}, lost {lost}");
}

/// The line `albert_exact`'s beam (stage 3) found for no-start deal 8994,
/// the last deal of the exact table (docs/rules/albert.md): 3,830 s of the
/// solver's unbounded pass had left it undecided.
const DEAL_8994_LINE: &str = "9c>t1 8s>t7 7h>t7 Qh>t4 2d>t8 8h>t1 4d>t9 5c>t5 2d>t9 3s>t5 3d>t9 4s>t6 Kd>t3 \
     6s>t2 2c>f 3c>f Qs>t3 2s>f Th>t9 3s>f 4s>f 5h>t2 Jd>t3 Jc>t4 Th>t8 Ks>t9 Td>t4 Qd>t9 Js>t9 9c>t9 9h>t8 \
     6h>f 7h>f Tc>t3 Qh>t1 Kc>t6 7s>t7 Kh>t4 Qc>t4 9d>f";

#[test]
fn the_exact_tables_last_deal_no_start_8994_is_won_by_its_published_line() {
    // The table counts 8994 won on this line alone: the rules as they are
    // now must still accept every move and end in a won game.
    let mut g = Game::new(8994, Options::default());
    assert_eq!(g.board().foundation_total(), 2, "the deal's two aces go up at once");
    for (i, m) in DEAL_8994_LINE.split_whitespace().enumerate() {
        assert_eq!(g.status(), Status::Playing, "over before move {i}");
        let mv = parse_move(m).unwrap_or_else(|e| panic!("bad move {m}: {e}"));
        g.play(mv).unwrap_or_else(|e| panic!("move {i}, {m}, refused: {e}"));
    }
    assert_eq!(g.status(), Status::Won);
}

/// The positions of a deal played by the fair player, `n` of them at most.
fn fair_positions(seed: u32, n: usize) -> Vec<Game> {
    let mut g = Game::deal(seed, Options::default());
    let mut out = vec![g.clone()];
    while out.len() < n {
        let Some(m) = best_move(&g) else { break };
        g.play(m).unwrap();
        out.push(g.clone());
    }
    out
}

/// Searches each position in turn keeping the table (the first one
/// afresh), `slice` nodes a step; each search's verdict, nodes and line.
fn kept_searches(games: &[Game], budget: u64, slice: u64) -> Vec<(Verdict, u64, Vec<Move>, bool)> {
    let mut table = vec![0u128; TABLE];
    let mut frames = vec![Frame::default(); 1024];
    let mut moves = vec![Step::default(); MOVES];
    let mut store = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
    let mut search = Search::idle();
    let mut out = Vec::new();
    for (i, g) in games.iter().enumerate() {
        if i == 0 {
            search.restart(&mut store, g, budget);
        } else {
            search.restart_kept(&mut store, g, budget);
        }
        let v = loop {
            if let Some(v) = search.step(&mut store, slice) {
                break v;
            }
        };
        let mut line = Vec::new();
        search.line(&store, g, &mut |m| line.push(m));
        out.push((v, search.nodes(), line, search.kept()));
    }
    out
}

#[test]
fn a_search_that_keeps_the_table_answers_in_slices_of_1_7_and_1000_nodes_as_in_one() {
    for seed in [1, 6, 11, 19] {
        let games = fair_positions(seed, 6);
        let whole = kept_searches(&games, 3_000, u64::MAX);
        assert!(whole.iter().skip(1).any(|w| w.3), "deal {seed}: the later searches keep the table");
        for slice in [1, 7, 1000] {
            assert_eq!(kept_searches(&games, 3_000, slice), whole, "deal {seed}, slices of {slice}");
        }
    }
}

/// `m` is one of `g`'s legal moves, and playing it is accepted.
fn legal_and_played(g: &Game, m: Move) {
    let mut legal = Vec::new();
    g.for_each_legal(&mut |x| legal.push(x));
    assert!(legal.contains(&m), "{m} among {legal:?}");
    assert!(g.clone().play(m).is_ok(), "{m}");
}

#[test]
fn a_kept_table_never_gives_a_wrong_answer_after_a_move_an_undo_or_a_new_deal() {
    // Positions in the order a player meets them: moves, an undo (back to
    // a position searched before), another deal; each searched keeping the
    // table. A win is a line that wins from there, a kept search never
    // says "not winnable", and what it says afresh the exact search agrees
    // with.
    let mut order = Vec::new();
    for seed in [11, 2, 13] {
        let games = fair_positions(seed, 4);
        order.extend(games.iter().cloned());
        let mut back = games[games.len() - 1].clone();
        assert!(back.undo());
        order.push(back);
    }
    let mut table = vec![0u128; TABLE];
    let mut frames = vec![Frame::default(); 1024];
    let mut moves = vec![Step::default(); MOVES];
    let mut store = Workspace { table: &mut table, frames: &mut frames, moves: &mut moves };
    let mut search = Search::idle();
    let (mut won, mut kept) = (0, 0);
    for g in &order {
        search.restart_kept(&mut store, g, 12_000);
        let v = loop {
            if let Some(v) = search.step(&mut store, 64) {
                break v;
            }
        };
        kept += usize::from(search.kept());
        match v {
            Verdict::Winnable(()) => {
                let mut line = Vec::new();
                assert!(search.line(&store, g, &mut |m| line.push(m)));
                legal_and_played(g, line[0]);
                let mut t = g.clone();
                for m in &line {
                    t.play(*m).unwrap_or_else(|e| panic!("{m}: {e}"));
                }
                assert_eq!(t.status(), Status::Won);
                won += 1;
            }
            Verdict::NotWinnable => {
                assert!(!search.kept(), "a kept search never says lost");
                assert_eq!(verdict_alone(g, 200_000), Verdict::NotWinnable);
            }
            Verdict::Unknown => {}
        }
    }
    assert!(kept > order.len() / 2, "most searches kept the table: {kept}");
    assert!(won > 0, "some wins replayed");
}

#[test]
fn the_hint_quick_then_deep_offers_legal_moves_and_its_lines_win() {
    use farewell::games::albert::hint::{Hint, HintStore, Why, QUICK_NODES};
    let mut store = Box::new(HintStore::new());
    let mut deep_wins = 0;
    for seed in [1, 6, 11, 19, 20] {
        let g = Game::deal(seed, Options::default());
        // The quick answer is the search within QUICK_NODES, as a fresh
        // search gives it, else the fair player's move.
        let quick = verdict_alone(&g, QUICK_NODES);
        let mut h = Hint::new(false, true);
        let mut answers = Vec::new();
        for _ in 0..20_000 {
            if !h.working() {
                break;
            }
            if h.step(&g, 16, &mut store) {
                answers.push((h.answer().unwrap(), h.line().to_vec()));
            }
        }
        let (first, _) = answers[0];
        assert!(!first.deep);
        match quick {
            Verdict::Winnable(()) => assert_eq!(first.why, Why::Line),
            Verdict::NotWinnable => assert!(first.lost && first.why != Why::Line),
            Verdict::Unknown => assert_eq!(first.m, best_move(&g)),
        }
        for (a, line) in &answers {
            legal_and_played(&g, a.m.unwrap());
            if a.why == Why::Line {
                assert_eq!(line[0], a.m.unwrap());
                let mut t = g.clone();
                for m in line {
                    t.play(*m).unwrap();
                }
                assert_eq!(t.status(), Status::Won, "deal {seed}");
            }
        }
        deep_wins += answers.iter().filter(|(a, _)| a.deep).count();
    }
    assert!(deep_wins > 0, "a deep answer replaced a quick one");
}
