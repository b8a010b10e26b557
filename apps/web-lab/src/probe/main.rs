//! A hostile client's probe of halma-web: each scenario starts the server (a release build,
//! the `halma-web` next to this program unless `--server` names one) on loopback with a
//! database of its own, attacks it from addresses of its own (127.0.0.10 and up) while an
//! honest client on 127.0.0.2 plays, and prints the honest client's figures beside the same
//! client's idle baseline of the same run. Figures, not verdicts: the machine's load moves
//! them.
//!
//! ```text
//! cargo build --release -p halma-web -p halma-web-lab
//! target/release/halma-web-probe long-reads
//! target/release/halma-web-probe engine-flood
//! target/release/halma-web-probe busy-flood
//! target/release/halma-web-probe stale-moves
//! target/release/halma-web-probe db-outage --postgres "$(bash apps/web/ci/postgres.sh)"
//! ```
//!
//! - `long-reads [--plies N]`: reads of a short game alone, then beside 4 clients reading
//!   a game of N plies (6,000 by default; built with the library and written to the
//!   database, as no client can play one that long past `--max-plies`) over and over.
//! - `engine-flood [--flooders N]`: computer moves of a player (level 10, `--engines 2
//!   --think-ms 300`) alone, then while N addresses (150 by default) each loop a level-10
//!   computer move, asking again at once when refused; the player thinks a second between
//!   moves, as a person does. Then a player who first asks during the flood (127.0.0.3)
//!   plays 4 moves the same way.
//! - `busy-flood`: the honest client's reads and moves alone, then while heads of `POST`s
//!   without their bodies hold the connections (`flood.rs`), from 10 addresses and from 160.
//! - `stale-moves`: two tabs of each of 10 games syncing their moves (`tabs.rs`).
//! - `db-outage --postgres URL [--seconds N]`: PostgreSQL silent for N seconds (10) under
//!   writes and reads (`outage.rs`).
//!
//! Options after `--` go to the server, after the scenario's own (a later option wins);
//! `--help` lists the scenarios and their options.
//! Bounded in time: each scenario stops by itself within a minute or two.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use serde_json::{Value, json};

mod flood;
mod hold;
mod outage;
mod records;
mod relay;
mod tabs;

use records::{walked_record, write_record};

/// A hostile client's probe of halma-web: a scenario against a server of its own.
#[derive(Parser)]
#[command(name = "halma-web-probe")]
struct Args {
    /// The server's binary (the `halma-web` beside this program by default).
    #[arg(long, value_name = "PATH")]
    server: Option<PathBuf>,
    #[command(subcommand)]
    scenario: Scenario,
    /// Options for the server, after `--` (a later option wins over the scenario's own).
    #[arg(last = true, value_name = "SERVER-OPTIONS")]
    extra: Vec<String>,
}

/// The scenarios.
#[derive(Subcommand)]
enum Scenario {
    /// Reads of a short game alone, then beside 4 clients reading a long game.
    LongReads {
        /// The long game's plies.
        #[arg(long, default_value_t = 6_000)]
        plies: usize,
    },
    /// A player's computer moves alone, then while many addresses loop level-10 moves.
    EngineFlood {
        /// The flooding addresses.
        #[arg(long, default_value_t = 150, value_parser = clap::value_parser!(u8).range(1..=240))]
        flooders: u8,
    },
    /// Reads and moves alone, then while heads of POSTs without bodies hold connections.
    BusyFlood,
    /// Two tabs of each of 10 games syncing their moves.
    StaleMoves,
    /// PostgreSQL silent for a while under writes and reads.
    DbOutage {
        /// The PostgreSQL database's URL.
        #[arg(long, value_name = "URL")]
        postgres: String,
        /// How long the database is silent.
        #[arg(long, default_value_t = 10)]
        seconds: u64,
    },
}

/// The honest client's address (127.0.0.2); attackers are 127.0.0.10 and up.
const HONEST: u8 = 2;

/// A second honest client's address, one that first asks during a flood.
const LATE: u8 = 3;

/// The server under probe, killed when dropped, with its database directory.
struct Server {
    child: Child,
    addr: SocketAddr,
    dir: PathBuf,
}

