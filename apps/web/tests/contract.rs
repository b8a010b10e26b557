//! The HTTP contract, against answers recorded from the server: every route with each of
//! its methods, and every error a client can cause, each compared with `contract.json`.
//!
//! A case compares the status; the headers clients rely on ([`HEADERS`]: `Allow`,
//! `Retry-After`, `Location`, content types, caching, languages, the security headers),
//! each present with the recorded value or absent as recorded; and the JSON body, every
//! recorded field with its recorded value (a field the server adds later is an extension,
//! not a difference). Game ids are written as the test names its games (`{A}`); an error's
//! English `error` may be reworded (only its presence is compared), its `code` may not.
//! Values a search decides (the computer's move, a hint, the progress of a search) are
//! recorded as their kind (`"<string>"`, `"<number>"`, `"<array>"`, `"<object>"`, ...). A page's
//! or a file's body is recorded as present or empty, the metrics as their families.
//!
//! To record the answers again (only for a new case: the file is the contract):
//! `HALMA_RECORD_CONTRACT=1 cargo test -p halma-web --test contract`.

mod common;

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Duration;

use common::{Response, Server};
use serde_json::{Map, Value, json};

/// The recorded answers.
const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/contract.json");

/// The response headers compared, by name (lower case).
const HEADERS: [&str; 14] = [
    "content-type",
    "allow",
    "retry-after",
    "location",
    "cache-control",
    "content-encoding",
    "content-language",
    "vary",
    "etag",
    "x-content-type-options",
    "referrer-policy",
    "content-security-policy",
    "cross-origin-opener-policy",
    "cross-origin-embedder-policy",
];

/// A won position: x's pieces fill its goal camp.
const WON: &str =
    "xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/16/16/7o8/16/16/14oo/13ooo/12oooo/11ooooo/11oooo1 o";

/// A set-up position for a new game: x's camp and o's, one piece of each moved out.
const SET_UP: &str =
    "ooooo11/ooooo11/oooo12/ooo13/o15/1o14/16/16/16/16/14x1/14xx/13xxx/12xxxx/11xxxxx/11xxxx1 x";

/// One request, as a client sends it.
struct Call {
    method: &'static str,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    /// From `127.0.0.{source}`.
    source: u8,
}

impl Call {
    fn new(method: &'static str, path: impl Into<String>) -> Call {
        Call {
            method,
            path: path.into(),
            headers: Vec::new(),
            body: Vec::new(),
            source: 1,
        }
    }

    /// A request with a JSON body (`""`: none), as the API's clients send them.
    fn json(method: &'static str, path: impl Into<String>, body: &str) -> Call {
        Call::new(method, path)
            .header("Content-Type", "application/json")
            .body(body.as_bytes())
    }

    fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Call {
        self.headers.push((name.into(), value.into()));
        self
    }

    fn body(mut self, body: &[u8]) -> Call {
        self.body = body.to_vec();
        self
    }

    /// Sends the request on a connection of its own and reads the whole answer.
    fn send(&self, server: &Server) -> Response {
        let has = |names: &[&str]| {
            self.headers
                .iter()
                .any(|(name, _)| names.contains(&name.as_str()))
        };
        let mut head = format!(
            "{} {} HTTP/1.1\r\nConnection: close\r\n",
            self.method, self.path
        );
        if !has(&["Host"]) {
            head.push_str(&format!("Host: {}\r\n", server.addr));
        }
        let framed = has(&["Content-Length", "Transfer-Encoding"]);
        if !framed && (!self.body.is_empty() || self.method != "GET") {
            head.push_str(&format!("Content-Length: {}\r\n", self.body.len()));
        }
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        server.raw_from(self.source, &head, &self.body)
    }
}

fn get(path: impl Into<String>) -> Call {
    Call::new("GET", path)
}

fn head(path: impl Into<String>) -> Call {
    Call::new("HEAD", path)
}

fn post(path: impl Into<String>, body: &str) -> Call {
    Call::json("POST", path, body)
}

/// The cases seen in this run, and the recorded ones to compare them with.
struct Contract {
    recording: bool,
    golden: Map<String, Value>,
    seen: Map<String, Value>,
    /// Game ids and the names they are written as.
    names: Vec<(String, String)>,
    differences: Vec<String>,
}

