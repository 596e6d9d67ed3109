//! Checking records read back against what their header claims: every
//! field within what the game and settings allow (a player or seat that
//! exists, a winner only with a win, no game past the ply limit, seeds that
//! derive from the run's seed), and totals that agree with the games, summed
//! without overflow. A shard that fails is refused, never half-used.

use serde_json::Value;

use super::read::Fields;
use super::{Raw, Settings, Shard, Timing, section_seed};
use crate::agent::{GameRecord, game_seed};
use crate::engine::GameResult;
use crate::limits::MAX_CELLS;
use crate::picture::{Layout, Legend, PieceSpot};

/// What a header says about the games of its run.
pub(super) struct Claims {
    pub players: usize,
    /// Cells of the board.
    pub cells: u64,
    pub ply_limit: u32,
    pub settings: Settings,
    /// The symmetries of the mirror check, by name.
    pub mirror: Vec<String>,
}

/// The largest coordinate a cell is drawn at, in either direction: far
/// beyond any board's (which stay within a few times its cells).
const MAX_COORDINATE: i32 = 8 * MAX_CELLS as i32;

/// What the pictures are drawn from (`layout`, `legend`, `start`): one spot
/// per cell of the board, each label once, coordinates within bounds, links
/// and pieces on cells that exist, pieces of the header's players and of
/// the legend's kinds. A shard whose layout was tampered with is refused
/// here, not drawn blank.
fn check_pictures(h: &Fields, players: &[String], cells: usize) -> Result<(), String> {
    let layout: Layout = h.get("layout")?;
    if layout.cells.len() != cells {
        return Err(h.bad(
            "layout",
            format!(
                "{} cells, but header.board says {cells}",
                layout.cells.len()
            ),
        ));
    }
    let mut labels = std::collections::HashSet::new();
    for (i, spot) in layout.cells.iter().enumerate() {
        let at = format!("header.layout.cells[{i}]");
        if spot.label.is_empty() || !labels.insert(spot.label.as_str()) {
            return Err(format!(
                "bad label at {at}: `{}` is empty or the label of another cell",
                spot.label
            ));
        }
        for (name, v) in [
            ("col", spot.col),
            ("row", spot.row),
            ("x", spot.x),
            ("y", spot.y),
        ] {
            if !(-MAX_COORDINATE..=MAX_COORDINATE).contains(&v) {
                return Err(format!(
                    "bad {name} at {at}: {v} is beyond any board (at most {MAX_COORDINATE} either way)"
                ));
            }
        }
    }
    if let Some((i, link)) = layout
        .links
        .iter()
        .enumerate()
        .find(|(_, l)| l.iter().any(|&c| c >= cells))
    {
        return Err(format!(
            "bad link at header.layout.links[{i}]: {link:?} names a cell beyond the board's {cells}"
        ));
    }
    let legend: Legend = h.get("legend")?;
    if legend.players != players {
        return Err(h.bad(
            "legend",
            format!(
                "players {:?}, but header.players are {players:?}",
                legend.players
            ),
        ));
    }
    let start: Vec<PieceSpot> = h.get("start")?;
    for (i, piece) in start.iter().enumerate() {
        let at = format!("header.start[{i}]");
        if piece.cell >= cells {
            return Err(format!(
                "bad cell at {at}: {} is beyond the board's {cells} cells",
                piece.cell
            ));
        }
        if piece.owner.as_ref().is_some_and(|o| !players.contains(o)) {
            return Err(format!("bad owner at {at}: {:?} is no player", piece.owner));
        }
        if !legend.kinds.contains(&piece.kind) {
            return Err(format!(
                "bad kind at {at}: `{}` is not in header.legend.kinds",
                piece.kind
            ));
        }
    }
    Ok(())
}

impl Claims {
    pub(super) fn of(header: &Value) -> Result<Claims, String> {
        let h = Fields::of(header, "header")?;
        let players: Vec<String> = h.get("players")?;
        if players.is_empty() {
            return Err(h.bad("players", "no players"));
        }
        let settings = Settings::from_json(h.value("settings")?)?;
        settings.check()?;
        let plan = Fields::of(h.value("mirror_plan")?, "header.mirror_plan")?;
        let symmetry = Fields::of(h.value("symmetry")?, "header.symmetry")?;
        let list = symmetry.list("symmetries")?;
        let mirror = plan
            .get::<Vec<u64>>("symmetries")?
            .into_iter()
            .map(|j| {
                let (at, sym) = usize::try_from(j)
                    .ok()
                    .and_then(|j| list.get(j))
                    .ok_or_else(|| plan.bad("symmetries", format!("{j}: no such symmetry")))?;
                Fields::of(sym, at.clone())?.get::<String>("name")
            })
            .collect::<Result<Vec<_>, String>>()?;
        let board = Fields::of(h.value("board")?, "header.board")?;
        let cells: u64 = board.get("cells")?;
        if cells == 0 || cells > MAX_CELLS as u64 {
            return Err(board.bad(
                "cells",
                format!("{cells}: a board has 1 to {MAX_CELLS} cells"),
            ));
        }
        check_pictures(&h, &players, cells as usize)?;
        Ok(Claims {
            players: players.len(),
            cells,
            ply_limit: h.get("ply_limit")?,
            settings,
            mirror,
        })
    }

