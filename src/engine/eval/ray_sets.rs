//! The sets along straight lines and leaps: `ray`, `flanked`,
//! `leaps` and `jump-reach`, walked on the precomputed tables ([`crate::engine::tables::rays`],
//! [`crate::engine::tables::leaps`]). From `here` (one cell) nothing is built for the
//! starting set.

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::{NO_CELL, OCCUPIED};
use crate::limits::MAX_CELL_WORDS;
use crate::rules::*;

/// The cells to start from: `here`, or a set.
enum Starts<'a> {
    One(u32),
    Set(&'a [u64]),
}

impl Starts<'_> {
    #[inline(always)]
    fn each(&self, mut f: impl FnMut(usize)) {
        match self {
            Starts::One(c) => {
                if *c != NO_CELL {
                    f(*c as usize)
                }
            }
            Starts::Set(s) => cellset::cells(s).for_each(f),
        }
    }
}

/// Bits of a set of cells: one word, or a slice of words.
trait Bits: Copy {
    fn has(self, c: usize) -> bool;
}

impl Bits for u64 {
    #[inline(always)]
    fn has(self, c: usize) -> bool {
        self >> c & 1 == 1
    }
}

impl Bits for &[u64] {
    #[inline(always)]
    fn has(self, c: usize) -> bool {
        cellset::contains(self, c)
    }
}

/// The straight lines from a cell, along the directions of a mask.
struct Lines<'a> {
    rays: &'a crate::engine::tables::rays::Rays,
    table: &'a [u32],
    nd: usize,
    mask: DirMask,
}

