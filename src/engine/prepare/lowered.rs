//! The lowered part of a game: what prepare derives by running the plain
//! game. A game without it is complete, and plays the plain path; each
//! table here is a shortcut over that path, built from the plain game
//! alone (so the order they are built in does not matter) and left empty
//! when its shortcut is off.

use super::super::eval::{cell_tests, lines, program, step_sets};
use super::super::movegen::word_offer;
use super::super::shortcuts::{Shortcut, Shortcuts};
use crate::engine::Game;
use crate::rules::SetExpr;

/// The tables lowered from a plain game (see the module docs).
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct Lowered {
    /// Set expressions lowered into flat programs (see [`program`]).
    pub(in crate::engine) programs: program::Programs,
    /// On a board of one word, each step's sets lowered together (see
    /// [`step_sets`]).
    pub(in crate::engine) step_sets: step_sets::StepSets,
    /// On a board of one word, the steps offered without an evaluation
    /// context (see [`word_offer`]).
    pub(in crate::engine) word_offers: step_sets::PerStep<word_offer::WordStep>,
    /// `where` conditions lowered for testing one cell (see [`cell_tests`]).
    pub(in crate::engine) cell_tests: cell_tests::CellTests,
    /// The lines watched as their stored sets change: (stored set, n)
    /// (see [`lines::watched`]).
    pub(in crate::engine) watched_lines: Vec<(u32, u32)>,
}

impl Lowered {
    /// The tables of the shortcuts `on`, from `plain`, a game that has
    /// none of them; `line_queries` are the rules' `line(S, n)` queries.
    pub(in crate::engine) fn of(
        plain: &Game,
        on: Shortcuts,
        line_queries: &[(SetExpr, u32)],
    ) -> Lowered {
        fn when<T: Default>(on: Shortcuts, s: Shortcut, build: impl FnOnce() -> T) -> T {
            if on.has(s) { build() } else { T::default() }
        }
        Lowered {
            programs: when(on, Shortcut::Programs, || program::Programs::of(plain)),
            step_sets: when(on, Shortcut::StepSets, || step_sets::step_sets(plain)),
            word_offers: when(on, Shortcut::WordOffers, || word_offer::word_offers(plain)),
            cell_tests: when(on, Shortcut::CellTests, || cell_tests::CellTests::of(plain)),
            watched_lines: when(on, Shortcut::WatchedLines, || {
                lines::watched(plain, line_queries)
            }),
        }
    }
}
