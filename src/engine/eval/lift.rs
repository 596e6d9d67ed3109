//! `S where COND` for all the cells of S at once. When COND looks from
//! `here` only through `X at D` (with X not depending on `here`), combined
//! with `not`, `and`, `or` and `some d:` / `every d:`, its cells are whole
//! sets: `X at D` holds on the cells whose neighbour in direction D is in X,
//! a few shifted words ([`crate::engine::tables::shifts`]); any part that does not look
//! from `here` holds everywhere or nowhere. Connect Four's `empty where not
//! empty at s` is one shift instead of a condition per empty cell.

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::rules::walk::Node;
use crate::rules::*;

impl Ctx<'_> {
    /// Fills `out` with the cells of `within` where `cond` holds, as the
    /// cell-by-cell `where` would, and returns true; or returns false
    /// (leaving `out` as it was) when doing so would not pay (fewer cells
    /// than 4 per word) or COND has another shape. Out of line, so that
    /// `set`'s recursive frame stays small.
    #[inline(never)]
    pub(in crate::engine) fn where_whole(
        &mut self,
        within: &[u64],
        cond: &BoolExpr,
        out: &mut [u64],
        tmp: &mut [u64],
    ) -> bool {
        let w = self.w();
        // A comparison or a set test as the whole condition (Equi's
        // territory sites: neighbour counts) nearly always looks from
        // `here`: refused without a walk.
        let worth = match cond {
            BoolExpr::Not(_)
            | BoolExpr::And(..)
            | BoolExpr::Or(..)
            | BoolExpr::At(..)
            | BoolExpr::AtSome(..)
            | BoolExpr::Quantifier { .. }
            | BoolExpr::ByPlayer(_) => true,
            BoolExpr::Const(_)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Connected(..)
            | BoolExpr::Line(..)
            | BoolExpr::Escapes { .. }
            | BoolExpr::Touches { .. }
            | BoolExpr::SamePlayer(..)
            | BoolExpr::NextStuck
            | BoolExpr::Changed
            | BoolExpr::Attacked(..) => false,
        };
        if !worth || cellset::count(within) <= 4 * w || !liftable(cond) {
            return false;
        }
        self.cond_cells(cond, out, tmp);
        for j in 0..w {
            out[j] &= within[j];
        }
        true
    }

    /// `out` = every cell where `e` holds with `here` = that cell (`e`
    /// [`liftable`]).
    fn cond_cells(&mut self, e: &BoolExpr, out: &mut [u64], tmp: &mut [u64]) {
        let w = self.w();
        match e {
            BoolExpr::Not(a) => {
                self.cond_cells(a, out, tmp);
                let (all, _) = tmp.split_at_mut(w);
                self.set(&SetExpr::All, all, &mut []);
                for j in 0..w {
                    out[j] = all[j] & !out[j];
                }
            }
            BoolExpr::And(a, b) | BoolExpr::Or(a, b) => {
                self.cond_cells(a, out, tmp);
                let (t, rest) = tmp.split_at_mut(w);
                self.cond_cells(b, t, rest);
                let and = matches!(e, BoolExpr::And(..));
                for j in 0..w {
                    out[j] = if and { out[j] & t[j] } else { out[j] | t[j] };
                }
            }
            BoolExpr::At(s, d) => {
                let Some(d) = self.dir(d) else {
                    out.fill(0);
                    return;
                };
                let (t, rest) = tmp.split_at_mut(w);
                let x: &[u64] = match self.stored(s) {
                    Some(x) => x,
                    None => {
                        self.set(s, t, rest);
                        t
                    }
                };
                self.g.shifts.before(d, x, out);
            }
            BoolExpr::AtSome(s, dirs) => {
                let (t, rest) = tmp.split_at_mut(w);
                let x: &[u64] = match self.stored(s) {
                    Some(x) => x,
                    None => {
                        self.set(s, t, rest);
                        t
                    }
                };
                // One shifted set per direction of the set, joined.
                out.fill(0);
                let (one, _) = rest.split_at_mut(w);
                for d in each_dir(dirs.mask(self.me)) {
                    self.g.shifts.before(d, x, one);
                    for j in 0..w {
                        out[j] |= one[j];
                    }
                }
            }
            BoolExpr::Quantifier { some, slot, body } => {
                let (t, rest) = tmp.split_at_mut(w);
                if *some {
                    out.fill(0);
                } else {
                    self.set(&SetExpr::All, out, &mut []);
                }
                // As `cond`'s: the slot's outer direction given back.
                let outer = self.dirs[*slot as usize];
                for d in 0..self.g.rules.board.dirs().len() {
                    self.dirs[*slot as usize] = d as u8;
                    self.cond_cells(body, t, rest);
                    for j in 0..w {
                        out[j] = if *some { out[j] | t[j] } else { out[j] & t[j] };
                    }
                }
                self.dirs[*slot as usize] = outer;
            }
            BoolExpr::ByPlayer(v) => {
                let e = &v[self.me.index()];
                self.cond_cells(e, out, tmp);
            }
            // The same for every cell (see `liftable`).
            BoolExpr::Const(_)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Connected(..)
            | BoolExpr::Line(..)
            | BoolExpr::Escapes { .. }
            | BoolExpr::Touches { .. }
            | BoolExpr::SamePlayer(..)
            | BoolExpr::NextStuck
            | BoolExpr::Changed
            | BoolExpr::Attacked(..) => {
                if self.cond(e, tmp) {
                    self.set(&SetExpr::All, out, &mut []);
                } else {
                    out.fill(0);
                }
            }
        }
    }
}

