//! The game API: a route per path and method ([`router`]), each handler a plain async
//! function of extractors (the state, the game its path names, the client, the seat, the
//! query, the JSON body) that asks the domain and answers a [`Reply`] or an [`ApiError`].
//! The routes of games between two people are `friends.rs`'s, the live stream `live.rs`'s,
//! the page's files `pages.rs`'s, `/healthz` and `/metrics` `operators.rs`'s.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::head;
use halma::Square;
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

use super::answers::{Created, Deleted, Destinations, GAME};
use super::app::App;
use super::error::ApiError;
use super::extract::{Body, GameId, RequestBody, Seat};
use super::reply::{Reply, Written, json};
use super::{friends, guards, live};
use crate::clients::Client;
use crate::computer::Searched;
use crate::games::error::{GameError, Reading};
use crate::games::moves::Moved;
use crate::games::new::{NewGame, Start, allowed};
use crate::games::state::{Played, State as GameState, names, state};

/// The API's routes: `/api/games` and, nested under `/api/games/{id}`, a game's, each
/// handler with its path and methods as its `utoipa::path` says (the API's document is
/// made from the same list, `openapi.rs`). Every body is read whole within its limits
/// before a handler runs; the handlers that change a game refuse other sites' requests
/// first.
pub fn router(app: &Arc<App>) -> OpenApiRouter<Arc<App>> {
    // A route whose handlers refuse other sites' requests (`guards::same_site`).
    let changes = |(schemas, paths, route): UtoipaMethodRouter<Arc<App>>| {
        let same_site = middleware::map_request_with_state(Arc::clone(app), guards::same_site);
        (schemas, paths, route.route_layer(same_site))
    };
    let game = OpenApiRouter::new()
        .routes(routes!(show))
        .routes(changes(routes!(forget)))
        .routes(changes(routes!(play)))
        .routes(changes(routes!(computer)))
        .routes(changes(routes!(undo)))
        .routes(changes(routes!(level)))
        .routes(routes!(hint))
        // HEAD of a hint would run a search for nothing.
        .route("/hint", head(no_head))
        .routes(routes!(destinations))
        .routes(changes(routes!(friends::join)))
        .routes(changes(routes!(friends::resign)))
        .routes(changes(routes!(friends::draw)))
        .routes(changes(routes!(friends::rematch)))
        .routes(changes(routes!(friends::claim)))
        .routes(routes!(friends::players))
        .routes(routes!(live::follow));
    OpenApiRouter::new()
        .routes(changes(routes!(create)))
        .nest("/api/games/{id}", game)
        .layer(middleware::map_request_with_state(
            Arc::clone(app),
            guards::read_body,
        ))
}

/// The answer to `HEAD` where only `GET` is served.
async fn no_head() -> ApiError {
    ApiError::MethodNotAllowed("GET".into())
}

impl RequestBody for NewGame {
    fn blank() -> Result<NewGame, &'static str> {
        Ok(NewGame::default())
    }
}

/// `POST /api/games`: a new game, 201 with its state and `Location`; a game between two
/// people with its seats: `seat` (the creator's side and secret) and `invitation` (the
/// other seat's claim, for the invitation link's fragment).
#[utoipa::path(
    post,
    path = "/api/games",
    tag = GAME,
    request_body = NewGame,
    responses((
        status = 201,
        body = Created,
        description = "The new game",
        headers(("Location" = String, description = "The game's URL, `/api/games/{id}`")),
    )),
)]
async fn create(
    State(app): State<Arc<App>>,
    client: Client,
    Body(request): Body<NewGame>,
) -> Result<Response, ApiError> {
    let start = request.check()?;
    allowed(&app.creations, client)?;
    let (game, seats) = match start {
        Start::Computer { game, human, level } => {
            (app.computer.create(game, human, level).await?, None)
        }
        Start::Friend {
            game,
            creator,
            clock,
        } => {
            let (game, seats) = app.friends.create(game, creator, clock).await?;
            (game, Some(seats))
        }
    };
    let id = &game.id;
    let location = [(header::LOCATION, format!("/api/games/{id}"))];
    let mut body = serde_json::to_value(state(&game)).unwrap_or_default();
    if let (Some(seats), Some(object)) = (seats, body.as_object_mut()) {
        let creator = game.session.human;
        object.insert(
            "seat".into(),
            json!({ "side": creator.to_string(), "secret": seats.secret.as_str() }),
        );
        object.insert(
            "invitation".into(),
            json!({ "side": creator.other().to_string(), "claim": seats.invitation.as_str() }),
        );
    }
    Ok((StatusCode::CREATED, location, Reply(body)).into_response())
}

/// `GET /api/games/{id}`: the game's state.
#[utoipa::path(get, path = "/", tag = GAME, params(GameId), responses(
    (status = 200, body = GameState, description = "The game's state"),
))]
async fn show(State(app): State<Arc<App>>, GameId(id): GameId) -> Result<Response, ApiError> {
    let game = app.live.read(&id).await?;
    let body = app.games.shown(&game, || json(&state(&game)));
    Ok(Written(body).into_response())
}

/// `DELETE /api/games/{id}`: forgets the game; a game between two people for its players
/// only.
#[utoipa::path(delete, path = "/", tag = GAME, params(GameId), security((), ("seat" = [])),
    responses((status = 200, body = Deleted, description = "The game is gone")),
)]
async fn forget(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    seat: Seat,
) -> Result<Reply<serde_json::Value>, ApiError> {
    app.friends.may_delete(&id, seat.secret()).await?;
    app.games.delete(&id).await?;
    Ok(Reply(json!({ "deleted": id })))
}

