//! Counting whole turns without playing the last one (perft's last
//! level): an action after which the turn surely offers no other decision
//! completes exactly one turn, whatever the rest of the turn does.
//!
//! `prepare::turn_tails` finds, for each one-ply step, the later steps
//! that may offer a decision: `while` steps whose condition is that a set
//! of pieces is not empty, which the effects between cannot change. Such a
//! set is decided cell by cell by the cell's own content, so after an
//! action that moves one piece from F to T (no `then`) it is the set now,
//! but for F (emptied) and T (holding the piece, and the action's mark).

use crate::cellset;
use crate::engine::eval::program::view_player;
use crate::engine::prepare::keep_reads::moves_one_piece;
use crate::engine::prepare::turn_tails::{Tail, guard_set, reads_marks};
use crate::engine::{Action, ActionKind, Game, State};
use crate::rules::cell_read::{CellOp, CellRead, PieceTest, Region};
use crate::rules::*;

/// For one position's decision: the sets of the later `while` steps as
/// they are, for [`Game::surely_ends_turn`].
#[derive(Clone, Debug, Default)]
pub(crate) struct TurnEnds {
    /// The tail is known (see `prepare::turn_tails`).
    known: bool,
    /// Per guarded step: its set now (W words each).
    sets: Vec<u64>,
}

impl Game {
    /// Prepares `ends` for the actions of `st`'s decision.
    pub(crate) fn turn_ends(&self, st: &mut State, ends: &mut TurnEnds) {
        ends.known = false;
        ends.sets.clear();
        let tail = self
            .choice_facts
            .tails
            .get(st.turn_def as usize)
            .and_then(|steps| steps.get(st.step as usize));
        let Some(Tail::Guarded(steps)) = tail else {
            return;
        };
        let w = self.words;
        let me = st.mover;
        for g in steps {
            let set = self.guard_of(st.turn_def, g.step);
            let at = ends.sets.len();
            ends.sets.resize(at + w, 0);
            self.with_ctx(st, me, |cx, scratch| {
                cx.set(set, &mut ends.sets[at..at + w], scratch)
            });
        }
        ends.known = true;
    }

    /// Whether playing `a` in `st` surely completes the turn with no other
    /// decision (`ends` prepared for `st`).
    pub(crate) fn surely_ends_turn(&self, st: &State, ends: &TurnEnds, a: Action) -> bool {
        if !ends.known || a.is_pie() {
            return false;
        }
        let Some(Tail::Guarded(steps)) =
            self.choice_facts.tails[st.turn_def as usize].get(st.step as usize)
        else {
            return false;
        };
        if steps.is_empty() {
            return true;
        }
        let choice = &self.rules.choices[a.choice as usize];
        let ActionKind::Moves { from, to } = a.kind else {
            return false;
        };
        if !moves_one_piece(choice) || !choice.then.is_empty() {
            return false;
        }
        let (from, to) = (from.index(), to.index());
        let piece = self.code_at(st, from);
        let w = self.words;
        steps.iter().enumerate().all(|(i, g)| {
            let now = &ends.sets[i * w..(i + 1) * w];
            let others = now.iter().enumerate().any(|(j, &word)| {
                let mut word = word;
                for c in [from, to] {
                    if c / 64 == j {
                        word &= !(1u64 << (c % 64));
                    }
                }
                word != 0
            });
            if others {
                return false;
            }
            if !g.cells.is_empty() {
                // Where each piece, or none, would be in the set.
                let me = st.mover.index();
                let codes = (self.players + 1) * self.pieces;
                let at = |code: usize| &g.cells[(me * (codes + 1) + code) * w..][..w];
                let code = piece.map_or(codes, |(k, o)| k * (self.players + 1) + o);
                return !cellset::contains(at(codes), from) && !cellset::contains(at(code), to);
            }
            let set = self.guard_of(st.turn_def, g.step);
            let marks = |cell: usize, extra: Option<Mark>| {
                move |m: Mark| {
                    let set = &st.sets[self.mark_set(m.index()) * w..][..w];
                    extra == Some(m) || cellset::contains(set, cell)
                }
            };
            let me = st.mover.index();
            !self.holds_with(set, me, from, None, &marks(from, None))
                && !self.holds_with(set, me, to, piece, &marks(to, choice.marking))
        })
    }

    /// Fills each guard's table of cells (see `turn_tails::Guard::cells`) for the
    /// sets that read no marks.
    pub(in crate::engine) fn fill_guard_cells(&mut self) {
        let w = self.words;
        let codes = (self.players + 1) * self.pieces;
        let mut tails = std::mem::take(&mut self.choice_facts.tails);
        for (t, steps) in tails.iter_mut().enumerate() {
            for tail in steps {
                let Tail::Guarded(guards) = tail else {
                    continue;
                };
                for g in guards {
                    let set = self.guard_of(t as u16, g.step);
                    if reads_marks(set) {
                        continue;
                    }
                    g.cells = vec![0; self.players * (codes + 1) * w];
                    for me in 0..self.players {
                        for code in 0..=codes {
                            let piece = (code < codes)
                                .then(|| (code / (self.players + 1), code % (self.players + 1)));
                            let out = &mut g.cells[(me * (codes + 1) + code) * w..][..w];
                            for cell in 0..self.rules.board.len() {
                                let no_marks = |_: Mark| false;
                                if self.holds_with(set, me, cell, piece, &no_marks) {
                                    cellset::insert(out, cell);
                                }
                            }
                        }
                    }
                }
            }
        }
        self.choice_facts.tails = tails;
    }

