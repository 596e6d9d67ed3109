//! The rarer whole-set operators (`reach`, `like`, `box`, `ray`,
//! `flanked`, `leaps`, `lines`), kept out of the recursive `Ctx::set` so
//! that its frame stays small: they hold big arrays.

use super::eval::Ctx;
use crate::cellset;
use crate::limits::{MAX_CELL_WORDS, PIECE_CODE_WORDS};
use crate::rules::*;

impl Ctx<'_> {
    #[inline(never)]
    pub(super) fn set_heavy(&mut self, e: &SetExpr, out: &mut [u64], tmp: &mut [u64]) {
        let w = self.w();
        match e {
            SetExpr::Reach(seed, through) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(through, t, rest);
                self.set(seed, out, rest);
                self.stack.clear();
                self.stack.extend(cellset::cells(out).map(|c| c as u32));
                let board = &self.g.rules.board;
                while let Some(c) = self.stack.pop() {
                    for &n in board.neighbors(c as usize) {
                        let n = n as usize;
                        if cellset::contains(t, n) && !cellset::contains(out, n) {
                            cellset::insert(out, n);
                            self.stack.push(n as u32);
                        }
                    }
                }
            }
            SetExpr::Like(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                // The pieces present in the set, then for each the cells of
                // that kind and owner.
                let mut codes = [0u64; PIECE_CODE_WORDS];
                for c in cellset::cells(t) {
                    let code = self.cells[c] as usize;
                    if code != 0 {
                        codes[code / 64] |= 1 << (code % 64);
                    }
                }
                out.fill(0);
                let owners = self.g.players + 1;
                for (i, &bits) in codes.iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        let code = i * 64 + bits.trailing_zeros() as usize - 1;
                        bits &= bits - 1;
                        let kind = self.raw(self.g.piece_set(code / owners));
                        let owner = self.raw(self.g.owner_set(code % owners));
                        for j in 0..w {
                            out[j] |= kind[j] & owner[j];
                        }
                    }
                }
            }
            SetExpr::Box(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                let board = &self.g.rules.board;
                let (mut r0, mut r1, mut c0, mut c1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
                for c in cellset::cells(t) {
                    let info = board.cell(c);
                    (r0, r1) = (r0.min(info.row), r1.max(info.row));
                    (c0, c1) = (c0.min(info.col), c1.max(info.col));
                }
                // The rows' cells, and the columns' cells.
                let (mut rows, mut cols) = ([0u64; MAX_CELL_WORDS], [0u64; MAX_CELL_WORDS]);
                for r in r0.max(0)..=r1 {
                    let m = &self.g.row_masks[r as usize * w..(r as usize + 1) * w];
                    for j in 0..w {
                        rows[j] |= m[j];
                    }
                }
                for c in c0.max(0)..=c1 {
                    let m = &self.g.col_masks[c as usize * w..(c as usize + 1) * w];
                    for j in 0..w {
                        cols[j] |= m[j];
                    }
                }
                for j in 0..w {
                    out[j] = rows[j] & cols[j];
                }
            }
            SetExpr::Ray(r) => self.ray_set(r, out, tmp),
            SetExpr::Flanked(f) => {
                self.flanked_set(f, Some(out), tmp);
            }
            SetExpr::Leaps(from, leap) => self.leaps_set(from, *leap, out, tmp),
            SetExpr::Lines(a, n) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                out.fill(0);
                for c in cellset::cells(t) {
                    if self.g.line_through(t, c, *n) {
                        cellset::insert(out, c);
                    }
                }
            }
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Owned(_)
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_)
            | SetExpr::All
            | SetExpr::Here
            | SetExpr::Origin
            | SetExpr::Jumped
            | SetExpr::Enemy
            | SetExpr::Union(..)
            | SetExpr::Inter(..)
            | SetExpr::Except(..)
            | SetExpr::Complement(_)
            | SetExpr::Neighbors(_)
            | SetExpr::Where(..)
            | SetExpr::ByPlayer(_) => self.set(e, out, tmp),
        }
    }
}
