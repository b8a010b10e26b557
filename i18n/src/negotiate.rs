//! Choosing a language from what a person's software says it prefers: a browser's
//! `Accept-Language` header, a terminal's locale variables.

use crate::{Catalog, english, find};

/// The best language for an HTTP `Accept-Language` header (`"th-TH,th;q=0.9,en;q=0.8"`):
/// the first, by quality then by order, that has a file; `None` when none has (a range of
/// quality 0, `*` and anything unreadable are passed over).
pub fn accept_language(header: &str) -> Option<&'static Catalog> {
    let mut ranges: Vec<(&str, u16)> = header
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let range = parts.next()?.trim();
            let quality = parts
                .find_map(|param| {
                    let (name, value) = param.split_once('=')?;
                    name.trim()
                        .eq_ignore_ascii_case("q")
                        .then(|| quality(value.trim()))
                })
                .unwrap_or(Some(1000))?;
            (quality > 0 && !range.is_empty() && range != "*").then_some((range, quality))
        })
        .collect();
    // A stable sort keeps the header's order among equal qualities.
    ranges.sort_by_key(|&(_, quality)| std::cmp::Reverse(quality));
    ranges.into_iter().find_map(|(range, _)| find(range))
}

/// A quality value (`"0.8"`, `"1"`, `"0.125"`) in thousandths; `None` if it is not one.
fn quality(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = format!("{fraction:0<3}");
    match whole {
        "0" => digits.parse().ok(),
        "1" if digits == "000" => Some(1000),
        _ => None,
    }
}

/// The language of a POSIX locale name (`"th_TH.UTF-8"`, `"ms_MY"`, `"C"`): English for the
/// `C` and `POSIX` locales, `None` for a language that has no file or an empty name.
pub fn locale(name: &str) -> Option<&'static Catalog> {
    let language = name.split(['.', '@']).next().unwrap_or("").trim();
    match language {
        "" => None,
        "C" | "POSIX" => Some(english()),
        _ => find(language),
    }
}

/// The terminal's language from the locale variables as POSIX orders them for messages:
/// the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty decides
/// (`get` reads a variable), and English when it names a language without a file or none
/// is set.
pub fn environment(get: impl Fn(&str) -> Option<String>) -> &'static Catalog {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .find_map(|name| get(name).filter(|value| !value.is_empty()))
        .and_then(|value| locale(&value))
        .unwrap_or_else(english)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(catalog: Option<&Catalog>) -> Option<&str> {
        catalog.map(Catalog::tag)
    }

    #[test]
    fn accept_language_takes_the_best_quality_that_has_a_file() {
        assert_eq!(tag(accept_language("th-TH,th;q=0.9,en;q=0.8")), Some("th"));
        assert_eq!(
            tag(accept_language("fr-FR, ms;q=0.5, en;q=0.7")),
            Some("en")
        );
        assert_eq!(tag(accept_language("en;q=0.1, ms-MY")), Some("ms"));
        assert_eq!(tag(accept_language("fr, de;q=0.9")), None);
        assert_eq!(tag(accept_language("th;q=0, ms")), Some("ms"));
        assert_eq!(tag(accept_language("*")), None);
        assert_eq!(tag(accept_language("")), None);
        // Equal qualities keep their order.
        assert_eq!(tag(accept_language("ms;q=0.8, th;q=0.8")), Some("ms"));
    }

    #[test]
    fn accept_language_passes_over_what_it_cannot_read() {
        for header in [
            ";;;",
            "th;q=2",
            "th;q=0.1234, ",
            "th;q=abc",
            ",,,",
            "q=1",
            "\u{e17}",
        ] {
            assert_ne!(tag(accept_language(header)), Some("th"), "{header:?}");
        }
        assert_eq!(tag(accept_language("th;q=x, ms;q=0.3")), Some("ms"));
    }

    #[test]
    fn qualities_are_thousandths() {
        assert_eq!(quality("1"), Some(1000));
        assert_eq!(quality("1.000"), Some(1000));
        assert_eq!(quality("0.8"), Some(800));
        assert_eq!(quality("0.125"), Some(125));
        assert_eq!(quality("0"), Some(0));
        assert_eq!(quality("1.5"), None);
        assert_eq!(quality(".5"), None);
        assert_eq!(quality("0.1234"), None);
    }

    #[test]
    fn locales_name_languages() {
        assert_eq!(tag(locale("th_TH.UTF-8")), Some("th"));
        assert_eq!(tag(locale("ms_MY")), Some("ms"));
        assert_eq!(tag(locale("en_US.UTF-8@euro")), Some("en"));
        assert_eq!(tag(locale("C.UTF-8")), Some("en"));
        assert_eq!(tag(locale("POSIX")), Some("en"));
        assert_eq!(tag(locale("fr_FR.UTF-8")), None);
        assert_eq!(tag(locale("")), None);
    }

    #[test]
    fn the_first_locale_variable_set_decides() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.to_string())
            }
        };
        assert_eq!(environment(env(&[])).tag(), "en");
        assert_eq!(environment(env(&[("LANG", "th_TH.UTF-8")])).tag(), "th");
        assert_eq!(
            environment(env(&[("LANG", "th_TH.UTF-8"), ("LC_ALL", "ms_MY.UTF-8")])).tag(),
            "ms"
        );
        assert_eq!(
            environment(env(&[("LANG", "th_TH.UTF-8"), ("LC_MESSAGES", "ms_MY")])).tag(),
            "ms"
        );
        // Empty is unset; a language without a file, or C, means English.
        assert_eq!(
            environment(env(&[("LC_ALL", ""), ("LANG", "ms_MY.UTF-8")])).tag(),
            "ms"
        );
        assert_eq!(
            environment(env(&[("LC_ALL", "fr_FR.UTF-8"), ("LANG", "th_TH")])).tag(),
            "en"
        );
        assert_eq!(
            environment(env(&[("LC_ALL", "C"), ("LANG", "th_TH")])).tag(),
            "en"
        );
    }
}
