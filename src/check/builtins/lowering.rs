//! The lowering of the built-in functions that need more than one line
//! in the table (`FUNCTIONS`), and leap patterns.

use super::*;

/// The generated shape's corners; on a board cut with `without`, the cells
/// with the fewest neighbours (the tips of a diamond cut from a square, say).
pub(super) fn corners(c: &mut Checker<'_>, _: Span) -> Value {
    let cells = match &c.board {
        Some(b) if c.cut_board => {
            let fewest = b.cells().map(|x| b.neighbors(x).len()).min().unwrap_or(0);
            b.cells()
                .filter(|&x| b.neighbors(x).len() == fewest)
                .collect()
        }
        Some(b) => b.corners(),
        None => Vec::new(),
    };
    Value::Set(c.fixed(cells))
}

/// `line(S, N)`: N in a row of S.
pub(super) fn line(c: &mut Checker<'_>, a: &Args<'_>) -> Value {
    match line_length(c, a) {
        Some(n) => Value::Bool(BoolExpr::Line(a.set(0), n)),
        None => Value::Error,
    }
}

/// The length N of `line(S, N)` or `lines(S, N)`, checked.
pub(super) fn line_length(c: &mut Checker<'_>, a: &Args<'_>) -> Option<u32> {
    match a.fixed(1) {
        n if (1..=MAX_LINE).contains(&n) => Some(n as u32),
        _ => {
            let msg = format!("a line is 1 to {MAX_LINE} cells long");
            c.limit(a.span(1), msg);
            None
        }
    }
}

/// `in-hand(PIECE[, PLAYER])`: the player's pieces of that kind in reserve.
pub(super) fn in_hand(c: &mut Checker<'_>, a: &Args<'_>) -> Value {
    let kind = a.piece(0);
    let who = if a.given() > 1 { a.player(1) } else { Who::Me };
    if kind.index() == c.pieces.len() {
        // The kind of counters (see `Checker::arg`).
        c.counter_hands = true;
        return Value::Num(NumExpr::CountersInHand(who));
    }
    if !c.reserved.get(kind.index()).copied().unwrap_or(false) {
        let name = c.pieces.get(kind.index()).cloned().unwrap_or_default();
        c.errors.push(
            Diagnostic::at(a.span(0), format!("`{name}` has no reserve")).with_help(format!(
                "give the players some in hand: `reserve: {name} = 9`"
            )),
        );
        return Value::Error;
    }
    Value::Num(NumExpr::InHand(kind, who))
}

/// `edge(D)`: the cells with no neighbour in direction D.
pub(super) fn edge(c: &mut Checker<'_>, a: &Args<'_>) -> Value {
    match a.direction(0) {
        DirExpr::Const(d) => {
            let cells = c.board().edge(Dir::new(d.index()));
            Value::Set(c.fixed(cells))
        }
        _ => {
            c.error(
                a.span(0),
                "`edge` needs a direction of the board, such as `n`",
            );
            Value::Error
        }
    }
}

/// `cells(a1, b2, ...)`: the labelled cells.
pub(super) fn cells(c: &mut Checker<'_>, a: &Args<'_>) -> Value {
    let mut cells = Vec::new();
    for (i, arg) in a.values.iter().enumerate() {
        let Arg::Label(label) = arg else { continue };
        match c.board().cell_by_label(label) {
            Some(cell) => cells.push(cell),
            None => c.error(a.span(i), format!("`{label}` is not a cell of this board")),
        }
    }
    Value::Set(c.fixed(cells))
}

/// `rotate(D, DEGREES)`: D turned by a fixed angle, on this board.
pub(super) fn rotate(c: &mut Checker<'_>, a: &Args<'_>) -> Value {
    let deg = a.fixed(1);
    let b = c.board();
    let table: Vec<Dir> = (0..b.dirs().len())
        .map(|x| {
            b.rotate(Dir::new(x), (deg % 360) as i32)
                .map_or(NO_DIR, |r| r as Dir)
        })
        .collect();
    if table.iter().all(|&r| r == NO_DIR) {
        let angles: Vec<String> = b
            .dirs()
            .iter()
            .map(|d| format!("{} {}", d.name, d.angle))
            .collect();
        c.errors.push(
            Diagnostic::at(
                a.span(1),
                format!("no direction of this board is {deg} degrees from another"),
            )
            .with_help(format!(
                "the directions and their angles: {}",
                angles.join(", ")
            )),
        );
        return Value::Error;
    }
    match a.directions(0) {
        Value::Dirs(set) => c.rotate_dirs(&set, &table),
        Value::Dir(d) => Value::Dir(DirExpr::Rotate(Box::new(d), table)),
        _ => Value::Error,
    }
}

