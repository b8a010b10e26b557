//! The server under a real crowd (issue 18): each test reproduces one way the crowd got
//! through before, on loopback only, bounded in count and time, attackers and honest
//! clients on addresses of their own (127.0.0.2 and up, 127.0.1.x), and checks what must
//! hold instead, by outcomes and counts (every honest request answered, every byte gone).
//! Latencies are printed beside a baseline measured in the same run (`common::print_p99`),
//! figures for the docs, never assertions: a loaded machine moves them past any bar.

mod common;
#[path = "../../web-lab/src/probe/hold.rs"]
mod hold;

use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::{Server, TempDir, postgres, print_p99, queued_on_port};
use hold::hold;
use serde_json::{Value, json};

/// `(status, body)` of `method path` from `source`, and how long it took.
fn timed(
    server: &Server,
    source: u8,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, Value, Duration) {
    let start = Instant::now();
    let (status, value) = server.request_from(source, method, path, body);
    (status, value, start.elapsed())
}

/// A new game of `source`'s own at `level`: the person's turn.
fn game_of(server: &Server, source: u8, level: u8) -> String {
    let body = json!({ "level": level }).to_string();
    let (status, state) = server.request_from(source, "POST", "/api/games", Some(&body));
    assert_eq!(status, 201, "{state}");
    state["id"].as_str().unwrap().to_owned()
}

/// A game of `source`'s own at `level`, with the person's first move played: the computer's
/// turn.
fn computer_to_move(server: &Server, source: u8, level: u8) -> String {
    let id = game_of(server, source, level);
    let mv = json!({ "move": "l2-k3" }).to_string();
    let (status, _) =
        server.request_from(source, "POST", &format!("/api/games/{id}/move"), Some(&mv));
    assert_eq!(status, 200);
    id
}

/// The player's computer moves, one after another: their latencies, every one a 200.
fn player_moves(server: &Server, source: u8, id: &str, count: usize) -> Vec<Duration> {
    let mut latencies = Vec::new();
    for _ in 0..count {
        let (status, reply, took) = timed(
            server,
            source,
            "POST",
            &format!("/api/games/{id}/computer"),
            None,
        );
        assert_eq!(status, 200, "the player's computer move: {reply}");
        latencies.push(took);
        let (status, _) =
            server.request_from(source, "POST", &format!("/api/games/{id}/undo"), None);
        assert_eq!(status, 200);
        let mv = json!({ "move": "l2-k3" }).to_string();
        let (status, _) =
            server.request_from(source, "POST", &format!("/api/games/{id}/move"), Some(&mv));
        assert_eq!(status, 200);
    }
    latencies
}

/// A flooder's turn in its game `id` (the computer's turn): the computer's move asked for
/// (its status and answer), then the person's move taken back and played again.
fn flooders_turn(server: &Server, source: u8, id: &str) -> (u16, Value) {
    let path = format!("/api/games/{id}/computer");
    let answer = server.request_from(source, "POST", &path, None);
    flooders_turn_back(server, source, id);
    answer
}

/// The person's move in `source`'s game `id` taken back and played again: the computer's
/// turn once more.
fn flooders_turn_back(server: &Server, source: u8, id: &str) {
    let undo = format!("/api/games/{id}/undo");
    server.request_from(source, "POST", &undo, None);
    let mv = json!({ "move": "l2-k3" }).to_string();
    let path = format!("/api/games/{id}/move");
    server.request_from(source, "POST", &path, Some(&mv));
}

