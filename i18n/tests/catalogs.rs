//! Every language file against English, the model: the same keys, the same names in braces,
//! no empty text, no duplicate key, English only where it belongs; and the rules' structure
//! and diagrams against the files and the engine.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use halma::{Game, Outcome, Position, Side, Square};
use halma_i18n::{Catalog, RULES_JSON, Rules, catalogs, english, placeholders};
use serde::de::{Deserializer, MapAccess, Visitor};

/// The keys of a JSON object in the order written, duplicates kept.
fn keys_as_written(source: &str) -> Vec<String> {
    struct Keys;
    impl<'de> Visitor<'de> for Keys {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object of strings")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
            let mut keys = Vec::new();
            while let Some((key, _)) = map.next_entry::<String, String>()? {
                keys.push(key);
            }
            Ok(keys)
        }
    }
    let mut deserializer = serde_json::Deserializer::from_str(source);
    deserializer
        .deserialize_map(Keys)
        .unwrap_or_else(|error| panic!("not an object of strings: {error}"))
}

#[test]
fn there_are_english_thai_and_malay() {
    let tags: Vec<&str> = catalogs().iter().map(Catalog::tag).collect();
    assert_eq!(tags, ["en", "ms", "th"]);
    let names: Vec<&str> = catalogs().iter().map(Catalog::name).collect();
    assert_eq!(names, ["English", "Bahasa Melayu", "ไทย"]);
}

#[test]
fn every_file_is_an_object_of_strings_without_duplicate_keys() {
    for catalog in catalogs() {
        let parsed = halma_i18n::parse(catalog.source())
            .unwrap_or_else(|error| panic!("{catalog}.json: {error}"));
        let written = keys_as_written(catalog.source());
        let unique: BTreeSet<&String> = written.iter().collect();
        assert_eq!(
            unique.len(),
            written.len(),
            "{catalog}.json has a key twice"
        );
        assert_eq!(parsed.len(), written.len(), "{catalog}");
        assert_eq!(&parsed, catalog.messages(), "{catalog}");
    }
}

#[test]
fn every_language_has_every_key_of_english_and_no_other() {
    let model: BTreeSet<&String> = english().messages().keys().collect();
    for catalog in catalogs() {
        let keys: BTreeSet<&String> = catalog.messages().keys().collect();
        let missing: Vec<_> = model.difference(&keys).collect();
        let extra: Vec<_> = keys.difference(&model).collect();
        assert!(missing.is_empty(), "{catalog}.json lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{catalog}.json has keys English lacks: {extra:?}"
        );
    }
}

#[test]
fn every_text_names_what_english_names_in_braces() {
    for catalog in catalogs() {
        for (key, text) in catalog.messages() {
            let mut names = placeholders(text);
            let mut model = placeholders(english().text(key));
            names.sort();
            model.sort();
            assert_eq!(names, model, "{catalog}.json {key}: {text:?}");
            for name in &names {
                assert!(
                    !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                    "{catalog}.json {key}: bad name {{{name}}}"
                );
            }
            // Every brace belongs to a name.
            let opened = text.matches('{').count();
            let closed = text.matches('}').count();
            assert!(
                opened == names.len() && closed == names.len(),
                "{catalog}.json {key}: a stray brace in {text:?}"
            );
        }
    }
}

#[test]
fn no_text_is_empty_or_padded() {
    for catalog in catalogs() {
        for (key, text) in catalog.messages() {
            assert!(!text.is_empty(), "{catalog}.json {key} is empty");
            if key != "page.separator" {
                assert_eq!(
                    text.trim(),
                    text,
                    "{catalog}.json {key} has spaces around it"
                );
            }
        }
    }
}

/// Latin words a Thai text may hold: names of keys and of variables, options, command
/// words, the names of the sides and the squares (too short to count anyway).
const THAI_MAY_HOLD: &[&str] = &[
    "ctrl", "enter", "space", "escape", "home", "end", "help", "play", "movetime", "depth",
    "nodes", "lang", "color", "all", "messages",
];

