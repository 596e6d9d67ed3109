//! Cell tests: `where` conditions lowered once, when the game is built,
//! for the cell-by-cell test of a `where` over a computed set of a few
//! cells (Pinch's `enemy and neighbors(new) where some d: ...`), which the
//! flat programs leave alone (whole-board steps cost more there).
//!
//! The tree evaluator resolves every `X at D` each time: the direction
//! through its slot and rotation table, the set through its shape. A cell
//! test is the condition written out for one player's view as jump code:
//! `some d:` unrolled over the board's directions, every `X at D` a bit
//! read in a stored set at a precomputed neighbour, each test followed by
//! the index of the next one to run if it holds and if it does not (`and`,
//! `or` and `not` only redirect these), so a test runs in one loop without
//! recursion. Only the parts that do not look from the cell are asked of
//! the tree. Tests are found by the address of the condition, as programs
//! are (see [`crate::engine::eval::program`]).

use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::eval::lift::{cond_fixed_here, liftable};
use crate::engine::eval::program::{bound_dir, view_player};
use crate::engine::{Game, NO_CELL, OCCUPIED};
use crate::rules::walk::{self, At, Node as WalkNode, Visitor};
use crate::rules::*;

/// Most steps of one test: a condition that unrolls into more stays with
/// the tree evaluator.
const MAX_STEPS: usize = 4096;

/// A node's index in its test.
type Ix = u16;

/// Where an `X at D` looks: a set of the state or of the rules.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Leaf {
    /// `State::sets[i]`.
    Stored(u32),
    /// `Rules::fixed_sets[i]`.
    Fixed(u32),
    /// A piece that is neither the view's nor neutral.
    Enemy { own: u32, neutral: u32 },
}

/// What one step of a test asks.
#[derive(Clone, Debug)]
enum Ask {
    /// The cell's neighbour in direction `dir` is in the leaf's set.
    At(Leaf, u8),
    /// A part that does not look from the cell, asked of the tree
    /// evaluator with the directions bound around it.
    Cond(Box<BoolExpr>, Vec<(u8, u8)>),
}

/// One step: what it asks, and the step to go to if it holds and if not
/// (or [`HOLDS`] / [`FAILS`]).
#[derive(Clone, Debug)]
struct Step {
    ask: Ask,
    then: Ix,
    otherwise: Ix,
}

/// Targets that end a test.
const HOLDS: Ix = Ix::MAX;
const FAILS: Ix = Ix::MAX - 1;

/// One condition for one view.
#[derive(Clone, Debug)]
pub(in crate::engine) struct CellTest {
    steps: Vec<Step>,
    /// The first step, or `HOLDS` / `FAILS` for a constant.
    entry: Ix,
    /// How to build the cells the `where` tests a word at a time from a
    /// few kept sets, when its set is the neighbours of a kept set filtered
    /// by others (Pinch's `enemy and neighbors(new)`), rather than by
    /// walking its expression.
    near: Option<Near>,
}

/// `neighbors(of) and within... except without...`, all kept sets (`of`
/// one the state or the rules keep, not the enemy's cells).
#[derive(Clone, Debug)]
struct Near {
    of: Leaf,
    within: Vec<Leaf>,
    without: Vec<Leaf>,
}

/// The tests of a game: each condition's address and its tests, one per
/// view.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct CellTests {
    by_address: Vec<(usize, u32)>,
    tests: Vec<Vec<CellTest>>,
}

impl CellTests {
    /// Lowers the condition of every `where` that lowers for every view.
    pub(in crate::engine) fn of(g: &Game) -> CellTests {
        let mut found = Found {
            g,
            tests: CellTests::default(),
        };
        walk::walk(&g.rules, &mut found);
        found.tests.by_address.sort_unstable();
        found.tests
    }

    /// The test of a `where` condition for a view, if it has one. Games
    /// without tests pay one test; the search is out of line.
    #[inline(always)]
    pub(in crate::engine) fn find(&self, cond: &BoolExpr, me: Player) -> Option<&CellTest> {
        match self.by_address.is_empty() {
            true => None,
            false => self.search(cond, me),
        }
    }

