//! Evaluation of sets, seen from one player, over a position: the
//! context every evaluator works in; conditions and numbers are in
//! [`crate::engine::eval::conditions`].

pub(in crate::engine) mod attacks;
pub(in crate::engine) mod cell_tests;
pub(in crate::engine) mod conditions;
pub(in crate::engine) mod floods;
pub(in crate::engine) mod lift;
pub(in crate::engine) mod lines;
pub(in crate::engine) mod program;
pub(in crate::engine) mod rare_sets;
pub(in crate::engine) mod ray_sets;
pub(in crate::engine) mod registers;
pub(in crate::engine) mod step_sets;

use crate::cellset;
use crate::cellset::CellSet;
use crate::engine::{EMPTY, Game, NO_CELL, OCCUPIED, State};
use crate::groups::Groups;
use crate::ids::{Cell, Player};
use crate::limits::{MAX_BINDINGS, MAX_VARIABLES};
use crate::rules::parts::{SetClass, Stored};
use crate::rules::*;

/// What an expression sees: the position, from one player's point of view.
pub(in crate::engine) struct Ctx<'a> {
    pub(in crate::engine) g: &'a Game,
    pub(in crate::engine) cells: &'a [u8],
    pub(in crate::engine) sets: &'a [u64],
    pub(in crate::engine) groups: &'a mut Groups,
    pub(in crate::engine) stack: &'a mut Vec<u32>,
    pub(in crate::engine) me: Player,
    pub(in crate::engine) here: u32,
    /// The state's own fields, not copies: they are often stored just
    /// before a context is made (a turn begun, a move made), and the
    /// compiler copies several at once, in a load that waits for those
    /// stores to complete.
    pub(in crate::engine) turn: &'a u32,
    /// Values of the direction variables.
    pub(in crate::engine) dirs: [u8; MAX_BINDINGS],
    pub(in crate::engine) vars: &'a [f64; MAX_VARIABLES],
    /// Pieces in hand, `player * pieces + kind` (see [`State::reserve`]).
    pub(in crate::engine) reserve: &'a [u16],
    pub(in crate::engine) passes: &'a u32,
    /// The mover plays the next turn too (`again`).
    pub(in crate::engine) again: &'a bool,
    pub(in crate::engine) origin: &'a u32,
    /// The last action's cell (the state's `here`), unlike `here` never
    /// rebound by a `where`.
    pub(in crate::engine) action_cell: &'a u32,
    pub(in crate::engine) jumped: &'a u32,
    /// The groups bound by `each group`, one set per slot.
    pub(in crate::engine) set_vars: &'a [u64],
    /// Each watched line's set when a check last found no line in it (see
    /// [`crate::engine::eval::lines`]).
    pub(in crate::engine) line_seen: &'a mut [u64],
    /// The pieces and marks, hashed (for `repetitions`).
    pub(in crate::engine) board_hash: u64,
    /// The positions at each turn's start (see `State::history`).
    pub(in crate::engine) history: &'a crate::engine::position::history::History,
    /// While offering a step's actions: the game's shared sets, as computed
    /// (W words each), with a bit for each one computed yet.
    pub(in crate::engine) memo: &'a mut [u64],
    pub(in crate::engine) memo_valid: u64,
    /// Whether `here` and the directions are the offer's own (not rebound).
    pub(in crate::engine) memo_on: bool,
    /// The registers of the set programs (see [`crate::engine::eval::program`]).
    pub(in crate::engine) regs: &'a mut [u64],
    /// In a `keep if` trial that asks `stuck`: whether the player deciding
    /// next, the game played on from the trial's position, has no action.
    pub(in crate::engine) next_stuck: Option<&'a dyn Fn() -> bool>,
}

/// An operand read a word at a time (see [`Ctx::leaf`]).
enum Leaf<'a> {
    Stored(&'a [u64]),
    /// Occupied, own, neutral.
    Enemy(&'a [u64], &'a [u64], &'a [u64]),
}

impl Leaf<'_> {
    #[inline(always)]
    fn word(&self, j: usize) -> u64 {
        match self {
            Leaf::Stored(s) => s[j],
            Leaf::Enemy(occ, own, neutral) => occ[j] & !own[j] & !neutral[j],
        }
    }
}

