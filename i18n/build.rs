//! Embeds every language file of this directory, `<tag>.json` with `<tag>` a language tag
//! (`en`, `th`, `pt-BR`), so that adding a language is adding its file: no code.

use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    // A directory: cargo reruns this script when any file in it changes, is added or removed.
    println!("cargo:rerun-if-changed={dir}");
    let mut tags: Vec<String> = fs::read_dir(&dir)
        .expect("the i18n directory is readable")
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let tag = name.strip_suffix(".json")?;
            is_language_tag(tag).then(|| tag.to_owned())
        })
        .collect();
    tags.sort();
    if !tags.iter().any(|tag| tag == "en") {
        panic!("i18n/en.json is missing: English is the default and every other file's model");
    }
    let mut table = String::from("&[\n");
    for tag in &tags {
        let path = Path::new(&dir).join(format!("{tag}.json"));
        table.push_str(&format!(
            "    ({tag:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    table.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("sources.rs");
    fs::write(out, table).expect("OUT_DIR is writable");
}

/// A language tag as the files are named: a primary subtag of 2 or 3 lower-case letters,
/// then subtags of 2 to 8 letters or digits (`en`, `fil`, `pt-BR`, `zh-Hant`). `rules` is not
/// one, so `rules.json` is not taken for a language.
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let primary = parts.next().unwrap_or("");
    (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|part| {
            (2..=8).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}
