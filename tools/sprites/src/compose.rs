//! Reads `gfx/` and composes the sprites: card faces from parts, card backs
//! from the frame and a tile, the font with its drop shadow, and the UI art
//! as drawn.
//!
//! Files (all optional except where a card part is missing):
//!
//! | file | holds |
//! |---|---|
//! | `palettes.txt` | palette tables `cards` (faces and backs) and `font` |
//! | `cards/frame.pxt` | `frame.large`, `frame.compact`: card outline and paper |
//! | `cards/ranks.pxt` | `rank.<size>.<A..K>` glyphs |
//! | `cards/pips.pxt` | `pip.<small/medium/large>.<suit>` |
//! | `cards/courts.pxt` | `court.<size>.<J/Q/K>`: emblems over the court cards' pip |
//! | `cards/back.pxt` | `back.tile`: the pattern repeated on card backs |
//! | `font.pxt` | `glyphs` cells of the bitmap font |
//! | `ui/*.pxt` | every other sprite, in fixed colours, packed as drawn |

use crate::pxt::{self, Art as Part, Ink, Rgb, Sheet, Table};
use crate::{Art, Error, FontGlyph, FontLayout, Sprite, Variant};
use std::collections::BTreeMap;
use std::path::Path;

/// Suits in the engine's order (`Suit as u8`): the notation's letters and names.
pub const SUITS: [(char, &str); 4] = [('s', "spades"), ('h', "hearts"), ('d', "diamonds"), ('c', "clubs")];
/// Ranks in order, as the notation writes them and as `ranks.pxt` names them.
pub const RANKS: [(char, &str); 13] = [
    ('A', "A"),
    ('2', "2"),
    ('3', "3"),
    ('4', "4"),
    ('5', "5"),
    ('6', "6"),
    ('7', "7"),
    ('8', "8"),
    ('9', "9"),
    ('T', "10"),
    ('J', "J"),
    ('Q', "Q"),
    ('K', "K"),
];
/// Face styles: the variant names and the `cards` table row prefixes.
pub const STYLES: [&str; 2] = ["standard", "fourcolour"];

/// A card size and how its face is laid out.
#[derive(Clone, Copy, Debug)]
pub struct CardSize {
    /// `large` or `compact`, as the part names use.
    pub name: &'static str,
    /// Width of a card.
    pub w: usize,
    /// Height of a card.
    pub h: usize,
    /// The pip in the middle of number cards and aces.
    pub big_pip: &'static str,
    /// The pip under a court card's emblem.
    pub court_pip: &'static str,
    /// Rows between a court emblem and its pip.
    pub court_gap: usize,
}

/// The two card sizes: large for grids up to 12x8, compact up to 14x9.
pub const SIZES: [CardSize; 2] = [
    CardSize { name: "large", w: 22, h: 28, big_pip: "large", court_pip: "medium", court_gap: 1 },
    CardSize { name: "compact", w: 16, h: 22, big_pip: "medium", court_pip: "corner.large", court_gap: 1 },
];

/// Corner margin of the rank glyph and the small pip.
const MARGIN: usize = 2;

/// Reads every art file under `gfx` and composes the sprites.
pub fn load(gfx: &Path) -> Result<Art, Error> {
    let tables = read_tables(gfx)?;
    let mut parts = Sheet::default();
    for f in ["cards/frame.pxt", "cards/ranks.pxt", "cards/pips.pxt", "cards/courts.pxt", "cards/back.pxt"] {
        merge(&mut parts, read_sheet(gfx, f)?, f)?;
    }
    let cards = tables.get("cards").ok_or_else(|| Error("gfx/palettes.txt: no `table cards`".into()))?;
    let mut sprites = Vec::new();
    for size in SIZES {
        for (s, (suit, _)) in SUITS.iter().enumerate() {
            for (r, (rank, _)) in RANKS.iter().enumerate() {
                let mut face = compose_face(&parts, cards, size, s, r)?;
                face.name = format!("face.{}.{rank}{suit}", size.name);
                sprites.push(face);
            }
        }
    }
    for size in SIZES {
        sprites.push(compose_back(&parts, cards, size)?);
    }
    let mut font = FontLayout::default();
    if gfx.join("font.pxt").exists() {
        let sheet = read_sheet(gfx, "font.pxt")?;
        let table = tables.get("font").ok_or_else(|| Error("gfx/palettes.txt: no `table font`".into()))?;
        let (sprite, layout) = compose_font(&sheet.glyphs, table)?;
        sprites.push(sprite);
        font = layout;
    }
    let mut ui: Vec<_> = std::fs::read_dir(gfx.join("ui"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    ui.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|e| e == "pxt"));
    ui.sort();
    let mut names = BTreeMap::new();
    for path in ui {
        let rel = format!("ui/{}", path.file_name().unwrap_or_default().to_string_lossy());
        for (name, art) in read_sheet(gfx, &rel)?.sprites {
            if let Some(other) = names.insert(name.clone(), art.origin.clone()) {
                return Err(Error(format!("{}: sprite `{name}` is already defined at {other}", art.origin)));
            }
            sprites.push(fixed_colours(&art)?);
        }
    }
    Ok(Art { sprites, font })
}

