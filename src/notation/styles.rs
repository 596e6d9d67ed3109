//! The notations a game declares (`notation: usi`, see
//! [`crate::rules::NOTATION_STYLES`]): the first is written where a player
//! reads, and each is read. Every style writes a whole turn, from its
//! joined notation (as [`list_turns`] writes it), and is read by writing
//! every legal turn so and finding the word among them, so no style needs
//! a parser of its own and none can read a turn it would not write.
//!
//! - `usi`: a move is the cells left and reached, each its column counted
//!   from the right and its row lettered from the top (`7g7f`), with `+`
//!   when the piece that arrives is not the kind that left; a placement
//!   is the kind's letter, `*` and the cell (`P*5e`).
//! - `wxf`: the piece's letter, its column counted from the mover's right,
//!   `+` forwards, `-` backwards or `=` along the row, then the rows moved
//!   (a move along its column) or the column reached (`C2=5`, `H2+3`);
//!   where two pieces of a kind on one column would read the same, `+`
//!   (the front one) or `-` takes the column's place (`R+-1`), as
//!   Fairy-Stockfish writes it (either form is read). The position
//!   text's `B` and `N` are written `E` and `H`, as WXF names them.
//! - `pdn`: squares numbered on the cells of `a1`'s colour, from the side
//!   of the player named black (else the second player's), row by row and
//!   each row from that player's right: `32-28`, a capture `28x19`, and
//!   every square of a capture's path (`28x19x10`) only where the first
//!   and last square do not tell it apart.
//! - `sgf`: a placement is the cell's column and row (from the top) as
//!   letters, `dd`.
//!
//! A turn a style cannot write (a placement in `san`, a move in `sgf`) is
//! written in gdl's own notation.

use super::long_algebraic::{kind_letter, long_algebraic};
use super::san::write_san;
use super::{ListTurnsError, list_turns, parse_word};
use crate::engine::{Action, ActionKind, Game, State};
use crate::ids::Cell;
use crate::rules::NotationStyle;

/// The turn `joined` (legal from `st`) as the game's first declared style
/// writes it, or `joined` itself.
pub fn write_declared(game: &Game, st: &State, joined: &str) -> String {
    (game.rules.notation.first())
        .and_then(|&style| write_style(game, st, style, joined))
        .unwrap_or_else(|| joined.to_string())
}

/// The turn `joined` (legal from `st`) in `style`, or `None` where the
/// style cannot write it.
pub fn write_style(game: &Game, st: &State, style: NotationStyle, joined: &str) -> Option<String> {
    let turns = list_turns(game, st).ok()?;
    let i = turns.iter().position(|t| t == joined)?;
    written(game, st, style, &turns).swap_remove(i)
}

/// All the legal `turns` from `st` (as [`list_turns`] gives them) in
/// `style`, each written in gdl's own where the style cannot write it.
/// They are written together because `san`, `wxf` and `pdn` write a turn
/// by what the others are.
pub fn write_turns(game: &Game, st: &State, style: NotationStyle, turns: &[String]) -> Vec<String> {
    (written(game, st, style, turns).into_iter().zip(turns))
        .map(|(w, t)| w.unwrap_or_else(|| t.clone()))
        .collect()
}

/// Each of `turns` in `style`, or `None` where the style cannot write it.
fn written(game: &Game, st: &State, style: NotationStyle, turns: &[String]) -> Vec<Option<String>> {
    match style {
        NotationStyle::Gdl => turns.iter().map(|t| Some(t.clone())).collect(),
        NotationStyle::San => turns
            .iter()
            .map(|t| write_san(game, st, turns, t))
            .collect(),
        NotationStyle::LongAlgebraic => (turns.iter())
            .map(|t| long_algebraic(game, st, t))
            .collect(),
        NotationStyle::Usi => turns.iter().map(|t| usi(game, st, t)).collect(),
        NotationStyle::Wxf => wxf(game, st, turns),
        NotationStyle::Pdn => pdn(game, st, turns),
        NotationStyle::Sgf => turns.iter().map(|t| sgf(game, t)).collect(),
    }
}

