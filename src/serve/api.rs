//! The JSON API of `gdl serve`, one function per route (docs/serve.md
//! lists them with their fields). Every route takes a JSON object and
//! answers one, or an error `{"error": ...}` with a 4xx status; the
//! routes that need a position replay the request's `moves` (see
//! [`super::position`]).

use std::time::Duration;

use serde_json::{Value, json};

use super::games::{Loaded, read_game, text_field, text_list};
use super::http::{ApiError, Reply};
use super::position::{Played, by_cells, history, replay, seen_as, state_json, viewer};
use super::{MAX_MOVES, MAX_SEARCH_ITERATIONS, MAX_SEARCH_SECONDS, Server};
use crate::agent::{AgentSpec, Bot};
use crate::engine::Game;
use crate::mcts::Budget;
use crate::record::{Record, source_hash};
use crate::{explain, limits, notation, show};

/// Answers one API request, `route` being the path after `/api/`.
pub fn answer(server: &Server, route: &str, request: &Value) -> Result<Reply, ApiError> {
    if !request.is_object() {
        return Err(ApiError::bad("the request must be a JSON object"));
    }
    let value = match route {
        "games" => games(server),
        "game" => game(server, request)?,
        "source" => source(server, request)?,
        "state" => {
            let (loaded, played) = position(server, request)?;
            state_as(&loaded.game, &played, request)?
        }
        "play" => play(server, request)?,
        "explain" => explain_action(server, request)?,
        "agent" => agent(server, request)?,
        "open" => open(server, request)?,
        "save" => super::save::save(server, request)?,
        "record" => return record(server, request),
        "analyze" => {
            let settings = super::analysis::settings(request)?;
            let loaded = server.games.load(&server.served, request)?;
            server.runs.start(loaded, settings)?
        }
        "analysis" => server.runs.progress(run_id(request)?)?,
        "cancel" => server.runs.cancel(run_id(request)?)?,
        _ => {
            return Err(ApiError::new(
                404,
                format!("no API route `{}`", crate::diagnostic::shorten(route)),
            ));
        }
    };
    Ok(Reply::json(value))
}

/// The `run` of an analysis request.
fn run_id(request: &Value) -> Result<u64, ApiError> {
    request
        .get("run")
        .and_then(Value::as_u64)
        .ok_or_else(|| ApiError::bad("give the analysis's `run` number"))
}

/// The game a request names and the position its `moves` reach.
fn position(server: &Server, request: &Value) -> Result<(Loaded, Played), ApiError> {
    let loaded = server.games.load(&server.served, request)?;
    let moves = text_list(request, "moves", MAX_MOVES)?;
    let played = replay(&loaded.game, &moves)?;
    Ok((loaded, played))
}

/// `games`: every served file, with its name and options (or the error
/// that keeps it from loading).
fn games(server: &Server) -> Value {
    let list: Vec<Value> = server
        .served
        .list()
        .into_iter()
        .map(|l| {
            match server
                .games
                .load(&server.served, &json!({ "game": l.name }))
            {
                Ok(loaded) => json!({
                    "game": l.name,
                    "title": loaded.game.rules.name,
                    "options": options_of(&loaded),
                }),
                Err(e) => json!({ "game": l.name, "error": e.message }),
            }
        })
        .collect();
    json!({ "games": list })
}

/// The options of a loaded game: name, value in force, values allowed,
/// description.
fn options_of(loaded: &Loaded) -> Vec<Value> {
    loaded
        .game
        .rules
        .option_info
        .iter()
        .map(|o| json!({ "name": o.name, "value": o.value, "allowed": o.allowed, "doc": o.doc }))
        .collect()
}

/// `game`: a game loaded with its options (and the page's text, when it
/// edits the rules), with its start position.
fn game(server: &Server, request: &Value) -> Result<Value, ApiError> {
    let loaded = server.games.load(&server.served, request)?;
    let played = replay(&loaded.game, &[])?;
    Ok(json!({
        "game": loaded.name,
        "title": show::title(&loaded.game),
        "players": loaded.game.rules.players,
        "options": options_of(&loaded),
        "hash": super::games::text_hash(&loaded.source),
        "state": state_as(&loaded.game, &played, request)?,
    }))
}

