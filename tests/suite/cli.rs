//! The `gdl` command line, run as a real process: every subcommand, its exit
//! code (exactly: a panic would be 101) and the key parts of its output.
//!
//! Exit codes: 0 ok, 1 bad game file, 2 bad input (usage, options, moves,
//! agents), 3 I/O error.

use serde_json::Value;

use crate::common::{gdl, gdl_with_bytes, gdl_with_input};

/// Runs `gdl ARGS`, which must succeed, and returns its stdout.
fn ok(args: &[&str]) -> String {
    let r = gdl(args);
    assert_eq!(r.code, 0, "gdl {args:?}: {r:?}");
    r.stdout
}

/// Runs `gdl ARGS`, which must fail with `code`, and returns its stderr.
fn fails(args: &[&str], code: i32) -> String {
    let r = gdl(args);
    assert_eq!(r.code, code, "gdl {args:?}: {r:?}");
    assert!(
        r.stderr.starts_with("error"),
        "gdl {args:?}: stderr should start with `error`: {r:?}"
    );
    r.stderr
}

/// Runs `gdl ARGS` and parses its stdout as JSON.
fn json(args: &[&str]) -> Value {
    let out = ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("gdl {args:?}: not JSON ({e}):\n{out}"))
}

const TTT: &str = "games/tictactoe.gdl";
const GAMES: [&str; 4] = [
    "games/ecalper.gdl",
    "games/hex.gdl",
    "games/pinch.gdl",
    "games/tictactoe.gdl",
];

// ---------------------------------------------------------------- clap

#[test]
fn cli_definition_is_consistent() {
    use clap::CommandFactory;
    gdl::cli::Cli::command().debug_assert();
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frob"],
        &["check"],
        &["perft", TTT],
        &["perft", TTT, "-d", "x"],
        &["playout", TTT, "-n", "abc"],
        &["bench", TTT, "--seconds", "abc"],
        &["show", TTT, "--frob"],
    ] {
        let r = gdl(args);
        assert_eq!(r.code, 2, "gdl {args:?}: {r:?}");
        assert!(
            r.stderr.contains("Usage") || r.stderr.contains("--help"),
            "{r:?}"
        );
    }
}

#[test]
fn version_and_help() {
    assert!(ok(&["--version"]).starts_with("gdl "));
    let help = ok(&["--help"]);
    for cmd in [
        "check", "show", "moves", "play", "playout", "perft", "bench",
    ] {
        assert!(help.contains(cmd), "--help does not list {cmd}:\n{help}");
    }
}

// ---------------------------------------------------------------- check

#[test]
fn check_accepts_every_shipped_game() {
    let out = ok(&["check", GAMES[0], GAMES[1], GAMES[2], GAMES[3]]);
    let verdicts: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("  option "))
        .collect();
    assert_eq!(verdicts.len(), 4, "{out}");
    for (line, game) in verdicts.iter().zip(GAMES) {
        assert!(line.starts_with(&format!("{game}: ok (")), "{line}");
    }
    assert!(out.contains("games/hex.gdl: ok (Hex, 121 cells)\n  option size = 11  (1..26)"));
    assert!(out.contains("games/tictactoe.gdl: ok (Tic-tac-toe, 9 cells)"));
}

#[test]
fn check_applies_options() {
    let out = ok(&["check", "games/hex.gdl", "-o", "size=5"]);
    assert!(
        out.starts_with("games/hex.gdl: ok (Hex, 25 cells)\n  option size = 5  (1..26)"),
        "{out}"
    );
    assert!(out.contains("  option swap = on  (on | off)"), "{out}");
}

