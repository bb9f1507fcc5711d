//! The King's Corners solver checked against a plain exhaustive search: on
//! positions a few hundred games into their deck, the solver's verdict
//! (with its symmetries, its pruning and its memo) is the one a search over
//! every legal move, remembering exact positions, gives; every won line
//! replays to a win.

use super::corners_support::legal;
use farewell::cards::Card;
use farewell::cards::Pcg32;
use farewell::games::corners::notation::parse_position;
use farewell::games::corners::player::{self, Style};
use farewell::games::corners::solver::{self, Solver, Verdict, BY_LABELS, BY_LABEL_ROUNDS, BY_ROUNDS, BY_WHOLE};
use farewell::games::corners::{Game, Move, Phase, Status};
use farewell::games::Patience;
use std::collections::HashSet;

/// Every loss test the solver makes.
const ALL: u8 = BY_LABELS | BY_WHOLE | BY_ROUNDS | BY_LABEL_ROUNDS;

/// Everything that decides a position's future (the deck's order is fixed,
/// so its length says what is left in it).
type Exact = ([Option<u8>; 16], Option<u8>, Phase, usize);

fn exact(g: &Game) -> Exact {
    (g.matrix().map(|c| c.map(|c| c.index())), g.next().map(|c| c.index()), g.phase(), g.deck_len())
}

/// Can `g` be won? Every legal move, every cell, every group, every order;
/// positions searched without a win are remembered exactly.
fn plain(g: &mut Game, lost: &mut HashSet<Exact>) -> bool {
    match g.status() {
        Status::Won => return true,
        Status::Lost(_) => return false,
        Status::Playing => {}
    }
    if lost.contains(&exact(g)) {
        return false;
    }
    for m in legal(g) {
        g.play(m).unwrap();
        let won = plain(g, lost);
        g.undo();
        if won {
            return true;
        }
    }
    lost.insert(exact(g));
    false
}

/// A position from deal `seed` with at most `left` face cards still to
/// place: along a winning line (`guide`, when there is one) or else the
/// fair player's moves, then none to three random legal moves.
fn position(seed: u32, left: usize, guide: &[Move]) -> Option<Game> {
    let mut g = Game::deal(seed);
    let mut rng = Pcg32::new(seed.wrapping_mul(7919));
    while g.faces_placed() + left < 12 || g.phase() == Phase::MatchMore && rng.below(2) == 0 {
        if g.status().is_over() {
            return None;
        }
        let m = match guide.get(g.move_count()) {
            Some(m) => *m,
            None => player::best_move(&g, Style::default())?,
        };
        g.play(m).unwrap();
    }
    for _ in 0..seed % 4 {
        if !g.status().is_over() {
            let moves = legal(&g);
            g.play(moves[rng.below(moves.len() as u32) as usize]).unwrap();
        }
    }
    (!g.status().is_over()).then_some(g)
}

#[test]
fn solver_agrees_with_a_plain_search_and_its_wins_replay() {
    agrees_with_a_plain_search(None);
}

/// The same with the search starting again every 20 nodes, in another
/// move order each time (the solver's way out of a part of the tree that
/// one order buries itself in, every `RESTART_NODES` nodes): what it
/// remembers of one order stays true for the next, so the verdicts do not
/// change.
#[test]
fn solver_starting_again_in_other_orders_still_agrees() {
    agrees_with_a_plain_search(Some(20));
}

