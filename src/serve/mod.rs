//! `gdl serve`: the playground, a local web server with one page to pick
//! a game, play it by clicking, ask why an action is refused and edit its
//! rules (docs/serve.md).
//!
//! The page's files (`page/`) are built into the binary. The server keeps
//! no games: each API request carries the game's name, options, text when
//! edited, and the actions played so far (see [`position`]). It reads and
//! writes only the game files it was given ([`paths`]); requests are
//! bounded (body size, moves, search budgets, deadlines: [`wire`], hyper on
//! tokio), and each is answered on a worker thread of its own, so a long
//! search does not hold up the other tabs; an analysis runs on a thread of
//! its own too ([`analysis`]).

use std::io::Write;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::Semaphore;

mod analysis;
mod api;
mod games;
mod http;
mod paths;
mod position;
mod save;
mod wire;

use http::{ApiError, Head, Reply};

/// The largest request body read: a game's text (at most
/// [`crate::limits::MAX_INPUT_BYTES`]) written as JSON, with its moves.
pub const MAX_BODY_BYTES: usize = 4 << 20;
/// The most actions a request may carry.
pub const MAX_MOVES: usize = 100_000;
/// The largest search budgets an agent request may ask for.
pub const MAX_SEARCH_ITERATIONS: u64 = 200_000;
/// See [`MAX_SEARCH_ITERATIONS`].
pub const MAX_SEARCH_SECONDS: u64 = 10;
/// Connections kept open at once (each costs a task and its buffers);
/// more are sent a 503 (busy) and closed at once.
pub const MAX_CONNECTIONS: usize = 256;
/// Requests worked on at once, each on a thread of its own; more wait
/// (at most [`wire::WORKER_WAIT`]).
pub const MAX_WORKERS: usize = 32;
/// Request bodies read at once (each up to [`MAX_BODY_BYTES`]); more wait.
const MAX_BODIES_READ: usize = 32;

/// The page's files, built into the binary: path, type, text.
const PAGE: [(&str, &str, &str); 7] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    ("/app.js", JS, include_str!("page/app.js")),
    ("/rules.js", JS, include_str!("page/rules.js")),
    ("/records.js", JS, include_str!("page/records.js")),
    ("/analysis.js", JS, include_str!("page/analysis.js")),
    ("/colours.js", JS, include_str!("page/colours.js")),
];
const JS: &str = "text/javascript; charset=utf-8";

/// What `gdl serve` was asked for.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Game files and folders of them.
    pub paths: Vec<PathBuf>,
    /// The address to listen on (127.0.0.1 unless asked).
    pub host: IpAddr,
    /// The port; 0 lets the system choose one.
    pub port: u16,
}

/// Why the server did not start.
#[derive(Debug)]
pub enum StartError {
    /// Bad input: a path that is not a game file or folder, or an address
    /// that requests cannot be checked against.
    Input(String),
    /// The address cannot be listened on: the port is taken, or not ours.
    Listen(String),
}

/// What the threads share.
pub struct Server {
    served: paths::Served,
    games: games::Cache,
    runs: analysis::Runs,
    /// The `Host` values requests may carry.
    hosts: Vec<String>,
    /// Room for the requests worked on at once.
    workers: Arc<Semaphore>,
    /// Room for the request bodies read at once.
    bodies: Semaphore,
    /// Held while a file is saved: one save at a time, so two saves of a
    /// file never interleave and a version check holds until the write.
    saving: Mutex<()>,
}

impl Server {
    fn new(served: paths::Served, hosts: Vec<String>) -> Server {
        Server {
            served,
            games: games::Cache::default(),
            runs: analysis::Runs::default(),
            hosts,
            workers: Arc::new(Semaphore::new(MAX_WORKERS)),
            bodies: Semaphore::new(MAX_BODIES_READ),
            saving: Mutex::new(()),
        }
    }
}

/// The playground without a socket: it answers the bytes of a connection
/// given to it, through the same HTTP stack and API as `gdl serve`, for
/// tests and fuzzing.
pub struct LocalServer {
    server: Arc<Server>,
    runtime: tokio::runtime::Runtime,
}

impl LocalServer {
    /// The host name requests to it must carry.
    pub const HOST: &str = "localhost:8040";

    /// A server of the game files and folders `paths`, as `gdl serve
    /// PATHS` on 127.0.0.1:8040 would be.
    pub fn new(paths: &[PathBuf]) -> Result<LocalServer, StartError> {
        let served = paths::Served::new(paths).map_err(StartError::Input)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| StartError::Listen(format!("cannot start the server: {e}")))?;
        let hosts = vec![Self::HOST.to_string()];
        Ok(LocalServer {
            server: Arc::new(Server::new(served, hosts)),
            runtime,
        })
    }

    /// Sends `request`, the bytes of one connection, then ends the
    /// connection's sending side, and gives back every byte answered
    /// (at most a minute's worth).
    pub fn exchange(&self, request: &[u8]) -> Vec<u8> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (client, server_end) = tokio::io::duplex(64 << 10);
        let (mut from_server, mut to_server) = tokio::io::split(client);
        let request = request.to_vec();
        self.runtime.block_on(async {
            tokio::spawn(wire::serve_connection(self.server.clone(), server_end));
            tokio::spawn(async move {
                let _ = to_server.write_all(&request).await;
                let _ = to_server.shutdown().await;
            });
            let mut answer = Vec::new();
            let read = from_server.read_to_end(&mut answer);
            let _ = tokio::time::timeout(std::time::Duration::from_secs(60), read).await;
            answer
        })
    }
}

