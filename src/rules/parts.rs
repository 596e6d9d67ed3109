//! What each rule node is made of, and what kind of set a set node is: the
//! one place that lists every variant for these questions. The walk
//! ([`super::walk`]) and the passes that only need a node's parts or its
//! class ask here instead of listing variants, so a new node is handled
//! here once (a compile error until it is) and by the evaluators that give
//! it a meaning.

use super::walk::Node;
use super::*;

/// How a part sits in its node, where its context differs from the node's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Seen as the node is.
    Same,
    /// The condition of a `where`: `here` is the cell tested.
    WhereCondition,
    /// The part of one player in a per-player definition.
    ForPlayer(usize),
}

/// What a set node is, for passes that care about its class, not its
/// operator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SetClass<'a> {
    /// A set the position keeps, changed only by effects: `empty`,
    /// `occupied`, a player's pieces, a kind of piece, a mark.
    Stored(Stored),
    /// The group bound by `each group` (its slot): kept while its body runs.
    Bound(u8),
    /// Computed when the game was compiled (an index into
    /// `Rules::fixed_sets`).
    Fixed(u32),
    /// Computed when the game was compiled, one per player, chosen by the
    /// view.
    FixedPerPlayer(&'a [u32]),
    /// One cell of the current action: `here`, `origin` or `jumped`.
    ActionCell(ActionCell),
    /// One set per player, chosen by the view.
    ByPlayer(&'a [SetExpr]),
    /// Computed from its parts (see [`SetExpr::each_part`]) and, for
    /// `all` and `enemy`, the position.
    Computed,
}

/// What a node reads itself, beside its parts: the questions that decide
/// whether a set is the same for every cell tested, whether the last
/// action's cells decide what is offered, which board structure a symmetry
/// must keep, and which groups the union-find must answer for.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Reads<'a> {
    /// It is usually asked from `here`, the cell of the current action or
    /// the cell a `where` tests.
    pub here: bool,
    /// The rows and columns of the board.
    pub rows_and_columns: bool,
    /// The connected groups of this set (`groups`, `largest`, the first
    /// set of `connected`).
    pub groups_of: Option<&'a SetExpr>,
}

/// A set that the position stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// Cells with no piece.
    Empty,
    /// Cells with a piece.
    Occupied,
    /// Cells with a piece of the player.
    Owned(Who),
    /// Cells with a piece of the kind.
    Piece(Kind),
    /// Cells carrying the mark.
    Mark(Mark),
    /// Cells holding counters.
    Seeded,
    /// Cells whose stack holds two pieces or more.
    Stacked,
    /// The cells the view's player's actions would end on (worked out
    /// only for a view, see [`SetExpr::Destinations`]).
    Destinations,
}

/// A cell that the current action fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionCell {
    /// The cell of the last action (or the cell tested by `where`).
    Here,
    /// The cell the last moved piece left.
    Origin,
    /// The last action's cell (`here`, never the cell a `where` tests).
    Action,
    /// The cell the last jump went over.
    Jumped,
    /// The cell the last sowing's last counter fell in.
    LastSown,
}

impl SetExpr {
    /// The class of this node. Asked on the hot path (the evaluator's
    /// stored sets), so always inlined.
    #[inline(always)]
    pub fn class(&self) -> SetClass<'_> {
        match self {
            SetExpr::Empty => SetClass::Stored(Stored::Empty),
            SetExpr::Occupied => SetClass::Stored(Stored::Occupied),
            SetExpr::Owned(w) => SetClass::Stored(Stored::Owned(*w)),
            SetExpr::Piece(k) => SetClass::Stored(Stored::Piece(*k)),
            SetExpr::Mark(m) => SetClass::Stored(Stored::Mark(*m)),
            SetExpr::Seeded => SetClass::Stored(Stored::Seeded),
            SetExpr::Stacked => SetClass::Stored(Stored::Stacked),
            SetExpr::Destinations => SetClass::Stored(Stored::Destinations),
            SetExpr::LastSown => SetClass::ActionCell(ActionCell::LastSown),
            SetExpr::Var(slot) => SetClass::Bound(*slot),
            SetExpr::Fixed(i) => SetClass::Fixed(*i),
            SetExpr::PerPlayer(v) => SetClass::FixedPerPlayer(v),
            SetExpr::Here => SetClass::ActionCell(ActionCell::Here),
            SetExpr::Origin => SetClass::ActionCell(ActionCell::Origin),
            SetExpr::ActionCell => SetClass::ActionCell(ActionCell::Action),
            SetExpr::Jumped => SetClass::ActionCell(ActionCell::Jumped),
            SetExpr::ByPlayer(v) => SetClass::ByPlayer(v),
            SetExpr::All
            | SetExpr::Enemy
            | SetExpr::Union(..)
            | SetExpr::Inter(..)
            | SetExpr::Except(..)
            | SetExpr::Complement(_)
            | SetExpr::Neighbors(_)
            | SetExpr::Where(..)
            | SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Stronger(_)
            | SetExpr::Nth(..)
            | SetExpr::Weaker(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(_)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::JumpReach(_)
            | SetExpr::Joined(..)
            | SetExpr::Member(..)
            | SetExpr::Members(..)
            | SetExpr::ReachUnlined(..)
            | SetExpr::Lines(..) => SetClass::Computed,
        }
    }

