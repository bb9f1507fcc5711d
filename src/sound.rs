//! Sound, platform-neutral: the effects the screens ask for, a small queue
//! of them, the volumes the player sets, and the sequencer that plays songs
//! (the title tune, the win and loss jingles) a frame at a time.
//!
//! The screens push [`Sfx`] events; the PS1 layer takes them once a frame
//! ([`crate::ui::App::take_sounds`]) and plays them on the SPU
//! (`src/ps1/spu.rs`), which also ticks the [`Sequencer`]s. Host tests
//! assert which events a screen produces and which notes a song plays
//! when, with no hardware.
//!
//! The sounds themselves are made at build time from `sfx/` by `tools/sfx`
//! (docs/sfx.md): the tables below ([`FX_PICK_UP`], [`SONG_TITLE`], ...)
//! are generated.
#![allow(clippy::unreadable_literal)]

use heapless::Vec;

/// A one-shot sample in SPU RAM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    /// Its file stem in `sfx/`.
    pub name: &'static str,
    /// Start address in SPU RAM, in 8-byte units (the voice's start
    /// address register).
    pub addr: u16,
    /// Pitch register value that plays it at the rate it was made at
    /// (0x1000: 44.1 kHz).
    pub pitch: u16,
    /// ADPCM blocks (16 bytes, 28 samples each).
    pub blocks: u16,
}

impl Effect {
    /// How long it plays, in frames of 1/60 s, rounded up.
    pub fn frames(&self) -> u32 {
        // Samples at 44.1 kHz times 4096 / pitch; 735 samples a frame.
        let samples = u32::from(self.blocks) * 28 * 4096 / u32::from(self.pitch.max(1));
        samples.div_ceil(735)
    }
}

/// A looped waveform and its envelope, for songs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instrument {
    /// Its file stem in `sfx/`.
    pub name: &'static str,
    /// Start address in SPU RAM, 8-byte units.
    pub addr: u16,
    /// The SPU's ADSR registers (attack/decay/sustain level; sustain
    /// and release).
    pub adsr1: u16,
    /// See `adsr1`.
    pub adsr2: u16,
}

/// A voice of a song.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SongVoice {
    /// Its name in the song file.
    pub name: &'static str,
    /// What it plays.
    pub instrument: Instrument,
    /// Its volume at full music volume, 0..=0x3FFF.
    pub volume: u16,
    /// Steps: [`HOLD`], [`REST`] or a pitch register value (a new note).
    pub steps: &'static [u16],
}

/// A step that changes nothing.
pub const HOLD: u16 = 0;
/// A step that keys the voice off (its instrument's release plays).
pub const REST: u16 = 1;

/// A song: voices stepping together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Song {
    /// Its file stem in `sfx/`.
    pub name: &'static str,
    /// Frames a step lasts.
    pub step_frames: u8,
    /// Starts again after its last step.
    pub looping: bool,
    /// The voices.
    pub voices: &'static [SongVoice],
}

impl Song {
    /// Steps in the song.
    pub fn steps(&self) -> usize {
        self.voices.first().map_or(0, |v| v.steps.len())
    }

    /// Frames the song lasts (once through).
    pub fn frames(&self) -> u32 {
        self.steps() as u32 * u32::from(self.step_frames)
    }
}

/// Sample data, 4-byte aligned for the DMA that uploads it.
#[repr(C, align(4))]
pub struct Blob<const N: usize>(pub [u8; N]);

impl<const N: usize> Blob<N> {
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

include!(concat!(env!("OUT_DIR"), "/sfx.rs"));

/// What an [`Sfx`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A one-shot sample.
    Effect(Effect),
    /// A jingle: a short song on the jingle voices.
    Song(&'static Song),
}

/// A sound effect a screen asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// The cursor moved on the table (quiet).
    Cursor,
    /// A card picked up.
    PickUp,
    /// A card put down (placed).
    PutDown,
    /// A move refused.
    Refused,
    /// Cards dealt, or a card drawn.
    Deal,
    /// A book (or a group) removed.
    Book,
    /// An orphan lifted off the grid.
    Orphan,
    /// A card played to a foundation.
    Foundation,
    /// The game won.
    Win,
    /// The game lost.
    Loss,
    /// A menu's selection moved.
    MenuMove,
    /// A menu entry chosen.
    MenuSelect,
}

