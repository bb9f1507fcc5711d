//! Draws the application state into a [`DrawList`]: the title, the
//! menus, options, help and statistics, and over them the game in play,
//! which draws itself ([`super::screen::PlayScreen::draw`]).
//!
//! Where the pictures come from is a [`Skin`]: the PS1 build uses the
//! sprites packed at build time; host tests use a stand-in, so the layout
//! is tested without any texture.

use super::catalogue::{self, CATALOGUE};
use super::paint::{
    centre_box, menu, palette, text, text_centred, wrap, CardSize, Skin, SAFE_BOTTOM, SAFE_LEFT, SAFE_RIGHT, SAFE_TOP,
    SCREEN_H, SCREEN_W,
};
use super::screen::View;
use super::screen::{OptionRow, ScreenInfo};
use super::{game_menu as menu_rows, stats, App, FaceStyle, Screen, PAUSE_MENU};
use crate::cards::{Card, Rank};
use crate::draw::{DrawList, NO_TINT};
use crate::input::Buttons;
use heapless::String;

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
        Screen::Stats { scroll, .. } => statistics(app, list, skin, scroll),
        Screen::ResetStats { .. } => reset_question(app, list, skin),
        Screen::DealNumber { digits, pos } => deal_number(list, skin, &digits, pos),
        Screen::Options { sel, .. } => options(app, list, skin, sel),
        Screen::Help => help_page(list, skin, catalogue::screen(app.game), false),
        Screen::Tips => help_page(list, skin, catalogue::screen(app.game), true),
        Screen::Defaults { .. } => defaults_question(app, list, skin),
        Screen::Play | Screen::Guided => table(app, held_buttons, skin, list),
        Screen::Resume => resume(app, list, skin),
        Screen::Format => format_question(list, skin),
        Screen::Replace => replace_question(list, skin),
        Screen::Demo => {
            table(app, Buttons::empty(), skin, list);
            demo_band(app, list, skin);
        }
        Screen::Pause { sel } => {
            table(app, held_buttons, skin, list);
            let mut head: String<32> = String::new();
            let _ = put!(head, "Deal #", app.seed());
            menu(list, skin, &head, &PAUSE_MENU, sel);
        }
        Screen::Over { sel } => {
            table(app, held_buttons, skin, list);
            if let Some(p) = app.playing() {
                p.draw_over(&view(app, held_buttons), sel, skin, list);
            }
        }
    }
}

/// The question over the statistics: reset them?
fn reset_question(app: &App, list: &mut DrawList, skin: &impl Skin) {
    statistics(app, list, skin, 0);
    centre_box(list, skin, "Reset statistics?", 80, 72);
    text_centred(list, skin, SCREEN_W / 2, 102, catalogue::screen(app.game).name(), palette::TEXT);
    text_centred(list, skin, SCREEN_W / 2, 116, "Every game played is forgotten.", palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, 134, "X reset   O keep", palette::SELECTED);
}

/// The Deal number screen: its ten digits, the one being changed bright.
fn deal_number(list: &mut DrawList, skin: &impl Skin, digits: &[u8], pos: u8) {
    centre_box(list, skin, "Deal number", 84, 72);
    let x0 = SCREEN_W / 2 - 5 * skin.advance();
    for (i, d) in digits.iter().enumerate() {
        let color = if i as u8 == pos { palette::SELECTED } else { palette::TEXT };
        let ch = [(b'0' + d) as char];
        let mut s: String<4> = String::new();
        let _ = s.push(ch[0]);
        text(list, skin, x0 + i as i16 * skin.advance(), 110, &s, color);
    }
    text_centred(list, skin, SCREEN_W / 2, 130, "Left/Right digit  Up/Down change", palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, 142, "X play   O back", palette::DIM);
}

/// The question at boot when a game is saved: resume it?
fn resume(app: &App, list: &mut DrawList, skin: &impl Skin) {
    centre_box(list, skin, "A game is saved", 70, 100);
    let e = catalogue::screen(app.game);
    text_centred(list, skin, SCREEN_W / 2, 90, e.name(), palette::DIM);
    if let Some((seed, moves, code)) = app.resumable_summary() {
        let mut t: String<40> = String::new();
        let _ = put!(t, "Resume deal #", seed, "?");
        text_centred(list, skin, SCREEN_W / 2, 106, &t, palette::TEXT);
        t.clear();
        let _ = (e.resume_words)(code, &mut t);
        let _ = put!(t, moves, " moves made");
        text_centred(list, skin, SCREEN_W / 2, 121, &t, palette::DIM);
    }
    text_centred(list, skin, SCREEN_W / 2, 143, "X resume   O title", palette::SELECTED);
}

