//! `db-outage --postgres URL`: the server on PostgreSQL (a schema of its own, dropped
//! after) through a relay the probe cuts for `--seconds` (10): the connections it carries
//! closed and new ones held silent, a database that stopped answering. Meanwhile 4 writers
//! play their games (every move with its ply, retried as it was until answered) and an
//! honest client reads its game every 50 ms: how fast requests are answered during the
//! outage, when the server serves again after it, and whether every move acknowledged is
//! kept. The cluster itself is never stopped: others may be using it.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use halma::Game;
use serde_json::json;

use crate::records::going_move;
use crate::relay::Relay;
use crate::{HONEST, Server, max_ms, median_ms};

/// The writers' addresses: 127.0.0.10 and on.
const WRITERS: u8 = 4;

/// A writer starts a new game past this many plies (under the server's bound).
const PLIES_PER_GAME: usize = 200;

/// A honest read: when it was made (since the start), how long it took, its status.
type Read = (Duration, Duration, u16);

/// The outage and its figures.
pub fn db_outage(binary: &Path, url: &str, seconds: u64, extra: &[&str]) -> Result<(), String> {
    let schema = Schema::create(url)?;
    let result = outage(binary, &schema.url, seconds, extra);
    schema.drop_it();
    result
}

/// The probe's own schema in the database at `url`.
struct Schema {
    base: String,
    name: String,
    url: String,
}

impl Schema {
    fn create(base: &str) -> Result<Schema, String> {
        let mut id = [0u8; 6];
        getrandom::fill(&mut id).map_err(|e| e.to_string())?;
        let name: String = std::iter::once("probe_".to_owned())
            .chain(id.iter().map(|b| format!("{b:02x}")))
            .collect();
        execute(base, &format!("CREATE SCHEMA {name}"))?;
        let joiner = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{joiner}options=-c%20search_path%3D{name}");
        Ok(Schema {
            base: base.to_owned(),
            name,
            url,
        })
    }

    fn drop_it(&self) {
        if let Err(error) = execute(&self.base, &format!("DROP SCHEMA {} CASCADE", self.name)) {
            eprintln!("schema {} left in the database: {error}", self.name);
        }
    }
}

/// Runs `sql` on the database at `url`.
fn execute(url: &str, sql: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime
        .block_on(async {
            sqlx::any::install_default_drivers();
            let mut connection = <sqlx::AnyConnection as sqlx::Connection>::connect(url).await?;
            sqlx::query(sql).execute(&mut connection).await
        })
        .map(drop)
        .map_err(|e| e.to_string())
}

