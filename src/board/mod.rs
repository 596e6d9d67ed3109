//! Board generators: a [`BoardSpec`] (shape + removed cells + extra links) is
//! turned into a [`Board`]: a petgraph graph of cells (the source of truth)
//! plus dense tables built from it for the hot path (direction table,
//! CSR adjacency lists, label lookup).
//!
//! # Cells, indices and labels
//!
//! A [`Cell`] is a dense index `0..board.len()`. Cells are always numbered in
//! rendering order: row by row from the top line, left to right.
//! Every label is `column letters` + `row number`, where the column letters
//! are `a..z, aa, ab, ..` (bijective base 26, `a` = column 0) of
//! [`CellInfo::col`] and the number is [`CellInfo::row`]` + 1`.
//! Labels are matched case-insensitively and keep their text after removals.
//!
//! ## Square boards
//!
//! `col` counts from the left (0-based), `row` from the BOTTOM (0-based), like
//! chess: `a1` is the bottom-left corner. Directions: `n e s w`, plus
//! `ne se sw nw` with diagonals (dir ids 0..4 are always the orthogonal ones).
//!
//! ```text
//!    a b c          indices:  0 1 2
//!  3 . . . 3                  3 4 5
//!  2 . . . 2                  6 7 8
//!  1 . . . 1        a1 = 6, c3 = 2, n of a1 = a2
//!    a b c
//! ```
//!
//! ## Hex boards (rhombus, hexhex, hexagon)
//!
//! Pointy-top hexagons in horizontal rows, axial coordinates `(q, r)`:
//! `r` = row from the TOP (0-based), `q` = column, 0 for the leftmost column
//! of the generated shape. Columns (constant `q`) run down-right (se).
//! Neighbours: e `(q+1, r)`, w `(q-1, r)`, ne `(q+1, r-1)`, nw `(q, r-1)`,
//! se `(q, r+1)`, sw `(q-1, r+1)`; directions are listed in the order
//! `e ne nw w sw se`. `col` = `q`, `row` = `r`, label = letter(q) + (r + 1),
//! so `a1` is the top-left corner of a rhombus, as in the game Hex.
//!
//! ```text
//!              Rhombus 3x3:                   HexHex 2 (= Hexagon [2;6]):
//!   nw ne        a b c
//!  w  ()  e    1  . . .  1    a1 b1 c1        b1  . .  c1     b1 c1
//!   sw se       2  . . .  2    a2 b2 c2      a2  . . .  c2   a2 b2 c2
//!                3  . . .  3    a3 b3 c3      a3  . .  b3     a3 b3
//!                    a b c
//! ```
//!
//! Rendering: on square boards and rhombi every row shows its number at both
//! ends, and each column letter is printed above and below the board, at the
//! point where the column (on a rhombus its down-right diagonal) enters and
//! leaves it. Hexhex and hexagon boards, whose columns start on several
//! sides, label each row with its first and last cells instead; within a row
//! the letters run on by one per cell. Positions come from the generated
//! shape, so removed cells leave blanks.
//!
//! Drawing coordinates: `y` = text line (0 = top row), `x` = text column in
//! half-cell units: square `x = 2 col`, hex `x = 2q + r` shifted so that the
//! smallest `x` of the generated shape is 0.
//!
//! ## Hexagon side lengths
//!
//! `Hexagon { sides: [a, b, c, d, e, f] }` gives the number of cells on each
//! side, clockwise from the top: a = top, b = upper-right, c = lower-right,
//! d = bottom, e = lower-left, f = upper-left. Walking around the border with
//! steps `A = a-1` east, `B = b-1` south-east, `C = c-1` south-west, `D = d-1`
//! west, `E = e-1` north-west, `F = f-1` north-east must return to the start:
//! `A + F = C + D` and `B + C = E + F` (the third equation `A + B = D + E`
//! follows). The `-1`s cancel, so the exact condition on the cell counts is:
//! **all sides >= 1, `a + b == d + e` and `b + c == e + f`** (equivalently
//! `a - d == e - b == c - f`). Sides of 1 cell are degenerate sides: e.g.
//! `[n, 1, n, 1, n, 1]` is a triangle. `HexHex { n }` == `Hexagon([n; 6])`.
//! The generated cells are `{0 <= q <= F+A, 0 <= r <= B+C, F <= q+r <= F+A+B}`;
//! `[4,3,4,3,4,3]` has rows of 4,5,6,5,4,3 cells (27 cells).
//!
//! Named sides: square and rhombus `top bottom left right`; hexhex/hexagon
//! `top top-right bottom-right bottom bottom-left top-left`. Sides and
//! corners are computed on the generated shape; removed cells simply vanish
//! from them.

