//! Routing and the JSON API: a [`Req`] (already read, bounded and checked by `http.rs`)
//! becomes a [`Reply`]. The page's files are `assets.rs`'s.

use std::time::{Duration, Instant};

use halma::search::DEFAULT_LEVEL;
use halma::{Game, Move, Outcome, ParseLegalMoveError, Position, Side, Square};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use tokio::sync::watch;

use crate::clients::{Client, RateLimit};
use crate::error::{ApiError, Reply};
use crate::games::{Games, Session, Thinking, new_id, now_ms, unknown_game};
use crate::metrics::{METRICS, Refusal};
use crate::state::{Played, mover, names, path_of, state};
use crate::think::{Pool, Progress, Purpose, Report, ThinkError};

/// Hints come from at least this level (full strength, a quarter second), whatever the
/// computer's level: a beginner gets good advice from a weak opponent.
const HINT_LEVEL: u8 = 8;

/// A search's progress is written to the database at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The server's shared state.
pub struct App {
    /// The stored games.
    pub games: Games,
    /// The engines.
    pub pool: Pool,
    /// New games per client.
    pub creations: RateLimit,
    /// Games stored at most (all processes on the database together).
    pub max_games: u64,
    /// How long a search may hold a game, waiting and thinking, before its mark lapses.
    pub mark_lifetime: Duration,
    /// Whether the server searches (`--no-engine`: only clients' moves are taken).
    pub engine: bool,
}

/// A request, as the router sees it.
pub struct Req<'a> {
    /// `GET`, `POST`, ...
    pub method: &'a str,
    /// The path, without the query string.
    pub path: &'a str,
    /// The query string, without the `?`.
    pub query: &'a str,
    /// The body (already bounded in size).
    pub body: &'a [u8],
    /// Who asks.
    pub client: Client,
    /// Why this request may not change a game (cross-site), if so; checked once the route
    /// and the method are known good.
    pub refusal: Option<ApiError>,
}

type Result<T> = std::result::Result<T, ApiError>;

/// Answers one request.
pub async fn handle(app: &App, req: &Req<'_>) -> Reply {
    route(app, req).await.unwrap_or_else(|error| error.reply())
}

fn allow(req: &Req<'_>, methods: &'static str) -> Result<()> {
    let method = req.method;
    let ok =
        methods.split(", ").any(|m| m == method) || (method == "HEAD" && methods.contains("GET"));
    if !ok {
        return Err(ApiError::method(methods));
    }
    match &req.refusal {
        Some(refusal) if !matches!(method, "GET" | "HEAD") => Err(refusal.clone()),
        _ => Ok(()),
    }
}

async fn route(app: &App, req: &Req<'_>) -> Result<Reply> {
    let segments: Vec<&str> = req
        .path
        .strip_prefix('/')
        .unwrap_or(req.path)
        .split('/')
        .collect();
    match segments.as_slice() {
        ["healthz"] => {
            allow(req, "GET")?;
            health(app).await
        }
        ["api", "games"] => {
            allow(req, "POST")?;
            create(app, req).await
        }
        ["api", "games", id] => match req.method {
            "GET" | "HEAD" => {
                let session = app.games.load(id).await?;
                Ok(Reply::json(200, &state(id, &session)))
            }
            "DELETE" => {
                allow(req, "GET, DELETE")?;
                if app.games.delete(id).await? {
                    Ok(Reply::json(200, &json!({ "deleted": id })))
                } else {
                    Err(unknown_game(id))
                }
            }
            _ => Err(ApiError::method("GET, DELETE")),
        },
        ["api", "games", id, action] => {
            let methods = match *action {
                "move" | "computer" | "undo" => "POST",
                "level" => "POST, PUT",
                // HEAD of a hint would run a search for nothing.
                "hint" if req.method == "HEAD" => return Err(ApiError::method("GET")),
                "hint" | "destinations" => "GET",
                _ => return Err(not_found(req.path)),
            };
            allow(req, methods)?;
            match *action {
                "move" => play(app, id, req).await,
                "computer" => computer(app, id, req).await,
                "undo" => undo(app, id).await,
                "level" => level(app, id, req).await,
                "hint" => hint(app, id, req).await,
                _ => destinations(app, id, req).await,
            }
        }
        _ => Err(not_found(req.path)),
    }
}

