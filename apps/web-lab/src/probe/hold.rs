//! A flooder's loop, for the probe's floods and the tests': connections held open and
//! opened again as soon as the server closes or answers one.

use std::io::{ErrorKind, Read};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Holds `count` nonblocking connections made by `open` (skipped while it fails), and opens
/// a new one (counted in `reopened`) as soon as the server closes or answers one, until
/// `stop` is set or `longest` has passed.
pub fn hold(
    count: usize,
    open: impl Fn() -> Option<TcpStream>,
    stop: &AtomicBool,
    reopened: &AtomicUsize,
    longest: Duration,
) {
    let mut held: Vec<Option<TcpStream>> = (0..count).map(|_| open()).collect();
    let deadline = Instant::now() + longest;
    while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
        for stream in &mut held {
            let mut byte = [0u8; 1];
            match stream.as_mut().map(|stream| stream.read(&mut byte)) {
                Some(Err(error)) if error.kind() == ErrorKind::WouldBlock => {}
                _ => {
                    *stream = open();
                    reopened.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}
