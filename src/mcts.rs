//! Monte Carlo tree search (UCT) over the engine's actions.
//!
//! [`Mcts`] searches from a position for a [`Budget`] of iterations or of
//! time, and returns the action it would play. One iteration walks down the
//! tree by the UCT rule, grows it by one node's children, plays a uniformly
//! random game from there ([`Game::random_action`], at most
//! [`run::ply_limit`] plies) and backs the result up the path.
//!
//! - **Whose reward.** Every node remembers the *seat* that chose the action
//!   leading to it: the seat that controlled the player to move in the
//!   parent. The result is scored for that seat (win 1, draw 0.5, loss 0; a
//!   playout that hits the ply limit counts as a draw). Levels do not
//!   alternate: one player may take several actions in a row (Ecalper's
//!   four-action turns), and each action is still judged by whoever chose it.
//!   Rewards go to seats rather than to players (colours) because a swap
//!   (the pie rule's `swap` action, or a `swap` effect such as Carteso's
//!   choice of side) makes the seat that chose it play on with the *other*
//!   colour, while the colour to move stays the same: the swapping seat must
//!   be credited with the colour it ends up with. The winner's seat is read
//!   at the end of each playout ([`Game::seat_of`]). Without a swap, seats
//!   and colours are the same thing.
//! - **Determinism.** All randomness comes from one generator seeded with
//!   [`Mcts::new`]'s seed ([`Xoshiro256PlusPlus::seed_from_u64`], as
//!   everywhere in `gdl`): the same seed, iteration budget and sequence of
//!   calls give the same actions. Time budgets depend on the machine.
//! - **Tree reuse.** [`Mcts::advance`] moves the root to the child for the
//!   action actually played and keeps its subtree; call it for every action
//!   of the game, whoever played it. [`Mcts::choose`] starts a fresh tree if
//!   its root is not the position it is given.
//! - **Memory.** Nodes live in one flat `Vec` (an arena); a node's children
//!   are a contiguous index range. A node is expanded (all its children
//!   created at once, in random order) on its second visit, so a leaf costs
//!   one playout before it costs memory. Advancing the root compacts the
//!   kept subtree in place to the front of the arena, so the arena is reused
//!   and nothing is allocated per node. Past [`Mcts::with_max_nodes`] nodes the
//!   tree stops growing and the search goes on with playouts from its
//!   leaves.
//! - **Stopping early.** A searcher may watch a [`Cancel`] flag
//!   ([`Mcts::with_cancel`]) and have a time cap ([`Mcts::with_time_cap`]):
//!   a search, of iterations or of time, then also stops when the flag is
//!   raised or the cap has passed (the playground bounds every search in
//!   time). Both are checked every [`CHECK_EVERY`] iterations, so that an
//!   iteration costs no clock reading; without them (the command line) a
//!   search is exactly its budget.

use std::time::{Duration, Instant};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::cancel::Cancel;
use crate::engine::{Action, Game, GameResult, State};
use crate::run;
use crate::sight::Sight;

mod budget;
mod unseen;
pub use budget::{BUDGET_FORMS, Budget, MAX_SECONDS};
pub use unseen::WORLDS;

/// Iterations and the time they took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// Iterations run (one playout each).
    pub iterations: u64,
    /// Seconds they took, by the wall clock.
    pub seconds: f64,
}

impl Stats {
    /// Iterations per second (0 when no time was measured).
    pub fn iterations_per_sec(&self) -> f64 {
        if self.seconds > 0.0 {
            self.iterations as f64 / self.seconds
        } else {
            0.0
        }
    }

    fn add(&mut self, o: Stats) {
        self.iterations += o.iterations;
        self.seconds += o.seconds;
    }
}

/// What the search knows about one action of the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChildStats {
    /// The root's action.
    pub action: Action,
    /// How many iterations went through it.
    pub visits: u32,
    /// Mean reward for the seat choosing at the root, 0 to 1 (0 unvisited).
    pub score: f64,
}

/// One node of the tree: the position after its action. 28 bytes.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The action leading here.
    action: Action,
    /// The seat that chose the action (unused at the root).
    seat: u8,
    /// Index of the first child in the arena; meaningful when `children > 0`.
    /// Children always come after their parent in the arena.
    first: u32,
    /// Number of children; 0 until expanded (and for terminal positions).
    children: u32,
    visits: u32,
    /// Sum of rewards for `seat`, in half points (win 2, draw 1, loss 0).
    score: u32,
}

impl Node {
    fn new(action: Action, seat: u8) -> Node {
        Node {
            action,
            seat,
            first: 0,
            children: 0,
            visits: 0,
            score: 0,
        }
    }

