//! Games that last: across restarts, through a SIGTERM in the middle of a move, by their
//! link, until pruned after they end, from databases of older servers; one game played
//! across two server processes sharing PostgreSQL, and a PostgreSQL that stops answering
//! and comes back (when `HALMA_TEST_POSTGRES` names one); and each request reading its game
//! from the database once (by the process's own count of its reads).

mod common;
#[path = "../../web-lab/src/probe/relay.rs"]
mod relay;

use std::time::{Duration, Instant};

use common::friends::{call, join};
use common::{Server, TempDir, postgres, postgres_schema, strings};
use relay::Relay;
use serde_json::json;

#[test]
fn a_game_survives_a_restart_and_its_link_serves_the_page() {
    let dir = TempDir::new();
    let url = dir.sqlite();
    let server = Server::start_with(&url, &[], None);
    let id = server.new_game(json!({ "level": 2 }));
    let (status, _) = server.post(&format!("/api/games/{id}/move"), json!({ "move": "n3-n5" }));
    assert_eq!(status, 200);
    let (status, reply) = server.post(&format!("/api/games/{id}/computer"), json!({}));
    assert_eq!(status, 200, "{reply}");
    let before = server.get(&format!("/api/games/{id}")).1;
    drop(server);

    let server = Server::start_with(&url, &[], None);
    let (status, after) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{after}");
    assert_eq!(after, before);
    assert_eq!(strings(&after["moves"]).len(), 2);
    // The link is the page, which finds the game from it.
    let page = server.raw(
        &format!(
            "GET /g/{id} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        ),
        b"",
    );
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("src=\"/app."));
    // And the game plays on.
    let (status, _) = server.post(&format!("/api/games/{id}/undo"), json!({}));
    assert_eq!(status, 200);
}

/// A database written by the server of commit 3a633b7, before the schema had a history of
/// migrations: three games, made through its API. One in play after `n3-n5 b14-d12` (level
/// 3), one won by x (a set-up position), one where the computer (x) moves first (level 7).
const BEFORE_MIGRATIONS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/games-3a633b7.sqlite3"
);

/// A fixture's games are as old as the fixture: not pruned by the servers that open it.
const KEEP: [&str; 4] = [
    "--keep-finished-s",
    "3153600000",
    "--keep-idle-s",
    "3153600000",
];

/// A copy of the database `fixture` in a folder of its own (removed when dropped), and its
/// URL.
fn copied(fixture: &str) -> (TempDir, String) {
    let dir = TempDir::new();
    let path = dir.0.join("games.sqlite3");
    std::fs::copy(fixture, &path).expect("copy the fixture");
    let url = format!("sqlite://{}", path.display());
    (dir, url)
}

/// The fixture's games: in play, won, the computer to move.
const IN_PLAY: &str = "38a8176379c1a24f635297c371a55d2f";
const WON: &str = "4eeba22348b81951c2f61112b672ba6c";
const COMPUTER_FIRST: &str = "de83018f209e1d3cb28db64c62acc251";

#[test]
fn a_database_from_before_migrations_opens_and_its_games_go_on() {
    let (_dir, url) = copied(BEFORE_MIGRATIONS);
    let stored = |server: &Server| server.metric("halma_games_stored");
    let server = Server::start_with(&url, &KEEP, None);
    let (status, game) = server.get(&format!("/api/games/{IN_PLAY}"));
    assert_eq!(status, 200, "{game}");
    assert_eq!(strings(&game["moves"]), ["n3-n5", "b14-d12"]);
    assert_eq!(
        (game["status"].as_str(), game["level"].as_u64()),
        (Some("your_turn"), Some(3))
    );
    let (status, won) = server.get(&format!("/api/games/{WON}"));
    assert_eq!(status, 200, "{won}");
    assert_eq!(won["outcome"]["winner"], "x");
    let (status, first) = server.get(&format!("/api/games/{COMPUTER_FIRST}"));
    assert_eq!(status, 200, "{first}");
    assert_eq!(
        (first["human"].as_str(), first["status"].as_str()),
        (Some("o"), Some("computer_turn"))
    );
    // The games go on, and the count of games is the one the old server kept.
    assert_eq!(stored(&server), 3);
    let (status, played) = server.post(
        &format!("/api/games/{IN_PLAY}/move"),
        json!({ "move": "l2-k3" }),
    );
    assert_eq!(status, 200, "{played}");
    server.new_game(json!({}));
    assert_eq!(stored(&server), 4);
    drop(server);

    // Its history now says so: a second start applies nothing and finds everything.
    let server = Server::start_with(&url, &KEEP, None);
    let (status, game) = server.get(&format!("/api/games/{IN_PLAY}"));
    assert_eq!(status, 200, "{game}");
    assert_eq!(strings(&game["moves"]), ["n3-n5", "b14-d12", "l2-k3"]);
    assert_eq!(stored(&server), 4);
    drop(server);
    let applied = tokio::runtime::Runtime::new()
        .expect("a runtime")
        .block_on(async {
            sqlx::any::install_default_drivers();
            let mut connection = <sqlx::AnyConnection as sqlx::Connection>::connect(&url).await?;
            sqlx::query_scalar::<_, i64>("SELECT version FROM _sqlx_migrations ORDER BY version")
                .fetch_all(&mut connection)
                .await
        })
        .expect("the migration history");
    assert_eq!(applied, migration_versions());
}

