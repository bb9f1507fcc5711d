//! `logcheck` on hand-made logs: the checks of the log itself (issue 24,
//! item 8): a hint no Square press asked for, a game over at its opening
//! with no END. No move is replayed, so no `kings` is run.

use std::process::{Command, Output};

fn check(name: &str, log: &str) -> Output {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("logcheck-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, log).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_logcheck")).arg(&path).arg("/bin/false").output().unwrap();
    let _ = std::fs::remove_file(&path);
    o
}

fn refused(name: &str, log: &str, needle: &str) {
    let o = check(name, log);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{name}: {e}");
    assert!(e.contains(needle), "{name}: {e}");
}

fn accepted(name: &str, log: &str) {
    let o = check(name, log);
    assert_eq!(o.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&o.stderr));
}

const NEW: &str =
    "AFTK NEW game=albert seed=1 start=none auto=yes\nAFTK POS\nAFTK | game: albert\nAFTK | status: playing\n";
const NEW2: &str =
    "AFTK NEW game=albert seed=2 start=none auto=yes\nAFTK POS\nAFTK | game: albert\nAFTK | status: playing\n";

#[test]
fn a_hint_needs_a_square_press_in_its_deal_since_the_last_hint() {
    accepted("asked", &format!("AFTK BOOT 1\n{NEW}AFTK PAD square\nAFTK PAD -\nAFTK HINT us=5 frames=2\n"));
    accepted("chord", &format!("{NEW}AFTK PAD l1+square\nAFTK HINT us=5 frames=2\n"));
    refused("unasked", &format!("{NEW}AFTK PAD cross\nAFTK HINT us=5 frames=2\n"), "no Square press");
    // One press, one hint: a second HINT needs another press.
    refused(
        "twice",
        &format!("{NEW}AFTK PAD square\nAFTK HINT us=5 frames=2\nAFTK HINT us=0 frames=1\n"),
        "no Square press",
    );
    // The false HINT of a new deal after one that showed hints.
    refused(
        "new deal",
        &format!("{NEW}AFTK PAD square\nAFTK HINT us=5 frames=2\nAFTK PAD start\n{NEW2}AFTK HINT us=0 frames=1\n"),
        "no Square press",
    );
    // A press in the last deal does not ask for the next deal's hint.
    refused("old press", &format!("{NEW}AFTK PAD square\n{NEW2}AFTK HINT us=0 frames=1\n"), "no Square press");
    // The demo's hints are its moves: no press asks for them.
    accepted("demo", &format!("AFTK DEMO\n{NEW}AFTK HINT us=5 frames=2\nAFTK HINT us=5 frames=2\n"));
    refused(
        "after the demo",
        &format!("AFTK DEMO\n{NEW}AFTK HINT us=5 frames=2\n{NEW2}AFTK HINT us=5 frames=2\n"),
        "no Square press",
    );
}

#[test]
fn a_game_over_at_its_opening_needs_its_end() {
    let lost = "AFTK NEW game=albert seed=3566693575 start=2 auto=yes\nAFTK POS\nAFTK | game: albert\nAFTK | status: lost: no legal move\n";
    accepted("end", &format!("{lost}AFTK END lost: no legal move\n"));
    refused("no end", lost, "no AFTK END");
    refused("no end, then a deal", &format!("{lost}AFTK PAD start\n{NEW}"), "no AFTK END");
    accepted("playing", NEW);
}
