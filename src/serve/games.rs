//! Games for requests: a served file (or the text being edited in the
//! page) with option choices, loaded as the command line loads it, and
//! kept in a small cache so that the requests of one game do not check
//! its file again each time. Load errors become answers with the same
//! text `gdl check` prints and each diagnostic's line and column.

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use super::http::ApiError;
use super::paths::Served;
use crate::check::OptionChoice;
use crate::diagnostic::Diagnostic;
use crate::engine::Game;
use crate::files::{self, Input};
use crate::{LoadError, LoadErrorKind, limits};

/// Games kept loaded, the most recently used last.
const CACHED_GAMES: usize = 16;

/// A game ready for a request.
#[derive(Clone)]
pub struct Loaded {
    /// The name it is served under (`games/hex.gdl`).
    pub name: String,
    /// The text it was loaded from (the file's, or the page's edit).
    pub source: Arc<str>,
    /// The game.
    pub game: Arc<Game>,
}

/// Which game: file, text and options (the whole text, not a hash, so
/// that two texts can never be taken for one another).
type Key = (String, Arc<str>, Vec<String>);

/// The loaded games, shared by the server's threads.
#[derive(Default)]
pub struct Cache {
    games: Mutex<Vec<(Key, Arc<Game>)>>,
}

impl Cache {
    /// The game a request names: `game` (a served name), `options`
    /// (`["size=9"]`) and, when the page edits the rules, `source`.
    pub fn load(&self, served: &Served, request: &Value) -> Result<Loaded, ApiError> {
        let name = text_field(request, "game")?;
        let listed = served.resolve(name).map_err(|m| ApiError::new(403, m))?;
        let options = option_choices(request)?;
        let source: Arc<str> = match request.get("source") {
            None | Some(Value::Null) => read_game(&listed.name, &listed.path)?.into(),
            Some(Value::String(s)) if s.len() as u64 > limits::MAX_INPUT_BYTES => {
                return Err(text_too_large());
            }
            Some(Value::String(s)) => s.as_str().into(),
            Some(_) => return Err(ApiError::bad("`source` must be the game's text")),
        };
        let key: Key = (
            listed.name.clone(),
            source.clone(),
            options
                .iter()
                .map(|o| format!("{}={}", o.name, o.value))
                .collect(),
        );
        let cached = {
            let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
            let found = games.iter().position(|(k, _)| *k == key);
            found.map(|i| {
                let entry = games.remove(i);
                let game = entry.1.clone();
                games.push(entry);
                game
            })
        };
        let game = match cached {
            Some(g) => g,
            None => {
                // A base only among the files served, never elsewhere.
                let find = |reference: &str, from: &str| {
                    let wanted = crate::load::base_path(reference, from);
                    let base = served.resolve(&wanted.display().to_string())?;
                    let text = read_game(&base.name, &base.path).map_err(|e| e.message)?;
                    Ok((base.name, text))
                };
                let shortcuts = crate::engine::Shortcuts::all();
                let game =
                    crate::load_source_finding(&source, &listed.name, &options, shortcuts, &find)
                        .map_err(|e| load_error(&e, &source))?;
                let game = Arc::new(game);
                let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
                if games.len() >= CACHED_GAMES {
                    games.remove(0);
                }
                games.push((key, game.clone()));
                game
            }
        };
        Ok(Loaded {
            name: listed.name,
            source,
            game,
        })
    }
}

/// 413: a game's text larger than a game file may be.
pub fn text_too_large() -> ApiError {
    ApiError::new(
        413,
        format!(
            "the game's text is larger than {}, the most a game file may be",
            files::size_text(limits::MAX_INPUT_BYTES)
        ),
    )
}

/// The hash of a game's text, as the API writes it (`hash` of `game`,
/// `source` and `save`; a save's `base`).
pub fn text_hash(text: &str) -> String {
    format!("{:016x}", crate::record::source_hash(text))
}