#[test]
fn thai_texts_are_thai() {
    let thai = halma_i18n::find("th").expect("th.json");
    let commands: BTreeSet<String> = thai
        .messages()
        .iter()
        .filter(|(key, _)| key.starts_with("play.command."))
        .flat_map(|(_, words)| halma_i18n::check::words(words))
        .collect();
    for (key, text) in thai.messages() {
        if key.starts_with("play.command.") || key == "page.separator" {
            continue;
        }
        assert!(
            text.chars().any(|c| ('\u{0E00}'..='\u{0E7F}').contains(&c)),
            "th.json {key} has no Thai in it: {text:?}"
        );
        for word in halma_i18n::check::words(text) {
            assert!(
                THAI_MAY_HOLD.contains(&word.as_str()) || commands.contains(&word),
                "th.json {key}: the Latin word {word:?} in {text:?}"
            );
        }
    }
}

/// Words that Malay shares with the English texts: names, key caps, options, and Malay words
/// spelled like English ones ("had", a limit; "all" and "program" too).
const MALAY_SHARES: &[&str] = &[
    "halma", "ctrl", "enter", "space", "escape", "home", "end", "help", "play", "movetime",
    "depth", "nodes", "lang", "color", "all", "messages", "terminal", "input", "output", "program",
    "had",
];

#[test]
fn malay_texts_use_english_words_only_where_malay_does() {
    let malay = halma_i18n::find("ms").expect("ms.json");
    let english_words: BTreeSet<String> = english()
        .messages()
        .values()
        .flat_map(|text| halma_i18n::check::words(text))
        .collect();
    let mut found = Vec::new();
    for (key, text) in malay.messages() {
        if key.starts_with("play.command.") {
            continue;
        }
        for word in halma_i18n::check::words(text) {
            if english_words.contains(&word) && !MALAY_SHARES.contains(&word.as_str()) {
                found.push(format!("{key}: {word}"));
            }
        }
    }
    assert!(found.is_empty(), "English words in ms.json: {found:#?}");
}

#[test]
fn command_words_are_one_word_each_and_never_a_move_or_a_square() {
    for catalog in catalogs() {
        let mut seen = BTreeMap::new();
        for (key, words) in catalog.messages() {
            let Some(command) = key.strip_prefix("play.command.") else {
                continue;
            };
            for word in words.split_whitespace() {
                assert_eq!(
                    word.to_lowercase(),
                    word,
                    "{catalog}.json {key}: lower case"
                );
                assert!(
                    !word.contains('-'),
                    "{catalog}.json {key}: {word} reads as a move"
                );
                assert!(
                    word.parse::<Square>().is_err(),
                    "{catalog}.json {key}: a square"
                );
                if let Some(other) = seen.insert(word.to_owned(), command) {
                    assert_eq!(other, command, "{catalog}.json: {word} names two commands");
                }
            }
        }
        // A word of one command is never the English word of another.
        for (word, command) in &seen {
            let english_owner = english()
                .messages()
                .iter()
                .find(|(key, words)| {
                    key.starts_with("play.command.") && words.split_whitespace().any(|w| w == word)
                })
                .map(|(key, _)| &key["play.command.".len()..]);
            if let Some(owner) = english_owner {
                assert_eq!(
                    owner, *command,
                    "{catalog}.json: {word} is English for {owner}"
                );
            }
        }
    }
}

#[test]
fn the_rules_name_only_keys_that_exist() {
    let rules = Rules::parse(RULES_JSON).expect("rules.json");
    assert!(rules.sections.len() >= 7);
    for key in rules.keys() {
        assert!(
            english().messages().contains_key(key),
            "rules.json names {key}"
        );
    }
    // And every rules text is in the rules.
    let named: BTreeSet<&str> = rules.keys().into_iter().collect();
    for key in english().messages().keys() {
        if key.starts_with("rules.") {
            assert!(
                named.contains(key.as_str()),
                "{key} is in no section of rules.json"
            );
        }
    }
    let ids: BTreeSet<&str> = rules.sections.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids.len(), rules.sections.len(), "section ids are unique");
}

