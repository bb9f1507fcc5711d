//! The solver: it knows the deck's order, so it answers "can this deal be
//! won at all?" exactly, and when it can, how.
//!
//! A depth-first search over every legal move, with an explicit stack (so
//! that [`Solver::step`] can stop after a bounded amount of work and carry
//! on in the next frame: the console never misses a vblank), and
//! memoisation of the positions already searched without success.
//!
//! The memo key ([`key`]) is exact, not a hash: two positions with the same
//! key have the same future. What decides the future is
//! - how many cards are left in the deck (the deck's order is fixed, so
//!   this says which card is drawn next, and which face cards are placed);
//! - whether matching is under way with a group already removed
//!   (`match-more`: the next card is not drawn yet) or not;
//! - for each of the four regions (the kings' corners, the queens' and the
//!   jacks' edge cells, the unlabelled centre), the values of the number
//!   cards in it, as a multiset. Cells of one region are interchangeable
//!   (same label), suits never matter, and a region's face cards follow
//!   from the cards drawn.
//!
//! A region holds at most four number cards: a multiset of four values
//! from {none, 1..10} is one of C(14, 4) = 1001, written in 10 bits. So a
//! key is 4 x 10 bits plus 7 bits for the deck and the phase.
//!
//! The same symmetry prunes the moves: a card is tried on one empty cell
//! per region (the first in row-major order), not on each.
//!
//! Move order (it changes how soon a win is found, never a verdict): the
//! drawn card goes to the centre first, then to the labelled regions with
//! most room to spare; while matching, `draw` comes first (a round removes
//! as little as it can before the search tries removing more), then groups
//! within the centre, then groups that free a labelled cell. Every
//! [`RESTART_NODES`] nodes the search starts again from its root in a
//! perturbed order, keeping its memo (still exact): wins are found much
//! sooner.
//!
//! Losses are proved sooner by [`doomed`]: after each `draw` and whenever
//! the matrix fills, a number card in a labelled region that no cards at
//! hand before a face card of its rank can take to 10 must stay there; more
//! such cards than the region can spare is a loss; and the cards that must
//! leave the labelled regions need groups that share no card; and the
//! matrix holds at most 15 cards when a face card comes, so all but a few
//! number cards at hand by then must have left, in groups that share no
//! card and stay gone for the face cards after (its proof is in its
//! comment). And by [`stalls`], which forgets the cells and follows the
//! rounds: each matching must remove at least one group of the cards on
//! the matrix, the next round draws as many cards as were removed, and
//! the last face card must be drawn before the groups run out. A search
//! that spends its budget makes one last test of its root before it
//! answers "unknown": [`label_stalls`], the rounds again with the values
//! on one label's cells followed too (a face card of that label needs one
//! of them emptied in the matching before it).

use super::game::{value, Cell, Game, Groups, Label, Move, Phase, Status, CELLS, CENTRE, MAX_MOVES, TARGET};
use crate::cards::Card;
use crate::games::search::{self, mix, Effort, SeenSet};
use crate::games::Patience;
use heapless::Vec;

/// The solver's answer: winnable with these moves from the position
/// given, not winnable, or unknown.
pub type Verdict = search::Verdict<Vec<Move, MAX_MOVES>>;

/// The region of a cell: 0 the centre, 1 jacks, 2 queens, 3 kings.
pub fn region(cell: Cell) -> usize {
    match cell.label() {
        None => 0,
        Some(Label::Jack) => 1,
        Some(Label::Queen) => 2,
        Some(Label::King) => 3,
    }
}

/// The cells of each region, as bit sets (index as [`region`]).
pub const REGIONS: [u16; 4] = [CENTRE, Label::Jack.cells(), Label::Queen.cells(), Label::King.cells()];

/// C(n, k) for the small n and k of [`key`].
const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// `CHOOSE[k][n]` = C(n + k - 1, k) for the multiset ranking of [`key`]:
/// entry k (1 to 4) is used with n = value + 1 (0 to 11, value 0 for none).
const CHOOSE: [[u32; 14]; 5] = {
    let mut t = [[0u32; 14]; 5];
    let mut k = 1;
    while k <= 4 {
        let mut v = 0;
        while v <= 10 {
            t[k as usize][v] = choose(v as u32 + k - 1, k);
            v += 1;
        }
        k += 1;
    }
    t
};

/// The exact memo key of a position (see the module's documentation).
pub fn key(g: &Game) -> u64 {
    let mut vals = [[0u8; 4]; 4];
    let mut n = [0usize; 4];
    let values = g.values();
    for cell in Cell::all() {
        let v = values[usize::from(cell.index())];
        if v > 0 {
            let r = region(cell);
            if n[r] < 4 {
                vals[r][n[r]] = v;
                n[r] += 1;
            }
        }
    }
    let mut k = 0u64;
    for (r, v) in vals.iter_mut().enumerate() {
        v.sort_unstable();
        // The combinatorial number system for multisets: a <= b <= c <= d
        // becomes a < b+1 < c+2 < d+3, ranked among 4-subsets of 0..14.
        let rank = CHOOSE[1][usize::from(v[0])]
            + CHOOSE[2][usize::from(v[1])]
            + CHOOSE[3][usize::from(v[2])]
            + CHOOSE[4][usize::from(v[3])];
        k |= u64::from(rank) << (10 * r);
    }
    let more = u64::from(g.phase() == Phase::MatchMore);
    k | ((g.deck_len() as u64) << 1 | more) << 40
}

/// One position on the search's stack: its key and where it is in its
/// moves.
#[derive(Clone, Copy, Debug)]
struct Frame {
    key: u64,
    /// Placing: how many regions of `order` were tried. Matching: 0 for
    /// `draw`, 1 while groups within the centre are tried, 2 while groups
    /// freeing a labelled cell are, 3 when done.
    stage: u8,
    /// Matching: the groups still to try.
    groups: Groups,
    /// Matching: the cells whose groups may be tried.
    allowed: u16,
    /// Placing: the regions to try, best first (`NO_REGION` for none).
    order: [u8; 4],
    /// Matching: `draw` is tried before the groups, not after them.
    draw_first: bool,
}

const NO_REGION: u8 = 0xFF;

/// Most positions on the stack: the root and one per move of a line.
const FRAMES: usize = MAX_MOVES + 1;

/// Face cards per region (index as [`region`]) among the next `k` cards of
/// a deck of `n`, from the solver's table of face cards still to come.
fn faces_next(ahead: &Ahead, n: usize, k: usize) -> [u8; 4] {
    let n = n.min(52);
    let rest = n - k.min(n);
    let mut f = [0u8; 4];
    for (r, x) in f.iter_mut().enumerate() {
        *x = ahead.faces[n][r].saturating_sub(ahead.faces[rest][r]);
    }
    f
}

/// True when every face card among the next `k` cards of a deck of `n` can
/// find an empty cell of its label: when it cannot, drawing them loses
/// (the matrix fills with these very cards, and face cards never leave).
fn faces_fit(g: &Game, ahead: &Ahead, empty: u16, k: usize) -> bool {
    let f = faces_next(ahead, g.deck_len(), k);
    (1..4).all(|r| (empty & REGIONS[r]).count_ones() >= u32::from(f[r]))
}