/// The versions of the server's migrations, from their files' names (`0001_games.sql`).
fn migration_versions() -> Vec<i64> {
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite");
    let mut versions: Vec<i64> = std::fs::read_dir(directory)
        .expect("the migrations")
        .map(|entry| {
            let name = entry.expect("a migration").file_name();
            let name = name.to_string_lossy();
            let digits = name.split('_').next().unwrap_or_default();
            digits
                .parse()
                .unwrap_or_else(|_| panic!("{name}: no version"))
        })
        .collect();
    versions.sort_unstable();
    versions
}

/// A database written by the server of commit 042aa72, before a game said what its opponent
/// is (a game between two people was stored as a computer game of level 0): games between
/// two people in play, over and waiting for their second player, and games against the
/// computer, each made through that server's API. Opened, its games between two people are
/// `friend` games without a level.
const FRIENDS_AS_LEVEL_0: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/games-042aa72.sqlite3"
);

/// A game between two people in play after `n3-n5 b14-d12`, o's draw offer standing; its
/// seats' secrets.
const FRIEND_IN_PLAY: (&str, &str, &str) = (
    "c5b9e7d94f51c3403b061dc0ff0d7d68",
    "c0446223059ca442193a67cfc027b1cc5e4ceac41be343a54dc4b99c6dc123d9",
    "d3f692f9c1a88e33bc1dc0a24e088a204253c15305d37b6f5d04c5c2048aa5b4",
);
/// A game between two people that o (its creator) resigned after `l2-k3 e15-f14`; the
/// rematch both agreed, in which the old o's secret plays x; and that secret.
const FRIEND_RESIGNED: (&str, &str, &str) = (
    "a9e375a4a8a4e7bdcf08aa38df0103f7",
    "2b0eac9a92c20285aa9dd3c0791c8fa8",
    "018a2ff581dff15b3dc5aa5971eb75fa7cfd38582fa7b98d5f1803cd3ebefdc5",
);
/// A game between two people on a clock of 10 minutes, o's running since 2026-12-06.
const FRIEND_CLOCKED: &str = "346e7a051a450365851ee3ae85833a21";
/// A game between two people whose invitation is still open; the invitation.
const FRIEND_INVITING: (&str, &str) = (
    "766c4316bc09cae432e63da8869b52b0",
    "7a8ea1aa065f5ea76121b20476a131f6f0474f349cc7b1b9f5de94ae5081e8e1",
);
/// A game against the computer (level 4) after `n3-n5 b14-d12`, and one won by x from a
/// set-up position (level 6).
const COMPUTER_IN_PLAY: &str = "a1917c15621890f8f110a3d8340ff853";
const COMPUTER_WON: &str = "09dbc41b914484a715d746aab5b9ef74";