    fn action(&self) -> Action {
        self.action
    }
}

/// A node expands on its second visit: the first pays for one playout.
const EXPAND_AFTER: u32 = 1;
/// Iterations between two looks at the cancel flag and the time cap: an
/// iteration is a whole playout (microseconds in small games, milliseconds
/// on a 19×19 board), so the look costs nothing measurable and comes well
/// within a second.
pub const CHECK_EVERY: u64 = 16;
/// Stop a search before visit counts could overflow.
const MAX_VISITS: u32 = 1 << 30;

/// A UCT searcher with a reusable tree. See the [module docs](self).
///
/// ```
/// use gdl::mcts::{Budget, Mcts};
///
/// let source = "game T board square(3) with diagonals players x, o pieces stone
///     turn: place stone at empty
///     end if line(own, 3): mover wins
///     end if count(empty) = 0: draw";
/// let game = gdl::load_source(source, "tictactoe.gdl", &[]).unwrap();
/// let mut st = game.start();
/// let mut mcts = Mcts::new(Budget::Iterations(500), 7);
/// while let Some(a) = mcts.choose(&game, &st) {
///     mcts.advance(&game, &st, a);
///     game.play_unchecked(&mut st, a);
/// }
/// // Perfect play from both sides: a draw.
/// assert_eq!(st.result(), Some(gdl::engine::GameResult::Draw));
/// ```
#[derive(Clone, Debug)]
pub struct Mcts {
    budget: Budget,
    /// Stops a search when raised (never, by default).
    cancel: Cancel,
    /// Stops a search after this long, whatever its budget.
    time_cap: Option<Duration>,
    exploration: f64,
    max_nodes: usize,
    rng: Xoshiro256PlusPlus,
    /// The arena; `nodes[0]` is the root when the tree is not empty.
    nodes: Vec<Node>,
    /// Kept nodes when advancing the root: a bit per node, and the kept
    /// nodes before each word of bits.
    keep: Vec<u64>,
    rank: Vec<u32>,
    /// Hash of the root position, when there is a tree.
    root_hash: Option<u64>,
    root_state: Option<State>,
    scratch: Option<State>,
    legal: Vec<Action>,
    path: Vec<u32>,
    last: Stats,
    total: Stats,
    /// In a game with `view`, what the players saw: the positions searched
    /// are drawn from it, never the real one ([`crate::sight`]).
    sight: Sight,
}

impl Mcts {
    /// A searcher with `budget` per decision, seeded with `seed`.
    pub fn new(budget: Budget, seed: u64) -> Mcts {
        Mcts {
            budget,
            cancel: Cancel::never(),
            time_cap: None,
            exploration: std::f64::consts::SQRT_2,
            max_nodes: 1 << 22,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            nodes: Vec::with_capacity(1 << 12),
            keep: Vec::new(),
            rank: Vec::new(),
            root_hash: None,
            root_state: None,
            scratch: None,
            legal: Vec::new(),
            path: Vec::new(),
            last: Stats::default(),
            total: Stats::default(),
            sight: Sight::default(),
        }
    }

    /// Sets the UCT exploration constant `c` (default √2): a child's value
    /// is `mean reward + c·sqrt(ln(parent visits) / child visits)`.
    pub fn with_exploration(mut self, c: f64) -> Mcts {
        self.exploration = c;
        self
    }

    /// Caps the tree at about `n` nodes (default 2²², 28 bytes each).
    pub fn with_max_nodes(mut self, n: usize) -> Mcts {
        self.max_nodes = n.max(1);
        self
    }

    /// Stops every search soon after `cancel` is raised (within
    /// [`CHECK_EVERY`] iterations); the search keeps what it found.
    pub fn with_cancel(mut self, cancel: Cancel) -> Mcts {
        self.cancel = cancel;
        self
    }

    /// Bounds every search to `cap` of wall-clock time as well as its
    /// budget, whichever ends first (checked every [`CHECK_EVERY`]
    /// iterations).
    pub fn with_time_cap(mut self, cap: Duration) -> Mcts {
        self.time_cap = Some(cap);
        self
    }

    /// The budget per action.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The last search: its iterations and time.
    pub fn last_search(&self) -> Stats {
        self.last
    }

    /// All searches since [`Mcts::new`].
    pub fn total(&self) -> Stats {
        self.total
    }

    /// Visits of the root (0 without a tree).
    pub fn root_visits(&self) -> u32 {
        self.root_hash.map_or(0, |_| self.nodes[0].visits)
    }

