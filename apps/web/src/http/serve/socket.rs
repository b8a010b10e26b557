//! A connection's socket, so that a client that does not read cannot make the kernel hold
//! memory for it: the send buffer is bounded, each connection's a share of a total for all
//! of them at the connection cap ([`send_buffer`]), so that clients reading slowly but
//! steadily, which no timeout ends, hold that total at most; a write that waits longer than the send
//! timeout ends the connection, and a connection that ends with answers unsent is reset,
//! which frees its buffers at once, instead of closed gracefully, which
//! leaves the kernel an orphaned socket that keeps its unsent data for minutes. The kernel's
//! `TCP_USER_TIMEOUT` bounds the rest: data left unacknowledged (or a zero window) that long
//! ends the connection, orphaned or not.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use socket2::SockRef;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

use crate::metrics::METRICS;

/// The kernel send buffer asked for at most (the kernel doubles what is asked, for its
/// bookkeeping): room for several answers, and at 100 ms of round trip still about a
/// megabyte a second.
const MAX_SEND_BUFFER: usize = 64 * 1024;

/// The kernel send buffer asked for at least: a few packets, and at 100 ms of round trip
/// still about 160 KB a second.
const MIN_SEND_BUFFER: usize = 8 * 1024;

/// The send buffer to ask for each of `connections` so that together, as the kernel counts
/// them (twice what is asked), they hold `total` bytes at most; between [`MIN_SEND_BUFFER`]
/// and [`MAX_SEND_BUFFER`] (so past `total` only when it leaves a connection less than the
/// least).
pub fn send_buffer(total: usize, connections: usize) -> usize {
    (total / connections.max(1) / 2).clamp(MIN_SEND_BUFFER, MAX_SEND_BUFFER)
}

/// A TCP connection with bounded kernel buffers and a bound on stalled writes.
pub struct Socket {
    stream: TcpStream,
    send_timeout: Duration,
    /// Running while a write waits for the client to read.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Socket {
    /// `stream`, its kernel send buffer (`send_buffer` bytes asked) and timeouts set.
    pub fn new(stream: TcpStream, send_timeout: Duration, send_buffer: usize) -> Socket {
        let _ = stream.set_nodelay(true);
        let socket = SockRef::from(&stream);
        let _ = socket.set_send_buffer_size(send_buffer);
        let _ = socket.set_tcp_user_timeout(Some(send_timeout));
        Socket {
            stream,
            send_timeout,
            stalled: None,
        }
    }

    /// `poll` of a write: a write that stays pending past the send timeout fails.
    fn bounded<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timeout = self.send_timeout;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client left its answers unread",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        // A stalled write means the kernel's send buffer is full: answers unsent.
        if self.stalled.is_some() {
            METRICS.cut();
            let _ = SockRef::from(&self.stream).set_linger(Some(Duration::ZERO));
        }
    }
}

impl AsyncRead for Socket {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Socket {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.bounded(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.bounded(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_flush(cx);
        this.bounded(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_send_buffers_together_stay_within_their_total() {
        let total = 512 << 20;
        // At the cap of a descriptor limit of 20,000 (the default cap), of 1,000, of 200.
        for connections in [19_936, 1_000, 200, 1] {
            let each = send_buffer(total, connections);
            assert!((MIN_SEND_BUFFER..=MAX_SEND_BUFFER).contains(&each));
            assert!(2 * each * connections <= total, "{connections} x {each}");
        }
        assert_eq!(send_buffer(total, 19_936), 13_464);
        assert_eq!(send_buffer(total, 1_000), MAX_SEND_BUFFER);
        // A total too small for the cap: each gets the least.
        assert_eq!(send_buffer(1 << 20, 1_000), MIN_SEND_BUFFER);
    }

    #[tokio::test]
    async fn an_accepted_socket_gets_the_send_buffer_asked() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let _client = TcpStream::connect(addr).await.unwrap();
        let (stream, _) = listener.accept().await.unwrap();
        let asked = send_buffer(512 << 20, 19_936);
        let socket = Socket::new(stream, Duration::from_secs(1), asked);
        // Linux doubles what is asked, and counts that.
        let size = SockRef::from(&socket.stream).send_buffer_size().unwrap();
        assert!(
            (asked..=2 * asked).contains(&size),
            "asked {asked}, the kernel says {size}"
        );
    }
}
