//! Turns, steps and outcomes, lowered to the rules the engine runs (their
//! choices: `choices.rs`).

use crate::ast::{self, ExprKind};
use crate::diagnostic::Diagnostic;
use crate::limits::{MAX_REPEAT, MAX_TURN, MAX_TURN_SEARCH};
use crate::rules::sources::SourcedCond;
use crate::rules::walk::Node;
use crate::rules::*;

use super::Checker;

/// `end if COND: OUTCOME` rules, lowered: each condition with its outcome.
type EndRules = Vec<(BoolExpr, Outcome)>;

impl<'a> Checker<'a> {
    /// The last pass: turns, swaps and ends lowered, what no rule uses
    /// checked too, then the setup, preference and position text, and
    /// everything gathered into the frozen [`Rules`].
    pub(super) fn rules(&mut self) -> Rules {
        let file = self.file;
        // First: a definition the view reads is lowered there, where
        // `destinations` may be read, and a use of it elsewhere is an error
        // at that use.
        let view = self.view();
        let view_destinations = view
            .as_ref()
            .is_some_and(|v| super::view::reads_destinations(Node::Set(v)));
        let view_owners = self.view_owners(view.is_some());
        let hands_seen = self.hands_seen(view.is_some());
        let turns = self.turns();
        let swap_turns = self.swap_turns();
        let (ends, stuck) = self.ends();
        self.check_unused();
        self.keep_actions();
        let (setup, setup_marks, tally) = self.setup();
        let prefer = self.preference();
        if prefer.is_some() {
            self.long_turns_warning();
        }
        self.mixed_operators_warning();
        let position_text = self.position_text();
        let picture = self.picture();
        let notation = self.notation();
        let name = file
            .name
            .as_ref()
            .map(|(n, _)| n.clone())
            .unwrap_or_default();
        if self.players.is_empty() {
            self.players.push("nobody".into());
        }
        Rules {
            name,
            options: self
                .option_order
                .iter()
                .map(|n| (n.clone(), self.options[n].value.text()))
                .collect(),
            option_info: self
                .option_order
                .iter()
                .map(|n| OptionInfo {
                    name: n.clone(),
                    value: self.options[n].value.text(),
                    allowed: self.options[n].allowed.clone(),
                    doc: self.options[n].doc.clone(),
                })
                .collect(),
            board: self.board().clone(),
            players: self.players.clone(),
            pieces: self.pieces.clone(),
            neutral: self.neutral.clone(),
            variables: self.variables.clone(),
            set_slots: self.set_slots,
            marks: self.marks.clone(),
            piece_marks: (file.piece_marks.iter())
                .filter_map(|n| self.marks.iter().position(|m| *m == n.text))
                .fold(0, |mask, m| mask | 1 << m),
            lines: self.lines.clone(),
            setup,
            setup_marks,
            position_text,
            prefer,
            fixed_sets: self.fixed_sets.clone(),
            choices: std::mem::take(&mut self.choices),
            turns,
            tries: std::mem::take(&mut self.tries),
            swap_turns,
            ends,
            stuck,
            dir_slots: self.dir_slots,
            reserve: std::mem::take(&mut self.reserve),
            reserved: std::mem::take(&mut self.reserved),
            captured_to: std::mem::take(&mut self.captured_to),
            stacks: self.stacks,
            captures_onto: std::mem::take(&mut self.captures_onto),
            counters: self.counters.clone(),
            tally,
            rings: std::mem::take(&mut self.rings),
            tracks: std::mem::take(&mut self.tracks),
            families: std::mem::take(&mut self.families),
            counter_hands: self.counter_hands,
            view,
            view_destinations,
            view_owners,
            hands_seen,
            picture,
            notation,
            sources: std::mem::take(&mut self.sources),
        }
    }