/// Whether a `where` condition can be answered for all cells at once: it
/// looks from `here` only through `X at D` with X not depending on `here`.
pub(in crate::engine) fn liftable(e: &BoolExpr) -> bool {
    match e {
        BoolExpr::Not(a) => liftable(a),
        BoolExpr::And(a, b) | BoolExpr::Or(a, b) => liftable(a) && liftable(b),
        BoolExpr::At(s, _) | BoolExpr::AtSome(s, _) => set_fixed_here(s),
        BoolExpr::Quantifier { body, .. } => liftable(body),
        BoolExpr::ByPlayer(v) => v.iter().all(liftable),
        BoolExpr::Const(_)
        | BoolExpr::Cmp(..)
        | BoolExpr::NonEmpty(_)
        | BoolExpr::Connected(..)
        | BoolExpr::Line(..)
        | BoolExpr::Escapes { .. }
        | BoolExpr::Touches { .. }
        | BoolExpr::SamePlayer(..)
        | BoolExpr::NextStuck
        | BoolExpr::Changed
        | BoolExpr::Attacked(..) => cond_fixed_here(e),
    }
}

/// Whether a set is the same whatever cell `here` is.
fn set_fixed_here(e: &SetExpr) -> bool {
    // A `where`'s condition sees its own `here`: only the sets count.
    let mut fixed = !e.reads().here;
    e.each_part(&mut |part, _| {
        if let Node::Set(s) = part {
            fixed &= set_fixed_here(s);
        }
    });
    fixed
}

pub(in crate::engine) fn cond_fixed_here(e: &BoolExpr) -> bool {
    match e {
        BoolExpr::At(..) | BoolExpr::AtSome(..) => false,
        BoolExpr::Const(_) | BoolExpr::SamePlayer(..) | BoolExpr::NextStuck | BoolExpr::Changed => {
            true
        }
        BoolExpr::Not(a) => cond_fixed_here(a),
        BoolExpr::And(a, b) | BoolExpr::Or(a, b) => cond_fixed_here(a) && cond_fixed_here(b),
        BoolExpr::Cmp(_, a, b) => num_fixed_here(a) && num_fixed_here(b),
        BoolExpr::NonEmpty(s) | BoolExpr::Line(s, _) => set_fixed_here(s),
        BoolExpr::Attacked(s, _, left_out) => set_fixed_here(s) && set_fixed_here(left_out),
        BoolExpr::Connected(a, b, c)
        | BoolExpr::Escapes {
            seed: a,
            through: b,
            bound: c,
        }
        | BoolExpr::Touches {
            seed: a,
            through: b,
            target: c,
        } => set_fixed_here(a) && set_fixed_here(b) && set_fixed_here(c),
        BoolExpr::Quantifier { body, .. } => cond_fixed_here(body),
        BoolExpr::ByPlayer(v) => v.iter().all(cond_fixed_here),
    }
}