/// What drawing now (`g` matching, `empty` its empty cells) leads to, the
/// deck's order being known: the next cards fill exactly the empty cells.
/// `Some(true)`: the last face card is among them and each of them finds a
/// cell, a win. `Some(false)`: a sure loss, a face card with no cell or a
/// full matrix whose number cards (those on it now and those drawn) hold
/// no group adding up to 10, wherever they go. `None`: the game goes on.
fn after_draw(g: &Game, ahead: &Ahead, empty: u16) -> Option<bool> {
    let k = empty.count_ones() as usize;
    if !faces_fit(g, ahead, empty, k) {
        return Some(false);
    }
    let n = g.deck_len().min(52);
    let f = faces_next(ahead, n, k);
    let left: u32 = ahead.faces[n].iter().map(|x| u32::from(*x)).sum();
    let soon: u32 = f.iter().map(|x| u32::from(*x)).sum();
    if soon == left {
        return Some(true);
    }
    let mut reach: u32 = 1;
    for v in g.values() {
        if v > 0 {
            reach |= reach << v;
        }
    }
    for i in n - k.min(n) + 1..=n {
        let v = ahead.value[i];
        if v > 0 {
            reach |= reach << v;
        }
    }
    if reach & (1 << TARGET) == 0 {
        return Some(false);
    }
    None
}

/// The sums from 1 to 9 that some of these number cards make (`count[w]`
/// cards of value `w`), as a bit set (bit `s` for sum `s`; bit 0 always).
fn small_sums(count: &[u8; 11]) -> u16 {
    let mut reach: u16 = 1;
    for w in 1..10 {
        let mut c = count[w].min(9 / w as u8);
        while c > 0 {
            reach |= reach << w;
            c -= 1;
        }
    }
    reach & 0x3FF
}

/// True when `g` (placing or matching, not in the middle of a round's
/// removals; the deck's order known) can never be won because a number
/// card in a labelled region can never leave in time for the face cards of
/// its rank.
///
/// Why this is safe (a proof, not a guess): a labelled region has four
/// cells and its rank four face cards, and face cards never move. Say
/// region `r` holds `P` face cards and `N` number cards now, and the other
/// `M = 4 - P` face cards of its rank are still to come (the drawn card
/// first, then the deck from the top). When the
/// `j`-th of them is drawn, it needs an empty cell of `r`, so `r` then
/// holds at most `M - j` number cards: at least `N - (M - j)` of the `N`
/// number cards in `r` now must have left before that draw. A number card
/// of value `v` leaves only in a group adding up to 10, with other number
/// cards that are on the matrix at a time of matching before that draw:
/// cards on the matrix now, or drawn from the deck before that face card.
/// So if, with every such card at hand (all of them, which can only help),
/// no set of them adds up to `10 - v`, that card is still in `r` when the
/// face card comes (the drawn card, when it is that face card, is placed
/// before any removal, so this only gives the cards more help than they
/// get). If more than `M - j` cards of `r` are such, no line of play wins.
/// The cards at hand only grow as `j` does, so a region whose number cards
/// can all leave before one face card need not be checked card by card
/// for the later ones.
///
/// Then all regions at once ([`jointly_removable`]): a card leaves only
/// once, so the cards that must have left each region by a face card's
/// draw (`N - (M - j)` of its `N`, for each region at the last face card
/// of its rank drawn so far) must all leave in groups that share no card,
/// made of the cards at hand then. The cards at hand at the latest of
/// those draws include those of the earlier ones, so checking there only
/// gives more help. Two threes waiting in the kings' corners with one
/// seven to come before the kings are each fine alone, not together.
///
/// Then the whole matrix ([`all_but_leave`]): when any face card is drawn
/// its label needs an empty cell, so at most 15 cells are taken, `F` of
/// them by the face cards drawn before it (they never leave): at most
/// `15 - F` number cards are on the matrix. Every number card at hand then
/// (on the matrix now, or drawn before that face card) that is not on the
/// matrix has left in a group adding up to 10 made of such cards, the
/// groups sharing no card. If no such groups take all but `15 - F` of
/// them, no line of play wins (the last king waits for four cells of the
/// centre at most: `solver_loss_test_counts_the_whole_matrix`).
///
/// And the face cards together ([`leave_in_time`]): a group that left by
/// one face card's draw has left by every later one's, so one set of
/// groups must serve them all, each group made of cards at hand by the
/// first face card it serves. A nine and an ace that must go for the
/// first king cannot also give the ace to a seven and a two for the
/// second (`solver_loss_test_keeps_groups_that_left_early`).
///
/// These two need only the cards, not where they lie, so a position lost
/// by them from the start is lost in every position of its first round:
/// [`Solver::new`] tests its root too.
///
/// Guarded by `solver_loss_test_only_proves_lost_positions`
/// (tests/corners_solver.rs): every position it calls lost, along many
/// lines of play, is lost by a plain search over every move.
fn doomed(g: &Game, ahead: &Ahead, parts: u8) -> bool {
    let values = g.values();
    // The number cards at hand: on the matrix, then each card drawn.
    let mut count = [0u8; 11];
    for v in values {
        count[usize::from(v)] += 1;
    }
    count[0] = 0;
    // Per labelled region: its number cards' values, and how many face
    // cards are still to come.
    let mut mine = [[0u8; 4]; 4];
    let mut n = [0usize; 4];
    for (i, v) in values.iter().enumerate() {
        let r = region_of_index(i);
        if *v > 0 && r > 0 && n[r] < 4 {
            mine[r][n[r]] = *v;
            n[r] += 1;
        }
    }
    let deck = g.deck_len().min(52);
    // The drawn card, if any, comes first: (its value, or 0 and the
    // region of a face card).
    let drawn = g.next().map(|c| match Label::of(c.rank()) {
        Some(l) => (0, region_of_label(l)),
        None => (value(c).unwrap_or(0), 0),
    });
    let mut to_come = [0usize; 4];
    for (r, t) in to_come.iter_mut().enumerate() {
        *t = usize::from(ahead.faces[deck][r]) + usize::from(drawn.is_some_and(|d| d.1 == r && d.0 == 0));
    }
    let mut seen = [0usize; 4];
    let mut done = [true; 4];
    for r in 1..4 {
        done[r] = n[r] == 0;
    }
    // One memo for the whole matrix's tests: cards that cannot be settled
    // stay so for every face card.
    let mut whole = Whole { work: 0, failed: [0; WHOLE_SLOTS] };
    // For the face cards' test together ([`leave_in_time`]): the number
    // cards at hand at each face card's draw, as what came since the one
    // before, and how many must have left by then.
    let mut levels = Levels { since: [[0; 11]; 12], must: [0; 12], n: 0 };
    let mut last = [0u8; 11];
    let mut left = deck + 1;
    while left > 0 {
        left -= 1;
        let (v, r) = if left == deck {
            match drawn {
                Some(d) => d,
                None => continue,
            }
        } else {
            // The card on top when `left + 1` cards are left.
            let top = left + 1;
            let mut r = 0;
            for q in 1..4 {
                if ahead.faces[top][q] > ahead.faces[top - 1][q] {
                    r = q;
                }
            }
            (ahead.value[top], r)
        };
        if v > 0 {
            count[usize::from(v)] += 1;
        } else if r > 0 {
            seen[r] += 1;
            if parts & BY_LABELS != 0 && !done[r] {
                let mut stuck = 0;
                for &v in &mine[r][..n[r]] {
                    let mut c = count;
                    c[usize::from(v)] -= 1;
                    if small_sums(&c) & (1 << (TARGET - v)) == 0 {
                        stuck += 1;
                    }
                }
                if stuck > to_come[r].saturating_sub(seen[r]) {
                    return true;
                }
                if stuck == 0 {
                    done[r] = true;
                }
            }
            // The whole matrix: this face card needs an empty cell, so at
            // most 15 cards are on the matrix when it comes, `faces` of
            // them face cards (all those drawn before it: face cards never
            // leave); the other number cards at hand must have left by
            // then, in groups adding up to 10 that share no card.
            let faces = 12 - to_come.iter().sum::<usize>() + seen.iter().sum::<usize>() - 1;
            let at_hand: usize = count.iter().map(|c| usize::from(*c)).sum();
            let room = 15usize.saturating_sub(faces);
            if levels.n < 12 {
                for (x, (c, l)) in levels.since[levels.n].iter_mut().zip(count.iter().zip(last.iter())) {
                    *x = c - l;
                }
                levels.must[levels.n] = at_hand.saturating_sub(room) as u8;
                levels.n += 1;
                last = count;
            }
            if parts & BY_WHOLE != 0 && at_hand > room {
                let mut pool = count;
                whole.work = 0;
                if !all_but_leave(&mut pool, room, &mut whole) {
                    return true;
                }
            }
            // Every region at once: the cards that must have left by now,
            // in groups that share no card.
            let mut q = [0usize; 4];
            for s in 1..4 {
                q[s] = n[s].saturating_sub(to_come[s].saturating_sub(seen[s]));
            }
            if parts & BY_LABELS != 0 && q.iter().sum::<usize>() > 1 && !jointly_removable(&count, &mine, &n, &q) {
                return true;
            }
        }
    }
    // The face cards together: the groups that leave by one face card's
    // draw have left by the next one's too.
    whole.work = 0;
    let mut hand = levels.since[0];
    parts & BY_WHOLE != 0 && !leave_in_time(&levels, 0, &mut hand, 0, &mut whole)
}

