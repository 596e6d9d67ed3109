//! `while COND and possible: CHOICE`: the step repeats while the condition
//! holds and the choice offers an action; when it offers none, the step
//! ends (a plain `while` would leave the player stuck).

use crate::ast::{BinOp, Expr, ExprKind};
use crate::rules::*;

use super::{Checker, optimise};

/// The conjuncts of `A and B and ...`, in order.
fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(e),
    }
}

impl<'a> Checker<'a> {
    /// The repetition of `while COND: ...`; `possible` may be one of the
    /// conditions joined by `and` (anywhere else it is an error).
    pub(super) fn while_repeat(&mut self, c: &Expr) -> Repeat {
        let mut parts = Vec::new();
        conjuncts(c, &mut parts);
        let is_possible = |e: &&Expr| matches!(&e.kind, ExprKind::Name(n) if n == "possible");
        if !parts.iter().any(is_possible) {
            return Repeat::While(self.condition(c));
        }
        let mut cond = BoolExpr::Const(true);
        for e in parts.into_iter().filter(|e| !is_possible(e)) {
            let b = self.condition(e);
            cond = optimise::and(cond, b);
        }
        Repeat::WhilePossible(cond)
    }
}
