//! The sources of a choice, for explanations (see [`Sources`]): each cell
//! set of the choice with the parts of its `and`, `or`, `except` and
//! `where`, each part lowered on its own. Lowering a part again reports
//! nothing and spends none of the file's budget: the whole set was checked
//! already.

use crate::ast::{self, BinOp, Expr, ExprKind};
use crate::diagnostic::Span;
use crate::rules::sources::{ChoiceSource, Role, SourcedSet, Split};
use crate::rules::*;

use super::{Checker, Value};

/// How deep an explanation takes a set apart (definitions included).
const MAX_SPLIT_DEPTH: usize = 8;

impl<'a> Checker<'a> {
    pub(super) fn choice_source(&mut self, c: &ast::Choice) -> ChoiceSource {
        let (errors, lowered) = (self.errors.len(), self.lowered);
        let sets: Vec<(Role, &Expr)> = match &c.kind {
            ast::ChoiceKind::Place { at, .. } => vec![(Role::At, at)],
            ast::ChoiceKind::Convert(e) | ast::ChoiceKind::Remove(e) => vec![(Role::At, e)],
            ast::ChoiceKind::Sow { from, .. } => vec![(Role::At, from)],
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
            ast::ChoiceKind::Slide { from, path, to, .. } => {
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
                let c = self.condition(cond);
                Split::Where(Box::new(s), cond.span, c)
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
}
