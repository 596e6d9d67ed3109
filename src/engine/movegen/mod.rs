//! Move generation: the steps run until a player has a decision, and the
//! actions each choice offers (computed in [`offer`], cached in the state),
//! counted, listed, checked or sampled.
//!
//! # Routes
//! `Game::offer` fills each choice's slot ([`slot`]) and count by one of
//! three routes, decided per game and step when the game is prepared
//! (`gdl bench --paths` prints them):
//! 1. **kept** ([`kept`]), in a game with `keep if` or `prefer`: the
//!    groups offered by route 3, each action then judged on a copy, or by
//!    the cells its conditions read ([`kept_reads`]);
//! 2. **word offer** ([`word_offer`]), on a board of one word, for a step
//!    of choices on one cell and moves with no reserve, whose guards test
//!    sizes: plain register code with no evaluation context;
//! 3. **by groups** (`offer_groups`): choice by choice, each set taken
//!    from one of four sources: the step's register code
//!    (`eval::step_sets`, on one word), a set program (`eval::program`),
//!    the tree evaluator with cell tests (`eval::cell_tests`) for `where`,
//!    or the tree alone.
//!
//! Counting then goes by the choice's [`Offer`] shape (`Game::offered`):
//! cells of the target; fixed options; steps and jumps by whole-set
//! shifts once there are enough pieces ([`counts`]), else as words
//! ([`word_steps`]), by one AND per piece, or walking each move; far
//! moves ([`far_moves`]) as pieces times targets, by leap masks, by
//! filling or shifting along directions on one word, else walking the
//! rays. Each of these shortcuts is a switch ([`crate::engine::Shortcut`]).

mod chance;
pub(in crate::engine) mod counts;
pub(in crate::engine) mod far_moves;
pub(in crate::engine) mod kept;
pub(in crate::engine) mod kept_reads;
pub(in crate::engine) mod offer;
mod paths;
pub(in crate::engine) mod quiet_places;
pub(in crate::engine) mod shared_sets;
pub(crate) mod slot;
mod tries;
pub(crate) mod turn_ends;
pub(in crate::engine) mod word_offer;
pub(in crate::engine) mod word_steps;

use crate::ids::Cell;
use rand::{Rng, RngExt};

use crate::cellset;
use crate::engine::{Action, ActionKind, Game, GameResult, State};
use crate::rules::*;
pub(crate) use kept::Refusal;
pub use kept::{TurnTooLong, note_turn_too_long, take_turn_too_long};
pub(crate) use offer::{EntriesOf, Offer};
use slot::Part::{From, Over, To};

impl Game {
    /// Calls `f(from, dir, to)` for each move a step or jump choice `c`
    /// offers `player`, in the choice's directions.
    #[inline]
    pub(crate) fn each_move(
        &self,
        c: u16,
        player: Player,
        jump: bool,
        t: &[u64],
        mut f: impl FnMut(usize, usize, usize) -> bool,
    ) {
        let w = self.words;
        let next = if jump { Over.of(t, w) } else { To.of(t, w) };
        let (_, near) = self.move_dirs(c, player);
        for cell in cellset::cells(From.of(t, w)) {
            // Most cells have no neighbour to move to or over: skip them.
            let near = &near[cell * w..(cell + 1) * w];
            if (0..w).all(|j| near[j] & next[j] == 0) {
                continue;
            }
            if !self.moves_of_cell(c, player, jump, t, cell, &mut f) {
                return;
            }
        }
    }

    /// Calls `f(from, dir, to)` for each move of `each_move` from `cell`;
    /// false once `f` has asked to stop.
    #[inline]
    fn moves_of_cell(
        &self,
        c: u16,
        player: Player,
        jump: bool,
        t: &[u64],
        cell: usize,
        f: &mut impl FnMut(usize, usize, usize) -> bool,
    ) -> bool {
        let w = self.words;
        let (over, to) = (Over.of(t, w), To.of(t, w));
        let board = &self.rules.board;
        let nd = board.ndirs();
        let table = board.neighbor_table();
        let (mask, _) = self.move_dirs(c, player);
        for d in each_dir(mask) {
            let n = table[cell * nd + d];
            if n == crate::board::NO_CELL {
                continue;
            }
            let (ok, dest) = if jump {
                let m = table[n as usize * nd + d];
                (
                    cellset::contains(over, n as usize)
                        && m != crate::board::NO_CELL
                        && cellset::contains(to, m as usize),
                    m,
                )
            } else {
                (cellset::contains(to, n as usize), n)
            };
            if ok && !f(cell, d, dest as usize) {
                return false;
            }
        }
        // A step without directions also takes the links that have none
        // (a step keeps no direction).
        if let Offer::Steps { links: true } = self.offers[c as usize] {
            for &n in board.undirected_links(Cell::new(cell)) {
                if cellset::contains(to, n.index()) && !f(cell, 0, n.index()) {
                    return false;
                }
            }
        }
        true
    }

