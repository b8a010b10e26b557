//! A load benchmark for halma-web: many clients, each on one keep-alive connection, loop
//! one kind of request for a while; prints requests per second and the latency
//! percentiles.
//!
//! ```text
//! halma-web --port 8080 --games-per-minute 100000 &
//! halma-web-load --addr 127.0.0.1:8080 --kind state --clients 50 --seconds 10
//! halma-web-load --addr 127.0.0.1:8080 --kind move --clients 50 --seconds 10
//! halma-web-load --addr 127.0.0.1:8080 --kind computer --level 5 --clients 4 --seconds 20
//! halma-web-load --addr 127.0.0.1:8080 --kind browser --clients 50 --seconds 10
//! halma-web-load --addr 127.0.0.1:8080,127.0.0.1:8081 --kind move --clients 50 --seconds 10
//! ```
//!
//! With several addresses (servers sharing one database), the clients are spread over them
//! in turn. With `--sources N` (1 to 250), client number i connects from 127.0.1.(1 + i mod
//! N), so that the server sees N clients, not one.
//!
//! - `state`: `GET /api/games/{id}` on a game of the client's own.
//! - `move`: `POST .../move` (the first legal move listed), then `POST .../undo` (not
//!   timed).
//! - `computer`: a move, then `POST .../computer` (timed), then an undo of both.
//! - `browser`: a turn as the page plays it with the engine in the browser: a move, then
//!   `POST .../computer` with the computer's reply in the body (the first legal move: the
//!   server checks it as any), both timed as one, then an undo of both (not timed).
//!
//! Loopback only, bounded in time: it stops by itself.

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// One keep-alive connection to the server.
struct Connection {
    stream: TcpStream,
    host: String,
    buffer: Vec<u8>,
}

impl Connection {
    /// A connection to `addr`, from `source` if given (else from where the system says).
    async fn open(addr: &str, source: Option<Ipv4Addr>) -> std::io::Result<Connection> {
        let stream = match source {
            None => TcpStream::connect(addr).await?,
            Some(source) => {
                let socket = TcpSocket::new_v4()?;
                socket.bind(SocketAddr::from((source, 0)))?;
                let to = tokio::net::lookup_host(addr)
                    .await?
                    .find(SocketAddr::is_ipv4);
                socket
                    .connect(to.ok_or_else(|| std::io::Error::other("no IPv4 address"))?)
                    .await?
            }
        };
        stream.set_nodelay(true)?;
        Ok(Connection {
            stream,
            host: addr.to_owned(),
            buffer: Vec::new(),
        })
    }

    /// One request; the status and the body as JSON.
    async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: &str,
    ) -> std::io::Result<(u16, Value)> {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        );
        self.stream.write_all(head.as_bytes()).await?;
        let (status, length, start) = loop {
            if let Some(end) = self.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                let text = String::from_utf8_lossy(&self.buffer[..end]).to_ascii_lowercase();
                let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
                let length = text
                    .lines()
                    .find_map(|line| line.strip_prefix("content-length:"))
                    .and_then(|value| value.trim().parse::<usize>().ok())
                    .unwrap_or(0);
                break (status, length, end + 4);
            }
            self.fill().await?;
        };
        while self.buffer.len() < start + length {
            self.fill().await?;
        }
        let body: Vec<u8> = self.buffer.drain(..start + length).skip(start).collect();
        Ok((status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
    }

    async fn fill(&mut self) -> std::io::Result<()> {
        let mut chunk = [0u8; 16 * 1024];
        let n = self.stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        self.buffer.extend_from_slice(&chunk[..n]);
        Ok(())
    }
}

/// A load benchmark for halma-web: many clients loop one kind of request for a while.
#[derive(Parser)]
#[command(name = "halma-web-load")]
struct Settings {
    /// The servers' addresses (the clients are spread over them in turn).
    #[arg(
        long,
        value_name = "HOST:PORT,...",
        required = true,
        value_delimiter = ','
    )]
    addr: Vec<String>,
    /// The request each client loops.
    #[arg(long, value_enum, default_value_t = Kind::State)]
    kind: Kind,
    /// The clients, each on one keep-alive connection.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u16).range(1..=1000))]
    clients: u16,
    /// How long they loop.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    seconds: u64,
    /// The computer's level for `computer`.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// Loopback source addresses the clients are spread over (by default the system's).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=250))]
    sources: Option<u8>,
}

