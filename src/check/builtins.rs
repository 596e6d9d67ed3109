//! Built-in functions (`count`, `line`, `rotate`, ...), as one table: the
//! name list, the arity check, "did you mean" and the lowering all read
//! [`FUNCTIONS`], so a function over existing nodes is one entry here (plus
//! its section in `docs/language.md`). A function that needs a new set node
//! also touches `rules.rs`, `rules/parts.rs`, `check/regions.rs`, its
//! evaluation in `engine/eval/` and its wording in `explain/sets.rs`: see
//! "How to add" in ARCHITECTURE.md.

use crate::ast::{Expr, ExprKind, Name};
use crate::diagnostic::{Diagnostic, Span, closest};
use crate::ids::Cell;
use crate::limits::{MAX_LEAP, MAX_LEAP_PATTERNS, MAX_LINE};
use crate::rules::*;

use super::{Checker, Value, directions};

mod lowering;
use lowering::{cells, corners, divided, edge, in_hand, line, line_length, rotate};

/// What a built-in function takes or gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Type {
    Set,
    Number,
    Condition,
    Direction,
    /// A direction or a set of directions (`ne or nw`, `forward`).
    Directions,
    Player,
    /// A whole number fixed before the game starts (a constant, an option).
    FixedNumber,
    /// A column letter, or a fixed number.
    ColumnKey,
    /// A cell label such as `a1`.
    CellLabel,
    /// A kind of piece, by name (`man`).
    PieceKind,
    /// A kind of line, by name (`stroke`).
    LineKind,
}

/// An argument, lowered to what its [`Type`] says.
#[derive(Clone, Debug)]
pub(super) enum Arg {
    Set(SetExpr),
    Number(NumExpr),
    Condition(BoolExpr),
    Direction(DirExpr),
    /// A direction ([`Value::Dir`]) or a set ([`Value::Dirs`]).
    Directions(Value),
    Player(Who),
    Fixed(i64),
    /// A column letter or a fixed number, as text.
    Key(String),
    Label(String),
    /// A bad cell label, already reported; the other labels still count.
    Skipped,
    Piece(Kind),
    /// A kind of line (an index in `Rules::lines`).
    Line(u8),
}

/// The lowered arguments of one call, with where each was written.
pub(super) struct Args<'e> {
    values: Vec<Arg>,
    exprs: &'e [Expr],
}

impl Args<'_> {
    /// Where argument `i` was written.
    fn span(&self, i: usize) -> Span {
        self.exprs.get(i).map_or_else(Span::default, |e| e.span)
    }

    // The accessors below return a neutral value if the table and the
    // lowering disagree (a bug, not bad input): never a panic.

    fn set(&self, i: usize) -> SetExpr {
        match self.values.get(i) {
            Some(Arg::Set(s)) => s.clone(),
            _ => SetExpr::Empty,
        }
    }

    fn number(&self, i: usize) -> NumExpr {
        match self.values.get(i) {
            Some(Arg::Number(n)) => n.clone(),
            _ => NumExpr::Const(0.0),
        }
    }

    fn condition(&self, i: usize) -> BoolExpr {
        match self.values.get(i) {
            Some(Arg::Condition(b)) => b.clone(),
            _ => BoolExpr::Const(false),
        }
    }

    fn direction(&self, i: usize) -> DirExpr {
        match self.values.get(i) {
            Some(Arg::Direction(d)) => d.clone(),
            _ => DirExpr::Const(Dir::new(0)),
        }
    }

    /// How many arguments were given.
    fn given(&self) -> usize {
        self.values.len()
    }

    fn directions(&self, i: usize) -> Value {
        match self.values.get(i) {
            Some(Arg::Directions(v)) => v.clone(),
            _ => Value::Error,
        }
    }

    fn player(&self, i: usize) -> Who {
        match self.values.get(i) {
            Some(Arg::Player(w)) => *w,
            _ => Who::Me,
        }
    }

    fn piece(&self, i: usize) -> Kind {
        match self.values.get(i) {
            Some(Arg::Piece(k)) => *k,
            _ => Kind::new(0),
        }
    }

    fn line(&self, i: usize) -> u8 {
        match self.values.get(i) {
            Some(Arg::Line(k)) => *k,
            _ => 0,
        }
    }

    fn fixed(&self, i: usize) -> i64 {
        match self.values.get(i) {
            Some(Arg::Fixed(k)) => *k,
            _ => 0,
        }
    }

    fn key(&self, i: usize) -> String {
        match self.values.get(i) {
            Some(Arg::Key(k)) => k.clone(),
            _ => String::new(),
        }
    }
}

