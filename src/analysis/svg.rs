//! Charts of a report as standalone SVG, written by hand: the histogram of
//! game lengths (bars), and scores with their 95% intervals (points with
//! whiskers) along the search ladder and for the mirror check.

use std::fmt::Write;

use serde_json::Value;

use crate::picture::{self, Layout, Legend, PieceSpot};

const W: f64 = 640.0;
const H: f64 = 360.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 64.0;

pub use crate::picture::escape;

fn open(title: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        W / 2.0,
        escape(title)
    );
    s
}

fn empty(title: &str, why: &str) -> String {
    let mut s = open(title);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        W / 2.0,
        H / 2.0,
        escape(why)
    );
    s.push_str("</svg>\n");
    s
}

/// A round step for about `n` ticks up to `max`.
fn tick_step(max: f64, n: f64) -> f64 {
    let raw = (max / n).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag)
}

/// The histogram of game lengths in random play.
pub fn length_histogram(report: &Value) -> String {
    let random = &report["random"];
    let n = random["games"].as_u64().unwrap_or(0);
    let title = format!("Game length in random play (plies, n = {n})");
    let bins = random["length"]["histogram"]["bins"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if bins.is_empty() {
        return empty(&title, "no games");
    }
    let mut s = open(&title);
    let most = bins
        .iter()
        .filter_map(|b| b["games"].as_u64())
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let step = tick_step(most, 5.0);
    let top = (most / step).ceil() * step;
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let y = |v: f64| TOP + ph - v / top * ph;
    let mut t = 0.0;
    while t <= top + 1e-9 {
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#ddd"/><text x="{2}" y="{3:.1}" text-anchor="end">{t}</text>"##,
            y(t),
            W - RIGHT,
            LEFT - 6.0,
            y(t) + 4.0
        );
        t += step;
    }
    let bw = pw / bins.len() as f64;
    let label_every = (bins.len() as f64 / 10.0).ceil().max(1.0) as usize;
    for (i, b) in bins.iter().enumerate() {
        let k = b["games"].as_u64().unwrap_or(0) as f64;
        let x = LEFT + i as f64 * bw;
        let from = b["from"].as_u64().unwrap_or(0);
        let to = b["to"].as_u64().unwrap_or(0);
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#4a78b0"><title>{from}-{to} plies: {k} games</title></rect>"##,
            x + 1.0,
            y(k),
            (bw - 2.0).max(1.0),
            TOP + ph - y(k)
        );
        if i % label_every == 0 {
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{from}</text>"#,
                x + bw / 2.0,
                TOP + ph + 16.0
            );
        }
    }
    let _ = writeln!(
        s,
        r##"<line x1="{LEFT}" y1="{0}" x2="{1}" y2="{0}" stroke="#333"/><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{0}" stroke="#333"/>"##,
        TOP + ph,
        W - RIGHT
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">plies (bins of {})</text>"#,
        LEFT + pw / 2.0,
        H - 24.0,
        random["length"]["histogram"]["bin_width"]
    );
    let _ = writeln!(
        s,
        r#"<text x="14" y="{}" text-anchor="middle" transform="rotate(-90 14 {})">games</text>"#,
        TOP + ph / 2.0,
        TOP + ph / 2.0
    );
    s.push_str("</svg>\n");
    s
}

/// A short label for the x axis: `mcts:100` is `100`, `reflection, axis
/// 30°` is `refl. 30°`.
fn short(s: &str) -> String {
    s.replace("mcts:", "")
        .replace("reflection, axis ", "refl. ")
        .replace("rotation ", "rot. ")
}

/// One point: label, value, interval.
struct Point {
    label: String,
    value: f64,
    lo: f64,
    hi: f64,
}

fn points_chart(title: &str, axis: &str, points: &[Point]) -> String {
    if points.is_empty() {
        return empty(title, "no games");
    }
    let mut s = open(title);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let y = |v: f64| TOP + ph - v * ph;
    for k in 0..=4 {
        let v = k as f64 / 4.0;
        let dash = if k == 2 {
            r##" stroke-dasharray="6 4" stroke="#888""##
        } else {
            r##" stroke="#ddd""##
        };
        let _ = writeln!(
            s,
            r#"<line x1="{LEFT}" y1="{0:.1}" x2="{1}" y2="{0:.1}"{dash}/><text x="{2}" y="{3:.1}" text-anchor="end">{v}</text>"#,
            y(v),
            W - RIGHT,
            LEFT - 6.0,
            y(v) + 4.0
        );
    }
    let dx = pw / points.len() as f64;
    for (i, p) in points.iter().enumerate() {
        let x = LEFT + dx * (i as f64 + 0.5);
        let _ = writeln!(
            s,
            r##"<g><title>{}: {:.3} (95% CI {:.3}-{:.3})</title><line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#b04a4a" stroke-width="2"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#b04a4a" stroke-width="2"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#b04a4a" stroke-width="2"/><circle cx="{x:.1}" cy="{:.1}" r="5" fill="#b04a4a"/></g>"##,
            escape(&p.label),
            p.value,
            p.lo,
            p.hi,
            y(p.lo),
            y(p.hi),
            x - 8.0,
            y(p.lo),
            x + 8.0,
            y(p.lo),
            x - 8.0,
            y(p.hi),
            x + 8.0,
            y(p.hi),
            y(p.value),
        );
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="11">{}</text>"#,
            TOP + ph + 16.0 + 14.0 * (i % 2) as f64,
            escape(&p.label)
        );
    }
    let _ = writeln!(
        s,
        r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{0}" stroke="#333"/>"##,
        TOP + ph
    );
    let _ = writeln!(
        s,
        r#"<text x="14" y="{}" text-anchor="middle" transform="rotate(-90 14 {})">{}</text>"#,
        TOP + ph / 2.0,
        TOP + ph / 2.0,
        escape(axis)
    );
    s.push_str("</svg>\n");
    s
}

