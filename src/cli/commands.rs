//! The commands that look at one game: `check`, `show`, `moves`,
//! `playout`, `perft` and `bench`.

use std::io::Write;
use std::time::Duration;

use serde_json::json;

use super::{
    BenchArgs, CheckArgs, Failure, PerftArgs, PlayoutArgs, ShowArgs, io, load, start_after,
};
use crate::engine::Game;
use crate::{notation, run, show};

pub(super) fn check_files(a: &CheckArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut failures = Vec::new();
    for path in &a.files {
        match load(path, &a.options) {
            Ok(game) => {
                writeln!(
                    out,
                    "{}: ok ({}, {} cells)",
                    path.display(),
                    game.rules.name,
                    game.board().len()
                )
                .map_err(io)?;
                for o in &game.rules.option_info {
                    let doc = if o.doc.is_empty() {
                        String::new()
                    } else {
                        format!("  # {}", o.doc)
                    };
                    writeln!(
                        out,
                        "  option {} = {}  ({}){doc}",
                        o.name, o.value, o.allowed
                    )
                    .map_err(io)?;
                }
            }
            Err(f) => failures.push(f),
        }
    }
    match failures.len() {
        0 => Ok(()),
        1 => Err(failures.pop().expect("one")),
        _ => {
            let code_game = failures.iter().any(|f| matches!(f, Failure::GameFile(_)));
            let text: String = failures
                .iter()
                .map(|f| f.message().to_string())
                .collect::<Vec<_>>()
                .join("\n");
            // The most telling code wins: a bad game file, then bad input.
            Err(if code_game {
                Failure::GameFile(text)
            } else if failures.iter().any(|f| matches!(f, Failure::Input(_))) {
                Failure::Input(text)
            } else {
                Failure::Io(text)
            })
        }
    }
}

pub(super) fn show_cmd(a: &ShowArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, &a.moves)?;
    writeln!(
        out,
        "{}\n{}",
        show::title(&game),
        show::position(&game, &st)
    )
    .map_err(io)
}

pub(super) fn moves_cmd(a: &ShowArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, &a.moves)?;
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let text: Vec<String> = legal
        .iter()
        .map(|&m| notation::format(&game, &legal, m))
        .collect();
    writeln!(out, "{}", text.join(" ")).map_err(io)
}

pub(super) fn options_json(game: &Game) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = game
        .rules
        .options
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    serde_json::Value::Object(map)
}

pub(super) fn playout_cmd(a: &PlayoutArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let start = game.start();
    let mut games = Vec::new();
    let mut total = 0u64;
    for i in 0..a.count {
        let p = run::playout(&game, &start, a.seed.wrapping_add(i), false);
        total += p.length as u64;
        games.push(p);
    }
    let mean = total as f64 / a.count.max(1) as f64;
    if a.json {
        let list: Vec<serde_json::Value> = games
            .iter()
            .map(|p| json!({"seed": p.seed, "length": p.length, "result": show::result_word(&game, p.result)}))
            .collect();
        let doc = json!({"game": game.rules.name, "options": options_json(&game), "playouts": list, "mean_length": mean});
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io)
    } else {
        for p in &games {
            writeln!(
                out,
                "seed {}: {} after {}",
                p.seed,
                show::result_word(&game, p.result),
                show::plies(p.length as u64)
            )
            .map_err(io)?;
        }
        writeln!(out, "mean length: {mean:.2}").map_err(io)
    }
}

pub(super) fn perft_cmd(a: &PerftArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, &a.moves)?;
    let counts = run::perft(&game, &st, a.depth as usize, a.unique);
    if a.json {
        let depths: Vec<serde_json::Value> = counts
            .iter()
            .map(|c| match c.unique {
                Some(u) => json!({"depth": c.depth, "nodes": c.nodes, "unique": u}),
                None => json!({"depth": c.depth, "nodes": c.nodes}),
            })
            .collect();
        let doc =
            json!({"game": game.rules.name, "options": options_json(&game), "depths": depths});
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io)
    } else {
        for c in &counts {
            match c.unique {
                Some(u) => writeln!(out, "depth {}: {} nodes, {} unique", c.depth, c.nodes, u),
                None => writeln!(out, "depth {}: {} nodes", c.depth, c.nodes),
            }
            .map_err(io)?;
        }
        Ok(())
    }
}

pub(super) fn bench_cmd(a: &BenchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if !(a.seconds > 0.0 && a.seconds <= 3600.0) {
        return Err(Failure::Input(
            "error: --seconds must be between 0 and 3600\n".into(),
        ));
    }
    let game = load(&a.game.file, &a.game.options)?;
    let start = game.start();
    let b = run::bench(&game, &start, Duration::from_secs_f64(a.seconds), a.seed);
    if a.json {
        let doc = json!({
            "game": game.rules.name,
            "options": options_json(&game),
            "playouts": b.playouts,
            "seconds": b.seconds,
            "playouts_per_sec": b.playouts_per_sec(),
            "mean_length": b.mean_length(),
            "plies_per_sec": b.plies_per_sec(),
        });
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io)
    } else {
        writeln!(
            out,
            "{}: {:.0} playouts/s, {:.0} plies/s, mean length {:.1} ({} playouts in {:.2} s)",
            show::title(&game),
            b.playouts_per_sec(),
            b.plies_per_sec(),
            b.mean_length(),
            b.playouts,
            b.seconds
        )
        .map_err(io)
    }
}
