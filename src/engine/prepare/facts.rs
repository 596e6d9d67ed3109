//! Facts about the rules that the engine derives once, in one walk
//! ([`crate::rules::walk`]): which trackers and tables it needs. Each fact
//! says what it does with every kind of node.

use crate::rules::walk::{At, Node, Site, Visitor, walk};
use crate::rules::*;

/// What the engine needs to know about the rules before play.
#[derive(Clone, Debug, Default, PartialEq)]
pub(in crate::engine) struct Facts {
    /// Some rule asks about groups of a player's pieces (`own`, `enemy`, a
    /// player), which the union-find answers.
    pub player_groups: bool,
    /// The legal actions may depend on the cells of the last action
    /// (`here`, `origin`, `jumped` in targets, guards or conditions), so
    /// the hash of a position must include them.
    pub last_cells: bool,
    /// Some rule asks `connected(...)`.
    pub connections: bool,
    /// The fixed sets used as the sides of `connected(...)`, sorted.
    pub anchors: Vec<u32>,
    /// The lengths asked by `line(S, n)`, sorted.
    pub line_lengths: Vec<u32>,
    /// Each `line(S, n)` asked, once.
    pub line_queries: Vec<(SetExpr, u32)>,
}

impl Facts {
    pub fn of(rules: &Rules) -> Facts {
        let mut f = Facts::default();
        walk(rules, &mut f);
        f.anchors.sort_unstable();
        f.anchors.dedup();
        f.line_lengths.sort_unstable();
        f.line_lengths.dedup();
        f
    }

    /// Group questions: the union-find answers those about one player's
    /// pieces. Only conditions and outcomes ask (a question in an effect or
    /// a target finds the forest stale and rebuilds it, which costs time
    /// only).
    fn player_groups(&mut self, node: Node<'_>, at: At) {
        match at.site {
            Site::End | Site::StepEnd | Site::Outcome | Site::TurnWhen | Site::Guard => {}
            Site::While | Site::Target | Site::Effect => return,
        }
        let asks = match node {
            Node::Num(e) => match e {
                NumExpr::Groups(s) | NumExpr::Largest(s) => of_player(s),
                NumExpr::Const(_)
                | NumExpr::Turn
                | NumExpr::Var(_)
                | NumExpr::Passes
                | NumExpr::Index(_)
                | NumExpr::InHand(..)
                | NumExpr::Select(..)
                | NumExpr::Rows(_)
                | NumExpr::Columns(_)
                | NumExpr::ByPlayer(_)
                | NumExpr::Count(_)
                | NumExpr::Add(..)
                | NumExpr::Sub(..)
                | NumExpr::Mul(..)
                | NumExpr::Neg(_) => false,
            },
            Node::Cond(e) => match e {
                BoolExpr::Connected(s, _, _) => of_player(s),
                BoolExpr::Const(_)
                | BoolExpr::Not(_)
                | BoolExpr::And(..)
                | BoolExpr::Or(..)
                | BoolExpr::Cmp(..)
                | BoolExpr::NonEmpty(_)
                | BoolExpr::Line(..)
                | BoolExpr::At(..)
                | BoolExpr::AtSome(..)
                | BoolExpr::Quantifier { .. }
                | BoolExpr::Escapes { .. }
                | BoolExpr::SamePlayer(..)
                | BoolExpr::ByPlayer(_) => false,
            },
            // Sets, directions, effects, choices and outcomes ask nothing
            // about groups themselves; their parts are visited.
            Node::Set(_)
            | Node::Dir(_)
            | Node::Dirs(_)
            | Node::Effect(_)
            | Node::Choice(_)
            | Node::Outcome(_) => false,
        };
        self.player_groups |= asks;
    }

    /// The last action's cells, where they decide what is offered.
    fn last_cells(&mut self, node: Node<'_>, at: At) {
        match at.site {
            Site::End | Site::StepEnd | Site::While | Site::Guard | Site::Target => {}
            Site::Outcome | Site::TurnWhen | Site::Effect => return,
        }
        let asks = match node {
            Node::Set(e) => match e {
                // In a `where` condition, `here` is the cell tested.
                SetExpr::Here => !at.in_where,
                SetExpr::Origin | SetExpr::Jumped => true,
                SetExpr::Empty
                | SetExpr::Occupied
                | SetExpr::All
                | SetExpr::Owned(_)
                | SetExpr::Enemy
                | SetExpr::Piece(_)
                | SetExpr::Mark(_)
                | SetExpr::Fixed(_)
                | SetExpr::PerPlayer(_)
                | SetExpr::Union(..)
                | SetExpr::Inter(..)
                | SetExpr::Except(..)
                | SetExpr::Complement(_)
                | SetExpr::Neighbors(_)
                | SetExpr::Where(..)
                | SetExpr::Var(_)
                | SetExpr::ByPlayer(_)
                | SetExpr::Reach(..)
                | SetExpr::Like(_)
                | SetExpr::Box(_)
                | SetExpr::Ray(..)
                | SetExpr::Flanked(_)
                | SetExpr::Leaps(..)
                | SetExpr::Lines(..) => false,
            },
            Node::Cond(e) => match e {
                // `at` looks from `here`.
                BoolExpr::At(..) | BoolExpr::AtSome(..) => !at.in_where,
                BoolExpr::Const(_)
                | BoolExpr::Not(_)
                | BoolExpr::And(..)
                | BoolExpr::Or(..)
                | BoolExpr::Cmp(..)
                | BoolExpr::NonEmpty(_)
                | BoolExpr::Connected(..)
                | BoolExpr::Line(..)
                | BoolExpr::Quantifier { .. }
                | BoolExpr::Escapes { .. }
                | BoolExpr::SamePlayer(..)
                | BoolExpr::ByPlayer(_) => false,
            },
            // No number, direction, effect or outcome names a cell itself.
            Node::Num(_)
            | Node::Dir(_)
            | Node::Dirs(_)
            | Node::Effect(_)
            | Node::Choice(_)
            | Node::Outcome(_) => false,
        };
        self.last_cells |= asks;
    }

