//! The build-time sound maker for the collection.
//!
//! `sfx/` holds every sound as a small text description (docs/sfx.md):
//! effects (`.sfx`: notes with a waveform, a pitch glide and an envelope,
//! rendered into a one-shot sample), instruments (`.ins`: one cycle of a
//! wave, looped, with the SPU's hardware envelope) and songs (`.song`:
//! voices of notes on instruments, which the game's own sequencer plays).
//! [`build`] renders them ([`synth`]), encodes the samples to the SPU's
//! ADPCM ([`adpcm`]) and writes into one output directory:
//!
//! - `sfx.bin`: every sample's ADPCM blocks, in SPU RAM order, padded to
//!   a multiple of 64 bytes (the upload's DMA block);
//! - `sfx.rs`: Rust source for `src/sound.rs` to `include!`: where each
//!   sample lies in SPU RAM, its pitch, each instrument's envelope, and
//!   each song's steps as pitch register values.
//!
//! `build.rs` in the game calls [`build`]; the `sfx` binary does the same
//! from the command line and prints what each sound costs.

pub mod adpcm;
pub mod synth;
pub mod text;

use std::fmt::{self, Write as _};
use std::path::Path;

/// A failure with a one-line message meant for the person who ran the build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Where the samples start in SPU RAM (bytes): after the first 4 KiB
/// (the SPU writes the CD and voice 1/3 capture buffers there) and a
/// 16-byte silent looping block the game keeps at 0x1000 for idle voices.
pub const SPU_BASE: u32 = 0x1010;

/// The SPU's output rate: pitch 0x1000 plays a sample at this rate.
pub const SPU_RATE: f64 = 44100.0;

/// Stem of a file name as a Rust constant name (`pick_up` -> `PICK_UP`).
fn const_name(stem: &str) -> String {
    stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect()
}

/// One sample placed in SPU RAM.
#[derive(Clone, Debug)]
pub struct Placed {
    /// File stem.
    pub name: String,
    /// Kind: "effect" or "instrument".
    pub kind: &'static str,
    /// Address in SPU RAM, bytes.
    pub addr: u32,
    /// The source samples.
    pub source: Vec<i16>,
    /// The ADPCM blocks.
    pub adpcm: Vec<u8>,
    /// Sample rate it was rendered at.
    pub rate: u32,
}

impl Placed {
    /// Round-trip SNR of this sample's encoding, dB.
    pub fn snr_db(&self) -> f64 {
        adpcm::snr_db(&self.source, &adpcm::decode(&self.adpcm).0)
    }

    /// Duration in ms.
    pub fn ms(&self) -> f64 {
        self.source.len() as f64 * 1000.0 / f64::from(self.rate)
    }
}

/// What [`build`] made.
#[derive(Clone, Debug, Default)]
pub struct Output {
    /// Every sample, in SPU RAM order.
    pub samples: Vec<Placed>,
    /// Songs: (name, steps, step frames, voices, bytes of step data).
    pub songs: Vec<(String, usize, u8, usize, usize)>,
    /// Bytes of `sfx.bin` (padded).
    pub spu_bytes: usize,
    /// Rust source of `sfx.rs`.
    pub rust: String,
    /// The ADPCM of every sample, padded.
    pub bin: Vec<u8>,
}

impl Output {
    /// One line about the whole set.
    pub fn summary(&self) -> String {
        format!(
            "{} effects, {} instruments, {} songs; {} bytes of ADPCM for SPU RAM",
            self.samples.iter().filter(|s| s.kind == "effect").count(),
            self.samples.iter().filter(|s| s.kind == "instrument").count(),
            self.songs.len(),
            self.spu_bytes
        )
    }

    /// A table of every sound: size, length, round-trip SNR.
    pub fn table(&self) -> String {
        let mut t = String::from("| sound | kind | ms | rate Hz | ADPCM bytes | SNR dB |\n|---|---|---|---|---|---|\n");
        for s in &self.samples {
            let _ = writeln!(
                t,
                "| {} | {} | {:.0} | {} | {} | {:.1} |",
                s.name,
                s.kind,
                s.ms(),
                s.rate,
                s.adpcm.len(),
                s.snr_db()
            );
        }
        for (name, steps, frames, voices, bytes) in &self.songs {
            let _ = writeln!(
                t,
                "| {name} | song: {voices} voices, {steps} steps of {frames} frames | | | {bytes} (steps) | |"
            );
        }
        t
    }
}

/// Reads every file in `dir` with this extension, sorted by name: (stem, text).
fn read_all(dir: &Path, ext: &str) -> Result<Vec<(String, String, String)>, Error> {
    let mut out = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| Error(format!("{}: {e}", dir.display())))?;
    for e in entries {
        let path = e.map_err(|e| Error(format!("{}: {e}", dir.display())))?.path();
        if path.extension().and_then(|x| x.to_str()) != Some(ext) {
            continue;
        }
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_string();
        if stem.is_empty() || !stem.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
            return Err(Error(format!("{}: a sound's name is lower case letters, digits and _", path.display())));
        }
        let text = std::fs::read_to_string(&path).map_err(|e| Error(format!("{}: {e}", path.display())))?;
        out.push((stem, path.display().to_string(), text));
    }
    out.sort();
    Ok(out)
}

