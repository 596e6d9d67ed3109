//! The symmetries of a game: maps of the board onto itself that the rules
//! cannot tell apart from the identity, up to exchanging the players.
//!
//! ## Method
//!
//! A symmetry is a pair (σ, π): σ maps cells to cells, π maps directions to
//! directions, and for every cell `c` and direction `d`,
//! `σ(neighbor(c, d)) = neighbor(σ(c), π(d))` (both absent, or both present
//! and matching). π must be an isometry of the directions' angles: a turn
//! `a ↦ a + k` (a rotation by `k`°) or a mirror `a ↦ k − a` (a reflection
//! across the axis at `k/2`°), where `k` runs over the multiples of the
//! smallest angle between directions. The candidate σ for one π is grown
//! from one cell of each directional component of the board, by walking
//! the direction table (so the work is about `cells × cells × directions`
//! per π, and σ is fully determined once the first cell's image is
//! chosen). Link edges (adjacencies without a direction) must map onto link
//! edges: the neighbour lists are checked at the end. This finds exactly
//! the automorphisms of the direction-labelled board graph that act on the
//! labels as a rotation or reflection: on square boards the 8 symmetries of
//! the square at most, on hex boards the 12 of the hexagon; it does not rely
//! on the drawing coordinates, so removed cells and odd shapes are handled
//! alike.
//!
//! A board symmetry is a symmetry of the game when it also respects what
//! the rules fix in advance ([`RuleUses`], read from the compiled rules):
//!
//! - every fixed cell set used outside a per-player context (such as Equi's
//!   `corners`) maps onto itself;
//! - the per-player sets (`region start: black = top, white = left`) map
//!   player by player: there must be a permutation ρ of the players such
//!   that the sets of player `p` map onto the sets of player `ρ(p)` (as a
//!   collection, so Hex's rotation by 180°, which exchanges `start` and
//!   `finish` of each player, keeps the players' regions). ρ = identity:
//!   the symmetry *preserves* the regions; otherwise it *swaps* them (a
//!   colour-swapping symmetry). Without per-player sets every board
//!   symmetry preserves them;
//! - directions the rules name outside a per-player context (`at n`) are
//!   fixed by π, and the sets of directions they name (`ne or nw`, a
//!   move's directions) map onto themselves; per-player sets of directions
//!   (`define forward: white = n, black = s`) map player by player, with
//!   the same ρ as the regions;
//! - the pieces of the starting position (`setup`) map onto pieces of the
//!   same kind, each player's onto player `ρ(p)`'s, its counters onto
//!   equal counts, its marks onto the same marks and its lines onto lines
//!   of the same kind;
//! - each ring maps onto itself in the same cyclic order (sowing keeps its
//!   sense: a mirror image of Oware's board would sow clockwise);
//! - when the rules count rows or columns (`rows`, `columns`, `box`), σ
//!   maps rows to rows and columns to columns, or rows to columns and
//!   columns to rows (*exchanged*, kept with a note: the two counts trade
//!   places, as Carteso's players do).
//!
//! What is not checked: a rule that turns a direction by an angle
//! (`rotate(d, 90)`) turns the other way in a mirror image; such a rule is
//! symmetric only if it uses both turns alike (Pinch's does). Reflections
//! then carry a note. Rules that name a player (`mover = horizontal`) are
//! not checked either.

use crate::ids::Cell;
use std::collections::BTreeSet;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::engine::{Action, ActionKind, Game};
use crate::rules::parts::ChoiceShape;
use crate::rules::*;

mod uses;
pub use uses::RuleUses;
use uses::setup_maps;

/// Most symmetries looked for (a board graph has at most 12 rotations and
/// reflections, more only when it falls apart in identical pieces).
const MAX_SYMMETRIES: usize = 48;
/// Most cell-image trials in the search (only disconnected boards come near).
const MAX_TRIALS: usize = 2_000_000;

/// How a symmetry treats the rows and columns the rules count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowsColumns {
    /// Rows map to rows and columns to columns.
    Preserved,
    /// Rows map to columns and columns to rows: the two counts trade
    /// places.
    Exchanged,
}

