//! The parameters of a run, and the slice of it a shard plays.

use std::str::FromStr;

use serde::Serialize;

use crate::limits::MAX_SOLVE_POSITIONS;
use serde_json::Value;

/// The most random games of a run: each game's record is kept until the
/// report is made (about 180 bytes each in `gdl analyze`, 1 KB each while
/// `gdl merge` reads their shards), so this bounds the memory a run takes:
/// about 180 MB, and 1 GB to merge.
pub const MAX_GAMES: u64 = 1_000_000;
/// The most games per ladder pair or per symmetry.
pub const MAX_SEARCH_GAMES: u64 = 1_000_000;
/// The largest search budget, in iterations per action.
pub const MAX_BUDGET: u64 = 10_000_000;
/// The most shards a run can be cut into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// Positions *Perfect play* numbers by default: about two seconds for a
/// game with more (chess), less for a game with fewer.
pub const DEFAULT_SOLVE_LIMIT: u64 = 100_000;

/// The parameters of a run (all of them change the results).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// The run's seed; each section's games are seeded from it and the
    /// section's name ([`section_seed`](super::section_seed)).
    pub seed: u64,
    /// Random games.
    pub games: u64,
    /// Iteration budgets of the ladder, ascending.
    pub ladder: Vec<u64>,
    /// Games per ladder pair, and of self-play at the strongest budget.
    pub ladder_games: u64,
    /// Games per symmetry for the mirror check.
    pub mirror_games: u64,
    /// Iterations per action of the mirror's opponent.
    pub mirror_budget: u64,
    /// Most positions *Perfect play* numbers (0: none; see
    /// [`crate::solve`]).
    pub solve_limit: u64,
}

impl Settings {
    /// The defaults: 1000 random games, ladder 10, 100, 1000 with 20 games
    /// per pair, 20 mirror games per symmetry against 100 iterations.
    pub fn new(seed: u64) -> Settings {
        Settings {
            seed,
            games: 1000,
            ladder: vec![10, 100, 1000],
            ladder_games: 20,
            mirror_games: 20,
            mirror_budget: 100,
            solve_limit: DEFAULT_SOLVE_LIMIT,
        }
    }

    /// The default opponent of the mirror: 100 iterations, or the strongest
    /// ladder budget if that is less.
    pub fn default_mirror_budget(ladder: &[u64]) -> u64 {
        ladder.last().map_or(100, |&b| b.min(100))
    }

    /// The settings as JSON, keys sorted (as in the header).
    pub fn to_json(&self) -> Value {
        super::records::to_json(self)
    }

    /// Checks the settings against the limits (those of the command line),
    /// for settings read back from a shard.
    pub fn check(&self) -> Result<(), String> {
        let within = |name: &str, n: u64, lo: u64, hi: u64| {
            if (lo..=hi).contains(&n) {
                Ok(())
            } else {
                Err(format!(
                    "bad {name} at settings: {n}, not within {lo} to {hi}"
                ))
            }
        };
        within("games", self.games, 1, MAX_GAMES)?;
        within("ladder_games", self.ladder_games, 0, MAX_SEARCH_GAMES)?;
        within("mirror_games", self.mirror_games, 0, MAX_SEARCH_GAMES)?;
        within("mirror_budget", self.mirror_budget, 1, MAX_BUDGET)?;
        within("solve_limit", self.solve_limit, 0, MAX_SOLVE_POSITIONS)?;
        let text: Vec<String> = self.ladder.iter().map(u64::to_string).collect();
        parse_ladder(&text.join(","))
            .map(drop)
            .map_err(|e| format!("bad ladder at settings: {e}"))
    }
}

/// Parses `--ladder 10,100,1000`: iteration budgets, ascending.
pub fn parse_ladder(s: &str) -> Result<Vec<u64>, String> {
    let mut out = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let b: u64 = part.parse().map_err(|_| {
            format!(
                "bad ladder budget `{part}`: give iterations per action, ascending, such as 10,100,1000 \
                 (time budgets would make the report depend on the machine)"
            )
        })?;
        if b == 0 || b > MAX_BUDGET {
            return Err(format!(
                "ladder budget `{part}` out of range: 1 to {MAX_BUDGET} iterations"
            ));
        }
        if out.last().is_some_and(|&l| l >= b) {
            return Err(format!(
                "ladder budgets must increase: `{part}` after {}",
                out.last().copied().unwrap_or(0)
            ));
        }
        out.push(b);
    }
    Ok(out)
}

/// A slice of the games: `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1: it plays the games whose index is `index - 1`
    /// modulo `count`.
    pub index: u64,
    /// How many slices the run is cut into.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`, or what is wrong with it.
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 || index == 0 || index > count {
            Err(format!(
                "shard {index}/{count}: give i/n with 1 <= i <= n, such as 2/3"
            ))
        } else if count > MAX_SHARDS {
            Err(format!(
                "shard {index}/{count}: at most {MAX_SHARDS} shards (n <= {MAX_SHARDS})"
            ))
        } else {
            Ok(Shard { index, count })
        }
    }

    /// Whether game `i` (of any section) belongs to this shard.
    pub fn includes(&self, i: u64) -> bool {
        i % self.count == self.index - 1
    }

    /// How many of the games `0..total` of a section this shard plays.
    pub fn games_of(&self, total: u64) -> u64 {
        let first = self.index - 1;
        if total <= first {
            0
        } else {
            (total - first).div_ceil(self.count)
        }
    }

    /// The index of this shard's `k`-th game (from 0) in a section.
    pub fn nth(&self, k: u64) -> u64 {
        self.index - 1 + k * self.count
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard `{s}`: give i/n with 1 <= i <= n, such as 2/3");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (i, n): (u64, u64) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        Shard::new(i, n).map_err(|e| format!("bad {e}"))
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
