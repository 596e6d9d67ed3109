//! `VectorEnv`: N games of one kind stepped together in one call, the GIL
//! released, with numpy arrays in and out. A game that ends starts again
//! at once.

use std::sync::Arc;

use gdl::engine::Action;
use numpy::{PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::bot::{batch_actions, read_spec};
use crate::game::Shared;
use crate::state::{list_legal, write_returns};

/// One of the games.
struct Slot {
    st: gdl::State,
    /// The legal actions with their ids, by id.
    legal: Vec<(u32, Action)>,
    /// Actions played since this game started.
    plies: u32,
    listed: Vec<Action>,
    ids: Vec<u32>,
    /// Draws the outcomes of chance's decisions in this game.
    chance: Xoshiro256PlusPlus,
}

impl Slot {
    fn new(shared: &Shared, seed: u64) -> Result<Slot, String> {
        let mut slot = Slot {
            st: shared.game.start(),
            legal: Vec::new(),
            plies: 0,
            listed: Vec::new(),
            ids: Vec::new(),
            chance: Xoshiro256PlusPlus::seed_from_u64(seed),
        };
        slot.settle_chance(shared);
        slot.refresh(shared, false)?;
        Ok(slot)
    }

    fn restart(&mut self, shared: &Shared) -> Result<(), String> {
        self.st = shared.game.start();
        self.plies = 0;
        self.settle_chance(shared);
        self.refresh(shared, false)
    }

    /// Plays the decisions chance makes (a `roll`), each outcome drawn by
    /// its probability, until a player is to move or the game is over:
    /// the agents never see a chance node.
    fn settle_chance(&mut self, shared: &Shared) {
        while shared.game.is_chance(&self.st) {
            let Some(a) = shared.game.random_action(&self.st, &mut self.chance) else {
                return;
            };
            shared.game.play_unchecked(&mut self.st, a);
            self.plies += 1;
        }
    }

    fn refresh(&mut self, shared: &Shared, over: bool) -> Result<(), String> {
        list_legal(
            shared,
            &self.st,
            over,
            &mut self.listed,
            &mut self.ids,
            &mut self.legal,
        )?;
        if !over && self.legal.is_empty() {
            return Err("a game that is not over has no legal action".into());
        }
        Ok(())
    }

    fn find(&self, id: u32) -> Option<Action> {
        (self.legal.binary_search_by_key(&id, |p| p.0).ok()).map(|i| self.legal[i].1)
    }
}

/// N games of one kind, stepped together in Rust with the GIL released:
/// `gdl.VectorEnv("chess", n=64, seed=0)` or `game.vector_env(64)`.
///
/// `step(actions)` plays one action in every game and returns
/// `(observations, legal_masks, rewards, dones)`. A game that the action
/// ends (by the rules, or after `max_game_length` actions) starts again at
/// once: its `dones` entry is True, its `rewards` row is the finished
/// game's returns, and its observation and mask are the new game's first
/// position. Rewards are 0 for every other game. Observations are seen
/// from the seat to move (`current_players()`).
#[pyclass(module = "gdl._gdl", unsendable)]
pub struct VectorEnv {
    shared: Arc<Shared>,
    slots: Vec<Slot>,
    rng: Xoshiro256PlusPlus,
}

/// What `step` and `reset` fill: observations, masks, rewards, dones.
struct Out<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
}

type Arrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

/// The seed of game `i`'s chance draws in an environment seeded `seed`.
fn chance_seed(seed: u64, i: usize) -> u64 {
    seed ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1)
}

fn err(e: impl ToString) -> PyErr {
    PyValueError::new_err(e.to_string())
}

impl VectorEnv {
    pub fn create(shared: Arc<Shared>, n: usize, seed: u64) -> PyResult<VectorEnv> {
        if n == 0 {
            return Err(err("n must be at least 1"));
        }
        let slots = (0..n)
            .map(|i| Slot::new(&shared, chance_seed(seed, i)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(VectorEnv {
            shared,
            slots,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        })
    }

    fn seats(&self) -> usize {
        self.shared.game.rules.players.len()
    }

    /// Fresh zeroed arrays of the shapes `step` returns.
    fn arrays<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        let n = self.slots.len();
        (
            PyArray2::zeros(py, [n, self.shared.observation.len()], false),
            PyArray2::zeros(py, [n, self.shared.space.size() as usize], false),
            PyArray2::zeros(py, [n, self.seats()], false),
            PyArray1::zeros(py, n, false),
        )
    }

    /// Runs `work` on the games and fresh arrays, the GIL released.
    fn with_arrays<'py>(
        &mut self,
        py: Python<'py>,
        work: impl FnOnce(&Shared, &mut [Slot], Out<'_>) -> Result<(), String> + Send,
    ) -> PyResult<Arrays<'py>> {
        let arrays = self.arrays(py);
        {
            let mut obs = arrays.0.readwrite();
            let mut mask = arrays.1.readwrite();
            let mut rewards = arrays.2.readwrite();
            let mut dones = arrays.3.readwrite();
            let out = Out {
                obs: obs.as_slice_mut().map_err(err)?,
                mask: mask.as_slice_mut().map_err(err)?,
                rewards: rewards.as_slice_mut().map_err(err)?,
                dones: dones.as_slice_mut().map_err(err)?,
            };
            let shared = &*self.shared;
            let slots = &mut self.slots[..];
            py.detach(|| work(shared, slots, out)).map_err(err)?;
        }
        Ok(arrays)
    }