impl Checker<'_> {
    /// A leap pattern `(A, B)` of fixed numbers, or an error at `span`.
    pub(in crate::check) fn leap_of(&mut self, a: i64, b: i64, span: Span) -> Option<Leap> {
        if !(0..=MAX_LEAP).contains(&a) || !(0..=MAX_LEAP).contains(&b) || a + b == 0 {
            let msg =
                format!("a leap pattern is two whole numbers from 0 to {MAX_LEAP}, not both 0");
            self.limit(span, msg);
            return None;
        }
        let leap = Leap {
            a: a as u16,
            b: b as u16,
        };
        if !self.leap_patterns.contains(&leap) {
            if self.leap_patterns.len() == MAX_LEAP_PATTERNS {
                let msg =
                    format!("a game uses at most {MAX_LEAP_PATTERNS} different leap patterns");
                self.limit(span, msg);
                return None;
            }
            self.leap_patterns.push(leap);
        }
        Some(leap)
    }

    /// The directions of optional argument `i`: every direction if it was
    /// left out.
    pub(super) fn dirs_arg(&mut self, a: &Args<'_>, i: usize) -> DirSet {
        if a.given() <= i {
            return DirSet::all(self.board().ndirs());
        }
        self.want_dirs(a.directions(i), a.span(i))
            .unwrap_or_else(|| DirSet::all(self.board().ndirs()))
    }

    /// The pattern `(A, B)` of a `leap` action (fixed numbers).
    pub(in crate::check) fn leap_pattern(&mut self, a: &Expr, b: &Expr) -> Leap {
        let (x, y) = (self.const_int(a), self.const_int(b));
        let span = Span::new(a.span.start, b.span.end);
        match (x, y) {
            (Some(x), Some(y)) => self.leap_of(x, y, span),
            _ => None,
        }
        .unwrap_or(Leap { a: 1, b: 0 })
    }
}

/// Reported unless the game declares counters; `what` names the word used.
fn needs_counters(c: &mut Checker<'_>, span: Span, what: &str) -> bool {
    if c.counters.is_some() {
        return true;
    }
    c.errors.push(
        Diagnostic::at(
            span,
            format!("`{what}` is about counters, and the game has none"),
        )
        .with_help("declare a kind of counter: `counters seed`"),
    );
    false
}

fn needs_stacks(c: &mut Checker<'_>, span: Span, what: &str) -> bool {
    if c.stacks {
        return true;
    }
    c.errors.push(
        Diagnostic::at(
            span,
            format!("`{what}` is about stacks, and the game has none"),
        )
        .with_help("let a cell hold a stack of pieces: `stacks`"),
    );
    false
}

/// `stacked`: the cells whose stack holds two pieces or more.
pub(super) fn stacked(c: &mut Checker<'_>, span: Span) -> Value {
    match needs_stacks(c, span, "stacked") {
        true => Value::Set(SetExpr::Stacked),
        false => Value::Error,
    }
}

/// `stack(S)`: the pieces in the stacks on the cells of S.
pub(super) fn stack(c: &mut Checker<'_>, a: &Args<'_>) -> Value {
    match needs_stacks(c, a.span(0), "stack") {
        true => Value::Num(NumExpr::Stack(a.set(0))),
        false => Value::Error,
    }
}

/// `seeded`: the cells holding counters.
pub(super) fn seeded(c: &mut Checker<'_>, span: Span) -> Value {
    match needs_counters(c, span, "seeded") {
        true => Value::Set(SetExpr::Seeded),
        false => Value::Error,
    }
}

/// `last-sown`: the cell the last sowing ended on.
pub(super) fn last_sown(c: &mut Checker<'_>, span: Span) -> Value {
    match needs_counters(c, span, "last-sown") {
        true => Value::Set(SetExpr::LastSown),
        false => Value::Error,
    }
}

/// `tally(S)`: the counters on the cells of S.
pub(super) fn tally(c: &mut Checker<'_>, a: &Args<'_>) -> Value {
    match needs_counters(c, a.span(0), "tally") {
        true => Value::Num(NumExpr::Tally(a.set(0))),
        false => Value::Error,
    }
}

/// `destinations`: the cells the view's player's actions would end on.
/// Only the `view` reads it: anywhere else, working it out would mean
/// listing another player's actions on every evaluation.
pub(super) fn destinations(c: &mut Checker<'_>, span: Span) -> Value {
    if !c.in_view {
        c.errors.push(
            Diagnostic::at(span, "`destinations` is only for `view`")
                .with_help("`view: own or destinations` shows each player its pieces and the cells they could move to"),
        );
        return Value::Error;
    }
    Value::Set(SetExpr::Destinations)
}

/// `div(A, B)` or `mod(A, B)` (`part` 0 or 1 of `divide`), worked out now
/// when both are known.
pub(super) fn divided(
    a: NumExpr,
    b: NumExpr,
    op: fn(Box<NumExpr>, Box<NumExpr>) -> NumExpr,
    part: usize,
) -> Value {
    Value::Num(match (a, b) {
        (NumExpr::Const(x), NumExpr::Const(y)) => {
            let (q, r) = divide(x, y);
            NumExpr::Const([q, r][part])
        }
        (a, b) => op(Box::new(a), Box::new(b)),
    })
}
