//! Build script: packs the card art in `gfx/` into a PS1 texture page with
//! the sprite packer (`tools/sprites`), so every build has fresh textures.
//! Writes `atlas.rs` (included by `src/atlas.rs`), `cards.tim` and the
//! preview `atlas.png` into OUT_DIR; `make gfx` copies the preview to
//! `target/atlas.png`. Art that breaks the rules (more than 16 colours, rows
//! of different lengths, too much to fit a page) fails the build with the
//! file, line and problem.

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let gfx = root.join("gfx");
    println!("cargo:rerun-if-changed=gfx");
    println!("cargo:rerun-if-changed=build.rs");
    let built = match sprites::build(&gfx) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: card art: {e}");
            std::process::exit(1);
        }
    };
    for (name, bytes) in
        [("atlas.rs", built.atlas_rs.as_bytes()), ("cards.tim", &built.tim[..]), ("atlas.png", &built.png[..])]
    {
        if let Err(e) = std::fs::write(out.join(name), bytes) {
            eprintln!("error: cannot write {}: {e}", out.join(name).display());
            std::process::exit(1);
        }
    }
}
