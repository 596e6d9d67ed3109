//! gdl: a declarative language for abstract board games, and its interpreter.
//!
//! Five stages (ARCHITECTURE.md has the map): read (a file to text, capped),
//! parse (text to a syntax tree), check (the tree to [`Rules`]), prepare
//! and play ([`engine`]: a [`Game`], positions and actions).
//! [`load()`] runs read to prepare on a file. Tools sit on top: [`run`]
//! (perft, playouts, the benchmark), [`notation`], [`verify`] (`gdl test`),
//! [`explain`], [`mcts`] and [`agent`], [`analysis`]; and the command line
//! of the `gdl` binary.
//!
//! ```
//! let game = gdl::load("games/tictactoe.gdl".as_ref(), &[]).map_err(|e| e.render())?;
//! let mut st = game.start();
//! gdl::notation::play_moves(&game, &mut st, "b2 a1").map_err(|e| e.to_string())?;
//! let mut legal = Vec::new();
//! game.legal_actions(&st, &mut legal);
//! assert_eq!(legal.len(), 7);
//! # Ok::<(), String>(())
//! ```

// Bitset code walks several word slices in step; index loops read best there.
#![allow(clippy::needless_range_loop)]
#![warn(missing_docs)]
pub mod action_space;
pub mod agent;
pub mod analysis;
mod ast;
pub mod board;
pub mod cancel;
mod cellset;
mod check;
// The command line, for the `gdl` binary (and its tests): not part of the
// library's interface.
#[doc(hidden)]
pub mod cli;
pub mod csa;
pub mod diagnostic;
pub mod engine;
pub mod explain;
mod files;
mod groups;
pub mod ids;
pub mod limits;
mod load;
mod lsp;
pub mod mcts;
pub mod notation;
pub mod observation;
pub mod pdn;
pub mod pgn;
pub mod picture;
mod pool;
pub mod record;
mod report;
pub mod rules;
pub mod run;
mod serve;
pub use serve::LocalServer;
pub mod sgf;
pub mod show;
pub mod sight;
pub mod solve;
mod syntax;
pub mod verify;

/// An option value chosen by the caller: `"size=9".parse()`.
pub use check::OptionChoice;
/// A problem found in a game file, with its kind, position and a hint.
pub use diagnostic::{Diagnostic, Span};
/// A loaded game, a position in it, one of its actions and how it ended.
pub use engine::{Action, Game, GameResult, State};
pub use load::{
    CheckError, LoadError, LoadErrorKind, OptionsError, ReadError, SyntaxError, base_beside, load,
    load_source, load_source_finding, load_source_with, load_with, read,
};
/// The compiled rules of a game.
pub use rules::{NOTATION_STYLES, NotationStyle, Rules};
/// Game-tree counts and random games.
pub use run::{PerftDepth, Playout, perft, playout};
