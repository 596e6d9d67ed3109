//! The position as an SVG picture, drawn from the board graph's own
//! coordinates, so every board family (square, rhombus, hexhex, hexagon, cut
//! and linked boards) is drawn by the same code: cells as squares or
//! hexagons, `link` edges as dashed lines, pieces as discs in their owner's
//! colour (neutral pieces as diamonds in their kind's colour), a letter for
//! the kind when a player owns several, marks as small rings, the cells of
//! the last action outlined, and coordinates beyond the edges.

use crate::ids::{Cell, Player};
use std::fmt::Write;

use petgraph::visit::EdgeRef;
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::engine::{Action, Game, State};

/// Pixels from one cell's centre to the next along a row.
const UNIT: f64 = 40.0;
/// Room around the cells for the coordinates, and above them for the title.
const MARGIN: f64 = 36.0;
const TITLE: f64 = 28.0;
/// About the width of a caption's character, and the widest caption line.
const CAPTION_CHAR: f64 = 8.0;
const MAX_CAPTION: f64 = 480.0;

/// Colours for players and neutral kinds whose name is not a colour.
const PALETTE: &[&str] = &[
    "#1f1f1f", "#f5f5f0", "#c0392b", "#2e6fbf", "#2f9e44", "#e6a817", "#8e44ad", "#16a2b8",
];
/// The colour of a cell.
const CELL_FILL: &str = "#e9d8a6";
/// Light and dark squares, where the game's `picture` says `checkered`.
const LIGHT_FILL: &str = "#f0d9b5";
const DARK_FILL: &str = "#b58863";
/// A cell the viewer does not see (`svg_as`).
const UNSEEN_FILL: &str = "#b9b3a3";
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
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The cells an action names: its cell, or a move's two ends.
fn action_cells(a: Action) -> Vec<usize> {
    match (a.cell(), a.move_cells()) {
        (Some(c), _) => vec![c.index()],
        (None, Some((from, to))) => vec![from.index(), to.index()],
        (None, None) => Vec::new(),
    }
}

/// Where the cells of a board are drawn: enough to draw it without the
/// board itself (an analysis report carries it, so `gdl merge` can draw).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// Hexagonal cells (rows offset by half a cell), else squares.
    pub hex: bool,
    /// The cells, in the board's cell order.
    pub cells: Vec<Spot>,
    /// `link` edges, by cell index.
    pub links: Vec<[usize; 2]>,
}

/// One cell: its label, column and row, and drawing position (half-cell
/// units across, lines down).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spot {
    /// The cell's label (`a1`).
    pub label: String,
    /// Column, from 0 (`a`).
    pub col: i32,
    /// Row: the label's number - 1.
    pub row: i32,
    /// Drawing column, in half-cell units.
    pub x: i32,
    /// Drawing line, from 0 at the top.
    pub y: i32,
}

impl Layout {
    /// The layout of a board.
    pub fn of(board: &Board) -> Layout {
        Layout {
            hex: board.is_hex(),
            cells: (0..board.len())
                .map(|c| {
                    let i = board.cell(Cell::new(c));
                    Spot {
                        label: i.label.clone(),
                        col: i.col,
                        row: i.row,
                        x: i.x,
                        y: i.y,
                    }
                })
                .collect(),
            links: board
                .graph()
                .edge_references()
                .filter(|e| e.weight().link)
                .map(|e| [e.source().index(), e.target().index()])
                .collect(),
        }
    }
}

/// Who and what the pieces can be: the players and kinds (their colours
/// come from their names or their order), and whether a player's pieces need
/// a letter for their kind (a player owns several kinds).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Legend {
    /// The players' names, in turn order.
    pub players: Vec<String>,
    /// The piece kinds' names.
    pub kinds: Vec<String>,
    /// Whether pieces get a letter for their kind (more than one kind belongs
    /// to players).
    pub letters: bool,
    /// Each kind's symbol, as the game's position text writes it (`K`,
    /// `+P`); empty in reports written before it was kept, whose pictures
    /// derive a letter from each kind's name.
    #[serde(default)]
    pub symbols: Vec<String>,
    /// Each kind's glyph from the game's `picture` (`♚`), drawn in its
    /// owner's colour in place of a disc; `None` for a disc.
    #[serde(default)]
    pub glyphs: Vec<Option<String>>,
    /// The glyphs are written on the discs, as letters are.
    #[serde(default)]
    pub discs: bool,
}

