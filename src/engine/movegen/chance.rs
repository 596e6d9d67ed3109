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

#[cfg(test)]
mod tests {
    use crate::engine::same_games::game;
    use crate::mcts::{Budget, Mcts};
    use rand::SeedableRng;

    /// A roll whose first value, listed twice, wins at once: it is twice
    /// as likely as the other, which loses.
    const COIN: &str = "game Coin\nboard square(1)\nplayers a, b\npieces p\n\
        variables side\nturn: roll side from 1, 1, 2\n\
        end if side = 1: mover wins\nend if side = 2: mover loses\n";

    #[test]
    fn outcomes_carry_their_weights() {
        let g = game(COIN, &[]);
        let st = g.start();
        assert!(g.has_chance() && g.is_chance(&st));
        let p: Vec<f64> = g.chance_outcomes(&st).iter().map(|o| o.1).collect();
        assert_eq!(p.len(), 2);
        assert!((p[0] - 2.0 / 3.0).abs() < 1e-12 && (p[1] - 1.0 / 3.0).abs() < 1e-12);
        let mut legal = Vec::new();
        g.legal_actions(&st, &mut legal);
        assert_eq!(legal.len(), 2, "perft counts each outcome once");
    }

    #[test]
    fn random_draws_follow_the_weights() {
        let g = game(COIN, &[]);
        let st = g.start();
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let first = g.chance_outcomes(&st)[0].0;
        let n = 3000;
        let ones = (0..n)
            .filter(|_| g.random_action(&st, &mut rng) == Some(first))
            .count();
        // 2000 expected; 5 standard deviations is about 130.
        assert!((1870..=2130).contains(&ones), "{ones} of {n}");
    }

    #[test]
    fn mcts_draws_a_roll_and_never_picks_the_winning_one() {
        let g = game(COIN, &[]);
        let st = g.start();
        let lose = g.chance_outcomes(&st)[1].0;
        let mut m = Mcts::new(Budget::Iterations(200), 9);
        let n = 300;
        let losing = (0..n).filter(|_| m.choose(&g, &st) == Some(lose)).count();
        // 100 expected; a search that chose would never lose.
        assert!((55..=145).contains(&losing), "{losing} of {n}");
    }

    #[test]
    fn a_game_without_a_roll_has_no_chance() {
        let g = game(
            "game T\nboard square(3)\nplayers x, o\npieces s\nturn: place s at empty\n",
            &[],
        );
        assert!(!g.has_chance() && !g.is_chance(&g.start()));
        assert!(g.chance_outcomes(&g.start()).is_empty());
    }
}
