//! What follows each decision of a turn, for counting whole turns without
//! playing the last one (perft's last level, `movegen::turn_ends`): after
//! a one-ply step, the rest of the turn either offers no other decision,
//! or does only while some sets of pieces are not empty, sets the effects
//! between cannot change; else it is unknown.

use crate::rules::cell_read::{CellOp, CellRead};
use crate::rules::*;

/// After a decision of a step: how the turn goes on.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::engine) enum Tail {
    /// The turn may offer another decision: it must be played.
    Unknown,
    /// The turn offers another decision only at these steps, each a
    /// `while` whose condition is that its set is not empty
    /// ([`guard_set`]); none: the turn surely ends.
    Guarded(Vec<Guard>),
}

/// A `while` step after a decision, and where its set would hold a piece.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::engine) struct Guard {
    /// The step's index in the turn's steps.
    pub step: u16,
    /// For a set that reads no marks: per player to move, per piece code
    /// (kind * (players + 1) + owner) and then an empty cell, the cells
    /// where it would be in the set (W words each; see
    /// `movegen::turn_ends`). Empty for a set that reads marks.
    pub cells: Vec<u64>,
}

/// Per turn rule, per step: the tail after a decision of that step.
pub(in crate::engine) fn turn_tails(rules: &Rules) -> Vec<Vec<Tail>> {
    rules
        .turns
        .iter()
        .map(|turn| {
            (0..turn.steps.len())
                .map(|s| tail_after(&turn.steps, s))
                .collect()
        })
        .collect()
}

/// `turn_tails` with every tail unknown: each decision is played on.
pub(in crate::engine) fn unknown_tails(rules: &Rules) -> Vec<Vec<Tail>> {
    let unknown = |turn: &Turn| vec![Tail::Unknown; turn.steps.len()];
    rules.turns.iter().map(unknown).collect()
}

fn tail_after(steps: &[Step], s: usize) -> Tail {
    // One ply, then the step is over.
    if !matches!(
        steps[s],
        Step::Choose {
            repeat: Repeat::Times(1),
            ..
        }
    ) {
        return Tail::Unknown;
    }
    let mut guarded = Vec::new();
    // Marks the effects so far may have changed; `None`: pieces too.
    let mut changed: Option<Vec<Mark>> = Some(Vec::new());
    for (k, step) in steps.iter().enumerate().skip(s + 1) {
        match step {
            Step::End(..) => {}
            Step::Effect(e) => {
                if let Some(marks) = &mut changed
                    && !marks_only(e, marks)
                {
                    changed = None;
                }
            }
            Step::Choose { repeat, .. } => {
                let (Repeat::While(cond) | Repeat::WhilePossible(cond)) = repeat else {
                    return Tail::Unknown;
                };
                let Some(set) = guard_set(cond) else {
                    return Tail::Unknown;
                };
                let Some(marks) = &changed else {
                    return Tail::Unknown;
                };
                if !of_cells(set, marks) {
                    return Tail::Unknown;
                }
                let Ok(step) = u16::try_from(k) else {
                    return Tail::Unknown;
                };
                guarded.push(Guard {
                    step,
                    cells: Vec::new(),
                });
            }
        }
    }
    Tail::Guarded(guarded)
}

/// The set S of a `while` condition that holds when S is not empty
/// (`count(S) > 0`, `count(S) != 0`, `count(S) >= 1`).
pub(in crate::engine) fn guard_set(cond: &BoolExpr) -> Option<&SetExpr> {
    match cond {
        BoolExpr::NonEmpty(s) => Some(s),
        BoolExpr::Cmp(op, NumExpr::Count(s), NumExpr::Const(n)) => {
            let nonempty = matches!(
                (op, *n),
                (CmpOp::Gt, 0.0) | (CmpOp::Ne, 0.0) | (CmpOp::Ge, 1.0)
            );
            nonempty.then_some(s)
        }
        _ => None,
    }
}

/// Whether the effect changes marks only (adding those it may change to
/// `marks`), or variables, lines and the next turn's player; not pieces.
fn marks_only(e: &Effect, marks: &mut Vec<Mark>) -> bool {
    match e {
        Effect::Clear(m) | Effect::Mark(m, _) | Effect::Unmark(m, _) => {
            marks.push(*m);
            true
        }
        Effect::Set(..) | Effect::Again | Effect::Draw(..) => true,
        Effect::If(_, a, b) => {
            marks_only(a, marks) && b.as_ref().is_none_or(|b| marks_only(b, marks))
        }
        Effect::Seq(v) => v.iter().all(|e| marks_only(e, marks)),
        Effect::Convert(..)
        | Effect::Remove(..)
        | Effect::Repeat(_)
        | Effect::EachGroup { .. }
        | Effect::EachMember { .. }
        | Effect::Swap
        | Effect::Make(..)
        | Effect::Place(..)
        | Effect::Move(..)
        | Effect::Take(..) => false,
    }
}

/// Whether a set reads marks.
pub(in crate::engine) fn reads_marks(e: &SetExpr) -> bool {
    let mut found = matches!(e, SetExpr::Mark(_));
    e.each_part(&mut |part, _| {
        if let crate::rules::walk::Node::Set(s) = part {
            found |= reads_marks(s);
        }
    });
    found
}

/// Whether a cell's membership depends on its own piece, its marks other
/// than `changed`, and where it is (a fixed region).
pub(super) fn of_cells(e: &SetExpr, changed: &[Mark]) -> bool {
    match e.cell_read() {
        CellRead::Every | CellRead::Piece(_) | CellRead::Place(_) => true,
        CellRead::Mark(m) => !changed.contains(&m),
        CellRead::Parts(CellOp::Union(a, b) | CellOp::Inter(a, b) | CellOp::Except(a, b)) => {
            of_cells(a, changed) && of_cells(b, changed)
        }
        CellRead::Parts(CellOp::Complement(a)) => of_cells(a, changed),
        CellRead::Parts(CellOp::ByPlayer(v)) => v.iter().all(|e| of_cells(e, changed)),
        CellRead::Beyond => false,
    }
}
