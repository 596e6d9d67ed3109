//! Merging the shards of a run into the analysis of the whole run.

use std::collections::BTreeSet;

use super::{Analysis, FORMAT_VERSION, Raw, SHARD_FORMAT, Settings, Shard, Timing};
use serde_json::{Value, json};

// ------------------------------------------------------------- merging

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

/// Combines the shard documents `(name, json)` of one run into the analysis
/// of the whole run. The shards must come from the same game, options and
/// settings, be distinct slices `i/n` of the same `n`, all present, and hold
/// exactly the games of their slice.
pub fn merge(shards: &[(String, Value)]) -> Result<Analysis, String> {
    let Some((first_name, _)) = shards.first() else {
        return Err("no shard files given".into());
    };
    let mut parsed = Vec::new();
    for (name, v) in shards {
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
        let (i, n) = (v["shard"]["index"].as_u64(), v["shard"]["count"].as_u64());
        let shard = match (i, n) {
            (Some(i), Some(n)) if i >= 1 && i <= n => Shard { index: i, count: n },
            _ => return Err(format!("{name}: bad shard {}", v["shard"])),
        };
        let raw = Raw::from_json(&v["raw"]).map_err(|e| format!("{name}: {e}"))?;
        parsed.push((
            name,
            shard,
            raw,
            Timing::from_json(&v["timing"]),
            &v["header"],
        ));
    }
    let header = parsed[0].4;
    Settings::from_json(&header["settings"]).map_err(|e| format!("{first_name}: {e}"))?;
    let n = parsed[0].1.count;
    let mut seen: Vec<Option<&String>> = vec![None; n as usize];
    for (name, shard, _, _, h) in &parsed {
        if let Some(d) = first_difference(header, h, "") {
            return Err(format!(
                "{name} and {first_name} are not shards of the same run (different {d})"
            ));
        }
        if shard.count != n {
            return Err(format!(
                "{name} is shard {shard} but {first_name} is shard {}: all shards must be i/{n}",
                parsed[0].1
            ));
        }
        if let Some(other) = seen[shard.index as usize - 1] {
            return Err(format!("{name} and {other} are both shard {shard}"));
        }
        seen[shard.index as usize - 1] = Some(name);
    }
    let missing: Vec<String> = (0..n)
        .filter(|&i| seen[i as usize].is_none())
        .map(|i| format!("{}/{n}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing shard {}", missing.join(", ")));
    }
    // Each shard holds exactly its slice of every section.
    let counts = section_counts(header)?;
    let (pairs, mirrors) = (counts.ladder.len(), counts.mirror.len());
    let mut raw = Raw {
        ladder: vec![Vec::new(); pairs],
        mirror: vec![Vec::new(); mirrors],
        ..Raw::default()
    };
    let mut timing = Timing::default();
    let mut actions = BTreeSet::new();
    for (name, shard, r, t, _) in &parsed {
        if r.ladder.len() != pairs || r.mirror.len() != mirrors {
            return Err(format!(
                "{name}: {} ladder pairs and {} mirror sections where the settings ask for {pairs} and {mirrors}",
                r.ladder.len(),
                r.mirror.len()
            ));
        }
        for ((section, indices), total) in r.indices().into_iter().zip(counts.all()) {
            let want: Vec<u64> = (0..total).filter(|&i| shard.includes(i)).collect();
            if indices != want {
                return Err(format!(
                    "{name}: the {section} games are not those of shard {shard} ({} games where {} were expected)",
                    indices.len(),
                    want.len()
                ));
            }
        }
        raw.random.extend(r.random.iter().cloned());
        for (k, l) in r.ladder.iter().enumerate() {
            raw.ladder[k].extend(l.iter().cloned());
        }
        raw.top.extend(r.top.iter().cloned());
        for (j, m) in r.mirror.iter().enumerate() {
            raw.mirror[j].extend(m.iter().cloned());
        }
        if raw.branching.len() < r.branching.len() {
            raw.branching.resize(r.branching.len(), 0);
        }
        for (b, k) in r.branching.iter().enumerate() {
            raw.branching[b] += k;
        }
        actions.extend(r.actions.iter().copied());
        timing.random_games += t.random_games;
        timing.random_plies += t.random_plies;
        timing.random_seconds += t.random_seconds;
        timing.search_games += t.search_games;
        timing.search_seconds += t.search_seconds;
        timing.wall_seconds += t.wall_seconds;
        timing.threads.extend(t.threads.iter().copied());
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

/// How many games each section of a run has.
struct SectionCounts {
    random: u64,
    ladder: Vec<u64>,
    top: u64,
    mirror: Vec<u64>,
}

impl SectionCounts {
    /// In the order of [`Raw::indices`].
    fn all(&self) -> Vec<u64> {
        let mut out = vec![self.random];
        out.extend(&self.ladder);
        out.push(self.top);
        out.extend(&self.mirror);
        out
    }
}

/// The sections a run's header asks for (as [`analyze`] plans them).
fn section_counts(header: &Value) -> Result<SectionCounts, String> {
    let s = Settings::from_json(&header["settings"])?;
    let two = header["players"].as_array().map_or(0, Vec::len) == 2;
    let search = two && s.ladder_games > 0;
    let pairs = if search {
        s.ladder.len().saturating_sub(1)
    } else {
        0
    };
    let mirrors = header["mirror_plan"]["symmetries"]
        .as_array()
        .map_or(0, Vec::len);
    Ok(SectionCounts {
        random: s.games,
        ladder: vec![s.ladder_games; pairs],
        top: if search && !s.ladder.is_empty() {
            s.ladder_games
        } else {
            0
        },
        mirror: vec![s.mirror_games; mirrors],
    })
}
