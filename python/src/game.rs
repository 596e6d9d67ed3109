//! `Game`: a loaded game with its action space and observation layout,
//! by OpenSpiel's method names.

use std::sync::{Arc, OnceLock};

use gdl::action_space::ActionSpace;
use gdl::observation::Observation;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{GameError, State};

/// What a game's states share.
pub struct Shared {
    pub game: gdl::Game,
    pub space: ActionSpace,
    pub observation: Observation,
    /// Tells one game (text and options) from another in serialized states.
    pub fingerprint: u64,
    /// Where the game came from: a shipped name, a path or `<text>`.
    pub source: String,
    pub options: Vec<(String, String)>,
    /// The game's text, for pickling.
    pub text: String,
    /// A game ends as a draw after this many actions, if given.
    pub max_length: Option<u32>,
    /// Every action id as a Python int, made at the first listing: a list
    /// of legal ids is then built without making an int per id.
    pub py_ids: OnceLock<Vec<Py<PyAny>>>,
}

impl Shared {
    /// The Python ints of every action id.
    pub fn py_ids(&self, py: Python<'_>) -> &[Py<PyAny>] {
        self.py_ids.get_or_init(|| {
            (0..self.space.size())
                .map(|id| id.into_pyobject(py).expect("an int").into_any().unbind())
                .collect()
        })
    }
}

/// A game loaded from its rules: `gdl.load_game(...)`.
#[pyclass(module = "gdl._gdl", frozen, unsendable)]
pub struct Game {
    pub shared: Arc<Shared>,
}

