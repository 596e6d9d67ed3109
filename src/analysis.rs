//! `gdl analyze`: a reproducible report on a game, for people (Markdown),
//! scripts (JSON) and CI (diffs).
//!
//! ## Sections
//!
//! 1. **Random play**: `games` games of uniformly random actions. Results
//!    by seat (the seat that moved first is seat 1; with the pie rule the
//!    winner's seat is the seat that controls the winning player at the
//!    end, [`Game::seat_of`]) and by player; game length in plies (mean,
//!    sample standard deviation, extremes, a histogram with fixed bins);
//!    branching factor (legal actions per ply, averaged over all plies of
//!    all games); distinct actions played (`(choice, cell)` pairs); two
//!    game-tree size estimates (see [`RANDOM_NOTES`]).
//! 2. **Search ladder**: MCTS with iteration budgets `ladder` (ascending).
//!    Each adjacent pair plays `ladder_games` games, seats alternated
//!    ([`agent::play_game`]): the stronger's score with its interval. Then
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
//! ([`agent::wilson`]); a score is `(wins + draws/2) / games`, unfinished
//! games counting as draws.
//!
//! ## Determinism, threads and shards
//!
//! Game `i` of section `s` is seeded with
//! [`agent::game_seed`]`(section_seed(seed, s), i)`, where the section id
//! names what is played (`random`, `ladder/10/100`, `top/1000`,
//! `mirror/rotation 180°/100`), so a game's course depends only on the
//! run's seed, its section and its index. Threads take games from a shared
//! queue; results are put back in index order, and the commutative totals
//! (branching counts, the set of actions seen) are summed. A shard `i/n`
//! plays the games whose index is `i − 1` modulo `n` in every section and
//! writes their raw records ([`Analysis::shard_json`]); [`merge`] checks
//! that the shards belong together and cover every game once, and builds
//! the same report. The raw records hold integers only, so a report built
//! from merged shards is identical to the one of a single run, apart from
//! the `timing` object (machine-dependent: speeds and durations).

pub mod markdown;
pub mod svg;
pub mod symmetry;

use std::collections::{BTreeSet, HashSet};
use std::io::{IsTerminal, Write};
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::agent::{self, AgentSpec, GameRecord, MatchReport, Tally, agent_seed, game_seed};
use crate::engine::{Action, Game, GameResult, mix};
use crate::mcts::{Budget, Mcts};
use crate::run;
use symmetry::Symmetry;

/// Identifies the document kinds.
pub const REPORT_FORMAT: &str = "gdl-analyze-report";
pub const SHARD_FORMAT: &str = "gdl-analyze-shard";
/// Bumped when the raw records or the report change shape.
pub const FORMAT_VERSION: u64 = 1;

/// z for a 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// What the tree-size estimates mean, for the report.
pub const RANDOM_NOTES: &str = "branching = legal actions per ply, averaged over every ply of every game; \
     tree size (path) = log10 of the product of the branching factors along a game, averaged over the games \
     (the mean of sum(log10 b) per game); tree size (b^d) = mean length x log10(mean branching)";

/// How the mirror agent plays, for the report.
pub const MIRROR_NOTES: &str = "the mirror plays the image, through the symmetry, of the opponent's latest \
     action (since the mirror's last action, latest first) whose image is legal; otherwise a uniformly random \
     legal action. Only actions on cells and moves have images";

/// The parameters of a run (all of them change the results).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub seed: u64,
    /// Random games.
    pub games: u64,
    /// Iteration budgets of the ladder, ascending.
    pub ladder: Vec<u64>,
    /// Games per ladder pair, and of self-play at the strongest budget.
    pub ladder_games: u64,
    /// Games per symmetry for the mirror check.
    pub mirror_games: u64,
    /// Iterations per action of the mirror's opponent.
    pub mirror_budget: u64,
}

impl Settings {
    /// The defaults: 1000 random games, ladder 10, 100, 1000 with 20 games
    /// per pair, 20 mirror games per symmetry against 100 iterations.
    pub fn new(seed: u64) -> Settings {
        Settings {
            seed,
            games: 1000,
            ladder: vec![10, 100, 1000],
            ladder_games: 20,
            mirror_games: 20,
            mirror_budget: 100,
        }
    }

    /// The default opponent of the mirror: 100 iterations, or the strongest
    /// ladder budget if that is less.
    pub fn default_mirror_budget(ladder: &[u64]) -> u64 {
        ladder.last().map_or(100, |&b| b.min(100))
    }

    pub fn to_json(&self) -> Value {
        json!({
            "seed": self.seed,
            "games": self.games,
            "ladder": self.ladder,
            "ladder_games": self.ladder_games,
            "mirror_games": self.mirror_games,
            "mirror_budget": self.mirror_budget,
        })
    }

    pub fn from_json(v: &Value) -> Result<Settings, String> {
        let num = |k: &str| {
            v[k].as_u64()
                .ok_or_else(|| format!("settings.{k} is missing or not a whole number"))
        };
        let ladder = v["ladder"]
            .as_array()
            .ok_or("settings.ladder is missing")?
            .iter()
            .map(|b| b.as_u64().ok_or("settings.ladder has a bad budget"))
            .collect::<Result<Vec<u64>, _>>()?;
        Ok(Settings {
            seed: num("seed")?,
            games: num("games")?,
            ladder,
            ladder_games: num("ladder_games")?,
            mirror_games: num("mirror_games")?,
            mirror_budget: num("mirror_budget")?,
        })
    }
}

/// Parses `--ladder 10,100,1000`: iteration budgets, ascending.
pub fn parse_ladder(s: &str) -> Result<Vec<u64>, String> {
    let mut out = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let b: u64 = part.parse().map_err(|_| {
            format!(
                "bad ladder budget `{part}`: give iterations per action, ascending, such as 10,100,1000 \
                 (time budgets would make the report depend on the machine)"
            )
        })?;
        if b == 0 || b > 10_000_000 {
            return Err(format!(
                "ladder budget `{part}` out of range: 1 to 10000000 iterations"
            ));
        }
        if out.last().is_some_and(|&l| l >= b) {
            return Err(format!(
                "ladder budgets must increase: `{part}` after {}",
                out.last().copied().unwrap_or(0)
            ));
        }
        out.push(b);
    }
    Ok(out)
}

