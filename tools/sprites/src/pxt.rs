//! The text pixel format (`.pxt`): one character per pixel, a legend above.
//!
//! ```text
//! // A comment (whole lines only).
//! legend
//!   . = clear          transparent
//!   X = ink            a role: its colour comes from a palette table
//!   w = #F8F8F8        a colour, as #RRGGBB
//! sprite cursor.large 5 3
//!   X...X
//!   .w.w.
//!   X...X
//! glyphs 5 2 A B     cells of 5x2, one per character, side by side
//!   .XXX. XXXX.
//!   X...X XXXX.
//! ```
//!
//! A `legend` line starts a new legend; it holds for every sprite after it
//! in the file. Rows are trimmed, so art may be indented.

use crate::Error;
use std::collections::BTreeMap;

/// What one legend character stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Transparent: the PS1 skips the texel.
    Clear,
    /// A fixed colour.
    Rgb(Rgb),
    /// A role such as `ink` or `paper`, coloured per palette variant.
    Role(String),
}

/// An 8-bit-per-channel colour as written in the source art.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// One picture from a `.pxt` file, before palettes are applied.
#[derive(Clone, Debug)]
pub struct Art {
    /// The sprite's name (`sprite <name>`), or the glyph's character.
    pub name: String,
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    /// Row-major pixels, each an index into `legend`.
    pub pixels: Vec<u8>,
    /// The legend in force when the sprite was read.
    pub legend: Vec<Ink>,
    /// Where it came from, for messages: `file:line`.
    pub origin: String,
}

impl Art {
    /// The ink at (x, y).
    pub fn ink(&self, x: usize, y: usize) -> &Ink {
        &self.legend[self.pixels[y * self.w + x] as usize]
    }
}

/// Everything a file defines: sprites by name, glyphs in file order.
#[derive(Default, Debug)]
pub struct Sheet {
    /// `sprite` blocks by name.
    pub sprites: BTreeMap<String, Art>,
    /// `glyphs` cells in the order they appear.
    pub glyphs: Vec<(char, Art)>,
}

/// Parses one `.pxt` file. `file` names it in error messages.
pub fn parse(file: &str, text: &str) -> Result<Sheet, Error> {
    let lines: Vec<&str> = text.lines().collect();
    let mut sheet = Sheet::default();
    let mut legend: Vec<(char, Ink)> = Vec::new();
    let mut i = 0;
    let err = |n: usize, msg: String| Error(format!("{file}:{}: {msg}", n + 1));
    while i < lines.len() {
        let line = lines[i].trim();
        let n = i;
        i += 1;
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "legend" => {
                legend.clear();
                while i < lines.len() {
                    let l = lines[i].trim();
                    if l.starts_with("//") || l.is_empty() {
                        i += 1;
                        continue;
                    }
                    let mut chars = l.chars();
                    let (Some(c), Some(' ')) = (chars.next(), chars.next()) else {
                        break;
                    };
                    let rest = chars.as_str().trim_start();
                    let Some(value) = rest.strip_prefix('=') else {
                        break;
                    };
                    let value = value.split_whitespace().next().unwrap_or("");
                    let ink = parse_ink(value).map_err(|m| err(i, m))?;
                    legend.retain(|(k, _)| *k != c);
                    legend.push((c, ink));
                    i += 1;
                }
                if legend.len() > 255 {
                    return Err(err(n, "a legend holds at most 255 characters".into()));
                }
            }
            "sprite" => {
                let [_, name, w, h] = words[..] else {
                    return Err(err(n, "expected `sprite <name> <width> <height>`".into()));
                };
                let (w, h) = (number(w).map_err(|m| err(n, m))?, number(h).map_err(|m| err(n, m))?);
                if i + h > lines.len() {
                    return Err(err(n, format!("sprite `{name}` needs {h} rows, the file ends first")));
                }
                let mut pixels = Vec::with_capacity(w * h);
                for r in 0..h {
                    let row: Vec<char> = lines[i + r].trim().chars().collect();
                    if row.len() != w {
                        let msg = format!("sprite `{name}` row {} is {} pixels wide, expected {w}", r + 1, row.len());
                        return Err(err(i + r, msg));
                    }
                    for c in row {
                        pixels
                            .push(lookup(&legend, c).ok_or_else(|| err(i + r, format!("`{c}` is not in the legend")))?);
                    }
                }
                i += h;
                let art = Art {
                    name: name.to_string(),
                    w,
                    h,
                    pixels,
                    legend: legend.iter().map(|(_, ink)| ink.clone()).collect(),
                    origin: format!("{file}:{}", n + 1),
                };
                if sheet.sprites.insert(name.to_string(), art).is_some() {
                    return Err(err(n, format!("sprite `{name}` is defined twice")));
                }
            }
            "glyphs" => {
                if words.len() < 4 {
                    return Err(err(n, "expected `glyphs <width> <height> <char>...`".into()));
                }
                let (w, h) = (number(words[1]).map_err(|m| err(n, m))?, number(words[2]).map_err(|m| err(n, m))?);
                let mut chars = Vec::new();
                for word in &words[3..] {
                    let c = match *word {
                        "space" => ' ',
                        _ if word.chars().count() == 1 => word.chars().next().unwrap_or(' '),
                        _ => return Err(err(n, format!("`{word}` is not one character (write `space` for ' ')"))),
                    };
                    chars.push(c);
                }
                if i + h > lines.len() {
                    return Err(err(n, format!("glyphs need {h} rows, the file ends first")));
                }
                let mut cells: Vec<Vec<u8>> = vec![Vec::with_capacity(w * h); chars.len()];
                for r in 0..h {
                    let row: Vec<char> = lines[i + r].trim().chars().collect();
                    let expected = chars.len() * (w + 1) - 1;
                    if row.len() != expected {
                        let msg = format!("glyph row {} is {} characters long, expected {expected} ({} cells of {w} and a space between)", r + 1, row.len(), chars.len());
                        return Err(err(i + r, msg));
                    }
                    for (k, cell) in cells.iter_mut().enumerate() {
                        for &c in &row[k * (w + 1)..k * (w + 1) + w] {
                            cell.push(
                                lookup(&legend, c).ok_or_else(|| err(i + r, format!("`{c}` is not in the legend")))?,
                            );
                        }
                    }
                }
                for (c, pixels) in chars.into_iter().zip(cells) {
                    let art = Art {
                        name: c.to_string(),
                        w,
                        h,
                        pixels,
                        legend: legend.iter().map(|(_, ink)| ink.clone()).collect(),
                        origin: format!("{file}:{}", n + 1),
                    };
                    sheet.glyphs.push((c, art));
                }
                i += h;
            }
            other => return Err(err(n, format!("unknown keyword `{other}` (expected legend, sprite or glyphs)"))),
        }
    }
    Ok(sheet)
}

