//! Circuits: `circuit inner = b1 b2 ... b6 loop a5 ... f5 loop ...`, a
//! closed way round the board whose runs of neighbouring cells are joined
//! by loops (Surakarta's), and the slides along them: `slide own around
//! inner to enemy` goes either way round, over empty cells (its own cell
//! included, where the way comes back through it), through a loop at
//! least, to the first piece. Kept with the tracks (`Rules::tracks`), as
//! a track whose `circuit` is set.

use crate::ast::{self, Expr, Name};
use crate::diagnostic::Diagnostic;
use crate::ids::Cell;
use crate::rules::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// The circuits, their cells checked against the board.
    pub(super) fn circuits(&mut self) {
        let file = self.file;
        for t in &file.circuits {
            if self.track_index.contains_key(&t.name.text) {
                // A second of the name: reported with the names.
                continue;
            }
            let Some(circuit) = self.circuit(t) else {
                continue;
            };
            let i = self.tracks.len() as u16;
            self.track_index.insert(t.name.text.clone(), i);
            let mut place = vec![u32::MAX; self.board().len()];
            for (k, &c) in circuit.cells.iter().enumerate().rev() {
                place[c as usize] = k as u32;
            }
            let players = self.players.len();
            self.tracks.push(Track {
                name: t.name.text.clone(),
                cells: vec![circuit.cells.clone(); players],
                place: vec![place; players],
                circuit: Some(circuit),
            });
        }
    }

    /// One circuit: cells of the board, each next to the one before unless
    /// a loop stands between them, at least two, and at least one loop.
    fn circuit(&mut self, t: &ast::CircuitDecl) -> Option<Circuit> {
        let mut cells: Vec<u32> = Vec::new();
        let mut loop_after: Vec<bool> = Vec::new();
        let mut ok = true;
        let mut before: Option<&Name> = None;
        for part in &t.parts {
            let Some(label) = part else {
                match loop_after.last_mut() {
                    Some(l) if !*l => *l = true,
                    _ => {
                        let msg = "a loop joins two cells: write it between them, once";
                        self.errors.push(Diagnostic::at(t.span, msg).with_help(
                            "`circuit NAME = b1 b2 b3 loop c1 c2 c3 loop`: the cells in order, `loop` where a loop joins one run to the next",
                        ));
                        ok = false;
                    }
                }
                continue;
            };
            let Some(c) = self.board().cell_by_label(&label.text) else {
                if !self.board_unknown {
                    let msg = format!("`{}` is not a cell of the board", label.text);
                    self.error(label.span, msg);
                }
                ok = false;
                continue;
            };
            if let (Some(prev), Some(&p), Some(false)) = (before, cells.last(), loop_after.last())
                && !self.board().neighbors(Cell::new(p as usize)).contains(&c)
            {
                let msg = format!("`{}` is not next to `{}`", label.text, prev.text);
                let help = "a circuit goes from a cell to a neighbour, or through a `loop` written between them";
                self.errors
                    .push(Diagnostic::at(label.span, msg).with_help(help));
                ok = false;
            }
            cells.push(c.index() as u32);
            loop_after.push(false);
            before = Some(label);
        }
        if !ok {
            return None;
        }
        if cells.len() < 2 || !loop_after.contains(&true) {
            let msg = "a circuit needs two cells and a loop at least";
            let help = "`circuit NAME = b1 b2 b3 loop c1 c2 c3 loop`: a final `loop` joins the last cell to the first";
            self.errors
                .push(Diagnostic::at(t.span, msg).with_help(help));
            return None;
        }
        let (first, last) = (cells[0] as usize, cells[cells.len() - 1] as usize);
        if !loop_after[cells.len() - 1]
            && !self
                .board()
                .neighbors(Cell::new(last))
                .contains(&Cell::new(first))
        {
            let msg = "the circuit's last cell is not next to its first";
            let help =
                "a circuit is closed: end it with `loop`, or with a neighbour of its first cell";
            self.errors
                .push(Diagnostic::at(t.span, msg).with_help(help));
            return None;
        }
        let n = cells.len() as u32;
        let mut places = vec![Vec::new(); self.board().len()];
        for (k, &c) in cells.iter().enumerate() {
            places[c as usize].push(k as u32);
        }
        Some(Circuit {
            cells,
            next: (0..n).map(|k| (k + 1) % n).collect(),
            before: (0..n).map(|k| (k + n - 1) % n).collect(),
            loop_after,
            places,
        })
    }

    /// The circuits of `ways` as one (`around inner or outer`), kept with
    /// the tracks under their names joined: each way closed on itself, a
    /// cell reached along two of them one move.
    fn joined_circuits(&mut self, ways: &[u16]) -> Option<u16> {
        let name = (ways.iter())
            .map(|&k| self.tracks[k as usize].name.clone())
            .collect::<Vec<_>>()
            .join(" or ");
        if let Some(&i) = self.track_index.get(&name) {
            return Some(i);
        }
        let mut all = Circuit {
            cells: Vec::new(),
            next: Vec::new(),
            before: Vec::new(),
            loop_after: Vec::new(),
            places: vec![Vec::new(); self.board().len()],
        };
        for &k in ways {
            let one = self.tracks[k as usize].circuit.as_ref()?;
            let at = all.cells.len() as u32;
            all.cells.extend(&one.cells);
            all.next.extend(one.next.iter().map(|x| x + at));
            all.before.extend(one.before.iter().map(|x| x + at));
            all.loop_after.extend(&one.loop_after);
            for (c, list) in one.places.iter().enumerate() {
                all.places[c].extend(list.iter().map(|x| x + at));
            }
        }
        let i = self.tracks.len() as u16;
        let players = self.players.len();
        let mut place = vec![u32::MAX; self.board().len()];
        for (k, &c) in all.cells.iter().enumerate().rev() {
            place[c as usize] = k as u32;
        }
        self.tracks.push(Track {
            name: name.clone(),
            cells: vec![all.cells.clone(); players],
            place: vec![place; players],
            circuit: Some(all),
        });
        self.track_index.insert(name, i);
        Some(i)
    }

    /// Whether `name` is a circuit's (declared, even if wrongly).
    pub(super) fn is_circuit(&self, name: &str) -> bool {
        self.file.circuits.iter().any(|c| c.name.text == name)
    }

    /// `slide FROM along|around CIRCUIT [or CIRCUIT ...] [over PATH] to TO`.
    pub(super) fn circuit_slide(
        &mut self,
        from: &Expr,
        ways: &[&Name],
        around: bool,
        by: Option<&Expr>,
        path: Option<&Expr>,
        to: &Expr,
    ) -> ChoiceKind {
        if let Some(by) = by {
            let msg = "a slide along a circuit goes to the first piece: it takes no distance";
            self.error(by.span, msg);
        }
        let mut found = Vec::new();
        for circuit in ways {
            if self.is_circuit(&circuit.text) {
                // A circuit declared wrongly was reported where it is.
                found.extend(self.track_index.get(&circuit.text).copied());
                continue;
            }
            let msg = format!("`{}` is not a circuit", circuit.text);
            let help = "declare one with `circuit NAME = CELL CELL ... loop CELL ...`; a track is followed with `along TRACK by N`, one track at a time";
            self.errors
                .push(Diagnostic::at(circuit.span, msg).with_help(help));
        }
        let along = match found[..] {
            [one] if ways.len() == 1 => Some(one),
            _ if found.len() == ways.len() => self.joined_circuits(&found),
            _ => None,
        };
        ChoiceKind::Slide {
            from: self.set(from),
            dirs: DirSet::Fixed(0),
            along,
            loops: u8::from(around),
            by: None,
            path: path.map_or(SetExpr::Empty, |p| self.set(p)),
            to: self.set(to),
        }
    }
}
