//! Moves counted a direction at a time by whole-set shifts: one shift and
//! one AND per direction, and no branch that depends on the position,
//! where visiting the pieces asks of each whether it can move (an answer
//! the processor often guesses wrong). Used by [`Game::offered`] when a
//! choice's pieces outnumber its directions.

use super::slot::Part::{From, Over, To};
use crate::cellset;
use crate::engine::Game;
use crate::rules::*;

impl Game {
    /// Whether counting choice `c`'s moves a direction at a time on whole
    /// sets beats visiting its pieces: its directions are shifts, and the
    /// pieces outnumber them (a few kings are quicker visited).
    #[inline]
    pub(in crate::engine) fn shifts_pay(&self, c: u16, player: Player, from: &[u64]) -> bool {
        let dirs = self.moves.shifted_dirs[c as usize * self.players + player.index()] as usize;
        dirs > 0 && cellset::count(from) > 2 * dirs
    }

    /// How many steps choice `c` offers `player`, a direction at a time:
    /// the cells of `from` whose neighbour that way is in `to`.
    pub(in crate::engine) fn steps_by_shifts(&self, c: u16, player: Player, t: &[u64]) -> usize {
        let w = self.words;
        let (from, to) = (From.of(t, w), To.of(t, w));
        let (mask, _) = self.move_dirs(c, player);
        let mut next = [0u64; crate::engine::tables::move_dirs::SHIFT_WORDS];
        let next = &mut next[..w];
        let mut n = 0;
        for d in each_dir(mask) {
            match self.shifts.one_word(d) {
                Some(shift) => {
                    let next = crate::engine::tables::shifts::shift_word(to[0], shift);
                    n += (from[0] & next).count_ones() as usize;
                }
                None => {
                    self.shifts.before(d, to, next);
                    n += cellset::count_and(from, next);
                }
            }
        }
        n
    }

    /// Whether counting choice `c`'s jumps by whole-set shifts beats
    /// visiting its pieces: its directions are shifts, and the pieces
    /// outnumber them (a chain's one piece is quicker visited).
    #[inline]
    pub(in crate::engine) fn jump_shifts_pay(&self, c: u16, player: Player, from: &[u64]) -> bool {
        let dirs = self.moves.shifted_dirs[c as usize * self.players + player.index()] as usize;
        dirs > 0 && cellset::count(from) > dirs
    }

    /// How many jumps choice `c` offers `player`, a direction at a time:
    /// the cells of `from` whose neighbour that way is in `over` and whose
    /// next cell beyond is in `to`. No branch depends on the position
    /// (visiting the pieces, the processor guesses which have an enemy
    /// next to them).
    pub(in crate::engine) fn jumps_by_shifts(&self, c: u16, player: Player, t: &[u64]) -> usize {
        let w = self.words;
        let (from, over, to) = (From.of(t, w), Over.of(t, w), To.of(t, w));
        let (mask, _) = self.move_dirs(c, player);
        let mut landing = [0u64; crate::engine::tables::move_dirs::SHIFT_WORDS];
        let mut next = [0u64; crate::engine::tables::move_dirs::SHIFT_WORDS];
        let (landing, next) = (&mut landing[..w], &mut next[..w]);
        let mut n = 0;
        for d in each_dir(mask) {
            self.shifts.before(d, to, landing);
            for (l, o) in landing.iter_mut().zip(over) {
                *l &= o;
            }
            self.shifts.before(d, landing, next);
            n += cellset::count_and(from, next);
        }
        n
    }
}
