//! Flat programs: set expressions lowered once, when the game is built,
//! into straight-line code over bitset registers.
//!
//! The tree evaluator ([`crate::engine::eval`]) matches each node's shape on every
//! call, and a `where` tests its condition cell by cell, or finds again on
//! every call that the condition can be answered for all cells at once
//! ([`crate::engine::eval::lift`]). A program is the same set written out for one
//! player's view: stored sets loaded, the view's sets and directions
//! chosen, `where` conditions lifted into whole-set steps along directions
//! (`some d:` unrolled over the board's directions, rotations looked up),
//! and a part that occurs twice computed once.
//!
//! Programs are made for the largest expressions that lower completely
//! (the *roots*), found by one walk over the rules, and looked up by the
//! expression's address: the game's rules are shared and never change
//! ([`Game::rules`] is an `Arc`), so the addresses hold for the game's life,
//! clones included. A root holds no other root, so a program never runs
//! inside another, and one set of registers serves them all. The code
//! itself, its registers and how it runs are in [`crate::engine::eval::registers`].

use crate::engine::eval::lift::{cond_fixed_here, liftable};
use crate::engine::eval::registers::{CellRef, Instr, MAX_REGS, Op, Program, Reg, live_code};
use crate::engine::{EMPTY, Game, OCCUPIED};
use crate::rules::parts::ChoiceShape;
use crate::rules::walk::{self, At, Node, Visitor};
use crate::rules::*;

/// The roots of a game: each one's address and its programs, one per view.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct Programs {
    /// Open addressing by address; 0 marks a free slot.
    table: Vec<(usize, u32)>,
    programs: Vec<Vec<Program>>,
    /// Per choice of the rules: the root its cell target is, if it is one
    /// (found here once, not looked up at every offer).
    choice_roots: Vec<Option<u32>>,
    /// Registers the largest program uses.
    pub(in crate::engine) regs: usize,
}

impl Programs {
    /// Lowers the largest expressions of the rules that lower completely
    /// and are worth it.
    pub(in crate::engine) fn of(g: &Game) -> Programs {
        let mut roots = Roots {
            g,
            found: Vec::new(),
        };
        walk::walk(&g.rules, &mut roots);
        let mut p = Programs::default();
        let size = (roots.found.len() * 2).next_power_of_two().max(1);
        if !roots.found.is_empty() {
            p.table = vec![(0, 0); size];
        }
        for (key, views) in roots.found {
            let mut i = slot(key, size);
            while p.table[i].0 != 0 {
                i = (i + 1) & (size - 1);
            }
            p.table[i] = (key, p.programs.len() as u32);
            p.regs = p
                .regs
                .max(views.iter().map(Program::regs).max().unwrap_or(0));
            p.programs.push(views);
        }
        p.choice_roots = g
            .rules
            .choices
            .iter()
            .map(|c| match c.kind.shape() {
                ChoiceShape::OnCell(target) => p.root(target),
                ChoiceShape::NextDoor { .. } | ChoiceShape::Far | ChoiceShape::Fixed { .. } => None,
            })
            .collect();
        p
    }

    /// The program of choice `c`'s cell target for a view, if the target
    /// is a root.
    #[inline(always)]
    pub(in crate::engine) fn of_choice(&self, c: u16, me: Player) -> Option<&Program> {
        let id = (*self.choice_roots.get(c as usize)?)?;
        Some(&self.programs[id as usize][me.index()])
    }

    /// The program of a root for a view, if `e` is a root. Games without
    /// programs pay one test; the lookup is out of line, so that the tree
    /// evaluator's frame stays small.
    #[inline(always)]
    pub(in crate::engine) fn find(&self, e: &SetExpr, me: Player) -> Option<&Program> {
        match self.table.is_empty() {
            true => None,
            false => self.lookup(e, me),
        }
    }

    #[inline(never)]
    fn lookup(&self, e: &SetExpr, me: Player) -> Option<&Program> {
        let id = self.root(e)?;
        Some(&self.programs[id as usize][me.index()])
    }

