//! Answers: a [`Reply`] (status, headers, body) and an [`ApiError`], which becomes a reply
//! with a JSON body `{"error": "...", "code": "..."}`: the message in English for people
//! reading the API, and a stable code ([`CODES`]) for programs, such as the page, which
//! shows each code in the player's language.

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

/// Every error code, with when it is given: the status, and the words the message starts
/// with (empty: any other message of that status). The first row that matches gives the
/// code, so every error has one, including errors added later (the status's general code).
/// The codes are a contract (the page translates them, `apps/web/README.md` lists them);
/// `tests/codes.rs` provokes each one over HTTP.
pub const CODES: &[(u16, &str, &str)] = &[
    (400, "invalid JSON body", "invalid_json"),
    (400, "this request needs a JSON body", "missing_body"),
    (400, "invalid move text", "bad_move_text"),
    (400, "bad square", "bad_square"),
    (400, "say which piece", "bad_square"),
    (400, "level must be", "bad_level"),
    (400, "human must be", "bad_side"),
    (400, "bad position", "bad_position"),
    (400, "", "bad_request"),
    (403, "the metrics are served only", "forbidden"),
    (403, "", "cross_site"),
    (404, "no game with id", "game_not_found"),
    (404, "", "not_found"),
    (405, "", "method_not_allowed"),
    (408, "", "body_timeout"),
    (409, "the game is over", "game_over"),
    (409, "it is your turn", "not_computer_turn"),
    (409, "it is the computer's turn", "not_your_turn"),
    (409, "a hint is being computed", "thinking"),
    (409, "the computer is thinking", "thinking"),
    (409, "nothing to undo", "nothing_to_undo"),
    (409, "", "conflict"),
    (413, "", "body_too_large"),
    (421, "", "wrong_host"),
    (415, "", "not_json"),
    (422, "", "illegal_move"),
    (429, "", "too_many_games"),
    (503, "the server holds the most games", "store_full"),
    (503, "the game database is not answering", "unavailable"),
    (503, "", "busy"),
];

/// The code of an error with `status` and `message`: the first row of [`CODES`] that
/// matches, else `bad_request` for a client's mistake and `internal` for the server's.
pub fn code_of(status: u16, message: &str) -> &'static str {
    CODES
        .iter()
        .find(|(code_status, start, _)| *code_status == status && message.starts_with(start))
        .map_or(
            if status < 500 {
                "bad_request"
            } else {
                "internal"
            },
            |(_, _, code)| code,
        )
}

/// An error answer: a status, a message and a code for `{"error": "...", "code": "..."}`.
#[derive(Clone, Debug)]
pub struct ApiError {
    /// HTTP status, 4xx for the client's mistakes.
    pub status: u16,
    /// What went wrong, lower case, no trailing period.
    pub message: String,
    /// The stable code of [`CODES`], from the status and the message.
    pub code: &'static str,
    /// `Allow` for a 405.
    allow: Option<&'static str>,
    /// Seconds for `Retry-After` (a 503 or 429 always has one).
    retry_after: Option<u64>,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        let message = message.into();
        ApiError {
            status,
            code: code_of(status, &message),
            message,
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
        let mut reply = Reply::json(
            self.status,
            &json!({ "error": self.message, "code": self.code }),
        );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_has_the_code_of_its_first_matching_row() {
        assert_eq!(code_of(409, "the game is over (x wins)"), "game_over");
        assert_eq!(code_of(409, "this game is being changed"), "conflict");
        assert_eq!(code_of(400, "level must be 1 to 10, not 11"), "bad_level");
        assert_eq!(code_of(400, "anything else"), "bad_request");
        assert_eq!(code_of(418, "a teapot"), "bad_request");
        assert_eq!(code_of(500, "internal error"), "internal");
        assert_eq!(code_of(503, "all engines are busy"), "busy");
        let reply = ApiError::new(404, "no game with id \"ab\"").reply();
        let body: serde_json::Value = serde_json::from_slice(&reply.body).expect("JSON");
        assert_eq!(body["code"], "game_not_found");
        assert_eq!(body["error"], "no game with id \"ab\"");
    }

    #[test]
    fn every_code_is_translated_in_every_language() {
        let mut codes: Vec<&str> = CODES.iter().map(|(_, _, code)| *code).collect();
        codes.extend(["bad_request", "internal"]);
        for catalog in halma_i18n::catalogs() {
            for code in &codes {
                let key = format!("error.{code}");
                assert!(
                    catalog.messages().contains_key(&key),
                    "{catalog} has no {key}"
                );
            }
        }
        // And no language translates a code the server does not give (but the page's own
        // `error.unknown`, for an answer without a code).
        for key in halma_i18n::english().messages().keys() {
            if let Some(code) = key.strip_prefix("error.") {
                assert!(
                    code == "unknown" || codes.contains(&code),
                    "{key} is no code of the server"
                );
            }
        }
    }
}
