//! Any text as a position's text (`--position`, a test's `from:`) on the
//! shipped games that declare one, and on one that writes the default
//! board and mover: reading may refuse it, never panic. A text that reads
//! round-trips exactly: the position it gives is written as a text that
//! reads back as the same position (pieces, marks, variables, hands,
//! mover, turn and result) and is written again the same.
//!
//! The first byte picks the game, the rest is the text.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

use gdl::engine::{Game, State};
use gdl::notation::{read_position, write_position};

fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        [
            ("chess.gdl", include_str!("../../games/chess.gdl")),
            ("shogi.gdl", include_str!("../../games/shogi.gdl")),
            ("xiangqi.gdl", include_str!("../../games/xiangqi.gdl")),
            ("arimaa.gdl", include_str!("../../games/arimaa.gdl")),
            ("gess.gdl", include_str!("../../games/gess.gdl")),
            (
                "breakthrough.gdl",
                include_str!("../../games/breakthrough.gdl"),
            ),
        ]
        .into_iter()
        .map(|(name, text)| gdl::load_source(text, name, &[]).expect("a shipped game loads"))
        .collect()
    })
}

/// What a position is, for comparing two readings.
fn position(st: &State) -> (u64, Option<gdl::engine::GameResult>, u32) {
    (st.hash(), st.result(), st.turn)
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let games = games();
    let game = &games[pick as usize % games.len()];
    let Ok(read) = read_position(game, text) else {
        return;
    };
    let first = game.start_at(&read);
    let written = write_position(game, &first);
    let again = read_position(game, &written)
        .unwrap_or_else(|e| panic!("{text:?} was written as {written:?}, which is refused: {e}"));
    let again = game.start_at(&again);
    assert_eq!(
        position(&again),
        position(&first),
        "{text:?} was written as {written:?}, which reads as another position"
    );
    assert_eq!(
        write_position(game, &again),
        written,
        "{text:?}: written again otherwise"
    );
});
