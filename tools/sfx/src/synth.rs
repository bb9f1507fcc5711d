//! Renders effects and instrument cycles into 16-bit samples.

use crate::text::{EffectSrc, InstrumentSrc, Wave};

/// A small deterministic noise source (xorshift32), so builds are
/// reproducible.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        f64::from(x) / f64::from(u32::MAX) * 2.0 - 1.0
    }
}

/// Scales `mix` so its loudest sample is `volume` of full scale.
fn normalise(mix: &[f64], volume: f64) -> Vec<i16> {
    let peak = mix.iter().fold(0f64, |m, x| m.max(x.abs()));
    let gain = if peak > 0.0 { volume * 32767.0 / peak } else { 0.0 };
    mix.iter().map(|x| (x * gain).round().clamp(-32768.0, 32767.0) as i16).collect()
}

/// Renders an effect at its rate: every tone mixed, then scaled to the
/// effect's volume.
pub fn render_effect(fx: &EffectSrc) -> Vec<i16> {
    let rate = f64::from(fx.rate);
    let end_ms = fx.tones.iter().map(|t| t.start_ms + t.len_ms).fold(0f64, f64::max);
    let n = (end_ms * rate / 1000.0).ceil() as usize;
    let mut mix = vec![0f64; n];
    for (k, t) in fx.tones.iter().enumerate() {
        let first = (t.start_ms * rate / 1000.0).round() as usize;
        let count = (t.len_ms * rate / 1000.0).round() as usize;
        let mut phase = 0f64;
        let mut noise = Noise(0x9E37_79B9 ^ (k as u32 + 1).wrapping_mul(0x85EB_CA6B));
        let mut held = noise.next();
        let len_s = t.len_ms / 1000.0;
        for i in 0..count {
            let Some(out) = mix.get_mut(first + i) else { break };
            let secs = i as f64 / rate;
            let frac = secs / len_s;
            let f = t.from_hz * (t.to_hz / t.from_hz).powf(frac);
            let before = phase;
            phase += f / rate;
            let v = match t.wave {
                Wave::Noise => {
                    // A new value every half cycle.
                    if (phase * 2.0).floor() != (before * 2.0).floor() {
                        held = noise.next();
                    }
                    held
                }
                ref w => w.at(phase),
            };
            let ms = secs * 1000.0;
            let attack = if t.attack_ms > 0.0 { (ms / t.attack_ms).min(1.0) } else { 1.0 };
            let release = if t.release_ms > 0.0 { ((t.len_ms - ms) / t.release_ms).clamp(0.0, 1.0) } else { 1.0 };
            *out += v * attack * release * t.level;
        }
    }
    normalise(&mix, fx.volume)
}

/// Renders one cycle of an instrument's wave, scaled to its volume.
pub fn render_cycle(ins: &InstrumentSrc) -> Vec<i16> {
    let mix: Vec<f64> = (0..ins.cycle).map(|i| ins.wave.at(i as f64 / ins.cycle as f64)).collect();
    normalise(&mix, ins.volume)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_effect;

    #[test]
    fn length_rate_and_peak() {
        let fx = parse_effect("t", "rate 8000\nvolume 0.5\ntone 0 100 sine 440 440 0 0\n").unwrap();
        let s = render_effect(&fx);
        assert_eq!(s.len(), 800);
        let peak = s.iter().map(|x| x.unsigned_abs()).max().unwrap();
        assert!((16000..=16384).contains(&peak), "{peak}");
    }

    #[test]
    fn envelope_starts_and_ends_silent() {
        let fx = parse_effect("t", "tone 0 50 square 300 600 5 20\n").unwrap();
        let s = render_effect(&fx);
        assert_eq!(s[0], 0);
        assert!(s.last().unwrap().unsigned_abs() < 200);
    }

    #[test]
    fn noise_is_reproducible() {
        let fx = parse_effect("t", "tone 0 40 noise 2000 500 1 10\n").unwrap();
        assert_eq!(render_effect(&fx), render_effect(&fx));
    }
}
