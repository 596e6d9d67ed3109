//! Decisions made by chance: a step whose one choice is a `roll` or a
//! `deal`, or a step `by chance:`. Its actions are its outcomes; chance
//! picks one, a roll's by its weight (see [`ChosenBy::Chance`]), a deal's
//! by how many of the piece the hands hold, a `by chance:` step's each as
//! likely as the others, and no player is asked.

use crate::engine::{Action, Game, State};
use crate::rules::*;
use rand::{Rng, RngExt};

/// The decision chance makes at a step.
enum Chance<'a> {
    /// A `roll`: choice `c`, its values' weights.
    Roll(u16, &'a [u32]),
    /// A `deal`: choice `c`, weighted by the pieces in hand.
    Deal(u16),
    /// `by chance:`: the step's legal actions, each as likely; the number
    /// of its choices.
    Even(usize),
}

impl Game {
    /// Whether the game has any decision made by chance.
    pub fn has_chance(&self) -> bool {
        self.choice_facts.chance
    }

    /// How chance makes the current decision: `None` when a player
    /// decides, or the game is over.
    fn chance_choice(&self, st: &State) -> Option<Chance<'_>> {
        if !self.choice_facts.chance || st.result.is_some() {
            return None;
        }
        let Some(Step::Choose { choices, by, .. }) = self.current_step(st) else {
            return None;
        };
        if *by == Decider::Chance {
            return Some(Chance::Even(choices.len()));
        }
        let [(c, _, _)] = choices.as_slice() else {
            return None;
        };
        match &self.rules.choices[*c as usize].kind {
            ChoiceKind::Choose {
                by: ChosenBy::Chance(weights),
                ..
            } => Some(Chance::Roll(*c, weights)),
            ChoiceKind::Deal { .. } => Some(Chance::Deal(*c)),
            _ => None,
        }
    }

    /// Whether chance makes the current decision (a `roll`, a step `by
    /// chance:`), not a player.
    pub fn is_chance(&self, st: &State) -> bool {
        match self.chance_choice(st) {
            None => false,
            Some(Chance::Roll(..) | Chance::Deal(_)) => st.counts[0] > 0,
            // No `keep if` in such a step: the counts are the actions.
            Some(Chance::Even(n)) => st.counts[..n].iter().any(|&k| k > 0),
        }
    }

    /// The outcomes of the current decision made by chance, each with its
    /// probability (they sum to 1); empty when a player decides.
    pub fn chance_outcomes(&self, st: &State) -> Vec<(Action, f64)> {
        let (c, weights) = match self.chance_choice(st) {
            None => return Vec::new(),
            Some(Chance::Even(_)) => {
                let mut legal = Vec::new();
                self.legal_actions(st, &mut legal);
                let p = 1.0 / legal.len() as f64;
                return legal.into_iter().map(|a| (a, p)).collect();
            }
            Some(Chance::Roll(c, weights)) => (c, weights),
            Some(Chance::Deal(c)) => {
                let total: u32 = self.dealt(st).map(|h| h.1).sum();
                return self
                    .dealt(st)
                    .map(|(k, n)| (Action::pick(c, k), f64::from(n) / f64::from(total)))
                    .collect();
            }
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

    /// The options a `deal` offers now, each with the number held: none
    /// unless its target has one empty cell. Read from the mask the offer
    /// left, with nothing allocated (random playouts deal on every turn).
    fn dealt<'s>(&self, st: &'s State) -> impl Iterator<Item = (usize, u32)> + 's {
        let mut bits = match st.counts[0] {
            0 => 0,
            _ => self.slot(st, 0)[super::slot::Part::To as usize * self.words],
        };
        std::iter::from_fn(move || {
            let k = (bits != 0).then(|| bits.trailing_zeros() as usize)?;
            bits &= bits - 1;
            Some((k, u32::from(st.reserve[k])))
        })
    }

    /// An outcome of a `roll` or a `deal` drawn by its probability. `None`
    /// otherwise: a `by chance:` step's actions are equally likely, as the
    /// uniform draw of [`Game::random_action`] takes them.
    pub(in crate::engine) fn chance_draw(&self, st: &State, rng: &mut impl Rng) -> Option<Action> {
        let (c, weights) = match self.chance_choice(st)? {
            Chance::Even(_) => return None,
            Chance::Roll(c, weights) => (c, weights),
            Chance::Deal(c) => {
                let k = weighted_pick(|| self.dealt(st), rng)?;
                return Some(Action::pick(c, k));
            }
        };
        if st.counts[0] == 0 {
            return None;
        }
        let k = weighted_pick(|| weights.iter().copied().enumerate(), rng)?;
        Some(self.nth_offered(c, st.mover, self.slot(st, 0), k))
    }
}

