//! The parameters of a run, and the slice of it a shard plays.

use std::str::FromStr;

use serde_json::{Value, json};

/// The parameters of a run (all of them change the results).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
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
        }
    }

    /// The default opponent of the mirror: 100 iterations, or the strongest
    /// ladder budget if that is less.
    pub fn default_mirror_budget(ladder: &[u64]) -> u64 {
        ladder.last().map_or(100, |&b| b.min(100))
    }

    pub fn to_json(&self) -> Value {
        json!({
            "seed": self.seed,
            "games": self.games,
            "ladder": self.ladder,
            "ladder_games": self.ladder_games,
            "mirror_games": self.mirror_games,
            "mirror_budget": self.mirror_budget,
        })
    }

    pub fn from_json(v: &Value) -> Result<Settings, String> {
        let num = |k: &str| {
            v[k].as_u64()
                .ok_or_else(|| format!("settings.{k} is missing or not a whole number"))
        };
        let ladder = v["ladder"]
            .as_array()
            .ok_or("settings.ladder is missing")?
            .iter()
            .map(|b| b.as_u64().ok_or("settings.ladder has a bad budget"))
            .collect::<Result<Vec<u64>, _>>()?;
        Ok(Settings {
            seed: num("seed")?,
            games: num("games")?,
            ladder,
            ladder_games: num("ladder_games")?,
            mirror_games: num("mirror_games")?,
            mirror_budget: num("mirror_budget")?,
        })
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
        if b == 0 || b > 10_000_000 {
            return Err(format!(
                "ladder budget `{part}` out of range: 1 to 10000000 iterations"
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
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether game `i` (of any section) belongs to this shard.
    pub fn includes(&self, i: u64) -> bool {
        i % self.count == self.index - 1
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
        if n == 0 || i == 0 || i > n || n > 1_000_000 {
            return Err(bad());
        }
        Ok(Shard { index: i, count: n })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
