//! Runs a PS-EXE or a CD image in PCSX-Reloaded with no display: Xvfb for a
//! screen, xdotool for the pad, `xwd` + ImageMagick for screenshots, and the
//! emulator's TTY output (`-psxout`) for the game's event log.
//!
//! Facts about pcsxr 1.9.94 (Debian) this relies on, found by trying:
//! - Under `-nogui` it refuses to start without `~/.pcsxr/pcsxr.cfg`, so each
//!   session writes one in a private HOME (never the user's).
//! - Its internal HLE BIOS boots an exe given as the last argument.
//! - The OpenGL GPU plugin works under Xvfb; DFXVideo needs XVideo, which
//!   Xvfb lacks. The plugin reads `gpuPeopsMesaGL.cfg` (window size, frame
//!   limiter) from its working directory.
//! - DFInput's default keys: arrows = D-pad, z = Cross, x = Circle,
//!   s = Square, d = Triangle, v = Start, c = Select, w/r = L1/R1, e/t = L2/R2.
//!   There is no window manager, so the pointer is put over the window.
//! - TTY lines reach stdout prefixed ` * `; it is line-buffered with
//!   `stdbuf -oL` so nothing is lost when the emulator is killed.
//! - It ignores SIGTERM: Escape asks it to quit, then its own PID gets
//!   SIGKILL. Nothing is ever killed by name.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ChildStdin;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Screen size of the virtual display and of the emulator's window.
pub const SCREEN: (u32, u32) = (640, 480);

/// What to boot and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// A PS-EXE, or a `.cue` sheet (booted as a CD).
    pub image: PathBuf,
    /// Where the private HOME, the TTY log and screenshots go.
    pub out_dir: PathBuf,
    /// Run at real speed (frame limiter on) rather than as fast as possible.
    pub realtime: bool,
    /// Memory card image for slot 1 (created by the emulator if missing).
    pub memory_card: Option<PathBuf>,
    /// Show the game on this X display instead of a private Xvfb.
    pub display: Option<String>,
    /// Which emulator runs it.
    pub emulator: Emulator,
    /// The BIOS image Mednafen boots (the project's test BIOS).
    pub bios: Option<PathBuf>,
    /// Mednafen: run a side-loaded exe as a PAL console (50 Hz; the
    /// `--features pal` build) rather than an NTSC one.
    pub pal: bool,
    /// Mednafen: record what the SPU plays to this WAV file (sound on, to
    /// SDL's dummy driver: nothing is heard, everything is written).
    pub sound: Option<PathBuf>,
    /// PCSX ReARMed: the web page it runs in (`make web` builds
    /// target/web).
    pub site: Option<PathBuf>,
}

/// The emulators the harness drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emulator {
    /// PCSX-Reloaded with its HLE BIOS: fast, no real timing.
    Pcsxr,
    /// Mednafen with the project's test BIOS: the console's timing.
    Mednafen,
    /// PCSX ReARMed (libretro, built for the web) with its HLE BIOS, in
    /// the project's web page in headless Chromium (tools/web/driver.mjs):
    /// the event log read out of the emulator's memory, waits counted in
    /// its frames.
    Rearmed,
}

impl Emulator {
    /// `pcsxr` or `mednafen`.
    pub fn parse(name: &str) -> Option<Emulator> {
        match name {
            "pcsxr" => Some(Emulator::Pcsxr),
            "mednafen" => Some(Emulator::Mednafen),
            "rearmed" => Some(Emulator::Rearmed),
            _ => None,
        }
    }

    /// The pad button's key in this emulator's default bindings.
    pub fn key_for(self, button: &str) -> Option<&'static str> {
        let keys: &[(&str, &str)] = match self {
            Emulator::Pcsxr => &KEYS,
            Emulator::Mednafen => &MEDNAFEN_KEYS,
            // The driver takes the buttons by name.
            Emulator::Rearmed => return buttons().find(|b| b.eq_ignore_ascii_case(button)),
        };
        keys.iter().find(|(b, _)| b.eq_ignore_ascii_case(button)).map(|(_, k)| *k)
    }
}

/// A running emulator session.
pub struct Session {
    out_dir: PathBuf,
    display: String,
    xvfb: Option<Child>,
    emulator: Option<Child>,
    kind: Emulator,
    /// A PAL console (50 Hz: a vblank is 20 ms, not 16.7).
    pal: bool,
    /// Mednafen: the card file it writes on exit, and where to copy it.
    card_out: Option<(PathBuf, PathBuf)>,
    /// Mednafen: where F9 writes screenshots.
    snaps: PathBuf,
    lines: Receiver<String>,
    /// Every TTY line seen so far (prefix ` * ` removed).
    log: Vec<String>,
    /// Index into `log` of the first line not yet consumed by a wait.
    cursor: usize,
    /// The same for `AFTK PAD` lines, which taps consume on their own so
    /// that the lines a press causes stay there for the next wait.
    pad_cursor: usize,
    /// PCSX ReARMed: the driver's command line (its stdin).
    control: Option<ChildStdin>,
    /// PCSX ReARMed: the driver's answers (`shot PATH`, `card PATH`,
    /// `error TEXT`).
    replies: Option<Receiver<String>>,
    /// PCSX ReARMed: the emulator's frame count, as the driver last
    /// reported it.
    frames: Arc<AtomicU64>,
    /// PCSX-Reloaded and Mednafen: the last `AFTK TICK` (none yet: the
    /// game has not started).
    ticks: Arc<Mutex<Option<Tick>>>,
    /// PCSX ReARMed: what the driver reported when it stopped on an error
    /// (a request that left 127.0.0.1 among them): the run fails.
    driver_error: Option<String>,
}

/// When a wait gives up: after so many of the console's frames, however
/// slowly a loaded machine runs the emulator. PCSX ReARMed's driver
/// reports the core's frame count a few times a second; in PCSX-Reloaded
/// and Mednafen the game's `AFTK TICK` lines (every 30 frames) give it, and
/// before the first of them (the boot) a wait counts the clock's seconds.
#[derive(Clone, Copy, Debug)]
pub enum Deadline {
    /// Wall-clock time.
    At(Instant),
    /// The emulator's frame count, at 60 frames a second of the wait; and
    /// a wall-clock limit far beyond it, for an emulator that stopped.
    Frame {
        /// The frame the wait ends at.
        frame: u64,
        /// When an emulator that has not got there is taken as stalled.
        stalled: Instant,
    },
}