    fn two_players_search(&self) -> bool {
        self.players == 2 && self.settings.ladder_games > 0
    }

    /// The games of each section, in the order of [`Raw::indices`]: its
    /// name, its number of games and its section seed (`None`: random
    /// games, whose records hold no seed).
    pub(super) fn sections(&self) -> Vec<(String, u64, Option<u64>)> {
        let s = &self.settings;
        let mut out = vec![("random".to_string(), s.games, None)];
        if self.two_players_search() {
            for (k, w) in s.ladder.windows(2).enumerate() {
                let seed = section_seed(s.seed, &format!("ladder/{}/{}", w[0], w[1]));
                out.push((format!("ladder pair {}", k + 1), s.ladder_games, Some(seed)));
            }
        }
        let top = s.ladder.last().copied().unwrap_or(0);
        let top_games = if self.two_players_search() && !s.ladder.is_empty() {
            s.ladder_games
        } else {
            0
        };
        out.push((
            "top".into(),
            top_games,
            Some(section_seed(s.seed, &format!("top/{top}"))),
        ));
        for (j, name) in self.mirror.iter().enumerate() {
            let seed = section_seed(s.seed, &format!("mirror/{name}/{}", s.mirror_budget));
            out.push((format!("mirror {}", j + 1), s.mirror_games, Some(seed)));
        }
        out
    }

    pub(super) fn pairs(&self) -> usize {
        if self.two_players_search() {
            self.settings.ladder.len().saturating_sub(1)
        } else {
            0
        }
    }

    /// A result's player, and its winner (a seat or an agent): present
    /// together, within range.
    fn result(
        &self,
        at: &str,
        result: Option<GameResult>,
        winner: Option<usize>,
        winner_name: &str,
        winners: usize,
    ) -> Result<(), String> {
        match result {
            Some(GameResult::Win(p)) if usize::from(p) >= self.players => Err(format!(
                "bad result at {at}: player {p} won, but the game has {} players",
                self.players
            )),
            Some(GameResult::Win(_)) if winner.is_none() => Err(format!(
                "bad {winner_name} at {at}: none, but the game was won"
            )),
            Some(GameResult::Draw) | None if winner.is_some() => Err(format!(
                "bad {winner_name} at {at}: a winner, but the game was {}",
                if result.is_some() {
                    "a draw"
                } else {
                    "unfinished"
                }
            )),
            _ => match winner {
                Some(w) if w >= winners => {
                    let what = if winner_name == "winner" {
                        "agents (0 and 1)"
                    } else {
                        "seats"
                    };
                    Err(format!(
                        "bad {winner_name} at {at}: there are {winners} {what}"
                    ))
                }
                _ => Ok(()),
            },
        }
    }

    fn plies(&self, at: &str, plies: u32) -> Result<(), String> {
        if plies > self.ply_limit {
            return Err(format!(
                "bad plies at {at}: {plies}, past the ply limit of {}",
                self.ply_limit
            ));
        }
        Ok(())
    }

    /// A game with search, game `index` of a section seeded with `seed`.
    fn record(&self, at: &str, g: &GameRecord, seed: u64) -> Result<(), String> {
        if g.seed != game_seed(seed, g.index) {
            return Err(format!(
                "bad seed at {at}: not the seed of game {} of this run",
                g.index
            ));
        }
        if g.p1_seat as u64 != g.index % 2 {
            return Err(format!(
                "bad p1_seat at {at}: p1 sits in seat {} in game {}",
                g.index % 2 + 1,
                g.index
            ));
        }
        self.result(at, g.result, g.winner, "winner", 2)?;
        // Without a swap, the winner is the agent in the winning player's seat.
        if let (Some(GameResult::Win(p)), Some(w), false) = (g.result, g.winner, g.swapped) {
            let agent = usize::from(usize::from(p) != g.p1_seat);
            if w != agent {
                return Err(format!(
                    "bad winner at {at}: player {p} won in seat {}, where agent {agent} sat",
                    p.index() + 1
                ));
            }
        }
        self.plies(at, g.plies)
    }
}