fn num_fixed_here(e: &NumExpr) -> bool {
    match e {
        NumExpr::Const(_)
        | NumExpr::Turn
        | NumExpr::Repetitions
        | NumExpr::RepetitionTurns
        | NumExpr::Seen
        | NumExpr::Var(_)
        | NumExpr::Passes
        | NumExpr::Index(_)
        | NumExpr::CountersInHand(_)
        | NumExpr::InHand(..) => true,
        NumExpr::Select(c, a, b) => cond_fixed_here(c) && num_fixed_here(a) && num_fixed_here(b),
        NumExpr::Rows(s)
        | NumExpr::MemberIndex(s, _)
        | NumExpr::Columns(s)
        | NumExpr::Count(s)
        | NumExpr::Tally(s)
        | NumExpr::Stack(s)
        | NumExpr::Groups(s)
        | NumExpr::Largest(s) => set_fixed_here(s),
        NumExpr::ByPlayer(v) => v.iter().all(num_fixed_here),
        NumExpr::Add(a, b)
        | NumExpr::Sub(a, b)
        | NumExpr::Mul(a, b)
        | NumExpr::Div(a, b)
        | NumExpr::Mod(a, b) => num_fixed_here(a) && num_fixed_here(b),
        NumExpr::Neg(a) => num_fixed_here(a),
    }
}

#[cfg(test)]
mod tests {
    use crate::cellset;
    use crate::engine::{Action, Game, State};
    use crate::rules::*;

    fn game(source: &str) -> Game {
        crate::engine::same_games::game(source, &[])
    }

    /// Every `where` target, built as a whole set, against each cell tested
    /// on its own (`member`, which never lifts), from both players' views.
    fn same_cells(g: &Game, st: &mut State) -> usize {
        let mut lifted = 0;
        for choice in &g.rules.choices {
            let ChoiceKind::Place { target, .. } = &choice.kind else {
                continue;
            };
            for me in [0, 1].map(Player::new) {
                let mut scratch = std::mem::take(&mut st.scratch);
                let w = g.words;
                let (out, rest) = scratch.split_at_mut(w);
                let mut cx = g.ctx(st, me);
                cx.set(target, out, rest);
                let whole: Vec<usize> = cellset::cells(out).collect();
                let (_, rest) = scratch.split_at_mut(w);
                let mut cx = g.ctx(st, me);
                let one: Vec<usize> = (0..g.rules.board.len())
                    .filter(|&c| cx.member(target, c, rest))
                    .collect();
                assert_eq!(whole, one, "{target:?}");
                if let SetExpr::Where(_, c) = target
                    && super::liftable(c)
                {
                    lifted += 1;
                }
                st.scratch = scratch;
            }
        }
        lifted
    }

    #[test]
    fn whole_set_wheres_match_cell_by_cell() {
        for src in [
            "game T board square(6) with diagonals players x, o pieces stone
             define pinched = enemy where some d: own at d and own at rotate(d, 90)
             turn: place stone at empty where not empty at s
                 | place stone at empty where every d: (empty or own) at d
                 | place stone at empty where (own and stone) at n or enemy at rotate(n, 45)
                 | place stone at empty where count(own) > 3 and not own at e
                 | place stone at empty where some d: (neighbors(own) where enemy at d) at d
                 | place stone at pinched | convert enemy | pass",
            "game T board hexhex(3) players x, o pieces stone
             turn: place stone at empty where some d: own at d and enemy at rotate(d, 180)
                 | place stone at empty where not (occupied at e or occupied at w)
                 | remove own | pass",
        ] {
            let g = game(src);
            let mut a = Vec::<Action>::new();
            let mut lifted = 0;
            for seed in 0..10u64 {
                let mut s = g.start();
                let mut r = seed;
                for _ in 0..60 {
                    lifted += same_cells(&g, &mut s);
                    g.legal_actions(&s, &mut a);
                    if a.is_empty() {
                        break;
                    }
                    r = crate::engine::mix(r.wrapping_add(1));
                    g.play_unchecked(&mut s, a[(r % a.len() as u64) as usize]);
                }
            }
            assert!(lifted > 0);
        }
    }
}