/// Work allowed to one [`jointly_removable`] test: past it, the test
/// answers "removable" (the loss is not proved; never a wrong proof).
const JOINT_WORK: u32 = 2000;

/// True when, for each labelled region `s`, some `q[s]` of its number
/// cards (`mine[s][..n[s]]`) can all leave in groups adding up to 10 that
/// share no card, the groups made of the cards counted in `pool` (which
/// counts those cards too).
fn jointly_removable(pool: &[u8; 11], mine: &[[u8; 4]; 4], n: &[usize; 4], q: &[usize; 4]) -> bool {
    let mut work = 0u32;
    // Each region's choice of q[s] cards, as subsets of its cards.
    let mut pick = [0u8; 4];
    let first = |k: usize| -> u8 { ((1u16 << k) - 1) as u8 };
    for s in 1..4 {
        if q[s] > n[s] {
            return false;
        }
        pick[s] = first(q[s]);
    }
    loop {
        let mut need = [0u8; 11];
        for s in 1..4 {
            for (i, v) in mine[s][..n[s]].iter().enumerate() {
                if pick[s] & (1 << i) != 0 {
                    need[usize::from(*v)] += 1;
                }
            }
        }
        let mut p = *pool;
        if covered(&mut p, &mut need, &mut work) || work > JOINT_WORK {
            return true;
        }
        // The next choice: the regions' subsets counted like digits.
        let mut s = 1;
        loop {
            if s == 4 {
                return false;
            }
            match next_subset(pick[s], n[s]) {
                Some(x) => {
                    pick[s] = x;
                    break;
                }
                None => {
                    pick[s] = first(q[s]);
                    s += 1;
                }
            }
        }
    }
}

/// Every way to complete a group adding up to 10 from the cards counted
/// in `hand`: `rest` more to add up to, of values at most `max` (largest
/// first, so each group once), `size` cards taken so far. `then` gets the
/// cards left and the cards taken, for each way until it answers true.
/// Restores `hand`. (The loss tests' searches share it.)
fn each_completion(
    hand: &mut [u8; 11],
    rest: usize,
    max: usize,
    size: usize,
    then: &mut dyn FnMut(&mut [u8; 11], usize) -> bool,
) -> bool {
    if rest == 0 {
        return then(hand, size);
    }
    for x in (1..=rest.min(max)).rev() {
        if hand[x] == 0 {
            continue;
        }
        hand[x] -= 1;
        let ok = each_completion(hand, rest - x, x, size + 1, then);
        hand[x] += 1;
        if ok {
            return true;
        }
    }
    false
}

/// Work allowed to one [`all_but_leave`] test: past it, the test answers
/// "they can" (the loss is not proved; never a wrong proof).
const WHOLE_WORK: u32 = 100_000;

/// Slots of [`Whole`]'s memo.
const WHOLE_SLOTS: usize = 4096;

/// The state of one [`all_but_leave`] test: its work so far, and the
/// (cards, spare) it found cannot be settled, by hash (a slot keeps the
/// last one stored).
struct Whole {
    work: u32,
    failed: [u64; WHOLE_SLOTS],
}

/// True when all but at most `spare` of the number cards counted in `pool`
/// can leave in groups adding up to 10 that share no card. `pool` is
/// restored before returning. Answers true once past [`WHOLE_WORK`].
fn all_but_leave(pool: &mut [u8; 11], spare: usize, w: &mut Whole) -> bool {
    w.work += 1;
    if w.work > WHOLE_WORK {
        return true;
    }
    let Some(v) = (1..=10usize).rev().find(|&v| pool[v] > 0) else { return true };
    if pool.iter().map(|c| usize::from(*c)).sum::<usize>() <= spare {
        return true;
    }
    // A number of each value is at most 4 (3 bits each), spare at most 15.
    let mut key = spare as u64;
    for c in &pool[1..] {
        key = key << 3 | u64::from(*c);
    }
    let key = key + 1;
    let slot = (mix(key) % WHOLE_SLOTS as u64) as usize;
    if w.failed[slot] == key {
        return false;
    }
    // The largest card left leaves in a group of cards no larger (each
    // group once, largest card first), or it stays.
    pool[v] -= 1;
    let ok = each_completion(pool, usize::from(TARGET) - v, v, 0, &mut |p, _| all_but_leave(p, spare, w))
        || (spare > 0 && all_but_leave(pool, spare - 1, w));
    pool[v] += 1;
    if !ok {
        w.failed[slot] = key;
    }
    ok
}

/// Work allowed to one [`stalls`] test at the root, and in the search (it
/// is made at every draw): past it, the test answers "no" (the loss is not
/// proved; never a wrong proof).
const FLOW_ROOT_WORK: u32 = 200_000;
const FLOW_WORK: u32 = 10_000;

/// Slots of [`Flow`]'s memo.
const FLOW_SLOTS: usize = 4096;

/// The state of one [`stalls`] test: the cards to come after the matrix
/// next fills, where the last face card is among them, its work so far,
/// and the states it found stall, by hash.
struct Flow {
    /// Values of the cards to come after the next fill, in order (0 a
    /// face card).
    seq: [u8; 52],
    /// Where the last face card is in `seq`.
    last: usize,
    work: u32,
    /// Work allowed (past it, "no proof").
    limit: u32,
    failed: [u64; FLOW_SLOTS],
}

