//! The header of a run: the game, the settings and the symmetries, equal
//! in every shard.

use crate::ids::Cell;
use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::perfect::{FIRST_ACTIONS_LISTED, PerfectPlay, perfect_play};
use super::records::to_json;
use super::symmetry::{self, Symmetry};
use super::{FORMAT_VERSION, REPORT_FORMAT, Settings, fnv};
use crate::agent::AgentSpec;
use crate::engine::Game;
use crate::mcts::Budget;
use crate::picture::{self, Layout, Legend, PieceSpot};
use crate::run;

pub(super) fn mcts(b: u64) -> AgentSpec {
    AgentSpec::Mcts(Budget::Iterations(b))
}

/// The symmetries tested by the mirror check, or why it is skipped.
pub(super) fn mirror_plan(
    game: &Game,
    syms: &[Symmetry],
    settings: &Settings,
) -> Result<Vec<usize>, String> {
    if game.rules.players.len() != 2 {
        return Err("the mirror check needs a game of 2 players".into());
    }
    if !symmetry::has_cell_actions(&game.rules) {
        return Err("no action of this game is on a cell, so none can be mirrored".into());
    }
    let tested: Vec<usize> = (0..syms.len())
        .filter(|&i| !syms[i].is_identity())
        .collect();
    if tested.is_empty() {
        return Err("the game has no symmetry besides the identity".into());
    }
    if settings.mirror_games == 0 {
        return Err("no mirror games asked for (--mirror-games 0)".into());
    }
    Ok(tested)
}

/// The angle of a rotation, or of a reflection's axis (half the turn,
/// which may end in .5).
#[derive(Serialize)]
#[serde(untagged)]
enum Angle {
    Whole(i32),
    Half(f64),
}

/// One symmetry, for people and for the mirror check.
#[derive(Serialize)]
struct SymmetryDoc<'a> {
    index: usize,
    name: &'a str,
    kind: &'static str,
    angle: Angle,
    regions: &'static str,
    player_map: BTreeMap<&'a str, &'a str>,
    fixed_cells: usize,
    rows_columns: Option<&'static str>,
    notes: &'a [String],
    /// Reflections: the first and last cells on the axis.
    #[serde(skip_serializing_if = "Option::is_none")]
    axis_through: Option<[String; 2]>,
    /// Rotations about a cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    centre: Option<String>,
}

#[derive(Serialize)]
struct SymmetriesDoc<'a> {
    method: &'static str,
    count: usize,
    identity_included: bool,
    player_regions: bool,
    symmetries: Vec<SymmetryDoc<'a>>,
}

fn symmetries_doc<'a>(game: &'a Game, syms: &'a [Symmetry]) -> SymmetriesDoc<'a> {
    let board = game.board();
    let players = &game.rules.players;
    let uses = symmetry::RuleUses::of(&game.rules);
    let list = syms
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let angle = match (s.reflection, s.turn) {
                (true, t) if t % 2 != 0 => Angle::Half(t as f64 / 2.0),
                (true, t) => Angle::Whole(t / 2),
                (false, t) => Angle::Whole(t),
            };
            let label = |c: Cell| board.label(c).to_string();
            SymmetryDoc {
                index: i,
                name: &s.name,
                kind: s.kind(),
                angle,
                regions: if s.swaps_players() {
                    "swapped"
                } else {
                    "preserved"
                },
                player_map: players
                    .iter()
                    .enumerate()
                    .map(|(p, name)| (name.as_str(), players[s.players[p]].as_str()))
                    .collect(),
                fixed_cells: s.fixed_cells.len(),
                rows_columns: s.rows_columns.map(|rc| match rc {
                    symmetry::RowsColumns::Preserved => "preserved",
                    symmetry::RowsColumns::Exchanged => "exchanged",
                }),
                notes: &s.notes,
                axis_through: match (s.reflection, s.fixed_cells.first(), s.fixed_cells.last()) {
                    (true, Some(&a), Some(&b)) => Some([label(a), label(b)]),
                    _ => None,
                },
                centre: match s.fixed_cells[..] {
                    [c] if !s.reflection && s.turn != 0 => Some(label(c)),
                    _ => None,
                },
            }
        })
        .collect();
    SymmetriesDoc {
        method: "automorphisms of the board graph whose action on the direction labels is a rotation or \
                 a reflection of their angles (grown from one cell's image along the direction table, \
                 links checked), kept when they map every fixed cell set the rules use onto itself and \
                 each player's fixed sets onto the same player's (regions preserved) or another \
                 player's (regions swapped)",
        count: syms.len(),
        identity_included: true,
        player_regions: uses.has_player_regions(),
        symmetries: list,
    }
}

