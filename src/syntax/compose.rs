//! Composition, before the parse: a file `based on` another game is that
//! game with this file's items put in. The composed text is the base's
//! text (itself composed), then this file's, each where the other files'
//! spans can find it ([`SourcePart`]), with the items that do not count
//! blanked out (spaces, the newlines kept): the base's items this file
//! replaces or `omit`s, and the `based on` and `omit` items themselves.
//! So every span of the composed text is a span of one file's own text,
//! shifted, and errors and explanations name that file and its line.
//!
//! Which base items this file's items replace:
//! - a named item (`option`, `define`, `region`, `effect`, `action`,
//!   `ring`, `track`) replaces the base's item of that name;
//! - `end if COND` replaces the base's end rule with the same condition
//!   (the same words), and so does `keep actions if COND`; a turn rule
//!   replaces the base's for the same turns (`turn:`, `turn 1:`, `turn if
//!   COND:` by its words);
//! - an item of any other kind (`game`, `board`, `players`, `setup`,
//!   `position text`, ...) replaces all the base's items of its
//!   kind, except the lists of names (`pieces`, `marks`, `variables`,
//!   `lines`, `counters`), which add up;
//! - `omit NAME, ...` leaves out the base's named items and names in
//!   lists, and `omit turn N` the base's rule for turn N.
//!
//! This file's items come after the base's: its piece kinds rank below
//! the base's, and its end rules are checked after the base's.

use std::collections::{BTreeMap, BTreeSet};

use pest::Parser;

use super::{GdlParser, P, Rule, hints::syntax_error, span};
use crate::diagnostic::{Diagnostic, Kind, SourcePart, Span};
use crate::limits::MAX_BASES;

/// A composed game's text, and where each file's text is in it.
#[derive(Clone, Debug)]
pub struct Composed {
    /// The text the parser reads.
    pub text: String,
    /// Each file's text in `text`: the bases', then the file's own.
    pub parts: Vec<SourcePart>,
}

/// Why a game could not be composed: a diagnostic in one file's text.
#[derive(Debug)]
pub struct Failure {
    /// The file at fault, as named.
    pub file: String,
    /// Its text.
    pub source: String,
    /// What is wrong there.
    pub diagnostic: Diagnostic,
}

/// Finds the text of the game a file is based on: from the reference as
/// written (`chess`, `"../chess.gdl"`) and the file that names it, its
/// file's name and text, or why not.
pub type FindBase<'a> = &'a dyn Fn(&str, &str) -> Result<(String, String), String>;

/// The composed text of `source` (read from `file`), or `None` when it is
/// based on no other game.
pub fn compose(source: &str, file: &str, find: FindBase) -> Result<Option<Composed>, Box<Failure>> {
    if !mentions_based(source) {
        return Ok(None);
    }
    compose_at(source, file, find, &mut vec![file.to_string()]).map(Some)
}

/// Whether some line starts with `based`: the only files worth parsing
/// twice.
fn mentions_based(source: &str) -> bool {
    source.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("based") && l[5..].starts_with(|c: char| c.is_whitespace())
    })
}

/// How an item meets the base's items (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    /// Replaces the base's item with this name.
    Named(String),
    /// Replaces all the base's items of this kind.
    Whole(Rule),
    /// Names that add up with the base's (each name and its span).
    List(Vec<(String, Span)>),
    /// Replaces the base's item with this kind and condition.
    Cond(Rule, String),
    Based,
    Omit(Vec<(String, Span)>),
}

