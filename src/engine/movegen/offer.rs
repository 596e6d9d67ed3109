//! Offering: what each choice of a step offers, computed when the step is
//! reached and cached in the state (its target sets and its count), the
//! priority groups settled; and the shape by which a choice's actions are
//! counted and listed ([`Offer`]).

use super::slot::Part::{self, Fourth, From, Over, To};
use crate::cellset;
use crate::engine::eval::Ctx;
use crate::engine::eval::step_sets::NO_REG;
use crate::engine::{EMPTY, Game, OCCUPIED, State};
use crate::rules::parts::ChoiceShape;
use crate::rules::*;

/// Whose entries `offer` is given: the current step's own, for which the
/// tables worked out per step apply, or a list made from them, for which
/// they do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EntriesOf {
    /// The entries of the step the state stands at.
    CurrentStep,
    /// Another list (explain's, without guards).
    Made,
}

impl Game {
    /// Computes the actions each choice offers (cached in the state), the
    /// later priority groups emptied when an earlier one offers any; true if
    /// any action is possible. With `keep if`, only the kept actions count
    /// (see [`super::kept`]).
    pub(crate) fn offer(&self, st: &mut State, choices: &[Entry], whose: EntriesOf) -> bool {
        if self.choice_facts.keeps {
            return self.offer_kept(st, choices, whose);
        }
        if whose == EntriesOf::CurrentStep
            && let Some(step) = self
                .lowered
                .word_offers
                .find(st.turn_def, st.step, st.mover)
        {
            return self.offer_words(st, step);
        }
        self.offer_groups(st, choices, whose, None)
    }

