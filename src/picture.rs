//! The position as an SVG picture, drawn from the board graph's own
//! coordinates, so every board family (square, rhombus, hexhex, hexagon, cut
//! and linked boards) is drawn by the same code: cells as squares or
//! hexagons, `link` edges as dashed lines, pieces as discs in their owner's
//! colour (neutral pieces as diamonds in their kind's colour), a letter for
//! the kind when a player owns several, marks as small rings, the cells of
//! the last action outlined, and coordinates beyond the edges.

use std::fmt::Write;

use petgraph::visit::EdgeRef;

use crate::engine::{Action, Game, State};

/// Pixels from one cell's centre to the next along a row.
const UNIT: f64 = 40.0;
/// Room around the cells for the coordinates, and above them for the title.
const MARGIN: f64 = 36.0;
const TITLE: f64 = 28.0;

/// Colours for players and neutral kinds whose name is not a colour.
const PALETTE: &[&str] = &[
    "#1f1f1f", "#f5f5f0", "#c0392b", "#2e6fbf", "#2f9e44", "#e6a817", "#8e44ad", "#16a2b8",
];
/// Colours of marks, in declaration order.
const MARK_COLOURS: &[&str] = &["#e8590c", "#2b8a3e", "#1971c2", "#c2255c", "#6741d9"];
/// Names that are drawn in their own colour.
const NAMED_COLOURS: &[(&str, &str)] = &[
    ("black", "#1f1f1f"),
    ("white", "#f5f5f0"),
    ("red", "#c0392b"),
    ("blue", "#2e6fbf"),
    ("green", "#2f9e44"),
    ("yellow", "#f1c40f"),
    ("orange", "#e67e22"),
    ("purple", "#8e44ad"),
];

/// The fill for a player or a neutral kind called `name`, else `PALETTE[i]`.
fn colour(name: &str, i: usize) -> &'static str {
    NAMED_COLOURS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map_or(PALETTE[i % PALETTE.len()], |(_, c)| c)
}

/// Black or white, whichever reads on `fill`.
fn ink_on(fill: &str) -> &'static str {
    let dark = ["#1f1f1f", "#2e6fbf", "#8e44ad", "#c0392b", "#2f9e44"];
    if dark.contains(&fill) {
        "#ffffff"
    } else {
        "#000000"
    }
}

/// `text` with the characters XML reserves escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The cells an action names: its cell, or a move's two ends.
fn action_cells(a: Action) -> Vec<usize> {
    match (a.cell(), a.move_cells()) {
        (Some(c), _) => vec![c],
        (None, Some((from, to))) => vec![from, to],
        (None, None) => Vec::new(),
    }
}

