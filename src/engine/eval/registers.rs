//! Register code: the steps a set program ([`crate::engine::eval::program`]) runs over
//! bitset registers, how its registers are packed and its dead steps
//! dropped once it is lowered, and how it runs.

use crate::cellset;
use crate::engine::Game;
use crate::engine::NO_CELL;
use crate::engine::eval::Ctx;
use crate::engine::tables::shifts::shift_word;
use crate::rules::*;

/// Most registers a program may use at once; a set that needs more stays
/// with the tree evaluator. Each register is one set (W words) of the
/// state's register space.
pub(in crate::engine) const MAX_REGS: usize = 48;

/// A register: one set of W words.
pub(in crate::engine) type Reg = u16;

/// Which single cell `here`, `origin` and `jumped` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::engine) enum CellRef {
    Here,
    Origin,
    Jumped,
}

/// One instruction's operation; its operands are registers written
/// before it.
#[derive(Clone, Debug, PartialEq)]
// A tag byte of its own, not one folded into a field: matched on hot paths.
#[repr(u8)]
pub(in crate::engine) enum Op {
    /// A set of the state (`State::sets`).
    Stored(u32),
    /// A fixed set of the rules.
    Fixed(u32),
    /// The group bound by `each group` in a slot.
    Slot(u8),
    All,
    Nothing,
    Cell(CellRef),
    And(Reg, Reg),
    Or(Reg, Reg),
    AndNot(Reg, Reg),
    /// The cells whose neighbour in the direction is in the set.
    Before(Reg, u8),
    /// The cells next to a cell of the set.
    Neighbors(Reg),
    /// Every cell if the condition holds, else none: a part of a lifted
    /// `where` that does not look from `here`, asked of the tree
    /// evaluator with the directions bound by the `some d:` around it.
    Cond(Box<BoolExpr>, Vec<(u8, u8)>),
}

impl Op {
    /// The same operation reading registers `f(r)` instead of `r`.
    fn renamed(self, f: impl Fn(Reg) -> Reg) -> Op {
        match self {
            Op::And(a, b) => Op::And(f(a), f(b)),
            Op::Or(a, b) => Op::Or(f(a), f(b)),
            Op::AndNot(a, b) => Op::AndNot(f(a), f(b)),
            Op::Before(a, d) => Op::Before(f(a), d),
            Op::Neighbors(a) => Op::Neighbors(f(a)),
            op @ (Op::Stored(_)
            | Op::Fixed(_)
            | Op::Slot(_)
            | Op::All
            | Op::Nothing
            | Op::Cell(_)
            | Op::Cond(..)) => op,
        }
    }
}

#[derive(Clone, Debug)]
pub(in crate::engine) struct Instr {
    pub(in crate::engine) dst: Reg,
    pub(in crate::engine) op: Op,
}

/// One set expression for one view.
#[derive(Clone, Debug)]
pub(in crate::engine) struct Program {
    pub(in crate::engine) code: Vec<Instr>,
    pub(in crate::engine) out: Reg,
}

/// The roots of a game: each one's address and its programs, one per view.
impl Program {
    /// Whether running this beats walking the tree: it lifts a `where`
    /// (steps along directions, or a condition asked once for all cells).
    /// Joins of a few stored sets are as quick in the tree (measured on
    /// draughts and Pinch), so they are left there.
    pub(in crate::engine) fn worth_it(&self) -> bool {
        self.code
            .iter()
            .any(|i| matches!(i.op, Op::Before(..) | Op::Cond(..)))
    }

