use farewell::games::albert::{Game, Options, StartRank};
use farewell::games::Patience;
fn main() {
    for st in StartRank::ALL {
        let g = Game::deal(1, Options { start: st, auto: true });
        let mut s = String::new();
        g.write_position(&mut s).unwrap();
        println!("# start {}\n{s}", st.name());
        let mut n = 0; g.for_each_legal(&mut |m| { n += 1; print!("{m} "); }); println!("\n{n} moves");
        let back = Game::parse_position(&s).unwrap();
        let mut s2 = String::new(); back.write_position(&mut s2).unwrap();
        assert_eq!(s, s2);
    }
    println!("size Game {} Board {}", core::mem::size_of::<Game>(), core::mem::size_of::<farewell::games::albert::Board>());
}
