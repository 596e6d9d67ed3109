//! Where the rules came from in the game file, for explanations ("why is
//! this action not legal?"): the span of each choice, of its cell sets and
//! of their parts, of each guard, `swap at turn` and `end if`. The engine
//! never reads these; [`crate::explain`] does.

use std::sync::Arc;

use super::{BoolExpr, CmpOp, NumExpr, SetExpr};
use crate::diagnostic::Span;

/// The game file's text and name, and the spans of its rules.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    /// The file as given to the loader (`games/pinch.gdl`); empty when the
    /// game was compiled from text without a name.
    pub file: String,
    /// The file's text (shared: games are cloned by agents and matches);
    /// for a game based on another, the composed text (see `parts`).
    pub text: Arc<str>,
    /// For a game based on another: where each file's text is in `text`
    /// (empty otherwise), so that a rule is cited in its own file.
    pub parts: Vec<crate::diagnostic::SourcePart>,
    /// What `gdl check` warns of: the game is valid, but may not play as
    /// meant (shown as errors are, under `warning:`).
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
    /// Per choice, in the order of [`super::Rules::choices`].
    pub choices: Vec<ChoiceSource>,
    /// Per turn of [`super::Rules::turns`], per step: the span of each
    /// entry of a choice step's choices (its guard's, when it has one).
    pub turns: Vec<TurnSource>,
    /// Each `swap at turn N`, in force or not, with its span.
    pub swaps: Vec<(u32, bool, Span)>,
    /// The condition of each `end if`, as [`super::Rules::ends`], taken
    /// apart.
    pub ends: Vec<SourcedCond>,
    /// Each `end if stuck ...`, as [`super::Rules::stuck`]: the span of
    /// `stuck [and COND]`, and COND taken apart.
    pub stuck: Vec<(Span, Option<SourcedCond>)>,
    /// The reason each `end if` item of `ends` gives for ending the game
    /// (`"checkmate"`), if any.
    pub end_reasons: Vec<Option<String>>,
    /// The same, per item of `stuck`.
    pub stuck_reasons: Vec<Option<String>>,
    /// The `keep turns with` item, if any.
    pub prefer: Option<Span>,
    /// The number of the `keep turns with` item, if any.
    pub prefer_number: Option<Span>,
}

/// A turn rule as written, and the guards of its steps' entries.
#[derive(Clone, Debug, Default)]
pub struct TurnSource {
    /// The whole turn item.
    pub span: Span,
    /// Per step, per entry of a choice step: its guard, taken apart, or
    /// `None` when it has no guard (an empty list for other steps).
    pub steps: Vec<Vec<Option<SourcedCond>>>,
    /// Per step: the condition of an `end if` step, taken apart (`None`
    /// for other steps).
    pub ends: Vec<Option<SourcedCond>>,
    /// Per step: the reason an `end if` step gives, if any.
    pub reasons: Vec<Option<String>>,
}

/// A choice as written: its words up to the end of its cell sets
/// (`place stone at empty except vacated`), and those sets split into
/// the parts an explanation can test one by one.
#[derive(Clone, Debug, Default)]
pub struct ChoiceSource {
    /// The choice's words up to the end of its last cell set, without its
    /// `marking` and `then` (for `pass` and `swap`, the verb).
    pub span: Span,
    /// The sets, by role: `at`, `from`, `over`, `to` (`over` is the path of
    /// a slide).
    pub parts: Vec<(Role, SourcedSet)>,
    /// The condition of each `keep if`, as [`super::Choice::keep`], taken
    /// apart.
    pub keep: Vec<SourcedCond>,
}

/// Which set of a choice a part is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The cells of `place`, `convert`, `remove` (`at S`).
    At,
    /// The cells a moving piece starts on.
    From,
    /// The cells a jump goes over, or a slide's path.
    Over,
    /// The cells a move may end on.
    To,
}

/// A set expression as written, with its lowered value and, for the
/// operators an explanation can take apart, its operands.
#[derive(Clone, Debug)]
pub struct SourcedSet {
    /// Where the expression was written.
    pub span: Span,
    /// Its lowered value.
    pub set: SetExpr,
    /// How an explanation can take it apart.
    pub split: Split,
}

/// How a [`SourcedSet`] splits into operands an explanation can test.
#[derive(Clone, Debug)]
pub enum Split {
    /// Not taken apart.
    Leaf,
    /// A definition used by name: its body, where it was written.
    Define(Box<SourcedSet>),
    /// `A or B`.
    Union(Box<SourcedSet>, Box<SourcedSet>),
    /// `A and B`.
    Inter(Box<SourcedSet>, Box<SourcedSet>),
    /// `A except B`.
    Except(Box<SourcedSet>, Box<SourcedSet>),
    /// `S where C`.
    Where(Box<SourcedSet>, Box<SourcedCond>),
}

/// A condition as written, with its lowered value and, for the parts an
/// explanation can take apart, its operands.
#[derive(Clone, Debug)]
pub struct SourcedCond {
    /// Where the condition was written.
    pub span: Span,
    /// Its lowered value.
    pub cond: BoolExpr,
    /// How an explanation can take it apart.
    pub split: CondSplit,
}

/// How a [`SourcedCond`] splits into operands an explanation can test.
#[derive(Clone, Debug)]
pub enum CondSplit {
    /// Not taken apart (`stuck`, `seen-before` and the like are read from
    /// the lowered value).
    Leaf,
    /// A definition used by name: its body, where it was written.
    Define(Box<SourcedCond>),
    /// `not C`.
    Not(Box<SourcedCond>),
    /// `A and B and ...`, a chain of them as one list.
    All(Vec<SourcedCond>),
    /// `A or B or ...`, a chain of them as one list.
    Any(Vec<SourcedCond>),
    /// `count(S) OP N`, turned round when written `N OP count(S)`: the
    /// counted set, the comparison and the other side.
    Count(Box<SourcedSet>, CmpOp, NumExpr),
    /// `attacked(S)`: the set.
    Attacked(Box<SourcedSet>),
    /// Another comparison of numbers: its sides that are not written as
    /// numbers, each with where it was written.
    Compare(Vec<(Span, NumExpr)>),
}

impl Sources {
    /// The text of a span, on one line (runs of blanks and comments
    /// between lines become one space).
    pub fn quote(&self, span: Span) -> String {
        let text = self.text.get(span.start..span.end).unwrap_or("");
        let mut out = String::new();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(line);
        }
        out
    }

    /// `file:line` of a span's start.
    pub fn at(&self, span: Span) -> String {
        let start = span.start.min(self.text.len());
        if let Some(part) = crate::diagnostic::SourcePart::of(&self.parts, span) {
            let from = part.start.min(start);
            let line = self.text.as_bytes()[from..start]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            return format!("{}:{line}", part.file);
        }
        let line = self.text.as_bytes()[..start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        if self.file.is_empty() {
            format!("line {line}")
        } else {
            format!("{}:{line}", self.file)
        }
    }

    /// `` `TEXT` (file:line) ``: a rule quoted with where it is.
    pub fn cite(&self, span: Span) -> String {
        format!("`{}` ({})", self.quote(span), self.at(span))
    }
}
