//! Perfect play (`gdl solve`, `gdl::solve`): values by expectimax over
//! every reachable position, against figures worked out by hand.

use crate::common::{after, game, gdl};
use gdl::solve::{Graph, Solution};

fn solve(g: &gdl::engine::Game, st: &gdl::engine::State) -> Solution {
    Graph::walk(g, st, 1_000_000)
        .expect("small enough")
        .values()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn tictactoe_is_a_draw_and_an_edge_reply_to_the_centre_loses() {
    let g = game("games/tictactoe.gdl", &[]);
    let s = solve(&g, &g.start());
    // The 5,478 positions tic-tac-toe can reach, the start included.
    assert_eq!(s.positions, 5478);
    assert_eq!(s.chance_positions, 0);
    assert!(s.settled());
    assert_eq!(s.value, [0.0, 0.0]);
    assert_eq!((s.draw, s.endless), (1.0, 0.0));
    assert_eq!(s.first_actions.len(), 9);
    assert!(s.first_actions.iter().all(|a| a.1 == 0.0));
    // x in the centre, o on an edge: x wins by force, and o's corner
    // replies hold the draw.
    let lost = solve(&g, &after(&g, "b2 a2"));
    assert_eq!(lost.value, [1.0, -1.0]);
    assert_eq!(lost.wins, [1.0, 0.0]);
    let replies = solve(&g, &after(&g, "b2"));
    let by_name: Vec<(String, f64)> = {
        let st = after(&g, "b2");
        let mut legal = Vec::new();
        g.legal_actions(&st, &mut legal);
        (replies.first_actions.iter())
            .map(|&(a, v)| (gdl::notation::format(&g, &legal, a), v))
            .collect()
    };
    for (name, v) in &by_name {
        let corner = ["a1", "a3", "c1", "c3"].contains(&name.as_str());
        assert_eq!(*v, if corner { 0.0 } else { -1.0 }, "o at {name}");
    }
}

/// First picks a coin (won on heads) or a die (won on 1 to 4).
const COIN_OR_DIE: &str = "game Chances
    board square(1)
    players first, second
    pieces token
    variables pick, die
    turn: choose pick from 1, 2,
          roll die from 1, 2 if pick = 1,
          roll die from 1, 2, 3, 4, 5, 6 if pick = 2
    end if die > 0 and (pick = 1 and die = 1 or pick = 2 and die <= 4): first wins
    end if die > 0: second wins";

#[test]
fn chance_is_averaged_and_the_better_gamble_chosen() {
    let g = gdl::load_source(COIN_OR_DIE, "chances.gdl", &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = solve(&g, &g.start());
    // The start, two rolls, their 2 + 6 ends.
    assert_eq!((s.positions, s.chance_positions), (11, 2));
    assert!(close(s.value[0], 1.0 / 3.0) && close(s.value[1], -1.0 / 3.0));
    assert!(close(s.wins[0], 2.0 / 3.0) && close(s.wins[1], 1.0 / 3.0));
    let values: Vec<f64> = s.first_actions.iter().map(|a| a.1).collect();
    assert!(
        close(values[0], 1.0 / 3.0) && close(values[1], 0.0),
        "{values:?}"
    );
}

#[test]
fn pig_passing_with_nothing_banked_gives_the_other_the_same_game() {
    // Stopping at once hands the other player the start: its value for
    // the first seat is the start's, negated. A hash that mixed up two
    // variables' values broke this from target 11.
    for target in ["target=10", "target=14"] {
        let g = game("games/pig.gdl", &[target]);
        let start = solve(&g, &g.start());
        let passed = solve(&g, &after(&g, "decision=stop"));
        assert!(start.settled() && passed.settled());
        assert!(start.value[0] > 0.3, "{target}: {:?}", start.value);
        assert!(close(passed.value[0], -start.value[0]), "{target}");
        assert!(close(passed.wins[1], start.wins[0]), "{target}");
    }
}

/// Each player in turn sets `x` to 1 or 2, until the end rule given.
fn choosing(end: &str) -> gdl::engine::Game {
    let source = format!(
        "game Choosing
         board square(1)
         players first, second
         pieces token
         variables x
         turn: choose x from 1, 2
         {end}"
    );
    gdl::load_source(&source, "choosing.gdl", &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn turns_are_told_apart_only_where_the_rules_read_them() {
    // Read: the same x and player on turns 3 and 5 are different
    // positions, and the game ends on turn 6.
    let g = choosing("end if turn > 5: first wins");
    let s = solve(&g, &g.start());
    assert_eq!(s.value, [1.0, -1.0]);
    assert_eq!(s.positions, 1 + 2 * 6);
    // Not read: the positions repeat, and play never ends.
    let g = choosing("end if x = 3: first wins");
    let s = solve(&g, &g.start());
    assert_eq!(s.positions, 5);
    assert_eq!(s.value, [0.0, 0.0]);
    assert_eq!((s.draw, s.endless), (0.0, 1.0));
}

#[test]
fn the_command_prints_values_and_refuses_too_many_positions() {
    let run = gdl(&["solve", "games/pig.gdl", "-o", "target=10", "--json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(v["game"], "Pig");
    assert_eq!(v["settled"], true);
    let first = v["seats"][0]["value"].as_f64().expect("a value");
    assert!(close(
        first,
        -v["seats"][1]["value"].as_f64().expect("a value")
    ));
    assert_eq!(v["first_actions"][0]["action"], "decision=roll");
    let run = gdl(&["solve", "games/tictactoe.gdl"]);
    assert!(run.stdout.contains("5478 positions"), "{run:?}");
    assert!(run.stdout.contains("draw 100.00%"), "{run:?}");
    let run = gdl(&["solve", "games/tictactoe.gdl", "--limit", "100"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("more than 100 positions"), "{run:?}");
    let run = gdl(&["solve", "games/tictactoe.gdl", "--limit", "0"]);
    assert_ne!(run.code, 0, "{run:?}");
}