/// A served file's text, read as `gdl` reads game files (capped, UTF-8);
/// messages name it as served.
pub fn read_game(name: &str, path: &std::path::Path) -> Result<String, ApiError> {
    files::read_text(path, Input::Game).map_err(|e| {
        ApiError::new(
            422,
            format!(
                "error: {}\n",
                files::cannot_read(std::path::Path::new(name), &e)
            ),
        )
        .with(json!({ "kind": "read", "diagnostics": [] }))
    })
}

/// The string field `key` of a request.
pub fn text_field<'a>(request: &'a Value, key: &str) -> Result<&'a str, ApiError> {
    match request.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(ApiError::bad(format!("`{key}` must be a string"))),
        None => Err(ApiError::bad(format!("the request has no `{key}`"))),
    }
}

/// The list of strings `key` of a request (empty when absent).
pub fn text_list(request: &Value, key: &str, most: usize) -> Result<Vec<String>, ApiError> {
    let bad = || ApiError::bad(format!("`{key}` must be a list of strings"));
    match request.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) if items.len() > most => Err(ApiError::new(
            413,
            format!("`{key}` has {} items; the most is {most}", items.len()),
        )),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| i.as_str().map(str::to_string).ok_or_else(bad))
            .collect(),
        Some(_) => Err(bad()),
    }
}

/// The option choices of a request, `["size=9", "swap=off"]`, read as
/// `-o` reads them.
fn option_choices(request: &Value) -> Result<Vec<OptionChoice>, ApiError> {
    text_list(request, "options", 1000)?
        .iter()
        .map(|o| {
            o.parse::<OptionChoice>()
                .map_err(|e| ApiError::bad(format!("error: in options, {e}\n")))
        })
        .collect()
}

/// The answer for a game that did not load: the text `gdl check` prints
/// and each diagnostic with its place. Bad option choices are the
/// request's fault (400, as `-o` is bad input on the command line); the
/// rest is the file's (422).
fn load_error(e: &LoadError, source: &str) -> ApiError {
    let (status, kind) = match e.kind() {
        LoadErrorKind::Options => (400, "options"),
        LoadErrorKind::Read => (422, "read"),
        LoadErrorKind::Syntax => (422, "syntax"),
        LoadErrorKind::Check => (422, "check"),
    };
    let mut sorted: Vec<&Diagnostic> = e.diagnostics().iter().collect();
    sorted.sort_by_key(|d| d.span.map_or(0, |s| s.start));
    let parts = match e {
        LoadError::Syntax(x) => x.parts.as_slice(),
        LoadError::Check(x) => x.parts.as_slice(),
        LoadError::Read(_) | LoadError::Options(_) => &[],
    };
    let diagnostics: Vec<Value> = sorted
        .iter()
        .map(|d| match (d.span, parts.last()) {
            // A game based on another: the page's text is the last part; a
            // diagnostic in a base names its file, without a place.
            (Some(s), Some(own)) if s.start < own.start => {
                let base = crate::diagnostic::SourcePart::of(parts, s).map(|p| p.file.clone());
                let mut v = diagnostic(
                    &Diagnostic {
                        span: None,
                        ..(*d).clone()
                    },
                    source,
                );
                v["file"] = json!(base);
                v
            }
            (Some(s), Some(own)) => {
                let shift = |x: usize| x.saturating_sub(own.start);
                let span = crate::diagnostic::Span::new(shift(s.start), shift(s.end));
                diagnostic(
                    &Diagnostic {
                        span: Some(span),
                        ..(*d).clone()
                    },
                    source,
                )
            }
            _ => diagnostic(d, source),
        })
        .collect();
    ApiError::new(status, e.render()).with(json!({ "kind": kind, "diagnostics": diagnostics }))
}

/// One diagnostic: its message and help, and its place as line and column
/// (from 1, columns in characters) when it has one.
fn diagnostic(d: &Diagnostic, source: &str) -> Value {
    let place = d.span.map(|s| {
        let (line, col) = crate::report::line_col(source, s.start);
        let (end_line, end_col) = crate::report::line_col(source, s.end);
        json!({ "line": line, "col": col, "end_line": end_line, "end_col": end_col })
    });
    let mut v = json!({ "message": d.message, "help": d.help });
    if let (Value::Object(o), Some(Value::Object(p))) = (&mut v, place) {
        o.extend(p);
    }
    v
}