#[test]
fn check_reports_a_broken_file() {
    let r = gdl(&["check", "tests/errors/unknown_mark.gdl"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("error: unknown mark `aded`"), "{r:?}");
    assert!(
        r.stderr.contains("--> tests/errors/unknown_mark.gdl:7:13"),
        "{r:?}"
    );
    assert!(r.stderr.contains("did you mean `added`?"), "{r:?}");
    assert!(
        r.stderr
            .ends_with("tests/errors/unknown_mark.gdl: 1 error\n"),
        "{r:?}"
    );
}

#[test]
fn check_reports_a_missing_file() {
    let err = fails(&["check", "games/no-such-game.gdl"], 3);
    assert!(err.contains("cannot read games/no-such-game.gdl"), "{err}");
}

#[test]
fn check_reports_a_directory_as_unreadable() {
    let err = fails(&["check", "games"], 3);
    assert!(err.contains("cannot read games"), "{err}");
}

#[test]
fn check_several_files_reports_each() {
    // Good and broken files: the good ones are ok, the broken one fails.
    let r = gdl(&[
        "check",
        "games/hex.gdl",
        "tests/errors/unknown_function.gdl",
        "games/tictactoe.gdl",
        "tests/errors/missing_board.gdl",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("games/hex.gdl: ok"), "{r:?}");
    assert!(r.stdout.contains("games/tictactoe.gdl: ok"), "{r:?}");
    assert!(
        r.stderr.contains("tests/errors/unknown_function.gdl:7:8"),
        "{r:?}"
    );
    assert!(r.stderr.contains("the game has no board"), "{r:?}");

    // A game file error outranks an unreadable file.
    let r = gdl(&[
        "check",
        "tests/errors/unknown_function.gdl",
        "games/no-such-game.gdl",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains("cannot read games/no-such-game.gdl"),
        "{r:?}"
    );

    // One unreadable file among good ones.
    let r = gdl(&["check", "games/hex.gdl", "games/no-such-game.gdl"]);
    assert_eq!(r.code, 3, "{r:?}");
    assert!(r.stdout.contains("games/hex.gdl: ok"), "{r:?}");
}

#[test]
fn check_several_missing_files_is_an_io_error() {
    let err = fails(&["check", "games/no-such-1.gdl", "games/no-such-2.gdl"], 3);
    assert!(err.contains("no-such-1.gdl") && err.contains("no-such-2.gdl"));
}

#[test]
fn io_errors_end_with_a_newline() {
    let err = fails(&["check", "games/no-such-game.gdl"], 3);
    assert!(err.ends_with('\n'), "{err:?}");
}

#[test]
fn check_option_error_names_the_file() {
    let err = fails(
        &[
            "check",
            "games/hex.gdl",
            "games/tictactoe.gdl",
            "-o",
            "size=3",
        ],
        2,
    );
    assert!(err.contains("tictactoe"), "{err}");
}

// ---------------------------------------------------------------- show

#[test]
fn show_prints_the_start_position() {
    let out = ok(&["show", TTT]);
    assert!(out.starts_with("Tic-tac-toe\n"), "{out}");
    assert!(out.contains(" 3 . . . 3"), "{out}");
    assert!(out.contains(" 1 . . . 1"), "{out}");
    assert!(out.contains("x to move"), "{out}");
}

#[test]
fn show_plays_the_moves_first() {
    let before = ok(&["show", "games/hex.gdl", "-o", "size=3"]);
    let after = ok(&["show", "games/hex.gdl", "-o", "size=3", "--moves", "b2"]);
    assert!(after.starts_with("Hex (size=3, swap=on)\n"), "{after}");
    let row2 = |text: &str| -> String {
        text.lines()
            .find(|l| l.trim_start().starts_with("2 "))
            .unwrap_or_else(|| panic!("no row 2 in\n{text}"))
            .to_string()
    };
    assert!(!row2(&before).contains('B'), "{before}");
    // b2 is the middle of row 2: `2  . B .  2`.
    let line = row2(&after);
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cells, ["2", ".", "B", ".", "2"], "{after}");
    assert!(after.contains("white to move"), "{after}");
}

#[test]
fn show_with_an_illegal_move_fails() {
    let err = fails(&["show", TTT, "--moves", "b2 b2"], 2);
    assert!(err.contains("action 2 (`b2`)"), "{err}");
}

// ---------------------------------------------------------------- moves

#[test]
fn moves_lists_the_legal_actions() {
    let out = ok(&["moves", TTT]);
    let mut cells: Vec<&str> = out.split_whitespace().collect();
    cells.sort();
    assert_eq!(
        cells,
        ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    );

    let out = ok(&["moves", TTT, "--moves", "a1 b2"]);
    assert_eq!(out.split_whitespace().count(), 7, "{out}");
    assert!(!out.split_whitespace().any(|m| m == "a1" || m == "b2"));
}

#[test]
fn moves_lists_the_pie_rule() {
    let out = ok(&["moves", "games/hex.gdl", "-o", "size=2", "--moves", "a1"]);
    let moves: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(moves, ["b1", "a2", "b2", "swap"]);
}

#[test]
fn moves_after_the_end_says_the_game_is_over() {
    // x wins on the bottom row: no empty line, but a message and exit 2.
    let r = gdl(&["moves", TTT, "--moves", "a1 a2 b1 b2 c1"]);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{r:?}");
    assert!(
        r.stderr.contains("the game is over") && r.stderr.contains("x wins"),
        "{r:?}"
    );
}

#[test]
fn illegal_move_names_the_action_and_its_position() {
    let err = fails(&["moves", TTT, "--moves", "a1 a2 a1"], 2);
    assert!(err.contains("--moves"), "{err}");
    assert!(err.contains("action 3 (`a1`)"), "{err}");
    assert!(err.contains("not legal"), "{err}");
}

#[test]
fn unparsable_move_names_the_action_and_its_position() {
    let err = fails(&["moves", TTT, "--moves", "a1 zz9"], 2);
    assert!(err.contains("action 2 (`zz9`)"), "{err}");
    assert!(err.contains("neither a cell"), "{err}");

    let err = fails(&["moves", TTT, "--moves", "b2 frob"], 2);
    assert!(err.contains("action 2 (`frob`)"), "{err}");
}

#[test]
fn move_after_the_end_is_refused() {
    let err = fails(&["moves", TTT, "--moves", "a1 a2 b1 b2 c1 c2"], 2);
    assert!(err.contains("action 6 (`c2`)"), "{err}");
    assert!(err.contains("the game is over"), "{err}");
}

// ---------------------------------------------------------------- options

#[test]
fn unknown_option_lists_the_options() {
    let err = fails(&["show", "games/hex.gdl", "-o", "sise=3"], 2);
    assert!(err.contains("unknown option `sise`"), "{err}");
    assert!(err.contains("did you mean `size`?"), "{err}");
    assert!(err.contains("size, swap"), "{err}");

    let err = fails(&["moves", TTT, "-o", "size=3"], 2);
    assert!(err.contains("unknown option `size`"), "{err}");
    assert!(err.contains("no options"), "{err}");
}

#[test]
fn bad_option_value_lists_the_values() {
    let err = fails(&["show", "games/hex.gdl", "-o", "size=99"], 2);
    assert!(err.contains("bad value `99` for option `size`"), "{err}");
    assert!(err.contains("1..26"), "{err}");

    let err = fails(
        &["perft", "games/pinch.gdl", "-d", "1", "-o", "capture=flp"],
        2,
    );
    assert!(
        err.contains("bad value `flp` for option `capture`"),
        "{err}"
    );
    assert!(err.contains("flip | remove"), "{err}");

    let err = fails(&["check", "games/hex.gdl", "-o", "size=abc"], 2);
    assert!(err.contains("bad value `abc`"), "{err}");
}

#[test]
fn every_bad_option_is_reported() {
    let err = fails(
        &["show", "games/hex.gdl", "-o", "sise=3", "-o", "swap=no"],
        2,
    );
    assert!(err.contains("`sise`") && err.contains("`no`"), "{err}");
}

#[test]
fn malformed_option_is_a_usage_error() {
    for bad in ["foo", "=3"] {
        let err = fails(&["show", "games/hex.gdl", "-o", bad], 2);
        assert!(err.contains("NAME=VALUE"), "{err}");
    }
}

// ---------------------------------------------------------------- perft

const TTT_NODES: [u64; 9] = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
const TTT_UNIQUE: [u64; 9] = [9, 72, 252, 756, 1260, 1520, 1140, 390, 78];

#[test]
fn perft_counts_tictactoe() {
    let out = ok(&["perft", TTT, "-d", "9"]);
    let expected: String = TTT_NODES
        .iter()
        .enumerate()
        .map(|(i, n)| format!("depth {}: {n} nodes\n", i + 1))
        .collect();
    assert_eq!(out, expected);
}

#[test]
fn perft_counts_unique_positions() {
    let out = ok(&["perft", TTT, "--depth", "9", "--unique"]);
    let expected: String = TTT_NODES
        .iter()
        .zip(TTT_UNIQUE)
        .enumerate()
        .map(|(i, (n, u))| format!("depth {}: {n} nodes, {u} unique\n", i + 1))
        .collect();
    assert_eq!(out, expected);
}

#[test]
fn perft_json() {
    let doc = json(&["perft", TTT, "-d", "9", "--unique", "--json"]);
    assert_eq!(doc["game"], "Tic-tac-toe");
    assert_eq!(doc["options"], serde_json::json!({}));
    let depths = doc["depths"].as_array().expect("depths is a list");
    assert_eq!(depths.len(), 9);
    for (i, d) in depths.iter().enumerate() {
        assert_eq!(d["depth"], i + 1);
        assert_eq!(d["nodes"], TTT_NODES[i]);
        assert_eq!(d["unique"], TTT_UNIQUE[i]);
    }

    let doc = json(&[
        "perft",
        "games/hex.gdl",
        "-o",
        "size=3",
        "-d",
        "2",
        "--json",
    ]);
    assert_eq!(
        doc["options"],
        serde_json::json!({"size": "3", "swap": "on"})
    );
    // 9 first stones, then 8 replies or the swap.
    assert_eq!(
        doc["depths"][0],
        serde_json::json!({"depth": 1, "nodes": 9})
    );
    assert_eq!(
        doc["depths"][1],
        serde_json::json!({"depth": 2, "nodes": 81})
    );
}

#[test]
fn perft_after_moves() {
    let out = ok(&["perft", TTT, "-d", "2", "--moves", "b2"]);
    assert_eq!(out, "depth 1: 8 nodes\ndepth 2: 56 nodes\n");
}

#[test]
fn perft_rejects_an_absurd_depth() {
    fails(&["perft", TTT, "-d", "18446744073709551615"], 2);
}

// ---------------------------------------------------------------- playout

#[test]
fn playout_json_shape() {
    let args = ["playout", TTT, "-n", "3", "--seed", "5", "--json"];
    let doc = json(&args);
    assert_eq!(doc["game"], "Tic-tac-toe");
    assert!(doc["options"].is_object(), "{doc}");
    let games = doc["playouts"].as_array().expect("playouts is a list");
    assert_eq!(games.len(), 3);
    let mut total = 0;
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["seed"], 5 + i as u64, "{g}");
        let length = g["length"].as_u64().expect("length is a number");
        assert!((5..=9).contains(&length), "{g}");
        total += length;
        let result = g["result"].as_str().expect("result is a string");
        assert!(["x", "o", "draw"].contains(&result), "{g}");
    }
    let mean = doc["mean_length"]
        .as_f64()
        .expect("mean_length is a number");
    assert!((mean - total as f64 / 3.0).abs() < 1e-9, "{doc}");
}

