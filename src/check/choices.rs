//! Choices: each action kind lowered to the rules' `Choice`, named
//! actions, `choose` and `roll` values, and the numbers a move is given
//! (a shift's limit, a slide's distance, a cell count).

use crate::ast::{self, ExprKind, Literal, Name};
use crate::diagnostic::{Diagnostic, Span};
use crate::limits::{MAX_ACTIONS, MAX_DISTANCE};
use crate::rules::parts::ChoiceShape;
use crate::rules::*;

use super::builtins::LINE_COUNT;
use super::options::OptionValue;
use super::{Checker, Value};

impl<'a> Checker<'a> {
    /// A `roll` or a `deal` is a step of chance alone: no player's action
    /// beside it (who would pick between them?) and no `keep if` (chance
    /// cannot be refused an outcome).
    pub(super) fn check_roll(&mut self, choice: u16, span: Span, entries: usize) {
        // A choice in error may have no entry.
        let Some(c) = self.choices.get(choice as usize) else {
            return;
        };
        let (verb, any, what) = match c.kind {
            ChoiceKind::Choose {
                by: ChosenBy::Chance(_),
                ..
            } => ("roll", "any of its values", "value"),
            ChoiceKind::Deal { .. } => ("deal", "any piece in hand", "piece"),
            _ => return,
        };
        self.chance_choices.insert(choice);
        if !c.keep.is_empty() {
            self.error(
                span,
                format!("a `{verb}` cannot have `keep if`: chance picks {any}"),
            );
        }
        if entries > 1 {
            self.error(
                span,
                format!(
                    "a `{verb}` is a step of its own: chance picks its {what}, not the player, \
                     so it cannot be offered beside other actions (`|` or `else`)"
                ),
            );
        }
    }

    /// A `by chance:` step: its actions are equally likely outcomes, so none
    /// may be judged on its result (`keep if`), which would make chance
    /// choose among actions it cannot count before playing them. `keep
    /// actions if` is the players' rule, not chance's.
    pub(super) fn check_by_chance(&mut self, entries: &[Entry], span: Span) {
        let judged = entries.iter().any(|(c, _, _)| {
            self.choices
                .get(*c as usize)
                .is_some_and(|c| !c.keep.is_empty())
        });
        if judged {
            self.error(
                span,
                "a `by chance:` step cannot offer an action with `keep if`: chance picks \
                 among the actions offered, each as likely",
            );
        }
        self.chance_choices
            .extend(entries.iter().map(|(c, _, _)| *c));
    }

