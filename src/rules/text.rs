//! How a position is written as one line of text (`position text`; `show`
//! prints it, `--position` and a test's `from:` read it): fields separated
//! by spaces, FEN-like. The file declares the fields; without the item, a
//! position is its board and the player to move.

use crate::ids::{Cell, Mark, Piece};

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
    /// (castling rights: `KQkq`). A letter is written when its cells are
    /// marked and some of them is not already written by a letter before it.
    Flags {
        /// The mark the letters stand for.
        mark: Mark,
        /// Each letter and the cells it marks.
        flags: Vec<(String, Flag)>,
    },
    /// The one cell carrying the mark, or `-` (the en-passant cell).
    CellOf(Mark),
    /// Every cell carrying the mark, labels joined by `,`, or `-`
    /// (Stratego's pieces shown to the enemy: `e5,f4`).
    CellsOf(Mark),
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

/// The cells a flag letter stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum Flag {
    /// These cells.
    Cells(Vec<Cell>),
    /// The first (last) of `within`, in the board's order, that holds
    /// `piece` in the position, if any: X-FEN's `K`, the outermost rook
    /// on the king's side (`last white rook at row(1)`).
    Find {
        /// Which end of `within` is looked at first.
        end: FindEnd,
        /// The piece (kind and owner) looked for.
        piece: Piece,
        /// The cells looked at, in the board's order.
        within: Vec<Cell>,
    },
}

/// Which end of a flag's cells is looked at first, in the board's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindEnd {
    /// The first cell (the top line's leftmost first).
    First,
    /// The last cell.
    Last,
}

impl Flag {
    /// The cells the letter stands for in a position whose pieces
    /// `piece_at` tells.
    pub fn cells(&self, piece_at: impl Fn(Cell) -> Option<Piece>) -> Vec<Cell> {
        match self {
            Flag::Cells(cells) => cells.clone(),
            Flag::Find { end, piece, within } => {
                let holds = |c: &&Cell| piece_at(**c) == Some(*piece);
                let found = match end {
                    FindEnd::First => within.iter().find(holds),
                    FindEnd::Last => within.iter().rev().find(holds),
                };
                found.into_iter().copied().collect()
            }
        }
    }
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