    /// The `turn` rules, each step lowered; then whether the ordinary
    /// `turn:` is there, and last.
    fn turns(&mut self) -> Vec<Turn> {
        let file = self.file;
        let mut turns = Vec::new();
        // `turn:` is tried after the numbered and conditional rules,
        // wherever it is (a file based on another may add `turn 0:`).
        let always = |t: &&ast::TurnDecl| t.when == ast::TurnWhen::Always;
        let ordered: Vec<&ast::TurnDecl> = (file.turns.iter().filter(|t| !always(t)))
            .chain(file.turns.iter().filter(always))
            .collect();
        for t in ordered.iter().copied() {
            let when = match &t.when {
                ast::TurnWhen::Always => TurnWhen::Always,
                ast::TurnWhen::Number(n) => {
                    if *n > MAX_TURN {
                        self.limit(t.span, format!("a turn number is at most {MAX_TURN}"));
                    }
                    TurnWhen::Number(*n)
                }
                ast::TurnWhen::If(e) => TurnWhen::If(self.condition(e)),
            };
            self.sources.turns.push(sources::TurnSource {
                span: t.span,
                steps: Vec::new(),
                ends: Vec::new(),
                reasons: Vec::new(),
            });
            let steps = t.steps.iter().map(|s| self.step(s)).collect();
            turns.push(Turn { when, steps });
        }
        for t in &file.tries {
            let used =
                file.turns.iter().flat_map(|u| &u.steps).any(
                    |s| matches!(s, ast::Step::Choice { tried: Some(x), .. } if x.span == t.span),
                );
            if !used {
                self.errors.push(
                    Diagnostic::at(t.real.span, format!("no turn offers `{}` alone in a step", t.real.text))
                        .with_help(format!("a `try` names the actions of a step that offers only `{}` (no other action, no guard)", t.real.text)),
                );
            }
        }
        match ordered.iter().position(always) {
            None => self.errors.push(
                Diagnostic::whole("the game has no `turn:` for ordinary turns")
                    .with_help("add a line such as `turn: place stone at empty`"),
            ),
            Some(i) if i + 1 < ordered.len() => {
                let span = ordered[i + 1].span;
                self.errors.push(
                    Diagnostic::at(span, "this turn can never be used").with_help(
                        "the first `turn:` applies to every other turn: give one `turn:`",
                    ),
                );
            }
            Some(_) => {}
        }
        turns
    }

    /// The turns of `swap at turn N [if COND]` in force: the condition
    /// decided by the options alone.
    fn swap_turns(&mut self) -> Vec<u32> {
        let file = self.file;
        let mut swap_turns = Vec::new();
        for s in &file.swaps {
            let on = match &s.guard {
                None => true,
                Some(g) => match self.condition(g) {
                    BoolExpr::Const(b) => b,
                    _ => {
                        self.error(
                            g.span,
                            "the condition of `swap at turn` may only use options",
                        );
                        false
                    }
                },
            };
            if s.turn < 2 {
                self.error(
                    s.span,
                    "the pie rule needs a turn before it: use `swap at turn 2` or later",
                );
            } else if s.turn > MAX_TURN {
                self.limit(s.span, format!("a turn number is at most {MAX_TURN}"));
            } else if on {
                swap_turns.push(s.turn);
            }
            self.sources.swaps.push((s.turn, on, s.span));
        }
        swap_turns
    }

    /// The `end if` rules: the ordinary ones, and apart from them those of
    /// `end if stuck: ...`, the outcome when a player cannot act.
    fn ends(&mut self) -> (EndRules, EndRules) {
        let file = self.file;
        let mut stuck: EndRules = Vec::new();
        let mut ends = Vec::new();
        for e in &file.ends {
            let is_stuck = |x: &ast::Expr| matches!(&x.kind, ExprKind::Name(n) if n == "stuck");
            // `stuck`, or `stuck and COND`: how the game ends for a player
            // who cannot act, the first that holds.
            let when = match &e.cond.kind {
                _ if is_stuck(&e.cond) => Some((BoolExpr::Const(true), None)),
                ExprKind::Binary(ast::BinOp::And, a, b) if is_stuck(a) => {
                    Some((self.condition(b), Some(self.cond_source(b, false))))
                }
                _ => None,
            };
            if let Some((when, source)) = when {
                if stuck.iter().any(|(c, _)| *c == BoolExpr::Const(true)) {
                    self.error(
                        e.cond.span,
                        "an earlier `end if stuck` already decides every stuck player",
                    );
                }
                stuck.push((when, self.outcome(&e.outcome)));
                self.sources.stuck.push((e.cond.span, source));
                self.sources.stuck_reasons.push(e.reason.clone());
            } else {
                ends.push((self.condition(&e.cond), self.outcome(&e.outcome)));
                let source = self.cond_source(&e.cond, false);
                self.sources.ends.push(source);
                self.sources.end_reasons.push(e.reason.clone());
            }
        }
        (ends, stuck)
    }