    /// How many actions choice `c` offers `player`, given its cached
    /// targets `t`.
    #[inline]
    pub(crate) fn offered(&self, c: u16, player: Player, t: &[u64]) -> usize {
        let w = self.words;
        match self.offers[c as usize] {
            Offer::OnCell => cellset::count(From.of(t, w)),
            Offer::Fixed { options } => options * usize::from(!cellset::is_empty(From.of(t, w))),
            Offer::Dealt => To.of(t, w)[0].count_ones() as usize,
            // Jumps stay with the pieces: most have no enemy next to them,
            // which the visit skips at once (shifts measured slower).
            Offer::Steps { links: false } if self.shifts_pay(c, player, From.of(t, w)) => {
                self.steps_by_shifts(c, player, t)
            }
            Offer::Jumps if self.jump_shifts_pay(c, player, From.of(t, w)) => {
                self.jumps_by_shifts(c, player, t)
            }
            Offer::Steps { links: false } if self.moves.word_steps => {
                self.word_steps(c, player, From.word(t), To.word(t))
            }
            Offer::Steps { .. } if self.moves.distinct => {
                let (from, to) = (From.of(t, w), To.of(t, w));
                let (_, near) = self.move_dirs(c, player);
                cellset::cells(from)
                    .map(|c| cellset::count_and(&near[c * w..(c + 1) * w], to))
                    .sum()
            }
            Offer::Far => self.far_moves_count(c, player, t),
            Offer::Steps { .. } | Offer::Jumps => {
                let jump = self.offers[c as usize] == Offer::Jumps;
                let mut n = 0;
                self.each_move(c, player, jump, t, |_, _, _| {
                    n += 1;
                    true
                });
                n
            }
        }
    }

    /// The `k`-th action (`k < offered`) of choice `c` for `player`.
    #[inline]
    pub(crate) fn nth_offered(&self, c: u16, player: Player, t: &[u64], k: usize) -> Action {
        match self.offers[c as usize] {
            Offer::OnCell => {
                let cell = cellset::nth(From.of(t, self.words), k).expect("k < count");
                Action::on_cell(c, cell)
            }
            Offer::Fixed { .. }
            | Offer::Dealt
            | Offer::Far
            | Offer::Steps { .. }
            | Offer::Jumps => self.nth_offered_other(c, player, t, k),
        }
    }

    /// `nth_offered` for the choices not on one cell, out of line: they
    /// walk moves.
    #[inline(never)]
    fn nth_offered_other(&self, c: u16, player: Player, t: &[u64], k: usize) -> Action {
        match self.offers[c as usize] {
            Offer::OnCell => unreachable!("answered by nth_offered"),
            Offer::Fixed { .. } => Action::pick(c, k),
            Offer::Dealt => {
                let mask = To.of(t, self.words)[0];
                let option = cellset::nth(&[mask], k).expect("k < offered");
                Action::pick(c, option)
            }
            Offer::Far => self.nth_far_move(c, player, t, k),
            Offer::Steps { links: false } if self.moves.word_steps => {
                self.nth_word_step(c, player, From.word(t), To.word(t), k)
            }
            Offer::Steps { .. } if self.moves.distinct => {
                // Whole cells skipped by their count (one AND per word);
                // then the moves of the cell holding the k-th, in
                // `each_move`'s order.
                let w = self.words;
                let (from, to) = (From.of(t, w), To.of(t, w));
                let (_, near) = self.move_dirs(c, player);
                let mut k = k;
                for cell in cellset::cells(from) {
                    let n = cellset::count_and(&near[cell * w..(cell + 1) * w], to);
                    if k < n {
                        // The same visitor as below, written twice: a shared
                        // helper measured 2% more instructions on draughts.
                        let (mut i, mut found) = (0, None);
                        self.moves_of_cell(c, player, false, t, cell, &mut |from, d, to| {
                            if i == k {
                                found = Some(Action::moving(c, from, false, d, to));
                                return false;
                            }
                            i += 1;
                            true
                        });
                        return found.expect("k < the cell's count");
                    }
                    k -= n;
                }
                unreachable!("k < offered")
            }
            Offer::Steps { .. } | Offer::Jumps => {
                let jump = self.offers[c as usize] == Offer::Jumps;
                let (mut i, mut found) = (0, None);
                self.each_move(c, player, jump, t, |from, d, to| {
                    if i == k {
                        found = Some(Action::moving(c, from, jump, d, to));
                        return false;
                    }
                    i += 1;
                    true
                });
                found.expect("k < offered")
            }
        }
    }

