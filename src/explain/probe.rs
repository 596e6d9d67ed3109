//! Questions about one position for explanations ([`crate::explain`]):
//! the value of any set or condition, what the current step would offer
//! without its guards and priorities, the moves a choice makes from one
//! cell. Never used while playing: each call copies the state.

use crate::cellset::{self, CellSet};
use crate::engine::{Action, EntriesOf, Game, NO_CELL, Part, State};
use crate::rules::parts::ChoiceShape;
use crate::rules::*;

impl Game {
    /// The turn (index into `rules.turns`) and step the position is at.
    pub fn turn_position(&self, st: &State) -> (usize, usize) {
        (st.turn_def as usize, st.step as usize)
    }

    /// The entries of the step the player is deciding in (none when the
    /// game is over).
    pub fn step_entries<'a>(&'a self, st: &State) -> &'a [Entry] {
        match self.current_step(st) {
            Some(Step::Choose { choices, .. }) if st.result.is_none() => choices,
            Some(Step::Choose { .. } | Step::Effect(_) | Step::End(..)) | None => &[],
        }
    }

    /// Whether the pie rule's `swap` is offered now.
    pub fn pie_offered(&self, st: &State) -> bool {
        st.pie_offered && st.result.is_none()
    }

    /// The actions the current step would offer if none of its entries had
    /// a guard or came after another.
    pub fn offers_unfiltered(&self, st: &State) -> Vec<Action> {
        let open: Vec<Entry> = self
            .step_entries(st)
            .iter()
            .map(|(c, _, _)| (*c, None, 0))
            .collect();
        let mut st = st.clone();
        self.offer(&mut st, &open, EntriesOf::Made);
        let mut out = Vec::new();
        for (i, (c, _, _)) in open.iter().enumerate() {
            let t = self.slot(&st, i);
            for k in 0..self.offered(*c, st.mover, t) {
                out.push(self.nth_offered(*c, st.mover, t, k));
            }
        }
        out
    }

    /// The moves move choice `c` makes from `from` for the player to move,
    /// were its crossed (`over`, a slide's path) and target sets these.
    pub fn moves_from(
        &self,
        st: &State,
        c: u16,
        from: usize,
        over: &CellSet,
        to: &CellSet,
    ) -> Vec<Action> {
        let w = self.words;
        let mut t = vec![0u64; self.slot_sets * w];
        cellset::insert(Part::From.of_mut(&mut t, w), from);
        Part::Over.of_mut(&mut t, w).copy_from_slice(over.words());
        Part::To.of_mut(&mut t, w).copy_from_slice(to.words());
        // A slide by `line-count(S)` counts the cells of S, its fourth set.
        if let ChoiceKind::Slide {
            by: Some(Distance::LineCount(counted)),
            ..
        } = &self.rules.choices[c as usize].kind
        {
            let counted = self.probe_set(st, counted, None);
            Part::Fourth
                .of_mut(&mut t, w)
                .copy_from_slice(counted.words());
        }
        // A slide by a number worked out in the position: that number, as
        // the offer writes it.
        if let ChoiceKind::Slide {
            by: Some(Distance::Number(n)),
            ..
        } = &self.rules.choices[c as usize].kind
        {
            Part::Fourth.of_mut(&mut t, w)[0] = Distance::whole_cells(self.probe_num(st, n, None));
        }
        // A hop passes over and stops at pieces: its fourth set.
        if let ChoiceKind::Hop { .. } = &self.rules.choices[c as usize].kind {
            let occupied = self.probe_set(st, &SetExpr::Occupied, None);
            Part::Fourth
                .of_mut(&mut t, w)
                .copy_from_slice(occupied.words());
        }
        // A shift moves toward the cells of its fourth set: any, here.
        if let ChoiceKind::Shift { .. } = &self.rules.choices[c as usize].kind {
            Part::Fourth.of_mut(&mut t, w).fill(!0);
        }
        let mut out = Vec::new();
        match self.rules.choices[c as usize].kind.shape() {
            ChoiceShape::NextDoor { jump, .. } => {
                self.each_move(c, st.mover, jump, &t, |a, d, b| {
                    out.push(Action::moving(c, a, jump, d, b));
                    true
                });
            }
            ChoiceShape::Far => {
                self.each_far_move(c, st.mover, &t, |a| {
                    out.push(a);
                    true
                });
            }
            ChoiceShape::OnCell(_) | ChoiceShape::Fixed { .. } => {}
        }
        out
    }

    /// The cell of the current action (`here`), if any.
    pub fn here(&self, st: &State) -> Option<usize> {
        (st.here != NO_CELL).then_some(st.here as usize)
    }
}