#[test]
fn a_database_of_games_between_two_people_stored_at_level_0_opens_and_they_go_on() {
    use common::friends::call;
    let (_dir, url) = copied(FRIENDS_AS_LEVEL_0);
    let server = Server::start_with(&url, &KEEP, None);
    let game = |id: &str| server.get(&format!("/api/games/{id}")).1;
    let friend = |id: &str| {
        let state = game(id);
        let fields = state.as_object().expect("a state");
        assert_eq!(state["opponent"], "friend", "{state}");
        assert!(
            !fields.contains_key("level") && !fields.contains_key("computer"),
            "a game between two people has no level and no computer: {state}"
        );
        state
    };
    let post = |id: &str, action: &str, secret: Option<&str>, body: serde_json::Value| {
        let path = format!("/api/games/{id}/{action}");
        call(&server, 1, "POST", &path, secret, &body.to_string())
    };
    assert_eq!(server.metric("halma_games_stored"), 7);

    // In play: the draw offer stands; a stranger may not move, x may, and the offer lapses.
    let (id, x, _) = FRIEND_IN_PLAY;
    let state = friend(id);
    assert_eq!(strings(&state["moves"]), ["n3-n5", "b14-d12"]);
    assert_eq!(
        (state["status"].as_str(), state["offers"]["draw"].as_str()),
        (Some("your_turn"), Some("o"))
    );
    let stranger = post(id, "move", None, json!({ "move": "l2-k3", "ply": 2 }));
    assert_eq!(
        (stranger.0, stranger.1["code"].as_str()),
        (403, Some("not_a_player"))
    );
    let (status, played) = post(id, "move", Some(x), json!({ "move": "l2-k3", "ply": 2 }));
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["state"]["offers"]["draw"], serde_json::Value::Null);
    let (status, computer) = post(id, "computer", Some(x), json!({}));
    assert_eq!(
        (status, computer["code"].as_str()),
        (409, Some("friend_game"))
    );

    // Over by resignation, with its rematch, where the old o now plays x.
    let (id, rematch, old_o) = FRIEND_RESIGNED;
    let state = friend(id);
    assert_eq!(
        (
            state["outcome"]["reason_code"].as_str(),
            state["outcome"]["winner"].as_str()
        ),
        (Some("resignation"), Some("x"))
    );
    assert_eq!(state["rematch"], rematch);
    assert_eq!(friend(rematch)["human"], "x");
    let (status, played) = post(
        rematch,
        "move",
        Some(old_o),
        json!({ "move": "n3-n5", "ply": 0 }),
    );
    assert_eq!(status, 200, "{played}");

    // The clock ran out long ago: o lost on time when the game was read again.
    let state = friend(FRIEND_CLOCKED);
    assert_eq!(
        (
            state["outcome"]["reason_code"].as_str(),
            state["outcome"]["winner"].as_str()
        ),
        (Some("time"), Some("x"))
    );

    // The invitation still seats its player, who plays o.
    let (id, invitation) = FRIEND_INVITING;
    friend(id);
    let (status, seat) = post(id, "join", Some(invitation), json!({}));
    assert_eq!(
        (status, seat["seat"]["side"].as_str()),
        (200, Some("o")),
        "{seat}"
    );

    // The games against the computer go on as they were.
    let state = game(COMPUTER_IN_PLAY);
    assert_eq!(
        (state["opponent"].as_str(), state["level"].as_u64()),
        (Some("computer"), Some(4))
    );
    assert_eq!(
        (state["computer"].as_str(), state["status"].as_str()),
        (Some("o"), Some("your_turn"))
    );
    let (status, played) = post(
        COMPUTER_IN_PLAY,
        "move",
        None,
        json!({ "move": "l2-k3", "ply": 2 }),
    );
    assert_eq!(status, 200, "{played}");
    assert_eq!(game(COMPUTER_WON)["outcome"]["winner"], "x");
    drop(server);

    // Stored in the new form: no game between two people has a level.
    let rows = tokio::runtime::Runtime::new()
        .expect("a runtime")
        .block_on(async {
            sqlx::any::install_default_drivers();
            let mut connection = <sqlx::AnyConnection as sqlx::Connection>::connect(&url).await?;
            sqlx::query_as::<_, (String, Option<i64>)>(
                "SELECT opponent, level FROM halma_games ORDER BY opponent, level",
            )
            .fetch_all(&mut connection)
            .await
        })
        .expect("the games");
    let computers = [
        ("computer".to_owned(), Some(4)),
        ("computer".to_owned(), Some(6)),
    ];
    let friends = vec![("friend".to_owned(), None); 5];
    assert_eq!(rows, [computers.to_vec(), friends].concat());
}

#[test]
fn sigterm_lets_the_move_in_flight_finish() {
    let dir = TempDir::new();
    let url = dir.sqlite();
    let mut server = Server::start_with(&url, &["--think-ms", "1500"], None);
    let id = server.new_game(json!({ "level": 10, "human": "o" }));
    let path = format!("/api/games/{id}/computer");
    std::thread::scope(|scope| {
        let thinking = scope.spawn(|| server.post(&path, json!({})));
        assert!(Server::eventually(Duration::from_secs(5), || {
            server.get(&format!("/api/games/{id}")).1["status"] == "thinking"
        }));
        // `terminate` needs the server mutably; the request thread holds it shared, so send
        // the signal by pid here.
        let pid = server.pid().to_string();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status();
        assert!(sent.is_ok_and(|s| s.success()));
        let (status, reply) = thinking.join().expect("the request thread");
        assert_eq!(status, 200, "{reply}");
        assert_eq!(strings(&reply["state"]["moves"]).len(), 1);
    });
    assert!(server.terminate(), "a clean exit");
    // The move was stored before the process ended.
    let server = Server::start_with(&url, &[], None);
    let (_, state) = server.get(&format!("/api/games/{id}"));
    assert_eq!(strings(&state["moves"]).len(), 1, "{state}");
    assert_eq!(state["status"], "your_turn");
}

