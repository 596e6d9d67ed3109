//! Scratch space: the evaluation context over a state, with the bitsets
//! borrowed from the state for the time of one evaluation.

use crate::engine::eval::Ctx;
use crate::engine::{Game, State};
use crate::rules::*;

/// Scratch sets for evaluation (an operator takes at most 4 per level of
/// nesting, which the checker caps): the limit's constant, re-exported.
pub use crate::limits::SCRATCH_SETS;

/// The parts of a state that no evaluation reads, lent beside a context
/// so that neither has to be taken out of the state and put back.
pub(in crate::engine) struct Spare<'a> {
    /// Scratch sets for the evaluator, then the memo of shared sets.
    pub(in crate::engine) scratch: &'a mut [u64],
    /// The cached targets of the current step's choices.
    pub(in crate::engine) targets: &'a mut [u64],
    /// The number of actions each choice offers.
    pub(in crate::engine) counts: &'a mut [u32],
    /// The registers of the current step's code.
    pub(in crate::engine) step_regs: &'a mut [u64],
}

impl Game {
    /// An evaluation context over `st` seen from `me`, and the state's
    /// spare parts.
    pub(in crate::engine) fn ctx_split<'a>(
        &'a self,
        st: &'a mut State,
        me: Player,
    ) -> (Ctx<'a>, Spare<'a>) {
        let cx = Ctx {
            g: self,
            cells: &st.cells,
            sets: &st.sets,
            groups: &mut st.groups,
            stack: &mut st.work.stack,
            me,
            here: st.here,
            turn: &st.turn,
            dirs: [0; crate::limits::MAX_BINDINGS],
            vars: &st.vars,
            reserve: &st.reserve,
            passes: &st.passes,
            again: &st.again,
            origin: &st.origin,
            action_cell: &st.here,
            jumped: &st.jumped,
            set_vars: &st.set_vars,
            line_seen: &mut st.line_seen,
            board_hash: st.board_hash,
            history: &st.history,
            regs: &mut st.work.regs,
            memo: &mut [],
            memo_valid: 0,
            memo_on: false,
            next_stuck: None,
        };
        let spare = Spare {
            scratch: &mut st.scratch,
            targets: &mut st.targets,
            counts: &mut st.counts,
            step_regs: &mut st.work.step_regs,
        };
        (cx, spare)
    }

    pub(in crate::engine) fn ctx<'a>(&'a self, st: &'a mut State, me: Player) -> Ctx<'a> {
        self.ctx_split(st, me).0
    }

    /// Runs `f` with an evaluation context and the state's scratch space.
    #[inline]
    pub(in crate::engine) fn with_ctx<T>(
        &self,
        st: &mut State,
        me: Player,
        f: impl FnOnce(&mut Ctx, &mut [u64]) -> T,
    ) -> T {
        let (mut cx, spare) = self.ctx_split(st, me);
        f(&mut cx, spare.scratch)
    }

    /// The value of a number expression seen from `player`, for reports.
    pub fn evaluate(&self, st: &mut State, e: &NumExpr, player: Player) -> f64 {
        self.with_ctx(st, player, |cx, scratch| cx.int(e, scratch))
    }
}
