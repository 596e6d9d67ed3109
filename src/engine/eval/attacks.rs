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
use crate::engine::{Game, NO_CELL, OCCUPIED, State};
use crate::ids::Cell;
use crate::rules::*;

/// What a change of a cell `attacked` looked at may do to its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::engine) enum Look {
    /// Anything.
    Any,
    /// Only its piece leaving matters: a piece of the victim's side
    /// arriving there blocks a move that would cross it, and is not a
    /// piece that attacks.
    Blocking,
}

/// The most cells kept of what a slide would look at past its stop (two
/// looks a cell); a longer line reads the stop as any cell.
const PAST_LOOKS: usize = 64;

/// What a slide stopped by a piece would look at past it, were the piece
/// gone: each cell of `cells` (the line past it), and how (as
/// `each_attacker` reads), up to the first not crossed, into `past`; the
/// number of looks and whether a piece in FROM was found (a pin). `None`
/// when the line is too long to keep.
fn look_past(
    cells: impl Iterator<Item = usize>,
    from: &[u64],
    crossed: &[u64],
    own_from: bool,
    crossing: Look,
    past: &mut [(usize, Look); PAST_LOOKS],
) -> Option<(usize, bool)> {
    let mut n = 0;
    for x in cells {
        if n + 2 > PAST_LOOKS {
            return None;
        }
        let in_from = cellset::contains(from, x);
        if in_from || !own_from {
            past[n] = (x, Look::Any);
            n += 1;
        }
        if in_from {
            return Some((n, true));
        }
        past[n] = (x, crossing);
        n += 1;
        if !cellset::contains(crossed, x) {
            break;
        }
    }
    Some((n, false))
}

/// Told what `attacked` looks at (see `movegen::kept_reads`).
pub(in crate::engine) trait Reads {
    /// A cell looked at, and what a change there may do.
    fn read(&self, c: usize, look: Look);
    /// The piece on `b` stopped a slide (it is not a piece that slides
    /// there, and the slide may not cross it; `look` as for a cell
    /// crossed); `past` holds, were that piece gone, what the slide would
    /// look at past it (and how) and whether it would find a piece that
    /// slides there. `None`: not worked out (the slide may not cross an
    /// emptied cell), and `b` was read as any cell.
    fn stopped(&self, b: usize, look: Look, past: Option<(&[(usize, Look)], bool)>);
    /// Whether `stopped` wants to know what lies past.
    fn looks_past(&self) -> bool;
    /// Whether every cell looked at is to be told, as any cell: the
    /// mover attacks (`attacked(enemy and king, opponent)`), so a piece of
    /// its side arriving anywhere looked at may be an attacker.
    fn every_look(&self) -> bool;
}

/// `R` told every cell looked at, as any cell, and nothing past a stop.
struct EveryLook<'r, R: Reads>(&'r R);

impl<R: Reads> Reads for EveryLook<'_, R> {
    #[inline(always)]
    fn read(&self, c: usize, _: Look) {
        self.0.read(c, Look::Any);
    }
    #[inline(always)]
    fn stopped(&self, b: usize, _: Look, _: Option<(&[(usize, Look)], bool)>) {
        self.0.read(b, Look::Any);
        self.0.stopped(b, Look::Any, None);
    }
    #[inline(always)]
    fn looks_past(&self) -> bool {
        false
    }
    #[inline(always)]
    fn every_look(&self) -> bool {
        true
    }
}

/// Nothing is told.
pub(in crate::engine) struct NoReads;

impl Reads for NoReads {
    #[inline(always)]
    fn read(&self, _: usize, _: Look) {}
    #[inline(always)]
    fn stopped(&self, _: usize, _: Look, _: Option<(&[(usize, Look)], bool)>) {}
    #[inline(always)]
    fn looks_past(&self) -> bool {
        false
    }
    #[inline(always)]
    fn every_look(&self) -> bool {
        false
    }
}

