//! What handlers take from a request besides the state: the game its path names, its JSON
//! body, the client it comes from and the seat it holds, each refused in the API's terms.

use std::convert::Infallible;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::header;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{OpenApi, Required};
use utoipa::{IntoParams, Modify};

use super::error::ApiError;
use crate::clients::{Client, Source};
use crate::games::seats::{JoinKey, Secret};

/// The id of the game a request's path names (`/api/games/{id}/...`), as written: an id that
/// is no game's is `game_not_found` when the game is looked up.
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            // Not UTF-8 once decoded: no game's id.
            Err(_) => Err(ApiError::NotFound(parts.uri.path().to_owned())),
        }
    }
}

impl IntoParams for GameId {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let id = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[0-9a-f]{32}$"));
        let parameter = ParameterBuilder::new()
            .name("id")
            .parameter_in(ParameterIn::Path)
            .required(Required::True)
            .description(Some("The game's id, 32 hex digits"))
            .schema(Some(id))
            .build();
        vec![parameter]
    }
}

/// The client of a request, as the `client_address` check put it in the request's
/// extensions (`guards.rs`).
impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, ApiError> {
        parts
            .extensions
            .get::<Source>()
            .map(|source| source.client)
            .ok_or(ApiError::Internal("the request's client is unknown"))
    }
}

/// The seat's secret a request holds, from its `Authorization: Bearer SECRET` header (a
/// header: never in a URL, so never in a log, a history or a `Referer`), if it has one;
/// whether it holds a seat of the game is the game's to say.
pub struct Seat(pub Option<Secret>);

impl Seat {
    /// The secret, if any.
    pub fn secret(&self) -> Option<&Secret> {
        self.0.as_ref()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Seat {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Seat, Infallible> {
        let secret = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(|secret| Secret::from(secret.trim()));
        Ok(Seat(secret))
    }
}

/// The seat's scheme in the API's document (`seat`): what [`Seat`] reads.
pub struct SeatScheme;

impl Modify for SeatScheme {
    fn modify(&self, document: &mut OpenApi) {
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.description = Some(
            "A seat's secret, as `POST /api/games` (the creator's) or `POST \
             /api/games/{id}/join` (the invited player's) answered it; for `join`, the \
             invitation's claim"
                .to_owned(),
        );
        let components = document.components.get_or_insert_with(Default::default);
        components.add_security_scheme("seat", SecurityScheme::Http(scheme));
    }
}

/// The client's key for a join (`Idempotency-Key`), if the request has one; a header that
/// is no key (not 1 to 255 visible ASCII characters) is refused (`bad_request`).
pub struct IdempotencyKey(pub Option<JoinKey>);

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<IdempotencyKey, ApiError> {
        let Some(value) = parts.headers.get("idempotency-key") else {
            return Ok(IdempotencyKey(None));
        };
        let key = value.to_str().ok().and_then(JoinKey::parse);
        key.map(|key| IdempotencyKey(Some(key)))
            .ok_or(ApiError::BadIdempotencyKey)
    }
}

/// A request body the API reads as JSON.
pub trait RequestBody: DeserializeOwned {
    /// What a blank body stands for, or, when a request needs a body, an example of one.
    fn blank() -> Result<Self, &'static str>;
}

/// A request's body, read as JSON by axum's `Json` (the body is already read whole, within
/// its limits: `guards::read_body`), its rejections in the API's codes (`invalid_json`,
/// `not_json`); a blank body is [`RequestBody::blank`] (`missing_body` where a body is
/// needed). A body sent is a JSON object or `invalid_json`: an array would otherwise be read
/// as the fields in order, and `[]` as no fields at all.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: RequestBody> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Body<T>, ApiError> {
        let bytes = Bytes::from_request(request, state).await?;
        match bytes.iter().find(|byte| !byte.is_ascii_whitespace()) {
            None => T::blank().map(Body).map_err(ApiError::MissingBody),
            // An object, or no JSON at all (which `Json` refuses with what is wrong).
            Some(b'{') => Ok(Body(Json::<T>::from_bytes(&bytes)?.0)),
            Some(_) => Err(ApiError::InvalidJson(
                "the body must be a JSON object, like {}".to_owned(),
            )),
        }
    }
}
