//! Turns from the parse tree: steps, choices (actions), effects and
//! outcomes.

use super::expressions::{expr, int, literal, name, span};
use super::{P, Rule};
use crate::ast::*;
use crate::diagnostic::Span;
use crate::limits::MAX_GROUP_DEPTH;

pub(super) fn guard(pair: P) -> Expr {
    // guard = "if" expr
    expr(pair.into_inner().next().expect("guard expression"))
}

pub(super) fn step(pair: P) -> Step {
    let inner = pair.into_inner().next().expect("step has one child");
    match inner.as_rule() {
        Rule::end_step => {
            let mut parts = inner.into_inner();
            let cond = expr(parts.next().expect("end condition"));
            let out = outcome(parts.next().expect("outcome"));
            let reason = parts.next().map(|p| super::items::unquote(p.as_str()));
            Step::End(cond, out, reason)
        }
        Rule::choice_step => {
            let step_span = span(&inner);
            let mut repeat = Repeat::Times(1);
            let mut by = Picker::Mover;
            let mut groups = Vec::new();
            for p in inner.into_inner() {
                match p.as_rule() {
                    Rule::int => repeat = Repeat::Times(int(p)),
                    Rule::by_chance => by = Picker::Chance,
                    Rule::while_cond => {
                        repeat = Repeat::While(expr(p.into_inner().next().expect("condition")))
                    }
                    Rule::choice_group => groups.push(guarded_choices(p)),
                    _ => {}
                }
            }
            Step::Choice {
                repeat,
                by,
                groups,
                span: step_span,
                tried: None,
            }
        }
        _ => Step::Effect(effect(inner)),
    }
}

/// The alternatives of a choice group or an action group, each with its
/// guard.
pub(super) fn guarded_choices(pair: P) -> Alternatives {
    let mut options = Vec::new();
    for g in pair.into_inner() {
        let mut parts = g.into_inner();
        let c = choice(parts.next().expect("choice"));
        let gd = parts.next().map(guard);
        options.push((c, gd));
    }
    options
}

/// Puts each action group's alternatives in place of its name in the
/// turns' steps, a guard on the name joined to each alternative's with
/// `and`; a group named in a group too, [`MAX_GROUP_DEPTH`] deep (deeper,
/// or a group that names itself, is left as the name, an unknown action).
pub(super) fn expand_action_groups(game: &mut GameFile) {
    if game.action_groups.is_empty() && game.tries.is_empty() {
        return;
    }
    let groups = game.action_groups.clone();
    for turn in &mut game.turns {
        for step in &mut turn.steps {
            if let Step::Choice {
                groups: alts,
                tried,
                ..
            } = step
            {
                if let Some(t) = tries_in(&game.tries, alts) {
                    let named = vec![(named_choice(&t.named), None)];
                    let real = vec![(named_choice(&t.real), None)];
                    *alts = vec![named];
                    *tried = Some(Box::new(Tried {
                        real: expand(&groups, real, MAX_GROUP_DEPTH),
                        failing: t.failing.clone(),
                        span: t.span,
                    }));
                }
                for alt in alts.iter_mut() {
                    *alt = expand(&groups, std::mem::take(alt), MAX_GROUP_DEPTH);
                }
            }
        }
    }
}

/// The `try` item whose real actions are a step's only alternative, named
/// alone (no guard).
fn tries_in<'a>(tries: &'a [TryDecl], alts: &[Alternatives]) -> Option<&'a TryDecl> {
    let [group] = alts else { return None };
    let [(c, None)] = group.as_slice() else {
        return None;
    };
    let ChoiceKind::Named(n) = &c.kind else {
        return None;
    };
    tries.iter().find(|t| t.real.text == n.text)
}

/// A choice that names an action or a group, where the name is written.
fn named_choice(n: &Name) -> Choice {
    Choice {
        kind: ChoiceKind::Named(n.clone()),
        staying: None,
        marking: None,
        then: Vec::new(),
        keep: Vec::new(),
        span: n.span,
    }
}

