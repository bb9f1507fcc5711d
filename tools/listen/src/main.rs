//! `listen LOG WAV`: the listening emulator test. Mednafen records what
//! the SPU plays (`psxrun --sound WAV`); the game logs every sound with
//! the frame it started on (`AFTK SFX`, `AFTK MUSIC`, `AFTK VOLUME`, see
//! src/ps1/spu.rs). This checks, a frame (1/59.826 s) at a time, that
//!
//! - the recording carries energy within a few frames after every effect
//!   the log says was played (not `muted`),
//! - it is silent wherever nothing was playing: outside the title tune
//!   (and its release) and outside every effect and its tail,
//! - it is silent from a mute on (`AFTK VOLUME ... muted=yes`), muted
//!   effects included.
//!
//! The log's frames are lined up with the recording at the title tune's
//! start (`AFTK MUSIC title`), the first sound the game makes.

use std::process::ExitCode;

/// Console frames a second (NTSC, 263 lines a field).
const FPS: f64 = 59.826;
/// RMS (16-bit) at or above which a frame is heard.
const HEARD: f64 = 200.0;
/// RMS below which a frame is silent (the ADPCM's quietest rounding).
const SILENT: f64 = 30.0;
/// Frames after a logged start in which the sound must be heard (the key-on
/// is written at the end of the frame's update; the voice starts a little
/// later).
const ONSET: i64 = 6;
/// Frames a song's voices take to fade after their key-off.
const MUSIC_TAIL: i64 = 150;
/// Frames after an effect's length that may still carry its release.
const EFFECT_TAIL: i64 = 20;

#[derive(Debug)]
enum Event {
    Sfx { name: String, frame: i64, frames: i64, muted: bool },
    Music { name: String, frame: i64 },
    Muted { on: bool, frame: i64 },
}

fn field(line: &str, key: &str) -> Option<i64> {
    line.split(' ').find_map(|f| f.strip_prefix(key)).and_then(|v| v.parse().ok())
}

fn parse_log(text: &str) -> Result<Vec<Event>, String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let bad = || format!("bad line {line:?}");
        if let Some(rest) = line.strip_prefix("AFTK SFX ") {
            let name = rest.split(' ').next().ok_or_else(bad)?.to_string();
            let frame = field(rest, "frame=").ok_or_else(bad)?;
            let frames = field(rest, "frames=").ok_or_else(bad)?;
            out.push(Event::Sfx { name, frame, frames, muted: rest.split(' ').any(|f| f == "muted") });
        } else if let Some(rest) = line.strip_prefix("AFTK MUSIC ") {
            let name = rest.split(' ').next().ok_or_else(bad)?.to_string();
            out.push(Event::Music { name, frame: field(rest, "frame=").ok_or_else(bad)? });
        } else if let Some(rest) = line.strip_prefix("AFTK VOLUME ") {
            let on = rest.split(' ').any(|f| f == "muted=yes");
            out.push(Event::Muted { on, frame: field(rest, "frame=").ok_or_else(bad)? });
        }
    }
    Ok(out)
}

/// The RMS of each console frame of a 16-bit PCM WAV file (channels mixed).
fn frame_rms(wav: &[u8]) -> Result<Vec<f64>, String> {
    if wav.len() < 12 || &wav[0..4] != b"RIFF" || &wav[8..12] != b"WAVE" {
        return Err("not a WAV file".into());
    }
    let (mut at, mut fmt, mut data) = (12, None, None);
    while at + 8 <= wav.len() {
        let id = &wav[at..at + 4];
        let len = u32::from_le_bytes(wav[at + 4..at + 8].try_into().unwrap()) as usize;
        let body = &wav[at + 8..(at + 8 + len).min(wav.len())];
        match id {
            b"fmt " if body.len() >= 16 => {
                let ch = u16::from_le_bytes([body[2], body[3]]) as usize;
                let rate = u32::from_le_bytes(body[4..8].try_into().unwrap()) as f64;
                let bits = u16::from_le_bytes([body[14], body[15]]);
                fmt = Some((ch, rate, bits));
            }
            b"data" => data = Some(body),
            _ => {}
        }
        at += 8 + len + (len & 1);
    }
    let (ch, rate, bits) = fmt.ok_or("no fmt chunk")?;
    let data = data.ok_or("no data chunk")?;
    if bits != 16 || ch == 0 {
        return Err(format!("{bits}-bit audio with {ch} channels: 16-bit PCM expected"));
    }
    let samples: Vec<f64> = data
        .chunks_exact(2 * ch)
        .map(|s| s.chunks_exact(2).map(|c| f64::from(i16::from_le_bytes([c[0], c[1]]))).sum::<f64>() / ch as f64)
        .collect();
    let per = rate / FPS;
    let n = (samples.len() as f64 / per) as usize;
    Ok((0..n)
        .map(|i| {
            let seg = &samples[(i as f64 * per) as usize..(((i + 1) as f64 * per) as usize).min(samples.len())];
            (seg.iter().map(|x| x * x).sum::<f64>() / seg.len().max(1) as f64).sqrt()
        })
        .collect())
}

