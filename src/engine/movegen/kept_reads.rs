//! `keep if` judged from the cells its questions read, instead of on a
//! trial of each action: a chess move that neither touches the king nor
//! the lines to it keeps the king as safe as it was.
//!
//! For the conditions `prepare::keep_reads` admits (`attacked(S)` and its
//! negation, S of pieces only and never an empty cell, in a game whose
//! reversed moves ask only about the cells they look at), the answer on a
//! position depends on S and on the content of the cells the question
//! looked at (`Ctx::attacked_reading`), nothing else. An action that moves
//! one of the mover's pieces from F to T changes F and T only (its mark is
//! set on T), and what arrives on T is of the side attacked. So,
//! with the answers worked out once per position, and S unchanged (the
//! piece moved was not in S, nor is the one taken on T):
//! - F not read: emptying F changes nothing the answer was read from, so
//!   the position with F emptied has the same answer and the same reads;
//! - F only the first piece on a slide's line to S (a stop): the walk
//!   looked past it as if it were gone (`Reads::stopped`); unless it found
//!   a piece that slides there (a pin), emptying F changes the answer no
//!   more than above, the cells past it reached only as a piece arriving
//!   there would stop the slide again;
//! - F read otherwise, or pinned: the conditions are asked again on the
//!   position with F emptied (once per such cell), recording what that
//!   reads;
//! - then T not read there: putting the piece on T changes nothing read,
//!   so the action's result has that answer. Otherwise it is tried.
//!
//! "Read" is finer than "looked at" where the answer was no attack: a cell
//! tested for a piece of the attacker's that was not there, when the
//! move's FROM holds only the attacker's pieces, is not read (a piece of
//! the victim's side arriving is no attacker either); a cell crossed that
//! no piece of the victim's side can be in is read only for its piece
//! leaving (`Look::Blocking`). Where an attack was found, a piece arriving
//! may block it, and every cell looked at is read.
//!
//! What is read when the answer was found early (the first attacker) is
//! enough too: the same walk finds the same attacker.

use std::cell::{Cell, RefCell};

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::eval::attacks::{Look, Reads};
use crate::engine::{Action, ActionKind, Game, State, mix};
use crate::rules::BoolExpr;

/// The answers of the conditions judged by reads on one position, worked
/// out at their first question (behind a `RefCell`, as the trial
/// position; a copy of a state starts without them).
#[derive(Debug, Default)]
pub(in crate::engine) struct KeepReads(pub(super) RefCell<Answers>);

impl Clone for KeepReads {
    fn clone(&self) -> KeepReads {
        KeepReads::default()
    }
}

#[derive(Debug, Default)]
pub(super) struct Answers {
    /// The position the answers are for: its pieces and marks (the board
    /// hash) and the player judged for.
    key: Option<u64>,
    /// Actions judged on this position so far.
    judged: u32,
    /// Per class of conditions (see `prepare::keep_reads`).
    classes: Vec<ClassAnswers>,
    /// Per choice, the sets its quiet placements are judged by (see
    /// `movegen::quiet_places`).
    pub(super) quiet: Vec<super::quiet_places::QuietSets>,
}

/// The answers cost two trials or more to work out: a position judges this
/// many actions by trial first (a random game judges a few), unless all
/// its actions are to be judged (`Game::judging_all`).
const TRIALS_FIRST: u32 = 4;

impl Answers {
    /// Made ready for `st`'s position: the answers of another are dropped.
    pub(super) fn for_position(&mut self, st: &State) {
        let key = mix(st.board_hash ^ ((st.mover.index() as u64 + 1) << 56));
        if self.key != Some(key) {
            self.key = Some(key);
            self.judged = 0;
            for c in &mut self.classes {
                c.ready = false;
                c.used = 0;
            }
            for q in &mut self.quiet {
                q.ready = false;
            }
        }
    }
}

