//! Reading shards back: each field converted with serde and named in its
//! error (`bad winner at raw.top[3]: ...`). Whether the values make sense
//! for the game and settings the shard claims is [`super::validate`]'s.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::{FirstAction, MirrorGame, RandomGame, Raw, Settings, Timing};
use crate::agent::GameRecord;
use crate::engine::GameResult;
use crate::rules::Player;

/// The fields of one JSON object, read by name, each error naming the
/// field and where the object is (`raw.random[4]`).
pub(super) struct Fields<'a> {
    map: &'a Map<String, Value>,
    at: String,
}

impl<'a> Fields<'a> {
    pub(super) fn of(v: &'a Value, at: impl Into<String>) -> Result<Fields<'a>, String> {
        let at = at.into();
        match v {
            Value::Object(map) => Ok(Fields { map, at }),
            Value::Null => Err(format!("no {at}")),
            _ => Err(format!("{at} is not an object")),
        }
    }

    /// Where a field is, for messages: `raw.random[4].plies`.
    pub(super) fn path(&self, key: &str) -> String {
        if self.at.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.at)
        }
    }

    /// The raw value of a field.
    pub(super) fn value(&self, key: &str) -> Result<&'a Value, String> {
        self.map
            .get(key)
            .ok_or_else(|| format!("no {key} at {}", self.place()))
    }

    /// A field converted to `T`.
    pub(super) fn get<T: Deserialize<'a>>(&self, key: &str) -> Result<T, String> {
        T::deserialize(self.value(key)?).map_err(|e| self.bad(key, e))
    }

    /// The message for a bad value of `key`.
    pub(super) fn bad(&self, key: &str, why: impl std::fmt::Display) -> String {
        format!("bad {key} at {}: {why}", self.place())
    }

    fn place(&self) -> &str {
        if self.at.is_empty() {
            "top level"
        } else {
            &self.at
        }
    }

    /// A field that holds a list, each element with its path.
    pub(super) fn list(&self, key: &str) -> Result<Vec<(String, &'a Value)>, String> {
        match self.value(key)? {
            Value::Array(items) => Ok(items
                .iter()
                .enumerate()
                .map(|(i, v)| (format!("{}[{i}]", self.path(key)), v))
                .collect()),
            v => Err(self.bad(key, format!("{v} is not a list"))),
        }
    }
}

/// A result: the winner's number (from 0), `"draw"` or `"unfinished"`.
fn result(f: &Fields) -> Result<Option<GameResult>, String> {
    match f.value("result")? {
        Value::String(s) if s == "draw" => Ok(Some(GameResult::Draw)),
        Value::String(s) if s == "unfinished" => Ok(None),
        v => match v.as_u64().and_then(|p| u8::try_from(p).ok()) {
            Some(p) => Ok(Some(GameResult::Win(Player::new(p.into())))),
            None => Err(f.bad(
                "result",
                format!("{v}: give a player's number, \"draw\" or \"unfinished\""),
            )),
        },
    }
}

/// A seat in JSON, counted from 1.
fn seat(f: &Fields, key: &str) -> Result<usize, String> {
    match f.get::<u64>(key)? {
        0 => Err(f.bad(key, "seats are counted from 1")),
        s => usize::try_from(s - 1).map_err(|e| f.bad(key, e)),
    }
}

fn record(v: &Value, at: String) -> Result<GameRecord, String> {
    let f = Fields::of(v, at)?;
    Ok(GameRecord {
        index: f.get("index")?,
        seed: f.get("seed")?,
        p1_seat: seat(&f, "p1_seat")?,
        result: result(&f)?,
        winner: f.get("winner")?,
        plies: f.get("plies")?,
        swapped: f.get("swapped")?,
    })
}

fn records(f: &Fields, key: &str) -> Result<Vec<GameRecord>, String> {
    f.list(key)?
        .into_iter()
        .map(|(at, v)| record(v, at))
        .collect()
}

impl Raw {
    /// Reads the raw records of a shard (`raw`), checking each field's
    /// type; [`super::merge`] then checks them against the run's header.
    pub fn from_json(v: &Value) -> Result<Raw, String> {
        let f = Fields::of(v, "raw")?;
        let random = f
            .list("random")?
            .into_iter()
            .map(|(at, v)| {
                let g = Fields::of(v, at)?;
                let winner_seat = match g.value("winner_seat")? {
                    Value::Null => None,
                    _ => Some(seat(&g, "winner_seat")?),
                };
                let first = match (g.get("first_cell")?, g.get("first_player")?) {
                    (None, None) => None,
                    (Some(cell), Some(player)) => Some(FirstAction { cell, player }),
                    _ => return Err(g.bad("first_cell", "first_cell and first_player go together")),
                };
                Ok(RandomGame {
                    index: g.get("index")?,
                    plies: g.get("plies")?,
                    result: result(&g)?,
                    winner_seat,
                    swapped: g.get("swapped")?,
                    first,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let ladder = f
            .list("ladder")?
            .into_iter()
            .map(|(at, v)| match v {
                Value::Array(games) => games
                    .iter()
                    .enumerate()
                    .map(|(i, g)| record(g, format!("{at}[{i}]")))
                    .collect(),
                _ => Err(format!("{at} is not a list")),
            })
            .collect::<Result<Vec<_>, String>>()?;
        let mirror = f
            .list("mirror")?
            .into_iter()
            .map(|(at, v)| match v {
                Value::Array(games) => games
                    .iter()
                    .enumerate()
                    .map(|(i, g)| {
                        let at = format!("{at}[{i}]");
                        let m = Fields::of(g, at.clone())?;
                        Ok(MirrorGame {
                            record: record(g, at)?,
                            actions: m.get("actions")?,
                            mirrored: m.get("mirrored")?,
                        })
                    })
                    .collect(),
                _ => Err(format!("{at} is not a list")),
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Raw {
            random,
            branching: f.get("branching")?,
            actions: f.get::<BTreeSet<(u16, u32)>>("actions")?,
            ladder,
            top: records(&f, "top")?,
            mirror,
        })
    }
}

impl Timing {
    /// Reads a shard's `timing`.
    pub(super) fn from_json(v: &Value) -> Result<Timing, String> {
        let f = Fields::of(v, "timing")?;
        Ok(Timing {
            random_games: f.get("random_games")?,
            random_plies: f.get("random_plies")?,
            random_seconds: f.get("random_seconds")?,
            search_games: f.get("search_games")?,
            search_seconds: f.get("search_seconds")?,
            wall_seconds: f.get("wall_seconds")?,
            threads: f.get("threads")?,
        })
    }
}

impl Settings {
    /// Reads a run's `settings` (types only; see [`Settings::check`]).
    pub fn from_json(v: &Value) -> Result<Settings, String> {
        let f = Fields::of(v, "settings")?;
        Ok(Settings {
            seed: f.get("seed")?,
            games: f.get("games")?,
            ladder: f.get("ladder")?,
            ladder_games: f.get("ladder_games")?,
            mirror_games: f.get("mirror_games")?,
            mirror_budget: f.get("mirror_budget")?,
            solve_limit: f.get("solve_limit")?,
        })
    }
}
