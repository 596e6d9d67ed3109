//! Actions: one ply each, small and `Copy`, saying which choice acts and on
//! what. What an action does is its choice's kind (`rules::ChoiceKind`);
//! the action keeps only the cells or the option it concerns, so that a
//! new kind of choice whose actions take the same shape needs no new
//! variant here, nor in notation or move listing.

use crate::board::MAX_CELLS;
use crate::ids::Cell;
use crate::rules::Dir;

// Small enough to pass in a register.
const _: () = assert!(std::mem::size_of::<Action>() == 8);

/// The cells or the option an action concerns; what it does with them is
/// its choice's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    /// An action on one cell: a piece placed (`place`), converted
    /// (`convert`) or taken off (`remove`).
    OnCell(Cell),
    /// A piece moves from one cell to another: to a neighbour (`step`),
    /// along a line (`slide`), by a pattern (`leap`) or anywhere (`move`).
    Moves {
        /// The cell the piece leaves.
        from: Cell,
        /// The cell it reaches.
        to: Cell,
    },
    /// A piece moves over a neighbour to the cell behind it, in a line
    /// (`jump`): the neighbour of `from` in direction `dir` (kept instead
    /// of the cell, so that an action fits in 8 bytes).
    Jumps {
        /// The cell the piece leaves.
        from: Cell,
        /// The cell it lands on.
        to: Cell,
        /// The direction of the jump: the cell jumped over is `from`'s
        /// neighbour that way.
        dir: Dir,
    },
    /// The `k`-th of the options its choice fixes: a value to `choose`, a
    /// region turn of `rotate` (see [`crate::rules::RegionTurn`]); `pass`
    /// and `swap` have one.
    Pick(u16),
    /// The pie rule's swap (`swap at turn N`), which belongs to no step.
    Pie,
}

/// One ply: which choice of the current step (an index into
/// [`crate::rules::Rules::choices`], or [`Action::PIE`]) and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action {
    /// The index of the choice in [`crate::rules::Rules::choices`], or
    /// [`Action::PIE`].
    pub choice: u16,
    /// What the action does.
    pub kind: ActionKind,
}

impl Action {
    /// The choice index of the pie rule's swap.
    pub const PIE: u16 = u16::MAX;

    /// The pie rule's swap.
    pub fn pie() -> Action {
        Action {
            choice: Action::PIE,
            kind: ActionKind::Pie,
        }
    }

    /// Whether this is the pie rule's swap.
    pub fn is_pie(self) -> bool {
        self.choice == Action::PIE
    }

    /// An action on `cell`.
    pub(crate) fn on_cell(choice: u16, cell: usize) -> Action {
        Action {
            choice,
            kind: ActionKind::OnCell(Cell::new(cell)),
        }
    }

    /// A move: a step, or a jump in direction `dir`.
    pub(crate) fn moving(choice: u16, from: usize, jump: bool, dir: usize, to: usize) -> Action {
        let (from, to) = (Cell::new(from), Cell::new(to));
        let kind = if jump {
            ActionKind::Jumps {
                from,
                to,
                dir: Dir::new(dir),
            }
        } else {
            ActionKind::Moves { from, to }
        };
        Action { choice, kind }
    }

    /// A move from `from` to `to` that keeps no direction (a slide, a
    /// leap, a `move`).
    pub(crate) fn far(choice: u16, from: usize, to: usize) -> Action {
        let (from, to) = (Cell::new(from), Cell::new(to));
        Action {
            choice,
            kind: ActionKind::Moves { from, to },
        }
    }

    /// The `k`-th option of a choice that fixes its options.
    pub(crate) fn pick(choice: u16, k: usize) -> Action {
        Action {
            choice,
            kind: ActionKind::Pick(k as u16),
        }
    }

    /// The cell of an action on a cell (place, convert, remove).
    pub fn cell(self) -> Option<Cell> {
        match self.kind {
            ActionKind::OnCell(c) => Some(c),
            ActionKind::Moves { .. }
            | ActionKind::Jumps { .. }
            | ActionKind::Pick(_)
            | ActionKind::Pie => None,
        }
    }

    /// The cells a moving piece leaves and reaches.
    pub fn move_cells(self) -> Option<(Cell, Cell)> {
        match self.kind {
            ActionKind::Moves { from, to } | ActionKind::Jumps { from, to, .. } => Some((from, to)),
            ActionKind::OnCell(_) | ActionKind::Pick(_) | ActionKind::Pie => None,
        }
    }

    /// The index of the option picked (a value, a region turn; 0 for
    /// `pass` and `swap`).
    pub fn pick_index(self) -> Option<usize> {
        match self.kind {
            ActionKind::Pick(k) => Some(k as usize),
            ActionKind::OnCell(_)
            | ActionKind::Moves { .. }
            | ActionKind::Jumps { .. }
            | ActionKind::Pie => None,
        }
    }

    /// The same action with its cells and directions mapped (by a
    /// symmetry), or `None` for actions without cells.
    pub fn map_cells(
        self,
        f: impl Fn(Cell) -> Option<Cell>,
        dir: impl Fn(Dir) -> Option<Dir>,
    ) -> Option<Action> {
        let kind = match self.kind {
            ActionKind::OnCell(c) => ActionKind::OnCell(f(c)?),
            ActionKind::Moves { from, to } => ActionKind::Moves {
                from: f(from)?,
                to: f(to)?,
            },
            ActionKind::Jumps { from, to, dir: d } => ActionKind::Jumps {
                from: f(from)?,
                to: f(to)?,
                dir: dir(d)?,
            },
            // A region turn names its region, not cells: see
            // `analysis::symmetry` for how symmetries treat it.
            ActionKind::Pick(_) | ActionKind::Pie => return None,
        };
        Some(Action {
            choice: self.choice,
            kind,
        })
    }

    /// A compact key, distinct for distinct actions of one game: the choice
    /// and one number for the cells or value (for sets of actions seen).
    pub fn key(self) -> (u16, u32) {
        let payload = match self.kind {
            ActionKind::OnCell(c) => c.index() as u32,
            ActionKind::Pick(i) => i as u32,
            ActionKind::Moves { from, to } | ActionKind::Jumps { from, to, .. } => {
                (from.index() * MAX_CELLS + to.index()) as u32
            }
            ActionKind::Pie => u32::MAX,
        };
        (self.choice, payload)
    }
}