/// One symmetry of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Symmetry {
    /// `identity`, `rotation 90°`, `reflection, axis 45°`.
    pub name: String,
    /// Whether it is a reflection (else a rotation, or the identity).
    pub reflection: bool,
    /// The rotation's angle, or twice the reflection axis's angle (degrees,
    /// counterclockwise from east; 0..360).
    pub turn: i32,
    /// σ: the image of each cell.
    pub cells: Vec<Cell>,
    /// π: the image of each direction.
    pub dirs: Vec<Dir>,
    /// ρ: the player each player's regions map to.
    pub players: Vec<usize>,
    /// Rows and columns, when the rules count them.
    pub rows_columns: Option<RowsColumns>,
    /// Cells the symmetry leaves in place.
    pub fixed_cells: Vec<Cell>,
    /// Caveats for the report: rows and columns exchanged, or a reflection
    /// of rules that turn directions (which is not checked).
    pub notes: Vec<String>,
}

impl Symmetry {
    /// Whether every cell maps to itself.
    pub fn is_identity(&self) -> bool {
        self.cells.iter().enumerate().all(|(i, &c)| i == c.index())
    }

    /// Whether the symmetry exchanges the players' regions.
    pub fn swaps_players(&self) -> bool {
        self.players.iter().enumerate().any(|(i, &p)| i != p)
    }

    /// `rotation`, `reflection` or `identity`.
    pub fn kind(&self) -> &'static str {
        if self.reflection {
            "reflection"
        } else if self.turn == 0 {
            "identity"
        } else {
            "rotation"
        }
    }

    /// The image of an action on a cell (placing, converting, removing) or
    /// of a move (a step or jump: its cells and direction map); `None` for
    /// actions without a cell.
    pub fn image(&self, game: &Game, a: Action) -> Option<Action> {
        // Symmetries leave every cell of a turned region in place (see
        // `symmetries`), so a region turn is its own image.
        if let ActionKind::Pick(_) = a.kind
            && let ChoiceKind::Rotate(_) = game.rules.choices[a.choice as usize].kind
        {
            return Some(a);
        }
        a.map_cells(
            |c| self.cells.get(c.index()).copied(),
            |d| self.dirs.get(d.index()).copied(),
        )
    }
}

/// Whether some action of the game is tied to cells (so it can be mirrored).
pub fn has_cell_actions(rules: &Rules) -> bool {
    rules.choices.iter().any(|c| match c.kind.shape() {
        ChoiceShape::OnCell(_) | ChoiceShape::NextDoor { .. } | ChoiceShape::Far => true,
        // A region turn is tied to its region, which symmetries keep
        // fixed (`symmetries`).
        ChoiceShape::Fixed { .. } => false,
    })
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The direction maps to try: (reflection, k, π).
fn direction_maps(board: &Board) -> Vec<(bool, i32, Vec<usize>)> {
    let dirs = board.dirs();
    let step = dirs.iter().fold(360, |g, d| gcd(g, d.angle)).max(1);
    let mut out = Vec::new();
    for reflection in [false, true] {
        for k in (0..360).step_by(step as usize) {
            let map: Option<Vec<usize>> = dirs
                .iter()
                .map(|d| {
                    let a = if reflection { k - d.angle } else { d.angle + k }.rem_euclid(360);
                    dirs.iter().position(|x| x.angle == a)
                })
                .collect();
            if let Some(map) = map {
                out.push((reflection, k, map));
            }
        }
    }
    out
}

/// The cell maps σ that go with the direction map π (see the module docs).
fn cell_maps(board: &Board, pi: &[usize]) -> Vec<Vec<usize>> {
    let n = board.len();
    let nd = board.ndirs();
    // Directional components, each with its smallest cell as the root.
    let mut comp = vec![usize::MAX; n];
    let mut roots = Vec::new();
    for c in 0..n {
        if comp[c] != usize::MAX {
            continue;
        }
        let id = roots.len();
        roots.push(c);
        comp[c] = id;
        let mut stack = vec![c];
        while let Some(u) = stack.pop() {
            for d in 0..nd {
                if let Some(v) = board.neighbor(Cell::new(u), Dir::new(d)).map(Cell::index)
                    && comp[v] == usize::MAX
                {
                    comp[v] = id;
                    stack.push(v);
                }
            }
        }
    }
    let dir_degree: Vec<usize> = (0..n)
        .map(|c| {
            (0..nd)
                .filter(|&d| board.neighbor(Cell::new(c), Dir::new(d)).is_some())
                .count()
        })
        .collect();
    let mut search = Search {
        board,
        pi,
        roots,
        dir_degree,
        map: vec![usize::MAX; n],
        used: vec![false; n],
        out: Vec::new(),
        trials: 0,
    };
    search.extend(0);
    search.out
}

struct Search<'a> {
    board: &'a Board,
    pi: &'a [usize],
    roots: Vec<usize>,
    dir_degree: Vec<usize>,
    map: Vec<usize>,
    used: Vec<bool>,
    out: Vec<Vec<usize>>,
    trials: usize,
}

