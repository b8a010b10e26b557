//! Games between two people, by link (`docs/live.md`): a game made with
//! `{"opponent": "friend"}` has two seats ([`seats`]), one its creator's, the other behind
//! an invitation; each move names its player by the seat's secret, sent as
//! `Authorization: Bearer SECRET` (a header: never in a URL, so never in a log, a history
//! or a `Referer`). Whoever holds neither secret may read and follow the game, not change
//! it. Both players, and anyone watching, follow the game live ([`live`]).
//!
//! A game between two people is stored with no computer's level (`NO_COMPUTER`): the
//! routes of the computer refuse it from the game they read anyway, and a move asks this
//! module for the player ([`player`]). A game against the computer is served as it always
//! was, with no read more.

pub mod life;
pub mod live;
pub mod seats;

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use halma::{Game, Side};
use serde::Deserialize;
use serde_json::json;

use crate::app::App;
use crate::clients::Client;
use crate::error::ApiError;
use crate::extract::{Body, GameId, RequestBody};
use crate::games::{GameError, NO_COMPUTER, Session, now_ms};
use crate::reply::Reply;
use crate::search::ongoing;
use crate::state::state;
use halma::Ending;
use life::{Action, Answer, Life};

/// The secret in the request's `Authorization: Bearer` header, if it has one.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// The seats of the game `id`, `None` for a game against the computer.
async fn seats_of(app: &App, id: &str) -> Result<Option<seats::Seats>, ApiError> {
    Ok(seats::load(app.games.store(), id)
        .await
        .map_err(GameError::from)?)
}

/// The side whose player makes this request in the game between two people `id`;
/// `not_a_player` for anyone else.
pub async fn player(app: &App, id: &str, headers: &HeaderMap) -> Result<Side, ApiError> {
    seats_of(app, id)
        .await?
        .and_then(|seats| seats.side_of(bearer(headers)))
        .ok_or(ApiError::NotAPlayer)
}

/// Refuses to delete a game between two people but to one of its players; a game against
/// the computer goes for anyone with its link, as always.
pub async fn may_delete(app: &App, id: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    if seats_of(app, id).await?.is_some() {
        player(app, id, headers).await?;
    }
    Ok(())
}

/// Stores the seats of the new game `id`, its creator playing `creator`, and answers its
/// `state` with them: `seat` (the creator's side and secret) and `invitation` (the other
/// seat's claim, for the invitation link's fragment).
pub async fn seat_creator(
    app: &App,
    id: &str,
    creator: Side,
    mut state: serde_json::Value,
) -> Result<serde_json::Value, ApiError> {
    let seats = match seats::create(app.games.store(), id, creator).await {
        Ok(seats) => seats,
        Err(error) => {
            // A game without seats would be a game against the computer: none at all.
            let _ = app.games.delete(id).await;
            return Err(GameError::from(error).into());
        }
    };
    if let Some(object) = state.as_object_mut() {
        object.insert(
            "seat".into(),
            json!({ "side": creator.to_string(), "secret": seats.secret }),
        );
        object.insert(
            "invitation".into(),
            json!({ "side": creator.other().to_string(), "claim": seats.invitation }),
        );
    }
    Ok(state)
}

/// `POST /api/games/{id}/join` with `Authorization: Bearer INVITATION`: the invitation's
/// seat, to whoever comes first (`{side, secret}`); `seat_taken` for everyone after.
pub async fn join(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
) -> Result<Reply<serde_json::Value>, ApiError> {
    let Some(seats) = seats_of(&app, &id).await? else {
        app.games.load(&id).await?;
        return Err(ApiError::SeatTaken);
    };
    let invitation = bearer(&headers).unwrap_or_default();
    let secret = seats::join(app.games.store(), &id, invitation)
        .await
        .map_err(GameError::from)?
        .ok_or(ApiError::SeatTaken)?;
    // Both seats are taken: the clock of the side to move starts, if the game has one.
    let read = app.games.load(&id).await?;
    if read
        .session
        .life
        .as_ref()
        .is_some_and(|life| life.clock.is_some())
    {
        let started = app
            .games
            .modify(&id, Some(read), |session| {
                Ok::<_, GameError>(life_of(session).start_clock(now_ms()))
            })
            .await;
        if let Err(error) = started {
            tracing::warn!("a clock could not be started: {error:?}");
        }
    }
    app.live.changed(&id);
    let side = seats.creator().other().to_string();
    Ok(Reply(json!({ "seat": { "side": side, "secret": secret } })))
}

