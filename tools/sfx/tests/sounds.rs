//! Every sound in the repository's `sfx/`: it builds, and decoding its
//! encoded blocks gives back the rendered source within 20 dB SNR (pulse
//! and noise waves, whose edges ADPCM smooths, measure 22-25 dB; tones
//! 27-37 dB).

use std::path::PathBuf;

fn sfx_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../sfx")
}

/// The lowest round-trip SNR any sound may have, dB.
const MIN_SNR_DB: f64 = 20.0;

#[test]
fn every_sound_round_trips_within_the_stated_snr() {
    let out = sfx::make(&sfx_dir()).expect("sfx/ builds");
    assert!(!out.samples.is_empty());
    for s in &out.samples {
        let snr = s.snr_db();
        assert!(snr >= MIN_SNR_DB, "{}: {snr:.1} dB < {MIN_SNR_DB} dB", s.name);
        let (pcm, flags) = sfx::adpcm::decode(&s.adpcm);
        assert_eq!(pcm.len() % 28, 0);
        assert!(pcm.len() >= s.source.len() && pcm.len() < s.source.len() + 28, "{}", s.name);
        // One-shots end on loop end without repeat (the voice falls
        // silent); instruments loop from their first block.
        let last = *flags.last().unwrap();
        match s.kind {
            "effect" => assert_eq!(last & 3, sfx::adpcm::FLAG_LOOP_END, "{}", s.name),
            _ => assert_eq!(last & 3, sfx::adpcm::FLAG_LOOP_END | sfx::adpcm::FLAG_LOOP_REPEAT, "{}", s.name),
        }
        assert_ne!(flags[0] & sfx::adpcm::FLAG_LOOP_START, 0, "{}", s.name);
        assert!(flags[1..flags.len() - 1].iter().all(|f| *f == 0), "{}: flags inside", s.name);
    }
}

#[test]
fn layout_is_contiguous_and_padded_for_dma() {
    let out = sfx::make(&sfx_dir()).unwrap();
    let mut addr = sfx::SPU_BASE;
    for s in &out.samples {
        assert_eq!(s.addr, addr, "{}", s.name);
        assert_eq!(s.addr % 16, 0);
        addr += s.adpcm.len() as u32;
    }
    assert_eq!(out.bin.len() % 64, 0);
    assert!(out.bin.len() < (addr - sfx::SPU_BASE) as usize + 64);
    // SPU RAM is 512 KiB; the reverb work area and the capture buffers are
    // not ours. The sounds stay far below it.
    assert!(sfx::SPU_BASE as usize + out.bin.len() < 0x7_0000);
}

#[test]
fn the_game_needs_these_sounds() {
    let out = sfx::make(&sfx_dir()).unwrap();
    for name in [
        "FX_CURSOR",
        "FX_PICK_UP",
        "FX_PUT_DOWN",
        "FX_REFUSED",
        "FX_DEAL",
        "FX_BOOK",
        "FX_ORPHAN",
        "FX_FOUNDATION",
        "FX_MENU_MOVE",
        "FX_MENU_SELECT",
        "SONG_WIN",
        "SONG_LOSS",
        "SONG_TITLE",
    ] {
        assert!(out.rust.contains(&format!(" {name}:")), "{name} missing from the generated table");
    }
}