/// True when `g` (the deck's order known) can never be won because the
/// number cards stall: matchings cannot go on removing cards until the
/// last face card is drawn, wherever the cards are placed.
///
/// Why this is safe: forget the cells and the labels (every face card is
/// given a cell; that only helps). The matrix fills (the drawn card and
/// the deck's next cards, one per empty cell), and from then on the game
/// is matchings and rounds: a matching removes groups adding up to 10
/// that share no card (at least one), made of the number cards on the
/// matrix, which are every number card drawn and not yet removed; then
/// exactly as many cards are drawn as were removed, and the matrix is
/// full again. So the cards drawn by the `t`-th fill after the next are
/// fixed by how many cards were removed before it, and the last face card
/// is drawn only once the cards removed since the next fill reach its
/// place in the deck. If no choice of groups gets there, no line of play
/// wins. (The test follows the rounds: a card drawn in a round cannot
/// leave before that round's end. `solver_loss_test_follows_the_rounds`.)
fn stalls(g: &Game, ahead: &Ahead, work: u32) -> bool {
    let deck = g.deck_len().min(52);
    let mut hand = [0u8; 11];
    for v in g.values() {
        hand[usize::from(v)] += 1;
    }
    // The cards that fill the matrix before the next matching: in a
    // placing position, the drawn card and as many more as cells are
    // left empty after it.
    let (skip, gone) = match g.phase() {
        Phase::Place => {
            let Some(c) = g.next() else { return false };
            if let Some(v) = value(c) {
                hand[usize::from(v)] += 1;
            }
            (g.empty_cells().saturating_sub(1), 0)
        }
        Phase::Match => (0, 0),
        Phase::MatchMore => (0, g.empty_cells()),
    };
    if skip > deck {
        return false;
    }
    let mut flow = Flow { seq: [0; 52], last: usize::MAX, work: 0, limit: work, failed: [0; FLOW_SLOTS] };
    for i in 0..deck {
        let v = ahead.value[deck - i];
        if i < skip {
            hand[usize::from(v)] += 1;
            continue;
        }
        flow.seq[i - skip] = v;
        if v == 0 {
            flow.last = i - skip;
        }
    }
    hand[0] = 0;
    if flow.last == usize::MAX {
        return false;
    }
    !flows(&mut flow, 0, gone, &mut hand, 10)
}

/// [`stalls`]'s search: the matching after the fill `filled` cards after
/// the next one (cards removed before it), `gone` cards removed since the
/// next fill, `hand` the number cards on the matrix, the next group's
/// largest card at most `top` (a matching's groups are tried largest card
/// first, so each set of groups once). True when the last face card can
/// be drawn; true once past its work allowed.
fn flows(f: &mut Flow, filled: usize, gone: usize, hand: &mut [u8; 11], top: usize) -> bool {
    f.work += 1;
    if f.work > f.limit {
        return true;
    }
    let mut key = ((filled as u64) << 6 | gone as u64) << 4 | top as u64;
    for c in &hand[1..] {
        key = key << 3 | u64::from(*c);
    }
    let key = key + 1;
    let slot = (mix(key) % FLOW_SLOTS as u64) as usize;
    if f.failed[slot] == key {
        return false;
    }
    // Draw: the cards removed are drawn again, up to the last face card.
    if gone > filled {
        if f.last < gone {
            return true;
        }
        for &v in &f.seq[filled..gone] {
            hand[usize::from(v)] += 1;
        }
        hand[0] = 0;
        let ok = flows(f, gone, gone, hand, 10);
        for &v in &f.seq[filled..gone] {
            hand[usize::from(v)] = hand[usize::from(v)].saturating_sub(1);
        }
        if ok {
            return true;
        }
    }
    // Or one more group, its largest card at most `top`.
    for t in (1..=top).rev() {
        if hand[t] == 0 {
            continue;
        }
        hand[t] -= 1;
        let ok = each_completion(hand, usize::from(TARGET) - t, t, 0, &mut |h, n| flows(f, filled, gone + 1 + n, h, t));
        hand[t] += 1;
        if ok {
            return true;
        }
    }
    f.failed[slot] = key;
    false
}

/// Work allowed to one [`label_stalls`] test (one label) at most: past it,
/// the test answers "no proof". A search past its budget gives it 150
/// steps a node of its budget up to this (so a sampler's short searches
/// stay short; a 200,000-node search gets all of it).
const LABEL_WORK: u32 = 30_000_000;

/// Work per node of a search's budget for its last [`label_stalls`] tests.
const LABEL_WORK_PER_NODE: u64 = 150;

/// Slots of [`LabelFlow`]'s memo in [`proved_lost`], which allows it
/// [`FLOW_ROOT_WORK`] (the solver lends its own table once its search is
/// over).
const LABEL_SLOTS: usize = 4096;

/// The state of one [`label_stalls`] test: the cards to come after the
/// round under way fills the matrix (their values, 0 for a face card, and
/// which of them are face cards of the label followed), the last face
/// card's place among them, its work so far and the states it found
/// stall (exact keys of two words, a pair of slots keeping the last one
/// stored).
struct LabelFlow<'m> {
    seq: [u8; 52],
    mine: [bool; 52],
    len: usize,
    last: usize,
    work: u32,
    limit: u32,
    failed: &'m mut [u64],
}

