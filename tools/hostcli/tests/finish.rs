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
