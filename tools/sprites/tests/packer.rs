//! The sprite packer: the TIM decodes back to the source pixels (with a TIM
//! reader written here from the format, not the writer's code), sprites
//! never overlap and stay in the page, bad art fails with a clear message.

use sprites::{build, pack, parse, Palette, PAGE};
use std::path::Path;

fn gfx() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../gfx"))
}

/// Reads a 4 bpp TIM: returns (CLUT entries, clut x/y, pixel indices, page x/y, width in texels, height).
fn read_tim(t: &[u8]) -> (Vec<u16>, (u16, u16), Vec<u8>, (u16, u16), usize, usize) {
    let u32_at = |i: usize| u32::from_le_bytes(t[i..i + 4].try_into().unwrap());
    let u16_at = |i: usize| u16::from_le_bytes(t[i..i + 2].try_into().unwrap());
    assert_eq!(u32_at(0), 0x10, "TIM id");
    assert_eq!(u32_at(4) & 7, 0, "4 bpp");
    assert_ne!(u32_at(4) & 8, 0, "has a CLUT");
    let clut_len = u32_at(8) as usize;
    let clut_xy = (u16_at(12), u16_at(14));
    let (cw, ch) = (u16_at(16) as usize, u16_at(18) as usize);
    let clut: Vec<u16> = (0..cw * ch).map(|i| u16_at(20 + 2 * i)).collect();
    let img = 8 + clut_len;
    let page_xy = (u16_at(img + 4), u16_at(img + 6));
    let (w16, h) = (u16_at(img + 8) as usize, u16_at(img + 10) as usize);
    let data = &t[img + 12..];
    assert_eq!(data.len(), w16 * 2 * h);
    let mut px = Vec::with_capacity(w16 * 4 * h);
    for b in data {
        px.push(b & 15);
        px.push(b >> 4);
    }
    (clut, clut_xy, px, page_xy, w16 * 4, h)
}

#[test]
fn the_tim_decodes_back_to_the_source_pixels() {
    let out = build(gfx()).unwrap();
    let (clut, clut_xy, px, page_xy, w, h) = read_tim(&out.tim);
    assert_eq!((w, h), (PAGE, PAGE));
    assert_eq!(page_xy, sprites::PAGE_VRAM);
    assert_eq!(clut_xy, sprites::CLUT_VRAM);
    assert_eq!(clut.len(), 32, "two palettes of 16");
    assert_eq!(clut[0], 0, "index 0 is transparent");
    for file in ["ranks.txt", "pips.txt", "cards.txt"] {
        let text = std::fs::read_to_string(gfx().join(file)).unwrap();
        let (_, images) = parse(file, &text).unwrap();
        for img in images {
            let (p, _) = out.placed[&img.name];
            for y in 0..img.h {
                for x in 0..img.w {
                    assert_eq!(px[(p.v + y) * w + p.u + x], img.pixels[y * img.w + x], "[{}] at {x},{y}", img.name);
                }
            }
        }
    }
}

#[test]
fn packed_sprites_stay_in_the_page_and_never_overlap() {
    let out = build(gfx()).unwrap();
    let rects: Vec<_> = out.placed.values().map(|(p, _)| *p).collect();
    for (i, a) in rects.iter().enumerate() {
        assert!(a.u + a.w <= PAGE && a.v + a.h <= PAGE);
        for b in &rects[i + 1..] {
            let apart = a.u + a.w <= b.u || b.u + b.w <= a.u || a.v + a.h <= b.v || b.v + b.h <= a.v;
            assert!(apart, "{a:?} overlaps {b:?}");
        }
    }
    assert!(pack(&[(300, 10)]).is_none(), "too wide for a page");
    assert!(pack(&[(200, 200); 2]).is_none(), "too much for a page");
}

#[test]
fn art_that_breaks_the_rules_fails_with_file_line_and_problem() {
    let e = parse("x.txt", "[a]\n##\n###\n").unwrap_err();
    assert_eq!(e.0, "x.txt:3: [a]: row of 3 pixels, the first row has 2");
    let e = parse("x.txt", "[a]\n#x\n").unwrap_err();
    assert!(e.0.starts_with("x.txt:2: [a]: 'x' is not in the palette"), "{}", e.0);
    let many: String = (0..17).map(|i| format!("{} {:06x} ", (b'a' + i) as char, i)).collect();
    let e = parse("x.txt", &format!("palette {many}\n")).unwrap_err();
    assert_eq!(e.0, "x.txt:1: palette has 17 colours; a 4 bpp texture holds 16");
}

#[test]
fn opaque_black_stays_visible_and_transparent_is_zero() {
    let p = Palette { chars: vec!['.', 'k', 'w'], rgb: vec![(0, 0, 0), (0, 0, 0), (255, 255, 255)] };
    let c = p.to_ps1();
    assert_eq!(c[0], 0);
    assert_ne!(c[1], 0, "black must not be the transparent 0x0000");
    assert_eq!(c[2], 0x7FFF);
}

#[test]
fn the_preview_is_a_png_of_the_page() {
    let out = build(gfx()).unwrap();
    assert_eq!(&out.png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(u32::from_be_bytes(out.png[16..20].try_into().unwrap()), PAGE as u32);
}
