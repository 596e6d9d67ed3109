//! Stage 3, run: positions, legal actions, playing them, and the result.
//!
//! A [`Game`] is the compiled rules plus the tables the hot loop needs
//! (Zobrist keys, anchor masks). A [`State`] is one position, including
//! where the current turn stands. [`Game::play`] checks an action against the
//! legal ones; [`Game::play_unchecked`] trusts it. After every action the
//! state is *settled*: automatic steps run until the next player decision,
//! whose offered cells are cached in the state, so listing or sampling the
//! legal actions costs no rule evaluation.

use crate::cellset;
use crate::groups::Groups;
use crate::rules::*;

mod action;
mod cell_tests;
mod conds;
mod dirs;
mod eval;
mod facts;
mod floods;
mod leaps;
mod lift;
mod lines;
mod memo;
mod movegen;
mod moves;
mod play;
mod probe;
mod program;
mod rays;
mod raysets;
mod registers;
#[cfg(test)]
mod same_games;
mod scratch;
mod shift_counts;
mod shifts;
mod state;
mod whole_sets;

pub use action::{Action, ActionKind};
pub use probe::Entry;
pub use scratch::SCRATCH_SETS;
pub use state::{State, mix};

use facts::Facts;
use lines::line_masks;

/// Fixed sets that get an anchor bit in the group tracker (bits of a `u64`).
const MAX_ANCHORS: usize = u64::BITS as usize;

/// No cell: for actions that are not tied to one (pass, swap).
pub const NO_CELL: u32 = u32::MAX;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(PlayerId),
    Draw,
}

/// Why [`Game::play`] refused an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver,
    Illegal,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::Illegal => write!(f, "not a legal action here"),
        }
    }
}

// Layout of the bitsets in `State::sets`, in units of one set (W words).
const EMPTY: usize = 0;
const OCCUPIED: usize = 1;

/// The compiled rules and the fixed tables derived from them.
#[derive(Clone, Debug)]
pub struct Game {
    /// Shared and never changed: the engine finds its programs by the
    /// addresses of the rules' expressions (see [`program`]).
    pub rules: std::sync::Arc<Rules>,
    words: usize,
    players: usize,
    pieces: usize,
    /// Zobrist keys: `cell * codes + code` for pieces, then marks.
    piece_keys: Vec<u64>,
    mark_keys: Vec<u64>,
    /// Fixed sets used as anchors by `connected`, and each cell's anchor bits.
    anchor_sets: Vec<u32>,
    cell_anchors: Vec<u64>,
    /// Largest number of choices in one step.
    max_choices: usize,
    /// Whether any rule asks about the groups of a player's pieces; if not,
    /// the union-find is not maintained at all.
    track_groups: bool,
    /// Whether some rule asks `connected(...)` of a player's pieces.
    track_connections: bool,
    /// Exactly one kind of piece belongs to players (the others neutral).
    single_owned_kind: bool,
    /// The hash includes the last action's cells (see [`Facts::last_cells`]).
    hash_last_cells: bool,
    /// One direction of each opposite pair, with its opposite, for lines.
    line_dirs: Vec<(usize, usize)>,
    /// For line lengths the rules ask about, every line of the board as a
    /// set (W words each), when there are few enough to test one by one.
    line_masks: Vec<(u32, Vec<u64>)>,
    /// Each cell's runs of each line length, as sets (see [`lines::Windows`]).
    line_windows: Vec<lines::Windows>,
    /// The watched lines: (stored set, n) (see [`lines`]).
    line_keys: Vec<(u32, u32)>,
    /// On a one-word board where a step along each line direction is one
    /// shift of the word: that shift for each (see [`lines`]); else empty.
    line_shifts: Vec<(i32, u64)>,
    /// Each cell's row and column (negative ones as 0), and the cells of
    /// the rows below each row (`rows_below[r]`: rows `0..r`, for r up to
    /// the row count) and of the columns left of each column, W words each:
    /// any band of rows or columns is two of these.
    row_col: Vec<[u16; 2]>,
    rows_below: Vec<u64>,
    cols_below: Vec<u64>,
    /// Each cell's neighbours as a set (W words per cell).
    neighbor_masks: Vec<u64>,
    /// Each cell's neighbours along the directions of each move choice
    /// (links left out): a cell none of whose are in a step's or a jump's
    /// next set offers no move.
    moves: dirs::MoveDirs,
    /// Scratch bitsets: those of the deepest expression, then one per
    /// shared set.
    scratch_sets: usize,
    /// `where` sets shared by several choices of a step (see [`memo`]).
    shared_sets: Vec<SetExpr>,
    /// Whole-set steps along each direction (see [`lift`]).
    shifts: shifts::Shifts,
    /// Each cell's rays, for slides, `ray` and `flanked`.
    rays: rays::Rays,
    /// Each cell's whole lines, for `slide ... by line-count(S)` (empty in
    /// games without one).
    lines: rays::Lines,
    /// Sets cached per choice of a step (see `Game::slot`): from, path
    /// and to; and the counted set of a `line-count` slide, if any.
    slot_sets: usize,
    /// The targets of the leap patterns the rules use.
    leaps: leaps::Leaps,
    /// Every cell of the board (W words).
    all_cells: Vec<u64>,
    /// Set expressions lowered into flat programs (see [`program`]).
    programs: program::Programs,
    /// `where` conditions lowered for testing one cell (see [`cell_tests`]).
    cell_tests: cell_tests::CellTests,
}

