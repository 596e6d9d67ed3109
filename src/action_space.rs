//! A fixed action space per game: one integer id per action, the same id
//! meaning the same action in every position, run and machine, for
//! learning code (a policy head's outputs, OpenSpiel's action ids).
//!
//! Ids are derived from the rules alone, by the shape of each choice
//! (`rules::ChoiceShape`), in blocks laid end to end:
//!
//! - actions on a cell (`place`, `convert`, `remove`, `sow`): one block of
//!   `cells` ids, the cell's index;
//! - steps (a `step` along its directions): `from × direction`;
//! - jumps: `from × direction`;
//! - far moves (`slide`, `hop`, `leap`, `move`, `shift`, a `step` along
//!   links): `from × to`;
//! - fixed options (`pass`, `swap`, a value to `choose`, a region turn):
//!   one id per distinct notation (`pass`, `promotion=queen`, `q1+90`);
//! - the pie rule's swap: one id.
//!
//! Choices of one shape share a block (a *lane*) unless they might offer
//! the same cells in one position: then notation tells them apart by name
//! (`black:d4`, `white:d4`) and they get lanes of their own. "Might" is
//! decided from the rules, conservatively: never in one step, or moving
//! different kinds of piece, onto cells that are empty for one and
//! occupied for the other, to fixed cells that differ, along different
//! directions, or slides by different fixed distances, they cannot.
//! [`ActionSpace::ids`] still checks that a position's ids are distinct.

use crate::board::Board;
use crate::engine::{Action, ActionKind, Game, State};
use crate::ids::{Cell, Dir};
use crate::rules::{ChoiceKind, DirSet, Distance, Rules, SetExpr, Step, parts::ChoiceShape};

/// How a block's ids are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One id per cell.
    Cells,
    /// One id per (from cell, direction) of a step.
    Steps,
    /// One id per (from cell, direction) of a jump.
    Jumps,
    /// One id per (from cell, to cell).
    Moves,
    /// One id per fixed option (or the pie rule's swap).
    Options,
}

/// A run of consecutive ids.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// How the ids are laid out.
    pub layout: Layout,
    /// The first id.
    pub start: u32,
    /// How many ids.
    pub len: u32,
    /// The names of the choices whose actions take ids here.
    pub choices: Vec<String>,
}

/// The action space of one game: see the module's comment.
#[derive(Clone, Debug)]
pub struct ActionSpace {
    cells: usize,
    dirs: usize,
    /// Per choice: its block, or for fixed options each option's id.
    of_choice: Vec<Slot>,
    pie: Option<u32>,
    /// In id order.
    blocks: Vec<Block>,
    /// Per id of an `Options` block: its notation.
    option_names: Vec<String>,
}

#[derive(Clone, Debug)]
enum Slot {
    Block(usize),
    Options(Vec<u32>),
}

/// Two actions of one position took the same id: the analysis that lets
/// choices share a block was wrong for this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameId {
    /// The id both took.
    pub id: u32,
}

impl std::fmt::Display for SameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "two legal actions share action id {}: the action space cannot tell \
             their rules apart (please report this game)",
            self.id
        )
    }
}

impl std::error::Error for SameId {}