    /// The index of root `e`, if it is one.
    #[inline(always)]
    fn root(&self, e: &SetExpr) -> Option<u32> {
        let key = e as *const SetExpr as usize;
        let size = self.table.len();
        if size == 0 {
            return None;
        }
        let mut i = slot(key, size);
        loop {
            let (k, id) = self.table[i];
            if k == key {
                return Some(id);
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & (size - 1);
        }
    }

    /// How many roots there are.
    #[cfg(test)]
    pub(in crate::engine) fn len(&self) -> usize {
        self.programs.len()
    }
}

fn slot(key: usize, size: usize) -> usize {
    ((key as u64 >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & (size - 1)
}

/// The walk that finds the roots: a set that lowers for every view is one
/// (its parts are not visited); else its parts are tried.
struct Roots<'a> {
    g: &'a Game,
    found: Vec<(usize, Vec<Program>)>,
}

impl Visitor for Roots<'_> {
    fn visit(&mut self, node: Node<'_>, _at: At) -> bool {
        let Node::Set(e) = node else {
            return true;
        };
        let key = e as *const SetExpr as usize;
        if self.found.iter().any(|(k, _)| *k == key) {
            return false;
        }
        let views: Option<Vec<Program>> = (0..self.g.players)
            .map(|me| Lower::new(self.g, Player::new(me)).program(e))
            .collect();
        match views {
            Some(views) if views.iter().any(Program::worth_it) => {
                self.found.push((key, views));
                false
            }
            Some(_) | None => true,
        }
    }
}

/// Several sets lowered together for view `me`, a part they share written
/// once: the code (register `i` written by instruction `i`) and each set's
/// register; `None` if one does not lower.
pub(in crate::engine) fn lower_all(
    g: &Game,
    me: Player,
    exprs: &[&SetExpr],
) -> Option<(Vec<Instr>, Vec<Reg>)> {
    let mut lower = Lower::new(g, me);
    let outs = exprs
        .iter()
        .map(|e| lower.set(e))
        .collect::<Option<Vec<Reg>>>()?;
    // Without the steps no set reads (left by `and`'s rewrite).
    Some(live_code(lower.code, &outs))
}

/// A direction as the bound directions make it (`binds`: slot and
/// direction of each `some d:` / `every d:` being unrolled, innermost
/// last): `None` if it names an unbound direction, `Some(None)` if the
/// board has no such direction.
pub(in crate::engine) fn bound_dir(binds: &[(u8, u8)], d: &DirExpr) -> Option<Option<usize>> {
    match d {
        DirExpr::Const(d) => Some(Some(d.index())),
        DirExpr::Var(slot) => {
            let &(_, d) = binds.iter().rev().find(|(s, _)| s == slot)?;
            Some(Some(d as usize))
        }
        DirExpr::Rotate(inner, table) => Some(match bound_dir(binds, inner)? {
            Some(d) => match table[d] {
                NO_DIR => None,
                r => Some(r.index()),
            },
            None => None,
        }),
    }
}

/// The player `w` names in `me`'s view.
pub(in crate::engine) fn view_player(g: &Game, me: Player, w: Who) -> usize {
    match w {
        Who::Me => me.index(),
        Who::Opponent => g.after(me.index()),
        Who::Player(p) => p.index(),
    }
}

/// Lowering one expression for one view.
struct Lower<'a> {
    g: &'a Game,
    me: Player,
    code: Vec<Instr>,
    /// The directions bound by the `some d:` / `every d:` being unrolled.
    binds: Vec<(u8, u8)>,
}

