//! A Farewell to Kings: how much work the fair player's move takes, in the
//! console's units (`Thinker::units`: a placement judged, half a basis,
//! a turn end counted...), and weighed as the console's frame weighs them
//! (`Step::weight`). `farewell_units STRENGTH FIRST N [WIDTH THINK]` plays
//! deals FIRST.. (N of them, 12x8, kings in the centre) at that strength
//! (`console`, `each-card`, ... as `aftk stats --strength`) and prints the
//! median, 90th and 99th percentiles and the largest, per move. The
//! console's hint winds down after `ui::farewell::HINT_UNITS` units (135),
//! which show within 60 frames of Square.

use farewell::games::farewell::player::{Strength, Thinker};
use farewell::games::farewell::{Game, Options};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 4 {
        eprintln!("usage: farewell_units STRENGTH FIRST N [WIDTH THINK]");
        std::process::exit(2);
    }
    let Some(mut strength) = Strength::from_name(&a[1]) else {
        eprintln!("farewell_units: unknown strength {:?}", a[1]);
        std::process::exit(2);
    };
    let num = |i: usize| -> usize {
        a[i].parse().unwrap_or_else(|_| {
            eprintln!("farewell_units: expected a number, found {:?}", a[i]);
            std::process::exit(2)
        })
    };
    let (first, n) = (num(2) as u32, num(3) as u32);
    if a.len() >= 6 {
        strength.width = num(4);
        strength.nodes = num(5);
    }
    let (mut units, mut weights) = (Vec::new(), Vec::new());
    for d in first..first.saturating_add(n) {
        let mut g = Game::new(d, Options::default()).expect("the default grid");
        loop {
            let mut t: Thinker = Thinker::with_strength(&g, strength);
            let mut weight = 0;
            let m = loop {
                let kind = t.next_kind();
                if let Some(m) = t.step(1) {
                    break m;
                }
                weight += kind.weight();
            };
            units.push(t.units() as u32);
            weights.push(weight);
            match m {
                Some(m) if g.apply(m).is_ok() => {}
                _ => break,
            }
        }
    }
    for (name, v) in [("units", &mut units), ("weighed", &mut weights)] {
        v.sort_unstable();
        let q = |p: f64| v[((v.len() - 1) as f64 * p) as usize];
        println!(
            "{name} per move ({} moves): median {} p90 {} p99 {} max {}",
            v.len(),
            q(0.5),
            q(0.9),
            q(0.99),
            q(1.0)
        );
    }
}