/// x fills its goal camp with `c11-b12`.
const ONE_FROM_THE_WIN: &str =
    "xxxxx11/xxxxx11/xxxx12/xxx13/x15/2x13/16/16/7o8/16/16/14oo/13ooo/12oooo/11ooooo/12oooo x";

#[test]
fn finished_games_are_pruned_and_games_in_play_stay() {
    let server = Server::start(&["--keep-finished-s", "1", "--prune-every-s", "1"]);
    let playing = server.new_game(json!({}));
    let finished = server.new_game(json!({ "position": ONE_FROM_THE_WIN }));
    let (status, won) = server.post(
        &format!("/api/games/{finished}/move"),
        json!({ "move": "c11-b12" }),
    );
    assert_eq!(status, 200);
    assert_eq!(won["state"]["status"], "over");
    assert!(
        Server::eventually(Duration::from_secs(5), || {
            server.get(&format!("/api/games/{finished}")).0 == 404
        }),
        "the finished game is pruned"
    );
    server.expect_error(server.get(&format!("/api/games/{finished}")), 404, "pruned");
    assert_eq!(server.get(&format!("/api/games/{playing}")).0, 200);
}

#[test]
fn two_servers_on_one_postgres_play_one_game() {
    let Some(url) = postgres() else {
        return;
    };
    let first = Server::start_with(&url, &[], None);
    let second = Server::start_with(&url, &[], None);
    let id = first.new_game(json!({ "level": 2 }));
    // Moves alternate between the processes, as a load balancer might send them.
    let (status, played) =
        second.post(&format!("/api/games/{id}/move"), json!({ "move": "n3-n5" }));
    assert_eq!(status, 200, "{played}");
    let (status, reply) = first.post(&format!("/api/games/{id}/computer"), json!({}));
    assert_eq!(status, 200, "{reply}");
    let computer_move = reply["move"].as_str().unwrap().to_owned();
    let (status, state) = second.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200);
    assert_eq!(
        strings(&state["moves"]),
        ["n3-n5".to_owned(), computer_move]
    );
    // While one process thinks, the other sees it and refuses changes.
    let (status, _) = second.post(&format!("/api/games/{id}/level"), json!({ "level": 10 }));
    assert_eq!(status, 200);
    let (status, _) = second.post(&format!("/api/games/{id}/move"), json!({ "move": "l2-k3" }));
    assert_eq!(status, 200);
    std::thread::scope(|scope| {
        let thinking = scope.spawn(|| first.post(&format!("/api/games/{id}/computer"), json!({})));
        assert!(Server::eventually(Duration::from_secs(5), || {
            second.get(&format!("/api/games/{id}")).1["status"] == "thinking"
        }));
        second.expect_error(
            second.post(&format!("/api/games/{id}/undo"), json!({})),
            409,
            "thinking",
        );
        let (status, reply) = thinking.join().expect("the request thread");
        assert_eq!(status, 200, "{reply}");
    });
    let (_, state) = second.get(&format!("/api/games/{id}"));
    assert_eq!(strings(&state["moves"]).len(), 4);
    assert_eq!(state["status"], "your_turn");
    let (status, _) = first.request("DELETE", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200);
    assert_eq!(second.get(&format!("/api/games/{id}")).0, 404);
}

