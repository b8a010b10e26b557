//! Routing and the JSON API. Everything here is plain data in, plain data out: a [`Req`]
//! becomes a [`Reply`]; the HTTP server around it lives in `main.rs`.

use std::sync::Arc;

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;

use halma::{Draw, Game, Move, Outcome, ParseLegalMoveError, Position, Side, Square};

use crate::store::{Entry, Session, Store};
use crate::think::{Pool, Progress, Report, ThinkError, record};
use halma::search::DEFAULT_LEVEL;

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE_CSS: &str = include_str!("../static/style.css");

/// The server's shared state.
pub struct App {
    /// The live games.
    pub store: Store,
    /// The engines.
    pub pool: Pool,
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
}

/// A response.
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// Extra headers.
    pub headers: Vec<(&'static str, String)>,
    /// The body.
    pub body: Vec<u8>,
}

const JSON: &str = "application/json; charset=utf-8";

/// Hints come from at least this level (full strength, a quarter second), whatever the
/// computer's level: a beginner gets good advice from a weak opponent.
const HINT_LEVEL: u8 = 8;

impl Reply {
    fn json(status: u16, value: &impl Serialize) -> Reply {
        let mut body = serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec());
        body.push(b'\n');
        Reply {
            status,
            content_type: JSON,
            headers: vec![("Cache-Control", "no-store".to_owned())],
            body,
        }
    }

    fn with_header(mut self, name: &'static str, value: String) -> Reply {
        self.headers.push((name, value));
        self
    }

    fn asset(content_type: &'static str, text: &'static str) -> Reply {
        Reply {
            status: 200,
            content_type,
            headers: vec![("Cache-Control", "no-cache".to_owned())],
            body: text.as_bytes().to_vec(),
        }
    }
}

/// An error answer: a status and a message for `{"error": "..."}`.
#[derive(Debug)]
pub struct ApiError {
    /// HTTP status, 4xx for the client's mistakes.
    pub status: u16,
    /// What went wrong, lower case, no trailing period.
    pub message: String,
    /// `Allow` for a 405.
    allow: Option<&'static str>,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            allow: None,
        }
    }

    fn method(allow: &'static str) -> ApiError {
        ApiError {
            status: 405,
            message: format!("method not allowed here; allowed: {allow}"),
            allow: Some(allow),
        }
    }

    /// The error as a reply.
    pub fn reply(&self) -> Reply {
        let reply = Reply::json(self.status, &json!({ "error": self.message }));
        let reply = match self.allow {
            Some(allow) => reply.with_header("Allow", allow.to_owned()),
            None => reply,
        };
        if self.status == 503 {
            reply.with_header("Retry-After", "1".to_owned())
        } else {
            reply
        }
    }
}

type Result<T> = std::result::Result<T, ApiError>;

