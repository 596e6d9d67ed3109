//! One position: the board as bitsets, where the turn stands, and the
//! space the engine reuses between plies.

use crate::engine::position::history::History;
use crate::engine::{Action, GameResult};
use crate::groups::Groups;
use crate::limits::{MAX_PLAYERS, MAX_VARIABLES};
use crate::rules::*;

/// One position.
#[derive(Debug)]
pub struct State {
    /// Per cell: 0 when empty, else 1 + piece code (kind * players + owner).
    pub(in crate::engine) cells: Vec<u8>,
    /// Bitsets: empty, occupied, each owner, each piece kind, each mark.
    pub(in crate::engine) sets: Vec<u64>,
    pub(in crate::engine) board_hash: u64,
    pub(in crate::engine) groups: Groups,
    /// Whether the game keeps the forests up to date as pieces move (else
    /// a copy forgets them: they are rebuilt when asked).
    pub(in crate::engine) groups_tracked: bool,
    pub(in crate::engine) scratch: Vec<u64>,
    /// The cells each choice of the current step offers.
    pub(in crate::engine) targets: Vec<u64>,
    /// How many actions each choice of the current step offers.
    pub(in crate::engine) counts: Vec<u32>,
    /// The player (colour) whose turn it is.
    pub mover: Player,
    /// Which seat controls each player; the pie rule exchanges them.
    pub(in crate::engine) seats: [u8; MAX_PLAYERS],
    /// Turn number, from 1.
    pub turn: u32,
    pub(crate) turn_def: u16,
    pub(crate) step: u16,
    /// Plies done in the current step.
    pub(in crate::engine) done: u32,
    /// Actions taken in the current turn.
    pub(in crate::engine) acted: u32,
    /// Actions since the start.
    pub ply: u32,
    /// The cell of the last action.
    pub here: u32,
    pub(crate) pie_offered: bool,
    /// The mover plays the next turn too (`again`, in this turn).
    pub(in crate::engine) again: bool,
    pub(in crate::engine) changes: u64,
    /// Values of the game's variables (`choose`).
    pub(in crate::engine) vars: [f64; MAX_VARIABLES],
    /// Pieces in hand, `player * pieces + kind` (`reserve`; empty without).
    pub(in crate::engine) reserve: Vec<u16>,
    /// Passes in a row just made.
    pub(in crate::engine) passes: u32,
    /// The cell the last moving piece left, and the cell it jumped over.
    pub(in crate::engine) origin: u32,
    pub(in crate::engine) jumped: u32,
    /// Whether [`State::hash`] includes those cells and `here`.
    pub(in crate::engine) hash_last_cells: bool,
    /// The hash includes the key of the position the turn started on: the
    /// rules ask `changed`, so states in the middle of turns begun on
    /// different positions play differently.
    pub(in crate::engine) hash_turn_start: bool,
    /// Cells of the groups bound by `each group` (one set per slot).
    pub(in crate::engine) set_vars: Vec<u64>,
    /// Per watched line, its set when a check last found no line in it.
    pub(in crate::engine) line_seen: Vec<u64>,
    /// The actions named and failed at the current decision of a `try`
    /// step (see `Rules::tries`): not offered again until an action is
    /// played. Empty in every other game.
    pub(in crate::engine) tried: Vec<crate::engine::Action>,
    pub(crate) result: Option<GameResult>,
    /// The game ended because the player to move could not act.
    pub(in crate::engine) ended_stuck: bool,
    /// `keep turns with`: the value of the best turn after each action of
    /// this decision, worked out at its first question (see `kept.rs`).
    pub(in crate::engine) preferred: Preferred,
    /// A state of that search: it judges no preference itself, and its
    /// turn stops at its end (`turn_over`) instead of going on to the next.
    pub(in crate::engine) no_preference: bool,
    /// In such a state: the turn has played its last step.
    pub(in crate::engine) turn_over: bool,
    /// Stop where the turn ends, as a search state does, but judging
    /// preferences as usual (see [`Game::play_to_turn_end`]).
    pub(in crate::engine) stop_at_turn_end: bool,
    /// The position at the start of each turn so far and the player to
    /// move then ([`position_key`]; kept only in games that ask).
    pub(in crate::engine) history: History,
    /// What play reuses between calls, no part of the position.
    pub(in crate::engine) work: Work,
}

