//! A game between two people beyond its rules (`docs/live.md`): a resignation, draws
//! offered, declined, lapsed and agreed, each only by a player, each a new version of the
//! game on its live stream.

use std::net::Ipv4Addr;

use serde_json::{Value, json};

use super::{here, here_on};
use crate::common::friends::{Stream, answer, call, friend_game, join, moves, play};
use crate::common::{self, Server};

/// The code and status of an answer, for a compact assert.
fn refused((status, body): (u16, Value)) -> (u16, String) {
    (status, body["code"].as_str().unwrap_or_default().to_owned())
}

/// A secret like `secret` but for its last digit: well-formed, and nobody's.
fn forged(secret: &str) -> String {
    let last = if secret.ends_with('0') { '1' } else { '0' };
    format!("{}{last}", &secret[..63])
}

/// The next `state` event of `stream`: its version (the event's id) and the state.
fn next_state(stream: &mut Stream) -> (u64, Value) {
    loop {
        let event = stream.next().expect("a state event");
        if event.kind == "state" {
            let version = event.id.expect("an id").parse().expect("a number");
            return (version, event.data);
        }
    }
}

#[test]
fn a_player_resigns_and_nobody_else_can() {
    let server = here(&[]);
    let (id, x, invitation) = friend_game(&server, "x");
    let o = join(&server, &id, &invitation);
    let path = |route: &str| format!("/api/games/{id}{route}");
    let (_, mut watcher) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 9), &id, None, "");
    let (made, state) = next_state(&mut watcher);
    assert_eq!(state["offers"], json!({ "draw": null, "rematch": null }));
    assert_eq!(
        (state["rematch"].clone(), state["clock"].clone()),
        (Value::Null, Value::Null)
    );
    play(&server, &id, &x, 1);
    let (moved, _) = next_state(&mut watcher);
    assert_eq!(moved, made + 1);

    // Strangers, watchers, forged secrets and the spent invitation cannot resign for anyone.
    for secret in [
        None,
        Some(forged(&x)),
        Some(forged(&o)),
        Some(invitation.clone()),
    ] {
        let answer = call(
            &server,
            3,
            "POST",
            &path("/resign"),
            secret.as_deref(),
            "{}",
        );
        assert_eq!(refused(answer), (403, "not_a_player".to_owned()));
    }
    let (status, body) = call(
        &server,
        3,
        "POST",
        &path("/resign"),
        Some(&x),
        r#"{"side": "o"}"#,
    );
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_json")));
    let computer = server.new_game(json!({}));
    let answer = call(
        &server,
        3,
        "POST",
        &format!("/api/games/{computer}/resign"),
        None,
        "",
    );
    assert_eq!(refused(answer), (409, "computer_game".to_owned()));
    let (_, state) = server.get(&path(""));
    assert_eq!(state["status"], "your_turn", "nothing changed: {state}");

    // o resigns on x's turn: x has won, both told at once, the board closed.
    let (status, over) = call(&server, 2, "POST", &path("/resign"), Some(&o), "");
    assert_eq!(status, 200, "{over}");
    assert_eq!(over["status"], "over");
    assert_eq!(
        over["outcome"],
        json!({ "result": "win", "winner": "x", "reason": "o resigned", "reason_code": "resignation" })
    );
    assert_eq!(over["destinations"], json!({}));
    let (version, seen) = next_state(&mut watcher);
    assert_eq!((version, &seen["outcome"]), (moved + 1, &over["outcome"]));
    assert_eq!(moves(&seen), 1);

    // Over: no move, no second resignation, no offer.
    let (_, now) = server.get(&path(""));
    assert_eq!(now["outcome"]["reason_code"], "resignation");
    let mv = json!({ "move": "a12-a11" }).to_string();
    for (route, secret, body) in [
        ("/move", &x, mv.as_str()),
        ("/resign", &x, ""),
        ("/draw", &o, r#"{"action": "offer"}"#),
    ] {
        let answer = call(&server, 2, "POST", &path(route), Some(secret), body);
        assert_eq!(refused(answer), (409, "game_over".to_owned()), "{route}");
    }
}

