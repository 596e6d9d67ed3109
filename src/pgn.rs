//! PGN, the records chess programs exchange: read into a gdl [`Record`]
//! (`gdl replay GAME.pgn --game games/chess.gdl`) and written from one
//! (`gdl replay REC --pgn`), for the games whose turns are one move each
//! and whose position text gives the pieces letters (the chess family).
//!
//! Reading takes the first game of the text: its tag pairs (`FEN` and
//! `SetUp` start it from a position; the others are kept out of the gdl
//! record), then its moves in SAN (see [`notation::read_san`]). Move
//! numbers, comments (`{...}`, `;` to the end of the line), variations
//! (`(...)`, nested), annotation glyphs (`$1`) and `!`/`?` are skipped. The
//! result token, or the `Result` tag, gives the record's result: the
//! game's own when the moves end it (a PGN that says otherwise is refused),
//! a resignation for `1-0`/`0-1` before the end, a draw agreed for
//! `1/2-1/2` before it, none for `*`. Every refusal names its line and column.

use std::fmt::Write;

use crate::engine::{Game, GameResult, State};
use crate::notation;
use crate::record::{DRAW_AGREED, ForeignError, Record};
use crate::rules::NotationStyle;
use crate::show;

/// One token of a PGN text and where it starts (byte offset).
#[derive(Debug, PartialEq)]
enum Token<'t> {
    /// `[Name "value"]`.
    Tag(&'t str, String),
    /// A move's word, or a move number, or a result.
    Word(&'t str),
    /// `{...}`: a comment, its text.
    Comment(&'t str),
}

/// Splits `text` into tags and words, comments and variations skipped.
fn tokens(text: &str) -> Result<Vec<(usize, Token<'_>)>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b if b.is_ascii_whitespace() => i += 1,
            b'{' => match text[i..].find('}') {
                Some(n) => {
                    out.push((i, Token::Comment(text[i + 1..i + n].trim())));
                    i += n + 1;
                }
                None => return Err((i, "a comment `{` that is never closed by `}`".into())),
            },
            b';' => i = text[i..].find('\n').map_or(bytes.len(), |n| i + n),
            // An escape line: `%` in the first column.
            b'%' if i == 0 || bytes[i - 1] == b'\n' => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n)
            }
            b'(' => i = variation_end(text, i)?,
            b')' => return Err((i, "a `)` with no `(` before it".into())),
            b'[' => {
                let end = text[i..]
                    .find(']')
                    .map(|n| i + n)
                    .ok_or((i, "a tag `[` that is never closed by `]`".to_string()))?;
                let inside = text[i + 1..end].trim();
                let (name, value) = inside
                    .split_once(char::is_whitespace)
                    .ok_or((i, format!("the tag `[{inside}]` has no value")))?;
                let value = value.trim();
                let Some(quoted) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
                    return Err((i, format!("the tag {name}'s value is not in double quotes")));
                };
                out.push((
                    i,
                    Token::Tag(name, quoted.replace("\\\"", "\"").replace("\\\\", "\\")),
                ));
                i = end + 1;
            }
            _ => {
                let end = text[i..]
                    .find(|c: char| c.is_whitespace() || "{}()[];".contains(c))
                    .map_or(bytes.len(), |n| i + n);
                out.push((i, Token::Word(&text[i..end])));
                i = end;
            }
        }
    }
    Ok(out)
}

/// Where the variation opened at `start` ends (after its `)`), nested
/// ones and comments inside it skipped.
fn variation_end(text: &str, start: usize) -> Result<usize, (usize, String)> {
    let mut depth = 0;
    let mut in_comment = false;
    for (k, c) in text[start..].char_indices() {
        match (in_comment, c) {
            (true, '}') => in_comment = false,
            (true, _) => {}
            (false, '{') => in_comment = true,
            (false, '(') => depth += 1,
            (false, ')') => {
                depth -= 1;
                if depth == 0 {
                    return Ok(start + k + 1);
                }
            }
            (false, _) => {}
        }
    }
    Err((start, "a variation `(` that is never closed by `)`".into()))
}

/// What a result token says.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Said {
    /// The first player won (`1-0`).
    First,
    /// The second player won (`0-1`).
    Second,
    Draw,
    /// Not known (`*`).
    Unknown,
}

