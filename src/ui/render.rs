//! Draws the application state into a [`DrawList`]: the board, the hand
//! panel, highlights, the cursor, animations, menus and messages.
//!
//! Where the pictures come from is a [`Skin`]: the PS1 build uses the
//! sprites packed at build time; host tests use a stand-in, so the layout
//! is tested without any texture.

use super::farewell::{AnimKind, Focus, Play, ANIM_FRAMES};
use super::{stats, App, FaceStyle, GameId, Screen, GAMES, GAME_MENU, LOST_MENU, PAUSE_MENU, WON_MENU};
use crate::draw::{DrawList, Rgb, Sprite, NO_TINT};
use crate::games::farewell::{Card, Cell, CellSet, Rank, Status};
use crate::input::Buttons;
use core::fmt::Write;
use heapless::String;

/// Screen width.
pub const SCREEN_W: i16 = 320;
/// Screen height.
pub const SCREEN_H: i16 = 240;

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

/// Where things go on screen for a grid size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Card size class.
    pub size: CardSize,
    /// Card width and height.
    pub card: (i16, i16),
    /// Distance between neighbouring cells.
    pub pitch: (i16, i16),
    /// Top-left of cell r0c0.
    pub origin: (i16, i16),
    /// Left edge of the side panel.
    pub panel_x: i16,
}

/// Width of the side panel.
pub const PANEL_W: i16 = 40;

impl Layout {
    /// The layout for a `w` x `h` grid: large cards when they fit beside the
    /// panel, compact ones otherwise; the grid centred in what is left.
    pub fn new(skin: &impl Skin, w: u8, h: u8) -> Layout {
        let fits = |size: CardSize| {
            let (cw, ch) = skin.card_size(size);
            let pitch = (cw + 1, ch + 1);
            (
                i16::from(w) * pitch.0 <= SCREEN_W - PANEL_W - 2 && i16::from(h) * pitch.1 <= SCREEN_H - 4,
                pitch,
                (cw, ch),
            )
        };
        let (size, (_, pitch, card)) = match fits(CardSize::Large) {
            f @ (true, ..) => (CardSize::Large, f),
            _ => (CardSize::Compact, fits(CardSize::Compact)),
        };
        let grid_w = i16::from(w) * pitch.0;
        let grid_h = i16::from(h) * pitch.1;
        let area_w = SCREEN_W - PANEL_W;
        Layout { size, card, pitch, origin: ((area_w - grid_w) / 2, (SCREEN_H - grid_h) / 2), panel_x: area_w }
    }

    /// Top-left pixel of a cell.
    pub fn cell_xy(&self, c: Cell) -> (i16, i16) {
        (self.origin.0 + i16::from(c.col) * self.pitch.0, self.origin.1 + i16::from(c.row) * self.pitch.1)
    }

    /// Top-left pixel of a hand slot.
    pub fn slot_xy(&self, slot: u8) -> (i16, i16) {
        (self.panel_x + (PANEL_W - self.card.0) / 2, 14 + i16::from(slot) * (self.card.1 + 4))
    }

