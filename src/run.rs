//! Running games many times: perft (game-tree counts, of actions or of
//! whole turns), random playouts and the playout benchmark. The whole-turn
//! walk (`turns::walk_turns`) is also what notation lists turns with.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::engine::{Action, Game, GameResult, State};
use crate::limits::MAX_UNIQUE_POSITIONS;

mod turns;

pub(crate) use turns::{Frame, walk_turns};
pub use turns::{LongTurn, TurnsError, perft_turns, perft_turns_depth, perft_turns_divide};

/// Counts at one depth of the game tree.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PerftDepth {
    /// Plies from the start position, from 1.
    pub depth: usize,
    /// Action sequences of this length from the start position.
    pub nodes: u64,
    /// Distinct positions (by hash) they reach, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
}

/// Counts, for each depth `1..=depth`, the action sequences of that length
/// from `start`; a game that ends earlier adds nothing to deeper counts.
/// With `unique`, also the number of distinct positions at each depth.
///
/// ```
/// use gdl::run::perft;
///
/// let source = "game Tic-tac-toe
///     board square(3) with diagonals
///     players x, o
///     pieces stone
///     turn: place stone at empty
///     end if line(own, 3): mover wins
///     end if count(empty) = 0: draw";
/// let game = gdl::load_source(source, "tictactoe.gdl", &[]).unwrap();
/// let counts = perft(&game, &game.start(), 3, true);
/// assert_eq!(counts[2].nodes, 9 * 8 * 7);
/// // Two crosses and a nought: 36 pairs of cells times 7 other cells.
/// assert_eq!(counts[2].unique, Some(252));
/// ```
///
/// States and action lists are allocated once per depth and reused, so the
/// walk itself does not allocate (except the hash sets for `unique`).
pub fn perft(game: &Game, start: &State, depth: usize, unique: bool) -> Vec<PerftDepth> {
    let mut nodes = vec![0u64; depth + 1];
    let mut seen: Vec<HashSet<u64>> = if unique {
        vec![HashSet::new(); depth + 1]
    } else {
        Vec::new()
    };
    let mut states: Vec<State> = (0..=depth).map(|_| start.clone()).collect();
    let mut lists: Vec<Vec<Action>> = (0..=depth).map(|_| Vec::new()).collect();
    walk(
        game,
        &mut states,
        &mut lists,
        0,
        depth,
        &mut nodes,
        &mut seen,
    );
    (1..=depth)
        .map(|d| PerftDepth {
            depth: d,
            nodes: nodes[d],
            unique: unique.then(|| seen[d].len() as u64),
        })
        .collect()
}

fn walk(
    game: &Game,
    states: &mut [State],
    lists: &mut [Vec<Action>],
    d: usize,
    max: usize,
    nodes: &mut [u64],
    seen: &mut [HashSet<u64>],
) {
    // `states[0]` is the node at depth `d`.
    if d == max || states[0].is_over() {
        return;
    }
    let (here, below) = states.split_at_mut(1);
    let st = &here[0];
    let (list, lists_below) = lists.split_at_mut(1);
    game.legal_actions(st, &mut list[0]);
    nodes[d + 1] += list[0].len() as u64;
    if d + 1 == max && seen.is_empty() {
        return;
    }
    for &a in &list[0] {
        let child = &mut below[0];
        child.clone_from(st);
        game.play_unchecked(child, a);
        if !seen.is_empty() {
            seen[d + 1].insert(child.hash());
        }
        if d + 1 < max {
            walk(game, below, lists_below, d + 1, max, nodes, seen);
        }
    }
}

/// More distinct positions at one depth than `--unique` keeps
/// ([`MAX_UNIQUE_POSITIONS`]): the count of that depth is given up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyPositions {
    /// The depth (from 1) whose positions were too many to keep.
    pub depth: usize,
}

impl std::fmt::Display for TooManyPositions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "depth {}: more than {MAX_UNIQUE_POSITIONS} distinct positions, the most --unique keeps \
             (about 150 MB): count without --unique, or less deep",
            self.depth
        )
    }
}

impl std::error::Error for TooManyPositions {}

/// The distinct positions of one depth, at most [`MAX_UNIQUE_POSITIONS`].
pub(crate) struct Positions {
    set: HashSet<u64>,
    cap: usize,
    /// A position was refused: the set is not the whole depth.
    pub(crate) full: bool,
}

impl Positions {
    pub(crate) fn new() -> Positions {
        Positions::with_cap(MAX_UNIQUE_POSITIONS)
    }

    fn with_cap(cap: usize) -> Positions {
        Positions {
            set: HashSet::new(),
            cap,
            full: false,
        }
    }

    /// Notes a position; false (and `full`) when it is new and the set is
    /// at its cap.
    pub(crate) fn insert(&mut self, hash: u64) -> bool {
        if self.set.len() >= self.cap && !self.set.contains(&hash) {
            self.full = true;
            return false;
        }
        self.set.insert(hash);
        true
    }

