//! Lines: `line(S, n)`, as precomputed masks on boards with few lines, by
//! whole-set shifts on other one-word boards, or by following runs of
//! cells.
//!
//! **Watched lines.** When S is a set that only changes where a piece is
//! put or taken (a player's pieces, a kind of piece, `empty`, `occupied`),
//! the state keeps, for each such `line(S, n)`, S as it was when a check
//! last found no line in it (at first, nothing). A line in S now must run
//! through a cell that S has gained since (a line of the cells S had then
//! would have been found), so only the runs through those cells are
//! followed, and a check that finds none keeps S as it is now. Cells S
//! lost do not matter: removals, conversions and moves by any player make
//! no line.

use crate::board::{Board, NO_CELL};
use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::eval::program::view_player;
use crate::engine::{EMPTY, Game, OCCUPIED};
use crate::ids::Cell;
use crate::rules::parts::{SetClass, Stored};
use crate::rules::*;

/// Beyond this many cells gained by S, a check looks at the whole set.
const MAX_GAINED: usize = 8;

/// Up to this many lines of a length on the board, testing each as a mask
/// costs less than watching them (tic-tac-toe's 8).
const FEW_LINES: usize = 32;

/// The tables that find lines of a length, built per game for the
/// lengths the rules ask about.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct LineTables {
    /// One direction of each opposite pair, with its opposite.
    pub dirs: Vec<(usize, usize)>,
    /// For line lengths the rules ask about, every line of the board as a
    /// set (W words each), when there are few enough to test one by one.
    pub masks: Vec<(u32, Vec<u64>)>,
    /// Each cell's runs of each line length, as sets (see [`Windows`]).
    pub windows: Vec<Windows>,
    /// On a one-word board where a step along each line direction is one
    /// shift of the word: each line length's steps (see
    /// [`crate::engine::tables::line_runs`]); else empty.
    pub runs: Vec<crate::engine::tables::line_runs::LineRuns>,
}

impl LineTables {
    /// The tables, the masks of a length kept only where they beat the
    /// runs:
    /// The line masks worth keeping beside shifts: a few lines' masks
    /// are quicker (tic-tac-toe's 8: its playouts took 1.027 times the CPU
    /// time with shifts); more are slower (Connect Four's 69: 1.32 times
    /// the CPU time of the shifts).
    pub(in crate::engine) fn new(
        dirs: Vec<(usize, usize)>,
        mut masks: Vec<(u32, Vec<u64>)>,
        windows: Vec<Windows>,
        runs: Vec<crate::engine::tables::line_runs::LineRuns>,
        words: usize,
    ) -> LineTables {
        if !runs.is_empty() {
            let most = FEW_LINES * words;
            masks.retain(|(_, m)| m.len() <= most);
        }
        LineTables {
            dirs,
            masks,
            windows,
            runs,
        }
    }
}

/// The watched lines of a game: (the stored set, n) for every `line(S, n)`
/// whose S is one of those sets, for every player when S is seen from one.
pub(in crate::engine) fn watched(g: &Game, queries: &[(SetExpr, u32)]) -> Vec<(u32, u32)> {
    let mut keys = Vec::new();
    for (s, n) in queries {
        let few = g
            .line_tables
            .masks
            .iter()
            .any(|(len, masks)| len == n && masks.len() <= FEW_LINES * g.words);
        // Few lines are masks; a one-word board's are shifts: neither is
        // watched.
        if few || !g.line_tables.runs.is_empty() {
            continue;
        }
        // Every stored set S is in some player's view.
        for me in 0..g.players {
            if let Some(slot) = line_slot(g, s, me)
                && !keys.contains(&(slot, *n))
            {
                keys.push((slot, *n));
            }
        }
    }
    keys
}

