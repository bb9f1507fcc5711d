//! The SPU: set up at boot, the samples uploaded to SPU RAM, then once a
//! frame the effects the screens asked for keyed on, the songs stepped.
//!
//! # SPU RAM (512 KiB)
//!
//! ```text
//! 0x00000  0x01000  capture buffers (the SPU writes them; unused)
//! 0x01000  0x01010  a silent block that loops on itself: idle voices
//! 0x01010  ...      every effect and instrument (sound::SPU_DATA, made
//!                   at build time from sfx/ by tools/sfx)
//! ```
//!
//! Reverb is off, so nothing else is written.
//!
//! # Upload: by DMA
//!
//! The samples go up by DMA channel 4 in block mode, 16 words a block:
//! `SPU_DATA` is laid out for it (4-byte aligned, a multiple of 64 bytes),
//! and it is the documented way (the SPU's data FIFO is 32 half-words, so
//! a manual upload is 140 rounds of fill, start, wait; the DMA is one
//! request and the CPU waits once). The 16-byte silent block is the one
//! manual write (8 half-words through the FIFO: less than a DMA block).
//!
//! # Voices
//!
//! 0-3 the title tune, 4-7 the win and loss jingles, 8-23 the effects
//! (handed out by [`Allocator`]): effects never take the music's voices.

use super::mmio::{Reg16, Reg32};
use farewell::put;
use farewell::sound::{
    Allocator, Cue, Note, Sequencer, Sfx, Song, SongVoice, Volumes, EFFECT_VOICE, JINGLE_VOICE, MUSIC_VOICE, SPU_DATA,
    SPU_DATA_AT,
};

const SPU: usize = 0x1F80_1C00;
const MAIN_VOL_L: Reg16 = Reg16::io(0x1F80_1D80);
const MAIN_VOL_R: Reg16 = Reg16::io(0x1F80_1D82);
const REVERB_VOL_L: Reg16 = Reg16::io(0x1F80_1D84);
const REVERB_VOL_R: Reg16 = Reg16::io(0x1F80_1D86);
const KON_LO: Reg16 = Reg16::io(0x1F80_1D88);
const KON_HI: Reg16 = Reg16::io(0x1F80_1D8A);
const KOFF_LO: Reg16 = Reg16::io(0x1F80_1D8C);
const KOFF_HI: Reg16 = Reg16::io(0x1F80_1D8E);
const PMON_LO: Reg16 = Reg16::io(0x1F80_1D90);
const PMON_HI: Reg16 = Reg16::io(0x1F80_1D92);
const NON_LO: Reg16 = Reg16::io(0x1F80_1D94);
const NON_HI: Reg16 = Reg16::io(0x1F80_1D96);
const EON_LO: Reg16 = Reg16::io(0x1F80_1D98);
const EON_HI: Reg16 = Reg16::io(0x1F80_1D9A);
const TRANSFER_ADDR: Reg16 = Reg16::io(0x1F80_1DA6);
const FIFO: Reg16 = Reg16::io(0x1F80_1DA8);
const SPUCNT: Reg16 = Reg16::io(0x1F80_1DAA);
const TRANSFER_CTRL: Reg16 = Reg16::io(0x1F80_1DAC);
const SPUSTAT: Reg16 = Reg16::io(0x1F80_1DAE);
const CD_VOL_L: Reg16 = Reg16::io(0x1F80_1DB0);
const CD_VOL_R: Reg16 = Reg16::io(0x1F80_1DB2);
const EXT_VOL_L: Reg16 = Reg16::io(0x1F80_1DB4);
const EXT_VOL_R: Reg16 = Reg16::io(0x1F80_1DB6);

