//! The browser game's JSON API over real HTTP/1.1: a game against the computer from its
//! start to its end, its errors, its moves while the computer thinks; and the computer's
//! moves searched by the client (the page's engine in the browser): sent in the body of the
//! computer-move request, checked and stored as every move is, on a server that runs no
//! engine too (`--no-engine`).

use std::io::{Read, Write};

use serde_json::{Value, json};

use super::here;
use crate::common::strings;

#[test]
fn a_game_through_the_api() {
    let server = here(&[]);

    // New game: the start position, x (the person) to move, 19 pieces a side.
    let (status, state) = server.post("/api/games", json!({ "level": 2 }));
    assert_eq!(status, 201, "{state}");
    let id = state["id"].as_str().expect("id").to_owned();
    assert_eq!(id.len(), 32, "128 bits");
    assert!(id.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(state["link"], format!("/g/{id}"));
    assert_eq!(state["status"], "your_turn");
    assert_eq!(state["human"], "x");
    assert_eq!(state["level"], 2);
    assert_eq!(
        state["position"],
        "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x"
    );
    assert_eq!(strings(&state["pieces"]["x"]).len(), 19);
    assert_eq!(strings(&state["camps"]["o"]).len(), 19);
    assert!(strings(&state["camps"]["x"]).contains(&"p1".to_owned()));
    assert_eq!(strings(&state["destinations"]["n2"]), ["l4"]);
    assert_eq!(state["can_undo"], false);

    // Two games get two ids.
    assert_ne!(server.new_game(json!({})), id);

    // State.
    let (status, again) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200);
    assert_eq!(again["id"], id.as_str());
    assert_eq!(again["moves"], json!([]));

    // Destinations of one piece.
    let (status, dests) = server.get(&format!("/api/games/{id}/destinations?from=n4"));
    assert_eq!(status, 200);
    assert_eq!(strings(&dests["to"]), strings(&state["destinations"]["n4"]));

    // A legal jump, given as a hop path; the reply has its path.
    let (status, played) =
        server.post(&format!("/api/games/{id}/move"), json!({ "move": "n3-n5" }));
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["move"], "n3-n5");
    assert_eq!(strings(&played["path"]), ["n3", "n5"]);
    assert_eq!(played["state"]["status"], "computer_turn");
    assert_eq!(played["state"]["turn"], "o");
    assert_eq!(played["state"]["destinations"], json!({}));

    // The computer replies with a legal o move.
    let before: Vec<String> = strings(&played["state"]["pieces"]["o"]);
    let (status, reply) = server.post(&format!("/api/games/{id}/computer"), json!({}));
    assert_eq!(status, 200, "{reply}");
    let mv = reply["move"].as_str().expect("a move");
    let (from, to) = mv.split_once('-').expect("from-to");
    assert!(
        before.contains(&from.to_owned()),
        "{mv} starts on an o piece"
    );
    let path = strings(&reply["path"]);
    assert_eq!(path.first().map(String::as_str), Some(from));
    assert_eq!(path.last().map(String::as_str), Some(to));
    assert!(reply["search"]["depth"].as_u64().is_some());
    let state = &reply["state"];
    assert_eq!(state["moves"], json!(["n3-n5", mv]));
    assert_eq!(state["status"], "your_turn");
    assert_eq!(state["last_move"]["move"], mv);
    assert_eq!(state["last_move"]["side"], "o");
    assert!(strings(&state["pieces"]["o"]).contains(&to.to_owned()));
    assert_eq!(state["can_undo"], true);

    // A hint is one of the person's legal moves; it changes nothing.
    let (status, hint) = server.get(&format!("/api/games/{id}/hint"));
    assert_eq!(status, 200, "{hint}");
    let (hint_from, hint_to) = hint["move"]
        .as_str()
        .expect("move")
        .split_once('-')
        .expect("from-to");
    assert!(strings(&state["destinations"][hint_from]).contains(&hint_to.to_owned()));
    let (_, unchanged) = server.get(&format!("/api/games/{id}"));
    assert_eq!(unchanged["moves"].as_array().map(Vec::len), Some(2));

    // The level.
    let (status, leveled) = server.post(&format!("/api/games/{id}/level"), json!({ "level": 7 }));
    assert_eq!(status, 200, "{leveled}");
    assert_eq!(leveled["level"], 7);

    // Undo takes back the person's move and the reply.
    let (status, undone) = server.post(&format!("/api/games/{id}/undo"), json!({}));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["moves"], json!([]));
    assert_eq!(undone["status"], "your_turn");
    assert_eq!(undone["position"], again["position"]);
    assert_eq!(undone["last_move"], Value::Null);

    // Delete.
    let (status, _) = server.request("DELETE", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200);
    server.expect_error(server.get(&format!("/api/games/{id}")), 404, "no game");
}

