//! Perft over whole turns: a node at depth k is a sequence of k complete
//! turns. A turn is complete when the turn number changes or the game ends
//! (so a turn that ends the game counts); every action sequence counts, as
//! in plain perft, so two orders of the same placements are two turns.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::{PerftDepth, Positions, TooManyPositions, ply_limit};
use crate::engine::{Action, Game, State, TurnEnds};

/// A turn that did not end: the walk over whole turns gives up after
/// [`ply_limit`] actions in one turn (the most a playout takes at all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongTurn {
    /// The actions taken in the turn when the walk gave up (0: not begun,
    /// the game names moves blind).
    pub actions: u32,
}

impl std::fmt::Display for LongTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.actions == 0 {
            // See `walk`.
            return write!(
                f,
                "a turn of this game may hold any number of failed tries (`try`), in any order: \
                 whole turns cannot be counted; count actions without --turns"
            );
        }
        write!(
            f,
            "a turn went on for {} actions without ending (the most a random game plays at all): \
             whole turns cannot be counted; count actions without --turns",
            self.actions
        )
    }
}

/// One level of a walk over whole turns: a position, its legal actions,
/// the next one to try, and how far the walk is there.
pub(crate) struct Frame {
    state: State,
    legal: Vec<Action>,
    next: usize,
    /// Complete turns played to reach `state`.
    turns: usize,
    /// Actions played in the current turn to reach `state`.
    actions: u32,
    /// At the last level of a count: which actions surely end the turn.
    ends: TurnEnds,
}

impl Frame {
    fn new(state: State) -> Frame {
        Frame {
            state,
            legal: Vec::new(),
            next: 0,
            turns: 0,
            actions: 0,
            ends: TurnEnds::default(),
        }
    }

    /// The actions legal there.
    pub(crate) fn legal(&self) -> &[Action] {
        &self.legal
    }

    /// The position.
    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    /// The action taken from this position to the next level's.
    pub(crate) fn chosen(&self) -> Action {
        self.legal[self.next - 1]
    }
}

/// Walks every action sequence of up to `depth` complete turns from
/// `start`, calling `visit(k, path, end)` each time the k-th turn is
/// complete: `path` holds the positions from `start` on, each with the
/// action taken from it, and `end` is the position reached. `visit` may
/// stop the walk. Frames are made once per level and reused, so the walk
/// does not allocate per node.
pub(crate) fn walk_turns(
    game: &Game,
    start: &State,
    depth: usize,
    mut visit: impl FnMut(usize, &[Frame], &State) -> ControlFlow<()>,
) -> Result<(), LongTurn> {
    walk(game, start, depth, Ends::Settled, |k, path, end| {
        visit(k, path, end.expect("settled turns are played"))
    })
}

/// Whether the positions where the last level's turns end are settled
/// (the next turn begun, its offers worked out), or, for a `visit` that
/// reads nothing of them (perft's count without `--unique`), played only
/// to the end of the turn (settling the next turn was most of its time),
/// or not played at all when the action surely ends its turn (`visit` is
/// given no position then).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ends {
    Settled,
    Unsettled,
}

fn walk(
    game: &Game,
    start: &State,
    depth: usize,
    ends: Ends,
    mut visit: impl FnMut(usize, &[Frame], Option<&State>) -> ControlFlow<()>,
) -> Result<(), LongTurn> {
    if depth == 0 || start.is_over() {
        return Ok(());
    }
    // A turn's failed tries come in every order: too many ways to count.
    if !game.rules.tries.is_empty() {
        return Err(LongTurn { actions: 0 });
    }
    let limit = ply_limit(game);
    let mut root = Frame::new(start.clone());
    game.legal_actions(&root.state, &mut root.legal);
    if ends == Ends::Unsettled && depth == 1 {
        game.turn_ends(&mut root.state, &mut root.ends);
    }
    let mut frames = vec![root];
    let mut top = 0;
    loop {
        if frames[top].next == frames[top].legal.len() {
            if top == 0 {
                return Ok(());
            }
            top -= 1;
            continue;
        }
        if frames.len() == top + 1 {
            let copy = frames[top].state.clone();
            frames.push(Frame::new(copy));
        }
        let (path, below) = frames.split_at_mut(top + 1);
        let parent = &mut path[top];
        let child = &mut below[0];
        let a = parent.legal[parent.next];
        parent.next += 1;
        let last = ends == Ends::Unsettled && parent.turns + 1 == depth;
        if last && game.surely_ends_turn(&parent.state, &parent.ends, a) {
            if visit(depth, path, None).is_break() {
                return Ok(());
            }
            continue;
        }
        child.state.clone_from(&parent.state);
        let ended = if last {
            game.play_to_turn_end(&mut child.state, a)
        } else {
            game.play_unchecked(&mut child.state, a);
            child.state.is_over() || child.state.turn != parent.state.turn
        };
        let turns = parent.turns + usize::from(ended);
        let actions = if ended { 0 } else { parent.actions + 1 };
        if ended && visit(turns, path, Some(&child.state)).is_break() {
            return Ok(());
        }
        if turns == depth || child.state.is_over() {
            // (A turn played to its end only, never settled, ends here.)
            continue;
        }
        if actions >= limit {
            return Err(LongTurn { actions });
        }
        child.turns = turns;
        child.actions = actions;
        child.next = 0;
        game.legal_actions(&child.state, &mut child.legal);
        if ends == Ends::Unsettled && turns + 1 == depth {
            game.turn_ends(&mut child.state, &mut child.ends);
        }
        top += 1;
    }
}