fn expand(groups: &[(Name, Alternatives)], alts: Alternatives, depth: usize) -> Alternatives {
    let mut out = Vec::new();
    for (c, gd) in alts {
        let group = match &c.kind {
            ChoiceKind::Named(n) if depth > 0 => groups.iter().find(|(g, _)| g.text == n.text),
            _ => None,
        };
        let Some((_, members)) = group else {
            out.push((c, gd));
            continue;
        };
        for (m, inner) in expand(groups, members.clone(), depth - 1) {
            let both = match (gd.clone(), inner) {
                (Some(a), Some(b)) => {
                    let span =
                        Span::new(a.span.start.min(b.span.start), a.span.end.max(b.span.end));
                    Some(Expr {
                        kind: ExprKind::Binary(BinOp::And, Box::new(a), Box::new(b)),
                        span,
                    })
                }
                (a, b) => a.or(b),
            };
            out.push((m, both));
        }
    }
    out
}

pub(super) fn choice(pair: P) -> Choice {
    let choice_span = span(&pair);
    let mut parts = pair.into_inner();
    let kind_pair = parts.next().expect("choice kind");
    let kind = choice_kind(kind_pair);
    let mut marking = None;
    let mut staying = None;
    let mut then = Vec::new();
    let mut keep = Vec::new();
    for p in parts {
        match p.as_rule() {
            Rule::marking => marking = Some(name(p.into_inner().next().expect("mark"))),
            Rule::staying => staying = Some(span(&p)),
            Rule::keep_if => keep.push(expr(p.into_inner().next().expect("condition"))),
            _ => then.push(effect(p)),
        }
    }
    Choice {
        kind,
        staying,
        marking,
        then,
        keep,
        span: choice_span,
    }
}

/// One of `choice_kind`'s alternatives to its AST.
fn choice_kind(kind_pair: P) -> ChoiceKind {
    match kind_pair.as_rule() {
        Rule::place => {
            let mut two = kind_pair.into_inner();
            let piece = name(two.next().expect("piece"));
            let at = expr(two.next().expect("target"));
            ChoiceKind::Place { piece, at }
        }
        Rule::convert => ChoiceKind::Convert(expr(kind_pair.into_inner().next().expect("target"))),
        Rule::remove => ChoiceKind::Remove(expr(kind_pair.into_inner().next().expect("target"))),
        Rule::pick => {
            let target = kind_pair
                .into_inner()
                .find(|p| p.as_rule() != Rule::pick_kw);
            ChoiceKind::Pick(expr(target.expect("target")))
        }
        Rule::deal => {
            let target = kind_pair
                .into_inner()
                .find(|p| p.as_rule() != Rule::deal_kw);
            ChoiceKind::Deal(expr(target.expect("target")))
        }
        Rule::pass => ChoiceKind::Pass,
        Rule::swap => ChoiceKind::Swap,
        Rule::step_move => {
            let (from, dirs, mut rest) = move_start(kind_pair);
            let to = expr(rest.next().expect("to"));
            ChoiceKind::Step { from, dirs, to }
        }
        Rule::jump_move => {
            let (from, dirs, mut rest) = move_start(kind_pair);
            let over = expr(rest.next().expect("over"));
            let to = expr(rest.next().expect("to"));
            ChoiceKind::Jump {
                from,
                dirs,
                over,
                to,
            }
        }
        Rule::hop_move => {
            let (from, dirs, mut rest) = move_start(kind_pair);
            let over = expr(rest.next().expect("over"));
            let to = expr(rest.next().expect("to"));
            ChoiceKind::Hop {
                from,
                dirs,
                over,
                to,
            }
        }
        Rule::slide_move => slide(kind_pair),
        Rule::leap_move => leap(kind_pair),
        Rule::move_any => {
            let mut parts = kind_pair.into_inner();
            let from = expr(parts.next().expect("from"));
            ChoiceKind::Move {
                from,
                to: expr(parts.next().expect("to")),
            }
        }
        Rule::draw_move => ChoiceKind::Draw(lines(kind_pair)),
        Rule::rotate_move => rotation(kind_pair),
        Rule::sow_move => sow(kind_pair),
        Rule::shift_move => shift(kind_pair),
        Rule::choose | Rule::roll => {
            let choose_span = span(&kind_pair);
            let by = match kind_pair.as_rule() {
                Rule::roll => Picker::Chance,
                _ => Picker::Mover,
            };
            let mut parts = kind_pair
                .into_inner()
                .filter(|p| p.as_rule() != Rule::roll_kw);
            let var = name(parts.next().expect("variable"));
            let values = parts.map(literal).collect();
            ChoiceKind::Choose {
                var,
                values,
                span: choose_span,
                by,
            }
        }
        Rule::action_ref => {
            ChoiceKind::Named(name(kind_pair.into_inner().next().expect("action name")))
        }
        // A rule cannot list every `Rule`; a kind added to the grammar but
        // not here must not become an action's name.
        other => unreachable!("{other:?} is not a choice kind this parser knows"),
    }
}

