//! Fixed sets of the board, W words each: every cell, each cell's
//! neighbours, each ring's cells, and the bands of rows and columns from
//! which any box of rows and columns is two ANDs; with the queries that
//! read them alone (`neighbors`, `box`).

use crate::board::Board;
use crate::cellset;
use crate::ids::Cell;

/// The board's fixed sets (see the module).
#[derive(Clone, Debug)]
pub(in crate::engine) struct BoardSets {
    /// Every cell of the board.
    pub all: Vec<u64>,
    /// Each cell's neighbours, links included.
    pub neighbors: Vec<u64>,
    /// Each ring's cells (`rings`).
    pub rings: Vec<u64>,
    /// Each cell's row and column (negative ones as 0).
    row_col: Vec<[u16; 2]>,
    /// The cells of the rows below each row (`rows_below[r]`: rows `0..r`,
    /// for r up to the row count), and of the columns left of each column.
    rows_below: Vec<u64>,
    cols_below: Vec<u64>,
}

impl BoardSets {
    /// The sets of `board`, with the cells of each ring of `rings`.
    pub(in crate::engine) fn new(
        board: &Board,
        rings: &[crate::rules::Ring],
        words: usize,
    ) -> BoardSets {
        let cells = board.len();
        let mut all = vec![0u64; words];
        (0..cells).for_each(|c| cellset::insert(&mut all, c));
        let mut neighbors = vec![0u64; cells * words];
        for c in 0..cells {
            for &n in board.neighbors(Cell::new(c)) {
                cellset::insert(&mut neighbors[c * words..(c + 1) * words], n.index());
            }
        }
        let mut ring_sets = vec![0u64; rings.len() * words];
        for (i, r) in rings.iter().enumerate() {
            for &c in &r.cells {
                cellset::insert(&mut ring_sets[i * words..(i + 1) * words], c as usize);
            }
        }
        let row_col: Vec<[u16; 2]> = (0..cells)
            .map(|c| {
                let info = board.cell(Cell::new(c));
                [info.row.max(0) as u16, info.col.max(0) as u16]
            })
            .collect();
        let [rows_below, cols_below] = [0, 1].map(|k| {
            let n = row_col
                .iter()
                .map(|rc| rc[k] as usize + 1)
                .max()
                .unwrap_or(0);
            let mut below = vec![0u64; (n + 1) * words];
            for r in 1..=n {
                let (done, next) = below.split_at_mut(r * words);
                next[..words].copy_from_slice(&done[(r - 1) * words..]);
                for (c, rc) in row_col.iter().enumerate() {
                    if rc[k] as usize == r - 1 {
                        cellset::insert(&mut next[..words], c);
                    }
                }
            }
            below
        });
        BoardSets {
            all,
            neighbors,
            rings: ring_sets,
            row_col,
            rows_below,
            cols_below,
        }
    }

    /// `out` = the cells next to a cell of `set` (each cell's neighbours
    /// are a precomputed set: OR them); for the small sets of floods.
    /// The number of words is `out`'s length, so that a caller that knows
    /// it gets a copy for it inlined.
    #[inline(always)]
    pub(in crate::engine) fn neighbors_of(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        cellset::clear(out);
        for c in cellset::cells(&set[..w]) {
            let nb = &self.neighbors[c * w..(c + 1) * w];
            for (o, m) in out.iter_mut().zip(nb) {
                *o |= m;
            }
        }
    }

    /// `out` = the cells of the rows and columns that `set` spans (its
    /// bounding box; none for an empty set). Words as `neighbors_of`.
    #[inline(always)]
    pub(in crate::engine) fn box_of(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for c in cellset::cells(&set[..w]) {
            let [r, k] = self.row_col[c].map(usize::from);
            (r0, r1) = (r0.min(r), r1.max(r));
            (c0, c1) = (c0.min(k), c1.max(k));
        }
        if r0 > r1 {
            cellset::clear(out);
            return;
        }
        let rows = (
            &self.rows_below[r0 * w..][..w],
            &self.rows_below[(r1 + 1) * w..][..w],
        );
        let cols = (
            &self.cols_below[c0 * w..][..w],
            &self.cols_below[(c1 + 1) * w..][..w],
        );
        for (j, o) in out.iter_mut().enumerate() {
            *o = rows.1[j] & !rows.0[j] & cols.1[j] & !cols.0[j];
        }
    }
}