/// A slice of the games: `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether game `i` (of any section) belongs to this shard.
    pub fn includes(&self, i: u64) -> bool {
        i % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard `{s}`: give i/n with 1 <= i <= n, such as 2/3");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (i, n): (u64, u64) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if n == 0 || i == 0 || i > n || n > 1_000_000 {
            return Err(bad());
        }
        Ok(Shard { index: i, count: n })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One random game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomGame {
    pub index: u64,
    pub plies: u32,
    /// `None`: unfinished.
    pub result: Option<GameResult>,
    /// The seat that controlled the winner at the end.
    pub winner_seat: Option<usize>,
    /// Whether the seats exchanged players (the pie rule).
    pub swapped: bool,
}

/// One game of the mirror against search: the mirror is agent 0 (p1).
#[derive(Clone, Debug, PartialEq)]
pub struct MirrorGame {
    pub record: GameRecord,
    /// The mirror's actions, and how many of them were images.
    pub actions: u32,
    pub mirrored: u32,
}

/// The per-game records and exact totals a report is computed from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Raw {
    pub random: Vec<RandomGame>,
    /// `branching[b]`: plies at which `b` actions were legal.
    pub branching: Vec<u64>,
    /// Distinct `(choice, cell)` actions played in the random games.
    pub actions: BTreeSet<(u16, u32)>,
    /// Per adjacent pair of the ladder (weaker = p1).
    pub ladder: Vec<Vec<GameRecord>>,
    /// Self-play at the strongest budget.
    pub top: Vec<GameRecord>,
    /// Per symmetry tested.
    pub mirror: Vec<Vec<MirrorGame>>,
}

/// Machine-dependent measurements.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    pub random_games: u64,
    pub random_plies: u64,
    /// Time spent in random games, summed over threads.
    pub random_seconds: f64,
    pub search_games: u64,
    /// Time spent in games with search, summed over threads.
    pub search_seconds: f64,
    /// Wall-clock time (summed over shards when merged).
    pub wall_seconds: f64,
    /// Threads of each shard.
    pub threads: Vec<u64>,
}

impl Timing {
    pub fn to_json(&self) -> Value {
        let per = |n: u64, s: f64| if s > 0.0 { n as f64 / s } else { 0.0 };
        json!({
            "note": "machine-dependent; excluded from comparisons",
            "random_games": self.random_games,
            "random_seconds": self.random_seconds,
            "random_games_per_sec": per(self.random_games, self.random_seconds),
            "random_plies_per_sec": per(self.random_plies, self.random_seconds),
            "random_plies": self.random_plies,
            "search_games": self.search_games,
            "search_seconds": self.search_seconds,
            "wall_seconds": self.wall_seconds,
            "threads": self.threads,
        })
    }

    fn from_json(v: &Value) -> Timing {
        Timing {
            random_games: v["random_games"].as_u64().unwrap_or(0),
            random_plies: v["random_plies"].as_u64().unwrap_or(0),
            random_seconds: v["random_seconds"].as_f64().unwrap_or(0.0),
            search_games: v["search_games"].as_u64().unwrap_or(0),
            search_seconds: v["search_seconds"].as_f64().unwrap_or(0.0),
            wall_seconds: v["wall_seconds"].as_f64().unwrap_or(0.0),
            threads: v["threads"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default(),
        }
    }
}

/// A run (or a slice of one): what it was and what it produced.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The game, settings and symmetries: equal in every shard of a run.
    pub header: Value,
    pub shard: Shard,
    pub raw: Raw,
    pub timing: Timing,
}

/// FNV-1a, 64 bits.
fn fnv(text: &str) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The seed of a section of a run seeded with `seed`.
pub fn section_seed(seed: u64, section: &str) -> u64 {
    mix(mix(seed) ^ fnv(section))
}

/// Rounds to 4 decimals, so that reports do not depend on the last bits of
/// floating-point functions.
fn r4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4 + 0.0
}

/// A count among `n` as a rate with its 95% interval.
fn rate_json(count: u64, n: u64) -> Value {
    let p = if n == 0 { 0.0 } else { count as f64 / n as f64 };
    let (lo, hi) = agent::wilson(p, n, Z95);
    json!({"count": count, "of": n, "rate": r4(p), "ci95": [r4(lo), r4(hi)]})
}

fn tally_json(t: &Tally) -> Value {
    t.to_json(r4)
}

fn mcts(b: u64) -> AgentSpec {
    AgentSpec::Mcts(Budget::Iterations(b))
}

/// The symmetries tested by the mirror check, or why it is skipped.
fn mirror_plan(game: &Game, syms: &[Symmetry], settings: &Settings) -> Result<Vec<usize>, String> {
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

fn symmetry_json(game: &Game, syms: &[Symmetry]) -> Value {
    let board = game.board();
    let players = &game.rules.players;
    let uses = symmetry::RuleUses::of(&game.rules);
    let list: Vec<Value> = syms
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let angle = if s.reflection {
                let t = s.turn;
                if t % 2 == 0 {
                    json!(t / 2)
                } else {
                    json!(t as f64 / 2.0)
                }
            } else {
                json!(s.turn)
            };
            let label = |c: usize| board.label(c).to_string();
            let mut v = json!({
                "index": i,
                "name": s.name,
                "kind": s.kind(),
                "angle": angle,
                "regions": if s.swaps_players() { "swapped" } else { "preserved" },
                "player_map": players.iter().enumerate()
                    .map(|(p, name)| (name.clone(), json!(players[s.players[p]])))
                    .collect::<serde_json::Map<String, Value>>(),
                "fixed_cells": s.fixed_cells.len(),
                "rows_columns": match s.rows_columns {
                    None => Value::Null,
                    Some(symmetry::RowsColumns::Preserved) => json!("preserved"),
                    Some(symmetry::RowsColumns::Exchanged) => json!("exchanged"),
                },
                "notes": s.notes,
            });
            if s.reflection && !s.fixed_cells.is_empty() {
                let (a, b) = (s.fixed_cells[0], s.fixed_cells[s.fixed_cells.len() - 1]);
                v["axis_through"] = json!([label(a), label(b)]);
            }
            if !s.reflection && s.turn != 0 && s.fixed_cells.len() == 1 {
                v["centre"] = json!(label(s.fixed_cells[0]));
            }
            v
        })
        .collect();
    json!({
        "method": "automorphisms of the board graph whose action on the direction labels is a rotation or \
                   a reflection of their angles (grown from one cell's image along the direction table, \
                   links checked), kept when they map every fixed cell set the rules use onto itself and \
                   each player's fixed sets onto the same player's (regions preserved) or another \
                   player's (regions swapped)",
        "count": syms.len(),
        "identity_included": true,
        "player_regions": uses.has_player_regions(),
        "symmetries": list,
    })
}

