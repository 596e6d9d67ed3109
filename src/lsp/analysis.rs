//! One document read as `gdl check` reads it: composed with the games it
//! is based on, parsed and checked with its options' defaults. The
//! problems found, where they are in this document, and the index of its
//! words when it parsed.

use crate::diagnostic::{Diagnostic, SourcePart, Span};
use crate::syntax::tokens::{TokenKind, tokens};
use crate::syntax::{self, FindBase};

use super::index::{Index, locate};

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// A problem, in the document's own text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub severity: Severity,
    /// Where, in the document's text.
    pub span: Span,
    /// What `gdl check` says, and its help on a line of its own.
    pub message: String,
}

/// What reading a document found.
pub struct Analysis {
    pub problems: Vec<Problem>,
    /// The document's words, when it parsed.
    pub index: Option<Index>,
    /// The text of each base file read, by its name in the index's parts.
    pub bases: Vec<(String, String)>,
}

/// Reads `text`, the document named `file`; `find` finds the games it is
/// based on.
pub fn analyse(text: &str, file: &str, find: FindBase) -> Analysis {
    let mut analysis = analyse_text(text, file, find);
    for p in &mut analysis.problems {
        p.span = widened(text, p.span);
    }
    analysis
}

/// A span of no characters (a syntax error's place) made the character
/// there, so that an editor has something to underline.
fn widened(text: &str, span: Span) -> Span {
    match text[span.start.min(text.len())..].chars().next() {
        Some(c) if span.start == span.end && c != '\n' => {
            Span::new(span.start, span.start + c.len_utf8())
        }
        _ => span,
    }
}

fn analyse_text(text: &str, file: &str, find: FindBase) -> Analysis {
    let cap = crate::limits::MAX_INPUT_BYTES;
    if text.len() as u64 > cap {
        // As `gdl check` refuses the file, before reading it.
        return Analysis {
            problems: vec![Problem {
                severity: Severity::Error,
                span: Span::new(0, 0),
                message: format!(
                    "the file is larger than {}, the most a game file may be",
                    crate::files::size_text(cap)
                ),
            }],
            index: None,
            bases: Vec::new(),
        };
    }
    let bases = std::cell::RefCell::new(Vec::new());
    let recording = |reference: &str, from: &str| {
        let found = find(reference, from)?;
        bases.borrow_mut().push(found.clone());
        Ok(found)
    };
    let mut analysis = Analysis {
        problems: Vec::new(),
        index: None,
        bases: Vec::new(),
    };
    let composed = match syntax::compose(text, file, &recording) {
        Ok(c) => c,
        Err(failure) => {
            let span = match failure.file == file {
                true => failure.diagnostic.span,
                false => None,
            };
            let message = match span {
                Some(_) => message_of(&failure.diagnostic),
                None => in_other_file(&failure.file, &failure.source, &failure.diagnostic),
            };
            analysis.problems.push(Problem {
                severity: Severity::Error,
                span: span.unwrap_or_else(|| based_on_span(text)),
                message,
            });
            analysis.bases = bases.into_inner();
            return analysis;
        }
    };
    analysis.bases = bases.into_inner();
    let (source, parts) = match composed {
        Some(c) => (c.text, c.parts),
        None => (text.to_string(), Vec::new()),
    };
    let report = |d: &Diagnostic, severity: Severity, problems: &mut Vec<Problem>| {
        problems.push(place(text, &source, &parts, d, severity, &analysis.bases));
    };
    let parsed = match syntax::parse(&source) {
        Ok(p) => p,
        Err(d) => {
            report(&d, Severity::Error, &mut analysis.problems);
            return analysis;
        }
    };
    match crate::check::compile_file(&parsed, file, &source, &[]) {
        Ok(rules) => {
            for w in &rules.sources.warnings {
                report(w, Severity::Warning, &mut analysis.problems);
            }
        }
        Err(errors) => {
            for e in &errors {
                report(e, Severity::Error, &mut analysis.problems);
            }
        }
    }
    analysis.index = Some(Index::new(source, parts, &parsed));
    analysis
}

