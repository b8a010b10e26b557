//! The page and its files as served: names with their content's hash, cached for good; the
//! page revalidated on every load; brotli or gzip as the client accepts; 304 for a copy
//! that is current; old or made-up hashes unknown. And the page in its players' languages:
//! a link per language (`/th/`), the language of a link without one (the player's choice,
//! then `Accept-Language`, then English), `<html lang>`, and the language files the page
//! reads.

use std::io::Read;
use std::time::Duration;

use serde_json::{Value, json};

use super::here;
use crate::common::{Response, Server};

/// `GET path` with `extra` header lines.
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
    let server = here(&[]);
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
    let server = here(&[]);
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
    let server = here(&[]);
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

/// The `lang` of a page's `<html>` tag.
fn html_lang(response: &Response) -> String {
    let html = String::from_utf8_lossy(&response.body);
    let tag = &html[html.find("<html").expect("an html tag")..];
    let value = &tag[tag.find("lang=\"").expect("a lang") + 6..];
    value[..value.find('"').expect("a quote")].to_owned()
}

#[test]
fn each_language_has_its_link_and_a_link_without_one_takes_the_player_s() {
    let server = here(&[]);
    let id = server.new_game(json!({}));
    for (path, headers, lang) in [
        ("/th/", "", "th"),
        ("/ms", "Accept-Language: th\r\n", "ms"),
        ("/en/", "Cookie: halma-lang=th\r\n", "en"),
        (&format!("/ms/g/{id}") as &str, "", "ms"),
        ("/th/rules", "", "th"),
    ] {
        let page = get(&server, path, headers);
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(html_lang(&page), lang, "{path}");
        assert_eq!(
            page.header("content-language").as_deref(),
            Some(lang),
            "{path}"
        );
        assert_eq!(
            page.header("vary").as_deref(),
            Some("Accept-Encoding"),
            "{path}: a language link varies by nothing else"
        );
    }
    for (path, headers, lang) in [
        ("/", "", "en"),
        ("/", "Accept-Language: th-TH,th;q=0.9,en;q=0.8\r\n", "th"),
        ("/", "Accept-Language: fr, ms;q=0.5\r\n", "ms"),
        ("/", "Accept-Language: fr, de\r\n", "en"),
        (
            "/",
            "Accept-Language: th\r\nCookie: x=1; halma-lang=ms\r\n",
            "ms",
        ),
        (
            "/",
            "Accept-Language: th\r\nCookie: halma-lang=zz\r\n",
            "th",
        ),
        (
            &format!("/g/{id}") as &str,
            "Accept-Language: ms-MY\r\n",
            "ms",
        ),
        ("/rules", "Accept-Language: th\r\n", "th"),
    ] {
        let page = get(&server, path, headers);
        assert_eq!(page.status, 200, "{path} {headers:?}");
        assert_eq!(html_lang(&page), lang, "{path} {headers:?}");
        assert_eq!(page.header("content-language").as_deref(), Some(lang));
        assert_eq!(
            page.header("vary").as_deref(),
            Some("Accept-Encoding, Accept-Language, Cookie")
        );
    }
    // A prefix names pages only, and only languages that have a file.
    for path in ["/fr/", "/th/api/games", "/TH/", "/th/g"] {
        let answer = get(&server, path, "");
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.json()["code"], "not_found", "{path}");
    }
}

#[test]
fn each_language_s_page_is_revalidated_by_its_own_etag() {
    let server = here(&[]);
    let etag = |path: &str, headers: &str| {
        let page = get(&server, path, headers);
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(page.header("cache-control").as_deref(), Some("no-cache"));
        page.header("etag").expect("an ETag")
    };
    let thai = etag("/th/", "");
    assert_ne!(thai, etag("/ms/", ""));
    assert_ne!(thai, etag("/th/rules", ""));
    assert_eq!(thai, etag("/", "Accept-Language: th\r\n"));
    let asks = |headers: &str| {
        get(
            &server,
            "/g/0123",
            &format!("If-None-Match: {thai}\r\n{headers}"),
        )
    };
    let same = asks("Cookie: halma-lang=th\r\n");
    assert_eq!(same.status, 304);
    assert!(same.body.is_empty());
    assert_eq!(same.header("content-language").as_deref(), Some("th"));
    let other = asks("Cookie: halma-lang=ms\r\n");
    assert_eq!(other.status, 200, "the Malay page is not the Thai one");
    assert_eq!(html_lang(&other), "ms");
    let compressed = get(&server, "/th/", "Accept-Encoding: gzip\r\n");
    assert_eq!(
        compressed.header("content-encoding").as_deref(),
        Some("gzip")
    );
}

