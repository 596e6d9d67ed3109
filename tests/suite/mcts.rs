//! Monte Carlo tree search: determinism, budgets, strength against random
//! play, tree reuse, several actions in a row by one player (Ecalper) and
//! the pie rule, checked against exact game values on tiny boards.

use crate::common::{after, game};

use gdl::agent::{AgentSpec, run_match};
use gdl::engine::{Action, Game, GameResult, State};
use gdl::mcts::{Budget, Mcts};
use gdl::notation;

fn text(g: &Game, st: &State, a: Action) -> String {
    let mut legal = Vec::new();
    g.legal_actions(st, &mut legal);
    notation::format(g, &legal, a)
}

fn mcts(n: u64, seed: u64) -> Mcts {
    Mcts::new(Budget::Iterations(n), seed)
}

/// Plays a whole game between two searchers (seat 1 first), each told of
/// every action; every action is checked legal. Returns the actions.
fn self_play(g: &Game, bots: &mut [Mcts; 2]) -> (Vec<Action>, State) {
    let mut st = g.start();
    let mut actions = Vec::new();
    while !st.is_over() {
        let seat = g.seat_of(&st, st.mover);
        let a = bots[seat]
            .choose(g, &st)
            .expect("an action while the game runs");
        for b in bots.iter_mut() {
            b.advance(g, &st, a);
        }
        g.play(&mut st, a)
            .expect("the search chooses legal actions");
        actions.push(a);
        assert!(actions.len() < 10_000, "the game does not end");
    }
    (actions, st)
}

// ---------------------------------------------------------------- determinism

#[test]
fn same_seed_and_budget_give_the_same_game() {
    for (file, options, n) in [
        ("games/tictactoe.gdl", &[][..], 300),
        ("games/hex.gdl", &["size=5"][..], 200),
    ] {
        let g = game(file, options);
        let play = |s1, s2| self_play(&g, &mut [mcts(n, s1), mcts(n, s2)]).0;
        let first = play(1, 2);
        assert_eq!(first, play(1, 2), "{file}: same seeds, another game");
        // The seeds matter: some other pair of seeds plays another game.
        assert!(
            (3..10).any(|s| play(s, s + 100) != first),
            "{file}: the seed changes nothing"
        );
    }
}

#[test]
fn same_seed_gives_the_same_choices_and_statistics() {
    let g = game("games/hex.gdl", &["size=5"]);
    let st = after(&g, "c3");
    let mut a = mcts(1000, 42);
    let mut b = mcts(1000, 42);
    assert_eq!(a.choose(&g, &st), b.choose(&g, &st));
    assert_eq!(a.root_children(), b.root_children());
}

// ---------------------------------------------------------------- budget

#[test]
fn an_iteration_budget_is_exactly_that_many_iterations() {
    let g = game("games/hex.gdl", &["size=5"]);
    let st = g.start();
    let mut m = mcts(777, 1);
    let a = m.choose(&g, &st).expect("a move");
    assert_eq!(m.last_search().iterations, 777);
    assert_eq!(m.root_visits(), 777);
    let visits: u32 = m.root_children().iter().map(|c| c.visits).sum();
    assert_eq!(visits, 777, "every iteration goes through a child");
    // The next search adds exactly its budget to the reused tree.
    m.advance(&g, &st, a);
    let mut next = st.clone();
    g.play_unchecked(&mut next, a);
    let kept = m.root_visits();
    m.choose(&g, &next).expect("a reply");
    assert_eq!(m.last_search().iterations, 777);
    assert_eq!(m.root_visits(), kept + 777);
    assert_eq!(m.total().iterations, 2 * 777);
}

#[test]
fn a_time_budget_stops_in_time() {
    let g = game("games/hex.gdl", &[]);
    let mut m = Mcts::new(Budget::Time(std::time::Duration::from_millis(150)), 1);
    let begin = std::time::Instant::now();
    m.choose(&g, &g.start()).expect("a move");
    let took = begin.elapsed().as_secs_f64();
    assert!((0.15..1.0).contains(&took), "{took} s");
    assert!(m.last_search().iterations > 10);
}

#[test]
fn no_choice_without_a_game_and_no_search_for_a_forced_action() {
    let g = game("games/tictactoe.gdl", &[]);
    let over = after(&g, "a1 a2 b1 b2 c1");
    assert!(over.is_over());
    assert_eq!(mcts(100, 1).choose(&g, &over), None);
    let forced = after(&g, "a1 a2 b1 b2 c2 c1 a3 b3");
    let mut m = mcts(100, 1);
    let a = m.choose(&g, &forced).expect("one empty cell");
    assert_eq!(text(&g, &forced, a), "c3");
    assert_eq!(m.last_search().iterations, 0);
}

