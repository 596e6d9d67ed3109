//! Ray tables: for each cell and direction of the board, the cells met
//! going straight that way, in order, to the board's edge (or a hole).
//! Slides, `ray` and `flanked` walk these lists; nothing is unrolled.

use super::action::Cell16;
use crate::board::{Board, NO_CELL};

/// The rays of every cell, one list per cell and direction.
#[derive(Clone, Debug)]
pub(super) struct Rays {
    ndirs: usize,
    /// The ray of cell `c` in direction `d` is
    /// `cells[start[c * ndirs + d]..start[c * ndirs + d + 1]]`.
    start: Vec<u32>,
    cells: Vec<Cell16>,
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
                    cells.push(x as Cell16);
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
    pub fn ray(&self, c: usize, d: usize) -> &[Cell16] {
        let i = c * self.ndirs + d;
        &self.cells[self.start[i] as usize..self.start[i + 1] as usize]
    }

    pub fn ndirs(&self) -> usize {
        self.ndirs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSpec, Shape, build};

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
            rays.ray(c, d)
                .iter()
                .map(|&x| b.label(x as usize))
                .collect()
        };
        let a1 = b.cell_by_label("a1").unwrap();
        assert_eq!(labels(a1, "e"), ["b1", "c1", "d1"]);
        assert_eq!(labels(a1, "ne"), ["b2", "c3"]);
        assert_eq!(labels(a1, "s"), Vec::<&str>::new());
    }
}
