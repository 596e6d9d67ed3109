//! Blocks, for `shift`: each cell with its neighbour in every direction of
//! the board (on a square board with diagonals, the 3x3 square around it),
//! and the cells a block newly covers when its centre steps onto a cell in
//! a direction. Built only for a game with a `shift`.

use crate::board::{Board, Dir, NO_CELL};

#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct Blocks {
    /// Cells per block: the centre, then one per direction.
    size: usize,
    /// `cells[c * size..][..size]`: `c`, then its neighbour in each
    /// direction (`NO_CELL` off the board).
    cells: Vec<u32>,
    /// The front of cell `c` reached in direction `d` is
    /// `front[start[c * ndirs + d]..start[c * ndirs + d + 1]]`.
    start: Vec<u32>,
    front: Vec<u16>,
}

impl Blocks {
    pub fn new(board: &Board) -> Blocks {
        let nd = board.ndirs();
        let table = board.neighbor_table();
        let size = nd + 1;
        let mut cells = Vec::with_capacity(board.len() * size);
        for c in 0..board.len() {
            cells.push(c as u32);
            cells.extend_from_slice(&table[c * nd..(c + 1) * nd]);
        }
        let mut blocks = Blocks {
            size,
            cells,
            start: Vec::with_capacity(board.len() * nd + 1),
            front: Vec::new(),
        };
        blocks.start.push(0);
        for c in 0..board.len() {
            for d in 0..nd {
                // The cell the centre came from: its block was covered already.
                let back = table[c * nd + board.opposite(Dir::new(d)).index()];
                let before: &[u32] = if back == NO_CELL {
                    &[]
                } else {
                    blocks.block(back as usize)
                };
                let new: Vec<u16> = blocks
                    .block(c)
                    .iter()
                    .filter(|&&x| x != NO_CELL && !before.contains(&x))
                    .map(|&x| x as u16)
                    .collect();
                blocks.front.extend(new);
                blocks.start.push(blocks.front.len() as u32);
            }
        }
        blocks
    }

    /// The block of `c`: `c`, then its neighbour in each direction
    /// (`NO_CELL` where there is none).
    #[inline(always)]
    pub fn block(&self, c: usize) -> &[u32] {
        &self.cells[c * self.size..(c + 1) * self.size]
    }

    /// The cells of `c`'s block that the block of the cell before it in
    /// direction `d` does not cover: what a block moving along `d` newly
    /// covers when its centre reaches `c`.
    #[inline(always)]
    pub fn front(&self, c: usize, d: usize) -> &[u16] {
        let i = c * (self.size - 1) + d;
        &self.front[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Blocks;
    use crate::board::{BoardSpec, NO_CELL, Shape, build};
    use crate::ids::Cell;

    #[test]
    fn a_square_block_is_nine_cells_and_its_front_three_or_five() {
        let shape = Shape::Square {
            w: 5,
            h: 5,
            diagonals: true,
        };
        let board = build(&BoardSpec::new(shape)).expect("a board");
        let b = Blocks::new(&board);
        let centre = board.cell_by_label("c3").expect("c3").index();
        assert_eq!(b.block(centre).len(), 9);
        let n = board.dir_by_name("n").expect("n").index();
        let ne = board.dir_by_name("ne").expect("ne").index();
        let label = |x: &u16| board.label(Cell::new(*x as usize)).to_string();
        let mut front: Vec<String> = b.front(centre, n).iter().map(label).collect();
        front.sort();
        assert_eq!(front, ["b4", "c4", "d4"]);
        let mut front: Vec<String> = b.front(centre, ne).iter().map(label).collect();
        front.sort();
        assert_eq!(front, ["b4", "c4", "d2", "d3", "d4"]);
        // A corner's block lacks five cells.
        let corner = board.cell_by_label("a1").expect("a1").index();
        let on_board = b.block(corner).iter().filter(|&&x| x != NO_CELL).count();
        assert_eq!(on_board, 4);
    }

    #[test]
    fn a_hex_block_is_seven_cells_and_its_front_three() {
        let board = build(&BoardSpec::new(Shape::HexHex { n: 4 })).expect("a board");
        let b = Blocks::new(&board);
        let mut interior = 0;
        for c in 0..board.len() {
            if b.block(c).iter().all(|&x| x != NO_CELL) {
                interior += 1;
                for d in 0..board.ndirs() {
                    // Reached from a cell whose block is whole too.
                    let back = b.block(c)[1 + board.opposite(crate::board::Dir::new(d)).index()];
                    if b.block(back as usize).iter().all(|&x| x != NO_CELL) {
                        assert_eq!(b.front(c, d).len(), 3, "cell {c}, direction {d}");
                    }
                }
            }
        }
        assert_eq!(interior, 19, "the cells of hexhex(3) inside hexhex(4)");
    }
}
