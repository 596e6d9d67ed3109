//! gdl: a declarative language for abstract board games, and its interpreter.
//!
//! Three stages, one module each: load ([`syntax`]: text to AST), compile
//! ([`check`]: AST to [`rules::Rules`]), run ([`engine`]: positions and
//! actions). [`run`] has perft, playouts and the benchmark; [`cli`] the
//! command line.

// Bitset code walks several word slices in step; index loops read best there.
#![allow(clippy::needless_range_loop)]
pub mod agent;
pub mod analysis;
pub mod ast;
pub mod board;
pub mod cellset;
pub mod check;
pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod groups;
pub mod limits;
pub mod mcts;
pub mod notation;
pub mod picture;
mod pool;
pub mod record;
pub mod report;
pub mod rules;
pub mod run;
pub mod show;
pub mod syntax;
pub mod verify;
