use farewell::games::corners::judge::{judged_move, Tune, TABLE};
use farewell::games::corners::{player, Game, Status};
use farewell::games::Patience;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let first: u32 = a[1].parse().unwrap();
    let n: u32 = a[2].parse().unwrap();
    let q: u32 = a[3].parse().unwrap();
    let verbose = a.len() > 4;
    let mut table = vec![0u32; TABLE];
    let (mut won, mut nocell, mut nogroup, mut faces) = (0, 0, 0, 0);
    let (mut draws, mut removed) = (0usize, 0usize);
    let mut hist = [0usize; 13];
    for d in first..first + n {
        let mut g = Game::deal(d);
        loop {
            let m = if q == 0 { player::best_move(&g, player::Style::default()) } else {
                let mut t = Tune::per_face(q % 1000); t.place = q / 1000 % 10 != 1; t.matching = q / 1000 % 10 != 2; t.maximal = q / 100_000 % 10 == 1;
                judged_move(&g, t, &mut table) };
            match m { Some(farewell::games::corners::Move::Draw) => draws += 1, Some(farewell::games::corners::Move::Clear(gr)) => removed += gr.cards().len(), _ => {} }
            let Some(m) = m else { break };
            if verbose { let mut s = String::new(); let _ = g.write_position(&mut s); println!("{s}move {m}\n"); }
            g.play(m).unwrap();
        }
        faces += g.faces_placed();
        hist[g.faces_placed()] += 1;
        match g.status() {
            Status::Won => won += 1,
            Status::Lost(farewell::games::corners::Loss::NoCell(_)) => nocell += 1,
            _ => nogroup += 1,
        }
        if verbose { let mut s = String::new(); let _ = g.write_position(&mut s); println!("{s}"); }
    }
    println!("{hist:?}");
    println!("won {won} nocell {nocell} nogroup {nogroup} faces/deal {:.2} draws/deal {:.2} removed/draw {:.2}", faces as f64 / n as f64, draws as f64 / n as f64, removed as f64 / draws as f64);
}
