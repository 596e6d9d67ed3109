//! The library's entry point: a game file (or its text) and option choices
//! to a playable [`Game`], through the stages read, parse ([`crate::syntax`])
//! and check ([`crate::check`]). Each stage fails with its own error type,
//! gathered in [`LoadError`]; every one carries [`Diagnostic`]s (with spans
//! where the file is at fault), so callers can tell failures apart without
//! reading their text, and renders the text `gdl` prints.

use std::fmt;
use std::path::Path;

use crate::check::{self, OptionChoice};
use crate::diagnostic::{Diagnostic, Kind, SourcePart};
use crate::engine::{Game, Shortcuts};
use crate::{report, syntax};

/// Which stage refused a game: see the variants of [`LoadError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoadErrorKind {
    /// The file could not be read, is not UTF-8 or is larger than
    /// [`crate::limits::MAX_INPUT_BYTES`].
    Read,
    /// The text does not follow the grammar.
    Syntax,
    /// The game has mistakes in its rules (names, types, limits).
    Check,
    /// The caller's option choices do not fit the game's options.
    Options,
}

/// Why a game could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Read(ReadError),
    /// The text does not follow the grammar.
    Syntax(SyntaxError),
    /// The rules have mistakes.
    Check(CheckError),
    /// The option choices do not fit the game.
    Options(OptionsError),
}

/// The file could not be read (stage 0).
#[derive(Debug)]
pub struct ReadError {
    /// The file's name as given.
    pub file: String,
    /// What the operating system (or the size cap) said.
    pub error: std::io::Error,
    /// One diagnostic, for the file as a whole.
    pub diagnostics: Vec<Diagnostic>,
}

/// The text is not valid gdl (stage 1): parsing stops at the first error.
#[derive(Debug)]
pub struct SyntaxError {
    /// The file's name, as given for messages.
    pub file: String,
    /// The file's text, which the diagnostic's span points into (for a
    /// game based on another, the composed text: see `parts`).
    pub source: String,
    /// One diagnostic, at the error's position.
    pub diagnostics: Vec<Diagnostic>,
    /// For a game based on another: where each file's text is in
    /// `source` (empty otherwise).
    pub parts: Vec<SourcePart>,
}

/// The rules have mistakes (stage 2): every one found.
#[derive(Debug)]
pub struct CheckError {
    /// The file's name, as given for messages.
    pub file: String,
    /// The file's text, which the diagnostics' spans point into (for a
    /// game based on another, the composed text: see `parts`).
    pub source: String,
    /// Every mistake found, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// For a game based on another: where each file's text is in
    /// `source` (empty otherwise).
    pub parts: Vec<SourcePart>,
}

/// The option choices do not fit the game: every one refused, of kind
/// [`Kind::Option`], without spans (they come from the caller, not the file).
#[derive(Debug)]
pub struct OptionsError {
    /// The file's name, as given for messages.
    pub file: String,
    /// One for each choice refused.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    /// The stage that refused the game.
    pub fn kind(&self) -> LoadErrorKind {
        match self {
            LoadError::Read(_) => LoadErrorKind::Read,
            LoadError::Syntax(_) => LoadErrorKind::Syntax,
            LoadError::Check(_) => LoadErrorKind::Check,
            LoadError::Options(_) => LoadErrorKind::Options,
        }
    }

    /// What is wrong, with spans into the file's text where it applies.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            LoadError::Read(e) => &e.diagnostics,
            LoadError::Syntax(e) => &e.diagnostics,
            LoadError::Check(e) => &e.diagnostics,
            LoadError::Options(e) => &e.diagnostics,
        }
    }

    /// The text `gdl` prints for this error, one or more lines each ending
    /// in a newline: with the file's lines and carets for syntax and check
    /// errors.
    pub fn render(&self) -> String {
        match self {
            LoadError::Read(e) => e.render(),
            LoadError::Syntax(e) => e.render(),
            LoadError::Check(e) => e.render(),
            LoadError::Options(e) => e.render(),
        }
    }
}

