//! Playing an action: the action itself, its marking and effects, the end
//! rules; and the board changes every effect goes through (`put`).

use crate::cellset;
use crate::engine::{
    Action, ActionKind, EMPTY, Game, GameResult, NO_CELL, OCCUPIED, PlayError, State,
};
use crate::ids::Cell;
use crate::rules::*;

impl Game {
    /// What an action on `cell` does, by its choice's kind.
    #[inline(always)]
    fn act_on_cell(&self, st: &mut State, kind: &ChoiceKind, cell: usize) {
        let mover = st.mover.index();
        match *kind {
            ChoiceKind::Place { piece, .. } => {
                let owner = self.owner_for(piece.index(), mover);
                self.put(st, cell, Some((piece.index(), owner)));
                if self.rules.reserved.get(piece.index()) == Some(&true) {
                    // Offered only while the reserve holds one.
                    st.reserve[mover * self.rules.pieces.len() + piece.index()] -= 1;
                }
            }
            ChoiceKind::Convert(_) => {
                if let Some((k, _)) = self.code_at(st, cell) {
                    self.put(st, cell, Some((k, mover)));
                }
            }
            ChoiceKind::Remove(_) => {
                self.capture_to_hand(st, cell);
                self.put(st, cell, None);
            }
            ChoiceKind::Sow {
                ring,
                forward,
                ref skip,
                ..
            } => self.sow(
                st,
                cell,
                &self.rules.rings[ring as usize],
                forward,
                skip.as_ref(),
            ),
            ChoiceKind::Pass
            | ChoiceKind::Swap
            | ChoiceKind::Choose { .. }
            | ChoiceKind::Rotate(_)
            | ChoiceKind::Step { .. }
            | ChoiceKind::Jump { .. }
            | ChoiceKind::Hop { .. }
            | ChoiceKind::Slide { .. }
            | ChoiceKind::Leap { .. }
            | ChoiceKind::Move { .. } => unreachable!("not an action on a cell"),
        }
        st.here = cell as u32;
    }

    /// A piece moves from `from` to `to` (whatever is on `to` is replaced).
    #[inline]
    fn move_from_to(&self, st: &mut State, from: usize, to: usize) {
        let piece = self.code_at(st, from);
        self.capture_to_hand(st, to);
        self.put(st, from, None);
        self.put(st, to, piece);
        st.origin = from as u32;
        st.here = to as u32;
    }

    /// `captures to hand`: the enemy piece on `cell`, about to leave the
    /// board, goes to the mover's hand (as the kind the rules say).
    #[inline]
    fn capture_to_hand(&self, st: &mut State, cell: usize) {
        if self.rules.captured_to.is_empty() {
            return;
        }
        let me = st.mover.index();
        if let Some((k, o)) = self.code_at(st, cell)
            && o != me
            && o < self.players
            && let Some(held) = self.rules.captured_to[k]
        {
            let i = me * self.rules.pieces.len() + held.index();
            st.reserve[i] = st.reserve[i].saturating_add(1);
        }
    }

    /// Plays `a` if it is legal.
    pub fn play(&self, st: &mut State, a: Action) -> Result<(), PlayError> {
        if st.result.is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(st, a) {
            return Err(PlayError::Illegal);
        }
        self.play_unchecked(st, a);
        Ok(())
    }

    /// Plays `a`, which must be legal in `st`, up to the end of its turn:
    /// true if the turn (or the game) ended. A turn that ends stops there,
    /// the next one not begun, so nothing of it is worked out (perft's last
    /// level counts turns so); `st` is then only good for counting, hashing
    /// and showing, not for playing on. A turn that goes on is at its next
    /// decision, as after [`Game::play_unchecked`].
    pub fn play_to_turn_end(&self, st: &mut State, a: Action) -> bool {
        let turn = st.turn;
        st.stop_at_turn_end = true;
        st.turn_over = false;
        self.play_unchecked(st, a);
        st.stop_at_turn_end = false;
        st.turn_over || st.result.is_some() || st.turn != turn
    }

    /// Plays `a`, which must be legal in `st`.
    pub fn play_unchecked(&self, st: &mut State, a: Action) {
        st.ply += 1;
        st.acted += 1;
        if a.kind == ActionKind::Pie {
            self.swap_seats(st);
            st.pie_offered = false;
            return;
        }
        self.act(st, a);
        st.done += 1;
        st.pie_offered = false;
        self.after_action(st);
    }

