//! The text formats of `sfx/` (docs/sfx.md): effects (`.sfx`), instruments
//! (`.ins`) and songs (`.song`), one statement a line; a word starting
//! with `#` starts a comment to the end of the line.

use crate::Error;

/// A waveform.
#[derive(Clone, Debug, PartialEq)]
pub enum Wave {
    /// A sine.
    Sine,
    /// A triangle.
    Triangle,
    /// A rising sawtooth.
    Saw,
    /// A pulse, high for this share of the cycle (0.5: a square).
    Pulse(f64),
    /// White noise, a new random value every half cycle (so its "pitch" is
    /// how fast it changes).
    Noise,
    /// Sine partials: the amplitude of the fundamental, the 2nd harmonic...
    Harmonics(Vec<f64>),
}

impl Wave {
    fn parse(word: &str) -> Option<Wave> {
        Some(match word {
            "sine" => Wave::Sine,
            "triangle" => Wave::Triangle,
            "saw" => Wave::Saw,
            "square" => Wave::Pulse(0.5),
            "pulse25" => Wave::Pulse(0.25),
            "pulse12" => Wave::Pulse(0.125),
            "noise" => Wave::Noise,
            _ => return None,
        })
    }

    /// The wave's value at `phase` (cycles, 0..1), for a periodic wave.
    pub fn at(&self, phase: f64) -> f64 {
        let p = phase.rem_euclid(1.0);
        match self {
            Wave::Sine => (p * std::f64::consts::TAU).sin(),
            Wave::Triangle => {
                if p < 0.25 {
                    4.0 * p
                } else if p < 0.75 {
                    2.0 - 4.0 * p
                } else {
                    4.0 * p - 4.0
                }
            }
            Wave::Saw => 2.0 * p - 1.0,
            Wave::Pulse(duty) => {
                if p < *duty {
                    1.0
                } else {
                    -1.0
                }
            }
            Wave::Noise => 0.0,
            Wave::Harmonics(amps) => {
                amps.iter().enumerate().map(|(k, a)| a * (p * std::f64::consts::TAU * (k + 1) as f64).sin()).sum()
            }
        }
    }
}

/// One note of an effect.
#[derive(Clone, Debug, PartialEq)]
pub struct Tone {
    /// Start, ms from the effect's start.
    pub start_ms: f64,
    /// Length, ms.
    pub len_ms: f64,
    /// Waveform.
    pub wave: Wave,
    /// Frequency at its start and end, Hz (an exponential glide between).
    pub from_hz: f64,
    /// See `from_hz`.
    pub to_hz: f64,
    /// Linear rise to full level, ms.
    pub attack_ms: f64,
    /// Linear fall to silence at its end, ms.
    pub release_ms: f64,
    /// Its level in the mix (1 by default).
    pub level: f64,
}

/// An effect: notes rendered into a one-shot sample.
#[derive(Clone, Debug, PartialEq)]
pub struct EffectSrc {
    /// Sample rate of the rendered sample, Hz.
    pub rate: u32,
    /// The loudest sample, as a share of full scale.
    pub volume: f64,
    /// The notes.
    pub tones: Vec<Tone>,
}

/// The SPU's hardware envelope, in its own units (docs/sfx.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adsr {
    /// Attack rate, 0 (fastest) to 127, linear.
    pub attack: u8,
    /// Decay rate, 0 (fastest) to 15, exponential.
    pub decay: u8,
    /// Sustain level, 0 to 15 (15: full).
    pub sustain: u8,
    /// Sustain rate, 0 (fastest) to 127, exponential fall; 127 holds.
    pub sustain_rate: u8,
    /// Release rate after key off, 0 (fastest) to 31, exponential.
    pub release: u8,
}

impl Adsr {
    /// The two ADSR registers: linear attack, exponential decay, sustain
    /// falling exponentially, exponential release.
    pub fn registers(self) -> (u16, u16) {
        let a1 = (u16::from(self.attack) << 8) | (u16::from(self.decay) << 4) | u16::from(self.sustain);
        let a2 = (1 << 15) | (1 << 14) | (u16::from(self.sustain_rate) << 6) | (1 << 5) | u16::from(self.release);
        (a1, a2)
    }
}

/// An instrument: one looped cycle of a wave, and an envelope.
#[derive(Clone, Debug, PartialEq)]
pub struct InstrumentSrc {
    /// The wave.
    pub wave: Wave,
    /// Samples in the cycle (a multiple of 28): at the SPU's 44.1 kHz the
    /// cycle sounds 44100 / cycle Hz.
    pub cycle: usize,
    /// Peak as a share of full scale.
    pub volume: f64,
    /// The envelope.
    pub adsr: Adsr,
}