/// What each client loops (the module's documentation says each).
#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Kind {
    State,
    Move,
    Computer,
    Browser,
}

/// What one client measured: latencies of its timed requests, and its failures.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: u64,
}

/// The first legal move the state lists, `from-to`.
fn first_move(state: &Value) -> Option<String> {
    let (from, to) = state["destinations"].as_object()?.iter().next()?;
    Some(format!("{from}-{}", to.get(0)?.as_str()?))
}

/// The first legal move in the state's position, for whichever side is to move.
fn first_legal(state: &Value) -> Option<String> {
    let position: halma::Position = state["position"].as_str()?.parse().ok()?;
    position
        .legal_moves()
        .iter()
        .next()
        .map(ToString::to_string)
}

async fn client(
    settings: &Settings,
    addr: &str,
    source: Option<Ipv4Addr>,
    deadline: Instant,
) -> std::io::Result<Tally> {
    let mut connection = Connection::open(addr, source).await?;
    let body = format!("{{\"level\": {}}}", settings.level);
    let (status, state) = connection.request("POST", "/api/games", &body).await?;
    if status != 201 {
        eprintln!(
            "could not start a game ({status}): {state}; start the server with --games-per-minute 100000"
        );
        return Ok(Tally {
            errors: 1,
            ..Tally::default()
        });
    }
    let game = format!("/api/games/{}", state["id"].as_str().unwrap_or_default());
    let mv = format!(
        "{{\"move\": \"{}\"}}",
        first_move(&state).unwrap_or_default()
    );
    let mut tally = Tally::default();
    let moved = format!("{game}/move");
    let computer = format!("{game}/computer");
    while Instant::now() < deadline {
        if settings.kind == Kind::Computer {
            connection.request("POST", &moved, &mv).await?;
        }
        let start = Instant::now();
        let (status, _) = match settings.kind {
            Kind::State => connection.request("GET", &game, "").await?,
            Kind::Move => connection.request("POST", &moved, &mv).await?,
            Kind::Computer => connection.request("POST", &computer, "").await?,
            Kind::Browser => {
                let (_, played) = connection.request("POST", &moved, &mv).await?;
                let reply = first_legal(&played["state"]).unwrap_or_default();
                let body = format!("{{\"move\": \"{reply}\"}}");
                connection.request("POST", &computer, &body).await?
            }
        };
        if (200..300).contains(&status) {
            tally.latencies.push(start.elapsed());
        } else {
            tally.errors += 1;
        }
        if settings.kind != Kind::State {
            connection
                .request("POST", &format!("{game}/undo"), "")
                .await?;
        }
    }
    Ok(tally)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() -> ExitCode {
    let settings = std::sync::Arc::new(Settings::parse());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(settings.seconds);
    let tasks: Vec<_> = (0..usize::from(settings.clients))
        .map(|n| {
            let settings = std::sync::Arc::clone(&settings);
            tokio::spawn(async move {
                let addr = &settings.addr[n % settings.addr.len()];
                let source = settings.sources.map(|sources| {
                    let last = 1 + n % usize::from(sources);
                    Ipv4Addr::new(127, 0, 1, u8::try_from(last).unwrap_or(1))
                });
                client(&settings, addr, source, deadline).await
            })
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = 0;
    for task in tasks {
        match task.await {
            Ok(Ok(tally)) => {
                latencies.extend(tally.latencies);
                errors += tally.errors;
            }
            Ok(Err(error)) => {
                eprintln!("a client failed: {error}");
                errors += 1;
            }
            Err(error) => eprintln!("a client panicked: {error}"),
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    let kind = match settings.kind {
        Kind::State => "state",
        Kind::Move => "move",
        Kind::Computer => "computer",
        Kind::Browser => "browser",
    };
    println!(
        "{kind}: {} clients, {:.1} s: {} ok ({:.0}/s), {errors} failed; p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        settings.clients,
        elapsed,
        latencies.len(),
        latencies.len() as f64 / elapsed,
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    if latencies.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
