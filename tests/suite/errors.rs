//! The corpus of broken game files in `tests/errors/`: each file holds one
//! kind of mistake a designer makes (said in its top comment), or several
//! independent ones. Every file must fail to load, without a panic, and its
//! rendered diagnostics are snapshotted (`tests/suite/snapshots/suite__errors__*.snap`).
//!
//! Files whose diagnostics are known to be poor are listed in [`POOR`]: they
//! must still fail cleanly, but their current output is not snapshotted, so
//! that no snapshot blesses a poor message. Each has an ignored test below
//! stating what the right diagnostic says; when it is fixed, remove the
//! file from [`POOR`], drop the `#[ignore]` and accept the new snapshot.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use gdl::engine::Game;
use gdl::{Diagnostic, OptionChoice};

/// Corpus files (by stem) whose diagnostics are wrong or unhelpful today,
/// with what is wrong; see the `poor_*` tests for the right behaviour.
const POOR: &[(&str, &str)] = &[];

/// Loads a game file as `gdl check` does (default options): `Ok` if it
/// compiles, else the diagnostics rendered with `path` as the file name.
fn diagnose(path: &str, source: &str) -> Result<(), String> {
    gdl::load_source(source, path, &[])
        .map(drop)
        .map_err(|e| e.render())
}

/// The diagnostics of loading `source` with these options (parse or check
/// errors), or the game.
fn compile(source: &str, options: &[OptionChoice]) -> Result<Game, Vec<Diagnostic>> {
    gdl::load_source(source, "test.gdl", options).map_err(|e| e.diagnostics().to_vec())
}

/// Reads `tests/errors/NAME.gdl` and diagnoses it, which must fail.
fn corpus_errors(stem: &str) -> String {
    let rel = format!("tests/errors/{stem}.gdl");
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&rel))
        .unwrap_or_else(|e| panic!("cannot read {rel}: {e}"));
    match diagnose(&rel, &source) {
        Ok(()) => panic!("{rel} compiles, but it is in the corpus of broken files"),
        Err(text) => text,
    }
}

#[test]
fn corpus() {
    insta::glob!("../errors", "*.gdl", |path| {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("corpus file names are UTF-8");
        let stem = name.trim_end_matches(".gdl");
        let rel = format!("tests/errors/{name}");
        let source = std::fs::read_to_string(path).expect("corpus file is readable");
        let comment: Vec<&str> = source
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#').trim())
            .collect();
        assert!(
            !comment.is_empty(),
            "{rel} must start with a comment saying what is wrong"
        );
        let result = catch_unwind(AssertUnwindSafe(|| diagnose(&rel, &source)))
            .unwrap_or_else(|_| panic!("loading {rel} panicked"));
        let text = match result {
            Ok(()) => panic!("{rel} compiles, but it is in the corpus of broken files"),
            Err(text) => text,
        };
        assert!(text.starts_with("error: "), "{rel}:\n{text}");
        assert!(text.ends_with(" error\n") || text.ends_with(" errors\n"));
        if POOR.iter().any(|(poor, _)| *poor == stem) {
            return;
        }
        insta::with_settings!({
            description => comment.join(" "),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(text);
        });
    });
}

/// Every entry of [`POOR`] names a corpus file.
#[test]
fn poor_list_names_corpus_files() {
    for (stem, why) in POOR {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/errors/{stem}.gdl"));
        assert!(
            path.is_file(),
            "POOR lists {stem} ({why}), which is missing"
        );
    }
}

/// The several-errors file reports all five of its independent errors.
#[test]
fn several_errors_are_all_collected() {
    let text = corpus_errors("several_errors");
    assert!(text.ends_with("tests/errors/several_errors.gdl: 5 errors\n"));
    for needle in ["`of`", "`neww`", "`ston`", "`blak`", "`cont`"] {
        assert!(text.contains(needle), "{needle} not reported:\n{text}");
    }
}

// ---------------------------------------------------------------- known poor
//
// The right behaviour for files once in POOR, kept as regression tests.