/// The header: what was analysed and how. Equal in every shard of a run.
pub fn header(game: &Game, source: &str, settings: &Settings) -> Value {
    let syms = symmetry::symmetries(&game.rules);
    let board = game.board();
    let plan = mirror_plan(game, &syms, settings);
    let options: serde_json::Map<String, Value> = game
        .rules
        .options
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    json!({
        "format": REPORT_FORMAT,
        "version": FORMAT_VERSION,
        "gdl_version": env!("CARGO_PKG_VERSION"),
        "game": game.rules.name,
        "options": options,
        "source_fnv1a64": format!("{:016x}", fnv(source)),
        "players": game.rules.players,
        "board": {
            "shape": board.shape().to_string(),
            "cells": board.len(),
            "edges": board.graph().edge_count(),
            "links": board.link_count(),
        },
        "ply_limit": run::ply_limit(game),
        "settings": settings.to_json(),
        "symmetry": symmetry_json(game, &syms),
        "mirror_plan": match &plan {
            Ok(t) => json!({"symmetries": t, "skipped": null}),
            Err(why) => json!({"symmetries": [], "skipped": why}),
        },
    })
}

/// A game to play.
#[derive(Clone, Copy, Debug)]
enum Job {
    Random(u64),
    Ladder(usize, u64),
    Top(u64),
    Mirror(usize, u64),
}

enum Done {
    Random(RandomGame),
    Ladder(usize, GameRecord),
    Top(GameRecord),
    Mirror(usize, MirrorGame),
}

/// What a worker adds up.
#[derive(Default)]
struct Totals {
    branching: Vec<u64>,
    actions: HashSet<(u16, u32)>,
    random_seconds: f64,
    random_plies: u64,
    search_seconds: f64,
}

/// Everything the workers share.
struct Plan<'a> {
    game: &'a Game,
    settings: &'a Settings,
    syms: Vec<Symmetry>,
    random_seed: u64,
    ladder_seeds: Vec<u64>,
    top_seed: u64,
    mirror_seeds: Vec<u64>,
}

impl Plan<'_> {
    fn pairs(&self) -> usize {
        if self.game.rules.players.len() == 2 && self.settings.ladder_games > 0 {
            self.settings.ladder.len().saturating_sub(1)
        } else {
            0
        }
    }

    fn has_top(&self) -> bool {
        self.game.rules.players.len() == 2
            && self.settings.ladder_games > 0
            && !self.settings.ladder.is_empty()
    }

    fn top(&self) -> u64 {
        self.settings.ladder.last().copied().unwrap_or(0)
    }

    /// A rough cost, for ordering the queue and the progress bar.
    fn weight(&self, job: Job) -> u64 {
        let cells = self.game.board().len() as u64;
        match job {
            Job::Random(_) => 1,
            Job::Ladder(k, _) => {
                (self.settings.ladder[k] + self.settings.ladder[k + 1]) * cells / 4 + 1
            }
            Job::Top(_) => self.top() * cells / 2 + 1,
            Job::Mirror(..) => self.settings.mirror_budget * cells / 4 + 1,
        }
    }

    fn run(&self, job: Job, totals: &mut Totals, legal: &mut Vec<Action>) -> Done {
        let begin = Instant::now();
        let done = match job {
            Job::Random(i) => {
                let g = random_game(self.game, self.random_seed, i, totals, legal);
                totals.random_plies += g.plies as u64;
                totals.random_seconds += begin.elapsed().as_secs_f64();
                return Done::Random(g);
            }
            Job::Ladder(k, i) => {
                let ladder = &self.settings.ladder;
                let agents = [mcts(ladder[k]), mcts(ladder[k + 1])];
                Done::Ladder(
                    k,
                    agent::play_game(self.game, agents, self.ladder_seeds[k], i).0,
                )
            }
            Job::Top(i) => {
                let agents = [mcts(self.top()), mcts(self.top())];
                Done::Top(agent::play_game(self.game, agents, self.top_seed, i).0)
            }
            Job::Mirror(j, i) => Done::Mirror(
                j,
                mirror_game(
                    self.game,
                    &self.syms[j],
                    self.settings.mirror_budget,
                    self.mirror_seeds[j],
                    i,
                ),
            ),
        };
        totals.search_seconds += begin.elapsed().as_secs_f64();
        done
    }
}

fn random_game(
    game: &Game,
    seed: u64,
    index: u64,
    totals: &mut Totals,
    legal: &mut Vec<Action>,
) -> RandomGame {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(game_seed(seed, index));
    let mut st = game.start();
    let limit = run::ply_limit(game);
    let mut plies = 0;
    while plies < limit && !st.is_over() {
        game.legal_actions(&st, legal);
        if legal.is_empty() {
            break;
        }
        let b = legal.len();
        if totals.branching.len() <= b {
            totals.branching.resize(b + 1, 0);
        }
        totals.branching[b] += 1;
        let a = legal[rng.random_range(0..b)];
        totals.actions.insert(a.key());
        game.play_unchecked(&mut st, a);
        plies += 1;
    }
    let result = st.result();
    RandomGame {
        index,
        plies,
        result,
        winner_seat: match result {
            Some(GameResult::Win(p)) => Some(game.seat_of(&st, p)),
            _ => None,
        },
        swapped: (0..game.rules.players.len()).any(|p| game.seat_of(&st, p as u8) != p),
    }
}

