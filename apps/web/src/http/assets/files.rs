//! The page's files as the server holds them: every file of `apps/web/static`, embedded by
//! the build script (`build.rs`: a file added there is served with no edit here), the
//! engine's module (`bindings/wasm`) and the languages' texts (`page/languages.rs`); each
//! named by its content's hash (`app.1f2e3d4c5b6a7980.js`), with the references between
//! them rewritten to those names first, so that a file's name changes whenever a file it
//! loads does.
//!
//! A reference is a file's path in quotes, from the root (`'/board.js'`) or from the
//! referring file's folder (`'./board.js'`). A file is named after the files it refers to;
//! a reference that closes a loop keeps the plain name (served too, revalidated on every
//! use).

use std::collections::{BTreeMap, BTreeSet};

use super::encoding::digest;
use crate::http::reply::JSON;
use crate::page::languages;

include!(concat!(env!("OUT_DIR"), "/static_files.rs"));

/// The game's page (served at `/`, `/index.html` and every game's link, in each language).
pub const INDEX_HTML: &str = "index.html";
/// The rules page (`/rules`, in each language).
pub const RULES_HTML: &str = "rules.html";
/// The service worker: served at `/sw.js` (its scope is the whole site), after a first line
/// that names this version, its files and its pages, for it to keep.
pub const SERVICE_WORKER: &str = "sw.js";

/// The static file `name`: one of the entry points above, which are served as pages, not
/// as files.
pub fn entry(name: &str) -> &'static [u8] {
    STATIC_FILES
        .iter()
        .find(|(file, _)| *file == name)
        .map_or(&[], |(_, bytes)| bytes)
}

/// The content type of a file, by its name's extension.
pub fn content_type(name: &str) -> &'static str {
    let extension = name.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => JSON,
        "wasm" => "application/wasm",
        "map" => JSON,
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "webmanifest" => "application/manifest+json",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The files served under their hashes: their path (without its leading `/`) and bytes.
pub fn sources() -> BTreeMap<String, Vec<u8>> {
    let engine = [
        (
            "halma.wasm",
            &include_bytes!("../../../../../bindings/wasm/halma.wasm")[..],
        ),
        (
            "halma.js",
            &include_bytes!("../../../../../bindings/wasm/halma.js")[..],
        ),
    ];
    let entries = [INDEX_HTML, RULES_HTML, SERVICE_WORKER];
    let page = STATIC_FILES
        .iter()
        .filter(|(name, _)| !entries.contains(name))
        .chain(engine.iter());
    languages::files()
        .map(|(name, text)| (format!("i18n/{name}"), text.as_bytes().to_vec()))
        .chain(page.map(|(name, bytes)| ((*name).to_owned(), bytes.to_vec())))
        .collect()
}

/// A file named by its hash.
#[derive(Debug)]
pub struct Hashed {
    /// Its path with its hash (`app.1f2e3d4c5b6a7980.js`), without the leading `/`.
    pub path: String,
    /// Its bytes, references rewritten.
    pub body: Vec<u8>,
}

/// Every file of `sources` named by its hash, its references to the others rewritten first,
/// by its plain path.
pub fn hashed(sources: &BTreeMap<String, Vec<u8>>) -> BTreeMap<String, Hashed> {
    let mut done = BTreeMap::new();
    for name in sources.keys() {
        name_by_hash(name, sources, &mut BTreeSet::new(), &mut done);
    }
    done
}

/// Names `name` by its hash (and the files it refers to before it), unless done; `naming`
/// holds the files whose naming waits on this one's.
fn name_by_hash(
    name: &str,
    sources: &BTreeMap<String, Vec<u8>>,
    naming: &mut BTreeSet<String>,
    done: &mut BTreeMap<String, Hashed>,
) {
    if done.contains_key(name) || !naming.insert(name.to_owned()) {
        return;
    }
    let source = &sources[name];
    if let Ok(text) = std::str::from_utf8(source) {
        for other in sources.keys() {
            if other != name && refers(text, folder(name), other) {
                name_by_hash(other, sources, naming, done);
            }
        }
    }
    let body = rename(source, folder(name), done);
    let hash = &digest(&body)[..16];
    let path = match name.rsplit_once('.') {
        Some((stem, extension)) if !stem.ends_with('/') => format!("{stem}.{hash}.{extension}"),
        _ => format!("{name}.{hash}"),
    };
    naming.remove(name);
    done.insert(name.to_owned(), Hashed { path, body });
}

/// The folder of the file `name` (`""` at the root, else ending in `/`).
fn folder(name: &str) -> &str {
    name.rfind('/').map_or("", |slash| &name[..=slash])
}

/// The ways a file in `folder` may write the path of the file `name`: from the root, and
/// from its own folder when `name` lies under it.
fn spellings(folder: &str, name: &str) -> Vec<String> {
    let mut spellings = vec![format!("/{name}")];
    if let Some(below) = name.strip_prefix(folder) {
        spellings.push(format!("./{below}"));
    }
    spellings
}

