//! Steps on a board of one word: a `step` choice's moves counted and the
//! k-th found with its sets as plain words (no slices of W words, no cell
//! iterator), in [`Game::each_move`]'s order: by cell, then by direction.
//! Only where each cell reaches each neighbour in one way (`distinct`) and
//! the step takes no undirected links.

use crate::engine::{Action, Game, NO_CELL};
use crate::rules::*;

impl Game {
    /// How many steps choice `c` offers `player` from the cells of `from`
    /// to those of `to`.
    #[inline]
    pub(in crate::engine) fn word_steps(
        &self,
        c: u16,
        player: Player,
        from: u64,
        to: u64,
    ) -> usize {
        let (_, near) = self.move_dirs(c, player);
        let (mut cells, mut n) = (from, 0);
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            n += (near[cell] & to).count_ones() as usize;
        }
        n
    }

    /// The `k`-th of those steps (`k < word_steps`).
    #[inline]
    pub(in crate::engine) fn nth_word_step(
        &self,
        c: u16,
        player: Player,
        from: u64,
        to: u64,
        k: usize,
    ) -> Action {
        let (mask, near) = self.move_dirs(c, player);
        let (mut cells, mut k) = (from, k);
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let n = (near[cell] & to).count_ones() as usize;
            if k >= n {
                k -= n;
                continue;
            }
            let board = &self.rules.board;
            let (table, nd) = (board.neighbor_table(), board.ndirs());
            for d in each_dir(mask) {
                let next = table[cell * nd + d];
                if next != NO_CELL && to >> next & 1 == 1 {
                    if k == 0 {
                        return Action::moving(c, cell, false, d, next as usize);
                    }
                    k -= 1;
                }
            }
        }
        unreachable!("k < the steps offered")
    }
}
