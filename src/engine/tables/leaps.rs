//! Leap tables: for each leap pattern the rules use (`leap ... (2, 1)`,
//! `leaps(S, 2, 1)`), each cell's targets, one per displacement, and as a
//! set; and which displacements point toward each board direction.

use crate::board::Board;
use crate::cellset;
use crate::ids::Cell;
use crate::rules::walk::{At, Node, Visitor, walk};
use crate::rules::*;

/// No target: the leap would leave the board.
pub(in crate::engine) const NO_TARGET: u16 = u16::MAX;

/// One pattern's tables.
#[derive(Clone, Debug)]
pub(in crate::engine) struct LeapTable {
    pub leap: Leap,
    /// Distinct displacements of the pattern (8 for the knight on a
    /// square board, 12 on a hex board).
    pub count: usize,
    /// `targets[c * count + k]`: the cell displacement `k` reaches from
    /// `c`, or [`NO_TARGET`].
    pub targets: Vec<u16>,
    /// `sources[c * count + k]`: the cell displacement `k` reaches `c`
    /// from, or [`NO_TARGET`] (what could leap to `c`: `attacked`).
    pub sources: Vec<u16>,
    /// Cells a leap of the pattern passes on its way (`leap ... over
    /// LEG`): one less than its long side.
    pub legs_per: usize,
    /// `legs[(c * count + k) * legs_per + i]`: the `i`-th cell displacement
    /// `k` passes from `c` (see [`leg_offsets`]), or [`NO_TARGET`] off the
    /// board.
    pub legs: Vec<u16>,
    /// Each cell's targets as a set (W words per cell); a table of some of
    /// a pattern's displacements has them only on small boards (see
    /// [`SUBSET_MASK_WORDS`]), and is walked otherwise.
    pub masks: Vec<u64>,
    /// Per board direction, the displacements less than 90 degrees from
    /// it (bit `k` for displacement `k`).
    pub toward: Vec<u32>,
    /// Per board direction, the displacements less than 45 degrees from
    /// it (`along`).
    pub along: Vec<u32>,
    /// The displacements of the whole pattern this table keeps (bit `k`
    /// for the whole pattern's displacement `k`).
    pub kept: u32,
    /// Whether it keeps them all.
    pub whole: bool,
}

/// Largest `cells * W` for which a table of some displacements keeps each
/// cell's targets as a set too (a whole pattern always does).
const SUBSET_MASK_WORDS: usize = 4096;

/// Most displacements of one pattern (bits of [`LeapTable::toward`]).
const MAX_DISPLACEMENTS: usize = u32::BITS as usize;

/// The tables of every pattern the rules use: whole, for `leaps(...)`,
/// and as each leap choice offers them to each player.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct Leaps {
    tables: Vec<LeapTable>,
    /// Per choice and player (`choice * players + player`), the table of
    /// the leaps it offers (`u32::MAX` for other choices).
    of_choice: Vec<u32>,
    players: usize,
}

impl Leaps {
    pub fn new(rules: &Rules, words: usize) -> Leaps {
        let mut patterns = Patterns(Vec::new());
        walk(rules, &mut patterns);
        // A named action no turn uses is not walked, but is a choice of
        // the rules all the same (checked, and given its table below).
        for choice in &rules.choices {
            if let ChoiceKind::Leap { leap, .. } = &choice.kind {
                patterns.add(*leap);
            }
        }
        let mut tables: Vec<LeapTable> = patterns
            .0
            .into_iter()
            .map(|leap| LeapTable::new(&rules.board, leap, words))
            .collect();
        let players = rules.players.len();
        let mut of_choice = vec![u32::MAX; rules.choices.len() * players];
        for (c, choice) in rules.choices.iter().enumerate() {
            let ChoiceKind::Leap { leap, toward, .. } = &choice.kind else {
                continue;
            };
            let whole = tables
                .iter()
                .position(|t| t.leap == *leap && t.whole)
                .expect("every pattern of the rules has its table");
            let all = all_dirs(rules.board.ndirs());
            for p in 0..players {
                // `toward DIRS`: the displacements toward one of them.
                let keep = match toward {
                    None => tables[whole].all(),
                    Some((cone, dirs)) => {
                        let t = &tables[whole];
                        let near = match cone {
                            Cone::Toward => &t.toward,
                            Cone::Along => &t.along,
                        };
                        each_dir(dirs.mask(Player::new(p)) & all).fold(0, |bits, d| bits | near[d])
                    }
                };
                let k = match tables
                    .iter()
                    .position(|t| t.leap == *leap && t.kept == keep)
                {
                    Some(k) => k,
                    None => {
                        let t = tables[whole].subset(keep, words);
                        tables.push(t);
                        tables.len() - 1
                    }
                };
                of_choice[c * players + p] = k as u32;
            }
        }
        Leaps {
            tables,
            of_choice,
            players,
        }
    }

