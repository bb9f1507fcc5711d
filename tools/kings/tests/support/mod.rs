//! `kings GAME ...` as a user runs it, for each game's test file: the
//! binary, its output, its exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `kings` for one game: `Kings("albert").ok(&["deal", "1"])`.
pub struct Kings(pub &'static str);

impl Kings {
    /// Runs `kings GAME ARGS...`.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_kings")).arg(self.0).args(args).output().unwrap()
    }

    /// Runs `kings GAME ARGS...` with `input` on stdin.
    pub fn run_stdin(&self, args: &[&str], input: &str) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kings"))
            .arg(self.0)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    }

    /// Runs `kings GAME ARGS...`, which must succeed quietly; its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(o.stderr.is_empty());
        String::from_utf8(o.stdout).unwrap()
    }
}

/// Exit 2, nothing on stdout, one line on stderr; the line.
pub fn bad(o: Output, what: &str) -> String {
    assert_eq!(o.status.code(), Some(2), "{what}");
    assert!(o.stdout.is_empty(), "{what}");
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{what}: {e}");
    assert!(e.ends_with('\n') && e.starts_with("kings: "), "{what}: {e}");
    e
}