/// One of the items `each` lists, drawn by its weight (`None` when the
/// weights sum to 0): the list is walked twice, for the total and the draw.
fn weighted_pick<I: Iterator<Item = (usize, u32)>>(
    each: impl Fn() -> I,
    rng: &mut impl Rng,
) -> Option<usize> {
    let total: u32 = each().map(|(_, w)| w).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.random_range(0..total);
    for (k, w) in each() {
        if r < w {
            return Some(k);
        }
        r -= w;
    }
    unreachable!("r < total")
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

    /// Three neutral pieces put on a row of three in a random order, one
    /// step by chance each: 3 × 2 × 1 orders, each as likely.
    const SHUFFLE: &str = "game Shuffle\nboard square(3, 1)\nplayers a, b\n\
        neutral pieces one, two, three\n\
        turn 1: by chance: place one at empty, by chance: place two at empty,\n\
                by chance: place three at empty\n\
        turn: pass\n";

    #[test]
    fn a_step_by_chance_offers_each_action_as_likely() {
        let g = game(SHUFFLE, &[]);
        let mut st = g.start();
        assert!(g.has_chance());
        for left in [3, 2, 1] {
            assert!(g.is_chance(&st));
            let outcomes = g.chance_outcomes(&st);
            assert_eq!(outcomes.len(), left);
            assert!(
                outcomes
                    .iter()
                    .all(|o| (o.1 - 1.0 / left as f64).abs() < 1e-12)
            );
            g.play_unchecked(&mut st, outcomes[0].0);
        }
        assert!(!g.is_chance(&st), "a player passes now");
        // Each order is a leaf of the tree three plies deep, counted once.
        let mut legal = Vec::new();
        let mut frontier = vec![g.start()];
        for _ in 0..3 {
            let mut next = Vec::new();
            for st in &frontier {
                g.legal_actions(st, &mut legal);
                for &a in &legal {
                    let mut child = st.clone();
                    g.play_unchecked(&mut child, a);
                    next.push(child);
                }
            }
            frontier = next;
        }
        assert_eq!(frontier.len(), 6);
    }

    #[test]
    fn a_shuffle_drawn_at_random_gives_each_order_as_often() {
        let g = game(SHUFFLE, &[]);
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut seen = std::collections::HashMap::new();
        let n = 6000;
        for _ in 0..n {
            let mut st = g.start();
            while g.is_chance(&st) {
                let a = g.random_action(&st, &mut rng).expect("an outcome");
                g.play_unchecked(&mut st, a);
            }
            let order: Vec<_> = (0..3)
                .map(|c| g.piece_at(&st, crate::ids::Cell::new(c)).map(|p| p.kind))
                .collect();
            *seen.entry(order).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 6, "{seen:?}");
        // 1000 each expected; 5 standard deviations is about 150.
        assert!(
            seen.values().all(|&k| (850..=1150).contains(&k)),
            "{seen:?}"
        );
    }

    /// Three face-down pieces on a row; the hands hold two red soldiers and
    /// one black general. A turn-up deals onto the emptied cell.
    const TURN_UP: &str = "game T\nboard square(3, 1)\nplayers red, black\n\
        pieces general, soldier\nneutral pieces hidden\n\
        reserve: red soldier = 2, black general = 1\nsetup: hidden at all\n\
        turn: remove hidden, deal at here\n";

    #[test]
    fn a_deal_is_weighted_by_the_pieces_held() {
        let g = game(TURN_UP, &[]);
        let mut st = g.start();
        assert!(!g.is_chance(&st), "the player turns a piece up");
        crate::notation::play_moves(&g, &mut st, "b1").expect("a turn-up");
        assert!(g.is_chance(&st));
        let outcomes: Vec<(String, f64)> = g
            .chance_outcomes(&st)
            .iter()
            .map(|&(a, p)| (crate::notation::format(&g, &[], a), p))
            .collect();
        assert_eq!(outcomes.len(), 2, "{outcomes:?}");
        assert_eq!(outcomes[0].0, "red-soldier");
        assert!((outcomes[0].1 - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(outcomes[1].0, "black-general");
        assert!((outcomes[1].1 - 1.0 / 3.0).abs() < 1e-12);
        // Dealt: the piece on the cell, its owner's, out of the hand.
        crate::notation::play_moves(&g, &mut st, "black-general").expect("a deal");
        let piece = g.piece_at(&st, crate::ids::Cell::new(1)).expect("dealt");
        assert_eq!(
            (piece.kind.index(), piece.owner.map(|o| o.index())),
            (0, Some(1))
        );
        assert!(!g.is_chance(&st));
        // Now only soldiers are left to deal.
        crate::notation::play_moves(&g, &mut st, "a1").expect("a turn-up");
        let left: Vec<f64> = g.chance_outcomes(&st).iter().map(|o| o.1).collect();
        assert_eq!(left, [1.0]);
    }

    #[test]
    fn random_deals_follow_the_hands() {
        let g = game(TURN_UP, &[]);
        let mut st = g.start();
        crate::notation::play_moves(&g, &mut st, "a1").expect("a turn-up");
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let soldier = g.chance_outcomes(&st)[0].0;
        let n = 3000;
        let soldiers = (0..n)
            .filter(|_| g.random_action(&st, &mut rng) == Some(soldier))
            .count();
        // 2000 expected; 5 standard deviations is about 130.
        assert!((1870..=2130).contains(&soldiers), "{soldiers} of {n}");
    }

    #[test]
    fn a_deal_with_no_one_empty_cell_is_skipped() {
        // `deal at empty` on a board with two empty cells: nothing to deal
        // there, so the turn offers nothing and the game ends drawn.
        let g = game(
            "game T\nboard square(2, 1)\nplayers a, b\npieces p\n\
             reserve: p = 1\nturn: deal at empty\n",
            &[],
        );
        let st = g.start();
        assert!(!g.is_chance(&st));
        assert!(st.is_over(), "{:?}", st.result);
    }
}