    /// The whole table of a pattern the rules use.
    #[inline]
    pub fn table(&self, leap: Leap) -> &LeapTable {
        self.tables
            .iter()
            .find(|t| t.leap == leap && t.whole)
            .expect("every pattern of the rules has its table")
    }

    /// The leaps choice `c` offers `player`.
    #[inline]
    pub fn of_choice(&self, c: u16, player: Player) -> &LeapTable {
        &self.tables[self.of_choice[c as usize * self.players + player.index()] as usize]
    }
}

impl LeapTable {
    fn new(board: &Board, leap: Leap, words: usize) -> LeapTable {
        let hex = board.is_hex();
        // A leap starts along an orthogonal direction (on a square board,
        // those at a multiple of 90 degrees; on a hex board, all six) and
        // turns by a right angle (60 degrees on hex), either way.
        let turn = if hex { 60 } else { 90 };
        let mut moves: Vec<(i32, i32)> = Vec::new();
        let mut ways: Vec<Vec<(i32, i32)>> = Vec::new();
        for d in 0..board.ndirs() {
            if !hex && board.dirs()[d].angle % 90 != 0 {
                continue;
            }
            let (dx, dy) = board.dir_vector(Dir::new(d));
            for side in [turn, -turn] {
                // Without diagonals a square board still has the turned
                // orthogonal direction; a hex board always has it.
                let Some(e) = board.rotate(Dir::new(d), side) else {
                    continue;
                };
                let (ex, ey) = board.dir_vector(e);
                let (a, b) = (i32::from(leap.a), i32::from(leap.b));
                let m = (a * dx + b * ex, a * dy + b * ey);
                if m != (0, 0) && !moves.contains(&m) && moves.len() < MAX_DISPLACEMENTS {
                    moves.push(m);
                    ways.push(leg_offsets((dx, dy), a, (ex, ey), b));
                }
            }
        }
        let cells = board.len();
        let coords: std::collections::HashMap<(i32, i32), usize> = (0..cells)
            .map(|c| {
                (
                    (board.cell(Cell::new(c)).col, board.cell(Cell::new(c)).row),
                    c,
                )
            })
            .collect();
        let count = moves.len();
        let mut targets = vec![NO_TARGET; cells * count];
        // A pattern longer than the board lands nowhere: no legs to keep
        // (a (1000, 0) leap would otherwise keep 999 per cell).
        let span = coords
            .keys()
            .map(|&(x, y)| x.abs().max(y.abs()))
            .max()
            .unwrap_or(0);
        let long = usize::from(leap.a.max(leap.b));
        let legs_per = if long > 2 * span as usize + 1 {
            0
        } else {
            long.saturating_sub(1)
        };
        let mut legs = vec![NO_TARGET; cells * count * legs_per];
        let mut masks = vec![0u64; cells * words];
        for c in 0..cells {
            let (col, row) = (board.cell(Cell::new(c)).col, board.cell(Cell::new(c)).row);
            for (k, &(mx, my)) in moves.iter().enumerate() {
                if let Some(&t) = coords.get(&(col + mx, row + my)) {
                    targets[c * count + k] = t as u16;
                    cellset::insert(&mut masks[c * words..(c + 1) * words], t);
                }
                for (i, &(lx, ly)) in ways[k].iter().enumerate() {
                    if let Some(&leg) = coords.get(&(col + lx, row + ly)) {
                        legs[(c * count + k) * legs_per + i] = leg as u16;
                    }
                }
            }
        }
        // Less than 90 degrees apart: a positive dot product, in the
        // plane of the drawing (hex columns are slanted by 60 degrees;
        // coordinates doubled to stay whole).
        let plane = |(x, y): (i32, i32)| -> (i64, i64) {
            if hex {
                (i64::from(2 * x + y), i64::from(y))
            } else {
                (i64::from(x), i64::from(y))
            }
        };
        let dot = |p: (i64, i64), q: (i64, i64)| {
            if hex {
                p.0 * q.0 + 3 * p.1 * q.1
            } else {
                p.0 * q.0 + p.1 * q.1
            }
        };
        // Less than 45 degrees: cos² above one half, in whole numbers.
        let near = |d: usize, narrow: bool| {
            let v = plane(board.dir_vector(Dir::new(d)));
            moves
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    let (m, d) = (plane(**m), dot(plane(**m), v));
                    d > 0 && (!narrow || 2 * d * d > dot(m, m) * dot(v, v))
                })
                .fold(0u32, |bits, (k, _)| bits | 1 << k)
        };
        let toward = (0..board.ndirs()).map(|d| near(d, false)).collect();
        let along = (0..board.ndirs()).map(|d| near(d, true)).collect();
        LeapTable {
            leap,
            count,
            sources: sources_of(&targets, count),
            targets,
            legs_per,
            legs,
            masks,
            toward,
            along,
            kept: low_bits(count),
            whole: true,
        }
    }

    /// Every displacement, as bits.
    pub fn all(&self) -> u32 {
        low_bits(self.count)
    }

    /// The table of the displacements in `keep` only (bits of this whole
    /// table's displacements).
    fn subset(&self, keep: u32, words: usize) -> LeapTable {
        let ks: Vec<usize> = (0..self.count).filter(|k| keep >> k & 1 == 1).collect();
        let cells = self.targets.len() / self.count.max(1);
        let mut targets = Vec::with_capacity(cells * ks.len());
        let per = self.legs_per;
        let mut legs = Vec::with_capacity(cells * ks.len() * per);
        let with_masks = cells * words <= SUBSET_MASK_WORDS;
        let mut masks = vec![0u64; if with_masks { cells * words } else { 0 }];
        for c in 0..cells {
            for &k in &ks {
                let t = self.targets[c * self.count + k];
                targets.push(t);
                let at = (c * self.count + k) * per;
                legs.extend_from_slice(&self.legs[at..at + per]);
                if t != NO_TARGET && with_masks {
                    cellset::insert(&mut masks[c * words..(c + 1) * words], t as usize);
                }
            }
        }
        let renumber = |table: &[u32]| -> Vec<u32> {
            table
                .iter()
                .map(|&bits| {
                    ks.iter()
                        .enumerate()
                        .filter(|&(_, &k)| bits >> k & 1 == 1)
                        .fold(0u32, |b, (i, _)| b | 1 << i)
                })
                .collect()
        };
        let (toward, along) = (renumber(&self.toward), renumber(&self.along));
        LeapTable {
            leap: self.leap,
            count: ks.len(),
            sources: sources_of(&targets, ks.len()),
            targets,
            legs_per: per,
            legs,
            masks,
            toward,
            along,
            kept: keep,
            whole: keep == self.all(),
        }
    }

    /// The targets from cell `c`, one per displacement.
    #[inline(always)]
    pub fn from(&self, c: usize) -> &[u16] {
        &self.targets[c * self.count..(c + 1) * self.count]
    }

    /// The legs of the leaps from cell `c`, [`LeapTable::legs_per`] per
    /// displacement.
    #[inline(always)]
    pub fn legs_from(&self, c: usize) -> &[u16] {
        let per = self.count * self.legs_per;
        &self.legs[c * per..(c + 1) * per]
    }

    /// The legs of displacement `k` from cell `c`.
    #[inline(always)]
    pub fn legs_of(&self, c: usize, k: usize) -> &[u16] {
        let at = (c * self.count + k) * self.legs_per;
        &self.legs[at..at + self.legs_per]
    }
}

