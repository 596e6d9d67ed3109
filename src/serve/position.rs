//! Positions for requests. The server keeps no games between requests: a
//! request carries the actions played so far, in notation, and the
//! position is found again by playing them from the start (each checked
//! as `--moves` checks it, with explain's reasons when one is refused).
//! So undo, redo and restart are the page's own (a shorter or longer
//! list), and two tabs on one game never disturb each other.
//!
//! A position is answered with what the page draws: the SVG picture (its
//! cells carry `data-cell`), who is to move, the turn's text as `gdl show`
//! prints it, variables and reserves, and the legal actions in notation
//! with the cells each one names.
//!
//! In a game with `view`, a request may ask for one player's view (`as`:
//! a player's name): the picture and text show only what that player sees
//! ([`seen_as`]).

use crate::ids::{Cell, Player};
use serde_json::{Value, json};

use super::http::ApiError;
use crate::engine::{Action, Game, State};
use crate::notation::{self, choice_name};
use crate::record::TurnLog;
use crate::{explain, picture, show};

/// A position and how it was reached.
pub struct Played {
    /// The position.
    pub state: State,
    /// The actions from the start, each as it was in its position.
    pub actions: Vec<Action>,
}

/// Plays `moves` (each an action or a whole turn joined in one word) from
/// the start; the first refused is answered with 422, its index (from 0)
/// and why, as `--moves` says it.
pub fn replay(game: &Game, moves: &[String]) -> Result<Played, ApiError> {
    let mut state = game.start();
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        notation::play_word(game, &mut state, &mut legal, text.trim(), &mut actions).map_err(
            |e| {
                let e = explain::reasons(game, &state, e);
                ApiError::new(
                    422,
                    format!(
                        "action {} (`{}`): {e}",
                        i + 1,
                        crate::diagnostic::shorten(text)
                    ),
                )
                .with(json!({ "index": i }))
            },
        )?;
    }
    Ok(Played { state, actions })
}

/// The notation of each action of `actions` in its position (one word
/// each, never joined), and the turns: each whole turn in the notation the
/// game declares first (`notation: san`: `Nf3`), or its actions one by
/// one (also the turn under way).
pub fn history(game: &Game, actions: &[Action]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut st = game.start();
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    let mut turns = TurnLog::default();
    let mut written = Vec::new();
    let mut turn_start = (st.clone(), 0);
    for (i, &a) in actions.iter().enumerate() {
        game.legal_actions(&st, &mut legal);
        let text = notation::format(game, &legal, a);
        turns.push(&st, text.clone());
        texts.push(text);
        game.play_unchecked(&mut st, a);
        if st.turn != turn_start.0.turn || st.is_over() {
            if !game.rules.notation.is_empty() {
                let (start, from) = &turn_start;
                let joined = notation::format_turn(game, start, &actions[*from..=i]);
                written.push(notation::write_declared(game, start, &joined));
            }
            turn_start = (st.clone(), i + 1);
        }
    }
    let mut turns = turns.turns();
    // The whole turns written in the game's notation; the one under way
    // keeps its actions.
    for (turn, word) in turns.iter_mut().zip(written) {
        *turn = vec![word];
    }
    (texts, turns)
}

/// The labels of the cells an action names: its cell, or a move's ends.
fn cells_of(game: &Game, a: Action) -> Vec<String> {
    let board = game.board();
    match (a.cell(), a.move_cells()) {
        (Some(c), _) => vec![board.label(c).to_string()],
        (None, Some((from, to))) => {
            vec![board.label(from).to_string(), board.label(to).to_string()]
        }
        (None, None) => Vec::new(),
    }
}