impl Game {
    pub fn new(rules: Rules) -> Game {
        let cells = rules.board.len();
        let words = cells.div_ceil(64);
        let players = rules.players.len();
        let pieces = rules.pieces.len().max(1);
        // Owners: each player, then "nobody" for neutral pieces.
        let codes = (players + 1) * pieces;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            mix(seed)
        };
        let piece_keys = (0..cells * codes).map(|_| next()).collect();
        let mark_keys = (0..cells * rules.marks.len()).map(|_| next()).collect();

        let facts = Facts::of(&rules);
        // Only a cache: a `connected` side without an anchor bit is answered
        // by a flood instead (`Ctx::anchor_bit` returns None), so the sets
        // past the bits of a mask are simply not anchored.
        let mut anchor_sets = facts.anchors.clone();
        anchor_sets.truncate(MAX_ANCHORS);
        let mut cell_anchors = vec![0u64; cells];
        for (bit, &set) in anchor_sets.iter().enumerate() {
            for c in rules.fixed_sets[set as usize].iter() {
                cell_anchors[c] |= 1 << bit;
            }
        }
        let max_choices = rules
            .turns
            .iter()
            .flat_map(|t| &t.steps)
            .map(|s| match s {
                Step::Choose { choices, .. } => choices.len(),
                Step::Effect(_) | Step::End(..) => 0,
            })
            .max()
            .unwrap_or(0)
            .max(1);
        let track_groups = facts.player_groups;
        let track_connections = facts.connections;
        let board = &rules.board;
        let line_dirs: Vec<(usize, usize)> = (0..board.ndirs())
            .filter(|&d| board.opposite(d) > d)
            .map(|d| (d, board.opposite(d)))
            .collect();
        let single_owned_kind = rules.neutral.iter().filter(|n| !**n).count() <= 1;
        let row_col: Vec<[u16; 2]> = (0..cells)
            .map(|c| {
                let info = rules.board.cell(c);
                [info.row.max(0) as u16, info.col.max(0) as u16]
            })
            .collect();
        let [rows_below, cols_below] = [0, 1].map(|k| {
            let n = row_col
                .iter()
                .map(|rc| rc[k] as usize + 1)
                .max()
                .unwrap_or(0);
            let mut below = vec![0u64; (n + 1) * words];
            for r in 1..=n {
                let (done, next) = below.split_at_mut(r * words);
                next[..words].copy_from_slice(&done[(r - 1) * words..]);
                for (c, rc) in row_col.iter().enumerate() {
                    if rc[k] as usize == r - 1 {
                        cellset::insert(&mut next[..words], c);
                    }
                }
            }
            below
        });
        let hash_last_cells = facts.last_cells;
        let mut neighbor_masks = vec![0u64; cells * words];
        for c in 0..cells {
            for &n in rules.board.neighbors(c) {
                cellset::insert(&mut neighbor_masks[c * words..(c + 1) * words], n as usize);
            }
        }
        let shared_sets = memo::shared_sets(&rules);
        let shifts = shifts::Shifts::new(&rules.board, words);
        let moves = dirs::MoveDirs::of(&rules, words).shifted(&shifts, words);
        let line_masks = line_masks(&rules, &facts.line_lengths, &line_dirs, words);
        let line_windows = lines::Windows::of(board, &facts.line_lengths, &line_dirs, words);
        let line_shifts = match words {
            1 => line_dirs
                .iter()
                .map(|&(d, _)| shifts.one_word(d))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let rays = rays::Rays::new(board);
        let counts_lines = rules.choices.iter().any(|c| {
            matches!(
                c.kind,
                ChoiceKind::Slide {
                    by: Some(Distance::LineCount(_)),
                    ..
                }
            )
        });
        let lines = if counts_lines {
            rays::Lines::new(board, &rays, words)
        } else {
            rays::Lines::default()
        };
        let leaps = leaps::Leaps::new(&rules, words);
        let mut game = Game {
            rays,
            lines,
            slot_sets: if counts_lines { 4 } else { 3 },
            leaps,
            line_masks,
            line_windows,
            line_keys: Vec::new(),
            line_shifts,
            neighbor_masks,
            moves,
            hash_last_cells,
            row_col,
            rows_below,
            cols_below,
            single_owned_kind,
            line_dirs,
            track_connections,
            track_groups,
            words,
            players,
            pieces,
            piece_keys,
            mark_keys,
            anchor_sets,
            cell_anchors,
            max_choices,
            scratch_sets: SCRATCH_SETS + shared_sets.len(),
            shared_sets,
            shifts,
            all_cells: {
                let mut all = vec![0u64; words];
                (0..cells).for_each(|c| cellset::insert(&mut all, c));
                all
            },
            programs: program::Programs::default(),
            cell_tests: cell_tests::CellTests::default(),
            rules: std::sync::Arc::new(rules),
        };
        game.line_masks_kept();
        game.line_keys = lines::watched(&game, &facts.line_queries);
        game.programs = program::Programs::of(&game);
        game.cell_tests = cell_tests::CellTests::of(&game);
        game
    }

