//! Agents in games with hidden information (`view`): the positions MCTS
//! searches are drawn among those its player cannot tell from the real one,
//! so its choice never depends on what the player cannot see.

use crate::common::game;

use gdl::agent::{AgentSpec, run_match};
use gdl::engine::{Action, Game, State};
use gdl::ids::Player;
use gdl::mcts::{Budget, Mcts};
use gdl::notation;
use gdl::sight::Sight;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The legal action written `word`.
fn action(g: &Game, st: &State, word: &str) -> Action {
    let mut legal = Vec::new();
    g.legal_actions(st, &mut legal);
    notation::parse(g, st, &legal, word).expect("a legal action")
}

/// Plays `moves` from the start, telling `search` of each.
fn play(g: &Game, search: &mut Mcts, moves: &str) -> State {
    let mut st = g.start();
    for word in moves.split_whitespace() {
        let a = action(g, &st, word);
        search.advance(g, &st, a);
        g.play_unchecked(&mut st, a);
    }
    st
}

fn phantom() -> Game {
    game("games/phantom-tictactoe.gdl", &[])
}

/// x placed b2, o placed a3 in one game and c1 in the other (each after a
/// failed try at b2 in the first): x saw the same in both.
const ONE: &str = "b2 b2 a3";
const OTHER: &str = "b2 c1";

#[test]
fn the_two_histories_differ_only_in_what_x_cannot_see() {
    let g = phantom();
    let mut s = Mcts::new(Budget::Iterations(1), 0);
    let (one, other) = (play(&g, &mut s, ONE), play(&g, &mut s, OTHER));
    let x = Player::new(0);
    assert_eq!(g.view_key(&one, x), g.view_key(&other, x));
    assert_ne!(
        g.view_key(&one, Player::new(1)),
        g.view_key(&other, Player::new(1))
    );
    assert_ne!(one.hash(), other.hash());
}

#[test]
fn mcts_chooses_the_same_whatever_x_cannot_see_though_a_peeking_search_would_not() {
    let g = phantom();
    let mut peeking_differs = false;
    for seed in 0..6 {
        let budget = Budget::Iterations(400);
        let (mut a, mut b) = (Mcts::new(budget, seed), Mcts::new(budget, seed));
        let (one, other) = (play(&g, &mut a, ONE), play(&g, &mut b, OTHER));
        assert_eq!(a.choose(&g, &one), b.choose(&g, &other), "seed {seed}");
        assert_eq!(a.last_search().iterations, b.last_search().iterations);
        // The plain search reads the real position: it is the one the test
        // would catch.
        let (mut pa, mut pb) = (Mcts::new(budget, seed), Mcts::new(budget, seed));
        pa.search(&g, &one, budget);
        pb.search(&g, &other, budget);
        peeking_differs |= pa.best() != pb.best();
    }
    assert!(
        peeking_differs,
        "no seed tells the two positions apart: the test could not fail"
    );
}

#[test]
fn positions_drawn_look_the_same_to_the_player_and_vary_where_it_cannot_see() {
    let g = phantom();
    let mut sight = Sight::default();
    let mut st = g.start();
    for word in ONE.split_whitespace() {
        let a = action(&g, &st, word);
        sight.record(&g, &st, a);
        g.play_unchecked(&mut st, a);
    }
    let x = Player::new(0);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut hashes = std::collections::HashSet::new();
    for _ in 0..40 {
        let world = sight.draw(&g, &st, &mut rng).expect("a position is found");
        assert_eq!(world.mover, x);
        assert_eq!(g.view_key(&world, x), g.view_key(&st, x));
        hashes.insert(world.hash());
    }
    // o's stone is on any of the eight cells x has not tried.
    assert!(hashes.len() >= 6, "only {} positions drawn", hashes.len());
}

#[test]
fn mcts_beats_random_play_without_seeing() {
    let g = phantom();
    let r = run_match(
        &g,
        [AgentSpec::Mcts(Budget::Iterations(200)), AgentSpec::Random],
        20,
        2,
        7,
    );
    let t = r.tally(0, None);
    assert_eq!(t.games, 20);
    assert!(
        t.score() > 0.65,
        "mcts scored {} against random: {t:?}",
        t.score()
    );
}
