//! The playground under load, on loopback and bounded in count and time:
//! 100 clients send 10,000 mixed requests (half of them over keep-alive
//! connections) while 20 slow clients dribble their headers and some
//! clients save one file at once. Every answer is well-formed and the one
//! expected, slow clients are cut off at the header deadline without
//! shutting anyone out, memory stays bounded, and every save is whole
//! with its answer matching the disk. scripts/load-test.py is the longer
//! version, with figures in docs/serve.md.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::client::{self, Served};

const GAME: &str = "games/tictactoe.gdl";
const CLIENTS: usize = 100;
const REQUESTS_EACH: usize = 100;
const SLOW_CLIENTS: usize = 20;
/// Clients that save (each a text of its own) among their requests.
const SAVERS: usize = 4;

/// One request of the mix: method, path, extra headers, body, and the
/// status it must get.
struct Planned {
    method: &'static str,
    path: &'static str,
    host: Option<&'static str>,
    body: Value,
    status: u16,
}

/// Request `i` of client `c`.
fn plan(c: usize, i: usize, save_text: &str) -> Planned {
    let post = |path, body, status| Planned {
        method: "POST",
        path,
        host: None,
        body,
        status,
    };
    match (c * 7 + i * 13) % 10 {
        0 => Planned {
            method: "GET",
            path: "/api/games",
            host: None,
            body: Value::Null,
            status: 200,
        },
        1 => post(
            "/api/state",
            json!({ "game": GAME, "moves": ["b2", "a1"] }),
            200,
        ),
        2 => post(
            "/api/play",
            json!({ "game": GAME, "moves": ["b2"], "action": "c3" }),
            200,
        ),
        3 => post(
            "/api/explain",
            json!({ "game": GAME, "moves": ["b2"], "action": "b2" }),
            200,
        ),
        4 => post(
            "/api/agent",
            json!({ "game": GAME, "moves": ["b2"], "agent": "random", "seed": i }),
            200,
        ),
        5 => post("/api/source", json!({ "game": GAME }), 200),
        6 => post(
            "/api/play",
            json!({ "game": GAME, "moves": ["b2"], "action": "b2" }),
            422,
        ),
        7 => Planned {
            host: Some("evil.example"),
            ..post("/api/games", json!({}), 403)
        },
        8 => post("/api/nothing", json!({}), 404),
        _ if c < SAVERS => post(
            "/api/save",
            json!({ "game": GAME, "source": save_text, "base": null }),
            200,
        ),
        _ => post("/api/state", json!({ "game": GAME, "moves": ["z9"] }), 422),
    }
}

/// The request's bytes.
fn bytes_of(p: &Planned, addr: &str, keep_alive: bool) -> Vec<u8> {
    let body = if p.body.is_null() {
        String::new()
    } else {
        p.body.to_string()
    };
    let mut head = format!(
        "{} {} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n",
        p.method,
        p.path,
        p.host.unwrap_or(addr),
        body.len()
    );
    if p.method == "POST" {
        head.push_str("Content-Type: application/json\r\n");
    }
    if !keep_alive {
        head.push_str("Connection: close\r\n");
    }
    head.push_str("\r\n");
    let mut out = head.into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

/// A figure of the server's process (`VmHWM`, `Threads`) from /proc.
fn proc_figure(pid: u32, name: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A client that sends one byte of its request a second: the server must
/// close it at its header deadline. Gives how long that took.
fn slow_client(addr: &str) -> Duration {
    let start = Instant::now();
    let mut stream = TcpStream::connect(addr).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_millis(1000)))
        .unwrap();
    let request = format!(
        "GET /api/games HTTP/1.1\r\nHost: {addr}\r\nX-Slow: {}",
        "s".repeat(100)
    );
    for b in request.bytes() {
        if stream.write_all(&[b]).is_err() {
            break;
        }
        // A read that ends (0 bytes or an error other than the wait) is the
        // server closing the connection.
        let mut buf = [0u8; 512];
        match stream.read(&mut buf) {
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break,
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "a slow client was never cut off"
        );
    }
    start.elapsed()
}