/// The memory card's question: format the unformatted card?
fn format_question(list: &mut DrawList, skin: &impl Skin) {
    centre_box(list, skin, "Memory card", 60, 120);
    text_centred(list, skin, SCREEN_W / 2, 86, "The card in slot 1 is", palette::TEXT);
    text_centred(list, skin, SCREEN_W / 2, 100, "not formatted. Format it?", palette::TEXT);
    text_centred(list, skin, SCREEN_W / 2, 118, "Everything on it is lost.", palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, 150, "X format   O no", palette::SELECTED);
}

/// The memory card's question: replace the damaged save?
fn replace_question(list: &mut DrawList, skin: &impl Skin) {
    centre_box(list, skin, "Memory card", 60, 120);
    text_centred(list, skin, SCREEN_W / 2, 86, "The save on the card in", palette::TEXT);
    text_centred(list, skin, SCREEN_W / 2, 100, "slot 1 is damaged. Replace it?", palette::TEXT);
    text_centred(list, skin, SCREEN_W / 2, 118, "What it held is lost.", palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, 150, "X replace   O no", palette::SELECTED);
}

/// The demo's band at the foot of the message strip, over whatever
/// one-line message the table shows there: the game's name and how to
/// leave.
fn demo_band(app: &App, list: &mut DrawList, skin: &impl Skin) {
    let (y, h) = (SAFE_BOTTOM - skin.line_height() - 6, skin.line_height() + 6);
    list.fill(SAFE_LEFT, y, (SAFE_RIGHT - SAFE_LEFT) as u16, h as u16, palette::BOX);
    list.outline(SAFE_LEFT, y, (SAFE_RIGHT - SAFE_LEFT) as u16, h as u16, 1, palette::DIM);
    let mut head: String<64> = String::new();
    let name = catalogue::screen(app.game).name();
    let _ = put!(head, "DEMO: ", name, " - press any button");
    if skin.text_width(&head) > SAFE_RIGHT - SAFE_LEFT - 8 {
        head.clear();
        let _ = put!(head, "DEMO: ", name);
    }
    text_centred(list, skin, SCREEN_W / 2, y + 3, &head, palette::SELECTED);
}

/// The emblem of a game on the title: a king from the card art.
fn emblem(e: &ScreenInfo) -> Card {
    Card::new(Rank::KING, e.emblem)
}

fn title(list: &mut DrawList, skin: &impl Skin, sel: u8, frame: u32) {
    text_centred(list, skin, SCREEN_W / 2, 22, "FAREWELL TO KINGS", palette::SELECTED);
    text_centred(list, skin, SCREEN_W / 2, 35, "and other king patiences", palette::DIM);
    let (cw, ch) = skin.card_size(CardSize::Compact);
    let row_h = ch + 10;
    let y0 = 54;
    for (i, game) in CATALOGUE.iter().enumerate() {
        let y = y0 + i as i16 * row_h;
        let chosen = i as u8 == sel;
        let x = 64;
        if chosen {
            list.fill(x - 8, y - 4, (SCREEN_W - 2 * (x - 8)) as u16, (ch + 8) as u16, palette::BOX);
            list.outline(x - 8, y - 4, (SCREEN_W - 2 * (x - 8)) as u16, (ch + 8) as u16, 1, palette::CURSOR);
        }
        skin.card(list, x, y, emblem(game), FaceStyle::Standard, CardSize::Compact, NO_TINT);
        let color = if chosen { palette::SELECTED } else { palette::TEXT };
        text(list, skin, x + cw + 10, y + 2, game.name(), color);
        text(list, skin, x + cw + 10, y + 2 + skin.line_height() + 1, game.author, palette::DIM);
    }
    let hint = if frame / 30 % 2 == 0 { "X choose   START new game" } else { "" };
    text_centred(list, skin, SCREEN_W / 2, 181, hint, palette::TEXT);
}

