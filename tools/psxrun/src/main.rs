//! `psxrun`: boots a PS-EXE or CD image in PCSX-Reloaded under Xvfb and plays
//! a script against it, or just takes a screenshot.
//!
//! ```text
//! psxrun script IMAGE SCRIPT --out DIR [--fast] [--card FILE] [--emulator pcsxr|mednafen --bios ROM [--pal] | --emulator rearmed [--site DIR]]
//! psxrun shot IMAGE --out DIR [--seconds N]
//! psxrun play IMAGE --out DIR
//! ```
//!
//! `--emulator mednafen` runs Mednafen instead of PCSX-Reloaded (the
//! default), booting `--bios ROM` (the project's test BIOS,
//! `tools/testbios/build`) and side-loading the exe; `--pal` makes it a PAL
//! console (for the `--features pal` build; NTSC otherwise).
//!
//! `--emulator rearmed` runs PCSX ReARMed (EmulatorJS's build, its HLE
//! BIOS) in the project's web page (`--site DIR`, target/web by default:
//! `make web`) in headless Chromium, through `tools/web/driver.mjs`: the
//! event log is read out of the emulator's memory.
//!
//! Every wait (`wait`, `sleep`, `press`, `until`, `hints`, a tap's, `perf`)
//! counts the console's frames, 60 to a second of the script's, not the
//! clock's: PCSX ReARMed's frame count from its driver; in PCSX-Reloaded
//! and Mednafen the game's `AFTK TICK frame=N` line every 30 frames, the
//! count between two reckoned at the emulator's speed over the last two
//! (before the first tick, at the boot, the clock's seconds). A loaded
//! machine makes a run slower, not a failure; a game that stops ticking
//! for 60 s fails it. `--card FILE` keeps the browser's
//! storage in `FILE.profile/` (the next session with the same card resumes
//! from it, as a reloaded page does) and writes the card the page saved to
//! FILE.
//!
//! `play` shows the game on the current X display (`$DISPLAY`) with a
//! private emulator configuration and prints the TTY until the window is
//! closed.
//!
//! A script has one command per line (`#` starts a comment):
//!
//! | command | meaning |
//! |---|---|
//! | `wait SECONDS TEXT...` | wait for a TTY line starting with TEXT |
//! | `tap BUTTON` | a short press (50 ms by one xdotool; 3 frames in PCSX ReARMed), pressed again (up to five times) until the game logs `AFTK PAD BUTTON`; then the game must log `AFTK PAD -` next |
//! | `press BUTTON[+BUTTON] [MS]` | hold for MS (default 100) milliseconds, release, wait 100 ms |
//! | `sleep MS` | let time pass |
//! | `shot NAME` | screenshot to DIR/NAME.png; fails if the screen is blank |
//! | `page NAME` | (PCSX ReARMed only) the whole web page to DIR/NAME.png |
//! | `perf MAX_MISSED [MAX_US \| PERCENT%]` | wait for an `AFTK PERF` line; fails if `missed=` exceeds MAX_MISSED, or (Mednafen only) if any frame so far took more than MAX_US, or than PERCENT of the vblank (16,683 us NTSC, 20,000 us PAL) (the `max_us=` of every `AFTK PERF` line, the `us=` of every `AFTK SLOW` line) |
//! | `budget MAX_US \| PERCENT%` | (Mednafen only) fails if any frame so far took more, as `perf` checks, without waiting for a report (for runs shorter than one) |
//! | `latency WORST [MEDIAN]` | (Mednafen only) fails if a hint so far (`AFTK HINT`, its `frames=`) took more than WORST frames, if their median is over MEDIAN, or if there is none |
//! | `absent TEXT...` | fails if any line so far starts with TEXT |
//! | `seen TEXT...` | fails unless a line so far holds TEXT anywhere (a field of a line) |
//! | `until SECONDS TEXT... -- BUTTON...` | taps the buttons in turn until a line starting with TEXT appears |
//! | `hints SECONDS TEXT...` | plays the game by its hints until a line starting with TEXT appears: Square, the hint on screen (`AFTK HINT`), then Cross |
//!
//! A command after `tty` (`tty wait 30 unpack:`) waits for what only the
//! BIOS TTY carries (the unpacker's line, before the game's log starts):
//! it runs in PCSX-Reloaded and Mednafen, and is skipped, saying so, in
//! PCSX ReARMed, whose log is the game's own.
//!
//! Every run writes DIR/tty.log. Exit status: 0 when the script passed, 1
//! when a check failed, 2 on bad usage.