fn point(label: String, t: &Value) -> Point {
    Point {
        label,
        value: t["score"].as_f64().unwrap_or(0.0),
        lo: t["ci95"][0].as_f64().unwrap_or(0.0),
        hi: t["ci95"][1].as_f64().unwrap_or(1.0),
    }
}

/// The stronger budget's score for each pair of the ladder, then the first
/// seat's score in self-play at the strongest budget.
pub fn ladder_chart(report: &Value) -> String {
    let l = &report["ladder"];
    let mut points = Vec::new();
    for p in l["pairs"].as_array().into_iter().flatten() {
        points.push(point(
            format!(
                "{} vs {}",
                short(p["stronger"].as_str().unwrap_or("?")),
                short(p["weaker"].as_str().unwrap_or("?"))
            ),
            &p["stronger_score"],
        ));
    }
    if l["top"]["games"].as_u64().unwrap_or(0) > 0 {
        points.push(point(
            format!(
                "seat 1, {} vs itself",
                short(l["top"]["agent"].as_str().unwrap_or("?"))
            ),
            &l["top"]["first_seat"],
        ));
    }
    points_chart(
        "Search ladder (iterations): stronger budget's score, first seat's score",
        "score (95% CI)",
        &points,
    )
}

/// The mirror's score for each symmetry.
pub fn mirror_chart(report: &Value) -> String {
    let m = &report["mirror"];
    let points: Vec<Point> = m["results"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            point(
                r["symmetry"].as_str().unwrap_or("?").to_string(),
                &r["mirror_score"],
            )
        })
        .collect();
    points_chart(
        &format!(
            "Mirror agent's score against {}",
            m["opponent"].as_str().unwrap_or("search")
        ),
        "score (95% CI)",
        &points,
    )
}

/// The board's layout and legend and the start position, as the report's
/// header keeps them.
fn board_of(report: &Value) -> Option<(Layout, Legend, Vec<PieceSpot>)> {
    let get = |k: &str| report.get(k).cloned();
    Some((
        serde_json::from_value(get("layout")?).ok()?,
        serde_json::from_value(get("legend")?).ok()?,
        serde_json::from_value(get("start")?).ok()?,
    ))
}

/// The start position.
pub fn start_picture(report: &Value) -> String {
    let title = format!("{}: the start", report["game"].as_str().unwrap_or("?"));
    match board_of(report) {
        Some((layout, legend, start)) => picture::position_from(&layout, &legend, &start, &title),
        None => empty(&title, "no board in this report"),
    }
}

/// The heat map of first actions: each cell played first shaded by the
/// rate at which the player who played there won (red above one half, blue
/// below), with the number of games and that rate.
pub fn first_actions_map(report: &Value) -> String {
    let section = &report["first_actions"];
    let title = format!(
        "First actions of {} random games: games, and the mover's wins (red over 50%, blue under)",
        section["games"].as_u64().unwrap_or(0)
    );
    let Some((layout, _, _)) = board_of(report) else {
        return empty(&title, "no board in this report");
    };
    let cells = section["cells"].as_array().cloned().unwrap_or_default();
    let mut heat: Vec<(Option<f64>, String)> = vec![(None, String::new()); layout.cells.len()];
    for c in &cells {
        let label = c["cell"].as_str().unwrap_or("");
        let Some(i) = layout.cells.iter().position(|s| s.label == label) else {
            continue;
        };
        let n = c["count"].as_u64().unwrap_or(0);
        let won = c["mover_wins"]["rate"].as_f64().unwrap_or(0.0);
        heat[i] = (Some(2.0 * won - 1.0), format!("{n}\n{:.0}%", won * 100.0));
    }
    picture::heat_map(&layout, &title, &heat)
}

/// The charts' file names, in the order of [`charts`].
pub const CHARTS: [&str; 5] = [
    "lengths.svg",
    "ladder.svg",
    "mirror.svg",
    "start.svg",
    "first-actions.svg",
];

/// Every chart: (file name, SVG).
pub fn charts(report: &Value) -> Vec<(&'static str, String)> {
    let [lengths, ladder, mirror, start, first] = CHARTS;
    vec![
        (lengths, length_histogram(report)),
        (ladder, ladder_chart(report)),
        (mirror, mirror_chart(report)),
        (start, start_picture(report)),
        (first, first_actions_map(report)),
    ]
}