/// The chosen game's menu: its rows, closer together when there are six
/// (How to play last), so the last stays clear of the foot.
fn game_menu(id: crate::settings::GameId, list: &mut DrawList, skin: &impl Skin, sel: u8) {
    let game = catalogue::screen(id);
    text_centred(list, skin, SCREEN_W / 2, 24, game.name(), palette::SELECTED);
    text_centred(list, skin, SCREEN_W / 2, 38, game.author, palette::DIM);
    let (cw, _) = skin.card_size(CardSize::Large);
    skin.card(list, SCREEN_W / 2 - cw / 2, 54, emblem(game), FaceStyle::Standard, CardSize::Large, NO_TINT);
    let rows = menu_rows(id);
    let (y0, pitch) = if rows.len() > 5 { (96, 14) } else { (100, 16) };
    for (i, item) in rows.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let y = y0 + i as i16 * pitch;
        if i as u8 == sel {
            // Beside its centred item, a space's width to its left.
            text(list, skin, SCREEN_W / 2 - skin.text_width(item) / 2 - 2 * skin.advance(), y, ">", color);
        }
        text_centred(list, skin, SCREEN_W / 2, y, item, color);
    }
    text_centred(list, skin, SCREEN_W / 2, 181, "X choose   O back", palette::DIM);
}

/// The Statistics screen: totals, then a row per option set played.
fn statistics(app: &App, list: &mut DrawList, skin: &impl Skin, scroll: u8) {
    centre_box(list, skin, "Statistics", SAFE_TOP, SAFE_BOTTOM - SAFE_TOP);
    text_centred(list, skin, SCREEN_W / 2, 38, catalogue::screen(app.game).name(), palette::DIM);
    let t = stats::totals(app);
    let mut line: String<64> = String::new();
    let _ = put!(line, "Played ", t.played, "  won ", t.won, " (", stats::percent(&t), "%)");
    if t.hinted > 0 {
        let _ = put!(line, ", ", t.hinted, " with hints");
    }
    text_centred(list, skin, SCREEN_W / 2, 52, &line, palette::TEXT);
    line.clear();
    let _ = put!(line, "Streak ", t.streak, "  best streak ", t.best_streak);
    text_centred(list, skin, SCREEN_W / 2, 65, &line, palette::TEXT);
    let y0 = 84;
    text(list, skin, 32, y0, "Options", palette::DIM);
    // Every column labelled; the last ends well inside the box.
    const COLS: [(i16, &str); 4] = [(152, "games"), (192, "won"), (222, "win%"), (256, "best")];
    for (x, head) in COLS {
        text(list, skin, x, y0, head, palette::DIM);
    }
    let mut any = false;
    for (i, row) in stats::rows(app).skip(usize::from(scroll)).take(usize::from(stats::VISIBLE)).enumerate() {
        any = true;
        let y = y0 + 15 + i as i16 * 14;
        text(list, skin, 32, y, &row.label, palette::TEXT);
        let r = &row.tally;
        for (col, n) in [r.played, r.won, stats::percent(r), u32::from(r.best_streak)].into_iter().enumerate() {
            line.clear();
            let _ = put!(line, n);
            text(list, skin, COLS[col].0, y, &line, palette::TEXT);
        }
    }
    if !any {
        text_centred(list, skin, SCREEN_W / 2, y0 + 30, "No game finished yet", palette::DIM);
    }
    text_centred(list, skin, SCREEN_W / 2, 195, "best: the most wins in a row", palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, 208, "[] reset   O back   Up/Down scroll", palette::DIM);
}

/// The memory card's notice under the title menu.
fn notice(app: &App, list: &mut DrawList, skin: &impl Skin) {
    if let Some(n) = app.notice() {
        let (a, b) = wrap(n, 38);
        text_centred(list, skin, SCREEN_W / 2, 196, a, palette::DIM);
        text_centred(list, skin, SCREEN_W / 2, 208, b, palette::DIM);
    }
}

/// The Options rows' pitch: 16 pixels, closer for a game with many rows
/// (its two notes under the last row stay inside the safe area).
fn option_pitch(rows: usize) -> i16 {
    if rows > 9 {
        13
    } else {
        16
    }
}

