//! The routes of games between two people (`docs/live.md`): taking the invitation's seat,
//! who plays, and what a player does beyond moves (resign, draw, rematch, claim), each
//! with the request's [`Seat`]; the rules are `friend.rs`'s.

use std::sync::Arc;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use super::answers::{FRIENDS, Joined, Players};
use super::app::App;
use super::error::ApiError;
use super::extract::{Body, GameId, IdempotencyKey, RequestBody, Seat};
use super::reply::Reply;
use crate::clients::Client;
use crate::games::life::Action;
use crate::games::state::{State as GameState, state};
use crate::games::stored::Loaded;

/// `POST /api/games/{id}/join` with the invitation as the seat's secret: the invitation's
/// seat, to whoever comes first (`{side, secret}`); `seat_taken` for everyone after, but
/// the same join sent again with its `Idempotency-Key` (within ten minutes).
#[utoipa::path(post, path = "/join", tag = FRIENDS, security(("seat" = [])),
    params(GameId, ("Idempotency-Key" = Option<String>, Header, description = "The client's key \
        for this join (1 to 255 visible ASCII characters): the same join sent again with it \
        within ten minutes answers the same seat and secret")),
    request_body(content = Option<Nothing>, description = "Empty"),
    responses((status = 200, body = Joined, description = "The seat taken, with its secret")),
)]
pub async fn join(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    seat: Seat,
    IdempotencyKey(key): IdempotencyKey,
    Body(Nothing {}): Body<Nothing>,
) -> Result<Reply<serde_json::Value>, ApiError> {
    let (side, secret) = app.friends.join(&id, seat.secret(), key.as_ref()).await?;
    Ok(Reply(
        json!({ "seat": { "side": side.to_string(), "secret": secret.as_str() } }),
    ))
}

/// `GET /api/games/{id}/players`: who plays the game: `{"opponent": "computer"}`, or for
/// a game between two people each side's seat (`taken`, `here`), whether its invitation
/// is open, and `you` (the side the request's seat holds, else `null`).
#[utoipa::path(get, path = "/players", tag = FRIENDS, params(GameId), security((), ("seat" = [])),
    responses((status = 200, body = Players, description = "Who plays the game")),
)]
pub async fn players(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    seat: Seat,
) -> Result<Reply<serde_json::Value>, ApiError> {
    Ok(Reply(app.friends.players(&id, seat.secret()).await?))
}

/// A body with no fields (`{}`, or none).
#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Nothing {}

impl RequestBody for Nothing {
    fn blank() -> Result<Nothing, &'static str> {
        Ok(Nothing {})
    }
}

/// The body of an answer to an offer: `{"action": "offer" | "accept" | "decline"}`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OfferBody {
    /// What the player does with the offer.
    action: Action,
}

impl RequestBody for OfferBody {
    fn blank() -> Result<OfferBody, &'static str> {
        Err(r#"{"action": "offer"}"#)
    }
}

/// The state of `game`, as a player's actions answer it.
fn answered(game: &Loaded) -> Response {
    Reply(state(game)).into_response()
}

/// `POST /api/games/{id}/resign`: the player's side resigns; the other wins.
#[utoipa::path(post, path = "/resign", tag = FRIENDS, params(GameId), security(("seat" = [])),
    request_body(content = Option<Nothing>, description = "Empty"),
    responses((status = 200, body = GameState, description = "The game, won by the other side")),
)]
pub async fn resign(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    seat: Seat,
    Body(Nothing {}): Body<Nothing>,
) -> Result<Response, ApiError> {
    Ok(answered(&app.friends.resign(&id, seat.secret()).await?))
}

/// `POST /api/games/{id}/draw`: the player offers a draw, or answers the opponent's offer;
/// both wanting it, the game is drawn.
#[utoipa::path(post, path = "/draw", tag = FRIENDS, params(GameId), security(("seat" = [])),
    request_body = OfferBody,
    responses((status = 200, body = GameState, description = "The game with the offer, or drawn")),
)]
pub async fn draw(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    seat: Seat,
    Body(OfferBody { action }): Body<OfferBody>,
) -> Result<Response, ApiError> {
    Ok(answered(
        &app.friends.draw(&id, seat.secret(), action).await?,
    ))
}

/// `POST /api/games/{id}/rematch`: the player offers a rematch of the game that is over,
/// or answers the opponent's offer; both wanting it, a new game between the same two
/// people, the sides swapped, which this game's state names (`rematch`): a new game of
/// the agreeing client's (`too_many_games` past its share, the offer standing).
#[utoipa::path(post, path = "/rematch", tag = FRIENDS, params(GameId), security(("seat" = [])),
    request_body = OfferBody,
    responses((status = 200, body = GameState, description = "The game with the offer, or the rematch's id")),
)]
pub async fn rematch(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    client: Client,
    seat: Seat,
    Body(OfferBody { action }): Body<OfferBody>,
) -> Result<Response, ApiError> {
    let game = app
        .friends
        .rematch(&id, seat.secret(), action, client)
        .await?;
    Ok(answered(&game))
}

/// `POST /api/games/{id}/claim`: the player claims the win because the opponent left
/// (`--abandon-after-secs` away); `too_early` before, with the seconds to wait.
#[utoipa::path(post, path = "/claim", tag = FRIENDS, params(GameId), security(("seat" = [])),
    request_body(content = Option<Nothing>, description = "Empty"),
    responses((status = 200, body = GameState, description = "The game, won by the claimant")),
)]
pub async fn claim(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    seat: Seat,
    Body(Nothing {}): Body<Nothing>,
) -> Result<Response, ApiError> {
    Ok(answered(&app.friends.claim(&id, seat.secret()).await?))
}
