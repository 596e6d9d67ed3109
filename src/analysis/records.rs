//! The raw records a report is computed from (one per game, and exact
//! totals), and their JSON in shards.

use std::collections::BTreeSet;

use serde::Serialize;
use serde_json::Value;

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

/// [`Timing`] in JSON, with the speeds it implies.
#[derive(Serialize)]
struct TimingDoc<'a> {
    note: &'static str,
    random_games: u64,
    random_seconds: f64,
    random_games_per_sec: f64,
    random_plies_per_sec: f64,
    random_plies: u64,
    search_games: u64,
    search_seconds: f64,
    wall_seconds: f64,
    threads: &'a [u64],
}

/// A value as JSON; the documents here have string keys and finite
/// numbers, which always convert.
pub(super) fn to_json(doc: impl Serialize) -> Value {
    serde_json::to_value(doc).unwrap_or(Value::Null)
}

impl Timing {
    pub fn to_json(&self) -> Value {
        let per = |n: u64, s: f64| if s > 0.0 { n as f64 / s } else { 0.0 };
        to_json(TimingDoc {
            note: "machine-dependent; excluded from comparisons",
            random_games: self.random_games,
            random_seconds: self.random_seconds,
            random_games_per_sec: per(self.random_games, self.random_seconds),
            random_plies_per_sec: per(self.random_plies, self.random_seconds),
            random_plies: self.random_plies,
            search_games: self.search_games,
            search_seconds: self.search_seconds,
            wall_seconds: self.wall_seconds,
            threads: &self.threads,
        })
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
//
// Seats are counted from 1 in JSON (`p1_seat`, `winner_seat`); `winner` is
// the agent, 0 for p1. Reading them back is [`super::read`]'s.

/// A result in JSON: the winning player's number (from 0), `"draw"` or
/// `"unfinished"`.
#[derive(Serialize)]
#[serde(untagged)]
enum ResultDoc {
    Win(u8),
    Word(&'static str),
}

impl From<Option<GameResult>> for ResultDoc {
    fn from(r: Option<GameResult>) -> ResultDoc {
        match r {
            Some(GameResult::Win(p)) => ResultDoc::Win(p),
            Some(GameResult::Draw) => ResultDoc::Word("draw"),
            None => ResultDoc::Word("unfinished"),
        }
    }
}

#[derive(Serialize)]
struct RandomDoc {
    index: u64,
    plies: u32,
    result: ResultDoc,
    winner_seat: Option<usize>,
    swapped: bool,
}

#[derive(Serialize)]
struct RecordDoc {
    index: u64,
    seed: u64,
    p1_seat: usize,
    result: ResultDoc,
    winner: Option<usize>,
    plies: u32,
    swapped: bool,
}

impl From<&GameRecord> for RecordDoc {
    fn from(g: &GameRecord) -> RecordDoc {
        RecordDoc {
            index: g.index,
            seed: g.seed,
            p1_seat: g.p1_seat + 1,
            result: g.result.into(),
            winner: g.winner,
            plies: g.plies,
            swapped: g.swapped,
        }
    }
}

#[derive(Serialize)]
struct MirrorDoc {
    #[serde(flatten)]
    record: RecordDoc,
    actions: u32,
    mirrored: u32,
}

#[derive(Serialize)]
struct RawDoc<'a> {
    random: Vec<RandomDoc>,
    branching: &'a [u64],
    actions: &'a BTreeSet<(u16, u32)>,
    ladder: Vec<Vec<RecordDoc>>,
    top: Vec<RecordDoc>,
    mirror: Vec<Vec<MirrorDoc>>,
}

impl Raw {
    pub fn to_json(&self) -> Value {
        let records = |l: &[GameRecord]| l.iter().map(RecordDoc::from).collect::<Vec<_>>();
        to_json(RawDoc {
            random: self
                .random
                .iter()
                .map(|g| RandomDoc {
                    index: g.index,
                    plies: g.plies,
                    result: g.result.into(),
                    winner_seat: g.winner_seat.map(|s| s + 1),
                    swapped: g.swapped,
                })
                .collect(),
            branching: &self.branching,
            actions: &self.actions,
            ladder: self.ladder.iter().map(|l| records(l)).collect(),
            top: records(&self.top),
            mirror: self
                .mirror
                .iter()
                .map(|m| {
                    m.iter()
                        .map(|g| MirrorDoc {
                            record: (&g.record).into(),
                            actions: g.actions,
                            mirrored: g.mirrored,
                        })
                        .collect()
                })
                .collect(),
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
