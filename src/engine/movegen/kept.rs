//! Legality judged on the result (`keep if`): after a step's actions are
//! offered, each action of a choice with conditions is tried on a spare
//! copy of the position (the action, its marking and its `then` effects)
//! and kept only if every condition holds there, seen from the player who
//! acted. The kept actions of such a choice are listed in the state
//! ([`Keeping`]); the other choices are read from their cached targets as
//! usual. A priority group whose actions are all refused does not open:
//! the next group is offered instead.
//!
//! Games without `keep if` never come here (`Game::keeps`), so their
//! offers, their random games and their speed are unchanged.

use crate::engine::position::state::{Keeping, NOT_LISTED, position_key};
use crate::engine::{Action, Game, State};
use crate::rules::Entry;

impl Game {
    /// `offer` in a game with `keep if`: the groups offered as usual, the
    /// actions of choices with conditions judged; a group left without a
    /// kept action closes and the next is offered. True if any action is
    /// kept.
    pub(in crate::engine) fn offer_kept(&self, st: &mut State, choices: &[Entry]) -> bool {
        let mut closed = None;
        loop {
            if !self.offer_groups(st, choices, closed) {
                self.clear_kept(st);
                return false;
            }
            // Only the open group offers anything now.
            let open = choices
                .iter()
                .zip(&st.counts)
                .filter(|(_, n)| **n > 0)
                .map(|((_, _, g), _)| *g)
                .min();
            if self.judge(st, choices) {
                return true;
            }
            closed = open;
        }
    }

    /// Judges the actions of the choices with conditions; true if any
    /// action of the step is left.
    fn judge(&self, st: &mut State, choices: &[Entry]) -> bool {
        let mut keeping = st.keeping.take().expect("a game with `keep if` keeps");
        keeping.actions.clear();
        let mut any = false;
        for (i, (c, _, _)) in choices.iter().enumerate() {
            let choice = &self.rules.choices[*c as usize];
            if choice.keep.is_empty() || st.counts[i] == 0 {
                keeping.at[i] = NOT_LISTED;
                any |= st.counts[i] > 0;
                continue;
            }
            let Keeping {
                at,
                actions,
                listing,
                trial,
            } = &mut *keeping;
            listing.clear();
            self.list_offered(st, i, *c, listing);
            at[i] = actions.len() as u32;
            let trial = trial.get_or_insert_with(|| st.clone());
            for &a in listing.iter() {
                if self.kept(st, a, trial) {
                    actions.push(a);
                }
            }
            let n = actions.len() as u32 - at[i];
            st.counts[i] = n;
            any |= n > 0;
        }
        st.keeping = Some(keeping);
        any
    }

    /// Whether `a`, tried on a copy of `st`, satisfies its choice's `keep
    /// if` conditions.
    fn kept(&self, st: &State, a: Action, trial: &mut State) -> bool {
        trial.copy_position_from(st);
        trial.ply += 1;
        trial.acted += 1;
        self.act(trial, a);
        trial.done += 1;
        let keep = &self.rules.choices[a.choice as usize].keep;
        let (mut cx, spare) = self.ctx_split(trial, st.mover);
        cx.history = &st.history;
        keep.iter().all(|k| cx.cond(k, spare.scratch))
    }

    /// The first `keep if` condition of `a`'s choice that does not hold on
    /// the position `a` leads to (for explanations; `a` must be offered,
    /// kept or not).
    pub(crate) fn failing_keep(&self, st: &State, a: Action) -> Option<usize> {
        let keep = &self.rules.choices.get(a.choice as usize)?.keep;
        if keep.is_empty() {
            return None;
        }
        let mut trial = st.clone();
        trial.ply += 1;
        trial.acted += 1;
        self.act(&mut trial, a);
        trial.done += 1;
        let me = st.mover;
        self.with_ctx(&mut trial, me, |cx, scratch| {
            keep.iter().position(|k| !cx.cond(k, scratch))
        })
    }

    /// Adds the position at the start of a turn to the history.
    pub(in crate::engine) fn remember_position(&self, st: &mut State) {
        let key = position_key(st.board_hash, &st.reserve);
        st.history.push((key, st.mover));
    }

    /// Marks every entry as read from its targets (nothing listed).
    fn clear_kept(&self, st: &mut State) {
        if let Some(k) = st.keeping.as_mut() {
            k.at.fill(NOT_LISTED);
            k.actions.clear();
        }
    }

    /// The `k`-th action of the step in a game with `keep if` (`k` below
    /// the kept total and the pie rule's swap): `random_action`'s pick, out
    /// of line so that other games' sampling stays as it was.
    #[inline(never)]
    pub(in crate::engine) fn kept_pick(
        &self,
        st: &State,
        choices: &[Entry],
        mut k: usize,
    ) -> Action {
        for (i, (c, _, _)) in choices.iter().enumerate() {
            let n = st.counts[i] as usize;
            if k < n {
                return match self.kept_list(st, i) {
                    Some(kept) => kept[k],
                    None => self.nth_offered(*c, st.mover, self.slot(st, i), k),
                };
            }
            k -= n;
        }
        Action::pie()
    }

    /// The kept actions of entry `i` of the current step, if its actions
    /// were judged.
    #[inline]
    pub(in crate::engine) fn kept_list<'a>(&self, st: &'a State, i: usize) -> Option<&'a [Action]> {
        let k = st.keeping.as_ref()?;
        let at = *k.at.get(i)?;
        if at == NOT_LISTED {
            return None;
        }
        let at = at as usize;
        Some(&k.actions[at..at + st.counts[i] as usize])
    }
}
