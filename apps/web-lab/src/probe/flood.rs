//! `busy-flood`: heads of `POST`s sent without their bodies, the connections held open and
//! opened again as soon as the server closes one, from few addresses and from many, at
//! `--max-connections 200`, while an honest client reads its game and moves in it.

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::hold::hold;
use crate::{HONEST, Server, connect_from, median_ms, percentile_ms};

/// The floods: addresses, and connections each (about 300 in all, for 200 places).
const FLOODS: [(u8, usize); 2] = [(10, 30), (160, 2)];

/// The honest requests made during each flood.
const HONEST_REQUESTS: usize = 200;

/// Each flood in turn on a server of its own: the honest client's requests served, and
/// their times against the same client's alone.
pub fn busy_flood(binary: &Path, extra: &[&str]) -> Result<(), String> {
    for (addresses, each) in FLOODS {
        let args = [
            "--max-connections",
            "200",
            "--connections-per-client",
            "64",
            "--no-engine",
        ];
        let server = Server::start(binary, &[&args[..], extra].concat())?;
        let id = server.new_game(HONEST, 5)?;
        let (_, mut idle) = honest_requests(&server, &id, 100);
        let stalled = format!(
            "POST /api/games/{id}/move HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
            server.addr
        );
        let stop = AtomicBool::new(false);
        let reopened = AtomicUsize::new(0);
        let (served, mut during) = std::thread::scope(|scope| {
            for n in 0..addresses {
                let (addr, stop, reopened, stalled) = (server.addr, &stop, &reopened, &stalled);
                scope.spawn(move || {
                    let open = || stalled_head(10 + n, addr, stalled);
                    hold(each, open, stop, reopened, Duration::from_secs(120));
                });
            }
            std::thread::sleep(Duration::from_secs(2));
            let during = honest_requests(&server, &id, HONEST_REQUESTS);
            stop.store(true, Ordering::Relaxed);
            during
        });
        println!(
            "figure: heads without bodies from {addresses} addresses x {each} at --max-connections 200: {served} of {HONEST_REQUESTS} honest requests served ({:.0}%), median {:.2} ms and p99 {:.2} ms against {:.2} and {:.2} ms idle ({:.1} and {:.1} times); the flooders reopened {} connections",
            served as f64 * 100.0 / HONEST_REQUESTS as f64,
            median_ms(&mut during),
            percentile_ms(&mut during, 0.99),
            median_ms(&mut idle),
            percentile_ms(&mut idle, 0.99),
            median_ms(&mut during) / median_ms(&mut idle),
            percentile_ms(&mut during, 0.99) / percentile_ms(&mut idle, 0.99),
            reopened.load(Ordering::Relaxed)
        );
    }
    Ok(())
}

/// A connection from 127.0.0.`source` that sent `head` and nothing more, nonblocking.
fn stalled_head(source: u8, addr: SocketAddr, head: &str) -> Option<std::net::TcpStream> {
    let mut stream = connect_from(source, addr).ok()?;
    stream.write_all(head.as_bytes()).ok()?;
    stream.set_nonblocking(true).ok()?;
    Some(stream)
}

/// `count` requests of the honest client, one after another, each on a connection of its
/// own: reads of the game `id` and moves in it by turns (the move made for ply 0, so that
/// every one after the first is answered as the first was). How many were answered `200`,
/// and how long each took (served or not).
fn honest_requests(server: &Server, id: &str, count: usize) -> (usize, Vec<Duration>) {
    let state = format!("/api/games/{id}");
    let play = format!("/api/games/{id}/move");
    let mv = json!({ "move": "l2-k3", "ply": 0 }).to_string();
    let mut served = 0;
    let times = (0..count)
        .map(|n| {
            let start = Instant::now();
            let (status, _) = if n % 2 == 0 {
                server.request(HONEST, "GET", &state, "")
            } else {
                server.request(HONEST, "POST", &play, &mv)
            };
            served += usize::from(status == 200);
            start.elapsed()
        })
        .collect();
    (served, times)
}
