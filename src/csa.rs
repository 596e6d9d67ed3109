//! CSA, the records shogi programs exchange (Floodgate, ShogiGUI, cshogi):
//! read into a gdl [`Record`] (`gdl replay GAME.csa --game
//! games/shogi.gdl`) and written from one (`gdl replay REC --csa`), for
//! games whose pieces have shogi's letters in their position text (shogi,
//! minishogi).
//!
//! A record is lines, or statements joined by `,`: `V2.2`; `N+NAME` and
//! `N-NAME`, the players; `$KEY:VALUE`, facts of the game; `'` comments;
//! the position, `PI` (the game's start) or `P1`...`P9` (each row, from
//! the top, as ` * ` or a piece such as `+FU`, file 9 first) with `P+` and
//! `P-` for the hands (`P+00KA00FU`), then `+` or `-`, the player to move;
//! then the moves, `+7776FU` (the mover's sign, the square left, `00` for a
//! drop, the square reached, the piece that stands there after the move,
//! so a promotion names the promoted piece), each maybe followed by `T12`
//! (seconds used); and how it ended: `%TORYO` (the mover resigns),
//! `%SENNICHITE`, `%TSUMI`, `%KACHI`, `%CHUDAN`, ....
//!
//! A move is read as the USI move it is (`+7776FU` is `7g7f`, see
//! [`crate::notation`]) and checked by the game's rules; handicap starts
//! (`PI82HI`) are not read. The header is kept for writing the record back.

use std::fmt::Write;

use crate::engine::{Game, GameResult, State};
use crate::ids::Cell;
use crate::notation;
use crate::record::{DRAW_AGREED, ForeignError, Record};
use crate::rules::NotationStyle;
use crate::show;

/// CSA's piece names and the position text's letters they are.
const PIECES: [(&str, &str); 14] = [
    ("FU", "P"),
    ("KY", "L"),
    ("KE", "N"),
    ("GI", "S"),
    ("KI", "G"),
    ("KA", "B"),
    ("HI", "R"),
    ("OU", "K"),
    ("TO", "+P"),
    ("NY", "+L"),
    ("NK", "+N"),
    ("NG", "+S"),
    ("UM", "+B"),
    ("RY", "+R"),
];

fn letter_of(code: &str) -> Option<&'static str> {
    PIECES.iter().find(|p| p.0 == code).map(|p| p.1)
}

fn code_of(letter: &str) -> Option<&'static str> {
    PIECES
        .iter()
        .find(|p| p.1.eq_ignore_ascii_case(letter))
        .map(|p| p.0)
}

/// A square's two digits (`77`) as USI's square (`7g`).
fn usi_square(digits: &str) -> Option<String> {
    let mut d = digits.chars();
    let (file, rank) = (d.next()?.to_digit(10)?, d.next()?.to_digit(10)?);
    (file >= 1 && rank >= 1).then(|| format!("{file}{}", (b'a' + rank as u8 - 1) as char))
}

/// USI's square (`7g`) as CSA's digits (`77`).
fn csa_square(usi: &str) -> Option<String> {
    let mut c = usi.chars();
    let (file, rank) = (c.next()?, c.next()?);
    Some(format!("{file}{}", (rank as u8).checked_sub(b'a')? + 1))
}

/// A CSA move (`7776FU`, sign taken off) as the USI move it is in `st`.
fn usi_move(game: &Game, st: &State, mv: &str) -> Result<String, String> {
    let (from, to, code) = (mv.get(..2), mv.get(2..4), mv.get(4..6));
    let (Some(from), Some(to), Some(code)) = (from, to, code) else {
        return Err(format!("`{mv}` is not a move (`7776FU`)"));
    };
    let letter = letter_of(code).ok_or_else(|| format!("`{code}` is no piece of CSA's"))?;
    let to_usi = usi_square(to).ok_or_else(|| format!("`{to}` is no square"))?;
    if from == "00" {
        return Ok(format!("{letter}*{to_usi}"));
    }
    let from_usi = usi_square(from).ok_or_else(|| format!("`{from}` is no square"))?;
    // A promotion names the promoted piece: `+` when the piece that left
    // is not the kind named.
    let cell = cell_of(game, from).ok_or_else(|| format!("`{from}` is off the board"))?;
    let left = game.piece_at(st, cell).and_then(|p| {
        game.rules
            .position_text
            .letters
            .get(p.kind.index())
            .cloned()
    });
    let promotes = letter.starts_with('+') && left.as_deref() != Some(letter);
    Ok(format!(
        "{from_usi}{to_usi}{}",
        if promotes { "+" } else { "" }
    ))
}