#[derive(Debug, Default)]
struct ClassAnswers {
    /// `base` is for the position of `Answers::key`.
    ready: bool,
    /// On the position itself.
    base: Judged,
    /// On the position with one cell emptied, for cells `base` read (the
    /// first `used` are for this position; the rest is room kept).
    vacated: Vec<(usize, Judged)>,
    used: usize,
}

/// The conditions' answer on one position and what it was read from.
#[derive(Debug, Default)]
struct Judged {
    /// The first condition that fails, as `Game::failing_keep`.
    failing: Option<usize>,
    /// The cells whose content the answer was read from: a change there
    /// may change it.
    reads: Vec<u64>,
    /// Cells read that only a piece leaving may change it from (see
    /// `Look::Blocking`; none when a piece was found attacked, as a piece
    /// arriving there may block that attack).
    blocking: Vec<u64>,
    /// The cells of the sets asked about (S).
    targets: Vec<u64>,
    /// Cells whose piece stopped a slide, a piece of the victim's side
    /// arriving there stopping it as well (see `Reads::stopped`): were the
    /// piece gone, the slide would look past it.
    stops: Vec<u64>,
    /// Of those, cells behind which a slide would find a piece that
    /// slides there.
    pinned: Vec<u64>,
    /// What slides would look at past a stop, where any change matters:
    /// (stop, cell).
    past: Vec<(u32, u32)>,
}

/// Records what `attacked` looks at into a [`Judged`]'s sets.
struct Recorder<'a> {
    reads: &'a [Cell<u64>],
    blocking: &'a [Cell<u64>],
    stops: &'a [Cell<u64>],
    pinned: &'a [Cell<u64>],
    past: &'a RefCell<Vec<(u32, u32)>>,
}

fn cells(set: &mut [u64]) -> &[Cell<u64>] {
    Cell::from_mut(set).as_slice_of_cells()
}

fn put(set: &[Cell<u64>], c: usize) {
    let word = &set[c / 64];
    word.set(word.get() | 1 << (c % 64));
}

impl Reads for Recorder<'_> {
    fn read(&self, c: usize, look: Look) {
        match look {
            Look::Any => put(self.reads, c),
            Look::Blocking => put(self.blocking, c),
        }
    }

    fn stopped(&self, b: usize, look: Look, past: Option<(&[(usize, Look)], bool)>) {
        let Some((cells, behind)) = past else {
            // Read as any cell already.
            return;
        };
        if look == Look::Any {
            put(self.reads, b);
            return;
        }
        put(self.stops, b);
        if behind {
            put(self.pinned, b);
        }
        let mut kept = self.past.borrow_mut();
        for &(x, look) in cells {
            if look == Look::Any {
                kept.push((b as u32, x as u32));
            }
        }
    }

    fn looks_past(&self) -> bool {
        true
    }
    fn every_look(&self) -> bool {
        false
    }
}

impl Game {
    /// The first failing `keep if` of `a` (as `judge`), told from the
    /// cells its conditions read; `None` when `a` must be tried.
    #[inline]
    pub(super) fn judged_by_reads(&self, st: &State, a: Action) -> Option<Option<usize>> {
        let class = self.choice_facts.keep_reads.classes[a.choice as usize]? as usize;
        let ActionKind::Moves { from, to } = a.kind else {
            return None;
        };
        let (from, to) = (from.index(), to.index());
        let mut answers = st.work.keep_reads.0.borrow_mut();
        answers.for_position(st);
        answers.judged += 1;
        if answers.judged <= TRIALS_FIRST {
            return None;
        }
        if answers.classes.len() <= class {
            answers
                .classes
                .resize_with(class + 1, ClassAnswers::default);
        }
        let keep = &self.choice_facts.keep_reads.conditions[class];
        let answers = &mut answers.classes[class];
        if !answers.ready {
            self.judge_reading(st, keep, None, &mut answers.base);
            answers.ready = true;
        }
        let base = &answers.base;
        let has = |bits: &[u64], c: usize| cellset::contains(bits, c);
        if has(&base.targets, from) || has(&base.targets, to) {
            return None;
        }
        // Emptying `from`: nothing read, or only a stop that no piece
        // slides from behind (a pin), changes nothing; else asked again.
        let read = has(&base.reads, from) || has(&base.blocking, from);
        let judged = if !read && (!has(&base.stops, from) || !has(&base.pinned, from)) {
            if base
                .past
                .iter()
                .any(|&(b, x)| b as usize == from && x as usize == to)
            {
                return None;
            }
            base
        } else if let Some(i) = answers.vacated[..answers.used]
            .iter()
            .position(|(c, _)| *c == from)
        {
            &answers.vacated[i].1
        } else {
            if answers.vacated.len() == answers.used {
                answers.vacated.push((from, Judged::default()));
            }
            let i = answers.used;
            answers.used += 1;
            let slot = &mut answers.vacated[i];
            slot.0 = from;
            self.judge_reading(st, keep, Some(from), &mut slot.1);
            &slot.1
        };
        (!has(&judged.reads, to) && !has(&judged.targets, to)).then_some(judged.failing)
    }