mod build;
pub use build::build;
mod generate;
mod generators;
mod render;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::fmt;

use petgraph::graph::{NodeIndex, UnGraph};

/// Dense cell index `0..board.len()`.
pub use crate::ids::Cell;
pub use crate::ids::Dir;
pub use crate::ids::NO_CELL;
/// Largest number of cells a generated board may have.
pub use crate::limits::MAX_CELLS;
pub use generators::{GENERATORS, Generator, generator};

/// The geometry of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// w columns x h rows; orthogonal adjacency (dirs n e s w), plus ne se sw nw if diagonals.
    Square {
        /// Columns.
        w: u32,
        /// Rows.
        h: u32,
        /// Whether the diagonal directions (ne se sw nw) are adjacent too.
        diagonals: bool,
    },
    /// Regular hexagon of hexagonal cells with n cells per side (3n(n-1)+1 cells).
    HexHex {
        /// Cells per side.
        n: u32,
    },
    /// Rhombus of hexagons, w columns x h rows, as the game Hex is played (11x11).
    Rhombus {
        /// Columns.
        w: u32,
        /// Rows.
        h: u32,
    },
    /// Hexagon of hex cells given its six side lengths (cells per side),
    /// clockwise from the top side (see the module docs for the condition).
    Hexagon {
        /// Cells per side, clockwise from the top side.
        sides: [u32; 6],
    },
    /// Six-pointed star of hex cells: a regular hexagon with n cells per
    /// side and a triangle of n - 1 cells per side on each of its sides
    /// (6n(n-1)+1 cells; n = 5 is the 121 holes of Chinese checkers).
    Star {
        /// Cells per side of the central hexagon.
        n: u32,
    },
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Square { w, h, diagonals } => {
                write!(f, "square {w}x{h}")?;
                if *diagonals {
                    write!(f, " with diagonals")?;
                }
                Ok(())
            }
            Shape::HexHex { n } => write!(f, "hexhex {n}"),
            Shape::Rhombus { w, h } => write!(f, "rhombus {w}x{h}"),
            Shape::Hexagon { sides } => {
                let s: Vec<String> = sides.iter().map(|s| s.to_string()).collect();
                write!(f, "hexagon {}", s.join(","))
            }
            Shape::Star { n } => write!(f, "star {n}"),
        }
    }
}

/// What to build: a shape, cells to delete and extra undirected links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// The generated board's shape.
    pub shape: Shape,
    /// Labels of cells deleted after generation.
    pub remove: Vec<String>,
    /// Extra undirected adjacencies (no direction), by label.
    pub links: Vec<(String, String)>,
}

impl BoardSpec {
    /// A spec with no removals and no links.
    pub fn new(shape: Shape) -> BoardSpec {
        BoardSpec {
            shape,
            remove: Vec::new(),
            links: Vec::new(),
        }
    }
}

/// Why a board could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A dimension is zero (message says which).
    BadSize(String),
    /// Hexagon side lengths that do not close up.
    ImpossibleHexagon([u32; 6]),
    /// More than [`MAX_CELLS`] cells (count, saturated).
    TooLarge(u64),
    /// No cell left.
    Empty,
    /// A removed or linked label that is not a cell of the generated board.
    UnknownLabel(String),
    /// A link to a cell that was removed.
    LinkToRemoved(String),
    /// A link from a cell to itself.
    SelfLink(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize(m) => write!(f, "bad board size: {m}"),
            BoardError::ImpossibleHexagon(s) => write!(
                f,
                "impossible hexagon sides {},{},{},{},{},{}: with sides a..f clockwise from the top, \
                 every side needs at least 1 cell and a+b = d+e, b+c = e+f (here {} vs {}, {} vs {})",
                s[0],
                s[1],
                s[2],
                s[3],
                s[4],
                s[5],
                s[0] as u64 + s[1] as u64,
                s[3] as u64 + s[4] as u64,
                s[1] as u64 + s[2] as u64,
                s[4] as u64 + s[5] as u64
            ),
            BoardError::TooLarge(n) => {
                write!(f, "board too large: {n} cells (at most {MAX_CELLS})")
            }
            BoardError::Empty => write!(f, "empty board: no cell left"),
            BoardError::UnknownLabel(l) => write!(f, "unknown cell label \"{l}\""),
            BoardError::LinkToRemoved(l) => {
                write!(f, "cannot link cell \"{l}\": it was removed")
            }
            BoardError::SelfLink(l) => write!(f, "cannot link cell \"{l}\" to itself"),
        }
    }
}