/// The cell of CSA's square (file from the right, rank from the top).
fn cell_of(game: &Game, digits: &str) -> Option<Cell> {
    let (width, height) = game.board().extent();
    let mut d = digits.chars();
    let (file, rank) = (
        d.next()?.to_digit(10)? as i32,
        d.next()?.to_digit(10)? as i32,
    );
    let board = game.board();
    board.cells().find(|&c| {
        let info = board.cell(c);
        width - info.col == file && height - info.row == rank
    })
}

/// The position of `P1`...`P9` and `P+`/`P-` lines and the side to move,
/// as SFEN (the shogi family's position text).
fn sfen(rows: &[String], hands: &[(char, String)], mover: char) -> Result<String, String> {
    let mut board = Vec::new();
    for row in rows {
        let cells: Vec<char> = row.chars().collect();
        if !cells.len().is_multiple_of(3) {
            return Err(format!("`P{row}` is not cells of 3 characters"));
        }
        let mut out = String::new();
        let mut empty = 0;
        for cell in cells.chunks(3) {
            let text: String = cell.iter().collect();
            if text.trim() == "*" {
                empty += 1;
                continue;
            }
            let (side, code) = text.split_at(1);
            let letter = letter_of(code).ok_or_else(|| format!("`{text}` is no piece"))?;
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            out += &match side {
                "+" => letter.to_string(),
                "-" => letter.to_lowercase(),
                _ => return Err(format!("`{text}` has no side (`+` or `-`)")),
            };
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        board.push(out);
    }
    let mut in_hand = String::new();
    for (side, text) in hands {
        for piece in text.as_bytes().chunks(4) {
            let piece = std::str::from_utf8(piece).unwrap_or("");
            let code = piece.get(2..).unwrap_or("");
            let letter = letter_of(code)
                .filter(|l| !l.starts_with('+') && *l != "K")
                .ok_or_else(|| format!("`{piece}` is no piece in hand (`00FU`)"))?;
            in_hand += &match side {
                '+' => letter.to_string(),
                _ => letter.to_lowercase(),
            };
        }
    }
    let hand = if in_hand.is_empty() {
        "-".into()
    } else {
        in_hand
    };
    let side = if mover == '-' { 'w' } else { 'b' };
    Ok(format!("{} {side} {hand} 1", board.join("/")))
}

/// Reads a CSA `text` as a record of `game`, loaded from `file` whose text
/// is `source`.
pub fn read(game: &Game, file: &str, source: &str, text: &str) -> Result<Record, ForeignError> {
    let at = |offset: usize, message: String| ForeignError::at(text, offset, message);
    let players = &game.rules.players;
    let mut tags = Vec::new();
    let (mut rows, mut hands, mut mover) = (Vec::new(), Vec::new(), '+');
    let mut st: Option<State> = None;
    let mut position = None;
    let mut turns = Vec::new();
    let mut ending: Option<(usize, String)> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let mut column = offset;
        offset += line.len();
        for statement in line.trim_end_matches(['\n', '\r']).split(',') {
            let here = column;
            column += statement.len() + 1;
            let s = statement.trim();
            let mut chars = s.chars();
            match (chars.next(), s) {
                (None | Some('\'' | 'V' | 'T'), _) => {}
                (Some('N'), _) if s.len() >= 2 => {
                    tags.push((s[..2].to_string(), s[2..].to_string()))
                }
                (Some('$'), _) => {
                    let (k, v) = s[1..].split_once(':').unwrap_or((&s[1..], ""));
                    tags.push((format!("${k}"), v.to_string()));
                }
                (Some('P'), "PI") => {}
                (Some('P'), _) if s.starts_with("PI") => {
                    return Err(at(here, format!("`{s}`: handicap starts are not read")));
                }
                (Some('P'), _) if s.starts_with("P+") || s.starts_with("P-") => {
                    hands.push((s.as_bytes()[1] as char, s[2..].to_string()));
                }
                // A row's last ` * ` may have lost its trailing space.
                (Some('P'), _) => match s[1..2].parse::<usize>() {
                    Ok(n) if n == rows.len() + 1 => {
                        let row = statement.trim_start()[2..].trim_end_matches(['\r', '\n']);
                        let cells = row.chars().count().div_ceil(3);
                        rows.push(format!("{row:<0$}", cells * 3));
                    }
                    _ => {
                        return Err(at(
                            here,
                            format!("`{s}`: expected the row P{}", rows.len() + 1),
                        ));
                    }
                },
                (Some('%'), _) => {
                    ending = Some((here, s.to_string()));
                    break;
                }
                (Some(sign @ ('+' | '-')), _) if s.len() == 1 && st.is_none() => mover = sign,
                (Some(sign @ ('+' | '-')), _) => {
                    let st = match &mut st {
                        Some(st) => st,
                        None if rows.is_empty() && hands.is_empty() => st.insert(game.start()),
                        None => {
                            let text = sfen(&rows, &hands, mover).map_err(|e| at(here, e))?;
                            let p = notation::read_position(game, &text)
                                .map_err(|e| at(here, format!("the position: {e}")))?;
                            position = Some(text);
                            st.insert(game.start_at(&p))
                        }
                    };
                    let side = if st.mover.index() == 0 { '+' } else { '-' };
                    if st.is_over() {
                        return Err(at(here, format!("`{s}` comes after the end of the game")));
                    }
                    if sign != side {
                        return Err(at(
                            here,
                            format!("`{s}` is a move of {sign}, but {side} is to move"),
                        ));
                    }
                    let usi = usi_move(game, st, &s[1..]).map_err(|e| at(here, e))?;
                    let joined = notation::read_styles(game, st, &[NotationStyle::Usi], &usi)
                        .map_err(|e| at(here, e.to_string()))?
                        .ok_or_else(|| at(here, format!("`{s}` ({usi}) is no legal move here")))?;
                    notation::play_moves(game, st, &joined).map_err(|e| at(here, e.to_string()))?;
                    turns.push(notation::split_word(game, &joined));
                }
                _ => return Err(at(here, format!("`{s}` is not a statement of CSA's"))),
            }
        }
        if ending.is_some() {
            break;
        }
    }
    let end = st.unwrap_or_else(|| game.start());
    let to_move = &players[end.mover.index()];
    let result = match (end.result(), ending.as_ref().map(|(o, e)| (*o, e.as_str()))) {
        (Some(r), _) => Some(show::result_text(game, r)),
        (None, Some((_, "%TORYO"))) => Some(format!("{to_move} resigned")),
        (None, Some((_, "%SENNICHITE" | "%HIKIWAKE"))) => Some(DRAW_AGREED.to_string()),
        (None, Some((o, "%TSUMI"))) => {
            return Err(at(
                o,
                "`%TSUMI` says the game is won, but the rules go on".into(),
            ));
        }
        (None, _) => None,
    };
    Ok(Record {
        position,
        turns,
        result,
        tags,
        ..Record::foreign(game, file, source)
    })
}

