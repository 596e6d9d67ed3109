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

#[cfg(test)]
mod tests {
    use crate::engine::Action;
    use crate::engine::same_games::{game, same_games};

    /// Along random games of one-word games with steps, the actions drawn
    /// by number (`nth_offered`, 0 to the count) are the actions listed,
    /// choice by choice, in the same order.
    #[test]
    fn steps_drawn_by_number_are_the_steps_listed() {
        let mut checked = 0;
        for name in [
            "fox-and-hounds",
            "breakthrough",
            "gardner-chess",
            "draughts",
        ] {
            let src = std::fs::read_to_string(format!("games/{name}.gdl")).expect("reads");
            let g = game(&src, &[]);
            assert_eq!(g.words, 1, "{name}");
            let mut listed: Vec<Action> = Vec::new();
            same_games(&g, &g, 5, 200, |s, _| {
                g.legal_actions(s, &mut listed);
                let Some(crate::rules::Step::Choose { choices, .. }) = g.current_step(s) else {
                    return;
                };
                if s.is_over() {
                    return;
                }
                for (i, (c, _, _)) in choices.iter().enumerate() {
                    let of_choice: Vec<Action> = listed
                        .iter()
                        .filter(|a| a.choice == *c && !a.is_pie())
                        .copied()
                        .collect();
                    let t = g.slot(s, i);
                    let drawn: Vec<Action> = (0..s.counts[i] as usize)
                        .map(|k| g.nth_offered(*c, s.mover, t, k))
                        .collect();
                    assert_eq!(drawn, of_choice, "{name}: choice {c}");
                    checked += drawn.len();
                }
            });
        }
        assert!(checked > 10_000, "{checked} actions checked");
    }
}
