//! A step's sets in one program: on a board of one word, the sets every
//! choice of a step caches when the step is reached (FROM, OVER, TO, a
//! target), and the sets of the guards that only test sets' sizes, are
//! lowered together, once per view, into straight-line code over `u64`
//! registers ([`crate::engine::eval::registers`]); a part that several
//! choices share (`own`, `own and pawn`, `not own`) is computed once, and
//! no set is looked up or matched on its shape while offering.
//!
//! A step any of whose sets does not lower is offered by the tree
//! evaluator, as on larger boards; so is a step of sets the state keeps
//! and no guard, which `offer` copies as fast. The plans are kept in a
//! [`PerStep`] table, which `movegen::word_offer` shares.

use crate::engine::Game;
use crate::engine::eval::Ctx;
use crate::engine::eval::program::lower_all;
use crate::engine::eval::registers::{Instr, Op, Reg, one_word};
use crate::engine::movegen::slot::slot_exprs;
use crate::rules::*;

/// Most registers a step's code may write (one per instruction).
pub(in crate::engine) const STEP_REGS: usize = 64;

/// A slot set the code does not compute: `offer` never reads it (it reads
/// the positions `slot_exprs` gives a set, and clears the others).
pub(in crate::engine) const NO_REG: Reg = Reg::MAX;

/// One step's sets for one view.
#[derive(Clone, Debug)]
pub(in crate::engine) struct StepCode {
    /// Register `i` is written by instruction `i`.
    code: Vec<Instr>,
    /// Per entry of the step: the register of each set of its slot, in the
    /// slot's order (see [`slot_exprs`]), or [`NO_REG`].
    pub(in crate::engine) outs: Vec<[Reg; 4]>,
    /// Per entry: its guard asked of the registers, where it is a test of
    /// sets' sizes (else the tree evaluator asks it).
    guards: Vec<Option<Guard>>,
}

/// A guard asked of a step's registers: `count(S) OP k` (`S` alone is
/// `count(S) > 0`), joined by `and`, `or`, `not`.
#[derive(Clone, Debug)]
pub(in crate::engine) enum Guard {
    Count(CmpOp, Reg, f64),
    And(Box<Guard>, Box<Guard>),
    Or(Box<Guard>, Box<Guard>),
    Not(Box<Guard>),
}

impl Guard {
    pub(in crate::engine) fn holds(&self, regs: &[u64]) -> bool {
        match self {
            Guard::Count(op, r, k) => op.test(regs[*r as usize].count_ones() as f64, *k),
            Guard::And(a, b) => a.holds(regs) && b.holds(regs),
            Guard::Or(a, b) => a.holds(regs) || b.holds(regs),
            Guard::Not(a) => !a.holds(regs),
        }
    }
}

/// The sets of a guard that [`Guard`] can ask, in order, into `out`;
/// false if it is not such a guard.
pub(in crate::engine) fn guard_sets<'a>(c: &'a BoolExpr, out: &mut Vec<&'a SetExpr>) -> bool {
    match c {
        BoolExpr::NonEmpty(s) => out.push(s),
        BoolExpr::Cmp(_, NumExpr::Count(s), NumExpr::Const(_))
        | BoolExpr::Cmp(_, NumExpr::Const(_), NumExpr::Count(s)) => out.push(s),
        BoolExpr::And(a, b) | BoolExpr::Or(a, b) => {
            return guard_sets(a, out) && guard_sets(b, out);
        }
        BoolExpr::Not(a) => return guard_sets(a, out),
        _ => return false,
    }
    true
}

/// The guard of `guard_sets`, its sets' registers taken in the same order.
pub(in crate::engine) fn guard_of(c: &BoolExpr, regs: &mut impl Iterator<Item = Reg>) -> Guard {
    let mut next = || regs.next().expect("one register per set");
    match c {
        BoolExpr::NonEmpty(_) => Guard::Count(CmpOp::Gt, next(), 0.0),
        BoolExpr::Cmp(op, NumExpr::Count(_), NumExpr::Const(k)) => Guard::Count(*op, next(), *k),
        // `k OP count(S)` is `count(S) OP' k`.
        BoolExpr::Cmp(op, NumExpr::Const(k), NumExpr::Count(_)) => {
            let op = match op {
                CmpOp::Lt => CmpOp::Gt,
                CmpOp::Le => CmpOp::Ge,
                CmpOp::Gt => CmpOp::Lt,
                CmpOp::Ge => CmpOp::Le,
                CmpOp::Eq | CmpOp::Ne => *op,
            };
            Guard::Count(op, next(), *k)
        }
        BoolExpr::And(a, b) => Guard::And(Box::new(guard_of(a, regs)), Box::new(guard_of(b, regs))),
        BoolExpr::Or(a, b) => Guard::Or(Box::new(guard_of(a, regs)), Box::new(guard_of(b, regs))),
        BoolExpr::Not(a) => Guard::Not(Box::new(guard_of(a, regs))),
        _ => unreachable!("guard_sets accepted it"),
    }
}

/// Something worked out once per view for each step that offers choices
/// (its code, its word offer), found by the step's turn rule and index
/// and used only for that step's own list of entries, not for a list made
/// from it (see `movegen::offer::EntriesOf`).
#[derive(Clone, Debug)]
pub(in crate::engine) struct PerStep<T> {
    /// Per turn rule, per step: what it has, if anything.
    steps: Vec<Vec<Option<Views<T>>>>,
}

/// One `T` per view.
type Views<T> = Vec<T>;

impl<T> Default for PerStep<T> {
    fn default() -> PerStep<T> {
        PerStep { steps: Vec::new() }
    }
}