    /// Top-left of the stock pile.
    pub fn stock_xy(&self) -> (i16, i16) {
        (self.panel_x + (PANEL_W - self.card.0) / 2, SCREEN_H - self.card.1 - 12)
    }
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

/// Draws the whole frame.
pub fn draw(app: &App, held_buttons: Buttons, skin: &impl Skin, list: &mut DrawList) {
    list.clear();
    list.fill(0, 0, SCREEN_W as u16, SCREEN_H as u16, palette::FELT);
    match app.screen() {
        Screen::Title { sel } => {
            title(list, skin, sel, app.frame());
            notice(app, list, skin);
        }
        Screen::GameMenu { sel } => {
            game_menu(app.game, list, skin, sel);
            notice(app, list, skin);
        }
        Screen::Stats { scroll } => statistics(app, list, skin, scroll),
        Screen::ResetStats => {
            statistics(app, list, skin, 0);
            centre_box(list, skin, "Reset statistics?", 80, 72);
            text_centred(list, skin, SCREEN_W / 2, 102, app.game.name(), palette::TEXT);
            text_centred(list, skin, SCREEN_W / 2, 116, "Every game played is forgotten.", palette::DIM);
            text_centred(list, skin, SCREEN_W / 2, 134, "X reset   O keep", palette::SELECTED);
        }
        Screen::DealNumber { digits, pos } => {
            centre_box(list, skin, "Deal number", 84, 72);
            let x0 = SCREEN_W / 2 - 5 * skin.advance();
            for (i, d) in digits.iter().enumerate() {
                let color = if i as u8 == pos { palette::SELECTED } else { palette::TEXT };
                let ch = [(b'0' + d) as char];
                let mut s: String<4> = String::new();
                let _ = s.push(ch[0]);
                text(list, skin, x0 + i as i16 * skin.advance(), 110, &s, color);
            }
            text_centred(list, skin, SCREEN_W / 2, 130, "Up/Down change  X play", palette::DIM);
            text_centred(list, skin, SCREEN_W / 2, 142, "O back", palette::DIM);
        }
        Screen::Options { sel, .. } => options(app, list, skin, sel),
        Screen::Help => match app.game {
            game => help_lines(list, skin, super::session::Session::help(game).unwrap_or(&HELP)),
        },
        Screen::Play => table(app, held_buttons, skin, list),
        Screen::Resume => {
            centre_box(list, skin, "A game is saved", 70, 100);
            text_centred(list, skin, SCREEN_W / 2, 84, app.game.name(), palette::DIM);
            if let Some((seed, moves)) = app.resumable_summary() {
                let mut t: String<40> = String::new();
                let _ = write!(t, "Resume deal #{seed}?");
                text_centred(list, skin, SCREEN_W / 2, 100, &t, palette::TEXT);
                let mut t: String<40> = String::new();
                match (app.game, app.resumable()) {
                    (GameId::Farewell, Some(g)) => {
                        let o = g.options();
                        let _ = write!(t, "{}x{}, {moves} moves made", o.width, o.height);
                    }
                    _ => {
                        let _ = write!(t, "{moves} moves made");
                    }
                }
                text_centred(list, skin, SCREEN_W / 2, 116, &t, palette::DIM);
            }
            text_centred(list, skin, SCREEN_W / 2, 140, "X resume   O title", palette::SELECTED);
        }
        Screen::Format => {
            centre_box(list, skin, "Memory card", 60, 120);
            text_centred(list, skin, SCREEN_W / 2, 86, "The card in slot 1 is", palette::TEXT);
            text_centred(list, skin, SCREEN_W / 2, 100, "not formatted. Format it?", palette::TEXT);
            text_centred(list, skin, SCREEN_W / 2, 118, "Everything on it is lost.", palette::DIM);
            text_centred(list, skin, SCREEN_W / 2, 150, "X format   O no", palette::SELECTED);
        }
        Screen::Replace => {
            centre_box(list, skin, "Memory card", 60, 120);
            text_centred(list, skin, SCREEN_W / 2, 86, "The save on the card in", palette::TEXT);
            text_centred(list, skin, SCREEN_W / 2, 100, "slot 1 is damaged. Replace it?", palette::TEXT);
            text_centred(list, skin, SCREEN_W / 2, 118, "What it held is lost.", palette::DIM);
            text_centred(list, skin, SCREEN_W / 2, 150, "X replace   O no", palette::SELECTED);
        }
        Screen::Demo => {
            table(app, Buttons::empty(), skin, list);
            list.fill(0, 0, (SCREEN_W - PANEL_W) as u16, 12, palette::BOX);
            let mut head: String<64> = String::new();
            let _ = write!(head, "DEMO: {} - press any button", app.game.name());
            text_centred(list, skin, (SCREEN_W - PANEL_W) / 2, 2, &head, palette::SELECTED);
        }
        Screen::Pause { sel } => {
            table(app, held_buttons, skin, list);
            let mut head: String<32> = String::new();
            let _ = write!(head, "Deal #{}", app.seed());
            menu(list, skin, &head, &PAUSE_MENU, sel);
        }
        Screen::Over { sel } => {
            table(app, held_buttons, skin, list);
            match (app.game, app.play(), app.session()) {
                (GameId::Farewell, Some(p), _) => over(p, app.frame(), list, skin, sel),
                (_, _, Some(p)) => session_over(p, app.frame(), list, skin, sel),
                _ => {}
            }
        }
    }
}

/// The emblem of a game on the title: a king from the card art.
fn emblem(game: GameId) -> Card {
    let suit = match game {
        GameId::Farewell => crate::cards::Suit::Spades,
        GameId::Corners => crate::cards::Suit::Hearts,
        GameId::Albert => crate::cards::Suit::Diamonds,
        GameId::Kingdoms => crate::cards::Suit::Clubs,
    };
    Card::new(Rank::KING, suit)
}

fn title(list: &mut DrawList, skin: &impl Skin, sel: u8, frame: u32) {
    text_centred(list, skin, SCREEN_W / 2, 18, "FAREWELL TO KINGS", palette::SELECTED);
    text_centred(list, skin, SCREEN_W / 2, 32, "and other king patiences", palette::DIM);
    let (cw, ch) = skin.card_size(CardSize::Compact);
    let row_h = ch + 10;
    let y0 = 56;
    for (i, game) in GAMES.iter().enumerate() {
        let y = y0 + i as i16 * row_h;
        let chosen = i as u8 == sel;
        let x = 64;
        if chosen {
            list.fill(x - 8, y - 4, (SCREEN_W - 2 * (x - 8)) as u16, (ch + 8) as u16, palette::BOX);
            list.outline(x - 8, y - 4, (SCREEN_W - 2 * (x - 8)) as u16, (ch + 8) as u16, 1, palette::CURSOR);
        }
        skin.card(list, x, y, emblem(*game), FaceStyle::Standard, CardSize::Compact, NO_TINT);
        let color = if chosen { palette::SELECTED } else { palette::TEXT };
        text(list, skin, x + cw + 10, y + 2, game.name(), color);
        text(list, skin, x + cw + 10, y + 2 + skin.line_height() + 1, game.author(), palette::DIM);
    }
    let hint = if frame / 30 % 2 == 0 { "X choose   START new game" } else { "" };
    text_centred(list, skin, SCREEN_W / 2, 190, hint, palette::TEXT);
}

/// The chosen game's menu.
fn game_menu(game: GameId, list: &mut DrawList, skin: &impl Skin, sel: u8) {
    text_centred(list, skin, SCREEN_W / 2, 24, game.name(), palette::SELECTED);
    text_centred(list, skin, SCREEN_W / 2, 38, game.author(), palette::DIM);
    let (cw, _) = skin.card_size(CardSize::Large);
    skin.card(list, SCREEN_W / 2 - cw / 2, 54, emblem(game), FaceStyle::Standard, CardSize::Large, NO_TINT);
    for (i, item) in GAME_MENU.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let y = 100 + i as i16 * 16;
        if i as u8 == sel {
            text(list, skin, SCREEN_W / 2 - 64, y, ">", color);
        }
        text_centred(list, skin, SCREEN_W / 2, y, item, color);
    }
    text_centred(list, skin, SCREEN_W / 2, 190, "X choose   O back", palette::DIM);
}