/// True when `g` (the deck's order known) can never be won because of one
/// label's cells (`label` 1 to 3, as [`REGIONS`]): [`stalls`]'s rounds,
/// with the values on that label's cells followed too.
///
/// Why this is safe: as in [`stalls`], forget the cells, except those of
/// this label; face cards of the other labels always find a cell (that
/// only helps). When the matrix is full, each of the label's cells without
/// its face card holds a number card (so the label holds `4 - F` of them,
/// `F` its face cards placed). A matching removes groups adding up to 10,
/// each card from the label's cells or from elsewhere, wherever such a
/// card lies; the round then draws as many cards as were removed, and a
/// face card of the label needs one of the label's cells emptied by that
/// matching (the matrix was full): no more of them than were emptied.
/// The number cards drawn fill the other emptied cells in any split (the
/// player places them; the cells kept for the face cards are exactly
/// enough), so the label's emptied cells not taken by its face cards get
/// any of the round's number cards. If no such play draws the last face
/// card, with a cell for each face card of the label up to it, no line of
/// play wins (`solver_loss_test_follows_a_labels_cells`).
fn label_stalls(g: &Game, ahead: &Ahead, label: usize, work: u32, memo: &mut [u64]) -> bool {
    if memo.len() < 2 {
        return false;
    }
    memo.fill(0);
    let deck = g.deck_len().min(52);
    let values = g.values();
    let mut mine = [0u8; 11];
    let mut other = [0u8; 11];
    let mut empty = 0u8;
    for (i, v) in values.iter().enumerate() {
        let here = REGIONS[label] & (1 << i) != 0;
        if *v > 0 {
            if here {
                mine[usize::from(*v)] += 1;
            } else {
                other[usize::from(*v)] += 1;
            }
        } else if here && g.matrix()[i].is_none() {
            empty += 1;
        }
    }
    // The cards to come, top first: (value, a face card of this label,
    // any face card).
    let mut cards = [(0u8, false, false); 53];
    let mut n = 0;
    if g.phase() == Phase::Place {
        let Some(c) = g.next() else { return false };
        cards[0] = (
            value(c).unwrap_or(0),
            Label::of(c.rank()).is_some_and(|l| region_of_label(l) == label),
            value(c).is_none(),
        );
        n = 1;
    }
    for k in (1..=deck).rev() {
        let face = (1..4).find(|q| ahead.faces[k][*q] > ahead.faces[k - 1][*q]);
        cards[n] = (ahead.value[k], face == Some(label), face.is_some());
        n += 1;
    }
    let Some(last) = cards[..n].iter().rposition(|c| c.2) else { return false };
    // The round under way: while placing, the drawn card and as many more
    // as there are empty cells fill the matrix first.
    let pending = if g.phase() == Phase::Place { usize::from(g.empty_cells() as u8) } else { 0 };
    if pending > n {
        return false;
    }
    let mut f = LabelFlow {
        seq: [0; 52],
        mine: [false; 52],
        len: n - pending,
        last: usize::MAX,
        work: 0,
        limit: work,
        failed: memo,
    };
    for i in pending..n {
        f.seq[i - pending] = cards[i].0;
        f.mine[i - pending] = cards[i].1;
    }
    if last >= pending {
        f.last = last - pending;
    }
    match g.phase() {
        Phase::Match => !label_flows(&mut f, 0, 0, &mut mine, &mut other, 0, 10),
        Phase::MatchMore => {
            !label_flows(&mut f, 0, usize::from(g.empty_cells() as u8), &mut mine, &mut other, empty, 10)
        }
        Phase::Place => {
            // The fill under way, as a round's draw.
            let faces = cards[..pending].iter().filter(|c| c.1).count() as u8;
            if last < pending {
                return faces > empty;
            }
            if faces > empty {
                return true;
            }
            let mut drawn = [0u8; 11];
            for c in &cards[..pending] {
                drawn[usize::from(c.0)] += 1;
            }
            drawn[0] = 0;
            !each_share(&mut drawn, usize::from(empty - faces), 1, &mut mine, &mut other, &mut |m, o| {
                label_flows(&mut f, 0, 0, m, o, 0, 10)
            })
        }
    }
}

/// Every way of putting `k` of the number cards `drawn` (values from `v`
/// on) on the label's cells (`mine`), the rest elsewhere (`other`), and
/// `then` on each; true as soon as one `then` is. Restores everything.
fn each_share(
    drawn: &mut [u8; 11],
    k: usize,
    v: usize,
    mine: &mut [u8; 11],
    other: &mut [u8; 11],
    then: &mut dyn FnMut(&mut [u8; 11], &mut [u8; 11]) -> bool,
) -> bool {
    if v > 10 {
        return k == 0 && then(mine, other);
    }
    let have = drawn[v];
    for into in (0..=have.min(k as u8)).rev() {
        mine[v] += into;
        other[v] += have - into;
        let ok = each_share(drawn, k - usize::from(into), v + 1, mine, other, then);
        mine[v] -= into;
        other[v] -= have - into;
        if ok {
            return true;
        }
    }
    false
}

/// [`label_stalls`]'s search: the matching after the fill `filled` cards
/// into `seq`, `gone` cards removed since that fill (`e` of them from the
/// label's cells), `mine` and `other` the number cards on the label's
/// cells and elsewhere, the next group's largest card at most `top`. True
/// when the last face card can be drawn; true once past its work allowed.
fn label_flows(
    f: &mut LabelFlow<'_>,
    filled: usize,
    gone: usize,
    mine: &mut [u8; 11],
    other: &mut [u8; 11],
    e: u8,
    top: usize,
) -> bool {
    f.work += 1;
    if f.work > f.limit {
        return true;
    }
    let mut key = (((filled as u128) << 6 | gone as u128) << 3 | u128::from(e)) << 4 | top as u128;
    for v in 1..11 {
        key = key << 6 | u128::from(mine[v]) << 3 | u128::from(other[v]);
    }
    let key = key + 1;
    let (lo, hi) = (key as u64, (key >> 64) as u64);
    let slot = 2 * (mix(lo ^ mix(hi)) % (f.failed.len() / 2) as u64) as usize;
    if f.failed[slot] == lo && f.failed[slot + 1] == hi {
        return false;
    }
    // Draw: the round's cards, as many as were removed.
    if gone > filled {
        let end = gone.min(f.len);
        if f.last < gone {
            let faces = f.mine[filled..=f.last].iter().filter(|m| **m).count() as u8;
            if faces <= e {
                return true;
            }
        } else {
            let faces = f.mine[filled..end].iter().filter(|m| **m).count() as u8;
            if faces <= e {
                let mut drawn = [0u8; 11];
                for &v in &f.seq[filled..end] {
                    drawn[usize::from(v)] += 1;
                }
                drawn[0] = 0;
                let ok = each_share(&mut drawn, usize::from(e - faces), 1, mine, other, &mut |m, o| {
                    label_flows(f, gone, gone, m, o, 0, 10)
                });
                if ok {
                    return true;
                }
            }
        }
    }
    // Or one more group, its largest card at most `top`: each card from
    // the label's cells or from elsewhere.
    for t in (1..=top).rev() {
        for from_mine in [true, false] {
            let pool = if from_mine { &mut *mine } else { &mut *other };
            if pool[t] == 0 {
                continue;
            }
            pool[t] -= 1;
            let ok = each_split_completion(
                mine,
                other,
                usize::from(TARGET) - t,
                t,
                1,
                u8::from(from_mine),
                &mut |m, o, n, took| label_flows(f, filled, gone + n, m, o, e + took, t),
            );
            let pool = if from_mine { &mut *mine } else { &mut *other };
            pool[t] += 1;
            if ok {
                return true;
            }
        }
    }
    f.failed[slot] = lo;
    f.failed[slot + 1] = hi;
    false
}

/// What [`each_split_completion`] calls on each group: the label's and
/// the other number cards left, the group's size, its cards from the
/// label's cells.
type SplitThen<'a> = dyn FnMut(&mut [u8; 11], &mut [u8; 11], usize, u8) -> bool + 'a;

/// Every way of completing a group to 10 with `rest` more, each card at
/// most `max` (largest first), each taken from `mine` or from `other`:
/// `then(mine, other, cards in the group, cards taken from mine)`; true as
/// soon as one is. Restores both.
fn each_split_completion(
    mine: &mut [u8; 11],
    other: &mut [u8; 11],
    rest: usize,
    max: usize,
    size: usize,
    took: u8,
    then: &mut SplitThen<'_>,
) -> bool {
    if rest == 0 {
        return then(mine, other, size, took);
    }
    for x in (1..=rest.min(max)).rev() {
        for from_mine in [true, false] {
            let pool = if from_mine { &mut *mine } else { &mut *other };
            if pool[x] == 0 {
                continue;
            }
            pool[x] -= 1;
            let ok = each_split_completion(mine, other, rest - x, x, size + 1, took + u8::from(from_mine), then);
            let pool = if from_mine { &mut *mine } else { &mut *other };
            pool[x] += 1;
            if ok {
                return true;
            }
        }
    }
    false
}

