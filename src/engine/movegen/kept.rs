//! Legality judged on the result (`keep if`): an action of a choice with
//! conditions is tried on a spare copy of the position (the action, its
//! marking and its `then` effects) and kept only if every condition holds
//! there, seen from the player who acted.
//!
//! Judging is lazy, so that a step costs a few trials, not one per action:
//! `offer` caches each choice's actions as usual and tries them in order
//! only until one is kept (a priority group with none gives way to the
//! next, and a player with none anywhere is stuck); a random
//! action is drawn among all offered and drawn again while its result is
//! refused, which is uniform over the kept ones; listing the legal actions
//! and checking one try each.
//!
//! `keep turns with most|least N` keeps, at each decision of a turn, the
//! actions that begin a whole turn reaching the best N (read where the
//! turn ends, before the next begins, seen from its player): the rest of the turn is searched once per
//! decision, on copies of the position that judge no preference, and the
//! best value after each action is kept in the state until it moves on.
//!
//! That search is capped at [`MAX_TURN_SEARCH`] positions a decision: the
//! ways to finish a turn grow exponentially with its actions (twelve
//! placements, a long chain of kicks). Past the cap the state gives up
//! ([`State::turn_too_long`]): it refuses every action from then on, so
//! that whatever plays it stops soon, and the thread notes it for whoever
//! drives the work to report ([`take_turn_too_long`]): the engine's queries
//! have no error channel, and the state that gave up may be a copy of the
//! caller's (a search's scratch position).
//!
//! Games without `keep if` or `keep turns` never come here
//! (`Game::keeps`), so their offers, their random games and their speed
//! are unchanged.

use std::cell::Cell;
use std::fmt;

use super::offer::EntriesOf;
use crate::engine::position::state::position_key;
use crate::engine::{Action, Game, State};
use crate::limits::MAX_TURN_SEARCH;
use crate::rules::{Entry, Player, Preference};

/// `keep turns with` gave up at a decision: the rest of the turn had more
/// than [`MAX_TURN_SEARCH`] positions to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnTooLong {
    /// The turn it gave up in.
    pub turn: u32,
}

impl fmt::Display for TurnTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`keep turns with` gave up in turn {}: the ways to finish the turn from one decision \
             pass {MAX_TURN_SEARCH} positions, too many to judge which turns are best (the game \
             was stopped there; `gdl check` warns of turns that can be this long)",
            self.turn
        )
    }
}

thread_local! {
    /// The first time a `keep turns with` search on this thread gave up,
    /// since [`take_turn_too_long`] last asked.
    static GAVE_UP: Cell<Option<TurnTooLong>> = const { Cell::new(None) };
}

/// Whether a `keep turns with` search on this thread gave up since the
/// last call (and clears it). Whoever drives engine work asks it after
/// the work: a command, a request, a pool's worker (which passes it on
/// to the thread that waits for it).
pub fn take_turn_too_long() -> Option<TurnTooLong> {
    GAVE_UP.with(Cell::take)
}

/// Notes on this thread that a search gave up (the first time counts).
pub fn note_turn_too_long(cut: TurnTooLong) {
    GAVE_UP.with(|g| {
        if g.get().is_none() {
            g.set(Some(cut));
        }
    });
}

/// Why `keep turns with` refuses an action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Refusal {
    /// Turns starting with it reach at best the first number; the
    /// decision's best reach the second.
    Worse(f64, f64),
    /// The search gave up ([`TurnTooLong`]): every action is refused.
    TooLong(TurnTooLong),
}

/// Whether judging an action may play the game on to answer `stuck`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ahead {
    PlayOn,
    Not,
}

impl Game {
    /// `offer` in a game with `keep if`: the groups offered as usual; a
    /// group without a kept action closes, the next being offered. True if
    /// any action is kept.
    pub(in crate::engine) fn offer_kept(
        &self,
        st: &mut State,
        choices: &[Entry],
        whose: EntriesOf,
    ) -> bool {
        let mut closed = None;
        loop {
            if !self.offer_groups(st, choices, whose, closed) {
                return false;
            }
            // Only the open group offers anything now.
            let open = choices
                .iter()
                .zip(&st.counts)
                .filter(|(_, n)| **n > 0)
                .map(|((_, _, g), _)| *g)
                .min();
            if self.any_kept(st, choices) {
                return true;
            }
            closed = open;
        }
    }

