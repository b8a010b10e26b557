//! Games between two people as their players and watchers meet them: requests holding a
//! seat's secret, and the live stream read event by event.

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, TcpStream};
use std::time::Duration;

use serde_json::{Value, json};

use super::{Response, Server};

/// A request from `127.0.0.{source}` holding `secret` (if any): status and JSON body.
pub fn call(
    server: &Server,
    source: u8,
    method: &str,
    path: &str,
    secret: Option<&str>,
    body: &str,
) -> (u16, Value) {
    let response = answer(server, source, (method, path), secret, "", body);
    (response.status, response.json())
}

/// [`call`] with the `headers` given (each line ending in CRLF): the whole answer.
pub fn answer(
    server: &Server,
    source: u8,
    (method, path): (&str, &str),
    secret: Option<&str>,
    headers: &str,
    body: &str,
) -> Response {
    let auth = secret.map_or_else(String::new, |s| format!("Authorization: Bearer {s}\r\n"));
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{auth}{headers}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.addr,
        body.len()
    );
    server.raw_from(source, &head, body.as_bytes())
}

/// A new game between two people: its id, the creator's secret and the invitation.
pub fn friend_game(server: &Server, creator: &str) -> (String, String, String) {
    let body = json!({ "opponent": "friend", "human": creator }).to_string();
    let (status, game) = call(server, 1, "POST", "/api/games", None, &body);
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["seat"]["side"], creator);
    let text = |v: &Value| v.as_str().expect("a string").to_owned();
    (
        text(&game["id"]),
        text(&game["seat"]["secret"]),
        text(&game["invitation"]["claim"]),
    )
}

/// Takes the invitation's seat: its secret.
pub fn join(server: &Server, id: &str, invitation: &str) -> String {
    let path = format!("/api/games/{id}/join");
    let (status, seat) = call(server, 2, "POST", &path, Some(invitation), "");
    assert_eq!(status, 200, "{seat}");
    seat["seat"]["secret"]
        .as_str()
        .expect("a secret")
        .to_owned()
}

/// A legal move of the side to move in `state`, chosen by `seed` among them.
pub fn some_move(state: &Value, seed: usize) -> String {
    let moves: Vec<String> = state["destinations"]
        .as_object()
        .expect("destinations")
        .iter()
        .flat_map(|(from, to)| {
            to.as_array()
                .expect("squares")
                .iter()
                .map(move |to| format!("{from}-{}", to.as_str().expect("a square")))
        })
        .collect();
    moves[seed.wrapping_mul(2_654_435_761) % moves.len()].clone()
}

/// Plays a move of the side to move, whose secret is `secret`; the state after it.
pub fn play(server: &Server, id: &str, secret: &str, seed: usize) -> Value {
    let (_, state) = server.get(&format!("/api/games/{id}"));
    let ply = state["moves"].as_array().expect("moves").len();
    let body = json!({ "move": some_move(&state, seed), "ply": ply }).to_string();
    let path = format!("/api/games/{id}/move");
    let (status, played) = call(server, 1, "POST", &path, Some(secret), &body);
    assert_eq!(status, 200, "{played}");
    played["state"].clone()
}

/// A live stream of a game, read event by event.
pub struct Stream {
    reader: BufReader<TcpStream>,
}

/// One server-sent event.
#[derive(Debug)]
pub struct Event {
    /// Its kind (`event:`).
    pub kind: String,
    /// Its `id:`, if any.
    pub id: Option<String>,
    /// Its data, as JSON.
    pub data: Value,
}

impl Stream {
    /// Opens the stream of `id` from `127.0.0.{source}`, holding `secret`, with `headers`;
    /// the answer's status.
    pub fn open(
        server: &Server,
        source: Ipv4Addr,
        id: &str,
        secret: Option<&str>,
        headers: &str,
    ) -> (u16, Stream) {
        let mut stream = server.connect_from_ip(source, None);
        let auth = secret.map_or_else(String::new, |s| format!("Authorization: Bearer {s}\r\n"));
        let head = format!(
            "GET /api/games/{id}/live HTTP/1.1\r\nHost: {}\r\n{auth}{headers}\r\n",
            server.addr
        );
        stream.write_all(head.as_bytes()).expect("send");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        let mut reader = BufReader::new(stream);
        let mut status_line = String::new();
        reader.read_line(&mut status_line).expect("a status line");
        let status = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        // The rest of the head.
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                break;
            }
        }
        (status, Stream { reader })
    }

    /// The next event (heartbeats skipped); `None` when the stream ends or stays silent.
    /// The body is chunked: chunk-size lines are told from event lines by their shape.
    pub fn next(&mut self) -> Option<Event> {
        let (mut kind, mut id, mut data) = (String::from("message"), None, String::new());
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if let Some(value) = line.strip_prefix("event: ") {
                kind = value.to_owned();
            } else if let Some(value) = line.strip_prefix("id: ") {
                id = Some(value.to_owned());
            } else if let Some(value) = line.strip_prefix("data: ") {
                data.push_str(value);
            } else if line.is_empty() && !data.is_empty() {
                let data = serde_json::from_str(&data).expect("JSON data");
                return Some(Event { kind, id, data });
            }
        }
    }

    /// The next event of `kind` that satisfies `check`, skipping others.
    pub fn until(&mut self, kind: &str, check: impl Fn(&Value) -> bool) -> Value {
        loop {
            let event = self
                .next()
                .unwrap_or_else(|| panic!("the stream ended before {kind}"));
            if event.kind == kind && check(&event.data) {
                return event.data;
            }
        }
    }
}

/// The moves of a state.
pub fn moves(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}

/// The loopback address.
pub const LOCAL: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 1);