/// The state answer, as the request's `as` sees it when it names a
/// player ([`seen_as`]).
fn state_as(game: &Game, played: &Played, request: &Value) -> Result<Value, ApiError> {
    let mut answer = state_json(game, played);
    if let Some(p) = viewer(game, request)? {
        seen_as(game, played, p, &mut answer);
    }
    Ok(answer)
}

/// `source`: the text of a served file on disk, and its hash (the page
/// asks again to see whether it changed).
fn source(server: &Server, request: &Value) -> Result<Value, ApiError> {
    let name = text_field(request, "game")?;
    let listed = server
        .served
        .resolve(name)
        .map_err(|m| ApiError::new(403, m))?;
    let text = read_game(&listed.name, &listed.path)?;
    Ok(json!({
        "game": listed.name,
        "source": text,
        "hash": super::games::text_hash(&text),
    }))
}

/// `play`: the position after `moves`, then `action` (notation) or the
/// action on `cells` (one cell, or a move's two).
fn play(server: &Server, request: &Value) -> Result<Value, ApiError> {
    let (loaded, mut played) = position(server, request)?;
    let game = &loaded.game;
    let new = match (request.get("action"), request.get("cells")) {
        (Some(_), _) => {
            let word = text_field(request, "action")?;
            explain::parse_word(game, &played.state, word)
                .map_err(|e| ApiError::new(422, e.to_string()))?
        }
        (None, Some(_)) => {
            let cells = text_list(request, "cells", 2)?;
            vec![by_cells(game, &played.state, &cells)?]
        }
        (None, None) => return Err(ApiError::bad("give `action` (notation) or `cells`")),
    };
    for a in new {
        game.play_unchecked(&mut played.state, a);
        played.actions.push(a);
    }
    state_as(game, &played, request)
}

/// `explain`: why `action` is legal or not after `moves`, as `gdl
/// explain` says it (with the rule's place in the file).
fn explain_action(server: &Server, request: &Value) -> Result<Value, ApiError> {
    let (loaded, played) = position(server, request)?;
    let word = text_field(request, "action")?;
    let legal = explain::parse_word(&loaded.game, &played.state, word).is_ok();
    Ok(json!({
        "action": word,
        "legal": legal,
        "text": explain::explain(&loaded.game, &played.state, word).trim_end(),
    }))
}

/// The agent a request names, refused when it is a person or searches
/// longer than the server allows.
fn agent_spec(text: &str) -> Result<AgentSpec, ApiError> {
    let spec: AgentSpec = text.parse().map_err(ApiError::bad)?;
    let limit = || {
        ApiError::bad(format!(
            "agent `{text}` searches more than this server allows: at most \
             mcts:{MAX_SEARCH_ITERATIONS} or mcts:{MAX_SEARCH_SECONDS}s"
        ))
    };
    match spec {
        AgentSpec::Human => Err(ApiError::bad(
            "a person's moves come from the page: ask for random or mcts:BUDGET",
        )),
        AgentSpec::Mcts(Budget::Iterations(n)) if n > MAX_SEARCH_ITERATIONS => Err(limit()),
        AgentSpec::Mcts(Budget::Time(t)) if t > Duration::from_secs(MAX_SEARCH_SECONDS) => {
            Err(limit())
        }
        spec => Ok(spec),
    }
}

