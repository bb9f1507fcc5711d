//! What the screen should show, as a list of flat shapes and sprites in
//! painter's order. The UI fills a [`DrawList`] each frame; the PS1 layer
//! turns each item into GPU packets; host tests read the list.
//!
//! Coordinates are screen pixels (320x240, origin top-left).

use heapless::Vec;

/// Most items one frame can hold. The busiest screen is a full 14x9 grid:
/// 126 cells (card or empty-cell mark) + up to 126 highlights + the panel
/// (4 hand slots, 12 book marks, the stock) + ~60 glyphs of text on six
/// lines + the cursor and a message box: under 450. 1024 leaves room for
/// animations and menus over the board, and costs 1024 * 12 bytes.
pub const MAX_ITEMS: usize = 1024;

/// A colour, 8 bits a channel (the GPU keeps 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// A rectangle in texture space, with the texture page and palette it is
/// read through: everything the GPU needs to draw one sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sprite {
    /// Texture page bits of the GPU draw-mode command (GP0 E1h): page X in
    /// 64-halfword units (bits 0-3), page Y 0/256 (bit 4), colour depth
    /// (bits 7-8).
    pub tpage: u16,
    /// Palette (CLUT) id as GPU sprite commands take it: X/16 in bits 0-5,
    /// Y in bits 6-14.
    pub clut: u16,
    /// Left edge in the texture page.
    pub u: u8,
    /// Top edge in the texture page.
    pub v: u8,
    /// Width in pixels.
    pub w: u8,
    /// Height in pixels.
    pub h: u8,
}

/// One thing to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A filled rectangle.
    Fill {
        /// Left.
        x: i16,
        /// Top.
        y: i16,
        /// Width.
        w: u16,
        /// Height.
        h: u16,
        /// Colour.
        color: Rgb,
    },
    /// A rectangle blended half-and-half with what is below it (for
    /// highlights and for dimming the board under a menu).
    Shade {
        /// Left.
        x: i16,
        /// Top.
        y: i16,
        /// Width.
        w: u16,
        /// Height.
        h: u16,
        /// Colour.
        color: Rgb,
    },
    /// A sprite at its own size. `tint` multiplies its colours: 128 in each
    /// channel shows it as drawn, lower darkens it.
    Sprite {
        /// Left.
        x: i16,
        /// Top.
        y: i16,
        /// The texture rectangle.
        sprite: Sprite,
        /// Colour multiplier, 128 = unchanged.
        tint: Rgb,
    },
}

/// A neutral tint: the sprite as drawn.
pub const NO_TINT: Rgb = Rgb(128, 128, 128);

/// A frame's worth of items, back to front.
#[derive(Clone, Debug, Default)]
pub struct DrawList {
    items: Vec<Item, MAX_ITEMS>,
    /// Items that did not fit (a bug to fix, never a crash).
    dropped: u16,
}

impl DrawList {
    /// An empty list.
    pub const fn new() -> Self {
        Self { items: Vec::new(), dropped: 0 }
    }

    /// Empties the list for the next frame.
    pub fn clear(&mut self) {
        self.items.clear();
        self.dropped = 0;
    }

    /// Adds an item on top of the ones already there.
    pub fn push(&mut self, item: Item) {
        if self.items.push(item).is_err() {
            self.dropped = self.dropped.saturating_add(1);
        }
    }

    /// A filled rectangle.
    pub fn fill(&mut self, x: i16, y: i16, w: u16, h: u16, color: Rgb) {
        self.push(Item::Fill { x, y, w, h, color });
    }

    /// A half-transparent rectangle.
    pub fn shade(&mut self, x: i16, y: i16, w: u16, h: u16, color: Rgb) {
        self.push(Item::Shade { x, y, w, h, color });
    }

    /// A sprite as drawn.
    pub fn sprite(&mut self, x: i16, y: i16, sprite: Sprite) {
        self.push(Item::Sprite { x, y, sprite, tint: NO_TINT });
    }

    /// A sprite with its colours multiplied by `tint`/128.
    pub fn tinted(&mut self, x: i16, y: i16, sprite: Sprite, tint: Rgb) {
        self.push(Item::Sprite { x, y, sprite, tint });
    }

    /// A rectangle's outline, `t` pixels thick.
    pub fn outline(&mut self, x: i16, y: i16, w: u16, h: u16, t: u16, color: Rgb) {
        let (wi, hi, ti) = (w as i16, h as i16, t as i16);
        self.fill(x, y, w, t, color);
        self.fill(x, y + hi - ti, w, t, color);
        self.fill(x, y + ti, t, h.saturating_sub(2 * t), color);
        self.fill(x + wi - ti, y + ti, t, h.saturating_sub(2 * t), color);
    }

    /// The items, back to front.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// How many items did not fit this frame.
    pub fn dropped(&self) -> u16 {
        self.dropped
    }
}
