//! The one walk over the compiled rules. Every fact derived from the rules
//! (what the engine tracks, which lines it precomputes, what a symmetry must
//! respect) is a [`Visitor`] that says, node by node, what it does with it.
//! The walk asks each node for its parts ([`super::parts`]), the one place
//! that lists them, so a new node fails to compile until its parts are
//! listed there and each fact that matches on nodes handles it.

use super::parts::Role;
use super::*;

/// Where in the rules an expression sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// An `end if` rule's condition, checked after every action.
    End,
    /// An `end if` step's condition, inside a turn.
    StepEnd,
    /// An outcome: the keys of `most` / `least`.
    Outcome,
    /// A turn rule's `if` condition.
    TurnWhen,
    /// A `while` step's condition.
    While,
    /// A choice's guard (`... if COND`).
    Guard,
    /// A choice's target sets: what it offers.
    Target,
    /// An effect: a choice's `then`, or an automatic step.
    Effect,
    /// A choice's `keep if` condition, seen on the position after the
    /// action.
    Keep,
}

/// The context of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// What the expression is part of.
    pub site: Site,
    /// Inside a per-player definition, the player whose part this is.
    pub player: Option<usize>,
    /// Inside the condition of a `where`, where `here` is the cell tested.
    pub in_where: bool,
}