/// What play reuses between calls and a copy of the state never carries:
/// registers, a stack of cells, the positions `keep if` tries actions on
/// and the answers worked out for this position. A copy gets fresh ones
/// of the same sizes.
#[derive(Debug, Default)]
pub(in crate::engine) struct Work {
    /// The registers of the set programs (see `program`).
    pub(in crate::engine) regs: Vec<u64>,
    /// The registers of the current step's code (see `step_sets`), apart
    /// from `regs`: a condition in it may run a set program.
    pub(in crate::engine) step_regs: Vec<u64>,
    /// Cells to visit (floods, sowing, moved pieces).
    pub(in crate::engine) stack: Vec<u32>,
    /// The position a `keep if` tries an action on (made at its first
    /// use, then reused).
    pub(in crate::engine) trial: Trial,
    /// The answers of the `keep if` conditions judged by the cells they
    /// read, for this position (worked out at their first question).
    pub(in crate::engine) keep_reads: crate::engine::movegen::kept_reads::KeepReads,
    /// The position a `keep if` that asks `stuck` plays on from a trial's
    /// result (made at its first use, then reused).
    pub(in crate::engine) lookahead: Trial,
}

impl Work {
    /// Empty space: `regs` and `step_regs` words of registers, a stack for
    /// `cells` cells.
    pub(in crate::engine) fn new(regs: usize, step_regs: usize, cells: usize) -> Work {
        Work {
            regs: vec![0; regs],
            step_regs: vec![0; step_regs],
            stack: Vec::with_capacity(cells),
            ..Work::default()
        }
    }

    /// Fresh space of the same sizes.
    fn fresh(&self) -> Work {
        Work::new(self.regs.len(), self.step_regs.len(), self.stack.capacity())
    }
}

/// A position as `repetitions` and `seen-before` compare it: the pieces
/// and marks (the incremental board hash) and the hands; not the turn
/// number, the variables (counters) or where the turn stands.
#[inline]
pub(in crate::engine) fn position_key(board_hash: u64, reserve: &[u16]) -> u64 {
    let mut key = board_hash;
    for (i, &n) in reserve.iter().enumerate() {
        if n != 0 {
            key ^= mix(((0xB000 + i as u64) << 32) ^ n as u64);
        }
    }
    key
}

/// A spare position for `keep if` trials, behind a `RefCell` so that the
/// read-only queries (`random_action`, `legal_actions`, `is_legal`) can
/// use it; a copy of a state starts without one.
#[derive(Debug, Default)]
pub(in crate::engine) struct Trial(std::cell::RefCell<Option<Box<State>>>);

impl Trial {
    /// The spare position, borrowed for one trial.
    pub(in crate::engine) fn borrow_mut(&self) -> std::cell::RefMut<'_, Option<Box<State>>> {
        self.0.borrow_mut()
    }
}

impl Clone for Trial {
    fn clone(&self) -> Trial {
        Trial::default()
    }
}

/// What `keep turns with` found at one decision, and the room its search
/// reuses from one decision to the next (nothing is allocated once the
/// longest turn has been searched).
#[derive(Debug, Default)]
pub(in crate::engine) struct TurnValues {
    /// The position's key, when `values` are for it.
    pub(in crate::engine) key: Option<u64>,
    /// Each action of the decision, with the best number a whole turn
    /// starting with it reaches.
    pub(in crate::engine) values: Vec<(Action, f64)>,
    /// A position for each depth of the search.
    pub(in crate::engine) states: Vec<State>,
    /// The actions listed at each depth of the search.
    pub(in crate::engine) actions: Vec<Vec<Action>>,
    /// A search of this state gave up past [`crate::limits::MAX_TURN_SEARCH`]
    /// positions: every action is refused from then on (kept when the
    /// state is cloned or another position is copied in, so that a copy or
    /// a reused search state stops at once).
    pub(in crate::engine) too_long: Option<crate::engine::TurnTooLong>,
}

/// What `keep turns with` found at one decision (see [`TurnValues`]).
#[derive(Debug, Default)]
pub(in crate::engine) struct Preferred(pub(in crate::engine) std::cell::RefCell<TurnValues>);