impl Legend {
    /// The legend of a game.
    pub fn of(game: &Game) -> Legend {
        Legend {
            players: game.rules.players.clone(),
            kinds: game.rules.pieces.clone(),
            letters: game.rules.neutral.iter().filter(|n| !**n).count() > 1,
            symbols: game.rules.position_text.letters.clone(),
            glyphs: game.rules.picture.glyphs.clone(),
            discs: game.rules.picture.discs,
        }
    }
}

/// The fill of cell `c`: light and dark squares where the game's picture
/// is `checkered` (dark where `dark` holds: a1), else the board's colour.
fn cell_fill(game: &Game, c: usize) -> &'static str {
    if !game.rules.picture.checkered {
        return CELL_FILL;
    }
    let info = game.board().cell(Cell::new(c));
    match (info.col + info.row).rem_euclid(2) == 0 {
        true => DARK_FILL,
        false => LIGHT_FILL,
    }
}

/// A piece on a cell: its owner's name (`None` for a neutral piece) and kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceSpot {
    /// The cell, by index.
    pub cell: usize,
    /// The owner's name, or `None` for a neutral piece.
    pub owner: Option<String>,
    /// The kind's name.
    pub kind: String,
}

/// The pieces of a position.
pub fn pieces(game: &Game, st: &State) -> Vec<PieceSpot> {
    let players = &game.rules.players;
    (0..game.board().len())
        .filter_map(|c| {
            game.piece_at(st, Cell::new(c)).map(|p| PieceSpot {
                cell: c,
                owner: p.owner.map(|o| players[o.index()].clone()),
                kind: game.rules.pieces[p.kind.index()].clone(),
            })
        })
        .collect()
}

/// A board's drawing area: each cell's centre in pixels, and the size.
struct Canvas<'a> {
    layout: &'a Layout,
    pos: Vec<(f64, f64)>,
    width: f64,
    height: f64,
}

impl<'a> Canvas<'a> {
    fn new(layout: &'a Layout, caption: &str) -> Canvas<'a> {
        // Rows of hexagons interlock: they are closer than a cell's width.
        let row_step = if layout.hex {
            UNIT * 3f64.sqrt() / 2.0
        } else {
            UNIT
        };
        let raw: Vec<(f64, f64)> = layout
            .cells
            .iter()
            .map(|s| (s.x as f64 * UNIT / 2.0, s.y as f64 * row_step))
            .collect();
        let min = |f: fn(&(f64, f64)) -> f64| raw.iter().map(f).fold(f64::MAX, f64::min);
        let max = |f: fn(&(f64, f64)) -> f64| raw.iter().map(f).fold(f64::MIN, f64::max);
        let (x0, x1, y0, y1) = (min(|p| p.0), max(|p| p.0), min(|p| p.1), max(|p| p.1));
        let (left, top) = (MARGIN + UNIT / 2.0 - x0, TITLE + MARGIN + UNIT / 2.0 - y0);
        // Wide enough for the caption too (about 8 pixels a character), up
        // to a limit: a longer caption is cut (it is whole in the title).
        let width = (x1 - x0 + UNIT + 2.0 * MARGIN)
            .max((caption.chars().count() as f64 * CAPTION_CHAR).min(MAX_CAPTION) + 2.0 * MARGIN);
        Canvas {
            layout,
            pos: raw.iter().map(|&(x, y)| (x + left, y + top)).collect(),
            width,
            height: y1 - y0 + UNIT + 2.0 * MARGIN + TITLE,
        }
    }

    /// The document's opening, the caption, and the cells filled by `fill`
    /// with the links and the coordinates above them.
    fn open(&self, caption: &str, fill: &dyn Fn(usize) -> String) -> String {
        let (w, h) = (self.width, self.height);
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}" font-family="sans-serif">"#
        );
        let _ = writeln!(out, "<title>{}</title>", escape(caption));
        let room = ((self.width - 2.0 * MARGIN) / CAPTION_CHAR) as usize;
        let shown: String = if caption.chars().count() > room {
            let cut: String = caption.chars().take(room.saturating_sub(1)).collect();
            format!("{cut}…")
        } else {
            caption.to_string()
        };
        let _ = writeln!(
            out,
            r##"<rect width="100%" height="100%" fill="#ffffff"/><text x="{MARGIN:.1}" y="20" font-size="15">{}</text>"##,
            escape(&shown)
        );
        out.push_str("<g class=\"cells\" stroke=\"#7a6a48\">\n");
        for (c, spot) in self.layout.cells.iter().enumerate() {
            let (x, y) = self.pos[c];
            let label = escape(&spot.label);
            let fill = fill(c);
            if self.layout.hex {
                let r = UNIT / 3f64.sqrt();
                let points: Vec<String> = (0..6)
                    .map(|k| {
                        let a = (30.0 + 60.0 * k as f64).to_radians();
                        format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    r#"<polygon class="cell" data-cell="{label}" fill="{fill}" points="{}"/>"#,
                    points.join(" ")
                );
            } else {
                let h = UNIT / 2.0;
                let _ = writeln!(
                    out,
                    r#"<rect class="cell" data-cell="{label}" fill="{fill}" x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}"/>"#,
                    x - h,
                    y - h
                );
            }
        }
        out.push_str("</g>\n");
        for &[a, b] in &self.layout.links {
            let (a, b) = (self.pos[a], self.pos[b]);
            let _ = writeln!(
                out,
                r##"<line class="link" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#7a6a48" stroke-width="2" stroke-dasharray="5 4"/>"##,
                a.0, a.1, b.0, b.1
            );
        }
        self.coordinates(&mut out);
        out
    }

