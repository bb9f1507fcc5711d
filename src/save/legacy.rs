//! Versions 1 to 4: A Farewell to Kings' part first, in its own form, then
//! (3 and 4) the other games' sections.

use super::*;
use crate::games::farewell::game::MAX_MOVES;
use crate::games::farewell::{self, patience::CODES, Card, Cell, KingStart, Move, Options};

/// The games after A Farewell to Kings' part, in the order versions 3 and
/// 4 wrote their sections.
const OTHER_GAMES: [GameId; 3] = [GameId::Corners, GameId::Albert, GameId::Kingdoms];

/// Two bytes that stand for a deal in a version 1-4 move list.
const DEAL_CODE: [u8; 2] = [0xFF, 0xFF];
/// The statistics rows versions 3 and 4 keep for each other game.
const OTHER_TALLIES: usize = 6;

fn options_from(b: [u8; 4]) -> Option<Options> {
    let o = Options { width: b[0], height: b[1], kings: kings_from(b[2])?, easy: bool_from(b[3])? };
    o.grid_ok().then_some(o)
}

fn move_from(code: [u8; 2]) -> Option<Move> {
    if code == DEAL_CODE {
        return Some(Move::Deal);
    }
    let card = Card::from_index(code[0])?;
    let cell = Cell::from_index(usize::from(code[1]));
    cell.in_frame().then_some(Move::Place(card, cell))
}

pub(super) fn read(rd: &mut Reader<'_>, version: u16) -> Result<Save, SaveError> {
    const FW: GameId = GameId::Farewell;
    let mut save = Save::default();
    let bytes = rd.take::<4>()?;
    let options = options_from(bytes).ok_or(in_game(FW, Field::OptionBytes(bytes)))?;
    let f = rd.u8()?;
    save.face =
        [FaceStyle::Standard, FaceStyle::FourColour].get(usize::from(f)).copied().ok_or(invalid(Invalid::Faces(f)))?;
    let h = rd.u8()?;
    save.highlight = bool_from(h).ok_or(invalid(Invalid::Highlight(h)))?;
    let winnable = if version == 1 {
        false
    } else {
        let w = rd.u8()?;
        bool_from(w).ok_or(in_game(FW, Field::Winnable(w)))?
    };
    let game = match rd.u8()? {
        0 => None,
        1 => read_game(rd)?,
        b => return Err(in_game(FW, Field::HasGame(b))),
    };
    let fw = save.record_mut(FW);
    // A grid the console does not offer: the Options screen's default.
    fw.options = farewell::patience::code(options).unwrap_or(fw.options);
    fw.winnable = winnable;
    fw.game = game;
    for i in 0..usize::from(CODES) {
        fw.tallies[i] = read_tally(rd, FW, i, false)?;
    }
    if version >= 3 {
        let last = rd.u8()?;
        save.last_game = GameId::from_code(last).ok_or(invalid(Invalid::LastGame(last)))?;
        if version >= 4 {
            save.sound = read_sound(rd, version)?;
        }
        let n = rd.u8()?;
        if usize::from(n) != OTHER_GAMES.len() {
            return Err(invalid(Invalid::SectionCount(n)));
        }
        for (at, &game) in OTHER_GAMES.iter().enumerate() {
            let id = rd.u8()?;
            if id != game.code() {
                return Err(invalid(Invalid::SectionId { at: at as u8 + 1, id }));
            }
            let len = usize::from(rd.u16().map_err(|e| cut_short(e, game))?);
            let mut section = Reader { bytes: rd.slice(len).map_err(|e| cut_short(e, game))? };
            *save.record_mut(game) = read_other(&mut section, game).map_err(|e| cut_short(e, game))?;
            if !section.bytes.is_empty() {
                return Err(in_game(game, Field::Length));
            }
        }
    }
    Ok(save)
}

/// A version 3-4 section: the version 5 fields with exactly six rows,
/// of which the game keeps those it uses (the others were never
/// written to).
fn read_other(rd: &mut Reader<'_>, game: GameId) -> Result<GameRecord, SaveError> {
    let mut r = read_head(rd, game, 4)?;
    let rows = rd.u8()?;
    if usize::from(rows) != OTHER_TALLIES {
        return Err(in_game(game, Field::Rows { count: rows, max: OTHER_TALLIES as u8 }));
    }
    for i in 0..OTHER_TALLIES {
        let t = read_tally(rd, game, i, false)?;
        if let Some(slot) = r.tallies[..game.info().stats_rows].get_mut(i) {
            *slot = t;
        }
    }
    Ok(r)
}

/// A Farewell to Kings' game in versions 1-4: replayed, and kept as the
/// places of its moves in the list of legal moves. `None` (dropped)
/// for a grid the console does not offer.
fn read_game(rd: &mut Reader<'_>) -> Result<Option<SavedGame>, SaveError> {
    const FW: GameId = GameId::Farewell;
    let seed = rd.u32()?;
    let bytes = rd.take::<4>()?;
    let options = options_from(bytes).ok_or(in_game(FW, Field::GameOptionBytes(bytes)))?;
    let count = rd.u16()?;
    if usize::from(count) > MAX_MOVES {
        return Err(in_game(FW, Field::TooManyMoves { count, max: MAX_MOVES as u16 }));
    }
    let mut g = farewell::Game::new(seed, options).ok_or(in_game(FW, Field::GameOptionBytes(bytes)))?;
    let mut saved = SavedGame { seed, options: 0, count, moves: [0; SAVED_MOVES], hinted: false };
    for i in 0..count {
        let m = move_from(rd.take()?).ok_or(in_game(FW, Field::MoveCode(i)))?;
        let place = position_of(&g, m);
        g.apply(m).map_err(|_| in_game(FW, Field::Illegal(i)))?;
        // Every move play accepts is in the list (tests/farewell_patience.rs).
        saved.moves[usize::from(i)] = place.ok_or(in_game(FW, Field::Illegal(i)))?;
    }
    match farewell::patience::code(options) {
        Some(code) => {
            saved.options = code;
            Ok(Some(saved))
        }
        None => Ok(None),
    }
}

fn kings_from(code: u8) -> Option<KingStart> {
    [KingStart::Centre, KingStart::Corners, KingStart::Random, KingStart::Custom].get(usize::from(code)).copied()
}