/// The Statistics screen: totals, then a row per option set played.
fn statistics(app: &App, list: &mut DrawList, skin: &impl Skin, scroll: u8) {
    centre_box(list, skin, "Statistics", 12, 216);
    text_centred(list, skin, SCREEN_W / 2, 26, app.game.name(), palette::DIM);
    let t = stats::totals(app);
    let mut line: String<64> = String::new();
    let _ = write!(line, "Played {}  won {} ({}%)", t.played, t.won, stats::percent(&t));
    text_centred(list, skin, SCREEN_W / 2, 44, &line, palette::TEXT);
    line.clear();
    let _ = write!(line, "Streak {}  best streak {}", t.streak, t.best_streak);
    text_centred(list, skin, SCREEN_W / 2, 58, &line, palette::TEXT);
    let y0 = 80;
    text(list, skin, 32, y0, "Options", palette::DIM);
    const COLS: [(i16, &str); 4] = [(170, "played"), (210, "won"), (244, "%"), (272, "best")];
    for (x, head) in COLS {
        text(list, skin, x, y0, head, palette::DIM);
    }
    let mut any = false;
    for (i, row) in stats::rows(app).skip(usize::from(scroll)).take(usize::from(stats::VISIBLE)).enumerate() {
        any = true;
        let y = y0 + 16 + i as i16 * 14;
        text(list, skin, 32, y, &row.label, palette::TEXT);
        let r = &row.tally;
        for (col, n) in [r.played, r.won, stats::percent(r), u32::from(r.best_streak)].into_iter().enumerate() {
            line.clear();
            let _ = write!(line, "{n}");
            text(list, skin, COLS[col].0, y, &line, palette::TEXT);
        }
    }
    if !any {
        text_centred(list, skin, SCREEN_W / 2, y0 + 30, "No game finished yet", palette::DIM);
    }
    text_centred(list, skin, SCREEN_W / 2, 206, "[] reset   O back   Up/Down scroll", palette::DIM);
}

