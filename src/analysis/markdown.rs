//! The report for people: Markdown rendered from the report's JSON (so a
//! merged run and a single run, having the same JSON, read the same). The
//! machine-dependent timing comes last, under `## Timing`.

use std::fmt::Write;

use serde_json::Value;

/// A number as given, or `-`.
fn num(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => "-".into(),
    }
}

fn f3(v: &Value) -> String {
    v.as_f64().map_or("-".into(), |x| format!("{x:.3}"))
}

fn f1(v: &Value) -> String {
    v.as_f64().map_or("-".into(), |x| format!("{x:.1}"))
}

fn ci(v: &Value) -> String {
    format!("{}–{}", f3(&v["ci95"][0]), f3(&v["ci95"][1]))
}

/// `0.523 (0.492–0.554, n = 1000)` for a rate or a score.
fn rate_text(v: &Value) -> String {
    let (value, n) = if v.get("score").is_some() {
        (&v["score"], &v["games"])
    } else {
        (&v["rate"], &v["of"])
    };
    format!("{} ({}, n = {})", f3(value), ci(v), num(n))
}

/// `W-L-D` of a tally, with the unfinished games among the draws noted.
fn wld(t: &Value) -> String {
    let mut s = format!(
        "{}-{}-{}",
        num(&t["wins"]),
        num(&t["losses"]),
        num(&t["draws"])
    );
    if t["unfinished"].as_u64().unwrap_or(0) > 0 {
        let _ = write!(s, " ({} unfinished)", num(&t["unfinished"]));
    }
    s
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(num).collect())
        .unwrap_or_default()
}

/// The title line's game: `Hex (size=11, swap=on)`.
pub fn title(r: &Value) -> String {
    let name = r["game"].as_str().unwrap_or("?").to_string();
    let opts: Vec<String> = r["options"]
        .as_object()
        .map(|o| o.iter().map(|(k, v)| format!("{k}={}", num(v))).collect())
        .unwrap_or_default();
    if opts.is_empty() {
        name
    } else {
        format!("{name} ({})", opts.join(", "))
    }
}

/// Renders the report.
pub fn render(r: &Value) -> String {
    let mut s = String::new();
    let set = &r["settings"];
    let _ = writeln!(s, "# Analysis of {}\n", title(r));
    let ladder: Vec<String> = strs(&set["ladder"])
        .iter()
        .map(|b| format!("mcts:{b}"))
        .collect();
    let _ = writeln!(
        s,
        "`gdl analyze`, gdl {}, seed {}: {} random games; search ladder {} with {} games per pair; \
         mirror check with {} games per symmetry against mcts:{}.\n",
        num(&r["gdl_version"]),
        num(&set["seed"]),
        num(&set["games"]),
        if ladder.is_empty() {
            "none".to_string()
        } else {
            ladder.join(", ")
        },
        num(&set["ladder_games"]),
        num(&set["mirror_games"]),
        num(&set["mirror_budget"]),
    );
    let b = &r["board"];
    let _ = writeln!(
        s,
        "Board: {}, {} cells, {} edges. Players: {}. A game still running after {} plies stops as unfinished.\n",
        num(&b["shape"]),
        num(&b["cells"]),
        num(&b["edges"]),
        strs(&r["players"]).join(", "),
        num(&r["ply_limit"]),
    );
    let _ = writeln!(
        s,
        "Every rate is given with its 95% Wilson score interval and its sample size n. A score counts \
         a win 1 and a draw 1/2; unfinished games count as draws. Seat 1 is the seat that moves first; \
         with the pie rule a win goes to the seat that controls the winning player at the end.\n"
    );
    random(&mut s, &r["random"]);
    first_actions(&mut s, &r["first_actions"]);
    ladder_md(&mut s, &r["ladder"]);
    perfect(&mut s, &r["perfect_play"]);
    symmetries(&mut s, &r["symmetry"]);
    mirror(&mut s, &r["mirror"]);
    timing(&mut s, &r["timing"]);
    s
}