    /// The actions as int64 ids, one per game: ValueError for another shape
    /// or a dtype that is not an integer's.
    fn read_actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        let np = actions.py().import("numpy")?;
        let array = np.call_method1("asarray", (actions,))?;
        let array = array.cast_into::<numpy::PyUntypedArray>().map_err(err)?;
        let n = self.slots.len();
        if array.shape() != [n] {
            return Err(err(format!(
                "actions must have shape ({n},), one per game; got {:?}",
                array.shape()
            )));
        }
        let kind = array.dtype().kind();
        if kind != b'i' && kind != b'u' {
            return Err(err(format!(
                "actions must be integer ids; got dtype {}",
                array.dtype()
            )));
        }
        let ints = array.call_method1("astype", ("int64",))?;
        let ints = ints.cast_into::<PyArray1<i64>>().map_err(err)?;
        ints.to_vec().map_err(err)
    }
}

/// Writes game `i`'s observation (from the seat to move) and mask.
fn fill(shared: &Shared, i: usize, slot: &Slot, out: &mut Out<'_>) {
    let len = shared.observation.len();
    let size = shared.space.size() as usize;
    let seat = shared.game.seat_of(&slot.st, slot.st.mover);
    let obs = &mut out.obs[i * len..(i + 1) * len];
    shared.observation.write(&shared.game, &slot.st, seat, obs);
    let mask = &mut out.mask[i * size..(i + 1) * size];
    for &(id, _) in &slot.legal {
        mask[id as usize] = true;
    }
}

#[pymethods]
impl VectorEnv {
    /// `n` games of `game` (a shipped name, a path or a game's text, with
    /// options as keywords, as `load_game` reads them, or a loaded
    /// `Game`); `seed` seeds `random_actions`.
    #[new]
    #[pyo3(signature = (game, n, seed=0, **options))]
    fn py_new(
        game: &Bound<'_, PyAny>,
        n: usize,
        seed: u64,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<VectorEnv> {
        let shared = if let Ok(g) = game.cast::<crate::Game>() {
            if options.is_some_and(|o| !o.is_empty()) {
                return Err(err("options come with a game's name, not a loaded Game"));
            }
            g.get().shared.clone()
        } else {
            crate::load_game(Some(game), None, options)?.shared
        };
        VectorEnv::create(shared, n, seed)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    fn get_game(&self) -> crate::Game {
        crate::Game {
            shared: self.shared.clone(),
        }
    }

    /// Starts every game again (and reseeds `random_actions` if `seed` is
    /// given); returns `(observations, legal_masks)`.
    #[pyo3(signature = (seed=None))]
    #[allow(clippy::type_complexity)]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>)> {
        if let Some(s) = seed {
            self.rng = Xoshiro256PlusPlus::seed_from_u64(s);
            for (i, slot) in self.slots.iter_mut().enumerate() {
                slot.chance = Xoshiro256PlusPlus::seed_from_u64(chance_seed(s, i));
            }
        }
        let (obs, mask, _, _) = self.with_arrays(py, |shared, slots, mut out| {
            for (i, slot) in slots.iter_mut().enumerate() {
                slot.restart(shared)?;
                fill(shared, i, slot, &mut out);
            }
            Ok(())
        })?;
        Ok((obs, mask))
    }

    /// The current `(observations, legal_masks)`, without a step.
    #[allow(clippy::type_complexity)]
    fn observe<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>)> {
        let (obs, mask, _, _) = self.with_arrays(py, |shared, slots, mut out| {
            for (i, slot) in slots.iter().enumerate() {
                fill(shared, i, slot, &mut out);
            }
            Ok(())
        })?;
        Ok((obs, mask))
    }