/// `GET /api/games/{id}/players`: who plays the game: `{"opponent": "computer"}`, or for
/// a game between two people each side's seat (`taken`, `here`), whether its invitation
/// is open, and `you` (the side the request's secret holds, else `null`).
pub async fn players(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
) -> Result<Reply<serde_json::Value>, ApiError> {
    let game = app.live.read(&id).await?;
    let seats = seats_of(&app, &id).await?;
    let you = seats
        .as_ref()
        .and_then(|seats| seats.side_of(bearer(&headers)));
    let now = now_ms();
    let view = seats.map(|seats| seats.view(now));
    let over = game.session.over();
    let abandon_after = app.live.abandon_after();
    Ok(Reply(live::players_json(
        view.as_ref(),
        you,
        over,
        now,
        abandon_after,
    )))
}

/// The query of a live stream: the version of the game the client has seen (as
/// `Last-Event-ID`).
#[derive(Deserialize)]
pub struct Since {
    since: Option<u64>,
}

/// `GET /api/games/{id}/live`: the game's server-sent events (`state`, `players`), from
/// its state now (unless `Last-Event-ID` or `?since=` says the client has it) on.
pub async fn follow(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    client: Client,
    headers: HeaderMap,
    query: Result<Query<Since>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(Since { since }) = query?;
    let since = headers
        .get("last-event-id")
        .and_then(|value| value.to_str().ok()?.trim().parse().ok())
        .or(since);
    app.live.read(&id).await?;
    let seats = seats_of(&app, &id).await?;
    let side = seats
        .as_ref()
        .and_then(|seats| seats.side_of(bearer(&headers)));
    app.live
        .stream(&id, client, side, seats.is_some(), since)
        .await
}

/// Changes the game between two people `id` as the player whose secret the request holds,
/// with `change` (given the game, the player's side and the seats); announces the change and answers the game's state.
async fn as_player<T>(
    app: &App,
    id: &str,
    headers: &HeaderMap,
    mut change: impl FnMut(&mut Session, Side, &seats::Seats) -> Result<T, ApiError>,
) -> Result<Response, ApiError> {
    let read = app.live.read(id).await?;
    let seats = seats_of(app, id).await?.ok_or(ApiError::ComputerGame)?;
    let side = seats.side_of(bearer(headers)).ok_or(ApiError::NotAPlayer)?;
    let (_, game) = app
        .games
        .modify(id, Some(read), |session| change(session, side, &seats))
        .await?;
    app.live.changed(id);
    Ok(Reply(state(id, &game.session)).into_response())
}

/// The game's life, to change it (a game between two people has one).
fn life_of(session: &mut Session) -> &mut Life {
    session.life.get_or_insert_with(Life::default)
}

/// Ends the game as `ending` now.
fn end(session: &mut Session, ending: Ending) {
    let turn = session.game.position().turn();
    life_of(session).end(ending, turn, now_ms());
}

/// A body with no fields (`{}`, or none).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Nothing {}

impl RequestBody for Nothing {
    fn blank() -> Result<Nothing, &'static str> {
        Ok(Nothing {})
    }
}

/// The body of an answer to an offer: `{"action": "offer" | "accept" | "decline"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferBody {
    action: Action,
}

impl RequestBody for OfferBody {
    fn blank() -> Result<OfferBody, &'static str> {
        Err(r#"{"action": "offer"}"#)
    }
}

/// `POST /api/games/{id}/resign`: the player's side resigns; the other wins.
pub async fn resign(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Body(Nothing {}): Body<Nothing>,
) -> Result<Response, ApiError> {
    as_player(&app, &id, &headers, |session, side, _| {
        ongoing(session)?;
        end(session, Ending::Resignation(side));
        Ok(())
    })
    .await
}

/// `POST /api/games/{id}/draw`: the player offers a draw, or answers the opponent's offer;
/// both wanting it, the game is drawn.
pub async fn draw(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Body(OfferBody { action }): Body<OfferBody>,
) -> Result<Response, ApiError> {
    as_player(&app, &id, &headers, |session, side, _| {
        ongoing(session)?;
        if life::answer(&mut life_of(session).offers.draw, side, action)? == Answer::Agreed {
            end(session, Ending::Agreement);
        }
        Ok(())
    })
    .await
}