impl Contract {
    fn new() -> Contract {
        let recording = std::env::var_os("HALMA_RECORD_CONTRACT").is_some();
        let golden = if recording {
            Map::new()
        } else {
            let text = std::fs::read_to_string(GOLDEN).expect("tests/contract.json");
            serde_json::from_str(&text).expect("tests/contract.json is JSON")
        };
        Contract {
            recording,
            golden,
            seen: Map::new(),
            names: Vec::new(),
            differences: Vec::new(),
        }
    }

    /// From now on the game `id` is written as `{name}`.
    fn name(&mut self, id: &str, name: &str) {
        self.names.push((id.to_owned(), format!("{{{name}}}")));
    }

    /// `text` with the named games' ids replaced by their names.
    fn anonymous(&self, text: &str) -> String {
        self.names
            .iter()
            .fold(text.to_owned(), |text, (id, name)| text.replace(id, name))
    }

    /// Sends `call` to `server` and compares (or records) the answer as the case `name`,
    /// the body's top-level fields in `decided` recorded as their kind only; the answer.
    fn case(&mut self, name: &str, server: &Server, call: Call, decided: &[&str]) -> Response {
        let (response, record) = self.observe(server, &call, decided);
        self.keep(name, record);
        response
    }

    /// Each of `cases` on `server`, in order.
    fn run(&mut self, server: &Server, cases: Vec<(&str, Call)>) {
        for (name, call) in cases {
            self.case(name, server, call, &[]);
        }
    }

    /// The case `name`, a new game, which is written as `{game}` from now on; its id.
    fn create(&mut self, name: &str, server: &Server, call: Call, game: &str) -> String {
        let response = call.send(server);
        assert_eq!(
            response.status,
            201,
            "{:?}",
            String::from_utf8_lossy(&response.body)
        );
        let id = response.json()["id"].as_str().expect("an id").to_owned();
        self.name(&id, game);
        let record = self.record(&call, &response, &[]);
        self.keep(name, record);
        id
    }

    /// Sends `call` to `server`: the answer, and its record.
    fn observe(&self, server: &Server, call: &Call, decided: &[&str]) -> (Response, Value) {
        let response = call.send(server);
        let record = self.record(call, &response, decided);
        (response, record)
    }

    /// Keeps `record` as the case `name`, compared with the recorded one.
    fn keep(&mut self, name: &str, record: Value) {
        assert!(
            self.seen.insert(name.to_owned(), record.clone()).is_none(),
            "two cases named {name:?}"
        );
        if !self.recording {
            match self.golden.get(name) {
                Some(golden) => {
                    if let Err(difference) = matches(golden, &record, "") {
                        self.differences.push(format!(
                            "{name} ({}): {difference}\n  recorded: {golden}\n  now:      {record}",
                            record["request"]
                        ));
                    }
                }
                None => self
                    .differences
                    .push(format!("{name}: not recorded (a new case: record it)")),
            }
        }
    }

    /// An answer as recorded: the request line, the status, the compared headers present,
    /// and the body.
    fn record(&self, call: &Call, response: &Response, decided: &[&str]) -> Value {
        let mut headers = Map::new();
        for name in HEADERS {
            if let Some(value) = response.header(name) {
                let value = if name == "etag" {
                    "<etag>".to_owned()
                } else {
                    self.anonymous(&value)
                };
                headers.insert(name.to_owned(), Value::String(value));
            }
        }
        let content_type = response.header("content-type").unwrap_or_default();
        let body = if response.body.is_empty() {
            Value::String(String::new())
        } else if content_type.starts_with("application/json") && call.path.starts_with("/api")
            || content_type.starts_with("application/json") && response.status >= 400
            || call.path == "/healthz"
        {
            let text = self.anonymous(&String::from_utf8_lossy(&response.body));
            let mut body: Value = serde_json::from_str(&text)
                .unwrap_or_else(|error| panic!("{}: not JSON ({error}): {text}", call.path));
            if let Value::Object(fields) = &mut body {
                for field in decided {
                    if let Some(value) = fields.get_mut(*field) {
                        *value = kind(value);
                    }
                }
            }
            body
        } else if content_type.starts_with("text/plain") {
            // The metrics: each family with its type (a family added later is an extension).
            let text = String::from_utf8_lossy(&response.body);
            let families: Map<String, Value> = text
                .lines()
                .filter_map(|line| line.strip_prefix("# TYPE ")?.split_once(' '))
                .map(|(name, kind)| (name.to_owned(), Value::String(kind.to_owned())))
                .collect();
            json!({ "families": families })
        } else {
            Value::String("<bytes>".to_owned())
        };
        json!({
            "request": self.anonymous(&format!("{} {}", call.method, call.path)),
            "status": response.status,
            "headers": headers,
            "body": body,
        })
    }

