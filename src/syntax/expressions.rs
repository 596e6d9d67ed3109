//! The parse tree's leaves and expressions to the AST: spans, names,
//! numbers and literals, and expressions (operators folded to the left).
//! The tree has been checked against the limits first, so the recursion
//! here is bounded.

use super::{P, Rule};
use crate::ast::*;
use crate::diagnostic::Span;

pub(super) fn span(pair: &P) -> Span {
    Span::from_pest(pair.as_span())
}

pub(super) fn name(pair: P) -> Name {
    debug_assert_eq!(pair.as_rule(), Rule::name);
    Name {
        text: pair.as_str().to_string(),
        span: span(&pair),
    }
}

pub(super) fn int(pair: P) -> u32 {
    // The grammar only lets digits through, and numbers are below 10^15
    // (checked first); larger ones saturate and are then rejected as out of
    // range by the checker (turn numbers, repetitions).
    pair.as_str().parse().unwrap_or(u32::MAX)
}

pub(super) fn literal(pair: P) -> Literal {
    let inner = pair.into_inner().next().expect("literal has one child");
    match inner.as_rule() {
        Rule::number | Rule::signed_number => Literal::Number(inner.as_str().to_string()),
        _ => Literal::Name(inner.as_str().to_string()),
    }
}

fn binop(pair: &P) -> BinOp {
    match pair.as_rule() {
        Rule::or_op => BinOp::Or,
        Rule::and_op => BinOp::And,
        Rule::except_op => BinOp::Except,
        Rule::plus => BinOp::Add,
        Rule::minus => BinOp::Sub,
        Rule::star => BinOp::Mul,
        _ => match pair.as_str() {
            "=" => BinOp::Eq,
            "!=" => BinOp::Ne,
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            _ => BinOp::Ge,
        },
    }
}

/// Builds an expression from any of the expression rules.
pub(super) fn expr(pair: P) -> Expr {
    let s = span(&pair);
    let rule = pair.as_rule();
    let text = pair.as_str();
    let children: Vec<P> = pair.into_inner().collect();
    match rule {
        Rule::expr => {
            let mut it = children.into_iter();
            let base = expr(it.next().expect("expression"));
            match (it.next(), it.next()) {
                (Some(_where), Some(cond)) => Expr {
                    kind: ExprKind::Where(Box::new(base), Box::new(expr(cond))),
                    span: s,
                },
                _ => base,
            }
        }
        Rule::disjunction | Rule::conjunction | Rule::comparison | Rule::sum | Rule::product => {
            // operand (op operand)*, folded to the left
            // The spans of the operands' pairs, not of their expressions,
            // so that a parenthesised operand's parentheses are inside.
            let mut it = children.into_iter();
            let first = it.next().expect("operand");
            let start = span(&first).start;
            let mut acc = expr(first);
            while let (Some(op), Some(rhs)) = (it.next(), it.next()) {
                let end = span(&rhs).end;
                let rhs = expr(rhs);
                let sp = Span::new(start, end);
                acc = Expr {
                    kind: ExprKind::Binary(binop(&op), Box::new(acc), Box::new(rhs)),
                    span: sp,
                };
            }
            acc
        }
        Rule::negation | Rule::signed => {
            let n = children.len();
            let mut it = children.into_iter();
            let ops = n - 1;
            for _ in 0..ops {
                it.next();
            }
            let mut e = expr(it.next().expect("operand"));
            for _ in 0..ops {
                e = Expr {
                    kind: if rule == Rule::negation {
                        ExprKind::Not(Box::new(e))
                    } else {
                        ExprKind::Neg(Box::new(e))
                    },
                    span: s,
                };
            }
            e
        }
        Rule::relative => {
            let mut it = children.into_iter();
            let base = expr(it.next().expect("operand"));
            match (it.next(), it.next()) {
                (Some(_at), Some(dir)) => Expr {
                    kind: ExprKind::At(Box::new(base), Box::new(expr(dir))),
                    span: s,
                },
                _ => base,
            }
        }
        Rule::primary => expr(children.into_iter().next().expect("primary has one child")),
        Rule::number => Expr {
            kind: ExprKind::Number(text.to_string()),
            span: s,
        },
        Rule::turn_number => Expr {
            kind: ExprKind::Turn,
            span: s,
        },
        Rule::call => {
            let mut it = children.into_iter();
            let head = it.next().expect("function name");
            let f = name(head.into_inner().next().expect("call_name has a name"));
            Expr {
                kind: ExprKind::Call(f, it.map(expr).collect()),
                span: s,
            }
        }
        Rule::quantifier => {
            let mut it = children.into_iter();
            let some = it.next().expect("some or every").as_rule() == Rule::some;
            let var = name(it.next().expect("variable"));
            let body = expr(it.next().expect("body"));
            Expr {
                kind: ExprKind::Quantifier {
                    some,
                    var,
                    body: Box::new(body),
                },
                span: s,
            }
        }
        _ => Expr {
            kind: ExprKind::Name(text.to_string()),
            span: s,
        },
    }
}
