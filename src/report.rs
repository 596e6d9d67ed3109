//! Diagnostics for people: `file:line:col`, the source line, a caret, the help.

use crate::diagnostic::{Diagnostic, SourcePart};

/// Line and column (both 1-based, columns in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, source[line_start..offset].chars().count() + 1)
}

/// Renders one diagnostic with a source excerpt.
pub fn render(path: &str, source: &str, d: &Diagnostic) -> String {
    render_as("error", path, source, d)
}

/// A warning of `gdl check` ([`crate::rules::Sources::warnings`]), shown
/// as an error is, under `warning:`.
pub fn render_warning(path: &str, source: &str, d: &Diagnostic) -> String {
    render_as("warning", path, source, d)
}

fn render_as(label: &str, path: &str, source: &str, d: &Diagnostic) -> String {
    let mut out = format!("{label}: {}\n", d.message);
    match d.span {
        Some(span) => {
            let (line, col) = line_col(source, span.start);
            let text = source.lines().nth(line - 1).unwrap_or("");
            let gutter = line.to_string().len();
            let pad = " ".repeat(gutter);
            out.push_str(&format!("{pad}--> {path}:{line}:{col}\n"));
            let end = span.end.min(source.len()).max(span.start);
            let (end_line, end_col) = line_col(source, end);
            let width = if end_line == line {
                end_col.saturating_sub(col).max(1)
            } else {
                text.chars().count().saturating_sub(col - 1).max(1)
            };
            let (text, col, width) = excerpt(text, col, width);
            out.push_str(&format!(
                "{pad} |\n{line} | {text}\n{pad} | {}{}\n",
                " ".repeat(col - 1),
                "^".repeat(width)
            ));
            if let Some(help) = &d.help {
                out.push_str(&format!("{pad} = help: {help}\n"));
            }
        }
        None => {
            out.push_str(&format!("  --> {path}\n"));
            if let Some(help) = &d.help {
                out.push_str(&format!("   = help: {help}\n"));
            }
        }
    }
    out
}

/// Longest source line shown whole under a message, in characters.
const LINE_CHARS: usize = 400;

/// The part of a long source line around column `col` (1-based, in
/// characters) with `width` carets: at most [`LINE_CHARS`] characters, cut
/// with `…`, and the column and width within that part.
fn excerpt(text: &str, col: usize, width: usize) -> (String, usize, usize) {
    let len = text.chars().count();
    if len <= LINE_CHARS {
        return (text.to_string(), col, width);
    }
    // Keep some context before the column.
    let first = col.saturating_sub(1 + LINE_CHARS / 4);
    let shown: String = text.chars().skip(first).take(LINE_CHARS).collect();
    let lead = if first > 0 { "…" } else { "" };
    let tail = if first + LINE_CHARS < len { "…" } else { "" };
    let col = col - first + lead.chars().count();
    let width = width
        .min(LINE_CHARS + 1 - (col - lead.chars().count()))
        .max(1);
    (format!("{lead}{shown}{tail}"), col, width)
}

/// Renders all diagnostics, sorted by position, with a count at the end.
pub fn render_all(
    path: &str,
    source: &str,
    parts: &[SourcePart],
    diagnostics: &[Diagnostic],
) -> String {
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by_key(|d| d.span.map_or(0, |s| s.start));
    let mut out = String::new();
    for d in &sorted {
        out.push_str(&render_in(path, source, parts, d));
        out.push('\n');
    }
    let n = diagnostics.len();
    out.push_str(&format!(
        "{path}: {n} error{}\n",
        if n == 1 { "" } else { "s" }
    ));
    out
}

/// A diagnostic of a composed text (a game based on another) in the file
/// its span is in, with that file's lines; of a plain text, as it is.
pub fn render_in(path: &str, source: &str, parts: &[SourcePart], d: &Diagnostic) -> String {
    let Some((part, span)) = d
        .span
        .and_then(|s| SourcePart::of(parts, s).map(|p| (p, s)))
    else {
        return render(path, source, d);
    };
    let end = (part.start + part.len).min(source.len());
    let text = source.get(part.start..end).unwrap_or("");
    let shift = |x: usize| x.saturating_sub(part.start).min(part.len);
    let mut local = d.clone();
    local.span = Some(crate::diagnostic::Span::new(
        shift(span.start),
        shift(span.end),
    ));
    render(&part.file, text, &local)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Span;

    #[test]
    fn long_lines_are_cut_around_the_span() {
        let name = "a".repeat(1_000_000);
        let src = format!("game X\nturn: place stone at {name} x\n");
        let start = src.find("aaa").unwrap();
        let d = Diagnostic::at(Span::new(start, start + name.len()), "unknown name");
        let text = render("x.gdl", &src, &d);
        assert!(text.len() < 1000, "{} bytes", text.len());
        assert!(text.contains("x.gdl:2:22"), "{text}");
        assert!(text.contains("2 | turn: place stone at aaa"), "{text}");
        let far = src.rfind(" x").unwrap() + 1;
        let d = Diagnostic::at(Span::new(far, far + 1), "here");
        let text = render("x.gdl", &src, &d);
        let lines: Vec<&str> = text.lines().collect();
        // The caret stands under the `x`, in the cut line.
        let caret = lines[4].find('^').unwrap();
        assert_eq!(lines[3].chars().nth(caret), Some('x'), "{text}");
    }

    #[test]
    fn points_at_the_span() {
        let src = "game X\nturn: place stnoe at empty\n";
        let start = src.find("stnoe").unwrap();
        let d = Diagnostic::at(Span::new(start, start + 5), "unknown piece `stnoe`")
            .with_help("did you mean `stone`?");
        let text = render("x.gdl", src, &d);
        assert!(text.contains("x.gdl:2:13"), "{text}");
        assert!(text.contains("            ^^^^^\n"), "{text}");
        assert!(text.contains("help: did you mean `stone`?"), "{text}");
    }
}
