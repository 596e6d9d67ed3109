//! Evaluation of conditions and numbers (and the directions they name),
//! seen from one player, over a position; sets are in [`crate::engine::eval`].

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::position::state::position_key;
use crate::engine::{NO_CELL, OCCUPIED};
use crate::ids::Cell;
use crate::limits::{MAX_CELL_WORDS, MAX_CELLS};
use crate::rules::*;

impl Ctx<'_> {
    #[inline]
    pub(in crate::engine) fn dir(&self, d: &DirExpr) -> Option<usize> {
        match d {
            DirExpr::Const(d) => Some(d.index()),
            DirExpr::Var(slot) => Some(self.dirs[*slot as usize] as usize),
            DirExpr::Rotate(d, table) => match table[self.dir(d)?] {
                NO_DIR => None,
                r => Some(r.index()),
            },
        }
    }

    /// A part of a lowered condition that does not look from `here`
    /// (see [`crate::engine::eval::cell_tests`], [`crate::engine::eval::registers`]), asked with the
    /// directions of the `some d:` / `every d:` unrolled around it bound
    /// (`binds`: slot and direction), the offer's memo off.
    pub(in crate::engine) fn cond_bound(
        &mut self,
        e: &BoolExpr,
        binds: &[(u8, u8)],
        tmp: &mut [u64],
    ) -> bool {
        // The directions bound outside are given back (a definition's
        // quantifier takes slot 0 wherever it is used).
        let outer = self.dirs;
        for &(slot, dir) in binds {
            self.dirs[slot as usize] = dir;
        }
        let on = std::mem::replace(&mut self.memo_on, false);
        let holds = self.cond(e, tmp);
        self.memo_on = on;
        self.dirs = outer;
        holds
    }

    pub(in crate::engine) fn cond(&mut self, e: &BoolExpr, tmp: &mut [u64]) -> bool {
        match e {
            BoolExpr::Const(b) => *b,
            BoolExpr::Not(a) => !self.cond(a, tmp),
            BoolExpr::And(a, b) => self.cond(a, tmp) && self.cond(b, tmp),
            BoolExpr::Or(a, b) => self.cond(a, tmp) || self.cond(b, tmp),
            BoolExpr::Cmp(op, a, b) => {
                let x = self.int(a, tmp);
                let y = self.int(b, tmp);
                op.test(x, y)
            }
            BoolExpr::NonEmpty(s) => {
                if let Some(s) = self.stored(s) {
                    return !cellset::is_empty(s);
                }
                // A run is flanked: stop at the first one found.
                if let SetExpr::Flanked(f) = s {
                    return self.flanked_set(f, None, tmp);
                }
                // `A except B` of stored sets: no set built.
                if let SetExpr::Except(a, b) = s
                    && let (Some(sa), Some(sb)) = (self.stored(a), self.stored(b))
                {
                    return sa.iter().zip(sb).fold(0, |acc, (x, y)| acc | (x & !y)) != 0;
                }
                // `A and B` / `A and (B or C)` of stored sets: no set built.
                if let SetExpr::Inter(a, b) = s
                    && let Some(sa) = self.stored(a)
                {
                    let w = self.w();
                    match &**b {
                        SetExpr::Union(x, y) => {
                            if let (Some(sx), Some(sy)) = (self.stored(x), self.stored(y)) {
                                let hits = (0..w).fold(0, |acc, j| acc | (sa[j] & (sx[j] | sy[j])));
                                return hits != 0;
                            }
                        }
                        other => {
                            if let Some(sb) = self.stored(other) {
                                return sa.iter().zip(sb).fold(0, |acc, (x, y)| acc | (x & y)) != 0;
                            }
                        }
                    }
                }
                // (After the joins of stored sets, asked of every end rule.)
                // `here and X` (and Y...): at most the one cell, so one
                // membership test, no set built.
                if at_most_here(s) {
                    return self.here != NO_CELL && self.member(s, self.here as usize, tmp);
                }
                // `reach(S, T, KIND) and G`: the flood stops at the first
                // ring that meets G (Quoridor's way to the goal row).
                if let SetExpr::Inter(a, goal) = s
                    && let SetExpr::ReachUnlined(seed, through, line) = &**a
                {
                    return self.reaches_unlined(seed, through, *line, goal, tmp);
                }
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(s, t, rest);
                !cellset::is_empty(t)
            }
            BoolExpr::At(s, d) => {
                if self.here == NO_CELL {
                    return false;
                }
                let Some(d) = self.dir(d) else { return false };
                match self
                    .g
                    .rules
                    .board
                    .neighbor(Cell::new(self.here as usize), Dir::new(d))
                {
                    Some(n) => self.member(s, n.index(), tmp),
                    None => false,
                }
            }
            BoolExpr::Quantifier { some, slot, body } => {
                let on = std::mem::replace(&mut self.memo_on, false);
                // A definition's quantifier takes slot 0 wherever it is
                // used: one inside another's body gives the outer its
                // direction back.
                let outer = self.dirs[*slot as usize];
                let mut r = !*some;
                for d in 0..self.g.rules.board.dirs().len() {
                    self.dirs[*slot as usize] = d as u8;
                    if self.cond(body, tmp) == *some {
                        r = *some;
                        break;
                    }
                }
                self.dirs[*slot as usize] = outer;
                self.memo_on = on;
                r
            }
            // The rarer, heavier questions, kept out of this function so
            // that the frequent small ones stay cheap to call.
            BoolExpr::Line(..)
            | BoolExpr::AtSome(..)
            | BoolExpr::Connected(..)
            | BoolExpr::SamePlayer(..)
            | BoolExpr::Escapes { .. }
            | BoolExpr::Touches { .. }
            | BoolExpr::ByPlayer(_)
            | BoolExpr::NextStuck
            | BoolExpr::Changed
            | BoolExpr::Attacked(..) => self.cond_heavy(e, tmp),
        }
    }

    #[inline(never)]
    pub(in crate::engine) fn cond_heavy(&mut self, e: &BoolExpr, tmp: &mut [u64]) -> bool {
        match e {
            BoolExpr::Line(s, n) => self.line(s, *n, tmp),
            BoolExpr::AtSome(s, dirs) => {
                if self.here == NO_CELL {
                    return false;
                }
                let (g, h) = (self.g, self.here as usize);
                for d in each_dir(dirs.mask(self.me)) {
                    if let Some(n) = g.rules.board.neighbor(Cell::new(h), Dir::new(d))
                        && self.member(s, n.index(), tmp)
                    {
                        return true;
                    }
                }
                false
            }
            BoolExpr::Connected(s, a, b) => self.connected(s, a, b, tmp),
            BoolExpr::SamePlayer(a, b) => self.who(*a) == self.who(*b),
            // Only a `keep if` trial lends the look ahead.
            BoolExpr::NextStuck => self.next_stuck.is_some_and(|stuck| stuck()),
            BoolExpr::Changed => {
                position_key(self.board_hash, self.reserve) != self.history.turn_start()
            }
            BoolExpr::Attacked(s, victim, left_out) => self.attacked(s, *victim, left_out, tmp),
            BoolExpr::Escapes {
                seed,
                through,
                bound,
            } => {
                if let Some(r) = self.escapes_box(seed, through, bound, tmp) {
                    return r;
                }
                let w = self.w();
                let (t, rest) = tmp.split_at_mut(w);
                self.set(through, t, rest);
                let (bnd, rest) = rest.split_at_mut(w);
                self.set(bound, bnd, rest);
                let (seen, rest) = rest.split_at_mut(w);
                self.set(seed, seen, rest);
                if (0..w).any(|j| seen[j] & !bnd[j] != 0) {
                    return true;
                }
                // A cell of `through` outside the bound: the seeds were all
                // in it, so the flood has just reached it.
                let (t, bnd): (&[u64], &[u64]) = (t, bnd);
                self.flood_until(seen, t, |n| {
                    cellset::contains(t, n) && !cellset::contains(bnd, n)
                })
            }
            BoolExpr::Touches {
                seed,
                through,
                target,
            } => self.touches(seed, through, target, tmp),
            BoolExpr::ByPlayer(v) => {
                let e = &v[self.me.index()];
                self.cond(e, tmp)
            }
            BoolExpr::Const(_)
            | BoolExpr::Not(_)
            | BoolExpr::And(..)
            | BoolExpr::Or(..)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::At(..)
            | BoolExpr::Quantifier { .. } => self.cond(e, tmp),
        }
    }

    /// How many earlier turns started on this position: with the player
    /// who moves next to move (the one after the viewer, or the viewer
    /// after `again`: `repetitions`), or anyone (`seen-before`).
    #[inline(never)]
    fn repetitions(&self, anyone: bool) -> f64 {
        let key = position_key(self.board_hash, self.reserve);
        self.history
            .count(key, (!anyone).then_some(self.next_mover())) as f64
    }

    /// The player who moves next: the one after the viewer, or the viewer
    /// itself after `again`.
    fn next_mover(&self) -> Player {
        match *self.again {
            true => self.me,
            false => Player::new(self.g.after(self.me.index())),
        }
    }

    /// The turns from the first earlier turn on this position (with the
    /// player after the mover to move, as `repetitions` counts) to the
    /// turn this position starts, the next: 0 when it is new.
    fn repetition_turns(&self) -> f64 {
        let key = position_key(self.board_hash, self.reserve);
        match self.history.first_turn(key, self.next_mover()) {
            Some(first) => (*self.turn + 1).saturating_sub(first) as f64,
            None => 0.0,
        }
    }

    pub(in crate::engine) fn int(&mut self, e: &NumExpr, tmp: &mut [u64]) -> f64 {
        match e {
            NumExpr::Const(i) => *i,
            NumExpr::Turn => *self.turn as f64,
            NumExpr::Repetitions => self.repetitions(false),
            NumExpr::RepetitionTurns => self.repetition_turns(),
            NumExpr::Seen => self.repetitions(true),
            NumExpr::Var(v) => self.vars[*v as usize],
            NumExpr::Passes => *self.passes as f64,
            NumExpr::Index(w) => (self.who(*w) + 1) as f64,
            NumExpr::InHand(k, w) => {
                let pieces = self.g.rules.pieces.len();
                self.reserve[self.who(*w) * pieces + k.index()] as f64
            }
            NumExpr::CountersInHand(w) => {
                let pieces = self.g.rules.pieces.len();
                self.reserve[self.g.rules.players.len() * pieces + self.who(*w)] as f64
            }
            NumExpr::Tally(s) => self.tally(s, tmp),
            NumExpr::Stack(s) => self.stack(s, tmp),
            NumExpr::Select(c, a, b) => {
                if self.cond(c, tmp) {
                    self.int(a, tmp)
                } else {
                    self.int(b, tmp)
                }
            }
            NumExpr::Count(s) => {
                if let Some(s) = self.stored(s) {
                    return cellset::count(s) as f64;
                }
                // `count(neighbors(here) and S)`: test the few neighbours.
                if let SetExpr::Inter(a, b) = s {
                    let other = match (&**a, &**b) {
                        (SetExpr::Neighbors(x), other) | (other, SetExpr::Neighbors(x))
                            if matches!(**x, SetExpr::Here) =>
                        {
                            Some(other)
                        }
                        _ => None,
                    };
                    if let Some(other) = other {
                        if self.here == NO_CELL {
                            return 0.0;
                        }
                        let w = self.w();
                        let h = self.here as usize;
                        let nb = &self.g.board_sets.neighbors[h * w..(h + 1) * w];
                        // A stored set (or the enemy's cells): one AND per word.
                        if let Some(s) = self.stored(other) {
                            return cellset::count_and(nb, s) as f64;
                        }
                        if matches!(other, SetExpr::Enemy) {
                            let (occ, own, neutral) = (
                                self.raw(OCCUPIED),
                                self.raw(self.g.owner_set(self.me.index())),
                                self.raw(self.g.neutral_set()),
                            );
                            let mut n = 0;
                            for j in 0..w {
                                n += (nb[j] & occ[j] & !own[j] & !neutral[j]).count_ones();
                            }
                            return n as f64;
                        }
                        let board = &self.g.rules.board;
                        let mut n = 0;
                        for &c in board.neighbors(Cell::new(self.here as usize)) {
                            if self.member(other, c.index(), tmp) {
                                n += 1;
                            }
                        }
                        return n as f64;
                    }
                }
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(s, t, rest);
                cellset::count(t) as f64
            }
            NumExpr::Rows(_) | NumExpr::Columns(_) | NumExpr::MemberIndex(..) => {
                self.int_heavy(e, tmp)
            }
            NumExpr::Groups(s) => self.group_stats(s, tmp).0 as f64,
            NumExpr::Largest(s) => self.group_stats(s, tmp).1 as f64,
            NumExpr::ByPlayer(v) => self.int(&v[self.me.index()], tmp),
            NumExpr::Add(a, b) => self.int(a, tmp) + self.int(b, tmp),
            NumExpr::Sub(a, b) => self.int(a, tmp) - self.int(b, tmp),
            NumExpr::Mul(a, b) => self.int(a, tmp) * self.int(b, tmp),
            NumExpr::Div(a, b) => divide(self.int(a, tmp), self.int(b, tmp)).0,
            NumExpr::Mod(a, b) => divide(self.int(a, tmp), self.int(b, tmp)).1,
            NumExpr::Neg(a) => -self.int(a, tmp),
        }
    }

    /// Counting rows or columns: kept out of `int` so that its recursive
    /// frame stays small (the count holds a big array).
    #[inline(never)]
    fn int_heavy(&mut self, e: &NumExpr, tmp: &mut [u64]) -> f64 {
        match e {
            NumExpr::Rows(s) | NumExpr::Columns(s) => {
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(s, t, rest);
                let board = &self.g.rules.board;
                let rows = matches!(e, NumExpr::Rows(_));
                // A board has at most MAX_CELLS rows (or columns).
                let mut seen = [0u64; MAX_CELL_WORDS];
                let mut n = 0;
                for c in cellset::cells(t) {
                    let info = board.cell(Cell::new(c));
                    let k = (if rows { info.row } else { info.col }).clamp(0, MAX_CELLS as i32 - 1)
                        as usize;
                    if seen[k / 64] >> (k % 64) & 1 == 0 {
                        seen[k / 64] |= 1 << (k % 64);
                        n += 1;
                    }
                }
                n as f64
            }
            NumExpr::MemberIndex(s, family) => {
                let first = match s {
                    SetExpr::Here => (self.here != NO_CELL).then_some(self.here as usize),
                    _ => {
                        let (t, rest) = tmp.split_at_mut(self.w());
                        self.set(s, t, rest);
                        cellset::cells(t).next()
                    }
                };
                let of = &self.g.rules.families[*family as usize].member_of;
                first.map_or(0.0, |c| of[c] as f64)
            }
            NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Repetitions
            | NumExpr::RepetitionTurns
            | NumExpr::Seen
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Index(_)
            | NumExpr::InHand(..)
            | NumExpr::CountersInHand(_)
            | NumExpr::Tally(_)
            | NumExpr::Stack(_)
            | NumExpr::Select(..)
            | NumExpr::Count(_)
            | NumExpr::Groups(_)
            | NumExpr::Largest(_)
            | NumExpr::ByPlayer(_)
            | NumExpr::Add(..)
            | NumExpr::Sub(..)
            | NumExpr::Mul(..)
            | NumExpr::Div(..)
            | NumExpr::Mod(..)
            | NumExpr::Neg(_) => self.int(e, tmp),
        }
    }
}

