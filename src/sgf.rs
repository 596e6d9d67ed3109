//! SGF, the records Go programs exchange (Sabaki, GoGui, KGS, OGS): read
//! into a gdl [`Record`] (`gdl replay GAME.sgf --game games/go.gdl`) and
//! written from one (`gdl replay REC --sgf`), for placement games on square
//! boards whose every action is a cell or `pass` (Go, Gomoku, Connect6).
//!
//! A point is two letters, the column from the left and the row from the
//! top (`dd` is gdl's `d16` on 19×19); `B[]`, or `B[tt]` on a board of at
//! most 19 rows, is a pass. Reading follows the main line (the first
//! variation at each branch): the root's `SZ` and `KM` set the game's
//! options `size` and `komi`, each `B`/`W` node is one action of that
//! colour (the game's first and second player), and `RE` gives the result:
//! the game's own when the moves end it (an SGF that says another winner is
//! refused), a resignation (`B+R`, or any win before the end), a draw
//! agreed (`0`, `Draw`). Other properties are skipped; setup stones
//! (`AB`, `AW`) are refused. Every refusal names its line and column.

use std::fmt::Write;

use crate::OptionChoice;
use crate::engine::{Game, GameResult};
use crate::ids::Cell;
use crate::notation;
use crate::record::{DRAW_AGREED, ForeignError, Record};
use crate::show;

/// One property of a node: its name, its values, where it starts.
#[derive(Debug)]
struct Property {
    at: usize,
    name: String,
    values: Vec<String>,
}

/// The main line of the first game tree of `text`: its nodes' properties,
/// in order.
fn main_line(text: &str) -> Result<Vec<Vec<Property>>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut i = text
        .find('(')
        .ok_or((0, "no game tree: an SGF starts with `(;`".to_string()))?
        + 1;
    let mut nodes: Vec<Vec<Property>> = Vec::new();
    loop {
        let Some(&c) = bytes.get(i) else {
            return Err((text.len(), "the game tree is never closed by `)`".into()));
        };
        match c {
            b if b.is_ascii_whitespace() => i += 1,
            b';' => {
                nodes.push(Vec::new());
                i += 1;
            }
            // A branch: the main line goes on into its first variation...
            b'(' => i += 1,
            // ... and ends with it: the other variations are not read.
            b')' => return Ok(nodes),
            b'A'..=b'Z' | b'a'..=b'z' => {
                let start = i;
                while bytes.get(i).is_some_and(|b| b.is_ascii_alphabetic()) {
                    i += 1;
                }
                let name: String = text[start..i]
                    .chars()
                    .filter(char::is_ascii_uppercase)
                    .collect();
                let mut values = Vec::new();
                loop {
                    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                        i += 1;
                    }
                    if bytes.get(i) != Some(&b'[') {
                        break;
                    }
                    let (value, end) = property_value(text, i)?;
                    values.push(value);
                    i = end;
                }
                if values.is_empty() {
                    return Err((start, format!("the property `{name}` has no value `[...]`")));
                }
                let Some(node) = nodes.last_mut() else {
                    return Err((
                        start,
                        format!("the property `{name}` is before any node `;`"),
                    ));
                };
                node.push(Property {
                    at: start,
                    name,
                    values,
                });
            }
            _ => return Err((i, format!("`{}` is not SGF here", c as char))),
        }
    }
}

/// The value of the property opened by `[` at `start` (`\` escapes) and
/// where it ends (after its `]`).
fn property_value(text: &str, start: usize) -> Result<(String, usize), (usize, String)> {
    let mut value = String::new();
    let mut chars = text[start + 1..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, next)) = chars.next() {
                    value.push(next);
                }
            }
            ']' => return Ok((value, start + 1 + k + 1)),
            c => value.push(c),
        }
    }
    Err((start, "a value `[` that is never closed by `]`".into()))
}

/// The square board's rows (a cell's label is one column letter and its
/// row from the bottom, as on `square(n)` boards), or why SGF points do
/// not fit it.
fn rows(game: &Game) -> Result<usize, String> {
    let board = game.board();
    let mut rows = 0;
    for c in 0..board.len() {
        let label = board.label(Cell::new(c));
        let (column, row) = label.split_at(1);
        match (column.chars().next(), row.parse::<usize>()) {
            (Some('a'..='z'), Ok(r)) if r >= 1 => rows = rows.max(r),
            _ => {
                return Err(format!(
                    "SGF points are for square boards, and `{label}` is no point of one"
                ));
            }
        }
    }
    Ok(rows)
}

/// SGF's letter for coordinate `k` (from 0): `a` to `z`, then `A` to `Z`.
fn coordinate(k: usize) -> Option<char> {
    match k {
        0..=25 => Some((b'a' + k as u8) as char),
        26..=51 => Some((b'A' + (k - 26) as u8) as char),
        _ => None,
    }
}

fn coordinate_value(c: char) -> Option<usize> {
    match c {
        'a'..='z' => Some(c as usize - 'a' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 26),
        _ => None,
    }
}

