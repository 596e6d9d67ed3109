//! Expressions: type inference and lowering to the engine's set, number,
//! condition and direction expressions.

use crate::ast::{self, Expr, ExprKind, Name};
use crate::diagnostic::{Diagnostic, Span, closest};
use crate::limits::MAX_NUMBER;
use crate::rules::*;

use super::options::OptionValue;
use super::{Checker, MAX_DEPTH, Value, builtins};

impl<'a> Checker<'a> {
    pub(super) fn condition(&mut self, e: &Expr) -> BoolExpr {
        let v = self.expr(e);
        self.want_bool(v, e.span).unwrap_or(BoolExpr::Const(false))
    }

    pub(super) fn set(&mut self, e: &Expr) -> SetExpr {
        let v = self.expr(e);
        self.want_set(v, e.span).unwrap_or(SetExpr::Empty)
    }

    pub(super) fn mismatch(&mut self, v: &Value, want: &str, span: Span) {
        if !matches!(v, Value::Error) {
            let msg = format!("expected {want}, found {}", v.kind());
            self.error(span, msg);
        }
    }

    pub(super) fn want_set(&mut self, v: Value, span: Span) -> Option<SetExpr> {
        match v {
            Value::Set(s) => Some(s),
            Value::Who(w) => Some(SetExpr::Owned(w)),
            v => {
                self.mismatch(&v, "a set of cells", span);
                None
            }
        }
    }

    pub(super) fn want_bool(&mut self, v: Value, span: Span) -> Option<BoolExpr> {
        match v {
            Value::Bool(b) => Some(b),
            Value::Set(s) => Some(BoolExpr::NonEmpty(s)),
            v => {
                self.mismatch(&v, "a condition", span);
                None
            }
        }
    }

    pub(super) fn want_num(&mut self, v: Value, span: Span) -> Option<NumExpr> {
        match v {
            Value::Num(i) => Some(i),
            v => {
                self.mismatch(&v, "a number", span);
                None
            }
        }
    }

    pub(super) fn want_dir(&mut self, v: Value, span: Span) -> Option<DirExpr> {
        match v {
            Value::Dir(d) => Some(d),
            // A set of one direction, the same for every player.
            Value::Dirs(DirSet::Fixed(m)) if m.count_ones() == 1 => {
                Some(DirExpr::Const(Dir::new(m.trailing_zeros() as usize)))
            }
            v => {
                self.mismatch(&v, "a direction", span);
                None
            }
        }
    }

    pub(super) fn const_int(&mut self, e: &Expr) -> Option<i64> {
        let v = self.expr(e);
        match self.want_num(v, e.span)? {
            NumExpr::Const(i) if i.fract() == 0.0 && i.abs() < MAX_NUMBER => Some(i as i64),
            NumExpr::Const(i) => {
                self.error(
                    e.span,
                    format!("expected a whole number, not {}", format_number(i)),
                );
                None
            }
            _ => {
                self.error(
                    e.span,
                    "expected a number fixed before the game starts (an option or a constant)",
                );
                None
            }
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Value {
        if !self.spend(1, e.span) {
            return Value::Error;
        }
        // The engine evaluates with a fixed amount of scratch space, a few
        // sets per level: refuse absurdly deep expressions here.
        if self.depth == 0 {
            self.too_deep = false;
        }
        if self.depth >= MAX_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                let msg = format!("this expression nests more than {MAX_DEPTH} levels deep");
                let help = "nest it less: a flat chain (`A or B or C ...`, of `and`, of `except`) \
                            nests little at any length";
                self.errors.push(
                    crate::diagnostic::Diagnostic::at(e.span, msg)
                        .with_kind(crate::diagnostic::Kind::Limit)
                        .with_help(help),
                );
            }
            return Value::Error;
        }
        self.depth += 1;
        let v = self.expr_inner(e);
        self.depth -= 1;
        v
    }

