//! Playing the games of a run on threads: the jobs, the mirror agent and
//! the progress bar.

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::header::{mcts, mirror_plan};
use super::symmetry::{self, Symmetry};
use super::{
    Analysis, FirstAction, MirrorGame, RandomGame, Raw, Settings, Shard, Timing, header,
    section_seed,
};
use crate::agent::{self, GameRecord, agent_seed, game_seed};
use crate::cancel::Cancel;
use crate::engine::{Action, Game, GameResult, TurnTooLong, take_turn_too_long};
use crate::mcts::{Budget, Mcts};
use crate::rules::Player;
use crate::{pool, run};

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
    cancel: &'a Cancel,
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
                    agent::play_game(self.game, agents, self.ladder_seeds[k], i, self.cancel).0,
                )
            }
            Job::Top(i) => {
                let agents = [mcts(self.top()), mcts(self.top())];
                Done::Top(agent::play_game(self.game, agents, self.top_seed, i, self.cancel).0)
            }
            Job::Mirror(j, i) => Done::Mirror(
                j,
                mirror_game(
                    self.game,
                    &self.syms[j],
                    self.settings.mirror_budget,
                    self.mirror_seeds[j],
                    i,
                    self.cancel,
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
    let mut first = None;
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
        if first.is_none()
            && let Some(cell) = a.cell().or(a.move_cells().map(|(_, to)| to))
        {
            first = Some(FirstAction {
                cell: cell.index() as u32,
                player: st.mover.index() as u8,
            });
        }
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
        swapped: (0..game.rules.players.len()).any(|p| game.seat_of(&st, Player::new(p)) != p),
        first,
    }
}

/// One game of the mirror (agent 0, p1) against MCTS (agent 1): the mirror
/// takes seat 1 in even-numbered games. See the [module docs](super).
/// The game stops, unfinished, soon after `cancel` is raised.
pub fn mirror_game(
    game: &Game,
    sym: &Symmetry,
    budget: u64,
    seed: u64,
    index: u64,
    cancel: &Cancel,
) -> MirrorGame {
    let gseed = game_seed(seed, index);
    let mirror_seat = (index % 2) as usize;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(agent_seed(gseed, 0));
    let mut search =
        Mcts::new(Budget::Iterations(budget), agent_seed(gseed, 1)).with_cancel(cancel.clone());
    let mut st = game.start();
    let limit = run::ply_limit(game);
    // The opponent's actions since the mirror last acted.
    let mut pending: Vec<Action> = Vec::new();
    let mut mirror_last = false;
    let (mut actions, mut mirrored) = (0u32, 0u32);
    let mut plies = 0;
    while !st.is_over() && plies < limit && !cancel.is_cancelled() {
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
            swapped: (0..game.rules.players.len()).any(|p| game.seat_of(&st, Player::new(p)) != p),
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
    /// Redraws the bar every quarter second until `finished`, then clears it.
    fn show_until(&self, finished: &AtomicBool) {
        let mut err = std::io::stderr();
        while !finished.load(Ordering::Relaxed) {
            let _ = write!(err, "{}", self.line());
            let _ = err.flush();
            for _ in 0..5 {
                if finished.load(Ordering::Relaxed) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let blank = " ".repeat(self.line().len());
        let _ = write!(err, "\r{blank}\r");
        let _ = err.flush();
    }

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

/// Why an analysis stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Its cancel flag was raised.
    Cancelled,
    /// A `keep turns with` search gave up: the game's turns are too long
    /// to judge.
    TurnTooLong(TurnTooLong),
}

/// Plays the games of `shard` on `threads` threads and collects their
/// records. With `progress`, a progress bar goes to standard error when it
/// is a terminal. Raising `cancel` stops the run soon (between games, and
/// inside searches every few iterations); the command line passes
/// [`Cancel::never`].
pub fn analyze(
    game: &Game,
    source: &str,
    settings: &Settings,
    shard: Shard,
    threads: usize,
    progress: bool,
    cancel: &Cancel,
) -> Result<Analysis, Stopped> {
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
        cancel,
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

    let finished = AtomicBool::new(false);
    let bar = Progress {
        total_weight: jobs.iter().map(|&j| plan.weight(j)).sum(),
        total_games: jobs.len(),
        weight: AtomicU64::new(0),
        games: AtomicUsize::new(0),
        begin: Instant::now(),
    };
    let show = progress && std::io::stderr().is_terminal();
    let (done, workers) = std::thread::scope(|s| {
        if show {
            s.spawn(|| bar.show_until(&finished));
        }
        let played = pool::run(
            jobs.len(),
            threads,
            cancel,
            || (Totals::default(), Vec::new()),
            |(totals, legal), k| {
                let done = plan.run(jobs[k], totals, legal);
                bar.weight
                    .fetch_add(plan.weight(jobs[k]), Ordering::Relaxed);
                bar.games.fetch_add(1, Ordering::Relaxed);
                done
            },
        );
        finished.store(true, Ordering::Relaxed);
        played
    });
    // Games cut short are no record of the game: the run is void.
    if let Some(cut) = take_turn_too_long() {
        return Err(Stopped::TurnTooLong(cut));
    }
    if cancel.is_cancelled() {
        return Err(Stopped::Cancelled);
    }

    let mut raw = Raw {
        ladder: vec![Vec::new(); plan.pairs()],
        mirror: vec![Vec::new(); plan.syms.len()],
        ..Raw::default()
    };
    let mut timing = Timing {
        threads: vec![workers.len() as u64],
        ..Timing::default()
    };
    let mut actions = HashSet::new();
    for d in done {
        match d {
            Done::Random(g) => raw.random.push(g),
            Done::Ladder(k, g) => raw.ladder[k].push(g),
            Done::Top(g) => raw.top.push(g),
            Done::Mirror(j, g) => raw.mirror[j].push(g),
        }
    }
    for (totals, _) in workers {
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
    Ok(Analysis {
        header,
        shard,
        raw,
        timing,
    })
}