fn square(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|error| panic!("rules.json: {error}"))
}

fn names(squares: impl IntoIterator<Item = Square>) -> BTreeSet<String> {
    squares.into_iter().map(|s| s.to_string()).collect()
}

#[test]
fn every_diagram_shows_what_the_engine_says() {
    let rules_tests = include_str!("../../tests/rules.rs");
    let rules = Rules::parse(RULES_JSON).expect("rules.json");
    let mut diagrams = 0;
    for section in &rules.sections {
        let Some(diagram) = &section.diagram else {
            continue;
        };
        diagrams += 1;
        let id = &section.id;
        assert!(
            rules_tests.contains(&format!("fn {}()", diagram.test)),
            "{id}: no test {} in tests/rules.rs",
            diagram.test
        );
        let position: Position = diagram
            .position
            .parse()
            .unwrap_or_else(|error| panic!("{id}: {error}"));
        let (low, high) = diagram.view.split_once('-').expect("view: from-to");
        let (low, high) = (square(low), square(high));
        assert!(
            low.file_of() <= high.file_of() && low.rank_of() <= high.rank_of(),
            "{id}: view"
        );
        let inside = |s: Square| {
            (low.file_of()..=high.file_of()).contains(&s.file_of())
                && (low.rank_of()..=high.rank_of()).contains(&s.rank_of())
        };
        let marked = diagram
            .destinations
            .iter()
            .chain(&diagram.forbidden)
            .chain(&diagram.path)
            .chain(&diagram.piece);
        for name in marked {
            assert!(inside(square(name)), "{id}: {name} is outside the view");
        }
        let Some(piece) = &diagram.piece else {
            assert!(diagram.destinations.is_empty() && diagram.path.is_empty());
            continue;
        };
        let from = square(piece);
        assert_eq!(
            position.piece_at(from),
            Some(position.turn()),
            "{id}: {piece}"
        );
        let reachable = names(position.destinations(from).iter());
        if !diagram.destinations.is_empty() {
            assert_eq!(
                names(diagram.destinations.iter().map(|s| square(s))),
                reachable,
                "{id}: the destinations of {piece}"
            );
        }
        for name in &diagram.forbidden {
            assert!(!reachable.contains(name), "{id}: {piece} can reach {name}");
        }
        let mut game = Game::from_position(position);
        if !diagram.path.is_empty() {
            assert_eq!(
                &diagram.path[0], piece,
                "{id}: the path starts at the piece"
            );
            let to = square(diagram.path.last().expect("a path"));
            let mv = halma::Move::new(from, to);
            let path: Vec<String> = position
                .jump_path(mv)
                .unwrap_or_else(|| panic!("{id}: {mv} is not legal"))
                .iter()
                .map(Square::to_string)
                .collect();
            assert_eq!(path, diagram.path, "{id}: the hop path");
            game.play(mv).expect("legal");
        }
        match diagram.outcome.as_deref() {
            None => assert_eq!(game.outcome(), Outcome::Ongoing, "{id}"),
            Some("win") => assert_eq!(game.outcome(), Outcome::Win(Side::X), "{id}"),
            Some("no_moves") => {
                assert_eq!(game.outcome(), Outcome::Draw(halma::Draw::NoMoves), "{id}");
                assert!(reachable.is_empty(), "{id}: {piece} is not walled in");
            }
            Some(other) => panic!("{id}: unknown outcome {other}"),
        }
    }
    assert!(diagrams >= 6, "{diagrams} diagrams");
    assert!(
        rules
            .sections
            .iter()
            .any(|s| s.diagram.as_ref().is_some_and(|d| d.playable))
    );
}
