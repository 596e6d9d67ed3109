//! The starting position: `setup [if COND]: PLAYER PIECE at SET, ...`, and
//! `MARK at SET` for marks. Every item whose condition holds places its
//! pieces and marks, in file order; a cell may start with one piece only.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::ids::Cell;
use crate::rules::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// The pieces, marks and counters on the board before the first turn.
    pub(super) fn setup(&mut self) -> (Vec<Placed>, Vec<(Cell, Mark)>, Vec<u16>) {
        let file = self.file;
        let mut placed = Vec::new();
        let mut marked = Vec::new();
        let (mut tally, mut total) = (Vec::new(), 0);
        // What each cell got first ("white pawn"), for the error when a
        // second piece comes.
        let mut first: Vec<Option<String>> = vec![None; self.board().len()];
        for item in &file.setups {
            let applies = match &item.guard {
                None => true,
                Some(g) => match self.condition(g) {
                    BoolExpr::Const(b) => b,
                    _ => {
                        self.error(g.span, "the condition of `setup` may only use options");
                        false
                    }
                },
            };
            for lines in &item.lines {
                if applies {
                    self.setup_lines(lines, &mut marked);
                } else {
                    // Checked with any options, drawn with these only.
                    self.setup_lines(lines, &mut Vec::new());
                }
            }
            for p in &item.placements {
                let mut copies = 1;
                if let Some(count) = &p.count {
                    if !self.stacks || self.is_counter(&p.piece.text) {
                        self.counter_placement(p, count, applies, &mut tally, &mut total);
                        continue;
                    }
                    match self.stack_count(count) {
                        Some(n) => copies = n,
                        None => continue,
                    }
                }
                if self.is_counter(&p.piece.text) {
                    self.errors.push(
                        Diagnostic::at(
                            p.span,
                            format!("how many `{}` on each cell?", p.piece.text),
                        )
                        .with_help(format!(
                            "write the number first: `4 x {} at ...`",
                            p.piece.text
                        )),
                    );
                    continue;
                }
                if p.player.is_none() && self.marks.contains(&p.piece.text) {
                    let mark = self.mark(&p.piece);
                    let Some(cells) = self.setup_cells(&p.at, "of a `setup`") else {
                        continue;
                    };
                    if applies && !self.board_unknown {
                        for c in cells {
                            if !marked.contains(&(Cell::new(c), mark)) {
                                marked.push((Cell::new(c), mark));
                            }
                        }
                    }
                    continue;
                }
                if p.player
                    .as_ref()
                    .is_some_and(|n| self.unseated.contains(&n.text))
                {
                    // A player who does not play with these options: the
                    // cells are checked, nothing is placed.
                    self.piece(&p.piece);
                    self.setup_cells(&p.at, "of a `setup`");
                    continue;
                }
                let Some((piece, owner)) = self.placed_piece(p) else {
                    continue;
                };
                // Checked even when the item does not apply, so that its
                // mistakes show with any options.
                let Some(cells) = self.setup_cells(&p.at, "of a `setup`") else {
                    continue;
                };
                if !applies || self.board_unknown {
                    continue;
                }
                let what = match &p.player {
                    Some(player) => format!("{} {}", player.text, p.piece.text),
                    None => p.piece.text.clone(),
                };
                for c in cells {
                    if let Some(earlier) = &first[c] {
                        let label = self.board().label(Cell::new(c)).to_string();
                        let msg = format!(
                            "`{label}` gets two pieces: {earlier} (earlier) and {what} (here)"
                        );
                        self.errors.push(Diagnostic::at(p.span, msg).with_help(
                            "a cell starts with at most one piece: take it out of one of the two sets",
                        ));
                        // One error per placement is enough.
                        break;
                    }
                    first[c] = Some(what.clone());
                    // A stack is its piece given once per piece in it.
                    for _ in 0..copies {
                        placed.push(Placed {
                            cell: c as u32,
                            piece,
                            owner,
                        });
                    }
                }
            }
        }
        if self.counters.is_some() && tally.is_empty() {
            // A game with counters keeps a count per cell, even all zero.
            tally = vec![0; self.board().len()];
        }
        (placed, marked, tally)
    }

    /// The piece and owner of a placement, checked: a player's kind needs
    /// a player, a neutral kind none.
    pub(super) fn placed_piece(&mut self, p: &ast::Placement) -> Option<(Kind, Option<Player>)> {
        let before = self.errors.len();
        let piece = self.piece(&p.piece);
        let owner = p.player.as_ref().map(|n| match self.who(n) {
            Who::Player(i) => Some(i),
            Who::Me | Who::Opponent => {
                let msg = format!(
                    "`{}` is nobody before the game starts: name a player",
                    n.text
                );
                self.error(n.span, msg);
                None
            }
        });
        if self.errors.len() > before {
            return None;
        }
        let neutral = self.neutral.get(piece.index()).copied().unwrap_or(false);
        match (owner.flatten(), neutral) {
            (Some(_), true) => {
                let player = p.player.as_ref().map_or("", |n| n.text.as_str());
                self.errors.push(
                    Diagnostic::at(
                        p.span,
                        format!(
                            "`{}` is a neutral piece: it belongs to no player, so not to `{player}`",
                            p.piece.text
                        ),
                    )
                    .with_help(format!("write `{} at ...`", p.piece.text)),
                );
                None
            }
            (None, false) => {
                self.errors.push(
                    Diagnostic::at(
                        p.span,
                        format!("whose `{}`? It belongs to a player", p.piece.text),
                    )
                    .with_help(format!(
                        "write the player first: `{} {} at ...`",
                        self.players.first().map_or("PLAYER", String::as_str),
                        p.piece.text
                    )),
                );
                None
            }
            (owner, _) => Some((piece, owner)),
        }
    }

    /// The cells of a placement: a set fixed when the game is built.
    pub(super) fn setup_cells(&mut self, e: &ast::Expr, whose: &str) -> Option<Vec<usize>> {
        let value = self.expr(e);
        let set = self.want_set(value, e.span)?;
        match self.const_set(&set) {
            Some(s) => Some(s.iter().collect()),
            None => {
                self.errors.push(
                    Diagnostic::at(e.span, format!("the cells {whose} must be fixed before the game starts"))
                        .with_help("use regions, rows, columns, sides, `cells(...)`, `dark` or `light`, not the position"),
                );
                None
            }
        }
    }
}
