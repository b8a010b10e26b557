//! The page in its players' languages, over real HTTP: a link per language (`/th/`), the
//! language of a link without one (the player's choice, then `Accept-Language`, then
//! English), `<html lang>`, and the language files the page reads.

mod common;

use common::{Response, Server};
use serde_json::{Value, json};

/// `GET path` with extra header lines.
fn get(server: &Server, path: &str, headers: &str) -> Response {
    server.raw(
        &format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{headers}\r\n",
            server.addr
        ),
        b"",
    )
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
    let server = Server::start(&[]);
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
    let server = Server::start(&[]);
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
    let server = Server::start(&[]);
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
    let server = Server::start(&[]);
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

#[test]
fn every_text_the_page_names_is_in_every_language() {
    let files = [
        ("index.html", include_str!("../static/index.html")),
        ("rules.html", include_str!("../static/rules.html")),
        ("app.js", include_str!("../static/app.js")),
        ("rules.js", include_str!("../static/rules.js")),
        ("guide.js", include_str!("../static/guide.js")),
        ("i18n.js", include_str!("../static/i18n.js")),
        ("offline.js", include_str!("../static/offline.js")),
    ];
    let mut named = 0;
    for (file, source) in files {
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