impl Clone for Preferred {
    /// The search's room is not copied; that it gave up is (a copy of a
    /// position that cannot be judged cannot be either).
    fn clone(&self) -> Preferred {
        // Borrowed when the search itself copies its position (which has
        // not given up then).
        let too_long = self.0.try_borrow().ok().and_then(|c| c.too_long);
        Preferred(std::cell::RefCell::new(TurnValues {
            too_long,
            ..TurnValues::default()
        }))
    }
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            cells: self.cells.clone(),
            sets: self.sets.clone(),
            board_hash: self.board_hash,
            groups: self.groups.clone(),
            groups_tracked: self.groups_tracked,
            scratch: self.scratch.clone(),
            targets: self.targets.clone(),
            counts: self.counts.clone(),
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
            again: self.again,
            changes: self.changes,
            vars: self.vars,
            reserve: self.reserve.clone(),
            passes: self.passes,
            origin: self.origin,
            jumped: self.jumped,
            hash_last_cells: self.hash_last_cells,
            hash_turn_start: self.hash_turn_start,
            set_vars: self.set_vars.clone(),
            line_seen: self.line_seen.clone(),
            tried: self.tried.clone(),
            result: self.result,
            ended_stuck: self.ended_stuck,
            preferred: self.preferred.clone(),
            no_preference: self.no_preference,
            turn_over: self.turn_over,
            stop_at_turn_end: self.stop_at_turn_end,
            history: self.history.clone(),
            work: self.work.fresh(),
        }
    }

    /// Copies without allocating when the shapes match (perft reuses states).
    fn clone_from(&mut self, o: &State) {
        self.copy_position_from(o);
        self.history.copy_from(&o.history);
    }
}

impl State {
    /// Copies the position and where the turn stands, not the history nor
    /// the kept offers: what a `keep if` trial needs (it reads the history
    /// of the state it copies).
    pub(in crate::engine) fn copy_position_from(&mut self, o: &State) {
        self.cells.clone_from(&o.cells);
        self.sets.clone_from(&o.sets);
        self.board_hash = o.board_hash;
        if o.groups_tracked {
            self.groups.clone_from(&o.groups);
        } else {
            self.groups.forget();
        }
        self.targets.clone_from(&o.targets);
        self.counts.clone_from(&o.counts);
        if self.scratch.len() != o.scratch.len() {
            self.scratch.clone_from(&o.scratch);
        }
        if self.work.regs.len() != o.work.regs.len() {
            self.work.regs = vec![0; o.work.regs.len()];
        }
        if self.work.step_regs.len() != o.work.step_regs.len() {
            self.work.step_regs = vec![0; o.work.step_regs.len()];
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
        self.again = o.again;
        self.changes = o.changes;
        self.vars = o.vars;
        self.reserve.clone_from(&o.reserve);
        self.passes = o.passes;
        self.origin = o.origin;
        self.jumped = o.jumped;
        self.hash_last_cells = o.hash_last_cells;
        self.hash_turn_start = o.hash_turn_start;
        self.set_vars.clone_from(&o.set_vars);
        self.line_seen.clone_from(&o.line_seen);
        self.tried.clone_from(&o.tried);
        self.result = o.result;
        self.ended_stuck = o.ended_stuck;
        self.turn_over = o.turn_over;
        self.stop_at_turn_end = o.stop_at_turn_end;
        self.preferred.0.borrow_mut().key = None;
    }
}

impl State {
    /// Whether `keep turns with` gave up judging a decision of this state
    /// (or of a position copied into it since): its turns were too long to
    /// search, so the actions it offers are void.
    pub fn turn_too_long(&self) -> Option<crate::engine::TurnTooLong> {
        self.preferred.0.try_borrow().ok().and_then(|c| c.too_long)
    }

    /// The value of variable `i`.
    pub fn var(&self, i: usize) -> f64 {
        self.vars[i]
    }

    /// The step the state stands at: the index of its turn rule in
    /// `Rules::turns` and of the step in that rule's `steps` (past the last
    /// step when the turn has none left).
    pub fn step_index(&self) -> (usize, usize) {
        (self.turn_def as usize, self.step as usize)
    }

    /// Plies already taken in the current step (for `3 x add`: 0, 1 or 2).
    pub fn done_in_step(&self) -> u32 {
        self.done
    }

