//! Shape generators: cells with coordinates, direction vectors, sides and corners.

use std::collections::HashMap;

use super::{BoardError, CellInfo, DirInfo, Layout, MAX_CELLS, Shape, column_letters};

pub(super) const SQUARE_DIRS: [DirInfo; 8] = [
    DirInfo {
        name: "n",
        angle: 90,
    },
    DirInfo {
        name: "e",
        angle: 0,
    },
    DirInfo {
        name: "s",
        angle: 270,
    },
    DirInfo {
        name: "w",
        angle: 180,
    },
    DirInfo {
        name: "ne",
        angle: 45,
    },
    DirInfo {
        name: "se",
        angle: 315,
    },
    DirInfo {
        name: "sw",
        angle: 225,
    },
    DirInfo {
        name: "nw",
        angle: 135,
    },
];
/// (dcol, drow) with row counted upwards.
pub(super) const SQUARE_VECS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

pub(super) const HEX_DIRS: [DirInfo; 6] = [
    DirInfo {
        name: "e",
        angle: 0,
    },
    DirInfo {
        name: "ne",
        angle: 60,
    },
    DirInfo {
        name: "nw",
        angle: 120,
    },
    DirInfo {
        name: "w",
        angle: 180,
    },
    DirInfo {
        name: "sw",
        angle: 240,
    },
    DirInfo {
        name: "se",
        angle: 300,
    },
];
/// (dq, dr) with r counted downwards.
pub(super) const HEX_VECS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

const FOUR_SIDES: [&str; 4] = ["top", "bottom", "left", "right"];
const SIX_SIDES: [&str; 6] = [
    "top",
    "top-right",
    "bottom-right",
    "bottom",
    "bottom-left",
    "top-left",
];

pub(super) struct Generated {
    /// In index order; `col`/`row` are the generator's coordinates.
    pub cells: Vec<CellInfo>,
    /// (col, row) -> index in `cells`.
    pub coords: HashMap<(i32, i32), usize>,
    pub dirs: &'static [DirInfo],
    /// (dcol, drow) per direction.
    pub dir_vecs: &'static [(i32, i32)],
    pub layout: Layout,
    pub side_names: &'static [&'static str],
    /// One list per side name (indices into `cells`).
    pub sides: Vec<Vec<usize>>,
    pub corners: Vec<usize>,
}

fn check_count(n: u64) -> Result<(), BoardError> {
    if n > MAX_CELLS as u64 {
        Err(BoardError::TooLarge(n))
    } else {
        Ok(())
    }
}

pub(super) fn generate(shape: &Shape) -> Result<Generated, BoardError> {
    match *shape {
        Shape::Square { w, h, diagonals } => {
            if w == 0 || h == 0 {
                return Err(BoardError::BadSize(format!(
                    "square board {w}x{h}: width and height must be at least 1"
                )));
            }
            check_count(w as u64 * h as u64)?;
            Ok(square(w as i32, h as i32, diagonals))
        }
        Shape::Rhombus { w, h } => {
            if w == 0 || h == 0 {
                return Err(BoardError::BadSize(format!(
                    "rhombus board {w}x{h}: width and height must be at least 1"
                )));
            }
            check_count(w as u64 * h as u64)?;
            let (qmax, rmax) = (w as i32 - 1, h as i32 - 1);
            let corners = [(0, 0), (qmax, 0), (0, rmax), (qmax, rmax)];
            Ok(hex_region(
                qmax,
                rmax,
                0,
                qmax + rmax,
                &FOUR_SIDES,
                &corners,
                |q, r, _| {
                    // top bottom left right
                    [r == 0, r == rmax, q == 0, q == qmax, false, false]
                },
            ))
        }
        Shape::HexHex { n } => {
            let n = side("hexhex", n)?;
            check_count(3 * n * (n - 1) + 1)?;
            hexagon([n as u32; 6])
        }
        Shape::Hexagon { sides } => hexagon(sides),
        Shape::Star { n } => {
            let n = side("star", n)?;
            check_count(6 * n * (n - 1) + 1)?;
            Ok(star(n as i32 - 1))
        }
    }
}