impl Sfx {
    /// Every effect.
    pub const ALL: [Sfx; 12] = [
        Sfx::Cursor,
        Sfx::PickUp,
        Sfx::PutDown,
        Sfx::Refused,
        Sfx::Deal,
        Sfx::Book,
        Sfx::Orphan,
        Sfx::Foundation,
        Sfx::Win,
        Sfx::Loss,
        Sfx::MenuMove,
        Sfx::MenuSelect,
    ];

    /// The name in the event log (`AFTK SFX <name>`): the sound's file stem.
    pub fn name(self) -> &'static str {
        match self.cue() {
            Cue::Effect(e) => e.name,
            Cue::Song(s) => s.name,
        }
    }

    /// What it plays.
    pub fn cue(self) -> Cue {
        match self {
            Sfx::Cursor => Cue::Effect(FX_CURSOR),
            Sfx::PickUp => Cue::Effect(FX_PICK_UP),
            Sfx::PutDown => Cue::Effect(FX_PUT_DOWN),
            Sfx::Refused => Cue::Effect(FX_REFUSED),
            Sfx::Deal => Cue::Effect(FX_DEAL),
            Sfx::Book => Cue::Effect(FX_BOOK),
            Sfx::Orphan => Cue::Effect(FX_ORPHAN),
            Sfx::Foundation => Cue::Effect(FX_FOUNDATION),
            Sfx::Win => Cue::Song(&SONG_WIN),
            Sfx::Loss => Cue::Song(&SONG_LOSS),
            Sfx::MenuMove => Cue::Effect(FX_MENU_MOVE),
            Sfx::MenuSelect => Cue::Effect(FX_MENU_SELECT),
        }
    }

    /// How long it plays, in frames.
    pub fn frames(self) -> u32 {
        match self.cue() {
            Cue::Effect(e) => e.frames(),
            Cue::Song(s) => s.frames(),
        }
    }
}

/// Most effects one frame may ask for; more are dropped (a frame never
/// needs more: a move is a put down, a book, an orphan and the end).
pub const QUEUE: usize = 6;

/// The effects asked for since they were last taken, in order, each once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sounds {
    queue: Vec<Sfx, QUEUE>,
}

impl Sounds {
    /// An empty queue.
    pub const fn new() -> Self {
        Sounds { queue: Vec::new() }
    }

    /// A queue holding these effects.
    pub fn from_slice(sfx: &[Sfx]) -> Self {
        let mut s = Sounds::new();
        for x in sfx {
            s.push(*x);
        }
        s
    }

    /// Asks for an effect; the same one twice before they are taken plays
    /// once, and past [`QUEUE`] effects the rest are dropped.
    pub fn push(&mut self, sfx: Sfx) {
        if !self.queue.contains(&sfx) {
            let _ = self.queue.push(sfx);
        }
    }

    /// The effects asked for, oldest first; leaves the queue empty.
    pub fn take(&mut self) -> Vec<Sfx, QUEUE> {
        core::mem::take(&mut self.queue)
    }

    /// Moves these effects after `self`'s.
    pub fn append(&mut self, other: &mut Sounds) {
        for s in other.take() {
            self.push(s);
        }
    }

    /// The effects waiting.
    pub fn pending(&self) -> &[Sfx] {
        &self.queue
    }
}

/// The volumes the player sets (Options), saved with the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Volumes {
    /// Effects, 0 (off) to [`MAX_VOLUME`].
    pub effects: u8,
    /// The title tune, 0 to [`MAX_VOLUME`].
    pub music: u8,
    /// Everything silent (Select on the title).
    pub muted: bool,
    /// The music goes on while a game is played (else it plays outside a
    /// game only).
    pub in_play: bool,
}

/// The loudest volume setting.
pub const MAX_VOLUME: u8 = 10;

impl Default for Volumes {
    fn default() -> Self {
        Volumes { effects: 8, music: 6, muted: false, in_play: true }
    }
}

impl Volumes {
    /// Scales a voice volume (0..=0x3FFF) by a setting, or 0 when muted.
    fn scale(self, volume: u16, setting: u8) -> u16 {
        if self.muted {
            return 0;
        }
        (u32::from(volume) * u32::from(setting.min(MAX_VOLUME)) / u32::from(MAX_VOLUME)) as u16
    }

    /// An effect's voice volume at this setting.
    pub fn effect(self, volume: u16) -> u16 {
        self.scale(volume, self.effects)
    }

