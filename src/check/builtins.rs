//! Built-in functions (`count`, `line`, `rotate`, ...).

use crate::ast::{Expr, ExprKind, Name};
use crate::diagnostic::{Diagnostic, Span, closest};
use crate::limits::MAX_LINE;
use crate::rules::*;

use super::{Checker, FUNCTIONS, Value};

impl<'a> Checker<'a> {
    pub(super) fn call(&mut self, f: &Name, args: &[Expr], span: Span) -> Value {
        let arity = match f.text.as_str() {
            "count" | "groups" | "largest" | "neighbors" | "edge" | "row" | "column" | "rows"
            | "columns" | "box" | "like" => Some(1),
            "connected" => Some(3),
            "line" | "rotate" | "reach" => Some(2),
            "index" => Some(1),
            "select" => Some(3),
            "cells" => None,
            other => {
                let mut d = Diagnostic::at(f.span, format!("unknown function `{other}`"));
                d.help = Some(match closest(other, FUNCTIONS.iter().copied()) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("functions: {}", FUNCTIONS.join(", ")),
                });
                self.errors.push(d);
                return Value::Error;
            }
        };
        if let Some(n) = arity
            && args.len() != n
        {
            let msg = format!(
                "`{}` takes {n} argument{}, not {}",
                f.text,
                if n == 1 { "" } else { "s" },
                args.len()
            );
            self.error(span, msg);
            return Value::Error;
        }
        match f.text.as_str() {
            "count" | "groups" | "largest" => {
                let s = self.set(&args[0]);
                Value::Num(match f.text.as_str() {
                    "count" => NumExpr::Count(s),
                    "groups" => NumExpr::Groups(s),
                    _ => NumExpr::Largest(s),
                })
            }
            "neighbors" => {
                let s = self.set(&args[0]);
                Value::Set(SetExpr::Neighbors(Box::new(s)))
            }
            "rows" => Value::Num(NumExpr::Rows(self.set(&args[0]))),
            "index" => match self.expr(&args[0]) {
                Value::Who(w) => Value::Num(NumExpr::Index(w)),
                v => {
                    self.mismatch(&v, "a player", args[0].span);
                    Value::Error
                }
            },
            "select" => {
                let c = self.condition(&args[0]);
                let a = self.expr(&args[1]);
                let a = self.want_num(a, args[1].span);
                let b = self.expr(&args[2]);
                let b = self.want_num(b, args[2].span);
                match (c, a, b) {
                    (BoolExpr::Const(c), Some(a), Some(b)) => Value::Num(if c { a } else { b }),
                    (c, Some(a), Some(b)) => {
                        Value::Num(NumExpr::Select(Box::new(c), Box::new(a), Box::new(b)))
                    }
                    _ => Value::Error,
                }
            }
            "columns" => Value::Num(NumExpr::Columns(self.set(&args[0]))),
            "box" => Value::Set(SetExpr::Box(Box::new(self.set(&args[0])))),
            "like" => Value::Set(SetExpr::Like(Box::new(self.set(&args[0])))),
            "reach" => {
                let seed = self.set(&args[0]);
                let through = self.set(&args[1]);
                Value::Set(SetExpr::Reach(Box::new(seed), Box::new(through)))
            }
            "connected" => {
                let s = self.set(&args[0]);
                let a = self.set(&args[1]);
                let b = self.set(&args[2]);
                Value::Bool(BoolExpr::Connected(s, a, b))
            }
            "line" => {
                let s = self.set(&args[0]);
                match self.const_int(&args[1]) {
                    Some(n) if (1..=MAX_LINE).contains(&n) => {
                        Value::Bool(BoolExpr::Line(s, n as u32))
                    }
                    Some(_) => {
                        let msg = format!("a line is 1 to {MAX_LINE} cells long");
                        self.error(args[1].span, msg);
                        Value::Error
                    }
                    None => Value::Error,
                }
            }
            "rotate" => {
                let dv = self.expr(&args[0]);
                let d = self.want_dir(dv, args[0].span);
                let deg = self.const_int(&args[1]);
                match (d, deg) {
                    (Some(d), Some(deg)) => {
                        let b = self.board();
                        let table: Vec<DirId> = (0..b.dirs().len())
                            .map(|x| {
                                b.rotate(x, (deg % 360) as i32)
                                    .map_or(NO_DIR, |r| r as DirId)
                            })
                            .collect();
                        if table.iter().all(|&r| r == NO_DIR) {
                            let angles: Vec<String> = b
                                .dirs()
                                .iter()
                                .map(|d| format!("{} {}", d.name, d.angle))
                                .collect();
                            self.errors.push(
                                Diagnostic::at(
                                    args[1].span,
                                    format!(
                                        "no direction of this board is {deg} degrees from another"
                                    ),
                                )
                                .with_help(format!(
                                    "the directions and their angles: {}",
                                    angles.join(", ")
                                )),
                            );
                            return Value::Error;
                        }
                        Value::Dir(DirExpr::Rotate(Box::new(d), table))
                    }
                    _ => Value::Error,
                }
            }
            "edge" => {
                let dv = self.expr(&args[0]);
                match self.want_dir(dv, args[0].span) {
                    Some(DirExpr::Const(d)) => {
                        let cells = self.board().edge(d as usize);
                        Value::Set(self.fixed(cells))
                    }
                    Some(_) => {
                        self.error(
                            args[0].span,
                            "`edge` needs a direction of the board, such as `n`",
                        );
                        Value::Error
                    }
                    None => Value::Error,
                }
            }
            "row" | "column" => {
                // A column letter, or any fixed number (an option, `size - 1`).
                let key = match &args[0].kind {
                    ExprKind::Name(t) if f.text == "column" && !self.options.contains_key(t) => {
                        t.clone()
                    }
                    _ => match self.const_int(&args[0]) {
                        Some(k) => k.to_string(),
                        None => return Value::Error,
                    },
                };
                let cells = if f.text == "row" {
                    key.parse::<usize>()
                        .map(|k| self.board().row(k))
                        .unwrap_or_default()
                } else {
                    self.board().column_by_name(&key).unwrap_or_default()
                };
                if cells.is_empty() {
                    self.error(args[0].span, format!("the board has no {} `{key}`", f.text));
                    return Value::Error;
                }
                Value::Set(self.fixed(cells))
            }
            _ => {
                // cells(a1, b2, ...)
                let mut cells = Vec::new();
                for a in args {
                    let label = match &a.kind {
                        ExprKind::Name(t) => t.as_str(),
                        _ => {
                            self.errors.push(
                                Diagnostic::at(a.span, "`cells` takes cell labels")
                                    .with_help("a cell label is a column letter and a row number, such as `a1`"),
                            );
                            continue;
                        }
                    };
                    match self.board().cell_by_label(label) {
                        Some(c) => cells.push(c),
                        None => {
                            self.error(a.span, format!("`{label}` is not a cell of this board"))
                        }
                    }
                }
                Value::Set(self.fixed(cells))
            }
        }
    }
}
