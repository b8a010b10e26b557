//! Old games go on a schedule: finished games unchanged for a while, and games abandoned for
//! much longer. Games in play are never evicted to make room.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::api::App;
use crate::games::now_ms;

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// Prunes now and then every `period`, forever; recounts the stored games each time.
pub async fn every(app: Arc<App>, period: Duration, keep_finished: Duration, keep_idle: Duration) {
    let store = app.games.store().clone();
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
        if let Ok(count) = store.count().await {
            app.stored.store(count, Ordering::Relaxed);
        }
        tokio::time::sleep(period).await;
    }
}
