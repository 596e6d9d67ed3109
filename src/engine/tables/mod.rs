//! Board tables, built once per game in [`super::prepare`] and only read
//! while playing: the board's fixed sets (every cell, neighbours, rings,
//! bands of rows and columns), each cell's rays, its block (for `shift`), its leap
//! targets, whole-set shifts along each direction, runs of a line's length
//! by whole-word steps, and each cell's
//! neighbours along the directions a move choice takes.

pub(in crate::engine) mod blocks;
pub(in crate::engine) mod board_sets;
pub(in crate::engine) mod leaps;
pub(in crate::engine) mod line_runs;
pub(in crate::engine) mod move_dirs;
pub(in crate::engine) mod rays;
pub(in crate::engine) mod shifts;