    /// `offer` without judging: the groups up to `closed` are not offered.
    #[inline(always)]
    pub(super) fn offer_groups(
        &self,
        st: &mut State,
        choices: &[Entry],
        whose: EntriesOf,
        closed: Option<u8>,
    ) -> bool {
        let w = self.words;
        let me = st.mover;
        let mut open_group: Option<u8> = None;
        let plan = match whose {
            EntriesOf::CurrentStep => self.lowered.step_sets.find(st.turn_def, st.step, me),
            EntriesOf::Made => None,
        };
        {
            // One evaluation context for all the choices of the step, which
            // share the sets they have in common (see `memo`).
            let (mut cx, spare) = self.ctx_split(st, me);
            let (targets, counts, regs) = (spare.targets, spare.counts, spare.step_regs);
            let (scratch, memo) = spare.scratch.split_at_mut(crate::limits::SCRATCH_SETS * w);
            cx.memo = memo;
            cx.memo_on = !self.shared_sets.is_empty();
            if let Some(plan) = plan {
                plan.run(&mut cx, regs, scratch);
            }
            for (i, (c, guard, group)) in choices.iter().enumerate() {
                let len = self.slot_sets * w;
                let slot = &mut targets[i * len..(i + 1) * len];
                counts[i] = 0;
                let choice = &self.rules.choices[*c as usize];
                let skip = open_group.is_some_and(|g| g < *group)
                    || closed.is_some_and(|g| *group <= g)
                    || match plan.and_then(|p| p.guard(i, regs)) {
                        Some(holds) => !holds,
                        None => guard.as_ref().is_some_and(|g| !cx.cond(g, scratch)),
                    }
                    // A kind placed from a reserve: none left, nothing offered.
                    || matches!(choice.kind, ChoiceKind::Place { piece, .. }
                        if self.rules.reserved.get(piece.index()) == Some(&true)
                            && cx.reserve[me.index() * self.rules.pieces.len() + piece.index()] == 0);
                if skip {
                    cellset::clear(slot);
                    continue;
                }
                // `From`, then the other parts in their order (see `slot`).
                let (out, rest) = slot.split_at_mut(w);
                // The slot's sets: from the step's code if it has one.
                let outs = plan.map(|p| &p.outs[i]);
                let planned = |part: Part| {
                    outs.map(|o| {
                        let k = part as usize;
                        debug_assert_ne!(o[k], NO_REG, "a slot set the code has");
                        regs[o[k] as usize]
                    })
                };
                let fill =
                    |cx: &mut Ctx, part: Part, e: &SetExpr, out: &mut [u64], t: &mut [u64]| {
                        match planned(part) {
                            Some(v) => out[0] = v,
                            None => cx.set(e, out, t),
                        }
                    };
                // A choice on one cell writes only the first set of its slot,
                // which is all that is read of it: no clearing.
                let n = match &choice.kind {
                    ChoiceKind::Place { target, piece } if self.stacked => {
                        let from = Target::of(target, planned(From));
                        self.cell_targets(&mut cx, *c, from, out, scratch, |_, _, _| !0);
                        self.stackable(&cx, piece.index(), out)
                    }
                    ChoiceKind::Place { target, .. } => self.cell_targets(
                        &mut cx,
                        *c,
                        Target::of(target, planned(From)),
                        out,
                        scratch,
                        |empty, _, _| empty,
                    ),
                    ChoiceKind::Convert(target) => self.cell_targets(
                        &mut cx,
                        *c,
                        Target::of(target, planned(From)),
                        out,
                        scratch,
                        |_, occ, own| occ & !own,
                    ),
                    ChoiceKind::Remove(target) => self.cell_targets(
                        &mut cx,
                        *c,
                        Target::of(target, planned(From)),
                        out,
                        scratch,
                        |_, occ, _| occ,
                    ),
                    ChoiceKind::Pick(target) => self.cell_targets(
                        &mut cx,
                        *c,
                        Target::of(target, planned(From)),
                        out,
                        scratch,
                        |empty, occ, _| empty | occ,
                    ),
                    ChoiceKind::Deal { target, .. } => {
                        let cells = self.cell_targets(
                            &mut cx,
                            *c,
                            Target::of(target, planned(From)),
                            out,
                            scratch,
                            |empty, _, _| empty,
                        );
                        dealt(&cx, cells, out, rest)
                    }
                    ChoiceKind::Sow { from, ring, .. } => self.sow_targets(
                        &mut cx,
                        *c,
                        Target::of(from, planned(From)),
                        *ring,
                        out,
                        scratch,
                    ),
                    ChoiceKind::Step { from, to, .. } => {
                        rest.fill(0);
                        let (_, to_slot) = rest.split_at_mut(w);
                        fill(&mut cx, From, from, out, scratch);
                        fill(&mut cx, To, to, &mut to_slot[..w], scratch);
                        self.movable(&cx, *c, me, slot)
                    }
                    ChoiceKind::Jump { from, over, to, .. }
                    | ChoiceKind::Hop { from, over, to, .. }
                    | ChoiceKind::Slide {
                        from,
                        path: over,
                        to,
                        ..
                    } => {
                        rest.fill(0);
                        let (over_slot, rest) = rest.split_at_mut(w);
                        let (to_slot, rest) = rest.split_at_mut(w);
                        fill(&mut cx, From, from, out, scratch);
                        fill(&mut cx, Over, over, over_slot, scratch);
                        fill(&mut cx, To, to, to_slot, scratch);
                        match &choice.kind {
                            ChoiceKind::Slide {
                                by: Some(Distance::LineCount(counted)),
                                ..
                            } => fill(&mut cx, Fourth, counted, &mut rest[..w], scratch),
                            // The distance, worked out here: a whole number
                            // of cells, none below 1 (read by `far_moves`).
                            ChoiceKind::Slide {
                                by: Some(Distance::Number(n)),
                                ..
                            } => rest[0] = Distance::whole_cells(cx.int(n, scratch)),
                            _ => {}
                        }
                        // The pieces a hop passes over and stops at.
                        if let ChoiceKind::Hop { .. } = &choice.kind {
                            rest[..w].copy_from_slice(&cx.sets[OCCUPIED * w..(OCCUPIED + 1) * w]);
                        }
                        self.movable(&cx, *c, me, slot)
                    }
                    ChoiceKind::Leap { from, to, over, .. } => {
                        rest.fill(0);
                        let (over_slot, to_slot) = rest.split_at_mut(w);
                        fill(&mut cx, From, from, out, scratch);
                        if let Some(over) = over {
                            fill(&mut cx, Over, over, over_slot, scratch);
                        }
                        fill(&mut cx, To, to, &mut to_slot[..w], scratch);
                        self.movable(&cx, *c, me, slot)
                    }
                    ChoiceKind::Shift {
                        from,
                        toward,
                        path,
                        to,
                        ..
                    } => {
                        rest.fill(0);
                        let (path_slot, rest) = rest.split_at_mut(w);
                        let (to_slot, rest) = rest.split_at_mut(w);
                        fill(&mut cx, From, from, out, scratch);
                        fill(&mut cx, Over, path, path_slot, scratch);
                        fill(&mut cx, To, to, to_slot, scratch);
                        match toward {
                            Some(t) => fill(&mut cx, Fourth, t, &mut rest[..w], scratch),
                            None => rest[..w].fill(!0),
                        }
                        // A block's centre may be empty: not `movable`.
                        self.offered(*c, me, slot)
                    }
                    ChoiceKind::Draw { line, from, to } => {
                        rest.fill(0);
                        let (_, rest) = rest.split_at_mut(w);
                        let (to_slot, ways) = rest.split_at_mut(w);
                        fill(&mut cx, From, from, out, scratch);
                        fill(&mut cx, To, to, to_slot, scratch);
                        self.drawable(&cx, *line, out, to_slot, ways)
                    }
                    ChoiceKind::Move { from, to } => {
                        rest.fill(0);
                        let (_, to_slot) = rest.split_at_mut(w);
                        fill(&mut cx, From, from, out, scratch);
                        fill(&mut cx, To, to, &mut to_slot[..w], scratch);
                        self.movable(&cx, *c, me, slot)
                    }
                    ChoiceKind::Pass
                    | ChoiceKind::Swap
                    | ChoiceKind::Choose { .. }
                    | ChoiceKind::Rotate(_) => {
                        cellset::clear(slot);
                        slot[From as usize] = 1;
                        self.offered(*c, me, slot)
                    }
                };
                counts[i] = n as u32;
                if n > 0 {
                    open_group = Some(*group);
                }
            }
        }
        open_group.is_some()
    }

