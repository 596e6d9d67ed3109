//! `position text: FIELD, ...`: how a position is written as a line,
//! checked: one `board`, a letter per kind, a word per player, marks and
//! variables that exist, flags on fixed cells. Without the item, a
//! position is written as its board and the player to move.

use crate::ast::{self, Name};
use crate::diagnostic::{Diagnostic, Span};
use crate::ids::{Cell, Piece};
use crate::rules::*;

use super::Checker;

impl Checker<'_> {
    /// The position text the file declares, or the default one.
    pub(super) fn position_text(&mut self) -> PositionText {
        let file = self.file;
        let mut text = PositionText {
            fields: vec![TextField::Board, TextField::Mover(self.players.clone())],
            letters: kind_letters(&self.pieces),
            declared: false,
        };
        let Some((fields, span)) = file.position_texts.first() else {
            return text;
        };
        for (_, again) in &file.position_texts[1..] {
            self.error(*again, "a game has one `position text`: merge the two");
        }
        text.declared = true;
        text.fields.clear();
        if let Some(ast::TextField::Pocket(span)) = fields.first() {
            let msg = "`pocket` is glued to the field before it: give that field first";
            self.error(*span, msg);
        }
        for f in fields {
            if let Some(field) = self.text_field(f, &mut text.letters) {
                text.fields.push(field);
            }
        }
        if self.players.len() > 2 {
            self.error(
                *span,
                "a position text writes the first player's pieces in upper case and the \
                 second's in lower case: it is for games of one or two players",
            );
        }
        let boards = text
            .fields
            .iter()
            .filter(|f| **f == TextField::Board)
            .count();
        if boards != 1 {
            self.errors.push(
                Diagnostic::at(*span, "a position text has the field `board` once")
                    .with_help("start it with `board`: `position text: board, mover w b`"),
            );
        }
        text
    }

    fn text_field(
        &mut self,
        field: &ast::TextField,
        letters: &mut Vec<String>,
    ) -> Option<TextField> {
        match field {
            ast::TextField::Board(given, span) => {
                if !given.is_empty()
                    && let Some(given) = self.piece_letters(given, *span)
                {
                    *letters = given;
                }
                Some(TextField::Board)
            }
            ast::TextField::Mover(words, span) => {
                if words.len() != self.players.len() {
                    let msg = format!(
                        "`mover` needs a word per player, in order ({}): {} given",
                        self.players.join(", "),
                        words.len()
                    );
                    self.error(*span, msg);
                    return None;
                }
                self.distinct(words)?;
                Some(TextField::Mover(
                    words.iter().map(|w| w.text.clone()).collect(),
                ))
            }
            ast::TextField::Flags(mark, flags) => {
                let mark = self.mark(mark);
                let letters: Vec<Name> = flags.iter().map(|(l, _)| l.clone()).collect();
                self.distinct(&letters)?;
                let mut out = Vec::new();
                for (letter, cells) in flags {
                    let flag = match cells {
                        ast::FlagCells::Cells(cells) => {
                            let cells = self.setup_cells(cells, "of a flag")?;
                            Flag::Cells(cells.into_iter().map(Cell::new).collect())
                        }
                        ast::FlagCells::Find(end, placement) => {
                            if let Some(count) = &placement.count {
                                self.error(count.span, "a flag finds one piece: no count here");
                                return None;
                            }
                            let (kind, owner) = self.placed_piece(placement)?;
                            let within = self.setup_cells(&placement.at, "of a flag")?;
                            Flag::Find {
                                end: match end {
                                    ast::FindEnd::First => FindEnd::First,
                                    ast::FindEnd::Last => FindEnd::Last,
                                },
                                piece: Piece { kind, owner },
                                within: within.into_iter().map(Cell::new).collect(),
                            }
                        }
                    };
                    out.push((letter.text.clone(), flag));
                }
                Some(TextField::Flags { mark, flags: out })
            }
            ast::TextField::Cell(mark) => Some(TextField::CellOf(self.mark(mark))),
            ast::TextField::Cells(mark) => Some(TextField::CellsOf(self.mark(mark))),
            ast::TextField::Number(vars) => {
                let mut out = Vec::with_capacity(vars.len());
                for var in vars {
                    let Some(v) = self.variables.iter().position(|x| x.name == var.text) else {
                        let known: Vec<String> =
                            self.variables.iter().map(|x| x.name.clone()).collect();
                        self.unknown_kind(var, &known, "variable");
                        return None;
                    };
                    if !self.variables[v].symbols.is_empty() {
                        let msg = format!(
                            "`{}` is chosen among names, not a number: `number` writes a number",
                            var.text
                        );
                        self.error(var.span, msg);
                        return None;
                    }
                    out.push(v);
                }
                Some(TextField::Number(out))
            }
            ast::TextField::Moves(_) => Some(TextField::Moves),
            ast::TextField::Turn(_) => Some(TextField::Turn),
            ast::TextField::Hands(span) | ast::TextField::Pocket(span) => {
                let pocket = matches!(field, ast::TextField::Pocket(_));
                if !self.reserved.contains(&true) {
                    let word = if pocket { "pocket" } else { "hands" };
                    let msg =
                        format!("`{word}` writes the pieces in hand, and no kind has a reserve");
                    self.errors.push(
                        Diagnostic::at(*span, msg).with_help(
                            "give the kinds held in hand a reserve: `reserve: pawn = 0`",
                        ),
                    );
                    return None;
                }
                Some(if pocket {
                    TextField::Pocket
                } else {
                    TextField::Hands
                })
            }
            ast::TextField::Dash(_) => Some(TextField::Dash),
        }
    }

    /// `board K Q R B N P`: a letter per kind, in the order of `pieces`,
    /// upper case and distinct; `+P`: a `+` before it (a promoted piece).
    fn piece_letters(&mut self, given: &[Name], span: Span) -> Option<Vec<String>> {
        if given.len() != self.pieces.len() {
            let msg = format!(
                "`board` needs a letter per kind of piece, in order ({}): {} given",
                self.pieces.join(", "),
                given.len()
            );
            self.error(span, msg);
            return None;
        }
        let mut letters = Vec::new();
        for g in given {
            let letter = g.text.strip_prefix('+').unwrap_or(&g.text);
            let letter = letter.strip_suffix('~').unwrap_or(letter);
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => letters.push(g.text.clone()),
                _ => {
                    self.errors.push(
                        Diagnostic::at(g.span, format!("`{}` is not one capital letter", g.text))
                            .with_help("the first player's pieces are written in capitals, the second's in small letters: give the capital"),
                    );
                    return None;
                }
            }
        }
        self.distinct(given)?;
        Some(letters)
    }

    /// Reports the first word that comes twice.
    fn distinct(&mut self, words: &[Name]) -> Option<()> {
        for (i, w) in words.iter().enumerate() {
            if words[..i].iter().any(|x| x.text == w.text) {
                self.error(w.span, format!("`{}` stands for two things here", w.text));
                return None;
            }
        }
        Some(())
    }
}