impl std::error::Error for BoardError {}

/// A direction of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirInfo {
    /// The direction's name in game files (`n`, `ne`).
    pub name: &'static str,
    /// Degrees, counterclockwise, 0 = east.
    pub angle: i32,
}

/// A cell (graph node weight).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellInfo {
    /// The cell's name in game files and notation (`a1`).
    pub label: String,
    /// Column (0-based, `a` = 0).
    pub col: i32,
    /// Row: label number - 1 (square: from the bottom; hex: from the top).
    pub row: i32,
    /// Drawing column in half-cell units.
    pub x: i32,
    /// Drawing line (0 = top).
    pub y: i32,
}

/// A graph edge. `dir` is the direction from the edge's source to its target
/// (`graph.edge_endpoints(e)`, source is the smaller cell index); the target
/// sees the source in the opposite direction. `link` edges come from `link`;
/// a link has a direction only when it bridges a straight gap of removed
/// cells (see [`build`]), otherwise `dir: None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The direction from the source to the target; `None` for a link without
    /// a direction.
    pub dir: Option<Dir>,
    /// Whether the edge comes from a `link` rather than the shape.
    pub link: bool,
}

/// The board's graph: a node per cell, an edge per adjacency.
pub type BoardGraph = UnGraph<CellInfo, Edge>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    Square,
    Hex { xoff: i32 },
}

/// A generated board: graph plus dense lookup tables.
#[derive(Clone)]
pub struct Board {
    shape: Shape,
    layout: Layout,
    graph: BoardGraph,
    dirs: &'static [DirInfo],
    opposite: Vec<Dir>,
    /// `cell * ndirs + dir` -> neighbour or NO_CELL.
    table: Vec<u32>,
    /// CSR adjacency: neighbours of c are `adj[adj_start[c]..adj_start[c+1]]`.
    adj_start: Vec<u32>,
    adj: Vec<Cell>,
    /// Per cell, its neighbours through links without a direction.
    loose: Vec<Vec<Cell>>,
    by_label: HashMap<String, Cell>,
    side_names: &'static [&'static str],
    sides: Vec<Vec<Cell>>,
    corners: Vec<Cell>,
    links: usize,
    /// Rendering frame of the generated shape (before removals).
    frame: Frame,
}

/// Extent of the generated shape, so that removals leave holes in renderings.
#[derive(Clone, Debug)]
struct Frame {
    /// Per drawing line from `ymin`: (first x, last x, row number), if any cell.
    rows: Vec<Option<(i32, i32, i32)>>,
    ymin: i32,
    cmin: i32,
    cmax: i32,
}

impl Frame {
    fn of(cells: &[CellInfo]) -> Frame {
        let ymin = cells.iter().map(|c| c.y).min().unwrap_or(0);
        let ymax = cells.iter().map(|c| c.y).max().unwrap_or(0);
        let mut rows = vec![None; (ymax - ymin + 1) as usize];
        for c in cells {
            let r = rows[(c.y - ymin) as usize].get_or_insert((c.x, c.x, c.row + 1));
            r.0 = r.0.min(c.x);
            r.1 = r.1.max(c.x);
        }
        Frame {
            rows,
            ymin,
            cmin: cells.iter().map(|c| c.col).min().unwrap_or(0),
            cmax: cells.iter().map(|c| c.col).max().unwrap_or(0),
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("shape", &self.shape)
            .field("cells", &self.len())
            .field("edges", &self.graph.edge_count())
            .field("links", &self.links)
            .finish_non_exhaustive()
    }
}

impl Board {
    #[allow(clippy::too_many_arguments)]
    fn from_graph(
        shape: Shape,
        layout: Layout,
        graph: BoardGraph,
        dirs: &'static [DirInfo],
        side_names: &'static [&'static str],
        sides: Vec<Vec<Cell>>,
        corners: Vec<Cell>,
        links: usize,
        frame: Frame,
    ) -> Board {
        let n = graph.node_count();
        let nd = dirs.len();
        let opposite: Vec<Dir> = (0..nd)
            .map(|d| {
                let a = (dirs[d].angle + 180).rem_euclid(360);
                Dir::new(
                    dirs.iter()
                        .position(|x| x.angle == a)
                        .expect("every direction has an opposite"),
                )
            })
            .collect();
        let mut table = vec![NO_CELL; n * nd];
        let mut lists: Vec<Vec<Cell>> = vec![Vec::new(); n];
        let mut loose: Vec<Vec<Cell>> = vec![Vec::new(); n];
        for e in graph.edge_indices() {
            let (a, b) = graph.edge_endpoints(e).expect("edge exists");
            let (a, b) = (a.index(), b.index());
            if let Some(d) = graph[e].dir {
                table[a * nd + d.index()] = b as u32;
                table[b * nd + opposite[d.index()].index()] = a as u32;
            } else {
                loose[a].push(Cell::new(b));
                loose[b].push(Cell::new(a));
            }
            lists[a].push(Cell::new(b));
            lists[b].push(Cell::new(a));
        }
        let mut adj_start = Vec::with_capacity(n + 1);
        let mut adj = Vec::new();
        adj_start.push(0);
        for mut l in lists {
            l.sort_unstable();
            l.dedup();
            adj.extend_from_slice(&l);
            adj_start.push(adj.len() as u32);
        }
        let by_label = graph
            .node_indices()
            .map(|i| (graph[i].label.to_ascii_lowercase(), Cell::new(i.index())))
            .collect();
        Board {
            shape,
            layout,
            graph,
            dirs,
            opposite,
            table,
            adj_start,
            adj,
            loose,
            by_label,
            side_names,
            sides,
            corners,
            links,
            frame,
        }
    }