/// A voice of a song.
#[derive(Clone, Debug, PartialEq)]
pub struct VoiceSrc {
    /// Its name in the note lines.
    pub name: String,
    /// The instrument's file stem.
    pub instrument: String,
    /// Its volume, 0..1.
    pub volume: f64,
    /// Steps: `Some(Some(f))` a note at f Hz, `Some(None)` a rest (key
    /// off), `None` hold.
    pub steps: Vec<Step>,
}

/// One step of a voice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// Key on at this frequency (Hz), with its note name's MIDI number.
    Note(f64, u8),
    /// Key off (the instrument's release plays).
    Rest,
    /// Nothing changes.
    Hold,
}

/// A song: voices stepping together.
#[derive(Clone, Debug, PartialEq)]
pub struct SongSrc {
    /// Frames a step lasts.
    pub step_frames: u8,
    /// Starts again at its end.
    pub looping: bool,
    /// The voices.
    pub voices: Vec<VoiceSrc>,
}

/// A note name (`C4`, `F#5`, `Bb3`; A4 = 440 Hz) as its MIDI number.
pub fn note_number(name: &str) -> Option<u8> {
    let mut chars = name.chars();
    let letter = chars.next()?;
    let base: i32 = match letter {
        'C' => 0,
        'D' => 2,
        'E' => 4,
        'F' => 5,
        'G' => 7,
        'A' => 9,
        'B' => 11,
        _ => return None,
    };
    let rest: String = chars.collect();
    let (acc, octave) = if let Some(r) = rest.strip_prefix('#') {
        (1, r)
    } else if let Some(r) = rest.strip_prefix('b') {
        (-1, r)
    } else {
        (0, rest.as_str())
    };
    let octave: i32 = octave.parse().ok().filter(|o| (0..=9).contains(o))?;
    u8::try_from(12 * (octave + 1) + base + acc).ok()
}

/// The frequency of a MIDI note number.
pub fn note_hz(n: u8) -> f64 {
    440.0 * 2f64.powf((f64::from(n) - 69.0) / 12.0)
}

/// A frequency: Hz as a number, or a note name.
fn hz(word: &str) -> Option<f64> {
    word.parse::<f64>().ok().filter(|f| *f > 0.0).or_else(|| note_number(word).map(note_hz))
}

/// The statements of a file: (line number, words), comments and blank lines
/// dropped.
fn statements(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        // A comment is a word starting with `#` and the rest of the line
        // (so `G#4` is a note, not a comment).
        let words: Vec<&str> = line.split_whitespace().take_while(|w| !w.starts_with('#')).collect();
        (!words.is_empty()).then_some((i + 1, words))
    })
}

fn num<T: std::str::FromStr>(file: &str, line: usize, what: &str, word: Option<&&str>) -> Result<T, Error> {
    let word = word.ok_or_else(|| Error(format!("{file}:{line}: {what} missing")))?;
    word.parse().map_err(|_| Error(format!("{file}:{line}: {what}: not a number: {word}")))
}

fn in_range(file: &str, line: usize, what: &str, v: f64, lo: f64, hi: f64) -> Result<f64, Error> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(Error(format!("{file}:{line}: {what} {v} is outside {lo}..{hi}")))
    }
}