/// The joined notation of the legal turn from `st` that `word` names in
/// one of the game's declared styles (exactly, or else in any case when
/// only one turn matches so), or `None`. Besides the written forms, the
/// others a player may type are read: a capture's whole path in `pdn`, a
/// piece of a pair on one column named front or rear in `wxf`.
pub fn read_declared(
    game: &Game,
    st: &State,
    word: &str,
) -> Result<Option<String>, ListTurnsError> {
    read_styles(game, st, &game.rules.notation, word)
}

/// As [`read_declared`], in the given `styles`.
pub fn read_styles(
    game: &Game,
    st: &State,
    styles: &[NotationStyle],
    word: &str,
) -> Result<Option<String>, ListTurnsError> {
    if styles.iter().all(|&s| s == NotationStyle::Gdl) {
        return Ok(None);
    }
    let word = word.trim();
    let turns = list_turns(game, st)?;
    let mut folded = Vec::new();
    for &style in styles {
        let mut forms: Vec<(usize, String)> = write_turns(game, st, style, &turns)
            .into_iter()
            .enumerate()
            .collect();
        for (i, joined) in turns.iter().enumerate() {
            match style {
                NotationStyle::Pdn => {
                    forms.extend(pdn_path(game, st, joined).map(|p| (i, p.full())))
                }
                NotationStyle::Wxf => forms.extend(
                    (wxf_forms(game, st, joined).into_iter())
                        .flat_map(|f| [Some(f.by_column), f.in_tandem])
                        .flatten()
                        .map(|w| (i, w)),
                ),
                _ => {}
            }
        }
        for (i, w) in forms {
            if w == word {
                return Ok(Some(turns[i].clone()));
            }
            if w.eq_ignore_ascii_case(word) && !folded.contains(&i) {
                folded.push(i);
            }
        }
    }
    Ok(match folded.as_slice() {
        [one] => Some(turns[*one].clone()),
        _ => None,
    })
}

/// The actions of the legal turn `joined`, and the position after them.
fn played(game: &Game, st: &State, joined: &str) -> Option<(Vec<Action>, State)> {
    let actions = parse_word(game, st, joined).ok()?;
    let mut after = st.clone();
    for &a in &actions {
        game.play_unchecked(&mut after, a);
    }
    Some((actions, after))
}

/// A letter counting from `a` (`None` past `z`).
fn letter(k: i32) -> Option<char> {
    u8::try_from(k)
        .ok()
        .filter(|&k| k < 26)
        .map(|k| (b'a' + k) as char)
}

/// `Some` on a square board, the only boards these notations write.
fn square_board(game: &Game) -> Option<()> {
    matches!(game.board().shape(), crate::board::Shape::Square { .. }).then_some(())
}

// ------------------------------------------------------------------ usi

fn usi_cell(game: &Game, c: Cell) -> Option<String> {
    let (width, height) = game.board().extent();
    let info = game.board().cell(c);
    Some(format!(
        "{}{}",
        width - info.col,
        letter(height - 1 - info.row)?
    ))
}

fn usi(game: &Game, st: &State, joined: &str) -> Option<String> {
    square_board(game)?;
    let (actions, after) = played(game, st, joined)?;
    let (first, rest) = actions.split_first()?;
    match first.kind {
        ActionKind::Moves { .. } | ActionKind::Jumps { .. } => {
            let (from, to) = first.move_cells()?;
            // One move, maybe followed by choices (shogi's promotion).
            let only_choices = rest.iter().all(|a| matches!(a.kind, ActionKind::Pick(_)));
            if !only_choices {
                return None;
            }
            let left = game.piece_at(st, from)?.kind;
            let arrived = game.piece_at(&after, to).map(|p| p.kind);
            let promoted = if arrived != Some(left) { "+" } else { "" };
            Some(format!(
                "{}{}{promoted}",
                usi_cell(game, from)?,
                usi_cell(game, to)?
            ))
        }
        ActionKind::OnCell(cell) if rest.is_empty() && game.piece_at(st, cell).is_none() => {
            let kind = game.piece_at(&after, cell)?.kind;
            let letter = kind_letter(game, kind.index())?;
            Some(format!("{letter}*{}", usi_cell(game, cell)?))
        }
        _ => None,
    }
}