/// What differs between PGN and the records built on it (PDN, see
/// [`crate::pdn`]): the result tokens, the notation of the moves and of
/// the `FEN` tag.
pub(crate) struct Flavour {
    /// The format's name, in messages.
    pub name: &'static str,
    /// Each result token read, and what it says.
    pub results: &'static [(&'static str, Said)],
    /// The tokens written: the first player won, the second, a draw.
    pub written: [&'static str; 3],
    /// How the moves are written.
    pub style: NotationStyle,
    /// The position a `FEN` tag gives, as the game's own position text.
    pub read_position: fn(&Game, &str) -> Result<String, String>,
    /// A position in the `FEN` tag's notation.
    pub write_position: fn(&Game, &State) -> String,
}

/// PGN's flavour: results `1-0`, `0-1`, `1/2-1/2`, `*`, moves in SAN, the
/// `FEN` tag in the game's position text.
pub(crate) const PGN: Flavour = Flavour {
    name: "PGN",
    results: &[
        ("1-0", Said::First),
        ("0-1", Said::Second),
        ("1/2-1/2", Said::Draw),
        ("*", Said::Unknown),
    ],
    written: ["1-0", "0-1", "1/2-1/2"],
    style: NotationStyle::San,
    read_position: |_, text| Ok(text.to_string()),
    write_position: notation::write_position,
};

/// Reads the first game of a PGN `text` as a record of `game`, loaded
/// from `file` whose text is `source`.
pub fn read(game: &Game, file: &str, source: &str, text: &str) -> Result<Record, ForeignError> {
    read_as(game, file, source, text, &PGN)
}

/// Reads the first game of a `flavour` text (PGN, PDN).
pub(crate) fn read_as(
    game: &Game,
    file: &str,
    source: &str,
    text: &str,
    flavour: &Flavour,
) -> Result<Record, ForeignError> {
    let at = |offset: usize, message: String| ForeignError::at(text, offset, message);
    let said_by = |word: &str| flavour.results.iter().find(|r| r.0 == word).map(|r| r.1);
    let tokens = tokens(text).map_err(|(o, m)| at(o, m))?;
    let mut position = None;
    let mut said: Option<(usize, String)> = None;
    let mut st: Option<State> = None;
    let mut turns: Vec<Vec<String>> = Vec::new();
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    for (offset, token) in tokens {
        match token {
            // Kept with the number of turns before it.
            Token::Comment(text) => comments.push((turns.len(), text.to_string())),
            Token::Tag(name, value) if st.is_none() => match name {
                "FEN" => {
                    let text = (flavour.read_position)(game, &value)
                        .map_err(|e| at(offset, format!("the FEN tag: {e}")))?;
                    position = Some((offset, text));
                }
                "Result" if said_by(&value).is_some() => said = Some((offset, value)),
                "SetUp" => {}
                _ => tags.push((name.to_string(), value)),
            },
            // The next game's tags: the first game is read alone.
            Token::Tag(..) => break,
            Token::Word(word) => {
                let st = match &mut st {
                    Some(st) => st,
                    None => st.insert(match &position {
                        None => game.start(),
                        Some((o, fen)) => {
                            let p = notation::read_position(game, fen)
                                .map_err(|e| at(*o, format!("the FEN tag: {e}")))?;
                            game.start_at(&p)
                        }
                    }),
                };
                if said_by(word).is_some() {
                    said = Some((offset, word.to_string()));
                    break;
                }
                // A move number: `12.`, `12...`, or `12.` run into its
                // move (not the digits of a move: `32-28`).
                let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
                let word = match digits.starts_with('.') {
                    true => digits.trim_start_matches('.'),
                    false => word,
                };
                if word.is_empty() || word.starts_with('$') {
                    continue;
                }
                if st.is_over() {
                    return Err(at(
                        offset,
                        format!("`{word}` comes after the end of the game"),
                    ));
                }
                let found = match flavour.style {
                    NotationStyle::San => notation::read_san(game, st, word),
                    style => notation::read_styles(game, st, &[style], word)
                        .map(|found| found.into_iter().collect()),
                }
                .map_err(|e| at(offset, format!("`{word}`: {e}")))?;
                let joined = match found.as_slice() {
                    [one] => one.clone(),
                    [] => {
                        let ply = st.ply;
                        return Err(at(
                            offset,
                            format!("`{word}` is no legal move here (ply {ply})"),
                        ));
                    }
                    several => {
                        return Err(at(
                            offset,
                            format!("`{word}` could be {}", several.join(" or ")),
                        ));
                    }
                };
                notation::play_moves(game, st, &joined)
                    .map_err(|e| at(offset, format!("`{word}`: {e}")))?;
                turns.push(notation::split_word(game, &joined));
            }
        }
    }
    let end = st.map(|st| st.result());
    let result = match (said, end.flatten()) {
        (None, now) => now.map(|r| show::result_text(game, r)),
        (Some((offset, word)), now) => {
            let players = &game.rules.players;
            let meaning = |r: GameResult| match r {
                GameResult::Win(p) if p.index() == 0 => Said::First,
                GameResult::Win(_) => Said::Second,
                GameResult::Draw => Said::Draw,
            };
            let said = said_by(&word).unwrap_or(Said::Unknown);
            match (now, said) {
                (Some(r), s) if s == meaning(r) || s == Said::Unknown => {
                    Some(show::result_text(game, r))
                }
                (Some(r), _) => {
                    return Err(at(
                        offset,
                        format!(
                            "the {} says {word}, the game says `{}`",
                            flavour.name,
                            show::result_text(game, r)
                        ),
                    ));
                }
                (None, Said::First) if players.len() == 2 => {
                    Some(format!("{} resigned", players[1]))
                }
                (None, Said::Second) if players.len() == 2 => {
                    Some(format!("{} resigned", players[0]))
                }
                (None, Said::Draw) => Some(DRAW_AGREED.to_string()),
                (None, _) => None,
            }
        }
    };
    Ok(Record {
        // A FEN tag of the game's own start (PDN writers give one always)
        // is no position of its own.
        position: position
            .map(|(_, text)| text)
            .filter(|text| *text != notation::write_position(game, &game.start())),
        turns,
        result,
        tags,
        comments,
        ..Record::foreign(game, file, source)
    })
}

