//! Games between two people (`docs/live.md`): the seats and their secrets, the live
//! stream and its catch-up, presence, two processes on PostgreSQL, and the bounds of the
//! live streams with an honest game served beside a crowd, a flood and a slow reader.

mod common;

use std::io::{Read, Write};
use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use common::Server;
use common::friends::{LOCAL, Stream, call, friend_game, join, moves, play, some_move};
use serde_json::{Value, json};

#[test]
fn two_people_play_by_link_and_nobody_else_moves() {
    let server = Server::start_logged(&[], "debug");
    let (id, x, invitation) = friend_game(&server, "x");
    let path = |route: &str| format!("/api/games/{id}{route}");
    let mv = |ply: usize, text: &str| json!({ "move": text, "ply": ply }).to_string();

    // A watcher follows the game from before the friend joins.
    let (status, mut watcher) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 9), &id, None, "");
    assert_eq!(status, 200);
    let first = watcher.next().expect("the state first");
    assert_eq!(
        (first.kind.as_str(), first.id.as_deref()),
        ("state", Some("1")),
        "the id is the game's version: 1 as made"
    );
    let players = watcher.until("players", |_| true);
    assert_eq!(players["opponent"], "friend");
    assert_eq!(players["inviting"], true);
    assert_eq!(players["o"]["taken"], false);

    // Before anyone joins, nobody but x moves, and not for o.
    let (status, refused) = call(&server, 3, "POST", &path("/move"), None, &mv(0, "l2-k3"));
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_a_player"))
    );
    let (status, refused) = call(
        &server,
        3,
        "POST",
        &path("/move"),
        Some(&invitation),
        &mv(0, "l2-k3"),
    );
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_a_player")),
        "an invitation is no seat"
    );

    // The first to open the invitation takes the seat; the next only watches.
    let o = join(&server, &id, &invitation);
    let (status, taken) = call(&server, 4, "POST", &path("/join"), Some(&invitation), "");
    assert_eq!((status, taken["code"].as_str()), (409, Some("seat_taken")));
    watcher.until("players", |p| {
        p["o"]["taken"] == true && p["inviting"] == false
    });
    let (status, seen) = call(&server, 2, "GET", &path("/players"), Some(&o), "");
    assert_eq!((status, seen["you"].as_str()), (200, Some("o")));
    let (_, seen) = call(&server, 2, "GET", &path("/players"), None, "");
    assert_eq!(seen["you"], Value::Null);

    // o is live: x's page would show it here.
    let (_, mut o_live) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 2), &id, Some(&o), "");
    watcher.until("players", |p| {
        p["o"]["here"] == true && p["x"]["here"] == false
    });

    // Turns: o cannot move on x's turn; strangers and wrong secrets never.
    let (status, early) = call(
        &server,
        2,
        "POST",
        &path("/move"),
        Some(&o),
        &mv(0, "l2-k3"),
    );
    assert_eq!(
        (status, early["code"].as_str()),
        (409, Some("not_your_turn")),
        "{early}"
    );
    let forged = format!("{}{}", &x[..63], if x.ends_with('0') { '1' } else { '0' });
    for secret in [Some(forged.as_str()), Some("nonsense"), None] {
        let (status, refused) = call(&server, 3, "POST", &path("/move"), secret, &mv(0, "l2-k3"));
        assert_eq!(status, 403, "{refused}");
    }
    // Nothing of the computer's in a game between people.
    for (method, route, body) in [
        ("POST", "/computer", ""),
        ("POST", "/computer", r#"{"move": "l2-k3"}"#),
        ("GET", "/hint", ""),
        ("POST", "/undo", ""),
        ("POST", "/level", r#"{"level": 3}"#),
    ] {
        let (status, refused) = call(&server, 1, method, &path(route), Some(&x), body);
        assert_eq!(
            (status, refused["code"].as_str()),
            (409, Some("friend_game")),
            "{route}"
        );
    }
    let (status, _) = call(&server, 3, "DELETE", &path(""), None, "");
    assert_eq!(status, 403, "a stranger cannot delete it");

    // x moves: o's stream has it; a late retry is answered as it was, a stale one refused.
    let (status, played) = call(
        &server,
        1,
        "POST",
        &path("/move"),
        Some(&x),
        &mv(0, "l2-k3"),
    );
    assert_eq!(status, 200, "{played}");
    let seen = o_live.until("state", |s| moves(s) == 1);
    assert_eq!(seen["last_move"]["move"], "l2-k3");
    let (status, again) = call(
        &server,
        1,
        "POST",
        &path("/move"),
        Some(&x),
        &mv(0, "l2-k3"),
    );
    assert_eq!(
        (status, moves(&again["state"])),
        (200, 1),
        "an idempotent retry"
    );
    let (status, stale) = call(
        &server,
        1,
        "POST",
        &path("/move"),
        Some(&x),
        &mv(0, "m1-k3"),
    );
    assert_eq!((status, stale["code"].as_str()), (409, Some("stale_ply")));

    // o's connection is lost; x and o play on; o comes back with the last version it had
    // and gets the game as it is, at once.
    drop(o_live);
    watcher.until("players", |p| p["o"]["here"] == false);
    play(&server, &id, &o, 1);
    play(&server, &id, &x, 2);
    let (_, mut back) = Stream::open(
        &server,
        Ipv4Addr::new(127, 0, 0, 2),
        &id,
        Some(&o),
        "Last-Event-ID: 1\r\n",
    );
    let caught_up = back.next().expect("the game as it is");
    assert_eq!(
        (caught_up.kind.as_str(), caught_up.id.as_deref()),
        ("state", Some("4")),
        "made, and three moves"
    );
    assert_eq!(moves(&caught_up.data), 3);
    // A stream that has the game as it is gets no state until the next move.
    let (_, mut current) = Stream::open(&server, LOCAL, &id, Some(&x), "Last-Event-ID: 4\r\n");
    assert_eq!(current.next().expect("the players").kind, "players");
    play(&server, &id, &o, 3);
    let next = current.until("state", |_| true);
    assert_eq!(moves(&next), 4, "the next move, not the old state");
    watcher.until("state", |s| moves(s) == 4);

    // A game against the computer is as it was: no seats, anyone with the link moves.
    let computer = server.new_game(json!({}));
    let (_, players) = server.get(&format!("/api/games/{computer}/players"));
    assert_eq!(players, json!({ "opponent": "computer" }));
    let (status, _) = server.post(
        &format!("/api/games/{computer}/move"),
        json!({ "move": "l2-k3" }),
    );
    assert_eq!(status, 200);
    let (status, bad) = call(
        &server,
        1,
        "POST",
        "/api/games",
        None,
        r#"{"opponent": "dog"}"#,
    );
    assert_eq!((status, bad["code"].as_str()), (400, Some("bad_opponent")));

    // The players may end it; the secrets were never written to the log.
    let (status, _) = call(&server, 1, "DELETE", &path(""), Some(&x), "");
    assert_eq!(status, 200);
    let log = server.log_text();
    assert!(log.contains(&id[..8]), "the log has the requests");
    for secret in [&x, &o, &invitation] {
        assert!(!log.contains(secret.as_str()), "a secret in the log");
    }
}

#[test]
fn the_live_streams_are_bounded_and_honest_games_go_on() {
    let server = Server::start(&[
        "--live-per-client",
        "4",
        "--max-live",
        "1200",
        "--send-timeout-ms",
        "1000",
    ]);
    let (id, x, invitation) = friend_game(&server, "x");
    let o = join(&server, &id, &invitation);

    // Per client: the fifth is refused, with a time to come back.
    let mut held: Vec<Stream> = (0..4)
        .map(|_| {
            let (status, stream) =
                Stream::open(&server, Ipv4Addr::new(127, 0, 1, 1), &id, None, "");
            assert_eq!(status, 200);
            stream
        })
        .collect();
    let (status, _) = Stream::open(&server, Ipv4Addr::new(127, 0, 1, 1), &id, None, "");
    assert_eq!(status, 429, "a fifth stream of one client");
    held.clear();

    // A crowd of idle streams from many addresses; an honest game is served meanwhile, and
    // its moves reach a page while the crowd waits.
    let before = server.rss_kib();
    let crowd: Vec<Stream> = (0..1000u32)
        .map(|n| {
            let source = Ipv4Addr::new(127, 1, (n / 250) as u8, (n % 250 + 1) as u8);
            let (status, stream) = Stream::open(&server, source, &id, None, "");
            assert_eq!(status, 200, "stream {n}");
            stream
        })
        .collect();
    let during = server.rss_kib();
    println!(
        "figure: memory: {} bytes of RSS per idle live stream ({} KiB before 1000 streams, {} KiB with them)",
        (during.saturating_sub(before)) * 1024 / 1000,
        before,
        during
    );
    server.honest_client_served(&id);
    let (_, mut player) = Stream::open(&server, LOCAL, &id, Some(&x), "");
    player.until("state", |_| true);
    play(&server, &id, &x, 7);
    player.until("state", |s| moves(s) == 1);
    // Past the bound in all (1,200 here), from yet another address.
    let more: Vec<(u16, Stream)> = (0..200u32)
        .map(|n| {
            Stream::open(
                &server,
                Ipv4Addr::new(127, 2, 0, (n % 250 + 1) as u8),
                &id,
                None,
                "",
            )
        })
        .collect();
    assert!(
        more.iter().any(|(status, _)| *status == 429),
        "the bound in all holds"
    );
    drop(more);
    drop(crowd);

    // A slow reader: a stream that never reads while the game goes on is dropped (its
    // socket's send timeout); a flood of forged moves is refused; the game goes on.
    let mut slow = server.connect_from_ip(Ipv4Addr::new(127, 3, 0, 1), Some(1024));
    let head = format!(
        "GET /api/games/{id}/live HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.addr
    );
    slow.write_all(head.as_bytes()).expect("send");
    let forged = "0".repeat(64);
    let start = Instant::now();
    let mut flood = 0;
    for ply in 1..60 {
        let secret = if ply % 2 == 1 { &o } else { &x };
        let state = play(&server, &id, secret, ply);
        let body = json!({ "move": "a1-b2", "ply": moves(&state) }).to_string();
        let (status, _) = call(
            &server,
            4,
            "POST",
            &format!("/api/games/{id}/move"),
            Some(&forged),
            &body,
        );
        assert_eq!(status, 403);
        flood += 1;
        if state["outcome"]["result"] != "ongoing" {
            break;
        }
    }
    player.until("state", |s| moves(s) > 10);
    println!(
        "{flood} forged moves refused beside the game, in {:?}",
        start.elapsed()
    );
    std::thread::sleep(Duration::from_secs(3));
    // Ended by the server: what it had sent, then the end (or a reset), within 20 s (a
    // stream still open would go on with its heartbeats).
    slow.set_read_timeout(Some(Duration::from_secs(1)))
        .expect("timeout");
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut buffer = [0u8; 16 * 1024];
    let ended = loop {
        match slow.read(&mut buffer) {
            Ok(0) => break true,
            Err(error) if error.kind() == std::io::ErrorKind::ConnectionReset => break true,
            _ if Instant::now() > deadline => break false,
            _ => {}
        }
    };
    assert!(ended, "the slow reader's stream was not ended");
    server.honest_client_served(&id);
}

/// Two processes on one PostgreSQL: a move made through one reaches a stream of the other,
/// and so does a player's presence.
#[test]
fn a_move_through_one_process_reaches_a_page_on_another() {
    let Some(url) = common::postgres() else {
        return;
    };
    let url = common::postgres_schema(&url);
    let a = Server::start_with(&url, &[], None);
    let b = Server::start_with(&url, &[], None);
    // The creator plays o, the friend (through the other process) x, who moves first.
    let (id, o, invitation) = friend_game(&a, "o");
    let x = join(&b, &id, &invitation);
    let (_, mut on_b) = Stream::open(&b, Ipv4Addr::new(127, 0, 0, 5), &id, None, "");
    on_b.until("state", |_| true);
    let (_, x_on_a) = Stream::open(&a, LOCAL, &id, Some(&x), "");
    on_b.until("players", |p| p["x"]["here"] == true);
    let (_, state) = a.get(&format!("/api/games/{id}"));
    let body = json!({ "move": some_move(&state, 0), "ply": 0 }).to_string();
    let (status, played) = call(
        &a,
        2,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(&x),
        &body,
    );
    assert_eq!(status, 200, "{played}");
    let seen = on_b.until("state", |s| moves(s) == 1);
    assert_eq!(seen["last_move"]["move"], played["move"]);
    // And back: o moves through b, a stream on a sees it.
    let (_, mut on_a) = Stream::open(&a, Ipv4Addr::new(127, 0, 0, 6), &id, None, "");
    on_a.until("state", |s| moves(s) == 1);
    play(&b, &id, &o, 5);
    on_a.until("state", |s| moves(s) == 2);
    // x's page goes: the other process's watchers see x away.
    drop(x_on_a);
    on_b.until("players", |p| p["x"]["here"] == false);
}
