//! The packed card art: generated at build time by `tools/sprites` from
//! `gfx/` (see `build.rs`). Sprite rectangles, palettes, the texels ready to
//! upload to VRAM, and the memory card icon.
#![allow(missing_docs)]

use crate::draw::Sprite;

include!(concat!(env!("OUT_DIR"), "/atlas.rs"));
