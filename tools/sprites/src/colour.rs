//! PS1 colours: 15-bit BGR with the transparency rules of the texture unit.

use crate::pxt::Rgb;

/// A texel colour as the PS1 stores it: bits 0-4 red, 5-9 green, 10-14 blue,
/// bit 15 the semi-transparency flag.
pub type Ps1Colour = u16;

/// The texture unit skips texels whose colour is exactly 0x0000.
pub const TRANSPARENT: Ps1Colour = 0x0000;

/// What opaque black becomes: (1, 1, 1) out of 31 rather than 0x8000, so it
/// looks black, is never skipped, and does not turn semi-transparent when a
/// fade draws the sprite with blending on (bit 15 would make it blend).
pub const OPAQUE_BLACK: Ps1Colour = 0x0421;

/// Converts a source colour (or transparent, `None`) to a PS1 colour.
pub fn ps1(c: Option<Rgb>) -> Ps1Colour {
    let Some(Rgb(r, g, b)) = c else {
        return TRANSPARENT;
    };
    let five = |v: u8| (v as u16 * 31 + 127) / 255;
    let v = five(r) | (five(g) << 5) | (five(b) << 10);
    if v == TRANSPARENT {
        OPAQUE_BLACK
    } else {
        v
    }
}

/// The colour a PS1 texel shows, widened back to 8 bits a channel (`None`:
/// transparent). Used by the preview.
pub fn to_rgb(c: Ps1Colour) -> Option<Rgb> {
    if c == TRANSPARENT {
        return None;
    }
    let eight = |v: u16| ((v & 31) * 255 / 31) as u8;
    Some(Rgb(eight(c), eight(c >> 5), eight(c >> 10)))
}
