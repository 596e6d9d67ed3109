//! gdl: a declarative language for abstract board games, and its interpreter.
pub mod ast;
pub mod board;
pub mod cellset;
pub mod check;
pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod groups;
pub mod notation;
pub mod report;
pub mod rules;
pub mod run;
pub mod show;
pub mod syntax;
