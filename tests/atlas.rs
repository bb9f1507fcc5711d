//! The generated atlas, as the game sees it through `farewell::atlas`.

use farewell::atlas::{self, CardSize, FaceStyle, PAGES, PAGE_CLUTS, PAGE_TEXELS};

const SIZES: [CardSize; 2] = [CardSize::Large, CardSize::Compact];
const STYLES: [FaceStyle; 2] = [FaceStyle::Standard, FaceStyle::FourColour];

#[test]
fn every_face_has_its_size_and_lies_inside_its_page() {
    for size in SIZES {
        for style in STYLES {
            for suit in 0..4 {
                for rank in 1..=13 {
                    let s = atlas::face(suit, rank, style, size);
                    assert_eq!((s.w, s.h), size.dimensions());
                    assert!(s.u as usize + s.w as usize <= 256 && s.v as usize + s.h as usize <= 256);
                    assert!((s.v as u16 + s.h as u16) <= PAGES[s.page as usize].height);
                    assert_eq!(s.texpage, PAGES[s.page as usize].texpage);
                }
            }
        }
    }
}

#[test]
fn styles_share_texels_but_not_the_clut_where_the_colour_differs() {
    for size in SIZES {
        for rank in 1..=13 {
            // Diamonds are red in one style, blue in the other.
            let (a, b) =
                (atlas::face(2, rank, FaceStyle::Standard, size), atlas::face(2, rank, FaceStyle::FourColour, size));
            assert_eq!((a.page, a.u, a.v), (b.page, b.u, b.v));
            assert_ne!(a.clut, b.clut);
        }
    }
}

#[test]
fn each_card_has_its_own_place() {
    let mut seen = std::collections::HashSet::new();
    for size in SIZES {
        for suit in 0..4 {
            for rank in 1..=13 {
                let s = atlas::face(suit, rank, FaceStyle::Standard, size);
                assert!(seen.insert((s.page, s.u, s.v)), "two cards share {:?}", (s.page, s.u, s.v));
            }
        }
    }
}

#[test]
fn clut_attributes_point_into_their_pages_clut_block() {
    let s = atlas::face(1, 12, FaceStyle::FourColour, CardSize::Large);
    let page = PAGES[s.page as usize];
    let (x, y) = ((s.clut & 63) * 16, s.clut >> 6);
    assert_eq!(x, page.clut_x);
    assert!(y >= page.clut_y && y < page.clut_y + page.cluts);
}

#[test]
fn upload_packets_are_gp0_copies_to_the_pages_and_clut_blocks() {
    for (n, page) in PAGES.iter().enumerate() {
        let t = PAGE_TEXELS[n];
        assert_eq!(t[0], 0xA000_0000);
        assert_eq!(t[1], (page.vram_y as u32) << 16 | page.vram_x as u32);
        assert_eq!(t[2], (page.height as u32) << 16 | page.width as u32);
        assert_eq!(t.len(), 3 + page.width as usize * page.height as usize / 2);
        let c = PAGE_CLUTS[n];
        assert_eq!(c[1], (page.clut_y as u32) << 16 | page.clut_x as u32);
        assert_eq!(c[2], (page.cluts as u32) << 16 | 16);
        assert_eq!(c.len(), 3 + 8 * page.cluts as usize);
        // Entry 0 of every CLUT is transparent.
        for k in 0..page.cluts as usize {
            assert_eq!(c[3 + 8 * k] & 0xFFFF, 0);
        }
        assert_eq!(&atlas::PAGE_TIMS[n][..4], &[0x10, 0, 0, 0]);
    }
}

#[test]
fn the_font_covers_ascii_and_the_suits() {
    for c in (' '..='~').chain(['♠', '♥', '♦', '♣']) {
        let g = atlas::glyph(c).unwrap_or_else(|| panic!("no glyph for {c:?}"));
        assert!(g.advance > 0);
    }
    assert_eq!(atlas::glyph('é'), None);
    // "i" is narrower than "m": the font is proportional.
    assert!(atlas::text_width("iii") < atlas::text_width("mmm"));
    assert_eq!(
        atlas::text_width("A♠"),
        (atlas::glyph('A').unwrap().advance + atlas::glyph('♠').unwrap().advance) as u16
    );
}

#[test]
fn the_memory_card_icon_is_16_colours_with_transparent_first() {
    assert_eq!(atlas::MEMCARD_ICON_CLUT[0], 0);
    assert!(atlas::MEMCARD_ICON_CLUT[1..].iter().any(|&c| c != 0));
    assert_eq!(atlas::MEMCARD_ICON_BITMAP.len(), 128);
    assert_eq!((atlas::MEMCARD_ICON.w, atlas::MEMCARD_ICON.h), (16, 16));
}