/// Renders, encodes and lays out everything in `dir`; writes nothing.
pub fn make(dir: &Path) -> Result<Output, Error> {
    let mut out = Output::default();
    let mut addr = SPU_BASE;
    let mut place = |out: &mut Output, name: &str, kind, source: Vec<i16>, ending, rate| {
        let adpcm = adpcm::encode(&source, ending);
        let p = Placed { name: name.to_string(), kind, addr, source, adpcm, rate };
        addr += p.adpcm.len() as u32;
        out.samples.push(p);
    };
    let mut rust = String::new();
    rust.push_str("// Generated by tools/sfx from sfx/ (docs/sfx.md): do not edit.\n\n");
    for (stem, file, text) in read_all(dir, "sfx")? {
        let fx = text::parse_effect(&file, &text)?;
        let pcm = synth::render_effect(&fx);
        place(&mut out, &stem, "effect", pcm, adpcm::Ending::OneShot, fx.rate);
        let p = out.samples.last().expect("just placed");
        let pitch = (4096.0 * f64::from(fx.rate) / SPU_RATE).round() as u16;
        let _ = writeln!(
            rust,
            "/// `sfx/{stem}.sfx`: {:.0} ms at {} Hz, {} bytes of ADPCM.\npub const FX_{}: Effect = Effect {{ name: \"{stem}\", addr: 0x{:04x}, pitch: 0x{pitch:04x}, blocks: {} }};",
            p.ms(),
            fx.rate,
            p.adpcm.len(),
            const_name(&stem),
            p.addr / 8,
            p.adpcm.len() / adpcm::BLOCK_BYTES
        );
    }
    let mut instruments = Vec::new();
    for (stem, file, text) in read_all(dir, "ins")? {
        let ins = text::parse_instrument(&file, &text)?;
        let pcm = synth::render_cycle(&ins);
        place(&mut out, &stem, "instrument", pcm, adpcm::Ending::Loop, SPU_RATE as u32);
        let p = out.samples.last().expect("just placed");
        let (a1, a2) = ins.adsr.registers();
        let _ = writeln!(
            rust,
            "/// `sfx/{stem}.ins`: a cycle of {} samples ({:.1} Hz at pitch 0x1000).\npub const INS_{}: Instrument = Instrument {{ name: \"{stem}\", addr: 0x{:04x}, adsr1: 0x{a1:04x}, adsr2: 0x{a2:04x} }};",
            ins.cycle,
            SPU_RATE / ins.cycle as f64,
            const_name(&stem),
            p.addr / 8,
        );
        instruments.push((stem, ins));
    }
    for (stem, file, text) in read_all(dir, "song")? {
        let song = text::parse_song(&file, &text)?;
        let mut voices = String::new();
        for v in &song.voices {
            let Some((_, ins)) = instruments.iter().find(|(n, _)| *n == v.instrument) else {
                return Err(Error(format!("{file}: voice {}: no instrument sfx/{}.ins", v.name, v.instrument)));
            };
            let mut steps = Vec::with_capacity(v.steps.len());
            for s in &v.steps {
                steps.push(match *s {
                    text::Step::Hold => 0u16,
                    text::Step::Rest => 1,
                    text::Step::Note(hz, n) => {
                        let pitch = (4096.0 * hz * ins.cycle as f64 / SPU_RATE).round();
                        if !(2.0..=16383.0).contains(&pitch) {
                            return Err(Error(format!(
                                "{file}: voice {}: note {n} (MIDI) is out of sfx/{}.ins's range (pitch 0x{:x}; a shorter cycle plays higher)",
                                v.name, v.instrument, pitch as u32
                            )));
                        }
                        pitch as u16
                    }
                });
            }
            let vol = (v.volume * f64::from(0x3FFF)).round() as u16;
            let _ = writeln!(
                voices,
                "        SongVoice {{ name: \"{}\", instrument: INS_{}, volume: 0x{vol:04x}, steps: &{steps:?} }},",
                v.name,
                const_name(&v.instrument)
            );
        }
        let steps = song.voices[0].steps.len();
        out.songs.push((stem.clone(), steps, song.step_frames, song.voices.len(), steps * song.voices.len() * 2));
        let _ = writeln!(
            rust,
            "/// `sfx/{stem}.song`: {} voices, {steps} steps of {} frames{}.\npub static SONG_{}: Song = Song {{\n    name: \"{stem}\",\n    step_frames: {},\n    looping: {},\n    voices: &[\n{voices}    ],\n}};",
            song.voices.len(),
            song.step_frames,
            if song.looping { ", looping" } else { "" },
            const_name(&stem),
            song.step_frames,
            song.looping,
        );
    }
    let mut bin: Vec<u8> = out.samples.iter().flat_map(|s| s.adpcm.iter().copied()).collect();
    while bin.len() % 64 != 0 {
        bin.push(0);
    }
    let _ = writeln!(
        rust,
        "/// Where [`SPU_DATA`] goes in SPU RAM (bytes), after the silent block.\npub const SPU_DATA_AT: u32 = 0x{SPU_BASE:04x};\n/// Every sample's ADPCM, for SPU RAM at 0x{SPU_BASE:04x}: {} bytes (a multiple of 64).\npub static SPU_DATA: Blob<{}> = Blob(*include_bytes!(concat!(env!(\"OUT_DIR\"), \"/sfx.bin\")));",
        bin.len(),
        bin.len()
    );
    out.spu_bytes = bin.len();
    out.bin = bin;
    out.rust = rust;
    Ok(out)
}

/// Makes everything in `dir` and writes `sfx.bin` and `sfx.rs` into `out_dir`.
pub fn build(dir: &Path, out_dir: &Path) -> Result<Output, Error> {
    let out = make(dir)?;
    std::fs::create_dir_all(out_dir).map_err(|e| Error(format!("{}: {e}", out_dir.display())))?;
    let write = |name: &str, bytes: &[u8]| {
        let p = out_dir.join(name);
        std::fs::write(&p, bytes).map_err(|e| Error(format!("{}: {e}", p.display())))
    };
    write("sfx.bin", &out.bin)?;
    write("sfx.rs", out.rust.as_bytes())?;
    Ok(out)
}
