//! Any bytes as one connection to the playground (`gdl serve`), through its
//! whole HTTP stack (hyper) and API, in process: answering may refuse them,
//! never panic, never answer 500, and every answer starts with a status
//! line.
//!
//! The server serves a copy of tic-tac-toe in a temporary folder (a save
//! may change it: the copy is made again when it no longer loads). Inputs
//! that do not name the server's host are refused early, so seeds should
//! carry `Host: localhost:8040` and name `games/tictactoe.gdl`, as those of
//! `tests/suite/serve/mutated.rs` do.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

use gdl::LocalServer;

const TICTACTOE: &str = include_str!("../../games/tictactoe.gdl");

fn server() -> &'static (PathBuf, LocalServer) {
    static SERVER: OnceLock<(PathBuf, LocalServer)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("gdl-fuzz-http-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("games")).expect("a folder");
        std::fs::write(dir.join("games/tictactoe.gdl"), TICTACTOE).expect("a game file");
        // Served as `games`, the name the seeds use: the fuzzer runs on
        // one thread, so the folder may be the current one.
        std::env::set_current_dir(&dir).expect("the folder");
        let server = LocalServer::new(&[PathBuf::from("games")]).expect("a server");
        (dir, server)
    })
}

fuzz_target!(|data: &[u8]| {
    let (dir, server) = server();
    let answer = server.exchange(data);
    if !answer.is_empty() {
        assert!(answer.starts_with(b"HTTP/1.1 "), "{:?}", String::from_utf8_lossy(&answer));
        assert!(!answer.starts_with(b"HTTP/1.1 500"), "{:?}", String::from_utf8_lossy(&answer));
    }
    // Keep the served game whole for the next input.
    let _ = std::fs::write(dir.join("games/tictactoe.gdl"), TICTACTOE);
});
