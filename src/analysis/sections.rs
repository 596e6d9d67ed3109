//! The report's sections, computed from the header and the raw records.

use serde_json::{Value, json};

use super::header::mcts;
use super::{MIRROR_NOTES, RANDOM_NOTES, RandomGame, Raw, Settings, Z95};
use crate::agent::{self, AgentSpec, GameRecord, MatchReport, Tally};
use crate::engine::GameResult;

/// Rounds to 4 decimals, so that reports do not depend on the last bits of
/// floating-point functions.
fn r4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4 + 0.0
}

/// A count among `n` as a rate with its 95% interval.
fn rate_json(count: u64, n: u64) -> Value {
    let p = if n == 0 { 0.0 } else { count as f64 / n as f64 };
    let (lo, hi) = agent::wilson(p, n, Z95);
    json!({"count": count, "of": n, "rate": r4(p), "ci95": [r4(lo), r4(hi)]})
}

fn tally_json(t: &Tally) -> Value {
    t.to_json(r4)
}
// ------------------------------------------------------------ the report

/// Histogram bins: the narrowest width of 1, 2, 5, 10, 20, 50, ... that
/// needs at most 20 bins, starting at a multiple of the width.
fn histogram(values: &[u32]) -> Value {
    let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
        return json!({"bin_width": 1, "bins": []});
    };
    let (min, max) = (min as u64, max as u64);
    let mut width = 1u64;
    let mut k = 0;
    loop {
        let lo = min / width * width;
        if (max - lo) / width < 20 {
            break;
        }
        k += 1;
        width = [1, 2, 5][k % 3] * 10u64.pow(k as u32 / 3);
    }
    let lo = min / width * width;
    let nbins = ((max - lo) / width + 1) as usize;
    let mut counts = vec![0u64; nbins];
    for &v in values {
        counts[((v as u64 - lo) / width) as usize] += 1;
    }
    let bins: Vec<Value> = counts
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let from = lo + i as u64 * width;
            json!({"from": from, "to": from + width - 1, "games": n})
        })
        .collect();
    json!({"bin_width": width, "bins": bins})
}

fn random_section(players: &[String], raw: &Raw) -> Value {
    let games = &raw.random;
    let n = games.len() as u64;
    if n == 0 {
        return json!({"games": 0});
    }
    let count = |f: &dyn Fn(&RandomGame) -> bool| games.iter().filter(|g| f(g)).count() as u64;
    let seats: Vec<Value> = (0..players.len())
        .map(|s| {
            let mut v = rate_json(count(&|g| g.winner_seat == Some(s)), n);
            v["seat"] = json!(s + 1);
            v
        })
        .collect();
    let by_player: Vec<Value> = players
        .iter()
        .enumerate()
        .map(|(p, name)| {
            let mut v = rate_json(count(&|g| g.result == Some(GameResult::Win(p as u8))), n);
            v["player"] = json!(name);
            v
        })
        .collect();
    let lengths: Vec<u32> = games.iter().map(|g| g.plies).collect();
    let total: u64 = lengths.iter().map(|&l| l as u64).sum();
    let mean = total as f64 / n as f64;
    let sd = if n > 1 {
        (lengths
            .iter()
            .map(|&l| (l as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1) as f64)
            .sqrt()
    } else {
        0.0
    };
    let plies: u64 = raw.branching.iter().sum();
    // Wide enough for any merged counts (each shard's fits in 64 bits).
    let legal: u128 = raw
        .branching
        .iter()
        .enumerate()
        .map(|(b, &k)| b as u128 * u128::from(k))
        .sum();
    let mean_b = if plies == 0 {
        0.0
    } else {
        legal as f64 / plies as f64
    };
    let path: f64 = raw
        .branching
        .iter()
        .enumerate()
        .filter(|&(b, &k)| b > 0 && k > 0)
        .map(|(b, &k)| k as f64 * (b as f64).log10())
        .sum::<f64>()
        / n as f64;
    let bd = if mean_b > 0.0 {
        mean * mean_b.log10()
    } else {
        0.0
    };
    json!({
        "games": n,
        "by_seat": seats,
        "draws": rate_json(count(&|g| g.result == Some(GameResult::Draw)), n),
        "unfinished": rate_json(count(&|g| g.result.is_none()), n),
        "by_player": by_player,
        "seats_swapped": rate_json(count(&|g| g.swapped), n),
        "length": {
            "games": n,
            "mean": r4(mean),
            "sd": r4(sd),
            "min": lengths.iter().min(),
            "max": lengths.iter().max(),
            "histogram": histogram(&lengths),
        },
        "branching": {"plies": plies, "mean": r4(mean_b)},
        "distinct_actions": {"games": n, "count": raw.actions.len()},
        "tree_size": {
            "games": n,
            "log10_path": r4(path),
            "log10_b_pow_d": r4(bd),
        },
        "notes": RANDOM_NOTES,
    })
}

fn match_report(agents: [AgentSpec; 2], games: Vec<GameRecord>) -> MatchReport {
    MatchReport {
        agents,
        seed: 0,
        games,
        search: [None, None],
    }
}

/// Where a score's 95% interval lies: `above` or `below` one half,
/// `unclear` when it contains it.
fn verdict(t: &Tally) -> &'static str {
    let (lo, hi) = t.interval();
    if t.games == 0 {
        "no games"
    } else if lo > 0.5 {
        "above"
    } else if hi < 0.5 {
        "below"
    } else {
        "unclear"
    }
}