    pub fn board(&self) -> &crate::board::Board {
        &self.rules.board
    }

    fn owner_set(&self, p: usize) -> usize {
        2 + p
    }

    /// The set of cells holding neutral pieces.
    fn neutral_set(&self) -> usize {
        2 + self.players
    }

    fn piece_set(&self, k: usize) -> usize {
        3 + self.players + k
    }

    fn mark_set(&self, m: usize) -> usize {
        3 + self.players + self.pieces + m
    }

    fn sets_len(&self) -> usize {
        3 + self.players + self.pieces + self.rules.marks.len()
    }

    /// The owner slot of a piece placed by `mover`: the mover, or nobody.
    fn owner_for(&self, piece: usize, mover: usize) -> usize {
        if self.rules.neutral.get(piece).copied().unwrap_or(false) {
            self.players
        } else {
            mover
        }
    }

    /// The position before the first action: the pieces of `setup` on the
    /// board, placed as effects place them (sets, hash and groups agree).
    pub fn start(&self) -> State {
        let cells = self.rules.board.len();
        let w = self.words;
        let mut sets = vec![0u64; self.sets_len() * w];
        for c in 0..cells {
            cellset::insert(&mut sets[EMPTY * w..(EMPTY + 1) * w], c);
        }
        let mut st = State {
            cells: vec![0; cells],
            sets,
            board_hash: 0,
            groups: Groups::new(cells, self.players),
            scratch: vec![0; self.scratch_sets * w],
            regs: vec![0; self.programs.regs * w],
            targets: vec![0; self.max_choices * self.slot_sets * w],
            counts: vec![0; self.max_choices],
            stack: Vec::with_capacity(cells),
            mover: 0,
            seats: std::array::from_fn(|i| i as u8),
            turn: 1,
            turn_def: 0,
            step: 0,
            done: 0,
            acted: 0,
            ply: 0,
            here: NO_CELL,
            pie_offered: false,
            changes: 0,
            // Numbers start at 0; names at "none yet" (-1).
            vars: std::array::from_fn(|i| match self.rules.variables.get(i) {
                Some(v) if !v.symbols.is_empty() => -1.0,
                _ => 0.0,
            }),
            reserve: self.rules.reserve.clone(),
            passes: 0,
            origin: NO_CELL,
            jumped: NO_CELL,
            hash_last_cells: self.hash_last_cells,
            set_vars: vec![0; self.rules.set_slots.max(1) * w],
            // Nothing checked yet: as if no cell were seen.
            line_seen: vec![0; self.line_keys.len() * w],
            result: None,
        };
        for p in &self.rules.setup {
            let owner = p.owner.map_or(self.players, |o| o as usize);
            self.put(&mut st, p.cell as usize, Some((p.piece as usize, owner)));
        }
        st.changes = 0;
        st.turn_def = self.select_turn(&mut st);
        self.settle(&mut st);
        st
    }

