//! Floods over the board: connections (with the union-find when it can
//! answer), group counts and sizes, and escapes from a bounding box.

use super::eval::Ctx;
use crate::cellset;
use crate::rules::*;

impl Ctx<'_> {
    /// `Escapes` for the common shape `reach(S, E or like(S)) except box(S)`
    /// with stored `S` and `E` (a flood through empty cells and the group's
    /// own pieces, out of its bounding box): no set is built, the box is a
    /// range of rows and columns. `None` for other shapes.
    pub(super) fn escapes_box(
        &mut self,
        seed: &SetExpr,
        through: &SetExpr,
        bound: &SetExpr,
        tmp: &mut [u64],
    ) -> Option<bool> {
        let SetExpr::Box(inner) = bound else {
            return None;
        };
        let SetExpr::Union(a, b) = through else {
            return None;
        };
        let (plain, like) = match (&**a, &**b) {
            (x, SetExpr::Like(l)) | (SetExpr::Like(l), x) => (x, &**l),
            _ => return None,
        };
        let w = self.w();
        let board = &self.g.rules.board;
        let mut stack = std::mem::take(&mut *self.stack);
        let result =
            self.escapes_box_with(seed, plain, like, inner, &mut tmp[..w], &mut stack, board);
        *self.stack = stack;
        result
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn escapes_box_with(
        &self,
        seed: &SetExpr,
        plain: &SetExpr,
        like: &SetExpr,
        inner: &SetExpr,
        seen: &mut [u64],
        stack: &mut Vec<u32>,
        board: &crate::board::Board,
    ) -> Option<bool> {
        let (s, p, l, i) = (
            self.stored(seed)?,
            self.stored(plain)?,
            self.stored(like)?,
            self.stored(inner)?,
        );
        let (mut r0, mut r1, mut c0, mut c1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for c in cellset::cells(i) {
            let info = board.cell(c);
            (r0, r1) = (r0.min(info.row), r1.max(info.row));
            (c0, c1) = (c0.min(info.col), c1.max(info.col));
        }
        let inside = |c: usize| {
            let info = board.cell(c);
            (r0..=r1).contains(&info.row) && (c0..=c1).contains(&info.col)
        };
        let mut codes = [0u64; crate::limits::PIECE_CODE_WORDS];
        for c in cellset::cells(l) {
            let code = self.cells[c] as usize;
            if code != 0 {
                codes[code / 64] |= 1 << (code % 64);
            }
        }
        let cells = self.cells;
        let through = |c: usize| {
            let code = cells[c] as usize;
            cellset::contains(p, c) || (code != 0 && codes[code / 64] >> (code % 64) & 1 == 1)
        };
        seen.copy_from_slice(s);
        stack.clear();
        for c in cellset::cells(seen) {
            if !inside(c) {
                return Some(true);
            }
            stack.push(c as u32);
        }
        while let Some(c) = stack.pop() {
            for &n in board.neighbors(c as usize) {
                let n = n as usize;
                if !cellset::contains(seen, n) && through(n) {
                    if !inside(n) {
                        return Some(true);
                    }
                    cellset::insert(seen, n);
                    stack.push(n as u32);
                }
            }
        }
        Some(false)
    }

    /// The player whose pieces a set is, when the union-find answers for
    /// it: groups are of one kind of piece, so only with one owned kind.
    pub(super) fn owner_of_set(&self, s: &SetExpr) -> Option<usize> {
        if !self.g.single_owned_kind {
            return None;
        }
        match s {
            SetExpr::Owned(w) => Some(self.who(*w)),
            SetExpr::Enemy if self.g.players == 2 => Some(1 - self.me as usize),
            _ => None,
        }
    }

    pub(super) fn fresh_groups(&mut self, p: usize) {
        if self.groups.is_exact(p) {
            return;
        }
        let w = self.w();
        let g = self.g;
        let owner = &self.sets[g.owner_set(p) * w..(g.owner_set(p) + 1) * w];
        let board = &g.rules.board;
        self.groups
            .rebuild_with(p, cellset::cells(owner), &g.cell_anchors, |c, f| {
                for &n in board.neighbors(c) {
                    if cellset::contains(owner, n as usize) {
                        f(n as usize)
                    }
                }
            });
    }

    pub(super) fn anchor_bit(&self, e: &SetExpr) -> Option<u32> {
        let id = match e {
            SetExpr::Fixed(i) => *i,
            SetExpr::PerPlayer(v) => v[self.me as usize],
            _ => return None,
        };
        self.g
            .anchor_sets
            .iter()
            .position(|&x| x == id)
            .map(|b| b as u32)
    }

    pub(super) fn connected(
        &mut self,
        s: &SetExpr,
        a: &SetExpr,
        b: &SetExpr,
        tmp: &mut [u64],
    ) -> bool {
        let w = self.w();
        // No cell of the set on one of the sides: no connection (cheap, and
        // common early in a game).
        if let (Some(sw), Some(aw), Some(bw)) = (self.stored(s), self.stored(a), self.stored(b)) {
            let touches = |x: &[u64]| (0..w).any(|j| sw[j] & x[j] != 0);
            if !touches(aw) || !touches(bw) {
                return false;
            }
        }
        // Connection is symmetric: one side with an anchor bit is enough, and
        // the other (say `here`, or the cells just placed) is any set whose
        // groups are asked for that bit.
        let anchored = match (self.anchor_bit(b), self.anchor_bit(a)) {
            (Some(bit), _) => Some((bit, a)),
            (None, Some(bit)) => Some((bit, b)),
            (None, None) => None,
        };
        if let (Some(p), Some((bit, other))) = (self.owner_of_set(s), anchored)
            && self.g.track_groups
        {
            let (t, rest) = tmp.split_at_mut(w);
            self.set(other, t, rest);
            let owner = self.raw(self.g.owner_set(p));
            for j in 0..w {
                t[j] &= owner[j];
            }
            // An inexact forest may join what is apart, never the reverse:
            // its "no" is final, its "yes" is checked on a rebuilt forest.
            for round in 0..2 {
                let joined =
                    cellset::cells(t).any(|c| self.groups.anchors_of(p, c) >> bit & 1 == 1);
                if !joined || self.groups.is_exact(p) || round == 1 {
                    return joined;
                }
                self.fresh_groups(p);
            }
            return false;
        }
        // General case: flood from the cells of `s` in `a` through `s`.
        let (within, rest) = tmp.split_at_mut(w);
        self.set(s, within, rest);
        let (seen, rest) = rest.split_at_mut(w);
        let (target, rest) = rest.split_at_mut(w);
        self.set(b, target, rest);
        self.set(a, seen, rest);
        for j in 0..w {
            seen[j] &= within[j];
        }
        self.stack.clear();
        self.stack.extend(cellset::cells(seen).map(|c| c as u32));
        let board = &self.g.rules.board;
        while let Some(c) = self.stack.pop() {
            let c = c as usize;
            if cellset::contains(target, c) {
                return true;
            }
            for &n in board.neighbors(c) {
                let n = n as usize;
                if cellset::contains(within, n) && !cellset::contains(seen, n) {
                    cellset::insert(seen, n);
                    self.stack.push(n as u32);
                }
            }
        }
        false
    }

    /// (number of groups, size of the largest) among the cells of `s`.
    pub(super) fn group_stats(&mut self, s: &SetExpr, tmp: &mut [u64]) -> (i64, i64) {
        let w = self.w();
        if let Some(p) = self.owner_of_set(s) {
            self.fresh_groups(p);
            let mut largest = 0;
            let owner = &self.sets[self.g.owner_set(p) * w..(self.g.owner_set(p) + 1) * w];
            for c in cellset::cells(owner) {
                if let Some(size) = self.groups.root_size(p, c) {
                    largest = largest.max(size);
                }
            }
            return (self.groups.count(p) as i64, largest as i64);
        }
        let (within, rest) = tmp.split_at_mut(w);
        self.set(s, within, rest);
        let (seen, _) = rest.split_at_mut(w);
        seen.fill(0);
        let board = &self.g.rules.board;
        let (mut count, mut largest) = (0, 0);
        for start in cellset::cells(within) {
            if cellset::contains(seen, start) {
                continue;
            }
            count += 1;
            let mut size = 0;
            cellset::insert(seen, start);
            self.stack.clear();
            self.stack.push(start as u32);
            while let Some(c) = self.stack.pop() {
                size += 1;
                for &n in board.neighbors(c as usize) {
                    let n = n as usize;
                    // A group holds one kind of piece of one owner.
                    if cellset::contains(within, n)
                        && !cellset::contains(seen, n)
                        && self.cells[n] == self.cells[c as usize]
                    {
                        cellset::insert(seen, n);
                        self.stack.push(n as u32);
                    }
                }
            }
            largest = largest.max(size);
        }
        (count, largest)
    }
}