    /// The set of the `while` condition of step `k` of turn rule `t`.
    fn guard_of(&self, t: u16, k: u16) -> &SetExpr {
        match &self.rules.turns[t as usize].steps[k as usize] {
            Step::Choose {
                repeat: Repeat::While(cond) | Repeat::WhilePossible(cond),
                ..
            } => guard_set(cond).expect("a guarded step's condition"),
            Step::Choose { .. } | Step::Effect(_) | Step::End(..) => {
                unreachable!("a guarded step is a `while` on a set")
            }
        }
    }

    /// Whether `cell` would be in `e`, seen from player `me`, were `piece`
    /// (kind, owner) on it, the cell carrying the marks `marked` says: `e`
    /// decided by a cell's own content (see `prepare::turn_tails`).
    fn holds_with(
        &self,
        e: &SetExpr,
        me: usize,
        cell: usize,
        piece: Option<(usize, usize)>,
        marked: &dyn Fn(Mark) -> bool,
    ) -> bool {
        let owner = piece.map(|(_, o)| o);
        let fixed = |i: u32| self.rules.fixed_sets[i as usize].contains(cell);
        let holds = |e: &SetExpr| self.holds_with(e, me, cell, piece, marked);
        match e.cell_read() {
            CellRead::Every => true,
            CellRead::Piece(PieceTest::None) => piece.is_none(),
            CellRead::Piece(PieceTest::Any) => piece.is_some(),
            CellRead::Piece(PieceTest::Owned(who)) => {
                owner == Some(view_player(self, Player::new(me), who))
            }
            CellRead::Piece(PieceTest::Enemy) => owner.is_some_and(|o| o != me && o < self.players),
            CellRead::Piece(PieceTest::Kind(k)) => piece.is_some_and(|(kind, _)| kind == k.index()),
            CellRead::Mark(m) => marked(m),
            CellRead::Place(Region::One(i)) => fixed(i),
            CellRead::Place(Region::PerPlayer(v)) => fixed(v[me]),
            CellRead::Parts(CellOp::Union(a, b)) => holds(a) || holds(b),
            CellRead::Parts(CellOp::Inter(a, b)) => holds(a) && holds(b),
            CellRead::Parts(CellOp::Except(a, b)) => holds(a) && !holds(b),
            CellRead::Parts(CellOp::Complement(a)) => !holds(a),
            CellRead::Parts(CellOp::ByPlayer(v)) => holds(&v[me]),
            CellRead::Beyond => unreachable!("a guard's set is decided by a cell's content"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::prepare::turn_tails::Tail;
    use crate::engine::same_games::game;
    use crate::engine::{Game, State};
    use crate::notation::read_position;
    use crate::run::perft_turns_depth;

    /// Whole turns from `start` counted with the last level's sure ends
    /// and with every turn played, at each depth; `known` steps must have
    /// a known tail.
    fn same_counts(g: &Game, start: &State, depth: usize, known: usize) {
        let tails = g.choice_facts.tails.iter().flatten();
        assert_eq!(
            tails.filter(|t| matches!(t, Tail::Guarded(_))).count(),
            known
        );
        let plain = crate::engine::same_games::without(g, crate::engine::Shortcut::TurnTails);
        for d in 1..=depth {
            let counted = perft_turns_depth(g, start, d, false).expect("turns end");
            assert_eq!(
                counted,
                perft_turns_depth(&plain, start, d, false).expect("turns end")
            );
        }
    }

    /// A runner reaching the far row, or reaching a cell marked by the move
    /// (a mark the guard reads), makes the player choose again; a neutral
    /// piece off its cell would (guards of every kind of part).
    #[test]
    fn turns_that_choose_again_are_played_and_the_rest_counted() {
        let g = game(
            "game T board square(4) with diagonals players white, black
             pieces runner
             neutral pieces blocker
             marks hot, seen
             variables pick
             region far: white = row(4), black = row(1)
             region spot = cells(a1)
             setup: white runner at row(2), black runner at row(3), blocker at cells(a1)
             define forward: white = n, black = s
             action run = step own and runner (forward or rotate(forward, 45)) to not own
             action heat = step own and runner rotate(forward, -45) to empty marking hot
             turn: run | heat,
                   (mark seen at occupied),
                   (set pick to 0),
                   while count(own and runner and far) > 0:
                     choose pick from 1, 2 then remove own and runner and far,
                   while count(hot and occupied and not enemy) > 0:
                     choose pick from 3, 4 then clear hot,
                   while count(blocker except spot) > 0:
                     choose pick from 5, 6
             end if count(enemy) = 0: mover wins",
            &[],
        );
        same_counts(&g, &g.start(), 4, 1);
    }

    #[test]
    fn chess_promotions_are_played_and_the_rest_counted() {
        let chess = game(include_str!("../../../games/chess.gdl"), &[]);
        // Position 4 of the standard test positions: promotions that take.
        let fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
        let start = chess.start_at(&read_position(&chess, fen).expect("a position"));
        same_counts(&chess, &start, 3, 1);
    }
}
