//! The API's OpenAPI document, made from the code: the routers of `games.rs` and
//! `operators.rs` list their handlers once (utoipa-axum's `routes!`), and each handler's
//! `utoipa::path` gives its path, methods, parameters, request body and answers (those
//! whose JSON a handler writes by hand are `answers.rs`'s), so that the router and the
//! document cannot name different routes. Here the document is put together: its
//! description, the seat's scheme (`extract.rs`), and every operation's error answers,
//! each status with the codes it carries (from [`ApiError::status_and_code`], the one
//! table of them). Served at `GET /api/openapi.json`; docs/api.md introduces it.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use axum::Router;
use axum::extract::Extension;
use bytes::Bytes;
use serde_json::{Map, Value, json};
use utoipa::OpenApi;
use utoipa::openapi::OpenApi as Document;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{FRIENDS, GAME, OPERATORS};
use super::app::App;
use super::error::{ApiError, ErrorBody};
use super::extract::SeatScheme;
use super::reply::{Written, json as reply_json};
use super::{games, operators};
use crate::games::error::GameError;

/// What the document says besides its routes.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Halma",
        description = "The online Halma game's JSON API: games against the computer and \
                       between two people, their moves, offers and live streams. \
                       docs/api.md introduces it."
    ),
    tags(
        (name = GAME, description = "A game: its state, moves, the computer's moves and hints, its live stream"),
        (name = FRIENDS, description = "What the players of a game between two people do beyond moves, each with their seat"),
        (name = OPERATORS, description = "The server's health and metrics"),
    ),
    modifiers(&SeatScheme),
    components(schemas(ErrorBody))
)]
struct Description;

/// The API's routes with the document they make, which `GET /api/openapi.json` serves.
pub fn api(app: &Arc<App>) -> Router<Arc<App>> {
    let (router, document) = OpenApiRouter::with_openapi(Description::openapi())
        .merge(games::router(app))
        .merge(operators::router(app))
        .routes(routes!(document))
        .split_for_parts();
    let document = Bytes::from(reply_json(&finished(document)));
    router.layer(Extension(Served(document)))
}

/// The document, as JSON.
#[derive(Clone)]
struct Served(Bytes);

/// `GET /api/openapi.json`: this document.
#[utoipa::path(get, path = "/api/openapi.json", tag = OPERATORS, responses(
    (status = 200, content_type = "application/json", body = Object, description = "The API's OpenAPI 3.1 document"),
))]
async fn document(Extension(Served(document)): Extension<Served>) -> Written {
    Written(document)
}

/// A game's error of every kind `error` names.
fn game(error: GameError) -> ApiError {
    ApiError::Game(error)
}

/// The errors any request may be answered.
fn anywhere() -> Vec<ApiError> {
    vec![
        ApiError::BadHost(""),
        ApiError::WrongHost(String::new()),
        ApiError::Internal(""),
    ]
}

/// The errors of any request of `/api/games`: its body, and its game.
fn games_route() -> Vec<ApiError> {
    vec![
        ApiError::BodyTimeout,
        ApiError::BodyTooLarge(None),
        ApiError::BadBody(String::new()),
        game(GameError::Unavailable),
    ]
}

/// The errors of a request that changes a game, with a JSON body.
fn change() -> Vec<ApiError> {
    vec![
        ApiError::CrossSite,
        ApiError::NotJson,
        ApiError::InvalidJson(String::new()),
    ]
}

/// The errors of a request that needs a seat of its game.
fn player() -> Vec<ApiError> {
    vec![
        game(GameError::NotAPlayer),
        game(GameError::ComputerGame),
        game(GameError::GameOver(String::new())),
    ]
}

/// The errors of a move, the person's or the computer's.
fn moving() -> Vec<ApiError> {
    let text = String::new;
    vec![
        game(GameError::BadMoveText(text(), text())),
        game(GameError::IllegalMove(text(), text())),
        game(GameError::GameOver(text())),
        game(GameError::TooLong(0)),
        game(GameError::StalePly { ply: 0, moves: 0 }),
        game(GameError::Thinking),
    ]
}

/// The errors of an offer (a draw's, a rematch's) and its answers.
fn offer() -> Vec<ApiError> {
    vec![
        ApiError::MissingBody(""),
        game(GameError::NotFound(String::new())),
        game(GameError::OfferPending),
        game(GameError::NoOffer),
        game(GameError::OfferLapsed),
        game(GameError::NotOver),
        game(GameError::RematchMade),
    ]
}