    pub(in crate::engine) fn regs(&self) -> usize {
        self.code
            .iter()
            .map(|i| i.dst as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// The same code without the steps no later step reads (left behind
    /// by the lowering's `x and not y` rewrite), registers renumbered to match.
    pub(in crate::engine) fn live(self) -> Program {
        let (code, outs) = live_code(self.code, &[self.out]);
        Program { code, out: outs[0] }
    }

    /// The same code with registers reused once their last reader has run
    /// (a result never shares a register with its operands, so that the
    /// steps along directions can read and write words in any order).
    /// Before this, register `i` is the one instruction `i` writes.
    pub(in crate::engine) fn allocated(self) -> Program {
        let n = self.code.len();
        let mut last: Vec<Option<usize>> = vec![None; n];
        for (i, ins) in self.code.iter().enumerate() {
            for r in operands(&ins.op) {
                last[r as usize] = Some(i);
            }
        }
        last[self.out as usize] = Some(n);
        let mut phys: Vec<Reg> = vec![0; n];
        let mut free: Vec<Reg> = Vec::new();
        let mut next: Reg = 0;
        let mut code = Vec::with_capacity(n);
        for (i, ins) in self.code.into_iter().enumerate() {
            let dst = free.pop().unwrap_or_else(|| {
                next += 1;
                next - 1
            });
            phys[i] = dst;
            let mut done: Vec<Reg> = operands(&ins.op)
                .filter(|&r| last[r as usize] == Some(i))
                .map(|r| phys[r as usize])
                .collect();
            if last[i].is_none() {
                done.push(dst);
            }
            done.dedup();
            let op = ins.op.renamed(|r| phys[r as usize]);
            code.push(Instr { dst, op });
            free.extend(done);
        }
        Program {
            code,
            out: phys[self.out as usize],
        }
    }

    /// Computes the set into `out`, using the context's registers; `tmp`
    /// is for the conditions asked of the tree evaluator.
    pub(in crate::engine) fn run(&self, cx: &mut Ctx, out: &mut [u64], tmp: &mut [u64]) {
        let w = cx.w();
        if w == 1 {
            out[0] = self.run_one_word(cx, tmp);
            return;
        }
        let g = cx.g;
        let regs = std::mem::take(&mut cx.regs);
        for ins in &self.code {
            let d = ins.dst as usize * w;
            match &ins.op {
                Op::Stored(s) => {
                    let s = *s as usize * w;
                    cellset::copy(&mut regs[d..d + w], &cx.sets[s..s + w]);
                }
                Op::Fixed(i) => {
                    cellset::copy(&mut regs[d..d + w], g.rules.fixed_sets[*i as usize].words())
                }
                Op::Slot(k) => {
                    let k = *k as usize * w;
                    cellset::copy(&mut regs[d..d + w], &cx.set_vars[k..k + w]);
                }
                Op::All => cellset::copy(&mut regs[d..d + w], &g.board_sets.all),
                Op::Nothing => cellset::clear(&mut regs[d..d + w]),
                Op::Cell(which) => {
                    let c = match which {
                        CellRef::Here => cx.here,
                        CellRef::Origin => *cx.origin,
                        CellRef::Jumped => *cx.jumped,
                    };
                    cellset::clear(&mut regs[d..d + w]);
                    if c != NO_CELL {
                        cellset::insert(&mut regs[d..d + w], c as usize);
                    }
                }
                Op::And(a, b) | Op::Or(a, b) | Op::AndNot(a, b) => {
                    let (a, b) = (*a as usize * w, *b as usize * w);
                    for j in 0..w {
                        let (x, y) = (regs[a + j], regs[b + j]);
                        regs[d + j] = match ins.op {
                            Op::And(..) => x & y,
                            Op::Or(..) => x | y,
                            _ => x & !y,
                        };
                    }
                }
                Op::Before(a, dir) => {
                    let (src, dst) = pair(regs, *a as usize, ins.dst as usize, w);
                    g.shifts.before(*dir as usize, src, dst);
                }
                Op::Neighbors(a) => {
                    let (src, dst) = pair(regs, *a as usize, ins.dst as usize, w);
                    g.neighbors_of_any(src, dst);
                }
                Op::Cond(cond, binds) => {
                    if cx.cond_bound(cond, binds, tmp) {
                        cellset::copy(&mut regs[d..d + w], &g.board_sets.all);
                    } else {
                        cellset::clear(&mut regs[d..d + w]);
                    }
                }
            }
        }
        let o = self.out as usize * w;
        cellset::copy(out, &regs[o..o + w]);
        cx.regs = regs;
    }
}

impl Program {
    /// `run` on a board of one word: each register a `u64`, no slices.
    fn run_one_word(&self, cx: &mut Ctx, tmp: &mut [u64]) -> u64 {
        let regs = std::mem::take(&mut cx.regs);
        for ins in &self.code {
            regs[ins.dst as usize] = one_word(&ins.op, regs, cx, tmp);
        }
        let v = regs[self.out as usize];
        cx.regs = regs;
        v
    }
}

/// The value of `op` on a board of one word, its operands read from `regs`.
#[inline(always)]
pub(in crate::engine) fn one_word(op: &Op, regs: &[u64], cx: &mut Ctx, tmp: &mut [u64]) -> u64 {
    match op {
        Op::Slot(k) => cx.set_vars[*k as usize],
        Op::Cond(cond, binds) => {
            if cx.cond_bound(cond, binds, tmp) {
                cx.g.board_sets.all[0]
            } else {
                0
            }
        }
        op => {
            let cells = [cx.here, *cx.origin, *cx.jumped];
            plain_word(op, regs, cx.g, cx.sets, cells)
        }
    }
}

/// Whether an operation is worked out from the state's sets and its
/// last action's cells alone ([`plain_word`]), with no evaluation context.
pub(in crate::engine) fn is_plain(op: &Op) -> bool {
    match op {
        Op::Slot(_) | Op::Cond(..) => false,
        Op::Stored(_)
        | Op::Fixed(_)
        | Op::All
        | Op::Nothing
        | Op::Cell(_)
        | Op::And(..)
        | Op::Or(..)
        | Op::AndNot(..)
        | Op::Before(..)
        | Op::Neighbors(_) => true,
    }
}

/// Runs straight-line code of plain operations ([`is_plain`]) as
/// [`run_indexed`] does, with no evaluation context.
#[inline(always)]
pub(in crate::engine) fn run_plain(
    code: &[Instr],
    regs: &mut [u64],
    g: &Game,
    sets: &[u64],
    cells: [u32; 3],
) {
    let regs = &mut regs[..code.len()];
    for (i, ins) in code.iter().enumerate() {
        regs[i] = plain_word(&ins.op, regs, g, sets, cells);
    }
}

/// An operation that [`is_plain`] on a board of one word, given the
/// state's sets and `here`, `origin` and `jumped` (`cells`).
#[inline(always)]
pub(in crate::engine) fn plain_word(
    op: &Op,
    regs: &[u64],
    g: &Game,
    sets: &[u64],
    cells: [u32; 3],
) -> u64 {
    let r = |x: Reg| regs[x as usize];
    match op {
        Op::Stored(s) => sets[*s as usize],
        Op::Fixed(i) => g.rules.fixed_sets[*i as usize].words()[0],
        Op::All => g.board_sets.all[0],
        Op::Nothing => 0,
        Op::Cell(which) => {
            let c = match which {
                CellRef::Here => cells[0],
                CellRef::Origin => cells[1],
                CellRef::Jumped => cells[2],
            };
            if c != NO_CELL { 1u64 << c } else { 0 }
        }
        Op::And(a, b) => r(*a) & r(*b),
        Op::Or(a, b) => r(*a) | r(*b),
        Op::AndNot(a, b) => r(*a) & !r(*b),
        Op::Before(a, dir) => match g.shifts.one_word(*dir as usize) {
            Some(shift) => shift_word(r(*a), shift),
            None => {
                let mut o = [0u64];
                g.shifts.before(*dir as usize, &[r(*a)], &mut o);
                o[0]
            }
        },
        Op::Neighbors(a) => {
            let mut o = [0u64];
            g.neighbors_of_any(&[r(*a)], &mut o);
            o[0]
        }
        Op::Slot(_) | Op::Cond(..) => unreachable!("not a plain operation"),
    }
}

/// Code whose register `i` is written by instruction `i`, without the
/// instructions none of `outs` depends on, renumbered so that it still is;
/// and `outs` renumbered.
pub(in crate::engine) fn live_code(code: Vec<Instr>, outs: &[Reg]) -> (Vec<Instr>, Vec<Reg>) {
    let n = code.len();
    let mut live = vec![false; n];
    for &o in outs {
        live[o as usize] = true;
    }
    for i in (0..n).rev() {
        if live[i] {
            for r in operands(&code[i].op) {
                live[r as usize] = true;
            }
        }
    }
    let mut new: Vec<Reg> = vec![0; n];
    let mut kept = Vec::new();
    for (i, ins) in code.into_iter().enumerate() {
        if live[i] {
            new[i] = kept.len() as Reg;
            let op = ins.op.renamed(|r| new[r as usize]);
            kept.push(Instr { dst: new[i], op });
        }
    }
    (kept, outs.iter().map(|&o| new[o as usize]).collect())
}

/// The registers an operation reads.
fn operands(op: &Op) -> impl Iterator<Item = Reg> {
    let (a, b) = match *op {
        Op::And(a, b) | Op::Or(a, b) | Op::AndNot(a, b) => (Some(a), Some(b)),
        Op::Before(a, _) | Op::Neighbors(a) => (Some(a), None),
        Op::Stored(_)
        | Op::Fixed(_)
        | Op::Slot(_)
        | Op::All
        | Op::Nothing
        | Op::Cell(_)
        | Op::Cond(..) => (None, None),
    };
    a.into_iter().chain(b)
}

/// Register `src` to read and a different register `dst` to write.
fn pair(regs: &mut [u64], src: usize, dst: usize, w: usize) -> (&[u64], &mut [u64]) {
    debug_assert_ne!(src, dst, "a result has a register of its own");
    if src < dst {
        let (lo, hi) = regs.split_at_mut(dst * w);
        (&lo[src * w..(src + 1) * w], &mut hi[..w])
    } else {
        let (lo, hi) = regs.split_at_mut(src * w);
        (&hi[..w], &mut lo[dst * w..(dst + 1) * w])
    }
}
