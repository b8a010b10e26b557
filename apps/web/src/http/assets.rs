//! The page's files, as served: each under a name with its content's hash
//! (`/app.1f2e3d4c5b6a7980.js`, cached for good), references between them rewritten to those
//! names, and each compressed once with gzip and brotli, kept for every later request. The
//! entry points (the page, its service worker) keep their names and are revalidated on every
//! load, so a browser never runs an old page against a newer server: a new page names new
//! files.
//!
//! Names and rewrites are made when the server starts (no build step for developers; a few
//! milliseconds). Each compressed form is made when a client first accepts it: gzip at its
//! best (60 ms of CPU for halma.wasm, release build) while that request waits; brotli at its
//! best quality (1.6 s for halma.wasm, 19% smaller than gzip) on a thread of its own, gzip
//! answering meanwhile. So a server that nobody asks for the page (the tests, API-only use)
//! spends nothing on it. Both, because browsers offer brotli only on secure origins (https,
//! localhost): plain http from another name gets gzip.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use axum::http::{HeaderMap, header};
use halma_i18n::{Catalog, catalogs};
use sha2::{Digest, Sha256};

use super::reply::JSON;
use crate::page::{languages, words};

/// How a file is sent: the file's bytes, or compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// As it is.
    Identity,
    /// `Content-Encoding: gzip`.
    Gzip,
    /// `Content-Encoding: br`.
    Brotli,
}

impl Encoding {
    /// The `Content-Encoding` value, if any.
    pub fn header(self) -> Option<&'static str> {
        match self {
            Encoding::Identity => None,
            Encoding::Gzip => Some("gzip"),
            Encoding::Brotli => Some("br"),
        }
    }
}

/// One file as served.
#[derive(Debug)]
pub struct Asset {
    /// `Content-Type`.
    pub content_type: &'static str,
    /// The bytes (references rewritten).
    pub body: Bytes,
    /// `ETag`: the content's hash, quoted.
    pub etag: String,
    /// The gzipped bytes, made on the first request that accepts them (`None`: no smaller).
    gzip: OnceLock<Option<Bytes>>,
    /// The brotli bytes, made on a thread of their own once a client accepts them.
    brotli: OnceLock<Option<Bytes>>,
    brotli_started: AtomicBool,
}

impl Asset {
    fn new(content_type: &'static str, body: Vec<u8>) -> Asset {
        let etag = format!("\"{}\"", digest(&body));
        Asset {
            content_type,
            body: body.into(),
            etag,
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
            brotli_started: AtomicBool::new(false),
        }
    }

    /// Whether [`Asset::encoded`] answers `accepted` at once (else it compresses first: not
    /// on the runtime's threads).
    pub fn ready(&self, accepted: Accepted) -> bool {
        !accepted.gzip || self.gzip.get().is_some()
    }

    /// The bytes to send to a client that accepts `accepted` (from [`accepted`]), and how
    /// they are encoded: brotli once it is made (its first request starts it, and is answered
    /// gzip meanwhile), gzip (made on its first request, tens of milliseconds), or as is.
    pub fn encoded(self: &Arc<Self>, accepted: Accepted) -> (Encoding, Bytes) {
        if accepted.brotli {
            match self.brotli.get() {
                Some(Some(packed)) => return (Encoding::Brotli, packed.clone()),
                Some(None) => {}
                None => self.start_brotli(),
            }
        }
        if accepted.gzip
            && let Some(packed) = self.gzip.get_or_init(|| self.smaller(gzip(&self.body)))
        {
            return (Encoding::Gzip, packed.clone());
        }
        (Encoding::Identity, self.body.clone())
    }

    /// The compressed bytes if smaller than the file.
    fn smaller(&self, packed: Vec<u8>) -> Option<Bytes> {
        (packed.len() < self.body.len()).then(|| packed.into())
    }

    /// Brotli at its best quality takes its time (1.6 s of CPU for halma.wasm in a release
    /// build, 20 times as long in a debug one): on a thread of its own, once.
    fn start_brotli(self: &Arc<Self>) {
        if self.brotli_started.swap(true, Ordering::Relaxed) {
            return;
        }
        let asset = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("brotli".to_owned())
            .spawn(move || {
                let packed = asset.smaller(brotli(&asset.body));
                let _ = asset.brotli.set(packed);
            });
        if let Err(error) = spawned {
            tracing::warn!("cannot start a thread to compress a file: {error}");
            let _ = self.brotli.set(None);
        }
    }
}