fn not_found(path: &str) -> ApiError {
    let mut shown: String = path.chars().take(100).collect();
    if shown.len() < path.len() {
        shown.push_str("...");
    }
    ApiError::new(404, format!("no such page or API route: {shown:?}"))
}

async fn health(app: &App) -> Result<Reply> {
    let database = app.games.store();
    let reachable = database.ping().await.is_ok();
    let body = json!({
        "status": if reachable { "ok" } else { "database unreachable" },
        "database": database.backend(),
        "searches": app.pool.load(),
    });
    Ok(Reply::json(if reachable { 200 } else { 503 }, &body))
}

/// Parses a JSON body; an empty body is `T::default()` unless `required`.
fn body<T: DeserializeOwned + Default>(req: &Req<'_>, required: Option<&str>) -> Result<T> {
    if req.body.iter().all(u8::is_ascii_whitespace) {
        return match required {
            Some(example) => Err(ApiError::new(
                400,
                format!("this request needs a JSON body, like {example}"),
            )),
            None => Ok(T::default()),
        };
    }
    serde_json::from_slice(req.body)
        .map_err(|error| ApiError::new(400, format!("invalid JSON body: {error}")))
}

fn check_level(level: u8) -> Result<u8> {
    if (1..=10).contains(&level) {
        Ok(level)
    } else {
        Err(ApiError::new(
            400,
            format!("level must be 1 to 10, not {level}"),
        ))
    }
}

fn parse_side(text: &str) -> Result<Side> {
    match text {
        "x" => Ok(Side::X),
        "o" => Ok(Side::O),
        _ => Err(ApiError::new(
            400,
            format!("human must be \"x\" or \"o\", not {text:?}"),
        )),
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    level: Option<u8>,
    human: Option<String>,
    position: Option<String>,
}

async fn create(app: &App, req: &Req<'_>) -> Result<Reply> {
    let request: NewGame = body(req, None)?;
    let level = check_level(request.level.unwrap_or(DEFAULT_LEVEL))?;
    let human = match request.human.as_deref() {
        Some(text) => parse_side(text)?,
        None => Side::X,
    };
    let game = match request.position.as_deref() {
        Some(text) => Game::from_position(
            text.parse::<Position>()
                .map_err(|error| ApiError::new(400, format!("bad position: {error}")))?,
        ),
        None => Game::new(),
    };
    if let Err(wait) = app.creations.take(req.client, Instant::now()) {
        let message =
            "you have started too many games in the last minute; resume one from its link, or wait";
        METRICS.refused(Refusal::GamesPerMinute, message);
        return Err(ApiError::new(429, message).retry_after(wait.as_secs() + 1));
    }
    let session = Session {
        game,
        human,
        level,
        thinking: None,
    };
    let id = app.games.create(&session, app.max_games).await?;
    Ok(Reply::json(201, &state(&id, &session)).with_header("Location", format!("/api/games/{id}")))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
}

fn not_thinking(session: &Session) -> Result<()> {
    match &session.thinking {
        Some(thinking) if thinking.progress.purpose == Purpose::Hint => Err(ApiError::new(
            409,
            "a hint is being computed for this game; wait for it",
        )),
        Some(_) => Err(ApiError::new(
            409,
            "the computer is thinking about its move in this game; wait for it",
        )),
        None => Ok(()),
    }
}

fn ongoing(game: &Game) -> Result<()> {
    match game.outcome() {
        Outcome::Ongoing => Ok(()),
        outcome => Err(ApiError::new(409, format!("the game is over ({outcome})"))),
    }
}

fn turn_of(session: &Session, side: Side) -> Result<()> {
    let turn = session.game.position().turn();
    if turn == side {
        Ok(())
    } else if turn == session.human {
        Err(ApiError::new(
            409,
            format!("it is your turn ({turn}), not the computer's"),
        ))
    } else {
        Err(ApiError::new(
            409,
            format!(
                "it is the computer's turn ({turn}); ask for its move with POST /api/games/<id>/computer"
            ),
        ))
    }
}

fn parse_move(game: &Game, text: &str) -> Result<Move> {
    game.position()
        .parse_move(text)
        .map_err(|error| match error {
            ParseLegalMoveError::Syntax(error) => {
                ApiError::new(400, format!("invalid move text {text:?}: {error}"))
            }
            ParseLegalMoveError::Illegal(error) => {
                ApiError::new(422, format!("illegal move {text:?}: {error}"))
            }
            error => ApiError::new(422, format!("move {text:?} refused: {error}")),
        })
}

async fn play(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    let request: MoveBody = body(req, Some(r#"{"move": "l2-k3"}"#))?;
    play_for(app, id, &request.mv, |session| session.human).await
}

/// Plays the move `text` for the side `side` names (the person's, or the computer's move
/// that a client searched), checked as every move is, and answers `{move, path, state}`.
async fn play_for(
    app: &App,
    id: &str,
    text: &str,
    side: impl Fn(&Session) -> Side,
) -> Result<Reply> {
    let text = text.trim();
    let (path, session) =
        app.games
            .modify(id, |session| {
                not_thinking(session)?;
                // Malformed move text is a bad request even in a finished game.
                if let Err(ParseLegalMoveError::Syntax(error)) =
                    session.game.position().parse_move(text)
                {
                    return Err(ApiError::new(
                        400,
                        format!("invalid move text {text:?}: {error}"),
                    ));
                }
                ongoing(&session.game)?;
                turn_of(session, side(session))?;
                let mv = parse_move(&session.game, text)?;
                let path = path_of(&session.game, mv);
                session.game.play(mv).map_err(|error| {
                    ApiError::new(422, format!("illegal move {text:?}: {error}"))
                })?;
                Ok((mv, path))
            })
            .await?;
    let (mv, path) = path;
    Ok(Reply::json(
        200,
        &Played {
            mv: mv.to_string(),
            path: names(&path),
            search: None,
            state: Some(state(id, &session)),
        },
    ))
}

/// A search's hold on its game: while it lives the game is marked as thinking; dropped
/// before [`Mark::release`] (an error, or the client went away), it clears the mark.
struct Mark {
    games: Games,
    id: String,
    token: String,
    armed: bool,
}

impl Mark {
    /// Ends the hold, applying `change` to the game under the same write as the clearing.
    async fn release<T>(
        mut self,
        mut change: impl FnMut(&mut Session) -> Result<T>,
    ) -> Result<(T, Session)> {
        let token = self.token.clone();
        let result = self
            .games
            .modify(&self.id, |session| {
                match &session.thinking {
                    Some(thinking) if thinking.token == token => {}
                    _ => {
                        return Err(ApiError::new(
                            409,
                            "the search took so long that its hold on the game lapsed; ask again",
                        ));
                    }
                }
                session.thinking = None;
                change(session)
            })
            .await;
        self.armed = result.is_err();
        result
    }
}

impl Drop for Mark {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let games = self.games.clone();
        let id = std::mem::take(&mut self.id);
        let token = std::mem::take(&mut self.token);
        // Outside a runtime (never, in the server) the mark simply lapses.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = games
                    .modify(&id, |session| match &session.thinking {
                        Some(thinking) if thinking.token == token => {
                            session.thinking = None;
                            Ok(())
                        }
                        _ => Err(ApiError::new(409, "not ours")),
                    })
                    .await;
            });
        }
    }
}

