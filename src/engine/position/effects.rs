//! The effects of the rules (`then` and a turn's automatic steps): marks,
//! removals, conversions, moves, placements, groups, and the walk over a
//! target set that most of them share. Each board change goes through
//! `put` and `set_mark` (`play.rs`), which keep the sets and the hash right.

use crate::cellset;
use crate::engine::{EMPTY, Game, NO_CELL, OCCUPIED, State};
use crate::rules::*;

impl Game {
    /// Sets (`on`) or clears mark `m` on the cells of `target`, a word at
    /// a time; only the cells whose mark changes are hashed.
    fn mark_cells(&self, st: &mut State, target: &SetExpr, m: usize, on: bool) {
        if *target == SetExpr::Here {
            // One cell: no set built.
            if st.here != NO_CELL {
                self.set_mark(st, st.here as usize, m, on);
            }
            return;
        }
        let w = self.words;
        let me = st.mover;
        {
            let (mut cx, spare) = self.ctx_split(st, me);
            if cx.surely_empty(target) {
                return;
            }
            let (t, rest) = spare.scratch.split_at_mut(w);
            match cx.stored(target) {
                Some(s) => cellset::copy(t, s),
                None => cx.set(target, t, rest),
            }
        }
        let (marks, s) = (self.rules.marks.len(), self.mark_set(m));
        let mut changed = 0;
        for j in 0..w {
            let tj = st.scratch[j];
            let x = &mut st.sets[s * w + j];
            let mut flip = if on { tj & !*x } else { tj & *x };
            *x ^= flip;
            changed |= flip;
            while flip != 0 {
                let c = j * 64 + flip.trailing_zeros() as usize;
                flip &= flip - 1;
                st.board_hash ^= self.keys.mark[c * marks + m];
            }
        }
        if changed != 0 {
            st.changes += 1;
        }
    }

