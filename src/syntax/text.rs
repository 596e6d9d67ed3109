//! `position text`'s fields, parse tree to AST: the board's letters, the
//! mover's words, flags (fixed cells, or a piece to find), and the rest.

use super::expressions::{expr, name, span};
use super::items::placement;
use super::{P, Rule};
use crate::ast::*;

/// A field of `position text`.
pub(super) fn text_field(pair: P) -> TextField {
    let s = span(&pair);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner().peekable();
    // The field's keyword (`board`, `mover`, ...) comes first, if any.
    if inner.peek().is_some_and(|p| {
        matches!(
            p.as_rule(),
            Rule::kw_board
                | Rule::kw_mover
                | Rule::kw_flags
                | Rule::kw_cell
                | Rule::kw_cells
                | Rule::kw_number
        )
    }) {
        inner.next();
    }
    fn words<'i>(inner: impl Iterator<Item = P<'i>>) -> Vec<Name> {
        inner
            .map(|w| Name {
                text: w.as_str().to_string(),
                span: span(&w),
            })
            .collect()
    }
    match rule {
        Rule::text_board => TextField::Board(words(inner), s),
        Rule::text_mover => TextField::Mover(words(inner), s),
        Rule::text_flags => {
            let mark = name(inner.next().expect("mark"));
            let flags = inner
                .map(|f| {
                    let mut f = f.into_inner();
                    let w = f.next().expect("letter");
                    let letter = Name {
                        text: w.as_str().to_string(),
                        span: span(&w),
                    };
                    let cells = f.next().expect("cells");
                    let cells = match cells.as_rule() {
                        Rule::text_find => {
                            let mut find = cells.into_inner();
                            let end = match find.next().expect("first or last").as_str() {
                                "first" => FindEnd::First,
                                _ => FindEnd::Last,
                            };
                            FlagCells::Find(end, placement(find.next().expect("a piece")))
                        }
                        _ => FlagCells::Cells(expr(cells)),
                    };
                    (letter, cells)
                })
                .collect();
            TextField::Flags(mark, flags)
        }
        Rule::text_cell => TextField::Cell(name(inner.next().expect("mark"))),
        Rule::text_cells => TextField::Cells(name(inner.next().expect("mark"))),
        Rule::text_number => TextField::Number(inner.map(name).collect()),
        Rule::text_moves => TextField::Moves(s),
        Rule::text_turn => TextField::Turn(s),
        Rule::text_hands => TextField::Hands(s),
        Rule::text_pocket => TextField::Pocket(s),
        Rule::text_dash => TextField::Dash(s),
        other => unreachable!("not a field of `position text`: {other:?}"),
    }
}
