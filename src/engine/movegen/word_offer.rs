//! Offering without an evaluation context: on a board of one word, a step
//! whose choices all act on one cell (`place`, `convert`, `remove`) or
//! move a piece (a step, jump, slide, leap or `move`), with no reserve and
//! no guard but a test of sets' sizes, has its sets (targets; the slots'
//! sets in `slot_exprs`' order; the guards') lowered once per view into
//! register code of plain operations (sets of the state, fixed sets,
//! joins, shifts), and `offer` runs it on the state's words directly: no
//! context built, no set looked up. The result is what
//! [`Game::offer_groups`] caches, word for word.

use super::slot::{Part, slot_exprs};
use crate::cellset;
use crate::engine::eval::program::lower_all;
use crate::engine::eval::registers::{Instr, Reg, is_plain, run_plain};
use crate::engine::eval::step_sets::{Guard, NO_REG, PerStep, STEP_REGS, guard_of, guard_sets};
use crate::engine::{EMPTY, Game, OCCUPIED, State};
use crate::rules::*;

/// What a choice on one cell can act on: empty cells (`place`), the
/// pieces of others (`convert`), any piece (`remove`).
#[derive(Clone, Copy, Debug)]
enum Within {
    Empty,
    NotOwn,
    Occupied,
    /// Every cell, whatever it holds (`pick`).
    Any,
}

/// What an entry offers, from which registers.
#[derive(Clone, Copy, Debug)]
enum Act {
    /// The cells of a target that the choice can act on.
    OnCell(Reg, Within),
    /// Moves of choice `c`: its slot's sets in `slot_exprs`' order
    /// ([`NO_REG`]: none), FROM cut to the pieces.
    Moves { c: u16, slot: [Reg; 4] },
}

/// One step's sets for one view.
#[derive(Clone, Debug)]
pub(in crate::engine) struct WordStep {
    /// Register `i` is written by instruction `i`.
    code: Vec<Instr>,
    /// Per entry: what it offers, its guard if it has one, its group.
    entries: Vec<(Act, Option<Guard>, u8)>,
}

/// The word steps of a game's steps (none on a board of several words or
/// with `keep if`, whose offers are judged).
pub(in crate::engine) fn word_offers(g: &Game) -> PerStep<WordStep> {
    if g.words != 1 || g.choice_facts.keeps {
        return PerStep::default();
    }
    PerStep::of(g, word_step)
}

/// The word step of `entries` for view `me`, if every entry acts on one
/// cell or moves a piece by a step, a jump, a slide, a leap or `move`,
/// with no reserve and no guard but a size test, and its sets lower to
/// plain code.
fn word_step(g: &Game, me: Player, entries: &[Entry]) -> Option<WordStep> {
    let mut sets = Vec::new();
    let mut kinds = Vec::new();
    for (c, _, _) in entries {
        let kind = &g.rules.choices[*c as usize].kind;
        let within = match kind {
            ChoiceKind::Place { piece, target } => {
                // A reserve's count, or stacks' tops, are the offer's own.
                if g.rules.reserved.get(piece.index()) == Some(&true) || g.stacked {
                    return None;
                }
                sets.push(target);
                Some(Within::Empty)
            }
            ChoiceKind::Convert(target) => {
                sets.push(target);
                Some(Within::NotOwn)
            }
            ChoiceKind::Remove(target) => {
                sets.push(target);
                Some(Within::Occupied)
            }
            ChoiceKind::Pick(target) => {
                sets.push(target);
                Some(Within::Any)
            }
            // A distance worked out in the position is the offer's own.
            ChoiceKind::Slide {
                by: Some(Distance::Number(_)),
                ..
            } => return None,
            // Counted by `offered` from the slot, as `offer_groups` fills it.
            ChoiceKind::Step { .. }
            | ChoiceKind::Jump { .. }
            | ChoiceKind::Slide { .. }
            | ChoiceKind::Leap { .. }
            | ChoiceKind::Move { .. } => {
                sets.extend(slot_exprs(kind).into_iter().flatten());
                None
            }
            // A hop's fourth set and a shift's are the offer's own, as
            // the lines a draw may take.
            ChoiceKind::Hop { .. }
            | ChoiceKind::Draw { .. }
            | ChoiceKind::Shift { .. }
            | ChoiceKind::Sow { .. }
            | ChoiceKind::Deal { .. }
            | ChoiceKind::Pass
            | ChoiceKind::Swap
            | ChoiceKind::Choose { .. }
            | ChoiceKind::Rotate(_) => return None,
        };
        kinds.push(within);
    }
    // The guards' sets after the choices'.
    for (_, guard, _) in entries {
        if let Some(guard) = guard
            && !guard_sets(guard, &mut sets)
        {
            return None;
        }
    }
    let (code, regs) = lower_all(g, me, &sets)?;
    if code.len() > STEP_REGS || !code.iter().all(|i| is_plain(&i.op)) {
        return None;
    }
    let mut regs = regs.into_iter();
    let mut acts = Vec::new();
    for ((c, _, _), within) in entries.iter().zip(kinds) {
        let mut next = || regs.next().expect("one register per set");
        acts.push(match within {
            Some(within) => Act::OnCell(next(), within),
            None => {
                let exprs = slot_exprs(&g.rules.choices[*c as usize].kind);
                Act::Moves {
                    c: *c,
                    slot: exprs.map(|e| e.map_or(NO_REG, |_| next())),
                }
            }
        });
    }
    let entries = entries
        .iter()
        .zip(acts)
        .map(|((_, guard, group), act)| {
            let guard = guard.as_ref().map(|guard| guard_of(guard, &mut regs));
            (act, guard, *group)
        })
        .collect();
    Some(WordStep { code, entries })
}