    /// Lowers a choice and returns its index; a named action is lowered once.
    pub(super) fn choice(&mut self, c: &ast::Choice, name: Option<&str>) -> u16 {
        let kind = match &c.kind {
            ast::ChoiceKind::Named(n) => return self.named_action(c, n),
            ast::ChoiceKind::Place { piece, at } => {
                let p = self.piece(piece);
                let target = self.set(at);
                ChoiceKind::Place { piece: p, target }
            }
            ast::ChoiceKind::Convert(e) => ChoiceKind::Convert(self.set(e)),
            ast::ChoiceKind::Remove(e) => ChoiceKind::Remove(self.set(e)),
            ast::ChoiceKind::Pick(e) => ChoiceKind::Pick(self.set(e)),
            ast::ChoiceKind::Deal(e) => self.deal(c.span, e),
            ast::ChoiceKind::Sow { from, ring, skip } => {
                self.sow(c.span, from, ring, skip.as_ref())
            }
            ast::ChoiceKind::Pass => ChoiceKind::Pass,
            ast::ChoiceKind::Swap => ChoiceKind::Swap,
            ast::ChoiceKind::Choose {
                var,
                values,
                span,
                by,
            } => self.choose(var, values, *span, *by),
            ast::ChoiceKind::Step { from, dirs, to } => ChoiceKind::Step {
                from: self.set(from),
                dirs: self.move_dirs(dirs.as_ref()),
                to: self.set(to),
                links: dirs.is_none(),
            },
            ast::ChoiceKind::Jump {
                from,
                dirs,
                over,
                to,
            } => ChoiceKind::Jump {
                from: self.set(from),
                dirs: self.move_dirs(dirs.as_ref()),
                over: self.set(over),
                to: self.set(to),
            },
            ast::ChoiceKind::Hop {
                from,
                dirs,
                over,
                to,
            } => ChoiceKind::Hop {
                from: self.set(from),
                dirs: self.move_dirs(dirs.as_ref()),
                over: self.set(over),
                to: self.set(to),
            },
            ast::ChoiceKind::Slide {
                from,
                along: Some(t),
                more,
                around,
                by,
                path,
                to,
                ..
            } if *around || self.is_circuit(&t.text) || !more.is_empty() => {
                let mut ways = vec![t];
                ways.extend(more);
                self.circuit_slide(from, &ways, *around, by.as_ref(), path.as_ref(), to)
            }
            ast::ChoiceKind::Slide {
                from,
                dirs,
                along,
                around: _,
                more: _,
                by,
                path,
                to,
            } => {
                let along = along.as_ref().and_then(|t| {
                    if by.is_none() {
                        self.errors.push(
                            Diagnostic::at(t.span, "a slide along a track needs a distance")
                                .with_help("write how far it goes: `along path by die`"),
                        );
                    }
                    self.track(t)
                });
                let by_expr = by.as_ref();
                let by = by_expr.and_then(|e| self.distance(e));
                if let (Some(_), Some(Distance::LineCount(_)), Some(e)) = (along, &by, by_expr) {
                    self.error(
                        e.span,
                        "`line-count` counts along a straight line, not a track",
                    );
                }
                ChoiceKind::Slide {
                    from: self.set(from),
                    dirs: match along {
                        Some(_) => DirSet::Fixed(0),
                        None => self.move_dirs(dirs.as_ref()),
                    },
                    along,
                    loops: 0,
                    by,
                    path: path.as_ref().map_or(SetExpr::Empty, |p| self.set(p)),
                    to: self.set(to),
                }
            }
            ast::ChoiceKind::Move { from, to } => ChoiceKind::Move {
                from: self.set(from),
                to: self.set(to),
            },
            ast::ChoiceKind::Draw(lines) => self.draw_choice(lines),
            ast::ChoiceKind::Shift {
                from,
                toward,
                limit,
                path,
                to,
            } => ChoiceKind::Shift {
                from: self.set(from),
                toward: toward.as_ref().map(|t| self.set(t)),
                limit: limit.as_ref().and_then(|e| self.shift_limit(e)),
                path: path.as_ref().map_or(SetExpr::Empty, |p| self.set(p)),
                to: self.set(to),
            },
            ast::ChoiceKind::Rotate { regions, angles } => self.rotation(regions, angles),
            ast::ChoiceKind::Leap {
                from,
                a,
                b,
                toward,
                along,
                over,
                to,
            } => {
                let from = self.set(from);
                let leap = self.leap_pattern(a, b);
                let cone = if *along { Cone::Along } else { Cone::Toward };
                let toward = toward.as_ref().map(|d| (cone, self.move_dirs(Some(d))));
                ChoiceKind::Leap {
                    from,
                    leap,
                    toward,
                    over: over.as_ref().map(|e| self.set(e)),
                    to: self.set(to),
                }
            }
        };
        self.push_choice(c, name, kind)
    }