    /// Appends the legal actions of the position to `out` (cleared first).
    pub fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        if st.result.is_some() {
            return;
        }
        if let Some(Step::Choose { choices, .. }) = self.current_step(st) {
            for (i, (choice, _, _)) in choices.iter().enumerate() {
                let start = out.len();
                self.list_offered(st, i, *choice, out);
                if self.choice_facts.keeps {
                    self.retain_kept(st, *choice, out, start);
                }
            }
        }
        if st.pie_offered {
            out.push(Action::pie());
        }
    }

    /// Appends the actions entry `i` of the current step (choice `c`)
    /// offers, read from its cached targets.
    #[inline]
    fn list_offered(&self, st: &State, i: usize, c: u16, out: &mut Vec<Action>) {
        let t = self.slot(st, i);
        match self.offers[c as usize] {
            Offer::OnCell => {
                out.extend(
                    cellset::cells(From.of(t, self.words)).map(|cell| Action::on_cell(c, cell)),
                );
            }
            offer @ (Offer::Steps { .. } | Offer::Jumps) => {
                let jump = offer == Offer::Jumps;
                self.each_move(c, st.mover, jump, t, |from, d, to| {
                    out.push(Action::moving(c, from, jump, d, to));
                    true
                });
            }
            Offer::Far => {
                self.each_far_move(c, st.mover, t, |a| {
                    out.push(a);
                    true
                });
            }
            Offer::Fixed { .. } | Offer::Dealt => out.extend(
                (0..self.offered(c, st.mover, t)).map(|k| self.nth_offered(c, st.mover, t, k)),
            ),
        }
    }

    /// Whether `a` is legal in `st`.
    pub fn is_legal(&self, st: &State, a: Action) -> bool {
        if st.result.is_some() {
            return false;
        }
        if a.is_pie() {
            return st.pie_offered && a.kind == ActionKind::Pie;
        }
        let w = self.words;
        let Some(Step::Choose { choices, .. }) = self.current_step(st) else {
            return false;
        };
        choices.iter().enumerate().any(|(i, (c, _, _))| {
            *c == a.choice && {
                let t = self.slot(st, i);
                let offered = match self.offers[*c as usize] {
                    Offer::OnCell => a.cell().is_some_and(|cell| {
                        cell.index() < self.rules.board.len()
                            && cellset::contains(From.of(t, w), cell.index())
                    }),
                    Offer::Fixed { options } => {
                        a.pick_index().is_some_and(|k| k < options)
                            && !cellset::is_empty(From.of(t, w))
                    }
                    Offer::Dealt => a
                        .pick_index()
                        .is_some_and(|k| k < 64 && To.of(t, w)[0] & (1 << k) != 0),
                    offer @ (Offer::Steps { .. } | Offer::Jumps) => {
                        let jump = offer == Offer::Jumps;
                        let mut found = false;
                        self.each_move(*c, st.mover, jump, t, |from, d, to| {
                            found = Action::moving(*c, from, jump, d, to) == a;
                            !found
                        });
                        found
                    }
                    Offer::Far => {
                        let mut found = false;
                        self.each_far_move(*c, st.mover, t, |b| {
                            found = b == a;
                            !found
                        });
                        found
                    }
                };
                offered && (!self.choice_facts.keeps || self.is_kept(st, a))
            }
        })
    }

    /// A uniformly random legal action, or `None` when the game is over.
    #[inline(always)]
    pub fn random_action(&self, st: &State, rng: &mut impl Rng) -> Option<Action> {
        if st.result.is_some() {
            return None;
        }

        let Some(Step::Choose { choices, .. }) = self.current_step(st) else {
            return st.pie_offered.then(Action::pie);
        };
        if self.choice_facts.chance
            && let Some(a) = self.chance_draw(st, rng)
        {
            return Some(a);
        }
        // Counts cached by `offer` when the step was reached.
        let mut total = usize::from(st.pie_offered);
        for i in 0..choices.len() {
            total += st.counts[i] as usize;
        }
        if total == 0 {
            return None;
        }
        // With `keep if`, an action drawn is tried and drawn again if its
        // result is refused: uniform over the kept actions (`offer` made
        // sure there is one). One call site of the draw, so that it inlines.
        let mut k = loop {
            let k = rng.random_range(0..total);
            if !self.choice_facts.keeps {
                break k;
            }
            if let Some(a) = self.kept_pick(st, choices, k) {
                return Some(a);
            }
            // A `keep turns with` search that gave up refuses every action:
            // no draw would end.
            if self.rules.prefer.is_some() && st.turn_too_long().is_some() {
                return None;
            }
        };
        for (i, (c, _, _)) in choices.iter().enumerate() {
            let t = self.slot(st, i);
            let n = st.counts[i] as usize;
            if k < n {
                return Some(self.nth_offered(*c, st.mover, t, k));
            }
            k -= n;
        }
        Some(Action::pie())
    }

    /// Runs automatic steps until a player has a decision to make or the game ends.
    pub(in crate::engine) fn settle(&self, st: &mut State) {
        loop {
            if st.result.is_some() {
                return;
            }
            let turn = &self.rules.turns[st.turn_def as usize];
            let Some(step) = turn.steps.get(st.step as usize) else {
                if st.acted == 0 {
                    // A whole turn without a possible action: the game cannot
                    // go on.
                    self.end_stuck(st);
                    return;
                }
                if st.no_preference || st.stop_at_turn_end {
                    // `keep turns with` reads the turn where it ends, and
                    // perft's last level only counts it.
                    st.turn_over = true;
                    return;
                }
                self.next_turn(st);
                continue;
            };
            match step {
                Step::Effect(e) => {
                    self.effect(st, e);
                    st.step += 1;
                    st.done = 0;
                }
                Step::End(cond, outcome) => {
                    let me = st.mover;
                    if self.with_ctx(st, me, |cx, scratch| cx.cond(cond, scratch)) {
                        st.result = Some(self.decide(st, outcome));
                        return;
                    }
                    st.step += 1;
                    st.done = 0;
                }
                Step::Choose {
                    repeat, choices, ..
                } => {
                    let more = match repeat {
                        Repeat::Times(n) => st.done < *n,
                        Repeat::While(c) | Repeat::WhilePossible(c) => {
                            let me = st.mover;
                            self.with_ctx(st, me, |cx, scratch| cx.cond(c, scratch))
                        }
                    };
                    if !more {
                        st.step += 1;
                        st.done = 0;
                        continue;
                    }
                    // A position is what the player faces at the turn's
                    // first decision, its opening effects done.
                    if self.track_history && st.acted == 0 {
                        self.remember_position(st);
                    }
                    if self.offer(st, choices, EntriesOf::CurrentStep) {
                        st.pie_offered = st.acted == 0 && self.is_swap_turn(st.turn);
                        return;
                    }
                    match repeat {
                        // A `while` step whose condition holds must be
                        // taken: with nothing to offer, the turn cannot be
                        // completed and the player is stuck, as when a whole
                        // turn offers nothing. Actions already taken stand.
                        Repeat::While(_) => {
                            self.end_stuck(st);
                            return;
                        }
                        // `while ... and possible`: nothing possible ends it.
                        Repeat::WhilePossible(_) | Repeat::Times(_) => {}
                    }
                    st.step += 1;
                    st.done = 0;
                }
            }
        }
    }

    /// Whether the pie rule is offered on turn `turn`. A loop: `contains`
    /// is a call, measured 2% of Hex's time for a list of one.
    #[allow(clippy::manual_contains)]
    #[inline]
    fn is_swap_turn(&self, turn: u32) -> bool {
        self.rules.swap_turns.iter().any(|&t| t == turn)
    }

    /// Ends the game because the player to move cannot act: the outcome of
    /// `end if stuck: ...` seen from that player, else a draw.
    pub(in crate::engine) fn end_stuck(&self, st: &mut State) {
        let me = st.mover;
        let rule = self.rules.stuck.iter().find(|(cond, _)| match cond {
            BoolExpr::Const(holds) => *holds,
            cond => self.with_ctx(st, me, |cx, scratch| cx.cond(cond, scratch)),
        });
        st.result = Some(match rule {
            Some((_, outcome)) => self.decide(st, outcome),
            None => GameResult::Draw,
        });
        st.ended_stuck = true;
    }

    pub(in crate::engine) fn next_turn(&self, st: &mut State) {
        // No division: the mover only ever steps by one. After `again`,
        // and after turn 0 (the setup before the first player's turn 1),
        // the mover stays.
        st.mover = if std::mem::take(&mut st.again) || st.turn == 0 {
            st.mover
        } else if st.mover.index() + 1 == self.players {
            Player::new(0)
        } else {
            Player::new(st.mover.index() + 1)
        };
        st.turn += 1;
        st.step = 0;
        st.done = 0;
        st.acted = 0;
        st.turn_def = self.select_turn(st);
    }

    #[inline]
    pub(in crate::engine) fn select_turn(&self, st: &mut State) -> u16 {
        // Most games: one kind of turn, always, or after the first few
        // numbered turns (answered without a call).
        if let Some((after, rule)) = self.late_turn
            && st.turn > after
        {
            return rule;
        }
        self.select_turn_among(st)
    }

    #[inline(never)]
    fn select_turn_among(&self, st: &mut State) -> u16 {
        for (i, t) in self.rules.turns.iter().enumerate() {
            let applies = match &t.when {
                TurnWhen::Always => true,
                TurnWhen::Number(n) => st.turn == *n,
                TurnWhen::If(c) => {
                    let me = st.mover;
                    self.with_ctx(st, me, |cx, scratch| cx.cond(c, scratch))
                }
            };
            if applies {
                return i as u16;
            }
        }
        (self.rules.turns.len() - 1) as u16
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Action;
    use crate::engine::same_games::{game, same_games};

    /// The counts `offer` caches (by whole-set shifts, neighbour masks or
    /// visits) are the numbers of actions listed, choice by choice, along
    /// random games of every shipped game with moves; and the actions
    /// drawn by number are the actions listed, in order.
    #[test]
    fn cached_counts_and_actions_drawn_are_the_actions_listed() {
        let mut checked = 0;
        for name in [
            "breakthrough",
            "knightthrough",
            "draughts",
            "amazons",
            "nine-mens-morris",
            "lines-of-action",
            "equi",
            "gardner-chess",
            "los-alamos-chess",
            "fox-and-hounds",
        ] {
            let src = std::fs::read_to_string(format!("games/{name}.gdl")).expect("reads");
            let g = game(&src, &[]);
            let mut listed: Vec<Action> = Vec::new();
            same_games(&g, &g, 5, 200, |s, _| {
                g.legal_actions(s, &mut listed);
                let Some(super::Step::Choose { choices, .. }) = g.current_step(s) else {
                    return;
                };
                if s.is_over() {
                    return;
                }
                for (i, (c, _, _)) in choices.iter().enumerate() {
                    let of_choice: Vec<Action> = listed
                        .iter()
                        .filter(|a| a.choice == *c && !a.is_pie())
                        .copied()
                        .collect();
                    assert_eq!(s.counts[i] as usize, of_choice.len(), "{name}: choice {c}");
                    // Drawn by number (`random_action`), in the listing's order.
                    let t = g.slot(s, i);
                    let drawn: Vec<Action> = (0..of_choice.len())
                        .map(|k| g.nth_offered(*c, s.mover, t, k))
                        .collect();
                    assert_eq!(drawn, of_choice, "{name}: choice {c}");
                    checked += of_choice.len();
                }
            });
        }
        assert!(checked > 10_000, "{checked} actions checked");
    }
}
