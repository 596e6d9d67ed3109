//! Perfect play: what a position is worth when every player plays its best
//! and chance is averaged by its probabilities (expectimax, each player
//! maximising its own return), worked out over every position reachable
//! from it. Used by `gdl solve` and by `gdl analyze`'s *Perfect play*.
//!
//! Two stages:
//! 1. [`Graph::walk`] numbers the positions depth first by
//!    [`Game::play_key`], at most a given number, and keeps each one's
//!    children (with chance's probabilities) and its end.
//! 2. [`Graph::values`] iterates `value(position)` until nothing changes:
//!    an end's returns; at a decision the child best for the mover's seat
//!    (the first such in the order of the legal actions); at chance the
//!    children's values weighted by probability. Positions are swept in
//!    the order the walk finished them, children first, so a game whose
//!    positions never repeat is exact after one sweep; a game where they
//!    may (Pig: two rolls of 1 in a row) takes more.
//!
//! A return is 1 for the winner, -1/(n-1) for each loser, 0 in a draw, as
//! in the Python package. Play that never ends counts 0; the probability
//! of never ending is given apart. The walk knows a position by its key,
//! not its history, so `repetitions` and `seen-before` are not seen
//! ([`Game::asks_history`]).

use std::collections::HashMap;

use crate::engine::{Action, Game, GameResult, State};
use crate::limits::MAX_SOLVE_DEPTH;

/// Sweeps of [`Graph::values`] at most.
pub const MAX_SWEEPS: u32 = 100_000;

/// Values closer than this between two sweeps have settled.
const SETTLED: f64 = 1e-12;

/// How a position is decided.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Decision {
    /// The player in this seat (0 = first) chooses.
    Seat(u8),
    /// Chance draws, by the probabilities of the edges.
    Chance,
    /// Over: won by the player in this seat, or drawn (`None`).
    Over(Option<u8>),
}

/// Every position reachable from a start, and how each leads to the next.
pub struct Graph {
    seats: usize,
    decision: Vec<Decision>,
    /// Per position, its children: `edges[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    edges: Vec<u32>,
    /// Per edge, its probability (1 at a decision).
    chance: Vec<f64>,
    /// Positions in the order the walk finished them: children first.
    finished: Vec<u32>,
    /// The start's legal actions, in order (one per edge of position 0).
    start_actions: Vec<Action>,
}

/// Why the walk gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooMany {
    /// More positions than the walk may number.
    Positions(usize),
    /// A line of play longer than the walk follows
    /// ([`MAX_SOLVE_DEPTH`]).
    Deep(usize),
}

impl std::fmt::Display for TooMany {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TooMany::Positions(limit) => write!(
                f,
                "more than {limit} positions are reachable: too many to solve (a larger --limit, \
                 or a later --position)"
            ),
            TooMany::Deep(depth) => write!(
                f,
                "a line of play reaches more than {depth} new positions in a row: too long to \
                 solve (a later --position)"
            ),
        }
    }
}

impl std::error::Error for TooMany {}

/// A position on the walk's stack: its state, the actions left to follow.
struct Frame {
    state: State,
    node: u32,
    actions: Vec<(Action, f64)>,
    next: usize,
    children: Vec<(u32, f64)>,
}

/// The values found, per seat (0 = first).
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Positions numbered.
    pub positions: usize,
    /// How many of them chance decides.
    pub chance_positions: usize,
    /// Sweeps made.
    pub sweeps: u32,
    /// The largest change of a value in the last sweep.
    pub change: f64,
    /// The start's expected return for each seat.
    pub value: Vec<f64>,
    /// The probability each seat wins under that play.
    pub wins: Vec<f64>,
    /// The probability of a draw.
    pub draw: f64,
    /// The probability that the game never ends.
    pub endless: f64,
    /// The start's legal actions (none when chance or nobody decides),
    /// each with its value for the seat to move, best first.
    pub first_actions: Vec<(Action, f64)>,
}

impl Solution {
    /// Whether the values settled within [`MAX_SWEEPS`].
    pub fn settled(&self) -> bool {
        self.change < SETTLED
    }
}

impl Graph {
    /// Numbers the positions reachable from `start`, at most `limit`.
    pub fn walk(game: &Game, start: &State, limit: usize) -> Result<Graph, TooMany> {
        let seats = game.rules.players.len();
        let mut g = Graph {
            seats,
            decision: Vec::new(),
            first: Vec::new(),
            edges: Vec::new(),
            chance: Vec::new(),
            finished: Vec::new(),
            start_actions: Vec::new(),
        };
        let mut ids: HashMap<u64, u32> = HashMap::new();
        let mut kids: Vec<Vec<(u32, f64)>> = Vec::new();
        let mut stack: Vec<Frame> = Vec::new();
        ids.insert(game.play_key(start), 0);
        g.open(game, start, 0, &mut kids, &mut stack);
        if let Some(top) = stack.first() {
            g.start_actions = top.actions.iter().map(|a| a.0).collect();
        }
        let mut child = start.clone();
        while let Some(top) = stack.last_mut() {
            let Some(&(action, p)) = top.actions.get(top.next) else {
                let done = stack.pop().expect("a frame");
                g.finished.push(done.node);
                kids[done.node as usize] = done.children;
                continue;
            };
            top.next += 1;
            child.clone_from(&top.state);
            game.play_unchecked(&mut child, action);
            let key = game.play_key(&child);
            let next = ids.len() as u32;
            let id = *ids.entry(key).or_insert(next);
            top.children.push((id, p));
            if id == next {
                if ids.len() > limit {
                    return Err(TooMany::Positions(limit));
                }
                // Each line of play followed holds a state per position.
                if stack.len() >= MAX_SOLVE_DEPTH {
                    return Err(TooMany::Deep(MAX_SOLVE_DEPTH));
                }
                g.open(game, &child, id, &mut kids, &mut stack);
            }
        }
        // Ends are finished too, before the rest (they wait on nothing).
        let mut ended = vec![true; ids.len()];
        g.finished.iter().for_each(|&i| ended[i as usize] = false);
        let ends = (0..ids.len() as u32).filter(|&i| ended[i as usize]);
        g.finished = ends.chain(std::mem::take(&mut g.finished)).collect();
        for children in &kids {
            g.first.push(g.edges.len() as u32);
            g.edges.extend(children.iter().map(|c| c.0));
            g.chance.extend(children.iter().map(|c| c.1));
        }
        g.first.push(g.edges.len() as u32);
        Ok(g)
    }

