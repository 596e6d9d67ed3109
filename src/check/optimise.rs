//! Optimisation while lowering: constant folding, and cheaper forms of
//! common conditions. Each function returns what the engine evaluates.

use crate::ast::BinOp;
use crate::rules::TextField;
use crate::rules::walk::{self, At, Node, Visitor};
use crate::rules::{
    BoolExpr, Choice, ChoiceKind, CmpOp, Effect, LineKind, NumExpr, Rules, SetExpr,
};

/// `x or y`, decided now when one side is known.
pub(super) fn or(x: BoolExpr, y: BoolExpr) -> BoolExpr {
    match (x, y) {
        (BoolExpr::Const(p), q) | (q, BoolExpr::Const(p)) => {
            if p {
                BoolExpr::Const(true)
            } else {
                q
            }
        }
        (x, y) => BoolExpr::Or(Box::new(x), Box::new(y)),
    }
}

/// `x and y`, decided now when one side is known.
pub(super) fn and(x: BoolExpr, y: BoolExpr) -> BoolExpr {
    match (x, y) {
        (BoolExpr::Const(p), q) | (q, BoolExpr::Const(p)) => {
            if p {
                q
            } else {
                BoolExpr::Const(false)
            }
        }
        (x, y) => BoolExpr::And(Box::new(x), Box::new(y)),
    }
}

/// `x + y`, `x - y` or `x * y` (`op` is one of those), computed now when
/// both sides are known.
pub(super) fn arithmetic(op: &BinOp, x: NumExpr, y: NumExpr) -> NumExpr {
    match (x, y) {
        (NumExpr::Const(p), NumExpr::Const(q)) => NumExpr::Const(match op {
            BinOp::Add => p + q,
            BinOp::Sub => p - q,
            _ => p * q,
        }),
        (x, y) => {
            let (x, y) = (Box::new(x), Box::new(y));
            match op {
                BinOp::Add => NumExpr::Add(x, y),
                BinOp::Sub => NumExpr::Sub(x, y),
                _ => NumExpr::Mul(x, y),
            }
        }
    }
}

/// A comparison of numbers, decided now when both are known.
pub(super) fn compare(cmp: CmpOp, x: NumExpr, y: NumExpr) -> BoolExpr {
    match (x, y) {
        (NumExpr::Const(p), NumExpr::Const(q)) => BoolExpr::Const(cmp.test(p, q)),
        // `count(S) = 0` and `count(S) > 0` need no count.
        (NumExpr::Count(s), NumExpr::Const(z)) if z == 0.0 && cmp == CmpOp::Eq => {
            BoolExpr::Not(Box::new(nonempty(s)))
        }
        (NumExpr::Count(s), NumExpr::Const(z)) if z == 0.0 && cmp == CmpOp::Gt => nonempty(s),
        (x, y) => BoolExpr::Cmp(cmp, x, y),
    }
}

/// "The set has a cell", with the flood `reach(S, T) except B` turned into
/// a search that stops at the first cell found outside `B`, and a union
/// asked part by part, stopping at the first part that has a cell (the 15
/// puzzle's goal: fifteen `TILE except cells(...)`, each one word).
fn nonempty(s: SetExpr) -> BoolExpr {
    match s {
        SetExpr::Union(a, b) => BoolExpr::Or(Box::new(nonempty(*a)), Box::new(nonempty(*b))),
        SetExpr::Except(a, b) if matches!(*a, SetExpr::Reach(..)) => {
            let SetExpr::Reach(seed, through) = *a else {
                unreachable!("matched above")
            };
            BoolExpr::Escapes {
                seed: *seed,
                through: *through,
                bound: *b,
            }
        }
        // `neighbors(reach(S, T)) and U`: a search that stops at the first
        // cell of U next to the flood (a Go group's first liberty).
        SetExpr::Inter(a, u) if is_reach_neighbours(&a) => touches(*a, *u),
        SetExpr::Inter(u, a) if is_reach_neighbours(&a) => touches(*a, *u),
        s => BoolExpr::NonEmpty(s),
    }
}

fn is_reach_neighbours(s: &SetExpr) -> bool {
    matches!(s, SetExpr::Neighbors(r) if matches!(**r, SetExpr::Reach(..)))
}

/// `neighbors(reach(seed, through)) and target` has a cell.
fn touches(neighbours: SetExpr, target: SetExpr) -> BoolExpr {
    let SetExpr::Neighbors(r) = neighbours else {
        unreachable!("checked by is_reach_neighbours")
    };
    let SetExpr::Reach(seed, through) = *r else {
        unreachable!("checked by is_reach_neighbours")
    };
    BoolExpr::Touches {
        seed: *seed,
        through: *through,
        target,
    }
}

/// `x or y`, `x and y` or `x except y` (`op` is one of those), with a
/// side that `is_empty` (a mark never set, a fixed set of no cell) dropped where it changes
/// nothing: `x or ∅` and `x except ∅` are `x`.
pub(super) fn join(
    op: &BinOp,
    x: SetExpr,
    y: SetExpr,
    is_empty: impl Fn(&SetExpr) -> bool,
) -> SetExpr {
    match op {
        BinOp::Or if is_empty(&y) => x,
        BinOp::Or if is_empty(&x) => y,
        BinOp::Except if is_empty(&y) => x,
        _ => {
            let (x, y) = (Box::new(x), Box::new(y));
            match op {
                BinOp::Or => SetExpr::Union(x, y),
                BinOp::And => SetExpr::Inter(x, y),
                _ => SetExpr::Except(x, y),
            }
        }
    }
}

