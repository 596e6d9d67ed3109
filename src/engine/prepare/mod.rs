//! Prepare: the stage between check and play. Runs once per game: derives
//! from the frozen rules the facts the engine needs ([`facts`]), builds the
//! board tables ([`super::tables`]) and lowers the set expressions into
//! programs ([`super::eval::program`], [`super::eval::cell_tests`]). Its
//! output is a [`Game`]; nothing here runs while playing.

pub(in crate::engine) mod facts;
pub(in crate::engine) mod keep_reads;
pub(in crate::engine) mod lowered;
pub(in crate::engine) mod turn_tails;

use super::eval::lines::{self, line_masks};
use super::movegen::{Offer, shared_sets, slot};
use super::position::scratch::SCRATCH_SETS;
use super::position::state::{HashKeys, mix};
use super::shortcuts::{Shortcut, Shortcuts};
use super::tables::{blocks, board_sets, leaps, line_runs, move_dirs, rays, shifts};
use super::{Game, MAX_ANCHORS};
use crate::rules::*;
use facts::Facts;

impl Game {
    /// Prepares the rules for play: derives the facts the engine needs
    /// from them, builds the board tables and lowers the set expressions
    /// into programs. Runs once per game; the rules are frozen after it.
    pub fn new(rules: Rules) -> Game {
        Game::prepare(rules, Shortcuts::all())
    }

    /// [`Game::new`] with only the shortcuts `on`: the others are left
    /// empty, so that play takes the plain path in their place.
    pub fn prepare(rules: Rules, on: Shortcuts) -> Game {
        let cells = rules.board.len();
        let words = cells.div_ceil(64);
        let players = rules.players.len();
        let pieces = rules.pieces.len().max(1);
        // Owners: each player, then "nobody" for neutral pieces.
        let codes = (players + 1) * pieces;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            mix(seed)
        };
        let piece_keys = (0..cells * codes).map(|_| next()).collect();
        let mark_keys = (0..cells * rules.marks.len()).map(|_| next()).collect();
        // Counters: an additive key per cell (see `HashKeys::tally`).
        let tally_keys = match rules.counters {
            Some(_) => (0..cells + 1).map(|_| next()).collect(),
            None => Vec::new(),
        };
        let counted = rules.counters.is_some();
        let stacked = rules.stacks;
        let destinations = rules.view_destinations;
        let tally_at = (3 + players + pieces + rules.marks.len() + counted as usize) * words
            + stacked as usize * words
            + destinations as usize * words;
        let height_at = tally_at + if counted { cells + 2 } else { 0 };
        let height_keys = match stacked {
            true => (0..cells).map(|_| next()).collect(),
            false => Vec::new(),
        };
        // A stack game's moves may leave a piece behind: the shortcuts
        // that reason about a move emptying its origin are off.
        let on = match stacked {
            true => on
                .without(Shortcut::KeepReads)
                .without(Shortcut::TurnTails)
                .without(Shortcut::QuietPlaces),
            false => on,
        };