/// The stored set S is from player `me`'s view, if it is one that lines
/// are watched in (a set only pieces change).
fn line_slot(g: &Game, s: &SetExpr, me: usize) -> Option<u32> {
    match s.class() {
        SetClass::Stored(Stored::Empty) => Some(EMPTY as u32),
        SetClass::Stored(Stored::Occupied) => Some(OCCUPIED as u32),
        SetClass::Stored(Stored::Owned(w)) => {
            Some(g.owner_set(view_player(g, Player::new(me), w)) as u32)
        }
        SetClass::Stored(Stored::Piece(k)) => Some(g.piece_set(k.index()) as u32),
        SetClass::ByPlayer(v) => line_slot(g, &v[me], me),
        // Marks change without pieces; the rest are computed.
        SetClass::Stored(
            Stored::Mark(_) | Stored::Seeded | Stored::Stacked | Stored::Destinations,
        )
        | SetClass::Bound(_)
        | SetClass::Fixed(_)
        | SetClass::FixedPerPlayer(_)
        | SetClass::ActionCell(_)
        | SetClass::Computed => None,
    }
}

impl Ctx<'_> {
    /// `line(S, n)`.
    #[inline(always)]
    pub(in crate::engine) fn line(&mut self, s: &SetExpr, n: u32, tmp: &mut [u64]) -> bool {
        if !self.g.lowered.watched_lines.is_empty()
            && let Some(slot) = line_slot(self.g, s, self.me.index())
            && let Some(k) = self
                .g
                .lowered
                .watched_lines
                .iter()
                .position(|&key| key == (slot, n))
        {
            return self.watched_line(slot as usize, k, n);
        }
        let (t, rest) = tmp.split_at_mut(self.w());
        let set: &[u64] = match self.stored(s) {
            Some(stored) => stored,
            None => {
                self.set(s, t, rest);
                t
            }
        };
        self.g.has_line(set, n)
    }

    /// `line(S, n)` for watched line `k` of stored set `slot`: through the
    /// cells S gained since it was last seen without a line.
    #[inline(never)]
    fn watched_line(&mut self, slot: usize, k: usize, n: u32) -> bool {
        let w = self.w();
        let sets: &[u64] = self.sets;
        let set = &sets[slot * w..(slot + 1) * w];
        let seen = &mut self.line_seen[k * w..(k + 1) * w];
        let mut gained = 0;
        for j in 0..w {
            gained += (set[j] & !seen[j]).count_ones() as usize;
        }
        let found = match gained {
            0 => false,
            1..=MAX_GAINED => (0..w).any(|j| {
                let mut bits = set[j] & !seen[j];
                while bits != 0 {
                    let c = j * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.g.line_through(set, c, n) {
                        return true;
                    }
                }
                false
            }),
            _ => self.g.has_line(set, n),
        };
        if !found {
            cellset::copy(seen, set);
        }
        found
    }
}

impl Game {
    /// Whether `set` holds `n` cells in a row: each line as a mask when
    /// there are masks (few lines, or a board without shifts: see
    /// [`LineTables::new`]), else by shifts on a one-word board, else
    /// by following runs.
    #[inline(always)]
    fn has_line(&self, set: &[u64], n: u32) -> bool {
        if let Some((_, masks)) = self.line_tables.masks.iter().find(|(len, _)| *len == n) {
            return masks
                .chunks_exact(self.words)
                .any(|m| cellset::covers(set, m));
        }
        if let Some(runs) = self.line_tables.runs.iter().find(|r| r.n() == n) {
            return runs.any(set[0]);
        }
        has_line(&self.rules.board, &self.line_tables.dirs, set, n)
    }

    /// Whether cell `c` of `set` is on `n` cells of `set` in a row.
    pub(in crate::engine) fn line_through(&self, set: &[u64], c: usize, n: u32) -> bool {
        if let Some(win) = self.line_tables.windows.iter().find(|x| x.n == n) {
            return win.through(set, c, self.words);
        }
        let table = self.rules.board.neighbor_table();
        let nd = self.rules.board.ndirs();
        for &(d, back) in &self.line_tables.dirs {
            let mut len = 1;
            for dir in [d, back] {
                let mut at = c;
                while len < n {
                    let next = table[at * nd + dir];
                    if next == NO_CELL || !cellset::contains(set, next as usize) {
                        break;
                    }
                    len += 1;
                    at = next as usize;
                }
            }
            if len >= n {
                return true;
            }
        }
        false
    }
}

