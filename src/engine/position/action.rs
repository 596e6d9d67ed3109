//! Actions: one ply each, small and `Copy`, saying what they do.

use crate::board::MAX_CELLS;
use crate::ids::Cell16;
use crate::rules::Dir;

// Small enough to pass in a register.
const _: () = assert!(std::mem::size_of::<Action>() == 8);

/// What an action does, with the cells or the value it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    /// A piece is placed on an empty cell.
    Place(Cell16),
    /// The piece on the cell becomes the mover's.
    Convert(Cell16),
    /// The piece on the cell is taken off.
    Remove(Cell16),
    /// A piece moves to a neighbouring cell.
    Step {
        /// The cell the piece leaves.
        from: Cell16,
        /// The cell it reaches.
        to: Cell16,
    },
    /// A piece moves over a neighbour to the cell behind it, in a line:
    /// the neighbour of `from` in direction `dir` (kept instead of the
    /// cell, so that an action fits in 8 bytes).
    Jump {
        /// The cell the piece leaves.
        from: Cell16,
        /// The cell it lands on.
        to: Cell16,
        /// The direction of the jump: the cell jumped over is `from`'s
        /// neighbour that way.
        dir: Dir,
    },
    /// A piece moves along a straight line of cells (`slide`).
    Slide {
        /// The cell the piece leaves.
        from: Cell16,
        /// The cell it stops on.
        to: Cell16,
    },
    /// A piece leaps by a pattern (`leap`).
    Leap {
        /// The cell the piece leaves.
        from: Cell16,
        /// The cell it lands on.
        to: Cell16,
    },
    /// A piece moves to any cell (`move`).
    Move {
        /// The cell the piece leaves.
        from: Cell16,
        /// The cell it reaches.
        to: Cell16,
    },
    /// A region turns: the index of the turn among its choice's (see
    /// [`crate::rules::RegionTurn`]).
    Rotate(u16),
    /// A value is chosen: its index among the choice's values.
    Value(u16),
    /// Nothing happens (`pass`).
    Pass,
    /// The `swap` action of a step: the seats exchange players.
    Swap,
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

    /// A move: a step, or a jump in direction `dir`.
    pub(crate) fn moving(choice: u16, from: usize, jump: bool, dir: usize, to: usize) -> Action {
        let (from, to) = (from as Cell16, to as Cell16);
        let kind = if jump {
            ActionKind::Jump {
                from,
                to,
                dir: Dir::new(dir),
            }
        } else {
            ActionKind::Step { from, to }
        };
        Action { choice, kind }
    }

    /// A slide from `from` to `to`.
    pub(crate) fn slide(choice: u16, from: usize, to: usize) -> Action {
        let (from, to) = (from as Cell16, to as Cell16);
        Action {
            choice,
            kind: ActionKind::Slide { from, to },
        }
    }

    /// A leap from `from` to `to`.
    pub(crate) fn leap(choice: u16, from: usize, to: usize) -> Action {
        let (from, to) = (from as Cell16, to as Cell16);
        Action {
            choice,
            kind: ActionKind::Leap { from, to },
        }
    }

    /// A `move` from `from` to `to`.
    pub(crate) fn move_to(choice: u16, from: usize, to: usize) -> Action {
        let (from, to) = (from as Cell16, to as Cell16);
        Action {
            choice,
            kind: ActionKind::Move { from, to },
        }
    }

    /// The cell of an action on a cell (place, convert, remove).
    pub fn cell(self) -> Option<usize> {
        match self.kind {
            ActionKind::Place(c) | ActionKind::Convert(c) | ActionKind::Remove(c) => {
                Some(c as usize)
            }
            ActionKind::Step { .. }
            | ActionKind::Jump { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Move { .. }
            | ActionKind::Rotate(_)
            | ActionKind::Value(_)
            | ActionKind::Pass
            | ActionKind::Swap
            | ActionKind::Pie => None,
        }
    }

    /// The cells a moving piece leaves and reaches.
    pub fn move_cells(self) -> Option<(usize, usize)> {
        match self.kind {
            ActionKind::Step { from, to }
            | ActionKind::Jump { from, to, .. }
            | ActionKind::Slide { from, to }
            | ActionKind::Leap { from, to }
            | ActionKind::Move { from, to } => Some((from as usize, to as usize)),
            ActionKind::Place(_)
            | ActionKind::Convert(_)
            | ActionKind::Remove(_)
            | ActionKind::Rotate(_)
            | ActionKind::Value(_)
            | ActionKind::Pass
            | ActionKind::Swap
            | ActionKind::Pie => None,
        }
    }

    /// The index of a chosen value.
    pub fn value(self) -> Option<usize> {
        match self.kind {
            ActionKind::Value(i) => Some(i as usize),
            ActionKind::Place(_)
            | ActionKind::Convert(_)
            | ActionKind::Remove(_)
            | ActionKind::Step { .. }
            | ActionKind::Jump { .. }
            | ActionKind::Slide { .. }
            | ActionKind::Leap { .. }
            | ActionKind::Move { .. }
            | ActionKind::Rotate(_)
            | ActionKind::Pass
            | ActionKind::Swap
            | ActionKind::Pie => None,
        }
    }

    /// The same action with its cells and directions mapped (by a
    /// symmetry), or `None` for actions without cells.
    pub fn map_cells(
        self,
        f: impl Fn(usize) -> Option<usize>,
        dir: impl Fn(usize) -> Option<usize>,
    ) -> Option<Action> {
        let m = |c: Cell16| f(c as usize).map(|c| c as Cell16);
        let kind = match self.kind {
            ActionKind::Place(c) => ActionKind::Place(m(c)?),
            ActionKind::Convert(c) => ActionKind::Convert(m(c)?),
            ActionKind::Remove(c) => ActionKind::Remove(m(c)?),
            ActionKind::Step { from, to } => ActionKind::Step {
                from: m(from)?,
                to: m(to)?,
            },
            ActionKind::Jump { from, to, dir: d } => ActionKind::Jump {
                from: m(from)?,
                to: m(to)?,
                dir: Dir::new(dir(d.index())?),
            },
            ActionKind::Slide { from, to } => ActionKind::Slide {
                from: m(from)?,
                to: m(to)?,
            },
            ActionKind::Leap { from, to } => ActionKind::Leap {
                from: m(from)?,
                to: m(to)?,
            },
            ActionKind::Move { from, to } => ActionKind::Move {
                from: m(from)?,
                to: m(to)?,
            },
            // A region turn names its region, not cells: see
            // `analysis::symmetry` for how symmetries treat it.
            ActionKind::Rotate(_)
            | ActionKind::Value(_)
            | ActionKind::Pass
            | ActionKind::Swap
            | ActionKind::Pie => {
                return None;
            }
        };
        Some(Action {
            choice: self.choice,
            kind,
        })
    }

    /// A compact key, distinct for distinct actions of one game: the choice
    /// and one number for the cells or value (for sets of actions seen).
    pub fn key(self) -> (u16, u32) {
        let cells = MAX_CELLS as u32;
        let payload = match self.kind {
            ActionKind::Place(c) | ActionKind::Convert(c) | ActionKind::Remove(c) => c as u32,
            ActionKind::Value(i) | ActionKind::Rotate(i) => i as u32,
            ActionKind::Step { from, to }
            | ActionKind::Jump { from, to, .. }
            | ActionKind::Slide { from, to }
            | ActionKind::Leap { from, to }
            | ActionKind::Move { from, to } => from as u32 * cells + to as u32,
            ActionKind::Pass | ActionKind::Swap | ActionKind::Pie => u32::MAX,
        };
        (self.choice, payload)
    }
}