fn random(s: &mut String, v: &Value) {
    let n = num(&v["games"]);
    let _ = writeln!(s, "## Random play\n");
    if v["games"].as_u64().unwrap_or(0) == 0 {
        let _ = writeln!(s, "No random games.\n");
        return;
    }
    let _ = writeln!(
        s,
        "{n} games of uniformly random legal actions.\n\n\
         | result | games | rate | 95% CI |\n| --- | ---: | ---: | --- |"
    );
    let row = |s: &mut String, label: &str, x: &Value| {
        let _ = writeln!(
            s,
            "| {label} | {} | {} | {} |",
            num(&x["count"]),
            f3(&x["rate"]),
            ci(x)
        );
    };
    for seat in v["by_seat"].as_array().into_iter().flatten() {
        let label = match seat["seat"].as_u64() {
            Some(1) => "seat 1 (moves first) wins".to_string(),
            Some(k) => format!("seat {k} wins"),
            None => "?".into(),
        };
        row(s, &label, seat);
    }
    row(s, "draw", &v["draws"]);
    row(s, "unfinished", &v["unfinished"]);
    let _ = writeln!(
        s,
        "\nBy player (colour), whichever seat controlled it:\n\n\
         | player | wins | rate | 95% CI |\n| --- | ---: | ---: | --- |"
    );
    for p in v["by_player"].as_array().into_iter().flatten() {
        row(s, &num(&p["player"]), p);
    }
    let swaps = &v["seats_swapped"];
    if swaps["count"].as_u64().unwrap_or(0) > 0 {
        let _ = writeln!(
            s,
            "\nThe seats exchanged players (the pie rule's swap, or a swap effect) in {} of {n} games: {}.",
            num(&swaps["count"]),
            rate_text(swaps)
        );
    }
    let l = &v["length"];
    let _ = writeln!(
        s,
        "\n### Game length\n\nIn plies (every action is a ply), over {n} games.\n\n\
         | mean | SD | min | max |\n| ---: | ---: | ---: | ---: |\n| {} | {} | {} | {} |\n",
        f1(&l["mean"]),
        f1(&l["sd"]),
        num(&l["min"]),
        num(&l["max"])
    );
    let bins = l["histogram"]["bins"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let most = bins
        .iter()
        .filter_map(|b| b["games"].as_u64())
        .max()
        .unwrap_or(1)
        .max(1);
    let _ = writeln!(s, "| plies | games | |\n| --- | ---: | --- |");
    for bin in &bins {
        let k = bin["games"].as_u64().unwrap_or(0);
        let bar = "█".repeat(((k * 30).div_ceil(most)) as usize);
        let range = if bin["from"] == bin["to"] {
            num(&bin["from"])
        } else {
            format!("{}–{}", num(&bin["from"]), num(&bin["to"]))
        };
        let _ = writeln!(s, "| {range} | {k} | {bar} |");
    }
    let br = &v["branching"];
    let t = &v["tree_size"];
    let _ = writeln!(
        s,
        "\n### Branching and game-tree size\n\n\
         - Branching factor: {} legal actions per ply, the mean over all {} plies of the {n} games.\n\
         - Distinct actions played: {} (different actions, by kind and cell, over the {n} games).\n\
         - Game-tree size, path estimate: 10^{} (log10 of the product of the branching factors along \
         a game, averaged over the {n} games).\n\
         - Game-tree size, b^d estimate: 10^{} (mean branching to the power of the mean length).\n",
        f1(&br["mean"]),
        num(&br["plies"]),
        num(&v["distinct_actions"]["count"]),
        f1(&t["log10_path"]),
        f1(&t["log10_b_pow_d"]),
    );
}

/// The cells most often played first, with the mover's win rate; the
/// whole board is in `first-actions.svg` (and the start in `start.svg`).
fn first_actions(s: &mut String, v: &Value) {
    const SHOWN: usize = 10;
    let _ = writeln!(
        s,
        "## First actions
"
    );
    let mut cells = v["cells"].as_array().cloned().unwrap_or_default();
    if cells.is_empty() {
        let _ = writeln!(
            s,
            "No random game made an action on a cell.
"
        );
        return;
    }
    cells.sort_by_key(|c| std::cmp::Reverse(c["count"].as_u64().unwrap_or(0)));
    let _ = writeln!(
        s,
        "Where the {} random games that acted on a cell did so first (a move counts at its \
         destination), and how often the player who played there won; the {} most played of {} \
         cells (all of them in `first-actions.svg`; the start position in `start.svg`).\n",
        num(&v["games"]),
        SHOWN.min(cells.len()),
        cells.len()
    );
    let _ = writeln!(
        s,
        "| cell | games | mover's wins (95% CI) |\n|---|---:|---|"
    );
    for c in cells.iter().take(SHOWN) {
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            num(&c["cell"]),
            num(&c["count"]),
            rate_text(&c["mover_wins"])
        );
    }
    s.push('\n');
}