#[test]
fn a_draw_is_offered_declined_lapses_and_is_agreed() {
    let server = here(&[]);
    let (id, x, invitation) = friend_game(&server, "x");
    let o = join(&server, &id, &invitation);
    let path = |route: &str| format!("/api/games/{id}{route}");
    let draw = |secret: Option<&str>, action: &str| {
        let body = json!({ "action": action }).to_string();
        call(&server, 2, "POST", &path("/draw"), secret, &body)
    };
    let (_, mut watcher) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 9), &id, None, "");
    let (mut version, _) = next_state(&mut watcher);
    // Each change is a new version on the stream, with or without a move.
    let mut changed = |watcher: &mut Stream| {
        let (next, state) = next_state(watcher);
        assert_eq!(next, version + 1, "{state}");
        version = next;
        state
    };

    // An offer is one field: offered again it is refused, however often.
    let (status, offered) = draw(Some(&x), "offer");
    assert_eq!((status, &offered["offers"]["draw"]), (200, &json!("x")));
    assert_eq!(changed(&mut watcher)["offers"]["draw"], "x");
    for _ in 0..20 {
        assert_eq!(
            refused(draw(Some(&x), "offer")),
            (409, "offer_pending".to_owned())
        );
    }
    assert_eq!(
        refused(draw(Some(&x), "accept")),
        (409, "no_offer".to_owned()),
        "not its own"
    );
    for secret in [None, Some(forged(&o).as_str())] {
        assert_eq!(
            refused(draw(secret, "accept")),
            (403, "not_a_player".to_owned())
        );
    }
    assert_eq!(refused(draw(Some(&o), "maybe")).0, 400);
    let answer = call(&server, 2, "POST", &path("/draw"), Some(&o), "");
    assert_eq!(refused(answer), (400, "missing_body".to_owned()));

    // o declines it; nothing stands to answer then.
    let (status, declined) = draw(Some(&o), "decline");
    assert_eq!((status, &declined["offers"]["draw"]), (200, &Value::Null));
    changed(&mut watcher);
    assert_eq!(
        refused(draw(Some(&x), "decline")),
        (409, "no_offer".to_owned())
    );

    // An offer lapses when its maker moves, and when the other plays on.
    draw(Some(&x), "offer");
    changed(&mut watcher);
    let state = play(&server, &id, &x, 1);
    assert_eq!(state["offers"]["draw"], Value::Null, "its maker moved");
    assert_eq!(changed(&mut watcher)["offers"]["draw"], Value::Null);
    draw(Some(&x), "offer");
    changed(&mut watcher);
    let state = play(&server, &id, &o, 2);
    assert_eq!(state["offers"]["draw"], Value::Null, "o played on");
    changed(&mut watcher);
    assert_eq!(
        refused(draw(Some(&o), "accept")),
        (409, "no_offer".to_owned())
    );

    // Offered by o, accepted by x (offering while o's stands accepts it too): a draw.
    draw(Some(&o), "offer");
    changed(&mut watcher);
    let (status, agreed) = draw(Some(&x), "offer");
    assert_eq!(status, 200, "{agreed}");
    let outcome = json!({
        "result": "draw", "winner": null,
        "reason": "the players agreed to a draw", "reason_code": "agreement"
    });
    assert_eq!(
        (&agreed["status"], &agreed["outcome"]),
        (&json!("over"), &outcome)
    );
    assert_eq!(agreed["offers"]["draw"], Value::Null);
    assert_eq!(changed(&mut watcher)["outcome"], outcome);
    assert_eq!(
        refused(draw(Some(&o), "offer")),
        (409, "game_over".to_owned())
    );
    // A catch-up with the last version seen has nothing to send but the players.
    let header = format!("Last-Event-ID: {version}\r\n");
    let (_, mut back) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 8), &id, None, &header);
    assert_eq!(back.next().expect("the players").kind, "players");
}

