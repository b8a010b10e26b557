//! The page's files as served: names with their content's hash, cached for good; the page
//! revalidated on every load; brotli or gzip as the client accepts; 304 for a copy that is
//! current; old or made-up hashes unknown.

mod common;

use std::io::Read;
use std::time::Duration;

use common::{Response, Server};

fn get(server: &Server, path: &str, extra: &str) -> Response {
    server.raw(
        &format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{extra}\r\n",
            server.addr
        ),
        b"",
    )
}

/// The first quoted path in `text` that starts with `prefix`.
fn referenced(text: &str, prefix: &str) -> String {
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix} in {text}"));
    let end = start + text[start..].find(['"', '\'']).expect("a closing quote");
    text[start..end].to_owned()
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("gzip");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .expect("brotli");
    out
}

#[test]
fn the_page_names_hashed_files_that_are_cached_for_good() {
    let server = Server::start(&[]);
    let page = get(&server, "/", "");
    assert_eq!(page.status, 200);
    assert_eq!(page.header("cache-control").as_deref(), Some("no-cache"));
    assert!(
        page.header("content-encoding").is_none(),
        "nothing accepted"
    );
    let html = String::from_utf8_lossy(&page.body).into_owned();
    let script = referenced(&html, "/app.");
    assert!(script.len() == "/app.0123456789abcdef.js".len(), "{script}");
    let file = get(&server, &script, "");
    assert_eq!(file.status, 200);
    assert_eq!(
        file.header("cache-control").as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(
        file.header("content-type").as_deref(),
        Some("text/javascript; charset=utf-8")
    );
    // The script names the engine's files by their hashes too.
    let text = String::from_utf8_lossy(&file.body).into_owned();
    let wasm = referenced(&text, "/halma.");
    assert!(!text.contains("'/halma.js'") && !text.contains("'/halma.wasm'"));
    assert_eq!(get(&server, &wasm, "").status, 200);
    // The same page at a game's link; a made-up hash is no file.
    let link = get(&server, "/g/0123456789abcdef0123456789abcdef", "");
    assert_eq!(link.body, page.body);
    assert_eq!(get(&server, "/app.0123456789abcdef.js", "").status, 404);
    // Files change only by GET.
    let post = server.raw(
        &format!(
            "POST {script} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n",
            server.addr
        ),
        b"",
    );
    assert_eq!(post.status, 405);
}

#[test]
fn files_are_compressed_as_the_client_accepts() {
    let server = Server::start(&[]);
    let plain = get(&server, "/halma.wasm", "");
    assert_eq!(
        plain.header("content-type").as_deref(),
        Some("application/wasm")
    );
    assert_eq!(plain.header("vary").as_deref(), Some("Accept-Encoding"));
    assert!(plain.header("content-encoding").is_none());
    let gzipped = get(&server, "/halma.wasm", "Accept-Encoding: gzip, deflate\r\n");
    assert_eq!(gzipped.header("content-encoding").as_deref(), Some("gzip"));
    assert_eq!(gunzip(&gzipped.body), plain.body);
    println!(
        "figure: halma.wasm {} bytes, gzip {} bytes",
        plain.body.len(),
        gzipped.body.len()
    );
    assert!(gzipped.body.len() < plain.body.len());
    // Brotli is made in the background after the first request for it (gzip meanwhile);
    // the style sheet, as brotli of the module takes long in a debug build.
    let style = get(&server, "/style.css", "");
    let brotli = "Accept-Encoding: gzip, deflate, br\r\n";
    let first = get(&server, "/style.css", brotli);
    assert_eq!(first.header("content-encoding").as_deref(), Some("gzip"));
    let mut packed = None;
    assert!(Server::eventually(Duration::from_secs(20), || {
        let answer = get(&server, "/style.css", brotli);
        let done = answer.header("content-encoding").as_deref() == Some("br");
        packed = Some(answer);
        done
    }));
    let packed = packed.expect("an answer");
    assert_eq!(unbrotli(&packed.body), style.body);
    assert!(packed.body.len() < first.body.len());
    let refused = get(
        &server,
        "/halma.wasm",
        "Accept-Encoding: br;q=0, gzip;q=0\r\n",
    );
    assert!(refused.header("content-encoding").is_none());
    // The API's answers are not the files': JSON as before.
    let health = get(&server, "/healthz", "Accept-Encoding: br\r\n");
    assert_eq!(health.status, 200);
    assert!(health.header("content-encoding").is_none());
}

#[test]
fn a_current_copy_gets_304() {
    let server = Server::start(&[]);
    let page = get(&server, "/", "Accept-Encoding: br\r\n");
    let etag = page.header("etag").expect("an ETag");
    let again = get(&server, "/", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(etag.clone()));
    let other = get(&server, "/", "If-None-Match: \"0123\"\r\n");
    assert_eq!(other.status, 200);
    assert_eq!(other.header("etag"), Some(etag.clone()));
    // The brotli, gzip and plain bodies differ in their bytes, not their content: one weak
    // tag for all, which revalidates any of them.
    assert!(etag.starts_with("W/\""), "{etag}");
    let gzipped = get(&server, "/", "Accept-Encoding: gzip\r\n");
    assert_eq!(gzipped.header("content-encoding").as_deref(), Some("gzip"));
    assert_eq!(gzipped.header("etag"), Some(etag.clone()));
    assert_eq!(other.header("content-encoding"), None);
    let strong = etag.trim_start_matches("W/");
    let again = get(&server, "/", &format!("If-None-Match: {strong}\r\n"));
    assert_eq!(again.status, 304);
}