fn ladder_md(s: &mut String, v: &Value) {
    let _ = writeln!(s, "## Search ladder\n");
    if let Some(why) = v["skipped"].as_str() {
        let _ = writeln!(s, "Skipped: {why}.\n");
        return;
    }
    let pairs = v["pairs"].as_array().cloned().unwrap_or_default();
    if !pairs.is_empty() {
        let _ = writeln!(
            s,
            "MCTS with more iterations per action against the next budget down, {} games per pair, \
             seats alternated.\n\n\
             | stronger | weaker | games | stronger's score | 95% CI | W-L-D | as seat 1 | as seat 2 | verdict |\n\
             | --- | --- | ---: | ---: | --- | --- | ---: | ---: | --- |",
            num(&v["games_per_pair"])
        );
        for p in &pairs {
            let t = &p["stronger_score"];
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                num(&p["stronger"]),
                num(&p["weaker"]),
                num(&p["games"]),
                f3(&t["score"]),
                ci(t),
                wld(t),
                f3(&p["stronger_in_seat1"]["score"]),
                f3(&p["stronger_in_seat2"]["score"]),
                num(&p["verdict"]),
            );
        }
        let _ = writeln!(s);
    }
    let top = &v["top"];
    let first = &top["first_seat"];
    let _ = writeln!(
        s,
        "Self-play at the strongest budget, {}: the first seat scores {}, {} (W-L-D); mean length {} plies; \
         {}.\n",
        num(&top["agent"]),
        rate_text(first),
        wld(first),
        f1(&top["mean_length"]),
        num(&top["verdict"]),
    );
}

/// A value with its sign and four decimals, or `-`.
fn signed(v: &Value) -> String {
    v.as_f64().map_or("-".into(), |x| format!("{x:+.4}"))
}

/// A probability as a percentage with two decimals, or `-`.
fn percent(v: &Value) -> String {
    v.as_f64()
        .map_or("-".into(), |x| format!("{:.2}%", 100.0 * x))
}

fn perfect(s: &mut String, v: &Value) {
    let _ = writeln!(
        s,
        "## Perfect play
"
    );
    if let Some(why) = v["skipped"].as_str() {
        let _ = writeln!(
            s,
            "Skipped: {why}.
"
        );
        return;
    }
    let _ = writeln!(
        s,
        "Every player playing its best from the start, chance averaged by its probabilities \
         (expectimax over every reachable position: {} positions, {} decided by chance; the values {} \
         after {} sweeps). A value is the expected return: 1 a win, -1 a loss (-1/(n-1) with n \
         players), 0 a draw or a game that never ends.\n\n\
         | seat | player | value | wins |\n| ---: | --- | ---: | ---: |",
        num(&v["positions"]),
        num(&v["chance_positions"]),
        if v["settled"] == true {
            "settled"
        } else {
            "did not settle"
        },
        num(&v["sweeps"]),
    );
    for seat in v["seats"].as_array().cloned().unwrap_or_default() {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            num(&seat["seat"]),
            num(&seat["player"]),
            signed(&seat["value"]),
            percent(&seat["wins"]),
        );
    }
    let _ = writeln!(
        s,
        "\nDraws {}; never ends {}.\n",
        percent(&v["draw"]),
        percent(&v["endless"])
    );
    let firsts = v["first_actions"].as_array().cloned().unwrap_or_default();
    if !firsts.is_empty() {
        let listed: Vec<String> = (firsts.iter())
            .map(|f| format!("{} {}", num(&f["action"]), signed(&f["value"])))
            .collect();
        let _ = writeln!(
            s,
            "First actions, best first for the player to move (at most {}): {}.\n",
            super::perfect::FIRST_ACTIONS_LISTED,
            listed.join(", ")
        );
    }
    for n in strs(&v["notes"]) {
        let _ = writeln!(s, "Note: {n}.\n");
    }
}