/// A hexagonal shape's side: at least 1 cell, and not beyond the cell limit
/// (the cell count itself is checked by the caller).
fn side(shape: &str, n: u32) -> Result<u64, BoardError> {
    if n == 0 {
        return Err(BoardError::BadSize(format!(
            "{shape} 0: need at least 1 cell per side"
        )));
    }
    if n as usize > MAX_CELLS {
        return Err(BoardError::TooLarge(u64::MAX));
    }
    Ok(u64::from(n))
}

/// The star whose points are triangles of `m` cells per side around a
/// hexagon of `m + 1`: the cells of a hexagon of side `2m + 1` (`0 <= q, r
/// <= 4m`, `2m <= q + r <= 6m`) whose cube coordinates about the centre
/// (`x = q - 2m`, `z = r - 2m`, `y = -x - z`) are all at most `m` (one
/// big triangle) or all at least `-m` (the other). Its sides are its six
/// points (the triangles beyond the hexagon), clockwise from the top, and
/// its corners the points' tips.
fn star(m: i32) -> Generated {
    let cube = |q: i32, r: i32| {
        let (x, z) = (q - 2 * m, r - 2 * m);
        (x, -x - z, z)
    };
    let on_star = |q: i32, r: i32| {
        let (x, y, z) = cube(q, r);
        (q + r >= 2 * m && q + r <= 6 * m) && (x.max(y).max(z) <= m || x.min(y).min(z) >= -m)
    };
    // Smallest 2q + r over the shape, to make drawing x start at 0.
    let xoff = (0..=4 * m)
        .flat_map(|r| (0..=4 * m).map(move |q| (q, r)))
        .filter(|&(q, r)| on_star(q, r))
        .map(|(q, r)| 2 * q + r)
        .min()
        .unwrap_or(0);
    let mut cells = Vec::new();
    let mut coords = HashMap::new();
    let mut sides = vec![Vec::new(); SIX_SIDES.len()];
    for r in 0..=4 * m {
        for q in 0..=4 * m {
            if !on_star(q, r) {
                continue;
            }
            let (x, y, z) = cube(q, r);
            // top top-right bottom-right bottom bottom-left top-left
            let on = [z < -m, x > m, y < -m, z > m, x < -m, y > m];
            push_hex_cell(&mut cells, &mut coords, &mut sides, (q, r), xoff, on);
        }
    }
    // The tips, clockwise from the top, as (x, z) about the centre.
    let tips = [
        (m, -2 * m),
        (2 * m, -m),
        (m, m),
        (-m, 2 * m),
        (-2 * m, m),
        (-m, -m),
    ];
    let mut corners: Vec<usize> = tips
        .iter()
        .map(|&(x, z)| coords[&(x + 2 * m, z + 2 * m)])
        .collect();
    corners.dedup();
    Generated {
        cells,
        coords,
        dirs: &HEX_DIRS,
        dir_vecs: &HEX_VECS,
        layout: Layout::Hex { xoff },
        side_names: &SIX_SIDES,
        sides,
        corners,
    }
}

fn square(w: i32, h: i32, diagonals: bool) -> Generated {
    let mut cells = Vec::with_capacity((w * h) as usize);
    let mut coords = HashMap::new();
    for y in 0..h {
        let row = h - 1 - y;
        for col in 0..w {
            coords.insert((col, row), cells.len());
            cells.push(CellInfo {
                label: format!("{}{}", column_letters(col as usize), row + 1),
                col,
                row,
                x: 2 * col,
                y,
            });
        }
    }
    let idx = |col: i32, row: i32| ((h - 1 - row) * w + col) as usize;
    let sides = vec![
        (0..w).map(|c| idx(c, h - 1)).collect(),
        (0..w).map(|c| idx(c, 0)).collect(),
        (0..h).map(|r| idx(0, r)).collect(),
        (0..h).map(|r| idx(w - 1, r)).collect(),
    ];
    let corners = vec![idx(0, h - 1), idx(w - 1, h - 1), idx(0, 0), idx(w - 1, 0)];
    let nd = if diagonals { 8 } else { 4 };
    Generated {
        cells,
        coords,
        dirs: &SQUARE_DIRS[..nd],
        dir_vecs: &SQUARE_VECS[..nd],
        layout: Layout::Square,
        side_names: &FOUR_SIDES,
        sides,
        corners,
    }
}