    /// Whether the step offers a kept action: the first found ends the
    /// search (a choice whose actions are all refused keeps its count: the
    /// random draw refuses them one by one). Actions whose conditions
    /// answer without playing on (`stuck` not asked) are judged first, so
    /// that one kept at once spares playing on from the others (shogi: any
    /// move before a pawn drop that checks).
    fn any_kept(&self, st: &State, choices: &[Entry]) -> bool {
        let mut unanswered = false;
        let found = choices.iter().enumerate().any(|(i, (c, _, _))| {
            let n = st.counts[i] as usize;
            if n == 0 || !self.choice_facts.judged[*c as usize] {
                return n > 0;
            }
            let t = self.slot(st, i);
            (0..n).any(|k| {
                let a = self.nth_offered(*c, st.mover, t, k);
                match self.kept_at_once(st, a) {
                    Some(kept) => kept && self.is_preferred(st, a),
                    None => {
                        unanswered = true;
                        false
                    }
                }
            })
        });
        if found || !unanswered {
            return found;
        }
        choices.iter().enumerate().any(|(i, (c, _, _))| {
            let n = st.counts[i] as usize;
            if n == 0 || !self.choice_facts.stuck_keeps[*c as usize] {
                return false;
            }
            let t = self.slot(st, i);
            (0..n).any(|k| self.is_kept(st, self.nth_offered(*c, st.mover, t, k)))
        })
    }

    /// The `k`-th action offered by the step (`k` below the total of the
    /// counts and the pie rule's swap), if its result is kept.
    #[inline(never)]
    pub(in crate::engine) fn kept_pick(
        &self,
        st: &State,
        choices: &[Entry],
        mut k: usize,
    ) -> Option<Action> {
        for (i, (c, _, _)) in choices.iter().enumerate() {
            let n = st.counts[i] as usize;
            if k < n {
                let a = self.nth_offered(*c, st.mover, self.slot(st, i), k);
                return self.is_kept(st, a).then_some(a);
            }
            k -= n;
        }
        Some(Action::pie())
    }

    /// Drops from `out[start..]` (actions of choice `c`) those whose
    /// result is refused.
    #[inline(never)]
    pub(in crate::engine) fn retain_kept(
        &self,
        st: &State,
        c: u16,
        out: &mut Vec<Action>,
        start: usize,
    ) {
        if !self.choice_facts.judged[c as usize] && self.rules.prefer.is_none() {
            return;
        }
        if out.len() > start + 1 {
            self.judging_all(st);
        }
        let mut j = start;
        for i in start..out.len() {
            if self.is_kept(st, out[i]) {
                out[j] = out[i];
                j += 1;
            }
        }
        out.truncate(j);
    }

    /// Whether `a`'s result satisfies its choice's `keep if` conditions
    /// (true for a choice without).
    #[inline]
    pub(in crate::engine) fn is_kept(&self, st: &State, a: Action) -> bool {
        self.failing_keep(st, a).is_none() && self.is_preferred(st, a)
    }

    /// Whether `a` begins a whole turn with the best number of `keep turns
    /// with` (true without one, and in the search's own positions).
    pub(crate) fn is_preferred(&self, st: &State, a: Action) -> bool {
        self.preference_gap(st, a).is_none()
    }