/// Frames between two of the game's `AFTK TICK` lines.
const TICK_EVERY: u64 = 30;

/// The game's heartbeat as last seen: its frame count, when it came, and
/// the emulator's speed from the two last (frames a second), by which the
/// frame count is reckoned between two ticks.
#[derive(Clone, Copy, Debug)]
pub struct Tick {
    frame: u64,
    at: Instant,
    rate: f64,
}

impl Tick {
    /// The tick after `last`: frame `frame`, seen at `at`.
    pub fn next(last: Option<&Tick>, frame: u64, at: Instant) -> Tick {
        let rate = match last {
            Some(l) if frame > l.frame && at > l.at => {
                ((frame - l.frame) as f64 / (at - l.at).as_secs_f64()).clamp(1.0, 240.0)
            }
            Some(l) => l.rate,
            None => 60.0,
        };
        Tick { frame, at, rate }
    }

    /// The frame the console has reached at `now`, reckoned from this tick
    /// at its speed, never past the next tick (which has not been seen).
    pub fn frame_at(&self, now: Instant) -> u64 {
        let since = now.saturating_duration_since(self.at).as_secs_f64() * self.rate;
        self.frame + (since as u64).min(TICK_EVERY)
    }
}

/// Seconds without a tick after which the game is taken as hung.
const TICK_SILENCE_S: u64 = 60;

/// The frames a wait of `d` counts (a 60 Hz console).
pub fn frames_in(d: Duration) -> u64 {
    (d.as_millis() as u64 * 60).div_ceil(1000)
}

/// A pad button and the key DFInput maps it to by default.
const KEYS: [(&str, &str); 14] = [
    ("up", "Up"),
    ("down", "Down"),
    ("left", "Left"),
    ("right", "Right"),
    ("cross", "z"),
    ("circle", "x"),
    ("square", "s"),
    ("triangle", "d"),
    ("start", "v"),
    ("select", "c"),
    ("l1", "w"),
    ("r1", "r"),
    ("l2", "e"),
    ("r2", "t"),
];

/// Mednafen's default keys for pad 1 (a digital pad).
const MEDNAFEN_KEYS: [(&str, &str); 14] = [
    ("up", "w"),
    ("down", "s"),
    ("left", "a"),
    ("right", "d"),
    ("cross", "KP_2"),
    ("circle", "KP_6"),
    ("square", "KP_4"),
    ("triangle", "KP_8"),
    ("start", "Return"),
    ("select", "Tab"),
    ("l1", "KP_1"),
    ("r1", "KP_3"),
    ("l2", "KP_7"),
    ("r2", "KP_9"),
];

/// The key for a button name (`cross`, `up`, ...) in PCSX-Reloaded.
pub fn key_for(button: &str) -> Option<&'static str> {
    KEYS.iter().find(|(b, _)| b.eq_ignore_ascii_case(button)).map(|(_, k)| *k)
}

/// All button names the harness can press.
pub fn buttons() -> impl Iterator<Item = &'static str> {
    KEYS.iter().map(|(b, _)| *b)
}

/// Finds a program on PATH or in the given extra places.
fn find_program(name: &str, extra: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).map(|d| d.join(name)).chain(extra.iter().map(PathBuf::from)).find(|p| p.is_file())
}

