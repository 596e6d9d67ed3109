//! A position as planes of numbers over the board, derived from the rules,
//! for learning code (OpenSpiel's `observation_tensor`).
//!
//! The tensor is `[planes, rows, cols]`: the board's cells at their row
//! and column (cells that share one, as on a ring of pits, go in one row
//! in cell order), other entries 0. The planes, in order:
//!
//! - `KIND:OWNER` per piece kind and owner (`neutral` for pieces of no
//!   player): 1 where such a piece stands;
//! - `mark:NAME` per mark: 1 on marked cells;
//! - `counters` (games with counters): the count on each cell;
//! - `stack` (games with stacks): the pieces on each cell;
//! - `hand:PLAYER:KIND` (games with pieces in hand) and
//!   `counters-in-hand:PLAYER`: the number, on every cell;
//! - `var:NAME` per variable: its value, on every cell;
//! - `mover:PLAYER`: 1 everywhere on the plane of the player to move;
//! - `seat:PLAYER`: 1 everywhere on the planes of the players the observing
//!   seat plays (the pie rule exchanges them);
//! - `last`: 1 on the cell of the last action (where a turn of several
//!   decisions goes on from);
//! - `step:N` (turns of more than one decision step): 1 everywhere on the
//!   plane of the step the turn stands at; `done-in-step` (steps of several
//!   plies): the plies already taken in it.
//!
//! In a game with `view` (hidden information) the seat sees what its player
//! sees: pieces and counters only on the cells of its view, and a plane
//! `unseen` (after the pieces') with 1 on the cells it does not see. Such a
//! game has no mark planes and no `last` (marks are not part of a view, and
//! the last cell could tell where another player tried). With `view
//! owners`, a plane `owner-only:PLAYER` per player follows `unseen`: 1 on
//! the cells where the seat sees a piece of that player but not its kind.
//! With `view hands: own`, the `hand:PLAYER:KIND` planes of the others'
//! hands are 0, and a plane `hand-size:PLAYER` per player gives the
//! number of pieces each holds.

use crate::engine::{Game, State};
use crate::ids::{Cell, Player};
use crate::rules::{HandsSeen, Repeat, Step};

/// The layout of a game's observation tensor.
#[derive(Clone, Debug)]
pub struct Observation {
    planes: Vec<Plane>,
    names: Vec<String>,
    rows: usize,
    cols: usize,
    /// Per cell: its offset in a plane.
    at: Vec<usize>,
    /// Per decision step (numbered over all turns): its turn rule and
    /// its place in it.
    steps: Vec<(usize, usize)>,
}

#[derive(Clone, Copy, Debug)]
enum Plane {
    Piece(usize, Option<usize>),
    Unseen,
    OwnerOnly(usize),
    HandSize(usize),
    Mark(usize),
    Counters,
    Stack,
    Hand(usize, usize),
    CountersInHand(usize),
    Var(usize),
    Mover(usize),
    Seat(usize),
    Last,
    Step(usize),
    DoneInStep,
}

impl Observation {
    /// The layout for `game`.
    pub fn new(game: &Game) -> Observation {
        let rules = &game.rules;
        let board = game.board();
        let (mut planes, mut names) = (Vec::new(), Vec::new());
        let mut add = |p: Plane, name: String| {
            planes.push(p);
            names.push(name);
        };
        let players = rules.players.len();
        for (k, kind) in rules.pieces.iter().enumerate() {
            if rules.neutral[k] {
                add(Plane::Piece(k, None), format!("{kind}:neutral"));
            } else {
                for (p, player) in rules.players.iter().enumerate() {
                    add(Plane::Piece(k, Some(p)), format!("{kind}:{player}"));
                }
            }
        }
        let views = rules.view.is_some();
        if views {
            add(Plane::Unseen, "unseen".into());
        }
        if rules.view_owners.is_some() {
            for (p, player) in rules.players.iter().enumerate() {
                add(Plane::OwnerOnly(p), format!("owner-only:{player}"));
            }
        }
        for (m, mark) in rules.marks.iter().enumerate().filter(|_| !views) {
            add(Plane::Mark(m), format!("mark:{mark}"));
        }
        if rules.counters.is_some() {
            add(Plane::Counters, "counters".into());
        }
        if rules.stacks {
            add(Plane::Stack, "stack".into());
        }
        if !rules.reserve.is_empty() {
            for (p, player) in rules.players.iter().enumerate() {
                for (k, kind) in rules.pieces.iter().enumerate() {
                    add(Plane::Hand(p, k), format!("hand:{player}:{kind}"));
                }
            }
            if rules.hands_seen == HandsSeen::Own {
                for (p, player) in rules.players.iter().enumerate() {
                    add(Plane::HandSize(p), format!("hand-size:{player}"));
                }
            }
        }
        if rules.counter_hands {
            for (p, player) in rules.players.iter().enumerate() {
                add(
                    Plane::CountersInHand(p),
                    format!("counters-in-hand:{player}"),
                );
            }
        }
        for (v, var) in rules.variables.iter().enumerate() {
            add(Plane::Var(v), format!("var:{}", var.name));
        }
        for (p, player) in rules.players.iter().enumerate() {
            add(Plane::Mover(p), format!("mover:{player}"));
        }
        for (p, player) in rules.players.iter().enumerate().take(players) {
            add(Plane::Seat(p), format!("seat:{player}"));
        }
        if !views {
            add(Plane::Last, "last".into());
        }
        let steps: Vec<(usize, usize)> = (rules.turns.iter().enumerate())
            .flat_map(|(t, turn)| (turn.steps.iter().enumerate()).map(move |(i, s)| (t, i, s)))
            .filter(|(_, _, s)| matches!(s, Step::Choose { .. }))
            .map(|(t, i, _)| (t, i))
            .collect();
        if steps.len() > 1 {
            for i in 0..steps.len() {
                add(Plane::Step(i), format!("step:{i}"));
            }
        }
        let repeats = rules
            .turns
            .iter()
            .flat_map(|t| &t.steps)
            .any(|s| matches!(s, Step::Choose { repeat, .. } if *repeat != Repeat::Times(1)));
        if repeats {
            add(Plane::DoneInStep, "done-in-step".into());
        }
        // Rows and columns, when every cell has its own.
        let info: Vec<(i32, i32)> = board
            .cells()
            .map(|c| (board.cell(c).row, board.cell(c).col))
            .collect();
        let (r0, c0) = (
            info.iter().map(|x| x.0).min().unwrap_or(0),
            info.iter().map(|x| x.1).min().unwrap_or(0),
        );
        let rows = info
            .iter()
            .map(|x| (x.0 - r0) as usize + 1)
            .max()
            .unwrap_or(1);
        let cols = info
            .iter()
            .map(|x| (x.1 - c0) as usize + 1)
            .max()
            .unwrap_or(1);
        let mut at: Vec<usize> = info
            .iter()
            .map(|&(r, c)| (r - r0) as usize * cols + (c - c0) as usize)
            .collect();
        let mut seen = at.clone();
        seen.sort_unstable();
        seen.dedup();
        let (rows, cols) = if seen.len() == at.len() {
            (rows, cols)
        } else {
            at = (0..board.len()).collect();
            (1, board.len())
        };
        Observation {
            planes,
            names,
            rows,
            cols,
            at,
            steps,
        }
    }

