use farewell::games::farewell::{Game, Options};
use farewell::ui::farewell::{hint_step, hint_strength, HintThinker, hint_move};
#[repr(C)] struct Ts { s: i64, ns: i64 }
extern "C" { fn clock_gettime(c: i32, t: *mut Ts) -> i32; }
fn now() -> f64 { let mut t = Ts { s: 0, ns: 0 }; unsafe { clock_gettime(3, &mut t) }; t.s as f64 * 1e6 + t.ns as f64 / 1e3 }
fn main() {
    let mut all: Vec<(f64, usize, usize, u32)> = Vec::new();
    for seed in 1..=40u32 {
        let mut g = Game::new(seed, Options::default()).unwrap();
        for _ in 0..200 {
            let mut t = HintThinker::with_strength(&g, hint_strength(&g));
            let mut i = 0;
            loop {
                let s = now();
                let r = hint_step(&mut t, 1);
                let d = now() - s;
                all.push((d, i, if r.is_some() {999} else {t.units()}, seed));
                i += 1;
                if r.is_some() { break; }
            }
            let (m, _) = hint_move(&g);
            match m { Some(m) => { if g.apply(m).is_err() { break; } } None => break }
        }
    }
    let mut v: Vec<f64> = all.iter().map(|a| a.0).collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    println!("steps {n} median {:.2} p90 {:.2} p99 {:.2} p999 {:.2} max {:.2}", v[n/2], v[n*9/10], v[n*99/100], v[n*999/1000], v[n-1]);
    all.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for a in all.iter().take(25) { println!("{:.2} us unit {} most {} seed {}", a.0, a.1, a.2, a.3); }
    let mut hist = std::collections::BTreeMap::new();
    for a in &all { if a.0 > 4.0 && a.0 < 1000.0 { *hist.entry(a.1.min(80)).or_insert(0) += 1; } }
    println!("{:?}", hist);
}
