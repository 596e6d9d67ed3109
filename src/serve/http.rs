//! Answers of `gdl serve` (a status, a type, a body), errors as JSON, and
//! the checks every request passes before the API sees it: its `Host`
//! names this server, and a POST is JSON, which a page elsewhere cannot
//! send here without the browser asking first (so another site open in
//! the same browser cannot save files through the playground). Reading
//! and writing them is [`super::wire`].

use serde_json::{Value, json};

/// What the checks and the routes read of a request besides its body.
#[derive(Debug)]
pub struct Head {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path, without the query (`/api/state`).
    pub path: String,
    /// The `Host` header, if sent.
    pub host: Option<String>,
    /// The `Content-Type` header, if sent.
    pub content_type: Option<String>,
}

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

/// Refuses a request whose `Host` is not one of `hosts` (a page on
/// another site that a name server has pointed at 127.0.0.1), and a POST
/// that is not JSON.
pub fn check_origin(request: &Head, hosts: &[String]) -> Result<(), ApiError> {
    let host = request.host.as_deref().unwrap_or("");
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
    if request.method == "POST" {
        let json = request
            .content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("application/json"));
        if !json {
            return Err(ApiError::new(
                415,
                "send the request as JSON (Content-Type: application/json)",
            ));
        }
    }
    Ok(())
}

/// The request's body as JSON (an empty body is `{}`).
pub fn read_json(body: &[u8]) -> Result<Value, ApiError> {
    if body.is_empty() {
        return Ok(json!({}));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::bad(format!("the request is not JSON: {e}")))
}