/// One built-in function.
pub(super) struct Builtin {
    pub name: &'static str,
    /// The arguments' types; with `variadic`, any number of the one type.
    pub params: &'static [Type],
    pub variadic: bool,
    /// How many of the last parameters may be left out.
    pub optional: usize,
    pub result: Type,
    /// Whether it looks at the board's cells, rows or directions (and so
    /// cannot be checked when the board could not be built).
    pub needs_board: bool,
    /// Builds the function's value from its lowered arguments.
    pub lower: fn(&mut Checker<'_>, &Args<'_>) -> Value,
}

impl Builtin {
    const fn new(
        name: &'static str,
        params: &'static [Type],
        result: Type,
        lower: fn(&mut Checker<'_>, &Args<'_>) -> Value,
    ) -> Builtin {
        Builtin {
            name,
            params,
            variadic: false,
            optional: 0,
            result,
            needs_board: false,
            lower,
        }
    }

    /// The same function, whose last `n` parameters may be left out.
    const fn optional(self, n: usize) -> Builtin {
        Builtin {
            optional: n,
            ..self
        }
    }

    /// The same function, looking at the board.
    const fn on_board(self) -> Builtin {
        Builtin {
            needs_board: true,
            ..self
        }
    }
}

use Type::{
    CellLabel, ColumnKey, Condition, Direction, Directions, FixedNumber, LineKind, Number,
    PieceKind, Player, Set,
};