/// The face cards still to come, in the order drawn, for
/// [`leave_in_time`].
struct Levels {
    /// The number cards at hand at each one's draw that were not at the
    /// one before's (at the first: on the matrix now, and drawn before).
    since: [[u8; 11]; 12],
    /// How many number cards must have left by each one's draw.
    must: [u8; 12],
    /// Face cards counted.
    n: usize,
}

/// True when groups adding up to 10 that share no card can leave in time
/// for every face card from the `k`-th on: by each one's draw, `must` of
/// the number cards at hand then have left, and the groups that left by
/// one have left by the next. `hand` counts the cards at hand at the
/// `k`-th's draw and not yet in a group, `gone` the cards in groups so
/// far. A group is only formed when a face card needs more cards gone (a
/// group formed sooner can as well be formed then: its cards are still at
/// hand). Restores `hand`; answers true once past [`WHOLE_WORK`].
fn leave_in_time(levels: &Levels, k: usize, hand: &mut [u8; 11], gone: usize, w: &mut Whole) -> bool {
    if k == levels.n {
        return true;
    }
    w.work += 1;
    if w.work > WHOLE_WORK {
        return true;
    }
    if gone >= usize::from(levels.must[k]) {
        // This face card is served: the next one's cards come to hand.
        if k + 1 == levels.n {
            return true;
        }
        let more = &levels.since[k + 1];
        for (h, s) in hand.iter_mut().zip(more.iter()) {
            *h += s;
        }
        let ok = leave_in_time(levels, k + 1, hand, gone, w);
        for (h, s) in hand.iter_mut().zip(more.iter()) {
            *h -= s;
        }
        return ok;
    }
    // The memo's key: (level, cards gone, cards at hand).
    let mut key = (k as u64) << 6 | gone as u64;
    for c in &hand[1..] {
        key = key << 3 | u64::from(*c);
    }
    // The top bit keeps these keys apart from [`all_but_leave`]'s.
    let key = key | 1 << 63;
    let slot = (mix(key) % WHOLE_SLOTS as u64) as usize;
    if w.failed[slot] == key {
        return false;
    }
    // One more group, of the cards at hand: its largest card any value,
    // the rest no larger.
    let mut ok = false;
    for top in (1..=10usize).rev() {
        if hand[top] == 0 {
            continue;
        }
        hand[top] -= 1;
        ok = each_completion(hand, usize::from(TARGET) - top, top, 0, &mut |h, n| {
            leave_in_time(levels, k, h, gone + 1 + n, w)
        });
        hand[top] += 1;
        if ok {
            break;
        }
    }
    if !ok {
        w.failed[slot] = key;
    }
    ok
}

/// The next subset of `n` items with as many items as `x` (Gosper's
/// hack), if any.
fn next_subset(x: u8, n: usize) -> Option<u8> {
    if x == 0 {
        return None;
    }
    let x = u32::from(x);
    let c = x & x.wrapping_neg();
    let r = x + c;
    let y = (((r ^ x) >> 2) / c) | r;
    (y < 1 << n).then_some(y as u8)
}

/// True when groups adding up to 10, sharing no card, of the cards counted
/// in `pool` take every card counted in `need` (a part of `pool`). Both
/// are restored before returning. Counts its steps in `work` and answers
/// true once past [`JOINT_WORK`].
fn covered(pool: &mut [u8; 11], need: &mut [u8; 11], work: &mut u32) -> bool {
    let Some(v) = (1..=10usize).rev().find(|&v| need[v] > 0) else { return true };
    need[v] -= 1;
    pool[v] -= 1;
    let ok = complete(pool, need, usize::from(TARGET) - v, usize::from(TARGET), work);
    need[v] += 1;
    pool[v] += 1;
    ok
}

/// [`covered`]'s other half: the rest of a group, `rest` more to add up
/// to, of values at most `max` (taken largest first, so each group once).
fn complete(pool: &mut [u8; 11], need: &mut [u8; 11], rest: usize, max: usize, work: &mut u32) -> bool {
    *work += 1;
    if *work > JOINT_WORK {
        return true;
    }
    if rest == 0 {
        return covered(pool, need, work);
    }
    for w in (1..=rest.min(max)).rev() {
        if pool[w] == 0 {
            continue;
        }
        pool[w] -= 1;
        // A needed card of this value goes in the group first: it is
        // never worse than another card of the same value.
        let took = need[w] > 0;
        if took {
            need[w] -= 1;
        }
        let ok = complete(pool, need, rest - w, w, work);
        if took {
            need[w] += 1;
        }
        pool[w] += 1;
        if ok {
            return true;
        }
    }
    false
}

/// The deck as the solver sees it ahead, by the deck's length `n`.
struct Ahead {
    /// Face cards per region (index as [`region`]) among the `n` cards.
    faces: [[u8; 4]; 53],
    /// The value of the top card (0 for a face card).
    value: [u8; 53],
    /// The move order: 0 the usual one, else a seed that perturbs it
    /// ([`Solver::restart`]).
    order: u64,
}

impl Ahead {
    fn of(g: &Game) -> Ahead {
        let mut a = Ahead { faces: [[0; 4]; 53], value: [0; 53], order: 0 };
        // The deck bottom first: with n cards left, the faces among them.
        let mut count = [0u8; 4];
        for (n, c) in g.deck().rev().enumerate() {
            if let Some(l) = Label::of(c.rank()) {
                count[region_of_label(l)] += 1;
            }
            a.faces[(n + 1).min(52)] = count;
            a.value[(n + 1).min(52)] = value(c).unwrap_or(0);
        }
        a
    }
}

/// [`doomed`]'s tests of the labelled regions (a number card that cannot
/// leave before the face cards of its rank, alone and together).
pub const BY_LABELS: u8 = 1;
/// [`doomed`]'s tests of the whole matrix (the number cards at hand by
/// each face card's draw, counted and served in turn).
pub const BY_WHOLE: u8 = 2;
/// [`stalls`]: the rounds followed with the cells forgotten.
pub const BY_ROUNDS: u8 = 4;
/// [`label_stalls`]: the rounds followed with one label's cells.
pub const BY_LABEL_ROUNDS: u8 = 8;

/// True when the solver's loss tests prove `g` lost: all of them with
/// `BY_LABELS | BY_WHOLE | BY_ROUNDS | BY_LABEL_ROUNDS`, or some (each
/// test names the part it tests). [`doomed`]'s tests apply unless groups
/// are being removed; [`label_stalls`] (which the solver makes only past
/// its budget) gets [`FLOW_ROOT_WORK`] steps a label. For the tests.
pub fn proved_lost(g: &Game, parts: u8) -> bool {
    let ahead = Ahead::of(g);
    g.status() == Status::Playing
        && ((parts & BY_ROUNDS != 0 && stalls(g, &ahead, FLOW_ROOT_WORK))
            || (parts & BY_LABEL_ROUNDS != 0 && {
                let mut memo = [0u64; LABEL_SLOTS];
                (1..4).any(|r| label_stalls(g, &ahead, r, FLOW_ROOT_WORK, &mut memo))
            })
            || (g.phase() != Phase::MatchMore && parts & (BY_LABELS | BY_WHOLE) != 0 && doomed(g, &ahead, parts)))
}

