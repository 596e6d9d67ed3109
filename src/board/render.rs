//! Generic text rendering of a board with coordinates on its edges.

use super::{Board, Cell, Layout, column_letters};

impl Board {
    /// Draws the board, one character per cell given by `cell_text`, with
    /// row numbers at both ends of each row and column letters above and
    /// below (on hex boards, where each column's down-right diagonal enters
    /// and leaves the board). Positions come from the generated shape, so
    /// removed cells show as blanks. Every line ends with `'\n'`; no
    /// trailing spaces.
    pub fn render(&self, cell_text: &dyn Fn(Cell) -> char) -> String {
        self.render_wide(&|c| cell_text(c).to_string(), 1)
    }

    /// As [`Board::render`], with `wide` characters per cell (a count of
    /// counters), right-aligned under the column letters; the columns
    /// spread out to leave a blank between cells.
    pub fn render_wide(&self, cell_text: &dyn Fn(Cell) -> String, wide: usize) -> String {
        let f = &self.frame;
        let pad = wide.max(1) as i64 - 1;
        let nlines = f.rows.len();
        let ymin = f.ymin as i64;
        let ymax = ymin + nlines as i64 - 1;
        // Characters per half-cell unit: wide enough for the longest column name.
        let s = (column_letters(f.cmax.max(0) as usize).len() as i64).max((pad + 3) / 2);
        let maxnum = f.rows.iter().flatten().map(|r| r.2).max().unwrap_or(1);
        let width = maxnum.to_string().len().max(2);
        let gap = match self.layout {
            Layout::Square => 1,
            Layout::Hex { .. } => 2,
        };

        // (line, text column before shifting, text); line 0 is the top header.
        let mut items: Vec<(usize, i64, String)> = Vec::with_capacity(self.len() + 4 * nlines);
        for c in self.cells() {
            let info = self.cell(c);
            let line = (info.y as i64 - ymin) as usize + 1;
            let text = format!("{:>w$}", cell_text(c), w = pad as usize + 1);
            items.push((line, info.x as i64 * s - pad, text));
        }
        // Hexagonal shapes label each row by its first and last cells, since
        // their columns start on several sides; the others by row numbers
        // at both ends and column letters above and below.
        let row_labels = matches!(
            self.shape,
            super::Shape::HexHex { .. } | super::Shape::Hexagon { .. } | super::Shape::Star { .. }
        );
        if row_labels {
            let lwidth = self.cells().map(|c| self.label(c).len()).max().unwrap_or(2) as i64;
            let mut ends: Vec<Option<(Cell, Cell)>> = vec![None; nlines];
            for c in self.cells() {
                let line = (self.cell(c).y as i64 - ymin) as usize;
                let e = ends[line].get_or_insert((c, c));
                if self.cell(c).x < self.cell(e.0).x {
                    e.0 = c;
                }
                if self.cell(c).x > self.cell(e.1).x {
                    e.1 = c;
                }
            }
            for (i, e) in ends.iter().enumerate() {
                if let Some((first, last)) = *e {
                    let (fx, lx) = (self.cell(first).x as i64 * s, self.cell(last).x as i64 * s);
                    let left = self.label(first);
                    items.push((
                        i + 1,
                        fx - pad - gap - lwidth,
                        format!("{left:>w$}", w = lwidth as usize),
                    ));
                    items.push((i + 1, lx + 1 + gap, self.label(last).to_string()));
                }
            }
        } else {
            for (i, r) in f.rows.iter().enumerate() {
                if let Some((first, last, num)) = *r {
                    let (first, last) = (first as i64 * s, last as i64 * s);
                    items.push((
                        i + 1,
                        first - pad - gap - width as i64,
                        format!("{num:>width$}"),
                    ));
                    items.push((i + 1, last + 1 + gap, num.to_string()));
                }
            }
        }
        for col in f.cmin..=f.cmax {
            if row_labels {
                break;
            }
            let letters = column_letters(col.max(0) as usize);
            let (top, bottom) = match self.layout {
                Layout::Square => (2 * col as i64, 2 * col as i64),
                Layout::Hex { xoff } => {
                    // x = 2q + r - xoff on the virtual rows above and below.
                    let x = 2 * col as i64 - xoff as i64;
                    (x + ymin - 1, x + ymax + 1)
                }
            };
            items.push((0, top * s, letters.clone()));
            items.push((nlines + 1, bottom * s, letters));
        }

        let shift = items.iter().map(|i| i.1).min().unwrap_or(0);
        let mut lines: Vec<Vec<char>> = vec![Vec::new(); nlines + 2];
        for (line, col, text) in items {
            let buf = &mut lines[line];
            for (at, ch) in ((col - shift) as usize..).zip(text.chars()) {
                if buf.len() <= at {
                    buf.resize(at + 1, ' ');
                }
                buf[at] = ch;
            }
        }
        let mut out = String::new();
        let last = lines.len() - 1;
        for (i, l) in lines.into_iter().enumerate() {
            let l: String = l.into_iter().collect();
            // Without letter lines, the blank first and last lines go.
            if row_labels && (i == 0 || i == last) {
                continue;
            }
            out.push_str(l.trim_end());
            out.push('\n');
        }
        out
    }
}
