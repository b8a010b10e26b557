//! The API's errors: an [`ApiError`] is what went wrong with a request (its body, its
//! host, its route, its site) or with its game ([`GameError`], the domain's), each with its
//! HTTP status and stable code for programs (one table, [`ApiError::status_and_code`]; the
//! page shows each code in the player's language) and its English message for people
//! reading the API; `IntoResponse` writes it as `{"error": "...", "code": "..."}` with its
//! headers (`Allow`, `Retry-After`). The codes are a contract (`docs/api.md` lists them,
//! `tests/api/codes.rs` provokes each one, every language translates each): the variant gives
//! the code, never the message's words. axum's extractors' rejections become API errors
//! here, each in one place.

use axum::extract::rejection::{BytesRejection, JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use super::reply::Reply;
use crate::games::error::{GameError, shown};

/// An error as the API answers it.
#[derive(Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// What went wrong, in English, for people reading the API (it may be reworded).
    pub error: String,
    /// What went wrong, as a stable code for programs.
    pub code: &'static str,
}

/// Request bodies above this size are refused with 413.
pub const MAX_BODY: usize = 16 * 1024;

/// Everything the API answers with an error; its message (`Display`) is in English, lower
/// case, without a trailing period.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ApiError {
    /// What the game refused: the domain's error.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The body is not JSON, or not the fields the request takes.
    #[error("invalid JSON body: {0}")]
    InvalidJson(String),
    /// The request needs a body and has none; an example of one.
    #[error("this request needs a JSON body, like {0}")]
    MissingBody(&'static str),
    /// `?from=` is missing.
    #[error("say which piece with ?from=SQUARE, like ?from=l2")]
    MissingSquare,
    /// The body could not be read: why.
    #[error("could not read the request body: {0}")]
    BadBody(String),
    /// An `Idempotency-Key` header that is no key.
    #[error("the Idempotency-Key header must be 1 to 255 visible ASCII characters")]
    BadIdempotencyKey,
    /// `/metrics` from an address `--metrics-from` does not name.
    #[error("the metrics are served only to the operator's addresses (--metrics-from)")]
    MetricsForbidden,
    /// A change from another site, by its `Origin` or its `Sec-Fetch-Site`.
    #[error("the request's Origin is not this server; cross-site requests may not change games")]
    OtherOrigin,
    /// A change that the browser says is cross-site (`Sec-Fetch-Site`).
    #[error("cross-site requests may not change games")]
    CrossSite,
    /// No such page or route.
    #[error("no such page or API route: {:?}", shown(.0, 100))]
    NotFound(String),
    /// The path has no such method; the methods it has, for `Allow`.
    #[error("method not allowed here; allowed: {0}")]
    MethodNotAllowed(String),
    /// The body did not arrive in time.
    #[error("the request body did not arrive in time")]
    BodyTimeout,
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
    /// A bug: what went wrong.
    #[error("{0}")]
    Internal(&'static str),
}

/// The HTTP status and the stable code of what the game refused.
fn game_status_and_code(error: &GameError) -> (StatusCode, &'static str) {
    match error {
        GameError::BadMoveText(..) => (StatusCode::BAD_REQUEST, "bad_move_text"),
        GameError::IllegalMove(..) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
        GameError::BadSquare(_) => (StatusCode::BAD_REQUEST, "bad_square"),
        GameError::BadPosition(_) => (StatusCode::BAD_REQUEST, "bad_position"),
        GameError::BadLevel(_) => (StatusCode::BAD_REQUEST, "bad_level"),
        GameError::BadSide(_) => (StatusCode::BAD_REQUEST, "bad_side"),
        GameError::BadOpponent(_) => (StatusCode::BAD_REQUEST, "bad_opponent"),
        GameError::BadClock(_) => (StatusCode::BAD_REQUEST, "bad_clock"),
        GameError::NotFound(_) => (StatusCode::NOT_FOUND, "game_not_found"),
        GameError::Overtaken
        | GameError::RematchMade
        | GameError::EngineRefused(_)
        | GameError::MarkLapsed => (StatusCode::CONFLICT, "conflict"),
        GameError::Full(_) => (StatusCode::SERVICE_UNAVAILABLE, "store_full"),
        GameError::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
        GameError::TooManyGames(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_games"),
        GameError::GameOver(_) => (StatusCode::CONFLICT, "game_over"),
        GameError::TooLong(_) => (StatusCode::CONFLICT, "game_too_long"),
        GameError::StalePly { .. } => (StatusCode::CONFLICT, "stale_ply"),
        GameError::NotComputerTurn(_) => (StatusCode::CONFLICT, "not_computer_turn"),
        GameError::NotYourTurn(_) | GameError::OpponentsTurn(_) => {
            (StatusCode::CONFLICT, "not_your_turn")
        }
        GameError::ThinkingOfHint | GameError::Thinking => (StatusCode::CONFLICT, "thinking"),
        GameError::NothingToUndo => (StatusCode::CONFLICT, "nothing_to_undo"),
        GameError::FriendGame => (StatusCode::CONFLICT, "friend_game"),
        GameError::ComputerGame => (StatusCode::CONFLICT, "computer_game"),
        GameError::NotAPlayer => (StatusCode::FORBIDDEN, "not_a_player"),
        GameError::SeatTaken => (StatusCode::CONFLICT, "seat_taken"),
        GameError::OfferPending => (StatusCode::CONFLICT, "offer_pending"),
        GameError::NoOffer => (StatusCode::CONFLICT, "no_offer"),
        GameError::OfferLapsed => (StatusCode::CONFLICT, "offer_lapsed"),
        GameError::TooEarly(_) => (StatusCode::CONFLICT, "too_early"),
        GameError::NotOver => (StatusCode::CONFLICT, "not_over"),
        GameError::TooManyLive => (StatusCode::TOO_MANY_REQUESTS, "too_many_live"),
        GameError::NoEngine => (StatusCode::NOT_IMPLEMENTED, "no_engine"),
        GameError::Busy(_) => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
        GameError::Bug(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
    }
}

impl ApiError {
    /// The HTTP status and the stable code, for programs: the one table of them.
    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::Game(error) => game_status_and_code(error),
            ApiError::InvalidJson(_) => (StatusCode::BAD_REQUEST, "invalid_json"),
            ApiError::MissingBody(_) => (StatusCode::BAD_REQUEST, "missing_body"),
            ApiError::MissingSquare => (StatusCode::BAD_REQUEST, "bad_square"),
            ApiError::BadBody(_) | ApiError::BadIdempotencyKey => {
                (StatusCode::BAD_REQUEST, "bad_request")
            }
            ApiError::MetricsForbidden => (StatusCode::FORBIDDEN, "forbidden"),
            ApiError::OtherOrigin | ApiError::CrossSite => (StatusCode::FORBIDDEN, "cross_site"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::MethodNotAllowed(_) => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiError::BodyTimeout => (StatusCode::REQUEST_TIMEOUT, "body_timeout"),
            ApiError::BodyTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "body_too_large"),
            ApiError::NotJson => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_json"),
            ApiError::BadHost(_) => (StatusCode::BAD_REQUEST, "bad_host"),
            ApiError::WrongHost(_) => (StatusCode::MISDIRECTED_REQUEST, "wrong_host"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }

    /// Seconds for `Retry-After`: every 429 and 503 has one.
    fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::Game(GameError::TooManyGames(seconds) | GameError::TooEarly(seconds)) => {
                Some(*seconds)
            }
            ApiError::Game(GameError::TooManyLive) => Some(5),
            ApiError::Game(GameError::Full(_)) => Some(60),
            ApiError::Game(GameError::Unavailable | GameError::Busy(_)) => Some(1),
            _ => None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let body = ErrorBody {
            error: self.to_string(),
            code,
        };
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
    use halma::{Outcome, Side};

    /// One error of each kind.
    fn every_kind() -> Vec<ApiError> {
        let text = || String::from("x");
        let game = [
            GameError::BadMoveText(text(), text()),
            GameError::IllegalMove(text(), text()),
            GameError::BadSquare(text()),
            GameError::BadPosition(text()),
            GameError::BadLevel(0),
            GameError::BadSide(text()),
            GameError::BadOpponent(text()),
            GameError::BadClock(text()),
            GameError::NotFound(text()),
            GameError::Overtaken,
            GameError::Full(1),
            GameError::Unavailable,
            GameError::TooManyGames(1),
            GameError::GameOver(Outcome::Win(Side::X).to_string()),
            GameError::TooLong(2),
            GameError::StalePly { ply: 0, moves: 4 },
            GameError::NotComputerTurn(Side::X),
            GameError::NotYourTurn(Side::O),
            GameError::ThinkingOfHint,
            GameError::Thinking,
            GameError::NothingToUndo,
            GameError::FriendGame,
            GameError::ComputerGame,
            GameError::NotAPlayer,
            GameError::SeatTaken,
            GameError::OpponentsTurn(Side::X),
            GameError::OfferPending,
            GameError::NoOffer,
            GameError::OfferLapsed,
            GameError::TooEarly(3),
            GameError::NotOver,
            GameError::RematchMade,
            GameError::TooManyLive,
            GameError::NoEngine,
            GameError::Busy(text()),
            GameError::EngineRefused(text()),
            GameError::MarkLapsed,
            GameError::Bug("x"),
        ];
        let request = [
            ApiError::InvalidJson(text()),
            ApiError::MissingBody("{}"),
            ApiError::MissingSquare,
            ApiError::BadBody(text()),
            ApiError::BadIdempotencyKey,
            ApiError::MetricsForbidden,
            ApiError::OtherOrigin,
            ApiError::CrossSite,
            ApiError::NotFound(text()),
            ApiError::MethodNotAllowed(text()),
            ApiError::BodyTimeout,
            ApiError::BodyTooLarge(None),
            ApiError::NotJson,
            ApiError::BadHost("x"),
            ApiError::WrongHost(text()),
            ApiError::Internal("x"),
        ];
        game.into_iter()
            .map(ApiError::Game)
            .chain(request)
            .collect()
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
                || matches!(error, ApiError::Game(GameError::TooEarly(_)));
            assert_eq!(retry, limited, "{error}");
            let message = error.to_string();
            assert!(!message.is_empty() && !message.ends_with('.'), "{message}");
        }
    }

    #[test]
    fn an_error_answers_its_status_code_message_and_headers() {
        let response = ApiError::from(GameError::NotFound("ab".into())).into_response();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let response = ApiError::MethodNotAllowed("GET, DELETE".into()).into_response();
        assert_eq!(response.headers()[header::ALLOW], "GET, DELETE");
        let response = ApiError::from(GameError::Busy("all engines are busy".into()));
        assert_eq!(response.into_response().headers()[header::RETRY_AFTER], "1");
        let response = ApiError::from(GameError::NoEngine).into_response();
        assert_eq!(response.status(), StatusCode::NOT_IMPLEMENTED);
        // The code comes from the variant, whatever the words.
        assert_eq!(
            ApiError::from(GameError::EngineRefused("anything".into()))
                .status_and_code()
                .1,
            "conflict"
        );
        assert_eq!(
            ApiError::Internal("anything").status_and_code().1,
            "internal"
        );
    }
}
