//! `logcheck TTY_LOG KINGS`: checks the game's event log against the host
//! command. For every deal in the log (`AFTK NEW`, whose `game=` names the
//! game; none means A Farewell to Kings), the first `AFTK POS` is the
//! opening position; after each `AFTK MOVE m`, the next `AFTK POS` must
//! equal what `kings GAME play <opening> m1 .. mi` prints. The PS1 and the host
//! run the same engine, so any difference is a bug in one of the layers
//! between them (UI, logging, the TTY, the notation).
//!
//! The log itself is checked too: an `AFTK HINT` needs a Square press (an
//! `AFTK PAD` line holding `square`) in its deal since the previous hint,
//! except in the demo's deals (`AFTK DEMO` before their `NEW`), whose hints
//! no one asks for; and a deal whose opening position is already over
//! (`status: won` or `status: lost: ...`) needs its `AFTK END` right after
//! it, as a move that ends a game has.
//!
//! Exit status: 0 when every position agrees, 1 when one does not, 2 on
//! bad input.

use std::process::{Command, ExitCode};

/// One deal as the log tells it.
#[derive(Default)]
struct Deal {
    new_line: String,
    opening: Option<String>,
    steps: Vec<(String, String)>,
}

fn parse(log: &str) -> Result<Vec<Deal>, String> {
    let mut deals: Vec<Deal> = Vec::new();
    let mut pending_move: Option<String> = None;
    // The next NEW is a demo deal; the deal in play is one.
    let (mut demo_next, mut demo) = (false, false);
    // A Square press since the deal's NEW or its last HINT.
    let mut square = false;
    // The opening position was over: its END must come next.
    let mut end_due = false;
    let mut lines = log.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let n = i + 1;
        let ends_wait = line.starts_with("AFTK NEW ") || line.starts_with("AFTK MOVE ");
        if end_due && ends_wait {
            let new_line = deals.last().map_or("", |d| d.new_line.as_str());
            return Err(format!("line {n}: {new_line}: the opening position is over but no AFTK END follows it"));
        }
        if line.starts_with("AFTK NEW ") {
            deals.push(Deal { new_line: line.to_string(), ..Deal::default() });
            pending_move = None;
            demo = std::mem::take(&mut demo_next);
            square = false;
        } else if line == "AFTK DEMO" {
            demo_next = true;
        } else if let Some(names) = line.strip_prefix("AFTK PAD ") {
            square |= names.split('+').any(|b| b == "square");
        } else if line.starts_with("AFTK HINT") {
            if !deals.is_empty() && !demo && !square {
                return Err(format!("line {n}: {line}: a hint no Square press asked for"));
            }
            square = false;
        } else if line.starts_with("AFTK END") {
            end_due = false;
        } else if let Some(m) = line.strip_prefix("AFTK MOVE ") {
            pending_move = Some(m.to_string());
        } else if line == "AFTK POS" {
            let mut pos = String::new();
            while let Some(l) = lines.peek().and_then(|(_, l)| l.strip_prefix("AFTK | ")) {
                pos.push_str(l);
                pos.push('\n');
                lines.next();
            }
            let deal = deals.last_mut().ok_or("AFTK POS before any AFTK NEW")?;
            match pending_move.take() {
                Some(m) => deal.steps.push((m, pos)),
                None if deal.opening.is_none() => {
                    end_due = is_over(&pos);
                    deal.opening = Some(pos)
                }
                None => return Err("AFTK POS without a move before it".into()),
            }
        }
    }
    if end_due {
        let new_line = deals.last().map_or("", |d| d.new_line.as_str());
        return Err(format!("{new_line}: the opening position is over but no AFTK END follows it"));
    }
    Ok(deals)
}

/// True when a position's `status:` line says the game is over.
fn is_over(pos: &str) -> bool {
    pos.lines().any(|l| l == "status: won" || l.starts_with("status: lost"))
}

/// The last position a log printed (for a resume check: the game saved
/// before quitting must come back exactly).
fn last_position(deals: &[Deal]) -> Option<&String> {
    let d = deals.last()?;
    d.steps.last().map(|(_, p)| p).or(d.opening.as_ref())
}

