//! Answers: a [`Reply`] (status, headers, body) and an [`ApiError`], which becomes a reply
//! with a JSON body `{"error": "..."}`.

use serde::Serialize;
use serde_json::json;

/// A response, before HTTP.
#[derive(Debug)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// Extra headers.
    pub headers: Vec<(&'static str, String)>,
    /// The body.
    pub body: Vec<u8>,
}

/// The content type of every API answer.
pub const JSON: &str = "application/json; charset=utf-8";

impl Reply {
    /// `value` as JSON with `status`.
    pub fn json(status: u16, value: &impl Serialize) -> Reply {
        let mut body = serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec());
        body.push(b'\n');
        Reply {
            status,
            content_type: JSON,
            headers: vec![("Cache-Control", "no-store".to_owned())],
            body,
        }
    }

    /// The reply with one more header.
    pub fn with_header(mut self, name: &'static str, value: String) -> Reply {
        self.headers.push((name, value));
        self
    }
}

/// An error answer: a status and a message for `{"error": "..."}`.
#[derive(Clone, Debug)]
pub struct ApiError {
    /// HTTP status, 4xx for the client's mistakes.
    pub status: u16,
    /// What went wrong, lower case, no trailing period.
    pub message: String,
    /// `Allow` for a 405.
    allow: Option<&'static str>,
    /// Seconds for `Retry-After` (a 503 or 429 always has one).
    retry_after: Option<u64>,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            allow: None,
            retry_after: None,
        }
    }

    /// A 405 naming the methods allowed.
    pub fn method(allow: &'static str) -> ApiError {
        ApiError {
            allow: Some(allow),
            ..ApiError::new(405, format!("method not allowed here; allowed: {allow}"))
        }
    }

    /// The error with `Retry-After: seconds`.
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds.max(1));
        self
    }

    /// The error as a reply.
    pub fn reply(&self) -> Reply {
        let mut reply = Reply::json(self.status, &json!({ "error": self.message }));
        if let Some(allow) = self.allow {
            reply = reply.with_header("Allow", allow.to_owned());
        }
        let retry = match self.status {
            503 | 429 => Some(self.retry_after.unwrap_or(1)),
            _ => self.retry_after,
        };
        if let Some(seconds) = retry {
            reply = reply.with_header("Retry-After", seconds.to_string());
        }
        reply
    }
}