/// `agent`: the action `agent` (random, mcts:BUDGET) would play after
/// `moves`, seeded by `seed` (by default the number of moves, so that the
/// same request gets the same answer). A search stops at its budget or
/// after [`MAX_SEARCH_SECONDS`], whichever comes first.
fn agent(server: &Server, request: &Value) -> Result<Value, ApiError> {
    let spec = agent_spec(text_field(request, "agent")?)?;
    // Only this request's `keep turns with` searches count (see below).
    crate::engine::take_turn_too_long();
    let (loaded, played) = position(server, request)?;
    let game = &loaded.game;
    let seed = match request.get("seed") {
        None | Some(Value::Null) => played.actions.len() as u64 + 1,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| ApiError::bad("`seed` must be a whole number"))?,
    };
    let mut bot = Bot::new(spec, seed)
        .ok_or_else(|| ApiError::bad("no agent"))?
        .with_time_cap(Duration::from_secs(MAX_SEARCH_SECONDS));
    // In a game with `view` the agent learns what its player saw from the
    // game so far, as it would have playing it.
    if game.rules.view.is_some() {
        let mut st = game.start();
        for &a in &played.actions {
            bot.observe(game, &st, a);
            game.play_unchecked(&mut st, a);
        }
    }
    let action = bot.choose(game, &played.state);
    // A search that met a turn too long to judge played on void positions.
    if let Some(cut) = crate::engine::take_turn_too_long() {
        return Err(ApiError::new(422, cut.to_string()));
    }
    let action = action
        .ok_or_else(|| ApiError::new(422, "there is no action to choose: the game is over"))?;
    let mut legal = Vec::new();
    game.legal_actions(&played.state, &mut legal);
    // A search's iterations: fewer than its budget when the time cap
    // stopped it.
    let iterations = bot.search_stats().map(|s| s.iterations);
    Ok(json!({
        "agent": spec.to_string(),
        "action": notation::format(game, &legal, action),
        "iterations": iterations,
    }))
}

/// `record`: the game so far as a record (`gdl replay` reads it), to
/// download; `seats` names each player's agent (by default `human`).
fn record(server: &Server, request: &Value) -> Result<Reply, ApiError> {
    let (loaded, played) = position(server, request)?;
    let game = &loaded.game;
    let players = &game.rules.players;
    let seats = text_list(request, "seats", players.len())?;
    let mut named = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let agent = seats.get(i).map_or("human", String::as_str);
        let spec: AgentSpec = agent.parse().map_err(ApiError::bad)?;
        named.push(format!("{p}={spec}"));
    }
    let (_, turns) = history(game, &played.actions);
    let record = Record {
        game: game.rules.name.clone(),
        file: loaded.name.clone(),
        source_hash: source_hash(&loaded.source),
        options: crate::record::option_words(game),
        seats: named,
        seed: 1,
        turns,
        result: played.state.result().map(|r| show::result_text(game, r)),
        ..Record::default()
    };
    let stem = std::path::Path::new(&loaded.name)
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    let safe: String = stem
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "-_".contains(*c))
        .collect();
    Ok(Reply {
        download: Some(format!("{safe}.record")),
        ..Reply::asset("text/plain; charset=utf-8", &record.render())
    })
}

/// `open`: a record's game (a served file with the record's name), its
/// options and its actions, each checked against the rules.
fn open(server: &Server, request: &Value) -> Result<Value, ApiError> {
    let text = text_field(request, "record")?;
    if text.len() as u64 > limits::MAX_RECORD_BYTES {
        return Err(ApiError::new(413, "the record is too large"));
    }
    let record = Record::parse(text).map_err(|e| ApiError::new(422, format!("record {e}")))?;
    let listed = server
        .served
        .find_by_file_name(&record.file)
        .ok_or_else(|| {
            ApiError::new(
                404,
                format!(
                    "the record's game file `{}` is not one of the files served",
                    crate::diagnostic::shorten(&record.file)
                ),
            )
        })?;
    let loaded = server.games.load(
        &server.served,
        &json!({ "game": listed.name, "options": record.options }),
    )?;
    let (_, actions) = record
        .replay(&loaded.game, &loaded.source, None)
        .map_err(|e| ApiError::new(422, format!("record {e}")))?;
    let (moves, _) = history(&loaded.game, &actions);
    Ok(json!({
        "game": listed.name,
        "options": record.options,
        "moves": moves,
        "result": record.result,
    }))
}