    /// The shape this board was generated from.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Whether the cells are hexagons (rows offset by half a cell), not squares.
    pub fn is_hex(&self) -> bool {
        matches!(self.layout, Layout::Hex { .. })
    }

    /// The cell graph. Node `i` is cell `i`; see [`Edge`] for edge directions.
    pub fn graph(&self) -> &BoardGraph {
        &self.graph
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    /// Always false (empty boards are rejected by [`build`]).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The board's directions; a [`Dir`] indexes this slice.
    pub fn dirs(&self) -> &[DirInfo] {
        self.dirs
    }

    /// Number of directions.
    pub fn ndirs(&self) -> usize {
        self.dirs.len()
    }

    /// The neighbour of `c` in direction `d`.
    #[inline]
    pub fn neighbor(&self, c: Cell, d: Dir) -> Option<Cell> {
        let n = self.table[c.index() * self.dirs.len() + d.index()];
        if n == NO_CELL {
            None
        } else {
            Some(Cell::new(n as usize))
        }
    }

    /// The flat direction table: entry `c * ndirs() + d` is the neighbour of
    /// `c` in direction `d`, or [`NO_CELL`].
    pub fn neighbor_table(&self) -> &[u32] {
        &self.table
    }

    /// All cells adjacent to `c` (directional and link edges), sorted, no duplicates.
    #[inline]
    pub fn neighbors(&self, c: Cell) -> &[Cell] {
        let c = c.index();
        &self.adj[self.adj_start[c] as usize..self.adj_start[c + 1] as usize]
    }

    /// The neighbours of `c` through links that have no direction (a link
    /// across a gap has one, see [`build`]).
    #[inline]
    pub fn undirected_links(&self, c: Cell) -> &[Cell] {
        &self.loose[c.index()]
    }

    /// Direction by name (exact, lowercase: "n", "ne", ...).
    pub fn dir_by_name(&self, name: &str) -> Option<Dir> {
        self.dirs.iter().position(|d| d.name == name).map(Dir::new)
    }

    /// The direction whose angle is `d`'s angle + `degrees` (mod 360), if the board has one.
    pub fn rotate(&self, d: Dir, degrees: i32) -> Option<Dir> {
        let a = (self.dirs[d.index()].angle + degrees.rem_euclid(360)).rem_euclid(360);
        self.dirs.iter().position(|x| x.angle == a).map(Dir::new)
    }

    /// One step in direction `d` as (columns, rows) of the cells'
    /// coordinates ([`CellInfo::col`], [`CellInfo::row`]): rows count up on
    /// square boards and down on hex boards (whose columns are slanted).
    pub fn dir_vector(&self, d: Dir) -> (i32, i32) {
        match self.layout {
            Layout::Square => generate::SQUARE_VECS[d.index()],
            Layout::Hex { .. } => generate::HEX_VECS[d.index()],
        }
    }

    /// The opposite direction.
    pub fn opposite(&self, d: Dir) -> Dir {
        self.opposite[d.index()]
    }

    /// The cell's data.
    pub fn cell(&self, c: Cell) -> &CellInfo {
        &self.graph[NodeIndex::new(c.index())]
    }

    /// The cell's label ("a1").
    pub fn label(&self, c: Cell) -> &str {
        &self.cell(c).label
    }

    /// Cell by label, case-insensitive.
    pub fn cell_by_label(&self, label: &str) -> Option<Cell> {
        if label.bytes().any(|b| b.is_ascii_uppercase()) {
            self.by_label.get(&label.to_ascii_lowercase()).copied()
        } else {
            self.by_label.get(label).copied()
        }
    }

    /// Number of link edges (extra adjacencies without direction).
    pub fn link_count(&self) -> usize {
        self.links
    }

    /// All cells, in index order.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Cell> + use<> {
        (0..self.len()).map(Cell::new)
    }

