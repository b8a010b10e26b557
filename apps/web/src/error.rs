//! The API's errors: one [`ApiError`] variant per thing that can go wrong, each with its
//! HTTP status and stable code for programs (one table, [`ApiError::status_and_code`]; the
//! page shows each code in the player's language) and its English message for people
//! reading the API; `IntoResponse` writes it as `{"error": "...", "code": "..."}` with its
//! headers (`Allow`, `Retry-After`). The codes are a contract (`docs/server.md` lists them,
//! `tests/codes.rs` provokes each one, every language translates each): the variant gives
//! the code, never the message's words. Errors of the library (by their kind and what was
//! asked: [`ApiError::refused`]), of the stored games, of the engines and of axum's
//! extractors become API errors here, each in one place.

use axum::extract::rejection::{BytesRejection, JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use halma::{ErrorKind, Side};
use serde_json::json;

use crate::games::GameError;
use crate::reply::Reply;
use crate::think::ThinkError;

/// The content type of every API answer.
pub const JSON: &str = "application/json; charset=utf-8";

/// Request bodies above this size are refused with 413.
pub const MAX_BODY: usize = 16 * 1024;

/// Everything the API answers with an error; its message (`Display`) is in English, lower
/// case, without a trailing period.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not JSON, or not the fields the request takes.
    #[error("invalid JSON body: {0}")]
    InvalidJson(String),
    /// The request needs a body and has none; an example of one.
    #[error("this request needs a JSON body, like {0}")]
    MissingBody(&'static str),
    /// The move is not move text: the text, and why.
    #[error("invalid move text {0:?}: {1}")]
    BadMoveText(String, String),
    /// `?from=` is missing.
    #[error("say which piece with ?from=SQUARE, like ?from=l2")]
    MissingSquare,
    /// `?from=` is not a square: why.
    #[error("bad square: {0}")]
    BadSquare(String),
    /// A level out of 1..10.
    #[error("level must be 1 to 10, not {0}")]
    BadLevel(u8),
    /// `human` is neither side.
    #[error("human must be \"x\" or \"o\", not {0:?}")]
    BadSide(String),
    /// `position` is not position text: why.
    #[error("bad position: {0}")]
    BadPosition(String),
    /// The body could not be read: why.
    #[error("could not read the request body: {0}")]
    BadBody(String),
    /// `/metrics` from an address `--metrics-from` does not name.
    #[error("the metrics are served only to the operator's addresses (--metrics-from)")]
    MetricsForbidden,
    /// A change from another site, by its `Origin` or its `Sec-Fetch-Site`.
    #[error("the request's Origin is not this server; cross-site requests may not change games")]
    OtherOrigin,
    /// A change that the browser says is cross-site (`Sec-Fetch-Site`).
    #[error("cross-site requests may not change games")]
    CrossSite,
    /// No game with this id.
    #[error(
        "no game with id {:?}: it never existed, was deleted, or was pruned after it ended; start a new one with POST /api/games",
        shown(.0, 40)
    )]
    GameNotFound(String),
    /// No such page or route.
    #[error("no such page or API route: {:?}", shown(.0, 100))]
    NotFound(String),
    /// The path has no such method; the methods it has, for `Allow`.
    #[error("method not allowed here; allowed: {0}")]
    MethodNotAllowed(String),
    /// The body did not arrive in time.
    #[error("the request body did not arrive in time")]
    BodyTimeout,
    /// The game is over: how it ended.
    #[error("the game is over ({0})")]
    GameOver(String),
    /// The game has the most moves the server keeps (`--max-plies`).
    #[error(
        "this game has reached {0} moves, the most this server keeps in one game; start a new game"
    )]
    TooLong(usize),
    /// A move made for a game of `ply` moves, which now has `moves`.
    #[error(
        "this move was made when the game had {ply} moves, and it has {moves} now; read the game again"
    )]
    StalePly {
        /// The moves the request says the game had.
        ply: u64,
        /// The moves it has.
        moves: usize,
    },
    /// The computer was asked to move on the person's turn.
    #[error("it is your turn ({0}), not the computer's")]
    NotComputerTurn(Side),
    /// The person moved on the computer's turn.
    #[error("it is the computer's turn ({0}); ask for its move with POST /api/games/<id>/computer")]
    NotYourTurn(Side),
    /// A hint is being searched for this game.
    #[error("a hint is being computed for this game; wait for it")]
    ThinkingOfHint,
    /// The computer's move is being searched for this game.
    #[error("the computer is thinking about its move in this game; wait for it")]
    Thinking,
    /// Nothing of the person's to take back.
    #[error("nothing to undo: you have not moved yet")]
    NothingToUndo,
    /// The game changed under the request, or the engine refused it: why.
    #[error("{0}")]
    Conflict(String),
    /// The body is over [`MAX_BODY`]: its declared length, if it had one.
    #[error(
        "the request body is {} bytes, more than the {MAX_BODY} allowed",
        .0.map_or_else(|| "more".to_owned(), |length| length.to_string())
    )]
    BodyTooLarge(Option<u64>),
    /// A change without `Content-Type: application/json`.
    #[error("send requests that change a game with Content-Type: application/json")]
    NotJson,
    /// A request whose host cannot be told: why.
    #[error("bad request: {0}")]
    BadHost(&'static str),
    /// A host name the server does not answer to.
    #[error("this server does not answer to the host name {:?}; use one of its names", shown(.0, 64))]
    WrongHost(String),
    /// A well-formed move that is not legal here: the text, and why.
    #[error("illegal move {0:?}: {1}")]
    IllegalMove(String, String),
    /// `--games-per-minute` reached; seconds until the next may start.
    #[error(
        "you have started too many games in the last minute; resume one from its link, or wait"
    )]
    TooManyGames(u64),
    /// `opponent` is neither kind of game.
    #[error("opponent must be \"computer\" or \"friend\", not {:?}", shown(.0, 40))]
    BadOpponent(String),
    /// The computer asked to move, hint, take back or change level in a game between two
    /// people.
    #[error("this game is between two people: no computer moves, hints, undo or level in it")]
    FriendGame,
    /// A change of a game between two people without either player's secret.
    #[error(
        "only this game's two players may change it, each with their seat's secret (Authorization: Bearer SECRET); anyone else may watch it"
    )]
    NotAPlayer,
    /// The invitation's seat was taken (or there is none to take).
    #[error("this invitation's seat is taken: someone opened it first; you may watch the game")]
    SeatTaken,
    /// A player moved on their opponent's turn.
    #[error("it is your opponent's turn ({0})")]
    OpponentsTurn(Side),
    /// A player's route of a game between two people (resign, draw, rematch, claim) in a
    /// game against the computer.
    #[error(
        "this game is against the computer: resigning, offers and claims are for games between two people"
    )]
    ComputerGame,
    /// An offer made again while the player's own offer of it stands.
    #[error("your offer stands already; your opponent has not answered it yet")]
    OfferPending,
    /// An answer to an offer that the opponent has not made.
    #[error("your opponent has no offer standing to answer")]
    NoOffer,
    /// A claim of the win before the opponent has been away long enough (or while they are
    /// here, or before they joined); seconds until it may be made at the earliest.
    #[error("your opponent has not been away long enough to claim the win; try again in {0} s")]
    TooEarly(u64),
    /// A clock out of the presets' bounds, or not a clock: why.
    #[error("bad clock: {0}")]
    BadClock(String),
    /// A rematch asked of a game that is not over.
    #[error("a rematch is for a game that is over; this one goes on")]
    NotOver,
    /// The live streams are at their bound, the client's or the server's.
    #[error("too many live streams are open; try again in a moment")]
    TooManyLive,
    /// A search asked of a server that runs none (`--no-engine`).
    #[error(
        "this server runs no engine (--no-engine): search in the client and send its move, {{\"move\": \"b14-d12\"}}"
    )]
    NoEngine,
    /// `--max-games` are stored.
    #[error("the server holds the most games it may ({0}); try again later")]
    StoreFull(u64),
    /// The database does not answer.
    #[error("the game database is not answering; try again in a moment")]
    Unavailable,
    /// The engines are busy: why.
    #[error("{0}")]
    Busy(String),
    /// A bug: what went wrong.
    #[error("{0}")]
    Internal(&'static str),
}

