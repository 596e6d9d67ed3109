//! The sources of a choice, for explanations (see [`Sources`]): each cell
//! set of the choice with the parts of its `and`, `or`, `except` and
//! `where`, each part lowered on its own. Lowering a part again reports
//! nothing and spends none of the file's budget: the whole set was checked
//! already.

use crate::ast::{self, BinOp, Expr, ExprKind};
use crate::diagnostic::Span;
use crate::rules::sources::{ChoiceSource, CondSplit, Role, SourcedCond, SourcedSet, Split};
use crate::rules::*;

use super::{Checker, Value};

/// How deep an explanation takes a set apart (definitions included).
const MAX_SPLIT_DEPTH: usize = 8;

impl<'a> Checker<'a> {
    pub(super) fn choice_source(&mut self, c: &ast::Choice) -> ChoiceSource {
        let (errors, lowered) = (self.errors.len(), self.lowered);
        let sets: Vec<(Role, &Expr)> = match &c.kind {
            ast::ChoiceKind::Place { at, .. } => vec![(Role::At, at)],
            ast::ChoiceKind::Convert(e)
            | ast::ChoiceKind::Remove(e)
            | ast::ChoiceKind::Pick(e)
            | ast::ChoiceKind::Deal(e) => {
                vec![(Role::At, e)]
            }
            ast::ChoiceKind::Sow { from, .. } => vec![(Role::At, from)],
            ast::ChoiceKind::Draw(ast::Lines { from, to, .. }) => {
                vec![(Role::From, from), (Role::To, to)]
            }
            ast::ChoiceKind::Step { from, to, .. } | ast::ChoiceKind::Move { from, to } => {
                vec![(Role::From, from), (Role::To, to)]
            }
            ast::ChoiceKind::Leap { from, over, to, .. } => {
                let mut v = vec![(Role::From, from)];
                v.extend(over.iter().map(|o| (Role::Over, o)));
                v.push((Role::To, to));
                v
            }
            ast::ChoiceKind::Jump { from, over, to, .. }
            | ast::ChoiceKind::Hop { from, over, to, .. } => {
                vec![(Role::From, from), (Role::Over, over), (Role::To, to)]
            }
            ast::ChoiceKind::Slide { from, path, to, .. }
            | ast::ChoiceKind::Shift { from, path, to, .. } => {
                let mut v = vec![(Role::From, from)];
                v.extend(path.iter().map(|p| (Role::Over, p)));
                v.push((Role::To, to));
                v
            }
            ast::ChoiceKind::Pass
            | ast::ChoiceKind::Swap
            | ast::ChoiceKind::Choose { .. }
            | ast::ChoiceKind::Rotate { .. }
            | ast::ChoiceKind::Named(_) => Vec::new(),
        };
        let parts: Vec<(Role, SourcedSet)> = sets
            .into_iter()
            .map(|(role, e)| (role, self.sourced(e, 0)))
            .collect();
        // The choice's words up to the end of its last set (not its
        // `marking` and `then`), or its first word.
        let end = match &c.kind {
            ast::ChoiceKind::Choose { span, .. } => span.end,
            // `pass`, `swap`.
            ast::ChoiceKind::Pass | ast::ChoiceKind::Swap => c.span.start + 4,
            _ => parts
                .iter()
                .map(|(_, s)| s.span.end)
                .max()
                .unwrap_or(c.span.end),
        };
        self.errors.truncate(errors);
        self.lowered = lowered;
        ChoiceSource {
            span: Span::new(c.span.start, end.max(c.span.start)),
            parts,
            keep: Vec::new(),
        }
    }

    fn sourced(&mut self, e: &Expr, depth: usize) -> SourcedSet {
        let set = match self.expr(e) {
            Value::Set(s) => s,
            Value::Who(w) => SetExpr::Owned(w),
            _ => SetExpr::Empty,
        };
        let leaf = |set| SourcedSet {
            span: e.span,
            set,
            split: Split::Leaf,
        };
        if depth >= MAX_SPLIT_DEPTH {
            return leaf(set);
        }
        let split = match &e.kind {
            ExprKind::Binary(op @ (BinOp::And | BinOp::Or | BinOp::Except), a, b) => {
                let (a, b) = (self.sourced(a, depth + 1), self.sourced(b, depth + 1));
                let (a, b) = (Box::new(a), Box::new(b));
                match op {
                    BinOp::And => Split::Inter(a, b),
                    BinOp::Or => Split::Union(a, b),
                    _ => Split::Except(a, b),
                }
            }
            ExprKind::Where(s, cond) => {
                let s = self.sourced(s, depth + 1);
                let c = self.sourced_cond(cond, depth + 1);
                Split::Where(Box::new(s), Box::new(c))
            }
            ExprKind::Name(n) => match self.defines.get(n.as_str()).copied() {
                Some(ast::RegionBody::Shared(body)) => {
                    Split::Define(Box::new(self.sourced(body, depth + 1)))
                }
                Some(ast::RegionBody::PerPlayer(_)) | None => Split::Leaf,
            },
            ExprKind::Number(_)
            | ExprKind::Turn
            | ExprKind::Call(..)
            | ExprKind::Binary(..)
            | ExprKind::Not(_)
            | ExprKind::Neg(_)
            | ExprKind::At(..)
            | ExprKind::Quantifier { .. } => Split::Leaf,
        };
        SourcedSet {
            span: e.span,
            set,
            split,
        }
    }