/// Counts, for each depth `1..=depth`, the sequences of that many complete
/// turns from `start` (see [`perft`](super::perft) for actions); with
/// `unique`, also the distinct positions they reach. A turn is complete
/// when the turn number changes or the game ends.
///
/// ```
/// use gdl::run::perft_turns;
///
/// // Each player places two stones a turn (the first player one).
/// let source = "game Twice
///     board square(2)
///     players x, o
///     pieces stone
///     turn 1: place stone at empty
///     turn: 2 x place stone at empty";
/// let game = gdl::load_source(source, "game.gdl", &[]).unwrap();
/// let counts = perft_turns(&game, &game.start(), 2, true).unwrap();
/// assert_eq!(counts[0].nodes, 4);
/// // Then two of the three empty cells, in either order.
/// assert_eq!(counts[1].nodes, 4 * 3 * 2);
/// // One cross and two noughts: 4 cells for the cross, 3 pairs for them.
/// assert_eq!(counts[1].unique, Some(12));
/// ```
pub fn perft_turns(
    game: &Game,
    start: &State,
    depth: usize,
    unique: bool,
) -> Result<Vec<PerftDepth>, LongTurn> {
    let mut nodes = vec![0u64; depth + 1];
    let mut seen: Vec<HashSet<u64>> = if unique {
        vec![HashSet::new(); depth + 1]
    } else {
        Vec::new()
    };
    walk_turns(game, start, depth, |k, _, end| {
        nodes[k] += 1;
        if let Some(set) = seen.get_mut(k) {
            set.insert(end.hash());
        }
        ControlFlow::Continue(())
    })?;
    Ok((1..=depth)
        .map(|d| PerftDepth {
            depth: d,
            nodes: nodes[d],
            unique: unique.then(|| seen[d].len() as u64),
        })
        .collect())
}

/// [`perft_turns_depth`] divided by the first whole turn: each way to play
/// it (its actions) with the sequences of `depth` whole turns that begin
/// with it (1 each at depth 1), in the order of the legal actions.
pub fn perft_turns_divide(
    game: &Game,
    start: &State,
    depth: usize,
) -> Result<Vec<(Vec<Action>, u64)>, TurnsError> {
    let mut firsts = Vec::new();
    walk_turns(game, start, 1, |_, path, end| {
        firsts.push((path.iter().map(Frame::chosen).collect(), end.clone()));
        ControlFlow::Continue(())
    })
    .map_err(TurnsError::Long)?;
    let mut out = Vec::with_capacity(firsts.len());
    for (actions, end) in firsts {
        let nodes = match depth {
            0 | 1 => 1,
            _ => perft_turns_depth(game, &end, depth - 1, false)?.nodes,
        };
        out.push((actions, nodes));
    }
    Ok(out)
}

/// Why whole turns were not counted at a depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnsError {
    /// A turn that did not end.
    Long(LongTurn),
    /// More distinct positions than `--unique` keeps.
    TooMany(TooManyPositions),
}

impl std::fmt::Display for TurnsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TurnsError::Long(e) => write!(f, "{e}"),
            TurnsError::TooMany(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TurnsError {}

/// The counts of [`perft_turns`] at `depth` alone, for callers that report
/// each depth as soon as it is counted (as [`perft_depth`](super::perft_depth),
/// with the same cap on the positions kept for `unique`).
pub fn perft_turns_depth(
    game: &Game,
    start: &State,
    depth: usize,
    unique: bool,
) -> Result<PerftDepth, TurnsError> {
    let mut nodes = 0;
    let mut seen = unique.then(Positions::new);
    let ends = if unique {
        Ends::Settled
    } else {
        Ends::Unsettled
    };
    walk(game, start, depth, ends, |k, _, end| {
        if k == depth {
            nodes += 1;
            if let Some(set) = &mut seen
                && !set.insert(end.expect("settled turns are played").hash())
            {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    })
    .map_err(TurnsError::Long)?;
    if seen.as_ref().is_some_and(|s| s.full) {
        return Err(TurnsError::TooMany(TooManyPositions { depth }));
    }
    Ok(PerftDepth {
        depth,
        nodes,
        unique: seen.map(|s| s.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(file: &str, options: &str) -> Game {
        let options: Vec<crate::OptionChoice> = options
            .split_whitespace()
            .map(|o| o.parse().unwrap())
            .collect();
        crate::load(std::path::Path::new(file), &options).expect("loads")
    }

    #[test]
    fn each_depth_alone_counts_as_the_whole_walk() {
        for (file, options) in [
            ("games/ecalper.gdl", "size=2 pie=on"),
            ("games/carteso.gdl", "size=2 komi=0.5,1.5"),
        ] {
            let game = load(file, options);
            let start = game.start();
            for unique in [false, true] {
                let all = perft_turns(&game, &start, 4, unique).expect("turns end");
                for d in 1..=4 {
                    assert_eq!(
                        perft_turns_depth(&game, &start, d, unique),
                        Ok(all[d - 1].clone()),
                        "{file}"
                    );
                }
            }
        }
    }

    #[test]
    fn single_action_turns_count_as_actions() {
        let game = load("games/tictactoe.gdl", "");
        let start = game.start();
        let plies = super::super::perft(&game, &start, 5, true);
        assert_eq!(perft_turns(&game, &start, 5, true), Ok(plies));
    }

    #[test]
    fn a_turn_that_never_ends_is_refused() {
        let source = "game T board square(2) players x, o pieces stone \
                      turn: while count(empty) > 0: pass";
        let rules = crate::check::compile(&crate::syntax::parse(source).unwrap(), &[]).unwrap();
        let game = Game::new(rules);
        let err = perft_turns(&game, &game.start(), 1, false).unwrap_err();
        assert_eq!(err.actions, ply_limit(&game));
        assert!(err.to_string().contains("without ending"), "{err}");
    }
}
