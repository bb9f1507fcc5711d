//! What every game's `kings` commands share, as a user meets it: input
//! size, a closed stdout, `--help`, usage lines, repeated options, the undo
//! limit (issue 24, items 3, 4 and 9).

use std::process::{Command, Output, Stdio};

fn kings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kings")).args(args).output().unwrap()
}

/// Runs `kings ARGS` through `sh`, with `redirect` applied to it.
fn kings_sh(args: &[&str], redirect: &str) -> Output {
    let script = format!("exec \"$0\" \"$@\" {redirect}");
    Command::new("sh").arg("-c").arg(script).arg(env!("CARGO_BIN_EXE_kings")).args(args).output().unwrap()
}

/// Exit 2, nothing on stdout, one line on stderr; the line.
fn bad(o: Output, what: &str) -> String {
    assert_eq!(o.status.code(), Some(2), "{what}: {}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty(), "{what}");
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{what}: {e}");
    assert!(e.ends_with('\n') && e.starts_with("kings: "), "{what}: {e}");
    e
}

fn ok(o: Output, what: &str) -> String {
    assert!(o.status.success(), "{what}: {}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty(), "{what}");
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_position_over_64_kib_or_an_endless_input_is_refused_in_one_line() {
    for game in ["albert", "kingdoms", "corners", "farewell"] {
        let e = bad(kings(&[game, "legal", "/dev/zero"]), game);
        assert!(e.contains("\"/dev/zero\": more than 64 KiB"), "{e}");
        let o = Command::new(env!("CARGO_BIN_EXE_kings"))
            .args([game, "play", "-"])
            .stdin(std::fs::File::open("/dev/zero").unwrap())
            .output()
            .unwrap();
        let e = bad(o, game);
        assert!(e.contains("stdin: more than 64 KiB"), "{e}");
    }
    // A real position padded with comments up to just under the limit is
    // read; one byte more is not.
    let deal = ok(kings(&["albert", "deal", "1"]), "deal");
    let dir = std::env::temp_dir().join(format!("kings-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pad = 64 * 1024 - deal.len();
    let fits = dir.join("fits.txt");
    std::fs::write(&fits, format!("{}\n{deal}", "#".repeat(pad - 1))).unwrap();
    ok(kings(&["albert", "legal", fits.to_str().unwrap()]), "64 KiB");
    let over = dir.join("over.txt");
    std::fs::write(&over, format!("{}\n{deal}", "#".repeat(pad))).unwrap();
    let e = bad(kings(&["albert", "legal", over.to_str().unwrap()]), "64 KiB + 1");
    assert!(e.contains("more than 64 KiB"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_stdout_is_one_line_and_exit_2_a_closed_pipe_stays_quiet() {
    for args in [&["albert", "deal", "1"][..], &["kingdoms", "deal", "1"], &["farewell", "deal", "1"]] {
        let e = bad(kings_sh(args, ">&-"), "closed stdout");
        assert_eq!(e, "kings: cannot write the output: stdout is closed\n");
        // /dev/full: the write fails.
        let e = bad(kings_sh(args, ">/dev/full"), "/dev/full");
        assert!(e.starts_with("kings: cannot write the output: "), "{e}");
        // Discarding the output on purpose is fine.
        let o = kings_sh(args, ">/dev/null");
        assert!(o.status.success() && o.stderr.is_empty());
    }
    // A reader that goes away: quiet, exit 0.
    let mut child = Command::new(env!("CARGO_BIN_EXE_kings"))
        .args(["albert", "stats", "--games", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty());
}

#[test]
fn usage_lines_have_no_trailing_or_double_blanks() {
    for game in ["albert", "kingdoms", "corners"] {
        for cmd in ["deal", "legal", "play", "solve", "stats", "winnable"] {
            let e = bad(kings(&[game, cmd]), cmd);
            let line = e.trim_end_matches('\n');
            assert!(line.starts_with(&format!("kings: usage: kings {game} {cmd}")), "{line}");
            assert!(!line.ends_with(' ') && !line.contains("  "), "{line:?}");
        }
    }
}

#[test]
fn every_command_answers_help_with_its_usage_and_exit_0() {
    for game in ["albert", "kingdoms", "corners"] {
        let all = ok(kings(&[game, "--help"]), game);
        for cmd in ["deal", "legal", "play", "solve", "stats", "winnable"] {
            let u = ok(kings(&[game, cmd, "--help"]), cmd);
            assert!(u.starts_with(&format!("usage: kings {game} {cmd}")) && u.lines().count() == 1, "{u}");
            assert!(all.contains(&u), "{all}");
            assert_eq!(ok(kings(&[game, cmd, "-h"]), cmd), u);
        }
    }
    let u = ok(kings(&["farewell", "deal", "--help"]), "farewell deal");
    assert!(u.starts_with("usage: kings farewell deal SEED"), "{u}");
    assert!(ok(kings(&["farewell", "--help"]), "farewell").contains("aftk deal SEED"));
}

#[test]
fn kings_farewell_with_no_command_points_to_its_own_help() {
    let e = bad(kings(&["farewell"]), "farewell");
    assert_eq!(e, "kings: no command: try kings farewell --help\n");
    let e = bad(kings(&["farewell", "nope"]), "farewell nope");
    assert!(e.contains("try kings farewell --help"), "{e}");
}

#[test]
fn winnable_with_tries_0_is_refused() {
    for game in ["albert", "kingdoms", "corners", "farewell"] {
        let e = bad(kings(&[game, "winnable", "--count", "1", "--tries", "0"]), game);
        assert!(e.contains("--tries: expected a number from 1 to "), "{e}");
    }
}

#[test]
fn an_option_given_twice_is_refused() {
    let e = bad(kings(&["albert", "deal", "7", "--no-auto", "--no-auto"]), "--no-auto twice");
    assert_eq!(e, "kings: --no-auto given twice\n");
    let e = bad(kings(&["albert", "deal", "7", "--start-rank", "A", "--start-rank", "2"]), "twice");
    assert!(e.contains("--start-rank given twice"), "{e}");
    let e = bad(kings(&["kingdoms", "stats", "--games", "1", "--games", "2"]), "twice");
    assert!(e.contains("--games given twice"), "{e}");
    let e = bad(kings(&["albert", "play", "--seed", "1", "--no-auto", "--no-auto"]), "twice");
    assert!(e.contains("--no-auto given twice"), "{e}");
}

#[test]
fn the_undo_past_the_limit_says_the_limit_was_reached() {
    use farewell::games::albert::game::MAX_UNDO;
    use farewell::games::albert::{Game, Options};
    use farewell::games::Patience;
    // Two moves of a deal that come back to where they started: a card
    // out and back.
    let mut found = None;
    for seed in 1..200 {
        let g = Game::deal(seed, Options::default());
        g.for_each_legal(&mut |m1| {
            let mut h = g.clone();
            h.play(m1).unwrap();
            h.for_each_legal(&mut |m2| {
                let mut k = h.clone();
                k.play(m2).unwrap();
                if found.is_none() && k.board() == g.board() {
                    found = Some((seed, m1.to_string(), m2.to_string()));
                }
            });
        });
        if found.is_some() {
            break;
        }
    }
    let (seed, m1, m2) = found.expect("a deal has a move and its way back");
    let seed = seed.to_string();
    let mut args: Vec<String> = vec!["albert".into(), "play".into(), "--seed".into(), seed.clone()];
    for _ in 0..MAX_UNDO {
        args.push(m1.clone());
        args.push(m2.clone());
    }
    let played = args.len() - 4;
    args.extend(std::iter::repeat("undo".to_string()).take(MAX_UNDO));
    let args_ref: Vec<&str> = args.iter().map(String::as_str).collect();
    // MAX_UNDO undos are taken back; the next one is past the limit.
    let out = ok(kings(&args_ref), "MAX_UNDO undos");
    assert!(out.contains("status: playing"), "{out}");
    let mut more = args_ref.clone();
    more.push("undo");
    let e = bad(kings(&more), "one undo more");
    assert_eq!(
        e,
        format!(
            "kings: move {} (undo) is illegal: the undo limit was reached (older moves can no longer be taken back)\n",
            played + MAX_UNDO + 1
        )
    );
    // From the deal itself there is nothing to take back.
    let e = bad(kings(&["albert", "play", "--seed", &seed, "undo"]), "undo at the start");
    assert!(e.ends_with("nothing to take back\n"), "{e}");
}