#[test]
fn playout_is_deterministic() {
    let args = [
        "playout",
        "games/pinch.gdl",
        "-o",
        "size=5",
        "-n",
        "4",
        "--seed",
        "9",
        "--json",
    ];
    assert_eq!(ok(&args), ok(&args));
    // Game i uses seed + i: the second game of seed 9 is the first of seed 10.
    let a = json(&args);
    let b = json(&[
        "playout",
        "games/pinch.gdl",
        "-o",
        "size=5",
        "--seed",
        "10",
        "--json",
    ]);
    assert_eq!(a["playouts"][1], b["playouts"][0]);
}

#[test]
fn playout_text() {
    let out = ok(&["playout", TTT, "-n", "2", "--seed", "5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("seed 5: "), "{out}");
    assert!(lines[1].starts_with("seed 6: "), "{out}");
    assert!(lines[0].ends_with(" plies"), "{out}");
    assert!(lines[2].starts_with("mean length: "), "{out}");
}

// ---------------------------------------------------------------- bench

#[test]
fn bench_json() {
    let doc = json(&["bench", TTT, "--seconds", "0.2", "--json"]);
    assert_eq!(doc["game"], "Tic-tac-toe");
    for key in ["playouts_per_sec", "mean_length", "plies_per_sec"] {
        let v = doc[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key} missing: {doc}"));
        assert!(v > 0.0, "{key} = {v}");
    }
    assert!(doc["playouts"].as_u64().is_some_and(|n| n > 0), "{doc}");
}

#[test]
fn bench_text() {
    let out = ok(&["bench", "games/hex.gdl", "-o", "size=5", "--seconds", "0.2"]);
    assert!(out.starts_with("Hex (size=5, swap=on): "), "{out}");
    assert!(out.contains("playouts/s"), "{out}");
}

#[test]
fn bench_rejects_bad_durations() {
    for bad in ["0", "-1", "NaN", "inf", "1e300"] {
        let err = fails(&["bench", TTT, &format!("--seconds={bad}")], 2);
        assert!(
            err.contains("--seconds must be more than 0 and at most 3600"),
            "{err}"
        );
    }
}

#[test]
fn bench_plays_a_fixed_number_of_playouts() {
    let doc = json(&["bench", TTT, "--playouts", "37", "--json"]);
    assert_eq!(doc["playouts"].as_u64(), Some(37), "{doc}");
    let out = ok(&["bench", TTT, "--playouts", "5"]);
    assert!(out.contains("(5 playouts in "), "{out}");
    let err = fails(&["bench", TTT, "--playouts", "0"], 2);
    assert!(err.contains("--playouts must be at least 1"), "{err}");
    let err = fails(&["bench", TTT, "--playouts", "5", "--seconds", "1"], 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// `--paths` names the route of each step and the shortcuts on; `--plain`
/// and `--without` switch shortcuts off, which perft and playouts must not
/// notice; an unknown name is refused with the list of names.
#[test]
fn bench_paths_and_the_shortcut_switches() {
    let fast = ok(&["bench", "games/breakthrough.gdl", "--paths"]);
    assert!(fast.starts_with("shortcuts: all\n"), "{fast}");
    assert!(
        fast.contains("turn rule 1, step 1, white: word offer"),
        "{fast}"
    );
    assert!(
        fast.contains("counted by shifts with more than 2 pieces, else as words"),
        "{fast}"
    );
    // How each choice's `keep if` is judged: Chess960's moves by the
    // cells read (its castling, then-effects, tried); atomic's all tried.
    let c960 = ok(&["bench", "games/chess960.gdl", "--paths"]);
    let route = |text: &str, choice: &str, kept: &str| {
        text.lines()
            .any(|l| l.starts_with(&format!("  {choice}: ")) && l.ends_with(kept))
    };
    let reads = "; kept as judged by the cells its conditions read";
    let tried = "; kept as tried on a copy";
    assert!(route(&c960, "knight-leap", reads), "{c960}");
    assert!(route(&c960, "castle-short", tried), "{c960}");
    let atomic = ok(&["bench", "games/atomic.gdl", "--paths"]);
    assert!(route(&atomic, "knight-leap", tried), "{atomic}");
    let plain = ok(&["bench", "games/breakthrough.gdl", "--paths", "--plain"]);
    assert!(plain.starts_with("shortcuts: none\n"), "{plain}");
    assert!(
        plain.contains("white: by groups, each set evaluated"),
        "{plain}"
    );
    assert!(
        plain.contains("sets by the tree evaluator; counted walking each move"),
        "{plain}"
    );
    let one_off = ok(&[
        "bench",
        "games/breakthrough.gdl",
        "--paths",
        "--without",
        "word-offers,moves-by-shifts",
    ]);
    assert!(
        one_off.starts_with("shortcuts: all but word-offers, moves-by-shifts\n"),
        "{one_off}"
    );
    assert!(
        one_off.contains("white: by groups, the step's sets from one register code"),
        "{one_off}"
    );
    for args in [
        &["perft", "games/chess.gdl", "-d", "3"][..],
        &["playout", "games/chess.gdl", "-n", "3"],
    ] {
        let all = ok(args);
        assert_eq!(ok(&[args, &["--plain"]].concat()), all, "{args:?}");
        assert_eq!(
            ok(&[args, &["--without", "keep-reads,step-sets"]].concat()),
            all,
            "{args:?}"
        );
    }
    let err = fails(&["perft", TTT, "-d", "1", "--without", "fast"], 2);
    assert!(
        err.contains("no shortcut `fast`: the shortcuts are programs, cell-tests,"),
        "{err}"
    );
    let err = fails(
        &["perft", TTT, "-d", "1", "--without", "programs", "--plain"],
        2,
    );
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn no_empty_parentheses_without_options() {
    let out = ok(&["bench", TTT, "--seconds", "0.1"]);
    assert!(out.starts_with("Tic-tac-toe: "), "{out}");
    let r = gdl_with_input(&["play", TTT], "quit\n");
    assert!(r.stdout.starts_with("Tic-tac-toe\n"), "{r:?}");
}

// ---------------------------------------------------------------- play

const HUMANS: [&str; 6] = ["play", TTT, "--x", "human", "--o", "human"];

/// How many times `play` prompted for input.
fn prompts(out: &str) -> usize {
    out.matches("> ").count()
}

#[test]
fn play_undo_and_quit() {
    let r = gdl_with_input(&HUMANS, "a1\nb1\nundo\nc3\nquit\n");
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.stderr, "");
    assert!(r.stdout.starts_with("Tic-tac-toe"), "{r:?}");
    assert!(r.stdout.contains("type `help` for commands"), "{r:?}");
    // b1 was taken back and c3 played instead.
    assert!(r.stdout.ends_with("> actions so far: a1 c3\n"), "{r:?}");
    // The position after the undo shows o to move again, with b1 empty.
    assert!(r.stdout.contains(" 1 X O . 1"), "{r:?}");
    assert!(r.stdout.contains(" 3 . . O 3"), "{r:?}");
    assert_eq!(prompts(&r.stdout), 5, "{r:?}");
}

#[test]
fn play_undo_with_nothing_to_undo() {
    let r = gdl_with_input(&HUMANS, "undo\nquit\n");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("nothing to undo"), "{r:?}");
}

#[test]
fn play_illegal_move_keeps_the_game_going() {
    let r = gdl_with_input(&HUMANS, "a1\na1\nzz\nb2\nquit\n");
    assert_eq!(r.code, 0, "{r:?}");
    // The refusal names the rule and the reason (see tests/suite/explain.rs).
    assert!(
        r.stdout
            .contains("`a1` is not legal: `place stone at empty` (games/tictactoe.gdl:8): a1 is not in `empty`: a1 holds x's stone"),
        "{r:?}"
    );
    assert!(r.stdout.contains("`zz` is neither a cell"), "{r:?}");
    assert!(
        r.stdout.contains("type `moves` for the legal actions"),
        "{r:?}"
    );
    assert!(r.stdout.ends_with("actions so far: a1 b2\n"), "{r:?}");
}

#[test]
fn play_help_and_moves() {
    let r = gdl_with_input(&HUMANS, "help\na1\nmoves\nquit\n");
    assert_eq!(r.code, 0, "{r:?}");
    for command in ["moves", "undo", "resign", "help", "quit"] {
        assert!(
            r.stdout
                .lines()
                .any(|l| l.trim_start().starts_with(command)),
            "help does not explain {command}: {r:?}"
        );
    }
    assert!(r.stdout.contains("a3 b3 c3 a2 b2 c2 b1 c1\n"), "{r:?}");
}

#[test]
fn play_resign_ends_the_game() {
    let r = gdl_with_input(&HUMANS, "a1\nresign\nb2\n");
    assert_eq!(r.code, 0, "{r:?}");
    // o resigned: x wins; the line after `resign` is never read.
    assert!(r.stdout.contains("x wins"), "{r:?}");
    assert!(r.stdout.contains("game over"), "{r:?}");
    // The record replays with --moves: the resignation comes after it.
    assert!(r.stdout.ends_with("actions: a1 (o resigned)\n"), "{r:?}");
    assert!(!r.stdout.contains("end of input"), "{r:?}");
    ok(&["moves", TTT, "--moves", "a1"]);
}

#[test]
fn play_end_of_input_prints_the_actions() {
    let r = gdl_with_input(&HUMANS, "a1\nc3");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.ends_with("end of input; actions so far: a1 c3\n"),
        "{r:?}"
    );

    let r = gdl_with_input(&HUMANS, "");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("end of input; actions so far:"), "{r:?}");
}

#[test]
fn play_to_the_end() {
    // x wins on the bottom row.
    let r = gdl_with_input(&HUMANS, "a1\na2\nb1\nb2\nc1\n");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("x wins"), "{r:?}");
    assert!(r.stdout.ends_with("actions: a1 a2 b1 b2 c1\n"), "{r:?}");
}

