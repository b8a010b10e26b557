//! Behind a reverse proxy: the browser's origin said by `--public-origin` (the page works
//! whether or not the proxy keeps the port in `Host`), other origins and hosts refused, the
//! page's links to itself absolute, and the live stream unbuffered by nginx and counted in
//! `/metrics`.

use std::io::{BufRead, BufReader, Write};
use std::time::Duration;

use serde_json::json;

use super::here;
use crate::common::{Response, Server};

/// A new game asked with the headers `host` and `origin`, as a browser's page behind a
/// proxy sends it: the answer's status.
fn create(server: &Server, host: &str, origin: &str) -> u16 {
    let body = json!({}).to_string();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    server.raw(&head, body.as_bytes()).status
}

/// `GET path` with the header `host`.
fn get(server: &Server, path: &str, host: &str) -> Response {
    server.raw(
        &format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        b"",
    )
}

#[test]
fn the_public_origin_may_change_games_whatever_host_the_proxy_passes() {
    let server = here(&["--public-origin", "https://halma.example:8443"]);
    let browser = "https://halma.example:8443";
    // The proxy kept the port, or lost it (Debian's proxy_params: `Host $host`).
    assert_eq!(create(&server, "halma.example:8443", browser), 201);
    assert_eq!(create(&server, "halma.example", browser), 201);
    // Other origins, and the right host and port under another scheme, are refused.
    for other in [
        "https://evil.example",
        "http://halma.example:8443",
        "https://halma.example:9443",
    ] {
        assert_eq!(create(&server, "halma.example", other), 403, "{other}");
    }
    // The origin's name is served; other names are not.
    assert_eq!(create(&server, "evil.example", "https://evil.example"), 421);
    assert_eq!(get(&server, "/healthz", "halma.example").status, 200);
    assert_eq!(get(&server, "/healthz", "evil.example").status, 421);
}

#[test]
fn without_the_public_origin_the_origin_must_be_the_host() {
    let server = here(&["--allowed-host", "halma.example"]);
    let browser = "http://halma.example:8080";
    assert_eq!(create(&server, "halma.example:8080", browser), 201);
    assert_eq!(create(&server, "halma.example", browser), 403);
}

#[test]
fn the_pages_links_to_themselves_are_absolute_with_the_public_origin() {
    let behind = here(&["--public-origin", "https://halma.example"]);
    let page = get(&behind, "/th/rules", "halma.example");
    assert_eq!(page.status, 200);
    let html = String::from_utf8_lossy(&page.body);
    assert!(
        html.contains("<link rel=\"canonical\" href=\"https://halma.example/th/rules\">"),
        "{html}"
    );
    assert!(html.contains(
        "<link rel=\"alternate\" hreflang=\"en\" href=\"https://halma.example/en/rules\">"
    ));
    assert!(html.contains(
        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://halma.example/rules\">"
    ));
    let plain = here(&[]);
    let page = get(&plain, "/th/rules", &plain.addr);
    let html = String::from_utf8_lossy(&page.body);
    assert!(html.contains("<link rel=\"canonical\" href=\"/th/rules\">"));
    assert!(
        !html.contains("https://"),
        "no absolute link without the option"
    );
}

/// Opens the live stream of `id`: the head of its answer, and the connection, which keeps
/// the stream open until dropped.
fn open_stream(server: &Server, id: &str) -> (String, BufReader<std::net::TcpStream>) {
    let mut stream = server.connect_from(1);
    let head = format!(
        "GET /api/games/{id}/live HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.addr
    );
    stream.write_all(head.as_bytes()).expect("send");
    let mut reader = BufReader::new(stream);
    let mut answer = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        answer.push_str(&line.to_ascii_lowercase());
    }
    (answer, reader)
}

#[test]
fn the_live_stream_is_unbuffered_by_nginx_and_counted() {
    let server = here(&[]);
    let id = server.new_game(json!({}));
    assert_eq!(server.metric("halma_live_streams_open"), 0);
    let (head, first) = open_stream(&server, &id);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("\r\nx-accel-buffering: no\r\n"), "{head}");
    let (_, second) = open_stream(&server, &id);
    assert_eq!(server.metric("halma_live_streams_open"), 2);
    drop(first);
    drop(second);
    // A closed stream is found out at its next write (the heartbeat), or sooner.
    assert!(
        Server::eventually(Duration::from_secs(40), || server
            .metric("halma_live_streams_open")
            == 0),
        "the closed streams are no longer counted"
    );
}
