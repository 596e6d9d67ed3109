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
        // In a game with stacks, each stack turns whole: the heights
        // follow the codes.
        let n = pieces.len();
        if self.stacked {
            for &(from, _) in &turn.cells {
                pieces.push(self.height_of(&st.sets, from as usize) as u32);
            }
        }
        for (k, (&(_, to), &code)) in turn.cells.iter().zip(&pieces[..n]).enumerate() {
            self.put(st, to as usize, decode(code));
            if self.stacked && code != EMPTY_CELL {
                self.set_height(st, to as usize, u64::from(pieces[n + k]));
            }
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
                if self.stacked {
                    pieces.push(0);
                }
                continue;
            }
            pieces.push(encode(self.code_at(st, x as usize)));
            // In a game with stacks, each stack moves whole.
            if self.stacked {
                pieces.push(self.height_of(&st.sets, x as usize) as u32);
            }
            // Lifted, not taken: no hand gains it.
            self.put(st, x as usize, None);
        }
        let each = 1 + self.stacked as usize;
        for (&x, moved) in self.blocks.block(to).iter().zip(pieces.chunks(each)) {
            if x == NO_CELL {
                continue;
            }
            // What the block covers there is taken (a whole stack).
            if self.stacked {
                self.capture_stack(st, x as usize);
            } else {
                self.capture_to_hand(st, x as usize);
            }
            self.put(st, x as usize, decode(moved[0]));
            if self.stacked && moved[0] != EMPTY_CELL {
                self.set_height(st, x as usize, u64::from(moved[1]));
            }
        }
        st.work.stack = pieces;
        st.origin = from as u32;
        st.here = to as u32;
    }
}