    /// The action itself, its marking and its `then` effects: what `keep
    /// if` judges (see `movegen::kept`). Not the pie rule's swap.
    #[inline(always)]
    pub(in crate::engine) fn act(&self, st: &mut State, a: Action) {
        let choice = &self.rules.choices[a.choice as usize];
        let passes = st.passes;
        st.passes = 0;
        st.here = NO_CELL;
        // `origin` is the action's own: empty after one that moves no piece.
        st.origin = NO_CELL;
        match a.kind {
            ActionKind::OnCell(cell) => self.act_on_cell(st, &choice.kind, cell.index()),
            ActionKind::Pick(k) => match &choice.kind {
                ChoiceKind::Pass => st.passes = passes + 1,
                ChoiceKind::Swap => self.swap_seats(st),
                ChoiceKind::Rotate(turns) => self.turn_region(st, &turns[k as usize]),
                ChoiceKind::Choose { var, values } => st.vars[*var as usize] = values[k as usize],
                ChoiceKind::Place { .. }
                | ChoiceKind::Convert(_)
                | ChoiceKind::Remove(_)
                | ChoiceKind::Sow { .. }
                | ChoiceKind::Step { .. }
                | ChoiceKind::Jump { .. }
                | ChoiceKind::Hop { .. }
                | ChoiceKind::Slide { .. }
                | ChoiceKind::Leap { .. }
                | ChoiceKind::Move { .. } => unreachable!("a pick comes from a fixed choice"),
            },
            ActionKind::Moves { from, to } => self.move_from_to(st, from.index(), to.index()),
            ActionKind::Jumps { from, to, dir } => {
                st.jumped = if let ChoiceKind::Hop { .. } = choice.kind {
                    // A hop's screen: the first piece on its way.
                    self.rays
                        .ray(from.index(), dir.index())
                        .iter()
                        .map(|&x| x as u32)
                        .find(|&x| self.code_at(st, x as usize).is_some())
                        .unwrap_or(NO_CELL)
                } else {
                    let nd = self.rules.board.ndirs();
                    self.rules.board.neighbor_table()[from.index() * nd + dir.index()]
                };
                self.move_from_to(st, from.index(), to.index());
            }
            ActionKind::Pie => unreachable!("handled above"),
        }
        if let Some(m) = choice.marking
            && st.here != NO_CELL
        {
            self.set_mark(st, st.here as usize, m.index(), true);
        }
        for e in &choice.then {
            self.effect(st, e);
        }
    }

    /// After an action: the end rules, then the steps up to the next
    /// decision.
    #[inline(always)]
    pub(in crate::engine) fn after_action(&self, st: &mut State) {
        // The rules' end conditions, seen from the player who just acted.
        let me = st.mover;
        let ended = if self.rules.ends.is_empty() {
            None
        } else {
            self.with_ctx(st, me, |cx, scratch| {
                self.rules
                    .ends
                    .iter()
                    .position(|(cond, _)| cx.cond(cond, scratch))
            })
        };
        if let Some(i) = ended {
            st.result = Some(self.decide(st, &self.rules.ends[i].1));
            return;
        }
        self.settle(st);
    }

    /// Ends the game with a loss for the player to move.
    pub fn resign(&self, st: &mut State) {
        if st.result.is_none() {
            st.result = Some(match self.players {
                2 => GameResult::Win(Player::new(1 - st.mover.index())),
                _ => GameResult::Draw,
            });
        }
    }

    pub(in crate::engine) fn swap_seats(&self, st: &mut State) {
        // With two players the colours change hands; with more, the seats
        // rotate: each player passes to the seat of the player after it.
        let n = self.players;
        let first = st.seats[0];
        for i in 0..n - 1 {
            st.seats[i] = st.seats[i + 1];
        }
        st.seats[n - 1] = first;
    }

    /// Turns a region: every piece goes to its cell's image, at once (the
    /// pieces are read first, into the state's spare stack: no allocation).
    fn turn_region(&self, st: &mut State, turn: &RegionTurn) {
        const EMPTY_CELL: u32 = u32::MAX;
        let mut pieces = std::mem::take(&mut st.stack);
        pieces.clear();
        pieces.extend(
            turn.cells
                .iter()
                .map(|&(from, _)| match self.code_at(st, from as usize) {
                    Some((kind, owner)) => (kind as u32) << 16 | owner as u32,
                    None => EMPTY_CELL,
                }),
        );
        for (&(_, to), &code) in turn.cells.iter().zip(&pieces) {
            let piece =
                (code != EMPTY_CELL).then_some(((code >> 16) as usize, (code & 0xffff) as usize));
            self.put(st, to as usize, piece);
        }
        st.stack = pieces;
    }