/// One game of the mirror (agent 0, p1) against MCTS (agent 1): the mirror
/// takes seat 1 in even-numbered games. See the [module docs](self).
pub fn mirror_game(game: &Game, sym: &Symmetry, budget: u64, seed: u64, index: u64) -> MirrorGame {
    let gseed = game_seed(seed, index);
    let mirror_seat = (index % 2) as usize;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(agent_seed(gseed, 0));
    let mut search = Mcts::new(Budget::Iterations(budget), agent_seed(gseed, 1));
    let mut st = game.start();
    let limit = run::ply_limit(game);
    // The opponent's actions since the mirror last acted.
    let mut pending: Vec<Action> = Vec::new();
    let mut mirror_last = false;
    let (mut actions, mut mirrored) = (0u32, 0u32);
    let mut plies = 0;
    while !st.is_over() && plies < limit {
        let seat = game.seat_of(&st, st.mover);
        let a = if seat == mirror_seat {
            let image = (0..pending.len()).rev().find_map(|k| {
                let img = sym.image(game, pending[k])?;
                game.is_legal(&st, img).then_some((k, img))
            });
            let a = match image {
                Some((k, img)) => {
                    pending.remove(k);
                    mirrored += 1;
                    img
                }
                None => match game.random_action(&st, &mut rng) {
                    Some(a) => a,
                    None => break,
                },
            };
            actions += 1;
            mirror_last = true;
            a
        } else {
            let Some(a) = search.choose(game, &st) else {
                break;
            };
            if mirror_last {
                pending.clear();
                mirror_last = false;
            }
            pending.push(a);
            a
        };
        search.advance(game, &st, a);
        game.play_unchecked(&mut st, a);
        plies += 1;
    }
    let result = st.result();
    let winner = match result {
        Some(GameResult::Win(p)) => Some(usize::from(game.seat_of(&st, p) != mirror_seat)),
        _ => None,
    };
    MirrorGame {
        record: GameRecord {
            index,
            seed: gseed,
            p1_seat: mirror_seat,
            result,
            winner,
            plies: st.ply,
            swapped: (0..game.rules.players.len()).any(|p| game.seat_of(&st, p as u8) != p),
        },
        actions,
        mirrored,
    }
}

/// Shows progress on standard error.
struct Progress {
    total_weight: u64,
    total_games: usize,
    weight: AtomicU64,
    games: AtomicUsize,
    begin: Instant,
}

impl Progress {
    fn line(&self) -> String {
        let w = self.weight.load(Ordering::Relaxed);
        let frac = w as f64 / self.total_weight.max(1) as f64;
        let secs = self.begin.elapsed().as_secs_f64();
        let left = if frac > 0.02 {
            format!(", about {:.0} s left", secs / frac - secs)
        } else {
            String::new()
        };
        let bar_len = 24;
        let filled = ((frac * bar_len as f64) as usize).min(bar_len);
        format!(
            "\ranalyze [{}{}] {:>3.0}% {}/{} games, {secs:.0} s{left}   ",
            "#".repeat(filled),
            ".".repeat(bar_len - filled),
            frac * 100.0,
            self.games.load(Ordering::Relaxed),
            self.total_games,
        )
    }
}

/// Plays the games of `shard` on `threads` threads and collects their
/// records. With `progress`, a progress bar goes to standard error when it
/// is a terminal.
pub fn analyze(
    game: &Game,
    source: &str,
    settings: &Settings,
    shard: Shard,
    threads: usize,
    progress: bool,
) -> Analysis {
    let wall = Instant::now();
    let header = header(game, source, settings);
    let syms = symmetry::symmetries(&game.rules);
    let tested = mirror_plan(game, &syms, settings).unwrap_or_default();
    let seed = settings.seed;
    let plan = Plan {
        game,
        settings,
        random_seed: section_seed(seed, "random"),
        ladder_seeds: settings
            .ladder
            .windows(2)
            .map(|w| section_seed(seed, &format!("ladder/{}/{}", w[0], w[1])))
            .collect(),
        top_seed: section_seed(
            seed,
            &format!("top/{}", settings.ladder.last().copied().unwrap_or(0)),
        ),
        mirror_seeds: tested
            .iter()
            .map(|&j| {
                section_seed(
                    seed,
                    &format!("mirror/{}/{}", syms[j].name, settings.mirror_budget),
                )
            })
            .collect(),
        syms: tested.iter().map(|&j| syms[j].clone()).collect(),
    };
    let mut jobs: Vec<Job> = Vec::new();
    let mine = |n: u64| (0..n).filter(|&i| shard.includes(i));
    for k in 0..plan.pairs() {
        jobs.extend(mine(settings.ladder_games).map(|i| Job::Ladder(k, i)));
    }
    if plan.has_top() {
        jobs.extend(mine(settings.ladder_games).map(Job::Top));
    }
    for j in 0..plan.syms.len() {
        jobs.extend(mine(settings.mirror_games).map(|i| Job::Mirror(j, i)));
    }
    jobs.extend(mine(settings.games).map(Job::Random));
    // The longest games first, so that threads finish together.
    jobs.sort_by_key(|&j| std::cmp::Reverse(plan.weight(j)));

    let next = AtomicUsize::new(0);
    let finished = AtomicBool::new(false);
    let bar = Progress {
        total_weight: jobs.iter().map(|&j| plan.weight(j)).sum(),
        total_games: jobs.len(),
        weight: AtomicU64::new(0),
        games: AtomicUsize::new(0),
        begin: Instant::now(),
    };
    let collected: Mutex<Vec<(Vec<Done>, Totals)>> = Mutex::new(Vec::new());
    let work = || {
        let mut done = Vec::new();
        let mut totals = Totals::default();
        let mut legal = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&job) = jobs.get(k) else {
                break;
            };
            done.push(plan.run(job, &mut totals, &mut legal));
            bar.weight.fetch_add(plan.weight(job), Ordering::Relaxed);
            bar.games.fetch_add(1, Ordering::Relaxed);
        }
        collected
            .lock()
            .expect("no worker panicked")
            .push((done, totals));
    };
    let threads = threads.clamp(1, jobs.len().max(1));
    let show = progress && std::io::stderr().is_terminal();
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
        if show {
            s.spawn(|| {
                let mut err = std::io::stderr();
                while !finished.load(Ordering::Relaxed) {
                    let _ = write!(err, "{}", bar.line());
                    let _ = err.flush();
                    for _ in 0..5 {
                        if finished.load(Ordering::Relaxed) {
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(50));
                    }
                }
                let blank = " ".repeat(bar.line().len());
                let _ = write!(err, "\r{blank}\r");
                let _ = err.flush();
            });
        }
        for w in workers {
            if let Err(e) = w.join() {
                std::panic::resume_unwind(e);
            }
        }
        finished.store(true, Ordering::Relaxed);
    });

    let mut raw = Raw {
        ladder: vec![Vec::new(); plan.pairs()],
        mirror: vec![Vec::new(); plan.syms.len()],
        ..Raw::default()
    };
    let mut timing = Timing {
        threads: vec![threads as u64],
        ..Timing::default()
    };
    let mut actions = HashSet::new();
    for (done, totals) in collected.into_inner().expect("no worker panicked") {
        for d in done {
            match d {
                Done::Random(g) => raw.random.push(g),
                Done::Ladder(k, g) => raw.ladder[k].push(g),
                Done::Top(g) => raw.top.push(g),
                Done::Mirror(j, g) => raw.mirror[j].push(g),
            }
        }
        if raw.branching.len() < totals.branching.len() {
            raw.branching.resize(totals.branching.len(), 0);
        }
        for (b, n) in totals.branching.iter().enumerate() {
            raw.branching[b] += n;
        }
        actions.extend(totals.actions);
        timing.random_seconds += totals.random_seconds;
        timing.random_plies += totals.random_plies;
        timing.search_seconds += totals.search_seconds;
    }
    raw.actions = actions.into_iter().collect();
    raw.sort();
    timing.random_games = raw.random.len() as u64;
    timing.search_games = (raw.ladder.iter().map(Vec::len).sum::<usize>()
        + raw.top.len()
        + raw.mirror.iter().map(Vec::len).sum::<usize>()) as u64;
    timing.wall_seconds = wall.elapsed().as_secs_f64();
    Analysis {
        header,
        shard,
        raw,
        timing,
    }
}