impl Search<'_> {
    fn extend(&mut self, k: usize) {
        if k == self.roots.len() {
            if self.links_match() {
                self.out.push(self.map.clone());
            }
            return;
        }
        let root = self.roots[k];
        for cand in 0..self.board.len() {
            if self.out.len() >= MAX_SYMMETRIES || self.trials >= MAX_TRIALS {
                return;
            }
            if self.used[cand]
                || self.dir_degree[cand] != self.dir_degree[root]
                || self.board.neighbors(Cell::new(cand)).len()
                    != self.board.neighbors(Cell::new(root)).len()
            {
                continue;
            }
            self.trials += 1;
            let mut trail = Vec::new();
            if self.propagate(root, cand, &mut trail) {
                self.extend(k + 1);
            }
            for c in trail {
                self.used[self.map[c]] = false;
                self.map[c] = usize::MAX;
            }
        }
    }

    /// Maps `root` to `cand` and everything reachable by directions from
    /// it; false on a contradiction. Assigned cells go on `trail`.
    fn propagate(&mut self, root: usize, cand: usize, trail: &mut Vec<usize>) -> bool {
        let nd = self.board.ndirs();
        self.map[root] = cand;
        self.used[cand] = true;
        trail.push(root);
        let mut i = trail.len() - 1;
        while i < trail.len() {
            let u = trail[i];
            i += 1;
            for d in 0..nd {
                let v = self.board.neighbor(Cell::new(u), Dir::new(d));
                let w = self
                    .board
                    .neighbor(Cell::new(self.map[u]), Dir::new(self.pi[d]));
                match (v, w) {
                    (None, None) => {}
                    (Some(v), Some(w)) => {
                        let (v, w) = (v.index(), w.index());
                        if self.map[v] == usize::MAX {
                            if self.used[w] {
                                return false;
                            }
                            self.map[v] = w;
                            self.used[w] = true;
                            trail.push(v);
                        } else if self.map[v] != w {
                            return false;
                        }
                    }
                    _ => return false,
                }
            }
        }
        true
    }

    /// Every adjacency (links included) maps onto an adjacency.
    fn links_match(&self) -> bool {
        if self.board.link_count() == 0 {
            return true;
        }
        (0..self.board.len()).all(|c| {
            let mut image: Vec<Cell> = self
                .board
                .neighbors(Cell::new(c))
                .iter()
                .map(|&v| Cell::new(self.map[v.index()]))
                .collect();
            image.sort_unstable();
            image == self.board.neighbors(Cell::new(self.map[c]))
        })
    }
}

/// The image of a cell set under σ.
fn image_set(set: &CellSet, sigma: &[usize]) -> CellSet {
    CellSet::from_cells(sigma.len(), set.iter().map(|c| sigma[c]))
}

/// All permutations of `0..n` (identity first), for small `n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for pos in (0..=p.len()).rev() {
            let mut q = p.clone();
            q.insert(pos, n - 1);
            out.push(q);
        }
    }
    out
}