    pub(in crate::engine) fn effect(&self, st: &mut State, e: &Effect) {
        let w = self.words;
        let me = st.mover;
        match e {
            Effect::Clear(m) => {
                let s = self.mark_set(m.index());
                let marks = self.rules.marks.len();
                for word in 0..w {
                    let mut bits = st.sets[s * w + word];
                    if bits != 0 {
                        st.changes += 1;
                    }
                    while bits != 0 {
                        let c = word * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        st.board_hash ^= self.keys.mark[c * marks + m.index()];
                    }
                    st.sets[s * w + word] = 0;
                }
            }
            Effect::Mark(m, target) | Effect::Unmark(m, target) => {
                let on = matches!(e, Effect::Mark(..));
                self.mark_cells(st, target, m.index(), on);
            }
            Effect::Convert(target, mark) => {
                self.for_each_cell(st, target, me, |g, st, c| {
                    if let Some((k, o)) = g.code_at(st, c)
                        && o != me.index()
                    {
                        g.put(st, c, Some((k, me.index())));
                        if let Some(m) = mark {
                            g.set_mark(st, c, m.index(), true);
                        }
                    }
                });
            }
            Effect::Remove(target, mark) => {
                self.for_each_cell(st, target, me, |g, st, c| {
                    if g.code_at(st, c).is_some() {
                        g.capture_to_hand(st, c);
                        g.lift(st, c);
                        if let Some(m) = mark {
                            g.set_mark(st, c, m.index(), true);
                        }
                    }
                });
            }
            Effect::Repeat(body) => {
                // Each round must change something; a board can only change
                // so often before it repeats, so cap the rounds.
                let cap = 4 * self.rules.board.len() + 4;
                for _ in 0..cap {
                    let before = st.changes;
                    self.effect(st, body);
                    if st.changes == before {
                        break;
                    }
                }
            }
            Effect::If(c, yes, no) => {
                if self.with_ctx(st, me, |cx, scratch| cx.cond(c, scratch)) {
                    self.effect(st, yes);
                } else if let Some(no) = no {
                    self.effect(st, no);
                }
            }
            Effect::Seq(list) => {
                for e in list {
                    self.effect(st, e);
                }
            }
            Effect::Swap => self.swap_seats(st),
            Effect::Again => {
                if !st.again {
                    st.again = true;
                    st.changes += 1;
                }
            }
            Effect::Make(target, kind) => {
                self.for_each_cell(st, target, me, |g, st, c| {
                    if let Some((_, owner)) = g.code_at(st, c) {
                        g.put(st, c, Some((kind.index(), owner)));
                    }
                });
            }
            Effect::Place(kind, who, target) => {
                let kind = kind.index();
                let player = match who {
                    Who::Me => me.index(),
                    Who::Opponent => self.after(me.index()),
                    Who::Player(p) => p.index(),
                };
                let owner = self.owner_for(kind, player);
                let hand = match self.rules.reserved.get(kind) {
                    Some(true) => Some(player * self.rules.pieces.len() + kind),
                    _ => None,
                };
                let place = move |g: &Game, st: &mut State, c: usize| {
                    // With stacks, on top of a stack of the same piece too.
                    if g.code_at(st, c).is_some_and(|there| there != (kind, owner)) {
                        return;
                    }
                    if let Some(i) = hand {
                        if st.reserve[i] == 0 {
                            return;
                        }
                        st.reserve[i] -= 1;
                    }
                    g.push(st, c, (kind, owner));
                };
                match self.stacked {
                    true => self.for_each_cell(st, target, me, place),
                    false => self.for_each_cell_filtered(st, target, me, EMPTY, false, place),
                }
            }
            Effect::Move(from, to) => self.move_piece(st, from, to),
            Effect::Take(what, into) => self.take(st, what, into.as_ref()),
            Effect::Draw(line, from, to) => self.draw_lines(st, *line as usize, from, to),
            Effect::Set(var, value) => {
                let v = self.with_ctx(st, me, |cx, scratch| cx.int(value, scratch));
                if st.vars[*var as usize] != v {
                    st.vars[*var as usize] = v;
                    st.changes += 1;
                }
            }
            Effect::EachGroup { slot, set, body } => self.each_group(st, *slot as usize, set, body),
            Effect::EachMember { slot, family, body } => {
                let w = self.words;
                let rules = &*self.rules;
                for &m in &rules.families[*family as usize].members {
                    let cells = rules.fixed_sets[m as usize].words();
                    let at = *slot as usize * w;
                    st.set_vars[at..at + w].copy_from_slice(cells);
                    self.effect(st, body);
                }
            }
        }
    }

    /// Runs `body` once for each group of the cells of `set` (as they are
    /// now), with the group's cells in `slot`.
    pub(in crate::engine) fn each_group(
        &self,
        st: &mut State,
        slot: usize,
        set: &SetExpr,
        body: &Effect,
    ) {
        let w = self.words;
        let me = st.mover;
        // The set is kept in a scratch area below the evaluator's: copy out.
        let mut remaining = [0u64; crate::limits::MAX_CELL_WORDS];
        {
            let mut scratch = std::mem::take(&mut st.scratch);
            {
                let (out, rest) = scratch.split_at_mut(w);
                let mut cx = self.ctx(st, me);
                cx.set(set, out, rest);
            }
            remaining[..w].copy_from_slice(&scratch[..w]);
            st.scratch = scratch;
        }
        while let Some(start) = cellset::cells(&remaining[..w]).next() {
            // One copy per small number of words, the loops unrolled.
            match w {
                1 => self.take_group(1, st, slot, start, &mut remaining),
                2 => self.take_group(2, st, slot, start, &mut remaining),
                3 => self.take_group(3, st, slot, start, &mut remaining),
                w => self.take_group(w, st, slot, start, &mut remaining),
            }
            self.effect(st, body);
        }
    }