/// The cells a leap of `a` along `u` and `b` along `v` passes, as offsets
/// from its start: straight along its long side first, then diagonally
/// (the xiangqi horse's leg; the janggi elephant's two). The leap of
/// (A, B) has max(A, B) - 1 of them.
pub(crate) fn leg_offsets(u: (i32, i32), a: i32, v: (i32, i32), b: i32) -> Vec<(i32, i32)> {
    let (long, l, side, s) = if a >= b { (u, a, v, b) } else { (v, b, u, a) };
    let straight = l - s;
    (1..l)
        .map(|i| {
            let (k, d) = (i.min(straight), (i - straight).max(0));
            (
                k * long.0 + d * (long.0 + side.0),
                k * long.1 + d * (long.1 + side.1),
            )
        })
        .collect()
}

/// For each cell and displacement, the cell the displacement reaches it
/// from: the targets turned round.
fn sources_of(targets: &[u16], count: usize) -> Vec<u16> {
    let mut sources = vec![NO_TARGET; targets.len()];
    if count == 0 {
        return sources;
    }
    for (i, &t) in targets.iter().enumerate() {
        if t != NO_TARGET {
            let (from, k) = (i / count, i % count);
            sources[t as usize * count + k] = from as u16;
        }
    }
    sources
}

/// The lowest `n` bits.
fn low_bits(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// The leap patterns of the rules, each once.
struct Patterns(Vec<Leap>);

impl Patterns {
    fn add(&mut self, leap: Leap) {
        if !self.0.contains(&leap) {
            self.0.push(leap);
        }
    }
}

impl Visitor for Patterns {
    fn visit(&mut self, node: Node<'_>, _: At) -> bool {
        match node {
            Node::Set(SetExpr::Leaps(_, leap)) => self.add(*leap),
            Node::Choice(c) => {
                if let ChoiceKind::Leap { leap, .. } = &c.kind {
                    self.add(*leap);
                }
            }
            Node::Set(_)
            | Node::Num(_)
            | Node::Cond(_)
            | Node::Dir(_)
            | Node::Dirs(_)
            | Node::Effect(_)
            | Node::Outcome(_) => {}
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSpec, Shape, build};

    fn table(shape: Shape, a: u16, b: u16) -> (Board, LeapTable) {
        let board = build(&BoardSpec::new(shape)).expect("a board");
        let words = board.len().div_ceil(64);
        let t = LeapTable::new(&board, Leap { a, b }, words);
        (board, t)
    }

    #[test]
    fn the_knight_has_eight_leaps_on_a_square_board_and_twelve_on_hex() {
        let square = Shape::Square {
            w: 8,
            h: 8,
            diagonals: true,
        };
        let (b, t) = table(square.clone(), 2, 1);
        assert_eq!(t.count, 8);
        let d4 = b.cell_by_label("d4").unwrap();
        let mut to: Vec<&str> = t
            .from(d4.index())
            .iter()
            .filter(|&&x| x != NO_TARGET)
            .map(|&x| b.label(Cell::new(x as usize)))
            .collect();
        to.sort_unstable();
        assert_eq!(to, ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]);
        let a1 = b.cell_by_label("a1").unwrap().index();
        assert_eq!(cellset::count(&t.masks[a1..a1 + 1]), 2);
        // Toward the north: the four leaps that gain rows.
        let n = b.dir_by_name("n").unwrap();
        assert_eq!(t.toward[n.index()].count_ones(), 4);
        // Along the north, less than 45 degrees: the two that gain two rows
        // (the shogi knight): from d4, c6 and e6.
        let along: Vec<&str> = (0..t.count)
            .filter(|k| t.along[n.index()] >> k & 1 == 1)
            .map(|k| t.from(d4.index())[k])
            .map(|x| b.label(Cell::new(x as usize)))
            .collect();
        assert_eq!(along.len(), 2);
        assert!(along.contains(&"c6") && along.contains(&"e6"), "{along:?}");
        // A diagonal is exactly 45 degrees from the north: not along it.
        let (_, diag) = table(square.clone(), 1, 1);
        assert_eq!(diag.along[n.index()], 0);
        assert_eq!(diag.toward[n.index()].count_ones(), 2);
        let (_, t) = table(Shape::HexHex { n: 5 }, 2, 1);
        assert_eq!(t.count, 12);
        // (1, 1) on a square board is a diagonal step: four, not eight.
        let (_, t) = table(square, 1, 1);
        assert_eq!(t.count, 4);
    }

    #[test]
    fn a_leap_passes_straight_along_its_long_side_then_diagonally() {
        let board = Shape::Square {
            w: 9,
            h: 10,
            diagonals: true,
        };
        let legs = |a: u16, b: u16, from: &str, to: &str| -> Vec<String> {
            let (b_, t) = table(board.clone(), a, b);
            let (from, to) = (
                b_.cell_by_label(from).unwrap(),
                b_.cell_by_label(to).unwrap(),
            );
            let k = t
                .from(from.index())
                .iter()
                .position(|&x| usize::from(x) == to.index());
            let k = k.expect("a leap goes there");
            t.legs_of(from.index(), k)
                .iter()
                .map(|&x| b_.label(Cell::new(usize::from(x))).to_string())
                .collect()
        };
        // The janggi elephant: one straight, then two diagonally.
        assert_eq!(legs(2, 3, "c1", "e4"), ["c2", "d3"]);
        assert_eq!(legs(2, 3, "c1", "f3"), ["d1", "e2"]);
        // The xiangqi horse's leg, and the elephant's eye.
        assert_eq!(legs(1, 2, "b1", "c3"), ["b2"]);
        assert_eq!(legs(2, 2, "c1", "e3"), ["d2"]);
        // Three straight: two cells on the way; a diagonal step: none.
        assert_eq!(legs(3, 0, "a1", "a4"), ["a2", "a3"]);
        assert!(legs(1, 1, "a1", "b2").is_empty());
    }
}