#[test]
fn poor_missing_colon_names_the_colon() {
    let text = corpus_errors("syntax_missing_colon");
    assert!(text.contains("`:`"), "{text}");
    assert!(text.contains("tests/errors/syntax_missing_colon.gdl:6:6"));
}

#[test]
fn poor_unclosed_paren_names_the_paren() {
    let text = corpus_errors("syntax_unclosed_paren");
    assert!(text.contains("`)`"), "{text}");
}

#[test]
fn poor_misspelt_keyword_suggests_the_keyword() {
    let text = corpus_errors("syntax_misspelt_keyword");
    assert!(text.contains("did you mean `pieces`?"), "{text}");
    assert!(
        text.contains("| ^^^^^^\n"),
        "caret under all of `peices`:\n{text}"
    );
}

#[test]
fn poor_misspelt_verb_suggests_the_verb() {
    let text = corpus_errors("syntax_misspelt_verb");
    assert!(text.contains("did you mean `place`?"), "{text}");
    assert!(text.contains("syntax_misspelt_verb.gdl:7:7"), "{text}");
}

#[test]
fn poor_subtraction_without_spaces_suggests_spaces() {
    let text = corpus_errors("syntax_subtraction_without_spaces");
    assert!(text.contains("`size - 1`"), "{text}");
}

#[test]
fn poor_unterminated_string_says_so() {
    let text = corpus_errors("syntax_unterminated_string");
    assert!(
        !text.contains("expected a name or a quoted string"),
        "{text}"
    );
    assert!(text.contains("string"), "{text}");
}

#[test]
fn poor_empty_range_is_one_error() {
    let text = corpus_errors("option_empty_range");
    assert!(text.contains("empty range 9..2"), "{text}");
    assert!(text.ends_with(": 1 error\n"), "{text}");
}

#[test]
fn poor_bad_region_is_one_error() {
    let text = corpus_errors("region_depends_on_position");
    assert!(!text.contains("used before it is declared"), "{text}");
    assert!(text.ends_with(": 1 error\n"), "{text}");
}

#[test]
fn poor_board_failure_keeps_other_errors() {
    let text = corpus_errors("several_errors_board_fails");
    for needle in ["`sise`", "`nwe`", "`stoen`", "`blakc`", "`cont`"] {
        assert!(text.contains(needle), "{needle} not reported:\n{text}");
    }
}

#[test]
fn poor_cells_names_the_bad_argument() {
    let text = corpus_errors("cells_not_a_label");
    assert!(!text.contains("``"), "{text}");
    assert!(text.contains("takes cell labels"), "{text}");
    assert!(text.contains(":6:27"), "points at the `3`: {text}");
}

#[test]
fn poor_huge_number_is_not_a_fraction() {
    let text = corpus_errors("number_too_large");
    assert!(!text.contains("fraction"), "{text}");
}

#[test]
fn poor_reserved_name_is_one_error() {
    let text = corpus_errors("reserved_function_name");
    assert!(!text.contains("declare it with"), "{text}");
    assert!(text.ends_with(": 1 error\n"), "{text}");
}

// ---------------------------------------------------------------- hostile input

/// The smallest stack a game is loaded or run on (worker threads).
const SMALL_STACK: usize = 2 << 20;

/// Diagnoses `source` on a thread with [`SMALL_STACK`]; a stack overflow
/// aborts the whole test run, so it cannot pass unnoticed.
fn diagnose_on_small_stack(source: String) -> Result<(), String> {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(move || diagnose("deep.gdl", &source))
        .expect("a thread starts")
        .join()
        .expect("diagnosing does not panic")
}

const HEADER: &str = "game Deep\nboard square(3)\nplayers x, o\npieces stone\n";

