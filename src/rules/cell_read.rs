//! What decides whether one cell is in a set ([`SetExpr::cell_read`]):
//! the one classifier that perft's sure turn ends, their guards and
//! `keep if` judged by the cells it reads ask, beside the parts and
//! classes of [`super::parts`].

use super::*;

/// What decides whether one cell is in a set, asked of one node: whether
/// the set is decided by each cell's own content (its piece, its marks)
/// and where it is. Perft's sure turn ends, their guards and `keep if`
/// judged by the cells it reads all ask it here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CellRead<'a> {
    /// Nothing: every cell is in it (`all`).
    Every,
    /// The cell's piece.
    Piece(PieceTest),
    /// A mark on the cell.
    Mark(Mark),
    /// Where the cell is: a region fixed when the game was compiled.
    Place(Region<'a>),
    /// Its parts, cell by cell.
    Parts(CellOp<'a>),
    /// Something beyond the cell: other cells, the current action, a
    /// bound group, counters.
    Beyond,
}

/// What a set asks of a cell's piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceTest {
    /// No piece is there (`empty`).
    None,
    /// Some piece is (`occupied`).
    Any,
    /// A piece of the player (`own`, `opponent`, ...).
    Owned(Who),
    /// A piece of another player than the view's (`enemy`).
    Enemy,
    /// A piece of the kind.
    Kind(Kind),
}

/// A fixed region: one set, or one per player chosen by the view (indexes
/// into `Rules::fixed_sets`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region<'a> {
    /// The same for every view.
    One(u32),
    /// One per player.
    PerPlayer(&'a [u32]),
}

/// How a set combines its parts for each cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CellOp<'a> {
    /// In either.
    Union(&'a SetExpr, &'a SetExpr),
    /// In both.
    Inter(&'a SetExpr, &'a SetExpr),
    /// In the first, not the second.
    Except(&'a SetExpr, &'a SetExpr),
    /// Not in it.
    Complement(&'a SetExpr),
    /// In the view's player's set.
    ByPlayer(&'a [SetExpr]),
}

impl SetExpr {
    /// What decides whether a cell is in this set (see [`CellRead`]).
    pub fn cell_read(&self) -> CellRead<'_> {
        match self {
            SetExpr::All => CellRead::Every,
            SetExpr::Empty => CellRead::Piece(PieceTest::None),
            SetExpr::Occupied => CellRead::Piece(PieceTest::Any),
            SetExpr::Owned(w) => CellRead::Piece(PieceTest::Owned(*w)),
            SetExpr::Enemy => CellRead::Piece(PieceTest::Enemy),
            SetExpr::Piece(k) => CellRead::Piece(PieceTest::Kind(*k)),
            SetExpr::Mark(m) => CellRead::Mark(*m),
            SetExpr::Fixed(i) => CellRead::Place(Region::One(*i)),
            SetExpr::PerPlayer(v) => CellRead::Place(Region::PerPlayer(v)),
            SetExpr::Union(a, b) => CellRead::Parts(CellOp::Union(a, b)),
            SetExpr::Inter(a, b) => CellRead::Parts(CellOp::Inter(a, b)),
            SetExpr::Except(a, b) => CellRead::Parts(CellOp::Except(a, b)),
            SetExpr::Complement(a) => CellRead::Parts(CellOp::Complement(a)),
            SetExpr::ByPlayer(v) => CellRead::Parts(CellOp::ByPlayer(v)),
            SetExpr::Here
            | SetExpr::Origin
            | SetExpr::ActionCell
            | SetExpr::Jumped
            | SetExpr::Neighbors(_)
            | SetExpr::Where(..)
            | SetExpr::Var(_)
            | SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Stronger(_)
            | SetExpr::Nth(..)
            | SetExpr::Weaker(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(_)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::JumpReach(_)
            | SetExpr::Lines(..)
            | SetExpr::ReachUnlined(..)
            | SetExpr::Joined(..)
            | SetExpr::Member(..)
            | SetExpr::Members(..)
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::LastSown => CellRead::Beyond,
        }
    }
}