impl Raw {
    /// Puts every section in index order.
    fn sort(&mut self) {
        self.random.sort_by_key(|g| g.index);
        for l in &mut self.ladder {
            l.sort_by_key(|g| g.index);
        }
        self.top.sort_by_key(|g| g.index);
        for m in &mut self.mirror {
            m.sort_by_key(|g| g.record.index);
        }
        while self.branching.last() == Some(&0) {
            self.branching.pop();
        }
    }
}

// ------------------------------------------------------------------ JSON

fn result_json(r: Option<GameResult>) -> Value {
    match r {
        Some(GameResult::Win(p)) => json!(p),
        Some(GameResult::Draw) => json!("draw"),
        None => json!("unfinished"),
    }
}

fn result_from(v: &Value) -> Result<Option<GameResult>, String> {
    match v {
        Value::Number(n) => n
            .as_u64()
            .filter(|&p| p < 8)
            .map(|p| Some(GameResult::Win(p as u8)))
            .ok_or_else(|| format!("bad result {v}")),
        Value::String(s) if s == "draw" => Ok(Some(GameResult::Draw)),
        Value::String(s) if s == "unfinished" => Ok(None),
        _ => Err(format!("bad result {v}")),
    }
}

fn record_json(g: &GameRecord) -> Value {
    json!({
        "index": g.index,
        "seed": g.seed,
        "p1_seat": g.p1_seat + 1,
        "result": result_json(g.result),
        "winner": g.winner,
        "plies": g.plies,
        "swapped": g.swapped,
    })
}

fn field_u64(v: &Value, k: &str) -> Result<u64, String> {
    v[k].as_u64()
        .ok_or_else(|| format!("`{k}` missing or not a whole number in {v}"))
}

fn field_bool(v: &Value, k: &str) -> Result<bool, String> {
    v[k].as_bool()
        .ok_or_else(|| format!("`{k}` missing or not true/false in {v}"))
}

fn record_from(v: &Value) -> Result<GameRecord, String> {
    let p1_seat = field_u64(v, "p1_seat")?;
    if !(1..=2).contains(&p1_seat) {
        return Err(format!("bad p1_seat in {v}"));
    }
    let winner = match &v["winner"] {
        Value::Null => None,
        w => Some(
            w.as_u64()
                .filter(|&w| w < 2)
                .ok_or_else(|| format!("bad winner in {v}"))? as usize,
        ),
    };
    Ok(GameRecord {
        index: field_u64(v, "index")?,
        seed: field_u64(v, "seed")?,
        p1_seat: p1_seat as usize - 1,
        result: result_from(&v["result"])?,
        winner,
        plies: u32::try_from(field_u64(v, "plies")?).map_err(|e| e.to_string())?,
        swapped: field_bool(v, "swapped")?,
    })
}

fn list<'a>(v: &'a Value, k: &str) -> Result<&'a Vec<Value>, String> {
    v[k].as_array()
        .ok_or_else(|| format!("`{k}` is missing or not a list"))
}

