//! HTTP on the wire, by hyper (HTTP/1.1, keep-alive) on tokio: this file
//! only sets hyper's limits and deadlines, reads a request's body within
//! its own, and turns a [`Reply`] into an answer. No HTTP is parsed here.
//!
//! Deadlines are per request, not per read: the headers within
//! [`HEAD_DEADLINE`] (counted from the moment the connection waits for a
//! request, so an idle keep-alive connection is closed too), the body
//! within [`BODY_DEADLINE`]. A connection is kept at most
//! [`CONNECTION_LIFETIME`], then closed after the answer it is writing
//! (which gets [`WRITE_GRACE`]), so a client that stops reading cannot
//! hold a place for ever.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Body, Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite};

use super::http::{ApiError, Head, Reply};
use super::{MAX_BODY_BYTES, Server};

/// The largest request line and headers read (hyper answers 431 past it).
pub const MAX_HEAD_BYTES: usize = 64 << 10;
/// How long a client may take to send a request's line and headers.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// How long a client may take to send a request's body.
pub const BODY_DEADLINE: Duration = Duration::from_secs(30);
/// How long a request may wait for a worker thread before it is answered
/// 503 (busy).
pub const WORKER_WAIT: Duration = Duration::from_secs(30);
/// How long a connection is kept, however busy.
pub const CONNECTION_LIFETIME: Duration = Duration::from_secs(300);
/// How long the answer in progress may take when a connection's lifetime
/// is over.
pub const WRITE_GRACE: Duration = Duration::from_secs(30);

/// What a connection refused for want of room is sent before it is closed:
/// written once, without waiting, so a refusal costs no task, no thread
/// and no read.
pub const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
Content-Type: application/json; charset=utf-8\r\nContent-Length: 42\r\n\
Connection: close\r\n\r\n{\"error\":\"the server is busy: try again\"}\n";

/// Answers the requests of one connection until it closes, its
/// lifetime ends or a deadline passes.
pub async fn serve_connection<S>(server: Arc<Server>, stream: S)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |request| {
        let server = server.clone();
        async move { Ok::<_, Infallible>(into_response(answer(server, request).await)) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_DEADLINE)
        .max_buf_size(MAX_HEAD_BYTES)
        // A client may stop sending once its request is out: it is still answered.
        .half_close(true);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    if tokio::time::timeout(CONNECTION_LIFETIME, connection.as_mut())
        .await
        .is_err()
    {
        connection.as_mut().graceful_shutdown();
        let _ = tokio::time::timeout(WRITE_GRACE, connection).await;
    }
}

/// The answer to one request: checked, its body read, then routed on a
/// worker thread (the API's work is blocking: loading games, searches).
async fn answer(server: Arc<Server>, request: Request<Incoming>) -> Reply {
    let (parts, body) = request.into_parts();
    let text = |name: header::HeaderName| {
        parts
            .headers
            .get(name)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
    };
    let head = Head {
        method: parts.method.as_str().to_string(),
        path: parts.uri.path().to_string(),
        host: text(header::HOST),
        content_type: text(header::CONTENT_TYPE),
    };
    if let Err(e) = super::http::check_origin(&head, &server.hosts) {
        return e.reply();
    }
    let body = if head.method == "POST" {
        match read_body(&server, body).await {
            Ok(b) => b,
            Err(e) => return e.reply(),
        }
    } else {
        Bytes::new()
    };
    let worker =
        match tokio::time::timeout(WORKER_WAIT, server.workers.clone().acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            _ => return ApiError::new(503, "the server is busy: try again").reply(),
        };
    let work = tokio::task::spawn_blocking(move || {
        let reply = super::route(&server, &head, &body).unwrap_or_else(ApiError::reply);
        drop(worker);
        reply
    });
    // A panic is a bug: answered 500, never left to end the server.
    work.await.unwrap_or_else(|_| {
        ApiError::new(500, "internal error: the server failed on this request").reply()
    })
}

/// A request's body, at most [`MAX_BODY_BYTES`], within [`BODY_DEADLINE`];
/// at most a few bodies are read at once, so their memory is bounded
/// however many connections send one.
async fn read_body(server: &Server, body: Incoming) -> Result<Bytes, ApiError> {
    let too_large = || {
        ApiError::new(
            413,
            format!(
                "the request is larger than {}, the most this server reads",
                crate::files::size_text(MAX_BODY_BYTES as u64)
            ),
        )
    };
    if body
        .size_hint()
        .exact()
        .is_some_and(|n| n > MAX_BODY_BYTES as u64)
    {
        return Err(too_large());
    }
    let read = async {
        let _reading = server
            .bodies
            .acquire()
            .await
            .map_err(|_| ApiError::new(503, "the server is stopping"))?;
        match Limited::new(body, MAX_BODY_BYTES).collect().await {
            Ok(collected) => Ok(collected.to_bytes()),
            Err(e) if e.downcast_ref::<LengthLimitError>().is_some() => Err(too_large()),
            Err(e) => Err(ApiError::bad(format!(
                "cannot read the request's body: {e}"
            ))),
        }
    };
    tokio::time::timeout(BODY_DEADLINE, read)
        .await
        .unwrap_or_else(|_| {
            Err(ApiError::new(
                408,
                format!(
                    "the request's body took longer than {} s to arrive",
                    BODY_DEADLINE.as_secs()
                ),
            ))
        })
}

/// The HTTP answer of `reply`.
fn into_response(reply: Reply) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() = hyper::StatusCode::from_u16(reply.status)
        .unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(reply.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Some(name) = reply.download
        && let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
    {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}