    /// Says that every action of `st` is about to be judged (a listing):
    /// the answers are worked out at the first, no trial first.
    pub(super) fn judging_all(&self, st: &State) {
        let mut answers = st.work.keep_reads.0.borrow_mut();
        answers.for_position(st);
        answers.judged = answers.judged.max(TRIALS_FIRST);
    }

    /// Asks `keep` on `st` (with the cell `vacated` emptied) for its
    /// player, recording the answer and what it read in `out`.
    fn judge_reading(
        &self,
        st: &State,
        keep: &[BoolExpr],
        vacated: Option<usize>,
        out: &mut Judged,
    ) {
        let w = self.words;
        out.reads.clear();
        out.reads.resize(w, 0);
        out.blocking.clear();
        out.blocking.resize(w, 0);
        out.targets.clear();
        out.targets.resize(w, 0);
        for set in [&mut out.stops, &mut out.pinned] {
            set.clear();
            set.resize(w, 0);
        }
        let past = RefCell::new(std::mem::take(&mut out.past));
        past.borrow_mut().clear();
        let mut slot = st.work.trial.borrow_mut();
        let trial = slot.get_or_insert_with(|| Box::new(st.clone()));
        trial.copy_position_from(st);
        if let Some(f) = vacated {
            self.put(trial, f, None);
        }
        let read = Recorder {
            reads: cells(&mut out.reads),
            blocking: cells(&mut out.blocking),
            stops: cells(&mut out.stops),
            pinned: cells(&mut out.pinned),
            past: &past,
        };
        let (mut cx, spare) = self.ctx_split(trial, st.mover);
        let targets = &mut out.targets;
        let mut attacked = false;
        out.failing = keep
            .iter()
            .position(|k| !answer(&mut cx, k, spare.scratch, &read, targets, &mut attacked));
        out.past = past.into_inner();
        if attacked {
            // A piece arriving may block the attack found: every cell read
            // matters, and no stop is looked past.
            for ((r, b), s) in out
                .reads
                .iter_mut()
                .zip(&mut out.blocking)
                .zip(&mut out.stops)
            {
                *r |= std::mem::take(b) | std::mem::take(s);
            }
        }
    }
}

