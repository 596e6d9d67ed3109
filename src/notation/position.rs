//! A position as one line of text, by the fields the game's `position
//! text` declares (FEN for chess): [`read_position`] for `--position` and a
//! test's `from:`, [`write_position`] for `show`. Fields are separated by
//! spaces; trailing fields may be left out (they keep their values at the
//! start of a game).

use crate::limits::MAX_SETUP_STACK;
use std::fmt;

use crate::engine::{Game, StartPosition, State};
use crate::ids::{Cell, Kind, Piece, Player};
use crate::limits::MAX_TURN;
use crate::rules::TextField;

use super::pocket::{read_pocket, split_pocket, write_pocket};

/// What is wrong with a position's text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The byte offset in the text where the fault is.
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column + 1, self.message)
    }
}

impl std::error::Error for PositionError {}

pub(super) fn fault(column: usize, message: impl Into<String>) -> PositionError {
    PositionError {
        column,
        message: message.into(),
    }
}

/// The board's rows as the text writes them: from the top line, left to
/// right (cells are numbered in that order).
fn rows(game: &Game) -> Vec<Vec<Cell>> {
    let board = game.board();
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut line = None;
    for c in board.cells() {
        let y = board.cell(c).y;
        if line != Some(y) {
            rows.push(Vec::new());
            line = Some(y);
        }
        rows.last_mut().expect("a row").push(c);
    }
    rows
}