/// A rematch offered through `a` and accepted through `b` (one server, or two processes on
/// one database): seen by the streams of both, the sides swapped, the seats carried over.
fn rematch_between(a: &Server, b: &Server) {
    let (id, x, invitation) = friend_game(a, "x");
    let o = join(b, &id, &invitation);
    let at = |route: &str| format!("/api/games/{id}{route}");
    let rematch = |server: &Server, secret: Option<&str>, action: &str| {
        let body = json!({ "action": action }).to_string();
        call(server, 2, "POST", &at("/rematch"), secret, &body)
    };
    let (_, mut on_a) = Stream::open(a, Ipv4Addr::new(127, 0, 0, 8), &id, None, "");
    let (_, mut on_b) = Stream::open(b, Ipv4Addr::new(127, 0, 0, 9), &id, None, "");
    next_state(&mut on_a);
    next_state(&mut on_b);
    assert_eq!(
        refused(rematch(a, Some(&x), "offer")),
        (409, "not_over".to_owned())
    );
    let (status, _) = call(a, 1, "POST", &at("/resign"), Some(&x), "");
    assert_eq!(status, 200);

    // Only the players offer and answer; an offer stands once.
    for secret in [None, Some(forged(&x)), Some(invitation.clone())] {
        let answer = rematch(b, secret.as_deref(), "offer");
        assert_eq!(refused(answer), (403, "not_a_player".to_owned()));
    }
    assert_eq!(
        refused(rematch(a, Some(&x), "accept")),
        (409, "no_offer".to_owned())
    );
    let (status, offered) = rematch(a, Some(&x), "offer");
    assert_eq!((status, &offered["offers"]["rematch"]), (200, &json!("x")));
    assert_eq!(
        refused(rematch(a, Some(&x), "offer")),
        (409, "offer_pending".to_owned())
    );

    // o accepts through b: a new game, named in this one's state, on both processes' streams;
    // asked again by either player, the same one.
    let (status, accepted) = rematch(b, Some(&o), "accept");
    assert_eq!(status, 200, "{accepted}");
    let new = accepted["rematch"]
        .as_str()
        .expect("the new game")
        .to_owned();
    assert_eq!(accepted["offers"]["rematch"], Value::Null);
    for stream in [&mut on_a, &mut on_b] {
        let seen = stream.until("state", |s| !s["rematch"].is_null());
        assert_eq!(seen["rematch"], json!(new));
    }
    for (server, secret, action) in [(a, &o, "accept"), (b, &x, "offer"), (a, &x, "accept")] {
        let (status, again) = rematch(server, Some(secret), action);
        assert_eq!((status, &again["rematch"]), (200, &json!(new)), "{action}");
    }

    // The new game: sides swapped (x's player now plays o), both seats taken by the old
    // secrets, nothing to join; o's player, now x, moves first.
    let (status, game) = a.get(&format!("/api/games/{new}"));
    assert_eq!(status, 200);
    assert_eq!((&game["human"], &game["turn"]), (&json!("o"), &json!("x")));
    assert_eq!(moves(&game), 0);
    let players = |secret: &str| {
        let path = format!("/api/games/{new}/players");
        call(b, 2, "GET", &path, Some(secret), "").1
    };
    let seen = players(&x);
    assert_eq!(
        (&seen["you"], &seen["inviting"]),
        (&json!("o"), &json!(false))
    );
    assert_eq!(
        (&seen["x"]["taken"], &seen["o"]["taken"]),
        (&json!(true), &json!(true))
    );
    assert_eq!(players(&o)["you"], "x");
    let mv = json!({ "move": "l2-k3", "ply": 0 }).to_string();
    let path = format!("/api/games/{new}/move");
    let answer = call(b, 1, "POST", &path, Some(&x), &mv);
    assert_eq!(refused(answer), (409, "not_your_turn".to_owned()));
    let (status, played) = call(b, 2, "POST", &path, Some(&o), &mv);
    assert_eq!(status, 200, "{played}");
    let join_path = format!("/api/games/{new}/join");
    let answer = call(a, 3, "POST", &join_path, Some(&invitation), "");
    assert_eq!(refused(answer), (409, "seat_taken".to_owned()));
}

#[test]
fn a_rematch_swaps_the_sides_and_keeps_the_seats() {
    let server = here(&[]);
    rematch_between(&server, &server);
}

/// Two processes on one PostgreSQL: a rematch offered through one and accepted through the
/// other is seen by the streams of both.
#[test]
fn a_rematch_through_two_processes_is_seen_by_both() {
    let Some(url) = common::postgres() else {
        return;
    };
    let url = common::postgres_schema(&url);
    let a = here_on(&url, &[]);
    let b = here_on(&url, &[]);
    rematch_between(&a, &b);
}

