//! `mkcd --exe FILE --out IMAGE.bin [--license FILE]`: writes a bootable
//! PS1 disc image and its `.cue` sheet beside it, and prints both paths.
//! Bad input: one line on stderr, exit status 2.

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: mkcd --exe FILE.exe --out IMAGE.bin [--license LICENSE.dat]";

fn run(args: &[String]) -> Result<String, String> {
    let (mut exe, mut out, mut license) = (None, None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--exe" => exe = Some(PathBuf::from(value()?)),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--license" => license = Some(PathBuf::from(value()?)),
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other:?}; {USAGE}")),
        }
    }
    let exe = exe.ok_or(format!("missing --exe; {USAGE}"))?;
    let out = out.ok_or(format!("missing --out; {USAGE}"))?;
    let exe_bytes = std::fs::read(&exe).map_err(|e| format!("cannot read {}: {e}", exe.display()))?;
    let license_bytes = match &license {
        Some(p) => Some(std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?),
        None => None,
    };
    if license_bytes.is_none() {
        eprintln!("mkcd: {}", mkcd::NO_LICENSE_WARNING);
    }
    let image = mkcd::build(&exe_bytes, license_bytes.as_deref()).map_err(|e| format!("{}: {e}", exe.display()))?;
    std::fs::write(&out, &image).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let cue_path = out.with_extension("cue");
    let bin_name = out.file_name().and_then(|n| n.to_str()).ok_or("the output needs a file name")?;
    std::fs::write(&cue_path, mkcd::cue(bin_name)).map_err(|e| format!("cannot write {}: {e}", cue_path.display()))?;
    Ok(format!("{}\n{}\n", out.display(), cue_path.display()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(s) => {
            print!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mkcd: {e}");
            ExitCode::from(2)
        }
    }
}