/// `--resumed BEFORE AFTER`: the first position of AFTER's first deal must
/// equal the last position BEFORE printed.
fn resumed(before: &str, after: &str) -> Result<String, (u8, String)> {
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| (2, format!("cannot read {p}: {e}")));
    let (b, a) = (read(before)?, read(after)?);
    let (db, da) = (parse(&b).map_err(|e| (1, e))?, parse(&a).map_err(|e| (1, e))?);
    let last = last_position(&db).ok_or((1, format!("{before}: no position")))?;
    let first = da.first().and_then(|d| d.opening.as_ref()).ok_or((1, format!("{after}: no position")))?;
    if last != first {
        return Err((1, format!("the resumed position differs:\nbefore:\n{last}after:\n{first}")));
    }
    Ok(format!("logcheck: the game resumed exactly where it was saved ({} lines of position)", first.lines().count()))
}

fn run(args: &[String]) -> Result<String, (u8, String)> {
    if let [flag, before, after] = args {
        if flag == "--resumed" {
            return resumed(before, after);
        }
    }
    let [log_path, kings] = args else {
        return Err((2, "usage: logcheck TTY_LOG KINGS_BINARY | logcheck --resumed BEFORE_LOG AFTER_LOG".into()));
    };
    let log = std::fs::read_to_string(log_path).map_err(|e| (2, format!("cannot read {log_path}: {e}")))?;
    let deals = parse(&log).map_err(|e| (1, e))?;
    if deals.is_empty() {
        return Err((1, "no AFTK NEW in the log".into()));
    }
    let dir = std::env::temp_dir().join(format!("logcheck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| (2, e.to_string()))?;
    let mut checked = 0;
    for (n, deal) in deals.iter().enumerate() {
        let opening = deal.opening.as_ref().ok_or((1, format!("{}: no opening position", deal.new_line)))?;
        let file = dir.join(format!("deal{n}.txt"));
        std::fs::write(&file, opening).map_err(|e| (2, e.to_string()))?;
        let mut moves: Vec<&str> = Vec::new();
        for (m, pos) in &deal.steps {
            moves.push(m);
            let out = Command::new(kings)
                .arg(game_of(&deal.new_line))
                .arg("play")
                .arg(&file)
                .args(&moves)
                .output()
                .map_err(|e| (2, format!("cannot run {kings}: {e}")))?;
            if !out.status.success() {
                return Err((
                    1,
                    format!(
                        "{}: kings refused {}: {}",
                        deal.new_line,
                        moves.join(" "),
                        String::from_utf8_lossy(&out.stderr).trim()
                    ),
                ));
            }
            let host = String::from_utf8_lossy(&out.stdout);
            if host != *pos {
                return Err((
                    1,
                    format!(
                        "{}: after {} the PS1 logged\n{pos}but kings play prints\n{host}",
                        deal.new_line,
                        moves.join(" ")
                    ),
                ));
            }
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(format!("logcheck: {} deal(s), {checked} move(s): every AFTK POS equals kings play", deals.len()))
}

/// The game a `NEW` line names (`game=albert`), or `farewell`.
fn game_of(new_line: &str) -> &str {
    new_line.split(' ').find_map(|f| f.strip_prefix("game=")).unwrap_or("farewell")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err((code, msg)) => {
            eprintln!("logcheck: {msg}");
            ExitCode::from(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn splits_deals_moves_and_positions() {
        let log = "AFTK BOOT 1\nAFTK NEW game=farewell seed=1 grid=6x4 kings=centre easy=no\nAFTK POS\nAFTK | a\nAFTK | b\nAFTK PAD cross\nAFTK MOVE deal\nAFTK POS\nAFTK | c\n";
        let deals = parse(log).unwrap();
        assert_eq!(deals.len(), 1);
        assert_eq!(deals[0].opening.as_deref(), Some("a\nb\n"));
        assert_eq!(deals[0].steps, vec![("deal".to_string(), "c\n".to_string())]);
    }

    #[test]
    fn the_game_comes_from_the_new_line() {
        assert_eq!(super::game_of("AFTK NEW game=corners seed=5"), "corners");
        assert_eq!(super::game_of("AFTK NEW game=farewell seed=5 grid=12x8 kings=centre easy=no"), "farewell");
    }

    #[test]
    fn a_position_with_no_deal_or_move_is_an_error() {
        assert!(parse("AFTK POS\nAFTK | a\n").is_err());
        assert!(parse("AFTK NEW x\nAFTK POS\nAFTK | a\nAFTK POS\nAFTK | b\n").is_err());
    }
}