    /// `[planes, rows, cols]`.
    pub fn shape(&self) -> [usize; 3] {
        [self.planes.len(), self.rows, self.cols]
    }

    /// How many numbers a tensor holds.
    pub fn len(&self) -> usize {
        self.planes.len() * self.rows * self.cols
    }

    /// Whether the tensor holds no numbers (never: there is a `last` plane).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The planes' names, in order (see the module's comment).
    pub fn plane_names(&self) -> &[String] {
        &self.names
    }

    /// Each cell's (row, column) in a plane.
    pub fn cell_place(&self, cell: Cell) -> (usize, usize) {
        let at = self.at[cell.index()];
        (at / self.cols, at % self.cols)
    }

    /// Writes `st` seen by `seat` into `out` (`len()` numbers, row-major).
    pub fn write(&self, game: &Game, st: &State, seat: usize, out: &mut [f32]) {
        let area = self.rows * self.cols;
        out.fill(0.0);
        let rules = &game.rules;
        let board = game.board();
        let viewer = game.player_in_seat(st, seat);
        let views = (rules.view.as_ref()).and_then(|_| game.views_of(st, viewer));
        let sees = |c: Cell| views.as_ref().is_none_or(|(s, _)| s.contains(c.index()));
        let owner_only = |c: Cell| views.as_ref().is_some_and(|(_, o)| o.contains(c.index()));
        let kinds = rules.pieces.len();
        let at_step = |&at: &(usize, usize)| st.step_index() == at;
        for (i, plane) in self.planes.iter().enumerate() {
            let out = &mut out[i * area..(i + 1) * area];
            let constant = match *plane {
                Plane::Piece(k, owner) => {
                    for c in board.cells() {
                        if let Some(p) = game.piece_at(st, c)
                            && sees(c)
                            && p.kind.index() == k
                            && p.owner.map(|o| o.index()) == owner
                        {
                            out[self.at[c.index()]] = 1.0;
                        }
                    }
                    continue;
                }
                Plane::Unseen => {
                    for c in board.cells().filter(|&c| !sees(c) && !owner_only(c)) {
                        out[self.at[c.index()]] = 1.0;
                    }
                    continue;
                }
                Plane::Mark(m) => {
                    for c in board.cells() {
                        if game.has_mark(st, c, m) {
                            out[self.at[c.index()]] = 1.0;
                        }
                    }
                    continue;
                }
                Plane::Counters => {
                    for c in board.cells().filter(|&c| sees(c)) {
                        out[self.at[c.index()]] = game.tally(st, c) as f32;
                    }
                    continue;
                }
                Plane::Stack => {
                    for c in board.cells().filter(|&c| sees(c)) {
                        out[self.at[c.index()]] = game.height(st, c) as f32;
                    }
                    continue;
                }
                Plane::Last => {
                    if (st.here as usize) < board.len() {
                        out[self.at[st.here as usize]] = 1.0;
                    }
                    continue;
                }
                Plane::OwnerOnly(p) => {
                    for c in board.cells().filter(|&c| owner_only(c)) {
                        if game.piece_at(st, c).and_then(|x| x.owner) == Some(Player::new(p)) {
                            out[self.at[c.index()]] = 1.0;
                        }
                    }
                    continue;
                }
                Plane::Hand(p, _) if rules.hands_seen == HandsSeen::Own && p != viewer.index() => {
                    0.0
                }
                Plane::Hand(p, k) => st.in_hand(p, k, kinds) as f32,
                Plane::HandSize(p) => (0..kinds).map(|k| st.in_hand(p, k, kinds) as f32).sum(),
                Plane::CountersInHand(p) => game.counters_in_hand(st, Player::new(p)) as f32,
                Plane::Var(v) => st.var(v) as f32,
                Plane::Mover(p) => f32::from(st.mover.index() == p),
                Plane::Seat(p) => f32::from(game.seat_of(st, Player::new(p)) == seat),
                Plane::Step(s) => f32::from(at_step(&self.steps[s])),
                Plane::DoneInStep => st.done_in_step() as f32,
            };
            if constant != 0.0 {
                for &at in &self.at {
                    out[at] = constant;
                }
            }
        }
    }
}
