//! The `gdl` command line: its arguments (`args`), the interactive game
//! (`play`, on the agents of [`crate::agent`]) and one function per
//! subcommand; exit codes are decided in one place ([`Failure::code`]).

use std::io::{BufRead, Write};
use std::path::Path;

use crate::check::OptionChoice;
use crate::engine::{Game, State, TurnTooLong, take_turn_too_long};
use crate::explain;
use crate::{LoadError, LoadErrorKind};

mod analyze;
mod args;
mod commands;
mod editor;
mod gtp;
mod json;
mod matches;
mod play;
mod records;
mod serve;
mod solve;
mod uci;

pub use args::*;

/// Why a command failed; each kind has its exit code.
#[derive(Debug)]
pub enum Failure {
    /// The game file has errors (already rendered).
    GameFile(String),
    /// Bad input on the command line or at the prompt: options, moves, agents.
    Input(String),
    /// A file could not be read or output not written.
    Io(String),
    /// Checks of `gdl test` failed (each said on standard output).
    Checks(String),
    /// Whoever read the output has closed it (`gdl ... | head -1`): the
    /// conventional quiet exit, with status 0 and no message.
    Closed,
}

impl Failure {
    /// Exit codes: 1 for a bad game file, 2 for bad input (as for usage
    /// errors), 3 for I/O problems, 0 when the output was closed early.
    pub fn code(&self) -> i32 {
        match self {
            Failure::GameFile(_) | Failure::Checks(_) => 1,
            Failure::Input(_) => 2,
            Failure::Io(_) => 3,
            Failure::Closed => 0,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Failure::GameFile(m) | Failure::Input(m) | Failure::Io(m) | Failure::Checks(m) => m,
            Failure::Closed => "",
        }
    }
}

/// The failure for an error writing the output (or reading the input).
pub(crate) fn io(e: std::io::Error) -> Failure {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe => Failure::Closed,
        _ => Failure::Io(format!("error: {e}\n")),
    }
}

/// The failure for a record or shard that could not be read
/// ([`crate::files::read_text`]): too large or not text is bad input, the
/// rest (missing, a folder, no permission) an I/O problem.
pub(crate) fn unreadable(path: &Path, e: &std::io::Error) -> Failure {
    let message = format!("error: {}\n", crate::files::cannot_read(path, e));
    match e.kind() {
        std::io::ErrorKind::InvalidData => Failure::Input(message),
        _ => Failure::Io(message),
    }
}

/// The failure for a game that did not load: a file that cannot be read
/// is an I/O problem, bad option choices bad input, the rest a bad file.
impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Failure {
        let text = e.render();
        match e.kind() {
            LoadErrorKind::Read => Failure::Io(text),
            LoadErrorKind::Syntax | LoadErrorKind::Check => Failure::GameFile(text),
            LoadErrorKind::Options => Failure::Input(text),
        }
    }
}

/// Loads a game file ([`crate::load`]) for a command.
pub(crate) fn load(path: &Path, options: &[OptionChoice]) -> Result<Game, Failure> {
    Ok(crate::load(path, options)?)
}

/// [`load`] with only the shortcuts a command's `--plain` or `--without`
/// leave on.
pub(crate) fn load_with(
    path: &Path,
    options: &[OptionChoice],
    shortcuts: &args::ShortcutArgs,
) -> Result<Game, Failure> {
    Ok(crate::load_with(path, options, shortcuts.shortcuts())?)
}

/// The position to start from: the game's first, or the one `--position`
/// gives.
pub(crate) fn start_from(game: &Game, position: Option<&str>) -> Result<State, Failure> {
    match position {
        None => Ok(game.start()),
        Some(text) => crate::notation::read_position(game, text)
            .map(|p| game.start_at(&p))
            .map_err(|e| Failure::Input(format!("error: in --position, {e}\n"))),
    }
}

pub(crate) fn start_after(
    game: &Game,
    position: Option<&str>,
    moves: &str,
) -> Result<State, Failure> {
    let mut st = start_from(game, position)?;
    explain::play_moves(game, &mut st, moves)
        .map_err(|e| Failure::Input(format!("error: in --moves, {e}\n")))?;
    Ok(st)
}

/// The failure for a game whose `keep turns with` gave up: its turns are
/// too long to judge, so what was played or listed is void.
pub(crate) fn too_long(cut: TurnTooLong) -> Failure {
    Failure::GameFile(format!("error: {cut}\n"))
}

/// Runs a parsed command line. Returns the exit code.
pub fn run(cli: Cli, input: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    // A `keep turns with` search that gives up is noted on the thread that
    // ran it (and passed on by the pools of `match` and `analyze`): any
    // command that met one fails, whatever it printed before.
    take_turn_too_long();
    let result = match cli.command {
        Command::Check(a) => commands::check_files(&a, out),
        Command::Show(a) => commands::show_cmd(&a, out),
        Command::Moves(a) => commands::moves_cmd(&a, out),
        Command::Info(a) => commands::info_cmd(&a, out),
        Command::Play(a) => play::play_cmd(&a, input, out),
        Command::Playout(a) => commands::playout_cmd(&a, out),
        Command::Perft(a) => commands::perft_cmd(&a, out),
        Command::Bench(a) => commands::bench_cmd(&a, out),
        Command::Solve(a) => solve::solve_cmd(&a, out),
        Command::Match(a) => matches::match_cmd(&a, out),
        Command::Analyze(a) => analyze::analyze_cmd(&a, out),
        Command::Merge(a) => analyze::merge_cmd(&a, out),
        Command::Test(a) => records::test_cmd(&a, out),
        Command::Replay(a) => records::replay_cmd(&a, out),
        Command::Explain(a) => commands::explain_cmd(&a, out),
        Command::Serve(a) => serve::serve_cmd(&a, out),
        Command::Uci(a) => uci::uci_cmd(&a, input),
        Command::Usi(a) => uci::usi_cmd(&a, input),
        Command::Gtp(a) => gtp::gtp_cmd(&a, input, out),
        Command::Lsp(_) => editor::lsp_cmd(),
        Command::Fmt(a) => editor::fmt_cmd(&a, out),
    };
    let result = match take_turn_too_long() {
        Some(cut) => Err(too_long(cut)),
        None => result,
    };
    match result {
        Ok(()) => 0,
        Err(f) => {
            let _ = err.write_all(f.message().as_bytes());
            f.code()
        }
    }
}