/// `slide FROM [DIRS] [by DISTANCE] [over PATH] to TO`, the optional
/// parts in that order.
fn slide(pair: P) -> ChoiceKind {
    let (from, dirs, mut rest) = move_start(pair);
    let mut next = rest.next().expect("along, by, over or to");
    let (along, around, more) = if next.as_rule() == Rule::slide_along {
        let mut two = next.into_inner();
        let around = two.next().expect("along or around").as_rule() == Rule::around_kw;
        let track = name(two.next().expect("track"));
        let more = two
            .filter(|p| p.as_rule() == Rule::name)
            .map(name)
            .collect();
        next = rest.next().expect("by, over or to");
        (Some(track), around, more)
    } else {
        (None, false, Vec::new())
    };
    let by = if next.as_rule() == Rule::slide_by {
        let by = expr(next.into_inner().nth(1).expect("distance"));
        next = rest.next().expect("over or to");
        Some(by)
    } else {
        None
    };
    let path = if next.as_rule() == Rule::slide_over {
        let path = expr(next.into_inner().next().expect("path"));
        next = rest.next().expect("to");
        Some(path)
    } else {
        None
    };
    ChoiceKind::Slide {
        from,
        dirs,
        along,
        more,
        around,
        by,
        path,
        to: expr(next),
    }
}

/// `leap FROM (A, B) [toward|along DIRS] [over LEG] to TO`, the optional
/// parts in that order.
fn leap(pair: P) -> ChoiceKind {
    let mut parts = pair.into_inner();
    let from = expr(parts.next().expect("from"));
    let a = expr(parts.next().expect("first count"));
    let b = expr(parts.next().expect("second count"));
    let mut next = parts.next().expect("toward or to");
    let mut along = false;
    let toward = if next.as_rule() == Rule::leap_toward {
        let mut inner = next.into_inner();
        along = inner.next().expect("keyword").as_rule() == Rule::along_kw;
        let dirs = inner.next().expect("directions");
        next = parts.next().expect("over or to");
        Some(move_dirs(dirs))
    } else {
        None
    };
    let over = if next.as_rule() == Rule::leap_over {
        let leg = expr(next.into_inner().next().expect("leg"));
        next = parts.next().expect("to");
        Some(leg)
    } else {
        None
    };
    ChoiceKind::Leap {
        from,
        a,
        b,
        toward,
        along,
        over,
        to: expr(next),
    }
}

/// `rotate REGION, ... by ANGLE, ...`.
fn rotation(pair: P) -> ChoiceKind {
    let (mut regions, mut angles) = (Vec::new(), Vec::new());
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::name => regions.push(name(part)),
            Rule::rotate_kw | Rule::by_kw => {}
            Rule::expr => angles.push(expr(part)),
            other => unreachable!("a rotation holds names and angles, not {other:?}"),
        }
    }
    ChoiceKind::Rotate { regions, angles }
}

