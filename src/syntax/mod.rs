//! Stage 1, load: source text to [`GameFile`] (the AST), with syntax errors
//! reported at their position.

use pest::Parser;
use pest::iterators::Pair;

mod compose;
mod expressions;
mod format;
mod hints;
mod items;
mod text;
pub mod tokens;
mod turns;

use crate::ast::GameFile;
use crate::diagnostic::{Diagnostic, Kind, Span, shorten};
use crate::limits::{MAX_NAME_LEN, MAX_NUMBER, MAX_PARSE_DEPTH};
pub use compose::{FindBase, compose};
use expressions::span;
pub use format::format;
use hints::syntax_error;
pub use hints::{KEYWORDS, OTHER_WORDS};
use items::add_item;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/gdl.pest"]
struct GdlParser;

type P<'a> = Pair<'a, Rule>;

/// Reads a game file's text, as every file is read
/// ([`crate::files::read_text`]): refusing a file larger than
/// [`crate::limits::MAX_INPUT_BYTES`] (read with a bound, so that a device such as
/// `/dev/zero` cannot fill the memory) or not UTF-8 with an error of kind
/// `InvalidData`; a byte-order mark at the start is dropped.
pub fn read_source(path: &std::path::Path) -> std::io::Result<String> {
    crate::files::read_text(path, crate::files::Input::Game)
}

/// Parses a game file. A syntax error stops parsing, so there is at most one.
pub fn parse(source: &str) -> Result<GameFile, Diagnostic> {
    // Track the literal tokens (`:`, `)`) the parser expected, for messages.
    pest::set_error_detail(true);
    let mut pairs = GdlParser::parse(Rule::file, source).map_err(|e| {
        let d = syntax_error(source, e);
        // Too deep for the parser is a limit; anything else, syntax.
        match d.kind {
            Kind::Limit => d,
            Kind::Syntax | Kind::Option | Kind::Rules => d.with_kind(Kind::Syntax),
        }
    })?;
    let file = pairs.next().expect("the file rule always yields one pair");
    check_limits(&file)?;
    let mut game = GameFile {
        mixed_operators: mixed_operators(&file),
        ..GameFile::default()
    };
    for item in file.into_inner() {
        add_item(&mut game, item);
    }
    turns::expand_action_groups(&mut game);
    Ok(game)
}

/// Each `or` chain one of whose operands is an `and`/`except` chain not
/// in parentheses, with how it reads (see [`GameFile::mixed_operators`]).
fn mixed_operators(file: &P) -> Vec<(crate::diagnostic::Span, String)> {
    let chain = |p: &P| p.as_rule() == Rule::conjunction && p.clone().into_inner().count() > 1;
    let mut out = Vec::new();
    for pair in file.clone().into_inner().flatten() {
        if pair.as_rule() != Rule::disjunction {
            continue;
        }
        let parts: Vec<P> = pair.clone().into_inner().collect();
        if parts.len() < 3 || !parts.iter().any(chain) {
            continue;
        }
        let reading: Vec<String> = parts
            .iter()
            .map(|p| match chain(p) {
                true => format!("({})", p.as_str().trim()),
                false => p.as_str().trim().to_string(),
            })
            .collect();
        out.push((span(&pair), reading.join(" ")));
    }
    out
}

/// Refuses what the grammar accepts but later stages cannot take: nesting
/// deep enough to overflow a stack while the tree is built, checked or
/// dropped, overlong names, and numbers too large to be exact. Iterative, so
/// that any parse tree pest returns can be measured.
fn check_limits(file: &P) -> Result<(), Diagnostic> {
    let mut todo = vec![(file.clone(), 1usize)];
    while let Some((pair, depth)) = todo.pop() {
        if depth > MAX_PARSE_DEPTH {
            return Err(too_deep(pair.as_span().start()));
        }
        let rule = pair.as_rule();
        let text = pair.as_str();
        match rule {
            Rule::name if text.chars().count() > MAX_NAME_LEN => {
                return Err(Diagnostic::at(
                    span(&pair),
                    format!(
                        "the name `{}` is too long: at most {MAX_NAME_LEN} characters",
                        shorten(text)
                    ),
                )
                .with_kind(Kind::Limit));
            }
            Rule::int | Rule::number | Rule::signed_number => {
                // The grammar lets only digits (and one `.`) through.
                let value: f64 = text.parse().unwrap_or(f64::INFINITY);
                if value.is_nan() || value.abs() >= MAX_NUMBER {
                    return Err(Diagnostic::at(
                        span(&pair),
                        format!("`{}` is too large for a number", shorten(text)),
                    )
                    .with_kind(Kind::Limit));
                }
            }
            _ => {}
        }
        let children: Vec<P> = pair.into_inner().collect();
        // `not not x` and `- - x` nest one level per operator in the tree.
        let ops = match rule {
            Rule::negation | Rule::signed => children.len().saturating_sub(1),
            _ => 0,
        };
        // Reversed, so that the first problem in the file is found first.
        for child in children.into_iter().rev() {
            todo.push((child, depth + 1 + ops));
        }
    }
    Ok(())
}

/// Nesting too deep for the parser or for the stages after it.
fn too_deep(pos: usize) -> Diagnostic {
    Diagnostic::at(
        Span::new(pos, pos),
        "this nests too deeply: parentheses, effects or conditions inside one another, a hundred levels or more",
    )
    .with_help("write it flatter, or name parts of it with `define` or `effect`")
    .with_kind(Kind::Limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MAX_INPUT_BYTES;

    #[test]
    fn reading_stops_at_the_size_cap() {
        let dir = std::env::temp_dir().join(format!("gdl-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let big = dir.join("big.gdl");
        std::fs::write(&big, vec![b' '; MAX_INPUT_BYTES as usize + 1]).expect("write");
        let e = read_source(&big).expect_err("too large");
        assert!(e.to_string().contains("larger than 1 MiB"), "{e}");
        let fits = dir.join("fits.gdl");
        std::fs::write(&fits, vec![b' '; MAX_INPUT_BYTES as usize]).expect("write");
        assert_eq!(
            read_source(&fits).expect("fits").len(),
            MAX_INPUT_BYTES as usize
        );
        let binary = dir.join("binary.gdl");
        std::fs::write(&binary, [0xff, 0xfe]).expect("write");
        let e = read_source(&binary).expect_err("not UTF-8");
        assert!(e.to_string().contains("not text"), "{e}");
        std::fs::remove_dir_all(&dir).expect("clean up");
        // An endless device ends with the same error, not with all memory.
        let zero = std::path::Path::new("/dev/zero");
        if zero.exists() {
            let e = read_source(zero).expect_err("endless");
            assert!(e.to_string().contains("larger than"), "{e}");
        }
    }
}