/// Whether `text`, a file in `folder`, refers to the file `name`.
fn refers(text: &str, folder: &str, name: &str) -> bool {
    spellings(folder, name).iter().any(|spelled| {
        ['"', '\'']
            .iter()
            .any(|quote| text.contains(&format!("{quote}{spelled}{quote}")))
    })
}

/// `source`, a file in `folder`, with every quoted reference to a file of `named` replaced
/// by that file's hashed path (spelled as the reference was); a file that is not text
/// (halma.wasm) as it is.
pub fn rename(source: &[u8], folder: &str, named: &BTreeMap<String, Hashed>) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(source) else {
        return source.to_vec();
    };
    let mut text = text.to_owned();
    for (name, hashed) in named {
        for (plain, renamed) in spellings(folder, name)
            .into_iter()
            .zip(spellings(folder, &hashed.path))
        {
            for quote in ['"', '\''] {
                text = text.replace(
                    &format!("{quote}{plain}{quote}"),
                    &format!("{quote}{renamed}{quote}"),
                );
            }
        }
    }
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(files: &[(&str, &str)]) -> BTreeMap<String, Vec<u8>> {
        files
            .iter()
            .map(|(name, text)| ((*name).to_owned(), text.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn a_file_is_named_after_the_files_it_refers_to() {
        let files = sources(&[
            ("app.js", "import '/board.js'; import \"./lib/store.mjs\";"),
            ("board.js", "export const size = 16;"),
            (
                "lib/store.mjs",
                "import { size } from '../board.js'; fetch('/data.json');",
            ),
            ("data.json", "{}"),
            ("other.js", "'/app.js' \"/nothing.js\""),
        ]);
        let named = hashed(&files);
        let path = |name: &str| named[name].path.clone();
        let text = |name: &str| String::from_utf8(named[name].body.clone()).unwrap();
        assert!(path("board.js").starts_with("board.") && path("board.js").ends_with(".js"));
        assert_eq!(
            path("lib/store.mjs").len(),
            "lib/store.0123456789abcdef.mjs".len()
        );
        assert_eq!(
            text("app.js"),
            format!(
                "import '/{}'; import \"./{}\";",
                path("board.js"),
                path("lib/store.mjs")
            )
        );
        // A reference out of the folder by `..` is no spelling of this: left as written.
        assert!(text("lib/store.mjs").starts_with("import { size } from '../board.js';"));
        assert!(text("lib/store.mjs").contains(&format!("'/{}'", path("data.json"))));
        assert_eq!(
            text("other.js"),
            format!("'/{}' \"/nothing.js\"", path("app.js"))
        );
        // A change in a file renames the files that refer to it, and only those.
        let mut changed = files.clone();
        changed.insert("data.json".to_owned(), b"{\"a\": 1}".to_vec());
        let again = hashed(&changed);
        for (name, renamed) in [
            ("data.json", true),
            ("lib/store.mjs", true),
            ("app.js", true),
            ("other.js", true),
            ("board.js", false),
        ] {
            assert_eq!(again[name].path != named[name].path, renamed, "{name}");
        }
    }

    #[test]
    fn files_that_refer_to_each_other_keep_the_plain_name_that_closes_the_loop() {
        let files = sources(&[("a.js", "'/b.js'"), ("b.js", "'/a.js'")]);
        let named = hashed(&files);
        let text = |name: &str| String::from_utf8(named[name].body.clone()).unwrap();
        // a.js is named first: it waits on b.js, which finds a.js under way.
        assert_eq!(text("b.js"), "'/a.js'");
        assert_eq!(text("a.js"), format!("'/{}'", named["b.js"].path));
    }

    /// The files under `dir`, a folder of `static/`, but hidden ones, as `STATIC_FILES`
    /// names them.
    fn on_disk(dir: &std::path::Path, prefix: &str, names: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            if name.starts_with('.') {
                continue;
            }
            if entry.path().is_dir() {
                on_disk(&entry.path(), &format!("{prefix}{name}/"), names);
            } else {
                names.push(format!("{prefix}{name}"));
            }
        }
    }

    #[test]
    fn every_static_file_is_embedded_and_typed() {
        let mut names = Vec::new();
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/static");
        on_disk(std::path::Path::new(root), "", &mut names);
        names.sort();
        let embedded: Vec<&str> = STATIC_FILES.iter().map(|(name, _)| *name).collect();
        assert_eq!(embedded, names);
        for (name, bytes) in STATIC_FILES {
            assert!(!bytes.is_empty(), "{name}");
            assert_ne!(content_type(name), "application/octet-stream", "{name}");
        }
        assert!(!entry(INDEX_HTML).is_empty() && !entry(SERVICE_WORKER).is_empty());
        assert_eq!(content_type("x.MJS"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("README"), "application/octet-stream");
    }
}
