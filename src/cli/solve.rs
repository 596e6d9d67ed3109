//! `gdl solve`: a position's value under perfect play (see [`crate::solve`]).

use std::io::Write;

use super::commands::GameDoc;
use super::{Failure, SolveArgs, io, load, start_after};
use crate::analysis::perfect::{PerfectPlay, perfect_play};

pub(super) fn solve_cmd(a: &SolveArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, a.position.as_deref(), &a.moves)?;
    let limit = usize::try_from(a.limit).unwrap_or(usize::MAX);
    let doc = perfect_play(&game, &st, limit, usize::MAX)
        .map_err(|e| Failure::Input(format!("error: {e}\n")))?;
    if a.json {
        let mut d = super::json::Doc::begin(out).map_err(io)?;
        d.fields(out, &GameDoc::of(&game)).map_err(io)?;
        d.fields(out, &doc).map_err(io)?;
        return d.end(out).map_err(io);
    }
    write_text(&doc, out).map_err(io)
}

fn write_text(d: &PerfectPlay, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "perfect play, chance averaged: {} positions ({} decided by chance), {} after {} sweeps",
        d.positions,
        d.chance_positions,
        if d.settled { "settled" } else { "not settled" },
        d.sweeps
    )?;
    for s in &d.seats {
        writeln!(
            out,
            "seat {} ({}): value {:+.4}, wins {:.2}%",
            s.seat,
            s.player,
            s.value,
            100.0 * s.wins
        )?;
    }
    writeln!(
        out,
        "draw {:.2}%, never ends {:.2}%",
        100.0 * d.draw,
        100.0 * d.endless
    )?;
    if !d.first_actions.is_empty() {
        writeln!(out, "actions, best first for the player to move:")?;
        for f in &d.first_actions {
            writeln!(out, "  {}: {:+.4}", f.action, f.value)?;
        }
    }
    for n in &d.notes {
        writeln!(out, "note: {n}")?;
    }
    Ok(())
}
