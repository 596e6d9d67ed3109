//! Optimisation while lowering: constant folding, and cheaper forms of
//! common conditions. Each function returns what the engine evaluates.

use crate::ast::BinOp;
use crate::rules::{BoolExpr, CmpOp, NumExpr, SetExpr};

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
/// a search that stops at the first cell found outside `B`.
fn nonempty(s: SetExpr) -> BoolExpr {
    match s {
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
        s => BoolExpr::NonEmpty(s),
    }
}