/// The pcsxr binary (Debian installs it in /usr/games).
pub fn pcsxr() -> Option<PathBuf> {
    find_program("pcsxr", &["/usr/games/pcsxr"])
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes the private HOME: pcsxr's config, the GPU plugin's config.
fn prepare_home(opts: &Options, home: &Path) -> Result<PathBuf, String> {
    let pcsxr_dir = home.join(".pcsxr");
    let plugins = pcsxr_dir.join("plugins");
    fs::create_dir_all(&plugins).map_err(|e| format!("cannot create {}: {e}", plugins.display()))?;
    // Without --card every session starts with fresh, empty cards (pcsxr
    // creates them): a save left by an earlier run must not change a test.
    if opts.memory_card.is_none() {
        for c in ["card1.mcd", "card2.mcd"] {
            let _ = fs::remove_file(home.join(c));
        }
    }
    let _ = fs::remove_file(home.join("card2.mcd"));
    let card1 = match &opts.memory_card {
        Some(p) => p.clone(),
        None => home.join("card1.mcd"),
    };
    let card1 = fs::canonicalize(card1.parent().unwrap_or(Path::new(".")))
        .map(|d| d.join(card1.file_name().unwrap_or_default()))
        .unwrap_or(card1);
    let cfg = format!(
        "Bios = HLE\nBiosDir = {bios}\nGpu = libpeopsxgl.so\nSpu = libDFSound.so\nCdr = libDFCdrom.so\n\
         Pad1 = libDFInput.so\nPad2 = libDFInput.so\nNet = Disabled\nSio1 = libBladeSio1.so\n\
         Mcd1 = {card1}\nMcd2 = {card2}\nPluginsDir = /usr/lib/x86_64-linux-gnu/psemu/\n\
         Cpu = 1\nPsxOut = 1\nSpuIrq = 0\nXa = 0\nMdec = 0\nCdda = 0\nPsxAuto = 1\nPsxType = 0\n",
        bios = pcsxr_dir.join("bios").display(),
        card1 = card1.display(),
        card2 = home.join("card2.mcd").display(),
    );
    write_file(&pcsxr_dir.join("pcsxr.cfg"), &cfg)?;
    let gpu = format!(
        "\nResX = {}\nResY = {}\nKeepRatio = 0\nWindowMode = 1\nUseFrameLimit = {}\nFrameLimit = 2\n\
         FrameRate = 200\nShowFPS = 0\n",
        SCREEN.0,
        SCREEN.1,
        u8::from(opts.realtime)
    );
    write_file(&plugins.join("gpuPeopsMesaGL.cfg"), &gpu)?;
    let work = home.join("work");
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    write_file(&work.join("gpuPeopsMesaGL.cfg"), &gpu)?;
    Ok(work)
}

/// The Mednafen binary (Debian installs it in /usr/games).
pub fn mednafen() -> Option<PathBuf> {
    find_program("mednafen", &["/usr/games/mednafen"])
}

/// The Mednafen command line: the test BIOS for every region, sound off
/// (or recorded to a WAV file with `--sound`),
/// the BIOS TTY on stdout, saves and screenshots in the private HOME.
/// Returns it, its working directory, and (with `--card`) the card file
/// Mednafen writes on exit and where to copy it.
#[allow(clippy::type_complexity)]
fn mednafen_command(
    opts: &Options,
    image: &Path,
    home: &Path,
    snaps: &Path,
) -> Result<(Command, PathBuf, Option<(PathBuf, PathBuf)>), String> {
    let emulator = mednafen().ok_or("mednafen not found (Debian package mednafen)")?;
    let bios = opts.bios.as_ref().ok_or("Mednafen needs --bios (the test BIOS image, tools/testbios/build)")?;
    let bios = fs::canonicalize(bios).map_err(|e| format!("cannot open the BIOS {}: {e}", bios.display()))?;
    let saves = home.join("sav");
    for d in [home, &saves, snaps] {
        fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
    }
    // Every session starts from the card it is given, or from none.
    let card_file = saves.join("card.0.mcr");
    let _ = fs::remove_file(&card_file);
    let _ = fs::remove_file(saves.join("card.1.mcr"));
    let card_out = match &opts.memory_card {
        Some(p) => {
            if p.exists() {
                fs::copy(p, &card_file).map_err(|e| format!("cannot copy {}: {e}", p.display()))?;
            }
            Some((card_file, p.clone()))
        }
        None => None,
    };
    let mut cmd = Command::new(emulator);
    let s = |v: &Path| v.display().to_string();
    let bios = s(&bios);
    match &opts.sound {
        None => {
            cmd.args(["-sound", "0"]);
        }
        Some(wav) => {
            // A relative path would land in Mednafen's working directory.
            let wav = std::path::absolute(wav).map_err(|e| format!("bad --sound path {}: {e}", wav.display()))?;
            let _ = fs::remove_file(&wav);
            cmd.env("SDL_AUDIODRIVER", "dummy")
                .args(["-sound", "1", "-sound.driver", "sdl", "-sound.rate", "44100"])
                .arg("-soundrecord")
                .arg(&wav);
        }
    }
    cmd.args(["-video.driver", "softfb", "-video.fs", "0"])
        .args(["-psx.xscale", "2", "-psx.yscale", "2"])
        .args(["-psx.bios_na", &bios, "-psx.bios_jp", &bios, "-psx.bios_eu", &bios])
        .args(["-psx.bios_sanity", "0"])
        // A side-loaded exe carries no region: the console's is named.
        .args(["-psx.region_autodetect", "0", "-psx.region_default", if opts.pal { "eu" } else { "na" }])
        .args(["-psx.dbg_level", "2"])
        .args(["-filesys.path_sav", &s(&saves), "-filesys.fname_sav", "card.%x"])
        .args(["-filesys.path_snap", &s(snaps)])
        .args(["-nothrottle", if opts.realtime { "0" } else { "1" }])
        // Behind the clock on a loaded machine, it runs slower rather than
        // catch up by skipping the drawing of frames: frames run in such a
        // burst read one pad state, so a tap could last past the D-pad's
        // 15-frame repeat delay. The waits count frames, not seconds.
        .args(["-frameskip", "0"])
        .args(["-autosave", "0", "-cheats", "0"]);
    if image.extension().is_some_and(|e| e.eq_ignore_ascii_case("cue")) {
        // A disc with no licence sectors: the module must be named.
        cmd.args(["-force_module", "psx"]);
    }
    cmd.arg(image);
    Ok((cmd, home.to_path_buf(), card_out))
}

/// The PCSX ReARMed lane: `node tools/web/driver.mjs` on the web page
/// (`opts.site`, target/web by default). With a card, the browser's
/// storage lives beside it (`CARD.profile/`), so the next session with the
/// same card finds the save as a player reloading the page does, and the
/// card the page saved is written to CARD at the end; a session whose card
/// file does not exist starts with fresh storage.
#[allow(clippy::type_complexity)]
fn rearmed_command(
    opts: &Options,
    image: &Path,
    out_dir: &Path,
) -> Result<(Command, PathBuf, Option<(PathBuf, PathBuf)>), String> {
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/driver.mjs");
    let site = opts.site.clone().unwrap_or_else(|| PathBuf::from("target/web"));
    if !site.join("index.html").is_file() {
        return Err(format!("{} has no index.html: build the page first (make web)", site.display()));
    }
    let node = find_program("node", &[]).ok_or("node not found (Debian package nodejs)")?;
    // At nice 10: its waits count the emulator's frames, so it can yield
    // the CPU to the other lane's emulator, held to the console's speed
    // and waited for by the clock.
    let mut cmd = Command::new("nice");
    cmd.args(["-n", "10"]).arg(node);
    let site = fs::canonicalize(&site).map_err(|e| format!("cannot open {}: {e}", site.display()))?;
    cmd.arg(&driver)
        .arg("--site")
        .arg(&site)
        .arg("--out")
        .arg(out_dir)
        .arg("--image")
        .arg(image)
        .args(["--box", "320"]);
    if let Some(card) = &opts.memory_card {
        let mut profile = card.clone().into_os_string();
        profile.push(".profile");
        let profile = PathBuf::from(profile);
        if !card.exists() {
            let _ = fs::remove_dir_all(&profile);
        }
        cmd.arg("--profile").arg(&profile).arg("--card").arg(card);
    }
    let work = std::env::current_dir().map_err(|e| e.to_string())?;
    Ok((cmd, work, None))
}

/// Stops our Xvfb with SIGTERM, so that it removes its lock file and
/// socket, and with SIGKILL if it has not gone within two seconds.
fn stop_xvfb(mut x: Child) {
    let _ = Command::new("kill").arg("-TERM").arg(x.id().to_string()).status();
    let deadline = Instant::now() + Duration::from_secs(2);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = x.try_wait() {
            return;
        }
        thread::sleep(Duration::from_millis(20));
    }
    let _ = x.kill();
    let _ = x.wait();
}

