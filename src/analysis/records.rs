//! The raw records a report is computed from (one per game, and exact
//! totals), and their JSON in shards.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::agent::GameRecord;
use crate::engine::GameResult;

/// One random game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomGame {
    pub index: u64,
    pub plies: u32,
    /// `None`: unfinished.
    pub result: Option<GameResult>,
    /// The seat that controlled the winner at the end.
    pub winner_seat: Option<usize>,
    /// Whether the seats exchanged players (the pie rule).
    pub swapped: bool,
}

/// One game of the mirror against search: the mirror is agent 0 (p1).
#[derive(Clone, Debug, PartialEq)]
pub struct MirrorGame {
    pub record: GameRecord,
    /// The mirror's actions, and how many of them were images.
    pub actions: u32,
    pub mirrored: u32,
}

/// The per-game records and exact totals a report is computed from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Raw {
    pub random: Vec<RandomGame>,
    /// `branching[b]`: plies at which `b` actions were legal.
    pub branching: Vec<u64>,
    /// Distinct `(choice, cell)` actions played in the random games.
    pub actions: BTreeSet<(u16, u32)>,
    /// Per adjacent pair of the ladder (weaker = p1).
    pub ladder: Vec<Vec<GameRecord>>,
    /// Self-play at the strongest budget.
    pub top: Vec<GameRecord>,
    /// Per symmetry tested.
    pub mirror: Vec<Vec<MirrorGame>>,
}

/// Machine-dependent measurements.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    pub random_games: u64,
    pub random_plies: u64,
    /// Time spent in random games, summed over threads.
    pub random_seconds: f64,
    pub search_games: u64,
    /// Time spent in games with search, summed over threads.
    pub search_seconds: f64,
    /// Wall-clock time (summed over shards when merged).
    pub wall_seconds: f64,
    /// Threads of each shard.
    pub threads: Vec<u64>,
}

impl Timing {
    pub fn to_json(&self) -> Value {
        let per = |n: u64, s: f64| if s > 0.0 { n as f64 / s } else { 0.0 };
        json!({
            "note": "machine-dependent; excluded from comparisons",
            "random_games": self.random_games,
            "random_seconds": self.random_seconds,
            "random_games_per_sec": per(self.random_games, self.random_seconds),
            "random_plies_per_sec": per(self.random_plies, self.random_seconds),
            "random_plies": self.random_plies,
            "search_games": self.search_games,
            "search_seconds": self.search_seconds,
            "wall_seconds": self.wall_seconds,
            "threads": self.threads,
        })
    }

    pub(super) fn from_json(v: &Value) -> Timing {
        Timing {
            random_games: v["random_games"].as_u64().unwrap_or(0),
            random_plies: v["random_plies"].as_u64().unwrap_or(0),
            random_seconds: v["random_seconds"].as_f64().unwrap_or(0.0),
            search_games: v["search_games"].as_u64().unwrap_or(0),
            search_seconds: v["search_seconds"].as_f64().unwrap_or(0.0),
            wall_seconds: v["wall_seconds"].as_f64().unwrap_or(0.0),
            threads: v["threads"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default(),
        }
    }
}
impl Raw {
    /// Puts every section in index order.
    pub(super) fn sort(&mut self) {
        self.random.sort_by_key(|g| g.index);
        for l in &mut self.ladder {
            l.sort_by_key(|g| g.index);
        }
        self.top.sort_by_key(|g| g.index);
        for m in &mut self.mirror {
            m.sort_by_key(|g| g.record.index);
        }
        while self.branching.last() == Some(&0) {
            self.branching.pop();
        }
    }
}

// ------------------------------------------------------------------ JSON

fn result_json(r: Option<GameResult>) -> Value {
    match r {
        Some(GameResult::Win(p)) => json!(p),
        Some(GameResult::Draw) => json!("draw"),
        None => json!("unfinished"),
    }
}

fn result_from(v: &Value) -> Result<Option<GameResult>, String> {
    match v {
        Value::Number(n) => n
            .as_u64()
            .filter(|&p| p < 8)
            .map(|p| Some(GameResult::Win(p as u8)))
            .ok_or_else(|| format!("bad result {v}")),
        Value::String(s) if s == "draw" => Ok(Some(GameResult::Draw)),
        Value::String(s) if s == "unfinished" => Ok(None),
        _ => Err(format!("bad result {v}")),
    }
}

fn record_json(g: &GameRecord) -> Value {
    json!({
        "index": g.index,
        "seed": g.seed,
        "p1_seat": g.p1_seat + 1,
        "result": result_json(g.result),
        "winner": g.winner,
        "plies": g.plies,
        "swapped": g.swapped,
    })
}

fn field_u64(v: &Value, k: &str) -> Result<u64, String> {
    v[k].as_u64()
        .ok_or_else(|| format!("`{k}` missing or not a whole number in {v}"))
}

fn field_bool(v: &Value, k: &str) -> Result<bool, String> {
    v[k].as_bool()
        .ok_or_else(|| format!("`{k}` missing or not true/false in {v}"))
}

fn record_from(v: &Value) -> Result<GameRecord, String> {
    let p1_seat = field_u64(v, "p1_seat")?;
    if !(1..=2).contains(&p1_seat) {
        return Err(format!("bad p1_seat in {v}"));
    }
    let winner = match &v["winner"] {
        Value::Null => None,
        w => Some(
            w.as_u64()
                .filter(|&w| w < 2)
                .ok_or_else(|| format!("bad winner in {v}"))? as usize,
        ),
    };
    Ok(GameRecord {
        index: field_u64(v, "index")?,
        seed: field_u64(v, "seed")?,
        p1_seat: p1_seat as usize - 1,
        result: result_from(&v["result"])?,
        winner,
        plies: u32::try_from(field_u64(v, "plies")?).map_err(|e| e.to_string())?,
        swapped: field_bool(v, "swapped")?,
    })
}

fn list<'a>(v: &'a Value, k: &str) -> Result<&'a Vec<Value>, String> {
    v[k].as_array()
        .ok_or_else(|| format!("`{k}` is missing or not a list"))
}