fn key(item: &P) -> Key {
    let rule = item.as_rule();
    let names = || {
        item.clone()
            .into_inner()
            .filter(|p| p.as_rule() == Rule::name)
            .map(|p| (p.as_str().to_string(), span(&p)))
            .collect::<Vec<_>>()
    };
    let first_name = || {
        let inner = item.clone().into_inner();
        let mut named = inner.filter(|p| !matches!(p.as_rule(), Rule::track_kw | Rule::ring_kw));
        named
            .next()
            .map_or(String::new(), |p| p.as_str().to_string())
    };
    let words = |p: &P| -> String {
        let text: Vec<&str> = p
            .as_str()
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .collect();
        text.join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    match rule {
        Rule::option_item
        | Rule::define_item
        | Rule::region_item
        | Rule::effect_item
        | Rule::action_item
        | Rule::ring_item
        | Rule::track_item
        | Rule::circuit_item => Key::Named(first_name()),
        Rule::pieces_item
        | Rule::marks_item
        | Rule::variables_item
        | Rule::lines_item
        | Rule::counters_item => Key::List(names()),
        Rule::end_item | Rule::keep_item => {
            let cond = item.clone().into_inner().next().expect("a condition");
            Key::Cond(rule, words(&cond))
        }
        // `turn 0:` beside the base's `turn:`: a turn rule replaces the
        // base's for the same turns.
        Rule::turn_item => {
            let mut inner = item.clone().into_inner();
            let when = inner.find(|p| p.as_rule() == Rule::turn_when);
            Key::Cond(rule, when.map_or(String::new(), |w| words(&w)))
        }
        // `view:`, `view owners:` and `view hands:` replace the base's
        // item of the same part only.
        Rule::view_item => {
            let mut inner = item.clone().into_inner();
            let part = inner.find(|p| p.as_rule() == Rule::view_part);
            Key::Cond(rule, part.map_or(String::new(), |p| words(&p)))
        }
        Rule::based_item => Key::Based,
        // A turn rule by its words: `turn 0`.
        Rule::omit_item => Key::Omit(
            item.clone()
                .into_inner()
                .filter(|p| matches!(p.as_rule(), Rule::name | Rule::omit_turn))
                .map(|p| (words(&p), span(&p)))
                .collect(),
        ),
        // The captures' two forms are one kind.
        Rule::onto_item => Key::Whole(Rule::hand_item),
        _ => Key::Whole(rule),
    }
}

/// The items of a text, each with its key.
fn items<'s>(source: &'s str) -> Result<Vec<(P<'s>, Key)>, Diagnostic> {
    pest::set_error_detail(true);
    let mut pairs = GdlParser::parse(Rule::file, source).map_err(|e| syntax_error(source, e))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    Ok(file
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| {
            let k = key(&p);
            (p, k)
        })
        .collect())
}