/// A condition `prepare::keep_reads` admits, answered with its reads told
/// to `read` and its sets' cells added to `targets`; `attacked` set if a
/// set was found attacked.
fn answer(
    cx: &mut Ctx,
    e: &BoolExpr,
    tmp: &mut [u64],
    read: &impl Reads,
    targets: &mut [u64],
    attacked: &mut bool,
) -> bool {
    match e {
        BoolExpr::Not(inner) => !answer(cx, inner, tmp, read, targets, attacked),
        BoolExpr::Const(v) => *v,
        BoolExpr::Attacked(s, victim, left_out) => {
            debug_assert_eq!(**left_out, crate::rules::SetExpr::Empty, "not admitted");
            let w = targets.len();
            let (cells, rest) = tmp.split_at_mut(w);
            cx.set(s, cells, rest);
            targets
                .iter_mut()
                .zip(cells.iter())
                .for_each(|(t, c)| *t |= c);
            let found = cx.attacked_reading(s, *victim, tmp, read, None);
            *attacked |= found;
            found
        }
        BoolExpr::And(..)
        | BoolExpr::Or(..)
        | BoolExpr::Cmp(..)
        | BoolExpr::NonEmpty(_)
        | BoolExpr::Connected(..)
        | BoolExpr::Line(..)
        | BoolExpr::At(..)
        | BoolExpr::AtSome(..)
        | BoolExpr::Quantifier { .. }
        | BoolExpr::Escapes { .. }
        | BoolExpr::Touches { .. }
        | BoolExpr::SamePlayer(..)
        | BoolExpr::ByPlayer(_)
        | BoolExpr::NextStuck
        | BoolExpr::Changed => unreachable!("only attack questions are judged by reads"),
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::engine::same_games::{game, same_games};

    /// The same pseudo-random games judged by reads and by trying each
    /// action; `judged` choices must be judged by reads, and the games
    /// must reach positions where the mover is attacked.
    fn same_as_trials(g: &Game, judged: usize) {
        let names: Vec<_> = (g
            .rules
            .choices
            .iter()
            .zip(&g.choice_facts.keep_reads.classes))
        .filter(|(_, k)| k.is_some())
        .map(|(c, _)| c.name.as_str())
        .collect();
        assert_eq!(names.len(), judged, "{names:?}");
        let plain = crate::engine::same_games::without(g, crate::engine::Shortcut::KeepReads);
        let mut checks = 0;
        same_games(g, &plain, 40, 300, |s, _| {
            let me = s.mover;
            let king = &g.rules.choices.iter().find_map(|c| c.keep.first());
            if let Some(k) = king {
                checks += usize::from(!g.with_ctx(s, me, |cx, tmp| cx.cond(k, tmp)));
            }
        });
        assert!(checks > 20, "{checks} positions in check");
    }

    #[test]
    fn chess_and_shogi_judged_by_reads_keep_what_trials_keep() {
        let chess = include_str!("../../../games/chess.gdl");
        same_as_trials(&game(chess, &[]), 7);
        let double = include_str!("../../../games/double-chess.gdl");
        same_as_trials(&game(double, &[]), 7);
        let shogi = include_str!("../../../games/shogi.gdl");
        same_as_trials(&game(shogi, &[]), 10);
        // Chess960's castling finds its rook along a ray: a `move`, which
        // `attacked` never turns round, so the other moves are judged.
        let c960 = include_str!("../../../games/chess960.gdl");
        same_as_trials(&game(c960, &[]), 7);
    }

    /// Racing kings: no move may leave the mover's king attacked nor give
    /// check, the second judged by reads too (the mover's pieces attack);
    /// the games must reach positions where a move that would give check
    /// is refused.
    #[test]
    fn a_check_the_mover_may_not_give_is_judged_by_reads_as_trials_judge_it() {
        let racing = include_str!("../../../games/racing-kings.gdl");
        let rule = "keep actions if not attacked(enemy and king, opponent)";
        assert!(racing.contains(rule));
        let g = game(racing, &[]);
        let judged = (g.choice_facts.keep_reads.classes.iter()).filter(|k| k.is_some());
        assert_eq!(judged.count(), 4);
        let free = game(&racing.replace(rule, ""), &[]);
        let plain = crate::engine::same_games::without(&g, crate::engine::Shortcut::KeepReads);
        let (mut refused, mut all) = (0, Vec::new());
        same_games(&g, &plain, 40, 300, |s, _| {
            let mut kept = Vec::new();
            g.legal_actions(s, &mut kept);
            free.legal_actions(s, &mut all);
            refused += usize::from(kept.len() < all.len());
        });
        assert!(refused > 20, "{refused} positions with a check refused");
    }

    /// A move of the enemy's rook next to the mover's king gives check:
    /// tried, never judged by reads (a piece of the victim's side is no
    /// attacker, but this one is the attacker's).
    #[test]
    fn a_move_of_another_players_piece_is_tried() {
        let g = game(
            "game Push board square(4) players white, black pieces king, rook
             setup: white king at cells(a1), black king at cells(d4), black rook at cells(b3)
             keep actions if not attacked(own and king)
             action king-step = step own and king to not own
             action rook-line = slide own and rook orthogonal to not own
             action nudge = step enemy and rook orthogonal to empty
             turn: king-step | rook-line | nudge
             end if stuck: mover loses",
            &[],
        );
        let plain = crate::engine::same_games::without(&g, crate::engine::Shortcut::KeepReads);
        let mut checks = 0;
        same_games(&g, &plain, 40, 100, |s, _| {
            let me = s.mover;
            let k = &g.rules.choices[0].keep[0];
            checks += usize::from(!g.with_ctx(s, me, |cx, tmp| cx.cond(k, tmp)));
        });
        assert!(checks > 0);
        let mut legal = Vec::new();
        g.legal_actions(&g.start(), &mut legal);
        assert_eq!(legal.len(), 4, "b3-a3 checks its own king");
    }

    /// Every kind of move `attacked` turns round: a cannon's hop over a
    /// screen (a piece arriving makes one), a horse's leap and its leg (a
    /// piece arriving blocks it), a pawn's fixed-distance slide, a jump,
    /// a slide from cells that are not only the attacker's (any rook not
    /// an enemy's: a piece of the victim's side arriving may attack), and
    /// a king in a corner of several lines.
    #[test]
    fn hops_legs_and_jumps_judged_by_reads_keep_what_trials_keep() {
        let g = game(
            "game T board square(6) with diagonals players white, black
             pieces king, cannon, horse, rook, pawn, jumper
             setup: white king at cells(a1), white cannon at cells(b1), white horse at cells(c1),
                    white rook at cells(d1), white pawn at row(2), white jumper at cells(f1),
                    black king at cells(f6), black cannon at cells(e6), black horse at cells(d6),
                    black rook at cells(c6), black pawn at row(5), black jumper at cells(a6)
             define forward: white = n, black = s
             keep actions if not attacked(own and king)
             action king-step = step own and king to not own
             action cannon-line = slide own and cannon orthogonal to empty
             action cannon-take = hop own and cannon orthogonal over occupied to enemy
             action horse-leap = leap own and horse (1, 2) over empty to not own
             action rook-line = slide own and rook orthogonal to not own
             action pawn-run = slide own and pawn forward by 2 to not own
             action pawn-step = step own and pawn forward to not own
             action jumper-jump = jump own and jumper diagonal over occupied to not own
             action any-rook = slide rook diagonal to enemy
             turn: king-step | cannon-line | cannon-take | horse-leap | rook-line
                 | pawn-run | pawn-step | jumper-jump | any-rook
             end if stuck: mover loses",
            &[],
        );
        same_as_trials(&g, 7);
    }

    /// Xiangqi: cannons that move by a slide and take by a hop, horses
    /// and elephants stopped on their legs, and generals that may not face
    /// each other (a slide along the file that is never offered).
    #[test]
    fn xiangqi_judged_by_reads_keeps_what_trials_keep() {
        let xiangqi = include_str!("../../../games/xiangqi.gdl");
        same_as_trials(&game(xiangqi, &[]), 10);
    }

    /// Janggi: a keep that also holds for a pass in bikjang (`passes > 0
    /// and ...`) reads `not in-check` after a move, so moves are judged by
    /// reads; facing generals attack only where the turn marked them.
    #[test]
    fn janggi_moves_are_judged_by_reads_as_trials_judge_them() {
        let janggi = include_str!("../../../games/janggi.gdl");
        same_as_trials(&game(janggi, &[]), 11);
    }
}