/// Every built-in function, in the order "did you mean" and the list of
/// functions show them.
pub(super) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("index", &[Player], Number, |_, a| {
        Value::Num(NumExpr::Index(a.player(0)))
    }),
    Builtin::new("select", &[Condition, Number, Number], Number, |_, a| {
        let (x, y) = (a.number(1), a.number(2));
        Value::Num(match a.condition(0) {
            BoolExpr::Const(c) => {
                if c {
                    x
                } else {
                    y
                }
            }
            c => NumExpr::Select(Box::new(c), Box::new(x), Box::new(y)),
        })
    }),
    Builtin::new("div", &[Number, Number], Number, |_, a| {
        divided(a.number(0), a.number(1), NumExpr::Div, 0)
    }),
    Builtin::new("mod", &[Number, Number], Number, |_, a| {
        divided(a.number(0), a.number(1), NumExpr::Mod, 1)
    }),
    Builtin::new("in-hand", &[PieceKind, Player], Number, in_hand).optional(1),
    Builtin::new("rows", &[Set], Number, |_, a| {
        Value::Num(NumExpr::Rows(a.set(0)))
    }),
    Builtin::new("columns", &[Set], Number, |_, a| {
        Value::Num(NumExpr::Columns(a.set(0)))
    }),
    Builtin::new("box", &[Set], Set, |_, a| {
        Value::Set(SetExpr::Box(Box::new(a.set(0))))
    }),
    Builtin::new("reach", &[Set, Set, LineKind], Set, |_, a| {
        let (seed, through) = (Box::new(a.set(0)), Box::new(a.set(1)));
        Value::Set(match a.given() {
            3 => SetExpr::ReachUnlined(seed, through, a.line(2)),
            _ => SetExpr::Reach(seed, through),
        })
    })
    .optional(1),
    Builtin::new("like", &[Set], Set, |_, a| {
        Value::Set(SetExpr::Like(Box::new(a.set(0))))
    }),
    Builtin::new("stronger", &[Set], Set, |_, a| {
        Value::Set(SetExpr::Stronger(Box::new(a.set(0))))
    }),
    Builtin::new("weaker", &[Set], Set, |_, a| {
        Value::Set(SetExpr::Weaker(Box::new(a.set(0))))
    }),
    Builtin::new("tally", &[Set], Number, lowering::tally),
    Builtin::new("stack", &[Set], Number, lowering::stack),
    Builtin::new("nth", &[Set, Number], Set, |_, a| {
        Value::Set(SetExpr::Nth(Box::new(a.set(0)), Box::new(a.number(1))))
    }),
    Builtin::new("count", &[Set], Number, |_, a| {
        Value::Num(NumExpr::Count(a.set(0)))
    }),
    Builtin::new("groups", &[Set], Number, |_, a| {
        Value::Num(NumExpr::Groups(a.set(0)))
    }),
    Builtin::new("largest", &[Set], Number, |_, a| {
        Value::Num(NumExpr::Largest(a.set(0)))
    }),
    Builtin::new("connected", &[Set, Set, Set], Condition, |c, a| {
        // Fixed sides are stored once, so the group tracker can anchor them
        // (`top except corners` is then as cheap as a region).
        let (from, to) = (c.stored_if_fixed(a.set(1)), c.stored_if_fixed(a.set(2)));
        Value::Bool(BoolExpr::Connected(a.set(0), from, to))
    }),
    Builtin::new("line", &[Set, FixedNumber], Condition, line),
    Builtin::new("attacked", &[Set, Player, Set], Condition, |_, a| {
        let victim = if a.given() > 1 { a.player(1) } else { Who::Me };
        // `attacked(S, PLAYER, T)`: were T's pieces not there.
        let left_out = if a.given() > 2 {
            a.set(2)
        } else {
            SetExpr::Empty
        };
        Value::Bool(BoolExpr::Attacked(a.set(0), victim, Box::new(left_out)))
    })
    .optional(2),
    Builtin::new(
        "lines",
        &[Set, FixedNumber],
        Set,
        |c, a| match line_length(c, a) {
            Some(n) => Value::Set(SetExpr::Lines(Box::new(a.set(0)), n)),
            None => Value::Error,
        },
    ),
    Builtin::new("neighbors", &[Set], Set, |_, a| {
        Value::Set(SetExpr::Neighbors(Box::new(a.set(0))))
    }),
    Builtin::new("edge", &[Direction], Set, edge).on_board(),
    Builtin::new("row", &[FixedNumber], Set, |c, a| {
        let key = a.fixed(0).to_string();
        let cells = usize::try_from(a.fixed(0)).map_or_else(|_| Vec::new(), |k| c.board().row(k));
        c.line_of_cells("row", &key, cells, a.span(0))
    })
    .on_board(),
    Builtin::new("column", &[ColumnKey], Set, |c, a| {
        let key = a.key(0);
        let cells = c.board().column_by_name(&key).unwrap_or_default();
        c.line_of_cells("column", &key, cells, a.span(0))
    })
    .on_board(),
    Builtin {
        name: "cells",
        params: &[CellLabel],
        variadic: true,
        optional: 0,
        result: Set,
        needs_board: true,
        lower: cells,
    },
    Builtin::new("rotate", &[Directions, FixedNumber], Direction, rotate).on_board(),
    Builtin::new("toward", &[Directions], Direction, |c, a| {
        match a.directions(0) {
            Value::Error => Value::Error,
            v => match c.want_dirs(v, a.span(0)) {
                Some(set) => c.toward(&set),
                None => Value::Error,
            },
        }
    })
    .on_board(),
    Builtin::new("ray", &[Set, Set, Directions], Set, |c, a| {
        let dirs = c.dirs_arg(a, 2);
        Value::Set(SetExpr::Ray(Box::new(Ray {
            from: a.set(0),
            path: a.set(1),
            dirs,
            hop: false,
        })))
    })
    .optional(1)
    .on_board(),
    Builtin::new("hops", &[Set, Set, Directions], Set, |c, a| {
        let dirs = c.dirs_arg(a, 2);
        Value::Set(SetExpr::Ray(Box::new(Ray {
            from: a.set(0),
            path: a.set(1),
            dirs,
            hop: true,
        })))
    })
    .optional(1)
    .on_board(),
    Builtin::new("jump-reach", &[Set, Set, Set, Directions], Set, |c, a| {
        let dirs = c.dirs_arg(a, 3);
        Value::Set(SetExpr::JumpReach(Box::new(JumpReach {
            from: a.set(0),
            over: a.set(1),
            to: a.set(2),
            dirs,
        })))
    })
    .optional(1)
    .on_board(),
    Builtin::new("flanked", &[Set, Set, Set, Directions], Set, |c, a| {
        let dirs = c.dirs_arg(a, 3);
        Value::Set(SetExpr::Flanked(Box::new(Flanked {
            run: a.set(0),
            start: a.set(1),
            end: a.set(2),
            dirs,
        })))
    })
    .optional(1)
    .on_board(),
    Builtin::new(
        "leaps",
        &[Set, FixedNumber, FixedNumber],
        Set,
        |c, a| match c.leap_of(a.fixed(1), a.fixed(2), a.span(1)) {
            Some(leap) => Value::Set(SetExpr::Leaps(Box::new(a.set(0)), leap)),
            None => Value::Error,
        },
    ),
];