/// Blanks `text[range]`: spaces, its newlines kept.
fn blank(text: &mut [u8], s: Span) {
    for b in &mut text[s.start..s.end] {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}

fn compose_at(
    source: &str,
    file: &str,
    find: FindBase,
    chain: &mut Vec<String>,
) -> Result<Composed, Box<Failure>> {
    let fail = |diagnostic: Diagnostic| {
        Box::new(Failure {
            file: file.to_string(),
            source: source.to_string(),
            diagnostic,
        })
    };
    let own = items(source).map_err(fail)?;
    let based: Vec<&P> = own
        .iter()
        .filter(|(_, k)| *k == Key::Based)
        .map(|(p, _)| p)
        .collect();
    let Some(first) = based.first() else {
        // `based` began a line, but not an item.
        return Ok(Composed {
            text: source.to_string(),
            parts: vec![SourcePart::new(file, 0, source.len())],
        });
    };
    if let Some(second) = based.get(1) {
        return Err(fail(Diagnostic::at(
            span(second),
            "a game is based on one other game: give one `based on`",
        )));
    }
    let reference = (*first).clone().into_inner().last().expect("a reference");
    let written = reference.as_str().trim_matches('"');
    let at = span(&reference);
    let (base_file, base_text) = find(written, file).map_err(|why| {
        fail(Diagnostic::at(
            at,
            format!("cannot read the base game `{written}`: {why}"),
        ))
    })?;
    if chain.contains(&base_file) {
        let msg = format!("`{base_file}` is based, through its bases, on this file itself");
        return Err(fail(Diagnostic::at(at, msg)));
    }
    if chain.len() > MAX_BASES {
        let msg = format!("a game may be based on games based on others, at most {MAX_BASES} deep");
        return Err(fail(Diagnostic::at(at, msg).with_kind(Kind::Limit)));
    }
    chain.push(base_file.clone());
    let base = compose_at(&base_text, &base_file, find, chain)?;
    chain.pop();
    let base_items = items(&base.text).map_err(|d| {
        // The base parsed alone; composed, its text is still its parts'.
        Box::new(Failure {
            file: base_file.clone(),
            source: base_text.clone(),
            diagnostic: d,
        })
    })?;

    // What this file's items replace.
    let mut named = BTreeSet::new();
    let mut whole = BTreeSet::new();
    let mut conds = BTreeSet::new();
    let mut omitted: BTreeMap<String, Span> = BTreeMap::new();
    let mut text = source.as_bytes().to_vec();
    for (p, k) in &own {
        match k {
            Key::Named(n) => {
                named.insert(n.clone());
            }
            Key::Whole(r) => {
                whole.insert(*r);
            }
            Key::Cond(r, c) => {
                conds.insert((*r, c.clone()));
            }
            Key::List(_) => {}
            Key::Based => blank(&mut text, span(p)),
            Key::Omit(names) => {
                blank(&mut text, span(p));
                for (n, s) in names {
                    omitted.insert(n.clone(), *s);
                }
            }
        }
    }
    let mut found = BTreeSet::new();
    let mut base_bytes = base.text.as_bytes().to_vec();
    for (p, k) in &base_items {
        let drop = match k {
            Key::Named(n) if omitted.contains_key(n) => {
                found.insert(n.clone());
                true
            }
            Key::Named(n) => named.contains(n),
            Key::Whole(r) => whole.contains(r),
            Key::Cond(Rule::turn_item, c) if omitted.contains_key(&format!("turn {c}")) => {
                found.insert(format!("turn {c}"));
                true
            }
            Key::Cond(r, c) => conds.contains(&(*r, c.clone())),
            Key::List(names) => {
                let gone: Vec<&(String, Span)> = names
                    .iter()
                    .filter(|(n, _)| omitted.contains_key(n))
                    .collect();
                gone.iter().for_each(|(n, _)| {
                    found.insert(n.clone());
                });
                if gone.len() == names.len() {
                    true
                } else {
                    omit_from_list(&mut base_bytes, names, &gone);
                    false
                }
            }
            Key::Based | Key::Omit(_) => false,
        };
        if drop {
            blank(&mut base_bytes, span(p));
        }
    }
    if let Some((n, s)) = omitted.iter().find(|(n, _)| !found.contains(*n)) {
        let msg = match n.strip_prefix("turn ") {
            Some(t) => format!("the base game `{written}` has no rule for turn {t}"),
            None => format!("`{n}` is not a name of the base game `{written}`"),
        };
        return Err(fail(Diagnostic::at(*s, msg)));
    }

    // The base first: a file's added kinds, marks and variables come after
    // the base's (the order ranks the kinds and names them in position
    // text), and its end rules after the base's.
    let mut out = String::from_utf8(base_bytes).expect("blanked on character boundaries");
    out.push('\n');
    let shift = out.len();
    out.push_str(&String::from_utf8(text).expect("blanked on character boundaries"));
    let mut parts = base.parts;
    parts.push(SourcePart::new(file, shift, source.len()));
    Ok(Composed { text: out, parts })
}

/// Blanks the names `gone` of a list item (`pieces a, b, c`), each with
/// the comma that joins it to the next name kept (or, for the last, to
/// the one before).
fn omit_from_list(text: &mut [u8], names: &[(String, Span)], gone: &[&(String, Span)]) {
    let kept: Vec<usize> = (0..names.len())
        .filter(|&i| !gone.iter().any(|g| g.0 == names[i].0))
        .collect();
    for (i, (n, s)) in names.iter().enumerate() {
        if !gone.iter().any(|g| g.0 == *n) {
            continue;
        }
        // Up to the next name, or from the previous kept one.
        let to = match names.get(i + 1) {
            Some((_, next)) => Span::new(s.start, next.start),
            None => {
                let prev = kept.iter().rev().find(|&&k| k < i).map(|&k| names[k].1.end);
                Span::new(prev.unwrap_or(s.start), s.end)
            }
        };
        blank(text, to);
    }
}
