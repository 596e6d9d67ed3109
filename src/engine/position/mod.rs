//! The position and playing it: a [`State`](state::State), the
//! [`Action`](action::Action)s that change it, playing one (its effects and
//! the end rules), and the scratch space an evaluation borrows from it.

pub mod action;
mod effects;
mod hidden_kinds;
pub(in crate::engine) mod history;
mod moved_cells;
pub(in crate::engine) mod play;
pub mod scratch;
mod sowing;
mod stacks;
pub mod state;
