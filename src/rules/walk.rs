//! The one walk over the compiled rules. Every fact derived from the rules
//! (what the engine tracks, which lines it precomputes, what a symmetry must
//! respect) is a [`Visitor`] that says, node by node, what it does with it;
//! the walk alone knows the parts of each node. Both match every variant, so
//! a new node fails to compile until the walk and each fact handle it.

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
}

/// The context of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub site: Site,
    /// Inside a per-player definition, the player whose part this is.
    pub player: Option<usize>,
    /// Inside the condition of a `where`, where `here` is the cell tested.
    pub in_where: bool,
}

/// A node of the rules.
#[derive(Clone, Copy, Debug)]
pub enum Node<'a> {
    Set(&'a SetExpr),
    Num(&'a NumExpr),
    Cond(&'a BoolExpr),
    Dir(&'a DirExpr),
    /// A set of directions (a move's, or `S at DIRS`).
    Dirs(&'a DirSet),
    Effect(&'a Effect),
    /// A choice offered by a step (its targets and effects follow).
    Choice(&'a Choice),
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
    if let Some(o) = &rules.stuck {
        outcome(o, at(Site::Outcome), v);
    }
    for t in &rules.turns {
        match &t.when {
            TurnWhen::If(c) => cond(c, at(Site::TurnWhen), v),
            TurnWhen::Always | TurnWhen::Number(_) => {}
        }
        for s in &t.steps {
            match s {
                Step::Choose { repeat, choices } => {
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
    match &c.kind {
        ChoiceKind::Place { target: t, .. } => set(t, target, v),
        ChoiceKind::Convert(t) | ChoiceKind::Remove(t) => set(t, target, v),
        ChoiceKind::Step {
            from, dirs: d, to, ..
        } => {
            set(from, target, v);
            dirs(d, target, v);
            set(to, target, v);
        }
        ChoiceKind::Jump {
            from,
            dirs: d,
            over,
            to,
        } => {
            set(from, target, v);
            dirs(d, target, v);
            set(over, target, v);
            set(to, target, v);
        }
        ChoiceKind::Slide {
            from,
            dirs: d,
            by,
            path,
            to,
        } => {
            set(from, target, v);
            dirs(d, target, v);
            match by {
                Some(Distance::LineCount(counted)) => set(counted, target, v),
                Some(Distance::Cells(_)) | None => {}
            }
            set(path, target, v);
            set(to, target, v);
        }
        ChoiceKind::Leap {
            from, toward, to, ..
        } => {
            set(from, target, v);
            if let Some(d) = toward {
                dirs(d, target, v);
            }
            set(to, target, v);
        }
        ChoiceKind::Move { from, to } => {
            set(from, target, v);
            set(to, target, v);
        }
        // Its cells are fixed: nothing to evaluate.
        ChoiceKind::Pass | ChoiceKind::Swap | ChoiceKind::Choose { .. } | ChoiceKind::Rotate(_) => {
        }
    }
    let then = At {
        site: Site::Effect,
        ..target
    };
    for e in &c.then {
        effect(e, then, v);
    }
}

fn outcome(o: &Outcome, at: At, v: &mut impl Visitor) {
    if !v.visit(Node::Outcome(o), at) {
        return;
    }
    match o {
        Outcome::Compare(keys) => {
            for (_, k) in keys {
                num(k, at, v);
            }
        }
        Outcome::Draw | Outcome::Wins(_) | Outcome::Loses(_) => {}
    }
}

/// The same context for the part of player `p` of a per-player definition.
fn for_player(at: At, p: usize) -> At {
    At {
        player: Some(p),
        ..at
    }
}

pub fn set(e: &SetExpr, at: At, v: &mut impl Visitor) {
    if !v.visit(Node::Set(e), at) {
        return;
    }
    match e {
        SetExpr::Union(a, b)
        | SetExpr::Inter(a, b)
        | SetExpr::Except(a, b)
        | SetExpr::Reach(a, b) => {
            set(a, at, v);
            set(b, at, v);
        }
        SetExpr::Ray(r) => {
            set(&r.from, at, v);
            set(&r.path, at, v);
            dirs(&r.dirs, at, v);
        }
        SetExpr::Flanked(f) => {
            set(&f.run, at, v);
            set(&f.start, at, v);
            set(&f.end, at, v);
            dirs(&f.dirs, at, v);
        }
        SetExpr::Complement(a)
        | SetExpr::Neighbors(a)
        | SetExpr::Like(a)
        | SetExpr::Box(a)
        | SetExpr::Leaps(a, _)
        | SetExpr::Lines(a, _) => set(a, at, v),
        SetExpr::Where(a, c) => {
            set(a, at, v);
            cond(
                c,
                At {
                    in_where: true,
                    ..at
                },
                v,
            );
        }
        SetExpr::ByPlayer(list) => {
            for (p, x) in list.iter().enumerate() {
                set(x, for_player(at, p), v);
            }
        }
        SetExpr::Empty
        | SetExpr::Occupied
        | SetExpr::All
        | SetExpr::Here
        | SetExpr::Origin
        | SetExpr::Jumped
        | SetExpr::Owned(_)
        | SetExpr::Enemy
        | SetExpr::Piece(_)
        | SetExpr::Mark(_)
        | SetExpr::Fixed(_)
        | SetExpr::PerPlayer(_)
        | SetExpr::Var(_) => {}
    }
}

pub fn num(e: &NumExpr, at: At, v: &mut impl Visitor) {
    if !v.visit(Node::Num(e), at) {
        return;
    }
    match e {
        NumExpr::Count(s)
        | NumExpr::Groups(s)
        | NumExpr::Largest(s)
        | NumExpr::Rows(s)
        | NumExpr::Columns(s) => set(s, at, v),
        NumExpr::Select(c, a, b) => {
            cond(c, at, v);
            num(a, at, v);
            num(b, at, v);
        }
        NumExpr::ByPlayer(list) => {
            for (p, x) in list.iter().enumerate() {
                num(x, for_player(at, p), v);
            }
        }
        NumExpr::Add(a, b) | NumExpr::Sub(a, b) | NumExpr::Mul(a, b) => {
            num(a, at, v);
            num(b, at, v);
        }
        NumExpr::Neg(a) => num(a, at, v),
        NumExpr::Const(_)
        | NumExpr::Turn
        | NumExpr::Var(_)
        | NumExpr::Passes
        | NumExpr::Index(_)
        | NumExpr::InHand(..) => {}
    }
}

pub fn cond(e: &BoolExpr, at: At, v: &mut impl Visitor) {
    if !v.visit(Node::Cond(e), at) {
        return;
    }
    match e {
        BoolExpr::Not(a) => cond(a, at, v),
        BoolExpr::And(a, b) | BoolExpr::Or(a, b) => {
            cond(a, at, v);
            cond(b, at, v);
        }
        BoolExpr::Cmp(_, a, b) => {
            num(a, at, v);
            num(b, at, v);
        }
        BoolExpr::NonEmpty(s) | BoolExpr::Line(s, _) => set(s, at, v),
        BoolExpr::Connected(a, b, c) => {
            set(a, at, v);
            set(b, at, v);
            set(c, at, v);
        }
        BoolExpr::At(s, d) => {
            set(s, at, v);
            dir(d, at, v);
        }
        BoolExpr::AtSome(s, d) => {
            set(s, at, v);
            dirs(d, at, v);
        }
        BoolExpr::Quantifier { body, .. } => cond(body, at, v),
        BoolExpr::Escapes {
            seed,
            through,
            bound,
        } => {
            set(seed, at, v);
            set(through, at, v);
            set(bound, at, v);
        }
        BoolExpr::ByPlayer(list) => {
            for (p, x) in list.iter().enumerate() {
                cond(x, for_player(at, p), v);
            }
        }
        BoolExpr::Const(_) | BoolExpr::SamePlayer(..) => {}
    }
}

pub fn dir(e: &DirExpr, at: At, v: &mut impl Visitor) {
    if !v.visit(Node::Dir(e), at) {
        return;
    }
    match e {
        DirExpr::Rotate(inner, _) => dir(inner, at, v),
        DirExpr::Const(_) | DirExpr::Var(_) => {}
    }
}

/// A set of directions has no parts: it is visited as one node.
pub fn dirs(e: &DirSet, at: At, v: &mut impl Visitor) {
    v.visit(Node::Dirs(e), at);
}

pub fn effect(e: &Effect, at: At, v: &mut impl Visitor) {
    if !v.visit(Node::Effect(e), at) {
        return;
    }
    match e {
        Effect::Mark(_, s)
        | Effect::Unmark(_, s)
        | Effect::Convert(s, _)
        | Effect::Remove(s, _)
        | Effect::Make(s, _)
        | Effect::Place(_, s) => set(s, at, v),
        Effect::Move(from, to) => {
            set(from, at, v);
            set(to, at, v);
        }
        Effect::Repeat(body) => effect(body, at, v),
        Effect::If(c, yes, no) => {
            cond(c, at, v);
            effect(yes, at, v);
            if let Some(no) = no {
                effect(no, at, v);
            }
        }
        Effect::Seq(list) => {
            for x in list {
                effect(x, at, v);
            }
        }
        Effect::EachGroup { set: s, body, .. } => {
            set(s, at, v);
            effect(body, at, v);
        }
        Effect::Set(_, n) => num(n, at, v),
        Effect::Clear(_) | Effect::Swap => {}
    }
}