/// Starts Xvfb on the first free display from :100.
fn start_xvfb() -> Result<(Child, String), String> {
    let xvfb = find_program("Xvfb", &[]).ok_or("Xvfb not found (Debian package xvfb)")?;
    // Test runs side by side start their searches apart
    // (PSXRUN_FIRST_DISPLAY), so that two never race for one display.
    let first = std::env::var("PSXRUN_FIRST_DISPLAY").ok().and_then(|v| v.parse::<u32>().ok()).unwrap_or(100);
    for n in first..first + 300 {
        if Path::new(&format!("/tmp/.X{n}-lock")).exists() {
            continue;
        }
        let mut child = Command::new(&xvfb)
            .arg(format!(":{n}"))
            .args(["-screen", "0", &format!("{}x{}x24", SCREEN.0, SCREEN.1)])
            .args(["-nolisten", "tcp", "-noreset"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start Xvfb: {e}"))?;
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = child.try_wait() {
                break; // lost a race for this display: try the next one
            }
            if socket.exists() {
                return Ok((child, format!(":{n}")));
            }
            thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    Err(format!("no free X display between :{first} and :{}", first + 299))
}

impl Session {
    /// Boots the image. The session's files go to `opts.out_dir`.
    pub fn start(opts: &Options) -> Result<Session, String> {
        let image = fs::canonicalize(&opts.image).map_err(|e| format!("cannot open {}: {e}", opts.image.display()))?;
        fs::create_dir_all(&opts.out_dir).map_err(|e| format!("cannot create {}: {e}", opts.out_dir.display()))?;
        let out_dir = fs::canonicalize(&opts.out_dir).map_err(|e| e.to_string())?;
        let home = out_dir.join("home");
        let snaps = home.join("snaps");
        let (mut cmd, work, card_out) = match opts.emulator {
            Emulator::Pcsxr => {
                let emulator = pcsxr().ok_or("pcsxr not found (Debian package pcsxr)")?;
                let work = prepare_home(opts, &home)?;
                let mut cmd = Command::new("stdbuf");
                cmd.arg("-oL").arg(&emulator).args(["-nogui", "-psxout"]);
                if image.extension().is_some_and(|e| e.eq_ignore_ascii_case("cue")) {
                    cmd.arg("-cdfile").arg(&image);
                } else {
                    cmd.arg(&image);
                }
                (cmd, work, None)
            }
            Emulator::Mednafen => mednafen_command(opts, &image, &home, &snaps)?,
            Emulator::Rearmed => rearmed_command(opts, &image, &out_dir)?,
        };
        let (xvfb, display) = match (&opts.display, opts.emulator) {
            (Some(d), _) => (None, d.clone()),
            // Headless Chromium needs no display.
            (None, Emulator::Rearmed) => (None, String::new()),
            (None, _) => {
                let (x, d) = start_xvfb()?;
                (Some(x), d)
            }
        };

        let stderr_log = fs::File::create(out_dir.join("emulator-stderr.log")).map_err(|e| e.to_string())?;
        let child = cmd
            .current_dir(&work)
            .env("HOME", &home)
            .env("DISPLAY", &display)
            .stdin(if opts.emulator == Emulator::Rearmed { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(stderr_log)
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                if let Some(x) = xvfb {
                    stop_xvfb(x);
                }
                return Err(format!("cannot start {:?}: {e}", opts.emulator));
            }
        };
        let stdout = child.stdout.take().ok_or("no stdout from the emulator")?;
        let control = child.stdin.take();
        let (tx, rx) = channel();
        let (reply_tx, reply_rx) = channel();
        let frames = Arc::new(AtomicU64::new(0));
        let frames_seen = Arc::clone(&frames);
        let ticks = Arc::new(Mutex::new(None::<Tick>));
        let ticks_seen = Arc::clone(&ticks);
        let rearmed = opts.emulator == Emulator::Rearmed;
        let raw_log = out_dir.join("emulator-stdout.log");
        thread::spawn(move || {
            let mut raw = fs::File::create(raw_log).ok();
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if let Some(f) = raw.as_mut() {
                    let _ = f.write_all(&buf);
                }
                let line = String::from_utf8_lossy(&buf);
                let line = line.trim_end_matches(['\n', '\r']);
                // The PCSX ReARMed driver's own lines start with \x01.
                if let Some(reply) = line.strip_prefix('\x01') {
                    match reply.strip_prefix("frame ").map(str::parse::<i64>) {
                        Some(Ok(n)) => frames_seen.store(n.max(0) as u64, Ordering::Relaxed),
                        _ => {
                            let _ = reply_tx.send(reply.to_string());
                        }
                    }
                    continue;
                }
                let line = line.strip_prefix(" * ").unwrap_or(line);
                // The game's heartbeat: the frame count the other
                // emulators' waits are counted in (the driver's own count
                // is finer for PCSX ReARMed).
                if let Some(n) = line.strip_prefix("AFTK TICK frame=").and_then(|n| n.parse::<u64>().ok()) {
                    if !rearmed {
                        if let Ok(mut t) = ticks_seen.lock() {
                            *t = Some(Tick::next(t.as_ref(), n, Instant::now()));
                        }
                    }
                }
                if tx.send(line.to_string()).is_err() {
                    break;
                }
            }
        });
        let session = Session {
            out_dir,
            display,
            xvfb,
            emulator: Some(child),
            kind: opts.emulator,
            pal: opts.pal,
            card_out,
            snaps,
            lines: rx,
            log: Vec::new(),
            cursor: 0,
            pad_cursor: 0,
            control,
            replies: Some(reply_rx),
            frames,
            ticks,
            driver_error: None,
        };
        if opts.display.is_some() || opts.emulator == Emulator::Rearmed {
            return Ok(session);
        }
        // No window manager: focus follows the pointer.
        session.xdotool(&["mousemove", &(SCREEN.0 / 2).to_string(), &(SCREEN.1 / 2).to_string()])?;
        Ok(session)
    }

    /// The directory the session writes to.
    pub fn out_dir(&self) -> &Path {
        &self.out_dir
    }

    /// Index of the first line no wait has consumed yet.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Which emulator runs the game.
    pub fn kind(&self) -> Emulator {
        self.kind
    }

    /// A vblank period of the console emulated, in microseconds (NTSC
    /// 59.94 Hz, PAL 50 Hz).
    pub fn vblank_us(&self) -> u32 {
        if self.pal {
            20_000
        } else {
            16_683
        }
    }

    /// Every TTY line so far.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The console's frame count: PCSX ReARMed's as its driver reports it;
    /// elsewhere reckoned from the game's last `AFTK TICK` (0 before it).
    pub fn frame(&self) -> u64 {
        match self.tick() {
            Some(t) if self.kind != Emulator::Rearmed => t.frame_at(Instant::now()),
            _ => self.frames.load(Ordering::Relaxed),
        }
    }

    fn tick(&self) -> Option<Tick> {
        self.ticks.lock().ok().and_then(|t| *t)
    }

    /// When a wait of `d` from now ends.
    pub fn deadline(&self, d: Duration) -> Deadline {
        let stalled = Instant::now() + d * 20 + Duration::from_secs(120);
        match self.kind {
            Emulator::Rearmed => Deadline::Frame { frame: self.frame() + frames_in(d), stalled },
            _ if self.ticking() => Deadline::Frame { frame: self.frame() + frames_in(d), stalled },
            _ => Deadline::At(Instant::now() + d),
        }
    }

    /// Whether the game's heartbeat has started (PCSX-Reloaded, Mednafen).
    fn ticking(&self) -> bool {
        self.tick().is_some()
    }

    /// Whether the deadline has passed; an error when an emulator counted
    /// in frames has stopped counting them.
    pub fn passed(&mut self, deadline: &Deadline) -> Result<bool, String> {
        match *deadline {
            Deadline::At(t) => Ok(Instant::now() >= t),
            Deadline::Frame { frame, stalled } => {
                if let Some(e) =
                    self.replies.as_ref().and_then(|r| r.try_recv().ok()).filter(|r| r.starts_with("error "))
                {
                    return Err(format!("the emulator's driver stopped: {}", &e[6..]));
                }
                if self.frame() >= frame {
                    return Ok(true);
                }
                // A game that stopped ticking has hung (a tick comes every
                // half second of the console's time).
                if self.kind != Emulator::Rearmed
                    && self.tick().is_some_and(|t| t.at.elapsed() > Duration::from_secs(TICK_SILENCE_S))
                {
                    return Err(format!(
                        "the game stopped ticking at frame {} (no AFTK TICK for {TICK_SILENCE_S} s)",
                        self.frame()
                    ));
                }
                if Instant::now() >= stalled {
                    return Err(format!("the emulator stalled at frame {} (waiting for frame {frame})", self.frame()));
                }
                Ok(false)
            }
        }
    }

    /// How long to block for lines before looking at the deadline again.
    fn slice(deadline: &Deadline) -> Duration {
        match *deadline {
            Deadline::At(t) => t.saturating_duration_since(Instant::now()),
            Deadline::Frame { .. } => Duration::from_millis(5),
        }
    }

    fn pump(&mut self, timeout: Duration) -> Result<bool, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                let halted = line.starts_with("TESTBIOS HALT");
                self.log.push(line.clone());
                if halted {
                    return Err(format!("the test BIOS stopped: {line}"));
                }
                Ok(true)
            }
            Err(RecvTimeoutError::Timeout) => Ok(false),
            Err(RecvTimeoutError::Disconnected) => Err("the emulator exited".into()),
        }
    }

    /// Waits for a TTY line, after the last one a wait consumed, that
    /// satisfies `matches`; returns it and consumes up to it.
    pub fn wait_for(
        &mut self,
        what: &str,
        timeout: Duration,
        matches: impl Fn(&str) -> bool,
    ) -> Result<String, String> {
        let deadline = self.deadline(timeout);
        loop {
            while self.cursor < self.log.len() {
                let i = self.cursor;
                self.cursor += 1;
                if matches(&self.log[i]) {
                    return Ok(self.log[i].clone());
                }
            }
            if self.passed(&deadline)? {
                return Err(format!("timed out after {} waiting for {what}", self.span(timeout)));
            }
            self.pump(Self::slice(&deadline))?;
        }
    }

    /// Waits for the next `AFTK PAD` line after the last one a tap saw,
    /// leaving the general cursor where it is.
    pub fn wait_pad_line(&mut self, timeout: Duration) -> Result<String, String> {
        // Lines a general wait consumed are consumed for taps too.
        self.pad_cursor = self.pad_cursor.max(self.cursor);
        let deadline = self.deadline(timeout);
        loop {
            while self.pad_cursor < self.log.len() {
                let i = self.pad_cursor;
                self.pad_cursor += 1;
                if self.log[i].starts_with("AFTK PAD ") {
                    return Ok(self.log[i].clone());
                }
            }
            if self.passed(&deadline)? {
                return Err(format!("timed out after {} waiting for an AFTK PAD line", self.span(timeout)));
            }
            self.pump(Self::slice(&deadline))?;
        }
    }

    /// Waits for a line that starts with `prefix`.
    pub fn wait_line(&mut self, prefix: &str, timeout: Duration) -> Result<String, String> {
        self.wait_for(&format!("a line starting {prefix:?}"), timeout, |l| l.starts_with(prefix))
    }

    /// Collects lines for `duration` of the console's time, consuming
    /// nothing.
    pub fn idle(&mut self, duration: Duration) -> Result<(), String> {
        let deadline = self.deadline(duration);
        loop {
            if self.passed(&deadline)? {
                return Ok(());
            }
            self.pump(Self::slice(&deadline))?;
        }
    }

    /// A wait's length as this session counts it.
    pub fn span(&self, d: Duration) -> String {
        if self.kind == Emulator::Rearmed || self.ticking() {
            format!("{} frames", frames_in(d))
        } else {
            format!("{:.1}s", d.as_secs_f32())
        }
    }

    /// Sends the PCSX ReARMed driver a command.
    fn tell(&mut self, command: &str) -> Result<(), String> {
        let stdin = self.control.as_mut().ok_or("the emulator's driver has no command line")?;
        writeln!(stdin, "{command}")
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("the emulator's driver is gone: {e}"))
    }

    /// Waits for the PCSX ReARMed driver's answer that starts with `what`.
    fn answer(&mut self, what: &str) -> Result<String, String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let reply = self.replies.as_ref().ok_or("no driver")?.recv_timeout(Duration::from_millis(20));
            match reply {
                Ok(r) if r.starts_with(what) => return Ok(r),
                Ok(r) if r.starts_with("error ") => return Err(format!("the emulator's driver stopped: {}", &r[6..])),
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err("the emulator's driver exited".into()),
            }
            // Lines keep coming meanwhile.
            while let Ok(line) = self.lines.try_recv() {
                self.log.push(line);
            }
            if Instant::now() > deadline {
                return Err(format!("the emulator's driver did not answer {what:?} within 60 s"));
            }
        }
    }

    fn xdotool(&self, args: &[&str]) -> Result<(), String> {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run xdotool (Debian package xdotool): {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("xdotool {} failed", args.join(" ")))
        }
    }

    /// Holds the buttons down.
    pub fn key_down(&mut self, buttons: &[&str]) -> Result<(), String> {
        for b in buttons {
            let key = self.kind.key_for(b).ok_or_else(|| format!("unknown button {b:?}"))?;
            if self.kind == Emulator::Rearmed {
                self.tell(&format!("down {key}"))?;
            } else {
                self.xdotool(&["keydown", key])?;
            }
        }
        Ok(())
    }

    /// Lets the buttons go.
    pub fn key_up(&mut self, buttons: &[&str]) -> Result<(), String> {
        for b in buttons {
            let key = self.kind.key_for(b).ok_or_else(|| format!("unknown button {b:?}"))?;
            if self.kind == Emulator::Rearmed {
                self.tell(&format!("up {key}"))?;
            } else {
                self.xdotool(&["keyup", key])?;
            }
        }
        Ok(())
    }

    /// The button pressed briefly and released, with no round trip
    /// through the harness between the two edges. PCSX-Reloaded and
    /// Mednafen: 50 ms of the clock, by one xdotool.
    /// PCSX ReARMed: held for 3 of the core's frames, released by the
    /// page itself.
    pub fn tap_key(&mut self, button: &str) -> Result<(), String> {
        let key = self.kind.key_for(button).ok_or_else(|| format!("unknown button {button:?}"))?;
        if self.kind == Emulator::Rearmed {
            self.tell(&format!("tap {key}"))?;
            return self.answer("tapped ").map(|_| ());
        }
        self.xdotool(&["keydown", key, "sleep", "0.05", "keyup", key])
    }

    /// Presses the buttons together for `hold`, then releases them and
    /// waits `gap` (together long enough for the game's once-a-frame poll to
    /// see both edges).
    pub fn press(&mut self, buttons: &[&str], hold: Duration, gap: Duration) -> Result<(), String> {
        self.key_down(buttons)?;
        self.idle(hold)?;
        self.key_up(buttons)?;
        self.idle(gap)
    }

    /// Saves a screenshot as `<out_dir>/<name>.png` and returns what it shows.
    pub fn screenshot(&mut self, name: &str) -> Result<Screenshot, String> {
        if self.kind == Emulator::Mednafen {
            return self.mednafen_screenshot(name);
        }
        if self.kind == Emulator::Rearmed {
            let path = self.out_dir.join(format!("{name}.png"));
            self.tell(&format!("shot {}", path.display()))?;
            self.answer("shot ")?;
            return measure_png(path);
        }
        let out = Command::new("xwd")
            .args(["-root", "-silent"])
            .env("DISPLAY", &self.display)
            .output()
            .map_err(|e| format!("cannot run xwd (Debian package x11-apps): {e}"))?;
        if !out.status.success() {
            return Err("xwd failed".into());
        }
        let shot = Screenshot::from_xwd(&out.stdout)?;
        let path = self.out_dir.join(format!("{name}.png"));
        let mut convert = Command::new("convert")
            .arg("xwd:-")
            .arg(format!("png:{}", path.display()))
            .stdin(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run convert (Debian package imagemagick): {e}"))?;
        if let Some(mut stdin) = convert.stdin.take() {
            stdin.write_all(&out.stdout).map_err(|e| e.to_string())?;
        }
        let status = convert.wait().map_err(|e| e.to_string())?;
        if !status.success() {
            return Err(format!("convert could not write {}", path.display()));
        }
        Ok(Screenshot { path, ..shot })
    }

    /// PCSX ReARMed: the whole web page as a player sees it, to
    /// `<out_dir>/<name>.png` (the README's picture of the page).
    pub fn page_shot(&mut self, name: &str) -> Result<PathBuf, String> {
        if self.kind != Emulator::Rearmed {
            return Err("page shots are PCSX ReARMed's (the web page)".into());
        }
        let path = self.out_dir.join(format!("{name}.png"));
        self.tell(&format!("page {}", path.display()))?;
        self.answer("shot ")?;
        Ok(path)
    }

    /// Mednafen: F9 writes the emulated screen (the console's 15-bit
    /// colours, not the window) to the snaps directory; it is moved to
    /// `<out_dir>/<name>.png` and measured.
    fn mednafen_screenshot(&mut self, name: &str) -> Result<Screenshot, String> {
        let before: Vec<PathBuf> = list_pngs(&self.snaps);
        self.xdotool(&["key", "F9"])?;
        let deadline = Instant::now() + Duration::from_secs(10);
        let shot = loop {
            if let Some(p) = list_pngs(&self.snaps).into_iter().find(|p| !before.contains(p)) {
                // Written whole once the size stops changing.
                let size = fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
                self.idle(Duration::from_millis(200))?;
                if size > 0 && fs::metadata(&p).map(|m| m.len()).unwrap_or(0) == size {
                    break p;
                }
                continue;
            }
            if Instant::now() > deadline {
                return Err("Mednafen wrote no screenshot within 10 s of F9".into());
            }
            self.idle(Duration::from_millis(100))?;
        };
        let path = self.out_dir.join(format!("{name}.png"));
        fs::rename(&shot, &path).map_err(|e| format!("cannot move {}: {e}", shot.display()))?;
        measure_png(path)
    }
}

