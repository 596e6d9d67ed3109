//! Whole-set steps along a direction: the cells whose neighbour in direction
//! `d` lies in a set, a word at a time. On a grid most cells reach their
//! neighbour in one direction by the same difference of cell numbers, so
//! the answer is a few shifted copies of the set's words, each masked to
//! the cells that use that difference.

use crate::board::{Board, NO_CELL};
use crate::cellset;

/// Most differences one direction is split into; a direction needing more
/// (an irregular board) is answered cell by cell.
const MAX_PARTS: usize = 24;

#[derive(Clone, Debug)]
pub(in crate::engine) struct Shifts {
    words: usize,
    ndirs: usize,
    /// Per direction, its range in `parts`, or `None` for cell by cell.
    ranges: Vec<Option<(u32, u32)>>,
    /// A difference of cell numbers (neighbour minus cell) and the offset
    /// in `masks` of the cells that reach their neighbour by it (W words).
    parts: Vec<(i32, u32)>,
    masks: Vec<u64>,
    /// `cell * ndirs + dir` -> neighbour, for the cell-by-cell directions.
    table: Vec<u32>,
    /// On a board of one word, per direction of one difference: that
    /// difference and its mask, for a shift without a loop (Reversi's
    /// `flanked` runs it a few times per direction and cell).
    one_word: Vec<Option<(i32, u64)>>,
}

impl Shifts {
    pub(in crate::engine) fn new(board: &Board, words: usize) -> Shifts {
        let nd = board.ndirs();
        let table = board.neighbor_table().to_vec();
        let mut s = Shifts {
            words,
            ndirs: nd,
            ranges: Vec::with_capacity(nd),
            parts: Vec::new(),
            masks: Vec::new(),
            table,
            one_word: Vec::with_capacity(nd),
        };
        for d in 0..nd {
            let mut diffs: Vec<(i32, Vec<u64>)> = Vec::new();
            for c in 0..board.len() {
                let n = s.table[c * nd + d];
                if n == NO_CELL {
                    continue;
                }
                let k = n as i32 - c as i32;
                let at = match diffs.iter().position(|(x, _)| *x == k) {
                    Some(i) => i,
                    None => {
                        diffs.push((k, vec![0; words]));
                        diffs.len() - 1
                    }
                };
                cellset::insert(&mut diffs[at].1, c);
            }
            if diffs.len() > MAX_PARTS {
                s.ranges.push(None);
                continue;
            }
            let first = s.parts.len() as u32;
            for (k, mask) in diffs {
                s.parts.push((k, s.masks.len() as u32));
                s.masks.extend(mask);
            }
            s.ranges.push(Some((first, s.parts.len() as u32)));
        }
        s.one_word = (0..nd)
            .map(|d| match s.ranges[d] {
                Some((a, b)) if words == 1 && b == a + 1 => {
                    let (k, m) = s.parts[a as usize];
                    Some((k, s.masks[m as usize]))
                }
                _ => None,
            })
            .collect();
        s
    }

    /// Whether every direction of `mask` is a few shifted words (not
    /// answered cell by cell).
    pub(in crate::engine) fn covers(&self, mask: crate::rules::DirMask) -> bool {
        crate::rules::each_dir(mask).all(|d| self.ranges.get(d).is_some_and(Option::is_some))
    }

    /// The same answers, every direction cell by cell: the plain path,
    /// with the shortcut `set-shifts` off.
    pub(in crate::engine) fn cell_by_cell(mut self) -> Shifts {
        self.ranges.iter_mut().for_each(|r| *r = None);
        self.one_word.iter_mut().for_each(|r| *r = None);
        self
    }

    /// On a board of one word, direction `d` as one shift (by a difference
    /// of cell numbers) and the mask of the cells it applies to.
    #[inline(always)]
    pub(in crate::engine) fn one_word(&self, d: usize) -> Option<(i32, u64)> {
        self.one_word[d]
    }