/// Most words of a board whose lines through a cell are tested as masks
/// ([`Windows`]); on larger boards a mask costs more than following runs.
const MAX_WINDOW_WORDS: usize = 2;

/// For one line length `n`, each cell's *windows*: the runs of `n` cells
/// along one axis that hold it, as sets, so that a line through a cell is
/// a few masks tested instead of runs followed (a cell of Connect Four has
/// at most 16, of one word each).
#[derive(Clone, Debug)]
pub(in crate::engine) struct Windows {
    n: u32,
    /// Cell `c`'s windows are `start[c]..start[c + 1]` (W words each).
    start: Vec<u32>,
    masks: Vec<u64>,
}

impl Windows {
    /// The windows of every length the rules ask about, on a board small
    /// enough and whose opposite directions lead back (so that a run
    /// followed both ways from a cell is a window that holds it).
    pub(in crate::engine) fn of(
        board: &Board,
        lengths: &[u32],
        dirs: &[(usize, usize)],
        words: usize,
    ) -> Vec<Windows> {
        let nd = board.ndirs();
        let table = board.neighbor_table();
        let symmetric = (0..board.len()).all(|c| {
            (0..nd).all(|d| {
                let n = table[c * nd + d];
                n == NO_CELL
                    || table[n as usize * nd + board.opposite(Dir::new(d)).index()] == c as u32
            })
        });
        if words > MAX_WINDOW_WORDS || !symmetric {
            return Vec::new();
        }
        lengths
            .iter()
            .filter(|&&n| n >= 2)
            .map(|&n| {
                let mut of_cell: Vec<Vec<Vec<u64>>> = vec![Vec::new(); board.len()];
                for first in 0..board.len() {
                    for &(d, _) in dirs {
                        let mut run = vec![first];
                        while run.len() < n as usize {
                            match table[run[run.len() - 1] * nd + d] {
                                NO_CELL => break,
                                next => run.push(next as usize),
                            }
                        }
                        if run.len() == n as usize {
                            let mut mask = vec![0u64; words];
                            run.iter().for_each(|&c| cellset::insert(&mut mask, c));
                            run.iter().for_each(|&c| of_cell[c].push(mask.clone()));
                        }
                    }
                }
                let mut start = vec![0u32];
                let mut masks = Vec::new();
                for windows in of_cell {
                    masks.extend(windows.into_iter().flatten());
                    start.push((masks.len() / words) as u32);
                }
                Windows { n, start, masks }
            })
            .collect()
    }

    /// Whether cell `c` of `set` is on `n` cells of `set` in a row.
    #[inline]
    fn through(&self, set: &[u64], c: usize, w: usize) -> bool {
        let (a, b) = (self.start[c] as usize, self.start[c + 1] as usize);
        self.masks[a * w..b * w]
            .chunks_exact(w)
            .any(|m| cellset::covers(set, m))
    }
}

