use farewell::games::corners::judge::{judged_move, Tune, TABLE};
use farewell::games::corners::{player, Game, Phase};
use farewell::games::Patience;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let first: u32 = a[1].parse().unwrap();
    let n: u32 = a[2].parse().unwrap();
    let mut table = vec![0u32; TABLE];
    let mut t = Tune::per_face(850); t.maximal = true; t.mode = 2;
    for d in first..first + n {
        let mut g = Game::deal(d);
        while let Some(m) = player::best_move(&g, player::Style::default()) {
            if g.phase() != Phase::Place {
                let j = judged_move(&g, t, &mut table);
                if j != Some(m) {
                    let mut s = String::new(); let _ = g.write_position(&mut s);
                    let s: Vec<&str> = s.lines().filter(|l| !l.starts_with("deck") && !l.starts_with("game") && !l.starts_with("status")).collect();
                    println!("{}\nplain {m}  judge {}\n", s.join("\n"), j.map(|x| x.to_string()).unwrap_or_default());
                }
            }
            g.play(m).unwrap();
        }
    }
}
