//! The integration tests, as one crate so they compile and link once.
//! Each module tests one part through the library or the `gdl` binary.

#[allow(dead_code)]
mod common;

mod analyze;
mod architecture;
mod cli;
mod compose;
mod designer;
mod docs;
mod editor;
mod errors;
mod explain;
mod fuzz;
mod games;
mod gtp;
mod hostile;
mod mancala;
mod matches;
mod mcts;
mod perft;
mod picture;
mod positions;
mod records;
mod rules;
mod serve;
mod shortcuts;
mod sight;
mod solve;
mod uci;
