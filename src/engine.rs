//! Stage 3, run: positions, legal actions, playing them, and the result.
//!
//! A [`Game`] is the compiled rules plus the tables the hot loop needs
//! (Zobrist keys, anchor masks). A [`State`] is one position, including
//! where the current turn stands. [`Game::play`] checks an action against the
//! legal ones; [`Game::play_unchecked`] trusts it. After every action the
//! state is *settled*: automatic steps run until the next player decision,
//! whose offered cells are cached in the state, so listing or sampling the
//! legal actions costs no rule evaluation.

use rand::{Rng, RngExt};

use crate::cellset;
use crate::groups::Groups;
use crate::rules::*;

/// Scratch sets for evaluation: an operator takes at most 4 per level of
/// nesting, and the checker caps the nesting at `check::MAX_DEPTH`.
pub const SCRATCH_SETS: usize = 4 * crate::check::MAX_DEPTH + 8;

/// No cell: for actions that are not tied to one (pass, swap).
pub const NO_CELL: u32 = u32::MAX;

mod action;

use action::Cell16;
pub use action::{Action, ActionKind};

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
    pub rules: Rules,
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
    /// The hash includes the last action's cells (see [`uses_last_cells`]).
    hash_last_cells: bool,
    /// One direction of each opposite pair, with its opposite, for lines.
    line_dirs: Vec<(usize, usize)>,
    /// For line lengths the rules ask about, every line of the board as a
    /// set (W words each), when there are few enough to test one by one.
    line_masks: Vec<(u32, Vec<u64>)>,
    /// The cells of each row and of each column (by the board's row and
    /// column numbers), W words each.
    row_masks: Vec<u64>,
    col_masks: Vec<u64>,
    /// Each cell's neighbours as a set (W words per cell).
    neighbor_masks: Vec<u64>,
    /// Scratch bitsets needed by the deepest expression.
    scratch_sets: usize,
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

        let mut anchor_sets = Vec::new();
        let mut note = |s: &SetExpr| match s {
            SetExpr::Fixed(i) => anchor_sets.push(*i),
            SetExpr::PerPlayer(v) => anchor_sets.extend(v.iter().copied()),
            _ => {}
        };
        visit_connected(&rules, &mut |a, b| {
            note(a);
            note(b);
        });
        anchor_sets.sort_unstable();
        anchor_sets.dedup();
        anchor_sets.truncate(64);
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
                _ => 0,
            })
            .max()
            .unwrap_or(0)
            .max(1);
        let track_groups = uses_player_groups(&rules);
        let mut track_connections = false;
        visit_connected(&rules, &mut |_, _| track_connections = true);
        let board = &rules.board;
        let line_dirs: Vec<(usize, usize)> = (0..board.ndirs())
            .filter(|&d| board.opposite(d) > d)
            .map(|d| (d, board.opposite(d)))
            .collect();
        let single_owned_kind = rules.neutral.iter().filter(|n| !**n).count() <= 1;
        let (mut row_masks, mut col_masks) = (Vec::new(), Vec::new());
        for c in 0..cells {
            let info = rules.board.cell(c);
            for (masks, k) in [(&mut row_masks, info.row), (&mut col_masks, info.col)] {
                let k = k.max(0) as usize;
                if masks.len() < (k + 1) * words {
                    masks.resize((k + 1) * words, 0);
                }
                cellset::insert(&mut masks[k * words..(k + 1) * words], c);
            }
        }
        let hash_last_cells = uses_last_cells(&rules);
        let mut neighbor_masks = vec![0u64; cells * words];
        for c in 0..cells {
            for &n in rules.board.neighbors(c) {
                cellset::insert(&mut neighbor_masks[c * words..(c + 1) * words], n as usize);
            }
        }
        let line_masks = line_masks(&rules, &line_dirs, words);
        Game {
            line_masks,
            neighbor_masks,
            hash_last_cells,
            row_masks,
            col_masks,
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
            scratch_sets: SCRATCH_SETS,
            rules,
        }
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

    /// The position before the first action.
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
            targets: vec![0; self.max_choices * 3 * w],
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
            passes: 0,
            origin: NO_CELL,
            jumped: NO_CELL,
            hash_last_cells: self.hash_last_cells,
            set_vars: vec![0; self.rules.set_slots.max(1) * w],
            result: None,
        };
        st.turn_def = self.select_turn(&mut st);
        self.settle(&mut st);
        st
    }

    /// The cached targets of the `i`-th choice of the current step: three
    /// sets (the cells offered; or from, over and to for moves).
    #[inline]
    fn slot<'a>(&self, st: &'a State, i: usize) -> &'a [u64] {
        let n = 3 * self.words;
        &st.targets[i * n..(i + 1) * n]
    }

    /// Calls `f(from, over, to)` for each move a step or jump choice offers
    /// (`over` is the cell jumped over; for a step, the cell reached).
    #[inline]
    fn each_move(&self, jump: bool, t: &[u64], mut f: impl FnMut(usize, usize, usize) -> bool) {
        let w = self.words;
        let (from, over, to) = (&t[..w], &t[w..2 * w], &t[2 * w..3 * w]);
        let board = &self.rules.board;
        let nd = board.ndirs();
        let table = board.neighbor_table();
        for c in cellset::cells(from) {
            for d in 0..nd {
                let n = table[c * nd + d];
                if n == crate::board::NO_CELL {
                    continue;
                }
                let (ok, dest) = if jump {
                    let m = table[n as usize * nd + d];
                    (
                        cellset::contains(over, n as usize)
                            && m != crate::board::NO_CELL
                            && cellset::contains(to, m as usize),
                        m,
                    )
                } else {
                    (cellset::contains(to, n as usize), n)
                };
                if ok && !f(c, n as usize, dest as usize) {
                    return;
                }
            }
        }
    }

    /// How many actions choice `c` offers, given its cached targets `t`.
    #[inline]
    fn offered(&self, c: u16, t: &[u64]) -> usize {
        let w = self.words;
        match &self.rules.choices[c as usize].kind {
            ChoiceKind::Place { .. } | ChoiceKind::Convert(_) | ChoiceKind::Remove(_) => {
                cellset::count(&t[..w])
            }
            ChoiceKind::Choose { values, .. } => {
                values.len() * usize::from(!cellset::is_empty(&t[..w]))
            }
            ChoiceKind::Pass | ChoiceKind::Swap => usize::from(!cellset::is_empty(&t[..w])),
            ChoiceKind::Step { .. } | ChoiceKind::Jump { .. } => {
                let jump = matches!(self.rules.choices[c as usize].kind, ChoiceKind::Jump { .. });
                let mut n = 0;
                self.each_move(jump, t, |_, _, _| {
                    n += 1;
                    true
                });
                n
            }
        }
    }

    /// The `k`-th action (`k < offered`) of choice `c`.
    #[inline]
    fn nth_offered(&self, c: u16, t: &[u64], k: usize) -> Action {
        let w = self.words;
        let kind = &self.rules.choices[c as usize].kind;
        let kind = match kind {
            ChoiceKind::Place { .. } | ChoiceKind::Convert(_) | ChoiceKind::Remove(_) => {
                cell_action(kind)(cellset::nth(&t[..w], k).expect("k < count") as Cell16)
            }
            ChoiceKind::Choose { .. } => ActionKind::Value(k as u16),
            ChoiceKind::Pass => ActionKind::Pass,
            ChoiceKind::Swap => ActionKind::Swap,
            ChoiceKind::Step { .. } | ChoiceKind::Jump { .. } => {
                let jump = matches!(kind, ChoiceKind::Jump { .. });
                let (mut i, mut found) = (0, Action::pie());
                self.each_move(jump, t, |from, over, to| {
                    if i == k {
                        found = Action::moving(c, from, jump.then_some(over), to);
                        return false;
                    }
                    i += 1;
                    true
                });
                return found;
            }
        };
        Action { choice: c, kind }
    }

    /// Appends the legal actions of the position to `out` (cleared first).
    pub fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        if st.result.is_some() {
            return;
        }
        let w = self.words;
        if let Some(Step::Choose { choices, .. }) = self.current_step(st) {
            for (i, (choice, _, _)) in choices.iter().enumerate() {
                let t = self.slot(st, i);
                let kind = &self.rules.choices[*choice as usize].kind;
                match kind {
                    ChoiceKind::Place { .. } | ChoiceKind::Convert(_) | ChoiceKind::Remove(_) => {
                        let make = cell_action(kind);
                        out.extend(cellset::cells(&t[..w]).map(|c| Action {
                            choice: *choice,
                            kind: make(c as Cell16),
                        }));
                    }
                    ChoiceKind::Step { .. } | ChoiceKind::Jump { .. } => {
                        let jump = matches!(kind, ChoiceKind::Jump { .. });
                        self.each_move(jump, t, |from, over, to| {
                            out.push(Action::moving(*choice, from, jump.then_some(over), to));
                            true
                        });
                    }
                    ChoiceKind::Choose { .. } | ChoiceKind::Pass | ChoiceKind::Swap => out.extend(
                        (0..self.offered(*choice, t)).map(|k| self.nth_offered(*choice, t, k)),
                    ),
                }
            }
        }
        if st.pie_offered {
            out.push(Action::pie());
        }
    }

    /// Whether `a` is legal in `st`.
    pub fn is_legal(&self, st: &State, a: Action) -> bool {
        if st.result.is_some() {
            return false;
        }
        if a.is_pie() {
            return st.pie_offered && a.kind == ActionKind::Pie;
        }
        let w = self.words;
        let Some(Step::Choose { choices, .. }) = self.current_step(st) else {
            return false;
        };
        choices.iter().enumerate().any(|(i, (c, _, _))| {
            *c == a.choice && {
                let t = self.slot(st, i);
                let kind = &self.rules.choices[*c as usize].kind;
                match kind {
                    ChoiceKind::Place { .. } | ChoiceKind::Convert(_) | ChoiceKind::Remove(_) => {
                        a.cell().is_some_and(|cell| {
                            cell < self.rules.board.len()
                                && a.kind == cell_action(kind)(cell as Cell16)
                                && cellset::contains(&t[..w], cell)
                        })
                    }
                    ChoiceKind::Choose { values, .. } => {
                        a.value().is_some_and(|v| v < values.len()) && !cellset::is_empty(&t[..w])
                    }
                    ChoiceKind::Pass => a.kind == ActionKind::Pass && !cellset::is_empty(&t[..w]),
                    ChoiceKind::Swap => a.kind == ActionKind::Swap && !cellset::is_empty(&t[..w]),
                    ChoiceKind::Step { .. } | ChoiceKind::Jump { .. } => {
                        let jump = matches!(kind, ChoiceKind::Jump { .. });
                        let mut found = false;
                        self.each_move(jump, t, |from, over, to| {
                            found = Action::moving(*c, from, jump.then_some(over), to) == a;
                            !found
                        });
                        found
                    }
                }
            }
        })
    }

    /// A uniformly random legal action, or `None` when the game is over.
    pub fn random_action(&self, st: &State, rng: &mut impl Rng) -> Option<Action> {
        if st.result.is_some() {
            return None;
        }
        let Some(Step::Choose { choices, .. }) = self.current_step(st) else {
            return st.pie_offered.then(Action::pie);
        };
        // Counts cached by `offer` when the step was reached.
        let mut total = usize::from(st.pie_offered);
        for i in 0..choices.len() {
            total += st.counts[i] as usize;
        }
        if total == 0 {
            return None;
        }
        let mut k = rng.random_range(0..total);
        for (i, (c, _, _)) in choices.iter().enumerate() {
            let t = self.slot(st, i);
            let n = st.counts[i] as usize;
            if k < n {
                return Some(self.nth_offered(*c, t, k));
            }
            k -= n;
        }
        Some(Action::pie())
    }

    /// Plays `a` if it is legal.
    pub fn play(&self, st: &mut State, a: Action) -> Result<(), PlayError> {
        if st.result.is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(st, a) {
            return Err(PlayError::Illegal);
        }
        self.play_unchecked(st, a);
        Ok(())
    }

    /// Plays `a`, which must be legal in `st`.
    pub fn play_unchecked(&self, st: &mut State, a: Action) {
        st.ply += 1;
        st.acted += 1;
        let choice = match a.kind {
            ActionKind::Pie => {
                self.swap_seats(st);
                st.pie_offered = false;
                return;
            }
            _ => &self.rules.choices[a.choice as usize],
        };
        let mover = st.mover as usize;
        let passes = st.passes;
        st.passes = 0;
        st.here = NO_CELL;
        match a.kind {
            ActionKind::Place(cell) => {
                let ChoiceKind::Place { piece, .. } = choice.kind else {
                    unreachable!("a placement comes from a `place` choice")
                };
                let owner = self.owner_for(piece as usize, mover);
                self.put(st, cell as usize, Some((piece as usize, owner)));
                st.here = cell as u32;
            }
            ActionKind::Convert(cell) => {
                if let Some((k, _)) = self.piece_at(st, cell as usize) {
                    self.put(st, cell as usize, Some((k, mover)));
                }
                st.here = cell as u32;
            }
            ActionKind::Remove(cell) => {
                self.put(st, cell as usize, None);
                st.here = cell as u32;
            }
            ActionKind::Pass => st.passes = passes + 1,
            ActionKind::Swap => self.swap_seats(st),
            ActionKind::Value(i) => {
                let ChoiceKind::Choose { var, values } = &choice.kind else {
                    unreachable!("a value comes from a `choose` choice")
                };
                st.vars[*var as usize] = values[i as usize];
            }
            ActionKind::Step { from, to } | ActionKind::Jump { from, to, .. } => {
                if let ActionKind::Jump { over, .. } = a.kind {
                    st.jumped = over as u32;
                }
                let piece = self.piece_at(st, from as usize);
                self.put(st, from as usize, None);
                self.put(st, to as usize, piece);
                st.origin = from as u32;
                st.here = to as u32;
            }
            ActionKind::Pie => unreachable!("handled above"),
        }
        if let Some(m) = choice.marking
            && st.here != NO_CELL
        {
            self.set_mark(st, st.here as usize, m as usize, true);
        }
        for e in &choice.then {
            self.effect(st, e);
        }
        st.done += 1;
        st.pie_offered = false;
        // The rules' end conditions, seen from the player who just acted.
        let me = st.mover;
        let ended = self.with_ctx(st, me, |cx, scratch| {
            self.rules
                .ends
                .iter()
                .position(|(cond, _)| cx.cond(cond, scratch))
        });
        if let Some(i) = ended {
            st.result = Some(self.decide(st, &self.rules.ends[i].1));
            return;
        }
        self.settle(st);
    }

    /// Ends the game with a loss for the player to move.
    pub fn resign(&self, st: &mut State) {
        if st.result.is_none() {
            st.result = Some(match self.players {
                2 => GameResult::Win(1 - st.mover),
                _ => GameResult::Draw,
            });
        }
    }

    /// The seat (0 = first) that controls `player` now.
    pub fn seat_of(&self, st: &State, player: PlayerId) -> usize {
        st.seats[player as usize] as usize
    }

    fn swap_seats(&self, st: &mut State) {
        // With two players the colours change hands; with more, the seats
        // rotate: each player passes to the seat of the player after it.
        let n = self.players;
        let first = st.seats[0];
        for i in 0..n - 1 {
            st.seats[i] = st.seats[i + 1];
        }
        st.seats[n - 1] = first;
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

    /// Whether a cell carries a mark.
    pub fn has_mark(&self, st: &State, cell: usize, m: usize) -> bool {
        let w = self.words;
        let s = self.mark_set(m);
        cellset::contains(&st.sets[s * w..(s + 1) * w], cell)
    }

    /// Sets or clears the piece on a cell, keeping sets, hash and groups right.
    fn put(&self, st: &mut State, cell: usize, piece: Option<(usize, usize)>) {
        let w = self.words;
        let old = self.piece_at(st, cell);
        if old == piece {
            return;
        }
        st.changes += 1;
        let codes = (self.players + 1) * self.pieces;
        if let Some((k, o)) = old {
            let code = k * (self.players + 1) + o;
            st.board_hash ^= self.piece_keys[cell * codes + code];
            for s in [self.owner_set(o), self.piece_set(k)] {
                cellset::remove(&mut st.sets[s * w..(s + 1) * w], cell);
            }
            if o < self.players {
                st.groups.remove(o);
            }
        }
        match piece {
            Some((k, o)) => {
                let code = k * (self.players + 1) + o;
                st.cells[cell] = code as u8 + 1;
                st.board_hash ^= self.piece_keys[cell * codes + code];
                for s in [self.owner_set(o), self.piece_set(k), OCCUPIED] {
                    cellset::insert(&mut st.sets[s * w..(s + 1) * w], cell);
                }
                cellset::remove(&mut st.sets[EMPTY * w..(EMPTY + 1) * w], cell);
                if o == self.players {
                    // Neutral pieces belong to no player's groups.
                } else if !self.track_groups {
                    // Untracked: any later question rebuilds the forest.
                    st.groups.remove(o);
                } else if st.groups.is_exact(o) || self.track_connections {
                    // An inexact forest is worth extending only for
                    // connection tests; group sizes rebuild it anyway.
                    // Every neighbour counts, however many links a cell
                    // has: the owner's set and the forest are apart.
                    let owner = &st.sets[self.owner_set(o) * w..(self.owner_set(o) + 1) * w];
                    let same = self
                        .rules
                        .board
                        .neighbors(cell)
                        .iter()
                        .map(|&n| n as usize)
                        .filter(|&n| cellset::contains(owner, n));
                    st.groups.add(o, cell, self.cell_anchors[cell], same);
                }
            }
            None => {
                st.cells[cell] = 0;
                cellset::remove(&mut st.sets[OCCUPIED * w..(OCCUPIED + 1) * w], cell);
                cellset::insert(&mut st.sets[EMPTY * w..(EMPTY + 1) * w], cell);
            }
        }
    }

    fn set_mark(&self, st: &mut State, cell: usize, m: usize, on: bool) {
        let w = self.words;
        let s = self.mark_set(m);
        let set = &mut st.sets[s * w..(s + 1) * w];
        if cellset::contains(set, cell) == on {
            return;
        }
        if on {
            cellset::insert(set, cell);
        } else {
            cellset::remove(set, cell);
        }
        st.changes += 1;
        st.board_hash ^= self.mark_keys[cell * self.rules.marks.len() + m];
    }

    /// Runs automatic steps until a player has a decision to make or the game ends.
    fn settle(&self, st: &mut State) {
        loop {
            if st.result.is_some() {
                return;
            }
            let turn = &self.rules.turns[st.turn_def as usize];
            let Some(step) = turn.steps.get(st.step as usize) else {
                if st.acted == 0 {
                    // A whole turn without a possible action: the game cannot
                    // go on.
                    self.end_stuck(st);
                    return;
                }
                self.next_turn(st);
                continue;
            };
            match step {
                Step::Effect(e) => {
                    self.effect(st, e);
                    st.step += 1;
                    st.done = 0;
                }
                Step::End(cond, outcome) => {
                    let me = st.mover;
                    if self.with_ctx(st, me, |cx, scratch| cx.cond(cond, scratch)) {
                        st.result = Some(self.decide(st, outcome));
                        return;
                    }
                    st.step += 1;
                    st.done = 0;
                }
                Step::Choose { repeat, choices } => {
                    let more = match repeat {
                        Repeat::Times(n) => st.done < *n,
                        Repeat::While(c) => {
                            let me = st.mover;
                            self.with_ctx(st, me, |cx, scratch| cx.cond(c, scratch))
                        }
                    };
                    if !more {
                        st.step += 1;
                        st.done = 0;
                        continue;
                    }
                    if self.offer(st, choices) {
                        st.pie_offered = st.acted == 0 && self.rules.swap_turns.contains(&st.turn);
                        return;
                    }
                    if matches!(repeat, Repeat::While(_)) {
                        // A `while` step whose condition holds must be
                        // taken: with nothing to offer, the turn cannot be
                        // completed and the player is stuck, as when a whole
                        // turn offers nothing. Actions already taken stand.
                        self.end_stuck(st);
                        return;
                    }
                    st.step += 1;
                    st.done = 0;
                }
            }
        }
    }

    /// Ends the game because the player to move cannot act: the outcome of
    /// `end if stuck: ...` seen from that player, else a draw.
    fn end_stuck(&self, st: &mut State) {
        st.result = Some(match &self.rules.stuck {
            Some(outcome) => self.decide(st, outcome),
            None => GameResult::Draw,
        });
    }

    /// Computes the actions each choice offers (cached in the state), the
    /// later priority groups emptied when an earlier one offers any; true if
    /// any action is possible.
    fn offer(&self, st: &mut State, choices: &[(u16, Option<BoolExpr>, u8)]) -> bool {
        let w = self.words;
        let me = st.mover;
        let mut targets = std::mem::take(&mut st.targets);
        let mut counts = std::mem::take(&mut st.counts);
        let mut scratch = std::mem::take(&mut st.scratch);
        let mut open_group: Option<u8> = None;
        {
            // One evaluation context for all the choices of the step.
            let mut cx = self.ctx(st, me);
            for (i, (c, guard, group)) in choices.iter().enumerate() {
                let slot = &mut targets[i * 3 * w..(i + 1) * 3 * w];
                slot.fill(0);
                counts[i] = 0;
                if open_group.is_some_and(|g| g < *group) {
                    continue;
                }
                if let Some(g) = guard
                    && !cx.cond(g, &mut scratch)
                {
                    continue;
                }
                let choice = &self.rules.choices[*c as usize];
                let (out, rest) = slot.split_at_mut(w);
                let filter = match &choice.kind {
                    ChoiceKind::Place { target, .. } => Some((target, EMPTY, false)),
                    ChoiceKind::Convert(target) => {
                        Some((target, self.owner_set(me as usize), true))
                    }
                    ChoiceKind::Remove(target) => Some((target, OCCUPIED, false)),
                    ChoiceKind::Step { from, to } => {
                        let (_, to_slot) = rest.split_at_mut(w);
                        cx.set(from, out, &mut scratch);
                        cx.set(to, to_slot, &mut scratch);
                        None
                    }
                    ChoiceKind::Jump { from, over, to } => {
                        let (over_slot, to_slot) = rest.split_at_mut(w);
                        cx.set(from, out, &mut scratch);
                        cx.set(over, over_slot, &mut scratch);
                        cx.set(to, to_slot, &mut scratch);
                        None
                    }
                    ChoiceKind::Pass | ChoiceKind::Swap | ChoiceKind::Choose { .. } => {
                        out[0] = 1;
                        None
                    }
                };
                if let Some((target, within, invert)) = filter {
                    cx.set(target, out, &mut scratch);
                    // Place only on empty cells; convert only others' pieces.
                    let base = cx.raw(within);
                    let occ = cx.raw(OCCUPIED);
                    for j in 0..w {
                        out[j] &= if invert { occ[j] & !base[j] } else { base[j] };
                    }
                }
                if matches!(
                    choice.kind,
                    ChoiceKind::Step { .. } | ChoiceKind::Jump { .. }
                ) {
                    // Only cells holding a piece can move.
                    let occ = cx.raw(OCCUPIED);
                    for j in 0..w {
                        slot[j] &= occ[j];
                    }
                }
                let n = self.offered(*c, &targets[i * 3 * w..(i + 1) * 3 * w]);
                counts[i] = n as u32;
                if n > 0 {
                    open_group = Some(*group);
                }
            }
        }
        st.scratch = scratch;
        st.counts = counts;
        st.targets = targets;
        open_group.is_some()
    }

    fn next_turn(&self, st: &mut State) {
        st.mover = ((st.mover as usize + 1) % self.players) as PlayerId;
        st.turn += 1;
        st.step = 0;
        st.done = 0;
        st.acted = 0;
        st.turn_def = self.select_turn(st);
    }

    fn select_turn(&self, st: &mut State) -> u16 {
        for (i, t) in self.rules.turns.iter().enumerate() {
            let applies = match &t.when {
                TurnWhen::Always => true,
                TurnWhen::Number(n) => st.turn == *n,
                TurnWhen::If(c) => {
                    let me = st.mover;
                    self.with_ctx(st, me, |cx, scratch| cx.cond(c, scratch))
                }
            };
            if applies {
                return i as u16;
            }
        }
        (self.rules.turns.len() - 1) as u16
    }

    fn effect(&self, st: &mut State, e: &Effect) {
        let w = self.words;
        let me = st.mover;
        match e {
            Effect::Clear(m) => {
                let s = self.mark_set(*m as usize);
                let marks = self.rules.marks.len();
                for word in 0..w {
                    let mut bits = st.sets[s * w + word];
                    if bits != 0 {
                        st.changes += 1;
                    }
                    while bits != 0 {
                        let c = word * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        st.board_hash ^= self.mark_keys[c * marks + *m as usize];
                    }
                    st.sets[s * w + word] = 0;
                }
            }
            Effect::Mark(m, target) | Effect::Unmark(m, target) => {
                let on = matches!(e, Effect::Mark(..));
                // Only the cells whose mark changes are visited.
                let mark = self.mark_set(*m as usize);
                self.for_each_cell_filtered(st, target, me, mark, on, |g, st, c| {
                    g.set_mark(st, c, *m as usize, on)
                });
            }
            Effect::Convert(target, mark) => {
                self.for_each_cell(st, target, me, |g, st, c| {
                    if let Some((k, o)) = g.piece_at(st, c)
                        && o != me as usize
                    {
                        g.put(st, c, Some((k, me as usize)));
                        if let Some(m) = mark {
                            g.set_mark(st, c, *m as usize, true);
                        }
                    }
                });
            }
            Effect::Remove(target, mark) => {
                self.for_each_cell(st, target, me, |g, st, c| {
                    if g.piece_at(st, c).is_some() {
                        g.put(st, c, None);
                        if let Some(m) = mark {
                            g.set_mark(st, c, *m as usize, true);
                        }
                    }
                });
            }
            Effect::Repeat(body) => {
                // Each round must change something; a board can only change
                // so often before it repeats, so cap the rounds.
                let cap = 4 * self.rules.board.len() + 4;
                for _ in 0..cap {
                    let before = st.changes;
                    self.effect(st, body);
                    if st.changes == before {
                        break;
                    }
                }
            }
            Effect::If(c, yes, no) => {
                if self.with_ctx(st, me, |cx, scratch| cx.cond(c, scratch)) {
                    self.effect(st, yes);
                } else if let Some(no) = no {
                    self.effect(st, no);
                }
            }
            Effect::Seq(list) => {
                for e in list {
                    self.effect(st, e);
                }
            }
            Effect::Swap => self.swap_seats(st),
            Effect::Make(target, kind) => {
                self.for_each_cell(st, target, me, |g, st, c| {
                    if let Some((_, owner)) = g.piece_at(st, c) {
                        g.put(st, c, Some((*kind as usize, owner)));
                    }
                });
            }
            Effect::Set(var, value) => {
                let v = self.with_ctx(st, me, |cx, scratch| cx.int(value, scratch));
                if st.vars[*var as usize] != v {
                    st.vars[*var as usize] = v;
                    st.changes += 1;
                }
            }
            Effect::EachGroup { slot, set, body } => self.each_group(st, *slot as usize, set, body),
        }
    }

    /// Runs `body` once for each group of the cells of `set` (as they are
    /// now), with the group's cells in `slot`.
    fn each_group(&self, st: &mut State, slot: usize, set: &SetExpr, body: &Effect) {
        let w = self.words;
        let me = st.mover;
        // The set is kept in a scratch area below the evaluator's: copy out.
        let mut remaining = [0u64; 64];
        {
            let mut scratch = std::mem::take(&mut st.scratch);
            {
                let (out, rest) = scratch.split_at_mut(w);
                let mut cx = self.ctx(st, me);
                cx.set(set, out, rest);
            }
            remaining[..w].copy_from_slice(&scratch[..w]);
            st.scratch = scratch;
        }
        let board = &self.rules.board;
        while let Some(start) = cellset::cells(&remaining[..w]).next() {
            // The group: same piece, connected, within the set.
            let group = &mut st.set_vars[slot * w..(slot + 1) * w];
            group.fill(0);
            cellset::insert(group, start);
            cellset::remove(&mut remaining[..w], start);
            st.stack.clear();
            st.stack.push(start as u32);
            while let Some(c) = st.stack.pop() {
                for &n in board.neighbors(c as usize) {
                    let n = n as usize;
                    if cellset::contains(&remaining[..w], n) && st.cells[n] == st.cells[c as usize]
                    {
                        cellset::remove(&mut remaining[..w], n);
                        cellset::insert(&mut st.set_vars[slot * w..(slot + 1) * w], n);
                        st.stack.push(n as u32);
                    }
                }
            }
            self.effect(st, body);
        }
    }

    /// Evaluates `target` once, then calls `f` on each of its cells.
    fn for_each_cell(
        &self,
        st: &mut State,
        target: &SetExpr,
        me: PlayerId,
        f: impl FnMut(&Game, &mut State, usize),
    ) {
        self.for_each_cell_filtered(st, target, me, OCCUPIED, false, f);
    }

    /// As [`Game::for_each_cell`], restricted to the cells that are in
    /// stored set `within` (or, with `outside`, not in it).
    fn for_each_cell_filtered(
        &self,
        st: &mut State,
        target: &SetExpr,
        me: PlayerId,
        within: usize,
        outside: bool,
        mut f: impl FnMut(&Game, &mut State, usize),
    ) {
        let w = self.words;
        let mut scratch = std::mem::take(&mut st.scratch);
        {
            let (out, rest) = scratch.split_at_mut(w);
            let mut cx = self.ctx(st, me);
            cx.set(target, out, rest);
            let filter = &st.sets[within * w..(within + 1) * w];
            for j in 0..w {
                out[j] &= if outside { !filter[j] } else { filter[j] };
            }
        }
        let set = &scratch[..w];
        for c in cellset::cells(set) {
            f(self, st, c);
        }
        st.scratch = scratch;
    }

    /// The result of an outcome rule in the current position.
    fn decide(&self, st: &mut State, outcome: &Outcome) -> GameResult {
        let mover = st.mover;
        let resolve = |w: &Who| match w {
            Who::Me => mover,
            Who::Opponent => ((mover as usize + 1) % self.players) as PlayerId,
            Who::Player(p) => *p,
        };
        match outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Wins(w) => GameResult::Win(resolve(w)),
            Outcome::Loses(w) => {
                if self.players == 2 {
                    GameResult::Win(1 - resolve(w))
                } else {
                    GameResult::Draw
                }
            }
            Outcome::Compare(keys) => {
                let mut alive: u32 = (1 << self.players) - 1;
                for (most, key) in keys {
                    let mut best: Option<f64> = None;
                    let mut values = [0f64; 8];
                    for p in 0..self.players {
                        if alive >> p & 1 == 0 {
                            continue;
                        }
                        let v =
                            self.with_ctx(st, p as PlayerId, |cx, scratch| cx.int(key, scratch));
                        let v = if *most { v } else { -v };
                        values[p] = v;
                        best = Some(best.map_or(v, |b: f64| b.max(v)));
                    }
                    for (p, v) in values.iter().enumerate().take(self.players) {
                        if Some(*v) != best {
                            alive &= !(1 << p);
                        }
                    }
                    if alive.count_ones() == 1 {
                        return GameResult::Win(alive.trailing_zeros() as PlayerId);
                    }
                }
                GameResult::Draw
            }
        }
    }

    fn ctx<'a>(&'a self, st: &'a mut State, me: PlayerId) -> Ctx<'a> {
        Ctx {
            g: self,
            cells: &st.cells,
            sets: &st.sets,
            groups: &mut st.groups,
            stack: &mut st.stack,
            me,
            here: st.here,
            turn: st.turn,
            dirs: [0; 8],
            vars: &st.vars,
            passes: st.passes,
            origin: st.origin,
            jumped: st.jumped,
            set_vars: &st.set_vars,
        }
    }

    /// Runs `f` with an evaluation context and the state's scratch space.
    fn with_ctx<T>(
        &self,
        st: &mut State,
        me: PlayerId,
        f: impl FnOnce(&mut Ctx, &mut [u64]) -> T,
    ) -> T {
        let mut scratch = std::mem::take(&mut st.scratch);
        let r = {
            let mut cx = self.ctx(st, me);
            f(&mut cx, &mut scratch)
        };
        st.scratch = scratch;
        r
    }

    /// The value of a number expression seen from `player`, for reports.
    pub fn evaluate(&self, st: &mut State, e: &NumExpr, player: PlayerId) -> f64 {
        self.with_ctx(st, player, |cx, scratch| cx.int(e, scratch))
    }
}