    /// Checks the definitions and actions that no rule uses, too: their
    /// errors would otherwise wait for the first rule that uses them.
    fn check_unused(&mut self) {
        let file = self.file;
        for (n, _) in &file.defines {
            // One with parameters is checked at each use, with its arguments.
            if !self.define_values.contains_key(&n.text)
                && self.defines.contains_key(&n.text)
                && self.define_params(&n.text).is_none()
            {
                self.name(&n.text, n.span);
            }
        }
        for (n, c) in &file.actions {
            if !self.action_index.contains_key(&n.text) && self.actions.contains_key(&n.text) {
                let named = ast::Choice {
                    kind: ast::ChoiceKind::Named(n.clone()),
                    staying: None,
                    marking: None,
                    then: Vec::new(),
                    keep: Vec::new(),
                    span: c.span,
                };
                self.choice(&named, None);
            }
        }
    }

    /// `keep actions if COND`: a `keep if` of every player's action (not
    /// chance's), after its own. Run once every choice is lowered.
    fn keep_actions(&mut self) {
        let file = self.file;
        for k in &file.keeps {
            let cond = self.keep_condition(k);
            if cond == BoolExpr::Const(true) {
                continue;
            }
            let source = self.cond_source(k, true);
            let choices = self.choices.iter_mut().zip(&mut self.sources.choices);
            for (i, (choice, sources)) in choices.enumerate() {
                if self.chance_choices.contains(&(i as u16))
                    || self.named_choices.contains(&(i as u16))
                {
                    continue;
                }
                choice.keep.push(cond.clone());
                sources.keep.push(source.clone());
            }
        }
    }

    /// A `keep if` condition, where `stuck` asks about the next decision.
    pub(super) fn keep_condition(&mut self, e: &ast::Expr) -> BoolExpr {
        self.in_keep = true;
        let cond = self.condition(e);
        self.in_keep = false;
        cond
    }

    /// `keep turns with most|least NUMBER`, at most once.
    fn preference(&mut self) -> Option<Preference> {
        let file = self.file;
        let ast::PreferDecl {
            most,
            value,
            bound,
            span,
        } = file.prefers.first()?;
        self.sources.prefer = Some(*span);
        self.sources.prefer_number = Some(value.span);
        for again in &file.prefers[1..] {
            self.error(
                again.span,
                "a game keeps turns by one number: give `keep turns with` once",
            );
        }
        let v = self.expr(value);
        let value = self.want_num(v, value.span)?;
        let bound = match bound {
            Some((up, b)) => {
                if up != most {
                    let (said, meant) = if *most {
                        ("down", "up")
                    } else {
                        ("up", "down")
                    };
                    self.error(
                        b.span,
                        format!(
                            "`{said} to` bounds the other way: the best turn has the {} number, \
                             so write `{meant} to`",
                            if *most { "largest" } else { "smallest" }
                        ),
                    );
                }
                let v = self.expr(b);
                Some(self.want_num(v, b.span)?)
            }
            None => None,
        };
        Some(Preference {
            most: *most,
            value,
            bound,
        })
    }