    pub(super) fn expr_inner(&mut self, e: &Expr) -> Value {
        match &e.kind {
            ExprKind::Number(text) => match text.parse::<f64>() {
                Ok(i) if i.abs() < MAX_NUMBER => Value::Num(NumExpr::Const(i)),
                _ => {
                    self.limit(e.span, format!("`{text}` is too large for a number"));
                    Value::Error
                }
            },
            ExprKind::Turn => Value::Num(NumExpr::Turn),
            ExprKind::Name(n) => self.name(n, e.span),
            ExprKind::Call(f, args) => self.call(f, args, e.span),
            ExprKind::Not(a) => match self.expr(a) {
                Value::Set(s) => Value::Set(SetExpr::Complement(Box::new(s))),
                Value::Who(w) => Value::Set(SetExpr::Complement(Box::new(SetExpr::Owned(w)))),
                v => match self.want_bool(v, a.span) {
                    Some(BoolExpr::Const(b)) => Value::Bool(BoolExpr::Const(!b)),
                    Some(b) => Value::Bool(BoolExpr::Not(Box::new(b))),
                    None => Value::Error,
                },
            },
            ExprKind::Neg(a) => {
                let v = self.expr(a);
                match self.want_num(v, a.span) {
                    Some(NumExpr::Const(i)) => Value::Num(NumExpr::Const(-i)),
                    Some(i) => Value::Num(NumExpr::Neg(Box::new(i))),
                    None => Value::Error,
                }
            }
            ExprKind::At(set, dir) => {
                let s = self.set(set);
                let dv = self.expr(dir);
                if let Value::Dirs(dirs) = dv {
                    return self.at_dirs(s, dirs);
                }
                match self.want_dir(dv, dir.span) {
                    Some(d) => Value::Bool(BoolExpr::At(s, d)),
                    None => Value::Error,
                }
            }
            ExprKind::Where(set, cond) => {
                let s = self.set(set);
                let c = self.condition(cond);
                // Decided now when the condition is (on options only).
                Value::Set(match c {
                    BoolExpr::Const(true) => s,
                    BoolExpr::Const(false) => self.fixed(std::iter::empty::<usize>()),
                    c => SetExpr::Where(Box::new(s), Box::new(c)),
                })
            }
            ExprKind::Quantifier { some, var, body } => {
                if !self.check_binding(var, "direction", self.scope.len(), "`some`/`every`") {
                    return Value::Error;
                }
                self.scope.push(var.text.clone());
                self.dir_slots = self.dir_slots.max(self.scope.len());
                let slot = (self.scope.len() - 1) as u8;
                let b = self.condition(body);
                self.scope.pop();
                Value::Bool(BoolExpr::Quantifier {
                    some: *some,
                    slot,
                    body: Box::new(b),
                })
            }
            ExprKind::Binary(op, a, b) => self.binary(op, a, b, e.span),
        }
    }

    /// A definition with one value per player; all of one kind.
    pub(super) fn per_player(&mut self, n: &str, bindings: &[(Name, Expr)], span: Span) -> Value {
        let mut values: Vec<Option<Value>> = vec![None; self.players.len()];
        for (p, e) in bindings {
            if self.unseated.contains(&p.text) {
                continue;
            }
            let Some(i) = self.players.iter().position(|x| *x == p.text) else {
                let players = self.players.clone();
                self.unknown_kind(p, &players, "player");
                return Value::Error;
            };
            if values[i].is_some() {
                self.error(p.span, format!("`{}` has two values here", p.text));
            }
            values[i] = Some(self.expr(e));
        }
        let Some(values) = values.into_iter().collect::<Option<Vec<Value>>>() else {
            self.error(span, format!("`{n}` needs a value for every player"));
            return Value::Error;
        };
        if let Some(dirs) = self.per_player_dirs(&values, span) {
            return dirs;
        }
        if values.iter().all(|v| matches!(v, Value::Num(_))) {
            Value::Num(NumExpr::ByPlayer(
                values
                    .into_iter()
                    .map(|v| {
                        if let Value::Num(x) = v {
                            x
                        } else {
                            NumExpr::Const(0.0)
                        }
                    })
                    .collect(),
            ))
        } else if values
            .iter()
            .all(|v| matches!(v, Value::Set(_) | Value::Who(_)))
        {
            let mut sets = Vec::new();
            for v in values {
                sets.push(self.want_set(v, span).unwrap_or(SetExpr::Empty));
            }
            Value::Set(SetExpr::ByPlayer(sets))
        } else if values.iter().all(|v| matches!(v, Value::Bool(_))) {
            Value::Bool(BoolExpr::ByPlayer(
                values
                    .into_iter()
                    .map(|v| {
                        if let Value::Bool(x) = v {
                            x
                        } else {
                            BoolExpr::Const(false)
                        }
                    })
                    .collect(),
            ))
        } else if values.iter().any(|v| matches!(v, Value::Error)) {
            Value::Error
        } else {
            self.error(
                span,
                format!(
                    "the values of `{n}` must all be numbers, all sets of cells, all conditions or all directions"
                ),
            );
            Value::Error
        }
    }