    pub(crate) fn len(&self) -> u64 {
        self.set.len() as u64
    }
}

/// [`perft_depth`] divided by the first action: each legal action of
/// `start` with the action sequences of length `depth` that begin with it
/// (1 each at depth 1), in the order of the legal actions.
pub fn perft_divide(game: &Game, start: &State, depth: usize) -> Vec<(Action, u64)> {
    let mut legal = Vec::new();
    if !start.is_over() {
        game.legal_actions(start, &mut legal);
    }
    let mut child = start.clone();
    (legal.into_iter())
        .map(|a| {
            child.clone_from(start);
            game.play_unchecked(&mut child, a);
            let nodes = match depth {
                0 | 1 => 1,
                _ => perft_depth_within(game, &child, depth - 1, None).map_or(0, |c| c.nodes),
            };
            (a, nodes)
        })
        .collect()
}

/// The counts of [`perft`] at `depth` alone, for callers that report each
/// depth as soon as it is counted (iterative deepening: the shallower
/// depths are walked again, a small fraction of the deepest one's work).
/// Positions are kept for `unique` at this depth only, at most
/// [`MAX_UNIQUE_POSITIONS`]: past that the walk stops and the depth is
/// refused.
pub fn perft_depth(
    game: &Game,
    start: &State,
    depth: usize,
    unique: bool,
) -> Result<PerftDepth, TooManyPositions> {
    perft_depth_within(game, start, depth, unique.then(Positions::new))
}

/// [`perft_depth`], keeping the positions in `seen` if given.
fn perft_depth_within(
    game: &Game,
    start: &State,
    depth: usize,
    mut seen: Option<Positions>,
) -> Result<PerftDepth, TooManyPositions> {
    let mut states: Vec<State> = (0..=depth).map(|_| start.clone()).collect();
    let mut lists: Vec<Vec<Action>> = (0..=depth).map(|_| Vec::new()).collect();
    let nodes = leaves(game, &mut states, &mut lists, depth, &mut seen);
    if seen.as_ref().is_some_and(|s| s.full) {
        return Err(TooManyPositions { depth });
    }
    Ok(PerftDepth {
        depth,
        nodes,
        unique: seen.map(|s| s.len()),
    })
}

/// The action sequences of length `left` from `states[0]`, adding the
/// positions they reach to `seen`.
fn leaves(
    game: &Game,
    states: &mut [State],
    lists: &mut [Vec<Action>],
    left: usize,
    seen: &mut Option<Positions>,
) -> u64 {
    if left == 0 || states[0].is_over() {
        return 0;
    }
    let (here, below) = states.split_at_mut(1);
    let (list, lists_below) = lists.split_at_mut(1);
    game.legal_actions(&here[0], &mut list[0]);
    if left == 1 && seen.is_none() {
        return list[0].len() as u64;
    }
    let mut nodes = 0;
    for &a in &list[0] {
        let child = &mut below[0];
        child.clone_from(&here[0]);
        game.play_unchecked(child, a);
        match seen {
            Some(set) if left == 1 => {
                if !set.insert(child.hash()) {
                    // Over the cap: the count is given up, so stop here.
                    return nodes;
                }
                nodes += 1;
            }
            Some(set) if set.full => return nodes,
            _ => nodes += leaves(game, below, lists_below, left - 1, seen),
        }
    }
    nodes
}

/// Outcomes fixed for the decisions made by chance (`gdl perft --chance`):
/// given a position where chance decides and how many such decisions the
/// line took before it, the outcome to play, `Ok(None)` to count every
/// outcome, or why none fits.
pub type FixChance<'a> = &'a dyn Fn(&State, usize) -> Result<Option<Action>, String>;

/// The action sequences of length `depth` from `start`, where each
/// decision made by chance that `fix` settles is played without counting
/// (it takes no depth), and the others count each outcome as a node.
pub fn perft_depth_fixed(
    game: &Game,
    start: &State,
    depth: usize,
    fix: FixChance,
) -> Result<PerftDepth, String> {
    let mut error = None;
    let nodes = leaves_fixed(game, start, depth, 0, fix, &mut error);
    match error {
        Some(e) => Err(e),
        None => Ok(PerftDepth {
            depth,
            nodes,
            unique: None,
        }),
    }
}

/// [`leaves`] with chance's decisions fixed by `fix`, `taken` of them
/// before `st` on this line; a plain walk (a clone a node), as this count
/// is asked for rarely and for small depths.
fn leaves_fixed(
    game: &Game,
    st: &State,
    left: usize,
    taken: usize,
    fix: FixChance,
    error: &mut Option<String>,
) -> u64 {
    if error.is_some() || left == 0 || st.is_over() {
        return 0;
    }
    let chance = game.is_chance(st);
    if chance {
        match fix(st, taken) {
            Err(e) => {
                *error = Some(e);
                return 0;
            }
            Ok(Some(a)) => {
                let mut child = st.clone();
                game.play_unchecked(&mut child, a);
                return leaves_fixed(game, &child, left, taken + 1, fix, error);
            }
            Ok(None) => {}
        }
    }
    let mut list = Vec::new();
    game.legal_actions(st, &mut list);
    if left == 1 {
        return list.len() as u64;
    }
    let taken = taken + usize::from(chance);
    let mut nodes = 0;
    for a in list {
        let mut child = st.clone();
        game.play_unchecked(&mut child, a);
        nodes += leaves_fixed(game, &child, left - 1, taken, fix, error);
    }
    nodes
}

