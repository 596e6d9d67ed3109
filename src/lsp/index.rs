//! What each word of a game refers to: the names the game declares (from
//! its parsed file), the names bound for a while (`some d:`, `choose x
//! from`, `each group g in`), the built-in names and functions and the
//! keywords. Names are global in a game and a bound name may not reuse
//! one, so a word refers to the declaration of that name, or else to the
//! nearest binding of it before it.

use std::collections::HashMap;

use crate::ast::{GameFile, Name};
use crate::diagnostic::{SourcePart, Span};
use crate::syntax::tokens::{Token, TokenKind, tokens};
use crate::syntax::{KEYWORDS, OTHER_WORDS};

/// What a declared name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclKind {
    Option,
    Player,
    Piece,
    Variable,
    Effect,
    Mark,
    Line,
    Counter,
    Ring,
    Track,
    Region,
    Define,
    Action,
}

impl DeclKind {
    /// The keyword that declares it, as hover shows it.
    pub fn word(self) -> &'static str {
        match self {
            DeclKind::Option => "option",
            DeclKind::Player => "player",
            DeclKind::Piece => "piece",
            DeclKind::Variable => "variable",
            DeclKind::Effect => "effect",
            DeclKind::Mark => "mark",
            DeclKind::Line => "kind of line",
            DeclKind::Counter => "kind of counter",
            DeclKind::Ring => "ring direction",
            DeclKind::Track => "track",
            DeclKind::Region => "region",
            DeclKind::Define => "definition",
            DeclKind::Action => "action",
        }
    }
}

/// One declared name.
#[derive(Clone, Debug)]
pub struct Decl {
    pub name: String,
    pub kind: DeclKind,
    /// The name where it is declared.
    pub span: Span,
}

/// What a word refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A declared name (an index in [`Index::decls`]).
    Decl(usize),
    /// A bound name: the token that binds it.
    Bound(usize),
    /// A built-in function or name.
    Builtin,
    /// A word of the grammar.
    Keyword,
}

/// A game's words and what they refer to, over the text that was parsed
/// (for a game based on another, the composed text: see `parts`).
pub struct Index {
    pub text: String,
    pub parts: Vec<SourcePart>,
    pub decls: Vec<Decl>,
    tokens: Vec<Token>,
    by_name: HashMap<String, usize>,
}

/// The words before a name that bind it.
const BINDERS: &[&str] = &["some", "every", "choose", "roll"];

impl Index {
    /// The index of a parsed text.
    pub fn new(text: String, parts: Vec<SourcePart>, file: &GameFile) -> Index {
        let decls = declarations(file);
        let mut by_name = HashMap::new();
        for (i, d) in decls.iter().enumerate() {
            by_name.entry(d.name.clone()).or_insert(i);
        }
        Index {
            tokens: tokens(&text),
            text,
            parts,
            decls,
            by_name,
        }
    }

    /// The text of a token.
    fn word(&self, t: usize) -> &str {
        let s = self.tokens[t].span;
        &self.text[s.start..s.end]
    }

    /// The word at byte `offset` (or just before it, where a cursor ends
    /// a word).
    pub fn word_at(&self, offset: usize) -> Option<usize> {
        let i = self.tokens.partition_point(|t| t.span.end < offset);
        (i..self.tokens.len().min(i + 2)).find(|&t| {
            let tok = self.tokens[t];
            tok.kind == TokenKind::Word && tok.span.start <= offset && offset <= tok.span.end
        })
    }

    /// The span of a token.
    pub fn span(&self, t: usize) -> Span {
        self.tokens[t].span
    }