impl<T> PerStep<T> {
    /// `work(g, me, entries)` for every step that offers choices and every
    /// view; a step any view of which has none has none.
    pub(in crate::engine) fn of(
        g: &Game,
        work: impl Fn(&Game, Player, &[Entry]) -> Option<T>,
    ) -> PerStep<T> {
        let steps = g
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
                        let views: Option<Vec<T>> = (0..g.players)
                            .map(|me| work(g, Player::new(me), choices))
                            .collect();
                        views
                    })
                    .collect()
            })
            .collect();
        PerStep { steps }
    }

    /// The registers the state keeps for the steps' code: none without any.
    pub(in crate::engine) fn regs(&self) -> usize {
        let any = self.steps.iter().flatten().any(Option::is_some);
        if any { STEP_REGS } else { 0 }
    }

    /// What step `step` of turn rule `turn` has for view `me`, if it has
    /// anything.
    #[inline(always)]
    pub(in crate::engine) fn find(&self, turn: u16, step: u16, me: Player) -> Option<&T> {
        let views = self
            .steps
            .get(turn as usize)?
            .get(step as usize)?
            .as_ref()?;
        Some(&views[me.index()])
    }
}

/// The code of each step whose sets all lower, on a board of one word.
pub(in crate::engine) type StepSets = PerStep<StepCode>;

/// The step code of a game's steps (none on a board of several words).
pub(in crate::engine) fn step_sets(g: &Game) -> StepSets {
    if g.words != 1 {
        return StepSets::default();
    }
    PerStep::of(g, step_code)
}

impl StepCode {
    /// Whether entry `i`'s guard holds, if the code asks it (after `run`).
    #[inline]
    pub(in crate::engine) fn guard(&self, i: usize, regs: &[u64]) -> Option<bool> {
        self.guards[i].as_ref().map(|g| g.holds(regs))
    }

    /// Runs the code into `regs`.
    #[inline]
    pub(in crate::engine) fn run(&self, cx: &mut Ctx, regs: &mut [u64], tmp: &mut [u64]) {
        // Register `i` is instruction `i`'s (see `live_code`): indexed so,
        // not by reading each instruction's `dst` (Gardner 2% slower so).
        let regs = &mut regs[..self.code.len()];
        for (i, ins) in self.code.iter().enumerate() {
            regs[i] = one_word(&ins.op, regs, cx, tmp);
        }
    }
}

/// The code of one step's sets for view `me`, if all of them lower and
/// fit the registers.
fn step_code(g: &Game, me: Player, entries: &[Entry]) -> Option<StepCode> {
    // With the guards the code can ask; else (one of their sets does not
    // lower) without.
    step_code_asking(g, me, entries, true).or_else(|| step_code_asking(g, me, entries, false))
}

/// `step_code`, with the guards it can ask if `guards`.
fn step_code_asking(g: &Game, me: Player, entries: &[Entry], guards: bool) -> Option<StepCode> {
    let exprs: Vec<[Option<&SetExpr>; 4]> = entries
        .iter()
        .map(|(c, _, _)| slot_exprs(&g.rules.choices[*c as usize].kind))
        .collect();
    let mut flat: Vec<&SetExpr> = exprs.iter().flatten().flatten().copied().collect();
    // The guards' sets after the slots'.
    let asked: Vec<bool> = entries
        .iter()
        .map(|(_, guard, _)| {
            let mut sets = Vec::new();
            let asked = guards && guard.as_ref().is_some_and(|g| guard_sets(g, &mut sets));
            if asked {
                flat.extend(sets);
            }
            asked
        })
        .collect();
    let (code, regs) = lower_all(g, me, &flat)?;
    // Nothing to compute (a step of `pass` or `choose`), or only sets the
    // state keeps, which `offer` copies as fast (tic-tac-toe's `empty`
    // was 5% slower through the code): no plan to find.
    let loads_only = code.iter().all(|i| matches!(i.op, Op::Stored(_)));
    if code.len() > STEP_REGS || (loads_only && !asked.contains(&true)) {
        return None;
    }
    let mut regs = regs.into_iter();
    let outs = exprs
        .iter()
        .map(|slot| slot.map(|e| e.map_or(NO_REG, |_| regs.next().expect("one per set"))))
        .collect();
    let guards = entries
        .iter()
        .zip(asked)
        .map(|((_, guard, _), asked)| match (guard, asked) {
            (Some(guard), true) => Some(guard_of(guard, &mut regs)),
            _ => None,
        })
        .collect();
    Some(StepCode { code, outs, guards })
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::engine::same_games::{game, same_games};
    use crate::rules::Player;

    /// The same pseudo-random games with each step's code and with the
    /// tree evaluator alone: every choice's cached sets and counts, the
    /// legal actions and the results at every ply.
    fn same_as_tree(g: &Game) -> usize {
        let plain = crate::engine::same_games::without(g, crate::engine::Shortcut::StepSets);
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
            if g.lowered.step_sets.regs() > 0 {
                assert!(same_as_tree(&g) >= 50, "{}", path.display());
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
    fn moves_of_each_shape_and_size_guards_offer_the_same_with_the_code() {
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
                 | move own and king to empty and row(3) if 20 > count(own and stone) or enemy and row(1)
                 | step own and king orthogonal to empty if not (count(own and king) = 1 and count(enemy) >= 11)
                 | convert (king where own at n)
                 | remove (stone where own at e and own at w)
             end if count(own) < 3: mover loses",
            &[],
        );
        assert!(g.lowered.step_sets.regs() > 0);
        let code = g.lowered.step_sets.find(0, 0, Player::new(0));
        assert_eq!(code.map(|c| c.guards.iter().flatten().count()), Some(2));
        let plies = same_as_tree(&g);
        assert!(plies > 300, "{plies} plies");
    }
}
