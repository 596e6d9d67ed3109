//! Standard algebraic notation (SAN), as chess players type moves and PGN
//! records them: `e4`, `Nf3`, `exd5`, `Nbd7`, `R1e2`, `e8=Q`, `O-O`,
//! `O-O-O`; `x`, `+`, `#`, `!` and `?` may be written or left out.
//!
//! It is read in games whose position text gives the pieces letters: a
//! capital is the letter of the moving piece (the kind lettered `P`, the
//! pawn, is written without one), then maybe the column or row (or both)
//! of the cell it leaves, the cell it reaches, and `=` with the letter of
//! the kind the turn goes on to choose. Castling is the move of the kind
//! lettered `K` by two columns or more along its row, or onto its own
//! piece there (Chess960's king takes its rook): `O-O` towards the later
//! columns, `O-O-O` the earlier. A word is read by matching it with
//! the legal turns of one move (maybe followed by a kind chosen); when
//! several match, it is ambiguous.

use super::ListTurnsError;
use super::list_turns;
use super::long_algebraic::{kind_letter, one_drop, one_move};
use crate::engine::{Game, State};
use crate::ids::Cell;

/// What a SAN word says of its move.
#[derive(Debug, PartialEq)]
enum San {
    /// `O-O` (`long` false) or `O-O-O`.
    Castle { long: bool },
    /// `Q@e4`: a piece of that letter put on the cell (crazyhouse's drop).
    Drop { piece: char, cell: String },
    Move {
        /// The moving piece's letter; `P` for a pawn's move.
        piece: char,
        /// The rest before any promotion, lower case: maybe the column
        /// and row of the cell left, maybe `x`, then the cell reached
        /// (`bd7`, `exd5`); which part is which is settled against each
        /// legal move's cells, so that columns of two letters read too.
        body: String,
        /// The letter of the kind chosen (`=Q`).
        promotion: Option<char>,
    },
}

/// Whether `word` could be SAN: a move's letters and digits with `x`,
/// `=`, `+`, `#`, `!`, `?`, or castling.
pub fn looks_san(word: &str) -> bool {
    let w = word.trim();
    !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "x=+#!?-@".contains(c))
        && (w.chars().any(|c| c.is_ascii_digit()) || w.starts_with(['O', 'o', '0']))
}

fn parse_san(word: &str) -> Option<San> {
    let w = word.trim().trim_end_matches(['+', '#', '!', '?']);
    match w.replace('0', "O").as_str() {
        "O-O" => return Some(San::Castle { long: false }),
        "O-O-O" => return Some(San::Castle { long: true }),
        _ => {}
    }
    if let Some((piece, cell)) = w.split_once('@') {
        let piece = single_capital(piece)?;
        return Some(San::Drop {
            piece,
            cell: cell.to_ascii_lowercase(),
        });
    }
    let mut rest: &str = w;
    let piece = match rest.chars().next()? {
        c if c.is_ascii_uppercase() => {
            rest = &rest[1..];
            c
        }
        _ => 'P',
    };
    let (body, promotion) = match rest.split_once('=') {
        Some((b, p)) => (b, Some(single_capital(p)?)),
        None => match rest.chars().last()? {
            c if c.is_ascii_uppercase() => (&rest[..rest.len() - 1], Some(c)),
            _ => (rest, None),
        },
    };
    let ends_in_cell = body.ends_with(|c: char| c.is_ascii_digit())
        && body
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !ends_in_cell || !body.contains(|c: char| c.is_ascii_lowercase() && c != 'x') {
        return None;
    }
    Some(San::Move {
        piece,
        body: body.to_string(),
        promotion,
    })
}

fn single_capital(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Some(c),
        _ => None,
    }
}

/// A label's column (its letters) and row (its digits): `e4` is `e`, `4`.
fn split_label(label: &str) -> (&str, &str) {
    let at = label
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(label.len());
    label.split_at(at)
}

/// Columns in order: `b` before `z` before `aa`.
fn column_order(column: &str) -> (usize, String) {
    (column.len(), column.to_ascii_lowercase())
}