fn read_tables(gfx: &Path) -> Result<BTreeMap<String, Table>, Error> {
    let path = gfx.join("palettes.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| Error(format!("cannot read {}: {e}", path.display())))?;
    Ok(pxt::parse_tables("gfx/palettes.txt", &text)?.tables)
}

fn read_sheet(gfx: &Path, rel: &str) -> Result<Sheet, Error> {
    let path = gfx.join(rel);
    let text = std::fs::read_to_string(&path).map_err(|e| Error(format!("cannot read {}: {e}", path.display())))?;
    pxt::parse(&format!("gfx/{rel}"), &text)
}

fn merge(into: &mut Sheet, from: Sheet, file: &str) -> Result<(), Error> {
    for (name, art) in from.sprites {
        if into.sprites.contains_key(&name) {
            return Err(Error(format!("gfx/{file}: sprite `{name}` is defined in two card part files")));
        }
        into.sprites.insert(name, art);
    }
    Ok(())
}

fn part<'a>(parts: &'a Sheet, name: &str) -> Result<&'a Part, Error> {
    parts.sprites.get(name).ok_or_else(|| Error(format!("gfx/cards: the card part `{name}` is missing")))
}

/// A canvas of texel values indexed by a table's roles (value = column + 1).
struct Canvas<'t> {
    w: usize,
    h: usize,
    texels: Vec<u8>,
    table: &'t Table,
    table_name: &'static str,
}

impl<'t> Canvas<'t> {
    fn new(w: usize, h: usize, table: &'t Table, table_name: &'static str) -> Self {
        Canvas { w, h, texels: vec![0; w * h], table, table_name }
    }

    /// The texel value of a role.
    fn role(&self, role: &str, origin: &str) -> Result<u8, Error> {
        match self.table.roles.iter().position(|r| r == role) {
            Some(k) => Ok(k as u8 + 1),
            None => Err(Error(format!(
                "{origin}: role `{role}` is not a column of `table {}` in gfx/palettes.txt",
                self.table_name
            ))),
        }
    }

    /// Draws `part` with its top-left at (x, y); clear pixels leave the canvas alone.
    fn draw(&mut self, part: &Part, x: usize, y: usize) -> Result<(), Error> {
        if x + part.w > self.w || y + part.h > self.h {
            return Err(Error(format!(
                "{}: part `{}` ({}x{}) at ({x},{y}) does not fit a {}x{} card",
                part.origin, part.name, part.w, part.h, self.w, self.h
            )));
        }
        for py in 0..part.h {
            for px in 0..part.w {
                match part.ink(px, py) {
                    Ink::Clear => {}
                    Ink::Role(r) => self.texels[(y + py) * self.w + x + px] = self.role(r, &part.origin)?,
                    Ink::Rgb(_) => {
                        return Err(Error(format!(
                            "{}: card part `{}` uses a fixed colour; card parts use roles so that both face styles can colour them",
                            part.origin, part.name
                        )))
                    }
                }
            }
        }
        Ok(())
    }

    fn variant(&self, name: &str, row: &str) -> Result<Variant, Error> {
        let colours = self
            .table
            .row(row)
            .ok_or_else(|| Error(format!("gfx/palettes.txt: `table {}` has no row `{row}`", self.table_name)))?;
        Ok(Variant { name: name.to_string(), colours: colours.to_vec() })
    }