// ------------------------------------------------------------------ wxf

/// A column counted from the mover's right: the first player sits at the
/// bottom (its right is the board's right), the second at the top.
fn wxf_column(game: &Game, st: &State, col: i32) -> i32 {
    match st.mover.index() {
        0 => game.board().extent().0 - col,
        _ => col + 1,
    }
}

/// A turn in WXF, written with the column it leaves, and with `+` or `-`
/// in the column's place when another piece of its kind stands on that
/// column (`None` when three or more do).
struct WxfForms {
    by_column: String,
    /// The other piece of the pair, moved the same way, lands on the board.
    other_lands: bool,
    in_tandem: Option<String>,
}

fn wxf_forms(game: &Game, st: &State, joined: &str) -> Option<WxfForms> {
    square_board(game)?;
    let (actions, _) = played(game, st, joined)?;
    let [only] = actions.as_slice() else {
        return None;
    };
    let (from, to) = only.move_cells()?;
    let board = game.board();
    let piece = game.piece_at(st, from)?;
    let letter = match kind_letter(game, piece.kind.index())? {
        'B' => 'E',
        'N' => 'H',
        l => l,
    };
    let (f, t) = (board.cell(from), board.cell(to));
    // Forward is up the board for the first player, down for the second.
    let up = if st.mover.index() == 0 { 1 } else { -1 };
    let ahead = (t.row - f.row) * up;
    let sign = match ahead {
        a if a > 0 => '+',
        a if a < 0 => '-',
        _ => '=',
    };
    let amount = match f.col == t.col {
        true => ahead.abs(),
        false => wxf_column(game, st, t.col),
    };
    // Another of the mover's pieces of this kind on the same column.
    let others: Vec<i32> = board
        .cells()
        .filter(|&c| c != from && board.cell(c).col == f.col)
        .filter(|&c| game.piece_at(st, c) == Some(piece))
        .map(|c| board.cell(c).row * up)
        .collect();
    let column = wxf_column(game, st, f.col);
    let in_tandem = match others.as_slice() {
        [] => None,
        [other] if *other < f.row * up => Some(format!("{letter}+{sign}{amount}")),
        [_] => Some(format!("{letter}-{sign}{amount}")),
        _ => None,
    };
    let on_board = |col: i32, row: i32| {
        (board.cells()).any(|d| board.cell(d).col == col && board.cell(d).row == row)
    };
    let other_lands = (board.cells())
        .filter(|&c| c != from && board.cell(c).col == f.col)
        .filter(|&c| game.piece_at(st, c) == Some(piece))
        .any(|c| on_board(t.col, board.cell(c).row + t.row - f.row));
    Some(WxfForms {
        other_lands,
        by_column: format!("{letter}{column}{sign}{amount}"),
        in_tandem,
    })
}

/// WXF as Fairy-Stockfish writes it: by the column left, unless the other
/// piece of the kind on that column, moved the same way, would land on the
/// board; then by front (`+`) and rear (`-`). (Fairy-Stockfish also asks
/// that the kind may stand there: two advisors or elephants on a column
/// are written front and rear here where it may write the column.)
fn wxf(game: &Game, st: &State, turns: &[String]) -> Vec<Option<String>> {
    (turns.iter())
        .map(|t| {
            let f = wxf_forms(game, st, t)?;
            match f.other_lands {
                true => f.in_tandem,
                false => Some(f.by_column),
            }
        })
        .collect()
}

// ------------------------------------------------------------------ pdn

/// The cells of PDN's numbered squares, square 1 first (none off a
/// square board).
pub fn pdn_cells(game: &Game) -> Vec<Cell> {
    if square_board(game).is_none() {
        return Vec::new();
    }
    let mut numbered: Vec<(usize, Cell)> = (game.board().cells())
        .filter_map(|c| pdn_square(game, c).map(|n| (n, c)))
        .collect();
    numbered.sort();
    numbered.into_iter().map(|(_, c)| c).collect()
}

