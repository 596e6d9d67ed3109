//! HTTP/1.1 on the wire, as much of it as the playground needs: one
//! request per connection (every answer says `Connection: close`), its
//! head read up to [`MAX_HEAD_BYTES`], its body by `Content-Length` up to
//! [`super::MAX_BODY_BYTES`], and slow or silent clients dropped after
//! [`IDLE`].
//!
//! Why not a crate: `tiny_http` (the small synchronous server) keeps each
//! keep-alive connection on a thread of a pool that can leave a new
//! connection unserved while the others wait for their next request (a
//! browser opens six at once): a page then hangs for good. Closing every
//! connection after its answer, on a thread of its own, has no such state.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::Duration;

use super::MAX_BODY_BYTES;
use super::http::{ApiError, Reply};

/// The largest request line and headers read.
pub const MAX_HEAD_BYTES: usize = 64 << 10;
/// How long a connection may stay silent while its request is read, or
/// stall while its answer is written.
pub const IDLE: Duration = Duration::from_secs(30);

/// One request, read whole.
#[derive(Debug)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path and query, as sent (`/api/state`).
    pub target: String,
    /// Each header's name (lower case) and value.
    pub headers: Vec<(String, String)>,
    /// The body (empty when none was sent).
    pub body: Vec<u8>,
}

impl Request {
    /// The value of header `name` (lower case), if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads one request from `stream`, or the answer that refuses it (400,
/// 411, 413, 431, 505). `Expect: 100-continue` is answered before the
/// body is read.
pub fn read_request(stream: &mut TcpStream) -> Result<Request, ApiError> {
    let mut reader = BufReader::new(stream.try_clone().map_err(bad_io)?);
    let mut head = Vec::new();
    loop {
        let before = head.len();
        let n = reader
            .by_ref()
            .take((MAX_HEAD_BYTES + 1 - before) as u64)
            .read_until(b'\n', &mut head)
            .map_err(bad_io)?;
        if head.len() > MAX_HEAD_BYTES {
            return Err(ApiError::new(431, "the request's headers are too long"));
        }
        if n == 0 {
            return Err(ApiError::bad("the request ended before its headers did"));
        }
        let line = &head[before..];
        if line == b"\r\n" || line == b"\n" {
            break;
        }
    }
    let head =
        String::from_utf8(head).map_err(|_| ApiError::bad("the request's headers are not text"))?;
    let mut lines = head.lines();
    let first = lines.next().unwrap_or("");
    let mut parts = first.split(' ');
    let (method, target, version) = match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(m), Some(t), Some(v), None) if !m.is_empty() && t.starts_with('/') => (m, t, v),
        _ => {
            return Err(ApiError::bad(
                "the request line is not `METHOD /path HTTP/1.1`",
            ));
        }
    };
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return Err(ApiError::new(
            505,
            "this server speaks HTTP/1.0 and HTTP/1.1",
        ));
    }
    let mut headers = Vec::new();
    for line in lines.filter(|l| !l.is_empty()) {
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| ApiError::bad("a header of the request has no `:`"))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let mut request = Request {
        method: method.to_string(),
        target: target.to_string(),
        headers,
        body: Vec::new(),
    };
    if request.header("transfer-encoding").is_some() {
        return Err(ApiError::new(
            411,
            "send the request's body with a Content-Length",
        ));
    }
    let length = match request.header("content-length") {
        None => 0,
        Some(n) => n
            .parse::<usize>()
            .map_err(|_| ApiError::bad("the request's Content-Length is not a number"))?,
    };
    if length > MAX_BODY_BYTES {
        return Err(ApiError::new(
            413,
            format!(
                "the request is larger than {}, the most this server reads",
                crate::files::size_text(MAX_BODY_BYTES as u64)
            ),
        ));
    }
    if length > 0 {
        if request
            .header("expect")
            .is_some_and(|e| e.eq_ignore_ascii_case("100-continue"))
        {
            stream
                .write_all(b"HTTP/1.1 100 Continue\r\n\r\n")
                .map_err(bad_io)?;
        }
        request.body = vec![0; length];
        reader.read_exact(&mut request.body).map_err(bad_io)?;
    }
    Ok(request)
}

/// A request that could not be read.
fn bad_io(e: std::io::Error) -> ApiError {
    ApiError::bad(format!("cannot read the request: {e}"))
}

/// The words after a status code.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Internal Server Error",
    }
}

/// Writes `reply` and closes the connection. What the client sent and
/// was not read (the body of a request refused) is read and dropped
/// first, for a short while: closing with it unread would reset the
/// connection before the client reads the answer.
pub fn write_reply(mut stream: TcpStream, reply: Reply) {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    if let Some(name) = &reply.download {
        head.push_str(&format!(
            "Content-Disposition: attachment; filename=\"{name}\"\r\n"
        ));
    }
    head.push_str("\r\n");
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(reply.body.as_bytes()))
        .and_then(|()| stream.flush());
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let mut sink = [0u8; 64 << 10];
    let mut drained = 0;
    while drained < 2 * MAX_BODY_BYTES {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}