/// The memory card's notice under the title menu.
fn notice(app: &App, list: &mut DrawList, skin: &impl Skin) {
    if let Some(n) = app.notice() {
        let (a, b) = wrap(n, 38);
        text_centred(list, skin, SCREEN_W / 2, 210, a, palette::DIM);
        text_centred(list, skin, SCREEN_W / 2, 220, b, palette::DIM);
    }
}

/// A box across the screen from `y`, `h` high, its title at the top.
fn centre_box(list: &mut DrawList, skin: &impl Skin, title: &str, y: i16, h: i16) {
    list.fill(20, y, (SCREEN_W - 40) as u16, h as u16, palette::BOX);
    list.outline(20, y, (SCREEN_W - 40) as u16, h as u16, 1, palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, y + 6, title, palette::SELECTED);
}

/// A menu over the board.
fn menu(list: &mut DrawList, skin: &impl Skin, head: &str, items: &[&str], sel: u8) {
    let lh = skin.line_height() + 4;
    let h = (items.len() as i16 + 2) * lh + 8;
    let w: i16 = 200;
    let (x, y) = ((SCREEN_W - w) / 2, (SCREEN_H - h) / 2);
    list.fill(x, y, w as u16, h as u16, palette::BOX);
    list.outline(x, y, w as u16, h as u16, 1, palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, y + 6, head, palette::DIM);
    for (i, item) in items.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let ty = y + 6 + (i as i16 + 1) * lh + 4;
        if i as u8 == sel {
            text(list, skin, x + 12, ty, ">", color);
        }
        text(list, skin, x + 28, ty, item, color);
    }
}

