//! The game API: a route per path and method ([`router`]), each handler a plain async
//! function of extractors (the state, the game its path names, the client, the query, the
//! JSON body) that answers a [`Reply`] or an [`ApiError`]. The page's files are `pages.rs`'s,
//! `/healthz` and `/metrics` `operators.rs`'s.

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::header;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, delete, get, post};
use halma::search::DEFAULT_LEVEL;
use halma::{Game, Move, MoveText, Position, Side, Square};
use serde::Deserialize;
use serde_json::json;

use crate::app::App;
use crate::clients::Client;
use crate::error::{ApiError, Reading};
use crate::extract::{Body, GameId, RequestBody};
use crate::friend;
use crate::friend::life::{Clock, Life};
use crate::games::{Loaded, NO_COMPUTER, Session, now_ms};
use crate::guards;
use crate::metrics::{METRICS, Refusal};
use crate::reply::{Reply, Written, json};
use crate::search::{at_ply, computer_plays, not_thinking, playable, search, turn_of};
use crate::state::{Played, mover, names, path_of, state};
use crate::think::Purpose;

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
        .route("/join", changes(post(friend::join)))
        .route("/resign", changes(post(friend::resign)))
        .route("/draw", changes(post(friend::draw)))
        .route("/rematch", changes(post(friend::rematch)))
        .route("/claim", changes(post(friend::claim)))
        .route("/players", get(friend::players))
        .route("/live", get(friend::follow));
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

/// Checks a level.
fn check_level(level: u8) -> Result<u8, ApiError> {
    if (1..=10).contains(&level) {
        Ok(level)
    } else {
        Err(ApiError::BadLevel(level))
    }
}

/// A new game: all optional.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    level: Option<u8>,
    human: Option<String>,
    position: Option<String>,
    /// `"computer"` (the default) or `"friend"`: a game between two people.
    opponent: Option<String>,
    /// A game between two people's clocks: `{"initial": SECONDS, "increment": SECONDS}`.
    clock: Option<serde_json::Value>,
}

impl RequestBody for NewGame {
    fn blank() -> Result<NewGame, &'static str> {
        Ok(NewGame::default())
    }
}

/// The clocks `value` asks for (`{"initial": SECONDS, "increment": SECONDS}`, whole numbers
/// in the presets' bounds); `null` is none. Anything else is `bad_clock`.
fn clock_preset(value: &serde_json::Value) -> Result<Option<Clock>, ApiError> {
    if value.is_null() {
        return Ok(None);
    }
    let field = |name| value.get(name).and_then(serde_json::Value::as_u64);
    let fields = value.as_object().map_or(0, serde_json::Map::len);
    match (field("initial"), field("increment"), fields) {
        (Some(initial), Some(increment), 2) => Clock::new(initial, increment).map(Some),
        _ => Err(ApiError::BadClock(
            r#"a clock is {"initial": SECONDS, "increment": SECONDS}"#.to_owned(),
        )),
    }
}

/// `POST /api/games`: a new game, 201 with its state and `Location`.
async fn create(
    State(app): State<Arc<App>>,
    client: Client,
    Body(request): Body<NewGame>,
) -> Result<Response, ApiError> {
    let level = check_level(request.level.unwrap_or(DEFAULT_LEVEL))?;
    let human = match request.human.as_deref() {
        None | Some("x") => Side::X,
        Some("o") => Side::O,
        Some(other) => return Err(ApiError::BadSide(other.to_owned())),
    };
    let clock = match &request.clock {
        Some(value) => clock_preset(value)?,
        None => None,
    };
    let friends = match request.opponent.as_deref() {
        None | Some("computer") => false,
        Some("friend") => true,
        Some(other) => return Err(ApiError::BadOpponent(other.to_owned())),
    };
    if clock.is_some() && !friends {
        return Err(ApiError::BadClock(
            "clocks are for games between two people".to_owned(),
        ));
    }
    let game = match request.position.as_deref() {
        Some(text) => Game::from_position(
            text.parse::<Position>()
                .map_err(|error| ApiError::refused(Reading::Position, &error))?,
        ),
        None => Game::new(),
    };
    if let Err(wait) = app.creations.take(client, Instant::now()) {
        let error = ApiError::TooManyGames(wait.as_secs() + 1);
        METRICS.refused(Refusal::GamesPerMinute, &error.to_string());
        return Err(error);
    }
    let session = Session {
        game: Arc::new(game),
        human,
        // No computer plays a game between two people.
        level: if friends { NO_COMPUTER } else { level },
        thinking: None,
        life: friends.then(|| Life::new(clock)),
    };
    let id = app.games.create(&session, app.max_games).await?;
    let location = [(header::LOCATION, format!("/api/games/{id}"))];
    if friends {
        let shown = serde_json::to_value(state(&id, &session)).unwrap_or_default();
        let seated = friend::seat_creator(&app, &id, human, shown).await?;
        return Ok((StatusCode::CREATED, location, Reply(seated)).into_response());
    }
    Ok((StatusCode::CREATED, location, Reply(state(&id, &session))).into_response())
}