/// The options an SGF's root sets (`SZ` as `size`, `KM` as `komi`), for a
/// game that declares them (other games take their own values), each with
/// its property as messages name it (`1:3: SZ[4]`).
pub fn options(
    game_options: &[String],
    text: &str,
) -> Result<Vec<(OptionChoice, String)>, ForeignError> {
    let at = |offset: usize, message: String| ForeignError::at(text, offset, message);
    let nodes = main_line(text).map_err(|(o, m)| at(o, m))?;
    let mut out = Vec::new();
    for p in nodes.first().into_iter().flatten() {
        let option = match p.name.as_str() {
            "SZ" => "size",
            "KM" => "komi",
            _ => continue,
        };
        if game_options.iter().any(|o| o == option) {
            let value = p.values[0].trim();
            let choice = format!("{option}={value}")
                .parse::<OptionChoice>()
                .map_err(|e| at(p.at, format!("{}: {e}", p.name)))?;
            let place = ForeignError::at(text, p.at, format!("{}[{value}]", p.name));
            out.push((choice, place.to_string()));
        }
    }
    Ok(out)
}

/// Reads the main line of an SGF `text` as a record of `game` (loaded, with
/// the [`options`] the SGF sets, from `file` whose text is `source`).
pub fn read(
    game: &Game,
    file: &str,
    source: &str,
    text: &str,
) -> Result<crate::record::Record, ForeignError> {
    let at = |offset: usize, message: String| ForeignError::at(text, offset, message);
    let nodes = main_line(text).map_err(|(o, m)| at(o, m))?;
    let rows = rows(game).map_err(|m| at(0, m))?;
    let players = &game.rules.players;
    let mut st = game.start();
    let mut turns = Vec::new();
    let mut said: Option<(usize, String)> = None;
    // The root's properties but those gdl writes itself, kept for writing
    // the record back as SGF (values with `]` escaped again then).
    let written = ["FF", "CA", "AP", "SZ", "KM"];
    let tags: Vec<(String, String)> = (nodes.first().into_iter().flatten())
        .filter(|p| !written.contains(&p.name.as_str()) && !["B", "W"].contains(&p.name.as_str()))
        .filter(|p| p.values.len() == 1)
        .map(|p| (p.name.clone(), p.values[0].clone()))
        .collect();
    for p in nodes.iter().flatten() {
        let colour = match p.name.as_str() {
            "B" => 0,
            "W" => 1,
            "RE" => {
                said = Some((p.at, p.values[0].trim().to_string()));
                continue;
            }
            "AB" | "AW" | "AE" => {
                return Err(at(
                    p.at,
                    format!(
                        "setup stones (`{}`) are not read: gdl replays games from their start",
                        p.name
                    ),
                ));
            }
            _ => continue,
        };
        if st.is_over() {
            return Err(at(p.at, "a move after the end of the game".into()));
        }
        if st.mover.index() != colour {
            return Err(at(
                p.at,
                format!(
                    "`{}` is a move of {}, but {} is to move",
                    p.name,
                    players[colour],
                    players[st.mover.index()]
                ),
            ));
        }
        let point = p.values[0].trim();
        let word = match point.chars().collect::<Vec<_>>().as_slice() {
            [] => "pass".to_string(),
            ['t', 't'] if rows <= 19 => "pass".to_string(),
            [x, y] => {
                let (Some(x), Some(y)) = (coordinate_value(*x), coordinate_value(*y)) else {
                    return Err(at(p.at, format!("`{point}` is no point")));
                };
                let label = format!("{}{}", coordinate(x).unwrap_or('?'), rows.saturating_sub(y));
                if y >= rows || game.board().cell_by_label(&label).is_none() {
                    return Err(at(p.at, format!("`{point}` is off the board")));
                }
                label
            }
            _ => return Err(at(p.at, format!("`{point}` is no point"))),
        };
        notation::play_moves(game, &mut st, &word)
            .map_err(|e| at(p.at, format!("{}[{point}]: {e}", p.name)))?;
        turns.push(vec![word]);
    }
    let winner = |text: &str| match text.chars().next() {
        Some('B' | 'b') if text[1..].starts_with('+') => Some(0),
        Some('W' | 'w') if text[1..].starts_with('+') => Some(1),
        _ => None,
    };
    let result = match (said, st.result()) {
        (None, now) => now.map(|r| show::result_text(game, r)),
        (Some((offset, said)), Some(now)) => {
            let same = match (winner(&said), now) {
                (Some(w), GameResult::Win(p)) => w == p.index(),
                (None, GameResult::Draw) => true,
                (None, GameResult::Win(_)) => said.is_empty() || said == "?" || said == "Void",
                (Some(_), GameResult::Draw) => false,
            };
            if !same {
                return Err(at(
                    offset,
                    format!(
                        "RE[{said}], but the game says `{}`",
                        show::result_text(game, now)
                    ),
                ));
            }
            Some(show::result_text(game, now))
        }
        (Some((_, said)), None) => match winner(&said) {
            Some(w) if players.len() == 2 => Some(format!("{} resigned", players[1 - w])),
            _ if said == "0" || said.eq_ignore_ascii_case("draw") => Some(DRAW_AGREED.to_string()),
            _ => None,
        },
    };
    Ok(Record {
        turns,
        result,
        tags,
        ..Record::foreign(game, file, source)
    })
}

