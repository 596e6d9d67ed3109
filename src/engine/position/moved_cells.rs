//! Several cells moved at once: a region turned (`rotate`) and a block
//! shifted (`shift`). The pieces are read first, into the state's spare
//! stack (no allocation), then put down, so that cells that are both left
//! and reached come out right.

use crate::board::NO_CELL;
use crate::engine::{Game, State};
use crate::rules::RegionTurn;

/// A cell's piece as one number on the spare stack, or `EMPTY_CELL`.
const EMPTY_CELL: u32 = u32::MAX;

fn encode(piece: Option<(usize, usize)>) -> u32 {
    match piece {
        Some((kind, owner)) => (kind as u32) << 16 | owner as u32,
        None => EMPTY_CELL,
    }
}

fn decode(code: u32) -> Option<(usize, usize)> {
    (code != EMPTY_CELL).then_some(((code >> 16) as usize, (code & 0xffff) as usize))
}

impl Game {
    /// Turns a region: every piece goes to its cell's image, at once.
    pub(in crate::engine) fn turn_region(&self, st: &mut State, turn: &RegionTurn) {
        let mut pieces = std::mem::take(&mut st.work.stack);
        pieces.clear();
        pieces.extend(
            turn.cells
                .iter()
                .map(|&(from, _)| encode(self.code_at(st, from as usize))),
        );
        for (&(_, to), &code) in turn.cells.iter().zip(&pieces) {
            self.put(st, to as usize, decode(code));
        }
        st.work.stack = pieces;
    }

    /// Moves the block of `from` onto the block of `to`: each cell of the
    /// second takes what the cell in the same direction from `from` held
    /// (a piece, or nothing); what would land off the board is lost.
    pub(in crate::engine) fn shift_block(&self, st: &mut State, from: usize, to: usize) {
        let mut pieces = std::mem::take(&mut st.work.stack);
        pieces.clear();
        for &x in self.blocks.block(from) {
            if x == NO_CELL {
                pieces.push(EMPTY_CELL);
                continue;
            }
            pieces.push(encode(self.code_at(st, x as usize)));
            // Lifted, not taken: no hand gains it.
            self.put(st, x as usize, None);
        }
        for (&x, &code) in self.blocks.block(to).iter().zip(&pieces) {
            if x == NO_CELL {
                continue;
            }
            // What the block covers there is taken.
            self.capture_to_hand(st, x as usize);
            self.put(st, x as usize, decode(code));
        }
        st.work.stack = pieces;
        st.origin = from as u32;
        st.here = to as u32;
    }
}