/// Draws the position `st` of `game` as a standalone SVG document, with
/// `caption` above the board and the cells of `last` (the action that led
/// here, if any) outlined.
pub fn svg(game: &Game, st: &State, last: Option<Action>, caption: &str) -> String {
    let board = game.board();
    let hex = board.is_hex();
    // Rows of hexagons interlock: they are closer than a cell's width.
    let row_step = if hex { UNIT * 3f64.sqrt() / 2.0 } else { UNIT };
    let cells = board.len();
    let xs: Vec<f64> = (0..cells)
        .map(|c| board.cell(c).x as f64 * UNIT / 2.0)
        .collect();
    let ys: Vec<f64> = (0..cells)
        .map(|c| board.cell(c).y as f64 * row_step)
        .collect();
    let fold = |v: &[f64], f: fn(f64, f64) -> f64, init: f64| v.iter().copied().fold(init, f);
    let (x0, x1) = (fold(&xs, f64::min, f64::MAX), fold(&xs, f64::max, f64::MIN));
    let (y0, y1) = (fold(&ys, f64::min, f64::MAX), fold(&ys, f64::max, f64::MIN));
    let left = MARGIN + UNIT / 2.0 - x0;
    let top = TITLE + MARGIN + UNIT / 2.0 - y0;
    let pos = |c: usize| (xs[c] + left, ys[c] + top);
    // Wide enough for the caption too (about 8 pixels a character).
    let width =
        (x1 - x0 + UNIT + 2.0 * MARGIN).max(caption.chars().count() as f64 * 8.0 + 2.0 * MARGIN);
    let height = y1 - y0 + UNIT + 2.0 * MARGIN + TITLE;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(caption));
    let _ = writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#ffffff"/><text x="{:.1}" y="20" font-size="15">{}</text>"##,
        MARGIN,
        escape(caption)
    );

    // Cells, then links above them, then marks, pieces and the last action.
    out.push_str(r##"<g class="cells" fill="#e9d8a6" stroke="#7a6a48">"##);
    out.push('\n');
    for c in 0..cells {
        let (x, y) = pos(c);
        let label = escape(board.label(c));
        if hex {
            let r = UNIT / 3f64.sqrt();
            let points: Vec<String> = (0..6)
                .map(|k| {
                    let a = (30.0 + 60.0 * k as f64).to_radians();
                    format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                })
                .collect();
            let _ = writeln!(
                out,
                r#"<polygon class="cell" data-cell="{label}" points="{}"/>"#,
                points.join(" ")
            );
        } else {
            let h = UNIT / 2.0;
            let _ = writeln!(
                out,
                r#"<rect class="cell" data-cell="{label}" x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}"/>"#,
                x - h,
                y - h
            );
        }
    }
    let _ = writeln!(out, "</g>");
    for e in board.graph().edge_references() {
        if e.weight().dir.is_none() {
            let (a, b) = (pos(e.source().index()), pos(e.target().index()));
            let _ = writeln!(
                out,
                r##"<line class="link" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#7a6a48" stroke-width="2" stroke-dasharray="5 4"/>"##,
                a.0, a.1, b.0, b.1
            );
        }
    }
    coordinates(&mut out, game, &pos);

    let players = game.rules.players.len();
    let owned_kinds = game.rules.neutral.iter().filter(|n| !**n).count();
    for c in 0..cells {
        let (x, y) = pos(c);
        for (m, name) in game.rules.marks.iter().enumerate() {
            if game.has_mark(st, c, m) {
                let r = UNIT * (0.44 - 0.05 * m as f64);
                let _ = writeln!(
                    out,
                    r#"<circle class="mark" data-mark="{}" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{}" stroke-width="3"/>"#,
                    escape(name),
                    MARK_COLOURS[m % MARK_COLOURS.len()]
                );
            }
        }
        let Some((kind, owner)) = game.piece_at(st, c) else {
            continue;
        };
        let kind_name = &game.rules.pieces[kind];
        let r = UNIT * 0.34;
        let fill = if owner == players {
            colour(kind_name, kind + 2)
        } else {
            colour(&game.rules.players[owner], owner)
        };
        let data = format!(
            r#"class="piece" data-owner="{}" data-kind="{}""#,
            escape(
                game.rules
                    .players
                    .get(owner)
                    .map_or("neutral", String::as_str)
            ),
            escape(kind_name)
        );
        if owner == players {
            let _ = writeln!(
                out,
                r##"<polygon {data} points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="#333"/>"##,
                x,
                y - r * 1.2,
                x + r * 1.2,
                y,
                x,
                y + r * 1.2,
                x - r * 1.2,
                y
            );
        } else {
            let _ = writeln!(
                out,
                r##"<circle {data} cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="#333"/>"##
            );
        }
        if owner < players && owned_kinds > 1 {
            let letter = kind_name.chars().next().unwrap_or('?').to_ascii_uppercase();
            let _ = writeln!(
                out,
                r#"<text x="{x:.1}" y="{:.1}" font-size="15" text-anchor="middle" fill="{}">{}</text>"#,
                y + 5.0,
                ink_on(fill),
                escape(&letter.to_string())
            );
        }
    }
    if let Some(a) = last {
        for c in action_cells(a) {
            let (x, y) = pos(c);
            let _ = writeln!(
                out,
                r##"<circle class="last" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#ff3b30" stroke-width="3"/>"##,
                UNIT * 0.46
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Column letters beyond the lowest cell of each column and row numbers
/// beyond the leftmost cell of each row, so that every family of board is
/// labelled on its edges, cut and hexagonal ones included.
fn coordinates(out: &mut String, game: &Game, pos: &dyn Fn(usize) -> (f64, f64)) {
    let board = game.board();
    let mut lowest: std::collections::BTreeMap<i32, usize> = Default::default();
    let mut leftmost: std::collections::BTreeMap<i32, usize> = Default::default();
    for c in 0..board.len() {
        let info = board.cell(c);
        let low = lowest.entry(info.col).or_insert(c);
        if pos(c).1 > pos(*low).1 {
            *low = c;
        }
        let first = leftmost.entry(info.row).or_insert(c);
        if pos(c).0 < pos(*first).0 {
            *first = c;
        }
    }
    let _ = writeln!(
        out,
        r##"<g class="coordinates" font-size="13" fill="#555" text-anchor="middle">"##
    );
    // One step further down the column: straight down on a square board,
    // down and to the right on a hex one, whose columns lean.
    let (dx, dy) = if board.is_hex() {
        (UNIT / 2.0, UNIT * 3f64.sqrt() / 2.0)
    } else {
        (0.0, UNIT)
    };
    for (&col, &c) in &lowest {
        let (x, y) = pos(c);
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            x + dx * 0.8,
            y + dy * 0.8 + 5.0,
            crate::board::column_letters(col.max(0) as usize)
        );
    }
    for (&row, &c) in &leftmost {
        let (x, y) = pos(c);
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            x - UNIT * 0.8,
            y + 5.0,
            row + 1
        );
    }
    let _ = writeln!(out, "</g>");
}
