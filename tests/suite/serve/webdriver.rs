//! A headless Chromium driven through chromedriver's WebDriver HTTP API
//! (W3C WebDriver, JSON over HTTP): just what the browser test needs. The
//! browser and its driver are Debian's `chromium` and `chromium-driver`
//! (`.ci/run` installs them); without them the test fails, saying so.

use std::io::Write;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::client::{self, Killed, post};

/// The element key of W3C WebDriver answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser session, closed (and its driver stopped) when dropped.
pub struct Browser {
    driver: Killed,
    addr: String,
    session: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let closed = client::try_request(
            &self.addr,
            "DELETE",
            &format!("/session/{}", self.session),
            &[],
            b"",
            Duration::from_secs(10),
        );
        // A driver that does not answer (a test failed with the browser
        // stuck) leaves its browser behind: stop it by its process id.
        if closed.is_err() {
            kill_children(self.driver.0.id());
        }
    }
}

/// Kills the processes whose parent is `parent` (Linux: read from /proc).
fn kill_children(parent: u32) {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        // `pid (name) state ppid ...`: the name may hold spaces.
        let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let ppid = after_name.split_whitespace().nth(1);
        if ppid == Some(&parent.to_string()) {
            let _ = Command::new("kill").arg(e.file_name()).status();
        }
    }
}

/// The first of `names` found on the `PATH` or as a path.
fn find_program(names: &[&str]) -> Option<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for n in names {
        if Path::new(n).is_file() {
            return Some(n.to_string());
        }
        for dir in std::env::split_paths(&path) {
            if dir.join(n).is_file() {
                return Some(dir.join(n).display().to_string());
            }
        }
    }
    None
}

impl Browser {
    /// Starts chromedriver and a headless Chromium of `width` x `height`,
    /// or, on a machine without them, says so on the terminal and gives
    /// `None` (the test is skipped). Under CI (`CI` set), which installs
    /// them, a missing browser fails the test instead.
    pub fn start(width: u32, height: u32) -> Option<Browser> {
        let missing = "install Chromium and its driver to run the browser test: \
                       apt-get install -y chromium chromium-driver";
        let found = (
            find_program(&["chromedriver", "/usr/lib/chromium/chromedriver"]),
            find_program(&["chromium", "chromium-browser", "/usr/lib/chromium/chromium"]),
        );
        let (Some(driver_path), Some(chromium)) = found else {
            assert!(
                std::env::var_os("CI").is_none(),
                "no chromium or chromedriver under CI: {missing}"
            );
            // Straight to the terminal: the test harness keeps what
            // `eprintln!` says of a test that passes.
            let _ = writeln!(
                std::io::stderr(),
                "\nNOTICE: browser test skipped: no chromium or chromedriver ({missing})"
            );
            return None;
        };
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Killed(
            Command::new(&driver_path)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap_or_else(|e| panic!("{driver_path} does not start ({e}): {missing}")),
        );
        let addr = format!("127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(&addr).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not start listening"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let args = [
            "--headless=new".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--disable-dev-shm-usage".to_string(),
            format!("--window-size={width},{height}"),
        ];
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium, "args": args },
        }}});
        let a = post(&addr, "/session", &caps);
        let session = a.json()["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser session: {}", a.body))
            .to_string();
        Some(Browser {
            driver,
            addr,
            session,
        })
    }

    /// A command of this session: `value` of its answer, or a panic.
    fn command(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let a = match method {
            "GET" => client::request(&self.addr, "GET", &path, &[], b""),
            // Releases what the actions still hold (the mouse button).
            "DELETE_ACTIONS" => client::request(&self.addr, "DELETE", &path, &[], b""),
            _ => post(&self.addr, &path, &body),
        };
        assert_eq!(a.status, 200, "{method} {path}: {}", a.body);
        a.json()["value"].clone()
    }

    /// Opens `url`.
    pub fn open(&self, url: &str) {
        self.command("POST", "/url", json!({ "url": url }));
    }

    /// The result of a script run in the page (`return ...;`).
    pub fn script(&self, script: &str) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    /// Waits (up to 10 s) until `script` returns true, else fails with `what`.
    pub fn wait_for(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if self.script(script) == json!(true) {
                return;
            }
            if Instant::now() > deadline {
                let page = self.script(
                    "return document.getElementById('status').textContent + ' | ' + \
                     document.getElementById('message').textContent",
                );
                panic!("waited in vain for {what}; the page says: {page}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The element `css` selects, or a panic.
    pub fn find(&self, css: &str) -> String {
        let v = self.command(
            "POST",
            "/element",
            json!({ "using": "css selector", "value": css }),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    /// Clicks the element `css` selects, as a person would (at its centre).
    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.command("POST", &format!("/element/{id}/click"), json!({}));
    }

    /// Types `text` into the element `css` selects (WebDriver key codes
    /// allowed: `\u{E009}` Control, `\u{E010}` End, `\u{E003}` Backspace).
    pub fn type_keys(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.command(
            "POST",
            &format!("/element/{id}/value"),
            json!({ "text": text }),
        );
    }

    /// Presses the mouse on the element `from` selects, moves to the one
    /// `to` selects and releases it there (WebDriver's actions).
    pub fn drag(&self, from: &str, to: &str) {
        let (from, to) = (self.find(from), self.find(to));
        let at = |id: &str| json!({ "type": "pointerMove", "duration": 100, "origin": { ELEMENT: id }, "x": 0, "y": 0 });
        let actions = json!({ "actions": [{
            "type": "pointer",
            "id": "mouse",
            "parameters": { "pointerType": "mouse" },
            "actions": [
                at(&from),
                { "type": "pointerDown", "button": 0 },
                at(&to),
                { "type": "pointerUp", "button": 0 },
            ],
        }]});
        self.command("POST", "/actions", actions);
        self.command("DELETE_ACTIONS", "/actions", Value::Null);
    }

    /// Presses and releases one key (a WebDriver key code such as
    /// `\u{E012}`, the left arrow) on the page, not in a field.
    pub fn key(&self, key: &str) {
        self.script("document.activeElement && document.activeElement.blur(); return true;");
        let actions = json!({ "actions": [{
            "type": "key",
            "id": "keyboard",
            "actions": [{ "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }],
        }]});
        self.command("POST", "/actions", actions);
    }

    /// Saves a screenshot of the page as a PNG file.
    pub fn screenshot(&self, path: &Path) {
        let v = self.command("GET", "/screenshot", Value::Null);
        let png = base64_decode(v.as_str().expect("a screenshot"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        std::fs::write(path, png).expect("the screenshot is written");
    }
}

/// Standard base64 (with padding) to bytes.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text
        .bytes()
        .filter(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= u32::from(value(c)) << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}
