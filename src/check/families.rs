//! Families of regions: `region board = blocks(3)` cuts the board into
//! numbered blocks of 3 x 3 cells, `region place = places(3)` groups the
//! cells by their place in their block. Called like a function, a family
//! gives the members holding some cells (`board(here)`) or one member by
//! its number (`board(4)`), and `index(board, S)` the number of S's.
//! Worked out once per board: a set per member and a member per cell.

use crate::ast::{Expr, ExprKind, Name};
use crate::cellset::CellSet;
use crate::diagnostic::{Diagnostic, Span};
use crate::ids::Cell;
use crate::rules::*;

use super::{Checker, Value};

/// The functions that make a family, as a region's whole body.
const MAKERS: [&str; 2] = ["blocks", "places"];

/// The help every wrong use of a family's name gives.
fn usage(name: &str) -> String {
    format!(
        "`{name}(S)` is the cells of the members holding a cell of S, `{name}(N)` member number N (from 1), `index({name}, S)` the number of the member holding S's first cell"
    )
}

impl<'a> Checker<'a> {
    /// The maker and its arguments when a region's body makes a family.
    pub(super) fn family_maker(e: &Expr) -> Option<(&Name, &[Expr])> {
        match &e.kind {
            ExprKind::Call(f, args) if MAKERS.contains(&f.text.as_str()) => Some((f, args)),
            _ => None,
        }
    }

    /// `region NAME = blocks(W[, H])` or `places(W[, H])`.
    pub(super) fn family(&mut self, name: &Name, maker: &Name, args: &[Expr], span: Span) {
        let size = match args {
            [w] => self.block_side(w).map(|w| (w, w)),
            [w, h] => self.block_side(w).zip(self.block_side(h)),
            _ => {
                let msg = format!(
                    "`{}` takes 1 or 2 arguments, not {}",
                    maker.text,
                    args.len()
                );
                let help = "the width of a block, then its height if it is not square: `blocks(3)`, `blocks(4, 2)`";
                self.errors.push(Diagnostic::at(span, msg).with_help(help));
                None
            }
        };
        let Some((w, h)) = size else {
            self.failed_regions.push(name.text.clone());
            return;
        };
        let board = self.board();
        let places = maker.text == "places";
        // Each cell's key: its block, or its place in its block.
        let keys: Vec<(i32, i32)> = (0..board.len())
            .map(|c| {
                let info = board.cell(Cell::new(c));
                if places {
                    (info.row.rem_euclid(h), info.col.rem_euclid(w))
                } else {
                    (info.row.div_euclid(h), info.col.div_euclid(w))
                }
            })
            .collect();
        // Members numbered by their first cell in the board's order.
        let mut firsts: Vec<(i32, i32)> = Vec::new();
        let mut member_of = Vec::with_capacity(keys.len());
        for k in &keys {
            let i = match firsts.iter().position(|f| f == k) {
                Some(i) => i,
                None => {
                    firsts.push(*k);
                    firsts.len() - 1
                }
            };
            member_of.push(i as u32 + 1);
        }
        let mut members = Vec::with_capacity(firsts.len());
        for i in 0..firsts.len() as u32 {
            let cells = (0..member_of.len()).filter(|&c| member_of[c] == i + 1);
            match self.fixed(cells.collect::<Vec<_>>()) {
                SetExpr::Fixed(id) => members.push(id),
                _ => unreachable!("`fixed` gives a fixed set"),
            }
        }
        self.families.push(Family {
            name: name.text.clone(),
            members,
            member_of,
        });
    }

    /// A block's width or height: a fixed whole number from 1.
    fn block_side(&mut self, e: &Expr) -> Option<i32> {
        let n = self.const_int(e)?;
        if !(1..=crate::limits::MAX_CELLS as i64).contains(&n) {
            let msg = format!("a block is 1 cell across or more, not {n}");
            self.error(e.span, msg);
            return None;
        }
        Some(n as i32)
    }

    /// `blocks(..)` or `places(..)` anywhere but as a region's body.
    pub(super) fn maker_elsewhere(&mut self, f: &Name) -> Option<Value> {
        if !MAKERS.contains(&f.text.as_str()) {
            return None;
        }
        let msg = format!(
            "`{}` makes a family of regions: it is a region's whole body",
            f.text
        );
        let help = format!(
            "declare it, `region board = {}(3)`, then use `board(here)`, `board(4)` or `index(board, here)`",
            f.text
        );
        self.errors
            .push(Diagnostic::at(f.span, msg).with_help(help));
        Some(Value::Error)
    }

    /// The family called `name`, if there is one.
    pub(super) fn family_index(&self, name: &str) -> Option<u16> {
        self.families
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as u16)
    }

    /// A family's name used as a set: an error that says how to use it.
    pub(super) fn family_as_set(&mut self, name: &str, span: Span) -> Value {
        let msg = format!("`{name}` is a family of regions, not one set of cells");
        self.errors
            .push(Diagnostic::at(span, msg).with_help(usage(name)));
        Value::Error
    }

    /// `board(S)` or `board(N)`: a fixed set when its argument is fixed.
    pub(super) fn family_call(
        &mut self,
        f: &Name,
        family: u16,
        args: &[Expr],
        span: Span,
    ) -> Value {
        let [arg] = args else {
            let msg = format!("`{}` takes 1 argument, not {}", f.text, args.len());
            self.errors
                .push(Diagnostic::at(span, msg).with_help(usage(&f.text)));
            return Value::Error;
        };
        match self.expr(arg) {
            Value::Num(NumExpr::Const(k)) => {
                let fam = &self.families[family as usize];
                let member = (k >= 1.0 && k.fract() == 0.0)
                    .then(|| fam.members.get(k as usize - 1))
                    .flatten();
                let cells = match member {
                    Some(&i) => self.fixed_sets[i as usize].clone(),
                    None => CellSet::new(self.board().len()),
                };
                Value::Set(self.fixed(cells.iter().collect::<Vec<_>>()))
            }
            Value::Num(k) => Value::Set(SetExpr::Member(Box::new(k), family)),
            Value::Error => Value::Error,
            v => {
                let Some(s) = self.want_set(v, arg.span) else {
                    return Value::Error;
                };
                match self.const_set(&s) {
                    Some(cells) => {
                        // Every member is in the family: a cell's member
                        // is the cells with the same number.
                        let of = &self.families[family as usize].member_of;
                        let held: Vec<u32> = cells.iter().map(|c| of[c]).collect();
                        let out: Vec<usize> =
                            (0..of.len()).filter(|&c| held.contains(&of[c])).collect();
                        Value::Set(self.fixed(out))
                    }
                    None => Value::Set(SetExpr::Members(Box::new(s), family)),
                }
            }
        }
    }

    /// `index(FAMILY, S)`, when the call's first argument is a family's
    /// name; `None` otherwise (the player's `index(P)`).
    pub(super) fn family_number(&mut self, args: &[Expr]) -> Option<Value> {
        let [first, set] = args else {
            return None;
        };
        let ExprKind::Name(name) = &first.kind else {
            return None;
        };
        let family = self.family_index(name)?;
        let s = self.set(set);
        Some(Value::Num(match self.const_set(&s) {
            Some(cells) => {
                let first = cells.iter().next();
                NumExpr::Const(
                    first.map_or(0, |c| self.families[family as usize].member_of[c]) as f64,
                )
            }
            None => NumExpr::MemberIndex(s, family),
        }))
    }
}
