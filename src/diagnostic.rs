//! Errors found in a game file: what is wrong, where, and how to fix it.
//! Rendering them for people (`file:line:col`, the line, a caret) is
//! `report.rs`, used by `LoadError::render` and the command line.

use std::fmt;

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// The byte after the last.
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span of a pest parse-tree node.
    pub fn from_pest(span: pest::Span<'_>) -> Span {
        Span::new(span.start(), span.end())
    }
}

/// Where one file's text sits in a composed game's text (a file `based
/// on` another, see `src/syntax/compose.rs`): spans in `start..start +
/// len` are that file's, shifted by `start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcePart {
    /// The file, as named.
    pub file: String,
    /// Where its text starts in the composed text.
    pub start: usize,
    /// Its length.
    pub len: usize,
}

impl SourcePart {
    /// A file's text at `start`, `len` bytes.
    pub fn new(file: &str, start: usize, len: usize) -> SourcePart {
        SourcePart {
            file: file.to_string(),
            start,
            len,
        }
    }

    /// The part a span of the composed text starts in (the last part for
    /// a span past them all).
    pub fn of(parts: &[SourcePart], span: Span) -> Option<&SourcePart> {
        parts
            .iter()
            .find(|p| span.start >= p.start && span.start <= p.start + p.len)
            .or(parts.last())
    }
}

/// What kind of problem a [`Diagnostic`] is, for callers that treat kinds
/// differently (an option value comes from the command line, not the file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The text does not follow the grammar.
    Syntax,
    /// A value chosen with `-o` is not one of the option's values, or names
    /// no option.
    Option,
    /// The game exceeds a capacity limit (see [`crate::limits`]).
    Limit,
    /// Any other mistake in the game: names, types, meaning.
    #[default]
    Rules,
}

/// One problem in a game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of problem it is.
    pub kind: Kind,
    /// What is wrong, as one sentence for people.
    pub message: String,
    /// Where; `None` for problems with the file as a whole (a missing item).
    pub span: Option<Span>,
    /// A suggestion, such as the name that was probably meant.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A [`Kind::Rules`] problem at a span.
    pub fn at(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind: Kind::Rules,
            message: message.into(),
            span: Some(span),
            help: None,
        }
    }

    /// A [`Kind::Rules`] problem with the file as a whole (no span).
    pub fn whole(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind: Kind::Rules,
            message: message.into(),
            span: None,
            help: None,
        }
    }

    /// The same problem, of another kind.
    pub fn with_kind(mut self, kind: Kind) -> Diagnostic {
        self.kind = kind;
        self
    }

    /// The same problem, with a suggestion.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(help) = &self.help {
            write!(f, " ({help})")?;
        }
        Ok(())
    }
}

/// Longest text quoted whole in a message; longer text is cut with `…`.
const QUOTE_CHARS: usize = 40;

/// `text` for quoting in a message: cut short if it is long (a name or a
/// value may be a megabyte of hostile input).
pub fn shorten(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.into(),
        Some((cut, _)) => format!("{}…", &text[..cut]).into(),
    }
}

/// The closest of `candidates` to a misspelt `name`, if any is close enough
/// to be worth suggesting.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    // Nothing longer is a typo of a real name; the distance is quadratic.
    if len > crate::limits::MAX_NAME_LEN {
        return None;
    }
    let limit = (len / 3).max(1);
    candidates
        .into_iter()
        // A distance is at least the difference in length: skip the far ones.
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edit distance counting a swap of two neighbouring letters as one edit
/// (optimal string alignment), since that is the commonest typo.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for j in 0..=b.len() {
        d[0][j] = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(closest("stnoe", ["stone", "empty"]), Some("stone"));
        assert_eq!(closest("emtpy", ["stone", "empty"]), Some("empty"));
        assert_eq!(closest("xyz", ["stone", "empty"]), None);
    }
}