#[test]
fn playing_o_the_computer_opens() {
    let server = here(&[]);
    let id = server.new_game(json!({ "human": "o", "level": 1 }));
    let (_, state) = server.get(&format!("/api/games/{id}"));
    assert_eq!(state["status"], "computer_turn");
    assert_eq!(state["computer"], "x");
    server.expect_error(
        server.post(
            &format!("/api/games/{id}/move"),
            json!({ "move": "e15-f14" }),
        ),
        409,
        "computer's turn",
    );
    server.expect_error(
        server.post(&format!("/api/games/{id}/undo"), json!({})),
        409,
        "nothing to undo",
    );
    let (status, reply) = server.post(&format!("/api/games/{id}/computer"), json!({}));
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["state"]["status"], "your_turn");
    assert_eq!(reply["state"]["turn"], "o");
    // Undo with only the computer's move played: nothing of the person's to take back.
    server.expect_error(
        server.post(&format!("/api/games/{id}/undo"), json!({})),
        409,
        "nothing to undo",
    );
    server.expect_error(
        server.post(&format!("/api/games/{id}/computer"), json!({})),
        409,
        "your turn",
    );
}

#[test]
fn bad_requests_get_json_errors_and_the_server_survives() {
    let server = here(&[]);
    let id = server.new_game(json!({}));
    let game = format!("/api/games/{id}");
    let mv = format!("{game}/move");

    // Malformed JSON, wrong shapes, missing bodies.
    server.expect_error(
        server.request("POST", &mv, Some("{\"move\": ")),
        400,
        "invalid JSON",
    );
    server.expect_error(
        server.request("POST", &mv, Some("[1, 2]")),
        400,
        "invalid JSON",
    );
    server.expect_error(
        server.request("POST", &mv, Some("\u{feff}\u{0}")),
        400,
        "invalid JSON",
    );
    server.expect_error(server.request("POST", &mv, None), 400, "needs a JSON body");
    server.expect_error(
        server.post(&mv, json!({ "mv": "l2-k3" })),
        400,
        "unknown field",
    );
    server.expect_error(server.post(&mv, json!({ "move": 12 })), 400, "invalid JSON");
    server.expect_error(
        server.post("/api/games", json!({ "level": 0 })),
        400,
        "level must be 1 to 10",
    );
    server.expect_error(
        server.post("/api/games", json!({ "level": 300 })),
        400,
        "invalid JSON",
    );
    server.expect_error(
        server.post("/api/games", json!({ "human": "z" })),
        400,
        "human must be",
    );
    server.expect_error(
        server.post(&format!("{game}/level"), json!({ "level": 11 })),
        400,
        "level",
    );

    // Move text that is not move text, and moves that are not legal.
    server.expect_error(
        server.post(&mv, json!({ "move": "zz9" })),
        400,
        "invalid move text",
    );
    server.expect_error(
        server.post(&mv, json!({ "move": "a1-a2" })),
        422,
        "no piece on a1",
    );
    server.expect_error(
        server.post(&mv, json!({ "move": "e15-f14" })),
        422,
        "belongs to o",
    );
    server.expect_error(
        server.post(&mv, json!({ "move": "l2-l9" })),
        422,
        "cannot reach",
    );
    server.expect_error(
        server.post(&mv, json!({ "move": "l1-l2" })),
        422,
        "occupied",
    );

    // Unknown games, unknown routes, wrong methods.
    server.expect_error(server.get("/api/games/0123456789abcdef"), 404, "no game");
    server.expect_error(
        server.post(
            "/api/games/0123456789abcdef/move",
            json!({ "move": "l2-k3" }),
        ),
        404,
        "no game",
    );
    server.expect_error(server.get("/api/nothing"), 404, "no such page");
    server.expect_error(server.get(&format!("{game}/teleport")), 404, "no such page");
    server.expect_error(server.get("/../../etc/passwd"), 404, "no such page");
    let response = server.raw(
        &format!(
            "PUT /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
            server.addr
        ),
        b"",
    );
    assert_eq!(response.status, 405);
    assert_eq!(response.header("allow").as_deref(), Some("POST"));
    assert!(response.json()["error"].is_string());
    // HEAD of a hint would run a search for nothing: refused.
    let response = server.raw(
        &format!(
            "HEAD {game}/hint HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        ),
        b"",
    );
    assert_eq!(response.status, 405);
    assert_eq!(response.header("allow").as_deref(), Some("GET"));
    server.expect_error(server.request("GET", &mv, None), 405, "not allowed");
    server.expect_error(
        server.get(&format!("{game}/destinations?from=q99")),
        400,
        "square",
    );
    server.expect_error(server.get(&format!("{game}/destinations")), 400, "from=");

    // Oversized bodies: declared and sent, and declared far beyond what is sent.
    let big = "x".repeat(20_000);
    server.expect_error(server.request("POST", &mv, Some(&big)), 413, "more than");
    let mut stream = server.connect_from(1);
    write!(
        stream,
        "POST {mv} HTTP/1.1\r\nHost: {}\r\nContent-Length: 999999999999\r\n\r\n{{\"move\"",
        server.addr
    )
    .expect("send");
    let mut reply = Vec::new();
    let mut chunk = [0u8; 4096];
    while !String::from_utf8_lossy(&reply).contains("}\n") {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => reply.extend_from_slice(&chunk[..n]),
        }
    }
    let text = String::from_utf8_lossy(&reply);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains("more than"), "{text}");
    drop(stream);
    // A Content-Length that is no number (hyper answers 400 itself, without a body), and a
    // chunked body, which is read as HTTP says.
    let response = server.raw(
        &format!(
            "POST {mv} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: 1e3\r\n\r\n",
            server.addr
        ),
        b"",
    );
    assert_eq!(response.status, 400);
    let response = server.raw(
        &format!("POST {mv} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", server.addr),
        b"2\r\n{}\r\n0\r\n\r\n",
    );
    assert_eq!(response.status, 400);
    assert!(
        response.json()["error"]
            .as_str()
            .unwrap()
            .contains("missing field `move`")
    );
    // Requests that change a game must be JSON from this server's own pages.
    let response = server.raw(
        &format!("POST {mv} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 17\r\n\r\n", server.addr),
        br#"{"move": "l2-k3"}"#,
    );
    assert_eq!(response.status, 415, "{}", response.json());
    let response = server.raw(
        &format!("POST {mv} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n", server.addr),
        br#"{"move": "l2-k3"}"#,
    );
    assert_eq!(response.status, 403, "{}", response.json());
    // Garbage instead of HTTP.
    let mut stream = server.connect_from(1);
    stream
        .write_all(b"\x00\x01 nonsense \xff\r\n\r\n")
        .expect("send");
    let _ = stream.read_to_end(&mut Vec::new());

    // After all that, the game is intact and playable.
    let (status, state) = server.get(&game);
    assert_eq!(status, 200);
    assert_eq!(state["moves"], json!([]));
    let (status, played) = server.post(&mv, json!({ "move": "l2-k3" }));
    assert_eq!(status, 200, "{played}");
    server.expect_error(
        server.post(&mv, json!({ "move": "k3-k4" })),
        409,
        "computer's turn",
    );
}