/// What a PNG screenshot shows (read through ImageMagick as an X dump).
fn measure_png(path: PathBuf) -> Result<Screenshot, String> {
    let out = Command::new("convert")
        .arg(format!("png:{}", path.display()))
        .arg("xwd:-")
        .output()
        .map_err(|e| format!("cannot run convert (Debian package imagemagick): {e}"))?;
    if !out.status.success() {
        return Err(format!("convert could not read {}", path.display()));
    }
    let shot = Screenshot::from_xwd(&out.stdout)?;
    Ok(Screenshot { path, ..shot })
}

impl Session {
    /// Streams TTY lines to stdout until the player closes the emulator.
    pub fn play(mut self) -> Result<PathBuf, String> {
        while let Ok(line) = self.lines.recv() {
            println!("{line}");
            self.log.push(line);
        }
        self.stop()
    }

    /// Asks the emulator to quit (Escape), then kills it and Xvfb, and
    /// writes the TTY log to `<out_dir>/tty.log`.
    pub fn stop(mut self) -> Result<PathBuf, String> {
        self.shutdown();
        while let Ok(line) = self.lines.try_recv() {
            self.log.push(line);
        }
        let path = self.out_dir.join("tty.log");
        let mut text = self.log.join("\n");
        text.push('\n');
        write_file(&path, &text)?;
        if let Some(e) = self.driver_error.take() {
            return Err(format!("the emulator's driver reported: {e}"));
        }
        Ok(path)
    }