/// A rematch agreed is a new game of the client who accepts it: past that client's share
/// of new games (`--games-per-minute`) or the store's room (`--max-games`), the accept is
/// refused as a new game would be, and the old game keeps its offer.
#[test]
fn a_rematch_counts_against_the_limits_of_the_client_who_accepts() {
    let server = here(&["--games-per-minute", "1", "--max-games", "3"]);
    // 127.0.0.1 makes the game (its one new game this minute), 127.0.0.2 joins.
    let (id, x, invitation) = friend_game(&server, "x");
    let o = join(&server, &id, &invitation);
    let over = |id: &str, secret: &str| {
        let path = format!("/api/games/{id}/resign");
        assert_eq!(call(&server, 1, "POST", &path, Some(secret), "").0, 200);
    };
    let rematch = |id: &str, source: u8, secret: &str, action: &str| {
        let body = json!({ "action": action }).to_string();
        let path = format!("/api/games/{id}/rematch");
        answer(&server, source, ("POST", &path), Some(secret), "", &body)
    };
    let offered = |id: &str| {
        let (_, state) = server.get(&format!("/api/games/{id}"));
        (state["offers"]["rematch"].clone(), state["rematch"].clone())
    };
    over(&id, &o);
    assert_eq!(rematch(&id, 1, &x, "offer").status, 200);
    let refused = rematch(&id, 1, &o, "accept");
    assert_eq!(
        (refused.status, refused.json()["code"].as_str()),
        (429, Some("too_many_games")),
        "the creator's client has made its game of the minute"
    );
    let wait: u64 = refused
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(offered(&id), (json!("x"), Value::Null), "the offer stands");

    // Another client's share is its own: the rematch is made.
    let accepted = rematch(&id, 2, &o, "accept");
    assert_eq!(accepted.status, 200);
    let second = accepted.json()["rematch"].as_str().unwrap().to_owned();

    // The store holds three games; a rematch of the second would be a fourth.
    let (status, third) = server.request_from(4, "POST", "/api/games", Some("{}"));
    assert_eq!(status, 201, "{third}");
    over(&second, &x);
    assert_eq!(rematch(&second, 3, &x, "offer").status, 200);
    let full = rematch(&second, 3, &o, "accept");
    assert_eq!(
        (full.status, full.json()["code"].as_str()),
        (503, Some("store_full")),
        "{:?}",
        full.json()
    );
    assert!(full.header("retry-after").is_some());
    assert_eq!(
        offered(&second),
        (json!("o"), Value::Null),
        "the offer stands"
    );
}

/// A join made through `a` and sent again through `b` (one server, or two processes on one
/// database) with the same `Idempotency-Key`: the same seat and secret; with another key,
/// with none, or with a key that is no key, refused.
fn join_again_between(a: &Server, b: &Server) {
    let (id, _, invitation) = friend_game(a, "x");
    let path = format!("/api/games/{id}/join");
    let join = |server: &Server, key: Option<&str>| {
        let header = key.map_or_else(String::new, |key| format!("Idempotency-Key: {key}\r\n"));
        let answer = answer(server, 2, ("POST", &path), Some(&invitation), &header, "");
        (answer.status, answer.json())
    };
    let (status, first) = join(a, Some("a7f3-join"));
    assert_eq!(status, 200, "{first}");
    let (status, again) = join(b, Some("a7f3-join"));
    assert_eq!((status, &again), (200, &first), "the same seat and secret");
    for key in [Some("another-key"), None] {
        assert_eq!(
            refused(join(b, key)),
            (409, "seat_taken".to_owned()),
            "{key:?}"
        );
    }
    assert_eq!(
        refused(join(a, Some("a key with spaces"))),
        (400, "bad_request".to_owned())
    );
    let secret = first["seat"]["secret"].as_str().unwrap();
    let players = format!("/api/games/{id}/players");
    let (_, seen) = call(b, 2, "GET", &players, Some(secret), "");
    assert_eq!(
        seen["you"], "o",
        "the secret answered again holds the seat: {seen}"
    );
    // A key opens nothing by itself: an invitation that is not the game's, with the key.
    let (other, _, _) = friend_game(a, "x");
    let other = format!("/api/games/{other}/join");
    let header = "Idempotency-Key: a7f3-join\r\n";
    let stolen = answer(b, 3, ("POST", &other), Some(&invitation), header, "");
    assert_eq!(
        (stolen.status, stolen.json()["code"].as_str()),
        (409, Some("seat_taken"))
    );
}

#[test]
fn a_join_sent_again_with_its_key_gets_the_same_seat() {
    let server = here(&[]);
    join_again_between(&server, &server);
}