/// FNV-1a: a hash that is the same on every machine and run.
fn fnv(parts: &[&str]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for p in parts {
        for b in p.bytes().chain([0]) {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

/// The game a file is `based on`: a shipped game's base is shipped; a
/// file's is beside it, else a shipped game of that name.
fn find_base(reference: &str, from: &str) -> Result<(String, String), String> {
    let shipped = || {
        crate::shipped_text(reference).map(|text| {
            let stem = reference.trim_end_matches(".gdl");
            (format!("games/{stem}.gdl"), text.to_string())
        })
    };
    if (from.starts_with("games/") || from == "<text>")
        && let Some(found) = shipped()
    {
        return Ok(found);
    }
    gdl::base_beside(reference, from).or_else(|why| shipped().ok_or(why))
}

impl Game {
    pub fn load(
        named: &str,
        options: &[(String, String)],
        max_length: Option<u32>,
    ) -> PyResult<Game> {
        let choices: Vec<gdl::OptionChoice> = options
            .iter()
            .map(|(k, v)| format!("{k}={v}").parse())
            .collect::<Result<_, String>>()
            .map_err(GameError::new_err)?;
        let (text, file) = if let Some(text) = crate::shipped_text(named) {
            let stem = named.trim_start_matches("games/").trim_end_matches(".gdl");
            (text.to_string(), format!("games/{stem}.gdl"))
        } else if !named.contains('\n') && std::path::Path::new(named).is_file() {
            let text = gdl::read(named.as_ref()).map_err(|e| GameError::new_err(rendered(&e)))?;
            (text, named.to_string())
        } else if named.contains('\n') || named.trim_start().starts_with("board") {
            (named.to_string(), "<text>".to_string())
        } else {
            return Err(GameError::new_err(format!(
                "`{named}` is neither a shipped game, nor a file, nor a game's text; shipped games: {}",
                crate::shipped_games().join(", ")
            )));
        };
        Game::from_text(text, file, &choices, max_length)
    }

    /// Loads a game from its text; `file` names it in messages.
    pub fn from_text(
        text: String,
        file: String,
        choices: &[gdl::OptionChoice],
        max_length: Option<u32>,
    ) -> PyResult<Game> {
        let game = gdl::load_source_finding(
            &text,
            &file,
            choices,
            gdl::engine::Shortcuts::all(),
            &find_base,
        )
        .map_err(|e| GameError::new_err(rendered(&e)))?;
        let in_force: Vec<String> = game
            .rules
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let mut parts = vec![text.as_str()];
        parts.extend(in_force.iter().map(String::as_str));
        let fingerprint = fnv(&parts);
        let space = ActionSpace::new(&game);
        let observation = Observation::new(&game);
        let options = game.rules.options.clone();
        Ok(Game {
            shared: Arc::new(Shared {
                game,
                space,
                observation,
                fingerprint,
                source: file,
                options,
                text,
                max_length,
                py_ids: OnceLock::new(),
            }),
        })
    }
}

/// `gdl check`'s message, without its last newline.
fn rendered(e: &gdl::LoadError) -> String {
    e.render().trim_end().to_string()
}

#[pymethods]
impl Game {
    /// The game's name (`game NAME`).
    #[getter]
    fn name(&self) -> String {
        self.shared.game.rules.name.clone()
    }

    /// The players' names, in seat order at the start.
    #[getter]
    fn player_names(&self) -> Vec<String> {
        self.shared.game.rules.players.clone()
    }

    /// The options in force, with their values, as strings.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("game", &self.shared.source)?;
        for (k, v) in &self.shared.options {
            d.set_item(k, v)?;
        }
        if let Some(n) = self.shared.max_length {
            d.set_item("max_game_length", n)?;
        }
        Ok(d)
    }

    fn num_players(&self) -> usize {
        self.shared.game.rules.players.len()
    }

    /// The size of the action space: every action id is below it.
    fn num_distinct_actions(&self) -> u32 {
        self.shared.space.size()
    }

    /// `[planes, rows, cols]` (see `observation_planes`).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.shared.observation.shape().to_vec()
    }

    fn observation_tensor_size(&self) -> usize {
        self.shared.observation.len()
    }

    /// The names of the observation's planes, in order.
    fn observation_planes(&self) -> Vec<String> {
        self.shared.observation.plane_names().to_vec()
    }

    /// Each cell's label and its (row, col) in the observation's planes.
    fn observation_cells(&self) -> Vec<(String, usize, usize)> {
        let board = self.shared.game.board();
        board
            .cells()
            .map(|c| {
                let (r, k) = self.shared.observation.cell_place(c);
                (board.label(c).to_string(), r, k)
            })
            .collect()
    }

    /// The actions' ids in blocks: (layout, first id, count, choices).
    fn action_blocks(&self) -> Vec<(String, u32, u32, Vec<String>)> {
        (self.shared.space.blocks().iter())
            .map(|b| {
                let layout = format!("{:?}", b.layout).to_lowercase();
                (layout, b.start, b.len, b.choices.clone())
            })
            .collect()
    }

    /// What an action id stands for in any state (`e2-e4`, `white:d4`).
    fn describe_action(&self, action: u32) -> PyResult<String> {
        let board = self.shared.game.board();
        self.shared.space.describe(board, action).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "action id {action} is outside 0..{}",
                self.shared.space.size()
            ))
        })
    }

    /// No bound is known from the rules unless `max_game_length` was given:
    /// then that, else 2**31 - 1.
    fn max_game_length(&self) -> u32 {
        self.shared.max_length.unwrap_or(i32::MAX as u32)
    }

    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    /// Returns add up to 0 in games of more than one player.
    fn utility_sum(&self) -> Option<f64> {
        (self.num_players() > 1).then_some(0.0)
    }

    /// Whether every player sees the whole position: false in a game with
    /// `view` (hidden information).
    fn is_perfect_information(&self) -> bool {
        self.shared.game.rules.view.is_none()
    }

    /// The most outcomes one decision made by chance has (a `roll`'s
    /// distinct values; for a step `by chance:`, at most the size of the
    /// action space); 0 in a game without chance.
    fn max_chance_outcomes(&self) -> usize {
        use gdl::rules::{ChoiceKind, ChosenBy, Decider, Step};
        let rules = &self.shared.game.rules;
        let rolls = (rules.choices.iter())
            .filter_map(|c| match &c.kind {
                ChoiceKind::Choose {
                    values,
                    by: ChosenBy::Chance(_),
                    ..
                } => Some(values.len()),
                // At most one outcome per kind a hand can hold (never a
                // neutral one), per player.
                ChoiceKind::Deal { .. } => {
                    Some(rules.players.len() * rules.neutral.iter().filter(|n| !**n).count())
                }
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let even = (rules.turns.iter().flat_map(|t| &t.steps)).any(|s| {
            matches!(
                s,
                Step::Choose {
                    by: Decider::Chance,
                    ..
                }
            )
        });
        match even {
            true => rolls.max(self.shared.space.size() as usize),
            false => rolls,
        }
    }

    fn new_initial_state(&self) -> PyResult<State> {
        State::new(self.shared.clone())
    }

    /// `n` games stepped together in Rust (`gdl.VectorEnv(self, n, seed)`).
    #[pyo3(signature = (n, seed=0))]
    fn vector_env(&self, n: usize, seed: u64) -> PyResult<crate::VectorEnv> {
        crate::VectorEnv::create(self.shared.clone(), n, seed)
    }

    /// The state `State.serialize()` wrote; raises `GameError` for another
    /// game's state or a text that was changed.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        State::deserialize(self.shared.clone(), text)
    }

    /// Pickled as its text, options and `max_game_length`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let restore = py.import("gdl._gdl")?.getattr("_restore_game")?;
        let s = &self.shared;
        let args = (
            s.text.clone(),
            s.source.clone(),
            s.options.clone(),
            s.max_length,
        );
        Ok((restore, args.into_pyobject(py)?.into_any().unbind()))
    }

    fn __str__(&self) -> String {
        let opts: Vec<String> = (self.shared.options.iter())
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{}({})", self.shared.source, opts.join(","))
    }

    fn __repr__(&self) -> String {
        format!("gdl.load_game({:?})", self.__str__())
    }
}
