//! Agents, the players `gdl play` and `gdl match` put in the seats, and
//! matches: many games between two agents, with their statistics.
//!
//! Agents are named the same way everywhere: `human`, `random` (uniformly
//! random legal actions) and `mcts:BUDGET` ([`crate::mcts`], with a budget
//! per action of `N` iterations, `Ts` seconds or `Tms` milliseconds).
//!
//! ## Matches
//!
//! [`run_match`] plays `count` games between agents `p1` and `p2`. Seats
//! alternate: in game `i` (from 0), `p1` takes seat 1 (the seat that moves
//! first) when `i` is even, seat 2 when it is odd. Game `i` is seeded with
//! [`game_seed`]`(seed, i)` and each agent's generator is derived from that
//! seed and the agent, so a game's course depends only on the run's seed and
//! its index, never on the number of threads (with iteration budgets; time
//! budgets depend on the machine's speed). The pie rule's `swap` moves a
//! colour to the other seat: the agent that wins is the one sitting in the
//! seat that controls the winning player at the end ([`Game::seat_of`]).
//!
//! Scores: win 1, draw ½, loss 0; a game still running after
//! [`run::ply_limit`] plies is *unfinished* and counts as a draw. The score
//! rate is `(wins + draws/2) / games`, and its 95% confidence interval is
//! the Wilson score interval ([`wilson`]) with that rate as the proportion.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::cancel::Cancel;
use crate::engine::{Action, Game, GameResult, State, mix};
use crate::mcts::{BUDGET_FORMS, Budget, Mcts, Stats};
use crate::pool;
use crate::rules::Player;
use crate::run;

/// Who chooses the actions of a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AgentSpec {
    /// A person at the terminal (`gdl play` only).
    Human,
    /// Uniformly random legal actions.
    Random,
    /// Monte Carlo tree search with this budget per action.
    Mcts(Budget),
}

/// The accepted agent names, for messages.
pub const AGENT_FORMS: &str = "human, random, mcts:N (N iterations per action, e.g. mcts:2000), \
     mcts:Ts or mcts:Tms (time per action, e.g. mcts:1s, mcts:500ms)";

impl FromStr for AgentSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<AgentSpec, String> {
        match s {
            "human" => Ok(AgentSpec::Human),
            "random" => Ok(AgentSpec::Random),
            _ => match s.strip_prefix("mcts:") {
                Some(b) => b
                    .parse()
                    .map(AgentSpec::Mcts)
                    .map_err(|e| format!("bad agent `{s}`: {e}")),
                None if s == "mcts" => Err(format!(
                    "agent `mcts` needs a budget: mcts:BUDGET, BUDGET = {BUDGET_FORMS}"
                )),
                None => Err(format!("unknown agent `{s}`; agents: {AGENT_FORMS}")),
            },
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Human => write!(f, "human"),
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Mcts(b) => write!(f, "mcts:{b}"),
        }
    }
}

impl AgentSpec {
    /// Orders search budgets for picking the strongest one: more time beats
    /// less, more iterations beat fewer, and a time budget beats an
    /// iteration budget.
    pub fn stronger_budget(a: Budget, b: Budget) -> Budget {
        match (a, b) {
            (Budget::Time(x), Budget::Time(y)) => Budget::Time(x.max(y)),
            (Budget::Iterations(x), Budget::Iterations(y)) => Budget::Iterations(x.max(y)),
            (t @ Budget::Time(_), _) | (_, t @ Budget::Time(_)) => t,
        }
    }
}

/// A computer agent, ready to play.
#[derive(Clone, Debug)]
pub enum Bot {
    /// Uniformly random legal actions, from its own generator.
    Random(Xoshiro256PlusPlus),
    /// Monte Carlo tree search ([`Mcts`]).
    Mcts(Box<Mcts>),
}

impl Bot {
    /// The agent for `spec` seeded with `seed`; `None` for [`AgentSpec::Human`].
    pub fn new(spec: AgentSpec, seed: u64) -> Option<Bot> {
        match spec {
            AgentSpec::Human => None,
            AgentSpec::Random => Some(Bot::Random(Xoshiro256PlusPlus::seed_from_u64(seed))),
            AgentSpec::Mcts(b) => Some(Bot::Mcts(Box::new(Mcts::new(b, seed)))),
        }
    }

    /// The same agent, its searches stopping soon after `cancel` is raised.
    pub fn with_cancel(self, cancel: &Cancel) -> Bot {
        self.map_search(|m| m.with_cancel(cancel.clone()))
    }

    /// The same agent, each of its searches bounded to `cap` of wall-clock
    /// time as well as its budget ([`Mcts::with_time_cap`]).
    pub fn with_time_cap(self, cap: std::time::Duration) -> Bot {
        self.map_search(|m| m.with_time_cap(cap))
    }

