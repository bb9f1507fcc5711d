//! Packs the art in `gfx/` into PS1 texture pages before the game compiles:
//! writes `page<N>.tim`, `atlas.rs` (included by `src/atlas.rs`), and the
//! previews `sheet.png` and `cards.png` into OUT_DIR. See docs/gfx.md.
//! Then makes the sounds in `sfx/` with `tools/sfx`: `sfx.bin` (the SPU
//! ADPCM) and `sfx.rs` (included by `src/sound.rs`). See docs/sfx.md.

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // Re-run when the art changes (a directory entry covers files added,
    // removed or edited inside it); the packer is a build-dependency, so
    // cargo rebuilds and re-runs this script when its source changes.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=gfx");
    println!("cargo:rerun-if-changed=sfx");
    match sprites::build(&root.join("gfx"), &out) {
        Ok(_) => {}
        Err(e) => {
            // One clear line, and a failed build (cargo shows stderr of a failed script).
            eprintln!("error: gfx/ could not be packed: {e}");
            std::process::exit(1);
        }
    }
    if let Err(e) = sfx::build(&root.join("sfx"), &out) {
        eprintln!("error: sfx/ could not be made: {e}");
        std::process::exit(1);
    }
}
