//! Directions as values: sets of directions (`ne or nw`, `orthogonal`,
//! `toward(forward)`), per player (`define forward: white = n, black = s`),
//! and the built-in regions of square boards (`dark`, `light`). Every set
//! is fixed when the game is built.

use crate::ast::{BinOp, Expr};
use crate::board::Shape;
use crate::diagnostic::{Diagnostic, Span};
use crate::ids::Cell;
use crate::rules::*;

use super::{Checker, Value};

/// The fixed directions of a single direction, if it is fixed (not a
/// variable of `some d:`).
fn const_dir(d: &DirExpr) -> Option<DirMask> {
    match d {
        DirExpr::Const(d) if *d != NO_DIR => Some(1 << d.index()),
        DirExpr::Const(_) => Some(0),
        DirExpr::Var(_) => None,
        DirExpr::Rotate(inner, table) => {
            let m = const_dir(inner)?;
            Some(rotate_mask(m, table))
        }
    }
}

/// Each direction of the mask turned by a rotation table (see
/// [`DirExpr::Rotate`]); directions without an image are dropped.
fn rotate_mask(m: DirMask, table: &[Dir]) -> DirMask {
    each_dir(m)
        .filter_map(|d| table.get(d).copied())
        .filter(|&r| r != NO_DIR)
        .fold(0, |acc, r| acc | 1 << r.index())
}

/// Whether a value is a direction or a set of directions.
pub(super) fn is_dirs(v: &Value) -> bool {
    matches!(v, Value::Dir(_) | Value::Dirs(_))
}

impl<'a> Checker<'a> {
    /// A direction value as a fixed set; `None` (reported) for anything
    /// else, or for a direction bound by `some d:` (not fixed).
    pub(super) fn want_dirs(&mut self, v: Value, span: Span) -> Option<DirSet> {
        match v {
            Value::Dirs(s) => Some(s),
            Value::Dir(d) => match const_dir(&d) {
                Some(m) => Some(DirSet::Fixed(m)),
                None => {
                    self.error(
                        span,
                        "a direction bound by `some`/`every` cannot be used in a set of directions",
                    );
                    None
                }
            },
            v => {
                self.mismatch(&v, "directions", span);
                None
            }
        }
    }

    /// `A or B`, `A and B`, `A except B` of directions.
    pub(super) fn dirs_binary(
        &mut self,
        op: &BinOp,
        (va, a): (Value, Span),
        (vb, b): (Value, Span),
    ) -> Value {
        let (Some(x), Some(y)) = (self.want_dirs(va, a), self.want_dirs(vb, b)) else {
            return Value::Error;
        };
        Value::Dirs(match op {
            BinOp::Or => x.zip(&y, |p, q| p | q),
            BinOp::And => x.zip(&y, |p, q| p & q),
            _ => x.zip(&y, |p, q| p & !q),
        })
    }

    /// One set of directions per player (`define forward: ...`), when every
    /// player's value is directions; `None` when they are not.
    pub(super) fn per_player_dirs(&mut self, values: &[Value], span: Span) -> Option<Value> {
        if !values.iter().all(is_dirs) {
            return None;
        }
        let mut masks = Vec::new();
        for v in values {
            let Some(set) = self.want_dirs(v.clone(), span) else {
                return Some(Value::Error);
            };
            masks.push(set.mask(Player::new(masks.len())));
        }
        Some(Value::Dirs(DirSet::ByPlayer(masks)))
    }

    /// `S at DIRS`: the neighbour of `here` in some direction of DIRS is in S.
    pub(super) fn at_dirs(&mut self, s: SetExpr, dirs: DirSet) -> Value {
        Value::Bool(match dirs {
            DirSet::Fixed(m) if m.count_ones() == 1 => {
                BoolExpr::At(s, DirExpr::Const(Dir::new(m.trailing_zeros() as usize)))
            }
            DirSet::Fixed(0) => BoolExpr::Const(false),
            dirs => BoolExpr::AtSome(s, dirs),
        })
    }

    /// The directions of a move: DIRS if given (fixed), else every
    /// direction of the board.
    pub(super) fn move_dirs(&mut self, e: Option<&Expr>) -> DirSet {
        let all = DirSet::all(self.board().ndirs());
        let Some(e) = e else { return all };
        let v = self.expr(e);
        self.want_dirs(v, e.span).unwrap_or(all)
    }

    /// `rotate(DIRS, A)` of a set: each direction turned.
    pub(super) fn rotate_dirs(&mut self, set: &DirSet, table: &[Dir]) -> Value {
        Value::Dirs(set.map(|m| rotate_mask(m, table)))
    }

    /// `toward(DIRS)`: the board's directions less than 90 degrees from
    /// some direction of DIRS.
    pub(super) fn toward(&mut self, set: &DirSet) -> Value {
        let dirs = self.board().dirs().to_vec();
        Value::Dirs(set.map(|m| {
            let mut out = 0;
            for d in each_dir(m) {
                for (e, info) in dirs.iter().enumerate() {
                    let diff = (info.angle - dirs[d].angle).rem_euclid(360);
                    if diff.min(360 - diff) < 90 {
                        out |= 1 << e;
                    }
                }
            }
            out
        }))
    }
}

/// `orthogonal`: n, e, s, w on a square board; every direction on a hex one.
pub(super) fn orthogonal(c: &mut Checker<'_>, _: Span) -> Value {
    if c.board_unknown {
        return Value::Error;
    }
    let b = c.board();
    let mask = match b.shape() {
        Shape::Square { .. } => 0b1111,
        Shape::HexHex { .. }
        | Shape::Rhombus { .. }
        | Shape::Hexagon { .. }
        | Shape::Star { .. } => all_dirs(b.ndirs()),
    };
    Value::Dirs(DirSet::Fixed(mask))
}

/// `diagonal`: ne, se, sw, nw, on a square board with diagonals.
pub(super) fn diagonal(c: &mut Checker<'_>, span: Span) -> Value {
    if c.board_unknown {
        return Value::Error;
    }
    let b = c.board();
    let help = match b.shape() {
        Shape::Square {
            diagonals: true, ..
        } => return Value::Dirs(DirSet::Fixed(all_dirs(b.ndirs()) & !0b1111)),
        Shape::Square { .. } => "add `with diagonals` to the board to give it diagonal directions",
        Shape::HexHex { .. }
        | Shape::Rhombus { .. }
        | Shape::Hexagon { .. }
        | Shape::Star { .. } => {
            "on a hex board every direction leads to a neighbour across a side: use `orthogonal`"
        }
    };
    c.errors
        .push(Diagnostic::at(span, "this board has no diagonal directions").with_help(help));
    Value::Error
}

/// `dark` and `light`: the squares of a square board by colour, `a1` dark
/// (column + row even), as on chess and draughts boards.
pub(super) fn square_colour(c: &mut Checker<'_>, span: Span, dark: bool) -> Value {
    if c.board_unknown {
        return Value::Error;
    }
    let b = c.board();
    if !matches!(b.shape(), Shape::Square { .. }) {
        let name = if dark { "dark" } else { "light" };
        c.errors.push(
            Diagnostic::at(span, format!("`{name}` is only defined on square boards"))
                .with_help("its squares alternate in colour; a hex board has three colours"),
        );
        return Value::Error;
    }
    let cells: Vec<usize> = (0..b.len())
        .filter(|&x| {
            let info = b.cell(Cell::new(x));
            ((info.col + info.row).rem_euclid(2) == 0) == dark
        })
        .collect();
    Value::Set(c.fixed(cells))
}
