//! The pages' words written into their HTML, in the page's language, when the server starts:
//! a crawler, or a visitor whose browser runs no JavaScript, reads the page whole (its title,
//! description, links to the page in every language, the controls, the rules); the page's
//! script then only redoes what it draws (i18n.js's `translate`, which fills the same
//! attributes).
//!
//! What the page's HTML names, and what each becomes:
//! - `data-t="key"` on an empty element: the text of `key` inside it;
//! - `data-t-<attribute>="key"`: the attribute itself with the text of `key`
//!   (`data-t-aria-label` gives `aria-label`);
//! - `data-href="/rules"`: the link of that page in the language (`/th/rules`);
//! - `<title>`: the text of the body's `data-title`; before `</head>`, the description (the
//!   text of the body's `data-description`), the canonical link and an alternate link per
//!   language (absolute with the site's origin, `--public-origin`);
//! - `<select id="lang">`: every language, in its own words, this one chosen;
//! - `<div id="rules">` (the rules page): the rules' text, section by section
//!   (`halma_i18n::rules`), whose diagrams the page's script draws.

use halma_i18n::rules::rules;
use halma_i18n::{Catalog, catalogs};

/// `html`, the page at `path` (`/` or `/rules`), with its words in `catalog`'s language;
/// its links to itself (canonical, and in other languages) start with `origin` (the site's,
/// `https://NAME`, or empty for links relative to wherever the page was opened).
pub fn written(html: &str, catalog: &Catalog, path: &str, origin: &str) -> String {
    let mut html = texts(html, catalog);
    html = links(&html, catalog.tag());
    let title_key = attribute(&html, "<body", "data-title")
        .unwrap_or("page.title")
        .to_owned();
    let title = escape(catalog.text(&title_key));
    html = replace_between(&html, "<title>", "</title>", &title);
    let description = attribute(&html, "<body", "data-description").unwrap_or("page.description");
    let mut head = format!(
        "<meta name=\"description\" content=\"{}\">\n",
        escape(catalog.text(description))
    );
    head.push_str(&format!(
        "<link rel=\"canonical\" href=\"{origin}/{tag}{path}\">\n",
        tag = catalog.tag(),
    ));
    for other in catalogs() {
        head.push_str(&format!(
            "<link rel=\"alternate\" hreflang=\"{tag}\" href=\"{origin}/{tag}{path}\">\n",
            tag = other.tag(),
        ));
    }
    head.push_str(&format!(
        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{origin}{path}\">\n"
    ));
    html = html.replacen("</head>", &format!("{head}</head>"), 1);
    html = replace_between(
        &html,
        "<select id=\"lang\">",
        "</select>",
        &language_options(catalog),
    );
    if html.contains("<div id=\"rules\">") {
        html = replace_between(&html, "<div id=\"rules\">", "</div>", &rules_text(catalog));
    }
    html
}

/// Each `data-t` element's text and each `data-t-<attribute>`'s attribute.
fn texts(html: &str, catalog: &Catalog) -> String {
    let mut out = String::with_capacity(html.len() * 2);
    let mut rest = html;
    while let Some(at) = rest.find(" data-t") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let Some((name, key, after)) = parsed_attribute(&from[1..]) else {
            out.push_str(" data-t");
            rest = &from[" data-t".len()..];
            continue;
        };
        out.push(' ');
        out.push_str(&from[1..from.len() - after.len()]);
        let text = escape(catalog.text(key));
        rest = after;
        if name == "data-t" {
            // The element's text: after the tag's end, when the element is empty.
            if let Some(end) = rest.find('>') {
                out.push_str(&rest[..=end]);
                rest = &rest[end + 1..];
                if rest.starts_with("</") {
                    out.push_str(&text);
                }
            }
        } else if let Some(attribute) = name.strip_prefix("data-t-") {
            out.push_str(&format!(" {attribute}=\"{text}\""));
        }
    }
    out.push_str(rest);
    out
}

/// `name="value"` at the start of `text`: the name, the value and what follows.
fn parsed_attribute(text: &str) -> Option<(&str, &str, &str)> {
    let equals = text.find("=\"")?;
    let name = &text[..equals];
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return None;
    }
    let value_start = equals + 2;
    let close = value_start + text[value_start..].find('"')?;
    Some((name, &text[value_start..close], &text[close + 1..]))
}

/// Each `data-href="/path"` link's `href` in the language: `/th/path`.
fn links(html: &str, tag: &str) -> String {
    let mut out = html.to_owned();
    let mut from = 0;
    while let Some(at) = out[from..].find(" data-href=\"/").map(|at| from + at) {
        let start = at + " data-href=\"".len();
        let Some(end) = out[start..].find('"').map(|end| start + end) else {
            break;
        };
        let path = out[start..end].to_owned();
        let plain = format!(" href=\"{path}\"");
        let tag_end = out[end..].find('>').map_or(out.len(), |close| end + close);
        if let Some(href) = out[end..tag_end].find(&plain).map(|href| end + href) {
            let prefixed = format!(" href=\"/{tag}{}\"", if path == "/" { "/" } else { &path });
            out.replace_range(href..href + plain.len(), &prefixed);
        }
        from = end;
    }
    out
}

/// The value of the attribute `name` of the first tag that starts with `tag`.
fn attribute<'a>(html: &'a str, tag: &str, name: &str) -> Option<&'a str> {
    let start = html.find(tag)?;
    let end = start + html[start..].find('>')?;
    let open = &html[start..end];
    let pattern = format!(" {name}=\"");
    let value = open.find(&pattern)? + pattern.len();
    let close = value + open[value..].find('"')?;
    Some(&open[value..close])
}

