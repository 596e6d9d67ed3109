//! The header of a run: the game, the settings and the symmetries, equal
//! in every shard.

use serde_json::{Value, json};

use super::symmetry::{self, Symmetry};
use super::{FORMAT_VERSION, REPORT_FORMAT, Settings, fnv};
use crate::agent::AgentSpec;
use crate::engine::Game;
use crate::mcts::Budget;
use crate::run;

pub(super) fn mcts(b: u64) -> AgentSpec {
    AgentSpec::Mcts(Budget::Iterations(b))
}

/// The symmetries tested by the mirror check, or why it is skipped.
pub(super) fn mirror_plan(
    game: &Game,
    syms: &[Symmetry],
    settings: &Settings,
) -> Result<Vec<usize>, String> {
    if game.rules.players.len() != 2 {
        return Err("the mirror check needs a game of 2 players".into());
    }
    if !symmetry::has_cell_actions(&game.rules) {
        return Err("no action of this game is on a cell, so none can be mirrored".into());
    }
    let tested: Vec<usize> = (0..syms.len())
        .filter(|&i| !syms[i].is_identity())
        .collect();
    if tested.is_empty() {
        return Err("the game has no symmetry besides the identity".into());
    }
    if settings.mirror_games == 0 {
        return Err("no mirror games asked for (--mirror-games 0)".into());
    }
    Ok(tested)
}

fn symmetry_json(game: &Game, syms: &[Symmetry]) -> Value {
    let board = game.board();
    let players = &game.rules.players;
    let uses = symmetry::RuleUses::of(&game.rules);
    let list: Vec<Value> = syms
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let angle = if s.reflection {
                let t = s.turn;
                if t % 2 == 0 {
                    json!(t / 2)
                } else {
                    json!(t as f64 / 2.0)
                }
            } else {
                json!(s.turn)
            };
            let label = |c: usize| board.label(c).to_string();
            let mut v = json!({
                "index": i,
                "name": s.name,
                "kind": s.kind(),
                "angle": angle,
                "regions": if s.swaps_players() { "swapped" } else { "preserved" },
                "player_map": players.iter().enumerate()
                    .map(|(p, name)| (name.clone(), json!(players[s.players[p]])))
                    .collect::<serde_json::Map<String, Value>>(),
                "fixed_cells": s.fixed_cells.len(),
                "rows_columns": match s.rows_columns {
                    None => Value::Null,
                    Some(symmetry::RowsColumns::Preserved) => json!("preserved"),
                    Some(symmetry::RowsColumns::Exchanged) => json!("exchanged"),
                },
                "notes": s.notes,
            });
            if s.reflection && !s.fixed_cells.is_empty() {
                let (a, b) = (s.fixed_cells[0], s.fixed_cells[s.fixed_cells.len() - 1]);
                v["axis_through"] = json!([label(a), label(b)]);
            }
            if !s.reflection && s.turn != 0 && s.fixed_cells.len() == 1 {
                v["centre"] = json!(label(s.fixed_cells[0]));
            }
            v
        })
        .collect();
    json!({
        "method": "automorphisms of the board graph whose action on the direction labels is a rotation or \
                   a reflection of their angles (grown from one cell's image along the direction table, \
                   links checked), kept when they map every fixed cell set the rules use onto itself and \
                   each player's fixed sets onto the same player's (regions preserved) or another \
                   player's (regions swapped)",
        "count": syms.len(),
        "identity_included": true,
        "player_regions": uses.has_player_regions(),
        "symmetries": list,
    })
}

/// The header: what was analysed and how. Equal in every shard of a run.
pub fn header(game: &Game, source: &str, settings: &Settings) -> Value {
    let syms = symmetry::symmetries(&game.rules);
    let board = game.board();
    let plan = mirror_plan(game, &syms, settings);
    let options: serde_json::Map<String, Value> = game
        .rules
        .options
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    json!({
        "format": REPORT_FORMAT,
        "version": FORMAT_VERSION,
        "gdl_version": env!("CARGO_PKG_VERSION"),
        "game": game.rules.name,
        "options": options,
        "source_fnv1a64": format!("{:016x}", fnv(source)),
        "players": game.rules.players,
        "board": {
            "shape": board.shape().to_string(),
            "cells": board.len(),
            "edges": board.graph().edge_count(),
            "links": board.link_count(),
        },
        "ply_limit": run::ply_limit(game),
        "settings": settings.to_json(),
        "symmetry": symmetry_json(game, &syms),
        "mirror_plan": match &plan {
            Ok(t) => json!({"symmetries": t, "skipped": null}),
            Err(why) => json!({"symmetries": [], "skipped": why}),
        },
    })
}