/// Checks the records of `shard` against `claims`: the games of its slice,
/// in order, each field possible, and the totals consistent.
pub(super) fn check(
    raw: &Raw,
    timing: &Timing,
    shard: Shard,
    claims: &Claims,
) -> Result<(), String> {
    let sections = claims.sections();
    let pairs = claims.pairs();
    let mirrors = claims.mirror.len();
    if raw.ladder.len() != pairs || raw.mirror.len() != mirrors {
        return Err(format!(
            "{} ladder pairs and {} mirror sections where the settings ask for {pairs} and {mirrors}",
            raw.ladder.len(),
            raw.mirror.len()
        ));
    }
    for ((section, indices), (_, total, _)) in raw.indices().into_iter().zip(&sections) {
        let want = shard.games_of(*total);
        if indices.len() as u64 != want {
            return Err(format!(
                "the {section} games are not those of shard {shard}: {} games where it has {want} \
                 (of {total})",
                indices.len()
            ));
        }
        for (k, &i) in indices.iter().enumerate() {
            let expected = shard.nth(k as u64);
            if i != expected {
                return Err(format!(
                    "the {section} games are not those of shard {shard}: game {} has index {i} \
                     where {expected} was expected",
                    k + 1
                ));
            }
        }
    }
    let mut plies: u64 = 0;
    for (k, g) in raw.random.iter().enumerate() {
        let at = format!("raw.random[{k}]");
        claims.result(&at, g.result, g.winner_seat, "winner_seat", claims.players)?;
        if let (Some(GameResult::Win(p)), Some(s), false) = (g.result, g.winner_seat, g.swapped)
            && s != usize::from(p)
        {
            return Err(format!(
                "bad winner_seat at {at}: seat {}, but without a swap player {p} is in seat {}",
                s + 1,
                p.index() + 1
            ));
        }
        claims.plies(&at, g.plies)?;
        if let Some(f) = g.first
            && (u64::from(f.cell) >= claims.cells
                || usize::from(f.player) >= claims.players
                || g.plies == 0)
        {
            return Err(format!(
                "bad first_cell at {at}: cell {} by player {} in a game of {} plies on {} cells",
                f.cell, f.player, g.plies, claims.cells
            ));
        }
        plies += u64::from(g.plies);
    }
    let seeds = |name: &str| {
        sections
            .iter()
            .find(|(n, _, _)| n == name)
            .and_then(|s| s.2)
            .unwrap_or(0)
    };
    for (k, pair) in raw.ladder.iter().enumerate() {
        let seed = seeds(&format!("ladder pair {}", k + 1));
        for (i, g) in pair.iter().enumerate() {
            claims.record(&format!("raw.ladder[{k}][{i}]"), g, seed)?;
        }
    }
    for (i, g) in raw.top.iter().enumerate() {
        claims.record(&format!("raw.top[{i}]"), g, seeds("top"))?;
    }
    for (j, games) in raw.mirror.iter().enumerate() {
        let seed = seeds(&format!("mirror {}", j + 1));
        for (i, g) in games.iter().enumerate() {
            let at = format!("raw.mirror[{j}][{i}]");
            claims.record(&at, &g.record, seed)?;
            if g.mirrored > g.actions || g.actions > g.record.plies {
                return Err(format!(
                    "bad mirrored at {at}: {} images among {} actions in {} plies",
                    g.mirrored, g.actions, g.record.plies
                ));
            }
        }
    }
    // One count per ply of the random games, none with no legal action;
    // and the legal actions they add up to must fit.
    if raw.branching.first().is_some_and(|&k| k > 0) {
        return Err("bad branching at raw: plies with no legal action".into());
    }
    let mut counted: u64 = 0;
    let mut legal: u64 = 0;
    for (b, &k) in raw.branching.iter().enumerate() {
        counted = counted
            .checked_add(k)
            .ok_or("bad branching at raw: the counts overflow")?;
        legal = (b as u64)
            .checked_mul(k)
            .and_then(|n| legal.checked_add(n))
            .ok_or("bad branching at raw: the legal actions overflow")?;
    }
    if counted != plies {
        return Err(format!(
            "bad branching at raw: {counted} plies counted, the random games have {plies}"
        ));
    }
    // Each distinct action was played at least once.
    if raw.actions.len() as u64 > plies {
        return Err(format!(
            "bad actions at raw: {} distinct actions in {plies} plies",
            raw.actions.len()
        ));
    }
    check_timing(raw, timing, plies)
}

fn check_timing(raw: &Raw, t: &Timing, plies: u64) -> Result<(), String> {
    let search = raw.ladder.iter().map(Vec::len).sum::<usize>()
        + raw.top.len()
        + raw.mirror.iter().map(Vec::len).sum::<usize>();
    let counts = [
        ("random_games", t.random_games, raw.random.len() as u64),
        ("random_plies", t.random_plies, plies),
        ("search_games", t.search_games, search as u64),
    ];
    for (name, claimed, actual) in counts {
        if claimed != actual {
            return Err(format!(
                "bad {name} at timing: {claimed}, the records have {actual}"
            ));
        }
    }
    let seconds = [
        ("random_seconds", t.random_seconds),
        ("search_seconds", t.search_seconds),
        ("wall_seconds", t.wall_seconds),
    ];
    for (name, s) in seconds {
        if !(s.is_finite() && s >= 0.0) {
            return Err(format!("bad {name} at timing: {s}"));
        }
    }
    if t.threads.len() != 1 || t.threads[0] == 0 {
        return Err(format!(
            "bad threads at timing: {:?}, where a shard has one number of threads",
            t.threads
        ));
    }
    Ok(())
}
