//! The words of the Halma programs in every language they speak.
//!
//! Every language is one file of this directory, `<tag>.json` (`en.json`, `th.json`,
//! `ms.json`): a flat JSON object from keys to texts. Keys say where a text shows:
//! `play.*` in the terminal game, `page.*` on the web page, `error.*` the server's error
//! codes on the page, `guide.*` the page's first-game guide, `rules.*` the rules (on the page
//! and in the terminal game), `language.*` the language itself. A text names what it is
//! given in braces, `{move}`; a language may put them in any order. English (`en.json`) is
//! the default and the model: every other file has exactly its keys, with the same names in
//! braces (the tests say so).
//!
//! The files are compiled in (a build script finds them, so adding a language is adding its
//! file). The terminal game looks texts up with [`Catalog::text`] and [`Catalog::format`];
//! the server serves each language's page texts ([`Catalog::page_json`]) and [`RULES_JSON`]
//! to the page, which fills them in itself; both choose a language with [`negotiate`].
//!
//! ```
//! let thai = halma_i18n::find("th-TH").unwrap();
//! assert_eq!(thai.tag(), "th");
//! assert_eq!(halma_i18n::english().format("play.you_play", &[("move", &"l2-k3")]), "you play l2-k3");
//! ```

pub mod check;
pub mod negotiate;
pub mod rules;

use std::collections::BTreeMap;
use std::fmt::{self, Display, Write};
use std::sync::OnceLock;

pub use rules::{Diagram, Rules, Section};

/// The structure of the rules (their sections, the keys of their texts, their diagrams), the
/// same in every language: `rules.json`.
pub const RULES_JSON: &str = include_str!("../rules.json");

/// The tag of the default language, the one every other file is checked against.
pub const DEFAULT: &str = "en";

/// The prefix of the keys only the terminal game shows.
pub const PLAY_PREFIX: &str = "play.";

/// Every language file, `(tag, text)`, sorted by tag (from the build script).
const SOURCES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// One language's texts.
#[derive(Debug)]
pub struct Catalog {
    tag: &'static str,
    source: &'static str,
    messages: BTreeMap<String, String>,
    page: OnceLock<String>,
}

/// Every language, sorted by tag.
pub fn catalogs() -> &'static [Catalog] {
    static CATALOGS: OnceLock<Vec<Catalog>> = OnceLock::new();
    CATALOGS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|&(tag, source)| Catalog {
                tag,
                source,
                // A file that does not parse has no texts: lookups fall back to English (the
                // tests make sure none is shipped).
                messages: parse(source).unwrap_or_default(),
                page: OnceLock::new(),
            })
            .collect()
    })
}

/// The language whose tag is `tag` (`"th"`), ignoring case and `_` for `-`, or else the one
/// of its primary language (`"th-TH"` finds `th`). For preference lists, see [`negotiate`].
pub fn find(tag: &str) -> Option<&'static Catalog> {
    let wanted = tag.trim().replace('_', "-").to_ascii_lowercase();
    let primary = wanted.split('-').next().unwrap_or("");
    let all = catalogs();
    all.iter()
        .find(|catalog| catalog.tag.eq_ignore_ascii_case(&wanted))
        .or_else(|| all.iter().find(|catalog| catalog.tag == primary))
        .or_else(|| all.iter().find(|catalog| catalog.primary() == primary))
}

/// The default language, English.
pub fn english() -> &'static Catalog {
    let all = catalogs();
    // The build script refuses to build without en.json.
    all.iter()
        .find(|catalog| catalog.tag == DEFAULT)
        .unwrap_or(&all[0])
}

/// Reads a language file: a JSON object whose values are all strings.
pub fn parse(source: &str) -> Result<BTreeMap<String, String>, serde_json::Error> {
    serde_json::from_str(source)
}