/// A move's body: its text (`from-to` or a hop path), and the number of moves the game had
/// when the move was chosen (optional: without it the move is played on the game as it is).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    /// `from-to` (`l2-k3`), or a hop's path (`l2-j4-h4`).
    #[serde(rename = "move")]
    mv: String,
    /// The number of moves the game had when the move was chosen: `stale_ply` if it has
    /// changed since.
    ply: Option<u64>,
}

impl RequestBody for MoveBody {
    fn blank() -> Result<MoveBody, &'static str> {
        Err(r#"{"move": "l2-k3"}"#)
    }
}

/// A move played, as the API answers it: `{move, path, state}`, and `search` for one the
/// server's engine found.
fn played(moved: &Moved, search: Option<crate::engines::Report>) -> Response {
    Reply(Played {
        mv: moved.mv.to_string(),
        path: names(&moved.path),
        search,
        state: Some(state(&moved.game)),
    })
    .into_response()
}

/// `POST /api/games/{id}/move`: the person's move; in a game between two people, the move
/// of the player whose seat the request holds.
#[utoipa::path(post, path = "/move", tag = GAME, params(GameId), request_body = MoveBody,
    security((), ("seat" = [])),
    responses((status = 200, body = Played, description = "The move, and the game after it")),
)]
async fn play(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    seat: Seat,
    Body(request): Body<MoveBody>,
) -> Result<Response, ApiError> {
    let read = app.live.read(&id).await?;
    let (text, ply) = (request.mv.as_str(), request.ply);
    let moved = if read.session.between_people() {
        let secret = seat.secret();
        app.friends.play(read, &id, secret, text, ply).await?
    } else {
        app.computer.play(read, &id, text, ply).await?
    };
    Ok(played(&moved, None))
}

/// The body of a computer-move request: empty, or the move the client searched; with or
/// without the number of moves the game had when the request was made.
#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
struct ComputerBody {
    /// The computer's move as the client's engine found it, `from-to`; without it the
    /// server searches.
    #[serde(rename = "move")]
    mv: Option<String>,
    /// The number of moves the game had when the request was made: `stale_ply` if it has
    /// changed since.
    ply: Option<u64>,
}

impl RequestBody for ComputerBody {
    fn blank() -> Result<ComputerBody, &'static str> {
        Ok(ComputerBody::default())
    }
}

/// `POST /api/games/{id}/computer`: the computer's move, searched by the server, or the
/// one the client searched (in the body).
#[utoipa::path(post, path = "/computer", tag = GAME, params(GameId),
    request_body(content = Option<ComputerBody>, description = "Empty, or the move a client searched"),
    responses((status = 200, body = Played, description = "The computer's move, its search, and the game after it")),
)]
async fn computer(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    client: Client,
    Body(request): Body<ComputerBody>,
) -> Result<Response, ApiError> {
    let Searched { moved, report } = app
        .computer
        .computer(&id, client, request.mv.as_deref(), request.ply)
        .await?;
    Ok(played(&moved, report))
}

/// `GET /api/games/{id}/hint`: the engine's suggestion for the person; plays nothing.
#[utoipa::path(get, path = "/hint", tag = GAME, params(GameId), responses(
    (status = 200, body = Played, description = "The suggested move and its search (no `state`)"),
))]
async fn hint(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    client: Client,
) -> Result<Response, ApiError> {
    let hint = app.computer.hint(&id, client).await?;
    Ok(Reply(Played {
        mv: hint.mv.to_string(),
        path: names(&hint.path),
        search: Some(hint.report),
        state: None,
    })
    .into_response())
}

/// `POST /api/games/{id}/undo`: takes back the person's last move and the computer's reply.
#[utoipa::path(post, path = "/undo", tag = GAME, params(GameId),
    request_body(content = Option<friends::Nothing>, description = "Empty"),
    responses((status = 200, body = GameState, description = "The game without the moves taken back")),
)]
async fn undo(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    Body(friends::Nothing {}): Body<friends::Nothing>,
) -> Result<Response, ApiError> {
    let game = app.computer.undo(&id).await?;
    Ok(Reply(state(&game)).into_response())
}

/// A level's body.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LevelBody {
    /// 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    level: u8,
}

impl RequestBody for LevelBody {
    fn blank() -> Result<LevelBody, &'static str> {
        Err(r#"{"level": 5}"#)
    }
}

/// `POST` or `PUT /api/games/{id}/level`: the computer's level.
#[utoipa::path(method(post, put), path = "/level", tag = GAME, params(GameId),
    request_body = LevelBody,
    responses((status = 200, body = GameState, description = "The game at its new level")),
)]
async fn level(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    Body(request): Body<LevelBody>,
) -> Result<Response, ApiError> {
    let game = app.computer.set_level(&id, request.level).await?;
    Ok(Reply(state(&game)).into_response())
}

/// The query of a destinations request.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Piece {
    /// The piece's square (`n3`).
    #[param(required = true)]
    from: Option<String>,
}

/// `GET /api/games/{id}/destinations?from=SQUARE`: where that piece can go.
#[utoipa::path(get, path = "/destinations", tag = GAME, params(GameId, Piece), responses(
    (status = 200, body = Destinations, description = "The squares the piece can go to"),
))]
async fn destinations(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    query: Result<Query<Piece>, QueryRejection>,
) -> Result<Reply<serde_json::Value>, ApiError> {
    let Query(piece) = query?;
    let from = piece.from.ok_or(ApiError::MissingSquare)?;
    let square: Square = from
        .parse()
        .map_err(|error| GameError::refused(Reading::Square, &error))?;
    let session = app.games.load(&id).await?.session;
    let to = if session.over() {
        Vec::new()
    } else {
        session
            .game
            .position()
            .destinations(square)
            .iter()
            .collect()
    };
    Ok(Reply(
        json!({ "from": square.to_string(), "to": names(&to) }),
    ))
}
