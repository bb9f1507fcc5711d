//! `mcd` with the toy fifth game of the `fifth-game` feature: a save holding
//! its game in progress and statistics is shown from the registry alone
//! (tests/fifth_game.rs).

use farewell::games::toy::{Game, Move};
use farewell::games::GameId;
use farewell::memcard::{format_card, plan_save, CardImage, Directory, WritePlan, CARD_SIZE};
use farewell::save::{Save, SavedGame};
use std::process::Command;

#[test]
fn mcd_shows_the_fifth_games_section() {
    let mut s = Save::default();
    let r = s.record_mut(GameId::Toy);
    r.game = SavedGame::of_moves::<Game>(3, (), [Move::Turn, Move::Turn]);
    r.record_game(0, false, 40);
    s.last_game = GameId::Toy;
    let mut card = vec![0u8; CARD_SIZE];
    format_card((&mut card[..]).try_into().unwrap());
    let dir = Directory::parse(&card).unwrap();
    let state = CardImage::new_checked(&card).unwrap().load().0;
    let mut plan = Box::new(WritePlan::new());
    plan_save(&dir, state.as_ref(), &s, &mut plan).unwrap();
    plan.apply((&mut card[..]).try_into().unwrap(), plan.len());
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fifth-game.mcd");
    std::fs::write(&path, &card).unwrap();

    let o = Command::new(env!("CARGO_BIN_EXE_mcd")).arg("show").arg(&path).output().unwrap();
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("last game Toy Patience") || out.contains("Toy Patience"), "{out}");
    let section = out.split("Toy Patience (toy):\n").nth(1).expect("the toy's section");
    assert!(section.starts_with("  options: none; winnable deals only off\n  game: deal 3, none\n"), "{section}");
    assert!(section.contains("  moves (2): turn turn\n  status: playing\n"), "{section}");
    assert!(
        section.contains("    all deals: played 1, won 0 (0 with hints), streak 0, best streak 0, fewest moves -\n"),
        "{section}"
    );
}