/// A node of the rules.
#[derive(Clone, Copy, Debug)]
pub enum Node<'a> {
    /// A set of cells.
    Set(&'a SetExpr),
    /// A number.
    Num(&'a NumExpr),
    /// A condition.
    Cond(&'a BoolExpr),
    /// A single direction.
    Dir(&'a DirExpr),
    /// A set of directions (a move's, or `S at DIRS`).
    Dirs(&'a DirSet),
    /// An effect.
    Effect(&'a Effect),
    /// A choice offered by a step (its targets and effects follow).
    Choice(&'a Choice),
    /// An outcome of an end rule or of `end if stuck`.
    Outcome(&'a Outcome),
}

/// A fact computed over the rules.
pub trait Visitor {
    /// Called on each node before its parts; `false` skips the parts.
    fn visit(&mut self, node: Node<'_>, at: At) -> bool;
}

/// Visits every expression of the rules: end rules, the stuck outcome, then
/// each turn's condition and steps (a choice each time a step offers it).
pub fn walk(rules: &Rules, v: &mut impl Visitor) {
    let at = |site| At {
        site,
        player: None,
        in_where: false,
    };
    for (c, o) in &rules.ends {
        cond(c, at(Site::End), v);
        outcome(o, at(Site::Outcome), v);
    }
    for (c, o) in &rules.stuck {
        cond(c, at(Site::End), v);
        outcome(o, at(Site::Outcome), v);
    }
    // Read like an outcome's keys: on the position after a turn.
    if let Some(p) = &rules.prefer {
        num(&p.value, at(Site::Outcome), v);
        // Read at each decision, as a guard is.
        if let Some(b) = &p.bound {
            num(b, at(Site::Guard), v);
        }
    }
    for t in &rules.turns {
        match &t.when {
            TurnWhen::If(c) => cond(c, at(Site::TurnWhen), v),
            TurnWhen::Always | TurnWhen::Number(_) => {}
        }
        for s in &t.steps {
            match s {
                Step::Choose {
                    repeat, choices, ..
                } => {
                    match repeat {
                        Repeat::While(c) | Repeat::WhilePossible(c) => cond(c, at(Site::While), v),
                        Repeat::Times(_) => {}
                    }
                    for (i, guard, _) in choices {
                        if let Some(g) = guard {
                            cond(g, at(Site::Guard), v);
                        }
                        choice(&rules.choices[*i as usize], v);
                    }
                }
                Step::Effect(e) => effect(e, at(Site::Effect), v),
                Step::End(c, o) => {
                    cond(c, at(Site::StepEnd), v);
                    outcome(o, at(Site::Outcome), v);
                }
            }
        }
    }
    // A `try` step's real actions are played in place of the named ones.
    for t in &rules.tries {
        for (i, guard, _) in &t.real {
            if let Some(g) = guard {
                cond(g, at(Site::Guard), v);
            }
            choice(&rules.choices[*i as usize], v);
        }
        if let Some(e) = &t.failing {
            effect(e, at(Site::Effect), v);
        }
    }
}

fn choice(c: &Choice, v: &mut impl Visitor) {
    let target = At {
        site: Site::Target,
        player: None,
        in_where: false,
    };
    if !v.visit(Node::Choice(c), target) {
        return;
    }
    c.kind
        .each_part(&mut |p, role| node(p, target.inside(role), v));
    let then = At {
        site: Site::Effect,
        ..target
    };
    for e in &c.then {
        effect(e, then, v);
    }
    let keep = At {
        site: Site::Keep,
        ..target
    };
    for k in &c.keep {
        cond(k, keep, v);
    }
}

impl At {
    /// The context of a part in the given role.
    fn inside(self, role: Role) -> At {
        match role {
            Role::Same => self,
            Role::WhereCondition => At {
                in_where: true,
                ..self
            },
            Role::ForPlayer(p) => At {
                player: Some(p),
                ..self
            },
        }
    }
}

/// Visits a node, then (unless the visitor declines) its parts.
pub fn node(n: Node<'_>, at: At, v: &mut impl Visitor) {
    match n {
        Node::Set(e) => set(e, at, v),
        Node::Num(e) => num(e, at, v),
        Node::Cond(e) => cond(e, at, v),
        Node::Dir(e) => dir(e, at, v),
        Node::Dirs(e) => dirs(e, at, v),
        Node::Effect(e) => effect(e, at, v),
        Node::Choice(c) => choice(c, v),
        Node::Outcome(o) => outcome(o, at, v),
    }
}

/// Whether some node inside `n` (itself included) is `wanted`: the walk
/// stops at the first.
pub fn finds(n: Node<'_>, at: At, wanted: fn(Node<'_>) -> bool) -> bool {
    struct Finds(fn(Node<'_>) -> bool, bool);
    impl Visitor for Finds {
        fn visit(&mut self, node: Node<'_>, _: At) -> bool {
            self.1 |= (self.0)(node);
            !self.1
        }
    }
    let mut f = Finds(wanted, false);
    node(n, at, &mut f);
    f.1
}

fn outcome(o: &Outcome, at: At, v: &mut impl Visitor) {
    if v.visit(Node::Outcome(o), at) {
        o.each_part(&mut |p, role| node(p, at.inside(role), v));
    }
}

/// Visits a set expression, then (unless the visitor declines) its parts.
pub fn set(e: &SetExpr, at: At, v: &mut impl Visitor) {
    if v.visit(Node::Set(e), at) {
        e.each_part(&mut |p, role| node(p, at.inside(role), v));
    }
}

/// Visits a number expression, then (unless the visitor declines) its parts.
pub fn num(e: &NumExpr, at: At, v: &mut impl Visitor) {
    if v.visit(Node::Num(e), at) {
        e.each_part(&mut |p, role| node(p, at.inside(role), v));
    }
}

/// Visits a condition, then (unless the visitor declines) its parts.
pub fn cond(e: &BoolExpr, at: At, v: &mut impl Visitor) {
    if v.visit(Node::Cond(e), at) {
        e.each_part(&mut |p, role| node(p, at.inside(role), v));
    }
}

/// Visits a direction expression, then (unless the visitor declines) its
/// parts.
pub fn dir(e: &DirExpr, at: At, v: &mut impl Visitor) {
    if v.visit(Node::Dir(e), at) {
        e.each_part(&mut |p, role| node(p, at.inside(role), v));
    }
}

/// A set of directions has no parts: it is visited as one node.
pub fn dirs(e: &DirSet, at: At, v: &mut impl Visitor) {
    v.visit(Node::Dirs(e), at);
}

/// Visits an effect, then (unless the visitor declines) its parts.
pub fn effect(e: &Effect, at: At, v: &mut impl Visitor) {
    if v.visit(Node::Effect(e), at) {
        e.each_part(&mut |p, role| node(p, at.inside(role), v));
    }
}