/// The errors the operation `id` may answer besides [`anywhere`]'s.
fn errors(id: &str) -> Vec<ApiError> {
    let text = String::new;
    let found = || game(GameError::NotFound(text()));
    let busy = || {
        vec![
            game(GameError::Thinking),
            game(GameError::NoEngine),
            game(GameError::Busy(text())),
        ]
    };
    let mut errors = match id {
        "create" => [
            change(),
            vec![
                game(GameError::BadLevel(0)),
                game(GameError::BadSide(text())),
                game(GameError::BadOpponent(text())),
                game(GameError::BadClock(text())),
                game(GameError::BadPosition(text())),
                game(GameError::TooManyGames(1)),
                game(GameError::Full(0)),
            ],
        ]
        .concat(),
        "show" | "players" => vec![found()],
        "forget" => [change(), vec![found(), game(GameError::NotAPlayer)]].concat(),
        "play" => [
            change(),
            moving(),
            vec![
                ApiError::MissingBody(""),
                found(),
                game(GameError::NotAPlayer),
                game(GameError::NotYourTurn(halma::Side::X)),
                game(GameError::Overtaken),
            ],
        ]
        .concat(),
        "computer" => [
            change(),
            busy(),
            moving(),
            vec![
                found(),
                game(GameError::NotComputerTurn(halma::Side::X)),
                game(GameError::FriendGame),
            ],
        ]
        .concat(),
        "undo" => [
            change(),
            vec![
                found(),
                game(GameError::NothingToUndo),
                game(GameError::Thinking),
                game(GameError::FriendGame),
            ],
        ]
        .concat(),
        "level" => [
            change(),
            vec![
                ApiError::MissingBody(""),
                found(),
                game(GameError::BadLevel(0)),
                game(GameError::FriendGame),
            ],
        ]
        .concat(),
        "hint" => [
            busy(),
            vec![
                found(),
                game(GameError::NotYourTurn(halma::Side::X)),
                game(GameError::GameOver(text())),
                game(GameError::FriendGame),
            ],
        ]
        .concat(),
        "destinations" => vec![found(), ApiError::MissingSquare],
        "join" => [
            change(),
            vec![
                found(),
                game(GameError::SeatTaken),
                ApiError::BadIdempotencyKey,
            ],
        ]
        .concat(),
        "resign" => [change(), player(), vec![found()]].concat(),
        "draw" => [change(), player(), offer()].concat(),
        // A rematch agreed is a new game of the client agreeing.
        "rematch" => [
            change(),
            player(),
            offer(),
            vec![game(GameError::TooManyGames(1)), game(GameError::Full(0))],
        ]
        .concat(),
        "claim" => [
            change(),
            player(),
            vec![found(), game(GameError::TooEarly(1))],
        ]
        .concat(),
        "follow" => vec![found(), game(GameError::TooManyLive)],
        "metrics" => vec![ApiError::MetricsForbidden],
        _ => Vec::new(),
    };
    if !matches!(id, "health" | "metrics" | "document") {
        errors.extend(games_route());
    }
    errors.extend(anywhere());
    errors
}

/// The error answers of `errors`: each status with the codes it carries.
fn error_answers(errors: &[ApiError]) -> BTreeMap<String, Value> {
    let mut codes: BTreeMap<u16, Vec<&str>> = BTreeMap::new();
    for error in errors {
        let (status, code) = error.status_and_code();
        let codes = codes.entry(status.as_u16()).or_default();
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    codes
        .into_iter()
        .map(|(status, codes)| {
            let listed: Vec<String> = codes.iter().map(|code| format!("`{code}`")).collect();
            let schema = json!({
                "allOf": [
                    { "$ref": "#/components/schemas/Error" },
                    { "type": "object", "properties": { "code": { "enum": codes } } },
                ]
            });
            let answer = json!({
                "description": format!("An error: {}", listed.join(", ")),
                "content": { "application/json": { "schema": schema } },
            });
            (status.to_string(), answer)
        })
        .collect()
}

/// `document` with every operation's error answers, and an id of its own for each
/// method of a handler that serves several (`level`, then `level_put`).
fn finished(document: Document) -> Value {
    let mut document = serde_json::to_value(document).unwrap_or_default();
    let mut ids = HashSet::new();
    let operations = document
        .get_mut("paths")
        .and_then(Value::as_object_mut)
        .into_iter()
        .flat_map(Map::values_mut)
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.iter_mut());
    for (method, operation) in operations {
        let id = operation["operationId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if !ids.insert(id.clone()) {
            operation["operationId"] = json!(format!("{id}_{method}"));
        }
        let responses = &mut operation["responses"];
        for (status, answer) in error_answers(&errors(&id)) {
            responses[status] = answer;
        }
    }
    document
}