impl ActionSpace {
    /// The action space of `game`'s rules.
    pub fn new(game: &Game) -> ActionSpace {
        let rules = &game.rules;
        let board = game.board();
        let (cells, dirs) = (board.len(), board.ndirs());
        let steps = steps_of_choices(rules);
        let mut space = ActionSpace {
            cells,
            dirs,
            of_choice: Vec::with_capacity(rules.choices.len()),
            pie: None,
            blocks: Vec::new(),
            option_names: Vec::new(),
        };
        let mut next = 0u32;
        // Lanes of one layout: each lane's block and the choices in it.
        let mut lanes: Vec<(Layout, usize, Vec<usize>)> = Vec::new();
        // Each option's notation, and the choices whose option it is.
        let mut options: Vec<(String, u32, Vec<usize>)> = Vec::new();
        for (c, choice) in rules.choices.iter().enumerate() {
            let layout = match layout_of(&choice.kind, board.link_count() > 0) {
                Some(layout) => layout,
                None => {
                    let mut ids = Vec::new();
                    let n = match choice.kind.shape() {
                        ChoiceShape::Fixed { options } => options,
                        _ => 1,
                    };
                    for k in 0..n {
                        let text = choice
                            .kind
                            .option_notation(k, &rules.variables)
                            .unwrap_or_else(|| choice.name.clone());
                        // The same text shares an id unless both might be
                        // offered at once.
                        let found = options.iter_mut().find(|(t, _, cs)| {
                            *t == text && cs.iter().all(|&o| !share_step(&steps, o, c))
                        });
                        let id = match found {
                            Some((_, id, cs)) => {
                                cs.push(c);
                                *id
                            }
                            None => {
                                options.push((text, next, vec![c]));
                                next += 1;
                                next - 1
                            }
                        };
                        ids.push(id);
                    }
                    space.of_choice.push(Slot::Options(ids));
                    continue;
                }
            };
            let lane = lanes.iter_mut().find(|(l, _, cs)| {
                *l == layout && cs.iter().all(|&o| !might_clash(rules, &steps, o, c))
            });
            let block = match lane {
                Some((_, block, cs)) => {
                    cs.push(c);
                    *block
                }
                None => {
                    space.blocks.push(Block {
                        layout,
                        start: 0,
                        len: block_len(layout, cells, dirs),
                        choices: Vec::new(),
                    });
                    lanes.push((layout, space.blocks.len() - 1, vec![c]));
                    space.blocks.len() - 1
                }
            };
            space.blocks[block].choices.push(choice.name.clone());
            space.of_choice.push(Slot::Block(block));
        }
        // Options first (they were numbered from 0), then the pie, then
        // the blocks in the order made.
        let mut firsts = Vec::new();
        let mut option_names: Vec<String> = vec![String::new(); next as usize];
        for (text, id, cs) in options {
            option_names[id as usize] = text;
            let names = cs.iter().map(|&c| rules.choices[c].name.clone()).collect();
            firsts.push(Block {
                layout: Layout::Options,
                start: id,
                len: 1,
                choices: names,
            });
        }
        if !rules.swap_turns.is_empty() {
            space.pie = Some(next);
            option_names.push("swap".into());
            firsts.push(Block {
                layout: Layout::Options,
                start: next,
                len: 1,
                choices: vec!["swap".into()],
            });
            next += 1;
        }
        space.option_names = option_names;
        for b in space.blocks.iter_mut() {
            b.start = next;
            next += b.len;
        }
        for slot in space.of_choice.iter_mut() {
            if let Slot::Block(b) = slot {
                *b += firsts.len();
            }
        }
        firsts.append(&mut space.blocks);
        space.blocks = firsts;
        space
    }

    /// How many ids there are: every id is below it.
    pub fn size(&self) -> u32 {
        self.blocks.last().map_or(0, |b| b.start + b.len)
    }

    /// The blocks, in id order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The id of an action of `game` (`None` for a step between cells that
    /// are not neighbours in any direction, which no game offers).
    pub fn id(&self, board: &Board, a: Action) -> Option<u32> {
        if a.is_pie() {
            return self.pie;
        }
        let block = match &self.of_choice[a.choice as usize] {
            Slot::Options(ids) => return ids.get(a.pick_index()?).copied(),
            Slot::Block(b) => &self.blocks[*b],
        };
        let (n, d) = (self.cells, self.dirs);
        let payload = match (block.layout, a.kind) {
            (Layout::Cells, ActionKind::OnCell(c)) => c.index(),
            (Layout::Steps, ActionKind::Moves { from, to }) => {
                let dir = (0..d).find(|&k| board.neighbor(from, Dir::new(k)) == Some(to))?;
                from.index() * d + dir
            }
            (Layout::Jumps, ActionKind::Jumps { from, dir, .. }) => from.index() * d + dir.index(),
            (
                Layout::Moves,
                ActionKind::Moves { from, to } | ActionKind::Jumps { from, to, .. },
            ) => from.index() * n + to.index(),
            _ => return None,
        };
        Some(block.start + payload as u32)
    }

    /// The ids of `legal` (a position's legal actions), in order, into
    /// `out`; an error if two share an id.
    pub fn ids(&self, board: &Board, legal: &[Action], out: &mut Vec<u32>) -> Result<(), SameId> {
        out.clear();
        for &a in legal {
            out.push(self.id(board, a).unwrap_or(u32::MAX));
        }
        let mut sorted = out.clone();
        sorted.sort_unstable();
        match sorted.windows(2).find(|w| w[0] == w[1]) {
            Some(w) => Err(SameId { id: w[0] }),
            None => Ok(()),
        }
    }

    /// The legal action of `st` with id `id`, if any.
    pub fn action(&self, game: &Game, st: &State, id: u32) -> Option<Action> {
        let mut legal = Vec::new();
        game.legal_actions(st, &mut legal);
        legal
            .into_iter()
            .find(|&a| self.id(game.board(), a) == Some(id))
    }