    #[inline(never)]
    fn search(&self, cond: &BoolExpr, me: Player) -> Option<&CellTest> {
        let key = cond as *const BoolExpr as usize;
        let i = self.by_address.binary_search_by_key(&key, |e| e.0).ok()?;
        Some(&self.tests[self.by_address[i].1 as usize][me.index()])
    }

    /// How many conditions have tests.
    #[cfg(test)]
    pub(in crate::engine) fn len(&self) -> usize {
        self.tests.len()
    }
}

/// The walk that finds the conditions to lower.
struct Found<'a> {
    g: &'a Game,
    tests: CellTests,
}

impl Visitor for Found<'_> {
    fn visit(&mut self, node: WalkNode<'_>, _at: At) -> bool {
        if let WalkNode::Set(SetExpr::Where(domain, cond)) = node {
            let key = &**cond as *const BoolExpr as usize;
            let known = self.tests.by_address.iter().any(|e| e.0 == key);
            let views: Option<Vec<CellTest>> = (0..self.g.players)
                .map(|me| Lower::new(self.g, Player::new(me)).test(domain, cond))
                .collect();
            if let Some(views) = views
                && !known
                && views.iter().any(CellTest::reads_neighbours)
            {
                let id = self.tests.tests.len() as u32;
                self.tests.by_address.push((key, id));
                self.tests.tests.push(views);
            }
        }
        true
    }
}

/// Lowering one condition for one view.
struct Lower<'a> {
    g: &'a Game,
    me: Player,
    steps: Vec<Step>,
    /// The directions bound by the `some d:` / `every d:` being unrolled.
    binds: Vec<(u8, u8)>,
}