/// The record's game as SGF: `FF[4]`, the board's size, the game's komi
/// if it has one, the players and result, then one node per action.
pub fn write(game: &Game, source: &str, record: &Record) -> Result<String, String> {
    if record.position.is_some() {
        return Err("a game from a position cannot be written as SGF (no setup stones)".into());
    }
    let (end, played) = record
        .replay(game, source, None)
        .map_err(|e| e.to_string())?;
    let rows = rows(game)?;
    let players = &game.rules.players;
    if players.len() != 2 {
        return Err("SGF records games of two players".into());
    }
    let mut out = String::from("(;FF[4]CA[UTF-8]AP[gdl]");
    let _ = write!(out, "SZ[{rows}]");
    if let Some((_, komi)) = game.rules.options.iter().find(|(k, _)| k == "komi") {
        let _ = write!(out, "KM[{komi}]");
    }
    // The root properties of the SGF read, if it was one, in place of
    // gdl's and after them.
    let kept = |name: &str| {
        (record.tags.iter())
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let escaped = |v: &str| v.replace('\\', "\\\\").replace(']', "\\]");
    let _ = write!(
        out,
        "PB[{}]PW[{}]",
        escaped(kept("PB").unwrap_or(&players[0])),
        escaped(kept("PW").unwrap_or(&players[1]))
    );
    let result = match (end.result(), record.result.as_deref()) {
        (Some(GameResult::Win(p)), _) => Some(format!("{}+", ["B", "W"][p.index()])),
        (Some(GameResult::Draw), _) => Some("0".into()),
        (None, Some(r)) if r == format!("{} resigned", players[1]) => Some("B+R".into()),
        (None, Some(r)) if r == format!("{} resigned", players[0]) => Some("W+R".into()),
        (None, Some(DRAW_AGREED)) => Some("0".into()),
        (None, _) => None,
    };
    // The record's own words for the same result (`W+Resign`, `B+2.5`).
    let winner_of = |text: &str| text.get(..2).map(str::to_ascii_uppercase);
    let result = match (result, kept("RE")) {
        (Some(r), Some(said)) if winner_of(&r) == winner_of(said) => Some(said.to_string()),
        (r, _) => r,
    };
    if let Some(r) = result {
        let _ = write!(out, "RE[{}]", escaped(&r));
    }
    for (name, value) in &record.tags {
        if !["PB", "PW", "RE"].contains(&name.as_str()) {
            let _ = write!(out, "{name}[{}]", escaped(value));
        }
    }
    let mut st = game.start();
    for (k, &a) in played.iter().enumerate() {
        let colour = ["B", "W"][st.mover.index()];
        let point = match a.cell() {
            None if (game.rules.choices.get(a.choice as usize))
                .is_some_and(|c| matches!(c.kind, crate::rules::ChoiceKind::Pass)) =>
            {
                String::new()
            }
            None => {
                return Err(format!(
                    "action {} is neither a cell nor `pass`, which SGF cannot write",
                    k + 1
                ));
            }
            Some(c) => {
                let label = game.board().label(c);
                let (column, row) = label.split_at(1);
                let x = column.as_bytes()[0] as usize - b'a' as usize;
                let y = rows - row.parse::<usize>().map_err(|e| e.to_string())?;
                match (coordinate(x), coordinate(y)) {
                    (Some(x), Some(y)) => format!("{x}{y}"),
                    _ => return Err(format!("`{label}` is past SGF's 52 columns")),
                }
            }
        };
        let _ = write!(out, "\n;{colour}[{point}]");
        game.play_unchecked(&mut st, a);
    }
    out.push_str(")\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        main_line(text)
            .expect("a game tree")
            .iter()
            .flatten()
            .map(|p| format!("{}{:?}", p.name, p.values))
            .collect()
    }

    #[test]
    fn the_main_line_is_the_first_variation_at_each_branch() {
        let text = "(;SZ[9]C[a \\] bracket];B[aa](;W[bb];B[cc])(;W[dd]))";
        assert_eq!(
            moves(text),
            [
                "SZ[\"9\"]",
                "C[\"a ] bracket\"]",
                "B[\"aa\"]",
                "W[\"bb\"]",
                "B[\"cc\"]"
            ]
        );
        // Lower case letters in a name are an old form: `AddBlack` is `AB`.
        assert_eq!(moves("(;AddBlack[aa])"), ["AB[\"aa\"]"]);
    }

    #[test]
    fn coordinates_go_past_z_in_capitals() {
        assert_eq!(coordinate(0), Some('a'));
        assert_eq!(coordinate(26), Some('A'));
        assert_eq!(coordinate(52), None);
        assert_eq!(coordinate_value('B'), Some(27));
    }
}