/// Validates hexagon sides and generates
/// `{0 <= q <= F+A, 0 <= r <= B+C, F <= q+r <= F+A+B}`.
fn hexagon(sides: [u32; 6]) -> Result<Generated, BoardError> {
    let [a, b, c, d, e, f] = sides.map(|s| s as u64);
    if sides.contains(&0) || a + b != d + e || b + c != e + f {
        return Err(BoardError::ImpossibleHexagon(sides));
    }
    if sides.iter().any(|&s| s as usize > MAX_CELLS) {
        return Err(BoardError::TooLarge(u64::MAX));
    }
    let [a, b, c, _, _, f] = sides.map(|s| s as i32 - 1);
    let (qmax, rmax, smin, smax) = (f + a, b + c, f, f + a + b);
    let count: u64 = (0..=rmax)
        .map(|r| {
            let lo = 0.max(smin - r);
            let hi = qmax.min(smax - r);
            (hi - lo + 1).max(0) as u64
        })
        .sum();
    check_count(count)?;
    let corners = [
        (f, 0),
        (f + a, 0),
        (f + a, b),
        (f + a - c, b + c),
        (0, b + c),
        (0, f),
    ];
    Ok(hex_region(
        qmax,
        rmax,
        smin,
        smax,
        &SIX_SIDES,
        &corners,
        |q, r, s| {
            // top top-right bottom-right bottom bottom-left top-left
            [r == 0, q == qmax, s == smax, r == rmax, q == 0, s == smin]
        },
    ))
}

/// Adds the hex cell at axial `(q, r)` (drawn `xoff` half-cells to the
/// left), its coordinates, and its index to each side `on` says it is on.
fn push_hex_cell(
    cells: &mut Vec<CellInfo>,
    coords: &mut HashMap<(i32, i32), usize>,
    sides: &mut [Vec<usize>],
    (q, r): (i32, i32),
    xoff: i32,
    on: [bool; 6],
) {
    let i = cells.len();
    coords.insert((q, r), i);
    for (side, _) in sides.iter_mut().zip(on).filter(|(_, on)| *on) {
        side.push(i);
    }
    cells.push(CellInfo {
        label: format!("{}{}", column_letters(q as usize), r + 1),
        col: q,
        row: r,
        x: 2 * q + r - xoff,
        y: r,
    });
}

/// Hex cells with `0 <= q <= qmax`, `0 <= r <= rmax`, `smin <= q + r <= smax`.
/// `on_side(q, r, q + r)[k]` tells whether the cell is on side `k`.
fn hex_region(
    qmax: i32,
    rmax: i32,
    smin: i32,
    smax: i32,
    side_names: &'static [&'static str],
    corners: &[(i32, i32)],
    on_side: impl Fn(i32, i32, i32) -> [bool; 6],
) -> Generated {
    // Smallest 2q + r over the shape, to make drawing x start at 0.
    let xoff = (0..=rmax).filter_map(|r| {
        let lo = 0.max(smin - r);
        (lo <= qmax.min(smax - r)).then_some(2 * lo + r)
    });
    let xoff = xoff.min().unwrap_or(0);
    let mut cells = Vec::new();
    let mut coords = HashMap::new();
    let mut sides = vec![Vec::new(); side_names.len()];
    for r in 0..=rmax {
        for q in 0.max(smin - r)..=qmax.min(smax - r) {
            let on = on_side(q, r, q + r);
            push_hex_cell(&mut cells, &mut coords, &mut sides, (q, r), xoff, on);
        }
    }
    let corners = corners.iter().map(|p| coords[p]).collect();
    Generated {
        cells,
        coords,
        dirs: &HEX_DIRS,
        dir_vecs: &HEX_VECS,
        layout: Layout::Hex { xoff },
        side_names,
        sides,
        corners,
    }
}