#[test]
fn play_against_random_and_resume() {
    // x is human (by default), o random: o answers each move at once.
    let r = gdl_with_input(&["play", TTT, "--seed", "7"], "b2\nquit\n");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("o plays "), "{r:?}");
    let last = r.stdout.lines().last().unwrap_or_default();
    let actions = last
        .strip_prefix("> actions so far: ")
        .unwrap_or_else(|| panic!("{r:?}"));
    assert_eq!(actions.split_whitespace().count(), 2, "{r:?}");
    // The printed actions resume the game with --moves.
    let out = ok(&["moves", TTT, "--moves", actions]);
    assert_eq!(out.split_whitespace().count(), 7, "{out}");
}

#[test]
fn play_random_against_random_is_deterministic() {
    let args = ["play", TTT, "--seed", "3", "--x", "random", "--o", "random"];
    let r = gdl_with_input(&args, "");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("game over"), "{r:?}");
    assert!(
        r.stdout
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("actions: "))
    );
    assert_eq!(gdl_with_input(&args, "").stdout, r.stdout);
}

#[test]
fn play_starts_after_moves() {
    let r = gdl_with_input(
        &[
            "play",
            "games/hex.gdl",
            "-o",
            "size=3",
            "--moves",
            "b2",
            "--white",
            "human",
        ],
        "swap\nquit\n",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.ends_with("actions so far: b2 swap\n"), "{r:?}");
}

#[test]
fn play_rejects_bad_agents() {
    let err = fails(&["play", TTT, "--x", "robot"], 2);
    assert!(err.contains("unknown agent `robot`"), "{err}");
    assert!(err.contains("human, random"), "{err}");

    let err = fails(&["play", TTT, "--black", "human"], 2);
    assert!(err.contains("unknown player `black`"), "{err}");
    assert!(err.contains("x, o"), "{err}");

    let err = fails(&["play", TTT, "--x"], 2);
    assert!(err.contains("needs an agent"), "{err}");

    let err = fails(&["play", TTT, "x", "human"], 2);
    assert!(err.contains("--PLAYER AGENT"), "{err}");
}

#[test]
fn play_rejects_bad_moves_options_and_files() {
    let err = fails(&["play", TTT, "--moves", "a1 a1"], 2);
    assert!(err.contains("action 2 (`a1`)"), "{err}");
    fails(&["play", TTT, "-o", "size=3"], 2);
    fails(&["play", "games/no-such-game.gdl"], 3);
    fails(&["play", "tests/errors/unknown_piece.gdl"], 1);
}

#[test]
fn play_accepts_options_after_the_agents() {
    let r = gdl(&["play", TTT, "--x", "random", "--o", "random", "--seed", "3"]);
    assert_eq!(r.code, 0, "{r:?}");
    let before = gdl(&["play", TTT, "--seed", "3", "--x", "random", "--o", "random"]);
    assert_eq!(r.stdout, before.stdout);
}

