//! The rarer whole-set operators (`reach`, `like`, `box`, `ray`,
//! `flanked`, `leaps`, `jump-reach`, `lines`), kept out of the recursive `Ctx::set` so
//! that its frame stays small: they hold big arrays.

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::limits::{MAX_CELL_WORDS, PIECE_CODE_WORDS};
use crate::rules::*;

impl Ctx<'_> {
    #[inline(never)]
    pub(in crate::engine) fn set_heavy(&mut self, e: &SetExpr, out: &mut [u64], tmp: &mut [u64]) {
        let w = self.w();
        match e {
            SetExpr::Reach(seed, through) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(through, t, rest);
                self.set(seed, out, rest);
                self.flood_until(out, t, |_| false);
            }
            SetExpr::Like(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                self.like_cells(t, out);
            }
            SetExpr::Stronger(a) | SetExpr::Weaker(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                self.ranked_cells(t, matches!(e, SetExpr::Stronger(_)), out);
            }
            SetExpr::Nth(a, k) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                let k = self.int(k, rest);
                out.fill(0);
                if k >= 0.0
                    && k.fract() == 0.0
                    && let Some(c) = cellset::cells(t).nth(k as usize)
                {
                    cellset::insert(out, c);
                }
            }
            SetExpr::Box(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                self.g.board_sets.box_of(t, out);
            }
            SetExpr::Ray(r) => self.ray_set(r, out, tmp),
            SetExpr::Flanked(f) => {
                self.flanked_set(f, Some(out), tmp);
            }
            SetExpr::Leaps(from, leap) => self.leaps_set(from, *leap, out, tmp),
            SetExpr::JumpReach(j) => self.jump_reach_set(j, out, tmp),
            SetExpr::ReachUnlined(seed, through, line) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(through, t, rest);
                self.set(seed, out, rest);
                self.flood_unlined(out, t, *line as usize, None);
            }
            SetExpr::Joined(a, line) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                self.joined_cells(t, *line as usize, out);
            }
            SetExpr::Member(k, family) => {
                let k = self.int(k, tmp);
                let rules = &*self.g.rules;
                let members = &rules.families[*family as usize].members;
                match (k >= 1.0 && k.fract() == 0.0).then(|| members.get(k as usize - 1)) {
                    Some(Some(&i)) => cellset::copy(out, rules.fixed_sets[i as usize].words()),
                    _ => out.fill(0),
                }
            }
            SetExpr::Members(a, family) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                self.members_holding(t, *family as usize, out);
            }
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
            | SetExpr::ActionCell
            | SetExpr::Jumped
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::LastSown
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

    /// `out` = the cells of the family's members that hold a cell of
    /// `set`: each member added once, at its first cell met.
    fn members_holding(&self, set: &[u64], family: usize, out: &mut [u64]) {
        out.fill(0);
        let rules = &*self.g.rules;
        let fam = &rules.families[family];
        for c in cellset::cells(set) {
            let m = fam.member_of[c];
            if m != 0 && !cellset::contains(out, c) {
                let member = rules.fixed_sets[fam.members[m as usize - 1] as usize].words();
                for (o, x) in out.iter_mut().zip(member) {
                    *o |= x;
                }
            }
        }
    }

    /// `out` = the cells joined to a cell of `set` by a line of kind
    /// `line`: each cell's neighbours along the directions it has the
    /// kind's mark for (S is most often one cell: the ball's).
    fn joined_cells(&self, set: &[u64], line: usize, out: &mut [u64]) {
        out.fill(0);
        let marks = &self.g.rules.lines[line].marks;
        let table = self.g.rules.board.neighbor_table();
        let (dirs, w) = (marks.len(), self.w());
        // A kind's marks are consecutive (see `check/lines.rs`): the sets
        // of its directions follow one another.
        let first = self.g.mark_set(marks[0].index()) * w;
        for c in cellset::cells(set) {
            let (word, bit) = (c / 64, c % 64);
            for d in 0..dirs {
                if self.sets[first + d * w + word] >> bit & 1 != 0 {
                    let b = table[c * dirs + d];
                    if b != crate::ids::NO_CELL {
                        cellset::insert(out, b as usize);
                    }
                }
            }
        }
    }

    /// Whether `reach(seed, through, line)` meets `goal`.
    #[inline(never)]
    pub(in crate::engine) fn reaches_unlined(
        &mut self,
        seed: &SetExpr,
        through: &SetExpr,
        line: u8,
        goal: &SetExpr,
        tmp: &mut [u64],
    ) -> bool {
        let w = self.w();
        let (g, rest) = tmp.split_at_mut(w);
        let (t, rest) = rest.split_at_mut(w);
        let (seen, rest) = rest.split_at_mut(w);
        self.set(goal, g, rest);
        self.set(through, t, rest);
        self.set(seed, seen, rest);
        self.flood_unlined(seen, t, line as usize, Some(g))
    }

    /// Floods from the cells of `seen` through the cells of `through`, along
    /// the links without a line of kind `line`, adding what it reaches to
    /// `seen` (paper soccer: where a bounce can still take the ball).
    /// With a `goal`, stops at the first ring that meets it: true if it does.
    fn flood_unlined(
        &mut self,
        seen: &mut [u64],
        through: &[u64],
        line: usize,
        goal: Option<&[u64]>,
    ) -> bool {
        let meets = |x: &[u64]| goal.is_some_and(|g| x.iter().zip(g).any(|(a, b)| a & b != 0));
        if meets(seen) {
            return true;
        }
        // A ring of cells at a time, as whole sets: from the last ring's
        // cells without the kind's line in direction d, one step along d
        // (Quoridor's path to the goal row, twice for each wall tried).
        let marks = &self.g.rules.lines[line].marks;
        let board = &self.g.rules.board;
        let (dirs, w) = (marks.len(), self.w());
        let first = self.g.mark_set(marks[0].index()) * w;
        let mut ring = [0u64; MAX_CELL_WORDS];
        let mut open = [0u64; MAX_CELL_WORDS];
        let mut step = [0u64; MAX_CELL_WORDS];
        let mut next = [0u64; MAX_CELL_WORDS];
        let (ring, open, step, next) = (
            &mut ring[..w],
            &mut open[..w],
            &mut step[..w],
            &mut next[..w],
        );
        ring.copy_from_slice(&seen[..w]);
        loop {
            next.fill(0);
            for d in 0..dirs {
                let lined = &self.sets[first + d * w..first + (d + 1) * w];
                for j in 0..w {
                    open[j] = ring[j] & !lined[j];
                }
                let back = board.opposite(crate::ids::Dir::new(d)).index();
                self.g.shifts.before(back, open, step);
                for j in 0..w {
                    next[j] |= step[j];
                }
            }
            let mut any = 0;
            for j in 0..w {
                next[j] &= through[j] & !seen[j];
                seen[j] |= next[j];
                any |= next[j];
            }
            if any == 0 {
                return false;
            }
            if meets(next) {
                return true;
            }
            ring.copy_from_slice(next);
        }
    }

    /// `out` = the cells holding a piece (kind and owner) that some cell of
    /// `set` holds. Words as `Game::neighbors_of`.
    #[inline(always)]
    pub(in crate::engine) fn like_cells(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        let set = &set[..w];
        let owners = self.g.players + 1;
        // Most often (a group) every cell holds the same piece: one AND.
        if let Some(first) = cellset::cells(set).next()
            && let Some(code) = (self.cells[first] as usize).checked_sub(1)
        {
            let kind = self.raw(self.g.piece_set(code / owners));
            let owner = self.raw(self.g.owner_set(code % owners));
            for ((o, k), p) in out.iter_mut().zip(kind).zip(owner) {
                *o = k & p;
            }
            if cellset::covers(out, set) {
                return;
            }
        }
        self.like_cells_mixed(set, out);
    }

    /// `out` = the cells holding a piece of a kind ranked above (`stronger`)
    /// or below the kind of some piece on `set`: kinds rank in the order
    /// of `pieces`, the first highest. So `stronger(S)` is every kind
    /// before the last kind S holds, `weaker(S)` every kind after the
    /// first: a bitset test per kind, then a union of kinds.
    fn ranked_cells(&self, set: &[u64], stronger: bool, out: &mut [u64]) {
        let kinds = self.g.rules.pieces.len();
        let holds = |k: usize| {
            let kind = self.raw(self.g.piece_set(k));
            kind.iter().zip(set).any(|(a, b)| a & b != 0)
        };
        let ranked = if stronger {
            (0..kinds)
                .rev()
                .find(|&k| holds(k))
                .map_or(0..0, |weakest| 0..weakest)
        } else {
            (0..kinds)
                .find(|&k| holds(k))
                .map_or(0..0, |strongest| strongest + 1..kinds)
        };
        cellset::clear(out);
        for k in ranked {
            for (o, s) in out.iter_mut().zip(self.raw(self.g.piece_set(k))) {
                *o |= s;
            }
        }
    }

    /// `like_cells` when the set holds several kinds of piece.
    #[inline(never)]
    fn like_cells_mixed(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        let owners = self.g.players + 1;
        let mut codes = [0u64; PIECE_CODE_WORDS];
        for c in cellset::cells(set) {
            let code = self.cells[c] as usize;
            if code != 0 {
                codes[code / 64] |= 1 << (code % 64);
            }
        }
        cellset::clear(out);
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
}