    /// The same agent with its search (if it has one) changed by `f`.
    fn map_search(self, f: impl FnOnce(Mcts) -> Mcts) -> Bot {
        match self {
            Bot::Mcts(m) => Bot::Mcts(Box::new(f(*m))),
            random => random,
        }
    }

    /// The action to play, or `None` when the game is over (or stuck).
    pub fn choose(&mut self, game: &Game, st: &State) -> Option<Action> {
        match self {
            Bot::Random(rng) => game.random_action(st, rng),
            Bot::Mcts(m) => m.choose(game, st),
        }
    }

    /// Tells the agent that `action` is played in `before` (by anyone).
    pub fn observe(&mut self, game: &Game, before: &State, action: Action) {
        if let Bot::Mcts(m) = self {
            m.advance(game, before, action);
        }
    }

    /// The search totals of a search agent.
    pub fn search_stats(&self) -> Option<Stats> {
        match self {
            Bot::Random(_) => None,
            Bot::Mcts(m) => Some(m.total()),
        }
    }
}

/// The seed of game `index` of a match run with `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    mix(mix(seed) ^ index)
}

/// The seed of agent `agent` (0 = p1) in a game seeded with `game_seed`.
pub fn agent_seed(game_seed: u64, agent: usize) -> u64 {
    mix(game_seed.wrapping_add(1 + agent as u64))
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's index in the match, from 0.
    pub index: u64,
    /// The game's seed ([`game_seed`] of the match's seed and the index).
    pub seed: u64,
    /// The seat p1 sat in at the start: 0 (moves first) or 1.
    pub p1_seat: usize,
    /// `None`: unfinished (ply limit, or no legal action).
    pub result: Option<GameResult>,
    /// The agent that won: 0 = p1, 1 = p2; `None` for a draw or unfinished.
    pub winner: Option<usize>,
    /// Plies played.
    pub plies: u32,
    /// Whether the seats controlled other players at the end (pie rule).
    pub swapped: bool,
}

impl GameRecord {
    /// The seat `agent` (0 = p1) started in.
    pub fn seat_of_agent(&self, agent: usize) -> usize {
        if agent == 0 {
            self.p1_seat
        } else {
            1 - self.p1_seat
        }
    }
}

/// Plays game `index` of a match between `agents[0]` (p1) and `agents[1]`
/// (p2), neither human. Also returns each agent's search totals. A game
/// stops, unfinished, soon after `cancel` is raised.
pub fn play_game(
    game: &Game,
    agents: [AgentSpec; 2],
    seed: u64,
    index: u64,
    cancel: &Cancel,
) -> (GameRecord, [Option<Stats>; 2]) {
    let (record, stats, _) = play_game_kept(game, agents, seed, index, false, cancel);
    (record, stats)
}

/// As [`play_game`], also returning the actions played when `keep` is set
/// (for `match --record`; else none).
pub fn play_game_kept(
    game: &Game,
    agents: [AgentSpec; 2],
    seed: u64,
    index: u64,
    keep: bool,
    cancel: &Cancel,
) -> (GameRecord, [Option<Stats>; 2], Vec<Action>) {
    let mut actions = Vec::new();
    let gseed = game_seed(seed, index);
    let p1_seat = (index % 2) as usize;
    let mut bots: Vec<Bot> = (0..2)
        .map(|k| {
            Bot::new(agents[k], agent_seed(gseed, k))
                .expect("no human in a match")
                .with_cancel(cancel)
        })
        .collect();
    // Which agent sits in each seat.
    let by_seat = if p1_seat == 0 { [0, 1] } else { [1, 0] };
    let mut st = game.start();
    let limit = run::ply_limit(game);
    let mut plies = 0;
    while !st.is_over() && plies < limit && !cancel.is_cancelled() {
        let seat = game.seat_of(&st, st.mover);
        let Some(a) = bots[by_seat[seat]].choose(game, &st) else {
            break;
        };
        for b in &mut bots {
            b.observe(game, &st, a);
        }
        game.play_unchecked(&mut st, a);
        if keep {
            actions.push(a);
        }
        plies += 1;
    }
    let result = st.result();
    let winner = match result {
        Some(GameResult::Win(p)) => Some(by_seat[game.seat_of(&st, p)]),
        _ => None,
    };
    let swapped = (0..game.rules.players.len()).any(|p| game.seat_of(&st, Player::new(p)) != p);
    let record = GameRecord {
        index,
        seed: gseed,
        p1_seat,
        result,
        winner,
        plies: st.ply,
        swapped,
    };
    let stats = [bots[0].search_stats(), bots[1].search_stats()];
    (record, stats, actions)
}

