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

// Stratego: red sees where blue's pieces stand, not what they are
// (`view owners`), so MCTS searches positions with blue's unseen kinds
// dealt anew (`Game::shuffle_hidden_kinds`), never the real ones.

fn stratego() -> Game {
    game("games/stratego.gdl", &[])
}

fn from_text(g: &Game, text: &str) -> State {
    let start = gdl::notation::read_position(g, text).expect("a position");
    g.start_at(&start)
}

/// Red's marshal next to two blue pieces: a bomb on e5 and a spy on f5 in
/// one position, the other way round in the other. Attacking the bomb
/// loses the marshal; attacking the spy takes it.
const BOMB_FIRST: &str = "9f/10/10/10/6/2bs2/4M5/10/10/F8T r 0 -";
const SPY_FIRST: &str = "9f/10/10/10/6/2sb2/4M5/10/10/F8T r 0 -";

#[test]
fn stratego_positions_that_differ_in_unseen_kinds_look_the_same_to_red() {
    let g = stratego();
    let (one, other) = (from_text(&g, BOMB_FIRST), from_text(&g, SPY_FIRST));
    let red = Player::new(0);
    assert_eq!(g.view_key(&one, red), g.view_key(&other, red));
    assert_ne!(
        g.view_key(&one, Player::new(1)),
        g.view_key(&other, Player::new(1))
    );
    assert_ne!(one.hash(), other.hash());
}

#[test]
fn stratego_mcts_chooses_the_same_whatever_red_cannot_see_though_a_peeking_search_would_not() {
    let g = stratego();
    let mut peeking_differs = false;
    for seed in 0..4 {
        let budget = Budget::Iterations(300);
        let (mut a, mut b) = (Mcts::new(budget, seed), Mcts::new(budget, seed));
        let (one, other) = (from_text(&g, BOMB_FIRST), from_text(&g, SPY_FIRST));
        assert_eq!(a.choose(&g, &one), b.choose(&g, &other), "seed {seed}");
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
fn stratego_draws_deal_unseen_kinds_among_pieces_with_the_same_marks() {
    let g = stratego();
    // Blue's general on e7 steps to e6 (marked `moved`); red is to move.
    let mut st = from_text(&g, "9f/10/10/4g5/6/2bs2/4M5/10/10/F8T b 0 -");
    let step = action(&g, &st, "e7-e6");
    g.play_unchecked(&mut st, step);
    let red = Player::new(0);
    let cell = |label: &str| g.board().cell_by_label(label).expect("a cell");
    let kind = |st: &State, label: &str| {
        let piece = g.piece_at(st, cell(label)).expect("a piece");
        g.rules.pieces[piece.kind.index()].clone()
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut arrangements = std::collections::HashSet::new();
    for _ in 0..40 {
        let world = Sight::default()
            .draw(&g, &st, &mut rng)
            .expect("a position is drawn");
        assert_eq!(g.view_key(&world, red), g.view_key(&st, red));
        // The general moved: no piece that never moved trades kinds with it.
        assert_eq!(kind(&world, "e6"), "general");
        arrangements.insert((kind(&world, "e5"), kind(&world, "f5"), kind(&world, "j10")));
    }
    // The bomb, the spy and the flag trade places: all six ways turn up.
    assert_eq!(arrangements.len(), 6, "{arrangements:?}");
}

#[test]
fn battleships_hidden_fleet_is_never_dealt_anew_where_its_cells_are_unseen() {
    // Battleship's view owners show a hit as the enemy's ship; but where
    // the unhit ships stand is hidden too (`?`), so dealing kinds over the
    // real cells would read it. Draws replay the game instead.
    let g = game("games/battleship.gdl", &[]);
    let setup = "a1 e1 a2 d2 a3 c3 a4 c4 a5 b5 l1 p1 l2 o2 l3 n3 l4 n4 l5 m5 l5 a10";
    let mut sight = Sight::default();
    let mut st = g.start();
    for word in setup.split_whitespace() {
        let a = action(&g, &st, word);
        sight.record(&g, &st, a);
        g.play_unchecked(&mut st, a);
    }
    let red = Player::new(0);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    assert!(g.shuffle_hidden_kinds(&st, red, &mut rng).is_none());
    let mut fleets = std::collections::HashSet::new();
    for _ in 0..10 {
        let world = sight.draw(&g, &st, &mut rng).expect("a position is found");
        assert_eq!(g.view_key(&world, red), g.view_key(&st, red));
        fleets.insert(world.hash());
    }
    // Blue's fleet, all but the hit on l5, is anywhere it could be.
    assert!(fleets.len() >= 8, "only {} fleets drawn", fleets.len());
}