/// One random game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The seed the random actions were drawn with; the same seed plays
    /// the same game.
    pub seed: u64,
    /// Actions played (plies).
    pub length: u32,
    /// How the game ended, or `None` when it reached [`ply_limit`] first.
    pub result: Option<GameResult>,
    /// The actions played, in order, when asked to record them; else empty.
    pub actions: Vec<Action>,
}

/// Most plies a playout may take before it is called unfinished.
pub fn ply_limit(game: &Game) -> u32 {
    (game.board().len() as u32)
        .saturating_mul(20)
        .saturating_add(1000)
}

/// Plays uniformly random legal actions from `start` until the game ends.
pub fn playout(game: &Game, start: &State, seed: u64, record: bool) -> Playout {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut st = start.clone();
    let mut actions = Vec::new();
    let limit = ply_limit(game);
    let mut length = 0;
    while length < limit {
        let Some(a) = game.random_action(&st, &mut rng) else {
            break;
        };
        if record {
            actions.push(a);
        }
        game.play_unchecked(&mut st, a);
        length += 1;
    }
    Playout {
        seed,
        length,
        result: st.result(),
        actions,
    }
}

/// What `gdl bench` measures.
#[derive(Clone, Debug)]
pub struct Bench {
    /// Playouts played to the end (or to [`ply_limit`]).
    pub playouts: u64,
    /// Actions played in all of them.
    pub plies: u64,
    /// Wall-clock time taken.
    pub seconds: f64,
}

impl Bench {
    /// Playouts per second of wall-clock time.
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.seconds
    }

    /// Actions played per second of wall-clock time.
    pub fn plies_per_sec(&self) -> f64 {
        self.plies as f64 / self.seconds
    }

    /// Mean plies per playout (0 when there were none).
    pub fn mean_length(&self) -> f64 {
        self.plies as f64 / self.playouts.max(1) as f64
    }
}

/// How long a benchmark runs: about a time, or a number of playouts
/// (fixed work, to compare two builds by the CPU time they take).
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// Play until this much time has passed (the clock is read every 16
    /// playouts).
    Time(Duration),
    /// Play this many playouts (at least one).
    Playouts(u64),
}

/// Random playouts on one thread within `budget`, reusing one state.
pub fn bench(game: &Game, start: &State, budget: Budget, seed: u64) -> Bench {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut st = start.clone();
    let limit = ply_limit(game);
    let begin = Instant::now();
    let (mut playouts, mut plies) = (0u64, 0u64);
    loop {
        st.clone_from(start);
        let mut n = 0;
        while n < limit {
            let Some(a) = game.random_action(&st, &mut rng) else {
                break;
            };
            game.play_unchecked(&mut st, a);
            n += 1;
        }
        playouts += 1;
        plies += n as u64;
        let done = match budget {
            Budget::Playouts(count) => playouts >= count,
            // Check the clock every few games: it costs more than a ply.
            Budget::Time(duration) => playouts % 16 == 0 && begin.elapsed() >= duration,
        };
        if done {
            break;
        }
    }
    Bench {
        playouts,
        plies,
        seconds: begin.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_depth_alone_counts_as_the_whole_walk() {
        // Tic-tac-toe ends early in some lines; Hex with the pie rule swaps.
        for (file, options) in [("games/tictactoe.gdl", ""), ("games/hex.gdl", "size=3")] {
            let options: Vec<crate::OptionChoice> = options
                .split_whitespace()
                .map(|o| o.parse().unwrap())
                .collect();
            let game = crate::load(std::path::Path::new(file), &options).expect("loads");
            let start = game.start();
            for unique in [false, true] {
                let all = perft(&game, &start, 5, unique);
                for d in 1..=5 {
                    assert_eq!(
                        perft_depth(&game, &start, d, unique),
                        Ok(all[d - 1].clone()),
                        "{file}"
                    );
                }
            }
        }
    }

    #[test]
    fn unique_positions_stop_at_their_cap() {
        let game = crate::load(std::path::Path::new("games/tictactoe.gdl"), &[]).expect("loads");
        let start = game.start();
        // Depth 3 has 252 distinct positions.
        let within = perft_depth_within(&game, &start, 3, Some(Positions::with_cap(252)));
        assert_eq!(within.map(|c| c.unique), Ok(Some(252)));
        let over = perft_depth_within(&game, &start, 3, Some(Positions::with_cap(251)));
        assert_eq!(over, Err(TooManyPositions { depth: 3 }));
        assert!(over.unwrap_err().to_string().contains("more than 14000000"));
    }
}
