//! The corpus of broken game files in `tests/errors/`: each file holds one
//! kind of mistake a designer makes (said in its top comment), or several
//! independent ones. Every file must fail to load, without a panic, and its
//! rendered diagnostics are snapshotted (`tests/snapshots/errors__*.snap`).
//!
//! Files whose diagnostics are known to be poor are listed in [`POOR`]: they
//! must still fail cleanly, but their current output is not snapshotted, so
//! that no snapshot blesses a poor message. Each has an ignored test below
//! stating what the right diagnostic says; when it is fixed, remove the
//! file from [`POOR`], drop the `#[ignore]` and accept the new snapshot.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use gdl::{check, report, syntax};

/// Corpus files (by stem) whose diagnostics are wrong or unhelpful today,
/// with what is wrong; see the `poor_*` tests for the right behaviour.
const POOR: &[(&str, &str)] = &[
    ("syntax_missing_colon", "does not say that `:` is expected"),
    (
        "syntax_unclosed_paren",
        "does not say that `)` (or `,`) is expected",
    ),
    (
        "syntax_misspelt_keyword",
        "no `did you mean pieces?`; one caret for the whole word",
    ),
    (
        "syntax_misspelt_verb",
        "no `did you mean place?`; error at `stone` listing item keywords",
    ),
    (
        "syntax_subtraction_without_spaces",
        "suggests `size` instead of `size - 1`",
    ),
    (
        "syntax_unterminated_string",
        "says a quoted string is expected, at the opening quote",
    ),
    (
        "option_empty_range",
        "cascade: the default and every use of the option are reported too",
    ),
    (
        "region_depends_on_position",
        "cascade: the region's use is reported as `used before it is declared`",
    ),
    (
        "several_errors_board_fails",
        "a bad board size hides every other error",
    ),
    ("cells_not_a_label", "says ``` `` is not a cell``` for `3`"),
    (
        "number_too_large",
        "says `not a whole number (fractions ...)` for a huge whole number",
    ),
    (
        "reserved_function_name",
        "cascade: `unknown piece count`, help: declare it with `pieces count`",
    ),
];

/// Loads a game file as `gdl check` does (default options): `Ok` if it
/// compiles, else the diagnostics rendered with `path` as the file name.
fn diagnose(path: &str, source: &str) -> Result<(), String> {
    let file = syntax::parse(source).map_err(|d| report::render_all(path, source, &[d]))?;
    check::compile(&file, &[])
        .map(drop)
        .map_err(|ds| report::render_all(path, source, &ds))
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
    insta::glob!("errors/*.gdl", |path| {
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
// The right behaviour for each file in POOR. Run them with
// `cargo test --test errors -- --ignored`.

#[test]
#[ignore = "bug: a missing `:` after `turn` is reported as `expected a turn number or if`"]
fn poor_missing_colon_names_the_colon() {
    let text = corpus_errors("syntax_missing_colon");
    assert!(text.contains("`:`"), "{text}");
    assert!(text.contains("tests/errors/syntax_missing_colon.gdl:6:6"));
}

#[test]
#[ignore = "bug: an unclosed parenthesis does not say that `)` is expected"]
fn poor_unclosed_paren_names_the_paren() {
    let text = corpus_errors("syntax_unclosed_paren");
    assert!(text.contains("`)`"), "{text}");
}

#[test]
#[ignore = "bug: a misspelt keyword at the start of an item gets no suggestion"]
fn poor_misspelt_keyword_suggests_the_keyword() {
    let text = corpus_errors("syntax_misspelt_keyword");
    assert!(text.contains("did you mean `pieces`?"), "{text}");
    assert!(
        text.contains("| ^^^^^^\n"),
        "caret under all of `peices`:\n{text}"
    );
}

#[test]
#[ignore = "bug: a misspelt verb in a turn gets no suggestion"]
fn poor_misspelt_verb_suggests_the_verb() {
    let text = corpus_errors("syntax_misspelt_verb");
    assert!(text.contains("did you mean `place`?"), "{text}");
    assert!(text.contains("syntax_misspelt_verb.gdl:7:7"), "{text}");
}

#[test]
#[ignore = "bug: `size-1` suggests `size` instead of `size - 1`"]
fn poor_subtraction_without_spaces_suggests_spaces() {
    let text = corpus_errors("syntax_subtraction_without_spaces");
    assert!(text.contains("`size - 1`"), "{text}");
}

#[test]
#[ignore = "bug: an unterminated string is reported as `expected a quoted string`"]
fn poor_unterminated_string_says_so() {
    let text = corpus_errors("syntax_unterminated_string");
    assert!(
        !text.contains("expected a name or a quoted string"),
        "{text}"
    );
    assert!(text.contains("string"), "{text}");
}

#[test]
#[ignore = "bug: an empty option range also reports its default and every use"]
fn poor_empty_range_is_one_error() {
    let text = corpus_errors("option_empty_range");
    assert!(text.contains("empty range 9..2"), "{text}");
    assert!(text.ends_with(": 1 error\n"), "{text}");
}

#[test]
#[ignore = "bug: a region that failed to check is then `used before it is declared`"]
fn poor_bad_region_is_one_error() {
    let text = corpus_errors("region_depends_on_position");
    assert!(!text.contains("used before it is declared"), "{text}");
    assert!(text.ends_with(": 1 error\n"), "{text}");
}

#[test]
#[ignore = "bug: when the board cannot be built no other error is reported"]
fn poor_board_failure_keeps_other_errors() {
    let text = corpus_errors("several_errors_board_fails");
    for needle in ["`sise`", "`nwe`", "`stoen`", "`blakc`", "`cont`"] {
        assert!(text.contains(needle), "{needle} not reported:\n{text}");
    }
}

#[test]
#[ignore = "bug: `cells(b2, 3)` says ``` `` is not a cell of this board```"]
fn poor_cells_names_the_bad_argument() {
    let text = corpus_errors("cells_not_a_label");
    assert!(!text.contains("``"), "{text}");
    assert!(text.contains("`3`"), "{text}");
}

#[test]
#[ignore = "bug: a huge whole number is called a fraction"]
fn poor_huge_number_is_not_a_fraction() {
    let text = corpus_errors("number_too_large");
    assert!(!text.contains("fraction"), "{text}");
}

#[test]
#[ignore = "bug: a piece named after a function is then reported as undeclared"]
fn poor_reserved_name_is_one_error() {
    let text = corpus_errors("reserved_function_name");
    assert!(!text.contains("declare it with"), "{text}");
    assert!(text.ends_with(": 1 error\n"), "{text}");
}

#[test]
#[ignore = "bug: `turn 0:` is accepted, but turns count from 1 so it never applies"]
fn poor_turn_zero_is_rejected() {
    let source = "game Broken\nboard square(3)\nplayers x, o\npieces stone\n\
                  turn 0: place stone at corners\nturn: place stone at empty\n";
    let text = diagnose("turn_zero.gdl", source).expect_err("turn 0 must be rejected");
    assert!(text.contains("turn_zero.gdl:5:1"), "{text}");
}
