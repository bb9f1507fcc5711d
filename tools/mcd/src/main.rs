//! `mcd`: reads a raw PS1 memory card image (`.mcd`, 128 KiB).
//!
//! ```text
//! mcd list CARD.mcd   the files on the card: block, size, name, title
//! mcd show CARD.mcd   the collection's save: shared settings, then every
//!                     game's options, game in progress and statistics
//! mcd help [COMMAND]  the usage (also `mcd COMMAND --help`)
//! ```
//!
//! `-` reads the image from stdin. `show` says what the console does with
//! the card: which copy it loads (and why not the newest), and a game in
//! progress whose moves do not replay is shown as the console drops it.
//!
//! Bad input of any kind gets one line on stderr and exit status 2: a file
//! larger than a card image (`/dev/zero`) is refused without reading it
//! all, and a save that does not load, or a game in progress whose moves
//! do not replay, is named by its game and field. So does output that
//! cannot be written (a full disk, a closed stdout), while a closed pipe
//! ends the command quietly (the host commands' shared rules: `hostcli`).
//! Paths in messages are quoted, with control characters escaped, so a
//! message stays one line.

use farewell::memcard::{
    copy_in, newer, write_title, CardImage, Contents, FileInfo, Slot, CARD_SIZE, FILE_NAME, SECTOR, SLOT_MAGIC,
};
use farewell::save::{Field, GameRecord, Save, SaveError, SavedGame, Tally};
use farewell::ui::{FaceStyle, GameId};
use hostcli::{input_name, token};
use std::fmt::Write as _;
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
      legal-cell highlight, volumes, music in play, last game), then each game's options,
      winnable-only setting, game in progress (deal number, options, moves
      in move notation, status) and statistics.
  mcd help [COMMAND], mcd COMMAND --help
      This text, or the usage of one command.

CARD.mcd is a raw card image of 128 KiB (`-` reads stdin); a larger file is
refused. Commands in either case. Errors: one line on stderr naming the file
and the field, exit status 2. A closed pipe ends the output quietly. The
whole convention: docs/rules/collection.md.";

/// The usage line of `mcd COMMAND` (`None` for an unknown command).
fn usage(cmd: &str) -> Option<String> {
    ["list", "show"]
        .contains(&cmd)
        .then(|| format!("usage: mcd {cmd} CARD.mcd (CARD.mcd: a 128 KiB card image, - for stdin)"))
}

fn main() -> ExitCode {
    hostcli::finish("mcd", hostcli::args().and_then(|args| run(&args)))
}

fn run(args: &[String]) -> Result<String, String> {
    let Some((cmd, rest)) = args.split_first() else { return Err("no command (try mcd --help)".into()) };
    let cmd = cmd.to_ascii_lowercase();
    if hostcli::is_help(&cmd) {
        return match rest {
            [] => Ok(format!("{HELP}\n")),
            [c] => usage(&c.to_ascii_lowercase()).map(|u| u + "\n").ok_or_else(|| unknown(c)),
            [_, x, ..] => Err(format!("unexpected argument {} after help COMMAND", token(x))),
        };
    }
    let Some(usage) = usage(&cmd) else { return Err(unknown(&cmd)) };
    if rest.iter().any(|a| hostcli::asks_help(a)) {
        return Ok(usage + "\n");
    }
    let words = hostcli::Args::new(rest).operands(&format!("mcd {cmd}"))?;
    let [path] = words.as_slice() else { return Err(usage) };
    let bytes = hostcli::read_input(path, CARD_SIZE, "larger than a memory card image")?;
    let at = |e: String| format!("{}: {e}", input_name(path));
    let card = CardImage::new_checked(&bytes).map_err(|e| at(e.to_string()))?;
    if cmd == "list" {
        list(&card).map_err(at)
    } else {
        show(&card).map_err(at)
    }
}

