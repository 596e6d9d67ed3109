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

/// `a op b op c ...` as a balanced tree of one associative operator.
fn balanced(op: BinOp, mut operands: Vec<(Span, Expr)>) -> Expr {
    if operands.len() == 1 {
        return operands.pop().expect("one operand").1;
    }
    let right = operands.split_off(operands.len().div_ceil(2));
    let sp = Span::new(operands[0].0.start, right[right.len() - 1].0.end);
    Expr {
        kind: ExprKind::Binary(
            op,
            Box::new(balanced(op, operands)),
            Box::new(balanced(op, right)),
        ),
        span: sp,
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
            // operand (op operand)*. The spans are the operands' pairs',
            // not their expressions', so that a parenthesised operand's
            // parentheses are inside.
            let mut operands = Vec::new();
            let mut ops = Vec::new();
            for (i, child) in children.into_iter().enumerate() {
                match i % 2 {
                    0 => operands.push((span(&child), expr(child))),
                    _ => ops.push(binop(&child)),
                }
            }
            let same = ops.windows(2).all(|w| w[0] == w[1]);
            match ops.first() {
                // A long flat chain of `or` (or of `and`) is grouped evenly,
                // not to the left, so that its depth is the logarithm of its
                // length (the evaluator's scratch space is per level).
                Some(&op) if same && matches!(op, BinOp::Or | BinOp::And) && ops.len() >= 8 => {
                    balanced(op, operands)
                }
                // `a except b except c ...` is `a except (b or c ...)`.
                Some(&BinOp::Except) if same && ops.len() >= 8 => {
                    let rest = operands.split_off(1);
                    let (first_span, first) = operands.pop().expect("operand");
                    let end = rest[rest.len() - 1].0.end;
                    Expr {
                        kind: ExprKind::Binary(
                            BinOp::Except,
                            Box::new(first),
                            Box::new(balanced(BinOp::Or, rest)),
                        ),
                        span: Span::new(first_span.start, end),
                    }
                }
                _ => {
                    let mut it = operands.into_iter();
                    let (first, mut acc) = it.next().expect("operand");
                    for (op, (rhs_span, rhs)) in ops.into_iter().zip(it) {
                        acc = Expr {
                            kind: ExprKind::Binary(op, Box::new(acc), Box::new(rhs)),
                            span: Span::new(first.start, rhs_span.end),
                        };
                    }
                    acc
                }
            }
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