    /// Waits up to `within` for the emulator to exit, keeping the lines it
    /// still prints, then kills it: our own child's PID only, never
    /// anything by name.
    fn reap(&mut self, mut emu: Child, within: Duration) {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = emu.try_wait() {
                break;
            }
            while let Ok(line) = self.lines.try_recv() {
                self.log.push(line);
            }
            thread::sleep(Duration::from_millis(50));
        }
        let _ = emu.kill();
        let _ = emu.wait();
    }

    fn shutdown(&mut self) {
        if self.kind == Emulator::Rearmed {
            if let Some(emu) = self.emulator.take() {
                // The driver saves the card (to the browser's storage and
                // to --card) and closes the browser on "quit", or when its
                // command line closes.
                let _ = self.tell("quit");
                self.control = None;
                self.reap(emu, Duration::from_secs(60));
            }
            // What it said last: the card written, or why it stopped.
            if let Some(replies) = self.replies.take() {
                for r in replies.try_iter() {
                    if let Some(e) = r.strip_prefix("error ") {
                        self.driver_error.get_or_insert_with(|| e.to_string());
                    }
                }
            }
        }
        if self.kind == Emulator::Mednafen {
            if let Some(emu) = self.emulator.take() {
                // Mednafen quits cleanly on SIGTERM (writing the memory
                // card); our own child's PID only.
                let _ = Command::new("kill").arg("-TERM").arg(emu.id().to_string()).status();
                self.reap(emu, Duration::from_secs(10));
            }
            if let Some((written, wanted)) = self.card_out.take() {
                if written.exists() {
                    let _ = fs::copy(&written, &wanted);
                }
            }
        }
        if let Some(emu) = self.emulator.take() {
            let _ = self.xdotool(&["key", "Escape"]);
            self.reap(emu, Duration::from_secs(3));
        }
        if let Some(x) = self.xvfb.take() {
            stop_xvfb(x);
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// What a screenshot shows, in numbers a test can check.
#[derive(Clone, Debug)]
pub struct Screenshot {
    /// The PNG written.
    pub path: PathBuf,
    /// Width and height.
    pub size: (u32, u32),
    /// Share of pixels that differ from the most common colour (the
    /// background): 0 means a blank screen.
    pub foreground: f64,
    /// Number of distinct colours (capped at 4096).
    pub colours: usize,
}

impl Screenshot {
    /// Measures an XWD dump (ZPixmap, 32 bits per pixel as Xvfb writes it,
    /// or 24 as ImageMagick writes a PNG).
    pub fn from_xwd(data: &[u8]) -> Result<Screenshot, String> {
        let be = |i: usize| -> Result<u32, String> {
            data.get(i * 4..i * 4 + 4)
                .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
                .ok_or_else(|| "xwd dump too short".to_string())
        };
        let header_size = be(0)? as usize;
        let (format, width, height) = (be(2)?, be(4)?, be(5)?);
        let bits_per_pixel = be(11)?;
        let bytes_per_line = be(12)? as usize;
        let ncolors = be(19)? as usize;
        if format != 2 || (bits_per_pixel != 32 && bits_per_pixel != 24) {
            return Err(format!("unsupported xwd dump (format {format}, {bits_per_pixel} bpp)"));
        }
        let bytes_per_pixel = bits_per_pixel as usize / 8;
        let pixels_at = header_size + ncolors * 12;
        let mut counts = std::collections::HashMap::new();
        for y in 0..height as usize {
            let row = data
                .get(pixels_at + y * bytes_per_line..pixels_at + y * bytes_per_line + width as usize * bytes_per_pixel)
                .ok_or("xwd dump truncated")?;
            for px in row.chunks_exact(bytes_per_pixel) {
                let rgb = u32::from_le_bytes([px[0], px[1], px[2], 0]);
                *counts.entry(rgb).or_insert(0u64) += 1;
            }
        }
        let total = u64::from(width) * u64::from(height);
        let background = counts.values().copied().max().unwrap_or(0);
        Ok(Screenshot {
            path: PathBuf::new(),
            size: (width, height),
            foreground: if total == 0 { 0.0 } else { (total - background) as f64 / total as f64 },
            colours: counts.len().min(4096),
        })
    }

    /// True when the screen shows something beyond one flat colour.
    pub fn is_blank(&self) -> bool {
        self.foreground < 0.001
    }
}

/// The PNG files in a directory.
fn list_pngs(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "png")).collect()
        })
        .unwrap_or_default()
}