    /// Discs for the players' pieces (a letter for the kind when a player
    /// owns several), diamonds for neutral ones.
    fn pieces(&self, out: &mut String, legend: &Legend, pieces: &[PieceSpot]) {
        let (players, kinds) = (&legend.players, &legend.kinds);
        let letters: Vec<String> = match legend.symbols.len() == kinds.len() {
            true => legend.symbols.clone(),
            false => crate::rules::kind_letters(kinds),
        };
        for p in pieces {
            let (x, y) = self.pos[p.cell];
            let r = UNIT * 0.34;
            let kind_index = kinds.iter().position(|k| *k == p.kind).unwrap_or(0);
            let data = format!(
                r#"class="piece" data-owner="{}" data-kind="{}""#,
                escape(p.owner.as_deref().unwrap_or("neutral")),
                escape(&p.kind)
            );
            match &p.owner {
                None => {
                    let fill = colour(&p.kind, kind_index + 2);
                    let d = r * 1.2;
                    let _ = writeln!(
                        out,
                        r##"<polygon {data} points="{x:.1},{:.1} {:.1},{y:.1} {x:.1},{:.1} {:.1},{y:.1}" fill="{fill}" stroke="#333"/>"##,
                        y - d,
                        x + d,
                        y + d,
                        x - d
                    );
                }
                Some(owner) => {
                    let index = players.iter().position(|q| q == owner).unwrap_or(0);
                    let fill = colour(owner, index);
                    let glyph = legend.glyphs.get(kind_index).and_then(|g| g.as_ref());
                    if let Some(glyph) = glyph.filter(|_| !legend.discs) {
                        // One symbol asks for its text form (U+FE0E), not an
                        // emoji's; the outline under the fill keeps a white
                        // piece on a light square in view.
                        let text_form = if glyph.chars().count() == 1 {
                            "\u{FE0E}"
                        } else {
                            ""
                        };
                        let size = if glyph.chars().count() == 1 { 32 } else { 15 };
                        let _ = writeln!(
                            out,
                            r##"<text {data} x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="middle" dominant-baseline="central" fill="{fill}" stroke="#222" stroke-width="1.5" paint-order="stroke">{}{text_form}</text>"##,
                            escape(glyph)
                        );
                        continue;
                    }
                    let _ = writeln!(
                        out,
                        r##"<circle {data} cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="#333"/>"##
                    );
                    if legend.letters || glyph.is_some() {
                        let letter = glyph.unwrap_or(&letters[kind_index]);
                        // Two characters (`+P`) in a smaller type.
                        let size = if letter.chars().count() > 1 { 12 } else { 15 };
                        let _ = writeln!(
                            out,
                            r#"<text x="{x:.1}" y="{:.1}" font-size="{size}" text-anchor="middle" fill="{}">{}</text>"#,
                            y + 5.0,
                            ink_on(fill),
                            escape(letter)
                        );
                    }
                }
            }
        }
    }