/// Which compressed encodings a client accepts (`Accept-Encoding`, `q=0` meaning no).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accepted {
    /// `gzip` (or `x-gzip`, or `*`).
    pub gzip: bool,
    /// `br` (or `*`).
    pub brotli: bool,
}

/// What an `Accept-Encoding` header accepts.
pub fn accepted(header: Option<&str>) -> Accepted {
    let mut accepted = Accepted::default();
    let mut star = None;
    let (mut gzip, mut brotli) = (None, None);
    for item in header.unwrap_or("").split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = parts
            .find_map(|param| {
                let (key, value) = param.split_once('=')?;
                (key.trim().eq_ignore_ascii_case("q")).then(|| value.trim().parse::<f32>().ok())?
            })
            .unwrap_or(1.0);
        let wanted = q > 0.0;
        match name.as_str() {
            "gzip" | "x-gzip" => gzip = Some(wanted),
            "br" => brotli = Some(wanted),
            "*" => star = Some(wanted),
            _ => {}
        }
    }
    accepted.gzip = gzip.or(star).unwrap_or(false);
    accepted.brotli = brotli.or(star).unwrap_or(false);
    accepted
}

/// A file at a path: under a name with its hash, it may be cached for good.
#[derive(Clone, Debug)]
pub struct Served {
    /// The file.
    pub asset: Arc<Asset>,
    /// Whether the path carries the file's hash.
    pub immutable: bool,
    /// For a page, its language (`Content-Language`), and whether it came from the request's
    /// headers (then the answer varies by `Accept-Language` and `Cookie`).
    pub language: Option<(&'static str, bool)>,
}

/// The files, by the paths they are served at.
#[derive(Debug)]
pub struct Assets {
    by_path: HashMap<String, Served>,
    /// Each page in each language: (language tag, rules page or game) to the page.
    pages: HashMap<(&'static str, bool), Arc<Asset>>,
}

const HTML: &str = "text/html; charset=utf-8";
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// The page's sources: name, content type, bytes, in the order their references go (a file
/// refers only to files before it); the language files (`page/languages.rs`) come first.
const SOURCES: &[(&str, &str, &[u8])] = &[
    (
        "halma.wasm",
        "application/wasm",
        include_bytes!("../../../../bindings/wasm/halma.wasm"),
    ),
    (
        "halma.js",
        JAVASCRIPT,
        include_bytes!("../../../../bindings/wasm/halma.js"),
    ),
    ("style.css", CSS, include_bytes!("../../static/style.css")),
    ("rules.css", CSS, include_bytes!("../../static/rules.css")),
    (
        "board.js",
        JAVASCRIPT,
        include_bytes!("../../static/board.js"),
    ),
    (
        "i18n.js",
        JAVASCRIPT,
        include_bytes!("../../static/i18n.js"),
    ),
    (
        "guide.js",
        JAVASCRIPT,
        include_bytes!("../../static/guide.js"),
    ),
    (
        "offline.js",
        JAVASCRIPT,
        include_bytes!("../../static/offline.js"),
    ),
    (
        "friend.js",
        JAVASCRIPT,
        include_bytes!("../../static/friend.js"),
    ),
    ("app.js", JAVASCRIPT, include_bytes!("../../static/app.js")),
    (
        "rules.js",
        JAVASCRIPT,
        include_bytes!("../../static/rules.js"),
    ),
];

/// The game's page (served at `/`, `/index.html` and every game's link).
const INDEX_HTML: &[u8] = include_bytes!("../../static/index.html");
/// The rules page (`/rules`).
const RULES_HTML: &[u8] = include_bytes!("../../static/rules.html");
/// The service worker: served at `/sw.js` (its scope is the whole site), after a first line
/// that names this version, its files and its pages, for it to keep.
const SERVICE_WORKER: &[u8] = include_bytes!("../../static/sw.js");

impl Assets {
    /// The files with their hashed names and rewritten references, and the pages in each
    /// language.
    pub fn new() -> Assets {
        let mut by_path = HashMap::new();
        // (quoted plain path, quoted hashed path), for rewriting the files that follow.
        let mut renames: Vec<(String, String)> = Vec::new();
        let mut hashed_paths = Vec::new();
        let languages =
            languages::files().map(|(name, text)| (format!("i18n/{name}"), JSON, text.as_bytes()));
        let sources = SOURCES
            .iter()
            .map(|&(name, content_type, source)| (name.to_owned(), content_type, source));
        for (name, content_type, source) in languages.chain(sources) {
            let body = rename(source, &renames);
            let (stem, extension) = name.rsplit_once('.').unwrap_or((&name, ""));
            let hashed = format!("/{stem}.{}.{extension}", &digest(&body)[..16]);
            for quote in ['"', '\''] {
                renames.push((
                    format!("{quote}/{name}{quote}"),
                    format!("{quote}{hashed}{quote}"),
                ));
            }
            hashed_paths.push(hashed.clone());
            let asset = Arc::new(Asset::new(content_type, body));
            // The plain name too, for pages of others and tabs of an older version; those
            // are revalidated on every use.
            by_path.insert(format!("/{name}"), Served::file(Arc::clone(&asset), false));
            by_path.insert(hashed, Served::file(asset, true));
        }
        let mut pages = HashMap::new();
        let mut page_paths = Vec::new();
        let mut texts_paths = serde_json::Map::new();
        for catalog in catalogs() {
            let tag = catalog.tag();
            // The page reads its language's texts under their hashed name (i18n.js).
            let texts = format!("/i18n/{tag}.json");
            let hashed = renames
                .iter()
                .find(|(plain, _)| plain.trim_matches('"') == texts)
                .map_or(texts.as_str(), |(_, hashed)| hashed.trim_matches('"'));
            texts_paths.insert(tag.to_owned(), hashed.into());
            for (rules, html) in [(false, INDEX_HTML), (true, RULES_HTML)] {
                let html = String::from_utf8_lossy(&rename(html, &renames)).into_owned();
                let html = words::written(&html, catalog, if rules { "/rules" } else { "/" });
                let html = languages::with_lang(&html, tag).replacen(
                    &format!("<html lang=\"{tag}\""),
                    &format!("<html lang=\"{tag}\" data-texts=\"{hashed}\""),
                    1,
                );
                pages.insert((tag, rules), Arc::new(Asset::new(HTML, html.into_bytes())));
                page_paths.push(format!("/{tag}/{}", if rules { "rules" } else { "" }));
            }
        }
        page_paths.extend(["/".to_owned(), "/rules".to_owned()]);
        // Every page in every language names every file it loads: together, the version.
        let mut etags: Vec<&str> = pages.values().map(|page| page.etag.as_str()).collect();
        etags.sort_unstable();
        let build = &digest(etags.concat().as_bytes())[..16];
        let tags: Vec<&str> = catalogs().iter().map(Catalog::tag).collect();
        let manifest = serde_json::json!({
            "build": build,
            "files": hashed_paths,
            "pages": page_paths,
            "languages": tags,
            "texts": texts_paths,
        });
        let mut worker = format!("const MANIFEST = {manifest};\n").into_bytes();
        worker.extend_from_slice(SERVICE_WORKER);
        by_path.insert(
            "/sw.js".to_owned(),
            Served::file(Arc::new(Asset::new(JAVASCRIPT, worker)), false),
        );
        Assets { by_path, pages }
    }