use psxrun::{Emulator, Options, Session};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: psxrun script IMAGE SCRIPT --out DIR [--fast] [--card FILE] [--emulator pcsxr|mednafen|rearmed] [--bios ROM] [--pal] [--sound WAV] [--site DIR]\n       psxrun shot IMAGE --out DIR [--seconds N]\n       psxrun play IMAGE --out DIR";

/// A parsed command line.
struct Args {
    mode: String,
    image: PathBuf,
    script: Option<PathBuf>,
    out: PathBuf,
    fast: bool,
    seconds: u64,
    card: Option<PathBuf>,
    emulator: Emulator,
    bios: Option<PathBuf>,
    pal: bool,
    sound: Option<PathBuf>,
    site: Option<PathBuf>,
}

fn parse_args(raw: &[String]) -> Result<Args, String> {
    let mut positional = Vec::new();
    let mut out = None;
    let mut fast = false;
    let mut seconds = 5;
    let mut card = None;
    let mut emulator = Emulator::Pcsxr;
    let mut bios = None;
    let mut pal = false;
    let mut sound = None;
    let mut site = None;
    let mut it = raw.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--out" => out = Some(PathBuf::from(it.next().ok_or("--out needs a directory")?)),
            "--card" => card = Some(PathBuf::from(it.next().ok_or("--card needs a file")?)),
            "--fast" => fast = true,
            "--pal" => pal = true,
            "--sound" => sound = Some(PathBuf::from(it.next().ok_or("--sound needs a WAV file")?)),
            "--bios" => bios = Some(PathBuf::from(it.next().ok_or("--bios needs a ROM image")?)),
            "--site" => site = Some(PathBuf::from(it.next().ok_or("--site needs the web page's directory")?)),
            "--emulator" => {
                let v = it.next().ok_or("--emulator needs pcsxr, mednafen or rearmed")?;
                emulator =
                    Emulator::parse(v).ok_or_else(|| format!("--emulator: pcsxr, mednafen or rearmed, not {v}"))?;
            }
            "--seconds" => {
                let v = it.next().ok_or("--seconds needs a number")?;
                seconds = v.parse().map_err(|_| format!("--seconds: not a number: {v}"))?;
            }
            "-h" | "--help" => return Err(USAGE.into()),
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            _ => positional.push(a.clone()),
        }
    }
    let out = out.ok_or("missing --out DIR")?;
    match positional.as_slice() {
        [m, image, script] if m == "script" => Ok(Args {
            mode: m.clone(),
            image: image.into(),
            script: Some(script.into()),
            out,
            fast,
            seconds,
            card,
            emulator,
            bios,
            pal,
            sound: sound.clone(),
            site: site.clone(),
        }),
        [m, image] if m == "shot" || m == "play" => Ok(Args {
            mode: m.clone(),
            image: image.into(),
            script: None,
            out,
            fast,
            seconds,
            card,
            emulator,
            bios,
            pal,
            sound: sound.clone(),
            site: site.clone(),
        }),
        _ => Err(USAGE.into()),
    }
}

/// Holds a button until the game logs it, releases it until the game logs
/// `AFTK PAD -`.
fn tap(session: &mut Session, button: &str) -> Result<(), String> {
    run_command(session, &format!("__tap_impl {button}"))
}

/// Runs one script line against the session.
/// The number after `key` in a log line (`missed=` in `AFTK PERF ...`).
fn field(line: &str, key: &str) -> Result<u64, String> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(key))
        .and_then(|v| v.parse::<u64>().ok())
        .ok_or_else(|| format!("no {key} in {line:?}"))
}

/// The frame budget, `MAX_US` or `PERCENT%` of a vblank (Mednafen only:
/// PCSX-Reloaded has no console timing): every frame so far, as the frame
/// meter's reports (`max_us=`) and the game's SLOW lines (`us=`) give them.
fn check_budget(session: &Session, word: &str) -> Result<(), String> {
    if session.kind() != Emulator::Mednafen {
        return Ok(());
    }
    let budget = match word.strip_suffix('%') {
        Some(pct) => {
            let pct: u64 = pct.parse().map_err(|_| format!("{word:?} is not a percentage"))?;
            u64::from(session.vblank_us()) * pct / 100
        }
        None => word.parse().map_err(|_| format!("{word:?} is not a number of microseconds"))?,
    };
    for l in session.log() {
        let worst = if l.starts_with("AFTK PERF ") {
            field(l, "max_us=")?
        } else if l.starts_with("AFTK SLOW ") {
            field(l, "us=")?
        } else {
            continue;
        };
        if worst > budget {
            return Err(format!("a frame took {worst} us (at most {budget} allowed): {l}"));
        }
    }
    Ok(())
}

