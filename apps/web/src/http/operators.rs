//! What an operator asks the server: `/healthz` (it and its database answer; the engines'
//! load) and `/metrics` (the Prometheus text format, for `--metrics-from` only).

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{self, HeaderValue};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{Health, OPERATORS};
use super::app::App;
use super::guards;
use super::reply::Reply;
use crate::metrics::{Gauges, METRICS};

/// `/healthz`, and `/metrics` for the operator's addresses.
pub fn router(app: &Arc<App>) -> OpenApiRouter<Arc<App>> {
    let operators_only =
        middleware::map_request_with_state(Arc::clone(app), guards::operators_only);
    let (schemas, paths, metrics) = routes!(metrics);
    OpenApiRouter::new().routes(routes!(health)).routes((
        schemas,
        paths,
        metrics.route_layer(operators_only),
    ))
}

/// `GET /healthz`: 200 when the database answers, else 503; the engines' load.
#[utoipa::path(get, path = "/healthz", tag = OPERATORS, responses(
    (status = 200, body = Health, description = "The server and its database answer"),
    (status = 503, body = Health, description = "The database does not answer"),
))]
async fn health(State(app): State<Arc<App>>) -> Response {
    let database = app.games.store();
    let reachable = database.ping().await.is_ok();
    let body = json!({
        "status": if reachable { "ok" } else { "database unreachable" },
        "database": database.backend(),
        "searches": app.computer.pool().load(),
    });
    let status = if reachable {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Reply(body)).into_response()
}

/// The bytes the allocator holds for the server now (jemalloc's `stats.allocated`): unlike
/// the resident size, not the memory it has freed and not yet handed back.
fn allocated() -> Option<u64> {
    tikv_jemalloc_ctl::epoch::advance().ok()?;
    let bytes = tikv_jemalloc_ctl::stats::allocated::read().ok()?;
    u64::try_from(bytes).ok()
}

/// `GET /metrics`: every figure, in the Prometheus text format.
#[utoipa::path(get, path = "/metrics", tag = OPERATORS, responses(
    (status = 200, content_type = "text/plain", body = String, description = "Every figure, in the Prometheus text format"),
))]
async fn metrics(State(app): State<Arc<App>>) -> Response {
    let load = app.computer.pool().load();
    let text = METRICS.render(&Gauges {
        waiting_moves: load.waiting - load.waiting_hints,
        waiting_hints: load.waiting_hints,
        running: load.running,
        engines: load.engines,
        connections: app.connections.open(),
        max_connections: app.connections.max(),
        live_streams: app.live.open(),
        games: app.games.store().count().await.ok(),
        allocated: allocated(),
    });
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