impl<'a> Lower<'a> {
    fn new(g: &'a Game, me: Player) -> Lower<'a> {
        Lower {
            g,
            me,
            steps: Vec::new(),
            binds: Vec::new(),
        }
    }

    fn test(mut self, domain: &SetExpr, e: &BoolExpr) -> Option<CellTest> {
        if !liftable(e) {
            return None;
        }
        let entry = self.cond(e, HOLDS, FAILS)?;
        let (mut of, mut within, mut without) = (Vec::new(), Vec::new(), Vec::new());
        let near = match self.near(domain, true, &mut of, &mut within, &mut without) {
            Some(()) if of.len() == 1 => Some(Near {
                of: of[0],
                within,
                without,
            }),
            Some(()) | None => None,
        };
        Some(CellTest {
            steps: self.steps,
            entry,
            near,
        })
    }

    /// Splits a domain made of `and` and `except` over kept sets and
    /// `neighbors(kept set)` (not excepted) into the sets whose neighbours
    /// it takes (`of`), the sets it keeps and those it excepts; `None` for
    /// any other shape.
    fn near(
        &self,
        e: &SetExpr,
        keep: bool,
        of: &mut Vec<Leaf>,
        within: &mut Vec<Leaf>,
        without: &mut Vec<Leaf>,
    ) -> Option<()> {
        match e {
            SetExpr::Inter(a, b) => {
                self.near(a, keep, of, within, without)?;
                self.near(b, keep, of, within, without)
            }
            SetExpr::Except(a, b) if keep => {
                self.near(a, true, of, within, without)?;
                self.near(b, false, of, within, without)
            }
            SetExpr::Neighbors(a) if keep => {
                let leaf = self.leaf(a)?;
                if let Leaf::Enemy { .. } = leaf {
                    return None;
                }
                of.push(leaf);
                Some(())
            }
            SetExpr::ByPlayer(v) => self.near(&v[self.me.index()], keep, of, within, without),
            _ => {
                let leaf = self.leaf(e)?;
                match keep {
                    true => within.push(leaf),
                    false => without.push(leaf),
                }
                Some(())
            }
        }
    }

    /// A new step; its index.
    fn step(&mut self, ask: Ask, then: Ix, otherwise: Ix) -> Option<Ix> {
        if self.steps.len() >= MAX_STEPS {
            return None;
        }
        self.steps.push(Step {
            ask,
            then,
            otherwise,
        });
        Some((self.steps.len() - 1) as Ix)
    }

    /// The set an `X at D` reads, if it is one the state or the rules keep.
    fn leaf(&self, e: &SetExpr) -> Option<Leaf> {
        let g = self.g;
        let who = |w: &Who| view_player(g, self.me, *w);
        Some(match e {
            SetExpr::Empty => Leaf::Stored(crate::engine::EMPTY as u32),
            SetExpr::Occupied => Leaf::Stored(OCCUPIED as u32),
            SetExpr::Owned(w) => Leaf::Stored(g.owner_set(who(w)) as u32),
            SetExpr::Piece(k) => Leaf::Stored(g.piece_set(k.index()) as u32),
            SetExpr::Mark(m) => Leaf::Stored(g.mark_set(m.index()) as u32),
            SetExpr::Seeded => Leaf::Stored(g.seeded_set() as u32),
            SetExpr::Stacked => Leaf::Stored(g.stacked_set() as u32),
            SetExpr::Fixed(i) => Leaf::Fixed(*i),
            SetExpr::PerPlayer(v) => Leaf::Fixed(v[self.me.index()]),
            SetExpr::Enemy => Leaf::Enemy {
                own: g.owner_set(self.me.index()) as u32,
                neutral: g.neutral_set() as u32,
            },
            SetExpr::ByPlayer(v) => self.leaf(&v[self.me.index()])?,
            _ => return None,
        })
    }

    /// `X at D`: a step, or `otherwise` where the board has no such
    /// direction.
    fn at(&mut self, s: &SetExpr, d: Option<usize>, then: Ix, otherwise: Ix) -> Option<Ix> {
        let leaf = self.leaf(s)?;
        match d {
            Some(d) => self.step(Ask::At(leaf, d as u8), then, otherwise),
            None => Some(otherwise),
        }
    }

    /// The entry of `e`'s steps, which go on to `then` if it holds and to
    /// `otherwise` if not. Later parts are laid down first, so that the
    /// earlier ones can name them.
    fn cond(&mut self, e: &BoolExpr, then: Ix, otherwise: Ix) -> Option<Ix> {
        match e {
            BoolExpr::Const(b) => Some(if *b { then } else { otherwise }),
            BoolExpr::Not(a) => self.cond(a, otherwise, then),
            BoolExpr::And(a, b) => {
                let b = self.cond(b, then, otherwise)?;
                self.cond(a, b, otherwise)
            }
            BoolExpr::Or(a, b) => {
                let b = self.cond(b, then, otherwise)?;
                self.cond(a, then, b)
            }
            BoolExpr::At(s, d) => {
                let d = bound_dir(&self.binds, d)?;
                self.at(s, d, then, otherwise)
            }
            BoolExpr::AtSome(s, dirs) => {
                // Any direction of the set: tried in order, the last one's
                // failure failing the whole.
                let dirs: Vec<usize> = each_dir(dirs.mask(self.me)).collect();
                let mut next = otherwise;
                for &d in dirs.iter().rev() {
                    next = self.at(s, Some(d), then, next)?;
                }
                Some(next)
            }
            BoolExpr::Quantifier { some, slot, body } => {
                // `some d:` an `or` over the board's directions, `every d:`
                // an `and`, unrolled from the last direction back.
                let mut next = if *some { otherwise } else { then };
                for d in (0..self.g.rules.board.dirs().len()).rev() {
                    self.binds.push((*slot, d as u8));
                    let one = match some {
                        true => self.cond(body, then, next),
                        false => self.cond(body, next, otherwise),
                    };
                    self.binds.pop();
                    next = one?;
                }
                Some(next)
            }
            BoolExpr::ByPlayer(v) => self.cond(&v[self.me.index()], then, otherwise),
            BoolExpr::SamePlayer(..)
            | BoolExpr::Cmp(..)
            | BoolExpr::NonEmpty(_)
            | BoolExpr::Connected(..)
            | BoolExpr::Line(..)
            | BoolExpr::Escapes { .. }
            | BoolExpr::Touches { .. }
            | BoolExpr::NextStuck
            | BoolExpr::Changed
            | BoolExpr::Attacked(..) => {
                if !cond_fixed_here(e) {
                    return None;
                }
                let ask = Ask::Cond(Box::new(e.clone()), self.binds.clone());
                self.step(ask, then, otherwise)
            }
        }
    }
}

/// The sets the leaves read: the state's and the rules' (borrowed apart
/// from the context, which the parts asked of the tree need mutably).
#[derive(Clone, Copy)]
struct Sets<'a> {
    state: &'a [u64],
    fixed: &'a [cellset::CellSet],
    w: usize,
}