    /// A choice that names an action (`action NAME = ...`): the action's
    /// index, its body lowered on first use; apart from [`Self::choice`] for
    /// its own errors (an effect's name, an unknown name, an action naming
    /// another).
    fn named_action(&mut self, c: &ast::Choice, n: &Name) -> u16 {
        if c.marking.is_some() || c.staying.is_some() || !c.then.is_empty() || !c.keep.is_empty() {
            self.errors.push(
                Diagnostic::at(
                    c.span,
                    format!(
                        "`staying`, `marking`, `then` and `keep if` cannot follow the action name `{}`",
                        n.text
                    ),
                )
                .with_help(format!("put them in the line `action {} = ...`", n.text)),
            );
        }
        if let Some(&i) = self.action_index.get(&n.text) {
            return i;
        }
        let Some(&body) = self.actions.get(&n.text) else {
            // `again` is an effect of the language, not a name.
            if self.effects.contains_key(&n.text) || n.text == "again" {
                self.errors.push(
                    Diagnostic::at(n.span, format!("`{}` is an effect, not an action", n.text))
                        .with_help(format!(
                            "in a turn, an automatic effect goes in parentheses: `({})`",
                            n.text
                        )),
                );
                return 0;
            }
            let actions: Vec<String> = self.actions.keys().cloned().collect();
            self.unknown(n, &actions);
            return 0;
        };
        if matches!(body.kind, ast::ChoiceKind::Named(_)) {
            self.error(
                body.span,
                "an action must be a verb (`place`, `convert`, ...), not another action's name",
            );
            return 0;
        }
        // Reserve the index first so that recursion through `then` is impossible.
        let i = self.choice(body, Some(&n.text));
        self.action_index.insert(n.text.clone(), i);
        i
    }

    /// `sow FROM along RING [skipping S]`: the ring's direction, and a
    /// game that has counters to sow.
    fn sow(
        &mut self,
        span: Span,
        from: &ast::Expr,
        ring: &Name,
        skip: Option<&ast::Expr>,
    ) -> ChoiceKind {
        let from = self.set(from);
        let skip = skip.map(|s| self.set(s));
        if self.counters.is_none() {
            self.errors.push(
                Diagnostic::at(span, "`sow` moves counters, and the game has none")
                    .with_help("declare a kind of counter: `counters seed`"),
            );
        }
        match self.ring_dir(ring) {
            Some((ring, forward)) => ChoiceKind::Sow {
                from,
                ring,
                forward,
                skip,
            },
            None => ChoiceKind::Pass,
        }
    }

    /// `deal at S`: its outcomes are the pieces a hand can hold, written
    /// `OWNER-KIND`; a game without hands has nothing to deal.
    fn deal(&mut self, span: Span, at: &ast::Expr) -> ChoiceKind {
        let target = self.set(at);
        if self.reserve.is_empty() {
            self.errors.push(
                Diagnostic::at(
                    span,
                    "`deal` takes a piece from the players' hands, and this game has none",
                )
                .with_help("put the pieces to deal in hand: `reserve: soldier = 5`"),
            );
        }
        let dealt = self.players.len() * self.pieces.len();
        if dealt > crate::limits::MAX_DEALT {
            self.error(
                span,
                format!(
                    "`deal` can tell at most {} pieces apart, and this game has {dealt} \
                     ({} players × {} kinds of piece)",
                    crate::limits::MAX_DEALT,
                    self.players.len(),
                    self.pieces.len()
                ),
            );
        }
        let outcomes = self
            .players
            .iter()
            .flat_map(|p| self.pieces.iter().map(move |k| format!("{p}-{k}")))
            .collect();
        ChoiceKind::Deal { target, outcomes }
    }

    /// The name a choice's actions are written with when no `action NAME`
    /// gives one: its verb, a placement's piece, a choice's variable.
    fn default_name(&self, kind: &ChoiceKind) -> String {
        match kind {
            // `stone:a1`, `king:a1`: two placements differ by their piece.
            ChoiceKind::Place { piece, .. } => self
                .pieces
                .get(piece.index())
                .cloned()
                .unwrap_or_else(|| "place".into()),
            ChoiceKind::Convert(_) => "convert".into(),
            ChoiceKind::Remove(_) => "remove".into(),
            ChoiceKind::Pick(_) => "pick".into(),
            ChoiceKind::Deal { .. } => "deal".into(),
            ChoiceKind::Sow { .. } => "sow".into(),
            ChoiceKind::Pass => "pass".into(),
            ChoiceKind::Swap => "swap".into(),
            ChoiceKind::Step { .. } => "step".into(),
            ChoiceKind::Jump { .. } => "jump".into(),
            ChoiceKind::Hop { .. } => "hop".into(),
            ChoiceKind::Slide { .. } => "slide".into(),
            ChoiceKind::Leap { .. } => "leap".into(),
            ChoiceKind::Move { .. } => "move".into(),
            ChoiceKind::Draw { .. } => "draw".into(),
            ChoiceKind::Shift { .. } => "shift".into(),
            ChoiceKind::Rotate(_) => "rotate".into(),
            ChoiceKind::Choose { var, .. } => self
                .variables
                .get(*var as usize)
                .map_or_else(|| "choose".into(), |v| v.name.clone()),
        }
    }

