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