/// The joined notations of the legal turns from `st` that the SAN word
/// names (one, if it names a turn; several when it is ambiguous).
pub fn read_san(game: &Game, st: &State, word: &str) -> Result<Vec<String>, ListTurnsError> {
    let Some(san) = parse_san(word) else {
        return Ok(Vec::new());
    };
    let board = game.board();
    let letter_at = |c: Cell| {
        game.piece_at(st, c)
            .and_then(|p| kind_letter(game, p.kind.index()))
    };
    let matches = |from: Cell, to: Cell, kind: Option<usize>| -> bool {
        let (from_column, from_row) = split_label(board.label(from));
        let (to_column, _) = split_label(board.label(to));
        match &san {
            // A move is no drop.
            San::Drop { .. } => false,
            San::Castle { long } => {
                castles(game, st, from, to, kind)
                    && (column_order(to_column) < column_order(from_column)) == *long
            }
            San::Move {
                piece,
                body,
                promotion,
            } => {
                let to_label = board.label(to).to_ascii_lowercase();
                let Some(before) = body.strip_suffix(to_label.as_str()) else {
                    return false;
                };
                // What comes before the cell reached: the cell left's
                // column, row or both, maybe then `x`.
                let from_part = before.strip_suffix('x').unwrap_or(before);
                let (column, row) = split_label(from_part);
                letter_at(from) == Some(*piece)
                    && (column.is_empty() || from_column.eq_ignore_ascii_case(column))
                    && (row.is_empty() || from_row == row)
                    && kind.and_then(|k| kind_letter(game, k)) == *promotion
            }
        }
    };
    let turns = list_turns(game, st)?;
    if let San::Drop { piece, cell } = &san {
        let dropped = |t: &String| {
            one_drop(game, st, t).is_some_and(|(c, kind)| {
                kind_letter(game, kind) == Some(*piece)
                    && board.label(c).to_ascii_lowercase() == *cell
            })
        };
        return Ok(turns.into_iter().filter(dropped).collect());
    }
    Ok(turns
        .into_iter()
        .filter(|t| one_move(game, t).is_some_and(|(from, to, kind)| matches(from, to, kind)))
        .collect())
}

/// The SAN of the legal turn `joined` from `st` (as [`list_turns`] writes
/// it), among all the legal `turns` (to tell apart two pieces of a kind
/// that reach the same cell): `Nbd7`, `exd5`, `e8=Q`, `O-O`, with `+` when
/// it leaves a piece lettered `K` of the next player where another
/// player's piece could take it, `#` when it wins the game. `None` for a
/// turn that is not one move (maybe with a kind chosen), or whose piece
/// has no letter.
pub fn write_san(game: &Game, st: &State, turns: &[String], joined: &str) -> Option<String> {
    let board = game.board();
    let mut out = String::new();
    if one_move(game, joined).is_some() {
        write_move(game, st, turns, joined, &mut out)?;
    } else {
        let (cell, kind) = one_drop(game, st, joined)?;
        out.push(kind_letter(game, kind)?);
        out.push('@');
        out.push_str(board.label(cell));
    }
    let mut after = st.clone();
    super::play_moves(game, &mut after, joined).ok()?;
    let king = (0..board.len()).map(Cell::new).find(|&c| {
        game.piece_at(&after, c).is_some_and(|p| {
            p.owner == Some(after.mover) && kind_letter(game, p.kind.index()) == Some('K')
        })
    });
    if after.result() == Some(crate::engine::GameResult::Win(st.mover)) {
        out.push('#');
    } else if !after.is_over()
        && king.is_some_and(|k| !game.attackers(&after, k.index(), after.mover).is_empty())
    {
        out.push('+');
    }
    Some(out)
}

