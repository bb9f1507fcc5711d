//! The drawing basics every screen uses: the screen's size, the pictures
//! ([`Skin`]), the colours ([`palette`]), text, panels and the message bar.
//! Below every screen: the App's menus ([`super::render`]) and each game's
//! table draw with these, and nothing here knows a game.

use crate::cards::Card;
use crate::draw::{DrawList, Rgb, Sprite};
use crate::settings::FaceStyle;

/// Screen width.
pub const SCREEN_W: i16 = 320;

/// Screen height.
pub const SCREEN_H: i16 = 240;

/// The TV-safe area: every card and every word stays inside it. A CRT
/// crops 5-10% of each edge; 8% of the width and of the height (26 x 19
/// pixels) keeps what the player must read clear of the worst of them.
/// `tests/layout.rs` holds every screen to it.
pub const SAFE_LEFT: i16 = 26;
/// Top edge of the safe area.
pub const SAFE_TOP: i16 = 19;
/// Right edge of the safe area (the first column outside it).
pub const SAFE_RIGHT: i16 = SCREEN_W - 26;
/// Bottom edge of the safe area (the first row outside it).
pub const SAFE_BOTTOM: i16 = SCREEN_H - 19;

/// Top of the message strip: the bottom of the safe area, two lines of
/// words in their frame high, which no table deals a card into. Every
/// message, hint, refusal and loss's reason is drawn there
/// ([`message_bar`]), so none hides a card the player needs.
pub const STRIP_TOP: i16 = SAFE_BOTTOM - STRIP_H;

/// Top of the message strip's last line: a one-line message's box. A fan
/// too long to show every card's index above the strip may reach down to
/// here, where a one-line message leaves it in view.
pub const STRIP_LINE_TOP: i16 = SAFE_BOTTOM - 16;

/// Height of the message strip: two lines of the font (10 rows each, 2
/// between), two rows of space over them and under them, and a 1-pixel
/// frame (a table's cards end at least a pixel above it).
pub const STRIP_H: i16 = 28;

/// Card size classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSize {
    /// For grids up to 12x8.
    Large,
    /// For the larger grids.
    Compact,
}

/// The pictures: card faces, backs, the font.
pub trait Skin {
    /// Draws a card's face with its top-left at (x, y); `tint` multiplies its
    /// colours (128 = as drawn).
    #[allow(clippy::too_many_arguments)]
    fn card(&self, list: &mut DrawList, x: i16, y: i16, card: Card, face: FaceStyle, size: CardSize, tint: Rgb);
    /// Draws the card back (the stock).
    fn back(&self, list: &mut DrawList, x: i16, y: i16, size: CardSize);
    /// A character of the font, if it has one (`♠♥♦♣` included), and how
    /// far the pen moves after it.
    fn glyph(&self, ch: char) -> Option<(Sprite, i16)>;
    /// A typical character width (for laying out digits and wrapping).
    fn advance(&self) -> i16;
    /// Width of a text in pixels.
    fn text_width(&self, s: &str) -> i16 {
        s.chars()
            .map(
                |c| {
                    if c == ' ' {
                        self.advance()
                    } else {
                        self.glyph(c).or_else(|| self.glyph('?')).map_or(0, |g| g.1)
                    }
                },
            )
            .sum()
    }
    /// Height of a line of text.
    fn line_height(&self) -> i16;
    /// Width and height of a card of this size.
    fn card_size(&self, size: CardSize) -> (i16, i16);
}