/// The position as the page shows it (see the module's doc).
pub fn state_json(game: &Game, played: &Played) -> Value {
    let st = &played.state;
    let rules = &game.rules;
    let mut legal = Vec::new();
    game.legal_actions(st, &mut legal);
    let actions: Vec<Value> = legal
        .iter()
        .map(|&a| {
            json!({
                "text": notation::format(game, &legal, a),
                "name": choice_name(game, a),
                "cells": cells_of(game, a),
            })
        })
        .collect();
    let (moves, turns) = history(game, &played.actions);
    let last = played.actions.last().copied();
    let variables: Vec<Value> = rules
        .variables
        .iter()
        .enumerate()
        .map(|(i, v)| json!({ "name": v.name, "value": v.show(st.var(i)) }))
        .collect();
    let mut reserves = Vec::new();
    for (p, player) in rules.players.iter().enumerate() {
        for (k, kind) in rules.pieces.iter().enumerate() {
            if rules.reserved.get(k).copied().unwrap_or(false) {
                let n = st.in_hand(p, k, rules.pieces.len());
                reserves.push(json!({ "player": player, "kind": kind, "count": n }));
            }
        }
    }
    let text = show::position(game, st);
    let status = text.lines().last().unwrap_or("").to_string();
    let over = st.is_over();
    json!({
        "title": show::title(game),
        "players": rules.players,
        "to_move": if over { Value::Null } else { json!(rules.players[st.mover.index()]) },
        "seat": if over { Value::Null } else { json!(game.seat_of(st, st.mover)) },
        "turn": st.turn,
        "ply": st.ply,
        "over": over,
        // Chance decides here (a `roll`): the page draws it, no seat chooses.
        "chance": game.is_chance(st),
        // A game of hidden information (`view`): the page offers views.
        "hidden": rules.view.is_some(),
        "seen_by": Value::Null,
        "result": st.result().map(|r| show::result_text(game, r)),
        // Why it ended, in the words of its `end if` rule, if it gives any.
        "reason": show::end_reason(game, st),
        "status": status,
        "text": text,
        "variables": variables,
        "reserves": reserves,
        "svg": picture::svg(game, st, last, &show::title(game)),
        "last": last.map(|a| cells_of(game, a)).unwrap_or_default(),
        "legal": actions,
        "moves": moves,
        "turns": turns,
    })
}

/// The player a request's `as` names, if any: a player's name, or
/// absent or `null` for the whole position.
pub fn viewer(game: &Game, request: &Value) -> Result<Option<Player>, ApiError> {
    match request.get("as") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(name)) => (game.rules.players.iter())
            .position(|p| p == name)
            .map(|p| Some(Player::new(p)))
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "`as` names a player of the game ({}), not `{}`",
                    game.rules.players.join(", "),
                    crate::diagnostic::shorten(name)
                ))
            }),
        Some(_) => Err(ApiError::bad("`as` must be a player's name or null")),
    }
}

/// A state answer ([`state_json`]) turned into what `viewer` sees, in a
/// game with `view` (unchanged in others): the picture and text of its
/// view, no last action and no turns to list (both would tell the others'
/// tries; `moves` stays, the request's own), and the legal actions only
/// when it is to move.
pub fn seen_as(game: &Game, played: &Played, viewer: Player, answer: &mut Value) {
    if game.rules.view.is_none() {
        return;
    }
    let st = &played.state;
    let name = &game.rules.players[viewer.index()];
    answer["seen_by"] = json!(name);
    answer["svg"] = json!(picture::svg_as(game, st, viewer, &show::title(game)));
    answer["text"] = json!(show::position_as(game, st, viewer));
    if !st.is_over() {
        let mover = &game.rules.players[st.mover.index()];
        answer["status"] = json!(format!("{mover} to move (seen by {name})"));
    }
    answer["last"] = json!([]);
    answer["turns"] = json!([]);
    if st.mover != viewer {
        answer["legal"] = json!([]);
    }
}

/// The legal action that a list of cells names (one cell: an action on
/// it; two: a move between them), or why none or several do.
pub fn by_cells(game: &Game, st: &State, cells: &[String]) -> Result<Action, ApiError> {
    let board = game.board();
    let mut wanted = Vec::new();
    for c in cells {
        let cell = (0..board.len())
            .find(|&i| board.label(Cell::new(i)).eq_ignore_ascii_case(c))
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "`{}` is not a cell of this board",
                    crate::diagnostic::shorten(c)
                ))
            })?;
        wanted.push(board.label(Cell::new(cell)).to_string());
    }
    if wanted.is_empty() || wanted.len() > 2 {
        return Err(ApiError::bad("`cells` must name one cell, or a move's two"));
    }
    let mut legal = Vec::new();
    game.legal_actions(st, &mut legal);
    let fits: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|&a| cells_of(game, a) == wanted)
        .collect();
    match fits.as_slice() {
        [a] => Ok(*a),
        [] => {
            let word = wanted.join("-");
            let why = explain::why_not(game, st, &word).map_or_else(
                || format!("`{word}` is not legal here"),
                |w| format!("`{word}` is not legal: {w}"),
            );
            Err(ApiError::new(422, why))
        }
        several => {
            let texts: Vec<String> = several
                .iter()
                .map(|&a| notation::format(game, &legal, a))
                .collect();
            Err(ApiError::new(
                409,
                format!("`{}` could mean {}", wanted.join("-"), texts.join(" or ")),
            )
            .with(json!({ "choices": texts })))
        }
    }
}
