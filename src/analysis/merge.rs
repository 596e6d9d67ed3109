//! Merging the shards of a run into the analysis of the whole run.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use super::read::Fields;
use super::validate::{self, Claims};
use super::{Analysis, FORMAT_VERSION, Raw, SHARD_FORMAT, Shard, Timing};

/// The first place where two JSON values differ, as a path and both values.
fn first_difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                first_difference(
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    &p,
                )
            })
        }
        _ if a == b => None,
        _ => Some(format!("{path}: {a} vs {b}")),
    }
}

/// Why two headers differ, in words: different games, different files of
/// a game, different options, or else the first differing field.
fn header_difference(a: &Value, b: &Value) -> Option<String> {
    if a["game"] != b["game"] {
        return Some(format!(
            "shards of different games ({} and {})",
            a["game"], b["game"]
        ));
    }
    if a["source_fnv1a64"] != b["source_fnv1a64"] {
        return Some(format!(
            "shards of different files of {} (their sources differ)",
            a["game"]
        ));
    }
    if a["options"] != b["options"] {
        return Some(format!(
            "shards of the game with different options ({} and {})",
            a["options"], b["options"]
        ));
    }
    first_difference(a, b, "").map(|d| format!("not shards of the same run (different {d})"))
}

/// One shard file, read and checked on its own.
struct Part<'a> {
    name: &'a str,
    shard: Shard,
    raw: Raw,
    timing: Timing,
    header: &'a Value,
}

fn read_part<'a>(name: &'a str, v: &'a Value) -> Result<Part<'a>, String> {
    if v["format"] != json!(SHARD_FORMAT) {
        return Err(format!(
            "{name} is not a shard of `gdl analyze` (made with --shard i/n)"
        ));
    }
    if v["version"] != json!(FORMAT_VERSION) {
        return Err(format!(
            "{name} has shard format version {}, this gdl reads version {FORMAT_VERSION}",
            v["version"]
        ));
    }
    let part = || -> Result<Part<'a>, String> {
        let f = Fields::of(v, "")?;
        let slice = Fields::of(f.value("shard")?, "shard")?;
        let shard =
            Shard::new(slice.get("index")?, slice.get("count")?).map_err(|e| format!("bad {e}"))?;
        let header = f.value("header")?;
        let claims = Claims::of(header)?;
        let raw = Raw::from_json(f.value("raw")?)?;
        let timing = Timing::from_json(f.value("timing")?)?;
        validate::check(&raw, &timing, shard, &claims)?;
        Ok(Part {
            name,
            shard,
            raw,
            timing,
            header,
        })
    };
    part().map_err(|e| format!("{name}: {e}"))
}

/// Combines the shard documents `(name, json)` of one run into the analysis
/// of the whole run. The shards must come from the same game, options and
/// settings, be distinct slices `i/n` of the same `n`, all present, and hold
/// exactly the games of their slice, each record possible in the game and
/// settings of the header: players and seats that exist, a winner only
/// with a win, no game past the ply limit, seeds derived from the run.
pub fn merge(shards: &[(String, Value)]) -> Result<Analysis, String> {
    if shards.is_empty() {
        return Err("no shard files given".into());
    }
    let parts = shards
        .iter()
        .map(|(name, v)| read_part(name, v))
        .collect::<Result<Vec<_>, String>>()?;
    let (first_name, first_shard, header) = (parts[0].name, parts[0].shard, parts[0].header);
    let n = first_shard.count;
    let mut seen: BTreeMap<u64, &str> = BTreeMap::new();
    for p in &parts {
        if let Some(d) = header_difference(header, p.header) {
            return Err(format!("{} and {first_name} are {d}", p.name));
        }
        if p.shard.count != n {
            return Err(format!(
                "{} is shard {} but {first_name} is shard {first_shard}: all shards must be i/{n}",
                p.name, p.shard
            ));
        }
        if let Some(other) = seen.insert(p.shard.index, p.name) {
            return Err(format!("{} and {other} are both shard {}", p.name, p.shard));
        }
    }
    if seen.len() as u64 != n {
        // List the first few missing, not all of up to a million.
        let missing: Vec<String> = (1..=n)
            .filter(|i| !seen.contains_key(i))
            .take(10)
            .map(|i| format!("{i}/{n}"))
            .collect();
        let more = n - seen.len() as u64 - missing.len() as u64;
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        return Err(format!("missing shard {}{more}", missing.join(", ")));
    }
    let claims = Claims::of(header)?;
    let mut raw = Raw {
        ladder: vec![Vec::new(); claims.pairs()],
        mirror: vec![Vec::new(); claims.mirror.len()],
        ..Raw::default()
    };
    let mut timing = Timing::default();
    let mut actions = BTreeSet::new();
    for Part {
        raw: r, timing: t, ..
    } in parts
    {
        raw.random.extend(r.random);
        for (k, l) in r.ladder.into_iter().enumerate() {
            raw.ladder[k].extend(l);
        }
        raw.top.extend(r.top);
        for (j, m) in r.mirror.into_iter().enumerate() {
            raw.mirror[j].extend(m);
        }
        if raw.branching.len() < r.branching.len() {
            raw.branching.resize(r.branching.len(), 0);
        }
        // Each shard's counts are its plies, and all the random games
        // together have at most `games` x the ply limit: no overflow.
        for (b, k) in r.branching.iter().enumerate() {
            raw.branching[b] += k;
        }
        actions.extend(r.actions);
        timing.random_games += t.random_games;
        timing.random_plies += t.random_plies;
        timing.random_seconds += t.random_seconds;
        timing.search_games += t.search_games;
        timing.search_seconds += t.search_seconds;
        timing.wall_seconds += t.wall_seconds;
        timing.threads.extend(t.threads);
    }
    raw.actions = actions;
    raw.sort();
    Ok(Analysis {
        header: header.clone(),
        shard: Shard::ALL,
        raw,
        timing,
    })
}