/// `GET /api/games/{id}`: the game's state.
async fn show(State(app): State<Arc<App>>, GameId(id): GameId) -> Result<Response, ApiError> {
    let game = app.live.read(&id).await?;
    let body = app
        .games
        .shown(&id, &game, || json(&state(&id, &game.session)));
    Ok(Written(body).into_response())
}

/// `DELETE /api/games/{id}`: forgets the game.
async fn forget(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
) -> Result<Reply<serde_json::Value>, ApiError> {
    friend::may_delete(&app, &id, &headers).await?;
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

/// `POST /api/games/{id}/move`: the person's move; in a game between two people, the move
/// of the player whose secret the request holds.
async fn play(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Body(request): Body<MoveBody>,
) -> Result<Response, ApiError> {
    let read = app.live.read(&id).await?;
    let played = if read.session.between_people() {
        let side = friend::player(&app, &id, &headers).await?;
        play_for(&app, read, &id, &request.mv, request.ply, |_| side)
            .await
            .map_err(|error| match error {
                ApiError::NotComputerTurn(turn) | ApiError::NotYourTurn(turn) => {
                    ApiError::OpponentsTurn(turn)
                }
                error => error,
            })
    } else {
        play_for(&app, read, &id, &request.mv, request.ply, |session| {
            session.human
        })
        .await
    }?;
    app.live.changed(&id);
    Ok(played)
}

/// Plays the move `text` for the side `side` names (the person's, or the computer's move
/// that a client searched), checked as every move is, and answers `{move, path, state}`.
/// The text is read once; each try of the change checks it against the game as stored.
/// With `ply`, the move was chosen when the game had `ply` moves: on a game that has more
/// it is refused (`stale_ply`), unless it is the move played there, which is answered as
/// it was then (a request sent again after its answer was lost).
async fn play_for(
    app: &App,
    read: Loaded,
    id: &str,
    text: &str,
    ply: Option<u64>,
    side: impl Fn(&Session) -> Side,
) -> Result<Response, ApiError> {
    let text = text.trim();
    // Text that is not move text is a bad request even in a finished game.
    let refused = |error: &dyn halma::Error| ApiError::refused(Reading::Move(text), error);
    let written: MoveText = text.parse().map_err(|error| refused(&error))?;
    let same = |session: &Session, index, before: &Position, played| {
        mover(session.game.start_position().turn(), index) == side(session)
            && before.check_move_text(&written).ok() == Some(played)
    };
    if let Some(answer) = replayed(id, &read.session, ply, same) {
        return answer;
    }
    let ((mv, path), game) = app
        .games
        .modify(id, Some(read), |session| -> Result<_, ApiError> {
            at_ply(session, ply)?;
            not_thinking(session)?;
            playable(session, app.max_plies)?;
            turn_of(session, side(session))?;
            let mv = session
                .game
                .position()
                .check_move_text(&written)
                .map_err(|error| refused(&error))?;
            let path = path_of(&session.game, mv);
            let mover = session.game.position().turn();
            session
                .game_mut()
                .play(mv)
                .map_err(|error| refused(&error))?;
            let over = session.game.outcome().is_over();
            if let Some(life) = session.life.as_mut() {
                life.moved(mover, now_ms(), over);
            }
            Ok((mv, path))
        })
        .await?;
    Ok(Reply(Played {
        mv: mv.to_string(),
        path: names(&path),
        search: None,
        state: Some(state(id, &game.session)),
    })
    .into_response())
}

/// The answer to a move request made for a game of `ply` moves when the game has more:
/// if the move played at `ply` is the one asked for (`same`, given its index, the position
/// before it and the move), the answer it had then (the game as it was after it; no search
/// report), else `stale_ply`. `None` when the request is not late: it is to be played.
fn replayed(
    id: &str,
    session: &Session,
    ply: Option<u64>,
    same: impl Fn(&Session, usize, &Position, Move) -> bool,
) -> Option<Result<Response, ApiError>> {
    let game = &session.game;
    let index = usize::try_from(ply?).ok()?;
    let stale = ApiError::StalePly {
        ply: ply?,
        moves: game.moves().len(),
    };
    let (Some(&played), Some(before)) = (game.moves().get(index), game.positions().get(index))
    else {
        return (index != game.moves().len()).then_some(Err(stale));
    };
    if !same(session, index, before, played) {
        return Some(Err(stale));
    }
    let mut then = session.clone();
    then.thinking = None;
    while then.game.moves().len() > index + 1 {
        then.game_mut().undo().ok()?;
    }
    let path = before
        .jump_path(played)
        .unwrap_or_else(|| vec![played.from, played.to]);
    Some(Ok(Reply(Played {
        mv: played.to_string(),
        path: names(&path),
        search: None,
        state: Some(state(id, &then)),
    })
    .into_response()))
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
    if let Some(text) = request.mv {
        let read = app.games.load(&id).await?;
        computer_plays(&read.session)?;
        let played = play_for(&app, read, &id, &text, request.ply, Session::computer).await?;
        app.live.changed(&id);
        return Ok(played);
    }
    if !app.engine {
        return Err(ApiError::NoEngine);
    }
    if request.ply.is_some() {
        let read = app.games.load(&id).await?;
        computer_plays(&read.session)?;
        let computer = read.session.computer();
        let by_computer = |session: &Session, index, _: &Position, _| {
            mover(session.game.start_position().turn(), index) == computer
        };
        if let Some(answer) = replayed(&id, &read.session, request.ply, by_computer) {
            return answer;
        }
    }
    let found = search(&app, &id, client, Purpose::Move, request.ply).await?;
    let mv = found.mv;
    let ((), game) = found
        .mark
        .release(|session| {
            // Every change to the game is refused while it thinks, so the move is still legal.
            session.game_mut().play(mv).map_err(|error| {
                tracing::error!("a bug: the engine's move {mv} failed: {error}");
                ApiError::Internal("the engine's move could not be played")
            })
        })
        .await?;
    app.live.changed(&id);
    Ok(Reply(Played {
        mv: mv.to_string(),
        path: names(&found.path),
        search: Some(found.report),
        state: Some(state(&id, &game.session)),
    })
    .into_response())
}

/// `GET /api/games/{id}/hint`: the engine's suggestion for the person; plays nothing.
async fn hint(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    client: Client,
) -> Result<Response, ApiError> {
    if !app.engine {
        return Err(ApiError::NoEngine);
    }
    let found = search(&app, &id, client, Purpose::Hint, None).await?;
    found.mark.release(|_| Ok(())).await?;
    Ok(Reply(Played {
        mv: found.mv.to_string(),
        path: names(&found.path),
        search: Some(found.report),
        state: None,
    })
    .into_response())
}

/// `POST /api/games/{id}/undo`: takes back the person's last move and the computer's reply.
async fn undo(State(app): State<Arc<App>>, GameId(id): GameId) -> Result<Response, ApiError> {
    let ((), game) = app
        .games
        .modify(&id, None, |session| -> Result<_, ApiError> {
            computer_plays(session)?;
            not_thinking(session)?;
            let human = session.human;
            let start = session.game.start_position().turn();
            let count = session.game.moves().len();
            // Take back the person's last move and every computer move after it.
            let last_human = (0..count)
                .rev()
                .find(|&i| mover(start, i) == human)
                .ok_or(ApiError::NothingToUndo)?;
            for _ in last_human..count {
                session
                    .game_mut()
                    .undo()
                    .map_err(|error| ApiError::refused(Reading::Undo, &error))?;
            }
            Ok(())
        })
        .await?;
    app.live.changed(&id);
    Ok(Reply(state(&id, &game.session)).into_response())
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
    let level = check_level(request.level)?;
    let ((), game) = app
        .games
        .modify(&id, None, |session| {
            computer_plays(session)?;
            session.level = level;
            Ok::<_, ApiError>(())
        })
        .await?;
    Ok(Reply(state(&id, &game.session)).into_response())
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
        .map_err(|error| ApiError::refused(Reading::Square, &error))?;
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
