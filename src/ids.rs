//! The vocabulary of positions: typed indices for cells, players, kinds of
//! piece, marks and directions, and a piece as the kind and owner it is.
//! Each is a newtype of one byte (two for a cell) that costs nothing at run
//! time; `index()` turns it into a table index where one is needed.

/// No cell: an action that is not tied to one (pass, swap), or a missing
/// neighbour in the flat tables. The one definition for the whole crate.
pub const NO_CELL: u32 = u32::MAX;

/// A cell of the board, by its index `0..board.len()`: 16 bits suffice,
/// boards have at most [`MAX_CELLS`](crate::limits::MAX_CELLS) cells. Flat
/// tables inside the engine keep raw indices (and [`NO_CELL`] for none);
/// everything that names a cell across modules (the board's queries,
/// actions, positions) takes and returns a `Cell`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u16);
const _: () = assert!(crate::limits::MAX_CELLS <= u16::MAX as usize + 1);

impl Cell {
    /// The cell of index `i` (below [`MAX_CELLS`](crate::limits::MAX_CELLS)).
    #[inline(always)]
    pub const fn new(i: usize) -> Cell {
        debug_assert!(i < crate::limits::MAX_CELLS);
        Cell(i as u16)
    }

    /// Its index, for tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<Cell> for usize {
    #[inline(always)]
    fn from(c: Cell) -> usize {
        c.index()
    }
}

/// Its index (a cell's label needs the board: [`crate::board::Board::label`]).
impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u8);

        impl $name {
            /// The id of index `i` (ids are small: the limits keep every
            /// index below 256).
            #[inline(always)]
            pub const fn new(i: usize) -> $name {
                debug_assert!(i <= u8::MAX as usize);
                $name(i as u8)
            }

            /// Its index, for tables.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl From<$name> for usize {
            #[inline(always)]
            fn from(id: $name) -> usize {
                id.index()
            }
        }

        /// Its index, as messages and files show it.
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id!(
    /// A player (a colour or role, not a seat), by its place in `players`.
    Player
);
id!(
    /// A kind of piece, by its place in `pieces`.
    Kind
);
id!(
    /// A mark, by its place in the game's marks.
    Mark
);
id!(
    /// A direction of the board, by its place in `Board::dirs`.
    Dir
);

/// No direction: a rotation the board's directions do not allow.
pub const NO_DIR: Dir = Dir(u8::MAX);

/// A piece on the board: its kind and its owner (none for a neutral piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The piece's kind.
    pub kind: Kind,
    /// The player who owns it, or `None` for a neutral piece.
    pub owner: Option<Player>,
}
