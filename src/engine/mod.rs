//! Prepare and play: a `Game` built once from the rules (`prepare`),
//! then positions, legal actions, playing them, and the result.
//!
//! A [`Game`] is the frozen rules plus what prepare built from them once
//! (Zobrist keys, anchor masks, board tables, set programs). Inside, the
//! code is grouped by what it does: `position` (the state, actions,
//! playing one), `movegen` (settling, offering, listing and sampling
//! actions), `eval` (sets, conditions and numbers over a position, and
//! their lowered programs), `tables` (per-board tables) and `prepare`.
//! A [`State`] is one position, including
//! where the current turn stands. [`Game::play`] checks an action against the
//! legal ones; [`Game::play_unchecked`] trusts it. After every action the
//! state is *settled*: automatic steps run until the next player decision,
//! whose offered cells are cached in the state, so listing or sampling the
//! legal actions costs no rule evaluation.

use crate::cellset;
use crate::groups::Groups;
use crate::ids::Cell;
use crate::rules::*;

mod eval;
mod movegen;
mod position;
mod prepare;
#[cfg(test)]
mod same_games;
mod shortcuts;
mod tables;

pub(crate) use movegen::EntriesOf;
pub(crate) use movegen::Refusal;
pub(crate) use movegen::slot::Part;
pub(crate) use movegen::turn_ends::TurnEnds;
pub use movegen::{TurnTooLong, note_turn_too_long, take_turn_too_long};
pub use position::action::{Action, ActionKind};
pub use position::scratch::SCRATCH_SETS;
pub use position::state::{State, mix};
pub use shortcuts::{Shortcut, Shortcuts};

/// Fixed sets that get an anchor bit in the group tracker (bits of a `u64`).
const MAX_ANCHORS: usize = u64::BITS as usize;

pub use crate::ids::NO_CELL;
use crate::ids::{Kind, Piece};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// Why [`Game::play`] refused an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has already ended.
    GameOver,
    /// The action is not among the legal actions of the position.
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

impl std::error::Error for PlayError {}

// Layout of the bitsets in `State::sets`, in units of one set (W words).
const EMPTY: usize = 0;
const OCCUPIED: usize = 1;