    /// How the game ended, or `None` while it goes on.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Whether the game has ended.
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
        h ^= mix(0x1000_0000 ^ self.mover.index() as u64);
        h ^= mix(0x2000_0000 ^ self.turn as u64);
        h ^= mix(0x3000_0000 ^ ((self.step as u64) << 32 | self.done as u64));
        h ^= mix(0x4000_0000 ^ self.acted as u64);
        h ^= mix(0x5000_0000 ^ u64::from_le_bytes(self.seats));
        h ^= mix(0x6000_0000 ^ self.turn_def as u64);
        h ^= mix(0x7000_0000 ^ self.passes as u64);
        if self.again {
            h ^= mix(0xC000_0000);
        }
        for a in &self.tried {
            h ^= mix(0xE000_0000 ^ hash_action(*a));
        }
        if self.hash_turn_start {
            h ^= mix(0xD000_0000 ^ self.history.turn_start());
        }
        for (i, v) in self.vars.iter().enumerate() {
            if *v != 0.0 {
                h ^= var_hash(i, *v);
            }
        }
        for (i, &n) in self.reserve.iter().enumerate() {
            h ^= mix(((0xB000 + i as u64) << 32) ^ n as u64);
        }
        h
    }

    /// [`State::hash`] without the turn number.
    pub(in crate::engine) fn hash_but_turn(&self) -> u64 {
        self.hash() ^ mix(0x2000_0000 ^ self.turn as u64)
    }

    /// Pieces of kind `kind` in `player`'s hand (0 for a kind without a
    /// reserve).
    pub fn in_hand(&self, player: usize, kind: usize, kinds: usize) -> u16 {
        self.reserve
            .get(player * kinds + kind)
            .copied()
            .unwrap_or(0)
    }

    /// Which seat plays each player (0 = the seat that moved first).
    pub fn seats(&self) -> &[u8] {
        &self.seats
    }
}

/// What a position's hash is made of: random keys per cell and piece
/// code, per cell and mark, and per cell for counters; and which of the
/// position's other parts it includes.
#[derive(Clone, Debug)]
pub(in crate::engine) struct HashKeys {
    /// Zobrist keys: `cell * codes + code` for pieces.
    pub piece: Vec<u64>,
    /// `cell * marks + mark`.
    pub mark: Vec<u64>,
    /// Counters' hash: a random key per cell, and one for `last-sown`; the
    /// position's counters add up to `Σ count × key` (wrapping), kept in
    /// the state and mixed into the board hash.
    pub tally: Vec<u64>,
    /// Stacks' hash: a random key per cell; a stack of h pieces adds
    /// `mix(key ^ h)` when h is 2 or more (one piece is the piece's key).
    pub height: Vec<u64>,
    /// The hash includes the last action's cells (see
    /// [`crate::engine::prepare::facts::Facts::last_cells`]).
    pub last_cells: bool,
    /// `State::hash` includes the position the turn started on (`changed`).
    pub turn_start: bool,
}

/// SplitMix64's finaliser: a good 64-bit mixing function.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Variable `i` holding `v`, for [`State::hash`]: the variable's own key,
/// apart from the value's bits. Placed side by side in one word, a value's
/// high bits cancelled the index's (pot 16 with score 16 hashed as pot 17
/// with score 17).
fn var_hash(i: usize, v: f64) -> u64 {
    mix(mix(0x8000 + i as u64) ^ v.to_bits())
}

/// An action as a number for [`State::hash`]: its choice and its cells or
/// option.
fn hash_action(a: crate::engine::Action) -> u64 {
    use crate::engine::ActionKind;
    let (x, y) = match a.kind {
        ActionKind::Moves { from, to } | ActionKind::Jumps { from, to, .. } => {
            (from.index() as u64, to.index() as u64)
        }
        ActionKind::OnCell(c) => (c.index() as u64, 0xF_FFFF),
        ActionKind::Pick(k) => (u64::from(k), 0xF_FFFE),
        ActionKind::Pie => (0, 0xF_FFFD),
    };
    u64::from(a.choice) << 40 | x << 20 | y
}

#[cfg(test)]
mod tests {
    use super::var_hash;
    use std::collections::HashSet;

    #[test]
    fn two_variables_with_small_values_never_hash_alike() {
        // Every pair of values 0..=40 (and halves) of two variables, as
        // State::hash folds them: all different.
        let values: Vec<f64> = (0..=80).map(|k| f64::from(k) / 2.0).collect();
        for (a, b) in [(0, 1), (2, 3), (3, 4), (1, 6)] {
            let mut seen = HashSet::new();
            for &x in &values {
                for &y in &values {
                    let h = var_hash(a, x) ^ var_hash(b, y);
                    assert!(
                        seen.insert(h),
                        "variables {a}={x} and {b}={y} hash like another pair"
                    );
                }
            }
        }
    }
}
