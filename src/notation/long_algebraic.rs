//! Long algebraic notation, as UCI and many chess programs write moves: the
//! cell a piece leaves and the cell it reaches, run together, then the
//! letter of the kind the turn's choice names, in lower case: `e2e4`,
//! `e1g1` (castling, by the king's move), `e7e8q`.
//!
//! It names whole turns: one move, maybe followed by choosing a kind (a
//! `choose` whose value is a kind's name, chess's promotion). The letters
//! are the position text's (`position text: board K Q R B N P`). A word is
//! read by writing every legal turn this way and finding it among them, so
//! labels of any length (`a10a9`) read without ambiguity.

use super::{ListTurnsError, list_turns, split_word};
use crate::engine::{Game, State};
use crate::ids::Cell;

/// A turn of one move, maybe followed by choosing a kind, from its joined
/// notation (as [`list_turns`] writes it): the cells left and reached and
/// the kind chosen (`e7-e8/promotion=queen`: e7, e8, queen). `None` for
/// any other turn (a placement, a chain of moves, a value that names no
/// kind).
pub(super) fn one_move(game: &Game, joined: &str) -> Option<(Cell, Cell, Option<usize>)> {
    let parts = split_word(game, joined);
    let (first, rest) = parts.split_first()?;
    // The move, its kind's name dropped (`castle-short:e1-g1`).
    let cells = first.rsplit(':').next()?;
    let (from, to) = cells.split_once('-')?;
    let board = game.board();
    let (from, to) = (board.cell_by_label(from)?, board.cell_by_label(to)?);
    let kind = match rest {
        [] => None,
        [choice] => {
            let (_, value) = choice.split_once('=')?;
            Some(game.rules.pieces.iter().position(|p| p == value)?)
        }
        _ => return None,
    };
    Some((from, to, kind))
}

/// A kind's letter in the position text, if it is one letter.
pub(super) fn kind_letter(game: &Game, kind: usize) -> Option<char> {
    let letter = game.rules.position_text.letters.get(kind)?;
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// A turn's long algebraic notation, from its joined notation (as
/// [`list_turns`] writes it): `e7-e8/promotion=queen` is `e7e8q`. `None`
/// for a turn that is not one move, maybe with a kind chosen after it (a
/// placement, a chain of moves, a value that names no kind).
pub fn long_algebraic(game: &Game, joined: &str) -> Option<String> {
    let (from, to, kind) = one_move(game, joined)?;
    let board = game.board();
    let mut out = format!("{}{}", board.label(from), board.label(to));
    if let Some(k) = kind {
        out.push(kind_letter(game, k)?);
    }
    Some(out.to_lowercase())
}

/// Whether `word` could be long algebraic notation: letters and digits
/// only, starting with a letter and holding a digit.
pub fn looks_long_algebraic(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric())
        && word.chars().any(|c| c.is_ascii_digit())
}

/// The joined notation of the legal turn from `st` whose long algebraic
/// notation is `word` (any case), or `None` when no turn has it.
pub fn read_long_algebraic(
    game: &Game,
    st: &State,
    word: &str,
) -> Result<Option<String>, ListTurnsError> {
    let word = word.trim().to_lowercase();
    let turns = list_turns(game, st)?;
    Ok(turns
        .into_iter()
        .find(|t| long_algebraic(game, t).as_deref() == Some(word.as_str())))
}
