//! `Bot`: gdl's agents (`random`, `mcts:N`) called on a state, by
//! OpenSpiel's `Bot.step`; and one agent decision per game of a batch
//! ([`batch_actions`], for `VectorEnv.agent_actions`).

use std::sync::Arc;

use gdl::agent::{AgentSpec, Bot as EngineBot, agent_seed};
use gdl::engine::Action;
use pyo3::prelude::*;

use crate::game::Shared;
use crate::{Game, GameError, State};

/// An agent's spec read from its name, or a `ValueError` naming the forms.
pub(crate) fn read_spec(agent: &str) -> PyResult<AgentSpec> {
    match agent.parse::<AgentSpec>() {
        Ok(AgentSpec::Human) => Err(pyo3::exceptions::PyValueError::new_err(
            "agent `human` is a person at the terminal; a Bot is `random` or `mcts:N`",
        )),
        Ok(spec) => Ok(spec),
        Err(e) => Err(pyo3::exceptions::PyValueError::new_err(e)),
    }
}

/// One of gdl's agents: `gdl.Bot(game, "mcts:1000", seed=0)`; `step(state)`
/// returns the action id it plays there, as OpenSpiel's bots do.
///
/// `agent` is `random` or `mcts:BUDGET` (`mcts:2000` iterations, or time:
/// `mcts:500ms`, `mcts:1s`). The search runs in Rust with the GIL
/// released; a bot keeps its tree between calls when the next state
/// follows the last. In a game with hidden information MCTS searches
/// positions drawn among those the player to move cannot tell apart,
/// never the real one. At a chance node `step` returns an outcome drawn
/// by its probability.
#[pyclass(module = "gdl._gdl", unsendable)]
pub struct Bot {
    shared: Arc<Shared>,
    spec: AgentSpec,
    seed: u64,
    bot: EngineBot,
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (game, agent="mcts:1000", seed=0))]
    fn py_new(game: &Game, agent: &str, seed: u64) -> PyResult<Bot> {
        let spec = read_spec(agent)?;
        let bot = EngineBot::new(spec, seed).expect("not human: checked by read_spec");
        Ok(Bot {
            shared: game.shared.clone(),
            spec,
            seed,
            bot,
        })
    }

    /// The action id the agent plays in `state` (of this bot's game).
    /// Raises `ValueError` once the game is over, `GameError` for a state
    /// of another game.
    fn step(&mut self, py: Python<'_>, state: &State) -> PyResult<i64> {
        if self.shared.fingerprint != state.shared().fingerprint {
            return Err(GameError::new_err(
                "a state of another game: a bot plays the game it was made for",
            ));
        }
        if state.is_over() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "the game is over: there is no action to choose",
            ));
        }
        let game = &state.shared().game;
        // A copy: a state's caches cannot be shared with the thread that
        // runs while the GIL is released.
        let st = state.engine_state().clone();
        let bot = &mut self.bot;
        let chosen = py.detach(move || bot.choose(game, &st));
        let id = chosen.and_then(|a| state.id_of(a));
        id.map(i64::from).ok_or_else(|| {
            GameError::new_err("the agent found no legal action in a game that is not over")
        })
    }

    /// Forgets the search tree and starts the random generator again from
    /// the seed (OpenSpiel's `Bot.restart`).
    fn restart(&mut self) {
        self.bot = EngineBot::new(self.spec, self.seed).expect("not human: checked at creation");
    }

    fn __repr__(&self) -> String {
        format!("<gdl.Bot {} for {}>", self.spec, self.shared.source)
    }
}

/// The action each game's agent plays in `states` (a fresh agent per game,
/// seeded from `seed` and the game's index), the work split over the
/// machine's cores. `None` where a game has no legal action. The states
/// come as `&mut` only because a state's caches cannot be shared between
/// threads; each is read by one.
pub(crate) fn batch_actions(
    shared: &Shared,
    spec: AgentSpec,
    seed: u64,
    states: &mut [&mut gdl::State],
) -> Vec<Option<Action>> {
    let mut out = vec![None; states.len()];
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(states.len().max(1));
    let chunk = states.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for (c, (sts, outs)) in states
            .chunks_mut(chunk)
            .zip(out.chunks_mut(chunk))
            .enumerate()
        {
            scope.spawn(move || {
                for (k, (st, o)) in sts.iter_mut().zip(outs).enumerate() {
                    let index = (c * chunk + k) as u64;
                    let mut bot = EngineBot::new(spec, agent_seed(seed, index as usize))
                        .expect("not human: checked by read_spec");
                    *o = bot.choose(&shared.game, st);
                }
            });
        }
    });
    out
}