    /// What this node reads itself, its parts aside.
    pub fn reads(&self) -> Reads<'_> {
        let none = Reads::default();
        match self {
            // `ray`, `flanked` and `leaps` are usually asked from `here`;
            // not worth telling apart.
            SetExpr::Here
            | SetExpr::Ray(_)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::JumpReach(_) => Reads { here: true, ..none },
            SetExpr::Box(_) | SetExpr::Member(..) | SetExpr::Members(..) => Reads {
                rows_and_columns: true,
                ..none
            },
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::All
            | SetExpr::Origin
            | SetExpr::ActionCell
            | SetExpr::Jumped
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::LastSown
            | SetExpr::Owned(_)
            | SetExpr::Enemy
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_)
            | SetExpr::Union(..)
            | SetExpr::Inter(..)
            | SetExpr::Except(..)
            | SetExpr::Reach(..)
            | SetExpr::Complement(_)
            | SetExpr::Neighbors(_)
            | SetExpr::Like(_)
            | SetExpr::Stronger(_)
            | SetExpr::Nth(..)
            | SetExpr::Weaker(_)
            | SetExpr::Lines(..)
            | SetExpr::Joined(..)
            | SetExpr::ReachUnlined(..)
            | SetExpr::Where(..)
            | SetExpr::ByPlayer(_) => none,
        }
    }

    /// Calls `f` on each direct part, in order.
    pub fn each_part<'a>(&'a self, f: &mut impl FnMut(Node<'a>, Role)) {
        use Role::Same;
        match self {
            SetExpr::Union(a, b)
            | SetExpr::Inter(a, b)
            | SetExpr::Except(a, b)
            | SetExpr::Reach(a, b)
            | SetExpr::ReachUnlined(a, b, _) => {
                f(Node::Set(a), Same);
                f(Node::Set(b), Same);
            }
            SetExpr::Ray(r) => {
                f(Node::Set(&r.from), Same);
                f(Node::Set(&r.path), Same);
                f(Node::Dirs(&r.dirs), Same);
            }
            SetExpr::JumpReach(j) => {
                f(Node::Set(&j.from), Same);
                f(Node::Set(&j.over), Same);
                f(Node::Set(&j.to), Same);
                f(Node::Dirs(&j.dirs), Same);
            }
            SetExpr::Flanked(x) => {
                f(Node::Set(&x.run), Same);
                f(Node::Set(&x.start), Same);
                f(Node::Set(&x.end), Same);
                f(Node::Dirs(&x.dirs), Same);
            }
            SetExpr::Complement(a)
            | SetExpr::Neighbors(a)
            | SetExpr::Like(a)
            | SetExpr::Stronger(a)
            | SetExpr::Weaker(a)
            | SetExpr::Box(a)
            | SetExpr::Leaps(a, _)
            | SetExpr::Joined(a, _)
            | SetExpr::Members(a, _)
            | SetExpr::Lines(a, _) => f(Node::Set(a), Same),
            SetExpr::Member(k, _) => f(Node::Num(k), Same),
            SetExpr::Nth(a, k) => {
                f(Node::Set(a), Same);
                f(Node::Num(k), Same);
            }
            SetExpr::Where(a, c) => {
                f(Node::Set(a), Same);
                f(Node::Cond(c), Role::WhereCondition);
            }
            SetExpr::ByPlayer(list) => {
                for (p, x) in list.iter().enumerate() {
                    f(Node::Set(x), Role::ForPlayer(p));
                }
            }
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::All
            | SetExpr::Here
            | SetExpr::Origin
            | SetExpr::ActionCell
            | SetExpr::Jumped
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::LastSown
            | SetExpr::Owned(_)
            | SetExpr::Enemy
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => {}
        }
    }
}

