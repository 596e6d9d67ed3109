//! Counters and rings: `counters seed` (declared with the names), the
//! counters each cell starts with (`setup: N x seed at S`), and `ring ccw,
//! cw = a1 b1 ...`, a cyclic order of cells that `sow` follows.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_COUNTERS;
use crate::rules::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// The rings, their cells checked against the board: each a cell, and
    /// listed once.
    pub(super) fn rings(&mut self) {
        let file = self.file;
        for r in &file.rings {
            let cells = self.cells_once(&r.cells, "ring");
            let mut ok = cells.is_some();
            let cells = cells.unwrap_or_default();
            let mut place = vec![u32::MAX; self.board().len()];
            for (k, &c) in cells.iter().enumerate() {
                place[c as usize] = k as u32;
            }
            if ok && cells.len() < 2 {
                self.error(r.span, "a ring needs at least two cells");
                ok = false;
            }
            if !ok {
                continue;
            }
            let i = self.rings.len() as u16;
            for (k, n) in r.names.iter().enumerate() {
                self.ring_dirs.insert(n.text.clone(), (i, k == 0));
            }
            self.rings.push(Ring {
                names: [r.names[0].text.clone(), r.names[1].text.clone()],
                cells,
                place,
            });
        }
    }

    /// The cells of a list of labels (a ring's, a track's), each a cell of
    /// the board and listed once; `None` after reporting what is not.
    pub(super) fn cells_once(&mut self, labels: &[ast::Name], what: &str) -> Option<Vec<u32>> {
        let mut cells = Vec::new();
        let mut listed = vec![false; self.board().len()];
        let mut ok = true;
        for label in labels {
            let Some(c) = self.board().cell_by_label(&label.text) else {
                if !self.board_unknown {
                    let msg = format!("`{}` is not a cell of the board", label.text);
                    self.error(label.span, msg);
                }
                ok = false;
                continue;
            };
            if std::mem::replace(&mut listed[c.index()], true) {
                self.errors.push(
                    Diagnostic::at(
                        label.span,
                        format!("`{}` is listed twice in this {what}", label.text),
                    )
                    .with_help(format!(
                        "a {what} passes each of its cells once: list each cell once"
                    )),
                );
                ok = false;
                continue;
            }
            cells.push(c.index() as u32);
        }
        ok.then_some(cells)
    }

    /// A ring's direction by name: its ring and whether it goes along the
    /// list; reported when unknown.
    pub(super) fn ring_dir(&mut self, n: &ast::Name) -> Option<(u16, bool)> {
        if let Some(&d) = self.ring_dirs.get(&n.text) {
            return Some(d);
        }
        if self
            .file
            .rings
            .iter()
            .any(|r| r.names.iter().any(|x| x.text == n.text))
        {
            // Its ring was wrong: reported there.
            return None;
        }
        let known: Vec<String> = self.ring_dirs.keys().cloned().collect();
        let mut d = Diagnostic::at(
            n.span,
            format!("`{}` is not a ring: counters are sown along a ring", n.text),
        );
        d.help = Some(
            match crate::diagnostic::closest(&n.text, known.iter().map(String::as_str)) {
                Some(near) => format!("did you mean `{near}`?"),
                None => "declare one with `ring NAME, NAME-BACK = CELL CELL ...`".to_string(),
            },
        );
        self.errors.push(d);
        None
    }

    /// Whether `n` names the kind of counters.
    pub(super) fn is_counter(&self, n: &str) -> bool {
        self.counters.as_deref() == Some(n)
    }

    /// The counters of a placement `N x KIND at CELLS` on each of its
    /// cells, added to `tally` if the setup item applies.
    pub(super) fn counter_placement(
        &mut self,
        p: &ast::Placement,
        count: &ast::Expr,
        applies: bool,
        tally: &mut Vec<u16>,
        total: &mut i64,
    ) {
        if !self.is_counter(&p.piece.text) {
            let msg = match self.counters.clone() {
                Some(k) => format!(
                    "`{}` is not a kind of counter (the counters are `{k}`)",
                    p.piece.text
                ),
                None => format!("`{}` is not a kind of counter", p.piece.text),
            };
            self.errors
                .push(Diagnostic::at(p.piece.span, msg).with_help(
                    "`N x KIND at CELLS` puts counters on cells (declare them with `counters KIND`), or stacks pieces (declare `stacks`)",
                ));
            return;
        }
        if let Some(player) = &p.player {
            let msg = format!("counters belong to no player, so not to `{}`", player.text);
            self.error(player.span, msg);
            return;
        }
        let Some(n) = self.const_int(count) else {
            return;
        };
        let Some(cells) = self.setup_cells(&p.at, "of a `setup`") else {
            return;
        };
        if !(0..=MAX_COUNTERS).contains(&n) {
            let msg = format!("a game starts with at most {MAX_COUNTERS} counters");
            self.limit(count.span, msg);
            return;
        }
        if !applies || self.board_unknown {
            return;
        }
        let added = n * cells.len() as i64;
        if *total + added > MAX_COUNTERS {
            let msg = format!(
                "too many counters: the setup places {} in all, more than {MAX_COUNTERS}",
                *total + added
            );
            self.limit(p.span, msg);
            return;
        }
        *total += added;
        if tally.is_empty() {
            *tally = vec![0; self.board().len()];
        }
        for c in cells {
            tally[c] += n as u16;
        }
    }
}
