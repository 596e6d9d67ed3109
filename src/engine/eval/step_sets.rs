//! A step's sets in one program: on a board of one word, the sets every
//! choice of a step caches when the step is reached (FROM, OVER, TO, a
//! target) are lowered together, once per view, into straight-line code
//! over `u64` registers ([`crate::engine::eval::registers`]); a part that
//! several choices share (`own`, `own and pawn`, `not own`) is computed
//! once, and no set is looked up or matched on its shape while offering.
//!
//! A step any of whose sets does not lower is offered by the tree
//! evaluator, as on larger boards. A plan is found by the step's turn rule
//! and index, and used only for that step's own list of entries (compared
//! by address: the rules never change), not for a list made from it.

use crate::engine::Game;
use crate::engine::eval::Ctx;
use crate::engine::eval::program::lower_all;
use crate::engine::eval::registers::{Instr, Reg, one_word};
use crate::rules::*;

/// Most registers a step's code may write (one per instruction).
pub(in crate::engine) const STEP_REGS: usize = 64;

/// A slot set the plan does not compute (left empty).
pub(in crate::engine) const NO_REG: Reg = Reg::MAX;

/// One step's sets for one view.
#[derive(Clone, Debug)]
pub(in crate::engine) struct StepCode {
    /// Register `i` is written by instruction `i`.
    code: Vec<Instr>,
    /// Per entry of the step: the register of each set of its slot, in the
    /// slot's order (see [`slot_exprs`]), or [`NO_REG`].
    pub(in crate::engine) outs: Vec<[Reg; 4]>,
}

/// A step's code for each view, and the address of the step's entries.
#[derive(Clone, Debug)]
struct StepPlan {
    entries: usize,
    views: Vec<StepCode>,
}

/// The plans of a game's steps: per turn rule, per step.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct StepSets {
    plans: Vec<Vec<Option<StepPlan>>>,
}

impl StepSets {
    /// The plans of every step whose sets all lower, on a board of one word.
    pub(in crate::engine) fn of(g: &Game) -> StepSets {
        if g.words != 1 {
            return StepSets::default();
        }
        let plans = g
            .rules
            .turns
            .iter()
            .map(|turn| {
                turn.steps
                    .iter()
                    .map(|step| {
                        let Step::Choose { choices, .. } = step else {
                            return None;
                        };
                        let views: Option<Vec<StepCode>> = (0..g.players)
                            .map(|me| step_code(g, Player::new(me), choices))
                            .collect();
                        Some(StepPlan {
                            entries: choices.as_ptr() as usize,
                            views: views?,
                        })
                    })
                    .collect()
            })
            .collect();
        StepSets { plans }
    }

    /// The registers the state keeps for the plans: none without one.
    pub(in crate::engine) fn regs(&self) -> usize {
        let any = self.plans.iter().flatten().any(Option::is_some);
        if any { STEP_REGS } else { 0 }
    }

    /// The plan of step `step` of turn rule `turn` for view `me`, if there
    /// is one and `entries` are that step's own.
    #[inline(always)]
    pub(in crate::engine) fn find(
        &self,
        turn: u16,
        step: u16,
        entries: &[Entry],
        me: Player,
    ) -> Option<&StepCode> {
        let plan = self
            .plans
            .get(turn as usize)?
            .get(step as usize)?
            .as_ref()?;
        (plan.entries == entries.as_ptr() as usize).then(|| &plan.views[me.index()])
    }
}

impl StepCode {
    /// Runs the code into `regs`.
    #[inline]
    pub(in crate::engine) fn run(&self, cx: &mut Ctx, regs: &mut [u64], tmp: &mut [u64]) {
        let regs = &mut regs[..self.code.len()];
        for (i, ins) in self.code.iter().enumerate() {
            regs[i] = one_word(&ins.op, regs, cx, tmp);
        }
    }
}

