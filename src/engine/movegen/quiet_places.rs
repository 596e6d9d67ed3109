//! `keep if` of a placement judged from the cells next to it, without a
//! trial (the `quiet-places` shortcut): for the choices
//! `prepare::keep_reads::quiet_places` admits, a placement on a cell none
//! of whose neighbours is in the effects' trigger (Go: an enemy stone)
//! leads to the position with the piece put there and nothing else, since
//! each effect removes a set that is empty without such a neighbour, and
//! neighbours, which do not include the cell itself, read the same before
//! and after the piece is put. On that position a liberty condition
//! (`touches` from `here`) holds when some neighbour is in its target (Go:
//! an empty point), and the questions about the position's key
//! (`seen-before`) are asked with the key of the position made: the
//! board's hash with the piece added. Any other placement is tried.
//!
//! The triggers and targets are sets each cell's own content decides,
//! worked out once per position (beside `kept_reads`' answers) and read
//! a bit per neighbour.

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::{Action, ActionKind, Game, State};
use crate::ids::Cell;
use crate::rules::SetExpr;

/// A placement whose `then` effects and `keep if` conditions are judged
/// from the cells next to its cell where those let nothing happen (see this
/// module).
#[derive(Clone, Debug, PartialEq)]
pub(in crate::engine) struct QuietPlace {
    /// The effects surely do nothing when no neighbour of the cell placed
    /// on is in this set (each cell's own content decides it); `None`
    /// without effects.
    pub trigger: Option<SetExpr>,
    /// How each `keep if` condition is judged, in order.
    pub keeps: Vec<QuietKeep>,
}

/// How [`QuietPlace`] judges one `keep if` condition.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::engine) enum QuietKeep {
    /// `touches(SEED, THROUGH, TARGET)` with `here` among the seeds (a Go
    /// group's liberty): it holds when a neighbour of the cell is in
    /// TARGET (each cell's own content decides it); otherwise tried.
    Touches(SetExpr),
    /// A question about the position's key only (`seen-before`,
    /// `repetitions`, `changed`, numbers and constants): asked with the
    /// key of the position the placement makes.
    Key,
}

/// The trigger and the liberty targets of one choice, on one position.
#[derive(Debug, Default)]
pub(super) struct QuietSets {
    /// For the position of `Answers::key`.
    pub(super) ready: bool,
    /// The cells of the trigger (all clear without effects).
    trigger: Vec<u64>,
    /// Each `QuietKeep::Touches` target's cells, one after the other.
    targets: Vec<u64>,
}

impl Game {
    /// The first failing `keep if` of a placement (as `judge`), told from
    /// its cell's neighbours; `None` when it must be tried.
    #[inline]
    pub(super) fn judged_quietly(&self, st: &State, a: Action) -> Option<Option<usize>> {
        let quiet = self.choice_facts.quiet_places[a.choice as usize].as_ref()?;
        let ActionKind::OnCell(cell) = a.kind else {
            return None;
        };
        let w = self.words;
        let neighbors = self.rules.board.neighbors(cell);
        let mut answers = st.work.keep_reads.0.borrow_mut();
        answers.for_position(st);
        let c = a.choice as usize;
        if answers.quiet.len() <= c {
            answers.quiet.resize_with(c + 1, QuietSets::default);
        }
        let sets = &mut answers.quiet[c];
        if !sets.ready {
            self.quiet_sets(st, quiet, sets);
        }
        if neighbors
            .iter()
            .any(|n| cellset::contains(&sets.trigger, n.index()))
        {
            return None;
        }
        let mut liberty = 0;
        for k in &quiet.keeps {
            if let QuietKeep::Touches(_) = k {
                let target = &sets.targets[liberty * w..(liberty + 1) * w];
                if !neighbors
                    .iter()
                    .any(|n| cellset::contains(target, n.index()))
                {
                    return None;
                }
                liberty += 1;
            }
        }
        drop(answers);
        // The liberties hold; the key questions are asked of the position
        // the placement makes.
        let board_hash = self.placed_hash(st, cell.index(), a);
        Some(self.with_key_ctx(st, cell, board_hash, |cx, tmp| {
            (quiet.keeps.iter().zip(&self.rules.choices[c].keep))
                .position(|(k, e)| matches!(k, QuietKeep::Key) && !cx.cond(e, tmp))
        }))
    }