    /// Writes the record, or fails with every difference and every recorded case not seen.
    fn finish(mut self) {
        if self.recording {
            let sorted: BTreeMap<&String, &Value> = self.seen.iter().collect();
            let mut text = serde_json::to_string_pretty(&sorted).expect("JSON");
            text.push('\n');
            std::fs::write(GOLDEN, text).expect("write tests/contract.json");
            println!("recorded {} cases in {GOLDEN}", self.seen.len());
            return;
        }
        for name in self.golden.keys() {
            if !self.seen.contains_key(name) {
                self.differences.push(format!("{name}: recorded, not run"));
            }
        }
        assert!(
            self.differences.is_empty(),
            "{} of {} cases differ from tests/contract.json:\n{}",
            self.differences.len(),
            self.golden.len(),
            self.differences.join("\n")
        );
    }
}

/// What kind of value `value` is: a string, a number, an array, a truth value, an object;
/// `null` as it is. An object's fields are each their kind (one level: a map such as a
/// state's destinations has the keys the search's move made).
fn kind(value: &Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(name, value)| (name.clone(), kind_of(value)))
                .collect(),
        ),
        value => kind_of(value),
    }
}

/// The kind of `value` as a marker (`"<string>"`), `null` as it is.
fn kind_of(value: &Value) -> Value {
    let marker = match value {
        Value::Null => return Value::Null,
        Value::Bool(_) => "<bool>",
        Value::Number(_) => "<number>",
        Value::String(_) => "<string>",
        Value::Array(_) => "<array>",
        Value::Object(_) => "<object>",
    };
    Value::String(marker.to_owned())
}

/// Whether the answer `now` keeps the recorded `golden` one: each recorded field there with
/// its value (an error message a non-empty string, a kind any value of that kind), each
/// compared header as recorded (present with its value, or absent), arrays as long.
fn matches(golden: &Value, now: &Value, at: &str) -> Result<(), String> {
    let differ = || Err(format!("at {at:?}: recorded {golden}, now {now}"));
    match (golden, now) {
        _ if golden == now => Ok(()),
        (Value::String(recorded), _) if at.ends_with("/error") => match now {
            Value::String(message) if !message.is_empty() && !recorded.is_empty() => Ok(()),
            _ => differ(),
        },
        (Value::String(recorded), _) if recorded.starts_with('<') && recorded.ends_with('>') => {
            let same = match recorded.as_str() {
                "<string>" => now.is_string(),
                "<number>" => now.is_number(),
                "<array>" => now.is_array(),
                "<bool>" => now.is_boolean(),
                "<object>" => now.is_object(),
                _ => golden == now,
            };
            if same { Ok(()) } else { differ() }
        }
        (Value::Object(recorded), Value::Object(fields)) => {
            for (name, value) in recorded {
                let here = format!("{at}/{name}");
                match fields.get(name) {
                    Some(field) => matches(value, field, &here)?,
                    None => return Err(format!("at {here:?}: recorded {value}, now absent")),
                }
            }
            if at == "/headers" {
                // A compared header the record lacks must be absent now too.
                if let Some(extra) = fields.keys().find(|name| !recorded.contains_key(*name)) {
                    return Err(format!("header {extra:?} now sent, not recorded"));
                }
            }
            Ok(())
        }
        (Value::Array(recorded), Value::Array(items)) if recorded.len() == items.len() => {
            for (index, (value, item)) in recorded.iter().zip(items).enumerate() {
                matches(value, item, &format!("{at}/{index}"))?;
            }
            Ok(())
        }
        _ => differ(),
    }
}

#[test]
fn every_route_and_every_error_answers_as_recorded() {
    let mut contract = Contract::new();
    games(&mut contract);
    pages_and_files(&mut contract);
    operators(&mut contract);
    limits(&mut contract);
    searches(&mut contract);
    friends(&mut contract);
    contract.finish();
}

