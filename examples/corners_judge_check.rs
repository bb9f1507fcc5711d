use farewell::games::corners::judge::{chance, Start, Tune, ONE, TABLE};
fn v(e: [u8; 4], u: [u8; 4], n: u8, t: &Tune) -> f64 {
    let faces = u[1] + u[2] + u[3];
    if faces == 0 { return 1.0; }
    if e.iter().all(|x| *x == 0) { return t.leaf[faces as usize] as f64 / ONE as f64; }
    let mut acc = 0.0;
    for r in 1..4 { if u[r] > 0 && e[r] > 0 { let mut e2 = e; e2[r] -= 1; let mut u2 = u; u2[r] -= 1; acc += u[r] as f64 * v(e2, u2, n, t); } }
    if n > 0 { let mut best: f64 = 0.0; for r in 0..4 { if e[r] > 0 { let mut e2 = e; e2[r] -= 1; best = best.max(v(e2, u, n - 1, t)); } } acc += n as f64 * best; }
    acc / (faces + n) as f64
}
fn main() {
    let t = Tune::per_face(850);
    let mut table = vec![0u32; TABLE];
    for (e, u, n) in [([1,1,0,0],[0,2,1,1],20), ([2,1,1,1],[0,3,2,1],25), ([0,0,0,1],[0,2,2,2],10), ([1,0,2,0],[0,1,3,0],5)] {
        let s = Start { empty: e, faces: u, numbers: n };
        let a = chance(s, &mut table, &t) as f64 / ONE as f64;
        println!("{e:?} {u:?} {n}: dp {a:.6} ref {:.6}", v(e, u, n, &t));
    }
}