/// The position `text` describes in `game`'s position text.
pub fn read_position(game: &Game, text: &str) -> Result<StartPosition, PositionError> {
    let rules = &game.rules;
    let fields = &rules.position_text.fields;
    // A position is one line: a line break or a tab would be read as a
    // space here, and then break a record's `position:` line.
    if let Some((at, ch)) = text.char_indices().find(|(_, c)| c.is_control()) {
        let msg = format!(
            "`{}` is a control character: a position is one line, its fields separated by spaces",
            ch.escape_debug()
        );
        return Err(fault(at, msg));
    }
    let mut tokens: Vec<(usize, &str)> = text
        .split_ascii_whitespace()
        .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
        .collect();
    // The pocket is glued to the field before it (`...KBNR[Qn] w`).
    if let Some(i) = fields.iter().position(|f| *f == TextField::Pocket)
        && (1..=tokens.len()).contains(&i)
    {
        let rows = match fields[i - 1] {
            TextField::Board => rows(game).len(),
            _ => usize::MAX,
        };
        let (before, pocket) = split_pocket(tokens[i - 1].0, tokens[i - 1].1, rows);
        tokens[i - 1] = before;
        tokens.insert(i, pocket);
    }
    if tokens.is_empty() {
        return Err(fault(0, "the position is empty"));
    }
    if tokens.len() > fields.len() {
        let (at, extra) = tokens[fields.len()];
        return Err(fault(
            at,
            format!(
                "`{extra}` is one field too many: this game writes {} ({})",
                fields.len(),
                field_names(game)
            ),
        ));
    }
    let mut position = StartPosition::default();
    let mut round = None;
    let mut turn_given = false;
    for (field, &(at, token)) in fields.iter().zip(&tokens) {
        match field {
            TextField::Board => position.pieces = read_board(game, at, token)?,
            TextField::Mover(words) => {
                let Some(i) = words.iter().position(|w| w == token) else {
                    let msg = format!("`{token}` is no player: write {}", words.join(" or "));
                    return Err(fault(at, msg));
                };
                position.mover = Player::new(i);
            }
            TextField::Flags { mark, flags } => {
                if token == "-" {
                    continue;
                }
                let mut rest = token;
                let mut seen: Vec<&str> = Vec::new();
                while !rest.is_empty() {
                    let here = at + token.len() - rest.len();
                    let Some((letter, flag)) = flags
                        .iter()
                        .filter(|(l, _)| rest.starts_with(l.as_str()))
                        .max_by_key(|(l, _)| l.len())
                    else {
                        let known: Vec<&str> = flags.iter().map(|(l, _)| l.as_str()).collect();
                        let msg = format!(
                            "`{}` is no flag here: write some of {}, or `-`",
                            rest.chars().next().unwrap_or(' '),
                            known.join(" ")
                        );
                        return Err(fault(here, msg));
                    };
                    if seen.contains(&letter.as_str()) {
                        let msg = format!("`{letter}` is given twice: write each flag once");
                        return Err(fault(here, msg));
                    }
                    seen.push(letter.as_str());
                    // The board is read before the flags.
                    let pieces = &position.pieces;
                    let cells = flag.cells(|c| pieces.iter().find(|p| p.0 == c).map(|p| p.1));
                    if cells.is_empty() {
                        let msg = format!("`{letter}` finds no such piece on the board");
                        return Err(fault(here, msg));
                    }
                    position.marks.extend(cells.iter().map(|&c| (c, *mark)));
                    rest = &rest[letter.len()..];
                }
            }
            TextField::CellOf(mark) => {
                if token == "-" {
                    continue;
                }
                let Some(c) = game.board().cell_by_label(token) else {
                    return Err(fault(
                        at,
                        format!("`{token}` is no cell of the board, nor `-`"),
                    ));
                };
                position.marks.push((c, *mark));
            }
            TextField::CellsOf(mark) => {
                if token == "-" {
                    continue;
                }
                for label in token.split(',') {
                    let Some(c) = game.board().cell_by_label(label) else {
                        return Err(fault(
                            at,
                            format!(
                                "`{label}` is no cell of the board: write the cells joined by `,`, or `-`"
                            ),
                        ));
                    };
                    if position.marks.contains(&(c, *mark)) {
                        return Err(fault(at, format!("`{label}` is written twice")));
                    }
                    position.marks.push((c, *mark));
                }
            }
            TextField::Number(vars) => {
                let parts: Vec<&str> = token.split('+').collect();
                if parts.len() != vars.len() {
                    let names: Vec<&str> = vars
                        .iter()
                        .map(|&v| game.rules.variables[v].name.as_str())
                        .collect();
                    return Err(fault(
                        at,
                        format!(
                            "`{token}`: expected {} whole numbers joined by `+` ({})",
                            vars.len(),
                            names.join(" + ")
                        ),
                    ));
                }
                for (&v, part) in vars.iter().zip(parts) {
                    let value = whole(at, part)?;
                    position.variables.push((v, value as f64));
                }
            }
            TextField::Moves => round = Some(whole(at, token)?.max(1)),
            TextField::Turn => {
                position.turn = whole(at, token)?.max(1);
                turn_given = true;
            }
            TextField::Hands => position.hands = read_hands(game, at, token)?,
            TextField::Pocket => position.hands = read_pocket(game, at, token)?,
            TextField::Dash => {
                if token != "-" {
                    return Err(fault(at, format!("expected `-` here, not `{token}`")));
                }
            }
        }
    }
    // A move number left out is the first: the turn still follows from the
    // mover, as `show` writes it (FEN's `... b` is `... b - - 0 1`, turn 2).
    if round.is_none() && !turn_given && fields.contains(&TextField::Moves) {
        round = Some(1);
    }
    if let Some(round) = round {
        let players = rules.players.len() as u32;
        position.turn = (round - 1)
            .saturating_mul(players)
            .saturating_add(position.mover.index() as u32 + 1);
    }
    if position.turn > MAX_TURN {
        let msg = format!("the turn is at most {MAX_TURN}, not {}", position.turn);
        return Err(fault(0, msg));
    }
    Ok(position)
}

/// The names of the fields, for messages.
fn field_names(game: &Game) -> String {
    let names: Vec<String> = game
        .rules
        .position_text
        .fields
        .iter()
        .map(|f| match f {
            TextField::Board => "board".to_string(),
            TextField::Mover(_) => "mover".to_string(),
            TextField::Flags { mark, .. } => {
                format!("flags of `{}`", game.rules.marks[mark.index()])
            }
            TextField::CellOf(mark) => format!("cell of `{}`", game.rules.marks[mark.index()]),
            TextField::CellsOf(mark) => format!("cells of `{}`", game.rules.marks[mark.index()]),
            TextField::Number(vars) => (vars.iter())
                .map(|&v| format!("`{}`", game.rules.variables[v].name))
                .collect::<Vec<_>>()
                .join(" + "),
            TextField::Moves => "moves".to_string(),
            TextField::Turn => "turn".to_string(),
            TextField::Hands => "hands".to_string(),
            TextField::Pocket => "pocket".to_string(),
            TextField::Dash => "-".to_string(),
        })
        .collect();
    names.join(", ")
}

