//! The page and its files (`assets.rs`), at every path the API's routes do not take: each
//! with its caching (`ETag`, `304`), its compression and, for a page, its language.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Method, StatusCode, Uri};
use axum::response::Response;

use super::app::App;
use super::assets::Served;
use super::assets::encoding::accepted;
use super::error::ApiError;

/// How long a file whose name carries its hash may be cached: for good (a year, the most
/// HTTP caches honour, and `immutable`: not even revalidated on reload).
const FOR_GOOD: &str = "public, max-age=31536000, immutable";

/// The page or file at the request's path (`GET` and `HEAD` only), else `not_found`.
pub async fn page_or_file(
    State(app): State<Arc<App>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let path = uri.path();
    let served = app
        .assets
        .get(path, &headers)
        .ok_or_else(|| ApiError::NotFound(path.to_owned()))?;
    if method != Method::GET && method != Method::HEAD {
        return Err(ApiError::MethodNotAllowed("GET".into()));
    }
    file(served, &headers).await
}

/// A file of the page, compressed as the client accepts, or `304` when the client's copy is
/// the one (`If-None-Match`, decided before anything is compressed); a page says its
/// language. Its `ETag` is weak: one tag for the plain, gzip and brotli bodies, which are
/// the same content but not the same bytes.
async fn file(served: Served, headers: &HeaderMap) -> Result<Response, ApiError> {
    let asset = served.asset;
    let cache = if served.immutable {
        HeaderValue::from_static(FOR_GOOD)
    } else {
        // The page, its service worker and the files under their plain names: revalidated
        // on every use (a 304 when unchanged), so a new version is seen at once.
        HeaderValue::from_static("no-cache")
    };
    let etag = HeaderValue::from_str(&format!("W/{}", asset.etag)).ok();
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .map(|tag| tag.trim().trim_start_matches("W/"))
                .any(|tag| tag == asset.etag || tag == "*")
        });
    let mut response = if fresh {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let accepted = accepted(
            headers
                .get(header::ACCEPT_ENCODING)
                .and_then(|value| value.to_str().ok()),
        );
        // Compressing takes a while the first time: not on the runtime's threads.
        let encoded = if asset.ready(accepted) {
            Ok(asset.encoded(accepted))
        } else {
            let asset = Arc::clone(&asset);
            tokio::task::spawn_blocking(move || asset.encoded(accepted)).await
        };
        let (encoding, body) =
            encoded.map_err(|_| ApiError::Internal("compressing a file failed"))?;
        let mut response = Response::new(Body::from(body));
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        );
        if let Some(coding) = encoding.header() {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, cache);
    if let Some(etag) = etag {
        headers.insert(header::ETAG, etag);
    }
    let vary = match served.language {
        Some((tag, negotiated)) => {
            headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(tag));
            if negotiated {
                "Accept-Encoding, Accept-Language, Cookie"
            } else {
                "Accept-Encoding"
            }
        }
        None => "Accept-Encoding",
    };
    headers.insert(header::VARY, HeaderValue::from_static(vary));
    Ok(response)
}