const D4_MADR: Reg32 = Reg32::io(0x1F80_10C0);
const D4_BCR: Reg32 = Reg32::io(0x1F80_10C4);
const D4_CHCR: Reg32 = Reg32::io(0x1F80_10C8);
const DPCR: Reg32 = Reg32::io(0x1F80_10F0);
/// DPCR: enable DMA channel 4 (SPU) at priority 3.
const DPCR_SPU_ENABLE: u32 = 0x000B_0000;
/// D4_CHCR: from RAM, block mode (sync mode 1), start.
const CHCR_BLOCK_START: u32 = 0x0100_0201;
/// D4_CHCR: busy.
const CHCR_BUSY: u32 = 1 << 24;

/// SPUCNT: SPU on, not muted.
const CNT_ON: u16 = 0x8000 | 0x4000;
/// SPUCNT transfer modes (bits 4-5).
const MODE_STOP: u16 = 0;
const MODE_MANUAL: u16 = 1;
const MODE_DMA_WRITE: u16 = 2;
/// SPUSTAT: a transfer is busy.
const STAT_BUSY: u16 = 1 << 10;

/// Where the silent block is, in SPU RAM bytes.
const SILENCE_AT: u32 = 0x1000;
/// The main volume (both sides) while not muted.
const MAIN_VOLUME: u16 = 0x3FFF;
/// An effect's voice volume at full effects volume.
const EFFECT_VOLUME: u16 = 0x3FFF;
/// ADSR of the one-shot effects: the fastest attack to full, held until
/// the sample ends (its end flag mutes the voice).
const EFFECT_ADSR: (u16, u16) = (0x00FF, 0x0000);

/// Spins until `done` or about a millisecond and a half of tries: a
/// missing or stuck SPU must not hang the game (it plays silent).
fn wait(mut done: impl FnMut() -> bool) -> bool {
    for _ in 0..20_000 {
        if done() {
            return true;
        }
    }
    false
}

/// A voice's registers.
fn voice(n: usize, reg: usize) -> Reg16 {
    Reg16::io(SPU + n * 0x10 + reg)
}
const VOL_L: usize = 0x0;
const VOL_R: usize = 0x2;
const PITCH: usize = 0x4;
const START: usize = 0x6;
const ADSR1: usize = 0x8;
const ADSR2: usize = 0xA;

fn set_mode(mode: u16) -> bool {
    SPUCNT.write((SPUCNT.read() & !0x30) | (mode << 4));
    wait(|| SPUSTAT.read() & 0x30 == mode << 4)
}

/// Writes voice masks to a register pair (voices 0-15, 16-23).
fn write_mask(lo: Reg16, hi: Reg16, mask: u32) {
    lo.write(mask as u16);
    hi.write((mask >> 16) as u16);
}

/// The SPU and what it plays.
pub struct Spu {
    music: Sequencer,
    jingle: Sequencer,
    effects: Allocator,
    frame: u32,
    volumes: Volumes,
    /// Voices keyed on and off this frame, written at its end.
    kon: u32,
    koff: u32,
    /// The SPU answered at boot (else nothing is written after it).
    ok: bool,
}

impl Spu {
    /// Sets the SPU up and uploads the samples; every voice silent.
    pub fn init(volumes: Volumes) -> Spu {
        SPUCNT.write(0);
        let mut ok = wait(|| SPUSTAT.read() & 0x3F == 0);
        MAIN_VOL_L.write(0);
        MAIN_VOL_R.write(0);
        REVERB_VOL_L.write(0);
        REVERB_VOL_R.write(0);
        for r in [CD_VOL_L, CD_VOL_R, EXT_VOL_L, EXT_VOL_R] {
            r.write(0);
        }
        // On, no reverb, no capture, transfers stopped.
        SPUCNT.write(0x8000);
        ok &= wait(|| SPUSTAT.read() & 0x3F == 0);
        // The normal transfer FIFO (the other settings garble data).
        TRANSFER_CTRL.write(0x0004);
        write_mask(KOFF_LO, KOFF_HI, 0x00FF_FFFF);
        write_mask(PMON_LO, PMON_HI, 0);
        write_mask(NON_LO, NON_HI, 0);
        write_mask(EON_LO, EON_HI, 0);
        for n in 0..24 {
            voice(n, VOL_L).write(0);
            voice(n, VOL_R).write(0);
            voice(n, PITCH).write(0);
            voice(n, START).write((SILENCE_AT / 8) as u16);
            voice(n, ADSR1).write(0);
            voice(n, ADSR2).write(0);
        }
        ok &= upload_silence() && upload_samples();
        SPUCNT.write(CNT_ON);
        let spu = Spu {
            music: Sequencer::new(),
            jingle: Sequencer::new(),
            effects: Allocator::new(),
            frame: 0,
            volumes,
            kon: 0,
            koff: 0,
            ok,
        };
        spu.main_volume();
        spu
    }