    /// The cells a place, convert or remove choice offers: its target set
    /// within the cells it can act on, `within(empty, occupied, own)` word
    /// by word; returns their number.
    #[inline(always)]
    fn cell_targets(
        &self,
        cx: &mut Ctx,
        c: u16,
        target: Target,
        out: &mut [u64],
        scratch: &mut [u64],
        within: impl Fn(u64, u64, u64) -> u64,
    ) -> usize {
        match target {
            Target::Planned(v) => out[0] = v,
            Target::Expr(target) => {
                if let Some(p) = self.lowered.programs.of_choice(c, cx.me) {
                    p.run(cx, out, scratch);
                } else {
                    match cx.stored(target) {
                        Some(t) => cellset::copy(out, t),
                        None => cx.set(target, out, scratch),
                    }
                }
            }
        }
        let own = self.owner_set(cx.me.index());
        let (empty, occ, own) = (cx.raw(EMPTY), cx.raw(OCCUPIED), cx.raw(own));
        let mut n = 0;
        for j in 0..out.len() {
            out[j] &= within(empty[j], occ[j], own[j]);
            n += out[j].count_ones() as usize;
        }
        n
    }

    /// With stacks, a placement goes on an empty cell or on top of a
    /// stack of the same piece: `out` cut to those; returns their number.
    #[inline(never)]
    fn stackable(&self, cx: &Ctx, kind: usize, out: &mut [u64]) -> usize {
        let owner = self.owner_set(self.owner_for(kind, cx.me.index()));
        let (empty, owned, same) = (cx.raw(EMPTY), cx.raw(owner), cx.raw(self.piece_set(kind)));
        let mut n = 0;
        for j in 0..out.len() {
            out[j] &= empty[j] | (owned[j] & same[j]);
            n += out[j].count_ones() as usize;
        }
        n
    }

    /// The cells a sowing offers: those of `from` on the ring that hold
    /// counters; returns their number. Out of line, so that games without
    /// counters keep `offer_groups` as it was.
    #[inline(never)]
    fn sow_targets(
        &self,
        cx: &mut Ctx,
        c: u16,
        from: Target,
        ring: u16,
        out: &mut [u64],
        scratch: &mut [u64],
    ) -> usize {
        let w = self.words;
        self.cell_targets(cx, c, from, out, scratch, |_, _, _| !0);
        let seeded = cx.raw(self.seeded_set());
        let on_ring = &self.board_sets.rings[ring as usize * w..][..w];
        let mut n = 0;
        for j in 0..w {
            out[j] &= seeded[j] & on_ring[j];
            n += out[j].count_ones() as usize;
        }
        n
    }

