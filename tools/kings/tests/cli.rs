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

/// Runs `kings ARGS` with `input` on stdin.
fn kings_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kings"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command may refuse before it reads: a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// A folder of its own for one test's files.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("kings-cli").join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Issue 45, item 1: a path in a message is whole, never cut to 40
/// characters (two files of one long folder read apart).
#[test]
fn paths_in_messages_are_whole() {
    let dir = folder("a_rather_long_directory_name_that_goes_on_and_on");
    let deal = ok(kings(&["albert", "deal", "1"]), "deal");
    let bad_pos = dir.join("bad.pos");
    std::fs::write(&bad_pos, deal.replace("game: albert", "game: albert\nfoo: 1")).unwrap();
    for game in ["albert", "kingdoms", "corners", "farewell"] {
        for cmd in ["legal", "play"] {
            let missing = dir.join("nonexistent.pos");
            let e = bad(kings(&[game, cmd, missing.to_str().unwrap()]), game);
            assert!(e.contains(&format!("cannot read {missing:?}: ")), "{e}");
            assert!(!e.contains('…'), "{e}");
        }
    }
    let e = bad(kings(&["albert", "legal", bad_pos.to_str().unwrap()]), "bad");
    assert!(e.starts_with(&format!("kings: {bad_pos:?}: line 2: ")), "{e}");
}

/// Issue 45, item 2: characters that show as nothing or as a plain space
/// are escaped in messages, as control characters are.
#[test]
fn invisible_characters_in_a_position_are_escaped() {
    let deal = ok(kings(&["albert", "deal", "1"]), "deal");
    let fw = ok(kings(&["farewell", "deal", "1"]), "deal");
    for (ch, shown) in [
        ('\u{a0}', "\\u{a0}"),
        ('\u{200b}', "\\u{200b}"),
        ('\u{2002}', "\\u{2002}"),
        ('\u{3000}', "\\u{3000}"),
        ('\u{feff}', "\\u{feff}"),
        ('\u{202e}', "\\u{202e}"),
        ('\u{1}', "\\u{1}"),
    ] {
        // King Albert: a foundation card with the character inside.
        let text = deal.replace("foundations: - - Ad Ac", &format!("foundations: - - Ad A{ch}c"));
        let e = bad(kings_stdin(&["albert", "legal", "-"], &text), shown);
        assert!(e.contains(&format!("\"A{shown}c\" is not a card")), "{e}");
        assert!(!e.contains(ch), "{e:?}");
        // A Farewell to Kings: in a key.
        let text = fw.replacen("grid:", &format!("gr{ch}id:"), 1);
        let e = bad(kings_stdin(&["farewell", "legal", "-"], &text), shown);
        assert!(e.contains(shown) && !e.contains(ch), "{e:?}");
    }
}

/// Issue 45, item 6: the words of the command line in either case, `help`
/// and `--help` everywhere, unknown options refused as such.
#[test]
fn command_words_options_and_help_in_either_case() {
    let deal = ok(kings(&["albert", "deal", "1", "--start-rank", "a", "--no-auto"]), "deal");
    assert_eq!(ok(kings(&["ALBERT", "DEAL", "1", "--START-RANK", "A", "--No-Auto"]), "DEAL"), deal);
    assert_eq!(ok(kings(&["kingdoms", "Deal", "3"]), "Deal"), ok(kings(&["kingdoms", "deal", "3"]), "deal"));
    let u = ok(kings(&["albert", "deal", "--help"]), "--help");
    assert_eq!(ok(kings(&["albert", "deal", "--HELP"]), "--HELP"), u);
    assert_eq!(ok(kings(&["albert", "help", "deal"]), "help deal"), u);
    assert_eq!(ok(kings(&["albert", "HELP"]), "HELP"), ok(kings(&["albert", "--help"]), "--help"));
    assert_eq!(ok(kings(&["HELP"]), "HELP"), ok(kings(&["--help"]), "--help"));
    assert_eq!(ok(kings(&["help", "albert"]), "help albert"), ok(kings(&["albert", "help"]), "albert help"));
    assert_eq!(
        ok(kings(&["farewell", "help", "deal"]), "farewell help deal"),
        ok(kings(&["farewell", "deal", "-h"]), "-h")
    );
    // `-x` is an option like `--frobnicate`, and unknown.
    for opt in ["-x", "--frobnicate"] {
        let e = bad(kings(&["albert", "deal", "1", opt]), opt);
        assert_eq!(e, format!("kings: unknown option \"{opt}\" for albert deal\n"));
    }
    let e = bad(kings(&["farewell", "deal", "1", "-x"]), "farewell -x");
    assert_eq!(e, "kings: unknown option \"-x\" for kings farewell deal\n");
    // A game option with a position file is named as such.
    let e = bad(kings(&["albert", "play", "-", "--NO-AUTO"]), "--NO-AUTO");
    assert!(e.contains("\"--NO-AUTO\": game options go with --seed"), "{e}");
}