/// Parses an effect (`.sfx`).
pub fn parse_effect(file: &str, text: &str) -> Result<EffectSrc, Error> {
    let mut fx = EffectSrc { rate: 11025, volume: 0.8, tones: Vec::new() };
    for (line, w) in statements(text) {
        match w[0] {
            "rate" => {
                let r: u32 = num(file, line, "rate", w.get(1))?;
                fx.rate = in_range(file, line, "rate", f64::from(r), 4000.0, 44100.0)? as u32;
            }
            "volume" => {
                let v: f64 = num(file, line, "volume", w.get(1))?;
                fx.volume = in_range(file, line, "volume", v, 0.0, 1.0)?;
            }
            "tone" => {
                if !(8..=9).contains(&w.len()) {
                    return Err(Error(format!(
                        "{file}:{line}: tone START LEN WAVE FROM TO ATTACK RELEASE [LEVEL], not {} words",
                        w.len() - 1
                    )));
                }
                let wave = Wave::parse(w[3]).ok_or_else(|| Error(format!("{file}:{line}: unknown wave {}", w[3])))?;
                let f = |i: usize| {
                    hz(w[i]).ok_or_else(|| Error(format!("{file}:{line}: not a frequency or note: {}", w[i])))
                };
                let tone = Tone {
                    start_ms: in_range(file, line, "start", num(file, line, "start", w.get(1))?, 0.0, 5000.0)?,
                    len_ms: in_range(file, line, "length", num(file, line, "length", w.get(2))?, 1.0, 5000.0)?,
                    wave,
                    from_hz: in_range(file, line, "from", f(4)?, 10.0, 20000.0)?,
                    to_hz: in_range(file, line, "to", f(5)?, 10.0, 20000.0)?,
                    attack_ms: in_range(file, line, "attack", num(file, line, "attack", w.get(6))?, 0.0, 5000.0)?,
                    release_ms: in_range(file, line, "release", num(file, line, "release", w.get(7))?, 0.0, 5000.0)?,
                    level: match w.get(8) {
                        Some(_) => in_range(file, line, "level", num(file, line, "level", w.get(8))?, 0.0, 1.0)?,
                        None => 1.0,
                    },
                };
                fx.tones.push(tone);
            }
            other => return Err(Error(format!("{file}:{line}: unknown statement {other} (rate, volume, tone)"))),
        }
    }
    if fx.tones.is_empty() {
        return Err(Error(format!("{file}: no tone")));
    }
    Ok(fx)
}

/// Parses an instrument (`.ins`).
pub fn parse_instrument(file: &str, text: &str) -> Result<InstrumentSrc, Error> {
    let mut ins = InstrumentSrc {
        wave: Wave::Sine,
        cycle: 56,
        volume: 0.8,
        adsr: Adsr { attack: 0, decay: 0, sustain: 15, sustain_rate: 127, release: 0 },
    };
    let mut have_wave = false;
    for (line, w) in statements(text) {
        match w[0] {
            "wave" => {
                let name = w.get(1).copied().unwrap_or("");
                ins.wave = match Wave::parse(name) {
                    Some(Wave::Noise) => {
                        return Err(Error(format!("{file}:{line}: an instrument is one cycle: noise has none")))
                    }
                    Some(wave) => wave,
                    None => return Err(Error(format!("{file}:{line}: unknown wave {name}"))),
                };
                have_wave = true;
            }
            "harmonics" => {
                let amps = w[1..]
                    .iter()
                    .map(|a| a.parse::<f64>().map_err(|_| Error(format!("{file}:{line}: not a number: {a}"))))
                    .collect::<Result<Vec<_>, _>>()?;
                if amps.is_empty() {
                    return Err(Error(format!("{file}:{line}: harmonics needs at least one amplitude")));
                }
                ins.wave = Wave::Harmonics(amps);
                have_wave = true;
            }
            "cycle" => {
                let c: usize = num(file, line, "cycle", w.get(1))?;
                if c == 0 || c % 28 != 0 || c > 28 * 64 {
                    return Err(Error(format!("{file}:{line}: cycle {c} is not a multiple of 28 up to 1792")));
                }
                ins.cycle = c;
            }
            "volume" => {
                let v: f64 = num(file, line, "volume", w.get(1))?;
                ins.volume = in_range(file, line, "volume", v, 0.0, 1.0)?;
            }
            "adsr" => {
                if w.len() != 6 {
                    return Err(Error(format!("{file}:{line}: adsr ATTACK DECAY SUSTAIN SUSTAIN-RATE RELEASE")));
                }
                let v = |i: usize, max: u8, what: &str| -> Result<u8, Error> {
                    let x: u8 = num(file, line, what, w.get(i))?;
                    if x > max {
                        return Err(Error(format!("{file}:{line}: {what} {x} is over {max}")));
                    }
                    Ok(x)
                };
                ins.adsr = Adsr {
                    attack: v(1, 127, "attack")?,
                    decay: v(2, 15, "decay")?,
                    sustain: v(3, 15, "sustain")?,
                    sustain_rate: v(4, 127, "sustain rate")?,
                    release: v(5, 31, "release")?,
                };
            }
            other => {
                return Err(Error(format!(
                    "{file}:{line}: unknown statement {other} (wave, harmonics, cycle, volume, adsr)"
                )))
            }
        }
    }
    if !have_wave {
        return Err(Error(format!("{file}: no wave or harmonics")));
    }
    Ok(ins)
}

