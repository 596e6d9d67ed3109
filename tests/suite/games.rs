//! One snapshot document per shipped game and option set: the options, the
//! board, the start position, perft for the first depths and one seeded
//! random game. Review every change of these files against the rules.

use std::fmt::Write;
use std::path::Path;

use gdl::check::OptionChoice;
use gdl::load;
use gdl::notation;
use gdl::run::{perft, playout};
use gdl::show;

/// Option sets for each game besides its defaults (small boards, the other
/// rulesets). A new game must be added here: the test fails for a game
/// without an entry.
fn option_sets(stem: &str) -> Option<&'static [&'static [&'static str]]> {
    Some(match stem {
        "carteso" => &[&["size=5", "komi=2.5,3.5"]],
        "ecalper" => &[&["size=3", "pie=off"]],
        "equi" => &[
            &["ruleset=equiversi", "board=square5"],
            &["ruleset=equiversi2", "board=hex4"],
            &["board=hex5-6", "passing=full", "capture=morph-all"],
            &["board=hex7-8", "hopping=optional-no-friends", "discs=safe"],
            &["board=omni5", "ruleset=equiversi"],
        ],
        "hex" => &[&["size=4", "swap=off"]],
        "pinch" => &[&["size=5", "capture=remove", "pie=off"]],
        "tictactoe" => &[],
        _ => return None,
    })
}

/// Perft depth: deepen while the next depth is expected to stay under this
/// many nodes, so the snapshot stays quick to compute however large the board.
const PERFT_BUDGET: u64 = 400_000;

fn document(path: &Path, options: &[&str]) -> String {
    let choices: Vec<OptionChoice> = options.iter().map(|o| o.parse().expect("option")).collect();
    let game = load(path, &choices).unwrap_or_else(|f| panic!("{}", f.message()));
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
        show::position(&game, &start).trim_end()
    );

    let _ = writeln!(doc, "\n## perft\n");
    let mut depth = 1;
    loop {
        let counts = perft(&game, &start, depth, true);
        let last = counts.last().expect("one depth at least").nodes;
        let prev = if depth > 1 {
            counts[depth - 2].nodes
        } else {
            1
        };
        let next_estimate = last.saturating_mul(last.div_ceil(prev.max(1)));
        if next_estimate > PERFT_BUDGET || depth == 8 || last == 0 {
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

    let game_record = playout(&game, &start, 1, true);
    let mut st = start.clone();
    let mut legal = Vec::new();
    let mut moves = Vec::new();
    for &a in &game_record.actions {
        game.legal_actions(&st, &mut legal);
        moves.push(notation::format(&game, &legal, a));
        game.play(&mut st, a).expect("a recorded action is legal");
    }
    let _ = writeln!(doc, "\n## random game (seed 1)\n");
    for (i, chunk) in moves.chunks(12).enumerate() {
        let _ = writeln!(doc, "{:>4}. {}", i * 12 + 1, chunk.join(" "));
    }
    let _ = writeln!(
        doc,
        "\nresult: {} after {} plies\n\n{}",
        show::result_word(&game, game_record.result),
        game_record.length,
        show::position(&game, &st).trim_end()
    );
    // The record must replay to the same position through the notation.
    let mut replay = game.start();
    notation::play_moves(&game, &mut replay, &moves.join(" ")).expect("the record replays");
    assert_eq!(
        replay.hash(),
        st.hash(),
        "{}: replayed record differs",
        path.display()
    );
    doc
}

#[test]
fn game_snapshots() {
    insta::glob!("../../games", "*.gdl", |path| {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("file name");
        let sets = option_sets(stem)
            .unwrap_or_else(|| panic!("add option sets for {stem} in tests/games.rs"));
        let relative = Path::new("games").join(path.file_name().expect("file name"));
        let mut doc = document(&relative, &[]);
        for set in sets {
            doc.push_str("\n\n");
            doc.push_str(&document(&relative, set));
        }
        insta::assert_snapshot!(doc);
    });
}
