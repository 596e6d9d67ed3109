//! Why a cell is in a set of a rule, or not, told by the parts of the set
//! as written: for `A except B` that the cell is in B, for `A and B` the
//! side it is missing from, for `S where C` that C fails there.

use crate::engine::{Game, State};
use crate::ids::Cell;
use crate::rules::SetExpr;
use crate::rules::parts::{SetClass, Stored};
use crate::rules::sources::{SourcedSet, Split};

/// The game and position an explanation looks at.
pub struct Seen<'a> {
    pub game: &'a Game,
    pub st: &'a State,
}

impl Seen<'_> {
    pub fn label(&self, c: usize) -> &str {
        self.game.board().label(Cell::new(c))
    }

    pub fn quote(&self, s: &SourcedSet) -> String {
        self.game.rules.sources.quote(s.span)
    }

    /// What is on a cell: `d4 is empty`, `d4 holds white's man`.
    pub fn contents(&self, c: usize) -> String {
        let rules = &self.game.rules;
        let label = self.label(c);
        match self.game.piece_at(self.st, Cell::new(c)) {
            None => format!("{label} is empty"),
            Some(p) => {
                let piece = rules
                    .pieces
                    .get(p.kind.index())
                    .map_or("piece", String::as_str);
                match p.owner.and_then(|o| rules.players.get(o.index())) {
                    Some(p) => format!("{label} holds {p}'s {piece}"),
                    None => format!("{label} holds a {piece}"),
                }
            }
        }
    }

    fn contains(&self, s: &SourcedSet, c: usize) -> bool {
        self.game.probe_set(self.st, &s.set, None).contains(c)
    }

    /// Why `c`, which is not in `s`, is not.
    pub fn outside(&self, s: &SourcedSet, c: usize) -> String {
        match &s.split {
            Split::Leaf => self.leaf(s, c, false),
            Split::Define(body) => format!(
                "{} (in `{}`, {})",
                self.outside(body, c),
                self.quote(s),
                self.game.rules.sources.at(body.span)
            ),
            Split::Inter(a, b) => {
                if self.contains(a, c) {
                    self.outside(b, c)
                } else {
                    self.outside(a, c)
                }
            }
            Split::Union(a, b) => format!("{}, and {}", self.outside(a, c), self.outside(b, c)),
            Split::Except(a, b) => {
                if self.contains(a, c) {
                    self.inside(b, c)
                } else {
                    self.outside(a, c)
                }
            }
            Split::Where(inner, cond) => {
                if self.contains(inner, c) {
                    format!(
                        "`{}` does not hold at {}",
                        self.game.rules.sources.quote(cond.span),
                        self.label(c)
                    )
                } else {
                    self.outside(inner, c)
                }
            }
        }
    }

    /// How `c` is in `s` (the excluded side of an `except`).
    pub fn inside(&self, s: &SourcedSet, c: usize) -> String {
        match &s.split {
            Split::Leaf => self.leaf(s, c, true),
            Split::Define(_)
            | Split::Inter(..)
            | Split::Union(..)
            | Split::Except(..)
            | Split::Where(..) => format!("{} is in `{}`", self.label(c), self.quote(s)),
        }
    }

    /// A part not taken apart: the cell's relation to it, and what the
    /// position says about the cell in the part's own terms.
    fn leaf(&self, s: &SourcedSet, c: usize, member: bool) -> String {
        let rules = &self.game.rules;
        let label = self.label(c);
        let quote = self.quote(s);
        let is = if member { "is" } else { "is not" };
        match s.set.class() {
            SetClass::Stored(Stored::Mark(m)) if rules.marks.get(m.index()) == Some(&quote) => {
                format!("{label} {is} marked `{quote}`")
            }
            // Sets of pieces: what the cell holds says why.
            SetClass::Stored(
                Stored::Empty | Stored::Occupied | Stored::Owned(_) | Stored::Piece(_),
            ) => format!("{label} {is} in `{quote}`: {}", self.contents(c)),
            SetClass::Computed if matches!(s.set, SetExpr::Enemy | SetExpr::Like(_)) => {
                format!("{label} {is} in `{quote}`: {}", self.contents(c))
            }
            SetClass::ActionCell(_) => {
                let cells: Vec<&str> = self
                    .game
                    .probe_set(self.st, &s.set, None)
                    .iter()
                    .map(|c| self.label(c))
                    .collect();
                match cells.first() {
                    Some(at) => format!("{label} {is} `{quote}`, which is {at}"),
                    None => format!("{label} {is} `{quote}`, which is no cell now"),
                }
            }
            SetClass::Stored(Stored::Seeded) => {
                let n = self.game.tally(self.st, crate::ids::Cell::new(c));
                format!("{label} {is} in `{quote}`: it holds {n}")
            }
            SetClass::Stored(Stored::Stacked) => {
                let n = self.game.height(self.st, crate::ids::Cell::new(c));
                format!("{label} {is} in `{quote}`: its stack holds {n}")
            }
            SetClass::Stored(Stored::Mark(_) | Stored::Destinations)
            | SetClass::Bound(_)
            | SetClass::Fixed(_)
            | SetClass::FixedPerPlayer(_)
            | SetClass::ByPlayer(_)
            | SetClass::Computed => format!("{label} {is} in `{quote}`"),
        }
    }
}