    fn into_sprite(self, name: String, variants: Vec<Variant>, origin: &str) -> Sprite {
        Sprite { name, w: self.w, h: self.h, texels: self.texels, variants, origin: origin.to_string() }
    }
}

/// One card face: frame, rank top-left, small pip top-right, and either a big
/// pip or an emblem over a pip (J, Q, K) in the middle.
fn compose_face(parts: &Sheet, table: &Table, size: CardSize, suit: usize, rank: usize) -> Result<Sprite, Error> {
    let (_, suit_name) = SUITS[suit];
    let (_, rank_name) = RANKS[rank];
    let frame = part(parts, &format!("frame.{}", size.name))?;
    if (frame.w, frame.h) != (size.w, size.h) {
        return Err(Error(format!("{}: `{}` must be {}x{}", frame.origin, frame.name, size.w, size.h)));
    }
    let mut c = Canvas::new(size.w, size.h, table, "cards");
    c.draw(frame, 0, 0)?;
    let glyph = part(parts, &format!("rank.{}.{rank_name}", size.name))?;
    c.draw(glyph, MARGIN, MARGIN)?;
    let small = part(parts, &format!("pip.corner.{}.{suit_name}", size.name))?;
    c.draw(small, size.w - MARGIN - small.w, MARGIN)?;
    // The middle: the rows below the corner index, inside the frame.
    let top = MARGIN + glyph.h.max(small.h) + 1;
    let rows = size.h - 1 - top;
    if rank >= 10 {
        let emblem = part(parts, &format!("court.{}.{rank_name}", size.name))?;
        let pip = part(parts, &format!("pip.{}.{suit_name}", size.court_pip))?;
        let total = emblem.h + size.court_gap + pip.h;
        let y = top + rows.saturating_sub(total) / 2;
        c.draw(emblem, (size.w - emblem.w) / 2, y)?;
        c.draw(pip, (size.w - pip.w) / 2, y + emblem.h + size.court_gap)?;
    } else {
        let pip = part(parts, &format!("pip.{}.{suit_name}", size.big_pip))?;
        c.draw(pip, (size.w - pip.w) / 2, top + rows.saturating_sub(pip.h) / 2)?;
    }
    let variants =
        STYLES.iter().map(|style| c.variant(style, &format!("{style}.{suit_name}"))).collect::<Result<Vec<_>, _>>()?;
    Ok(c.into_sprite(String::new(), variants, &frame.origin))
}

/// A card back: the frame, a one-texel paper margin, and `back.tile`
/// repeated inside, centred so the pattern is symmetric.
fn compose_back(parts: &Sheet, table: &Table, size: CardSize) -> Result<Sprite, Error> {
    let frame = part(parts, &format!("frame.{}", size.name))?;
    let tile = part(parts, "back.tile")?;
    let mut c = Canvas::new(size.w, size.h, table, "cards");
    c.draw(frame, 0, 0)?;
    let inset = 2;
    let (iw, ih) = (size.w - 2 * inset, size.h - 2 * inset);
    let (ox, oy) = ((tile.w - iw % tile.w) / 2, (tile.h - ih % tile.h) / 2);
    for y in 0..ih {
        for x in 0..iw {
            let (tx, ty) = ((x + ox) % tile.w, (y + oy) % tile.h);
            let v = match tile.ink(tx, ty) {
                Ink::Role(r) => c.role(r, &tile.origin)?,
                _ => return Err(Error(format!("{}: `back.tile` must use roles only", tile.origin))),
            };
            let at = (y + inset) * size.w + x + inset;
            // Keep the frame's rounded corners: draw only on paper.
            if c.texels[at] == c.role("paper", &frame.origin)? {
                c.texels[at] = v;
            }
        }
    }
    let variant = c.variant("back", "back")?;
    Ok(c.into_sprite(format!("back.{}", size.name), vec![variant], &tile.origin))
}

/// Columns of a glyph that hold ink: (first, last), or `None` for a blank glyph.
fn inked_columns(g: &Part) -> Option<(usize, usize)> {
    let inked = |x: usize| (0..g.h).any(|y| *g.ink(x, y) != Ink::Clear);
    let first = (0..g.w).find(|&x| inked(x))?;
    let last = (0..g.w).rev().find(|&x| inked(x))?;
    Some((first, last))
}