impl NumExpr {
    /// What this node reads itself, its parts aside.
    pub fn reads(&self) -> Reads<'_> {
        match self {
            NumExpr::Rows(_) | NumExpr::Columns(_) | NumExpr::MemberIndex(..) => Reads {
                rows_and_columns: true,
                ..Reads::default()
            },
            NumExpr::Groups(s) | NumExpr::Largest(s) => Reads {
                groups_of: Some(s),
                ..Reads::default()
            },
            NumExpr::Count(_)
            | NumExpr::Tally(_)
            | NumExpr::Stack(_)
            | NumExpr::CountersInHand(_)
            | NumExpr::Select(..)
            | NumExpr::ByPlayer(_)
            | NumExpr::Add(..)
            | NumExpr::Sub(..)
            | NumExpr::Mul(..)
            | NumExpr::Div(..)
            | NumExpr::Mod(..)
            | NumExpr::Neg(_)
            | NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Repetitions
            | NumExpr::RepetitionTurns
            | NumExpr::Seen
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Index(_)
            | NumExpr::InHand(..) => Reads::default(),
        }
    }

    /// Calls `f` on each direct part, in order.
    pub fn each_part<'a>(&'a self, f: &mut impl FnMut(Node<'a>, Role)) {
        use Role::Same;
        match self {
            NumExpr::Count(s)
            | NumExpr::Tally(s)
            | NumExpr::Stack(s)
            | NumExpr::Groups(s)
            | NumExpr::Largest(s)
            | NumExpr::Rows(s)
            | NumExpr::MemberIndex(s, _)
            | NumExpr::Columns(s) => f(Node::Set(s), Same),
            NumExpr::Select(c, a, b) => {
                f(Node::Cond(c), Same);
                f(Node::Num(a), Same);
                f(Node::Num(b), Same);
            }
            NumExpr::ByPlayer(list) => {
                for (p, x) in list.iter().enumerate() {
                    f(Node::Num(x), Role::ForPlayer(p));
                }
            }
            NumExpr::Add(a, b)
            | NumExpr::Sub(a, b)
            | NumExpr::Mul(a, b)
            | NumExpr::Div(a, b)
            | NumExpr::Mod(a, b) => {
                f(Node::Num(a), Same);
                f(Node::Num(b), Same);
            }
            NumExpr::Neg(a) => f(Node::Num(a), Same),
            NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Repetitions
            | NumExpr::RepetitionTurns
            | NumExpr::Seen
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Index(_)
            | NumExpr::CountersInHand(_)
            | NumExpr::InHand(..) => {}
        }
    }
}