    /// Column letters beyond the lowest cell of each column and row numbers
    /// beyond the leftmost cell of each row, so that every family of board is
    /// labelled on its edges, cut and hexagonal ones included.
    fn coordinates(&self, out: &mut String) {
        let pos = |c: usize| self.pos[c];
        let mut lowest: std::collections::BTreeMap<i32, usize> = Default::default();
        let mut leftmost: std::collections::BTreeMap<i32, usize> = Default::default();
        for (c, info) in self.layout.cells.iter().enumerate() {
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
        let (dx, dy) = if self.layout.hex {
            (UNIT / 2.0, UNIT * 3f64.sqrt() / 2.0)
        } else {
            (0.0, UNIT)
        };
        let numbers: Vec<(i32, (f64, f64))> = leftmost
            .iter()
            .map(|(&row, &c)| (row, (pos(c).0 - UNIT * 0.8, pos(c).1 + 5.0)))
            .collect();
        for (&col, &c) in &lowest {
            let (x, y) = pos(c);
            // A column that ends just above a row's number (the lower
            // points of a star) has its letter one step further down.
            let near = |p: (f64, f64)| {
                numbers
                    .iter()
                    .any(|(_, n)| (n.0 - p.0).abs() < UNIT * 0.6 && (n.1 - p.1).abs() < UNIT * 0.5)
            };
            let mut at = (x + dx * 0.8, y + dy * 0.8 + 5.0);
            if near(at) {
                at = (x + dx * 1.6, y + dy * 1.6 + 5.0);
            }
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                at.0,
                at.1,
                crate::board::column_letters(col.max(0) as usize)
            );
        }
        for (row, at) in &numbers {
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                at.0,
                at.1,
                row + 1
            );
        }
        let _ = writeln!(out, "</g>");
    }
}

/// Draws the position `st` of `game` as a standalone SVG document, with
/// `caption` above the board and the cells of `last` (the action that led
/// here, if any) outlined.
pub fn svg(game: &Game, st: &State, last: Option<Action>, caption: &str) -> String {
    let layout = Layout::of(game.board());
    let marks: Vec<(usize, usize)> = (0..layout.cells.len())
        .flat_map(|c| {
            (0..game.rules.declared_marks())
                .filter(move |&m| game.has_mark(st, Cell::new(c), m))
                .map(move |m| (c, m))
        })
        .collect();
    let canvas = Canvas::new(&layout, caption);
    let mut out = canvas.open(caption, &|c| cell_fill(game, c).to_string());
    // Lines drawn between cells, under the marks and pieces.
    for (i, kind) in game.rules.lines.iter().enumerate() {
        for (a, b) in game.lines_drawn(st, i) {
            let ((x1, y1), (x2, y2)) = (canvas.pos[a.index()], canvas.pos[b.index()]);
            let _ = writeln!(
                out,
                r##"<line class="line" data-line="{}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}" stroke-width="4"/>"##,
                escape(&kind.name),
                MARK_COLOURS[i % MARK_COLOURS.len()]
            );
        }
    }
    for &(c, m) in &marks {
        let (x, y) = canvas.pos[c];
        let _ = writeln!(
            out,
            r#"<circle class="mark" data-mark="{}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{}" stroke-width="3"/>"#,
            escape(&game.rules.marks[m]),
            UNIT * (0.44 - 0.05 * m as f64),
            MARK_COLOURS[m % MARK_COLOURS.len()]
        );
    }
    // `check KIND`: a glow under that kind where another player attacks it.
    if let Some(kind) = game.rules.picture.check {
        for c in 0..layout.cells.len() {
            let piece = game.piece_at(st, Cell::new(c));
            let Some(owner) = piece
                .filter(|p| p.kind.index() == kind)
                .and_then(|p| p.owner)
            else {
                continue;
            };
            if !game.attackers(st, c, owner).is_empty() {
                let (x, y) = canvas.pos[c];
                let _ = writeln!(
                    out,
                    r##"<circle class="check" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#ff3b30" fill-opacity="0.55"/>"##,
                    UNIT * 0.46
                );
            }
        }
    }
    canvas.pieces(&mut out, &Legend::of(game), &pieces(game, st));
    // Counters: each cell's count, where no piece hides it.
    if game.rules.counters.is_some() {
        for c in 0..layout.cells.len() {
            let n = game.tally(st, Cell::new(c));
            if n > 0 && game.piece_at(st, Cell::new(c)).is_none() {
                let (x, y) = canvas.pos[c];
                let _ = writeln!(
                    out,
                    r##"<text class="count" x="{x:.1}" y="{:.1}" font-size="18" text-anchor="middle" fill="#333">{n}</text>"##,
                    y + 6.0
                );
            }
        }
    }
    // Stacks: the height of each stack of two or more, beside its piece.
    if game.has_stacks() {
        for c in 0..layout.cells.len() {
            let h = game.height(st, Cell::new(c));
            if h > 1 {
                let (x, y) = canvas.pos[c];
                let _ = writeln!(
                    out,
                    r##"<text class="height" x="{:.1}" y="{:.1}" font-size="15" font-weight="bold" text-anchor="middle" fill="#c00">{h}</text>"##,
                    x + UNIT * 0.3,
                    y - UNIT * 0.22
                );
            }
        }
    }
    for c in last.map(action_cells).unwrap_or_default() {
        let (x, y) = canvas.pos[c];
        let _ = writeln!(
            out,
            r##"<circle class="last" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#ff3b30" stroke-width="3"/>"##,
            UNIT * 0.46
        );
    }
    out.push_str("</svg>\n");
    out
}