/// Colours of the table.
pub mod palette {
    use crate::draw::Rgb;
    /// The felt.
    pub const FELT: Rgb = Rgb(16, 92, 52);
    /// An empty cell.
    pub const CELL: Rgb = Rgb(22, 110, 64);
    /// The side panel.
    pub const PANEL: Rgb = Rgb(10, 60, 34);
    /// The cursor.
    pub const CURSOR: Rgb = Rgb(255, 214, 64);
    /// Legal cells of the held card.
    pub const LEGAL: Rgb = Rgb(120, 240, 140);
    /// Cards of the held card's rank or suit.
    pub const SAME: Rgb = Rgb(90, 160, 255);
    /// Text.
    pub const TEXT: Rgb = Rgb(240, 240, 220);
    /// Dim text.
    pub const DIM: Rgb = Rgb(120, 160, 130);
    /// Menu box.
    pub const BOX: Rgb = Rgb(8, 32, 20);
    /// Highlighted menu row.
    pub const SELECTED: Rgb = Rgb(255, 214, 64);
}

/// The cursor's ring round a card `size` wide and high at (x, y), pulsing
/// (2 pixels thick, then 1, a quarter of a second each): on the card's
/// own edge, inside it, so it covers no neighbour's corner and no more of
/// the card than its frame and the margin round its index.
pub fn ring(list: &mut DrawList, x: i16, y: i16, size: (i16, i16), frame: u32, color: Rgb) {
    let thick = if frame / 15 % 2 == 0 { 2 } else { 1 };
    list.outline(x, y, size.0 as u16, size.1 as u16, thick, color);
}

/// Writes text at (x, y); returns the x after the last character.
pub fn text(list: &mut DrawList, skin: &impl Skin, x: i16, y: i16, s: &str, color: Rgb) -> i16 {
    let mut cx = x;
    for ch in s.chars() {
        if ch == ' ' {
            cx += skin.advance();
            continue;
        }
        if let Some((g, adv)) = skin.glyph(ch).or_else(|| skin.glyph('?')) {
            list.tinted(cx, y, g, tint_of(color));
            cx += adv;
        }
    }
    cx
}

/// Text centred on `cx`.
pub fn text_centred(list: &mut DrawList, skin: &impl Skin, cx: i16, y: i16, s: &str, color: Rgb) {
    let w = skin.text_width(s);
    text(list, skin, cx - w / 2, y, s, color);
}

/// A tint that turns the font's white into `c` (GPU modulation: 128 = 1.0).
fn tint_of(c: Rgb) -> Rgb {
    Rgb(c.0 / 2 + 1, c.1 / 2 + 1, c.2 / 2 + 1)
}

/// A box across the safe area from `y`, `h` high, its title at the top
/// (the next line is best started at `y + 19`). Its frame lies inside the
/// safe area too: a frame cut by the TV's edge reads as a fault.
pub fn centre_box(list: &mut DrawList, skin: &impl Skin, title: &str, y: i16, h: i16) {
    let x = SAFE_LEFT;
    let w = SAFE_RIGHT - SAFE_LEFT;
    list.fill(x, y, w as u16, h as u16, palette::BOX);
    list.outline(x, y, w as u16, h as u16, 1, palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, y + 6, title, palette::SELECTED);
}

/// A menu over the board.
pub fn menu(list: &mut DrawList, skin: &impl Skin, head: &str, items: &[&str], sel: u8) {
    menu_with(list, skin, &[(head, palette::DIM)], items, sel);
}

/// A menu over the board under one or more heading lines, each in its
/// colour; as wide as its longest line needs (200 pixels at least, the
/// safe area's width at most).
pub fn menu_with(list: &mut DrawList, skin: &impl Skin, heads: &[(&str, Rgb)], items: &[&str], sel: u8) {
    let lh = skin.line_height() + 4;
    let h = (items.len() as i16 + heads.len() as i16 + 1) * lh + 8;
    let widest = heads.iter().map(|(t, _)| skin.text_width(t)).max().unwrap_or(0);
    let w: i16 = (widest + 24).clamp(200, SAFE_RIGHT - SAFE_LEFT);
    let (x, y) = ((SCREEN_W - w) / 2, (SCREEN_H - h) / 2);
    list.fill(x, y, w as u16, h as u16, palette::BOX);
    list.outline(x, y, w as u16, h as u16, 1, palette::DIM);
    for (i, (head, color)) in heads.iter().enumerate() {
        text_centred(list, skin, SCREEN_W / 2, y + 6 + i as i16 * lh, head, *color);
    }
    let first = heads.len() as i16 - 1;
    for (i, item) in items.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let ty = y + 6 + (i as i16 + 1 + first) * lh + 4;
        if i as u8 == sel {
            text(list, skin, x + 12, ty, ">", color);
        }
        text(list, skin, x + 28, ty, item, color);
    }
}