    /// Adds a lowered choice with its marking, effects and `keep if`s, and
    /// returns its index.
    fn push_choice(&mut self, c: &ast::Choice, name: Option<&str>, kind: ChoiceKind) -> u16 {
        let default_name = self.default_name(&kind);
        let marking = c.marking.as_ref().map(|m| self.mark(m));
        let staying = c.staying.is_some();
        // A piece's move: a step, jump, slide, hop, leap or `move`; not a
        // block's `shift`, nor a line drawn.
        let moves_a_piece =
            matches!(
                kind.shape(),
                ChoiceShape::NextDoor { .. } | ChoiceShape::Far
            ) && !matches!(kind, ChoiceKind::Shift { .. } | ChoiceKind::Draw { .. });
        if let Some(at) = c.staying
            && !moves_a_piece
        {
            self.error(
                at,
                "`staying` follows a move (`step`, `jump`, `hop`, `slide`, `leap` or `move`): its piece stays on its cell",
            );
        }
        // Effects that do nothing (a `clear` of a mark never set, an `if`
        // decided by the options) are left out.
        let then = c
            .then
            .iter()
            .map(|e| self.effect(e))
            .filter(|e| !matches!(e, Effect::Seq(list) if list.is_empty()))
            .collect();
        // A condition that always holds keeps every action: left out.
        let mut keep = Vec::new();
        let mut keep_sources = Vec::new();
        for k in &c.keep {
            let cond = self.keep_condition(k);
            if cond != BoolExpr::Const(true) {
                keep.push(cond);
                keep_sources.push(self.cond_source(k, true));
            }
        }
        let mut source = self.choice_source(c);
        source.keep = keep_sources;
        self.sources.choices.push(source);
        self.choices.push(Choice {
            name: name.map_or(default_name, str::to_string),
            kind,
            staying,
            marking,
            then,
            keep,
        });
        if self.choices.len() > MAX_ACTIONS {
            self.limit(c.span, "too many actions");
        }
        (self.choices.len() - 1) as u16
    }

    /// `choose VAR from ...`: the values as numbers (names by their index);
    /// `roll VAR from ...`: the distinct values, each weighed by how often
    /// it is listed.
    pub(super) fn choose(
        &mut self,
        var: &Name,
        values: &[Literal],
        span: Span,
        by: ast::Picker,
    ) -> ChoiceKind {
        let Some(v) = self.variables.iter().position(|x| x.name == var.text) else {
            let known: Vec<String> = self.variables.iter().map(|x| x.name.clone()).collect();
            self.unknown_kind(var, &known, "variable");
            return ChoiceKind::Pass;
        };
        let symbols = self.variables[v].symbols.clone();
        let mut out = Vec::new();
        for l in values {
            match l {
                Literal::Number(t) => match t.parse::<f64>() {
                    Ok(x) if symbols.is_empty() => out.push(x),
                    _ => self.error(
                        span,
                        format!(
                            "`{}` chooses among names, so `{t}` cannot be one of its values",
                            var.text
                        ),
                    ),
                },
                Literal::Name(n) => match self.options.get(n).map(|o| o.value.clone()) {
                    Some(OptionValue::List(list)) => out.extend(list),
                    Some(OptionValue::Num(x)) => out.push(x),
                    _ => match symbols.iter().position(|s| s == n) {
                        Some(i) => out.push(i as f64),
                        // `roll d from 1, 2,` then a line `play | pass`:
                        // the comma reads the action as a value.
                        None if self.file.actions.iter().any(|(a, _)| a.text == *n) => {
                            self.errors.push(
                                Diagnostic::at(
                                    span,
                                    format!(
                                        "`{n}` is read as a value of `{}` (it follows a comma), but it names an action",
                                        var.text
                                    ),
                                )
                                .with_help(
                                    "values run on while a comma follows, so a step after them cannot start with an action's name and `|`: put an effect step between them (`(set ...)`), or start that step with another choice",
                                ),
                            )
                        }
                        None => self.error(span, format!("`{n}` is not a value of `{}`", var.text)),
                    },
                },
            }
        }
        let verb = match by {
            ast::Picker::Mover => "choose",
            ast::Picker::Chance => "roll",
        };
        if out.is_empty() {
            self.error(span, format!("`{verb}` needs at least one value"));
        }
        let by = match by {
            ast::Picker::Mover => ChosenBy::Mover,
            ast::Picker::Chance => {
                let mut distinct: Vec<f64> = Vec::new();
                let mut weights: Vec<u32> = Vec::new();
                for x in out {
                    match distinct.iter().position(|&d| d == x) {
                        Some(i) => weights[i] += 1,
                        None => {
                            distinct.push(x);
                            weights.push(1);
                        }
                    }
                }
                out = distinct;
                ChosenBy::Chance(weights)
            }
        };
        ChoiceKind::Choose {
            var: v as u8,
            values: out,
            by,
        }
    }