    /// Nodes in the tree.
    pub fn tree_size(&self) -> usize {
        if self.root_hash.is_some() {
            self.nodes.len()
        } else {
            0
        }
    }

    /// The root's actions with their visits and mean rewards, in tree order
    /// (which is random, fixed at expansion).
    pub fn root_children(&self) -> Vec<ChildStats> {
        if self.root_hash.is_none() {
            return Vec::new();
        }
        let root = self.nodes[0];
        let range = root.first as usize..(root.first + root.children) as usize;
        self.nodes[range]
            .iter()
            .map(|n| ChildStats {
                action: n.action(),
                visits: n.visits,
                score: if n.visits == 0 {
                    0.0
                } else {
                    n.score as f64 / (2.0 * n.visits as f64)
                },
            })
            .collect()
    }

    /// Forgets the tree (not the random generator or the stats).
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.root_hash = None;
    }

    /// Searches `st` for the budget and returns the most visited action (ties
    /// to the better mean, then the earlier child), or `None` when the game
    /// is over or no action is legal. With a single legal action it is
    /// returned at once, without searching.
    pub fn choose(&mut self, game: &Game, st: &State) -> Option<Action> {
        self.last = Stats::default();
        if st.is_over() {
            return None;
        }
        // Chance decides here, not the agent: it draws an outcome.
        if game.is_chance(st) {
            return game.random_action(st, &mut self.rng);
        }
        game.legal_actions(st, &mut self.legal);
        match self.legal.len() {
            0 => return None,
            1 => return Some(self.legal[0]),
            _ => {}
        }
        if game.rules.view.is_some() {
            return Some(self.choose_unseen(game, st));
        }
        self.search(game, st, self.budget);
        self.best()
    }

    /// Runs iterations from `st` for `budget`, growing the tree (or starting
    /// a new one when its root is not `st`). Returns the iterations done.
    pub fn search(&mut self, game: &Game, st: &State, budget: Budget) -> u64 {
        let begin = Instant::now();
        self.set_root(st);
        let limit = run::ply_limit(game);
        let mut done = 0u64;
        // Whether anything but the budget can end the search.
        let watched = self.time_cap.is_some() || self.cancel.can_cancel();
        if !st.is_over() {
            match budget {
                Budget::Iterations(n) => {
                    while done < n && self.nodes[0].visits < MAX_VISITS {
                        // After the first iteration, so that the root has
                        // children.
                        if watched && done % CHECK_EVERY == 1 && self.stop_early(begin) {
                            break;
                        }
                        self.iterate(game, limit);
                        done += 1;
                    }
                }
                Budget::Time(d) => {
                    let d = self.time_cap.map_or(d, |cap| cap.min(d));
                    // At least one iteration, so that the root has children.
                    loop {
                        self.iterate(game, limit);
                        done += 1;
                        if begin.elapsed() >= d
                            || self.nodes[0].visits >= MAX_VISITS
                            || (done.is_multiple_of(CHECK_EVERY) && self.cancel.is_cancelled())
                        {
                            break;
                        }
                    }
                }
            }
        }
        self.last = Stats {
            iterations: done,
            seconds: begin.elapsed().as_secs_f64(),
        };
        self.total.add(self.last);
        done
    }

    /// Whether the cancel flag or the time cap ends a search begun at
    /// `begin`.
    fn stop_early(&self, begin: Instant) -> bool {
        self.cancel.is_cancelled() || self.time_cap.is_some_and(|cap| begin.elapsed() >= cap)
    }

    /// The root's most visited action.
    pub fn best(&self) -> Option<Action> {
        // No tree, no answer.
        self.root_hash?;
        let root = self.nodes[0];
        let range = root.first as usize..(root.first + root.children) as usize;
        let mut best: Option<&Node> = None;
        for n in &self.nodes[range] {
            // score/visits compared without division: a·d > c·b.
            let better = best.is_none_or(|b| {
                n.visits > b.visits
                    || (n.visits == b.visits
                        && n.score as u64 * b.visits as u64 > b.score as u64 * n.visits as u64)
            });
            if better {
                best = Some(n);
            }
        }
        best.map(|n| n.action())
    }

    /// Tells the searcher that `action` was played in `before`: the child
    /// for it becomes the root, with its subtree. Without a tree for
    /// `before`, or if the action was never explored, the tree is dropped.
    pub fn advance(&mut self, game: &Game, before: &State, action: Action) {
        self.sight.record(game, before, action);
        if self.root_hash != Some(before.hash()) {
            self.reset();
            return;
        }
        let root = self.nodes[0];
        let range = root.first as usize..(root.first + root.children) as usize;
        let Some(child) = range.clone().find(|&i| self.nodes[i].action() == action) else {
            self.reset();
            return;
        };
        if self.nodes[child].visits == 0 {
            self.reset();
            return;
        }
        let scratch = self.scratch.get_or_insert_with(|| before.clone());
        scratch.clone_from(before);
        game.play_unchecked(scratch, action);
        self.root_hash = Some(scratch.hash());
        if let Some(r) = self.root_state.as_mut() {
            r.clone_from(scratch);
        }
        self.keep_subtree(child);
    }

    /// Compacts the arena in place to the subtree of `root`, which becomes
    /// node 0. Children come after their parent, so the subtree's nodes kept
    /// in arena order each move down (never up), ranges stay contiguous, and
    /// `root`, the first of them, lands at 0. A node's new index is the
    /// number of kept nodes before it, read from `keep` and `rank`.
    fn keep_subtree(&mut self, root: usize) {
        let words = self.nodes.len().div_ceil(64);
        self.keep.clear();
        self.keep.resize(words, 0);
        // Mark the subtree, depth first (the path vector as the stack).
        self.path.clear();
        self.path.push(root as u32);
        while let Some(i) = self.path.pop() {
            let i = i as usize;
            self.keep[i / 64] |= 1 << (i % 64);
            let n = self.nodes[i];
            self.path.extend(n.first..n.first + n.children);
        }
        self.rank.clear();
        let mut kept = 0u32;
        for w in &self.keep {
            self.rank.push(kept);
            kept += w.count_ones();
        }
        let (keep, rank) = (&self.keep, &self.rank);
        let new_index = |i: u32| -> u32 {
            let (w, b) = (i as usize / 64, i % 64);
            rank[w] + (keep[w] & ((1u64 << b) - 1)).count_ones()
        };
        let mut to = 0;
        for w in root / 64..words {
            let mut bits = keep[w];
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut n = self.nodes[i];
                if n.children > 0 {
                    n.first = new_index(n.first);
                }
                self.nodes[to] = n;
                to += 1;
            }
        }
        self.nodes.truncate(to);
    }

    /// Makes `st` the root: keeps the tree if it is already there.
    fn set_root(&mut self, st: &State) {
        let h = st.hash();
        match self.root_state.as_mut() {
            Some(r) => r.clone_from(st),
            None => self.root_state = Some(st.clone()),
        }
        if self.scratch.is_none() {
            self.scratch = Some(st.clone());
        }
        if self.root_hash != Some(h) {
            self.nodes.clear();
            self.nodes.push(Node::new(Action::pie(), 0));
            self.root_hash = Some(h);
        }
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, game: &Game, limit: u32) {
        let (Some(root_state), Some(st)) = (self.root_state.as_ref(), self.scratch.as_mut()) else {
            return;
        };
        st.clone_from(root_state);
        self.path.clear();
        self.path.push(0);
        let mut n = 0usize;
        while !st.is_over() {
            if self.nodes[n].children == 0 {
                // The root always expands: a search must have children to
                // choose from.
                let ready = n == 0
                    || (self.nodes[n].visits >= EXPAND_AFTER && self.nodes.len() < self.max_nodes);
                if !ready {
                    break;
                }
                // Expand: all legal actions, shuffled, so that unvisited
                // children are tried in a random order.
                game.legal_actions(st, &mut self.legal);
                if self.legal.is_empty() {
                    break;
                }
                for i in (1..self.legal.len()).rev() {
                    let j = self.rng.random_range(0..=i);
                    self.legal.swap(i, j);
                }
                let seat = game.seat_of(st, st.mover) as u8;
                let first = self.nodes.len() as u32;
                self.nodes
                    .extend(self.legal.iter().map(|&a| Node::new(a, seat)));
                self.nodes[n].first = first;
                self.nodes[n].children = self.legal.len() as u32;
            }
            // At a decision made by chance, the outcome is drawn by its
            // probability, not chosen (each outcome has its child).
            let c = match game.is_chance(st) {
                true => game
                    .random_action(st, &mut self.rng)
                    .and_then(|a| child_of(&self.nodes, n, a))
                    .unwrap_or_else(|| select(&self.nodes, n, self.exploration)),
                false => select(&self.nodes, n, self.exploration),
            };
            game.play_unchecked(st, self.nodes[c].action());
            self.path.push(c as u32);
            n = c;
            if self.nodes[c].visits == 0 {
                break;
            }
        }
        let mut plies = 0;
        while !st.is_over() && plies < limit {
            let Some(a) = game.random_action(st, &mut self.rng) else {
                break;
            };
            game.play_unchecked(st, a);
            plies += 1;
        }
        // The seat that won, if any: the one controlling the winner now.
        let winner = match st.result() {
            Some(GameResult::Win(p)) => Some(game.seat_of(st, p) as u8),
            _ => None,
        };
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.score += match winner {
                Some(s) if s == node.seat => 2,
                Some(_) => 0,
                None => 1,
            };
        }
    }
}

