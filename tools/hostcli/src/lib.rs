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
//!
//! The command line, the same in every command (docs/rules/collection.md,
//! "The command line"), is read by [`Args`] and the helpers next to it:
//! command words, option names and named values in either case
//! ([`is_word`]); `help` as the command, `--help` or `-h` after it
//! ([`is_help`], [`asks_help`]); `-` for stdin ([`input_name`],
//! [`read_input`]); numbers with their range in the refusal
//! ([`number_in`]); a user's word quoted and escaped in a message
//! ([`token`]), a path whole ([`quoted`]).

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

/// A path as it goes into a message, whole: Debug-quoted, so a newline, a
/// tab or a quote inside it is escaped and the message stays one line
/// (`"no\nsuch"`); [`error_line`] escapes what Debug leaves invisible.
pub fn quoted(path: impl AsRef<Path>) -> String {
    format!("{:?}", path.as_ref())
}

/// How messages name an input: `stdin` for `-`, else the whole path
/// [`quoted`].
pub fn input_name(path: &str) -> String {
    if path == "-" {
        "stdin".to_string()
    } else {
        quoted(path)
    }
}

/// Longest user word a message quotes whole (a path is always whole).
pub const TOKEN_LIMIT: usize = 40;

/// A word of the command line as it goes into a message: quoted and
/// escaped as [`quoted`] does, cut after [`TOKEN_LIMIT`] characters with
/// `…` after the quotes (`"frobnicate"`).
pub fn token(word: &str) -> String {
    match word.char_indices().nth(TOKEN_LIMIT) {
        Some((i, _)) => format!("{:?}…", &word[..i]),
        None => format!("{word:?}"),
    }
}

/// True when `word` is `name` in either case (command words, option names
/// and named values are read so: `DEAL`, `--START-RANK`, `Centre`).
pub fn is_word(word: &str, name: &str) -> bool {
    word.eq_ignore_ascii_case(name)
}

/// True for the words that ask for help in the command's place: `help`,
/// `--help`, `-h` (either case).
pub fn is_help(word: &str) -> bool {
    is_word(word, "help") || asks_help(word)
}

/// True for `--help` and `-h` (either case): after a command, its usage.
/// (A file named `--help` is read as `./--help`.)
pub fn asks_help(word: &str) -> bool {
    is_word(word, "--help") || is_word(word, "-h")
}

/// True for an option: a word starting with `-`, except `-` alone (stdin)
/// and a negative number (`-1`: refused where it stands, as no number).
pub fn is_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-') && !word.as_bytes()[1].is_ascii_digit()
}

/// A number in `min..=max` ([`number`]'s notation); the refusal names
/// `what` and gives the range: `--games: expected a number from 1 to
/// 4294967295, found "0"`.
pub fn number_in(what: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    number(text)
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("{what}: expected a number from {min} to {max}, found {}", token(text)))
}

/// The words of a command after its name, with options taken out by name
/// (in either case, anywhere among the words, each at most once); what is
/// left are the operands, in order. [`Args::operands`] refuses an option
/// no one took.
#[derive(Clone, Debug)]
pub struct Args {
    words: Vec<String>,
}

impl Args {
    /// The words to read.
    pub fn new(words: &[String]) -> Args {
        Args { words: words.to_vec() }
    }

    /// The place of option `name`, refusing it twice.
    fn find(&self, name: &str) -> Result<Option<usize>, String> {
        let mut at = self.words.iter().enumerate().filter(|(_, w)| is_word(w, name)).map(|(i, _)| i);
        match (at.next(), at.next()) {
            (Some(_), Some(_)) => Err(format!("{name} given twice")),
            (first, _) => Ok(first),
        }
    }

    /// Takes `name VALUE` out; `None` when `name` is not there. Refused:
    /// `name` twice, or with nothing after it (`{name} needs {what}`).
    pub fn value(&mut self, name: &str, what: &str) -> Result<Option<String>, String> {
        let Some(i) = self.find(name)? else { return Ok(None) };
        if i + 1 >= self.words.len() {
            return Err(format!("{name} needs {what}"));
        }
        let value = self.words.remove(i + 1);
        self.words.remove(i);
        Ok(Some(value))
    }

    /// Takes the flag `name` out: whether it was there (refused twice).
    pub fn flag(&mut self, name: &str) -> Result<bool, String> {
        let Some(i) = self.find(name)? else { return Ok(false) };
        self.words.remove(i);
        Ok(true)
    }

    /// Takes `name N` out, N in `min..=max` ([`number_in`]).
    pub fn number(&mut self, name: &str, min: u64, max: u64) -> Result<Option<u64>, String> {
        let what = format!("a number from {min} to {max}");
        self.value(name, &what)?.map(|v| number_in(name, &v, min, max)).transpose()
    }

    /// The first option no one has taken yet.
    pub fn first_option(&self) -> Option<&str> {
        self.words.iter().map(String::as_str).find(|w| is_option(w))
    }