impl Ctx<'_> {
    /// `attacked(S[, VICTIM])`: S seen from the view's player, attacked by
    /// a player other than the victim (the view's player, unless named:
    /// `attacked(enemy and king, opponent)` is a check the viewer gives).
    #[inline(never)]
    pub(in crate::engine) fn attacked(
        &mut self,
        s: &SetExpr,
        victim: Who,
        left_out: &SetExpr,
        tmp: &mut [u64],
    ) -> bool {
        if *left_out == SetExpr::Empty {
            return self.attacked_reading(s, victim, tmp, &NoReads, None);
        }
        // The pieces left out, as if their cells were empty.
        let w = self.w();
        let (gone, rest) = tmp.split_at_mut(w);
        self.fill(left_out, gone, rest);
        self.attacked_reading(s, victim, rest, &NoReads, Some(gone))
    }

    /// `attacked`, telling `read` each cell whose content the answer was
    /// read from, beside the cells of S (see `movegen::kept_reads`): the
    /// cells the reversed moves looked at, and each cell of S looked from.
    #[inline(always)]
    pub(in crate::engine) fn attacked_reading(
        &mut self,
        s: &SetExpr,
        victim: Who,
        tmp: &mut [u64],
        read: &impl Reads,
        left_out: Option<&[u64]>,
    ) -> bool {
        let w = self.w();
        let (cells, rest) = tmp.split_at_mut(w);
        match self.stored(s) {
            Some(stored) => cells.copy_from_slice(stored),
            None => self.set(s, cells, rest),
        }
        let victim = Player::new(self.who(victim));
        if victim != self.me && read.looks_past() {
            // Told for judging the mover's actions by reads, which assume
            // the mover's pieces are of the side attacked: here they attack.
            self.attacked_walk(cells, victim, rest, &EveryLook(read), left_out)
        } else {
            self.attacked_walk(cells, victim, rest, read, left_out)
        }
    }

    /// Whether a cell of `cells` is attacked (see `attacked_reading`).
    #[inline(always)]
    fn attacked_walk(
        &mut self,
        cells: &[u64],
        victim: Player,
        rest: &mut [u64],
        read: &impl Reads,
        left_out: Option<&[u64]>,
    ) -> bool {
        let viewer = self.me;
        // The shared sets of an offer are the viewer's: not for the attacker.
        let memo_on = std::mem::replace(&mut self.memo_on, false);
        let players = self.g.players;
        let mut found = false;
        'cells: for c in cellset::cells(cells) {
            read.read(c, Look::Any);
            for p in (0..players).filter(|&p| p != victim.index()) {
                self.me = Player::new(p);
                if self.each_attacker(c, victim, rest, read, left_out, &mut |_, _| true) {
                    found = true;
                    break 'cells;
                }
            }
        }
        self.me = viewer;
        self.memo_on = memo_on;
        found
    }

    /// Calls `found(choice, cell)` for each piece of the view's player (the
    /// attacker) that could move onto `c` were a piece of `victim` there,
    /// with the move that takes it there, until `found` says stop (true):
    /// then true. FROM and the cells crossed are built once per move as
    /// bitsets, then looked up cell by cell, each cell looked at told to
    /// `read`.
    fn each_attacker(
        &mut self,
        c: usize,
        victim: Player,
        tmp: &mut [u64],
        read: &impl Reads,
        left_out: Option<&[u64]>,
        found: &mut impl FnMut(u16, usize) -> bool,
    ) -> bool {
        let g = self.g;
        let board = &g.rules.board;
        let nd = board.ndirs();
        let table = board.neighbor_table();
        let all = all_dirs(nd);
        let w = self.w();
        let (from_bits, rest) = tmp.split_at_mut(w);
        let (aux_bits, rest) = rest.split_at_mut(w);
        let back = |d: usize| board.opposite(Dir::new(d)).index();
        let has = |bits: &[u64], x: usize| {
            read.read(x, Look::Any);
            cellset::contains(bits, x)
        };
        // Asked once: only a game with `try` has choices to skip.
        let named = g.has_tries.then_some(&g.choice_facts.named);
        for (i, choice) in g.rules.choices.iter().enumerate() {
            // What a player names in a `try` step is no move of a piece.
            if named.is_some_and(|n| n[i]) {
                continue;
            }
            let i = i as u16;
            // Each move's FROM, TO, the cells it crosses or leaps over (if
            // any) and its directions.
            let (from, to, aux, dirs) = match &choice.kind {
                ChoiceKind::Step { from, dirs, to, .. } => (from, to, None, dirs.mask(self.me)),
                // Distances read in the position, and tracks: not turned
                // round (§12.5 says which moves `attacked` sees).
                ChoiceKind::Slide {
                    by: Some(Distance::LineCount(_) | Distance::Number(_)),
                    ..
                }
                | ChoiceKind::Slide { along: Some(_), .. } => continue,
                ChoiceKind::Slide {
                    from,
                    dirs,
                    path,
                    to,
                    ..
                } => (from, to, Some(path), dirs.mask(self.me)),
                ChoiceKind::Leap { from, over, to, .. } => (from, to, over.as_ref(), 0),
                ChoiceKind::Hop {
                    from,
                    dirs,
                    over,
                    to,
                }
                | ChoiceKind::Jump {
                    from,
                    dirs,
                    over,
                    to,
                } => (from, to, Some(over), dirs.mask(self.me)),
                ChoiceKind::Place { .. }
                | ChoiceKind::Convert(_)
                | ChoiceKind::Remove(_)
                | ChoiceKind::Pick(_)
                | ChoiceKind::Deal { .. }
                | ChoiceKind::Pass
                | ChoiceKind::Swap
                | ChoiceKind::Choose { .. }
                | ChoiceKind::Rotate(_)
                | ChoiceKind::Move { .. }
                | ChoiceKind::Draw { .. }
                | ChoiceKind::Shift { .. }
                | ChoiceKind::Sow { .. } => continue,
            };
            if !self.taken_at(to, c, victim, rest) {
                continue;
            }
            self.fill(from, from_bits, rest);
            if let Some(aux) = aux {
                self.fill(aux, aux_bits, rest);
            }
            // Pieces left out neither move nor stand in the way: a slide
            // or a leap's leg crosses their cells, no hop or jump goes
            // over them.
            if let Some(gone) = left_out {
                from_bits.iter_mut().zip(gone).for_each(|(f, g)| *f &= !g);
                let crosses = matches!(
                    choice.kind,
                    ChoiceKind::Slide { .. } | ChoiceKind::Leap { .. }
                );
                aux_bits.iter_mut().zip(gone).for_each(
                    |(a, g)| {
                        if crosses { *a |= g } else { *a &= !g }
                    },
                );
            }
            let (from_bits, aux_bits) = (&*from_bits, &*aux_bits);
            // A cell not in FROM of the attacker's own pieces stays out of
            // it whatever the victim's side does there: not worth telling.
            let own_from = g.choice_facts.own_from[i as usize] && !read.every_look();
            let has_from = |x: usize| {
                let found = cellset::contains(from_bits, x);
                if found || !own_from {
                    read.read(x, Look::Any);
                }
                found
            };
            // A cell crossed (a slide's path, a leap's leg) that no piece
            // of the victim's side can be in: one arriving there blocks.
            let crossing = if g.choice_facts.crossing_blocks[i as usize] {
                Look::Blocking
            } else {
                Look::Any
            };
            let crossed = |x: usize| {
                read.read(x, crossing);
                cellset::contains(aux_bits, x)
            };
            // Past a slide's stop, were its piece gone (no `read`).
            let mut past = [(0, Look::Any); PAST_LOOKS];
            let mut report = |b: usize| has_from(b) && found(i, b);
            let stopped = match &choice.kind {
                ChoiceKind::Step { links: true, .. } => board
                    .neighbors(Cell::new(c))
                    .iter()
                    .any(|b| report(b.index())),
                ChoiceKind::Step { .. } => each_dir(dirs & all).any(|d| {
                    let b = table[c * nd + back(d)];
                    b != NO_CELL && table[b as usize * nd + d] == c as u32 && report(b as usize)
                }),
                ChoiceKind::Slide { by, .. } => each_dir(dirs & all).any(|d| {
                    let line = g.rays.ray(c, back(d));
                    match by {
                        // Back along the line to the first cell not crossed.
                        None => {
                            let mut cells = line.iter().map(|&x| x as usize);
                            let stop = cells.by_ref().find(|&x| {
                                has_from(x) || {
                                    let crossed = cellset::contains(aux_bits, x);
                                    if crossed {
                                        read.read(x, crossing);
                                    }
                                    !crossed
                                }
                            });
                            match stop {
                                Some(b) if report(b) => true,
                                Some(b) => {
                                    let seen = if read.looks_past()
                                        && g.choice_facts.crossing_emptied[i as usize]
                                    {
                                        look_past(
                                            cells, from_bits, aux_bits, own_from, crossing,
                                            &mut past,
                                        )
                                    } else {
                                        None
                                    };
                                    match seen {
                                        Some((n, behind)) => {
                                            read.stopped(b, crossing, Some((&past[..n], behind)))
                                        }
                                        None => {
                                            read.read(b, crossing);
                                            read.stopped(b, crossing, None);
                                        }
                                    }
                                    false
                                }
                                None => false,
                            }
                        }
                        Some(Distance::Cells(n)) => {
                            let n = *n as usize;
                            n >= 1
                                && line.len() >= n
                                && line[..n - 1].iter().all(|&x| crossed(x as usize))
                                && report(line[n - 1] as usize)
                        }
                        // A distance read on the line through the piece:
                        // not turned round (left out above).
                        Some(Distance::LineCount(_) | Distance::Number(_)) => false,
                    }
                }),
                ChoiceKind::Leap { over, .. } => {
                    let t = g.leaps.of_choice(i, self.me);
                    (0..t.count).any(|k| {
                        let b = t.sources[c * t.count + k];
                        if b == NO_TARGET {
                            return false;
                        }
                        (over.is_none()
                            || t.legs_of(b as usize, k)
                                .iter()
                                .all(|&leg| leg != NO_TARGET && crossed(leg as usize)))
                            && report(b as usize)
                    })
                }
                ChoiceKind::Hop { .. } => {
                    let occupied = self.raw(OCCUPIED);
                    each_dir(dirs & all).any(|d| {
                        let mut line =
                            g.rays
                                .ray(c, back(d))
                                .iter()
                                .map(|&x| x as usize)
                                .filter(|&x| {
                                    has(occupied, x)
                                        && !left_out.is_some_and(|g| cellset::contains(g, x))
                                });
                        // The screen, then the hopping piece.
                        match (line.next(), line.next()) {
                            (Some(screen), Some(piece)) => has(aux_bits, screen) && report(piece),
                            _ => false,
                        }
                    })
                }
                ChoiceKind::Jump { .. } => each_dir(dirs & all).any(|d| {
                    let x1 = table[c * nd + back(d)];
                    if x1 == NO_CELL {
                        return false;
                    }
                    let x2 = table[x1 as usize * nd + back(d)];
                    x2 != NO_CELL && has(aux_bits, x1 as usize) && report(x2 as usize)
                }),
                ChoiceKind::Place { .. }
                | ChoiceKind::Convert(_)
                | ChoiceKind::Remove(_)
                | ChoiceKind::Pick(_)
                | ChoiceKind::Deal { .. }
                | ChoiceKind::Pass
                | ChoiceKind::Swap
                | ChoiceKind::Choose { .. }
                | ChoiceKind::Rotate(_)
                | ChoiceKind::Move { .. }
                | ChoiceKind::Draw { .. }
                | ChoiceKind::Shift { .. }
                | ChoiceKind::Sow { .. } => false,
            };
            if stopped {
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

impl Game {
    /// For `gdl explain`: the pieces of the players other than `viewer`
    /// that could move onto `cell` in `st`, as `attacked` asks, each cell
    /// once, with the first move found that takes it there.
    pub(crate) fn attackers(&self, st: &State, cell: usize, viewer: Player) -> Vec<(u16, usize)> {
        let mut st = st.clone();
        let mut found: Vec<(u16, usize)> = Vec::new();
        for p in (0..self.players).map(Player::new).filter(|&p| p != viewer) {
            self.with_ctx(&mut st, p, |cx, scratch| {
                cx.each_attacker(
                    cell,
                    viewer,
                    scratch,
                    &NoReads,
                    None,
                    &mut |choice, from| {
                        if !found.iter().any(|&(_, x)| x == from) {
                            found.push((choice, from));
                        }
                        false
                    },
                );
            });
        }
        found
    }
}