/// Every line of each length the rules ask about (`line(S, n)`, the
/// `lengths`), as sets, when there are at most 256 words of them per length.
pub(in crate::engine) fn line_masks(
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
                    match board.neighbor(Cell::new(at), Dir::new(d)) {
                        Some(next) => {
                            at = next.index();
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
fn has_line(board: &crate::board::Board, dirs: &[(usize, usize)], set: &[u64], n: u32) -> bool {
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

#[cfg(test)]
mod tests {
    use super::has_line;
    use crate::engine::Game;
    use crate::engine::tables::line_runs::LineRuns;

    fn game(source: &str) -> Game {
        crate::engine::same_games::game(source, &[])
    }

    /// Plays the same pseudo-random games with watched lines and with every
    /// line checked in full, comparing the legal actions and the results.
    fn same_games_unwatched(g: &Game) {
        assert!(!g.lowered.watched_lines.is_empty(), "no watched line");
        let plain = crate::engine::same_games::without(g, crate::engine::Shortcut::WatchedLines);
        crate::engine::same_games::same_games(g, &plain, 40, 300, |_, _| {});
    }

    /// Lines made and broken by placements, removals, conversions, moves,
    /// jumps and changes of kind, asked from both players' views, of
    /// players, kinds, `empty` and `occupied`, in guards, targets and ends
    /// (on a board of several words: one word is tested by shifts).
    const MANY_LINES: &str =
        "game T board square(SIZE) with diagonals players x, o pieces stone, king
             define three = line(own, 3)
             turn: place stone at empty if not line(enemy, 3)
                 | convert enemy if three
                 | remove occupied if line(occupied, 4)
                 | step own to empty | jump own over enemy to empty then remove jumped
                 | place king at empty where line(king, 2) | pass
                 , (if line(opponent, 4): make own and stone into king)
             end if line(own, 5) and line(empty, 2): mover wins
             end if line(x, 5): o wins";

    #[test]
    fn watched_lines_answer_as_full_checks() {
        same_games_unwatched(&game(&MANY_LINES.replace("SIZE", "9")));
    }

    /// The same rules on one-word boards (square 5 and 8, and Connect
    /// Four's), lines found by shifts against lines followed cell by cell.
    #[test]
    fn lines_by_shifts_answer_as_runs_followed() {
        for size in ["5", "8", "7, 6"] {
            let g = game(&MANY_LINES.replace("SIZE", size));
            assert!(!g.line_tables.runs.is_empty(), "square({size}): no shifts");
            let plain = crate::engine::same_games::without(&g, crate::engine::Shortcut::LineRuns);
            crate::engine::same_games::same_games(&g, &plain, 40, 300, |_, _| {});
        }
    }

    /// Every length from 1 to 32 on boards of one word (one to five
    /// doubling steps per direction): lines found in dense pseudo-random
    /// sets by shifts as by runs followed.
    #[test]
    fn runs_of_every_length_by_shifts_answer_as_runs_followed() {
        let mut found = 0;
        for size in ["21, 3", "8", "9, 7"] {
            let g = game(&format!(
                "game T board square({size}) with diagonals players x, o pieces stone
                 turn: place stone at empty end if line(own, 4): mover wins"
            ));
            let shifts: Vec<_> = g
                .line_tables
                .dirs
                .iter()
                .map(|&(d, _)| g.shifts.one_word(d))
                .collect();
            let cells = g.rules.board.len();
            let all = if cells == 64 {
                u64::MAX
            } else {
                (1u64 << cells) - 1
            };
            let mut r = 7u64;
            for n in 1..=32 {
                let runs = LineRuns::of(&g.rules.board, &[n], &g.line_tables.dirs, &shifts);
                assert_eq!(runs.len(), 1, "square({size}), {n}");
                for _ in 0..300 {
                    let mut set = u64::MAX;
                    // Denser and denser sets: longer runs.
                    for _ in 0..1 + r % 3 {
                        r = crate::engine::mix(r.wrapping_add(1));
                        set &= !r;
                    }
                    let set = !set & all;
                    let by_runs = has_line(&g.rules.board, &g.line_tables.dirs, &[set], n);
                    assert_eq!(runs[0].any(set), by_runs, "square({size}), {n}, {set:#x}");
                    found += usize::from(by_runs && n > 8);
                }
            }
        }
        assert!(found > 100, "{found} long lines");
    }

    #[test]
    fn watched_lines_on_a_hex_board() {
        same_games_unwatched(&game(
            "game T board hexhex(3) players x, o pieces stone
             turn: place stone at empty | remove own if line(own, 2) | convert enemy
             end if line(own, 4): mover wins
             end if line(own, 3) and turn > 30: mover loses",
        ));
    }
}