/// Two processes on one PostgreSQL: a join answered by one and sent again to the other
/// gets the same seat (the keys are the database's, not a process's).
#[test]
fn a_join_sent_again_to_the_other_process_gets_the_same_seat() {
    let Some(url) = common::postgres() else {
        return;
    };
    let url = common::postgres_schema(&url);
    let a = here_on(&url, &[]);
    let b = here_on(&url, &[]);
    join_again_between(&a, &b);
}

/// A new game between two people with a clock of `initial` seconds and `increment`
/// seconds a move, joined: its id and the secrets of x (the creator) and o.
fn clocked(server: &Server, initial: u64, increment: u64) -> (String, String, String) {
    let clock = json!({ "initial": initial, "increment": increment });
    let body = json!({ "opponent": "friend", "clock": clock }).to_string();
    let (status, made) = call(server, 1, "POST", "/api/games", None, &body);
    assert_eq!(status, 201, "{made}");
    let text = |v: &Value| v.as_str().expect("a string").to_owned();
    let id = text(&made["id"]);
    assert_eq!(
        made["clock"],
        json!({ "initial": initial, "increment": increment,
                "x_ms": initial * 1000, "o_ms": initial * 1000, "running": null })
    );
    (
        id,
        text(&made["seat"]["secret"]),
        text(&made["invitation"]["claim"]),
    )
}

/// The clock runs from the server's time only: no clock while the invitation is open, the
/// mover charged what the server measured and given the increment, and a flag that falls
/// decided by the server, told to the streams by its timer, and refused a late move.
#[test]
fn the_server_keeps_the_clocks_and_decides_the_flag() {
    let server = here(&[]);
    for bad in [
        json!({ "initial": 9, "increment": 0 }),
        json!({ "initial": 10, "increment": 61 }),
        json!({ "initial": 10 }),
        json!({ "initial": "10", "increment": 0 }),
        json!({ "initial": 10, "increment": 0, "x_ms": 1 }),
        json!(300),
    ] {
        let body = json!({ "opponent": "friend", "clock": bad }).to_string();
        let answer = call(&server, 1, "POST", "/api/games", None, &body);
        assert_eq!(refused(answer), (400, "bad_clock".to_owned()), "{bad}");
    }
    let body = json!({ "clock": { "initial": 60, "increment": 0 } }).to_string();
    let answer = call(&server, 1, "POST", "/api/games", None, &body);
    assert_eq!(
        refused(answer),
        (400, "bad_clock".to_owned()),
        "not against the computer"
    );

    // Two games: one streamed (its flag told by the timer), one never read until late
    // (its flag decided by the next request).
    let (id, x, invitation) = clocked(&server, 10, 2);
    let (quiet, quiet_x, quiet_invitation) = clocked(&server, 10, 0);
    let at = |route: &str| format!("/api/games/{id}{route}");
    std::thread::sleep(std::time::Duration::from_millis(1200));
    let (_, waiting) = server.get(&at(""));
    assert_eq!(
        waiting["clock"]["x_ms"], 10_000,
        "no clock while the invitation is open"
    );
    let joined = std::time::Instant::now();
    let o = join(&server, &id, &invitation);
    join(&server, &quiet, &quiet_invitation);
    let (_, mut watcher) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 9), &id, None, "");
    let (_, running) = next_state(&mut watcher);
    assert_eq!(running["clock"]["running"], "x");

    // The API takes no time from a client: a move that names one is refused.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let (_, state) = server.get(&at(""));
    let text = common::friends::some_move(&state, 0);
    let lie = json!({ "move": text, "ply": 0, "x_ms": 10_000 }).to_string();
    let answer = call(&server, 1, "POST", &at("/move"), Some(&x), &lie);
    assert_eq!(refused(answer), (400, "invalid_json".to_owned()));
    let mv = json!({ "move": text, "ply": 0 }).to_string();
    let (status, played) = call(&server, 1, "POST", &at("/move"), Some(&x), &mv);
    let measured = i64::try_from(joined.elapsed().as_millis()).expect("ms");
    assert_eq!(status, 200, "{played}");
    let clock = &played["state"]["clock"];
    let x_ms = clock["x_ms"].as_i64().expect("x's time");
    // 10 s, less what the server measured from the join to the move (at least the 1.5 s
    // slept, at most what this test measured around it), plus the 2 s increment.
    assert!(x_ms <= 12_000 - 1_500, "x was not charged: {clock}");
    assert!(
        x_ms >= 12_000 - measured,
        "x was charged more than it took: {clock}"
    );
    // o's clock runs from the move, as of the moment the answer was written.
    let o_ms = clock["o_ms"].as_i64().expect("o's time");
    assert!((10_000 - measured..=10_000).contains(&o_ms), "{clock}");
    assert_eq!(clock["running"], "o");

    // o lets its flag fall: the stream is told by the server, with no request made.
    let over = watcher.until("state", |s| s["status"] == "over");
    assert_eq!(
        over["outcome"],
        json!({ "result": "win", "winner": "x", "reason": "o ran out of time", "reason_code": "time" })
    );
    assert_eq!(
        (&over["clock"]["o_ms"], &over["clock"]["running"]),
        (&json!(0), &Value::Null)
    );
    let (_, state) = server.get(&at(""));
    let late = json!({ "move": common::friends::some_move(&played["state"], 0), "ply": 1 });
    let answer = call(
        &server,
        2,
        "POST",
        &at("/move"),
        Some(&o),
        &late.to_string(),
    );
    assert_eq!(refused(answer), (409, "game_over".to_owned()));
    assert_eq!(state["outcome"]["reason_code"], "time");

    // The quiet game's flag fell long ago: the first request decides it (x lost on time).
    let (_, seen) = server.get(&format!("/api/games/{quiet}"));
    assert_eq!(
        (&seen["status"], &seen["outcome"]["winner"]),
        (&json!("over"), &json!("o"))
    );
    assert_eq!(seen["clock"]["x_ms"], 0);
    let answer = call(
        &server,
        1,
        "POST",
        &format!("/api/games/{quiet}/resign"),
        Some(&quiet_x),
        "",
    );
    assert_eq!(refused(answer), (409, "game_over".to_owned()));
}