/// The action on a cell that a place, convert or remove choice makes.
#[inline]
fn cell_action(kind: &ChoiceKind) -> fn(Cell16) -> ActionKind {
    match kind {
        ChoiceKind::Place { .. } => ActionKind::Place,
        ChoiceKind::Convert(_) => ActionKind::Convert,
        ChoiceKind::Remove(_) => ActionKind::Remove,
        ChoiceKind::Pass
        | ChoiceKind::Swap
        | ChoiceKind::Choose { .. }
        | ChoiceKind::Step { .. }
        | ChoiceKind::Jump { .. } => unreachable!("not an action on a cell"),
    }
}

/// Whether some rule asks about groups of a player's pieces (`own`,
/// `enemy`, a player), which the union-find answers.
fn uses_player_groups(rules: &Rules) -> bool {
    fn player_set(s: &SetExpr) -> bool {
        matches!(s, SetExpr::Owned(_) | SetExpr::Enemy)
    }
    fn int(e: &NumExpr) -> bool {
        match e {
            NumExpr::Groups(s) | NumExpr::Largest(s) => player_set(s),
            NumExpr::Add(a, b) | NumExpr::Sub(a, b) | NumExpr::Mul(a, b) => int(a) || int(b),
            NumExpr::Neg(a) => int(a),
            NumExpr::ByPlayer(v) => v.iter().any(int),
            NumExpr::Select(_, a, b) => int(a) || int(b),
            NumExpr::Index(_)
            | NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Count(_)
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Rows(_)
            | NumExpr::Columns(_) => false,
        }
    }
    fn b(e: &BoolExpr) -> bool {
        match e {
            BoolExpr::Connected(s, _, _) => player_set(s),
            BoolExpr::Not(x) => b(x),
            BoolExpr::And(x, y) | BoolExpr::Or(x, y) => b(x) || b(y),
            BoolExpr::Quantifier { body, .. } => b(body),
            BoolExpr::Cmp(_, x, y) => int(x) || int(y),
            BoolExpr::ByPlayer(v) => v.iter().any(b),
            BoolExpr::Const(_)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Line(..)
            | BoolExpr::At(..)
            | BoolExpr::SamePlayer(..)
            | BoolExpr::Escapes { .. } => false,
        }
    }
    fn outcome(o: &Outcome) -> bool {
        match o {
            Outcome::Compare(keys) => keys.iter().any(|(_, k)| int(k)),
            Outcome::Draw | Outcome::Wins(_) | Outcome::Loses(_) => false,
        }
    }
    // Conditions may also sit in guards, turn choices and effects; looking
    // at ends and steps covers where group questions are asked in practice,
    // and a missed one only costs a rebuild (the forest starts stale).
    rules.ends.iter().any(|(c, o)| b(c) || outcome(o))
        || rules.turns.iter().any(|t| {
            (match &t.when {
                TurnWhen::If(c) => b(c),
                _ => false,
            }) || t.steps.iter().any(|s| match s {
                Step::End(c, o) => b(c) || outcome(o),
                Step::Choose { choices, .. } => {
                    choices.iter().any(|(_, g, _)| g.as_ref().is_some_and(b))
                }
                Step::Effect(_) => false,
            })
        })
}