// ---------------------------------------------------------------- errors everywhere

/// Every command that loads a game reports a broken file with exit 1, a
/// missing one with 3, and bad options with 2.
#[test]
fn every_command_reports_load_errors() {
    let commands: [&[&str]; 6] = [
        &["show"],
        &["moves"],
        &["play"],
        &["playout"],
        &["perft", "-d", "1"],
        &["bench", "--seconds", "0.1"],
    ];
    for cmd in commands {
        let with = |file: &str, extra: &[&str]| -> Vec<String> {
            let mut v: Vec<String> = cmd.iter().map(|s| s.to_string()).collect();
            v.push(file.to_string());
            v.extend(extra.iter().map(|s| s.to_string()));
            v
        };
        let run = |args: Vec<String>, code: i32| -> String {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            fails(&args, code)
        };
        let err = run(with("tests/errors/unknown_region.gdl", &[]), 1);
        assert!(
            err.contains("tests/errors/unknown_region.gdl:9:30"),
            "{cmd:?}: {err}"
        );
        let err = run(with("games/no-such-game.gdl", &[]), 3);
        assert!(err.contains("cannot read"), "{cmd:?}: {err}");
        let err = run(with("games/hex.gdl", &["-o", "size=0"]), 2);
        assert!(err.contains("bad value `0`"), "{cmd:?}: {err}");
    }
}

// ---------------------------------------------------------------- search agents

#[test]
fn play_with_search_agents_is_deterministic() {
    let args = [
        "play", TTT, "--x", "mcts:300", "--o", "mcts:300", "--seed", "4",
    ];
    let r = gdl_with_input(&args, "");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("x plays "), "{r:?}");
    assert!(r.stdout.contains("o plays "), "{r:?}");
    assert!(r.stdout.contains("game over"), "{r:?}");
    assert_eq!(prompts(&r.stdout), 0, "{r:?}");
    assert_eq!(gdl_with_input(&args, "").stdout, r.stdout);
}

#[test]
fn play_against_a_search_that_blocks() {
    // x threatens c1 along the bottom row; o (searching) must block there.
    let r = gdl_with_input(
        &["play", TTT, "--moves", "a1 b2 b1", "--o", "mcts:500"],
        "quit\n",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("o plays c1\n"), "{r:?}");
}

#[test]
fn play_hint_suggests_the_winning_action() {
    let r = gdl_with_input(
        &[
            "play",
            TTT,
            "--moves",
            "a1 a2 b1 b2",
            "--x",
            "human",
            "--o",
            "human",
        ],
        "hint\nquit\n",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("hint: c1 (mcts:1000: "), "{r:?}");
    // A hint plays nothing.
    assert!(r.stdout.ends_with("actions so far: a1 a2 b1 b2\n"), "{r:?}");

    // With a search agent in the game, the hint uses its budget.
    let r = gdl_with_input(
        &["play", TTT, "--moves", "a1 a2 b1 b2", "--o", "mcts:300"],
        "hint\nquit\n",
    );
    assert!(r.stdout.contains("hint: c1 (mcts:300: "), "{r:?}");

    let r = gdl_with_input(&HUMANS, "help\nquit\n");
    assert!(
        r.stdout.lines().any(|l| l.trim_start().starts_with("hint")),
        "{r:?}"
    );
}

#[test]
fn play_rejects_bad_search_agents() {
    let err = fails(&["play", TTT, "--x", "mcts:lots"], 2);
    assert!(err.contains("bad search budget `lots`"), "{err}");
    assert!(err.contains("500ms"), "{err}");
    let err = fails(&["play", TTT, "--o", "mcts"], 2);
    assert!(err.contains("needs a budget"), "{err}");
    let err = fails(&["play", TTT, "--x", "robot"], 2);
    assert!(err.contains("mcts:N"), "{err}");
}

#[test]
fn match_reports_load_errors_like_every_command() {
    let m = ["--p1", "random", "--p2", "random"];
    let err = fails(
        &[&["match", "tests/errors/unknown_region.gdl"][..], &m].concat(),
        1,
    );
    assert!(
        err.contains("tests/errors/unknown_region.gdl:9:30"),
        "{err}"
    );
    fails(&[&["match", "games/no-such-game.gdl"][..], &m].concat(), 3);
    let err = fails(
        &[&["match", "games/hex.gdl", "-o", "size=0"][..], &m].concat(),
        2,
    );
    assert!(err.contains("bad value `0`"), "{err}");
}

// ------------------------------------------------------- analyze, merge

/// A small, quick analysis of tic-tac-toe.
const ANALYZE_SMALL: [&str; 10] = [
    "--games",
    "40",
    "--ladder",
    "5,20",
    "--ladder-games",
    "4",
    "--mirror-games",
    "2",
    "--threads",
    "2",
];

fn analyze_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    [&["analyze", TTT][..], &ANALYZE_SMALL, extra].concat()
}

/// A fresh directory for this test's files.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gdl-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Checks that the tags of an XML document are balanced and returns the
/// number of elements.
fn balanced_tags(xml: &str) -> usize {
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("every tag is closed") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.trim()), "in {xml}");
        } else if !tag.starts_with('?') && !tag.starts_with('!') {
            elements += 1;
            if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().expect("a tag name");
                stack.push(name.to_string());
            }
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?} in {xml}");
    elements
}

fn without_timing(mut v: Value) -> Value {
    v.as_object_mut().expect("an object").remove("timing");
    v
}

fn before_timing(md: &str) -> &str {
    &md[..md.find("## Timing").expect("a timing section")]
}

#[test]
fn analyze_prints_a_markdown_report() {
    let md = ok(&analyze_args(&[]));
    let headings: Vec<&str> = md.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(
        headings,
        [
            "# Analysis of Tic-tac-toe",
            "## Random play",
            "### Game length",
            "### Branching and game-tree size",
            "## First actions",
            "## Search ladder",
            "## Perfect play",
            "## Symmetries",
            "## Mirror check",
            "## Timing (machine-dependent)",
        ],
        "{md}"
    );
    assert!(md.contains("| seat 1 (moves first) wins | "), "{md}");
    // Tic-tac-toe is a draw over its 5,478 positions.
    assert!(
        md.contains("every reachable position: 5478 positions"),
        "{md}"
    );
    assert!(md.contains("| 1 | x | +0.0000 | 0.00% |"), "{md}");
    assert!(md.contains("Draws 100.00%; never ends 0.00%."), "{md}");
    assert!(
        md.contains("| 8 | reflection, axis 135° | preserved |"),
        "{md}"
    );
    assert!(md.contains("8 symmetries, the identity included"), "{md}");
    // The same seed, the same report.
    assert_eq!(before_timing(&md), before_timing(&ok(&analyze_args(&[]))));
}