/// What the server asked of the library when it refused: with the error's kind, the
/// context that decides the API's code.
#[derive(Clone, Copy, Debug)]
pub enum Reading<'a> {
    /// To read a move's text, as the client wrote it, and play it.
    Move(&'a str),
    /// To read a set-up position's text.
    Position,
    /// To read a square's name.
    Square,
    /// To take a move back.
    Undo,
}

/// `text` cut to `most` characters, for a message.
fn shown(text: &str, most: usize) -> String {
    let mut shown: String = text.chars().take(most).collect();
    if shown.len() < text.len() {
        shown.push_str("...");
    }
    shown
}

impl ApiError {
    /// The one table from the library's errors to the API's: the library refused `reading`
    /// with `error`, of its kind. Move text that does not read is `bad_move_text`, a move
    /// not legal here `illegal_move`, position text `bad_position`, a square's name
    /// `bad_square`, an undo with nothing to take back `nothing_to_undo`. Any other kind
    /// there is a check the server should have made first: a bug.
    pub fn refused(reading: Reading<'_>, error: &dyn halma::Error) -> ApiError {
        let why = error.to_string();
        match (reading, error.kind()) {
            (Reading::Move(text), ErrorKind::Parse) => ApiError::BadMoveText(text.into(), why),
            (Reading::Move(text), ErrorKind::IllegalMove) => {
                ApiError::IllegalMove(text.into(), why)
            }
            (Reading::Position, ErrorKind::Parse | ErrorKind::InvalidPosition) => {
                ApiError::BadPosition(why)
            }
            (Reading::Square, ErrorKind::Parse) => ApiError::BadSquare(why),
            (Reading::Undo, ErrorKind::NothingToUndo) => ApiError::NothingToUndo,
            (reading, kind) => {
                tracing::error!("a bug: the library refused {reading:?} ({kind}): {why}");
                ApiError::Internal("the server asked the game for something it refused")
            }
        }
    }

