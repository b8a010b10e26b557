//! The game API: a route per path and method ([`router`]), each handler a plain async
//! function of extractors (the state, the game its path names, the client, the seat, the
//! query, the JSON body) that asks the domain and answers a [`Reply`] or an [`ApiError`].
//! The routes of games between two people are `friends.rs`'s, the live stream `live.rs`'s,
//! the page's files `pages.rs`'s, `/healthz` and `/metrics` `operators.rs`'s.

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, delete, get, post};
use halma::Square;
use serde::Deserialize;
use serde_json::json;

use super::app::App;
use super::error::ApiError;
use super::extract::{Body, GameId, RequestBody, Seat};
use super::reply::{Reply, Written, json};
use super::{friends, guards, live};
use crate::clients::Client;
use crate::computer::Searched;
use crate::games::error::{GameError, Reading};
use crate::games::moves::Moved;
use crate::games::new::{NewGame, Start};
use crate::games::state::{Played, names, state};
use crate::metrics::{METRICS, Refusal};

/// The API's routes: `/api/games` and, nested under `/api/games/{id}`, a game's. Every
/// body is read whole within its limits before a handler runs; the handlers that change a
/// game refuse other sites' requests first.
pub fn router(app: &Arc<App>) -> Router<Arc<App>> {
    let game = Router::new()
        .route("/", get(show).merge(changes(delete(forget))))
        .route("/move", changes(post(play)))
        .route("/computer", changes(post(computer)))
        .route("/undo", changes(post(undo)))
        .route("/level", changes(post(level).put(level)))
        // HEAD of a hint would run a search for nothing.
        .route("/hint", get(hint).head(no_head))
        .route("/destinations", get(destinations))
        .route("/join", changes(post(friends::join)))
        .route("/resign", changes(post(friends::resign)))
        .route("/draw", changes(post(friends::draw)))
        .route("/rematch", changes(post(friends::rematch)))
        .route("/claim", changes(post(friends::claim)))
        .route("/players", get(friends::players))
        .route("/live", get(live::follow));
    Router::new()
        .route("/api/games", changes(post(create)))
        .nest("/api/games/{id}", game)
        .layer(middleware::map_request_with_state(
            Arc::clone(app),
            guards::read_body,
        ))
}

/// `route`, its handlers refusing other sites' requests (`guards::same_site`).
fn changes(route: MethodRouter<Arc<App>>) -> MethodRouter<Arc<App>> {
    route.route_layer(middleware::map_request(guards::same_site))
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
async fn create(
    State(app): State<Arc<App>>,
    client: Client,
    Body(request): Body<NewGame>,
) -> Result<Response, ApiError> {
    let start = request.check()?;
    if let Err(wait) = app.creations.take(client, Instant::now()) {
        let error = GameError::TooManyGames(wait.as_secs() + 1);
        METRICS.refused(Refusal::GamesPerMinute, &error.to_string());
        return Err(error.into());
    }
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
async fn show(State(app): State<Arc<App>>, GameId(id): GameId) -> Result<Response, ApiError> {
    let game = app.live.read(&id).await?;
    let body = app.games.shown(&game, || json(&state(&game)));
    Ok(Written(body).into_response())
}

/// `DELETE /api/games/{id}`: forgets the game; a game between two people for its players
/// only.
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
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
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
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ComputerBody {
    #[serde(rename = "move")]
    mv: Option<String>,
    ply: Option<u64>,
}

impl RequestBody for ComputerBody {
    fn blank() -> Result<ComputerBody, &'static str> {
        Ok(ComputerBody::default())
    }
}

/// `POST /api/games/{id}/computer`: the computer's move, searched by the server, or the
/// one the client searched (in the body).
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
async fn undo(State(app): State<Arc<App>>, GameId(id): GameId) -> Result<Response, ApiError> {
    let game = app.computer.undo(&id).await?;
    Ok(Reply(state(&game)).into_response())
}

/// A level's body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelBody {
    level: u8,
}

impl RequestBody for LevelBody {
    fn blank() -> Result<LevelBody, &'static str> {
        Err(r#"{"level": 5}"#)
    }
}

/// `POST` or `PUT /api/games/{id}/level`: the computer's level.
async fn level(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    Body(request): Body<LevelBody>,
) -> Result<Response, ApiError> {
    let game = app.computer.set_level(&id, request.level).await?;
    Ok(Reply(state(&game)).into_response())
}

/// The query of a destinations request.
#[derive(Deserialize)]
struct Piece {
    from: Option<String>,
}

/// `GET /api/games/{id}/destinations?from=SQUARE`: where that piece can go.
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