#[test]
fn the_playground_holds_under_load_and_loses_no_save() {
    let s: Served = client::serve(client::game_copies("serve-load", &["tictactoe.gdl"]));
    let path = s.dir.join(GAME);
    let original = std::fs::read_to_string(&path).unwrap();
    let texts: Vec<String> = (0..SAVERS)
        .map(|c| format!("# saver {c}: {}\n{original}", "y".repeat(50_000 + c)))
        .collect();
    let saved_hashes = Mutex::new(Vec::new());
    let failures = Mutex::new(Vec::new());
    let start = Instant::now();
    let slow_times = std::thread::scope(|scope| {
        let slow: Vec<_> = (0..SLOW_CLIENTS)
            .map(|_| scope.spawn(|| slow_client(&s.addr)))
            .collect();
        for c in 0..CLIENTS {
            let (addr, texts, saved, failures) = (&s.addr, &texts, &saved_hashes, &failures);
            scope.spawn(move || {
                let keep_alive = c % 2 == 0;
                let mut stream: Option<TcpStream> = None;
                for i in 0..REQUESTS_EACH {
                    let p = plan(c, i, texts.get(c).map_or("", String::as_str));
                    let (status, body) = if keep_alive {
                        let s = stream.get_or_insert_with(|| TcpStream::connect(addr).unwrap());
                        s.write_all(&bytes_of(&p, addr, true)).unwrap();
                        let answer = client::read_reply(s)
                            .map(|a| (a.status, a.body))
                            .unwrap_or_else(|e| panic!("client {c} request {i}: {e}"));
                        // A refused request may close the connection.
                        if answer.0 != 200 {
                            stream = None;
                        }
                        answer
                    } else {
                        let a = client::raw_request(addr, &bytes_of(&p, addr, false));
                        (a.status, a.body)
                    };
                    let json: Result<Value, _> = serde_json::from_str(&body);
                    let well_formed = match &json {
                        Ok(v) if status == 200 => v.is_object(),
                        Ok(v) => v["error"].is_string(),
                        Err(_) => false,
                    };
                    if status != p.status || !well_formed {
                        failures.lock().unwrap().push(format!(
                            "client {c} request {i} {}: {status} (wanted {}) {body:.200}",
                            p.path, p.status
                        ));
                    } else if p.path == "/api/save" {
                        saved
                            .lock()
                            .unwrap()
                            .push((c, json.unwrap()["hash"].clone()));
                    }
                }
            });
        }
        slow.into_iter()
            .map(|h| h.join().unwrap())
            .collect::<Vec<Duration>>()
    });
    let elapsed = start.elapsed();
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} requests failed, first: {:?}",
        failures.len(),
        CLIENTS * REQUESTS_EACH,
        &failures[..failures.len().min(5)]
    );
    // Slow clients were cut off at the header deadline (10 s), not left
    // to hold their places.
    for t in &slow_times {
        assert!(
            *t < Duration::from_secs(20),
            "a slow client held on for {t:?}"
        );
    }
    // Every save answered is one whole text, with its own hash; the file
    // holds one of them.
    let on_disk = std::fs::read_to_string(&path).unwrap();
    let writer = texts
        .iter()
        .position(|t| *t == on_disk)
        .expect("the file is one whole save");
    let saved = saved_hashes.into_inner().unwrap();
    assert!(saved.len() >= SAVERS * 5, "{} saves", saved.len());
    for (c, hash) in &saved {
        let theirs = client::post(
            &s.addr,
            "/api/game",
            &json!({ "game": GAME, "source": texts[*c] }),
        );
        assert_eq!(*hash, theirs.json()["hash"]);
    }
    let now = client::post(&s.addr, "/api/source", &json!({ "game": GAME })).json();
    assert_eq!(now["source"], texts[writer]);
    // Memory and threads stay bounded (Linux only: elsewhere not read).
    if let (Some(peak_kb), Some(threads)) = (
        proc_figure(s.pid(), "VmHWM"),
        proc_figure(s.pid(), "Threads"),
    ) {
        assert!(peak_kb < 400 << 10, "peak memory {peak_kb} kB");
        assert!(threads < 64, "{threads} threads");
    }
    eprintln!(
        "{} requests from {CLIENTS} clients in {elapsed:.1?}, slow clients cut off after {:?}",
        CLIENTS * REQUESTS_EACH,
        slow_times.iter().max()
    );
}

#[test]
fn connections_past_the_bound_are_refused_at_no_cost() {
    let s = client::serve(client::game_copies("serve-bound", &["tictactoe.gdl"]));
    // More idle connections than the server keeps (256): the rest are
    // told 503 and closed, with no thread each.
    let mut idle = Vec::new();
    for _ in 0..400 {
        idle.push(TcpStream::connect(&s.addr).expect("a connection"));
    }
    let mut refused = 0;
    for stream in idle.iter_mut().skip(256) {
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut text = String::new();
        let _ = stream.read_to_string(&mut text);
        if text.starts_with("HTTP/1.1 503") && text.contains("\"error\"") {
            refused += 1;
        }
    }
    assert!(refused >= 100, "{refused} of 144 told 503");
    if let Some(threads) = proc_figure(s.pid(), "Threads") {
        assert!(threads < 64, "{threads} threads");
    }
    drop(idle);
    // The places come back as the idle connections close.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let a = client::request(&s.addr, "GET", "/api/games", &[], b"");
        if a.status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "still {}: {}", a.status, a.body);
        std::thread::sleep(Duration::from_millis(200));
    }
}
