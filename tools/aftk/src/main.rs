//! `aftk`: the host command for A Farewell to Kings (see the library).
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    aftk::main_with(&args)
}