/// The solver's verdict on positions a few face cards from the end, from
/// 300 deals, against [`plain`]'s; each win replayed. `every`: the search
/// starts again every so many nodes (and the test checks that it did).
fn agrees_with_a_plain_search(every: Option<u64>) {
    let mut slots = vec![0u64; 1 << 16];
    let (mut won, mut lost, mut restarted) = (0, 0, 0);
    for seed in 1..=300u32 {
        let left = 1 + (seed / 4 % 4) as usize;
        // The guide only leads to a position near the end: 20,000 nodes
        // give 186 won and 35 lost positions, 200,000 gave 190 and 34 at
        // ten times the time (most of make test's host tests).
        let guide = match solver::solve(&Game::deal(seed), 20_000, &mut slots).0 {
            Verdict::Winnable(line) => line.to_vec(),
            _ => Vec::new(),
        };
        let Some(g) = position(seed, left, &guide) else { continue };
        let truth = plain(&mut g.clone(), &mut HashSet::new());
        let v = match every {
            None => solver::solve(&g, 10_000_000, &mut slots).0,
            Some(n) => {
                let mut s = Solver::new(&g, &mut slots, 10_000_000).restarting_every(n);
                let v = loop {
                    if let Some(v) = s.step(1000) {
                        break v;
                    }
                };
                restarted += u32::from(s.restarts() > 0);
                v
            }
        };
        match v {
            Verdict::Winnable(line) => {
                assert!(truth, "deal {seed}, {left} faces left: the solver wins a lost position");
                let mut r = g.clone();
                for m in &line {
                    r.play(*m).unwrap_or_else(|e| panic!("deal {seed}: {m}: {e}"));
                }
                assert_eq!(r.status(), Status::Won, "deal {seed}");
                won += 1;
            }
            Verdict::NotWinnable => {
                assert!(!truth, "deal {seed}, {left} faces left: the solver gives up a winnable position");
                lost += 1;
            }
            Verdict::Unknown => panic!("deal {seed}: unknown"),
        }
    }
    // Both answers are tested, many times each.
    assert!(won >= 100 && lost >= 20, "won {won}, lost {lost}");
    if every.is_some() {
        assert!(restarted >= 25, "started again on {restarted} positions");
    }
}

/// The solver's loss test (a number card in a labelled region that can
/// never leave before the face cards of its rank come) never calls a
/// winnable position lost: every position it proves lost, along random
/// and fair-player lines of many deals, is lost by the plain search.
#[test]
fn solver_loss_test_only_proves_lost_positions() {
    let mut rng = Pcg32::new(2026);
    let (mut proved, mut checked) = (0, 0);
    // 1,500 deals: 387 positions proved lost, each searched whole by
    // `plain` (3,000 gave 787 at three times the time).
    for seed in 1..=1500u32 {
        let mut g = Game::deal(seed);
        while !g.status().is_over() {
            if g.phase() == Phase::Match && g.faces_placed() >= 8 {
                checked += 1;
                if solver::proved_lost(&g, ALL) {
                    proved += 1;
                    assert!(!plain(&mut g.clone(), &mut HashSet::new()), "deal {seed}: proved lost but winnable");
                }
            }
            let moves = legal(&g);
            let m = if rng.below(3) == 0 {
                moves[rng.below(moves.len() as u32) as usize]
            } else {
                player::best_move(&g, Style::default()).unwrap_or(moves[0])
            };
            g.play(m).unwrap();
        }
    }
    assert!(proved >= 50, "proved {proved} of {checked}");
}