/// Games between two people: made, joined, their players, and what strangers and the
/// computer's routes get.
fn friends(c: &mut Contract) {
    let server = Server::start(&[]);
    let games = "/api/games";
    // Its secrets are recorded as their kind, its id by its name.
    let call = post(games, r#"{"opponent": "friend"}"#);
    let response = call.send(&server);
    let made = response.json();
    let id = made["id"].as_str().expect("an id").to_owned();
    c.name(&id, "F");
    let record = c.record(&call, &response, &["seat", "invitation"]);
    c.keep("friend create", record);
    let claim = made["invitation"]["claim"].as_str().expect("a claim");
    let at = |action: &str| format!("/api/games/{id}{action}");
    let bearer =
        |call: Call, secret: &str| call.header("Authorization", format!("Bearer {secret}"));
    c.case(
        "friend join",
        &server,
        bearer(post(at("/join"), ""), claim),
        &["seat"],
    );
    c.run(
        &server,
        vec![
            ("friend bad opponent", post(games, r#"{"opponent": "dog"}"#)),
            ("friend join again", bearer(post(at("/join"), ""), claim)),
            ("friend players", get(at("/players"))),
            (
                "friend move stranger",
                post(at("/move"), r#"{"move": "l2-k3"}"#),
            ),
            ("friend computer", post(at("/computer"), "")),
            ("friend hint", get(at("/hint"))),
            ("friend undo", post(at("/undo"), "")),
            ("friend delete stranger", Call::new("DELETE", at(""))),
        ],
    );
    let computer = c.create("friend computer game", &server, post(games, "{}"), "G");
    c.case(
        "friend players computer game",
        &server,
        get(format!("/api/games/{computer}/players")),
        &[],
    );
    c.case(
        "friend join computer game",
        &server,
        bearer(post(format!("/api/games/{computer}/join"), ""), claim),
        &[],
    );
    // The game's life: offers, a resignation, each by a player only.
    let secret = made["seat"]["secret"].as_str().expect("a secret");
    let offer = r#"{"action": "offer"}"#;
    c.run(
        &server,
        vec![
            (
                "friend create bad clock",
                post(
                    games,
                    r#"{"opponent": "friend", "clock": {"initial": 5, "increment": 0}}"#,
                ),
            ),
            ("friend resign stranger", post(at("/resign"), "")),
            ("friend claim stranger", post(at("/claim"), "")),
            ("friend claim early", bearer(post(at("/claim"), ""), secret)),
            ("friend draw stranger", post(at("/draw"), offer)),
            (
                "friend draw offer",
                bearer(post(at("/draw"), offer), secret),
            ),
            (
                "friend draw offer again",
                bearer(post(at("/draw"), offer), secret),
            ),
            (
                "friend draw accept own",
                bearer(post(at("/draw"), r#"{"action": "accept"}"#), secret),
            ),
            (
                "friend rematch not over",
                bearer(post(at("/rematch"), offer), secret),
            ),
            ("friend resign", bearer(post(at("/resign"), "{}"), secret)),
            ("friend rematch stranger", post(at("/rematch"), offer)),
            (
                "friend rematch offer",
                bearer(post(at("/rematch"), offer), secret),
            ),
            (
                "friend resign again",
                bearer(post(at("/resign"), ""), secret),
            ),
            (
                "friend resign computer game",
                post(format!("/api/games/{computer}/resign"), ""),
            ),
        ],
    );
}

/// The game API: each route and method, and each error of its requests.
fn games(c: &mut Contract) {
    let server = Server::start(&["--engines", "2", "--body-timeout-ms", "300"]);
    let games = "/api/games";
    c.run(
        &server,
        vec![
            ("health", get("/healthz")),
            ("health HEAD", head("/healthz")),
            ("health POST", post("/healthz", "")),
        ],
    );
    let a = c.create("create", &server, post(games, "{}"), "A");
    c.create(
        "create o",
        &server,
        post(games, r#"{"level": 3, "human": "o"}"#),
        "B",
    );
    let body = json!({ "position": SET_UP, "level": 10 }).to_string();
    let set_up = c.create("create set up", &server, post(games, &body), "S");
    let d = c.create("create no body", &server, post(games, ""), "D");
    let body = json!({ "position": WON }).to_string();
    let won = c.create("create won", &server, post(games, &body), "W");
    let unknown = "f".repeat(32);
    let at = |id: &str, action: &str| format!("/api/games/{id}{action}");
    let game = |action: &str| at(&a, action);
    c.run(
        &server,
        vec![
            ("games GET", get(games)),
            ("games PUT", Call::json("PUT", games, "{}")),
            ("games DELETE", Call::json("DELETE", games, "")),
            ("create invalid JSON", post(games, "{")),
            ("create unknown field", post(games, r#"{"levle": 3}"#)),
            ("create wrong type", post(games, r#"{"level": "5"}"#)),
            (
                "create level too large for a byte",
                post(games, r#"{"level": 300}"#),
            ),
            ("create not an object", post(games, "[]")),
            ("create level 0", post(games, r#"{"level": 0}"#)),
            ("create level 11", post(games, r#"{"level": 11}"#)),
            ("create bad side", post(games, r#"{"human": "q"}"#)),
            ("create bad position", post(games, r#"{"position": "16"}"#)),
            // A game's state, and its deletion.
            ("state", get(game(""))),
            ("state HEAD", head(game(""))),
            ("state set up", get(at(&set_up, ""))),
            ("state won", get(at(&won, ""))),
            ("state PATCH", Call::json("PATCH", game(""), "{}")),
            ("state POST", post(game(""), "{}")),
            ("state unknown", get(at(&unknown, ""))),
            ("state not an id", get(at("abc", ""))),
            ("delete", Call::json("DELETE", at(&d, ""), "")),
            ("delete again", Call::json("DELETE", at(&d, ""), "")),
            ("state deleted", get(at(&d, ""))),
            ("delete not an id", Call::json("DELETE", at("abc", ""), "")),
            // Destinations.
            ("destinations", get(game("/destinations?from=n3"))),
            (
                "destinations empty square",
                get(game("/destinations?from=a1")),
            ),
            (
                "destinations second parameter",
                get(game("/destinations?x=1&from=n2")),
            ),
            ("destinations HEAD", head(game("/destinations?from=n3"))),
            ("destinations no square", get(game("/destinations"))),
            ("destinations empty", get(game("/destinations?from="))),
            (
                "destinations bad square",
                get(game("/destinations?from=z9")),
            ),
            (
                "destinations POST",
                post(game("/destinations?from=n3"), "{}"),
            ),
            (
                "destinations unknown game",
                get(at(&unknown, "/destinations?from=n3")),
            ),
            (
                "destinations game over",
                get(at(&won, "/destinations?from=i8")),
            ),
        ],
    );
    // Moves: the person's, then the computer's as a client searched it.
    let mv = game("/move");
    let computer = game("/computer");
    c.run(
        &server,
        vec![
            ("move no body", post(&mv, "")),
            ("move blank body", post(&mv, "  \n")),
            ("move invalid JSON", post(&mv, r#"{"move": "#)),
            ("move no move", post(&mv, "{}")),
            ("move not text", post(&mv, r#"{"move": 5}"#)),
            (
                "move unknown field",
                post(&mv, r#"{"move": "n3-n5", "x": 1}"#),
            ),
            ("move bad text", post(&mv, r#"{"move": "zz"}"#)),
            ("move bad square", post(&mv, r#"{"move": "n3-z5"}"#)),
            ("move illegal", post(&mv, r#"{"move": "p1-p6"}"#)),
            ("move no piece", post(&mv, r#"{"move": "h8-h9"}"#)),
            ("move not a hop path", post(&mv, r#"{"move": "n3-n5-n7"}"#)),
            ("move GET", get(&mv)),
            ("move PUT", Call::json("PUT", &mv, r#"{"move": "n3-n5"}"#)),
            (
                "move unknown game",
                post(at(&unknown, "/move"), r#"{"move": "n3-n5"}"#),
            ),
            (
                "move not an id",
                post(at("abc", "/move"), r#"{"move": "n3-n5"}"#),
            ),
            ("computer your turn", post(&computer, "{}")),
            (
                "computer move your turn",
                post(&computer, r#"{"move": "b14-d12"}"#),
            ),
            ("undo nothing", post(game("/undo"), "")),
            ("move", post(&mv, r#"{"move": "n3-n5"}"#)),
            ("move computer's turn", post(&mv, r#"{"move": "l2-k3"}"#)),
            ("hint computer's turn", get(game("/hint"))),
            (
                "computer move bad text",
                post(&computer, r#"{"move": "b14"}"#),
            ),
            (
                "computer move illegal",
                post(&computer, r#"{"move": "b14-b10"}"#),
            ),
            (
                "computer move unknown field",
                post(&computer, r#"{"mv": "b14-d12"}"#),
            ),
            ("computer move", post(&computer, r#"{"move": "b14-d12"}"#)),
            ("move hop path", post(&mv, r#"{"move": "m2-m4-o6"}"#)),
            ("state after moves", get(game(""))),
            ("computer GET", get(&computer)),
            ("undo", post(game("/undo"), "")),
            ("undo GET", get(game("/undo"))),
            // The level.
            ("level", post(game("/level"), r#"{"level": 8}"#)),
            (
                "level PUT",
                Call::json("PUT", game("/level"), r#"{"level": 7}"#),
            ),
            ("level no body", post(game("/level"), "")),
            ("level 0", post(game("/level"), r#"{"level": 0}"#)),
            ("level 11", post(game("/level"), r#"{"level": 11}"#)),
            (
                "level not a number",
                post(game("/level"), r#"{"level": "x"}"#),
            ),
            ("level GET", get(game("/level"))),
            ("level DELETE", Call::json("DELETE", game("/level"), "")),
            // Hints: their methods (a search is in `searches`).
            ("hint HEAD", head(game("/hint"))),
            ("hint POST", post(game("/hint"), "{}")),
            // A finished game.
            (
                "move game over",
                post(at(&won, "/move"), r#"{"move": "l2-k3"}"#),
            ),
            (
                "move bad text game over",
                post(at(&won, "/move"), r#"{"move": "zz"}"#),
            ),
            ("computer game over", post(at(&won, "/computer"), "{}")),
            (
                "computer move game over",
                post(at(&won, "/computer"), r#"{"move": "i8-i9"}"#),
            ),
            ("hint game over", get(at(&won, "/hint"))),
            ("undo game over", post(at(&won, "/undo"), "")),
            // Unknown paths.
            ("unknown action", get(game("/nonsense"))),
            ("unknown action POST", post(game("/nonsense"), "{}")),
            ("action and more", get(game("/move/more"))),
            ("trailing slash", get(game("/"))),
            ("unknown path", get("/no/such/page")),
            ("unknown path POST", post("/no/such/page", "{}")),
            ("unknown api path", get("/api/nothing")),
        ],
    );
    // Requests that may not change a game; bodies too large or too slow; host names.
    let change = || Call::new("POST", game("/level")).body(br#"{"level": 4}"#);
    let json = || change().header("Content-Type", "application/json; charset=utf-8");
    let chunked = |body: &str| {
        Call::new("POST", game("/level"))
            .header("Content-Type", "application/json")
            .header("Transfer-Encoding", "chunked")
            .body(body.as_bytes())
    };
    let large = format!("5000\r\n{}\r\n", " ".repeat(0x5000));
    let elsewhere = |call: Call| call.header("Host", "elsewhere.example");
    let origin = format!("http://{}", server.addr);
    let form = "application/x-www-form-urlencoded";
    c.run(
        &server,
        vec![
            ("no content type", change()),
            (
                "text content type",
                change().header("Content-Type", "text/plain"),
            ),
            ("form content type", change().header("Content-Type", form)),
            ("json with charset", json()),
            (
                "other origin",
                json().header("Origin", "http://evil.example"),
            ),
            ("null origin", json().header("Origin", "null")),
            ("same origin", json().header("Origin", origin)),
            (
                "cross-site fetch",
                json().header("Sec-Fetch-Site", "cross-site"),
            ),
            (
                "same-site fetch",
                json().header("Sec-Fetch-Site", "same-origin"),
            ),
            ("delete no content type", Call::new("DELETE", game(""))),
            (
                "get with other origin",
                get(game("")).header("Origin", "http://evil.example"),
            ),
            (
                "body declared too large",
                post(games, "").header("Content-Length", "20000"),
            ),
            ("body chunked too large", chunked(&large)),
            ("body chunked", chunked("c\r\n{\"level\": 6}\r\n0\r\n\r\n")),
            (
                "body chunked malformed",
                chunked("d\r\n{\"level\": 6}\r\n0\r\n\r\n"),
            ),
            ("body too slow", json().header("Content-Length", "50")),
            ("wrong host", elsewhere(get(game("")))),
            ("wrong host page", elsewhere(get("/"))),
            ("wrong host metrics", elsewhere(get("/metrics"))),
            ("localhost", get("/healthz").header("Host", "localhost:1")),
        ],
    );
}

/// The page, its files, their caching and compression, in each language.
fn pages_and_files(c: &mut Contract) {
    let server = Server::start(&[]);
    let a = server.new_game(json!({}));
    c.name(&a, "A");
    let page = c.case("page", &server, get("/"), &[]);
    let etag = page.header("etag").expect("an ETag");
    let worker = c.case("service worker", &server, get("/sw.js"), &[]);
    // Files under their hashed names, as the service worker's manifest lists them.
    let text = String::from_utf8_lossy(&worker.body).into_owned();
    let manifest = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("const MANIFEST = "))
        .and_then(|line| line.strip_suffix(';'))
        .expect("the worker's manifest");
    let manifest: Value = serde_json::from_str(manifest).expect("a JSON manifest");
    let files: Vec<String> = manifest["files"]
        .as_array()
        .expect("the manifest's files")
        .iter()
        .filter_map(|file| Some(file.as_str()?.to_owned()))
        .collect();
    // A file's hash changes with the file: written as `{hash}`.
    let mut hashed = |start: &str, end: &str| {
        let path = files
            .iter()
            .find(|path| path.starts_with(start) && path.ends_with(end))
            .expect("a hashed file")
            .clone();
        c.name(&path[start.len()..path.len() - end.len()], "hash");
        path
    };
    let app = hashed("/app.", ".js");
    let engine = hashed("/halma.", ".wasm");
    let thai = "th-TH,th;q=0.9";
    c.run(
        &server,
        vec![
            ("page HEAD", head("/")),
            ("page POST", post("/", "{}")),
            ("page unchanged", get("/").header("If-None-Match", etag)),
            ("page changed", get("/").header("If-None-Match", "\"old\"")),
            ("page gzip", get("/").header("Accept-Encoding", "gzip")),
            ("page index.html", get("/index.html")),
            (
                "page Thai by header",
                get("/").header("Accept-Language", thai),
            ),
            (
                "page Malay by cookie",
                get("/").header("Cookie", "halma-lang=ms"),
            ),
            ("page Thai", get("/th/")),
            ("page Thai no slash", get("/th")),
            ("page other language", get("/fr/")),
            ("game link", get(format!("/g/{a}"))),
            ("game link Malay", get(format!("/ms/g/{a}"))),
            ("game link POST", post(format!("/g/{a}"), "{}")),
            ("rules", get("/rules")),
            ("rules English", get("/en/rules")),
            ("file", get("/app.js")),
            (
                "file gzip",
                get("/app.js").header("Accept-Encoding", "gzip"),
            ),
            ("file DELETE", Call::json("DELETE", "/app.js", "")),
            ("language file", get("/i18n/th.json")),
            ("rules file", get("/i18n/rules.json")),
            ("file wrong hash", get("/app.0123456789abcdef.js")),
            ("file hashed", get(app)),
            ("engine module", get(engine)),
        ],
    );
}

/// `/metrics`: for the operator's addresses only.
fn operators(c: &mut Contract) {
    let server = Server::start(&[]);
    c.run(
        &server,
        vec![
            ("metrics", get("/metrics")),
            ("metrics HEAD", head("/metrics")),
            ("metrics POST", post("/metrics", "")),
        ],
    );
    let private = Server::start(&["--metrics-from", "10.0.0.0/8"]);
    c.case("metrics forbidden", &private, get("/metrics"), &[]);
}

/// The limits a client meets: games per minute, games stored, connections, request heads.
fn limits(c: &mut Contract) {
    let from = |source: u8, call: Call| Call { source, ..call };
    let limited = Server::start(&["--games-per-minute", "1"]);
    c.create("per minute first", &limited, post("/api/games", ""), "P");
    c.case("per minute second", &limited, post("/api/games", ""), &[]);
    let other = from(2, post("/api/games", ""));
    c.create("per minute other client", &limited, other, "Q");

    let full = Server::start(&["--max-games", "1"]);
    c.create("stored first", &full, post("/api/games", ""), "R");
    c.case("stored full", &full, post("/api/games", ""), &[]);

    let narrow = Server::start(&["--connections-per-client", "1"]);
    let mut held = narrow.connect_from(2);
    held.write_all(b"GET /healthz HTTP/1.1\r\n").expect("send");
    c.case(
        "connections per client",
        &narrow,
        from(2, get("/healthz")),
        &[],
    );
    drop(held);

    let server = Server::start(&[]);
    let many = (0..100).fold(get("/healthz"), |call, n| {
        call.header(format!("X-{n}"), "1")
    });
    c.run(
        &server,
        vec![
            ("head too many lines", many),
            (
                "head too large",
                get("/healthz").header("X-Long", "a".repeat(20_000)),
            ),
            ("request line malformed", get("/healthz HTTP/1.1 x")),
        ],
    );
}

/// The searches: the computer's move and hints on a server that searches, their refusals
/// while it thinks, and a server that searches nothing.
fn searches(c: &mut Contract) {
    let server = Server::start(&["--engines", "1", "--searches-per-client", "1"]);
    let searched = ["move", "path", "search", "state"];
    let b = server.new_game(json!({ "level": 1, "human": "o" }));
    c.name(&b, "B");
    let e = server.new_game(json!({ "level": 1, "human": "o" }));
    c.name(&e, "E");
    let computer = post(format!("/api/games/{b}/computer"), "{}");
    c.case("computer", &server, computer, &searched);
    c.case(
        "hint",
        &server,
        get(format!("/api/games/{b}/hint")),
        &searched,
    );
    let computer = post(format!("/api/games/{e}/computer"), "");
    c.case("computer no body", &server, computer, &searched);
    while_thinking(c, &server);

    // A server that searches nothing: the client's moves only.
    let server = Server::start(&["--no-engine"]);
    let n = server.new_game(json!({ "human": "o" }));
    c.name(&n, "N");
    let path = |action: &str| format!("/api/games/{n}{action}");
    // The 501s' code is the one change the contract makes (`no_engine`, once `internal`).
    let computer = post(path("/computer"), "{}");
    c.case("no engine computer", &server, computer, &["code"]);
    c.case("no engine hint", &server, get(path("/hint")), &["code"]);
    let computer = post(path("/computer"), r#"{"move": "n3-n5"}"#);
    c.case("no engine computer move", &server, computer, &[]);
}

/// While the computer thinks (a level-10 search, a second), everything that would change
/// the game is refused, and so is the client's next search. The cases are kept from a try
/// in which the game was thinking before and after them.
fn while_thinking(c: &mut Contract, server: &Server) {
    for attempt in 0..5 {
        let id = server.new_game(json!({ "level": 10, "human": "o" }));
        let other = server.new_game(json!({ "level": 10, "human": "o" }));
        c.name(&id, "T");
        c.name(&other, "U");
        let path = |action: &str| format!("/api/games/{id}{action}");
        let thinking = || server.get(&path("")).1["status"] == "thinking";
        let cases = [
            ("thinking state", get(path(""))),
            ("thinking undo", post(path("/undo"), "")),
            ("thinking move", post(path("/move"), r#"{"move": "l2-k3"}"#)),
            (
                "thinking computer move",
                post(path("/computer"), r#"{"move": "n3-n5"}"#),
            ),
            ("thinking computer", post(path("/computer"), "{}")),
            ("thinking hint", get(path("/hint"))),
            ("thinking level", post(path("/level"), r#"{"level": 2}"#)),
            ("busy", post(format!("/api/games/{other}/computer"), "{}")),
        ];
        let (held, records) = std::thread::scope(|scope| {
            let search = scope.spawn(|| server.post(&path("/computer"), json!({})));
            let started = Server::eventually(Duration::from_secs(10), thinking);
            assert!(started, "the computer never thought");
            let records: Vec<(&str, Value)> = cases
                .iter()
                .map(|(name, call)| (*name, c.observe(server, call, &["thinking"]).1))
                .collect();
            let held = thinking();
            let (status, reply) = search.join().expect("the search's request");
            assert_eq!(status, 200, "{reply}");
            (held, records)
        });
        if held {
            for (name, record) in records {
                c.keep(name, record);
            }
            return;
        }
        println!("try {attempt}: the search ended before the cases did; again");
    }
    panic!("no try kept the game thinking through its cases");
}