    /// `connected(S, A, B)` anywhere: its fixed sides become anchors.
    fn connections(&mut self, node: Node<'_>) {
        let Node::Cond(e) = node else { return };
        match e {
            BoolExpr::Connected(_, a, b) => {
                self.connections = true;
                for side in [a, b] {
                    match side {
                        SetExpr::Fixed(i) => self.anchors.push(*i),
                        SetExpr::PerPlayer(v) => self.anchors.extend(v.iter().copied()),
                        // A side computed during play is flooded to, not anchored.
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
                        | SetExpr::Union(..)
                        | SetExpr::Inter(..)
                        | SetExpr::Except(..)
                        | SetExpr::Complement(_)
                        | SetExpr::Neighbors(_)
                        | SetExpr::Where(..)
                        | SetExpr::Var(_)
                        | SetExpr::ByPlayer(_)
                        | SetExpr::Reach(..)
                        | SetExpr::Like(_)
                        | SetExpr::Box(_)
                        | SetExpr::Ray(..)
                        | SetExpr::Flanked(_)
                        | SetExpr::Leaps(..)
                        | SetExpr::Lines(..) => {}
                    }
                }
            }
            BoolExpr::Const(_)
            | BoolExpr::Not(_)
            | BoolExpr::And(..)
            | BoolExpr::Or(..)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Line(..)
            | BoolExpr::At(..)
            | BoolExpr::AtSome(..)
            | BoolExpr::Quantifier { .. }
            | BoolExpr::Escapes { .. }
            | BoolExpr::SamePlayer(..)
            | BoolExpr::ByPlayer(_) => {}
        }
    }

    /// `line(S, n)` anywhere: lines of length `n` may be precomputed.
    fn lines(&mut self, node: Node<'_>) {
        let Node::Cond(e) = node else { return };
        match e {
            BoolExpr::Line(s, n) => {
                self.line_lengths.push(*n);
                if !self.line_queries.iter().any(|(t, m)| t == s && m == n) {
                    self.line_queries.push((s.clone(), *n));
                }
            }
            BoolExpr::Const(_)
            | BoolExpr::Not(_)
            | BoolExpr::And(..)
            | BoolExpr::Or(..)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Connected(..)
            | BoolExpr::At(..)
            | BoolExpr::AtSome(..)
            | BoolExpr::Quantifier { .. }
            | BoolExpr::Escapes { .. }
            | BoolExpr::SamePlayer(..)
            | BoolExpr::ByPlayer(_) => {}
        }
    }
}

/// Whether a set is the pieces of one player, whose groups the union-find
/// keeps.
fn of_player(s: &SetExpr) -> bool {
    match s {
        SetExpr::Owned(_) | SetExpr::Enemy => true,
        SetExpr::Empty
        | SetExpr::Occupied
        | SetExpr::All
        | SetExpr::Here
        | SetExpr::Origin
        | SetExpr::Jumped
        | SetExpr::Piece(_)
        | SetExpr::Mark(_)
        | SetExpr::Fixed(_)
        | SetExpr::PerPlayer(_)
        | SetExpr::Union(..)
        | SetExpr::Inter(..)
        | SetExpr::Except(..)
        | SetExpr::Complement(_)
        | SetExpr::Neighbors(_)
        | SetExpr::Where(..)
        | SetExpr::Var(_)
        | SetExpr::ByPlayer(_)
        | SetExpr::Reach(..)
        | SetExpr::Like(_)
        | SetExpr::Box(_)
        | SetExpr::Ray(..)
        | SetExpr::Flanked(_)
        | SetExpr::Leaps(..)
        | SetExpr::Lines(..) => false,
    }
}

impl Visitor for Facts {
    fn visit(&mut self, node: Node<'_>, at: At) -> bool {
        self.player_groups(node, at);
        self.last_cells(node, at);
        self.connections(node);
        self.lines(node);
        true
    }
}
