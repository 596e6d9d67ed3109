//! A choice's slot: the sets [`Game::offer`] caches for each choice of the
//! current step (in `State::targets`), which counting, listing and
//! sampling read. One layout, named by [`Part`], for every producer
//! (`offer`, `word_offer`, the step code of `eval::step_sets`, explain's
//! probe) and every reader:
//!
//! | kind | `From` | `Over` | `To` | `Fourth` |
//! |---|---|---|---|---|
//! | place, convert, remove, sow | the cells offered | | | |
//! | step, move | FROM | | TO | |
//! | jump, hop | FROM | OVER | TO | hop: the occupied cells |
//! | slide | FROM | PATH | TO | `by line-count(S)`: S |
//! | leap | FROM | OVER, if any | TO | |
//! | shift | FROM | PATH | TO | TOWARD (every cell if none) |
//! | pass, swap, choose, rotate | 1 in its first word (offered) | | | |
//! | deal | the one empty cell | | the pieces in hand: bit `k` for option `k` | |
//! | draw | FROM | | TO | see below |
//!
//! A `draw` has a set per direction `d` of the board from `Fourth` on
//! (part `3 + d`): the cells of FROM whose line that way is offered (not
//! drawn yet, to a cell of TO, and not offered from the other end).
//!
//! A choice on one cell writes only `From`, all that is read of it. Sets
//! are W words each; a slot has [`parts_used`] of them.

use crate::engine::Game;
use crate::rules::*;

/// One set of a slot, in the slot's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The cells offered, or the pieces that move.
    From = 0,
    /// The cells a move crosses: a jump's or leap's OVER, a slide's path.
    Over = 1,
    /// Where a move lands.
    To = 2,
    /// A fourth set some kinds need (see the module's table).
    Fourth = 3,
}

impl Part {
    /// This part of `slot`, of sets of `w` words.
    #[inline(always)]
    pub(crate) fn of(self, slot: &[u64], w: usize) -> &[u64] {
        let i = self as usize;
        &slot[i * w..(i + 1) * w]
    }

    /// This part of `slot`, to fill.
    #[inline(always)]
    pub(crate) fn of_mut(self, slot: &mut [u64], w: usize) -> &mut [u64] {
        let i = self as usize;
        &mut slot[i * w..(i + 1) * w]
    }

    /// This part of a slot on a board of one word.
    #[inline(always)]
    pub(crate) fn word(self, slot: &[u64]) -> u64 {
        slot[self as usize]
    }
}

/// The number of parts each slot has in a game: a fourth only where some
/// choice needs one, and one per direction after the third where a choice
/// draws lines.
pub(in crate::engine) fn parts_used(rules: &Rules) -> usize {
    let fourth = rules.choices.iter().any(|c| {
        matches!(
            c.kind,
            ChoiceKind::Slide {
                by: Some(Distance::LineCount(_) | Distance::Number(_)),
                ..
            } | ChoiceKind::Hop { .. }
                | ChoiceKind::Shift { .. }
        )
    });
    let draws = rules
        .choices
        .iter()
        .any(|c| matches!(c.kind, ChoiceKind::Draw { .. }));
    match (draws, fourth) {
        (true, _) => 3 + rules.board.ndirs().max(1),
        (false, true) => 4,
        (false, false) => 3,
    }
}

/// The sets of the rules a choice caches in its slot, by [`Part`] (the
/// fourth of a hop, the occupied cells, and of a shift without TOWARD,
/// every cell, are no expression of the rules).
pub(in crate::engine) fn slot_exprs(kind: &ChoiceKind) -> [Option<&SetExpr>; 4] {
    match kind {
        ChoiceKind::Place { target, .. } => [Some(target), None, None, None],
        ChoiceKind::Convert(target)
        | ChoiceKind::Remove(target)
        | ChoiceKind::Pick(target)
        | ChoiceKind::Deal { target, .. } => [Some(target), None, None, None],
        ChoiceKind::Sow { from, .. } => [Some(from), None, None, None],
        ChoiceKind::Step { from, to, .. }
        | ChoiceKind::Move { from, to }
        | ChoiceKind::Draw { from, to, .. } => [Some(from), None, Some(to), None],
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

impl Game {
    /// The cached slot of the `i`-th choice of the current step.
    #[inline]
    pub(crate) fn slot<'a>(&self, st: &'a crate::engine::State, i: usize) -> &'a [u64] {
        let n = self.slot_sets * self.words;
        &st.targets[i * n..(i + 1) * n]
    }
}