/// Starts the server and answers requests until the process ends. The
/// first line written to `out` is the address to open.
pub fn run(settings: &Settings, out: &mut dyn Write) -> Result<(), StartError> {
    let served = paths::Served::new(&settings.paths).map_err(StartError::Input)?;
    // Requests must name the address in their `Host`, which a browser
    // never does for 0.0.0.0 or `::` (nor `::ffff:0.0.0.0`, which
    // listens on every IPv4 address too).
    if listens_everywhere(settings.host) {
        return Err(StartError::Input(format!(
            "--host {}: give the address browsers will open (such as 192.168.1.5), \
             which requests are checked against",
            settings.host
        )));
    }
    let listener = listen(settings)?;
    let address = listener
        .local_addr()
        .map_err(|e| StartError::Listen(format!("cannot listen: {e}")))?;
    let port = address.port();
    let url = match address.ip() {
        IpAddr::V6(ip) => format!("http://[{ip}]:{port}/"),
        IpAddr::V4(ip) => format!("http://{ip}:{port}/"),
    };
    let server = Arc::new(Server::new(served, allowed_hosts(settings, address)));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(MAX_WORKERS + 2)
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| StartError::Listen(format!("cannot start the server: {e}")))?;
    let listener = listener
        .set_nonblocking(true)
        .and_then(|()| {
            let _guard = runtime.enter();
            tokio::net::TcpListener::from_std(listener)
        })
        .map_err(|e| StartError::Listen(format!("cannot listen: {e}")))?;
    let _ = writeln!(
        out,
        "gdl serve: open {url} in a browser (games from {}; Ctrl-C stops)",
        server.served.describe()
    );
    let _ = out.flush();
    runtime.block_on(accept(server, listener));
    Ok(())
}

/// Whether listening on `host` listens on every address of the machine.
fn listens_everywhere(host: IpAddr) -> bool {
    match host {
        IpAddr::V4(ip) => ip.is_unspecified(),
        IpAddr::V6(ip) => {
            ip.is_unspecified() || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_unspecified())
        }
    }
}

/// Accepts connections for ever: each on a task of its own while there is
/// room ([`MAX_CONNECTIONS`]), else sent [`wire::BUSY`] and closed.
async fn accept(server: Arc<Server>, listener: tokio::net::TcpListener) {
    let places = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file handles, say: wait rather than spin.
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        match places.clone().try_acquire_owned() {
            Ok(place) => {
                let server = server.clone();
                tokio::spawn(async move {
                    wire::serve_connection(server, stream).await;
                    drop(place);
                });
            }
            Err(_) => {
                let _ = stream.try_write(wire::BUSY);
            }
        }
    }
}

/// The listening socket, or why not (a port in use is named).
fn listen(settings: &Settings) -> Result<TcpListener, StartError> {
    let wanted = SocketAddr::new(settings.host, settings.port);
    TcpListener::bind(wanted).map_err(|e| {
        StartError::Listen(match e.kind() {
            std::io::ErrorKind::AddrInUse => format!(
                "port {} on {} is in use: stop what uses it, or give another with --port",
                settings.port, settings.host
            ),
            _ => format!(
                "cannot listen on port {} of {}: {e}",
                settings.port, settings.host
            ),
        })
    })
}

/// The `Host` values requests may carry: the address listened on, and
/// its other names when it is this machine's loopback.
fn allowed_hosts(settings: &Settings, address: SocketAddr) -> Vec<String> {
    let port = address.port();
    let mut hosts = vec![format!("{address}")];
    if settings.host.is_loopback() {
        hosts.push(format!("localhost:{port}"));
        hosts.push(format!("127.0.0.1:{port}"));
        hosts.push(format!("[::1]:{port}"));
    }
    let mut seen = std::collections::HashSet::new();
    hosts.retain(|h| seen.insert(h.clone()));
    hosts
}

/// The page's files by path, and the API under `/api/`.
fn route(server: &Server, request: &Head, body: &[u8]) -> Result<Reply, ApiError> {
    let path = request.path.as_str();
    match (request.method.as_str(), path) {
        ("GET", "/api/games") => api::answer(server, "games", &Value::Object(Default::default())),
        ("GET", p) => match PAGE.iter().find(|(at, _, _)| *at == p) {
            Some((_, kind, text)) => Ok(Reply::asset(kind, text)),
            None if p == "/index.html" => Ok(Reply::asset(PAGE[0].1, PAGE[0].2)),
            // The editor's colours: the grammar editors use.
            None if p == "/gdl.tmLanguage.json" => Ok(Reply::asset(
                "application/json",
                &crate::lsp::grammar::textmate(),
            )),
            None => Err(ApiError::new(
                404,
                format!("nothing at `{}`", crate::diagnostic::shorten(p)),
            )),
        },
        ("POST", p) if p.starts_with("/api/") => {
            let body = http::read_json(body)?;
            api::answer(server, &p["/api/".len()..], &body)
        }
        ("POST", _) => Err(ApiError::new(
            404,
            format!("nothing at `{}`", crate::diagnostic::shorten(path)),
        )),
        (m, _) => Err(ApiError::new(
            405,
            format!("method {} is not used here", crate::diagnostic::shorten(m)),
        )),
    }
}