fn run_command(session: &mut Session, line: &str) -> Result<(), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let rest = |from: usize| words.get(from..).map(|w| w.join(" ")).unwrap_or_default();
    let number = |i: usize| -> Result<u64, String> {
        let w = words.get(i).ok_or("missing number")?;
        w.parse().map_err(|_| format!("not a number: {w}"))
    };
    match words.first().copied() {
        Some("tty") if words.len() > 1 => {
            if session.kind() == Emulator::Rearmed {
                println!("psxrun: skipped in PCSX ReARMed (no BIOS TTY): {}", rest(1));
                return Ok(());
            }
            run_command(session, &rest(1))
        }
        Some("wait") => {
            let secs = number(1)?;
            session.wait_line(&rest(2), Duration::from_secs(secs)).map(|_| ())
        }
        Some("until") => {
            let secs = number(1)?;
            let split = words.iter().position(|w| *w == "--").ok_or("until needs -- before the buttons")?;
            let text = words[2..split].join(" ");
            let buttons: Vec<&str> = words[split + 1..].to_vec();
            if text.is_empty() || buttons.is_empty() {
                return Err("until needs a text and buttons".into());
            }
            let deadline = session.deadline(Duration::from_secs(secs));
            loop {
                for b in &buttons {
                    tap(session, b)?;
                }
                if session.log().iter().skip(session.cursor()).any(|l| l.starts_with(&text)) {
                    return session.wait_line(&text, Duration::from_secs(1)).map(|_| ());
                }
                if session.passed(&deadline)? {
                    return Err(format!(
                        "no line starting {text:?} within {}",
                        session.span(Duration::from_secs(secs))
                    ));
                }
            }
        }
        Some("hints") => {
            // Square, then Cross only once the hint is on screen: a Cross
            // before it would act on the table by itself.
            let secs = number(1)?;
            let text = rest(2);
            if text.is_empty() {
                return Err("hints needs a text".into());
            }
            let deadline = session.deadline(Duration::from_secs(secs));
            loop {
                if session.log().iter().skip(session.cursor()).any(|l| l.starts_with(&text)) {
                    return session.wait_line(&text, Duration::from_secs(1)).map(|_| ());
                }
                if session.passed(&deadline)? {
                    return Err(format!(
                        "no line starting {text:?} within {} of hints",
                        session.span(Duration::from_secs(secs))
                    ));
                }
                tap(session, "square")?;
                session.wait_line("AFTK HINT", Duration::from_secs(20))?;
                tap(session, "cross")?;
                session.idle(Duration::from_millis(100))?;
            }
        }
        Some("tap") => {
            let button = *words.get(1).ok_or("tap needs a button")?;
            tap(session, button)
        }
        Some("__tap_impl") => {
            let button = *words.get(1).ok_or("tap needs a button")?;
            let want_down = format!("AFTK PAD {button}");
            // A short press (both edges at once: 50 ms by one xdotool, or
            // 3 frames in the web page), pressed again if the game never
            // saw it (it logs nothing then). Held until the game logged
            // it, a loaded machine's round trip held a D-pad direction
            // past the 15 frames after which it repeats.
            let mut tries = 0;
            let got = loop {
                session.tap_key(button)?;
                match session.wait_pad_line(Duration::from_secs(1)) {
                    Ok(line) => break line,
                    Err(e) if tries >= 4 => return Err(format!("pressed {button} five times: {e}")),
                    Err(_) => tries += 1,
                }
            };
            if got != want_down {
                return Err(format!("pressed {button}: expected {want_down:?}, the game logged {got:?}"));
            }
            let got = session.wait_pad_line(Duration::from_secs(5))?;
            if got != "AFTK PAD -" {
                return Err(format!("released {button}: expected \"AFTK PAD -\", the game logged {got:?}"));
            }
            Ok(())
        }
        Some("press") => {
            let combo = words.get(1).ok_or("press needs a button")?;
            let buttons: Vec<&str> = combo.split('+').collect();
            let hold = if words.len() > 2 { number(2)? } else { 100 };
            session.press(&buttons, Duration::from_millis(hold), Duration::from_millis(100))
        }
        Some("sleep") => session.idle(Duration::from_millis(number(1)?)),
        Some("shot") => {
            let name = words.get(1).ok_or("shot needs a name")?;
            let shot = session.screenshot(name)?;
            println!(
                "psxrun: {} ({}x{}, {:.1}% foreground, {} colours)",
                shot.path.display(),
                shot.size.0,
                shot.size.1,
                shot.foreground * 100.0,
                shot.colours
            );
            if shot.is_blank() {
                return Err(format!("screenshot {name} is blank"));
            }
            Ok(())
        }
        Some("page") => {
            let name = words.get(1).ok_or("page needs a name")?;
            let path = session.page_shot(name)?;
            println!("psxrun: {}", path.display());
            Ok(())
        }
        Some("perf") => {
            let max = number(1)?;
            let line = session.wait_line("AFTK PERF ", Duration::from_secs(60))?;
            let missed = field(&line, "missed=")?;
            println!("psxrun: {line}");
            if missed > max {
                return Err(format!("{missed} vblanks missed (at most {max} allowed): {line}"));
            }
            if words.len() > 2 {
                check_budget(session, words[2])?;
            }
            Ok(())
        }
        Some("budget") if words.len() == 2 => check_budget(session, words[1]),
        Some("latency") if words.len() == 2 || words.len() == 3 => {
            // Mednafen only: the other emulator has no console timing.
            if session.kind() != Emulator::Mednafen {
                return Ok(());
            }
            let worst = number(1)?;
            let median = if words.len() == 3 { Some(number(2)?) } else { None };
            psxrun::check_hint_latency(session.log(), worst, median)
        }
        Some("seen") => {
            // A line so far holds the text anywhere (a field of a line whose
            // start varies).
            let text = rest(1);
            if text.is_empty() {
                return Err("seen needs a text".into());
            }
            match session.log().iter().any(|l| l.contains(&text)) {
                true => Ok(()),
                false => Err(format!("no line holds {text:?}")),
            }
        }
        Some("absent") => {
            let text = rest(1);
            match session.log().iter().find(|l| l.starts_with(&text)) {
                Some(l) => Err(format!("unexpected line {l:?}")),
                None => Ok(()),
            }
        }
        Some(other) => Err(format!("unknown command {other:?}")),
        None => Ok(()),
    }
}

