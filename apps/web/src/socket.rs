//! A connection's socket, so that a client that does not read cannot make the kernel hold
//! memory for it: the send buffer is bounded, a write that waits longer than the send
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

/// The kernel send buffer asked for (the kernel doubles it for its bookkeeping): room for
/// several answers, and at 100 ms of round trip still about a megabyte a second.
const SEND_BUFFER: usize = 64 * 1024;

/// A TCP connection with bounded kernel buffers and a bound on stalled writes.
pub struct Socket {
    stream: TcpStream,
    send_timeout: Duration,
    /// Running while a write waits for the client to read.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Socket {
    /// `stream`, its kernel buffers and timeouts set.
    pub fn new(stream: TcpStream, send_timeout: Duration) -> Socket {
        let _ = stream.set_nodelay(true);
        let socket = SockRef::from(&stream);
        let _ = socket.set_send_buffer_size(SEND_BUFFER);
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