impl BoolExpr {
    /// What this node reads itself, its parts aside.
    pub fn reads(&self) -> Reads<'_> {
        match self {
            // `S at D` looks from `here`.
            BoolExpr::At(..) | BoolExpr::AtSome(..) => Reads {
                here: true,
                ..Reads::default()
            },
            BoolExpr::Connected(s, _, _) => Reads {
                groups_of: Some(s),
                ..Reads::default()
            },
            BoolExpr::Const(_)
            | BoolExpr::Not(_)
            | BoolExpr::And(..)
            | BoolExpr::Or(..)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Line(..)
            | BoolExpr::Quantifier { .. }
            | BoolExpr::Escapes { .. }
            | BoolExpr::Touches { .. }
            | BoolExpr::SamePlayer(..)
            | BoolExpr::ByPlayer(_)
            | BoolExpr::NextStuck
            | BoolExpr::Changed
            | BoolExpr::Attacked(..) => Reads::default(),
        }
    }

    /// Calls `f` on each direct part, in order.
    pub fn each_part<'a>(&'a self, f: &mut impl FnMut(Node<'a>, Role)) {
        use Role::Same;
        match self {
            BoolExpr::Not(a) => f(Node::Cond(a), Same),
            BoolExpr::And(a, b) | BoolExpr::Or(a, b) => {
                f(Node::Cond(a), Same);
                f(Node::Cond(b), Same);
            }
            BoolExpr::Cmp(_, a, b) => {
                f(Node::Num(a), Same);
                f(Node::Num(b), Same);
            }
            BoolExpr::NonEmpty(s) | BoolExpr::Line(s, _) => f(Node::Set(s), Same),
            BoolExpr::Attacked(s, _, left_out) => {
                f(Node::Set(s), Same);
                f(Node::Set(left_out), Same);
            }
            BoolExpr::Connected(a, b, c)
            | BoolExpr::Escapes {
                seed: a,
                through: b,
                bound: c,
            }
            | BoolExpr::Touches {
                seed: a,
                through: b,
                target: c,
            } => {
                f(Node::Set(a), Same);
                f(Node::Set(b), Same);
                f(Node::Set(c), Same);
            }
            BoolExpr::At(s, d) => {
                f(Node::Set(s), Same);
                f(Node::Dir(d), Same);
            }
            BoolExpr::AtSome(s, d) => {
                f(Node::Set(s), Same);
                f(Node::Dirs(d), Same);
            }
            BoolExpr::Quantifier { body, .. } => f(Node::Cond(body), Same),
            BoolExpr::ByPlayer(list) => {
                for (p, x) in list.iter().enumerate() {
                    f(Node::Cond(x), Role::ForPlayer(p));
                }
            }
            BoolExpr::Const(_)
            | BoolExpr::SamePlayer(..)
            | BoolExpr::NextStuck
            | BoolExpr::Changed => {}
        }
    }
}

impl DirExpr {
    /// Calls `f` on each direct part, in order.
    pub fn each_part<'a>(&'a self, f: &mut impl FnMut(Node<'a>, Role)) {
        match self {
            DirExpr::Rotate(inner, _) => f(Node::Dir(inner), Role::Same),
            DirExpr::Const(_) | DirExpr::Var(_) => {}
        }
    }
}

impl Effect {
    /// Calls `f` on each direct part, in order.
    pub fn each_part<'a>(&'a self, f: &mut impl FnMut(Node<'a>, Role)) {
        use Role::Same;
        match self {
            Effect::Mark(_, s)
            | Effect::Unmark(_, s)
            | Effect::Convert(s, _)
            | Effect::Remove(s, _)
            | Effect::Make(s, _)
            | Effect::Place(_, _, s) => f(Node::Set(s), Same),
            Effect::Move(from, to) | Effect::Draw(_, from, to) => {
                f(Node::Set(from), Same);
                f(Node::Set(to), Same);
            }
            Effect::Repeat(body) => f(Node::Effect(body), Same),
            Effect::If(c, yes, no) => {
                f(Node::Cond(c), Same);
                f(Node::Effect(yes), Same);
                if let Some(no) = no {
                    f(Node::Effect(no), Same);
                }
            }
            Effect::Seq(list) => list.iter().for_each(|x| f(Node::Effect(x), Same)),
            Effect::EachGroup { set, body, .. } => {
                f(Node::Set(set), Same);
                f(Node::Effect(body), Same);
            }
            Effect::EachMember { body, .. } => f(Node::Effect(body), Same),
            Effect::Set(_, n) => f(Node::Num(n), Same),
            Effect::Take(s, into) => {
                f(Node::Set(s), Same);
                if let Some(t) = into {
                    f(Node::Set(t), Same);
                }
            }
            Effect::Clear(_) | Effect::Swap | Effect::Again => {}
        }
    }
}

impl Outcome {
    /// Calls `f` on each direct part, in order.
    pub fn each_part<'a>(&'a self, f: &mut impl FnMut(Node<'a>, Role)) {
        match self {
            Outcome::Compare(keys) => keys.iter().for_each(|(_, k)| f(Node::Num(k), Role::Same)),
            Outcome::Draw | Outcome::Wins(_) | Outcome::Loses(_) => {}
        }
    }
}

