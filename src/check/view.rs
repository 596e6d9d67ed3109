//! `view: SET`: what each player sees of the position (hidden information),
//! and `destinations`, which only the view may read.

use crate::ast::ExprKind;
use crate::rules::walk::{self, At, Node, Site};
use crate::rules::{HandsSeen, SetExpr};

use super::{Checker, Value};

impl<'a> Checker<'a> {
    /// The one `view` of the game, lowered; `None` when there is none (every
    /// player sees everything). A second `view` is an error at its set.
    pub(super) fn view(&mut self) -> Option<SetExpr> {
        let file = self.file;
        let (first, more) = file.views.split_first()?;
        for again in more {
            self.error(
                again.span,
                "a game has one `view`; join the cells each player sees with `or` in the first",
            );
        }
        self.in_view = true;
        let view = self.set(first);
        self.in_view = false;
        Some(view)
    }
}

impl<'a> Checker<'a> {
    /// `view owners: SET`, lowered; `None` when there is none. It needs a
    /// `view`, and there is one at most.
    pub(super) fn view_owners(&mut self, has_view: bool) -> Option<SetExpr> {
        let file = self.file;
        let (first, more) = file.view_owners.split_first()?;
        for again in more {
            self.error(
                again.span,
                "a game has one `view owners`; join its cells with `or`",
            );
        }
        if !has_view {
            self.error(
                first.span,
                "`view owners` needs a `view: SET` (the cells whose pieces each player sees whole)",
            );
        }
        self.in_view = true;
        let owners = self.set(first);
        self.in_view = false;
        Some(owners)
    }

    /// `view hands: own`: whose hands each player sees.
    pub(super) fn hands_seen(&mut self, has_view: bool) -> HandsSeen {
        let file = self.file;
        let Some((first, more)) = file.view_hands.split_first() else {
            return HandsSeen::Every;
        };
        for again in more {
            self.error(again.span, "a game has one `view hands`");
        }
        if !matches!(&first.kind, ExprKind::Name(n) if n == "own") {
            self.error(
                first.span,
                "`view hands` takes `own` only: each player sees its own hand, and of the others' how many pieces they hold",
            );
        }
        if !has_view {
            self.error(
                first.span,
                "`view hands` needs a `view: SET` (the cells whose pieces each player sees)",
            );
        }
        if file.reserves.is_empty() {
            self.error(
                first.span,
                "`view hands` in a game without hands (`reserve`)",
            );
        }
        HandsSeen::Own
    }
}

/// Whether a lowered value reads `destinations` (so that it may stand only
/// in the view: working it out lists a player's actions).
pub(super) fn value_reads_destinations(value: &Value) -> bool {
    let node = match value {
        Value::Set(e) => Node::Set(e),
        Value::Num(e) => Node::Num(e),
        Value::Bool(e) => Node::Cond(e),
        Value::Dir(e) => Node::Dir(e),
        Value::Dirs(_) | Value::Chosen(_) | Value::Who(_) | Value::Symbol { .. } | Value::Error => {
            return false;
        }
    };
    reads_destinations(node)
}

/// Whether an expression reads `destinations`.
pub(super) fn reads_destinations(node: Node<'_>) -> bool {
    let at = At {
        site: Site::Target,
        player: None,
        in_where: false,
    };
    walk::finds(node, at, |n| matches!(n, Node::Set(SetExpr::Destinations)))
}