#[test]
fn analyze_json_has_every_section() {
    let v = json(&analyze_args(&["--json"]));
    for key in [
        "game", "options", "settings", "board", "random", "ladder", "symmetry", "mirror", "timing",
    ] {
        assert!(v.get(key).is_some(), "no `{key}` in {v}");
    }
    assert_eq!(v["random"]["games"], 40);
    assert_eq!(v["settings"]["ladder"], serde_json::json!([5, 20]));
    assert_eq!(v["settings"]["mirror_budget"], 20);
    assert_eq!(v["symmetry"]["count"], 8);
    assert_eq!(v["mirror"]["results"].as_array().map(Vec::len), Some(7));
    let seat1 = &v["random"]["by_seat"][0];
    assert_eq!(seat1["of"], 40);
    assert!(seat1["ci95"][0].as_f64() <= seat1["rate"].as_f64());
    // Hex has no mirror check when asked for none, and says why.
    let hex = json(&[
        "analyze",
        "games/hex.gdl",
        "-o",
        "size=3",
        "--games",
        "5",
        "--ladder-games",
        "0",
        "--mirror-games",
        "0",
        "--json",
    ]);
    assert!(
        hex["mirror"]["skipped"]
            .as_str()
            .unwrap()
            .contains("--mirror-games 0")
    );
    assert!(hex["ladder"]["skipped"].is_string());
}

#[test]
fn analyze_out_writes_the_report_and_charts() {
    let dir = temp_dir("out");
    let dir_s = dir.to_str().expect("a UTF-8 path");
    let out = ok(&analyze_args(&["--out", dir_s]));
    let files = [
        "report.md",
        "report.json",
        "lengths.svg",
        "ladder.svg",
        "mirror.svg",
    ];
    for f in files {
        assert!(out.contains(f), "{out}");
        assert!(dir.join(f).is_file(), "{f} missing");
    }
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.starts_with("# Analysis of Tic-tac-toe"));
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["game"], "Tic-tac-toe");
    for svg in ["lengths.svg", "ladder.svg", "mirror.svg"] {
        let text = std::fs::read_to_string(dir.join(svg)).unwrap();
        assert!(text.starts_with("<svg"), "{svg}: {text}");
        assert!(text.trim_end().ends_with("</svg>"), "{svg}");
        assert!(balanced_tags(&text) > 10, "{svg}: {text}");
    }
    // The histogram has a bar per length seen (5 to 9 plies).
    let lengths = std::fs::read_to_string(dir.join("lengths.svg")).unwrap();
    assert_eq!(lengths.matches("<rect").count(), 1 + 5, "{lengths}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_rejects_bad_arguments() {
    for bad in ["3/2", "0/2", "1/0", "x", "1/2/3"] {
        let err = fails(&analyze_args(&["--shard", bad]), 2);
        assert!(err.contains("i/n"), "{bad}: {err}");
    }
    for bad in ["100,10", "1s", "0", "5,,20"] {
        let err = fails(&["analyze", TTT, "--ladder", bad], 2);
        assert!(err.contains("ladder"), "{bad}: {err}");
    }
    fails(&["analyze", TTT, "--threads", "0"], 2);
    fails(&["analyze", TTT, "--games", "0"], 2);
    fails(&["analyze", TTT, "--frob"], 2);
    fails(&["analyze", "games/no-such-game.gdl"], 3);
    fails(&["analyze", "tests/errors/unknown_region.gdl"], 1);
    fails(&["analyze", "games/hex.gdl", "-o", "size=0"], 2);
}

#[test]
fn shards_merge_into_the_report_of_a_single_run() {
    let dir = temp_dir("shards");
    let d = dir.to_str().unwrap();
    let whole = json(&analyze_args(&["--json"]));
    let whole_md = ok(&analyze_args(&[]));
    // Shards 1 and 3 into the directory, shard 2 from standard output.
    for i in ["1/3", "3/3"] {
        let out = ok(&analyze_args(&["--shard", i, "--out", d]));
        assert!(out.contains("shard-"), "{out}");
    }
    let two = ok(&analyze_args(&["--shard", "2/3"]));
    std::fs::write(dir.join("shard-2-of-3.json"), &two).unwrap();
    let shard = |i: u32| format!("{d}/shard-{i}-of-3.json");
    let (s1, s2, s3) = (shard(1), shard(2), shard(3));
    let merged = json(&["merge", &s3, &s1, &s2, "--json"]);
    assert_eq!(without_timing(merged), without_timing(whole));
    let md = ok(&["merge", &s1, &s2, &s3]);
    assert_eq!(before_timing(&md), before_timing(&whole_md));
    let out = ok(&["merge", &s1, &s2, &s3, "--out", &format!("{d}/merged")]);
    assert!(out.contains("report.md"), "{out}");

    // Mismatched, incomplete, repeated, unreadable, damaged.
    let other = ok(&analyze_args(&["--shard", "2/3", "--seed", "5"]));
    std::fs::write(dir.join("other.json"), &other).unwrap();
    let err = fails(&["merge", &s1, &format!("{d}/other.json"), &s3], 2);
    assert!(
        err.contains("not shards of the same run") && err.contains("seed"),
        "{err}"
    );
    let err = fails(&["merge", &s1, &s3], 2);
    assert!(err.contains("missing shard 2/3"), "{err}");
    let err = fails(&["merge", &s1, &s1, &s2, &s3], 2);
    assert!(err.contains("both shard 1/3"), "{err}");
    fails(&["merge", &s1, &format!("{d}/no-such-shard.json")], 3);
    std::fs::write(dir.join("cut.json"), &two[..two.len() / 2]).unwrap();
    let err = fails(&["merge", &s1, &format!("{d}/cut.json"), &s3], 2);
    assert!(err.contains("not valid JSON"), "{err}");
    let err = fails(&["merge", &format!("{d}/merged/report.json")], 2);
    assert!(err.contains("not a shard"), "{err}");
    fails(&["merge"], 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_lists_analyze_and_merge() {
    let help = ok(&["--help"]);
    assert!(help.contains("analyze") && help.contains("merge"), "{help}");
    let a = ok(&["help", "analyze"]);
    for flag in [
        "--games",
        "--ladder",
        "--ladder-games",
        "--mirror-games",
        "--mirror-budget",
        "--threads",
        "--seed",
        "--json",
        "--out",
        "--shard",
    ] {
        assert!(a.contains(flag), "`gdl help analyze` lacks {flag}:\n{a}");
    }
    let m = ok(&["help", "merge"]);
    assert!(m.contains("SHARD.json") && m.contains("--out"), "{m}");
}

#[test]
fn play_says_who_plays_which_side_after_a_swap() {
    let r = gdl_with_input(
        &[
            "play",
            "games/hex.gdl",
            "-o",
            "size=3",
            "--black",
            "human",
            "--white",
            "human",
        ],
        "b2\nswap\nquit\n",
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("seat 2 now plays black"), "{r:?}");
    assert!(r.stdout.contains("seat 1 now plays white"), "{r:?}");
    assert!(r.stdout.contains("actions so far: b2 swap"), "{r:?}");
}

// ---------------------------------------------------------------- bad input (issue 8)

#[test]
fn play_survives_a_line_that_is_not_utf8() {
    let r = gdl_with_bytes(&HUMANS, b"a1\n\xff\xfe\nb2\nquit\n");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("not UTF-8"), "{r:?}");
    assert!(r.stdout.ends_with("actions so far: a1 b2\n"), "{r:?}");
}

/// Starts `gdl ARGS`, reads the first line of its output, then closes the
/// pipe; returns the line and how `gdl` ended. Panics if no line comes
/// within a minute (the output did not stream).
fn first_line_then_close(args: &[&str]) -> (String, crate::common::Run) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gdl"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gdl binary runs");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        let _ = reader.read_line(&mut line);
        let _ = tx.send(line);
        // `reader` is dropped here: the pipe closes.
    });
    let line = match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(line) => line,
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("gdl {args:?} printed nothing within a minute");
        }
    };
    let status = child.wait().expect("gdl finishes");
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut stderr);
    }
    let run = crate::common::Run {
        code: status.code().unwrap_or(-1),
        stdout: line.clone(),
        stderr,
    };
    (line, run)
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [
        &["playout", TTT, "-n", "100000"][..],
        &["playout", TTT, "-n", "100000", "--json"],
        &["perft", TTT, "-d", "9"],
        &[
            "match", TTT, "--p1", "random", "--p2", "random", "-n", "100000", "--json",
        ],
    ] {
        let (line, r) = first_line_then_close(args);
        assert!(!line.is_empty(), "{args:?}: {r:?}");
        assert_eq!(r.code, 0, "{args:?}: {r:?}");
        assert_eq!(r.stderr, "", "{args:?}: {r:?}");
    }
}