/// The regions to try for the drawn card, most room first: the centre
/// (no face card ever needs it), then the labelled regions by how many
/// empty cells they keep beyond the face cards of their rank still to come.
/// A region left without a cell for a face card drawn before the matrix
/// fills is not tried at all (that face card would have nowhere to go).
fn place_order(g: &Game, ahead: &Ahead, noise: u64) -> [u8; 4] {
    let mut order = [NO_REGION; 4];
    let Some(card) = g.next() else { return order };
    if let Some(l) = Label::of(card.rank()) {
        order[0] = region_of_label(l) as u8;
        return order;
    }
    let empty = g.empty_mask();
    let n = g.deck_len().min(52);
    // The cards drawn after this one until the matrix is full.
    let soon = faces_next(ahead, n, (empty.count_ones() as usize).saturating_sub(1));
    let mut slack = [i32::MIN; 4];
    for r in 0..4 {
        let free = (empty & REGIONS[r]).count_ones() as i32;
        if free == 0 || free - 1 < i32::from(soon[r]) {
            continue;
        }
        slack[r] = if r == 0 { 100 } else { free - i32::from(ahead.faces[n][r]) };
        if noise != 0 {
            // Another order: the labelled regions' room blurred, and the
            // centre not always first.
            let bits = (noise >> (8 * r)) as i32;
            slack[r] = if r == 0 && bits & 3 == 0 { 1 + (bits >> 2 & 3) } else { slack[r] + (bits >> 2 & 3) };
        }
    }
    for slot in order.iter_mut() {
        let mut best = None;
        for r in 0..4 {
            if slack[r] != i32::MIN && best.is_none_or(|b: usize| slack[r] > slack[b]) {
                best = Some(r);
            }
        }
        if let Some(b) = best {
            *slot = b as u8;
            slack[b] = i32::MIN;
        }
    }
    order
}

fn region_of_label(l: Label) -> usize {
    match l {
        Label::Jack => 1,
        Label::Queen => 2,
        Label::King => 3,
    }
}

/// The cells of the matrix after cell `i` (as a bit set).
fn after(i: u32) -> u16 {
    if i >= 15 {
        0
    } else {
        u16::MAX << (i + 1)
    }
}

/// True when a group (a cell set) takes, of each kind of card it uses (a
/// value in a region), the first such cards on the matrix in row-major
/// order. Cards of one kind are interchangeable, so only these groups
/// need trying.
fn first_of_kind(values: &[u8; CELLS], cells: u16) -> bool {
    let mut rest = cells;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let r = REGIONS[region_of_index(i)];
        let mut j = 0;
        while j < i {
            if r & (1 << j) != 0 && values[j] == values[i] && cells & (1 << j) == 0 {
                return false;
            }
            j += 1;
        }
    }
    true
}

fn region_of_index(i: usize) -> usize {
    Cell::from_index(i as u8).map_or(0, region)
}

impl Frame {
    /// A frame for `g`; when matching, only groups within `allowed` (the
    /// cells after the first cell of the group removed last this round).
    fn new(g: &Game, key: u64, ahead: &Ahead, allowed: u16) -> Frame {
        let place = g.phase() == Phase::Place;
        let mut values = if place { [0; CELLS] } else { g.values() };
        for (i, v) in values.iter_mut().enumerate() {
            if allowed & (1 << i) == 0 {
                *v = 0;
            }
        }
        let noise = if ahead.order == 0 { 0 } else { mix(ahead.order ^ key) };
        Frame {
            key,
            stage: 0,
            groups: Groups::new(values),
            allowed,
            order: if place { place_order(g, ahead, noise) } else { [NO_REGION; 4] },
            draw_first: noise == 0 || noise >> 40 & 3 != 0,
        }
    }

    /// The next move to try from this frame's position, `g`.
    fn next_move(&mut self, g: &Game, ahead: &Ahead) -> Option<Move> {
        match g.phase() {
            Phase::Place => {
                let card = g.next()?;
                let free = g.free_for(card);
                while usize::from(self.stage) < self.order.len() {
                    let r = self.order[usize::from(self.stage)];
                    self.stage += 1;
                    if r == NO_REGION {
                        continue;
                    }
                    let cells = free & REGIONS[usize::from(r) % 4];
                    if cells != 0 {
                        let cell = Cell::from_index(cells.trailing_zeros() as u8)?;
                        return Some(Move::Place(card, cell));
                    }
                }
                None
            }
            Phase::Match | Phase::MatchMore => {
                let draw = |g: &Game| {
                    g.phase() == Phase::MatchMore
                        && g.deck_len() > 0
                        && after_draw(g, ahead, g.empty_mask()) != Some(false)
                };
                if self.stage == 0 {
                    self.stage = 1;
                    if self.draw_first && draw(g) {
                        return Some(Move::Draw);
                    }
                }
                // Groups that free a labelled cell first, then the others.
                let values = g.values();
                while self.stage == 1 || self.stage == 2 {
                    let labelled = self.stage == 2;
                    while let Some(m) = self.groups.next_mask() {
                        if (m & !CENTRE != 0) != labelled || !first_of_kind(&values, m) {
                            continue;
                        }
                        if let Some(grp) = g.group(m) {
                            return Some(Move::Clear(grp));
                        }
                    }
                    self.stage += 1;
                    if self.stage == 2 {
                        let mut v = values;
                        for (i, x) in v.iter_mut().enumerate() {
                            if self.allowed & (1 << i) == 0 {
                                *x = 0;
                            }
                        }
                        self.groups = Groups::new(v);
                    }
                }
                if self.stage == 3 {
                    self.stage = 4;
                    if !self.draw_first && draw(g) {
                        return Some(Move::Draw);
                    }
                }
                None
            }
        }
    }
}

/// Nodes a search makes before it starts again from its root in another
/// move order (the labelled regions' room blurred, the centre not always
/// first, `draw` sometimes after the groups), keeping its memo: a
/// position searched through without a win has none whatever the order,
/// so verdicts stay exact, and the part of the tree one order buries
/// itself in costs no more than these nodes at a time. Wins are many and
/// each needs one line, so on deals 5001-5300 at 200,000 nodes one search
/// decided 224 deals (220 won); starting again every 100,000 nodes 234,
/// every 20,000 244, every 10,000 247, every 5,000 to 1,000 247 or 248.
/// Losses are proved as often (4 of 300): their proof is the whole tree
/// either way. A search starts again only once its memo has grown since
/// its last start, so every start leaves more known and the search ends
/// (as it would without them) however short the interval.
pub const RESTART_NODES: u64 = 10_000;

/// The search, a bounded amount of work at a time.
pub struct Solver<'a> {
    game: Game,
    frames: Vec<Frame, FRAMES>,
    line: Vec<Move, MAX_MOVES>,
    /// The positions searched without success, by [`mix`] of their key
    /// (a bijection: still exact).
    table: SeenSet<'a>,
    budget: u64,
    effort: Effort,
    verdict: Option<Verdict>,
    /// The deck ahead.
    ahead: Ahead,
    /// Fewest cards left in the deck in any position reached.
    least_deck: u8,
    /// The node count at which the search starts again in another order.
    restart_at: u64,
    /// Nodes between two starts ([`RESTART_NODES`] unless changed).
    restart_every: u64,
    /// Positions in the memo at the last start.
    known_at_start: usize,
}