/// Writes a search's progress to the database as it comes, at most every
/// [`PROGRESS_EVERY`], until the search drops its sender.
async fn forward_progress(
    games: Games,
    id: String,
    token: String,
    mut progress: watch::Receiver<Option<Progress>>,
) {
    while progress.changed().await.is_ok() {
        let latest = progress.borrow_and_update().clone();
        if let Some(latest) = latest {
            games.set_progress(&id, &token, &latest).await;
        }
        tokio::time::sleep(PROGRESS_EVERY).await;
    }
}

/// Runs a search for `purpose` in the game `id`, whose side to move must be the computer's
/// (a move) or the person's (a hint). The game stays marked as thinking, refusing changes,
/// until the returned mark is released.
async fn search(
    app: &App,
    id: &str,
    client: Client,
    purpose: Purpose,
) -> Result<(Move, Vec<Square>, Report, Mark)> {
    let token = new_id();
    let until_ms = now_ms() + i64::try_from(app.mark_lifetime.as_millis()).unwrap_or(i64::MAX);
    let ((game, level), _) = app
        .games
        .modify(id, |session| {
            not_thinking(session)?;
            ongoing(&session.game)?;
            let (side, level) = match purpose {
                Purpose::Move => (session.computer(), session.level),
                Purpose::Hint => (session.human, session.level.max(HINT_LEVEL)),
            };
            turn_of(session, side)?;
            session.thinking = Some(Thinking {
                token: token.clone(),
                until_ms,
                progress: Progress::started(purpose),
            });
            Ok((session.game.clone(), level))
        })
        .await?;
    let mark = Mark {
        games: app.games.clone(),
        id: id.to_owned(),
        token: token.clone(),
        armed: true,
    };
    let (sender, receiver) = watch::channel(None);
    tokio::spawn(forward_progress(
        app.games.clone(),
        id.to_owned(),
        token,
        receiver,
    ));
    let on_progress = Box::new(move |info: &halma::SearchInfo| {
        sender.send_replace(Some(Progress::after(purpose, info)));
    });
    let (mv, report) = app
        .pool
        .think(client, purpose, game.clone(), level, on_progress)
        .await
        .map_err(|error| match error {
            ThinkError::Busy(message) => ApiError::new(503, message),
            ThinkError::Engine(message) => {
                ApiError::new(409, format!("the engine refused: {message}"))
            }
        })?;
    Ok((mv, path_of(&game, mv), report, mark))
}