/// The compiled rules and the fixed tables derived from them.
#[derive(Clone, Debug)]
pub struct Game {
    /// Shared and never changed: the engine finds its programs by the
    /// addresses of the rules' expressions (see `eval::program`).
    pub rules: std::sync::Arc<Rules>,
    /// The shortcuts prepared (see [`Shortcuts`]).
    shortcuts: Shortcuts,
    pub(crate) words: usize,
    players: usize,
    /// What the position's hash is made of (see [`position::state::HashKeys`]).
    keys: position::state::HashKeys,
    /// The tables that find lines (see [`eval::lines::LineTables`]).
    line_tables: eval::lines::LineTables,
    /// What each choice's `keep if` and moves allow the engine to skip
    /// (see [`prepare::facts::ChoiceFacts`]).
    choice_facts: prepare::facts::ChoiceFacts,
    pieces: usize,
    /// The game has counters (`counters seed`): the state keeps a count
    /// per cell, the set of cells holding some, and `last-sown`.
    counted: bool,
    /// Where the counts start in `State::sets`, in words, past the bitsets
    /// (see [`Game::tally_of`]).
    tally_at: usize,
    /// The game has stacks (`stacks`): the state keeps a height per cell
    /// and the set of cells holding two pieces or more.
    stacked: bool,
    /// The marks `on pieces` (bit `m` for mark `m`; `Rules::piece_marks`),
    /// kept here so that a move asks without following the rules' `Arc`.
    piece_marks: u64,
    /// The view reads `destinations`: the state keeps a set for it, empty
    /// in play, filled on the copy a view is worked out on.
    destinations: bool,
    /// Where the heights start in `State::sets`, in words, past the
    /// counters' words (see [`Game::height_of`]).
    height_at: usize,
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
    /// The board's fixed sets: every cell, neighbours, rings, bands of
    /// rows and columns (see [`tables::board_sets`]).
    board_sets: tables::board_sets::BoardSets,
    /// Sets of more cells than this find their neighbours by shifting
    /// along each direction (`usize::MAX`: never; the board's neighbours
    /// must be its directions', both ways, each direction a few shifted
    /// words). A cell costs about `words + 3` operations, a shift about
    /// `8 * words` per direction.
    neighbors_shift_from: usize,
    /// Each cell's neighbours along the directions of each move choice
    /// (links left out): a cell none of whose are in a step's or a jump's
    /// next set offers no move.
    moves: tables::move_dirs::MoveDirs,
    /// Each piece code's kind and owner (`code = kind * (players + 1) +
    /// owner`, the owner `players` for neutral pieces).
    code_pieces: Vec<(u8, u8)>,
    /// `(n, r)`: every turn after turn `n` is played by turn rule `r` (the
    /// rules before `r`, the first `turn:`, are numbered turns up to `n`).
    late_turn: Option<(u32, u16)>,
    /// A `turn 0:` rule: a game starts with that turn, before the first
    /// player's turn 1 (a setup chance makes), and the mover stays.
    turn_zero: bool,
    /// Per choice, how its actions are counted and listed (its shape).
    offers: Vec<movegen::Offer>,
    /// Whether a rule asks about earlier positions (`repetitions`,
    /// `seen-before`): the state keeps each turn's start.
    track_history: bool,
    /// The game has a `try` item (a copy of `!Rules::tries.is_empty()`,
    /// read once a ply without following the rules' `Arc`).
    has_tries: bool,
    /// The last turn whose number the rules can tell from another's: the
    /// highest `turn N:`, or `u32::MAX` when a rule reads `turn` (see
    /// [`Game::play_key`]).
    turn_told_until: u32,
    /// Scratch bitsets: those of the deepest expression, then one per
    /// shared set.
    scratch_sets: usize,
    /// `where` sets shared by several choices of a step (see [`movegen::shared_sets`]).
    shared_sets: Vec<SetExpr>,
    /// Each occurrence of a shared set among the targets: its address and
    /// which it is (see [`movegen::shared_sets::shared_addresses`]).
    shared_at: Vec<(usize, u8)>,
    /// Whole-set steps along each direction (see [`eval::lift`]).
    shifts: tables::shifts::Shifts,
    /// Each cell's rays, for slides, `ray` and `flanked`.
    rays: tables::rays::Rays,
    /// Each cell's whole lines, for `slide ... by line-count(S)` (empty in
    /// games without one).
    lines: tables::rays::Lines,
    /// Each cell's block and fronts, for `shift` (empty in games without
    /// one).
    blocks: tables::blocks::Blocks,
    /// Sets cached per choice of a step (see `Game::slot`): from, path
    /// and to; and the counted set of a `line-count` slide, the occupied
    /// cells of a hop, or the cells a shift moves toward, if any.
    pub(crate) slot_sets: usize,
    /// The targets of the leap patterns the rules use.
    leaps: tables::leaps::Leaps,
    /// The tables lowered from the plain game: programs, step code, word
    /// offers, cell tests, watched lines (see [`prepare::lowered`]).
    lowered: prepare::lowered::Lowered,
}

impl Game {
    /// The board the game is played on.
    pub fn board(&self) -> &crate::board::Board {
        &self.rules.board
    }

