//! Binary operators: their types, and constant folding where both sides are known.

use crate::ast::{BinOp, Expr, ExprKind};
use crate::diagnostic::{Diagnostic, Span, closest};
use crate::rules::*;

use super::{Checker, Value, directions, optimise};

impl<'a> Checker<'a> {
    pub(super) fn binary(&mut self, op: &BinOp, a: &Expr, b: &Expr, span: Span) -> Value {
        let va = self.expr(a);
        // A variable chosen among names, compared with one of them.
        if let Value::Chosen(v) = va {
            let symbols = self.variables[v as usize].symbols.clone();
            let var = self.variables[v as usize].name.clone();
            let other = match &b.kind {
                ExprKind::Name(t) => t.clone(),
                _ => String::new(),
            };
            let Some(i) = symbols.iter().position(|s| *s == other) else {
                self.errors.push(
                    Diagnostic::at(b.span, format!("compare `{var}` with one of its values"))
                        .with_help(format!("values: {}", symbols.join(", "))),
                );
                return Value::Error;
            };
            let cmp = match op {
                BinOp::Eq => CmpOp::Eq,
                BinOp::Ne => CmpOp::Ne,
                _ => {
                    self.error(span, format!("`{var}` can only be compared with = or !="));
                    return Value::Error;
                }
            };
            return Value::Bool(BoolExpr::Cmp(
                cmp,
                NumExpr::Var(v),
                NumExpr::Const(i as f64),
            ));
        }
        // An option compared with one of its values: decided now.
        if let Value::Symbol { option, value } = &va {
            if !matches!(op, BinOp::Eq | BinOp::Ne) {
                self.error(
                    span,
                    format!("option `{option}` can only be compared with = or !="),
                );
                return Value::Error;
            }
            let negative;
            let other = match &b.kind {
                ExprKind::Name(t) | ExprKind::Number(t) => t,
                ExprKind::Neg(inner) if matches!(&inner.kind, ExprKind::Number(_)) => {
                    let ExprKind::Number(t) = &inner.kind else {
                        unreachable!("matched above")
                    };
                    negative = format!("-{t}");
                    &negative
                }
                _ => {
                    self.error(
                        b.span,
                        format!("compare option `{option}` with one of its values"),
                    );
                    return Value::Error;
                }
            };
            let symbols = self.options[option].symbols.clone();
            if !symbols.contains(other) {
                let mut d = Diagnostic::at(
                    b.span,
                    format!("`{other}` is not a value of option `{option}`"),
                );
                d.help = Some(match closest(other, symbols.iter().map(String::as_str)) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("values: {}", symbols.join(", ")),
                });
                self.errors.push(d);
                return Value::Error;
            }
            return Value::Bool(BoolExpr::Const((value == other) == (*op == BinOp::Eq)));
        }
        let vb = self.expr(b);
        if matches!(va, Value::Error) || matches!(vb, Value::Error) {
            return Value::Error;
        }
        match op {
            BinOp::Or | BinOp::And | BinOp::Except => {
                if directions::is_dirs(&va) && directions::is_dirs(&vb) {
                    return self.dirs_binary(op, (va, a.span), (vb, b.span));
                }
                let is_set = |v: &Value| matches!(v, Value::Set(_) | Value::Who(_));
                if *op == BinOp::Except || (is_set(&va) && is_set(&vb)) {
                    let (Some(x), Some(y)) = (self.want_set(va, a.span), self.want_set(vb, b.span))
                    else {
                        return Value::Error;
                    };
                    let dead = |s: &SetExpr| match s {
                        SetExpr::Mark(m) => self.is_dead_mark(*m),
                        // No cell at all (`S where` a condition false with these options).
                        SetExpr::Fixed(i) => self.fixed_sets[*i as usize].is_empty(),
                        _ => false,
                    };
                    return Value::Set(optimise::join(op, x, y, dead));
                }
                let (Some(x), Some(y)) = (self.want_bool(va, a.span), self.want_bool(vb, b.span))
                else {
                    return Value::Error;
                };
                Value::Bool(if *op == BinOp::Or {
                    optimise::or(x, y)
                } else {
                    optimise::and(x, y)
                })
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                let (Some(x), Some(y)) = (self.want_num(va, a.span), self.want_num(vb, b.span))
                else {
                    return Value::Error;
                };
                Value::Num(optimise::arithmetic(op, x, y))
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                // Two players: the same one or not (`mover = horizontal`).
                if let (Value::Who(x), Value::Who(y)) = (&va, &vb) {
                    let same = BoolExpr::SamePlayer(*x, *y);
                    return match op {
                        BinOp::Eq => Value::Bool(same),
                        BinOp::Ne => Value::Bool(BoolExpr::Not(Box::new(same))),
                        _ => {
                            self.error(span, "players can only be compared with = or !=");
                            Value::Error
                        }
                    };
                }
                let (Some(x), Some(y)) = (self.want_num(va, a.span), self.want_num(vb, b.span))
                else {
                    return Value::Error;
                };
                let cmp = comparison(op);
                Value::Bool(optimise::compare(cmp, x, y))
            }
        }
    }
}

/// The comparison a comparison operator (`=` to `>=`) makes.
pub(super) fn comparison(op: &BinOp) -> CmpOp {
    match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        _ => CmpOp::Ge,
    }
}
