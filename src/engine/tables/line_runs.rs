//! Lines by whole-word steps on a board of one word: for each line length
//! the rules ask about, the rotations and masks that find the cells
//! starting a run of that length along each line direction.
//!
//! Runs double: the cells starting a run of `2m` are those starting a run
//! of `m` whose `m`-th cell on also starts one, so a run of 4 is two steps
//! instead of three. A step by `m` rotates the word by `m` times the
//! direction's difference of cell numbers and keeps only the cells whose
//! `m`-th neighbour on lies there (the mask), which also drops the bits a
//! rotation brings round from the other end.

use crate::board::{Board, NO_CELL};

/// Most steps along one direction: a run of up to 32 cells (1, 2, 4, 8
/// and 16); a game asking for a longer line on a board of one word has no
/// runs (its lines are followed cell by cell).
const MAX_STEPS: usize = 5;

/// The steps for one line length.
#[derive(Clone, Debug)]
pub(in crate::engine) struct LineRuns {
    n: u32,
    /// Steps per direction.
    per_dir: usize,
    /// Direction after direction, `per_dir` steps each: a right rotation
    /// and the cells it applies to.
    steps: Vec<(u32, u64)>,
}

impl LineRuns {
    /// The runs of every length of `lengths`, along `dirs` (one of each
    /// opposite pair), given each direction's one-word shift (`None` for a
    /// direction that is not one shift: then no runs at all).
    pub(in crate::engine) fn of(
        board: &Board,
        lengths: &[u32],
        dirs: &[(usize, usize)],
        shifts: &[Option<(i32, u64)>],
    ) -> Vec<LineRuns> {
        if board.len() > 64
            || shifts.iter().any(Option::is_none)
            || lengths.iter().any(|&n| doubling(n).len() > MAX_STEPS)
        {
            return Vec::new();
        }
        let nd = board.ndirs();
        let table = board.neighbor_table();
        lengths
            .iter()
            .map(|&n| {
                let lens = doubling(n);
                let mut steps = Vec::with_capacity(lens.len() * dirs.len());
                for (&(d, _), shift) in dirs.iter().zip(shifts) {
                    let (k, _) = shift.expect("checked above");
                    for &m in &lens {
                        // The cells with an `m`-th neighbour on along `d`.
                        let mut mask = 0u64;
                        for c in 0..board.len() {
                            let mut at = c as u32;
                            for _ in 0..m {
                                if at != NO_CELL {
                                    at = table[at as usize * nd + d];
                                }
                            }
                            if at != NO_CELL {
                                mask |= 1 << c;
                            }
                        }
                        let rotation = (k * m as i32).rem_euclid(64) as u32;
                        steps.push((rotation, mask));
                    }
                }
                LineRuns {
                    n,
                    per_dir: lens.len(),
                    steps,
                }
            })
            .collect()
    }

    pub(in crate::engine) fn n(&self) -> u32 {
        self.n
    }

    /// Whether `set` holds `n` cells in a row.
    #[inline(always)]
    pub(in crate::engine) fn any(&self, set: u64) -> bool {
        // The steps per direction as a constant: no division to split
        // them, the inner loop unrolled.
        match self.per_dir {
            0 => set != 0,
            1 => self.any_by::<1>(set),
            2 => self.any_by::<2>(set),
            3 => self.any_by::<3>(set),
            4 => self.any_by::<4>(set),
            _ => self.any_by::<MAX_STEPS>(set),
        }
    }

    #[inline(always)]
    fn any_by<const K: usize>(&self, set: u64) -> bool {
        let mut any = 0;
        for dir in self.steps.chunks_exact(K) {
            let mut starts = set;
            for &(rotation, mask) in dir {
                starts &= starts.rotate_right(rotation) & mask;
            }
            any |= starts;
        }
        any != 0
    }
}

/// The step lengths that take a run of 1 to a run of `n`: doubling while
/// it fits, then the rest (shorter than the run so far).
fn doubling(n: u32) -> Vec<u32> {
    let mut lens = Vec::new();
    let mut len = 1;
    while len * 2 <= n {
        lens.push(len);
        len *= 2;
    }
    if len < n {
        lens.push(n - len);
    }
    lens
}

#[cfg(test)]
mod tests {
    use super::doubling;

    #[test]
    fn doubling_reaches_each_length() {
        assert_eq!(doubling(1), Vec::<u32>::new());
        assert_eq!(doubling(4), vec![1, 2]);
        assert_eq!(doubling(5), vec![1, 2, 1]);
        assert_eq!(doubling(7), vec![1, 2, 3]);
        for n in 1..40 {
            assert_eq!(1 + doubling(n).iter().sum::<u32>(), n);
        }
        assert_eq!(doubling(32).len(), super::MAX_STEPS);
        assert_eq!(doubling(33).len(), super::MAX_STEPS + 1);
    }
}
