//! `mcd`: reads a raw PS1 memory card image (`.mcd`, 128 KiB).
//!
//! ```text
//! mcd list CARD.mcd   the files on the card: block, size, name, title
//! mcd show CARD.mcd   the collection's save: shared settings, then every
//!                     game's options, game in progress and statistics
//! ```
//!
//! Bad input of any kind gets one line on stderr and exit status 2: a file
//! larger than a card image (`/dev/zero`) is refused without reading it
//! all, and a save that does not load, or a game in progress whose moves
//! do not replay, is named by its game and field. So does output that
//! cannot be written (a full disk, a closed stdout), while a closed pipe
//! ends the command quietly (the host commands' shared rules: `hostcli`).
//! Paths in messages are quoted, with control characters escaped, so a
//! message stays one line.

use farewell::games::farewell::{KingStart, Options};
use farewell::games::{albert, corners, kingdoms, Patience};
use farewell::memcard::{copy_in, write_title, CardImage, Contents, FileInfo, Slot, CARD_SIZE, FILE_NAME};
use farewell::save::{shape, Field, GameRecord, Invalid, Save, SaveError, SavedGame, Tally};
use farewell::ui::{FaceStyle, GameId, GRID_SIZES};
use hostcli::quoted;
use std::fmt::Write as _;
use std::io::Read as _;
use std::process::ExitCode;

const HELP: &str = "\
mcd: PS1 memory card images and the save of A Farewell to Kings' collection

usage:
  mcd list CARD.mcd
      List the files on a raw 128 KiB card image: first block, blocks,
      file name and title (Shift-JIS shown as ASCII where it can be), then
      the free blocks.
  mcd show CARD.mcd
      Decode the save on the card: the shared settings (card faces,
      legal-cell highlight, volumes, last game), then each game's options,
      winnable-only setting, game in progress (deal number, options, moves
      in move notation, status) and statistics.
  mcd --help
      This text.

Errors: one line on stderr, exit status 2 (a file larger than a card image
is refused). A closed pipe ends the output quietly.";

fn main() -> ExitCode {
    hostcli::finish("mcd", hostcli::args().and_then(|args| run(&args)))
}

fn run(args: &[String]) -> Result<String, String> {
    match args {
        [h] if h == "--help" || h == "-h" => Ok(format!("{HELP}\n")),
        [cmd, path] if cmd == "list" || cmd == "show" => {
            let bytes = read_card(path).map_err(|e| format!("{}: {e}", quoted(path)))?;
            let card = CardImage::new_checked(&bytes).map_err(|e| format!("{}: {e}", quoted(path)))?;
            if cmd == "list" {
                list(&card).map_err(|e| format!("{}: {e}", quoted(path)))
            } else {
                show(&card).map_err(|e| format!("{}: {e}", quoted(path)))
            }
        }
        [cmd, ..] if cmd == "list" || cmd == "show" => Err(format!("usage: mcd {cmd} CARD.mcd")),
        [other, ..] => Err(format!("unknown command {other:?} (try mcd --help)")),
        [] => Err("no command (try mcd --help)".into()),
    }
}

/// The file's bytes, refusing more than a card image holds: a wrong file
/// or `/dev/zero` is not read until memory runs out.
fn read_card(path: &str) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(CARD_SIZE as u64 + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() > CARD_SIZE {
        return Err(format!("more than {} KiB, larger than a memory card image: refused", CARD_SIZE / 1024));
    }
    Ok(bytes)
}

fn name_of(f: &FileInfo) -> String {
    f.name().iter().map(|&b| if (0x20..0x7F).contains(&b) { char::from(b) } else { '?' }).collect()
}

fn list(card: &CardImage) -> Result<String, String> {
    let dir = card.directory().map_err(|e| e.to_string())?;
    let mut out = String::new();
    let _ = writeln!(out, "{:<6}{:<7}{:<22}title", "block", "blocks", "name");
    for f in dir.files() {
        let mut title = String::new();
        match card.title_frame(&f) {
            Some(t) if &t[..2] == b"SC" => {
                let _ = write_title(t, &mut title);
            }
            _ => title.push_str("(no title frame)"),
        }
        if !f.chain_ok {
            title.push_str(" [broken block chain]");
        }
        let _ = writeln!(out, "{:<6}{:<7}{:<22}{title}", f.first_block, f.blocks, name_of(&f));
    }
    let _ = writeln!(out, "free blocks: {}", dir.free_blocks().count());
    if dir.damaged() {
        out.push_str(
            "directory damaged: a file's chain runs into a free block or another file (the game writes nothing)\n",
        );
    }
    Ok(out)
}