    /// What an id stands for, in any position: the notation of its action
    /// (`e2-e4`, `d4`, `pass`), the choice's name first when its block is
    /// one of several of its layout (`white:d4`); `None` past the end.
    pub fn describe(&self, board: &Board, id: u32) -> Option<String> {
        let block = self
            .blocks
            .iter()
            .find(|b| id >= b.start && id < b.start + b.len)?;
        let k = (id - block.start) as usize;
        let (n, d) = (self.cells, self.dirs);
        let label = |c: usize| board.label(Cell::new(c)).to_string();
        let text = match block.layout {
            Layout::Options => return self.option_names.get(id as usize).cloned(),
            Layout::Cells => label(k),
            Layout::Steps | Layout::Jumps => {
                let (from, dir) = (Cell::new(k / d), Dir::new(k % d));
                let mut to = board.neighbor(from, dir);
                if block.layout == Layout::Jumps {
                    to = to.and_then(|c| board.neighbor(c, dir));
                }
                match to {
                    Some(to) => format!("{}-{}", board.label(from), board.label(to)),
                    None => format!("{}>{}", board.label(from), board.dirs()[dir.index()].name),
                }
            }
            Layout::Moves => format!("{}-{}", label(k / n), label(k % n)),
        };
        let lanes = self
            .blocks
            .iter()
            .filter(|b| b.layout == block.layout)
            .count();
        Some(match lanes {
            1 => text,
            _ => format!("{}:{text}", block.choices.join("|")),
        })
    }
}

fn block_len(layout: Layout, cells: usize, dirs: usize) -> u32 {
    (match layout {
        Layout::Cells => cells,
        Layout::Steps | Layout::Jumps => cells * dirs,
        Layout::Moves => cells * cells,
        Layout::Options => 1,
    }) as u32
}

/// The block layout of a choice's actions, `None` for fixed options. A
/// step along links, on a board that has some, can reach cells in no
/// direction: its ids are those of far moves.
fn layout_of(kind: &ChoiceKind, board_links: bool) -> Option<Layout> {
    match kind.shape() {
        ChoiceShape::OnCell(_) => Some(Layout::Cells),
        ChoiceShape::NextDoor { jump: true, .. } => Some(Layout::Jumps),
        ChoiceShape::NextDoor { jump: false, links } if !(links && board_links) => {
            Some(Layout::Steps)
        }
        ChoiceShape::NextDoor { .. } | ChoiceShape::Far => Some(Layout::Moves),
        ChoiceShape::Fixed { .. } => None,
    }
}

/// Per choice, the steps (numbered over all turns) that offer it.
fn steps_of_choices(rules: &Rules) -> Vec<Vec<usize>> {
    let mut of = vec![Vec::new(); rules.choices.len()];
    let steps = rules.turns.iter().flat_map(|t| t.steps.iter());
    for (i, step) in steps.enumerate() {
        if let Step::Choose { choices, .. } = step {
            for &(c, _, _) in choices {
                of[c as usize].push(i);
            }
        }
    }
    of
}

fn share_step(steps: &[Vec<usize>], a: usize, b: usize) -> bool {
    steps[a].iter().any(|s| steps[b].contains(s))
}

/// Whether choices `a` and `b` (of one layout) might offer actions on the
/// same cells in one position; `false` only when the rules say they cannot.
fn might_clash(rules: &Rules, steps: &[Vec<usize>], a: usize, b: usize) -> bool {
    let board_links = rules.board.link_count() > 0;
    if !share_step(steps, a, b) {
        return false;
    }
    let (ka, kb) = (&rules.choices[a].kind, &rules.choices[b].kind);
    let (pa, pb) = (parts(ka, board_links), parts(kb, board_links));
    if let (Some(x), Some(y)) = (pa.from.and_then(kinds), pb.from.and_then(kinds))
        && x & y == 0
    {
        return false;
    }
    if let (Some(x), Some(y)) = (pa.to_occupied(), pb.to_occupied())
        && x != y
    {
        return false;
    }
    if let (Some(x), Some(y)) = (
        pa.to.and_then(|t| fixed(rules, t)),
        pb.to.and_then(|t| fixed(rules, t)),
    ) && x.iter().all(|c| !y.contains(c))
    {
        return false;
    }
    // Different directions from one cell never reach the same cell, in
    // one step or along a line.
    if let (Some(x), Some(y)) = (pa.line_dirs, pb.line_dirs) {
        let players = rules.players.len();
        let (mx, my) = (x.masks(players), y.masks(players));
        if mx.iter().zip(&my).all(|(p, q)| p & q == 0) {
            return false;
        }
        if let (Some(n), Some(m)) = (pa.distance, pb.distance)
            && n != m
        {
            return false;
        }
    }
    true
}

/// What the clash analysis reads of a choice.
#[derive(Default)]
struct Parts<'a> {
    from: Option<&'a SetExpr>,
    to: Option<&'a SetExpr>,
    /// A target that is always empty (`place`) or always occupied.
    occupied: Option<bool>,
    /// Directions of a move along a straight line (step, jump, slide, hop).
    line_dirs: Option<&'a DirSet>,
    /// The distance along it, when fixed.
    distance: Option<u32>,
}

