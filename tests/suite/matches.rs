//! `gdl match`: many games between two agents, run as a real process. The
//! results do not depend on the number of threads, seats alternate, the
//! pie rule's swap is credited to the right agent, and the JSON has a fixed
//! shape. The seats and tallies are also checked through the library.

use std::path::Path;

use gdl::agent::{AgentSpec, run_match};
use gdl::engine::GameResult;
use gdl::load;
use gdl::mcts::Budget;
use gdl::rules::Player;
use serde_json::Value;

use crate::common::gdl;

fn json(args: &[&str]) -> Value {
    let r = gdl(args);
    assert_eq!(r.code, 0, "gdl {args:?}: {r:?}");
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {r:?}"))
}

/// The JSON without the search timings, which vary from run to run.
fn without_timings(mut v: Value) -> Value {
    for id in ["p1", "p2"] {
        if let Some(s) = v[id]["search"].as_object_mut() {
            s.remove("seconds");
            s.remove("iterations_per_sec");
        }
    }
    v
}

const TTT: &str = "games/tictactoe.gdl";

#[test]
fn results_do_not_depend_on_threads() {
    for (file, options) in [(TTT, &[][..]), ("games/hex.gdl", &["-o", "size=4"][..])] {
        let run = |seed: &str, threads: &str| {
            let base = [
                "match", file, "--p1", "mcts:60", "--p2", "random", "-n", "9", "--json",
            ];
            let more = ["--seed", seed, "--threads", threads];
            json(&[&base[..], options, &more[..]].concat())
        };
        let one = run("5", "1");
        assert_eq!(
            without_timings(one.clone()),
            without_timings(run("5", "2")),
            "{file}"
        );
        assert_eq!(
            without_timings(one.clone()),
            without_timings(run("5", "4")),
            "{file}"
        );
        // And another seed gives other games.
        assert_ne!(one["games"], run("6", "2")["games"], "{file}");
    }
}

#[test]
fn json_shape() {
    let v = json(&[
        "match",
        "games/hex.gdl",
        "-o",
        "size=3",
        "--p1",
        "mcts:50",
        "--p2",
        "random",
        "-n",
        "5",
        "--json",
    ]);
    assert_eq!(v["game"], "Hex");
    assert_eq!(v["options"]["size"], "3");
    assert_eq!(v["seed"], 1);
    assert_eq!(v["count"], 5);
    let tally_keys = [
        "games",
        "wins",
        "losses",
        "draws",
        "unfinished",
        "score",
        "ci95",
    ];
    let check_tally = |t: &Value, what: &str| {
        for k in tally_keys {
            assert!(!t[k].is_null(), "{what} lacks {k}: {t}");
        }
        let games = t["games"].as_u64().expect("games");
        let sum = ["wins", "losses", "draws"]
            .iter()
            .map(|k| t[k].as_u64().expect("count"))
            .sum::<u64>();
        assert_eq!(sum, games, "{what}: {t}");
        let score = t["score"].as_f64().expect("score");
        let (lo, hi) = (
            t["ci95"][0].as_f64().expect("lo"),
            t["ci95"][1].as_f64().expect("hi"),
        );
        assert!(
            0.0 <= lo && lo <= score && score <= hi && hi <= 1.0,
            "{what}: {t}"
        );
    };
    for id in ["p1", "p2"] {
        check_tally(&v[id], id);
        check_tally(&v[id]["seat1"], id);
        check_tally(&v[id]["seat2"], id);
        assert_eq!(v[id]["games"], 5);
    }
    check_tally(&v["first_seat"], "first_seat");
    assert_eq!(v["p1"]["agent"], "mcts:50");
    assert_eq!(v["p2"]["agent"], "random");
    assert_eq!(v["p1"]["seat1"]["games"], 3, "games 0, 2, 4");
    assert_eq!(v["p1"]["seat2"]["games"], 2);
    assert!(v["p1"]["search"]["iterations"].as_u64().expect("n") > 0);
    assert!(v["p1"]["search"]["iterations_per_sec"].is_number());
    assert!(v["p2"]["search"].is_null());
    assert_eq!(
        v["p1"]["wins"].as_u64().expect("w"),
        v["p2"]["losses"].as_u64().expect("l")
    );
    let games = v["games"].as_array().expect("games list");
    assert_eq!(games.len(), 5);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["index"], i);
        assert_eq!(g["p1_seat"], if i % 2 == 0 { 1 } else { 2 });
        assert!(g["seed"].is_u64());
        assert!(g["plies"].as_u64().expect("plies") >= 3);
        assert!(g["swapped"].is_boolean());
        let result = g["result"].as_str().expect("result");
        assert!(["black", "white"].contains(&result), "{g}");
        assert!(
            ["p1", "p2"].contains(&g["winner"].as_str().expect("winner")),
            "{g}"
        );
    }
    assert!(v["score_note"].as_str().expect("note").contains("Wilson"));
}