// ---------------------------------------------------------------- strength

#[test]
fn mcts_beats_random_at_tictactoe() {
    let g = game("games/tictactoe.gdl", &[]);
    let r = run_match(
        &g,
        [AgentSpec::Mcts(Budget::Iterations(500)), AgentSpec::Random],
        40,
        2,
        1,
    );
    let t = r.tally(0, None);
    assert_eq!(t.games, 40);
    assert!(t.losses <= 4, "{t:?}");
    assert!(t.wins > 20, "{t:?}");
    // Both seats: it wins as the second player too.
    assert!(r.tally(0, Some(1)).wins >= 10, "{t:?}");
}

#[test]
fn mcts_beats_random_at_hex() {
    let g = game("games/hex.gdl", &["size=5"]);
    let r = run_match(
        &g,
        [AgentSpec::Random, AgentSpec::Mcts(Budget::Iterations(300))],
        20,
        2,
        7,
    );
    let t = r.tally(1, None);
    assert!(t.wins >= 17, "{t:?}");
}

/// Sanity check of the test above: random against random is even.
#[test]
fn random_does_not_beat_random_like_that() {
    let g = game("games/hex.gdl", &["size=5"]);
    let r = run_match(&g, [AgentSpec::Random, AgentSpec::Random], 20, 1, 7);
    let t = r.tally(1, None);
    assert!((3..=17).contains(&t.wins), "{t:?}");
}

// ---------------------------------------------------------------- tree reuse

#[test]
fn the_tree_is_kept_for_the_action_played() {
    let g = game("games/hex.gdl", &["size=5"]);
    let st = g.start();
    let mut m = mcts(2000, 3);
    let a = m.choose(&g, &st).expect("a move");
    let child = m
        .root_children()
        .into_iter()
        .find(|c| c.action == a)
        .expect("the chosen action is a child");
    assert!(child.visits > 0);
    m.advance(&g, &st, a);
    assert_eq!(m.root_visits(), child.visits);
    let size = m.tree_size();
    assert!(size > 1, "the subtree is kept");

    // The opponent's reply, if it was explored, is kept too.
    let mut next = st.clone();
    g.play_unchecked(&mut next, a);
    let reply = m
        .root_children()
        .into_iter()
        .max_by_key(|c| c.visits)
        .expect("the new root has children");
    m.advance(&g, &next, reply.action);
    assert_eq!(m.root_visits(), reply.visits);
    assert!(m.tree_size() < size);
}

#[test]
fn an_unexplored_or_foreign_action_drops_the_tree() {
    let g = game("games/hex.gdl", &["size=5"]);
    let st = g.start();
    let mut m = mcts(10, 3);
    m.choose(&g, &st).expect("a move");
    let unexplored = m
        .root_children()
        .into_iter()
        .find(|c| c.visits == 0)
        .expect("10 iterations leave most of 25 actions unexplored");
    m.advance(&g, &st, unexplored.action);
    assert_eq!(m.root_visits(), 0);
    assert_eq!(m.tree_size(), 0);

    // A search from a position the tree does not know starts afresh.
    let mut m = mcts(100, 3);
    m.choose(&g, &st).expect("a move");
    let elsewhere = after(&g, "a1 b2");
    m.choose(&g, &elsewhere).expect("a move");
    assert_eq!(m.root_visits(), 100);
}

// ---------------------------------------------------------------- exact values

/// The exact value of `st` for seat 0 (win 1, draw ½, loss 0), by full
/// search: seat 0 maximises, the other seat minimises. For tiny games.
fn value(g: &Game, st: &State) -> f64 {
    match st.result() {
        Some(GameResult::Win(p)) => return if g.seat_of(st, p) == 0 { 1.0 } else { 0.0 },
        Some(GameResult::Draw) => return 0.5,
        None => {}
    }
    let mut legal = Vec::new();
    g.legal_actions(st, &mut legal);
    let max = g.seat_of(st, st.mover) == 0;
    let mut best = if max { f64::MIN } else { f64::MAX };
    for a in legal {
        let mut next = st.clone();
        g.play_unchecked(&mut next, a);
        let v = value(g, &next);
        best = if max { best.max(v) } else { best.min(v) };
    }
    best
}

/// The actions of `st` with their exact values for the seat to move.
fn action_values(g: &Game, st: &State) -> Vec<(Action, f64)> {
    let mut legal = Vec::new();
    g.legal_actions(st, &mut legal);
    let seat = g.seat_of(st, st.mover);
    legal
        .into_iter()
        .map(|a| {
            let mut next = st.clone();
            g.play_unchecked(&mut next, a);
            let v = value(g, &next);
            (a, if seat == 0 { v } else { 1.0 - v })
        })
        .collect()
}

