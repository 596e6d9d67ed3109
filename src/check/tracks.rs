//! Tracks: `track path: light = e1 d1 ..., dark = e3 d3 ...` (or `track
//! path = a1 b1 ...` for every player), the order of cells a piece
//! follows in `slide FROM along TRACK by N` (race games: Ur, Ludo,
//! backgammon). Each player's list is checked against the board: each a
//! cell, listed once, at least two.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::rules::Track;

use super::Checker;

impl<'a> Checker<'a> {
    /// The tracks, their cells checked against the board and the players.
    pub(super) fn tracks(&mut self) {
        let file = self.file;
        for t in &file.tracks {
            if self.track_index.contains_key(&t.name.text) {
                // A second of the name: reported with the names.
                continue;
            }
            let players = self.players.len();
            let mut per: Vec<Option<Vec<u32>>> = vec![None; players];
            let mut ok = true;
            for (player, labels) in &t.lists {
                let cells = self.track_cells(labels);
                ok &= cells.is_some();
                let Some(p) = player else {
                    per = vec![cells; players];
                    continue;
                };
                if self.unseated.contains(&p.text) {
                    continue;
                }
                let Some(i) = self.players.iter().position(|x| *x == p.text) else {
                    self.unknown(p, &self.players.clone());
                    ok = false;
                    continue;
                };
                if per[i].is_some() {
                    self.error(p.span, format!("`{}` has two lists of cells here", p.text));
                    ok = false;
                }
                per[i] = cells;
            }
            if !ok {
                continue;
            }
            if let Some(missing) = per.iter().position(Option::is_none) {
                let msg = format!(
                    "track `{}` gives no cells for player `{}`",
                    t.name.text, self.players[missing]
                );
                self.error(t.name.span, msg);
                continue;
            }
            let i = self.tracks.len() as u16;
            self.track_index.insert(t.name.text.clone(), i);
            let cells: Vec<Vec<u32>> = per.into_iter().map(Option::unwrap_or_default).collect();
            let place = cells
                .iter()
                .map(|list| {
                    let mut place = vec![u32::MAX; self.board().len()];
                    for (k, &c) in list.iter().enumerate() {
                        place[c as usize] = k as u32;
                    }
                    place
                })
                .collect();
            self.tracks.push(Track {
                name: t.name.text.clone(),
                cells,
                place,
                circuit: None,
            });
        }
    }

    /// One list of a track: cells of the board, each once, at least two.
    fn track_cells(&mut self, labels: &[ast::Name]) -> Option<Vec<u32>> {
        let cells = self.cells_once(labels, "track")?;
        if let (true, Some(first), Some(last)) = (cells.len() < 2, labels.first(), labels.last()) {
            let span = crate::diagnostic::Span::new(first.span.start, last.span.end);
            self.error(span, "a track needs at least two cells");
            return None;
        }
        Some(cells)
    }

    /// A track by name, for `slide ... along TRACK`; reported when unknown.
    pub(super) fn track(&mut self, n: &ast::Name) -> Option<u16> {
        if let Some(&i) = self.track_index.get(&n.text) {
            return Some(i);
        }
        if self.file.tracks.iter().any(|t| t.name.text == n.text) {
            // Its declaration was wrong: reported there.
            return None;
        }
        let known: Vec<String> = self.track_index.keys().cloned().collect();
        let mut d = Diagnostic::at(n.span, format!("`{}` is not a track", n.text));
        d.help = Some(
            match crate::diagnostic::closest(&n.text, known.iter().map(String::as_str)) {
                Some(near) => format!("did you mean `{near}`?"),
                None => "declare one with `track NAME: PLAYER = CELL CELL ..., ...` \
                         (or `track NAME = CELL CELL ...` for every player)"
                    .to_string(),
            },
        );
        self.errors.push(d);
        None
    }
}
