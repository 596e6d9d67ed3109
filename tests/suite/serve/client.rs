//! A `gdl serve` for a test (the binary, on a port the system chooses,
//! stopped when the test ends) and a small HTTP/1.1 client for it and for
//! chromedriver: one request per connection, JSON in and out.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;

/// A child process, killed when dropped (also when a test panics, so
/// that no server or driver outlives its test).
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A running `gdl serve`, killed when dropped.
pub struct Served {
    _child: Killed,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The folder of game files it serves (a copy, so saving is safe).
    pub dir: PathBuf,
}

impl Served {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self._child.0.id()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A fresh folder `NAME` under the target folder, with copies of `games`
/// (file names under the repository's `games/`) in its `games/`.
pub fn game_copies(name: &str, games: &[&str]) -> PathBuf {
    // Tests run at once: each gets its own folder.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games")).expect("a test folder");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for g in games {
        std::fs::copy(root.join("games").join(g), dir.join("games").join(g)).expect("a game copy");
    }
    dir
}

/// Starts `gdl serve games` in `dir` (from [`game_copies`]) on a free port.
pub fn serve(dir: PathBuf) -> Served {
    let mut child = Killed(
        Command::new(env!("CARGO_BIN_EXE_gdl"))
            .args(["serve", "--port", "0", "games"])
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("gdl serve starts"),
    );
    let mut line = String::new();
    let stdout = child.0.stdout.take().expect("stdout is piped");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("gdl serve prints its address");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in `{line}`"))
        .to_string();
    Served {
        _child: child,
        addr,
        dir,
    }
}

/// An answer: status and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    /// The body as JSON, or a panic that shows it.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Sends one request to `addr` and reads the whole answer, or panics
/// saying what went wrong.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    try_request(addr, method, path, headers, body, Duration::from_secs(60))
        .unwrap_or_else(|e| panic!("{method} {addr}{path}: {e}"))
}

/// As [`request`], with what went wrong as an error (for a `Drop`, which
/// must not panic), waiting at most `wait` for the answer.
pub fn try_request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
    wait: Duration,
) -> Result<Answer, String> {
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    exchange(addr, &bytes, wait)
}

/// Sends `bytes` (a whole request, as they are) on a connection of its own
/// and reads the answer, or panics saying what went wrong.
pub fn raw_request(addr: &str, bytes: &[u8]) -> Answer {
    exchange(addr, bytes, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{addr}: {e}"))
}

/// Sends `bytes` and reads the answer, waiting at most `wait`.
fn exchange(addr: &str, bytes: &[u8], wait: Duration) -> Result<Answer, String> {
    let mut stream = TcpStream::connect(addr).map_err(|e| format!("cannot connect: {e}"))?;
    stream.set_read_timeout(Some(wait)).ok();
    // The server may refuse before reading it all (a body too large).
    let _ = stream.write_all(bytes);
    read_reply(&mut stream)
}

/// Reads one answer from `stream` (which may stay open after it: a
/// kept-alive connection).
pub fn read_reply(stream: &mut TcpStream) -> Result<Answer, String> {
    let raw = read_answer(stream).map_err(|e| format!("no answer: {e}"))?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(raw.len(), |i| i + 4);
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in `{head}`"))?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = &raw[split..];
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_vec()
    };
    let body = String::from_utf8(body).map_err(|e| format!("the answer is not UTF-8: {e}"))?;
    Ok(Answer { status, body })
}

/// The bytes of one answer: up to its `Content-Length` when it gives one
/// (a driver may keep the connection open), else to the end of a chunked
/// body or of the connection.
fn read_answer(stream: &mut TcpStream) -> std::io::Result<Vec<u8>> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 64 * 1024];
    loop {
        let text = String::from_utf8_lossy(&raw).to_ascii_lowercase();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|n| n.trim().parse::<usize>().ok());
            let done = match length {
                Some(n) => raw.len() >= end + 4 + n,
                None => text.contains("chunked") && text.ends_with("0\r\n\r\n"),
            };
            if done {
                return Ok(raw);
            }
        }
        match stream.read(&mut buf) {
            Ok(0) => return Ok(raw),
            // A signal to the test process (a browser's child ending) is
            // no end: read again.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            // A reset after a whole answer without a length is its end.
            Err(e) if raw.is_empty() => return Err(e),
            Err(_) => return Ok(raw),
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
}

/// The body of a chunked answer (sizes in hexadecimal, each on its line
/// before its bytes).
fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&rest[..eol]);
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        let after = &rest[eol + 2..];
        if n == 0 || after.len() < n {
            break;
        }
        out.extend_from_slice(&after[..n]);
        rest = after[n..].strip_prefix(b"\r\n").unwrap_or(&after[n..]);
    }
    out
}

/// POSTs `body` as JSON to `path`.
pub fn post(addr: &str, path: &str, body: &Value) -> Answer {
    request(
        addr,
        "POST",
        path,
        &[("Content-Type", "application/json")],
        body.to_string().as_bytes(),
    )
}