fn options(app: &App, list: &mut DrawList, skin: &impl Skin, sel: u8) {
    centre_box(list, skin, "Options", 30, 194);
    let s = &app.settings;
    let y0 = 54;
    let rows = super::option_rows(app.game);
    let albert = {
        use crate::games::{albert, Patience};
        albert::Game::options_from_code(app.others[1].options).unwrap_or_default()
    };
    for (i, row) in rows.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let y = y0 + i as i16 * 16;
        text(list, skin, 40, y, row, color);
        let mut v: String<24> = String::new();
        let _ = match (*row, app.game) {
            ("Effects", _) => write!(v, "< {} >", app.volumes.effects),
            ("Music", _) => write!(v, "< {} >", app.volumes.music),
            ("Card faces", _) => {
                write!(v, "< {} >", if s.face == FaceStyle::Standard { "standard" } else { "4-colour" })
            }
            ("Starting rank", _) => write!(
                v,
                "< {} >",
                ["none", "aces up", "twos up", "threes up", "fours up", "fives up"]
                    [usize::from(albert.start.count()).min(5)]
            ),
            ("Automatic moves", _) => write!(v, "< {} >", if albert.auto { "on" } else { "off" }),
            ("Winnable only", _) => match app.winnable_only() {
                (false, _) => write!(v, "< no >"),
                (true, 0) => write!(v, "< yes: none proven >"),
                (true, n) => write!(v, "< yes: {n} deals >"),
            },
            (_, GameId::Corners | GameId::Kingdoms | GameId::Albert) => Ok(()),
            ("Grid size", _) => write!(v, "< {}x{} >", s.options.width, s.options.height),
            ("Kings start", _) => write!(v, "< {} >", s.options.kings.name()),
            ("Easy", _) => write!(v, "< {} >", if s.options.easy { "yes" } else { "no" }),
            ("Legal cells", _) => write!(v, "< {} >", if s.highlight { "on" } else { "off" }),
            _ => Ok(()),
        };
        text(list, skin, 170, y, &v, color);
    }
    // The deal options, and every game's "winnable only", apply to the
    // next deal.
    text_centred(list, skin, SCREEN_W / 2, y0 + rows.len() as i16 * 16 + 2, "Applies to the next deal", palette::DIM);
    if app.volumes.muted {
        text_centred(
            list,
            skin,
            SCREEN_W / 2,
            y0 + rows.len() as i16 * 16 + 14,
            "Muted: SELECT on the title",
            palette::DIM,
        );
    }
}

/// The help screen's lines.
pub const HELP: [&str; 13] = [
    "D-pad    move the cursor",
    "X        pick up / place / deal",
    "O        put the card back",
    "L1 R1    next / previous card",
    "/\\       undo",
    "SELECT   legal cells on/off",
    "[]       hint",
    "L2 hold  same rank",
    "R2 hold  same suit",
    "START    pause menu",
    "",
    "Match every neighbour in suit or",
    "rank. Fill 2x2 books, aces first.",
];

fn help_lines(list: &mut DrawList, skin: &impl Skin, lines: &[&str]) {
    centre_box(list, skin, "How to play", 16, 208);
    for (i, l) in lines.iter().enumerate() {
        text(list, skin, 32, 34 + i as i16 * 14, l, palette::TEXT);
    }
}

/// The chosen game's table, as it is played.
fn table(app: &App, held_buttons: Buttons, skin: &impl Skin, list: &mut DrawList) {
    match (app.game, app.play(), app.session()) {
        (GameId::Farewell, Some(p), _) => board(app, p, held_buttons, skin, list),
        (_, _, Some(p)) => p.draw(app.settings.face, app.frame(), skin, list),
        _ => {}
    }
}

/// The end of a game other than A Farewell to Kings: the win (after a
/// moment to see it), or the reason for the loss.
fn session_over(p: &super::session::Session, frame: u32, list: &mut DrawList, skin: &impl Skin, sel: u8) {
    use super::session::End;
    let mut head: String<64> = String::new();
    match p.end() {
        End::Won => {
            if frame.wrapping_sub(p.ended_at().unwrap_or(frame)) < 90 {
                return; // let the win show first
            }
            let _ = write!(head, "Won! Deal #{} in {} moves", p.seed(), p.move_count());
            let title = if p.game() == GameId::Corners { "Every face card is home" } else { "All cards are home" };
            menu(list, skin, title, &WON_MENU, sel);
            text_centred(list, skin, SCREEN_W / 2, 8, &head, palette::SELECTED);
        }
        End::Lost => {
            menu(list, skin, "No move left", &LOST_MENU, sel);
            let _ = head.write_str("Lost: ");
            let _ = p.write_loss(&mut head);
            message_bar(list, skin, &head);
        }
        End::Playing => {}
    }
}

fn over(p: &Play, frame: u32, list: &mut DrawList, skin: &impl Skin, sel: u8) {
    let g = p.game();
    let mut head: String<64> = String::new();
    match g.status() {
        Status::Won => {
            let _ = write!(head, "Farewell, kings! Deal #{} in {} moves", g.seed(), g.move_count());
            let since = frame.wrapping_sub(p.ended_at().unwrap_or(frame));
            if since < 90 {
                return; // let the kings leave first
            }
            menu(list, skin, "The kings have left", &WON_MENU, sel);
            text_centred(list, skin, SCREEN_W / 2, 40, &head, palette::SELECTED);
        }
        Status::Lost(l) => lost_box(list, skin, l.describe(), sel),
        _ => {}
    }
}

