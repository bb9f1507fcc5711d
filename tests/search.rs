//! The search kit every solver and player shares (`games::search`): the
//! seen-set, the hash mixing, the effort budget and the beam.

use farewell::games::search::{mix, Beam, Effort, Insert, SeenSet, Verdict, PROBES};

#[test]
fn mix_is_a_bijection_that_spreads_every_bit() {
    assert_eq!(mix(0), 0);
    // Each step of the finaliser can be undone, so no two inputs meet.
    let mut seen = std::collections::HashSet::new();
    for x in 0..10_000u64 {
        assert!(seen.insert(mix(x)), "{x}");
        assert!(seen.insert(mix(x << 40 | 0xFFFF)), "{x}");
    }
    // One input bit flips about half of the output bits.
    for bit in 0..64 {
        let d = (mix(12345) ^ mix(12345 ^ (1 << bit))).count_ones();
        assert!((12..=52).contains(&d), "bit {bit}: {d} output bits");
    }
}

#[test]
fn every_value_is_stored_and_found_zero_and_the_empty_pattern_included() {
    let mut slots = vec![0u64; 64];
    let mut t = SeenSet::new(&mut slots);
    assert!(t.is_empty());
    for v in [0, 1, u64::MAX, 64, 128, 1 << 63] {
        assert!(!t.contains(v), "{v}");
        assert_eq!(t.insert(v), Insert::Stored, "{v}");
        assert!(t.contains(v), "{v}");
    }
    assert_eq!(t.len(), 6);
    assert!(!t.contains(2) && !t.contains(192));
}

#[test]
fn a_value_is_stored_once_however_often_it_is_inserted() {
    let mut slots = vec![0u64; 64];
    {
        let mut t = SeenSet::new(&mut slots);
        for round in 0..3 {
            for v in [0u64, 5, 69, 133, 7] {
                let want = if round == 0 { Insert::Stored } else { Insert::Already };
                assert_eq!(t.insert(v), want, "round {round}: {v}");
            }
        }
        assert_eq!(t.len(), 5);
    }
    // 5, 69 and 133 share a first slot: one slot each, no copies.
    assert_eq!(slots.iter().filter(|&&s| s != 0).count(), 4);
    for v in [5, 69, 133, 7] {
        assert_eq!(slots.iter().filter(|&&s| s == v).count(), 1, "{v}");
    }
}

#[test]
fn a_full_set_stores_nothing_more_but_still_finds_what_it_has() {
    let mut slots = vec![0u64; 100];
    let mut t = SeenSet::new(&mut slots);
    let mut stored = Vec::new();
    for v in 1..=1000u64 {
        match t.insert(mix(v)) {
            Insert::Stored => stored.push(mix(v)),
            Insert::NoRoom => {}
            Insert::Already => panic!("{v} was not inserted before"),
        }
    }
    assert_eq!(stored.len(), 75, "three quarters of the slots");
    assert!(t.is_full());
    assert_eq!(t.len(), 75);
    for v in &stored {
        assert!(t.contains(*v));
        assert_eq!(t.insert(*v), Insert::Already);
    }
    assert_eq!(t.insert(mix(5000)), Insert::NoRoom);
    assert!(!t.contains(mix(5000)));
    // The value 0 lives beside the slots: a full set still takes it.
    assert_eq!(t.insert(0), Insert::Stored);
    assert!(t.contains(0));
    t.clear();
    assert!(t.is_empty() && !t.contains(0) && !t.contains(stored[0]));
}

#[test]
fn a_crowded_run_of_slots_gives_up_after_its_probes() {
    let mut slots = vec![0u64; 1024];
    let mut t = SeenSet::new(&mut slots);
    // Values that all start at slot 3.
    let at3 = |i: u64| 3 + 1024 * (i + 1);
    for i in 0..PROBES as u64 {
        assert_eq!(t.insert(at3(i)), Insert::Stored);
    }
    assert_eq!(t.insert(at3(99)), Insert::NoRoom);
    assert!(!t.contains(at3(99)));
    assert!(t.contains(at3(0)) && t.contains(at3(PROBES as u64 - 1)));
    // A value starting past the crowded run still finds room.
    assert_eq!(t.insert(3 + PROBES as u64), Insert::Stored);
}

#[test]
fn a_set_without_slots_remembers_only_zero() {
    let mut t = SeenSet::new(&mut []);
    assert_eq!(t.insert(7), Insert::NoRoom);
    assert!(!t.contains(7));
    assert_eq!(t.insert(0), Insert::Stored);
    assert_eq!(t.insert(0), Insert::Already);
}

#[test]
fn the_budget_allows_exactly_its_nodes() {
    let mut e = Effort::default();
    let mut made = 0;
    while e.spend(5) {
        made += 1;
    }
    assert_eq!(made, 5);
    assert_eq!(e.nodes, 5);
    assert!(e.spent(5) && !e.spent(6));
    assert!(!e.spend(5), "spent stays spent");
    assert_eq!(e.nodes, 5, "a refused node is not counted");
    assert!(!Effort::default().spend(0));
}

#[test]
fn verdicts_have_names() {
    assert_eq!(Verdict::Winnable(()).name(), "won");
    assert_eq!(Verdict::<()>::NotWinnable.name(), "lost");
    assert_eq!(Verdict::<()>::Unknown.name(), "unknown");
}

#[test]
fn a_beam_keeps_the_best_width_best_first_one_per_hash() {
    let mut b: Beam<char, 4> = Beam::new();
    for (score, hash, c) in [(5, 1, 'a'), (9, 2, 'b'), (7, 3, 'c'), (5, 4, 'd'), (8, 5, 'e'), (1, 6, 'f')] {
        b.offer(score, hash, c, 3);
    }
    let kept: Vec<(i32, char)> = b.iter().map(|k| (k.score, k.item)).collect();
    assert_eq!(kept, [(9, 'b'), (8, 'e'), (7, 'c')]);
    // The same position again: kept once, with the better score.
    b.offer(6, 3, 'x', 3);
    b.offer(10, 3, 'y', 3);
    let kept: Vec<(i32, char)> = b.iter().map(|k| (k.score, k.item)).collect();
    assert_eq!(kept, [(10, 'y'), (9, 'b'), (8, 'e')]);
    // Ties keep the order they came in; a width past the room is the room.
    let mut t: Beam<u8, 2> = Beam::new();
    for (i, h) in [10u64, 11, 12].iter().enumerate() {
        t.offer(1, *h, i as u8, 100);
    }
    assert_eq!(t.iter().map(|k| k.item).collect::<Vec<_>>(), [0, 1]);
    // Width 0 keeps nothing, and an item that is not kept is never made.
    let mut z: Beam<u8, 2> = Beam::new();
    z.offer_with(5, 1, 0, || panic!("made for nothing"));
    assert!(z.is_empty());
    z.offer(5, 1, 0, 1);
    z.offer_with(4, 2, 1, || panic!("made for nothing"));
    assert_eq!(z.len(), 1);
    z.clear();
    assert!(z.get(0).is_none());
}