    /// A shift's `up to N`: a fixed number of cells.
    fn shift_limit(&mut self, e: &ast::Expr) -> Option<u32> {
        let msg = |found: &str| {
            format!(
                "a shift goes up to a whole number of cells from 1 to {MAX_DISTANCE}, not {found}"
            )
        };
        let help = "write a fixed number (`up to 3`, `up to size - 1`), or leave `up to` out \
                    for any distance";
        self.cell_count(e, msg, msg, help)
    }

    /// The distance of `slide ... by DISTANCE`: a fixed number of cells, or
    /// `line-count(S)`, which means something only there.
    fn distance(&mut self, e: &ast::Expr) -> Option<Distance> {
        let help = "a slide goes a fixed number of cells (`by 2`, `by size - 1`), a number \
                    worked out in the position (`by die`), or as many as a set has on its \
                    line (`by line-count(occupied)`)";
        if let ExprKind::Call(f, args) = &e.kind
            && f.text == LINE_COUNT
        {
            if args.len() != 1 {
                let msg = format!("`{LINE_COUNT}` takes 1 argument, not {}", args.len());
                self.error(e.span, msg);
                return None;
            }
            return Some(Distance::LineCount(self.set(&args[0])));
        }
        // A number that changes during the game (`by die`) is worked out
        // where the slide is offered.
        if let Value::Num(n) = self.expr(e)
            && !matches!(n, NumExpr::Const(_))
        {
            return Some(Distance::Number(n));
        }
        let bad = |x: &str| {
            format!("a slide's distance is a whole number from 1 to {MAX_DISTANCE}, not {x}")
        };
        let other = |found: &str| format!("expected the distance of the slide, found {found}");
        self.cell_count(e, bad, other, help).map(Distance::Cells)
    }

    /// A number of cells fixed before the game, from 1 to `MAX_DISTANCE`;
    /// `bad` words the error for a number out of range, `other` (with
    /// `help`) the one for anything else: what was found.
    fn cell_count(
        &mut self,
        e: &ast::Expr,
        bad: impl Fn(&str) -> String,
        other: impl Fn(&str) -> String,
        help: &str,
    ) -> Option<u32> {
        match self.expr(e) {
            Value::Num(NumExpr::Const(x)) => {
                let msg = bad(&format_number(x));
                if x.fract() != 0.0 || x < 1.0 {
                    self.error(e.span, msg);
                } else if x > MAX_DISTANCE as f64 {
                    self.limit(e.span, msg);
                } else {
                    return Some(x as u32);
                }
            }
            Value::Error => {}
            v => {
                let found = match v {
                    Value::Num(_) => "a number that changes during the game".to_string(),
                    v => v.kind().to_string(),
                };
                self.errors
                    .push(Diagnostic::at(e.span, other(&found)).with_help(help));
            }
        }
        None
    }
}
