//! Which `keep if` conditions are judged from the cells they read instead
//! of on a trial of each action (see `movegen::kept_reads`): a condition
//! `attacked(S)` or `not attacked(S)`, where whether a cell is in S
//! depends on its piece alone and an empty cell never is, in a game whose
//! moves (turned round by `attacked`) ask only about the cells they look
//! at, of an action that only moves one of the mover's pieces (no `then`);
//! read as it stands after such an action (`passes` is 0), so a clause
//! only a pass can meet falls away.

use crate::engine::movegen::quiet_places::{QuietKeep, QuietPlace};
use crate::ids::Cell;
use crate::rules::cell_read::{CellOp, CellRead, PieceTest};
use crate::rules::*;

/// Which choices' `keep if` conditions are judged by reads: per choice,
/// its class (choices with equal conditions share one), or `None` when its
/// actions are tried one by one; and per class, the conditions as they
/// read after one of its actions (`after_a_move`: `passes` is 0 then).
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct JudgedByReads {
    pub classes: Vec<Option<u8>>,
    pub conditions: Vec<Vec<BoolExpr>>,
}

pub(in crate::engine) fn judged_by_reads(rules: &Rules) -> JudgedByReads {
    let mut conditions: Vec<Vec<BoolExpr>> = Vec::new();
    let looked_at = rules.choices.iter().all(|c| moves_read_cells(&c.kind));
    let classes = rules
        .choices
        .iter()
        .map(|c| {
            // The piece that moves is the mover's: one of its side arriving
            // only blocks (see `movegen::kept_reads`).
            if !(looked_at
                && moves_one_piece(c)
                && own_from(&c.kind)
                && c.then.is_empty()
                && !c.keep.is_empty())
            {
                return None;
            }
            let keep: Vec<BoolExpr> = c.keep.iter().map(after_a_move).collect();
            if !keep.iter().all(attack_question) {
                return None;
            }
            let class = match conditions.iter().position(|k| *k == keep) {
                Some(i) => i,
                None => {
                    conditions.push(keep);
                    conditions.len() - 1
                }
            };
            u8::try_from(class).ok()
        })
        .collect();
    JudgedByReads {
        classes,
        conditions,
    }
}

/// A condition as it reads after an action that moves one piece, with no
/// `then`: `passes` is 0, and what that decides is folded away (janggi's
/// `not in-check or (passes > 0 and bikjang = 1)`, a pass's own rule, is
/// `not in-check` after a move).
fn after_a_move(e: &BoolExpr) -> BoolExpr {
    let known = |n: &NumExpr| match n {
        NumExpr::Passes => Some(0.0),
        NumExpr::Const(x) => Some(*x),
        _ => None,
    };
    match e {
        BoolExpr::Cmp(op, a, b) => match (known(a), known(b)) {
            (Some(a), Some(b)) => BoolExpr::Const(op.test(a, b)),
            _ => e.clone(),
        },
        BoolExpr::Not(inner) => match after_a_move(inner) {
            BoolExpr::Const(v) => BoolExpr::Const(!v),
            inner => BoolExpr::Not(Box::new(inner)),
        },
        BoolExpr::And(a, b) => match (after_a_move(a), after_a_move(b)) {
            (BoolExpr::Const(false), _) | (_, BoolExpr::Const(false)) => BoolExpr::Const(false),
            (BoolExpr::Const(true), x) | (x, BoolExpr::Const(true)) => x,
            (a, b) => BoolExpr::And(Box::new(a), Box::new(b)),
        },
        BoolExpr::Or(a, b) => match (after_a_move(a), after_a_move(b)) {
            (BoolExpr::Const(true), _) | (_, BoolExpr::Const(true)) => BoolExpr::Const(true),
            (BoolExpr::Const(false), x) | (x, BoolExpr::Const(false)) => x,
            (a, b) => BoolExpr::Or(Box::new(a), Box::new(b)),
        },
        BoolExpr::Const(_)
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
        | BoolExpr::Changed
        | BoolExpr::Attacked(..) => e.clone(),
    }
}

