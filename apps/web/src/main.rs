//! Play Halma against the computer, or a friend, in a browser.
//!
//! ```text
//! cargo run --release -p halma-web                # then open http://127.0.0.1:8080/
//! cargo run --release -p halma-web -- --port 0    # any free port; the address is printed
//! ```
//!
//! The server is the library `halma_web`; this program reads the options, opens the store,
//! resumes the clocks after downtime, serves until SIGTERM or SIGINT, and closes the store.

use std::io::{IsTerminal, Write};
use std::net::SocketAddr;
use std::process::ExitCode;

use clap::Parser;
use halma_web::{Options, Pool, Registry, Store};

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
    // A value that does not read ends the program here: a message, and exit status 2.
    let options = Options::parse();
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

/// Serves with `options` on a machine of `cores` cores until a signal.
async fn run(options: Options, cores: usize) -> ExitCode {
    let url = options.database_url();
    let store = match Store::connect(&url, DATABASE_CONNECTIONS).await {
        Ok(store) => store,
        Err(error) => {
            // The URL without its password: this line goes to the journal.
            eprintln!(
                "error: cannot open the database {}: {}",
                halma_web::redacted(&url),
                halma_web::explained(&error.to_string())
            );
            return ExitCode::FAILURE;
        }
    };
    // The time no server ran is nobody's thinking time.
    match halma_web::resume(&store).await {
        Ok(0) => {}
        Ok(clocks) => tracing::info!(clocks, "running clocks resumed after downtime"),
        Err(error) => tracing::warn!("{error}"),
    }
    let address = SocketAddr::new(options.bind, options.port);
    let listener = match halma_web::listen(address) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on {address}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let engines = options.engines(cores);
    let searching = engines.engines;
    let stored = store.count().await.unwrap_or(0);
    let max_connections = options.max_connections();
    let connections = Registry::new(max_connections);
    let router = halma_web::app(
        &options,
        store.clone(),
        Pool::new(engines),
        connections.clone(),
    );
    match listener.local_addr() {
        Ok(address) => println!("halma: play at http://{address}/ (Ctrl-C stops the server)"),
        Err(_) => println!("halma: listening"),
    }
    let _ = std::io::stdout().flush();
    tracing::info!(
        database = %halma_web::redacted(&url),
        stored,
        engines = searching,
        "serving"
    );
    let limits = options.connection_limits(max_connections);
    halma_web::serve(listener, router, connections, limits, stop_signal()).await;
    store.close().await;
    tracing::info!("stopped");
    ExitCode::SUCCESS
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