fn whole(at: usize, token: &str) -> Result<u32, PositionError> {
    token
        .parse::<u32>()
        .map_err(|_| fault(at, format!("`{token}` is not a whole number")))
}

/// The board field: rows from the top, `/` between them.
fn read_board(game: &Game, at: usize, token: &str) -> Result<Vec<(Cell, Piece)>, PositionError> {
    let rows = rows(game);
    let given: Vec<&str> = token.split('/').collect();
    if given.len() != rows.len() {
        let msg = format!(
            "the board has {} rows, `/` between them; {} given",
            rows.len(),
            given.len()
        );
        return Err(fault(at, msg));
    }
    let mut pieces = Vec::new();
    let mut offset = at;
    for (k, (row, text)) in rows.iter().zip(&given).enumerate() {
        let mut cells = row.iter();
        let mut run = 0usize;
        let mut chars = text.char_indices().peekable();
        let too_long = |i: usize| {
            let msg = format!(
                "row {} from the top (`{text}`) has more than its {} cells",
                k + 1,
                row.len()
            );
            fault(offset + i, msg)
        };
        while let Some((i, ch)) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                run = run.saturating_mul(10).saturating_add(d as usize);
                if chars.peek().is_some_and(|(_, n)| n.is_ascii_digit()) {
                    continue;
                }
                for _ in 0..run {
                    cells.next().ok_or_else(|| too_long(i))?;
                }
                run = 0;
                continue;
            }
            // `+P`: the `+` belongs to the letter after it; `Q~` (a
            // promoted piece, crazyhouse's), the `~` to the letter before.
            let symbol = if ch == '+' {
                match chars.next() {
                    Some((_, next)) => &text[i..i + 1 + next.len_utf8()],
                    None => &text[i..],
                }
            } else if chars.next_if(|(_, n)| *n == '~').is_some() {
                &text[i..i + ch.len_utf8() + 1]
            } else {
                &text[i..i + ch.len_utf8()]
            };
            let piece = read_piece(game, symbol).ok_or_else(|| {
                fault(
                    offset + i,
                    format!("`{symbol}` is no piece: {}", letters(game)),
                )
            })?;
            let cell = cells.next().ok_or_else(|| too_long(i))?;
            // `C(5)`: a stack of five (each piece given stacks on the last).
            let mut height = 1;
            if chars.peek().is_some_and(|(_, n)| *n == '(') {
                let (colon, _) = chars.next().expect("peeked");
                if !game.has_stacks() {
                    let msg = "`(` gives a stack's height, and the game has no stacks";
                    return Err(fault(offset + colon, msg));
                }
                let mut digits = String::new();
                while let Some((_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                let closed = chars.next_if(|(_, c)| *c == ')').is_some();
                height = match digits.parse::<usize>() {
                    Ok(h) if closed && (2..=MAX_SETUP_STACK as usize).contains(&h) => h,
                    _ => {
                        let msg = format!(
                            "a stack's height in brackets, 2 to {MAX_SETUP_STACK}: `{symbol}(5)`"
                        );
                        return Err(fault(offset + colon + 1, msg));
                    }
                };
            }
            for _ in 0..height {
                pieces.push((*cell, piece));
            }
        }
        if cells.next().is_some() {
            let msg = format!(
                "row {} from the top (`{text}`) has fewer than its {} cells",
                k + 1,
                row.len()
            );
            return Err(fault(offset, msg));
        }
        offset += text.len() + 1;
    }
    Ok(pieces)
}

/// The piece a symbol stands for (`P`, `+p`): capitals the first
/// player's (or a neutral kind's), small letters the second player's.
pub(super) fn read_piece(game: &Game, symbol: &str) -> Option<Piece> {
    let rules = &game.rules;
    let letter = symbol.chars().find(char::is_ascii_alphabetic)?;
    let upper = symbol.to_ascii_uppercase();
    let kind = rules
        .position_text
        .letters
        .iter()
        .position(|l| *l == upper)?;
    let neutral = rules.neutral[kind];
    let owner = match (letter.is_ascii_uppercase(), neutral) {
        (true, true) => None,
        (true, false) => Some(Player::new(0)),
        (false, false) if rules.players.len() >= 2 => Some(Player::new(1)),
        (false, _) => return None,
    };
    Some(Piece {
        kind: Kind::new(kind),
        owner,
    })
}

