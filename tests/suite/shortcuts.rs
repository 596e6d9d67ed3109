//! Every engine shortcut against the plain path: each shipped game,
//! prepared with all shortcuts, with none and with each one off alone,
//! counts the same perft (actions and distinct positions, and whole
//! turns) and plays the same seeded games to the same ends.

use gdl::engine::{Action, Game, GameResult, Shortcut, Shortcuts};
use gdl::run::{perft, perft_turns_depth};
use rand::SeedableRng;

/// The deepest level a game's counts reach: small enough that the plain
/// path counts it quickly on every game.
const MOST_NODES: u64 = 4_000;
const MOST_DEPTH: usize = 3;
const SEEDS: u64 = 2;
/// Whole turns are compared where there are at most this many.
const MOST_TURNS: u64 = 50_000;
/// Plies of each seeded game: enough to reach the middle of most games.
const PLIES: usize = 120;

/// Whether whole turns are counted too.
#[derive(Clone, Copy)]
enum Counted {
    Turns,
    ActionsOnly,
}

/// What a game does with some shortcuts: all of it must not depend on them.
#[derive(Debug, PartialEq)]
struct Behaviour {
    /// Per depth: action sequences and distinct positions.
    perft: Vec<(u64, Option<u64>)>,
    /// Whole turns from a position a few turns in (turn 1 may be long:
    /// Breakthru's places twelve ships), one turn deep, or why not.
    turns: Result<u64, String>,
    /// Per seed: the actions played and the end.
    games: Vec<(Vec<Action>, Option<GameResult>)>,
}

/// The depth whose counts stay under `MOST_NODES` with all shortcuts.
fn depth_for(g: &Game) -> usize {
    let start = g.start();
    let mut depth = 1;
    while depth < MOST_DEPTH {
        let counts = perft(g, &start, depth + 1, false);
        if counts.last().is_none_or(|c| c.nodes > MOST_NODES) {
            break;
        }
        depth += 1;
    }
    depth
}

/// Whole turns one deep from a few turns in, with all shortcuts.
fn turns(g: &Game) -> Result<u64, String> {
    perft_turns_depth(g, &a_few_turns_in(g), 1, false)
        .map(|c| c.nodes)
        .map_err(|e| e.to_string())
}

/// What `g` does; whole turns are counted when `with_turns`.
fn behaviour(g: &Game, depth: usize, with_turns: Counted) -> Behaviour {
    let start = g.start();
    let counts = perft(g, &start, depth, true);
    let turns = match with_turns {
        Counted::Turns => turns(g),
        Counted::ActionsOnly => Ok(0),
    };
    let games = (1..=SEEDS).map(|seed| seeded_game(g, seed)).collect();
    Behaviour {
        perft: counts.iter().map(|c| (c.nodes, c.unique)).collect(),
        turns,
        games,
    }
}

/// The first `PLIES` actions of a random game, and its end if reached.
fn seeded_game(g: &Game, seed: u64) -> (Vec<Action>, Option<GameResult>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut st = g.start();
    let mut actions = Vec::new();
    while actions.len() < PLIES
        && let Some(a) = g.random_action(&st, &mut rng)
    {
        g.play_unchecked(&mut st, a);
        actions.push(a);
    }
    (actions, st.result())
}

/// The position of the first seeded game once it reaches turn 3 (or its
/// end, or `PLIES` plies).
fn a_few_turns_in(g: &Game) -> gdl::engine::State {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0);
    let mut st = g.start();
    for _ in 0..PLIES {
        if st.turn >= 3 {
            break;
        }
        let Some(a) = g.random_action(&st, &mut rng) else {
            break;
        };
        g.play_unchecked(&mut st, a);
    }
    st
}

/// Every shortcut configuration compared, for one game: what differs.
fn differences(file: &str) -> Vec<String> {
    let load = |on: Shortcuts| {
        gdl::load_with(file.as_ref(), &[], on).unwrap_or_else(|e| panic!("{}", e.render()))
    };
    let fast = load(Shortcuts::all());
    let depth = depth_for(&fast);
    // Ecalper's turns (a stone replaced, three placed) are millions.
    let turns = match turns(&fast) {
        Ok(n) if n > MOST_TURNS => Counted::ActionsOnly,
        Ok(_) | Err(_) => Counted::Turns,
    };
    let expected = behaviour(&fast, depth, turns);
    assert!(expected.perft.iter().all(|&(n, _)| n > 0) || expected.perft.len() == 1);
    let mut configs = vec![Shortcuts::none()];
    configs.extend(
        Shortcut::ALL
            .iter()
            .map(|&(s, _)| Shortcuts::all().without(s)),
    );
    let mut out = Vec::new();
    for on in configs {
        let got = behaviour(&load(on), depth, turns);
        if got != expected {
            out.push(format!(
                "{file} with shortcuts {on}: {got:?}\n  differs from all: {expected:?}"
            ));
        }
    }
    out
}

#[test]
fn every_shortcut_off_plays_every_shipped_game_as_all_on() {
    let files = crate::common::shipped_games();
    assert!(files.len() >= 39, "{} games", files.len());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let found = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(file) = files.get(i) else { break };
                    let d = differences(file);
                    found.lock().expect("not poisoned").extend(d);
                }
            });
        }
    });
    let found = found.into_inner().expect("not poisoned");
    assert!(found.is_empty(), "{}", found.join("\n"));
}