/// `POST /api/games/{id}/rematch`: the player offers a rematch of the game that is over,
/// or answers the opponent's offer; both wanting it, a new game between the same two
/// people, the sides swapped, each seat held by its player's secret of this game (no
/// invitation). This game's state names it (`rematch`); asked again, the same one.
pub async fn rematch(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Body(OfferBody { action }): Body<OfferBody>,
) -> Result<Response, ApiError> {
    let read = app.live.read(&id).await?;
    let seats = seats_of(&app, &id).await?.ok_or(ApiError::ComputerGame)?;
    let side = seats
        .side_of(bearer(&headers))
        .ok_or(ApiError::NotAPlayer)?;
    if !read.session.over() {
        return Err(ApiError::NotOver);
    }
    let life = read.session.life.clone().unwrap_or_default();
    if life.rematch.is_some() {
        return Ok(Reply(state(&id, &read.session)).into_response());
    }
    // The new game is made first, named by this game's change only if that is still agreed.
    let mut standing = life.offers.rematch;
    let made = match life::answer(&mut standing, side, action)? {
        Answer::Agreed => Some(rematch_of(&app, &read.session, &seats).await?),
        Answer::Stands => None,
    };
    let changed = app
        .games
        .modify(&id, Some(read), |session| {
            let life = life_of(session);
            if life.rematch.is_some() {
                return Err(ApiError::Conflict("the rematch was made meanwhile".into()));
            }
            let agreed = life::answer(&mut life.offers.rematch, side, action)? == Answer::Agreed;
            match (agreed, &made) {
                (true, Some(new)) => life.rematch = Some(new.clone()),
                (true, None) => {
                    return Err(ApiError::Conflict(
                        "the rematch offer changed meanwhile; ask again".into(),
                    ));
                }
                (false, _) => {}
            }
            Ok(agreed)
        })
        .await;
    let unused = match &changed {
        Ok((agreed, _)) => !agreed,
        Err(_) => true,
    };
    if let (true, Some(new)) = (unused, &made) {
        // The seats go with the game (`seats::forget_orphans`).
        let _ = app.games.delete(new).await;
    }
    match changed {
        Ok((_, game)) => {
            app.live.changed(&id);
            Ok(Reply(state(&id, &game.session)).into_response())
        }
        Err(error) => {
            // Made by the other player's request meanwhile: the same rematch.
            let now = app.games.load(&id).await?;
            match now
                .session
                .life
                .as_ref()
                .and_then(|life| life.rematch.as_ref())
            {
                Some(_) => Ok(Reply(state(&id, &now.session)).into_response()),
                None => Err(error),
            }
        }
    }
}

/// Stores the rematch of the game `old`, whose seats are `seats`: the same start and rules,
/// the sides swapped, both seats taken; its id.
async fn rematch_of(app: &App, old: &Session, seats: &seats::Seats) -> Result<String, ApiError> {
    let session = Session {
        game: Arc::new(Game::from_position(*old.game.start_position())),
        human: old.human.other(),
        level: NO_COMPUTER,
        thinking: None,
        life: Some(
            old.life
                .as_ref()
                .map_or_else(Life::default, |life| life.rematch(now_ms())),
        ),
    };
    let id = app.games.create(&session, app.max_games).await?;
    if let Err(error) = seats::swapped(app.games.store(), &id, seats).await {
        let _ = app.games.delete(&id).await;
        return Err(GameError::from(error).into());
    }
    Ok(id)
}

/// `POST /api/games/{id}/claim`: the player claims the win because the opponent left: once
/// the opponent, whose seat is taken, has been away (no live stream of theirs) for the
/// server's `--abandon-after-secs`; `too_early` before, with the seconds to wait.
pub async fn claim(
    State(app): State<Arc<App>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Body(Nothing {}): Body<Nothing>,
) -> Result<Response, ApiError> {
    let abandon_after = app.live.abandon_after();
    as_player(&app, &id, &headers, |session, side, seats| {
        ongoing(session)?;
        let now = now_ms();
        let seconds = |ms: i64| u64::try_from((ms + 999) / 1000).unwrap_or(1).max(1);
        match seats.view(now).claim_in(side, now, abandon_after) {
            Some(0) => {
                end(session, Ending::Abandonment(side.other()));
                Ok(())
            }
            Some(wait) => Err(ApiError::TooEarly(seconds(wait))),
            None => Err(ApiError::TooEarly(seconds(abandon_after))),
        }
    })
    .await
}