impl<'a> Solver<'a> {
    /// Starts a search from `g` that makes at most `budget` moves, with the
    /// memo in `slots` (cleared; more slots, fewer positions searched
    /// twice).
    pub fn new(g: &Game, slots: &'a mut [u64], budget: u64) -> Solver<'a> {
        let mut s = Solver {
            game: g.clone(),
            frames: Vec::new(),
            line: Vec::new(),
            table: SeenSet::new(slots),
            budget,
            effort: Effort::default(),
            verdict: None,
            ahead: Ahead { faces: [[0; 4]; 53], value: [0; 53], order: 0 },
            least_deck: g.deck_len() as u8,
            restart_at: RESTART_NODES,
            restart_every: RESTART_NODES,
            known_at_start: 0,
        };
        s.ahead = Ahead::of(g);
        match g.status() {
            Status::Won => s.verdict = Some(Verdict::Winnable(Vec::new())),
            Status::Lost(_) => s.verdict = Some(Verdict::NotWinnable),
            // The loss test is otherwise made only after a draw and when
            // the matrix fills: a position lost from the start would have
            // its whole first round searched.
            Status::Playing
                if stalls(g, &s.ahead, FLOW_ROOT_WORK)
                    || (g.phase() != Phase::MatchMore && doomed(g, &s.ahead, BY_LABELS | BY_WHOLE)) =>
            {
                s.verdict = Some(Verdict::NotWinnable);
            }
            Status::Playing => {
                let _ = s.frames.push(Frame::new(g, key(g), &s.ahead, u16::MAX));
            }
        }
        s
    }

    /// Starts the search again from its root in the next move order
    /// ([`RESTART_NODES`]), keeping its memo.
    fn restart(&mut self) {
        while self.line.pop().is_some() {
            self.game.undo();
        }
        self.frames.clear();
        self.ahead.order += 1;
        self.restart_at = self.effort.nodes + self.restart_every;
        self.known_at_start = self.table.len();
        let _ = self.frames.push(Frame::new(&self.game, key(&self.game), &self.ahead, u16::MAX));
    }

    /// The same search, starting again every `nodes` nodes instead of
    /// every [`RESTART_NODES`] (at least 1; for tests and tuning).
    pub fn restarting_every(mut self, nodes: u64) -> Self {
        self.restart_every = nodes.max(1);
        self.restart_at = self.effort.nodes + self.restart_every;
        self
    }

    /// Times the search has started again ([`RESTART_NODES`]).
    pub fn restarts(&self) -> u64 {
        self.ahead.order
    }

    /// What the search has cost so far.
    pub fn effort(&self) -> Effort {
        self.effort
    }

    /// The position the search is at.
    pub fn position(&self) -> &Game {
        &self.game
    }

    /// Most cards drawn from the deck, since the start, in any position the
    /// search reached: how far it got (a win draws no more once the last
    /// face card is placed).
    pub fn furthest(&self, start: &Game) -> usize {
        start.deck_len().saturating_sub(usize::from(self.least_deck))
    }

    /// Positions in the memo.
    pub fn remembered(&self) -> usize {
        self.table.len()
    }

    /// Does at most `work` steps (a step makes or takes back one move, or
    /// finishes with a position). `None` while the search goes on; then
    /// the verdict (again on every later call).
    pub fn step(&mut self, work: u32) -> Option<Verdict> {
        for _ in 0..work {
            if self.verdict.is_some() {
                break;
            }
            self.advance();
        }
        self.verdict.clone()
    }

    fn advance(&mut self) {
        let Some(top) = self.frames.last_mut() else {
            self.verdict = Some(Verdict::NotWinnable);
            return;
        };
        let Some(m) = top.next_move(&self.game, &self.ahead) else {
            // Every move from here was searched: no win. (A position in
            // the middle of matching was searched only with the groups
            // after the last one removed: it is not remembered.)
            let k = top.key;
            if self.game.phase() != Phase::MatchMore {
                self.table.insert(mix(k));
            }
            self.frames.pop();
            if self.frames.is_empty() {
                self.verdict = Some(Verdict::NotWinnable);
            } else {
                self.game.undo();
                self.line.pop();
            }
            return;
        };
        if self.effort.nodes >= self.restart_at && self.effort.nodes < self.budget {
            // Only once the memo has grown since the last start: so each
            // start leaves more positions known, and the search ends.
            if self.table.len() > self.known_at_start {
                self.restart();
                return;
            }
            self.restart_at = self.effort.nodes + self.restart_every;
        }
        if !self.effort.spend(self.budget) {
            // Past the budget: one last, costlier loss test of the root,
            // each label's cells followed through the rounds.
            while self.line.pop().is_some() {
                self.game.undo();
            }
            self.frames.clear();
            let memo = self.table.scratch();
            let work = self.budget.saturating_mul(LABEL_WORK_PER_NODE).min(u64::from(LABEL_WORK)) as u32;
            let lost = (1..4).any(|r| label_stalls(&self.game, &self.ahead, r, work, memo));
            self.table.clear();
            self.verdict = Some(if lost { Verdict::NotWinnable } else { Verdict::Unknown });
            return;
        }
        // Groups of one round are removed in the order of their first
        // cells (any set of groups can be): after a group, only groups
        // after its first cell are tried.
        let allowed = match m {
            Move::Clear(grp) => grp.cards().first().and_then(|c| self.cell_of(*c)).map_or(u16::MAX, after),
            _ => u16::MAX,
        };
        if self.game.play(m).is_err() {
            return;
        }
        if self.line.push(m).is_err() {
            self.game.undo();
            return;
        }
        self.least_deck = self.least_deck.min(self.game.deck_len() as u8);
        match self.game.status() {
            Status::Won => {
                self.verdict = Some(Verdict::Winnable(self.line.clone()));
                return;
            }
            Status::Lost(_) => {
                self.game.undo();
                self.line.pop();
                return;
            }
            Status::Playing => {}
        }
        let k = key(&self.game);
        let more = self.game.phase() == Phase::MatchMore;
        let dead = match m {
            Move::Draw => {
                doomed(&self.game, &self.ahead, BY_LABELS | BY_WHOLE) || stalls(&self.game, &self.ahead, FLOW_WORK)
            }
            _ => {
                self.game.phase() == Phase::Match
                    && (doomed(&self.game, &self.ahead, BY_LABELS | BY_WHOLE)
                        || stalls(&self.game, &self.ahead, FLOW_WORK))
            }
        };
        if dead || (!more && self.table.contains(mix(k))) || self.frames.is_full() {
            self.effort.transpositions += 1;
            self.game.undo();
            self.line.pop();
            return;
        }
        let _ = self.frames.push(Frame::new(&self.game, k, &self.ahead, allowed));
    }

    /// The cell holding a card.
    fn cell_of(&self, c: Card) -> Option<u32> {
        self.game.matrix().iter().position(|x| *x == Some(c)).map(|i| i as u32)
    }
}

/// Solves `g` at once within `budget` moves, with the memo in `slots`.
pub fn solve(g: &Game, budget: u64, slots: &mut [u64]) -> (Verdict, Effort) {
    let mut s = Solver::new(g, slots, budget);
    loop {
        if let Some(v) = s.step(1 << 16) {
            return (v, s.effort());
        }
    }
}
