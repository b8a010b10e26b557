//! Downtime is nobody's thinking time: a running server marks the database as up every
//! [`ALIVE_EVERY`] (`halma_counts`' `alive`, Unix ms), and a server that starts after a
//! pause of more than [`DOWN_AFTER`] since the last mark (a deploy, a crash: no server was
//! up) moves every running clock on by the pause ([`resume`]), so that the player on move
//! is charged only the time a server was up. With several processes on one database, the
//! marks of those still up leave no pause; the first to start after one resumes the clocks,
//! once (the mark's compare-and-swap, in the same transaction as the games).

use std::time::Duration;

use sqlx::Row;

use crate::games::error::GameError;
use crate::games::now_ms;
use crate::games::stored::Games;
use crate::metrics::Query;
use crate::store::{Statement, Store, StoreError, Write};

/// How often a running server marks the database as up.
pub const ALIVE_EVERY: Duration = Duration::from_secs(1);

/// A pause between the last mark and a start longer than this (ms) was downtime.
const DOWN_AFTER: i64 = 2_000;

/// Resumptions tried at most when games change meanwhile.
const ATTEMPTS: usize = 8;

/// The running clocks could not be moved on after downtime.
#[derive(Debug, thiserror::Error)]
#[error("the running clocks could not be resumed after downtime: {0}")]
pub struct ResumeError(#[from] GameError);

/// The last mark of a server up (Unix ms; 0 if none was ever made).
async fn last_alive(store: &Store) -> Result<i64, StoreError> {
    let query = sqlx::query("SELECT value FROM halma_counts WHERE name = 'alive'")
        .fetch_optional(store.pool());
    let row = store.timed(Query::Other, query).await?;
    Ok(row.map(|row| row.try_get(0)).transpose()?.unwrap_or(0))
}

/// The mark of a server up at `now`, if the last one is `last`.
fn alive_after(last: i64, now: i64) -> Write<GameError> {
    Write::One(
        Statement::new("UPDATE halma_counts SET value = $1 WHERE name = 'alive' AND value = $2")
            .bind(now)
            .bind(last),
        GameError::Overtaken,
    )
}

/// Moves every running clock in `store` on by the downtime since the last mark of a server
/// up, if there was any, and marks it up; before this server serves: how many clocks.
pub async fn resume(store: &Store) -> Result<usize, ResumeError> {
    let games = Games::new(store.clone());
    for _ in 0..ATTEMPTS {
        let last = last_alive(store).await.map_err(GameError::from)?;
        let now = now_ms();
        let mut writes = vec![alive_after(last, now)];
        if last > 0 && now - last > DOWN_AFTER {
            let query = sqlx::query_scalar::<_, String>(
                "SELECT id FROM halma_games WHERE finished = 0 AND opponent = 'friend'",
            )
            .fetch_all(store.pool());
            let ids = store
                .timed(Query::Other, query)
                .await
                .map_err(GameError::from)?;
            for id in ids {
                let mut game = games.load(&id).await?;
                if (game.session.life_mut()).is_some_and(|life| life.resume(last, now)) {
                    writes.push(game.update(now));
                }
            }
        }
        match games.commit(&writes).await {
            Ok(()) => return Ok(writes.len() - 1),
            // Another process marked or changed a game meanwhile: read again.
            Err(GameError::Overtaken) => {}
            Err(error) => return Err(error.into()),
        }
    }
    Err(GameError::Overtaken.into())
}

/// Marks the database as up every [`ALIVE_EVERY`], forever.
pub async fn keep_alive(store: Store) {
    loop {
        tokio::time::sleep(ALIVE_EVERY).await;
        let now = now_ms();
        let query =
            sqlx::query("UPDATE halma_counts SET value = $1 WHERE name = 'alive' AND value < $1")
                .bind(now)
                .execute(store.pool());
        if let Err(error) = store.timed(Query::Other, query).await {
            tracing::debug!("the server's mark could not be stored: {error}");
        }
    }
}
