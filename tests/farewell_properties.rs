//! Property tests: invariants that must hold for every deal, every option
//! set and every sequence of legal moves, and for any text given to the
//! parsers.

use farewell::games::farewell::game::{grid_key, MAX_MOVES};
use farewell::games::farewell::notation::{parse_move, parse_position, write_position};
use farewell::games::farewell::plan::{self, Basis, Weights};
use farewell::games::farewell::{player, Card, Cell, Game, KingStart, Loss, Move, Options, Status};
use proptest::prelude::*;

fn options() -> impl Strategy<Value = Options> {
    (6u8..=14, 4u8..=9, 0usize..4, any::<bool>()).prop_map(|(w, h, k, easy)| Options {
        width: w,
        height: h,
        kings: [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom][k],
        easy,
    })
}

/// Every legal move now: placements of each movable card, and the deal.
fn legal_moves(g: &Game) -> Vec<Move> {
    let mut cards: Vec<Card> = g.kings_to_place().collect();
    cards.extend(g.orphans().iter().copied());
    cards.extend(g.hand().iter().flatten().copied());
    let mut moves: Vec<Move> = Vec::new();
    for c in cards {
        for cell in g.playable_cells(c).iter() {
            moves.push(Move::Place(c, cell));
        }
    }
    if g.check_deal().is_ok() {
        moves.push(Move::Deal);
    }
    moves
}

/// Where every card is, counted: each of the 52 exactly once.
fn assert_all_cards_once(g: &Game) {
    let mut count = [0u8; 52];
    let o = g.options();
    for r in 0..o.height {
        for c in 0..o.width {
            if let Some(card) = g.card_at(Cell::new(r, c)) {
                count[usize::from(card.index())] += 1;
            }
        }
    }
    for c in g.hand().iter().flatten().chain(g.orphans()).chain(g.kings_to_place().collect::<Vec<_>>().iter()) {
        count[usize::from(c.index())] += 1;
    }
    for c in g.stock() {
        count[usize::from(c.index())] += 1;
    }
    for b in g.removed() {
        for c in b.cards {
            count[usize::from(c.index())] += 1;
        }
    }
    for (i, n) in count.iter().enumerate() {
        assert_eq!(*n, 1, "card {} seen {n} times", Card::from_index(i as u8).unwrap());
    }
}