/// Games nesting `n` levels deep in each way the language nests.
fn nested(n: usize) -> Vec<(&'static str, String)> {
    let turn = "turn: place stone at empty then ";
    let mut named = String::new();
    for i in 0..n {
        named.push_str(&format!("effect e{i} = (e{})\n", i + 1));
    }
    named.push_str(&format!("effect e{n} = remove own\n{turn}e0\n"));
    vec![
        (
            "parentheses",
            format!(
                "turn: place stone at {}empty{}\n",
                "(".repeat(n),
                ")".repeat(n)
            ),
        ),
        (
            "some",
            format!(
                "end if {}own at d: draw\nturn: place stone at empty\n",
                "some d: ".repeat(n)
            ),
        ),
        (
            "each group",
            format!("{turn}{}remove g\n", "each group g in own: ".repeat(n)),
        ),
        ("if", format!("{turn}{}remove own\n", "if own: ".repeat(n))),
        (
            "effect groups",
            format!("{turn}{}remove own{}\n", "(".repeat(n), ")".repeat(n)),
        ),
        (
            "repeat",
            format!("{turn}{}remove own\n", "repeat ".repeat(n)),
        ),
        (
            "not",
            format!("turn: place stone at {}empty\n", "not ".repeat(n)),
        ),
        (
            "minus",
            format!(
                "end if count(own) > {}1: draw\nturn: place stone at empty\n",
                "- ".repeat(n)
            ),
        ),
        ("named effects", named),
    ]
    .into_iter()
    .map(|(what, body)| (what, format!("{HEADER}{body}")))
    .collect()
}

/// Deep nesting of every kind is refused with a message, never a stack
/// overflow, even on a small stack (each used to overflow at 1,000 or 5,000).
#[test]
fn deep_nesting_is_refused_on_a_small_stack() {
    for n in [100, 1000, 5000, 100_000] {
        for (what, source) in nested(n) {
            let text = diagnose_on_small_stack(source)
                .expect_err(&format!("{n} nested {what} must be refused"));
            assert!(text.contains("nest"), "{n} nested {what}:\n{text}");
        }
    }
}

/// Nesting up to the documented limits still compiles on a small stack.
#[test]
fn nesting_within_the_limits_compiles_on_a_small_stack() {
    for (what, source) in nested(7) {
        diagnose_on_small_stack(source.clone()).unwrap_or_else(|e| panic!("7 nested {what}:\n{e}"));
    }
    let deepest = format!(
        "{HEADER}turn: place stone at {}empty\n",
        "not ".repeat(gdl::limits::MAX_DEPTH - 1)
    );
    diagnose_on_small_stack(deepest).expect("the deepest expression allowed");
    let mut effects = String::from(HEADER);
    let levels = gdl::limits::MAX_EFFECT_DEPTH - 1;
    effects.push_str(&format!(
        "turn: place stone at empty then {}remove own{}\n",
        "(".repeat(levels),
        ")".repeat(levels)
    ));
    diagnose_on_small_stack(effects).expect("the deepest effects allowed");
}

/// Non-ASCII text before a syntax error used to panic (byte slicing).
#[test]
fn non_ascii_before_a_syntax_error_is_reported() {
    for source in [
        "# ß\nx",
        "game \"Café\" x",
        "board square(3) # 3×3\n(",
        "é",
        "x é",
    ] {
        let text = diagnose("u.gdl", source).expect_err(source);
        assert!(text.starts_with("error: syntax error"), "{source}:\n{text}");
    }
}

/// A megabyte name is refused quickly with a short message (it took 11 s
/// at a syntax error, and printed 3 MB when unknown).
#[test]
fn huge_names_give_short_messages() {
    let name = "a".repeat(1 << 20);
    for source in [
        format!("{HEADER}turn: place stone at {name}\n"),
        format!("{HEADER}turn: place stone at {name} )\n"),
        format!("{HEADER}turn: plac {name}\n"),
    ] {
        let start = std::time::Instant::now();
        let text = diagnose("big.gdl", &source).expect_err("refused");
        assert!(text.len() < 2000, "{} bytes of error", text.len());
        assert!(start.elapsed().as_secs() < 5, "took {:?}", start.elapsed());
    }
}