#[test]
fn other_requests_are_served_while_the_computer_thinks() {
    let server = here(&[]);
    let id = server.new_game(json!({ "level": 10 }));
    let other = server.new_game(json!({}));
    let (status, _) = server.post(&format!("/api/games/{id}/move"), json!({ "move": "l2-k3" }));
    assert_eq!(status, 200);
    std::thread::scope(|scope| {
        let thinking = scope.spawn(|| server.post(&format!("/api/games/{id}/computer"), json!({})));
        // While the search runs, the game says so and refuses changes; other games play on.
        let mut seen = false;
        while !thinking.is_finished() {
            let (status, state) = server.get(&format!("/api/games/{id}"));
            assert_eq!(status, 200);
            if state["status"] == "thinking" {
                seen = true;
                assert!(state["thinking"].is_object(), "{state}");
                let (status, _) = server.post(&format!("/api/games/{id}/undo"), json!({}));
                // Either refused as thinking, or the search ended in between.
                assert!(status == 409 || status == 200, "{status}");
                let (status, moved) = server.post(
                    &format!("/api/games/{other}/move"),
                    json!({ "move": "n2-l4" }),
                );
                assert_eq!(status, 200, "{moved}");
                break;
            }
        }
        let (status, reply) = thinking.join().expect("the request thread");
        assert_eq!(status, 200, "{reply}");
        assert!(seen, "the state never showed the computer thinking");
    });
}