    /// The seat (0 = first) that controls `player` now.
    pub fn seat_of(&self, st: &State, player: PlayerId) -> usize {
        st.seats[player as usize] as usize
    }

    pub fn current_step<'a>(&'a self, st: &State) -> Option<&'a Step> {
        self.rules.turns[st.turn_def as usize]
            .steps
            .get(st.step as usize)
    }

    /// The piece on a cell as (kind, owner).
    pub fn piece_at(&self, st: &State, cell: usize) -> Option<(usize, usize)> {
        match st.cells[cell] {
            0 => None,
            code => {
                let code = code as usize - 1;
                Some((code / (self.players + 1), code % (self.players + 1)))
            }
        }
    }

    /// `out` = the cells next to a cell of `set` (each cell's neighbours
    /// are a precomputed set: OR them). The number of words is `out`'s
    /// length, so that a caller that knows it gets a copy for it inlined.
    #[inline(always)]
    pub(super) fn neighbors_of(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        cellset::clear(out);
        for c in cellset::cells(&set[..w]) {
            let nb = &self.neighbor_masks[c * w..(c + 1) * w];
            for (o, m) in out.iter_mut().zip(nb) {
                *o |= m;
            }
        }
    }

    /// `out` = the cells of the rows and columns that `set` spans (its
    /// bounding box; none for an empty set). Words as `neighbors_of`.
    #[inline(always)]
    pub(super) fn box_of(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for c in cellset::cells(&set[..w]) {
            let [r, k] = self.row_col[c].map(usize::from);
            (r0, r1) = (r0.min(r), r1.max(r));
            (c0, c1) = (c0.min(k), c1.max(k));
        }
        if r0 > r1 {
            cellset::clear(out);
            return;
        }
        let rows = (
            &self.rows_below[r0 * w..][..w],
            &self.rows_below[(r1 + 1) * w..][..w],
        );
        let cols = (
            &self.cols_below[c0 * w..][..w],
            &self.cols_below[(c1 + 1) * w..][..w],
        );
        for (j, o) in out.iter_mut().enumerate() {
            *o = rows.1[j] & !rows.0[j] & cols.1[j] & !cols.0[j];
        }
    }

    /// Whether a cell carries a mark.
    pub fn has_mark(&self, st: &State, cell: usize, m: usize) -> bool {
        let w = self.words;
        let s = self.mark_set(m);
        cellset::contains(&st.sets[s * w..(s + 1) * w], cell)
    }
}