    /// A name's value, looked up in this order: variables in scope, the
    /// game's variables, definitions, regions, options, marks, pieces,
    /// players, built-in names, the board's sides and directions; else an
    /// error saying what the name is instead, or that it is unknown.
    pub(super) fn name(&mut self, n: &str, span: Span) -> Value {
        if let Some(slot) = self.scope.iter().rposition(|v| v == n) {
            return Value::Dir(DirExpr::Var(slot as u8));
        }
        if let Some(slot) = self.set_scope.iter().rposition(|v| v == n) {
            return Value::Set(SetExpr::Var(slot as u8));
        }
        if let Some(i) = self.variables.iter().position(|v| v.name == n) {
            return if self.variables[i].symbols.is_empty() {
                Value::Num(NumExpr::Var(i as u8))
            } else {
                Value::Chosen(i as u8)
            };
        }
        if let Some(&body) = self.defines.get(n) {
            if let Some(params) = self.define_params(n) {
                return self.define_without_arguments(n, params, span);
            }
            return self.define(n, body, span);
        }
        if let Some(r) = self.regions.get(n) {
            return Value::Set(r.clone());
        }
        if self.family_index(n).is_some() {
            return self.family_as_set(n, span);
        }
        if self.failed_regions.iter().any(|r| r == n) {
            return Value::Error;
        }
        if self.file.regions.iter().any(|r| r.name.text == n) {
            // A region used before (or inside) its own declaration.
            self.error(span, format!("region `{n}` is used before it is declared"));
            return Value::Error;
        }
        if let Some(info) = self.options.get(n) {
            return match &info.value {
                OptionValue::Num(i) => Value::Num(NumExpr::Const(*i)),
                OptionValue::Symbol(s) => Value::Symbol {
                    option: n.to_string(),
                    value: s.clone(),
                },
                OptionValue::List(_) => {
                    self.errors.push(
                        Diagnostic::at(span, format!("option `{n}` is a list"))
                            .with_help(format!("use it in `choose NAME from {n}`")),
                    );
                    Value::Error
                }
            };
        }
        if let Some(i) = self.marks.iter().position(|m| m == n) {
            return Value::Set(SetExpr::Mark(Mark::new(i)));
        }
        if let Some(i) = self.pieces.iter().position(|m| m == n) {
            return Value::Set(SetExpr::Piece(Kind::new(i)));
        }
        if let Some(i) = self.players.iter().position(|m| m == n) {
            return Value::Who(Who::Player(Player::new(i)));
        }
        if let Some((_, value)) = builtins::NAMES.iter().find(|(name, _)| *name == n) {
            return value(self, span);
        }
        if let Some(v) = self.board_name(n) {
            return v;
        }
        if self.not_a_value(n, span) {
            return Value::Error;
        }
        self.unknown_name(n, span)
    }

    /// A `define`d name: lowered on first use with no variables in scope,
    /// and copied (its parts counted again) on each later use; a
    /// definition in terms of itself is refused.
    fn define(&mut self, n: &str, body: &'a ast::RegionBody, span: Span) -> Value {
        if let Some((v, parts)) = self.define_values.get(n) {
            // Used again: a copy of the whole lowered definition.
            let (v, parts) = (v.clone(), *parts);
            if !self.in_view && super::view::value_reads_destinations(&v) {
                let msg = format!("`{n}` reads `destinations`, which is only for `view`");
                let help = "`destinations` lists a player's actions: only the view may ask it";
                self.errors.push(Diagnostic::at(span, msg).with_help(help));
                return Value::Error;
            }
            return if self.spend(parts, span) {
                v
            } else {
                Value::Error
            };
        }
        if self.define_stack.iter().any(|d| d == n) {
            let chain = self.define_stack.join(" -> ");
            self.error(
                span,
                format!("`{n}` is defined in terms of itself ({chain} -> {n})"),
            );
            return Value::Error;
        }
        // A definition sees no variables of the place it is used in.
        let saved = std::mem::take(&mut self.scope);
        let saved_sets = std::mem::take(&mut self.set_scope);
        self.define_stack.push(n.to_string());
        let before = self.lowered;
        let v = match body {
            ast::RegionBody::Shared(e) => self.expr(e),
            ast::RegionBody::PerPlayer(bindings) => self.per_player(n, bindings, span),
        };
        self.define_stack.pop();
        self.scope = saved;
        self.set_scope = saved_sets;
        let parts = self.lowered - before;
        self.define_values.insert(n.to_string(), (v.clone(), parts));
        v
    }