/// An action of this choice changes the cell it leaves and the cell it
/// reaches (and the mark it sets there), nothing else on the board.
pub(in crate::engine) fn moves_one_piece(choice: &Choice) -> bool {
    if choice.staying {
        return false;
    }
    match &choice.kind {
        ChoiceKind::Step { .. }
        | ChoiceKind::Slide { .. }
        | ChoiceKind::Leap { .. }
        | ChoiceKind::Hop { .. }
        | ChoiceKind::Move { .. } => true,
        ChoiceKind::Place { .. }
        | ChoiceKind::Convert(_)
        | ChoiceKind::Remove(_)
        | ChoiceKind::Pick(_)
        | ChoiceKind::Deal { .. }
        | ChoiceKind::Pass
        | ChoiceKind::Swap
        | ChoiceKind::Choose { .. }
        | ChoiceKind::Rotate(_)
        | ChoiceKind::Jump { .. }
        | ChoiceKind::Shift { .. }
        | ChoiceKind::Draw { .. }
        | ChoiceKind::Sow { .. } => false,
    }
}

/// A move `attacked` turns round asks only whether the cells it looks at
/// are in its sets: each set's cells are decided by their own content.
fn moves_read_cells(kind: &ChoiceKind) -> bool {
    match kind {
        ChoiceKind::Step { from, to, .. } => cell_local(from) && cell_local(to),
        ChoiceKind::Slide { from, path, to, .. } => {
            cell_local(from) && cell_local(path) && cell_local(to)
        }
        ChoiceKind::Leap { from, over, to, .. } => {
            cell_local(from) && over.as_ref().is_none_or(cell_local) && cell_local(to)
        }
        ChoiceKind::Jump { from, over, to, .. } | ChoiceKind::Hop { from, over, to, .. } => {
            cell_local(from) && cell_local(over) && cell_local(to)
        }
        ChoiceKind::Place { .. }
        | ChoiceKind::Convert(_)
        | ChoiceKind::Remove(_)
        | ChoiceKind::Pick(_)
        | ChoiceKind::Deal { .. }
        | ChoiceKind::Pass
        | ChoiceKind::Swap
        | ChoiceKind::Choose { .. }
        | ChoiceKind::Rotate(_)
        | ChoiceKind::Shift { .. }
        // `attacked` never turns a `move` round (Chess960's castling, which
        // finds its rook along a ray).
        | ChoiceKind::Move { .. }
        | ChoiceKind::Draw { .. }
        | ChoiceKind::Sow { .. } => true,
    }
}

/// Whether the FROM of a move holds only pieces of the player who moves
/// (so that no move of another player's brings a cell into it).
pub(in crate::engine) fn own_from(kind: &ChoiceKind) -> bool {
    match kind {
        ChoiceKind::Step { from, .. }
        | ChoiceKind::Slide { from, .. }
        | ChoiceKind::Leap { from, .. }
        | ChoiceKind::Jump { from, .. }
        | ChoiceKind::Hop { from, .. }
        | ChoiceKind::Move { from, .. }
        | ChoiceKind::Shift { from, .. } => movers_only(from),
        ChoiceKind::Place { .. }
        | ChoiceKind::Convert(_)
        | ChoiceKind::Remove(_)
        | ChoiceKind::Pick(_)
        | ChoiceKind::Deal { .. }
        | ChoiceKind::Pass
        | ChoiceKind::Swap
        | ChoiceKind::Choose { .. }
        | ChoiceKind::Rotate(_)
        | ChoiceKind::Draw { .. }
        | ChoiceKind::Sow { .. } => false,
    }
}