fn text(g: &Game) -> String {
    let mut s = String::new();
    write_position(g, &mut s).unwrap();
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The judgement kept for a position ([`Basis`]) judges each position
    /// one placement away exactly as a whole judgement does, with every
    /// set of weights, on every grid, along games played partly by the
    /// fair player (so that books go and orphans are lifted) and partly at
    /// random.
    #[test]
    fn a_placement_judged_from_its_basis_scores_as_judged_whole(seed in any::<u32>(), o in options(), picks in proptest::collection::vec(any::<u32>(), 0..120)) {
        let mut g = Game::new(seed, o).unwrap();
        let all = [
            Weights::DEFAULT,
            Weights::PLAYER,
            Weights { exposed: 30, ready: 20, ..Weights::PLAYER },
        ];
        for (step, pick) in picks.into_iter().enumerate() {
            if g.status().is_over() {
                break;
            }
            let w = &all[step % all.len()];
            let basis = Basis::new(&g, w);
            let moves = legal_moves(&g);
            for m in &moves {
                if let Move::Place(_, cell) = *m {
                    let mut after = g.clone();
                    after.apply(*m).unwrap();
                    prop_assert_eq!(basis.evaluate_after(&after, cell), plan::evaluate_with(&after, w), "{:?} after {}", m, text(&g));
                }
            }
            let m = if pick % 3 == 0 { moves[pick as usize / 3 % moves.len()] } else { player::best_move(&g).unwrap() };
            g.apply(m).unwrap();
        }
    }

    #[test]
    fn games_under_legal_moves_keep_every_invariant_and_end(seed in any::<u32>(), o in options(), picks in proptest::collection::vec(any::<u32>(), 0..400)) {
        let mut g = Game::new(seed, o).unwrap();
        let mut picks = picks.into_iter();
        let mut steps = 0;
        while !g.status().is_over() {
            assert_all_cards_once(&g);
            // The grid's hash, kept cell by cell, is that of the grid.
            let grid = g.occupied().iter().fold(0, |h, c| h ^ grid_key(g.card_at(c).unwrap(), c));
            prop_assert_eq!(g.grid_hash(), grid);
            let moves = legal_moves(&g);
            // can_place says whether a placement is among them.
            prop_assert_eq!(g.can_place(), moves.iter().any(|m| matches!(m, Move::Place(..))));
            // Status says playing exactly when some move is legal.
            prop_assert!(!moves.is_empty(), "status {:?} with no legal move", g.status());
            let pick = picks.next().unwrap_or(steps as u32) as usize % moves.len();
            let before = g.clone();
            g.apply(moves[pick]).unwrap();
            // Undo restores the exact state; redo for the next step.
            if g.move_count() > before.move_count() && !(before.status() == Status::PlacingKings && g.status() != Status::PlacingKings) {
                let mut back = g.clone();
                back.undo().unwrap();
                prop_assert_eq!(&back, &before);
            }
            steps += 1;
            prop_assert!(g.move_count() <= MAX_MOVES);
            prop_assert!(steps <= MAX_MOVES, "a game outlived the move bound");
        }
        assert_all_cards_once(&g);
        // Over means over, won or lost: no move is legal any more...
        prop_assert!(legal_moves(&g).is_empty(), "{:?} with legal moves", g.status());
        // ...and the status says why, truthfully.
        let hand = g.hand().iter().flatten().count();
        match g.status() {
            Status::Won => {
                prop_assert_eq!(g.removed().len(), 12);
                prop_assert!(g.occupied().iter().all(|c| g.card_at(c).is_some_and(|k| k.is_king())));
            }
            Status::Lost(Loss::OrphanStuck) => prop_assert!(!g.orphans().is_empty()),
            Status::Lost(Loss::HandBlocked) => prop_assert_eq!(hand, 4),
            Status::Lost(Loss::StockEmpty) => prop_assert!(g.stock_len() == 0 && hand > 0),
            Status::Lost(Loss::NothingLeft) => prop_assert!(g.stock_len() == 0 && hand == 0),
            s => prop_assert!(false, "{:?} is not an end", s),
        }
        if let Status::Lost(_) = g.status() {
            prop_assert!(g.removed().len() < 12);
        }
    }

    #[test]
    fn legal_cells_are_exactly_the_accepted_placements(seed in any::<u32>(), o in options(), picks in proptest::collection::vec(any::<u32>(), 0..60)) {
        let mut g = Game::new(seed, o).unwrap();
        for p in picks {
            let moves = legal_moves(&g);
            if moves.is_empty() { break; }
            g.apply(moves[p as usize % moves.len()]).unwrap();
            for card in Card::all() {
                let legal = g.playable_cells(card);
                for r in 0..o.height {
                    for c in 0..o.width {
                        let cell = Cell::new(r, c);
                        prop_assert_eq!(legal.contains(cell), g.check_place(card, cell).is_ok(), "{} at {}", card, cell);
                    }
                }
            }
        }
    }

    /// Every position that random legal play reaches (a custom start's
    /// king placements included) is printed, read back unchanged and found
    /// reachable: the parser refuses nothing the rules produce.
    #[test]
    fn every_position_reached_by_legal_play_reads_back(seed in any::<u32>(), o in options(), picks in proptest::collection::vec(any::<u32>(), 0..200)) {
        let mut g = Game::new(seed, o).unwrap();
        let mut statuses = Vec::new();
        let mut picks = picks.into_iter();
        loop {
            let t = text(&g);
            let back = parse_position(&t).map_err(|e| TestCaseError::fail(format!("{e}\n{t}")))?;
            prop_assert_eq!(text(&back), t.clone());
            prop_assert_eq!(back.status(), g.status());
            prop_assert_eq!(legal_moves(&back), legal_moves(&g));
            for m in g.moves() {
                prop_assert_eq!(parse_move(&m.to_string()), Some(m));
            }
            statuses.push(g.status());
            let moves = legal_moves(&g);
            let Some(p) = picks.next() else { break };
            if moves.is_empty() { break; }
            g.apply(moves[p as usize % moves.len()]).unwrap();
        }
        // A custom start is played through: four positions placing kings,
        // then the game itself.
        if o.kings == KingStart::Custom && statuses.len() > 4 {
            prop_assert!(statuses[..4].iter().all(|s| *s == Status::PlacingKings), "{:?}", statuses);
            prop_assert!(statuses[4] != Status::PlacingKings);
        }
    }

    /// Moves are read only as written canonically (either case): no sign
    /// or leading zero hides in a cell.
    #[test]
    fn moves_parse_only_in_their_canonical_form(s in "deal|undo|DEAL|[A2-9TJQKa2-9tjqk][shdcSHDC]@[rR][-+0-9]{1,3}[cC][-+0-9]{1,3}") {
        if let Some(m) = parse_move(&s) {
            prop_assert!(m.to_string().eq_ignore_ascii_case(&s), "{} from {:?}", m, s);
        }
    }

    /// Arbitrary text: a refusal is one line that names a line of the text
    /// (or none, 0); anything accepted prints and reads back unchanged; a
    /// move that parses is written back as the same move.
    #[test]
    fn parser_refuses_arbitrary_text_in_one_line_naming_a_line_of_it(s in "\\PC{0,400}") {
        match parse_position(&s) {
            Err(e) => {
                prop_assert!(e.line <= s.split('\n').count(), "line {} of {}", e.line, s.split('\n').count());
                let m = e.to_string();
                prop_assert!(!m.is_empty() && !m.contains('\n'), "{:?}", m);
            }
            Ok(g) => prop_assert_eq!(parse_position(&text(&g)).map(|b| text(&b)), Ok(text(&g))),
        }
        if let Some(m) = parse_move(&s) {
            prop_assert!(m.to_string().eq_ignore_ascii_case(&s), "{} from {:?}", m, s);
        }
    }

    #[test]
    fn parser_never_panics_on_damaged_positions(seed in any::<u32>(), cut in any::<usize>(), junk in "[ .:#A-Za-z0-9xX\\n-]{0,20}") {
        let t = text(&Game::new(seed, Options::default()).unwrap());
        let mut at = cut % (t.len() + 1);
        while !t.is_char_boundary(at) { at -= 1; }
        let damaged = format!("{}{}{}", &t[..at], junk, &t[at..]);
        if let Err(e) = parse_position(&damaged) {
            prop_assert!(!e.to_string().is_empty());
        }
        let _ = parse_position(&t[..at]);
    }
}
