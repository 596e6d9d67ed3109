//! Long algebraic notation, as UCI and many chess programs write moves: the
//! cell a piece leaves and the cell it reaches, run together, then the
//! letter of the kind the turn's choice names, in lower case: `e2e4`,
//! `e1g1` (castling, by the king's move), `e7e8q`.
//!
//! It names whole turns: one move, maybe followed by choosing a kind (a
//! `choose` whose value is a kind's name, chess's promotion), or a piece
//! put on an empty cell (crazyhouse's drop, `Q@e4`, the kind's letter in
//! capitals). The letters
//! are the position text's (`position text: board K Q R B N P`). A word is
//! read by writing every legal turn this way and finding it among them, so
//! labels of any length (`a10a9`) read without ambiguity.

use super::{ListTurnsError, list_turns, parse_word, split_word};
use crate::engine::{ActionKind, Game, State};
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

/// A turn that puts one piece from the hand (a kind with a `reserve`) on
/// an empty cell (a drop): the cell and the kind put there.
pub(super) fn one_drop(game: &Game, st: &State, joined: &str) -> Option<(Cell, usize)> {
    let actions = parse_word(game, st, joined).ok()?;
    let [action] = actions[..] else {
        return None;
    };
    let ActionKind::OnCell(cell) = action.kind else {
        return None;
    };
    if game.piece_at(st, cell).is_some() {
        return None;
    }
    let mut after = st.clone();
    game.play_unchecked(&mut after, action);
    let kind = game.piece_at(&after, cell)?.kind.index();
    (game.rules.reserved.get(kind) == Some(&true)).then_some((cell, kind))
}

/// A kind's letter in the position text, if it is one letter (a promoted
/// piece's `Q~` is its `Q`).
pub(super) fn kind_letter(game: &Game, kind: usize) -> Option<char> {
    let letter = game.rules.position_text.letters.get(kind)?;
    let letter = letter.strip_suffix('~').unwrap_or(letter);
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// A turn's long algebraic notation, from its joined notation (as
/// [`list_turns`] writes it, legal from `st`): `e7-e8/promotion=queen` is
/// `e7e8q`, `queen:e4` a drop, `Q@e4`. `None` for a turn that is not one
/// move, maybe with a kind chosen after it, nor a drop (a chain of moves,
/// a value that names no kind).
pub fn long_algebraic(game: &Game, st: &State, joined: &str) -> Option<String> {
    let Some((from, to, kind)) = one_move(game, joined) else {
        let (cell, kind) = one_drop(game, st, joined)?;
        let label = game.board().label(cell).to_lowercase();
        return Some(format!("{}@{label}", kind_letter(game, kind)?));
    };
    let board = game.board();
    let mut out = format!("{}{}", board.label(from), board.label(to));
    if let Some(k) = kind {
        out.push(kind_letter(game, k)?);
    }
    Some(out.to_lowercase())
}

/// Whether `word` could be long algebraic notation: letters and digits
/// only (and a drop's `@`), starting with a letter and holding a digit.
pub fn looks_long_algebraic(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '@')
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
        .find(|t| long_algebraic(game, st, t).is_some_and(|w| w.to_lowercase() == word)))
}
