//! The JSON API of `gdl serve` (docs/serve.md), through the binary on a
//! free port: games and options, positions, play by notation and by
//! cells, undo, explain, agents, records, edits and saving, and the
//! refusals (bad input, paths outside the ones served, a port in use).

use serde_json::{Value, json};

use super::client::{self, Served, post, request};
use crate::common::gdl;

fn tictactoe() -> Served {
    client::serve(client::game_copies(
        "serve-api",
        &["tictactoe.gdl", "hex.gdl", "breakthrough.gdl"],
    ))
}

/// The fields of a state answer, or a panic with the answer.
fn state(s: &Served, body: Value) -> Value {
    let a = post(&s.addr, "/api/state", &body);
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

#[test]
fn lists_the_games_served_with_their_options() {
    let s = tictactoe();
    let a = request(&s.addr, "GET", "/api/games", &[], b"");
    assert_eq!(a.status, 200, "{}", a.body);
    let games = a.json()["games"].as_array().cloned().unwrap();
    let names: Vec<&str> = games.iter().map(|g| g["game"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "games/breakthrough.gdl",
            "games/hex.gdl",
            "games/tictactoe.gdl"
        ]
    );
    let hex = &games[1];
    assert_eq!(hex["title"], "Hex");
    assert_eq!(hex["options"][0]["name"], "size");
    assert_eq!(hex["options"][0]["allowed"], "1..26");
    // The page itself.
    let page = request(&s.addr, "GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("<script src=\"app.js\""),
        "{}",
        page.body
    );
}

#[test]
fn options_are_checked_as_on_the_command_line() {
    let s = tictactoe();
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": "games/hex.gdl", "options": ["size=0"] }),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    let cli = gdl(&["show", "games/hex.gdl", "-o", "size=0"]);
    assert_eq!(a.json()["error"], cli.stderr);
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": "games/hex.gdl", "options": ["size"] }),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": "games/hex.gdl", "options": ["size=3"] }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let g = a.json();
    assert_eq!(g["title"], "Hex (size=3, swap=on)");
    assert_eq!(g["state"]["legal"].as_array().unwrap().len(), 9);
}