    /// Why `keep turns with` refuses `a`, if it does. Chance is not a
    /// player: every outcome of a roll or a deal stays offered.
    pub(crate) fn preference_gap(&self, st: &State, a: Action) -> Option<Refusal> {
        let prefer = self.rules.prefer.as_ref()?;
        if st.no_preference || a.is_pie() || self.is_chance(st) {
            return None;
        }
        let key = crate::engine::mix(
            st.board_hash
                ^ u64::from(st.ply) << 40
                ^ u64::from(st.step) << 20
                ^ st.mover.index() as u64,
        );
        let mut cache = st.preferred.0.borrow_mut();
        let cache = &mut *cache;
        if let Some(cut) = cache.too_long {
            return Some(Refusal::TooLong(cut));
        }
        if cache.key != Some(key) {
            // Depth 0 is the decision itself, seen as the search sees it.
            if cache.states.is_empty() {
                cache.states.push(st.clone());
                cache.actions.push(Vec::new());
            }
            cache.states[0].copy_position_from(st);
            cache.states[0].history.copy_from(&st.history);
            cache.states[0].no_preference = true;
            let mut listed = std::mem::take(&mut cache.actions[0]);
            self.legal_actions(&cache.states[0], &mut listed);
            cache.values.clear();
            let mut left = MAX_TURN_SEARCH;
            let bound = prefer.bound.as_ref().map(|b| {
                let (mut cx, spare) = self.ctx_split(&mut cache.states[0], st.mover);
                cx.int(b, spare.scratch)
            });
            for &b in &listed {
                // A lone action is the best there is: no search.
                let v = if listed.len() == 1 {
                    0.0
                } else {
                    self.turn_value(
                        &mut cache.states,
                        &mut cache.actions,
                        0,
                        b,
                        (prefer, bound),
                        &mut left,
                    )
                };
                cache.values.push((b, v));
            }
            cache.actions[0] = listed;
            cache.key = Some(key);
            if left == 0 {
                let cut = TurnTooLong { turn: st.turn };
                cache.too_long = Some(cut);
                note_turn_too_long(cut);
                return Some(Refusal::TooLong(cut));
            }
        }
        let values = &cache.values;
        let best = values
            .iter()
            .map(|&(_, v)| v)
            .reduce(|x, y| if prefer.most { x.max(y) } else { x.min(y) })?;
        let &(_, v) = values.iter().find(|(b, _)| *b == a)?;
        (v != best).then_some(Refusal::Worse(v, best))
    }

    /// The best number a whole turn reaches when `a` is played in `st` (a
    /// position of the search): read once the turn is over, when it
    /// cannot go on, or when chance decides next (the player does not
    /// choose the dice, so what follows them is not the player's turn to
    /// plan).
    /// `states[depth]` is the position `a` is played in; the deeper ones
    /// and `lists` are the search's room, grown as needed and reused.
    /// Each position played costs one of `left`; at 0 the search stops
    /// (its values are then void). With a bound (`up to M`), a value past
    /// M counts as M, and a way of finishing that reaches M ends the
    /// search of the others: none does better.
    fn turn_value(
        &self,
        states: &mut Vec<State>,
        lists: &mut Vec<Vec<Action>>,
        depth: usize,
        a: Action,
        (prefer, bound): (&Preference, Option<f64>),
        left: &mut u64,
    ) -> f64 {
        if *left == 0 {
            return 0.0;
        }
        *left -= 1;
        if states.len() <= depth + 1 {
            states.push(states[depth].clone());
            lists.push(Vec::new());
        }
        let (lower, upper) = states.split_at_mut(depth + 1);
        let (st, next) = (&lower[depth], &mut upper[0]);
        next.copy_position_from(st);
        next.history.copy_from(&st.history);
        next.no_preference = true;
        next.turn_over = false;
        self.play_unchecked(next, a);
        let mut actions = std::mem::take(&mut lists[depth + 1]);
        actions.clear();
        if !next.turn_over && next.result.is_none() && !self.is_chance(next) {
            self.legal_actions(next, &mut actions);
        }
        let value = if actions.is_empty() {
            let me = st.mover;
            let (mut cx, spare) = self.ctx_split(next, me);
            let v = cx.int(&prefer.value, spare.scratch);
            match (bound, prefer.most) {
                (None, _) => v,
                (Some(m), true) => v.min(m),
                (Some(m), false) => v.max(m),
            }
        } else {
            let mut best: Option<f64> = None;
            for &b in &actions {
                if *left == 0 || best.is_some() && best == bound {
                    break;
                }
                let v = self.turn_value(states, lists, depth + 1, b, (prefer, bound), left);
                best = Some(best.map_or(v, |x| if prefer.most { x.max(v) } else { x.min(v) }));
            }
            best.unwrap_or(0.0)
        };
        lists[depth + 1] = actions;
        value
    }