    /// The HTTP status and the stable code, for programs: the one table of them.
    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::InvalidJson(_) => (StatusCode::BAD_REQUEST, "invalid_json"),
            ApiError::MissingBody(_) => (StatusCode::BAD_REQUEST, "missing_body"),
            ApiError::BadMoveText(..) => (StatusCode::BAD_REQUEST, "bad_move_text"),
            ApiError::MissingSquare | ApiError::BadSquare(_) => {
                (StatusCode::BAD_REQUEST, "bad_square")
            }
            ApiError::BadLevel(_) => (StatusCode::BAD_REQUEST, "bad_level"),
            ApiError::BadSide(_) => (StatusCode::BAD_REQUEST, "bad_side"),
            ApiError::BadPosition(_) => (StatusCode::BAD_REQUEST, "bad_position"),
            ApiError::BadBody(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::MetricsForbidden => (StatusCode::FORBIDDEN, "forbidden"),
            ApiError::OtherOrigin | ApiError::CrossSite => (StatusCode::FORBIDDEN, "cross_site"),
            ApiError::GameNotFound(_) => (StatusCode::NOT_FOUND, "game_not_found"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::MethodNotAllowed(_) => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiError::BodyTimeout => (StatusCode::REQUEST_TIMEOUT, "body_timeout"),
            ApiError::GameOver(_) => (StatusCode::CONFLICT, "game_over"),
            ApiError::TooLong(_) => (StatusCode::CONFLICT, "game_too_long"),
            ApiError::StalePly { .. } => (StatusCode::CONFLICT, "stale_ply"),
            ApiError::NotComputerTurn(_) => (StatusCode::CONFLICT, "not_computer_turn"),
            ApiError::NotYourTurn(_) => (StatusCode::CONFLICT, "not_your_turn"),
            ApiError::ThinkingOfHint | ApiError::Thinking => (StatusCode::CONFLICT, "thinking"),
            ApiError::NothingToUndo => (StatusCode::CONFLICT, "nothing_to_undo"),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            ApiError::BodyTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "body_too_large"),
            ApiError::NotJson => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_json"),
            ApiError::BadHost(_) => (StatusCode::BAD_REQUEST, "bad_host"),
            ApiError::WrongHost(_) => (StatusCode::MISDIRECTED_REQUEST, "wrong_host"),
            ApiError::IllegalMove(..) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
            ApiError::TooManyGames(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_games"),
            ApiError::BadOpponent(_) => (StatusCode::BAD_REQUEST, "bad_opponent"),
            ApiError::FriendGame => (StatusCode::CONFLICT, "friend_game"),
            ApiError::NotAPlayer => (StatusCode::FORBIDDEN, "not_a_player"),
            ApiError::SeatTaken => (StatusCode::CONFLICT, "seat_taken"),
            ApiError::OpponentsTurn(_) => (StatusCode::CONFLICT, "not_your_turn"),
            ApiError::TooManyLive => (StatusCode::TOO_MANY_REQUESTS, "too_many_live"),
            ApiError::ComputerGame => (StatusCode::CONFLICT, "computer_game"),
            ApiError::OfferPending => (StatusCode::CONFLICT, "offer_pending"),
            ApiError::NoOffer => (StatusCode::CONFLICT, "no_offer"),
            ApiError::NotOver => (StatusCode::CONFLICT, "not_over"),
            ApiError::BadClock(_) => (StatusCode::BAD_REQUEST, "bad_clock"),
            ApiError::TooEarly(_) => (StatusCode::CONFLICT, "too_early"),
            ApiError::NoEngine => (StatusCode::NOT_IMPLEMENTED, "no_engine"),
            ApiError::StoreFull(_) => (StatusCode::SERVICE_UNAVAILABLE, "store_full"),
            ApiError::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            ApiError::Busy(_) => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }

    /// Seconds for `Retry-After`: every 429 and 503 has one.
    fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::TooManyGames(seconds) => Some(*seconds),
            ApiError::TooManyLive => Some(5),
            ApiError::TooEarly(seconds) => Some(*seconds),
            ApiError::StoreFull(_) => Some(60),
            ApiError::Unavailable | ApiError::Busy(_) => Some(1),
            _ => None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let body = json!({ "error": self.to_string(), "code": code });
        let mut response = (status, Reply(body)).into_response();
        let headers = response.headers_mut();
        if let ApiError::MethodNotAllowed(allow) = &self
            && let Ok(allow) = HeaderValue::from_str(allow)
        {
            headers.insert(header::ALLOW, allow);
        }
        if let Some(seconds) = self.retry_after() {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> ApiError {
        match error {
            GameError::NotFound(id) => ApiError::GameNotFound(id),
            GameError::Conflict => {
                ApiError::Conflict("this game is being changed by other requests; try again".into())
            }
            GameError::Full(max) => ApiError::StoreFull(max),
            GameError::Unavailable => ApiError::Unavailable,
            GameError::Unreadable => ApiError::Internal("this game's stored record is unreadable"),
        }
    }
}

impl From<ThinkError> for ApiError {
    fn from(error: ThinkError) -> ApiError {
        match error {
            ThinkError::Busy(why) => ApiError::Busy(why),
            ThinkError::Engine(why) => ApiError::Conflict(format!("the engine refused: {why}")),
        }
    }
}

/// The deepest cause of `error`: what serde said, without axum's wrapping.
fn cause(error: &dyn std::error::Error) -> String {
    let mut error = error;
    while let Some(source) = error.source() {
        error = source;
    }
    error.to_string()
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::NotJson,
            JsonRejection::BytesRejection(rejection) => rejection.into(),
            rejection => ApiError::InvalidJson(cause(&rejection)),
        }
    }
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> ApiError {
        ApiError::BadBody(cause(&rejection))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::BadBody(cause(&rejection))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::Outcome;

    /// One error of each kind.
    fn every_kind() -> Vec<ApiError> {
        let text = || String::from("x");
        vec![
            ApiError::InvalidJson(text()),
            ApiError::MissingBody("{}"),
            ApiError::BadMoveText(text(), text()),
            ApiError::MissingSquare,
            ApiError::BadSquare(text()),
            ApiError::BadLevel(0),
            ApiError::BadSide(text()),
            ApiError::BadPosition(text()),
            ApiError::BadBody(text()),
            ApiError::MetricsForbidden,
            ApiError::OtherOrigin,
            ApiError::CrossSite,
            ApiError::GameNotFound(text()),
            ApiError::NotFound(text()),
            ApiError::MethodNotAllowed(text()),
            ApiError::BodyTimeout,
            ApiError::GameOver(Outcome::Win(Side::X).to_string()),
            ApiError::TooLong(2),
            ApiError::StalePly { ply: 0, moves: 4 },
            ApiError::NotComputerTurn(Side::X),
            ApiError::NotYourTurn(Side::O),
            ApiError::Thinking,
            ApiError::ThinkingOfHint,
            ApiError::NothingToUndo,
            ApiError::Conflict(text()),
            ApiError::BodyTooLarge(None),
            ApiError::NotJson,
            ApiError::BadHost("x"),
            ApiError::WrongHost(text()),
            ApiError::IllegalMove(text(), text()),
            ApiError::TooManyGames(1),
            ApiError::BadOpponent(text()),
            ApiError::FriendGame,
            ApiError::NotAPlayer,
            ApiError::SeatTaken,
            ApiError::OpponentsTurn(Side::X),
            ApiError::TooManyLive,
            ApiError::ComputerGame,
            ApiError::OfferPending,
            ApiError::NoOffer,
            ApiError::NotOver,
            ApiError::BadClock(text()),
            ApiError::TooEarly(3),
            ApiError::NoEngine,
            ApiError::StoreFull(1),
            ApiError::Unavailable,
            ApiError::Busy(text()),
            ApiError::Internal("x"),
        ]
    }

    #[test]
    fn every_code_is_translated_in_every_language() {
        let codes: Vec<&str> = every_kind()
            .iter()
            .map(|error| error.status_and_code().1)
            .collect();
        for catalog in halma_i18n::catalogs() {
            for code in &codes {
                let key = format!("error.{code}");
                assert!(
                    catalog.messages().contains_key(&key),
                    "{catalog} has no {key}"
                );
            }
        }
        // And no language translates a code the server does not give (but the page's own
        // `error.unknown`, for an answer without a code).
        for key in halma_i18n::english().messages().keys() {
            if let Some(code) = key.strip_prefix("error.") {
                assert!(
                    code == "unknown" || codes.contains(&code),
                    "{key} is no code of the server"
                );
            }
        }
    }

    #[test]
    fn every_kind_answers_with_its_status_and_retry_after() {
        for error in every_kind() {
            let (status, _) = error.status_and_code();
            let response = error.clone().into_response();
            assert_eq!(response.status(), status, "{error}");
            let retry = response.headers().contains_key(header::RETRY_AFTER);
            // And a claim made too early says when it may be made.
            let limited = status == StatusCode::SERVICE_UNAVAILABLE
                || status == StatusCode::TOO_MANY_REQUESTS
                || matches!(error, ApiError::TooEarly(_));
            assert_eq!(retry, limited, "{error}");
            let message = error.to_string();
            assert!(!message.is_empty() && !message.ends_with('.'), "{message}");
        }
    }

    #[test]
    fn an_error_answers_its_status_code_message_and_headers() {
        let response = ApiError::GameNotFound("ab".into()).into_response();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let response = ApiError::MethodNotAllowed("GET, DELETE".into()).into_response();
        assert_eq!(response.headers()[header::ALLOW], "GET, DELETE");
        let response = ApiError::Busy("all engines are busy".into()).into_response();
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
        let response = ApiError::NoEngine.into_response();
        assert_eq!(response.status(), StatusCode::NOT_IMPLEMENTED);
        // The code comes from the variant, whatever the words.
        assert_eq!(
            ApiError::Conflict("anything".into()).status_and_code().1,
            "conflict"
        );
        assert_eq!(
            ApiError::Internal("anything").status_and_code().1,
            "internal"
        );
    }
}
