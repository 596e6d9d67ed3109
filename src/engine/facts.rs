//! Facts about the rules that the engine derives once: which trackers
//! and tables it needs.

use crate::rules::*;

/// Whether some rule asks about groups of a player's pieces (`own`,
/// `enemy`, a player), which the union-find answers.
pub(super) fn uses_player_groups(rules: &Rules) -> bool {
    fn player_set(s: &SetExpr) -> bool {
        matches!(s, SetExpr::Owned(_) | SetExpr::Enemy)
    }
    fn int(e: &NumExpr) -> bool {
        match e {
            NumExpr::Groups(s) | NumExpr::Largest(s) => player_set(s),
            NumExpr::Add(a, b) | NumExpr::Sub(a, b) | NumExpr::Mul(a, b) => int(a) || int(b),
            NumExpr::Neg(a) => int(a),
            NumExpr::ByPlayer(v) => v.iter().any(int),
            NumExpr::Select(_, a, b) => int(a) || int(b),
            NumExpr::Index(_)
            | NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Count(_)
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Rows(_)
            | NumExpr::Columns(_) => false,
        }
    }
    fn b(e: &BoolExpr) -> bool {
        match e {
            BoolExpr::Connected(s, _, _) => player_set(s),
            BoolExpr::Not(x) => b(x),
            BoolExpr::And(x, y) | BoolExpr::Or(x, y) => b(x) || b(y),
            BoolExpr::Quantifier { body, .. } => b(body),
            BoolExpr::Cmp(_, x, y) => int(x) || int(y),
            BoolExpr::ByPlayer(v) => v.iter().any(b),
            BoolExpr::Const(_)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Line(..)
            | BoolExpr::At(..)
            | BoolExpr::SamePlayer(..)
            | BoolExpr::Escapes { .. } => false,
        }
    }
    fn outcome(o: &Outcome) -> bool {
        match o {
            Outcome::Compare(keys) => keys.iter().any(|(_, k)| int(k)),
            Outcome::Draw | Outcome::Wins(_) | Outcome::Loses(_) => false,
        }
    }
    // Conditions may also sit in guards, turn choices and effects; looking
    // at ends and steps covers where group questions are asked in practice,
    // and a missed one only costs a rebuild (the forest starts stale).
    rules.ends.iter().any(|(c, o)| b(c) || outcome(o))
        || rules.turns.iter().any(|t| {
            (match &t.when {
                TurnWhen::If(c) => b(c),
                _ => false,
            }) || t.steps.iter().any(|s| match s {
                Step::End(c, o) => b(c) || outcome(o),
                Step::Choose { choices, .. } => {
                    choices.iter().any(|(_, g, _)| g.as_ref().is_some_and(b))
                }
                Step::Effect(_) => false,
            })
        })
}

/// Whether the legal actions may depend on the cell of the last action
/// (`here`, `origin`, `jumped` in targets, guards or conditions), so that
/// the hash of a position must include it.
pub(super) fn uses_last_cells(rules: &Rules) -> bool {
    fn s(e: &SetExpr) -> bool {
        match e {
            SetExpr::Here | SetExpr::Origin | SetExpr::Jumped => true,
            SetExpr::Union(a, b)
            | SetExpr::Inter(a, b)
            | SetExpr::Except(a, b)
            | SetExpr::Reach(a, b) => s(a) || s(b),
            SetExpr::Complement(a) | SetExpr::Neighbors(a) | SetExpr::Like(a) | SetExpr::Box(a) => {
                s(a)
            }
            // `here` in a `where` is the cell being tested.
            SetExpr::Where(a, _) => s(a),
            SetExpr::ByPlayer(v) => v.iter().any(s),
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::All
            | SetExpr::Owned(_)
            | SetExpr::Enemy
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => false,
        }
    }
    fn n(e: &NumExpr) -> bool {
        match e {
            NumExpr::Count(x)
            | NumExpr::Groups(x)
            | NumExpr::Largest(x)
            | NumExpr::Rows(x)
            | NumExpr::Columns(x) => s(x),
            NumExpr::Add(a, b) | NumExpr::Sub(a, b) | NumExpr::Mul(a, b) => n(a) || n(b),
            NumExpr::Neg(a) => n(a),
            NumExpr::Select(c, a, b) => bo(c) || n(a) || n(b),
            NumExpr::ByPlayer(v) => v.iter().any(n),
            NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Index(_) => false,
        }
    }
    fn bo(e: &BoolExpr) -> bool {
        match e {
            BoolExpr::Not(a) => bo(a),
            BoolExpr::And(a, b) | BoolExpr::Or(a, b) => bo(a) || bo(b),
            BoolExpr::Cmp(_, a, b) => n(a) || n(b),
            BoolExpr::NonEmpty(x) | BoolExpr::Line(x, _) => s(x),
            BoolExpr::Connected(x, y, z) => s(x) || s(y) || s(z),
            BoolExpr::Escapes {
                seed,
                through,
                bound,
            } => s(seed) || s(through) || s(bound),
            // `at` looks from `here`.
            BoolExpr::At(..) => true,
            BoolExpr::Quantifier { body, .. } => bo(body),
            BoolExpr::ByPlayer(v) => v.iter().any(bo),
            BoolExpr::Const(_) | BoolExpr::SamePlayer(..) => false,
        }
    }
    let choice = |c: &Choice| match &c.kind {
        ChoiceKind::Place { target, .. } => s(target),
        ChoiceKind::Convert(t) | ChoiceKind::Remove(t) => s(t),
        ChoiceKind::Step { from, to } => s(from) || s(to),
        ChoiceKind::Jump { from, over, to } => s(from) || s(over) || s(to),
        ChoiceKind::Pass | ChoiceKind::Swap | ChoiceKind::Choose { .. } => false,
    };
    rules.ends.iter().any(|(c, _)| bo(c))
        || rules.turns.iter().any(|t| {
            t.steps.iter().any(|st| match st {
                Step::Choose { repeat, choices } => {
                    matches!(repeat, Repeat::While(c) if bo(c))
                        || choices.iter().any(|(i, g, _)| {
                            choice(&rules.choices[*i as usize]) || g.as_ref().is_some_and(bo)
                        })
                }
                Step::End(c, _) => bo(c),
                Step::Effect(_) => false,
            })
        })
}

/// Visits the anchor arguments of every `connected(...)` in the rules.
pub(super) fn visit_connected(rules: &Rules, f: &mut dyn FnMut(&SetExpr, &SetExpr)) {
    fn b(e: &BoolExpr, f: &mut dyn FnMut(&SetExpr, &SetExpr)) {
        match e {
            BoolExpr::Connected(_, x, y) => f(x, y),
            BoolExpr::Not(x) => b(x, f),
            BoolExpr::And(x, y) | BoolExpr::Or(x, y) => {
                b(x, f);
                b(y, f);
            }
            BoolExpr::Quantifier { body, .. } => b(body, f),
            _ => {}
        }
    }
    for (c, _) in &rules.ends {
        b(c, f);
    }
    for t in &rules.turns {
        for s in &t.steps {
            if let Step::End(c, _) = s {
                b(c, f);
            }
        }
    }
}
