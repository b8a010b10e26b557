//! The page's files, as served: each under a name with its content's hash
//! (`/app.1f2e3d4c5b6a7980.js`, cached for good), references between them rewritten to those
//! names ([`files`]: every file of `apps/web/static`, embedded when the server is built),
//! and each compressed once with gzip and brotli, kept for every later request
//! ([`encoding`]). The entry points (the page, its service worker) keep their names and are
//! revalidated on every load, so a browser never runs an old page against a newer server: a
//! new page names new files. Names and rewrites are made when the server starts (a few
//! milliseconds).

pub mod encoding;
pub mod files;

use std::collections::HashMap;
use std::sync::Arc;

use axum::http::{HeaderMap, header};
use halma_i18n::{Catalog, catalogs};

use crate::page::{languages, words};
use encoding::{Asset, digest};
use files::{INDEX_HTML, RULES_HTML, SERVICE_WORKER, content_type};

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

impl Assets {
    /// The files with their hashed names and rewritten references, and the pages in each
    /// language, their links to themselves starting with `origin` (the site's, or empty).
    pub fn new(origin: &str) -> Assets {
        let mut by_path = HashMap::new();
        let hashed = files::hashed(&files::sources());
        for (name, file) in &hashed {
            let asset = Arc::new(Asset::new(content_type(name), file.body.clone()));
            // The plain name too, for pages of others and tabs of an older version; those
            // are revalidated on every use.
            by_path.insert(format!("/{name}"), Served::file(Arc::clone(&asset), false));
            by_path.insert(format!("/{}", file.path), Served::file(asset, true));
        }
        let mut pages = HashMap::new();
        let mut page_paths = Vec::new();
        let mut texts_paths = serde_json::Map::new();
        for catalog in catalogs() {
            let tag = catalog.tag();
            // The page reads its language's texts under their hashed name (i18n.js).
            let texts = hashed.get(&format!("i18n/{tag}.json")).map_or_else(
                || format!("/i18n/{tag}.json"),
                |file| format!("/{}", file.path),
            );
            texts_paths.insert(tag.to_owned(), texts.clone().into());
            for (rules, page) in [(false, INDEX_HTML), (true, RULES_HTML)] {
                let html = files::rename(files::entry(page), "", &hashed);
                let html = String::from_utf8_lossy(&html).into_owned();
                let path = if rules { "/rules" } else { "/" };
                let html = words::written(&html, catalog, path, origin);
                let html = languages::with_lang(&html, tag).replacen(
                    &format!("<html lang=\"{tag}\""),
                    &format!("<html lang=\"{tag}\" data-texts=\"{texts}\""),
                    1,
                );
                let asset = Asset::new(content_type(page), html.into_bytes());
                pages.insert((tag, rules), Arc::new(asset));
                page_paths.push(format!("/{tag}/{}", if rules { "rules" } else { "" }));
            }
        }
        page_paths.extend(["/".to_owned(), "/rules".to_owned()]);
        // Every page in every language names every file it loads: together, the version.
        let mut etags: Vec<&str> = pages.values().map(|page| page.etag.as_str()).collect();
        etags.sort_unstable();
        let build = &digest(etags.concat().as_bytes())[..16];
        let tags: Vec<&str> = catalogs().iter().map(Catalog::tag).collect();
        let hashed_paths: Vec<String> = hashed
            .values()
            .map(|file| format!("/{}", file.path))
            .collect();
        let manifest = serde_json::json!({
            "build": build,
            "files": hashed_paths,
            "pages": page_paths,
            "languages": tags,
            "texts": texts_paths,
        });
        let mut worker = format!("const MANIFEST = {manifest};\n").into_bytes();
        worker.extend_from_slice(files::entry(SERVICE_WORKER));
        let worker = Asset::new(content_type(SERVICE_WORKER), worker);
        by_path.insert(
            format!("/{SERVICE_WORKER}"),
            Served::file(Arc::new(worker), false),
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

#[cfg(test)]
mod tests {
    use super::*;
    use encoding::{Accepted, Encoding, accepted};
    use std::io::Read;

    #[test]
    fn a_file_that_is_not_text_is_served_as_it_is() {
        let assets = Assets::new("");
        let wasm = &files::sources()["halma.wasm"];
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
        let assets = Assets::new("");
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
        // Every file names the files it refers to by their hashes: no quoted plain path of
        // another remains (no two of them refer to each other).
        let sources = files::sources();
        for (name, file) in files::hashed(&sources) {
            let Ok(text) = std::str::from_utf8(&file.body) else {
                continue;
            };
            for other in sources.keys().filter(|other| **other != name) {
                for quote in ['"', '\''] {
                    let plain = format!("{quote}/{other}{quote}");
                    assert!(!text.contains(&plain), "{name} names {plain}");
                }
            }
        }
        // The game's script loads the engine, under its hash, cached for good.
        let script = text(&app);
        let engine = referenced(&script, "/halma.");
        assert!(
            get(&engine).is_some_and(|served| served.immutable),
            "{engine}"
        );
        let rules_page = text("/rules");
        let script_tag = rules_page.find("<script").expect("a script");
        let rules = referenced(&rules_page[script_tag..], "/rules.");
        assert!(
            get(&rules).is_some_and(|served| served.immutable),
            "{rules}"
        );
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
        assert_eq!(files.len(), sources.len());
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
        let assets = Assets::new("");
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