/// `sow FROM along RING [skipping S]`.
fn sow(pair: P) -> ChoiceKind {
    let mut parts = pair
        .into_inner()
        .filter(|p| !matches!(p.as_rule(), Rule::sow_kw | Rule::along_kw));
    let from = expr(parts.next().expect("from"));
    let ring = name(parts.next().expect("ring"));
    let skip = parts.next().map(|p| {
        let mut inner = p.into_inner().filter(|p| p.as_rule() != Rule::skipping_kw);
        expr(inner.next().expect("skip"))
    });
    ChoiceKind::Sow { from, ring, skip }
}

/// `shift FROM [toward T] [up to N] [over PATH] to TO`: each optional part
/// told by its rule, TO by being an expression.
fn shift(pair: P) -> ChoiceKind {
    let mut parts = pair.into_inner().filter(|p| p.as_rule() != Rule::shift_kw);
    let from = expr(parts.next().expect("from"));
    let (mut toward, mut limit, mut path) = (None, None, None);
    let mut next = parts.next().expect("to");
    loop {
        let inner = || next.clone().into_inner();
        match next.as_rule() {
            Rule::shift_toward => toward = inner().nth(1).map(expr),
            Rule::shift_limit => limit = inner().nth(1).map(expr),
            Rule::slide_over => path = inner().next().map(expr),
            // TO, the last part.
            Rule::disjunction => break,
            other => unreachable!("a shift holds its parts and TO, not {other:?}"),
        }
        next = parts.next().expect("to");
    }
    ChoiceKind::Shift {
        from,
        toward,
        limit,
        path,
        to: expr(next),
    }
}

/// A move's FROM and its directions, if given; the rest of its parts.
fn move_start(
    pair: P,
) -> (
    Expr,
    Option<Expr>,
    std::iter::Peekable<pest::iterators::Pairs<Rule>>,
) {
    let mut parts = pair.into_inner().peekable();
    let from = expr(parts.next().expect("from"));
    let dirs = match parts.peek() {
        Some(p) if p.as_rule() == Rule::move_dirs => Some(move_dirs(parts.next().expect("peeked"))),
        _ => None,
    };
    (from, dirs, parts)
}

/// A move's directions: term (or term)*, folded to the left like a
/// disjunction.
fn move_dirs(pair: P) -> Expr {
    let mut terms = pair.into_inner();
    let mut acc = expr(terms.next().expect("directions"));
    while let (Some(_or), Some(t)) = (terms.next(), terms.next()) {
        let t = expr(t);
        let sp = Span::new(acc.span.start, t.span.end);
        acc = Expr {
            kind: ExprKind::Binary(BinOp::Or, Box::new(acc), Box::new(t)),
            span: sp,
        };
    }
    acc
}