    /// The file served at `path`, if any. A page's path (`/`, `/index.html`, a game's link
    /// `/g/{id}`, `/rules`) is the page in the language of its prefix (`/th/g/{id}`), else in
    /// the one the request's `headers` prefer.
    pub fn get(&self, path: &str, headers: &HeaderMap) -> Option<Served> {
        let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
        let (language, negotiated, page) = match languages::prefixed(&segments) {
            Some(language) => (language, false, &segments[1..]),
            None => {
                let text = |name| headers.get(name).and_then(|value| value.to_str().ok());
                let language =
                    languages::preferred(text(header::COOKIE), text(header::ACCEPT_LANGUAGE));
                (language, true, &segments[..])
            }
        };
        let rules = match page {
            [] | [""] | ["g", _] if !negotiated => false,
            [""] | ["index.html"] | ["g", _] if negotiated => false,
            ["rules"] => true,
            _ => return self.by_path.get(path).cloned(),
        };
        let tag = language.tag();
        Some(Served {
            asset: Arc::clone(self.pages.get(&(tag, rules))?),
            immutable: false,
            language: Some((tag, negotiated)),
        })
    }
}

impl Served {
    fn file(asset: Arc<Asset>, immutable: bool) -> Served {
        Served {
            asset,
            immutable,
            language: None,
        }
    }
}

/// `source` with every quoted plain path of `renames` replaced by its hashed path; a file
/// that is not text (halma.wasm) as it is.
fn rename(source: &[u8], renames: &[(String, String)]) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(source) else {
        return source.to_vec();
    };
    let mut text = text.to_owned();
    for (plain, hashed) in renames {
        text = text.replace(plain.as_str(), hashed);
    }
    text.into_bytes()
}

/// The SHA-256 of `bytes` in hex.
fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut packed = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    let mut input = bytes;
    match brotli::BrotliCompress(&mut input, &mut packed, &params) {
        Ok(_) => packed,
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn accept_encoding_is_read_as_http_says() {
        let both = Accepted {
            gzip: true,
            brotli: true,
        };
        assert_eq!(accepted(Some("gzip, deflate, br, zstd")), both);
        assert_eq!(accepted(Some("*")), both);
        assert_eq!(accepted(None), Accepted::default());
        assert_eq!(accepted(Some("identity")), Accepted::default());
        assert_eq!(
            accepted(Some("GZIP;q=0.5, br;q=0")),
            Accepted {
                gzip: true,
                brotli: false
            }
        );
        assert_eq!(
            accepted(Some("*;q=0.1, gzip;q=0")),
            Accepted {
                gzip: false,
                brotli: true
            }
        );
        assert!(accepted(Some(";;,q=,br;q=x")).brotli);
    }

    #[test]
    fn a_file_that_is_not_text_is_served_as_it_is() {
        let assets = Assets::new();
        let (name, _, wasm) = SOURCES[0];
        assert_eq!(name, "halma.wasm");
        assert!(std::str::from_utf8(wasm).is_err(), "halma.wasm is binary");
        let served = assets
            .get("/halma.wasm", &HeaderMap::new())
            .expect("served");
        assert!(
            served.asset.body[..] == *wasm,
            "halma.wasm served byte for byte"
        );
    }

    #[test]
    fn files_carry_their_hash_and_the_page_names_only_hashed_files() {
        let assets = Assets::new();
        let get = |path: &str| assets.get(path, &HeaderMap::new());
        let text = |path: &str| {
            let served = get(path).expect("a file");
            String::from_utf8_lossy(&served.asset.body).into_owned()
        };
        let page = text("/");
        let app = referenced(&page, "/app.");
        assert!(page.contains(&format!("src=\"{app}\"")), "{page}");
        let css = referenced(&page, "/style.");
        for path in [&app, &css] {
            let served = get(path).expect("a hashed file is served");
            assert!(served.immutable);
            assert!(
                path.contains(&served.asset.etag.trim_matches('"')[..16]),
                "{path}"
            );
        }
        let rules_page = text("/rules");
        let script_tag = rules_page.find("<script").expect("a script");
        let rules = referenced(&rules_page[script_tag..], "/rules.");
        for (script, names) in [
            (
                &app,
                &[
                    "halma.js",
                    "halma.wasm",
                    "offline.js",
                    "friend.js",
                    "board.js",
                    "i18n.js",
                    "guide.js",
                ][..],
            ),
            (
                &rules,
                &[
                    "halma.js",
                    "halma.wasm",
                    "board.js",
                    "i18n.js",
                    "i18n/rules.json",
                ],
            ),
        ] {
            let script = text(script);
            for name in names {
                assert!(
                    !script.contains(&format!("'/{name}'")),
                    "{name} not renamed"
                );
                let stem = name.split('.').next().unwrap();
                let quoted = script
                    .find(&format!("'/{stem}."))
                    .unwrap_or_else(|| panic!("no quoted /{stem}."));
                let hashed = referenced(&script[quoted + 1..], &format!("/{stem}."));
                assert!(
                    get(&hashed).is_some_and(|served| served.immutable),
                    "{hashed}"
                );
            }
        }
        let plain = get("/app.js").expect("the plain name");
        assert!(!plain.immutable);
        assert!(Arc::ptr_eq(&plain.asset, &get(&app).unwrap().asset));
        assert!(get("/app.0000000000000000.js").is_none());
        assert!(Arc::ptr_eq(
            &get("/g/0123").unwrap().asset,
            &get("/").unwrap().asset
        ));
        assert!(get("/g/0123/x").is_none());
        // Each language's page: its own <html lang>, its texts under their hashed name, its
        // own ETag.
        let mut etags = Vec::new();
        for catalog in catalogs() {
            let tag = catalog.tag();
            let served = get(&format!("/{tag}/g/0123")).expect("a page");
            assert_eq!(served.language, Some((tag, false)));
            let html = String::from_utf8_lossy(&served.asset.body).into_owned();
            assert!(html.contains(&format!("<html lang=\"{tag}\" data-texts=\"/i18n/{tag}.")));
            let texts = referenced(&html, &format!("/i18n/{tag}."));
            let file = get(&texts).expect("the language file");
            assert!(file.immutable);
            assert_eq!(file.asset.body, catalog.page_json().as_bytes());
            etags.push(served.asset.etag.clone());
        }
        etags.dedup();
        assert_eq!(etags.len(), catalogs().len());
        // The service worker keeps the page's files, under their hashed names, and the pages.
        let worker = text("/sw.js");
        let manifest: serde_json::Value = serde_json::from_str(
            worker
                .lines()
                .next()
                .and_then(|line| line.strip_prefix("const MANIFEST = "))
                .and_then(|line| line.strip_suffix(';'))
                .expect("the manifest line"),
        )
        .unwrap();
        let files = manifest["files"].as_array().unwrap();
        assert_eq!(files.len(), SOURCES.len() + catalogs().len() + 1);
        assert!(files.contains(&serde_json::json!(app)) && files.contains(&serde_json::json!(css)));
        assert!(
            files
                .iter()
                .all(|file| get(file.as_str().unwrap()).is_some_and(|s| s.immutable))
        );
        // And each language's file, by its tag, for a worker that keeps one language's.
        let texts = manifest["texts"].as_object().unwrap();
        assert_eq!(texts.len(), catalogs().len());
        assert!(texts.values().all(|path| files.contains(path)));
        let pages = manifest["pages"].as_array().unwrap();
        assert_eq!(pages.len(), 2 * catalogs().len() + 2);
        assert!(
            pages
                .iter()
                .all(|page| get(page.as_str().unwrap()).is_some_and(|s| s.language.is_some()))
        );
        assert!(get("/sw.js").is_some_and(|s| !s.immutable));
    }

    /// The first quoted path in `text` that starts with `prefix`.
    fn referenced(text: &str, prefix: &str) -> String {
        let start = text
            .find(prefix)
            .unwrap_or_else(|| panic!("no {prefix} in the text"));
        let end = start + text[start..].find(['"', '\'']).expect("a closing quote");
        text[start..end].to_owned()
    }

    #[test]
    fn compressed_files_decompress_to_the_file() {
        let assets = Assets::new();
        // halma.js: brotli of the module takes half a minute in a debug build.
        let asset = &assets.get("/halma.js", &HeaderMap::new()).unwrap().asset;
        let (encoding, gzipped) = asset.encoded(accepted(Some("gzip")));
        assert_eq!(encoding, Encoding::Gzip);
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&gzipped[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, asset.body);
        // The first request for brotli starts it and gets gzip; later ones get brotli.
        let both = accepted(Some("gzip, br"));
        assert_eq!(asset.encoded(both).0, Encoding::Gzip);
        let packed = loop {
            match asset.encoded(both) {
                (Encoding::Brotli, packed) => break packed,
                _ => std::thread::sleep(std::time::Duration::from_millis(10)),
            }
        };
        let mut unpacked = Vec::new();
        brotli::Decompressor::new(&packed[..], 4096)
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, asset.body);
        assert!(packed.len() < gzipped.len());
        assert_eq!(asset.encoded(Accepted::default()).0, Encoding::Identity);
        assert!(asset.ready(both));
    }
}
