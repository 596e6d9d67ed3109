//! Lines: `line(S, n)`, as precomputed masks on boards with few lines, or
//! by following runs of cells.

use crate::cellset;
use crate::rules::*;

/// Every line of each length the rules ask about (`line(S, n)`, the
/// `lengths`), as sets, when there are at most 256 words of them per length.
pub(super) fn line_masks(
    rules: &Rules,
    lengths: &[u32],
    dirs: &[(usize, usize)],
    words: usize,
) -> Vec<(u32, Vec<u64>)> {
    let board = &rules.board;
    let mut out = Vec::new();
    for &n in lengths {
        let mut masks = Vec::new();
        'cells: for start in 0..board.len() {
            for &(d, _) in dirs {
                let mut mask = vec![0u64; words];
                let mut at = start;
                cellset::insert(&mut mask, at);
                let mut ok = true;
                for _ in 1..n {
                    match board.neighbor(at, d) {
                        Some(next) => {
                            at = next;
                            cellset::insert(&mut mask, at);
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    masks.extend(mask);
                    if masks.len() > 256 {
                        break 'cells;
                    }
                }
            }
        }
        if masks.len() <= 256 {
            out.push((n, masks));
        }
    }
    out
}

/// Whether `set` holds `n` cells in a row along one of `dirs` (one of each
/// pair of opposite directions: a line runs both ways).
pub(super) fn has_line(
    board: &crate::board::Board,
    dirs: &[(usize, usize)],
    set: &[u64],
    n: u32,
) -> bool {
    // Fewer cells than the line needs: no line (the common case early on).
    if cellset::count(set) < n as usize {
        return false;
    }
    let table = board.neighbor_table();
    let nd = board.ndirs();
    let next = |c: usize, d: usize| table[c * nd + d];
    for c in cellset::cells(set) {
        for &(d, back) in dirs {
            // Count only from the start of a run.
            let p = next(c, back);
            if p != crate::board::NO_CELL && cellset::contains(set, p as usize) {
                continue;
            }
            let (mut len, mut at) = (1, c);
            loop {
                if len >= n {
                    return true;
                }
                let nx = next(at, d);
                if nx == crate::board::NO_CELL || !cellset::contains(set, nx as usize) {
                    break;
                }
                len += 1;
                at = nx as usize;
            }
        }
    }
    false
}