#[test]
fn a_database_that_stops_answering_is_answered_for_at_once_and_comes_back() {
    let Some(url) = postgres() else {
        return;
    };
    let url = common::postgres_schema(&url);
    // postgres://USER:PASSWORD@HOST:PORT/DB...: the server reaches it through the relay.
    let (head, rest) = url.split_once('@').expect("user@host in the URL");
    let (target, tail) = rest.split_once('/').expect("a database in the URL");
    let relay = Relay::to(target.to_owned()).expect("a relay");
    let relayed = format!("{head}@127.0.0.1:{}/{tail}", relay.port);
    let server = Server::start_with(&relayed, &["--no-engine"], None);
    let id = server.new_game(json!({}));
    let game = format!("/api/games/{id}");
    for (action, mv, ply) in [("move", "l2-k3", 0), ("computer", "e15-f14", 1)] {
        let body = json!({ "move": mv, "ply": ply });
        assert_eq!(server.post(&format!("{game}/{action}"), body).0, 200);
    }

    relay.cut();
    // Every request, the health check too, answers 503 `unavailable` well within the
    // pool's 10 s wait (the probe finds the database gone within a second).
    let answered_soon = |request: &dyn Fn() -> (u16, serde_json::Value), code: &str| {
        let start = Instant::now();
        let (status, body) = request();
        assert_eq!(status, 503, "{body}");
        assert!(body.to_string().contains(code), "{body}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "answered after {:?}",
            start.elapsed()
        );
    };
    for _ in 0..3 {
        answered_soon(&|| server.get(&game), "unavailable");
        let body = json!({ "move": "n3-n5", "ply": 2 });
        answered_soon(
            &|| server.post(&format!("{game}/move"), body.clone()),
            "unavailable",
        );
        answered_soon(&|| server.post("/api/games", json!({})), "unavailable");
        answered_soon(&|| server.get("/healthz"), "database unreachable");
    }

    relay.restore();
    assert!(
        Server::eventually(Duration::from_secs(20), || server.get(&game).0 == 200),
        "the server should find the database again by itself"
    );
    assert_eq!(server.get("/healthz").0, 200);
    // Every acknowledged move is there, and the game goes on.
    assert_eq!(strings(&server.get(&game).1["moves"]), ["l2-k3", "e15-f14"]);
    let (status, reply) = server.post(
        &format!("{game}/move"),
        json!({ "move": "n3-n5", "ply": 2 }),
    );
    assert_eq!(status, 200, "{reply}");
}

/// Each request reads its game from the database once: a move, a computer move (whose
/// search marks the game, then plays on the game it marked), a hint, a state.
#[test]
fn a_request_reads_its_game_once() {
    let server = Server::start(&["--engines", "1"]);
    let loads = || server.metric("halma_database_seconds_count{operation=\"load\"}");
    let id = server.new_game(json!({ "level": 1 }));
    let game = format!("/api/games/{id}");
    let mut before = loads();
    for (method, action, body) in [
        ("POST", "/move", Some(r#"{"move": "n3-n5"}"#)),
        ("POST", "/computer", None),
        ("GET", "/hint", None),
        ("GET", "", None),
        ("POST", "/undo", None),
    ] {
        let (status, reply) = server.request(method, &format!("{game}{action}"), body);
        assert_eq!(status, 200, "{method} {action}: {reply}");
        let after = loads();
        assert_eq!(
            after - before,
            1,
            "{method} {action}: {} reads",
            after - before
        );
        before = after;
    }
}

/// A clocked game between two people on the database `url`, its server stopped for 5 s
/// (killed, as by a crash) and started again: x, on move, has lost at most the time a
/// server was up, plus two seconds, not the downtime.
fn downtime_is_nobody_s_time(url: &str) {
    let server = Server::start_with(url, &[], None);
    let body = json!({ "opponent": "friend", "clock": { "initial": 60, "increment": 0 } });
    let (status, made) = call(&server, 1, "POST", "/api/games", None, &body.to_string());
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_owned();
    let invitation = made["invitation"]["claim"].as_str().unwrap().to_owned();
    let joining = Instant::now();
    join(&server, &id, &invitation);
    drop(server);
    let up_before = joining.elapsed();
    std::thread::sleep(Duration::from_secs(5));

    let starting = Instant::now();
    let server = Server::start_with(url, &[], None);
    let (status, state) = server.get(&format!("/api/games/{id}"));
    let up = up_before + starting.elapsed();
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["clock"]["running"], "x", "{state}");
    let left = state["clock"]["x_ms"].as_u64().expect("x's time");
    let up_ms = u64::try_from(up.as_millis()).unwrap();
    assert!(
        left + up_ms + 2_000 >= 60_000,
        "x has {left} ms left after {up_ms} ms of a server up: charged the downtime"
    );
    // The clock runs on from the start.
    std::thread::sleep(Duration::from_millis(1_500));
    let (_, later) = server.get(&format!("/api/games/{id}"));
    assert!(later["clock"]["x_ms"].as_u64().unwrap() < left, "{later}");
}

#[test]
fn a_server_down_charges_no_clock_its_downtime() {
    let dir = TempDir::new();
    downtime_is_nobody_s_time(&dir.sqlite());
}

/// The same on PostgreSQL (one process at a time: the pause is the database's to see).
#[test]
fn a_server_down_charges_no_clock_its_downtime_on_postgres() {
    let Some(url) = postgres() else {
        return;
    };
    downtime_is_nobody_s_time(&postgres_schema(&url));
}