pub(super) fn effect(pair: P) -> Effect {
    let pair = if pair.as_rule() == Rule::effect {
        pair.into_inner().next().expect("effect has one child")
    } else {
        pair
    };
    let effect_span = span(&pair);
    let rule = pair.as_rule();
    let mut parts = pair.into_inner();
    match rule {
        Rule::clear => Effect::Clear(name(parts.next().expect("mark"))),
        Rule::mark_cells | Rule::unmark_cells => {
            let m = name(parts.next().expect("mark"));
            let e = expr(parts.find(|p| p.as_rule() != Rule::at_op).expect("cells"));
            if rule == Rule::mark_cells {
                Effect::Mark(m, e)
            } else {
                Effect::Unmark(m, e)
            }
        }
        Rule::convert_cells | Rule::remove_cells => {
            let e = expr(parts.next().expect("cells"));
            let m = parts
                .next()
                .map(|p| name(p.into_inner().next().expect("mark")));
            if rule == Rule::convert_cells {
                Effect::Convert(e, m)
            } else {
                Effect::Remove(e, m)
            }
        }
        Rule::repeat => Effect::Repeat(Box::new(effect(parts.next().expect("body"))), effect_span),
        Rule::if_effect => {
            let cond = expr(parts.next().expect("condition"));
            let yes = effect(parts.next().expect("then branch"));
            let no = parts.next().map(|p| Box::new(effect(p)));
            Effect::If(cond, Box::new(yes), no)
        }
        Rule::each_group => {
            let var = name(parts.next().expect("variable"));
            let set = expr(parts.next().expect("set"));
            let body = effect(parts.next().expect("body"));
            Effect::EachGroup {
                var,
                set,
                body: Box::new(body),
            }
        }
        Rule::each_member => {
            let var = name(parts.next().expect("variable"));
            let family = name(parts.next().expect("family"));
            let body = effect(parts.next().expect("body"));
            Effect::EachMember {
                var,
                family,
                body: Box::new(body),
            }
        }
        Rule::swap => Effect::Swap,
        Rule::again => Effect::Again,
        Rule::make_cells => {
            let set = expr(parts.next().expect("cells"));
            let piece = name(parts.next().expect("piece"));
            Effect::Make(set, piece)
        }
        Rule::place_cells => {
            let first = name(parts.next().expect("piece"));
            let next = parts.next().expect("cells");
            match next.as_rule() {
                Rule::name => {
                    Effect::Place(Some(first), name(next), expr(parts.next().expect("cells")))
                }
                _ => Effect::Place(None, first, expr(next)),
            }
        }
        Rule::move_piece => {
            let from = expr(parts.next().expect("from"));
            Effect::Move(from, expr(parts.next().expect("to")))
        }
        Rule::set_var => {
            let var = name(parts.next().expect("variable"));
            let value = expr(parts.next().expect("value"));
            Effect::Set(var, value)
        }
        Rule::take_cells => {
            let mut parts = parts.filter(|p| p.as_rule() != Rule::take_kw);
            let what = expr(parts.next().expect("cells"));
            Effect::Take(what, parts.next().map(expr), effect_span)
        }
        Rule::draw_lines => Effect::Draw(Lines {
            line: name(parts.next().expect("line kind")),
            from: expr(parts.next().expect("from")),
            to: expr(parts.next().expect("to")),
            span: effect_span,
        }),
        Rule::effect_ref => Effect::Named(name(parts.next().expect("effect name"))),
        _ => Effect::Group(parts.map(effect).collect()),
    }
}

/// `LINE from SET to SET` (`drawn_lines` in a setup, `draw_lines` after
/// `draw`).
pub(super) fn lines(pair: P) -> Lines {
    let span = span(&pair);
    let mut parts = pair.into_inner();
    Lines {
        line: name(parts.next().expect("line kind")),
        from: expr(parts.next().expect("from")),
        to: expr(parts.next().expect("to")),
        span,
    }
}

pub(super) fn outcome(pair: P) -> Outcome {
    let inner = pair.into_inner().next().expect("outcome has one child");
    match inner.as_rule() {
        Rule::draw => Outcome::Draw,
        Rule::player_wins => {
            let mut two = inner.into_inner();
            let who = name(two.next().expect("player"));
            let verb = two.next().expect("wins or loses");
            if verb.as_rule() == Rule::wins {
                Outcome::Wins(who)
            } else {
                Outcome::Loses(who)
            }
        }
        _ => Outcome::Compare(
            inner
                .into_inner()
                .map(|key| {
                    let mut two = key.into_inner();
                    let most = two.next().expect("most or least").as_rule() == Rule::most;
                    (most, expr(two.next().expect("key")))
                })
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use pest::Parser;

    use super::super::GdlParser;
    use super::*;

    fn first_pair(rule: Rule, text: &str) -> P<'_> {
        GdlParser::parse(rule, text)
            .expect("parses")
            .next()
            .expect("one pair")
    }

    #[test]
    fn an_action_reference_is_a_named_choice() {
        let kind = choice_kind(first_pair(Rule::action_ref, "drop-in"));
        assert!(
            matches!(&kind, ChoiceKind::Named(n) if n.text == "drop-in"),
            "{kind:?}"
        );
    }

    #[test]
    #[should_panic(expected = "is not a choice kind this parser knows")]
    fn a_rule_that_is_no_choice_kind_is_refused_not_named() {
        // `keep if` holds an expression, as an action reference holds a
        // name: it once became an action named after the condition.
        choice_kind(first_pair(Rule::keep_if, "keep if empty"));
    }
}
