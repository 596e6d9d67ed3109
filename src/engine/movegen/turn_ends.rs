//! Counting whole turns without playing the last one (perft's last
//! level): an action after which the turn surely offers no other decision
//! completes exactly one turn, whatever the rest of the turn does.
//!
//! `prepare::turn_tails` finds, for each one-ply step, the later steps
//! that may offer a decision: `while` steps whose condition is that a set
//! of pieces is not empty, which the effects between cannot change. Such a
//! set is decided cell by cell by the cell's own content, so after an
//! action that moves one piece from F to T (no `then`) it is the set now,
//! but for F (emptied) and T (holding the piece, and the action's mark).

use crate::cellset;
use crate::engine::prepare::turn_tails::{Tail, guard_set};
use crate::engine::{Action, ActionKind, Game, State};
use crate::rules::*;

/// For one position's decision: the sets of the later `while` steps as
/// they are, for [`Game::surely_ends_turn`].
#[derive(Clone, Debug, Default)]
pub(crate) struct TurnEnds {
    /// The tail is known (see `prepare::turn_tails`).
    known: bool,
    /// Per guarded step: its set now (W words each).
    sets: Vec<u64>,
}

impl Game {
    /// Prepares `ends` for the actions of `st`'s decision.
    pub(crate) fn turn_ends(&self, st: &mut State, ends: &mut TurnEnds) {
        ends.known = false;
        ends.sets.clear();
        let tail = self
            .tails
            .get(st.turn_def as usize)
            .and_then(|steps| steps.get(st.step as usize));
        let Some(Tail::Guarded(steps)) = tail else {
            return;
        };
        let w = self.words;
        let me = st.mover;
        for &k in steps {
            let set = self.guard_of(st, k);
            let at = ends.sets.len();
            ends.sets.resize(at + w, 0);
            self.with_ctx(st, me, |cx, scratch| {
                cx.set(set, &mut ends.sets[at..at + w], scratch)
            });
        }
        ends.known = true;
    }

    /// Whether playing `a` in `st` surely completes the turn with no other
    /// decision (`ends` prepared for `st`).
    pub(crate) fn surely_ends_turn(&self, st: &State, ends: &TurnEnds, a: Action) -> bool {
        if !ends.known || a.is_pie() {
            return false;
        }
        let Some(Tail::Guarded(steps)) = self.tails[st.turn_def as usize].get(st.step as usize)
        else {
            return false;
        };
        if steps.is_empty() {
            return true;
        }
        let choice = &self.rules.choices[a.choice as usize];
        let ActionKind::Moves { from, to } = a.kind else {
            return false;
        };
        let moves_one_piece = matches!(
            choice.kind,
            ChoiceKind::Step { .. }
                | ChoiceKind::Slide { .. }
                | ChoiceKind::Leap { .. }
                | ChoiceKind::Move { .. }
        );
        if !moves_one_piece || !choice.then.is_empty() {
            return false;
        }
        let (from, to) = (from.index(), to.index());
        let piece = self.code_at(st, from);
        let w = self.words;
        steps.iter().enumerate().all(|(i, &k)| {
            let now = &ends.sets[i * w..(i + 1) * w];
            let others = now.iter().enumerate().any(|(j, &word)| {
                let mut word = word;
                for c in [from, to] {
                    if c / 64 == j {
                        word &= !(1u64 << (c % 64));
                    }
                }
                word != 0
            });
            let set = self.guard_of(st, k);
            !others
                && !self.holds_with(st, set, from, None, None)
                && !self.holds_with(st, set, to, piece, choice.marking)
        })
    }

    /// The set of the `while` condition of step `k` of `st`'s turn rule.
    fn guard_of(&self, st: &State, k: u16) -> &SetExpr {
        match &self.rules.turns[st.turn_def as usize].steps[k as usize] {
            Step::Choose {
                repeat: Repeat::While(cond) | Repeat::WhilePossible(cond),
                ..
            } => guard_set(cond).expect("a guarded step's condition"),
            Step::Choose { .. } | Step::Effect(_) | Step::End(..) => {
                unreachable!("a guarded step is a `while` on a set")
            }
        }
    }