/// A diagnostic of the composed text, placed in the document: at its span
/// when it is the document's, else at the `based on` line, naming the
/// file and line it is in.
fn place(
    text: &str,
    source: &str,
    parts: &[SourcePart],
    d: &Diagnostic,
    severity: Severity,
    bases: &[(String, String)],
) -> Problem {
    let Some(span) = d.span else {
        return Problem {
            severity,
            span: Span::new(0, 0),
            message: message_of(d),
        };
    };
    let (file, local) = locate(parts, span);
    match file {
        None => Problem {
            severity,
            span: local,
            message: message_of(d),
        },
        Some(file) => {
            let base_text = bases
                .iter()
                .find(|(f, _)| f == file)
                .map_or(source, |(_, t)| t.as_str());
            let moved = Diagnostic {
                span: Some(local),
                ..d.clone()
            };
            Problem {
                severity,
                span: based_on_span(text),
                message: in_other_file(file, base_text, &moved),
            }
        }
    }
}

/// The message as `gdl check` words it, its help on a second line.
fn message_of(d: &Diagnostic) -> String {
    match &d.help {
        Some(help) => format!("{}\nhelp: {help}", d.message),
        None => d.message.clone(),
    }
}

/// A problem in another file, said with its place there.
fn in_other_file(file: &str, text: &str, d: &Diagnostic) -> String {
    match d.span {
        Some(span) => {
            let (line, col) = crate::report::line_col(text, span.start);
            format!("in {file}:{line}:{col}: {}", message_of(d))
        }
        None => format!("in {file}: {}", message_of(d)),
    }
}

/// The span of `based on NAME` in a document (its start if it has none).
fn based_on_span(text: &str) -> Span {
    let toks = tokens(text);
    let word = |i: usize| {
        toks.get(i)
            .filter(|t| t.kind == TokenKind::Word)
            .map(|t| &text[t.span.start..t.span.end])
    };
    (0..toks.len())
        .find(|&i| word(i) == Some("based") && word(i + 1) == Some("on"))
        .map_or(Span::new(0, 0), |i| {
            let end = toks.get(i + 2).unwrap_or(&toks[i + 1]).span.end;
            Span::new(toks[i].span.start, end)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str, _: &str) -> Result<(String, String), String> {
        Err("no bases here".into())
    }

    #[test]
    fn finds_what_gdl_check_finds() {
        let text = "board square(3)\nplayers x, o\npieces stone\nturn: place stone at emty\nend if stuck: mover loses\n";
        let a = analyse(text, "t.gdl", &none);
        assert_eq!(a.problems.len(), 1, "{:?}", a.problems);
        let p = &a.problems[0];
        assert_eq!(p.severity, Severity::Error);
        assert_eq!(&text[p.span.start..p.span.end], "emty");
        assert!(p.message.contains("`emty`"), "{}", p.message);
        assert!(a.index.is_some());
        let huge = "#".repeat(crate::limits::MAX_INPUT_BYTES as usize + 1);
        let refused = analyse(&huge, "t.gdl", &none);
        assert!(refused.problems[0].message.contains("larger than"));
        let broken = analyse("players x o(\n", "t.gdl", &none);
        assert_eq!(broken.problems.len(), 1);
        assert!(broken.index.is_none());
    }

    #[test]
    fn places_a_base_problem_at_based_on() {
        let base = "board square(3)\nplayers x, o\npieces stone\nturn: place stone at emty\n";
        let find = |reference: &str, _: &str| match reference {
            "base" => Ok(("base.gdl".to_string(), base.to_string())),
            _ => Err("not found".to_string()),
        };
        let text = "# a variant\nbased on base\nend if stuck: mover loses\n";
        let a = analyse(text, "v.gdl", &find);
        assert_eq!(a.problems.len(), 1, "{:?}", a.problems);
        let p = &a.problems[0];
        assert_eq!(&text[p.span.start..p.span.end], "based on base");
        assert!(p.message.starts_with("in base.gdl:4:22: "), "{}", p.message);
        let missing = analyse("based on nowhere\n", "v.gdl", &find);
        assert_eq!(missing.problems.len(), 1);
        assert_eq!(missing.problems[0].span, Span::new(9, 16));
    }
}