/// The letters, for messages: `K Q R (white), k q r (black)`.
fn letters(game: &Game) -> String {
    let rules = &game.rules;
    let of = |lower: bool, neutral: bool| -> Vec<String> {
        rules
            .position_text
            .letters
            .iter()
            .zip(&rules.neutral)
            .filter(|&(_, &n)| n == neutral)
            .map(|(l, _)| {
                if lower {
                    l.to_ascii_lowercase()
                } else {
                    l.clone()
                }
            })
            .collect()
    };
    let mut parts = Vec::new();
    for (p, name) in rules.players.iter().enumerate().take(2) {
        let l = of(p == 1, false);
        if !l.is_empty() {
            parts.push(format!("{} ({name})", l.join(" ")));
        }
    }
    let n = of(false, true);
    if !n.is_empty() {
        parts.push(format!("{} (no player's)", n.join(" ")));
    }
    format!(
        "the letters are {}, digits for empty cells",
        parts.join(", ")
    )
}

/// The position's text (at the start of its player's turn).
pub fn write_position(game: &Game, st: &State) -> String {
    let rules = &game.rules;
    let board = game.board();
    let mut out: Vec<String> = Vec::new();
    for field in &rules.position_text.fields {
        if *field == TextField::Pocket {
            let pocket = write_pocket(game, st);
            match out.last_mut() {
                Some(before) => before.push_str(&pocket),
                None => out.push(pocket),
            }
            continue;
        }
        out.push(match field {
            TextField::Board => {
                let rows: Vec<String> = rows(game)
                    .iter()
                    .map(|row| {
                        let mut s = String::new();
                        let mut run = 0;
                        for &c in row {
                            match game.piece_at(st, c) {
                                None => run += 1,
                                Some(p) => {
                                    if run > 0 {
                                        s += &run.to_string();
                                        run = 0;
                                    }
                                    let l = &rules.position_text.letters[p.kind.index()];
                                    let second = p.owner.is_some_and(|o| o.index() == 1);
                                    s += &if second {
                                        l.to_ascii_lowercase()
                                    } else {
                                        l.clone()
                                    };
                                    let h = game.height(st, c);
                                    if h > 1 {
                                        s += &format!("({h})");
                                    }
                                }
                            }
                        }
                        if run > 0 {
                            s += &run.to_string();
                        }
                        s
                    })
                    .collect();
                rows.join("/")
            }
            TextField::Mover(words) => words[st.mover.index()].clone(),
            TextField::Flags { mark, flags } => {
                // Each marked cell by the first letter that stands for it.
                let mut written: Vec<Cell> = Vec::new();
                let mut on = String::new();
                for (letter, flag) in flags {
                    let cells = flag.cells(|c| game.piece_at(st, c));
                    if !cells.is_empty()
                        && cells.iter().all(|&c| game.has_mark(st, c, mark.index()))
                        && cells.iter().any(|c| !written.contains(c))
                    {
                        on += letter;
                        written.extend(cells);
                    }
                }
                if on.is_empty() { "-".to_string() } else { on }
            }
            TextField::CellOf(mark) => board
                .cells()
                .find(|&c| game.has_mark(st, c, mark.index()))
                .map_or("-".to_string(), |c| board.label(c).to_string()),
            TextField::CellsOf(mark) => {
                let marked: Vec<&str> = (board.cells())
                    .filter(|&c| game.has_mark(st, c, mark.index()))
                    .map(|c| board.label(c))
                    .collect();
                match marked.is_empty() {
                    true => "-".to_string(),
                    false => marked.join(","),
                }
            }
            TextField::Number(vars) => (vars.iter())
                .map(|&v| crate::rules::format_number(st.var(v)))
                .collect::<Vec<_>>()
                .join("+"),
            TextField::Moves => {
                (st.turn.saturating_sub(1) / rules.players.len() as u32 + 1).to_string()
            }
            TextField::Turn => st.turn.to_string(),
            TextField::Hands => write_hands(game, st),
            TextField::Pocket => unreachable!("written above"),
            TextField::Dash => "-".to_string(),
        });
    }
    out.join(" ")
}