/// Whether a set holds no cell but `here`: an intersection with `here`.
fn at_most_here(e: &SetExpr) -> bool {
    match e {
        SetExpr::Here => true,
        SetExpr::Inter(a, b) => at_most_here(a) || at_most_here(b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::same_games::{game, same_games};

    /// A definition's quantifier inside another quantifier's body leaves
    /// the outer direction as it was: the same game with the definition
    /// written in place (its quantifier then has a slot of its own) plays
    /// the same, ply by ply. Quoridor's sidestep asks `blocked at d and not
    /// (wall(here) at d)`, with `blocked` a definition that quantifies.
    #[test]
    fn a_definitions_quantifier_gives_the_outer_direction_back() {
        let with = |busy: &str| {
            format!(
                "game T\nboard square(9)\nplayers x, o\npieces stone\n\
                 define busy = {busy}\n\
                 turn: place stone at (empty where some d: busy at d and own at rotate(d, 180))\n\
                 \x20   | place stone at (empty where every d: not (busy at d) or empty at rotate(d, 90))\n\
                 end if count(empty) < 40: draw\n"
            )
        };
        // The count is no cell test's: asked of the tree evaluator.
        let busy = "(occupied where some k: empty at k and count(neighbors(here) and own) < 2)";
        let defined = game(&with(busy), &[]);
        let inline = game(
            &with("occupied").replace("busy at d", &format!("{busy} at d")),
            &[],
        );
        same_games(&defined, &inline, 20, 60, |_, _| {});
    }
}
