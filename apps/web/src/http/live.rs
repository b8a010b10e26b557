//! `GET /api/games/{id}/live`: a game's changes (`live.rs`) as server-sent events, `state`
//! (its id the game's version) and `players`, with a comment every so often, and
//! `X-Accel-Buffering: no` for nginx.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::http::header::{HeaderName, HeaderValue};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::Deserialize;
use utoipa::IntoParams;

use super::answers::GAME;
use super::app::App;
use super::error::ApiError;
use super::extract::{GameId, Seat};
use crate::clients::Client;
use crate::live::Change;

/// A comment every so often keeps proxies from closing a quiet stream, and lets the
/// connection layer find a reader that is gone.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// The delay a client waits before reconnecting, as the stream tells it.
const RETRY: Duration = Duration::from_secs(2);

/// The query of a live stream: the version of the game the client has seen (as
/// `Last-Event-ID`).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Since {
    /// The version of the game the client has (as `Last-Event-ID`).
    since: Option<u64>,
}

/// `GET /api/games/{id}/live`: the game's server-sent events (`state`, `players`), from
/// its state now (unless `Last-Event-ID` or `?since=` says the client has it) on; a
/// player's stream (the request holds a seat) counts them present.
#[utoipa::path(get, path = "/live", tag = GAME, security((), ("seat" = [])),
    params(GameId, Since, ("Last-Event-ID" = Option<u64>, Header, description = "The version of the game the client has")),
    responses((
        status = 200,
        content_type = "text/event-stream",
        body = String,
        description = "Server-sent events: `state` (its `id` the game's version, its data the game's state) and `players` (its data who plays, as `/players` answers)",
    )),
)]
pub async fn follow(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    client: Client,
    seat: Seat,
    headers: HeaderMap,
    query: Result<Query<Since>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(Since { since }) = query?;
    let since = headers
        .get("last-event-id")
        .and_then(|value| value.to_str().ok()?.trim().parse().ok())
        .or(since);
    let changes = app.live.follow(&id, client, seat.secret(), since).await?;
    let events = changes.map(|change| Ok::<_, Infallible>(event(change)));
    let mut response = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(HEARTBEAT))
        .into_response();
    // nginx passes each event on at once, whatever its site says of buffering.
    response.headers_mut().insert(
        HeaderName::from_static("x-accel-buffering"),
        HeaderValue::from_static("no"),
    );
    Ok(response)
}

/// The event that tells `change`.
fn event(change: Change) -> Event {
    match change {
        Change::State { version, json } => Event::default()
            .event("state")
            .id(version.to_string())
            .retry(RETRY)
            .data(&*json),
        Change::Players(players) => Event::default().event("players").data(players.to_string()),
    }
}