    /// A side (a set of cells) or a direction of the board. Before the board
    /// is built (in its own size or condition), a name some board has is
    /// noted as asking for it (see `Checker::before_board`).
    fn board_name(&mut self, n: &str) -> Option<Value> {
        if self.board.is_none() && Self::part_of_some_board(n) {
            // A side or direction in the board's own size or condition.
            self.board_wanted.set(true);
            return Some(Value::Error);
        }
        if let Some(b) = &self.board {
            if b.side_names().contains(&n) {
                let cells = b.side(n).unwrap_or_default();
                return Some(Value::Set(self.fixed(cells)));
            }
            if let Some(d) = b.dir_by_name(n) {
                return Some(Value::Dir(DirExpr::Const(d as Dir)));
            }
        }
        None
    }

    /// Reports a name the game declares as something that is no value (an
    /// effect, an action, a kind of counter, a ring's direction, a player
    /// without a seat); returns whether it did (also, silently, for a name
    /// that may be on a board that could not be built). Apart from
    /// [`Self::unknown_name`]: these names get their own words.
    fn not_a_value(&mut self, n: &str, span: Span) -> bool {
        if self.effects.contains_key(n) {
            self.errors.push(
                Diagnostic::at(span, format!("`{n}` is an effect, not a value")).with_help(
                    format!("use it after `then`, or in a turn in parentheses: `({n})`"),
                ),
            );
            return true;
        }
        if self.actions.contains_key(n) {
            self.error(span, format!("`{n}` is an action, not a value"));
            return true;
        }
        if self.is_counter(n) {
            self.errors.push(
                Diagnostic::at(
                    span,
                    format!("`{n}` is a kind of counter, not a set of cells"),
                )
                .with_help(
                    "the cells holding counters are `seeded`; how many a set holds is `tally(S)`",
                ),
            );
            return true;
        }
        if self
            .file
            .rings
            .iter()
            .any(|r| r.names.iter().any(|x| x.text == n))
        {
            self.errors.push(
                Diagnostic::at(
                    span,
                    format!("`{n}` is a ring's direction: it is for `sow ... along {n}`"),
                )
                .with_help("a ring has no angle: it is no direction of the board"),
            );
            return true;
        }
        if self.maybe_on_unknown_board(n) {
            return true;
        }
        if self.unseated.iter().any(|p| p == n) {
            // The same words as `who`'s.
            let name = Name {
                text: n.to_string(),
                span,
            };
            self.who(&name);
            return true;
        }
        false
    }

    /// `unknown name`, with a hint: a minus without spaces, or the closest
    /// known name.
    fn unknown_name(&mut self, n: &str, span: Span) -> Value {
        let mut candidates: Vec<String> = self.names.keys().cloned().collect();
        candidates.extend(self.scope.iter().cloned());
        // Sorted, so that ties between equally close names break the same way.
        candidates.sort();
        let mut d = Diagnostic::at(span, format!("unknown name `{n}`"));
        let known = |x: &str| self.names.contains_key(x) || x.parse::<i64>().is_ok();
        if let Some((l, r)) = n.split_once('-').filter(|(l, r)| known(l) || known(r)) {
            d.help = Some(format!(
                "to subtract, put spaces around the minus: `{l} - {r}`"
            ));
        } else if let Some(near) = closest(n, candidates.iter().map(String::as_str)) {
            d.help = Some(format!("did you mean `{near}`?"));
        }
        self.errors.push(d);
        Value::Error
    }
}