impl Lines<'_> {
    /// Whether some line from `c` is a run of RUN cells closed by a cell
    /// of END. Only the directions whose first cell is in RUN walk on.
    #[inline(always)]
    fn closes<B: Bits>(&self, c: usize, run: B, end: B) -> bool {
        for d in each_dir(self.mask) {
            let n = self.table[c * self.nd + d];
            if n == NO_CELL || !run.has(n as usize) {
                continue;
            }
            for &x in &self.rays.ray(c, d)[1..] {
                let x = x as usize;
                if !run.has(x) {
                    if end.has(x) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }
}

impl Ctx<'_> {
    /// Evaluates `e` into `buf` unless it is stored or `here`; then
    /// [`Ctx::view`] gives it without a copy.
    #[inline(always)]
    fn prepare(&mut self, e: &SetExpr, buf: &mut [u64], tmp: &mut [u64]) {
        match e {
            SetExpr::Here | SetExpr::Enemy => {}
            _ if self.stored(e).is_some() => {}
            _ => self.set(e, buf, tmp),
        }
    }

    /// A set prepared by [`Ctx::prepare`] (the enemy's cells are computed
    /// into `buf` here).
    #[inline(always)]
    fn view<'s>(&'s self, e: &SetExpr, buf: &'s mut [u64]) -> Starts<'s> {
        match e {
            SetExpr::Here => Starts::One(self.here),
            SetExpr::Enemy => {
                let own = self.g.owner_set(self.me.index());
                let neutral = self.g.neutral_set();
                let (occ, own, neutral) = (self.raw(OCCUPIED), self.raw(own), self.raw(neutral));
                for j in 0..buf.len() {
                    buf[j] = occ[j] & !own[j] & !neutral[j];
                }
                Starts::Set(buf)
            }
            _ => Starts::Set(self.stored(e).unwrap_or(buf)),
        }
    }

    /// A set as bits (`here` as one bit in `buf`).
    #[inline(always)]
    fn bits<'s>(&'s self, e: &SetExpr, buf: &'s mut [u64]) -> &'s [u64] {
        if matches!(e, SetExpr::Here) {
            buf.fill(0);
            if self.here != NO_CELL {
                cellset::insert(buf, self.here as usize);
            }
            return buf;
        }
        match self.view(e, buf) {
            Starts::Set(s) => s,
            Starts::One(_) => unreachable!("only `here` is one cell"),
        }
    }

    /// `ray(FROM, PATH[, DIRS])` into `out`.
    pub(in crate::engine) fn ray_set(&mut self, r: &Ray, out: &mut [u64], tmp: &mut [u64]) {
        let w = self.w();
        let (b1, rest) = tmp.split_at_mut(w);
        let (b2, rest) = rest.split_at_mut(w);
        self.prepare(&r.from, b1, rest);
        self.prepare(&r.path, b2, rest);
        out.fill(0);
        let rays = &self.g.rays;
        let mask = r.dirs.mask(self.me) & all_dirs(rays.ndirs());
        let path = self.bits(&r.path, b2);
        if r.hop {
            let occupied = self.raw(OCCUPIED);
            self.view(&r.from, b1).each(|c| {
                for d in each_dir(mask) {
                    let mut ray = rays.ray(c, d).iter().map(|&x| x as usize);
                    // Past empty cells, one piece of the screen...
                    let Some(screen) = ray.find(|&x| cellset::contains(occupied, x)) else {
                        continue;
                    };
                    if !cellset::contains(path, screen) {
                        continue;
                    }
                    // ... then the empty cells beyond and the next piece.
                    for x in ray {
                        cellset::insert(out, x);
                        if cellset::contains(occupied, x) {
                            break;
                        }
                    }
                }
            });
            return;
        }
        self.view(&r.from, b1).each(|c| {
            for d in each_dir(mask) {
                for &x in rays.ray(c, d) {
                    if !cellset::contains(path, x as usize) {
                        break;
                    }
                    cellset::insert(out, x as usize);
                }
            }
        });
    }

    /// `jump-reach(FROM, OVER, TO[, DIRS])` into `out`: a depth-first walk
    /// from FROM's cells over the neighbour table, each cell landed on
    /// once (so a chain that comes back is not followed again).
    pub(in crate::engine) fn jump_reach_set(
        &mut self,
        j: &JumpReach,
        out: &mut [u64],
        tmp: &mut [u64],
    ) {
        let w = self.w();
        let (b1, rest) = tmp.split_at_mut(w);
        let (b2, rest) = rest.split_at_mut(w);
        let (b3, rest) = rest.split_at_mut(w);
        self.prepare(&j.from, b1, rest);
        self.prepare(&j.over, b2, rest);
        self.prepare(&j.to, b3, rest);
        let from = self.bits(&j.from, b1);
        out.copy_from_slice(&from[..w]);
        let board = &self.g.rules.board;
        let (table, nd) = (board.neighbor_table(), board.ndirs());
        let mask = j.dirs.mask(self.me) & all_dirs(nd);
        // The walk's stack, taken out of the state (and put back, with its
        // capacity) so that the sets can be read in place meanwhile.
        let mut stack = std::mem::take(&mut *self.stack);
        stack.clear();
        stack.extend(cellset::cells(out).map(|c| c as u32));
        let over = self.bits(&j.over, b2);
        let to = self.bits(&j.to, b3);
        while let Some(c) = stack.pop() {
            for d in each_dir(mask) {
                let n = table[c as usize * nd + d];
                if n == NO_CELL || !cellset::contains(over, n as usize) {
                    continue;
                }
                let m = table[n as usize * nd + d];
                if m == NO_CELL
                    || !cellset::contains(to, m as usize)
                    || cellset::contains(out, m as usize)
                {
                    continue;
                }
                cellset::insert(out, m as usize);
                stack.push(m);
            }
        }
        *self.stack = stack;
    }

    /// `flanked(RUN, A, B)` into `out`; with `out` = `None`, only whether
    /// it has a cell (stopping at the first run found).
    pub(in crate::engine) fn flanked_set(
        &mut self,
        f: &Flanked,
        mut out: Option<&mut [u64]>,
        tmp: &mut [u64],
    ) -> bool {
        let w = self.w();
        let (b1, rest) = tmp.split_at_mut(w);
        let (b2, rest) = rest.split_at_mut(w);
        let (b3, rest) = rest.split_at_mut(w);
        self.prepare(&f.start, b1, rest);
        self.prepare(&f.run, b2, rest);
        self.prepare(&f.end, b3, rest);
        if let Some(o) = out.as_deref_mut() {
            o.fill(0);
        }
        let rays = &self.g.rays;
        let nd = rays.ndirs();
        let mask = f.dirs.mask(self.me) & all_dirs(nd);
        let table = self.g.rules.board.neighbor_table();
        let run = self.bits(&f.run, b2);
        let end = self.bits(&f.end, b3);
        let mut found = false;
        self.view(&f.start, b1).each(|c| {
            if found && out.is_none() {
                return;
            }
            for d in each_dir(mask) {
                // Most directions end at once: their first cell is not in RUN.
                let n = table[c * nd + d];
                if n == NO_CELL || !cellset::contains(run, n as usize) {
                    continue;
                }
                let ray = rays.ray(c, d);
                let k = ray
                    .iter()
                    .position(|&x| !cellset::contains(run, x as usize))
                    .unwrap_or(ray.len());
                if k == ray.len() || !cellset::contains(end, ray[k] as usize) {
                    continue;
                }
                found = true;
                match out.as_deref_mut() {
                    Some(o) => ray[..k]
                        .iter()
                        .for_each(|&x| cellset::insert(o, x as usize)),
                    None => return,
                }
            }
        });
        found
    }

    /// Whether `S where flanked(RUN, here, B)` can be answered by
    /// [`Ctx::flanked_where`]: RUN and B do not depend on `here`.
    #[inline]
    pub(in crate::engine) fn flanked_where_applies(&self, f: &Flanked) -> bool {
        let plain = |e: &SetExpr| matches!(e, SetExpr::Enemy) || self.stored(e).is_some();
        matches!(f.start, SetExpr::Here) && plain(&f.run) && plain(&f.end)
    }

    /// `S where flanked(RUN, here, B)` into `out` (Reversi's legal cells):
    /// RUN and B are found once, and only the cells of S next to a cell
    /// of RUN walk their rays.
    pub(in crate::engine) fn flanked_where(
        &mut self,
        s: &SetExpr,
        f: &Flanked,
        out: &mut [u64],
        tmp: &mut [u64],
    ) {
        let w = self.w();
        let (cands, rest) = tmp.split_at_mut(w);
        self.set(s, cands, rest);
        let (b2, rest) = rest.split_at_mut(w);
        let (b3, rest) = rest.split_at_mut(w);
        self.prepare(&f.run, b2, rest);
        self.prepare(&f.end, b3, rest);
        out.fill(0);
        let rays = &self.g.rays;
        let nd = rays.ndirs();
        let mask = f.dirs.mask(self.me) & all_dirs(nd);
        // Each cell's neighbours in every direction (the moves' table 0).
        let near = &self.g.moves.tables[..self.g.rules.board.len() * w];
        let run = self.bits(&f.run, b2);
        let end = self.bits(&f.end, b3);
        if self.g.shifts.covers(mask) {
            flanked_by_shifts(&self.g.shifts, mask, cands, run, end, out);
            return;
        }
        let table = self.g.rules.board.neighbor_table();
        let lines = Lines {
            rays,
            table,
            nd,
            mask,
        };
        for c in cellset::cells(cands) {
            let m = &near[c * w..(c + 1) * w];
            if (0..w).all(|j| m[j] & run[j] == 0) {
                continue;
            }
            // On boards of at most 64 cells the sets are single words.
            let hit = match w {
                1 => lines.closes(c, run[0], end[0]),
                _ => lines.closes(c, run, end),
            };
            if hit {
                cellset::insert(out, c);
            }
        }
    }

    /// `leaps(S, A, B)` into `out`.
    pub(in crate::engine) fn leaps_set(
        &mut self,
        from: &SetExpr,
        leap: Leap,
        out: &mut [u64],
        tmp: &mut [u64],
    ) {
        let w = self.w();
        let (b1, rest) = tmp.split_at_mut(w);
        self.prepare(from, b1, rest);
        out.fill(0);
        let table = self.g.leaps.table(leap);
        self.view(from, b1).each(|c| {
            let m = &table.masks[c * w..(c + 1) * w];
            for j in 0..w {
                out[j] |= m[j];
            }
        });
    }
}

/// `out` = the cells of `cands` next to a line of RUN closed by END, in
/// some direction of `mask`: backwards from END, the RUN cells from which a
/// line through RUN reaches END, then the cells next to them, a whole set
/// at a time (see `Shifts`).
fn flanked_by_shifts(
    shifts: &crate::engine::tables::shifts::Shifts,
    mask: DirMask,
    cands: &[u64],
    run: &[u64],
    end: &[u64],
    out: &mut [u64],
) {
    let w = cands.len();
    if w == 1 {
        // One word (boards of up to 64 cells): the same walk on plain words,
        // without the scratch arrays.
        let (run, end) = (run[0], end[0]);
        let mut hit = 0u64;
        for d in each_dir(mask) {
            let one = shifts.one_word(d);
            let back = |s: u64| match one {
                Some(step) => crate::engine::tables::shifts::shift_word(s, step),
                None => {
                    let mut o = [0u64];
                    shifts.before(d, &[s], &mut o);
                    o[0]
                }
            };
            let mut x = run & back(end);
            loop {
                let more = x | (run & back(x));
                if more == x {
                    break;
                }
                x = more;
            }
            hit |= back(x);
        }
        out[0] = cands[0] & hit;
        return;
    }
    let mut sets = [[0u64; MAX_CELL_WORDS]; 3];
    let [x, more, hit] = &mut sets;
    let (x, more, hit) = (&mut x[..w], &mut more[..w], &mut hit[..w]);
    for d in each_dir(mask) {
        shifts.before(d, end, x);
        for j in 0..w {
            x[j] &= run[j];
        }
        loop {
            shifts.before(d, x, more);
            let mut grew = false;
            for j in 0..w {
                let m = x[j] | (run[j] & more[j]);
                grew |= m != x[j];
                x[j] = m;
            }
            if !grew {
                break;
            }
        }
        shifts.before(d, x, more);
        for j in 0..w {
            hit[j] |= more[j];
        }
    }
    for j in 0..w {
        out[j] = cands[j] & hit[j];
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Action, Game, mix};

    /// Plays the same pseudo-random games of Reversi with and without the
    /// whole-set shifts and compares the legal actions at every ply.
    #[test]
    fn reversi_plays_the_same_with_and_without_shifts() {
        let src = include_str!("../../../games/reversi.gdl");
        let file = crate::syntax::parse(src).expect("parses");
        let g = Game::new(crate::check::compile(&file, &[]).expect("compiles"));
        let plain = crate::engine::same_games::without(&g, crate::engine::Shortcut::SetShifts);
        let (mut a, mut b) = (Vec::<Action>::new(), Vec::<Action>::new());
        for seed in 0..30u64 {
            let (mut s, mut t) = (g.start(), plain.start());
            let mut r = seed;
            for _ in 0..100 {
                g.legal_actions(&s, &mut a);
                plain.legal_actions(&t, &mut b);
                assert_eq!(a, b);
                if a.is_empty() {
                    break;
                }
                r = mix(r.wrapping_add(1));
                let act = a[(r % a.len() as u64) as usize];
                g.play_unchecked(&mut s, act);
                plain.play_unchecked(&mut t, act);
            }
        }
    }
}