#[derive(Serialize)]
struct BoardDoc {
    shape: String,
    cells: usize,
    edges: usize,
    links: usize,
}

/// The symmetries the mirror check plays, or why it is skipped.
#[derive(Serialize)]
struct MirrorPlanDoc {
    symmetries: Vec<usize>,
    skipped: Option<String>,
}

/// *Perfect play*: the values found, or why there are none.
#[derive(Serialize)]
#[serde(untagged)]
enum PerfectDoc<'a> {
    Solved(PerfectPlay<'a>),
    Skipped { skipped: String },
}

fn perfect_doc<'a>(game: &'a Game, settings: &Settings) -> PerfectDoc<'a> {
    let limit = usize::try_from(settings.solve_limit).unwrap_or(usize::MAX);
    if limit == 0 {
        return PerfectDoc::Skipped {
            skipped: "not asked for (--solve-limit 0)".into(),
        };
    }
    match perfect_play(game, &game.start(), limit, FIRST_ACTIONS_LISTED) {
        Ok(p) => PerfectDoc::Solved(p),
        Err(e) => PerfectDoc::Skipped {
            skipped: e.to_string(),
        },
    }
}

#[derive(Serialize)]
struct HeaderDoc<'a> {
    format: &'static str,
    version: u64,
    gdl_version: &'static str,
    game: &'a str,
    options: BTreeMap<&'a str, &'a str>,
    source_fnv1a64: String,
    players: &'a [String],
    board: BoardDoc,
    /// For the pictures: where the cells are drawn, who the pieces can be,
    /// and the start position.
    layout: Layout,
    legend: Legend,
    start: Vec<PieceSpot>,
    ply_limit: u32,
    settings: &'a Settings,
    symmetry: SymmetriesDoc<'a>,
    mirror_plan: MirrorPlanDoc,
    perfect_play: PerfectDoc<'a>,
}

/// The header: what was analysed and how. Equal in every shard of a run.
pub fn header(game: &Game, source: &str, settings: &Settings) -> Value {
    let syms = symmetry::symmetries(&game.rules);
    let board = game.board();
    let plan = mirror_plan(game, &syms, settings);
    to_json(HeaderDoc {
        format: REPORT_FORMAT,
        version: FORMAT_VERSION,
        gdl_version: env!("CARGO_PKG_VERSION"),
        game: &game.rules.name,
        options: game
            .rules
            .options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect(),
        source_fnv1a64: format!("{:016x}", fnv(source)),
        players: &game.rules.players,
        board: BoardDoc {
            shape: board.shape().to_string(),
            cells: board.len(),
            edges: board.graph().edge_count(),
            links: board.link_count(),
        },
        layout: Layout::of(board),
        legend: Legend::of(game),
        start: picture::pieces(game, &game.start()),
        ply_limit: run::ply_limit(game),
        settings,
        symmetry: symmetries_doc(game, &syms),
        perfect_play: perfect_doc(game, settings),
        mirror_plan: match plan {
            Ok(symmetries) => MirrorPlanDoc {
                symmetries,
                skipped: None,
            },
            Err(why) => MirrorPlanDoc {
                symmetries: Vec::new(),
                skipped: Some(why),
            },
        },
    })
}