fn symmetries(s: &mut String, v: &Value) {
    let _ = writeln!(s, "## Symmetries\n");
    let list = v["symmetries"].as_array().cloned().unwrap_or_default();
    let _ = writeln!(
        s,
        "{} symmetries, the identity included. Found as {}.\n",
        list.len(),
        num(&v["method"])
    );
    if !v["player_regions"].as_bool().unwrap_or(false) {
        let _ = writeln!(
            s,
            "The rules give the players no cell sets of their own, so every symmetry preserves them.\n"
        );
    }
    let _ = writeln!(
        s,
        "| # | symmetry | players' regions | fixed cells | notes |\n| ---: | --- | --- | --- | --- |"
    );
    for sym in &list {
        let fixed = match (&sym["axis_through"], &sym["centre"]) {
            (Value::Array(a), _) if a.len() == 2 => format!(
                "{} (axis through {} and {})",
                num(&sym["fixed_cells"]),
                num(&a[0]),
                num(&a[1])
            ),
            (_, Value::String(c)) => format!("1 ({c})"),
            _ => num(&sym["fixed_cells"]),
        };
        let regions = if sym["regions"] == "swapped" {
            let map: Vec<String> = sym["player_map"]
                .as_object()
                .map(|m| {
                    m.iter()
                        .filter(|(k, v)| v.as_str() != Some(k.as_str()))
                        .map(|(k, v)| format!("{k} → {}", num(v)))
                        .collect()
                })
                .unwrap_or_default();
            format!("swapped ({})", map.join(", "))
        } else {
            "preserved".into()
        };
        let notes = strs(&sym["notes"]).join("; ");
        let _ = writeln!(
            s,
            "| {} | {} | {regions} | {fixed} | {notes} |",
            sym["index"].as_u64().map_or(0, |i| i + 1),
            num(&sym["name"]),
        );
    }
    let _ = writeln!(s);
}

fn mirror(s: &mut String, v: &Value) {
    let _ = writeln!(s, "## Mirror check\n");
    if let Some(why) = v["skipped"].as_str() {
        let _ = writeln!(s, "Skipped: {why}.\n");
        return;
    }
    let _ = writeln!(
        s,
        "A mirror agent against {}, {} games per symmetry, seats alternated. How it plays: {}. \
         Copying should not be a winning strategy: a mirror score well above 0.5 points to one.\n\n\
         | symmetry | regions | games | mirror's score | 95% CI | W-L-D | as seat 1 | as seat 2 | actions mirrored | verdict |\n\
         | --- | --- | ---: | ---: | --- | --- | ---: | ---: | --- | --- |",
        num(&v["opponent"]),
        num(&v["games_per_symmetry"]),
        num(&v["method"]),
    );
    for r in v["results"].as_array().into_iter().flatten() {
        let t = &r["mirror_score"];
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            num(&r["symmetry"]),
            num(&r["regions"]),
            num(&r["games"]),
            f3(&t["score"]),
            ci(t),
            wld(t),
            f3(&r["mirror_in_seat1"]["score"]),
            f3(&r["mirror_in_seat2"]["score"]),
            rate_text(&r["mirrored"]),
            num(&r["verdict"]),
        );
    }
    let _ = writeln!(s);
}

fn timing(s: &mut String, v: &Value) {
    if v.is_null() {
        return;
    }
    let threads = strs(&v["threads"]);
    let _ = writeln!(
        s,
        "## Timing (machine-dependent)\n\n\
         - Random games: {:.0} games/s and {:.0} plies/s per thread, with the statistics \
         (`gdl bench` measures bare playouts).\n\
         - Games with search: {} games in {:.1} s of thread time.\n\
         - Wall clock: {:.1} s on {} thread(s){}.",
        v["random_games_per_sec"].as_f64().unwrap_or(0.0),
        v["random_plies_per_sec"].as_f64().unwrap_or(0.0),
        num(&v["search_games"]),
        v["search_seconds"].as_f64().unwrap_or(0.0),
        v["wall_seconds"].as_f64().unwrap_or(0.0),
        threads.join(" + "),
        if threads.len() > 1 {
            format!(", summed over {} shards", threads.len())
        } else {
            String::new()
        },
    );
}
