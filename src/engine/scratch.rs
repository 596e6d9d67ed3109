//! Scratch space: the evaluation context over a state, with the bitsets
//! borrowed from the state for the time of one evaluation.

use super::eval::Ctx;
use super::{Game, State};
use crate::rules::*;

/// Scratch sets for evaluation (an operator takes at most 4 per level of
/// nesting, which the checker caps): the limit's constant, re-exported.
pub use crate::limits::SCRATCH_SETS;

impl Game {
    pub(super) fn ctx<'a>(&'a self, st: &'a mut State, me: PlayerId) -> Ctx<'a> {
        Ctx {
            g: self,
            cells: &st.cells,
            sets: &st.sets,
            groups: &mut st.groups,
            stack: &mut st.stack,
            me,
            here: st.here,
            turn: st.turn,
            dirs: [0; crate::limits::MAX_BINDINGS],
            vars: &st.vars,
            reserve: &st.reserve,
            passes: st.passes,
            origin: st.origin,
            jumped: st.jumped,
            set_vars: &st.set_vars,
            line_seen: &mut st.line_seen,
            regs: &mut st.regs,
            memo: &mut [],
            memo_valid: 0,
            memo_on: false,
        }
    }

    /// Runs `f` with an evaluation context and the state's scratch space.
    pub(super) fn with_ctx<T>(
        &self,
        st: &mut State,
        me: PlayerId,
        f: impl FnOnce(&mut Ctx, &mut [u64]) -> T,
    ) -> T {
        let mut scratch = std::mem::take(&mut st.scratch);
        let r = {
            let mut cx = self.ctx(st, me);
            f(&mut cx, &mut scratch)
        };
        st.scratch = scratch;
        r
    }

    /// The value of a number expression seen from `player`, for reports.
    pub fn evaluate(&self, st: &mut State, e: &NumExpr, player: PlayerId) -> f64 {
        self.with_ctx(st, player, |cx, scratch| cx.int(e, scratch))
    }
}