fn options(app: &App, list: &mut DrawList, skin: &impl Skin, sel: u8) {
    centre_box(list, skin, "Options", 30, SAFE_BOTTOM - 30);
    let s = &app.settings;
    let y0 = 52;
    let e = catalogue::screen(app.game);
    let code = app.options_code();
    let pitch = option_pitch(e.options.len());
    for (i, row) in e.options.iter().enumerate() {
        let color = if i as u8 == sel { palette::SELECTED } else { palette::TEXT };
        let y = y0 + i as i16 * pitch;
        text(list, skin, 40, y, row.label(e.option_labels), color);
        let mut v: String<24> = String::new();
        let _ = match *row {
            OptionRow::Own(n) => (e.option_value)(code, n, &mut v),
            OptionRow::Effects => put!(v, "< ", app.volumes.effects, " >"),
            OptionRow::Music => put!(v, "< ", app.volumes.music, " >"),
            OptionRow::MusicInPlay => put!(v, "< ", if app.volumes.in_play { "on" } else { "off" }, " >"),
            OptionRow::Faces => {
                put!(v, "< ", if s.face == FaceStyle::Standard { "standard" } else { "4-colour" }, " >")
            }
            OptionRow::Highlight => put!(v, "< ", if s.highlight { "on" } else { "off" }, " >"),
            OptionRow::Winnable => match app.winnable_only() {
                (false, _) => put!(v, "< no >"),
                (true, 0) => put!(v, "< yes: none proven >"),
                (true, n) => put!(v, "< yes: ", n, " deals >"),
            },
            OptionRow::Back | OptionRow::Defaults => Ok(()),
        };
        text(list, skin, 170, y, &v, color);
    }
    let end = y0 + e.options.len() as i16 * pitch;
    // The deal options, and every game's "winnable only", apply to the
    // next deal: said under those rows only.
    let note = match e.options.get(usize::from(sel)) {
        Some(OptionRow::Own(_) | OptionRow::Winnable) => "Applies to the next deal",
        Some(OptionRow::Defaults) => "X: every option here back as new",
        _ => "",
    };
    text_centred(list, skin, SCREEN_W / 2, end + 2, note, palette::DIM);
    if app.volumes.muted {
        text_centred(list, skin, SCREEN_W / 2, end + 14, "Muted: SELECT on the title", palette::DIM);
    }
}

/// The question over the options: back to defaults?
fn defaults_question(app: &App, list: &mut DrawList, skin: &impl Skin) {
    options(app, list, skin, u8::MAX);
    centre_box(list, skin, "Back to defaults?", 80, 72);
    text_centred(list, skin, SCREEN_W / 2, 102, catalogue::screen(app.game).name(), palette::TEXT);
    text_centred(list, skin, SCREEN_W / 2, 116, "Every option as at first.", palette::DIM);
    text_centred(list, skin, SCREEN_W / 2, 134, "X yes   O no", palette::SELECTED);
}

/// A page of Help: the controls and rules, or the tips; the foot says how
/// to turn the page and leave.
fn help_page(list: &mut DrawList, skin: &impl Skin, game: &ScreenInfo, tips: bool) {
    let (head, lines) = if tips { ("Tips", game.tips) } else { ("How to play", game.help) };
    centre_box(list, skin, head, SAFE_TOP, SAFE_BOTTOM - SAFE_TOP);
    for (i, l) in lines.iter().enumerate() {
        text(list, skin, 32, SAFE_TOP + 19 + i as i16 * 13, l, palette::TEXT);
    }
    let foot = match (game.tips.is_empty(), tips) {
        (true, _) => "O back",
        (false, false) => "X or R1: tips   O back",
        (false, true) => "L1: rules   X or O back",
    };
    text_centred(list, skin, SCREEN_W / 2, SAFE_BOTTOM - 14, foot, palette::DIM);
}

/// What a game's drawing depends on besides its game.
fn view(app: &App, held: Buttons) -> View {
    // The pause menu, and the end of a game's menu once it shows, lie
    // over the table; in the demo its band is the only words (a two-line
    // message would show its first line above the band, cut).
    let covered = match app.screen() {
        Screen::Pause { .. } | Screen::Demo => true,
        Screen::Over { .. } => app.over_menu_up(),
        _ => false,
    };
    View { face: app.settings.face, highlight: app.settings.highlight, frame: app.frame(), held, covered }
}

/// The chosen game's table, as it is played.
fn table(app: &App, held_buttons: Buttons, skin: &impl Skin, list: &mut DrawList) {
    if let Some(p) = app.playing() {
        p.draw(&view(app, held_buttons), skin, list);
    }
}