/// Whether the legal actions may depend on the cell of the last action
/// (`here`, `origin`, `jumped` in targets, guards or conditions), so that
/// the hash of a position must include it.
fn uses_last_cells(rules: &Rules) -> bool {
    fn s(e: &SetExpr) -> bool {
        match e {
            SetExpr::Here | SetExpr::Origin | SetExpr::Jumped => true,
            SetExpr::Union(a, b)
            | SetExpr::Inter(a, b)
            | SetExpr::Except(a, b)
            | SetExpr::Reach(a, b) => s(a) || s(b),
            SetExpr::Complement(a) | SetExpr::Neighbors(a) | SetExpr::Like(a) | SetExpr::Box(a) => {
                s(a)
            }
            // `here` in a `where` is the cell being tested.
            SetExpr::Where(a, _) => s(a),
            SetExpr::ByPlayer(v) => v.iter().any(s),
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::All
            | SetExpr::Owned(_)
            | SetExpr::Enemy
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => false,
        }
    }
    fn n(e: &NumExpr) -> bool {
        match e {
            NumExpr::Count(x)
            | NumExpr::Groups(x)
            | NumExpr::Largest(x)
            | NumExpr::Rows(x)
            | NumExpr::Columns(x) => s(x),
            NumExpr::Add(a, b) | NumExpr::Sub(a, b) | NumExpr::Mul(a, b) => n(a) || n(b),
            NumExpr::Neg(a) => n(a),
            NumExpr::Select(c, a, b) => bo(c) || n(a) || n(b),
            NumExpr::ByPlayer(v) => v.iter().any(n),
            NumExpr::Const(_)
            | NumExpr::Turn
            | NumExpr::Var(_)
            | NumExpr::Passes
            | NumExpr::Index(_) => false,
        }
    }
    fn bo(e: &BoolExpr) -> bool {
        match e {
            BoolExpr::Not(a) => bo(a),
            BoolExpr::And(a, b) | BoolExpr::Or(a, b) => bo(a) || bo(b),
            BoolExpr::Cmp(_, a, b) => n(a) || n(b),
            BoolExpr::NonEmpty(x) | BoolExpr::Line(x, _) => s(x),
            BoolExpr::Connected(x, y, z) => s(x) || s(y) || s(z),
            BoolExpr::Escapes {
                seed,
                through,
                bound,
            } => s(seed) || s(through) || s(bound),
            // `at` looks from `here`.
            BoolExpr::At(..) => true,
            BoolExpr::Quantifier { body, .. } => bo(body),
            BoolExpr::ByPlayer(v) => v.iter().any(bo),
            BoolExpr::Const(_) | BoolExpr::SamePlayer(..) => false,
        }
    }
    let choice = |c: &Choice| match &c.kind {
        ChoiceKind::Place { target, .. } => s(target),
        ChoiceKind::Convert(t) | ChoiceKind::Remove(t) => s(t),
        ChoiceKind::Step { from, to } => s(from) || s(to),
        ChoiceKind::Jump { from, over, to } => s(from) || s(over) || s(to),
        ChoiceKind::Pass | ChoiceKind::Swap | ChoiceKind::Choose { .. } => false,
    };
    rules.ends.iter().any(|(c, _)| bo(c))
        || rules.turns.iter().any(|t| {
            t.steps.iter().any(|st| match st {
                Step::Choose { repeat, choices } => {
                    matches!(repeat, Repeat::While(c) if bo(c))
                        || choices.iter().any(|(i, g, _)| {
                            choice(&rules.choices[*i as usize]) || g.as_ref().is_some_and(bo)
                        })
                }
                Step::End(c, _) => bo(c),
                Step::Effect(_) => false,
            })
        })
}