impl Catalog {
    /// The language tag, as the file is named: `"th"`.
    pub fn tag(&self) -> &'static str {
        self.tag
    }

    /// The language's name in itself (`language.name`): `"ไทย"`.
    pub fn name(&self) -> &str {
        self.text("language.name")
    }

    /// The file as written.
    pub fn source(&self) -> &'static str {
        self.source
    }

    /// The keys and texts of this file.
    pub fn messages(&self) -> &BTreeMap<String, String> {
        &self.messages
    }

    /// The text of `key`; English's if this language lacks it, the key itself if English does
    /// too (so a missing text shows, and a test can find it).
    pub fn text<'a>(&'a self, key: &'a str) -> &'a str {
        self.messages
            .get(key)
            .or_else(|| english().messages.get(key))
            .map_or(key, String::as_str)
    }

    /// The text of `key` with each `{name}` replaced by the value given for `name`; a name
    /// given no value stays as written.
    pub fn format(&self, key: &str, args: &[(&str, &dyn Display)]) -> String {
        fill(self.text(key), args)
    }

    /// What the server sends the page for this language, as compact JSON:
    /// `{"lang": "th", "languages": {"en": "English", ...}, "texts": {...}}`, the texts being
    /// every one but the terminal game's (`play.*`), the languages every language's name in
    /// itself (for the page's choice of language), keys sorted.
    pub fn page_json(&self) -> &str {
        self.page.get_or_init(|| {
            let texts: BTreeMap<&String, &String> = self
                .messages
                .iter()
                .filter(|(key, _)| !key.starts_with(PLAY_PREFIX))
                .collect();
            let languages: BTreeMap<&str, &str> = catalogs()
                .iter()
                .map(|catalog| (catalog.tag, catalog.name()))
                .collect();
            let page = serde_json::json!({
                "lang": self.tag,
                "languages": languages,
                "texts": texts,
            });
            page.to_string()
        })
    }

    /// The primary subtag: `"pt"` for `pt-BR`.
    fn primary(&self) -> &'static str {
        self.tag.split('-').next().unwrap_or(self.tag)
    }
}

/// `template` with each `{name}` replaced by the value given for `name`.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            let (_, value) = args.iter().find(|(given, _)| *given == name)?;
            Some((close, value))
        });
        match value {
            Some((close, value)) => {
                let _ = write!(out, "{value}");
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The names in braces of a text, in order: `["move", "side"]`.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                names.push(&after[..close]);
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    names
}

impl Display for Catalog {
    /// The tag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_the_names_given_and_keeps_the_rest() {
        assert_eq!(
            fill("{a} and {b}", &[("b", &2), ("a", &"one")]),
            "one and 2"
        );
        assert_eq!(fill("{a} {missing} {", &[("a", &1)]), "1 {missing} {");
        assert_eq!(fill("no braces", &[]), "no braces");
        assert_eq!(fill("ไทย {n} ตัว", &[("n", &19)]), "ไทย 19 ตัว");
    }

    #[test]
    fn placeholders_lists_the_names_in_order() {
        assert_eq!(placeholders("{b} x {a} {"), ["b", "a"]);
    }

    #[test]
    fn find_matches_tags_loosely() {
        assert_eq!(find("th").map(Catalog::tag), Some("th"));
        assert_eq!(find("TH_th").map(Catalog::tag), Some("th"));
        assert_eq!(find("ms-MY").map(Catalog::tag), Some("ms"));
        assert_eq!(find("en-GB").map(Catalog::tag), Some("en"));
        assert_eq!(find("fr").map(Catalog::tag), None);
        assert_eq!(find("").map(Catalog::tag), None);
    }

    #[test]
    fn a_missing_text_falls_back_to_english_then_to_the_key() {
        let thai = find("th").expect("th.json");
        assert_eq!(thai.text("no.such.key"), "no.such.key");
        assert_ne!(thai.text("language.name"), english().text("language.name"));
    }

    #[test]
    fn the_page_gets_every_text_but_the_terminal_games() {
        for catalog in catalogs() {
            let page: serde_json::Value =
                serde_json::from_str(catalog.page_json()).expect("page JSON");
            assert_eq!(page["lang"], catalog.tag());
            assert_eq!(page["languages"]["th"], "ไทย");
            assert_eq!(
                page["languages"].as_object().map(|o| o.len()),
                Some(catalogs().len())
            );
            let page = page["texts"].as_object().expect("texts");
            assert!(page.keys().all(|key| !key.starts_with(PLAY_PREFIX)));
            assert!(page.contains_key("language.name"), "{catalog}");
            let expected = catalog
                .messages()
                .keys()
                .filter(|key| !key.starts_with(PLAY_PREFIX))
                .count();
            assert_eq!(page.len(), expected, "{catalog}");
        }
    }
}
