//! A warning of `gdl check`: a mark that an automatic `clear` step empties
//! and that a later choice of the same turn reads, with nothing setting it
//! in between. There the mark is always empty, so the set or guard that
//! reads it does nothing: `turn: clear last, place stone at empty except
//! neighbors(last) marking last` never keeps a stone from the last one.

use crate::diagnostic::Diagnostic;
use crate::rules::walk::{self, At, Node, Site, Visitor};
use crate::rules::*;

use super::optimise::MarksSet;

/// The marks a choice's cells and guard read (not its effects).
struct MarksRead(Vec<bool>);

impl Visitor for MarksRead {
    fn visit(&mut self, node: Node<'_>, _at: At) -> bool {
        if let Node::Set(SetExpr::Mark(m)) = node {
            self.0[m.index()] = true;
        }
        true
    }
}

fn at(site: Site) -> At {
    At {
        site,
        player: None,
        in_where: false,
    }
}

/// The marks an effect, or a choice's marking and effects, may set.
fn marks_set(rules: &Rules, choice: Option<&Choice>, effect: Option<&Effect>) -> Vec<bool> {
    let mut set = MarksSet(vec![false; rules.marks.len()], &rules.lines);
    if let Some(c) = choice {
        if let Some(m) = c.marking {
            set.0[m.index()] = true;
        }
        for e in &c.then {
            walk::effect(e, at(Site::Effect), &mut set);
        }
    }
    if let Some(e) = effect {
        walk::effect(e, at(Site::Effect), &mut set);
    }
    set.0
}

/// The marks an automatic step surely clears: `clear M`, alone or in a
/// sequence (not under an `if`).
fn cleared_by(e: &Effect, out: &mut Vec<usize>) {
    if let Effect::Clear(m) = e {
        out.push(m.index());
    } else if let Effect::Seq(list) = e {
        list.iter().for_each(|e| cleared_by(e, out));
    }
}

/// Warns of each choice that reads a mark the turn cleared before it with
/// nothing setting it since (a step that repeats and sets the mark itself
/// reads it set from its second ply: not warned of).
pub(super) fn warn(rules: &mut Rules) {
    let mut warnings = Vec::new();
    for turn in &rules.turns {
        let mut cleared = vec![false; rules.marks.len()];
        for step in &turn.steps {
            match step {
                Step::Effect(e) => {
                    let set = marks_set(rules, None, Some(e));
                    let mut now = Vec::new();
                    cleared_by(e, &mut now);
                    for (m, was) in cleared.iter_mut().enumerate() {
                        *was = (*was || now.contains(&m)) && !set[m];
                    }
                }
                Step::Choose {
                    repeat, choices, ..
                } => {
                    let mut by_step = vec![false; rules.marks.len()];
                    for (c, _, _) in choices {
                        let set = marks_set(rules, Some(&rules.choices[*c as usize]), None);
                        by_step.iter_mut().zip(set).for_each(|(a, b)| *a |= b);
                    }
                    let repeats = !matches!(repeat, Repeat::Times(1));
                    for (c, guard, _) in choices {
                        let mut read = MarksRead(vec![false; rules.marks.len()]);
                        let choice = &rules.choices[*c as usize];
                        choice
                            .kind
                            .each_part(&mut |p, _| walk::node(p, at(Site::Target), &mut read));
                        if let Some(g) = guard {
                            walk::cond(g, at(Site::Guard), &mut read);
                        }
                        for (m, &r) in read.0.iter().enumerate() {
                            if r && cleared[m] && !(repeats && by_step[m]) {
                                let span = rules.sources.choices[*c as usize].span;
                                let name = &rules.marks[m];
                                warnings.push(
                                    Diagnostic::at(
                                        span,
                                        format!(
                                            "`{name}` is always empty here: the turn clears it \
                                             before this choice, and nothing sets it in between"
                                        ),
                                    )
                                    .with_help(format!(
                                        "read `{name}` before the `clear {name}` step, or clear \
                                         it after the choice that reads it"
                                    )),
                                );
                            }
                        }
                    }
                    for (was, set) in cleared.iter_mut().zip(by_step) {
                        *was &= !set;
                    }
                }
                Step::End(..) => {}
            }
        }
    }
    warnings.dedup_by(|a, b| a.span == b.span && a.message == b.message);
    rules.sources.warnings.extend(warnings);
}