    /// A condition taken apart: a `keep if`'s (where `stuck` is allowed)
    /// or a guard's. Like [`Self::choice_source`], it reports nothing and
    /// spends nothing.
    pub(super) fn cond_source(&mut self, e: &Expr, keep: bool) -> SourcedCond {
        let (errors, lowered) = (self.errors.len(), self.lowered);
        let in_keep = std::mem::replace(&mut self.in_keep, keep);
        let c = self.sourced_cond(e, 0);
        self.in_keep = in_keep;
        self.errors.truncate(errors);
        self.lowered = lowered;
        c
    }

    /// A condition with the parts of its `not`, `and`, `or`, definitions
    /// and `count(S) OP N` comparisons, each lowered on its own.
    fn sourced_cond(&mut self, e: &Expr, depth: usize) -> SourcedCond {
        // Only a condition's own operators are taken apart: `own and king`
        // used as a condition is a set, whose parts are not conditions.
        let v = self.expr(e);
        let is_bool = matches!(v, Value::Bool(_));
        let cond = self.want_bool(v, e.span).unwrap_or(BoolExpr::Const(false));
        let leaf = |cond| SourcedCond {
            span: e.span,
            cond,
            split: CondSplit::Leaf,
        };
        // A condition decided by the options, or too deep to take apart.
        if depth >= MAX_SPLIT_DEPTH || !is_bool || matches!(cond, BoolExpr::Const(_)) {
            return leaf(cond);
        }
        let split = match &e.kind {
            ExprKind::Binary(op @ (BinOp::And | BinOp::Or), ..) => {
                // A chain of one operator is one list: `a or b or c`.
                let mut operands = Vec::new();
                self.chain(e, op, &mut operands);
                let parts = operands
                    .into_iter()
                    .map(|x| self.sourced_cond(x, depth + 1))
                    .collect();
                if *op == BinOp::And {
                    CondSplit::All(parts)
                } else {
                    CondSplit::Any(parts)
                }
            }
            ExprKind::Not(a) => CondSplit::Not(Box::new(self.sourced_cond(a, depth + 1))),
            ExprKind::Binary(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) => {
                let counted = |x: &Expr| match &x.kind {
                    ExprKind::Call(f, args) if f.text == "count" && args.len() == 1 => {
                        Some(args[0].clone())
                    }
                    _ => None,
                };
                let cmp = super::operators::comparison(op);
                // `N OP count(S)` is `count(S) OP' N`.
                let turned = |c| match c {
                    CmpOp::Lt => CmpOp::Gt,
                    CmpOp::Le => CmpOp::Ge,
                    CmpOp::Gt => CmpOp::Lt,
                    CmpOp::Ge => CmpOp::Le,
                    CmpOp::Eq | CmpOp::Ne => c,
                };
                let found = match (counted(a), counted(b)) {
                    (Some(s), _) => Some((s, cmp, b)),
                    (None, Some(s)) => Some((s, turned(cmp), a)),
                    (None, None) => None,
                };
                match found {
                    Some((s, cmp, other)) => {
                        let v = self.expr(other);
                        match self.want_num(v, other.span) {
                            Some(n) => {
                                CondSplit::Count(Box::new(self.sourced(&s, depth + 1)), cmp, n)
                            }
                            None => CondSplit::Leaf,
                        }
                    }
                    None => {
                        let mut sides = Vec::new();
                        for x in [a, b] {
                            if matches!(x.kind, ExprKind::Number(_)) {
                                continue;
                            }
                            if let Value::Num(n) = self.expr(x) {
                                sides.push((x.span, n));
                            }
                        }
                        CondSplit::Compare(sides)
                    }
                }
            }
            ExprKind::Call(_, args)
                if matches!(cond, BoolExpr::Attacked(_, Who::Me, _)) && args.len() == 1 =>
            {
                CondSplit::Attacked(Box::new(self.sourced(&args[0], depth + 1)))
            }
            ExprKind::Name(n) => match self.defines.get(n.as_str()).copied() {
                Some(ast::RegionBody::Shared(body)) => {
                    CondSplit::Define(Box::new(self.sourced_cond(body, depth + 1)))
                }
                Some(ast::RegionBody::PerPlayer(_)) | None => CondSplit::Leaf,
            },
            ExprKind::Number(_)
            | ExprKind::Turn
            | ExprKind::Call(..)
            | ExprKind::Binary(..)
            | ExprKind::Neg(_)
            | ExprKind::At(..)
            | ExprKind::Where(..)
            | ExprKind::Quantifier { .. } => CondSplit::Leaf,
        };
        SourcedCond {
            span: e.span,
            cond,
            split,
        }
    }

    /// The operands of a chain of the condition operator `op` (`a or b or
    /// c`), in order; an operand that is a set is not taken apart.
    fn chain<'e>(&mut self, e: &'e Expr, op: &BinOp, out: &mut Vec<&'e Expr>) {
        match &e.kind {
            ExprKind::Binary(o, a, b) if o == op && matches!(self.expr(e), Value::Bool(_)) => {
                self.chain(a, op, out);
                self.chain(b, op, out);
            }
            _ => out.push(e),
        }
    }
}