impl ReadError {
    /// The text `gdl` prints for it: one line.
    pub fn render(&self) -> String {
        format!("error: cannot read {}: {}\n", self.file, self.error)
    }
}

impl SyntaxError {
    /// The text `gdl` prints for it: the error with the file's line and a
    /// caret.
    pub fn render(&self) -> String {
        report::render_all(&self.file, &self.source, &self.parts, &self.diagnostics)
    }
}

impl CheckError {
    /// The text `gdl` prints for it: each error with the file's line and
    /// a caret.
    pub fn render(&self) -> String {
        report::render_all(&self.file, &self.source, &self.parts, &self.diagnostics)
    }
}

impl OptionsError {
    /// The text `gdl` prints for it: one line for each choice refused.
    pub fn render(&self) -> String {
        let lines: Vec<String> = self
            .diagnostics
            .iter()
            .map(|d| format!("error: {}: {d}\n", self.file))
            .collect();
        lines.concat()
    }
}

// Each stage's error prints as `gdl` prints it, without the last newline.
macro_rules! display_as_rendered {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.render().trim_end())
            }
        }

        impl std::error::Error for $t {}
    )*};
}
display_as_rendered!(ReadError, SyntaxError, CheckError, OptionsError);

impl LoadError {
    /// The same as [`LoadError::render`] (the name callers of the old
    /// `gdl::cli::load` used).
    pub fn message(&self) -> String {
        self.render()
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.render().trim_end())
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Read(e) => Some(&e.error),
            LoadError::Syntax(_) | LoadError::Check(_) | LoadError::Options(_) => None,
        }
    }
}

/// Reads a game file's text, as [`load`] does (at most
/// [`crate::limits::MAX_INPUT_BYTES`], UTF-8).
pub fn read(path: &Path) -> Result<String, LoadError> {
    syntax::read_source(path).map_err(|error| {
        let diagnostics = vec![Diagnostic::whole(error.to_string())];
        LoadError::Read(ReadError {
            file: path.display().to_string(),
            error,
            diagnostics,
        })
    })
}

/// Loads the game file at `path` with option values `options` (each option
/// at most once; the others keep their defaults).
///
/// ```
/// let game = gdl::load("games/tictactoe.gdl".as_ref(), &[]).map_err(|e| e.render())?;
/// let counts = gdl::perft(&game, &game.start(), 3, false);
/// assert_eq!(counts[2].nodes, 9 * 8 * 7);
///
/// let size: gdl::OptionChoice = "size=5".parse()?;
/// let hex = gdl::load("games/hex.gdl".as_ref(), &[size]).map_err(|e| e.render())?;
/// assert_eq!(gdl::perft(&hex, &hex.start(), 1, false)[0].nodes, 25);
/// # Ok::<(), String>(())
/// ```
pub fn load(path: &Path, options: &[OptionChoice]) -> Result<Game, LoadError> {
    load_with(path, options, Shortcuts::all())
}

/// [`load`] with only the engine's shortcuts `shortcuts` (see
/// [`Shortcuts`]): the same game, played by the plain path where a
/// shortcut is off.
pub fn load_with(
    path: &Path,
    options: &[OptionChoice],
    shortcuts: Shortcuts,
) -> Result<Game, LoadError> {
    let source = read(path)?;
    load_source_with(&source, &path.display().to_string(), options, shortcuts)
}

/// Loads a game from its text; `file` names it in messages, and its stem
/// names a game that has no `game` line.
pub fn load_source(source: &str, file: &str, options: &[OptionChoice]) -> Result<Game, LoadError> {
    load_source_with(source, file, options, Shortcuts::all())
}

/// [`load_source`] with only the engine's shortcuts `shortcuts`.
pub fn load_source_with(
    source: &str,
    file: &str,
    options: &[OptionChoice],
    shortcuts: Shortcuts,
) -> Result<Game, LoadError> {
    load_source_finding(source, file, options, shortcuts, &base_beside)
}