/// A cell's PDN square number: cells of `a1`'s colour, numbered from 1
/// on black's back row, row by row, each row from black's right.
fn pdn_square(game: &Game, c: Cell) -> Option<usize> {
    let board = game.board();
    let (width, height) = game.board().extent();
    let rules = &game.rules;
    let black = (rules.players.iter().position(|p| p == "black")).unwrap_or(1);
    let info = board.cell(c);
    if (info.col + info.row) % 2 != 0 {
        return None;
    }
    // The cell's place in reading order from black's side.
    let (row, col) = match black {
        0 => (info.row, width - 1 - info.col),
        _ => (height - 1 - info.row, info.col),
    };
    let per_row = |r: i32| (0..width).filter(|k| (k + r) % 2 == 0).count();
    let before: usize = (0..row)
        .map(|r| match black {
            0 => per_row(r),
            _ => per_row(height - 1 - r),
        })
        .sum();
    let in_row = (0..col)
        .filter(|&k| {
            let board_col = if black == 0 { width - 1 - k } else { k };
            (board_col + info.row) % 2 == 0
        })
        .count();
    Some(before + in_row + 1)
}

/// A turn's squares in PDN, and whether it captures.
struct PdnPath {
    squares: Vec<usize>,
    capture: bool,
}

impl PdnPath {
    fn ends(&self) -> (usize, usize) {
        (self.squares[0], self.squares[self.squares.len() - 1])
    }

    fn short(&self) -> String {
        let (first, last) = self.ends();
        let sep = if self.capture { 'x' } else { '-' };
        format!("{first}{sep}{last}")
    }

    fn full(&self) -> String {
        let all: Vec<String> = self.squares.iter().map(usize::to_string).collect();
        all.join(if self.capture { "x" } else { "-" })
    }
}

fn pdn_path(game: &Game, st: &State, joined: &str) -> Option<PdnPath> {
    square_board(game)?;
    let (actions, after) = played(game, st, joined)?;
    let mut squares = Vec::new();
    for a in &actions {
        match (a.kind, a.move_cells()) {
            (ActionKind::Moves { .. } | ActionKind::Jumps { .. }, Some((from, to))) => {
                if squares.is_empty() {
                    squares.push(pdn_square(game, from)?);
                }
                squares.push(pdn_square(game, to)?);
            }
            // A choice after the move (none in draughts) is left unwritten.
            (ActionKind::Pick(_), _) if !squares.is_empty() => {}
            _ => return None,
        }
    }
    let pieces = |s: &State| {
        (game.board().cells())
            .filter(|&c| game.piece_at(s, c).is_some())
            .count()
    };
    let capture = pieces(&after) < pieces(st);
    (!squares.is_empty()).then_some(PdnPath { squares, capture })
}

/// PDN: the first and last squares, or every square of a capture's path
/// where another legal capture has the same first and last.
fn pdn(game: &Game, st: &State, turns: &[String]) -> Vec<Option<String>> {
    let paths: Vec<Option<PdnPath>> = turns.iter().map(|t| pdn_path(game, st, t)).collect();
    (paths.iter().enumerate())
        .map(|(i, p)| {
            let p = p.as_ref()?;
            let clash = (paths.iter().enumerate()).any(|(j, o)| {
                j != i
                    && o.as_ref()
                        .is_some_and(|o| o.capture && o.ends() == p.ends())
            });
            Some(if clash && p.capture {
                p.full()
            } else {
                p.short()
            })
        })
        .collect()
}

// ------------------------------------------------------------------ sgf

fn sgf(game: &Game, joined: &str) -> Option<String> {
    square_board(game)?;
    let board = game.board();
    let (_, height) = game.board().extent();
    let cell = board.cell_by_label(joined.rsplit(':').next()?)?;
    let info = board.cell(cell);
    Some(format!(
        "{}{}",
        letter(info.col)?,
        letter(height - 1 - info.row)?
    ))
}
