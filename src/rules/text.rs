//! How a position is written as one line of text (`position text`; `show`
//! prints it, `--position` and a test's `from:` read it): fields separated
//! by spaces, FEN-like. The file declares the fields; without the item, a
//! position is its board and the player to move.

use crate::ids::{Cell, Mark};

/// The fields of a position's text, in order, and the pieces' letters.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionText {
    /// The fields, in the order they are written.
    pub fields: Vec<TextField>,
    /// Per kind of piece, its symbol: a capital letter, or `+` and one
    /// (shogi's promoted pieces, `+P`); the first player's pieces and
    /// neutral pieces in upper case, the second player's in lower case.
    pub letters: Vec<String>,
    /// Whether the file declares the item (`show` prints the line then).
    pub declared: bool,
}

/// One field of a position's text.
#[derive(Clone, Debug, PartialEq)]
pub enum TextField {
    /// The rows of the board from the top, `/` between them: a piece by
    /// its letter, a run of empty cells by its length (`rnbqkbnr/pppppppp/8`;
    /// crazyhouse's promoted pieces `Q~`).
    Board,
    /// The player to move, by a word per player (`w b`).
    Mover(Vec<String>),
    /// The letters whose cells all carry the mark, in this order, or `-`
    /// (castling rights: `KQkq`).
    Flags {
        /// The mark the letters stand for.
        mark: Mark,
        /// Each letter and the cells it marks.
        flags: Vec<(String, Vec<Cell>)>,
    },
    /// The one cell carrying the mark, or `-` (the en-passant cell).
    CellOf(Mark),
    /// Variables' values, whole numbers joined by `+` (the fifty-move
    /// clock; three-check's checks left, `3+3`).
    Number(Vec<usize>),
    /// The round: 1 until every player has had a turn, then 2, ...
    Moves,
    /// The turn number.
    Turn,
    /// The pieces in hand (`reserve`), or `-`: each kind's letter after its
    /// number when more than one, the first player's first (`2Pb`).
    Hands,
    /// The pieces in hand as crazyhouse writes them, glued to the field
    /// before: `[QPPn]`, each piece its letter once.
    Pocket,
    /// A field the game does not use: `-`.
    Dash,
}

/// One letter per kind of piece (`names` in declaration order), upper case:
/// the first letter of its name that no earlier kind took (`king` K, then
/// `knight` N), else the first free letter of the alphabet.
pub fn kind_letters(names: &[String]) -> Vec<String> {
    kind_chars(names).into_iter().map(String::from).collect()
}

/// [`kind_letters`] as characters.
pub fn kind_chars(names: &[String]) -> Vec<char> {
    let mut letters: Vec<char> = Vec::new();
    for name in names {
        let free = |c: &char| !letters.contains(c);
        let letter = name
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_uppercase())
            .find(free)
            .or_else(|| ('A'..='Z').find(free))
            .unwrap_or('?');
        letters.push(letter);
    }
    letters
}
