//! Host tests of the packer against the real art in gfx/ and against
//! synthetic input. The TIM and PNG decoders here are written from the file
//! formats, independently of the encoders.

use sprites::pack::{pack, PAGE_SIZE};
use sprites::{check_palette, prepare, Sprite, Variant};
use std::path::{Path, PathBuf};

fn gfx() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../gfx")
}

/// A decoded TIM: the CLUT block and the image block.
struct Tim {
    flags: u32,
    clut_at: (u16, u16),
    clut_size: (u16, u16),
    clut: Vec<u16>,
    image_at: (u16, u16),
    image_size: (u16, u16),
    /// 4-bit texels, row-major, 4 per halfword.
    texels: Vec<u8>,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn decode_tim(b: &[u8]) -> Tim {
    assert_eq!(u32_at(b, 0), 0x10, "TIM magic");
    let flags = u32_at(b, 4);
    assert_eq!(flags & 8, 8, "a CLUT block is present");
    let clut_len = u32_at(b, 8) as usize;
    let clut_at = (u16_at(b, 12), u16_at(b, 14));
    let clut_size = (u16_at(b, 16), u16_at(b, 18));
    assert_eq!(clut_len, 12 + 2 * clut_size.0 as usize * clut_size.1 as usize, "CLUT block length");
    let clut = (0..clut_len - 12).step_by(2).map(|k| u16_at(b, 20 + k)).collect();
    let img = 8 + clut_len;
    let image_len = u32_at(b, img) as usize;
    let image_at = (u16_at(b, img + 4), u16_at(b, img + 6));
    let image_size = (u16_at(b, img + 8), u16_at(b, img + 10));
    assert_eq!(image_len, 12 + 2 * image_size.0 as usize * image_size.1 as usize, "image block length");
    assert_eq!(b.len(), img + image_len, "nothing after the image block");
    let mut texels = Vec::new();
    for &byte in &b[img + 12..img + image_len] {
        texels.push(byte & 15);
        texels.push(byte >> 4);
    }
    Tim { flags, clut_at, clut_size, clut, image_at, image_size, texels }
}

/// The 15-bit colour's channels widened to 8 bits.
fn channels(c: u16) -> [i32; 3] {
    [(c & 31) as i32 * 255 / 31, ((c >> 5) & 31) as i32 * 255 / 31, ((c >> 10) & 31) as i32 * 255 / 31]
}

#[test]
fn decoding_the_tims_gives_back_every_sprite_in_every_palette() {
    let out = prepare(&gfx()).expect("the art packs");
    for (n, bytes) in out.tims.iter().enumerate() {
        let tim = decode_tim(bytes);
        let page = &out.layout.pages[n];
        assert_eq!(tim.flags & 3, 0, "4 bpp");
        assert_eq!(tim.clut_size, (16, page.cluts.len() as u16), "one 16-colour CLUT a row");
        assert_eq!(tim.image_at, (page.vram_x, page.vram_y));
        assert_eq!(tim.clut_at, (page.clut_x, page.clut_y));
        let width = tim.image_size.0 as usize * 4;
        for &i in &page.sprites {
            let s = &out.art.sprites[i];
            let place = out.layout.places[i];
            for (v, variant) in s.variants.iter().enumerate() {
                let k = out.layout.cluts[i][v];
                for y in 0..s.h {
                    for x in 0..s.w {
                        let texel = tim.texels[(place.y + y) * width + place.x + x];
                        let colour = tim.clut[k * 16 + texel as usize];
                        let source = s.texels[y * s.w + x];
                        if source == 0 {
                            assert_eq!(colour, 0, "{} ({}) at {x},{y}: transparent", s.name, variant.name);
                            continue;
                        }
                        assert_ne!(colour, 0, "{} at {x},{y}: an opaque texel must not be 0x0000", s.name);
                        let want = variant.colours[source as usize - 1];
                        let got = channels(colour);
                        for (g, w) in got.iter().zip([want.0, want.1, want.2]) {
                            assert!(
                                (g - w as i32).abs() <= 8,
                                "{} ({}) at {x},{y}: {got:?} vs {want:?}",
                                s.name,
                                variant.name
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Reads a fixed-colour sprite straight from its text, without the parser.
fn read_text_sprite(file: &str, name: &str) -> (usize, usize, Vec<Option<[u8; 3]>>) {
    let text = std::fs::read_to_string(gfx().join(file)).unwrap();
    let mut legend = std::collections::HashMap::new();
    let mut lines = text.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if let Some((c, v)) = line.split_once(" = ") {
            let c = c.chars().next().unwrap();
            let colour = v.strip_prefix('#').map(|h| {
                let b = |k: usize| u8::from_str_radix(&h[k..k + 2], 16).unwrap();
                [b(0), b(2), b(4)]
            });
            legend.insert(c, colour);
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() == 4 && words[0] == "sprite" && words[1] == name {
            let (w, h) = (words[2].parse().unwrap(), words[3].parse().unwrap());
            let pixels =
                lines.by_ref().take(h).flat_map(|r| r.chars().map(|c| legend[&c]).collect::<Vec<_>>()).collect();
            return (w, h, pixels);
        }
    }
    panic!("{name} not in {file}");
}

#[test]
fn the_memory_card_icon_in_the_tim_matches_its_source_text() {
    let out = prepare(&gfx()).unwrap();
    let i = out.art.sprites.iter().position(|s| s.name == "memcard.icon").unwrap();
    let place = out.layout.places[i];
    let tim = decode_tim(&out.tims[place.page]);
    let width = tim.image_size.0 as usize * 4;
    let clut = &tim.clut[out.layout.cluts[i][0] * 16..][..16];
    let (w, h, pixels) = read_text_sprite("ui/memcard.pxt", "memcard.icon");
    assert_eq!((w, h), (16, 16));
    for y in 0..h {
        for x in 0..w {
            let c = clut[tim.texels[(place.y + y) * width + place.x + x] as usize];
            match pixels[y * w + x] {
                None => assert_eq!(c, 0, "{x},{y}"),
                Some(rgb) => {
                    let got = channels(c);
                    for k in 0..3 {
                        assert!((got[k] - rgb[k] as i32).abs() <= 8, "{x},{y}: {got:?} vs {rgb:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn face_styles_share_texels_and_colour_suits_as_promised() {
    let out = prepare(&gfx()).unwrap();
    let ink = |name: &str, style: &str| {
        let s = out.art.sprites.iter().find(|s| s.name == name).unwrap();
        let v = s.variants.iter().find(|v| v.name == style).unwrap();
        // The ink is the colour of the rank glyph's first texel: the corner's
        // top row holds rank ink (A's apex is at column 2 of the glyph).
        let t = (2..s.w)
            .map(|x| s.texels[2 * s.w + x])
            .find(|&t| t != 0 && v.colours[t as usize - 1] != v.colours[0])
            .unwrap();
        let c = v.colours[t as usize - 1];
        (c.0 as i32, c.1 as i32, c.2 as i32)
    };
    let red = |(r, g, b): (i32, i32, i32)| r > 150 && g < 80 && b < 80;
    let dark = |(r, g, b): (i32, i32, i32)| r < 60 && g < 60 && b < 60;
    let blue = |(r, g, b): (i32, i32, i32)| b > 150 && r < 80 && g < 120;
    let green = |(r, g, b): (i32, i32, i32)| g > 100 && r < 80 && b < 100;
    assert!(dark(ink("face.large.As", "standard")) && dark(ink("face.large.Ac", "standard")));
    assert!(red(ink("face.large.Ah", "standard")) && red(ink("face.large.Ad", "standard")));
    assert!(dark(ink("face.large.As", "fourcolour")));
    assert!(red(ink("face.large.Ah", "fourcolour")));
    assert!(blue(ink("face.large.Ad", "fourcolour")));
    assert!(green(ink("face.large.Ac", "fourcolour")));
    // 52 faces a size, every rank distinct from every other of its suit.
    for size in ["large", "compact"] {
        let faces: Vec<&Sprite> =
            out.art.sprites.iter().filter(|s| s.name.starts_with(&format!("face.{size}."))).collect();
        assert_eq!(faces.len(), 52);
        for a in 0..52 {
            for b in a + 1..52 {
                assert_ne!(faces[a].texels, faces[b].texels, "{} and {} look the same", faces[a].name, faces[b].name);
            }
        }
    }
}

#[test]
fn pages_and_cluts_sit_where_ps1_rules_allow_and_clear_of_framebuffers_and_psx_font() {
    let out = prepare(&gfx()).unwrap();
    let overlaps = |a: (u16, u16, u16, u16), b: (u16, u16, u16, u16)| {
        a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
    };
    let framebuffers = [(0, 0, 320, 240), (0, 240, 320, 240)];
    let psx_font = [(640, 0, 32, 48), (0, 480, 16, 1)];
    let mut rects = Vec::new();
    for p in &out.layout.pages {
        assert_eq!(p.vram_x % 64, 0);
        assert_eq!(p.vram_y % 256, 0);
        assert_eq!(p.clut_x % 16, 0);
        assert!(p.height <= PAGE_SIZE);
        rects.push((p.vram_x, p.vram_y, 64, p.height as u16));
        rects.push((p.clut_x, p.clut_y, 16, p.cluts.len() as u16));
        assert!(p.clut_y as usize + p.cluts.len() <= 512);
    }
    for (k, &r) in rects.iter().enumerate() {
        for &taken in framebuffers.iter().chain(&psx_font).chain(&rects[..k]) {
            assert!(!overlaps(r, taken), "{r:?} overlaps {taken:?}");
        }
    }
}

/// A small deterministic generator for the packing tests.
fn lcg(seed: &mut u64) -> usize {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (*seed >> 33) as usize
}

fn assert_valid_packing(sizes: &[(usize, usize)]) {
    let (places, pages) = pack(sizes);
    assert_eq!(places.len(), sizes.len());
    for (i, (&(w, h), p)) in sizes.iter().zip(&places).enumerate() {
        assert!(p.page < pages);
        assert!(p.x + w <= PAGE_SIZE && p.y + h <= PAGE_SIZE, "rect {i} {w}x{h} at {p:?} leaves its page");
        for (j, (&(w2, h2), q)) in sizes.iter().zip(&places).enumerate().take(i) {
            let apart = p.page != q.page || p.x + w <= q.x || q.x + w2 <= p.x || p.y + h <= q.y || q.y + h2 <= p.y;
            assert!(apart, "rects {j} and {i} overlap");
        }
    }
}

#[test]
fn packing_never_overlaps_and_every_rectangle_fits_its_page() {
    let mut seed = 7;
    for round in 0..200 {
        let n = 1 + lcg(&mut seed) % 120;
        let big = if round % 4 == 0 { 256 } else { 40 };
        let sizes: Vec<_> = (0..n).map(|_| (1 + lcg(&mut seed) % big, 1 + lcg(&mut seed) % big)).collect();
        assert_valid_packing(&sizes);
    }
    let out = prepare(&gfx()).unwrap();
    let sizes: Vec<_> = out.art.sprites.iter().map(|s| (s.w, s.h)).collect();
    assert_valid_packing(&sizes);
}

#[test]
fn a_full_page_of_cards_packs_without_waste() {
    // 11 large cards fill 242 of 256 columns; 9 rows of them 252 rows.
    let (_, pages) = pack(&vec![(22, 28); 99]);
    assert_eq!(pages, 1);
    let (_, pages) = pack(&vec![(22, 28); 100]);
    assert_eq!(pages, 2);
}

fn sprite_with_colours(n: u8) -> Sprite {
    let colours = (0..n).map(|k| sprites::pxt::Rgb(k * 10, 0, 0)).collect();
    Sprite {
        name: "test.sprite".into(),
        w: n as usize,
        h: 1,
        texels: (1..=n).collect(),
        variants: vec![Variant { name: "fixed".into(), colours }],
        origin: "gfx/ui/test.pxt:3".into(),
    }
}

#[test]
fn fifteen_colours_and_transparent_fit_a_clut_sixteen_do_not() {
    assert!(check_palette(&sprite_with_colours(15)).is_ok());
    let err = check_palette(&sprite_with_colours(16)).unwrap_err().0;
    assert!(err.starts_with("gfx/ui/test.pxt:3: sprite `test.sprite`"), "{err}");
    assert!(err.contains("uses 16 colours besides transparent") && err.contains("allows 15"), "{err}");
}

/// A copy of gfx/ in a fresh temporary directory.
fn copy_of_gfx(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprites-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            if e.file_type().unwrap().is_dir() {
                copy(&e.path(), &to.join(e.file_name()));
            } else {
                std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
            }
        }
    }
    copy(&gfx(), &dir);
    dir
}

#[test]
fn art_with_too_many_colours_fails_the_build_with_a_clear_message() {
    let dir = copy_of_gfx("colours");
    let mut text = String::from("legend\n  . = clear\n");
    let keys = "abcdefghijklmnop"; // 16 opaque colours
    for (k, c) in keys.chars().enumerate() {
        text += &format!("  {c} = #{:02X}2020\n", k * 8 + 8);
    }
    text += &format!("sprite rainbow 16 1\n  {keys}\n");
    std::fs::write(dir.join("ui/rainbow.pxt"), text).unwrap();
    let err = sprites::build(&dir, &dir.join("out")).unwrap_err().0;
    assert!(err.contains("gfx/ui/rainbow.pxt:") && err.contains("`rainbow`") && err.contains("16 colours"), "{err}");
    assert!(!err.contains('\n'), "one line: {err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_art_is_reported_with_file_and_line() {
    let cases = [
        (
            "legend\n  . = clear\nsprite a 3 2\n  ...\n  ..\n",
            "gfx/x.pxt:5: sprite `a` row 2 is 2 pixels wide, expected 3",
        ),
        ("legend\n  . = clear\nsprite a 2 1\n  .Z\n", "gfx/x.pxt:4: `Z` is not in the legend"),
        ("legend\n  . = #12345\n", "gfx/x.pxt:2: `#12345` is not a #RRGGBB colour"),
        ("sprite a 2 5\n  ..\n", "gfx/x.pxt:1: sprite `a` needs 5 rows, the file ends first"),
        ("draw a\n", "gfx/x.pxt:1: unknown keyword `draw` (expected legend, sprite or glyphs)"),
    ];
    for (text, want) in cases {
        assert_eq!(sprites::pxt::parse("gfx/x.pxt", text).unwrap_err().0, want);
    }
}

#[test]
fn a_missing_card_part_is_named() {
    let dir = copy_of_gfx("part");
    let text = std::fs::read_to_string(dir.join("cards/ranks.pxt")).unwrap();
    std::fs::write(dir.join("cards/ranks.pxt"), text.replace("sprite rank.large.Q ", "sprite rank.large.q ")).unwrap();
    let err = sprites::prepare(&dir).unwrap_err().0;
    assert_eq!(err, "gfx/cards: the card part `rank.large.Q` is missing");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Inflates a zlib stream made of stored blocks only (what our writer emits).
fn inflate_stored(z: &[u8]) -> Vec<u8> {
    assert_eq!(z[0] & 0x0f, 8, "deflate");
    assert_eq!(((z[0] as u16) << 8 | z[1] as u16) % 31, 0, "zlib header check");
    let mut at = 2;
    let mut out = Vec::new();
    loop {
        let header = z[at];
        assert_eq!(header >> 1 & 3, 0, "stored block");
        let len = u16::from_le_bytes([z[at + 1], z[at + 2]]) as usize;
        let nlen = u16::from_le_bytes([z[at + 3], z[at + 4]]) as usize;
        assert_eq!(len ^ 0xffff, nlen);
        out.extend_from_slice(&z[at + 5..at + 5 + len]);
        at += 5 + len;
        if header & 1 == 1 {
            break;
        }
    }
    assert_eq!(z.len(), at + 4, "adler-32 ends the stream");
    out
}

#[test]
fn the_png_writer_writes_a_valid_png_of_the_given_pixels() {
    let (w, h) = (300, 251); // more than one 64 KiB stored block
    let rgba: Vec<u8> = (0..w * h * 4).map(|k| (k * 7 % 251) as u8).collect();
    let png = sprites::png::encode(w, h, &rgba);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let mut at = 8;
    let mut idat = Vec::new();
    let mut kinds = Vec::new();
    while at < png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let kind = &png[at + 4..at + 8];
        let data = &png[at + 8..at + 8 + len];
        // CRC-32 of type and data, bit by bit.
        let mut crc = !0u32;
        for &b in kind.iter().chain(data) {
            for bit in 0..8 {
                let mix = (crc ^ (b as u32 >> bit)) & 1;
                crc = (crc >> 1) ^ if mix == 1 { 0xEDB8_8320 } else { 0 };
            }
        }
        assert_eq!(!crc, u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap()), "chunk CRC");
        if kind == b"IHDR" {
            assert_eq!(u32::from_be_bytes(data[0..4].try_into().unwrap()), w as u32);
            assert_eq!(u32::from_be_bytes(data[4..8].try_into().unwrap()), h as u32);
            assert_eq!(&data[8..10], &[8, 6], "8-bit RGBA");
        }
        if kind == b"IDAT" {
            idat.extend_from_slice(data);
        }
        kinds.push(String::from_utf8_lossy(kind).into_owned());
        at += 12 + len;
    }
    assert_eq!(kinds, ["IHDR", "IDAT", "IEND"]);
    let raw = inflate_stored(&idat);
    for y in 0..h {
        let row = &raw[y * (w * 4 + 1)..(y + 1) * (w * 4 + 1)];
        assert_eq!(row[0], 0, "filter none");
        assert_eq!(&row[1..], &rgba[y * w * 4..(y + 1) * w * 4]);
    }
}