fn outage(binary: &Path, url: &str, seconds: u64, extra: &[&str]) -> Result<(), String> {
    // postgres://USER:PASSWORD@HOST:PORT/DB...: the server reaches it through the relay.
    let (head, rest) = url.split_once('@').ok_or("no user@host in the URL")?;
    let (target, tail) = rest.split_once('/').ok_or("no database in the URL")?;
    let relay = Relay::to(target.to_owned()).map_err(|e| e.to_string())?;
    let relayed = format!("{head}@127.0.0.1:{}/{tail}", relay.port);
    let args = [&["--database", &relayed, "--no-engine"][..], extra].concat();
    let server = Server::start(binary, &args)?;
    let id = server.new_game(HONEST, 5)?;
    let stop = AtomicBool::new(false);
    let acknowledged = AtomicUsize::new(0);
    let start = Instant::now();
    let outage = Duration::from_secs(seconds);
    let (cut_at, restored_at) = (Duration::from_secs(3), Duration::from_secs(3) + outage);
    let (reads, health, writers) = std::thread::scope(|scope| {
        let writers: Vec<_> = (0..WRITERS)
            .map(|n| {
                let (server, stop, acknowledged) = (&server, &stop, &acknowledged);
                scope.spawn(move || write(server, 10 + n, stop, acknowledged))
            })
            .collect();
        let reader = scope.spawn(|| {
            let mut reads: Vec<Read> = Vec::new();
            let end = restored_at + Duration::from_secs(30);
            while start.elapsed() < end {
                let at = start.elapsed();
                let (status, _) = server.request(HONEST, "GET", &format!("/api/games/{id}"), "");
                reads.push((at, start.elapsed() - at, status));
                if at > restored_at + Duration::from_secs(3) && status == 200 {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            reads
        });
        std::thread::sleep(cut_at);
        relay.cut();
        std::thread::sleep(outage / 2);
        let asked = Instant::now();
        let (health, _) = server.request(HONEST, "GET", "/healthz", "");
        let health = (health, asked.elapsed());
        std::thread::sleep(restored_at.saturating_sub(start.elapsed()));
        relay.restore();
        let reads = reader.join().unwrap_or_default();
        stop.store(true, Ordering::Relaxed);
        let writers: Vec<Vec<(String, Game)>> = writers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect();
        (reads, health, writers)
    });
    let during: Vec<&Read> = reads
        .iter()
        .filter(|(at, _, _)| *at >= cut_at && *at < restored_at)
        .collect();
    let refused = during
        .iter()
        .filter(|(_, _, status)| *status == 503)
        .count();
    let mut times: Vec<Duration> = during.iter().map(|(_, took, _)| *took).collect();
    let back = reads
        .iter()
        .find(|(at, _, status)| *at >= restored_at && *status == 200)
        .map(|(at, took, _)| (*at + *took - restored_at).as_secs_f64());
    let mut lost = 0;
    let mut games = 0;
    for (game_id, game) in writers.iter().flatten() {
        games += 1;
        let (_, state) = server.request(HONEST, "GET", &format!("/api/games/{game_id}"), "");
        let stored = state["moves"].as_array().cloned().unwrap_or_default();
        lost += game
            .moves()
            .iter()
            .enumerate()
            .filter(|(ply, mv)| stored.get(*ply).and_then(|s| s.as_str()) != Some(&mv.to_string()))
            .count();
    }
    println!(
        "figure: PostgreSQL silent for {seconds} s: the honest client's {} reads meanwhile {refused} answered 503, median {:.1} ms (max {:.1} ms); /healthz {} in {:.1} ms; served again {} after; {} moves acknowledged to 4 writers in {games} games, {lost} of them lost",
        during.len(),
        median_ms(&mut times),
        max_ms(&times),
        health.0,
        health.1.as_secs_f64() * 1e3,
        back.map_or("never (within 30 s)".to_owned(), |s| format!("{s:.1} s")),
        acknowledged.load(Ordering::Relaxed),
    );
    Ok(())
}

/// A writer on 127.0.0.`source`: plays games of its own, both sides (the computer's moves
/// searched by the client), each move posted with its ply until answered `200`; a new game
/// past [`PLIES_PER_GAME`]. Its games and what it had acknowledged in each.
fn write(
    server: &Server,
    source: u8,
    stop: &AtomicBool,
    acknowledged: &AtomicUsize,
) -> Vec<(String, Game)> {
    let mut games: Vec<(String, Game)> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let Some((id, game)) = games
            .last_mut()
            .filter(|(_, g)| g.moves().len() < PLIES_PER_GAME)
        else {
            match server.new_game(source, 5) {
                Ok(id) => games.push((id, Game::new())),
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
            continue;
        };
        let ply = game.moves().len();
        let Some(mv) = going_move(game, ply) else {
            break;
        };
        let action = if ply % 2 == 0 { "move" } else { "computer" };
        let body = json!({ "move": mv.to_string(), "ply": ply }).to_string();
        let (status, _) =
            server.request(source, "POST", &format!("/api/games/{id}/{action}"), &body);
        if status == 200 && game.play(mv).is_ok() {
            acknowledged.fetch_add(1, Ordering::Relaxed);
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    games
}
