//! Ray tables: for each cell and direction of the board, the cells met
//! going straight that way, in order, to the board's edge (or a hole).
//! Slides, `ray` and `flanked` walk these lists; nothing is unrolled.

use crate::board::{Board, Dir, NO_CELL};
use crate::cellset;

/// The rays of every cell, one list per cell and direction.
#[derive(Clone, Debug)]
pub(in crate::engine) struct Rays {
    ndirs: usize,
    /// The ray of cell `c` in direction `d` is
    /// `cells[start[c * ndirs + d]..start[c * ndirs + d + 1]]`.
    start: Vec<u32>,
    cells: Vec<u16>,
}

impl Rays {
    pub fn new(board: &Board) -> Rays {
        let nd = board.ndirs();
        let table = board.neighbor_table();
        let mut start = Vec::with_capacity(board.len() * nd + 1);
        let mut cells = Vec::new();
        start.push(0);
        for c in 0..board.len() {
            for d in 0..nd {
                let mut x = table[c * nd + d];
                // Directions are straight lines, so a ray never comes back;
                // the bound only guards against a malformed table.
                for _ in 0..board.len() {
                    if x == NO_CELL {
                        break;
                    }
                    cells.push(x as u16);
                    x = table[x as usize * nd + d];
                }
                start.push(cells.len() as u32);
            }
        }
        Rays {
            ndirs: nd,
            start,
            cells,
        }
    }

    /// The cells from `c` (not included) along direction `d`, in order.
    #[inline(always)]
    pub fn ray(&self, c: usize, d: usize) -> &[u16] {
        let i = c * self.ndirs + d;
        &self.cells[self.start[i] as usize..self.start[i + 1] as usize]
    }

    pub fn ndirs(&self) -> usize {
        self.ndirs
    }
}

/// The whole line through each cell along each direction (both ways, the
/// cell included) as a set, so that `slide ... by line-count(S)` counts S
/// on it with one AND and popcount per word. The line of a cell along a
/// direction is the line along its opposite too, and every cell of a line
/// shares it: one mask per line, and per cell and direction its index.
/// Built only for games with such a slide.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct Lines {
    words: usize,
    ndirs: usize,
    /// The line of cell `c` along direction `d` is mask `of[c * ndirs + d]`.
    of: Vec<u32>,
    /// W words per line.
    masks: Vec<u64>,
}

impl Lines {
    pub fn new(board: &Board, rays: &Rays, words: usize) -> Lines {
        let nd = board.ndirs();
        let mut lines = Lines {
            words,
            ndirs: nd,
            of: vec![u32::MAX; board.len() * nd],
            masks: Vec::new(),
        };
        for d in 0..nd {
            let back = board.opposite(Dir::new(d));
            for c in 0..board.len() {
                // Made from the first cell that has none yet, for every
                // cell on it, along both directions.
                if lines.of[c * nd + d] != u32::MAX {
                    continue;
                }
                let line = (lines.masks.len() / words) as u32;
                lines.masks.resize(lines.masks.len() + words, 0);
                let mask = &mut lines.masks[line as usize * words..];
                let cells = rays.ray(c, d).iter().chain(rays.ray(c, back.index()));
                for x in std::iter::once(c).chain(cells.map(|&x| x as usize)) {
                    cellset::insert(mask, x);
                    for e in [d, back.index()] {
                        if lines.of[x * nd + e] == u32::MAX {
                            lines.of[x * nd + e] = line;
                        }
                    }
                }
            }
        }
        lines
    }

    /// How many cells of `s` lie on the line through `c` along `d`.
    #[inline(always)]
    pub fn count(&self, c: usize, d: usize, s: &[u64]) -> usize {
        let i = self.of[c * self.ndirs + d] as usize * self.words;
        cellset::count_and(&self.masks[i..i + self.words], s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSpec, Shape, build};
    use crate::ids::Cell;

    #[test]
    fn rays_run_to_the_edge_in_order() {
        let spec = BoardSpec::new(Shape::Square {
            w: 4,
            h: 3,
            diagonals: true,
        });
        let b = build(&spec).expect("a board");
        let rays = Rays::new(&b);
        let labels = |c: usize, d: &str| -> Vec<&str> {
            let d = b.dir_by_name(d).expect("a direction");
            rays.ray(c, d.index())
                .iter()
                .map(|&x| b.label(Cell::new(x as usize)))
                .collect()
        };
        let a1 = b.cell_by_label("a1").unwrap();
        assert_eq!(labels(a1.index(), "e"), ["b1", "c1", "d1"]);
        assert_eq!(labels(a1.index(), "ne"), ["b2", "c3"]);
        assert_eq!(labels(a1.index(), "s"), Vec::<&str>::new());
    }

    #[test]
    fn lines_run_both_ways_and_are_shared_by_their_cells() {
        let mut spec = BoardSpec::new(Shape::Square {
            w: 4,
            h: 3,
            diagonals: true,
        });
        spec.remove = vec!["c2".into()];
        let b = build(&spec).expect("a board");
        let rays = Rays::new(&b);
        let lines = Lines::new(&b, &rays, 1);
        let cell = |l: &str| b.cell_by_label(l).expect("a cell").index();
        let dir = |d: &str| b.dir_by_name(d).expect("a direction");
        let count = |c: &str, d: &str, cells: &[&str]| {
            let mut s = [0u64];
            cells.iter().for_each(|&l| cellset::insert(&mut s, cell(l)));
            lines.count(cell(c), dir(d).index(), &s)
        };
        let all = [
            "a1", "b1", "c1", "d1", "a2", "b2", "d2", "a3", "b3", "c3", "d3",
        ];
        // The bottom row, from any of its cells, either way.
        assert_eq!(count("b1", "e", &all), 4);
        assert_eq!(count("d1", "w", &all), 4);
        assert_eq!(count("c1", "e", &["a1", "d1", "a3"]), 2);
        // The hole on c2 cuts the middle row and the c column.
        assert_eq!(count("a2", "e", &all), 2);
        assert_eq!(count("d2", "w", &all), 1);
        assert_eq!(count("c1", "n", &all), 1);
        // A diagonal: a1 b2 c3, from its middle along both directions.
        assert_eq!(count("b2", "ne", &all), 3);
        assert_eq!(count("b2", "sw", &["a1", "c3", "d1"]), 2);
    }
}