/// Two processes on one PostgreSQL stream a game whose flag falls: both timers fire, one
/// stores the ending, and both streams see the one version it made.
#[test]
fn a_flag_is_decided_once_across_two_processes() {
    let Some(url) = common::postgres() else {
        return;
    };
    let url = common::postgres_schema(&url);
    let a = here_on(&url, &[]);
    let b = here_on(&url, &[]);
    let (id, _, invitation) = clocked(&a, 10, 0);
    join(&b, &id, &invitation);
    let (_, mut on_a) = Stream::open(&a, Ipv4Addr::new(127, 0, 0, 8), &id, None, "");
    let (_, mut on_b) = Stream::open(&b, Ipv4Addr::new(127, 0, 0, 9), &id, None, "");
    let (started, state) = next_state(&mut on_a);
    assert_eq!(state["clock"]["running"], "x");
    assert_eq!(next_state(&mut on_b).0, started);
    for stream in [&mut on_a, &mut on_b] {
        let (version, over) = next_state(stream);
        assert_eq!(over["outcome"]["reason_code"], "time");
        assert_eq!(version, started + 1, "the flag was stored once");
    }
    let (_, state) = b.get(&format!("/api/games/{id}"));
    assert_eq!(state["outcome"]["winner"], "o");
}

/// A claim of the win through `server` by the player holding `secret`, if any: status,
/// code and `Retry-After`.
fn claim(server: &Server, id: &str, secret: Option<&str>) -> (u16, String, Option<String>) {
    let auth = secret.map_or_else(String::new, |s| format!("Authorization: Bearer {s}\r\n"));
    let head = format!(
        "POST /api/games/{id}/claim HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: 0\r\n\r\n",
        server.addr
    );
    let response = server.raw_from(2, &head, b"");
    let code = response.json()["code"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (response.status, code, response.header("retry-after"))
}

/// A player who leaves: the other is told how long they have been away and when the win may
/// be claimed, and claims it after `--abandon-after-secs`; not before, not while the
/// opponent is here, and nobody else ever.
#[test]
fn a_player_who_stays_away_loses_when_the_other_claims() {
    let server = here(&["--abandon-after-secs", "5"]);
    let (id, x, invitation) = friend_game(&server, "x");
    // Before o joins there is nobody to claim against.
    let early = claim(&server, &id, Some(&x));
    assert_eq!((early.0, early.1.as_str()), (409, "too_early"));
    assert_eq!(early.2.as_deref(), Some("5"), "the least wait");
    let o = join(&server, &id, &invitation);
    let (_, mut x_live) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 1), &id, Some(&x), "");
    let (_, mut o_live) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 2), &id, Some(&o), "");
    // o is here: x is told so, and no claim can come of waiting.
    let players = x_live.until("players", |p| p["o"]["here"] == true);
    assert_eq!(
        (&players["you"], &players["claim_in"]),
        (&json!("x"), &Value::Null)
    );
    assert_eq!(players["o"]["away_for"], Value::Null);
    let refused_here = claim(&server, &id, Some(&x));
    assert_eq!(
        (refused_here.0, refused_here.1.as_str()),
        (409, "too_early")
    );

    // o goes: x sees o away and when it may claim; o cannot claim against x, who is here;
    // strangers and forged secrets never.
    drop(o_live);
    let players = x_live.until("players", |p| p["o"]["here"] == false);
    let claim_in = players["claim_in"].as_u64().expect("a claim to come");
    assert!((1..=5).contains(&claim_in), "{players}");
    assert!(players["o"]["away_for"].as_u64().is_some(), "{players}");
    let (_, seen) = call(
        &server,
        2,
        "GET",
        &format!("/api/games/{id}/players"),
        Some(&o),
        "",
    );
    assert_eq!(
        (&seen["you"], &seen["claim_in"]),
        (&json!("o"), &Value::Null)
    );
    let refused_o = claim(&server, &id, Some(&o));
    assert_eq!((refused_o.0, refused_o.1.as_str()), (409, "too_early"));
    for secret in [None, Some(forged(&x)), Some(invitation.clone())] {
        let (status, code, _) = claim(&server, &id, secret.as_deref());
        assert_eq!((status, code.as_str()), (403, "not_a_player"));
    }
    let soon = claim(&server, &id, Some(&x));
    assert_eq!((soon.0, soon.1.as_str()), (409, "too_early"));
    let wait: u64 = soon.2.expect("Retry-After").parse().expect("seconds");
    assert!((1..=5).contains(&wait), "{wait}");

    // After the time: x claims the win; both are told; the game is over.
    std::thread::sleep(std::time::Duration::from_secs(wait));
    let (status, won) = call(
        &server,
        1,
        "POST",
        &format!("/api/games/{id}/claim"),
        Some(&x),
        "{}",
    );
    assert_eq!(status, 200, "{won}");
    assert_eq!(
        won["outcome"],
        json!({ "result": "win", "winner": "x", "reason": "o left the game", "reason_code": "abandonment" })
    );
    let seen = x_live.until("state", |s| s["status"] == "over");
    assert_eq!(seen["outcome"]["reason_code"], "abandonment");
    let players = x_live.until("players", |p| p["claim_in"].is_null());
    assert_eq!(players["you"], "x");
    let (status, code, _) = claim(&server, &id, Some(&x));
    assert_eq!((status, code.as_str()), (409, "game_over"));
    o_live = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 2), &id, Some(&o), "").1;
    assert_eq!(next_state(&mut o_live).1["outcome"]["winner"], "x");
}

