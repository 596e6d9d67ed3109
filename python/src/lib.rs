//! The `gdl._gdl` extension module: games loaded from a shipped name, a
//! path or a game's text, played through OpenSpiel's method names. The
//! Python package `gdl` (python/gdl/) re-exports it.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

mod bot;
mod game;
mod state;
mod vector;

pub use bot::Bot;
pub use game::Game;
pub use state::State;
pub use vector::VectorEnv;

create_exception!(
    _gdl,
    GameError,
    PyValueError,
    "A game that does not load (the message is `gdl check`'s), or a state that does not belong to the game."
);

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/games.rs"));
}

/// The names of the games shipped with gdl (`games/NAME.gdl`).
#[pyfunction]
fn shipped_games() -> Vec<&'static str> {
    shipped::GAMES.iter().map(|(name, _)| *name).collect()
}

/// The text of a shipped game.
#[pyfunction]
fn shipped_game_text(name: &str) -> PyResult<&'static str> {
    shipped_text(name).ok_or_else(|| GameError::new_err(format!("no shipped game `{name}`")))
}

fn shipped_text(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".gdl").unwrap_or(name);
    let name = name.strip_prefix("games/").unwrap_or(name);
    shipped::GAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// An option's value as gdl reads it: `on`/`off` for booleans.
fn option_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(if b.is_true() { "on" } else { "off" }.into());
    }
    if let Ok(s) = value.extract::<String>() {
        return Ok(s);
    }
    if let Ok(list) = value.extract::<Vec<Bound<'_, PyAny>>>() {
        let parts: PyResult<Vec<String>> = list.iter().map(option_text).collect();
        return Ok(parts?.join(","));
    }
    Ok(value.str()?.to_string())
}

/// Loads a game: `game` is a shipped game's name (`"chess"`), a path to a
/// `.gdl` file, or a game's text (or the parameter dict itself). Options come as keyword arguments
/// (`size=9`) or as OpenSpiel's parameter dict (`{"size": 9}`, which may
/// also name the game as `"game"`); `max_game_length=N` ends a game as a
/// draw after N actions. Raises `GameError` with `gdl check`'s message.
#[pyfunction]
#[pyo3(signature = (game=None, params=None, **kwargs))]
fn load_game(
    game: Option<&Bound<'_, PyAny>>,
    params: Option<&Bound<'_, PyDict>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Game> {
    let mut options: Vec<(String, String)> = Vec::new();
    let mut named = None;
    // `load_game({"game": "chess", ...})`: the parameters alone.
    let params = match game {
        Some(g) => match (g.cast::<PyDict>(), params) {
            (Ok(dict), None) => Some(dict.clone()),
            (Ok(_), Some(_)) => {
                return Err(GameError::new_err("two parameter dicts given"));
            }
            (Err(_), p) => {
                named = Some(g.extract::<String>()?);
                p.cloned()
            }
        },
        None => params.cloned(),
    };
    let params = params.as_ref();
    let mut max_length = None;
    for dict in [params, kwargs].into_iter().flatten() {
        for (k, v) in dict.iter() {
            let key: String = k.extract()?;
            match key.as_str() {
                "game" => named = Some(v.extract()?),
                "max_game_length" => max_length = Some(v.extract::<u32>()?),
                _ => options.push((key.replace('_', "-"), option_text(&v)?)),
            }
        }
    }
    let named =
        named.ok_or_else(|| GameError::new_err("no game given: a name, a path or a text"))?;
    Game::load(&named, &options, max_length)
}

/// A pickled game, loaded again (see `Game.__reduce__`).
#[pyfunction]
fn _restore_game(
    text: String,
    file: String,
    options: Vec<(String, String)>,
    max_length: Option<u32>,
) -> PyResult<Game> {
    let choices: Vec<gdl::OptionChoice> = options
        .iter()
        .map(|(k, v)| gdl::OptionChoice {
            name: k.clone(),
            value: v.clone(),
        })
        .collect();
    Game::from_text(text, file, &choices, max_length)
}

/// A pickled state, replayed (see `State.__reduce__`).
#[pyfunction]
fn _restore_state(game: &Game, serialized: &str) -> PyResult<State> {
    State::deserialize(game.shared.clone(), serialized)
}

#[pymodule]
fn _gdl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<VectorEnv>()?;
    m.add_class::<Bot>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_games, m)?)?;
    m.add_function(wrap_pyfunction!(shipped_game_text, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_game, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_state, m)?)?;
    Ok(())
}
