//! The API driven in this process: each test's server is the router `halma_web::app`
//! assembles, under the connection layer `halma_web::serve` runs, on a free port of
//! loopback and a runtime of its own, with a database of its own; no process is started.
//! The requests are plain HTTP/1.1 over TCP (`common`), as any client's, but `router.rs`'s,
//! handed to the router with tower's `oneshot`. The tests where
//! the process is the point (signals, restarts, the process's memory and log, the metrics
//! it counts) start the binary instead (`tests/*.rs`).
//!
//! - `games.rs`: games against the computer through the API, and their computer's moves;
//! - `codes.rs`: every error code a client can provoke;
//! - `pages.rs`: the page and its files, in each language;
//! - `friends.rs`: games between two people beyond their rules;
//! - `proxy.rs`: behind a reverse proxy (`--public-origin`), and the live stream's headers;
//! - `router.rs`: the router alone, requests handed to it with tower's `oneshot`;
//! - `openapi.rs`: the API's OpenAPI document against the router and the contract.

#[path = "../common/mod.rs"]
mod common;

mod codes;
mod friends;
mod games;
mod openapi;
mod pages;
mod proxy;
mod router;

use std::net::SocketAddr;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use clap::Parser;
use common::{Server, TempDir};
use halma_web::{Options, Pool, Registry, Store};

/// Options every server of these tests gets before its own (a later one wins): a
/// generous game-creation limit (tests start many games from one address), and a short
/// wait for the requests in flight when the test drops the server.
const DEFAULTS: [&str; 4] = ["--games-per-minute", "10000", "--shutdown-grace-ms", "200"];

/// A server of this process with a database of its own and `args`.
pub fn here(args: &[&str]) -> Server {
    let dir = TempDir::new();
    let (addr, running) = serve_here(&dir.sqlite(), args);
    Server::here(addr, Box::new(running), Some(dir))
}

/// A server of this process on the database `url`, with `args`.
pub fn here_on(url: &str, args: &[&str]) -> Server {
    let (addr, running) = serve_here(url, args);
    Server::here(addr, Box::new(running), None)
}

/// A server of this process, running on a thread of its own until dropped.
struct Running {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Serves the app on `url` with `args` on a free port, as `main.rs` does, on a runtime of
/// its own thread: its address, and what keeps it running.
fn serve_here(url: &str, args: &[&str]) -> (String, Running) {
    let command_line = ["halma-web", "--port", "0", "--database", url]
        .into_iter()
        .chain(DEFAULTS)
        .chain(args.iter().copied());
    let options = Options::try_parse_from(command_line).expect("the test's options");
    let (listening, address) = mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async move {
            let store = Store::connect(&options.database_url(), 8)
                .await
                .expect("the database");
            let listener = halma_web::listen(SocketAddr::new(options.bind, options.port))
                .expect("a free port");
            let addr = listener.local_addr().expect("its address").to_string();
            let max_connections = options.max_connections();
            let connections = Registry::new(max_connections);
            let engines = Pool::new(options.engines(2));
            let router = halma_web::app(&options, store.clone(), engines, connections.clone());
            listening
                .send(addr)
                .expect("the test waits for the address");
            let limits = options.connection_limits(max_connections);
            let stopped = async {
                let _ = stopped.await;
            };
            halma_web::serve(listener, router, connections, limits, stopped).await;
            store.close().await;
        });
        // Tasks still running (a live stream's, a game's timers) end with the runtime.
        runtime.shutdown_timeout(Duration::ZERO);
    });
    let addr = address.recv().expect("the server's address");
    let running = Running {
        stop: Some(stop),
        thread: Some(thread),
    };
    (addr, running)
}
