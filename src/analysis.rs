//! `gdl analyze`: a reproducible report on a game, for people (Markdown),
//! scripts (JSON) and CI (diffs).
//!
//! ## Sections
//!
//! 1. **Random play**: `games` games of uniformly random actions. Results
//!    by seat (the seat that moved first is seat 1; with the pie rule the
//!    winner's seat is the seat that controls the winning player at the
//!    end, [`Game::seat_of`](crate::engine::Game::seat_of)) and by player; game length in plies (mean,
//!    sample standard deviation, extremes, a histogram with fixed bins);
//!    branching factor (legal actions per ply, averaged over all plies of
//!    all games); distinct actions played (`(choice, cell)` pairs); two
//!    game-tree size estimates (see [`RANDOM_NOTES`]).
//!    The first action on a cell of each random game, by cell, with the
//!    rate at which its player won (a heat map, `first-actions.svg`).
//! 2. **Search ladder**: MCTS with iteration budgets `ladder` (ascending).
//!    Each adjacent pair plays `ladder_games` games, seats alternated
//!    ([`agent::play_game`](crate::agent::play_game)): the stronger's score with its interval. Then
//!    `ladder_games` games of the strongest budget against itself: the
//!    first seat's score.
//! 3. **Symmetries** ([`symmetry`]) and the **mirror check**: for each
//!    symmetry other than the identity, `mirror_games` games of a mirror
//!    agent against MCTS with `mirror_budget` iterations, seats alternated.
//!    The mirror plays the image of the opponent's latest action whose
//!    image is legal (looking back over the opponent's actions since the
//!    mirror last played, latest first, so a multi-action turn is copied
//!    action by action), else a uniformly random legal action. Only actions
//!    on cells (placements, conversions, removals) and moves (steps and
//!    jumps: cell and direction map) have images.
//!
//! Every rate comes with its sample size and a 95% Wilson interval
//! ([`agent::wilson`](crate::agent::wilson)); a score is `(wins + draws/2) / games`, unfinished
//! games counting as draws.
//!
//! ## Determinism, threads and shards
//!
//! Game `i` of section `s` is seeded with
//! [`agent::game_seed`](crate::agent::game_seed)`(section_seed(seed, s), i)`, where the section id
//! names what is played (`random`, `ladder/10/100`, `top/1000`,
//! `mirror/rotation 180°/100`), so a game's course depends only on the
//! run's seed, its section and its index. Threads take games from a shared
//! queue (`crate::pool`, the one `gdl match` uses); results are put back
//! in index order, and the commutative totals
//! (branching counts, the set of actions seen) are summed. A shard `i/n`
//! plays the games whose index is `i − 1` modulo `n` in every section and
//! writes their raw records ([`Analysis::shard_json`]); [`merge`] checks
//! that the shards belong together and cover every game once, that every
//! record is possible in the game and settings the shard claims (a shard
//! may be damaged or tampered with: it is refused, never half-used), and
//! builds the same report. The raw records hold integers only, so a report built
//! from merged shards is identical to the one of a single run, apart from
//! the `timing` object (machine-dependent: speeds and durations).
//!
//! ## Files
//!
//! [`settings`](Settings) (the parameters and the shard slice), `records`
//! (the raw records and their JSON), `read` and `validate` (shards read
//! back), `header`, `running` (the games on threads, the mirror agent),
//! `sections` (the report), `merge`, [`output`] (files written together,
//! never over a previous run's unless asked), [`markdown`] and [`svg`].
//! Every JSON document is written with serde derive through a
//! `serde_json::Value`, so its keys are sorted.

mod header;
pub mod markdown;
mod merge;
pub mod output;
pub mod perfect;
mod read;
mod records;
mod running;
mod sections;
mod settings;
pub mod svg;
pub mod symmetry;
mod validate;

