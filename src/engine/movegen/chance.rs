//! Decisions made by chance: a step whose one choice is a `roll`. Its
//! actions are its outcomes; chance picks one by its weight (see
//! [`ChosenBy::Chance`]), and no player is asked.

use crate::engine::{Action, Game, State};
use crate::rules::*;
use rand::{Rng, RngExt};

impl Game {
    /// Whether the game has any decision made by chance.
    pub fn has_chance(&self) -> bool {
        self.choice_facts.chance
    }

    /// The weights of the current decision's outcomes if chance makes it
    /// (in the order of its values), with the choice: `None` when a player
    /// decides, or the game is over.
    fn chance_choice(&self, st: &State) -> Option<(u16, &[u32])> {
        if !self.choice_facts.chance || st.result.is_some() {
            return None;
        }
        let Some(Step::Choose { choices, .. }) = self.current_step(st) else {
            return None;
        };
        let [(c, _, _)] = choices.as_slice() else {
            return None;
        };
        match &self.rules.choices[*c as usize].kind {
            ChoiceKind::Choose {
                by: ChosenBy::Chance(weights),
                ..
            } => Some((*c, weights)),
            _ => None,
        }
    }

    /// Whether chance makes the current decision (a `roll`), not a player.
    pub fn is_chance(&self, st: &State) -> bool {
        self.chance_choice(st).is_some_and(|_| st.counts[0] > 0)
    }

    /// The outcomes of the current decision made by chance, each with its
    /// probability (they sum to 1); empty when a player decides.
    pub fn chance_outcomes(&self, st: &State) -> Vec<(Action, f64)> {
        let Some((c, weights)) = self.chance_choice(st) else {
            return Vec::new();
        };
        if st.counts[0] == 0 {
            return Vec::new();
        }
        let total: u32 = weights.iter().sum();
        let t = self.slot(st, 0);
        weights
            .iter()
            .enumerate()
            .map(|(k, &w)| {
                let a = self.nth_offered(c, st.mover, t, k);
                (a, f64::from(w) / f64::from(total))
            })
            .collect()
    }

    /// An outcome of the current decision drawn by its probability, if
    /// chance makes it.
    pub(in crate::engine) fn chance_draw(&self, st: &State, rng: &mut impl Rng) -> Option<Action> {
        let (c, weights) = self.chance_choice(st)?;
        if st.counts[0] == 0 {
            return None;
        }
        let total: u32 = weights.iter().sum();
        let mut r = rng.random_range(0..total);
        let mut k = 0;
        while r >= weights[k] {
            r -= weights[k];
            k += 1;
        }
        Some(self.nth_offered(c, st.mover, self.slot(st, 0), k))
    }
}