/// Finds the game a file is `based on` beside it: `based on chess` is
/// `chess.gdl` in the file's folder, `based on "variants/x.gdl"` that
/// path from the file's folder.
pub fn base_beside(reference: &str, from: &str) -> Result<(String, String), String> {
    let path = base_path(reference, from);
    let text = syntax::read_source(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path.display().to_string(), text))
}

/// The path `based on REFERENCE` names from the file `from`: `chess` is
/// `chess.gdl` in `from`'s folder, `"variants/x.gdl"` that path from it.
pub fn base_path(reference: &str, from: &str) -> std::path::PathBuf {
    let dir = Path::new(from).parent().unwrap_or(Path::new(""));
    match reference.ends_with(".gdl") {
        true => dir.join(reference),
        false => dir.join(format!("{reference}.gdl")),
    }
}

/// [`load_source_with`], the game a file is `based on` found by `find`
/// (from the reference as written and the file naming it: the base's
/// file name and text): the Python package finds the shipped games so.
pub fn load_source_finding(
    source: &str,
    file: &str,
    options: &[OptionChoice],
    shortcuts: Shortcuts,
    find: syntax::FindBase,
) -> Result<Game, LoadError> {
    let composed = syntax::compose(source, file, find).map_err(|f| {
        LoadError::Syntax(SyntaxError {
            file: f.file,
            source: f.source,
            diagnostics: vec![f.diagnostic],
            parts: Vec::new(),
        })
    })?;
    let (source, parts) = match &composed {
        Some(c) => (c.text.as_str(), c.parts.clone()),
        None => (source, Vec::new()),
    };
    let parsed = syntax::parse(source).map_err(|d| {
        LoadError::Syntax(SyntaxError {
            file: file.to_string(),
            source: source.to_string(),
            diagnostics: vec![d],
            parts: parts.clone(),
        })
    })?;
    let mut rules = check::compile_file(&parsed, file, source, options).map_err(|diagnostics| {
        // Option errors come from the caller, not the file.
        if diagnostics.iter().all(|d| d.kind == Kind::Option) {
            LoadError::Options(OptionsError {
                file: file.to_string(),
                diagnostics,
            })
        } else {
            LoadError::Check(CheckError {
                file: file.to_string(),
                source: source.to_string(),
                diagnostics,
                parts: parts.clone(),
            })
        }
    })?;
    rules.sources.parts = parts;
    Ok(Game::prepare(rules, shortcuts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stage_has_its_kind() {
        let e = load(Path::new("games/no-such-game.gdl"), &[]).unwrap_err();
        assert_eq!(e.kind(), LoadErrorKind::Read);
        assert!(
            e.render()
                .starts_with("error: cannot read games/no-such-game.gdl: ")
        );

        let e = load_source("game x\nboard (", "x.gdl", &[]).unwrap_err();
        assert_eq!(e.kind(), LoadErrorKind::Syntax);
        assert!(e.diagnostics()[0].span.is_some());

        let text = std::fs::read_to_string("games/hex.gdl").unwrap();
        let size: OptionChoice = "size=0".parse().unwrap();
        let e = load_source(&text, "hex.gdl", &[size]).unwrap_err();
        assert_eq!(e.kind(), LoadErrorKind::Options);
        assert_eq!(e.diagnostics()[0].kind, Kind::Option);
        assert!(
            e.render().starts_with("error: hex.gdl: bad value `0`"),
            "{e}"
        );

        let text =
            "game x\nboard square(3)\nplayers a, b\npieces stone\nturn: place ston at empty\n";
        let e = load_source(text, "x.gdl", &[]).unwrap_err();
        assert_eq!(e.kind(), LoadErrorKind::Check);
        assert!(e.diagnostics().iter().all(|d| d.span.is_some()));
    }
}
