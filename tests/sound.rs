//! The platform-neutral sound layer: the effects' voice allocator, the
//! queue, the volumes and the songs' sequencer.

use farewell::sound::{Allocator, Note, Sequencer, Sfx, Sounds, Volumes, EFFECT_VOICES, SONG_TITLE, SONG_WIN};

#[test]
fn an_effect_asked_again_while_it_plays_restarts_on_its_own_voice() {
    let mut a = Allocator::new();
    let v = a.pick(Sfx::Cursor, 0, 10);
    assert_eq!(a.pick(Sfx::Cursor, 3, 10), v, "a held cursor ticks on one voice");
    let w = a.pick(Sfx::PutDown, 3, 10);
    assert_ne!(w, v, "another effect takes another voice");
    // Once the cursor's sound has ended, its voice is free for anything.
    assert_eq!(a.playing(14), 0);
    assert_eq!(a.pick(Sfx::Book, 20, 30), v.min(w));
}

#[test]
fn every_effect_at_once_gets_a_voice_of_its_own() {
    let mut a = Allocator::new();
    let voices: std::collections::HashSet<usize> = Sfx::ALL.iter().map(|s| a.pick(*s, 0, 100)).collect();
    assert_eq!(voices.len(), Sfx::ALL.len());
    assert!(voices.iter().all(|v| *v < EFFECT_VOICES));
    assert_eq!(a.playing(1), Sfx::ALL.len());
}

#[test]
fn the_queue_keeps_each_effect_once_in_order() {
    let mut s = Sounds::new();
    s.push(Sfx::PutDown);
    s.push(Sfx::Book);
    s.push(Sfx::PutDown);
    assert_eq!(s.pending(), &[Sfx::PutDown, Sfx::Book]);
    assert_eq!(s.take().as_slice(), &[Sfx::PutDown, Sfx::Book]);
    assert!(s.pending().is_empty());
}

#[test]
fn volumes_scale_and_mute() {
    let v = Volumes { effects: 5, music: 10, muted: false, in_play: true };
    assert_eq!(v.effect(0x3FFF), 0x3FFF / 2);
    assert_eq!(v.music(0x3000), 0x3000);
    let m = Volumes { muted: true, ..v };
    assert_eq!((m.effect(0x3FFF), m.music(0x3FFF)), (0, 0));
    assert!(!m.effects_on());
    assert!(!Volumes { effects: 0, ..v }.effects_on());
}

#[test]
fn the_title_tune_loops_and_a_jingle_ends_with_every_voice_off() {
    let mut s = Sequencer::new();
    s.play(&SONG_TITLE);
    let mut ons = 0;
    for _ in 0..SONG_TITLE.frames() * 2 {
        s.tick(|_, _, n| ons += u32::from(matches!(n, Note::On(_))));
    }
    assert_eq!(s.song().map(|x| x.name), Some("title"), "still playing after two rounds");
    assert!(ons > 50);
    let mut j = Sequencer::new();
    j.play(&SONG_WIN);
    let mut offs = vec![false; SONG_WIN.voices.len()];
    for _ in 0..=SONG_WIN.frames() {
        j.tick(|i, _, n| {
            if n == Note::Off {
                offs[i] = true;
            }
        });
    }
    assert_eq!(j.song(), None, "a jingle stops");
    assert!(offs.iter().all(|o| *o));
}
