//! Perft counts from `tests/perft/counts.txt`, derived by hand or published,
//! checked against the engine by one generic test (of actions, or of whole
//! turns where a line says `--turns`).

use std::path::Path;

use gdl::OptionChoice;
use gdl::load;
use gdl::run::{perft, perft_turns};

struct Case {
    line: usize,
    file: String,
    options: Vec<OptionChoice>,
    /// Count whole turns (`--turns` in the line's head) instead of actions.
    turns: bool,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string("tests/perft/counts.txt").expect("perft data");
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, counts) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("line {line_no}: no `:`"));
        let mut words = head.split_whitespace();
        let file = words
            .next()
            .unwrap_or_else(|| panic!("line {line_no}: no file"))
            .to_string();
        let mut turns = false;
        let mut options = Vec::new();
        for w in words {
            match w {
                "--turns" if !turns => turns = true,
                "--turns" => panic!("line {line_no}: `--turns` twice"),
                w if w.starts_with('-') => panic!("line {line_no}: unknown flag `{w}`"),
                w => options.push(w.parse().unwrap_or_else(|e| panic!("line {line_no}: {e}"))),
            }
        }
        let counts = counts
            .split_whitespace()
            .map(|c| c.parse().unwrap_or_else(|e| panic!("line {line_no}: {e}")))
            .collect();
        cases.push(Case {
            line: line_no,
            file,
            options,
            turns,
            counts,
        });
    }
    cases
}

#[test]
fn perft_counts_match_the_data_file() {
    let cases = cases();
    assert!(cases.len() >= 8, "the data file lost its cases");
    assert!(
        cases.iter().filter(|c| c.turns).count() >= 4,
        "the data file lost its cases of whole turns"
    );
    for case in cases {
        let game = load(Path::new(&case.file), &case.options)
            .unwrap_or_else(|f| panic!("line {}: {}", case.line, f.message()));
        let depth = case.counts.len();
        let counts = if case.turns {
            perft_turns(&game, &game.start(), depth, false)
                .unwrap_or_else(|e| panic!("line {}: {e}", case.line))
        } else {
            perft(&game, &game.start(), depth, false)
        };
        let counts: Vec<u64> = counts.iter().map(|d| d.nodes).collect();
        assert_eq!(
            counts, case.counts,
            "line {}: {} {:?} (turns: {})",
            case.line, case.file, case.options, case.turns
        );
    }
}

#[test]
fn unique_positions_of_tictactoe() {
    // Distinct positions after each ply: the published 9, 72, 252, 756, 1260,
    // 1520, 1140, 390, 78 (5,478 legal positions with the empty board).
    let game = load(Path::new("games/tictactoe.gdl"), &[]).expect("loads");
    let unique: Vec<u64> = perft(&game, &game.start(), 9, true)
        .iter()
        .map(|d| d.unique.expect("asked for"))
        .collect();
    assert_eq!(unique, vec![9, 72, 252, 756, 1260, 1520, 1140, 390, 78]);
}

#[test]
fn transpositions_merge_in_unique_counts() {
    // Hex 3x3 without swap: after three plies there are 9*8*7 sequences but
    // fewer positions: two black stones (C(9,2) = 36 pairs) and one white
    // stone on one of the other 7 cells: 36 * 7 = 252.
    let opts: Vec<OptionChoice> = vec!["size=3".parse().unwrap(), "swap=off".parse().unwrap()];
    let game = load(Path::new("games/hex.gdl"), &opts).expect("loads");
    let d = perft(&game, &game.start(), 3, true);
    assert_eq!(d[2].nodes, 504);
    assert_eq!(d[2].unique, Some(252));
}

