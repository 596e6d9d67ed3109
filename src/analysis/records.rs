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
    /// The game's index in the random section (its seed comes from it).
    pub index: u64,
    /// Actions played, up to [`run::ply_limit`](crate::run::ply_limit).
    pub plies: u32,
    /// `None`: unfinished.
    pub result: Option<GameResult>,
    /// The seat (from 0) that controlled the winner at the end; `None`
    /// without a winner.
    pub winner_seat: Option<usize>,
    /// Whether the seats exchanged players (the pie rule).
    pub swapped: bool,
    /// The game's first action on a cell, if any.
    pub first: Option<FirstAction>,
}

/// Where a game's first action on a cell was played (a move's destination),
/// and by whom, for the heat map of opening actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstAction {
    /// The cell's index on the board.
    pub cell: u32,
    /// The index (from 0) of the player who played it.
    pub player: u8,
}

/// One game of the mirror against search: the mirror is agent 0 (p1).
#[derive(Clone, Debug, PartialEq)]
pub struct MirrorGame {
    /// The game as in a match, the mirror being agent 0.
    pub record: GameRecord,
    /// Actions the mirror played.
    pub actions: u32,
    /// How many of them were images of the opponent's actions (the others
    /// were random).
    pub mirrored: u32,
}

/// The per-game records and exact totals a report is computed from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Raw {
    /// The random games, in index order.
    pub random: Vec<RandomGame>,
    /// `branching[b]`: plies at which `b` actions were legal.
    pub branching: Vec<u64>,
    /// Distinct actions (`Action::key`) played in the random games.
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
    /// Random games played.
    pub random_games: u64,
    /// Actions played in them.
    pub random_plies: u64,
    /// Time spent in random games, summed over threads.
    pub random_seconds: f64,
    /// Games with search played: ladder, self-play and mirror games.
    pub search_games: u64,
    /// Time spent in games with search, summed over threads.
    pub search_seconds: f64,
    /// Wall-clock time (summed over shards when merged).
    pub wall_seconds: f64,
    /// Threads of each shard.
    pub threads: Vec<u64>,
}

// Every document below lists its fields in alphabetical order: written
// directly (a shard of millions of games, without building a `Value`), it
// comes out byte for byte as through a `Value`, whose keys are sorted. A
// test compares the two.

/// [`Timing`] in JSON, with the speeds it implies.
#[derive(Serialize)]
pub(super) struct TimingDoc<'a> {
    note: &'static str,
    random_games: u64,
    random_games_per_sec: f64,
    random_plies: u64,
    random_plies_per_sec: f64,
    random_seconds: f64,
    search_games: u64,
    search_seconds: f64,
    threads: &'a [u64],
    wall_seconds: f64,
}

/// A value as JSON; the documents here have string keys and finite
/// numbers, which always convert.
pub(super) fn to_json(doc: impl Serialize) -> Value {
    serde_json::to_value(doc).unwrap_or(Value::Null)
}

impl Timing {
    pub(super) fn doc(&self) -> TimingDoc<'_> {
        let per = |n: u64, s: f64| if s > 0.0 { n as f64 / s } else { 0.0 };
        TimingDoc {
            note: "machine-dependent; excluded from comparisons",
            random_games: self.random_games,
            random_games_per_sec: per(self.random_games, self.random_seconds),
            random_plies: self.random_plies,
            random_plies_per_sec: per(self.random_plies, self.random_seconds),
            random_seconds: self.random_seconds,
            search_games: self.search_games,
            search_seconds: self.search_seconds,
            threads: &self.threads,
            wall_seconds: self.wall_seconds,
        }
    }

    /// The timing as JSON, with the speeds it implies: the report's and
    /// a shard's `timing` object.
    pub fn to_json(&self) -> Value {
        to_json(self.doc())
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
            Some(GameResult::Win(p)) => ResultDoc::Win(p.index() as u8),
            Some(GameResult::Draw) => ResultDoc::Word("draw"),
            None => ResultDoc::Word("unfinished"),
        }
    }
}

#[derive(Serialize)]
struct RandomDoc {
    first_cell: Option<u32>,
    first_player: Option<u8>,
    index: u64,
    plies: u32,
    result: ResultDoc,
    swapped: bool,
    winner_seat: Option<usize>,
}

impl From<&RandomGame> for RandomDoc {
    fn from(g: &RandomGame) -> RandomDoc {
        RandomDoc {
            first_cell: g.first.map(|f| f.cell),
            first_player: g.first.map(|f| f.player),
            index: g.index,
            plies: g.plies,
            result: g.result.into(),
            swapped: g.swapped,
            winner_seat: g.winner_seat.map(|s| s + 1),
        }
    }
}

#[derive(Serialize)]
struct RecordDoc {
    index: u64,
    p1_seat: usize,
    plies: u32,
    result: ResultDoc,
    seed: u64,
    swapped: bool,
    winner: Option<usize>,
}

impl From<&GameRecord> for RecordDoc {
    fn from(g: &GameRecord) -> RecordDoc {
        RecordDoc {
            index: g.index,
            p1_seat: g.p1_seat + 1,
            plies: g.plies,
            result: g.result.into(),
            seed: g.seed,
            swapped: g.swapped,
            winner: g.winner,
        }
    }
}

/// A record and the mirror's counts (not flattened: the keys would not
/// come out sorted).
#[derive(Serialize)]
struct MirrorDoc {
    actions: u32,
    index: u64,
    mirrored: u32,
    p1_seat: usize,
    plies: u32,
    result: ResultDoc,
    seed: u64,
    swapped: bool,
    winner: Option<usize>,
}

impl From<&MirrorGame> for MirrorDoc {
    fn from(g: &MirrorGame) -> MirrorDoc {
        let r = RecordDoc::from(&g.record);
        MirrorDoc {
            actions: g.actions,
            index: r.index,
            mirrored: g.mirrored,
            p1_seat: r.p1_seat,
            plies: r.plies,
            result: r.result,
            seed: r.seed,
            swapped: r.swapped,
            winner: r.winner,
        }
    }
}

/// Items written as a list of documents `D`, one at a time.
struct Docs<'a, T, D>(&'a [T], std::marker::PhantomData<D>);

impl<'a, T, D> Docs<'a, T, D> {
    fn of(items: &'a [T]) -> Self {
        Docs(items, std::marker::PhantomData)
    }
}

impl<'a, T, D: From<&'a T> + Serialize> Serialize for Docs<'a, T, D> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(D::from))
    }
}

#[derive(Serialize)]
pub(super) struct RawDoc<'a> {
    actions: &'a BTreeSet<(u16, u32)>,
    branching: &'a [u64],
    ladder: Vec<Docs<'a, GameRecord, RecordDoc>>,
    mirror: Vec<Docs<'a, MirrorGame, MirrorDoc>>,
    random: Docs<'a, RandomGame, RandomDoc>,
    top: Docs<'a, GameRecord, RecordDoc>,
}

impl Raw {
    pub(super) fn doc(&self) -> RawDoc<'_> {
        RawDoc {
            actions: &self.actions,
            branching: &self.branching,
            ladder: self.ladder.iter().map(|l| Docs::of(l)).collect(),
            mirror: self.mirror.iter().map(|m| Docs::of(m)).collect(),
            random: Docs::of(&self.random),
            top: Docs::of(&self.top),
        }
    }

    /// The records as JSON: a shard's `raw` object.
    pub fn to_json(&self) -> Value {
        to_json(self.doc())
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