    /// Works out a choice's trigger and targets on `st`'s position.
    fn quiet_sets(&self, st: &State, quiet: &QuietPlace, sets: &mut QuietSets) {
        let w = self.words;
        sets.trigger.clear();
        sets.trigger.resize(w, 0);
        let n = quiet
            .keeps
            .iter()
            .filter(|k| matches!(k, QuietKeep::Touches(_)))
            .count();
        sets.targets.clear();
        sets.targets.resize(n * w, 0);
        let (trigger, targets) = (&mut sets.trigger, &mut sets.targets);
        self.with_key_ctx(st, Cell::new(0), st.board_hash, |cx, tmp| {
            if let Some(t) = &quiet.trigger {
                cx.set(t, trigger, tmp);
            }
            let liberties = quiet.keeps.iter().filter_map(|k| match k {
                QuietKeep::Touches(target) => Some(target),
                QuietKeep::Key => None,
            });
            for (target, out) in liberties.zip(targets.chunks_mut(w)) {
                cx.set(target, out, tmp);
            }
        });
        sets.ready = true;
    }

    /// Runs `f` with a context over `st`'s position seen from its mover,
    /// `here` at `cell` and the board's hash `board_hash`; its scratch
    /// parts (groups, stack, registers) are the trial position's, which
    /// the questions asked here do not read.
    fn with_key_ctx<T>(
        &self,
        st: &State,
        cell: Cell,
        board_hash: u64,
        f: impl FnOnce(&mut Ctx, &mut [u64]) -> T,
    ) -> T {
        let mut slot = st.work.trial.borrow_mut();
        let trial = slot.get_or_insert_with(|| Box::new(st.clone()));
        let trial = &mut **trial;
        let mut cx = Ctx {
            g: self,
            cells: &st.cells,
            sets: &st.sets,
            groups: &mut trial.groups,
            stack: &mut trial.work.stack,
            me: st.mover,
            here: cell.index() as u32,
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
            line_seen: &mut trial.line_seen,
            board_hash,
            history: &st.history,
            regs: &mut trial.work.regs,
            memo: &mut [],
            memo_valid: 0,
            memo_on: false,
            next_stuck: None,
        };
        f(&mut cx, &mut trial.scratch)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::same_games::{game, same_games, without};
    use crate::engine::{ActionKind, Shortcut};

    const GO: &str = include_str!("../../../games/go.gdl");

    /// Go's stone is judged quietly; the same games as with trials, and
    /// the hash of a quiet placement is the one its trial reaches.
    #[test]
    fn go_judged_quietly_keeps_what_trials_keep() {
        let g = game(GO, &[("size", "7")]);
        let quiet: Vec<bool> = (g.choice_facts.quiet_places.iter())
            .map(Option::is_some)
            .collect();
        assert_eq!(quiet, [true, false], "stone, pass");
        let plain = without(&g, Shortcut::QuietPlaces);
        let mut judged = 0;
        same_games(&g, &plain, 12, 200, |s, _| {
            let mut legal = Vec::new();
            g.legal_actions(s, &mut legal);
            for &a in &legal {
                if let ActionKind::OnCell(c) = a.kind
                    && g.judged_quietly(s, a).is_some()
                {
                    judged += 1;
                    let mut after = s.clone();
                    g.play_unchecked(&mut after, a);
                    assert_eq!(g.placed_hash(s, c.index(), a), after.board_hash);
                }
            }
        });
        assert!(judged > 1000, "{judged} placements judged quietly");
    }

    /// What qualifies: the capture written either way round; not a
    /// placement with a marking, nor one whose effect converts.
    #[test]
    fn placements_qualify_by_their_effects_and_conditions() {
        let qualifies = |text: &str| {
            let g = game(
                &text.replace("option size: 5..19 = 19", "option size: 5..19 = 5"),
                &[],
            );
            g.choice_facts.quiet_places[0].is_some()
        };
        assert!(qualifies(GO));
        let inside = "remove reach(neighbors(here) and (enemy where not free), enemy)";
        assert!(qualifies(&GO.replace(
            "remove reach(neighbors(here) and enemy where not free, enemy)",
            inside
        )));
        assert!(!qualifies(
            &GO.replace("effect capture = remove", "effect capture = convert")
        ));
        assert!(!qualifies(
            &GO.replace("keep if free", "keep if count(own) > 1")
        ));
    }
}