    /// Whether `cell` would be in `e`, seen from `st`'s mover, were
    /// `piece` (kind, owner) on it and, with `mark`, that mark added: `e`
    /// decided by a cell's own content (see `prepare::turn_tails`).
    fn holds_with(
        &self,
        st: &State,
        e: &SetExpr,
        cell: usize,
        piece: Option<(usize, usize)>,
        mark: Option<Mark>,
    ) -> bool {
        let me = st.mover.index();
        let owner = piece.map(|(_, o)| o);
        let fixed = |i: u32| self.rules.fixed_sets[i as usize].contains(cell);
        match e {
            SetExpr::Empty => piece.is_none(),
            SetExpr::Occupied => piece.is_some(),
            SetExpr::All => true,
            SetExpr::Owned(who) => owner == Some(self.who_of(*who, me)),
            SetExpr::Enemy => owner.is_some_and(|o| o != me && o < self.players),
            SetExpr::Piece(k) => piece.is_some_and(|(kind, _)| kind == k.index()),
            SetExpr::Mark(m) => {
                let w = self.words;
                let set = &st.sets[self.mark_set(m.index()) * w..][..w];
                mark == Some(*m) || cellset::contains(set, cell)
            }
            SetExpr::Fixed(i) => fixed(*i),
            SetExpr::PerPlayer(v) => fixed(v[me]),
            SetExpr::Union(a, b) => {
                self.holds_with(st, a, cell, piece, mark)
                    || self.holds_with(st, b, cell, piece, mark)
            }
            SetExpr::Inter(a, b) => {
                self.holds_with(st, a, cell, piece, mark)
                    && self.holds_with(st, b, cell, piece, mark)
            }
            SetExpr::Except(a, b) => {
                self.holds_with(st, a, cell, piece, mark)
                    && !self.holds_with(st, b, cell, piece, mark)
            }
            SetExpr::Complement(a) => !self.holds_with(st, a, cell, piece, mark),
            SetExpr::ByPlayer(v) => self.holds_with(st, &v[me], cell, piece, mark),
            SetExpr::Here
            | SetExpr::Origin
            | SetExpr::Jumped
            | SetExpr::Neighbors(_)
            | SetExpr::Where(..)
            | SetExpr::Var(_)
            | SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Stronger(_)
            | SetExpr::Weaker(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(_)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::JumpReach(_)
            | SetExpr::Lines(..)
            | SetExpr::ReachUnlined(..)
            | SetExpr::Joined(..)
            | SetExpr::Seeded
            | SetExpr::LastSown => unreachable!("a guard's set is decided by a cell's content"),
        }
    }

    /// The player `who` names, seen from player `me`.
    fn who_of(&self, who: Who, me: usize) -> usize {
        match who {
            Who::Me => me,
            Who::Opponent => (me + 1) % self.players,
            Who::Player(p) => p.index(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::engine::prepare::turn_tails::Tail;
    use crate::engine::same_games::game;
    use crate::run::perft_turns_depth;

    /// Whole turns counted with the last level's sure ends and with every
    /// turn played, at each depth; `bulk` steps must have a known tail.
    fn same_counts(g: &Game, depth: usize, known: usize) {
        let tails = g.tails.iter().flatten();
        assert_eq!(
            tails.filter(|t| matches!(t, Tail::Guarded(_))).count(),
            known
        );
        let mut plain = g.clone();
        plain
            .tails
            .iter_mut()
            .flatten()
            .for_each(|t| *t = Tail::Unknown);
        let start = g.start();
        for d in 1..=depth {
            let counted = perft_turns_depth(g, &start, d, false).expect("turns end");
            assert_eq!(
                counted,
                perft_turns_depth(&plain, &start, d, false).expect("turns end")
            );
        }
    }

    /// A runner reaching the far row, or reaching a cell marked by the move
    /// (a mark the guard reads), makes the player choose again; a neutral
    /// piece off its cell would (guards of every kind of part).
    #[test]
    fn turns_that_choose_again_are_played_and_the_rest_counted() {
        let g = game(
            "game T board square(5) with diagonals players white, black
             pieces runner
             neutral pieces blocker
             marks hot, seen
             variables pick
             region far: white = row(5), black = row(1)
             region spot = cells(c3)
             setup: white runner at row(2), black runner at row(4), blocker at cells(c3)
             define forward: white = n, black = s
             action run = step own and runner (forward or rotate(forward, 45)) to not own
             action heat = step own and runner rotate(forward, -45) to empty marking hot
             turn: run | heat,
                   (mark seen at occupied),
                   (set pick to 0),
                   while count(own and runner and far) > 0:
                     choose pick from 1, 2 then remove own and runner and far,
                   while count(hot and occupied and not enemy) > 0:
                     choose pick from 3, 4 then clear hot,
                   while count(blocker except spot) > 0:
                     choose pick from 5, 6
             end if count(enemy) = 0: mover wins",
            &[],
        );
        same_counts(&g, 4, 1);
    }

    #[test]
    fn chess_promotions_are_played_and_the_rest_counted() {
        let chess = game(include_str!("../../../games/chess.gdl"), &[]);
        same_counts(&chess, 3, 1);
    }
}