fn lookup(legend: &[(char, Ink)], c: char) -> Option<u8> {
    legend.iter().position(|(k, _)| *k == c).map(|p| p as u8)
}

fn number(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(v) if (1..=256).contains(&v) => Ok(v),
        _ => Err(format!("`{s}` is not a size from 1 to 256")),
    }
}

/// Parses `clear`, `#RRGGBB` or a role name.
pub fn parse_ink(value: &str) -> Result<Ink, String> {
    if value == "clear" {
        return Ok(Ink::Clear);
    }
    if value.starts_with('#') {
        return parse_rgb(value).map(Ink::Rgb);
    }
    if !value.is_empty() && value.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
        return Ok(Ink::Role(value.to_string()));
    }
    Err(format!("`{value}` is not `clear`, a #RRGGBB colour or a role name"))
}

/// Parses `#RRGGBB`.
pub fn parse_rgb(value: &str) -> Result<Rgb, String> {
    let hex = value.strip_prefix('#').filter(|h| h.len() == 6 && h.chars().all(|c| c.is_ascii_hexdigit()));
    let Some(hex) = hex else {
        return Err(format!("`{value}` is not a #RRGGBB colour"));
    };
    let byte = |k: usize| u8::from_str_radix(&hex[k..k + 2], 16).unwrap_or(0);
    Ok(Rgb(byte(0), byte(2), byte(4)))
}

/// Palette tables (`palettes.txt`): named rows of colours, one column per role.
///
/// ```text
/// table cards paper ink
/// standard.spades #F8F8F8 #202020
/// ```
#[derive(Default, Debug)]
pub struct Tables {
    /// Table name -> (role names, rows of (variant name, colours)).
    pub tables: BTreeMap<String, Table>,
}

/// One palette table.
#[derive(Default, Debug, Clone)]
pub struct Table {
    /// The roles, in column order.
    pub roles: Vec<String>,
    /// Each variant's colours, one per role.
    pub rows: Vec<(String, Vec<Rgb>)>,
}

impl Table {
    /// The colours of the variant called `name`.
    pub fn row(&self, name: &str) -> Option<&[Rgb]> {
        self.rows.iter().find(|(n, _)| n == name).map(|(_, c)| c.as_slice())
    }
}

/// Parses a palette table file.
pub fn parse_tables(file: &str, text: &str) -> Result<Tables, Error> {
    let mut out = Tables::default();
    let mut current: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        let err = |msg: String| Error(format!("{file}:{}: {msg}", n + 1));
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "table" {
            if words.len() < 3 {
                return Err(err("expected `table <name> <role>...`".into()));
            }
            let table = Table { roles: words[2..].iter().map(|s| s.to_string()).collect(), rows: Vec::new() };
            out.tables.insert(words[1].to_string(), table);
            current = Some(words[1].to_string());
            continue;
        }
        let Some(name) = &current else {
            return Err(err("a palette row before any `table` line".into()));
        };
        let table = out.tables.get_mut(name).ok_or_else(|| err("no table".into()))?;
        if words.len() != table.roles.len() + 1 {
            return Err(err(format!(
                "row `{}` has {} colours, table `{name}` has {} roles",
                words[0],
                words.len() - 1,
                table.roles.len()
            )));
        }
        let colours = words[1..].iter().map(|w| parse_rgb(w).map_err(err)).collect::<Result<Vec<_>, _>>()?;
        table.rows.push((words[0].to_string(), colours));
    }
    Ok(out)
}