fn unknown(cmd: &str) -> String {
    format!("unknown command {} (try mcd --help)", token(cmd))
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
        match card.title_sector(&f) {
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
    let mut s = String::new();
    let _ = (game.info().options_words)(code, &mut s);
    s
}

/// The names of a game's statistics rows.
fn row_names(game: GameId) -> Vec<String> {
    let info = game.info();
    (0..info.stats_rows)
        .map(|row| {
            let mut s = String::new();
            let _ = (info.row_words)(row, &mut s);
            s
        })
        .collect()
}

/// The moves of a game in progress in move notation, and where the game
/// then stands (`placing kings` in A Farewell to Kings' custom start, as
/// `aftk` prints it).
fn replay_game(game: GameId, saved: &SavedGame) -> Result<(Vec<String>, String), Field> {
    let (mut moves, mut status) = (Vec::new(), String::new());
    (game.info().replay)(
        saved.seed,
        saved.options,
        saved.moves(),
        &mut |m| {
            let mut s = String::new();
            let _ = m.text(&mut s);
            moves.push(s);
        },
        &mut status,
    )?;
    Ok((moves, status))
}

/// Why the console did not load our file's other copy, when that copy is
/// the newer one (`loaded`: the copy it loaded, and its generation): the
/// copy's decoding error, or its damage.
fn passed_over(block: &[u8], loaded: Slot, generation: u32) -> Option<String> {
    let other = loaded.other();
    let (other_generation, why) = match copy_in(block, other) {
        Some(c) => (c.generation, Save::decode(c.record(block)).err()?.to_string()),
        None => {
            // A copy whose header is there but that does not check out.
            let head = block.get(other.first_sector() * SECTOR..)?.get(..12)?;
            if head[..4] != SLOT_MAGIC {
                return None;
            }
            (u32::from_le_bytes([head[8], head[9], head[10], head[11]]), SaveError::BadCrc.to_string())
        }
    };
    newer(other_generation, generation)
        .then(|| format!("not loaded: copy {other:?}, generation {other_generation}, the newest: {why}"))
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
        if let Some(Contents::Good { slot, generation }) = state.map(|s| s.contents) {
            let block = card.block(f.first_block).unwrap_or(&[]);
            if let Some(line) = passed_over(block, slot, generation) {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    let faces = match save.face {
        FaceStyle::Standard => "standard",
        FaceStyle::FourColour => "four-colour",
    };
    let v = save.sound;
    let _ = writeln!(
        out,
        "settings: faces {faces}, legal cells {}, effects volume {}, music volume {}, music in play {}, sound {}, last game {}",
        on_off(save.highlight),
        v.effects,
        v.music,
        on_off(v.in_play),
        if v.muted { "muted" } else { "on" },
        save.last_game.name()
    );
    for game in GameId::all() {
        section(&mut out, game, save.record(game));
    }
    Ok(out)
}

/// One game's part: options, winnable only, game in progress, statistics.
/// A game in progress whose moves do not replay is shown as the console
/// treats it: dropped when the player continues it, the rest kept.
fn section(out: &mut String, game: GameId, r: &GameRecord) {
    let _ = writeln!(out, "{} ({}):", game.name(), game.id());
    let _ = writeln!(out, "  options: {}; winnable deals only {}", options_of(game, r.options), on_off(r.winnable));
    match &r.game {
        None => out.push_str("  game: none\n"),
        Some(g) => {
            let hinted = if g.hinted { ", hints shown" } else { "" };
            let _ = writeln!(out, "  game: deal {}, {}{hinted}", g.seed, options_of(game, g.options));
            match replay_game(game, g) {
                Ok((moves, status)) => {
                    let _ = writeln!(out, "  moves ({}): {}", moves.len(), moves.join(" "));
                    let _ = writeln!(out, "  status: {status}");
                }
                Err(f) => {
                    let _ = writeln!(out, "  moves ({}): do not replay: {f}", g.moves().len());
                    let _ = writeln!(
                        out,
                        "  status: dropped: the console says \"The saved game did not replay: dropped\" when it is continued, and keeps the rest"
                    );
                }
            }
        }
    }
    let names = row_names(game);
    let record = game.info().record;
    let rows: Vec<(&String, &Tally)> =
        names.iter().zip(&r.tallies[..game.info().stats_rows]).filter(|(_, t)| t.played > 0).collect();
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
            "    {name}: played {}, won {} ({} with hints), streak {}, best streak {}, fewest {record} {fewest}",
            t.played, t.won, t.hinted, t.streak, t.best_streak
        );
    }
}