/// x fills its goal camp with `c11-b12`.
const ONE_FROM_THE_WIN: &str =
    "xxxxx11/xxxxx11/xxxx12/xxx13/x15/2x13/16/16/7o8/16/16/14oo/13ooo/12oooo/11ooooo/12oooo x";

#[test]
fn a_game_from_a_position_to_its_end() {
    let server = here(&[]);
    server.expect_error(
        server.post("/api/games", json!({ "position": "16/16 x" })),
        400,
        "bad position",
    );
    let (status, state) = server.post("/api/games", json!({ "position": ONE_FROM_THE_WIN }));
    assert_eq!(status, 201, "{state}");
    assert_eq!(state["position"], ONE_FROM_THE_WIN);
    assert!(strings(&state["destinations"]["c11"]).contains(&"b12".to_owned()));
    let id = state["id"].as_str().expect("id");
    let game = format!("/api/games/{id}");

    let (status, won) = server.post(&format!("{game}/move"), json!({ "move": "c11-b12" }));
    assert_eq!(status, 200, "{won}");
    let state = &won["state"];
    assert_eq!(state["status"], "over");
    assert_eq!(state["outcome"]["result"], "win");
    assert_eq!(state["outcome"]["winner"], "x");
    assert!(
        state["outcome"]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("goal camp"))
    );
    assert_eq!(state["outcome"]["reason_code"], "goal_camp");
    assert_eq!(state["destinations"], json!({}));

    // A finished game refuses moves, searches and hints; undo reopens it.
    server.expect_error(
        server.post(&format!("{game}/move"), json!({ "move": "b12-c11" })),
        409,
        "over",
    );
    server.expect_error(
        server.post(&format!("{game}/computer"), json!({})),
        409,
        "over",
    );
    server.expect_error(server.get(&format!("{game}/hint")), 409, "over");
    let (status, dests) = server.get(&format!("{game}/destinations?from=b12"));
    assert_eq!(status, 200);
    assert_eq!(dests["to"], json!([]));
    let (status, undone) = server.post(&format!("{game}/undo"), json!({}));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["status"], "your_turn");
    assert_eq!(undone["outcome"]["result"], "ongoing");
    assert_eq!(undone["outcome"]["reason_code"], Value::Null);
    assert_eq!(undone["position"], ONE_FROM_THE_WIN);
}