impl Raw {
    pub fn to_json(&self) -> Value {
        json!({
            "random": self.random.iter().map(|g| json!({
                "index": g.index,
                "plies": g.plies,
                "result": result_json(g.result),
                "winner_seat": g.winner_seat.map(|s| s + 1),
                "swapped": g.swapped,
            })).collect::<Vec<_>>(),
            "branching": self.branching,
            "actions": self.actions.iter().map(|&(c, a)| json!([c, a])).collect::<Vec<_>>(),
            "ladder": self.ladder.iter()
                .map(|l| l.iter().map(record_json).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
            "top": self.top.iter().map(record_json).collect::<Vec<_>>(),
            "mirror": self.mirror.iter().map(|m| m.iter().map(|g| {
                let mut v = record_json(&g.record);
                v["actions"] = json!(g.actions);
                v["mirrored"] = json!(g.mirrored);
                v
            }).collect::<Vec<_>>()).collect::<Vec<_>>(),
        })
    }

    pub fn from_json(v: &Value) -> Result<Raw, String> {
        let random = list(v, "random")?
            .iter()
            .map(|g| {
                let winner_seat = match &g["winner_seat"] {
                    Value::Null => None,
                    s => Some(
                        s.as_u64()
                            .filter(|&s| (1..=8).contains(&s))
                            .ok_or_else(|| format!("bad winner_seat in {g}"))?
                            as usize
                            - 1,
                    ),
                };
                Ok(RandomGame {
                    index: field_u64(g, "index")?,
                    plies: u32::try_from(field_u64(g, "plies")?).map_err(|e| e.to_string())?,
                    result: result_from(&g["result"])?,
                    winner_seat,
                    swapped: field_bool(g, "swapped")?,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let branching = list(v, "branching")?
            .iter()
            .map(|n| n.as_u64().ok_or("bad branching count"))
            .collect::<Result<Vec<_>, _>>()?;
        let actions = list(v, "actions")?
            .iter()
            .map(|a| match (a[0].as_u64(), a[1].as_u64()) {
                (Some(c), Some(x)) if c <= u16::MAX as u64 && x <= u32::MAX as u64 => {
                    Ok((c as u16, x as u32))
                }
                _ => Err(format!("bad action {a}")),
            })
            .collect::<Result<BTreeSet<_>, String>>()?;
        let records = |l: &Value| -> Result<Vec<GameRecord>, String> {
            l.as_array()
                .ok_or("a list of games is not a list")?
                .iter()
                .map(record_from)
                .collect()
        };
        let ladder = list(v, "ladder")?
            .iter()
            .map(records)
            .collect::<Result<Vec<_>, _>>()?;
        let top = records(&v["top"])?;
        let mirror = list(v, "mirror")?
            .iter()
            .map(|l| {
                l.as_array()
                    .ok_or("a list of games is not a list")?
                    .iter()
                    .map(|g| {
                        Ok(MirrorGame {
                            record: record_from(g)?,
                            actions: u32::try_from(field_u64(g, "actions")?)
                                .map_err(|e| e.to_string())?,
                            mirrored: u32::try_from(field_u64(g, "mirrored")?)
                                .map_err(|e| e.to_string())?,
                        })
                    })
                    .collect::<Result<Vec<_>, String>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Raw {
            random,
            branching,
            actions,
            ladder,
            top,
            mirror,
        })
    }

    /// The games of each section: (name, indices).
    fn indices(&self) -> Vec<(String, Vec<u64>)> {
        let mut out = vec![(
            "random".to_string(),
            self.random.iter().map(|g| g.index).collect(),
        )];
        for (k, l) in self.ladder.iter().enumerate() {
            out.push((
                format!("ladder pair {}", k + 1),
                l.iter().map(|g| g.index).collect(),
            ));
        }
        out.push(("top".into(), self.top.iter().map(|g| g.index).collect()));
        for (j, m) in self.mirror.iter().enumerate() {
            out.push((
                format!("mirror {}", j + 1),
                m.iter().map(|g| g.record.index).collect(),
            ));
        }
        out
    }
}

impl Analysis {
    /// The shard document: header, slice, raw records and timing.
    pub fn shard_json(&self) -> Value {
        json!({
            "format": SHARD_FORMAT,
            "version": FORMAT_VERSION,
            "shard": {"index": self.shard.index, "count": self.shard.count},
            "header": self.header,
            "raw": self.raw.to_json(),
            "timing": self.timing.to_json(),
        })
    }

    /// The report: deterministic sections, then `timing`.
    pub fn report(&self) -> Value {
        let mut v = report(&self.header, &self.raw);
        v["timing"] = self.timing.to_json();
        v
    }
}

// ------------------------------------------------------------ the report

/// Histogram bins: the narrowest width of 1, 2, 5, 10, 20, 50, ... that
/// needs at most 20 bins, starting at a multiple of the width.
fn histogram(values: &[u32]) -> Value {
    let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
        return json!({"bin_width": 1, "bins": []});
    };
    let (min, max) = (min as u64, max as u64);
    let mut width = 1u64;
    let mut k = 0;
    loop {
        let lo = min / width * width;
        if (max - lo) / width < 20 {
            break;
        }
        k += 1;
        width = [1, 2, 5][k % 3] * 10u64.pow(k as u32 / 3);
    }
    let lo = min / width * width;
    let nbins = ((max - lo) / width + 1) as usize;
    let mut counts = vec![0u64; nbins];
    for &v in values {
        counts[((v as u64 - lo) / width) as usize] += 1;
    }
    let bins: Vec<Value> = counts
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let from = lo + i as u64 * width;
            json!({"from": from, "to": from + width - 1, "games": n})
        })
        .collect();
    json!({"bin_width": width, "bins": bins})
}

fn random_section(players: &[String], raw: &Raw) -> Value {
    let games = &raw.random;
    let n = games.len() as u64;
    if n == 0 {
        return json!({"games": 0});
    }
    let count = |f: &dyn Fn(&RandomGame) -> bool| games.iter().filter(|g| f(g)).count() as u64;
    let seats: Vec<Value> = (0..players.len())
        .map(|s| {
            let mut v = rate_json(count(&|g| g.winner_seat == Some(s)), n);
            v["seat"] = json!(s + 1);
            v
        })
        .collect();
    let by_player: Vec<Value> = players
        .iter()
        .enumerate()
        .map(|(p, name)| {
            let mut v = rate_json(count(&|g| g.result == Some(GameResult::Win(p as u8))), n);
            v["player"] = json!(name);
            v
        })
        .collect();
    let lengths: Vec<u32> = games.iter().map(|g| g.plies).collect();
    let total: u64 = lengths.iter().map(|&l| l as u64).sum();
    let mean = total as f64 / n as f64;
    let sd = if n > 1 {
        (lengths
            .iter()
            .map(|&l| (l as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1) as f64)
            .sqrt()
    } else {
        0.0
    };
    let plies: u64 = raw.branching.iter().sum();
    let legal: u64 = raw
        .branching
        .iter()
        .enumerate()
        .map(|(b, &k)| b as u64 * k)
        .sum();
    let mean_b = if plies == 0 {
        0.0
    } else {
        legal as f64 / plies as f64
    };
    let path: f64 = raw
        .branching
        .iter()
        .enumerate()
        .filter(|&(b, &k)| b > 0 && k > 0)
        .map(|(b, &k)| k as f64 * (b as f64).log10())
        .sum::<f64>()
        / n as f64;
    let bd = if mean_b > 0.0 {
        mean * mean_b.log10()
    } else {
        0.0
    };
    json!({
        "games": n,
        "by_seat": seats,
        "draws": rate_json(count(&|g| g.result == Some(GameResult::Draw)), n),
        "unfinished": rate_json(count(&|g| g.result.is_none()), n),
        "by_player": by_player,
        "seats_swapped": rate_json(count(&|g| g.swapped), n),
        "length": {
            "games": n,
            "mean": r4(mean),
            "sd": r4(sd),
            "min": lengths.iter().min(),
            "max": lengths.iter().max(),
            "histogram": histogram(&lengths),
        },
        "branching": {"plies": plies, "mean": r4(mean_b)},
        "distinct_actions": {"games": n, "count": raw.actions.len()},
        "tree_size": {
            "games": n,
            "log10_path": r4(path),
            "log10_b_pow_d": r4(bd),
        },
        "notes": RANDOM_NOTES,
    })
}

fn match_report(agents: [AgentSpec; 2], games: Vec<GameRecord>) -> MatchReport {
    MatchReport {
        agents,
        seed: 0,
        games,
        search: [None, None],
    }
}

/// Where a score's 95% interval lies: `above` or `below` one half,
/// `unclear` when it contains it.
fn verdict(t: &Tally) -> &'static str {
    let (lo, hi) = t.interval();
    if t.games == 0 {
        "no games"
    } else if lo > 0.5 {
        "above"
    } else if hi < 0.5 {
        "below"
    } else {
        "unclear"
    }
}

fn ladder_section(players: usize, settings: &Settings, raw: &Raw) -> Value {
    if players != 2 {
        return json!({"skipped": "the ladder needs a game of 2 players"});
    }
    if settings.ladder_games == 0 || settings.ladder.is_empty() {
        return json!({"skipped": "no ladder games asked for"});
    }
    let ladder = &settings.ladder;
    let pairs: Vec<Value> = raw
        .ladder
        .iter()
        .enumerate()
        .map(|(k, games)| {
            let r = match_report([mcts(ladder[k]), mcts(ladder[k + 1])], games.clone());
            let stronger = r.tally(1, None);
            let v = match verdict(&stronger) {
                "above" => "the stronger budget scores more (95% CI above 0.5)",
                "below" => "the weaker budget scores more (95% CI below 0.5)",
                "unclear" => "no clear difference at this sample size (95% CI contains 0.5)",
                other => other,
            };
            json!({
                "weaker": mcts(ladder[k]).to_string(),
                "stronger": mcts(ladder[k + 1]).to_string(),
                "games": games.len(),
                "stronger_score": tally_json(&stronger),
                "stronger_in_seat1": tally_json(&r.tally(1, Some(0))),
                "stronger_in_seat2": tally_json(&r.tally(1, Some(1))),
                "first_seat": tally_json(&r.seat_tally(0)),
                "verdict": v,
            })
        })
        .collect();
    let top = *ladder.last().expect("a ladder");
    let r = match_report([mcts(top), mcts(top)], raw.top.clone());
    let first = r.seat_tally(0);
    let mean_len = if raw.top.is_empty() {
        0.0
    } else {
        raw.top.iter().map(|g| g.plies as f64).sum::<f64>() / raw.top.len() as f64
    };
    let v = match verdict(&first) {
        "above" => "the first seat scores more (95% CI above 0.5)",
        "below" => "the second seat scores more (95% CI below 0.5)",
        "unclear" => "no clear seat advantage at this sample size (95% CI contains 0.5)",
        other => other,
    };
    json!({
        "budgets": ladder,
        "games_per_pair": settings.ladder_games,
        "pairs": pairs,
        "top": {
            "agent": mcts(top).to_string(),
            "games": raw.top.len(),
            "first_seat": tally_json(&first),
            "mean_length": r4(mean_len),
            "seats_swapped": rate_json(raw.top.iter().filter(|g| g.swapped).count() as u64, raw.top.len() as u64),
            "verdict": v,
        },
    })
}

fn mirror_section(header: &Value, settings: &Settings, raw: &Raw) -> Value {
    let plan = &header["mirror_plan"];
    if let Some(why) = plan["skipped"].as_str() {
        return json!({"skipped": why});
    }
    let syms = &header["symmetry"]["symmetries"];
    let tested: Vec<u64> = plan["symmetries"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let opponent = mcts(settings.mirror_budget);
    let results: Vec<Value> = tested
        .iter()
        .zip(&raw.mirror)
        .map(|(&j, games)| {
            let sym = &syms[j as usize];
            let records: Vec<GameRecord> = games.iter().map(|g| g.record.clone()).collect();
            let r = match_report([AgentSpec::Random, opponent], records);
            let score = r.tally(0, None);
            let v = match verdict(&score) {
                "above" => "copying wins here (95% CI above 0.5): look for a mirror strategy",
                "below" => "copying loses (95% CI below 0.5)",
                "unclear" => "no clear result at this sample size (95% CI contains 0.5)",
                other => other,
            };
            json!({
                "symmetry": sym["name"],
                "regions": sym["regions"],
                "games": games.len(),
                "mirror_score": tally_json(&score),
                "mirror_in_seat1": tally_json(&r.tally(0, Some(0))),
                "mirror_in_seat2": tally_json(&r.tally(0, Some(1))),
                "mirrored": rate_json(
                    games.iter().map(|g| g.mirrored as u64).sum(),
                    games.iter().map(|g| g.actions as u64).sum(),
                ),
                "verdict": v,
            })
        })
        .collect();
    json!({
        "opponent": opponent.to_string(),
        "games_per_symmetry": settings.mirror_games,
        "fallback": "random",
        "method": MIRROR_NOTES,
        "results": results,
    })
}

/// The report's deterministic part, from the header and the records of
/// every game.
pub fn report(header: &Value, raw: &Raw) -> Value {
    let players: Vec<String> = header["players"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|p| p.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let settings = Settings::from_json(&header["settings"]).unwrap_or_else(|_| Settings::new(0));
    let mut v = header.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("mirror_plan");
    }
    v["random"] = random_section(&players, raw);
    v["ladder"] = ladder_section(players.len(), &settings, raw);
    v["mirror"] = mirror_section(header, &settings, raw);
    v
}

// ------------------------------------------------------------- merging

/// The first place where two JSON values differ, as a path and both values.
fn first_difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                first_difference(
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    &p,
                )
            })
        }
        _ if a == b => None,
        _ => Some(format!("{path}: {a} vs {b}")),
    }
}