#[test]
fn floods_of_hints_or_computer_moves_from_a_crowd_never_turn_a_player_away() {
    // Two engines, searches of 300 ms at most; 24 flooders (127.0.0.10 to .33), three
    // requests in flight each: 72 searches wanted at once, more than the 64 places.
    let server = Server::start(&["--engines", "2", "--think-ms", "300"]);
    let player = computer_to_move(&server, 2, 1);
    let baseline = player_moves(&server, 2, &player, 5);
    let flooders: Vec<u8> = (10..34).collect();
    for flood in ["hint", "computer"] {
        let games: Vec<(u8, String)> = flooders
            .iter()
            .flat_map(|&source| [source; 3])
            .map(|source| match flood {
                "hint" => (source, game_of(&server, source, 10)),
                _ => (source, computer_to_move(&server, source, 10)),
            })
            .collect();
        let stop = Instant::now() + Duration::from_secs(6);
        let refused = AtomicUsize::new(0);
        let during = std::thread::scope(|scope| {
            for (source, game) in &games {
                let (server, refused) = (&server, &refused);
                scope.spawn(move || {
                    while Instant::now() < stop {
                        let status = if flood == "hint" {
                            let path = format!("/api/games/{game}/hint");
                            server.request_from(*source, "GET", &path, None).0
                        } else {
                            flooders_turn(server, *source, game).0
                        };
                        if status == 503 {
                            refused.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
            std::thread::sleep(Duration::from_millis(1500));
            player_moves(&server, 2, &player, 6)
        });
        println!(
            "figure: {flood} flood: {} of the flooders' requests refused 503",
            refused.load(Ordering::Relaxed)
        );
        print_p99(
            &format!("{flood} flood, computer moves"),
            &baseline,
            &during,
        );
    }
}

/// Sets its flag when dropped: the flooders stop, whatever became of the test.
struct StopOnDrop<'a>(&'a std::sync::atomic::AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// 150 addresses (127.0.0.10 to .159), each looping one level-10 computer move and asking
/// again at once when refused, on a server started with `args`: far more wanted than the
/// engines give. The player played 5 moves before the flood (more engine time than any
/// flooder gets in it); every one of its computer moves is answered, and the flooders are
/// refused `503 busy` with `Retry-After`.
fn a_wide_engine_flood_leaves_a_player_its_turn(args: &[&str]) {
    let server = Server::start(args);
    let player = computer_to_move(&server, 2, 10);
    player_moves(&server, 2, &player, 5);
    let games: Vec<(u8, String)> = (10..160u8)
        .map(|source| (source, computer_to_move(&server, source, 10)))
        .collect();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let refused = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let _stop = StopOnDrop(&stop);
        for (source, game) in &games {
            let (server, stop, refused) = (&server, &stop, &refused);
            scope.spawn(move || {
                let deadline = Instant::now() + Duration::from_secs(40);
                let path = format!("/api/games/{game}/computer");
                while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
                    let head = format!(
                        "POST {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n",
                        server.socket()
                    );
                    let answer = server.raw_from(*source, &head, b"");
                    if answer.status == 503 {
                        assert_eq!(answer.json()["code"], "busy");
                        assert!(answer.header("retry-after").is_some());
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                    flooders_turn_back(server, *source, game);
                }
            });
        }
        let flooding = Instant::now();
        let flooded = Server::eventually(Duration::from_secs(30), || {
            refused.load(Ordering::Relaxed) >= 600 && flooding.elapsed() > Duration::from_secs(2)
        });
        assert!(flooded, "the flooders were refused only {refused:?} times");
        // The player moves as a person does, a second's thought between moves; every one
        // of its computer moves is answered (`player_moves` checks).
        for _ in 0..4 {
            std::thread::sleep(Duration::from_secs(1));
            player_moves(&server, 2, &player, 1);
        }
    });
}

#[test]
fn a_wide_engine_flood_asking_again_at_once_leaves_a_player_its_turn() {
    // The default queue (64 places, a wait of 10 s), two engines, searches of 300 ms at
    // most: the flooders served within the wait ask again at once and hold the queue;
    // the player, senior to all of them, displaces the newest.
    a_wide_engine_flood_leaves_a_player_its_turn(&["--engines", "2", "--think-ms", "300"]);
}

#[test]
fn a_wide_engine_flood_leaves_a_player_its_turn_at_a_short_wait() {
    // One engine, searches of 100 ms at most, 32 places, a wait of 1 s at most.
    a_wide_engine_flood_leaves_a_player_its_turn(&[
        "--engines",
        "1",
        "--think-ms",
        "100",
        "--queue",
        "32",
        "--queue-wait-ms",
        "1000",
    ]);
}

/// Two processes on one database, `--max-games 30` each: a game created through one and
/// deleted through the other leaves both counting right, and 8 clients creating at once
/// through both never store more than 30 together.
fn two_processes_keep_one_count(url: &str) {
    let args = ["--max-games", "30"];
    let servers = [
        Server::start_with(url, &args, None),
        Server::start_with(url, &args, None),
    ];
    for _ in 0..3 {
        let id = servers[0].new_game(json!({}));
        let (status, _) = servers[1].request("DELETE", &format!("/api/games/{id}"), None);
        assert_eq!(status, 200);
        // Neither process believes the database full (a counter of its own wrapped below
        // zero in the one that deleted).
        for server in &servers {
            let id = server.new_game(json!({}));
            let (status, _) = server.request("DELETE", &format!("/api/games/{id}"), None);
            assert_eq!(status, 200);
        }
    }
    let created = AtomicUsize::new(0);
    let refused = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for n in 0..8u8 {
            let (server, created, refused) = (&servers[usize::from(n % 2)], &created, &refused);
            scope.spawn(move || {
                for _ in 0..8 {
                    let (status, body) =
                        server.request_from(2 + n, "POST", "/api/games", Some("{}"));
                    match status {
                        201 => created.fetch_add(1, Ordering::Relaxed),
                        503 => {
                            assert!(
                                body["error"].as_str().unwrap().contains("most games"),
                                "{body}"
                            );
                            refused.fetch_add(1, Ordering::Relaxed)
                        }
                        _ => panic!("{status}: {body}"),
                    };
                }
            });
        }
    });
    println!(
        "figure: two processes, --max-games 30, 64 creations at once: {} stored, {} refused",
        created.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed)
    );
    assert_eq!(
        created.load(Ordering::Relaxed),
        30,
        "the bound is for both processes together"
    );
    // One deleted anywhere makes room anywhere, for one.
    let (status, state) = servers[0].post("/api/games", json!({}));
    assert_eq!(status, 503, "{state}");
    let health = servers[1].get("/healthz").1;
    assert_eq!(health["status"], "ok");
}