impl<'a> Lower<'a> {
    fn new(g: &'a Game, me: Player) -> Lower<'a> {
        Lower {
            g,
            me,
            code: Vec::new(),
            binds: Vec::new(),
        }
    }

    fn program(mut self, e: &SetExpr) -> Option<Program> {
        let out = self.set(e)?;
        let program = Program {
            code: self.code,
            out,
        }
        .live()
        .allocated();
        (program.regs() <= MAX_REGS).then_some(program)
    }

    /// The register holding `op`'s value: an earlier one with the same
    /// operation, or a new one (registers are numbered as written here and
    /// packed by [`Program::allocated`]).
    fn emit(&mut self, op: Op) -> Reg {
        if let Some(i) = self.code.iter().position(|x| x.op == op) {
            return self.code[i].dst;
        }
        let dst = self.code.len() as Reg;
        self.code.push(Instr { dst, op });
        dst
    }

    fn who(&self, w: Who) -> usize {
        view_player(self.g, self.me, w)
    }

    /// `x and y`, as `x except z` when `y` is `not z` (`all except z`):
    /// Connect Four's `empty where not empty at s` is then the load of
    /// `empty`, one shift and one join.
    fn and(&mut self, x: Reg, y: Reg) -> Reg {
        let negated = |r: Reg| match self.code[r as usize].op {
            Op::AndNot(all, z) if self.code[all as usize].op == Op::All => Some(z),
            _ => None,
        };
        match (negated(x), negated(y)) {
            (_, Some(z)) => self.emit(Op::AndNot(x, z)),
            (Some(z), None) => self.emit(Op::AndNot(y, z)),
            (None, None) => self.emit(Op::And(x, y)),
        }
    }

    fn stored(&mut self, set: usize) -> Reg {
        self.emit(Op::Stored(set as u32))
    }

    fn set(&mut self, e: &SetExpr) -> Option<Reg> {
        let g = self.g;
        Some(match e {
            SetExpr::Empty => self.stored(EMPTY),
            SetExpr::Occupied => self.stored(OCCUPIED),
            SetExpr::All => self.emit(Op::All),
            SetExpr::Here => self.emit(Op::Cell(CellRef::Here)),
            SetExpr::Origin => self.emit(Op::Cell(CellRef::Origin)),
            SetExpr::Jumped => self.emit(Op::Cell(CellRef::Jumped)),
            SetExpr::Owned(w) => self.stored(g.owner_set(self.who(*w))),
            SetExpr::Enemy => {
                let occupied = self.stored(OCCUPIED);
                let own = self.stored(g.owner_set(self.me.index()));
                let neutral = self.stored(g.neutral_set());
                let others = self.emit(Op::AndNot(occupied, own));
                self.emit(Op::AndNot(others, neutral))
            }
            SetExpr::Piece(k) => self.stored(g.piece_set(k.index())),
            SetExpr::Mark(m) => self.stored(g.mark_set(m.index())),
            SetExpr::Seeded => self.stored(g.seeded_set()),
            SetExpr::Stacked => self.stored(g.stacked_set()),
            SetExpr::Fixed(i) => self.emit(Op::Fixed(*i)),
            SetExpr::PerPlayer(v) => self.emit(Op::Fixed(v[self.me.index()])),
            SetExpr::Var(slot) => self.emit(Op::Slot(*slot)),
            SetExpr::ByPlayer(v) => self.set(&v[self.me.index()])?,
            SetExpr::Union(a, b) | SetExpr::Inter(a, b) | SetExpr::Except(a, b) => {
                let (a, b) = (self.set(a)?, self.set(b)?);
                self.emit(match e {
                    SetExpr::Union(..) => Op::Or(a, b),
                    SetExpr::Inter(..) => Op::And(a, b),
                    _ => Op::AndNot(a, b),
                })
            }
            SetExpr::Complement(a) => {
                let all = self.emit(Op::All);
                let a = self.set(a)?;
                self.emit(Op::AndNot(all, a))
            }
            SetExpr::Neighbors(a) => {
                let a = self.set(a)?;
                self.emit(Op::Neighbors(a))
            }
            SetExpr::Where(a, cond) => {
                if !liftable(cond) {
                    return None;
                }
                // Over a set the state keeps, most often large; a computed
                // one (Pinch's `enemy and neighbors(new)`) is mostly a few
                // cells, cheaper to test one by one than the whole board.
                let a = self.set(a)?;
                if !matches!(self.code[a as usize].op, Op::Stored(_) | Op::Fixed(_)) {
                    return None;
                }
                let c = self.cells(cond)?;
                self.and(a, c)
            }
            // A shortcut: any other set (`reach`, `like`, `box`, `ray`,
            // `flanked`, `leaps`, `lines`, and a new one until it is taught
            // here) is left to the tree evaluator, where its tables are
            // walked.
            _ => return None,
        })
    }

    fn dir(&self, d: &DirExpr) -> Option<Option<usize>> {
        bound_dir(&self.binds, d)
    }

    /// The cells where a [`liftable`] condition holds with `here` = the cell.
    fn cells(&mut self, e: &BoolExpr) -> Option<Reg> {
        Some(match e {
            BoolExpr::Not(a) => {
                let all = self.emit(Op::All);
                let a = self.cells(a)?;
                self.emit(Op::AndNot(all, a))
            }
            BoolExpr::And(a, b) => {
                let (x, y) = (self.cells(a)?, self.cells(b)?);
                self.and(x, y)
            }
            BoolExpr::Or(a, b) => {
                let (x, y) = (self.cells(a)?, self.cells(b)?);
                self.emit(Op::Or(x, y))
            }
            BoolExpr::At(s, d) => match self.dir(d)? {
                Some(d) => {
                    let x = self.set(s)?;
                    self.emit(Op::Before(x, d as u8))
                }
                None => self.emit(Op::Nothing),
            },
            BoolExpr::AtSome(s, dirs) => {
                let x = self.set(s)?;
                let mut acc = self.emit(Op::Nothing);
                for d in each_dir(dirs.mask(self.me)) {
                    let one = self.emit(Op::Before(x, d as u8));
                    acc = self.emit(Op::Or(acc, one));
                }
                acc
            }
            BoolExpr::Quantifier { some, slot, body } => {
                let mut acc = self.emit(if *some { Op::Nothing } else { Op::All });
                for d in 0..self.g.rules.board.dirs().len() {
                    self.binds.push((*slot, d as u8));
                    let one = self.cells(body);
                    self.binds.pop();
                    let one = one?;
                    acc = self.emit(if *some {
                        Op::Or(acc, one)
                    } else {
                        Op::And(acc, one)
                    });
                }
                acc
            }
            BoolExpr::ByPlayer(v) => self.cells(&v[self.me.index()])?,
            BoolExpr::Const(b) => self.emit(if *b { Op::All } else { Op::Nothing }),
            BoolExpr::SamePlayer(a, b) => {
                let same = self.who(*a) == self.who(*b);
                self.emit(if same { Op::All } else { Op::Nothing })
            }
            BoolExpr::Cmp(..)
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
                self.emit(Op::Cond(Box::new(e.clone()), self.binds.clone()))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::eval::registers::Op;
    use crate::engine::{Game, State};
    use crate::rules::*;

    fn game(source: &str) -> Game {
        crate::engine::same_games::game(source, &[])
    }

    /// Each choice's targets from both views, with programs and by the tree.
    fn same_targets(g: &Game, plain: &Game, s: &mut State, t: &mut State) {
        for choice in &g.rules.choices {
            let targets: Vec<&SetExpr> = match &choice.kind {
                ChoiceKind::Place { target, .. } => vec![target],
                ChoiceKind::Convert(x) | ChoiceKind::Remove(x) => vec![x],
                ChoiceKind::Step { from, to, .. } => vec![from, to],
                _ => vec![],
            };
            for target in targets {
                for me in [0, 1].map(Player::new) {
                    let a = g.with_ctx(s, me, |cx, tmp| {
                        let (out, rest) = tmp.split_at_mut(g.words);
                        cx.set(target, out, rest);
                        out.to_vec()
                    });
                    let b = plain.with_ctx(t, me, |cx, tmp| {
                        let (out, rest) = tmp.split_at_mut(plain.words);
                        cx.set(target, out, rest);
                        out.to_vec()
                    });
                    assert_eq!(a, b, "{target:?} seen from player {me}");
                }
            }
        }
    }

    /// The same pseudo-random games with programs and with the tree
    /// evaluator alone: legal actions, results and every target.
    fn same_as_tree(src: &str, roots: usize) {
        let g = game(src);
        assert_eq!(g.lowered.programs.len(), roots, "roots of {src}");
        let plain = crate::engine::same_games::without(&g, crate::engine::Shortcut::Programs);
        crate::engine::same_games::same_games(&g, &plain, 30, 80, |s, t| {
            same_targets(&g, &plain, s, t)
        });
    }

    #[test]
    fn programs_answer_as_the_tree_on_a_square_board() {
        same_as_tree(
            "game T board square(6) with diagonals players x, o pieces stone
             marks fresh
             define forward: x = n, o = s
             turn: place stone at empty where not empty at s marking fresh
                 | place stone at empty where every d: (empty or own) at d
                 | place stone at empty where (own and stone) at n or enemy at rotate(n, 45)
                 | place stone at empty where count(own) > 3 and not own at e
                 | place stone at empty where own at forward and not fresh at rotate(forward, 90)
                 | remove occupied where some d: enemy at d and enemy at rotate(d, 180)
                 | convert enemy | pass
             end if count(own where some d: own at d and own at rotate(d, 180) and own at rotate(d, 90)) > 2: mover wins",
            7,
        );
    }

    /// `X where not Y` is `X except Y`: no step for `not`, none left over.
    #[test]
    fn a_cell_without_a_neighbour_is_two_steps_after_the_load() {
        let g = game(
            "game T board square(7, 6) with diagonals players x, o pieces disc
             turn: place disc at empty where not empty at s",
        );
        let ChoiceKind::Place { target, .. } = &g.rules.choices[0].kind else {
            panic!("a placement")
        };
        let p = g
            .lowered
            .programs
            .find(target, Player::new(0))
            .expect("a program");
        let ops: Vec<&Op> = p.code.iter().map(|i| &i.op).collect();
        assert_eq!(ops.len(), 3, "{ops:?}");
        assert!(matches!(ops[2], Op::AndNot(..)), "{ops:?}");
    }

    /// `seeded` is a stored set like the others: loaded, joined, shifted.
    #[test]
    fn programs_answer_as_the_tree_with_counters() {
        same_as_tree(
            "game T board square(6, 2) players s, n counters seed
             ring ccw, cw = a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2
             setup: 2 x seed at cells(a1, c1, e1, b2, d2, f2), 1 x seed at all
             turn: sow (row(1) where not seeded at e) along ccw
                 | sow (row(2) and seeded where seeded at w) along cw skipping here | pass
             end if count(seeded) < 4: mover wins",
            1,
        );
    }

    #[test]
    fn programs_answer_as_the_tree_on_a_hex_board() {
        same_as_tree(
            "game T board hexhex(3) players x, o pieces stone
             turn: place stone at empty where some d: own at d and enemy at rotate(d, 180)
                 | place stone at empty where not (occupied at e or occupied at w)
                 | remove own where every d: not enemy at d | pass",
            3,
        );
    }
}