/// What a move crosses on its way, for the two questions below.
enum Crossed<'a> {
    /// A slide's path.
    Path(&'a SetExpr),
    /// A leap's leg, if it has one.
    Leg(Option<&'a SetExpr>),
    Nothing,
}

fn crossed(kind: &ChoiceKind) -> Crossed<'_> {
    match kind {
        ChoiceKind::Slide { path, .. } => Crossed::Path(path),
        ChoiceKind::Leap { over, .. } => Crossed::Leg(over.as_ref()),
        ChoiceKind::Step { .. }
        | ChoiceKind::Jump { .. }
        | ChoiceKind::Hop { .. }
        | ChoiceKind::Move { .. }
        | ChoiceKind::Shift { .. }
        | ChoiceKind::Place { .. }
        | ChoiceKind::Convert(_)
        | ChoiceKind::Remove(_)
        | ChoiceKind::Pick(_)
        | ChoiceKind::Deal { .. }
        | ChoiceKind::Pass
        | ChoiceKind::Swap
        | ChoiceKind::Choose { .. }
        | ChoiceKind::Rotate(_)
        | ChoiceKind::Draw { .. }
        | ChoiceKind::Sow { .. } => Crossed::Nothing,
    }
}

/// Whether the cells a slide or a leap crosses (its path, its leg) never
/// hold a piece of another player than the one who moves.
pub(in crate::engine) fn crossing_blocks(kind: &ChoiceKind) -> bool {
    match crossed(kind) {
        Crossed::Path(path) => !may_hold_others(path),
        Crossed::Leg(leg) => leg.is_none_or(|e| !may_hold_others(e)),
        Crossed::Nothing => false,
    }
}

/// Whether a slide's path holds every empty cell, whatever its marks and
/// place (`empty`): a cell emptied is crossed.
pub(in crate::engine) fn crossing_emptied(kind: &ChoiceKind) -> bool {
    match crossed(kind) {
        Crossed::Path(path) => piece_set(path) == Some(true),
        Crossed::Leg(_) | Crossed::Nothing => false,
    }
}

/// Whether a set may hold a piece of another player than the view's
/// (answered safely: true when unsure).
fn may_hold_others(e: &SetExpr) -> bool {
    match e {
        SetExpr::Empty | SetExpr::Owned(Who::Me) => false,
        SetExpr::Inter(a, b) => may_hold_others(a) && may_hold_others(b),
        SetExpr::Union(a, b) => may_hold_others(a) || may_hold_others(b),
        SetExpr::Except(a, _) => may_hold_others(a),
        SetExpr::ByPlayer(v) => v.iter().any(may_hold_others),
        _ => true,
    }
}

/// Whether a set holds only pieces of the view's player.
fn movers_only(e: &SetExpr) -> bool {
    match e {
        SetExpr::Owned(Who::Me) => true,
        SetExpr::Inter(a, b) => movers_only(a) || movers_only(b),
        SetExpr::Union(a, b) => movers_only(a) && movers_only(b),
        SetExpr::Except(a, _) => movers_only(a),
        SetExpr::ByPlayer(v) => v.iter().all(movers_only),
        _ => false,
    }
}