#[test]
fn game_counts_are_the_databases_on_sqlite() {
    let dir = TempDir::new();
    two_processes_keep_one_count(&dir.sqlite());
}

#[test]
fn game_counts_are_the_databases_on_postgres() {
    let Some(url) = postgres() else {
        return;
    };
    // A schema of its own: the count is the database's, and other tests share it.
    two_processes_keep_one_count(&common::postgres_schema(&url));
}

/// `GET /api/games/{id}` on `stream` with the `extra` header lines (each ending `\r\n`):
/// the response, and the bytes as they came.
fn state_on(
    mut stream: TcpStream,
    server: &Server,
    id: &str,
    extra: &str,
) -> (common::Response, Vec<u8>) {
    write!(
        stream,
        "GET /api/games/{id} HTTP/1.1\r\nHost: {}\r\n{extra}Connection: close\r\n\r\n",
        server.addr
    )
    .expect("send");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    (common::Response::parse(&answer), answer)
}

/// `count` honest state requests for `id`, each on a new connection from `127.0.1.N`
/// (N = 1, 2, ...): their latencies, every one a 200.
fn honest(server: &Server, id: &str, count: usize) -> Vec<Duration> {
    (0..count)
        .map(|n| {
            let stream =
                server.connect_from_ip(Ipv4Addr::new(127, 0, 1, 1 + (n % 200) as u8), None);
            let start = Instant::now();
            let (response, answer) = state_on(stream, server, id, "");
            let took = start.elapsed();
            assert_eq!(
                response.status,
                200,
                "an honest request: {}",
                String::from_utf8_lossy(&answer)
            );
            took
        })
        .collect()
}