/// The body of a computer-move request: empty, or the move the client searched.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ComputerBody {
    #[serde(rename = "move")]
    mv: Option<String>,
}

/// The refusal of a search on a server that runs no engine.
fn no_engine() -> ApiError {
    ApiError::new(
        501,
        "this server runs no engine (--no-engine): search in the client and send its move, {\"move\": \"b14-d12\"}",
    )
}

async fn computer(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    let request: ComputerBody = body(req, None)?;
    if let Some(text) = request.mv {
        return play_for(app, id, &text, Session::computer).await;
    }
    if !app.engine {
        return Err(no_engine());
    }
    let (mv, path, report, mark) = search(app, id, req.client, Purpose::Move).await?;
    let ((), session) = mark
        .release(|session| {
            // Every change to the game is refused while it thinks, so the move is still legal.
            session.game.play(mv).map_err(|error| {
                ApiError::new(500, format!("the engine's move {mv} failed: {error}"))
            })
        })
        .await?;
    Ok(Reply::json(
        200,
        &Played {
            mv: mv.to_string(),
            path: names(&path),
            search: Some(report),
            state: Some(state(id, &session)),
        },
    ))
}

async fn hint(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    if !app.engine {
        return Err(no_engine());
    }
    let (mv, path, report, mark) = search(app, id, req.client, Purpose::Hint).await?;
    mark.release(|_| Ok(())).await?;
    Ok(Reply::json(
        200,
        &Played {
            mv: mv.to_string(),
            path: names(&path),
            search: Some(report),
            state: None,
        },
    ))
}

async fn undo(app: &App, id: &str) -> Result<Reply> {
    let ((), session) = app
        .games
        .modify(id, |session| {
            not_thinking(session)?;
            let human = session.human;
            let start = session.game.start_position().turn();
            let count = session.game.moves().len();
            // Take back the person's last move and every computer move after it.
            let Some(last_human) = (0..count).rev().find(|&i| mover(start, i) == human) else {
                return Err(ApiError::new(
                    409,
                    "nothing to undo: you have not moved yet",
                ));
            };
            for _ in last_human..count {
                session
                    .game
                    .undo()
                    .map_err(|error| ApiError::new(409, format!("cannot undo: {error}")))?;
            }
            Ok(())
        })
        .await?;
    Ok(Reply::json(200, &state(id, &session)))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct LevelBody {
    level: u8,
}

async fn level(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    let request: LevelBody = body(req, Some(r#"{"level": 5}"#))?;
    let level = check_level(request.level)?;
    let ((), session) = app
        .games
        .modify(id, |session| {
            session.level = level;
            Ok(())
        })
        .await?;
    Ok(Reply::json(200, &state(id, &session)))
}

async fn destinations(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    let from = req
        .query
        .split('&')
        .find_map(|pair| pair.strip_prefix("from="))
        .ok_or_else(|| ApiError::new(400, "say which piece with ?from=SQUARE, like ?from=l2"))?;
    let square: Square = from
        .parse()
        .map_err(|error| ApiError::new(400, format!("bad square: {error}")))?;
    let session = app.games.load(id).await?;
    let to = if session.game.outcome().is_over() {
        Vec::new()
    } else {
        session
            .game
            .position()
            .destinations(square)
            .iter()
            .collect()
    };
    Ok(Reply::json(
        200,
        &json!({ "from": square.to_string(), "to": names(&to) }),
    ))
}
