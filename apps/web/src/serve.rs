//! The accept loop and the connections: hyper's HTTP/1.1 with limits on header size and
//! header time (which is also the idle time between requests), a bound on open connections
//! overall and per client, an accept loop that waits out a lack of descriptors instead of
//! ending, and a graceful shutdown that lets the requests in flight finish.

use std::future::Future;
use std::io::ErrorKind;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::clients::{Client, Connections};

/// A request head (request line and headers) larger than this is answered 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// Header lines in one request at most (431 past it).
const MAX_HEADERS: usize = 64;
/// The wait after an accept failed for want of descriptors or memory, before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// What bounds the connections.
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    /// Open connections at most.
    pub max_connections: usize,
    /// Open connections per client at most.
    pub per_client: usize,
    /// Time to send a request head, and to idle between requests.
    pub header_timeout: Duration,
    /// Longest wait for the requests in flight on shutdown.
    pub shutdown_grace: Duration,
}

/// The answer to a connection over the limits, written once without waiting, then closed.
const OVER_LIMIT: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 74\r\n\r\n{\"error\": \"too many connections are open; try again in a moment, please\"}\n";

/// Serves `router` on `listener` until `shutdown` completes, then waits (at most the grace
/// time) for the requests in flight.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let per_client = Connections::new(limits.per_client);
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_header_size(MAX_HEADER_BYTES)
        .max_headers(MAX_HEADERS)
        .keep_alive(true);
    let mut last_complaint: Option<Instant> = None;
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of descriptors (EMFILE, ENFILE) or memory: the pending connections stay
                // in the backlog; wait for some to close and go on. Others (a connection reset
                // before it was accepted) concern one connection only.
                let resources = matches!(error.raw_os_error(), Some(23 | 24 | 12 | 105))
                    || error.kind() == ErrorKind::OutOfMemory;
                if last_complaint.is_none_or(|at| at.elapsed() > Duration::from_secs(1)) {
                    tracing::warn!("accepting a connection failed: {error}");
                    last_complaint = Some(Instant::now());
                }
                if resources {
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                }
                continue;
            }
        };
        let client = Client::of(peer.ip());
        let (Ok(permit), Some(slot)) = (
            Arc::clone(&open).try_acquire_owned(),
            per_client.open(client),
        ) else {
            refuse(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(client);
            router.clone().oneshot(request.map(axum::body::Body::new))
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!("connection ended: {error}");
            }
            drop(permit);
            drop(slot);
        });
    }
    drop(listener);
    tracing::info!("shutting down: no new connections; waiting for the requests in flight");
    if tokio::time::timeout(limits.shutdown_grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still in flight after the grace time are dropped");
    }
}

/// Answers 503 on a connection over the limits, if the socket takes it at once, and closes.
fn refuse(stream: TcpStream) {
    let _ = stream.try_write(OVER_LIMIT);
}

/// The default bound on open connections: the process's descriptor limit (soft), less 64
/// for the database, the listener and the rest.
pub fn default_max_connections() -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|limits| {
            limits
                .lines()
                .find(|line| line.starts_with("Max open files"))
                .and_then(|line| line.split_whitespace().nth(3))
                .and_then(|soft| soft.parse::<usize>().ok())
        })
        .unwrap_or(1024);
    soft.saturating_sub(64).max(16)
}