/// Everything a match produced.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The two agents, p1 then p2.
    pub agents: [AgentSpec; 2],
    /// The match's seed.
    pub seed: u64,
    /// One record per game, by index.
    pub games: Vec<GameRecord>,
    /// Each search agent's iterations and search time over all its games.
    pub search: [Option<Stats>; 2],
}

/// Plays `count` games between `agents[0]` (p1) and `agents[1]` (p2) on
/// `threads` threads; see the [module docs](self) for seats and seeds.
pub fn run_match(
    game: &Game,
    agents: [AgentSpec; 2],
    count: u64,
    threads: usize,
    seed: u64,
) -> MatchReport {
    let mut games = Vec::new();
    let totals = stream_match(game, agents, count, threads, seed, |g| {
        games.push(g.clone());
        Ok::<(), std::convert::Infallible>(())
    });
    let search = match totals {
        Ok(t) => t.search,
        Err(never) => match never {},
    };
    MatchReport {
        agents,
        seed,
        games,
        search,
    }
}

/// Games handed to the threads at a time by [`stream_match`], per thread:
/// enough to keep them busy, few enough to keep memory flat.
const GAMES_PER_THREAD: usize = 64;

/// Plays a match as [`run_match`] does, but hands each game's record to
/// `each` in index order as soon as it and those before it are played,
/// keeping only the totals: memory does not grow with `count`. Stops at
/// the first error of `each`.
pub fn stream_match<E>(
    game: &Game,
    agents: [AgentSpec; 2],
    count: u64,
    threads: usize,
    seed: u64,
    mut each: impl FnMut(&GameRecord) -> Result<(), E>,
) -> Result<MatchTotals, E> {
    stream_match_kept(game, agents, count, threads, seed, false, |g, _| each(g))
}

/// As [`stream_match`], handing `each` the actions of each game too when
/// `keep` is set.
pub fn stream_match_kept<E>(
    game: &Game,
    agents: [AgentSpec; 2],
    count: u64,
    threads: usize,
    seed: u64,
    keep: bool,
    mut each: impl FnMut(&GameRecord, &[Action]) -> Result<(), E>,
) -> Result<MatchTotals, E> {
    let mut totals = MatchTotals::default();
    let chunk = (threads.max(1) * GAMES_PER_THREAD) as u64;
    let mut first = 0;
    while first < count {
        let jobs = (count - first).min(chunk);
        let never = Cancel::never();
        let (done, _) = pool::run(
            jobs as usize,
            threads,
            &never,
            || (),
            |_, i| play_game_kept(game, agents, seed, first + i as u64, keep, &never),
        );
        // Only a `keep turns with` search that gave up stops the pool: the
        // match ends there, and the command reports it.
        let stopped = done.len() < jobs as usize;
        for (record, stats, actions) in &done {
            for k in 0..2 {
                if let Some(s) = stats[k] {
                    let t = totals.search[k].get_or_insert_with(Stats::default);
                    t.iterations += s.iterations;
                    t.seconds += s.seconds;
                }
            }
            totals.add(record);
            each(record, actions)?;
        }
        if stopped {
            break;
        }
        first += jobs;
    }
    Ok(totals)
}

/// The tallies of a match, kept as its games are played.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchTotals {
    /// By agent (0 = p1) and the seat it started in.
    by_seat: [[Tally; 2]; 2],
    /// Each search agent's iterations and search time over all its games.
    pub search: [Option<Stats>; 2],
}

impl MatchTotals {
    fn add(&mut self, g: &GameRecord) {
        for agent in 0..2 {
            self.by_seat[agent][g.seat_of_agent(agent)].count(g, agent);
        }
    }

    /// The tally of `agent` (0 = p1), over all games or only those in which
    /// it started in `seat`.
    pub fn tally(&self, agent: usize, seat: Option<usize>) -> Tally {
        match seat {
            Some(s) => self.by_seat[agent][s],
            None => self.by_seat[agent][0].plus(self.by_seat[agent][1]),
        }
    }

    /// The tally of whoever sat in `seat` (0 = the seat that moves first).
    pub fn seat_tally(&self, seat: usize) -> Tally {
        self.by_seat[0][seat].plus(self.by_seat[1][seat])
    }
}

/// Wins, losses and draws of one side over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Draws, including unfinished games.
    pub draws: u64,
    /// Unfinished games (counted among the draws).
    pub unfinished: u64,
}