/// Checks that a fresh search picks a best action in `st`.
fn assert_finds_best(g: &Game, st: &State, budget: u64, seed: u64, what: &str) -> bool {
    let values = action_values(g, st);
    let best = values.iter().map(|v| v.1).fold(f64::MIN, f64::max);
    if values.iter().all(|v| v.1 == best) {
        return false; // nothing to find
    }
    let a = mcts(budget, seed).choose(g, st).expect("a move");
    let v = values.iter().find(|v| v.0 == a).expect("a legal action").1;
    let good: Vec<String> = values
        .iter()
        .filter(|v| v.1 == best)
        .map(|v| text(g, st, v.0))
        .collect();
    assert_eq!(
        v,
        best,
        "{what}: chose {} (value {v}), best are {good:?} (value {best})",
        text(g, st, a)
    );
    true
}

/// The pie rule: on a 2×2 Hex board the first stone on the short diagonal
/// (b1) wins, so the second seat must swap; a corner stone (a1) loses, so it
/// must not. The swapping seat takes over Black, the colour that moved: a
/// search crediting rewards by colour instead of by seat gets this wrong.
#[test]
fn the_pie_rule_is_taken_exactly_when_it_wins() {
    let g = game("games/hex.gdl", &["size=2"]);
    for (moves, swap) in [("b1", true), ("a2", true), ("a1", false), ("b2", false)] {
        let st = after(&g, moves);
        let values = action_values(&g, &st);
        let swap_value = values
            .iter()
            .find(|v| v.0 == Action::pie())
            .expect("swap")
            .1;
        assert_eq!(swap_value == 1.0, swap, "{moves}: {values:?}");
        for seed in 1..4 {
            let mut m = mcts(400, seed);
            let a = m.choose(&g, &st).expect("a move");
            assert_eq!(
                a == Action::pie(),
                swap,
                "{moves}, seed {seed}: {}",
                text(&g, &st, a)
            );
            // The search's own estimate of the swap, for the seat taking it.
            let kids = m.root_children();
            let pie = kids
                .iter()
                .find(|c| c.action == Action::pie())
                .expect("swap");
            if swap {
                assert!(pie.score > 0.8 && pie.visits > 300, "{moves}: {kids:?}");
            } else {
                assert!(pie.score < 0.5, "{moves}: {kids:?}");
            }
        }
    }
}

/// Ecalper: each turn is four actions by one player (the first turn three),
/// so levels of the tree do not alternate between players. On the smallest
/// board the game tree is tiny: at every decision of many games where a
/// wrong choice exists, the search must find a best one.
#[test]
fn ecalper_several_actions_in_a_row_are_judged_by_their_player() {
    let g = game("games/ecalper.gdl", &["size=2"]);
    let mut found = 0;
    for seed in 0..6u64 {
        // Black's first turn at random (too big to solve exactly), then
        // the rest of the game with a search on both sides.
        let mut st = g.start();
        let mut rng = <rand::rngs::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(seed);
        for _ in 0..3 {
            let a = g.random_action(&st, &mut rng).expect("black adds");
            g.play_unchecked(&mut st, a);
        }
        let mut bots = [mcts(1500, seed), mcts(1500, seed + 50)];
        let mut runs = Vec::new();
        while !st.is_over() {
            let what = format!("seed {seed}, ply {}", st.ply + 1);
            if assert_finds_best(&g, &st, 1500, seed, &what) {
                found += 1;
            }
            let seat = g.seat_of(&st, st.mover);
            let a = bots[seat].choose(&g, &st).expect("a move");
            for b in bots.iter_mut() {
                b.advance(&g, &st, a);
            }
            runs.push(st.mover);
            g.play(&mut st, a).expect("legal");
        }
        assert!(st.result().is_some());
        // The turns really were several actions long: four in a row
        // (or, after a swap, the same colour again).
        assert!(
            runs.windows(4).any(|w| w.iter().all(|&p| p == w[0])),
            "{runs:?}"
        );
    }
    assert!(found >= 6, "only {found} decisions with a wrong choice");
}

/// A whole game of Ecalper on boards of size 2 and 3 between searches and
/// against random play: only legal actions, and the game ends.
#[test]
fn ecalper_games_are_complete_and_legal() {
    for size in ["size=2", "size=3"] {
        let g = game("games/ecalper.gdl", &[size]);
        let (actions, st) = self_play(&g, &mut [mcts(300, 1), mcts(300, 2)]);
        assert!(st.result().is_some(), "{size}");
        assert_eq!(st.ply as usize, actions.len());
        let r = run_match(
            &g,
            [AgentSpec::Mcts(Budget::Iterations(200)), AgentSpec::Random],
            4,
            1,
            3,
        );
        assert!(r.games.iter().all(|r| r.result.is_some()), "{size}");
    }
}