/// Splits a message into at most two lines that fit the screen, at a space.
pub fn wrap(msg: &str, max_chars: usize) -> (&str, &str) {
    if msg.chars().count() <= max_chars {
        return (msg, "");
    }
    let cut = msg.char_indices().take_while(|(i, _)| *i <= max_chars).filter(|(_, c)| *c == ' ').map(|(i, _)| i).last();
    match cut {
        Some(i) => (&msg[..i], &msg[i + 1..]),
        None => msg.split_at(msg.char_indices().nth(max_chars).map_or(msg.len(), |(i, _)| i)),
    }
}

/// Splits a message into at most two lines, the first as long as fits
/// `width` pixels in the skin's font, at a space (at a character when a
/// word alone is wider).
pub fn wrap_to<'a>(skin: &impl Skin, msg: &'a str, width: i16) -> (&'a str, &'a str) {
    // One pass, the pen's x summed as the text is drawn: the last space
    // before the line is full, or the character that overflows it.
    let mut x = 0;
    let mut space = None;
    for (i, c) in msg.char_indices() {
        if c == ' ' {
            space = Some(i);
        }
        x += if c == ' ' { skin.advance() } else { skin.glyph(c).or_else(|| skin.glyph('?')).map_or(0, |g| g.1) };
        if x > width {
            return match space {
                Some(s) => (&msg[..s], &msg[s + 1..]),
                None => msg.split_at(i),
            };
        }
    }
    (msg, "")
}

/// A message as a sentence, in the player's words
/// ([`in_words`](super::words::in_words): `Q♦`, `stack 3`), its first
/// letter a capital (the rules' words, `no legal move`, are shared with the
/// host tools, which print them as they are).
pub fn sentence(msg: &str) -> heapless::String<160> {
    let mut words: heapless::String<160> = heapless::String::new();
    let _ = super::words::in_words(msg, &mut words);
    let mut out = heapless::String::new();
    let mut chars = words.as_str().chars();
    if let Some(first) = chars.next() {
        let _ = out.push(first.to_ascii_uppercase());
    }
    for c in chars {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}

/// A message in the message strip ([`STRIP_TOP`]), across the safe area.
pub fn message_bar(list: &mut DrawList, skin: &impl Skin, msg: &str) {
    message_bar_in(list, skin, msg, SAFE_LEFT, SAFE_RIGHT);
}

/// A message in the message strip ([`STRIP_TOP`]), centred between `left`
/// and `right`, its frame too: one line at the strip's foot, or two.
pub fn message_bar_in(list: &mut DrawList, skin: &impl Skin, msg: &str, left: i16, right: i16) {
    let msg = sentence(msg);
    let msg = msg.as_str();
    let lh = skin.line_height();
    let (a, b) = wrap_to(skin, msg, right - left - 12);
    let lines = if b.is_empty() { 1 } else { 2 };
    let w = (skin.text_width(a).max(skin.text_width(b)) + 12).min(right - left);
    let h = lines * (lh + 2) + 4;
    let x = (left + right - w) / 2;
    let y = SAFE_BOTTOM - h;
    list.fill(x, y, w as u16, h as u16, palette::BOX);
    list.outline(x, y, w as u16, h as u16, 1, palette::CURSOR);
    text(list, skin, x + 6, y + 3, a, palette::TEXT);
    if !b.is_empty() {
        text(list, skin, x + 6, y + 3 + lh + 2, b, palette::TEXT);
    }
}