    /// True when the SPU answered at boot.
    pub fn ok(&self) -> bool {
        self.ok
    }

    fn main_volume(&self) {
        let v = if self.volumes.muted { 0 } else { MAIN_VOLUME };
        MAIN_VOL_L.write(v);
        MAIN_VOL_R.write(v);
    }

    /// A frame of sound: the effects asked for (logged `AFTK SFX <name>
    /// frame=F frames=N`, with `muted` after the name when nothing is
    /// heard), the song the screen wants (`AFTK MUSIC <name|none> frame=F`
    /// when it changes), the songs stepped, the volumes applied (`AFTK
    /// VOLUME ...` when they change). F counts the frames since boot, for
    /// the listening test to find the moment in a recording.
    pub fn frame(
        &mut self,
        sounds: &[Sfx],
        music: Option<&'static Song>,
        volumes: Volumes,
        log: &mut dyn farewell::out::Out,
    ) {
        self.frame = self.frame.wrapping_add(1);
        if volumes != self.volumes {
            let v = volumes;
            let muted = if v.muted { "yes" } else { "no" };
            let _ = put!(
                log,
                "AFTK VOLUME effects=",
                v.effects,
                " music=",
                v.music,
                " muted=",
                muted,
                " frame=",
                self.frame,
                "\n"
            );
            self.volumes = volumes;
            self.main_volume();
            self.song_volumes();
        }
        for &sfx in sounds {
            let heard = volumes.effects_on();
            let _ = put!(
                log,
                "AFTK SFX ",
                sfx.name(),
                if heard { "" } else { " muted" },
                " frame=",
                self.frame,
                " frames=",
                sfx.frames(),
                "\n"
            );
            if heard {
                self.play(sfx);
            }
        }
        let playing = self.music.song().map(|s| s.name);
        let mut step_music = true;
        if music.map(|s| s.name) != playing {
            let _ = put!(log, "AFTK MUSIC ", music.map_or("none", |s| s.name), " frame=", self.frame, "\n");
            self.release(MUSIC_VOICE, self.music.song());
            match music {
                Some(song) => self.music.play(song),
                None => self.music.stop(),
            }
            // Key-on a frame after the key-off, never in the same one.
            step_music = false;
        }
        if step_music {
            let (vols, kon, koff) = (self.volumes, &mut self.kon, &mut self.koff);
            self.music.tick(|i, v, note| key(MUSIC_VOICE + i, v, note, vols.music(v.volume), kon, koff));
        }
        let (vols, kon, koff) = (self.volumes, &mut self.kon, &mut self.koff);
        self.jingle.tick(|i, v, note| key(JINGLE_VOICE + i, v, note, vols.effect(v.volume), kon, koff));
        if self.ok {
            if self.koff != 0 {
                write_mask(KOFF_LO, KOFF_HI, self.koff & !self.kon);
            }
            if self.kon != 0 {
                write_mask(KON_LO, KON_HI, self.kon);
            }
        }
        self.kon = 0;
        self.koff = 0;
    }

