//! Evaluation of expressions: sets, numbers and conditions, seen from one
//! player, over a position.

use super::{EMPTY, Game, NO_CELL, OCCUPIED};
use crate::cellset;
use crate::groups::Groups;
use crate::limits::{MAX_BINDINGS, MAX_CELL_WORDS, MAX_CELLS, MAX_VARIABLES};
use crate::rules::*;

/// What an expression sees: the position, from one player's point of view.
pub(super) struct Ctx<'a> {
    pub(super) g: &'a Game,
    pub(super) cells: &'a [u8],
    pub(super) sets: &'a [u64],
    pub(super) groups: &'a mut Groups,
    pub(super) stack: &'a mut Vec<u32>,
    pub(super) me: PlayerId,
    pub(super) here: u32,
    pub(super) turn: u32,
    /// Values of the direction variables.
    pub(super) dirs: [u8; MAX_BINDINGS],
    pub(super) vars: &'a [f64; MAX_VARIABLES],
    /// Pieces in hand, `player * pieces + kind` (see [`State::reserve`]).
    pub(super) reserve: &'a [u16],
    pub(super) passes: u32,
    pub(super) origin: u32,
    pub(super) jumped: u32,
    /// The groups bound by `each group`, one set per slot.
    pub(super) set_vars: &'a [u64],
    /// Each watched line's set when a check last found no line in it (see
    /// [`super::lines`]).
    pub(super) line_seen: &'a mut [u64],
    /// While offering a step's actions: the game's shared sets, as computed
    /// (W words each), with a bit for each one computed yet.
    pub(super) memo: &'a mut [u64],
    pub(super) memo_valid: u64,
    /// Whether `here` and the directions are the offer's own (not rebound).
    pub(super) memo_on: bool,
    /// The registers of the set programs (see [`super::program`]).
    pub(super) regs: &'a mut [u64],
}

/// An operand read a word at a time (see [`Ctx::leaf`]).
enum Leaf<'a> {
    Stored(&'a [u64]),
    /// Occupied, own, neutral.
    Enemy(&'a [u64], &'a [u64], &'a [u64]),
}

impl Leaf<'_> {
    #[inline(always)]
    fn word(&self, j: usize) -> u64 {
        match self {
            Leaf::Stored(s) => s[j],
            Leaf::Enemy(occ, own, neutral) => occ[j] & !own[j] & !neutral[j],
        }
    }
}

