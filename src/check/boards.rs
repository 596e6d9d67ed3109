//! The board: the first declaration whose guard holds, built by its generator.

use crate::board::{self, Board, BoardSpec};
use crate::cellset::CellSet;
use crate::diagnostic::{Diagnostic, Span, closest};
use crate::limits::MAX_BOARD_SIZE;
use crate::rules::*;

use super::{Checker, NameKind};

impl<'a> Checker<'a> {
    pub(super) fn build_board(&mut self) {
        let file = self.file;
        if file.boards.is_empty() {
            self.errors.push(
                Diagnostic::whole("the game has no board")
                    .with_help("add a line such as `board square(8, 8)`"),
            );
            return;
        }
        // The first board whose guard holds (guards may use options only).
        let mut chosen = None;
        let mut refused = false;
        for b in &file.boards {
            let applies = match &b.guard {
                None => true,
                Some(g) => match self.before_board(g.span, |c| c.condition(g)) {
                    Some(BoolExpr::Const(v)) => v,
                    Some(_) => {
                        self.error(g.span, "the condition of a board may only use options");
                        refused = true;
                        false
                    }
                    None => {
                        refused = true;
                        false
                    }
                },
            };
            if applies && chosen.is_none() {
                chosen = Some(b);
            } else if applies && b.guard.is_none() && file.boards.iter().all(|x| x.guard.is_none())
            {
                self.error(
                    b.span,
                    "a game has one board (give several boards conditions on options)",
                );
            }
        }
        let Some(decl) = chosen else {
            if !refused {
                self.error(file.boards[0].span, "no board applies with these options");
            }
            return;
        };
        let mut args = Vec::new();
        for a in &decl.args {
            match self.before_board(a.span, |c| c.const_int(a)).flatten() {
                Some(v) if (1..=MAX_BOARD_SIZE).contains(&v) => args.push(v as u32),
                Some(v) => {
                    self.limit(
                        a.span,
                        format!("a board size must be between 1 and {MAX_BOARD_SIZE}, not {v}"),
                    );
                    return;
                }
                None => return,
            }
        }
        let g = decl.generator.text.as_str();
        let Some(generator) = board::generator(g) else {
            let names = || board::GENERATORS.iter().map(|g| g.name);
            let mut d = Diagnostic::at(decl.generator.span, format!("unknown board `{g}`"));
            d.help = Some(match closest(g, names()) {
                Some(near) => format!("did you mean `{near}`?"),
                None => format!("boards: {}", names().collect::<Vec<_>>().join(", ")),
            });
            self.errors.push(d);
            return;
        };
        if !generator.sizes.contains(&args.len()) {
            self.errors.push(
                Diagnostic::at(
                    decl.generator.span,
                    format!("wrong number of sizes for `{g}`"),
                )
                .with_help(format!("write {}", generator.usage)),
            );
            return;
        }
        let shape = (generator.shape)(&args, decl.diagonals);
        if decl.diagonals && !generator.diagonals {
            self.error(decl.span, "`with diagonals` is only for square boards");
        }
        self.cut_board = !decl.without.is_empty();
        let spec = BoardSpec {
            shape,
            remove: decl.without.iter().map(|n| n.text.clone()).collect(),
            links: decl
                .links
                .iter()
                .map(|(a, b)| (a.text.clone(), b.text.clone()))
                .collect(),
        };
        match board::build(&spec) {
            Ok(b) => {
                for side in b.side_names() {
                    self.names.entry(side.to_string()).or_insert(NameKind::Side);
                }
                for d in b.dirs() {
                    self.names
                        .entry(d.name.to_string())
                        .or_insert(NameKind::Direction);
                }
                self.board = Some(b);
            }
            Err(e @ board::BoardError::TooLarge(_)) => self.limit(decl.span, e.to_string()),
            Err(e) => self.error(decl.span, e.to_string()),
        }
    }

    /// Lowers a board's size or condition with `lower`: one that asks for
    /// the board it is part of (`corners`, `row(1)`, `cells(a1)`, `dark`,
    /// a side or direction, directly or through a definition) is refused
    /// here, at `span`, instead of whatever else its lowering said. `None`
    /// when refused.
    fn before_board<T>(&mut self, span: Span, lower: impl FnOnce(&mut Self) -> T) -> Option<T> {
        let errors = self.errors.len();
        self.board_wanted.set(false);
        let value = lower(self);
        if !self.board_wanted.replace(false) {
            return Some(value);
        }
        // What was lowered looked at no board: its errors and definitions
        // are dropped (the definitions are lowered again where used).
        self.errors.truncate(errors);
        self.define_values.clear();
        self.errors.push(
            Diagnostic::at(
                span,
                "a board's sizes and condition cannot use the board they build (its cells, rows, sides or directions)",
            )
            .with_help("use numbers and options only, such as `board square(size)`"),
        );
        None
    }

    /// Whether `name` is a side or direction of some board (it is unknown
    /// until the board is built).
    pub(super) fn part_of_some_board(name: &str) -> bool {
        board::GENERATORS.iter().any(|g| {
            g.sizes.iter().any(|&n| {
                let spec = BoardSpec::new((g.shape)(&vec![3; n], g.diagonals));
                board::build(&spec)
                    .is_ok_and(|b| b.side_names().contains(&name) || b.dir_by_name(name).is_some())
            })
        })
    }

    /// After a board that could not be built (reported): a one-cell board,
    /// so that the rest of the file can be checked.
    pub(super) fn stand_in_board(&mut self) {
        let square = board::Shape::Square {
            w: 1,
            h: 1,
            diagonals: false,
        };
        self.board = board::build(&BoardSpec::new(square)).ok();
        self.board_unknown = true;
    }

    /// Whether `name` may be a side or direction of the board that could not
    /// be built: it is one of some generator's.
    pub(super) fn maybe_on_unknown_board(&self, name: &str) -> bool {
        self.board_unknown && Self::part_of_some_board(name)
    }

    /// The board. Before it is built (while its own sizes and condition
    /// are lowered), a one-cell stand-in, and the question is noted for
    /// [`Checker::before_board`] to refuse.
    pub(super) fn board(&self) -> &Board {
        static NONE_YET: std::sync::OnceLock<Board> = std::sync::OnceLock::new();
        match &self.board {
            Some(b) => b,
            None => {
                self.board_wanted.set(true);
                NONE_YET.get_or_init(|| {
                    let square = board::Shape::Square {
                        w: 1,
                        h: 1,
                        diagonals: false,
                    };
                    board::build(&BoardSpec::new(square)).expect("a one-cell board")
                })
            }
        }
    }

    pub(super) fn fixed(&mut self, cells: impl IntoIterator<Item = impl Into<usize>>) -> SetExpr {
        let set = CellSet::from_cells(self.board().len(), cells.into_iter().map(Into::into));
        if let Some(i) = self.fixed_sets.iter().position(|s| *s == set) {
            return SetExpr::Fixed(i as u32);
        }
        self.fixed_sets.push(set);
        SetExpr::Fixed(self.fixed_sets.len() as u32 - 1)
    }
}
