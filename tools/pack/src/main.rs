//! `pack UNPACKER.exe GAME.exe OUT.exe`: writes the packed PS-EXE (see
//! `src/lib.rs`) after checking, with the console's own decoder, that it
//! unpacks to the game byte for byte; prints the sizes. Bad input: one
//! line on stderr, exit status 2.

use std::process::ExitCode;

const USAGE: &str = "usage: pack UNPACKER.exe GAME.exe OUT.exe";

fn run(args: &[String]) -> Result<String, String> {
    let [unpacker, game, out] = args else { return Err(USAGE.into()) };
    let read = |p: &String| std::fs::read(p).map_err(|e| format!("cannot read {p}: {e}"));
    let (u, g) = (read(unpacker)?, read(game)?);
    let packed = pack::pack(&u, &g)?;
    let uh = pack::header(&u, "the unpacker")?;
    let gh = pack::header(&g, "the game")?;
    let (h, body) = pack::unpack_with(&packed, uh.size, |s, o| farewell::lz::unpack(s, o).is_ok())?;
    if body != g[pack::SECTOR..pack::SECTOR + gh.size as usize] || h.entry != gh.entry || h.load != gh.load {
        return Err("the packed file does not unpack to the game (an encoder fault): not written".into());
    }
    std::fs::write(out, &packed).map_err(|e| format!("cannot write {out}: {e}"))?;
    Ok(format!("{out} {} bytes (the game: {} bytes unpacked)", packed.len(), g.len()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("pack: {e}");
            ExitCode::from(2)
        }
    }
}