/// The child of node `n` reached by action `a`, if there is one.
fn child_of(nodes: &[Node], n: usize, a: Action) -> Option<usize> {
    let node = nodes[n];
    let first = node.first as usize;
    (first..first + node.children as usize).find(|&c| nodes[c].action() == a)
}

/// The child of `n` to descend to: the first unvisited one, else the one
/// with the highest UCT value (the first of equals).
fn select(nodes: &[Node], n: usize, exploration: f64) -> usize {
    let node = nodes[n];
    let first = node.first as usize;
    let kids = &nodes[first..first + node.children as usize];
    if let Some(i) = kids.iter().position(|k| k.visits == 0) {
        return first + i;
    }
    let log_n = (node.visits.max(1) as f64).ln();
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    for (i, k) in kids.iter().enumerate() {
        let v = k.visits as f64;
        let value = k.score as f64 / (2.0 * v) + exploration * (log_n / v).sqrt();
        if value > best_value {
            best_value = value;
            best = i;
        }
    }
    first + best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tictactoe() -> Game {
        let source = "game T board square(3) with diagonals players x, o pieces stone
            turn: place stone at empty
            end if line(own, 3): mover wins
            end if count(empty) = 0: draw";
        let file = crate::syntax::parse(source).expect("parses");
        Game::new(crate::check::compile(&file, &[]).expect("compiles"))
    }

    /// The subtree under node `i`, as nested (action, seat, visits, score).
    fn shape(m: &Mcts, i: usize) -> String {
        let n = m.nodes[i];
        let kids: Vec<String> = (n.first..n.first + n.children)
            .map(|c| shape(m, c as usize))
            .collect();
        format!(
            "({:?} {} {} {} [{}])",
            n.action(),
            n.seat,
            n.visits,
            n.score,
            kids.join(" ")
        )
    }

    fn size(m: &Mcts, i: usize) -> usize {
        let n = m.nodes[i];
        1 + (n.first..n.first + n.children)
            .map(|c| size(m, c as usize))
            .sum::<usize>()
    }

    #[test]
    fn advancing_keeps_exactly_the_subtree() {
        let g = tictactoe();
        let mut st = g.start();
        let mut m = Mcts::new(Budget::Iterations(3000), 5);
        for _ in 0..3 {
            let a = m.choose(&g, &st).expect("a move");
            let root = m.nodes[0];
            let child = (root.first..root.first + root.children)
                .find(|&c| m.nodes[c as usize].action() == a)
                .expect("a child") as usize;
            let before = shape(&m, child);
            let kept = size(&m, child);
            assert!(kept > 1 && kept < m.nodes.len());
            m.advance(&g, &st, a);
            assert_eq!(shape(&m, 0), before);
            assert_eq!(m.nodes.len(), kept, "nothing else is kept");
            g.play_unchecked(&mut st, a);
        }
    }

    /// A time cap ends an iteration budget that would run for hours; a
    /// raised cancel flag ends one at once; neither is there by default.
    #[test]
    fn a_search_stops_at_its_time_cap_or_when_cancelled() {
        let g = tictactoe();
        let st = g.start();
        let endless = Budget::Iterations(u64::MAX);
        let mut capped = Mcts::new(endless, 1).with_time_cap(Duration::from_millis(50));
        assert!(capped.choose(&g, &st).is_some());
        let s = capped.last_search();
        assert!(s.iterations > 0 && s.iterations < u64::MAX, "{s:?}");
        assert!(s.seconds < 30.0, "{s:?}");
        let cancel = Cancel::new();
        cancel.cancel();
        let mut cancelled = Mcts::new(endless, 1).with_cancel(cancel);
        assert!(
            cancelled.choose(&g, &st).is_some(),
            "one iteration at least"
        );
        assert_eq!(cancelled.last_search().iterations, 1);
        let mut plain = Mcts::new(Budget::Iterations(100), 1);
        plain.choose(&g, &st);
        assert_eq!(plain.last_search().iterations, 100);
    }

    #[test]
    fn node_stays_small() {
        assert_eq!(std::mem::size_of::<Node>(), 28);
    }
}