#[test]
fn the_page_reads_its_texts_and_the_rules() {
    let server = here(&[]);
    for catalog in halma_i18n::catalogs() {
        let path = format!("/i18n/{}.json", catalog.tag());
        let (status, texts) = server.get(&path);
        assert_eq!(status, 200, "{path}");
        assert_eq!(texts["lang"], catalog.tag());
        assert_eq!(texts["languages"]["th"], "ไทย");
        assert_eq!(texts["languages"]["ms"], "Bahasa Melayu");
        assert_eq!(texts["texts"]["page.new"], catalog.text("page.new"));
        let keys = texts["texts"].as_object().expect("texts");
        assert!(keys.keys().all(|key| !key.starts_with("play.")), "{path}");
        assert!(keys.contains_key("error.game_over"), "{path}");
    }
    let (status, rules) = server.get("/i18n/rules.json");
    assert_eq!(status, 200);
    let sections = rules["sections"].as_array().expect("sections");
    assert!(
        sections
            .iter()
            .any(|section| section["diagram"]["playable"] == Value::Bool(true))
    );
    let (status, missing) = server.get("/i18n/fr.json");
    assert_eq!(status, 404, "{missing}");
    assert_eq!(missing["code"], "not_found");
}

#[test]
fn the_game_and_the_rules_are_two_pages_with_their_own_files() {
    let server = here(&[]);
    for (path, script) in [
        ("/th/", "/app."),
        ("/rules", "/rules."),
        ("/ms/rules", "/rules."),
    ] {
        let page = get(&server, path, "");
        assert_eq!(page.status, 200, "{path}");
        let html = String::from_utf8_lossy(&page.body);
        assert!(html.contains(&format!("src=\"{script}")), "{path}");
    }
    for (path, content_type) in [
        ("/board.js", "text/javascript; charset=utf-8"),
        ("/i18n.js", "text/javascript; charset=utf-8"),
        ("/guide.js", "text/javascript; charset=utf-8"),
        ("/rules.js", "text/javascript; charset=utf-8"),
        ("/rules.css", "text/css; charset=utf-8"),
    ] {
        let file = get(&server, path, "");
        assert_eq!(file.status, 200, "{path}");
        assert_eq!(
            file.header("content-type").as_deref(),
            Some(content_type),
            "{path}"
        );
    }
}

/// Every text key the page's files name: quoted words that look like keys
/// (`'page.new'`, `data-t="page.new"`).
fn keys_named(source: &str) -> Vec<&str> {
    let prefixes = ["page.", "guide.", "rules.", "error.", "language."];
    source
        .split(['\'', '"', '`'])
        .filter(|word| {
            prefixes.iter().any(|prefix| word.starts_with(prefix))
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_')
                && !word.ends_with('.')
        })
        .collect()
}

/// Every page and script under `dir` (a folder of the page's), with its text.
fn page_sources(dir: &std::path::Path, sources: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("the page's folder") {
        let path = entry.expect("a file").path();
        if path.is_dir() {
            page_sources(&path, sources);
        } else if path
            .extension()
            .is_some_and(|extension| ["html", "js", "mjs"].contains(&&*extension.to_string_lossy()))
        {
            let text = std::fs::read_to_string(&path).expect("a page's text");
            sources.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn every_text_the_page_names_is_in_every_language() {
    let mut files = Vec::new();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/static");
    page_sources(std::path::Path::new(root), &mut files);
    let mut named = 0;
    for (file, source) in &files {
        for key in keys_named(source) {
            named += 1;
            for catalog in halma_i18n::catalogs() {
                assert!(
                    catalog.messages().contains_key(key),
                    "{file} names {key}, which {} lacks",
                    catalog.tag()
                );
            }
        }
    }
    assert!(named > 60, "only {named} keys found: the scan is broken");
}