        let facts = Facts::of(&rules);
        // Only a cache: a `connected` side without an anchor bit is answered
        // by a flood instead (`Ctx::anchor_bit` returns None), so the sets
        // past the bits of a mask are simply not anchored.
        let mut anchor_sets = facts.anchors.clone();
        anchor_sets.truncate(if on.has(Shortcut::Anchors) {
            MAX_ANCHORS
        } else {
            0
        });
        let mut cell_anchors = vec![0u64; cells];
        for (bit, &set) in anchor_sets.iter().enumerate() {
            for c in rules.fixed_sets[set as usize].iter() {
                cell_anchors[c] |= 1 << bit;
            }
        }
        let max_choices = rules
            .turns
            .iter()
            .flat_map(|t| &t.steps)
            .map(|s| match s {
                Step::Choose { choices, .. } => choices.len(),
                Step::Effect(_) | Step::End(..) => 0,
            })
            // A `try` step's real actions are offered on a copy, in the
            // same slots.
            .chain(rules.tries.iter().map(|t| t.real.len()))
            .max()
            .unwrap_or(0)
            .max(1);
        let track_groups = facts.player_groups;
        let track_connections = facts.connections;
        let board = &rules.board;
        let line_dirs: Vec<(usize, usize)> = (0..board.ndirs())
            .filter(|&d| board.opposite(Dir::new(d)).index() > d)
            .map(|d| (d, board.opposite(Dir::new(d)).index()))
            .collect();
        let single_owned_kind =
            on.has(Shortcut::GroupAnswers) && rules.neutral.iter().filter(|n| !**n).count() <= 1;
        let shared_sets = match on.has(Shortcut::SharedSets) {
            true => shared_sets::shared_sets(&rules),
            false => Vec::new(),
        };
        let shared_at = shared_sets::shared_addresses(&rules, &shared_sets);
        let shifts = match on.has(Shortcut::SetShifts) {
            true => shifts::Shifts::new(&rules.board, words),
            false => shifts::Shifts::new(&rules.board, words).cell_by_cell(),
        };
        let neighbors_shift_from = if on.has(Shortcut::NeighborShifts)
            && neighbors_are_directions(board)
            && shifts.covers(crate::rules::all_dirs(board.ndirs()))
        {
            8 * board.ndirs() * words / (words + 3)
        } else {
            usize::MAX
        };
        let moves = move_dirs::MoveDirs::of(&rules, words, on).shifted(&shifts, words, on);
        let line_masks = line_masks(&rules, &facts.line_lengths, &line_dirs, words);
        let line_windows = match on.has(Shortcut::LineWindows) {
            true => lines::Windows::of(board, &facts.line_lengths, &line_dirs, words),
            false => Vec::new(),
        };
        let mut line_runs = line_runs::LineRuns::of(
            board,
            &facts.line_lengths,
            &line_dirs,
            &line_dirs
                .iter()
                .map(|&(d, _)| shifts.one_word(d))
                .collect::<Vec<_>>(),
        );
        if !on.has(Shortcut::LineRuns) {
            line_runs.clear();
        }
        let rays = rays::Rays::new(board);
        let counts_lines = rules.choices.iter().any(|c| {
            matches!(
                c.kind,
                ChoiceKind::Slide {
                    by: Some(Distance::LineCount(_)),
                    ..
                }
            )
        });
        let shifted = rules
            .choices
            .iter()
            .any(|c| matches!(c.kind, ChoiceKind::Shift { .. }));
        let lines = if counts_lines {
            rays::Lines::new(board, &rays, words)
        } else {
            rays::Lines::default()
        };
        let leaps = leaps::Leaps::new(&rules, words);
        let offers = rules.choices.iter().map(|c| Offer::of(&c.kind)).collect();
        let mut game = Game {
            rays,
            lines,
            blocks: if shifted {
                blocks::Blocks::new(board)
            } else {
                blocks::Blocks::default()
            },
            slot_sets: slot::parts_used(&rules),
            leaps,
            line_tables: lines::LineTables::new(
                line_dirs,
                line_masks,
                line_windows,
                line_runs,
                words,
            ),
            neighbors_shift_from,
            moves,
            offers,
            choice_facts: facts::ChoiceFacts::of(&rules, on),
            track_history: facts.history,
            has_tries: !rules.tries.is_empty(),
            turn_told_until: match facts.reads_turn {
                true => u32::MAX,
                false => (rules.turns.iter())
                    .filter_map(|t| match t.when {
                        TurnWhen::Number(n) => Some(n),
                        TurnWhen::Always | TurnWhen::If(_) => None,
                    })
                    .max()
                    .unwrap_or(0),
            },
            keys: HashKeys {
                piece: piece_keys,
                mark: mark_keys,
                tally: tally_keys,
                height: height_keys,
                last_cells: facts.last_cells,
                turn_start: facts.reads_turn_start,
            },
            board_sets: board_sets::BoardSets::new(board, &rules.rings, words),
            single_owned_kind,
            track_connections,
            track_groups,
            words,
            players,
            pieces,
            counted,
            tally_at,
            stacked,
            piece_marks: rules.piece_marks,
            destinations,
            height_at,
            anchor_sets,
            cell_anchors,
            max_choices,
            scratch_sets: SCRATCH_SETS + shared_sets.len(),
            shared_sets,
            shared_at,
            shifts,
            lowered: lowered::Lowered::default(),
            late_turn: late_turn(&rules.turns).filter(|_| on.has(Shortcut::LateTurn)),
            turn_zero: rules.turns.iter().any(|t| t.when == TurnWhen::Number(0)),
            shortcuts: on,
            code_pieces: (0..pieces * (players + 1))
                .map(|code| ((code / (players + 1)) as u8, (code % (players + 1)) as u8))
                .collect(),
            rules: std::sync::Arc::new(rules),
        };
        // The plain game is complete; the lowered tables are derived by
        // running it.
        game.lowered = lowered::Lowered::of(&game, on, &facts.line_queries);
        game.fill_guard_cells();
        game
    }
}

