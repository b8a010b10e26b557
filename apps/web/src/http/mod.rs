//! The HTTP layer: the only part of the server that knows HTTP. The API's routes
//! (`games.rs`, `friends.rs`, `live.rs`), the operator's (`operators.rs`), the page and its
//! files for every other path (`pages.rs`, `assets.rs`), the extractors (`extract.rs`), the
//! replies (`reply.rs`) and the errors with their statuses and codes (`error.rs`), and the
//! tower layers every request passes (`guards.rs` for the checks of our own): the client's
//! address, the request log, panics answered 500, the security headers, the `Host`, the
//! router's 405 in the API's terms, and the count of answers by status. The API's OpenAPI
//! document is made from the routes' handlers (`openapi.rs`, `answers.rs`). Under it the
//! connection layer (`serve.rs`). Each handler turns a request into a call of the domain
//! (`games/`, `computer/`, `friend.rs`, `live.rs`) and its answer or error into a response.

mod answers;
pub mod app;
pub mod assets;
pub mod error;
pub mod extract;
mod friends;
mod games;
pub mod guards;
mod live;
mod openapi;
mod operators;
mod pages;
pub mod reply;
pub mod serve;

use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::{self, HeaderName};
use axum::middleware;
use axum::response::IntoResponse;
use axum::response::Response;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::clients::Source;
use app::App;
use error::ApiError;

/// The headers every answer carries.
const SECURITY: [(HeaderName, &str); 5] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    // 'wasm-unsafe-eval': the page compiles the engine's WebAssembly (nothing else).
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
         img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'",
    ),
    // Cross-origin isolation: the page may share memory with its engine's worker (a real
    // stop of a running search).
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    ),
    (
        HeaderName::from_static("cross-origin-embedder-policy"),
        "require-corp",
    ),
];

/// The service. Each request's extensions must hold its connection's `ConnectInfo` (the
/// peer's address), as `serve.rs` puts it there.
pub fn router(app: Arc<App>) -> Router {
    let routes = openapi::api(&app)
        .fallback(pages::page_or_file)
        .with_state(Arc::clone(&app));
    // Every request passes these, outermost first. They wrap the routes as a whole: only
    // there are the router's own answers complete (a 405 gets its `Allow` last), and a wrong
    // `Host` is refused before routing.
    let layers = ServiceBuilder::new()
        .layer(middleware::map_response(guards::count))
        .layer(middleware::map_request_with_state(
            Arc::clone(&app),
            guards::client_address,
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let source = request.extensions().get::<Source>();
                    tracing::info_span!(
                        "request",
                        method = %request.method(),
                        path = %redact(request.uri().path()),
                        client = %source.map(|s| s.client.to_string()).unwrap_or_default(),
                    )
                })
                .on_request(())
                .on_response(DefaultOnResponse::new().level(Level::INFO))
                // Not one ERROR line per 503: refusals are logged, rate-limited, where they
                // are decided (metrics.rs), and every status is counted for /metrics.
                .on_failure(()),
        )
        .layer(CatchPanicLayer::custom(|_| {
            tracing::error!("a bug: handling a request panicked");
            ApiError::Internal("internal error while handling this request").into_response()
        }))
        .layer(middleware::map_response(security_headers))
        .layer(middleware::map_request_with_state(app, guards::known_host))
        .layer(middleware::map_response(guards::method_not_allowed));
    Router::new().fallback_service(routes).layer(layers)
}

/// Every answer with the [`SECURITY`] headers.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// The path with game ids cut to their first 8 digits: ids are capabilities, and logs are
/// read by more people than the games' players.
fn redact(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if crate::games::valid_id(segment) {
                format!("{}…", &segment[..8])
            } else {
                segment.chars().take(64).collect()
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_cut_in_logs() {
        let id = crate::games::new_id();
        assert_eq!(
            redact(&format!("/api/games/{id}/move")),
            format!("/api/games/{}…/move", &id[..8])
        );
    }
}
