//! `mcd`: reads a raw PS1 memory card image (`.mcd`, 128 KiB).
//!
//! ```text
//! mcd list CARD.mcd   the files on the card: block, size, name, title
//! mcd show CARD.mcd   A Farewell to Kings' save: settings, game, stats
//! ```
//!
//! Bad input of any kind gets one line on stderr and exit status 2; so does
//! output that cannot be written (a full disk), while a closed pipe ends
//! the command quietly (the host commands' shared rules: `hostcli`). Paths
//! in messages are quoted, with control characters escaped, so a message
//! stays one line.

use farewell::games::farewell::notation::write_status;
use farewell::games::farewell::{KingStart, Options};
use farewell::memcard::{copy_in, write_title, CardImage, Contents, FileInfo, Slot, FILE_NAME};
use farewell::save::Save;
use farewell::ui::{FaceStyle, GRID_SIZES};
use hostcli::quoted;
use std::fmt::Write as _;
use std::process::ExitCode;

const HELP: &str = "\
mcd: PS1 memory card images and A Farewell to Kings' save

usage:
  mcd list CARD.mcd
      List the files on a raw 128 KiB card image: first block, blocks,
      file name and title (Shift-JIS shown as ASCII where it can be), then
      the free blocks.
  mcd show CARD.mcd
      Decode A Farewell to Kings' save on the card: settings, the game in
      progress (deal number, options, moves in move notation), statistics.
  mcd --help
      This text.

Errors: one line on stderr, exit status 2. A closed pipe ends the output
quietly.";

fn main() -> ExitCode {
    hostcli::finish("mcd", hostcli::args().and_then(|args| run(&args)))
}

fn run(args: &[String]) -> Result<String, String> {
    match args {
        [h] if h == "--help" || h == "-h" => Ok(format!("{HELP}\n")),
        [cmd, path] if cmd == "list" || cmd == "show" => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", quoted(path)))?;
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
    let s = save.settings;
    let faces = match s.face {
        FaceStyle::Standard => "standard",
        FaceStyle::FourColour => "four-colour",
    };
    let _ = writeln!(out, "settings: {}, faces {faces}, legal cells {}", options(s.options), on_off(s.highlight));
    match &save.game {
        None => out.push_str("game: none\n"),
        Some(g) => {
            let _ = writeln!(out, "game: deal {}, {}", g.seed(), options(g.options()));
            let moves: Vec<String> = g.moves().map(|m| m.to_string()).collect();
            let _ = writeln!(out, "moves ({}): {}", moves.len(), moves.join(" "));
            let _ = write_status(g.status(), &mut out);
            out.push('\n');
        }
    }
    out.push_str("stats:\n");
    let mut any = false;
    for &(width, height) in &GRID_SIZES {
        for kings in [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom] {
            for easy in [false, true] {
                let o = Options { width, height, kings, easy };
                let Some(t) = save.stats.get(o).filter(|t| t.played > 0) else {
                    continue;
                };
                any = true;
                let fewest = t.fewest_deals.map_or("-".to_string(), |d| d.to_string());
                let _ = writeln!(
                    out,
                    "  {}: played {}, won {}, streak {}, best streak {}, fewest deals {fewest}",
                    options(o),
                    t.played,
                    t.won,
                    t.streak,
                    t.best_streak
                );
            }
        }
    }
    if !any {
        out.push_str("  no games finished\n");
    }
    Ok(out)
}