/// The turn rule every turn is played by after the numbered ones, if the
/// rules before the first `turn:` are all numbered (see `Game::late_turn`).
fn late_turn(turns: &[Turn]) -> Option<(u32, u16)> {
    let mut after = 0;
    for (i, t) in turns.iter().enumerate() {
        match t.when {
            TurnWhen::Always => return Some((after, i as u16)),
            TurnWhen::Number(n) => after = after.max(n),
            TurnWhen::If(_) => return None,
        }
    }
    None
}

/// Whether each cell's neighbours (links included) are exactly its
/// neighbours along the board's directions, and each is a neighbour of
/// the cell in turn.
fn neighbors_are_directions(board: &crate::board::Board) -> bool {
    let (nd, table) = (board.ndirs(), board.neighbor_table());
    board.cells().all(|c| {
        let mut by_dirs: Vec<u32> = table[c.index() * nd..(c.index() + 1) * nd]
            .iter()
            .copied()
            .filter(|&n| n != crate::board::NO_CELL)
            .collect();
        let mut linked: Vec<u32> = board
            .neighbors(c)
            .iter()
            .map(|n| n.index() as u32)
            .collect();
        by_dirs.sort_unstable();
        by_dirs.dedup();
        linked.sort_unstable();
        linked.dedup();
        by_dirs == linked
            && board
                .neighbors(c)
                .iter()
                .all(|&n| board.neighbors(n).contains(&c))
    })
}

#[cfg(test)]
mod tests {
    use crate::cellset;
    use crate::engine::same_games::game;
    use rand::{RngExt, SeedableRng};

    /// A large set's neighbours found by shifting it along each direction
    /// are those found cell by cell, on boards with and without links.
    #[test]
    fn neighbours_by_shifts_are_neighbours_cell_by_cell() {
        let boards = [
            ("square(20) with diagonals", true),
            ("square(9)", true),
            ("hexhex(5)", true),
            ("hexhex(4) without d4", true),
            ("square(9) with diagonals without c3, d4, e5, a1", true),
            ("rhombus(7)", true),
            ("square(4) link a1 d4", false),
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for (board, by_shifts) in boards {
            let g = game(
                &format!("game T\nboard {board}\nplayers a, b\npieces p\nturn: place p at empty\n"),
                &[],
            );
            assert_eq!(g.neighbors_shift_from < usize::MAX, by_shifts, "{board}");
            let (w, n) = (g.words, g.rules.board.len());
            for _ in 0..50 {
                let mut set = vec![0u64; w];
                for c in 0..n {
                    if rng.random_bool(0.5) {
                        cellset::insert(&mut set, c);
                    }
                }
                let mut plain = vec![0u64; w];
                for c in cellset::cells(&set) {
                    for j in 0..w {
                        plain[j] |= g.board_sets.neighbors[c * w + j];
                    }
                }
                let mut got = vec![0u64; w];
                g.neighbors_of_any(&set, &mut got);
                assert_eq!(got, plain, "{board}");
            }
        }
    }
}