/// `html` with what lies between the first `open` and the next `close` replaced by `inner`.
fn replace_between(html: &str, open: &str, close: &str, inner: &str) -> String {
    let Some(start) = html.find(open).map(|at| at + open.len()) else {
        return html.to_owned();
    };
    let Some(end) = html[start..].find(close).map(|at| start + at) else {
        return html.to_owned();
    };
    format!("{}{inner}{}", &html[..start], &html[end..])
}

/// An `<option>` per language, in its own words, `catalog`'s chosen.
fn language_options(catalog: &Catalog) -> String {
    catalogs()
        .iter()
        .map(|other| {
            let tag = other.tag();
            let selected = if tag == catalog.tag() {
                " selected"
            } else {
                ""
            };
            format!(
                "<option value=\"{tag}\" lang=\"{tag}\"{selected}>{}</option>",
                escape(other.name())
            )
        })
        .collect()
}

/// The rules' text: the introduction, the table of contents, each section's title,
/// paragraphs and diagram's caption.
fn rules_text(catalog: &Catalog) -> String {
    let rules = rules();
    let paragraph = |key: &str| format!("<p>{}</p>\n", escape(catalog.text(key)));
    let mut out = String::new();
    for key in &rules.intro {
        out.push_str(&paragraph(key));
    }
    out.push_str("<ol class=\"toc\">\n");
    for section in &rules.sections {
        out.push_str(&format!(
            "<li><a href=\"#{}\">{}</a></li>\n",
            section.id,
            escape(catalog.text(&section.title))
        ));
    }
    out.push_str("</ol>\n");
    for section in &rules.sections {
        out.push_str(&format!(
            "<section id=\"{}\">\n<h2>{}</h2>\n",
            section.id,
            escape(catalog.text(&section.title))
        ));
        for key in &section.paragraphs {
            out.push_str(&paragraph(key));
        }
        if let Some(diagram) = &section.diagram {
            out.push_str(&format!(
                "<figure class=\"diagram\"><figcaption>{}</figcaption></figure>\n",
                escape(catalog.text(&diagram.caption))
            ));
        }
        out.push_str("</section>\n");
    }
    out
}

/// `text` safe in HTML's text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_i18n::find;

    const PAGE: &str = "<html lang=\"en\">\n<head>\n<title>Halma</title>\n</head>\n\
        <body data-title=\"page.title\" data-description=\"page.description\">\n<h1 data-t=\"page.heading\"></h1>\n\
        <a id=\"r\" data-href=\"/rules\" href=\"/rules\" data-t=\"page.rules\"></a>\n\
        <button id=\"b\" data-t-aria-label=\"page.replay.first\" data-t-title=\"page.replay.first\">«</button>\n\
        <select id=\"lang\"></select>\n<div id=\"rules\"><p>…</p></div>\n</body>\n</html>\n";

    #[test]
    fn every_text_of_the_page_is_written_in_its_language() {
        let thai = find("th").unwrap();
        let html = written(PAGE, thai, "/rules", "");
        let text = |key| escape(thai.text(key));
        assert!(html.contains(&format!("<title>{}</title>", text("page.title"))));
        assert!(html.contains(&format!(
            "<h1 data-t=\"page.heading\">{}</h1>",
            text("page.heading")
        )));
        assert!(html.contains(&format!(
            "<a id=\"r\" data-href=\"/rules\" href=\"/th/rules\" data-t=\"page.rules\">{}</a>",
            text("page.rules")
        )));
        let first = text("page.replay.first");
        assert!(html.contains(&format!(
            "data-t-aria-label=\"page.replay.first\" aria-label=\"{first}\" \
             data-t-title=\"page.replay.first\" title=\"{first}\">«</button>"
        )));
        assert!(html.contains(&format!(
            "<meta name=\"description\" content=\"{}\">",
            text("page.description")
        )));
        for other in catalogs() {
            let tag = other.tag();
            assert!(html.contains(&format!(
                "<link rel=\"alternate\" hreflang=\"{tag}\" href=\"/{tag}/rules\">"
            )));
            assert!(html.contains(&format!("<option value=\"{tag}\" lang=\"{tag}\"")));
        }
        assert!(html.contains("<link rel=\"canonical\" href=\"/th/rules\">"));
        let site = written(PAGE, thai, "/", "https://halma.example");
        assert!(site.contains("<link rel=\"canonical\" href=\"https://halma.example/th/\">"));
        assert!(site.contains(
            "<link rel=\"alternate\" hreflang=\"en\" href=\"https://halma.example/en/\">"
        ));
        assert!(site.contains(
            "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://halma.example/\">"
        ));
        assert!(html.contains("<option value=\"th\" lang=\"th\" selected>ไทย</option>"));
        // The rules whole: every text they name, and nothing in English.
        for key in rules().keys().into_iter().skip(1) {
            assert!(html.contains(&text(key)), "{key}");
        }
        assert!(!html.contains(&escape(english_text("rules.intro"))));
    }

    fn english_text(key: &'static str) -> &'static str {
        halma_i18n::english().text(key)
    }

    #[test]
    fn texts_are_escaped_and_odd_markup_is_left_alone() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
        let english = find("en").unwrap();
        // A data-t whose element is not empty keeps its content; one without a value is
        // left as written.
        let html = texts("<p data-t=\"page.hint\">x</p><p data-t>y</p>", english);
        assert_eq!(html, "<p data-t=\"page.hint\">x</p><p data-t>y</p>");
        assert_eq!(
            links("<a data-href=\"/\" href=\"/\">", "ms"),
            "<a data-href=\"/\" href=\"/ms/\">"
        );
    }
}