/// Visits the anchor arguments of every `connected(...)` in the rules.
fn visit_connected(rules: &Rules, f: &mut dyn FnMut(&SetExpr, &SetExpr)) {
    fn b(e: &BoolExpr, f: &mut dyn FnMut(&SetExpr, &SetExpr)) {
        match e {
            BoolExpr::Connected(_, x, y) => f(x, y),
            BoolExpr::Not(x) => b(x, f),
            BoolExpr::And(x, y) | BoolExpr::Or(x, y) => {
                b(x, f);
                b(y, f);
            }
            BoolExpr::Quantifier { body, .. } => b(body, f),
            _ => {}
        }
    }
    for (c, _) in &rules.ends {
        b(c, f);
    }
    for t in &rules.turns {
        for s in &t.steps {
            if let Step::End(c, _) = s {
                b(c, f);
            }
        }
    }
}

/// One position.
#[derive(Debug)]
pub struct State {
    /// Per cell: 0 when empty, else 1 + piece code (kind * players + owner).
    cells: Vec<u8>,
    /// Bitsets: empty, occupied, each owner, each piece kind, each mark.
    sets: Vec<u64>,
    board_hash: u64,
    groups: Groups,
    scratch: Vec<u64>,
    /// The cells each choice of the current step offers.
    targets: Vec<u64>,
    /// How many actions each choice of the current step offers.
    counts: Vec<u32>,
    stack: Vec<u32>,
    /// The player (colour) whose turn it is.
    pub mover: PlayerId,
    /// Which seat controls each player; the pie rule exchanges them.
    seats: [u8; 8],
    /// Turn number, from 1.
    pub turn: u32,
    turn_def: u16,
    step: u16,
    /// Plies done in the current step.
    done: u32,
    /// Actions taken in the current turn.
    acted: u32,
    /// Actions since the start.
    pub ply: u32,
    /// The cell of the last action.
    pub here: u32,
    pie_offered: bool,
    changes: u64,
    /// Values of the game's variables (`choose`).
    vars: [f64; 16],
    /// Passes in a row just made.
    passes: u32,
    /// The cell the last moving piece left, and the cell it jumped over.
    origin: u32,
    jumped: u32,
    /// Whether [`State::hash`] includes those cells and `here`.
    hash_last_cells: bool,
    /// Cells of the groups bound by `each group` (one set per slot).
    set_vars: Vec<u64>,
    result: Option<GameResult>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            cells: self.cells.clone(),
            sets: self.sets.clone(),
            board_hash: self.board_hash,
            groups: self.groups.clone(),
            scratch: self.scratch.clone(),
            targets: self.targets.clone(),
            counts: self.counts.clone(),
            stack: Vec::with_capacity(self.stack.capacity()),
            mover: self.mover,
            seats: self.seats,
            turn: self.turn,
            turn_def: self.turn_def,
            step: self.step,
            done: self.done,
            acted: self.acted,
            ply: self.ply,
            here: self.here,
            pie_offered: self.pie_offered,
            changes: self.changes,
            vars: self.vars,
            passes: self.passes,
            origin: self.origin,
            jumped: self.jumped,
            hash_last_cells: self.hash_last_cells,
            set_vars: self.set_vars.clone(),
            result: self.result,
        }
    }

    /// Copies without allocating when the shapes match (perft reuses states).
    fn clone_from(&mut self, o: &State) {
        self.cells.clone_from(&o.cells);
        self.sets.clone_from(&o.sets);
        self.board_hash = o.board_hash;
        self.groups.clone_from(&o.groups);
        self.targets.clone_from(&o.targets);
        self.counts.clone_from(&o.counts);
        if self.scratch.len() != o.scratch.len() {
            self.scratch.clone_from(&o.scratch);
        }
        self.mover = o.mover;
        self.seats = o.seats;
        self.turn = o.turn;
        self.turn_def = o.turn_def;
        self.step = o.step;
        self.done = o.done;
        self.acted = o.acted;
        self.ply = o.ply;
        self.here = o.here;
        self.pie_offered = o.pie_offered;
        self.changes = o.changes;
        self.vars = o.vars;
        self.passes = o.passes;
        self.origin = o.origin;
        self.jumped = o.jumped;
        self.hash_last_cells = o.hash_last_cells;
        self.set_vars.clone_from(&o.set_vars);
        self.result = o.result;
    }
}