impl Tally {
    /// Counts game `g` for `agent` (0 = p1): a win, a loss or a draw, and
    /// whether it was unfinished.
    fn count(&mut self, g: &GameRecord, agent: usize) {
        self.games += 1;
        match g.winner {
            Some(w) if w == agent => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        if g.result.is_none() {
            self.unfinished += 1;
        }
    }

    /// Both tallies together.
    pub fn plus(self, o: Tally) -> Tally {
        Tally {
            games: self.games + o.games,
            wins: self.wins + o.wins,
            losses: self.losses + o.losses,
            draws: self.draws + o.draws,
            unfinished: self.unfinished + o.unfinished,
        }
    }

    /// The tally as JSON, its rates passed through `round` (for reports that
    /// must compare equal across runs, a fixed number of decimals).
    pub fn to_json(&self, round: impl Fn(f64) -> f64) -> serde_json::Value {
        let (lo, hi) = self.interval();
        serde_json::json!({
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "unfinished": self.unfinished,
            "score": round(self.score()),
            "ci95": [round(lo), round(hi)],
        })
    }

    /// `(wins + draws/2) / games` (0 without games).
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            (self.wins as f64 + self.draws as f64 / 2.0) / self.games as f64
        }
    }

    /// The 95% Wilson score interval of [`Tally::score`].
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.score(), self.games, 1.959_963_984_540_054)
    }
}

/// The Wilson score interval for a proportion `p` observed over `n` trials,
/// with `z` standard deviations (1.96 for 95%):
///
/// `(p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n)`,
///
/// within `[0, 1]`; `(0, 1)` when `n` is 0. Never panics: a proportion
/// outside `[0, 1]` (from damaged records) is taken as the nearest end.
pub fn wilson(p: f64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 || p.is_nan() {
        return (0.0, 1.0);
    }
    let p = p.clamp(0.0, 1.0);
    let n = n as f64;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // The interval contains `p`; clamping keeps rounding from moving an end
    // past it (a score of 0 gets a lower end of exactly 0).
    ((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0))
}

impl MatchReport {
    /// The tally of `agent` (0 = p1), over all games or only those in which
    /// it started in `seat`.
    pub fn tally(&self, agent: usize, seat: Option<usize>) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            if seat.is_some_and(|s| g.seat_of_agent(agent) != s) {
                continue;
            }
            t.count(g, agent);
        }
        t
    }

    /// The tally of whoever sat in `seat` (0 = the seat that moves first).
    pub fn seat_tally(&self, seat: usize) -> Tally {
        self.tally(0, Some(seat)).plus(self.tally(1, Some(seat)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_parse() {
        assert_eq!("human".parse(), Ok(AgentSpec::Human));
        assert_eq!("random".parse(), Ok(AgentSpec::Random));
        assert_eq!(
            "mcts:300".parse(),
            Ok(AgentSpec::Mcts(Budget::Iterations(300)))
        );
        for bad in ["robot", "mcts", "mcts:", "mcts:0", "mcts:1h", "MCTS:5"] {
            let e = bad.parse::<AgentSpec>().unwrap_err();
            assert!(e.contains("mcts:"), "{bad}: {e}");
        }
        for s in ["human", "random", "mcts:2000", "mcts:1s", "mcts:500ms"] {
            assert_eq!(s.parse::<AgentSpec>().unwrap().to_string(), s);
        }
    }

    #[test]
    fn wilson_interval() {
        // 8 of 10: the textbook interval 0.490 .. 0.943.
        let (lo, hi) = wilson(0.8, 10, 1.96);
        assert!(
            (lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(1.0, 20, 1.96);
        assert!(lo > 0.8 && lo < 0.85 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson(0.5, 0, 1.96), (0.0, 1.0));
        // Impossible proportions (more successes than trials) do not panic.
        for p in [1.5, -0.5, f64::NAN, f64::INFINITY] {
            let (lo, hi) = wilson(p, 10, 1.96);
            assert!((0.0..=1.0).contains(&lo) && lo <= hi && hi <= 1.0, "{p}");
        }
    }

    #[test]
    fn streamed_totals_are_the_report_tallies() {
        let game = crate::load(std::path::Path::new("games/tictactoe.gdl"), &[]).unwrap();
        let agents = [AgentSpec::Random, AgentSpec::Mcts(Budget::Iterations(20))];
        // More games than one batch of the stream, on two threads.
        let report = run_match(&game, agents, 150, 2, 7);
        let mut index = 0;
        let totals = stream_match(&game, agents, 150, 2, 7, |g| {
            assert_eq!(g, &report.games[index]);
            index += 1;
            Ok::<(), ()>(())
        })
        .unwrap();
        assert_eq!(index, 150);
        for agent in 0..2 {
            for seat in [None, Some(0), Some(1)] {
                assert_eq!(totals.tally(agent, seat), report.tally(agent, seat));
            }
        }
        assert_eq!(totals.seat_tally(0), report.seat_tally(0));
        assert_eq!(totals.search[0], None);
        assert_eq!(
            totals.search[1].map(|s| s.iterations),
            report.search[1].map(|s| s.iterations)
        );
    }

    #[test]
    fn game_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| game_seed(1, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