impl Ctx<'_> {
    #[inline(always)]
    pub(in crate::engine) fn w(&self) -> usize {
        self.g.words
    }

    #[inline(always)]
    pub(in crate::engine) fn raw(&self, s: usize) -> &[u64] {
        let w = self.g.words;
        &self.sets[s * w..(s + 1) * w]
    }

    #[inline]
    pub(in crate::engine) fn who(&self, w: Who) -> usize {
        match w {
            Who::Me => self.me.index(),
            Who::Opponent => self.g.after(self.me.index()),
            Who::Player(p) => p.index(),
        }
    }

    pub(in crate::engine) fn fixed(&self, e: &SetExpr) -> Option<&[u64]> {
        let i = match e.class() {
            SetClass::Fixed(i) => i,
            SetClass::FixedPerPlayer(v) => v[self.me.index()],
            SetClass::Stored(_)
            | SetClass::Bound(_)
            | SetClass::ActionCell(_)
            | SetClass::ByPlayer(_)
            | SetClass::Computed => return None,
        };
        Some(self.g.rules.fixed_sets[i as usize].words())
    }

    /// Whether `e` is empty for sure, by a stored set it cannot reach
    /// beyond being empty (`neighbors(double) and ray(double, ...)` with no
    /// cell marked `double`), without building it: an effect on it can be
    /// skipped. False when that takes evaluating.
    pub(in crate::engine) fn surely_empty(&self, e: &SetExpr) -> bool {
        match e {
            // Marks are the sets most often empty (a pawn that has just
            // moved two, a piece to promote); pieces seldom are.
            SetExpr::Mark(_) | SetExpr::Var(_) => self.stored(e).is_some_and(cellset::is_empty),
            SetExpr::Inter(a, b) => self.surely_empty(a) || self.surely_empty(b),
            SetExpr::Union(a, b) => self.surely_empty(a) && self.surely_empty(b),
            SetExpr::Except(a, _)
            | SetExpr::Neighbors(a)
            | SetExpr::Where(a, _)
            | SetExpr::Like(a)
            | SetExpr::Stronger(a)
            | SetExpr::Nth(a, _)
            | SetExpr::Weaker(a)
            | SetExpr::Box(a)
            | SetExpr::Leaps(a, _)
            | SetExpr::Joined(a, _)
            | SetExpr::Members(a, _)
            | SetExpr::ReachUnlined(a, _, _)
            | SetExpr::Lines(a, _) => self.surely_empty(a),
            SetExpr::Ray(r) => self.surely_empty(&r.from),
            SetExpr::Member(..) => false,
            SetExpr::JumpReach(j) => self.surely_empty(&j.from),
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Piece(_)
            | SetExpr::Owned(_)
            | SetExpr::All
            | SetExpr::Here
            | SetExpr::Origin
            | SetExpr::ActionCell
            | SetExpr::Jumped
            | SetExpr::Enemy
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Complement(_)
            | SetExpr::ByPlayer(_)
            | SetExpr::Reach(..)
            | SetExpr::Flanked(_)
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::LastSown => false,
        }
    }

    /// A set stored in the state, usable without copying. Inlined into the
    /// evaluators (it is asked first by nearly every operator); the rare
    /// per-player choice recurses out of line.
    #[inline(always)]
    pub(in crate::engine) fn stored(&self, e: &SetExpr) -> Option<&[u64]> {
        Some(match e.class() {
            SetClass::Stored(Stored::Empty) => self.raw(EMPTY),
            SetClass::Stored(Stored::Occupied) => self.raw(OCCUPIED),
            SetClass::Stored(Stored::Owned(w)) => self.raw(self.g.owner_set(self.who(w))),
            SetClass::Stored(Stored::Piece(k)) => self.raw(self.g.piece_set(k.index())),
            SetClass::Stored(Stored::Mark(m)) => self.raw(self.g.mark_set(m.index())),
            SetClass::Stored(Stored::Seeded) => self.raw(self.g.seeded_set()),
            SetClass::Stored(Stored::Stacked) => self.raw(self.g.stacked_set()),
            SetClass::Stored(Stored::Destinations) => self.raw(self.g.destinations_set()),
            SetClass::Bound(slot) => {
                let w = self.g.words;
                &self.set_vars[slot as usize * w..(slot as usize + 1) * w]
            }
            SetClass::ByPlayer(v) => return self.stored_of(&v[self.me.index()]),
            SetClass::Fixed(_) | SetClass::FixedPerPlayer(_) => return self.fixed(e),
            SetClass::ActionCell(_) | SetClass::Computed => return None,
        })
    }

    /// A stored set, or the enemy's cells (every piece that is neither the
    /// viewer's nor neutral), read a word at a time.
    #[inline(always)]
    fn leaf(&self, e: &SetExpr) -> Option<Leaf<'_>> {
        match e {
            SetExpr::Enemy => Some(Leaf::Enemy(
                self.raw(OCCUPIED),
                self.raw(self.g.owner_set(self.me.index())),
                self.raw(self.g.neutral_set()),
            )),
            _ => self.stored(e).map(Leaf::Stored),
        }
    }

    #[inline(never)]
    fn stored_of(&self, e: &SetExpr) -> Option<&[u64]> {
        self.stored(e)
    }

    /// Evaluates a set into `out`, using `tmp` for intermediate sets.
    pub(in crate::engine) fn set(&mut self, e: &SetExpr, out: &mut [u64], tmp: &mut [u64]) {
        let w = self.w();
        if let Some(s) = self.stored(e) {
            cellset::copy(out, s);
            return;
        }
        if let Some(p) = self.g.lowered.programs.find(e, self.me) {
            p.run(self, out, tmp);
            return;
        }

        match e {
            SetExpr::All => cellset::copy(out, &self.g.board_sets.all),
            SetExpr::Here
            | SetExpr::Origin
            | SetExpr::ActionCell
            | SetExpr::Jumped
            | SetExpr::LastSown => {
                cellset::clear(out);
                let c = match e {
                    SetExpr::Here => self.here,
                    SetExpr::Origin => *self.origin,
                    SetExpr::ActionCell => *self.action_cell,
                    SetExpr::LastSown => self.g.last_sown_of(self.sets),
                    _ => *self.jumped,
                };
                if c != NO_CELL {
                    cellset::insert(out, c as usize);
                }
            }
            SetExpr::Enemy => {
                let own = self.g.owner_set(self.me.index());
                let neutral = self.g.neutral_set();
                for j in 0..w {
                    out[j] = self.raw(OCCUPIED)[j] & !self.raw(own)[j] & !self.raw(neutral)[j];
                }
            }
            SetExpr::Union(a, b) | SetExpr::Inter(a, b) | SetExpr::Except(a, b) => {
                // Two stored sets (or the enemy's cells): one pass, no call.
                if let (Some(x), Some(y)) = (self.leaf(a), self.leaf(b)) {
                    for (j, o) in out.iter_mut().enumerate() {
                        let (x, y) = (x.word(j), y.word(j));
                        *o = match e {
                            SetExpr::Union(..) => x | y,
                            SetExpr::Inter(..) => x & y,
                            _ => x & !y,
                        };
                    }
                    return;
                }
                match self.leaf(a) {
                    Some(x) => {
                        for (j, o) in out.iter_mut().enumerate() {
                            *o = x.word(j);
                        }
                    }
                    None => self.set(a, out, tmp),
                }
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
                self.g.neighbors_of_any(t, out);
            }
            SetExpr::Where(a, cond) => {
                let shared = match self.memo_on {
                    true => {
                        let key = e as *const SetExpr as usize;
                        (self.g.shared_at.iter())
                            .find(|&&(at, _)| at == key)
                            .map(|&(_, k)| k as usize)
                    }
                    false => None,
                };
                if let Some(k) = shared
                    && self.memo_valid >> k & 1 == 1
                {
                    cellset::copy(out, &self.memo[k * w..(k + 1) * w]);
                    return;
                }
                match &**cond {
                    BoolExpr::NonEmpty(SetExpr::Flanked(f)) if self.flanked_where_applies(f) => {
                        self.flanked_where(a, f, out, tmp)
                    }
                    _ => {
                        let (t, rest) = tmp.split_at_mut(w);
                        let (saved, on) = (self.here, std::mem::replace(&mut self.memo_on, false));
                        let test = self.g.lowered.cell_tests.find(cond, self.me);
                        // The neighbours of a kept set filtered by others:
                        // built from those sets, without walking `a`.
                        let built = test.is_some_and(|test| test.near_cells(self, out, t, rest));
                        if !built {
                            self.set(a, t, rest);
                            cellset::clear(out);
                            let stored = self.stored(a).is_some();
                            match test {
                                Some(test) if !stored => {
                                    for c in cellset::cells(t) {
                                        if test.holds(self, c, rest) {
                                            cellset::insert(out, c);
                                        }
                                    }
                                }
                                // Of a stored set: perhaps all at once (see
                                // `lift`).
                                _ if stored && self.where_whole(t, cond, out, rest) => {}
                                _ => {
                                    for c in cellset::cells(t) {
                                        self.here = c as u32;
                                        if self.cond(cond, rest) {
                                            cellset::insert(out, c);
                                        }
                                    }
                                }
                            }
                        }
                        (self.here, self.memo_on) = (saved, on);
                    }
                }
                if let Some(k) = shared {
                    self.memo[k * w..(k + 1) * w].copy_from_slice(out);
                    self.memo_valid |= 1 << k;
                }
            }
            SetExpr::ByPlayer(v) => {
                let e = &v[self.me.index()];
                self.set(e, out, tmp);
            }
            // The rarer whole-set operators, kept out of this recursive
            // function so that its frame stays small (they hold big arrays).
            SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Stronger(_)
            | SetExpr::Nth(..)
            | SetExpr::Weaker(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(..)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::JumpReach(_)
            | SetExpr::Joined(..)
            | SetExpr::Member(..)
            | SetExpr::Members(..)
            | SetExpr::ReachUnlined(..)
            | SetExpr::Lines(..) => self.set_heavy(e, out, tmp),
            SetExpr::Empty
            | SetExpr::Occupied
            | SetExpr::Owned(_)
            | SetExpr::Piece(_)
            | SetExpr::Mark(_)
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => unreachable!("stored sets are copied above"),
        }
    }

    /// Whether one cell is in a set, without building the set.
    pub(in crate::engine) fn member(&mut self, e: &SetExpr, c: usize, tmp: &mut [u64]) -> bool {
        if let Some(s) = self.stored(e) {
            return cellset::contains(s, c);
        }
        match e {
            SetExpr::All => true,
            SetExpr::Here => self.here as usize == c,
            SetExpr::Origin => *self.origin as usize == c,
            SetExpr::ActionCell => *self.action_cell as usize == c,
            SetExpr::Jumped => *self.jumped as usize == c,
            SetExpr::LastSown => self.g.last_sown_of(self.sets) as usize == c,
            SetExpr::Enemy => {
                cellset::contains(self.raw(OCCUPIED), c)
                    && !cellset::contains(self.raw(self.g.owner_set(self.me.index())), c)
                    && !cellset::contains(self.raw(self.g.neutral_set()), c)
            }
            SetExpr::Union(a, b) => self.member(a, c, tmp) || self.member(b, c, tmp),
            SetExpr::Inter(a, b) => self.member(a, c, tmp) && self.member(b, c, tmp),
            SetExpr::Except(a, b) => self.member(a, c, tmp) && !self.member(b, c, tmp),
            SetExpr::Complement(a) => !self.member(a, c, tmp),
            SetExpr::Neighbors(a) => {
                let board = &self.g.rules.board;
                board
                    .neighbors(Cell::new(c))
                    .iter()
                    .any(|&n| self.member(a, n.index(), tmp))
            }
            SetExpr::Where(a, cond) => {
                if !self.member(a, c, tmp) {
                    return false;
                }
                if let Some(test) = self.g.lowered.cell_tests.find(cond, self.me) {
                    return test.holds(self, c, tmp);
                }
                let (saved, on) = (self.here, std::mem::replace(&mut self.memo_on, false));
                self.here = c as u32;
                let r = self.cond(cond, tmp);
                (self.here, self.memo_on) = (saved, on);
                r
            }
            SetExpr::ByPlayer(v) => {
                let e = &v[self.me.index()];
                self.member(e, c, tmp)
            }
            // Of a stored set, the runs through the one cell.
            SetExpr::Lines(a, n) if self.stored(a).is_some() => {
                let s = self.stored(a).expect("stored");
                cellset::contains(s, c) && self.g.line_through(s, c, *n)
            }
            SetExpr::Reach(..)
            | SetExpr::Like(_)
            | SetExpr::Stronger(_)
            | SetExpr::Nth(..)
            | SetExpr::Weaker(_)
            | SetExpr::Box(_)
            | SetExpr::Ray(..)
            | SetExpr::Flanked(_)
            | SetExpr::Leaps(..)
            | SetExpr::JumpReach(_)
            | SetExpr::Joined(..)
            | SetExpr::Member(..)
            | SetExpr::Members(..)
            | SetExpr::ReachUnlined(..)
            | SetExpr::Lines(..) => {
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
            | SetExpr::Seeded
            | SetExpr::Stacked
            | SetExpr::Destinations
            | SetExpr::Fixed(_)
            | SetExpr::PerPlayer(_)
            | SetExpr::Var(_) => unreachable!("stored sets are tested above"),
        }
    }
}

impl Ctx<'_> {
    /// `tally(S)`: the counters on the cells of S.
    #[inline(never)]
    pub(in crate::engine) fn tally(&mut self, s: &SetExpr, tmp: &mut [u64]) -> f64 {
        let w = self.w();
        let (t, rest) = tmp.split_at_mut(w);
        self.set(s, t, rest);
        let seeded = self.raw(self.g.seeded_set());
        let mut n = 0;
        for j in 0..w {
            let mut bits = t[j] & seeded[j];
            while bits != 0 {
                n += self
                    .g
                    .tally_of(self.sets, j * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        n as f64
    }

    /// `stack(S)`: the pieces in the stacks on the cells of S (in a game
    /// without stacks, its occupied cells).
    #[inline(never)]
    pub(in crate::engine) fn stack(&mut self, s: &SetExpr, tmp: &mut [u64]) -> f64 {
        let w = self.w();
        let (t, rest) = tmp.split_at_mut(w);
        self.set(s, t, rest);
        let occupied = self.raw(OCCUPIED);
        let mut n = 0;
        for j in 0..w {
            let mut bits = t[j] & occupied[j];
            while bits != 0 {
                n += self
                    .g
                    .height_of(self.sets, j * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        n as f64
    }
}

/// Evaluation outside play, for explanations: each call copies the state.
impl Game {
    /// The cells of `e` in `st`, seen by the player to move, with `here`
    /// the given cell (else the position's own).
    /// The cells whose pieces `viewer` sees (`view: SET`, worked out from
    /// `viewer`'s point of view); `None` in a game without `view`, where
    /// every player sees everything.
    pub fn view_cells(&self, st: &State, viewer: Player) -> Option<CellSet> {
        self.views_of(st, viewer).map(|(seen, _)| seen)
    }

    /// What `viewer` sees: the cells whose pieces it sees whole (`view`),
    /// and those on which it sees only whose piece stands, if any (`view
    /// owners`, less the first set); `None` in a game without `view`.
    pub fn views_of(&self, st: &State, viewer: Player) -> Option<(CellSet, CellSet)> {
        let view = self.rules.view.as_ref()?;
        let mut st = st.clone();
        if self.destinations {
            let reached = self.destinations_of(&st, viewer);
            let w = self.words;
            let at = self.destinations_set() * w;
            st.sets[at..at + w].copy_from_slice(reached.words());
        }
        let n = self.rules.board.len();
        let (mut seen, mut owners) = (CellSet::new(n), CellSet::new(n));
        self.with_ctx(&mut st, viewer, |cx, scratch| {
            cx.set(view, seen.words_mut(), scratch);
            if let Some(o) = &self.rules.view_owners {
                cx.set(o, owners.words_mut(), scratch);
            }
        });
        for (o, s) in owners.words_mut().iter_mut().zip(seen.words()) {
            *o &= !s;
        }
        Some((seen, owners))
    }

    /// `destinations` for `viewer`: the cells where the first actions of
    /// a turn of `viewer`'s begun on this position would end (a move's
    /// destination, an action's cell), the game's end set aside.
    fn destinations_of(&self, st: &State, viewer: Player) -> CellSet {
        let mut out = CellSet::new(self.rules.board.len());
        let mut probe = st.clone();
        probe.result = None;
        probe.mover = viewer;
        probe.again = false;
        (probe.step, probe.done, probe.acted) = (0, 0, 0);
        probe.turn_def = self.select_turn(&mut probe);
        self.settle(&mut probe);
        let mut actions = Vec::new();
        self.legal_actions(&probe, &mut actions);
        for a in actions {
            match (a.move_cells(), a.cell()) {
                (Some((_, to)), _) | (None, Some(to)) => out.insert(to.index()),
                (None, None) => {}
            }
        }
        out
    }

    /// What `viewer` sees of `st`, as numbers: equal for two positions
    /// exactly when the player sees the same in both. Per cell, 0 if it
    /// does not see the cell, else 1 + the piece's code (0 for none) + the
    /// counters' number shifted up; then the player to move, the variables
    /// and the hands, which every player sees.
    pub fn view_key(&self, st: &State, viewer: Player) -> Vec<u64> {
        let views = self.views_of(st, viewer);
        let n = self.rules.board.len();
        let mut key = Vec::with_capacity(n + 1 + self.rules.variables.len());
        for c in 0..n {
            if let Some((seen, owners)) = &views
                && !seen.contains(c)
            {
                // An owner seen alone: above every piece's number; no
                // owner there, an empty cell seen.
                key.push(match self.code_at(st, c) {
                    _ if !owners.contains(c) => 0,
                    Some((_, owner)) => (1 << 62) + owner as u64,
                    None => 1,
                });
                continue;
            }
            let piece = match self.code_at(st, c) {
                None => 0,
                Some((kind, owner)) => 1 + kind * (self.players + 1) + owner,
            };
            let counters = self.tally(st, Cell::new(c));
            key.push(1 + piece as u64 + (counters << 32));
        }
        key.push(st.mover.index() as u64);
        key.extend((0..self.rules.variables.len()).map(|i| st.var(i).to_bits()));
        let kinds = self.rules.pieces.len();
        for (p, hand) in st.reserve.chunks(kinds.max(1)).enumerate() {
            match self.rules.hands_seen {
                HandsSeen::Own if p != viewer.index() => {
                    key.push(hand.iter().map(|&r| r as u64).sum());
                }
                HandsSeen::Own | HandsSeen::Every => key.extend(hand.iter().map(|&r| r as u64)),
            }
        }
        key
    }

    pub(crate) fn probe_set(&self, st: &State, e: &SetExpr, here: Option<usize>) -> CellSet {
        let mut st = st.clone();
        let mut out = CellSet::new(self.rules.board.len());
        let me = st.mover;
        self.with_ctx(&mut st, me, |cx, scratch| {
            if let Some(h) = here {
                cx.here = h as u32;
            }
            cx.set(e, out.words_mut(), scratch);
        });
        out
    }

    /// Whether `e` holds in `st` for the player to move, with `here` the
    /// given cell (else the position's own).
    pub(crate) fn probe_cond(&self, st: &State, e: &BoolExpr, here: Option<usize>) -> bool {
        let mut st = st.clone();
        let me = st.mover;
        self.with_ctx(&mut st, me, |cx, scratch| {
            if let Some(h) = here {
                cx.here = h as u32;
            }
            cx.cond(e, scratch)
        })
    }

    /// [`Self::probe_cond`] in a `keep if` trial's position
    /// ([`Game::keep_trial`]): `stuck` is `next_stuck` (false when `None`).
    pub(crate) fn probe_kept_cond(
        &self,
        st: &State,
        e: &BoolExpr,
        here: Option<usize>,
        next_stuck: Option<bool>,
    ) -> bool {
        let answer = move || next_stuck.unwrap_or(false);
        let mut st = st.clone();
        let me = st.mover;
        let (mut cx, spare) = self.ctx_split(&mut st, me);
        if let Some(h) = here {
            cx.here = h as u32;
        }
        cx.next_stuck = Some(&answer);
        cx.cond(e, spare.scratch)
    }

    /// The value of `e` in `st` for the player to move, with `here` the
    /// given cell (else the position's own).
    pub(crate) fn probe_num(&self, st: &State, e: &NumExpr, here: Option<usize>) -> f64 {
        let mut st = st.clone();
        let me = st.mover;
        self.with_ctx(&mut st, me, |cx, scratch| {
            if let Some(h) = here {
                cx.here = h as u32;
            }
            cx.int(e, scratch)
        })
    }

    /// The earlier turns that started on the position of `st`, with
    /// `to_move` to move or anyone when `None` (what `repetitions` and
    /// `seen-before` count), by their numbers.
    pub(crate) fn turns_seen(&self, st: &State, to_move: Option<Player>) -> Vec<u32> {
        let key = crate::engine::position::state::position_key(st.board_hash, &st.reserve);
        st.history.turns(key, to_move)
    }
}
