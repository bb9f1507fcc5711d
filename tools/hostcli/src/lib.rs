//! What the host commands (`aftk`, `kings`, `mcd`) share at the edge of the
//! process: reading the arguments, writing the output, one-line errors and
//! the exit status.
//!
//! A command works out its whole output as a `String` (or a one-line error)
//! and hands it to [`finish`], which writes it with `write_all`:
//! - everything written: exit status 0;
//! - the reader went away (`aftk deal 1 | head -1`, a closed pipe): stop
//!   quietly, exit status 0, as `cat` or `grep` under a pager would look to
//!   a shell pipeline;
//! - any other failed write (`aftk deal 1 > /dev/full`): one line on stderr,
//!   `aftk: cannot write the output: No space left on device (os error 28)`,
//!   exit status 2;
//! - a closed stdout (`aftk deal 1 >&-`): one line on stderr, `aftk: cannot
//!   write the output: stdout is closed`, exit status 2. (Before `main`, the
//!   Rust runtime puts /dev/null, opened read-write, in place of a closed
//!   stdout, so the write itself would succeed: [`stdout_closed`] spots
//!   that stand-in. A shell's `>/dev/null` opens it write-only and is not
//!   taken for it.)
//! - an error from the command: one line on stderr, `aftk: <message>`, exit
//!   status 2 (a newline inside the message is written as `\n`, so it stays
//!   one line whatever it quotes).
//!
//! Nothing here panics: Rust's `print!` panics when stdout fails, which is
//! why the commands never use it.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// Exit status for bad input, an illegal move or a failed write.
pub const FAILURE: u8 = 2;

/// The arguments after the program name, each as UTF-8; an error naming
/// the first one that is not.
pub fn args() -> Result<Vec<String>, String> {
    args_from(std::env::args_os().skip(1))
}

/// [`args`] from any list (for tests).
pub fn args_from(list: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, String> {
    list.into_iter()
        .enumerate()
        .map(|(i, a)| a.into_string().map_err(|a| format!("argument {} is not UTF-8: {a:?}", i + 1)))
        .collect()
}

/// A path as it goes into a message: Debug-quoted, so a newline, a tab or a
/// quote inside it is escaped and the message stays one line
/// (`"no\nsuch"`).
pub fn quoted(path: impl AsRef<Path>) -> String {
    format!("{:?}", path.as_ref())
}

/// A decimal number with no sign and no leading zero (`0` itself is
/// fine), as the project's notations and options write them: `+5`, `05`,
/// ` 5` and `5.0` are refused rather than read as 5.
pub fn number(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) || (b.len() > 1 && b[0] == b'0') {
        return None;
    }
    text.parse().ok()
}

/// One line for stderr: the program name, then the message with any line
/// break escaped.
pub fn error_line(program: &str, message: &str) -> String {
    let mut line = format!("{program}: ");
    for ch in message.chars() {
        match ch {
            '\n' => line.push_str("\\n"),
            '\r' => line.push_str("\\r"),
            c => line.push(c),
        }
    }
    line.push('\n');
    line
}

/// Writes the result of a command and gives the exit status (see the
/// crate's documentation).
pub fn finish(program: &str, result: Result<String, String>) -> ExitCode {
    let stdout = io::stdout();
    let stderr = io::stderr();
    let result = match result {
        Ok(text) if !text.is_empty() && stdout_closed() => Err("cannot write the output: stdout is closed".into()),
        r => r,
    };
    ExitCode::from(finish_to(program, result, &mut stdout.lock(), &mut stderr.lock()))
}

/// True when this process was started with its stdout closed: the Rust
/// runtime then opens /dev/null read-write in its place before `main`
/// (std's `sanitize_standard_fds`), where a shell's `>/dev/null` opens it
/// write-only. Read from /proc on Linux; elsewhere always false (the output
/// then vanishes as before).
pub fn stdout_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        if std::fs::read_link("/proc/self/fd/1").ok().as_deref() != Some(Path::new("/dev/null")) {
            return false;
        }
        let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else { return false };
        // `flags:` in octal; the access mode is its low two bits (2: O_RDWR).
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|f| f & 3 == 2)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Most bytes of a position the commands read: a position is under 2 KB,
/// so 64 KiB leaves room for any comments, and `/dev/zero` or a wrong file
/// is refused at once rather than read until memory runs out.
pub const POSITION_LIMIT: usize = 64 * 1024;

/// Reads the file at `path`, or stdin for `-`, refusing more than `limit`
/// bytes; `name` is how messages call the input (`stdin`, the path
/// quoted). Errors are one line and name the input.
pub fn read_input(path: &str, name: &str, limit: usize) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let reader: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?)
    };
    let mut bytes = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!("{name}: more than {} KiB, far more than a position: refused", limit / 1024));
    }
    Ok(bytes)
}

/// [`finish`] to any two writers; returns the exit status as a number.
pub fn finish_to(program: &str, result: Result<String, String>, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match result {
        Ok(text) => match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => 0,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Err(e) => {
                // If stderr fails too there is no one left to tell.
                let _ = err.write_all(error_line(program, &format!("cannot write the output: {e}")).as_bytes());
                FAILURE
            }
        },
        Err(message) => {
            let _ = err.write_all(error_line(program, &message).as_bytes());
            FAILURE
        }
    }
}

/// The Wilson score interval at 95% for `won` wins in `n` games, as
/// fractions (the `stats` commands print it).
pub fn wilson(won: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, won as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    (centre - half, centre + half)
}

/// [`wilson`] in percent, for tables.
pub fn wilson_percent(won: u64, n: u64) -> (f64, f64) {
    let (lo, hi) = wilson(won, n);
    (100.0 * lo, 100.0 * hi)
}