impl State {
    /// The value of variable `i`.
    pub fn var(&self, i: usize) -> f64 {
        self.vars[i]
    }

    /// Plies already taken in the current step (for `3 x add`: 0, 1 or 2).
    pub fn done_in_step(&self) -> u32 {
        self.done
    }

    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// A hash of the whole position: pieces and marks (kept incrementally),
    /// plus the player to move, where the turn stands, and who sits where.
    pub fn hash(&self) -> u64 {
        let mut h = self.board_hash;
        if self.hash_last_cells {
            h ^= mix(0x9000_0000 ^ ((self.here as u64) << 32 | self.origin as u64));
            h ^= mix(0xA000_0000 ^ self.jumped as u64);
        }
        h ^= mix(0x1000_0000 ^ self.mover as u64);
        h ^= mix(0x2000_0000 ^ self.turn as u64);
        h ^= mix(0x3000_0000 ^ ((self.step as u64) << 32 | self.done as u64));
        h ^= mix(0x4000_0000 ^ self.acted as u64);
        h ^= mix(0x5000_0000 ^ u64::from_le_bytes(self.seats));
        h ^= mix(0x6000_0000 ^ self.turn_def as u64);
        h ^= mix(0x7000_0000 ^ self.passes as u64);
        for (i, v) in self.vars.iter().enumerate() {
            if *v != 0.0 {
                h ^= mix(((0x8000 + i as u64) << 48) ^ v.to_bits());
            }
        }
        h
    }

    /// Which seat plays each player (0 = the seat that moved first).
    pub fn seats(&self) -> &[u8] {
        &self.seats
    }
}