pub use header::header;
pub use merge::merge;
pub use records::{FirstAction, MirrorGame, RandomGame, Raw, Timing};
pub use running::{Stopped, analyze, mirror_game};
pub use sections::{TallyDoc, report};
pub use settings::{
    DEFAULT_SOLVE_LIMIT, MAX_BUDGET, MAX_GAMES, MAX_SEARCH_GAMES, MAX_SHARDS, Settings, Shard,
    parse_ladder,
};

use serde::Serialize;
use serde_json::Value;

use crate::engine::mix;

/// The `format` of a report (and of the header in it), so that a report
/// is not taken for another document.
pub const REPORT_FORMAT: &str = "gdl-analyze-report";
/// The `format` of a shard file: [`merge`] reads no other.
pub const SHARD_FORMAT: &str = "gdl-analyze-shard";
/// Bumped when the raw records or the report change shape.
pub const FORMAT_VERSION: u64 = 3;

/// z for a 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// What the heat map of first actions shows, for the report.
pub const FIRST_ACTIONS_NOTE: &str = "each random game's first action on a cell (a move counts at its \
     destination), and how often the player who made it won that game";

/// What the branching factor and the tree-size estimates mean, for the
/// report.
pub const RANDOM_NOTES: &str = "branching = legal actions per ply, averaged over every ply of every game; \
     tree size (path) = log10 of the product of the branching factors along a game, averaged over the games \
     (the mean of sum(log10 b) per game); tree size (b^d) = mean length x log10(mean branching)";

/// How the mirror agent plays, for the report.
pub const MIRROR_NOTES: &str = "the mirror plays the image, through the symmetry, of the opponent's latest \
     action (since the mirror's last action, latest first) whose image is legal; otherwise a uniformly random \
     legal action. Only actions on cells and moves have images";

/// A run (or a slice of one): what it was and what it produced.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The game, settings and symmetries: equal in every shard of a run.
    pub header: Value,
    /// The slice of the run played ([`Shard::ALL`] for a whole run or a
    /// merge).
    pub shard: Shard,
    /// The records of the games played and their totals.
    pub raw: Raw,
    /// Speeds and durations, which depend on the machine.
    pub timing: Timing,
}

/// FNV-1a, 64 bits.
fn fnv(text: &str) -> u64 {
    crate::record::source_hash(text)
}

/// The seed of a section of a run seeded with `seed`.
pub fn section_seed(seed: u64, section: &str) -> u64 {
    mix(mix(seed) ^ fnv(section))
}

/// A shard file: which slice of which run, and what it produced (fields in
/// alphabetical order, as in `records`).
#[derive(Serialize)]
struct ShardDoc<'a> {
    format: &'static str,
    header: &'a Value,
    raw: records::RawDoc<'a>,
    shard: SliceDoc,
    timing: records::TimingDoc<'a>,
    version: u64,
}

/// Which slice a shard is.
#[derive(Serialize)]
struct SliceDoc {
    count: u64,
    index: u64,
}

impl Analysis {
    fn shard_doc(&self) -> ShardDoc<'_> {
        ShardDoc {
            format: SHARD_FORMAT,
            header: &self.header,
            raw: self.raw.doc(),
            shard: SliceDoc {
                count: self.shard.count,
                index: self.shard.index,
            },
            timing: self.timing.doc(),
            version: FORMAT_VERSION,
        }
    }

    /// The shard document: header, slice, raw records and timing.
    pub fn shard_json(&self) -> Value {
        records::to_json(self.shard_doc())
    }

    /// The shard document as pretty JSON text, with a final newline, the
    /// same as [`Analysis::shard_json`]'s but written without building a
    /// `Value` (a shard may hold millions of games).
    pub fn write_shard(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        use std::io::Write;
        // Buffered: standard output would otherwise write line by line.
        let mut out = std::io::BufWriter::new(out);
        serde_json::to_writer_pretty(&mut out, &self.shard_doc())?;
        out.write_all(b"\n")?;
        out.flush()
    }

    /// The report: deterministic sections, then `timing`.
    pub fn report(&self) -> Value {
        let mut v = report(&self.header, &self.raw);
        v["timing"] = self.timing.to_json();
        v
    }
}
