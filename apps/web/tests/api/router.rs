//! The router alone, without a socket: requests handed to the router `halma_web::app`
//! assembles with tower's `oneshot`, answers read in memory. What a state says of its game
//! (its opponent and version; no level or computer in a game between two people, which the
//! recorded contract cannot say), and the seat a request holds.

use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use clap::Parser;
use halma_web::{Options, Pool, Registry, Store};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::common::TempDir;

/// The router over a database of its own (in the folder given), its engines one.
pub async fn router() -> (Router, TempDir) {
    let dir = TempDir::new();
    let url = dir.sqlite();
    let options = Options::try_parse_from(["halma-web", "--database", &url, "--engines", "1"])
        .expect("the options");
    let store = Store::connect(&url, 2).await.expect("the database");
    let engines = Pool::new(options.engines(1));
    let router = halma_web::app(&options, store, engines, Registry::new(100));
    (router, dir)
}

/// The request `method path` with a JSON `body` and the seat's `secret` (if any), from
/// 127.0.0.1 as the connection layer would say.
pub fn request(method: &str, path: &str, body: Body, secret: Option<&str>) -> Request<Body> {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("host", "localhost")
        .header("content-type", "application/json")
        .extension(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))));
    if let Some(secret) = secret {
        request = request.header("authorization", format!("Bearer {secret}"));
    }
    request.body(body).expect("a request")
}

/// `method path` with the JSON `body` (if any) and the seat's `secret` (if any): its
/// status and JSON.
async fn call(
    router: &Router,
    method: &str,
    path: &str,
    body: Option<Value>,
    secret: Option<&str>,
) -> (u16, Value) {
    let body = body.map_or_else(String::new, |body| body.to_string());
    send(router, method, path, &body, secret).await
}

/// `method path` with the bytes of `body` as they are (said to be JSON), and the seat's
/// `secret` (if any): its status and JSON.
async fn send(
    router: &Router,
    method: &str,
    path: &str,
    body: &str,
    secret: Option<&str>,
) -> (u16, Value) {
    let body = Body::from(body.to_owned());
    let response = router
        .clone()
        .oneshot(request(method, path, body, secret))
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("the body")
        .to_bytes();
    (status, serde_json::from_slice(&bytes).expect("JSON"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_state_says_who_the_opponent_is_and_its_version() {
    let (router, _dir) = router().await;
    let (status, computer) = call(&router, "POST", "/api/games", Some(json!({})), None).await;
    assert_eq!(status, 201, "{computer}");
    assert_eq!(
        (
            &computer["opponent"],
            &computer["level"],
            &computer["computer"],
            &computer["version"]
        ),
        (&json!("computer"), &json!(5), &json!("o"), &json!(1))
    );
    let path = format!("/api/games/{}", computer["id"].as_str().unwrap());
    let (status, moved) = call(
        &router,
        "POST",
        &format!("{path}/move"),
        Some(json!({ "move": "l2-k3" })),
        None,
    )
    .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["state"]["version"], 2);
    let (_, read) = call(&router, "GET", &path, None, None).await;
    assert_eq!(
        read["version"], 2,
        "an answer and a read say the same version"
    );

    let body = json!({ "opponent": "friend" });
    let (status, friend) = call(&router, "POST", "/api/games", Some(body), None).await;
    assert_eq!(status, 201, "{friend}");
    let fields = friend.as_object().expect("a state");
    assert_eq!(
        (&friend["opponent"], &friend["version"]),
        (&json!("friend"), &json!(1))
    );
    assert!(
        !fields.contains_key("level") && !fields.contains_key("computer"),
        "no level and no computer in a game between two people: {friend}"
    );
    // Its moves name their player by the seat the request holds.
    let path = format!("/api/games/{}", friend["id"].as_str().unwrap());
    let secret = friend["seat"]["secret"]
        .as_str()
        .expect("the creator's secret");
    let mv = || Some(json!({ "move": "l2-k3", "ply": 0 }));
    let (status, refused) = call(&router, "POST", &format!("{path}/move"), mv(), None).await;
    assert_eq!((status, &refused["code"]), (403, &json!("not_a_player")));
    let forged = "0".repeat(64);
    let (status, _) = call(
        &router,
        "POST",
        &format!("{path}/move"),
        mv(),
        Some(&forged),
    )
    .await;
    assert_eq!(status, 403);
    let (status, moved) = call(&router, "POST", &format!("{path}/move"), mv(), Some(secret)).await;
    assert_eq!(
        (status, &moved["state"]["version"]),
        (200, &json!(2)),
        "{moved}"
    );
    assert!(!moved["state"].as_object().unwrap().contains_key("level"));
}

/// Every body a `POST` or `PUT` sends is a JSON object: an array is not read as the fields
/// in order, nor `[]` as none, and a route that reads nothing takes nothing else either;
/// where nothing is needed, no body stays allowed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_sent_is_a_json_object_wherever_it_is_sent() {
    let (router, _dir) = router().await;
    let (_, computer) = call(&router, "POST", "/api/games", Some(json!({})), None).await;
    let computer = format!("/api/games/{}", computer["id"].as_str().unwrap());
    let friend = json!({ "opponent": "friend" });
    let (_, friend) = call(&router, "POST", "/api/games", Some(friend), None).await;
    let secret = friend["seat"]["secret"].as_str().unwrap().to_owned();
    let claim = friend["invitation"]["claim"].as_str().unwrap().to_owned();
    let friend = format!("/api/games/{}", friend["id"].as_str().unwrap());
    let at = |game: &str, route: &str| format!("{game}{route}");
    let routes = [
        ("POST", "/api/games".to_owned(), None),
        ("POST", at(&computer, "/move"), None),
        ("POST", at(&computer, "/computer"), None),
        ("POST", at(&computer, "/undo"), None),
        ("POST", at(&computer, "/level"), None),
        ("PUT", at(&computer, "/level"), None),
        ("POST", at(&friend, "/join"), Some(claim.as_str())),
        ("POST", at(&friend, "/resign"), Some(secret.as_str())),
        ("POST", at(&friend, "/draw"), Some(secret.as_str())),
        ("POST", at(&friend, "/rematch"), Some(secret.as_str())),
        ("POST", at(&friend, "/claim"), Some(secret.as_str())),
    ];
    for (method, path, secret) in &routes {
        for body in [
            r#"["n3-n5", 0]"#,
            "[]",
            "5",
            r#""offer""#,
            "null",
            "true",
            " [{}]",
        ] {
            let (status, refused) = send(&router, method, path, body, *secret).await;
            assert_eq!(
                (status, refused["code"].as_str()),
                (400, Some("invalid_json")),
                "{method} {path} {body}: {refused}"
            );
        }
    }
    for game in [&computer, &friend] {
        let (_, state) = call(&router, "GET", game, None, None).await;
        assert_eq!(state["version"], 1, "nothing changed: {state}");
    }
    // Where nothing is needed, no body, or an empty object.
    let (status, joined) = send(&router, "POST", &at(&friend, "/join"), "", Some(&claim)).await;
    assert_eq!(status, 200, "{joined}");
    let (status, resigned) =
        send(&router, "POST", &at(&friend, "/resign"), " ", Some(&secret)).await;
    assert_eq!((status, &resigned["status"]), (200, &json!("over")));
    let (status, undone) = send(&router, "POST", &at(&computer, "/undo"), "{}", None).await;
    assert_eq!((status, &undone["code"]), (409, &json!("nothing_to_undo")));
}