#[test]
fn steady_slow_readers_hold_the_send_buffers_total_at_most() {
    // 64 connections from 16 addresses, each pipelining 64 requests for the script with a
    // 4 KiB receive buffer and reading 1 KiB of it every 50 ms: slowly, but steadily enough
    // that no send timeout ends them. At --max-connections 80 and --send-buffers-mb 1, each
    // connection's send buffer is 1 MiB / 80 as the kernel counts it (13 KB; 128 KiB before
    // the total, 8 MiB for the 64).
    let server = Server::start(&["--max-connections", "80", "--send-buffers-mb", "1"]);
    let port = server.port();
    let (before, _) = queued_on_port(port);
    let pipeline = format!("GET /app.js HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).repeat(64);
    let mut readers: Vec<TcpStream> = (0..64u8)
        .map(|n| {
            let source = Ipv4Addr::new(127, 0, 5, 1 + n % 16);
            let mut stream = server.connect_from_ip(source, Some(4096));
            stream.write_all(pipeline.as_bytes()).expect("send");
            stream
        })
        .collect();
    let mut peak = 0;
    let mut read = 0;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(4) {
        for stream in &mut readers {
            let mut chunk = [0u8; 1024];
            read += stream.read(&mut chunk).unwrap_or(0);
        }
        if start.elapsed() > Duration::from_secs(1) {
            peak = peak.max(queued_on_port(port).0.saturating_sub(before));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    println!(
        "figure: steady slow readers: {peak} bytes queued on 64 server sockets at the peak \
         (--send-buffers-mb 1 at --max-connections 80), {read} bytes read meanwhile"
    );
    assert!(
        peak > 512 << 10,
        "the readers should fill their send buffers ({peak} bytes)"
    );
    // The total, and at most one loopback segment (64 KiB) over it on each socket: the
    // kernel lets a write that finds room queue a whole segment. Without the total the 64
    // would hold 8 MiB or more.
    assert!(
        peak <= (1 << 20) + 64 * (64 << 10),
        "{peak} bytes queued for 64 steady slow readers"
    );
}

#[test]
fn slow_readers_leave_the_kernel_nothing_to_hold() {
    // 128 connections from one address, each pipelining 64 requests for the script with a
    // 4 KiB receive buffer, never reading.
    let server = Server::start(&["--send-timeout-ms", "2000", "--header-timeout-ms", "2000"]);
    let id = server.new_game(json!({}));
    let baseline = honest(&server, &id, 20);
    let port = server.port();
    let (before, _) = queued_on_port(port);
    let pages_before = common::kernel_tcp_pages();
    let pipeline = format!("GET /app.js HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).repeat(64);
    let wave: Vec<TcpStream> = (0..128)
        .map(|_| {
            let mut stream = server.connect_from_ip(Ipv4Addr::new(127, 0, 0, 2), Some(4096));
            stream.write_all(pipeline.as_bytes()).expect("send");
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let (peak, sockets) = queued_on_port(port);
    let pages_peak = common::kernel_tcp_pages();
    let during = honest(&server, &id, 20);
    // The server cuts them after the send timeout (2 s) and, resetting them, leaves the kernel
    // nothing to send: within 15 s of the cut, every byte queued for them is gone.
    let start = Instant::now();
    let drained = Server::eventually(Duration::from_secs(17), || {
        queued_on_port(port).0 <= before + 64 * 1024
    });
    let (after, left) = queued_on_port(port);
    println!(
        "figure: slow readers: {peak} bytes queued on {sockets} server sockets at the peak, \
         {after} on {left} after {:.1} s (machine's TCP memory {pages_before} -> {pages_peak} -> {} pages)",
        start.elapsed().as_secs_f64(),
        common::kernel_tcp_pages()
    );
    assert!(
        peak > 1 << 20,
        "the attack should fill the kernel's buffers ({peak} bytes)"
    );
    assert!(
        drained,
        "{after} bytes still queued for clients that never read"
    );
    drop(wave);
    print_p99("slow readers", &baseline, &during);
    server.honest_client_served(&id);
}

#[test]
fn an_idle_flood_costs_the_flooder_not_the_players() {
    // At the cap (200), 10 addresses hold 20 idle connections each and open a new one as
    // soon as one is closed.
    let server = Server::start(&["--max-connections", "200"]);
    let id = server.new_game(json!({}));
    let baseline = honest(&server, &id, 20);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let reconnected = AtomicUsize::new(0);
    let during = std::thread::scope(|scope| {
        for address in 0..10u8 {
            let (server, stop, reconnected) = (&server, &stop, &reconnected);
            scope.spawn(move || {
                let source = Ipv4Addr::new(127, 0, 0, 2 + address);
                let open = || {
                    let stream = server.connect_from_ip(source, None);
                    stream.set_nonblocking(true).expect("nonblocking");
                    Some(stream)
                };
                hold(20, open, stop, reconnected, Duration::from_secs(30));
            });
        }
        assert!(
            Server::eventually(Duration::from_secs(5), || server.open_fds() >= 200),
            "the flood should reach the cap ({} descriptors open)",
            server.open_fds()
        );
        let during = honest(&server, &id, 100);
        stop.store(true, Ordering::Relaxed);
        during
    });
    println!(
        "figure: idle flood at the cap: 100 of 100 honest requests served, the flooders reconnected {} times",
        reconnected.load(Ordering::Relaxed)
    );
    print_p99("idle flood", &baseline, &during);
}

/// A flood of heads without their bodies at `--max-connections 200`: `addresses` clients
/// each holding `each` connections that sent a `POST`'s head and nothing more, reopening one
/// as soon as it is closed, while 100 honest requests (state reads, and moves with their
/// bodies) are made one after another; how many of those were served.
fn honest_served_beside_stalled_bodies(addresses: u8, each: usize) -> usize {
    let server = Server::start(&[
        "--max-connections",
        "200",
        "--connections-per-client",
        "64",
        "--no-engine",
    ]);
    let id = server.new_game(json!({}));
    let stalled = format!(
        "POST /api/games/{id}/move HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
        server.addr
    );
    let stop = std::sync::atomic::AtomicBool::new(false);
    let reopened = AtomicUsize::new(0);
    let served = std::thread::scope(|scope| {
        for address in 0..addresses {
            let (server, stop, reopened, stalled) = (&server, &stop, &reopened, &stalled);
            scope.spawn(move || {
                let source = Ipv4Addr::new(127, 0, 2, 1 + address);
                let open = || {
                    let mut stream = server.connect_from_ip(source, None);
                    let _ = stream.write_all(stalled.as_bytes());
                    stream.set_nonblocking(true).expect("nonblocking");
                    Some(stream)
                };
                hold(each, open, stop, reopened, Duration::from_secs(60));
            });
        }
        assert!(
            Server::eventually(Duration::from_secs(10), || server.open_fds() >= 200),
            "the flood should reach the cap ({} descriptors open)",
            server.open_fds()
        );
        // Reads of the game and moves (with their bodies) on it, by turns: a connection
        // closed before its answer counts as not served.
        let mut served = 0;
        for n in 0..100u8 {
            let source = 100 + n % 100;
            let (method, path, body) = if n % 2 == 0 {
                ("GET", format!("/api/games/{id}"), String::new())
            } else {
                let body = json!({ "move": "l2-k3", "ply": 0 }).to_string();
                ("POST", format!("/api/games/{id}/move"), body)
            };
            let head = format!(
                "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                server.addr,
                body.len()
            );
            let status = server.raw_from(source, &head, body.as_bytes()).status;
            // The move is played once; later ones are answered as the first (200).
            served += usize::from(status == 200);
        }
        stop.store(true, Ordering::Relaxed);
        served
    });
    println!(
        "figure: stalled bodies from {addresses} addresses x {each} at the cap: {served} of 100 honest requests served, the flooders reopened {} connections",
        reopened.load(Ordering::Relaxed)
    );
    served
}

#[test]
fn heads_without_bodies_do_not_lock_players_out() {
    // From 10 addresses (20 each) and from 100 (3 each), at the cap of 200: the server
    // closes the connection that waited longest on its client to admit a newcomer. The
    // issue's bar, 90 of 100 served: a flood reopening thousands of connections a second
    // may still close a player's connection before its head is read, on a loaded machine.
    assert!(honest_served_beside_stalled_bodies(10, 20) >= 90);
    assert!(honest_served_beside_stalled_bodies(100, 3) >= 90);
}

#[test]
fn refusals_are_counted_not_written_line_by_line() {
    let server = Server::start_logged(&["--max-games", "1"], "warn");
    server.new_game(json!({}));
    let refused = AtomicUsize::new(0);
    let stop = Instant::now() + Duration::from_secs(3);
    std::thread::scope(|scope| {
        for n in 0..4u8 {
            let (server, refused) = (&server, &refused);
            scope.spawn(move || {
                while Instant::now() < stop {
                    let (status, _) = server.request_from(2 + n, "POST", "/api/games", Some("{}"));
                    assert_eq!(status, 503);
                    refused.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let log = server.log_text();
    let refused = refused.load(Ordering::Relaxed);
    println!(
        "figure: log flood: {refused} refusals in 3 s wrote {} bytes of log at warn",
        log.len()
    );
    assert!(refused >= 100, "only {refused} refusals");
    assert!(log.contains("refused"), "a refusal is logged: {log}");
    assert!(
        log.len() < 4096,
        "{} bytes of log for {refused} refusals:\n{log}",
        log.len()
    );
}

#[test]
fn pages_on_other_names_cannot_reach_the_server() {
    let server = Server::start(&["--allowed-host", "halma.example"]);
    let id = server.new_game(json!({}));
    let port = server.port();
    let from = |host: &str, method: &str, path: &str, body: &str| {
        server.raw(
            &format!(
                "{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\nOrigin: http://{host}:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            ),
            body.as_bytes(),
        )
    };
    let game = format!("/api/games/{id}");
    let mv = r#"{"move": "l2-k3"}"#;
    // A page at evil.example, a name that now resolves to this server: its requests carry
    // its own name as Host and Origin, which match each other.
    for (method, path, body) in [
        ("POST", format!("{game}/move"), mv),
        ("DELETE", game.clone(), ""),
        ("GET", game.clone(), ""),
        ("POST", "/api/games".to_owned(), "{}"),
    ] {
        let response = from("evil.example", method, &path, body);
        assert_eq!(response.status, 421, "{method} {path}");
        assert!(
            response.json()["error"]
                .as_str()
                .unwrap()
                .contains("host name")
        );
    }
    let (status, state) = server.get(&game);
    assert_eq!(
        (status, state["moves"].clone()),
        (200, json!([])),
        "the game is untouched"
    );
    // The server's own names are served: the allowed one, localhost, addresses.
    assert_eq!(
        from("halma.example", "POST", &format!("{game}/move"), mv).status,
        200
    );
    assert_eq!(from("localhost", "GET", &game, "").status, 200);
    assert_eq!(from("127.0.0.1", "GET", &game, "").status, 200);
}

#[test]
fn behind_a_trusted_proxy_each_player_is_a_client() {
    let server = Server::start(&[
        "--trusted-proxy",
        "127.0.0.2/32",
        "--games-per-minute",
        "3",
        "--connections-per-client",
        "10",
    ]);
    let create = |source: u8, header: &str| {
        let response = server.raw_from(
            source,
            &format!(
                "POST /api/games HTTP/1.1\r\nHost: {}\r\n{header}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n",
                server.addr
            ),
            b"",
        );
        response.status
    };
    // Five players through the proxy (127.0.0.2): three games each, as one client would.
    for player in 1..=5 {
        let header = format!("X-Forwarded-For: 198.51.100.{player}");
        for _ in 0..3 {
            assert_eq!(create(2, &header), 201, "player {player}");
        }
        assert_eq!(create(2, &header), 429, "player {player}'s fourth game");
    }
    // A client that is no trusted proxy cannot pose as others.
    for n in 0..3 {
        assert_eq!(create(3, &format!("X-Forwarded-For: 203.0.113.{n}")), 201);
    }
    assert_eq!(create(3, "X-Forwarded-For: 203.0.113.99"), 429);
    // The proxy may hold more connections than one client.
    let id = server.new_game(json!({}));
    let held: Vec<TcpStream> = (0..30).map(|_| server.connect_from(2)).collect();
    for stream in held {
        let (response, _) = state_on(stream, &server, &id, "X-Forwarded-For: 198.51.100.1\r\n");
        assert_eq!(response.status, 200);
    }
}

/// The status of `method path` from `127.0.0.{source}` with the header lines `headers`.
fn status_from(server: &Server, source: u8, method: &str, path: &str, headers: &str) -> u16 {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\n{headers}Connection: close\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n",
        server.addr
    );
    server.raw_from(source, &head, b"").status
}

/// Of ten new games asked through the proxy at 127.0.0.2, with the header lines
/// `headers(n)` for the n-th, how many were created.
fn created(server: &Server, headers: impl Fn(usize) -> String) -> usize {
    (0..10)
        .filter(|&n| status_from(server, 2, "POST", "/api/games", &headers(n)) == 201)
        .count()
}

#[test]
fn a_client_behind_a_proxy_cannot_choose_its_address() {
    // The proxy (127.0.0.2) writes X-Forwarded-For; ten requests of one client, each with
    // another address of its own choosing: one client, three games.
    let server = Server::start(&["--trusted-proxy", "127.0.0.2/32", "--games-per-minute", "3"]);
    // The proxy writes `unknown`; the client writes `Forwarded`.
    let unknown = |n| format!("Forwarded: for=198.51.100.{n}\r\nX-Forwarded-For: unknown\r\n");
    assert_eq!(created(&server, unknown), 3);
    // The proxy passes the client's X-Forwarded-For on and appends the address it saw.
    let passed = |n| format!("X-Forwarded-For: 203.0.113.{n}, 192.0.2.50\r\n");
    assert_eq!(created(&server, passed), 3);
    // `/metrics`: a proxied request is its client's, and one naming nobody is nobody's,
    // though the proxy is on loopback.
    let metrics = |headers: &str| status_from(&server, 2, "GET", "/metrics", headers);
    assert_eq!(metrics(""), 403);
    assert_eq!(metrics("X-Forwarded-For: unknown\r\n"), 403);
    assert_eq!(metrics("X-Forwarded-For: 127.0.0.1, 192.0.2.9\r\n"), 403);
    assert_eq!(metrics("Forwarded: for=127.0.0.1\r\n"), 403);
    assert_eq!(metrics("X-Forwarded-For: 127.0.0.1\r\n"), 200);
    assert_eq!(status_from(&server, 1, "GET", "/metrics", ""), 200);
    drop(server);
    // A proxy that writes `Forwarded`: the client's X-Forwarded-For is ignored.
    let server = Server::start(&[
        "--trusted-proxy",
        "127.0.0.2/32",
        "--proxy-header",
        "forwarded",
        "--games-per-minute",
        "3",
    ]);
    let spoofed = |n| {
        format!(
            "X-Forwarded-For: 203.0.113.{n}\r\nForwarded: for=\"[2001:db8::7]:4711\";proto=https\r\n"
        )
    };
    assert_eq!(created(&server, spoofed), 3);
    let players = |n| format!("Forwarded: for=198.51.100.{n}\r\n");
    assert_eq!(created(&server, players), 10);
}

/// The value of the sample `series` (name and labels, as written) in `metrics`.
fn sample(metrics: &str, series: &str) -> f64 {
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no sample {series} in:\n{metrics}"))
}

#[test]
fn metrics_show_the_crowd_to_the_operator_only() {
    let server = Server::start(&[
        "--games-per-minute",
        "2",
        "--metrics-from",
        "127.0.0.1/32",
        "--trusted-proxy",
        "127.0.0.3/32",
    ]);
    let scrape = |source: u8, header: &str| {
        server.raw_from(
            source,
            &format!(
                "GET /metrics HTTP/1.1\r\nHost: {}\r\n{header}Connection: close\r\n\r\n",
                server.addr
            ),
            b"",
        )
    };
    let ids: Vec<String> = (0..2)
        .map(|_| {
            let (status, state) =
                server.request_from(2, "POST", "/api/games", Some("{\"level\": 1}"));
            assert_eq!(status, 201);
            state["id"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(
        server.request_from(2, "POST", "/api/games", Some("{}")).0,
        429
    );
    let mv = json!({ "move": "l2-k3" }).to_string();
    let path = format!("/api/games/{}/move", ids[0]);
    assert_eq!(server.request_from(2, "POST", &path, Some(&mv)).0, 200);
    let path = format!("/api/games/{}/computer", ids[0]);
    assert_eq!(server.request_from(2, "POST", &path, None).0, 200);
    let response = scrape(1, "");
    assert_eq!(response.status, 200);
    assert!(
        response
            .header("content-type")
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let text = String::from_utf8(response.body).unwrap();
    assert_eq!(
        sample(&text, "halma_refusals_total{reason=\"games_per_minute\"}"),
        1.0
    );
    assert_eq!(sample(&text, "halma_requests_total{status=\"429\"}"), 1.0);
    assert!(sample(&text, "halma_requests_total{status=\"201\"}") >= 2.0);
    assert_eq!(sample(&text, "halma_games_stored"), 2.0);
    assert!(sample(&text, "halma_database_seconds_count{operation=\"create\"}") >= 2.0);
    assert_eq!(sample(&text, "halma_searches_total{purpose=\"move\"}"), 1.0);
    assert!(sample(&text, "halma_engine_seconds_total{purpose=\"move\"}") > 0.0);
    assert_eq!(
        sample(&text, "halma_queue_wait_seconds_count{purpose=\"move\"}"),
        1.0
    );
    assert_eq!(
        sample(&text, "halma_searches_waiting{purpose=\"hint\"}"),
        0.0
    );
    assert_eq!(sample(&text, "halma_searches_running"), 0.0);
    assert!(sample(&text, "halma_connections_open") >= 1.0);
    // Labels name no game and no client.
    for id in &ids {
        assert!(!text.contains(&id[..8]), "a game id in the metrics");
    }
    assert!(!text.contains("127.0.0"), "an address in the metrics");
    // Others are refused: another address, and a trusted proxy's outside client.
    assert_eq!(scrape(2, "").status, 403);
    assert_eq!(scrape(3, "X-Forwarded-For: 203.0.113.5\r\n").status, 403);
    assert_eq!(scrape(3, "X-Forwarded-For: 127.0.0.1\r\n").status, 200);
}

#[test]
fn the_sqlite_wal_stays_bounded_under_sustained_writes_and_shrinks_after() {
    let server = Server::start(&[]);
    let wal = server.dir.as_ref().unwrap().0.join("games.sqlite3-wal");
    let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
    // 50 clients on 50 addresses playing and taking back moves for 8 s: a write each, as
    // fast as they go (hundreds a second, 10 KiB or so of WAL each).
    let writes = AtomicUsize::new(0);
    let end = Instant::now() + Duration::from_secs(8);
    let mut peak = 0;
    std::thread::scope(|scope| {
        for source in 10..60 {
            let (server, writes) = (&server, &writes);
            scope.spawn(move || {
                let (status, game) = server.request_from(source, "POST", "/api/games", Some("{}"));
                assert_eq!(status, 201, "{game}");
                let path = |action| format!("/api/games/{}/{action}", game["id"].as_str().unwrap());
                let (play, undo) = (path("move"), path("undo"));
                while Instant::now() < end {
                    let moved =
                        server.request_from(source, "POST", &play, Some(r#"{"move": "l2-k3"}"#));
                    let undone = server.request_from(source, "POST", &undo, Some("{}"));
                    assert_eq!((moved.0, undone.0), (200, 200), "{} {}", moved.1, undone.1);
                    writes.fetch_add(2, Ordering::Relaxed);
                }
            });
        }
        while Instant::now() < end {
            peak = peak.max(size());
            std::thread::sleep(Duration::from_millis(10));
        }
    });
    let report = format!("{} writes in 8 s", writes.load(Ordering::Relaxed));
    let start = Instant::now();
    let shrunk = Server::eventually(Duration::from_secs(10), || size() <= 4 << 20);
    println!(
        "figure: WAL: {peak} bytes at the peak of the writes, {} bytes {:.1} s after ({})",
        size(),
        start.elapsed().as_secs_f64(),
        report.trim()
    );
    assert!(
        peak > 1 << 20,
        "the writes should grow the WAL ({peak} bytes; {report})"
    );
    // Checkpointed as soon as it is seen past 4 MiB: it grows by what 50 ms of writes and
    // a checkpoint bring, far from this bound (it reached 46 MB when checkpointed every 2 s
    // only).
    assert!(
        peak < 32 << 20,
        "the WAL reached {peak} bytes under the writes ({report})"
    );
    assert!(shrunk, "the WAL keeps {} bytes after the writes", size());
}

/// Descriptors this test process may open at least, raised with util-linux's `prlimit`
/// (as root, or within the hard limit).
fn allow_descriptors(count: u32) {
    let pid = std::process::id().to_string();
    let limit = format!("--nofile={count}:{count}");
    let raised = std::process::Command::new("prlimit")
        .args(["--pid", &pid, &limit])
        .status();
    assert!(raised.is_ok_and(|s| s.success()), "prlimit {limit}");
}

#[test]
fn memory_goes_back_after_floods_of_connections() {
    const FLOOD: usize = 3000;
    allow_descriptors(8192);
    let dir = TempDir::new();
    let server = Server::start_with(&dir.sqlite(), &[], Some(8192));
    let id = server.new_game(json!({}));
    honest(&server, &id, 20);
    let baseline = server.rss_kib();
    // 16 rounds: 3,000 connections from 32 addresses, each sending two requests with 12 KiB
    // heads and reading nothing, then all closed.
    let head = format!(
        "GET /api/games/{id} HTTP/1.1\r\nHost: {}\r\nX-Pad: {}\r\n\r\n",
        server.addr,
        "a".repeat(12 * 1024)
    )
    .repeat(2);
    let mut peak = baseline;
    for _ in 0..16 {
        let flood: Vec<TcpStream> = (0..FLOOD)
            .map(|n| {
                let source = Ipv4Addr::new(127, 0, 0, 2 + (n % 32) as u8);
                let mut stream = server.connect_from_ip(source, Some(4096));
                let _ = stream.write_all(head.as_bytes());
                stream
            })
            .collect();
        Server::eventually(Duration::from_secs(5), || server.open_fds() >= FLOOD);
        std::thread::sleep(Duration::from_millis(200));
        peak = peak.max(server.rss_kib());
        drop(flood);
        assert!(
            Server::eventually(Duration::from_secs(10), || server.open_fds() < 100),
            "the flood's connections stay open: {}",
            server.open_fds()
        );
    }
    // The allocator hands freed memory back over its decay time (jemalloc: 10 s): at least
    // three quarters of what the floods took. What stays is some tens of MiB whatever the
    // baseline (54 MiB after 43 MiB in one run, 52 after 25 in another), so twice the
    // baseline is no bound; glibc's allocator kept 199 MiB of a 204 MiB peak.
    // (With 16 MiB of slack, should a later server hold less at its peak.)
    let bound = baseline + ((peak - baseline) / 4).max(16 << 10);
    let start = Instant::now();
    let settled = Server::eventually(Duration::from_secs(20), || server.rss_kib() <= bound);
    println!(
        "figure: memory: RSS {baseline} KiB before 16 floods of {FLOOD} connections, {peak} KiB at the peak, {} KiB {:.1} s after",
        server.rss_kib(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        settled,
        "RSS {} KiB after the floods (at most {bound}), {baseline} KiB before, {peak} KiB at the peak",
        server.rss_kib()
    );
    server.honest_client_served(&id);
}

#[test]
fn a_request_names_one_host_or_is_refused() {
    let server = Server::start(&[]);
    let id = server.new_game(json!({}));
    let status = |head: String| server.raw(&head, b"").status;
    let game = format!("/api/games/{id}");
    let addr = &server.addr;
    // A second Host, a missing one, an absolute-form target on another name: refused.
    let two = format!(
        "GET {game} HTTP/1.1\r\nHost: {addr}\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(status(two), 400);
    assert_eq!(
        status(format!("GET {game} HTTP/1.1\r\nConnection: close\r\n\r\n")),
        400
    );
    let absolute = format!(
        "GET http://evil.example{game} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(status(absolute), 421);
    // The same in absolute form on the server's own address, and HTTP/1.0 without Host.
    let own =
        format!("GET http://{addr}{game} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    assert_eq!(status(own), 200);
    assert_eq!(status(format!("GET {game} HTTP/1.0\r\n\r\n")), 200);
}
