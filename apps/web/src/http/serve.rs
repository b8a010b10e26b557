//! The connection layer: the accept loop and the connections, under the router
//! (`http/mod.rs`). axum's own `axum::serve` cannot do this job, which is why it is here:
//!
//! - hyper's HTTP/1.1 with limits `serve` does not expose: header size and lines, the time
//!   to send a head (which is also the idle time between requests), buffer sizes;
//! - a bound on open connections overall that closes idle ones, oldest first, to admit new
//!   ones, and else the ones waiting longest for a request's body (`connections.rs`), which
//!   needs each connection's state, busy from a request's head to the end of its answer;
//!   and a bound per client, decided before a byte is read;
//! - sockets that cannot make the kernel hold answers nobody reads (`socket.rs`);
//! - an accept loop that waits out a lack of descriptors instead of ending;
//! - a graceful shutdown that lets the requests in flight finish, within a grace time.
//!
//! Admission (who gets a connection, and which is closed for whom) is decided here, per
//! connection; what a request may do is decided by the router's checks. Each request's
//! extensions get its connection's peer address (`ConnectInfo`), from which the router's
//! `client_address` check finds the client.

pub mod connections;
pub mod socket;

use std::future::Future;
use std::io::ErrorKind;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Bytes, HttpBody};
use axum::extract::ConnectInfo;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::clients::{Cidr, Client, Connections, within};
use crate::metrics::{METRICS, Refusal};
use connections::{Busy, Registry, Stalling};
use socket::Socket;

/// A request head (request line and headers) larger than this is answered 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// Header lines in one request at most (431 past it).
const MAX_HEADERS: usize = 64;
/// What hyper buffers for one connection at most, reading (a head, pipelined requests)
/// and writing (answers not yet sent).
const MAX_BUFFER: usize = 64 * 1024;
/// The wait after an accept failed for want of descriptors or memory, before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// What bounds the connections.
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    /// Open connections per client at most (not for trusted proxies).
    pub per_client: usize,
    /// Time to send a request head, and to idle between requests.
    pub header_timeout: Duration,
    /// Longest wait for a client to read what it was sent.
    pub send_timeout: Duration,
    /// The kernel send buffer asked for each connection (`socket::send_buffer`).
    pub send_buffer: usize,
    /// Longest wait for the requests in flight on shutdown.
    pub shutdown_grace: Duration,
    /// Proxies, which carry many clients: not bound per client.
    pub proxies: Vec<Cidr>,
}

/// The answer to a connection over the limits, written once without waiting, then closed.
const OVER_LIMIT: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 74\r\n\r\n{\"error\": \"too many connections are open; try again in a moment, please\"}\n";

/// Serves `router` on `listener`, its connections counted in `registry`, until `shutdown`
/// completes, then waits (at most the grace time) for the requests in flight.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    registry: Arc<Registry>,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let per_client = Connections::new(limits.per_client);
    let proxies: Arc<[Cidr]> = limits.proxies.clone().into();
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_header_size(MAX_HEADER_BYTES)
        .max_headers(MAX_HEADERS)
        .max_buf_size(MAX_BUFFER)
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
        // A trusted proxy carries many clients: only the overall cap applies to it.
        let slot = if within(&proxies, peer.ip()) {
            None
        } else {
            match per_client.open(Client::of(peer.ip())) {
                Some(slot) => Some(slot),
                None => {
                    refuse(stream, Refusal::ClientConnections);
                    continue;
                }
            }
        };
        let Some((tracked, evicted)) = registry.admit() else {
            refuse(stream, Refusal::Connections);
            continue;
        };
        METRICS.accepted();
        let socket = Socket::new(stream, limits.send_timeout, limits.send_buffer);
        let tracked = Arc::new(tracked);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            let busy = tracked.busy();
            request.extensions_mut().insert(ConnectInfo(peer));
            request
                .extensions_mut()
                .insert(Stalling(Arc::clone(&tracked)));
            let answer = router.clone().oneshot(request.map(axum::body::Body::new));
            async move {
                let response = answer.await?;
                Ok::<_, std::convert::Infallible>(
                    response.map(|body| BusyBody { body, _busy: busy }),
                )
            }
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(socket), service));
        tokio::spawn(async move {
            tokio::pin!(connection);
            tokio::select! {
                result = &mut connection => {
                    if let Err(error) = result {
                        tracing::debug!("connection ended: {error}");
                    }
                }
                // Closed for a newcomer: idle, so nothing is lost but the connection.
                Ok(()) = evicted => METRICS.evicted(),
            }
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

/// A listening socket on `address` with a backlog long enough for bursts.
pub fn listen(address: std::net::SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if address.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(1024)
}

/// An answer's body, which keeps its connection busy until hyper is done with it.
struct BusyBody {
    body: axum::body::Body,
    /// Held, not read: dropped with the body.
    _busy: Busy,
}

impl HttpBody for BusyBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Answers 503 on a connection over the limits, if the socket takes it at once, and closes.
fn refuse(stream: TcpStream, reason: Refusal) {
    METRICS.refused(reason, "a connection over the limits");
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
