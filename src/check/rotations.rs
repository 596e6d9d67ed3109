//! `rotate R, R by A, A`: the turns of named regions, each worked out once
//! as the cell every piece of the region goes to.

use crate::ids::Cell;
use std::collections::HashMap;

use crate::ast::{Expr, Name};
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_REGION_TURNS;
use crate::rules::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// A `rotate` choice: one region turn per region and angle, region by
    /// region, in the order written.
    pub(super) fn rotation(&mut self, regions: &[Name], angles: &[Expr]) -> ChoiceKind {
        let hex = self.board().is_hex();
        let step = if hex { 60 } else { 90 };
        let mut turns_by: Vec<i32> = Vec::new();
        for a in angles {
            let Some(angle) = self.const_int(a) else {
                continue;
            };
            let quarter = angle.rem_euclid(360) as i32;
            if quarter == 0 || quarter % step != 0 {
                let msg = match quarter {
                    0 => format!("a turn by {angle} degrees leaves the region as it is"),
                    _ => format!("a region of this board cannot turn by {angle} degrees"),
                };
                let help = format!(
                    "angles on this board are multiples of {step} degrees (negative: clockwise)"
                );
                self.errors
                    .push(Diagnostic::at(a.span, msg).with_help(help));
            } else if turns_by.iter().any(|&t| t.rem_euclid(360) == quarter) {
                self.error(
                    a.span,
                    format!("the turn by {angle} degrees is listed twice"),
                );
            } else {
                turns_by.push(angle as i32);
            }
        }
        let mut turns = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        if regions.len() * turns_by.len() > MAX_REGION_TURNS
            && let (Some(first), Some(last)) = (regions.first(), regions.last())
        {
            let span = crate::diagnostic::Span::new(first.span.start, last.span.end);
            let msg = format!(
                "a rotation of {} regions by {} angles is more than {MAX_REGION_TURNS} turns",
                regions.len(),
                turns_by.len()
            );
            self.limit(span, msg);
            return ChoiceKind::Rotate(Vec::new());
        }
        for r in regions {
            if seen.contains(&r.text.as_str()) {
                self.error(r.span, format!("region `{}` is listed twice", r.text));
                continue;
            }
            seen.push(&r.text);
            let Some(cells) = self.region_cells(r) else {
                continue;
            };
            for &angle in &turns_by {
                match self.turned(&cells, angle) {
                    Ok(moves) => turns.push(RegionTurn {
                        region: r.text.clone(),
                        angle,
                        cells: moves,
                    }),
                    Err(cell) => {
                        let label = self.board().label(Cell::new(cell)).to_string();
                        let msg = format!(
                            "region `{}` does not turn onto itself by {angle} degrees: \
                             the piece on `{label}` would leave it",
                            r.text
                        );
                        let help = "a turned region must be symmetric about its centre \
                                    (a square of cells on a square board, a hexagon on a hex board)";
                        self.errors
                            .push(Diagnostic::at(r.span, msg).with_help(help));
                        break;
                    }
                }
            }
        }
        ChoiceKind::Rotate(turns)
    }

    /// The cells of a region named in a rotation (one set for every player).
    fn region_cells(&mut self, r: &Name) -> Option<Vec<usize>> {
        match self.regions.get(&r.text) {
            Some(SetExpr::Fixed(i)) => Some(self.fixed_sets[*i as usize].iter().collect()),
            Some(_) => {
                self.error(
                    r.span,
                    format!(
                        "region `{}` differs by player: a turned region is one set",
                        r.text
                    ),
                );
                None
            }
            None if self.failed_regions.contains(&r.text) => None,
            None => {
                let known: Vec<String> = self.regions.keys().cloned().collect();
                self.unknown_kind(r, &known, "region");
                None
            }
        }
    }

    /// Where each cell's piece goes when `cells` turn by `angle` degrees
    /// counter-clockwise about their centre, or the first cell whose image
    /// is not one of them. Square boards turn (col, row) by quarter turns;
    /// hex boards, whose labels are axial coordinates, by sixth turns.
    fn turned(&self, cells: &[usize], angle: i32) -> Result<Vec<(u32, u32)>, usize> {
        let board = self.board();
        let hex = board.is_hex();
        let step = if hex { 60 } else { 90 };
        let at = |c: usize| {
            let info = board.cell(Cell::new(c));
            (info.col as i64, info.row as i64)
        };
        let by_coords: HashMap<(i64, i64), usize> = cells.iter().map(|&c| (at(c), c)).collect();
        // Coordinates times n about the centre (their sum), so that the
        // centre, a cell or a corner between cells, stays a whole number.
        let n = cells.len() as i64;
        let (sx, sy) = cells
            .iter()
            .fold((0, 0), |(x, y), &c| (x + at(c).0, y + at(c).1));
        let mut moves = Vec::with_capacity(cells.len());
        for &c in cells {
            let (mut x, mut y) = (n * at(c).0 - sx, n * at(c).1 - sy);
            for _ in 0..angle.rem_euclid(360) / step {
                (x, y) = if hex { (x + y, -x) } else { (-y, x) };
            }
            let (tx, ty) = (x + sx, y + sy);
            if tx % n != 0 || ty % n != 0 {
                return Err(c);
            }
            match by_coords.get(&(tx / n, ty / n)) {
                Some(&to) => moves.push((c as u32, to as u32)),
                None => return Err(c),
            }
        }
        Ok(moves)
    }
}