impl Raw {
    pub fn to_json(&self) -> Value {
        json!({
            "random": self.random.iter().map(|g| json!({
                "index": g.index,
                "plies": g.plies,
                "result": result_json(g.result),
                "winner_seat": g.winner_seat.map(|s| s + 1),
                "swapped": g.swapped,
            })).collect::<Vec<_>>(),
            "branching": self.branching,
            "actions": self.actions.iter().map(|&(c, a)| json!([c, a])).collect::<Vec<_>>(),
            "ladder": self.ladder.iter()
                .map(|l| l.iter().map(record_json).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
            "top": self.top.iter().map(record_json).collect::<Vec<_>>(),
            "mirror": self.mirror.iter().map(|m| m.iter().map(|g| {
                let mut v = record_json(&g.record);
                v["actions"] = json!(g.actions);
                v["mirrored"] = json!(g.mirrored);
                v
            }).collect::<Vec<_>>()).collect::<Vec<_>>(),
        })
    }

    pub fn from_json(v: &Value) -> Result<Raw, String> {
        let random = list(v, "random")?
            .iter()
            .map(|g| {
                let winner_seat = match &g["winner_seat"] {
                    Value::Null => None,
                    s => Some(
                        s.as_u64()
                            .filter(|&s| (1..=8).contains(&s))
                            .ok_or_else(|| format!("bad winner_seat in {g}"))?
                            as usize
                            - 1,
                    ),
                };
                Ok(RandomGame {
                    index: field_u64(g, "index")?,
                    plies: u32::try_from(field_u64(g, "plies")?).map_err(|e| e.to_string())?,
                    result: result_from(&g["result"])?,
                    winner_seat,
                    swapped: field_bool(g, "swapped")?,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let branching = list(v, "branching")?
            .iter()
            .map(|n| n.as_u64().ok_or("bad branching count"))
            .collect::<Result<Vec<_>, _>>()?;
        let actions = list(v, "actions")?
            .iter()
            .map(|a| match (a[0].as_u64(), a[1].as_u64()) {
                (Some(c), Some(x)) if c <= u16::MAX as u64 && x <= u32::MAX as u64 => {
                    Ok((c as u16, x as u32))
                }
                _ => Err(format!("bad action {a}")),
            })
            .collect::<Result<BTreeSet<_>, String>>()?;
        let records = |l: &Value| -> Result<Vec<GameRecord>, String> {
            l.as_array()
                .ok_or("a list of games is not a list")?
                .iter()
                .map(record_from)
                .collect()
        };
        let ladder = list(v, "ladder")?
            .iter()
            .map(records)
            .collect::<Result<Vec<_>, _>>()?;
        let top = records(&v["top"])?;
        let mirror = list(v, "mirror")?
            .iter()
            .map(|l| {
                l.as_array()
                    .ok_or("a list of games is not a list")?
                    .iter()
                    .map(|g| {
                        Ok(MirrorGame {
                            record: record_from(g)?,
                            actions: u32::try_from(field_u64(g, "actions")?)
                                .map_err(|e| e.to_string())?,
                            mirrored: u32::try_from(field_u64(g, "mirrored")?)
                                .map_err(|e| e.to_string())?,
                        })
                    })
                    .collect::<Result<Vec<_>, String>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Raw {
            random,
            branching,
            actions,
            ladder,
            top,
            mirror,
        })
    }

    /// The games of each section: (name, indices).
    pub(super) fn indices(&self) -> Vec<(String, Vec<u64>)> {
        let mut out = vec![(
            "random".to_string(),
            self.random.iter().map(|g| g.index).collect(),
        )];
        for (k, l) in self.ladder.iter().enumerate() {
            out.push((
                format!("ladder pair {}", k + 1),
                l.iter().map(|g| g.index).collect(),
            ));
        }
        out.push(("top".into(), self.top.iter().map(|g| g.index).collect()));
        for (j, m) in self.mirror.iter().enumerate() {
            out.push((
                format!("mirror {}", j + 1),
                m.iter().map(|g| g.record.index).collect(),
            ));
        }
        out
    }
}