/// Per mark: whether some choice or effect sets it; the marks of each
/// kind of line.
pub(super) struct MarksSet<'r>(pub(super) Vec<bool>, pub(super) &'r [LineKind]);
impl Visitor for MarksSet<'_> {
    fn visit(&mut self, node: Node<'_>, _at: At) -> bool {
        if let Node::Effect(Effect::Draw(line, ..))
        | Node::Choice(Choice {
            kind: ChoiceKind::Draw { line, .. },
            ..
        }) = node
        {
            for m in &self.1[*line as usize].marks {
                self.0[m.index()] = true;
            }
        }
        let m = match node {
            Node::Choice(Choice { marking, .. }) => *marking,
            Node::Effect(e) => match e {
                Effect::Mark(m, _) | Effect::Convert(_, Some(m)) | Effect::Remove(_, Some(m)) => {
                    Some(*m)
                }
                Effect::Clear(_)
                | Effect::Unmark(..)
                | Effect::Convert(_, None)
                | Effect::Remove(_, None)
                | Effect::Repeat(_)
                | Effect::If(..)
                | Effect::Seq(_)
                | Effect::EachGroup { .. }
                | Effect::EachMember { .. }
                | Effect::Swap
                | Effect::Again
                | Effect::Make(..)
                | Effect::Place(..)
                | Effect::Move(..)
                | Effect::Take(..)
                | Effect::Draw(..)
                | Effect::Set(..) => None,
            },
            Node::Set(_)
            | Node::Num(_)
            | Node::Cond(_)
            | Node::Dir(_)
            | Node::Dirs(_)
            | Node::Outcome(_) => None,
        };
        if let Some(m) = m {
            self.0[m.index()] = true;
        }
        true
    }
}

/// Per mark of `rules`: whether no choice marks with it and no effect sets
/// it, so that it is empty all game long (Pinch's `vacated` when captured
/// stones flip: only removals mark it).
pub(super) fn marks_never_set(rules: &Rules) -> Vec<bool> {
    let mut marks = MarksSet(vec![false; rules.marks.len()], &rules.lines);
    walk::walk(rules, &mut marks);
    // Marks the game starts with, or that a position's text may give.
    for &(_, m) in &rules.setup_marks {
        marks.0[m.index()] = true;
    }
    for f in &rules.position_text.fields {
        match f {
            TextField::Flags { mark, .. } | TextField::CellOf(mark) | TextField::CellsOf(mark) => {
                marks.0[mark.index()] = true
            }
            TextField::Board
            | TextField::Mover(_)
            | TextField::Number(_)
            | TextField::Moves
            | TextField::Turn
            | TextField::Hands
            | TextField::Pocket
            | TextField::Dash => {}
        }
    }
    marks.0.iter().map(|&set| !set).collect()
}

#[cfg(test)]
mod tests {
    use crate::rules::{BoolExpr, ChoiceKind, Effect, Mark, Rules, SetExpr};

    fn pinch(capture: &str) -> Rules {
        let file = crate::syntax::parse(include_str!("../../games/pinch.gdl")).expect("parses");
        let chosen = [super::super::OptionChoice {
            name: "capture".into(),
            value: capture.into(),
        }];
        super::super::compile(&file, &chosen).expect("compiles")
    }

    /// Pinch marks `vacated` only when captured stones are removed: when
    /// they flip, the mark is never set, so its `clear`s and the `except
    /// vacated` of the placement drop out; when they are removed, both stay.
    #[test]
    fn a_mark_never_set_drops_out_of_the_rules() {
        let vacated = |r: &Rules| {
            r.marks
                .iter()
                .position(|m| m == "vacated")
                .map(Mark::new)
                .unwrap()
        };
        let flip = pinch("flip");
        assert_eq!(super::marks_never_set(&flip), [false, true]);
        let place = |r: &Rules| {
            r.choices
                .iter()
                .find_map(|c| match &c.kind {
                    ChoiceKind::Place { target, .. } => Some(target.clone()),
                    _ => None,
                })
                .unwrap()
        };
        let clears = |r: &Rules, m: Mark| {
            r.choices
                .iter()
                .flat_map(|c| &c.then)
                .filter(|e| **e == Effect::Clear(m))
                .count()
        };
        assert_eq!(place(&flip), SetExpr::Empty);
        assert_eq!(clears(&flip, vacated(&flip)), 0);
        let remove = pinch("remove");
        assert_eq!(super::marks_never_set(&remove), [false, false]);
        assert!(matches!(place(&remove), SetExpr::Except(..)));
        assert_eq!(clears(&remove, vacated(&remove)), 2);
    }

    #[test]
    fn a_union_is_asked_part_by_part() {
        let file = crate::syntax::parse(
            "game T board square(3) players x pieces a, b
             turn: place a at empty | place b at empty
             end if count((a except cells(a1)) or b) = 0: x wins",
        )
        .expect("parses");
        let rules = super::super::compile(&file, &[]).expect("compiles");
        let (goal, _) = &rules.ends[0];
        let BoolExpr::Not(inner) = goal else {
            panic!("count(S) = 0 is `not` S has a cell: {goal:?}")
        };
        assert!(
            matches!(&**inner, BoolExpr::Or(a, b)
                if matches!(**a, BoolExpr::NonEmpty(SetExpr::Except(..)))
                    && matches!(**b, BoolExpr::NonEmpty(SetExpr::Piece(_)))),
            "{inner:?}"
        );
    }
}
