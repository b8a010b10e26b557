//! An API answer: its value as JSON (and a newline), never cached.

use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The content type of every API answer.
pub const JSON: &str = "application/json; charset=utf-8";

/// `value` as the API's JSON answer: `Content-Type: application/json; charset=utf-8`,
/// `Cache-Control: no-store`.
pub struct Reply<T>(pub T);

impl<T: Serialize> IntoResponse for Reply<T> {
    fn into_response(self) -> Response {
        Written(Bytes::from(json(&self.0))).into_response()
    }
}

/// `value` as the API's JSON text, a newline after it.
pub fn json<T: Serialize>(value: &T) -> Vec<u8> {
    let mut body = serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec());
    body.push(b'\n');
    body
}

/// An answer already written by [`json`], answered as [`Reply`] answers.
pub struct Written(pub Bytes);

impl IntoResponse for Written {
    fn into_response(self) -> Response {
        let mut response = self.0.into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(JSON));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}