#[test]
fn perft_prints_each_depth_when_it_is_counted() {
    // Depth 30 of Hex on 7x7 would take far longer than a minute; depth 1
    // comes at once.
    let (line, _) = first_line_then_close(&["perft", "games/hex.gdl", "-o", "size=7", "-d", "30"]);
    assert_eq!(line, "depth 1: 49 nodes\n");
}

#[test]
fn perft_json_streams_the_same_document() {
    let doc = json(&["perft", TTT, "-d", "3", "--json"]);
    let depths = doc["depths"].as_array().expect("depths");
    let nodes: Vec<u64> = depths
        .iter()
        .map(|d| d["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(nodes, TTT_NODES[..3]);
    assert!(depths.iter().all(|d| d.get("unique").is_none()), "{doc}");
}

#[test]
fn playout_needs_at_least_one_game() {
    let err = fails(&["playout", TTT, "-n", "0"], 2);
    assert!(err.contains("at least 1"), "{err}");
}

#[test]
fn an_agent_given_twice_is_refused() {
    let err = fails(
        &[
            "play", TTT, "--x", "random", "--o", "random", "--x", "human",
        ],
        2,
    );
    assert!(err.contains("--x is given twice"), "{err}");
    let err = fails(&["play", TTT, "--player", "o=random", "--o", "human"], 2);
    assert!(err.contains("--o is given twice"), "{err}");
    let err = fails(
        &["play", TTT, "--seed", "3", "--x", "random", "--seed", "4"],
        2,
    );
    assert!(err.contains("--seed is given twice"), "{err}");
    let err = fails(
        &[
            "play", TTT, "--x", "human", "--moves", "a1", "--moves", "b2",
        ],
        2,
    );
    assert!(err.contains("--moves is given twice"), "{err}");
    let err = fails(
        &[
            "match", TTT, "--p1", "random", "--p2", "random", "--p1", "mcts:10",
        ],
        2,
    );
    assert!(err.contains("--p1"), "{err}");
}

/// Writes a game file for one test and returns its path.
fn temp_game(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("gdl-test-{}-{name}.gdl", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path
}

#[test]
fn players_named_like_flags_get_agents_with_player() {
    let path = temp_game(
        "flag-players",
        "game \"Flags\"\nboard square(3) with diagonals\nplayers seed, moves\npieces stone\n\
         turn: place stone at empty\nend if line(own, 3): mover wins\nend if count(empty) = 0: draw\n",
    );
    let file = path.to_str().expect("UTF-8 path");
    let args = [
        "play",
        file,
        "--player",
        "seed=random",
        "--player",
        "moves=random",
        "--seed",
        "3",
    ];
    let r = gdl_with_input(&args, "");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("seed plays "), "{r:?}");
    assert!(r.stdout.contains("game over"), "{r:?}");
    assert_eq!(prompts(&r.stdout), 0, "{r:?}");
    // --seed is still the seed: another seed, another game (in general).
    let again = gdl_with_input(&args, "");
    assert_eq!(again.stdout, r.stdout);
    let err = fails(&["play", file, "--player", "seed"], 2);
    assert!(err.contains("--player PLAYER=AGENT"), "{err}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn resigning_alone_is_a_loss() {
    let path = temp_game(
        "solo",
        "game \"Solo\"\nboard square(2)\nplayers me\npieces stone\n\
         turn: place stone at empty\nend if count(empty) = 0: me wins\n",
    );
    let file = path.to_str().expect("UTF-8 path");
    let r = gdl_with_input(&["play", file], "a1\nresign\n");
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("me resigns and loses"), "{r:?}");
    assert!(!r.stdout.contains("draw"), "{r:?}");
    assert!(r.stdout.ends_with("actions: a1 (me resigned)\n"), "{r:?}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_game_file_over_the_size_cap_is_refused() {
    // A comment of 1 MiB: valid text, but more than a game file may be.
    let mut text = "# ".to_string();
    text.push_str(&"x".repeat(1 << 20));
    let path = temp_game("huge", &text);
    let file = path.to_str().expect("UTF-8 path");
    let err = fails(&["check", file], 3);
    assert!(err.contains("larger than 1 MiB"), "{err}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn perft_counts_whole_turns() {
    // Ecalper on 7 cells: Black's first turn is three placements (7*6*5),
    // White's a replacement of one of them and three placements (3*4*3*2).
    let args = [
        "perft",
        "games/ecalper.gdl",
        "-o",
        "size=2",
        "-o",
        "pie=off",
    ];
    let out = ok(&[&args[..], &["-d", "2", "--turns"]].concat());
    assert_eq!(out, "depth 1: 210 nodes\ndepth 2: 15120 nodes\n");
    // In the middle of Black's turn: its rest (5 cells) is the first turn.
    let out = ok(&[&args[..], &["-d", "2", "--turns", "--moves", "b1 c1"]].concat());
    assert_eq!(out, "depth 1: 5 nodes\ndepth 2: 360 nodes\n");
    // Plain perft still counts actions.
    let out = ok(&[&args[..], &["-d", "2"]].concat());
    assert_eq!(out, "depth 1: 7 nodes\ndepth 2: 42 nodes\n");
    let doc = json(&[&args[..], &["-d", "1", "--turns", "--unique", "--json"]].concat());
    assert_eq!(doc["depths"][0]["nodes"], 210);
    // The same three stones in any order: C(7,3) positions.
    assert_eq!(doc["depths"][0]["unique"], 35);
}

#[test]
fn perft_turns_refuses_a_turn_that_never_ends() {
    let file = temp_game(
        "endless",
        "game T\nboard square(2)\nplayers x, o\npieces stone\nturn: while count(empty) > 0: pass\n",
    );
    let err = fails(&["perft", file.to_str().unwrap(), "-d", "1", "--turns"], 1);
    assert!(err.contains("without ending"), "{err}");
}

#[test]
fn moves_lists_whole_turns_joined() {
    let ecalper = ["moves", "games/ecalper.gdl", "-o", "size=2"];
    // Black's first turn: three of the 7 cells in order.
    let out = ok(&[&ecalper[..], &["--turns"]].concat());
    let turns: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(turns.len(), 7 * 6 * 5, "{out}");
    assert_eq!(turns[0], "b1/c1/a2");
    // White's: a replacement and three additions, or the swap first.
    let out = ok(&[&ecalper[..], &["--turns", "--moves", "b1/c1/a2"]].concat());
    let turns: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(turns.len(), 2 * 3 * 4 * 3 * 2, "{out}");
    assert_eq!(turns.iter().filter(|t| t.starts_with("swap/")).count(), 72);
    // In the middle of a turn: the rest of it.
    let out = ok(&[&ecalper[..], &["--turns", "--moves", "b1 c1"]].concat());
    assert_eq!(out.split_whitespace().count(), 5, "{out}");
    // Each listed turn is read back by --moves.
    ok(&[&ecalper[..], &["--moves", "b1/c1/a2 swap/b1/b2/c2/a3"]].concat());
    // Too many to list: three placements on 127 cells.
    let err = fails(&["moves", "games/ecalper.gdl", "--turns"], 2);
    assert!(err.contains("too many to list"), "{err}");
    assert!(
        err.contains(&format!("more than {} ways", gdl::limits::MAX_LISTED_TURNS)),
        "{err}"
    );
}

#[test]
fn a_joined_word_must_stay_within_one_turn() {
    let err = fails(
        &[
            "show",
            "games/ecalper.gdl",
            "-o",
            "size=2",
            "--moves",
            "b1/c1/a2/b2",
        ],
        2,
    );
    assert!(
        err.contains("action 1 (`b1/c1/a2/b2`): the turn ends after `a2`"),
        "{err}"
    );
    let err = fails(
        &[
            "show",
            "games/ecalper.gdl",
            "-o",
            "size=2",
            "--moves",
            "b1/c1/zz",
        ],
        2,
    );
    assert!(err.contains("action 3 of the turn, `zz`"), "{err}");
}

#[test]
fn play_reads_a_joined_turn_and_prints_the_computers_whole() {
    let r = gdl_with_input(
        &[
            "play",
            "games/ecalper.gdl",
            "-o",
            "size=2",
            "-o",
            "pie=off",
            "--seed",
            "3",
        ],
        "b1/c1/b2\nquit\n",
    );
    assert_eq!(r.code, 0, "{r:?}");
    // White's whole turn on one line: a replacement, then three additions.
    let line = r
        .stdout
        .lines()
        .find(|l| l.contains("white plays "))
        .unwrap_or_else(|| panic!("{r:?}"));
    let word = line.rsplit("white plays ").next().unwrap();
    assert_eq!(word.split('/').count(), 4, "{r:?}");
    // The record of actions stays one action per word.
    assert!(r.stdout.contains("actions so far: b1 c1 b2 "), "{r:?}");
    // `turns` lists the ways to play the whole turn.
    let r = gdl_with_input(
        &["play", "games/ecalper.gdl", "-o", "size=2", "--seed", "3"],
        "b1\nturns\nquit\n",
    );
    assert!(r.stdout.contains("> c1/a2 c1/b2 "), "{r:?}");
    // A picture outlines the last action of a joined word.
    let svg = ok(&[
        "show",
        "games/ecalper.gdl",
        "-o",
        "size=2",
        "--moves",
        "b1/c1/a2",
        "--svg",
    ]);
    assert!(svg.contains("<svg"), "{svg}");
    // A bad word plays nothing.
    let r = gdl_with_input(
        &["play", "games/ecalper.gdl", "-o", "size=2", "--seed", "3"],
        "b1/c1/zz\nquit\n",
    );
    assert!(r.stdout.contains("action 3 of the turn, `zz`"), "{r:?}");
    assert!(r.stdout.contains("actions so far: \n"), "{r:?}");
}

/// `keep turns with` on turns of many actions: the search of a decision's
/// ways to finish the turn stops at its cap with an error (it ran on
/// silently for minutes), and `gdl check` warns of such turns.
#[test]
fn keep_turns_gives_up_on_long_turns_with_an_error() {
    let long = temp_game(
        "long-kept-turns",
        "game \"Long\"\nboard square(8)\nplayers x, o\npieces stone\n\
         turn: 12 x place stone at empty\nkeep turns with most count(own)\n\
         end if count(empty) = 0: draw\n",
    );
    let path = long.to_str().unwrap();
    for args in [
        vec!["moves", path],
        vec!["playout", path],
        vec![
            "match", "--p1", "random", "--p2", "mcts:50", "-n", "2", path,
        ],
        vec![
            "analyze",
            "--games",
            "4",
            "--ladder-games",
            "0",
            "--mirror-games",
            "0",
            path,
        ],
    ] {
        let err = fails(&args, 1);
        assert!(
            err.contains("`keep turns with` gave up in turn 1")
                && err.contains(&gdl::limits::MAX_TURN_SEARCH.to_string()),
            "gdl {args:?}: {err}"
        );
    }
    let checked = ok(&["check", path]);
    assert!(
        checked.contains("warning: this turn repeats a choice (a step of `12 x`)"),
        "{checked}"
    );
    // Short turns are judged, without a warning.
    let short = temp_game(
        "short-kept-turns",
        "game \"Short\"\nboard square(4)\nplayers x, o\npieces stone\n\
         turn: place stone at empty, place stone at empty\nkeep turns with most count(own)\n\
         end if count(empty) = 0: draw\n",
    );
    let path = short.to_str().unwrap();
    assert!(!ok(&["check", path]).contains("warning"));
    assert!(ok(&["playout", path]).contains("draw"));
}

#[test]
fn info_prints_the_action_space_and_the_observation_planes() {
    let out = ok(&["info", TTT]);
    // Nine cells, one placement each; stones of two players, then who
    // moves, which seat observes, and the last action's cell.
    assert!(out.contains("action space: 9 ids\n"), "{out}");
    assert!(out.contains("  0..9           cells (9): "), "{out}");
    assert!(
        out.contains("observation: 7 planes x 3 rows x 3 columns\n"),
        "{out}"
    );
    assert!(out.contains("  6    last\n"), "{out}");
    let chess = ok(&["info", "games/chess.gdl"]);
    assert!(chess.contains("action space: 5124 ids\n"), "{chess}");
    assert!(
        chess.contains("option promotion=queen: promote-to"),
        "{chess}"
    );
}