/// The record's game as CSA (V2.2): the players, the kept `$` lines, the
/// position (`PI` for the game's start), the moves, and how it ended.
pub fn write(game: &Game, source: &str, record: &Record) -> Result<String, String> {
    let (end, _) = record
        .replay(game, source, None)
        .map_err(|e| e.to_string())?;
    let mut st = record.first_state(game).map_err(|e| e.to_string())?;
    let players = &game.rules.players;
    let mut out = String::from("V2.2\n");
    for (i, sign) in ["+", "-"].iter().enumerate() {
        let name = (record.tag(&format!("N{sign}")))
            .unwrap_or_else(|| players.get(i).cloned().unwrap_or_default());
        let _ = writeln!(out, "N{sign}{name}");
    }
    for (k, v) in record.tags.iter().filter(|(k, _)| k.starts_with('$')) {
        let _ = writeln!(out, "{k}:{v}");
    }
    match &record.position {
        None => out.push_str("PI\n"),
        Some(_) => out.push_str(&rows(game, &st)?),
    }
    out.push_str(if st.mover.index() == 0 { "+\n" } else { "-\n" });
    for (t, turn) in record.turns.iter().enumerate() {
        let joined = turn.join("/");
        let usi = notation::write_style(game, &st, NotationStyle::Usi, &joined)
            .ok_or_else(|| format!("turn {}: `{joined}` is no move USI writes", t + 1))?;
        let sign = if st.mover.index() == 0 { '+' } else { '-' };
        notation::play_moves(game, &mut st, &joined).map_err(|e| e.to_string())?;
        let (from, to) = match usi.split_once('*') {
            Some((_, to)) => ("00".to_string(), to.to_string()),
            None => (
                csa_square(&usi[..2]).unwrap_or_default(),
                usi[2..4].to_string(),
            ),
        };
        let to_cell =
            cell_of(game, &csa_square(&to).unwrap_or_default()).ok_or("a move off the board")?;
        let piece = game
            .piece_at(&st, to_cell)
            .ok_or("no piece where the move went")?;
        let letter = &game.rules.position_text.letters[piece.kind.index()];
        let code = code_of(letter).ok_or_else(|| format!("`{letter}` is no piece of CSA's"))?;
        let _ = writeln!(
            out,
            "{sign}{from}{}{code}",
            csa_square(&to).unwrap_or_default()
        );
    }
    let to_move = &players[end.mover.index()];
    match (end.result(), record.result.as_deref()) {
        (Some(GameResult::Win(_)), _) => out.push_str("%TSUMI\n"),
        (Some(GameResult::Draw), _) | (None, Some(DRAW_AGREED)) => out.push_str("%SENNICHITE\n"),
        (None, Some(r)) if r == format!("{to_move} resigned") => out.push_str("%TORYO\n"),
        _ => {}
    }
    Ok(out)
}