/// The sets a choice caches in its slot, in order: FROM (or the cells
/// offered), what it crosses, TO, and a fourth for some kinds. `offer`
/// fills the slot in this order.
pub(in crate::engine) fn slot_exprs(kind: &ChoiceKind) -> [Option<&SetExpr>; 4] {
    match kind {
        ChoiceKind::Place { target, .. } => [Some(target), None, None, None],
        ChoiceKind::Convert(target) | ChoiceKind::Remove(target) => {
            [Some(target), None, None, None]
        }
        ChoiceKind::Sow { from, .. } => [Some(from), None, None, None],
        ChoiceKind::Step { from, to, .. } | ChoiceKind::Move { from, to } => {
            [Some(from), None, Some(to), None]
        }
        ChoiceKind::Jump { from, over, to, .. } | ChoiceKind::Hop { from, over, to, .. } => {
            [Some(from), Some(over), Some(to), None]
        }
        ChoiceKind::Slide {
            from, path, to, by, ..
        } => {
            let counted = match by {
                Some(Distance::LineCount(counted)) => Some(counted),
                Some(_) | None => None,
            };
            [Some(from), Some(path), Some(to), counted]
        }
        ChoiceKind::Leap { from, over, to, .. } => [Some(from), over.as_ref(), Some(to), None],
        ChoiceKind::Shift {
            from,
            path,
            to,
            toward,
            ..
        } => [Some(from), Some(path), Some(to), toward.as_ref()],
        ChoiceKind::Pass | ChoiceKind::Swap | ChoiceKind::Choose { .. } | ChoiceKind::Rotate(_) => {
            [None; 4]
        }
    }
}

/// The code of one step's sets for view `me`, if all of them lower and
/// fit the registers.
fn step_code(g: &Game, me: Player, entries: &[Entry]) -> Option<StepCode> {
    let exprs: Vec<[Option<&SetExpr>; 4]> = entries
        .iter()
        .map(|(c, _, _)| slot_exprs(&g.rules.choices[*c as usize].kind))
        .collect();
    let flat: Vec<&SetExpr> = exprs.iter().flatten().flatten().copied().collect();
    let (code, regs) = lower_all(g, me, &flat)?;
    if code.len() > STEP_REGS {
        return None;
    }
    let mut regs = regs.into_iter();
    let outs = exprs
        .iter()
        .map(|slot| slot.map(|e| e.map_or(NO_REG, |_| regs.next().expect("one per set"))))
        .collect();
    Some(StepCode { code, outs })
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::engine::same_games::{game, same_games};

    /// The same pseudo-random games with each step's code and with the
    /// tree evaluator alone: every choice's cached sets and counts, the
    /// legal actions and the results at every ply.
    fn same_as_tree(g: &Game) -> usize {
        let mut plain = g.clone();
        plain.step_sets = Default::default();
        let mut plies = 0;
        same_games(g, &plain, 10, 120, |s, t| {
            assert_eq!(s.targets, t.targets);
            assert_eq!(s.counts, t.counts);
            plies += 1;
        });
        plies
    }

    #[test]
    fn the_shipped_games_on_one_word_offer_the_same_with_their_steps_code() {
        let mut planned = Vec::new();
        for entry in std::fs::read_dir("games").expect("games/") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "gdl") {
                continue;
            }
            let g = game(&std::fs::read_to_string(&path).expect("reads"), &[]);
            if g.step_sets.regs() > 0 {
                same_as_tree(&g);
                planned.push(path.file_stem().expect("name").to_owned());
            }
        }
        for name in [
            "gardner-chess",
            "draughts",
            "connect-four",
            "oware",
            "lines-of-action",
        ] {
            assert!(planned.iter().any(|p| p == name), "{name}: {planned:?}");
        }
    }

    #[test]
    fn every_kind_of_choice_reads_its_sets_from_the_code() {
        let g = game(
            "game T board square(6) with diagonals players x, o pieces stone, king
             setup: x stone at row(1) or row(2), o stone at row(5) or row(6),
                    x king at cells(c3), o king at cells(d4)
             turn: hop own and king orthogonal over occupied to not own
                 | leap own and stone (1, 2) over empty to not own
                 | slide own and king by line-count(occupied) over not enemy to not own
                 | slide own and stone orthogonal to enemy
                 | jump own and stone diagonal over enemy to empty
                 | step own and stone diagonal to (empty where not empty at s)
                 | move own and king to empty and row(3)
                 | convert (king where own at n)
                 | remove (stone where own at e and own at w)
             end if count(own) < 3: mover loses",
            &[],
        );
        assert!(g.step_sets.regs() > 0);
        let plies = same_as_tree(&g);
        assert!(plies > 300, "{plies} plies");
    }
}