/// x with a stream on `a` and another on `b` (one server, or two processes on one
/// database; the abandonment period 1 s): x stays here while either is open, however long
/// after the other ended, and o's claim is too early; once the last ends, x shows away at
/// once on both, and the claim wins after the period.
fn presence_between(a: &Server, b: &Server) {
    let (id, x, invitation) = friend_game(a, "x");
    let o = join(b, &id, &invitation);
    let (_, x_on_a) = Stream::open(a, Ipv4Addr::new(127, 0, 0, 1), &id, Some(&x), "");
    let (_, mut x_on_b) = Stream::open(b, Ipv4Addr::new(127, 0, 0, 1), &id, Some(&x), "");
    let (_, mut o_live) = Stream::open(b, Ipv4Addr::new(127, 0, 0, 2), &id, Some(&o), "");
    o_live.until("players", |p| p["x"]["here"] == true);
    x_on_b.until("players", |p| p["o"]["here"] == true);
    let x_here = |server: &Server| {
        let path = format!("/api/games/{id}/players");
        call(server, 2, "GET", &path, Some(&o), "").1["x"]["here"] == true
    };
    drop(x_on_a);
    // Well past the period, x is still here by the stream on b.
    std::thread::sleep(std::time::Duration::from_millis(2_500));
    assert!(
        x_here(a) && x_here(b),
        "a stream on any process keeps x here"
    );
    let early = claim(b, &id, Some(&o));
    assert_eq!((early.0, early.1.as_str()), (409, "too_early"));

    drop(x_on_b);
    let away = Server::eventually(std::time::Duration::from_secs(5), || {
        !x_here(a) && !x_here(b)
    });
    assert!(
        away,
        "x shows away once the last stream ends, not when a mark lapses"
    );
    o_live.until("players", |p| p["x"]["here"] == false);
    let won = Server::eventually(std::time::Duration::from_secs(5), || {
        claim(a, &id, Some(&o)).0 == 200
    });
    assert!(won, "the claim wins the period after x left");
}