    /// Keys an effect on: a one-shot on a voice of its own, or a jingle
    /// (which starts again from its top).
    fn play(&mut self, sfx: Sfx) {
        match sfx.cue() {
            Cue::Effect(e) => {
                let n = EFFECT_VOICE + self.effects.pick(sfx, self.frame, e.frames());
                let vol = self.volumes.effect(EFFECT_VOLUME);
                voice(n, VOL_L).write(vol);
                voice(n, VOL_R).write(vol);
                voice(n, PITCH).write(e.pitch);
                voice(n, START).write(e.addr);
                voice(n, ADSR1).write(EFFECT_ADSR.0);
                voice(n, ADSR2).write(EFFECT_ADSR.1);
                self.kon |= 1 << n;
            }
            Cue::Song(song) => {
                self.release(JINGLE_VOICE, self.jingle.song());
                self.jingle.play(song);
            }
        }
    }

    /// Keys off the voices of a song from voice `first` on.
    fn release(&mut self, first: usize, song: Option<&'static Song>) {
        if let Some(s) = song {
            for i in 0..s.voices.len() {
                self.koff |= 1 << (first + i);
            }
        }
    }

    /// Sets the songs' voices to the current volumes (a change in
    /// Options is heard at once).
    fn song_volumes(&self) {
        for (first, seq, music) in [(MUSIC_VOICE, &self.music, true), (JINGLE_VOICE, &self.jingle, false)] {
            if let Some(s) = seq.song() {
                for (i, v) in s.voices.iter().enumerate() {
                    let vol = if music { self.volumes.music(v.volume) } else { self.volumes.effect(v.volume) };
                    voice(first + i, VOL_L).write(vol);
                    voice(first + i, VOL_R).write(vol);
                }
            }
        }
    }
}

/// A song's note on voice `n`: the instrument set up and keyed on, or
/// keyed off.
fn key(n: usize, v: &SongVoice, note: Note, vol: u16, kon: &mut u32, koff: &mut u32) {
    match note {
        Note::On(pitch) => {
            let ins = v.instrument;
            voice(n, VOL_L).write(vol);
            voice(n, VOL_R).write(vol);
            voice(n, PITCH).write(pitch);
            voice(n, START).write(ins.addr);
            voice(n, ADSR1).write(ins.adsr1);
            voice(n, ADSR2).write(ins.adsr2);
            *kon |= 1 << n;
        }
        Note::Off => *koff |= 1 << n,
    }
}

/// The silent looping block at [`SILENCE_AT`], through the FIFO.
fn upload_silence() -> bool {
    if !set_mode(MODE_STOP) {
        return false;
    }
    TRANSFER_ADDR.write((SILENCE_AT / 8) as u16);
    // Shift/filter 0; flags loop start, repeat, end: it loops on itself.
    FIFO.write(0x0700);
    for _ in 1..8 {
        FIFO.write(0);
    }
    let ok = set_mode(MODE_MANUAL) && wait(|| SPUSTAT.read() & STAT_BUSY == 0);
    set_mode(MODE_STOP) && ok
}

/// Every sample, by DMA channel 4 in 16-word blocks.
fn upload_samples() -> bool {
    let data = SPU_DATA.bytes();
    if !set_mode(MODE_STOP) {
        return false;
    }
    TRANSFER_ADDR.write((SPU_DATA_AT / 8) as u16);
    if !set_mode(MODE_DMA_WRITE) {
        return false;
    }
    DPCR.write(DPCR.read() | DPCR_SPU_ENABLE);
    D4_MADR.write((data.as_ptr() as u32) & 0x00FF_FFFF);
    D4_BCR.write(16 | (((data.len() / 64) as u32) << 16));
    D4_CHCR.write(CHCR_BLOCK_START);
    // 8.9 KB at the SPU's DMA rate takes well under a millisecond; allow
    // far more before giving up.
    let mut done = false;
    for _ in 0..200_000 {
        if D4_CHCR.read() & CHCR_BUSY == 0 {
            done = true;
            break;
        }
    }
    let idle = wait(|| SPUSTAT.read() & STAT_BUSY == 0);
    set_mode(MODE_STOP) && done && idle
}