impl Ctx<'_> {
    #[inline(always)]
    pub(super) fn w(&self) -> usize {
        self.g.words
    }

    #[inline(always)]
    pub(super) fn raw(&self, s: usize) -> &[u64] {
        let w = self.g.words;
        &self.sets[s * w..(s + 1) * w]
    }

    #[inline]
    pub(super) fn who(&self, w: Who) -> usize {
        match w {
            Who::Me => self.me as usize,
            Who::Opponent => (self.me as usize + 1) % self.g.players,
            Who::Player(p) => p as usize,
        }
    }

    pub(super) fn fixed(&self, e: &SetExpr) -> Option<&[u64]> {
        match e {
            SetExpr::Fixed(i) => Some(self.g.rules.fixed_sets[*i as usize].words()),
            SetExpr::PerPlayer(v) => {
                Some(self.g.rules.fixed_sets[v[self.me as usize] as usize].words())
            }
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::All
            | SetExpr::Here
            | SetExpr::Origin
            | SetExpr::Jumped
            | SetExpr::Owned(_)
            | SetExpr::Enemy
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Union(..)
            | SetExpr::Inter(..)
            | SetExpr::Except(..)
            | SetExpr::Complement(_)
            | SetExpr::Neighbors(_)
            | SetExpr::Where(..)
            | SetExpr::Var(_)
            | SetExpr::ByPlayer(_)
            | SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(..)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::Lines(..) => None,
        }
    }

    /// A set stored in the state, usable without copying. Inlined into the
    /// evaluators (it is asked first by nearly every operator); the rare
    /// per-player choice recurses out of line.
    #[inline(always)]
    pub(super) fn stored(&self, e: &SetExpr) -> Option<&[u64]> {
        Some(match e {
            SetExpr::Empty => self.raw(EMPTY),
            SetExpr::Occupied => self.raw(OCCUPIED),
            SetExpr::Owned(w) => self.raw(self.g.owner_set(self.who(*w))),
            SetExpr::Piece(k) => self.raw(self.g.piece_set(*k as usize)),
            SetExpr::Mark(m) => self.raw(self.g.mark_set(*m as usize)),
            SetExpr::Var(slot) => {
                let w = self.g.words;
                &self.set_vars[*slot as usize * w..(*slot as usize + 1) * w]
            }
            SetExpr::ByPlayer(v) => return self.stored_of(&v[self.me as usize]),
            SetExpr::Fixed(_) | SetExpr::PerPlayer(_) => return self.fixed(e),
            // Computed sets.
            SetExpr::All
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
            | SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(..)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::Lines(..) => return None,
        })
    }

    /// A stored set, or the enemy's cells (every piece that is neither the
    /// viewer's nor neutral), read a word at a time.
    #[inline(always)]
    fn leaf(&self, e: &SetExpr) -> Option<Leaf<'_>> {
        match e {
            SetExpr::Enemy => Some(Leaf::Enemy(
                self.raw(OCCUPIED),
                self.raw(self.g.owner_set(self.me as usize)),
                self.raw(self.g.neutral_set()),
            )),
            _ => self.stored(e).map(Leaf::Stored),
        }
    }

    #[inline(never)]
    fn stored_of(&self, e: &SetExpr) -> Option<&[u64]> {
        self.stored(e)
    }

    /// Evaluates a set into `out`, using `tmp` for intermediate sets.
    pub(super) fn set(&mut self, e: &SetExpr, out: &mut [u64], tmp: &mut [u64]) {
        let w = self.w();
        if let Some(s) = self.stored(e) {
            cellset::copy(out, s);
            return;
        }
        if let Some(p) = self.g.programs.find(e, self.me) {
            p.run(self, out, tmp);
            return;
        }

        match e {
            SetExpr::All => cellset::copy(out, &self.g.all_cells),
            SetExpr::Here | SetExpr::Origin | SetExpr::Jumped => {
                cellset::clear(out);
                let c = match e {
                    SetExpr::Here => self.here,
                    SetExpr::Origin => self.origin,
                    _ => self.jumped,
                };
                if c != NO_CELL {
                    cellset::insert(out, c as usize);
                }
            }
            SetExpr::Enemy => {
                let own = self.g.owner_set(self.me as usize);
                let neutral = self.g.neutral_set();
                for j in 0..w {
                    out[j] = self.raw(OCCUPIED)[j] & !self.raw(own)[j] & !self.raw(neutral)[j];
                }
            }
            SetExpr::Union(a, b) | SetExpr::Inter(a, b) | SetExpr::Except(a, b) => {
                // Two stored sets (or the enemy's cells): one pass, no call.
                if let (Some(x), Some(y)) = (self.leaf(a), self.leaf(b)) {
                    for (j, o) in out.iter_mut().enumerate() {
                        let (x, y) = (x.word(j), y.word(j));
                        *o = match e {
                            SetExpr::Union(..) => x | y,
                            SetExpr::Inter(..) => x & y,
                            _ => x & !y,
                        };
                    }
                    return;
                }
                match self.leaf(a) {
                    Some(x) => {
                        for (j, o) in out.iter_mut().enumerate() {
                            *o = x.word(j);
                        }
                    }
                    None => self.set(a, out, tmp),
                }
                let (t, rest) = tmp.split_at_mut(w);
                let t: &[u64] = match self.stored(b) {
                    Some(s) => s,
                    None => {
                        self.set(b, t, rest);
                        t
                    }
                };
                // Borrow dance: `t` may borrow self; copy the words out first.
                for j in 0..w {
                    let y = t[j];
                    out[j] = match e {
                        SetExpr::Union(..) => out[j] | y,
                        SetExpr::Inter(..) => out[j] & y,
                        _ => out[j] & !y,
                    };
                }
            }
            SetExpr::Complement(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                self.set(&SetExpr::All, out, rest);
                for j in 0..w {
                    out[j] &= !t[j];
                }
            }
            SetExpr::Neighbors(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                let t: &[u64] = match self.stored(a) {
                    Some(s) => s,
                    None => {
                        self.set(a, t, rest);
                        t
                    }
                };
                self.g.neighbors_of(t, out);
            }
            SetExpr::Where(a, cond) => {
                let shared = match self.memo_on {
                    true => self.g.shared_sets.iter().position(|s| s == e),
                    false => None,
                };
                if let Some(k) = shared
                    && self.memo_valid >> k & 1 == 1
                {
                    cellset::copy(out, &self.memo[k * w..(k + 1) * w]);
                    return;
                }
                match &**cond {
                    BoolExpr::NonEmpty(SetExpr::Flanked(f)) if self.flanked_where_applies(f) => {
                        self.flanked_where(a, f, out, tmp)
                    }
                    _ => {
                        let (t, rest) = tmp.split_at_mut(w);
                        self.set(a, t, rest);
                        cellset::clear(out);
                        let (saved, on) = (self.here, std::mem::replace(&mut self.memo_on, false));
                        // Of a stored set: perhaps all at once (see `lift`).
                        if let Some(test) = self.g.cell_tests.find(cond, self.me)
                            && self.stored(a).is_none()
                        {
                            for c in cellset::cells(t) {
                                if test.holds(self, c, rest) {
                                    cellset::insert(out, c);
                                }
                            }
                        } else if self.stored(a).is_none() || !self.where_whole(t, cond, out, rest)
                        {
                            for c in cellset::cells(t) {
                                self.here = c as u32;
                                if self.cond(cond, rest) {
                                    cellset::insert(out, c);
                                }
                            }
                        }
                        (self.here, self.memo_on) = (saved, on);
                    }
                }
                if let Some(k) = shared {
                    self.memo[k * w..(k + 1) * w].copy_from_slice(out);
                    self.memo_valid |= 1 << k;
                }
            }
            SetExpr::ByPlayer(v) => {
                let e = &v[self.me as usize];
                self.set(e, out, tmp);
            }
            // The rarer whole-set operators, kept out of this recursive
            // function so that its frame stays small (they hold big arrays).
            SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(..)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::Lines(..) => self.set_heavy(e, out, tmp),
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Owned(_)
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => unreachable!("stored sets are copied above"),
        }
    }

    /// Whether one cell is in a set, without building the set.
    pub(super) fn member(&mut self, e: &SetExpr, c: usize, tmp: &mut [u64]) -> bool {
        if let Some(s) = self.stored(e) {
            return cellset::contains(s, c);
        }
        match e {
            SetExpr::All => true,
            SetExpr::Here => self.here as usize == c,
            SetExpr::Origin => self.origin as usize == c,
            SetExpr::Jumped => self.jumped as usize == c,
            SetExpr::Enemy => {
                cellset::contains(self.raw(OCCUPIED), c)
                    && !cellset::contains(self.raw(self.g.owner_set(self.me as usize)), c)
                    && !cellset::contains(self.raw(self.g.neutral_set()), c)
            }
            SetExpr::Union(a, b) => self.member(a, c, tmp) || self.member(b, c, tmp),
            SetExpr::Inter(a, b) => self.member(a, c, tmp) && self.member(b, c, tmp),
            SetExpr::Except(a, b) => self.member(a, c, tmp) && !self.member(b, c, tmp),
            SetExpr::Complement(a) => !self.member(a, c, tmp),
            SetExpr::Neighbors(a) => {
                let board = &self.g.rules.board;
                board
                    .neighbors(c)
                    .iter()
                    .any(|&n| self.member(a, n as usize, tmp))
            }
            SetExpr::Where(a, cond) => {
                if !self.member(a, c, tmp) {
                    return false;
                }
                if let Some(test) = self.g.cell_tests.find(cond, self.me) {
                    return test.holds(self, c, tmp);
                }
                let (saved, on) = (self.here, std::mem::replace(&mut self.memo_on, false));
                self.here = c as u32;
                let r = self.cond(cond, tmp);
                (self.here, self.memo_on) = (saved, on);
                r
            }
            SetExpr::ByPlayer(v) => {
                let e = &v[self.me as usize];
                self.member(e, c, tmp)
            }
            // Of a stored set, the runs through the one cell.
            SetExpr::Lines(a, n) if self.stored(a).is_some() => {
                let s = self.stored(a).expect("stored");
                cellset::contains(s, c) && self.g.line_through(s, c, *n)
            }
            SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(..)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::Lines(..) => {
                // Whole-set questions: build the set.
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(e, t, rest);
                cellset::contains(t, c)
            }
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Owned(_)
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => unreachable!("stored sets are tested above"),
        }
    }

    #[inline]
    pub(super) fn dir(&self, d: &DirExpr) -> Option<usize> {
        match d {
            DirExpr::Const(d) => Some(*d as usize),
            DirExpr::Var(slot) => Some(self.dirs[*slot as usize] as usize),
            DirExpr::Rotate(d, table) => match table[self.dir(d)?] {
                NO_DIR => None,
                r => Some(r as usize),
            },
        }
    }

    pub(super) fn cond(&mut self, e: &BoolExpr, tmp: &mut [u64]) -> bool {
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
                // `here and X` (and Y...): at most the one cell, so one
                // membership test, no set built.
                if at_most_here(s) {
                    return self.here != NO_CELL && self.member(s, self.here as usize, tmp);
                }
                // `A except B` of stored sets: no set built.
                if let SetExpr::Except(a, b) = s
                    && let (Some(sa), Some(sb)) = (self.stored(a), self.stored(b))
                {
                    return (0..self.w()).any(|j| sa[j] & !sb[j] != 0);
                }
                // `A and B` / `A and (B or C)` of stored sets: no set built.
                if let SetExpr::Inter(a, b) = s
                    && let Some(sa) = self.stored(a)
                {
                    let w = self.w();
                    match &**b {
                        SetExpr::Union(x, y) => {
                            if let (Some(sx), Some(sy)) = (self.stored(x), self.stored(y)) {
                                return (0..w).any(|j| sa[j] & (sx[j] | sy[j]) != 0);
                            }
                        }
                        other => {
                            if let Some(sb) = self.stored(other) {
                                return (0..w).any(|j| sa[j] & sb[j] != 0);
                            }
                        }
                    }
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
                match self.g.rules.board.neighbor(self.here as usize, d) {
                    Some(n) => self.member(s, n, tmp),
                    None => false,
                }
            }
            BoolExpr::Quantifier { some, slot, body } => {
                let on = std::mem::replace(&mut self.memo_on, false);
                let mut r = !*some;
                for d in 0..self.g.rules.board.dirs().len() {
                    self.dirs[*slot as usize] = d as u8;
                    if self.cond(body, tmp) == *some {
                        r = *some;
                        break;
                    }
                }
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
            | BoolExpr::ByPlayer(_) => self.cond_heavy(e, tmp),
        }
    }

    #[inline(never)]
    pub(super) fn cond_heavy(&mut self, e: &BoolExpr, tmp: &mut [u64]) -> bool {
        match e {
            BoolExpr::Line(s, n) => self.line(s, *n, tmp),
            BoolExpr::AtSome(s, dirs) => {
                if self.here == NO_CELL {
                    return false;
                }
                let (g, h) = (self.g, self.here as usize);
                for d in each_dir(dirs.mask(self.me)) {
                    if let Some(n) = g.rules.board.neighbor(h, d)
                        && self.member(s, n, tmp)
                    {
                        return true;
                    }
                }
                false
            }
            BoolExpr::Connected(s, a, b) => self.connected(s, a, b, tmp),
            BoolExpr::SamePlayer(a, b) => self.who(*a) == self.who(*b),
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
                self.stack.clear();
                self.stack.extend(cellset::cells(seen).map(|c| c as u32));
                let board = &self.g.rules.board;
                while let Some(c) = self.stack.pop() {
                    for &n in board.neighbors(c as usize) {
                        let n = n as usize;
                        if cellset::contains(t, n) && !cellset::contains(seen, n) {
                            if !cellset::contains(bnd, n) {
                                return true;
                            }
                            cellset::insert(seen, n);
                            self.stack.push(n as u32);
                        }
                    }
                }
                false
            }
            BoolExpr::ByPlayer(v) => {
                let e = &v[self.me as usize];
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

    pub(super) fn int(&mut self, e: &NumExpr, tmp: &mut [u64]) -> f64 {
        match e {
            NumExpr::Const(i) => *i,
            NumExpr::Turn => self.turn as f64,
            NumExpr::Var(v) => self.vars[*v as usize],
            NumExpr::Passes => self.passes as f64,
            NumExpr::Index(w) => (self.who(*w) + 1) as f64,
            NumExpr::InHand(k, w) => {
                let pieces = self.g.rules.pieces.len();
                self.reserve[self.who(*w) * pieces + *k as usize] as f64
            }
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
                        let nb = &self.g.neighbor_masks[h * w..(h + 1) * w];
                        // A stored set (or the enemy's cells): one AND per word.
                        if let Some(s) = self.stored(other) {
                            return cellset::count_and(nb, s) as f64;
                        }
                        if matches!(other, SetExpr::Enemy) {
                            let (occ, own, neutral) = (
                                self.raw(OCCUPIED),
                                self.raw(self.g.owner_set(self.me as usize)),
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
                        for &c in board.neighbors(self.here as usize) {
                            if self.member(other, c as usize, tmp) {
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
            NumExpr::Rows(_) | NumExpr::Columns(_) => self.int_heavy(e, tmp),
            NumExpr::Groups(s) => self.group_stats(s, tmp).0 as f64,
            NumExpr::Largest(s) => self.group_stats(s, tmp).1 as f64,
            NumExpr::ByPlayer(v) => self.int(&v[self.me as usize], tmp),
            NumExpr::Add(a, b) => self.int(a, tmp) + self.int(b, tmp),
            NumExpr::Sub(a, b) => self.int(a, tmp) - self.int(b, tmp),
            NumExpr::Mul(a, b) => self.int(a, tmp) * self.int(b, tmp),
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
                    let info = board.cell(c);
                    let k = (if rows { info.row } else { info.col }).clamp(0, MAX_CELLS as i32 - 1)
                        as usize;
                    if seen[k / 64] >> (k % 64) & 1 == 0 {
                        seen[k / 64] |= 1 << (k % 64);
                        n += 1;
                    }
                }
                n as f64
            }
            NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Index(_)
            | NumExpr::InHand(..)
            | NumExpr::Select(..)
            | NumExpr::Count(_)
            | NumExpr::Groups(_)
            | NumExpr::Largest(_)
            | NumExpr::ByPlayer(_)
            | NumExpr::Add(..)
            | NumExpr::Sub(..)
            | NumExpr::Mul(..)
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
