//! Old games go on a schedule: finished games unchanged for a while, and games abandoned for
//! much longer. Games in play are never evicted to make room. And SQLite's WAL is cut back
//! now and then.

use std::time::{Duration, Instant};

use crate::games::now_ms;
use crate::store::{Store, WAL_LIMIT_BYTES};

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// How often the WAL is checkpointed and cut back, at least.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// How often the WAL file's size is looked at: past [`WAL_LIMIT_BYTES`] it is checkpointed
/// at once, so that a stream of writes grows it by what comes in this long, not in
/// [`CHECKPOINT_EVERY`] (tens of megabytes at thousands of moves a second).
pub const WAL_WATCH_EVERY: Duration = Duration::from_millis(50);

/// Prunes now and then every `period`, forever.
pub async fn every(store: Store, period: Duration, keep_finished: Duration, keep_idle: Duration) {
    loop {
        let now = now_ms();
        match store
            .prune(now - millis(keep_finished), now - millis(keep_idle))
            .await
        {
            Ok(0) => {}
            Ok(pruned) => tracing::info!(pruned, "old games deleted"),
            Err(error) => tracing::warn!("pruning failed: {error}"),
        }
        // The seats of the games that went (by pruning or by their players).
        if let Err(error) =
            crate::games::seats::forget_orphans(&store, crate::games::now_ms()).await
        {
            tracing::warn!("pruning the seats failed: {error}");
        }
        tokio::time::sleep(period).await;
    }
}

/// Checkpoints the database every [`CHECKPOINT_EVERY`], and whenever its WAL is seen past
/// [`WAL_LIMIT_BYTES`], forever.
pub async fn checkpoints(store: Store) {
    let mut failing = false;
    let mut last = Instant::now();
    loop {
        tokio::time::sleep(WAL_WATCH_EVERY).await;
        if last.elapsed() < CHECKPOINT_EVERY && store.wal_bytes() <= WAL_LIMIT_BYTES {
            continue;
        }
        last = Instant::now();
        match store.checkpoint().await {
            Ok(()) => failing = false,
            // Once per spell of failures: a database that does not answer says so elsewhere.
            Err(error) if !failing => {
                tracing::warn!("checkpointing the database failed: {error}");
                failing = true;
            }
            Err(_) => {}
        }
    }
}
