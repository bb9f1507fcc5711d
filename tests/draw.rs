//! Host tests of the draw list the UI fills and the PS1 layer renders.

use farewell::draw::{DrawList, Item, Rgb, MAX_ITEMS};

#[test]
fn outline_is_four_bars_covering_exactly_the_border() {
    let mut list = DrawList::new();
    list.outline(10, 20, 30, 40, 2, Rgb(1, 2, 3));
    let mut covered = std::collections::HashSet::new();
    for item in list.items() {
        let Item::Fill { x, y, w, h, .. } = *item else { panic!("outline drew {item:?}") };
        for px in x..x + w as i16 {
            for py in y..y + h as i16 {
                assert!(covered.insert((px, py)), "pixel ({px},{py}) drawn twice");
            }
        }
    }
    let expected: std::collections::HashSet<_> = (10..40)
        .flat_map(|x| (20..60).map(move |y| (x, y)))
        .filter(|&(x, y)| !(12..38).contains(&x) || !(22..58).contains(&y))
        .collect();
    assert_eq!(covered, expected);
}

#[test]
fn a_full_list_counts_what_it_drops_instead_of_failing() {
    let mut list = DrawList::new();
    for i in 0..MAX_ITEMS + 5 {
        list.fill(i as i16, 0, 1, 1, Rgb(0, 0, 0));
    }
    assert_eq!(list.items().len(), MAX_ITEMS);
    assert_eq!(list.dropped(), 5);
    list.clear();
    assert_eq!(list.items().len(), 0);
    assert_eq!(list.dropped(), 0);
}

#[test]
fn items_keep_painters_order() {
    let mut list = DrawList::new();
    list.fill(0, 0, 320, 240, Rgb(0, 80, 40));
    list.shade(5, 5, 10, 10, Rgb(0, 0, 0));
    assert!(matches!(list.items()[0], Item::Fill { w: 320, .. }));
    assert!(matches!(list.items()[1], Item::Shade { x: 5, .. }));
}
