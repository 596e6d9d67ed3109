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
                self.push(st, cell, (piece.index(), owner));
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
                self.lift(st, cell);
            }
            ChoiceKind::Pick(_) => {}
            ChoiceKind::Deal { .. } => unreachable!("a deal is an option, not a cell"),
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
            | ChoiceKind::Move { .. }
            | ChoiceKind::Draw { .. }
            | ChoiceKind::Shift { .. } => unreachable!("not an action on a cell"),
        }
        st.here = cell as u32;
    }

    /// A move's piece goes from `from` to `to` (whatever is on `to` is
    /// replaced); a `staying` move's stays, and names the two cells.
    #[inline(always)]
    fn moved(&self, st: &mut State, choice: &Choice, from: usize, to: usize) {
        if choice.staying {
            st.origin = from as u32;
            st.here = to as u32;
        } else {
            self.move_from_to(st, from, to);
        }
    }

    /// The action `draw`: the line of kind `line` between neighbours `from`
    /// and `to`, which name its ends. Out of line: the moves' path stays
    /// as it was.
    #[cold]
    #[inline(never)]
    fn draw_one(&self, st: &mut State, line: u8, from: usize, to: usize) {
        let kind = &self.rules.lines[line as usize];
        kind.each_line(
            &self.rules.board,
            [from],
            |b| b == to,
            |ends, back| {
                for (c, m) in [ends, back] {
                    self.set_mark(st, c.index(), m.index(), true);
                }
            },
        );
        st.origin = from as u32;
        st.here = to as u32;
    }

    /// A piece moves from `from` to `to` (whatever is on `to` is replaced).
    #[inline]
    fn move_from_to(&self, st: &mut State, from: usize, to: usize) {
        if self.stacked {
            self.move_top(st, from, to);
            st.origin = from as u32;
            st.here = to as u32;
            return;
        }
        let piece = self.code_at(st, from);
        self.capture_to_hand(st, to);
        let carried = self.piece_marks_at(st, from);
        self.put(st, from, None);
        self.put(st, to, piece);
        if self.piece_marks != 0 {
            self.set_piece_marks(st, to, carried);
        }
        st.origin = from as u32;
        st.here = to as u32;
    }

    /// `captures to hand`: the enemy piece on `cell`, about to leave the
    /// board, goes to the mover's hand (as the kind the rules say).
    #[inline]
    pub(in crate::engine) fn capture_to_hand(&self, st: &mut State, cell: usize) {
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
        if a.kind == ActionKind::Pie {
            st.acted += 1;
            self.swap_seats(st);
            st.pie_offered = false;
            return;
        }
        // At a `try` step the action is named: the real one is played, or
        // none (see `movegen::tries`).
        let a = match self.has_tries {
            false => a,
            true => match self.named_to_real(st, a) {
                Some(real) => real,
                None => return,
            },
        };
        st.acted += 1;
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
                ChoiceKind::Choose { var, values, .. } => {
                    st.vars[*var as usize] = values[k as usize]
                }
                ChoiceKind::Deal { .. } => self.deal(st, k as usize),
                ChoiceKind::Place { .. }
                | ChoiceKind::Convert(_)
                | ChoiceKind::Remove(_)
                | ChoiceKind::Pick(_)
                | ChoiceKind::Sow { .. }
                | ChoiceKind::Step { .. }
                | ChoiceKind::Jump { .. }
                | ChoiceKind::Hop { .. }
                | ChoiceKind::Slide { .. }
                | ChoiceKind::Leap { .. }
                | ChoiceKind::Move { .. }
                | ChoiceKind::Draw { .. }
                | ChoiceKind::Shift { .. } => unreachable!("a pick comes from a fixed choice"),
            },
            ActionKind::Moves { from, to } => match choice.kind {
                ChoiceKind::Shift { .. } => self.shift_block(st, from.index(), to.index()),
                ChoiceKind::Draw { line, .. } => self.draw_one(st, line, from.index(), to.index()),
                ChoiceKind::Step { .. }
                | ChoiceKind::Jump { .. }
                | ChoiceKind::Hop { .. }
                | ChoiceKind::Slide { .. }
                | ChoiceKind::Leap { .. }
                | ChoiceKind::Move { .. } => self.moved(st, choice, from.index(), to.index()),
                ChoiceKind::Place { .. }
                | ChoiceKind::Convert(_)
                | ChoiceKind::Remove(_)
                | ChoiceKind::Pick(_)
                | ChoiceKind::Sow { .. }
                | ChoiceKind::Pass
                | ChoiceKind::Swap
                | ChoiceKind::Choose { .. }
                | ChoiceKind::Deal { .. }
                | ChoiceKind::Rotate(_) => unreachable!("a move comes from a moving choice"),
            },
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
                self.moved(st, choice, from.index(), to.index());
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

    /// A `deal`: piece `k` (kind `k % kinds` of player `k / kinds`) leaves
    /// its owner's hand for the target's one empty cell, and becomes
    /// `here`. The deal is its step's one choice (checked), so the cell is
    /// in the step's first slot, where the offer left it.
    fn deal(&self, st: &mut State, k: usize) {
        let from = &self.slot(st, 0)[..self.words];
        let Some(cell) = cellset::cells(from).next() else {
            unreachable!("a deal is offered on one cell");
        };
        let kinds = self.rules.pieces.len();
        st.reserve[k] -= 1;
        self.put(st, cell, Some((k % kinds, k / kinds)));
        st.here = cell as u32;
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

    /// The board's hash once placement `a` puts its piece on the empty
    /// `cell` (as `put` changes it), nothing else done.
    pub(in crate::engine) fn placed_hash(&self, st: &State, cell: usize, a: Action) -> u64 {
        let ChoiceKind::Place { piece, .. } = self.rules.choices[a.choice as usize].kind else {
            unreachable!("a placement");
        };
        let (k, o) = (
            piece.index(),
            self.owner_for(piece.index(), st.mover.index()),
        );
        let codes = (self.players + 1) * self.pieces;
        st.board_hash ^ self.keys.piece[cell * codes + k * (self.players + 1) + o]
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
            st.board_hash ^= self.keys.piece[cell * codes + code];
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
                st.board_hash ^= self.keys.piece[cell * codes + code];
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
                // The marks `on pieces` leave with the piece.
                if self.piece_marks != 0 {
                    self.set_piece_marks(st, cell, 0);
                }
            }
        }
        if self.stacked {
            self.height_follows(st, cell, old, piece);
        }
    }

    /// The marks `on pieces` set on `cell` (bit `m` for mark `m`).
    #[inline(always)]
    pub(in crate::engine) fn piece_marks_at(&self, st: &State, cell: usize) -> u64 {
        let mut mask = self.piece_marks;
        let mut out = 0;
        while mask != 0 {
            let m = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if self.has_mark(st, Cell::new(cell), m) {
                out |= 1 << m;
            }
        }
        out
    }

    /// Sets the marks `on pieces` of `cell` to those of `marks`.
    #[inline(always)]
    pub(in crate::engine) fn set_piece_marks(&self, st: &mut State, cell: usize, marks: u64) {
        let mut mask = self.piece_marks;
        while mask != 0 {
            let m = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            self.set_mark(st, cell, m, marks >> m & 1 != 0);
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
        st.board_hash ^= self.keys.mark[cell * self.rules.marks.len() + m];
    }

    /// The result of an outcome rule in the current position.
    pub(in crate::engine) fn decide(&self, st: &mut State, outcome: &Outcome) -> GameResult {
        let mover = st.mover;
        let resolve = |w: &Who| match w {
            Who::Me => mover,
            Who::Opponent => Player::new(self.after(mover.index())),
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
                h ^= g.keys.piece[c * codes + code];
            }
            for m in 0..marks {
                let s = g.mark_set(m);
                if cellset::contains(&st.sets[s * w..(s + 1) * w], c) {
                    h ^= g.keys.mark[c * marks + m];
                }
            }
        }
        if g.counted {
            // The counters' key, summed again, and `seeded` from the counts.
            let mut key = 0u64;
            for c in 0..g.rules.board.len() {
                let n = g.tally_of(&st.sets, c);
                key = key.wrapping_add(n.wrapping_mul(g.keys.tally[c]));
                let seeded = &st.sets[g.seeded_set() * w..][..w];
                assert_eq!(cellset::contains(seeded, c), n > 0, "seeded at {c}");
            }
            assert_eq!(key, st.sets[g.tally_key_at()], "the counters' key");
            h ^= g.counters_hash(&st.sets);
        }
        if g.stacked {
            // Heights from 1 on occupied cells, `stacked` from the heights.
            let stacked = &st.sets[g.stacked_set() * w..][..w];
            for c in 0..g.rules.board.len() {
                let n = g.height_of(&st.sets, c);
                assert_eq!(n > 0, st.cells[c] > 0, "height at {c}");
                assert_eq!(cellset::contains(stacked, c), n > 1, "stacked at {c}");
                h ^= g.height_key(c, n);
            }
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