    /// `out` = the cells whose neighbour in direction `d` is in `x`.
    #[inline]
    pub(in crate::engine) fn before(&self, d: usize, x: &[u64], out: &mut [u64]) {
        if let Some((k, mask)) = self.one_word[d] {
            out[0] = shift_word(x[0], (k, mask));
            return;
        }
        let w = self.words;
        cellset::clear(out);
        let Some((a, b)) = self.ranges[d] else {
            for (c, n) in self.table.iter().skip(d).step_by(self.ndirs).enumerate() {
                if *n != NO_CELL && cellset::contains(x, *n as usize) {
                    cellset::insert(out, c);
                }
            }
            return;
        };
        for &(k, m) in &self.parts[a as usize..b as usize] {
            let mask = &self.masks[m as usize..m as usize + w];
            for j in 0..w {
                out[j] |= shifted(x, j as isize * 64 + k as isize) & mask[j];
            }
        }
    }
}

/// One word shifted as [`Shifts::one_word`] gives it: by the difference
/// `k`, then masked.
#[inline(always)]
pub(in crate::engine) fn shift_word(x: u64, (k, mask): (i32, u64)) -> u64 {
    (if k >= 0 { x >> k } else { x << -k }) & mask
}

/// The 64 bits of `x` from bit `s` on (bits outside `x` are 0).
#[inline(always)]
fn shifted(x: &[u64], s: isize) -> u64 {
    let word = |i: isize| match usize::try_from(i) {
        Ok(i) if i < x.len() => x[i],
        _ => 0,
    };
    let (q, r) = (s.div_euclid(64), s.rem_euclid(64) as u32);
    match r {
        0 => word(q),
        _ => (word(q) >> r) | (word(q + 1) << (64 - r)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dir;
    use crate::board::{BoardSpec, Shape, build};
    use crate::ids::Cell;

    /// Every board shape: the shifted answer is the cell-by-cell one.
    #[test]
    fn shifted_sets_match_the_neighbour_table() {
        let shapes = [
            Shape::Square {
                w: 7,
                h: 6,
                diagonals: true,
            },
            Shape::Square {
                w: 19,
                h: 19,
                diagonals: true,
            },
            Shape::HexHex { n: 5 },
            Shape::HexHex { n: 9 },
            Shape::Rhombus { w: 11, h: 11 },
            Shape::Hexagon {
                sides: [4, 3, 4, 3, 4, 3],
            },
            Shape::Star { n: 5 },
            Shape::Star { n: 2 },
        ];
        for shape in shapes {
            let board = build(&BoardSpec::new(shape.clone())).expect("a board");
            let n = board.len();
            let w = n.div_ceil(64);
            let shifts = Shifts::new(&board, w);
            let mut seed = 0x1234_5678_9abc_def0u64;
            for _ in 0..20 {
                let mut x = vec![0u64; w];
                for c in 0..n {
                    seed = crate::engine::mix(seed);
                    if seed.is_multiple_of(3) {
                        cellset::insert(&mut x, c);
                    }
                }
                for d in 0..board.ndirs() {
                    let mut out = vec![0u64; w];
                    shifts.before(d, &x, &mut out);
                    let want: Vec<usize> = (0..n)
                        .filter(|&c| {
                            board
                                .neighbor(Cell::new(c), Dir::new(d))
                                .is_some_and(|m| cellset::contains(&x, m.index()))
                        })
                        .collect();
                    let got: Vec<usize> = cellset::cells(&out).collect();
                    assert_eq!(got, want, "{shape:?} direction {d}");
                }
            }
        }
    }

    /// The one-word shortcut: every direction of a square board of at most
    /// 64 cells; not on two words, nor where a direction takes several
    /// differences (hex rows of different lengths, a hole).
    #[test]
    fn one_word_shifts_on_small_square_boards_only() {
        let shifts = |spec: BoardSpec| {
            let board = build(&spec).expect("a board");
            let w = board.len().div_ceil(64);
            (Shifts::new(&board, w), board.ndirs())
        };
        let square = |n| Shape::Square {
            w: n,
            h: n,
            diagonals: true,
        };
        let all = |(s, nd): (Shifts, usize)| (0..nd).all(|d| s.one_word(d).is_some());
        assert!(all(shifts(BoardSpec::new(square(8)))));
        assert!(!all(shifts(BoardSpec::new(square(9)))));
        assert!(!all(shifts(BoardSpec::new(Shape::HexHex { n: 4 }))));
        let mut holed = BoardSpec::new(square(4));
        holed.remove = vec!["b2".into()];
        assert!(!all(shifts(holed)));
    }
}
