//! The page in its players' languages (`halma_i18n`): the language a page request gets, the
//! page with its `<html lang>`, and the language files the page reads.
//!
//! - `/th/`, `/th/g/{id}`, `/th/rules` (one prefix per language file) are the page in that
//!   language: links people can share.
//! - `/`, `/g/{id}`, `/rules` are the page in the player's language: the one they chose on the
//!   page (the `halma-lang` cookie, which the page sets), else the best of `Accept-Language`,
//!   else English (`Vary: Accept-Language, Cookie`).
//! - `/i18n/{tag}.json` is a language's texts for the page, `/i18n/rules.json` the rules'
//!   structure and diagrams ([`files`]; `http/assets.rs` serves them, and the pages, under names
//!   with their hash).

use halma_i18n::{Catalog, RULES_JSON, catalogs, english};

/// The cookie in which the page remembers the player's choice of language.
pub const COOKIE: &str = "halma-lang";

/// The player's language, as their request says in its `Cookie` and `Accept-Language`
/// headers: the [`COOKIE`], else `Accept-Language`, else English.
pub fn preferred(cookie: Option<&str>, accept_language: Option<&str>) -> &'static Catalog {
    cookie
        .and_then(chosen)
        .or_else(|| accept_language.and_then(halma_i18n::negotiate::accept_language))
        .unwrap_or_else(english)
}

/// The language of the [`COOKIE`] in a `Cookie` header, if it names one.
fn chosen(cookies: &str) -> Option<&'static Catalog> {
    cookies.split(';').find_map(|cookie| {
        let (name, value) = cookie.trim().split_once('=')?;
        (name == COOKIE).then(|| tagged(value)).flatten()
    })
}

/// The language whose tag is exactly `tag`.
fn tagged(tag: &str) -> Option<&'static Catalog> {
    catalogs().iter().find(|catalog| catalog.tag() == tag)
}

/// The language of a path's prefix when the rest is a page (`["th", "g", id]`): `None` for
/// any other path.
pub fn prefixed(segments: &[&str]) -> Option<&'static Catalog> {
    let (tag, rest) = segments.split_first()?;
    let page = matches!(rest, [] | [""] | ["rules"] | ["g", _]);
    if page { tagged(tag) } else { None }
}

/// `html` with the `lang` of its `<html>` tag set to `tag` (added if it has none).
pub fn with_lang(html: &str, tag: &str) -> String {
    let Some(start) = html.find("<html") else {
        return html.to_owned();
    };
    let end = html[start..]
        .find('>')
        .map_or(html.len(), |end| start + end);
    let open = &html[start..end];
    match open.find(" lang=\"") {
        Some(at) => {
            let value = start + at + " lang=\"".len();
            let close = html[value..].find('"').map_or(end, |close| value + close);
            format!("{}{tag}{}", &html[..value], &html[close..])
        }
        None => {
            let after = start + "<html".len();
            format!("{} lang=\"{tag}\"{}", &html[..after], &html[after..])
        }
    }
}

/// The files of `/i18n/` the page reads, `(name, text)`: each language's texts for the page
/// (`th.json`) and the rules' structure and diagrams (`rules.json`).
pub fn files() -> impl Iterator<Item = (String, &'static str)> {
    catalogs()
        .iter()
        .map(|catalog| (format!("{}.json", catalog.tag()), catalog.page_json()))
        .chain([("rules.json".to_owned(), RULES_JSON)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choice_beats_the_browser_which_beats_english() {
        let tag = |cookie, accept_language| preferred(cookie, accept_language).tag();
        assert_eq!(tag(None, None), "en");
        assert_eq!(tag(None, Some("th-TH,th;q=0.9,en;q=0.5")), "th");
        assert_eq!(tag(Some("a=b; halma-lang=ms"), Some("th")), "ms");
        assert_eq!(tag(Some("halma-lang=fr"), Some("th")), "th");
        assert_eq!(tag(None, Some("fr, de")), "en");
    }

    #[test]
    fn prefixes_name_pages_only() {
        let tag = |segments: &[&str]| prefixed(segments).map(Catalog::tag);
        assert_eq!(tag(&["th"]), Some("th"));
        assert_eq!(tag(&["th", ""]), Some("th"));
        assert_eq!(tag(&["ms", "rules"]), Some("ms"));
        assert_eq!(tag(&["en", "g", "abc"]), Some("en"));
        assert_eq!(tag(&["th", "api", "games"]), None);
        assert_eq!(tag(&["TH", ""]), None);
        assert_eq!(tag(&["fr", ""]), None);
        assert_eq!(tag(&[]), None);
    }

    #[test]
    fn the_html_tag_gets_the_language() {
        assert_eq!(
            with_lang("<!doctype html>\n<html lang=\"en\">\n<p lang=\"en\">", "th"),
            "<!doctype html>\n<html lang=\"th\">\n<p lang=\"en\">"
        );
        assert_eq!(
            with_lang("<html class=\"a\">x", "ms"),
            "<html lang=\"ms\" class=\"a\">x"
        );
        assert_eq!(with_lang("no tag", "ms"), "no tag");
    }

    #[test]
    fn the_page_reads_each_language_and_the_rules() {
        let files: Vec<_> = files().collect();
        for catalog in catalogs() {
            let name = format!("{}.json", catalog.tag());
            assert!(files.contains(&(name, catalog.page_json())));
        }
        assert!(files.contains(&("rules.json".to_owned(), RULES_JSON)));
        assert_eq!(files.len(), catalogs().len() + 1);
    }
}