/// The hands field: `-`, or each held kind's letter (capital for the first
/// player) after its number when more than one (`2Pb`), in any order.
fn read_hands(
    game: &Game,
    at: usize,
    token: &str,
) -> Result<Vec<(Player, Kind, u16)>, PositionError> {
    let rules = &game.rules;
    let (players, kinds) = (rules.players.len().min(2), rules.pieces.len());
    let mut counts = vec![0u16; players * kinds];
    // A kind written twice (`2P2P`) is refused: the text written back
    // has each kind once, and two ways of writing a hand would be one too
    // many.
    let mut given = vec![false; players * kinds];
    if token != "-" {
        let mut number = None::<u32>;
        let mut number_at = 0;
        for (i, ch) in token.char_indices() {
            if let Some(d) = ch.to_digit(10) {
                if number.is_none() {
                    number_at = i;
                }
                number = Some(number.unwrap_or(0).saturating_mul(10).saturating_add(d));
                continue;
            }
            let held = read_piece(game, &token[i..i + ch.len_utf8()])
                .and_then(|p| Some((p.owner?, p.kind)))
                .filter(|(_, k)| rules.reserved[k.index()]);
            let Some((owner, kind)) = held else {
                let known: Vec<String> = held_letters(game);
                let msg = format!(
                    "`{ch}` is no piece in hand: write a number and a letter of {}, or `-`",
                    known.join(" ")
                );
                return Err(fault(at + i, msg));
            };
            let here = if number.is_some() { number_at } else { i };
            let n = number.take().unwrap_or(1);
            let index = owner.index() * kinds + kind.index();
            if std::mem::replace(&mut given[index], true) {
                let total = u32::from(counts[index]).saturating_add(n);
                let msg = format!(
                    "`{ch}` is given twice in the hands: write each kind once, \
                     after its number (`{total}{ch}`)"
                );
                return Err(fault(at + here, msg));
            }
            let slot = &mut counts[index];
            *slot = u16::try_from(u32::from(*slot) + n)
                .ok()
                .filter(|&n| u32::from(n) <= crate::limits::MAX_RESERVE as u32)
                .ok_or_else(|| {
                    let most = crate::limits::MAX_RESERVE;
                    fault(
                        at + i,
                        format!("a hand holds at most {most} pieces of a kind"),
                    )
                })?;
        }
        if number.is_some() {
            return Err(fault(
                at + token.len(),
                "a number of pieces needs its letter after it",
            ));
        }
    }
    let mut hands = Vec::new();
    for p in 0..players {
        for k in (0..kinds).filter(|&k| rules.reserved[k]) {
            hands.push((Player::new(p), Kind::new(k), counts[p * kinds + k]));
        }
    }
    Ok(hands)
}

/// The letters of the kinds held in hand, both cases, for messages.
pub(super) fn held_letters(game: &Game) -> Vec<String> {
    let rules = &game.rules;
    let held = |lower: bool| {
        rules
            .position_text
            .letters
            .iter()
            .enumerate()
            .filter(|&(k, _)| rules.reserved[k])
            .map(move |(_, l)| {
                if lower {
                    l.to_ascii_lowercase()
                } else {
                    l.clone()
                }
            })
    };
    held(false).chain(held(true)).collect()
}

/// The hands as the hands field writes them.
fn write_hands(game: &Game, st: &State) -> String {
    let rules = &game.rules;
    let kinds = rules.pieces.len();
    let mut out = String::new();
    for p in 0..rules.players.len().min(2) {
        for k in (0..kinds).filter(|&k| rules.reserved[k]) {
            let n = st.in_hand(p, k, kinds);
            if n == 0 {
                continue;
            }
            if n > 1 {
                out += &n.to_string();
            }
            let l = &rules.position_text.letters[k];
            out += &if p == 1 {
                l.to_ascii_lowercase()
            } else {
                l.clone()
            };
        }
    }
    if out.is_empty() { "-".to_string() } else { out }
}
