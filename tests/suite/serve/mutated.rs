//! A seeded mutation test of the playground's HTTP stack and API, in
//! process ([`gdl::LocalServer`], no socket): thousands of variants of
//! valid requests, their bytes flipped, cut, repeated and spliced with
//! HTTP's own tokens. Nothing may panic or answer 500; every answer starts
//! with a status line, and an answer of the API is JSON with an `error`
//! when it refuses. `fuzz/fuzz_targets/http.rs` is the long-running
//! version.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use gdl::LocalServer;

use super::client;

const CASES: usize = 3000;
const HOST: &str = LocalServer::HOST;

/// Valid requests to start from, on the game served as `name`.
fn seeds(name: &str) -> Vec<Vec<u8>> {
    let post = |path: &str, body: &str| {
        format!(
            "POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    };
    let game = format!(r#""game": {name:?}"#);
    vec![
        format!("GET /api/games HTTP/1.1\r\nHost: {HOST}\r\n\r\n").into_bytes(),
        format!("GET / HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n").into_bytes(),
        post("/api/game", &format!("{{{game}}}")),
        post(
            "/api/state",
            &format!(r#"{{{game}, "moves": ["b2", "a1"]}}"#),
        ),
        post(
            "/api/play",
            &format!(r#"{{{game}, "moves": ["b2"], "cells": ["c3"]}}"#),
        ),
        post(
            "/api/explain",
            &format!(r#"{{{game}, "moves": ["b2"], "action": "b2"}}"#),
        ),
        post(
            "/api/agent",
            &format!(r#"{{{game}, "agent": "mcts:20", "seed": 3}}"#),
        ),
        post("/api/source", &format!("{{{game}}}")),
        post(
            "/api/record",
            &format!(r#"{{{game}, "moves": ["b2"], "seats": ["human", "random"]}}"#),
        ),
        post(
            "/api/save",
            &format!(r#"{{{game}, "source": "game \"x\"\n", "base": null}}"#),
        ),
        // Two requests on one kept-alive connection.
        [
            post("/api/state", &format!("{{{game}}}")),
            format!("GET /api/games HTTP/1.1\r\nHost: {HOST}\r\n\r\n").into_bytes(),
        ]
        .concat(),
    ]
}

/// What a mutation may splice in.
const TOKENS: &[&str] = &[
    "\r\n",
    "\r\n\r\n",
    ":",
    " ",
    "\0",
    "Content-Length: 99999999\r\n",
    "Content-Length: -1\r\n",
    "Content-Length: 2\r\nContent-Length: 3\r\n",
    "Transfer-Encoding: chunked\r\n",
    "Expect: 100-continue\r\n",
    "Connection: keep-alive\r\n",
    "Host: evil.example\r\n",
    "HTTP/1.0",
    "HTTP/9.9",
    "ffffffffffffffff\r\n",
    "0\r\n\r\n",
    "/../../etc/passwd",
    "\"moves\": [\"b2\", \"b2\"]",
    "\"game\": \"games/../secret.gdl\"",
    "{\"a\":",
    "[[[[[[[[[[[[[[[[",
    "é",
    "\u{ffff}",
];

fn mutate(rng: &mut Xoshiro256PlusPlus, seeds: &[Vec<u8>], mut bytes: Vec<u8>) -> Vec<u8> {
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..=bytes.len());
        match rng.random_range(0..6) {
            0 => {
                let token = TOKENS[rng.random_range(0..TOKENS.len())];
                bytes.splice(at..at, token.bytes());
            }
            1 if at < bytes.len() => bytes[at] ^= 1 << rng.random_range(0..8),
            2 => bytes.truncate(at),
            3 => {
                let end = (at + rng.random_range(0..40)).min(bytes.len());
                bytes.drain(at..end);
            }
            4 => {
                let end = (at + rng.random_range(0..40)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => {
                let other = &seeds[rng.random_range(0..seeds.len())];
                bytes.extend_from_slice(other);
            }
        }
    }
    bytes
}

/// Checks one connection's answers: each a status line, never 500, and
/// an API answer JSON (an error says what it refuses).
fn check_answers(request: &[u8], answer: &[u8]) {
    let shown = || {
        format!(
            "request {:?}\nanswer {:?}",
            String::from_utf8_lossy(&request[..request.len().min(400)]),
            String::from_utf8_lossy(&answer[..answer.len().min(400)])
        )
    };
    if answer.is_empty() {
        return;
    }
    // Each answer in turn: a status line (HTTP/1.0 is answered in kind),
    // headers, and a body of its Content-Length.
    let mut rest = answer;
    while !rest.is_empty() {
        assert!(
            rest.starts_with(b"HTTP/1.1 ") || rest.starts_with(b"HTTP/1.0 "),
            "{}",
            shown()
        );
        let end = rest
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("an answer's head without its end\n{}", shown()));
        let head = String::from_utf8_lossy(&rest[..end]).to_ascii_lowercase();
        let status: u16 = head[9..12]
            .parse()
            .unwrap_or_else(|_| panic!("{}", shown()));
        // A request that says `Expect: 100-continue` may get the interim
        // `100 Continue` (a head alone) before its answer.
        if status == 100 {
            rest = &rest[end + 4..];
            continue;
        }
        assert!(
            (200..500).contains(&status) || status == 503,
            "status {status}\n{}",
            shown()
        );
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("an answer without a length\n{}", shown()));
        let body = &rest[end + 4..(end + 4 + length).min(rest.len())];
        if head.contains("application/json") && status != 200 {
            let v: serde_json::Value = serde_json::from_slice(body)
                .unwrap_or_else(|e| panic!("{e}: not JSON\n{}", shown()));
            assert!(
                v["error"].is_string(),
                "a refusal without an error\n{}",
                shown()
            );
        }
        rest = &rest[(end + 4 + length).min(rest.len())..];
    }
}

#[test]
fn mutated_http_requests_never_break_the_server() {
    let dir = client::game_copies("serve-mutated", &["tictactoe.gdl"]);
    let server = LocalServer::new(&[dir.join("games")]).expect("a local server");
    let game = std::fs::read(dir.join("games/tictactoe.gdl")).unwrap();
    let name = dir.join("games/tictactoe.gdl").display().to_string();
    let seeds = seeds(&name);
    // The seeds themselves are answered as they should be.
    for seed in seeds.clone() {
        let answer = server.exchange(&seed);
        assert!(
            answer.starts_with(b"HTTP/1.1 200"),
            "{}",
            String::from_utf8_lossy(&answer)
        );
        std::fs::write(dir.join("games/tictactoe.gdl"), &game).unwrap();
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
    for _ in 0..CASES {
        let seed = seeds[rng.random_range(0..seeds.len())].clone();
        let request = mutate(&mut rng, &seeds, seed);
        let answer = server.exchange(&request);
        check_answers(&request, &answer);
        // A save may have changed the game: keep it whole for the next.
        std::fs::write(dir.join("games/tictactoe.gdl"), &game).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