fn run(args: &Args) -> Result<(), (u8, String)> {
    let fail = |e: String| (1u8, e);
    let opts = Options {
        image: args.image.clone(),
        out_dir: args.out.clone(),
        realtime: !args.fast,
        memory_card: args.card.clone(),
        display: None,
        emulator: args.emulator,
        bios: args.bios.clone(),
        pal: args.pal,
        sound: args.sound.clone(),
        site: args.site.clone(),
    };
    if opts.sound.is_some() && opts.emulator != Emulator::Mednafen {
        return Err((2, "--sound records from Mednafen only (--emulator mednafen)".into()));
    }
    if args.mode == "play" {
        let display = std::env::var("DISPLAY").map_err(|_| (2, "play needs $DISPLAY".to_string()))?;
        let session = Session::start(&Options { display: Some(display), ..opts }).map_err(fail)?;
        session.play().map_err(fail)?;
        return Ok(());
    }
    let script = match &args.script {
        Some(p) => Some(psxrun::read_text(p).map_err(|e| (2, e))?),
        None => None,
    };
    let mut session = Session::start(&opts).map_err(fail)?;
    let result = match &script {
        Some(text) => {
            let mut result = Ok(());
            for (n, raw) in text.lines().enumerate() {
                let line = raw.split('#').next().unwrap_or("").trim();
                if line.is_empty() {
                    continue;
                }
                if let Err(e) = run_command(&mut session, line) {
                    result = Err(format!("line {}: {line}: {e}", n + 1));
                    break;
                }
            }
            result
        }
        None => session
            .idle(Duration::from_secs(args.seconds))
            .and_then(|_| session.screenshot("screen"))
            .map(|shot| println!("{}", shot.path.display())),
    };
    let log = session.stop().map_err(fail)?;
    eprintln!("psxrun: TTY log in {}", log.display());
    result.map_err(fail)
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse_args(&raw) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("psxrun: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, e)) => {
            eprintln!("psxrun: FAILED: {e}");
            ExitCode::from(code)
        }
    }
}
