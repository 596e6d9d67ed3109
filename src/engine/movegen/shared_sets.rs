//! Sets shared by the choices of one step, computed once per offer.
//!
//! A definition is copied wherever it is used, so two choices of a step
//! often test the same `where` set (Equi's territory sites are the target of
//! one choice and excluded from another's). When the game is built, the
//! `where` sets that occur more than once among a step's targets are listed;
//! while the step's actions are offered, the first evaluation of such a set
//! is kept and the others copy it. Only occurrences seen in the offer's own
//! context are shared: inside a `where` condition or a `some d:`, `here` or
//! a direction is rebound, and the memo is off.

use crate::rules::walk::Node;
use crate::rules::*;

/// Most shared sets (bits of the memo's `u64` of valid entries).
pub(in crate::engine) const MAX_SHARED: usize = u64::BITS as usize;

/// The `where` sets that occur at least twice among the targets of one
/// step's choices (outside any binder), at most [`MAX_SHARED`].
pub(in crate::engine) fn shared_sets(rules: &Rules) -> Vec<SetExpr> {
    let mut shared: Vec<SetExpr> = Vec::new();
    for seen in step_wheres(rules) {
        for (i, e) in seen.iter().enumerate() {
            if seen[..i].contains(e) && !shared.contains(e) && shared.len() < MAX_SHARED {
                shared.push((*e).clone());
            }
        }
    }
    shared
}

/// Per decision step, the `where` sets its choices' targets evaluate in
/// the offer's own context, in order.
fn step_wheres(rules: &Rules) -> impl Iterator<Item = Vec<&SetExpr>> {
    let steps = rules.turns.iter().flat_map(|t| &t.steps);
    steps.filter_map(|step| {
        let Step::Choose { choices, .. } = step else {
            return None;
        };
        let mut seen: Vec<&SetExpr> = Vec::new();
        for (c, _, _) in choices {
            for target in targets(&rules.choices[*c as usize].kind) {
                wheres(target, &mut seen);
            }
        }
        Some(seen)
    })
}

/// Where each occurrence of a shared set stands among the targets, by its
/// address (the rules are an `Arc` and never change, as for
/// `eval::program`'s roots), and which shared set it is: evaluation finds a
/// `where` there without comparing expressions.
pub(in crate::engine) fn shared_addresses(rules: &Rules, shared: &[SetExpr]) -> Vec<(usize, u8)> {
    let mut out: Vec<(usize, u8)> = Vec::new();
    for e in step_wheres(rules).flatten() {
        let key = e as *const SetExpr as usize;
        if let Some(k) = shared.iter().position(|s| s == e)
            && !out.iter().any(|&(a, _)| a == key)
        {
            out.push((key, k as u8));
        }
    }
    out
}

/// The target sets a choice evaluates when offered: its parts.
fn targets(kind: &ChoiceKind) -> Vec<&SetExpr> {
    let mut sets = Vec::new();
    kind.each_part(&mut |part, _| {
        if let Node::Set(s) = part {
            sets.push(s);
        }
    });
    sets
}

/// The `where` sets evaluated in the context of `e` (not under a binder).
fn wheres<'a>(e: &'a SetExpr, out: &mut Vec<&'a SetExpr>) {
    if let SetExpr::Where(..) = e {
        out.push(e);
        return;
    }
    e.each_part(&mut |part, _| {
        if let Node::Set(s) = part {
            wheres(s, out);
        }
    });
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::engine::same_games::game;

    /// Plays the same pseudo-random games with and without the memo and
    /// compares the legal actions at every ply.
    fn same_actions_without_memo(g: &Game) {
        let plain = crate::engine::same_games::without(g, crate::engine::Shortcut::SharedSets);
        crate::engine::same_games::same_games(g, &plain, 20, 200, |_, _| {});
    }

    #[test]
    fn equi_shares_its_territory_sites_and_plays_the_same() {
        let src = include_str!("../../../games/equi.gdl");
        let g = game(src, &[]);
        assert!(!g.shared_sets.is_empty());
        same_actions_without_memo(&g);
        same_actions_without_memo(&game(src, &[("discs", "safe-non-territory")]));
    }

    /// `near` depends on `here`: inside another `where` it must be computed
    /// for the tested cell, not copied from the offer's own `here`.
    #[test]
    fn a_shared_set_under_a_binder_is_not_copied() {
        let g = game(
            "game T board square(4) players x, o pieces stone
             define near = (neighbors(here) and empty) where count(own) >= 0
             turn: place stone at near | place stone at near except cells(a1)
                 | place stone at empty where count(near) = 2 | pass",
            &[],
        );
        assert_eq!(g.shared_sets.len(), 1);
        same_actions_without_memo(&g);
    }
}