/// How σ treats rows and columns; `None` if it breaks them.
fn rows_columns(board: &Board, sigma: &[usize]) -> Option<RowsColumns> {
    let consistent = |from: &dyn Fn(usize) -> i32, to: &dyn Fn(usize) -> i32| {
        let mut seen = std::collections::HashMap::new();
        let mut back = std::collections::HashMap::new();
        (0..board.len()).all(|c| {
            let (a, b) = (from(c), to(sigma[c]));
            *seen.entry(a).or_insert(b) == b && *back.entry(b).or_insert(a) == a
        })
    };
    let row = |c: usize| board.cell(Cell::new(c)).row;
    let col = |c: usize| board.cell(Cell::new(c)).col;
    if consistent(&row, &row) && consistent(&col, &col) {
        Some(RowsColumns::Preserved)
    } else if consistent(&row, &col) && consistent(&col, &row) {
        Some(RowsColumns::Exchanged)
    } else {
        None
    }
}

/// `45`, or `22.5` for an odd number of half degrees.
pub fn half_degrees(twice: i32) -> String {
    if twice % 2 == 0 {
        format!("{}", twice / 2)
    } else {
        format!("{}.5", twice / 2)
    }
}

/// The symmetries of the game, the identity first, then the rotations by
/// increasing angle, then the reflections by increasing axis angle.
pub fn symmetries(rules: &Rules) -> Vec<Symmetry> {
    let board = &rules.board;
    let uses = RuleUses::of(rules);
    let nplayers = rules.players.len();
    let player_perms = if nplayers <= 5 {
        permutations(nplayers)
    } else {
        vec![(0..nplayers).collect()]
    };
    let mut found: Vec<Symmetry> = Vec::new();
    for (reflection, k, pi) in direction_maps(board) {
        for sigma in cell_maps(board, &pi) {
            if found.len() >= MAX_SYMMETRIES
                || found
                    .iter()
                    .any(|s| s.cells.iter().map(|c| c.index()).eq(sigma.iter().copied()))
            {
                continue;
            }
            let fixed_ok = uses.shared_sets.iter().all(|&i| {
                let s = &rules.fixed_sets[i as usize];
                image_set(s, &sigma) == *s
            });
            let image_dirs = |m: DirMask| each_dir(m).fold(0 as DirMask, |acc, d| acc | 1 << pi[d]);
            let dirs_ok = uses.shared_dirs.iter().all(|&d| pi[d] == d)
                && uses.shared_dir_sets.iter().all(|&m| image_dirs(m) == m);
            // A turned region must stay where it is, cell by cell: the
            // turn's notation names the region, and a reflection would
            // reverse its angle. (Pentago keeps only the identity.)
            let turns_ok = rules.choices.iter().all(|c| {
                let ChoiceKind::Rotate(turns) = &c.kind else {
                    return true;
                };
                let fixed = |&(x, _): &(u32, u32)| sigma[x as usize] == x as usize;
                turns.iter().all(|t| t.cells.iter().all(fixed))
            });
            // A ring keeps its cells in the same cyclic order (a mirror
            // image would sow the other way), and the counters of the
            // start map onto equal counts.
            let rings_ok = rules.rings.iter().all(|r| {
                let n = r.cells.len();
                let k = r.place[sigma[r.cells[0] as usize]];
                k != u32::MAX
                    && (0..n).all(|i| {
                        sigma[r.cells[i] as usize] == r.cells[(k as usize + i) % n] as usize
                    })
            });
            let tally_ok = rules.tally.is_empty()
                || (0..board.len()).all(|c| rules.tally[sigma[c]] == rules.tally[c]);
            if !fixed_ok || !dirs_ok || !turns_ok || !rings_ok || !tally_ok {
                continue;
            }
            let rc = if uses.rows_columns {
                match rows_columns(board, &sigma) {
                    Some(rc) => Some(rc),
                    None => continue,
                }
            } else {
                None
            };
            // The players' regions: as a collection of cell sets per player.
            let collection = |p: usize, image: bool| -> BTreeSet<Vec<u64>> {
                uses.player_sets[p]
                    .iter()
                    .map(|&i| {
                        let s = &rules.fixed_sets[i as usize];
                        if image {
                            image_set(s, &sigma).words().to_vec()
                        } else {
                            s.words().to_vec()
                        }
                    })
                    .collect()
            };
            let images: Vec<_> = (0..nplayers).map(|p| collection(p, true)).collect();
            let originals: Vec<_> = (0..nplayers).map(|p| collection(p, false)).collect();
            let dir_images: Vec<BTreeSet<DirMask>> = (0..nplayers)
                .map(|p| {
                    uses.player_dir_sets[p]
                        .iter()
                        .map(|&m| image_dirs(m))
                        .collect()
                })
                .collect();
            let Some(rho) = player_perms.iter().find(|rho| {
                (0..nplayers).all(|p| {
                    images[p] == originals[rho[p]] && dir_images[p] == uses.player_dir_sets[rho[p]]
                }) && setup_maps(rules, &sigma, rho)
            }) else {
                continue;
            };
            let fixed_cells: Vec<Cell> = (0..sigma.len())
                .filter(|&c| sigma[c] == c)
                .map(Cell::new)
                .collect();
            let name = if reflection {
                format!("reflection, axis {}°", half_degrees(k))
            } else if k == 0 {
                "identity".to_string()
            } else {
                format!("rotation {k}°")
            };
            let mut notes = Vec::new();
            if rc == Some(RowsColumns::Exchanged) {
                notes.push(
                    "exchanges rows and columns, which the rules count (rows, columns or box): \
                     what the rules say of rows it says of columns"
                        .to_string(),
                );
            }
            if reflection {
                let one_way: Vec<String> = uses
                    .turns
                    .iter()
                    .filter(|&&a| (360 - a) % 360 != a)
                    .map(|a| format!("{a}°"))
                    .collect();
                if !one_way.is_empty() {
                    notes.push(format!(
                        "a reflection turns directions the other way: the rules' turn by {} \
                         (rotate) is symmetric only if the rule uses both turns alike",
                        one_way.join(", ")
                    ));
                }
            }
            found.push(Symmetry {
                name,
                reflection,
                turn: k,
                cells: sigma.into_iter().map(Cell::new).collect(),
                dirs: pi.iter().map(|&d| Dir::new(d)).collect(),
                players: rho.clone(),
                rows_columns: rc,
                fixed_cells,
                notes,
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_start_with_the_identity() {
        let p = permutations(3);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], vec![0, 1, 2]);
        let set: BTreeSet<_> = p.into_iter().collect();
        assert_eq!(set.len(), 6);
    }

    /// A ring keeps its sense: of the square's symmetries of a 6x2 board
    /// sown counter-clockwise, the mirrors would sow the other way; only
    /// the turn by 180 degrees is left. Uneven counters rule it out too.
    #[test]
    fn rings_and_counters_must_map_onto_themselves() {
        let rules = |setup: &str| {
            let text = format!(
                "game Sow\nboard square(6, 2)\nplayers a, b\ncounters seed\n\
                 ring ccw, cw = a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2\n{setup}\n\
                 turn: sow all along ccw\nend if stuck: draw\n"
            );
            let file = crate::syntax::parse(&text).expect("parses");
            crate::check::compile(&file, &[]).expect("compiles")
        };
        let kinds =
            |r: &Rules| -> Vec<&'static str> { symmetries(r).iter().map(|s| s.kind()).collect() };
        assert_eq!(symmetries(&rules("setup: 4 x seed at all")).len(), 2);
        assert_eq!(kinds(&rules("setup: 4 x seed at all"))[1], "rotation");
        assert_eq!(symmetries(&rules("setup: 4 x seed at cells(a1)")).len(), 1);
    }

    #[test]
    fn half_degrees_read_well() {
        assert_eq!(half_degrees(90), "45");
        assert_eq!(half_degrees(45), "22.5");
    }
}