/// SplitMix64's finaliser: a good 64-bit mixing function.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What an expression sees: the position, from one player's point of view.
struct Ctx<'a> {
    g: &'a Game,
    cells: &'a [u8],
    sets: &'a [u64],
    groups: &'a mut Groups,
    stack: &'a mut Vec<u32>,
    me: PlayerId,
    here: u32,
    turn: u32,
    /// Values of the direction variables.
    dirs: [u8; 8],
    vars: &'a [f64; 16],
    passes: u32,
    origin: u32,
    jumped: u32,
    /// The groups bound by `each group`, one set per slot.
    set_vars: &'a [u64],
}

impl Ctx<'_> {
    fn w(&self) -> usize {
        self.g.words
    }

    fn raw(&self, s: usize) -> &[u64] {
        let w = self.g.words;
        &self.sets[s * w..(s + 1) * w]
    }

    fn who(&self, w: Who) -> usize {
        match w {
            Who::Me => self.me as usize,
            Who::Opponent => (self.me as usize + 1) % self.g.players,
            Who::Player(p) => p as usize,
        }
    }

    fn fixed(&self, e: &SetExpr) -> Option<&[u64]> {
        match e {
            SetExpr::Fixed(i) => Some(self.g.rules.fixed_sets[*i as usize].words()),
            SetExpr::PerPlayer(v) => {
                Some(self.g.rules.fixed_sets[v[self.me as usize] as usize].words())
            }
            _ => None,
        }
    }

    /// A set stored in the state, usable without copying.
    #[inline]
    fn stored(&self, e: &SetExpr) -> Option<&[u64]> {
        Some(match e {
            SetExpr::Empty => self.raw(EMPTY),
            SetExpr::Occupied => self.raw(OCCUPIED),
            SetExpr::Owned(w) => self.raw(self.g.owner_set(self.who(*w))),
            SetExpr::Piece(k) => self.raw(self.g.piece_set(*k as usize)),
            SetExpr::Mark(m) => self.raw(self.g.mark_set(*m as usize)),
            SetExpr::Var(slot) => {
                let w = self.g.words;
                &self.set_vars[*slot as usize * w..(*slot as usize + 1) * w]
            }
            SetExpr::ByPlayer(v) => return self.stored(&v[self.me as usize]),
            _ => return self.fixed(e),
        })
    }

    /// Evaluates a set into `out`, using `tmp` for intermediate sets.
    fn set(&mut self, e: &SetExpr, out: &mut [u64], tmp: &mut [u64]) {
        let w = self.w();
        if let Some(s) = self.stored(e) {
            out.copy_from_slice(s);
            return;
        }

        match e {
            SetExpr::All => {
                let n = self.g.rules.board.len();
                out.fill(!0);
                if !n.is_multiple_of(64) {
                    out[w - 1] = (1u64 << (n % 64)) - 1;
                }
            }
            SetExpr::Here | SetExpr::Origin | SetExpr::Jumped => {
                out.fill(0);
                let c = match e {
                    SetExpr::Here => self.here,
                    SetExpr::Origin => self.origin,
                    _ => self.jumped,
                };
                if c != NO_CELL {
                    cellset::insert(out, c as usize);
                }
            }
            SetExpr::Enemy => {
                let own = self.g.owner_set(self.me as usize);
                let neutral = self.g.neutral_set();
                for j in 0..w {
                    out[j] = self.raw(OCCUPIED)[j] & !self.raw(own)[j] & !self.raw(neutral)[j];
                }
            }
            SetExpr::Union(a, b) | SetExpr::Inter(a, b) | SetExpr::Except(a, b) => {
                self.set(a, out, tmp);
                let (t, rest) = tmp.split_at_mut(w);
                let t: &[u64] = match self.stored(b) {
                    Some(s) => s,
                    None => {
                        self.set(b, t, rest);
                        t
                    }
                };
                // Borrow dance: `t` may borrow self; copy the words out first.
                for j in 0..w {
                    let y = t[j];
                    out[j] = match e {
                        SetExpr::Union(..) => out[j] | y,
                        SetExpr::Inter(..) => out[j] & y,
                        _ => out[j] & !y,
                    };
                }
            }
            SetExpr::Complement(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                self.set(&SetExpr::All, out, rest);
                for j in 0..w {
                    out[j] &= !t[j];
                }
            }
            SetExpr::Neighbors(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                let t: &[u64] = match self.stored(a) {
                    Some(s) => s,
                    None => {
                        self.set(a, t, rest);
                        t
                    }
                };
                out.fill(0);
                // Each cell's neighbours are a precomputed set: OR them.
                for c in cellset::cells(t) {
                    let nb = &self.g.neighbor_masks[c * w..(c + 1) * w];
                    for j in 0..w {
                        out[j] |= nb[j];
                    }
                }
            }
            SetExpr::Where(a, cond) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                out.fill(0);
                let saved = self.here;
                for c in cellset::cells(t) {
                    self.here = c as u32;
                    if self.cond(cond, rest) {
                        cellset::insert(out, c);
                    }
                }
                self.here = saved;
            }
            SetExpr::ByPlayer(v) => {
                let e = &v[self.me as usize];
                self.set(e, out, tmp);
            }
            SetExpr::Reach(seed, through) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(through, t, rest);
                self.set(seed, out, rest);
                self.stack.clear();
                self.stack.extend(cellset::cells(out).map(|c| c as u32));
                let board = &self.g.rules.board;
                while let Some(c) = self.stack.pop() {
                    for &n in board.neighbors(c as usize) {
                        let n = n as usize;
                        if cellset::contains(t, n) && !cellset::contains(out, n) {
                            cellset::insert(out, n);
                            self.stack.push(n as u32);
                        }
                    }
                }
            }
            SetExpr::Like(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                // The pieces present in the set, then for each the cells of
                // that kind and owner.
                let mut codes = [0u64; 4];
                for c in cellset::cells(t) {
                    let code = self.cells[c] as usize;
                    if code != 0 {
                        codes[code / 64] |= 1 << (code % 64);
                    }
                }
                out.fill(0);
                let owners = self.g.players + 1;
                for (i, &bits) in codes.iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        let code = i * 64 + bits.trailing_zeros() as usize - 1;
                        bits &= bits - 1;
                        let kind = self.raw(self.g.piece_set(code / owners));
                        let owner = self.raw(self.g.owner_set(code % owners));
                        for j in 0..w {
                            out[j] |= kind[j] & owner[j];
                        }
                    }
                }
            }
            SetExpr::Box(a) => {
                let (t, rest) = tmp.split_at_mut(w);
                self.set(a, t, rest);
                let board = &self.g.rules.board;
                let (mut r0, mut r1, mut c0, mut c1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
                for c in cellset::cells(t) {
                    let info = board.cell(c);
                    (r0, r1) = (r0.min(info.row), r1.max(info.row));
                    (c0, c1) = (c0.min(info.col), c1.max(info.col));
                }
                // The rows' cells, and the columns' cells.
                let (mut rows, mut cols) = ([0u64; 64], [0u64; 64]);
                for r in r0.max(0)..=r1 {
                    let m = &self.g.row_masks[r as usize * w..(r as usize + 1) * w];
                    for j in 0..w {
                        rows[j] |= m[j];
                    }
                }
                for c in c0.max(0)..=c1 {
                    let m = &self.g.col_masks[c as usize * w..(c as usize + 1) * w];
                    for j in 0..w {
                        cols[j] |= m[j];
                    }
                }
                for j in 0..w {
                    out[j] = rows[j] & cols[j];
                }
            }
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Owned(_)
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => unreachable!("stored sets are copied above"),
        }
    }

    /// Whether one cell is in a set, without building the set.
    fn member(&mut self, e: &SetExpr, c: usize, tmp: &mut [u64]) -> bool {
        if let Some(s) = self.stored(e) {
            return cellset::contains(s, c);
        }
        match e {
            SetExpr::All => true,
            SetExpr::Here => self.here as usize == c,
            SetExpr::Origin => self.origin as usize == c,
            SetExpr::Jumped => self.jumped as usize == c,
            SetExpr::Enemy => {
                cellset::contains(self.raw(OCCUPIED), c)
                    && !cellset::contains(self.raw(self.g.owner_set(self.me as usize)), c)
                    && !cellset::contains(self.raw(self.g.neutral_set()), c)
            }
            SetExpr::Union(a, b) => self.member(a, c, tmp) || self.member(b, c, tmp),
            SetExpr::Inter(a, b) => self.member(a, c, tmp) && self.member(b, c, tmp),
            SetExpr::Except(a, b) => self.member(a, c, tmp) && !self.member(b, c, tmp),
            SetExpr::Complement(a) => !self.member(a, c, tmp),
            SetExpr::Neighbors(a) => {
                let board = &self.g.rules.board;
                board
                    .neighbors(c)
                    .iter()
                    .any(|&n| self.member(a, n as usize, tmp))
            }
            SetExpr::Where(a, cond) => {
                if !self.member(a, c, tmp) {
                    return false;
                }
                let saved = self.here;
                self.here = c as u32;
                let r = self.cond(cond, tmp);
                self.here = saved;
                r
            }
            SetExpr::ByPlayer(v) => {
                let e = &v[self.me as usize];
                self.member(e, c, tmp)
            }
            SetExpr::Reach(..) | SetExpr::Like(_) | SetExpr::Box(_) => {
                // Whole-set questions: build the set.
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(e, t, rest);
                cellset::contains(t, c)
            }
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Owned(_)
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => unreachable!("stored sets are tested above"),
        }
    }

    fn dir(&self, d: &DirExpr) -> Option<usize> {
        match d {
            DirExpr::Const(d) => Some(*d as usize),
            DirExpr::Var(slot) => Some(self.dirs[*slot as usize] as usize),
            DirExpr::Rotate(d, table) => match table[self.dir(d)?] {
                NO_DIR => None,
                r => Some(r as usize),
            },
        }
    }

    fn cond(&mut self, e: &BoolExpr, tmp: &mut [u64]) -> bool {
        match e {
            BoolExpr::Const(b) => *b,
            BoolExpr::Not(a) => !self.cond(a, tmp),
            BoolExpr::And(a, b) => self.cond(a, tmp) && self.cond(b, tmp),
            BoolExpr::Or(a, b) => self.cond(a, tmp) || self.cond(b, tmp),
            BoolExpr::Cmp(op, a, b) => {
                let x = self.int(a, tmp);
                let y = self.int(b, tmp);
                op.test(x, y)
            }
            BoolExpr::NonEmpty(s) => {
                if let Some(s) = self.stored(s) {
                    return !cellset::is_empty(s);
                }
                // `A except B` of stored sets: no set built.
                if let SetExpr::Except(a, b) = s
                    && let (Some(sa), Some(sb)) = (self.stored(a), self.stored(b))
                {
                    return (0..self.w()).any(|j| sa[j] & !sb[j] != 0);
                }
                // `A and B` / `A and (B or C)` of stored sets: no set built.
                if let SetExpr::Inter(a, b) = s
                    && let Some(sa) = self.stored(a)
                {
                    let w = self.w();
                    match &**b {
                        SetExpr::Union(x, y) => {
                            if let (Some(sx), Some(sy)) = (self.stored(x), self.stored(y)) {
                                return (0..w).any(|j| sa[j] & (sx[j] | sy[j]) != 0);
                            }
                        }
                        other => {
                            if let Some(sb) = self.stored(other) {
                                return (0..w).any(|j| sa[j] & sb[j] != 0);
                            }
                        }
                    }
                }
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(s, t, rest);
                !cellset::is_empty(t)
            }
            BoolExpr::At(s, d) => {
                if self.here == NO_CELL {
                    return false;
                }
                let Some(d) = self.dir(d) else { return false };
                match self.g.rules.board.neighbor(self.here as usize, d) {
                    Some(n) => self.member(s, n, tmp),
                    None => false,
                }
            }
            BoolExpr::Quantifier { some, slot, body } => {
                for d in 0..self.g.rules.board.dirs().len() {
                    self.dirs[*slot as usize] = d as u8;
                    if self.cond(body, tmp) == *some {
                        return *some;
                    }
                }
                !*some
            }
            // The rarer, heavier questions, kept out of this function so
            // that the frequent small ones stay cheap to call.
            _ => self.cond_heavy(e, tmp),
        }
    }

    #[inline(never)]
    fn cond_heavy(&mut self, e: &BoolExpr, tmp: &mut [u64]) -> bool {
        match e {
            BoolExpr::Line(s, n) => {
                let (t, rest) = tmp.split_at_mut(self.w());
                let set: &[u64] = match self.stored(s) {
                    Some(stored) => stored,
                    None => {
                        self.set(s, t, rest);
                        t
                    }
                };
                // Few lines on the board: test each as a mask.
                if let Some((_, masks)) = self.g.line_masks.iter().find(|(len, _)| len == n) {
                    let w = self.w();
                    return masks
                        .chunks(w)
                        .any(|m| (0..w).all(|j| set[j] & m[j] == m[j]));
                }
                has_line(&self.g.rules.board, &self.g.line_dirs, set, *n)
            }
            BoolExpr::Connected(s, a, b) => self.connected(s, a, b, tmp),
            BoolExpr::SamePlayer(a, b) => self.who(*a) == self.who(*b),
            BoolExpr::Escapes {
                seed,
                through,
                bound,
            } => {
                if let Some(r) = self.escapes_box(seed, through, bound, tmp) {
                    return r;
                }
                let w = self.w();
                let (t, rest) = tmp.split_at_mut(w);
                self.set(through, t, rest);
                let (bnd, rest) = rest.split_at_mut(w);
                self.set(bound, bnd, rest);
                let (seen, rest) = rest.split_at_mut(w);
                self.set(seed, seen, rest);
                if (0..w).any(|j| seen[j] & !bnd[j] != 0) {
                    return true;
                }
                self.stack.clear();
                self.stack.extend(cellset::cells(seen).map(|c| c as u32));
                let board = &self.g.rules.board;
                while let Some(c) = self.stack.pop() {
                    for &n in board.neighbors(c as usize) {
                        let n = n as usize;
                        if cellset::contains(t, n) && !cellset::contains(seen, n) {
                            if !cellset::contains(bnd, n) {
                                return true;
                            }
                            cellset::insert(seen, n);
                            self.stack.push(n as u32);
                        }
                    }
                }
                false
            }
            BoolExpr::ByPlayer(v) => {
                let e = &v[self.me as usize];
                self.cond(e, tmp)
            }
            BoolExpr::Const(_)
            | BoolExpr::Not(_)
            | BoolExpr::And(..)
            | BoolExpr::Or(..)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::At(..)
            | BoolExpr::Quantifier { .. } => self.cond(e, tmp),
        }
    }

    /// `Escapes` for the common shape `reach(S, E or like(S)) except box(S)`
    /// with stored `S` and `E` (a flood through empty cells and the group's
    /// own pieces, out of its bounding box): no set is built, the box is a
    /// range of rows and columns. `None` for other shapes.
    fn escapes_box(
        &mut self,
        seed: &SetExpr,
        through: &SetExpr,
        bound: &SetExpr,
        tmp: &mut [u64],
    ) -> Option<bool> {
        let SetExpr::Box(inner) = bound else {
            return None;
        };
        let SetExpr::Union(a, b) = through else {
            return None;
        };
        let (plain, like) = match (&**a, &**b) {
            (x, SetExpr::Like(l)) | (SetExpr::Like(l), x) => (x, &**l),
            _ => return None,
        };
        let w = self.w();
        let board = &self.g.rules.board;
        let mut stack = std::mem::take(&mut *self.stack);
        let result =
            self.escapes_box_with(seed, plain, like, inner, &mut tmp[..w], &mut stack, board);
        *self.stack = stack;
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn escapes_box_with(
        &self,
        seed: &SetExpr,
        plain: &SetExpr,
        like: &SetExpr,
        inner: &SetExpr,
        seen: &mut [u64],
        stack: &mut Vec<u32>,
        board: &crate::board::Board,
    ) -> Option<bool> {
        let (s, p, l, i) = (
            self.stored(seed)?,
            self.stored(plain)?,
            self.stored(like)?,
            self.stored(inner)?,
        );
        let (mut r0, mut r1, mut c0, mut c1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for c in cellset::cells(i) {
            let info = board.cell(c);
            (r0, r1) = (r0.min(info.row), r1.max(info.row));
            (c0, c1) = (c0.min(info.col), c1.max(info.col));
        }
        let inside = |c: usize| {
            let info = board.cell(c);
            (r0..=r1).contains(&info.row) && (c0..=c1).contains(&info.col)
        };
        let mut codes = [0u64; 4];
        for c in cellset::cells(l) {
            let code = self.cells[c] as usize;
            if code != 0 {
                codes[code / 64] |= 1 << (code % 64);
            }
        }
        let cells = self.cells;
        let through = |c: usize| {
            let code = cells[c] as usize;
            cellset::contains(p, c) || (code != 0 && codes[code / 64] >> (code % 64) & 1 == 1)
        };
        seen.copy_from_slice(s);
        stack.clear();
        for c in cellset::cells(seen) {
            if !inside(c) {
                return Some(true);
            }
            stack.push(c as u32);
        }
        while let Some(c) = stack.pop() {
            for &n in board.neighbors(c as usize) {
                let n = n as usize;
                if !cellset::contains(seen, n) && through(n) {
                    if !inside(n) {
                        return Some(true);
                    }
                    cellset::insert(seen, n);
                    stack.push(n as u32);
                }
            }
        }
        Some(false)
    }

    /// The player whose pieces a set is, when the union-find answers for
    /// it: groups are of one kind of piece, so only with one owned kind.
    fn owner_of_set(&self, s: &SetExpr) -> Option<usize> {
        if !self.g.single_owned_kind {
            return None;
        }
        match s {
            SetExpr::Owned(w) => Some(self.who(*w)),
            SetExpr::Enemy if self.g.players == 2 => Some(1 - self.me as usize),
            _ => None,
        }
    }

    fn fresh_groups(&mut self, p: usize) {
        if self.groups.is_exact(p) {
            return;
        }
        let w = self.w();
        let g = self.g;
        let owner = &self.sets[g.owner_set(p) * w..(g.owner_set(p) + 1) * w];
        let board = &g.rules.board;
        self.groups
            .rebuild_with(p, cellset::cells(owner), &g.cell_anchors, |c, f| {
                for &n in board.neighbors(c) {
                    if cellset::contains(owner, n as usize) {
                        f(n as usize)
                    }
                }
            });
    }

    fn anchor_bit(&self, e: &SetExpr) -> Option<u32> {
        let id = match e {
            SetExpr::Fixed(i) => *i,
            SetExpr::PerPlayer(v) => v[self.me as usize],
            _ => return None,
        };
        self.g
            .anchor_sets
            .iter()
            .position(|&x| x == id)
            .map(|b| b as u32)
    }

    fn connected(&mut self, s: &SetExpr, a: &SetExpr, b: &SetExpr, tmp: &mut [u64]) -> bool {
        let w = self.w();
        // No cell of the set on one of the sides: no connection (cheap, and
        // common early in a game).
        if let (Some(sw), Some(aw), Some(bw)) = (self.stored(s), self.stored(a), self.stored(b)) {
            let touches = |x: &[u64]| (0..w).any(|j| sw[j] & x[j] != 0);
            if !touches(aw) || !touches(bw) {
                return false;
            }
        }
        if let (Some(p), Some(bit)) = (self.owner_of_set(s), self.anchor_bit(b))
            && self.anchor_bit(a).is_some()
            && self.g.track_groups
        {
            let (t, rest) = tmp.split_at_mut(w);
            self.set(a, t, rest);
            let owner = self.raw(self.g.owner_set(p));
            for j in 0..w {
                t[j] &= owner[j];
            }
            // An inexact forest may join what is apart, never the reverse:
            // its "no" is final, its "yes" is checked on a rebuilt forest.
            for round in 0..2 {
                let joined =
                    cellset::cells(t).any(|c| self.groups.anchors_of(p, c) >> bit & 1 == 1);
                if !joined || self.groups.is_exact(p) || round == 1 {
                    return joined;
                }
                self.fresh_groups(p);
            }
            return false;
        }
        // General case: flood from the cells of `s` in `a` through `s`.
        let (within, rest) = tmp.split_at_mut(w);
        self.set(s, within, rest);
        let (seen, rest) = rest.split_at_mut(w);
        let (target, rest) = rest.split_at_mut(w);
        self.set(b, target, rest);
        self.set(a, seen, rest);
        for j in 0..w {
            seen[j] &= within[j];
        }
        self.stack.clear();
        self.stack.extend(cellset::cells(seen).map(|c| c as u32));
        let board = &self.g.rules.board;
        while let Some(c) = self.stack.pop() {
            let c = c as usize;
            if cellset::contains(target, c) {
                return true;
            }
            for &n in board.neighbors(c) {
                let n = n as usize;
                if cellset::contains(within, n) && !cellset::contains(seen, n) {
                    cellset::insert(seen, n);
                    self.stack.push(n as u32);
                }
            }
        }
        false
    }

    /// (number of groups, size of the largest) among the cells of `s`.
    fn group_stats(&mut self, s: &SetExpr, tmp: &mut [u64]) -> (i64, i64) {
        let w = self.w();
        if let Some(p) = self.owner_of_set(s) {
            self.fresh_groups(p);
            let mut largest = 0;
            let owner = &self.sets[self.g.owner_set(p) * w..(self.g.owner_set(p) + 1) * w];
            for c in cellset::cells(owner) {
                if let Some(size) = self.groups.root_size(p, c) {
                    largest = largest.max(size);
                }
            }
            return (self.groups.count(p) as i64, largest as i64);
        }
        let (within, rest) = tmp.split_at_mut(w);
        self.set(s, within, rest);
        let (seen, _) = rest.split_at_mut(w);
        seen.fill(0);
        let board = &self.g.rules.board;
        let (mut count, mut largest) = (0, 0);
        for start in cellset::cells(within) {
            if cellset::contains(seen, start) {
                continue;
            }
            count += 1;
            let mut size = 0;
            cellset::insert(seen, start);
            self.stack.clear();
            self.stack.push(start as u32);
            while let Some(c) = self.stack.pop() {
                size += 1;
                for &n in board.neighbors(c as usize) {
                    let n = n as usize;
                    // A group holds one kind of piece of one owner.
                    if cellset::contains(within, n)
                        && !cellset::contains(seen, n)
                        && self.cells[n] == self.cells[c as usize]
                    {
                        cellset::insert(seen, n);
                        self.stack.push(n as u32);
                    }
                }
            }
            largest = largest.max(size);
        }
        (count, largest)
    }

    fn int(&mut self, e: &NumExpr, tmp: &mut [u64]) -> f64 {
        match e {
            NumExpr::Const(i) => *i,
            NumExpr::Turn => self.turn as f64,
            NumExpr::Var(v) => self.vars[*v as usize],
            NumExpr::Passes => self.passes as f64,
            NumExpr::Index(w) => (self.who(*w) + 1) as f64,
            NumExpr::Select(c, a, b) => {
                if self.cond(c, tmp) {
                    self.int(a, tmp)
                } else {
                    self.int(b, tmp)
                }
            }
            NumExpr::Count(s) => {
                if let Some(s) = self.stored(s) {
                    return cellset::count(s) as f64;
                }
                // `count(neighbors(here) and S)`: test the few neighbours.
                if let SetExpr::Inter(a, b) = s {
                    let other = match (&**a, &**b) {
                        (SetExpr::Neighbors(x), other) | (other, SetExpr::Neighbors(x))
                            if matches!(**x, SetExpr::Here) =>
                        {
                            Some(other)
                        }
                        _ => None,
                    };
                    if let Some(other) = other {
                        if self.here == NO_CELL {
                            return 0.0;
                        }
                        let w = self.w();
                        let h = self.here as usize;
                        let nb = &self.g.neighbor_masks[h * w..(h + 1) * w];
                        // A stored set (or the enemy's cells): one AND per word.
                        if let Some(s) = self.stored(other) {
                            return (0..w).map(|j| (nb[j] & s[j]).count_ones()).sum::<u32>() as f64;
                        }
                        if matches!(other, SetExpr::Enemy) {
                            let (occ, own, neutral) = (
                                self.raw(OCCUPIED),
                                self.raw(self.g.owner_set(self.me as usize)),
                                self.raw(self.g.neutral_set()),
                            );
                            return (0..w)
                                .map(|j| (nb[j] & occ[j] & !own[j] & !neutral[j]).count_ones())
                                .sum::<u32>() as f64;
                        }
                        let board = &self.g.rules.board;
                        let mut n = 0;
                        for &c in board.neighbors(self.here as usize) {
                            if self.member(other, c as usize, tmp) {
                                n += 1;
                            }
                        }
                        return n as f64;
                    }
                }
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(s, t, rest);
                cellset::count(t) as f64
            }
            NumExpr::Rows(s) | NumExpr::Columns(s) => {
                let (t, rest) = tmp.split_at_mut(self.w());
                self.set(s, t, rest);
                let board = &self.g.rules.board;
                let rows = matches!(e, NumExpr::Rows(_));
                // Boards have at most 4096 cells, so at most 4096 rows.
                let mut seen = [0u64; 64];
                let mut n = 0;
                for c in cellset::cells(t) {
                    let info = board.cell(c);
                    let k = (if rows { info.row } else { info.col }).clamp(0, 4095) as usize;
                    if seen[k / 64] >> (k % 64) & 1 == 0 {
                        seen[k / 64] |= 1 << (k % 64);
                        n += 1;
                    }
                }
                n as f64
            }
            NumExpr::Groups(s) => self.group_stats(s, tmp).0 as f64,
            NumExpr::Largest(s) => self.group_stats(s, tmp).1 as f64,
            NumExpr::ByPlayer(v) => self.int(&v[self.me as usize], tmp),
            NumExpr::Add(a, b) => self.int(a, tmp) + self.int(b, tmp),
            NumExpr::Sub(a, b) => self.int(a, tmp) - self.int(b, tmp),
            NumExpr::Mul(a, b) => self.int(a, tmp) * self.int(b, tmp),
            NumExpr::Neg(a) => -self.int(a, tmp),
        }
    }
}

/// Every line of each length the rules ask about (`line(S, n)` in end
/// rules), as sets, when there are at most 256 words of them per length.
fn line_masks(rules: &Rules, dirs: &[(usize, usize)], words: usize) -> Vec<(u32, Vec<u64>)> {
    fn lengths(e: &BoolExpr, out: &mut Vec<u32>) {
        match e {
            BoolExpr::Line(_, n) => out.push(*n),
            BoolExpr::Not(x) => lengths(x, out),
            BoolExpr::And(x, y) | BoolExpr::Or(x, y) => {
                lengths(x, out);
                lengths(y, out);
            }
            _ => {}
        }
    }
    let mut ns = Vec::new();
    for (c, _) in &rules.ends {
        lengths(c, &mut ns);
    }
    for t in &rules.turns {
        for s in &t.steps {
            if let Step::End(c, _) = s {
                lengths(c, &mut ns);
            }
        }
    }
    ns.sort_unstable();
    ns.dedup();
    let board = &rules.board;
    let mut out = Vec::new();
    for n in ns {
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
