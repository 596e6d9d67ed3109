//! A seeded mutation test: bad game files are normal input. Thousands of
//! variants of the shipped games, the documentation's examples and the error
//! corpus, each loaded as `gdl check` does; a file that compiles is also
//! played a little. Nothing may panic; every refusal carries a message.
//! Some mutations rewrite a board's sizes or condition with expressions of
//! every kind (the board's own cells, rows, sides and directions among
//! them), since they are lowered before the board exists. A second, smaller
//! pass runs the binary on some of them (`check`, `playout`, `moves`,
//! `show`, `perft`): no signal, an exit code from the documented set, a
//! message on every failure.
//!
//! For long runs there is a `cargo fuzz` target in `fuzz/` (see the README).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use gdl::engine::Game;

/// Cases of the in-process pass, and of the pass through the binary.
const CASES: usize = 8000;
const BINARY_CASES: usize = 60;
/// Plies played on a mutated game that compiles.
const PLIES: usize = 60;

/// Words and characters a mutation may insert: keywords, punctuation,
/// numbers out of range, non-ASCII text, deep nesting.
const TOKENS: &[&str] = &[
    "(",
    ")",
    ":",
    ",",
    "=",
    "|",
    "#",
    "\"",
    "\n",
    "\t",
    " ",
    "-",
    "+",
    "*",
    "/",
    "<",
    ">=",
    "!=",
    "0",
    "1",
    "-1",
    "0.5",
    "99999999999999999999",
    "1e308",
    "1e-320",
    "999999999999999",
    "2..1",
    "ß",
    "×",
    "é",
    "😀",
    "\u{0}",
    "\r\n",
    "game",
    "option",
    "board",
    "players",
    "pieces",
    "marks",
    "region",
    "define",
    "action",
    "effect",
    "variables",
    "swap",
    "turn",
    "end",
    "if",
    "else",
    "then",
    "at",
    "where",
    "and",
    "or",
    "not",
    "except",
    "some d:",
    "every d:",
    "marking",
    "place",
    "convert",
    "remove",
    "pass",
    "step",
    "jump",
    "choose",
    "each group g in own:",
    "set",
    "while",
    "repeat",
    "clear",
    "own",
    "enemy",
    "empty",
    "here",
    "neighbors(",
    "count(",
    "connected(",
    "line(",
    "rotate(",
    "select(",
    "wins",
    "draw",
    "mover",
    "stuck",
    "passes",
    "square(",
    "hexhex(",
    "rhombus(",
    "hexagon(",
    "with diagonals",
    "without",
    "link",
    "turn 99999999999999999999:",
    // The newer constructs: moves, rays, reserves, links, rotations.
    "slide",
    "leap",
    "by",
    "over",
    "ray(",
    "flanked(",
    "lines(",
    "leaps(",
    "edge(",
    "toward(",
    "forward",
    "reserve",
    "in-hand(",
    "corners",
    "row(1)",
    "column(a)",
    "cells(a1, b2)",
    "box(",
    "dark",
    "orthogonal",
    "((((((((((((((((((((",
    "))))))))))))))))))))",
    // Non-ASCII text just before a syntax error.
    "# ß\nx",
    "# 3×3\n(",
    "\"Café\" x",
    "ß x",
    "é (",
    "×:",
];

/// Expressions a board's size or condition is rewritten to: numbers and
/// options (fine), and values that need the board being built, or the
/// position, or a player (refused).
const BOARD_EXPRS: &[&str] = &[
    "corners",
    "row(1)",
    "column(a)",
    "dark",
    "light",
    "cells(a1)",
    "box(all)",
    "count(box(corners))",
    "count(top)",
    "top",
    "n",
    "orthogonal",
    "rotate(n, 90)",
    "edge(n)",
    "count(cells(a1, b2))",
    "count(empty)",
    "count(own)",
    "rows(all)",
    "size + 1",
    "size * size",
    "-size",
    "0",
    "4097",
    "2.5",
    "select(size > 3, 3, 4)",
    "turn",
    "passes",
    "index(mover)",
    "in-hand(stone)",
    "mover",
    "line(own, 3)",
    "size > 3",
    "count(corners) = 4",
    "not dark",
    "connected(own, top, bottom)",
    "some d: own at d",
];

