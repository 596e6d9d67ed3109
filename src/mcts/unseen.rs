//! MCTS in a game with `view`: a decision searched over positions drawn
//! among those the player cannot tell from the real one
//! ([`crate::sight`]), never the real one.

use std::time::Instant;

use rand::RngExt;

use super::{Budget, Mcts, Stats};
use crate::engine::{Action, Game, State};

/// In a game with `view`, how many positions a decision's search is split
/// over (each drawn among those the player cannot tell apart).
pub const WORLDS: u64 = 8;

impl Mcts {
    /// [`Self::choose`] in a game with `view`: the budget split over
    /// [`WORLDS`] positions drawn among those the player cannot tell from
    /// `st`, each searched afresh; the action most visited over all of
    /// them (ties to the earlier legal action). The legal actions are
    /// `st`'s: a game's rules offer a player only what its view decides.
    /// With no position drawn, a random legal action.
    pub(super) fn choose_unseen(&mut self, game: &Game, st: &State) -> Action {
        let begin = Instant::now();
        let legal = std::mem::take(&mut self.legal);
        let mut visits = vec![0u64; legal.len()];
        let mut searched = Stats::default();
        let share = match self.budget {
            Budget::Iterations(n) => Budget::Iterations(n.div_ceil(WORLDS)),
            Budget::Time(t) => Budget::Time(t / WORLDS as u32),
        };
        let mut drawn = 0;
        for _ in 0..WORLDS {
            let Some(world) = self.sight.draw(game, st, &mut self.rng) else {
                break;
            };
            drawn += 1;
            self.reset();
            self.search(game, &world, share);
            searched.add(self.last);
            for child in self.root_children() {
                if let Some(i) = legal.iter().position(|&a| a == child.action) {
                    visits[i] += child.visits as u64;
                }
            }
            if self.stop_early(begin) {
                break;
            }
        }
        // The tree is one drawn position's, not `st`'s.
        self.reset();
        self.last = searched;
        let best = match drawn {
            0 => legal[self.rng.random_range(0..legal.len())],
            _ => {
                let most = visits.iter().copied().max().unwrap_or(0);
                legal[visits.iter().position(|&v| v == most).unwrap_or(0)]
            }
        };
        self.legal = legal;
        best
    }
}