/// Numbers given with `-o` obey the rules of numbers in a game file: below
/// 10^15, no exponent.
#[test]
fn option_numbers_obey_the_file_rules() {
    let source = "game G\noption komi: list = 0.5\nboard square(3)\nplayers x, o\n\
                  pieces stone\nvariables k\nturn 1: choose k from komi\n\
                  turn: place stone at empty\n";
    for (value, why) in [
        ("999999999999999999", "below 10^15"),
        ("1e308", "without an exponent"),
        ("1e-320", "without an exponent"),
        ("0.5,inf", "without an exponent"),
        ("NaN", "without an exponent"),
    ] {
        let choice: OptionChoice = format!("komi={value}").parse().expect("NAME=VALUE");
        let errors = compile(source, &[choice]).expect_err(value);
        assert!(
            errors.iter().any(|d| d.message.contains(why)),
            "{value}: {errors:?}"
        );
    }
    let choice: OptionChoice = "komi=-2.5,7,99999999999999".parse().expect("NAME=VALUE");
    compile(source, &[choice]).expect("plain numbers below 10^15");
}

/// Each capacity limit is an error at the first name past it.
#[test]
fn capacity_limits_point_at_the_first_name_past_them() {
    let names = |prefix: &str, n: usize| {
        (0..n)
            .map(|i| format!("{prefix}{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let base = |players: &str, pieces: &str, marks: &str, variables: &str| {
        format!(
            "game G\nboard square(3)\nplayers {players}\npieces {pieces}\nmarks {marks}\n\
             variables {variables}\nturn: place p0 at empty\n"
        )
    };
    let cases = [
        (
            base(&names("q", 9), "p0", "m0", "v0"),
            "q8",
            "at most 8 players",
        ),
        (
            base("x, o", &names("p", 31), "m0", "v0"),
            "p30",
            "at most 30 kinds of piece",
        ),
        (
            base("x, o", "p0", &names("m", 65), "v0"),
            "m64",
            "at most 64 marks",
        ),
        (
            base("x, o", "p0", "m0", &names("v", 17)),
            "v16",
            "at most 16 variables",
        ),
        (
            base(&names("q", 8), &names("p", 29), "m0", "v0"),
            "p28",
            "too many kinds of piece for 8 players: at most 28",
        ),
    ];
    for (source, first_past, message) in cases {
        let text = diagnose("limits.gdl", &source).expect_err(message);
        let offset = source.find(&format!(" {first_past}")).expect("the name") + 1;
        // Counted here, not by the renderer under test: lines from 1,
        // columns in characters from 1.
        let before = &source[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before[before.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .count()
            + 1;
        assert!(
            text.contains(&format!("error: {message}\n --> limits.gdl:{line}:{col}\n")),
            "{message}:\n{text}"
        );
    }
}

/// When the board cannot be built, what depends on it (sides, directions,
/// cells, rows, columns) raises no false errors, and the rest is checked.
#[test]
fn board_failure_raises_no_false_errors() {
    for board in [
        "board square(0)",
        "board sqaure(5)",
        "board hexagon(1, 2)",
        "",
    ] {
        let source = format!(
            "game G\n{board}\nplayers x, o\npieces stone\n\
             region goal = top or cells(a1, c3) or row(1) or column(b) or edge(n)\n\
             define d = some k: own at rotate(k, 90) and here at ne\n\
             turn: place stone at empty where d or corners\n\
             end if count(goal) = 0: x wins\nend if blakc: draw\n"
        );
        let text = diagnose("board.gdl", &source).expect_err(&source);
        assert!(text.ends_with(": 2 errors\n"), "{board}:\n{text}");
        assert!(text.contains("`blakc`"), "{board}:\n{text}");
    }
}

/// Each diagnostic says what kind of problem it is, so that callers need not
/// read its text: the corpus files that exceed a limit give limits, the
/// syntax ones syntax errors, option values from the command line options.
#[test]
fn diagnostics_have_kinds() {
    use gdl::diagnostic::Kind;
    const LIMITS: &[&str] = &[
        "effects_too_deep",
        "name_too_long",
        "number_too_large",
        "rules_too_large_defines",
        "reserve_too_large",
        "rules_too_large_effects",
        "second_counter_kind",
        "counter_setup_overflow",
        "picture_glyph_too_long",
        "stacks_setup_too_high",
        "too_deep",
        "turn_number_beyond_limit",
        "turn_number_too_large",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/errors");
    for entry in std::fs::read_dir(dir).expect("the corpus") {
        let path = entry.expect("an entry").path();
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        let source = std::fs::read_to_string(&path).expect("readable");
        let kinds: Vec<Kind> = compile(&source, &[])
            .expect_err(stem)
            .iter()
            .map(|d| d.kind)
            .collect();
        let want = if LIMITS.contains(&stem) {
            Kind::Limit
        // `size-1` parses (as a name); the checker explains it.
        } else if (stem.starts_with("syntax_") || stem == "keyword_as_name")
            && stem != "syntax_subtraction_without_spaces"
        {
            Kind::Syntax
        } else {
            Kind::Rules
        };
        assert!(kinds.iter().all(|&k| k == want), "{stem}: {kinds:?}");
    }
    for option in ["size=3", "komi=x"] {
        let choice: OptionChoice = option.parse().expect("NAME=VALUE");
        let errors = compile(HEADER, &[choice]).expect_err(option);
        assert!(errors.iter().any(|d| d.kind == Kind::Option), "{errors:?}");
    }
}

/// An option given twice is refused (the last one used to win silently).
#[test]
fn an_option_given_twice_is_refused() {
    let source = "game G\noption size: 3..9 = 3\nboard square(size)\nplayers x, o\npieces stone\nturn: place stone at empty\n";
    let choices: Vec<OptionChoice> = ["size=4", "size=5"]
        .iter()
        .map(|o| o.parse().expect("NAME=VALUE"))
        .collect();
    let errors = compile(source, &choices).expect_err("given twice");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].kind, gdl::diagnostic::Kind::Option);
    assert!(
        errors[0]
            .message
            .contains("`size` is given twice (`4`, then `5`)"),
        "{errors:?}"
    );
    compile(source, &choices[..1]).expect("given once");
}

/// A flat chain of `or`, `and` or `except` is no deeper than the
/// logarithm of its length: Surakarta's 144-term `or` once passed the
/// nesting limit. The chains of 300 terms give the cells they name.
#[test]
fn long_flat_chains_load_and_mean_what_they_say() {
    let cells = |n: usize| -> Vec<String> {
        (0..n)
            .map(|i| {
                format!(
                    "cells({}{})",
                    (b'a' + (i % 8) as u8) as char,
                    1 + (i / 8) % 4
                )
            })
            .collect()
    };
    let game = |target: String| {
        let src = format!(
            "game T board square(8) players x, o pieces stone turn: place stone at {target}"
        );
        compile(&src, &[]).unwrap_or_else(|e| panic!("{e:?}"))
    };
    let offered = |g: &Game| {
        let mut list = Vec::new();
        g.legal_actions(&g.start(), &mut list);
        list.len()
    };
    // 300 terms naming the 32 cells of rows 1 to 4.
    assert_eq!(offered(&game(cells(300).join(" or "))), 32);
    // All but those 32; the cells every term names (none); and a chain
    // of `all`, cut to row 1.
    assert_eq!(
        offered(&game(format!("all except {}", cells(300).join(" except ")))),
        32
    );
    assert_eq!(
        offered(&game(format!("all and {}", cells(300).join(" and ")))),
        0
    );
    assert_eq!(
        offered(&game(format!(
            "row(1) and {}",
            vec!["all"; 300].join(" and ")
        ))),
        8
    );
}

/// The messages of the warnings `gdl check` gives for a game's text.
fn warnings_of(src: &str) -> Vec<String> {
    let g = compile(src, &[]).unwrap_or_else(|e| panic!("{e:?}"));
    let warnings = g.rules.sources.warnings.iter();
    warnings.map(|w| w.message.clone()).collect()
}

/// `and`/`except` mixed with `or` without parentheses is warned of, with
/// how it reads; with the parentheses written, or in the shipped games,
/// nothing is.
#[test]
fn and_or_without_parentheses_is_warned_of() {
    let warnings = |target: &str| {
        warnings_of(&format!(
            "game T\nboard square(9)\nplayers x, o\npieces stone\nregion goal = corners\n\
             turn: place stone at {target}\n"
        ))
    };
    let mixed = warnings("reach(own, empty) and row(1) or row(9) except goal");
    assert_eq!(mixed.len(), 1, "{mixed:?}");
    assert!(
        mixed[0].contains("reads as `(reach(own, empty) and row(1)) or (row(9) except goal)`"),
        "{mixed:?}"
    );
    for clear in [
        "reach(own, empty) and (row(1) or row(9)) except goal",
        "(reach(own, empty) and row(1)) or row(9)",
        "row(1) or row(9) or corners",
        "empty and corners except row(1)",
    ] {
        assert!(warnings(clear).is_empty(), "{clear}");
    }
    for entry in std::fs::read_dir("games").expect("games/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "gdl") {
            let g = gdl::load(&path, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
            let mixed = g
                .rules
                .sources
                .warnings
                .iter()
                .filter(|w| w.message.contains("bind tighter"));
            assert_eq!(mixed.count(), 0, "{}", path.display());
        }
    }
}

/// `A else B then E` with no `then` on A is warned of (E is B's alone);
/// with a `then` on each, a named action first, or in the shipped games,
/// nothing is.
#[test]
fn a_then_after_else_that_belongs_to_the_last_action_only_is_warned_of() {
    let warnings = |turn: &str| {
        warnings_of(&format!(
            "game T\nboard square(3)\nplayers x, o\npieces stone\nmarks m\n\
             action first = place stone at m and empty\nturn: {turn}\n"
        ))
        .into_iter()
        .filter(|w| w.contains("belong to this action alone"))
        .count()
    };
    assert_eq!(
        warnings("place stone at m and empty else place stone at empty then mark m at here"),
        1
    );
    for clear in [
        "place stone at m and empty then mark m at here else place stone at empty then mark m at here",
        "first else place stone at empty then mark m at here",
        "place stone at m and empty else place stone at empty",
        "place stone at empty then mark m at here",
    ] {
        assert_eq!(warnings(clear), 0, "{clear}");
    }
    for entry in std::fs::read_dir("games").expect("games/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "gdl") {
            let g = gdl::load(&path, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
            let alone = (g.rules.sources.warnings.iter())
                .filter(|w| w.message.contains("belong to this action alone"));
            assert_eq!(alone.count(), 0, "{}", path.display());
        }
    }
}

/// A mark the turn clears and then reads, with nothing setting it in
/// between, is warned of (it is always empty there); read before the
/// clear, or set by the step that reads it again, it is not.
#[test]
fn a_mark_cleared_before_it_is_read_is_warned_of() {
    let warnings = |turn: &str| {
        warnings_of(&format!(
            "game T\nboard square(5)\nplayers x, o\npieces stone\nmarks last\nturn: {turn}\n"
        ))
    };
    let trap = warnings("clear last, place stone at empty except neighbors(last) marking last");
    assert_eq!(trap.len(), 1, "{trap:?}");
    assert!(trap[0].contains("`last` is always empty here"), "{trap:?}");
    // A guard reads it too.
    let guarded =
        warnings("clear last, place stone at empty marking last if count(last) = 0 | pass");
    assert_eq!(guarded.len(), 1, "{guarded:?}");
    for fine in [
        "place stone at empty except neighbors(last), clear last, mark last at here",
        "clear last, (mark last at corners), place stone at empty except last",
        "clear last, 2 x place stone at empty except neighbors(last) marking last",
        "clear last, place stone at empty marking last, place stone at empty except last",
    ] {
        assert!(warnings(fine).is_empty(), "{fine}: {:?}", warnings(fine));
    }
}