/// The SAN of a turn of one move (maybe with a kind chosen), without its
/// `+` or `#`, written on `out`: see [`write_san`].
fn write_move(
    game: &Game,
    st: &State,
    turns: &[String],
    joined: &str,
    out: &mut String,
) -> Option<()> {
    let (from, to, kind) = one_move(game, joined)?;
    let board = game.board();
    let letter_at = |c: Cell| {
        game.piece_at(st, c)
            .and_then(|p| kind_letter(game, p.kind.index()))
    };
    let piece = letter_at(from)?;
    let (from_column, from_row) = split_label(board.label(from));
    let (to_column, _) = split_label(board.label(to));
    if castles(game, st, from, to, kind) {
        out.push_str(match column_order(to_column) < column_order(from_column) {
            true => "O-O-O",
            false => "O-O",
        });
    } else {
        let taken = game
            .piece_at(st, to)
            .is_some_and(|p| p.owner != Some(st.mover));
        // A pawn that changes column takes, on the cell reached or beside
        // it (en passant).
        let capture = taken || (piece == 'P' && from_column != to_column);
        if piece != 'P' {
            out.push(piece);
            let rivals: Vec<Cell> = (turns.iter())
                .filter_map(|t| one_move(game, t))
                .filter(|&(f, t, _)| t == to && f != from && letter_at(f) == Some(piece))
                .map(|(f, _, _)| f)
                .collect();
            let parts = |f: &Cell| split_label(board.label(*f));
            let same_column = rivals.iter().any(|f| parts(f).0 == from_column);
            let same_row = rivals.iter().any(|f| parts(f).1 == from_row);
            if !rivals.is_empty() {
                if !same_column {
                    out.push_str(from_column);
                } else if !same_row {
                    out.push_str(from_row);
                } else {
                    out.push_str(from_column);
                    out.push_str(from_row);
                }
            }
        } else if capture {
            out.push_str(from_column);
        }
        if capture {
            out.push('x');
        }
        out.push_str(board.label(to));
        if let Some(k) = kind {
            out.push('=');
            out.push(kind_letter(game, k)?);
        }
    }
    Some(())
}

/// Whether the move `from`-`to` (maybe with a kind chosen) castles: the
/// piece lettered `K` along its row, by two columns or more or onto a
/// piece of its own owner.
fn castles(game: &Game, st: &State, from: Cell, to: Cell, kind: Option<usize>) -> bool {
    let board = game.board();
    let (from_column, from_row) = split_label(board.label(from));
    let (to_column, to_row) = split_label(board.label(to));
    let moving = game.piece_at(st, from);
    let onto_own =
        (game.piece_at(st, to)).is_some_and(|p| Some(p.owner) == moving.map(|m| m.owner));
    moving.and_then(|p| kind_letter(game, p.kind.index())) == Some('K')
        && kind.is_none()
        && from_row == to_row
        && (column_distance(from_column, to_column) >= 2 || onto_own)
}

/// How many columns apart two columns are (`a` is 1, `z` 26, `aa` 27).
fn column_distance(a: &str, b: &str) -> usize {
    let value = |s: &str| {
        (s.bytes()).fold(0usize, |v, c| {
            v * 26 + (c.to_ascii_lowercase() - b'a' + 1) as usize
        })
    };
    value(a).abs_diff(value(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(piece: char, body: &str, promotion: Option<char>) -> San {
        San::Move {
            piece,
            body: body.into(),
            promotion,
        }
    }

    #[test]
    fn words_are_split_into_their_parts() {
        assert_eq!(parse_san("e4"), Some(mv('P', "e4", None)));
        assert_eq!(parse_san("Nf3+"), Some(mv('N', "f3", None)));
        assert_eq!(parse_san("exd5"), Some(mv('P', "exd5", None)));
        assert_eq!(parse_san("Nbd7"), Some(mv('N', "bd7", None)));
        assert_eq!(parse_san("R1e2"), Some(mv('R', "1e2", None)));
        assert_eq!(parse_san("Qh4xe1#"), Some(mv('Q', "h4xe1", None)));
        assert_eq!(parse_san("e8=Q"), Some(mv('P', "e8", Some('Q'))));
        assert_eq!(parse_san("dxe8N!?"), Some(mv('P', "dxe8", Some('N'))));
        assert_eq!(parse_san("O-O"), Some(San::Castle { long: false }));
        assert_eq!(parse_san("0-0-0+"), Some(San::Castle { long: true }));
        assert_eq!(parse_san("Ka10"), Some(mv('K', "a10", None)));
        for bad in ["", "N", "x4", "e", "e4=", "e8=QQ", "Nf3x"] {
            assert_eq!(parse_san(bad), None, "{bad}");
        }
    }
}
