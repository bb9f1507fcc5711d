//! `sfx <sfx dir> [<out dir>]`: makes the sounds like the game's build does,
//! prints what each costs and its round-trip SNR, and with an output
//! directory writes `sfx.bin`, `sfx.rs` and a WAV of each sound as the SPU
//! would play it (decoded from the ADPCM) there, to listen to.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn wav(path: &Path, rate: u32, samples: &[i16]) -> std::io::Result<()> {
    let data = samples.len() as u32 * 2;
    let mut b = Vec::with_capacity(44 + data as usize);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&rate.to_le_bytes());
    b.extend_from_slice(&(rate * 2).to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&16u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        b.extend_from_slice(&s.to_le_bytes());
    }
    std::fs::write(path, b)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dir, out) = match &args[..] {
        [d] => (PathBuf::from(d), None),
        [d, o] => (PathBuf::from(d), Some(PathBuf::from(o))),
        _ => {
            eprintln!("usage: sfx <sfx dir> [<out dir>]   (for example: sfx sfx target/sfx)");
            return ExitCode::from(2);
        }
    };
    let made = match &out {
        Some(o) => sfx::build(&dir, o),
        None => sfx::make(&dir),
    };
    match made {
        Ok(output) => {
            print!("{}", output.table());
            println!("{}", output.summary());
            if let Some(o) = out {
                for s in &output.samples {
                    let (pcm, _) = sfx::adpcm::decode(&s.adpcm);
                    if let Err(e) = wav(&o.join(format!("{}.wav", s.name)), s.rate, &pcm) {
                        eprintln!("sfx: {e}");
                        return ExitCode::FAILURE;
                    }
                }
                println!("wrote {}/sfx.bin, sfx.rs and a WAV of each sample", o.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sfx: {e}");
            ExitCode::FAILURE
        }
    }
}