/// Parses a song (`.song`).
pub fn parse_song(file: &str, text: &str) -> Result<SongSrc, Error> {
    let mut song = SongSrc { step_frames: 8, looping: false, voices: Vec::new() };
    for (line, w) in statements(text) {
        if let Some(name) = w[0].strip_suffix(':') {
            let Some(v) = song.voices.iter_mut().find(|v| v.name == name) else {
                return Err(Error(format!("{file}:{line}: no voice {name} (declare it with `voice`)")));
            };
            for word in &w[1..] {
                let step = match *word {
                    "|" => continue,
                    "-" => Step::Hold,
                    "." => Step::Rest,
                    n => match note_number(n) {
                        Some(m) => Step::Note(note_hz(m), m),
                        None => return Err(Error(format!("{file}:{line}: not a note, - or .: {n}"))),
                    },
                };
                v.steps.push(step);
            }
            continue;
        }
        match w[0] {
            "step" => {
                let s: u8 = num(file, line, "step", w.get(1))?;
                if s == 0 {
                    return Err(Error(format!("{file}:{line}: a step lasts at least a frame")));
                }
                song.step_frames = s;
            }
            "loop" => {
                song.looping = match w.get(1).copied() {
                    Some("yes") => true,
                    Some("no") => false,
                    _ => return Err(Error(format!("{file}:{line}: loop yes or no"))),
                }
            }
            "voice" => {
                if w.len() != 4 {
                    return Err(Error(format!("{file}:{line}: voice NAME INSTRUMENT VOLUME")));
                }
                let volume = in_range(file, line, "volume", num(file, line, "volume", w.get(3))?, 0.0, 1.0)?;
                if song.voices.iter().any(|v| v.name == w[1]) {
                    return Err(Error(format!("{file}:{line}: voice {} declared twice", w[1])));
                }
                song.voices.push(VoiceSrc {
                    name: w[1].to_string(),
                    instrument: w[2].to_string(),
                    volume,
                    steps: Vec::new(),
                });
            }
            other => return Err(Error(format!("{file}:{line}: unknown statement {other} (step, loop, voice, NAME:)"))),
        }
    }
    if song.voices.is_empty() {
        return Err(Error(format!("{file}: no voice")));
    }
    let len = song.voices[0].steps.len();
    if len == 0 {
        return Err(Error(format!("{file}: no steps")));
    }
    for v in &song.voices {
        if v.steps.len() != len {
            return Err(Error(format!(
                "{file}: voice {} has {} steps, voice {} has {len}",
                v.name,
                v.steps.len(),
                song.voices[0].name
            )));
        }
    }
    Ok(song)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn note_names() {
        assert_eq!(note_number("A4"), Some(69));
        assert_eq!(note_number("C4"), Some(60));
        assert_eq!(note_number("C#4"), Some(61));
        assert_eq!(note_number("Bb3"), Some(58));
        assert_eq!(note_number("H4"), None);
        assert!((note_hz(69) - 440.0).abs() < 1e-9);
    }

    #[test]
    fn effect_errors_name_the_line() {
        let e = parse_effect("x.sfx", "rate 11025\ntone 0 10 buzz 440 440 1 1\n").unwrap_err();
        assert_eq!(e.0, "x.sfx:2: unknown wave buzz");
        let e = parse_effect("x.sfx", "volume 2\n").unwrap_err();
        assert!(e.0.starts_with("x.sfx:1: volume 2 is outside"), "{e}");
        assert!(parse_effect("x.sfx", "# nothing\n").is_err());
    }

    #[test]
    fn song_voices_must_match() {
        let text = "voice a lead 1\nvoice b bass 1\na: C4 - . |\nb: C3 -\n";
        let e = parse_song("s.song", text).unwrap_err();
        assert!(e.0.contains("voice b has 2 steps"), "{e}");
        let ok = parse_song("s.song", "step 6\nloop yes\nvoice a lead 0.5\na: C4 - . E4\n").unwrap();
        assert_eq!(ok.step_frames, 6);
        assert!(ok.looping);
        assert_eq!(ok.voices[0].steps.len(), 4);
        assert_eq!(ok.voices[0].steps[1], Step::Hold);
        assert_eq!(ok.voices[0].steps[2], Step::Rest);
    }

    #[test]
    fn adsr_registers() {
        let a = Adsr { attack: 10, decay: 6, sustain: 8, sustain_rate: 127, release: 12 };
        assert_eq!(a.registers(), (0x0A68, 0xC000 | (127 << 6) | 0x20 | 12));
    }
}