/// Reads a whole file to a string with a one-line error.
pub fn read_text(path: &Path) -> Result<String, String> {
    let mut s = String::new();
    fs::File::open(path)
        .and_then(|mut f| f.read_to_string(&mut s))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(s)
}

/// The hints' latency in a log: the `frames=` of every `AFTK HINT` line
/// (from the frame whose update took Square to the frame that draws the
/// hint, both counted). Fails if there is none, if one took more than
/// `worst` frames, or if their median (the lower middle one) is over
/// `median`.
pub fn check_hint_latency(log: &[String], worst: u64, median: Option<u64>) -> Result<(), String> {
    let mut frames = Vec::new();
    for l in log.iter().filter(|l| l.starts_with("AFTK HINT ")) {
        let f = l
            .split_whitespace()
            .find_map(|w| w.strip_prefix("frames="))
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| format!("no frames= in {l:?}"))?;
        if f > worst {
            return Err(format!("a hint took {f} frames (at most {worst} allowed): {l}"));
        }
        frames.push(f);
    }
    if frames.is_empty() {
        return Err("no AFTK HINT line to time".into());
    }
    frames.sort_unstable();
    let m = frames[(frames.len() - 1) / 2];
    match median {
        Some(most) if m > most => {
            Err(format!("the hints' median is {m} frames (at most {most} allowed), over {} hints", frames.len()))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An XWD dump as Xvfb writes one: 100-byte header (25 big-endian
    /// words), no colormap entries, 32-bit ZPixmap rows.
    fn xwd(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
        let mut header = [0u32; 25];
        header[0] = 100;
        header[1] = 7;
        header[2] = 2;
        header[4] = width;
        header[5] = height;
        header[11] = 32;
        header[12] = width * 4;
        let mut out: Vec<u8> = header.iter().flat_map(|w| w.to_be_bytes()).collect();
        for y in 0..height {
            for x in 0..width {
                out.extend_from_slice(&pixel(x, y));
            }
        }
        out
    }

    #[test]
    fn a_flat_screen_is_blank() {
        let shot = Screenshot::from_xwd(&xwd(64, 48, |_, _| [0, 0, 0, 0])).unwrap();
        assert!(shot.is_blank());
        assert_eq!(shot.colours, 1);
        assert_eq!(shot.size, (64, 48));
    }

    #[test]
    fn text_on_a_background_is_not_blank() {
        let shot =
            Screenshot::from_xwd(&xwd(64, 48, |x, y| if x < 8 && y < 8 { [255, 255, 255, 0] } else { [0, 0, 0, 0] }))
                .unwrap();
        assert!(!shot.is_blank());
        assert_eq!(shot.colours, 2);
        assert!((shot.foreground - 64.0 / (64.0 * 48.0)).abs() < 1e-9);
    }

    #[test]
    fn truncated_or_foreign_dumps_are_errors_not_panics() {
        let full = xwd(8, 8, |_, _| [1, 2, 3, 0]);
        for cut in [0, 10, 99, 100, 150] {
            assert!(Screenshot::from_xwd(&full[..cut]).is_err(), "cut at {cut}");
        }
        let mut eight_bit = full.clone();
        eight_bit[44..48].copy_from_slice(&8u32.to_be_bytes());
        assert!(Screenshot::from_xwd(&eight_bit).is_err());
    }

    #[test]
    fn every_pad_button_but_the_sticks_has_a_key() {
        let names: Vec<_> = buttons().collect();
        assert_eq!(names.len(), 14);
        assert_eq!(key_for("cross"), Some("z"));
        assert_eq!(key_for("START"), Some("v"));
        assert_eq!(key_for("l3"), None);
    }

    #[test]
    fn the_console_s_frame_is_reckoned_from_its_ticks_at_their_speed() {
        let t0 = Instant::now();
        // The first tick: 60 frames a second assumed.
        let a = Tick::next(None, 30, t0);
        assert_eq!(a.frame_at(t0), 30);
        assert_eq!(a.frame_at(t0 + Duration::from_millis(250)), 45);
        // Never past the next tick, however long it is in coming.
        assert_eq!(a.frame_at(t0 + Duration::from_secs(10)), 60);
        // A loaded machine: 30 frames took a second, so half a second of
        // the clock is 15 frames, not 30.
        let b = Tick::next(Some(&a), 60, t0 + Duration::from_secs(1));
        assert_eq!(b.frame_at(t0 + Duration::from_millis(1500)), 75);
        // A wait of 5 s is 300 frames, whatever the clock says.
        assert_eq!(frames_in(Duration::from_secs(5)), 300);
        assert_eq!(frames_in(Duration::from_millis(100)), 6);
    }

    #[test]
    fn hint_latency_is_held_to_its_worst_and_its_median() {
        let log = |frames: &[u64]| -> Vec<String> {
            let mut v = vec!["AFTK NEW game=farewell seed=1".to_string()];
            v.extend(frames.iter().map(|f| format!("AFTK HINT us=100 frames={f} steps=1 step_us=100")));
            v
        };
        assert!(check_hint_latency(&log(&[2, 2, 40, 60]), 60, Some(10)).is_ok());
        let e = check_hint_latency(&log(&[2, 61]), 60, None).unwrap_err();
        assert!(e.contains("61 frames"), "{e}");
        // The lower middle of 2, 2, 40, 60 is 2; of 2, 40, 40, 60 it is 40.
        let e = check_hint_latency(&log(&[2, 40, 40, 60]), 60, Some(10)).unwrap_err();
        assert!(e.contains("median is 40"), "{e}");
        assert!(check_hint_latency(&log(&[]), 60, None).unwrap_err().contains("no AFTK HINT"));
        assert!(check_hint_latency(&["AFTK HINT us=1".to_string()], 60, None).is_err(), "no frames=");
    }
}