#[test]
fn each_end_of_a_game_has_its_reason_code() {
    let server = here(&[]);
    // x to move and walled in (the rules page's draws diagram): drawn from the start.
    let walled =
        "oxxxx8oox/xxxxx9oo/xxxx9o1o/xxx13/xx14/16/16/16/oooooooooooo4/16/16/16/16/16/16/16 x";
    let (status, state) = server.post("/api/games", json!({ "position": walled }));
    assert_eq!(status, 201, "{state}");
    assert_eq!(state["status"], "over");
    assert_eq!(
        state["outcome"],
        json!({ "result": "draw", "winner": null,
                "reason": "the side to move has no legal move", "reason_code": "no_moves" })
    );

    // Both sides step out and back twice: the start position comes a third time (the first
    // counts) with the eighth move, the computer's.
    let id = server.new_game(json!({}));
    let game = format!("/api/games/{id}");
    let plies = ["l1-k1", "b12-b11", "k1-l1", "b11-b12"].repeat(2);
    let mut reply = Value::Null;
    for (ply, mv) in plies.iter().enumerate() {
        assert_ne!(reply["state"]["status"], "over", "ply {ply}: {reply}");
        let route = if ply % 2 == 0 { "move" } else { "computer" };
        let status;
        (status, reply) = server.post(&format!("{game}/{route}"), json!({ "move": mv }));
        assert_eq!(status, 200, "ply {ply}: {reply}");
    }
    assert_eq!(reply["state"]["status"], "over");
    assert_eq!(
        reply["state"]["outcome"],
        json!({ "result": "draw", "winner": null,
                "reason": "the same position occurred for the third time", "reason_code": "repetition" })
    );
}

#[test]
fn a_client_sends_the_computers_move_and_the_server_checks_and_stores_it() {
    let server = here(&[]);
    let id = server.new_game(json!({ "level": 3 }));
    let computer = format!("/api/games/{id}/computer");
    // Not the computer's turn yet.
    server.expect_error(
        server.post(&computer, json!({ "move": "b14-d12" })),
        409,
        "your turn",
    );
    let (status, _) = server.post(&format!("/api/games/{id}/move"), json!({ "move": "l2-k3" }));
    assert_eq!(status, 200);
    server.expect_error(
        server.post(&computer, json!({ "move": "b14" })),
        400,
        "invalid move text",
    );
    server.expect_error(
        server.post(&computer, json!({ "move": "b14-b9" })),
        422,
        "illegal move",
    );
    server.expect_error(
        server.post(&computer, json!({ "mvoe": "b14-d12" })),
        400,
        "unknown field",
    );
    server.expect_error(
        server.post(&computer, json!({ "move": 7 })),
        400,
        "invalid JSON body",
    );
    let (status, reply) = server.post(&computer, json!({ "move": "b14-d12" }));
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["move"], "b14-d12");
    assert_eq!(reply["path"], json!(["b14", "d12"]));
    assert_eq!(reply["state"]["status"], "your_turn");
    assert_eq!(reply["state"]["moves"], json!(["l2-k3", "b14-d12"]));
    assert!(reply.get("search").is_none(), "{reply}");
    // Stored: the link shows it, and undo takes back both as for a server move.
    let (_, state) = server.get(&format!("/api/games/{id}"));
    assert_eq!(state["moves"], json!(["l2-k3", "b14-d12"]));
    server.expect_error(
        server.post(&computer, json!({ "move": "c14-e12" })),
        409,
        "your turn",
    );
    let (status, state) = server.post(&format!("/api/games/{id}/undo"), json!({}));
    assert_eq!(status, 200);
    assert_eq!(state["moves"], json!([]));
    // An empty body, or no move in it, is the server's search as before.
    server.post(&format!("/api/games/{id}/move"), json!({ "move": "l2-k3" }));
    let (status, reply) = server.post(&computer, json!({}));
    assert_eq!(status, 200, "{reply}");
    assert!(reply["search"].is_object(), "{reply}");
}

#[test]
fn a_server_without_its_engine_takes_clients_moves_and_refuses_to_search() {
    let server = here(&["--no-engine"]);
    let id = server.new_game(json!({ "human": "o" }));
    let computer = format!("/api/games/{id}/computer");
    server.expect_error(server.post(&computer, json!({})), 501, "runs no engine");
    let (status, reply) = server.post(&computer, json!({ "move": "l2-k3" }));
    assert_eq!(status, 200, "{reply}");
    server.expect_error(
        server.get(&format!("/api/games/{id}/hint")),
        501,
        "runs no engine",
    );
    let (status, _) = server.post(
        &format!("/api/games/{id}/move"),
        json!({ "move": "b14-d12" }),
    );
    assert_eq!(status, 200);
    assert_eq!(
        server.get(&format!("/api/games/{id}")).1["status"],
        "computer_turn"
    );
}
