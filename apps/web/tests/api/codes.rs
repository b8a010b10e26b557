//! The stable `code` of the API's errors, over real HTTP: each one provoked as a client
//! would meet it, beside the English `error` it always had, and translated in every
//! language of the page.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::time::Duration;

use serde_json::{Value, json};

use super::here;
use crate::common::{self, Server};

/// A won position: x's pieces fill its goal camp.
const WON: &str =
    "xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/16/16/7o8/16/16/14oo/13ooo/12oooo/11ooooo/11oooo1 o";

/// Asserts that `(status, body)` is an error with `status` and `code`, its English message
/// kept; returns the code.
fn expect_code((status, body): (u16, Value), expected: u16, code: &str) -> String {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["code"], code, "{body}");
    let message = body["error"].as_str().unwrap_or_default();
    assert!(!message.is_empty(), "{body}");
    assert!(message.is_ascii(), "the message stays English: {body}");
    code.to_owned()
}

/// A request with a raw head (it should say `Connection: close`) and body; status and JSON.
fn raw(server: &Server, head: &str, body: &[u8]) -> (u16, Value) {
    let response = server.raw(head, body);
    (response.status, response.json())
}

#[test]
fn every_error_a_client_can_provoke_has_its_code() {
    let server = here(&["--body-timeout-ms", "300"]);
    let id = server.new_game(json!({}));
    let game = |action: &str| format!("/api/games/{id}/{action}");
    let host = &server.addr;
    let mut seen = BTreeSet::new();
    let mut check = |answer, status, code| {
        seen.insert(expect_code(answer, status, code));
    };

    check(
        server.request("POST", "/api/games", Some("{")),
        400,
        "invalid_json",
    );
    check(
        server.request("POST", &game("move"), None),
        400,
        "missing_body",
    );
    check(
        server.post(&game("move"), json!({ "move": "zz" })),
        400,
        "bad_move_text",
    );
    check(server.get(&game("destinations?from=z9")), 400, "bad_square");
    check(server.get(&game("destinations")), 400, "bad_square");
    check(
        server.post("/api/games", json!({ "level": 11 })),
        400,
        "bad_level",
    );
    check(
        server.post("/api/games", json!({ "human": "q" })),
        400,
        "bad_side",
    );
    check(
        server.post("/api/games", json!({ "position": "16" })),
        400,
        "bad_position",
    );
    check(
        raw(
            &server,
            &format!(
                "POST /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nOrigin: http://evil.example\r\nContent-Length: 2\r\n\r\n"
            ),
            b"{}",
        ),
        403,
        "cross_site",
    );
    check(
        raw(
            &server,
            "GET /api/games HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n",
            b"",
        ),
        421,
        "wrong_host",
    );
    check(
        raw(
            &server,
            &format!(
                "GET /api/games/{id} HTTP/1.1\r\nHost: {host}\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n"
            ),
            b"",
        ),
        400,
        "bad_host",
    );
    let unknown = "f".repeat(32);
    check(
        server.get(&format!("/api/games/{unknown}")),
        404,
        "game_not_found",
    );
    check(server.get("/no/such/page"), 404, "not_found");
    check(
        server.request("DELETE", "/api/games", None),
        405,
        "method_not_allowed",
    );
    check(
        raw(
            &server,
            &format!(
                "POST {} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n",
                game("move")
            ),
            b"{\"mo",
        ),
        408,
        "body_timeout",
    );
    check(
        server.post(&game("undo"), json!({})),
        409,
        "nothing_to_undo",
    );
    check(
        server.post(&game("computer"), json!({})),
        409,
        "not_computer_turn",
    );
    let (status, _) = server.post(&game("move"), json!({ "move": "l2-k3" }));
    assert_eq!(status, 200);
    check(
        server.post(&game("move"), json!({ "move": "k3-j4" })),
        409,
        "not_your_turn",
    );
    let (status, over) = server.post("/api/games", json!({ "position": WON }));
    assert_eq!(status, 201, "{over}");
    let over = over["id"].as_str().expect("an id").to_owned();
    check(
        server.post(
            &format!("/api/games/{over}/move"),
            json!({ "move": "l2-k3" }),
        ),
        409,
        "game_over",
    );
    check(
        raw(
            &server,
            &format!(
                "POST /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 20000\r\n\r\n"
            ),
            b"",
        ),
        413,
        "body_too_large",
    );
    check(
        raw(
            &server,
            &format!(
                "POST /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: 2\r\n\r\n"
            ),
            b"{}",
        ),
        415,
        "not_json",
    );
    let fresh = server.new_game(json!({}));
    check(
        server.post(
            &format!("/api/games/{fresh}/move"),
            json!({ "move": "p1-p6" }),
        ),
        422,
        "illegal_move",
    );
    check(
        server.post(
            &format!("/api/games/{fresh}/move"),
            json!({ "move": "l2-k3", "ply": 3 }),
        ),
        409,
        "stale_ply",
    );
    drop(server);
    let short = here(&["--max-plies", "1"]);
    let game = short.new_game(json!({}));
    let (status, _) = short.post(
        &format!("/api/games/{game}/move"),
        json!({ "move": "l2-k3" }),
    );
    assert_eq!(status, 200);
    check(
        short.post(&format!("/api/games/{game}/computer"), json!({})),
        409,
        "game_too_long",
    );
    drop(short);
    let private = here(&["--metrics-from", "10.0.0.0/8"]);
    check(private.get("/metrics"), 403, "forbidden");
    drop(private);

    // The limits: games per minute, games stored, engines.
    let limited = here(&["--games-per-minute", "1"]);
    limited.new_game(json!({}));
    check(limited.post("/api/games", json!({})), 429, "too_many_games");
    let full = here(&["--max-games", "1"]);
    full.new_game(json!({}));
    check(full.post("/api/games", json!({})), 503, "store_full");
    // One search at a time per client: while its level-10 search holds the game (a second,
    // waiting or running), the client's next search is refused at once, whatever the load.
    let busy = here(&["--engines", "1", "--searches-per-client", "1"]);
    let slow = busy.new_game(json!({ "level": 10 }));
    let other = busy.new_game(json!({ "level": 10 }));
    for id in [&slow, &other] {
        let (status, _) = busy.post(&format!("/api/games/{id}/move"), json!({ "move": "l2-k3" }));
        assert_eq!(status, 200);
    }
    std::thread::scope(|scope| {
        let thinking = scope.spawn(|| busy.post(&format!("/api/games/{slow}/computer"), json!({})));
        assert!(
            Server::eventually(Duration::from_secs(10), || {
                busy.get(&format!("/api/games/{slow}")).1["status"] == "thinking"
            }),
            "the computer never thought"
        );
        check(
            busy.post(&format!("/api/games/{slow}/undo"), json!({})),
            409,
            "thinking",
        );
        check(
            busy.post(&format!("/api/games/{other}/computer"), json!({})),
            503,
            "busy",
        );
        let (status, reply) = thinking.join().expect("the request thread");
        assert_eq!(status, 200, "{reply}");
    });

    // Games between two people: a stranger's move, the computer's, a spent invitation, an
    // unknown opponent, and live streams past the client's bound.
    let live = here(&["--live-per-client", "1"]);
    check(
        live.post("/api/games", json!({ "opponent": "dog" })),
        400,
        "bad_opponent",
    );
    check(
        live.post(
            "/api/games",
            json!({ "opponent": "friend", "clock": { "initial": 5, "increment": 0 } }),
        ),
        400,
        "bad_clock",
    );
    let (status, made) = live.post("/api/games", json!({ "opponent": "friend" }));
    assert_eq!(status, 201, "{made}");
    let friends = made["id"].as_str().expect("an id").to_owned();
    let claim = made["invitation"]["claim"].as_str().expect("a claim");
    let path = |action: &str| format!("/api/games/{friends}/{action}");
    check(
        live.post(&path("move"), json!({ "move": "l2-k3" })),
        403,
        "not_a_player",
    );
    check(live.post(&path("computer"), json!({})), 409, "friend_game");
    let join = |claim: &str| {
        let head = format!(
            "POST {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nAuthorization: Bearer {claim}\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n",
            path("join"),
            live.addr
        );
        raw(&live, &head, b"")
    };
    assert_eq!(join(claim).0, 200);
    check(join(claim), 409, "seat_taken");
    // A player's offers: one standing at a time, answered only when made; none of it in a
    // game against the computer.
    let secret = made["seat"]["secret"].as_str().expect("a secret");
    let as_player = |route: &str, body: &str| {
        let head = format!(
            "POST {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nAuthorization: Bearer {secret}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            path(route),
            live.addr,
            body.len()
        );
        raw(&live, &head, body.as_bytes())
    };
    check(
        as_player("draw", r#"{"action": "accept"}"#),
        409,
        "no_offer",
    );
    assert_eq!(as_player("draw", r#"{"action": "offer"}"#).0, 200);
    check(
        as_player("draw", r#"{"action": "offer"}"#),
        409,
        "offer_pending",
    );
    check(
        as_player("rematch", r#"{"action": "offer"}"#),
        409,
        "not_over",
    );
    check(as_player("claim", ""), 409, "too_early");
    let computer = live.new_game(json!({}));
    check(
        live.post(&format!("/api/games/{computer}/resign"), json!({})),
        409,
        "computer_game",
    );
    let mut stream = live.connect_from(1);
    write!(
        stream,
        "GET {} HTTP/1.1\r\nHost: {}\r\n\r\n",
        path("live"),
        live.addr
    )
    .expect("send");
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).expect("the stream's head");
    assert_eq!(&head, b"HTTP/1.1 200");
    check(live.get(&path("live")), 429, "too_many_live");
    drop((stream, live));

    // An offer whose maker has been away the abandonment period, answered.
    let lapsing = here(&["--abandon-after-secs", "1"]);
    let (id, x, invitation) = crate::common::friends::friend_game(&lapsing, "x");
    let o = crate::common::friends::join(&lapsing, &id, &invitation);
    let draw = |secret: &str, action: &str| {
        let body = json!({ "action": action }).to_string();
        let path = format!("/api/games/{id}/draw");
        crate::common::friends::call(&lapsing, 1, "POST", &path, Some(secret), &body)
    };
    assert_eq!(draw(&x, "offer").0, 200);
    std::thread::sleep(Duration::from_millis(1_200));
    check(draw(&o, "accept"), 409, "offer_lapsed");

    // A server that searches nothing: a search asked of it.
    let client_only = here(&["--no-engine"]);
    let game = client_only.new_game(json!({ "human": "o" }));
    check(
        client_only.post(&format!("/api/games/{game}/computer"), json!({})),
        501,
        "no_engine",
    );
    check(
        client_only.get(&format!("/api/games/{game}/hint")),
        501,
        "no_engine",
    );

    // Every code the page translates was seen but those no client can provoke at will (a
    // body that fails to arrive whole, a lost race between two requests, the database down,
    // a bug: the unit tests of src/http/error.rs check them) and the page's own `unknown`; and
    // every language translates each.
    let unprovoked = [
        "bad_request",
        "conflict",
        "unavailable",
        "internal",
        "unknown",
    ];
    let translated: BTreeSet<String> = halma_i18n::english()
        .messages()
        .keys()
        .filter_map(|key| key.strip_prefix("error."))
        .filter(|code| !unprovoked.contains(code))
        .map(str::to_owned)
        .collect();
    assert_eq!(seen, translated);
    for catalog in halma_i18n::catalogs() {
        for code in &seen {
            let key = format!("error.{code}");
            assert!(catalog.messages().contains_key(&key), "{catalog}: {key}");
        }
    }
}

/// An error's body is JSON with exactly two fields: the English message and the code.
#[test]
fn an_error_body_is_json_with_both_fields() {
    let server = here(&[]);
    let mut stream = server.connect_from(1);
    write!(
        stream,
        "GET /api/games/{} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        "0".repeat(32),
        server.addr
    )
    .expect("send");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("read");
    let response = common::Response::parse(&answer);
    assert_eq!(response.status, 404);
    let body = response.json();
    let fields: BTreeSet<&str> = body
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(fields, BTreeSet::from(["code", "error"]));
    assert_eq!(body["code"], "game_not_found");
}