/// `attacked(S)` or its negation, S of pieces only, never an empty cell,
/// attacked by the players other than the one who acts; or a constant.
fn attack_question(e: &BoolExpr) -> bool {
    match e {
        BoolExpr::Not(inner) => attack_question(inner),
        BoolExpr::Const(_) => true,
        BoolExpr::Attacked(s, victim, left_out) => {
            matches!(victim, Who::Me | Who::Opponent)
                && piece_set(s) == Some(false)
                && **left_out == SetExpr::Empty
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
        | BoolExpr::Changed => false,
    }
}

/// Whether a cell's membership depends on its own content only (its piece,
/// its marks) and on where it is (a fixed region).
fn cell_local(e: &SetExpr) -> bool {
    super::turn_tails::of_cells(e, &[])
}

/// For a set whose membership depends on a cell's piece alone (owner and
/// kind, or none; not marks, regions or other cells): whether an empty
/// cell is in it. `None` for other sets, and for sets of each player's
/// that differ in that.
fn piece_set(e: &SetExpr) -> Option<bool> {
    match e.cell_read() {
        CellRead::Every | CellRead::Piece(PieceTest::None) => Some(true),
        CellRead::Piece(
            PieceTest::Any | PieceTest::Owned(_) | PieceTest::Enemy | PieceTest::Kind(_),
        ) => Some(false),
        CellRead::Mark(_) | CellRead::Place(_) | CellRead::Beyond => None,
        // Both sides are asked first: `?` after a short-circuit is skipped.
        CellRead::Parts(CellOp::Union(a, b)) => {
            let (a, b) = (piece_set(a)?, piece_set(b)?);
            Some(a || b)
        }
        CellRead::Parts(CellOp::Inter(a, b)) => {
            let (a, b) = (piece_set(a)?, piece_set(b)?);
            Some(a && b)
        }
        CellRead::Parts(CellOp::Except(a, b)) => {
            let (a, b) = (piece_set(a)?, piece_set(b)?);
            Some(a && !b)
        }
        CellRead::Parts(CellOp::Complement(a)) => Some(!piece_set(a)?),
        CellRead::Parts(CellOp::ByPlayer(v)) => {
            let first = piece_set(v.first()?)?;
            v.iter()
                .all(|e| piece_set(e) == Some(first))
                .then_some(first)
        }
    }
}

/// Per choice: how its placements are judged without a trial, or `None`.
/// A choice qualifies when it places a piece on one cell (not from a
/// reserve, with no marking), its effects each remove a set that is empty
/// when no neighbour of `here` is in their trigger, and each of its
/// conditions is a [`QuietKeep`]. Then, where no neighbour of the cell is
/// in the triggers, the result is the position with the piece put on the
/// cell, nothing else (the cell is no neighbour of itself, so its
/// neighbours read the same before and after).
pub(in crate::engine) fn quiet_places(rules: &Rules) -> Vec<Option<QuietPlace>> {
    let board = &rules.board;
    let self_linked =
        (0..board.len()).any(|c| board.neighbors(Cell::new(c)).contains(&Cell::new(c)));
    rules
        .choices
        .iter()
        .map(|c| {
            let ChoiceKind::Place { piece, .. } = c.kind else {
                return None;
            };
            if self_linked
                || c.marking.is_some()
                || c.keep.is_empty()
                || rules.reserved.get(piece.index()) == Some(&true)
            {
                return None;
            }
            let mut trigger: Option<SetExpr> = None;
            for e in &c.then {
                let t = effect_trigger(e)?;
                trigger = Some(match trigger {
                    None => t,
                    Some(u) => SetExpr::Union(Box::new(u), Box::new(t)),
                });
            }
            let keeps = c.keep.iter().map(quiet_keep).collect::<Option<Vec<_>>>()?;
            Some(QuietPlace { trigger, keeps })
        })
        .collect()
}

/// The trigger of an effect that does nothing while no neighbour of
/// `here` is in it (a capture of the groups next to the piece placed).
fn effect_trigger(e: &Effect) -> Option<SetExpr> {
    match e {
        Effect::Remove(s, _) => near_here(s),
        Effect::Seq(v) => {
            let mut all: Option<SetExpr> = None;
            for e in v {
                let t = effect_trigger(e)?;
                all = Some(match all {
                    None => t,
                    Some(u) => SetExpr::Union(Box::new(u), Box::new(t)),
                });
            }
            all
        }
        _ => None,
    }
}

/// A set T such that `s` is empty whenever no neighbour of `here` is in
/// T, T decided by each cell's own content: `neighbors(here) and T`, and
/// sets made from it that are empty when it is (`where`, `except`,
/// `reach` from it, `and` with anything, `or` of two such).
fn near_here(s: &SetExpr) -> Option<SetExpr> {
    let next_to_here = |e: &SetExpr| matches!(e, SetExpr::Neighbors(b) if **b == SetExpr::Here);
    match s {
        SetExpr::Inter(a, b) if next_to_here(a) => local_superset(b),
        SetExpr::Inter(a, b) if next_to_here(b) => local_superset(a),
        SetExpr::Inter(a, b) => near_here(a).or_else(|| near_here(b)),
        SetExpr::Where(a, _) | SetExpr::Except(a, _) | SetExpr::Reach(a, _) => near_here(a),
        SetExpr::Union(a, b) => Some(SetExpr::Union(
            Box::new(near_here(a)?),
            Box::new(near_here(b)?),
        )),
        _ => None,
    }
}

/// A set that holds every cell of `s`, decided by each cell's own content.
fn local_superset(s: &SetExpr) -> Option<SetExpr> {
    if cell_local(s) {
        return Some(s.clone());
    }
    match s {
        SetExpr::Where(a, _) | SetExpr::Except(a, _) => local_superset(a),
        SetExpr::Inter(a, b) => local_superset(a).or_else(|| local_superset(b)),
        SetExpr::Union(a, b) => Some(SetExpr::Union(
            Box::new(local_superset(a)?),
            Box::new(local_superset(b)?),
        )),
        _ => None,
    }
}

/// How a `keep if` condition of a quiet placement is judged, if it can be.
fn quiet_keep(e: &BoolExpr) -> Option<QuietKeep> {
    if let BoolExpr::Touches { seed, target, .. } = e
        && seeds_here(seed)
        && cell_local(target)
    {
        return Some(QuietKeep::Touches(target.clone()));
    }
    key_only(e).then_some(QuietKeep::Key)
}

/// Whether `here` is surely among the cells of `s`.
fn seeds_here(s: &SetExpr) -> bool {
    match s {
        SetExpr::Here => true,
        SetExpr::Union(a, b) => seeds_here(a) || seeds_here(b),
        _ => false,
    }
}

/// Whether a condition reads nothing of the position but its key (pieces,
/// marks and hands, through the history of earlier ones), the turn and who
/// moves.
fn key_only(e: &BoolExpr) -> bool {
    match e {
        BoolExpr::Const(_) | BoolExpr::Changed => true,
        BoolExpr::Not(a) => key_only(a),
        BoolExpr::And(a, b) | BoolExpr::Or(a, b) => key_only(a) && key_only(b),
        BoolExpr::Cmp(_, a, b) => key_number(a) && key_number(b),
        _ => false,
    }
}

/// [`key_only`] for numbers.
fn key_number(n: &NumExpr) -> bool {
    match n {
        NumExpr::Const(_)
        | NumExpr::Turn
        | NumExpr::Seen
        | NumExpr::Repetitions
        | NumExpr::RepetitionTurns => true,
        NumExpr::Add(a, b)
        | NumExpr::Sub(a, b)
        | NumExpr::Mul(a, b)
        | NumExpr::Div(a, b)
        | NumExpr::Mod(a, b) => key_number(a) && key_number(b),
        NumExpr::Neg(a) => key_number(a),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(source: &str) -> Vec<Option<u8>> {
        let rules = crate::check::compile(&crate::syntax::parse(source).unwrap(), &[]).unwrap();
        judged_by_reads(&rules).classes
    }

    const CHESSLIKE: &str = "game T board square(4) players white, black
        pieces king, rook
        setup: white king at cells(a1), black king at cells(d4), white rook at cells(b2)
        action rook-line = slide own and rook orthogonal to not own
        action king-step = step own and king to not own then mark seen at here
        marks seen
        keep actions if not attacked(own and king)
        turn: rook-line | king-step";

    #[test]
    fn a_plain_move_of_a_king_safety_question_is_judged_by_reads() {
        assert_eq!(classes(CHESSLIKE), vec![Some(0), None]);
        // Moving the enemy's rook may attack: tried.
        let theirs = CHESSLIKE.replace("slide own and rook", "slide enemy and rook");
        assert_eq!(classes(&theirs), vec![None, None]);
    }

    #[test]
    fn sets_that_read_other_cells_or_hold_empty_cells_are_tried() {
        let near = CHESSLIKE.replace("to not own then", "to not own and neighbors(enemy) then");
        assert_eq!(classes(&near), vec![None, None]);
        let empty = CHESSLIKE.replace("attacked(own and king)", "attacked(not enemy)");
        assert_eq!(classes(&empty), vec![None, None]);
        let marked = CHESSLIKE.replace("attacked(own and king)", "attacked(own and seen)");
        assert_eq!(classes(&marked), vec![None, None]);
    }
}