impl Parts<'_> {
    fn to_occupied(&self) -> Option<bool> {
        self.occupied.or_else(|| self.to.and_then(occupied))
    }
}

fn parts(kind: &ChoiceKind, board_links: bool) -> Parts<'_> {
    let p = Parts::default();
    match kind {
        ChoiceKind::Place { target, .. } => Parts {
            to: Some(target),
            occupied: Some(false),
            ..p
        },
        ChoiceKind::Convert(t) | ChoiceKind::Remove(t) => Parts {
            to: Some(t),
            occupied: Some(true),
            ..p
        },
        ChoiceKind::Pick(t) => Parts { to: Some(t), ..p },
        ChoiceKind::Sow { .. } | ChoiceKind::Deal { .. } => p,
        ChoiceKind::Step {
            from,
            dirs,
            to,
            links,
        } => Parts {
            from: Some(from),
            to: Some(to),
            line_dirs: (!(*links && board_links)).then_some(dirs),
            distance: Some(1),
            ..p
        },
        ChoiceKind::Jump { from, dirs, to, .. } => Parts {
            from: Some(from),
            to: Some(to),
            line_dirs: Some(dirs),
            distance: Some(2),
            ..p
        },
        ChoiceKind::Hop { from, dirs, to, .. } => Parts {
            from: Some(from),
            to: Some(to),
            line_dirs: Some(dirs),
            ..p
        },
        ChoiceKind::Slide {
            from,
            dirs,
            along,
            by,
            to,
            ..
        } => Parts {
            from: Some(from),
            to: Some(to),
            // Along a track a move follows no line of the board.
            line_dirs: along.is_none().then_some(dirs),
            distance: match by {
                Some(Distance::Cells(n)) => Some(*n),
                Some(Distance::LineCount(_) | Distance::Number(_)) | None => None,
            },
            ..p
        },
        ChoiceKind::Leap { from, to, .. }
        | ChoiceKind::Move { from, to }
        | ChoiceKind::Draw { from, to, .. } => Parts {
            from: Some(from),
            to: Some(to),
            ..p
        },
        ChoiceKind::Shift { .. }
        | ChoiceKind::Pass
        | ChoiceKind::Swap
        | ChoiceKind::Choose { .. }
        | ChoiceKind::Rotate(_) => p,
    }
}

/// The piece kinds a set's cells may hold (a bit per kind), when the set
/// says; `None`: any.
fn kinds(e: &SetExpr) -> Option<u64> {
    match e {
        SetExpr::Piece(k) => Some(1 << k.index()),
        SetExpr::Empty => Some(0),
        SetExpr::Inter(a, b) => match (kinds(a), kinds(b)) {
            (Some(x), Some(y)) => Some(x & y),
            (x, y) => x.or(y),
        },
        SetExpr::Union(a, b) => Some(kinds(a)? | kinds(b)?),
        SetExpr::Except(a, _) | SetExpr::Where(a, _) => kinds(a),
        SetExpr::ByPlayer(v) => v.iter().try_fold(0, |k, e| Some(k | kinds(e)?)),
        _ => None,
    }
}

/// Whether a set's cells are all occupied (`Some(true)`) or all empty
/// (`Some(false)`), when the set says.
fn occupied(e: &SetExpr) -> Option<bool> {
    match e {
        SetExpr::Empty => Some(false),
        SetExpr::Occupied | SetExpr::Owned(_) | SetExpr::Enemy | SetExpr::Piece(_) => Some(true),
        SetExpr::Inter(a, b) => occupied(a).or_else(|| occupied(b)),
        SetExpr::Union(a, b) => match (occupied(a)?, occupied(b)?) {
            (x, y) if x == y => Some(x),
            _ => None,
        },
        SetExpr::Except(a, _) | SetExpr::Where(a, _) => occupied(a),
        _ => None,
    }
}

/// The cells of a set fixed by the rules (for every player), when it is.
fn fixed(rules: &Rules, e: &SetExpr) -> Option<Vec<usize>> {
    let sets: Vec<u32> = match e {
        SetExpr::Fixed(i) => vec![*i],
        SetExpr::PerPlayer(v) => v.clone(),
        SetExpr::Inter(a, b) => return fixed(rules, a).or_else(|| fixed(rules, b)),
        SetExpr::Except(a, _) | SetExpr::Where(a, _) => return fixed(rules, a),
        SetExpr::ByPlayer(v) => {
            let mut cells = Vec::new();
            for e in v {
                cells.extend(fixed(rules, e)?);
            }
            return Some(cells);
        }
        _ => return None,
    };
    let mut cells: Vec<usize> = sets
        .iter()
        .flat_map(|&i| rules.fixed_sets[i as usize].iter())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    Some(cells)
}

#[cfg(test)]
mod tests;