/// The record's game as PGN: the seven tags PGN requires (`?` where the
/// record says nothing), `SetUp` and `FEN` for a game from a position, the
/// moves in SAN, numbered, and the result. The record must replay on
/// `game` (loaded from `source`); a turn that is not one move is refused.
pub fn write(game: &Game, source: &str, record: &Record) -> Result<String, String> {
    write_as(game, source, record, &PGN)
}

/// The record's game as a `flavour` text (PGN, PDN).
pub(crate) fn write_as(
    game: &Game,
    source: &str,
    record: &Record,
    flavour: &Flavour,
) -> Result<String, String> {
    let (end, _) = record
        .replay(game, source, None)
        .map_err(|e| e.to_string())?;
    let mut st = record.first_state(game).map_err(|e| e.to_string())?;
    let players = &game.rules.players;
    let [first, second, draw] = flavour.written;
    let result = match (end.result(), record.result.as_deref()) {
        (Some(GameResult::Win(p)), _) if p.index() == 0 => first,
        (Some(GameResult::Win(_)), _) => second,
        (Some(GameResult::Draw), _) => draw,
        (None, Some(r)) if players.len() == 2 && r == format!("{} resigned", players[1]) => first,
        (None, Some(r)) if players.len() == 2 && r == format!("{} resigned", players[0]) => second,
        (None, Some(DRAW_AGREED)) => draw,
        (None, _) => "*",
    };
    let name = |i: usize| players.get(i).map_or("?".to_string(), |p| p.clone());
    // The players named white and black (English draughts' black moves
    // first); else the first and the second.
    let seat = |colour: &str| players.iter().position(|p| p == colour);
    let mut out = String::new();
    // The tags of the record read, if it was one of this format, in place
    // of the seven's defaults and after them.
    let roster = [
        ("Event", format!("{} (gdl)", game.rules.name)),
        ("Site", "?".into()),
        ("Date", "????.??.??".into()),
        ("Round", "?".into()),
        ("White", name(seat("white").unwrap_or(0))),
        ("Black", name(seat("black").unwrap_or(1))),
    ];
    let mut tags: Vec<(String, String)> = (roster.into_iter())
        .map(|(tag, value)| (tag.to_string(), record.tag(tag).unwrap_or(value)))
        .collect();
    tags.push(("Result".into(), result.into()));
    let others: Vec<(String, String)> = (record.tags.iter())
        .filter(|(t, _)| !tags.iter().any(|(k, _)| k == t) && t != "FEN")
        .cloned()
        .collect();
    tags.extend(others);
    for (tag, value) in tags {
        let _ = writeln!(
            out,
            "[{tag} \"{}\"]",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        );
    }
    if record.position.is_some() {
        let fen = (flavour.write_position)(game, &st);
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    // A comment's words, wrapped as the moves are.
    let comments_after = |t: usize, words: &mut Vec<String>| {
        let mut any = false;
        for (_, text) in record.comments.iter().filter(|(n, _)| *n == t) {
            words.push(format!("{{{text}}}"));
            any = true;
        }
        any
    };
    // A move of the second player after a comment is numbered again.
    let mut first = !comments_after(0, &mut words);
    for (t, turn) in record.turns.iter().enumerate() {
        let turns = notation::list_turns(game, &st).map_err(|e| e.to_string())?;
        let mut after = st.clone();
        notation::play_moves(game, &mut after, &turn.join(" ")).map_err(|e| e.to_string())?;
        // The listed turn that leads where the record's does.
        let joined = turns
            .iter()
            .find(|j| {
                let mut b = st.clone();
                notation::play_moves(game, &mut b, j).is_ok() && b.hash() == after.hash()
            })
            .ok_or_else(|| {
                format!(
                    "turn {}: `{}` is not one of the legal turns",
                    t + 1,
                    turn.join(" ")
                )
            })?;
        let written = match flavour.style {
            NotationStyle::San => notation::write_san(game, &st, &turns, joined),
            style => notation::write_style(game, &st, style, joined),
        };
        let san = written.ok_or_else(|| {
            format!(
                "turn {}: `{}` is not one move, which {} cannot write",
                t + 1,
                turn.join(" "),
                flavour.name
            )
        })?;
        // White's moves are numbered; a game starting with Black's, too.
        // A move number stays on the line of its move.
        let round = st.turn.saturating_sub(1) / players.len() as u32 + 1;
        if st.mover.index() == 0 {
            words.push(format!("{round}. {san}"));
        } else if first {
            words.push(format!("{round}... {san}"));
        } else {
            words.push(san);
        }
        first = comments_after(t + 1, &mut words);
        st = after;
    }
    words.push(result.into());
    // Lines of at most 79 characters, as PGN's export format asks.
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    let _ = writeln!(out, "{line}");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        tokens(text)
            .expect("tokens")
            .into_iter()
            .map(|(_, t)| match t {
                Token::Tag(n, v) => format!("[{n}={v}]"),
                Token::Word(w) => w.to_string(),
                Token::Comment(c) => format!("{{{c}}}"),
            })
            .collect()
    }

    #[test]
    fn comments_variations_and_escapes_are_skipped() {
        let text = "[White \"A \\\"B\\\"\"]\n% escape\n1. e4 {c (not a variation)} e5 \
                    (1... c5 (1... e6) 2. Nf3) 2. Nf3 ; rest\n$1 *";
        assert_eq!(
            words(text),
            [
                "[White=A \"B\"]",
                "1.",
                "e4",
                "{c (not a variation)}",
                "e5",
                "2.",
                "Nf3",
                "$1",
                "*"
            ]
        );
    }

    #[test]
    fn unclosed_parts_are_found_where_they_open() {
        assert_eq!(tokens("1. e4 (e5").map_err(|e| e.0), Err(6));
        assert_eq!(tokens("1. e4 {e5").map_err(|e| e.0), Err(6));
        assert_eq!(tokens("e4 )").map_err(|e| e.0), Err(3));
        let e = ForeignError::at("ab\ncd", 4, String::new());
        assert_eq!((e.line, e.column), (2, 2));
    }
}
