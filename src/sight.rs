//! Agents that do not read what their player cannot see. In a game with
//! `view`, a [`Sight`] keeps what each player saw at each of its decisions
//! ([`Game::view_key`]) and what it chose, and draws positions at random
//! among those the player cannot tell from the real one: the game replayed
//! from its start with the player's own choices where it chose and random
//! ones for the others (and chance), kept only if the player would have
//! seen exactly what it saw, at every decision and now. MCTS searches such
//! positions instead of the real one (determinization).
//!
//! Drawing is rejection sampling: fine for the small phantom games, slow
//! where a player sees little of a long game. A game with `view owners`
//! where the player sees every cell, whole or whose piece stands
//! (Stratego), draws instead by dealing the kinds it does not see anew over
//! the pieces whose owner it sees ([`Game::shuffle_hidden_kinds`]). A draw that finds no
//! position within [`DRAW_TRIES`] games gives up, and the agent then plays
//! a random legal action rather than look.

use rand::Rng;

use crate::engine::{Action, Game, State};
use crate::ids::Player;
use crate::run;

/// How many random replays one draw tries before it gives up.
pub const DRAW_TRIES: usize = 4000;

/// One decision of a player: what it saw, and what it chose.
#[derive(Clone, Debug)]
struct Decision {
    /// The ply the decision was made at (from 0).
    ply: u32,
    player: Player,
    seen: Vec<u64>,
    action: Action,
}

/// What the players of one game saw at their decisions.
#[derive(Clone, Debug, Default)]
pub struct Sight {
    /// The position the game started from: the first one recorded at ply 0.
    start: Option<State>,
    decisions: Vec<Decision>,
}

impl Sight {
    /// Records that `action` was played in `before` (by anyone; a chance
    /// outcome is no decision). Nothing is kept in a game without `view`.
    /// A position at ply 0 starts a new game; the decisions at or after
    /// `before`'s ply (a game taken back) are forgotten.
    pub fn record(&mut self, game: &Game, before: &State, action: Action) {
        if game.rules.view.is_none() {
            return;
        }
        if before.ply == 0 {
            self.start = Some(before.clone());
        }
        self.decisions.retain(|d| d.ply < before.ply);
        if game.is_chance(before) {
            return;
        }
        self.decisions.push(Decision {
            ply: before.ply,
            player: before.mover,
            seen: game.view_key(before, before.mover),
            action,
        });
    }

    /// A position that the player to move in `now` cannot tell from `now`,
    /// drawn at random; `None` when none is found in [`DRAW_TRIES`]
    /// replays. Only what that player saw and chose is read of the game so
    /// far, and of `now` only its view.
    pub fn draw(&self, game: &Game, now: &State, rng: &mut impl Rng) -> Option<State> {
        let me = now.mover;
        // Where a player sees every cell, whole or whose piece stands,
        // the kinds it does not see are dealt anew instead (see
        // `Game::shuffle_hidden_kinds`).
        if game.rules.view_owners.is_some()
            && let Some(world) = game.shuffle_hidden_kinds(now, me, rng)
        {
            return Some(world);
        }
        let seen_now = game.view_key(now, me);
        let mine: Vec<&Decision> = (self.decisions.iter())
            .filter(|d| d.player == me && d.ply < now.ply)
            .collect();
        let start = self.start.clone().unwrap_or_else(|| game.start());
        let limit = run::ply_limit(game);
        'replay: for _ in 0..DRAW_TRIES {
            let mut st = start.clone();
            let mut next = mine.iter();
            while !st.is_over() && st.ply < limit {
                let action = if st.mover == me && !game.is_chance(&st) {
                    let seen = game.view_key(&st, me);
                    match next.next() {
                        Some(d) if d.seen == seen && game.is_legal(&st, d.action) => d.action,
                        Some(_) => continue 'replay,
                        None if seen == seen_now => return Some(st),
                        None => continue 'replay,
                    }
                } else {
                    match game.random_action(&st, rng) {
                        Some(a) => a,
                        None => continue 'replay,
                    }
                };
                game.play_unchecked(&mut st, action);
            }
        }
        None
    }
}