#[test]
fn text_output() {
    let r = gdl(&[
        "match", TTT, "--p1", "mcts:200", "--p2", "random", "-n", "4",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[0], "Tic-tac-toe: p1 mcts:200 vs p2 random, 4 games, seed 1",
        "{r:?}"
    );
    assert!(
        lines[1].contains("games") && lines[1].contains("95% CI"),
        "{r:?}"
    );
    assert!(lines[2].starts_with("p1 mcts:200"), "{r:?}");
    assert!(lines[3].starts_with("  in seat 1"), "{r:?}");
    assert!(lines[5].starts_with("p2 random"), "{r:?}");
    assert!(lines[8].starts_with("first seat"), "{r:?}");
    assert!(lines[9].contains("iterations/s"), "{r:?}");
    assert!(r.stdout.contains("(wins + draws/2) / games"), "{r:?}");
    assert!(r.stdout.contains("Wilson"), "{r:?}");
}

#[test]
fn bad_agents_and_counts_exit_2() {
    for (agent, message) in [
        ("robot", "unknown agent `robot`"),
        ("mcts", "needs a budget"),
        ("mcts:0", "at least 1 iteration"),
        ("mcts:fast", "bad search budget"),
        ("mcts:0s", "out of range"),
    ] {
        let r = gdl(&["match", TTT, "--p1", agent, "--p2", "random"]);
        assert_eq!(r.code, 2, "{agent}: {r:?}");
        assert!(r.stderr.contains(message), "{agent}: {r:?}");
        assert!(
            r.stderr.contains("mcts:"),
            "{agent}: lists the forms: {r:?}"
        );
    }
    let r = gdl(&["match", TTT, "--p1", "human", "--p2", "random"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.starts_with("error: --p1 human"), "{r:?}");
    for args in [
        &["match", TTT, "--p1", "random"][..],
        &["match", TTT, "--p1", "random", "--p2", "random", "-n", "0"],
        &[
            "match",
            TTT,
            "--p1",
            "random",
            "--p2",
            "random",
            "--threads",
            "0",
        ],
    ] {
        assert_eq!(gdl(args).code, 2, "{args:?}");
    }
    let r = gdl(&[
        "match",
        "games/nope.gdl",
        "--p1",
        "random",
        "--p2",
        "random",
    ]);
    assert_eq!(r.code, 3, "{r:?}");
}

// ---------------------------------------------------------------- library

fn game(file: &str, options: &[&str]) -> gdl::engine::Game {
    let choices: Vec<gdl::OptionChoice> =
        options.iter().map(|o| o.parse().expect("option")).collect();
    load(Path::new(file), &choices).unwrap_or_else(|f| panic!("{}", f.render()))
}

#[test]
fn seats_alternate_and_tallies_add_up() {
    let g = game(TTT, &[]);
    let r = run_match(&g, [AgentSpec::Random, AgentSpec::Random], 30, 2, 9);
    for (i, rec) in r.games.iter().enumerate() {
        assert_eq!(rec.index, i as u64);
        assert_eq!(rec.p1_seat, i % 2);
        // Without a pie rule, x (the first player) is always seat 1.
        match rec.result {
            Some(GameResult::Win(p)) => {
                let seat = p.index();
                let agent = if seat == rec.p1_seat { 0 } else { 1 };
                assert_eq!(rec.winner, Some(agent), "{rec:?}");
            }
            _ => assert_eq!(rec.winner, None),
        }
    }
    let (a, b) = (r.tally(0, None), r.tally(1, None));
    assert_eq!(a.wins, b.losses);
    assert_eq!(a.draws, b.draws);
    assert_eq!(a.games, 30);
    let first = r.seat_tally(0);
    let second = r.seat_tally(1);
    assert_eq!(first.wins, second.losses);
    assert_eq!(first.games, 30);
    // Tic-tac-toe favours the first player even at random.
    assert!(first.wins > first.losses, "{first:?}");
}

/// With the pie rule, the agent that wins is the one in the seat that
/// controls the winning colour at the end. Hex 2×2: the search swaps after
/// a winning first stone and then wins with Black from the second seat.
#[test]
fn the_swap_is_credited_to_the_seat_that_took_it() {
    let g = game("games/hex.gdl", &["size=2"]);
    let r = run_match(
        &g,
        [AgentSpec::Random, AgentSpec::Mcts(Budget::Iterations(300))],
        40,
        2,
        3,
    );
    let swapped: Vec<_> = r.games.iter().filter(|g| g.swapped).collect();
    assert!(!swapped.is_empty(), "the search never swapped");
    for rec in &r.games {
        if rec.swapped && rec.result == Some(GameResult::Win(Player::new(0))) {
            // Black won after the swap: the seat that swapped won.
            let black_seat_at_end = 1;
            let agent = if rec.p1_seat == black_seat_at_end {
                0
            } else {
                1
            };
            assert_eq!(rec.winner, Some(agent), "{rec:?}");
        }
    }
    // In the second seat the search never loses on a 2×2 board: it swaps
    // a first stone on the short diagonal (which wins) and blocks the others.
    let t = r.tally(1, Some(1));
    assert_eq!((t.games, t.losses), (20, 0), "{t:?}");
}