    /// A song voice's volume at the music setting.
    pub fn music(self, volume: u16) -> u16 {
        self.scale(volume, self.music)
    }

    /// True when effects are heard.
    pub fn effects_on(self) -> bool {
        !self.muted && self.effects > 0
    }
}

/// A change of a song's voice at a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// Key on: the voice's instrument at this pitch register value.
    On(u16),
    /// Key off: the instrument's release.
    Off,
}

/// Plays a song a frame at a time: which voice keys on which note, and
/// when. The PS1 layer turns its notes into SPU key-ons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sequencer {
    song: Option<&'static Song>,
    frame: u32,
}

impl Sequencer {
    /// Nothing playing.
    pub const fn new() -> Self {
        Sequencer { song: None, frame: 0 }
    }

    /// Starts `song` from its first step (at the next [`tick`](Self::tick)).
    pub fn play(&mut self, song: &'static Song) {
        self.song = Some(song);
        self.frame = 0;
    }

    /// Stops; the caller keys the song's voices off.
    pub fn stop(&mut self) {
        self.song = None;
    }

    /// The song playing.
    pub fn song(&self) -> Option<&'static Song> {
        self.song
    }

    /// Advances one frame, calling `out` with (voice index, voice, note)
    /// for each voice whose note changes now. A song that does not loop
    /// keys every voice off after its last step and stops.
    pub fn tick(&mut self, mut out: impl FnMut(usize, &SongVoice, Note)) {
        let Some(song) = self.song else { return };
        let step_frames = u32::from(song.step_frames.max(1));
        if self.frame % step_frames == 0 {
            let mut step = (self.frame / step_frames) as usize;
            if step >= song.steps() {
                if !song.looping || song.steps() == 0 {
                    for (i, v) in song.voices.iter().enumerate() {
                        out(i, v, Note::Off);
                    }
                    self.song = None;
                    return;
                }
                self.frame = 0;
                step = 0;
            }
            for (i, v) in song.voices.iter().enumerate() {
                match v.steps.get(step).copied().unwrap_or(HOLD) {
                    HOLD => {}
                    REST => out(i, v, Note::Off),
                    pitch => out(i, v, Note::On(pitch)),
                }
            }
        }
        self.frame += 1;
    }
}

/// First SPU voice of the music (the title tune).
pub const MUSIC_VOICE: usize = 0;
/// First SPU voice of the jingles (win, loss).
pub const JINGLE_VOICE: usize = 4;
/// First SPU voice of the one-shot effects; they have the rest.
pub const EFFECT_VOICE: usize = 8;
/// Voices the effects share (the SPU has 24).
pub const EFFECT_VOICES: usize = 24 - EFFECT_VOICE;

/// Hands out the effects' voices so that effects never cut the music (it
/// has voices of its own) and cut each other as little as possible: an
/// effect asked for again while it plays restarts on its own voice (a
/// cursor held down ticks, it does not pile up), otherwise it takes a free
/// voice, and only with all of them busy the one closest to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocator {
    /// Per voice: the effect on it and the frame it ends.
    voices: [(Option<Sfx>, u32); EFFECT_VOICES],
}

impl Default for Allocator {
    fn default() -> Self {
        Self::new()
    }
}

impl Allocator {
    /// Every voice free.
    pub const fn new() -> Self {
        Allocator { voices: [(None, 0); EFFECT_VOICES] }
    }

    /// The voice (from 0, add [`EFFECT_VOICE`] for the SPU's) for `sfx`
    /// starting at frame `now`, lasting `frames`.
    pub fn pick(&mut self, sfx: Sfx, now: u32, frames: u32) -> usize {
        let busy = |(_, until): &(Option<Sfx>, u32)| until.wrapping_sub(now) as i32 > 0;
        let i = self
            .voices
            .iter()
            .position(|v| v.0 == Some(sfx) && busy(v))
            .or_else(|| self.voices.iter().position(|v| !busy(v)))
            .unwrap_or_else(|| {
                (0..EFFECT_VOICES).min_by_key(|&i| self.voices[i].1.wrapping_sub(now) as i32).unwrap_or(0)
            });
        self.voices[i] = (Some(sfx), now.wrapping_add(frames.max(1)));
        i
    }

    /// Effects still playing at frame `now`.
    pub fn playing(&self, now: u32) -> usize {
        self.voices.iter().filter(|(_, until)| until.wrapping_sub(now) as i32 > 0).count()
    }
}
