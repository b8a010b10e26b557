//! Play Halma against the computer in a browser.
//!
//! ```text
//! cargo run --release -p halma-web                # then open http://127.0.0.1:8080/
//! cargo run --release -p halma-web -- --port 0    # any free port; the address is printed
//! ```
//!
//! An HTTP server (tokio, hyper, axum) serves one page, with no build step and nothing
//! fetched from elsewhere, and a JSON API under `/api` (apps/web/README.md). Every game is
//! stored as it is played (SQLite by default, PostgreSQL for several servers), under an
//! unguessable id that is its link; the engines are a small pool fed fairly from a bounded
//! queue; every resource a client can hold is bounded.

mod api;
mod app;
mod assets;
mod clients;
mod connections;
mod error;
mod extract;
mod friend;
mod games;
mod guards;
mod http;
mod i18n;
mod locks;
mod metrics;
mod operators;
mod options;
mod pages;
mod prune;
mod replays;
mod reply;
mod search;
mod serve;
mod socket;
mod state;
mod store;
mod think;
mod words;

use std::io::{IsTerminal, Write};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use options::{Options, Parsed, USAGE};

/// jemalloc with its background threads, which hand freed memory back to the system within
/// seconds (its decay time): after 8 floods of 3,000 connections (the memory test's flood)
/// RSS was 43 MiB -> 256 MiB -> 54 MiB ten seconds later. glibc's allocator kept 199 MiB of
/// its 204 MiB peak (230 MiB with `MALLOC_ARENA_MAX=2`), mimalloc 159 MiB, jemalloc without
/// background threads 270 MiB (README, "How far one machine goes").
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Database connections per process.
const DATABASE_CONNECTIONS: u32 = 8;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match options::parse(&args) {
        Ok(Parsed::Run(options)) => *options,
        Ok(Parsed::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(options.workers.unwrap_or(cores))
        .enable_all()
        .build();
    match runtime {
        Ok(runtime) => runtime.block_on(run(options, cores)),
        Err(error) => {
            eprintln!("error: cannot start the runtime: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The database when `--database` is not given: a file next to the server's binary.
fn default_database() -> String {
    let path = std::env::current_exe()
        .map(|exe| exe.with_file_name("halma-web.sqlite3"))
        .unwrap_or_else(|_| "halma-web.sqlite3".into());
    format!("sqlite://{}", path.display())
}

async fn run(options: Options, cores: usize) -> ExitCode {
    let url = options.database.clone().unwrap_or_else(default_database);
    let store = match store::Store::connect(&url, DATABASE_CONNECTIONS).await {
        Ok(store) => store,
        Err(error) => {
            eprintln!("error: cannot open the database {url}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let address = SocketAddr::new(options.bind, options.port);
    let listener = match listen(address) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on {address}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let engines = options.engines.unwrap_or(cores).max(1);
    let per_client = options.engines_per_client.unwrap_or((engines / 2).max(1));
    let pool = think::Pool::new(think::Config {
        engines,
        // Engines times threads within the cores: the cores an engine may use alone.
        threads: (cores / engines).max(1),
        per_client,
        outstanding_per_client: options.searches_per_client.unwrap_or(per_client + 2),
        queue: options.queue,
        queue_wait: options.queue_wait,
        cap: options.think,
    });
    let stored = store.count().await.unwrap_or(0);
    tokio::spawn(prune::every(
        store.clone(),
        options.prune_every,
        options.keep_finished,
        options.keep_idle,
    ));
    tokio::spawn(prune::checkpoints(store.clone()));
    match listener.local_addr() {
        Ok(address) => println!("halma: play at http://{address}/ (Ctrl-C stops the server)"),
        Err(_) => println!("halma: listening"),
    }
    let _ = std::io::stdout().flush();
    tracing::info!(
        database = %redact_url(&url),
        stored,
        engines,
        "serving"
    );
    let max_connections = options
        .max_connections
        .unwrap_or_else(serve::default_max_connections);
    let registry = connections::Registry::new(max_connections);
    let limits = serve::ConnectionLimits {
        per_client: options.connections_per_client,
        header_timeout: options.header_timeout,
        send_timeout: options.send_timeout,
        send_buffer: socket::send_buffer(options.send_buffers, max_connections),
        shutdown_grace: options.shutdown_grace,
        proxies: options.trusted_proxies.clone(),
    };
    // One set of games for the API and the live games: one cache of replayed games.
    let games = games::Games::new(store.clone());
    let live = friend::live::Live::new(
        games.clone(),
        store.backend() == "postgres",
        options.max_live.unwrap_or(max_connections / 2).max(1),
        options.live_per_client,
        options.abandon_after,
    );
    if store.backend() == "postgres" {
        tokio::spawn(friend::live::listen(Arc::clone(&live), url.clone()));
    }
    tokio::spawn(Arc::clone(&live).keep_presence());
    let app = Arc::new(app::App {
        live,
        games,
        pool,
        creations: clients::RateLimit::new(options.games_per_minute),
        max_games: options.max_games,
        max_plies: options.max_plies,
        mark_lifetime: options.queue_wait + options.think + Duration::from_secs(10),
        engine: options.engine,
        assets: assets::Assets::new(),
        connections: Arc::clone(&registry),
        settings: app::Settings {
            body_timeout: options.body_timeout,
            allowed_hosts: options.allowed_hosts,
            metrics_from: options.metrics_from.unwrap_or_else(clients::Cidr::loopback),
            proxies: options.trusted_proxies,
            proxy_header: options.proxy_header,
        },
    });
    let router = http::router(app);
    serve::serve(listener, router, registry, limits, stop_signal()).await;
    store.close().await;
    tracing::info!("stopped");
    ExitCode::SUCCESS
}

/// The URL without its password, for the log.
fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// A listening socket with a backlog long enough for bursts.
fn listen(address: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if address.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(1024)
}

/// Completes on SIGTERM or SIGINT (Ctrl-C).
async fn stop_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = match signal(SignalKind::terminate()) {
        Ok(term) => term,
        Err(error) => {
            tracing::warn!("cannot watch for SIGTERM: {error}");
            let _ = tokio::signal::ctrl_c().await;
            return;
        }
    };
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM"),
        _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT"),
    }
}

/// The PostgreSQL for tests, as the integration tests find it.
#[cfg(test)]
#[path = "../tests/common/postgres.rs"]
mod test_postgres;
#[cfg(test)]
pub use test_postgres::{postgres as postgres_for_tests, postgres_schema};

#[cfg(test)]
mod tests {
    #[test]
    fn passwords_stay_out_of_the_log() {
        assert_eq!(
            super::redact_url("postgres://halma:secret@localhost/halma"),
            "postgres://halma:***@localhost/halma"
        );
        assert_eq!(
            super::redact_url("sqlite:///tmp/a.db"),
            "sqlite:///tmp/a.db"
        );
    }
}
