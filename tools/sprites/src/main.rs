//! `sprites <gfx dir> <out dir>`: packs the art like the game's build does and
//! writes the TIMs, `atlas.rs`, `sheet.png` and `cards.png` into `<out dir>`,
//! for looking at the art without building the game.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [gfx, out] = &args[..] else {
        eprintln!("usage: sprites <gfx dir> <out dir>   (for example: sprites gfx target/sprites)");
        return ExitCode::from(2);
    };
    match sprites::build(&PathBuf::from(gfx), &PathBuf::from(out)) {
        Ok(output) => {
            println!("{}; wrote {out}/page*.tim, atlas.rs, sheet.png, cards.png", output.summary());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sprites: {e}");
            ExitCode::FAILURE
        }
    }
}