/// Combines the shard documents `(name, json)` of one run into the analysis
/// of the whole run. The shards must come from the same game, options and
/// settings, be distinct slices `i/n` of the same `n`, all present, and hold
/// exactly the games of their slice.
pub fn merge(shards: &[(String, Value)]) -> Result<Analysis, String> {
    let Some((first_name, _)) = shards.first() else {
        return Err("no shard files given".into());
    };
    let mut parsed = Vec::new();
    for (name, v) in shards {
        if v["format"] != json!(SHARD_FORMAT) {
            return Err(format!(
                "{name} is not a shard of `gdl analyze` (made with --shard i/n)"
            ));
        }
        if v["version"] != json!(FORMAT_VERSION) {
            return Err(format!(
                "{name} has shard format version {}, this gdl reads version {FORMAT_VERSION}",
                v["version"]
            ));
        }
        let (i, n) = (v["shard"]["index"].as_u64(), v["shard"]["count"].as_u64());
        let shard = match (i, n) {
            (Some(i), Some(n)) if i >= 1 && i <= n => Shard { index: i, count: n },
            _ => return Err(format!("{name}: bad shard {}", v["shard"])),
        };
        let raw = Raw::from_json(&v["raw"]).map_err(|e| format!("{name}: {e}"))?;
        parsed.push((
            name,
            shard,
            raw,
            Timing::from_json(&v["timing"]),
            &v["header"],
        ));
    }
    let header = parsed[0].4;
    Settings::from_json(&header["settings"]).map_err(|e| format!("{first_name}: {e}"))?;
    let n = parsed[0].1.count;
    let mut seen: Vec<Option<&String>> = vec![None; n as usize];
    for (name, shard, _, _, h) in &parsed {
        if let Some(d) = first_difference(header, h, "") {
            return Err(format!(
                "{name} and {first_name} are not shards of the same run (different {d})"
            ));
        }
        if shard.count != n {
            return Err(format!(
                "{name} is shard {shard} but {first_name} is shard {}: all shards must be i/{n}",
                parsed[0].1
            ));
        }
        if let Some(other) = seen[shard.index as usize - 1] {
            return Err(format!("{name} and {other} are both shard {shard}"));
        }
        seen[shard.index as usize - 1] = Some(name);
    }
    let missing: Vec<String> = (0..n)
        .filter(|&i| seen[i as usize].is_none())
        .map(|i| format!("{}/{n}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing shard {}", missing.join(", ")));
    }
    // Each shard holds exactly its slice of every section.
    let counts = section_counts(header)?;
    let (pairs, mirrors) = (counts.ladder.len(), counts.mirror.len());
    let mut raw = Raw {
        ladder: vec![Vec::new(); pairs],
        mirror: vec![Vec::new(); mirrors],
        ..Raw::default()
    };
    let mut timing = Timing::default();
    let mut actions = BTreeSet::new();
    for (name, shard, r, t, _) in &parsed {
        if r.ladder.len() != pairs || r.mirror.len() != mirrors {
            return Err(format!(
                "{name}: {} ladder pairs and {} mirror sections where the settings ask for {pairs} and {mirrors}",
                r.ladder.len(),
                r.mirror.len()
            ));
        }
        for ((section, indices), total) in r.indices().into_iter().zip(counts.all()) {
            let want: Vec<u64> = (0..total).filter(|&i| shard.includes(i)).collect();
            if indices != want {
                return Err(format!(
                    "{name}: the {section} games are not those of shard {shard} ({} games where {} were expected)",
                    indices.len(),
                    want.len()
                ));
            }
        }
        raw.random.extend(r.random.iter().cloned());
        for (k, l) in r.ladder.iter().enumerate() {
            raw.ladder[k].extend(l.iter().cloned());
        }
        raw.top.extend(r.top.iter().cloned());
        for (j, m) in r.mirror.iter().enumerate() {
            raw.mirror[j].extend(m.iter().cloned());
        }
        if raw.branching.len() < r.branching.len() {
            raw.branching.resize(r.branching.len(), 0);
        }
        for (b, k) in r.branching.iter().enumerate() {
            raw.branching[b] += k;
        }
        actions.extend(r.actions.iter().copied());
        timing.random_games += t.random_games;
        timing.random_plies += t.random_plies;
        timing.random_seconds += t.random_seconds;
        timing.search_games += t.search_games;
        timing.search_seconds += t.search_seconds;
        timing.wall_seconds += t.wall_seconds;
        timing.threads.extend(t.threads.iter().copied());
    }
    raw.actions = actions;
    raw.sort();
    Ok(Analysis {
        header: header.clone(),
        shard: Shard::ALL,
        raw,
        timing,
    })
}

/// How many games each section of a run has.
struct SectionCounts {
    random: u64,
    ladder: Vec<u64>,
    top: u64,
    mirror: Vec<u64>,
}

impl SectionCounts {
    /// In the order of [`Raw::indices`].
    fn all(&self) -> Vec<u64> {
        let mut out = vec![self.random];
        out.extend(&self.ladder);
        out.push(self.top);
        out.extend(&self.mirror);
        out
    }
}

/// The sections a run's header asks for (as [`analyze`] plans them).
fn section_counts(header: &Value) -> Result<SectionCounts, String> {
    let s = Settings::from_json(&header["settings"])?;
    let two = header["players"].as_array().map_or(0, Vec::len) == 2;
    let search = two && s.ladder_games > 0;
    let pairs = if search {
        s.ladder.len().saturating_sub(1)
    } else {
        0
    };
    let mirrors = header["mirror_plan"]["symmetries"]
        .as_array()
        .map_or(0, Vec::len);
    Ok(SectionCounts {
        random: s.games,
        ladder: vec![s.ladder_games; pairs],
        top: if search && !s.ladder.is_empty() {
            s.ladder_games
        } else {
            0
        },
        mirror: vec![s.mirror_games; mirrors],
    })
}