/// What `viewer` sees of `st` in a game with `view`: the pieces on the
/// cells it sees; each other cell greyed with a `?` (class `unseen`); no
/// marks, lines or last action. The whole position without `view`.
pub fn svg_as(game: &Game, st: &State, viewer: Player, caption: &str) -> String {
    let Some(seen) = game.view_cells(st, viewer) else {
        return svg(game, st, None, caption);
    };
    let layout = Layout::of(game.board());
    let canvas = Canvas::new(&layout, caption);
    let fill = |c: usize| match seen.contains(c) {
        true => cell_fill(game, c).to_string(),
        false => UNSEEN_FILL.to_string(),
    };
    let mut out = canvas.open(caption, &fill);
    let shown: Vec<PieceSpot> = (pieces(game, st).into_iter())
        .filter(|p| seen.contains(p.cell))
        .collect();
    canvas.pieces(&mut out, &Legend::of(game), &shown);
    for c in (0..layout.cells.len()).filter(|&c| !seen.contains(c)) {
        let (x, y) = canvas.pos[c];
        let _ = writeln!(
            out,
            r##"<text class="unseen" x="{x:.1}" y="{:.1}" font-size="18" text-anchor="middle" fill="#555">?</text>"##,
            y + 6.0
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A position drawn from a layout and its pieces alone (as a report keeps
/// its start position).
pub fn position_from(
    layout: &Layout,
    legend: &Legend,
    pieces: &[PieceSpot],
    caption: &str,
) -> String {
    let canvas = Canvas::new(layout, caption);
    let mut out = canvas.open(caption, &|_| CELL_FILL.to_string());
    canvas.pieces(&mut out, legend, pieces);
    out.push_str("</svg>\n");
    out
}

/// A heat map: each cell shaded by `heat[c].0`, from -1 (blue) through 0
/// (white) to 1 (red), or left grey (`None`), and labelled with the lines
/// of `heat[c].1` (one or two short ones fit).
pub fn heat_map(layout: &Layout, caption: &str, heat: &[(Option<f64>, String)]) -> String {
    let canvas = Canvas::new(layout, caption);
    let shade = |c: usize| match heat.get(c).and_then(|h| h.0) {
        None => "#eeeeee".to_string(),
        Some(v) => {
            let v = v.clamp(-1.0, 1.0);
            let fade = |to: f64| 255.0 - (255.0 - to) * v.abs();
            let (r, g, b) = if v >= 0.0 {
                (fade(214.0), fade(39.0), fade(40.0))
            } else {
                (fade(31.0), fade(119.0), fade(180.0))
            };
            format!("#{:02x}{:02x}{:02x}", r as u8, g as u8, b as u8)
        }
    };
    let mut out = canvas.open(caption, &shade);
    for (c, (_, text)) in heat.iter().enumerate().take(layout.cells.len()) {
        let (x, y) = canvas.pos[c];
        let lines: Vec<&str> = text.lines().collect();
        for (k, line) in lines.iter().enumerate() {
            let dy = (k as f64 - (lines.len() as f64 - 1.0) / 2.0) * 11.0 + 3.5;
            let _ = writeln!(
                out,
                r#"<text class="heat" x="{x:.1}" y="{:.1}" font-size="10" text-anchor="middle">{}</text>"#,
                y + dy,
                escape(line)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}