    /// Sets or clears the piece on a cell, keeping sets, hash and groups right.
    pub(in crate::engine) fn put(
        &self,
        st: &mut State,
        cell: usize,
        piece: Option<(usize, usize)>,
    ) {
        let w = self.words;
        let old = self.code_at(st, cell);
        if old == piece {
            return;
        }
        st.changes += 1;
        let codes = (self.players + 1) * self.pieces;
        // The cell's bit in each stored set: one word of each.
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let flip = |sets: &mut [u64], s: usize, on: bool| {
            let x = &mut sets[s * w + word];
            *x = if on { *x | bit } else { *x & !bit };
        };
        if let Some((k, o)) = old {
            let code = k * (self.players + 1) + o;
            st.board_hash ^= self.piece_keys[cell * codes + code];
            flip(&mut st.sets, self.owner_set(o), false);
            flip(&mut st.sets, self.piece_set(k), false);
            if o < self.players {
                st.groups.remove(o);
            }
        }
        match piece {
            Some((k, o)) => {
                let code = k * (self.players + 1) + o;
                st.cells[cell] = code as u8 + 1;
                st.board_hash ^= self.piece_keys[cell * codes + code];
                flip(&mut st.sets, self.owner_set(o), true);
                flip(&mut st.sets, self.piece_set(k), true);
                flip(&mut st.sets, OCCUPIED, true);
                flip(&mut st.sets, EMPTY, false);
                if o == self.players {
                    // Neutral pieces belong to no player's groups.
                } else if !self.track_groups {
                    // Untracked: any later question rebuilds the forest.
                    st.groups.remove(o);
                } else if st.groups.is_exact(o) || self.track_connections {
                    // An inexact forest is worth extending only for
                    // connection tests; group sizes rebuild it anyway.
                    // Every neighbour counts, however many links a cell
                    // has: the owner's set and the forest are apart.
                    let owner = &st.sets[self.owner_set(o) * w..(self.owner_set(o) + 1) * w];
                    let same = self
                        .rules
                        .board
                        .neighbors(Cell::new(cell))
                        .iter()
                        .map(|&n| n.index())
                        .filter(|&n| cellset::contains(owner, n));
                    st.groups.add(o, cell, self.cell_anchors[cell], same);
                }
            }
            None => {
                st.cells[cell] = 0;
                flip(&mut st.sets, OCCUPIED, false);
                flip(&mut st.sets, EMPTY, true);
            }
        }
    }

