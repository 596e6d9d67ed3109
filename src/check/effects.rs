//! Effects: what happens without a choice, lowered with their nesting capped.

use crate::ast;
use crate::diagnostic::{Diagnostic, Span};
use crate::limits::MAX_EFFECT_DEPTH;
use crate::rules::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// `body` lowered with `var` bound to the next set slot (`each group
    /// g`, `each b in FAMILY`): the slot and the body, or `None` when the
    /// name cannot be bound (reported).
    fn set_bound(
        &mut self,
        var: &ast::Name,
        what: &str,
        by: &str,
        body: &ast::Effect,
    ) -> Option<(u8, Effect)> {
        if !self.check_binding(var, what, self.set_scope.len(), by) {
            return None;
        }
        self.set_scope.push(var.text.clone());
        self.set_slots = self.set_slots.max(self.set_scope.len());
        let slot = (self.set_scope.len() - 1) as u8;
        let body = self.effect(body);
        self.set_scope.pop();
        Some((slot, body))
    }

    pub(super) fn effect(&mut self, e: &ast::Effect) -> Effect {
        if !self.spend(1, effect_span(e)) {
            return Effect::Seq(Vec::new());
        }
        // The engine runs effects recursively, on small worker stacks too.
        if self.effect_depth >= MAX_EFFECT_DEPTH {
            let span = effect_span(e);
            self.limit(
                span,
                format!("effects nest more than {MAX_EFFECT_DEPTH} levels deep here"),
            );
            return Effect::Seq(Vec::new());
        }
        self.effect_depth += 1;
        let lowered = self.effect_inner(e);
        self.effect_depth -= 1;
        lowered
    }

    pub(super) fn effect_inner(&mut self, e: &ast::Effect) -> Effect {
        match e {
            // Clearing a mark that is never set changes nothing.
            ast::Effect::Clear(m) => match self.mark(m) {
                m if self.is_dead_mark(m) => Effect::Seq(Vec::new()),
                m => Effect::Clear(m),
            },
            ast::Effect::Mark(m, s) => Effect::Mark(self.mark(m), self.set(s)),
            ast::Effect::Unmark(m, s) => match (self.mark(m), self.set(s)) {
                (m, _) if self.is_dead_mark(m) => Effect::Seq(Vec::new()),
                (m, s) => Effect::Unmark(m, s),
            },
            ast::Effect::Convert(s, m) => {
                Effect::Convert(self.set(s), m.as_ref().map(|m| self.mark(m)))
            }
            ast::Effect::Remove(s, m) => {
                Effect::Remove(self.set(s), m.as_ref().map(|m| self.mark(m)))
            }
            ast::Effect::Repeat(body, _) => Effect::Repeat(Box::new(self.effect(body))),
            ast::Effect::If(c, yes, no) => {
                let c = self.condition(c);
                let yes = self.effect(yes);
                let no = no.as_ref().map(|n| Box::new(self.effect(n)));
                match c {
                    BoolExpr::Const(true) => yes,
                    BoolExpr::Const(false) => no.map(|n| *n).unwrap_or(Effect::Seq(Vec::new())),
                    c => Effect::If(c, Box::new(yes), no),
                }
            }
            ast::Effect::Group(list) => Effect::Seq(list.iter().map(|e| self.effect(e)).collect()),
            ast::Effect::Swap => Effect::Swap,
            ast::Effect::Again => Effect::Again,
            ast::Effect::Make(s, piece) => {
                let s = self.set(s);
                Effect::Make(s, self.piece(piece))
            }
            ast::Effect::Place(owner, piece, s) => {
                let owner = owner.as_ref().map_or(Who::Me, |o| self.who(o));
                let piece = self.piece(piece);
                Effect::Place(piece, owner, self.set(s))
            }
            ast::Effect::Move(from, to) => Effect::Move(self.set(from), self.set(to)),
            ast::Effect::Draw(lines) => self.draw_effect(lines),
            ast::Effect::Take(what, into, span) => {
                let what = self.set(what);
                let into = into.as_ref().map(|t| self.set(t));
                self.counter_hands |= into.is_none();
                if self.counters.is_none() {
                    self.errors.push(
                        Diagnostic::at(*span, "`take` moves counters, and the game has none")
                            .with_help("declare a kind of counter: `counters seed`"),
                    );
                }
                Effect::Take(what, into)
            }
            ast::Effect::Set(var, value) => {
                let Some(v) = self.variables.iter().position(|x| x.name == var.text) else {
                    let known: Vec<String> =
                        self.variables.iter().map(|x| x.name.clone()).collect();
                    self.unknown_kind(var, &known, "variable");
                    return Effect::Seq(Vec::new());
                };
                let n = self.expr(value);
                match self.want_num(n, value.span) {
                    Some(n) => Effect::Set(v as u8, n),
                    None => Effect::Seq(Vec::new()),
                }
            }
            ast::Effect::EachGroup { var, set, body } => {
                let s = self.set(set);
                let Some((slot, body)) = self.set_bound(var, "group", "`each group`", body) else {
                    return Effect::Seq(Vec::new());
                };
                Effect::EachGroup {
                    slot,
                    set: s,
                    body: Box::new(body),
                }
            }
            ast::Effect::EachMember { var, family, body } => {
                let Some(family) = self.family_index(&family.text) else {
                    let msg = format!("`{}` is not a family of regions", family.text);
                    let help = "`each b in board: EFFECT` goes through the members of a family: `region board = blocks(3)`";
                    self.errors
                        .push(Diagnostic::at(family.span, msg).with_help(help));
                    return Effect::Seq(Vec::new());
                };
                let Some((slot, body)) = self.set_bound(var, "member", "`each`", body) else {
                    return Effect::Seq(Vec::new());
                };
                Effect::EachMember {
                    slot,
                    family,
                    body: Box::new(body),
                }
            }
            ast::Effect::Named(n) => {
                let Some(&body) = self.effects.get(&n.text) else {
                    let known: Vec<String> = self.effects.keys().cloned().collect();
                    self.unknown_kind(n, &known, "effect");
                    return Effect::Seq(Vec::new());
                };
                if self.effect_stack.contains(&n.text) {
                    let chain = self.effect_stack.join(" -> ");
                    self.error(
                        n.span,
                        format!("effect `{}` runs itself ({chain} -> {})", n.text, n.text),
                    );
                    return Effect::Seq(Vec::new());
                }
                // Named effects see only their own group variables.
                let saved = std::mem::take(&mut self.set_scope);
                self.effect_stack.push(n.text.clone());
                let e = self.effect(body);
                self.effect_stack.pop();
                self.set_scope = saved;
                e
            }
        }
    }
}

/// Where an effect was written, for an error about it as a whole: the first
/// name or expression in it (effects carry no span of their own).
fn effect_span(e: &ast::Effect) -> Span {
    match e {
        ast::Effect::Clear(n) | ast::Effect::Mark(n, _) | ast::Effect::Unmark(n, _) => n.span,
        ast::Effect::Convert(x, _)
        | ast::Effect::Remove(x, _)
        | ast::Effect::Make(x, _)
        | ast::Effect::Place(_, _, x)
        | ast::Effect::Move(x, _) => x.span,
        ast::Effect::Repeat(_, span) | ast::Effect::Take(_, _, span) => *span,
        ast::Effect::Draw(lines) => lines.span,
        ast::Effect::If(c, _, _) => c.span,
        ast::Effect::Group(list) => list.first().map_or_else(Span::default, effect_span),
        ast::Effect::EachGroup { var, .. } | ast::Effect::EachMember { var, .. } => var.span,
        ast::Effect::Swap | ast::Effect::Again => Span::default(),
        ast::Effect::Set(n, _) | ast::Effect::Named(n) => n.span,
    }
}
