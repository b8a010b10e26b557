//! The computer's moves searched by the client (the page's engine in the browser): sent in
//! the body of the computer-move request, checked and stored as every move is; and a server
//! that runs no engine (`--no-engine`).

mod common;

use common::Server;
use serde_json::json;

#[test]
fn a_client_sends_the_computers_move_and_the_server_checks_and_stores_it() {
    let server = Server::start(&[]);
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
    let server = Server::start(&["--no-engine"]);
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
