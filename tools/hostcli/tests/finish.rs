//! `finish` and the helpers, against writers that fail the way a full disk
//! and a closed pipe do.

use hostcli::{args_from, error_line, finish_to, number, quoted, FAILURE};
use std::io::{self, Write};

/// A writer that fails every write with this error kind.
struct Failing(io::ErrorKind);

impl Write for Failing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(self.0, "refused"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn output_is_written_whole_and_exits_0() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(finish_to("aftk", Ok("a\nb\n".into()), &mut out, &mut err), 0);
    assert_eq!(out, b"a\nb\n");
    assert!(err.is_empty());
}

#[test]
fn a_full_disk_is_one_line_and_exit_2() {
    let mut err = Vec::new();
    let code = finish_to("aftk", Ok("x\n".into()), &mut Failing(io::ErrorKind::StorageFull), &mut err);
    assert_eq!(code, FAILURE);
    let e = String::from_utf8(err).unwrap();
    assert!(e.starts_with("aftk: cannot write the output: "), "{e}");
    assert_eq!(e.lines().count(), 1);
}

#[test]
fn a_closed_pipe_stops_quietly() {
    let mut err = Vec::new();
    let code = finish_to("aftk", Ok("x\n".into()), &mut Failing(io::ErrorKind::BrokenPipe), &mut err);
    assert_eq!(code, 0);
    assert!(err.is_empty());
}

#[test]
fn an_error_is_one_line_even_with_a_newline_inside() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(finish_to("kings", Err("bad\nthing".into()), &mut out, &mut err), FAILURE);
    assert!(out.is_empty());
    assert_eq!(String::from_utf8(err).unwrap(), "kings: bad\\nthing\n");
    assert_eq!(error_line("mcd", "x\r\ny"), "mcd: x\\r\\ny\n");
}

#[test]
fn paths_are_quoted_and_escaped() {
    assert_eq!(quoted("no\nsuch"), "\"no\\nsuch\"");
    assert_eq!(quoted("/tmp/p.txt"), "\"/tmp/p.txt\"");
    assert!(!quoted("a\tb\"c").contains(['\t', '\n']));
}

#[test]
fn numbers_have_no_sign_and_no_leading_zero() {
    assert_eq!(number("0"), Some(0));
    assert_eq!(number("5"), Some(5));
    assert_eq!(number("4294967296"), Some(4_294_967_296));
    for bad in ["+5", "-5", "05", "00", "", " 5", "5 ", "5.0", "0x5", "99999999999999999999999"] {
        assert_eq!(number(bad), None, "{bad:?}");
    }
}

#[test]
fn arguments_must_be_utf8() {
    use std::os::unix::ffi::OsStringExt;
    assert_eq!(args_from(["a".into(), "b".into()]), Ok(vec!["a".to_string(), "b".to_string()]));
    let bad = std::ffi::OsString::from_vec(vec![b'x', 0xFF]);
    let e = args_from(["ok".into(), bad]).unwrap_err();
    assert!(e.starts_with("argument 2 is not UTF-8"), "{e}");
}

#[test]
fn wilson_interval_matches_known_values() {
    // 50 of 100: 40.4% to 59.6% (the textbook Wilson interval).
    let (lo, hi) = hostcli::wilson(50, 100);
    assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
    // None won: the lower bound is 0, the upper above it.
    let (lo, hi) = hostcli::wilson(0, 1000);
    assert!(lo.abs() < 1e-12 && hi > 0.0 && hi < 0.005, "{lo} {hi}");
    assert_eq!(hostcli::wilson(0, 0), (0.0, 0.0));
}

