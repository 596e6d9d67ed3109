//! The snapshot document of a game: for the default options and each extra
//! option set, the options, the board, the start, perft for the first depths
//! and one seeded random game. Stored beside the game (`NAME.snapshot`) and
//! reviewed like code: any change of the rules shows in its diff.

use std::fmt::Write;

use crate::engine::Game;
use crate::{explain, notation, run, show};

/// Perft depth: deepen while the next depth is expected to stay under this
/// many nodes, so the snapshot stays quick to compute however large the board.
const PERFT_BUDGET: u64 = 400_000;
/// The deepest perft in a snapshot.
const PERFT_MAX_DEPTH: usize = 8;
/// Actions per line in the random game.
const PER_LINE: usize = 12;

/// The section of one option set. Errs if the seeded random game does not
/// replay through its own notation (a bug in the notation or the engine).
pub fn section(game: &Game) -> Result<String, String> {
    let mut doc = String::new();
    let _ = writeln!(doc, "# {}\n", game.rules.name);
    let _ = writeln!(doc, "## options\n");
    for (k, v) in &game.rules.options {
        let _ = writeln!(doc, "{k} = {v}");
    }
    if game.rules.options.is_empty() {
        let _ = writeln!(doc, "(none)");
    }
    let _ = writeln!(doc, "\n## board\n\n{}", game.board().summary().trim_end());
    let start = game.start();
    let _ = writeln!(
        doc,
        "\n## start\n\n{}",
        show::position(game, &start).trim_end()
    );

    let _ = writeln!(doc, "\n## perft\n");
    let mut depth = 1;
    loop {
        let counts = run::perft(game, &start, depth, true);
        let last = counts.last().map_or(0, |c| c.nodes);
        let prev = if depth > 1 {
            counts[depth - 2].nodes
        } else {
            1
        };
        let next_estimate = last.saturating_mul(last.div_ceil(prev.max(1)));
        if next_estimate > PERFT_BUDGET || depth == PERFT_MAX_DEPTH || last == 0 {
            for c in &counts {
                let _ = writeln!(
                    doc,
                    "depth {}: {} nodes, {} unique",
                    c.depth,
                    c.nodes,
                    c.unique.unwrap_or(0)
                );
            }
            break;
        }
        depth += 1;
    }

    let record = run::playout(game, &start, 1, true);
    let mut st = start.clone();
    let mut legal = Vec::new();
    let mut moves = Vec::new();
    for &a in &record.actions {
        game.legal_actions(&st, &mut legal);
        moves.push(notation::format(game, &legal, a));
        game.play(&mut st, a)
            .map_err(|e| format!("the seeded game's action {a:?}: {e}"))?;
    }
    let _ = writeln!(doc, "\n## random game (seed 1)\n");
    for (i, chunk) in moves.chunks(PER_LINE).enumerate() {
        let _ = writeln!(doc, "{:>4}. {}", i * PER_LINE + 1, chunk.join(" "));
    }
    let _ = writeln!(
        doc,
        "\nresult: {} after {} plies\n\n{}",
        show::result_word(game, record.result),
        record.length,
        show::position(game, &st).trim_end()
    );
    let mut replay = game.start();
    explain::play_moves(game, &mut replay, &moves.join(" "))
        .map_err(|e| format!("the seeded game does not replay from its notation: {e}"))?;
    if replay.hash() != st.hash() {
        return Err("the seeded game replays to another position".into());
    }
    Ok(doc)
}

/// A unified diff of two texts, with three lines of context, the first
/// called `old_name` and the second `new_name`.
pub fn diff(old: &str, new: &str, old_name: &str, new_name: &str) -> String {
    let (old, new) = (
        format!("{}\n", old.trim_end()),
        format!("{}\n", new.trim_end()),
    );
    similar::TextDiff::from_lines(&old, &new)
        .unified_diff()
        .context_radius(3)
        .header(old_name, new_name)
        .to_string()
}