    /// Warns of each turn rule that `keep turns with` may not finish
    /// judging: one whose choice step repeats (`while`, or `N x` with N of
    /// at least 2). The ways to finish a turn multiply with each of its
    /// actions, and only a repeated choice lets a turn have many: a turn of
    /// single choices has at most one action per choice written, so a
    /// turn that can be long is always warned of (draughts' capture chains
    /// too, which stay short in practice).
    fn long_turns_warning(&mut self) {
        let file = self.file;
        for turn in &file.turns {
            let repeated = turn.steps.iter().find_map(|s| match s {
                ast::Step::Choice {
                    repeat: ast::Repeat::While(_),
                    ..
                } => Some("a `while` step".to_string()),
                ast::Step::Choice {
                    repeat: ast::Repeat::Times(n),
                    ..
                } if *n >= 2 => Some(format!("a step of `{n} x`")),
                _ => None,
            });
            if let Some(repeated) = repeated {
                self.sources.warnings.push(
                    Diagnostic::at(
                        turn.span,
                        format!(
                            "this turn repeats a choice ({repeated}), and `keep turns with` \
                             searches every way to finish a turn at each of its decisions: the \
                             ways multiply with each action, so a long turn can pass the \
                             search's {MAX_TURN_SEARCH} positions, where the game stops with an \
                             error"
                        ),
                    )
                    .with_help(
                        "fine when the repeats stay few (a capture chain); else judge each \
                         action with `keep if`",
                    ),
                );
            }
        }
    }

    /// Warns of `a and b or c` written without parentheses: `and` and
    /// `except` bind tighter than `or`, which a writer who meant `a and
    /// (b or c)` is not told otherwise.
    /// `A else B then E` where A has no `then`: E is B's alone, which the
    /// writer may have meant for both (a designer met it: the first file
    /// of ultimate tic-tac-toe marked no board won by A).
    fn then_of_the_last_warning(&mut self, groups: &[Vec<(ast::Choice, Option<ast::Expr>)>]) {
        let Some((last, before)) = groups.split_last() else {
            return;
        };
        let [(choice, _)] = &last[..] else {
            return;
        };
        let bare = |c: &ast::Choice| {
            c.then.is_empty()
                && !matches!(c.kind, ast::ChoiceKind::Named(_) | ast::ChoiceKind::Pass)
        };
        if before.is_empty()
            || choice.then.is_empty()
            || !before.iter().flatten().all(|(c, _)| bare(c))
        {
            return;
        }
        self.sources.warnings.push(
            Diagnostic::at(choice.span, "the `then` effects here belong to this action alone, not to the ones before `else`, which have none")
                .with_help("if they are meant for every action, write them after each (a named `effect` keeps it short: `... then claim else ... then claim`)"),
        );
    }

    fn mixed_operators_warning(&mut self) {
        for (span, reading) in &self.file.mixed_operators {
            self.sources.warnings.push(
                Diagnostic::at(
                    *span,
                    format!("`and` and `except` bind tighter than `or`: this reads as `{reading}`"),
                )
                .with_help("write the parentheses, where you mean this grouping or another"),
            );
        }
    }

    pub(super) fn step(&mut self, s: &ast::Step) -> Step {
        let mut guards = Vec::new();
        let step = self.step_with(s, &mut guards);
        let (end, reason) = match s {
            ast::Step::End(cond, _, reason) => {
                (Some(self.cond_source(cond, false)), reason.clone())
            }
            ast::Step::Effect(_) | ast::Step::Choice { .. } => (None, None),
        };
        if let Some(t) = self.sources.turns.last_mut() {
            t.steps.push(guards);
            t.ends.push(end);
            t.reasons.push(reason);
        }
        step
    }