fn options(o: Options) -> String {
    format!("grid {}x{}, kings {}, easy {}", o.width, o.height, o.kings.name(), on_off(o.easy))
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// A game's options in words, from its option code (checked by the
/// decoder).
fn options_of(game: GameId, code: u8) -> String {
    match game {
        GameId::Farewell => <farewell::games::farewell::Game as Patience>::options_from_code(code).map(options),
        GameId::Albert => albert::Game::options_from_code(code)
            .map(|o| format!("starting rank {}, automatic moves {}", o.start.name(), on_off(o.auto))),
        GameId::Corners | GameId::Kingdoms => Some("none".to_string()),
    }
    .unwrap_or_else(|| format!("code {code}"))
}

/// The names of a game's statistics rows.
fn row_names(game: GameId) -> Vec<String> {
    match game {
        GameId::Farewell => GRID_SIZES
            .iter()
            .flat_map(|&(width, height)| {
                [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom]
                    .into_iter()
                    .flat_map(move |kings| [false, true].map(|easy| options(Options { width, height, kings, easy })))
            })
            .collect(),
        GameId::Albert => {
            ["no start", "aces up", "twos up", "threes up", "fours up", "fives up"].map(String::from).to_vec()
        }
        GameId::Corners | GameId::Kingdoms => vec!["all deals".to_string()],
    }
}

/// The moves of a game in progress in move notation, and its status.
fn replay<G: Patience>(saved: &SavedGame) -> Result<(Vec<String>, String), Field> {
    let options = G::options_from_code(saved.options).ok_or(Field::GameOptions(saved.options))?;
    let mut g = G::deal(saved.seed, options);
    let mut moves = Vec::new();
    for (i, &n) in saved.moves().iter().enumerate() {
        let mut legal = Vec::new();
        g.for_each_legal(&mut |m| legal.push(m));
        let m = *legal.get(usize::from(n)).ok_or(Field::Illegal(i as u16))?;
        g.play(m).map_err(|_| Field::Illegal(i as u16))?;
        moves.push(m.to_string());
    }
    Ok((moves, g.status().to_string()))
}

fn replay_game(game: GameId, saved: &SavedGame) -> Result<(Vec<String>, String), Field> {
    match game {
        GameId::Farewell => replay::<farewell::games::farewell::Game>(saved),
        GameId::Corners => replay::<corners::Game>(saved),
        GameId::Albert => replay::<albert::Game>(saved),
        GameId::Kingdoms => replay::<kingdoms::Game>(saved),
    }
}

fn show(card: &CardImage) -> Result<String, String> {
    let (state, save) = card.load();
    let save: Save = save.map_err(|e| e.to_string())?;
    let dir = card.directory().map_err(|e| e.to_string())?;
    let mut out = String::new();
    if let Some(f) = dir.find(FILE_NAME) {
        let legacy = card.block(f.first_block).and_then(|b| copy_in(b, Slot::A)).is_some_and(|c| c.legacy);
        let copy = match state.map(|s| s.contents) {
            Some(Contents::Good { slot: Slot::A, .. }) if legacy => "the single record of format v1/v2".to_string(),
            Some(Contents::Good { slot, generation }) => format!("copy {slot:?}, generation {generation}"),
            _ => "?".to_string(),
        };
        let _ = writeln!(out, "file: {} (block {}, {copy})", name_of(&f), f.first_block);
    }
    let faces = match save.face {
        FaceStyle::Standard => "standard",
        FaceStyle::FourColour => "four-colour",
    };
    let v = save.sound;
    let _ = writeln!(
        out,
        "settings: faces {faces}, legal cells {}, effects volume {}, music volume {}, sound {}, last game {}",
        on_off(save.highlight),
        v.effects,
        v.music,
        if v.muted { "muted" } else { "on" },
        save.last_game.name()
    );
    for game in GameId::ALL {
        section(&mut out, game, save.record(game))?;
    }
    Ok(out)
}

/// One game's part: options, winnable only, game in progress, statistics.
fn section(out: &mut String, game: GameId, r: &GameRecord) -> Result<(), String> {
    let _ = writeln!(out, "{} ({}):", game.name(), game.id());
    let _ = writeln!(out, "  options: {}; winnable deals only {}", options_of(game, r.options), on_off(r.winnable));
    match &r.game {
        None => out.push_str("  game: none\n"),
        Some(g) => {
            let bad = |f: Field| SaveError::Invalid(Invalid::Game(game, f)).to_string();
            let (moves, status) = replay_game(game, g).map_err(bad)?;
            let hinted = if g.hinted { ", hints shown" } else { "" };
            let _ = writeln!(out, "  game: deal {}, {}{hinted}", g.seed, options_of(game, g.options));
            let _ = writeln!(out, "  moves ({}): {}", moves.len(), moves.join(" "));
            let _ = writeln!(out, "  status: {status}");
        }
    }
    let names = row_names(game);
    let record = if game == GameId::Farewell { "fewest deals" } else { "fewest moves" };
    let rows: Vec<(&String, &Tally)> =
        names.iter().zip(&r.tallies[..shape(game).rows]).filter(|(_, t)| t.played > 0).collect();
    if rows.is_empty() {
        out.push_str("  stats: no games finished\n");
    }
    for (i, (name, t)) in rows.into_iter().enumerate() {
        if i == 0 {
            out.push_str("  stats:\n");
        }
        let fewest = t.fewest_deals.map_or("-".to_string(), |d| d.to_string());
        let _ = writeln!(
            out,
            "    {name}: played {}, won {} ({} with hints), streak {}, best streak {}, {record} {fewest}",
            t.played, t.won, t.hinted, t.streak, t.best_streak
        );
    }
    Ok(())
}