    /// Numbers `st` as `node`; unless it is over, puts it on the stack to
    /// follow its actions.
    fn open(
        &mut self,
        game: &Game,
        st: &State,
        node: u32,
        kids: &mut Vec<Vec<(u32, f64)>>,
        stack: &mut Vec<Frame>,
    ) {
        let mut legal = Vec::new();
        let d = decide(game, st, &mut legal);
        self.decision.push(d);
        kids.push(Vec::new());
        let actions = match d {
            Decision::Over(_) => return,
            Decision::Chance => game.chance_outcomes(st),
            Decision::Seat(_) => legal.iter().map(|&a| (a, 1.0)).collect(),
        };
        stack.push(Frame {
            state: st.clone(),
            node,
            actions,
            next: 0,
            children: Vec::new(),
        });
    }

    /// Iterates the values until they settle, at most [`MAX_SWEEPS`]
    /// sweeps.
    pub fn values(&self) -> Solution {
        let n = self.seats;
        let len = self.decision.len();
        // Per position: the returns per seat, then the probabilities that
        // each seat wins and of a draw (`width` numbers).
        let width = 2 * n + 1;
        let mut v = vec![0.0f64; len * width];
        for (i, d) in self.decision.iter().enumerate() {
            if let Decision::Over(won) = *d {
                v[i * width..(i + 1) * width].copy_from_slice(&ended(n, won));
            }
        }
        let mut next = vec![0.0f64; width];
        let (mut sweeps, mut change) = (0, f64::INFINITY);
        while sweeps < MAX_SWEEPS && change >= SETTLED {
            sweeps += 1;
            change = 0.0;
            for &i in &self.finished {
                let i = i as usize;
                let kids = self.first[i] as usize..self.first[i + 1] as usize;
                match self.decision[i] {
                    Decision::Over(_) => continue,
                    Decision::Chance => {
                        next.fill(0.0);
                        for e in kids {
                            let c = self.edges[e] as usize;
                            let p = self.chance[e];
                            for (x, y) in next.iter_mut().zip(&v[c * width..(c + 1) * width]) {
                                *x += p * y;
                            }
                        }
                    }
                    Decision::Seat(s) => {
                        let best = (kids.map(|e| self.edges[e] as usize))
                            .reduce(|b, c| {
                                match v[c * width + s as usize] > v[b * width + s as usize] {
                                    true => c,
                                    false => b,
                                }
                            })
                            .expect("a decision has children");
                        next.copy_from_slice(&v[best * width..(best + 1) * width]);
                    }
                }
                for (x, y) in v[i * width..(i + 1) * width].iter_mut().zip(&next) {
                    change = change.max((*x - y).abs());
                    *x = *y;
                }
            }
        }
        let start = &v[..width];
        let mut first_actions: Vec<(Action, f64)> = match self.decision[0] {
            Decision::Seat(s) => (self.start_actions.iter())
                .zip(&self.edges[..self.first[1] as usize])
                .map(|(&a, &c)| (a, v[c as usize * width + s as usize]))
                .collect(),
            Decision::Chance | Decision::Over(_) => Vec::new(),
        };
        // Stable: equal values keep the order of the legal actions.
        first_actions.sort_by(|a, b| b.1.total_cmp(&a.1));
        let wins = start[n..2 * n].to_vec();
        let draw = start[2 * n];
        Solution {
            positions: len,
            chance_positions: (self.decision.iter())
                .filter(|d| **d == Decision::Chance)
                .count(),
            sweeps,
            change,
            value: start[..n].to_vec(),
            endless: (1.0 - draw - wins.iter().sum::<f64>()).max(0.0),
            wins,
            draw,
            first_actions,
        }
    }
}

/// An end's numbers: the returns per seat, then who wins, then a draw.
fn ended(n: usize, won: Option<u8>) -> Vec<f64> {
    let mut v = vec![0.0; 2 * n + 1];
    match won {
        Some(w) => {
            let lose = if n > 1 { -1.0 / (n - 1) as f64 } else { 0.0 };
            for s in 0..n {
                v[s] = if s == usize::from(w) { 1.0 } else { lose };
            }
            v[n + usize::from(w)] = 1.0;
        }
        None => v[2 * n] = 1.0,
    }
    v
}

/// How `st` is decided, with the legal actions in `legal` at a decision.
fn decide(game: &Game, st: &State, legal: &mut Vec<Action>) -> Decision {
    let over = |st: &State| match st.result() {
        Some(GameResult::Win(p)) => Decision::Over(Some(game.seat_of(st, p) as u8)),
        Some(GameResult::Draw) | None => Decision::Over(None),
    };
    if st.is_over() {
        return over(st);
    }
    if game.is_chance(st) {
        return Decision::Chance;
    }
    game.legal_actions(st, legal);
    match legal.is_empty() {
        true => over(st),
        false => Decision::Seat(game.seat_of(st, st.mover) as u8),
    }
}