    /// The lines of kind `line` a `draw` offers: in `ways`, a set per
    /// direction of the board (see `slot`), the cells of `from` whose
    /// neighbour that way is in `to` with no such line between them yet; a
    /// line between two cells of both sets is kept once, from the first
    /// cell. Returns how many.
    #[inline(never)]
    fn drawable(&self, cx: &Ctx, line: u8, from: &[u64], to: &[u64], ways: &mut [u64]) -> usize {
        let w = self.words;
        let board = &self.rules.board;
        let (nd, table) = (board.ndirs(), board.neighbor_table());
        let marks = &self.rules.lines[line as usize].marks;
        let mut n = 0;
        for a in cellset::cells(from) {
            for (d, m) in marks.iter().enumerate() {
                let b = table[a * nd + d];
                if b == crate::board::NO_CELL {
                    continue;
                }
                let b = b as usize;
                let drawn = cellset::contains(cx.raw(self.mark_set(m.index())), a);
                let twice = b < a && cellset::contains(from, b) && cellset::contains(to, a);
                if cellset::contains(to, b) && !drawn && !twice {
                    cellset::insert(&mut ways[d * w..(d + 1) * w], a);
                    n += 1;
                }
            }
        }
        n
    }

    /// Keeps the cells of a move choice's `from` set that hold a piece;
    /// returns the number of moves offered.
    fn movable(&self, cx: &Ctx, c: u16, me: Player, slot: &mut [u64]) -> usize {
        let occ = cx.raw(OCCUPIED);
        for (s, o) in slot.iter_mut().zip(occ) {
            *s &= o;
        }
        self.offered(c, me, slot)
    }
}

/// A deal's offer: the pieces in hand, as a mask of its options in the
/// first word of `To` (`rest` is the slot after `From`), when its target
/// has exactly one empty cell (`cells`), left in `from`; returns how many
/// pieces differ (its actions). Out of line: only games with hands deal.
#[inline(never)]
fn dealt(cx: &Ctx, cells: usize, from: &mut [u64], rest: &mut [u64]) -> usize {
    let w = from.len();
    let mask = &mut rest[(To as usize - 1) * w];
    *mask = 0;
    if cells != 1 {
        cellset::clear(from);
        return 0;
    }
    // At most `MAX_DEALT` options (checked), one bit each.
    for (k, &held) in cx.reserve.iter().enumerate() {
        if held > 0 {
            *mask |= 1 << k;
        }
    }
    if *mask == 0 {
        cellset::clear(from);
    }
    mask.count_ones() as usize
}

/// A choice's cells offered: from its step's code (see
/// [`crate::engine::eval::step_sets`]) or evaluated here.
#[derive(Clone, Copy)]
enum Target<'e> {
    Planned(u64),
    Expr(&'e SetExpr),
}

impl<'e> Target<'e> {
    fn of(e: &'e SetExpr, planned: Option<u64>) -> Target<'e> {
        planned.map_or(Target::Expr(e), Target::Planned)
    }
}

/// How a choice's actions are counted, listed and checked: the shape of
/// its actions ([`ChoiceShape`]), kept per choice so that the hot paths read
/// one small value. A new kind of choice whose actions take one of these
/// shapes needs nothing here; what its sets are is `Game::offer`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Offer {
    /// One action per cell of the target (`place`, `convert`, `remove`).
    OnCell,
    /// Moves to a neighbour (`step`); along the links without a direction
    /// too when `links`.
    Steps {
        /// No directions were written: undirected links are followed too.
        links: bool,
    },
    /// Moves over a neighbour to the cell behind (`jump`).
    Jumps,
    /// Moves along the ray and leap tables, or anywhere ([`far_moves`]).
    Far,
    /// The options the rules fix, offered while the step offers the choice
    /// (`pass`, `swap`, `choose`, `rotate`).
    Fixed {
        /// How many there are.
        options: usize,
    },
    /// The pieces in hand that a `deal` may put down: the options whose
    /// bits its slot holds (see `slot`).
    Dealt,
}

impl Offer {
    /// How the actions of a choice of this kind are offered.
    pub(crate) fn of(kind: &ChoiceKind) -> Offer {
        if let ChoiceKind::Deal { .. } = kind {
            return Offer::Dealt;
        }
        match kind.shape() {
            ChoiceShape::OnCell(_) => Offer::OnCell,
            ChoiceShape::NextDoor { jump: false, links } => Offer::Steps { links },
            ChoiceShape::NextDoor { jump: true, .. } => Offer::Jumps,
            ChoiceShape::Far => Offer::Far,
            ChoiceShape::Fixed { options } => Offer::Fixed { options },
        }
    }
}
