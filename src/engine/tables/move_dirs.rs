//! The directions each move choice takes, precomputed per board: for every
//! distinct set of directions the moves use, each cell's neighbours along
//! them as a set, so that offering and counting a player's moves costs one
//! AND per word and cell, and no allocation.

use crate::board::{Board, NO_CELL};
use crate::cellset;
use crate::engine::Game;
use crate::engine::shortcuts::{Shortcut, Shortcuts};
use crate::ids::Cell;
use crate::rules::*;

/// Boards of at most this many words (256 cells) may count moves by
/// whole-set shifts, in buffers of this size on the stack.
pub(in crate::engine) const SHIFT_WORDS: usize = 4;

/// The move tables of a game.
#[derive(Clone, Debug)]
pub(in crate::engine) struct MoveDirs {
    /// Per table, each cell's neighbours along its directions (W words per
    /// cell, `cells * W` words per table). Table 0 has every direction.
    pub tables: Vec<u64>,
    /// Per choice and player (`choice * players + player`): the directions
    /// and the index of their table.
    pub of_choice: Vec<(DirMask, u32)>,
    /// No cell reaches one neighbour in two directions, so moves from a
    /// cell are counted by one AND per word of its neighbour set.
    pub distinct: bool,
    /// On a board of one word, with `distinct`: steps are counted and
    /// found as words (see `movegen::word_steps`).
    pub word_steps: bool,
    /// Per entry of `of_choice`: its directions, when every one of them is
    /// a whole-set shift on a board of at most `SHIFT_WORDS` words (set by
    /// [`MoveDirs::shifted`]); else 0.
    pub shifted_dirs: Vec<u32>,
}

impl MoveDirs {
    pub fn of(rules: &Rules, words: usize, on: Shortcuts) -> MoveDirs {
        let board = &rules.board;
        let players = rules.players.len();
        let all = all_dirs(board.ndirs());
        // (directions, with the links that have none); table 0 has every
        // direction.
        let mut masks = vec![(all, false)];
        let mut of_choice = Vec::with_capacity(rules.choices.len() * players);
        for c in &rules.choices {
            let links = matches!(c.kind, ChoiceKind::Step { links: true, .. });
            // A leap's directions are its table's (see `leaps`).
            let dirs = c.kind.move_dirs();
            for p in 0..players {
                let m = dirs.map_or(all, |d| d.mask(Player::new(p)) & all);
                let k = match masks.iter().position(|&x| x == (m, links)) {
                    Some(k) => k,
                    None => {
                        masks.push((m, links));
                        masks.len() - 1
                    }
                };
                of_choice.push((m, k as u32));
            }
        }
        let mut tables = Vec::with_capacity(masks.len() * board.len() * words);
        let mut distinct = true;
        for &(m, links) in &masks {
            distinct &= table(board, m, links, words, &mut tables);
        }
        // Switched off, counting walks the moves as if some cell reached
        // a neighbour two ways.
        let distinct = distinct && on.has(Shortcut::MoveCounts);
        MoveDirs {
            tables,
            of_choice,
            distinct,
            word_steps: distinct && words == 1 && on.has(Shortcut::WordSteps),
            shifted_dirs: Vec::new(),
        }
    }

    /// Notes the choices whose moves can be counted by whole-set shifts.
    pub fn shifted(
        mut self,
        shifts: &crate::engine::tables::shifts::Shifts,
        words: usize,
        on: Shortcuts,
    ) -> MoveDirs {
        let by_shifts = on.has(Shortcut::MovesByShifts) && words <= SHIFT_WORDS;
        self.shifted_dirs = (self.of_choice.iter())
            .map(|&(m, _)| match by_shifts && shifts.covers(m) {
                true => each_dir(m).count() as u32,
                false => 0,
            })
            .collect();
        self
    }
}

/// Appends each cell's neighbours along the directions of `mask` (and,
/// with `links`, through the links without a direction); whether every
/// cell reaches each of them in one way only.
fn table(board: &Board, mask: DirMask, links: bool, words: usize, out: &mut Vec<u64>) -> bool {
    let nd = board.ndirs();
    let nb = board.neighbor_table();
    let mut distinct = true;
    for c in 0..board.len() {
        let start = out.len();
        out.resize(start + words, 0);
        let set = &mut out[start..];
        for d in each_dir(mask) {
            let n = nb[c * nd + d];
            if n != NO_CELL {
                distinct &= !cellset::contains(set, n as usize);
                cellset::insert(set, n as usize);
            }
        }
        if links {
            for &n in board.undirected_links(Cell::new(c)) {
                distinct &= !cellset::contains(set, n.index());
                cellset::insert(set, n.index());
            }
        }
    }
    distinct
}

impl Game {
    /// The directions of move choice `c` for `player`, and each cell's
    /// neighbours along them (W words per cell).
    #[inline]
    pub(in crate::engine) fn move_dirs(&self, c: u16, player: Player) -> (DirMask, &[u64]) {
        let (mask, k) = self.moves.of_choice[c as usize * self.players + player.index()];
        let n = self.rules.board.len() * self.words;
        let k = k as usize;
        (mask, &self.moves.tables[k * n..(k + 1) * n])
    }
}