    /// All cells.
    pub fn all(&self) -> Vec<Cell> {
        self.cells().collect()
    }

    /// Cells with no neighbour in direction `d` (by the direction table only).
    pub fn edge(&self, d: Dir) -> Vec<Cell> {
        self.cells()
            .filter(|&c| self.neighbor(c, d).is_none())
            .collect()
    }

    /// Names accepted by [`Board::side`].
    pub fn side_names(&self) -> &[&str] {
        self.side_names
    }

    /// The cells on a named side of the generated shape (corners are on both
    /// sides), or None for an unknown name.
    pub fn side(&self, name: &str) -> Option<Vec<Cell>> {
        let i = self
            .side_names
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))?;
        Some(self.sides[i].clone())
    }

    /// The corners of the generated shape that were not removed.
    pub fn corners(&self) -> Vec<Cell> {
        self.corners.clone()
    }

    /// Cells whose label number is `k` (1-based).
    pub fn row(&self, k: usize) -> Vec<Cell> {
        self.cells()
            .filter(|&c| self.cell(c).row as i64 + 1 == k as i64)
            .collect()
    }

    /// Cells of the `k`-th column (1-based: `a` = 1).
    pub fn column(&self, k: usize) -> Vec<Cell> {
        self.cells()
            .filter(|&c| self.cell(c).col as i64 + 1 == k as i64)
            .collect()
    }

    /// Cells of a column given by its letters ("a", "AB") or 1-based number ("3").
    pub fn column_by_name(&self, name: &str) -> Option<Vec<Cell>> {
        let k = match name.parse::<usize>() {
            Ok(k) => k,
            Err(_) => column_index(name)? + 1,
        };
        Some(self.column(k))
    }

    /// Columns and rows the cells span (their largest coordinates, plus
    /// 1).
    pub fn extent(&self) -> (i32, i32) {
        self.cells().fold((0, 0), |(w, h), c| {
            let info = self.cell(c);
            (w.max(info.col + 1), h.max(info.row + 1))
        })
    }

    /// A short readable description: shape, counts, degree histogram.
    pub fn summary(&self) -> String {
        let mut s = format!("board: {}\ncells: {}\n", self.shape, self.len());
        let per_dir: Vec<String> = (0..self.ndirs())
            .map(|d| {
                let k = self
                    .cells()
                    .filter(|&c| self.neighbor(c, Dir::new(d)).is_some())
                    .count();
                format!("{}: {k}", self.dirs[d].name)
            })
            .collect();
        s += &format!("direction steps: {}\n", per_dir.join(", "));
        s += &format!(
            "edges: {} ({} links)\n",
            self.graph.edge_count(),
            self.links
        );
        let h: Vec<String> = self
            .degree_histogram()
            .iter()
            .map(|(d, k)| format!("degree {d}: {k}"))
            .collect();
        s += &format!("degrees: {}\n", h.join(", "));
        s
    }

    /// Degree histogram: `(degree, number of cells)` sorted by degree.
    pub fn degree_histogram(&self) -> Vec<(usize, usize)> {
        let mut counts = Vec::new();
        for c in self.cells() {
            let d = self.neighbors(c).len();
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        counts
            .into_iter()
            .enumerate()
            .filter(|&(_, k)| k > 0)
            .collect()
    }
}

/// Column letters of a 0-based column: 0 -> "a", 25 -> "z", 26 -> "aa".
pub fn column_letters(mut i: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

/// 0-based column of column letters ("a" -> 0, "aa" -> 26), case-insensitive.
pub fn column_index(letters: &str) -> Option<usize> {
    if letters.is_empty() || letters.len() > 6 {
        return None;
    }
    let mut v: usize = 0;
    for b in letters.bytes() {
        if !b.is_ascii_alphabetic() {
            return None;
        }
        v = v * 26 + (b.to_ascii_lowercase() - b'a') as usize + 1;
    }
    Some(v - 1)
}