/// A handler of `/api/games/<id>/<action>`.
type Handler = fn(&App, &str, &Req<'_>) -> Result<Reply>;

/// Answers one request.
pub fn handle(app: &App, req: &Req<'_>) -> Reply {
    route(app, req).unwrap_or_else(|error| error.reply())
}

fn allow(req: &Req<'_>, methods: &'static str) -> Result<()> {
    let method = req.method;
    let ok =
        methods.split(", ").any(|m| m == method) || (method == "HEAD" && methods.contains("GET"));
    if ok {
        Ok(())
    } else {
        Err(ApiError::method(methods))
    }
}

fn route(app: &App, req: &Req<'_>) -> Result<Reply> {
    let segments: Vec<&str> = req
        .path
        .strip_prefix('/')
        .unwrap_or(req.path)
        .split('/')
        .collect();
    match segments.as_slice() {
        [""] | ["index.html"] => {
            allow(req, "GET")?;
            Ok(Reply::asset("text/html; charset=utf-8", INDEX_HTML))
        }
        ["app.js"] => {
            allow(req, "GET")?;
            Ok(Reply::asset("text/javascript; charset=utf-8", APP_JS))
        }
        ["style.css"] => {
            allow(req, "GET")?;
            Ok(Reply::asset("text/css; charset=utf-8", STYLE_CSS))
        }
        ["api", "games"] => {
            allow(req, "POST")?;
            create(app, req)
        }
        ["api", "games", id] => match req.method {
            "GET" | "HEAD" => {
                let entry = find(app, id)?;
                let session = entry.lock();
                Ok(Reply::json(200, &state(id, &session)))
            }
            "DELETE" => {
                if app.store.remove(id) {
                    Ok(Reply::json(200, &json!({ "deleted": id })))
                } else {
                    Err(unknown_game(id))
                }
            }
            _ => Err(ApiError::method("GET, DELETE")),
        },
        ["api", "games", id, action] => {
            let (methods, run): (&'static str, Handler) = match *action {
                "move" => ("POST", play),
                "computer" => ("POST", computer),
                "undo" => ("POST", undo),
                "level" => ("POST, PUT", level),
                "hint" => ("GET", hint),
                "destinations" => ("GET", destinations),
                _ => return Err(not_found(req.path)),
            };
            allow(req, methods)?;
            run(app, id, req)
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

fn unknown_game(id: &str) -> ApiError {
    let shown: String = id.chars().take(40).collect();
    ApiError::new(
        404,
        format!(
            "no game with id {shown:?}: it never existed, was deleted, or was evicted after being idle; start a new one with POST /api/games"
        ),
    )
}

fn find(app: &App, id: &str) -> Result<Arc<Entry>> {
    app.store.get(id).ok_or_else(|| unknown_game(id))
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

fn create(app: &App, req: &Req<'_>) -> Result<Reply> {
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
    let (id, entry, evicted) = app.store.insert(Session {
        game,
        human,
        level,
        thinking: None,
    });
    if let Some(old) = evicted {
        eprintln!("evicted game {old} (idle longest) to make room");
    }
    let session = entry.lock();
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
        Some(progress) if progress.purpose == "hint" => Err(ApiError::new(
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

fn path_of(game: &Game, mv: Move) -> Vec<Square> {
    game.position()
        .jump_path(mv)
        .unwrap_or_else(|| vec![mv.from, mv.to])
}

fn names(squares: &[Square]) -> Vec<String> {
    squares.iter().map(Square::to_string).collect()
}

fn play(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    let request: MoveBody = body(req, Some(r#"{"move": "l2-k3"}"#))?;
    let entry = find(app, id)?;
    let mut session = entry.lock();
    not_thinking(&session)?;
    let text = request.mv.trim();
    // Malformed move text is a bad request even in a finished game.
    if let Err(ParseLegalMoveError::Syntax(error)) = session.game.position().parse_move(text) {
        return Err(ApiError::new(
            400,
            format!("invalid move text {text:?}: {error}"),
        ));
    }
    ongoing(&session.game)?;
    let human = session.human;
    turn_of(&session, human)?;
    let mv = session
        .game
        .position()
        .parse_move(text)
        .map_err(|error| match error {
            ParseLegalMoveError::Syntax(error) => {
                ApiError::new(400, format!("invalid move text {text:?}: {error}"))
            }
            ParseLegalMoveError::Illegal(error) => {
                ApiError::new(422, format!("illegal move {text:?}: {error}"))
            }
            error => ApiError::new(422, format!("move {text:?} refused: {error}")),
        })?;
    let path = path_of(&session.game, mv);
    session
        .game
        .play(mv)
        .map_err(|error| ApiError::new(422, format!("illegal move {text:?}: {error}")))?;
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

/// The `thinking` mark of a game: set while its search runs, cleared when dropped (so that a
/// failed or panicking search never leaves a game stuck) or by [`ThinkingMark::finish`].
struct ThinkingMark<'a>(Option<&'a Entry>);

impl ThinkingMark<'_> {
    /// Clears the mark and, under the same lock, applies the search's result, so that no
    /// other request can change the game in between.
    fn finish<R>(mut self, apply: impl FnOnce(&mut Session) -> R) -> R {
        let entry = self.0.take().expect("a mark is finished once");
        let mut session = entry.lock();
        session.thinking = None;
        apply(&mut session)
    }
}

impl Drop for ThinkingMark<'_> {
    fn drop(&mut self) {
        if let Some(entry) = self.0 {
            entry.lock().thinking = None;
        }
    }
}

/// Runs a search for the side to move, which must be `side`, with the game's level. The game
/// stays marked as thinking (and refuses changes) until the returned mark is finished.
fn search<'a>(
    app: &App,
    entry: &'a Entry,
    side: Side,
    purpose: &'static str,
) -> Result<(Move, Vec<Square>, Report, ThinkingMark<'a>)> {
    let mut engine = app.pool.reserve().map_err(think_error)?;
    let (game, level) = {
        let mut session = entry.lock();
        not_thinking(&session)?;
        ongoing(&session.game)?;
        turn_of(&session, side)?;
        session.thinking = Some(Progress::started(purpose));
        let level = if purpose == "hint" {
            session.level.max(HINT_LEVEL)
        } else {
            session.level
        };
        (session.game.clone(), level)
    };
    let mark = ThinkingMark(Some(entry));
    let (mv, report) = engine
        .think(&game, level, &mut |info| {
            record(&mut entry.lock().thinking, info)
        })
        .map_err(think_error)?;
    drop(engine);
    let path = path_of(&game, mv);
    Ok((mv, path, report, mark))
}

fn think_error(error: ThinkError) -> ApiError {
    match error {
        ThinkError::Busy => ApiError::new(
            503,
            "all engines are busy thinking for other games; try again in a moment",
        ),
        ThinkError::Engine(message) => ApiError::new(409, format!("the engine refused: {message}")),
    }
}

fn computer(app: &App, id: &str, _req: &Req<'_>) -> Result<Reply> {
    let entry = find(app, id)?;
    let side = entry.lock().computer();
    let (mv, path, report, mark) = search(app, &entry, side, "move")?;
    mark.finish(|session| {
        // Every change to the game is refused while it thinks, so the move is still legal.
        session.game.play(mv).map_err(|error| {
            ApiError::new(500, format!("the engine's move {mv} failed: {error}"))
        })?;
        Ok(Reply::json(
            200,
            &Played {
                mv: mv.to_string(),
                path: names(&path),
                search: Some(report),
                state: Some(state(id, session)),
            },
        ))
    })
}

fn hint(app: &App, id: &str, _req: &Req<'_>) -> Result<Reply> {
    let entry = find(app, id)?;
    let side = entry.lock().human;
    let (mv, path, report, mark) = search(app, &entry, side, "hint")?;
    drop(mark);
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

fn undo(app: &App, id: &str, _req: &Req<'_>) -> Result<Reply> {
    let entry = find(app, id)?;
    let mut session = entry.lock();
    not_thinking(&session)?;
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
    Ok(Reply::json(200, &state(id, &session)))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct LevelBody {
    level: u8,
}

fn level(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    let request: LevelBody = body(req, Some(r#"{"level": 5}"#))?;
    let level = check_level(request.level)?;
    let entry = find(app, id)?;
    let mut session = entry.lock();
    session.level = level;
    Ok(Reply::json(200, &state(id, &session)))
}

fn destinations(app: &App, id: &str, req: &Req<'_>) -> Result<Reply> {
    let from = req
        .query
        .split('&')
        .find_map(|pair| pair.strip_prefix("from="))
        .ok_or_else(|| ApiError::new(400, "say which piece with ?from=SQUARE, like ?from=l2"))?;
    let square: Square = from
        .parse()
        .map_err(|error| ApiError::new(400, format!("bad square: {error}")))?;
    let entry = find(app, id)?;
    let session = entry.lock();
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

/// The side that played move number `index` (0-based) of a game starting with `start` to move.
fn mover(start: Side, index: usize) -> Side {
    if index.is_multiple_of(2) {
        start
    } else {
        start.other()
    }
}

/// A move played or suggested.
#[derive(Serialize)]
struct Played<'a> {
    #[serde(rename = "move")]
    mv: String,
    path: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<State<'a>>,
}

/// How the game stands, `result` first.
#[derive(Serialize)]
struct OutcomeJson {
    /// `"ongoing"`, `"win"` or `"draw"`.
    result: &'static str,
    /// `"x"` or `"o"` for a win.
    winner: Option<String>,
    /// Why the game ended.
    reason: Option<String>,
}

fn outcome_json(outcome: Outcome) -> OutcomeJson {
    let (result, winner, reason) = match outcome {
        Outcome::Ongoing => ("ongoing", None, None),
        Outcome::Win(side) => (
            "win",
            Some(side.to_string()),
            Some(format!("all 19 {side} pieces stand in their goal camp")),
        ),
        Outcome::Draw(draw) => (
            "draw",
            None,
            Some(
                match draw {
                    Draw::Repetition => "the same position occurred for the third time",
                    Draw::NoMoves => "the side to move has no legal move",
                }
                .to_owned(),
            ),
        ),
    };
    OutcomeJson {
        result,
        winner,
        reason,
    }
}

/// Squares per side.
#[derive(Serialize)]
struct BySide {
    x: Vec<String>,
    o: Vec<String>,
}

/// The last move and the squares it passed through.
#[derive(Serialize)]
struct LastMove {
    #[serde(rename = "move")]
    mv: String,
    path: Vec<String>,
    side: String,
}

/// The state of a game, as every endpoint that returns one shows it (fields in this order).
#[derive(Serialize)]
pub struct State<'a> {
    id: &'a str,
    status: &'static str,
    turn: String,
    human: String,
    computer: String,
    level: u8,
    outcome: OutcomeJson,
    position: String,
    pieces: BySide,
    camps: BySide,
    moves: Vec<String>,
    last_move: Option<LastMove>,
    destinations: BTreeMap<String, Vec<String>>,
    thinking: Option<&'a Progress>,
    can_undo: bool,
}

fn squares(board: halma::Bitboard) -> Vec<String> {
    board.iter().map(|square| square.to_string()).collect()
}

/// The state of a game.
pub fn state<'a>(id: &'a str, session: &'a Session) -> State<'a> {
    let game = &session.game;
    let position = game.position();
    let turn = position.turn();
    let status = if game.outcome().is_over() {
        "over"
    } else if session.thinking.is_some() {
        "thinking"
    } else if turn == session.human {
        "your_turn"
    } else {
        "computer_turn"
    };
    let mut destinations = BTreeMap::new();
    if status == "your_turn" {
        for from in position.pieces(turn).iter() {
            let to = position.destinations(from);
            if !to.is_empty() {
                destinations.insert(from.to_string(), squares(to));
            }
        }
    }
    let start = game.start_position().turn();
    let last_move = match (game.moves().last(), game.positions().iter().rev().nth(1)) {
        (Some(&mv), Some(before)) => Some(LastMove {
            mv: mv.to_string(),
            path: names(&before.jump_path(mv).unwrap_or_else(|| vec![mv.from, mv.to])),
            side: mover(start, game.moves().len() - 1).to_string(),
        }),
        _ => None,
    };
    let can_undo = session.thinking.is_none()
        && (0..game.moves().len()).any(|i| mover(start, i) == session.human);
    State {
        id,
        status,
        turn: turn.to_string(),
        human: session.human.to_string(),
        computer: session.computer().to_string(),
        level: session.level,
        outcome: outcome_json(game.outcome()),
        position: position.to_string(),
        pieces: BySide {
            x: squares(position.pieces(Side::X)),
            o: squares(position.pieces(Side::O)),
        },
        camps: BySide {
            x: squares(Side::X.home()),
            o: squares(Side::O.home()),
        },
        moves: game.moves().iter().map(Move::to_string).collect(),
        last_move,
        destinations,
        thinking: session.thinking.as_ref(),
        can_undo,
    }
}