/// `gdl perft --chance`: chance's outcomes fixed line by line. In Pig, a
/// player rolls or stops; with the first roll of each line fixed to 3:
/// depth 2 is roll (3, played uncounted) then roll or stop, and stop then
/// the other's roll or stop: 4. Depth 3: roll 3 roll, then the second
/// roll's six faces (6); roll 3 stop, then the other's two (2); stop roll,
/// whose roll is the line's first, fixed to 3, then two (2); stop stop,
/// then two (2): 12.
#[test]
fn perft_with_chance_fixed_counts_the_rest() {
    use crate::common::gdl;
    let r = gdl(&["perft", "games/pig.gdl", "-d", "3", "--chance", "die=3"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("chance: fixed to die=3"), "{}", r.stdout);
    for (depth, nodes) in [(1, 2), (2, 4), (3, 12)] {
        assert!(
            r.stdout
                .contains(&format!("depth {depth}: {nodes} nodes\n")),
            "{}",
            r.stdout
        );
    }
    // Unfixed, each outcome is a node: 2, 8, 20.
    let all = gdl(&["perft", "games/pig.gdl", "-d", "3"]);
    assert!(all.stdout.contains("depth 3: 20 nodes"), "{}", all.stdout);
    let bad = gdl(&["perft", "games/pig.gdl", "-d", "3", "--chance", "die=7"]);
    assert_eq!(bad.code, 2, "{bad:?}");
    assert!(
        bad.stderr
            .contains("`die=7` is not an outcome of chance's decision 1 here (die=1,"),
        "{bad:?}"
    );
}

/// `perft --divide`: each first action's count is the count from the
/// position it leads to, and they add up to the whole count; the chess
/// figures are those every chess engine prints (`go perft 3`: Nc3 440,
/// e4 600).
#[test]
fn divide_splits_the_count_by_the_first_action() {
    for (file, depth) in [
        ("games/chess.gdl", 3),
        ("games/draughts.gdl", 4),
        ("games/pig.gdl", 3),
    ] {
        let game = crate::common::game(file, &[]);
        let start = game.start();
        let parts = gdl::run::perft_divide(&game, &start, depth);
        let whole = perft(&game, &start, depth, false)[depth - 1].nodes;
        assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), whole, "{file}");
        for &(action, nodes) in &parts {
            let mut child = start.clone();
            game.play(&mut child, action).expect("a legal action");
            let below = perft(&game, &child, depth - 1, false);
            assert_eq!(nodes, below.last().map_or(1, |d| d.nodes), "{file}");
        }
    }
    let out = crate::common::gdl(&["perft", "games/chess.gdl", "-d", "3", "--divide"]);
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "depth 3, divided by the first action:");
    assert!(lines.contains(&"b1-c3: 440") && lines.contains(&"e2-e4: 600"));
    assert_eq!(lines.last(), Some(&"total: 8902 nodes, 20 first actions"));
}

/// With `--turns`, by the first whole turn: a pawn's move to the last row
/// and its promotion are one turn, as chess engines count them.
#[test]
fn divide_by_whole_turns_and_in_json() {
    let promote = "8/4P3/8/8/8/8/k7/7K w - - 0 1";
    let args = ["perft", "games/chess.gdl", "--position", promote, "-d", "2"];
    let out = crate::common::gdl(&[&args[..], &["--divide", "--turns"]].concat());
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("\ne7-e8/promotion=knight: 5\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.ends_with("total: 35 nodes, 7 first turns\n"),
        "{}",
        out.stdout
    );
    let whole = crate::common::gdl(&[&args[..], &["--turns"]].concat());
    assert!(whole.stdout.ends_with("depth 2: 35 nodes\n"), "{whole:?}");

    let out = crate::common::gdl(&[&args[..], &["--divide", "--json"]].concat());
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(doc["depth"], 2);
    let parts = doc["divide"].as_array().expect("a list");
    // Actions: the king's 3 moves, and the pawn's move, then 4 promotions.
    assert_eq!(parts.len(), 4);
    assert_eq!(parts[3], serde_json::json!({"first": "e7-e8", "nodes": 4}));
    assert_eq!(doc["nodes"], 3 * 5 + 4);
}