/// How a built-in name gets its value (the span is where it is used).
type NameValue = fn(&mut Checker<'_>, Span) -> Value;

/// Every built-in name (`empty`, `own`, `mover`, ...) with its value; these
/// names cannot be declared.
pub(super) const NAMES: &[(&str, NameValue)] = &[
    ("empty", |_, _| Value::Set(SetExpr::Empty)),
    ("occupied", |_, _| Value::Set(SetExpr::Occupied)),
    ("all", |_, _| Value::Set(SetExpr::All)),
    ("here", |_, _| Value::Set(SetExpr::Here)),
    ("own", |_, _| Value::Set(SetExpr::Owned(Who::Me))),
    ("enemy", |_, _| Value::Set(SetExpr::Enemy)),
    ("mover", |_, _| Value::Who(Who::Me)),
    ("opponent", |_, _| Value::Who(Who::Opponent)),
    ("corners", corners),
    ("passes", |_, _| Value::Num(NumExpr::Passes)),
    ("repetitions", |_, _| Value::Num(NumExpr::Repetitions)),
    ("repetition-turns", |_, _| {
        Value::Num(NumExpr::RepetitionTurns)
    }),
    ("seen-before", |_, _| {
        let seen = NumExpr::Seen;
        Value::Bool(BoolExpr::Cmp(CmpOp::Gt, seen, NumExpr::Const(0.0)))
    }),
    ("changed", |_, _| Value::Bool(BoolExpr::Changed)),
    ("true", |_, _| Value::Bool(BoolExpr::Const(true))),
    ("false", |_, _| Value::Bool(BoolExpr::Const(false))),
    ("origin", |_, _| Value::Set(SetExpr::Origin)),
    ("action-cell", |_, _| Value::Set(SetExpr::ActionCell)),
    ("seeded", lowering::seeded),
    ("stacked", lowering::stacked),
    ("last-sown", lowering::last_sown),
    ("destinations", lowering::destinations),
    ("jumped", |_, _| Value::Set(SetExpr::Jumped)),
    ("possible", |c, span| {
        c.errors.push(
            Diagnostic::at(
                span,
                "`possible` belongs in a `while` condition, joined with `and`",
            )
            .with_help("`while COND and possible: ...` repeats the step while it offers an action"),
        );
        Value::Error
    }),
    ("orthogonal", directions::orthogonal),
    ("diagonal", directions::diagonal),
    ("dark", |c, span| directions::square_colour(c, span, true)),
    ("light", |c, span| directions::square_colour(c, span, false)),
    ("stuck", |c, span| {
        if c.in_keep {
            return Value::Bool(BoolExpr::NextStuck);
        }
        c.errors.push(
            Diagnostic::at(
                span,
                "`stuck` stands alone, in `end if stuck: OUTCOME`, or first, in `end if stuck and COND: OUTCOME`",
            )
                .with_help("it is the end of a game whose player to move has no action; in a `keep if`, it asks whether the next player would have none"),
        );
        Value::Error
    }),
];

/// The built-in function called `name`, if there is one.
pub(super) fn function(name: &str) -> Option<&'static Builtin> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// Each built-in function's name and its signature in words
/// (`count(set) -> number`, optional parameters in brackets), for the
/// language server's hover and completion.
pub fn function_signatures() -> impl Iterator<Item = (&'static str, String)> {
    FUNCTIONS.iter().map(|f| {
        let words: Vec<&str> = f.params.iter().map(|t| t.word()).collect();
        let required = words.len() - f.optional.min(words.len());
        let mut params = words[..required].join(", ");
        for w in &words[required..] {
            let sep = if params.is_empty() { "" } else { ", " };
            params = format!("{params}[{sep}{w}]");
        }
        if f.variadic {
            params.push_str(", ...");
        }
        (
            f.name,
            format!("{}({params}) -> {}", f.name, f.result.word()),
        )
    })
}

/// Every built-in function's name.
pub fn function_names() -> impl Iterator<Item = &'static str> {
    FUNCTIONS.iter().map(|f| f.name)
}

