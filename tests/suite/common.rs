//! Helpers shared by the integration tests that run the `gdl` binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of `gdl` produced.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit code {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs `gdl ARGS` in the crate's directory with `input` on stdin.
pub fn gdl_with_input(args: &[&str], input: &str) -> Run {
    gdl_with_bytes(args, input.as_bytes())
}

/// Runs `gdl ARGS` with `input` bytes on stdin (which need not be UTF-8).
pub fn gdl_with_bytes(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gdl"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gdl binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The program may exit before reading everything: ignore a broken pipe.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("gdl finishes");
    Run {
        code: out
            .status
            .code()
            .expect("gdl exits normally, not by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `gdl ARGS` with nothing on stdin.
pub fn gdl(args: &[&str]) -> Run {
    gdl_with_input(args, "")
}

/// Loads a shipped game with `NAME=VALUE` options, or panics with the message.
pub fn game(file: &str, options: &[&str]) -> gdl::engine::Game {
    let choices: Vec<gdl::OptionChoice> =
        options.iter().map(|o| o.parse().expect("option")).collect();
    gdl::load(std::path::Path::new(file), &choices).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The position after a space-separated list of actions from the start.
pub fn after(g: &gdl::engine::Game, moves: &str) -> gdl::engine::State {
    let mut st = g.start();
    gdl::notation::play_moves(g, &mut st, moves).unwrap_or_else(|e| panic!("{moves}: {e}"));
    st
}

/// Every game file shipped in `games/`, as `games/NAME.gdl`, sorted.
pub fn shipped_games() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("the games folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".gdl"))
        .map(|n| format!("games/{n}"))
        .collect();
    files.sort();
    files
}