impl<'a> Sets<'a> {
    fn of(cx: &Ctx<'a>) -> Sets<'a> {
        Sets {
            state: cx.sets,
            fixed: &cx.g.rules.fixed_sets,
            w: cx.g.words,
        }
    }
}

impl Leaf {
    /// The leaf's set into `out` with `&` (or `& !`, with `not`).
    #[inline(always)]
    fn and_into(self, v: Sets, out: &mut [u64], not: bool) {
        let flip = if not { !0 } else { 0 };
        let w = v.w;
        let at = |s: u32| &v.state[s as usize * w..(s as usize + 1) * w];
        match self {
            Leaf::Stored(s) => {
                for (o, x) in out.iter_mut().zip(at(s)) {
                    *o &= x ^ flip;
                }
            }
            Leaf::Fixed(i) => {
                for (o, x) in out.iter_mut().zip(v.fixed[i as usize].words()) {
                    *o &= x ^ flip;
                }
            }
            Leaf::Enemy { own, neutral } => {
                let words = at(OCCUPIED as u32)
                    .iter()
                    .zip(at(own).iter().zip(at(neutral)));
                for (o, (x, (y, z))) in out.iter_mut().zip(words) {
                    *o &= (x & !y & !z) ^ flip;
                }
            }
        }
    }

    /// Whether the leaf's set holds the cell.
    #[inline(always)]
    fn has(self, v: Sets, n: usize) -> bool {
        let bit = |s: u32| v.state[s as usize * v.w + n / 64] >> (n % 64) & 1 == 1;
        match self {
            Leaf::Stored(s) => bit(s),
            Leaf::Fixed(i) => v.fixed[i as usize].contains(n),
            Leaf::Enemy { own, neutral } => bit(OCCUPIED as u32) && !bit(own) && !bit(neutral),
        }
    }
}

impl CellTest {
    /// The cells of the `where`'s set where the condition holds, into
    /// `out`, if its set is one to build from kept sets (see [`Near`]):
    /// a word at a time, with no walk of its expression; `cand` is W
    /// words, `tmp` for the parts asked of the tree.
    pub(in crate::engine) fn near_cells(
        &self,
        cx: &mut Ctx,
        out: &mut [u64],
        cand: &mut [u64],
        tmp: &mut [u64],
    ) -> bool {
        let Some(near) = &self.near else {
            return false;
        };
        let (g, v) = (cx.g, Sets::of(cx));
        let w = v.w;
        let of = match near.of {
            Leaf::Stored(s) => &v.state[s as usize * w..(s as usize + 1) * w],
            Leaf::Fixed(i) => v.fixed[i as usize].words(),
            Leaf::Enemy { .. } => unreachable!("not lowered as `of`"),
        };
        let cand = &mut cand[..w];
        g.board_sets.neighbors_of(of, cand);
        for l in &near.within {
            l.and_into(v, cand, false);
        }
        for l in &near.without {
            l.and_into(v, cand, true);
        }
        cellset::clear(out);
        for c in cellset::cells(cand) {
            if self.holds(cx, c, tmp) {
                cellset::insert(out, c);
            }
        }
        true
    }

    /// Whether it reads a neighbour of the cell (else the tree is as quick).
    fn reads_neighbours(&self) -> bool {
        self.steps.iter().any(|s| matches!(s.ask, Ask::At(..)))
    }