    /// Set variable `slot` = the group of `start`: the cells of `within`
    /// holding the same piece (or none), connected to it; they leave `within`.
    #[inline(always)]
    pub(in crate::engine) fn take_group(
        &self,
        w: usize,
        st: &mut State,
        slot: usize,
        start: usize,
        within: &mut [u64],
    ) {
        let within = &mut within[..w];
        let (same, rest) = st.scratch.split_at_mut(w);
        let (ring, rest) = rest.split_at_mut(w);
        let next = &mut rest[..w];
        self.same_piece(&st.sets, st.cells[start], same);
        for j in 0..w {
            same[j] &= within[j];
        }
        let group = &mut st.set_vars[slot * w..(slot + 1) * w];
        self.grow_group(start, same, group, ring, next);
        for j in 0..w {
            within[j] &= !group[j];
        }
    }

    /// `move FROM to TO`: the piece on FROM's one cell to TO's one cell.
    fn move_piece(&self, st: &mut State, from: &SetExpr, to: &SetExpr) {
        let w = self.words;
        let me = st.mover;
        let mut scratch = std::mem::take(&mut st.scratch);
        let (a, b) = {
            let (src, rest) = scratch.split_at_mut(w);
            let (dst, rest) = rest.split_at_mut(w);
            let mut cx = self.ctx(st, me);
            cx.set(from, src, rest);
            cx.set(to, dst, rest);
            let one = |s: &[u64]| match cellset::count(s) {
                1 => cellset::cells(s).next(),
                _ => None,
            };
            (one(src), one(dst))
        };
        st.scratch = scratch;
        if let (Some(a), Some(b)) = (a, b)
            && a != b
            && let Some(piece) = self.code_at(st, a)
        {
            if self.stacked {
                return self.move_top(st, a, b);
            }
            self.capture_to_hand(st, b);
            let carried = self.piece_marks_at(st, a);
            self.put(st, a, None);
            self.put(st, b, Some(piece));
            self.set_piece_marks(st, b, carried);
        }
    }

    /// `draw LINE from A to B`: a line between each cell of A and each of
    /// its neighbours in B, as the kind's marks on its two ends.
    fn draw_lines(&self, st: &mut State, line: usize, from: &SetExpr, to: &SetExpr) {
        let w = self.words;
        let me = st.mover;
        let mut scratch = std::mem::take(&mut st.scratch);
        {
            let (a, rest) = scratch.split_at_mut(w);
            let (b, rest) = rest.split_at_mut(w);
            let mut cx = self.ctx(st, me);
            cx.set(from, a, rest);
            cx.set(to, b, rest);
        }
        let (a, b) = scratch.split_at(w);
        let to = |n| cellset::contains(&b[..w], n);
        self.rules.lines[line].each_line(&self.rules.board, cellset::cells(a), to, |ends, back| {
            for (c, m) in [ends, back] {
                self.set_mark(st, c.index(), m.index(), true);
            }
        });
        st.scratch = scratch;
    }

    /// Evaluates `target` once, then calls `f` on each of its cells.
    pub(in crate::engine) fn for_each_cell(
        &self,
        st: &mut State,
        target: &SetExpr,
        me: Player,
        f: impl FnMut(&Game, &mut State, usize),
    ) {
        self.for_each_cell_filtered(st, target, me, OCCUPIED, false, f);
    }

    /// As [`Game::for_each_cell`], restricted to the cells that are in
    /// stored set `within` (or, with `outside`, not in it).
    pub(in crate::engine) fn for_each_cell_filtered(
        &self,
        st: &mut State,
        target: &SetExpr,
        me: Player,
        within: usize,
        outside: bool,
        mut f: impl FnMut(&Game, &mut State, usize),
    ) {
        let w = self.words;
        let mut scratch = std::mem::take(&mut st.scratch);
        {
            let (out, rest) = scratch.split_at_mut(w);
            let mut cx = self.ctx(st, me);
            cx.set(target, out, rest);
            let filter = &st.sets[within * w..(within + 1) * w];
            for j in 0..w {
                out[j] &= if outside { !filter[j] } else { filter[j] };
            }
        }
        let set = &scratch[..w];
        for c in cellset::cells(set) {
            f(self, st, c);
        }
        st.scratch = scratch;
    }
}