/// The inputs mutated: every shipped game, every `gdl` block of the
/// language reference and every file of the error corpus.
fn seeds() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["games", "tests/errors"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("the folder exists")
            .map(|e| e.expect("a readable entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "gdl"))
            .collect();
        paths.sort();
        for p in paths {
            let text = std::fs::read_to_string(&p).expect("a readable game file");
            out.push((p.display().to_string(), text));
        }
    }
    let docs = std::fs::read_to_string(root.join("docs/language.md")).expect("the reference");
    let mut block: Option<String> = None;
    for line in docs.lines() {
        match (&mut block, line.trim_end()) {
            (None, "```gdl") => block = Some(String::new()),
            (Some(b), "```") => {
                out.push((format!("docs/language.md example {}", out.len()), b.clone()));
                block = None;
            }
            (Some(b), l) => {
                b.push_str(l);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    out
}

/// A random char boundary of `text` (0 and `len` included).
fn boundary(rng: &mut Xoshiro256PlusPlus, text: &str) -> usize {
    let mut i = rng.random_range(0..=text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A random span `a..b` of `text` on char boundaries, at most 40 bytes long.
fn span(rng: &mut Xoshiro256PlusPlus, text: &str) -> (usize, usize) {
    let a = boundary(rng, text);
    let mut b = (a + rng.random_range(0..40)).min(text.len());
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    (a, b)
}

/// A board declaration's size, or its condition, rewritten to one of
/// [`BOARD_EXPRS`]; `None` when the text has no `board NAME(`.
fn mutate_board(rng: &mut Xoshiro256PlusPlus, text: &str) -> Option<String> {
    let boards: Vec<usize> = text.match_indices("board ").map(|(i, _)| i).collect();
    if boards.is_empty() {
        return None;
    }
    let at = boards[rng.random_range(0..boards.len())];
    let open = at + text[at..].find('(')?;
    let close = open + text[open..].find(')')?;
    let expr = BOARD_EXPRS[rng.random_range(0..BOARD_EXPRS.len())];
    let mut t = text.to_string();
    if rng.random_bool(0.5) {
        // One size: the first, or the one after a comma.
        let inside = &text[open + 1..close];
        let (a, b) = match inside.find(',') {
            Some(c) if rng.random_bool(0.5) => (open + 1 + c + 1, close),
            Some(c) => (open + 1, open + 1 + c),
            None => (open + 1, close),
        };
        t.replace_range(a..b, expr);
    } else {
        let line_end = text[close..].find('\n').map_or(text.len(), |e| close + e);
        match text[close..line_end].find(" if ") {
            Some(i) => t.replace_range(close + i + 4..line_end, expr),
            None => t.insert_str(close + 1, &format!(" if {expr}")),
        }
    }
    Some(t)
}

/// One mutation of `text`.
fn mutate(rng: &mut Xoshiro256PlusPlus, text: &str) -> String {
    let mut t = text.to_string();
    match rng.random_range(0..9) {
        0 => {
            let (a, b) = span(rng, &t);
            t.replace_range(a..b, "");
        }
        1 => {
            let (a, b) = span(rng, &t);
            let copy = t[a..b].to_string();
            t.insert_str(b, &copy);
        }
        2 | 3 => {
            let at = boundary(rng, &t);
            t.insert_str(at, TOKENS[rng.random_range(0..TOKENS.len())]);
        }
        4 => {
            // A word replaced by another word of the same text.
            let words: Vec<&str> = text.split_whitespace().collect();
            if !words.is_empty() {
                let from = words[rng.random_range(0..words.len())];
                let to = words[rng.random_range(0..words.len())];
                t = t.replacen(from, to, 1);
            }
        }
        5 => {
            let mut lines: Vec<&str> = text.lines().collect();
            if lines.len() > 1 {
                let i = rng.random_range(0..lines.len());
                let j = rng.random_range(0..lines.len());
                lines.swap(i, j);
                t = lines.join("\n");
            }
        }
        6 => {
            let at = boundary(rng, &t);
            t.truncate(at);
        }
        7 => {
            // A span wrapped in many parentheses.
            let (a, b) = span(rng, &t);
            let depth = rng.random_range(1..200);
            t.insert_str(b, &")".repeat(depth));
            t.insert_str(a, &"(".repeat(depth));
        }
        _ => {
            if let Some(b) = mutate_board(rng, &t) {
                t = b;
            }
        }
    }
    t
}

/// Loads `source` as `gdl check` does; when it compiles, counts the first
/// depths of its tree (when small), plays a few random plies, lists the
/// actions in notation, explains one and shows the position as text and
/// picture. Returns the rendered errors.
fn exercise(name: &str, source: &str, seed: u64) -> Result<(), String> {
    let game = gdl::load_source(source, name, &[]).map_err(|e| e.render())?;
    let mut st = game.start();
    let mut first = Vec::new();
    game.legal_actions(&st, &mut first);
    if first.len() <= 100 {
        let _ = gdl::perft(&game, &st, 2, seed.is_multiple_of(4));
    }
    if seed.is_multiple_of(8) {
        let _ = gdl::notation::list_turns(&game, &st);
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut legal = Vec::new();
    for _ in 0..PLIES {
        game.legal_actions(&st, &mut legal);
        for &a in &legal {
            let _ = gdl::notation::format(&game, &legal, a);
        }
        match game.random_action(&st, &mut rng) {
            Some(a) => game.play_unchecked(&mut st, a),
            None => break,
        }
    }
    let _ = gdl::show::position(&game, &st);
    if seed.is_multiple_of(4) {
        let _ = gdl::picture::svg(&game, &st, None, name);
        let _ = gdl::explain::explain(&game, &st, "a1");
    }
    Ok(())
}

/// The mutated inputs of the run, the same on every machine.
/// Half of them start from a shipped game, so that many still compile and
/// get played.
fn cases(count: usize, seed: u64) -> Vec<(String, String)> {
    let seeds = seeds();
    let shipped = seeds.iter().filter(|(n, _)| n.contains("games/")).count();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count)
        .map(|i| {
            let pick = if i % 2 == 0 {
                rng.random_range(0..shipped)
            } else {
                rng.random_range(0..seeds.len())
            };
            let (name, text) = &seeds[pick];
            let mut t = text.clone();
            for _ in 0..rng.random_range(1..4) {
                t = mutate(&mut rng, &t);
            }
            (format!("{name} (mutation {i})"), t)
        })
        .collect()
}

/// Stack of the thread the cases run on: the smallest any of our threads
/// gets (Rust's default for spawned threads), so that nesting limits are
/// checked where they matter most.
const SMALL_STACK: usize = 2 << 20;

#[test]
fn mutated_game_files_never_panic() {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(run_mutated_cases)
        .expect("a thread starts")
        .join()
        .expect("the cases ran to the end");
}

fn run_mutated_cases() {
    let mut failures = Vec::new();
    let (mut compiled, mut refused) = (0, 0);
    for (i, (name, text)) in cases(CASES, 2026).iter().enumerate() {
        match catch_unwind(AssertUnwindSafe(|| exercise(name, text, i as u64))) {
            Ok(Ok(())) => compiled += 1,
            Ok(Err(message)) => {
                refused += 1;
                if !message.contains("error") {
                    failures.push(format!(
                        "{name}: a refusal without an error message:\n{message}"
                    ));
                }
            }
            Err(_) => {
                let shown: String = text.chars().take(1500).collect();
                failures.push(format!("{name}: panicked on\n{shown:?}"));
            }
        }
        if failures.len() >= 5 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Both kinds must be common, or the mutations test too little.
    assert!(compiled > CASES / 20, "only {compiled} of {CASES} compiled");
    assert!(
        refused > CASES / 5,
        "only {refused} of {CASES} were refused"
    );
}

#[test]
fn the_binary_refuses_mutated_files_with_a_message() {
    let dir = std::env::temp_dir().join(format!("gdl-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for (i, (name, text)) in cases(BINARY_CASES, 7).iter().enumerate() {
        let path = dir.join(format!("case{i}.gdl"));
        std::fs::write(&path, text).expect("the case is written");
        let file = path.to_str().expect("a UTF-8 path");
        for args in [
            &["check", file][..],
            &["playout", file, "-n", "2"][..],
            &["moves", file][..],
            &["show", file][..],
            &["perft", file, "-d", "2"][..],
        ] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_gdl"))
                .args(args)
                .output()
                .expect("gdl runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            assert!(
                matches!(code, Some(0..=3)),
                "{name}: `gdl {}` ended with {:?}\n{stderr}\n{text:?}",
                args[0],
                out.status
            );
            if code != Some(0) {
                assert!(
                    stderr.contains("error"),
                    "{name}: exit {code:?} without a message\n{text:?}"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Cases of the pass over records and test-case files.
const RECORD_CASES: usize = 1500;

/// Words a record or test-case file may gain: their keys and values.
const RECORD_TOKENS: &[&str] = &[
    "# gdl record\n",
    "game: ",
    "file: ",
    "source: fnv1a64:",
    "options: ",
    "seats: ",
    "seed: ",
    "turn 1: ",
    "turn 99999999999999999999: ",
    "result: ",
    " resigned",
    " wins",
    "draw",
    "=human",
    "=random",
    "=mcts:10",
    "mcts:0",
    "swap",
    "pass",
    "/",
    "-",
    "a1",
    "z99",
    "case \"x\"\n",
    "  moves: ",
    "  options: ",
    "  legal: ",
    "  turns: ",
    "  includes: ",
    "  illegal: ",
    "  result: ",
    "  perft: ",
    "  perft: --turns ",
    "  position:\n",
    "snapshot: ",
    "size=3",
    "size=99",
    "\u{feff}",
    "\r\n",
];

/// The shipped games whose records and cases the pass mutates: (file,
/// options that keep their games short).
const RECORD_GAMES: &[(&str, &str)] = &[
    ("games/tictactoe.gdl", ""),
    ("games/hex.gdl", "size=4"),
    ("games/ecalper.gdl", "size=2"),
    ("games/draughts.gdl", ""),
    ("games/equi.gdl", ""),
    ("games/nine-mens-morris.gdl", ""),
];

/// A seeded random game of `game` as a record's text.
fn record_text(file: &str, game: &Game, source: &str, seed: u64) -> String {
    use gdl::record::{Record, TurnLog, source_hash};
    let mut st = game.start();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut log = TurnLog::default();
    for _ in 0..400 {
        game.legal_actions(&st, &mut legal);
        let Some(a) = game.random_action(&st, &mut rng) else {
            break;
        };
        log.push(&st, gdl::notation::format(game, &legal, a));
        game.play_unchecked(&mut st, a);
    }
    Record {
        game: game.rules.name.clone(),
        file: file.to_string(),
        source_hash: source_hash(source),
        options: gdl::record::option_words(game),
        seats: game
            .rules
            .players
            .iter()
            .map(|p| format!("{p}=random"))
            .collect(),
        seed,
        turns: log.turns(),
        result: st.result().map(|r| gdl::show::result_text(game, r)),
        ..Record::default()
    }
    .render()
}

/// Reads `text` as a record (replayed on `game`, its hash and name set to
/// the game's so that the turns are reached) and as test cases (the first
/// few run on `source`, as `gdl test` runs them), as the `records` target
/// of `fuzz/` does.
fn exercise_record(text: &str, file: &str, source: &str, game: &Game) {
    use gdl::record::{Record, source_hash};
    if let Ok(record) = Record::parse(text) {
        let fitted = Record {
            game: game.rules.name.clone(),
            source_hash: source_hash(source),
            ..record.clone()
        };
        let _ = fitted.replay(game, source, None);
        let _ = fitted.replay(game, source, Some(3));
        let _ = record.replay(game, source, None);
    }
    if let Ok(cases) = gdl::verify::cases::parse(text) {
        for case in cases.cases.iter().take(4) {
            let _ = gdl::verify::run_case_source(source, file, case, "fuzz.tests");
        }
    }
}

#[test]
fn mutated_records_and_rule_tests_never_panic() {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(run_mutated_records)
        .expect("a thread starts")
        .join()
        .expect("the cases ran to the end");
}

fn run_mutated_records() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seeds = Vec::new();
    for (i, (file, options)) in RECORD_GAMES.iter().enumerate() {
        let source = std::fs::read_to_string(root.join(file)).expect("a shipped game");
        let choices: Vec<gdl::OptionChoice> = options
            .split_whitespace()
            .map(|o| o.parse().expect("an option"))
            .collect();
        let game = gdl::load_source(&source, file, &choices).expect("it loads");
        let record = record_text(file, &game, &source, i as u64 + 1);
        let tests = std::fs::read_to_string(root.join(file).with_extension("tests"))
            .expect("its test cases");
        seeds.push((*file, source, game, vec![record, tests]));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(25);
    let mut failures = Vec::new();
    for i in 0..RECORD_CASES {
        let (file, source, game, texts) = &seeds[rng.random_range(0..seeds.len())];
        let mut t = texts[rng.random_range(0..texts.len())].clone();
        for _ in 0..rng.random_range(1..4) {
            if rng.random_bool(0.4) {
                let at = boundary(&mut rng, &t);
                t.insert_str(at, RECORD_TOKENS[rng.random_range(0..RECORD_TOKENS.len())]);
            } else {
                t = mutate(&mut rng, &t);
            }
        }
        if catch_unwind(AssertUnwindSafe(|| exercise_record(&t, file, source, game))).is_err() {
            let shown: String = t.chars().take(1500).collect();
            failures.push(format!(
                "{file} (record or case mutation {i}): panicked on\n{shown:?}"
            ));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