    /// The seat to move in each game (int64).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let game = &self.shared.game;
        let seats: Vec<i64> = (self.slots.iter())
            .map(|s| game.seat_of(&s.st, s.st.mover) as i64)
            .collect();
        PyArray1::from_vec(py, seats)
    }

    /// One uniformly random legal action id per game (int64), drawn in
    /// Rust from the environment's seeded generator.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let rng = &mut self.rng;
        let ids: Vec<i64> = (self.slots.iter())
            .map(|s| s.legal[rng.random_range(0..s.legal.len())].0 as i64)
            .collect();
        PyArray1::from_vec(py, ids)
    }

    /// One action id per game (int64), chosen by one of gdl's agents:
    /// `random` or `mcts:BUDGET` (as `gdl.Bot` takes). Each game gets a
    /// fresh agent seeded from `seed` (if not given, drawn from the
    /// environment's generator) and the game's index. The searches run in
    /// Rust with the GIL released, spread over the machine's cores.
    #[pyo3(signature = (agent="mcts:100", seed=None))]
    fn agent_actions<'py>(
        &mut self,
        py: Python<'py>,
        agent: &str,
        seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let spec = read_spec(agent)?;
        let seed = seed.unwrap_or_else(|| self.rng.random());
        let shared = &*self.shared;
        let mut states: Vec<&mut gdl::State> = self.slots.iter_mut().map(|s| &mut s.st).collect();
        let chosen = py.detach(|| batch_actions(shared, spec, seed, &mut states));
        let mut ids = Vec::with_capacity(chosen.len());
        for (i, (slot, a)) in self.slots.iter().zip(chosen).enumerate() {
            let id = a.and_then(|a| slot.legal.iter().find(|p| p.1 == a).map(|p| p.0));
            let id = id.ok_or_else(|| err(format!("game {i}: the agent found no legal action")))?;
            ids.push(id as i64);
        }
        Ok(PyArray1::from_vec(py, ids))
    }

    /// Plays `actions[i]` (an int array of shape `(n,)`) in game `i`, for
    /// every game, and returns `(observations [n, size] float32,
    /// legal_masks [n, num_distinct_actions] bool, rewards [n, players]
    /// float32, dones [n] bool)`. A finished game starts again: its
    /// observation and mask are the new game's first position, its
    /// rewards row the finished game's returns. Raises ValueError (naming
    /// the game's index) for a wrong shape or an illegal id, before any
    /// game is played.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'_, PyAny>) -> PyResult<Arrays<'py>> {
        let actions = self.read_actions(actions)?;
        let size = self.shared.space.size();
        // Every id is checked before any is played.
        let mut chosen = Vec::with_capacity(actions.len());
        for (i, (&id, slot)) in actions.iter().zip(&self.slots).enumerate() {
            let found = u32::try_from(id).ok().and_then(|id| slot.find(id));
            let Some(a) = found else {
                let why = if id < 0 || id >= size as i64 {
                    format!("outside the action space 0..{size}")
                } else {
                    let text = (self.shared.space)
                        .describe(self.shared.game.board(), id as u32)
                        .unwrap_or_default();
                    format!("(`{text}`) not legal there")
                };
                return Err(err(format!("actions[{i}]: action {id} is {why}")));
            };
            chosen.push(a);
        }
        let seats = self.seats();
        self.with_arrays(py, move |shared, slots, mut out| {
            let mut returns = vec![0.0f64; seats];
            for (i, (slot, a)) in slots.iter_mut().zip(chosen).enumerate() {
                // Legal: found among the game's listed actions above.
                shared.game.play_unchecked(&mut slot.st, a);
                slot.plies += 1;
                slot.settle_chance(shared);
                let truncated =
                    !slot.st.is_over() && shared.max_length.is_some_and(|m| slot.plies >= m);
                if slot.st.is_over() || truncated {
                    write_returns(shared, &slot.st, truncated, &mut returns);
                    let row = &mut out.rewards[i * seats..(i + 1) * seats];
                    for (r, &v) in row.iter_mut().zip(&returns) {
                        *r = v as f32;
                    }
                    out.dones[i] = true;
                    slot.restart(shared)
                } else {
                    slot.refresh(shared, false)
                }
                .map_err(|e| format!("game {i}: {e}"))?;
                fill(shared, i, slot, &mut out);
            }
            Ok(())
        })
    }

    /// Plays `steps` steps of uniformly random actions in every game, all
    /// in Rust, and returns the number of games finished. The actions are
    /// drawn by the engine's sampler (as `gdl bench` draws them), which
    /// does not list every legal action; the games' lists are made once,
    /// at the end.
    fn random_steps(&mut self, py: Python<'_>, steps: usize) -> PyResult<u64> {
        let shared = &*self.shared;
        let slots = &mut self.slots[..];
        let rng = &mut self.rng;
        py.detach(|| -> Result<u64, String> {
            let mut done = 0;
            for (i, slot) in slots.iter_mut().enumerate() {
                for _ in 0..steps {
                    let a = (shared.game.random_action(&slot.st, rng))
                        .ok_or_else(|| format!("game {i}: no legal action"))?;
                    // The sampler draws legal actions only.
                    shared.game.play_unchecked(&mut slot.st, a);
                    slot.plies += 1;
                    let truncated = shared.max_length.is_some_and(|m| slot.plies >= m);
                    if slot.st.is_over() || truncated {
                        done += 1;
                        slot.st = shared.game.start();
                        slot.plies = 0;
                    }
                }
                slot.settle_chance(shared);
                slot.refresh(shared, false)
                    .map_err(|e| format!("game {i}: {e}"))?;
            }
            Ok(done)
        })
        .map_err(err)
    }

    fn __repr__(&self) -> String {
        format!(
            "<gdl.VectorEnv of {} games of {}>",
            self.slots.len(),
            self.shared.source
        )
    }
}