/// Every built-in name (`empty`, `own`, `mover`, ...), and `line-count`.
pub fn name_list() -> impl Iterator<Item = &'static str> {
    NAMES.iter().map(|(n, _)| *n).chain([LINE_COUNT])
}

impl Type {
    /// The type in words, as a signature shows it.
    fn word(self) -> &'static str {
        match self {
            Type::Set => "set",
            Type::Number => "number",
            Type::Condition => "condition",
            Type::Direction => "direction",
            Type::Directions => "directions",
            Type::Player => "player",
            Type::FixedNumber => "fixed number",
            Type::ColumnKey => "column",
            Type::CellLabel => "cell label",
            Type::PieceKind => "piece kind",
            Type::LineKind => "line kind",
        }
    }
}

/// `line-count(S)`: not a function, the distance of a slide (see
/// `Checker::distance`).
pub(super) const LINE_COUNT: &str = "line-count";

impl<'a> Checker<'a> {
    pub(super) fn call(&mut self, f: &Name, args: &[Expr], span: Span) -> Value {
        if f.text == LINE_COUNT {
            let msg = format!("`{LINE_COUNT}(S)` is only the distance of a slide");
            let help = format!(
                "write it after `by` in a slide: `slide own by {LINE_COUNT}(occupied) to empty`"
            );
            self.errors
                .push(Diagnostic::at(f.span, msg).with_help(help));
            return Value::Error;
        }
        if self.is_line_kind(&f.text) {
            return self.joined_call(f, args, span);
        }
        if let (Some(&body), Some(params)) =
            (self.defines.get(&f.text), self.define_params(&f.text))
        {
            return self.define_call(f, body, params, args, span);
        }
        if let Some(family) = self.family_index(&f.text) {
            return self.family_call(f, family, args, span);
        }
        if f.text == "index"
            && let Some(v) = self.family_number(args)
        {
            return v;
        }
        if let Some(v) = self.maker_elsewhere(f) {
            return v;
        }
        let Some(builtin) = function(&f.text) else {
            let names = || FUNCTIONS.iter().map(|b| b.name);
            let mut d = Diagnostic::at(f.span, format!("unknown function `{}`", f.text));
            d.help = Some(match closest(&f.text, names()) {
                Some(near) => format!("did you mean `{near}`?"),
                None => format!("functions: {}", names().collect::<Vec<_>>().join(", ")),
            });
            self.errors.push(d);
            return Value::Error;
        };
        let n = builtin.params.len();
        let least = n - builtin.optional;
        if !builtin.variadic && !(least..=n).contains(&args.len()) {
            let counts = match builtin.optional {
                0 => n.to_string(),
                _ => format!("{least} or {n}"),
            };
            let msg = format!(
                "`{}` takes {counts} argument{}, not {}",
                f.text,
                if n == 1 { "" } else { "s" },
                args.len()
            );
            self.error(span, msg);
            return Value::Error;
        }
        // Every argument is lowered (and its errors reported) before any
        // failure stops the call.
        let mut values = Vec::with_capacity(args.len());
        let mut failed = false;
        for (i, e) in args.iter().enumerate() {
            let ty = builtin.params[if builtin.variadic { 0 } else { i }];
            match self.argument(ty, e) {
                Some(v) => values.push(v),
                None => failed = true,
            }
        }
        if failed {
            return Value::Error;
        }
        // Cells, rows and directions of a board that could not be built
        // cannot be checked.
        if self.board_unknown && builtin.needs_board {
            return Value::Error;
        }
        let value = (builtin.lower)(
            self,
            &Args {
                values,
                exprs: args,
            },
        );
        debug_assert!(
            matches!(
                (builtin.result, &value),
                (_, Value::Error)
                    | (Type::Set, Value::Set(_))
                    | (Type::Number, Value::Num(_))
                    | (Type::Condition, Value::Bool(_))
                    | (Type::Direction, Value::Dir(_) | Value::Dirs(_))
            ),
            "`{}` gives what its entry says",
            builtin.name
        );
        value
    }

