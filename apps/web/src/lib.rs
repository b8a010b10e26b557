//! Play Halma against the computer, or a friend, in a browser: the server as a library.
//!
//! An HTTP server (tokio, hyper, axum) serves one page, with no build step and nothing
//! fetched from elsewhere, and a JSON API under `/api` (apps/web/README.md). Every game is
//! stored as it is played (SQLite by default, PostgreSQL for several servers), under an
//! unguessable id that is its link; the engines are a small pool fed fairly from a bounded
//! queue; every resource a client can hold is bounded.
//!
//! [`app`] assembles the service from the options, the store and the engines; [`serve`]
//! runs it on a listener until a signal; `main.rs` only reads the options and starts both.

mod clients;
mod computer;
mod database_url;
mod downtime;
mod engines;
mod friend;
mod games;
mod http;
mod live;
mod locks;
mod metrics;
mod options;
mod origin;
mod page;
mod prune;
mod store;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;

pub use crate::database_url::{explained, redacted};
pub use crate::downtime::{ResumeError, resume};
pub use crate::engines::Pool;
pub use crate::http::serve::connections::Registry;
pub use crate::http::serve::{listen, serve};
pub use crate::options::Options;
pub use crate::store::Store;

/// The service: the API, the live games, the page and the operator's routes over `store`,
/// searched by `engines`, with every limit `options` sets; the open connections (which the
/// connection layer admits, [`serve`]) are `connections`, for `/metrics`. Starts, on the
/// runtime it is called from, the tasks that keep the games: pruning, checkpoints, the
/// server's mark of being up, the players' presence and, on PostgreSQL, the live games'
/// notifications. [`resume`] is to be called first.
pub fn app(options: &Options, store: Store, engines: Pool, connections: Arc<Registry>) -> Router {
    tokio::spawn(prune::every(
        store.clone(),
        options.prune_every,
        options.keep_finished,
        options.keep_idle,
    ));
    tokio::spawn(prune::checkpoints(store.clone()));
    tokio::spawn(downtime::keep_alive(store.clone()));
    // One set of games for the API and the live games: one cache of replayed games.
    let games = games::stored::Games::new(store.clone());
    let postgres = store.backend() == "postgres";
    let live = live::Live::new(
        games.clone(),
        postgres,
        options.max_live.unwrap_or(connections.max() / 2).max(1),
        options.live_per_client,
        options.abandon_after,
    );
    if postgres {
        tokio::spawn(live::listen(Arc::clone(&live), store.url().to_owned()));
    }
    tokio::spawn(Arc::clone(&live).keep_presence());
    let creations = Arc::new(clients::RateLimit::new(options.games_per_minute));
    let searcher = computer::search::Searcher {
        games: games.clone(),
        pool: engines,
        max_plies: options.max_plies,
        mark_lifetime: options.queue_wait + options.think + Duration::from_secs(10),
    };
    let app = Arc::new(http::app::App {
        computer: computer::Computer::new(
            searcher,
            Arc::clone(&live),
            options.engine(),
            options.max_games,
        ),
        friends: friend::Friends::new(
            games.clone(),
            Arc::clone(&live),
            Arc::clone(&creations),
            options.max_games,
            options.max_plies,
        ),
        games,
        live,
        creations,
        assets: http::assets::Assets::new(
            &options
                .public_origin
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default(),
        ),
        connections,
        settings: http::app::Settings {
            body_timeout: options.body_timeout,
            allowed_hosts: options.served_hosts(),
            public_origin: options.public_origin.clone(),
            metrics_from: options.metrics_from(),
            proxies: options.trusted_proxies.clone(),
            proxy_header: options.proxy_header,
        },
    });
    http::router(app)
}

/// The PostgreSQL for tests, as the integration tests find it.
#[cfg(test)]
#[path = "../tests/common/postgres.rs"]
mod test_postgres;
#[cfg(test)]
pub use test_postgres::{postgres as postgres_for_tests, postgres_schema};