/// What a choice's actions are, for passes that care about their shape,
/// not their kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ChoiceShape<'a> {
    /// An action on one cell of the target set: `place`, `convert`,
    /// `remove`.
    OnCell(&'a SetExpr),
    /// A piece moving to a neighbour (`step`) or over one to the cell
    /// behind (`jump`), along each cell's move directions.
    NextDoor {
        /// Over a neighbour (`jump`), not onto it (`step`).
        jump: bool,
        /// No directions were written: links without a direction are
        /// followed too (a `step` only).
        links: bool,
    },
    /// A piece moving further, along the ray and leap tables (`slide`,
    /// `leap`) or to any cell (`move`).
    Far,
    /// Actions the rules fix, on no cell: `pass`, `swap`, a value to
    /// `choose`, a region turned by `rotate` (tied to its region, which
    /// symmetries keep); the action picks one of `options`.
    Fixed {
        /// How many there are (one for `pass` and `swap`).
        options: usize,
    },
}

impl ChoiceKind {
    /// The shape of this choice's actions.
    pub fn shape(&self) -> ChoiceShape<'_> {
        match self {
            ChoiceKind::Place { target, .. } => ChoiceShape::OnCell(target),
            ChoiceKind::Convert(t) | ChoiceKind::Remove(t) | ChoiceKind::Pick(t) => {
                ChoiceShape::OnCell(t)
            }
            ChoiceKind::Sow { from, .. } => ChoiceShape::OnCell(from),
            ChoiceKind::Step { links, .. } => ChoiceShape::NextDoor {
                jump: false,
                links: *links,
            },
            ChoiceKind::Jump { .. } => ChoiceShape::NextDoor {
                jump: true,
                links: false,
            },
            ChoiceKind::Slide { .. }
            | ChoiceKind::Hop { .. }
            | ChoiceKind::Leap { .. }
            | ChoiceKind::Move { .. }
            | ChoiceKind::Draw { .. }
            | ChoiceKind::Shift { .. } => ChoiceShape::Far,
            ChoiceKind::Pass | ChoiceKind::Swap => ChoiceShape::Fixed { options: 1 },
            ChoiceKind::Choose { values, .. } => ChoiceShape::Fixed {
                options: values.len(),
            },
            ChoiceKind::Rotate(turns) => ChoiceShape::Fixed {
                options: turns.len(),
            },
            // One option per piece that could be in a hand; the cell is the
            // target's one empty cell, worked out when dealt.
            ChoiceKind::Deal { outcomes, .. } => ChoiceShape::Fixed {
                options: outcomes.len(),
            },
        }
    }

    /// What one of its actions is called in sentences (explanations).
    pub fn noun(&self) -> &'static str {
        match self {
            ChoiceKind::Step { .. } => "step",
            ChoiceKind::Jump { .. } => "jump",
            ChoiceKind::Hop { .. } => "hop",
            ChoiceKind::Slide { .. } => "slide",
            ChoiceKind::Leap { .. } => "leap",
            ChoiceKind::Move { .. } => "move",
            ChoiceKind::Draw { .. } => "line drawn",
            ChoiceKind::Shift { .. } => "block move",
            ChoiceKind::Rotate(_) => "region turn",
            ChoiceKind::Place { .. } => "placement",
            ChoiceKind::Convert(_) => "conversion",
            ChoiceKind::Remove(_) => "removal",
            ChoiceKind::Pick(_) => "pick",
            ChoiceKind::Deal { .. } => "deal",
            ChoiceKind::Sow { .. } => "sowing",
            ChoiceKind::Pass | ChoiceKind::Swap | ChoiceKind::Choose { .. } => "action",
        }
    }

    /// How option `k` of a choice with fixed options is written: a region
    /// turn as its region and signed angle (`q1+90`), a value as
    /// `variable=value` (`komi=5.5`); `None` for `pass` and `swap`, which
    /// are written as the choice's name, and for choices without options.
    pub fn option_notation(&self, k: usize, variables: &[Variable]) -> Option<String> {
        match self {
            ChoiceKind::Rotate(turns) => Some(format!("{}{:+}", turns[k].region, turns[k].angle)),
            ChoiceKind::Choose { var, values, .. } => {
                let v = &variables[*var as usize];
                Some(format!("{}={}", v.name, v.show(values[k])))
            }
            ChoiceKind::Deal { outcomes, .. } => Some(outcomes[k].clone()),
            ChoiceKind::Pass
            | ChoiceKind::Swap
            | ChoiceKind::Place { .. }
            | ChoiceKind::Convert(_)
            | ChoiceKind::Remove(_)
            | ChoiceKind::Pick(_)
            | ChoiceKind::Sow { .. }
            | ChoiceKind::Step { .. }
            | ChoiceKind::Jump { .. }
            | ChoiceKind::Hop { .. }
            | ChoiceKind::Slide { .. }
            | ChoiceKind::Leap { .. }
            | ChoiceKind::Move { .. }
            | ChoiceKind::Draw { .. }
            | ChoiceKind::Shift { .. } => None,
        }
    }

    /// The directions a move takes from each cell, for a step, a jump or a
    /// slide (a leap's are its pattern's, in its table).
    pub fn move_dirs(&self) -> Option<&DirSet> {
        match self {
            ChoiceKind::Step { dirs, .. }
            | ChoiceKind::Jump { dirs, .. }
            | ChoiceKind::Hop { dirs, .. }
            | ChoiceKind::Slide { dirs, .. } => Some(dirs),
            ChoiceKind::Leap { .. }
            | ChoiceKind::Move { .. }
            | ChoiceKind::Draw { .. }
            | ChoiceKind::Shift { .. }
            | ChoiceKind::Place { .. }
            | ChoiceKind::Convert(_)
            | ChoiceKind::Remove(_)
            | ChoiceKind::Pick(_)
            | ChoiceKind::Deal { .. }
            | ChoiceKind::Sow { .. }
            | ChoiceKind::Pass
            | ChoiceKind::Swap
            | ChoiceKind::Choose { .. }
            | ChoiceKind::Rotate(_) => None,
        }
    }

    /// Calls `f` on each set and direction set that the choice's offers
    /// are computed from, in order (its effects are the choice's `then`).
    pub fn each_part<'a>(&'a self, f: &mut impl FnMut(Node<'a>, Role)) {
        use Role::Same;
        match self {
            ChoiceKind::Place { target, .. } => f(Node::Set(target), Same),
            ChoiceKind::Convert(t) | ChoiceKind::Remove(t) | ChoiceKind::Pick(t) => {
                f(Node::Set(t), Same)
            }
            ChoiceKind::Deal { target, .. } => f(Node::Set(target), Same),
            // The cells passed over are evaluated when the action is played.
            ChoiceKind::Sow { from, skip, .. } => {
                f(Node::Set(from), Same);
                if let Some(s) = skip {
                    f(Node::Set(s), Same);
                }
            }
            ChoiceKind::Step { from, dirs, to, .. } => {
                f(Node::Set(from), Same);
                f(Node::Dirs(dirs), Same);
                f(Node::Set(to), Same);
            }
            ChoiceKind::Jump {
                from,
                dirs,
                over,
                to,
            }
            | ChoiceKind::Hop {
                from,
                dirs,
                over,
                to,
            } => {
                f(Node::Set(from), Same);
                f(Node::Dirs(dirs), Same);
                f(Node::Set(over), Same);
                f(Node::Set(to), Same);
            }
            ChoiceKind::Slide {
                from,
                dirs,
                along: _,
                loops: _,
                by,
                path,
                to,
            } => {
                f(Node::Set(from), Same);
                f(Node::Dirs(dirs), Same);
                match by {
                    Some(Distance::LineCount(counted)) => f(Node::Set(counted), Same),
                    Some(Distance::Number(n)) => f(Node::Num(n), Same),
                    Some(Distance::Cells(_)) | None => {}
                }
                f(Node::Set(path), Same);
                f(Node::Set(to), Same);
            }
            ChoiceKind::Leap {
                from,
                toward,
                over,
                to,
                ..
            } => {
                f(Node::Set(from), Same);
                if let Some((_, d)) = toward {
                    f(Node::Dirs(d), Same);
                }
                if let Some(o) = over {
                    f(Node::Set(o), Same);
                }
                f(Node::Set(to), Same);
            }
            ChoiceKind::Move { from, to } | ChoiceKind::Draw { from, to, .. } => {
                f(Node::Set(from), Same);
                f(Node::Set(to), Same);
            }
            ChoiceKind::Shift {
                from,
                toward,
                path,
                to,
                ..
            } => {
                f(Node::Set(from), Same);
                if let Some(t) = toward {
                    f(Node::Set(t), Same);
                }
                f(Node::Set(path), Same);
                f(Node::Set(to), Same);
            }
            // Its offers are fixed: nothing to evaluate.
            ChoiceKind::Pass
            | ChoiceKind::Swap
            | ChoiceKind::Choose { .. }
            | ChoiceKind::Rotate(_) => {}
        }
    }
}