    pub(in crate::engine) fn set_mark(&self, st: &mut State, cell: usize, m: usize, on: bool) {
        let x = &mut st.sets[self.mark_set(m) * self.words + cell / 64];
        let bit = 1u64 << (cell % 64);
        if (*x & bit != 0) == on {
            return;
        }
        *x ^= bit;
        st.changes += 1;
        st.board_hash ^= self.mark_keys[cell * self.rules.marks.len() + m];
    }

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
                st.board_hash ^= self.mark_keys[c * marks + m];
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
                        st.board_hash ^= self.mark_keys[c * marks + m.index()];
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
                        g.put(st, c, None);
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
            Effect::Make(target, kind) => {
                self.for_each_cell(st, target, me, |g, st, c| {
                    if let Some((_, owner)) = g.code_at(st, c) {
                        g.put(st, c, Some((kind.index(), owner)));
                    }
                });
            }
            Effect::Place(kind, target) => {
                let kind = kind.index();
                let owner = self.owner_for(kind, me.index());
                let hand = match self.rules.reserved.get(kind) {
                    Some(true) => Some(me.index() * self.rules.pieces.len() + kind),
                    _ => None,
                };
                self.for_each_cell_filtered(st, target, me, EMPTY, false, |g, st, c| {
                    if let Some(i) = hand {
                        if st.reserve[i] == 0 {
                            return;
                        }
                        st.reserve[i] -= 1;
                    }
                    g.put(st, c, Some((kind, owner)));
                });
            }
            Effect::Move(from, to) => self.move_piece(st, from, to),
            Effect::Take(what, into) => self.take(st, what, into.as_ref()),
            Effect::Set(var, value) => {
                let v = self.with_ctx(st, me, |cx, scratch| cx.int(value, scratch));
                if st.vars[*var as usize] != v {
                    st.vars[*var as usize] = v;
                    st.changes += 1;
                }
            }
            Effect::EachGroup { slot, set, body } => self.each_group(st, *slot as usize, set, body),
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
            self.capture_to_hand(st, b);
            self.put(st, a, None);
            self.put(st, b, Some(piece));
        }
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

    /// The result of an outcome rule in the current position.
    pub(in crate::engine) fn decide(&self, st: &mut State, outcome: &Outcome) -> GameResult {
        let mover = st.mover;
        let resolve = |w: &Who| match w {
            Who::Me => mover,
            Who::Opponent => Player::new((mover.index() + 1) % self.players),
            Who::Player(p) => *p,
        };
        match outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Wins(w) => GameResult::Win(resolve(w)),
            Outcome::Loses(w) => {
                if self.players == 2 {
                    GameResult::Win(Player::new(1 - resolve(w).index()))
                } else {
                    GameResult::Draw
                }
            }
            Outcome::Compare(keys) => {
                let mut alive: u32 = (1 << self.players) - 1;
                for (most, key) in keys {
                    let mut best: Option<f64> = None;
                    let mut values = [0f64; crate::limits::MAX_PLAYERS];
                    for p in 0..self.players {
                        if alive >> p & 1 == 0 {
                            continue;
                        }
                        let v =
                            self.with_ctx(st, Player::new(p), |cx, scratch| cx.int(key, scratch));
                        let v = if *most { v } else { -v };
                        values[p] = v;
                        best = Some(best.map_or(v, |b: f64| b.max(v)));
                    }
                    for (p, v) in values.iter().enumerate().take(self.players) {
                        if Some(*v) != best {
                            alive &= !(1 << p);
                        }
                    }
                    if alive.count_ones() == 1 {
                        return GameResult::Win(Player::new(alive.trailing_zeros() as usize));
                    }
                }
                GameResult::Draw
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cellset;
    use crate::engine::same_games::{game, same_games};
    use crate::engine::{Game, State};

    /// The position's pieces and marks hashed from scratch.
    fn board_hash(g: &Game, st: &State) -> u64 {
        let (w, codes, marks) = (g.words, (g.players + 1) * g.pieces, g.rules.marks.len());
        let mut h = 0;
        for c in 0..g.rules.board.len() {
            if let Some(code) = (st.cells[c] as usize).checked_sub(1) {
                h ^= g.piece_keys[c * codes + code];
            }
            for m in 0..marks {
                let s = g.mark_set(m);
                if cellset::contains(&st.sets[s * w..(s + 1) * w], c) {
                    h ^= g.mark_keys[c * marks + m];
                }
            }
        }
        if g.counted {
            // The counters' key, summed again, and `seeded` from the counts.
            let mut key = 0u64;
            for c in 0..g.rules.board.len() {
                let n = g.tally_of(&st.sets, c);
                key = key.wrapping_add(n.wrapping_mul(g.tally_keys[c]));
                let seeded = &st.sets[g.seeded_set() * w..][..w];
                assert_eq!(cellset::contains(seeded, c), n > 0, "seeded at {c}");
            }
            assert_eq!(key, st.sets[g.tally_key_at()], "the counters' key");
            h ^= g.counters_hash(&st.sets);
        }
        h
    }

    /// The hash kept by every change of a piece or a mark is the hash of
    /// the position, along random games of every shipped game.
    #[test]
    fn the_incremental_hash_is_the_hash_of_the_position() {
        let (mut files, mut marked) = (0, 0);
        for entry in std::fs::read_dir("games").expect("games/") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "gdl") {
                continue;
            }
            let g = game(&std::fs::read_to_string(&path).expect("reads"), &[]);
            files += 1;
            same_games(&g, &g, 3, 300, |s, _| {
                assert_eq!(s.board_hash, board_hash(&g, s), "{}", path.display());
                marked += (0..g.rules.marks.len())
                    .map(|m| cellset::count(&s.sets[g.mark_set(m) * g.words..][..g.words]))
                    .sum::<usize>();
            });
        }
        assert!(files >= 20 && marked > 100, "{files} games, {marked} marks");
        assert!(
            std::fs::read_dir("games")
                .expect("games/")
                .any(|e| e.expect("entry").path().ends_with("oware.gdl")),
            "a game with counters is among them"
        );
    }
}
