//! `aftk`: the host command for A Farewell to Kings (see the library).
use std::process::ExitCode;

fn main() -> ExitCode {
    match hostcli::args() {
        Ok(args) => aftk::main_with(&args),
        Err(e) => hostcli::finish("aftk", Err(e)),
    }
}