    /// How many words are left.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// True when no word is left.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words left, in order; an option among them is refused as
    /// unknown to `command` (`unknown option "-x" for kings albert deal`).
    pub fn operands(self, command: &str) -> Result<Vec<String>, String> {
        match self.words.iter().find(|w| is_option(w)) {
            Some(w) => Err(format!("unknown option {} for {command}", token(w))),
            None => Ok(self.words),
        }
    }
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
/// break escaped, and every character a reader cannot see escaped as
/// `\u{..}` (see [`invisible`]), as control characters are: `"Ac\u{a0}"
/// is not a card`, never a no-break space that reads as a space.
pub fn error_line(program: &str, message: &str) -> String {
    let mut line = format!("{program}: ");
    for ch in message.chars() {
        match ch {
            '\n' => line.push_str("\\n"),
            '\r' => line.push_str("\\r"),
            c if invisible(c) => line.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => line.push(c),
        }
    }
    line.push('\n');
    line
}

/// True for a character that shows as nothing, or as a plain space, on a
/// terminal: control characters, every blank but the ASCII space (no-break
/// space, U+2002, U+3000, line and paragraph separators), format
/// characters (zero-width space and joiners, direction marks and
/// overrides such as U+202E, the byte-order mark U+FEFF, soft hyphen,
/// tags) and the fillers that draw nothing (Hangul fillers, U+180E,
/// variation selectors).
pub fn invisible(c: char) -> bool {
    (c.is_control() && c != '\t')
        || (c.is_whitespace() && c != ' ' && c != '\t')
        || matches!(
            u32::from(c),
            0xAD | 0x34F
                | 0x61C
                | 0x115F..=0x1160
                | 0x17B4..=0x17B5
                | 0x180B..=0x180F
                | 0x200B..=0x200F
                | 0x202A..=0x202E
                | 0x2060..=0x206F
                | 0x3164
                | 0xFE00..=0xFE0F
                | 0xFEFF
                | 0xFFA0
                | 0xFFF0..=0xFFFB
                | 0xE0000..=0xE0FFF
        )
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
    fd_closed(1)
}

/// True when this process was started with descriptor `fd` (0, 1 or 2)
/// closed (see [`stdout_closed`]).
pub fn fd_closed(fd: u8) -> bool {
    #[cfg(target_os = "linux")]
    {
        if std::fs::read_link(format!("/proc/self/fd/{fd}")).ok().as_deref() != Some(Path::new("/dev/null")) {
            return false;
        }
        let Ok(info) = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")) else { return false };
        // `flags:` in octal; the access mode is its low two bits (2: O_RDWR).
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|f| f & 3 == 2)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = fd;
        false
    }
}

/// Most bytes of a position the commands read: a position is under 2 KB,
/// so 64 KiB leaves room for any comments, and `/dev/zero` or a wrong file
/// is refused at once rather than read until memory runs out.
pub const POSITION_LIMIT: usize = 64 * 1024;

/// What a position input is, for [`read_input`]'s refusal of a larger one.
pub const POSITION_WHAT: &str = "far more than a position";

/// Reads the file at `path`, or stdin for `-`, refusing more than `limit`
/// bytes (`{name}: more than 64 KiB, {what}: refused`); messages call the
/// input [`input_name`]. Errors are one line and name the input; a closed
/// stdin (`<&-`) is said to be closed rather than read as empty.
pub fn read_input(path: &str, limit: usize, what: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let name = input_name(path);
    let reader: Box<dyn Read> = if path == "-" {
        if fd_closed(0) {
            return Err("cannot read stdin: it is closed".into());
        }
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?)
    };
    let mut bytes = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!("{name}: more than {} KiB, {what}: refused", limit / 1024));
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

/// A refused position as one line: the input ([`input_name`]), the line
/// (when the fault is on one) and the field, the line's key, when the
/// message does not already name it: `"deal.pos": line 12: foundations:
/// "Ac\u{a0}" is not a card`. `text` is the position as read, `line` is
/// 1-based (0: the position as a whole).
pub fn position_refusal(path: &str, text: &str, line: usize, message: &str) -> String {
    let name = input_name(path);
    if line == 0 {
        return format!("{name}: {message}");
    }
    let key = text
        .split('\n')
        .nth(line - 1)
        .and_then(|l| l.split_once(':'))
        .map(|(k, _)| k.trim_start_matches('\u{feff}').trim_matches([' ', '\t']))
        .filter(|k| {
            !k.is_empty()
                && k.len() <= 16
                && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                && !message.to_ascii_lowercase().contains(&k.to_ascii_lowercase())
        });
    match key {
        Some(k) => format!("{name}: line {line}: {}: {message}", k.to_ascii_lowercase()),
        None => format!("{name}: line {line}: {message}"),
    }
}

/// A position's text from its bytes: UTF-8, with something in it besides
/// blank lines and `#` comments; else one line naming the input.
pub fn position_text(path: &str, bytes: Vec<u8>) -> Result<String, String> {
    let name = input_name(path);
    let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
    let blank = |l: &str| {
        let l = l.trim_start_matches('\u{feff}').trim_matches([' ', '\t', '\r']);
        l.is_empty() || l.starts_with('#')
    };
    if text.is_empty() {
        return Err(format!("{name}: empty: no position"));
    }
    if text.split('\n').all(blank) {
        return Err(format!("{name}: only blank lines and comments: no position"));
    }
    Ok(text)
}