#[test]
fn read_input_refuses_more_than_the_limit_and_names_the_input() {
    let dir = std::env::temp_dir().join(format!("hostcli-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p.txt");
    std::fs::write(&path, "x".repeat(100)).unwrap();
    let p = path.to_str().unwrap();
    let what = hostcli::POSITION_WHAT;
    assert_eq!(hostcli::read_input(p, 100, what).unwrap().len(), 100);
    let e = hostcli::read_input(p, 99, what).unwrap_err();
    assert!(e.starts_with(&format!("{p:?}: more than ")), "{e}");
    assert_eq!(
        hostcli::read_input("/dev/zero", hostcli::POSITION_LIMIT, what).unwrap_err(),
        "\"/dev/zero\": more than 64 KiB, far more than a position: refused"
    );
    let e = hostcli::read_input("/no/such/file", 10, what).unwrap_err();
    assert!(e.starts_with("cannot read \"/no/such/file\": "), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 45, item 2: what a terminal shows as nothing or as a plain space
/// is escaped in an error line, as a line break is.
#[test]
fn an_error_line_escapes_invisible_characters() {
    let line = error_line("kings", "\"A\u{a0}c\u{200b}\u{2002}\u{3000}\u{feff}\u{202e}\u{7f}\" is not a card\u{2028}x");
    assert_eq!(
        line,
        "kings: \"A\\u{a0}c\\u{200b}\\u{2002}\\u{3000}\\u{feff}\\u{202e}\\u{7f}\" is not a card\\u{2028}x\n"
    );
    // What can be seen stays as it is.
    assert_eq!(error_line("mcd", "é … ＡＢＣ 9h\t"), "mcd: é … ＡＢＣ 9h\t\n");
}

/// Issue 45, item 6: the shared reader of command lines.
#[test]
fn args_take_options_in_either_case_once_with_ranges() {
    use hostcli::{number_in, token, Args};
    let words: Vec<String> = ["5", "--GAMES", "10", "-", "--No-Auto", "x"].map(String::from).to_vec();
    let mut a = Args::new(&words);
    assert_eq!(a.number("--games", 1, 20), Ok(Some(10)));
    assert_eq!(a.flag("--no-auto"), Ok(true));
    assert_eq!(a.flag("--easy"), Ok(false));
    assert_eq!(a.operands("t").unwrap(), ["5", "-", "x"]);
    let twice: Vec<String> = ["--games", "1", "--Games", "2"].map(String::from).to_vec();
    assert_eq!(Args::new(&twice).number("--games", 1, 9), Err("--games given twice".into()));
    let bare: Vec<String> = vec!["--games".into()];
    assert_eq!(Args::new(&bare).number("--games", 1, 9), Err("--games needs a number from 1 to 9".into()));
    let unknown: Vec<String> = ["1", "-x"].map(String::from).to_vec();
    assert_eq!(
        Args::new(&unknown).operands("kings albert deal"),
        Err("unknown option \"-x\" for kings albert deal".into())
    );
    // A negative number is no option: it is refused where it stands.
    let negative: Vec<String> = vec!["-1".into()];
    assert_eq!(Args::new(&negative).operands("t").unwrap(), ["-1"]);
    assert_eq!(number_in("--games", "0", 1, 9), Err("--games: expected a number from 1 to 9, found \"0\"".into()));
    assert_eq!(number_in("--games", "+5", 1, 9), Err("--games: expected a number from 1 to 9, found \"+5\"".into()));
    assert_eq!(number_in("--games", "9", 1, 9), Ok(9));
    assert_eq!(token(&"x".repeat(50)), format!("\"{}\"…", "x".repeat(40)));
}

/// Issue 45, item 6: a position's refusal names the input, the line and
/// the field (the line's key) unless the message names it already.
#[test]
fn a_position_refusal_names_the_input_the_line_and_the_field() {
    use hostcli::position_refusal;
    let text = "game: albert\nfoundations: - - Ad Zz\nt1: 9h 9h\n";
    assert_eq!(
        position_refusal("-", text, 2, "\"Zz\" is not a card"),
        "stdin: line 2: foundations: \"Zz\" is not a card"
    );
    assert_eq!(position_refusal("a/b.pos", text, 3, "t1: 9h twice"), "\"a/b.pos\": line 3: t1: 9h twice");
    assert_eq!(position_refusal("p", text, 0, "2 card(s) missing"), "\"p\": 2 card(s) missing");
}