/// A position's `P1`... rows and `P+`/`P-` hands.
fn rows(game: &Game, st: &State) -> Result<String, String> {
    let (width, height) = game.board().extent();
    let letters = &game.rules.position_text.letters;
    let mut out = String::new();
    for rank in 1..=height {
        let _ = write!(out, "P{rank}");
        for file in (1..=width).rev() {
            let digits = format!("{file}{rank}");
            let piece = cell_of(game, &digits).and_then(|c| game.piece_at(st, c));
            match piece {
                None => out.push_str(" * "),
                Some(p) => {
                    let code =
                        code_of(&letters[p.kind.index()]).ok_or("a piece CSA has no name for")?;
                    let sign = if p.owner.is_some_and(|o| o.index() == 1) {
                        '-'
                    } else {
                        '+'
                    };
                    let _ = write!(out, "{sign}{code}");
                }
            }
        }
        out.push('\n');
    }
    for (i, sign) in ['+', '-'].iter().enumerate() {
        let mut hand = String::new();
        for (k, letter) in letters.iter().enumerate() {
            let n = st.in_hand(i, k, game.rules.pieces.len());
            if let Some(code) = code_of(letter) {
                for _ in 0..n {
                    let _ = write!(hand, "00{code}");
                }
            }
        }
        if !hand.is_empty() {
            let _ = writeln!(out, "P{sign}{hand}");
        }
    }
    Ok(out)
}
