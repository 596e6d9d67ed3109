//! Regions: fixed sets of cells, computed once when the game is compiled.

use crate::ast::{self, Expr};
use crate::cellset::CellSet;
use crate::diagnostic::Diagnostic;
use crate::ids::Cell;
use crate::rules::*;

use super::Checker;

impl<'a> Checker<'a> {
    pub(super) fn regions(&mut self) {
        let file = self.file;
        for r in &file.regions {
            if let ast::RegionBody::Shared(e) = &r.body
                && let Some((maker, args)) = Self::family_maker(e)
            {
                self.family(&r.name, maker, args, e.span);
                continue;
            }
            let set = match &r.body {
                ast::RegionBody::Shared(e) => self.fixed_region(e),
                ast::RegionBody::PerPlayer(bindings) => {
                    let mut per = vec![None; self.players.len()];
                    for (p, e) in bindings {
                        if self.unseated.contains(&p.text) {
                            // Checked all the same, its cells unused.
                            self.fixed_region(e);
                            continue;
                        }
                        let Some(i) = self.players.iter().position(|x| *x == p.text) else {
                            self.unknown(p, &self.players.clone());
                            continue;
                        };
                        if per[i].is_some() {
                            self.error(p.span, format!("`{}` has two cell sets here", p.text));
                        }
                        per[i] = self.fixed_region(e);
                    }
                    if let Some(missing) = per.iter().position(Option::is_none) {
                        if self.errors.is_empty() {
                            let msg = format!(
                                "region `{}` gives no cells for player `{}`",
                                r.name.text, self.players[missing]
                            );
                            self.error(r.name.span, msg);
                        }
                        None
                    } else {
                        Some(SetExpr::PerPlayer(
                            per.into_iter()
                                .map(|s| match s {
                                    Some(SetExpr::Fixed(i)) => i,
                                    _ => 0,
                                })
                                .collect(),
                        ))
                    }
                }
            };
            match set {
                Some(set) => {
                    self.regions.insert(r.name.text.clone(), set);
                }
                None => self.failed_regions.push(r.name.text.clone()),
            }
        }
    }

    /// A region's cells: a set that does not depend on the position.
    pub(super) fn fixed_region(&mut self, e: &Expr) -> Option<SetExpr> {
        let value = self.expr(e);
        let set = self.want_set(value, e.span)?;
        match self.const_set(&set) {
            Some(s) => {
                let members: Vec<usize> = s.iter().collect();
                Some(self.fixed(members))
            }
            None => {
                self.errors.push(
                    Diagnostic::at(e.span, "a region must be a fixed set of cells")
                        .with_help("for cells that depend on the position, use `define`"),
                );
                None
            }
        }
    }

    /// Evaluates a set that does not depend on the position.
    pub(super) fn const_set(&self, e: &SetExpr) -> Option<CellSet> {
        let n = self.board().len();
        Some(match e {
            SetExpr::All => CellSet::from_cells(n, 0..n),
            SetExpr::Fixed(i) => self.fixed_sets[*i as usize].clone(),
            SetExpr::Union(a, b) | SetExpr::Inter(a, b) | SetExpr::Except(a, b) => {
                let (a, b) = (self.const_set(a)?, self.const_set(b)?);
                CellSet::from_cells(
                    n,
                    (0..n).filter(|&c| match e {
                        SetExpr::Union(..) => a.contains(c) || b.contains(c),
                        SetExpr::Inter(..) => a.contains(c) && b.contains(c),
                        // Except: the only other operator of this arm.
                        _ => a.contains(c) && !b.contains(c),
                    }),
                )
            }
            SetExpr::Complement(a) => {
                let a = self.const_set(a)?;
                CellSet::from_cells(n, (0..n).filter(|&c| !a.contains(c)))
            }
            SetExpr::Neighbors(a) => {
                let a = self.const_set(a)?;
                let b = self.board();
                CellSet::from_cells(
                    n,
                    a.iter()
                        .flat_map(|c| b.neighbors(Cell::new(c)).iter().map(|&x| x.index())),
                )
            }
            SetExpr::Box(a) => {
                let a = self.const_set(a)?;
                let b = self.board();
                let (mut r0, mut r1, mut c0, mut c1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
                for c in a.iter() {
                    let info = b.cell(Cell::new(c));
                    (r0, r1) = (r0.min(info.row), r1.max(info.row));
                    (c0, c1) = (c0.min(info.col), c1.max(info.col));
                }
                CellSet::from_cells(
                    n,
                    (0..n).filter(|&c| {
                        let info = b.cell(Cell::new(c));
                        (r0..=r1).contains(&info.row) && (c0..=c1).contains(&info.col)
                    }),
                )
            }
            // What the position decides, or a binding, or one set per
            // player or view: not fixed when the game is built. Listed one
            // by one, so that a new kind of set must say which it is.
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Here
            | SetExpr::Origin
            | SetExpr::ActionCell
            | SetExpr::Jumped
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::LastSown
            | SetExpr::Owned(_)
            | SetExpr::Enemy
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Where(..)
            | SetExpr::Var(_)
            | SetExpr::ByPlayer(_)
            | SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Stronger(_)
            | SetExpr::Nth(..)
            | SetExpr::Weaker(_)
            | SetExpr::Ray(..)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::Joined(..)
            | SetExpr::Member(..)
            | SetExpr::Members(..)
            | SetExpr::ReachUnlined(..)
            | SetExpr::JumpReach(_)
            | SetExpr::Lines(..) => return None,
        })
    }
}