/// A full matrix (four rows of four cells, as in the notation) in
/// matching, the deck's top cards `top`, then every card not on it, in
/// the order of `Card::all`; nothing discarded.
fn full_matrix(matrix: [&str; 4], top: &[&str]) -> Game {
    let on: Vec<&str> = matrix.iter().flat_map(|r| r.split(' ')).collect();
    let mut deck: Vec<String> = top.iter().map(|s| s.to_string()).collect();
    for c in Card::all() {
        let name = c.to_string();
        if !on.contains(&name.as_str()) && !deck.contains(&name) {
            deck.push(name);
        }
    }
    let text = format!("game: corners\n{}\ndeck: {}\nphase: match\n", matrix.join("\n"), deck.join(" "));
    parse_position(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A full matrix (the jacks and queens placed; kings' corners: Kc and Kd
/// placed, 3h and 3s waiting to leave; the centre Th 6h 6d 6c), the
/// deck's top cards `top`, then every other card.
fn two_threes(top: &[&str]) -> Game {
    full_matrix(["Kc Qh Qd 3h", "Jh Th 6h Jd", "Jc 6d 6c Js", "3s Qc Qs Kd"], top)
}

/// The loss test counts the labelled regions' cards together: two threes
/// in the kings' corners, two kings to come and one seven before the
/// second. Each three alone has a partner (that seven), but not both at
/// once, so the second king finds no corner: the test proves the loss, and
/// a plain search agrees. With a second seven before it, no proof, and
/// the deal is won (T, then 7 + 3 twice).
#[test]
fn solver_loss_test_counts_partners_shared_by_two_cards() {
    let g = two_threes(&["7c", "Kh", "Tc", "Ks"]);
    assert!(solver::proved_lost(&g, BY_LABELS));
    assert!(!solver::proved_lost(&g, BY_WHOLE | BY_ROUNDS));
    assert!(!plain(&mut g.clone(), &mut HashSet::new()));
    let g = two_threes(&["7c", "Kh", "7d", "Ks"]);
    assert!(!solver::proved_lost(&g, ALL));
    assert!(plain(&mut g.clone(), &mut HashSet::new()));
}

/// A full matrix with eleven face cards placed (the kings' corner `r3c3`
/// holds 3h, the centre 7h 9h 9d 9c), the deck's top cards `top`, then
/// every other card.
fn last_king(top: &[&str]) -> Game {
    full_matrix(["Kc Qh Qd Kd", "Jh 7h 9h Jd", "Jc 9d 9c Js", "Ks Qc Qs 3h"], top)
}

/// The loss test counts the whole matrix: when the last king comes, eleven
/// face cards are placed and one cell must be empty, so at most four
/// number cards may be on the matrix. With 8c and 8d drawn before Kh, seven
/// number cards are at hand (3 7 9 9 9 8 8) and only 3 + 7 can leave:
/// five would stay. The corner's three alone can leave (with the seven),
/// so only the count over the whole matrix proves the loss; a plain search
/// agrees. With 2d instead of 8d, 8 + 2 leave too, and the deal is won.
#[test]
fn solver_loss_test_counts_the_whole_matrix() {
    let g = last_king(&["8c", "8d", "Kh"]);
    assert!(solver::proved_lost(&g, BY_WHOLE));
    assert!(!solver::proved_lost(&g, BY_LABELS));
    assert!(!plain(&mut g.clone(), &mut HashSet::new()));
    let g = last_king(&["8c", "2d", "Kh"]);
    assert!(!solver::proved_lost(&g, ALL));
    assert!(plain(&mut g.clone(), &mut HashSet::new()));
}

/// A full matrix with ten face cards placed: the kings' corners hold Kc,
/// Kd, 9h and 7h, the centre Ah 7c 7d 7s; the deck's top cards `top`, then
/// every other card.
fn two_kings(top: &[&str]) -> Game {
    full_matrix(["Kc Qh Qd Kd", "Jh Ah 7c Jd", "Jc 7d 7s Js", "9h Qc Qs 7h"], top)
}

/// The loss test keeps the groups that left for an earlier face card.
/// Kh comes first: at most five of the six number cards may be on the
/// matrix then, and only 9 + A can leave. Ks comes after 2 2 2 3 3: at
/// most four of the eleven may stay, and seven can leave only as 7 + 3,
/// 7 + 3 and 7 + 2 + A, which needs the ace that went with the nine. Each
/// face card alone can be served (and each corner card has a partner), not
/// both; a plain search agrees. With threes instead (3h drawn with Kh),
/// 9 + A and three 7 + 3 leave eight, no proof, and the deal is won.
#[test]
fn solver_loss_test_keeps_groups_that_left_early() {
    let g = two_kings(&["Kh", "2c", "2d", "2h", "3c", "3d", "Ks"]);
    assert!(solver::proved_lost(&g, BY_WHOLE));
    assert!(!solver::proved_lost(&g, BY_LABELS));
    assert!(!plain(&mut g.clone(), &mut HashSet::new()));
    let g = two_kings(&["Kh", "3h", "2c", "3c", "3d", "Ks"]);
    assert!(!solver::proved_lost(&g, ALL));
    assert!(plain(&mut g.clone(), &mut HashSet::new()));
}

/// Deal 14 late (the fair player's line): ten face cards placed, Qh and
/// Jd to come; the deck's cards `deck`, the discard the rest.
fn fourteen(deck: &str) -> Game {
    let text = format!(
        "game: corners\nKs Qc Qs Kh\nJh 9c 6s Js\n5d 6c 9h Jc\nKc 5h Qd Kd\ndeck: {deck}\n\
         discard: Tc Td 3h 7s 6d 4c 2d 8h 2h 8d Ts 3c 7c Ah 8c As 3d 7d 9d Ad 2c 8s 3s 7h 9s Ac 2s 4h 4s\n\
         phase: match\n"
    );
    parse_position(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The loss test follows the rounds: from this full matrix only 5 + 5 can
/// leave, so the next round draws two cards, 5c and Qh, and then no group
/// adds up to 10 (9 6 6 9 5): the five and the four that would pair come
/// a round too late. Counted without the rounds, every face card can be
/// served (5 + 5 twice and 6 + 4 leave six cards by Jd's draw); only
/// following the rounds proves the loss, and a plain search agrees. With
/// 5s drawn before Qh, no proof, and the deal is won.
#[test]
fn solver_loss_test_follows_the_rounds() {
    let g = fourteen("5c Qh 5s 4d 6h Jd Th");
    assert!(solver::proved_lost(&g, BY_ROUNDS));
    assert!(!solver::proved_lost(&g, BY_LABELS | BY_WHOLE));
    assert!(!plain(&mut g.clone(), &mut HashSet::new()));
    let g = fourteen("5c 5s Qh 4d 6h Jd Th");
    assert!(!solver::proved_lost(&g, ALL));
    assert!(plain(&mut g.clone(), &mut HashSet::new()));
}

/// The jacks' cells of deal 113 (ten face cards placed): Jc and Jd to
/// come, 3d and 7s on the jacks' two free cells, the centre 4s 4h 8s 8d.
fn jacks_waiting(top: &[&str]) -> Game {
    full_matrix(["Ks Qc Qd Kc", "Js 4s 4h 3d", "Jh 8s 8d 7s", "Kh Qh Qs Kd"], top)
}

/// The loss test follows one label's cells through the rounds: only 3 + 7
/// can leave, both from the jacks' cells, so 6d and 9s must take them;
/// then only 6 + 4 leaves (one jacks' cell and a centre cell), Jc takes
/// the jacks' cell and Th the centre's, the ten leaves alone, and Jd finds
/// the jacks' cells full, the nine still there (its ace comes after Jd).
/// The number cards alone flow (the rounds' test sees no loss), and each
/// card in the jacks' cells has a partner in time when counted on its own;
/// only the values on the jacks' cells, round by round, prove it, and a
/// plain search agrees. With 4c drawn instead of 9s, 6 + 4 empties both
/// jacks' cells: no proof, and the deal is won.
#[test]
fn solver_loss_test_follows_a_labels_cells() {
    let g = jacks_waiting(&["6d", "9s", "Jc", "Th", "Jd"]);
    assert!(solver::proved_lost(&g, BY_LABEL_ROUNDS));
    assert!(!solver::proved_lost(&g, BY_LABELS | BY_WHOLE | BY_ROUNDS));
    assert!(!plain(&mut g.clone(), &mut HashSet::new()));
    let g = jacks_waiting(&["6d", "4c", "Jc", "Th", "Jd"]);
    assert!(!solver::proved_lost(&g, ALL));
    assert!(plain(&mut g.clone(), &mut HashSet::new()));
}
