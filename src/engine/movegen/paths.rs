//! Which route move generation takes, step by step, as text for
//! `gdl bench --paths`: how each step is offered (see `offer`), where each
//! choice's sets come from and how its actions are counted. It reads the
//! same tables and conditions play does; what depends on the position
//! (counting by shifts pays only past some number of pieces) is said so.

use super::Offer;
use super::slot::slot_exprs;
use crate::engine::{Game, Shortcut};
use crate::rules::*;

impl Game {
    /// The route of every step that offers choices, for every view, and
    /// the shortcuts the game was prepared with.
    pub fn paths(&self) -> String {
        let mut out = format!("shortcuts: {}\n", self.shortcuts);
        for (t, turn) in self.rules.turns.iter().enumerate() {
            for (s, step) in turn.steps.iter().enumerate() {
                let Step::Choose { choices, .. } = step else {
                    continue;
                };
                for p in 0..self.players {
                    let me = Player::new(p);
                    let name = &self.rules.players[p];
                    let route = self.step_route(t as u16, s as u16, me);
                    out += &format!("turn rule {}, step {}, {name}: {route}\n", t + 1, s + 1);
                    let planned = self
                        .lowered
                        .step_sets
                        .find(t as u16, s as u16, me)
                        .is_some()
                        || self
                            .lowered
                            .word_offers
                            .find(t as u16, s as u16, me)
                            .is_some();
                    for (c, _, _) in choices {
                        let choice = &self.rules.choices[*c as usize];
                        let sets = match planned {
                            true => "the step's code",
                            false => self.sets_source(&choice.kind, me),
                        };
                        let counted = self.counting(*c, me);
                        let kept = self.keep_route(*c);
                        out += &format!("  {}: sets by {sets}; {counted}{kept}\n", choice.name);
                    }
                }
            }
        }
        out
    }

    /// How step `s` of turn rule `t` is offered to `me` (see `offer`).
    fn step_route(&self, t: u16, s: u16, me: Player) -> String {
        if self.choice_facts.keeps {
            let quiet = match self.choice_facts.quiet_places.iter().any(Option::is_some) {
                true => ", or a placement by the cells next to it",
                false => "",
            };
            return format!(
                "each action kept if its `keep if` holds (tried on a copy, or judged by the cells its conditions read{quiet})"
            );
        }
        if self.lowered.word_offers.find(t, s, me).is_some() {
            return "word offer: plain register code, no evaluation context".into();
        }
        match self.lowered.step_sets.find(t, s, me) {
            Some(_) => "by groups, the step's sets from one register code".into(),
            None => "by groups, each set evaluated".into(),
        }
    }

    /// How a choice's `keep if` is judged, if it has one.
    fn keep_route(&self, c: u16) -> &'static str {
        let choice = &self.rules.choices[c as usize];
        if choice.keep.is_empty() {
            ""
        } else if self.choice_facts.keep_reads.classes[c as usize].is_some() {
            "; kept as judged by the cells its conditions read"
        } else if self.choice_facts.quiet_places[c as usize].is_some() {
            "; kept as judged by the cells next to it, else tried"
        } else {
            "; kept as tried on a copy"
        }
    }

    /// Where a choice's sets come from without the step's code.
    fn sets_source(&self, kind: &ChoiceKind, me: Player) -> &'static str {
        let exprs = slot_exprs(kind);
        let lowered =
            self.shortcuts.has(Shortcut::Programs) || self.shortcuts.has(Shortcut::CellTests);
        if exprs.iter().all(Option::is_none) {
            "none (no sets)"
        } else if exprs
            .iter()
            .flatten()
            .all(|e| self.lowered.programs.find(e, me).is_some())
        {
            "programs"
        } else if lowered {
            "the tree evaluator (with programs and cell tests where they apply)"
        } else {
            "the tree evaluator"
        }
    }

    /// How a choice's actions are counted for `me`.
    fn counting(&self, c: u16, me: Player) -> String {
        let by_shifts = self.moves.shifted_dirs[c as usize * self.players + me.index()];
        let walk = match self.moves.word_steps {
            true => "as words",
            false => match self.moves.distinct {
                true => "one AND per piece",
                false => "walking each move",
            },
        };
        match self.offers[c as usize] {
            Offer::OnCell => "counted as the cells of its target".into(),
            Offer::Fixed { options: 1 } => "one fixed option".into(),
            Offer::Fixed { options } => format!("{options} fixed options"),
            Offer::Dealt => "the pieces in hand".into(),
            Offer::Steps { links: false } if by_shifts > 0 => format!(
                "counted by shifts with more than {} pieces, else {walk}",
                2 * by_shifts
            ),
            Offer::Steps { links: false } => format!("counted {walk}"),
            Offer::Steps { links: true } => "counted walking each move (links)".into(),
            Offer::Jumps if by_shifts > 0 => format!(
                "counted by shifts with more than {by_shifts} pieces, else walking each jump"
            ),
            Offer::Jumps => "counted walking each jump".into(),
            Offer::Far => self.far_counting(c, me).into(),
        }
    }

    /// How a far-moving choice's moves are counted: `far_moves_count`'s
    /// tests, in its order.
    fn far_counting(&self, c: u16, me: Player) -> &'static str {
        let fill = self.words == 1 && self.shortcuts.has(Shortcut::SlidesByFill);
        let kind = &self.rules.choices[c as usize].kind;
        if let ChoiceKind::Move { .. } = kind {
            return "counted as pieces times targets";
        }
        if let ChoiceKind::Leap { over: None, .. } = kind
            && !self.leaps.of_choice(c, me).masks.is_empty()
        {
            return "counted by one AND per piece";
        }
        if let ChoiceKind::Slide {
            by: None,
            along: None,
            ..
        } = kind
            && fill
        {
            return "counted by filling along each direction when no piece is on the path, else walking the rays";
        }
        if let ChoiceKind::Slide {
            by: Some(Distance::Cells(_)),
            along: None,
            ..
        } = kind
            && fill
        {
            return "counted by shifts along each direction";
        }
        "counted walking the rays and leaps"
    }
}