    /// Lowers one argument to its type; `None` if it is not of that type
    /// (reported).
    fn argument(&mut self, ty: Type, e: &Expr) -> Option<Arg> {
        Some(match ty {
            Type::Set => Arg::Set(self.set(e)),
            Type::Condition => Arg::Condition(self.condition(e)),
            Type::Number => {
                let v = self.expr(e);
                Arg::Number(self.want_num(v, e.span)?)
            }
            Type::Direction => {
                let v = self.expr(e);
                Arg::Direction(self.want_dir(v, e.span)?)
            }
            Type::Directions => match self.expr(e) {
                v @ (Value::Dir(_) | Value::Dirs(_)) => Arg::Directions(v),
                v => {
                    self.mismatch(&v, "a direction", e.span);
                    return None;
                }
            },
            Type::Player => match self.expr(e) {
                Value::Who(w) => Arg::Player(w),
                v => {
                    self.mismatch(&v, "a player", e.span);
                    return None;
                }
            },
            Type::FixedNumber => Arg::Fixed(self.const_int(e)?),
            // A column letter, or any fixed number (an option, `size - 1`).
            Type::ColumnKey => match &e.kind {
                ExprKind::Name(t) if !self.options.contains_key(t) => Arg::Key(t.clone()),
                _ => Arg::Key(self.const_int(e)?.to_string()),
            },
            Type::PieceKind => match &e.kind {
                ExprKind::Name(t) if self.pieces.contains(t) => Arg::Piece(Kind::new(
                    self.pieces.iter().position(|p| p == t).unwrap_or(0),
                )),
                // The kind of counters: the kind past the pieces'.
                ExprKind::Name(t) if self.is_counter(t) => Arg::Piece(Kind::new(self.pieces.len())),
                _ => {
                    self.errors.push(
                        Diagnostic::at(e.span, "`in-hand` takes a kind of piece")
                            .with_help(format!("the kinds: {}", self.pieces.join(", "))),
                    );
                    return None;
                }
            },
            Type::LineKind => match &e.kind {
                ExprKind::Name(t) if self.is_line_kind(t) => {
                    Arg::Line(self.lines.iter().position(|l| &l.name == t).unwrap_or(0) as u8)
                }
                _ => {
                    let kinds = self.lines_declared().join(", ");
                    let help = match kinds.is_empty() {
                        true => "declare one with `lines NAME`".to_string(),
                        false => format!("the kinds of line: {kinds}"),
                    };
                    self.errors.push(
                        Diagnostic::at(e.span, "a kind of line is expected here").with_help(help),
                    );
                    return None;
                }
            },
            Type::CellLabel => match &e.kind {
                ExprKind::Name(t) => Arg::Label(t.clone()),
                _ => {
                    self.errors.push(
                        Diagnostic::at(e.span, "`cells` takes cell labels").with_help(
                            "a cell label is a column letter and a row number, such as `a1`",
                        ),
                    );
                    Arg::Skipped
                }
            },
        })
    }

    /// The cells of a row or column, or an error if the board has none.
    /// `e` as a stored fixed set when it does not depend on the position.
    fn stored_if_fixed(&mut self, e: SetExpr) -> SetExpr {
        match e {
            SetExpr::Fixed(_) | SetExpr::PerPlayer(_) => e,
            _ => match self.const_set(&e) {
                Some(cells) => self.fixed(cells.iter().collect::<Vec<_>>()),
                None => e,
            },
        }
    }

    fn line_of_cells(&mut self, what: &str, key: &str, cells: Vec<Cell>, span: Span) -> Value {
        if cells.is_empty() {
            self.error(span, format!("the board has no {what} `{key}`"));
            return Value::Error;
        }
        Value::Set(self.fixed(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new function is one entry plus its documentation: each is in the
    /// language reference.
    #[test]
    fn every_function_is_documented() {
        let docs = include_str!("../../docs/language.md");
        for f in FUNCTIONS {
            assert!(
                docs.contains(&format!("`{}(", f.name)),
                "`{}` is not in docs/language.md",
                f.name
            );
        }
    }

    #[test]
    fn names_are_unique() {
        for (i, f) in FUNCTIONS.iter().enumerate() {
            assert!(
                FUNCTIONS[..i].iter().all(|g| g.name != f.name),
                "{}",
                f.name
            );
        }
    }
}
