//! The HTTP side of `gdl serve`, on `tiny_http`: answers (a status, a
//! type, a body), errors as JSON, request bodies read with their cap, and
//! the checks every request passes before the API sees it (its `Host`
//! names this server, and a POST is JSON, which a page elsewhere cannot
//! send here without the browser asking first: so another site open in
//! the same browser cannot save files through the playground).

use std::io::Read;

use serde_json::{Value, json};
use tiny_http::{Header, Method, Request, Response};

use super::MAX_BODY_BYTES;

/// An answer to one request.
#[derive(Debug)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
    /// A file name for the browser to save the body under, if any.
    pub download: Option<String>,
}

impl Reply {
    /// A JSON answer with status 200.
    pub fn json(value: Value) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json; charset=utf-8",
            body: value.to_string(),
            download: None,
        }
    }

    /// A file built into the binary.
    pub fn asset(content_type: &'static str, body: &str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: body.to_string(),
            download: None,
        }
    }

    /// The `tiny_http` response.
    pub fn into_response(self) -> Response<std::io::Cursor<Vec<u8>>> {
        let mut response = Response::from_string(self.body).with_status_code(self.status);
        let mut headers = vec![
            ("Content-Type", self.content_type.to_string()),
            ("Cache-Control", "no-store".to_string()),
            ("X-Content-Type-Options", "nosniff".to_string()),
        ];
        if let Some(name) = self.download {
            headers.push((
                "Content-Disposition",
                format!("attachment; filename=\"{name}\""),
            ));
        }
        for (k, v) in headers {
            if let Ok(h) = Header::from_bytes(k.as_bytes(), v.as_bytes()) {
                response.add_header(h);
            }
        }
        response
    }
}

/// A refused request: its status and what to say (as `{"error": ...}`,
/// with any other fields of `extra`).
#[derive(Debug)]
pub struct ApiError {
    /// 4xx: what the client should change; 500 only for a bug.
    pub status: u16,
    /// The message, as the command line would print it.
    pub message: String,
    /// More fields for the JSON answer (diagnostics, the move refused).
    pub extra: Value,
}

impl ApiError {
    /// An error with a status and a message.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            extra: Value::Null,
        }
    }

    /// 400: the request itself is malformed.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    /// The same error with more fields in its answer.
    pub fn with(mut self, extra: Value) -> ApiError {
        self.extra = extra;
        self
    }

    /// The answer: `{"error": message, ...extra}`.
    pub fn reply(self) -> Reply {
        let mut body = json!({ "error": self.message });
        if let (Value::Object(b), Value::Object(e)) = (&mut body, self.extra) {
            b.extend(e);
        }
        Reply {
            status: self.status,
            ..Reply::json(body)
        }
    }
}

/// The value of the request's header `name`, if sent.
fn header<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

/// Refuses a request whose `Host` is not one of `hosts` (a page on
/// another site that a name server has pointed at 127.0.0.1), and a POST
/// that is not JSON.
pub fn check_origin(request: &Request, hosts: &[String]) -> Result<(), ApiError> {
    let host = header(request, "Host").unwrap_or("");
    if !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(ApiError::new(
            403,
            format!(
                "this server answers requests for {} only, not for `{}`",
                hosts.join(" or "),
                crate::diagnostic::shorten(host)
            ),
        ));
    }
    if *request.method() == Method::Post {
        let json = header(request, "Content-Type")
            .is_some_and(|t| t.trim_start().starts_with("application/json"));
        if !json {
            return Err(ApiError::new(
                415,
                "send the request as JSON (Content-Type: application/json)",
            ));
        }
    }
    Ok(())
}

/// The request's body as JSON, read up to [`MAX_BODY_BYTES`] (a larger
/// one is refused with 413 as soon as that much has come).
pub fn read_json(request: &mut Request) -> Result<Value, ApiError> {
    let too_large = || {
        ApiError::new(
            413,
            format!(
                "the request is larger than {}, the most this server reads",
                crate::files::size_text(MAX_BODY_BYTES as u64)
            ),
        )
    };
    if request.body_length().is_some_and(|n| n > MAX_BODY_BYTES) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ApiError::bad(format!("cannot read the request: {e}")))?;
    if bytes.len() > MAX_BODY_BYTES {
        return Err(too_large());
    }
    if bytes.is_empty() {
        return Ok(json!({}));
    }
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad(format!("the request is not JSON: {e}")))
}