impl Game {
    /// `offer_groups` for a word step: the targets of its entries, the
    /// later priority groups emptied when an earlier one offers any; true
    /// if any action is possible.
    #[inline(always)]
    pub(in crate::engine) fn offer_words(&self, st: &mut State, step: &WordStep) -> bool {
        let regs = &mut st.work.step_regs[..step.code.len()];
        let cells = [st.here, st.origin, st.jumped];
        run_plain(&step.code, regs, self, &st.sets, cells);
        let own = st.sets[self.owner_set(st.mover.index())];
        let (empty, occupied) = (st.sets[EMPTY], st.sets[OCCUPIED]);
        let len = self.slot_sets;
        let mut open_group: Option<u8> = None;
        for (i, (act, guard, group)) in step.entries.iter().enumerate() {
            let slot = &mut st.targets[i * len..(i + 1) * len];
            if open_group.is_some_and(|g| g < *group)
                || guard.as_ref().is_some_and(|g| !g.holds(regs))
            {
                cellset::clear(slot);
                st.counts[i] = 0;
                continue;
            }
            let n = match act {
                &Act::OnCell(reg, within) => {
                    let cells = regs[reg as usize]
                        & match within {
                            Within::Empty => empty,
                            Within::NotOwn => occupied & !own,
                            Within::Occupied => occupied,
                            Within::Any => empty | occupied,
                        };
                    // Only the first set of a cell choice's slot is read.
                    slot[Part::From as usize] = cells;
                    cells.count_ones() as usize
                }
                Act::Moves { c, slot: sets } => {
                    // The slot as `offer_groups` leaves it: its sets, FROM
                    // cut to the pieces.
                    slot.fill(0);
                    for (k, &reg) in sets.iter().enumerate() {
                        if reg != NO_REG {
                            slot[k] = regs[reg as usize];
                        }
                    }
                    slot[Part::From as usize] &= occupied;
                    self.offered(*c, st.mover, slot)
                }
            };
            st.counts[i] = n as u32;
            if n > 0 {
                open_group = Some(*group);
            }
        }
        open_group.is_some()
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::engine::same_games::{game, same_games};

    /// The same pseudo-random games with word steps and without: every
    /// choice's cached targets and counts, the legal actions and the
    /// results at every ply. Returns the plies compared.
    fn same_as_offered(g: &Game) -> usize {
        assert!(g.lowered.word_offers.regs() > 0, "no word step");
        let plain = crate::engine::same_games::without(g, crate::engine::Shortcut::WordOffers);
        let mut plies = 0;
        same_games(g, &plain, 10, 150, |s, t| {
            assert_eq!(s.targets, t.targets);
            assert_eq!(s.counts, t.counts);
            plies += 1;
        });
        plies
    }

    #[test]
    fn the_shipped_games_offer_the_same_by_words() {
        for name in [
            "tictactoe",
            "connect-four",
            "yavalath",
            "pentago",
            "fox-and-hounds",
            "breakthrough",
            "knightthrough",
            "gardner-chess",
            "los-alamos-chess",
            "draughts",
        ] {
            let src = std::fs::read_to_string(format!("games/{name}.gdl")).expect("reads");
            assert!(same_as_offered(&game(&src, &[])) > 50, "{name}");
        }
    }

    /// Place, convert, remove, steps, jumps, slides (by a line's count
    /// too), leaps and `move`, in priority groups, some guarded by sizes,
    /// with sets of fixed sets, joins, shifts along directions and the
    /// last action's cell, seen from both players.
    #[test]
    fn cell_choices_of_each_kind_offer_the_same_by_words() {
        let g = game(
            "game T board square(6) with diagonals players x, o pieces stone, king
             setup: x stone at cells(a1, b2), o stone at cells(f6, e5)
             turn: remove (opponent where own at n) else
                   convert (occupied where own at s)
                 | place king at (empty and (row(1) or row(6)))
                 | place stone at (empty where not empty at s or own at e)
                 | remove neighbors(here) and own
                 | step own and king orthogonal to (empty where not own at n)
                 | step (own or row(1)) diagonal to empty and not row(6)
                 | jump own and stone diagonal over opponent to empty
                 | slide own and king orthogonal to not own if count(own and king) = 1
                 | slide own and stone by line-count(occupied) to not own
                 | leap own and king (1, 2) to empty if not count(opponent) > 3
                 | move own and stone to empty and row(3)
             end if count(own) >= 14: mover wins",
            &[],
        );
        assert!(same_as_offered(&g) > 300);
    }
}