    /// Whether the condition holds with `here` = `cell`; `tmp` is for the
    /// parts asked of the tree evaluator.
    pub(in crate::engine) fn holds(&self, cx: &mut Ctx, cell: usize, tmp: &mut [u64]) -> bool {
        let (g, v) = (cx.g, Sets::of(cx));
        let nd = g.rules.board.ndirs();
        let near = &g.rules.board.neighbor_table()[cell * nd..(cell + 1) * nd];
        let mut at = self.entry;
        loop {
            let Some(step) = self.steps.get(at as usize) else {
                return at == HOLDS;
            };
            let yes = match &step.ask {
                Ask::At(leaf, d) => {
                    let n = near[*d as usize];
                    n != NO_CELL && leaf.has(v, n as usize)
                }
                Ask::Cond(e, binds) => cx.cond_bound(e, binds, tmp),
            };
            at = if yes { step.then } else { step.otherwise };
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::engine::same_games::{game, same_games};

    /// The same pseudo-random games with cell tests and with the tree
    /// evaluator alone (legal actions, results and the whole position);
    /// the games must reach positions with stones on most cells.
    fn same_as_tree(g: &Game, tests: usize, near: usize) {
        assert_eq!(g.lowered.cell_tests.len(), tests);
        let built = g
            .lowered
            .cell_tests
            .tests
            .iter()
            .filter(|v| v[0].near.is_some());
        assert_eq!(built.count(), near, "`where`s built from kept sets");
        let plain = crate::engine::same_games::without(g, crate::engine::Shortcut::CellTests);
        let mut stones = 0;
        same_games(g, &plain, 30, 200, |s, t| {
            assert_eq!(s.sets, t.sets);
            stones = stones.max(s.cells.iter().filter(|&&c| c != 0).count());
        });
        assert!(stones * 2 > g.rules.board.len(), "{stones} stones at most");
    }

    #[test]
    fn pinch_tests_its_pinched_stones_as_the_tree_does() {
        let src = include_str!("../../../games/pinch.gdl");
        for options in [
            [("size", "7"), ("capture", "flip")],
            [("size", "13"), ("capture", "remove")],
        ] {
            same_as_tree(&game(src, &options), 1, 1);
        }
    }

    /// `where`s over computed sets (the cells next to some stones, most
    /// built from kept sets, one with two `neighbors` not), with every
    /// kind of part a test lowers: `some d:` and `every d:`, `not`,
    /// `or`, rotations, per-player directions, `X at` a set of directions,
    /// the enemy's pieces, marks, regions and parts asked of the tree.
    #[test]
    fn conditions_on_cells_next_to_stones_hold_as_in_the_tree() {
        let square = game(
            "game T board square(7) with diagonals players x, o pieces stone
             marks fresh
             region home: x = top, o = bottom
             define forward: x = n, o = s
             define near = empty and neighbors(occupied)
             turn: place stone at near where some d: own at d and not enemy at rotate(d, 180)
                       marking fresh
                 | place stone at near where every d: not fresh at d or own at rotate(d, 90)
                 | place stone at near where enemy at forward or home at rotate(forward, 45)
                 | place stone at near where own at orthogonal and count(own) > 2
                 | remove (enemy and neighbors(own)) where not (own at n or own at s)
                 | place stone at (neighbors(home) except occupied except fresh) where own at forward
                 | place stone at (neighbors(fresh) and neighbors(own)) where own at n
                 | place stone at empty where count(own) < 2
             end if count(own) > 12: mover wins",
            &[],
        );
        same_as_tree(&square, 7, 6);
        let hex = game(
            "game T board hexhex(4) players x, o pieces stone
             turn: place stone at (empty and neighbors(own)) where some d: own at d and own at rotate(d, 60)
                 | convert (enemy and neighbors(own)) where every d: not enemy at d or own at rotate(d, 180)
                 | place stone at empty where count(own) < 2",
            &[],
        );
        same_as_tree(&hex, 2, 2);
    }
}
