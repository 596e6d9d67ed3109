//! Lines drawn between neighbouring cells: `lines stroke` declares a kind,
//! `setup: stroke from A to B` and the effect `draw stroke from A to B`
//! draw them, `stroke(S)` is the set of cells joined to S by one. A kind
//! is kept as one mark per board direction (see [`LineKind`]), made here
//! once the board is built.

use crate::ast;
use crate::ast::{Expr, Name};
use crate::diagnostic::{Diagnostic, Span};
use crate::ids::Cell;
use crate::limits::MAX_MARKS;
use crate::rules::*;

use super::{Checker, NameKind, Value};

impl<'a> Checker<'a> {
    /// Declares the kinds of lines (with the other names).
    pub(super) fn declare_lines(&mut self) {
        for n in &self.file.lines {
            if self.declare(n, NameKind::Line) {
                self.lines.push(LineKind {
                    name: n.text.clone(),
                    marks: Vec::new(),
                });
            }
        }
    }

    /// Gives each kind of line a mark per direction of the board, after
    /// the declared marks.
    pub(super) fn line_marks(&mut self) {
        let dirs: Vec<String> = self
            .board()
            .dirs()
            .iter()
            .map(|d| d.name.to_string())
            .collect();
        for i in 0..self.lines.len() {
            let mut marks = Vec::with_capacity(dirs.len());
            for d in &dirs {
                // `>` cannot appear in a name, so no rule can name the mark.
                marks.push(Mark::new(self.marks.len()));
                self.marks.push(format!("{}>{d}", self.lines[i].name));
            }
            self.lines[i].marks = marks;
        }
        if self.marks.len() > MAX_MARKS
            && let Some(first) = self.file.lines.first()
        {
            let declared = self.marks.len() - self.lines.len() * dirs.len();
            let msg = format!(
                "too many marks and lines: at most {MAX_MARKS} marks, and each kind of line takes one per direction of the board ({} here, {declared} marks declared)",
                dirs.len()
            );
            self.limit(first.span, msg);
        }
    }

    /// The kind of line called `n`, reported when there is none.
    fn line_kind(&mut self, n: &Name) -> Option<u8> {
        match self.lines.iter().position(|l| l.name == n.text) {
            Some(i) => Some(i as u8),
            None => {
                let known: Vec<String> = self.lines.iter().map(|l| l.name.clone()).collect();
                self.unknown_kind(n, &known, "line");
                None
            }
        }
    }

    /// The kinds of lines' names, in declaration order.
    pub(super) fn lines_declared(&self) -> Vec<String> {
        self.lines.iter().map(|l| l.name.clone()).collect()
    }

    /// Whether a call's name is a kind of line (`stroke(S)`).
    pub(super) fn is_line_kind(&self, name: &str) -> bool {
        self.lines.iter().any(|l| l.name == name)
    }

    /// `stroke(S)`: the cells joined to a cell of S by a line of the kind.
    pub(super) fn joined_call(&mut self, f: &Name, args: &[Expr], span: Span) -> Value {
        let [arg] = args else {
            let msg = format!("`{}` takes 1 argument, not {}", f.text, args.len());
            self.errors
                .push(Diagnostic::at(span, msg).with_help(format!(
                    "`{}(S)` is the set of cells joined to a cell of S by a line `{}`",
                    f.text, f.text
                )));
            return Value::Error;
        };
        let Some(line) = self.line_kind(f) else {
            return Value::Error;
        };
        let value = self.expr(arg);
        match self.want_set(value, arg.span) {
            Some(s) => Value::Set(SetExpr::Joined(Box::new(s), line)),
            None => Value::Error,
        }
    }

    /// `draw stroke from A to B`.
    pub(super) fn draw_effect(&mut self, lines: &ast::Lines) -> Effect {
        let from = self.set(&lines.from);
        let to = self.set(&lines.to);
        match self.line_kind(&lines.line) {
            Some(line) => Effect::Draw(line, from, to),
            None => Effect::Seq(Vec::new()),
        }
    }

    /// The action `draw stroke from A to B`: one line at a time.
    pub(super) fn draw_choice(&mut self, lines: &ast::Lines) -> ChoiceKind {
        let from = self.set(&lines.from);
        let to = self.set(&lines.to);
        let line = self.line_kind(&lines.line).unwrap_or(0);
        ChoiceKind::Draw { line, from, to }
    }

    /// `stroke from A to B` in a setup, as the marks of its two ends.
    pub(super) fn setup_lines(&mut self, lines: &ast::Lines, marked: &mut Vec<(Cell, Mark)>) {
        let line = self.line_kind(&lines.line);
        let from = self.setup_cells(&lines.from, "a line is drawn from");
        let to = self.setup_cells(&lines.to, "a line is drawn to");
        let (Some(line), Some(from), Some(to)) = (line, from, to) else {
            return;
        };
        if self.board_unknown {
            return;
        }
        let mut drawn = 0;
        let into = |b| to.contains(&b);
        self.lines[line as usize].each_line(self.board(), from, into, |one, other| {
            drawn += 1;
            for pair in [one, other] {
                if !marked.contains(&pair) {
                    marked.push(pair);
                }
            }
        });
        if drawn == 0 {
            self.errors.push(
                Diagnostic::at(lines.span, "no line: no cell of the first set is next to one of the second")
                    .with_help("a line joins two neighbouring cells: `stroke from column(a) to column(a)` draws one between each two neighbours in column a"),
            );
        }
    }
}