    /// The shortcuts the game was prepared with.
    pub fn shortcuts(&self) -> Shortcuts {
        self.shortcuts
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

    /// The cells holding counters (in a game with counters).
    fn seeded_set(&self) -> usize {
        3 + self.players + self.pieces + self.rules.marks.len()
    }

    /// The cells whose stack holds two pieces or more (in a game with
    /// stacks).
    fn stacked_set(&self) -> usize {
        3 + self.players + self.pieces + self.rules.marks.len() + self.counted as usize
    }

    /// The cells the view's player's actions would end on (in a game
    /// whose view reads `destinations`).
    fn destinations_set(&self) -> usize {
        self.stacked_set() + self.stacked as usize
    }

    fn sets_len(&self) -> usize {
        3 + self.players
            + self.pieces
            + self.rules.marks.len()
            + self.counted as usize
            + self.stacked as usize
            + self.destinations as usize
    }

    /// Words past the bitsets in `State::sets`, in a game with counters:
    /// one count per cell, then `last-sown`, then the counters' additive
    /// hash. Kept there so that copying a position and reading it from an
    /// evaluation context cost games without counters nothing.
    fn counter_words(&self) -> usize {
        match self.counted {
            true => self.rules.board.len() + 2,
            false => 0,
        }
    }

    /// Words past the counters' in `State::sets`, in a game with stacks:
    /// one height per cell.
    fn height_words(&self) -> usize {
        match self.stacked {
            true => self.rules.board.len(),
            false => 0,
        }
    }

    /// The pieces on `cell`, from a state's `sets`: its stack's height in
    /// a game with stacks, else 1 or 0.
    #[inline(always)]
    pub(in crate::engine) fn height_of(&self, sets: &[u64], cell: usize) -> u64 {
        match self.stacked {
            true => sets[self.height_at + cell],
            false => cellset::contains(&sets[OCCUPIED * self.words..][..self.words], cell) as u64,
        }
    }

    /// The pieces on a cell: its stack's height in a game with stacks,
    /// else 1 or 0.
    pub fn height(&self, st: &State, cell: Cell) -> u64 {
        self.height_of(&st.sets, cell.index())
    }

    /// Whether the game has stacks (`stacks`).
    pub fn has_stacks(&self) -> bool {
        self.stacked
    }

    /// The counters on `cell`, from a state's `sets`.
    #[inline(always)]
    pub(in crate::engine) fn tally_of(&self, sets: &[u64], cell: usize) -> u64 {
        sets[self.tally_at + cell]
    }

    /// `last-sown` (or `NO_CELL`), from a state's `sets`.
    #[inline(always)]
    pub(in crate::engine) fn last_sown_of(&self, sets: &[u64]) -> u32 {
        sets[self.tally_at + self.rules.board.len()] as u32
    }

    /// The counters on a cell (0 in a game without counters).
    pub fn tally(&self, st: &State, cell: Cell) -> u64 {
        match self.counted {
            true => self.tally_of(&st.sets, cell.index()),
            false => 0,
        }
    }

    /// The counters in a player's hand (0 in a game without counters).
    pub fn counters_in_hand(&self, st: &State, player: Player) -> u64 {
        match self.counted {
            true => {
                st.reserve[self.rules.players.len() * self.rules.pieces.len() + player.index()]
                    as u64
            }
            false => 0,
        }
    }

    /// The owner slot of a piece placed by `mover`: the mover, or nobody.
    fn owner_for(&self, piece: usize, mover: usize) -> usize {
        if self.rules.neutral.get(piece).copied().unwrap_or(false) {
            self.players
        } else {
            mover
        }
    }

    /// The position before the first action: the pieces and marks of
    /// `setup` on the board, placed as effects place them (sets, hash and
    /// groups agree).
    pub fn start(&self) -> State {
        let pieces = self.rules.setup.iter().map(|p| {
            let piece = Piece {
                kind: p.piece,
                owner: p.owner,
            };
            (Cell::new(p.cell as usize), piece)
        });
        let position = StartPosition {
            pieces: pieces.collect(),
            marks: self.rules.setup_marks.clone(),
            turn: if self.turn_zero { 0 } else { 1 },
            ..StartPosition::default()
        };
        self.begin_at(&position)
    }

    /// The position `from` gives (a position's text, see
    /// [`crate::notation::read_position`]), before its player's turn: the
    /// rest as at the start of a game (variables not given at their first
    /// values, hands full, no history).
    ///
    /// A position may be over as written: the end rules are asked as
    /// after an action of the player before the one to move (tic-tac-toe
    /// with a line of x's and o to move is x's win).
    pub fn start_at(&self, from: &StartPosition) -> State {
        let mut st = self.begin_at(from);
        if st.is_over() || self.rules.ends.is_empty() {
            return st;
        }
        let to_move = st.mover;
        st.mover = Player::new((to_move.index() + self.players - 1) % self.players);
        let me = st.mover;
        let ended = self.with_ctx(&mut st, me, |cx, scratch| {
            self.rules
                .ends
                .iter()
                .position(|(cond, _)| cx.cond(cond, scratch))
        });
        let result = ended.map(|i| self.decide(&mut st, &self.rules.ends[i].1));
        st.mover = to_move;
        if result.is_some() {
            st.result = result;
            return self.as_written(from, st);
        }
        st
    }

    /// The position `from` gives, its turn begun (see `start_at`).
    fn begin_at(&self, from: &StartPosition) -> State {
        let mut st = self.placed(from);
        st.turn_def = self.select_turn(&mut st);
        self.settle(&mut st);
        if st.is_over() {
            // The game ended before the player to move could act: when it
            // cannot, finding that out ran the turn's effects without an
            // action (chess counted one more quiet move, and at the limit
            // drew by it).
            return self.as_written(from, st);
        }
        st
    }

    /// A game over at `from`, as `settled` found it, its position as
    /// given, so that its text is written back as it was read.
    fn as_written(&self, from: &StartPosition, settled: State) -> State {
        let mut st = self.placed(from);
        st.turn_def = settled.turn_def;
        st.step = settled.step;
        st.done = settled.done;
        st.result = settled.result;
        st.ended_stuck = settled.ended_stuck;
        st.history = settled.history;
        st
    }

    /// The pieces, marks, variables, hands, mover and turn `from` gives,
    /// before the turn's first step.
    fn placed(&self, from: &StartPosition) -> State {
        let cells = self.rules.board.len();
        let w = self.words;
        let mut sets = vec![0u64; self.sets_len() * w + self.counter_words() + self.height_words()];
        for c in 0..cells {
            cellset::insert(&mut sets[EMPTY * w..(EMPTY + 1) * w], c);
        }
        let mut st = State {
            cells: vec![0; cells],
            sets,
            board_hash: 0,
            groups: Groups::new(cells, self.players),
            groups_tracked: self.track_groups,
            scratch: vec![0; self.scratch_sets * w],
            targets: vec![0; self.max_choices * self.slot_sets * w],
            counts: vec![0; self.max_choices],
            mover: Player::new(0),
            seats: std::array::from_fn(|i| i as u8),
            turn: 1,
            turn_def: 0,
            step: 0,
            done: 0,
            acted: 0,
            ply: 0,
            here: NO_CELL,
            pie_offered: false,
            again: false,
            changes: 0,
            // Numbers start at their first value (0 unless given); names at
            // "none yet" (-1).
            vars: std::array::from_fn(|i| match self.rules.variables.get(i) {
                Some(v) if !v.symbols.is_empty() => -1.0,
                Some(v) => v.start,
                None => 0.0,
            }),
            reserve: self.rules.reserve.clone(),
            passes: 0,
            origin: NO_CELL,
            jumped: NO_CELL,
            hash_last_cells: self.keys.last_cells,
            hash_turn_start: self.keys.turn_start,
            set_vars: vec![0; self.rules.set_slots.max(1) * w],
            // Nothing checked yet: as if no cell were seen.
            line_seen: vec![0; self.lowered.watched_lines.len() * w],
            tried: Vec::new(),
            result: None,
            history: Default::default(),
            ended_stuck: false,
            preferred: Default::default(),
            no_preference: false,
            turn_over: false,
            stop_at_turn_end: false,
            work: position::state::Work::new(
                self.lowered.programs.regs * w,
                self.lowered
                    .step_sets
                    .regs()
                    .max(self.lowered.word_offers.regs()),
                cells,
            ),
        };
        for &(cell, p) in &from.pieces {
            let owner = p.owner.map_or(self.players, |o| o.index());
            // In a game with stacks, a piece given again on its cell
            // stacks there.
            self.push(&mut st, cell.index(), (p.kind.index(), owner));
        }
        for &(cell, m) in &from.marks {
            if !self.has_mark(&st, cell, m.index()) {
                self.set_mark(&mut st, cell.index(), m.index(), true);
            }
        }
        for &(v, value) in &from.variables {
            st.vars[v] = value;
        }
        for &(p, k, n) in &from.hands {
            st.reserve[p.index() * self.rules.pieces.len() + k.index()] = n;
        }
        st.mover = from.mover;
        // Turn 0 only where the game has one, and only from its setup.
        st.turn = match (from.turn, self.turn_zero) {
            (0, true) => 0,
            (t, _) => t.max(1),
        };
        if self.counted {
            self.start_counters(&mut st);
        }
        st.changes = 0;
        st
    }

    /// A key for what can still happen from `st`: two states with the same
    /// key play on alike (up to hash collisions). It is [`State::hash`],
    /// without the turn number once no rule can tell it (no `turn` read, no
    /// `turn N:` ahead). It does not hold the earlier positions, so it
    /// cannot see `repetitions` or `seen-before` ([`Game::asks_history`]).
    pub fn play_key(&self, st: &State) -> u64 {
        match st.turn > self.turn_told_until {
            true => st.hash_but_turn(),
            false => st.hash(),
        }
    }

    /// Whether some rule asks about earlier positions (`repetitions`,
    /// `seen-before`).
    pub fn asks_history(&self) -> bool {
        self.track_history
    }

    /// The seat (0 = first) that controls `player` now.
    pub fn seat_of(&self, st: &State, player: Player) -> usize {
        st.seats[player.index()] as usize
    }

    /// The player that `seat` (0 = first) controls now: the one
    /// [`Game::seat_of`] gives that seat (the player of that number when
    /// no seat is given it).
    pub fn player_in_seat(&self, st: &State, seat: usize) -> Player {
        (0..self.players)
            .map(Player::new)
            .find(|&p| self.seat_of(st, p) == seat)
            .unwrap_or(Player::new(seat))
    }

    /// The step of the current turn that the state stands at (a choice step
    /// once settled; `None` past the turn's last step).
    pub fn current_step<'a>(&'a self, st: &State) -> Option<&'a Step> {
        self.rules.turns[st.turn_def as usize]
            .steps
            .get(st.step as usize)
    }

    /// The piece on a cell: its kind and owner (none if neutral).
    pub fn piece_at(&self, st: &State, cell: Cell) -> Option<Piece> {
        self.code_at(st, cell.index()).map(|(kind, owner)| Piece {
            kind: Kind::new(kind),
            owner: (owner < self.players).then(|| Player::new(owner)),
        })
    }

    /// The player after player `p` (no division: asked on hot paths).
    #[inline(always)]
    pub(in crate::engine) fn after(&self, p: usize) -> usize {
        if p + 1 == self.players { 0 } else { p + 1 }
    }

    /// The piece on a cell as the engine keeps it: (kind, owner slot), the
    /// slot past the last player for a neutral piece.
    pub(in crate::engine) fn code_at(&self, st: &State, cell: usize) -> Option<(usize, usize)> {
        match st.cells[cell] {
            0 => None,
            code => {
                // A table, not a division by the number of codes per kind.
                let (kind, owner) = self.code_pieces[code as usize - 1];
                Some((kind as usize, owner as usize))
            }
        }
    }

    /// `neighbors(S)`: `neighbors_of`, but for a large set on a board whose
    /// neighbours are its directions', the set shifted along each
    /// direction (a set may hold most of the board: Gess's `not own`).
    #[inline]
    pub(super) fn neighbors_of_any(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        if self.neighbors_shift_from < usize::MAX
            && cellset::count(&set[..w]) > self.neighbors_shift_from
        {
            self.neighbors_shifted(&set[..w], out);
        } else {
            self.board_sets.neighbors_of(set, out);
        }
    }

    /// `neighbors_of` a direction at a time: the cells whose neighbour in
    /// some direction is in `set`.
    #[inline(never)]
    fn neighbors_shifted(&self, set: &[u64], out: &mut [u64]) {
        let w = out.len();
        let mut step = [0u64; crate::limits::MAX_CELL_WORDS];
        let step = &mut step[..w];
        cellset::clear(out);
        for d in 0..self.rules.board.ndirs() {
            self.shifts.before(d, set, step);
            for j in 0..w {
                out[j] |= step[j];
            }
        }
    }

    /// Whether a cell carries a mark.
    pub fn has_mark(&self, st: &State, cell: Cell, m: usize) -> bool {
        let w = self.words;
        let s = self.mark_set(m);
        cellset::contains(&st.sets[s * w..(s + 1) * w], cell.index())
    }

    /// The cells a leap of pattern `leap` from `from` to `to` passes on
    /// its way (`leap ... over LEG`), or `None` if no leap of it goes so;
    /// `None` in the list for a cell off the board.
    pub fn leap_legs(&self, leap: Leap, from: Cell, to: Cell) -> Option<Vec<Option<Cell>>> {
        let t = self.leaps.table(leap);
        let k = t
            .from(from.index())
            .iter()
            .position(|&x| usize::from(x) == to.index())?;
        Some(
            t.legs_of(from.index(), k)
                .iter()
                .map(|&x| (x != tables::leaps::NO_TARGET).then(|| Cell::new(usize::from(x))))
                .collect(),
        )
    }

    /// The lines of kind `line` (an index in `rules.lines`) drawn in the
    /// position, each once, as (lower cell, higher cell), in order.
    pub fn lines_drawn(&self, st: &State, line: usize) -> Vec<(Cell, Cell)> {
        let board = self.board();
        let mut out = Vec::new();
        for (d, m) in self.rules.lines[line].marks.iter().enumerate() {
            for c in board.cells() {
                if self.has_mark(st, c, m.index())
                    && let Some(n) = board.neighbor(c, crate::ids::Dir::new(d))
                    && c < n
                {
                    out.push((c, n));
                }
            }
        }
        out.sort();
        out
    }
}

/// A position to start from: what a position's text gives. Whatever it
/// leaves out is as at the start of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct StartPosition {
    /// The pieces on the board.
    pub pieces: Vec<(Cell, Piece)>,
    /// The marked cells.
    pub marks: Vec<(Cell, Mark)>,
    /// Variables (by index) and their values.
    pub variables: Vec<(usize, f64)>,
    /// The player to move.
    pub mover: Player,
    /// The turn number, from 1.
    pub turn: u32,
    /// Pieces in hand given (player, kind, number); the others as at the
    /// start of a game.
    pub hands: Vec<(Player, Kind, u16)>,
}

impl Default for StartPosition {
    fn default() -> StartPosition {
        StartPosition {
            pieces: Vec::new(),
            marks: Vec::new(),
            variables: Vec::new(),
            mover: Player::new(0),
            turn: 1,
            hands: Vec::new(),
        }
    }
}