/// Issue 45, item 6: a number out of its range says the range, zero
/// counts included.
#[test]
fn numbers_out_of_range_say_the_range() {
    for (args, want) in [
        (
            &["albert", "stats", "--games", "4294967296"][..],
            "--games: expected a number from 1 to 4294967295, found \"4294967296\"",
        ),
        (
            &["albert", "solve", "1", "--budget", "99999999999999999999"],
            "--budget: expected a number from 0 to 4294967295, found \"99999999999999999999\"",
        ),
        (&["corners", "stats", "--games", "0"], "--games: expected a number from 1 to 4294967295, found \"0\""),
        (&["kingdoms", "winnable", "--count", "0"], "--count: expected a number from 1 to 4294967295, found \"0\""),
        (
            &["albert", "winnable", "--count", "1", "--tries", "0"],
            "--tries: expected a number from 1 to 4294967295, found \"0\"",
        ),
        (
            &["albert", "stats", "--games", "1", "--first", "-1"],
            "--first: expected a number from 0 to 4294967295, found \"-1\"",
        ),
        (&["farewell", "stats", "--games", "0"], "--games: expected a number from 1 to 4294967295, found \"0\""),
        (&["farewell", "winnable", "--count", "0"], "--count: expected a number from 1 to 4294967295, found \"0\""),
        (&["albert", "stats", "--games"], "--games needs a number from 1 to 4294967295"),
    ] {
        assert_eq!(bad(kings(args), want), format!("kings: {want}\n"));
    }
}

/// Issue 45, item 6: empty or closed input, and the wording of refusals:
/// each names the input, the line and the field, in one style for every
/// game.
#[test]
fn refusals_name_the_input_the_line_and_the_field_in_one_style() {
    for game in ["albert", "kingdoms", "corners", "farewell"] {
        let e = bad(kings_stdin(&[game, "legal", "-"], ""), game);
        assert_eq!(e, "kings: stdin: empty: no position\n");
        let e = bad(kings_stdin(&[game, "play", "-"], "# a comment\n\n"), game);
        assert_eq!(e, "kings: stdin: only blank lines and comments: no position\n");
        let e = bad(kings_sh(&[game, "legal", "-"], "<&-"), game);
        assert_eq!(e, "kings: cannot read stdin: it is closed\n");
    }
    // `key: value` quoted alike by every game that reads `key: value` lines.
    for game in ["albert", "kingdoms", "farewell"] {
        let e = bad(kings_stdin(&[game, "legal", "-"], "foo\n"), game);
        assert_eq!(e, "kings: stdin: line 1: expected `key: value`, found \"foo\"\n", "{game}");
    }
    // A Farewell to Kings without its grid line.
    let e = bad(kings_stdin(&["farewell", "legal", "-"], "easy: no\n"), "no grid");
    assert_eq!(e, "kings: stdin: grid: is missing\n");
    // The field: the key of the line at fault.
    let deal = ok(kings(&["albert", "deal", "1"]), "deal");
    let e = bad(kings_stdin(&["albert", "legal", "-"], &deal.replace("Ad Ac", "Ad Zz")), "Zz");
    assert_eq!(e, "kings: stdin: line 12: foundations: \"Zz\" is not a card\n");
    // One card below a run: "1 card lies".
    let one_below = deal.replace("t1:\n", "t1: 6c Th\n").replace("t2: Th 6c\n", "t2:\n");
    let e = bad(kings_stdin(&["albert", "legal", "-"], &one_below), "t1");
    assert!(e.contains("line 2: t1: 1 card lies below the ordered run"), "{e}");
}

/// Issue 45, item 7: the usage of a command that reads a position gives
/// its limit.
#[test]
fn usage_texts_give_the_64_kib_limit() {
    for game in ["albert", "kingdoms", "corners", "farewell"] {
        for cmd in ["legal", "play"] {
            let u = ok(kings(&[game, cmd, "--help"]), cmd);
            assert!(u.contains("FILE: a position of at most 64 KiB, - for stdin"), "{u}");
        }
    }
    assert!(ok(kings(&["--help"]), "help").contains("at most 64 KiB"));
    assert!(ok(kings(&["farewell", "--help"]), "help").contains("at most 64 KiB"));
}

/// Each game's `stats` usage names what it accepts: `--strength` with the
/// game's own strengths where it has a sampling player, `hint` and
/// `--ponder-frames` where its hint is simulated; a `--strength` for a game
/// with one strength is refused, not ignored.
#[test]
fn stats_usage_lines_name_the_strengths_and_the_hint_each_game_has() {
    let usage = |game: &str| ok(kings(&[game, "stats", "--help"]), game);
    let corners = usage("corners");
    assert!(corners.contains("[--strength plain|console|judge|expect|strong|SAMPLESxNODES]"), "{corners}");
    assert!(corners.contains("[--player solver|fair|hint] [--ponder-frames W]"), "{corners}");
    let kingdoms = usage("kingdoms");
    assert!(kingdoms.contains("[--strength plain|console|console-furthest|strong|SAMPLESxNODES]"), "{kingdoms}");
    let albert = usage("albert");
    assert!(!albert.contains("--strength"), "{albert}");
    assert!(albert.contains("[--player solver|fair|hint] [--ponder-frames W]"), "{albert}");
    let refused = bad(kings(&["albert", "stats", "--games", "1", "--strength", "2x10"]), "albert --strength");
    assert_eq!(refused, "kings: --strength: albert has no sampling player (its fair player has one strength)\n");
}
