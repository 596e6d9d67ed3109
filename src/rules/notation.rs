//! The notations a game may name in `notation: ...`: one table, read by
//! the checker and written and read by [`crate::notation`].

/// A way players write turns, named by `notation: ...` (see
/// [`NOTATION_STYLES`]); written and read by [`crate::notation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationStyle {
    /// gdl's own: `e2-e4`, `d4`, `c3-e5-c7`, `pass`.
    Gdl,
    /// Standard algebraic notation of the chess family: `Nf3`, `exd5`.
    San,
    /// Long algebraic, UCI's: `e2e4`, `e7e8q`.
    LongAlgebraic,
    /// USI's, shogi programs': `7g7f`, `8h2b+`, `P*5e`.
    Usi,
    /// WXF's, xiangqi players': `C2=5`, `H8+7`, `R+-1`.
    Wxf,
    /// PDN's, draughts players': numbered squares, `32-28`, `28x19`.
    Pdn,
    /// SGF's points, two letters: `dd`.
    Sgf,
}

/// Each notation style's name in `notation: ...`, and an example.
pub const NOTATION_STYLES: &[(&str, NotationStyle, &str)] = &[
    ("gdl", NotationStyle::Gdl, "e2-e4"),
    ("san", NotationStyle::San, "Nf3"),
    ("long-algebraic", NotationStyle::LongAlgebraic, "e2e4"),
    ("usi", NotationStyle::Usi, "7g7f"),
    ("wxf", NotationStyle::Wxf, "C2=5"),
    ("pdn", NotationStyle::Pdn, "32-28"),
    ("sgf", NotationStyle::Sgf, "dd"),
];
