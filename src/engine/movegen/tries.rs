//! Blind tries (`try REAL among NAMED [else EFFECT]`): at such a step the
//! player names one of NAMED's actions, worked out from its own pieces
//! alone. The legal action of REAL with the same cells is played in its
//! place, as if the step had offered it. When REAL has none, nothing is
//! played: the named action is remembered as tried (it is not offered
//! again until an action is played), the `else` effect runs, and the
//! player names another at the same decision. With every named action
//! tried and failed, the player is stuck (`end if stuck`).
//!
//! Only games with a `try` item come here (`Game::has_tries`), so the
//! others pay one test of a flag a ply.

use super::offer::EntriesOf;
use crate::engine::{Action, ActionKind, Game, State};
use crate::rules::{Step, TryRule};

impl Game {
    /// The `try` rule of the step the state stands at, if any.
    fn try_rule(&self, st: &State) -> Option<&TryRule> {
        (self.rules.tries.iter()).find(|t| t.turn == st.turn_def && t.step == st.step)
    }

    /// In a game with `try`, the action played for `a`: the real one at a
    /// `try` step, `a` elsewhere; `None` when the try failed (and was
    /// dealt with). Playing an action forgets the failed tries. Out of
    /// line, so that the other games' `play_unchecked` stays as small as
    /// before.
    #[cold]
    #[inline(never)]
    pub(crate) fn named_to_real(&self, st: &mut State, a: Action) -> Option<Action> {
        let real = match self.try_rule(st) {
            None => a,
            Some(t) => match self.real_of(st, t, a) {
                Some(real) => real,
                None => {
                    self.failed_try(st, t, a);
                    return None;
                }
            },
        };
        st.tried.clear();
        Some(real)
    }

    /// The actions named and failed at the current decision.
    pub fn tried<'a>(&self, st: &'a State) -> &'a [Action] {
        &st.tried
    }

    /// The real action that `named` stands for at `try` step `t`: the
    /// legal action of the real ones with the same cells, if any.
    fn real_of(&self, st: &State, t: &TryRule, named: Action) -> Option<Action> {
        let mut probe = st.clone();
        probe.tried.clear();
        if !self.offer(&mut probe, &t.real, EntriesOf::Made) {
            return None;
        }
        let mut out = Vec::new();
        for (i, (c, _, _)) in t.real.iter().enumerate() {
            let start = out.len();
            self.list_offered(&probe, i, *c, &mut out);
            if self.choice_facts.keeps {
                self.retain_kept(&probe, *c, &mut out, start);
            }
        }
        out.into_iter().find(|&r| self.same_cells(r, named))
    }

    /// Whether two actions name the same cells: a move's two, an action's
    /// one, or the same option of choices of the same name.
    fn same_cells(&self, a: Action, b: Action) -> bool {
        match (a.kind, b.kind) {
            (
                ActionKind::Moves { from, to } | ActionKind::Jumps { from, to, .. },
                ActionKind::Moves { from: f, to: t } | ActionKind::Jumps { from: f, to: t, .. },
            ) => from == f && to == t,
            (ActionKind::OnCell(x), ActionKind::OnCell(y)) => x == y,
            (ActionKind::Pick(j), ActionKind::Pick(k)) => {
                let name = |c: u16| self.rules.choices.get(c as usize).map(|c| &c.name);
                j == k && name(a.choice) == name(b.choice)
            }
            (
                ActionKind::Moves { .. }
                | ActionKind::Jumps { .. }
                | ActionKind::OnCell(_)
                | ActionKind::Pick(_)
                | ActionKind::Pie,
                _,
            ) => false,
        }
    }

    /// A try that failed: `named` is remembered, the `else` effect runs
    /// (with `origin` and `here` the action's cells), and the decision is
    /// offered again without it; with nothing left, the player is stuck.
    fn failed_try(&self, st: &mut State, t: &TryRule, named: Action) {
        st.tried.push(named);
        match named.kind {
            ActionKind::Moves { from, to } | ActionKind::Jumps { from, to, .. } => {
                st.origin = from.index() as u32;
                st.here = to.index() as u32;
            }
            ActionKind::OnCell(c) => st.here = c.index() as u32,
            ActionKind::Pick(_) | ActionKind::Pie => {}
        }
        if let Some(e) = &t.failing {
            self.effect(st, e);
        }
        let Some(Step::Choose { choices, .. }) = self.current_step(st) else {
            unreachable!("a try is made at a choice step");
        };
        if !self.offer(st, choices, EntriesOf::CurrentStep) {
            self.end_stuck(st);
        }
    }
}