/// Pen advance of the space character.
const SPACE_ADVANCE: usize = 3;
/// Width of the font sprite; glyphs wrap onto a new row past it.
const FONT_SHEET_WIDTH: usize = 128;

/// Lays the glyphs out in one sprite, trimmed to their inked columns, each
/// with a drop shadow one texel right and down; one variant per `font` row.
fn compose_font(glyphs: &[(char, Part)], table: &Table) -> Result<(Sprite, FontLayout), Error> {
    let Some((_, first)) = glyphs.first() else {
        return Err(Error("gfx/font.pxt: no glyphs".into()));
    };
    let h = first.h + 1;
    let mut layout = FontLayout { glyphs: Vec::new(), height: h };
    let (mut x, mut y) = (0, 0);
    for (c, g) in glyphs {
        if g.h + 1 != h {
            return Err(Error(format!(
                "{}: glyph `{c}` is {} rows high, the font's first glyph {}",
                g.origin,
                g.h,
                h - 1
            )));
        }
        let w = match inked_columns(g) {
            Some((a, b)) => b - a + 2,
            None => 0,
        };
        if x + w > FONT_SHEET_WIDTH {
            x = 0;
            y += h;
        }
        let advance = if w == 0 { SPACE_ADVANCE } else { w };
        layout.glyphs.push(FontGlyph { c: *c, x, y, w, advance });
        x += w;
    }
    let mut canvas = Canvas::new(FONT_SHEET_WIDTH, y + h, table, "font");
    let (ink, shadow) = (canvas.role("ink", "gfx/font.pxt")?, canvas.role("shadow", "gfx/font.pxt")?);
    for ((_, g), place) in glyphs.iter().zip(&layout.glyphs) {
        let Some((first, last)) = inked_columns(g) else {
            continue;
        };
        for (pass, value, d) in [(0, shadow, 1), (1, ink, 0)] {
            for gy in 0..g.h {
                for gx in first..=last {
                    match g.ink(gx, gy) {
                        Ink::Clear => {}
                        Ink::Role(r) if r == "ink" => {
                            let at = (place.y + gy + d) * FONT_SHEET_WIDTH + place.x + gx - first + d;
                            if pass == 1 || canvas.texels[at] == 0 {
                                canvas.texels[at] = value;
                            }
                        }
                        _ => {
                            return Err(Error(format!(
                                "{}: glyph `{}` may use only `clear` and `ink`",
                                g.origin, g.name
                            )))
                        }
                    }
                }
            }
        }
    }
    let variants = table.rows.iter().map(|(n, c)| Variant { name: n.clone(), colours: c.clone() }).collect();
    let origin = first.origin.clone();
    Ok((canvas.into_sprite("font".into(), variants, &origin), layout))
}

/// A UI sprite in fixed colours: palette entries in legend order, only those
/// the sprite uses; transparent is entry 0.
fn fixed_colours(art: &Part) -> Result<Sprite, Error> {
    let mut used: Vec<usize> = art.pixels.iter().map(|&p| p as usize).collect();
    used.sort_unstable();
    used.dedup();
    let mut colours: Vec<Rgb> = Vec::new();
    let mut value_of = vec![0u8; art.legend.len()];
    for k in used {
        match &art.legend[k] {
            Ink::Clear => {}
            Ink::Rgb(c) => {
                if let Some(p) = colours.iter().position(|x| x == c) {
                    value_of[k] = p as u8 + 1;
                } else {
                    colours.push(*c);
                    value_of[k] = colours.len().min(255) as u8;
                }
            }
            Ink::Role(r) => {
                return Err(Error(format!(
                    "{}: sprite `{}` uses role `{r}`; UI sprites use #RRGGBB colours",
                    art.origin, art.name
                )))
            }
        }
    }
    Ok(Sprite {
        name: art.name.clone(),
        w: art.w,
        h: art.h,
        texels: art.pixels.iter().map(|&p| value_of[p as usize]).collect(),
        variants: vec![Variant { name: "fixed".into(), colours }],
        origin: art.origin.clone(),
    })
}