#[test]
fn a_player_with_a_stream_open_is_here_until_the_last_ends() {
    let server = here(&["--abandon-after-secs", "1"]);
    presence_between(&server, &server);
}

/// Two processes on one PostgreSQL: a player's stream on either keeps them here; the last
/// ending, on whichever process, makes them away at once.
#[test]
fn a_player_with_a_stream_open_on_another_process_is_here() {
    let Some(url) = common::postgres() else {
        return;
    };
    let url = common::postgres_schema(&url);
    let a = here_on(&url, &["--abandon-after-secs", "1"]);
    let b = here_on(&url, &["--abandon-after-secs", "1"]);
    presence_between(&a, &b);
}

/// A creator who made the game and left, having opened its page (`opened`) or never: the
/// friend joins well after the abandonment period (1 s), and the period counts from the
/// join: a claim at once is too early, one after the period (the creator still away) wins.
fn late_joiner(opened: bool) {
    let server = here(&["--abandon-after-secs", "1"]);
    let (id, x, invitation) = friend_game(&server, "x");
    if opened {
        let (_, mut x_live) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 1), &id, Some(&x), "");
        x_live.until("players", |p| p["x"]["here"] == true);
    }
    std::thread::sleep(std::time::Duration::from_millis(2_500));
    let o = join(&server, &id, &invitation);
    let (_, mut o_live) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 2), &id, Some(&o), "");
    o_live.until("players", |p| p["o"]["here"] == true);
    let early = claim(&server, &id, Some(&o));
    assert_eq!(
        (early.0, early.1.as_str()),
        (409, "too_early"),
        "opened: {opened}"
    );
    let won = Server::eventually(std::time::Duration::from_secs(5), || {
        claim(&server, &id, Some(&o)).0 == 200
    });
    assert!(
        won,
        "the claim wins once the period has passed since the join"
    );
}

#[test]
fn absence_before_the_join_is_no_abandonment() {
    late_joiner(false);
    late_joiner(true);
}

/// An offer lapses once its maker has been away the abandonment period (1 s): accepted
/// after that, `409 offer_lapsed`, and the state no longer shows it; a draw in play, and a
/// rematch after the end, likewise.
#[test]
fn an_offer_lapses_once_its_maker_has_been_away_the_period() {
    let server = here(&["--abandon-after-secs", "1"]);
    let (id, x, invitation) = friend_game(&server, "x");
    let o = join(&server, &id, &invitation);
    let path = |route: &str| format!("/api/games/{id}{route}");
    let (_, mut o_live) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 2), &id, Some(&o), "");
    let offer = |kind: &str, secret: &str, action: &str| {
        let body = json!({ "action": action }).to_string();
        call(
            &server,
            1,
            "POST",
            &path(&format!("/{kind}")),
            Some(secret),
            &body,
        )
    };
    for kind in ["draw", "rematch"] {
        if kind == "rematch" {
            assert_eq!(
                call(&server, 2, "POST", &path("/resign"), Some(&o), "").0,
                200
            );
        }
        // x offers with the page open, and leaves.
        let (_, x_live) = Stream::open(&server, Ipv4Addr::new(127, 0, 0, 1), &id, Some(&x), "");
        o_live.until("players", |p| p["x"]["here"] == true);
        let (status, offered) = offer(kind, &x, "offer");
        assert_eq!(
            (status, &offered["offers"][kind]),
            (200, &json!("x")),
            "{offered}"
        );
        drop(x_live);
        o_live.until("players", |p| p["x"]["here"] == false);
        std::thread::sleep(std::time::Duration::from_millis(1_200));
        assert_eq!(
            refused(offer(kind, &o, "accept")),
            (409, "offer_lapsed".to_owned()),
            "{kind}"
        );
        let (_, state) = server.get(&path(""));
        assert_eq!(state["offers"][kind], Value::Null, "{kind}: {state}");
        assert_eq!(state["rematch"], Value::Null);
        assert_eq!(
            refused(offer(kind, &o, "accept")),
            (409, "no_offer".to_owned())
        );
    }
}