fn ladder_section(players: usize, settings: &Settings, raw: &Raw) -> Value {
    if players != 2 {
        return json!({"skipped": "the ladder needs a game of 2 players"});
    }
    if settings.ladder_games == 0 || settings.ladder.is_empty() {
        return json!({"skipped": "no ladder games asked for"});
    }
    let ladder = &settings.ladder;
    let pairs: Vec<Value> = raw
        .ladder
        .iter()
        .enumerate()
        .map(|(k, games)| {
            let r = match_report([mcts(ladder[k]), mcts(ladder[k + 1])], games.clone());
            let stronger = r.tally(1, None);
            let v = match verdict(&stronger) {
                "above" => "the stronger budget scores more (95% CI above 0.5)",
                "below" => "the weaker budget scores more (95% CI below 0.5)",
                "unclear" => "no clear difference at this sample size (95% CI contains 0.5)",
                other => other,
            };
            json!({
                "weaker": mcts(ladder[k]).to_string(),
                "stronger": mcts(ladder[k + 1]).to_string(),
                "games": games.len(),
                "stronger_score": tally_json(&stronger),
                "stronger_in_seat1": tally_json(&r.tally(1, Some(0))),
                "stronger_in_seat2": tally_json(&r.tally(1, Some(1))),
                "first_seat": tally_json(&r.seat_tally(0)),
                "verdict": v,
            })
        })
        .collect();
    let top = *ladder.last().expect("a ladder");
    let r = match_report([mcts(top), mcts(top)], raw.top.clone());
    let first = r.seat_tally(0);
    let mean_len = if raw.top.is_empty() {
        0.0
    } else {
        raw.top.iter().map(|g| g.plies as f64).sum::<f64>() / raw.top.len() as f64
    };
    let v = match verdict(&first) {
        "above" => "the first seat scores more (95% CI above 0.5)",
        "below" => "the second seat scores more (95% CI below 0.5)",
        "unclear" => "no clear seat advantage at this sample size (95% CI contains 0.5)",
        other => other,
    };
    json!({
        "budgets": ladder,
        "games_per_pair": settings.ladder_games,
        "pairs": pairs,
        "top": {
            "agent": mcts(top).to_string(),
            "games": raw.top.len(),
            "first_seat": tally_json(&first),
            "mean_length": r4(mean_len),
            "seats_swapped": rate_json(raw.top.iter().filter(|g| g.swapped).count() as u64, raw.top.len() as u64),
            "verdict": v,
        },
    })
}

fn mirror_section(header: &Value, settings: &Settings, raw: &Raw) -> Value {
    let plan = &header["mirror_plan"];
    if let Some(why) = plan["skipped"].as_str() {
        return json!({"skipped": why});
    }
    let syms = &header["symmetry"]["symmetries"];
    let tested: Vec<u64> = plan["symmetries"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let opponent = mcts(settings.mirror_budget);
    let results: Vec<Value> = tested
        .iter()
        .zip(&raw.mirror)
        .map(|(&j, games)| {
            let sym = &syms[j as usize];
            let records: Vec<GameRecord> = games.iter().map(|g| g.record.clone()).collect();
            let r = match_report([AgentSpec::Random, opponent], records);
            let score = r.tally(0, None);
            let v = match verdict(&score) {
                "above" => "copying wins here (95% CI above 0.5): look for a mirror strategy",
                "below" => "copying loses (95% CI below 0.5)",
                "unclear" => "no clear result at this sample size (95% CI contains 0.5)",
                other => other,
            };
            json!({
                "symmetry": sym["name"],
                "regions": sym["regions"],
                "games": games.len(),
                "mirror_score": tally_json(&score),
                "mirror_in_seat1": tally_json(&r.tally(0, Some(0))),
                "mirror_in_seat2": tally_json(&r.tally(0, Some(1))),
                "mirrored": rate_json(
                    games.iter().map(|g| g.mirrored as u64).sum(),
                    games.iter().map(|g| g.actions as u64).sum(),
                ),
                "verdict": v,
            })
        })
        .collect();
    json!({
        "opponent": opponent.to_string(),
        "games_per_symmetry": settings.mirror_games,
        "fallback": "random",
        "method": MIRROR_NOTES,
        "results": results,
    })
}

/// The report's deterministic part, from the header and the records of
/// every game.
pub fn report(header: &Value, raw: &Raw) -> Value {
    let players: Vec<String> = header["players"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|p| p.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let settings = Settings::from_json(&header["settings"]).unwrap_or_else(|_| Settings::new(0));
    let mut v = header.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("mirror_plan");
    }
    v["random"] = random_section(&players, raw);
    v["ladder"] = ladder_section(players.len(), &settings, raw);
    v["mirror"] = mirror_section(header, &settings, raw);
    v
}