    /// The declared name called `name`.
    pub fn decl(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// What the word `t` refers to, if anything.
    pub fn resolve(&self, t: usize) -> Option<Target> {
        let word = self.word(t);
        if let Some(d) = self.decl(word) {
            return Some(Target::Decl(d));
        }
        if self.binds(t) {
            return Some(Target::Bound(t));
        }
        if let Some(b) = (0..t)
            .rev()
            .find(|&b| self.binds(b) && self.word(b) == word)
        {
            return Some(Target::Bound(b));
        }
        if is_builtin(word) {
            return Some(Target::Builtin);
        }
        if KEYWORDS.contains(&word) || OTHER_WORDS.contains(&word) {
            return Some(Target::Keyword);
        }
        None
    }

    /// Whether the word `t` is bound here (`some d`, `each group g`).
    fn binds(&self, t: usize) -> bool {
        let word_before = |k: usize| {
            (k > 0 && self.tokens[k - 1].kind == TokenKind::Word).then(|| self.word(k - 1))
        };
        self.tokens[t].kind == TokenKind::Word
            && match word_before(t) {
                Some(w) if BINDERS.contains(&w) => true,
                Some("group") => word_before(t - 1) == Some("each"),
                _ => false,
            }
    }

    /// Every word that refers to `target`, the declaration or binding
    /// first.
    pub fn occurrences(&self, target: Target) -> Vec<Span> {
        let words = (0..self.tokens.len()).filter(|&t| self.tokens[t].kind == TokenKind::Word);
        match target {
            Target::Decl(d) => {
                let decl = &self.decls[d];
                let mut spans = vec![decl.span];
                spans.extend(
                    words
                        .filter(|&t| self.word(t) == decl.name && self.span(t) != decl.span)
                        .map(|t| self.span(t)),
                );
                spans
            }
            Target::Bound(b) => {
                let name = self.word(b);
                let mut spans = vec![self.span(b)];
                for t in words.filter(|&t| t > b) {
                    if self.word(t) == name {
                        if self.binds(t) {
                            break;
                        }
                        spans.push(self.span(t));
                    }
                }
                spans
            }
            Target::Builtin | Target::Keyword => Vec::new(),
        }
    }

    /// Where a span of the indexed text is: the file (as named in
    /// `parts`, or `None` for the document's own text) and the span in
    /// that file's text.
    pub fn locate(&self, span: Span) -> (Option<&str>, Span) {
        locate(&self.parts, span)
    }

    /// The lines that declare `d` (the first, and the indented lines
    /// after it, at most 8) and the comment lines just above them.
    pub fn declaration_text(&self, d: usize) -> (String, String) {
        let start = self.decls[d].span.start;
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        let mut lines = self.text[line_start..].split('\n');
        let mut code = vec![lines.next().unwrap_or("").trim_end()];
        for l in lines.take(7) {
            if l.trim().is_empty() || !l.starts_with([' ', '\t']) || l.trim_start().starts_with('#')
            {
                break;
            }
            code.push(l.trim_end());
        }
        let mut docs = Vec::new();
        for l in self.text[..line_start].lines().rev() {
            match l.trim_start().strip_prefix('#') {
                Some(c) => docs.push(c.strip_prefix(' ').unwrap_or(c).trim_end()),
                None => break,
            }
        }
        docs.reverse();
        (code.join("\n"), docs.join("\n"))
    }
}

/// [`Index::locate`] for a text that may not have parsed.
pub fn locate(parts: &[SourcePart], span: Span) -> (Option<&str>, Span) {
    match SourcePart::of(parts, span) {
        // The document's own part is the last.
        Some(p) if !std::ptr::eq(p, parts.last().expect("of found a part")) => (
            Some(p.file.as_str()),
            Span::new(span.start - p.start, span.end - p.start),
        ),
        Some(p) => (None, Span::new(span.start - p.start, span.end - p.start)),
        None => (None, span),
    }
}

/// Whether `word` is a built-in function or name.
pub fn is_builtin(word: &str) -> bool {
    crate::check::name_list().any(|n| n == word)
        || crate::check::function_names().any(|n| n == word)
}

/// Every name the file declares, in the file's order of kinds.
fn declarations(file: &GameFile) -> Vec<Decl> {
    let mut out = Vec::new();
    let mut add = |names: &mut dyn Iterator<Item = &Name>, kind: DeclKind| {
        out.extend(names.map(|n| Decl {
            name: n.text.clone(),
            kind,
            span: n.span,
        }));
    };
    add(&mut file.options.iter().map(|o| &o.name), DeclKind::Option);
    add(
        &mut file.players.iter().flat_map(|p| &p.names),
        DeclKind::Player,
    );
    add(&mut file.pieces.iter().map(|(n, _)| n), DeclKind::Piece);
    add(&mut file.variables.iter(), DeclKind::Variable);
    add(
        &mut file.variable_starts.iter().map(|(n, _)| n),
        DeclKind::Variable,
    );
    add(&mut file.effects.iter().map(|(n, _)| n), DeclKind::Effect);
    add(&mut file.marks.iter(), DeclKind::Mark);
    add(&mut file.lines.iter(), DeclKind::Line);
    add(&mut file.counters.iter(), DeclKind::Counter);
    add(
        &mut file.rings.iter().flat_map(|r| &r.names),
        DeclKind::Ring,
    );
    add(&mut file.tracks.iter().map(|t| &t.name), DeclKind::Track);
    add(&mut file.regions.iter().map(|r| &r.name), DeclKind::Region);
    add(&mut file.defines.iter().map(|(n, _)| n), DeclKind::Define);
    add(&mut file.actions.iter().map(|(n, _)| n), DeclKind::Action);
    add(
        &mut file.action_groups.iter().map(|(n, _)| n),
        DeclKind::Action,
    );
    out.sort_by_key(|d| d.span.start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(text: &str) -> Index {
        let file = crate::syntax::parse(text).expect("parses");
        Index::new(text.to_string(), Vec::new(), &file)
    }

    fn words_of(ix: &Index, target: Target) -> Vec<(usize, &str)> {
        ix.occurrences(target)
            .into_iter()
            .map(|s| (s.start, &ix.text[s.start..s.end]))
            .collect()
    }

    const GAME: &str = "\
players x, o
pieces stone
# Cells next to an own stone.
# (two lines of docs)
define near = own at some d: d
define far = empty where some d: (near at d)
turn: place stone at empty where not near
end if count(near) = 3: mover wins
";

    #[test]
    fn words_refer_to_declarations_and_bindings() {
        let ix = index(GAME);
        let at = |needle: &str, nth: usize| {
            let offset = GAME.match_indices(needle).nth(nth).expect("in the text").0;
            let skip = needle.len() - needle.trim_start_matches([':', ' ']).len();
            ix.word_at(offset + skip).expect("a word")
        };
        let near = ix.resolve(at("near", 2)).unwrap();
        assert_eq!(near, Target::Decl(ix.decl("near").unwrap()));
        let spans: Vec<usize> = words_of(&ix, near).iter().map(|w| w.0).collect();
        let all: Vec<usize> = GAME.match_indices("near").map(|m| m.0).collect();
        assert_eq!(spans, all);
        // Each `d` is the nearest binding before it.
        let first_binding = at("d: d", 0);
        let first_d = ix.resolve(at(": d\n", 0)).unwrap();
        assert_eq!(first_d, Target::Bound(first_binding));
        assert_eq!(words_of(&ix, first_d).len(), 2);
        let second = ix.resolve(at("d)", 0)).unwrap();
        assert_eq!(second, Target::Bound(at("d: (", 0)));
        assert_eq!(words_of(&ix, second).len(), 2);
        assert_eq!(ix.resolve(at("count", 0)), Some(Target::Builtin));
        assert_eq!(ix.resolve(at("where", 0)), Some(Target::Keyword));
        assert_eq!(ix.resolve(at("x,", 0)), Some(Target::Decl(0)));
        let (code, docs) = ix.declaration_text(ix.decl("near").unwrap());
        assert_eq!(code, "define near = own at some d: d");
        assert_eq!(docs, "Cells next to an own stone.\n(two lines of docs)");
        // A cursor just after a word is on it.
        let end = GAME.find("stone\n").unwrap() + 5;
        assert_eq!(ix.word_at(end), ix.word_at(end - 1));
    }
}