/// The loss screen: one box over the grid, never over the side panel (the
/// hand and the stock the reason speaks of stay in view), the grid dimmed
/// around it: "No move left", the reason on up to two lines, the menu.
fn lost_box(list: &mut DrawList, skin: &impl Skin, reason: &str, sel: u8) {
    let area_w = SCREEN_W - PANEL_W;
    let w = area_w - 24;
    let x = (area_w - w) / 2;
    let max = ((w - 16) / skin.advance()) as usize;
    let (a, b) = wrap(reason, max);
    let reason_lines: i16 = if b.is_empty() { 1 } else { 2 };
    let lh = skin.line_height() + 4;
    let menu_y = 6 + lh + reason_lines * (skin.line_height() + 2) + 8;
    let h = menu_y + LOST_MENU.len() as i16 * lh + 6;
    let y = (SCREEN_H - h) / 2;
    // The final position stays readable, dimmed, around the box: no card
    // edge pokes out bright beside it.
    list.shade(0, 0, area_w as u16, SCREEN_H as u16, palette::BOX);
    list.fill(x, y, w as u16, h as u16, palette::BOX);
    list.outline(x, y, w as u16, h as u16, 1, palette::DIM);
    let cx = x + w / 2;
    text_centred(list, skin, cx, y + 6, "No move left", palette::DIM);
    for (i, line) in [a, b].iter().take(reason_lines as usize).enumerate() {
        text_centred(list, skin, cx, y + 6 + lh + i as i16 * (skin.line_height() + 2), line, palette::TEXT);
    }
    let items_x = x + (w - 140) / 2;
    for (i, item) in LOST_MENU.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let ty = y + menu_y + i as i16 * lh;
        if i as u8 == sel {
            text(list, skin, items_x, ty, ">", color);
        }
        text(list, skin, items_x + 16, ty, item, color);
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

/// A message in a box at the bottom of the screen (two lines at most).
pub fn message_bar(list: &mut DrawList, skin: &impl Skin, msg: &str) {
    let lh = skin.line_height();
    let max = ((SCREEN_W - 16) / skin.advance()) as usize;
    let (a, b) = wrap(msg, max);
    let lines = if b.is_empty() { 1 } else { 2 };
    let w = (skin.text_width(a).max(skin.text_width(b)) + 12).min(SCREEN_W);
    let h = lines * (lh + 2) + 4;
    let x = (SCREEN_W - w) / 2;
    let y = SCREEN_H - h - 4;
    list.fill(x, y, w as u16, h as u16, palette::BOX);
    list.outline(x, y, w as u16, h as u16, 1, palette::CURSOR);
    text(list, skin, x + 6, y + 3, a, palette::TEXT);
    if !b.is_empty() {
        text(list, skin, x + 6, y + 3 + lh + 2, b, palette::TEXT);
    }
}

/// How far (0..=ANIM_FRAMES) an animation has run.
fn progress(start: u32, frame: u32) -> Option<i16> {
    let t = frame.wrapping_sub(start);
    (t < ANIM_FRAMES && frame >= start).then_some(t as i16)
}

fn lerp(a: (i16, i16), b: (i16, i16), t: i16) -> (i16, i16) {
    let n = ANIM_FRAMES as i16;
    (a.0 + (b.0 - a.0) * t / n, a.1 + (b.1 - a.1) * t / n)
}

fn board(app: &App, p: &Play, held_buttons: Buttons, skin: &impl Skin, list: &mut DrawList) {
    let g = p.game();
    let o = g.options();
    let lay = Layout::new(skin, o.width, o.height);
    let frame = app.frame();
    let face = app.settings.face;
    let won = g.status() == Status::Won;
    let since_end = frame.wrapping_sub(p.ended_at().unwrap_or(frame));

    // Cards still arriving are drawn by their animation, not in place.
    let mut arriving = CellSet::EMPTY;
    let mut arriving_slots = 0u8;
    for a in p.anims() {
        match a.kind {
            AnimKind::Slide { to, .. } if frame < a.start + ANIM_FRAMES => arriving.insert(to),
            AnimKind::Deal { slot, .. } if frame < a.start + ANIM_FRAMES => arriving_slots |= 1 << slot,
            _ => {}
        }
    }

    // Highlights.
    let held = p.held();
    let mut legal = CellSet::EMPTY;
    let mut same = CellSet::EMPTY;
    if let Some(c) = held {
        if app.settings.highlight {
            legal = g.playable_cells(c);
        }
        if held_buttons.contains(Buttons::L2) {
            same = g.cells_of_rank(c.rank());
        }
        if held_buttons.contains(Buttons::R2) {
            same = same | g.cells_of_suit(c.suit());
        }
    }

    list.fill(lay.panel_x, 0, PANEL_W as u16, SCREEN_H as u16, palette::PANEL);
    for r in 0..o.height {
        for c in 0..o.width {
            let cell = Cell::new(r, c);
            let (x, y) = lay.cell_xy(cell);
            match g.card_at(cell) {
                Some(card) if !arriving.contains(cell) => {
                    if won && card.is_king() {
                        // The kings leave: they rise off the top of the screen.
                        let dy = (since_end.min(120) as i16) * 2;
                        skin.card(list, x, y - dy, card, face, lay.size, NO_TINT);
                        continue;
                    }
                    skin.card(list, x, y, card, face, lay.size, NO_TINT);
                    if same.contains(cell) {
                        list.shade(x, y, lay.card.0 as u16, lay.card.1 as u16, palette::SAME);
                    }
                }
                _ => {
                    list.fill(x + 1, y + 1, (lay.card.0 - 2) as u16, (lay.card.1 - 2) as u16, palette::CELL);
                    if legal.contains(cell) {
                        list.outline(x, y, lay.card.0 as u16, lay.card.1 as u16, 2, palette::LEGAL);
                    }
                }
            }
        }
    }

    // The hand.
    let hand = g.hand();
    for slot in 0..4u8 {
        let (x, y) = lay.slot_xy(slot);
        match hand[usize::from(slot)] {
            Some(card) if arriving_slots & (1 << slot) == 0 => {
                let lift = if Some(card) == held { -4 } else { 0 };
                skin.card(list, x, y + lift, card, face, lay.size, NO_TINT);
                if Some(card) == held {
                    list.outline(
                        x - 1,
                        y + lift - 1,
                        (lay.card.0 + 2) as u16,
                        (lay.card.1 + 2) as u16,
                        1,
                        palette::LEGAL,
                    );
                }
            }
            _ => list.fill(x + 1, y + 1, (lay.card.0 - 2) as u16, (lay.card.1 - 2) as u16, palette::CELL),
        }
    }
    // Stock and books removed.
    let (sx, sy) = lay.stock_xy();
    if g.stock_len() > 0 {
        skin.back(list, sx, sy, lay.size);
    }
    let mut n: String<8> = String::new();
    let _ = write!(n, "{}", g.stock_len());
    text_centred(list, skin, lay.panel_x + PANEL_W / 2, sy + lay.card.1 + 2, &n, palette::TEXT);
    let books_y = lay.slot_xy(3).1 + lay.card.1 + 8;
    for r in 1..=12u8 {
        let Some(rank) = Rank::new(r) else { continue };
        let done = g.removed().iter().any(|b| b.rank == rank);
        let col = i16::from((r - 1) % 3);
        let row = i16::from((r - 1) / 3);
        let mut s: String<2> = String::new();
        // Ten as on the cards, not the notation's T.
        let _ = if r == 10 { s.push_str("10") } else { s.push(rank.letter()).map_err(|_| ()) };
        text(
            list,
            skin,
            lay.panel_x + 4 + col * 12,
            books_y + row * (skin.line_height() + 1),
            &s,
            if done { palette::SELECTED } else { palette::DIM },
        );
    }

    // Animations.
    for a in p.anims() {
        let Some(t) = progress(a.start, frame) else { continue };
        match a.kind {
            AnimKind::Slide { card, from_slot, to } => {
                let from = from_slot.map_or((lay.panel_x, -lay.card.1), |s| lay.slot_xy(s));
                let (x, y) = lerp(from, lay.cell_xy(to), t);
                skin.card(list, x, y, card, face, lay.size, NO_TINT);
            }
            AnimKind::Deal { card, slot } => {
                let (x, y) = lerp(lay.stock_xy(), lay.slot_xy(slot), t);
                skin.card(list, x, y, card, face, lay.size, NO_TINT);
            }
            AnimKind::Book(b) => {
                let (x, y) = lay.cell_xy(b.cell);
                let cells = [(0, 0), (1, 0), (0, 1), (1, 1)];
                for (card, (dx, dy)) in b.cards.iter().zip(cells) {
                    let px = x + dx * lay.pitch.0 + (dx * 2 - 1) * t * 3;
                    let py = y + dy * lay.pitch.1 - t * 6;
                    skin.card(list, px, py, *card, face, lay.size, NO_TINT);
                }
            }
            AnimKind::Lift { card, from } => {
                let (x, y) = lay.cell_xy(from);
                skin.card(list, x, y - t, card, face, lay.size, NO_TINT);
                list.outline(x, y - t, lay.card.0 as u16, lay.card.1 as u16, 1, palette::CURSOR);
            }
        }
    }

    // Orphans waiting / kings to place: shown over the panel's top.
    if !g.orphans().is_empty() || g.status() == Status::PlacingKings {
        if let Some(c) = held {
            let (x, y) = lay.slot_xy(0);
            list.shade(lay.panel_x, 0, PANEL_W as u16, (lay.card.1 + 18) as u16, palette::BOX);
            skin.card(list, x, y - 10, c, face, lay.size, NO_TINT);
            list.outline(x - 1, y - 11, (lay.card.0 + 2) as u16, (lay.card.1 + 2) as u16, 1, palette::CURSOR);
        }
    }

    // The cursor, and the held card riding on it: none once the game is
    // over (the end screen's menu has the only choice left).
    let focus = if g.status().is_over() { None } else { Some(p.focus()) };
    match focus {
        None => {}
        Some(Focus::Grid(cell)) => {
            let (x, y) = lay.cell_xy(cell);
            if let Some(c) = held {
                if g.card_at(cell).is_none() {
                    skin.card(list, x, y, c, face, lay.size, Rgb(80, 80, 80));
                }
            }
            let pulse = if frame / 15 % 2 == 0 { 2 } else { 1 };
            list.outline(
                x - pulse,
                y - pulse,
                (lay.card.0 + 2 * pulse) as u16,
                (lay.card.1 + 2 * pulse) as u16,
                2,
                palette::CURSOR,
            );
        }
        Some(Focus::Hand(slot)) => {
            let (x, y) = lay.slot_xy(slot);
            list.outline(x - 2, y - 2, (lay.card.0 + 4) as u16, (lay.card.1 + 4) as u16, 2, palette::CURSOR);
        }
    }

    // What to do now, or the last message.
    let mut line: String<64> = String::new();
    if let Some(m) = p.message(frame) {
        let _ = line.push_str(m);
    } else if let Some(o) = g.orphans().first() {
        let _ = write!(line, "Orphan {o}: place it first (L1/R1: next)");
        let _ = o;
    } else if g.status() == Status::PlacingKings {
        if let Some(k) = held {
            let _ = write!(line, "Custom start: place {k}");
        }
    } else if g.status() == Status::Playing && held.is_none() && g.check_deal().is_ok() {
        let _ = line.push_str("Press X to deal a new hand");
    }
    if !line.is_empty() && !g.status().is_over() {
        message_bar(list, skin, &line);
    }
}