/// What was checked, for the report.
#[derive(Debug, Default)]
struct Report {
    heard: usize,
    muted: usize,
    silent_frames: usize,
}

fn check(events: &[Event], rms: &[f64]) -> Result<Report, String> {
    let title = events
        .iter()
        .find_map(|e| match e {
            Event::Music { name, frame } if name != "none" => Some(*frame),
            _ => None,
        })
        .ok_or("the log has no AFTK MUSIC: nothing to line the recording up with")?;
    let first = rms.iter().position(|r| *r >= HEARD).ok_or("the recording is silent throughout")? as i64;
    // Recording frame = log frame + offset.
    let offset = first - title;
    let at = |f: i64| f + offset;
    let mut report = Report::default();
    // Frames where a sound may be playing.
    let mut busy = vec![false; rms.len()];
    let mut mark = |from: i64, to: i64| {
        for f in from.max(0)..to.min(busy.len() as i64) {
            busy[f as usize] = true;
        }
    };
    let mut music_from: Option<i64> = None;
    let mut muted_from: Option<i64> = None;
    let mut muted_spans = Vec::new();
    let end = rms.len() as i64;
    for e in events {
        match e {
            Event::Music { name, frame } => {
                if let Some(from) = music_from.take() {
                    mark(at(from) - 1, at(*frame) + MUSIC_TAIL);
                }
                if name != "none" {
                    music_from = Some(*frame);
                }
            }
            Event::Sfx { frame, frames, .. } => mark(at(*frame) - 1, at(*frame) + frames + EFFECT_TAIL),
            Event::Muted { on, frame } => match (on, muted_from) {
                (true, None) => muted_from = Some(*frame),
                (false, Some(from)) => {
                    muted_spans.push((at(from) + 2, at(*frame)));
                    muted_from = None;
                }
                _ => {}
            },
        }
    }
    if let Some(from) = music_from {
        mark(at(from) - 1, end);
    }
    if let Some(from) = muted_from {
        muted_spans.push((at(from) + 2, end));
    }
    let muted_at = |f: i64| muted_spans.iter().any(|(a, b)| (*a..*b).contains(&f));
    for e in events {
        if let Event::Sfx { name, frame, muted, .. } = e {
            let f = at(*frame);
            if f + ONSET >= end {
                continue; // the recording stopped first
            }
            let loudest = (f.max(0)..f + ONSET).map(|i| rms[i as usize]).fold(0.0, f64::max);
            if *muted {
                report.muted += 1;
                if loudest >= SILENT && !busy_other(events, *frame, offset) {
                    return Err(format!("{name} at frame {frame} was muted, yet the recording has RMS {loudest:.0}"));
                }
            } else if muted_at(f) {
                return Err(format!("{name} at frame {frame} is logged as heard while muted"));
            } else if loudest < HEARD {
                return Err(format!("{name} at frame {frame} (recording frame {f}): not heard (RMS {loudest:.0})"));
            } else {
                report.heard += 1;
            }
        }
    }
    for (f, r) in rms.iter().enumerate() {
        let fi = f as i64;
        if (!busy[f] || muted_at(fi)) && *r >= SILENT {
            let why = if muted_at(fi) { "muted" } else { "nothing playing" };
            return Err(format!(
                "recording frame {f} (log frame {}): RMS {r:.0} where it should be silent ({why})",
                fi - offset
            ));
        }
        if !busy[f] || muted_at(fi) {
            report.silent_frames += 1;
        }
    }
    Ok(report)
}

/// True when a heard sound (music or effect) may still be playing at log
/// frame `frame` (a muted effect right after the mute shares the frame
/// with the music's fade).
fn busy_other(events: &[Event], frame: i64, _offset: i64) -> bool {
    let mut music = false;
    for e in events {
        match e {
            Event::Music { name, frame: f } if *f <= frame => music = name != "none" || frame - f < MUSIC_TAIL,
            Event::Sfx { frame: f, frames, muted: false, .. } if *f <= frame && frame < f + frames + EFFECT_TAIL => {
                return true
            }
            _ => {}
        }
    }
    music
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [log, wav] = args.as_slice() else {
        eprintln!("usage: listen TTY-LOG WAV");
        return ExitCode::from(2);
    };
    let run = || -> Result<Report, String> {
        let text = std::fs::read_to_string(log).map_err(|e| format!("{log}: {e}"))?;
        let bytes = std::fs::read(wav).map_err(|e| format!("{wav}: {e}"))?;
        let events = parse_log(&text)?;
        let rms = frame_rms(&bytes).map_err(|e| format!("{wav}: {e}"))?;
        check(&events, &rms)
    };
    match run() {
        Ok(r) => {
            println!(
                "listen: {} effects heard, {} muted effects silent, {} frames silent where nothing played",
                r.heard, r.muted, r.silent_frames
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("listen: {e}");
            ExitCode::FAILURE
        }
    }
}