#[test]
fn plays_by_notation_and_by_cells_undoes_and_wins() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    let start = state(&s, json!({ "game": game }));
    assert_eq!(start["to_move"], "x");
    assert_eq!(start["legal"].as_array().unwrap().len(), 9);
    assert!(start["svg"].as_str().unwrap().contains("data-cell=\"b2\""));
    let a = post(
        &s.addr,
        "/api/play",
        &json!({ "game": game, "cells": ["b2"] }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let after = a.json();
    assert_eq!(after["moves"], json!(["b2"]));
    assert_eq!(after["last"], json!(["b2"]));
    assert_eq!(after["to_move"], "o");
    // Undo is the same list without its last action.
    let undone = state(&s, json!({ "game": game, "moves": [] }));
    assert_eq!(undone["svg"], start["svg"]);
    // Play on to a win: x takes the diagonal.
    let mut moves = vec!["b2"];
    for m in ["a2", "a1", "c2", "c3"] {
        let a = post(
            &s.addr,
            "/api/play",
            &json!({ "game": game, "moves": moves, "action": m }),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        moves.push(m);
    }
    let won = state(&s, json!({ "game": game, "moves": moves }));
    assert_eq!(won["over"], true);
    assert_eq!(won["result"], "x wins");
    assert_eq!(won["reason"], json!(null));
    assert_eq!(won["legal"], json!([]));
    // The rules edited to give the end rule a reason: the state says it.
    let text = std::fs::read_to_string(s.dir.join(game)).unwrap();
    let source = text.replace(
        "end if line(own, 3): mover wins",
        "end if line(own, 3): mover wins \"three in a row\"",
    );
    assert_ne!(source, text);
    let said = state(
        &s,
        json!({ "game": game, "moves": moves, "source": source }),
    );
    assert_eq!(said["reason"], "three in a row");
}

#[test]
fn a_refused_action_says_why_with_the_rules_line() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    let a = post(
        &s.addr,
        "/api/play",
        &json!({ "game": game, "moves": ["b2"], "action": "b2" }),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    let cli = gdl(&["explain", game, "--moves", "b2", "b2"]);
    assert_eq!(
        format!("{}\n", a.json()["error"].as_str().unwrap()),
        cli.stdout
    );
    assert!(
        cli.stdout.contains("(games/tictactoe.gdl:8)"),
        "{}",
        cli.stdout
    );
    let a = post(
        &s.addr,
        "/api/play",
        &json!({ "game": game, "moves": ["b2"], "cells": ["b2"] }),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .contains("b2 holds x's stone"),
        "{}",
        a.body
    );
    let a = post(
        &s.addr,
        "/api/explain",
        &json!({ "game": game, "moves": ["b2"], "action": "b2" }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["legal"], false);
    assert_eq!(
        format!("{}\n", a.json()["text"].as_str().unwrap()),
        cli.stdout
    );
    // A list of moves with a refused one names it.
    let a = post(
        &s.addr,
        "/api/state",
        &json!({ "game": game, "moves": ["b2", "b2"] }),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.json()["index"], 1);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("action 2 (`b2`): ")
    );
}

#[test]
fn moves_a_pawn_by_its_two_cells() {
    let s = tictactoe();
    let game = "games/breakthrough.gdl";
    let start = state(&s, json!({ "game": game }));
    let legal = start["legal"].as_array().unwrap();
    assert!(
        legal
            .iter()
            .any(|l| l["text"] == "a2-a3" && l["cells"] == json!(["a2", "a3"]))
    );
    let a = post(
        &s.addr,
        "/api/play",
        &json!({ "game": game, "cells": ["a2", "a3"] }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["moves"], json!(["a2-a3"]));
    let a = post(
        &s.addr,
        "/api/play",
        &json!({ "game": game, "cells": ["a2", "a5"] }),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    let a = post(
        &s.addr,
        "/api/play",
        &json!({ "game": game, "cells": ["z99"] }),
    );
    assert_eq!(a.status, 400, "{}", a.body);
}

#[test]
fn agents_choose_within_the_budgets_allowed() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    for agent in ["random", "mcts:200"] {
        let a = post(
            &s.addr,
            "/api/agent",
            &json!({ "game": game, "moves": ["b2"], "agent": agent }),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        let action = a.json()["action"].as_str().unwrap().to_string();
        let p = post(
            &s.addr,
            "/api/play",
            &json!({ "game": game, "moves": ["b2"], "action": action }),
        );
        assert_eq!(p.status, 200, "{agent} chose {action}: {}", p.body);
    }
    for agent in ["mcts:100000000", "mcts:1h", "mcts:60s", "human", "genius"] {
        let a = post(
            &s.addr,
            "/api/agent",
            &json!({ "game": game, "agent": agent }),
        );
        assert_eq!(a.status, 400, "{agent}: {}", a.body);
    }
}

#[test]
fn a_roll_is_chances_and_the_random_agent_draws_it() {
    let s = client::serve(client::game_copies("serve-chance", &["pig.gdl"]));
    let game = "games/pig.gdl";
    let first = state(&s, json!({ "game": game }));
    assert_eq!(first["chance"], false);
    let rolled = state(&s, json!({ "game": game, "moves": ["decision=roll"] }));
    assert_eq!(rolled["chance"], true);
    let mut faces = std::collections::BTreeSet::new();
    for seed in 1..=40 {
        let a = post(
            &s.addr,
            "/api/agent",
            &json!({ "game": game, "moves": ["decision=roll"], "agent": "random", "seed": seed }),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        faces.insert(a.json()["action"].as_str().unwrap().to_string());
    }
    // 40 draws of a die: every face, none chosen.
    assert_eq!(faces.len(), 6, "{faces:?}");
}

#[test]
fn a_players_view_shows_only_what_it_sees() {
    let s = client::serve(client::game_copies(
        "serve-view",
        &["phantom-tictactoe.gdl"],
    ));
    let game = "games/phantom-tictactoe.gdl";
    // x takes b2; o finds it, then takes a3.
    let moves = json!(["b2", "b2", "a3"]);
    let all = state(&s, json!({ "game": game, "moves": moves }));
    assert_eq!(all["hidden"], true);
    assert_eq!(all["seen_by"], Value::Null);
    assert_eq!(all["moves"].as_array().unwrap().len(), 3);
    let x = state(&s, json!({ "game": game, "moves": moves, "as": "x" }));
    assert_eq!(x["seen_by"], "x");
    let svg = x["svg"].as_str().unwrap();
    // x sees its b2 and nothing else: eight cells unseen, one stone drawn.
    assert_eq!(svg.matches("class=\"unseen\"").count(), 8, "{svg}");
    assert_eq!(svg.matches("class=\"piece\"").count(), 1, "{svg}");
    assert!(x["text"].as_str().unwrap().contains("seen by x"));
    assert_eq!(x["turns"], json!([]));
    assert_eq!(x["last"], json!([]));
    assert_eq!(x["legal"].as_array().unwrap().len(), 8, "x is to move");
    let o = state(&s, json!({ "game": game, "moves": moves, "as": "o" }));
    let svg = o["svg"].as_str().unwrap();
    assert_eq!(svg.matches("class=\"unseen\"").count(), 7, "{svg}");
    assert_eq!(o["legal"], json!([]), "o is not to move");
    // The playground's agent learns x's past from the moves: it answers.
    let a = post(
        &s.addr,
        "/api/agent",
        &json!({ "game": game, "moves": moves, "agent": "mcts:200" }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let bad = post(
        &s.addr,
        "/api/state",
        &json!({ "game": game, "moves": moves, "as": "z" }),
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(bad.body.contains("`as` names a player"), "{}", bad.body);
}

#[test]
fn a_record_downloaded_opens_again() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    let moves = json!(["b2", "a2", "a1", "c2", "c3"]);
    let a = post(
        &s.addr,
        "/api/record",
        &json!({ "game": game, "moves": moves, "seats": ["human", "mcts:500"] }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.body.starts_with("# gdl record\n"), "{}", a.body);
    assert!(a.body.contains("seats: x=human o=mcts:500\n"), "{}", a.body);
    assert!(a.body.ends_with("result: x wins\n"), "{}", a.body);
    let o = post(&s.addr, "/api/open", &json!({ "record": a.body }));
    assert_eq!(o.status, 200, "{}", o.body);
    assert_eq!(o.json()["moves"], moves);
    assert_eq!(o.json()["game"], game);
    let broken = a.body.replace("turn 2: a2", "turn 2: b2");
    let o = post(&s.addr, "/api/open", &json!({ "record": broken }));
    assert_eq!(o.status, 422, "{}", o.body);
    assert!(
        o.json()["error"].as_str().unwrap().contains("line 9"),
        "{}",
        o.body
    );
}

#[test]
fn edited_rules_are_checked_with_the_command_lines_messages_and_saved() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    let path = s.dir.join(game);
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text.replace("place stone at empty", "place stone at emptee");
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": game, "source": broken }),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    let e = a.json();
    assert_eq!(e["kind"], "check");
    assert_eq!(e["diagnostics"][0]["line"], 8);
    assert_eq!(e["diagnostics"][0]["col"], 22);
    // The same text as `gdl check` prints for such a file.
    let copy = s.dir.join("broken.gdl");
    std::fs::write(&copy, &broken).unwrap();
    let cli = gdl(&["check", copy.to_str().unwrap()]);
    let shown = cli.stderr.replace(copy.to_str().unwrap(), game);
    assert_eq!(e["error"], shown);
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": game, "source": "game x\nboard (" }),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.json()["kind"], "syntax");
    assert_eq!(a.json()["diagnostics"][0]["line"], 2);
    // Fixed and played with the text edited, not the file.
    let renamed = text.replace("Tic-tac-toe", "Noughts");
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": game, "source": renamed }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["title"], "Noughts");
    // Saved atomically (nothing left beside it) and read back; the save
    // names the version it replaces.
    let on_disk = post(&s.addr, "/api/source", &json!({ "game": game })).json();
    let a = post(
        &s.addr,
        "/api/save",
        &json!({ "game": game, "source": renamed, "base": on_disk["hash"] }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), renamed);
    let a = post(&s.addr, "/api/source", &json!({ "game": game }));
    assert_eq!(a.json()["source"], renamed);
    let hidden = std::fs::read_dir(s.dir.join("games"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .count();
    assert_eq!(hidden, 0);
}

#[test]
fn paths_outside_the_ones_served_are_refused() {
    let s = tictactoe();
    let secret = s.dir.join("secret.gdl");
    std::fs::write(&secret, "game Secret\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&secret, s.dir.join("games/link.gdl")).unwrap();
    let outside = [
        "games/../secret.gdl",
        "secret.gdl",
        "games/link.gdl",
        "/etc/passwd",
        "games/tictactoe.tests",
        "games",
    ];
    for name in outside {
        for route in ["/api/source", "/api/game", "/api/save"] {
            let a = post(
                &s.addr,
                route,
                &json!({ "game": name, "source": "game Evil\n" }),
            );
            assert_eq!(a.status, 403, "{route} {name}: {}", a.body);
        }
    }
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "game Secret\n");
    let games = request(&s.addr, "GET", "/api/games", &[], b"").json();
    assert!(!games.to_string().contains("link.gdl"), "{games}");
    // A record naming a file that is not served.
    let record = "# gdl record\ngame: Secret\nfile: ../secret.gdl\nsource: fnv1a64:0000000000000000\noptions:\nseats: x=human\nseed: 1\n";
    let a = post(&s.addr, "/api/open", &json!({ "record": record }));
    assert_eq!(a.status, 404, "{}", a.body);
    // Nothing but the page's files is served by GET.
    for path in ["/../Cargo.toml", "/games/tictactoe.gdl", "/src/main.rs"] {
        assert_eq!(
            request(&s.addr, "GET", path, &[], b"").status,
            404,
            "{path}"
        );
    }
}

/// A request (method, path, headers, body) and the status it gets.
type Case<'a> = (&'a str, &'a str, Vec<(&'a str, &'a str)>, Vec<u8>, u16);

#[test]
fn bad_requests_get_a_json_error() {
    let s = tictactoe();
    let json_type = [("Content-Type", "application/json")];
    let cases: Vec<Case> = vec![
        (
            "POST",
            "/api/state",
            json_type.to_vec(),
            b"{not json".to_vec(),
            400,
        ),
        (
            "POST",
            "/api/state",
            json_type.to_vec(),
            b"[1, 2]".to_vec(),
            400,
        ),
        (
            "POST",
            "/api/state",
            json_type.to_vec(),
            br#"{"game": 3}"#.to_vec(),
            400,
        ),
        (
            "POST",
            "/api/state",
            json_type.to_vec(),
            br#"{"moves": ["a1"]}"#.to_vec(),
            400,
        ),
        (
            "POST",
            "/api/state",
            json_type.to_vec(),
            br#"{"game": "games/tictactoe.gdl", "moves": "b2"}"#.to_vec(),
            400,
        ),
        (
            "POST",
            "/api/state",
            vec![("Content-Type", "text/plain")],
            br#"{"game": "games/tictactoe.gdl"}"#.to_vec(),
            415,
        ),
        (
            "POST",
            "/api/nothing",
            json_type.to_vec(),
            b"{}".to_vec(),
            404,
        ),
        ("DELETE", "/api/state", vec![], vec![], 405),
        (
            "POST",
            "/api/state",
            json_type.to_vec(),
            vec![b' '; 5 << 20],
            413,
        ),
    ];
    for (method, path, headers, body, status) in cases {
        let a = request(&s.addr, method, path, &headers, &body);
        assert_eq!(a.status, status, "{method} {path}: {}", a.body);
        assert!(a.json()["error"].is_string(), "{}", a.body);
    }
    // Another host name (a page elsewhere, pointed here by its name server).
    let mut stream = std::net::TcpStream::connect(&s.addr).unwrap();
    use std::io::{Read, Write};
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 403"), "{text}");
    // The server still answers.
    assert_eq!(request(&s.addr, "GET", "/api/games", &[], b"").status, 200);
}

#[test]
fn an_address_that_listens_everywhere_is_refused() {
    // Requests are checked against the address browsers open; these
    // listen on every address, which no request names.
    for host in ["0.0.0.0", "::", "::ffff:0.0.0.0", "0:0:0:0:0:ffff:0:0"] {
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_gdl"))
            .args(["serve", "--host", host, "--port", "0", "games"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("gdl serve starts");
        let mut child = client::Killed(child);
        // A server that listens instead of refusing never ends: give it
        // ten seconds.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let code = loop {
            if let Some(status) = child.0.try_wait().unwrap() {
                break status.code();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{host}: the server listens instead of refusing"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        let mut stderr = String::new();
        use std::io::Read;
        child
            .0
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(code, Some(2), "{host}: {stderr}");
        assert!(
            stderr.contains("give the address browsers will open"),
            "{host}: {stderr}"
        );
    }
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let s = tictactoe();
    let port = s.addr.rsplit(':').next().unwrap();
    let run = gdl(&["serve", "--port", port, "games"]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(
        run.stderr
            .contains(&format!("port {port} on 127.0.0.1 is in use")),
        "{run:?}"
    );
    let run = gdl(&["serve", "--port", "0", "no-such-folder"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("cannot serve no-such-folder"),
        "{run:?}"
    );
}

#[test]
fn two_tabs_on_one_game_do_not_disturb_each_other() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    // A long search in one tab...
    let addr = s.addr.clone();
    let search = std::thread::spawn(move || {
        post(
            &addr,
            "/api/agent",
            &json!({ "game": game, "agent": "mcts:1500ms" }),
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    // ...while another tab plays its own game on the same file.
    let one = state(&s, json!({ "game": game, "moves": ["a1"] }));
    let two = state(&s, json!({ "game": game, "moves": ["c3", "b2"] }));
    assert!(!search.is_finished(), "the other tab waited for the search");
    assert_eq!(one["to_move"], "o");
    assert_eq!(two["to_move"], "x");
    assert_eq!(one["moves"], json!(["a1"]));
    assert_eq!(two["moves"], json!(["c3", "b2"]));
    let a = search.join().unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
}

/// Asks how analysis `run` goes until it has ended; its last answer.
fn analysis_end(s: &Served, run: u64) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let p = post(&s.addr, "/api/analysis", &json!({ "run": run }));
        assert_eq!(p.status, 200, "{}", p.body);
        let p = p.json();
        assert!(
            p["done"].as_u64().unwrap() <= p["shards"].as_u64().unwrap(),
            "{p}"
        );
        if p["state"] != "running" {
            return p;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the analysis does not end"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn an_analysis_runs_in_the_background_with_its_progress() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    let small = json!({ "game": game, "games": 30, "ladder": "5,10", "ladder_games": 2, "mirror_games": 1 });
    let a = post(&s.addr, "/api/analyze", &small);
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["shards"], 10);
    let p = analysis_end(&s, a.json()["run"].as_u64().unwrap());
    assert_eq!(p["state"], "done", "{p}");
    assert_eq!(p["done"], 10);
    assert!(
        p["markdown"].as_str().unwrap().contains("Tic-tac-toe"),
        "{p}"
    );
    let charts = p["charts"].as_array().unwrap();
    assert_eq!(charts.len(), 5);
    assert!(
        charts
            .iter()
            .all(|c| c["svg"].as_str().unwrap().starts_with("<svg"))
    );
    for bad in [
        json!({ "game": game, "games": 0 }),
        json!({ "game": game, "games": 1_000_000 }),
        json!({ "game": game, "ladder": "100,10" }),
        json!({ "game": game, "ladder": "10,5000" }),
        json!({ "game": game, "ladder_games": -1 }),
    ] {
        let a = post(&s.addr, "/api/analyze", &bad);
        assert_eq!(a.status, 400, "{bad}: {}", a.body);
    }
    assert_eq!(
        post(&s.addr, "/api/analysis", &json!({ "run": 99 })).status,
        404
    );
    assert_eq!(post(&s.addr, "/api/analysis", &json!({})).status, 400);
}

#[test]
fn one_analysis_at_a_time_and_a_cancelled_one_stops() {
    let s = tictactoe();
    let long = json!({ "game": "games/breakthrough.gdl", "games": 100, "ladder": "10,300", "ladder_games": 6, "mirror_games": 0 });
    let a = post(&s.addr, "/api/analyze", &long);
    assert_eq!(a.status, 200, "{}", a.body);
    let run = a.json()["run"].as_u64().unwrap();
    let again = post(&s.addr, "/api/analyze", &long);
    assert_eq!(again.status, 409, "{}", again.body);
    let c = post(&s.addr, "/api/cancel", &json!({ "run": run }));
    assert_eq!(c.status, 200, "{}", c.body);
    let p = analysis_end(&s, run);
    assert_eq!(p["state"], "cancelled", "{p}");
    assert!(p["done"].as_u64().unwrap() < 10, "{p}");
    // Another may start now.
    let small = json!({ "game": "games/tictactoe.gdl", "games": 10, "ladder": "5", "ladder_games": 0, "mirror_games": 0 });
    let a = post(&s.addr, "/api/analyze", &small);
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        analysis_end(&s, a.json()["run"].as_u64().unwrap())["state"],
        "done"
    );
}

#[test]
fn hostile_requests_never_break_the_server() {
    let s = tictactoe();
    let long = "é".repeat(100_000);
    let values = [
        json!(null),
        json!(true),
        json!(-1),
        json!(1e300),
        json!("games/tictactoe.gdl"),
        json!("\u{0}\u{1}../\\"),
        json!(long),
        json!(["b2", 7, null]),
        json!(["b2/b2", "b2-", "-", "swap/swap", ""]),
        json!({ "a": 1 }),
    ];
    let routes = [
        "game", "source", "state", "play", "explain", "agent", "record", "open", "save",
        "analysis", "cancel",
    ];
    let fields = [
        "game", "options", "moves", "action", "cells", "agent", "seed", "seats", "record",
        "source", "run",
    ];
    // Seeded choices of a route and a value for each field.
    let mut x: u64 = 1;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for _ in 0..300 {
        let route = routes[next(routes.len())];
        let mut body = serde_json::Map::new();
        for f in fields {
            match next(3) {
                0 => {}
                1 => {
                    body.insert(f.to_string(), values[next(values.len())].clone());
                }
                _ => {
                    let sane = match f {
                        "game" => json!("games/tictactoe.gdl"),
                        "moves" => json!(["b2"]),
                        "action" => json!("a1"),
                        "agent" => json!("random"),
                        _ => values[next(values.len())].clone(),
                    };
                    body.insert(f.to_string(), sane);
                }
            }
        }
        // Never write the file: saving is tested elsewhere.
        if route == "save" {
            body.remove("source");
        }
        let a = post(
            &s.addr,
            &format!("/api/{route}"),
            &Value::Object(body.clone()),
        );
        assert!(
            a.status == 200 || (400..500).contains(&a.status),
            "{route} {}: {} {}",
            Value::Object(body),
            a.status,
            a.body
        );
        if a.status != 200 {
            assert!(a.json()["error"].is_string(), "{}", a.body);
        }
    }
    assert_eq!(request(&s.addr, "GET", "/api/games", &[], b"").status, 200);
}

/// The status and body of a raw exchange: `bytes` sent as they are.
fn raw(s: &Served, bytes: &[u8]) -> (String, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(&s.addr).unwrap();
    let _ = stream.write_all(bytes);
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (
        head.lines().next().unwrap_or("").to_string(),
        body.to_string(),
    )
}

#[test]
fn malformed_http_is_refused() {
    let s = tictactoe();
    let host = format!("Host: {}\r\n", s.addr);
    let long = format!(
        "GET / HTTP/1.1\r\n{host}X-Long: {}\r\n\r\n",
        "x".repeat(200_000)
    );
    // What HTTP itself refuses is answered by hyper: the status alone.
    let cases: [(String, &str); 5] = [
        ("NONSENSE\r\n\r\n".into(), "HTTP/1.1 400"),
        ("GET / HTTP/2.0\r\n\r\n".into(), "HTTP/1.1 400"),
        (
            format!("GET / HTTP/1.1\r\n{host}no colon here\r\n\r\n"),
            "HTTP/1.1 400",
        ),
        (long, "HTTP/1.1 431"),
        (
            format!(
                "POST /api/state HTTP/1.1\r\n{host}Content-Type: application/json\r\nContent-Length: lots\r\n\r\n"
            ),
            "HTTP/1.1 400",
        ),
    ];
    for (bytes, status) in cases {
        let (line, body) = raw(&s, bytes.as_bytes());
        assert!(line.starts_with(status), "{status}: {line} {body}");
    }
    // A chunked body is read as any other.
    let chunked = format!(
        "POST /api/state HTTP/1.1\r\n{host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{}\r\n0\r\n\r\n",
        r#"{"game": "games/tictactoe.gdl"}"#.len(),
        r#"{"game": "games/tictactoe.gdl"}"#
    );
    let (line, body) = raw(&s, chunked.as_bytes());
    assert!(line.starts_with("HTTP/1.1 200"), "{line} {body}");
    // A body cut short: the connection ends, and the server goes on.
    let (line, _) = raw(
        &s,
        format!("POST /api/state HTTP/1.1\r\n{host}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{").as_bytes(),
    );
    assert!(line.starts_with("HTTP/1.1 400"), "{line}");
    assert_eq!(request(&s.addr, "GET", "/api/games", &[], b"").status, 200);
}

/// A cancelled analysis frees its thread at once, even inside a long
/// search game (a 19×19 Go analysis cancelled after a second ran on for
/// minutes, and every new one got 409): it reports `cancelled` within a
/// few seconds of the cancel (the bound is generous: it stops within a
/// second), and another starts.
#[test]
fn a_cancelled_analysis_stops_inside_its_games() {
    let s = client::serve(client::game_copies(
        "serve-cancel",
        &["go.gdl", "tictactoe.gdl"],
    ));
    // Minutes of work in one shard: search games of 2,000 iterations an
    // action on 361 points.
    let long = json!({ "game": "games/go.gdl", "games": 10, "ladder": "1000,2000", "ladder_games": 10, "mirror_games": 0 });
    let a = post(&s.addr, "/api/analyze", &long);
    assert_eq!(a.status, 200, "{}", a.body);
    let run = a.json()["run"].as_u64().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(1));
    let asked = std::time::Instant::now();
    let c = post(&s.addr, "/api/cancel", &json!({ "run": run }));
    assert_eq!(c.status, 200, "{}", c.body);
    let p = loop {
        let p = post(&s.addr, "/api/analysis", &json!({ "run": run })).json();
        if p["state"] != "running" {
            break p;
        }
        assert!(
            asked.elapsed() < std::time::Duration::from_secs(5),
            "still running 5 s after the cancel: {p}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(p["state"], "cancelled", "{p}");
    assert_eq!(p["done"], 0, "{p}");
    let small = json!({ "game": "games/tictactoe.gdl", "games": 10, "ladder": "5", "ladder_games": 0, "mirror_games": 0 });
    let a = post(&s.addr, "/api/analyze", &small);
    assert_eq!(a.status, 200, "{}", a.body);
}

/// An agent's iteration budget is bounded in time too: `mcts:200000` on
/// 19×19 Go (minutes of search) answers after the server's time cap with
/// fewer iterations than asked.
#[test]
fn an_agents_iterations_are_bounded_in_time() {
    let s = client::serve(client::game_copies("serve-agent-cap", &["go.gdl"]));
    let a = post(
        &s.addr,
        "/api/agent",
        &json!({ "game": "games/go.gdl", "agent": "mcts:200000" }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let iterations = a.json()["iterations"].as_u64().unwrap();
    assert!(iterations > 0 && iterations < 200_000, "{}", a.body);
}

/// Rules edited on the page may be `based on` another game served, and
/// only on one served: a path out of the folder is refused without its
/// text; an error of the page's own lines has its place in the page.
#[test]
fn edited_rules_may_be_based_on_a_served_game_only() {
    let s = tictactoe();
    let game = "games/tictactoe.gdl";
    let variant =
        "game Small\nbased on breakthrough\noption size: 5..12 = 6 \"cells along each side\"\n";
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": game, "source": variant }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let secret = s.dir.join("secret.txt");
    std::fs::write(&secret, "the secret words\n").unwrap();
    for reference in [
        "\"../secret.txt\"",
        "\"/etc/passwd\"",
        "nowhere",
        "\"../games/hex.gdl\"",
    ] {
        let text = format!("game x\nbased on {reference}\n");
        let a = post(
            &s.addr,
            "/api/game",
            &json!({ "game": game, "source": text }),
        );
        assert_eq!(a.status, 422, "{reference}: {}", a.body);
        assert!(
            a.body.contains("not one of the game files served"),
            "{}",
            a.body
        );
        assert!(
            !a.body.contains("secret words") && !a.body.contains("root:"),
            "{}",
            a.body
        );
    }
    let broken = format!("{variant}define far = nowhere\n");
    let a = post(
        &s.addr,
        "/api/game",
        &json!({ "game": game, "source": broken }),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.json()["diagnostics"][0]["line"], 4, "{}", a.body);
}

#[test]
fn the_moves_are_listed_in_the_game_s_notation() {
    let s = client::serve(client::game_copies(
        "serve-api-notation",
        &["chess.gdl", "shogi.gdl", "breakthrough.gdl"],
    ));
    // Typed in three notations; listed in SAN, chess's first; the moves
    // themselves stay gdl's own, which any client reads.
    let chess =
        json!({ "game": "games/chess.gdl", "moves": ["e2-e4", "e5", "g1f3", "Nc6", "Bb5", "a6"] });
    let st = state(&s, chess);
    assert_eq!(
        st["turns"],
        json!([["e4"], ["e5"], ["Nf3"], ["Nc6"], ["Bb5"], ["a6"]])
    );
    assert_eq!(st["moves"][2], "g1-f3");
    // Shogi's in USI, a promotion with `+`.
    let shogi = json!({ "game": "games/shogi.gdl", "moves": ["7g7f", "3c3d", "8h2b+"] });
    let st = state(&s, shogi);
    assert_eq!(st["turns"], json!([["7g7f"], ["3c3d"], ["8h2b+"]]));
    // A game without `notation` keeps its actions.
    let st = state(
        &s,
        json!({ "game": "games/breakthrough.gdl", "moves": ["b2-b3"] }),
    );
    assert_eq!(st["turns"], json!([["b2-b3"]]));
}