    /// The first `keep if` condition of `a`'s choice that does not hold on
    /// the position `a` leads to (`a` must be offered, kept or not; `None`
    /// for a choice without conditions). The action is tried on the
    /// state's spare position: the action, its marking and its `then`
    /// effects, seen from the mover, with the history of `st`.
    pub(crate) fn failing_keep(&self, st: &State, a: Action) -> Option<usize> {
        self.judge(st, a, Ahead::PlayOn).unwrap_or(None)
    }

    /// Whether `a`'s result is kept, when its conditions answer without
    /// playing on; `None` when they ask `stuck`.
    fn kept_at_once(&self, st: &State, a: Action) -> Option<bool> {
        self.judge(st, a, Ahead::Not)
            .map(|failing| failing.is_none())
    }

    /// The first failing `keep if` of `a` (as [`Game::failing_keep`]);
    /// `None` when the conditions ask `stuck` and `ahead` forbids playing
    /// on to answer.
    fn judge(&self, st: &State, a: Action, ahead: Ahead) -> Option<Option<usize>> {
        let keep = &self.rules.choices.get(a.choice as usize)?.keep;
        // A failed try is refused as a `keep if` that no choice has.
        if !st.tried.is_empty() && st.tried.contains(&a) {
            return Some(Some(keep.len()));
        }
        if keep.is_empty() {
            return Some(None);
        }
        if let Some(answer) = self.judged_by_reads(st, a) {
            return Some(answer);
        }
        if let Some(answer) = self.judged_quietly(st, a) {
            return Some(answer);
        }
        let mut slot = st.work.trial.borrow_mut();
        let trial = slot.get_or_insert_with(|| Box::new(st.clone()));
        trial.copy_position_from(st);
        trial.ply += 1;
        trial.acted += 1;
        self.act(trial, a);
        trial.done += 1;
        let play_on = self.choice_facts.stuck_keeps[a.choice as usize] && ahead == Ahead::PlayOn;
        if play_on {
            // `stuck` plays on from this result, on a copy of its own.
            let mut ahead = st.work.lookahead.borrow_mut();
            let ahead = ahead.get_or_insert_with(|| Box::new(st.clone()));
            ahead.copy_position_from(trial);
            ahead.history.copy_from(&st.history);
        }
        // Played on once, however often the conditions ask.
        let answer = std::cell::Cell::new(None);
        let asked = std::cell::Cell::new(false);
        let next_stuck = || {
            asked.set(true);
            if !play_on {
                return false;
            }
            if let Some(known) = answer.get() {
                return known;
            }
            let mut ahead = st.work.lookahead.borrow_mut();
            let ahead = ahead.as_mut().expect("copied above");
            ahead.ended_stuck = false;
            ahead.pie_offered = false;
            self.after_action(ahead);
            answer.set(Some(ahead.ended_stuck));
            ahead.ended_stuck
        };
        let (mut cx, spare) = self.ctx_split(trial, st.mover);
        cx.history = &st.history;
        if self.choice_facts.stuck_keeps[a.choice as usize] {
            cx.next_stuck = Some(&next_stuck);
        }
        let failing = keep.iter().position(|k| !cx.cond(k, spare.scratch));
        (play_on || !asked.get()).then_some(failing)
    }

    /// For explanations: the position `a` leads to as its `keep if`
    /// conditions see it (the history of `st`, the player who acted to
    /// move) and, when they ask `stuck`, the player who decides next, the
    /// game played on, and whether that player has no action.
    pub(crate) fn keep_trial(&self, st: &State, a: Action) -> (State, Option<(Player, bool)>) {
        let mut trial = st.clone();
        trial.ply += 1;
        trial.acted += 1;
        self.act(&mut trial, a);
        trial.done += 1;
        let next = self.choice_facts.stuck_keeps[a.choice as usize].then(|| {
            let mut ahead = trial.clone();
            ahead.ended_stuck = false;
            ahead.pie_offered = false;
            self.after_action(&mut ahead);
            (ahead.mover, ahead.ended_stuck)
        });
        trial.mover = st.mover;
        (trial, next)
    }

    /// Adds the position at the first decision of a turn to the history
    /// (once: a turn's later steps and a step offered again leave it).
    pub(in crate::engine) fn remember_position(&self, st: &mut State) {
        let key = position_key(st.board_hash, &st.reserve);
        st.history.remember(st.turn, key, st.mover);
    }
}
