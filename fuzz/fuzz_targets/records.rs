//! Any text as a game record and as a test-case file (`NAME.tests`):
//! reading may refuse it, never panic.
//!
//! As a record, it is parsed and, when it parses, replayed on each of a few
//! shipped games (whole, and stopped after a few plies). Its `game:` and
//! `source:` lines are set to the game's first, so that the replay goes
//! past them to the seats and the turns, which the fuzzer could otherwise
//! never reach (a hash is not found by mutation).
//!
//! As test cases, it is parsed and, when it parses, each case (the first
//! few) is run on tic-tac-toe as `gdl test` runs it: options, moves and
//! every expectation (perft counts stop at the first that differs).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

use gdl::engine::Game;
use gdl::record::{Record, source_hash};

/// The games records are replayed on: (file name, text, game).
fn games() -> &'static [(&'static str, &'static str, Game)] {
    static GAMES: OnceLock<Vec<(&'static str, &'static str, Game)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        [
            ("tictactoe.gdl", include_str!("../../games/tictactoe.gdl"), ""),
            ("hex.gdl", include_str!("../../games/hex.gdl"), "size=3"),
            ("ecalper.gdl", include_str!("../../games/ecalper.gdl"), "size=2"),
            ("draughts.gdl", include_str!("../../games/draughts.gdl"), ""),
        ]
        .into_iter()
        .map(|(name, text, options)| {
            let options: Vec<gdl::OptionChoice> = options
                .split_whitespace()
                .map(|o| o.parse().expect("an option"))
                .collect();
            let game = gdl::load_source(text, name, &options).expect("a shipped game loads");
            (name, text, game)
        })
        .collect()
    })
}

const TICTACTOE: &str = include_str!("../../games/tictactoe.gdl");

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = Record::parse(text) {
        for (_, source, game) in games() {
            let fitted = Record {
                game: game.rules.name.clone(),
                source_hash: source_hash(source),
                ..record.clone()
            };
            let _ = fitted.replay(game, source, None);
            let _ = fitted.replay(game, source, Some(3));
            let _ = record.replay(game, source, None);
        }
    }
    if let Ok(file) = gdl::verify::cases::parse(text) {
        for case in file.cases.iter().take(8) {
            let _ = gdl::verify::run_case_source(TICTACTOE, "tictactoe.gdl", case, "fuzz.tests");
        }
    }
});