impl Server {
    /// Starts `binary` on a free port with a database of its own and `args`.
    fn start(binary: &Path, args: &[&str]) -> Result<Server, String> {
        let mut id = [0u8; 8];
        getrandom::fill(&mut id).map_err(|e| e.to_string())?;
        let name: String = id.iter().map(|b| format!("{b:02x}")).collect();
        let dir = std::env::temp_dir().join(format!("halma-probe-{name}"));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
        let mut child = Command::new(binary)
            .args([
                "--port",
                "0",
                "--database",
                &url,
                "--games-per-minute",
                "100000",
            ])
            .args(args)
            .env("RUST_LOG", "error")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let mut line = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|addr| addr.parse().ok())
            .ok_or_else(|| format!("no address in {line:?}"))?;
        Ok(Server { child, addr, dir })
    }

    fn url(&self) -> String {
        format!("sqlite://{}", self.dir.join("games.sqlite3").display())
    }

    /// `method path` with a JSON `body` from 127.0.0.`source`, on a connection of its own:
    /// the status and the body (`Value::Null` if not JSON), read whole.
    fn request(&self, source: u8, method: &str, path: &str, body: &str) -> (u16, Value) {
        let bytes = self.exchange(source, method, path, body);
        let text = String::from_utf8_lossy(&bytes);
        let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
        let value = text
            .split_once("\r\n\r\n")
            .and_then(|(_, body)| serde_json::from_str(body).ok())
            .unwrap_or(Value::Null);
        (status, value)
    }

    /// The raw answer to `method path` from 127.0.0.`source` (empty if none came).
    fn exchange(&self, source: u8, method: &str, path: &str, body: &str) -> Vec<u8> {
        let Ok(mut stream) = connect_from(source, self.addr) else {
            return Vec::new();
        };
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        let mut answer = Vec::new();
        let _ = stream.write_all(head.as_bytes());
        let _ = stream.read_to_end(&mut answer);
        answer
    }

    /// A new game of `source`'s at `level`; its id.
    fn new_game(&self, source: u8, level: u8) -> Result<String, String> {
        let body = json!({ "level": level }).to_string();
        let (status, state) = self.request(source, "POST", "/api/games", &body);
        state["id"]
            .as_str()
            .filter(|_| status == 201)
            .map(str::to_owned)
            .ok_or_else(|| format!("a new game: {status} {state}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A connection from 127.0.0.`source` to `addr`.
fn connect_from(source: u8, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    let local = SocketAddr::from((Ipv4Addr::new(127, 0, 0, source), 0));
    socket.bind(&local.into())?;
    socket.connect_timeout(&addr.into(), Duration::from_secs(10))?;
    let stream: TcpStream = socket.into();
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    Ok(stream)
}

/// The median of `times`, in milliseconds.
fn median_ms(times: &mut [Duration]) -> f64 {
    times.sort();
    times
        .get(times.len() / 2)
        .map_or(0.0, |t| t.as_secs_f64() * 1e3)
}

/// The `fraction` percentile of `times` (0.99: the p99), in milliseconds.
fn percentile_ms(times: &mut [Duration], fraction: f64) -> f64 {
    times.sort();
    let at = ((times.len() as f64 * fraction).ceil() as usize).saturating_sub(1);
    times.get(at).map_or(0.0, |t| t.as_secs_f64() * 1e3)
}

/// The largest of `times`, in milliseconds.
fn max_ms(times: &[Duration]) -> f64 {
    times.iter().max().map_or(0.0, |t| t.as_secs_f64() * 1e3)
}

/// Reads of a short game, alone and beside 4 clients reading a game of `plies`.
fn long_reads(binary: &Path, plies: usize, extra: &[&str]) -> Result<(), String> {
    let limit = plies.to_string();
    let server = Server::start(binary, &[&["--max-plies", &limit], extra].concat())?;
    let short = server.new_game(HONEST, 5)?;
    let long = server.new_game(HONEST, 5)?;
    let built = Instant::now();
    write_record(&server.url(), &long, &walked_record(plies)?)?;
    println!(
        "long game: {plies} plies built with the library and stored in {:.1} s",
        built.elapsed().as_secs_f64()
    );
    let reads = |id: &str, count: usize| -> Vec<Duration> {
        (0..count)
            .map(|_| {
                let start = Instant::now();
                server.exchange(HONEST, "GET", &format!("/api/games/{id}"), "");
                start.elapsed()
            })
            .collect()
    };
    let mut long_alone = reads(&long, 20);
    let mut idle = reads(&short, 200);
    let stop = AtomicBool::new(false);
    let (mut beside, long_reads) = std::thread::scope(|scope| {
        let readers: Vec<_> = (0..4u8)
            .map(|n| {
                let (server, stop, path) = (&server, &stop, format!("/api/games/{long}"));
                scope.spawn(move || {
                    let mut count = 0usize;
                    while !stop.load(Ordering::Relaxed) {
                        server.exchange(10 + n, "GET", &path, "");
                        count += 1;
                    }
                    count
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(500));
        let start = Instant::now();
        let beside = reads(&short, 200);
        let took = start.elapsed();
        stop.store(true, Ordering::Relaxed);
        let count: usize = readers.into_iter().map(|r| r.join().unwrap_or(0)).sum();
        (beside, count as f64 / took.as_secs_f64())
    });
    let (idle_ms, beside_ms) = (median_ms(&mut idle), median_ms(&mut beside));
    println!(
        "figure: a {plies}-ply game read alone: median {:.2} ms",
        median_ms(&mut long_alone)
    );
    println!(
        "figure: reads of a short game beside 4 clients reading a {plies}-ply one ({long_reads:.0} reads/s): median {beside_ms:.2} ms against {idle_ms:.2} ms idle ({:.1} times)",
        beside_ms / idle_ms
    );
    Ok(())
}

/// The honest player's computer move in `game` (the computer's turn), then its move taken
/// back and played again: how long the computer's move took, and its status.
fn honest_turn(server: &Server, source: u8, game: &str) -> (Duration, u16) {
    let start = Instant::now();
    let (status, answer) =
        server.request(source, "POST", &format!("/api/games/{game}/computer"), "");
    let took = start.elapsed();
    if source < 10 && status != 200 {
        println!("a player's computer move: {status} {}", answer["code"]);
    }
    server.request(source, "POST", &format!("/api/games/{game}/undo"), "");
    let mv = json!({ "move": "l2-k3" }).to_string();
    server.request(source, "POST", &format!("/api/games/{game}/move"), &mv);
    (took, status)
}

/// A game of `source`'s at level 10, the computer's turn.
fn computer_to_move(server: &Server, source: u8) -> Result<String, String> {
    let id = server.new_game(source, 10)?;
    let mv = json!({ "move": "l2-k3" }).to_string();
    server.request(source, "POST", &format!("/api/games/{id}/move"), &mv);
    Ok(id)
}

/// A player's computer moves alone, then beside `flooders` addresses looping them.
fn engine_flood(binary: &Path, flooders: u8, extra: &[&str]) -> Result<(), String> {
    let args = [&["--engines", "2", "--think-ms", "300"], extra].concat();
    let server = Server::start(binary, &args)?;
    let player = computer_to_move(&server, HONEST)?;
    let late = computer_to_move(&server, LATE)?;
    let (mut idle, _): (Vec<Duration>, Vec<u16>) = (0..5)
        .map(|_| honest_turn(&server, HONEST, &player))
        .unzip();
    let games = (0..flooders)
        .map(|n| Ok((10 + n, computer_to_move(&server, 10 + n)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let stop = AtomicBool::new(false);
    let (served, refused) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let (mut during, late_during) = std::thread::scope(|scope| {
        for (source, game) in &games {
            let (server, stop, served, refused) = (&server, &stop, &served, &refused);
            scope.spawn(move || {
                let deadline = Instant::now() + Duration::from_secs(120);
                while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
                    match honest_turn(server, *source, game).1 {
                        200 => served.fetch_add(1, Ordering::Relaxed),
                        _ => refused.fetch_add(1, Ordering::Relaxed),
                    };
                }
            });
        }
        std::thread::sleep(Duration::from_secs(5));
        let turns = |source: u8, game: &str, count: usize| -> Vec<(Duration, u16)> {
            (0..count)
                .map(|_| {
                    std::thread::sleep(Duration::from_secs(1));
                    honest_turn(&server, source, game)
                })
                .collect()
        };
        let during = turns(HONEST, &player, 8);
        let late_during = turns(LATE, &late, 4);
        stop.store(true, Ordering::Relaxed);
        (during, late_during)
    });
    let late_answered = late_during
        .iter()
        .filter(|(_, status)| *status == 200)
        .count();
    let answered = during.iter().filter(|(_, status)| *status == 200).count();
    let mut times: Vec<Duration> = during.drain(..).map(|(took, _)| took).collect();
    let (idle_ms, during_ms) = (median_ms(&mut idle), median_ms(&mut times));
    println!(
        "figure: engine flood from {flooders} addresses: the player's computer moves {answered} of 8 answered, median {during_ms:.0} ms (max {:.0} ms) against {idle_ms:.0} ms idle ({:.1} times); the flooders' {} served, {} refused",
        max_ms(&times),
        during_ms / idle_ms,
        served.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed)
    );
    println!(
        "figure: a player first asking during the flood: {late_answered} of 4 computer moves answered"
    );
    Ok(())
}

/// `halma-web` beside this program.
fn default_server() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("halma-web")))
        .unwrap_or_else(|| PathBuf::from("halma-web"))
}

fn run(args: Args) -> Result<(), String> {
    let server = args.server.unwrap_or_else(default_server);
    let extra: Vec<&str> = args.extra.iter().map(String::as_str).collect();
    match args.scenario {
        Scenario::LongReads { plies } => long_reads(&server, plies, &extra),
        Scenario::EngineFlood { flooders } => engine_flood(&server, flooders, &extra),
        Scenario::BusyFlood => flood::busy_flood(&server, &extra),
        Scenario::StaleMoves => tabs::stale_moves(&server, &extra),
        Scenario::DbOutage { postgres, seconds } => {
            outage::db_outage(&server, &postgres, seconds, &extra)
        }
    }
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
