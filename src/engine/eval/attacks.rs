//! `attacked(S)`: whether another player could move a piece onto a cell
//! of S, were a piece of the viewer there, by one of the rules' own moves.
//! Each move is turned round and walked back from the cell on the board's
//! tables: a step looks at the one cell behind, a slide along the line
//! behind to the first piece, a leap at the cells its displacements come
//! from (with their legs), a hop past one screen, a jump two cells back. So
//! a king's safety is asked in a few cell tests, and the rule is the
//! game's own moves, not a second description of them.
//!
//! The moves are every `step`, `slide` (without a distance, or a fixed
//! one), `leap`, `hop` and `jump` of the rules, their FROM, TO, `over` and
//! directions seen from the attacker; guards, `keep if` and the order of
//! the turn's steps are not asked. TO is read as if the cell held a piece
//! of the viewer: `not own` and `enemy` hold there for the attacker,
//! `empty` does not (a pawn that only moves forward to empty cells attacks
//! nothing ahead of it).

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::tables::leaps::NO_TARGET;
use crate::engine::{NO_CELL, OCCUPIED};
use crate::ids::Cell;
use crate::rules::*;

impl Ctx<'_> {
    /// `attacked(S)` seen from the view's player.
    #[inline(never)]
    pub(in crate::engine) fn attacked(&mut self, s: &SetExpr, tmp: &mut [u64]) -> bool {
        let w = self.w();
        let (cells, rest) = tmp.split_at_mut(w);
        match self.stored(s) {
            Some(stored) => cells.copy_from_slice(stored),
            None => self.set(s, cells, rest),
        }
        let viewer = self.me;
        // The shared sets of an offer are the viewer's: not for the attacker.
        let memo_on = std::mem::replace(&mut self.memo_on, false);
        let players = self.g.players;
        let mut found = false;
        'cells: for c in cellset::cells(cells) {
            for p in (0..players).filter(|&p| p != viewer.index()) {
                self.me = Player::new(p);
                if self.threatens(c, viewer, rest) {
                    found = true;
                    break 'cells;
                }
            }
        }
        self.me = viewer;
        self.memo_on = memo_on;
        found
    }

    /// Whether the view's player (the attacker) could move a piece onto
    /// `c`, were a piece of `victim` there. FROM and the cells crossed are
    /// built once per move as bitsets, then looked up cell by cell.
    fn threatens(&mut self, c: usize, victim: Player, tmp: &mut [u64]) -> bool {
        let g = self.g;
        let board = &g.rules.board;
        let nd = board.ndirs();
        let table = board.neighbor_table();
        let all = all_dirs(nd);
        let w = self.w();
        let (from_bits, rest) = tmp.split_at_mut(w);
        let (aux_bits, rest) = rest.split_at_mut(w);
        let back = |d: usize| board.opposite(Dir::new(d)).index();
        let has = |bits: &[u64], x: usize| cellset::contains(bits, x);
        for (i, choice) in g.rules.choices.iter().enumerate() {
            let hit = match &choice.kind {
                ChoiceKind::Step {
                    from,
                    dirs,
                    to,
                    links,
                } => {
                    self.taken_at(to, c, victim, rest) && {
                        self.fill(from, from_bits, rest);
                        if *links {
                            board
                                .neighbors(Cell::new(c))
                                .iter()
                                .any(|b| has(from_bits, b.index()))
                        } else {
                            each_dir(dirs.mask(self.me) & all).any(|d| {
                                let b = table[c * nd + back(d)];
                                b != NO_CELL
                                    && table[b as usize * nd + d] == c as u32
                                    && has(from_bits, b as usize)
                            })
                        }
                    }
                }
                ChoiceKind::Slide {
                    from,
                    dirs,
                    by,
                    path,
                    to,
                } => {
                    !matches!(by, Some(Distance::LineCount(_)))
                        && self.taken_at(to, c, victim, rest)
                        && {
                            self.fill(from, from_bits, rest);
                            self.fill(path, aux_bits, rest);
                            each_dir(dirs.mask(self.me) & all).any(|d| {
                                let line = g.rays.ray(c, back(d));
                                match by {
                                    None => {
                                        for &x in line {
                                            if has(from_bits, x as usize) {
                                                return true;
                                            }
                                            if !has(aux_bits, x as usize) {
                                                return false;
                                            }
                                        }
                                        false
                                    }
                                    Some(Distance::Cells(n)) => {
                                        let n = *n as usize;
                                        n >= 1
                                            && line.len() >= n
                                            && line[..n - 1]
                                                .iter()
                                                .all(|&x| has(aux_bits, x as usize))
                                            && has(from_bits, line[n - 1] as usize)
                                    }
                                    // A distance read on the line through
                                    // the piece: not turned round.
                                    Some(Distance::LineCount(_)) => false,
                                }
                            })
                        }
                }
                ChoiceKind::Leap { from, over, to, .. } => {
                    self.taken_at(to, c, victim, rest) && {
                        self.fill(from, from_bits, rest);
                        if let Some(over) = over {
                            self.fill(over, aux_bits, rest);
                        }
                        let t = g.leaps.of_choice(i as u16, self.me);
                        (0..t.count).any(|k| {
                            let b = t.sources[c * t.count + k];
                            if b == NO_TARGET || !has(from_bits, b as usize) {
                                return false;
                            }
                            let leg = t.legs[b as usize * t.count + k];
                            over.is_none() || leg == NO_TARGET || has(aux_bits, leg as usize)
                        })
                    }
                }
                ChoiceKind::Hop {
                    from,
                    dirs,
                    over,
                    to,
                } => {
                    self.taken_at(to, c, victim, rest) && {
                        self.fill(from, from_bits, rest);
                        self.fill(over, aux_bits, rest);
                        let occupied = self.raw(OCCUPIED);
                        each_dir(dirs.mask(self.me) & all).any(|d| {
                            let mut line = g
                                .rays
                                .ray(c, back(d))
                                .iter()
                                .map(|&x| x as usize)
                                .filter(|&x| has(occupied, x));
                            // The screen, then the hopping piece.
                            match (line.next(), line.next()) {
                                (Some(screen), Some(piece)) => {
                                    has(aux_bits, screen) && has(from_bits, piece)
                                }
                                _ => false,
                            }
                        })
                    }
                }
                ChoiceKind::Jump {
                    from,
                    dirs,
                    over,
                    to,
                } => {
                    self.taken_at(to, c, victim, rest) && {
                        self.fill(from, from_bits, rest);
                        self.fill(over, aux_bits, rest);
                        each_dir(dirs.mask(self.me) & all).any(|d| {
                            let x1 = table[c * nd + back(d)];
                            if x1 == NO_CELL {
                                return false;
                            }
                            let x2 = table[x1 as usize * nd + back(d)];
                            x2 != NO_CELL
                                && has(aux_bits, x1 as usize)
                                && has(from_bits, x2 as usize)
                        })
                    }
                }
                ChoiceKind::Place { .. }
                | ChoiceKind::Convert(_)
                | ChoiceKind::Remove(_)
                | ChoiceKind::Pass
                | ChoiceKind::Swap
                | ChoiceKind::Choose { .. }
                | ChoiceKind::Rotate(_)
                | ChoiceKind::Move { .. }
                | ChoiceKind::Sow { .. } => false,
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// `e` into `buf` (W words), seen from the view's player.
    #[inline]
    fn fill(&mut self, e: &SetExpr, buf: &mut [u64], tmp: &mut [u64]) {
        match self.stored(e) {
            Some(s) => buf.copy_from_slice(s),
            None => self.set(e, buf, tmp),
        }
    }

    /// Whether `c` is in `e` for the view's player, were a piece of
    /// `victim` on it: the cell's occupancy and owner as if so, the rest
    /// (kinds, marks, other cells) as they are.
    fn taken_at(&mut self, e: &SetExpr, c: usize, victim: Player, tmp: &mut [u64]) -> bool {
        match e {
            SetExpr::Empty => false,
            SetExpr::Occupied | SetExpr::All => true,
            SetExpr::Owned(w) => self.who(*w) == victim.index(),
            SetExpr::Enemy => victim != self.me,
            SetExpr::Union(a, b) => {
                self.taken_at(a, c, victim, tmp) || self.taken_at(b, c, victim, tmp)
            }
            SetExpr::Inter(a, b) => {
                self.taken_at(a, c, victim, tmp) && self.taken_at(b, c, victim, tmp)
            }
            SetExpr::Except(a, b) => {
                self.taken_at(a, c, victim, tmp) && !self.taken_at(b, c, victim, tmp)
            }
            SetExpr::Complement(a) => !self.taken_at(a, c, victim, tmp),
            SetExpr::ByPlayer(v) => {
                let e = &v[self.me.index()];
                self.taken_at(e, c, victim, tmp)
            }
            other => self.member(other, c, tmp),
        }
    }
}