    /// Lowers a step; the guard of each choice entry, taken apart, goes to
    /// `guards` (`None` for an entry without).
    fn step_with(&mut self, s: &ast::Step, guards: &mut Vec<Option<SourcedCond>>) -> Step {
        match s {
            ast::Step::End(cond, out, _) => Step::End(self.condition(cond), self.outcome(out)),
            ast::Step::Effect(e) => Step::Effect(self.effect(e)),
            ast::Step::Choice {
                repeat,
                by,
                groups,
                span,
                tried,
            } => {
                let repeat = match repeat {
                    ast::Repeat::Times(n) => {
                        if *n == 0 || *n > MAX_REPEAT {
                            let span = groups
                                .first()
                                .and_then(|g| g.first())
                                .map(|(c, _)| c.span)
                                .unwrap_or_default();
                            let msg = format!("a step repeats between 1 and {MAX_REPEAT} times");
                            self.limit(span, msg);
                        }
                        Repeat::Times(*n)
                    }
                    ast::Repeat::While(c) => self.while_repeat(c),
                };
                self.then_of_the_last_warning(groups);
                let mut choices = Vec::new();
                let entries = groups.iter().map(Vec::len).sum::<usize>();
                for (k, group) in groups.iter().enumerate() {
                    for (c, guard) in group {
                        let i = self.choice(c, None);
                        self.check_roll(i, c.span, entries);
                        let g = guard.as_ref().map(|g| self.condition(g));
                        // A guard that never holds: the choice is never offered.
                        if g != Some(BoolExpr::Const(false)) {
                            choices.push((i, g, k.min(255) as u8));
                            guards.push(guard.as_ref().map(|g| self.cond_source(g, false)));
                        }
                    }
                }
                if let Some(t) = tried {
                    self.tried_step(t, &choices);
                }
                let by = match by {
                    ast::Picker::Mover => Decider::Mover,
                    ast::Picker::Chance => {
                        self.check_by_chance(&choices, *span);
                        Decider::Chance
                    }
                };
                Step::Choose {
                    repeat,
                    choices,
                    by,
                }
            }
        }
    }

    /// A step of a `try` item: its real actions lowered apart; the actions
    /// the player names (`named`, the step's) are never played, so they
    /// have no effects, and `keep actions if` is not theirs.
    fn tried_step(&mut self, t: &ast::Tried, named: &[Entry]) {
        let turn = self.sources.turns.len().saturating_sub(1) as u16;
        let step = self.sources.turns.last().map_or(0, |t| t.steps.len()) as u16;
        let mut real = Vec::new();
        for (c, guard) in &t.real {
            let i = self.choice(c, None);
            let g = guard.as_ref().map(|g| self.condition(g));
            if g != Some(BoolExpr::Const(false)) {
                real.push((i, g, 0));
            }
        }
        for &(i, _, _) in named {
            let c = &self.choices[i as usize];
            if c.marking.is_some() || c.staying || !c.then.is_empty() || !c.keep.is_empty() {
                let name = c.name.clone();
                // At the action's declaration, where the effects are written;
                // at the `try` for an action declared elsewhere.
                let file = self.file;
                let declared = (file.actions.iter()).find(|(n, _)| n.text == name);
                let span = declared.map_or(t.span, |(_, choice)| choice.span);
                self.errors.push(
                    Diagnostic::at(span, format!("`{name}` is named in a `try`: it is never played, so it has no `staying`, `marking`, `then` or `keep if`"))
                        .with_help("the action of the real ones with the same cells is played, with its own effects; the `try`'s `else` effect runs when there is none"),
                );
            }
            self.named_choices.insert(i);
        }
        let failing = t.failing.as_ref().map(|e| self.effect(e));
        self.tries.push(TryRule {
            turn,
            step,
            real,
            failing,
        });
    }

    pub(super) fn outcome(&mut self, o: &ast::Outcome) -> Outcome {
        match o {
            ast::Outcome::Draw => Outcome::Draw,
            ast::Outcome::Wins(n) | ast::Outcome::Loses(n) => {
                let who = self.who(n);
                if matches!(o, ast::Outcome::Wins(_)) {
                    Outcome::Wins(who)
                } else {
                    Outcome::Loses(who)
                }
            }
            ast::Outcome::Compare(keys) => Outcome::Compare(
                keys.iter()
                    .map(|(most, e)| {
                        let v = self.expr(e);
                        let i = self.want_num(v, e.span).unwrap_or(NumExpr::Const(0.0));
                        (*most, i)
                    })
                    .collect(),
            ),
        }
    }
}
