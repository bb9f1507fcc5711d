//! `kings farewell ...`: A Farewell to Kings, exactly `aftk ...`
//! (tools/aftk, the game's own command, older than the collection).

/// `kings farewell ARGS...`.
pub fn run(args: &[String]) -> std::process::ExitCode {
    hostcli::finish("kings", aftk::run_as("kings farewell", args))
}
