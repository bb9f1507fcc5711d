//! A fifth game is its folder, its screen and one line: the toy patience of
//! the `fifth-game` feature (`src/games/toy/`, `src/ui/toy.rs`, its line in
//! `for_each_game!`, and its `kings` file) goes through the title, a deal,
//! hints, undo, the save, the resume at the next boot and the statistics by
//! the same code and the same test as the four games
//! (`tests/catalogue.rs`, a module here too). `kings` and `mcd` are tested
//! with it in tools/kings/tests/fifth_game.rs and tools/mcd/tests/fifth_game.rs.
//!
//! `make test` runs it: `cargo test --features fifth-game --test fifth_game`.

#[path = "catalogue.rs"]
mod catalogue;
#[path = "support/driver.rs"]
mod driver;
#[path = "support/screens.rs"]
mod screens;

use farewell::games::{GameId, GAMES};
use farewell::memcard::RECORD_MAX;
use farewell::save::{self, Save, SavedGame, MAX_ENCODED};
use farewell::ui::catalogue::CATALOGUE;

#[test]
fn the_fifth_game_is_listed_after_the_four_by_its_one_line() {
    let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    assert_eq!(ids, ["farewell", "corners", "albert", "kingdoms", "toy"]);
    assert_eq!(GameId::Toy, GameId::nth(4));
    assert_eq!(CATALOGUE[4].name(), "Toy Patience");
    assert_eq!(farewell::games::registry::find("TOY"), Some(GameId::Toy));
}

#[test]
fn five_games_each_with_its_longest_game_in_progress_fit_a_memory_card_copy() {
    const _: () = assert!(MAX_ENCODED <= RECORD_MAX, "five games at their longest fit a copy");
    let mut s = Save::default();
    for id in GameId::all() {
        let info = id.info();
        s.record_mut(id).game = Some(SavedGame {
            seed: u32::MAX,
            options: info.default_options,
            count: info.saved_moves as u16,
            moves: [(1u16 << info.move_bits) - 1; save::SAVED_MOVES],
            hinted: true,
        });
        for row in 0..info.stats_rows {
            s.record_mut(id).record_game(row, true, 9);
        }
    }
    let mut bytes = vec![0u8; RECORD_MAX];
    let n = s.encode(&mut bytes).unwrap();
    assert_eq!(n, MAX_ENCODED, "the longest record the encoder can make");
    let back = Save::decode(&bytes[..n]).unwrap();
    assert_eq!(back, s, "every game in progress kept, move for move");
}
